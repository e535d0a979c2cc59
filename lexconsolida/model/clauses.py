"""An act's own final clauses (LC 95/1998, arts. 8º and 9º): the vigência article and the
generic revocation ('revogam-se as disposições em contrário'). The consolidation replaces the
sources' ones with its own; the audit of a consolidation recognises them on both sides.

:func:`read_vigencia` reads what a vigência clause says of *when* ('na data de sua
publicação', 'em 1º de janeiro de 1987', '90 (noventa) dias após a sua publicação',
'…, produzindo seus efeitos a partir de …') and :func:`vigencia_date` turns it into the date
from which the act's changes to other norms count, with the publication and signature dates
the text gives; what cannot be dated with certainty is said, never guessed.

>>> c = read_vigencia("Esta Lei entrará em vigor a partir de 1º de janeiro de 1987, revogadas as disposições em contrário.")
>>> c.start, vigencia_date(c, publicacao=None, data="1986-12-03").date
(When(kind='data', date='1987-01-01', days=None), '1987-01-01')
>>> vigencia_date(read_vigencia("Esta Lei entra em vigor 90 (noventa) dias após sua publicação."), "2010-05-03", None).date
'2010-08-01'
>>> read_vigencia("O art. 5º da Lei nº 10 passa a vigorar com a seguinte redação:") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

from lexconsolida import patterns
from lexconsolida.model.dates import LONG_DATE, MONTHS, format_long, parse_date
from lexconsolida.model.nodes import Dispositivo, Kind

VIGENCIA = patterns.compile(r"\b(entra(rá|m)?|entrarão|estará|estarão)\s+em\s+vigor\b", re.IGNORECASE)
REVOGACAO_GERAL = patterns.compile(
    r"^\s*(revogam-se|revoga-se|ficam?\s+revogad[ao]s?)\b.*(disposi[çc][õo]es|em\s+contr[áa]rio)",
    re.IGNORECASE,
)


def final_clause_kind(article: Dispositivo) -> str | None:
    """'vigencia' or 'revogacao' when the article is an act's own final clause."""
    text = article.head_text
    has_more = any(c.kind is not Kind.CAPUT for c in article.children) or (
        article.caput is not None and article.caput.children
    )
    if has_more or len(text) > 300:
        return None
    if VIGENCIA.search(text):
        return "vigencia"
    if REVOGACAO_GERAL.search(text):
        return "revogacao"
    return None


# --- when the act enters into force -----------------------------------------------------------

_SELF = (r"(?:esta|este|a\s+presente|o\s+presente)\s+(?:lei(?:\s+complementar|\s+org[âa]nica)?|decreto(?:[\s-]+"
         r"legislativo)?|resolu[çc][ãa]o|emenda(?:\s+[àa]\s+lei\s+org[âa]nica)?|portaria|norma)\b")
_VERB = (r"(?:(?:entra(?:r[áa]|m|r[ãa]o)?|estrar[áa])\s+(?:em|a)\s+vig(?:or|[êe]ncia)|entrar[áa]\s+vigor|estar[áa]\s+em\s+vigor"
         r"|vigorar[áa]|passa(?:r[áa])?\s+a\s+(?:vigorar|ter\s+vigor)|ter[áa]\s+vig[êe]ncia)")
_CLAUSE = patterns.compile(rf"\b{_SELF}(?:[^.;:]{{0,80}}?)\b{_VERB}|\b{_VERB}\s+{_SELF}", re.IGNORECASE)
"""'Esta Lei entra em vigor …', 'A presente Lei, após sua publicação, entrará em vigor …',
'Entra em vigor esta Lei …': the act speaks of itself (an amending instruction's 'passa a
vigorar com a seguinte redação' does not)."""

_NUM = r"\d+\s*(?:\([^)]*\))?"
_AFTER_PUBLICATION = (r"(?:ap[óo]s|depois\s+d[ae]|a\s+contar\s+d[ae]|contados?\s+d[ae]|da)\s+(?:a\s+)?(?:data\s+d[ae]\s+)?"
                      r"(?:sua\s+|a\s+sua\s+)?publica")
_PERIOD = patterns.compile(rf"(?P<n>{_NUM})\s*dias?\s*(?:corridos\s*)?,?\s*{_AFTER_PUBLICATION}"
                     rf"|decorridos\s+(?P<n2>{_NUM})\s*dias?\s+(?:d[ae]\s+|ap[óo]s\s+)?(?:a\s+)?(?:sua\s+)?publica", re.IGNORECASE)
