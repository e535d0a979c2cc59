"""Regression: incisos printed 'I.' or 'I)' and alíneas printed 'a.' (common in municipal
drafts) were read as text. They are accepted only as the numeral or letter the list expects
next, so a sentence opening with 'I.' or 'e.' is not taken for a label."""

from lexconsolida.readers.text import read

LAW = """LEI Nº 55, DE 3 DE MARÇO DE 2021
Dispõe sobre a poda de árvores.
Art. 1º A poda depende de autorização, observado o seguinte:
I. pedido por escrito;
II. vistoria prévia, que verificará:
a. o estado da árvore;
b. o risco à rede elétrica;
III) taxa paga.
Art. 2º O pedido será instruído com fotografias.
V. Mesmo assim, a autoridade poderá indeferir.
Art. 3º Esta Lei entra em vigor na data de sua publicação.
Vila Nova, 3 de março de 2021.
"""


def units(text):
    norma = read(text.encode("utf-8"), path="lei.txt").norma
    return [(d.id, d.rotulo_printed, d.rotulo, d.text) for d in norma.dispositivos()]


def test_dot_and_parenthesis_labels():
    got = {i: (p, r) for i, p, r, _ in units(LAW)}
    assert got["art1_cpt_inc1"] == ("I", "I")
    assert got["art1_cpt_inc2"] == ("II", "II")
    assert got["art1_cpt_inc2_ali1"] == ("a", "a)")
    assert got["art1_cpt_inc2_ali2"] == ("b", "b)")
    assert got["art1_cpt_inc3"] == ("III", "III")


def test_unexpected_numeral_with_a_period_stays_text():
    texts = {i: t for i, _, _, t in units(LAW)}
    assert "art2_cpt_inc1" not in texts and "art2_cpt_inc5" not in texts
    assert texts["art2_cpt"].endswith("fotografias. V. Mesmo assim, a autoridade poderá indeferir.")
