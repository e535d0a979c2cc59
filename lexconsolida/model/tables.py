"""Tables and annexes as first-class content of a norm (issue 39; ``docs/tabelas.md``).

A :class:`Tabela` is rows of cells (header rows, ``colspan``/``rowspan``), with a stable id and,
per row, a history like a dispositivo's: a row is the unit a table is amended by (a cell changed,
a row added or removed), and the note of a compiled text goes on the row, as Planalto prints it
('(Redação dada pela Lei nº …)' after the changed row). An :class:`Annex` ('Anexo I — Quadro de
cargos') is a sequence of blocks — paragraphs of text (:class:`Passage`) and tables — after the
act's signatures.

Where they hang: a table printed inside a unit ('… conforme a tabela a seguir:') belongs to that
dispositivo (``Dispositivo.tabelas``, after its own text, before its children); an annex to the
norm (``Norma.annexes``).

Ids (stable, following LexML's positional ids and Akoma Ntoso's naming convention):

- annex: ``anx<n>`` (``anx1`` for 'Anexo I', ``anx2`` for 'Anexo II'; an unnumbered single
  annex is ``anx1``); AKN ``att_<n>``;
- table: ``<host>_tab<n>``, n counted inside its host (``art5_cpt_tab1``, ``anx2_tab1``); AKN
  ``<host eId>__table_<n>``;
- row: ``<table>_lin<n>``, n = position of the row in the table as first read, header rows
  included (``anx1_tab1_lin3``); a row added later between rows 3 and 4 is ``lin3-1`` (as an
  artigo added after art. 3 is ``art3-1``), one added at the end continues the numbering; a
  removed row keeps its id and its last wording, revoked. Ids never change after a row is
  added or removed: an amending act that cites a row by its label is resolved to its id once.
- cell: addressed by row id and column index (0-based, counting the grid columns a colspan
  covers), never by a stored id: LexML's ``td`` carries no id.

A row's wording in a :class:`~lexconsolida.model.nodes.Version` is the text of its cells joined
by :data:`CELL_SEPARATOR` (:func:`row_text`, :func:`row_cells` reads it back), so the history
machinery of dispositivos (events, dates, notes, point-in-time cuts) serves rows unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from lexconsolida.model.nodes import Situacao, Version

CELL_SEPARATOR = " | "
"""Between the cells of a row's wording (a '|' inside a cell is written '\\|')."""


@dataclass(slots=True)
class Cell:
    """One cell: its text (lines joined by a space), how many grid columns and rows it spans."""

    text: str = ""
    colspan: int = 1
    rowspan: int = 1
    header: bool = False
    """A header cell (``th``)."""


@dataclass(slots=True)
class Row:
    """One row of a table, the unit a table is amended by."""

    id: str
    """``<table id>_lin<n>`` (see the module's id convention)."""
    cells: list[Cell] = field(default_factory=list)
    header: bool = False
    """A header row (column headings): never a data row an instruction changes by label."""
    situacao: Situacao = Situacao.VIGENTE
    history: list[Version] = field(default_factory=list)
    """Wordings of the row (:func:`row_text`), oldest first; empty when never amended."""
    lines: tuple[int, int] | None = None
    """First and last source line of the row, when read from text."""

    @property
    def texts(self) -> list[str]:
        return [c.text for c in self.cells]

    @property
    def label(self) -> str:
        """What a text cites the row by: its first non-empty cell."""
        return next((c.text for c in self.cells if c.text.strip()), "")


@dataclass(slots=True)
class Tabela:
    """A table with rows of cells; the id is stable (module docstring)."""

    id: str
    rows: list[Row] = field(default_factory=list)
    titulo: str | None = None
    """The caption printed above the table ('TABELA DE VENCIMENTOS'), when one was read."""
    lines: tuple[int, int] | None = None
    situacao: Situacao = Situacao.VIGENTE
    history: list[Version] = field(default_factory=list)
    """Whole-table events (the table replaced or revoked); the text of each version is the
    caption. Row changes live on the rows."""

    @property
    def header_rows(self) -> list[Row]:
        return [r for r in self.rows if r.header]

    @property
    def body_rows(self) -> list[Row]:
        return [r for r in self.rows if not r.header]

    @property
    def columns(self) -> int:
        """How many grid columns the table has (the widest row, spans counted)."""
        return max((sum(c.colspan for c in r.cells) for r in self.rows), default=0)

    def row(self, row_id: str) -> Row | None:
        return next((r for r in self.rows if r.id == row_id), None)

    def column_headers(self) -> list[str]:
        """The heading of each grid column: the texts of the header cells above it, joined
        top-down ('ADMINISTRAÇÃO DIRETA'); '' where no header row names the column."""
        heads: list[list[str]] = [[] for _ in range(self.columns)]
        for r, col, cell in grid_cells(self.header_rows):
            for c in range(col, min(col + cell.colspan, len(heads))):
                if cell.text.strip() and (not heads[c] or heads[c][-1] != cell.text):
                    heads[c].append(cell.text)
        return [" ".join(h) for h in heads]


