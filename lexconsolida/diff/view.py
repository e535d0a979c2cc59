"""What each side of a row shows: one block per unit, label, marked text runs and notes.

Shared by the HTML, DOCX and plain-text outputs so all three show the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass

from lexconsolida.diff.report import Pair
from lexconsolida.diff.tokens import DELETE, EQUAL, INSERT, PARAGRAPH_BREAK
from lexconsolida.diff.units import Unit, normalize


@dataclass(frozen=True, slots=True)
class Run:
    kind: str
    """'=' plain, '-' deleted (old side), '+' inserted (new side)."""
    text: str


@dataclass(frozen=True, slots=True)
class Block:
    """One unit's text on one side of a row."""

    unit: Unit
    label: str
    """The label with its separator ('Art. 5º ')."""
    label_kind: str
    """'=' when the label did not change, else '-' (old side) or '+' (new side)."""
    runs: tuple[Run, ...]
    notes: tuple[str, ...]
    """Editorial notes, shown apart ('(Redação dada pela …)')."""

    @property
    def label_text(self) -> str:
        """The label without the space that follows it (marks stop before the space)."""
        return self.label.rstrip()

    @property
    def label_space(self) -> str:
        return self.label[len(self.label.rstrip()):]


def side_runs(pair: Pair, side: str) -> list[list[Run]]:
    """The runs of each unit of one side ('old' or 'new'), split at paragraph breaks."""
    skip = INSERT if side == "old" else DELETE
    units: list[list[Run]] = [[]]
    for op in pair.ops:
        if op.kind == skip:
            continue
        parts = op.text.split(PARAGRAPH_BREAK)
        for i, part in enumerate(parts):
            if i:
                units.append([])
            if part:
                units[-1].append(Run(op.kind, part))
    return units


def blocks(pair: Pair, side: str) -> list[Block]:
    units, others = (pair.old, pair.new) if side == "old" else (pair.new, pair.old)
    mark = DELETE if side == "old" else INSERT
    other_labels = {normalize(u.label) for u in others}
    runs = side_runs(pair, side)
    out = []
    for i, u in enumerate(units):
        label_kind = EQUAL if normalize(u.label) in other_labels else mark
        r = tuple(runs[i]) if i < len(runs) else ()
        out.append(Block(u, u.label, label_kind, r, tuple(n.text.strip() for n in u.notes)))
    return out
