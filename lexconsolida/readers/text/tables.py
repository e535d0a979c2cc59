"""Tables in plain text: grid tables, pipe tables, columns aligned by spaces or tabs, dotted
leaders (``docs/tabelas.md``).

:func:`find_blocks` finds the runs of lines that look like a table; :func:`read_block` reads one
into a :class:`~lexconsolida.model.tables.Tabela`, or says why it cannot with confidence (then the
lines stay text, flagged: nothing is lost). The rule ``find_tables`` (before ``split_parts``)
takes every table read with confidence out of the line stream and leaves one placeholder line
in its place (tag ``tabela``); the tree builder hangs the table on the unit it is printed in,
and the annex reader puts it among the annex's blocks.

Forms read (all seen in the Feira de Santana acervo or in drafts typed by hand):

- **grid tables** — the form a publishing site gives scanned tables: cells between '|', rows
  between ruled lines ('|-----|-----|'), the heading above a '=' line, a cell that runs over
  several lines (its lines joined), a ruled line that leaves a column blank (the cell spans the
  rows: ``rowspan``), a heading over sub-columns ('|-------+-------|' under it: ``colspan``); the
  caption is the line before, printed with the top border ('QUADRO DE PESSOAL ______'), and the
  site's note after the bottom border ('* tabela formatada pela equipe técnica …') is logged;
- **pipe tables** (Markdown): '| a | b |' lines, a '|---|---|' line after the heading;
- **aligned columns**: three or more lines split by tabs or by three or more spaces into the
  same number (two or more) of cells, none starting with a dispositivo's label;
- **dotted leaders**: three or more lines 'Receita corrente ........ 105.773.360,00' — label,
  leader, a value with a digit: a two-column table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from lexconsolida import patterns
from lexconsolida.model.tables import Cell, Row, Tabela

TABLE_LINE = patterns.compile(r"^\s*[|+].*[|+]\s*(?:\*.*)?$")
"""A line of a grid or pipe table: starts and ends with '|' (or '+'); the bottom border may
carry the publishing site's note after it."""
_SEPARATOR = patterns.compile(r"^[\s|+:=_-]*$")
_RULED = patterns.compile(r"[-=_]{2,}")
TOP_BORDER = patterns.compile(r"\s*_{5,}\s*$")
"""The top border a grid table's caption line carries ('TÍTULO ________')."""
SITE_NOTE = patterns.compile(r"[|+]\s*(\*\s*tabela\s+formatada.*)$", re.IGNORECASE)
_MD_DELIMITER = patterns.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$")
_ALIGNED_SPLIT = patterns.compile(r"\t+|\s{3,}")
_LEADER = patterns.compile(r"^\s*(?P<label>\S.*?\S)\s*(?:\.{4,}|…{2,}|(?:\.\s){4,})[\s.:…]*(?P<value>\S.*?)\s*$")
_LABELLED = patterns.compile(
    r"^\s*(?:Art(?:igo)?\.?\s*\d|§|Par[áa]grafo|[IVXLC]+\s*[-–—.)]|[a-z]\)|\d+\s*[-–—)]\s+[A-ZÀ-Ý])")


@dataclass(slots=True)
class Block:
    """A run of lines that looks like a table: indices [start, end) into the line list."""

    start: int
    end: int
    form: str
    """'grade', 'pipe', 'alinhada' or 'pontilhada'."""
    table: Tabela | None = None
    why: str | None = None
    """Why the block could not be read with confidence (``table`` is None then)."""
    caption: int | None = None
    """Index of the caption line (the one carrying the top border), when there is one."""
    notes: list[tuple[int, str]] = field(default_factory=list)
    """(index, text) of the site's notes found on the block's lines (logged, not table text)."""


def _is_blank(text: str) -> bool:
    return not text.strip()


def find_blocks(texts: list[str]) -> list[Block]:
    """The runs of ``texts`` that look like tables, each read (:func:`read_block`)."""
    blocks: list[Block] = []
    i, n = 0, len(texts)
    while i < n:
        if TABLE_LINE.match(texts[i]):
            j = i
            while j < n and TABLE_LINE.match(texts[j]):
                j += 1
            if j - i >= 2:
                caption = i - 1 if i > 0 and TOP_BORDER.search(texts[i - 1]) else None
                blocks.append(read_block(texts, Block(i, j, "pipe", caption=caption)))
            i = j
            continue
        end = _aligned_run(texts, i)
        if end is not None:
            blocks.append(read_block(texts, Block(i, end, "alinhada")))
            i = end
            continue
        end = _leader_run(texts, i)
        if end is not None:
            blocks.append(read_block(texts, Block(i, end, "pontilhada")))
            i = end
            continue
        i += 1
    return blocks


