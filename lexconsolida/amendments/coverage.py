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
from lexconsolida.model.instructions import ClauseKind

CHANGE_VERB = re.compile(
    r"""\b(?:alter(?:a|am|ad[oa]s?|e|em|ando|ar)|modific(?:a|am|ad[oa]s?|ando|ar)
      |revog(?:a|am|ad[oa]s?|ue|uem|o|ando|ar)|suprim(?:e|em|id[oa]s?|a|am|indo|ir)|acrescid[oa]s?
      |acrescent(?:a|am|ad[oa]s?|e|em|ar|ando)|acresc(?:e|em|endo)(?:-se)?
      |inclu[ií]d[oa]s?|inclu(?:a|am)-se|inserid[oa]s?|insir(?:a|am)-se|inserindo|substituindo
      |renumer\w*|re[mn]u[mn]er(?:e|em)\s*-\s*se
      |seja(?:m)?\s+(?:exclu|suprimid|revogad)\w*
      |leia(?:m)?\s*-\s*se|onde\s+se\s+l[êe]|substitu(?:a|am)\s*-\s*se
      |reda[çc][ãa]o|passa(?:m|r[áa]|r[ãa]o)?\s+(?:a\s+)?(?:vigorar|viger|ter|ser)|d[êe]\s*-\s*se|substitu[íi]d[oa]s?
      |levar[áa]o?\s+o\s+n[úu]mero)
      (?!\w)""",
    re.IGNORECASE | re.VERBOSE,
)
"""A verb of change, as a whole word ('alterações' or 'inclusive' are not one). Drafters' variants
count: 'passa ser' (without 'a'), 'Remunere-se os demais artigos' (a renumbering misspelled; the
clitic keeps 'remuneração' out), 'seja excluído', 'onde se lê … leia-se'. ('Exclua-se o art. 11'
is read by :data:`_STRONG_VERB`, with its object: 'excluem-se as receitas' orders nothing.)"""

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


