"""Applying table and annex operations with history (``docs/tabelas.md``), and cutting tables at
a date.

A row is the unit of a table's history, as a dispositivo is of the articulação's: a cell changed
gives its row a new wording (:func:`~lexconsolida.model.tables.row_text` of the cells), a row
added starts with an inclusion, a row removed keeps its last wording, revoked. A whole table
replaced revokes its rows and includes the new ones (ids continuing the numbering), so the text
on any earlier date is still there to cut. Anything the instruction does not say unambiguously —
a row label no row has, or two rows have, a column heading that names no column or several, an
expression in no cell or in several — is refused with a Portuguese message listing what there
is: the question a person answers at the desk.
"""

from __future__ import annotations

import unicodedata
from dataclasses import replace

from lexconsolida.errors import AmendmentError
from lexconsolida.model import Event, Norma, Situacao, Version
from lexconsolida.model.operations import TABLE_KINDS, Operation, OpKind
from lexconsolida.model.tables import (Annex, Cell, Passage, Row, Tabela, block_in_force, grid_cells, number_passages,
                                       row_cells, row_text, tables_of)


def is_table_op(op: Operation) -> bool:
    return op.kind in TABLE_KINDS


def clone_table(t: Tabela) -> Tabela:
    return Tabela(t.id, [Row(r.id, [replace(c) for c in r.cells], r.header, r.situacao,
                             [_clone_version(v) for v in r.history], r.lines) for r in t.rows],
                  t.titulo, t.lines, t.situacao, [_clone_version(v) for v in t.history])


def clone_passage(p: Passage) -> Passage:
    return replace(p, history=[_clone_version(v) for v in p.history])


def clone_annex(a: Annex) -> Annex:
    return Annex(a.id, a.rotulo, a.rotulo_printed, a.titulo,
                 [clone_table(b) if isinstance(b, Tabela) else clone_passage(b) for b in a.blocks],
                 a.lines, a.situacao, [_clone_version(v) for v in a.history])


def _clone_version(v: Version) -> Version:
    return Version(v.text, v.event, v.start, v.end, v.situacao, v.rotulo)


def _error(op: Operation, message: str) -> AmendmentError:
    return AmendmentError(f"{op.where or 'instrução'}: {message} — instrução: “{op.source}”", line=op.line)


def _key(text: str | None) -> str:
    """Text compared as a reader would: accents, case, punctuation and spacing ignored."""
    s = unicodedata.normalize("NFKD", text or "")
    s = "".join(c for c in s if not unicodedata.combining(c)).casefold()
    return " ".join("".join(c if c.isalnum() else " " for c in s).split())


def find_table(norma: Norma, op: Operation) -> Tabela:
    """The table ``op`` names: a table id, an annex (its only table) or a unit (its only table)."""
    target = op.target_id or ""
    found = [t for _, t in tables_of(norma) if t.id == target]
    if not found:
        found = [t for host, t in tables_of(norma) if host == target or host.startswith(target + "_")]
    if len(found) == 1:
        return found[0]
    if not found:
        raise _error(op, f"{norma.titulo} não tem tabela em {target or '(alvo não dito)'}: decida a que tabela a "
                         "instrução se refere")
    names = ", ".join(t.titulo or t.id for t in found[:5])
    raise _error(op, f"{target} tem {len(found)} tabelas ({names}): decida qual a instrução altera")


def find_row(table: Tabela, op: Operation, cited: str) -> Row:
    rows = [r for r in table.rows if r.id == cited]
    if not rows:
        key = _key(cited)
        rows = [r for r in table.body_rows if _key(r.label) == key]
        if not rows:
            rows = [r for r in table.body_rows if any(_key(c.text) == key for c in r.cells)]
    if len(rows) == 1:
        return rows[0]
    if not rows:
        labels = "; ".join(r.label for r in table.body_rows[:8])
        raise _error(op, f"a tabela {table.titulo or table.id} não tem linha “{cited}” (linhas: {labels}"
                         f"{'…' if len(table.body_rows) > 8 else ''}): decida qual linha a instrução altera")
    raise _error(op, f"a tabela {table.titulo or table.id} tem {len(rows)} linhas “{cited}” "
                     f"({', '.join(r.id for r in rows)}): decida qual a instrução altera")