@dataclass(slots=True)
class Passage:
    """A paragraph of an annex that is not a table: the unit of history of an annex's text, as
    a row is of a table (an annex replaced keeps its old paragraphs, revoked, for the text on an
    earlier date)."""

    text: str
    lines: tuple[int, int] | None = None
    flag: str | None = None
    """'tabela-incerta' when the lines look like a table the reader could not read with
    confidence: kept as text, as printed (line breaks included), never lost."""
    id: str = ""
    """``<annex id>_txt<n>``, n = position among the annex's passages as first read (a passage
    of a new wording of the annex continues the numbering)."""
    situacao: Situacao = Situacao.VIGENTE
    history: list[Version] = field(default_factory=list)
    """Wordings of the passage, oldest first; empty when never amended."""


@dataclass(slots=True)
class Annex:
    """An annex of a norm ('ANEXO I' …), first-class: id, label, title and its blocks."""

    id: str
    """``anx<n>``."""
    rotulo: str | None = None
    """'Anexo I', 'Anexo Único', 'Anexo' as normalised; the printed heading is ``rotulo_printed``."""
    rotulo_printed: str | None = None
    titulo: str | None = None
    """The title under the heading ('QUADRO DE PESSOAL DA PREFEITURA MUNICIPAL')."""
    blocks: list[Passage | Tabela] = field(default_factory=list)
    lines: tuple[int, int] | None = None
    situacao: Situacao = Situacao.VIGENTE
    history: list[Version] = field(default_factory=list)
    """Whole-annex events (replaced or revoked); the text of each version is the title."""

    @property
    def tabelas(self) -> list[Tabela]:
        return [b for b in self.blocks if isinstance(b, Tabela)]

    @property
    def passages(self) -> list[Passage]:
        return [b for b in self.blocks if isinstance(b, Passage)]

    @property
    def text(self) -> str:
        """The annex as plain text (heading, title, passages, tables row by row)."""
        return "\n".join(annex_lines(self))


def grid_cells(rows: list[Row]) -> Iterator[tuple[int, int, Cell]]:
    """(row index, grid column, cell) of every cell of ``rows``, columns counted as HTML lays
    them out: a cell that a ``rowspan`` above still covers pushes the cells after it right."""
    taken: dict[tuple[int, int], bool] = {}
    for ri, row in enumerate(rows):
        col = 0
        for cell in row.cells:
            while taken.get((ri, col)):
                col += 1
            yield ri, col, cell
            for dr in range(cell.rowspan):
                for dc in range(cell.colspan):
                    taken[(ri + dr, col + dc)] = True
            col += cell.colspan


def cell_at(table: Tabela, row: Row, column: int) -> Cell | None:
    """The cell of ``row`` that covers grid ``column`` (None when a rowspan from above does)."""
    ri = table.rows.index(row)
    for r, col, cell in grid_cells(table.rows):
        if r == ri and col <= column < col + cell.colspan:
            return cell
    return None


_ESCAPED = re.compile(r"\\\|")


def row_text(texts: list[str]) -> str:
    """A row's wording: its cells' texts joined by :data:`CELL_SEPARATOR`."""
    return CELL_SEPARATOR.join(t.replace("|", "\\|") for t in texts)


def row_cells(text: str) -> list[str]:
    """The cells' texts of a wording written by :func:`row_text`."""
    parts = re.split(r"(?<!\\) \| ", text)
    return [_ESCAPED.sub("|", p) for p in parts]


def table_lines(table: Tabela) -> list[str]:
    """The table as plain text: caption, then one line per row, cells between '|' (a pipe
    table, which the text reader reads back)."""
    out = [table.titulo] if table.titulo else []
    header_done = False
    for row in table.rows:
        if not row.header and not header_done and table.header_rows:
            out.append("|" + "|".join("---" for _ in range(max(1, len(table.header_rows[0].cells)))) + "|")
            header_done = True
        out.append("| " + " | ".join(c.text.replace("|", "\\|") for c in row.cells) + " |")
    return out


