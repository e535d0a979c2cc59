"""Benchmark: apply 1,000 generated instructions to CF/88 and compile it at 10 dates.

CF/88 is read with the LexML reader (``../shared/anchors/lexml/examples/cf1988``). The
instructions (new wording, insertions, revocations, in that mix 50/25/25) are generated with a
fixed seed and grouped into 10 amending acts of 100 instructions, one a year; the text is then
compiled (point in time) at 10 dates. Prints the figures; target: under 2 s for the whole run.

    python bench/amend.py [CF88.xml]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from measure import SHARED, Verdicts, peak_rss_mb, repeat  # noqa: E402

from lexconsolida.amendments import Operation  # noqa: E402
from lexconsolida.model import Event, Kind, Situacao  # noqa: E402
from lexconsolida.readers import read_file  # noqa: E402
from lexconsolida.transforms.amend import apply  # noqa: E402
from lexconsolida.transforms.pointintime import at  # noqa: E402

DEFAULT = SHARED / "anchors" / "lexml" / "examples" / "cf1988" / "CON1988--19881005.LexML.xml"
ACTS, PER_ACT, DATES = 10, 100, 10


def generate(norma, rng: random.Random, act: int) -> list[Operation]:
    """100 instructions on the current tree: no unit is touched twice in one act."""
    units = [d for d in norma.dispositivos()
             if d.kind in (Kind.ARTIGO, Kind.PARAGRAFO, Kind.INCISO, Kind.ALINEA)
             and d.situacao is Situacao.VIGENTE and "_alt" not in d.id]
    rng.shuffle(units)
    ops, used = [], set()
    for d in units:
        if len(ops) == PER_ACT:
            break
        if any(d.id.startswith(u + "_") or u.startswith(d.id + "_") or u == d.id for u in used):
            continue
        roll = rng.random()
        if roll < 0.5:
            ops.append(_op("redacao", norma, d.id, f"Nova redação {act}.{len(ops)} de {d.id}."))
        elif roll < 0.75 and d.kind is Kind.ARTIGO:
            new = f"{d.id}-{act + 1}"
            if norma.find(new) is None:
                ops.append(_op("inclusao", norma, new, f"Artigo incluído no ano {act}."))
            else:
                continue
        elif roll < 0.75 and d.kind is Kind.INCISO:
            ops.append(_op("inclusao", norma, f"{d.id}_ali{90 + act}", f"alínea incluída {act}"))
        else:
            ops.append(_op("revogacao", norma, d.id, None))
        used.add(d.id)
    return ops


def _op(kind, norma, target, text):
    return Operation(kind, norma.urn, "CF/88", target, text=text, source=f"instrução gerada ({kind})")


def main(path: Path) -> int:
    t0 = time.perf_counter()
    norma = read_file(path, "lexml").norma
    t_read = time.perf_counter() - t0
    rng = random.Random(1988)
    batches = []
    for a in range(ACTS):
        batches.append(generate(norma, rng, a))  # generated on the tree as it stands
        norma = apply(norma, batches[-1], Event("redacao", f"urn:bench:{a}", f"Emenda {a}", f"{1990 + a}-01-01"))
    base = read_file(path, "lexml").norma
    n_ops = sum(len(b) for b in batches)

    def apply_all():
        current = base
        for a, ops in enumerate(batches):
            current = apply(current, ops, Event("redacao", f"urn:bench:{a}", f"Emenda {a}", f"{1990 + a}-01-01"))
        return current

    t_apply, current = repeat(apply_all)
    t_at, _ = repeat(lambda: [at(current, f"{1989 + k}-07-01") for k in range(DATES)])
    units = sum(1 for _ in current.dispositivos())
    print(f"CF/88 lida (LexML): {t_read:.3f} s; {units} dispositivos após as alterações")
    print(f"aplicar {n_ops} instruções em {ACTS} atos: {t_apply.fmt()}")
    print(f"compilar em {DATES} datas: {t_at.fmt()}")
    print(f"RSS máximo do processo: {peak_rss_mb():.0f} MB")
    total = t_apply.wall.median + t_at.wall.median
    v = Verdicts("alterações na CF/88")
    v.check("aplicar + compilar (medianas)", total, 2.0)
    return v.done()


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT))
