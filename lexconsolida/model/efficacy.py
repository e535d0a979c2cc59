"""Efficacy events: what courts and other acts do to a norm's force without changing its words.

A wording can be in the text and not apply: a court suspends it by a liminar, declares it
unconstitutional (from the start, or from a date it sets — modulation), a legislative
resolution suspends its execution, an act is made void (annulled, republished), a clause defers
or backdates its effects; a court can also fix how it must be read (interpretação conforme).
These are recorded by people, beside the textual history (``Norma.eficacia``), and resolved here
for a date (``Norma.as_of``, set by :func:`lexconsolida.transforms.pointintime.at`; None: every
event, as after all of them) into what every output shows: a state per unit and per act, and
the notes a compiled text prints.

The convention (``docs/eficacia.md``): the text of a suspended or struck unit stays where it is
— as Planalto's compiled texts keep a dispositivo with "(Vide ADI nº …)", and as the Câmara
dos Deputados' compilation manual (Cedi, 6.5.6) keeps dispositivos declared unconstitutional
or whose execution the Senate suspended, each with its note — and the note says what happened
and whether it applies on that date. An event counts on a date when it was decided by then
(the text as a diligent clerk would have compiled it that day); its effects may start later
(modulation, deferred effects) and the note says so.

>>> adi = Decision("ADI", "1234", "TJXX", "2026-03-03")
>>> ev = Efficacy("suspensao", adi, ("art2",))
>>> n = Norma(tipo="Lei", articulacao=[Dispositivo(Kind.ARTIGO, "art2", "Art. 2º")], eficacia=[ev])
>>> n.as_of = "2026-04-01"
>>> r = resolve(n)
>>> r.unit("art2").state, r.notes("art2")
('suspenso', ['Suspenso por decisão liminar na ADI nº 1234 (TJXX), de 3 de março de 2026'])
>>> n.as_of = "2026-02-01"; resolve(n).notes("art2")
[]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date as _date

from lexconsolida.model.dates import format_long
from lexconsolida.model.ids import citation_parts
from lexconsolida.model.nodes import Dispositivo, Kind, Norma, Situacao

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


@dataclass(slots=True, frozen=True)
class Mark:
    """What one event means for a unit (or the act) on the resolved date."""

    event: Efficacy
    state: str | None
    """One of :data:`STATES` when the unit does not apply because of it; None: a note only."""
    note: str


@dataclass(slots=True)
class UnitEfficacy:
    state: str | None = None
    """The strongest state of the unit's own events and of its ancestors' (None: in effect)."""
    marks: list[Mark] = field(default_factory=list)
    """The events naming this unit itself (their notes are printed on its line)."""

    @property
    def applies(self) -> bool:
        return self.state is None


@dataclass(slots=True)
class Resolved:
    """Efficacy of a whole tree on its date (:func:`resolve`)."""

    on: str | None
    act_marks: list[Mark] = field(default_factory=list)
    act_state: str | None = None
    units: dict[str, UnitEfficacy] = field(default_factory=dict)

    def unit(self, unit_id: str) -> UnitEfficacy:
        """The efficacy of ``unit_id`` (in effect and without notes when nothing concerns it;
        a unit under a whole act that does not apply does not apply either)."""
        found = self.units.get(unit_id)
        if found is not None:
            if found.state is None and self.act_state is not None:
                return UnitEfficacy(self.act_state, found.marks)
            return found
        return UnitEfficacy(self.act_state) if self.act_state else _IN_EFFECT

    def notes(self, unit_id: str) -> list[str]:
        found = self.units.get(unit_id)
        return [m.note for m in found.marks] if found else []

    def line_notes(self, d: Dispositivo) -> list[str]:
        """Notes printed on a dispositivo's line: its own, and an artigo's caput's."""
        out = self.notes(d.id)
        cap = d.caput
        if cap is not None:
            out += [n for n in self.notes(cap.id) if n not in out]
        return out

    def line_state(self, d: Dispositivo) -> str | None:
        state = self.unit(d.id).state
        cap = d.caput
        if state is None and cap is not None:
            state = self.unit(cap.id).state
        return state

    @property
    def decisions(self) -> list[Efficacy]:
        """Every event counted on the date, whole act and units, in date order."""
        seen: list[Efficacy] = []
        for m in self.act_marks + [m for u in self.units.values() for m in u.marks]:
            if m.event not in seen:
                seen.append(m.event)
        return sorted(seen, key=lambda e: (e.known or "", e.effective or "", e.kind))

    @property
    def any(self) -> bool:
        return bool(self.act_marks or self.units)


_IN_EFFECT = UnitEfficacy()


