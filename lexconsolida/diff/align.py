"""Alignment of two flattened norms: which old unit became which new unit.

Near-linear: hash-based passes first, similarity only on what is left, with candidates found
through an inverted index of word pairs (never all pairs). The passes, in order:

1. the correspondence table of a consolidation, when given (``old id → new id``);
2. same id (``par1u`` read as ``par1``) and same text;
3. same text, unique on both sides (moved or renumbered units);
4. children of paired units by relative id (``art7_par1`` follows ``art7 → art8``);
5. same text with numbers and labels masked, unique on both sides;
6. similarity above a threshold (a bonus for the same id and for paired parents);
7. what remains with the same id (a whole rewording);
8. splits (one old unit whose text now sits in several new ones) and merges (the reverse).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
import re

from lexconsolida.diff.units import Unit, mask_normalized, normalize

UNCHANGED, CHANGED, ADDED, REMOVED, MOVED, SPLIT, MERGED = (
    "unchanged", "changed", "added", "removed", "moved", "split", "merged",
)
STATUSES = (UNCHANGED, CHANGED, MOVED, SPLIT, MERGED, ADDED, REMOVED)

MIN_UNIQUE_WORDS = 3
"""Texts shorter than this (in words) are too common to pair by text alone ('a soberania;')."""
SIMILAR = 0.6
"""Dice coefficient of word bags above which two units of the same kind are the same unit."""
SIMILAR_SAME_ID = 0.4
"""Lower bar for units that keep their id or whose parents are paired."""
CONTAINED = 0.8
"""Share of a unit's word pairs found in another for a split or a merge."""
MIN_PIECE_WORDS = 6
"""Shorter pieces ('O imposto previsto no inciso III:') are too common to call a split."""
MAX_POSTING = 60
"""Word pairs found in more units than this are not used to find candidates."""
MAX_CANDIDATES = 12

_WORD = re.compile(r"\w+")


@dataclass(frozen=True, slots=True)
class Match:
    """One row of the alignment: indices into the old and new unit lists."""

    status: str
    old: tuple[int, ...]
    new: tuple[int, ...]


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def shingles(ws: Sequence[str]) -> set[str]:
    """Word pairs of a text (single words for one-word texts)."""
    if len(ws) < 2:
        return set(ws)
    return {f"{a} {b}" for a, b in zip(ws, ws[1:])}


Shingle = str | tuple[str, str]
"""A word pair (a one-word text's word alone): a string for :func:`shingles`, a tuple inside
the aligner."""


def _pairs(ws: Sequence[str]) -> set[Shingle]:
    """:func:`shingles` as the aligner keeps them: word pairs as tuples (made in C, not
    formatted one by one), single words for one-word texts. Only compared with each other,
    so the same pairings as the strings."""
    if len(ws) < 2:
        return set(ws)
    return set(zip(ws, ws[1:]))


def best_first(hits: Counter, limit: int) -> list[tuple[int, int]]:
    """The ``limit`` (unit, count) items with the highest counts, the lower unit first among
    equals: ``sorted(hits.items(), key=lambda x: (-x[1], x[0]))[:limit]`` without a Python
    key call per item (a stable sort by unit, then by count, highest first)."""
    items = sorted(hits.items())
    items.sort(key=itemgetter(1), reverse=True)
    return items[:limit]


def dice(a: Counter, b: Counter) -> float:
    total = sum(a.values()) + sum(b.values())
    if total == 0:
        return 1.0
    return 2 * sum((a & b).values()) / total


