"""What the tool applies over a whole municipality's legislation stays well formed.

Every amending act of ../shared/acervos/feira-de-santana-ba whose target is in the acervo is
applied to it, the acts of one target in date order, exactly as ``bench/acervo_amend.py`` does
(an act with a blocking problem for that target, or an operation the target refuses, is left
out). The amended target's LexML must validate against the LexML schema as well as the target
as read does: no schema error that the unamended target does not already have (a unit put where
LC 95/1998 art. 10 does not allow it, an id the schema rejects, an agrupador out of place).
"""

from __future__ import annotations

import collections

import pytest

from bench import acervo_amend as bench
from tests.conftest import SHARED

from lexconsolida.lexml.schemas import validation_errors
from lexconsolida.model import Event
from lexconsolida.readers import read_file
from lexconsolida.transforms.amend import apply, failures
from lexconsolida.writers import lexml

ACERVO = SHARED / "acervos" / "feira-de-santana-ba"

pytestmark = [pytest.mark.slow, pytest.mark.shared]


def _errors(norma) -> set[str]:
    """Schema errors without their line numbers (they move when units are added)."""
    return {e.split(":", 1)[1] if e.startswith("linha") else e for e in validation_errors(lexml.write(norma))}


def test_every_amended_target_validates_as_well_as_the_target_read():
    entries = bench.load_index(ACERVO)
    bench._init(str(ACERVO), entries)
    acts = [bench.survey_act(e.rel) for e in entries]
    by_target: dict[str, list] = collections.defaultdict(list)
    for a in acts:
        for t in a.targets:
            if t != f"acervo:{a.rel}":
                by_target[t].append(a)
    offenders, applied = [], 0
    for target, tacts in sorted(by_target.items()):
        base = read_file(ACERVO / target.removeprefix("acervo:")).norma
        if next(iter(base.artigos()), None) is None:
            continue
        before, norma = _errors(base), base
        for a in sorted(tacts, key=lambda a: (a.date or "", a.rel)):
            ops = [o for o in a.ops if o.target_urn == target]
            event = Event("redacao", f"acervo:{a.rel}", a.label, a.date)
            if not ops or a.unaccounted or any(p.blocking and p.concerns([target]) for p in a.problems):
                continue
            if failures(norma, ops, event):
                continue
            norma = apply(norma, ops, event)
            applied += 1
        new = sorted(_errors(norma) - before)
        if new:
            offenders.append(f"{target}: {new[0][:200]}")
    assert applied > 150  # the acervo's amending acts are really applied here
    assert offenders == []
