"""Rule ``number_units``: LexML ids from printed numbers and position, and numbering anomalies.

The rule for every sequence of siblings (articles across the whole act; agrupadores of one kind
under one parent; paragraphs of an article; incisos, alíneas, itens of one parent):

- a printed number larger than the previous sibling's is kept, so a real gap stays visible
  (reported as ``gap``, and each missing number as ``missing`` at the id it would have had);
- a printed number that repeats (``rotulo-repetido``) or goes backwards (``ordem-invertida``)
  takes the previous number + 1, i.e. its position (an OCR misreading: 'I, I, III' is I, II,
  III) — except an article whose next two articles go on from the previous one ('Art. 40,
  Art. 40, Art. 41, Art. 42'; 'Art. 37, Art. 12, Art. 38, Art. 39'): that one is an extra
  article between them and takes the previous number with a letter (art40-1, as an 'Art.
  40-A'), so the articles after it keep the ids of their printed numbers, which amending acts
  cite (units inside an article stay positional: OCR misreads their labels in runs);
  the printed rótulo is kept verbatim;
- an agrupador without label takes the previous sibling's number + 1.

It also reports the structure LC 95 does not expect: a lone '§ 1º' (should be 'Parágrafo
único'), a 'Parágrafo único' beside other paragraphs, alíneas directly under a paragraph
(flexible profile), a unit with a single inciso/alínea, articles before the first agrupador and
agrupadores that mix articles with sub-agrupadores, a first agrupador that is not number 1, an
agrupador without name. Every diagnostic carries ``where`` (the final id).
"""

from __future__ import annotations

from lexconsolida.model import Agrupador, AgrupadorKind, Diagnostic, Dispositivo, Kind, Number, Severity
from lexconsolida.model.ids import LexId, article_id
from lexconsolida.model.numbering import AGRUPADOR_NAMES, int_to_roman, label_for
from lexconsolida.readers.text.state import TextState

_AGRUPADOR_KINDS = frozenset(k.value for k in AgrupadorKind)
_NAMES = {
    "artigo": "artigo", "paragrafo": "parágrafo", "inciso": "inciso", "alinea": "alínea", "item": "item",
    "parte": "parte", "livro": "livro", "titulo": "título", "subtitulo": "subtítulo",
    "capitulo": "capítulo", "secao": "seção", "subsecao": "subseção",
}