def _aligned_cells(text: str) -> list[str] | None:
    if _is_blank(text) or _LABELLED.match(text) or "|" in text:
        return None
    cells = [c for c in _ALIGNED_SPLIT.split(text.strip())]
    if len(cells) < 2 or any(not c for c in cells) or TOP_BORDER.search(text):
        return None
    if all(set(c) <= set("_-. ") for c in cells):
        return None  # signature lines ('______   ______')
    return cells


def _aligned_run(texts: list[str], i: int) -> int | None:
    """End of a run of three or more rows of the same number of aligned cells starting at
    ``i`` (blank lines between rows allowed), or None."""
    first = _aligned_cells(texts[i])
    if first is None:
        return None
    rows, j, end = 1, i + 1, i + 1
    while j < len(texts):
        if _is_blank(texts[j]):
            j += 1
            continue
        cells = _aligned_cells(texts[j])
        if cells is None or len(cells) != len(first):
            break
        rows += 1
        j += 1
        end = j
    return end if rows >= 3 else None


def _leader(text: str) -> tuple[str, str] | None:
    if _LABELLED.match(text) and not re.match(r"^\s*\d+\s", text):
        return None
    m = _LEADER.match(text)
    if m is None or not any(ch.isdigit() for ch in m.group("value")) or len(m.group("value")) > 40:
        return None
    return m.group("label"), m.group("value")


def _leader_run(texts: list[str], i: int) -> int | None:
    if _leader(texts[i]) is None:
        return None
    j = i + 1
    while j < len(texts) and _leader(texts[j]) is not None:
        j += 1
    return j if j - i >= 3 else None


# -- reading a block ---------------------------------------------------------------------------

def read_block(texts: list[str], block: Block) -> Block:
    """``block`` with its table read, or with the reason it could not be (``why``)."""
    lines = texts[block.start:block.end]
    if block.form == "alinhada":
        rows = [_aligned_cells(t) for t in lines if not _is_blank(t)]
        block.table = _simple([r for r in rows if r], header=False)
        return block
    if block.form == "pontilhada":
        block.table = _simple([list(_leader(t) or ("", "")) for t in lines], header=False)
        return block
    cleaned = []
    for k, t in enumerate(lines):
        m = SITE_NOTE.search(t)
        if m:
            block.notes.append((block.start + k, m.group(1)))
            t = t[:m.start(1)].rstrip()
        cleaned.append(t.rstrip())
    if any(_SEPARATOR.match(t) and _RULED.search(t) and not _MD_DELIMITER.match(t) for t in cleaned):
        block.form = "grade"
        table, why = _grid(cleaned)
    else:
        table, why = _pipe(cleaned)
    block.table, block.why = table, why
    return block


def _simple(rows: list[list[str]], header: bool) -> Tabela:
    out = Tabela("")
    for r in rows:
        out.rows.append(Row("", [Cell(c.strip(), header=header and not out.rows) for c in r],
                            header=header and not out.rows))
    return out


def split_pipes(line: str) -> list[str]:
    """The cells of a pipe-table line ('| a | b |' → ['a', 'b']; '\\|' is a '|' in a cell)."""
    s = line.strip()
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|") and not s.endswith("\\|"):
        s = s[:-1]
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", s)]


def _pipe(lines: list[str]) -> tuple[Tabela | None, str | None]:
    """A pipe table: each line a row; the heading above a '|---|' line."""
    rows: list[list[str]] = []
    header_rows = 0
    for t in lines:
        if _MD_DELIMITER.match(t):
            if header_rows or not rows:
                return None, "linha de separação de cabeçalho fora do lugar"
            header_rows = len(rows)
            continue
        rows.append(split_pipes(t))
    widths = {len(r) for r in rows}
    if len(widths) != 1 or widths.pop() < 2:
        return None, "as linhas não têm o mesmo número de células"
    table = Tabela("")
    for k, r in enumerate(rows):
        head = k < header_rows
        table.rows.append(Row("", [Cell(c, header=head) for c in r], header=head))
    return table, None


