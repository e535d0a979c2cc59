"""Rule ``build_tree``: the articulação as a tree of Agrupadores and Dispositivos.

One pass over the body lines (``state.body``), with a stack of open agrupadores and the open
article / paragraph / inciso / alínea:

- agrupador labels ('CAPÍTULO II', 'Seção I') close every agrupador of the same or a lower
  level; the lines up to the next label are the agrupador's name (a label cut off from its name
  by a page break is noted); an unlabelled upper-case heading right before an article
  ('DAS DISPOSIÇÕES FINAIS') becomes an agrupador of the level whose names share its style;
- an article gets a caput; paragraphs always belong to the article; incisos to the caput or
  the paragraph; alíneas to the inciso, or directly to a paragraph (flexible profile); itens to
  the alínea;
- a line opening with a quote after a unit that announces new wording ('… passa a vigorar com a
  seguinte redação:') starts a quoted alteration block (``alteracoes.py``);
- any other line continues the text of the open unit (or the agrupador's name).

Text is kept line by line (joined with '\\n'); the rule ``join_text`` joins it. Ids are
provisional (from the printed numbers); the rule ``number_units`` gives the final ones.

Work is linear in the size of the text: the lines of a unit (or of an agrupador's name) are
collected in a list and joined once, at the end (:class:`Lines`); what decides whether a quoted
block opens sees only the last :data:`HOST_TAIL` characters of the unit before it. Growing a
string line by line made a unit of 50,000 lines cost the square of its length.
"""

from __future__ import annotations

import re

from lexconsolida.model import Agrupador, AgrupadorKind, Diagnostic, Dispositivo, Kind, Severity
from lexconsolida.model.numbering import AGRUPADOR_NAMES
from lexconsolida.readers.text.alteracoes import AlteracaoBlock, may_open, opens_alteracao, split_inline_openings
from lexconsolida.readers.text.labels import Label
from lexconsolida.readers.text.parts import is_heading
from lexconsolida.readers.text.state import SourceLine, TextState
from lexconsolida.readers.text.tables import PLACEHOLDER_TAG

_TERMINAL = ".;:!?"
_KIND = {k.value: k for k in Kind}
HOST_TAIL = 4000
"""Characters at the end of a unit that can announce a quoted block ('… passa a vigorar com a
seguinte redação:') and name its target ('o art. 5º da Lei nº …'): an instruction is a sentence
or two (the longest in the shared acervo is under 600 characters before its block)."""


class Lines:
    """The text of the units being built, line by line: appending is O(1), the text is joined
    once (:meth:`finish`), and the end of a unit is read without joining it (:meth:`tail`)."""

    def __init__(self) -> None:
        self.open: dict[int, tuple[object, str, str, list[str]]] = {}
        """id(node) → (node, attribute, separator, its lines so far)."""

    def add(self, node, text: str, attr: str = "text", sep: str = "\n") -> None:
        entry = self.open.get(id(node))
        if entry is None:
            first = getattr(node, attr)
            entry = self.open[id(node)] = (node, attr, sep, [first] if first else [])
        entry[3].append(text)

    def _parts(self, node, attr: str) -> list[str]:
        entry = self.open.get(id(node))
        if entry is not None:
            return entry[3]
        value = getattr(node, attr)
        return [value] if value else []

    def last_char(self, node) -> str:
        parts = self._parts(node, "text")
        return parts[-1][-1:] if parts else ""

    def empty(self, node, attr: str = "text") -> bool:
        return not self._parts(node, attr)

    def tail(self, node, size: int = HOST_TAIL) -> str:
        """The last ``size`` characters (about) of ``node``'s text, lines joined by '\\n'."""
        parts = self._parts(node, "text")
        taken, length = [], 0
        for part in reversed(parts):
            taken.append(part)
            length += len(part) + 1
            if length >= size:
                break
        text = "\n".join(reversed(taken))
        return text[-size:] if len(text) > size else text

    def finish(self) -> None:
        for node, attr, sep, parts in self.open.values():
            setattr(node, attr, sep.join(parts))
        self.open.clear()


def defer(state: TextState, node, code: str, message: str, severity=Severity.INFO, line=None) -> None:
    """A diagnostic about ``node``, emitted once its final id is known (rule report_repairs)."""
    state.scratch.setdefault("deferred", []).append((node, code, message, severity, line))


