"""Quoted alteration blocks of amending acts, kept apart from the host dispositivo.

'Art. 1º O inciso II do art. 131 … passa a vigorar com a seguinte redação:' followed by
'“Art. 131. …' / 'II – …”(NR)' is one :class:`Alteracao` on the unit that introduces it:

- a block opens at a line starting with a quote (“, " or ”) right after a unit whose text ends
  with ':' and announces new wording ('redação', 'vigorar', 'acrescid…', 'inclu…', 'seguinte');
  or ends with '.', ';' or nothing after 'redação' / 'teor' / 'seguinte(s)'; or, before a quoted
  label, names the unit it adds ('… com a inclusão do § 5º.') — see :func:`opens_alteracao`;
- a quote opening on the instruction's own line ('… com a seguinte redação: "Art. 82 …') is cut
  off into a line of its own first (:func:`split_inline_openings`);
- it goes on until its quotes balance on a line that ends with a closing quote or '(NR)'/'(AC)',
  and the next line does not open another quote (several quoted articles in a row stay one
  block, lines of dots between them too); an unclosed quote ends, with a warning, at the host's
  next article;
- inside, labels are read strictly (no OCR repair); lines of dots are ``Kind.OMISSIS`` units;
  'I – ...' keeps the text '...' (the unit stays unchanged in the target); ids are those of the
  target norm: the block's first unit is placed under the article / paragraph / inciso the host
  names ('do art. 3º', 'parágrafo único', 'inciso II'), e.g. ``art3_cpt_inc1_ali2``.
"""

from __future__ import annotations

import dataclasses
import re

from lexconsolida import patterns
from lexconsolida.model import Agrupador, AgrupadorKind, Alteracao, Diagnostic, Dispositivo, Kind, Severity
from lexconsolida.model.ids import PREFIX_OF_KIND
from lexconsolida.model.numbering import int_to_letter, int_to_roman, roman_to_int
from lexconsolida.readers.text.labels import Label, match_label
from lexconsolida.readers.text.parts import is_heading
from lexconsolida.readers.text.state import SourceLine, TextState

_AMENDS = patterns.compile(r"reda[çc][ãa]o|vigorar|viger\b|acrescid|acrescent|acr[ée]scimo|inclu[íi]d|inclus[ãa]o|seguintes?\b|a\s+seguir\b",
                     re.IGNORECASE)
_CLOSES = patterns.compile(r"(?:[\"”]\s*(?:\((?:NR|AC)\))?|\((?:NR|AC)\))\s*[.;,]?\s*$")
_NOTA = patterns.compile(r"\((NR|AC)\)")
_TRAILER = patterns.compile(r"\s*[\"”]?\s*\((?:NR|AC)\)\s*[.;]?\s*$")
_OMISSIS = patterns.compile(r"^[\s.…_]*(?:[.…]{3,}|[(\[]\s*(?:\.\s*){3,}[)\]]|[(\[]\s*…\s*[)\]])[\s.…_]*$")
"""A line of dots ('...', '……', '(...)', '[…]'): the units left out stay as they are."""
_LEVEL = {"artigo": 0, "paragrafo": 1, "inciso": 2, "alinea": 3, "item": 4}
_PREFIX = {"artigo": "art", "paragrafo": "par", "inciso": "inc", "alinea": "ali", "item": "ite"}
_ART_REF = patterns.compile(r"\bart(?:igo)?\.?\s*(\d+)\s*[º°o]?(?:-([A-Z]))?", re.IGNORECASE)
_PAR_REF = patterns.compile(r"par[áa]grafo\s+[úu]nico|§\s*(\d+)", re.IGNORECASE)
_INC_REF = patterns.compile(r"\binciso\s+([IVXLC]+)\b")


_QUOTES = "\"“”"  # ” too: word processors often print it at the opening
_ANNOUNCED = patterns.compile(r"(?:reda[çc][ãa]o|teor|seguintes?|a\s+seguir)\s*[.;]?$", re.IGNORECASE)
_ADDS = patterns.compile(r"acrescid|acrescent|inclus[ãa]o|inclu[íi]d|inserid", re.IGNORECASE)
_UNQUOTED_ARTICLE = patterns.compile(r"^Art(?:igo)?\.?\s*(\d+)\s*[º°o]?(?:\s*-?\s*([A-Z])\b)?", re.IGNORECASE)
_CLOSED_LATER = patterns.compile(r"[\"”]\s*(?:\((?:NR|AC)\))?\s*[.;]?\s*$")