def _grid(lines: list[str]) -> tuple[Tabela | None, str | None]:
    """A grid table (module docstring): cells are the rectangles the rules and bars draw.

    Every physical line is cut at the column bars (any '|' or '+' of any line); a piece made
    only of '-', '=', '_' (and '+') is a rule, any other piece (blank included) is content.
    Content pieces join their right neighbour when no bar separates them on that line (a
    ``colspan``) and the piece below when no rule does (a cell's next line, or a ``rowspan``).
    Every group must be a rectangle, or the table is not read. A row is the set of cells that
    start on the same line; the heading is what lies above the first '=' rule. A table ruled
    only under its heading (no rule between data lines) has one row per line."""
    indent = min(len(t) - len(t.lstrip()) for t in lines)
    lines = [t[indent:] for t in lines]
    width = max(len(t) for t in lines)
    lines = [t.ljust(width) for t in lines]
    bounds = sorted({k for t in lines for k in range(len(t)) if _is_bar(t, k)})
    if len(bounds) < 3 or bounds[0] != 0:
        return None, "colunas desalinhadas"
    for k, t in enumerate(lines):
        if t[0] not in "|+" or t.rstrip()[-1:] not in ("|", "+"):
            return None, f"linha {k + 1} da tabela não abre ou não fecha a célula"
    segs = list(zip(bounds, bounds[1:]))
    nl, ns = len(lines), len(segs)
    rule = [[False] * ns for _ in range(nl)]
    for k, t in enumerate(lines):
        for si, (a, b) in enumerate(segs):
            raw = t[a + 1:b]
            piece = raw.strip()
            # a rule fills its segment ('------'); a dash standing among spaces is text ('SIMPLIFICADA  -  LS')
            rule[k][si] = bool(piece) and set(piece) <= set("-=_+:") and (piece == raw or len(piece) > 1)
    header_end = next((k for k, t in enumerate(lines) if "=" in t and all(
        rule[k][si] or not t[a + 1:b].strip() for si, (a, b) in enumerate(segs))), None)
    content_lines = [k for k in range(nl) if not all(rule[k])]
    if not content_lines:
        return None, "tabela sem linhas de conteúdo"
    body_start = header_end if header_end is not None else -1
    body = [k for k in content_lines if k > body_start]
    body_ruled = bool(body) and any(any(rule[k]) for k in range(body[0] + 1, body[-1]))
    parent = list(range(nl * ns))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for k in range(nl):
        for si in range(ns):
            if rule[k][si]:
                continue
            if si + 1 < ns and not rule[k][si + 1] and not _is_bar(lines[k], segs[si][1]):
                parent[find(k * ns + si)] = find(k * ns + si + 1)
            below = k + 1
            if below < nl and not rule[below][si]:
                if k > body_start and not body_ruled:
                    continue  # no rule between data lines: one row per line
                parent[find(k * ns + si)] = find(below * ns + si)
    groups: dict[int, list[tuple[int, int]]] = {}
    for k in content_lines:
        for si in range(ns):
            if not rule[k][si]:
                groups.setdefault(find(k * ns + si), []).append((k, si))
    starts: dict[int, list[tuple[int, Cell, int]]] = {}
    for members in groups.values():
        rows_ = sorted({m[0] for m in members})
        cols = sorted({m[1] for m in members})
        if len(members) != len(rows_) * len(cols) or rows_ != list(range(rows_[0], rows_[-1] + 1)) \
                or cols != list(range(cols[0], cols[-1] + 1)):
            return None, "célula que não é retangular"
        a, b = segs[cols[0]][0], segs[cols[-1]][1]
        text = join_cell_lines([lines[k][a + 1:b].strip() for k in rows_])
        head = header_end is not None and rows_[0] < header_end
        starts.setdefault(rows_[0], []).append((cols[0], Cell(text, colspan=len(cols), header=head), rows_[-1]))
    tops = sorted(starts)
    table = Tabela("")
    for i, top in enumerate(tops):
        entries = sorted(starts[top], key=lambda e: e[0])
        for _, cell, bottom in entries:
            cell.rowspan = sum(1 for t in tops[i:] if t <= bottom)
        last = max(bottom for _, _, bottom in entries)
        head = header_end is not None and top < header_end
        table.rows.append(Row("", [c for _, c, _ in entries], header=head, lines=(top, last)))
    if table.columns < 2:
        return None, "uma coluna só"
    return table, None


