"""The whole Feira de Santana acervo (../shared/acervos/feira-de-santana-ba, 5,440 real acts)
imported and compiled: corpus-wide invariants of the relations found in the texts."""

from __future__ import annotations

import re

import pytest

from lexconsolida.acervo import worklist
from lexconsolida.acervo.importer import import_folder
from lexconsolida.acervo.pipeline import build
from lexconsolida.acervo.work import default_executor
from lexconsolida.amendments import phrases
from lexconsolida.citations import find_acts
from tests.conftest import SHARED

FEIRA = SHARED / "acervos" / "feira-de-santana-ba"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.shared,  # the Feira de Santana acervo in ../shared
]


@pytest.fixture(scope="module")
def feira(tmp_path_factory):
    root = tmp_path_factory.mktemp("feira")
    executor = default_executor(2)
    try:
        report = import_folder(FEIRA, root / "acervo", "ba-feira-de-santana", executor=executor)
        again = import_folder(FEIRA, root / "acervo", "ba-feira-de-santana", executor=executor)
        ac = build(root / "acervo", executor=executor)
    finally:
        if executor is not None:
            executor.shutdown()
    assert (again.novos, again.atualizados, again.sem_mudanca) == (0, 0, report.atos)  # idempotent
    return report, ac, worklist.data(ac)


def test_every_file_is_imported_or_refused_with_a_reason(feira):
    report, ac, _ = feira
    files = sum(1 for p in FEIRA.rglob("*.txt"))
    assert report.atos + len(report.recusados) + len(report.nao_utilizados) == files
    assert all(r.motivo for r in report.recusados)
    assert len(ac.acts) == report.atos
    # a page that says the number was never used is no act: left out, and counted
    assert report.nao_utilizados and len(ac.unused_numbers) == len(report.nao_utilizados)
    for origem in report.nao_utilizados:
        text = (FEIRA / origem).read_text(encoding="utf-8")
        assert "Art" not in text and "inexistente" in text.lower(), origem


def test_acts_whose_source_has_no_article_are_not_counted_in_force(feira):
    """Pages of the publishing site with only the epígrafe and the ementa: 'texto indisponível'
    in the work list, never 'em vigor' with an empty text."""
    _, ac, d = feira
    empty = [a for a in d["atos"] if not a["dispositivos"] and a["situacao"] != worklist.SITUACAO_REVOGADO]
    assert empty and all(a["situacao"] == worklist.SITUACAO_SEM_TEXTO for a in empty)
    r = d["resumo"]
    assert r["em_vigor"] + r["revogados"] + r["texto_indisponivel"] + r["texto_recusado"] == r["atos"]


def test_every_relation_points_to_an_act_or_is_reported_outside(feira):
    _, ac, d = feira
    assert ac.relations
    for r in ac.relations:
        if r.no_acervo:
            assert r.alvo in ac.corpus.acts, r
    fora = [r for r in d["relacoes"] if not r["no_acervo"]]
    assert fora and all(r["situacao"] == worklist.FORA and r["alvo"] is None for r in fora)
    assert {r["tipo"] for r in d["relacoes"]} <= {"altera", "acrescenta", "revoga", "revoga-dispositivos",
                                                 "regulamenta"}


_NAMED_AFTER_GENERIC = re.compile(r"contr[áa]rio\s*,?\s*(?:e\s+)?(?:em\s+especial|especial(?:mente)?|notadamente"
                                  r"|principalmente)\b", re.IGNORECASE)


def test_no_act_is_revoked_by_a_generic_clause(feira):
    _, ac, _ = feira
    revoked = {u: h for u, h in ac.histories.items() if h.revogado_em}
    assert revoked
    for target, h in revoked.items():
        source = ac.acts[h.revogado_por]
        instructions = [o for o in source.operacoes if o.tipo == "revogacao_total" and o.alvo == target]
        assert instructions, (target, h.revogado_por)
        for o in instructions:
            rest = phrases.GENERIC_REVOCATION.sub("", o.texto)
            # a verb of revocation besides the generic clause, or the clause naming what it revokes
            # ('…, revogadas as disposições em contrário, especialmente a Lei nº …': the grammar)
            assert phrases.REVOGACAO.search(rest) or _NAMED_AFTER_GENERIC.search(o.texto), o.texto
            assert find_acts(rest), o.texto  # the revoked act is named, not 'disposições em contrário'


def test_nothing_needing_a_decision_is_silently_skipped(feira):
    _, ac, d = feira
    queued = {(q["pasta"], q["codigo"], q["dispositivo"], q["linha"]) for q in d["decisoes"]}
    for r in ac.acts.values():
        for p in r.problemas:
            if p.bloqueia:
                assert (r.pasta, p.tipo, p.dispositivo, p.linha) in queued
    for a in d["alteracoes"]:
        assert a["situacao"] in ("aplicada", "pendente", "ignorada")
        if a["situacao"] != "aplicada":
            assert a["motivo"], a
