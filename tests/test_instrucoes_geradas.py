"""Generated amending sentences over generated laws (issue 34, item 5): never a wrong text
applied, never a lost sentence.

:mod:`tests.generators.instrucoes` draws a small law and an amending act of one to three
sentences of every instruction family, each with its effect on the law known by construction;
:mod:`tests.generators.oraculo` recognises the act, applies it through the one gated path, and
judges each sentence. A sentence judged ``errada`` or ``perdida`` fails the test, unless its shape
is one of ``tests/generators/falhas_conhecidas.toml`` (today's known failures, each a narrow
shape with its minimal example). A listed shape that no longer fails as listed also fails the
test — delete (or narrow) its entry: the list cannot go stale. So does an entry no generated
sentence exercises.

The run is derandomized (same cases on every machine and every run) and has no example
database; ``bench/instrucoes_geradas.py`` runs many more cases with other seeds.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, given, settings

from tests.generators.instrucoes import FAMILIAS, casos
from tests.generators.oraculo import Resumo, load_known, run

CASOS = 2000
"""Generated cases in CI (issue 34 asks for at least 2,000)."""
MIN_POR_FAMILIA = 40
"""Each family's sentences in a run: a family the strategies stopped drawing is a defect of the
generator, not a pass."""

KNOWN = load_known()


@pytest.mark.slow
def test_generated_sentences_are_never_applied_wrong_nor_lost():
    resumo = Resumo(KNOWN)

    @settings(max_examples=CASOS, derandomize=True, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
    @given(casos())
    def one(caso):
        resumo.add(run(caso))

    one()
    assert resumo.cases >= CASOS, f"só {resumo.cases} casos gerados"
    problems = []
    if resumo.count("NOVA") or resumo.count("passou"):
        problems.append(resumo.report(("NOVA", "passou")))
    thin = {f: resumo.families[f] for f in [*FAMILIAS, "vigencia"] if resumo.families[f] < MIN_POR_FAMILIA}
    if thin:
        problems.append(f"famílias pouco geradas: {thin}")
    unused = [e.classe for e in KNOWN if not resumo.exercised(e.classe)]
    if unused:
        problems.append(f"entradas de falhas_conhecidas.toml que nenhum caso exerceu: {unused} — a forma mudou no "
                        "gerador, ou a entrada é estreita demais")
    unknown_keys = {k for e in KNOWN for k in e.forma} - resumo.keys
    if unknown_keys:
        problems.append(f"chaves de forma que o gerador não escreve: {sorted(unknown_keys)}")
    assert not problems, "\n".join(problems)


def test_the_known_failures_are_narrow_and_explained():
    """Each entry names its family and at least one more key of the shape (never a whole family),
    a minimal example and the reason."""
    assert KNOWN, "falhas_conhecidas.toml vazio: apague o arquivo e este teste quando não houver falhas"
    for e in KNOWN:
        assert e.forma["familia"] and len(e.forma) >= 2, e.classe
        assert len(e.exemplo) > 20 and len(e.motivo) > 20, e.classe
