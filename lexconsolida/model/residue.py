"""OCR leftovers inside the text of a unit, as every reader of the tree finds them.

Page furniture is removed line by line by the text reader; what the OCR glued to a sentence is
not a line of its own and stays in the text: a stamp read as letters at the end of an inciso
("… ao passageiro; GA", "Infração: gravíssima ar ed") or a "§" read as "&" or "$" inside a
sentence ("conforme & 2º do Art. 56"). This module finds them in any tree (the text reader
repairs the certain ones and warns about the others; ``check`` reports them; every published
output marks those left in the text: :mod:`lexconsolida.model.marks`):

- **symbol for "§"**: "&" or "$" (not "R$") before an ordinal number ("& 2º") inside a text;
- **trailing residue**: one or two short tokens (up to three letters) at the end of a unit that
  are neither Portuguese words, numbers, Roman numerals, nor words the act uses elsewhere.
  After the sentence's own final punctuation ("passageiro; GA") the residue is certain;
  otherwise ("média GO") it is a probable one.

Portuguese words come from the Portuguese dictionary of the PyPI package ``pyspellchecker``
(a frequency list of ~400,000 word forms), loaded only when a text has a candidate.

>>> tail_residue("descartável ao passageiro; GA", lambda w: w.lower() in {"ao"})
Residue(start=26, text='GA', certain=True)
>>> tail_residue("a) Infração: média GO", lambda w: w.lower() in {"média", "infração"})
Residue(start=18, text='GO', certain=False)
>>> section_symbols("conforme & 2º do Art. 56")
[(9, '&')]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

from lexconsolida import patterns
from lexconsolida.model.nodes import Agrupador, Dispositivo, Kind, Norma

_TOKEN = patterns.compile(r"\S+")
_SHORT = patterns.compile(r"[^\W\d_]{1,3}")
_ROMAN = patterns.compile(r"[IVXLCDM]+")
_SECTION = patterns.compile(r"(?<=[\s(])(?P<sym>[&$])\s?(?=\d{1,3}\s?[º°]\s)")
_TERMINAL = ".;:!?"
FUNCTION_WORDS = frozenset("a o e é à ao as os da de do das dos em no na nos nas um uma ou por "
                           "se que com sem".split())
"""Short words that end a broken line: never part of a residue."""


@cache
def portuguese_words() -> frozenset[str]:
    """Portuguese word forms (lower case) from pyspellchecker's dictionary."""
    import gzip  # heavy to import (with json and importlib.resources: a tenth of a parse process's start);
    import json  # only a text with suspected residue needs the dictionary
    from importlib import resources  # (heavy, as above)

    data = resources.files("spellchecker").joinpath("resources", "pt.json.gz").read_bytes()
    return frozenset(json.loads(gzip.decompress(data)))


@dataclass(slots=True, frozen=True)
class Residue:
    start: int
    """Offset in the text where the residue starts."""
    text: str
    certain: bool
    """True when it follows the sentence's own final punctuation (then it is removed)."""


def section_symbols(text: str) -> list[tuple[int, str]]:
    """(offset, symbol) of every '&' or '$' standing for '§' inside ``text``."""
    if "&" not in text and "$" not in text:
        return []  # the common case, without a regex scan
    return [(m.start("sym"), m.group("sym")) for m in _SECTION.finditer(text)]


def tail_residue(text: str, known: Callable[[str], bool]) -> Residue | None:
    """The residue at the end of ``text``, or None. ``known(token)`` says a token is a word."""
    toks = list(_TOKEN.finditer(text))
    if len(toks) < 3:
        return None
    last = toks[-1].group()
    if not _SHORT.fullmatch(last) or _is_known(last, known):
        return None
    first = len(toks) - 1
    prev = toks[-2].group()
    if (len(toks) >= 4 and _SHORT.fullmatch(prev) and prev.lower() not in FUNCTION_WORDS
            and not _ROMAN.fullmatch(prev) and prev.islower() == last.islower()):
        first -= 1
    before = toks[first - 1].group()
    if before in ("-", "–", "—", "=", "/"):  # a code after a dash ('Procurador - NE') is data
        return None
    certain = before[-1] in _TERMINAL and not any(
        _is_known(t.group(), known) for t in toks[first:])
    return Residue(toks[first].start(), text[toks[first].start():].rstrip(), certain)


def _is_known(token: str, known: Callable[[str], bool]) -> bool:
    if len(token) == 1:  # 'a', 'e', 'b' (alínea b): never judged
        return True
    if _ROMAN.fullmatch(token):
        return True
    return known(token)


class Vocabulary:
    """What counts as a word in one act: the dictionary, and tokens the act itself uses
    elsewhere (acronyms such as 'CTB' or 'UPF', names)."""

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        self._own: Counter[str] | None = None

    @property
    def own(self) -> Counter[str]:
        """How often each token (lower case, outer punctuation stripped) occurs in the act;
        counted on the first token the dictionary does not know."""
        if self._own is None:
            # Count the raw tokens first (in C), then normalise each distinct one: the same
            # counts, a tenth of the Python work on a long act.
            raw = Counter(_TOKEN.findall("\n".join(self.texts)))
            self._own = Counter()
            for token, n in raw.items():
                self._own[token.strip(".,;:()“”\"'").lower()] += n
        return self._own

    def __call__(self, token: str) -> bool:
        low = token.lower()
        if low in FUNCTION_WORDS or low in portuguese_words():
            return True
        return self.own[low] >= 2  # the act uses it again: not a stamp read once


def _units(norma: Norma) -> list[tuple[Dispositivo, tuple[int, int] | None]]:
    """Every dispositivo with text, with the source lines to report (an artigo's for its caput)."""
    out: list[tuple[Dispositivo, tuple[int, int] | None]] = []
    _visit(norma.articulacao, None, out)
    return out


def _visit(nodes, lines, out: list) -> None:
    """Append to ``out`` the units of ``nodes`` with text (no generator chain per level: the
    reader's hot path; a module function, not a closure that refers to itself — that cycle held
    ``out`` until a collection ran)."""
    for node in nodes:
        if isinstance(node, Agrupador):
            _visit(node.children, node.lines, out)
            continue
        own = node.lines or lines
        if node.text and node.kind is not Kind.OMISSIS:
            out.append((node, own))
        if node.children:
            _visit(node.children, own, out)


_LAST_WORD_WINDOW = 40


def find(norma: Norma) -> Iterator[tuple[Dispositivo, tuple[int, int] | None, str, Residue | None]]:
    """(unit, lines, kind, residue): kind 'simbolo' (residue None) or 'final'."""
    units = _units(norma)
    vocabulary: Vocabulary | None = None
    for unit, lines in units:
        text = unit.text
        for _ in section_symbols(text):
            yield unit, lines, "simbolo", None
        # the last word, from the end of the text only (a residue is a short word: a longer last
        # word, cut at the window's start, is still too long to be one)
        tail = text[-_LAST_WORD_WINDOW:].rsplit(None, 1)
        last = tail[-1] if tail else ""
        if not _SHORT.fullmatch(last) or len(last) == 1:
            continue  # the common case: no dictionary needed
        if vocabulary is None:
            vocabulary = Vocabulary([u.text for u, _ in units])
        residue = tail_residue(unit.text, vocabulary)
        if residue is not None:
            yield unit, lines, "final", residue