def _is_bar(text: str, k: int) -> bool:
    """Whether ``text[k]`` draws a column: a '|', or a '+' where rules cross ('---+---'); a '+'
    inside a cell's words is text ('TOTAL GERAL (1+2)')."""
    ch = text[k]
    if ch == "|":
        return True
    if ch != "+":
        return False
    return (k == 0 or text[k - 1] in "-=_|+") or (k + 1 >= len(text) or text[k + 1] in "-=_|+")


def join_cell_lines(parts: list[str]) -> str:
    """The lines of a cell as one text: joined by a space, an end-of-line hyphen before a
    lower-case letter undone ('desenvolvi-' 'mento' → 'desenvolvimento')."""
    out = ""
    for p in parts:
        p = " ".join(p.split())  # justified text spreads words apart; a cell holds them as words
        if not p:
            continue
        if out.endswith("-") and len(out) > 1 and out[-2].isalpha() and p[:1].islower():
            out = out[:-1] + p
        else:
            out = f"{out} {p}" if out else p
    return out


def number_rows(table: Tabela, table_id: str) -> Tabela:
    """Give ``table`` its id and its rows theirs (``<id>_lin<n>``, in order)."""
    table.id = table_id
    for k, row in enumerate(table.rows, 1):
        row.id = f"{table_id}_lin{k}"
    return table


def draw_grid(owner: list[list[int]], texts: dict[int, str], heads: int) -> list[str]:
    """A table given as a layout (``owner[row][column]`` = the id of the cell covering that grid
    square; ``texts`` = each cell's text; the first ``heads`` rows the heading) drawn as the grid
    table :func:`find_blocks` reads back with its spans: no bar inside a cell that spans
    columns, no rule under a cell that continues down, '=' under the heading. The DOCX reader
    (a Word table) and the PDF reader (a ruled table) hand their tables to the text reader so.
    A cell with a '|' in its text makes a pipe table instead ('\\|'; spans become empty cells),
    since the grid would read the bar as a column."""
    width = max((len(r) for r in owner), default=0)
    if not owner or width == 0:
        return []
    if any("|" in t for t in texts.values()):
        rows = []
        for k, r in enumerate(owner):
            cells = [texts[cid].replace("|", "\\|") if (c == 0 or r[c - 1] != cid)
                     and (k == 0 or owner[k - 1][c] != cid) else "" for c, cid in enumerate(r)]
            rows.append("| " + " | ".join(cells) + " |")
            if k + 1 == heads:
                rows.append("|" + "---|" * len(cells))
        return rows
    widths = [3] * width
    for r in owner:
        for c, cid in enumerate(r):
            if (c == 0 or r[c - 1] != cid) and (c + 1 == width or r[c + 1] != cid):
                widths[c] = max(widths[c], len(texts[cid]))
    for r in owner:  # a spanning cell wider than its columns widens the last of them
        c = 0
        while c < width:
            e = c
            while e + 1 < width and r[e + 1] == r[c]:
                e += 1
            room = sum(widths[c:e + 1]) + (e - c)
            if len(texts[r[c]]) > room:
                widths[e] += len(texts[r[c]]) - room
            c = e + 1
    lines = []
    for k, r in enumerate(owner):
        out = "|"
        c = 0
        while c < width:
            e = c
            while e + 1 < width and r[e + 1] == r[c]:
                e += 1
            room = sum(widths[c:e + 1]) + (e - c)
            starts = k == 0 or owner[k - 1][c] != r[c]
            out += (texts[r[c]] if starts else "").ljust(room) + "|"
            c = e + 1
        lines.append(out)
        if k + 1 < len(owner):
            fill = "=" if k + 1 == heads else "-"
            rule = "|"
            below = owner[k + 1]
            for c in range(width):
                merged = below[c] == r[c]
                rule += (" " if merged else fill) * widths[c]
                if c + 1 < width:
                    rule += " " if merged and below[c + 1] == r[c + 1] == r[c] else "|"
            lines.append(rule + "|")
    lines.append("|" + "|".join("_" * w for w in widths) + "|")
    return lines


# -- the reader's rules ------------------------------------------------------------------------

PLACEHOLDER_TAG = "tabela"
"""The tag of the line standing for a table taken out of the line stream."""


