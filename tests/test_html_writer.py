"""The single-act HTML writer: golden pages, escaping, permalinks, compiled view, validity."""

from __future__ import annotations

import copy

import lxml.html
import pytest
from hypothesis import given, settings, strategies as st

from tests.conftest import GOLDEN, check_golden
from lexconsolida.errors import UsageError
from lexconsolida.model import Dispositivo, Kind, Norma
from tests.linkcheck import check_page
from tests.site_sample import lei_100
from lexconsolida.writers import get_writer, write

GOLDEN_HTML = GOLDEN / "html"


def _doc(data: bytes):
    return lxml.html.document_fromstring(data)


@pytest.mark.parametrize("view", ["vigente", "compilado"])
def test_golden_fictional_law(view, update_golden):
    data = write(lei_100(), "html", view=view)
    check_golden(GOLDEN_HTML / f"lei-100-2020-{view}.html", data, update_golden)


@pytest.mark.parametrize("view", ["vigente", "compilado"])
def test_page_is_valid(view):
    _, problems = check_page(write(lei_100(), "html", view=view))
    assert problems == []


def test_registry_and_determinism():
    assert get_writer("html")(lei_100()) == write(lei_100(), "html") == write(lei_100(), "html")


def test_inline_stylesheet_is_raw_css():
    doc = _doc(write(lei_100(), "html"))
    css = doc.xpath("//style")[0].text
    assert ".agrupador > h3" in css and '"DejaVu Serif"' in css and "&gt;" not in css


def test_unknown_view_and_option_are_usage_errors():
    with pytest.raises(UsageError, match="visão desconhecida"):
        write(lei_100(), "html", view="tudo")
    with pytest.raises(UsageError, match="opção desconhecida"):
        write(lei_100(), "html", cor="azul")


def test_writer_does_not_mutate_the_norma():
    norma = lei_100()
    before = copy.deepcopy(norma)
    write(norma, "html", view="compilado")
    assert norma == before


def test_script_and_ampersand_render_as_text():
    data = write(lei_100(), "html")
    doc = _doc(data)
    assert doc.xpath("//script") == []
    caput = doc.get_element_by_id("art1_cpt")
    assert "feiras livres & os mercados <script>alert(1)</script> do Município" in caput.text_content()
    assert b"&lt;script&gt;alert(1)&lt;/script&gt;" in data
    assert "feiras livres & os mercados" in doc.xpath("//p[@class='ementa']")[0].text_content()


def test_every_dispositivo_and_agrupador_has_a_permalink():
    norma = lei_100()
    doc = _doc(write(norma, "html"))
    for node in norma.walk():
        el = doc.get_element_by_id(node.id)
        assert el is not None, node.id
        if node.rotulo:
            assert doc.xpath(f"//a[@href='#{node.id}']"), node.id


def test_internal_citations_link_and_other_acts_stay_plain():
    doc = _doc(write(lei_100(), "html"))
    links = {a.text_content(): a.get("href") for a in doc.xpath("//a[@class='cit']")}
    assert links == {"inciso II do art. 3º": "#art3_cpt_inc2", "art. 3º": "#art3"}
    # A standalone page has no corpus: other acts are neither links nor "outside the corpus".
    assert doc.xpath("//cite") == []
    assert "Lei Federal nº 9.503/97" in doc.get_element_by_id("art1_cpt").text_content()


def test_vigente_shows_notes_and_revocation():
    doc = _doc(write(lei_100(), "html"))
    assert "(Redação dada pela Lei nº 120" in doc.get_element_by_id("art2_cpt").text_content()
    par = doc.get_element_by_id("art2_par1")
    assert "revogado" in par.get("class")
    assert "(Revogado pela Lei nº 120, de 1º de março de 2021)" in par.text_content()
    assert "isentos" not in par.text_content()
    assert doc.xpath("//del") == []