def find_column(table: Tabela, op: Operation, cited: str) -> int:
    heads = table.column_headers()
    key = _key(cited)
    hits = [i for i, h in enumerate(heads) if _key(h) == key]
    if not hits:
        hits = [i for i, h in enumerate(heads) if key and key in _key(h).split(" ") or (key and _key(h).endswith(key))]
    if len(hits) == 1:
        return hits[0]
    shown = "; ".join(h or f"(coluna {i + 1} sem título)" for i, h in enumerate(heads))
    if not hits:
        raise _error(op, f"a tabela {table.titulo or table.id} não tem coluna “{cited}” (colunas: {shown}): "
                         "decida qual coluna a instrução altera")
    raise _error(op, f"“{cited}” nomeia {len(hits)} colunas da tabela {table.titulo or table.id} ({shown}): "
                     "decida qual a instrução altera")


def _wording(unit: Row | Passage) -> str:
    return row_text(unit.texts) if isinstance(unit, Row) else unit.text


def _start(unit: Row | Passage) -> None:
    if not unit.history:
        unit.history.append(Version(_wording(unit), Event("original"), None, None, unit.situacao))


def _push(unit: Row | Passage, v: Version) -> None:
    _start(unit)
    unit.history[-1].end = v.start
    unit.history.append(v)
    unit.situacao = v.situacao


def _as(ev: Event, kind: str) -> Event:
    return ev if ev.kind == "vide" else replace(ev, kind=kind)


def _next_id(table: Tabela, after: Row | None) -> str:
    """The id of a row added after ``after`` (None: at the end): the end continues the
    numbering; between rows n and n+1, ``lin<n>-<k>`` (as art. 3-A is ``art3-1``)."""
    ids = {r.id for r in table.rows}
    if after is None or after is table.rows[-1]:
        n = len(table.rows) + 1
        while f"{table.id}_lin{n}" in ids:
            n += 1
        return f"{table.id}_lin{n}"
    base = after.id
    k = 1
    while f"{base}-{k}" in ids:
        k += 1
    return f"{base}-{k}"


def _celula(norma: Norma, op: Operation, ev: Event) -> None:
    table = find_table(norma, op)
    if op.expression:
        rows = [find_row(table, op, op.row)] if op.row else [r for r in table.rows if r.situacao is Situacao.VIGENTE]
        cols = None if not op.column else find_column(table, op, op.column)
        hits = []
        for ri, col, cell in grid_cells(table.rows):
            row = table.rows[ri]
            if row in rows and (cols is None or col <= cols < col + cell.colspan) and op.expression in cell.text:
                hits.append((row, cell))
        if len(hits) != 1:
            where = "nenhuma célula" if not hits else f"{len(hits)} células ({', '.join(r.id for r, _ in hits[:5])})"
            raise _error(op, f"“{op.expression}” está em {where} da tabela {table.titulo or table.id}: decida onde "
                             "a instrução a substitui")
        row, cell = hits[0]
        new = cell.text.replace(op.expression, op.text or "")
    else:
        if not op.row or not op.column:
            raise _error(op, "a instrução não diz a linha e a coluna da célula: decida qual célula muda")
        row = find_row(table, op, op.row)
        col = find_column(table, op, op.column)
        found = next((c for ri, c0, c in grid_cells(table.rows) if table.rows[ri] is row and c0 <= col < c0 + c.colspan),
                     None)
        if found is None:
            raise _error(op, f"a coluna “{op.column}” da linha “{op.row}” é uma célula que vem de cima "
                             "(mesclada): decida qual célula a instrução altera")
        cell, new = found, " ".join((op.text or "").split())
    if new == cell.text:
        return
    _start(row)
    cell.text = new
    _push(row, Version(row_text(row.texts), _as(ev, "redacao"), ev.date, None))


