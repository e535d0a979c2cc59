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
5. *Site furniture*: lines of the website a text was copied from — a link or download prompt,
   the site's disclaimer, a menu (``furniture_lines.site_prompt``) — wherever they sit.

Content lines are never removed: labels of artigo, parágrafo, inciso, alínea and item (also
OCR-damaged ones), headings, epígrafes and omissis lines are protected, and so (against the
run-growing rules only) is the line that names a heading.

Every removed line is recorded as ``Diagnostic("linha-removida", …, line=n, text=<line verbatim>)``.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from itertools import chain

from lexconsolida import patterns
from lexconsolida.model import Diagnostic, Severity
from lexconsolida.readers.text.furniture_lines import (
    FREE,
    PAGE_NUMBER,
    STRONG,
    TERMINAL,
    WEAK,
    LineFacts,
    is_debris,
    is_field,
    line_facts,
    normal_key,
    site_prompt,
    prose_ratio,
    sentence_like,
    title_like,
    trigrams,
)
from lexconsolida.readers.text.state import TextState

__all__ = ["drop_furniture", "find_furniture", "normal_key"]


# --- Repetition: exact groups, OCR variants joined by trigram similarity -----------------------

MIN_SIMILARITY = 0.55
"""Dice coefficient of character trigrams above which two keys are OCR variants."""
MIN_LENGTH_RATIO = 0.75
"""Two keys whose lengths differ more than this are never variants of each other."""
_MAX_FUZZY_KEY = 160
_MIN_KEY_LETTERS = 6
_MAX_PROSE = {2: 0.4, 3: 0.6}
"""Most prose a repeated line may have to be a letterhead, by how often it repeats (2, 3+)."""


@dataclass(slots=True)
class _Groups:
    """The repetition groups of a document."""

    representative: dict[int, str]
    """Group id → the key that founded it."""
    variants: "_Variants"
    """Index of the groups' keys, to place OCR variants."""
    counts: Counter[str]
    """Key → occurrences."""


def _cluster(facts: list[LineFacts]) -> _Groups:
    """Group the keys repeated verbatim.

    The most frequent key comes first; a later key joins the most similar earlier one when
    they are OCR variants (``PREFEITURA DE PEDEA PRETA.`` / ``PREPEITURA DE PEDRA PRETA``).
    Sentence text never makes a group (it cannot be a letterhead), which also keeps the
    groups few.
    """
    counts = Counter(f.key for f in facts if f.protection != STRONG and len(f.key) >= _MIN_KEY_LETTERS)
    for f in facts:
        if f.protection == FREE and not f.shape and counts.get(f.key, 0) >= 2 and is_field(f.text):
            f.protection = WEAK  # a repeated table field is not a letterhead line
    sample = {f.key: f.text for f in facts if counts.get(f.key, 0) >= 2}
    in_long_runs = _keys_in_long_runs(facts, counts) if sample else set()
    variants = _Variants()
    group_of: dict[str, int] = {}
    representative: dict[int, str] = {}
    for key, n in sorted(((k, n) for k, n in counts.items() if n >= 2), key=lambda kv: (-kv[1], kv[0])):
        if prose_ratio(sample[key]) > _MAX_PROSE[3] or key in in_long_runs:
            continue
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
    return _Groups(representative, variants, counts)


def _furniture_signs(facts: list[LineFacts]) -> bool:
    """A shaped line, or an upper-case letterhead-like line printed twice."""
    return any(
        f.shape or (f.repeated and f.protection == FREE and title_like(f.text) and _eligible(f.key))
        for f in facts
    )


def _cluster_singletons(facts: list[LineFacts], groups: _Groups) -> None:
    """Short keys seen once join a group or start one.

    So a letterhead garbled differently on every page still forms a group. Run only when the
    document shows page furniture already (a confirmed group or a shaped line).
    """
    for f in facts:
        if f.group < 0 and _singleton_candidate(f, groups.counts):
            gid = groups.variants.match(f.key)
            if gid is None:
                gid = len(groups.representative)
                groups.representative[gid] = f.key
                groups.variants.add(f.key, gid)
            f.group = gid


_MAX_SINGLETON_KEY = 60
"""Longest key of a line seen once that is clustered (letterhead lines are short)."""