@dataclass(slots=True)
class Found:
    """A table taken out of the text: the table, the lines it was read from (to give them back
    to a quoted block that holds them) and its caption line."""

    table: Tabela
    lines: list
    caption: Any = None
    """The caption's SourceLine (typed loosely: this module's top stays free of the reader's state)."""
    placed: bool = False


_LABELLED_CAPTION = patterns.compile(
    r"^\s*ART(?:IGO)?\.?\s*\d+\S*\s*[-–—.]?\s*(?=[^a-zà-ÿ]*$)(?=.*\b(?:TABELA|QUADRO|ANEXO)\b)")
"""A caption printed with the top border that starts with an article's label and is all
capitals naming a table ('ART. 144 - TABELA DE RECEITA IV - ANEXO II - DA LEI …'): the caption
of an annex table that says which article it belongs to, not an article. (An article whose
sentence ends in the top border — 'Art. 3º Fica alterada a Tabela I …: ____' — has lower-case
words and stays an article.)"""


_ANNEX_CAPTION = patterns.compile(r"^\s*ANEXOS?\b(?:\s+(?:N[º°o.]*\s*)?(?:[IVXLC]+|\d+|[ÚU]NIC[OA]))?\s*[-–—:.]?\s*$")
"""A caption line that is only an annex heading ('ANEXO II ______'): it stays in the text (its
border removed) and opens the annex; the table that follows is the annex's, uncaptioned."""


def find_tables(state) -> None:
    """Rule ``find_tables``: every table read with confidence leaves the line stream, one
    placeholder line (tag ``tabela``, empty text) in its place; its caption line (the one that
    carries the top border, when it has no label) goes with it. A run of lines that looks like
    a table but cannot be read stays text, with a warning ``tabela-incerta`` naming its lines."""
    from lexconsolida.model import Diagnostic, Severity  # noqa: PLC0415 — keeps this module's top pure
    from lexconsolida.readers.text.state import SourceLine  # noqa: PLC0415

    lines = state.lines
    blocks = find_blocks([ln.text for ln in lines])
    if not blocks:
        return
    found: dict[int, Found] = state.scratch.setdefault("tables", {})
    drop: set[int] = set()
    holders: dict[int, SourceLine] = {}
    for b in blocks:
        first, last = lines[b.start], lines[b.end - 1]
        if b.form in ("alinhada", "pontilhada") and any(lines[k].label is not None for k in range(b.start, b.end)):
            continue  # numbered items of a unit ('1 - Aquisição … Cr$ 1.000,00') stay its units
        if b.table is None:
            state.scratch.setdefault("uncertain_lines", set()).update(lines[k].number for k in range(b.start, b.end))
            state.diagnostics.append(Diagnostic(
                "tabela-incerta", f"as linhas {first.number} a {last.number} parecem uma tabela, mas não foi "
                f"possível lê-la com segurança ({b.why}): ficam como texto", Severity.WARNING, line=first.number))
            continue
        for k, note in b.notes:
            state.diagnostics.append(Diagnostic("nota-do-site", "nota do site de publicação depois da tabela",
                                                Severity.INFO, line=lines[k].number, text=note))
        table = b.table
        for row in table.rows:  # block-relative line indices → source line numbers
            if row.lines is not None:
                row.lines = (lines[b.start + row.lines[0]].number, lines[b.start + row.lines[1]].number)
        table.lines = (first.number, last.number)
        caption = None
        if b.caption is not None:
            cap = lines[b.caption]
            cap.text = TOP_BORDER.sub("", cap.text)
            if cap.label is not None:  # 'Art. 3º … a seguinte redação: ____': the border is not the unit's text
                cap.label.rest = TOP_BORDER.sub("", cap.label.rest)
            if cap.label is not None and _LABELLED_CAPTION.match(cap.text):
                cap.label = None  # 'ART. 144 - TABELA DE RECEITA IV - ANEXO II …': a caption, not an article
            if cap.label is None and cap.text.strip() and b.caption not in drop and not _ANNEX_CAPTION.match(cap.text):
                caption = cap
                table.titulo = cap.text.strip()
                drop.add(b.caption)
        drop.update(range(b.start, b.end))
        holder = SourceLine(first.number, "", original="", tag=PLACEHOLDER_TAG)
        holders[b.start] = holder
        found[first.number] = Found(table, lines[b.start:b.end], caption)
    out = []
    for i, ln in enumerate(lines):
        if i in holders:
            out.append(holders[i])
        if i not in drop:
            out.append(ln)
    state.lines = out