def test_compiled_view_strikes_superseded_wording_for_screen_readers():
    doc = _doc(write(lei_100(), "html", view="compilado"))
    art4 = doc.get_element_by_id("art4")
    struck = [d.text_content() for d in art4.xpath(".//del")]
    assert struck == [
        "Redação superada: Art. 4º A fiscalização cabe à Secretaria de Agricultura. (fim da redação superada)",
        "Redação superada: Art. 4º A fiscalização cabe à Secretaria de Fazenda. (fim da redação superada)",
    ]
    notes = [n.text_content() for n in art4.xpath(".//span[@class='nota']")]
    assert notes == ["(Redação dada pela Lei nº 120, de 1º de março de 2021)",
                     "(Redação dada pela Lei nº 130, de 1º de junho de 2022)"]
    current = doc.get_element_by_id("art4_cpt")
    assert "Secretaria de Abastecimento" in current.text_content()
    assert not current.xpath(".//del")
    assert all(s.get("class") == "sr-only" for s in art4.xpath(".//del/span"))


def test_compiled_view_keeps_ids_unique_with_history():
    data = write(lei_100(), "html", view="compilado")
    doc = _doc(data)
    ids = [e.get("id") for e in doc.xpath("//*[@id]")]
    assert len(ids) == len(set(ids))
    struck = [d.text_content() for d in doc.xpath("//div[@id='art2']//del")]
    assert any("§ 1º Ficam isentos" in t for t in struck)


def test_heading_structure_and_language():
    doc = _doc(write(lei_100(), "html"))
    assert doc.get("lang") == "pt-BR"
    assert [h.text_content() for h in doc.xpath("//h1")] == ["Lei nº 100, de 4 de maio de 2020"]
    levels = [int(h.tag[1]) for h in doc.iter("h1", "h2", "h3", "h4", "h5", "h6")]
    assert levels[:3] == [1, 2, 2] and 4 in levels  # Seção under Capítulo
    assert "Este texto não substitui o publicado no Diário Oficial" in doc.text_content()
    assert doc.xpath("//a[@class='pular' and @href='#conteudo']")


def test_empty_articulacao_and_missing_labels_still_valid():
    norma = Norma(tipo="Resolução", articulacao=[
        Dispositivo(Kind.ARTIGO, "art1", None, children=[Dispositivo(Kind.CAPUT, "art1_cpt", text="Sem rótulo.")]),
    ])
    _, problems = check_page(write(norma, "html"))
    assert problems == []
    _, problems = check_page(write(Norma(), "html"))
    assert problems == []


_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=80)


@settings(max_examples=40, deadline=None)
@given(caput=_TEXT, ementa=_TEXT)
def test_any_text_is_escaped_and_page_stays_valid(caput, ementa):
    norma = Norma(tipo="Lei", numero="1", data="2020-01-01", ementa=ementa, articulacao=[
        Dispositivo(Kind.ARTIGO, "art1", "Art. 1º", children=[
            Dispositivo(Kind.CAPUT, "art1_cpt", text=caput)])])
    data = write(norma, "html")
    _, problems = check_page(data)
    assert problems == []
    doc = _doc(data)
    assert doc.xpath("//script") == []
    shown = doc.get_element_by_id("art1_cpt").text_content()
    assert " ".join(caput.split()) in " ".join(shown.split())


def test_list_units_are_indented_by_where_they_sit_not_by_kind():
    """An alínea directly under a caput or a § sits at the first list level (class nivel-1,
    indented as an inciso); under an inciso it keeps its own indentation; an item under such an
    alínea is one level up too."""
    from lexconsolida.readers.text import read

    text = ("LEI Nº 5, DE 2 DE MARÇO DE 2020\n\nDispõe.\n\nArt. 1º O conselho tem:\na) um presidente;\n"
            "b) dois membros:\n1. um da Câmara;\n2. um do Executivo.\nArt. 2º As taxas são:\nI - de feira:\n"
            "a) por metro;\nb) por dia.\n\nPrefeitura Municipal de Vila Nova, 2 de março de 2020.\n")
    page = lxml.html.fromstring(write(read(text.encode(), path="a.txt").norma, "html"))
    classes = {p.get("id"): p.get("class") for p in page.iter("p") if p.get("id")}
    assert classes["art1_cpt_ali1"] == "disp alinea nivel-1"
    assert classes["art1_cpt_ali2_ite1"] == "disp item nivel-2"
    assert classes["art2_cpt_inc1_ali1"] == "disp alinea"
    css = page.findtext(".//style")
    assert ".disp.nivel-1 { margin-left: 1.5rem; }" in css and ".alinea { margin-left: 3rem; }" in css