def known_on(events: list[Efficacy], when: str | None) -> list[Efficacy]:
    """The events a compiled text counts on ``when``: those decided by then (None: all)."""
    if when is None:
        return list(events)
    return [e for e in events if e.known is None or e.known <= when]


def _rank(state: str | None) -> int:
    return STATES.index(state) if state in STATES else len(STATES)


def _strongest(a: str | None, b: str | None) -> str | None:
    return a if _rank(a) <= _rank(b) else b


def _feminine_unit(d: Dispositivo | None) -> bool:
    return d is not None and d.kind is Kind.ALINEA


def _feminine_act(tipo: str | None) -> bool:
    return (tipo or "").strip().lower().startswith(("lei", "resolução", "resolucao", "portaria", "emenda",
                                                    "instrução", "instrucao", "medida", "deliberação"))


def _cite(unit_id: str) -> str:
    try:
        return ", ".join(citation_parts(unit_id)) or unit_id
    except (ValueError, KeyError, AssertionError):
        return unit_id


def _closing(ev: Efficacy, events: list[Efficacy], on: str | None, unit_id: str | None) -> Efficacy | None:
    """The later decision of the same proceeding that ended liminar ``ev`` (for ``unit_id``;
    None: the whole act) by ``on``: a judgment ends it whole; a lifting ends it for the units it
    names (all of them when it names none)."""
    if ev.decision is None:
        return None
    found = []
    for c in events:
        if c is ev or c.kind not in CLOSES_LIMINAR or c.decision is None or c.via_urn != ev.via_urn:
            continue
        if c.decision.process != ev.decision.process or (c.known or "") < (ev.known or ""):
            continue
        if on is not None and (c.known or "") > on:
            continue
        if c.kind == "suspensao-revogada" and c.units and (unit_id is None or not c.concerns(unit_id)):
            continue
        found.append(c)
    return min(found, key=lambda c: c.known or "") if found else None


def mark_of(ev: Efficacy, events: list[Efficacy], on: str | None, *, feminine: bool,
            act_start: str | None = None, unit_id: str | None = None) -> Mark | None:
    """What ``ev`` means on ``on`` (None: after every event) for a unit (or act) whose notes
    take the feminine when ``feminine``; None when it says nothing on that date."""
    o = "a" if feminine else "o"
    d = ev.decision
    started = on is None or (ev.effective or "") <= on
    undated = " (data da decisão não informada)" if ev.undated else ""
    if ev.undated and d is not None and on is not None and (ev.recorded is None or on < ev.recorded):
        if ev.kind == "suspensao-revogada":
            return None
        # decided on a date nobody recorded: on an earlier date it may not have been decided yet
        return Mark(ev, None, f"Vide {d.name}: {UNDATED_PHRASES.get(ev.kind, KINDS[ev.kind])}, em data não "
                              "informada")
    if ev.kind == "suspensao":
        assert d is not None
        closing = _closing(ev, events, on, unit_id)
        ended = closing is not None or (ev.end is not None and (on is None or ev.end <= on))
        if not started:
            return None
        if ended:
            if closing is not None and closing.kind != "suspensao-revogada" and \
                    (closing.concerns(unit_id) if unit_id is not None else not closing.units):
                return None  # the judgment's own note says it
            return Mark(ev, None, f"Vide {d.name}")
        until = f", até {_long(ev.end)}" if ev.end else ""
        since = f", com efeitos desde {_long(ev.start)}" if ev.start and d.data and ev.start < d.data else ""
        return Mark(ev, SUSPENDED, f"Suspens{o} por decisão liminar {d.on()}{since}{until}{undated}")
    if ev.kind == "suspensao-revogada":
        return None  # the suspension it ends says "Vide …"
    if ev.kind == "inconstitucional":
        assert d is not None
        when = ""
        if ev.start and d.data and ev.start != d.data:
            when = f", com efeitos {'a partir' if ev.start > d.data else 'desde'} de {_long(ev.start)}"
        elif ev.start and not d.data:
            when = f", com efeitos desde {_long(ev.start)}"
        return Mark(ev, STRUCK if started else None,
                    f"Declarad{o} inconstitucional {d.on()}{when}{undated}")
    if ev.kind == "execucao-suspensa":
        assert d is not None
        when = f", a partir de {_long(ev.start)}" if ev.start and ev.start != d.data else ""
        return Mark(ev, EXECUTION_SUSPENDED if started else None, f"Execução suspensa {d.by()}{when}{undated}")
    if ev.kind == "sem-efeito":
        assert d is not None
        when = f", desde {_long(ev.start)}" if ev.start and ev.start != d.data else ""
        return Mark(ev, VOID if started else None, f"Tornad{o} sem efeito {d.by()}{when}{undated}")
    if ev.kind == "efeitos":
        assert ev.start is not None
        by = (f", conforme o {_cite(ev.source)}" if ev.source
              else f", conforme {'o' if _masculine(d.tipo) else 'a'} {d.named}" if d else "")
        if act_start and ev.start < act_start:
            return Mark(ev, None, f"Efeitos retroativos a {_long(ev.start)}{by}")
        if not started:
            return Mark(ev, NOT_YET, f"Produz efeitos a partir de {_long(ev.start)}{by}")
        return Mark(ev, None, f"Efeitos a partir de {_long(ev.start)}{by}")
    if ev.kind == "interpretacao-conforme":
        assert d is not None
        if not started:
            return None
        extra = f": {ev.note.strip().rstrip('.')}" if ev.note else ""
        return Mark(ev, None, f"Vide {d.name}: interpretação conforme a Constituição{extra}")
    return None


