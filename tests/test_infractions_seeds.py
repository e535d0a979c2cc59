"""The catalogs of both seeds, read by the text reader: every infraction with its class and fine.

The expected classes and measures below were typed by reading the seeds themselves (Pedra Preta
Lei 846/2015, art. 55, §§ 1º–48; Barra do Garças minuta, art. 26, I–VI, and art. 27); the golden
JSON holds the whole catalog.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from lexconsolida.forms.catalog_io import to_json
from lexconsolida.forms.infractions import extract
from tests.conftest import GOLDEN, STATUTES, check_golden

L, M, G, GG = "leve", "média", "grave", "gravíssima"
IMP, APR = "impedimento operacional", "apreensão do veículo"
PEDRA_PRETA = {  # § → (class, administrative measures)
    1: (L, (IMP,)), 2: (L, (IMP,)), 3: (L, ()), 4: (L, ()), 5: (G, ()), 6: (L, ()), 7: (L, ()), 8: (L, ()),
    9: (L, ()), 10: (M, ()), 11: (M, ()), 12: (M, ()), 13: (G, (IMP,)), 14: (L, (IMP,)), 15: (M, (IMP,)),
    16: (M, (IMP,)), 17: (M, (APR,)), 18: (M, (APR,)), 19: (M, (APR,)), 20: (G, ()), 21: (G, ()),
    22: (G, (APR,)), 23: (M, (IMP,)), 24: (M, (APR,)), 25: (L, ("recolhimento do capacete para a regulamentação",)),
    26: (M, (IMP,)), 27: (G, (APR, "apreensão do colete até a regulamentação")), 28: (M, ()), 29: (M, (APR,)),
    30: (G, (APR,)), 31: (G, (IMP,)), 32: (G, (IMP,)), 33: (M, ()), 34: (G, ()), 35: (G, ()), 36: (G, (IMP,)),
    37: (G, ()), 38: (GG, (IMP,)), 39: (M, (APR,)), 40: (M, ()), 41: (M, ()), 42: (GG, (APR,)), 43: (M, ()),
    44: (L, ()), 45: (M, ()), 46: (G, (APR,)), 47: (L, ()), 48: (G, (APR,)),
}
PP_FINES = {L: 30, M: 60, G: 120, GG: 250}
BARRA = {"art26_cpt_inc1": L, "art26_cpt_inc2": L, "art26_cpt_inc3": L, "art26_cpt_inc4": G,
         "art26_cpt_inc5": G, "art26_cpt_inc6": G, "art27": GG}
BG_FINES = {L: 115, M: 285, G: 570, GG: 950}


@pytest.fixture(scope="module")
def catalogs():
    from lexconsolida.forms.source import load_norma

    return {
        "pedra-preta": extract(load_norma(STATUTES / "mt-pedra-preta" / "lei-846-2015")),
        "barra-do-garcas": extract(load_norma(STATUTES / "mt-barra-do-garcas" / "indicacao-2023-11-23")),
    }


def test_pedra_preta_every_paragraph_of_art55(catalogs):
    cat = catalogs["pedra-preta"]
    got = {i.id: i for i in cat.infracoes}
    assert sorted(got) == sorted(f"art55_par{n}" for n in PEDRA_PRETA)
    for n, (classe, measures) in PEDRA_PRETA.items():
        inf = got[f"art55_par{n}"]
        assert (inf.classe, inf.medidas, inf.penalidade) == (classe, measures, "multa"), inf.citacao
        assert (inf.unidades, inf.unidade) == (Decimal(PP_FINES[classe]), "UPFM"), inf.citacao
    assert cat.nao_classificados == []
    rules = {r.id: r for r in cat.regras}
    assert rules["art54_par1:acrescimo"].percentual == Decimal(20)
    assert rules["art55_par34_inc1:dobro"].aplica_a == ("art55_par34",)
    assert rules["art49:suspensao"].periodo == "30 dias"


def test_barra_do_garcas_art26_and_art27(catalogs):
    cat = catalogs["barra-do-garcas"]
    got = {i.id: (i.classe, i.unidades, i.unidade) for i in cat.infracoes}
    assert got == {k: (c, Decimal(BG_FINES[c]), "UPFG") for k, c in BARRA.items()}
    assert cat.nao_classificados == []
    scopes = {r.id: r.aplica_a for r in cat.regras}
    assert scopes["art26_par1:suspensao"] == ("art26_cpt_inc4",)
    assert scopes["art26_par2:cassacao"] == ("art26_cpt_inc5",)
    assert scopes["art27_par1u:suspensao"] == ("art27",)


@pytest.mark.parametrize("name", ["pedra-preta", "barra-do-garcas"])
def test_catalog_golden(catalogs, name, update_golden):
    check_golden(GOLDEN / "forms" / f"catalog-{name}.json", to_json(catalogs[name]), update_golden)


@pytest.mark.parametrize("folder", ["mt-pedra-preta", "mt-barra-do-garcas"])
def test_settings_cite_only_dispositivos_of_the_law(folder):
    from lexconsolida.forms.issue import check_citations
    from lexconsolida.forms.settings import load_settings
    from lexconsolida.forms.source import load_norma

    settings = load_settings(STATUTES / folder)
    check_citations(settings, load_norma(settings.norma_path))


@pytest.mark.parametrize("folder,kind,case,expected", [
    ("mt-pedra-preta", "auto-de-infracao", "pp-auto-de-infracao.toml", "144 UPFM × R$ 4,85 = R$ 698,40"),
    ("mt-pedra-preta", "notificacao-penalidade", "pp-notificacao-penalidade.toml", "240 UPFM × R$ 4,85 = R$ 1.164,00"),
    ("mt-barra-do-garcas", "notificacao-penalidade", "bg-notificacao-penalidade.toml", "570 UPFG × R$ 1,12 = R$ 638,40"),
    ("mt-barra-do-garcas", "notificacao-regularizacao", "bg-notificacao-regularizacao.toml", "termina em 18/11/2025"),
])
def test_forms_from_the_seed_laws_end_to_end(tmp_path, folder, kind, case, expected):
    from tests.conftest import run_cli
    from tests.forms_support import CASES

    out = tmp_path / "saida"
    result = run_cli("forms", kind, "--municipio", STATUTES / folder, "--data", CASES / case, "-o", out,
                     "--registro", tmp_path / "r.sqlite", "--novo-registro")
    assert result.returncode == 0, result.stderr.decode()
    html = next(out.glob("*.html")).read_text(encoding="utf-8")
    assert expected in html


def test_catalog_of_a_corpus_act_by_urn_and_folder_agree():
    """Regression: `infracoes URN` said 'arquivo não encontrado'; an act of the corpus is
    read with its amendments, by URN or by folder alike."""
    from tests.conftest import run_cli

    urn = "urn:lex:br;mato.grosso;pedra.preta:municipal:lei:2015-05-12;846"
    by_urn = run_cli("infracoes", urn, "--json")
    by_folder = run_cli("infracoes", STATUTES / "mt-pedra-preta" / "lei-846-2015", "--json")
    assert by_urn.returncode == 0, by_urn.stderr.decode()
    assert by_urn.stdout == by_folder.stdout


def test_broken_corpus_is_an_error_not_ignored(tmp_path):
    """Regression: a statutes/ that fails to load was silently ignored by commands that work
    on files too; now it is an error naming the broken file."""
    from tests.conftest import run_cli

    (tmp_path / "statutes" / "xx-teste").mkdir(parents=True)
    (tmp_path / "statutes" / "xx-teste" / "municipio.toml").write_text("nome = ", encoding="utf-8")
    src = tmp_path / "lei.txt"
    src.write_text("LEI Nº 1, DE 2 DE JANEIRO DE 2020\nArt. 1º Teste.\n", encoding="utf-8")
    r = run_cli("infracoes", src, cwd=tmp_path)
    assert r.returncode == 2 and "municipio.toml" in r.stderr.decode()
