"""Rule recognise_labels / match_label: canonical labels and the OCR shapes of scanned acts."""

import doctest

import pytest

from lexconsolida.readers.text import read
from lexconsolida.readers.text import roman
from lexconsolida.readers.text.labels import match_label, read_roman

CASES = [
    # line, kind, printed, rotulo, number value, separator, rest
    ("Art. 1º - A presente Lei", "artigo", "Art. 1º", "Art. 1º", 1, " - ", "A presente Lei"),
    ("Art. 10. Esta Lei", "artigo", "Art. 10", "Art. 10", 10, ". ", "Esta Lei"),
    ("Art 3º - Ficam revogadas", "artigo", "Art 3º", "Art. 3º", 3, " - ", "Ficam revogadas"),
    ("Art. 2o Esta Lei", "artigo", "Art. 2o", "Art. 2º", 2, " ", "Esta Lei"),
    ("Art. 7° Fica vedado", "artigo", "Art. 7°", "Art. 7º", 7, " ", "Fica vedado"),
    ("rt. 17 O Termo", "artigo", "rt. 17", "Art. 17", 17, " ", "O Termo"),
    ("Art, 41 Fica", "artigo", "Art, 41", "Art. 41", 41, " ", "Fica"),
    ("§ 10. O prazo", "paragrafo", "§ 10", "§ 10", 10, ". ", "O prazo"),
    ("§ 2º Aos domingos", "paragrafo", "§ 2º", "§ 2º", 2, " ", "Aos domingos"),
    ("§1° Os dados", "paragrafo", "§1°", "§ 1º", 1, " ", "Os dados"),
    ("& 1º Para efeitos", "paragrafo", "& 1º", "§ 1º", 1, " ", "Para efeitos"),
    ("$& 20 Utilizar", "paragrafo", "$& 20", "§ 20", 20, " ", "Utilizar"),
    ("81º No caso", "paragrafo", "81º", "§ 1º", 1, " ", "No caso"),
    ("S 2º Fica vedada", "paragrafo", "S 2º", "§ 2º", 2, " ", "Fica vedada"),
    ("5 34 Desacatar", "paragrafo", "5 34", "§ 34", 34, " ", "Desacatar"),
    ("Parágrafo único. A isenção", "paragrafo", "Parágrafo único", "Parágrafo único", None, ". ", "A isenção"),
    ("§ único. Aplica-se", "paragrafo", "§ único", "Parágrafo único", None, ". ", "Aplica-se"),
    ("PARÁGRAFO ÚNICO – Fica", "paragrafo", "PARÁGRAFO ÚNICO", "Parágrafo único", None, " – ", "Fica"),
    ("Parágrafo Único - Transporte", "paragrafo", "Parágrafo Único", "Parágrafo único", None, " - ", "Transporte"),
    ("IV - para-barro dianteiro", "inciso", "IV", "IV", 4, " - ", "para-barro dianteiro"),
    ("V- Composição", "inciso", "V", "V", 5, "- ", "Composição"),
    ("XII – facilitar", "inciso", "XII", "XII", 12, " – ", "facilitar"),
    ("a) multa;", "alinea", "a)", "a)", 1, " ", "multa;"),
    ("b)Penalidade: multa", "alinea", "b)", "b)", 2, "", "Penalidade: multa"),
    ("“b) Penalidade: multa", "alinea", "“b)", "b)", 2, " ", "Penalidade: multa"),
    ("3. terceiro item", "item", "3.", "3.", 3, " ", "terceiro item"),
    ("CAPÍTULO II", "agrupador", "CAPÍTULO II", "CAPÍTULO II", 2, "", ""),
    ("Capitulo IV", "agrupador", "Capitulo IV", "Capítulo IV", 4, "", ""),
    ("Seção III", "agrupador", "Seção III", "Seção III", 3, "", ""),
    ("TÍTULO I - DAS DISPOSIÇÕES GERAIS", "agrupador", "TÍTULO I", "TÍTULO I", 1, " - ", "DAS DISPOSIÇÕES GERAIS"),
]


@pytest.mark.parametrize("line,kind,printed,rotulo,value,sep,rest", CASES, ids=[c[0] for c in CASES])
def test_match_label(line, kind, printed, rotulo, value, sep, rest):
    lab = match_label(line, expected={"inciso": 1})
    assert lab is not None
    assert (lab.kind, lab.printed, lab.rotulo, lab.separator, lab.rest) == (kind, printed, rotulo, sep, rest)
    assert (lab.number.value if lab.number else None) == value


def test_suffixed_article():
    lab = match_label("Art. 5º-A Fica isento")
    assert lab.rotulo == "Art. 5º-A" and lab.number.suffixes == ("A",) and lab.rest == "Fica isento"


