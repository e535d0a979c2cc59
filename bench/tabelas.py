"""Tables of the Feira de Santana acervo (issue 39): how many the reader reads, in which form,
how many it leaves as text (``tabela-incerta``), and a fixed sample of 30 to read by hand
(``--amostra``: prints each one's source lines and the cells read). Also counts the table
instructions the recogniser finds in the acervo's acts.

    python bench/tabelas.py [--amostra 30] [--semente 39]
    python bench/tabelas.py --instrucoes [--workers 2]

``--instrucoes`` runs the acervo's dry run (``bench/acervo_amend.py``: every amending act on its
targets in date order, through the precision gates) and lists every table instruction — a
dispositivo with a table operation or a table problem (``instrucao-de-tabela``,
``tabela-nao-lida``) — as applied (its pair applied) or held (with why). Each applied one must
have a verdict in ``bench/leitura/tabelas.tsv`` (read by hand against the amending act): the
target is "every applied table instruction read" (OK/FALHOU).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

from lexconsolida.amendments.recognise import recognise
from lexconsolida.model.operations import TABLE_KINDS
from lexconsolida.model.tables import tables_of
from lexconsolida.readers.text import read
from lexconsolida.readers.text.tables import find_blocks


TABLE_PROBLEMS = ("instrucao-de-tabela", "tabela-nao-lida")


def instructions(workers: int) -> int:
    """The table instructions of the acervo, applied vs held (module docstring)."""
    import csv

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import acervo_amend

    acts, pairs = acervo_amend.run_once(acervo_amend.DEFAULT, workers)
    status = {(p.act, p.target): p for p in pairs}
    read = set()
    with open(Path(__file__).resolve().parent / "leitura" / "tabelas.tsv", encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            for where in (w.split(" ")[0] for w in row["instrucoes"].split(", ")):
                read.add((row["ato"], row["alvo"], where))
    applied, held, unread = [], [], []
    for a in acts:
        wheres: dict[str, list[str]] = {}
        for o in a.ops:
            if o.kind in TABLE_KINDS and o.where:
                wheres.setdefault(o.where, []).append(str(o.kind))
        for p in a.problems:
            if p.code in TABLE_PROBLEMS and p.where:
                wheres.setdefault(p.where, []).append(p.code)
        for where, kinds in sorted(wheres.items()):
            ops = [o for o in a.ops if o.where == where and o.kind in TABLE_KINDS]
            targets = sorted({o.target_urn.removeprefix("acervo:") for o in ops
                              if o.target_urn and o.target_urn.startswith("acervo:")})
            label = f"{a.rel} {where} ({', '.join(sorted(set(kinds)))})"
            pair = [status.get((a.rel, t)) for t in targets]
            if ops and pair and all(p is not None and p.status == "aplicado" for p in pair):
                applied.append(label + " → " + ", ".join(targets))
                if not all((a.rel, t, where) in read for t in targets):
                    unread.append(label)
            else:
                why = "; ".join(f"{p.status}: {p.why[:90]}" for p in pair if p is not None) or \
                    ("problema: " + ", ".join(k for k in kinds if k in TABLE_PROBLEMS) if not ops
                     else "alvo fora do acervo ou ilegível")
                held.append(f"{label}: {why}")
    print(f"instruções de tabela no acervo: {len(applied) + len(held)}; aplicadas: {len(applied)}; "
          f"retidas: {len(held)}")
    for line in applied:
        print("  [aplicada] " + line)
    for line in held:
        print("  [retida]   " + line)
    print(f"meta: toda instrução aplicada lida à mão (bench/leitura/tabelas.tsv): "
          f"{'OK' if not unread else 'FALHOU: ' + '; '.join(unread)}")
    return 0 if not unread else 1


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--amostra", type=int, default=0)
    ap.add_argument("--semente", type=int, default=39)
    ap.add_argument("--instrucoes", action="store_true")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    if args.instrucoes:
        return instructions(args.workers)
    shared = Path(os.environ.get("LEXCONSOLIDA_SHARED", Path(__file__).resolve().parents[2] / "shared"))
    root = shared / "acervos" / "feira-de-santana-ba"
    files = sorted(root.glob("*/*.txt"))
    forms: Counter = Counter()
    uncertain = 0
    acts_with = 0
    read_tables = 0
    table_ops: Counter = Counter()
    table_problems: Counter = Counter()
    candidates = []
    t0 = time.process_time()
    for f in files:
        data = f.read_bytes()
        lines = data.decode("utf-8", errors="replace").split("\n")
        for b in find_blocks(lines):
            forms[(b.form, b.table is not None)] += 1
            candidates.append((f, b))
        try:
            result = read(data, path=str(f))
        except Exception:  # noqa: BLE001 — a bench counts, the tests judge
            continue
        n = sum(1 for _ in tables_of(result.norma))
        read_tables += n
        acts_with += n > 0
        uncertain += sum(1 for d in result.diagnostics if d.code == "tabela-incerta")
        try:
            rec = recognise(result.norma)
        except Exception:  # noqa: BLE001
            continue
        for op in rec.operations:
            if op.kind in TABLE_KINDS:
                table_ops[op.kind] += 1
        for p in rec.problems:
            if p.code in TABLE_PROBLEMS:
                table_problems[p.code] += 1
    cpu = time.process_time() - t0
    print(f"atos: {len(files)}; atos com tabela lida: {acts_with}; tabelas lidas na árvore: {read_tables}")
    print("blocos achados (forma, lido com segurança): " + ", ".join(f"{k[0]}/{'sim' if k[1] else 'não'}: {v}"
                                                                   for k, v in sorted(forms.items())))
    print(f"tabela-incerta (mantidas como texto): {uncertain}")
    print(f"instruções de tabela reconhecidas: {dict(table_ops)}; problemas: {dict(table_problems)}")
    print(f"CPU: {cpu:.1f} s")
    if args.amostra:
        rng = random.Random(args.semente)
        for k, (f, b) in enumerate(rng.sample(candidates, min(args.amostra, len(candidates))), 1):
            lines = f.read_text(encoding="utf-8", errors="replace").split("\n")
            print(f"\n=== {k}. {f.parent.name}/{f.name} linhas {b.start + 1}-{b.end} forma={b.form} "
                  f"lida={'sim' if b.table else 'não: ' + str(b.why)}")
            for ln in lines[b.start:min(b.end, b.start + 8)]:
                print("   > " + ln[:150])
            if b.table:
                for r in b.table.rows[:5]:
                    print("   " + ("H " if r.header else "  ") + " ‖ ".join(f"{c.text}" + (f"[{c.colspan}x{c.rowspan}]" if (c.colspan, c.rowspan) != (1, 1) else "") for c in r.cells)[:200])
                print(f"   ({len(b.table.rows)} linhas, {b.table.columns} colunas)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