def _via_note(mark: Mark, via_label: str) -> Mark:
    """A carried event's note names the act whose wording it concerns: 'Suspensa por decisão
    liminar na ADI nº …, a Lei nº 135, de …'."""
    fem = _feminine_act(via_label)
    text = mark.note
    head, _, rest = text.partition(" ")
    if head.endswith(("o", "a")) and head[:-1] in ("Suspens", "Declarad", "Tornad"):
        head = head[:-1] + ("a" if fem else "o")
        text = f"{head} {rest}"
    article = "a" if fem else "o"
    return Mark(mark.event, mark.state, f"{text}, {article} {via_label}")


def _current_act(d: Dispositivo) -> str | None:
    """The act whose wording ``d`` has now (None: its original wording)."""
    hold = d.caput if d.kind is Kind.ARTIGO and d.caput is not None and d.caput.history and not d.history else d
    for v in reversed(hold.history):
        if v.event.kind != "pendente":
            return v.event.act_urn if v.event.kind not in ("original",) else None
    return None


def resolve(norma: Norma) -> Resolved:
    """The efficacy of every unit of ``norma`` (and of the act) on ``norma.as_of``."""
    on = norma.as_of
    events = known_on(norma.eficacia, on)
    out = Resolved(on)
    if not events:
        return out
    act_start = norma.vigencia or norma.publicacao or norma.data
    index = None
    for ev in events:
        if not ev.units:
            if ev.via_urn is not None:
                continue  # an amending act's whole-act event is carried unit by unit
            m = mark_of(ev, events, on, feminine=_feminine_act(norma.tipo), act_start=act_start)
            if m is not None:
                out.act_marks.append(m)
                out.act_state = _strongest(out.act_state, m.state)
            continue
        if index is None:
            index = norma.index()
        for uid in ev.units:
            node = index.get(uid)
            d = node if isinstance(node, Dispositivo) else None
            if ev.via_urn is not None and (d is None or _current_act(d) != ev.via_urn):
                continue
            m = mark_of(ev, events, on, feminine=_feminine_unit(d), act_start=act_start, unit_id=uid)
            if m is None:
                continue
            if ev.via_urn is not None and ev.via_label:
                m = _via_note(m, ev.via_label)
            u = out.units.setdefault(uid, UnitEfficacy())
            u.marks.append(m)
            u.state = _strongest(u.state, m.state)
    if index is not None and any(u.state for u in out.units.values()):
        _inherit(norma, out)
    return out


def _inherit(norma: Norma, out: Resolved) -> None:
    """Sub-units take the state of the unit an event names (a suspended artigo's incisos are
    suspended too)."""
    def walk(nodes, state: str | None) -> None:
        for n in nodes:
            own = out.units.get(n.id)
            here = _strongest(state, own.state if own else None)
            if here is not None and (own is None or own.state != here):
                if own is None:
                    out.units[n.id] = UnitEfficacy(here)
                else:
                    own.state = here
            walk(n.children, here)
    walk(norma.articulacao, None)


def in_effect(norma: Norma, unit_id: str) -> bool:
    """Whether ``unit_id`` applies on ``norma.as_of`` (text in force and no efficacy event
    stopping it)."""
    return resolve(norma).unit(unit_id).applies


def situacao_lexml(state: str | None, situacao: Situacao) -> str | None:
    """The LexML ``situacao`` of a unit whose wording is in force: 'suspenso' for every state
    that stops it on the date (LexML has no other word for a court's or a resolution's
    effect; the extension says which); None otherwise."""
    if situacao is not Situacao.VIGENTE or state is None:
        return None
    return "suspenso"
