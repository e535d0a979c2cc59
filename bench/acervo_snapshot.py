"""Regression oracle for recognition and application: a snapshot of the dry run of every
amending act of the shared acervo, and the differences between two snapshots.

Run from the repository root::

    python bench/acervo_snapshot.py write [--out bench/snapshots/acervo-amend.json]
    python bench/acervo_snapshot.py compare [--snapshot bench/snapshots/acervo-amend.json] [--full]

``write`` runs :mod:`bench.acervo_amend` (the same reading, recognition, redirection and dry
run the bench counts) and records, for every act with operations or problems, what the tool
made of it — each operation's kind, target norm and unit, rótulo, new id and a digest of its
text; each problem's code, dispositivo and norm — and, for every pair (amending act, target in
the acervo), its status and reason. No text of the acervo is stored: a digest stands for each
wording (the texts stay in ``../shared``).

``compare`` runs the same dry run on the working tree and lists every act and every pair whose
record differs from the snapshot (an operation gained or lost, a problem gained or lost, a pair
whose status moved), with the instruction's text as printed, read live, so that each difference
can be explained in the commit that causes it. Exit 0 when nothing differs, 1 otherwise.
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

import acervo_amend  # noqa: E402  (a sibling bench script, not a package)

SNAPSHOT = ROOT / "bench" / "snapshots" / "acervo-amend.json"
FORMAT = 1


def _digest(text: str | None) -> str | None:
    if text is None:
        return None
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _op_record(o) -> dict:
    rec = {"kind": str(o.kind), "urn": o.target_urn, "id": o.target_id, "unit": o.unit_kind,
           "rotulo": o.rotulo, "text": _digest(o.text), "where": o.where}
    for name in ("new_id", "copy_of", "via"):
        value = getattr(o, name, None)
        if value:
            rec[name] = value
    if getattr(o, "keep", None) is not None:
        rec["keep"] = list(o.keep)
    if getattr(o, "complete", ()):
        rec["complete"] = [[k, list(ids)] for k, ids in o.complete]
    return rec


def _problem_record(p) -> dict:
    return {"code": p.code, "where": p.where, "blocking": p.blocking, "urn": p.target_urn}


def _line(o) -> str:
    return json.dumps(o, ensure_ascii=False, sort_keys=True)


def take(root: Path, workers: int) -> dict:
    acts, pairs = acervo_amend.run_once(root, workers)
    out_acts = {}
    for a in acts:
        if a.refused or not (a.ops or a.problems):
            continue
        out_acts[a.rel] = {"ops": [_op_record(o) for o in a.ops],
                           "problems": [_problem_record(p) for p in a.problems]}
    out_pairs = {f"{p.act} -> {p.target}": {"status": p.status, "why": p.why} for p in pairs}
    return {"format": FORMAT, "acts": dict(sorted(out_acts.items())),
            "pairs": dict(sorted(out_pairs.items())),
            "counts": dict(collections.Counter(p.status for p in pairs))}


def write(path: Path, snap: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    # one line per act and per pair: a diff of two snapshots reads act by act
    lines = ["{", f' "format": {FORMAT},', f' "counts": {json.dumps(snap["counts"], sort_keys=True)},']
    for name in ("acts", "pairs"):
        items = list(snap[name].items())
        lines.append(f' "{name}": {{')
        lines += [f"  {json.dumps(k, ensure_ascii=False)}: {_line(v)}" + ("," if i < len(items) - 1 else "")
                  for i, (k, v) in enumerate(items)]
        lines.append(" }," if name == "acts" else " }")
    lines.append("}")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    tmp.replace(path)


def _sources(root: Path, rel: str, wheres: set[str | None]) -> dict[str | None, str]:
    """The instruction's text as printed, for each dispositivo of the act named."""
    from lexconsolida.errors import LexError
    from lexconsolida.readers import read_file
    try:
        norma = read_file(root / rel).norma
    except LexError:
        return {}
    out: dict[str | None, str] = {}
    for d in norma.dispositivos():
        where = d.id[:-4] if d.id.endswith("_cpt") else d.id  # an instruction in a caput is reported at its artigo
        if where in wheres and d.text:
            out[where] = " ".join(d.text.split())[:300]
    return out


def compare(old: dict, new: dict, root: Path, full: bool) -> int:
    differ = 0
    moved = collections.Counter()
    for key in sorted(set(old["pairs"]) | set(new["pairs"])):
        a, b = old["pairs"].get(key), new["pairs"].get(key)
        if a != b:
            sa = a["status"] if a else "—"
            sb = b["status"] if b else "—"
            if sa != sb or full:
                moved[(sa, sb)] += 1
                print(f"[par] {key}: {sa} → {sb}" + (f" ({b['why']})" if b and b["why"] else ""))
                differ += 1
    for rel in sorted(set(old["acts"]) | set(new["acts"])):
        a = old["acts"].get(rel, {"ops": [], "problems": []})
        b = new["acts"].get(rel, {"ops": [], "problems": []})
        if a == b:
            continue
        differ += 1
        lost_ops = collections.Counter(map(_line, a["ops"])) - collections.Counter(map(_line, b["ops"]))
        new_ops = collections.Counter(map(_line, b["ops"])) - collections.Counter(map(_line, a["ops"]))
        lost_pr = collections.Counter(map(_line, a["problems"])) - collections.Counter(map(_line, b["problems"]))
        new_pr = collections.Counter(map(_line, b["problems"])) - collections.Counter(map(_line, a["problems"]))
        print(f"[ato] {rel}: operações −{sum(lost_ops.values())} +{sum(new_ops.values())}, "
              f"problemas −{sum(lost_pr.values())} +{sum(new_pr.values())}")
        if not full:
            continue
        wheres = {json.loads(x).get("where") for x in (*lost_ops, *new_ops, *lost_pr, *new_pr)}
        texts = _sources(root, rel, wheres)
        for sign, bag in (("−", lost_ops), ("+", new_ops), ("−", lost_pr), ("+", new_pr)):
            for x in sorted(bag):
                print(f"    {sign} {x}")
        for w, t in sorted(texts.items(), key=lambda kv: str(kv[0])):
            print(f"    {w}: {t}")
    print(f"contagens antes: {old.get('counts')}; agora: {new.get('counts')}")
    for (sa, sb), n in sorted(moved.items()):
        print(f"  pares {sa} → {sb}: {n}")
    print(f"diferenças: {differ}")
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    w = sub.add_parser("write", help="grava o instantâneo do ensaio do acervo")
    w.add_argument("--out", type=Path, default=SNAPSHOT)
    c = sub.add_parser("compare", help="compara o ensaio de agora com o instantâneo")
    c.add_argument("--snapshot", type=Path, default=SNAPSHOT)
    c.add_argument("--full", action="store_true", help="lista cada operação e problema que mudou, com o texto")
    for p in (w, c):
        p.add_argument("--acervo", type=Path, default=acervo_amend.DEFAULT)
        p.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    if not (args.acervo / "indice.csv").is_file():
        print(f"acervo não encontrado: {args.acervo}", file=sys.stderr)
        return 2
    snap = take(args.acervo, args.workers)
    if args.cmd == "write":
        write(args.out, snap)
        print(f"instantâneo gravado em {args.out}: {len(snap['acts'])} atos, {len(snap['pairs'])} pares, "
              f"{snap['counts']}")
        return 0
    old = json.loads(args.snapshot.read_text(encoding="utf-8"))
    return compare(old, snap, args.acervo, args.full)


if __name__ == "__main__":
    sys.exit(main())
