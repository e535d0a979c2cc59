"""Reading sheets: what the tool did to a target norm, for a person to read against the
amending act (issue 23, item 5: read your own applications).

Run from the repository root::

    python bench/acervo_read.py --list                 # every applied pair, one per line
    python bench/acervo_read.py --sample 120 --seed 23 # a reproducible sample of applied pairs
    python bench/acervo_read.py ATO [ATO ...]          # the sheets of these amending acts

ATO is the act's path in the acervo (``leis-ordinarias/Lei-Ordinaria-2748-2007.txt``). For each
pair (amending act, target in the acervo) the tool applied on its own, the sheet gives: both
files (to read whole, in ``../shared``), the target's epígrafe, date and ementa as the tool read
them, the operations recognised (as ``amend --dry-run`` prints them), and a unified diff of the
target's text in force before and after the act (the acts of the same target that come before
it in date order applied first, as the acervo does). It prints what the tool did; it judges
nothing.
"""

from __future__ import annotations

import argparse
import collections
import difflib
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

import acervo_amend  # noqa: E402  (a sibling bench script, not a package)


def _survey(root: Path, workers: int):
    acts, pairs = acervo_amend.run_once(root, workers)
    return {a.rel: a for a in acts}, pairs


def _text(norma) -> list[str]:
    from lexconsolida.writers.text import render
    return render(norma, view="vigente").splitlines()


def sheet(root: Path, acts: dict, pairs, rel: str) -> str:
    from lexconsolida.errors import AmendmentError, LexError
    from lexconsolida.model import Event
    from lexconsolida.readers import read_file
    from lexconsolida.transforms.amend import apply

    out: list[str] = []
    mine = [p for p in pairs if p.act == rel]
    a = acts.get(rel)
    if a is None or not mine:
        return f"# {rel}: nenhum par (ato alterador, alvo no acervo)\n"
    for p in mine:
        target = f"acervo:{p.target}"
        out.append(f"# {rel} → {p.target}: {p.status}" + (f" ({p.why})" if p.why else ""))
        out.append(f"ato alterador: {root / rel}")
        out.append(f"alvo:          {root / p.target}")
        if p.status != "aplicado":
            out.append("")
            continue
        base = read_file(root / p.target).norma
        out.append(f"alvo lido:     {base.label} — data {base.data} — ementa: {' '.join((base.ementa or '').split())[:300]}")
        chain = sorted((b for b in acts.values() if target in b.targets and b.rel != p.target),
                       key=lambda b: (b.date or "", b.rel))
        out.append("cadeia do alvo (em ordem de data; sem data vem primeiro):")
        for b in chain:
            st = next((q.status for q in pairs if q.act == b.rel and q.target == p.target), "?")
            mark = "  ◀ este" if b.rel == rel else ""
            out.append(f"  {b.date or 'SEM DATA':10s} {st:13s} {b.rel}{mark}")
        out += _fates(root, a, target)
        for b in chain:
            ops = [o for o in b.ops if o.target_urn == target]
            ev = Event("redacao", f"acervo:{b.rel}", b.label, b.date)
            if b.rel == rel:
                before = _text(base)
                after_norma = apply(base, ops, ev)
                out.append(f"operações ({len(ops)}):")
                out += ["  " + line for o in ops for line in o.describe().splitlines()]
                diff = difflib.unified_diff(before, _text(after_norma), "antes", "depois", lineterm="", n=1)
                out.append("texto vigente, antes × depois:")
                out += ["  " + line for line in diff]
                break
            status = next((q.status for q in pairs if q.act == b.rel and q.target == p.target), None)
            if status == "aplicado":
                try:
                    base = apply(base, ops, ev)
                except (AmendmentError, LexError):
                    pass
        out.append("")
    return "\n".join(out) + "\n"


def _fates(root: Path, a, target: str) -> list[str]:
    """Every article of the amending act with what the tool made of it for this target (and
    the problems, warnings included, that concern it): nothing may be missing from the sheet."""
    from lexconsolida.errors import LexError
    from lexconsolida.readers import read_file
    try:
        norma = read_file(root / a.rel).norma
    except LexError:
        return []
    out = ["o que cada artigo do ato alterador deu (operações neste alvo / em outros; problemas):"]
    for art in norma.artigos():
        def mine(where):
            return where is not None and (where == art.id or where.startswith(art.id + "_"))
        here = sum(1 for o in a.ops if mine(o.where) and o.target_urn == target)
        elsewhere = sum(1 for o in a.ops if mine(o.where) and o.target_urn != target)
        probs = [p for p in a.problems if mine(p.where)]
        first = " ".join((art.head_text or "").split())[:90]
        out.append(f"  {art.id:8s} op. {here:2d} / {elsewhere:2d}  problemas {len(probs)}  | {first}")
        for p in probs:
            kind = "problema" if p.blocking else "aviso"
            out.append(f"      {kind} [{p.code}] {' '.join(p.message.split())[:160]}")
    general = [p for p in a.problems if p.where is None]
    for p in general:
        kind = "problema" if p.blocking else "aviso"
        out.append(f"  (ato)    {kind} [{p.code}] {' '.join(p.message.split())[:160]}")
    if any(o.kind == "revogacao_total" and o.target_urn == target for o in a.ops):
        out.append("  >>> revogação total do alvo (o texto vigente depois do ato é nenhum)")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("atos", nargs="*")
    ap.add_argument("--acervo", type=Path, default=acervo_amend.DEFAULT)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--list", action="store_true", help="lista os pares aplicados")
    ap.add_argument("--sample", type=int, help="amostra de N atos com par aplicado")
    ap.add_argument("--seed", type=int, default=23)
    args = ap.parse_args(argv)
    if not (args.acervo / "indice.csv").is_file():
        print(f"acervo não encontrado: {args.acervo}", file=sys.stderr)
        return 2
    acts, pairs = _survey(args.acervo, args.workers)
    applied = collections.OrderedDict((p.act, None) for p in pairs if p.status == "aplicado")
    if args.list:
        for p in pairs:
            if p.status == "aplicado":
                print(f"{p.act} -> {p.target}")
        return 0
    chosen = list(args.atos)
    if args.sample:
        pool = sorted(applied)
        chosen += sorted(random.Random(args.seed).sample(pool, min(args.sample, len(pool))))
    for rel in chosen:
        sys.stdout.write(sheet(args.acervo, acts, pairs, rel))
    return 0


if __name__ == "__main__":
    sys.exit(main())
