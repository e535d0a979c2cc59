"""Plain-text writer: Norma → UTF-8 text in the official layout (LC 95 / Planalto style).

Layout, one unit per line:

- epígrafe; a blank line; ementa; a blank line; preâmbulo paragraphs;
- each agrupador as two lines, label ('CAPÍTULO II', upper case as acts print it) then name,
  with a blank line before and after (a heading printed without label keeps only its name);
- 'Art. 1º Texto…', 'Art. 10. Texto…' (cardinal articles take a period, LC 95 art. 10 I);
  '§ 1º …', '§ 10. …', 'Parágrafo único. …', 'I – …', 'a) …', '1. …'; a blank line after
  each artigo (with its parágrafos, incisos, alíneas, itens);
- quoted alteration blocks right after the unit that introduces them: the quoted units in the
  same layout, an opening '“' on the first line, a closing '”' on the last, then ' (NR)' or
  ' (AC)'; omissis as a line of dots;
- fecho lines, then each signature as name and cargo lines; annexes last.

The text reader (:mod:`lexconsolida.readers.text`) reads this layout back to the same ids.

``view``:

- ``"vigente"`` (default): the text in force; a revoked or vetoed unit shows its label and
  the note '(Revogado pela Lei nº …)' / '(Revogado).' instead of a wording no longer in force
  (a text that already is such a note, as in the CF/88 compiled LexML, is printed as it is);
- ``"compilado"``: the compiled text (see :mod:`lexconsolida.model.history`): every superseded
  wording is printed, prefixed by '[sem vigor]', each wording followed by its note in
  parentheses ('(Redação dada pela Lei nº 130, de 1º de março de 2022)'), revocations as
  '(Revogado pela …)'; an ementa an amending act changed is printed the same way.

In both views the efficacy of the text's date (:mod:`lexconsolida.model.efficacy`) is printed as
Planalto prints a court's decision: the wording stays, followed by its note in parentheses —
'(Suspenso por decisão liminar na ADI nº …, de …)', '(Declarado inconstitucional na ADI nº …)',
'(Vide ADI nº …)' —, and the whole act's under the epígrafe.
"""

from __future__ import annotations

import re

from lexconsolida.errors import UsageError
from lexconsolida.model.rotulos import printed_label
from lexconsolida.model import Agrupador, Alteracao, Dispositivo, Kind, Norma, Situacao
from lexconsolida.model.epigrafe import printed as printed_epigrafe
from lexconsolida.model.efficacy import Resolved, resolve
from lexconsolida.model.tables import Cell, Row, Tabela, block_note, covered_by_annex, row_notes, shown_blocks, shown_rows, table_lines, table_note
from lexconsolida.model.history import STRUCK_MARK, Entry, compiled_entries, ementa_lines, marked
from lexconsolida.model.marks import QUESTION, SourceMark, source_marks
from lexconsolida.model.status import which_text

VIEWS = ("vigente", "compilado")
OMISSIS_LINE = "......."
_STATUS_NOTE = re.compile(r"^\(\s*(?:revogad|vetad)[oa]s?\b.*\)\.?$", re.I | re.S)
_STATUS_WORD = {Situacao.REVOGADO: "Revogado", Situacao.VETADO: "Vetado", Situacao.SUPRIMIDO: "Suprimido"}


def check_view(view: str) -> str:
    if view not in VIEWS:
        raise UsageError(f"visão desconhecida: {view!r} (use vigente ou compilado)")
    return view


def unit_label(d: Dispositivo, rotulo: str | None = None) -> str:
    """The printed label with its separator: 'Art. 1º ', 'Art. 10. ', 'Parágrafo único. ', 'I – '
    (:func:`lexconsolida.model.rotulos.printed_label`)."""
    rotulo = rotulo if rotulo is not None else d.rotulo
    if not rotulo:
        return ""
    if d.unico and not rotulo.lower().startswith("parágrafo"):
        rotulo = "Parágrafo único"
    return printed_label(str(d.kind), rotulo)


def agrupador_label(a: Agrupador) -> str | None:
    """'CAPÍTULO II' (upper case, as acts print headings); None for a heading with no label."""
    if a.rotulo:
        return a.rotulo.upper()
    return None


def status_note(d: Dispositivo) -> str:
    """'(Revogado pela Lei nº …)' for a unit no longer in force, from its last event if known."""
    if _STATUS_NOTE.match(d.head_text.strip()):
        return d.head_text.strip()
    last = d.history[-1] if d.history else None
    if last and last.situacao is d.situacao and last.event.act_label and last.event.kind == "revogacao":
        return f"({last.event.nota()})"
    return f"({_STATUS_WORD.get(d.situacao, 'Revogado')})."