_PUBLICATION = patterns.compile(r"^[^\d]{0,45}?\bpubl?i?[cç]\w+", re.IGNORECASE)
"""'na data de sua publicação' (and as typed: 'publicidade', 'publiçação', 'publcação')."""
_SIGNATURE = patterns.compile(r"^\W*(?:a\s+partir\s+de\s+|em\s+)?(?:nesta|desta)\s+data\b", re.IGNORECASE)
_NEXT_YEAR = patterns.compile(r"exerc[íi]cio\s+(?:financeiro\s+)?(?:seguinte|subsequente)|(?:1[º°o]?|primeiro(?:\s+dia)?)\s+de\s+"
                        r"janeiro\s+do\s+(?:ano|exerc[íi]cio)\s+(?:seguinte|subsequente)", re.IGNORECASE)
_NEXT_MONTH = patterns.compile(r"primeiro\s+dia\s+do\s+m[êe]s\s+(?:seguinte|subsequente)", re.IGNORECASE)
_CONDITION = patterns.compile(r"\bquando\b|\bdesde\s+que\b|\bregulamenta[çc][ãa]o\b|\bregulamentad|\bfor(?:em)?\s+\w+d[oa]s?\b"
                        r"|\bimplementa[çc][ãa]o\b|\bimplanta[çc][ãa]o\b|\bno\s+exerc[íi]cio\s+em\s+que\b|\bcondicionad",
                        re.IGNORECASE)
_CURRENT_YEAR = patterns.compile(
    rf"(?P<d>\d{{1,2}})\s*[º°o]?\s*(?:de\s+)?(?P<m>{'|'.join(MONTHS)}|marco)\s+(?:do\s+)?(?:corrente|presente)\s+"
    r"(?:ano|exerc[íi]cio)", re.IGNORECASE)
_SPAN = patterns.compile(
    rf"^\W*de\s+(?P<d>\d{{1,2}})\s*[º°o]?\s*de\s+(?P<m>{'|'.join(MONTHS)}|marco)\s+(?:de\s+(?P<y1>\d{{4}})\s+)?"
    r"(?:a|at[ée])\s+[^.;]*?(?P<y2>\d{4})", re.IGNORECASE)
"""'vigorará de 1º de janeiro a 31 de dezembro de 2001' (a budget law): from the first date."""
_UNTIL = patterns.compile(r"^\W*(?:at[ée]|pelo\s+prazo|por\s+(?:\d+|um|dois|tr[êe]s)\b|ilimitad|indeterminad)", re.IGNORECASE)
_MONTH_ONLY = patterns.compile(rf"^\W*(?:a\s+partir\s+de|em|desde)\s+(?P<m>{'|'.join(MONTHS)}|marco)\s+de\s+(?P<y>\d{{4}})\b",
                         re.IGNORECASE)
"""'a partir de janeiro de 2018': from the first day of that month."""
_EFFECTS = patterns.compile(
    r"\b(?:(?P<retro>retroag\w*)\s+(?:os\s+|seus\s+|os\s+seus\s+)?efeitos?|(?:produz\w*|surt\w*|gerando|tendo|com|e)\s+"
    r"(?:os\s+|a\s+)?(?:seus\s+|os\s+seus\s+)?(?:produ[çc][ãa]o\s+de\s+)?efeitos?|(?:seus|os)\s+efeitos)"
    r"(?P<q>\s+(?:financeiros|or[çc]ament[áa]rios|fiscais|pecuni[áa]rios))?(?P<rest>.*)$", re.IGNORECASE)
_PARTIAL = patterns.compile(r"\bressalvad[oa]s?\s+(?:o|a|os|as)\s+(?:art|§|par[áa]g|inciso)|\bem\s+rela[çc][ãa]o\s+a[o]?s?\s+"
                      r"(?:art|§|par[áa]g|inciso)|\befeitos?\s+d[oa]s?\s+(?:art|§|par[áa]g|inciso)|\bexceto\s+(?:o|a|os|as)\s+"
                      r"(?:art|§|par[áa]g|inciso)", re.IGNORECASE)


