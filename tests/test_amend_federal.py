"""Federal amending acts (../shared/corpus/federal-amending-acts/): each instruction becomes the
right operation list, the laws they amend being outside the corpus ("alvo fora do acervo")."""

import pytest

from tests.conftest import CORPUS, GOLDEN, STATUTES, check_golden

from lexconsolida.amendments import recognise
from lexconsolida.corpus import load
from lexconsolida.readers import read_file

pytestmark = pytest.mark.shared  # reads ../shared

FEDERAL = CORPUS / "federal-amending-acts"
ACTS = sorted(p.stem for p in FEDERAL.glob("*.txt"))


@pytest.fixture(scope="module")
def corpus():
    return load(STATUTES)


def recognition(corpus, name):
    norma = read_file(FEDERAL / f"{name}.txt", "text").norma
    return recognise(norma, lambda ref: corpus.resolve(ref, norma.urn))


@pytest.mark.parametrize("name", ACTS)
def test_operation_list(corpus, name, update_golden):
    rec = recognition(corpus, name)
    assert rec.operations, "nenhuma operação reconhecida"
    assert not any(o.in_corpus for o in rec.operations)
    assert {p.code for p in rec.problems} == {"alvo-fora-do-acervo"}
    assert all("alvo fora do acervo" in p.message and not p.blocking for p in rec.problems)
    check_golden(GOLDEN / "amend" / "operacoes" / f"{name}.txt", rec.describe(), update_golden)


def test_expected_targets(corpus):
    got = {name: [(o.kind, o.target_urn, o.target_id) for o in recognition(corpus, name).operations]
           for name in ACTS}
    clt = "urn:lex:br:federal:decreto.lei:1943-05-01;5452"
    cf = "urn:lex:br:federal:constituicao:1988-10-05;1988"
    assert got["emenda-constitucional-28-2000"] == [
        ("redacao", cf, "art7_cpt_inc29"), ("revogacao", cf, "art7_cpt_inc29_ali1"),
        ("revogacao", cf, "art7_cpt_inc29_ali2"), ("revogacao", cf, "art233")]
    assert got["lei-7033-1982"] == [
        ("revogacao", clt, "art899_par3"), ("revogacao", clt, "art902"),
        ("redacao", clt, "art702_cpt_inc1_ali6"), ("redacao", clt, "art894_cpt_ali2"),
        ("redacao", clt, "art896_cpt_ali1"),
        ("redacao", "urn:lex:br:federal:lei:1970-06-26;5584", "art9")]
    assert got["lei-8921-1994"] == [("redacao", clt, "art131_cpt_inc2")]
    assert got["lei-9792-1999"] == [("revogacao", "urn:lex:br:federal:lei:1997-09-23;9503", "art112")]