def own_entries(d: Dispositivo, view: str) -> list[Entry]:
    """The lines of ``d``'s own text for ``view`` (children excluded)."""
    if view == "compilado":
        if d.kind is Kind.ARTIGO and d.caput is not None and d.caput.history:
            # an artigo's wording and history live on its caput (model.history)
            return [e if e.rotulo else Entry(e.text, d.rotulo, e.struck, e.note)
                    for e in compiled_entries(d.caput)]
        if not d.history and _STATUS_NOTE.match(d.head_text.strip()):
            return [Entry(d.head_text, d.rotulo, False, None)]  # the text is the note ('(Revogado).')
        return compiled_entries(d)
    if d.situacao is not Situacao.VIGENTE:
        return [Entry(status_note(d), d.rotulo, False, None)]
    return [Entry(d.head_text, d.rotulo, False, None)]


def entry_text(entry: Entry) -> str:
    """Own text of a compiled-view entry in plain text: struck prefix, wording, note."""
    parts = []
    if entry.struck:
        parts.append(STRUCK_MARK)
    if entry.text:
        parts.append(entry.text)
    if entry.note:
        parts.append(f"({entry.note})")
    parts += [f"({m})" for m in entry.marks]
    return " ".join(parts)


def efficacy_of(norma: Norma) -> Resolved | None:
    """The efficacy of ``norma`` on its date, None when it has no efficacy event."""
    return resolve(norma) if norma.eficacia else None


def unit_entries(d: Dispositivo, view: str, efficacy: Resolved | None) -> list[Entry]:
    """:func:`own_entries` with the unit's efficacy notes on its wording in force."""
    entries = own_entries(d, view)
    return marked(entries, efficacy.line_notes(d)) if efficacy is not None else entries


def text_children(d: Dispositivo) -> list[Dispositivo]:
    """Children printed under ``d``: an artigo's caput is printed on the artigo's own line."""
    if d.kind is Kind.ARTIGO and d.caput is not None:
        return list(d.caput.children) + [c for c in d.children if c.kind is not Kind.CAPUT]
    return list(d.children)


def host_alteracoes(d: Dispositivo) -> list[Alteracao]:
    """Quoted blocks introduced by ``d`` (an artigo's are on its caput)."""
    if d.kind is Kind.ARTIGO and d.caput is not None:
        return list(d.caput.alteracoes) + list(d.alteracoes)
    return list(d.alteracoes)


def unit_marks(marks: dict[str, list[SourceMark]], d: Dispositivo) -> list[SourceMark]:
    """The marks of ``d``'s line (an artigo's text is its caput's)."""
    if not marks:
        return []
    cap = d.caput if d.kind is Kind.ARTIGO else None
    return marks.get(d.id, []) + (marks.get(cap.id, []) if cap is not None else [])


def header(norma: Norma, view: str) -> list[str]:
    """What a published text says of itself before the act (:func:`which_text`: its status —
    revoked, pending review, a draft … — and which text it is), one sentence a line."""
    return which_text(norma, view) if norma.articulacao else []