def _singleton_candidate(f: LineFacts, counts: Counter[str]) -> bool:
    return (
        f.protection == FREE
        and not f.fragment
        and counts.get(f.key, 0) == 1
        and _MIN_KEY_LETTERS <= len(f.key) <= _MAX_SINGLETON_KEY
        and prose_ratio(f.text) <= _MAX_PROSE[3]
    )


MAX_RUN = 16
"""Longest block of repeated lines a page break holds (footer + letterhead + debris)."""


def _keys_in_long_runs(facts: list[LineFacts], counts: Counter[str]) -> set[str]:
    """Repeated keys that mostly sit in long blocks of repeated lines: text printed twice.

    A letterhead repeats between pieces of content that do not; a passage printed twice (an
    act quoted whole, a compiled text) repeats together with everything around it.
    """
    strong = Counter(f.text for f in facts if f.protection == STRONG)
    repeated = [
        (counts.get(f.key, 0) if f.protection != STRONG else strong[f.text]) >= 2 for f in facts
    ]
    run_len = [0] * len(facts)
    start = 0
    for i in range(len(facts) + 1):
        if i == len(facts) or not repeated[i]:
            for j in range(start, i):
                run_len[j] = i - start
            start = i + 1
    long_runs: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for f, n in zip(facts, run_len):
        if n:
            total[f.key] += 1
            if n > MAX_RUN:
                long_runs[f.key] += 1
    return {k for k, n in long_runs.items() if n * 2 >= total[k]}


class _Variants:
    """Trigram index of known keys: finds the group a new key is an OCR variant of.

    Keys are bucketed by trigram; a trigram shared by more than MAX_BUCKET keys is too common
    to tell them apart and stops being indexed, so a probe costs at most its trigrams times
    MAX_BUCKET. The few keys sharing most trigrams with the probe are then scored exactly.
    """

    __slots__ = ("_index", "_grams", "_group", "_groups", "_cache")
    MAX_BUCKET = 24
    CANDIDATES = 4

    def __init__(self) -> None:
        self._index: dict[str, list[str]] = defaultdict(list)
        self._grams: dict[str, set[str]] = {}
        self._group: dict[str, int] = {}
        self._groups: set[int] = set()
        self._cache: dict[str, int | None] = {}

    def add(self, key: str, gid: int) -> None:
        grams = trigrams(key)
        self._grams[key] = grams
        self._group[key] = gid
        self._groups.add(gid)
        for t in grams:
            bucket = self._index[t]
            if len(bucket) <= self.MAX_BUCKET:
                bucket.append(key)
        self._cache.clear()

    def knows(self, gid: int) -> bool:
        return gid in self._groups

    def match(self, key: str) -> int | None:
        """The group of the most similar known key, or None when none is similar enough."""
        if key in self._cache:
            return self._cache[key]
        best, best_score = None, MIN_SIMILARITY
        if _MIN_KEY_LETTERS <= len(key) <= _MAX_FUZZY_KEY:
            probe = trigrams(key)
            index = self._index
            shared = Counter(chain.from_iterable(
                b for t in probe if (b := index.get(t)) and len(b) <= self.MAX_BUCKET
            ))
            # ties broken by the key, never by the order of a set of strings (which changes
            # with the process's hash seed): same input, same furniture
            ranked = sorted(shared.items(), key=lambda kv: (-kv[1], kv[0]))
            for known, _ in ranked[:self.CANDIDATES]:
                if min(len(known), len(key)) < MIN_LENGTH_RATIO * max(len(known), len(key)):
                    continue
                grams = self._grams[known]
                score = 2 * len(probe & grams) / (len(probe) + len(grams))
                if score >= best_score:
                    best, best_score = known, score
        gid = None if best is None else self._group[best]
        self._cache[key] = gid
        return gid


_SHAPE_PARTNER = -2
"""Partner id standing for 'a shaped line' (address, phone, page number)."""


