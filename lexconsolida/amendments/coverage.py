"""No silent loss: every amending dispositivo of an act is accounted for.

A dispositivo *amends* when it carries a quoted block, or when it names a dispositivo of another
norm next to a verb of change, revocation, suppression, insertion or renumbering. Such a
dispositivo must yield an :class:`~lexconsolida.amendments.model.Operation` or a
:class:`~lexconsolida.amendments.model.Problem` at its place (``where``) or on one of its lines.
:func:`unaccounted` lists those that yield neither; :func:`recognise` turns each into a problem
``instrucao-nao-reconhecida`` for a human, so that nothing is lost silently even when a formula
is new.

This scan is deliberately broader and simpler than the recogniser (it does not classify, it only
looks for the verbs): what the recogniser misses, it still sees.
"""

from __future__ import annotations

import re

from lexconsolida.amendments.model import Recognition
from lexconsolida.citations import blank_ementas, find
from lexconsolida.model import Dispositivo, Kind, Norma

CHANGE_VERB = re.compile(
    r"""\b(?:alter(?:a|am|ad[oa]s?|e|em|ando|ar)|modific(?:a|am|ad[oa]s?|ando|ar)
      |revog(?:a|am|ad[oa]s?|ue|uem|o|ando|ar)|suprim(?:e|em|id[oa]s?|a|am|indo|ir)|acrescid[oa]s?
      |acrescent(?:a|am|ad[oa]s?|e|em|ar|ando)|acresc(?:e|em|endo)(?:-se)?
      |inclu[ií]d[oa]s?|inclu(?:a|am)-se|inserid[oa]s?|insir(?:a|am)-se|inserindo|substituindo
      |renumer(?:a|am|ad[oa]s?|e|em|ando)
      |reda[çc][ãa]o|passa(?:m|r[áa]|r[ãa]o)?\s+a\s+(?:vigorar|viger|ter|ser)|d[êe]\s*-\s*se|substitu[íi]d[oa]s?
      |passa(?:m)?\s+ser|remuner(?:e|em)\s*-\s*se
      |substitu(?:a|am|i|em)\s*-\s*se|onde\s+se\s+l[êe]|leia\s*-\s*se|exclu(?:a|am)\s*-\s*se
      |seja(?:m)?\s+exclu[íi]d[oa]s?)
      (?!\w)""",
    re.IGNORECASE | re.VERBOSE,
)
"""A verb of change, as a whole word ('alterações' or 'inclusive' are not one)."""

_PARTICIPLE = re.compile(r"(?:ad|id|íd)[oa]s?$", re.IGNORECASE)
_STATE_BEFORE = re.compile(r"\b(?:est[áa]|est[ãa]o|estav(?:a|am))\s+$", re.IGNORECASE)
_POSSESSIVE_AFTER = re.compile(r"\s+(?:seu|sua|seus|suas)\b", re.IGNORECASE)
"""A participle that describes rather than orders: a state ('estão inseridos na nova
estrutura') or 'including' ('incluídas suas autarquias e fundações')."""


_UNIT_WORD = re.compile(r"\b(?:art(?:igo)?s?\.?\s*\d|§|par[áa]grafos?|incisos?|al[íi]neas?|caput)", re.IGNORECASE)


_WITH_AGENT = re.compile(r"[^\W\d_]+?(?:ad|id|íd)[oa]s?\s*,?\s*(?:pel[oa]s?|por)\b", re.IGNORECASE)


_HISTORY = re.compile(r"reda[çc][ãa]o\s+dada\s+pel[oa]s?\s+(?!presente\b|pr[óo]pri[oa]\b)"
                      r"(?!.{0,40}?\b(?:dest[ae]|nest[ae])\b)", re.IGNORECASE)
"""'… do artigo 139 da Lei Federal nº 8.069/90, com nova redação dada pela Lei Federal 12.696/2012':
the history of a norm cited as context, not an order. Not 'com a redação dada pelo art. 1º desta
Lei': the effect of this act's own change (a date, a retroactive effect) is for a person."""