class _Aligner:
    """Mutable alignment state; used only inside :func:`align`."""

    def __init__(self, old: Sequence[Unit], new: Sequence[Unit]) -> None:
        self.old, self.new = old, new
        self.o2n: dict[int, int] = {}
        self.n2o: dict[int, int] = {}
        self.old_by_id = {u.id: i for i, u in enumerate(old)}
        self.new_by_id = {u.id: i for i, u in enumerate(new)}
        self.new_by_canon: dict[str, int] = {}
        for i, u in enumerate(new):
            self.new_by_canon.setdefault(u.canonical_id, i)
        self.norm_old = [normalize(u.body) for u in old]
        self.norm_new = [normalize(u.body) for u in new]
        self._bags: dict[tuple[str, int], Counter] = {}
        self._words: dict[tuple[str, int], list[str]] = {}
        self._shingles: dict[tuple[str, int], set[Shingle]] = {}

    # -- helpers -------------------------------------------------------------------------
    def pair(self, o: int, n: int) -> None:
        self.o2n[o] = n
        self.n2o[n] = o

    def free_old(self) -> list[int]:
        return [i for i in range(len(self.old)) if i not in self.o2n]

    def free_new(self) -> list[int]:
        return [i for i in range(len(self.new)) if i not in self.n2o]

    def words_of(self, side: str, i: int) -> list[str]:
        key = (side, i)
        if key not in self._words:
            unit = (self.old if side == "o" else self.new)[i]
            self._words[key] = words(unit.body)
        return self._words[key]

    def shingles_of(self, side: str, i: int) -> set[Shingle]:
        """:func:`_pairs` of a unit, computed once (the similarity pass and both split/merge
        passes ask for the same units)."""
        key = (side, i)
        found = self._shingles.get(key)
        if found is None:
            found = self._shingles[key] = _pairs(self.words_of(side, i))
        return found

    def bag(self, side: str, i: int) -> Counter:
        key = (side, i)
        if key not in self._bags:
            self._bags[key] = Counter(self.words_of(side, i))
        return self._bags[key]

    def similarity(self, o: int, n: int) -> float:
        return dice(self.bag("o", o), self.bag("n", n))

    def compatible(self, o: int, n: int) -> bool:
        return self.old[o].kind == self.new[n].kind

    # -- passes --------------------------------------------------------------------------
    def by_table(self, table: Mapping[str, str]) -> None:
        for old_id, new_id in table.items():
            o, n = self.old_by_id.get(old_id), self.new_by_id.get(new_id)
            if o is not None and n is not None and o not in self.o2n and n not in self.n2o:
                self.pair(o, n)

    def by_id_and_text(self) -> None:
        for o, u in enumerate(self.old):
            n = self.new_by_id.get(u.id)
            if n is None:
                n = self.new_by_canon.get(u.canonical_id)
            if n is None or n in self.n2o or o in self.o2n or not self.compatible(o, n):
                continue
            if self.norm_old[o] == self.norm_new[n] and self._same_place(o, n):
                self.pair(o, n)

    def _same_place(self, o: int, n: int) -> bool:
        """Whether the parents are paired to each other (always true under agrupadores).

        Keeps 'I – a soberania;' of old art. 2 from pairing with the same inciso of new art. 2
        when new art. 2 is old art. 1 renumbered: parents come first in document order.
        """
        po = self.old_by_id.get(self.old[o].parent or "")
        if po is None or self.old[po].is_agrupador:
            return True
        return self.o2n.get(po) == self.new_by_id.get(self.new[n].parent or "")

    def by_unique_key(self, key_old: Sequence[str], key_new: Sequence[str]) -> None:
        def index(keys: Sequence[str], free: Iterable[int], side: str) -> dict[str, list[int]]:
            out: dict[str, list[int]] = defaultdict(list)
            for i in free:
                k = keys[i]
                if len(k) >= 12 and len(self.words_of(side, i)) >= MIN_UNIQUE_WORDS:
                    out[k].append(i)
            return out

        olds = index(key_old, self.free_old(), "o")
        news = index(key_new, self.free_new(), "n")
        for k, os in olds.items():
            ns = news.get(k)
            if ns and len(os) == 1 and len(ns) == 1 and self.compatible(os[0], ns[0]):
                self.pair(os[0], ns[0])

    def masked(self) -> tuple[list[str], list[str]]:
        """:func:`mask_normalized` keys of the units still free ('' for paired ones, which
        :meth:`by_unique_key` never reads): masking is the costliest normalisation, and by
        this pass most units are paired."""
        def keys(norm: list[str], paired: dict[int, int]) -> list[str]:
            return ["" if i in paired else mask_normalized(t) for i, t in enumerate(norm)]

        return keys(self.norm_old, self.o2n), keys(self.norm_new, self.n2o)

    def by_parent(self) -> None:
        for o, u in enumerate(self.old):
            if o in self.o2n or u.parent is None:
                continue
            po = self.old_by_id.get(u.parent)
            if po is None or po not in self.o2n or not u.id.startswith(u.parent):
                continue
            pn = self.new[self.o2n[po]]
            suffix = u.id[len(u.parent):]
            n = self.new_by_id.get(pn.id + suffix)
            if n is None:
                n = self.new_by_canon.get(pn.canonical_id + suffix.replace("par1u", "par1"))
            if n is None or n in self.n2o or not self.compatible(o, n):
                continue
            if self.norm_old[o] == self.norm_new[n] or self.similarity(o, n) >= SIMILAR_SAME_ID:
                self.pair(o, n)

    def by_similarity(self) -> None:
        free_new = self.free_new()
        index: dict[Shingle, list[int]] = defaultdict(list)
        for n in free_new:
            for s in self.shingles_of("n", n):
                index[s].append(n)
        scored: list[tuple[float, int, int]] = []
        for o in self.free_old():
            hits: Counter = Counter()
            for s in self.shingles_of("o", o):
                posting = index.get(s)
                if posting and len(posting) <= MAX_POSTING:
                    hits.update(posting)
            cands = {n for n, _ in best_first(hits, MAX_CANDIDATES)}
            same = self.new_by_canon.get(self.old[o].canonical_id)
            if same is not None and same not in self.n2o:
                cands.add(same)
            for n in cands:
                if not self.compatible(o, n):
                    continue
                sim = self.similarity(o, n)
                related = n == same or self._parents_paired(o, n)
                if sim >= (SIMILAR_SAME_ID if related else SIMILAR):
                    scored.append((sim + (0.2 if related else 0.0), o, n))
        scored.sort(key=lambda x: (-x[0], x[1], x[2]))
        for _, o, n in scored:
            if o not in self.o2n and n not in self.n2o:
                self.pair(o, n)

    def _parents_paired(self, o: int, n: int) -> bool:
        po, pn = self.old[o].parent, self.new[n].parent
        if po is None or pn is None:
            return po is None and pn is None
        i = self.old_by_id.get(po)
        return i is not None and self.o2n.get(i) == self.new_by_id.get(pn)

    def by_id_leftover(self) -> None:
        for o in self.free_old():
            u = self.old[o]
            n = self.new_by_id.get(u.id)
            if n is None:
                n = self.new_by_canon.get(u.canonical_id)
            if n is not None and n not in self.n2o and self.compatible(o, n):
                self.pair(o, n)

    # -- splits and merges ---------------------------------------------------------------
    def groups(self) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
        """Splits (old → extra new units) and merges (new → extra old units)."""
        splits = self._contained(self.free_new(), "n", "o", self.o2n)
        merges = self._contained(self.free_old(), "o", "n", self.n2o)
        return splits, merges

    def _contained(self, pieces: list[int], piece_side: str, whole_side: str,
                   partner: dict[int, int]) -> dict[int, list[int]]:
        wholes = self.old if whole_side == "o" else self.new
        piece_units = self.new if piece_side == "n" else self.old
        pieces = [p for p in pieces if len(self.words_of(piece_side, p)) >= MIN_PIECE_WORDS
                  and not piece_units[p].is_agrupador]
        if not pieces:
            return {}
        # Postings only for the word pairs the pieces have: the same lists a full index would
        # hold for them, at a fraction of the cost (few units are left unpaired).
        wanted = set().union(*(self.shingles_of(piece_side, p) for p in pieces))
        index: dict[Shingle, list[int]] = defaultdict(list)
        for w in range(len(wholes)):
            if wholes[w].is_agrupador:
                continue
            for s in self.shingles_of(whole_side, w) & wanted:
                index[s].append(w)
        out: dict[int, list[int]] = defaultdict(list)
        for p in pieces:
            sh = self.shingles_of(piece_side, p)
            for w, count in containers(sh, index):
                if count / len(sh) < CONTAINED:
                    break
                other = partner.get(w)
                if other is not None and self._contains(other, whole_side, sh):
                    continue  # the text stayed where it was: a copy, not a split or merge
                out[w].append(p)
                break
        return out

    def _contains(self, i: int, whole_side: str, sh: set[Shingle]) -> bool:
        side = "n" if whole_side == "o" else "o"
        theirs = self.shingles_of(side, i)
        return len(sh & theirs) / len(sh) >= 0.5