def may_open(line_text: str) -> bool:
    """The cheap test :func:`opens_alteracao` starts with: only a line starting with a quote, or
    with 'art' (a quoted article whose opening quote is missing), can open a block."""
    s = line_text.lstrip()
    return bool(s) and (s[0] in _QUOTES or s[:3].lower() == "art")


def opens_alteracao(line_text: str, host_text: str, host_node: Dispositivo | None = None,
                    host_article: int | None = None) -> bool:
    """True when ``line_text`` opens a quoted block that ``host_text`` announces.

    The host ends with ':' as LC 95 wants, or as real drafters often write: with '.' or ';' or
    nothing after 'redação' / 'teor' / 'seguinte(s)' ('… passa a vigorar com a seguinte
    redação.', '… terá a seguinte redação'), or with the unit it adds named at its end ('… passa
    a viger com a inclusão do § 5º.', '… fica acrescido o seguinte § 3º') when the quoted line
    starts with a label. The block opens with a quote; or, the opening quote missing, with the
    label of the very article the host names ('O art. 7º da Lei nº … passa a vigorar com a
    seguinte redação:' / 'Art. 7º …')."""
    s = line_text.lstrip()
    if not s:
        return False
    if s[0] not in _QUOTES:
        # asked of every line: the cheap tests first, the regular expressions last
        if s[:3].lower() != "art" or host_node is None or host_node.alteracoes:
            return False
        host = host_text.rstrip()
        if not host.endswith(":") or not _AMENDS.search(host[-400:]):
            return False
        m = _UNQUOTED_ARTICLE.match(s)
        if m is None or (host_article is not None and int(m.group(1)) == host_article + 1):
            return False  # could be the act's own next article: not guessed
        cited = re.search(rf"\bart(?:igo)?\.?\s*{m.group(1)}\s*[º°o]?(?!\d)[^.;]{{0,120}}?\b(?:da|do)\s+"
                          r"(?:Lei|Decreto|Resolu[çc][ãa]o|C[óo]digo|Regimento|Emenda)", host, re.I)
        return cited is not None
    host = host_text.rstrip()
    if host.endswith(":"):
        return _AMENDS.search(host[-400:]) is not None
    if _ANNOUNCED.search(host[-60:]):
        return True  # '… a seguinte redação.' / '… redação;' / '… terá a seguinte redação'
    # '… passa a viger com a inclusão do § 5º.': only before a labelled quoted line, the
    # instruction being the host's last sentence
    lab = match_label(s, ocr=False)
    return (lab is not None and lab.kind != "agrupador"
            and _ADDS.search(host[-400:].rsplit(". ", 1)[-1]) is not None)


_INLINE_OPENING = patterns.compile(r"(?:reda[çc][ãa]o|teor)\s*:\s*(?=[\"“”])", re.IGNORECASE)
_NAMES_NORM = patterns.compile(r"\b(?:d[ao]s?|à|ao)\s+(?:Lei|Decreto|Resolu[çc][ãa]o|C[óo]digo|Regimento|Emenda)\b",
                         re.IGNORECASE)


def split_inline_openings(lines: list[SourceLine]) -> list[SourceLine]:
    """``lines`` with each instruction whose quoted block opens on its own line cut in two.

    'Art. 2º Fica alterado o Artigo 82, da Lei Complementar nº 56 …, que passa a vigorar com a
    seguinte redação: "Art. 82 Os Guardas …' is the instruction up to the colon and a block
    that starts at the quote: the second part becomes a line of its own (same line number), so
    the block is read like any other (its labels, its closing quote, '(NR)'). Only when the
    colon follows 'redação' / 'teor' and the instruction names a norm before it ('… da Lei …'),
    so a quoted notice after 'com a seguinte redação:' in an act's own text stays text.
    """
    out: list[SourceLine] | None = None
    for i, line in enumerate(lines):
        text = line.text
        m = _INLINE_OPENING.search(text) if ('"' in text or "“" in text or "”" in text) else None
        parts = _split(line, m.end()) if m and _NAMES_NORM.search(text, 0, m.start()) else None
        if parts is None:
            if out is not None:
                out.append(line)
            continue
        if out is None:
            out = lines[:i]
        out += parts
    return lines if out is None else out