def _change_verb(text: str) -> bool:
    """A verb of change, other than a participle with its agent ('alterada pela Lei nº 1.802/95',
    'acrescido pelo art. 3º da Lei …'), which describes the history of a norm cited as context,
    or a participle that describes a state or means 'including' ('estão inseridos na nova
    estrutura', 'incluídas suas autarquias')."""
    for m in CHANGE_VERB.finditer(text):
        if _WITH_AGENT.match(text, m.start()) or _HISTORY.match(text, m.start()):
            continue
        word = m.group(0).lower()
        if _PARTICIPLE.search(word) and (_STATE_BEFORE.search(text, 0, m.start()) or (
                word.startswith(("inclu", "inser")) and _POSSESSIVE_AFTER.match(text, m.end()))):
            continue  # a participle that describes ('incluídas suas autarquias')
        return True
    return False


_EXPRESSIONS = re.compile(r"\bexpress(?:[ãa]o|[õo]es)\b", re.IGNORECASE)
_ALTERED = re.compile(r"\b(?:in)?alterad[oa]s\b|\bsubstitu|\btroc", re.IGNORECASE)
"""'Ficam inalteradas (sic), nos artigos 2º … e 3º, as expressões alusivas ao CONSELHO …': words of
another norm changed without quoting them — an instruction even when it cites no act."""


_NAMES_WHAT_IT_REVOKES = re.compile(
    r"disposi[çc][õo]es\s+em\s+contr[áa]rio\s*,?\s*(?:e\s+)?(?:em\s+especial|especial(?:mente)?|notadamente|principalmente)\b",
    re.IGNORECASE)
"""'…, revogadas as disposições em contrário, especialmente a Lei nº 887/1981': the final clause
names an act (or a unit of one) it revokes expressly."""


def amends(d: Dispositivo) -> bool:
    """True when ``d`` carries a quoted block or names another norm's dispositivo by a verb of
    change (or changes expressions in the units it cites)."""
    if d.alteracoes:
        return True
    if d.text and _NAMES_WHAT_IT_REVOKES.search(d.text) and any(
            c.act is not None and not c.proprio for c in find(blank_ementas(d.text))):
        return True
    if d.text and _EXPRESSIONS.search(d.text) and _ALTERED.search(d.text) and any(
            c.ids and not c.proprio for c in find(blank_ementas(d.text))):
        return True
    if not d.text or not _change_verb(d.text):
        return False
    text = blank_ementas(d.text)  # 'a Lei X, que "Regulamenta o Art. 136 …"' cites nothing itself
    cits = find(text)
    if any(c.ids and not c.proprio and c.act is not None for c in cits):
        return True
    # a dispositivo the citation parser could not read ('do artigo1º'), next to a cited act
    return bool(_UNIT_WORD.search(text)) and any(c.act is not None and not c.ids and not c.proprio for c in cits)


_ANNOUNCES_LIST = re.compile(
    r"""\b(?:revoga(?:m)?\s*-\s*se|revogue(?:m)?\s*-\s*se|fica(?:m)?\s+revogad[oa]s?|s[ãa]o\s+revogad[oa]s
      |disposi[çc][õo]es\s+em\s+contr[áa]rio,?\s+(?:em\s+especial|especialmente|notadamente|principalmente)
      |suprima(?:m)?\s*-\s*se
      |fica(?:m)?\s+suprimid[oa]s?|exclua(?:m)?\s*-\s*se|fica(?:m)?\s+exclu[íi]d[oa]s\s+os\s+seguintes\s+dispositivos)
      \b[^:]*:\s*$""", re.IGNORECASE | re.VERBOSE)
"""'Ficam revogadas:', 'Revogam-se:', '…, revogadas as disposições em contrário, especialmente:':
the units listed under it are what is revoked."""


def _cites(text: str, units: bool) -> bool:
    """Whether ``text`` cites an act (or a unit of one), or, with ``units``, any unit."""
    return any((c.act is not None or (units and c.ids)) and not c.proprio for c in find(blank_ementas(text)))


