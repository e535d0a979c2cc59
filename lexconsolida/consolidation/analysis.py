"""Review findings for the procuradoria: near-duplicate provisions across sources and
conflicting values for the same subject (e.g. two vehicle age limits).

Both scale linearly in practice: candidates come from an inverted index of word shingles (and of
quantity keys), never from comparing all pairs.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from dataclasses import dataclass
from difflib import SequenceMatcher

from lexconsolida.consolidation.final import final_clause_kind
from lexconsolida.model import Kind, LexId

STOP = set(
    "a o as os de da do das dos e em no na nos nas por para com que se ao aos à às um uma "
    "ou sua seu suas seus pelo pela pelos pelas este esta deste desta ser será serão".split()
)


@dataclass(slots=True)
class Unit:
    alias: str
    source_label: str
    id: str
    text: str


@dataclass(slots=True)
class NearDuplicate:
    a: Unit
    b: Unit
    similarity: float
    """0–1, word-level similarity of the two texts."""


@dataclass(slots=True)
class Quantity:
    unit: Unit
    value: float
    measure: str
    """'anos', 'dias', 'upf', 'reais', '%', …"""
    key: tuple[str, ...]
    """Content words around the number that name what is measured."""
    printed: str


@dataclass(slots=True)
class Conflict:
    a: Quantity
    b: Quantity
    subject: str


def _plain(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", _plain(text))


def units_of(sources, index_label) -> list[Unit]:
    """Every dispositivo with text in force in each source."""
    out = []
    for s in sources:
        idx = s.norma.index()
        finals = {a.id for a in s.norma.artigos() if final_clause_kind(a)}
        for d in s.norma.dispositivos():
            if d.kind in (Kind.ARTIGO, Kind.OMISSIS) or not d.text.strip():
                continue
            if LexId(d.id).components[0] in finals:
                continue  # the sources' own vigência/revogação clauses: replaced, not compared
            out.append(Unit(s.alias, f"{s.label}, {index_label(s, d, idx)}", d.id, d.text))
    return out


def near_duplicates(units: list[Unit], threshold: float = 0.8, min_words: int = 8) -> list[NearDuplicate]:
    """Pairs of units from different sources whose texts are ≥ ``threshold`` similar."""
    shingles: list[set[tuple[str, ...]]] = []
    index: dict[tuple[str, ...], list[int]] = defaultdict(list)
    for i, u in enumerate(units):
        w = _words(u.text)
        sh = {tuple(w[k:k + 3]) for k in range(len(w) - 2)} if len(w) >= min_words else set()
        shingles.append(sh)
        for s in sh:
            index[s].append(i)
    # Candidates share at least two rare shingles: near-identical texts share most of their
    # shingles, the rare ones included, while boilerplate shingles pair everything with everything.
    shared: dict[tuple[int, int], int] = defaultdict(int)
    for postings in index.values():
        if len(postings) > 8:
            continue
        for x in range(len(postings)):
            for y in range(x + 1, len(postings)):
                i, j = postings[x], postings[y]
                if units[i].alias != units[j].alias:
                    shared[(i, j)] += 1
    out = []
    for (i, j), n in shared.items():
        if n < 2:
            continue
        a, b = shingles[i], shingles[j]
        common = len(a & b)
        if common / (len(a) + len(b) - common) < threshold * 0.6:
            continue
        ratio = SequenceMatcher(None, _words(units[i].text), _words(units[j].text), autojunk=False).ratio()
        if ratio >= threshold:
            out.append(NearDuplicate(units[i], units[j], round(ratio, 3)))
    out.sort(key=lambda d: (-d.similarity, d.a.source_label, d.b.source_label))
    return out


_EXTENSO = r"(?:\s*\([^)]{2,40}\))?"
_QUANTITY = re.compile(
    rf"""(?P<num>(?:R\$\s*)?\d{{1,3}}(?:\.\d{{3}})*(?:,\d+)?|\d+(?:,\d+)?){_EXTENSO}\s*
        (?P<measure>anos?|mes(?:es)?|dias?|horas?|minutos?|UPF\w*|UFM\w*|reais|%|por\s+cento|
           lugares|pessoas|portas|passageiros|km|quil[ôo]metros|metros|cilindradas|cc)\b""",
    re.IGNORECASE | re.VERBOSE,
)


def _measure(m: str) -> str:
    m = _plain(m)
    for full, short in (("ano", "anos"), ("mes", "meses"), ("dia", "dias"), ("hora", "horas"),
                        ("upf", "upf"), ("ufm", "upf"), ("por cento", "%"), ("cilindradas", "cc")):
        if m.startswith(full):
            return short
    return m


def _number(text: str) -> float | None:
    t = text.replace("R$", "").strip().replace(".", "").replace(",", ".")
    try:
        return float(t)
    except ValueError:
        return None


def quantities(units: list[Unit]) -> list[Quantity]:
    out = []
    for u in units:
        for m in _QUANTITY.finditer(u.text):
            value = _number(m.group("num"))
            if value is None:
                continue
            before = [w for w in _words(u.text[max(0, m.start() - 60): m.start()]) if w not in STOP and not w.isdigit()]
            after = [w for w in _words(u.text[m.end(): m.end() + 40]) if w not in STOP and not w.isdigit()]
            key = tuple(sorted(set(before[-3:] + after[:2])))
            out.append(Quantity(u, value, _measure(m.group("measure")), key, m.group(0)))
    return out


def conflicts(units: list[Unit], min_shared: int = 2) -> list[Conflict]:
    """Same measure, same subject words, different values, different sources."""
    qs = quantities(units)
    by_measure: dict[str, list[Quantity]] = defaultdict(list)
    for q in qs:
        by_measure[q.measure].append(q)
    out = []
    seen = set()
    for measure, items in by_measure.items():
        index: dict[str, list[int]] = defaultdict(list)
        for i, q in enumerate(items):
            for w in q.key:
                index[w].append(i)
        pairs: dict[tuple[int, int], int] = defaultdict(int)
        for postings in index.values():
            if len(postings) > 64:
                continue
            for x in range(len(postings)):
                for y in range(x + 1, len(postings)):
                    pairs[(postings[x], postings[y])] += 1
        for (i, j), n in pairs.items():
            a, b = items[i], items[j]
            if n < min_shared or a.unit.alias == b.unit.alias or a.value == b.value:
                continue
            k = (a.unit.alias, a.unit.id, b.unit.alias, b.unit.id, measure)
            if k in seen:
                continue
            seen.add(k)
            subject = " ".join(w for w in a.key if w in b.key)
            out.append(Conflict(a, b, f"{subject} ({measure})"))
    out.sort(key=lambda c: (c.a.unit.source_label, c.b.unit.source_label))
    return out
