/* Busca estática do diário oficial: índice invertido gerado na construção do site
   (busca/meta.json, busca/t-XX.json por prefixo do termo, busca/d-N.json com os trechos).
   Sem dependências externas. */
(function () {
  "use strict";
  var form = document.getElementById("form-busca");
  if (!form) { return; }
  var input = document.getElementById("q");
  var bySituacao = document.getElementById("situacao");
  var byTipo = document.getElementById("tipo");
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

  var STOP = {};
  ("de da do das dos em no na nos nas por para com ao aos as os um uma que se ou e o a " +
   "sua seu suas seus pelo pela pelos pelas").split(" ").forEach(function (w) { STOP[w] = true; });

  function termsOf(query) {
    var seen = {}, out = [];
    normalize(query).split(/[^a-z0-9]+/).forEach(function (t) {
      if (t.length >= 2 && !seen[t] && !STOP[t]) { seen[t] = true; out.push(t); }
    });
    return out;
  }

  /* A citation of a dispositivo in the query ("art 55 § 13", "§ 13 do art. 55", "inciso II do
     art. 5º", "art. 5º-A, parágrafo único") as its LexML id ("art55_par13"), and the rest of
     the query. */
  var ROMAN = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };
  function roman(s) {
    var total = 0;
    for (var i = 0; i < s.length; i++) {
      var v = ROMAN[s[i]], next = ROMAN[s[i + 1]] || 0;
      total += v < next ? -v : v;
    }
    return total;
  }
  var PARTS = [
    ["art", /\bart(?:igo)?s?\.?\s*(\d+)\s*[º°o]?(?:\s*-\s*([a-z])\b)?/],
    ["unico", /\bpar(?:agrafo)?\.?\s+unico\b/],
    ["par", /(?:§|\bpar(?:agrafo)?\.?)\s*(\d+)\s*[º°o]?/],
    ["inc", /\binc(?:iso)?\.?\s+([ivxlcdm]+)\b/],
    ["ali", /\bal(?:inea)?\.?\s+["“']?([a-z])\b["”']?/]
  ];
  function citation(query) {
    var q = normalize(query), found = {};
    PARTS.forEach(function (p) {
      var m = p[1].exec(q);
      if (m) { found[p[0]] = m; q = q.slice(0, m.index) + " " + q.slice(m.index + m[0].length); }
    });
    if (!found.art) { return null; }
    var a = found.art, article = a[1] + (a[2] ? "-" + (a[2].charCodeAt(0) - 96) : "");
    var id = "art" + article;
    var under = false;
    if (found.unico) { id += "_par1u"; under = true; }
    else if (found.par) { id += "_par" + found.par[1]; under = true; }
    if (found.inc) { id += (under ? "" : "_cpt") + "_inc" + roman(found.inc[1]); }
    if (found.ali) { id += "_ali" + (found.ali[1].charCodeAt(0) - 96); }
    return { article: article, id: id, rest: q.replace(/\b(?:do|da|de|dos|das)\b/g, " ") };
  }

  function byCitation(meta, cit) {
    if ((meta.artigos || []).indexOf(cit.article) < 0) { return Promise.resolve([]); }
    return getJSON("a-" + cit.article + ".json").then(function (ids) {
      var docs = [];
      Object.keys(ids).forEach(function (id) {
        var target = id.replace(/_cpt$/, "");
        if (target === cit.id || id.lastIndexOf(cit.id + "_", 0) === 0) {
          docs = docs.concat(ids[id]);
        }
      });
      return docs;
    });
  }

  /* The excerpt with every word that a query term starts marked (<mark>), built as DOM nodes. */
  function highlighted(text, terms) {
    var frag = document.createDocumentFragment();
    text.split(/([^\s.,;:!?()\[\]"“”'‘’]+)/).forEach(function (piece) {
      var word = normalize(piece).replace(/[^a-z0-9]/g, "");
      var hit = word && terms.some(function (t) { return word.lastIndexOf(t, 0) === 0; });
      if (hit) {
        var mark = document.createElement("mark");
        mark.textContent = piece;
        frag.appendChild(mark);
      } else {
        frag.appendChild(document.createTextNode(piece));
      }
    });
    return frag;
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

  /* atos.json: [path, title, first doc, status codes, type] per act; an act's docs are
     numbered from its first doc on. */
  function actOf(atos, doc) {
    var lo = 0, hi = atos.length - 1;
    while (lo < hi) {
      var mid = (lo + hi + 1) >> 1;
      if (atos[mid][2] <= doc) { lo = mid; } else { hi = mid - 1; }
    }
    return lo;
  }

  function wanted(ato) {
    var s = bySituacao ? bySituacao.value : "", t = byTipo ? byTipo.value : "";
    return (!s || (ato[3] || []).indexOf(s) >= 0) && (!t || ato[4] === t);
  }

  function filtering() {
    return (bySituacao && bySituacao.value) || (byTipo && byTipo.value);
  }

  function labelOf(code) {
    if (!bySituacao) { return code; }
    for (var i = 0; i < bySituacao.options.length; i++) {
      if (bySituacao.options[i].value === code) { return bySituacao.options[i].textContent; }
    }
    return code;
  }

  function fillTypes(meta) {
    if (!byTipo || byTipo.options.length > 1) { return; }
    (meta.tipos || []).forEach(function (t) {
      var o = document.createElement("option");
      o.value = t; o.textContent = t;
      byTipo.appendChild(o);
    });
  }

  /* Without words, the filters list the acts themselves. */
  function listActs(atos) {
    var found = atos.filter(wanted);
    list.textContent = "";
    found.slice(0, LIMIT).forEach(function (ato) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = ato[0] + "/index.html";
      a.textContent = ato[1];
      li.appendChild(a);
      var codes = (ato[3] || []).filter(function (c) { return c !== "vigente"; });
      if (codes.length) {
        var span = document.createElement("span");
        span.className = "trecho";
        span.textContent = codes.map(labelOf).join("; ");
        li.appendChild(span);
      }
      list.appendChild(li);
    });
    var n = found.length;
    status.textContent = n === 0 ? "Nenhum ato encontrado." :
      (n === 1 ? "1 ato encontrado." : n + " atos encontrados") +
      (n > LIMIT ? "; mostrando os " + LIMIT + " primeiros." : (n === 1 ? "" : "."));
  }

  function show(meta, docs, total, terms, cited) {
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
        a.appendChild(document.createTextNode(ato[1] + (rec[2] ? " — " : "")));
        if (rec[2]) {
          var label = document.createElement(cited ? "mark" : "span");
          label.textContent = rec[2];
          a.appendChild(label);
        }
        li.appendChild(a);
        var span = document.createElement("span");
        span.className = "trecho";
        span.appendChild(highlighted(rec[3], terms));
        li.appendChild(span);
        list.appendChild(li);
      });
      status.textContent = total === 0 ? "Nenhum dispositivo encontrado." :
        (total === 1 ? "1 dispositivo encontrado." : total + " dispositivos encontrados") +
        (total > LIMIT ? "; mostrando os " + LIMIT + " primeiros." : (total === 1 ? "" : "."));
    });
  }

  function search(query) {
    var cit = citation(query);
    var terms = termsOf(cit ? cit.rest : query);
    list.textContent = "";
    if (terms.length === 0 && !cit && !filtering()) {
      status.textContent = "Digite ao menos uma palavra com duas letras ou mais, ou escolha uma situação ou um tipo.";
      return Promise.resolve();
    }
    status.textContent = "Buscando…";
    return Promise.all([getJSON("meta.json"), getJSON("atos.json")]).then(function (loaded) {
      var meta = loaded[0], atos = loaded[1];
      fillTypes(meta);
      if (terms.length === 0 && !cit) { return listActs(atos); }
      var lists = terms.map(function (t) { return postings(meta, t); });
      if (cit) { lists.push(byCitation(meta, cit)); }
      return Promise.all(lists).then(function (found) {
        var docs = intersect(found);
        if (filtering()) {
          docs = docs.filter(function (d) { return wanted(atos[actOf(atos, d)]); });
        }
        return show(meta, docs.slice(0, LIMIT), docs.length, terms, !!cit);
      });
    }).catch(function () {
      status.textContent = "Não foi possível carregar o índice de busca.";
    });
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var q = input.value;
    if (window.history && window.history.replaceState) {
      var params = new URLSearchParams();
      if (q) { params.set("q", q); }
      if (bySituacao && bySituacao.value) { params.set("situacao", bySituacao.value); }
      if (byTipo && byTipo.value) { params.set("tipo", byTipo.value); }
      window.history.replaceState(null, "", "?" + params.toString());
    }
    search(q);
  });

  var params = new URLSearchParams(window.location.search);
  var initial = params.get("q") || "";
  if (bySituacao && params.get("situacao")) { bySituacao.value = params.get("situacao"); }
  getJSON("meta.json").then(function (meta) {
    fillTypes(meta);
    if (byTipo && params.get("tipo")) { byTipo.value = params.get("tipo"); }
    if (initial || filtering()) {
      input.value = initial;
      search(initial);
    }
  }).catch(function () {
    if (initial) { input.value = initial; search(initial); }
  });
}());