def _linha_inclusao(norma: Norma, op: Operation, ev: Event) -> None:
    table = find_table(norma, op)
    after = find_row(table, op, op.row) if op.row else None
    width = table.columns
    cells = list(op.cells)
    if not cells or len(cells) > width:
        raise _error(op, f"a linha incluída tem {len(cells)} células e a tabela {table.titulo or table.id}, "
                         f"{width} colunas: decida como a linha entra na tabela")
    if op.headers and not _headings_match(op.headers, table.column_headers()):
        raise _error(op, f"as colunas da linha acrescida ({'; '.join(op.headers)}) não são as da tabela "
                         f"{table.titulo or table.id} ({'; '.join(table.column_headers())}): decida como a linha entra")
    cells += [""] * (width - len(cells))
    row = Row(_next_id(table, after), [Cell(c) for c in cells])
    row.history.append(Version(row_text(row.texts), _as(ev, "inclusao"), ev.date, None))
    at = table.rows.index(after) + 1 if after is not None else len(table.rows)
    table.rows.insert(at, row)


def _linha_revogacao(norma: Norma, op: Operation, ev: Event) -> None:
    table = find_table(norma, op)
    if not op.row:
        raise _error(op, "a instrução não diz que linha suprime: decida qual")
    row = find_row(table, op, op.row)
    if row.situacao is not Situacao.VIGENTE:
        raise _error(op, f"a linha “{op.row}” já estava revogada: decida se a instrução é outra")
    _push(row, Version(row_text(row.texts), _as(ev, "revogacao"), ev.date, None, Situacao.REVOGADO))


def _tabela_redacao(norma: Norma, op: Operation, ev: Event) -> None:
    """The table replaced: its rows in force revoked (kept), the new rows included after them —
    as read (``op.blocks``: spans and header cells kept) or from ``op.rows``. When the amending
    act prints the new table's headings (``op.headers``) they must name the old table's columns:
    'a Tabela I do Anexo I' is found by position, and the headings confirm it is that table."""
    table = find_table(norma, op)
    new = next((b for b in op.blocks if isinstance(b, Tabela)), None)
    if new is None and not op.rows:
        raise _error(op, "a nova redação da tabela não tem linhas legíveis: decida à mão")
    if op.headers and table.header_rows and not _headings_match(op.headers, table.column_headers()):
        raise _error(op, f"as colunas da nova tabela ({'; '.join(op.headers)}) não são as da tabela "
                         f"{table.titulo or table.id} ({'; '.join(table.column_headers())}): decida se é essa a "
                         "tabela que a instrução substitui")
    for row in table.rows:
        if row.situacao is Situacao.VIGENTE:
            _push(row, Version(row_text(row.texts), _as(ev, "revogacao"), ev.date, None, Situacao.REVOGADO))
    if new is not None:
        rows = [Row("", [replace(c) for c in r.cells], r.header) for r in new.rows]
    else:
        rows = [Row("", [Cell(c, header=k < op.header_rows) for c in texts], header=k < op.header_rows)
                for k, texts in enumerate(op.rows)]
    for row in rows:
        row.id = _next_id(table, None)
        row.history.append(Version(row_text(row.texts), _as(ev, "inclusao"), ev.date, None))
        table.rows.append(row)
    title = op.text if op.text is not None else (new.titulo if new is not None else None)
    if title and title != table.titulo:
        if not table.history:
            table.history.append(Version(table.titulo or "", Event("original")))
        table.history[-1].end = ev.date
        table.history.append(Version(title, _as(ev, "redacao"), ev.date, None))
        table.titulo = title


def _annex(norma: Norma, op: Operation) -> Annex:
    annex = next((a for a in norma.annexes if a.id == op.target_id), None)
    if annex is None:
        raise _error(op, f"{norma.titulo} não tem o anexo {op.target_id} no texto lido: decida se a instrução o inclui")
    return annex


