"""How a dispositivo's history reads, for every writer of compiled texts.

Convention (shared by amend, point-in-time and all writers):
- ``Dispositivo.history`` is empty when the unit was never changed (its ``text`` is the
  original wording). Otherwise it lists every wording oldest first, the current one last, so
  ``history[-1].text == dispositivo.text`` and ``history[-1].situacao == dispositivo.situacao``.
- A revoked unit keeps its number and its last wording in ``text``; ``situacao`` is REVOGADO
  and the last Version's event is the revocation.
- The compiled view ("texto compilado", as Planalto prints it) shows every superseded wording
  struck through, each followed by its note, then the wording in force with its note.
"""

from __future__ import annotations

from dataclasses import dataclass

from lexconsolida.model.nodes import Dispositivo, Norma, Situacao, Version


STRUCK_MARK = "[sem vigor]"
"""Prefix of a superseded wording in the plain-text compiled view (the Markdown reader reads it
back)."""


@dataclass(slots=True, frozen=True)
class Entry:
    """One line of the compiled view of a dispositivo."""

    text: str
    """The wording (own text, no label)."""
    rotulo: str | None
    """The label to print with it."""
    struck: bool
    """True for a superseded wording (or a revoked unit's last wording)."""
    note: str | None
    """'(Redação dada pela Lei nº …)' etc., without parentheses; None for the original."""
    marks: tuple[str, ...] = ()
    """Efficacy notes on the wording in force ('Suspenso por decisão liminar na ADI nº …',
    :mod:`lexconsolida.model.efficacy`), without parentheses, each printed after ``note``."""


def marked(entries: list[Entry], marks: list[str]) -> list[Entry]:
    """``entries`` with the efficacy ``marks`` on the wording in force (the last one not struck;
    the last one when all are): every output prints them after that wording's note."""
    if not marks or not entries:
        return entries
    at = next((i for i in range(len(entries) - 1, -1, -1) if not entries[i].struck), len(entries) - 1)
    e = entries[at]
    return entries[:at] + [Entry(e.text, e.rotulo, e.struck, e.note, e.marks + tuple(marks))] + entries[at + 1:]


def compiled_entries(d: Dispositivo) -> list[Entry]:
    """The compiled-view lines of ``d`` (its own text only; children are separate)."""
    if not d.history:
        return [Entry(d.head_text, d.rotulo, d.situacao is not Situacao.VIGENTE, None)]
    return _history_entries(d.history, d.rotulo)


def ementa_entries(norma: Norma) -> list[Entry]:
    """The compiled-view lines of the act's ementa: superseded wordings struck, each with the
    note of the act that replaced it, the wording in force last ('Redação dada pela …')."""
    if not norma.ementa_history:
        return [Entry(norma.ementa, None, False, None)] if norma.ementa else []
    return _history_entries(norma.ementa_history, None)


def ementa_lines(norma: Norma, view: str, notes: bool = True) -> list[Entry]:
    """The ementa's lines for ``view`` in every output: in the text in force, the ementa (with
    the note of the act that gave it its wording, unless ``notes`` is False, as in plain text
    where no unit in force carries notes); in the compiled text, every earlier wording struck,
    each with its note, the one in force last."""
    if not norma.ementa:
        return []
    if view == "compilado":
        return ementa_entries(norma)
    return [Entry(norma.ementa, None, False, ementa_note(norma) if notes else None)]


def ementa_note(norma: Norma) -> str | None:
    """The note of the ementa in force ('Redação dada pela Lei nº …'); None when an amending
    act never changed it (a pending instruction is noted too)."""
    for v in reversed(norma.ementa_history):
        if v.event.kind != "original":
            return v.event.nota()
        break
    return None


def _history_entries(history: list[Version], own_rotulo: str | None) -> list[Entry]:
    out: list[Entry] = []
    # a 'pendente' version (an instruction waiting for a decision) does not supersede the wording
    last = max((i for i, v in enumerate(history) if v.event.kind != "pendente"), default=0)
    for i, v in enumerate(history):
        rotulo = v.rotulo or own_rotulo
        note = None if v.event.kind == "original" else v.event.nota()
        if v.event.kind == "pendente":
            # the wording does not change: a note under the unit, nothing struck
            out.append(Entry("", rotulo, False, note))
            continue
        if v.situacao is Situacao.REVOGADO:
            # The revocation: the last wording struck, with the note.
            if out and not out[-1].struck:
                prev = out.pop()
                out.append(Entry(prev.text, prev.rotulo, True, prev.note))
            out.append(Entry("", rotulo, False, note))
            continue
        out.append(Entry(v.text, rotulo, i < last, note))
    return out


def entries_for(d: Dispositivo) -> list[Entry]:
    """Compiled-view lines of a dispositivo; an artigo's wording may live on its caput."""
    cap = d.caput
    if d.history or cap is None or not cap.history:
        return compiled_entries(d)
    return [
        Entry(e.text, e.rotulo or d.rotulo, e.struck, e.note) for e in compiled_entries(cap)
    ]
