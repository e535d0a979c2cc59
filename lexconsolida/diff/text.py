"""The diff as plain text for the terminal: one block per changed row.

Without colour, deletions read ``[-assim-]`` and insertions ``{+assim+}`` (as ``git diff
--word-diff`` prints them); with ``color=True`` (stdout is a TTY) they are red struck and green
underlined ANSI runs instead.
"""

from __future__ import annotations

from lexconsolida.diff.report import STATUS_LABELS, DiffReport, Pair
from lexconsolida.diff.tokens import DELETE, INSERT
from lexconsolida.diff.view import Block, blocks

_ANSI = {DELETE: ("\x1b[9;31m", "\x1b[0m"), INSERT: ("\x1b[4;32m", "\x1b[0m")}
_PLAIN = {DELETE: ("[-", "-]"), INSERT: ("{+", "+}")}


def _mark(kind: str, text: str, color: bool) -> str:
    if kind not in (DELETE, INSERT):
        return text
    start, end = (_ANSI if color else _PLAIN)[kind]
    return f"{start}{text}{end}"


def _block(b: Block, color: bool) -> str:
    label = _mark(b.label_kind, b.label, color) if b.label else ""
    text = "".join(_mark(r.kind, r.text, color) for r in b.runs)
    notes = "".join(f" {n}" for n in b.notes)
    return label + text + notes


def _row(pair: Pair, color: bool) -> list[str]:
    names = " + ".join(u.id for u in pair.old) or "—"
    news = " + ".join(u.id for u in pair.new) or "—"
    head = f"## {STATUS_LABELS[pair.status]}: {names} → {news}"
    lines = [head]
    if pair.status == "added":
        lines += [f"  + {_block(b, color)}" for b in blocks(pair, "new")]
    elif pair.status == "removed":
        lines += [f"  - {_block(b, color)}" for b in blocks(pair, "old")]
    else:
        lines += [f"  < {_block(b, color)}" for b in blocks(pair, "old")]
        lines += [f"  > {_block(b, color)}" for b in blocks(pair, "new")]
    for m in pair.middle:
        lines.append(f"  alteração ({m.source}): {m.text}")
    return lines


def render(report: DiffReport, *, color: bool = False, all_rows: bool = False) -> str:
    counts = ", ".join(f"{STATUS_LABELS[s]} {n}" for s, n in report.counts().items() if n)
    out = [
        "Quadro comparativo",
        f"{report.old_column}: {report.old_title}",
        f"{report.new_column}: {report.new_title}",
    ]
    if report.middle_title:
        out.insert(2, f"Alteração: {report.middle_title}")
    out += [f"Resumo: {counts or 'nenhuma linha'}", ""]
    for pair in report.pairs:
        if all_rows or pair.is_change:
            out += _row(pair, color)
    return "\n".join(out) + "\n"


def write(report: DiffReport, *, color: bool = False, **_options) -> bytes:
    return render(report, color=color).encode("utf-8")