class _Numberer:
    def __init__(self, state: TextState, positional: bool = True) -> None:
        self.state = state
        self.positional = positional
        self.diags = state.diagnostics
        self.prev_article: Number | None = None
        arts = list(state.norma.artigos())
        self.following: dict[int, tuple[Number | None, ...]] = {
            id(a): tuple(b.number for b in arts[i + 1:i + 3]) for i, a in enumerate(arts)}
        """id(artigo) → the printed numbers of the next two artigos in the act."""

    def note(self, code: str, message: str, where: str, line: int | None, severity=Severity.WARNING) -> None:
        if not self.positional:
            return
        self.diags.append(Diagnostic(code, message, severity, line=line, where=where))

    def sequence(self, kind: str, printed: Number | None, prev: Number | None, make_id, node,
                 following: tuple[Number | None, ...] = ()) -> Number:
        """The number for ``node`` after ``prev``; reports anomalies. ``following`` are the
        printed numbers of the next two articles, when the sequence is of articles."""
        line = node.lines[0] if node.lines else None
        name = _NAMES[kind]
        if printed is None:
            return Number((prev.value if prev else 0) + 1)
        if not self.positional:
            return printed
        if prev is None or printed > prev:
            start = prev.value if prev else 0
            if prev is None and kind in _AGRUPADOR_KINDS:
                return printed  # a first agrupador that is not number 1: 'agrupador-ausente'
            if not printed.suffixes and printed.value > start + 1 and not (prev and prev.suffixes and printed.value == prev.value + 1):
                # the first few only: a gap to 'Art. 99999999' is not enumerated
                missing = [Number(v) for v in range(start + 1, min(printed.value, start + 6))]
                shown = ", ".join(_label(kind, n) for n in missing)
                self.note("lacuna", f"numeração salta de {_label(kind, prev) if prev else 'o início'} para "
                          f"{_label(kind, printed)}: falta(m) {shown}", make_id(printed), line)
                for n in missing[:3]:
                    self.note("numero-ausente", f"{name} {_label(kind, n)} ausente no texto (a numeração impressa foi mantida)",
                              make_id(n), line, Severity.INFO)
            return printed
        what = "repetido" if printed == prev else "fora de ordem"
        if kind == "artigo" and not prev.suffixes and following[:1] == (Number(prev.value + 1),) and (
                len(following) < 2 or following[1] in (None, Number(prev.value + 2))):
            # '40, 40, 41' or '37, 12, 38': the next unit goes on from the previous one, so this
            # one is an extra unit between them, not a misprint of the next number; giving it
            # that number would shift the id of every unit after it away from its printed
            # number (the one amending acts cite)
            extra = Number(prev.value, ("A",))
            self.note("rotulo-repetido" if printed == prev else "ordem-invertida",
                      f"rótulo {what}: '{node.rotulo_printed}' depois de {_label(kind, prev)}, e o seguinte "
                      f"continua de {_label(kind, prev)}: id de unidade intercalada ({_label(kind, extra)}), "
                      "rótulo impresso mantido", make_id(extra), line, Severity.ERROR)
            return extra
        position = Number(prev.value + 1)
        self.note("rotulo-repetido" if printed == prev else "ordem-invertida",
                  f"rótulo {what}: '{node.rotulo_printed}' depois de {_label(kind, prev)}; "
                  f"id dado pela posição ({_label(kind, position)}), rótulo impresso mantido",
                  make_id(position), line, Severity.ERROR)
        return position

    # -- agrupadores and articles ------------------------------------------------------------

    def walk_level(self, nodes: list, parent_id: str, parent: Agrupador | None) -> None:
        prev: dict[AgrupadorKind, Number] = {}
        seen_agr = False
        direct_articles = False
        for node in nodes:
            if isinstance(node, Agrupador):
                self.agrupador(node, parent_id, prev)
                seen_agr = True
            else:
                if not seen_agr and parent is not None:
                    direct_articles = True
                self.article(node)
        if parent is not None and direct_articles and seen_agr:
            first = next(n for n in nodes if isinstance(n, Agrupador))
            self.note("agrupador-misto", f"{parent.rotulo or parent.nome} tem artigos antes de sua primeira "
                      f"subdivisão ({first.rotulo or first.nome})", parent.id, parent.lines[0] if parent.lines else None,
                      Severity.INFO)

    def agrupador(self, agr: Agrupador, parent_id: str, prev: dict) -> None:
        kind = agr.kind.value
        parent = LexId(parent_id)
        unico = bool(agr.rotulo and "nic" in agr.rotulo.lower())  # 'CAPÍTULO ÚNICO'

        def make_id(n: Number) -> str:
            return str(parent.child(kind, n)) + ("u" if unico else "")

        before = prev.get(agr.kind)
        number = self.sequence(kind, agr.number, before, make_id, agr)
        prev[agr.kind] = number
        agr.id = make_id(number)
        if agr.number is None:
            pass  # the builder already warned about the missing label
        elif before is None and agr.number.value > 1:
            self.note("agrupador-ausente", f"o primeiro {_NAMES[kind]} é '{agr.rotulo_printed}': "
                      f"não há {_NAMES[kind]} anterior", agr.id, agr.lines[0] if agr.lines else None)
        if not agr.nome:
            self.note("agrupador-sem-nome", f"'{agr.rotulo_printed}' não tem nome", agr.id,
                      agr.lines[0] if agr.lines else None, Severity.INFO)
        self.walk_level(agr.children, agr.id, agr)

    def article(self, art: Dispositivo) -> None:
        number = self.sequence("artigo", art.number, self.prev_article, lambda n: str(article_id(n)), art,
                               self.following.get(id(art), ()))
        self.prev_article = number
        art.id = str(article_id(number))
        self.children(art, art.id)
        if any(c.kind is Kind.PARAGRAFO and any(g.kind is Kind.ALINEA for g in c.children) for c in art.children):
            self.note("alinea-em-paragrafo", "alíneas diretamente sob parágrafo, sem inciso "
                      "(permitido só no perfil flexível do LexML)", art.id, art.lines[0] if art.lines else None,
                      Severity.INFO)

    # -- units inside an article ---------------------------------------------------------

    def children(self, node: Dispositivo, node_id: str) -> None:
        for k, alt in enumerate(node.alteracoes, start=1):
            alt.id = f"{node_id}_alt{k}"
        if not node.children:
            return
        prev: dict[Kind, Number] = {}
        counts: dict[Kind, int] = {}
        for child in node.children:
            counts[child.kind] = counts.get(child.kind, 0) + 1
        lone_par = counts.get(Kind.PARAGRAFO, 0) == 1
        base = LexId(node_id)
        makers: dict[Kind, object] = {}
        for child in node.children:
            kind = child.kind
            if kind is Kind.CAPUT:
                child.id = node_id + "_cpt"
                self.children(child, child.id)
                continue
            if kind is Kind.PARAGRAFO and child.number is None:
                number = Number((prev[kind].value if kind in prev else 0) + 1)
                child.id = str(base.child("paragrafo", number, unico=lone_par))
                if not lone_par:
                    self.note("unico-nao-isolado", "'Parágrafo único' ao lado de outros parágrafos",
                              child.id, child.lines[0] if child.lines else None, Severity.ERROR)
            else:
                make_id = makers.get(kind)
                if make_id is None:
                    make_id = makers[kind] = _id_maker(base, kind.value)
                number = self.sequence(kind.value, child.number, prev.get(kind), make_id, child)
                child.id = make_id(number)
            prev[kind] = number
            if child.children or child.alteracoes:
                self.children(child, child.id)
        if lone_par or counts.get(Kind.INCISO) == 1 or counts.get(Kind.ALINEA) == 1:
            self._single_children(node, [c for c in node.children if c.kind is Kind.PARAGRAFO])

    def _single_children(self, node: Dispositivo, pars: list[Dispositivo]) -> None:
        if len(pars) == 1 and pars[0].number is not None and pars[0].number.value == 1:
            p = pars[0]
            self.note("paragrafo-isolado", f"'{p.rotulo_printed}' é o único parágrafo: pela LC 95 deveria ser "
                      "'Parágrafo único' (id mantido como impresso)", p.id, p.lines[0] if p.lines else None)
        if node.kind is Kind.CAPUT:
            owner, of_owner = "o caput", "do caput"
        else:
            name = f"{_NAMES[node.kind.value]} {node.rotulo}"
            owner, of_owner = name, ("da " if node.kind is Kind.ALINEA else "do ") + name
        for kind, one, only in ((Kind.INCISO, "um só inciso", "o único inciso"),
                                (Kind.ALINEA, "uma só alínea", "a única alínea")):
            units = [c for c in node.children if c.kind is kind]
            if len(units) == 1 and node.kind is not Kind.ARTIGO:
                u = units[0]
                self.note("filho-unico", f"{owner} tem {one} ({u.rotulo_printed})", node.id,
                          node.lines[0] if node.lines else None, Severity.INFO)
                self.note("filho-unico", f"{u.rotulo_printed} é {only} {of_owner}", u.id,
                          u.lines[0] if u.lines else None, Severity.INFO)


