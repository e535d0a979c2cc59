"""Rebuild the articulação from paragraphs in our DOCX styles ("Artigo", "Inciso" …).

Structure comes from the styles and their order (an inciso belongs to the last caput or
parágrafo, an alínea to the last inciso or parágrafo, an item to the last alínea; an
agrupador closes every open agrupador of its level or below). Ids come from the bookmark the
writer puts on each unit (``art5x1`` → ``art5-1``) and are otherwise derived from the rótulo,
or from the position when the rótulo cannot be read (reported).
"""

from __future__ import annotations

import re
import unicodedata

from lexconsolida.model import (
    Agrupador, AgrupadorKind, Diagnostic, Dispositivo, Kind, Norma, Number, Severity, Situacao,
)
from lexconsolida.model.ids import LexId
from lexconsolida.model.numbering import is_roman, letter_to_int, roman_to_int

KIND_OF_STYLE = {
    "Artigo": Kind.ARTIGO,
    "Parágrafo": Kind.PARAGRAFO,
    "Inciso": Kind.INCISO,
    "Alínea": Kind.ALINEA,
    "Item": Kind.ITEM,
}
AGRUPADOR_STYLES = ("Agrupador Rótulo", "Agrupador Nome", "Seção Rótulo", "Seção Nome")
LABEL_STYLES = ("Agrupador Rótulo", "Seção Rótulo")

LABEL_RE = {
    Kind.ARTIGO: re.compile(r"^(Art\.?\s*\d+\s*[º°o]?(?:\s*-\s*[A-Z])*)"),
    Kind.PARAGRAFO: re.compile(r"^(Par[áa]grafo\s+[úu]nico|§\s*\d+\s*[º°o]?(?:\s*-\s*[A-Z])*)", re.I),
    Kind.INCISO: re.compile(r"^([IVXLCDM]+(?:-[A-Z])*)(?=\s*[–—-])"),
    Kind.ALINEA: re.compile(r"^([a-z]{1,2}(?:-[a-z])*\))"),
    Kind.ITEM: re.compile(r"^(\d+(?:-[A-Z])*\.)"),
}
SEPARATOR_RE = re.compile(r"^\s*[.–—-]?\s*")
STATUS_RE = re.compile(r"^\((Revogad|Vetad|Suprimid)[oa]\b", re.I)
STATUS = {"revogad": Situacao.REVOGADO, "vetad": Situacao.VETADO, "suprimid": Situacao.SUPRIMIDO}
AGRUPADOR_WORDS = {
    "parte": AgrupadorKind.PARTE, "livro": AgrupadorKind.LIVRO, "titulo": AgrupadorKind.TITULO,
    "subtitulo": AgrupadorKind.SUBTITULO, "capitulo": AgrupadorKind.CAPITULO,
    "secao": AgrupadorKind.SECAO, "subsecao": AgrupadorKind.SUBSECAO,
}