@dataclass(slots=True, frozen=True)
class When:
    """A moment a clause names: 'publicacao' (its publication), 'assinatura' ('nesta data'),
    'data' (a calendar date, ``date``), 'prazo' (``days`` after publication),
    'exercicio-seguinte' (1 January after the publication), 'mes-seguinte' (the first day of
    the month after it) or 'condicional' (an event: 'após a regulamentação', 'quando …')."""

    kind: str
    date: str | None = None
    days: int | None = None


@dataclass(slots=True, frozen=True)
class VigenciaClause:
    """What an act's vigência clause says: when it enters into force (``start``; None when it
    only says until when, 'vigorará até …'), and when its effects begin if it says so apart
    ('…, produzindo seus efeitos a partir de …')."""

    text: str
    start: When | None
    effects: When | None = None
    qualified: str | None = None
    """'financeiros', 'orçamentários', 'fiscais': the effects deferred or made retroactive are
    on payments or the budget, not on the wording of the norms the act changes."""
    retroactive: bool = False
    """The clause makes its effects retroactive ('retroagindo seus efeitos a …')."""
    partial: bool = False
    """Some of the act's articles have a vigência or effects of their own ('ressalvado o art.
    5º, que produzirá efeitos …')."""


@dataclass(slots=True, frozen=True)
class VigenciaDate:
    """The date from which the act's changes count, and what a person should know about it."""

    date: str | None
    """ISO date; None when the clause cannot be dated (``code`` says why) or dates the act from
    its publication and the text does not give it (the signature date stands in, as before)."""
    code: str | None = None
    """'vigencia-diferida', 'vigencia-retroativa', 'efeitos-qualificados' or
    'vigencia-indeterminada' (this one means: a person must give the date)."""
    message: str = ""


def _when(rest: str, year: int | None) -> When | None:
    """The moment ``rest`` (the words after 'entra em vigor' or 'efeitos') names, or None."""
    s = re.sub(r"\bdo\s+ano\s+de\b", "de", rest.strip(), flags=re.IGNORECASE)  # '1º de junho do ano de 1967'
    m = _PERIOD.search(s[:140])
    if m and not _CONDITION.search(s[:m.start()]):
        return When("prazo", days=int(re.sub(r"\D.*", "", (m.group("n") or m.group("n2")).strip(), flags=re.S)))
    if _SIGNATURE.match(s):
        return When("assinatura")
    if _NEXT_MONTH.search(s[:120]):
        return When("mes-seguinte")
    if _NEXT_YEAR.search(s[:120]):
        return When("exercicio-seguinte")
    pub = _PUBLICATION.match(s)
    if pub is not None:
        return When("condicional") if _CONDITION.search(s[:pub.end()]) else When("publicacao")
    head = s[:80]
    m = _SPAN.match(head)
    if m:
        month = m.group("m").lower().replace("marco", "março")
        iso = _iso(int(m.group("y1") or m.group("y2")), MONTHS.index(month) + 1, int(m.group("d")))
        return When("data", iso) if iso else None
    m = _MONTH_ONLY.match(head)
    if m:
        return When("data", _iso(int(m.group("y")), MONTHS.index(m.group("m").lower().replace("marco", "março")) + 1, 1))
    m = _CURRENT_YEAR.search(head)
    if m and year is not None and not LONG_DATE.search(head[:m.start()]):
        month = m.group("m").lower().replace("marco", "março")
        iso = _iso(year, MONTHS.index(month) + 1, int(m.group("d")))
        return When("data", iso) if iso else None
    lead = re.match(r"^\W*(?:(?:a\s+partir|a\s+contar)\s+d[eo]\s*(?:dia\s+)?|(?:no\s+)?dia\s+|em\s+|a\s+|desde\s+)?", head, re.I)
    rest_head = head[lead.end():] if lead else head
    d = parse_date(rest_head[:40]) if re.match(r"\d", rest_head) else None
    if d is not None:
        return When("data", d)
    if _CONDITION.search(s[:120]):
        return When("condicional")
    return None


def _iso(y: int, m: int, d: int) -> str | None:
    try:
        return date(y, m, d).isoformat()
    except ValueError:
        return None


