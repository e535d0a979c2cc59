"""The model's value objects: numbers, labels, ids, URNs, dates (doctests plus properties)."""

import doctest

import pytest
from hypothesis import given, strategies as st

from lexconsolida.model import clauses, dates, ids, numbering, urn
from lexconsolida.model.ids import LexId
from lexconsolida.model.numbering import Number, int_to_letter, int_to_roman, letter_to_int, roman_to_int


@pytest.mark.parametrize("module", [clauses, dates, ids, numbering, urn])
def test_doctests(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


@given(st.integers(min_value=1, max_value=3999))
def test_roman_round_trip(n):
    assert roman_to_int(int_to_roman(n)) == n


@given(st.integers(min_value=1, max_value=700))
def test_letter_round_trip(n):
    assert letter_to_int(int_to_letter(n)) == n


@given(st.integers(min_value=1, max_value=500), st.lists(st.sampled_from("ABCDEFGH"), max_size=2))
def test_number_id_round_trip(n, sufs):
    num = Number(n, tuple(sufs))
    assert Number.from_id_part(num.id_part) == num


def test_lexid_rejects_garbage():
    for bad in ["", "art", "xx1", "art1__par1", "art1 par1"]:
        if bad == "art":
            assert LexId.parse(bad).number is None
            continue
        with pytest.raises(ValueError):
            LexId.parse(bad)


def test_urn_round_trip_examples():
    for text in [
        "urn:lex:br:federal:constituicao:1988-10-05;1988",
        "urn:lex:br;mato.grosso;pedra.preta:municipal:lei:2015-05-12;846!art55_par13",
        "urn:lex:br:federal:constituicao:1988-10-05;1988@2015-02-26;alteracao;2015-02-26",
    ]:
        assert str(urn.Urn.parse(text)) == text


def test_urn_type_drops_articles_and_prepositions_as_lexml_does():
    """'Emenda à Lei Orgânica' is ``emenda.lei.organica`` in the LexML samples and in the
    citations' vocabulary: a heading and a citation of the same act give the same URN."""
    from lexconsolida.citations import find_acts

    built = urn.Urn.build(tipo="Emenda à Lei Orgânica", data="2019-03-01", numero="1",
                          uf="Bahia", municipio="Feira de Santana")
    assert str(built) == "urn:lex:br;bahia;feira.santana:municipal:emenda.lei.organica:2019-03-01;1"
    cited = find_acts("conforme a Emenda à Lei Orgânica nº 1, de 1º de março de 2019")[0].act
    assert cited.tipo == built.tipo
    assert urn.slug("Santa Rita do Passa Quatro") == "santa.rita.passa.quatro"
