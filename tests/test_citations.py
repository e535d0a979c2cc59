"""The citation recogniser: acts and dispositivos as real texts print them (typos included)."""

import doctest

import pytest
from hypothesis import given, strategies as st
from num2words import num2words

from lexconsolida import citations
from lexconsolida.citations import find, find_acts, find_dispositivos


def test_doctests():
    result = doctest.testmod(citations)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("text, key, data, esfera", [
    ("Lei nº 2.217/2001", ("lei", "2217", 2001), None, None),
    ("Lei Municipal nº 2.244/01", ("lei", "2244", 2001), None, "municipal"),
    ("Lei nº 4,100, de 07 de agosto de 2019", ("lei", "4100", 2019), "2019-08-07", None),
    ("Decreto nº de 4.213", ("decreto", "4213", None), None, None),
    ("LEI Nº 2217, DE 6/1/2001", ("lei", "2217", 2001), "2001-01-06", None),
    ("Lei Federal 8.987/95.", ("lei", "8987", 1995), None, "federal"),
    ("Decreto-lei nº 5.452, de 1º de maio de 1943", ("decreto.lei", "5452", 1943), "1943-05-01", None),
    ("Lei no 9.503, de 23 de setembro de 1997", ("lei", "9503", 1997), "1997-09-23", None),
    ("Lei Complementar nº 95, de 26 de fevereiro de 1998", ("lei.complementar", "95", 1998), "1998-02-26", None),
])
def test_act_citations(text, key, data, esfera):
    (c,) = find_acts(text)
    assert (c.act.key, c.act.data, c.act.esfera) == (key, data, esfera)
    assert text.startswith(c.text)


def test_several_numbers_after_one_type():
    text = "alterada pelas Leis Municipais nºs 2.331/2002 e 2.421/2003, a seguinte redação"
    cs = find_acts(text)
    assert [c.act.key for c in cs] == [("lei", "2331", 2002), ("lei", "2421", 2003)]
    assert [text[c.start:c.end] for c in cs] == ["Leis Municipais nºs 2.331/2002", "2.421/2003"]


def test_seven_acts_of_the_minuta_article_31():
    text = ("Revogam-se a Lei Nº 4.092, de 06 de junho de 2019, Lei Nº 4.120, de 12 de outubro de\n"
            "2019, Lei Nº 4.121 de 12 de outubro de 2019 e Lei Nº 4,100, de 07 de agosto de 2019, e do\n"
            "Decreto Nº de 4.213, de 04 de novembro de 2019, Decreto Nº 4.264, de 14 de janeiro de 2020\n"
            "e Decreto Nº 4.436, de 26 de agosto de 2020.")
    got = [(c.act.tipo, c.act.numero, c.act.data) for c in find_acts(text)]
    assert got == [
        ("lei", "4092", "2019-06-06"), ("lei", "4120", "2019-10-12"), ("lei", "4121", "2019-10-12"),
        ("lei", "4100", "2019-08-07"), ("decreto", "4213", "2019-11-04"),
        ("decreto", "4264", "2020-01-14"), ("decreto", "4436", "2020-08-26"),
    ]


def test_known_names():
    (c,) = find_acts("revoga o art. 233 da Constituição Federal.")
    assert c.act.urn == "urn:lex:br:federal:constituicao:1988-10-05;1988"
    (c,) = find_acts("da Consolidação das Leis do Trabalho")
    assert c.act.urn == "urn:lex:br:federal:decreto.lei:1943-05-01;5452"