def read_vigencia(text: str, year: int | None = None) -> VigenciaClause | None:
    """The vigência clause in ``text`` (an article's own text), or None when the text is no
    such clause. ``year``: the act's year, for 'a partir de 1º de julho do corrente ano'."""
    m = _CLAUSE.search(text)
    if m is None:
        return None
    sentence = text[m.start():]
    rest = sentence[m.end() - m.start():]
    rest = re.sub(rf"^\s*{_SELF}", "", rest, flags=re.IGNORECASE)  # 'Entra em vigor esta Lei …'
    # a comma-clause before the moment ('Esta Lei, após sua publicação, entrará em vigor no dia …')
    before = text[m.start():m.end()]
    start: When | None
    e = _EFFECTS.search(rest)
    own = rest[:e.start()] if e is not None else rest
    """The words about the start of vigência (those about the effects read apart)."""
    if _UNTIL.match(own):
        start = None  # 'vigorará até …': when it ends, not when it starts
    else:
        start = _when(own, year)
        if start is None and re.search(r"ap[óo]s\s+(?:a\s+)?(?:sua\s+)?publica", before, re.I):
            start = When("publicacao")
        if start is None:
            start = When("condicional")  # a moment that is none of the known ones: not guessed
    effects = qualified = None
    retro = False
    if e is not None:
        retro = e.group("retro") is not None
        qualified = (e.group("q") or "").strip().lower() or None
        tail = re.sub(r"^\W*(?:somente\s+|s[óo]\s+|ser[ãa]o\s+aplicados\s+|ocorrer[ãa]o\s+)*", "", e.group("rest"),
                      flags=re.IGNORECASE)
        effects = _when(tail, year) or When("condicional")
        if _CONDITION.search(tail[:200]):
            effects = When("condicional")  # '… a partir de 1º de janeiro, com a implementação …'
    partial = bool(_PARTIAL.search(rest))
    retro = retro or bool(partial and re.search(r"retroag|retroativ", rest, re.I))
    return VigenciaClause(" ".join(sentence.split()), start, effects, qualified, retro, partial)


def _moment(w: When, publicacao: str | None, data: str | None) -> tuple[str | None, str | None]:
    """(ISO date of ``w``, or None; why not, in Portuguese)."""
    if w.kind == "publicacao":
        return publicacao, None
    if w.kind == "assinatura":
        return data, None
    if w.kind == "data":
        return w.date, None
    if w.kind == "condicional":
        return None, "depende de um acontecimento que o texto não data"
    if publicacao is None:
        return None, "conta da publicação, cuja data o texto não traz"
    p = date.fromisoformat(publicacao)
    if w.kind == "prazo":
        # LC 95/1998, art. 8º, § 1º: the period counts the day of publication and the last day,
        # and the act enters into force on the day after the period is complete
        return (p + timedelta(days=w.days or 0)).isoformat(), None
    if w.kind == "mes-seguinte":
        return (date(p.year + (p.month == 12), p.month % 12 + 1, 1)).isoformat(), None
    return date(p.year + 1, 1, 1).isoformat(), None  # exercicio-seguinte


def _say(w: When) -> str:
    if w.kind == "data" and w.date:
        return f"em {format_long(w.date)}"
    return {"publicacao": "na publicação", "assinatura": "na data do ato",
            "prazo": f"{w.days} dias após a publicação", "mes-seguinte": "no primeiro dia do mês seguinte ao da publicação",
            "exercicio-seguinte": "no exercício seguinte ao da publicação"}.get(w.kind, "sob condição")