def _revoke_blocks(annex: Annex, ev: Event) -> None:
    """Every block of ``annex`` still in force revoked by ``ev``: its passages and the rows of
    its tables keep their last wording, revoked (the text on an earlier date is still there)."""
    for b in annex.blocks:
        if isinstance(b, Tabela):
            for row in b.rows:
                if row.situacao is Situacao.VIGENTE:
                    _push(row, Version(row_text(row.texts), _as(ev, "revogacao"), ev.date, None, Situacao.REVOGADO))
            b.situacao = Situacao.REVOGADO
        elif b.situacao is Situacao.VIGENTE:
            _push(b, Version(b.text, _as(ev, "revogacao"), ev.date, None, Situacao.REVOGADO))


def _new_blocks(annex: Annex, op: Operation) -> tuple[str | None, list[Passage | Tabela]]:
    """The title and blocks of the new wording: the structured ones the recogniser read
    (``op.blocks``: an annex of the amending act, the tables printed after the instruction), or
    the quoted text read again (tables found in it, the rest paragraphs); with ``op.blocks``,
    ``op.text`` is the new title (the title of the amending act's annex). A quoted text that
    opens with the annex's own heading ('ANEXO II') and a title line gives the annex that title,
    not two paragraphs."""
    from lexconsolida.readers.text.tables import annex_number, find_blocks  # noqa: PLC0415 — a reader's parser, only here

    if op.blocks:
        out: list[Passage | Tabela] = []
        for b in op.blocks:
            if isinstance(b, Tabela):
                out.append(clone_table(b))
            else:
                out.append(Passage(b.text, flag=b.flag))
        return op.text or None, out
    lines = (op.text or "").split("\n")
    found = find_blocks(lines)
    for b in found:
        if b.table is None:
            raise _error(op, f"a tabela do novo anexo não pôde ser lida com segurança ({b.why}): aplique à mão")
    starts = {b.start: b for b in found}
    blocks: list[Passage | Tabela] = []
    i = 0
    while i < len(lines):
        if i in starts:
            b = starts[i]
            assert b.table is not None  # refused above
            blocks.append(b.table)
            i = b.end
            continue
        if lines[i].strip():
            blocks.append(Passage(lines[i].strip()))
        i += 1
    title = None
    if blocks and isinstance(blocks[0], Passage):
        label, number, rest = annex_number(blocks[0].text)
        if label and label.startswith("Anexo") and annex.id == f"anx{number}":
            blocks.pop(0)
            title = rest or None
            if title is None and len(blocks) > 1 and isinstance(blocks[0], Passage) and len(blocks[0].text) <= 150 \
                    and blocks[0].text[-1:] not in ".;:,":
                first = blocks.pop(0)
                assert isinstance(first, Passage)  # checked above
                title = first.text
    return title, blocks


def _anexo_redacao(norma: Norma, op: Operation, ev: Event) -> None:
    """The annex replaced: its passages and table rows in force revoked (kept, for the text on
    an earlier date and the compiled view), the new passages and tables included after them; a
    new title, when the new wording prints one."""
    from lexconsolida.readers.text.tables import number_rows  # noqa: PLC0415 — a reader's helper, only here

    annex = _annex(norma, op)
    title, blocks = _new_blocks(annex, op)
    if not blocks:
        raise _error(op, "a nova redação do anexo não tem texto: decida à mão")
    if annex.situacao is not Situacao.VIGENTE:
        raise _error(op, f"o anexo {annex.rotulo or annex.id} está revogado: decida se a instrução o restabelece")
    _revoke_blocks(annex, ev)
    n_tables = len(annex.tabelas)
    for b in blocks:
        if isinstance(b, Tabela):
            n_tables += 1
            number_rows(b, f"{annex.id}_tab{n_tables}")
            for row in b.rows:
                row.history = [Version(row_text(row.texts), _as(ev, "inclusao"), ev.date, None)]
        else:
            b.history = [Version(b.text, _as(ev, "inclusao"), ev.date, None)]
        annex.blocks.append(b)
    number_passages(annex)
    if not annex.history:
        annex.history.append(Version(annex.titulo or "", Event("original")))
    annex.history[-1].end = ev.date
    if title:
        annex.titulo = title
    annex.history.append(Version(annex.titulo or "", _as(ev, "redacao"), ev.date, None))


