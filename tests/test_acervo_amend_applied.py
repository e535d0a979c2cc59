"""What the tool applies over a whole municipality's legislation stays well formed.

Every amending act of ../shared/acervos/feira-de-santana-ba whose target is in the acervo is
applied to it, the acts of one target in date order, by ``bench/acervo_amend.py``'s own loop
(``run_target``: the one gated path of the acervo — an act with a blocking problem for that
target, a precision gate that fails, an operation the target refuses, or a verification that
fails is left out). The amended target's LexML must validate against the LexML schema as well as the target
as read does: no schema error that the unamended target does not already have (a unit put where
LC 95/1998 art. 10 does not allow it, an id the schema rejects, an agrupador out of place).
"""

from __future__ import annotations

import collections

import pytest

from bench import acervo_amend as bench
from tests.conftest import SHARED

from lexconsolida.lexml.schemas import validation_errors
from lexconsolida.readers import read_file
from lexconsolida.writers import lexml

ACERVO = SHARED / "acervos" / "feira-de-santana-ba"

pytestmark = [pytest.mark.slow, pytest.mark.shared]


def _errors(norma) -> set[str]:
    """Schema errors without their line numbers (they move when units are added)."""
    return {e.split(":", 1)[1] if e.startswith("linha") else e for e in validation_errors(lexml.write(norma))}


@pytest.fixture(scope="module")
def survey():
    entries = bench.load_index(ACERVO)
    bench._init(str(ACERVO), entries)
    acts = [bench.survey_act(e.rel) for e in entries]
    bench.through_amending_acts(acts)
    by_target: dict[str, list] = collections.defaultdict(list)
    for a in acts:
        for t in a.targets:
            if t != f"acervo:{a.rel}":
                by_target[t].append(a)
    out = []
    for target, tacts in sorted(by_target.items()):
        base = read_file(ACERVO / target.removeprefix("acervo:")).norma
        pairs, norma = bench.run_target(target, tacts, base)
        out.append((target, base, pairs, norma))
    return acts, out


def test_every_amended_target_validates_as_well_as_the_target_read(survey):
    _, targets = survey
    offenders, applied = [], 0
    for target, base, pairs, norma in targets:
        if next(iter(base.artigos()), None) is None:
            continue
        applied += sum(1 for p in pairs if p.status == "aplicado")
        new = sorted(_errors(norma) - _errors(base))
        if new:
            offenders.append(f"{target}: {new[0][:200]}")
    assert applied > 150  # the acervo's amending acts are really applied here
    assert offenders == []


def test_no_pair_is_applied_while_a_gate_fails_and_nothing_is_lost_silently(survey):
    """Issue 23: over the whole acervo, every pair (amending act, target) goes through the gates
    (bench.run_target calls the one gated path); a pair applied has no blocking gate problem, a
    pair held by gates alone names them, and no amending dispositivo is without an operation or a
    problem (silent loss 0). The gates' counts are printed."""
    acts, targets = survey
    pairs = [p for _, _, ps, _ in targets for p in ps]
    assert not [a.rel for a in acts if a.unaccounted]
    assert not [p for p in pairs if p.status == "silencioso"]
    for p in pairs:
        blocking_gates = [m for m in p.messages if "problema [" in m]
        if p.status == "aplicado":
            assert not blocking_gates and not p.gates, (p.act, p.target, p.messages)
        if p.gates_only:
            assert p.status == "pede decisão" and p.gates and blocking_gates
    held = collections.Counter(c for p in pairs for c in p.gates)
    print("\nportões (pares retidos):", dict(sorted(held.items())))
    status = collections.Counter(p.status for p in pairs)
    readable = len(pairs) - status["recusado"]
    print(f"pares: {dict(status)}; aplicado {status['aplicado'] / readable:.1%} dos legíveis")
    assert status["aplicado"] > 150 and held["alvo-sem-artigos"] == status["recusado"]
