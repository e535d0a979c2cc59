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
    if (terms.length === 0 && !cit) {
      status.textContent = "Digite ao menos uma palavra com duas letras ou mais.";
      return Promise.resolve();
    }
    status.textContent = "Buscando…";
    return getJSON("meta.json").then(function (meta) {
      var lists = terms.map(function (t) { return postings(meta, t); });
      if (cit) { lists.push(byCitation(meta, cit)); }
      return Promise.all(lists).then(function (found) {
        var docs = intersect(found);
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