@pytest.mark.parametrize("text, ids", [
    ("art. 3º, inciso II, alínea b", ("art3_cpt_inc2_ali2",)),
    ("§ 2º do art. 16", ("art16_par2",)),
    ("parágrafo único do art. 5º", ("art5_par1u",)),
    ("as alíneas \"a\" e \"b\" dos incisos I e II, do art. 3º",
     ("art3_cpt_inc1_ali1", "art3_cpt_inc1_ali2", "art3_cpt_inc2_ali1", "art3_cpt_inc2_ali2")),
    ("ao inciso II, parágrafo único do art. 3º", ("art3_par1u_inc2",)),
    ("aos incisos I e II e suas respectivas alíneas \"a\", \"b\", e \"c\", do Art. 3º",
     ("art3_cpt_inc1", "art3_cpt_inc1_ali1", "art3_cpt_inc1_ali2", "art3_cpt_inc1_ali3",
      "art3_cpt_inc2", "art3_cpt_inc2_ali1", "art3_cpt_inc2_ali2", "art3_cpt_inc2_ali3")),
    ("no art. 3º, inciso I, alíneas \"a\", \"b\" e \"c\", e inciso II, alíneas \"a\" e \"c\".",
     ("art3_cpt_inc1_ali1", "art3_cpt_inc1_ali2", "art3_cpt_inc1_ali3",
      "art3_cpt_inc2_ali1", "art3_cpt_inc2_ali3")),
    ("no § 3º do artigo 899 e no artigo 902 e seus parágrafos", ("art899_par3", "art902")),
    ("a alínea \" f \" do inciso I do artigo 702, a alínea \" b \" do artigo 894",
     ("art702_cpt_inc1_ali6", "art894_cpt_ali2")),
    ("o Art. 5º-A e os arts. 7º a 9º", ("art5-1", "art7", "art8", "art9")),
    ("inciso XXIX do art. 7º", ("art7_cpt_inc29",)),
    ("a alínea a do inciso I do caput do art. 5º", ("art5_cpt_inc1_ali1",)),
    ("art. 16, VII, § 1º", ("art16_cpt_inc7", "art16_par1")),  # a § after an inciso: its sibling
    ("três parágrafos ao art..3º", ("art3",)),  # a doubled dot, as typed
])
def test_dispositivo_citations(text, ids):
    (c,) = find_dispositivos(text)
    assert c.ids == ids


def test_dispositivo_with_its_act_and_context_acts():
    text = ("Dê-se aos incisos I e II do art. 3º da Lei nº 2.217/2001, alterada pela Lei nº "
            "2.331/2002, a seguinte redação:")
    cs = find(text)
    assert [(c.ids, c.act.key) for c in cs] == [
        (("art3_cpt_inc1", "art3_cpt_inc2"), ("lei", "2217", 2001)),
        ((), ("lei", "2331", 2002)),
    ]
    assert cs[0].text == "incisos I e II do art. 3º da Lei nº 2.217/2001"


def test_self_reference_and_incomplete_chain():
    (c,) = find_dispositivos("nos termos do parágrafo único do art. 5º desta Lei")
    assert c.proprio and c.ids == ("art5_par1u",)
    (c,) = find_dispositivos("o inciso II")
    assert c.incompleto and c.ids == ("inc2",)


def test_resolver_fills_targets():
    urn = "urn:lex:br;bahia;feira.santana:municipal:lei:2001-01-05;2217"
    cs = find("o § 1º do art. 5º da Lei nº 2.217/2001", resolve=lambda ref: urn if ref.numero == "2217" else None)
    assert cs[0].target == urn + "!art5_par1"


def test_spans_are_exact():
    text = "Conforme o art. 6º da Lei nº  1.889, de 1º de abril de 1997, e a Lei Federal 8.987/95."
    for c in find(text):
        assert text[c.start:c.end] == c.text


def test_bills_are_not_acts():
    assert find_acts("através do Projeto de Lei nº 125/2000, de autoria do Edil") == []


def test_ascending_chains_joined_by_e():
    (c,) = find_dispositivos("o inciso III do art. 4º e o § 2º do art. 7º")
    assert c.ids == ("art4_cpt_inc3", "art7_par2")
    (c,) = find_acts("da Lei nº 123, de 2010, que dispõe")
    assert c.act.key == ("lei", "123", 2010)


def test_desta_lei_alone_is_a_self_citation():
    text = "Incorrerá em infração às disposições desta Lei e do art. 5º desta Lei."
    cs = find(text)
    assert [(c.text, c.proprio, c.ids) for c in cs] == [("desta Lei", True, ()), ("art. 5º desta Lei", True, ("art5",))]


# --- numbers written in words, and labels that end where the text begins -----------------------

@pytest.mark.parametrize("text, ids", [
    ("o parágrafo quarto, do artigo sétimo, passa a ter", ("art7_par4",)),
    ("o § 2º, do artigo dezoito, fica revogado", ("art18_par2",)),
    ("o artigo vinte e três passa a ter", ("art23",)),
    ("o artigo décimo segundo e o artigo setimo", ("art12", "art7")),  # unaccented, as typed
    ("os parágrafos primeiro e segundo do artigo onze", ("art11_par1", "art11_par2")),
    ("o ARTIGO CENTO E DEZ", ("art110",)),
])
def test_numbers_in_words(text, ids):
    (c,) = find_dispositivos(text)
    assert c.ids == ids and not c.incompleto


