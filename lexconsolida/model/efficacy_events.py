"""Efficacy events as data: the decision behind one and the event itself, as a person records
them (``[[eficacia]]`` of an act's ledger) and the LexML extension keeps them. What they mean on
a date is :mod:`lexconsolida.model.efficacy`; this module knows nothing of the tree (the model's
nodes refer to it).

>>> d = Decision("ADI", "0002497-84.2014.8.05.0000", "TJBA", "2015-03-02")
>>> d.named, d.on()
('ADI nº 0002497-84.2014.8.05.0000 (TJBA), de 2 de março de 2015', 'na ADI nº 0002497-84.2014.8.05.0000 (TJBA), de 2 de março de 2015')
>>> Decision("RE", "123", "STF").on(), Decision("Resolução", "5", "Senado Federal", "2012-02-15").by()
('no RE nº 123 (STF)', 'pela Resolução nº 5 (Senado Federal), de 15 de fevereiro de 2012')
>>> structural_problems(Efficacy("suspensao", Decision("ADI", None, "TJBA")))
["'suspensao' precisa da decisão com tipo (ADI, ADPF, RE …) e número"]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date as _date

from lexconsolida.model.dates import format_long

KINDS = {
    "suspensao": "suspensão por decisão liminar (cautelar)",
    "suspensao-revogada": "suspensão revogada (liminar cassada ou revogada, ação julgada improcedente)",
    "inconstitucional": "declaração de inconstitucionalidade (com ou sem modulação dos efeitos)",
    "execucao-suspensa": "execução suspensa por resolução (Senado Federal, CF art. 52, X, ou a casa "
                         "legislativa que a Constituição do Estado indicar)",
    "sem-efeito": "ato ou dispositivo tornado sem efeito (anulado, republicado)",
    "efeitos": "produção de efeitos diferida ou retroativa (\"produz efeitos a partir de …\")",
    "interpretacao-conforme": "interpretação conforme a Constituição",
}
"""Kinds of efficacy events (``[[eficacia]] tipo``), with what each means."""

UNDATED_PHRASES = {
    "suspensao": "suspensão por decisão liminar", "inconstitucional": "declaração de inconstitucionalidade",
    "execucao-suspensa": "execução suspensa", "sem-efeito": "tornado sem efeito",
    "interpretacao-conforme": "interpretação conforme a Constituição",
}
"""What a "Vide" note says of a decision whose date is not known, on a date before it was
recorded."""

KIND_TITLES = {
    "suspensao": "Suspensão por decisão liminar", "suspensao-revogada": "Suspensão revogada",
    "inconstitucional": "Declaração de inconstitucionalidade", "execucao-suspensa": "Execução suspensa",
    "sem-efeito": "Ato tornado sem efeito", "efeitos": "Produção de efeitos",
    "interpretacao-conforme": "Interpretação conforme a Constituição",
}
"""How a page titles each kind of event."""

COURT_KINDS = ("suspensao", "suspensao-revogada", "inconstitucional", "interpretacao-conforme")
"""Kinds decided in a court proceeding: the decision needs its kind and number."""
CLOSES_LIMINAR = ("suspensao-revogada", "inconstitucional", "interpretacao-conforme")
"""Decisions that end a liminar suspension of the same proceeding (the judgment replaces it)."""
FALLS = ("inconstitucional", "sem-efeito")
"""Kinds that make an amending act's changes fall: the wording it replaced comes back (unlike a
revocation of the amending act: LINDB, art. 2º, § 3º)."""

# The states a unit (or the act) can be in on a date, strongest first.
VOID, STRUCK, EXECUTION_SUSPENDED, SUSPENDED, NOT_YET = (
    "sem-efeito", "inconstitucional", "execucao-suspensa", "suspenso", "efeitos-futuros")
STATES = (VOID, STRUCK, EXECUTION_SUSPENDED, SUSPENDED, NOT_YET)
"""Every state but 'in effect' (None); a unit in one of them does not apply on that date."""
STATE_LABELS = {
    VOID: "sem efeito", STRUCK: "declarado inconstitucional", EXECUTION_SUSPENDED: "execução suspensa",
    SUSPENDED: "suspenso por decisão liminar", NOT_YET: "ainda sem produzir efeitos",
}

_MASCULINE_DECISIONS = ("re", "are", "ms", "mi", "hc", "hd", "ai", "iac", "irdr", "recurso", "mandado",
                        "habeas", "incidente", "agravo", "acórdão", "acordao", "decreto", "ato", "projeto")
"""Kinds of decision named with 'no' / 'pelo' ('no RE nº …'); the others take 'na' / 'pela'."""


def _masculine(name: str) -> bool:
    first = (name or "").strip().split(" ")[0].lower().rstrip(".")
    return first in _MASCULINE_DECISIONS


def _long(iso: str | None) -> str:
    if not iso:
        return "data não informada"
    try:
        return format_long(iso)
    except ValueError:
        return iso


def check_date(value: str | None) -> str | None:
    """``value`` as an ISO date, or None; ValueError (in Portuguese) when it is not one."""
    if value in (None, ""):
        return None
    try:
        return _date.fromisoformat(str(value)).isoformat()
    except ValueError:
        raise ValueError(f"data inválida: {value!r} (use AAAA-MM-DD)") from None


@dataclass(slots=True, frozen=True)
class Decision:
    """The decision (or act) behind an efficacy event: court, kind, number, date, rapporteur,
    link. A legislative resolution, a republication or an act that voids another is a decision
    here too (``tipo`` 'Resolução', 'Republicação', 'Decreto' …)."""

    tipo: str
    """'ADI', 'ADPF', 'ADC', 'RE', 'MS', 'Resolução', 'Republicação', 'Decreto' …"""
    numero: str | None = None
    """As the court prints it ('0002497-84.2014.8.05.0000', '2.135')."""
    orgao: str | None = None
    """'STF', 'TJBA', 'Senado Federal', 'Câmara Municipal' …"""
    data: str | None = None
    """ISO date of the decision (its publication, when that is what is known); None when not
    known: then the event counts only from ``Efficacy.recorded``."""
    relator: str | None = None
    link: str | None = None
    urn: str | None = None
    """A LexML URN of the decision, when known (the relation ``declara.inconstitucional``)."""

    @property
    def name(self) -> str:
        """'ADI nº 1234 (TJXX)'; 'republicação' for a republication."""
        if self.tipo.lower().startswith("republica"):
            return "republicação"
        out = self.tipo + (f" nº {self.numero}" if self.numero else "")
        return out + (f" ({self.orgao})" if self.orgao else "")

    @property
    def named(self) -> str:
        """'ADI nº 1234 (TJXX), de 3 de março de 2026' (the date left out when unknown)."""
        if self.tipo.lower().startswith("republica"):
            return f"republicação de {_long(self.data)}" if self.data else "republicação"
        return self.name + (f", de {_long(self.data)}" if self.data else "")

    @property
    def process(self) -> tuple[str, str, str]:
        """The proceeding (court, kind, number) its liminar and judgment share."""
        number = re.sub(r"[^0-9a-z]", "", (self.numero or "").lower()).lstrip("0")
        return ((self.orgao or "").strip().lower(), self.tipo.strip().lower(), number)

    def on(self) -> str:
        """'na ADI nº …' / 'no RE nº …' (where a decision was given)."""
        return ("no " if _masculine(self.tipo) else "na ") + self.named

    def by(self) -> str:
        """'pela Resolução nº …' / 'pelo Decreto nº …' (who did it)."""
        return ("pelo " if _masculine(self.tipo) else "pela ") + self.named


@dataclass(slots=True, frozen=True)
class Efficacy:
    """One efficacy event, as a person recorded it (``[[eficacia]]`` of the act's ledger), or
    carried to the norm an amending act changed (``via_urn``)."""

    kind: str
    """One of :data:`KINDS`."""
    decision: Decision | None = None
    units: tuple[str, ...] = ()
    """The dispositivos it concerns (LexML ids, with their sub-units); () is the whole act."""
    start: str | None = None
    """From when it has effect (modulation, deferred or retroactive effects); None: from the
    decision's date."""
    end: str | None = None
    """A suspension's term, when the liminar fixes one (else until a later decision)."""
    note: str | None = None
    """What the person adds (the reading fixed by an interpretação conforme, the reason)."""
    source: str | None = None
    """For 'efeitos' set by the act itself: the article of its clause ('art10')."""
    via_urn: str | None = None
    """Set when the event is another act's (an amending act of this norm): it concerns these
    units only while their wording is the one that act gave."""
    via_label: str | None = None
    recorded: str | None = None
    """When a person recorded it (ISO date)."""
    id: str | None = None
    """The entry's id in its ledger."""
    responsavel: str | None = None

    @property
    def known(self) -> str | None:
        """From when a compiled text counts it: the decision's date; None: at every date (the
        act's own clause; a decision whose date is not known, which before the date it was
        recorded is only a "Vide" note, see :func:`mark_of`)."""
        if self.decision is not None:
            return self.decision.data
        return None

    @property
    def effective(self) -> str | None:
        """From when it has effect: ``start``, else the decision's date."""
        return self.start or (self.decision.data if self.decision else None) or self.recorded

    @property
    def undated(self) -> bool:
        """A decision whose date is not known (counted from when it was recorded)."""
        return self.decision is not None and not self.decision.data

    def concerns(self, unit_id: str) -> bool:
        """Whether ``unit_id`` is in the event's scope (a unit named, or one of its sub-units)."""
        if not self.units:
            return True
        return any(unit_id == u or unit_id.startswith(u + "_") for u in self.units)


def structural_problems(ev: Efficacy) -> list[str]:
    """What is wrong with one event taken alone (Portuguese), [] when nothing: kind, the
    decision's fields, dates well formed and in order."""
    out = []
    if ev.kind not in KINDS:
        return [f"tipo de evento de eficácia desconhecido: {ev.kind!r} (conhecidos: {', '.join(KINDS)})"]
    d = ev.decision
    if ev.kind in COURT_KINDS:
        if d is None or not d.tipo or not d.numero:
            out.append(f"'{ev.kind}' precisa da decisão com tipo (ADI, ADPF, RE …) e número")
        elif not d.orgao:
            out.append(f"'{ev.kind}' precisa do órgão que decidiu (STF, TJBA …)")
    elif ev.kind in ("execucao-suspensa", "sem-efeito"):
        if d is None or not d.tipo or not (d.numero or d.data):
            out.append(f"'{ev.kind}' precisa do ato que o determina (tipo e número ou data)")
    elif ev.kind == "efeitos":
        if not ev.start:
            out.append("'efeitos' precisa da data a partir da qual o ato produz efeitos (inicio)")
        if d is None and not ev.source:
            out.append("'efeitos' precisa da fonte: o artigo do próprio ato (fonte) ou o ato que o determina")
    for label, value in (("inicio", ev.start), ("fim", ev.end), ("decisão, data", d.data if d else None),
                         ("registrado em", ev.recorded)):
        try:
            check_date(value)
        except ValueError as err:
            out.append(f"{label}: {err}")
    if ev.end and ev.kind != "suspensao":
        out.append("'fim' só vale para a suspensão liminar (até quando ela vale)")
    if ev.end and ev.effective and ev.end <= ev.effective:
        out.append(f"o fim da suspensão ({ev.end}) não é posterior ao seu início ({ev.effective})")
    if d is not None and d.data and ev.recorded and d.data > ev.recorded:
        out.append(f"a decisão ({d.data}) é posterior ao registro ({ev.recorded})")
    if ev.kind == "suspensao" and ev.start and d is not None and d.data and ev.start < d.data:
        pass  # a liminar with retroactive effect (Lei 9.868/1999, art. 11, § 1º): allowed
    for u in ev.units:
        if not re.fullmatch(r"[a-z]+[0-9a-z\-]*(?:_[a-z]+[0-9a-z\-]*)*", u):
            out.append(f"dispositivo inválido: {u!r} (use o id LexML: art3, art3_par1, art3_cpt_inc2)")
    return out
