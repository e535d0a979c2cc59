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

from dataclasses import dataclass, field, replace

from lexconsolida.model.efficacy_events import (
    EXECUTION_SUSPENDED,
    NOT_YET,
    STATE_LABELS,
    STATES,
    STRUCK,
    SUSPENDED,
    VOID,
    CLOSES_LIMINAR,
    COURT_KINDS,
    FALLS,
    KIND_TITLES,
    KINDS,
    UNDATED_PHRASES,
    Decision,
    Efficacy,
    _long,
    _masculine,
    check_date,
    structural_problems,
)
from lexconsolida.model.ids import citation_parts
from lexconsolida.model.nodes import Dispositivo, Kind, Norma, Situacao

__all__ = ["EXECUTION_SUSPENDED", "NOT_YET", "STRUCK", "SUSPENDED", "VOID", "CLOSES_LIMINAR", "COURT_KINDS", "FALLS", "KIND_TITLES", "KINDS", "STATES", "STATE_LABELS",
           "Decision", "Efficacy", "Mark", "Resolved", "UnitEfficacy", "check_date", "current_act", "feminine_act",
           "in_effect", "known_on", "mark_of", "resolve", "situacao_lexml", "structural_problems"]

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
    events: list[Efficacy] = field(default_factory=list)
    """Every event counted on the date (decided by then)."""
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
        return sorted(self.events, key=lambda e: (e.known or e.recorded or "", e.effective or "", e.kind))

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


def feminine_act(tipo: str | None) -> bool:
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
    fem = feminine_act(via_label)
    text = mark.note
    head, _, rest = text.partition(" ")
    if head.endswith(("o", "a")) and head[:-1] in ("Suspens", "Declarad", "Tornad"):
        head = head[:-1] + ("a" if fem else "o")
        text = f"{head} {rest}"
    article = "a" if fem else "o"
    return Mark(mark.event, mark.state, f"{text}, {article} {via_label}")


def current_act(d: Dispositivo) -> str | None:
    """The act whose wording ``d`` has now (None: its original wording)."""
    # an artigo's wording lives on its caput (see model.history)
    hold = d.caput if d.kind is Kind.ARTIGO and d.caput is not None and d.caput.history and not d.history else d
    for v in reversed(hold.history):
        if v.event.kind != "pendente":
            return v.event.act_urn if v.event.kind not in ("original",) else None
    return None


def resolve(norma: Norma) -> Resolved:
    """The efficacy of every unit of ``norma`` (and of the act) on ``norma.as_of``."""
    on = norma.as_of
    events = known_on(norma.eficacia, on)
    out = Resolved(on, events)
    if not events:
        return out
    act_start = norma.vigencia or norma.publicacao or norma.data
    index = None
    for ev in events:
        if not ev.units:
            if ev.via_urn is not None:
                continue  # an amending act's whole-act event is carried unit by unit
            m = mark_of(ev, events, on, feminine=feminine_act(norma.tipo), act_start=act_start)
            if m is not None:
                out.act_marks.append(m)
                out.act_state = _strongest(out.act_state, m.state)
            continue
        if index is None:
            index = norma.index()
        for uid in ev.units:
            node = index.get(uid)
            d = node if isinstance(node, Dispositivo) else None
            if ev.via_urn is not None and (d is None or current_act(d) != ev.via_urn):
                continue
            m = mark_of(ev, events, on, feminine=_feminine_unit(d), act_start=act_start, unit_id=uid)
            if m is None:
                continue
            if ev.via_label:
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


ACT_STATUS = {
    SUSPENDED: ("suspensa", "suspens{a}"), EXECUTION_SUSPENDED: ("suspensa", "com a execução suspensa"),
    STRUCK: ("inconstitucional", "declarad{a} inconstitucional"), VOID: ("sem-efeito", "tornad{a} sem efeito"),
    NOT_YET: ("efeitos-futuros", "ainda sem produzir efeitos"),
}
"""A whole act's efficacy state → (status code, label with the act's gender) for
:func:`lexconsolida.model.status.status_of`."""


def act_status(norma: Norma, on: str | None) -> tuple[str, str, str] | None:
    """(code, label, notice) of the act as a whole on ``on`` (None: its ``as_of``) when an
    efficacy event stops it — a liminar, a declaration in effect, a suspended execution, a voided
    act, effects not started —; None otherwise."""
    if not norma.eficacia:
        return None
    resolved = resolve(norma if on is None or on == norma.as_of else replace(norma, as_of=on))
    if resolved.act_state is None:
        return None
    code, label = ACT_STATUS[resolved.act_state]
    a = "a" if feminine_act(norma.tipo) else "o"
    label = label.format(a=a)
    notes = "; ".join(m.note[0].lower() + m.note[1:] for m in resolved.act_marks if m.state)
    kind = (norma.tipo or "Documento").strip()
    until = " enquanto durar a suspensão" if code == "suspensa" else ""
    return code, label, f"{kind} {notes}: o texto abaixo não se aplica{until}."


WHOLE_ACT = "o ato inteiro"
"""The key :func:`struck_units` gives a whole act struck or made void."""


def struck_units(norma: Norma, label: str) -> tuple[dict[str, str], list[str]]:
    """For a consolidation or its audit, a source (cut at its date): the units a court struck
    or that were made void on that date, with their sub-units (→ the note that says so; ``""``
    → :data:`WHOLE_ACT` for the whole act), and one sentence per efficacy note of that date
    for the reviewer ('Lei nº …, art. 4º, inciso III: Suspenso por decisão liminar …')."""
    if not norma.eficacia:
        return {}, []
    resolved = resolve(norma)
    struck: dict[str, str] = {}
    notes: list[str] = []
    for m in resolved.act_marks:
        notes.append(f"{label}: {m.note}")
        if m.state in (STRUCK, VOID):
            struck[""] = WHOLE_ACT
    index = norma.index()
    for uid, u in resolved.units.items():
        node = index.get(uid)
        if node is None:
            continue
        for m in u.marks:
            notes.append(f"{label}, {_cite(uid)}: {m.note}")
            if m.state in (STRUCK, VOID):
                for sub in node.walk():
                    struck.setdefault(sub.id, m.note if sub is node else f"dentro de {_cite(uid)}: {m.note}")
    return struck, notes


def settled(norma: Norma) -> list[Efficacy]:
    """``norma``'s events with those carried from an amending act kept only for the units whose
    wording that act still gives, and no longer tied to it (``via_urn`` None; ``via_label``
    stays for the note): for a tree about to lose its histories (the text in force only),
    where the tie could no longer be checked."""
    index = None
    out = []
    for ev in norma.eficacia:
        if ev.via_urn is None:
            out.append(ev)
            continue
        index = index if index is not None else norma.index()
        units = tuple(u for u in ev.units if isinstance(d := index.get(u), Dispositivo)
                      and current_act(d) == ev.via_urn)
        if units:
            out.append(replace(ev, units=units, via_urn=None))
    return out