def _anexo_revogacao(norma: Norma, op: Operation, ev: Event) -> None:
    """The whole annex revoked: every passage and row revoked, the annex itself too (its text
    stays, for earlier dates and the compiled view)."""
    annex = _annex(norma, op)
    if annex.situacao is not Situacao.VIGENTE:
        raise _error(op, f"o anexo {annex.rotulo or annex.id} já estava revogado: decida se a instrução é outra")
    _revoke_blocks(annex, ev)
    if not annex.history:
        annex.history.append(Version(annex.titulo or "", Event("original")))
    annex.history[-1].end = ev.date
    annex.history.append(Version(annex.titulo or "", _as(ev, "revogacao"), ev.date, None, Situacao.REVOGADO))
    annex.situacao = Situacao.REVOGADO


def _headings_match(cited: tuple[str, ...], heads: list[str]) -> bool:
    """The column headings of a new row's table (as printed in the amending act) name the
    target's columns in the same order: each equal (accents, case, punctuation ignored), the one
    a prefix of the other ('Cargo', 'CARGOS'), or ending with the same word ('Direta',
    'ADMINISTRAÇÃO DIRETA')."""
    if len(cited) != len(heads):
        return False
    for c, h in zip(cited, heads):
        a, b = _key(c), _key(h)
        if not a or not b:
            if a or b:
                return False
            continue
        if a == b or a.startswith(b) or b.startswith(a) or a.split()[-1] == b.split()[-1]:
            continue
        return False
    return True


def _linha_redacao(norma: Norma, op: Operation, ev: Event) -> None:
    """A row given a new wording whole (its cells, as the amending act prints the row under the
    table's heading): the row found by its label; the new row's width and, when the act prints
    them, its column headings must be the table's."""
    table = find_table(norma, op)
    if not op.row:
        raise _error(op, "a instrução não diz que linha muda: decida qual")
    row = find_row(table, op, op.row)
    width = table.columns
    cells = list(op.cells)
    if sum(c.colspan for c in row.cells) != width or len(cells) != width:
        raise _error(op, f"a linha nova tem {len(cells)} células e a linha “{row.label}” da tabela "
                         f"{table.titulo or table.id}, {width} colunas: decida como a linha muda")
    if op.headers and not _headings_match(op.headers, table.column_headers()):
        raise _error(op, f"as colunas da tabela do ato ({'; '.join(op.headers)}) não são as da tabela "
                         f"{table.titulo or table.id} ({'; '.join(table.column_headers())}): decida que coluna muda")
    if row.situacao is not Situacao.VIGENTE:
        raise _error(op, f"a linha “{row.label}” está revogada: decida se a instrução a restabelece")
    if [c.text for c in row.cells] == cells:
        return
    _start(row)
    for c, t in zip(row.cells, cells):
        c.text = t
    _push(row, Version(row_text(row.texts), _as(ev, "redacao"), ev.date, None))


def apply_table_op(norma: Norma, op: Operation, ev: Event) -> None:
    """Apply one table or annex operation to ``norma`` (edited in place: the caller cloned it)."""
    kind = OpKind(op.kind)
    if kind is OpKind.CELULA:
        _celula(norma, op, ev)
    elif kind is OpKind.LINHA_INCLUSAO:
        _linha_inclusao(norma, op, ev)
    elif kind is OpKind.LINHA_REVOGACAO:
        _linha_revogacao(norma, op, ev)
    elif kind is OpKind.TABELA_REDACAO:
        _tabela_redacao(norma, op, ev)
    elif kind is OpKind.ANEXO_REDACAO:
        _anexo_redacao(norma, op, ev)
    elif kind is OpKind.ANEXO_REVOGACAO:
        _anexo_revogacao(norma, op, ev)
    elif kind is OpKind.LINHA_REDACAO:
        _linha_redacao(norma, op, ev)
    else:
        raise _error(op, f"operação {kind} não é de tabela")


