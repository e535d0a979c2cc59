"""Recognising the instructions that change a table or an annex (``docs/tabelas.md``).

ISOLATED ON PURPOSE: the recognition of amending sentences is moving into one grammar with a
typed instruction tree; this module is called from one place of the current recogniser
(``recognise._article``) and depends on nothing of it, so it moves into the grammar as it is.
The vocabulary is data (``lexconsolida/data/gramatica/tabelas.toml``).

:func:`read_instruction` takes an amending dispositivo's text and the texts quoted with it and
returns None when the sentence is not a table instruction of a shape known here (the general
recogniser reads it as before), or a :class:`TableReading`: the instructions it states, each a
:class:`TableInstruction` (the fields of an :class:`~lexconsolida.model.operations.Operation`
of a table kind), and the problems for a person. Shapes:

- a cell: 'Na tabela do Anexo I …, a coluna "Vagas" da linha "Advogado" passa a ser "35"';
- 'onde se lê "R$ 100,00", leia-se "R$ 150,00"' in an annex (the one cell holding it);
- a row added: 'Fica acrescida ao Anexo I … a seguinte linha [após a linha "X"]:' + a quoted
  table (its heading dropped when it repeats the target's: the applier checks the width);
- a row removed: 'Fica suprimida do Anexo I … a linha "Advogado"';
- a whole table or annex: 'O Anexo I … passa a vigorar com a seguinte redação:' + quoted text:
  a single table → the table replaced; passages and tables → the annex replaced.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from lexconsolida.model.numbering import roman_to_int
from lexconsolida.readers.text.tables import TABLE_LINE, find_blocks, split_pipes

_QUOTES = "\"“”'"
_SEPARATOR_ONLY = re.compile(r"^[\s|+:=_-]*$")


@dataclass(slots=True, frozen=True)
class TableInstruction:
    kind: str
    """An :data:`~lexconsolida.model.operations.TABLE_KINDS` value."""
    target_id: str
    """'anx1' (an annex: its only table, or the annex itself), 'art5' (the table of a unit)."""
    row: str | None = None
    column: str | None = None
    text: str | None = None
    expression: str | None = None
    cells: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    header_rows: int = 0


@dataclass(slots=True)
class TableReading:
    instructions: list[TableInstruction] = field(default_factory=list)
    problems: list[tuple[str, str]] = field(default_factory=list)
    """(code, Portuguese message) for a person."""


@cache
def vocabulary() -> dict[str, dict[str, list[re.Pattern]]]:
    raw = tomllib.loads(resources.files("lexconsolida").joinpath("data/gramatica/tabelas.toml")
                        .read_text(encoding="utf-8"))
    return {section: {name: [re.compile(p, re.IGNORECASE) for p in pats] for name, pats in entries.items()}
            for section, entries in raw.items()}


def _search(section: str, name: str, text: str) -> re.Match | None:
    for p in vocabulary()[section][name]:
        m = p.search(text)
        if m:
            return m
    return None


def _all(section: str, name: str, text: str) -> list[re.Match]:
    return [m for p in vocabulary()[section][name] for m in p.finditer(text)]


def target_of(text: str) -> str | None:
    """The id of the table or annex the sentence names in the norm it changes ('anx2'), or None
    (none named, or the amending act's own annex: 'conforme o Anexo desta Lei')."""
    if _search("alvo", "proprio", text) and not re.search(r"\bAnexos?\s+([IVXLC]+|\d+|[ÚU]nico)\s+d[ao]\s+(?:Lei|Decreto)",
                                                          text, re.IGNORECASE):
        return None
    m = _search("alvo", "anexo", text)
    if m:
        num = m.groupdict().get("num")
        if not num or num[0] in "ÚUúu":
            return "anx1"
        return f"anx{int(num) if num.isdigit() else roman_to_int(num.upper())}"
    m = _search("alvo", "artigo", text)
    if m:
        return f"art{m.group('art')}"
    return None


def _unquote(raw: str) -> list[str]:
    """The lines of a quoted text without the outer quotes and a trailing '(NR)'."""
    s = raw.strip()
    s = re.sub(r"\s*\((?:NR|AC)\)\s*$", "", s)
    if s and s[0] in _QUOTES:
        s = s[1:]
    s = s.rstrip()
    if s and s[-1] in _QUOTES:
        s = s[:-1]
    return s.split("\n")


def read_instruction(text: str, quoted: list[str]) -> TableReading | None:
    """The table instructions of a dispositivo (module docstring), or None."""
    target = target_of(text)
    if target is None:
        return None
    reading = TableReading()
    errata = _all("errata", "onde", text)
    if errata:
        row = _search("celula", "linha", text)
        col = _search("celula", "coluna", text)
        for m in errata:
            reading.instructions.append(TableInstruction(
                "celula", target, row=row.group("v") if row else None, column=col.group("v") if col else None,
                expression=m.group("de"), text=m.group("para")))
        return reading
    row = _search("celula", "linha", text)
    col = _search("celula", "coluna", text)
    value = _search("celula", "valor", text)
    if row and col and value:
        reading.instructions.append(TableInstruction("celula", target, row=row.group("v"), column=col.group("v"),
                                                     text=value.group("v")))
        return reading
    removed = _search("linha", "revogacao", text)
    if removed:
        reading.instructions.append(TableInstruction("linha_revogacao", target, row=removed.group("v")))
        return reading
    tables = [b for q in quoted for b in find_blocks(_unquote(q))]
    if _search("linha", "inclusao", text):
        single = [ln for q in quoted for ln in _unquote(q) if TABLE_LINE.match(ln) and not _SEPARATOR_ONLY.match(ln)]
        if not tables and single:  # one row quoted alone: '“| Procurador | 5 |”'
            previous0 = _search("linha", "apos", text)
            for ln in single:
                reading.instructions.append(TableInstruction(
                    "linha_inclusao", target, row=previous0.group("v") if previous0 else None,
                    cells=tuple(split_pipes(ln))))
            return reading
        if not tables or any(b.table is None for b in tables):
            reading.problems.append(("tabela-nao-lida", "a instrução acrescenta linha a uma tabela, mas a linha entre "
                                     "aspas não pôde ser lida como tabela: aplique à mão ou registre a decisão"))
            return reading
        after = _search("linha", "apos", text)
        previous = after.group("v") if after else None
        for b in tables:
            for r in b.table.rows if b.table is not None else ():
                if r.header:
                    continue  # the heading repeated above the new row
                reading.instructions.append(TableInstruction("linha_inclusao", target, row=previous,
                                                             cells=tuple(r.texts)))
                previous = None if previous is None else r.texts[0]
        return reading
    if _search("redacao", "inteira", text) and quoted:
        lines = [ln for q in quoted for ln in _unquote(q)]
        if any(b.table is None for b in tables):
            reading.problems.append(("tabela-nao-lida", "a nova redação da tabela ou do anexo traz uma tabela que não "
                                     "pôde ser lida com segurança: aplique à mão ou registre a decisão"))
            return reading
        taken = {i for b in tables for i in range(b.start, b.end)}
        loose = [ln for i, ln in enumerate(lines) if i not in taken and ln.strip()]
        if len(tables) == 1 and len(loose) <= 2 and target.startswith("anx"):
            t = tables[0].table
            assert t is not None  # an unread table returned a problem above
            reading.instructions.append(TableInstruction(
                "tabela_redacao", target, rows=tuple(tuple(r.texts) for r in t.rows),
                header_rows=len(t.header_rows), text=None))
            return reading
        if target.startswith("anx") and tables:
            reading.instructions.append(TableInstruction("anexo_redacao", target, text="\n".join(lines)))
            return reading
    return None