def test_um_is_not_a_number_of_an_article():
    """'terá um parágrafo único': 'um' is the indefinite article; LC 95 reads 'artigo primeiro'."""
    cs = find_dispositivos("o artigo doze terá um parágrafo único, com a seguinte redação")
    assert [c.ids for c in cs] == [("art12",), ("par1u",)]
    assert find_dispositivos("conforme o artigo um do regulamento") == []


@given(st.integers(min_value=1, max_value=999), st.sampled_from(["cardinal", "ordinal"]),
       st.sampled_from(["artigo", "parágrafo"]))
def test_spelled_numbers_invert_num2words(n, to, kind):
    """The word table reads back what num2words (pt_BR) writes, every number to 999."""
    words = num2words(n, lang="pt_BR", to=to)
    if words in ("um", "uma"):
        return
    text = f"o {kind} {words} da Lei nº 10/2001, passa"
    (c,) = find_dispositivos(text)
    assert c.ids == ((f"art{n}",) if kind == "artigo" else (f"par{n}",))
    assert c.text.endswith("10/2001")


@pytest.mark.parametrize("text, ids", [
    ("Art. 9º A - O servidor fará jus", ("art9-1",)),
    ("Art. 12-B - A comissão", ("art12-2",)),
    ("art. 5º-A-B e art. 18 - A", ("art5-1-2", "art18-1")),
])
def test_suffixed_article_before_its_text(text, ids):
    """A label's suffix letter, then the text's first word ('O', 'A'): one suffix, no crash."""
    (c,) = find_dispositivos(text)
    assert c.ids == ids


_PIECES = ["art.", "Art.", "artigo", "§", "parágrafo", "inciso", "alínea", "item", "caput", "único",
           "9º", "A", "-", "O", "I", "II", "a", "\"b\"", ",", "e", "do", "da", "(", ")", "ex", "nono",
           "vinte", "um", "Lei", "nº", "1.234/2001", "desta", "seus", "respectivos", "5º-A", "10"]


@given(st.lists(st.sampled_from(_PIECES), max_size=14), st.sampled_from([" ", "", "  "]))
def test_any_text_gives_citations_with_exact_spans(pieces, sep):
    """Whatever the words, the recogniser answers (never raises) and its spans are exact."""
    text = sep.join(pieces)
    for c in find(text):
        assert text[c.start:c.end] == c.text


# --- lists of dispositivos that print their article (and the units above) once ----------------

@pytest.mark.parametrize("text, ids", [
    # the tail after the last member's head is shared by the members before it
    ("Ficam alterados o inciso III, e a alínea \"b\", do inciso IV, do § 3º, do art. 20 da Lei",
     ("art20_par3_inc3", "art20_par3_inc4_ali2")),
    ("o § 2º, o § 5º, e o § 6º, do art. 41", ("art41_par2", "art41_par5", "art41_par6")),
    ("os §§ 1º e 3º e o § 4º do art. 8º", ("art8_par1", "art8_par3", "art8_par4")),
    # the head of the later member is its own: the alíneas are the inciso's, not the §'s
    ("as alíneas a e b do inciso II e o parágrafo único do art. 9º",
     ("art9_cpt_inc2_ali1", "art9_cpt_inc2_ali2", "art9_par1u")),
    ("o inciso V e o § 1º do art. 30", ("art30_cpt_inc5", "art30_par1")),
    # a list printed from the article down keeps the article for the members after it
    ("os incisos IV e V, o parágrafo 2º, alíneas \"A\" e \"B\" do artigo 12, e inciso II do artigo 70",
     ("art12_cpt_inc4", "art12_cpt_inc5", "art12_par2_ali1", "art12_par2_ali2", "art70_cpt_inc2")),
    ("art. 7º, § 2º, inciso I, e § 3º", ("art7_par2_inc1", "art7_par3")),
    ("art. 7º, § 2º, inciso I, § 3º e § 4º", ("art7_par2_inc1", "art7_par3", "art7_par4")),
    ("o caput do artigo 6º e os incisos I e IV", ("art6_cpt", "art6_cpt_inc1", "art6_cpt_inc4")),
    ("o caput do art. 6º e o § 2º", ("art6_cpt", "art6_par2")),
    ("art. 15, incisos I e II, parágrafo único", ("art15_cpt_inc1", "art15_cpt_inc2", "art15_par1u")),
    # members joined by 'e' each keep their own article
    ("o art. 3º, e o inciso XX, do art. 4º", ("art3", "art4_cpt_inc20")),
    ("o artigo 40 e o parágrafo 1º da Lei", ("art40", "art40_par1")),
    ("incisos II e III do artigo 10, inciso IV do artigo 11, § 2º do artigo 12",
     ("art10_cpt_inc2", "art10_cpt_inc3", "art11_cpt_inc4", "art12_par2")),
    ("o item 3, alínea c, inciso II, do art. 5º", ("art5_cpt_inc2_ali3_ite3",)),
])
def test_lists_share_what_they_print_once(text, ids):
    (c,) = find_dispositivos(text)
    assert c.ids == ids and not c.incompleto


