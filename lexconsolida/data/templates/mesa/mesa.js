// Mesa de revisão: atalhos de teclado e prévia ao vivo. A página funciona sem este script.
(function () {
  "use strict";

  function typing(el) {
    if (!el) return false;
    var tag = el.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || el.isContentEditable;
  }

  function shortcut(key) {
    return document.querySelector('[data-atalho="' + key + '"]');
  }

  function moveInQueue(step) {
    var links = Array.prototype.slice.call(document.querySelectorAll("table.fila a.abrir"));
    if (!links.length) return false;
    var i = links.indexOf(document.activeElement);
    var next = i < 0 ? (step > 0 ? 0 : links.length - 1) : Math.min(links.length - 1, Math.max(0, i + step));
    links[next].focus();
    links[next].scrollIntoView({ block: "nearest" });
    return true;
  }

  function openForm(key) {
    var summary = shortcut(key);
    if (!summary) return false;
    var details = summary.parentElement;
    details.open = true;
    var field = details.querySelector("input[type=radio], select, textarea");
    (field || summary).focus();
    return true;
  }

  document.addEventListener("keydown", function (ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || typing(ev.target)) return;
    var done = false;
    switch (ev.key) {
      case "j": done = moveInQueue(1); break;
      case "k": done = moveInQueue(-1); break;
      case "/":
        var filter = document.getElementById("f-ato");
        if (filter) { filter.focus(); done = true; }
        break;
      case "g": case "[": case "]":
        var link = shortcut(ev.key);
        if (link) { link.click(); done = true; }
        break;
      case "a":
        var approve = document.querySelector("#form-aprovar button[type=submit]");
        if (approve) { approve.focus(); approve.scrollIntoView({ block: "center" }); done = true; }
        break;
      case "o": case "n": case "r": case "d":
        done = openForm(ev.key);
        break;
    }
    if (done) ev.preventDefault();
  });

  // texto entre aspas escolhido: preenche o rótulo e o texto da operação
  document.querySelectorAll("select.trecho").forEach(function (sel) {
    sel.addEventListener("change", function () {
      var opt = sel.options[sel.selectedIndex];
      var n = sel.getAttribute("data-linha");
      if (!opt || !opt.value) return;
      var rotulo = document.getElementById("rotulo_" + n);
      var texto = document.getElementById("texto_" + n);
      var tipo = document.getElementById("tipo_" + n);
      if (tipo && tipo.value === "inclusao" && rotulo) rotulo.value = opt.getAttribute("data-rotulo") || "";
      if (texto) texto.value = opt.getAttribute("data-texto") || "";
      sel.form.dispatchEvent(new Event("input"));
    });
  });

  // prévia ao vivo: o resultado da escolha, antes de gravar
  document.querySelectorAll("form[data-previa]").forEach(function (form) {
    var box = form.querySelector(".previa-viva");
    var token = form.querySelector("input[name=previa]");
    var timer = null;
    var seq = 0;  // only the answer to the latest request counts
    var shown = null;  // the choices whose result is on screen
    function choices() {
      var data = new FormData(form);
      data.delete("previa");
      return new URLSearchParams(data).toString();
    }
    function refresh() {
      var mine = ++seq;
      var asked = choices();
      var data = new FormData(form);
      fetch(form.getAttribute("data-previa"), {
        method: "POST", body: data, credentials: "same-origin",
        headers: { "X-Mesa-Previa": "1" }
      }).then(function (r) { return r.text(); }).then(function (html) {
        if (mine !== seq) return;
        box.innerHTML = html;
        var res = box.querySelector(".previa-resultado");
        token.value = res ? res.getAttribute("data-token") : "";
        shown = res ? asked : null;
      }).catch(function () { if (mine === seq) token.value = ""; });
    }
    function later() {
      if (shown !== null && choices() === shown) return;  // e.g. a change event on leaving a field
      seq++;
      shown = null;
      token.value = "";
      if (timer) clearTimeout(timer);
      timer = setTimeout(refresh, 350);
    }
    form.addEventListener("input", later);
    form.addEventListener("change", later);
  });
})();