def _split(line: SourceLine, at: int) -> list[SourceLine] | None:
    head, tail = line.text[:at].rstrip(), line.text[at:].rstrip()
    lab = line.label
    if isinstance(lab, Label):
        if not lab.rest.endswith(tail) or len(lab.rest) == len(tail):
            return None  # the quote is not inside the label's text: left as read
        lab = dataclasses.replace(lab, rest=lab.rest[:len(lab.rest) - len(tail)].rstrip())
    elif lab is not None:
        return None
    return [SourceLine(line.number, head, original=line.original, label=lab),
            SourceLine(line.number, tail, original=tail, label=match_label(tail, ocr=False))]


class AlteracaoBlock:
    """Collects the lines of one quoted block; ``finish`` builds the :class:`Alteracao`."""

    def __init__(self, state: TextState, host: Dispositivo, host_article: int | None,
                 host_text: str | None = None) -> None:
        """``host_text``: the host's text as it stands (the builder's, when the host's lines
        are not joined yet), else ``host.text``."""
        self.first = True
        self.host_text = host.text if host_text is None else host_text
        self.virtual = False
        self.state = state
        self.host = host
        self.host_article = host_article
        self.lines: list[SourceLine] = []
        self.curly = 0
        self.straight = 0
        self.ended = False
        self.between: set[int] = set()
        """Indices in ``lines`` of omissis lines printed between two quoted passages."""

    def feed(self, line: SourceLine) -> bool:
        """True when the line belongs to the block; False when the block ended before it."""
        s = line.text.strip()
        if self.ended and s[0] not in _QUOTES:
            if self._quoted_article_after_a_note(line):
                self.state.diagnostics.append(Diagnostic(
                    "aspas-abertas", "bloco de alteração que continua depois de '(NR)' sem aspas: o artigo "
                    f"{getattr(line.label, 'rotulo', '')} não pode ser o próximo do ato (o texto citado segue)",
                    Severity.WARNING, line=line.number))
                self.ended = False
                self.lines.append(line)
                line.tag = "aspas"
                return True
            if not _OMISSIS.match(s):
                return False
            # '...' between two quoted articles ('"Art. 40 …"' / '...' / '"Art. 126 …'): the
            # units left out are the block's, whether or not another quote follows
            self.between.add(len(self.lines))
            self.lines.append(line)
            line.tag = "aspas"
            return True
        lab = line.label
        first, self.first = self.first, False
        if (not self.ended and not first and isinstance(lab, Label) and lab.kind == "artigo" and not lab.quote
                and self.host_article is not None and lab.number.value == self.host_article + 1
                and not lab.number.suffixes):  # 'Art. 4º-A' is never the act's own next article
            self.state.diagnostics.append(Diagnostic(
                "aspas-abertas", "bloco de alteração sem aspas de fechamento: encerrado no artigo seguinte",
                Severity.WARNING, line=self.lines[0].number))
            return False
        if first or self.ended:
            self.virtual = s[0] not in _QUOTES  # opening quote missing (the host names the article)
        self.ended = False
        self.lines.append(line)
        line.tag = "aspas"
        self.curly += s.count("“") - s.count("”")
        self.straight += s.count('"')
        nota = _NOTA.search(s)
        if self.virtual:
            balanced = self.curly < 0 or self.straight % 2 == 1
        else:
            balanced = self.curly <= 0 and self.straight % 2 == 0
        if nota or (balanced and _CLOSES.search(s)):
            self.ended = True
            self.curly = self.straight = 0
        return True

    def _quoted_article_after_a_note(self, line: SourceLine) -> bool:
        """After a block that ended on '(NR)' with no closing quote, an article that cannot be
        the act's own next one ('Art. 1º-A' after the host's 'Art. 3º'; the own next is 4º) is
        the quoted text going on: a quoted block never becomes the law's own units."""
        lab = line.label
        if not (isinstance(lab, Label) and lab.kind == "artigo" and not lab.quote and lab.number is not None
                and self.host_article is not None and self.lines):
            return False
        last = self.lines[-1].text.rstrip()
        if not _NOTA.search(last) or last.rstrip(" .;").removesuffix("(NR)").removesuffix("(AC)").rstrip()[-1:] in _QUOTES:
            return False  # the block closed with its quote: what follows is the act's
        return lab.number.value <= self.host_article or bool(lab.number.suffixes)

    def finish(self) -> None:
        if not self.lines:
            return
        raw = "\n".join(ln.text for ln in self.lines)
        nota = None
        for m in _NOTA.finditer(raw):
            nota = m.group(1)
        alt = Alteracao("", nota=nota, lines=(self.lines[0].number, self.lines[-1].number), raw=raw)
        _UnitsBuilder(alt, self.host_text).run(self.lines, self.between)
        repeated = _unique_ids(alt)
        if repeated:  # the block's problem, never the law's: the block goes to a person
            self.state.diagnostics.append(Diagnostic(
                "alteracao-id-repetido",
                f"bloco de alteração com dispositivos repetidos ({', '.join(repeated[:3])}): o texto citado "
                "traz a mesma unidade duas vezes, ou a leitura do bloco se perdeu; as repetições ganharam "
                "ids próprios ('_rep2'…) e o bloco precisa de revisão",
                Severity.WARNING, line=self.lines[0].number))
        self.host.alteracoes.append(alt)