def _id_maker(base: LexId, kind: str):
    """``n → str(base.child(kind, n))`` for a numbered unit, as one string concatenation: the
    prefix of the parent's id (incisos of an artigo go under its caput) is worked out once."""
    head = str(base.child(kind, Number(1)))[:-1]  # 'art5_cpt_inc1' → 'art5_cpt_inc'
    return lambda n: head + n.id_part


def _label(kind: str, n: Number | None) -> str:
    if n is None:
        return "?"
    if kind in _AGRUPADOR_KINDS:
        return f"{AGRUPADOR_NAMES[kind]} {int_to_roman(n.value)}{n.suffix_text}"
    try:
        return label_for(kind, n)
    except ValueError:
        return str(n.value)


def number_units(state: TextState) -> None:
    numberer = _Numberer(state)
    numberer.walk_level(state.norma.articulacao, "", None)
    first_agr = next((i for i, n in enumerate(state.norma.articulacao) if isinstance(n, Agrupador)), None)
    if first_agr:
        first = state.norma.articulacao[0]
        numberer.note("antes-do-agrupador", f"{first.rotulo} e seguintes vêm antes do primeiro agrupador "
                      "e não pertencem a nenhum", first.id, first.lines[0] if first.lines else None)


def printed_ids(state: TextState) -> None:
    """Ids from the printed numbers only, no anomalies (when ``number_units`` is switched off)."""
    _Numberer(state, positional=False).walk_level(state.norma.articulacao, "", None)