@pytest.mark.parametrize("line", [
    "1.000(mil) habitantes. E mais",
    "- denominado táxi, ônibus",
    "2° do art. 2° desta Lei",
    "50 (cinquenta) UPFM",
    "Seção I desta Lei dispõe",
    "5 dias após a publicação",
    "8 1.000 reais por infração",
    "Art5 sem ponto",
    "",
])
def test_not_labels(line):
    assert match_label(line) is None


@pytest.mark.parametrize("token,expected,value", [
    ("HI", 3, 3), ("TII", 3, 3), ("WI", 3, 3), ("HII", 3, 3), ("XH", 12, 12),
    ("Ii", 2, 2), ("ix", 9, 9), ("Xxv", 24, 25), ("XXvI", 26, 26), ("IV", None, 4),
])
def test_damaged_roman_numerals(token, expected, value):
    assert read_roman(token, expected)[0] == value


def test_damaged_numeral_must_fit_the_sequence():
    assert read_roman("XH", 3) is None
    assert read_roman("ix", 2) is None
    assert match_label("ix - todos", expected={"inciso": 2}) is None
    assert match_label("ix - todos", expected={"inciso": 9}).rotulo == "IX"


def test_misread_paragraph_sign_must_fit_the_sequence():
    assert match_label("8 3º O mototaxista", expected={"paragrafo": 3}).rotulo == "§ 3º"
    assert match_label("8 30 Não portar", expected={"paragrafo": 3}) is None
    assert match_label("8 3º o mototaxista") is None  # lower case after a misread sign: text


def test_ocr_off_accepts_only_canonical_labels():
    assert match_label("& 1º Para", ocr=False) is None
    assert match_label("HI - local", ocr=False, expected={"inciso": 3}) is None
    assert match_label("rt. 17 O", ocr=False) is None
    assert match_label("§ 1º Para", ocr=False).rotulo == "§ 1º"


def test_label_inside_a_sentence_is_text():
    text = (
        "LEI Nº 5, DE 1º DE JUNHO DE 2020.\n"
        "Art. 1º O prazo será contado na forma prevista no\n"
        "Art. 5º desta Lei e no regulamento.\n"
        "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n"
    ).encode()
    norma = read(text).norma
    assert [a.id for a in norma.artigos()] == ["art1", "art2"]
    assert norma.find("art1_cpt").text == "O prazo será contado na forma prevista no Art. 5º desta Lei e no regulamento."



def test_label_followed_by_a_comma_after_a_cut_sentence_is_text():
    """'… a que se refere o / Art. 12 , o imposto será …': a citation after a line cut, the
    sentence going on after a comma — no article begins with a comma."""
    text = (
        "LEI Nº 5, DE 1º DE JUNHO DE 2020.\n"
        "Art. 1º Nos serviços enquadráveis em mais de um dos itens a que se refere o\n"
        "Art. 12 , o imposto será calculado pelo preço de cada serviço.\n"
        "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n"
    ).encode()
    norma = read(text).norma
    assert [a.id for a in norma.artigos()] == ["art1", "art2"]
    assert norma.find("art1_cpt").text.endswith("se refere o Art. 12 , o imposto será calculado pelo preço de cada serviço.")

def test_repairs_are_reported_with_the_final_id():
    text = "LEI Nº 5, DE 1º DE JUNHO DE 2020.\nArt. 1º Texto:\nI - um;\nII - dois;\nHI - três.\n& 1º Parágrafo.\n".encode()
    result = read(text)
    repairs = {(d.where, d.before, d.after) for d in result.diagnostics if d.code == "reparo"}
    assert ("art1_cpt_inc3", "HI", "III") in repairs
    assert ("art1_par1", "&", "§") in repairs
    assert all(d.line for d in result.diagnostics if d.code == "reparo")


def test_roman_doctests():
    result = doctest.testmod(roman)
    assert result.attempted > 0 and result.failed == 0


def test_alineas_with_a_dash_only_in_sequence():
    text = (
        "LEI Nº 5, DE 1º DE JUNHO DE 2020.\nEmenta.\nArt. 1º São infrações:\nI - as leves:\n"
        "a - estacionar mal;\nb - buzinar à noite;\nII - as graves.\n"
        "Art. 2º O fiscal lavrará o auto quando\ne - somente quando - houver flagrante.\n"
    ).encode()
    norma = read(text).norma
    alineas = [(d.id, d.rotulo_printed, d.rotulo) for d in norma.dispositivos() if d.kind.value == "alinea"]
    assert alineas == [("art1_cpt_inc1_ali1", "a", "a)"), ("art1_cpt_inc1_ali2", "b", "b)")]
    assert norma.find("art2_cpt").text == "O fiscal lavrará o auto quando e - somente quando - houver flagrante."