def _listed(d: Dispositivo, of_act: bool) -> bool:
    """A unit of a list announced by a revocation ('I - a Lei nº 3.598, de 17 de dezembro de
    2015;' under 'Ficam revogadas:') that cites an act, or a unit when the announcement names
    the act ('Ficam revogados os artigos da Lei nº 631/69 aqui discriminados:')."""
    return _cites(d.text, of_act)


_ORDER = re.compile(
    r"""\b(?:passa(?:m|r[áa]|r[ãa]o)?\s+(?:a\s+)?(?:ser|vigorar|viger|ter)\b|renumer\w*|remuner(?:e|em)\s*-\s*se
      |revoga(?:m)?\s*-\s*se|fica(?:m)?\s+revogad|suprim[ae](?:m)?\s*-\s*se|fica(?:m)?\s+suprimid
      |acrescent[ae](?:m)?\s*-\s*se|acres[çc]a(?:m)?\s*-\s*se|d[êe]\s*-\s*se|inclua(?:m)?\s*-\s*se)""",
    re.IGNORECASE | re.VERBOSE)
"""Orders, not descriptions: 'passam a ser', 'revoga-se', 'dê-se' (not 'acrescido de 5%', 'na
redação dada por esta Lei', 'alterar os bens tombados')."""


def _orders_on_units(d: Dispositivo) -> bool:
    """A verb of change next to a unit cited without its norm ('Os incisos III e IV do art. 3º
    passam a ser IV e V'), not 'desta Lei': in an act that amends another norm, an order on that
    norm whose norm is named only in a neighbouring article."""
    if not d.text or not _ORDER.search(d.text):
        return False
    return any(c.ids and not c.proprio and c.act is None for c in find(blank_ementas(d.text)))


def amending_units(norma: Norma) -> list[Dispositivo]:
    """The amending dispositivos of ``norma`` (an artigo's quoted blocks count on its caput; the
    units listed under a revocation that announces a list count as well; in an act that has
    amending dispositivos, so does an order on units cited without their norm)."""
    out = _amending_units(norma)
    if not out:
        return out
    seen = {id(d) for d in out}
    extra = [d for art in norma.artigos() for d in art.walk()
             if d.kind is not Kind.ARTIGO and id(d) not in seen and _orders_on_units(d)]
    if not extra:
        return out
    order = {id(d): i for i, d in enumerate(d for art in norma.artigos() for d in art.walk())}
    return sorted(out + extra, key=lambda d: order[id(d)])


def _amending_units(norma: Norma) -> list[Dispositivo]:
    out = []
    for art in norma.artigos():
        listed: dict[int, bool] = {}
        for d in art.walk():
            if d.kind is Kind.ARTIGO:
                continue
            if amends(d) or (d.kind is Kind.CAPUT and art.alteracoes) or (id(d) in listed and _listed(d, listed[id(d)])):
                out.append(d)
            if d.text and _ANNOUNCES_LIST.search(d.text):
                of_act = _cites(d.text, False)
                listed.update((id(c), of_act) for c in d.children)
    return out


def where_of(d: Dispositivo) -> str:
    """The place an instruction is reported at: an artigo's id for its caput."""
    return d.id[:-4] if d.id.endswith("_cpt") else d.id


def accounted(d: Dispositivo, rec: Recognition) -> bool:
    heads = [c for c in d.children if amends(c)]
    if d.kind is Kind.CAPUT and heads and all(accounted(c, rec) for c in heads):
        return True  # 'A Lei X passa a vigorar com as seguintes alterações:' announces its incisos
    where = where_of(d)
    places = [(o.where, o.line) for o in rec.operations] + [(p.where, p.line) for p in rec.problems]
    for item_where, item_line in places:
        if item_where is not None and item_where == where:
            return True
        if d.lines is not None and item_line is not None and d.lines[0] <= item_line <= d.lines[1]:
            return True
    return False


def unaccounted(norma: Norma, rec: Recognition) -> list[Dispositivo]:
    """The amending dispositivos that yielded neither an operation nor a problem."""
    return [d for d in amending_units(norma) if not accounted(d, rec)]