_ROMANS = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"]


@given(st.lists(st.integers(min_value=1, max_value=10), min_size=1, max_size=4, unique=True),
       st.integers(min_value=1, max_value=9), st.integers(min_value=1, max_value=300),
       st.sampled_from([", e o ", " e o ", ", o "]))
def test_shared_tail_property(incisos, par, art, sep):
    """'o inciso A<sep>o inciso B … do § P do art. N': every inciso is of § P of art. N."""
    members = [f"inciso {_ROMANS[i - 1]}" for i in incisos]
    text = "Ficam revogados o " + sep.join(members) + f", do § {par}º, do art. {art} da Lei nº 5/2001"
    (c,) = find_dispositivos(text)
    assert c.ids == tuple(f"art{art}_par{par}_inc{i}" for i in incisos)
    assert c.act is not None and c.act.numero == "5"


# --- citations inside the ementa of a cited act ------------------------------------------------

def test_citations_in_a_quoted_ementa_are_marked():
    text = ('A Lei nº 400, de 2 de março de 1995, que "Regulamenta o Art. 12, VII, da Lei Orgânica '
            'Municipal", passa a vigorar com as seguintes alterações:')
    cs = find(text)
    assert [(c.ids, c.na_ementa) for c in cs] == [((), False), (("art12_cpt_inc7",), True)]
    blanked = citations.blank_ementas(text)
    assert len(blanked) == len(text) and "Art. 12" not in blanked and "passa a vigorar" in blanked
    text = "o inciso I do art. 5º da Lei Complementar nº 41 (que altera o art. 9º da Lei nº 7), passa"
    assert [(c.ids, c.na_ementa) for c in find(text)] == [(("art5_cpt_inc1",), False), (("art9",), True)]
    # a quote never closed marks nothing
    assert not any(c.na_ementa for c in find('a Lei nº 400, que "Regulamenta o art. 12 e o art. 13'))


@pytest.mark.parametrize("text, ids, other", [
    ("Dê-se ao caput do Art. 9º (ex art. 10) a seguinte redação", ("art9_cpt",), ("art10",)),
    ("o art. 12 (atual art. 11) da Lei nº 50/1990 passa", ("art12",), ("art11",)),
    ("o § 1º (antigo § 2º) do art. 4º", ("art4_par1",), ("par2",)),
    ("o art. 3º (ex-art. 4º), da Lei nº 7", ("art3",), ("art4",)),
])
def test_former_number_in_parentheses_is_not_a_second_citation(text, ids, other):
    (c,) = find_dispositivos(text)
    assert (c.ids, c.outra_numeracao) == (ids, other)
    assert ")" in c.text
    # a parenthesis that is not another number leaves the citation alone
    assert [c.outra_numeracao for c in find_dispositivos("o art. 5º (vide Lei nº 3) passa")] == [()]


@pytest.mark.parametrize("text, ids, why", [
    ("O parágrafo segundo, do inciso III, do art. 6º, da Lei nº 10/2001, passa", (),
     "um parágrafo não fica dentro de um inciso (LC 95/1998, art. 10)"),
    ("a alínea c do item 2 do art. 9º", (), "uma alínea não fica dentro de um item (LC 95/1998, art. 10)"),
    ("o inciso II do art. 4º e o § 1º do inciso I do art. 8º", ("art4_cpt_inc2",),
     "um parágrafo não fica dentro de um inciso (LC 95/1998, art. 10)"),
    ("a alínea a do inciso I do caput do art. 5º", ("art5_cpt_inc1_ali1",), None),
])
def test_a_chain_that_names_no_unit_is_not_reordered(text, ids, why):
    """'o parágrafo segundo, do inciso III': sorting the units would name inciso III of § 2º,
    another unit than the text's; the chain is left out and says why."""
    (c,) = find_dispositivos(text)
    assert (c.ids, c.conflito) == (ids, why)