def _support(facts: list[LineFacts], positions: list[int], eligible: set[int]) -> tuple[int, int]:
    """How many occurrences have the group's usual partner within three lines.

    A letterhead line keeps the same company on every page (the next letterhead line, the
    address); a name that recurs in the text meets different lines each time. The partner is
    the eligible group (or shaped line) found near most occurrences. Returns (occurrences
    with it, the partner).
    """
    own = facts[positions[0]].group
    partners: Counter[int] = Counter()
    for pos in positions:
        near = set()
        for j in range(max(0, pos - 3), min(len(facts), pos + 4)):
            other = facts[j]
            if other.shape:
                near.add(_SHAPE_PARTNER)
            elif other.group != own and other.group in eligible:
                near.add(other.group)
        partners.update(near)
    if not partners:
        return 0, -1
    partner, count = partners.most_common(1)[0]
    if partners[_SHAPE_PARTNER] == count:
        partner = _SHAPE_PARTNER  # ties go to the address/phone lines
    return count, partner


MIN_PAGE_LINES = 8
"""Fewest lines a page has: a letterhead repeats no closer than this (median gap)."""


MIN_SHAPED_PAGE_LINES = 3
"""Fewest lines between letterheads that sit beside an address or phone line every time."""
MAX_PAGE_LINES = 200
"""Most lines between two occurrences of a letterhead (a few pages): beyond, it is text."""
MIN_PERIODIC = 0.75
"""Share of the gaps between occurrences that must be about one page (half to 2.5 medians)."""


