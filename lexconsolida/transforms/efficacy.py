"""What an amending act's efficacy does to the norm it changed (a pure transform).

An amending act B changed units of a norm N. What happens to B afterwards reaches N:

- B (or the instruction that made a change) **suspended** by a liminar, its **execution
  suspended**, or **interpreted** by a court: N's units whose wording B gave carry the event
  (``Norma.eficacia`` with ``via_urn`` = B), and show it while their wording is still B's;
- B **declared unconstitutional** or **made void** (:data:`~lexconsolida.model.efficacy.FALLS`):
  its changes fall, and each unit of N whose wording B gave gets back, from the date the
  decision has effect (never before the decision: a compiled text of an earlier date stays as
  it was known then), the wording it had before B — a new version in its history, noted
  "Redação restabelecida: …". A unit B had included is not removed: it carries the event,
  which marks it as struck. A unit that another act changed after B keeps that act's wording.
- B **revoked** by another act C: nothing changes in N — a revocation of an amending act does
  not bring back what it had replaced (no repristination, LINDB, art. 2º, § 3º) — unless C says
  so expressly (``repristina = true`` on C's relation; :func:`restore` with C as the reason).
"""

from __future__ import annotations

from dataclasses import replace

from lexconsolida.model import Dispositivo, Event, Norma, Situacao, Version
from lexconsolida.model.efficacy import FALLS, Efficacy, feminine_act
from lexconsolida.model.nodes import EMENTA_ID
from lexconsolida.transforms.amend import clone

RESTORED = "restabelecida"
"""``Event.kind`` of a wording back because the act that replaced it fell (court, voided)."""
REPRISTINATED = "repristinacao"
"""``Event.kind`` of a wording back because an act revoking the amending act said so."""


def _targets(ops, units: tuple[str, ...]) -> set[str] | None:
    """N's unit ids the instructions of B within ``units`` (B's ids; () = all) changed; None
    for all of them."""
    if not units:
        return None
    out: set[str] = set()
    for op in ops:
        where = op.where or ""
        if where and any(where == u or where.startswith(u + "_") or u.startswith(where + "_") for u in units):
            for t in (op.target_id, op.new_id):
                if t:
                    out.add(t)
    return out


def _in(uid: str, targets: set[str] | None) -> bool:
    if targets is None:
        return True
    return any(uid == t or uid.startswith(t + "_") for t in targets)


def _touched(norma: Norma, act_urn: str,
             targets: set[str] | None) -> list[tuple[str, list[Version], Dispositivo | None]]:
    """(id, history, node or None for the ementa) of every unit with a version by ``act_urn``
    within ``targets``."""
    out: list[tuple[str, list[Version], Dispositivo | None]] = []
    if any(v.event.act_urn == act_urn for v in norma.ementa_history) and _in(EMENTA_ID, targets):
        out.append((EMENTA_ID, norma.ementa_history, None))
    for node in norma.walk():
        if isinstance(node, Dispositivo) and _in(node.id, targets) and \
                any(v.event.act_urn == act_urn and v.event.kind != "pendente" for v in node.history):
            out.append((node.id, node.history, node))
    return out


def _whole_artigo(norma: Norma, uid: str, act_urn: str) -> str:
    """An artigo the act included keeps its wording's history on its caput: the event is the
    artigo's (its parágrafos too), not only its caput's."""
    if not uid.endswith("_cpt"):
        return uid
    cap = norma.find(uid)
    first = next((v for v in cap.history if v.event.kind != "pendente"), None) if cap is not None else None
    if first is not None and first.event.kind == "inclusao" and first.event.act_urn == act_urn:
        return uid[:-4]
    return uid


def _top(ids: list[str]) -> tuple[str, ...]:
    """The ids not under another of them (an event on a unit covers its sub-units)."""
    keep = [i for i in dict.fromkeys(ids) if not any(i != j and i.startswith(j + "_") for j in ids)]
    return tuple(keep)


