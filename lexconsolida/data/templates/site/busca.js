/* Busca estática do diário oficial: índice invertido gerado na construção do site
   (busca/meta.json, busca/t-XX.json por prefixo do termo, busca/d-N.json com os trechos).
   Sem dependências externas. */
(function () {
  "use strict";
  var form = document.getElementById("form-busca");
  if (!form) { return; }
  var input = document.getElementById("q");
  var status = document.getElementById("situacao-busca");
  var list = document.getElementById("resultados");
  var LIMIT = 50;
  var cache = {};

  function getJSON(name) {
    if (!cache[name]) {
      cache[name] = fetch("busca/" + name).then(function (r) {
        if (!r.ok) { throw new Error("HTTP " + r.status); }
        return r.json();
      });
    }
    return cache[name];
  }

  function normalize(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function termsOf(query) {
    var seen = {}, out = [];
    normalize(query).split(/[^a-z0-9]+/).forEach(function (t) {
      if (t.length >= 2 && !seen[t]) { seen[t] = true; out.push(t); }
    });
    return out;
  }

  function postings(meta, term) {
    var key = term.slice(0, 2);
    if (meta.shards.indexOf(key) < 0) { return Promise.resolve([]); }
    return getJSON("t-" + key + ".json").then(function (shard) {
      var docs = {};
      Object.keys(shard).forEach(function (word) {
        if (word.lastIndexOf(term, 0) === 0) {
          shard[word].forEach(function (d) { docs[d] = true; });
        }
      });
      return Object.keys(docs).map(Number);
    });
  }

  function intersect(lists) {
    lists.sort(function (a, b) { return a.length - b.length; });
    var result = lists[0];
    for (var i = 1; i < lists.length; i++) {
      var set = {};
      lists[i].forEach(function (d) { set[d] = true; });
      result = result.filter(function (d) { return set[d]; });
    }
    return result.sort(function (a, b) { return a - b; });
  }

  function show(meta, docs, total) {
    var chunks = {};
    docs.forEach(function (d) { chunks[Math.floor(d / meta.chunk)] = true; });
    var names = Object.keys(chunks);
    return Promise.all([getJSON("atos.json")].concat(names.map(function (c) {
      return getJSON("d-" + c + ".json");
    }))).then(function (loaded) {
      var atos = loaded[0], byChunk = {};
      names.forEach(function (c, i) { byChunk[c] = loaded[i + 1]; });
      list.textContent = "";
      docs.forEach(function (d) {
        var rec = byChunk[Math.floor(d / meta.chunk)][d % meta.chunk];
        var ato = atos[rec[0]];
        var li = document.createElement("li");
        var a = document.createElement("a");
        a.href = ato[0] + "/index.html" + (rec[1] ? "#" + rec[1] : "");
        a.textContent = ato[1] + (rec[2] ? " — " + rec[2] : "");
        li.appendChild(a);
        var span = document.createElement("span");
        span.className = "trecho";
        span.textContent = rec[3];
        li.appendChild(span);
        list.appendChild(li);
      });
      status.textContent = total === 0 ? "Nenhum dispositivo encontrado." :
        (total === 1 ? "1 dispositivo encontrado." : total + " dispositivos encontrados") +
        (total > LIMIT ? "; mostrando os " + LIMIT + " primeiros." : (total === 1 ? "" : "."));
    });
  }

  function search(query) {
    var terms = termsOf(query);
    list.textContent = "";
    if (terms.length === 0) {
      status.textContent = "Digite ao menos uma palavra com duas letras ou mais.";
      return Promise.resolve();
    }
    status.textContent = "Buscando…";
    return getJSON("meta.json").then(function (meta) {
      return Promise.all(terms.map(function (t) { return postings(meta, t); })).then(function (lists) {
        var docs = intersect(lists);
        return show(meta, docs.slice(0, LIMIT), docs.length);
      });
    }).catch(function () {
      status.textContent = "Não foi possível carregar o índice de busca.";
    });
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var q = input.value;
    if (window.history && window.history.replaceState) {
      window.history.replaceState(null, "", "?q=" + encodeURIComponent(q));
    }
    search(q);
  });

  var initial = new URLSearchParams(window.location.search).get("q");
  if (initial) {
    input.value = initial;
    search(initial);
  }
}());
