"""Quoted blocks of an amending act: their units, and the ids they take in the target norm.

The text reader delivers each quoted block as an :class:`~lexconsolida.model.Alteracao` whose
children are model units (``Kind.OMISSIS`` for a line of dots). Their ids may be relative to
the target or provisional, so only each unit's kind, number, text and nesting are used here;
the full id comes from anchoring the block on the targets the instruction names ("as alíneas
a e b dos incisos I e II do art. 3º": a top-level "I - ..." is ``art3_cpt_inc1``).
When a block arrives without children, its raw text is split into units here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lexconsolida.amendments.phrases import clean_text, is_omissis
from lexconsolida.model import Agrupador, Alteracao, Dispositivo, Kind
from lexconsolida.model.ids import PREFIX_OF_KIND, LexId
from lexconsolida.model.numbering import Number, is_roman, letter_to_int, roman_to_int
from lexconsolida.readers.text.labels import match_label

PREFIX = {"artigo": "art", "paragrafo": "par", "inciso": "inc", "alinea": "ali", "item": "ite"}
PARENT_KINDS = {
    "paragrafo": ("artigo",),
    "inciso": ("artigo", "paragrafo"),
    "alinea": ("inciso", "paragrafo", "artigo"),
    "item": ("alinea",),
}
RANK = {"artigo": 0, "paragrafo": 1, "inciso": 2, "alinea": 3, "item": 4}


@dataclass(slots=True)
class QuotedUnit:
    """One unit of a quoted block."""

    kind: str
    """'artigo', 'paragrafo', 'inciso', 'alinea', 'item' or 'omissis'."""
    number: Number | None
    unico: bool = False
    rotulo: str | None = None
    text: str = ""
    children: list["QuotedUnit"] = field(default_factory=list)
    line: int | None = None

    @property
    def omissis(self) -> bool:
        return self.kind == "omissis" or is_omissis(self.text)


def _number_of(d: Dispositivo) -> Number | None:
    if d.number is not None:
        return d.number
    try:
        n = LexId.parse(d.id).number
    except (ValueError, KeyError):
        n = None
    if n is not None:
        return n
    return _number_from_label(d.kind.value, d.rotulo or d.rotulo_printed or "")


def _number_from_label(kind: str, label: str) -> Number | None:
    label = label.strip().rstrip(".)-–").strip()
    try:
        if kind == "inciso":
            head, _, suf = label.partition("-")
            return Number(roman_to_int(head.strip()), (suf,) if suf else ())
        if kind == "alinea":
            return Number(letter_to_int(label[0]))
        m = re.search(r"\d+\s*[º°o]?(?:\s*-\s*[A-Z])*", label)
        return Number.parse_arabic(m.group(0)) if m else None
    except ValueError:
        return None


def from_model(d: Dispositivo) -> QuotedUnit | None:
    """A model unit of a block as a QuotedUnit (an artigo's caput text becomes its text)."""
    line = d.lines[0] if d.lines else None
    if d.kind is Kind.OMISSIS:
        return QuotedUnit("omissis", None, line=line)
    if d.kind is Kind.CAPUT:
        return None
    kids = [c for c in d.children if c.kind is not Kind.CAPUT]
    if d.kind is Kind.ARTIGO and d.caput is not None:
        kids = d.caput.children + kids
    unit = QuotedUnit(d.kind.value, _number_of(d), d.unico or (d.rotulo or "").lower().startswith("parágrafo único"),
                      d.rotulo, clean_text(d.head_text), line=line)
    unit.children = [u for u in (from_model(c) for c in kids) if u is not None]
    return unit


_LABELS = [
    ("artigo", re.compile(r"^art(?:igo)?\.?\s*(?P<n>\d+\s*[º°o]?(?:\s*-\s*[A-Z])*)\s*[.\-–—:]?\s*(?P<t>.*)$", re.I)),
    ("unico", re.compile(r"^par[áa]grafo\s+[úu]nico\s*[.\-–—:]?\s*(?P<t>.*)$", re.I)),
    ("paragrafo", re.compile(r"^§\s*(?P<n>\d+\s*[º°o]?(?:\s*-\s*[A-Z])*)\s*[.\-–—:]?\s*(?P<t>.*)$")),
    ("inciso", re.compile(r"^(?P<n>[IVXLCDM]+(?:-[A-Z])?)\s*[-–—.]\s*(?P<t>.*)$")),
    ("alinea", re.compile(r"^(?P<n>[a-z])\s*\)\s*(?P<t>.*)$")),
    ("item", re.compile(r"^(?P<n>\d+)\s*[.)\-–]\s*(?P<t>.*)$")),
]


def _parse_line(line: str) -> QuotedUnit | None:
    text = line.strip().strip("\"“”").strip()
    if not text:
        return None
    if is_omissis(text):
        return QuotedUnit("omissis", None)
    for kind, rx in _LABELS:
        m = rx.match(text)
        if not m:
            continue
        if kind == "inciso" and not is_roman(m.group("n").split("-")[0]):
            continue
        if kind == "unico":
            return QuotedUnit("paragrafo", None, True, "Parágrafo único", clean_text(m.group("t")))
        num = _number_from_label(kind, m.group("n"))
        return QuotedUnit(kind, num, False, m.group("n"), clean_text(m.group("t")))
    return QuotedUnit("texto", None, text=clean_text(text))


def unit_of_label(text: str) -> QuotedUnit | None:
    """The unit a printed line starts ('§ 3º …', 'IV - …', 'c) …', 'Art. 7º-A …'): its kind,
    number and text; None for an empty line."""
    return _parse_line(text)


def parse_raw(raw: str, first_line: int | None = None) -> list[QuotedUnit]:
    """Split a quoted block's raw text into nested units (when the reader gave none)."""
    roots: list[QuotedUnit] = []
    stack: list[QuotedUnit] = []
    heading_name = False
    for i, line in enumerate(raw.splitlines()):
        head = _heading(line)
        if head is not None:  # an agrupador: an operation of its own (quoted_headings)
            stack, heading_name = [], not head.rest.strip(" -–—.")
            continue
        if heading_name and _is_heading_name(line.strip().strip("\"“”").strip()):
            heading_name = False
            continue
        heading_name = heading_name and not line.strip()
        unit = _parse_line(line)
        if unit is None:
            continue
        unit.line = first_line + i if first_line else None
        if unit.kind == "texto":  # continuation of the previous unit
            if stack:
                stack[-1].text = f"{stack[-1].text} {unit.text}".strip()
            continue
        if unit.kind == "omissis":  # a sibling of the last unit
            (stack[-2].children if len(stack) > 1 else roots).append(unit)
            continue
        while stack and RANK[stack[-1].kind] >= RANK[unit.kind]:
            stack.pop()
        (stack[-1].children if stack else roots).append(unit)
        stack.append(unit)
    return roots


_ARABIC = re.compile(r"\d+(?:\.\d+)?\s*[.)\-–]?")


def _items_under_alineas(units: list[QuotedUnit]) -> list[QuotedUnit]:
    """Units labelled with arabic numerals ('1 -', '2 -') read as incisos but quoted right after
    an alínea are its items (LC 95/1998 art. 10, IV: alíneas unfold into items, numbered in
    arabic): they move under the last alínea quoted before them, at any depth."""
    out: list[QuotedUnit] = []
    last_alinea: QuotedUnit | None = None
    for u in units:
        if u.kind == "inciso" and _ARABIC.fullmatch((u.rotulo or "").strip()) and last_alinea is not None:
            last_alinea.children.append(QuotedUnit("item", u.number, False, u.rotulo, u.text,
                                                   _items_under_alineas(u.children), u.line))
            continue
        u.children = _items_under_alineas(u.children)
        out.append(u)
        if u.kind != "omissis":
            last_alinea = _last_alinea(u)
    return out


def _last_alinea(u: QuotedUnit) -> QuotedUnit | None:
    """The deepest alínea on the chain of last children that starts at ``u`` (``u`` itself
    included), else None: where an item quoted next goes."""
    node: QuotedUnit | None = u
    found = None
    while node is not None:
        if node.kind == "alinea":
            found = node
        kids = [c for c in node.children if c.kind != "omissis"]
        node = kids[-1] if kids else None
    return found


def _dispositivos(nodes) -> list[Dispositivo]:
    """Top-level dispositivos of a block, those inside quoted agrupadores included."""
    out = []
    for n in nodes:
        out.extend([n] if isinstance(n, Dispositivo) else _dispositivos(n.children))
    return out


def agrupadores_in(alt: Alteracao) -> list[Agrupador]:
    """Headings (Capítulo, Seção …) quoted in a block: not applied mechanically."""
    return [n for c in alt.children if isinstance(c, Agrupador) for n in c.walk() if isinstance(n, Agrupador)]


@dataclass(slots=True, frozen=True)
class QuotedHeading:
    """An agrupador heading quoted in a block ('“CAPÍTULO IV / DAS FEIRAS NOTURNAS'): the
    instruction gives it a name, or brings it as the context of the articles quoted under it."""

    kind: str
    """The agrupador kind ('capitulo', 'secao' …)."""
    number: Number
    rotulo: str
    """The label as printed ('CAPÍTULO IV')."""
    nome: str | None
    """The heading's name ('DAS FEIRAS NOTURNAS'), None when only the label is quoted."""
    line: int | None
    first_article: str | None
    """Id of the first artigo quoted under it in the same block ('art20'), if any."""

    @property
    def id(self) -> str:
        return PREFIX_OF_KIND[self.kind] + self.number.id_part


def _heading(line: str):
    """The agrupador label a quoted line opens with ('CAPÍTULO IV'), or None."""
    lab = match_label(line.strip().strip("\"“”").strip(), ocr=False)
    return lab if lab is not None and lab.kind == "agrupador" and lab.number is not None else None


def _is_heading_name(line: str) -> bool:
    """A line that names the heading above it: no label, no closing of a sentence."""
    if not line or match_label(line, ocr=False) is not None or is_omissis(line):
        return False
    if line.rstrip().endswith((";", ":", ",")):
        return False
    letters = [c for c in line if c.isalpha()]
    return bool(letters) and (all(c.isupper() for c in letters) or (len(line) <= 120 and not line.endswith(".")))


def quoted_headings(alt: Alteracao) -> list[QuotedHeading]:
    """The agrupador headings a quoted block brings, read from its raw text; a heading with
    no recognisable number is left out (the caller reports the block)."""
    out: list[QuotedHeading] = []
    lines = [ln.strip().strip("\"“”").strip() for ln in alt.raw.splitlines()]
    first = alt.lines[0] if alt.lines else None
    pending: list[tuple[int, QuotedHeading]] = []
    for i, line in enumerate(lines):
        lab = match_label(line, ocr=False)
        if lab is None:
            continue
        if lab.kind == "artigo" and lab.number is not None:
            for j, head in pending:
                out[j] = QuotedHeading(head.kind, head.number, head.rotulo, head.nome, head.line,
                                       "art" + lab.number.id_part)
            pending = []
            continue
        if lab.kind != "agrupador" or lab.agrupador is None or lab.number is None:
            continue
        nome = lab.rest.strip(" -–—.") or None
        if nome is None:
            nxt = next((ln for ln in lines[i + 1:] if ln), "")
            nome = nxt if _is_heading_name(nxt) else None
        head = QuotedHeading(lab.agrupador.value, lab.number, lab.rotulo, nome,
                             first + i if first is not None else None, None)
        pending.append((len(out), head))
        out.append(head)
    if not out:  # a block built by another reader: its agrupadores are model nodes
        for a in agrupadores_in(alt):
            if a.rotulo is None:
                continue  # a heading quoted without label ('DA ESTRUTURA'): no number to place it by
            number = a.number
            if number is None:
                try:
                    number = Number.from_id_part(a.id.split("_")[-1][3:])
                except ValueError:
                    continue
            arts = [n.id for n in a.walk() if isinstance(n, Dispositivo) and n.kind is Kind.ARTIGO]
            out.append(QuotedHeading(a.kind.value, number, a.rotulo or a.id, a.nome,
                                     a.lines[0] if a.lines else None, arts[0] if arts else None))
    return out


def leading_text(alt: Alteracao) -> tuple[str, int | None] | None:
    """The text a quoted block opens with before any label ('“Fica o Poder Executivo …”' for an
    article quoted without its 'Art. 1º'), or None. The instruction names the unit it is."""
    first = alt.lines[0] if alt.lines else None
    texts: list[str] = []
    # headings the reader found without a label ('DA ESTRUTURA DO CONSELHO' before 'Art. 3º'):
    # agrupadores of the block (``agrupadores_in``), not the wording of a unit
    unlabelled = {a.nome for a in agrupadores_in(alt) if a.rotulo is None and a.nome}
    for i, line in enumerate(alt.raw.splitlines()):
        if _heading(line) is not None or clean_text(line.strip().strip("\"“”").strip()) in unlabelled:
            break
        unit = _parse_line(line)
        if unit is None:
            continue
        if unit.kind != "texto":
            break
        texts.append(unit.text)
        first = first if len(texts) > 1 or first is None else first + i
    text = " ".join(t for t in texts if t).strip()
    return (text, first) if text else None


def block_units(alt: Alteracao) -> list[QuotedUnit]:
    """The top-level units of a quoted block."""
    if alt.children:
        units = [from_model(c) for c in _dispositivos(alt.children)]
        return _items_under_alineas([u for u in units if u is not None])
    return parse_raw(alt.raw, alt.lines[0] if alt.lines else None)


# --- ids -------------------------------------------------------------------------------------

def id_kind(i: str) -> str:
    last = i.split("_")[-1][:3]
    return {"art": "artigo", "cpt": "artigo", "par": "paragrafo", "inc": "inciso",
            "ali": "alinea", "ite": "item"}.get(last, "?")


def child_id(parent: str | None, unit: QuotedUnit) -> str:
    comp = PREFIX[unit.kind] + ("1u" if unit.unico else unit.number.id_part)
    if parent is None:
        return comp
    if parent.endswith("_cpt"):
        parent = parent[:-4]
    if id_kind(parent) == "artigo" and unit.kind in ("inciso", "alinea"):
        return f"{parent}_cpt_{comp}"
    return f"{parent}_{comp}"


def ancestors(i: str) -> list[str]:
    """'art3_cpt_inc1_ali2' → ['art3_cpt_inc1', 'art3'] (caput folded into its artigo)."""
    parts = i.split("_")
    out = []
    for k in range(len(parts) - 1, 0, -1):
        if parts[k - 1] == "cpt":
            continue
        out.append("_".join(parts[:k]))
    return out


def anchor(unit: QuotedUnit, named: list[str]) -> tuple[str | None, str | None]:
    """Full id of a top-level block unit; (None, reason) when it cannot be determined."""
    if unit.kind == "artigo":
        return child_id(None, unit), None
    if unit.kind not in PARENT_KINDS or (unit.number is None and not unit.unico):
        return None, "unidade sem rótulo reconhecível no texto entre aspas"
    pool = list(dict.fromkeys(named + [a for n in named for a in ancestors(n)]))
    comp = PREFIX[unit.kind] + ("1u" if unit.unico else unit.number.id_part)
    exact = [i for i in pool if i.split("_")[-1] == comp and id_kind(i) == unit.kind]
    if len(exact) == 1:
        return exact[0], None
    parents = [i for i in pool if id_kind(i) in PARENT_KINDS[unit.kind]]
    if len(exact) > 1 or not parents:
        return None, "não é possível situar o texto entre aspas nos dispositivos citados"
    # the parents of the named units of this kind, else the deepest candidate
    of_kind = list(dict.fromkeys(ancestors(n)[0] for n in named
                                 if id_kind(n) == unit.kind and ancestors(n)))
    if len(of_kind) == 1:
        return child_id(of_kind[0], unit), None
    deepest = max(len(p.split("_")) for p in parents)
    best = [p for p in parents if len(p.split("_")) == deepest]
    if len(best) == 1:
        return child_id(best[0], unit), None
    return None, "texto entre aspas cabe em mais de um dos dispositivos citados (alvo ambíguo)"


def settle_by_quotes(named: list[str], units: list[QuotedUnit]) -> list[str]:
    """The named ids, with the attachment the quoted text shows where the citation read another
    one: 'os incisos I a VI e os § 1º a § 5º' read as incisos of the § 1º, but the block quotes
    'I -' … 'VI -' at its top, *before* '§ 1º': units quoted before their supposed parent are
    not inside it: they are in the § the instruction names without quoting it (the place of
    an inclusion), else the artigo's (a caput's incisos come before its parágrafos)."""
    order: dict[str, int] = {}
    for pos, u in enumerate(units):
        if u.kind in PREFIX and (u.number is not None or u.unico):
            order.setdefault(PREFIX[u.kind] + ("1u" if u.unico else u.number.id_part), pos)
    out: list[str] = []
    for n in named:
        n = re.sub(r"_cpt(?=_par)", "", n)  # 'o caput do § 7º do art. 307': the § 7º's own text
        parts = n.split("_")
        if len(parts) == 3 and parts[1].startswith("par") and id_kind(n) in ("inciso", "alinea"):
            own, parent = order.get(parts[-1]), order.get(parts[1])
            if own is not None and parent is not None and own < parent:
                # not inside that §: inside the § the instruction names without quoting it
                # ('Acresça-se ao § 1º … os incisos III e IV e o parágrafo único'), else the caput
                places = [m for m in named if m.startswith(parts[0] + "_par") and m.count("_") == 1
                          and m.split("_")[1] not in order]
                if len(places) == 1:
                    n = f"{places[0]}_{parts[2]}"
                elif not places:
                    n = f"{parts[0]}_cpt_{parts[2]}"
        if n not in out:
            out.append(n)
    return out