class TreeBuilder:
    """The one-pass builder; ``build_tree`` drives it."""

    def __init__(self, state: TextState) -> None:
        self.state = state
        self.root = state.norma.articulacao
        self.agr_stack: list[Agrupador] = []
        self.awaiting_name: Agrupador | None = None
        self.article: Dispositivo | None = None
        self.container: Dispositivo | None = None
        self.inciso: Dispositivo | None = None
        self.alinea: Dispositivo | None = None
        self.last: Dispositivo | None = None
        self.block: AlteracaoBlock | None = None
        self.labels: list = state.scratch.setdefault("labels", [])
        self.fragments: dict = state.scratch.setdefault("fragments", {})
        self.styles: dict[AgrupadorKind, str] = {}
        self.page_break = False
        self.texts = Lines()

    # -- driving -------------------------------------------------------------------------

    def run(self, lines: list[SourceLine]) -> None:
        self.styles = _name_styles(lines)
        next_label = _next_label_kinds(lines)
        for i, line in enumerate(lines):
            # furniture lines are gone from state.lines: a jump in numbers is a page break
            self.page_break = i > 0 and line.number != lines[i - 1].number + 1
            if line.tag == PLACEHOLDER_TAG:
                self._table(line)
                continue
            if not line.text.strip():
                continue
            if self.block is not None:
                if self.block.feed(line):
                    continue
                self._close_block()  # the line is after the block: read it as usual
            if self.last is not None and may_open(line.text) and opens_alteracao(
                    line.text, self.texts.tail(self.last), self.last, self._article_number()):
                self.block = AlteracaoBlock(self.state, self.last, self._article_number(),
                                            host_text=self.texts.tail(self.last))
                self.block.feed(line)
                line.tag = "aspas"
                continue
            lab = line.label if isinstance(line.label, Label) else None
            if lab is None or (lab.quote and lab.kind == "artigo"):
                self._text_line(line, next_label[i])
            else:
                self._label_line(line, lab)
        if self.block is not None:
            self._close_block()
        self.texts.finish()

    def _table(self, line: SourceLine) -> None:
        """A table taken out of the text (``tables.find_tables``): inside a quoted block its lines
        go back to the block, as printed; else it hangs on the open unit (``tabelas``)."""
        found = self.state.scratch.get("tables", {}).get(line.number)
        if found is None or found.placed:
            return
        if self.block is not None:
            given = [found.caption] if found.caption is not None else []
            if all(self.block.feed(ln) for ln in given + found.lines):
                found.placed = True
                return
            self._close_block()
        if self.last is not None:
            self.last.tabelas.append(found.table)
            found.placed = True

    def _close_block(self) -> None:
        block, self.block = self.block, None
        block.finish()

    def _article_number(self) -> int | None:
        return self.article.number.value if self.article is not None and self.article.number else None

    # -- plain lines ---------------------------------------------------------------------

    def _text_line(self, line: SourceLine, next_kind: str | None) -> None:
        text = line.text.strip()
        if self.awaiting_name is None and is_heading(text) and next_kind in ("artigo", "agrupador"):
            self._unlabelled_heading(line)
            return
        if self.awaiting_name is not None:
            agr = self.awaiting_name
            if agr.nome is None and self.page_break:
                defer(self.state, agr, "quebra-de-pagina",
                      f"o rótulo '{agr.rotulo_printed}' (linha {agr.lines[0]}) está separado do nome "
                      f"(linha {line.number}) por cabeçalho ou rodapé de página", line=line.number)
            if agr.nome is None:
                agr.nome = text
            else:
                self.texts.add(agr, text, "nome", " ")
            agr.lines = (agr.lines[0], line.number)
            line.tag = "agrupador"
            return
        if self.last is None:
            self.state.norma.preambulo.append(text)
            line.tag = "preambulo"
            self.state.diagnostics.append(Diagnostic(
                "texto-solto", "texto antes do primeiro dispositivo guardado no preâmbulo",
                Severity.WARNING, line=line.number))
            return
        self._append(self.last, line, text)
        line.tag = "continuation"

    def _append(self, node: Dispositivo, line: SourceLine, text: str) -> None:
        frags = self.fragments.setdefault(id(node), [])
        if self.page_break and not self.texts.empty(node) and self.texts.last_char(node) not in _TERMINAL:
            defer(self.state, node, "quebra-de-pagina",
                  f"texto interrompido por cabeçalho ou rodapé de página entre as linhas {node.lines[1]} e {line.number}",
                  line=line.number)
        self.texts.add(node, text)
        frags.append(line.number)
        node.lines = (node.lines[0], line.number) if node.lines else (line.number, line.number)

    def _unlabelled_heading(self, line: SourceLine) -> None:
        text = line.text.strip()
        kind = _kind_for_style(self.styles, "upper" if text.isupper() else "title")
        agr = Agrupador(kind, "", nome=text, lines=(line.number, line.number))
        self._open_agrupador(agr)
        self.awaiting_name = None
        line.tag = "agrupador"
        defer(self.state, agr, "agrupador-sem-rotulo",
              f"título '{text}' sem rótulo: tratado como {AGRUPADOR_NAMES[kind.value].lower()} "
              "pela posição e pelo estilo do nome",
              Severity.WARNING, line=line.number)

    # -- labels --------------------------------------------------------------------------

    def _label_line(self, line: SourceLine, lab: Label) -> None:
        self.awaiting_name = None
        line.tag = lab.kind
        if lab.kind == "agrupador":
            agr = Agrupador(lab.agrupador, "", rotulo=lab.rotulo, rotulo_printed=lab.printed,
                            number=lab.number, nome=lab.rest or None, lines=(line.number, line.number))
            self._open_agrupador(agr)
            self.awaiting_name = agr
            self.labels.append((agr, lab, line.number))
            return
        if lab.quote and lab.kind != "artigo" and "repair_markers" not in self.state.disabled:
            lab.repairs.append((lab.printed, lab.printed[len(lab.quote):], "aspas soltas antes do rótulo (ruído de OCR)"))
        # the printed label, when it is the normalised one, is the same string (one object per unit)
        printed = lab.rotulo if lab.printed == lab.rotulo else lab.printed
        node = Dispositivo(_KIND[lab.kind], "", rotulo=lab.rotulo, rotulo_printed=printed,
                           number=lab.number, text=lab.rest, lines=(line.number, line.number),
                           separator=lab.separator)
        parent = self._parent_for(node, lab, line)
        if parent is None:
            line.label = None
            line.tag = None
            if self.last is not None:
                self._append(self.last, line, line.text.strip())
            else:
                self._text_line(line, None)
            return
        if ":" in lab.separator:
            defer(self.state, node, "separador", f"rótulo '{lab.printed}' seguido de dois-pontos", line=line.number)
        self.labels.append((node, lab, line.number))
        self.fragments[id(node)] = [line.number]
        if isinstance(parent, list):
            parent.append(node)
        else:
            parent.children.append(node)
        self.last = node if node.kind is not Kind.ARTIGO else node.children[0]
        if node.kind is Kind.ARTIGO:
            self.fragments[id(node.children[0])] = [line.number]

    def _parent_for(self, node: Dispositivo, lab: Label, line: SourceLine):
        kind = node.kind
        if kind is Kind.ARTIGO:
            caput = Dispositivo(Kind.CAPUT, "", text=node.text, lines=node.lines)
            node.text = ""
            node.children.append(caput)
            self.article, self.container, self.inciso, self.alinea = node, caput, None, None
            return self.agr_stack[-1] if self.agr_stack else self.root
        if self.article is None:
            return None
        if kind is Kind.PARAGRAFO:
            if (self.inciso is not None and self.container.kind is Kind.CAPUT and self.alinea is not None
                    and sum(c.kind is Kind.ALINEA for c in self.inciso.children) == 1):
                defer(self.state, node, "paragrafo-apos-alinea",
                      f"parágrafo logo após a única alínea do inciso {self.inciso.rotulo_printed}: "
                      "pertence ao artigo, não ao inciso", line=line.number)
            self.container, self.inciso, self.alinea = node, None, None
            return self.article
        if kind is Kind.INCISO:
            if self.alinea is not None and self.inciso is None:
                defer(self.state, node, "inciso-apos-alinea",
                      "inciso depois de alíneas no mesmo dispositivo (estrutura irregular)",
                      Severity.WARNING, line=line.number)
            self.inciso, self.alinea = node, None
            return self.container
        if kind is Kind.ALINEA:
            parent = self.inciso if self.inciso is not None else self.container
            self.alinea = node
            return parent
        if kind is Kind.ITEM:
            return self.alinea
        return None

    def _open_agrupador(self, agr: Agrupador) -> None:
        while self.agr_stack and self.agr_stack[-1].kind.level >= agr.kind.level:
            self.agr_stack.pop()
        parent = self.agr_stack[-1].children if self.agr_stack else self.root
        parent.append(agr)
        self.agr_stack.append(agr)
        self.article = self.container = self.inciso = self.alinea = self.last = None


