"""The DiffReport as JSON, and :func:`apply_ops`, which proves the operations are complete.

Every pair carries its status, the ids (with kind, rótulo and editorial notes) on both sides
and the token operations ``[kind, text]`` from the old note-free text to the new one. Applying
the operations to the old texts and putting back the new side's notes gives the new texts
exactly.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from lexconsolida.diff.report import STATUS_LABELS, DiffReport, Pair
from lexconsolida.diff.tokens import PARAGRAPH_BREAK, new_text, old_text, Op
from lexconsolida.diff.units import Note, Unit, join_notes, split_notes, texts
from lexconsolida.errors import InputError
from lexconsolida.model import Norma

FORMAT = "lexconsolida-diff"
VERSION = 1


def _unit(u: Unit) -> dict:
    return {
        "id": u.id,
        "kind": u.kind,
        "rotulo": u.rotulo,
        "notes": [{"at": n.at, "text": n.text} for n in u.notes],
    }


def pair_dict(p: Pair) -> dict:
    out = {
        "status": p.status,
        "anchor": p.anchor,
        "old": [_unit(u) for u in p.old],
        "new": [_unit(u) for u in p.new],
        "label_changed": p.label_changed,
        "ops": [[op.kind, op.text] for op in p.ops],
    }
    if p.middle:
        out["middle"] = [{"source": m.source, "text": m.text} for m in p.middle]
    return out


def to_dict(report: DiffReport) -> dict:
    return {
        "format": FORMAT,
        "version": VERSION,
        "old": {"titulo": report.old_title, "urn": report.old_urn},
        "new": {"titulo": report.new_title, "urn": report.new_urn, "data": report.date},
        "middle": {"titulo": report.middle_title} if report.middle_title else None,
        "paragraph_break": PARAGRAPH_BREAK,
        "status_labels": STATUS_LABELS,
        "counts": report.counts(),
        "pairs": [pair_dict(p) for p in report.pairs],
    }


def write(report: DiffReport, **_options) -> bytes:
    """UTF-8 JSON, keys in a fixed order, one pair per line (deterministic)."""
    data = to_dict(report)
    pairs = data.pop("pairs")
    head = json.dumps(data, ensure_ascii=False, indent=1)
    lines = ",\n".join("  " + json.dumps(p, ensure_ascii=False) for p in pairs)
    text = head[:-2] + ',\n "pairs": [\n' + lines + ("\n ]\n}\n" if pairs else " ]\n}\n")
    # U+2028/U+2029 are valid in JSON strings but break JavaScript parsers: escape them.
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029").encode("utf-8")


def _load(report_json: str | bytes | Mapping) -> Mapping:
    data = json.loads(report_json) if isinstance(report_json, (str, bytes)) else report_json
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise InputError("não é um relatório de diff do lexconsolida (campo 'format')")
    if data.get("version") != VERSION:
        raise InputError(f"versão de relatório de diff não suportada: {data.get('version')!r}")
    return data


def apply_ops(
    old: Norma | Mapping[str, str],
    report_json: str | bytes | Mapping,
) -> dict[str, str]:
    """The new texts (id → full own text, notes included) rebuilt from the old ones and the ops.

    ``old`` is the old Norma or its texts by id (``units.texts(norma)``). Raises
    :class:`InputError` when an operation does not match the old text it claims to edit.
    """
    data = _load(report_json)
    old_texts = texts(old) if isinstance(old, Norma) else old
    out: dict[str, str] = {}
    for i, pair in enumerate(data["pairs"]):
        ops = [Op(k, t) for k, t in pair["ops"]]
        olds = [u["id"] for u in pair["old"]]
        missing = [x for x in olds if x not in old_texts]
        if missing:
            raise InputError(f"par {i + 1}: dispositivo ausente do texto anterior", where=missing[0])
        expected = PARAGRAPH_BREAK.join(split_notes(old_texts[x])[0] for x in olds)
        if old_text(ops) != expected:
            where = olds[0] if olds else None
            raise InputError(f"par {i + 1}: as operações não correspondem ao texto anterior", where=where)
        news = pair["new"]
        pieces = new_text(ops).split(PARAGRAPH_BREAK) if news else []
        if news and len(pieces) != len(news):
            raise InputError(f"par {i + 1}: {len(pieces)} trechos para {len(news)} dispositivos",
                             where=news[0]["id"])
        for unit, body in zip(news, pieces):
            notes = [Note(n["at"], n["text"]) for n in unit["notes"]]
            out[unit["id"]] = join_notes(body, notes)
    return out


def ops_of(pair: Mapping) -> Sequence[Op]:
    return [Op(k, t) for k, t in pair["ops"]]