def _unique_ids(alt: Alteracao) -> list[str]:
    """Give every repeated id of the block's units a suffix of its own ('ali4_rep2'), so that
    the law is still written (LexML ids are unique); returns the ids that repeated."""
    seen: dict[str, int] = {}
    repeated: list[str] = []

    def walk(nodes) -> None:
        for node in nodes:
            n = seen.get(node.id, 0) + 1
            seen[node.id] = n
            if n > 1:
                if node.id not in repeated:
                    repeated.append(node.id)
                _rename(node, node.id, f"{node.id}_rep{n}")
            walk(getattr(node, "children", []))

    walk(alt.children)
    return repeated


def _rename(node, old: str, new: str) -> None:
    node.id = new + node.id[len(old):]
    for child in getattr(node, "children", []):
        _rename(child, old, new)


def _clean(text: str) -> str:
    s = _TRAILER.sub("", text.strip())
    s = s.lstrip().lstrip(_QUOTES).lstrip()
    if s.endswith(('"', "”")):
        s = s[:-1].rstrip()
    elif s[-2:] in ('".', "”.", '";', "”;"):
        s = s[:-2] + s[-1]
    return s


class _UnitsBuilder:
    def __init__(self, alt: Alteracao, host_text: str) -> None:
        self.alt = alt
        self.host_text = host_text
        self.stack: list[tuple[int, Dispositivo]] = []
        self.base: str | None = None
        self.last: Dispositivo | None = None
        self.omissis = 0
        self.heading: Agrupador | None = None
        """A quoted agrupador heading whose name may follow on the next line."""
        self.headings = 0
        self.more: dict[int, tuple[Dispositivo, list[str]]] = {}
        """id(unit) → (unit, its lines): joined once at the end (a long unit stays linear)."""

    def run(self, lines: list[SourceLine], between: set[int]) -> None:
        self._run(lines, between)
        for node, parts in self.more.values():
            node.text = "\n".join(parts)

    def _run(self, lines: list[SourceLine], between: set[int]) -> None:
        texts = [_clean(ln.text) for ln in lines]
        for i, ln in enumerate(lines):
            s = texts[i]
            if not s:
                continue
            if _OMISSIS.match(s):
                self._omissis(s, ln.number, outside=i in between)
                continue
            lab = match_label(s, ocr=False)
            if lab is not None and lab.kind == "agrupador":
                self._heading(lab, s, ln.number)
                continue
            if lab is None:
                if self.heading is not None and self.heading.nome is None and _names_heading(s):
                    self.heading.nome = s  # 'SUBSEÇÃO I' / 'DAS REGRAS DE CÁLCULO': the heading's name
                    self.heading.lines = (self.heading.lines[0], ln.number)
                    continue
                if is_heading(s) and _before_a_unit_or_heading(texts, i):
                    self._heading(None, s, ln.number)  # 'DA COMPETÊNCIA DO CONSELHO' before 'Art. 2º'
                    continue
                if self.last is not None:
                    entry = self.more.get(id(self.last))
                    if entry is None:
                        entry = self.more[id(self.last)] = (self.last, [self.last.text] if self.last.text else [])
                    entry[1].append(s)
                    self.last.lines = (self.last.lines[0], ln.number)
                continue
            self.heading = None
            for part in _fused(lab):
                self._unit(part, ln.number)

    def _heading(self, lab: Label | None, text: str, line: int) -> None:
        """An agrupador heading quoted in the block: a node of its own (never text of the unit
        before it); one with no label ('DA ESTRUTURA DO CONSELHO') keeps no number, so that no
        operation is made of it (``amendments.blocks.quoted_headings``: a person places it)."""
        self.headings += 1
        if lab is not None and lab.agrupador is not None and lab.number is not None:
            kind, number = lab.agrupador, lab.number
            agr = Agrupador(kind, PREFIX_OF_KIND[kind.value] + number.id_part, rotulo=lab.rotulo,
                            rotulo_printed=lab.printed[len(lab.quote):], number=number,
                            nome=lab.rest.strip(" -–—.") or None, lines=(line, line))
        else:
            agr = Agrupador(AgrupadorKind.CAPITULO, f"agr{self.headings}", nome=text.strip(), lines=(line, line))
        self.alt.children.append(agr)
        self.heading = agr if lab is not None else None
        self.last = None
        self.stack.clear()

    def _parent_id(self, level: int) -> tuple[str, list]:
        while self.stack and self.stack[-1][0] >= level:
            self.stack.pop()
        if self.stack:
            node = self.stack[-1][1]
            if node.kind is Kind.ARTIGO and level >= _LEVEL["inciso"]:
                return node.children[0].id, node.children[0].children
            return node.id, node.children
        if self.base is None:
            self.base = _target_base(self.host_text, level)
        return self.base, self.alt.children

    def _unit(self, lab: Label, line: int) -> None:
        kind = "inciso" if lab.arabic else lab.kind
        level = _LEVEL[kind]
        parent_id, siblings = self._parent_id(level)
        comp = "par1u" if lab.unico else _PREFIX[kind] + (lab.number.id_part if lab.number else "1")
        node = Dispositivo(Kind(kind), _join(parent_id, comp, kind), rotulo=lab.rotulo,
                           rotulo_printed=lab.printed[len(lab.quote):], number=lab.number,
                           text=lab.rest, lines=(line, line), separator=lab.separator)
        if node.kind is Kind.ARTIGO:
            node.children.append(Dispositivo(Kind.CAPUT, node.id + "_cpt", text=node.text, lines=node.lines))
            node.text = ""
            self.last = node.children[0]
        else:
            self.last = node
        siblings.append(node)
        self.stack.append((level, node))

    def _omissis(self, text: str, line: int, outside: bool = False) -> None:
        self.omissis += 1
        if outside and self.stack:
            # between two quoted passages: units left out beside the first passage's top units
            level = self.stack[0][0]
            self.stack.clear()
            parent_id, siblings = self._parent_id(level)
        elif self.stack and self.stack[-1][1].kind is Kind.ARTIGO:
            top = self.stack[-1][1]  # units of the article left out: the omissis is the article's
            parent_id, siblings = top.id, top.children
        elif self.stack and _OMISSIS.match(self.stack[-1][1].text or ""):
            # 'I - ......' then '......' then 'd) …': a unit quoted only to place what follows;
            # the units left out are its own (alíneas a–c of inciso I), not its siblings
            top = self.stack[-1][1]
            parent_id, siblings = top.id, top.children
        elif self.stack:
            parent_id, siblings = self._parent_id(self.stack[-1][0])
        else:
            parent_id, siblings = self._parent_id(99)
        node = Dispositivo(Kind.OMISSIS, _join(parent_id, f"omi{self.omissis}", "omissis"),
                           text=text, lines=(line, line))
        siblings.append(node)
        self.last = None


