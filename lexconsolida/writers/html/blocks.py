"""An articulação as a flat list of blocks, and the blocks as HTML (:func:`blocos_html`).

Rendering a tree with recursive Jinja macros costs several macro calls per dispositivo; with
hundreds of thousands of dispositivos in a corpus that dominates the build. Here one Python pass
decides what each line shows (rótulo, id, wording, note, struck or not), and
:func:`blocos_html` prints the blocks in order — the ``articulacao`` macro of
``_articulacao.html`` calls it. Printing them in a Jinja loop cost about as much again as
making them: each of the ~8 fields of a line went through Jinja's attribute lookup and
:func:`markupsafe.escape` (a Python call and a new ``Markup`` per field), millions of times
for a 1,000-act site. All text is escaped: wordings come through ``rich`` (escaped, with
citation links) or :func:`markupsafe.escape`; every other field through
:func:`lexconsolida.templating.escape_str`, which escapes exactly as ``markupsafe.escape``
(and Jinja's autoescape) does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from markupsafe import Markup, escape

from lexconsolida.model import Agrupador, Dispositivo, Kind, Norma, Situacao
from lexconsolida.model.efficacy import Resolved, resolve
from lexconsolida.model.gaps import gap_lines, gaps
from lexconsolida.model.marks import QUESTION, SourceMark, mark_notes, source_marks
from lexconsolida.templating import escape_str as _esc
from lexconsolida.writers.html.tables import table_html
from lexconsolida.writers.html.view import linhas_alteracao, linhas_compiladas, nota_vigente, separador

Rich = Callable[[str | None], Markup]


@dataclass(slots=True)
class Bloco:
    """One line (or opening or closing tag) of a printed articulação. Not frozen: a frozen
    dataclass sets each of its fields through ``object.__setattr__``, and a large site makes
    hundreds of thousands of these."""

    tipo: str
    """'agrupador', 'fim-agrupador', 'artigo', 'fim-artigo', 'linha', 'citacao' or 'lacuna'
    (a unit the source skips: ``texto`` says so)."""
    no: Agrupador | Dispositivo | None = None
    nivel: int = 0
    """Heading level of an agrupador (h3…h6)."""
    id: str | None = None
    """The id attribute of the line (or of the artigo's div)."""
    classe: str = ""
    rotulo: str | None = None
    alvo: str | None = None
    """Id the rótulo links to (its permalink)."""
    sep: str = ""
    texto: Markup = Markup("")
    nota: Markup | None = None
    riscado: bool = False
    linhas: tuple = ()
    """For a quoted amending block: (kind, rótulo, text) lines."""
    nota_citacao: str | None = None
    """'NR' / 'AC' after a quoted block."""
    aviso: str | None = None
    """What to check against the source (an OCR leftover, a label out of sequence): printed
    marked after the text, never as clean law text (:mod:`lexconsolida.model.marks`)."""
    marcas: tuple[str, ...] = ()
    """Efficacy notes of the wording in force ('Suspenso por decisão liminar na ADI nº …',
    :mod:`lexconsolida.model.efficacy`), printed marked after the note."""


_LIST_DEPTH = {Kind.ALINEA: 2, Kind.ITEM: 3}
"""Where a list unit sits when nested as LC 95 says (art. 10): alíneas in incisos, items in
alíneas. An alínea directly under a caput or a § (or an item directly under an alínea of one)
is one level up and is indented as such (class ``nivel-N``), not as if under the unit above."""


def _kind_classes(d: Dispositivo) -> str:
    canonical = _LIST_DEPTH.get(d.kind)
    if canonical is None:
        return f"disp {d.kind}"
    depth = 0
    for part in reversed(d.id.split("_")):
        if not part.startswith(("inc", "ali", "ite")):
            break
        depth += 1
    return f"disp {d.kind} nivel-{depth}" if 0 < depth < canonical else f"disp {d.kind}"


def _classe(d: Dispositivo) -> str:
    kinds = _kind_classes(d)
    return kinds if d.situacao is Situacao.VIGENTE else f"{kinds} {d.situacao}"


def _line_id(d: Dispositivo, holder: Dispositivo) -> str | None:
    """The caput's id for an artigo's line (the div has the artigo's), the unit's own otherwise."""
    return holder.id if holder is not d or d.kind is not Kind.ARTIGO else None


def _vigente(d: Dispositivo, holder: Dispositivo, rich: Rich) -> list[Bloco]:
    n = nota_vigente(d)
    common = dict(no=d, id=_line_id(d, holder), classe=_classe(d), rotulo=d.rotulo, alvo=d.id,
                  sep=separador(d))
    if d.situacao is Situacao.VIGENTE:
        return [Bloco("linha", texto=rich(holder.text), nota=rich(n) if n else None, **common)]
    return [Bloco("linha", nota=rich(n or str(d.situacao).capitalize()), **common)]


def _compilado(d: Dispositivo, holder: Dispositivo, rich: Rich) -> list[Bloco]:
    entries = linhas_compiladas(d)
    out = []
    for i, e in enumerate(entries):
        last = i == len(entries) - 1
        out.append(Bloco(
            "linha", no=d, id=_line_id(d, holder) if last else None,
            classe=_classe(d) if last else f"{_kind_classes(d)} superado",
            rotulo=e.rotulo, alvo=d.id, sep=separador(d),
            texto=escape(e.text) if e.struck else rich(e.text),
            nota=rich(e.note) if e.note else None, riscado=e.struck))
    return out


def _citacoes(unit: Dispositivo) -> list[Bloco]:
    return [Bloco("citacao", linhas=tuple(linhas_alteracao(a)), nota_citacao=a.nota)
            for a in unit.alteracoes]


class _Walker:
    def __init__(self, view: str, rich: Rich, nivel_base: int, gaps: dict[str, list[str]],
                 marks: dict[str, list[SourceMark]] | None = None, efficacy: Resolved | None = None) -> None:
        self.lines = _compilado if view == "compilado" else _vigente
        self.rich = rich
        self.base = nivel_base
        self.gaps = gaps
        self.marks = marks or {}
        self.efficacy = efficacy
        self.out: list[Bloco] = []

    def _lines(self, d: Dispositivo, holder: Dispositivo) -> list[Bloco]:
        lines = self.lines(d, holder, self.rich)
        marks = self.marks.get(d.id) or (self.marks.get(holder.id) if holder is not d else None)
        if marks and lines:
            lines[-1].aviso = mark_notes(marks)
        if self.efficacy is not None and lines:
            # a court's decision on the wording in force: its note, and the line's class
            # (suspenso, inconstitucional …: the style marks the unit)
            lines[-1].marcas = tuple(self.efficacy.line_notes(d))
            state = self.efficacy.line_state(d)
            if state:
                lines[-1].classe += f" {state}"
        return lines

    def _tabelas(self, d: Dispositivo) -> list[Bloco]:
        """Tables printed in the unit (model/tables.py), after its text; ``classe`` = the view."""
        if not d.tabelas:
            return []
        view = "compilado" if self.lines is _compilado else "vigente"
        return [Bloco("tabela", no=d, id=t.id, classe=view) for t in d.tabelas]

    def gap(self, d: Dispositivo) -> None:
        missing = self.gaps.get(d.id)
        if not missing:  # nearly every unit
            return
        for line in gap_lines(missing):
            self.out.append(Bloco("lacuna", classe=f"lacuna {d.kind}", texto=escape(line)))

    def node(self, n: Agrupador | Dispositivo, depth: int) -> None:
        if isinstance(n, Agrupador):
            self.out.append(Bloco("agrupador", no=n, nivel=min(depth + self.base, 6)))
            for c in n.children:
                self.node(c, depth + 1)
            self.out.append(Bloco("fim-agrupador"))
        else:
            self.dispositivo(n)

    def dispositivo(self, d: Dispositivo) -> None:
        out = self.out
        self.gap(d)
        if d.kind is not Kind.ARTIGO:
            out += self._lines(d, d)
            out += _citacoes(d)
            out += self._tabelas(d)
            for c in d.children:
                self.dispositivo(c)
            return
        cap = d.caput
        out.append(Bloco("artigo", no=d, id=d.id))
        out += self._lines(d, cap or d)
        out += _citacoes(d)
        out += self._tabelas(d)
        if cap is not None:
            out += _citacoes(cap)
            out += self._tabelas(cap)
            for c in cap.children:
                self.dispositivo(c)
        for c in d.children:
            if c is not cap:
                self.dispositivo(c)
        out.append(Bloco("fim-artigo"))


def blocos(norma: Norma, view: str, rich: Rich, nivel_base: int = 3) -> list[Bloco]:
    """The articulação of ``norma`` in ``view`` ('vigente' or 'compilado'), as blocks."""
    walker = _Walker(view, rich, nivel_base, gaps(norma), source_marks(norma),
                     resolve(norma) if norma.eficacia else None)
    for n in norma.articulacao:
        walker.node(n, 0)
    return walker.out


def page_blocos(rich: Rich, nivel_base: int = 3) -> Callable[[Norma, str], list[Bloco]]:
    """The ``blocos(norma, view)`` function a page's template calls."""
    return lambda norma, view: blocos(norma, view, rich, nivel_base)


def _linha(b: Bloco, out: list[str]) -> None:
    out.append(f'<p class="{_esc(b.classe)}"')
    if b.id:
        out.append(f' id="{_esc(b.id)}"')
    out.append(">")
    if b.riscado:
        out.append('<del><span class="sr-only">Redação superada: </span>')
        if b.rotulo:
            out.append(_esc(b.rotulo) + _esc(b.sep))
        out.append(_esc(b.texto) + '<span class="sr-only"> (fim da redação superada)</span></del>')
    else:
        if b.rotulo:
            out.append(f'<a class="rotulo" href="#{_esc(b.alvo)}">{_esc(b.rotulo)}</a>{_esc(b.sep)}')
        out.append(_esc(b.texto))
    if b.aviso:
        # a doubtful token is never clean law text: '[?]' right after the text, and why
        out.append(f' <mark class="ruido" title="Confira o texto-fonte">{QUESTION}</mark>'
                   f' <span class="ruido-nota">[{_esc(b.aviso.removeprefix(QUESTION).strip())}]</span>')
    if b.nota:
        out.append(f'{" " if b.texto else ""}<span class="nota">({_esc(b.nota)})</span>')
    for m in b.marcas:
        out.append(f' <span class="nota eficacia">({_esc(m)})</span>')
    out.append("</p>\n")


def _agrupador(b: Bloco, out: list[str]) -> None:
    n = cast(Agrupador, b.no)  # an 'agrupador' block holds its heading
    nid = _esc(n.id)
    out.append(f'<section class="agrupador {_esc(n.kind)}" id="{nid}">\n<h{_esc(b.nivel)}>')
    if n.rotulo:
        out.append(f'<a class="rotulo" href="#{nid}">{_esc(n.rotulo)}</a>')
        if n.nome:
            out.append('<span class="sep-agrupador"> – </span>')
    if n.nome:
        out.append(f'<span class="nome">{_esc(n.nome)}</span>')
    if not n.rotulo and not n.nome:
        out.append(f'<a class="rotulo" href="#{nid}">(sem título)</a>')
    out.append(f"</h{_esc(b.nivel)}>\n")


def _citacao(b: Bloco, out: list[str]) -> None:
    out.append('<blockquote class="alteracao">\n')
    last = len(b.linhas) - 1
    for i, (kind, label, text) in enumerate(b.linhas):
        out.append(f'<p class="citado {_esc(kind)}">')
        if label:
            out.append(f'<span class="rotulo-citado">{_esc(label)}</span>'
                       f"{' – ' if kind == 'inciso' else ' '}")
        out.append(_esc(text))
        if i == last and b.nota_citacao:
            out.append(f" ({_esc(b.nota_citacao)})")
        out.append("</p>\n")
    out.append("</blockquote>\n")


def blocos_html(blocos: list[Bloco]) -> Markup:
    """The blocks as HTML, one element (or opening or closing tag) per line:
    ``<p class="disp inciso" id="art1_inc2"><a class="rotulo" href="#art1_inc2">II</a> – texto
    <span class="nota">(nota)</span></p>``, ``<div class="artigo" id="art1">`` … ``</div>``,
    ``<section class="agrupador capitulo" id="cap1">`` with its ``<hN>`` … ``</section>``, a
    quoted amending block as a ``<blockquote class="alteracao">``, a gap as
    ``<p class="lacuna …">``."""
    out: list[str] = []
    for b in blocos:
        tipo = b.tipo
        if tipo == "linha":
            _linha(b, out)
        elif tipo == "lacuna":
            out.append(f'<p class="{_esc(b.classe)}">{_esc(b.texto)}</p>\n')
        elif tipo == "artigo":
            out.append(f'<div class="artigo" id="{_esc(b.id)}">\n')
        elif tipo == "fim-artigo":
            out.append("</div>\n")
        elif tipo == "agrupador":
            _agrupador(b, out)
        elif tipo == "fim-agrupador":
            out.append("</section>\n")
        elif tipo == "citacao":
            _citacao(b, out)
        elif tipo == "tabela":
            unit = cast(Dispositivo, b.no)
            table = next(t for t in unit.tabelas if t.id == b.id)
            out.append(table_html(table, b.classe or "vigente") + "\n")
    return Markup("".join(out))
