"""Recognising the instructions that change a table or an annex (``docs/tabelas.md``).

ISOLATED ON PURPOSE: the recognition of amending sentences is moving into one grammar with a
typed instruction tree; this module is called from one place of the current recogniser
(``recognise._article``) and depends on nothing of it, so it moves into the grammar as it is.
The vocabulary is data (``lexconsolida/data/gramatica/tabelas.toml``).

:func:`read_instruction` takes an amending dispositivo's text, the texts quoted with it, the
tables printed after it (unquoted, as the Feira acervo prints them) and the amending act's own
annexes, and returns None when the sentence names no table or annex of another norm (the
general recogniser reads it as before), or a :class:`TableReading`: the instructions it states,
each a :class:`TableInstruction` (the fields of an
:class:`~lexconsolida.model.operations.Operation` of a table kind), and the problems for a
person. A sentence that names another norm's annex or table with an amending verb but in no
shape read here is a question, never left to the general recogniser (which reads 'Fica suprimido
o cargo X do Anexo II da Lei nº Y' as the revocation of the whole Lei nº Y). Shapes:

- a cell: 'Na tabela do Anexo I …, a coluna "Vagas" da linha "Advogado" passa a ser "35"';
- 'onde se lê "R$ 100,00", leia-se "R$ 150,00"' in an annex (the one cell holding it);
- a row added: 'Fica acrescida ao Anexo I … a seguinte linha [após a linha "X"]:' + a quoted
  table (its heading dropped when it repeats the target's: the applier checks the width);
- a row removed: 'Fica suprimida do Anexo I … a linha "Advogado"';
- rows given new wordings, each found by its label: 'O Anexo I … passa a viger com a seguinte
  alteração:' + the rows under the table's heading (the applier checks the headings);
- a whole table or annex replaced: 'O Anexo I … passa a vigorar com a seguinte redação:' + the
  text quoted or the tables printed after it; 'A Tabela I do Anexo I …' (that table); 'O Anexo I
  … passa a vigorar de acordo com o Anexo I desta Lei' (the amending act's annex);
- a whole annex revoked: 'Fica revogado o Anexo II da Lei nº …' (alone in its sentence);
- a post of a staff table changed in prose ('Ficam acrescidas ao Quadro de Auditor Fiscal … mais
  trinta vagas, passando das atuais dez a quarenta'): a question (no row, no column named).

What makes the subject a part of the annex ('o Anexo IV, que dispõe sobre os cargos de Auditor
Fiscal, passa a vigorar na forma do Anexo II desta Lei') is a question: replacing the whole annex
would erase the rest.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from lexconsolida.model.numbering import is_roman, roman_to_int
from lexconsolida.model.tables import Annex, Passage, Tabela
from lexconsolida.readers.text.tables import TABLE_LINE, find_blocks, split_pipes

_QUOTES = "\"“”'"
_SEPARATOR_ONLY = re.compile(r"^[\s|+:=_-]*$")
_PARENTHESES = re.compile(r"\([^()]*\)|[\"“][^\"“”]*[\"”]")
"""Text between parentheses or quotes in a subject: the ementa of the norm cited, a name."""
_ARTICULATED = re.compile(r"^\s*[\"“]?\s*Art(?:igo)?\.?\s*\d", re.IGNORECASE | re.MULTILINE)
_DISPOSITIVO_SUBJECT = re.compile(
    r"^\s*(?:O|A|Os|As|No|Na|Ao|À)\s+(?:art(?:igo|s?\.)|§|par[áa]grafo|inciso|al[íi]nea|item|caput)", re.IGNORECASE)


@dataclass(slots=True, frozen=True)
class TableInstruction:
    kind: str
    """An :data:`~lexconsolida.model.operations.TABLE_KINDS` value."""
    target_id: str
    """'anx1' (an annex: its only table, or the annex itself), 'anx1_tab1' (a table of an annex),
    'art5' (the table of a unit)."""
    row: str | None = None
    column: str | None = None
    text: str | None = None
    expression: str | None = None
    cells: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    header_rows: int = 0
    headers: tuple[str, ...] = ()
    blocks: tuple = ()


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


def _number(num: str | None) -> int | None:
    """1 for 'I', '01', 'Único' (and for no number: a single annex); None when unreadable."""
    if not num or num[0] in "ÚUúu":
        return 1
    if num.isdigit():
        return int(num)
    return roman_to_int(num.upper()) if is_roman(num.upper()) else None


@dataclass(slots=True, frozen=True)
class Designation:
    """The table or annex a sentence names in the norm it changes."""

    target_id: str
    label: str
    """As printed ('Anexo I', 'Tabela I do Anexo I')."""
    table: bool
    """A table inside an annex or a unit (not a whole annex)."""


def designation(text: str) -> Designation | None:
    """What the sentence names ('anx2', 'anx1_tab1', 'art5'), or None (none named, or only the
    amending act's own annex: 'conforme o Anexo desta Lei')."""
    m = _search("alvo", "tabela_do_anexo", text)
    if m:
        anx, tab = _number(m.group("num")), _number(m.group("tab"))
        if anx and tab:
            return Designation(f"anx{anx}_tab{tab}", " ".join(m.group(0).split()), True)
    m = _search("alvo", "anexo", text)
    if m:
        anx = _number(m.group("num"))
        if anx:
            return Designation(f"anx{anx}", " ".join(m.group(0).split()), False)
    m = _search("alvo", "artigo", text)
    if m:
        return Designation(f"art{m.group('art')}", " ".join(m.group(0).split()), True)
    return None


def target_of(text: str) -> str | None:
    """The id of the table or annex the sentence names in the norm it changes, or None."""
    d = designation(text)
    return d.target_id if d is not None else None


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


def _subject(text: str, verb: re.Match | None) -> str:
    """The words before the verb, without what is between parentheses or quotes (a norm's
    ementa)."""
    head = text[:verb.start()] if verb is not None else text
    return _PARENTHESES.sub(" ", head)


def _part_of(text: str, verb: re.Match | None, d: Designation) -> str | None:
    """The words that make the subject a part of the annex ('que dispõe sobre os cargos de …',
    'correspondente aos níveis …'), or None."""
    subject = _subject(text, verb)
    at = subject.find(d.label.split()[0])
    m = _search("sujeito", "parte", subject[max(at, 0):])
    if m is None:
        return None
    return " ".join(subject[max(at, 0) + m.start():].split())[:90]


def read_instruction(text: str, quoted: list[str], *, tables: list[Tabela] | tuple = (),
                     own_annexes: list[Annex] | tuple = ()) -> TableReading | None:
    """The table instructions of a dispositivo (module docstring), or None.

    ``quoted``: the texts quoted with it; ``tables``: the tables printed after it, unquoted
    (``Dispositivo.tabelas``); ``own_annexes``: the amending act's annexes."""
    d = designation(text)
    if d is None and _search("prosa", "quadro", text) and _search("prosa", "valor", text):
        what = ("o número de vagas" if re.search(r"\bvagas\b", text, re.IGNORECASE) else
                "a carga horária" if re.search(r"\bcarga\s+hor[áa]ria\b", text, re.IGNORECASE) else "um valor")
        return TableReading(problems=[("instrucao-de-tabela", f"a instrução muda {what} de um cargo do quadro de "
                                       "pessoal em prosa, sem trazer a linha nova da tabela: decida que célula "
                                       "muda e para quê")])
    if d is None or _DISPOSITIVO_SUBJECT.match(text) and d.target_id.startswith("anx"):
        return None  # 'O art. 5º …, conforme o Anexo II …': the general recogniser's
    reading = TableReading()
    target = d.target_id
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
    if _search("revogacao", "anexo", text):
        return _revocation(text, d, reading)
    quoted_blocks = [b for q in quoted for b in find_blocks(_unquote(q))]
    if _search("linha", "inclusao", text):
        return _rows_added(text, quoted, quoted_blocks, list(tables), target, reading)
    if _search("conteudo", "linhas", text):
        return _rows_changed(text, d, quoted_blocks, list(tables), reading)
    whole = _search("conteudo", "seguinte", text)
    own = _search("conteudo", "proprio", text)
    verb = whole or own
    if verb is not None and _search("sujeito", "tabela", text):
        return _replaced(text, d, verb, quoted, quoted_blocks, list(tables),
                         list(own_annexes) if own and not whole else None, own, reading)
    if _search("verbo", "abertura", text) and _search("verbo", "altera", text):
        reading.problems.append(("instrucao-de-tabela", f"a instrução altera {_what(d)} da norma numa forma que a "
                                 "ferramenta não aplica sozinha (não é nova redação inteira, nem célula, linha ou "
                                 "anexo citados): aplique à mão ou registre a decisão"))
        return reading
    return None


def _what(d: Designation) -> str:
    return f"“{d.label}”" if d.label else "um anexo ou tabela"


def _revocation(text: str, d: Designation, reading: TableReading) -> TableReading:
    """A whole annex revoked — only when it is the one thing the sentence revokes."""
    others = re.search(r"\bart(?:igo|s?\.)|§|\bpar[áa]grafos?\b|\bincisos?\b|\bal[íi]neas?\b", text, re.IGNORECASE)
    annexes = {m.group("num") for m in _all("alvo", "anexo", text)}
    if d.table or others or len(annexes) != 1:
        reading.problems.append(("instrucao-de-tabela", f"a instrução revoga {_what(d)} junto com outros dispositivos "
                                 "ou só uma tabela dele: decida o que fica revogado"))
        return reading
    reading.instructions.append(TableInstruction("anexo_revogacao", d.target_id))
    return reading


def _rows_added(text: str, quoted: list[str], tables: list, printed: list[Tabela], target: str,
                reading: TableReading) -> TableReading:
    """Rows added at the end of the table (or after the row cited): the rows quoted alone, or
    the body rows of the table quoted or printed after the instruction — its heading, when it
    has one, must name the target's columns (the applier checks, with the width)."""
    single = [ln for q in quoted for ln in _unquote(q) if TABLE_LINE.match(ln) and not _SEPARATOR_ONLY.match(ln)]
    if not tables and not printed and single:  # one row quoted alone: '“| Procurador | 5 |”'
        previous0 = _search("linha", "apos", text)
        for ln in single:
            reading.instructions.append(TableInstruction(
                "linha_inclusao", target, row=previous0.group("v") if previous0 else None,
                cells=tuple(split_pipes(ln))))
        return reading
    new = [b.table for b in tables if b.table is not None] + printed
    if not new or any(b.table is None for b in tables):
        reading.problems.append(("tabela-nao-lida", "a instrução acrescenta linha a uma tabela, mas a linha nova "
                                 "não pôde ser lida como tabela: aplique à mão ou registre a decisão"))
        return reading
    after = _search("linha", "apos", text)
    previous = after.group("v") if after else None
    for t in new:
        heads = tuple(t.column_headers()) if t.header_rows else ()
        if any(c.rowspan != 1 or c.colspan != 1 for r in t.body_rows for c in r.cells):
            reading.problems.append(("instrucao-de-tabela", "as linhas acrescidas têm células mescladas: decida como "
                                     "entram na tabela"))
            return reading
        for r in t.body_rows:  # the heading repeated above the new rows is not a row
            reading.instructions.append(TableInstruction("linha_inclusao", target, row=previous,
                                                         cells=tuple(r.texts), headers=heads))
            previous = None if previous is None else r.texts[0]
    return reading


def _rows_changed(text: str, d: Designation, quoted_blocks: list, printed: list[Tabela],
                  reading: TableReading) -> TableReading:
    """'… passa a viger com a seguinte alteração:' + rows under the table's heading: each row
    given its new wording, found by its label (the applier refuses a label no row has)."""
    new = [b.table for b in quoted_blocks if b.table is not None] + printed
    if not new or any(b.table is None for b in quoted_blocks):
        reading.problems.append(("tabela-nao-lida", f"a instrução altera linhas de {_what(d)}, mas as linhas novas não "
                                 "puderam ser lidas como tabela: aplique à mão ou registre a decisão"))
        return reading
    for t in new:
        if any(c.rowspan != 1 or c.colspan != 1 for r in t.body_rows for c in r.cells):
            reading.problems.append(("instrucao-de-tabela", f"as linhas novas de {_what(d)} têm células mescladas: "
                                     "decida como cada linha muda"))
            return reading
        heads = tuple(t.column_headers()) if t.header_rows else ()
        for r in t.body_rows:
            reading.instructions.append(TableInstruction("linha_redacao", d.target_id, row=r.label,
                                                         cells=tuple(r.texts), headers=heads))
    return reading


def _replaced(text: str, d: Designation, verb: re.Match, quoted: list[str], quoted_blocks: list,
              printed: list[Tabela], own_annexes: list[Annex] | None, own: re.Match | None,
              reading: TableReading) -> TableReading:
    """A whole table or annex replaced: by the text quoted, by the tables printed after the
    instruction, or by an annex of the amending act."""
    part = _part_of(text, verb, d)
    if part:
        reading.problems.append(("instrucao-de-tabela", f"a instrução dá nova redação a parte de {_what(d)} (“{part}”), "
                                 "e trocar o anexo inteiro apagaria o resto: aplique à mão ou registre a decisão"))
        return reading
    if own_annexes is not None:
        assert own is not None
        num = _number(own.group("num")) if own.group("num") else (1 if len(own_annexes) == 1 else None)
        annex = next((a for a in own_annexes if a.id == f"anx{num}"), None)
        if annex is None or not annex.blocks:
            reading.problems.append(("tabela-nao-lida", f"a nova redação de {_what(d)} é um anexo deste ato, que não foi "
                                     "lido (ou não tem texto): aplique à mão ou registre a decisão"))
            return reading
        if any(isinstance(b, Passage) and b.flag for b in annex.blocks):
            reading.problems.append(("tabela-nao-lida", f"o {annex.rotulo or 'anexo'} deste ato, nova redação de "
                                     f"{_what(d)}, tem tabela que não pôde ser lida com segurança: aplique à mão ou "
                                     "registre a decisão"))
            return reading
        return _new_wording(d, list(annex.blocks), reading, text=annex.titulo)
    if quoted:
        lines = [ln for q in quoted for ln in _unquote(q)]
        if any(b.table is None for b in quoted_blocks):
            reading.problems.append(("tabela-nao-lida", "a nova redação da tabela ou do anexo traz uma tabela que não "
                                     "pôde ser lida com segurança: aplique à mão ou registre a decisão"))
            return reading
        if _ARTICULATED.search("\n".join(lines)):  # the code the shapes of quoted text gave it before
            reading.problems.append(("alvo-sem-dispositivo", f"a nova redação de {_what(d)} traz artigos (texto articulado "
                                     "dentro do anexo), que o anexo guardaria como parágrafos soltos: aplique à mão ou "
                                     "registre a decisão"))
            return reading
        if not quoted_blocks and d.table:
            reading.problems.append(("instrucao-de-tabela", f"a nova redação de {_what(d)} entre aspas não é uma tabela: "
                                     "aplique à mão ou registre a decisão"))
            return reading
        if d.table:
            return _new_wording(d, [b.table for b in quoted_blocks], reading, text="\n".join(lines))
        return _new_wording(d, [], reading, text="\n".join(lines))
    if printed:
        m = re.search(r":\s*(?P<rest>[^:]*)$", text)
        lead = (m.group("rest") if m else "").strip().strip("_").strip()
        blocks: list[Passage | Tabela] = ([Passage(lead)] if lead and not d.table else []) + printed
        return _new_wording(d, blocks, reading, text=None)
    reading.problems.append(("tabela-nao-lida", f"a instrução dá nova redação a {_what(d)}, mas o texto novo não veio "
                             "entre aspas nem como tabela depois dela: aplique à mão ou registre a decisão"))
    return reading


def _new_wording(d: Designation, blocks: list, reading: TableReading, text: str | None) -> TableReading:
    if d.table:
        tables = [b for b in blocks if isinstance(b, Tabela)]
        if len(tables) != 1 or len(blocks) != 1:
            reading.problems.append(("instrucao-de-tabela", f"a nova redação de {_what(d)} traz {len(tables)} tabela(s) e "
                                     f"{len(blocks) - len(tables)} parágrafo(s): decida qual tabela a substitui"))
            return reading
        t = tables[0]
        reading.instructions.append(TableInstruction(
            "tabela_redacao", d.target_id, rows=tuple(tuple(r.texts) for r in t.rows),
            header_rows=len(t.header_rows), headers=tuple(t.column_headers()) if t.header_rows else (),
            blocks=(t,)))
        return reading
    if not blocks and not (text or "").strip():
        reading.problems.append(("tabela-nao-lida", f"a nova redação de {_what(d)} não tem texto: aplique à mão"))
        return reading
    reading.instructions.append(TableInstruction("anexo_redacao", d.target_id, text=text, blocks=tuple(blocks)))
    return reading