# -- the text on a date -----------------------------------------------------------------------

def table_at(table: Tabela, when: str) -> Tabela | None:
    """``table`` as it stood on ``when`` (edited in place): rows included later dropped, each
    row's cells those of its wording in force then; None when the table itself did not exist."""
    kept_rows = []
    for row in table.rows:
        if not row.history:
            kept_rows.append(row)
            continue
        kept = [v for v in row.history if not v.start or v.start <= when]
        if not kept:
            continue  # included later
        kept[-1].end = None
        v = kept[-1]
        texts = row_cells(v.text)
        if texts != row.texts:
            if len(texts) == len(row.cells):
                for c, t in zip(row.cells, texts):
                    c.text = t
            else:
                row.cells = [Cell(t, header=row.header) for t in texts]
        row.situacao = v.situacao
        row.history = [] if len(kept) == 1 and kept[0].event.kind == "original" else kept
        kept_rows.append(row)
    table.rows = kept_rows
    if table.history:
        kept_t = [v for v in table.history if not v.start or v.start <= when]
        if kept_t:
            kept_t[-1].end = None
            table.titulo = kept_t[-1].text or None
            table.history = [] if len(kept_t) == 1 else kept_t
    if table.rows:  # a table is in force while a row of it is (its annex replaced later: all of them are)
        table.situacao = (Situacao.VIGENTE if any(r.situacao is Situacao.VIGENTE for r in table.rows)
                          else Situacao.REVOGADO)
    return table if table.rows else None


def passage_at(p: Passage, when: str) -> Passage | None:
    """``p`` as it stood on ``when`` (edited in place); None when it was included later."""
    if not p.history:
        return p
    kept = [v for v in p.history if not v.start or v.start <= when]
    if not kept:
        return None
    kept[-1].end = None
    p.text, p.situacao = kept[-1].text, kept[-1].situacao
    p.history = [] if len(kept) == 1 and kept[0].event.kind == "original" else kept
    return p


def tables_on(norma: Norma, when: str) -> None:
    """Every table and annex of ``norma`` (a clone) cut at ``when``."""
    for d in norma.dispositivos():
        if d.tabelas:
            d.tabelas = [t for t in (table_at(t, when) for t in d.tabelas) if t is not None]
    for a in norma.annexes:
        if a.history:
            kept = [v for v in a.history if not v.start or v.start <= when]
            if kept:
                kept[-1].end = None
                a.situacao = kept[-1].situacao
                a.titulo = kept[-1].text or None
                a.history = [] if len(kept) == 1 else kept
        blocks: list[Passage | Tabela] = []
        for b in a.blocks:
            cut = table_at(b, when) if isinstance(b, Tabela) else passage_at(b, when)
            if cut is not None:
                blocks.append(cut)
        a.blocks = blocks


def without_table_history(norma: Norma) -> None:
    """The tables of ``norma`` (a clone) as the text in force only: removed rows and replaced
    tables and passages gone, no history; a revoked annex gone."""
    for _, t in tables_of(norma):
        t.rows = [r for r in t.rows if r.situacao is Situacao.VIGENTE]
        for r in t.rows:
            r.history = []
        t.history = []
    for a in norma.annexes:  # a revoked annex keeps its heading, '(Revogado)', as a revoked artigo does
        a.blocks = [b for b in a.blocks if block_in_force(b)] if a.situacao is Situacao.VIGENTE else []
        for b in a.passages:
            b.history = []
        a.history = []