@pytest.mark.parametrize("text, ids", [
    # alíneas as older texts cite them: 'letra(s)'
    ("pelas letras C e D do art. 40, da Lei nº 12, de 3 de maio de 1950", ("art40_cpt_ali3", "art40_cpt_ali4")),
    ("no art. 40, parágrafo único, letras A e B, da Lei nº 12", ("art40_par1u_ali1", "art40_par1u_ali2")),
    ("NAS LETRAS A E B DO ART. 40", ("art40_cpt_ali1", "art40_cpt_ali2")),
    ("o artigo 80, da letra \"D\", da Lei nº 12", ("art80_cpt_ali4",)),  # the article is the root
    # 'parágrafo único' written '§ único' or in quotes
    ("O inciso III, do \"parágrafo único\" do art. 20, da Lei nº 12", ("art20_par1u_inc3",)),
    ("o § único do art. 7º", ("art7_par1u",)),
    # upper-case lists and ranges
    ("OS INCISOS I E II DO ART. 5º", ("art5_cpt_inc1", "art5_cpt_inc2")),
    ("ARTS. 11 A 13 DA LEI Nº 12", ("art11", "art12", "art13")),
    # bare article numbers after a unit of an earlier article of the same list
    ("Aos arts. 4º, inciso II, 6º, 8º, § único e 9º, da Lei nº 12", ("art4_cpt_inc2", "art6", "art8_par1u", "art9")),
    ("os artigos 50, § 1º e, 90, do Regimento Interno", ("art50_par1", "art90")),
    # the § sign printed again inside a range or list
    ("os § 2º a § 4º do art. 30", ("art30_par2", "art30_par3", "art30_par4")),
])
def test_older_and_upper_case_forms(text, ids):
    (c,) = find_dispositivos(text)
    assert c.ids == ids


@pytest.mark.parametrize("text, ids", [("impressos com letras e números", []),
                                       ("EM LETRAS E NÚMEROS LEGÍVEIS", []),
                                       ("os arts. 4º, inciso II, 10 dias depois", [("art4_cpt_inc2",)])])
def test_words_that_only_look_like_citations(text, ids):
    assert [c.ids for c in find_dispositivos(text)] == ids


@given(st.integers(min_value=1, max_value=250), st.one_of(st.none(), st.integers(min_value=1, max_value=12)),
       st.integers(min_value=1, max_value=10), st.one_of(st.none(), st.integers(min_value=1, max_value=8)),
       st.sampled_from([" ", ", "]))
def test_ascending_and_descending_chains_name_the_same_unit(art, par, inc, ali, comma):
    """'a alínea b do inciso III do § 2º do art. 40' and 'art. 40, § 2º, inciso III, alínea b'."""
    up = ([f"alínea {chr(96 + ali)}"] if ali else []) + [f"inciso {_ROMANS[inc - 1]}"] \
        + ([f"§ {par}º"] if par else []) + [f"art. {art}"]
    text_up = "o " + (comma.rstrip() + " do ").join(up)
    down = [f"art. {art}"] + ([f"§ {par}º"] if par else []) + [f"inciso {_ROMANS[inc - 1]}"] \
        + ([f"alínea {chr(96 + ali)}"] if ali else [])
    text_down = ", ".join(down)
    want = f"art{art}" + (f"_par{par}" if par else "_cpt") + f"_inc{inc}" + (f"_ali{ali}" if ali else "")
    (c,) = find_dispositivos(text_up)
    assert c.ids == (want,), text_up
    (c,) = find_dispositivos(text_down)
    assert c.ids == (want,), text_down


def test_act_named_and_numbered_in_apposition_is_one_act():
    text = "o parágrafo único do artigo 40 do Código Tributário do Município de Vila Nova - Lei nº 300/79, passa"
    (c,) = find(text)
    assert (c.ids, c.act.key, c.act.nome) == (("art40_par1u",), ("lei", "300", 1979), "Código Tributário Municipal")
    (c,) = find_acts("o Código de Posturas, Lei Complementar nº 12/1990, dispõe")
    assert (c.act.key, c.act.nome) == (("lei.complementar", "12", 1990), "Código de Posturas")
    # the number first and the name in parentheses: the name is not a second act
    assert [c.act.key for c in find_acts("da Lei Complementar nº 3/2000 (Código Tributário Municipal), que")] == [
        ("lei.complementar", "3", 2000)]
    # a list is not an apposition; the Lei Orgânica keeps its own type (it is filed as lei.organica)
    assert [c.act.key for c in find_acts("o Código de Posturas e a Lei nº 5/2001")] == [
        ("lei", None, None), ("lei", "5", 2001)]
    assert [c.act.tipo for c in find_acts("da Lei Orgânica do Município (Lei nº 37/90)")] == ["lei.organica", "lei"]