def vigencia_date(clause: VigenciaClause, publicacao: str | None, data: str | None) -> VigenciaDate:
    """The date from which the act's changes count.

    Rules (stated, and every departure from 'na data de sua publicação' reported):

    - the act's start of vigência, else its publication: 'em 1º de janeiro de 1987' → that date;
      'N dias após a publicação' → the publication date plus N days (LC 95/1998, art. 8º, § 1º);
    - effects deferred beyond the start ('produzindo seus efeitos a partir de …'), unqualified:
      the changes count from the effects ('vigencia-diferida');
    - a start or effects before the publication (retroactive): the changes count from the
      publication — a compiled text never shows a wording before the act that gave it existed
      ('vigencia-retroativa');
    - effects that are only financial, budgetary or fiscal: the wording counts from the start
      ('efeitos-qualificados');
    - a start or (unqualified) effects that depend on an event, or count from a publication the
      text does not date, or articles with a vigência of their own: no date
      ('vigencia-indeterminada': a person gives it).
    """
    floor = publicacao or data
    """No change counts before this: the publication, else (not given) the act's own date."""
    if clause.partial and not clause.retroactive:
        return VigenciaDate(None, "vigencia-indeterminada",
                            f"parte do ato tem vigência ou efeitos próprios ('{clause.text[:160]}'): informe a "
                            "vigência de cada alteração")
    start: str | None = publicacao
    if clause.start is not None:
        start, why = _moment(clause.start, publicacao, data)
        if why is not None:
            return VigenciaDate(None, "vigencia-indeterminada",
                                f"a vigência do ato ({_say(clause.start)}): {why}: '{clause.text[:160]}'")
        if clause.start.kind == "assinatura":
            start = publicacao  # 'entra em vigor nesta data': not before it is published
    if start is not None and floor is not None and start < floor:
        return VigenciaDate(publicacao, "vigencia-retroativa",
                            f"a vigência declarada ({_say(clause.start) if clause.start else start}) é anterior à "
                            f"{'publicação' if publicacao else 'data do ato'}: as alterações contam "
                            f"{'da publicação' if publicacao else 'da data do ato'}")
    deferred = start is not None and floor is not None and start > floor
    message = (f"o ato entra em vigor {_say(clause.start)}: as alterações contam de {start}"
               if deferred and clause.start is not None else "")
    code = "vigencia-diferida" if deferred else None
    if clause.effects is None and not clause.retroactive:
        return VigenciaDate(start, code, message)
    if clause.retroactive:
        # effects before the act existed: its wording counts from its vigência all the same
        return VigenciaDate(start, "vigencia-retroativa", f"efeitos retroativos ('{clause.text[:160]}'): as "
                            f"alterações contam da vigência{f' ({start})' if start else ''}")
    assert clause.effects is not None
    if clause.qualified:
        return VigenciaDate(start, "efeitos-qualificados",
                            f"os efeitos {clause.qualified} contam de outra data ({_say(clause.effects)}); a nova "
                            f"redação vale desde a vigência{f' ({start})' if start else ''}")
    eff, why = _moment(clause.effects, publicacao, data)
    if why is not None:
        return VigenciaDate(None, "vigencia-indeterminada",
                            f"os efeitos do ato ({_say(clause.effects)}): {why}: '{clause.text[:160]}'")
    ref = start or floor
    if eff is None or ref is None or eff <= ref:
        if eff is not None and ref is not None and eff < ref:
            return VigenciaDate(start, "vigencia-retroativa", f"efeitos retroativos ({_say(clause.effects)}): as "
                                f"alterações contam da vigência ({ref})")
        return VigenciaDate(start, code, message)
    return VigenciaDate(eff, "vigencia-diferida",
                        f"o ato produz efeitos {_say(clause.effects)}: as alterações contam de {eff}")


def effects_date(clause: VigenciaClause, publicacao: str | None, data: str | None) -> str | None:
    """The date a clause says the act's effects begin — 'produzindo seus efeitos a partir de 1º de
    janeiro de 2027', 'retroagindo seus efeitos a 1º de março' (before its publication: kept as
    it is, unlike :func:`vigencia_date`) — or, when it says nothing of effects, its start; None
    when the moment cannot be dated (a condition, a publication the text does not date).

    >>> effects_date(read_vigencia("Esta Lei entra em vigor na data de sua publicação, produzindo efeitos a partir de 1º de janeiro de 2027."), "2026-05-02", None)
    '2027-01-01'
    """
    w = clause.effects or clause.start
    if w is None:
        return None
    when, why = _moment(w, publicacao, data)
    return when if why is None else None


def act_vigencia(articles, publicacao: str | None, data: str | None,
                 year: int | None = None) -> tuple[VigenciaDate, Dispositivo] | None:
    """The date from which the changes of the act whose own articles are ``articles`` count,
    and the article of its vigência clause; None when it has none. Quoted text of other norms
    is not the act's own (it is in ``Dispositivo.alteracoes``, never in ``head_text``). Two
    clauses that give different dates are a problem for a person (``vigencia-indeterminada``).
    ``year``: the act's year, for 'a partir de 1º de julho do corrente ano'."""
    found = [(c, art) for art in articles if (c := read_vigencia(art.head_text, year)) is not None]
    if not found:
        return None
    results = [vigencia_date(c, publicacao, data) for c, _ in found]
    if len({r.date for r in results}) > 1:
        return VigenciaDate(None, "vigencia-indeterminada", "o ato tem mais de uma cláusula de vigência, com "
                            "datas diferentes: " + "; ".join(f"'{c.text[:100]}'" for c, _ in found)), found[0][1]
    return results[0], found[0][1]