class _TextWriter:
    def __init__(self, view: str, published: bool = False, efficacy: Resolved | None = None) -> None:
        self.view = view
        self.published = published
        self.marks: dict[str, list[SourceMark]] = {}
        self.out: list[str] = []
        self.efficacy = efficacy

    def blank(self) -> None:
        if self.out and self.out[-1] != "":
            self.out.append("")

    def dispositivo(self, d: Dispositivo) -> None:
        if d.kind is Kind.OMISSIS:
            self.out.append(d.text or OMISSIS_LINE)
            return
        for entry in unit_entries(d, self.view, self.efficacy):
            line = unit_label(d, entry.rotulo) + entry_text(entry)
            self.out.append(line.rstrip())
        marks = unit_marks(self.marks, d)
        if marks:  # never clean law text: '[?]' after it, and what to check, on the next line
            self.out[-1] += " " + QUESTION
            self.out.append(f"[{'; '.join(m.note for m in marks)}]")
        for alt in host_alteracoes(d):
            self.alteracao(alt)
        for t in d.tabelas + (d.caput.tabelas if d.caput is not None else []):
            self.out.extend(table_view_lines(t, self.view))
        for c in text_children(d):
            self.dispositivo(c)

    def alteracao(self, alt: Alteracao) -> None:
        start = len(self.out)
        for node in alt.children:
            self.node(node, quoted=True)
        while len(self.out) > start and self.out[-1] == "":
            self.out.pop()
        if len(self.out) == start:
            return
        self.out[start] = "“" + self.out[start]
        self.out[-1] += "”" + (f" ({alt.nota})" if alt.nota else "")

    def node(self, node: Agrupador | Dispositivo, quoted: bool = False) -> None:
        if isinstance(node, Agrupador):
            self.blank()
            label = agrupador_label(node)
            if label:
                self.out.append(label)
            if node.nome:
                self.out.append(node.nome)
            if not quoted:
                self.blank()
            for c in node.children:
                self.node(c, quoted)
            return
        self.dispositivo(node)
        if node.kind is Kind.ARTIGO and not quoted:
            self.blank()

    def norma(self, n: Norma) -> str:
        if self.published:
            self.out.extend(f"[{s}]" for s in header(n, self.view))
            self.blank()
            self.marks = source_marks(n)
        for doc in n.documentos:
            self.out.extend(doc.text.split("\n"))
            self.blank()
        epigrafe = printed_epigrafe(n) if self.published else n.epigrafe
        if epigrafe:
            self.out.append(epigrafe)
            self.blank()
        if self.efficacy is not None and self.efficacy.act_marks:
            self.out.extend(f"({m.note})" for m in self.efficacy.act_marks)
            self.blank()
        for entry in ementa_lines(n, self.view, notes=False):
            self.out.append(entry_text(entry))
        self.blank()
        for p in n.preambulo:
            self.out.append(p)
        self.blank()
        for node in n.articulacao:
            self.node(node)
        self.blank()
        self.out.extend(n.fecho)
        if n.fecho and n.assinaturas:
            self.blank()
        for s in n.assinaturas:
            self.out.append(s.name)
            if s.cargo:
                self.out.append(s.cargo)
        for anexo in n.anexos:
            self.blank()
            self.out.extend(anexo.split("\n"))
        for annex in n.annexes:
            self.blank()
            revoked = annex.situacao is not Situacao.VIGENTE
            heading = annex.rotulo_printed or annex.rotulo
            if heading:
                self.out.append(heading + (" (Revogado)" if revoked and self.view != "compilado" else ""))
            if annex.titulo:
                self.out.append(annex.titulo)
            note = block_note(annex) if self.view == "compilado" else None
            if note:
                self.out.append(f"({note})")
            for b in shown_blocks(annex, self.view):
                covered = covered_by_annex(annex, b)
                if isinstance(b, Tabela):
                    self.out.extend(table_view_lines(b, self.view, notes=not covered))
                    continue
                struck = b.situacao is not Situacao.VIGENTE
                lines = b.text.split("\n")
                if struck:
                    lines[0] = f"{STRUCK_MARK} {lines[0]}"
                pnote = block_note(b) if self.view == "compilado" and not covered else None
                if pnote:
                    lines[-1] += f" ({pnote})"
                self.out.extend(lines)
        while self.out and self.out[-1] == "":
            self.out.pop()
        return "\n".join(self.out) + "\n"


def render(norma: Norma, *, view: str = "vigente", published: bool = False) -> str:
    """The act as plain text (str). ``published``: as a publication prints it (``compile``,
    ``render``): first what it is and which text it prints, in brackets, and the epígrafe
    normalised as every other output prints it (LC 95/1998, art. 4º); without it, the layout
    the text reader reads back to the same tree."""
    return _TextWriter(check_view(view), published, efficacy_of(norma)).norma(norma)


def write(norma: Norma, *, view: str = "vigente", published: bool = False, **_options) -> bytes:
    """The act as UTF-8 plain text in the official layout."""
    return render(norma, view=view, published=published).encode("utf-8")


def table_view_lines(table: Tabela, view: str, notes: bool = True) -> list[str]:
    """The table as plain text in ``view``: a pipe table (removed rows out, or struck with
    '[sem vigor]' in the compiled view), then, in the compiled view, one note per changed row
    ('(Advogado: Redação dada pela Lei nº …)') and the cells of each earlier wording."""
    shown = Tabela(table.id, [], table.titulo)
    printed: list[str] = []
    per_row = row_notes(table) if view == "compilado" and notes else {}
    for row in shown_rows(table, view):
        cells = [Cell(c.text, c.colspan, c.rowspan, c.header) for c in row.cells]
        if row.situacao is not Situacao.VIGENTE and cells:
            cells[0] = Cell(f"{STRUCK_MARK} {cells[0].text}", cells[0].colspan, cells[0].rowspan, cells[0].header)
        shown.rows.append(Row(row.id, cells, row.header))
        note = per_row.get(row.id)
        if note:
            older = [v.text for v in row.history[:-1] if v.text != row.history[-1].text]
            was = f"; antes: {older[-1]}" if older else ""
            printed.append(f"({row.label}: {note}{was})")
    shared = table_note(table) if view == "compilado" and notes else None
    if shared:
        printed.append(f"({table.titulo or 'Tabela'}: {shared})")
    return table_lines(shown) + printed