def _names_heading(text: str) -> bool:
    """A line under a quoted agrupador label that is its name: no final punctuation of a
    sentence, upper case or short."""
    if text.endswith((";", ":", ",")):
        return False
    letters = [c for c in text if c.isalpha()]
    return bool(letters) and (all(c.isupper() for c in letters) or (len(text) <= 120 and not text.endswith(".")))


def _before_a_unit_or_heading(texts: list[str], i: int) -> bool:
    """The next non-empty line of the block is an artigo or an agrupador label (what makes an
    upper-case line a heading, as in the articulação: ``tree.py``)."""
    for t in texts[i + 1:]:
        if not t:
            continue
        lab = match_label(t, ocr=False)
        return lab is not None and lab.kind in ("artigo", "agrupador")
    return False


_FUSED_CLOSE = {"alinea": r"[;:.]", "inciso": r"[;:.)]", "paragrafo": r"[.;]"}


def _fused(lab: Label) -> list[Label]:
    """``lab`` and the labels printed on the same line after it: '… quadrados); b) fique …' is
    alínea a) and alínea b); '… casos: I - sentença …' is the caput and its inciso I. Only the
    label that must come next — the next sibling (b after a, III after II, § 3º after § 2º) or a
    caput's or an inciso's first unit after ':' — printed with its separator after a sentence's
    punctuation; anything else stays text."""
    out = [lab]
    while True:
        cur = out[-1]
        nxt = _next_label_in(cur)
        if nxt is None:
            return out
        at, later = nxt
        out[-1] = dataclasses.replace(cur, rest=cur.rest[:at].rstrip())
        out.append(later)


