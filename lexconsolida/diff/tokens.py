"""Word-level changes: tokenise, diff on token-encoded strings, clean up.

Tokens are words, numbers with their separators and currency sign ("R$ 1.500,00" is one
token), whitespace runs and single punctuation marks; joined back they give the text exactly.
Each distinct token is mapped to one private-use character (as diff-match-patch's
``diff_linesToChars`` does for lines), the two encoded strings are diffed with the
diff-match-patch algorithm and its semantic clean-up, and the result is decoded to token runs.

Two engines run the same algorithm: ``fast`` (PyPI ``fast-diff-match-patch``, the C++ port)
and ``python`` (PyPI ``diff-match-patch``, pure Python). ``bench/diff.py`` measures both;
:data:`DEFAULT_ENGINE` is the faster.

>>> tokenize("Multa de R$ 1.500,00 (NR).")
['Multa', ' ', 'de', ' ', 'R$ 1.500,00', ' ', '(', 'NR', ')', '.']
>>> word_diff("multa de 600 UFIR", "multa de 1.200 UFIR")
(Op(kind='=', text='multa de '), Op(kind='-', text='600'), Op(kind='+', text='1.200'), Op(kind='=', text=' UFIR'))
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lexconsolida.errors import UsageError

EQUAL, DELETE, INSERT = "=", "-", "+"

PARAGRAPH_BREAK = "\u2029"
"""Joins the texts of several units (splits and merges) into one diffable string."""

_TOKEN = re.compile(
    r"""R\$\s?\d+(?:[.,]\d+)*         # money: R$ 1.500,00
      | \d+(?:[.,]\d+)*[º°ª]?          # numbers: 1.200, 12,5, 1º
      | \w+(?:[-'’]\w+)*               # words, hyphenated: constitui-se
      | [^\S\u2029]+                   # whitespace run (never a paragraph break)
      | .                              # any other single character
    """,
    re.VERBOSE | re.DOTALL,
)

WHOLE_REPLACEMENT_BELOW = 0.35
"""When the unchanged share of the longer text is below this, show a whole replacement."""


@dataclass(frozen=True, slots=True)
class Op:
    """One run of a word-level diff."""

    kind: str
    """'=' kept, '-' deleted from the old text, '+' inserted in the new text."""
    text: str
    """The run's text (tokens joined)."""


def tokenize(text: str) -> list[str]:
    """The tokens of ``text``; ``"".join(tokenize(t)) == t`` always."""
    return _TOKEN.findall(text)


def _code_point(i: int) -> str:
    # Private-use areas: 6,400 in the BMP, then 65,534 in plane 15, then plane 16.
    if i < 6400:
        return chr(0xE000 + i)
    if i < 6400 + 65534:
        return chr(0xF0000 + i - 6400)
    return chr(0x100000 + i - 6400 - 65534)


def encode(old: Sequence[str], new: Sequence[str]) -> tuple[str, str, list[str]]:
    """Each distinct token → one character; returns both encoded strings and the code table."""
    table: list[str] = []
    index: dict[str, str] = {}
    # Codes in order of first occurrence (old, then new); each distinct token is looked at
    # once in Python, the strings are mapped in C.
    for t in dict.fromkeys([*old, *new]):
        index[t] = _code_point(len(table))
        table.append(t)
    code = index.__getitem__
    return "".join(map(code, old)), "".join(map(code, new)), table


def _engine_fast(a: str, b: str) -> list[tuple[str, str]]:
    import fast_diff_match_patch  # one of two diff engines: loaded only when this one is chosen

    return fast_diff_match_patch.diff(
        a, b, timelimit=0, checklines=False, cleanup="Semantic", counts_only=False
    )


_PY_DMP = None


def _engine_python(a: str, b: str) -> list[tuple[str, str]]:
    global _PY_DMP
    if _PY_DMP is None:
        import diff_match_patch  # one of two diff engines: loaded only when this one is chosen

        _PY_DMP = diff_match_patch.diff_match_patch()
        _PY_DMP.Diff_Timeout = 0
    diffs = _PY_DMP.diff_main(a, b, False)
    _PY_DMP.diff_cleanupSemantic(diffs)
    symbol = {0: EQUAL, -1: DELETE, 1: INSERT}
    return [(symbol[op], s) for op, s in diffs]


ENGINES: dict[str, Callable[[str, str], list[tuple[str, str]]]] = {
    "fast": _engine_fast,
    "python": _engine_python,
}
DEFAULT_ENGINE = "fast"
"""The C++ port: about 4x faster than the pure-Python one on CF/88 (see ``bench/diff.py``)."""


def get_engine(name: str | None) -> Callable[[str, str], list[tuple[str, str]]]:
    try:
        return ENGINES[name or DEFAULT_ENGINE]
    except KeyError:
        known = ", ".join(sorted(ENGINES))
        raise UsageError(f"motor de diff desconhecido: {name!r} (conhecidos: {known})") from None


def normalize_ops(ops: Sequence[Op]) -> tuple[Op, ...]:
    """Drop empty runs, merge neighbours of the same kind, put '-' before '+' in each change."""
    out: list[Op] = []
    pending_del: list[str] = []
    pending_ins: list[str] = []

    def flush() -> None:
        if pending_del:
            out.append(Op(DELETE, "".join(pending_del)))
        if pending_ins:
            out.append(Op(INSERT, "".join(pending_ins)))
        pending_del.clear()
        pending_ins.clear()

    for op in ops:
        if not op.text:
            continue
        if op.kind == DELETE:
            pending_del.append(op.text)
        elif op.kind == INSERT:
            pending_ins.append(op.text)
        else:
            flush()
            if out and out[-1].kind == EQUAL:
                out[-1] = Op(EQUAL, out[-1].text + op.text)
            else:
                out.append(op)
    flush()
    return tuple(out)


def kept_ratio(ops: Sequence[Op]) -> float:
    """Share of the longer side that the diff keeps (non-space characters)."""
    def size(kinds: str) -> int:
        return sum(len("".join(o.text.split())) for o in ops if o.kind in kinds)

    kept, old, new = size(EQUAL), size(EQUAL + DELETE), size(EQUAL + INSERT)
    longer = max(old, new)
    return 1.0 if longer == 0 else kept / longer


def replacement(old: str, new: str) -> tuple[Op, ...]:
    return normalize_ops([Op(DELETE, old), Op(INSERT, new)])


def word_diff(old: str, new: str, engine: str | None = None) -> tuple[Op, ...]:
    """The word-level operations turning ``old`` into ``new``.

    Guarantees: the '=' and '-' runs joined give ``old``; the '=' and '+' runs give ``new``.
    When little survives (:data:`WHOLE_REPLACEMENT_BELOW`) the result is a whole replacement.
    """
    if old == new:
        return (Op(EQUAL, old),) if old else ()
    if not old or not new:
        return replacement(old, new)
    a, b, table = encode(tokenize(old), tokenize(new))
    raw = get_engine(engine)(a, b)
    token = dict(zip(map(_code_point, range(len(table))), table)).__getitem__  # code → token
    ops = normalize_ops([Op(kind, "".join(map(token, chars))) for kind, chars in raw])
    if kept_ratio(ops) < WHOLE_REPLACEMENT_BELOW:
        return replacement(old, new)
    return ops


def old_text(ops: Sequence[Op]) -> str:
    return "".join(o.text for o in ops if o.kind != INSERT)


def new_text(ops: Sequence[Op]) -> str:
    return "".join(o.text for o in ops if o.kind != DELETE)
