"""Rule ``drop_furniture``: remove page furniture (letterheads, footers, page numbers, scan debris).

Furniture is found by **repetition and shape**, never by lists of known strings, so the rule
works on acts it has never seen:

1. *Shape*: lines that are mostly an address, a phone number, a CEP, an e-mail, a URL or a page
   number (``- 3 -``, ``Página 2 de 5``), with hardly any prose words.
2. *Repetition*: lines are normalised (lower case, accents, digits and punctuation stripped) and
   grouped, OCR variants together (character-trigram similarity through an inverted index, so
   the work stays linear). A group that occurs at least three times, mostly next to other
   repeated or shaped lines, is a letterhead or footer.
3. *Runs*: furniture comes in runs at page breaks, so the run is grown: a short line between two
   furniture lines, an OCR variant of a repeated line near the run, or a line of scan debris
   (no word of three letters) touching the run is furniture too.
4. *Top debris*: short lines above a letterhead that opens the document (a collector's title).

Content lines are never removed: labels of artigo, parágrafo, inciso, alínea and item (also
OCR-damaged ones), headings, epígrafes and omissis lines are protected, and so (against the
run-growing rules only) is the line that names a heading.

Every removed line is recorded as ``Diagnostic("furniture", …, line=n, text=<line verbatim>)``.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass

from lexconsolida.model import Diagnostic, Severity
from lexconsolida.readers.text.state import TextState

# --- Protection: what is certainly content -----------------------------------------------------

_LEAD = r"^[\s\"“”'‘’«(\[]{0,3}"
_STRONG_LABEL = re.compile(
    _LEAD
    + r"""(?:
        (?:Art(?:igo)?|ART(?:IGO)?|rt)\s*[.,]?\s*\d          # Art. 1º, Art, 41, rt. 17
      | §\s*\d                                               # § 2º
      | Par[aá]grafo\s+(?:[úu]nico|\d)                        # Parágrafo único
      | PAR[AÁ]GRAFO\s+(?:[ÚU]NICO|\d)
      | (?:CAP[IÍ]TULO|Cap[ií]tulo|T[IÍ]TULO|T[ií]tulo|SUBSE[CÇ][AÃ]O|Subse[cç][aã]o
          |SE[CÇ][AÃ]O|Se[cç][aã]o|LIVRO|Livro|PARTE|Parte|ANEXO|Anexo|SUBT[IÍ]TULO)
        \s+(?:[IVXLCDMHTW1l]+|\d+|[ÚU]NIC[OA]|[úu]nic[oa]|[A-Z])\b   # CAPÍTULO IV, Seção II
      | (?:LEI|DECRETO|RESOLU[CÇ][AÃ]O|PORTARIA|EMENDA|MEDIDA\s+PROVIS[OÓ]RIA|INSTRU[CÇ][AÃ]O
          |DELIBERA[CÇ][AÃ]O|PROJETO|INDICA[CÇ][AÃ]O|MINUTA|ATO)\b   # the epígrafe
      | D[AO]S?\s+[A-ZÁÉÍÓÚÂÊÔÃÕÇ]{3}[^a-z0-9]*$               # DAS DISPOSIÇÕES FINAIS
      | \(?\s*(?:NR|AC)\s*\)                                  # (NR)
    )""",
    re.VERBOSE,
)
"""Labels and headings that protect a line whatever follows them."""

_WEAK_LABEL = re.compile(
    _LEAD
    + r"""(?:
        [§&$S85]\s*\d{1,3}\s*[º°oª]?                          # & 1º, 8 2º, S 31, 81º
      | [IVXLCDMHTWivxlcdm1]{1,7}\s*[-–—]                     # HI -, 1 -, Xxv -, IV-
      | [a-zA-Z]\s*\)                                         # b), “b)
      | \d{1,3}\s*[-–—.)]                                     # item 1. / 1 -
    )(?P<rest>.*)$""",
    re.VERBOSE,
)
"""Labels that OCR debris can imitate: they protect a line only when real words follow."""

_WORD3 = re.compile(r"[^\W\d_]{3,}")
_OMISSIS = re.compile(r"^[\s\"“”'.…_\-–—]*[.…]{3}[\s\"“”'.…_\-–—]*(?:\(NR\))?\s*$")
_HEADING_LABEL_ONLY = re.compile(
    _LEAD + r"(?:CAP[IÍ]TULO|Cap[ií]tulo|T[IÍ]TULO|T[ií]tulo|SUBSE[CÇ][AÃ]O|Subse[cç][aã]o"
    r"|SE[CÇ][AÃ]O|Se[cç][aã]o|LIVRO|Livro|PARTE|Parte|SUBT[IÍ]TULO)\s+\S+[\s.:\-–—]*$"
)

# --- Shapes: what furniture looks like ---------------------------------------------------------

_WEB_SHAPE = re.compile(r"@[\w-]+\.\w|www\.|https?://|\.(?:gov|leg|com|org|jus|mp|net|edu)\b")
"""E-mail, URL or host name."""
_DIGIT_SHAPE = re.compile(
    r"""(?:
        \(\s*\d{2}\s*\)\s*\d{4,5}\s*-?\s*\d{4}\b                     # (66) 3401-2484
      | \b(?:fone|tel|telefone|fax|whatsapp|celular)\b\.?:?\s*\(?\d    # Fone: (66)…
      | \bCEP\b                                                        # CEP 78795-000
      | \b\d{5}-\d{3}\b                                                # 78600-023
    )""",
    re.VERBOSE | re.IGNORECASE,
)
"""Phone, fax or CEP (searched only in lines with a digit)."""
_DIGIT = re.compile(r"\d")
_PAGE_NUMBER = re.compile(
    r"""^\s*(?:
        [-–—]\s*\d{1,4}\s*[-–—]                                         # - 3 -
      | p[áa]g(?:ina|\.)?\s*\d{1,4}(?:\s*(?:de|/)\s*\d{1,4})?            # Página 2 de 5
      | \d{1,4}\s*/\s*\d{1,4}                                           # 2/5
      | fls?\.\s*\d{1,4}                                                # fl. 3
    )\s*$""",
    re.VERBOSE | re.IGNORECASE,
)
_TOKEN = re.compile(r"[^\W_]+")
_PROSE_WORD = re.compile(r"^[a-zà-ÿ]{3,}$")
_SHAPE_SPAN = re.compile(r"\S*(?:@|www\.|https?://|\.br\b|\.com\b|\.gov\b|\.org\b)\S*", re.I)
_TERMINAL = (".", ";", ":", "!", "?")

# --- Normalisation -----------------------------------------------------------------------------


def _build_fold_table() -> dict[int, str]:
    table: dict[int, str] = {}
    for code in range(0x20, 0x250):
        ch = chr(code)
        base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
        low = base.lower()
        table[code] = low if low.isalpha() and low.isascii() else " "
    for ordinal in "ºª°":  # NFKD makes 'º' an 'o': '1º' must not become a word
        table[ord(ordinal)] = " "
    return table


_FOLD = _build_fold_table()
_NOT_LETTERS = re.compile(r"[^a-z]+")


def normal_key(text: str) -> str:
    """Lower case, accents stripped, only letters, single spaces: the repetition key.

    >>> normal_key("PREFEITURA DE PEDRA PRETA.")
    'prefeitura de pedra preta'
    >>> normal_key("Lei de autoria do Executivó Municipal,")
    'lei de autoria do executivo municipal'
    """
    return _NOT_LETTERS.sub(" ", text.translate(_FOLD)).strip()


def _trigrams(key: str) -> set[str]:
    padded = f" {key} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


# --- Per-line facts ----------------------------------------------------------------------------

STRONG, WEAK, FREE = 2, 1, 0
"""Protection levels: never removed; removed only as an exact repeated letterhead; unprotected."""


@dataclass(slots=True)
class _Line:
    """What the rule knows about one non-blank line."""

    index: int
    """Position in ``state.lines``."""
    text: str
    """The line stripped of surrounding white space."""
    protection: int
    key: str = ""
    shape: bool = False
    """Mostly an address, phone, e-mail, URL or page number."""
    debris: bool = False
    """No word of three letters: scan debris or a bare number."""
    group: int = -1
    """Fuzzy cluster id (-1: not clustered)."""
    repeated: bool = False
    """Its key occurs more than once verbatim."""
    reason: str | None = None
    """Why it is furniture (None: content)."""


def _protection(text: str) -> int:
    if _STRONG_LABEL.match(text) or _OMISSIS.match(text):
        return STRONG
    m = _WEAK_LABEL.match(text)
    if m and len(_WORD3.findall(m.group("rest"))) >= 1 and sum(map(len, _WORD3.findall(m.group("rest")))) >= 4:
        return STRONG
    return FREE


def _is_shape(text: str) -> bool:
    if _PAGE_NUMBER.match(text):
        return True
    if not (_WEB_SHAPE.search(text) or (_DIGIT.search(text) and _DIGIT_SHAPE.search(text))):
        return False
    return _prose_ratio(_SHAPE_SPAN.sub(" ", text)) < 0.5


def _facts(state: TextState) -> list[_Line]:
    facts: list[_Line] = []
    heading_pending = False
    for i, line in enumerate(state.lines):
        text = line.text.strip()
        if not text:
            continue
        prot = _protection(text)
        if prot == FREE and heading_pending:
            prot = WEAK  # the name of a heading whose label stands alone on the line before
        heading_pending = prot == STRONG and bool(_HEADING_LABEL_ONLY.match(text))
        fact = _Line(i, text, prot)
        if prot != STRONG:
            fact.key = normal_key(text)
            fact.shape = _is_shape(text)
            fact.debris = not _WORD3.search(text)
        facts.append(fact)
    return facts


# --- Repetition: exact groups, OCR variants joined by trigram similarity -----------------------

MIN_SIMILARITY = 0.55
"""Dice coefficient of character trigrams above which two keys are OCR variants."""
MIN_LENGTH_RATIO = 0.75
"""Two keys whose lengths differ more than this are never variants of each other."""
_MAX_FUZZY_KEY = 160
_MIN_KEY_LETTERS = 6


def _cluster(facts: list[_Line]) -> dict[int, str]:
    """Group the keys repeated verbatim; returns group id → its representative key.

    The most frequent key comes first; a later key joins the most similar earlier one when
    they are OCR variants (``PREFEITURA DE PEDEA PRETA.`` / ``PREPEITURA DE PEDRA PRETA``).
    Lines seen once are matched later, lazily, and only near furniture (see ``_Variants``).
    """
    counts = Counter(f.key for f in facts if f.protection != STRONG and len(f.key) >= _MIN_KEY_LETTERS)
    variants = _Variants()
    group_of: dict[str, int] = {}
    representative: dict[int, str] = {}
    for key, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        if n < 2:
            break
        gid = variants.match(key)
        if gid is None:
            gid = len(representative)
            representative[gid] = key
        group_of[key] = gid
        variants.add(key, gid)
    for f in facts:
        gid = group_of.get(f.key)
        if gid is not None:
            f.group, f.repeated = gid, True
    return representative


class _Variants:
    """Trigram index of known keys: finds the group a new key is an OCR variant of.

    Keys are bucketed by trigram, so a probe only meets the keys that share a trigram with it.
    """

    __slots__ = ("_index", "_grams", "_group", "_groups", "_cache")

    def __init__(self) -> None:
        self._index: dict[str, list[str]] = defaultdict(list)
        self._grams: dict[str, int] = {}
        self._group: dict[str, int] = {}
        self._groups: set[int] = set()
        self._cache: dict[str, int | None] = {}

    def add(self, key: str, gid: int) -> None:
        grams = _trigrams(key)
        self._grams[key] = len(grams)
        self._group[key] = gid
        self._groups.add(gid)
        for t in grams:
            self._index[t].append(key)
        self._cache.clear()

    def knows(self, gid: int) -> bool:
        return gid in self._groups

    def match(self, key: str) -> int | None:
        """The group of the most similar known key, or None when none is similar enough."""
        if key in self._cache:
            return self._cache[key]
        best, best_score = None, MIN_SIMILARITY
        if _MIN_KEY_LETTERS <= len(key) <= _MAX_FUZZY_KEY:
            probe = _trigrams(key)
            shared: Counter[str] = Counter()
            for t in probe:
                shared.update(self._index.get(t, ()))
            for known, common in shared.items():
                if min(len(known), len(key)) < MIN_LENGTH_RATIO * max(len(known), len(key)):
                    continue
                score = 2 * common / (len(probe) + self._grams[known])
                if score >= best_score:
                    best, best_score = known, score
        gid = None if best is None else self._group[best]
        self._cache[key] = gid
        return gid


def _supported(facts: list[_Line], pos: int, eligible: set[int]) -> bool:
    """Is there, within three lines, a shaped line or a line of another eligible group?"""
    own = facts[pos].group
    for j in range(max(0, pos - 3), min(len(facts), pos + 4)):
        if j == pos:
            continue
        other = facts[j]
        if other.shape or (other.group != own and other.group in eligible):
            return True
    return False


def _eligible(key: str) -> bool:
    """Keys long enough to be a letterhead line: two words of three letters, eight letters."""
    words = key.split()
    return sum(1 for w in words if len(w) >= 3) >= 2 and len(key) - len(words) + 1 >= 8


def _confirmed_groups(facts: list[_Line], representative: dict[int, str]) -> set[int]:
    """Groups that are letterheads or footers: repeated, and mostly next to other furniture."""
    sizes: Counter[int] = Counter(f.group for f in facts if f.repeated)
    eligible = {g for g, key in representative.items() if sizes[g] >= 2 and _eligible(key)}
    members: dict[int, list[int]] = defaultdict(list)
    for pos, f in enumerate(facts):
        if f.group >= 0 and f.protection == FREE and f.repeated:
            members[f.group].append(pos)
    confirmed: set[int] = set()
    for gid, positions in members.items():
        key = representative[gid]
        words = key.split()
        letters = len(key) - len(words) + 1
        n = len(positions)
        if gid not in eligible or n < 2 or _prose_ratio(facts[positions[0]].text) > _MAX_PROSE[min(n, 3)]:
            continue
        support = sum(1 for p in positions if _supported(facts, p, eligible))
        if n >= 3 and support * 2 >= n:
            confirmed.add(gid)
        elif n == 2 and len(words) >= 3 and letters >= 15 and support == 2:
            confirmed.add(gid)
        elif n >= 4 and all(_title_like(facts[p].text) for p in positions):
            confirmed.add(gid)
    return confirmed


_MAX_PROSE = {2: 0.4, 3: 0.6}
"""Most prose a repeated line may have to be a letterhead, by how often it repeats (2, 3+)."""


def _prose_ratio(text: str) -> float:
    """Share of tokens that are lower-case words of three letters or more (sentence text)."""
    tokens = _TOKEN.findall(text)
    return sum(1 for t in tokens if _PROSE_WORD.match(t)) / len(tokens) if tokens else 0.0


def _title_like(text: str) -> bool:
    """Upper-case, short and unpunctuated: how a one-line letterhead looks."""
    return text.upper() == text and len(text.split()) <= 8 and not text.endswith((";", ",", ":"))


# --- Marking -----------------------------------------------------------------------------------

REASON_REPEATED = "cabeçalho ou rodapé repetido"
REASON_SHAPE = "endereço, telefone, e-mail, sítio ou número de página"
REASON_PAGE = "número de página"
REASON_TOP = "título ou resíduo acima do cabeçalho da primeira página"
REASON_VARIANT = "variante de OCR de um cabeçalho ou rodapé repetido"
REASON_RUN = "resíduo de digitalização entre linhas de cabeçalho ou rodapé"
REASON_DEBRIS = "resíduo de digitalização junto a cabeçalho ou rodapé"

_BARE_NUMBER = re.compile(r"^\d{1,4}$")
_SHORT = 48
"""Longest line the run-growing rules may take."""
_MIN_PAGE_GAP = 10


def _mark_core(facts: list[_Line], confirmed: set[int]) -> None:
    for f in facts:
        if f.protection == STRONG:
            continue
        if f.group in confirmed and f.repeated:
            f.reason = REASON_REPEATED
        elif f.shape and f.protection == FREE:
            f.reason = REASON_PAGE if _PAGE_NUMBER.match(f.text) else REASON_SHAPE


def _mark_page_numbers(facts: list[_Line]) -> None:
    """Bare numbers that increase down the document, a page or more apart, are page numbers."""
    bare = [p for p, f in enumerate(facts) if f.protection == FREE and _BARE_NUMBER.match(f.text)]
    chain: list[int] = []
    for p in bare:
        if chain and (int(facts[p].text) <= int(facts[chain[-1]].text) or p - chain[-1] < _MIN_PAGE_GAP):
            continue
        chain.append(p)
    if len(chain) >= 2:
        for p in chain:
            facts[p].reason = facts[p].reason or REASON_PAGE


def _mark_top_debris(facts: list[_Line]) -> None:
    """Short unprotected lines above a letterhead that opens the document."""
    first = next((p for p, f in enumerate(facts[:5]) if f.reason == REASON_REPEATED), None)
    if first is None or first == 0:
        return
    above = facts[:first]
    if all(f.protection == FREE and len(f.text) <= 60 for f in above):
        for f in above:
            f.reason = REASON_TOP


def _run_edges(facts: list[_Line]) -> tuple[set[int], set[int]]:
    """Groups that usually end a furniture run (content follows) and that usually start one.

    A short span between a run-ending group and a run-starting group is a page of content (a
    signature page, say), not debris inside a run.
    """
    ends: Counter[int] = Counter()
    starts: Counter[int] = Counter()
    seen: Counter[int] = Counter()
    for p, f in enumerate(facts):
        if f.reason is None or f.group < 0:
            continue
        seen[f.group] += 1
        if p + 1 < len(facts) and _contentish(facts[p + 1]):
            ends[f.group] += 1
        if p > 0 and _contentish(facts[p - 1]):
            starts[f.group] += 1
    return (
        {g for g, n in ends.items() if n * 2 > seen[g]},
        {g for g, n in starts.items() if n * 2 > seen[g]},
    )


def _contentish(f: _Line) -> bool:
    return f.reason is None and (f.protection == STRONG or len(f.text) > _SHORT)


def _near_furniture(facts: list[_Line], pos: int) -> bool:
    """Furniture within three lines, with only short unprotected lines in between."""
    for step in (-1, 1):
        j = pos + step
        while 0 <= j < len(facts) and abs(j - pos) <= 3:
            if facts[j].reason is not None:
                return True
            if facts[j].protection != FREE or len(facts[j].text) > _SHORT:
                break
            j += step
    return False


def _continues_sentence(facts: list[_Line], pos: int) -> bool:
    """Could this line be the tail of the sentence on the last content line before it?"""
    if not facts[pos].text[:1].islower():
        return False
    for j in range(pos - 1, -1, -1):
        if facts[j].reason is None:
            return not facts[j].text.endswith(_TERMINAL)
    return False


def _grow_runs(facts: list[_Line], confirmed: set[int], representative: dict[int, str]) -> None:
    """Extend furniture to OCR variants, spans inside runs and debris touching runs.

    A worklist of the lines near furniture: each line is looked at again only when a line
    within three of it has just become furniture.
    """
    ends, starts = _run_edges(facts)
    variants = _Variants()
    for gid in confirmed:
        variants.add(representative[gid], gid)
    todo = {j for p, f in enumerate(facts) if f.reason for j in range(p - 3, p + 4)}
    while todo:
        pos = todo.pop()
        if not 0 <= pos < len(facts):
            continue
        f = facts[pos]
        if f.reason is not None or f.protection == STRONG:
            continue
        reason = _growth_reason(facts, pos, variants, ends, starts)
        if reason:
            f.reason = reason
            todo.update(range(pos - 3, pos + 4))


def _growth_reason(facts, pos, variants: _Variants, ends, starts) -> str | None:
    f = facts[pos]
    if not _near_furniture(facts, pos):
        return None
    if f.group < 0 and not f.repeated:
        match = variants.match(f.key)
        f.group = -1 if match is None else match
    if f.group >= 0 and variants.knows(f.group):
        return REASON_VARIANT
    if f.protection != FREE:
        return None
    if len(f.text) <= _SHORT and _in_run_span(facts, pos, ends, starts):
        return REASON_RUN
    touching = (pos > 0 and facts[pos - 1].reason) or (pos + 1 < len(facts) and facts[pos + 1].reason)
    if f.debris and touching and not _continues_sentence(facts, pos):
        return REASON_DEBRIS
    return None


def _in_run_span(facts, pos, ends, starts) -> bool:
    """Is the line inside a span of at most three short lines between two furniture lines?"""
    left = pos - 1
    while left >= 0 and facts[left].reason is None:
        if pos - left > 3 or facts[left].protection != FREE or len(facts[left].text) > _SHORT:
            return False
        left -= 1
    right = pos + 1
    while right < len(facts) and facts[right].reason is None:
        if right - pos > 3 or facts[right].protection != FREE or len(facts[right].text) > _SHORT:
            return False
        right += 1
    if left < 0 or right >= len(facts) or right - left - 1 > 3:
        return False
    return not (facts[left].group in ends and facts[right].group in starts)


# --- The rule ----------------------------------------------------------------------------------


def find_furniture(state: TextState) -> dict[int, str]:
    """Index in ``state.lines`` → reason, for every line of page furniture (nothing removed)."""
    facts = _facts(state)
    if not facts:
        return {}
    representative = _cluster(facts)
    confirmed = _confirmed_groups(facts, representative)
    _mark_core(facts, confirmed)
    _mark_page_numbers(facts)
    _mark_top_debris(facts)
    _grow_runs(facts, confirmed, representative)
    return {f.index: f.reason for f in facts if f.reason is not None}


def drop_furniture(state: TextState) -> None:
    """Remove page furniture from ``state.lines``, recording each line as a diagnostic."""
    found = find_furniture(state)
    if not found:
        return
    kept = []
    for i, line in enumerate(state.lines):
        reason = found.get(i)
        if reason is None:
            kept.append(line)
            continue
        state.diagnostics.append(
            Diagnostic(
                "furniture",
                f"linha removida ({reason})",
                Severity.INFO,
                line=line.number,
                text=line.original or line.text,
            )
        )
    state.lines = kept
