"""Residual OCR noise inside a unit's text (issue 12): stamps read as letters at the end of a
dispositivo, symbols standing for '§' mid-sentence. Repaired when certain, else a warning at
the line; never more than 1 in 1,000 dispositivos of a clean text (the CF/88)."""

from __future__ import annotations

import re
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexconsolida.check import check
from lexconsolida.model import Dispositivo, Kind, Norma
from lexconsolida.readers import get_reader
from lexconsolida.readers.text.residue import CODE, portuguese_words, tail_residue, warnings
from tests.conftest import CF88_DIR, ROOT, STATUTES, run_cli

LEI_846 = STATUTES / "mt-pedra-preta" / "lei-846-2015" / "texto.txt"


def _residue_diagnostics(result):
    return [d for d in result.diagnostics if d.code == CODE
            or (d.code == "reparo" and ("resíduo" in d.message or "símbolo" in d.message))]


@pytest.fixture(scope="module")
def lei_846():
    return get_reader("text")(LEI_846.read_bytes(), path=str(LEI_846))


def test_the_five_leftovers_of_lei_846_are_all_found(lei_846):
    found = {(d.line, d.code, d.before) for d in _residue_diagnostics(lei_846)}
    assert found == {
        (76, "reparo", "GA"),          # '… ao passageiro; GA'   → removed
        (389, "reparo", "CG"),         # '… necessários. CG'     → removed
        (789, "reparo", "& 2º "),      # 'conforme & 2º do Art. 56' → '§ 2º'
        (597, CODE, None),             # 'média GO'   → warning at the line
        (725, CODE, None),             # 'gravíssima ar ed' → warning at the line
    }
    n = lei_846.norma
    assert n.find("art7_cpt_inc2").text.endswith("ao passageiro;")
    assert n.find("art45_cpt_inc5").text.endswith("necessários.")
    assert "conforme § 2º do Art. 56" in n.find("art57_cpt").text
    assert n.find("art55_par18_ali1").text.endswith("média GO")  # not certain: kept, warned


def test_check_reports_what_is_left_whatever_the_reader(lei_846):
    from lexconsolida.readers.lexml import read as read_lexml
    from lexconsolida.writers import get_writer

    # the tree read back from LexML (no text reader involved) still shows the two left
    tree = read_lexml(get_writer("xml")(lei_846.norma)).norma
    found = {(d.where, d.code) for d in check(tree) if d.code == CODE}
    assert found == {("art55_par18_ali1", CODE), ("art55_par42_ali1", CODE)}
    proc = run_cli("check", LEI_846)
    out = proc.stdout.decode()
    assert "linha 597 [art55_par18_ali1]: “GO” no fim do texto (art. 55, § 18, alínea a)" in out
    assert "linha 725 [art55_par42_ali1]: “ar ed”" in out


@pytest.mark.shared
@pytest.mark.parametrize("name", ["CON1988--19881005.LexML.xml", "CON1988--20150303.LexML.xml"])
def test_at_most_one_in_a_thousand_dispositivos_of_the_cf88(name):
    sys.path.insert(0, str(ROOT))
    from bench.parse import cf88_text

    xml = CF88_DIR / name
    result = get_reader("text")(cf88_text(xml), path=name)
    units = sum(1 for _ in result.norma.dispositivos())
    flagged = _residue_diagnostics(result)
    assert units > 2000
    assert len(flagged) * 1000 <= units, flagged


_JUNK = st.text(alphabet="BCDFGHJKLMNPQRSTVWXZ", min_size=2, max_size=3)


@settings(max_examples=40, deadline=None)
@given(junk=_JUNK, ending=st.sampled_from([";", ".", ":"]))
def test_a_stamp_after_the_final_punctuation_is_removed(junk, ending):
    text = f"o condutor deverá apresentar o documento ao fiscal{ending}"
    words = portuguese_words()
    if junk.lower() in words or set(junk) <= set("IVXLCDM"):  # a word, or a Roman numeral
        return
    r = tail_residue(f"{text} {junk}", lambda w: w.lower() in words)
    assert r is not None and r.certain and r.text == junk


@pytest.mark.parametrize("text", [
    "multa de 100 UPF",                 # a unit the act uses
    "nos termos da Lei nº 9.503, de 1997, e do inciso IV",
    "conforme o art. 5º, alínea b",
    "Procurador Geral do Município - NE",
    "o pagamento em R$ 2º lugar",       # 'R$' is not a paragraph sign
])
def test_what_is_not_residue(text):
    other = Dispositivo(Kind.CAPUT, "art1_cpt", text="valor em UPF corrigido; a UPF vale R$ 10")
    unit = Dispositivo(Kind.CAPUT, "art2_cpt", text=text)
    norma = Norma(articulacao=[Dispositivo(Kind.ARTIGO, "art1", "Art. 1º", children=[other]),
                               Dispositivo(Kind.ARTIGO, "art2", "Art. 2º", children=[unit])])
    assert warnings(norma) == []


def test_build_summary_counts_the_residue(tmp_path, statutes_copy):
    proc = run_cli("build", "--acervo", statutes_copy, "-o", tmp_path / "out")
    line = next(ln for ln in proc.stdout.decode().splitlines() if "relatórios" in ln)
    assert re.search(r"\(\d+ de provável ruído de OCR no texto", line), line
    import json

    report = json.loads((tmp_path / "out/relatorios/mt-pedra-preta/lei-846-2015.json").read_text("utf-8"))
    assert report["ruido_residual"] == 2
