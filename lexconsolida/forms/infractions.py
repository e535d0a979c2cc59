"""The infraction catalog of a law, read from its parsed tree (never typed by hand).

Brazilian municipal laws state their infraction tables in a few recurring shapes, which this
module recognises wherever they occur:

- a unit describing the conduct, whose children are labelled fields
  ("a) Infração: grave", "b) Penalidade: multa", "c) Medida administrativa: apreensão do
  veículo"); the field may also sit in the unit's own first child with the rest below it
  ("I – Infração: gravíssima; a) penalidade: multa.");
- a fine table: one unit per class with a number of fiscal units
  ("I – leve: punida com multa de … 30 (trinta) UPFM", "III - Infração grave: multa de 570 UPFG");
- special rules: a percentage added on reincidência, a fine charged in double, suspension or
  cassação after repeat offences (see :mod:`lexconsolida.forms.rules`).

``extract(norma)`` returns a :class:`Catalog`; anything that looks like an infraction but
cannot be classified is listed in ``Catalog.nao_classificados`` with the reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from decimal import Decimal

from lexconsolida.forms.cite import act_title, citation
from lexconsolida.forms.rules import find_rules
from lexconsolida.forms.textnorm import clean_value, fold, ocr_word, strip_accents
from lexconsolida.model import Dispositivo, Kind, Norma

CLASSES = ("leve", "média", "grave", "gravíssima")
"""The four classes of infraction, in increasing gravity (as the CTB names them)."""
_CLASS_OF_FOLDED = {fold(c): c for c in CLASSES}
_CLASS_WORD = re.compile(r"\b(gravissima|grave|media|leve)\b")

PENALTY_WORDS = (
    "multa", "advertencia", "suspensao", "cassacao", "revogacao", "descadastramento",
    "apreensao", "remocao", "recolhimento",
)

_FIELD = re.compile(
    r"""^\W*                                   # stray quotes or dashes left by OCR
        (?P<name>infrac[ao]o|infracoes|penalidades?|medidas?\s+administrativas?)
        \s*[:\-–—]\s*                          # 'Infração: ', 'Medida administrativa - '
        (?P<value>.*)$""",
    re.VERBOSE | re.IGNORECASE | re.DOTALL,
)


@dataclass(slots=True, frozen=True)
class FineClass:
    """One row of the law's fine table."""

    classe: str
    """'leve', 'média', 'grave' or 'gravíssima'."""
    unidades: Decimal
    """Number of fiscal units (30 for '30 (trinta) UPFM')."""
    unidade: str
    """The unit's acronym as printed ('UPFM', 'UPFG'; 'R$' for fines in money)."""
    unidade_nome: str | None
    """The unit's name when printed beside it ('Unidade Padrão Fiscal Municipal')."""
    dispositivo: str
    """Id of the row ('art54_cpt_inc1')."""
    citacao: str


@dataclass(slots=True, frozen=True)
class Infraction:
    """One infraction the law defines."""

    id: str
    """Id of the unit describing the conduct ('art55_par13', 'art26_cpt_inc4', 'art27')."""
    citacao: str
    """'art. 55, § 13'."""
    descricao: str
    """The conduct, as the law words it."""
    classe: str | None
    """'leve', 'média', 'grave', 'gravíssima'; None when the law gives none."""
    penalidade: str | None
    """The penalty as worded ('multa', 'multa e suspensão da autorização …')."""
    multa: bool
    """Whether the penalty includes a fine."""
    medidas: tuple[str, ...] = ()
    """Administrative measures ('impedimento operacional', 'apreensão do veículo')."""
    unidades: Decimal | None = None
    """Fiscal units of the fine, from the table (None without a fine or a table row)."""
    unidade: str | None = None
    """The fiscal unit ('UPFM')."""
    tabela: str | None = None
    """Id of the table row the fine comes from ('art54_cpt_inc3')."""
    campos: tuple[str, ...] = ()
    """Ids of the units holding class, penalty and measures."""
    regras: tuple[str, ...] = ()
    """Ids of the special rules that apply to this infraction."""
    observacoes: tuple[str, ...] = ()
    """Readings the extractor had to make (an OCR-damaged word understood, noise ignored)."""


@dataclass(slots=True, frozen=True)
class Unclassified:
    """Something that looks like part of an infraction table but could not be classified."""

    id: str
    citacao: str
    motivo: str