def table_text(found: Found) -> str:
    """The table's lines as printed (for a table that ends up nowhere: kept as a document)."""
    head = [found.caption.text] if found.caption is not None else []
    return "\n".join(head + [ln.text for ln in found.lines])


def place_tables(state) -> None:
    """Rule ``place_tables`` (after ``number_units``): ids for the tables the units hold
    (``<unit>_tab<n>``, rows ``_lin<n>``); a table that no unit or annex took (printed before
    the first article, say) is kept as a document, as printed: never lost."""
    from lexconsolida.model import Documento  # noqa: PLC0415

    for d in state.norma.dispositivos():
        for k, t in enumerate(d.tabelas, 1):
            number_rows(t, f"{d.id}_tab{k}")
    for f in state.scratch.get("tables", {}).values():
        if not f.placed:
            f.placed = True
            state.norma.documentos.append(Documento("Tabela", table_text(f), lines=f.table.lines))


_ANNEX_HEADING = patterns.compile(
    r"^\s*(?P<word>ANEXOS?|Anexos?|TABELA|Tabela|QUADRO|Quadro)\b\s*(?:N[º°o.]*\s*)?"
    r"(?P<num>[IVXLC]+\b|\d+\b|[ÚU]NIC[OA]\b|[ÚU]nic[oa]\b)?\s*(?:[-–—:.]\s*)?(?P<rest>.*)$")


def annex_number(heading: str) -> tuple[str | None, int | None, str]:
    """('Anexo II', 2, title) of an annex heading ('ANEXO II - QUADRO DE CARGOS'); the title is
    what follows the label on the same line ('' when nothing does)."""
    from lexconsolida.model.numbering import roman_to_int  # noqa: PLC0415

    m = _ANNEX_HEADING.match(heading)
    if m is None:
        return None, None, heading.strip()
    word = m.group("word").capitalize()
    num = m.group("num")
    value: int | None = None
    label = word
    if num:
        if num[0] in "ÚUúu":
            value, label = 1, f"{word} Único" if word != "Tabela" else f"{word} Única"
        elif num.isdigit():
            value, label = int(num), f"{word} {int(num)}"
        else:
            value, label = roman_to_int(num.upper()), f"{word} {num.upper()}"
    return label, value, m.group("rest").strip()


def read_annex(state, chunk: list, position: int):
    """An :class:`~lexconsolida.model.tables.Annex` from its lines (the heading first): its
    label and title, then its passages and the tables ``find_tables`` took out of them."""
    from lexconsolida.model.tables import Annex, Passage, number_passages  # noqa: PLC0415

    found: dict[int, Found] = state.scratch.get("tables", {})
    uncertain: set[int] = state.scratch.get("uncertain_lines", set())
    items = [ln for ln in chunk if ln.text.strip() or ln.tag == PLACEHOLDER_TAG]
    annex = Annex("", lines=(chunk[0].number, chunk[-1].number))
    if items and items[0].tag != PLACEHOLDER_TAG and _ANNEX_HEADING.match(items[0].text):
        head = items.pop(0)
        annex.rotulo_printed = head.text.strip()
        annex.rotulo, number, rest = annex_number(head.text)
        if rest:
            annex.titulo = TOP_BORDER.sub("", rest).strip() or None
        elif items and items[0].tag != PLACEHOLDER_TAG and items[0].text.strip().isupper():
            annex.titulo = TOP_BORDER.sub("", items.pop(0).text).strip() or None
    else:
        number = None
    taken = {a.id for a in state.norma.annexes}
    annex.id = f"anx{number}" if number and f"anx{number}" not in taken else f"anx{position}"
    while annex.id in taken:
        position += 1
        annex.id = f"anx{position}"
    for ln in items:
        if ln.tag == PLACEHOLDER_TAG:
            f = found.get(ln.number)
            if f is not None and not f.placed:
                f.placed = True
                annex.blocks.append(number_rows(f.table, f"{annex.id}_tab{len(annex.tabelas) + 1}"))
        else:
            flag = "tabela-incerta" if ln.number in uncertain else None
            annex.blocks.append(Passage(ln.text.strip(), lines=(ln.number, ln.number), flag=flag))
    number_passages(annex)
    return annex
