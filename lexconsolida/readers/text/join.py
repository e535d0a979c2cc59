"""Rule ``join_text``: a unit's lines joined into one text.

Lines broken inside a sentence are joined with single spaces. A word hyphenated at the end of
a line ('regulamen-' / 'tação') is re-joined without the hyphen, and the repair is reported; a
real hyphen is kept: compounds whose first part takes a hyphen ('para-' / 'barro',
'vice-' / 'prefeito'), verbs with enclitic pronouns ('aplicar-' / 'se-á', 'julgá-' / 'lo') and
a hyphen before a capital or a digit ('Pedra Preta-' / 'MT').
Nothing else in the text changes (OCR noise stays as printed).
"""

from __future__ import annotations


from lexconsolida import patterns
from lexconsolida.model import Agrupador, Diagnostic, Severity
from lexconsolida.readers.text.state import TextState

_HYPHENATED = patterns.compile(r"(?P<word>[A-Za-zÀ-ÿ]+)-$")
_NEXT_WORD = patterns.compile(r"^(?P<word>[a-zà-ÿ][A-Za-zÀ-ÿ-]*)")
_NEXT_UPPER = patterns.compile(r"^[A-ZÀ-Ý0-9]")
_ENCLITIC = patterns.compile(r"^(?:se|lo|la|los|las|lhe|lhes|me|te|nos|vos|o|a|os|as|á|ão|ia|iam|emos|ei)(?:-|\b|$)")
KEEP_PREFIXES = frozenset({
    "para", "guarda", "porta", "vice", "ex", "pré", "pós", "pró", "recém", "sem", "bem", "além",
    "aquém", "mal", "grão", "grã", "circum", "pan", "anti", "auto", "contra", "extra", "infra",
    "intra", "sobre", "sub", "super", "inter", "ultra", "micro", "macro", "mini", "semi", "co",
    "tele", "bate", "conta", "quebra", "arco", "beija", "pica", "salva", "segunda", "terça",
    "quarta", "quinta", "sexta", "e",
})


def join_lines(fragments: list[str]) -> tuple[str, list[tuple[int, str, str]]]:
    """(text, repairs): repairs are (index of the second line, before, after); ``before`` holds
    the two pieces as printed, joined by a line break ('Administra-\\nção').

    Linear in the length of the text: pieces are joined once at the end, and only the last
    :data:`_TAIL` characters are looked at for a hyphenated word (a unit of 50,000 lines grew
    quadratically when the text was rebuilt at every line)."""
    parts: list[str] = []
    repairs = []
    for i, frag in enumerate(fragments):
        frag = frag.strip()
        if not frag:
            continue
        if not parts:
            parts.append(frag)
            continue
        m = _HYPHENATED.search(_tail(parts)) if parts[-1].endswith("-") else None
        if m and _NEXT_UPPER.match(frag):
            parts.append(frag)  # 'Pedra Preta-' / 'MT', 'Decreto-' / 'Lei': a compound, hyphen kept
            continue
        n = _NEXT_WORD.match(frag)
        if m and n:
            left, right = m.group("word"), n.group("word")
            if left.lower() in KEEP_PREFIXES or _ENCLITIC.match(right):
                parts.append(frag)
            else:
                parts[-1] = parts[-1][:-1]
                parts.append(frag)
                repairs.append((i, f"{left}-\n{right}", left + right))
            continue
        parts.append(" " + frag)
    return "".join(parts), repairs


_TAIL = 80
"""How far back a hyphenated word at the end of the text is looked for."""


def _tail(parts: list[str]) -> str:
    """The last :data:`_TAIL` characters of ``"".join(parts)``."""
    taken, length = [], 0
    for part in reversed(parts):
        taken.append(part)
        length += len(part)
        if length >= _TAIL:
            break
    text = "".join(reversed(taken))
    return text[-_TAIL:]


def join_text(state: TextState) -> None:
    fragments = state.scratch.get("fragments", {})
    for node in _all_units(state):
        if isinstance(node, Agrupador) or "\n" not in node.text:
            continue
        text, repairs = join_lines(node.text.split("\n"))
        node.text = text
        lines = fragments.get(id(node))
        for index, before, after in repairs:
            line = lines[index] if lines and index < len(lines) else (node.lines[0] if node.lines else None)
            state.diagnostics.append(Diagnostic(
                "reparo", "hifenização de fim de linha desfeita: '" + before.replace("\n", "' + '") + f"' → '{after}'",
                Severity.INFO, line=line, where=node.id or None, before=before, after=after,
            ))


def _all_units(state: TextState):
    for node in state.norma.walk():
        yield node
        for alt in getattr(node, "alteracoes", ()):
            for child in alt.children:
                yield from child.walk()