def _plain(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


def parse_number(kind: Kind, label: str) -> Number | None:
    """The number of a printed rótulo ('Art. 5º-A' → 5-A, 'IV' → 4, 'b)' → 2); None if unreadable."""
    try:
        if kind is Kind.ARTIGO:
            return Number.parse_arabic(re.sub(r"^Art\.?\s*", "", label))
        if kind is Kind.PARAGRAFO:
            return None if "nico" in label else Number.parse_arabic(label.lstrip("§ "))
        if kind is Kind.INCISO:
            head, *suf = label.split("-")
            return Number(roman_to_int(head.strip()), tuple(s.strip().upper() for s in suf))
        if kind is Kind.ALINEA:
            head, *suf = label.rstrip(")").split("-")
            return Number(letter_to_int(head.strip()), tuple(s.strip().upper() for s in suf))
        if kind is Kind.ITEM:
            head, *suf = label.rstrip(".").split("-")
            return Number(int(head), tuple(s.strip().upper() for s in suf))
    except ValueError:
        return None
    return None


def bookmark_id(name: str | None, kind: str) -> str | None:
    """The LexML id a writer bookmark stands for, when it is one of ``kind``."""
    if not name or name.startswith("_"):
        return None
    try:
        lexid = LexId.parse(name.replace("x", "-"))
    except ValueError:
        return None
    return lexid.value if lexid.kind == kind else None


class StyledTreeBuilder:
    """Appends agrupadores and dispositivos to ``norma.articulacao`` as paragraphs arrive."""

    def __init__(self, norma: Norma, diags: list[Diagnostic]) -> None:
        self.norma = norma
        self.diags = diags
        self.groups: list[Agrupador] = []
        self.artigo: Dispositivo | None = None
        self.last: dict[Kind, Dispositivo | None] = {}
        self.pending_label: Agrupador | None = None

    def accepts(self, style: str) -> bool:
        return style in KIND_OF_STYLE or style in AGRUPADOR_STYLES

    def add(self, p) -> None:
        if p.style in AGRUPADOR_STYLES:
            self._agrupador(p)
            return
        self.pending_label = None
        self._dispositivo(KIND_OF_STYLE[p.style], p)

    # -- agrupadores ----------------------------------------------------------------------

    def _agrupador(self, p) -> None:
        text = p.text.strip()
        name = None
        if p.style in LABEL_STYLES and "\n" in text:  # 'Seção II' + line break + its name
            text, _, name = text.partition("\n")
            text, name = text.strip(), " ".join(name.split()) or None
        if p.style not in LABEL_STYLES and self.pending_label is not None:
            self.pending_label.nome = text
            self.pending_label = None
            return
        label = text if p.style in LABEL_STYLES else None
        kind, number = self._agrupador_kind(label, p)
        while self.groups and self.groups[-1].kind.level >= kind.level:
            self.groups.pop()
        parent = self.groups[-1] if self.groups else None
        siblings = parent.children if parent else self.norma.articulacao
        node_id = bookmark_id(p.bookmark, kind.value) or self._agrupador_id(kind, number, parent, siblings)
        node = Agrupador(kind, node_id, label, label, number, name if label else text)
        siblings.append(node)
        self.groups.append(node)
        self.pending_label = node if label and name is None else None
        self.artigo = None

    def _agrupador_kind(self, label: str | None, p) -> tuple[AgrupadorKind, Number | None]:
        if label:
            word, _, rest = _plain(label).partition(" ")
            kind = AGRUPADOR_WORDS.get(word)
            if kind is not None:
                rest = rest.strip().upper()
                if is_roman(rest):
                    return kind, Number(roman_to_int(rest))
                if rest.isdigit():
                    return kind, Number(int(rest))
                if rest in ("UNICO", "UNICA"):
                    return kind, Number(1)
                return kind, None
        from_bookmark = p.bookmark and bookmark_kind(p.bookmark)
        if from_bookmark:
            return from_bookmark, None
        kind = AgrupadorKind.SECAO if p.style == "Seção Nome" else self._kind_by_case(p.text.strip())
        self.diags.append(Diagnostic(
            "agrupador-deduzido", f"agrupador sem rótulo ({label or p.text!r}): tratado como "
            f"{kind.value}, pelo nível dos nomes vizinhos", Severity.WARNING, line=p.index))
        return kind, None

    def _kind_by_case(self, name: str) -> AgrupadorKind:
        """An unlabelled heading in capitals sits at the outermost open level (chapter names are
        printed in capitals, seção names in title case); otherwise at the innermost."""
        if not self.groups:
            return AgrupadorKind.CAPITULO
        return self.groups[0].kind if name.isupper() else self.groups[-1].kind

    def _agrupador_id(self, kind, number, parent, siblings) -> str:
        """From the label; unlabelled, repeated or backwards: previous sibling + 1 (position)."""
        same = [s for s in siblings if isinstance(s, Agrupador) and s.kind is kind]
        previous = LexId.parse(same[-1].id).number if same else None
        if number is None or (previous is not None and number <= previous):
            number = Number(previous.value + 1) if previous is not None else Number(1)
        comp = kind.prefix + number.id_part
        return f"{parent.id}_{comp}" if parent else comp

    # -- dispositivos ---------------------------------------------------------------------

    def _dispositivo(self, kind: Kind, p) -> None:
        if self._continuation(kind, p):
            return
        label, text = self._split(kind, p)
        number = parse_number(kind, label) if label else None
        unico = kind is Kind.PARAGRAFO and bool(label) and "nico" in label.lower()
        situacao = Situacao.VIGENTE
        m = STATUS_RE.match(text)
        if m:
            situacao = STATUS[m.group(1).lower()]
        parent = self._parent(kind, p)
        if kind is not Kind.ARTIGO and parent is None:
            self.diags.append(Diagnostic(
                "fora-de-artigo", f"{kind} fora de um artigo: ignorado", Severity.ERROR, line=p.index,
                text=p.text))
            return
        node_id = bookmark_id(p.bookmark, kind.value) or self._derive_id(kind, number, unico, parent, label, p)
        node = Dispositivo(kind, node_id, label, label, number, "" if kind is Kind.ARTIGO else text,
                           situacao=situacao)
        if kind is Kind.ARTIGO:
            node.children.append(Dispositivo(Kind.CAPUT, node_id + "_cpt", text=text, situacao=situacao))
            target = self.groups[-1].children if self.groups else self.norma.articulacao
            target.append(node)
            self.artigo = node
            self.last = {}
        else:
            parent.children.append(node)
            self._forget_below(kind)
        self.last[kind] = node

    def _continuation(self, kind: Kind, p) -> bool:
        """A paragraph without a rótulo after a unit of the same kind continues its text
        (the author pressed Enter inside the dispositivo)."""
        if p.label or LABEL_RE[kind].match(p.text.strip()):
            return False
        last = self.last.get(kind)
        if last is None or not p.text.strip():
            return False
        target = last.children[0] if last.kind is Kind.ARTIGO else last
        target.text = f"{target.text}\n{p.text.strip()}" if target.text else p.text.strip()
        self.diags.append(Diagnostic(
            "continuacao", f"parágrafo sem rótulo juntado ao texto de {last.id}",
            Severity.INFO, line=p.index, where=last.id))
        return True

    def _split(self, kind: Kind, p) -> tuple[str | None, str]:
        text = p.text.strip()
        label = p.label.strip() if p.label else None
        if label and text.startswith(label):
            rest = text[len(label):]
        else:
            m = LABEL_RE[kind].match(text)
            if not m:
                self.diags.append(Diagnostic(
                    "rotulo-nao-reconhecido", f"rótulo de {kind} não reconhecido", Severity.WARNING,
                    line=p.index, text=p.text))
                return None, text
            label, rest = m.group(1), text[m.end():]
        return label, SEPARATOR_RE.sub("", rest, count=1)

    def _parent(self, kind: Kind, p) -> Dispositivo | None:
        art = self.artigo
        if art is None:
            return None
        if kind is Kind.PARAGRAFO:
            return art
        if kind is Kind.INCISO:
            return self.last.get(Kind.PARAGRAFO) or art.children[0]
        if kind is Kind.ALINEA:
            return self.last.get(Kind.INCISO) or self.last.get(Kind.PARAGRAFO)
        if kind is Kind.ITEM:
            return self.last.get(Kind.ALINEA)
        return None

    def _forget_below(self, kind: Kind) -> None:
        order = [Kind.PARAGRAFO, Kind.INCISO, Kind.ALINEA, Kind.ITEM]
        for k in order[order.index(kind) + 1:]:
            self.last.pop(k, None)

    def _derive_id(self, kind: Kind, number, unico: bool, parent, label, p) -> str:
        """Id from the rótulo; a number that is unreadable, repeats or goes backwards takes
        the previous sibling's + 1 (its position), and the anomaly is reported."""
        if kind is Kind.ARTIGO:
            same = list(self.norma.artigos())
        else:
            same = [c for c in parent.children if c.kind is kind]
        previous = _id_number(same[-1]) if same else None
        if not unico and (number is None or (previous is not None and number <= previous)):
            position = Number(previous.value + 1) if previous is not None else Number(1)
            why = "sem número legível" if number is None else "com número repetido ou fora de ordem"
            self.diags.append(Diagnostic(
                "id-por-posicao", f"{kind} {why} ({label!r}): id pela posição", Severity.WARNING,
                line=p.index))
            number = position
        if kind is Kind.ARTIGO:
            return "art" + number.id_part
        return LexId(parent.id).child(kind.value, number, unico=unico).value


def _id_number(node: Dispositivo) -> Number | None:
    """The number a sibling's id carries (which may differ from its printed rótulo)."""
    try:
        return LexId.parse(node.id).number
    except ValueError:
        return node.number


def bookmark_kind(name: str) -> AgrupadorKind | None:
    try:
        kind = LexId.parse(name.replace("x", "-")).kind
    except (ValueError, KeyError):
        return None
    return AGRUPADOR_WORDS.get(kind)