@dataclass(slots=True)
class Catalog:
    """Everything :func:`extract` found in one law."""

    norma: str
    """Title of the law ('Lei nº 846, de 12 de maio de 2015')."""
    urn: str | None
    infracoes: list[Infraction] = field(default_factory=list)
    tabela: list[FineClass] = field(default_factory=list)
    regras: list = field(default_factory=list)
    """Special rules (:class:`lexconsolida.forms.rules.Rule`)."""
    nao_classificados: list[Unclassified] = field(default_factory=list)

    def get(self, infraction_id: str) -> Infraction | None:
        for inf in self.infracoes:
            if inf.id == infraction_id:
                return inf
        return None

    def fine_row(self, classe: str | None) -> FineClass | None:
        for row in self.tabela:
            if row.classe == classe:
                return row
        return None

    def rules_for(self, infraction_id: str) -> list:
        return [r for r in self.regras if "*" in r.aplica_a or infraction_id in r.aplica_a]


def extract(norma: Norma) -> Catalog:
    """The infraction catalog of ``norma``."""
    catalog = Catalog(norma=act_title(norma), urn=norma.urn)
    catalog.tabela = find_fine_table(norma)
    parents = _parent_map(norma)
    groups = _field_groups(norma, parents)
    infractions = []
    for owner_node, fields in groups:
        inf, problems = _infraction(owner_node, fields)
        catalog.nao_classificados.extend(problems)
        if inf is not None:
            infractions.append(inf)
    owners = {inf.id for inf in infractions}
    table_rows = {row.dispositivo for row in catalog.tabela}
    catalog.regras = find_rules(norma, parents, owners, table_rows)
    # cited as the reader of the law finds them (a label printed out of sequence, with its place)
    catalog.infracoes = [replace(_with_fine(inf, catalog), citacao=citation(inf.id, norma))
                         for inf in infractions]
    _check_fines(catalog)
    return catalog


# --- labelled fields ------------------------------------------------------------------------


def _parent_map(norma: Norma) -> dict[str, Dispositivo]:
    parents: dict[str, Dispositivo] = {}
    for d in norma.dispositivos():
        for c in d.children:
            parents[c.id] = d
    return parents


def parse_field(text: str) -> tuple[str, str] | None:
    """('infracao'|'penalidade'|'medida', value) for a labelled field unit, else None.

    >>> parse_field("Infração: leve"), parse_field("Medida administrativa - impedimento operacional,")
    (('infracao', 'leve'), ('medida', 'impedimento operacional'))
    """
    m = _FIELD.match(strip_accents(text))
    if not m:
        return None
    name = fold(m.group("name"))
    key = "infracao" if name.startswith("infra") else "penalidade" if name.startswith("pen") else "medida"
    start = m.start("value")
    return key, clean_value(text[start:])


def _field_groups(norma: Norma, parents: dict[str, Dispositivo]):
    """(owner, [(field unit, key, value)]) in document order.

    The owner is the nearest ancestor that is not itself a field (an artigo for its caput).
    """
    order: list[str] = []
    owners: dict[str, Dispositivo] = {}
    fields: dict[str, list] = {}
    for d in norma.dispositivos():
        parsed = parse_field(d.text) if d.kind is not Kind.ARTIGO else None
        if parsed is None:
            continue
        owner = parents.get(d.id)
        while owner is not None and (owner.kind is Kind.CAPUT or parse_field(owner.text)):
            owner = parents.get(owner.id)
        if owner is None:
            continue
        if owner.id not in fields:
            order.append(owner.id)
            owners[owner.id] = owner
            fields[owner.id] = []
        fields[owner.id].append((d, *parsed))
    return [(owners[i], fields[i]) for i in order]


def _description(owner: Dispositivo) -> str:
    return clean_value(owner.head_text)


def _parse_class(value: str) -> tuple[str | None, str | None]:
    """(class, leftover noise) of an 'Infração:' value."""
    folded = fold(value)
    m = _CLASS_WORD.search(folded)
    if not m:
        return None, None
    rest = (folded[: m.start()] + " " + folded[m.end():]).strip(" .;,:-")
    rest = re.sub(r"^(de natureza|natureza)\s*", "", rest).strip()
    return _CLASS_OF_FOLDED[m.group(1)], (rest or None)


def _parse_penalty(value: str) -> tuple[str, bool, str | None]:
    """(penalty as worded, includes a fine, note about an OCR-corrected word)."""
    words = value.split()
    note = None
    if words:
        first = words[0]
        known = ocr_word(first, PENALTY_WORDS)
        if known and fold(first) != known:
            fixed = {"advertencia": "advertência", "suspensao": "suspensão", "cassacao": "cassação",
                     "revogacao": "revogação", "apreensao": "apreensão", "remocao": "remoção"}.get(known, known)
            note = f"penalidade lida como '{first}', entendida como '{fixed}'"
            words[0] = fixed
    text = " ".join(words)
    has_fine = bool(re.search(r"\bmulta\b", fold(text)))
    return text, has_fine, note