def _name_styles(lines: list[SourceLine]) -> dict[AgrupadorKind, str]:
    """'upper' or 'title': how the names of each kind of labelled agrupador are printed."""
    styles: dict[AgrupadorKind, str] = {}
    for i, line in enumerate(lines):
        lab = line.label
        if isinstance(lab, Label) and lab.kind == "agrupador" and lab.agrupador not in styles:
            name = lab.rest or next((ln.text.strip() for ln in lines[i + 1:i + 3]
                                     if ln.text.strip() and ln.label is None), "")
            if re.search(r"[A-Za-zÀ-ÿ]", name):
                styles[lab.agrupador] = "upper" if name.isupper() else "title"
    return styles


def _kind_for_style(styles: dict[AgrupadorKind, str], style: str) -> AgrupadorKind:
    same = sorted((k for k, s in styles.items() if s == style), key=lambda k: k.level)
    if same:
        return same[0]
    return AgrupadorKind.CAPITULO


def _next_label_kinds(lines: list[SourceLine]) -> list[str | None]:
    """For each line, the kind of the next labelled line after it (skipping blank lines only)."""
    out: list[str | None] = [None] * len(lines)
    nxt: str | None = None
    for i in range(len(lines) - 1, -1, -1):
        out[i] = nxt
        ln = lines[i]
        if not ln.text.strip():
            continue
        lab = ln.label
        nxt = lab.kind if isinstance(lab, Label) and not lab.quote else None
    return out


def build_tree(state: TextState) -> None:
    start, end = state.body
    TreeBuilder(state).run(split_inline_openings(state.lines[start:end]))