def carry(norma: Norma, act_urn: str, act_label: str, ops, events: list[Efficacy]) -> Norma:
    """``norma`` (N) with the efficacy ``events`` of the amending act ``act_urn`` (B), whose
    operations on N were ``ops``, carried to the units B changed, and B's changes undone from
    the date each event that makes them fall has effect (see the module's docstring)."""
    own = [e for e in events if e.via_urn is None and e.kind != "efeitos"]
    if not own:
        return norma
    out = clone(norma)
    for ev in own:
        targets = _targets(ops, ev.units)
        touched = _touched(out, act_urn, targets)
        ids = [_whole_artigo(out, uid, act_urn) for uid, _, _ in touched if uid != EMENTA_ID]
        if ids:
            out.eficacia.append(replace(ev, units=_top(ids), via_urn=act_urn, via_label=act_label))
        if ev.kind in FALLS and ev.decision is not None:
            when = _restoration_date(ev)
            if when is None:
                continue
            verb = ("declarada inconstitucional" if ev.kind == "inconstitucional" else "tornada sem efeito")
            if not feminine_act(act_label):
                verb = verb[:-1] + "o"
            reason = f"{act_label}, {verb} {ev.decision.on()}"
            event = Event(RESTORED, ev.decision.urn, ev.decision.named, when, reason)
            _restore(out, act_urn, touched, when, event)
    return out


def _restoration_date(ev: Efficacy) -> str | None:
    """From when the prior wording is back: when the decision has effect, never before it was
    decided (an earlier compiled text stays as it was known then)."""
    assert ev.decision is not None
    known = ev.decision.data or ev.recorded
    effective = ev.effective
    if known is None or effective is None:
        return None
    return max(known, effective)


def repristinate(norma: Norma, act_urn: str, revoking_urn: str, revoking_label: str, when: str,
                 amending_label: str) -> Norma:
    """``norma`` with the wordings the amending act ``act_urn`` replaced back from ``when``,
    because the act that revoked it (``revoking_urn``) said so expressly."""
    out = clone(norma)
    touched = _touched(out, act_urn, None)
    by = "pela" if feminine_act(revoking_label) else "pelo"
    article = "a" if feminine_act(amending_label) else "o"
    event = Event(REPRISTINATED, revoking_urn, revoking_label, when,
                  f"repristinação expressa {by} {revoking_label}, que revogou {article} {amending_label}")
    _restore(out, act_urn, touched, when, event)
    return out


def _restore(norma: Norma, act_urn: str, touched, when: str, event: Event) -> None:
    for uid, history, node in touched:
        i = _current_by(history, act_urn, when)
        if i is None:
            continue
        prior = _prior(history, i)
        if prior is None:
            continue  # included by the act: it carries the event (struck), nothing to restore
        v = history[i]
        back = Version(prior.text, event, when, v.end, prior.situacao, prior.rotulo or v.rotulo)
        v.end = when
        history.insert(i + 1, back)
        if history[-1] is back:
            if node is None:
                norma.ementa = back.text
            else:
                node.text, node.situacao = back.text, back.situacao
    _revocations(norma, act_urn, when, event)


def _current_by(history: list[Version], act_urn: str, when: str) -> int | None:
    """Index of the version by ``act_urn`` that is the wording in force on ``when``."""
    for i, v in enumerate(history):
        if v.event.kind == "pendente" or v.event.act_urn != act_urn:
            continue
        if (v.start or "") <= when and (v.end is None or v.end > when):
            return i
    return None


def _prior(history: list[Version], i: int) -> Version | None:
    for v in reversed(history[:i]):
        if v.event.kind != "pendente":
            return v
    return None


def _revocations(norma: Norma, act_urn: str, when: str, event: Event) -> None:
    """A whole-act revocation by the act that fell is undone from ``when``."""
    if any(e.kind == "revogacao" and e.act_urn == act_urn for e in norma.events):
        norma.events.append(Event(event.kind, event.act_urn, event.act_label, when, event.note))
        if norma.situacao is Situacao.REVOGADO and not _revoked_after(norma, when, act_urn):
            norma.situacao = Situacao.VIGENTE


def _revoked_after(norma: Norma, when: str, act_urn: str) -> bool:
    return any(e.kind == "revogacao" and e.act_urn != act_urn and (e.date or "") >= when for e in norma.events)