def _infraction(owner: Dispositivo, fields: list) -> tuple[Infraction | None, list[Unclassified]]:
    classe = penalty = None
    has_fine = False
    measures: list[str] = []
    notes: list[str] = []
    problems: list[Unclassified] = []
    for unit, key, value in fields:
        if key == "infracao":
            found, noise = _parse_class(value)
            if found is None:
                problems.append(Unclassified(unit.id, citation(unit.id), f"classe de infração não reconhecida: '{value}'"))
            elif classe is None:
                classe = found
                if noise:
                    notes.append(f"texto ignorado após a classe: '{noise}'")
        elif key == "penalidade":
            penalty, has_fine, note = _parse_penalty(value)
            if note:
                notes.append(note)
        else:
            measures.append(value)
    if classe is None and penalty is None:
        problems.append(Unclassified(owner.id, citation(owner.id), "sem classe nem penalidade"))
        return None, problems
    if classe is None:
        problems.append(Unclassified(owner.id, citation(owner.id), "infração sem classe de gravidade"))
    inf = Infraction(
        id=owner.id, citacao=citation(owner.id), descricao=_description(owner), classe=classe,
        penalidade=penalty, multa=has_fine, medidas=tuple(measures),
        campos=tuple(u.id for u, _, _ in fields), observacoes=tuple(notes),
    )
    return inf, problems


# --- fine table ---------------------------------------------------------------------------

_NUMBER = r"\d{1,3}(?:\.\d{3})*(?:,\d+)?|\d+(?:,\d+)?"
_TABLE_ROW = re.compile(
    rf"""\b(?P<cls>gravissima|grave|media|leve)\b      # the class word (text is accent-free)
        (?P<mid>[^\d]{{0,160}}?)                       # 'punida com multa de valor correspondente a'
        (?:R\$\s*(?P<money>{_NUMBER})                 # 'R$ 100,00'
          |(?P<n>{_NUMBER})\s*(?:\([^)]*\)\s*)?        # '30 (trinta)'
           (?P<unit>[A-Z][A-Z$]{{1,7}})\b)            # 'UPFM', 'UFIR'
        (?:\s*[\(–—-]\s*(?P<name>[^);]+))?             # '(Unidade Padrão Fiscal Municipal)'
    """,
    re.VERBOSE | re.IGNORECASE,
)


def _decimal(text: str) -> Decimal:
    return Decimal(text.replace(".", "").replace(",", "."))


def parse_fine_row(text: str) -> tuple[str, Decimal, str, str | None] | None:
    """(class, units, unit, unit name) of a fine-table row, or None.

    >>> parse_fine_row("Grave: punida com multa de valor correspondente a 120 (cento e vinte) UPFM")
    ('grave', Decimal('120'), 'UPFM', None)
    >>> parse_fine_row("Infração média: multa de 285 UPFG – UNIDADE PADRÃO FISCAL DE BARRA DO GARÇAS;")[:3]
    ('média', Decimal('285'), 'UPFG')
    """
    plain = strip_accents(text)
    if "multa" not in plain.lower():
        return None
    m = _TABLE_ROW.search(plain)
    if not m:
        return None
    if m.group("money"):
        units, unit = _decimal(m.group("money")), "R$"
    else:
        unit = m.group("unit")
        if unit != unit.upper():
            return None
        units = _decimal(m.group("n"))
    name = None
    if m.group("name"):
        # Take the name from the original text (accents kept), at the same offsets.
        name = clean_value(text[m.start("name"): m.end("name")]) or None
    return _CLASS_OF_FOLDED[m.group("cls").lower()], units, unit, name


def find_fine_table(norma: Norma) -> list[FineClass]:
    """The rows of the fine table: the first unit per class whose text states its fine."""
    rows: dict[str, FineClass] = {}
    for d in norma.dispositivos():
        if d.kind is Kind.ARTIGO or parse_field(d.text):
            continue
        parsed = parse_fine_row(d.text)
        if parsed is None or parsed[0] in rows:
            continue
        classe, units, unit, name = parsed
        rows[classe] = FineClass(classe, units, unit, name, d.id, citation(d.id))
    return [rows[c] for c in CLASSES if c in rows]


def _with_fine(inf: Infraction, catalog: Catalog) -> Infraction:
    rules = tuple(r.id for r in catalog.rules_for(inf.id))
    row = catalog.fine_row(inf.classe) if inf.multa else None
    if row is None:
        return replace(inf, regras=rules)
    return replace(inf, unidades=row.unidades, unidade=row.unidade, tabela=row.dispositivo, regras=rules)


def _check_fines(catalog: Catalog) -> None:
    for inf in catalog.infracoes:
        if inf.multa and inf.classe and inf.tabela is None:
            catalog.nao_classificados.append(Unclassified(
                inf.id, inf.citacao, f"multa de classe '{inf.classe}' sem valor na tabela de multas da lei"))
