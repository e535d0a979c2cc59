"""The site's search index, built at build time so search works from a static host.

Layout under ``busca/`` (read by ``static/busca.js``):

- ``meta.json``: ``{"chunk": N, "shards": ["ab", …], "artigos": […], "tipos": [type, …]}`` (the
  types the search page offers as a filter);
- ``atos.json``: ``[[path, title, first doc, status codes, type, date, status label], …]``,
  one per act, in site order (an act's docs are numbered from its first doc on, so the script
  finds a doc's act by bisection, filters results by the act's main status — the first code —
  and type, ranks them and says each hit's status);
- ``t-XX.json``: the inverted index of every term starting with ``XX`` (term → doc numbers);
- ``d-K.json``: docs ``K*N … K*N+N-1`` as ``[act, dispositivo id, label, excerpt]``;
- ``a-N.json``: the dispositivos of every act's article N, ``{dispositivo id: [doc, …]}``, so
  a query that cites a dispositivo ("art 55 § 13", "§ 13 do art. 55", "inciso II do art. 5º")
  finds it by its id (busca.js reads the citation the way :mod:`lexconsolida.citations` does).

A doc is one dispositivo (a caput counts as its artigo) or an act's ementa. Terms are the
words of the text, lower-cased and without accents (as the script normalises the query); a
query word matches every term it is a prefix of.

**Ranking** (busca.js, :data:`RANK`): hits of acts in force first — in force (also partly
revoked), then in force with something pending (changes pending review, a future vigência, a
suspension), then acts whose text the acervo lacks, then revoked or void acts, then drafts —;
within a group, the most recent act first (by its date), and an act's hits in the order of its
text. So a query that a revoked law and the law that replaced it both answer shows the law in
force first. Results come in pages of 50; each filter choice says how many hits it would give.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import defaultdict
from dataclasses import dataclass

from lexconsolida.model import Dispositivo, Kind
from lexconsolida.site.model import SiteAct
from lexconsolida.site.relations import id_label
from lexconsolida.writers.html.view import titulo_ato

CHUNK = 1000
EXCERPT = 220
_MARKS = re.compile(r"[\u0300-\u036f]")
STOP_WORDS = frozenset(
    "de da do das dos em no na nos nas por para com ao aos as os um uma que se ou e o a "
    "sua seu suas seus pelo pela pelos pelas".split()
)


def terms(text: str) -> set[str]:
    """The index terms of ``text`` (same normalisation as busca.js).

    Word by word (split at whitespace), each word's terms memoised: the words of an acervo
    repeat endlessly, and the result is the same as normalising the whole text at once —
    decomposition, dropping marks and lower-casing never act across whitespace, which is a
    separator of terms either way."""
    out: set[str] = set()
    known = _WORD_TERMS.get
    for word in text.split():
        found = known(word)
        if found is None:
            found = _word_terms(word)
        out |= found
    return out


_WORD_TERMS: dict[str, frozenset[str]] = {}
_TERM = re.compile(r"[a-z0-9]{2,}")
"""A term: two or more letters a-z or digits in a row (busca.js splits at anything else)."""


def _word_terms(word: str) -> frozenset[str]:
    plain = _MARKS.sub("", unicodedata.normalize("NFD", word)).lower()
    found = frozenset(_TERM.findall(plain)) - STOP_WORDS
    if len(_WORD_TERMS) >= 200_000:  # bounded: a huge acervo's vocabulary starts again
        _WORD_TERMS.clear()
    _WORD_TERMS[word] = found
    return found


@dataclass(slots=True)
class SearchFiles:
    files: dict[str, bytes]
    """Relative name under ``busca/`` → content."""


def _docs_of(act_index: int, act: SiteAct) -> list[tuple[int, str, str, str]]:
    norma = act.norma
    head = " — ".join(p for p in (titulo_ato(norma), norma.ementa) if p)
    docs = [(act_index, "", "Ementa" if norma.ementa else "", head)]
    for d in norma.dispositivos():
        if d.kind in (Kind.ARTIGO, Kind.OMISSIS) or not d.text:
            continue
        target = d.id.rsplit("_cpt", 1)[0] if d.kind is Kind.CAPUT else d.id
        docs.append((act_index, target, _label(d, target), d.text))
    return docs


_ARTICLE = re.compile(r"art(\d+(?:-\d+)?)(?:_|$)")


def _label(d: Dispositivo, target: str) -> str:
    label = id_label(target)
    return label[:1].upper() + label[1:]


def _dumps(obj) -> bytes:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def act_index(act: SiteAct) -> bytes:
    """The search shard of one act: its docs, the terms of each, its dispositivos by article.

    ``{"docs": [[dispositivo id, label, excerpt], …], "terms": {term: [doc, …]},
    "artigos": {N: {dispositivo id: [doc, …]}}}`` with doc numbers local to the act. Cached by
    the act's key (``busca/atos/<ato>.json``), so only a changed act is read again;
    :func:`merge` makes the files busca.js reads from the shards.
    """
    postings: dict[str, list[int]] = defaultdict(list)
    articles: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    docs: list[list] = []
    for _, target, label, text in _docs_of(0, act):
        doc = len(docs)
        for t in terms(text):
            postings[t].append(doc)
        m = _ARTICLE.match(target)
        if m:
            articles[m.group(1)][target].append(doc)
        excerpt = text if len(text) <= EXCERPT else text[:EXCERPT].rsplit(" ", 1)[0] + " …"
        docs.append([target, label, excerpt])
    return _dumps({"docs": docs, "terms": dict(sorted(postings.items())),
                   "artigos": {n: dict(by_id) for n, by_id in sorted(articles.items())}})


RANK = {
    "vigente": 0, "parcialmente-revogada": 0, "sem-texto": 0,
    "pendente": 1, "vigencia-futura": 1, "suspensa": 1, "efeitos-futuros": 1,
    "texto-indisponivel": 2,
    "revogada": 3, "inconstitucional": 3, "sem-efeito": 3,
    "proposicao": 4, "consolidacao": 4,
}
"""Rank of an act's hits by its main status (lower first); written into ``meta.json`` for
busca.js. Every status code has one (a test holds it to :data:`lexconsolida.model.status.ORDER`)."""


def filters(act: SiteAct) -> tuple[list[str], str, str, str]:
    """(status codes — the main one first —, type, date, status label — '' for an act in force)
    of an act, as the search page filters, ranks and labels its hits."""
    status = act.facts.status()
    tipo = (act.facts.tipo or "Outros atos") if status.normative else "Proposições"
    # 'em vigor' is the script's default label: not repeated for the thousands of acts in force
    return (list(status.codes or (status.code,)), tipo, act.facts.data or "",
            "" if status.code == "vigente" else status.label)


def merge(shards: list[tuple]) -> dict[str, bytes]:
    """Every file of ``busca/`` from the acts' shards: (path, title in results,
    :func:`act_index`, and optionally :func:`filters`), in site order. The same bytes as
    indexing every act at once."""
    postings: dict[str, list[int]] = defaultdict(list)
    articles: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    records: list[list] = []
    starts: list[int] = []
    for i, (_, _, data, *_rest) in enumerate(shards):
        shard = json.loads(data)
        base = len(records)
        starts.append(base)
        for term, docs in shard["terms"].items():
            postings[term].extend(base + d for d in docs)
        for number, by_id in shard["artigos"].items():
            for target, docs in by_id.items():
                articles[number][target].extend(base + d for d in docs)
        records.extend([i, *doc] for doc in shard["docs"])
    by_prefix: dict[str, dict[str, list[int]]] = defaultdict(dict)
    for term in sorted(postings):
        by_prefix[term[:2]][term] = postings[term]
    files = {f"t-{key}.json": _dumps(shard) for key, shard in by_prefix.items()}
    for k in range(0, len(records), CHUNK):
        files[f"d-{k // CHUNK}.json"] = _dumps(records[k:k + CHUNK])
    for number, by_id in articles.items():
        files[f"a-{number}.json"] = _dumps(dict(sorted(by_id.items())))
    files["atos.json"] = _dumps([[path, title, start, *(rest[0] if rest else ([], "", "", ""))]
                                 for (path, title, _, *rest), start in zip(shards, starts)])
    tipos = sorted({shard[3][1] for shard in shards if len(shard) > 3 and shard[3][1]})
    files["meta.json"] = _dumps({"chunk": CHUNK, "shards": sorted(by_prefix),
                                 "artigos": sorted(articles, key=lambda n: (len(n), n)),
                                 "tipos": tipos, "ordem": RANK})
    return files


def build_index(acts: list[SiteAct]) -> dict[str, bytes]:
    """Every file of ``busca/``, by name (all shards computed now)."""
    return merge([(a.path, a.facts.search_title, act_index(a), filters(a)) for a in acts])