def annex_lines(annex: Annex) -> list[str]:
    out = [line for line in (annex.rotulo_printed or annex.rotulo, annex.titulo) if line]
    for b in annex.blocks:
        if isinstance(b, Tabela):
            out.extend(table_lines(b))
        else:
            out.extend(b.text.split("\n"))
    return out


def tables_of(norma) -> Iterator[tuple[str, Tabela]]:
    """(host id, table) of every table of ``norma``: in the articulação's units (document order),
    then in the annexes."""
    for d in norma.dispositivos():
        for t in d.tabelas:
            yield d.id, t
    for a in norma.annexes:
        for t in a.tabelas:
            yield a.id, t


def has_tables(norma) -> bool:
    return bool(norma.annexes) or any(d.tabelas for d in norma.dispositivos())


def shown_rows(table: Tabela, view: str) -> list[Row]:
    """The rows a view prints: the text in force ('vigente') leaves removed rows out; the
    compiled view ('compilado') keeps them, struck, with their note."""
    if view == "compilado":
        return list(table.rows)
    return [r for r in table.rows if r.situacao is Situacao.VIGENTE]


def block_in_force(block: Passage | Tabela) -> bool:
    """A passage in force, or a table with a row in force."""
    if isinstance(block, Tabela):
        return block.situacao is Situacao.VIGENTE and any(r.situacao is Situacao.VIGENTE for r in block.rows)
    return block.situacao is Situacao.VIGENTE


def shown_blocks(annex: Annex, view: str) -> list[Passage | Tabela]:
    """The blocks of ``annex`` a view prints: the text in force leaves out passages and tables
    that a new wording of the annex (or its revocation) replaced; the compiled view keeps them,
    struck, with their note, as it keeps removed rows."""
    if view == "compilado":
        return list(annex.blocks)
    return [b for b in annex.blocks if block_in_force(b)]


def in_force_copy(table: Tabela, table_id: str) -> Tabela | None:
    """A copy of ``table`` with only its rows in force, without history, ids ``table_id`` and
    ``<table_id>_lin<n>`` (a consolidation starts its text without history); None when no row is
    in force."""
    if table.situacao is not Situacao.VIGENTE:
        return None
    rows = [r for r in table.rows if r.situacao is Situacao.VIGENTE]
    if not rows:
        return None
    return Tabela(table_id, [Row(f"{table_id}_lin{k}", [Cell(c.text, c.colspan, c.rowspan, c.header) for c in r.cells],
                                 r.header) for k, r in enumerate(rows, 1)], table.titulo)


def number_passages(annex: Annex) -> None:
    """Ids for the passages of ``annex`` that have none (``<annex>_txt<n>``, continuing)."""
    taken = {b.id for b in annex.passages if b.id}
    n = len(taken)
    for b in annex.passages:
        if not b.id:
            n += 1
            while f"{annex.id}_txt{n}" in taken:
                n += 1
            b.id = f"{annex.id}_txt{n}"
            taken.add(b.id)


def block_note(block: Passage | Row | Annex) -> str | None:
    """The Planalto note of a changed passage, row or annex ('Redação dada pela …', 'Revogado
    pela …'); None for one never changed."""
    if not block.history or block.history[-1].event.kind == "original":
        return None
    return block.history[-1].event.nota()


def covered_by_annex(annex: Annex, block: Passage | Tabela) -> bool:
    """A block changed by the very act that replaced or revoked its annex: the annex's note
    ('Redação dada pela …') says it once; the compiled view does not repeat it on every passage
    and table."""
    if not annex.history or annex.history[-1].event.kind == "original":
        return False
    last = annex.history[-1].event
    units = block.rows if isinstance(block, Tabela) else [block]
    return bool(units) and all(u.history and u.history[-1].event.act_urn == last.act_urn
                               and u.history[-1].event.date == last.date for u in units)


def table_note(table: Tabela) -> str | None:
    """The one note of a table whose rows were all changed by the same event (the table or its
    annex replaced, revoked, included): the compiled view prints it once for the table instead
    of once per row. None when the rows' notes differ or a row was never changed."""
    notes = {row_note(r) for r in table.rows}
    if len(table.rows) < 2 or len(notes) != 1:
        return None
    return notes.pop()


def row_notes(table: Tabela) -> dict[str, str]:
    """Row id → the note the compiled view prints after that row: none when the whole table
    shares one (:func:`table_note`)."""
    if table_note(table) is not None:
        return {}
    return {r.id: n for r in table.rows if (n := row_note(r))}


def row_note(row: Row) -> str | None:
    """The Planalto note of a changed row ('Redação dada pela Lei nº …', 'Incluído pela …',
    'Revogado pela …'); None for a row never changed."""
    return block_note(row)
