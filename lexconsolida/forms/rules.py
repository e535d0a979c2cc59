"""Special rules on fines and penalties, as the law states them.

Recognised wordings (accent- and case-insensitive):

- ``acrescimo``: "No caso de reincidência, o valor da multa será acrescido em 20%";
- ``dobro``: "aplicar-se-á a pena em dobro", "será cobrada em dobro em caso de reincidência";
- ``multa_fixa``: "multa fixada em 100 (cem) UPFM" outside the fine table;
- ``suspensao``: suspension after reincidência or after a number of warnings or fines
  ("02 (duas) advertências escritas e 02 (duas) multas … suspenso pelo prazo de 30 dias");
- ``cassacao``: cassação after reincidência.

Whom a rule applies to (``aplica_a``): the infraction it names ("inciso IV deste artigo",
"caput deste artigo"); the infraction it sits in; every infraction ('*') when it sits in the
article of the fine table or counts warnings/fines in general; otherwise its own article.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from lexconsolida.forms.cite import citation
from lexconsolida.forms.textnorm import fold
from lexconsolida.model import Dispositivo, Kind, Norma
from lexconsolida.model.numbering import is_roman, roman_to_int

RULE_KINDS = ("acrescimo", "dobro", "multa_fixa", "suspensao", "cassacao")

_PERCENT = re.compile(r"(\d+(?:,\d+)?)\s*%")
_FIXED = re.compile(r"multa\s+(?:fixada|estipulada|de valor)?\s*(?:em|de)\s+(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?"
                    r"\s*(?:\([^)]*\)\s*)?([A-Z]{2,8})\b")
_DOUBLE = re.compile(r"(?:multa|pena|penalidade|valor)\b[^.;]{0,80}\bem dobro|\bem dobro\b[^.;]{0,40}\b(?:multa|pena|valor)")
_PERIOD = re.compile(r"(?:periodo|prazo)\s+de\s+(\d+)\s*(?:\([^)]*\)\s*)?(dias?|mes(?:es)?|anos?)")
_COUNTS = re.compile(r"\d+\s*(?:\([^)]*\)\s*)?(?:advertencias|multas|infracoes|autuacoes)")
_SIBLING = re.compile(r"\b(inciso|paragrafo|§)\s+([ivxlcdm]+|\d+)\s*[º°o]?\s*(?:,\s*)?(?:deste artigo)?")


@dataclass(slots=True, frozen=True)
class Rule:
    """A special rule the law states."""

    id: str
    """'<dispositivo>:<tipo>' ('art54_par1:acrescimo')."""
    tipo: str
    """One of :data:`RULE_KINDS`."""
    dispositivo: str
    citacao: str
    texto: str
    """The dispositivo's own text."""
    aplica_a: tuple[str, ...]
    """Infraction ids, '*' for all, or the rule's own article."""
    condicao: str
    """'reincidência', 'infrações repetidas' or 'circunstância descrita no dispositivo'."""
    percentual: Decimal | None = None
    fator: Decimal | None = None
    unidades: Decimal | None = None
    unidade: str | None = None
    periodo: str | None = None
    """'30 dias', '12 meses' when stated."""


def _condition(folded: str) -> str:
    if "reincid" in folded:
        return "reincidência"
    if _COUNTS.search(folded):
        return "infrações repetidas"
    return "circunstância descrita no dispositivo"


def _kinds(text: str, folded: str) -> list[tuple[str, dict]]:
    out: list[tuple[str, dict]] = []
    repeat = "reincid" in folded or bool(_COUNTS.search(folded))
    pct = _PERCENT.search(folded)
    if pct and "reincid" in folded and ("multa" in folded or "acresc" in folded):
        out.append(("acrescimo", {"percentual": Decimal(pct.group(1).replace(",", "."))}))
    fixed = _FIXED.search(text)
    if fixed and "multa" in folded:
        units = fixed.group(1).replace(".", "") + (f".{fixed.group(2)}" if fixed.group(2) else "")
        # 'em caso de reincidência, multa de 1.200 UFIR' is the fine *for* reincidência;
        # 'multa fixada em 100 UPFM, que será cobrada em dobro em caso de reincidência' is not.
        on_repeat = "reincid" in fold(text[: fixed.start()])
        out.append(("multa_fixa", {"unidades": Decimal(units), "unidade": fixed.group(3),
                                   "condicao": "reincidência" if on_repeat else "situação descrita no dispositivo"}))
    if _DOUBLE.search(folded):
        out.append(("dobro", {"fator": Decimal(2)}))
    suspension = re.search(r"suspens", folded)
    if repeat and suspension:
        period = _PERIOD.search(folded, suspension.start())
        out.append(("suspensao", {"periodo": f"{period.group(1)} {period.group(2)}" if period else None}))
    if repeat and re.search(r"\bcassad[ao]\b|cassacao", folded):
        out.append(("cassacao", {}))
    return out


def _targets(node: Dispositivo, folded: str, article: str, owners: set[str],
             inside: str | None, table_articles: set[str]) -> tuple[str, ...]:
    if "caput deste artigo" in folded and article in owners:
        return (article,)
    named = []
    for m in _SIBLING.finditer(folded):
        word, num = m.group(1), m.group(2)
        if word == "inciso" and is_roman(num.upper()):
            cand = f"{article}_cpt_inc{roman_to_int(num.upper())}"
        elif word != "inciso" and num.isdigit():
            cand = f"{article}_par{int(num)}"
        else:
            continue
        if cand in owners:
            named.append(cand)
    if named:
        return tuple(dict.fromkeys(named))
    if inside is not None:
        return (inside,)
    if article in table_articles or _COUNTS.search(folded):
        return ("*",)
    return (article,)


def _enclosing_owner(node_id: str, parents: dict[str, Dispositivo], owners: set[str]) -> str | None:
    current = parents.get(node_id)
    while current is not None:
        if current.id in owners:
            return current.id
        current = parents.get(current.id)
    return None


def find_rules(norma: Norma, parents: dict[str, Dispositivo], owners: set[str],
               table_rows: set[str]) -> list[Rule]:
    """Every special rule in ``norma``, in document order (fine-table rows excluded)."""
    table_articles = {row.split("_")[0] for row in table_rows}
    rules: list[Rule] = []
    for d in norma.dispositivos():
        if d.kind is Kind.ARTIGO or not d.text or d.id in table_rows:
            continue
        folded = fold(d.text)
        kinds = _kinds(d.text, folded)
        if not kinds:
            continue
        node_id = d.id
        article = node_id.split("_")[0]
        cited = article if d.kind is Kind.CAPUT else node_id
        inside = _enclosing_owner(node_id, parents, owners)
        targets = _targets(d, folded, article, owners, inside, table_articles)
        for kind, params in kinds:
            rules.append(Rule(
                id=f"{cited}:{kind}", tipo=kind, dispositivo=cited, citacao=citation(cited),
                texto=d.text.strip(), aplica_a=targets, **{"condicao": _condition(folded), **params},
            ))
    return rules