# --- the forms the instruction grammar needed (issue 34): written for these tests -----------------

@pytest.mark.parametrize("text, ids", [
    # a range of letters names every letter between (it kept only the two ends)
    ("as alíneas “a” a “c” do inciso II do art. 1º", ("art1_cpt_inc2_ali1", "art1_cpt_inc2_ali2", "art1_cpt_inc2_ali3")),
    ("as alíneas b a d do inciso I do art. 2º", ("art2_cpt_inc1_ali2", "art2_cpt_inc1_ali3", "art2_cpt_inc1_ali4")),
    ("os arts. 1º ao 5º e art. 7º", ("art1", "art2", "art3", "art4", "art5", "art7")),
    ("os artigos de nºs 43 à 45", ("art43", "art44", "art45")),
    ("o parágrafo único do artigo1º", ("art1_par1u",)),
])
def test_ranges_and_spellings_of_dispositivos(text, ids):
    (c,) = [c for c in find(text) if c.ids]
    assert c.ids == ids


def test_a_unit_then_the_place_is_not_a_range():
    """'o § 3º ao art. 5º' (an inclusion's place), never a range: 'ao' is a range only before a number."""
    (c,) = find("acrescente-se o § 3º ao art. 5º")
    assert c.ids == ("art5_par3",)


@pytest.mark.parametrize("text, keys, dates", [
    # numbers separated by ';' (and 'e') after one type: every act is cited
    ("as Leis nº 2.316, de 13 de março de 2002; nº 2.984, de 4 de maio de 2009 e nº 3.190, de 17 de maio de 2011",
     [("lei", "2316", 2002), ("lei", "2984", 2009), ("lei", "3190", 2011)], ["2002-03-13", "2009-05-04", "2011-05-17"]),
    ("pelas Leis nº 3.466, de 03 de setembro de 2014, e nº 3.557, de 19 de agosto de 2015",
     [("lei", "3466", 2014), ("lei", "3557", 2015)], ["2014-09-03", "2015-08-19"]),
    # dates as real texts print them
    ("a Lei nº 336, de 6 Dezembro de 1961", [("lei", "336", 1961)], ["1961-12-06"]),
    ("a Lei nº 628, de 04 de julho de 1.969", [("lei", "628", 1969)], ["1969-07-04"]),
    ("as Leis nº 1.044/87, de 25.05.87 e 1.134/88", [("lei", "1044", 1987), ("lei", "1134", 1988)], ["1987-05-25", None]),
    ("a Lei Promulgada nº 43/1992", [("lei", "43", 1992)], [None]),
])
def test_lists_and_dates_of_acts(text, keys, dates):
    cs = find_acts(text)
    assert [c.act.key for c in cs] == keys
    assert [c.act.data for c in cs] == dates


@pytest.mark.parametrize("text, ids, act", [
    ("Dê-se nova redação à denominação do Capítulo V da Lei nº 10/2000", ("cap5",), ("lei", "10", 2000)),
    ("à denominação da Seção IV do Capítulo III da Lei nº 10/2000", ("cap3_sec4",), ("lei", "10", 2000)),
    ("Suprima-se todo o Capítulo I do Título I", ("tit1_cap1",), None),
])
def test_agrupadores_only_when_asked(text, ids, act):
    """Agrupadores are cited for the instruction grammar (``agrupadores=True``), never for the
    linker (a chapter is no page anchor)."""
    (c,) = [c for c in find(text, agrupadores=True) if c.agrupador]
    assert c.ids == ids and (c.act.key if c.act else None) == act
    assert not [c for c in find(text) if c.agrupador]


@pytest.mark.parametrize("text, nome", [
    ("o art. 5º do Estatuto dos Servidores Públicos do Município", "Estatuto dos Servidores"),
    ("o art. 10 do Plano Diretor de Desenvolvimento Urbano", "Plano Diretor"),
    ("Acrescente-se art. 10 ao Projeto, com a seguinte redação:", "Projeto"),
])
def test_acts_cited_by_name(text, nome):
    (c,) = [c for c in find_acts(text)]
    assert c.act.nome == nome and c.act.numero is None


def test_a_program_named_projeto_is_no_act():
    assert find_acts("o Projeto Minha Casa Minha Vida") == []
