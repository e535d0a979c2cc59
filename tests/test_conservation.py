"""Conservation: every word of a text input is in the tree or in a diagnostic."""

from __future__ import annotations

import pytest

from lexconsolida.model import (
    Agrupador,
    AgrupadorKind,
    Alteracao,
    Diagnostic,
    Dispositivo,
    Documento,
    Kind,
    Norma,
    Signature,
)
from lexconsolida.readers import ReadResult
from lexconsolida.readers.text.conservation import covered_lines, missing_words, words
from lexconsolida.readers.text.decode import decode_text

from .conftest import CORPUS, SEEDS

from lexconsolida.readers.text import read

TEXT = """\
PREFEITURA DE SERRA AZUL
LEI Nº 7, DE 1º DE MARÇO DE 2021
Dispõe sobre hortas.
O PREFEITO MUNICIPAL sanciona a seguinte Lei:
CAPÍTULO I
DAS HORTAS
Art. 1º Ficam criadas as hortas.
& 1º As hortas são públicas.
I - cadastro;
Art. 2º O art. 3º passa a vigorar:
“Art. 3º Novo texto.” (NR)
Serra Azul, 1º de março de 2021.
JOÃO DA SILVA
Prefeito
"""


def _tree() -> Norma:
    art1 = Dispositivo(Kind.ARTIGO, "art1", "Art. 1º", "Art. 1º", lines=(7, 9), children=[
        Dispositivo(Kind.CAPUT, "art1_cpt", text="Ficam criadas as hortas.", children=[
            Dispositivo(Kind.INCISO, "art1_cpt_inc1", "I", "I", text="cadastro;", lines=(9, 9)),
        ]),
        Dispositivo(Kind.PARAGRAFO, "art1_par1", "§ 1º", "& 1º", text="As hortas são públicas.", lines=(8, 8)),
    ])
    art2 = Dispositivo(Kind.ARTIGO, "art2", "Art. 2º", "Art. 2º", lines=(10, 11), children=[
        Dispositivo(Kind.CAPUT, "art2_cpt", text="O art. 3º passa a vigorar:"),
    ], alteracoes=[Alteracao("art2_cpt_alt1", raw="“Art. 3º Novo texto.” (NR)", lines=(11, 11))])
    cap = Agrupador(AgrupadorKind.CAPITULO, "cap1", "Capítulo I", "CAPÍTULO I", nome="DAS HORTAS",
                    children=[art1, art2], lines=(5, 6))
    return Norma(
        epigrafe="LEI Nº 7, DE 1º DE MARÇO DE 2021",
        ementa="Dispõe sobre hortas.",
        preambulo=["O PREFEITO MUNICIPAL sanciona a seguinte Lei:"],
        articulacao=[cap],
        fecho=["Serra Azul, 1º de março de 2021."],
        assinaturas=[Signature("JOÃO DA SILVA", "Prefeito")],
    )


def _result(norma: Norma | None = None, diags: list[Diagnostic] | None = None) -> ReadResult:
    furniture = Diagnostic("linha-removida", "linha removida", line=1, text="PREFEITURA DE SERRA AZUL")
    return ReadResult(norma or _tree(), [furniture] if diags is None else diags)


def test_complete_tree_loses_nothing():
    assert missing_words(TEXT, _result()) == []


def test_removed_furniture_without_a_diagnostic_is_missing():
    assert missing_words(TEXT, _result(diags=[])) == [(1, "PREFEITURA"), (1, "DE"), (1, "SERRA"), (1, "AZUL")]


def test_lost_inciso_text_reported_with_its_line():
    norma = _tree()
    norma.articulacao[0].children[0].children[0].children[0].text = ""
    assert missing_words(TEXT, _result(norma)) == [(9, "cadastro")]


def test_printed_label_counts_not_the_normalised_one():
    norma = _tree()
    inciso = norma.articulacao[0].children[0].children[0].children[0]
    inciso.rotulo, inciso.rotulo_printed = "I", "1"
    missing = missing_words(TEXT, _result(norma))
    assert [w for _, w in missing] == ["I"]


def test_repair_before_accounts_for_the_printed_form():
    norma = _tree()
    norma.articulacao[0].children[0].children[1].rotulo_printed = "§ 1º"
    assert missing_words(TEXT, _result(norma)) == []  # '&' is not a word: nothing to account for
    norma.articulacao[0].children[0].children[0].children[0].rotulo_printed = "III"
    text = TEXT.replace("I - cadastro;", "HI - cadastro;")
    assert missing_words(text, _result(norma)) == [(9, "HI")]
    repaired = _result(norma, [*_result().diagnostics, Diagnostic("reparo", "m", line=9, before="HI", after="III")])
    assert missing_words(text, repaired) == []


def test_alteracao_raw_documents_and_anexos_count():
    norma = _tree()
    norma.articulacao[0].children[1].alteracoes = []
    assert missing_words(TEXT, _result(norma)) == [(11, "Art"), (11, "3º"), (11, "Novo"), (11, "texto"), (11, "NR")]
    norma.documentos = [Documento("Indicação", "Art. 3º Novo texto. NR")]
    assert missing_words(TEXT, _result(norma)) == []
    norma.documentos = []
    norma.anexos = ["Art 3º Novo texto NR"]
    assert missing_words(TEXT, _result(norma)) == []


def test_multiset_a_word_twice_must_be_found_twice():
    text = "Art. 1º hortas hortas\n"
    norma = Norma(articulacao=[Dispositivo(Kind.ARTIGO, "art1", "Art. 1º", "Art. 1º", lines=(1, 1), children=[
        Dispositivo(Kind.CAPUT, "art1_cpt", text="hortas")])])
    assert missing_words(text, ReadResult(norma)) == [(1, "hortas")]


def test_uncovered_lines_are_blamed_first():
    text = "Art. 1º hortas\nhortas\n"
    norma = Norma(articulacao=[Dispositivo(Kind.ARTIGO, "art1", "Art. 1º", "Art. 1º", lines=(1, 1), children=[
        Dispositivo(Kind.CAPUT, "art1_cpt", text="hortas")])])
    result = ReadResult(norma)
    assert covered_lines(result) == {1}
    assert missing_words(text, result) == [(2, "hortas")]


def test_words_are_case_folded_and_nfc():
    assert list(words("Ação ACAO ac\u0327a\u0303o")) == ["ação", "acao", "ação"]


# --- Every real input read by the text reader loses nothing ------------------------------------

INPUTS = sorted(SEEDS.glob("*.txt")) + sorted(CORPUS.rglob("*.txt"))


@pytest.mark.shared
@pytest.mark.parametrize("path", INPUTS, ids=[p.name for p in INPUTS])
def test_reader_conserves_every_word(path):
    data = path.read_bytes()
    result = read(data, path=str(path))
    text, _ = decode_text(data)
    assert missing_words(text, result) == []