def containers(sh: set[str] | set[Shingle], index: Mapping[str, list[int]] | Mapping[Shingle, list[int]],
               limit: int = 3) -> list[tuple[int, int]]:
    """(unit, word pairs shared) of the units sharing most of ``sh``, best first; word pairs
    found in more than :data:`MAX_POSTING` units are not used."""
    hits: Counter = Counter()
    get = index.get
    for s in sh:
        posting = get(s)  # type: ignore[arg-type]  # str keys with str shingles, tuples with tuples
        if posting and len(posting) <= MAX_POSTING:
            hits.update(posting)
    return best_first(hits, limit)


def _pair_status(a: _Aligner, o: int, n: int) -> str:
    old, new = a.old[o], a.new[n]
    renumbered = old.id != new.id or (old.rotulo or "").lower() != (new.rotulo or "").lower()
    if renumbered:
        return MOVED
    return UNCHANGED if a.norm_old[o] == a.norm_new[n] else CHANGED


def align(old: Sequence[Unit], new: Sequence[Unit],
          table: Mapping[str, str] | None = None) -> list[Match]:
    """Pair the units of two texts; every unit of each side is in exactly one match."""
    a = _Aligner(old, new)
    if table:
        a.by_table(table)
    a.by_id_and_text()
    a.by_unique_key(a.norm_old, a.norm_new)
    a.by_parent()
    a.by_unique_key(*a.masked())
    a.by_parent()
    a.by_similarity()
    a.by_parent()
    a.by_id_leftover()
    splits, merges = a.groups()

    matches: list[Match] = []
    used_old: set[int] = set()
    used_new: set[int] = set()
    for o, pieces in splits.items():
        news = sorted(([a.o2n[o]] if o in a.o2n else []) + pieces)
        if len(news) == 1:  # a removed unit whose text now sits in an added one: a move
            a.pair(o, news[0])
            continue
        matches.append(Match(SPLIT, (o,), tuple(news)))
        used_old.add(o)
        used_new.update(news)
    for n, pieces in merges.items():
        olds = sorted(set(([a.n2o[n]] if n in a.n2o else []) + pieces))
        if len(olds) == 1 and not used_old.intersection(olds) and n not in used_new:
            a.pair(olds[0], n)
            continue
        if used_old.intersection(olds) or n in used_new:
            continue  # a unit both split and merged: keep the split, list the rest apart
        matches.append(Match(MERGED, tuple(olds), (n,)))
        used_old.update(olds)
        used_new.add(n)
    for o, n in sorted(a.o2n.items()):
        if o not in used_old and n not in used_new:
            matches.append(Match(_pair_status(a, o, n), (o,), (n,)))
            used_old.add(o)
            used_new.add(n)
    matches.extend(Match(REMOVED, (o,), ()) for o in range(len(old)) if o not in used_old)
    matches.extend(Match(ADDED, (), (n,)) for n in range(len(new)) if n not in used_new)
    return matches
