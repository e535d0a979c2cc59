"""Rule join_text: lines joined with single spaces; end-of-line hyphenation undone, real hyphens kept."""

import pytest

from lexconsolida.readers.text import read
from lexconsolida.readers.text.join import join_lines


@pytest.mark.parametrize("fragments,text,repaired", [
    (["serviço de", "transporte"], "serviço de transporte", []),
    (["Administra-", "ção pública"], "Administração pública", [(1, "Administra-\nção", "Administração")]),
    (["IV - para-", "barro dianteiro"], "IV - para-barro dianteiro", []),
    (["aplicar-", "se-á a pena"], "aplicar-se-á a pena", []),
    (["julgá-", "lo no prazo"], "julgá-lo no prazo", []),
    (["vice-", "prefeito"], "vice-prefeito", []),
    (["transporte individual", "- denominado táxi"], "transporte individual - denominado táxi", []),
    (["Pedra Preta-", "MT"], "Pedra Preta-MT", []),
    (["  espaços  ", "", "  demais "], "espaços demais", []),
])
def test_join_lines(fragments, text, repaired):
    assert join_lines(fragments) == (text, repaired)


def test_dehyphenation_is_reported_at_its_line():
    text = "LEI Nº 1, DE 2 DE JANEIRO DE 2020.\nEmenta.\nArt. 1º Compete à Secretaria de Administra-\nção a fiscalização.\n"
    result = read(text.encode())
    assert result.norma.find("art1_cpt").text == "Compete à Secretaria de Administração a fiscalização."
    (rep,) = [d for d in result.diagnostics if d.code == "reparo"]
    assert (rep.line, rep.where, rep.before, rep.after) == (4, "art1_cpt", "Administra-\nção", "Administração")


def test_switched_off_keeps_the_lines():
    text = "LEI Nº 1, DE 2 DE JANEIRO DE 2020.\nEmenta.\nArt. 1º Primeira linha\nsegunda linha.\n"
    result = read(text.encode(), disable={"join_text"})
    assert result.norma.find("art1_cpt").text == "Primeira linha\nsegunda linha."