def _next_label_in(lab: Label) -> tuple[int, Label] | None:
    text = lab.rest
    candidates: list[tuple[str, str]] = []
    n = lab.number.value if lab.number is not None else None
    if lab.kind == "alinea" and n is not None and n < 26:
        candidates.append((_FUSED_CLOSE["alinea"], re.escape(int_to_letter(n + 1)) + r"\)"))
    elif lab.kind == "inciso" and n is not None and not lab.arabic:
        candidates.append((_FUSED_CLOSE["inciso"], re.escape(int_to_roman(n + 1)) + r"\s*[-–—]"))
        candidates.append((":", r"a\)"))
    elif lab.kind == "paragrafo" and n is not None:
        candidates.append((_FUSED_CLOSE["paragrafo"], rf"§\s*{n + 1}\s*[º°o]?"))
    if lab.kind in ("artigo", "paragrafo"):
        candidates.append((":", r"I\s*[-–—]"))
        candidates.append((":", r"a\)"))
    for close, label in candidates:
        # '…; b) …', and the conjunction of a list's last but one unit: '…; e II - …'
        m = re.search(rf"(?<=\S)(?:{close}|;\s+e)\s+(?={label}\s+\S)", text)
        if m is None:
            continue
        later = match_label(text[m.end():], ocr=False)
        if later is not None and later.kind != "agrupador":
            return len(text[:m.end()].rstrip()), later  # the punctuation (and 'e') end the unit before
    return None


def _join(parent_id: str, comp: str, kind: str) -> str:
    if not parent_id:
        return comp
    last = parent_id.rsplit("_", 1)[-1]
    if last.startswith("art") and kind in ("inciso", "alinea", "item"):
        parent_id += "_cpt"
    return f"{parent_id}_{comp}"


def _target_base(host_text: str, level: int) -> str:
    """Id under which the block's first unit goes in the target norm ('' for articles)."""
    if level == 0:
        return ""
    m = _ART_REF.search(host_text)
    if not m:
        return ""
    base = "art" + m.group(1) + (f"-{ord(m.group(2)) - 64}" if m.group(2) else "")
    if level >= _LEVEL["inciso"]:
        p = _PAR_REF.search(host_text)
        if p:
            base += "_par1u" if p.group(1) is None else f"_par{p.group(1)}"
    if level >= _LEVEL["alinea"]:
        i = _INC_REF.search(host_text)
        if i:
            try:
                base = _join(base, f"inc{roman_to_int(i.group(1))}", "inciso")
            except ValueError:
                pass
    return base
