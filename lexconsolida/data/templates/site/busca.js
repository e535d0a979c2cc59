/* Busca estática do diário oficial: índice invertido gerado na construção do site
   (busca/meta.json, busca/t-XX.json por prefixo do termo, busca/d-N.json com os trechos).
   Sem dependências externas.

   Ordem dos resultados (lexconsolida/site/search.py, RANK, em meta.json "ordem"): atos em vigor
   primeiro, depois os com algo pendente, os sem texto, os revogados e as proposições; dentro de
   cada grupo, o ato mais recente primeiro, e os dispositivos de um ato na ordem do texto.
   Páginas de 50 resultados; cada opção dos filtros diz quantos resultados daria. */
(function () {
  "use strict";
  var form = document.getElementById("form-busca");
  if (!form) { return; }
  var input = document.getElementById("q");
  var bySituacao = document.getElementById("situacao");
  var byTipo = document.getElementById("tipo");
  var status = document.getElementById("situacao-busca");
  var list = document.getElementById("resultados");
  var pager = document.getElementById("paginas-busca");
  var PER_PAGE = 50;
  var cache = {};
  var last = null;  /* the hits of the last search, ranked and filtered: {items, kind, terms, cited} */

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

  function milhar(n) {
    return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
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

  /* atos.json: [path, title, first doc, status codes (main first), type, date, status label]
     per act; an act's docs are numbered from its first doc on. */
  function actOf(atos, doc) {
    var lo = 0, hi = atos.length - 1;
    while (lo < hi) {
      var mid = (lo + hi + 1) >> 1;
      if (atos[mid][2] <= doc) { lo = mid; } else { hi = mid - 1; }
    }
    return lo;
  }

  function mainCode(ato) { return (ato[3] || [])[0] || ""; }

  function wanted(ato, ignoreSituacao, ignoreTipo) {
    var s = bySituacao && !ignoreSituacao ? bySituacao.value : "";
    var t = byTipo && !ignoreTipo ? byTipo.value : "";
    return (!s || mainCode(ato) === s) && (!t || ato[4] === t);
  }

  function filtering() {
    return (bySituacao && bySituacao.value) || (byTipo && byTipo.value);
  }

  function fillTypes(meta) {
    if (!byTipo || byTipo.options.length > 1) { return; }
    (meta.tipos || []).forEach(function (t) {
      var o = document.createElement("option");
      o.value = t; o.textContent = t;
      byTipo.appendChild(o);
    });
  }

  /* Each filter choice says how many hits it gives with the other filter as it is. */
  function countFilters(atos, actsOfHits) {
    var bySit = {}, byType = {}, allSit = 0, allType = 0;
    actsOfHits.forEach(function (i) {
      var ato = atos[i];
      if (wanted(ato, true, false)) { bySit[mainCode(ato)] = (bySit[mainCode(ato)] || 0) + 1; allSit++; }
      if (wanted(ato, false, true)) { byType[ato[4]] = (byType[ato[4]] || 0) + 1; allType++; }
    });
    [[bySituacao, bySit, allSit], [byTipo, byType, allType]].forEach(function (f) {
      var select = f[0];
      if (!select) { return; }
      for (var i = 0; i < select.options.length; i++) {
        var o = select.options[i];
        if (!o.dataset.rotulo) { o.dataset.rotulo = o.textContent; }
        var n = o.value ? (f[1][o.value] || 0) : f[2];
        o.textContent = o.dataset.rotulo + " (" + milhar(n) + ")";
      }
    });
  }

  function clearCounts() {
    [bySituacao, byTipo].forEach(function (select) {
      if (!select) { return; }
      for (var i = 0; i < select.options.length; i++) {
        var o = select.options[i];
        if (o.dataset.rotulo) { o.textContent = o.dataset.rotulo; }
      }
    });
  }

  /* Hits ranked: acts in force first (meta.ordem by the act's main status), the most recent act
     first within a group, an act's hits in the order of its text. */
  function ranked(meta, atos, items) {
    var order = meta.ordem || {};
    function rank(i) { var r = order[mainCode(atos[i])]; return r === undefined ? 9 : r; }
    return items.slice().sort(function (a, b) {
      var ra = rank(a.ato), rb = rank(b.ato);
      if (ra !== rb) { return ra - rb; }
      var da = atos[a.ato][5] || "", db = atos[b.ato][5] || "";
      if (da !== db) { return da < db ? 1 : -1; }
      return a.key - b.key;
    });
  }

  function statusSpan(ato) {
    var span = document.createElement("span");
    var code = mainCode(ato);
    span.className = "situacao-resultado situacao-" + (code || "vigente");
    span.textContent = ato[6] || "em vigor";
    return span;
  }

  function currentPage() {
    var p = parseInt(new URLSearchParams(window.location.search).get("pagina") || "1", 10);
    return isNaN(p) || p < 1 ? 1 : p;
  }

  function urlFor(page) {
    var params = new URLSearchParams();
    if (input.value) { params.set("q", input.value); }
    if (bySituacao && bySituacao.value) { params.set("situacao", bySituacao.value); }
    if (byTipo && byTipo.value) { params.set("tipo", byTipo.value); }
    if (page > 1) { params.set("pagina", String(page)); }
    return "?" + params.toString();
  }

  function pageLink(page, label, rel, current) {
    var li = document.createElement("li");
    var a = document.createElement("a");
    a.href = urlFor(page);
    a.textContent = label;
    a.dataset.pagina = String(page);
    if (rel) { a.rel = rel; }
    if (current) { a.setAttribute("aria-current", "page"); }
    li.appendChild(a);
    return li;
  }

  function renderPager(total, page) {
    if (!pager) { return; }
    pager.textContent = "";
    var pages = Math.ceil(total / PER_PAGE);
    if (pages <= 1) { pager.hidden = true; return; }
    pager.hidden = false;
    var ul = document.createElement("ul");
    if (page > 1) { ul.appendChild(pageLink(page - 1, "Anterior", "prev", false)); }
    var from = Math.max(1, page - 4), to = Math.min(pages, from + 9);
    from = Math.max(1, Math.min(from, to - 9));
    for (var p = from; p <= to; p++) { ul.appendChild(pageLink(p, String(p), null, p === page)); }
    if (page < pages) { ul.appendChild(pageLink(page + 1, "Próxima", "next", false)); }
    pager.appendChild(ul);
  }

  function summary(total, acts, page, noun, nouns) {
    if (total === 0) { return "Nenhum " + noun + " encontrado."; }
    var out = total === 1 ? "1 " + noun + " encontrado" : milhar(total) + " " + nouns + " encontrados";
    if (acts !== null && total > 1) { out += acts === 1 ? " em 1 ato" : " em " + milhar(acts) + " atos"; }
    if (total > PER_PAGE) {
      var first = (page - 1) * PER_PAGE + 1, lastOne = Math.min(total, page * PER_PAGE);
      out += "; página " + page + " de " + Math.ceil(total / PER_PAGE) + ", do " + milhar(first) +
        "º ao " + milhar(lastOne) + "º";
    }
    return out + ".";
  }

  /* Show one page of the last search. */
  function render(page) {
    if (!last) { return Promise.resolve(); }
    var pages = Math.max(1, Math.ceil(last.items.length / PER_PAGE));
    page = Math.min(Math.max(1, page), pages);
    var shown = last.items.slice((page - 1) * PER_PAGE, page * PER_PAGE);
    var atos = last.atos;
    var ready;
    if (last.kind === "atos") {
      ready = Promise.resolve(null);
    } else {
      var chunks = {};
      shown.forEach(function (it) { chunks[Math.floor(it.key / last.meta.chunk)] = true; });
      var names = Object.keys(chunks);
      ready = Promise.all(names.map(function (c) { return getJSON("d-" + c + ".json"); }))
        .then(function (loaded) {
          var byChunk = {};
          names.forEach(function (c, i) { byChunk[c] = loaded[i]; });
          return byChunk;
        });
    }
    return ready.then(function (byChunk) {
      list.textContent = "";
      list.start = (page - 1) * PER_PAGE + 1;
      shown.forEach(function (it) {
        var ato = atos[it.ato];
        var li = document.createElement("li");
        var a = document.createElement("a");
        if (byChunk === null) {
          a.href = ato[0] + "/index.html";
          a.textContent = ato[1];
          li.appendChild(a);
          li.appendChild(document.createTextNode(" "));
          li.appendChild(statusSpan(ato));
        } else {
          var rec = byChunk[Math.floor(it.key / last.meta.chunk)][it.key % last.meta.chunk];
          a.href = ato[0] + "/index.html" + (rec[1] ? "#" + rec[1] : "");
          a.appendChild(document.createTextNode(ato[1] + (rec[2] ? " — " : "")));
          if (rec[2]) {
            var label = document.createElement(last.cited ? "mark" : "span");
            label.textContent = rec[2];
            a.appendChild(label);
          }
          li.appendChild(a);
          li.appendChild(document.createTextNode(" "));
          li.appendChild(statusSpan(ato));
          var span = document.createElement("span");
          span.className = "trecho";
          span.appendChild(highlighted(rec[3], last.terms));
          li.appendChild(span);
        }
        list.appendChild(li);
      });
      status.textContent = last.kind === "atos"
        ? summary(last.items.length, null, page, "ato", "atos")
        : summary(last.items.length, last.acts, page, "dispositivo", "dispositivos");
      renderPager(last.items.length, page);
    });
  }

  function search(query, page) {
    var cit = citation(query);
    var terms = termsOf(cit ? cit.rest : query);
    list.textContent = "";
    last = null;
    if (pager) { pager.textContent = ""; pager.hidden = true; }
    if (terms.length === 0 && !cit && !filtering()) {
      clearCounts();
      status.textContent = "Digite ao menos uma palavra com duas letras ou mais, ou escolha uma situação ou um tipo.";
      return Promise.resolve();
    }
    status.textContent = "Buscando…";
    return Promise.all([getJSON("meta.json"), getJSON("atos.json")]).then(function (loaded) {
      var meta = loaded[0], atos = loaded[1];
      fillTypes(meta);
      var hits;
      if (terms.length === 0 && !cit) {  /* without words, the filters list the acts themselves */
        hits = Promise.resolve(atos.map(function (ato, i) { return { key: i, ato: i }; }));
      } else {
        var lists = terms.map(function (t) { return postings(meta, t); });
        if (cit) { lists.push(byCitation(meta, cit)); }
        hits = Promise.all(lists).then(function (found) {
          return intersect(found).map(function (d) { return { key: d, ato: actOf(atos, d) }; });
        });
      }
      return hits.then(function (items) {
        countFilters(atos, items.map(function (it) { return it.ato; }));
        items = items.filter(function (it) { return wanted(atos[it.ato], false, false); });
        var acts = {};
        items.forEach(function (it) { acts[it.ato] = true; });
        last = { items: ranked(meta, atos, items), atos: atos, meta: meta, terms: terms, cited: !!cit,
                 kind: terms.length === 0 && !cit ? "atos" : "dispositivos", acts: Object.keys(acts).length };
        return render(page || 1);
      });
    }).catch(function () {
      status.textContent = "Não foi possível carregar o índice de busca.";
    });
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    if (window.history && window.history.pushState) {
      window.history.pushState(null, "", urlFor(1));
    }
    search(input.value, 1);
  });

  if (pager) {
    pager.addEventListener("click", function (event) {
      var a = event.target.closest ? event.target.closest("a[data-pagina]") : null;
      if (!a || !last || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
      event.preventDefault();
      var page = parseInt(a.dataset.pagina, 10);
      if (window.history && window.history.pushState) { window.history.pushState(null, "", urlFor(page)); }
      render(page).then(function () {
        status.scrollIntoView ? status.scrollIntoView() : window.scrollTo(0, 0);
      });
    });
  }

  function fromAddress() {
    var params = new URLSearchParams(window.location.search);
    input.value = params.get("q") || "";
    if (bySituacao) { bySituacao.value = params.get("situacao") || ""; }
    if (byTipo) { byTipo.value = params.get("tipo") || ""; }
    if (input.value || filtering()) {
      return search(input.value, currentPage());
    }
    return Promise.resolve();
  }

  window.addEventListener("popstate", function () { fromAddress(); });

  getJSON("meta.json").then(function (meta) {
    fillTypes(meta);
    fromAddress();
  }).catch(function () {
    fromAddress();
  });
}());
