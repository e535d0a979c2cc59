"""What a consolidation reads and produces: its sources, the correspondence table, the edits
it made and the citations it could not carry over. Plain data, shared by the engine, the
citation rewriting, the reports and the outputs."""

from __future__ import annotations

from dataclasses import dataclass, field

from lexconsolida.consolidation.spec import Spec
from lexconsolida.model import Norma


@dataclass(slots=True)
class SourceAct:
    """A source act as the consolidation sees it."""

    alias: str
    urn: str | None
    label: str
    """Citation form: 'Lei nº 2.217, de 3 de julho de 2001'."""
    data: str | None
    norma: Norma
    """The act as in force on the spec's date (point in time already applied)."""
    problems: list[str] = field(default_factory=list)
    """Unresolved amendment problems: a consolidation refuses to run while any is left."""
    decisions: list[str] = field(default_factory=list)
    """Human decisions recorded in the corpus and applied (non-textual alterations …)."""
    amenders: list["Amender"] = field(default_factory=list)
    """The acts whose amendments are in ``norma``: revoked with it, their content absorbed."""
    struck: dict[str, str] = field(default_factory=dict)
    """Units a court declared unconstitutional (or that were made void) with effect on the
    spec's date, with their sub-units → why: never carried into the consolidation as valid."""
    efficacy: list[str] = field(default_factory=list)
    """What the reviewer must know of the source's efficacy on that date: units suspended by a
    liminar, struck, not yet producing effects, decisions noted (Portuguese)."""


@dataclass(slots=True)
class Amender:
    """An act that amended a source: the consolidation revokes it too (its amendments now live
    in the consolidated text), so any provision of its own must be looked at."""

    urn: str
    label: str
    data: str | None
    autonomous: list[tuple[str, str]] = field(default_factory=list)
    """(citation, text) of its units that are not amending instructions nor final clauses:
    content that would stop being in force unless the consolidation takes it in."""


@dataclass(slots=True)
class Row:
    """One line of the correspondence table: a source unit and what became of it."""

    alias: str
    source_label: str
    source_id: str
    source_rotulo: str | None
    source_text: str
    status: str
    """'incluido', 'fundido' (merged into the new final clauses) or 'descartado'."""
    new_id: str | None = None
    new_rotulo: str | None = None
    new_text: str | None = None
    reason: str | None = None


@dataclass(slots=True)
class AppliedEdit:
    """An editorial change applied at one place (LC 95 art. 13, § 2º)."""

    new_id: str
    kind: str
    """'substituicao' (from the spec) or 'remissao' (a citation renumbered)."""
    before: str
    after: str
    motivo: str
    start: int | None = None
    """For a citation: its offset in the source unit's text (edits replay from the end)."""


@dataclass(slots=True)
class Consolidation:
    spec: Spec
    norma: Norma
    rows: list[Row]
    edits: list[AppliedEdit]
    sources: list[SourceAct]
    findings: dict = field(default_factory=dict)
    """Review findings filled by ``analysis``: near duplicates, conflicts, external citations."""


@dataclass(slots=True)
class BrokenCitation:
    new_id: str
    text: str
    reason: str