def _spread(positions: list[int], min_gap: int = MIN_PAGE_LINES) -> bool:
    """Do the occurrences recur page after page, as furniture does?

    Not in one block (a list of signatures), and at a steady rhythm: the gaps between
    occurrences are mostly about the median gap (a page, or two when a page lacks the
    letterhead), where a name recurring in the text comes at random distances.
    """
    gaps = sorted(b - a for a, b in zip(positions, positions[1:]))
    if not gaps:
        return False
    median = gaps[(len(gaps) - 1) // 2]  # the lower median: a page missing its letterhead
    steady = sum(1 for g in gaps if median / 2 <= g <= median * 2.5)
    return min_gap <= median <= MAX_PAGE_LINES and steady >= MIN_PERIODIC * len(gaps)


def _eligible(key: str) -> bool:
    """Keys long enough to be a letterhead line: two words of three letters, eight letters."""
    words = key.split()
    return sum(1 for w in words if len(w) >= 3) >= 2 and len(key) - len(words) + 1 >= 8


def _confirmed_groups(facts: list[LineFacts], representative: dict[int, str]) -> set[int]:
    """Groups that are letterheads or footers: repeated, and mostly next to other furniture."""
    members: dict[int, list[int]] = defaultdict(list)
    for pos, f in enumerate(facts):
        if f.group >= 0 and f.protection == FREE and not f.fragment:
            members[f.group].append(pos)
    eligible = {g for g, pos in members.items() if len(pos) >= 2 and _eligible(representative[g])}
    confirmed: set[int] = set()
    for gid, positions in members.items():
        key = representative[gid]
        words = key.split()
        letters = len(key) - len(words) + 1
        n = len(positions)
        if gid not in eligible or n < 2 or prose_ratio(facts[positions[0]].text) > _MAX_PROSE[min(n, 3)]:
            continue
        support, partner = _support(facts, positions, eligible)
        # beside an address or phone line on most pages, short pages are believable
        shape_partnered = partner == _SHAPE_PARTNER and support * 2 >= n
        if not _spread(positions, MIN_SHAPED_PAGE_LINES if shape_partnered else MIN_PAGE_LINES):
            continue
        if n >= 3 and support * 2 >= n:
            confirmed.add(gid)
        elif n == 2 and positions[0] < 3 and len(words) >= 3 and letters >= 15 and support == 2:
            # twice only: a letterhead must open the document (two signature blocks never do)
            confirmed.add(gid)
        elif n >= 4 and all(title_like(facts[p].text) for p in positions):
            confirmed.add(gid)
    return confirmed


# --- Marking -----------------------------------------------------------------------------------

REASON_REPEATED = "cabeçalho ou rodapé repetido"
REASON_SHAPE = "endereço, telefone, e-mail, sítio ou número de página"
REASON_PAGE = "número de página"
REASON_TOP = "título ou resíduo acima do cabeçalho da primeira página"
REASON_VARIANT = "variante de OCR de um cabeçalho ou rodapé repetido"
REASON_RUN = "resíduo de digitalização entre linhas de cabeçalho ou rodapé"
REASON_DEBRIS = "resíduo de digitalização junto a cabeçalho ou rodapé"
REASON_SITE = "mobiliário do sítio de onde o texto foi copiado (link, download, aviso, menu)"

_BARE_NUMBER = patterns.compile(r"^\d{1,4}$")
_SHORT = 48
"""Longest line the run-growing rules may take."""
_MIN_PAGE_GAP = 10


def _mark_core(facts: list[LineFacts], confirmed: set[int]) -> None:
    """Repeated lines of confirmed groups, their variants beside another one, shaped lines."""
    for pos, f in enumerate(facts):
        if f.protection == STRONG:
            continue
        if f.group in confirmed and (f.repeated or _beside_letterhead(facts, pos, confirmed)):
            f.reason = REASON_REPEATED
        elif f.shape and f.protection == FREE:
            f.reason = REASON_PAGE if PAGE_NUMBER.match(f.text) else REASON_SHAPE


def _beside_letterhead(facts: list[LineFacts], pos: int, confirmed: set[int]) -> bool:
    """Is another line of a confirmed group within two lines (a letterhead is a block)?"""
    return any(
        facts[j].group in confirmed and facts[j].protection != STRONG
        for j in range(max(0, pos - 2), min(len(facts), pos + 3))
        if j != pos
    )


def _mark_page_numbers(facts: list[LineFacts]) -> None:
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


def _mark_site_prompts(facts: list[LineFacts]) -> None:
    """Lines of the website a text was copied from (:func:`site_prompt`): they are not the
    act's, wherever they sit (after the ementa, in place of a fecho, at the end)."""
    for f in facts:
        if f.reason is None and f.protection != STRONG and site_prompt(f.text):
            f.reason = REASON_SITE


def _mark_top_debris(facts: list[LineFacts]) -> None:
    """Short unprotected lines above a letterhead that opens the document."""
    first = next((p for p, f in enumerate(facts[:5]) if f.reason == REASON_REPEATED), None)
    if first is None or first == 0:
        return
    above = facts[:first]
    if all(f.protection == FREE and len(f.text) <= 60 for f in above):
        for f in above:
            f.reason = REASON_TOP


def _run_edges(facts: list[LineFacts]) -> tuple[set[int], set[int]]:
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


def _contentish(f: LineFacts) -> bool:
    return f.reason is None and (f.protection == STRONG or len(f.text) > _SHORT)


def _near_furniture(facts: list[LineFacts], pos: int) -> bool:
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


def _continues_sentence(facts: list[LineFacts], pos: int) -> bool:
    """Could this line be the tail of the sentence on the last content line before it?"""
    if not facts[pos].text[:1].islower():
        return False
    for j in range(pos - 1, -1, -1):
        if facts[j].reason is None:
            return not facts[j].text.endswith(TERMINAL)
    return False


def _grow_runs(facts: list[LineFacts], confirmed: set[int], representative: dict[int, str]) -> None:
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
    if f.group >= 0 and variants.knows(f.group) and prose_ratio(f.text) <= _MAX_PROSE[3]:
        return REASON_VARIANT
    if f.protection != FREE or sentence_like(f.text):
        return None
    if len(f.text) <= _SHORT and _in_run_span(facts, pos, ends, starts):
        return REASON_RUN
    touching = (pos > 0 and facts[pos - 1].reason) or (pos + 1 < len(facts) and facts[pos + 1].reason)
    if touching and is_debris(f.text) and not _continues_sentence(facts, pos):
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
    facts = line_facts(state)
    if not facts:
        return {}
    groups = _cluster(facts)
    representative = groups.representative
    confirmed = _confirmed_groups(facts, representative)
    if confirmed or _furniture_signs(facts):
        _cluster_singletons(facts, groups)
        confirmed = _confirmed_groups(facts, representative)
    _mark_core(facts, confirmed)
    _mark_page_numbers(facts)
    _mark_top_debris(facts)
    _grow_runs(facts, confirmed, representative)
    _mark_site_prompts(facts)
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
                "linha-removida",
                f"linha removida ({reason})",
                Severity.INFO,
                line=line.number,
                text=line.original or line.text,
            )
        )
    state.lines = kept
