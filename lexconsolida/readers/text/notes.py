"""Rule ``editorial_notes``: the notes a compiled text carries become history, not text.

A compiled text (a Lei Orgânica kept up to date by the Câmara, a consolidation from a website)
prints, after a unit's wording, where the wording came from: '(Redação dada pela Lei nº
7/2021)', '(INCISO X, ACRESCENTADO PELA EMENDA Nº 30/2007)', '(Incluído pela …)', '(Revogado
pela …)'. Such a note at the end of a unit is taken out of its text and becomes the unit's
history: one version, whose event names the act as the note prints it (no date: the note does
not give one). A revocation note leaves the unit revoked.

The struck old wording, kept as a plain unit just before the new one with the same printed
label ('Art. 5º Texto antigo.' / 'Art. 5º Texto novo. (Redação dada pela …)'), is the earlier
version of that unit, not a unit of its own: it is folded into the new one's history (only when
it has no units of its own, else the duplicate stays for the numbering rule to report).
Each note is reported (``nota-editorial``, info) with its line: nothing is lost silently.
Runs on the act's own articulação, before numbering; quoted blocks of an amending act are
left alone (their notes are the amending act's text).
"""

from __future__ import annotations

import re

from lexconsolida import patterns
from lexconsolida.model import Agrupador, Diagnostic, Dispositivo, Event, Kind, Severity, Situacao, Version
from lexconsolida.readers.text.state import TextState

_NOTE = patterns.compile(
    r"""\(\s*(?P<body>(?:[^()]{1,60}?,\s*)?
        (?P<verb>reda[çc][ãa]o\s+dada|acrescentad[oa]s?|acrescid[oa]s?|inclu[íi]d[oa]s?|inserid[oa]s?|
           renumerad[oa]s?|revogad[oa]s?|suprimid[oa]s?|(?<=,\s)alterad[oa]s?|(?<=,\s)modificad[oa]s?)
        \s+(?:pel[oa]s?|por)\s+(?P<act>[^()]{3,120}?))\s*\)\s*[.;:,]?\s*$""",
    re.IGNORECASE | re.VERBOSE,
)
"""A note at the very end of a unit's text ('(Redação dada pela Lei nº 7/2021)'). 'Alterado pela'
counts only after the unit it speaks of ('(INCISO X, ALTERADO PELA …)'): '… a Lei nº 100
(alterada pela Lei nº 200).' is about the law cited, not a note on the unit."""
_ACT = patterns.compile(r"\b(?:lei|emenda|decreto|resolu[çc][ãa]o|ato|portaria|medida)\b", re.IGNORECASE)
"""The note must name an act ('pela Emenda nº 30/2007'), not a person or an organ."""

_KIND = (("reda", "redacao"), ("alter", "redacao"), ("modif", "redacao"), ("renum", "renumeracao"),
         ("revog", "revogacao"), ("supri", "revogacao"))


def _event_kind(verb: str) -> str:
    v = verb.lower()
    return next((k for prefix, k in _KIND if v.startswith(prefix)), "inclusao")


def split_note(text: str) -> tuple[str, str, str, str] | None:
    """(text without the note, note as printed, event kind, act as the note names it), or None."""
    m = _NOTE.search(text)
    if m is None or not _ACT.search(m.group("act")):
        return None
    act = " ".join(m.group("act").split()).rstrip(".;, ")
    note = " ".join(m.group(0).split()).rstrip(".;:, ")
    return text[: m.start()].rstrip(), note, _event_kind(m.group("verb")), act


def _holder(d: Dispositivo) -> Dispositivo:
    return d.caput if d.kind is Kind.ARTIGO and d.caput is not None else d


def _own_units(d: Dispositivo) -> list[Dispositivo]:
    return [c for c in d.children if c.kind is not Kind.CAPUT]


def editorial_notes(state: TextState) -> None:
    _siblings(state, state.norma.articulacao)


def _siblings(state: TextState, nodes: list) -> None:
    for n in nodes:
        if isinstance(n, Agrupador):
            _siblings(state, n.children)
        else:
            _siblings(state, n.children)
            if n.kind is not Kind.ARTIGO:
                _take_note(state, n)
    _fold_struck(state, nodes)


def _take_note(state: TextState, d: Dispositivo) -> None:
    """The trailing note of ``d``'s own text (an artigo's note sits in its caput) → history."""
    found = split_note(d.text) if d.text else None
    if found is None or d.history:
        return
    text, note, kind, act = found
    situacao = Situacao.REVOGADO if kind == "revogacao" else Situacao.VIGENTE
    d.text = text
    d.history = [Version(text, Event(kind, None, act, None, note), None, None, situacao, None)]
    d.situacao = situacao
    state.diagnostics.append(Diagnostic(
        "nota-editorial", f"nota do texto compilado passada ao histórico: {note}", Severity.INFO,
        line=_last_line(d), where=d.id or None, before=note))


def _last_line(d: Dispositivo) -> int | None:
    return d.lines[1] if d.lines else None


def _is_note_history(history: list[Version]) -> bool:
    """No history, or one built here from notes (an earlier fold in a chain of wordings)."""
    return all(v.event.act_urn is None for v in history)


def _fold_struck(state: TextState, nodes: list) -> None:
    """'Art. 5º Texto antigo.' followed by 'Art. 5º Texto novo. (Redação dada pela …)': the
    first is the earlier wording of the second."""
    i = 1
    while i < len(nodes):
        old, new = nodes[i - 1], nodes[i]
        if (isinstance(old, Dispositivo) and isinstance(new, Dispositivo) and old.kind is new.kind
                and old.kind is not Kind.CAPUT and old.rotulo and old.rotulo == new.rotulo
                and not _own_units(old) and _is_note_history(_holder(old).history)
                and len(_holder(new).history) == 1 and _holder(new).history[0].event.kind == "redacao"):
            h_old, h_new = _holder(old), _holder(new)
            earlier = h_old.history or [Version(h_old.text, Event("original"), None, None, Situacao.VIGENTE, None)]
            h_new.history[:0] = earlier  # a chain: original, redação dada pela A, redação dada pela B
            if new.lines and old.lines:
                new.lines = (old.lines[0], new.lines[1])
            state.diagnostics.append(Diagnostic(
                "nota-editorial", f"redação anterior de {new.rotulo}, impressa antes da nova, passada ao "
                "histórico", Severity.INFO, line=old.lines[0] if old.lines else None,
                where=new.id or None, before=h_old.text))
            del nodes[i - 1]
            continue
        i += 1