_EXPRESSION_WORD = re.compile(r"\bexpress(?:[ãa]o|[õo]es)\b", re.IGNORECASE)
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
    if d.text and _EXPRESSION_WORD.search(d.text) and _ALTERED.search(d.text) and any(
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


_STRONG_VERB = re.compile(
    r"\b(?:exclu|suprim|revogu|renumer|remuner|substitu|acrescent|acres[çc]|inclu|insir)\w*\s*-\s*se\s+"
    r"(?:(?:o|a|os|as|ao|aos|à|às|no|na|nos|nas)\s+)?(?:atual\s+|seguinte\s+|demais\s+)?"
    r"(?:art|§|par[áa]g|inc|al[íi]n|ite|lei|decreto|cap[íi]t|se[çc]|anexo)"
    r"|\brenumer\w*|\bpassa(?:m|r[áa]|r[ãa]o)?\s+(?:a\s+)?ser\s+(?:(?:o|a|os|as)\s+(?:art|§|par[áa]grafo|inciso|al[íi]nea|item)"
    r"|[IVXLCDM]+\b)"
    r"|\blevar[áa]o?\s+o\s+n[úu]mero\b|\bonde\s+se\s+l[êe]\b|\bleia(?:m)?\s*-\s*se\b"
    r"|\bfica(?:m)?\s+(?:revogad|suprimid|exclu[íi]d|renumerad|acrescid|alterad)\w*",
    re.IGNORECASE)
"""The verbs that order a change by themselves, in the forms drafters print (misspellings that
recur included: 'Remunere-se os demais artigos'), for dispositivos that name no norm: in an act
that amends, the norm is the one its neighbouring articles name."""
_RENUMBERS = re.compile(r"\brenumer\w*|\bre[mn]u[mn]er(?:e|em)\s*-\s*se\b|\blevar[áa]o?\s+o\s+n[úu]mero\b",
                        re.IGNORECASE)
"""A renumbering, even of units it does not number ('Remunere-se os demais artigos')."""
_EXPRESSIONS = re.compile(
    r"(?=.*\bexpress(?:[ãa]o|[õo]es)\b)(?=.*\b(?:alterad|inalterad|substitu|troc|leia|onde\s+se\s+l|passa))",
    re.IGNORECASE | re.DOTALL)
"""A change of words inside units ('ficam alteradas, nos artigos 2º e 3º, as expressões …')."""
_REVOCATION = re.compile(r"\brevog\w*|\bsuprim\w*", re.IGNORECASE)
_ACT_AS_CONTEXT = re.compile(
    r"(?:criad|institu[íi]d|alterad|modificad|regulamentad|aprovad|previst|introduzid|acrescid|dad|estabelecid|"
    r"disciplinad|mencionad|referid)[oa]s?\s+(?:pel[oa]s?|por|n[oa]s?)\s*$"
    r"|\b(?:nos\s+termos|na\s+forma|de\s+acordo\s+com|conforme|oriund[oa]s?|previst[oa]s?\s+n[oa]s?)\b[^,;]{0,12}$",
    re.IGNORECASE)
"""Words before an act's citation that make it context ('criado pela Lei nº …', 'nos termos da Lei …')."""
_HEADS_LIST = re.compile(r":\s*$")
"""A dispositivo ending in ':' announces the units below it ('Ficam revogados:' and a list)."""


_REMOVES = re.compile(
    r"\brevog\w*|\bsuprim\w*|\bexclu\w*\s+(?:os|as)\s+seguintes\s+(?:dispositivos|artigos|incisos|par[áa]grafos|al[íi]neas)"
    r"|\bexclu\w*\s*-\s*se\s+(?:os|as)\s+seguintes\s+(?:dispositivos|artigos)", re.IGNORECASE)
"""A verb that removes units ('exclu…' only with units for object: 'Ficam excluídos os seguintes
dispositivos da Lei …', not 'ficam excluídas da retenção …' or 'excluídas as despesas')."""


def _heads_changes(d: Dispositivo) -> bool:
    """'Ficam revogadas:', 'revogadas as disposições em contrário, especialmente:', 'Ficam
    excluídos os seguintes dispositivos da Lei …:': a verb that removes, whose objects are the
    units below (for an inclusion, the units below are the new text, which the instruction's
    own place accounts for)."""
    return bool(d.text) and bool(_HEADS_LIST.search(d.text)) and bool(_REMOVES.search(d.text))


def _cited(d: Dispositivo) -> list:
    text = blank_ementas(d.text or "")
    return [c for c in find(text) if not c.proprio and not c.na_ementa
            and not (c.act is not None and _ACT_AS_CONTEXT.search(text[:c.start]))]


_GENERIC = re.compile(r"\bdisposi[çc][õo]es\s+em\s+contr[áa]rio\b", re.IGNORECASE)


def _revokes_acts(d: Dispositivo) -> bool:
    """A revocation that names acts revoked, not as context: 'Revoga a Lei Municipal nº 3.516',
    '…, revogando o Decreto nº 8.980', '…, revogadas as disposições em contrário, especialmente a
    Lei nº 3.554' (a generic clause that names what it revokes: the act follows it in the same
    sentence). An act cited before the verb ('retroagindo à implantação da Lei nº 1.802/95,
    revogadas as disposições em contrário') is not revoked by it."""
    if not _REVOCATION.search(d.text or ""):
        return False
    text = blank_ementas(d.text or "")
    verb = _REVOCATION.search(text)
    if verb is None:
        return False
    generic = _GENERIC.search(text, verb.start())
    start = generic.end() if generic is not None else verb.end()
    for c in _cited(d):
        if c.act is None or c.ids or c.start < start:
            continue
        if "." in re.sub(r"\d\.\d|\bn\.\s*[º°o]|\bart\.", "", text[start:c.start]):
            continue  # another sentence (a fecho glued to the clause)
        return True
    return False


_LAST: list = []
"""The last norm :func:`amending_units` read, and its result (recognition, the bench and the net
ask for the same act in a row)."""


def amending_units(norma: Norma) -> list[Dispositivo]:
    """See :func:`_amending_units` (kept for the last norm asked)."""
    if _LAST and _LAST[0] is norma:
        return list(_LAST[1])
    out = _amending_units(norma)
    _LAST[:] = [norma, out]
    return list(out)


def _amending_units(norma: Norma) -> list[Dispositivo]:
    """The amending dispositivos of ``norma`` (an artigo's quoted blocks count on its caput):
    those :func:`amends` sees; a revocation that names acts it revokes ('…, revogadas as
    disposições em contrário, especialmente as Leis nº 10/1990, nº 20/1991'); the units of a list
    a dispositivo announces with a verb of change ('Ficam revogadas:' followed by 'I - a Lei nº
    …;'), when they cite another act or its units; and, in an act that amends, a dispositivo that
    orders a change by its verb ('Exclua-se', 'passa ser o art. 7º', 'Remunere-se os demais
    artigos', 'onde se lê … leia-se') naming units without their norm (the norm its
    neighbouring articles name)."""
    out: list[Dispositivo] = []
    loose: list[Dispositivo] = []
    for art in norma.artigos():
        heads: list[Dispositivo] = []
        for d in art.walk():
            if d.kind is Kind.ARTIGO:
                continue
            if amends(d) or (d.kind is Kind.CAPUT and art.alteracoes) or _revokes_acts(d):
                out.append(d)
            elif any(d in list(h.walk()) for h in heads) and any(c.act is not None or c.ids for c in _cited(d)):
                out.append(d)  # an item of a list a verb of change announces
            elif d.text and _EXPRESSIONS.match(d.text) and any(c.ids for c in _cited(d)):
                loose.append(d)  # 'as expressões alusivas ao Conselho, nos artigos 2º e 3º'
            elif d.text and _STRONG_VERB.search(d.text):
                cited = _cited(d)
                if any(c.ids and c.act is not None for c in cited):
                    out.append(d)  # 'Exclua-se os Artigos 11 e 12 da Lei 1.500/91'
                elif any(c.ids for c in cited) or _RENUMBERS.search(d.text):
                    loose.append(d)
            if _heads_changes(d):
                heads.append(d if d.kind is not Kind.CAPUT else art)
    if out:
        out += [d for d in loose if d not in out]
    return sorted(out, key=lambda d: d.lines[0] if d.lines else 0)


def where_of(d: Dispositivo) -> str:
    """The place an instruction is reported at: an artigo's id for its caput."""
    return d.id[:-4] if d.id.endswith("_cpt") else d.id


def _here(d: Dispositivo, where: str | None, line: int | None) -> bool:
    if where is not None and where == where_of(d):
        return True
    return d.lines is not None and line is not None and d.lines[0] <= line <= d.lines[1]


_ACT_NUMBER = re.compile(r"\bn[º°o]s?\s*\.?\s*[º°]?\s*(?P<n>\d[\d.]*\d|\d)\b", re.IGNORECASE)
"""'nº 2.984', 'nºs 43', 'n. 12': an act's number as a list of revoked acts prints it, with or
without the act's type before it ('as Leis nº 2.316, …; nº 2.984 … e nº 3.190')."""


_CONTEXT_CLAUSE = re.compile(r"\bpel[oa]s?\b|\bpor\s+meio\b|\bque\b|\bnos\s+termos\b|\bconforme\b", re.IGNORECASE)
"""A clause that cites an act as the author or the ground of something ('que foram acrescentados pelo
artigo 1º da Lei Complementar nº 44'), not as revoked."""


def missing_acts(d: Dispositivo, rec: Recognition) -> list[str]:
    """The acts a revocation of several acts names that no operation at its place revokes and no
    blocking problem there speaks for ('Ficam revogadas as Leis nº 10/1990; nº 20/1991 e nº
    30/1992', the third lost; 'as leis nº 1470/91, Lei Promulgada nº 43/1992, …', a type the
    citations do not know). The acts are read here by their numbers ('nº N' after the verb), not
    by the citation reader, so that what it misses is seen: each missing one by its number."""
    text = blank_ementas(d.text or "")
    verb = _REMOVES.search(text)
    if verb is None:
        return []
    numbers = [m.group("n").replace(".", "").lstrip("0") for m in _ACT_NUMBER.finditer(text, verb.start())
               if not _CONTEXT_CLAUSE.search(re.split(r"[,;]", text[verb.start():m.start()])[-1])]
    numbers = [n for n in dict.fromkeys(numbers) if n]
    if len(numbers) < 2 or any(_here(d, p.where, p.line) and p.blocking for p in rec.problems):
        return []
    done = {(o.target_act.numero or "").lstrip("0") for o in rec.operations
            if o.target_act is not None and _here(d, o.where, o.line)}
    if not done:
        return []  # no operation here: the whole dispositivo is unaccounted, or a problem speaks for it
    return [f"nº {n}" for n in numbers if n not in done]


_CONTEXT_ACT = re.compile(r"(?:alterad[oa]s?|modificad[oa]s?|regulamentad[oa]|aprovad[oa]|introduzid[oa]s?|"
                          r"nos\s+termos\s+d[oa]s?|previst[oa]s?\s+n[oa]s?|conforme)\s+(?:pel[oa]s?|por)?\s*$",
                          re.IGNORECASE)


def accounted(d: Dispositivo, rec: Recognition) -> bool:
    if _own_text(d, rec):
        return True
    heads = [c for c in d.children if amends(c)]
    if d.kind is Kind.CAPUT and heads and all(accounted(c, rec) for c in heads):
        return True  # 'A Lei X passa a vigorar com as seguintes alterações:' announces its incisos
    places = [(o.where, o.line) for o in rec.operations] + [(p.where, p.line) for p in rec.problems]
    if not any(_here(d, w, ln) for w, ln in places):
        return False
    return not missing_acts(d, rec)


_NON_OPERATIVE = frozenset({ClauseKind.TEXTO, ClauseKind.VIGENCIA, ClauseKind.REVOGACAO_GENERICA})


def _own_text(d: Dispositivo, rec: Recognition) -> bool:
    """The instruction grammar read ``d`` (or the article whose caput it is) whole, and every
    clause of it is a known non-operative one (issue 34, sentence accounting): the act's own
    text (the message a sign must carry, quoted), its vigência, a generic revocation ('revogadas
    as disposições em contrário, ressalvando o disposto no art. 1º da Lei …'). Accounted for,
    neither an operation nor a question. A sentence the grammar did not read, or with any
    operative clause, still counts only with an operation or a problem."""
    ids = {d.id} | ({d.id.rsplit("_", 1)[0]} if d.kind is Kind.CAPUT else set())
    return any(i.where in ids and i.read and i.clauses and not i.items
               and all(c.kind in _NON_OPERATIVE for c in i.clauses) for i in rec.instructions)


def unaccounted(norma: Norma, rec: Recognition) -> list[Dispositivo]:
    """The amending dispositivos that yielded neither an operation nor a problem."""
    return [d for d in amending_units(norma) if not accounted(d, rec)]
