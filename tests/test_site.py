"""The gazette site: pages, links, relations, versions, search index, incrementality."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import lxml.html
import pytest

from lexconsolida.site import SiteCorpus, build_site
from tests.linkcheck import check_page, check_site
from tests.site_sample import LEI_100, fictional_corpus, lei_100
from lexconsolida.site.search import terms
from lexconsolida.site.versions import version_dates
from lexconsolida.transforms.pointintime import at as text_at
from tests.conftest import ROOT

DOCS = ROOT / "docs" / "site"
LEI = "sp-vila-exemplo/lei-100-2020"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    build_site(fictional_corpus(), out, docs_dir=DOCS)
    return out


def _doc(path: Path):
    return lxml.html.document_fromstring(path.read_bytes())


def test_whole_site_is_valid_and_has_no_broken_link(site):
    assert check_site(site) == []
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    assert pages == [
        "busca.html", "index.html",
        "indice/sp-vila-exemplo/decreto-2021.html", "indice/sp-vila-exemplo/lei-2019.html",
        "indice/sp-vila-exemplo/lei-2020.html", "indice/sp-vila-exemplo/lei-2021.html",
        "sobre.html",
        "sp-vila-exemplo/decreto-15-2021/compilado.html",
        "sp-vila-exemplo/decreto-15-2021/index.html",
        f"{LEI}/compilado.html", f"{LEI}/index.html",
        f"{LEI}/versoes/2020-05-04.html", f"{LEI}/versoes/2021-03-01.html",
        f"{LEI}/versoes/2022-06-01.html",
        "sp-vila-exemplo/lei-120-2021/compilado.html", "sp-vila-exemplo/lei-120-2021/index.html",
        "sp-vila-exemplo/lei-90-2019/index.html",
    ]


def test_index_groups_by_municipality_type_and_year(site):
    doc = _doc(site / "index.html")
    assert [h.text_content() for h in doc.xpath("//h2")] == ["Vila Exemplo-SP"]
    # counts by status (each a link to the search filtered by it), then each type with its
    # years, newest first, each year a page of its own (issue 25: a site for a municipality)
    assert [h.text_content() for h in doc.xpath("//h3")] == ["Por situação", "Lei (3)", "Decreto (1)"]
    situacoes = {a.text_content(): a.get("href") for a in doc.xpath("//ul[@class='situacoes']//a")}
    assert situacoes["revogada"] == "busca.html?situacao=revogada"
    years = [(a.text_content(), a.get("href")) for a in doc.xpath("//ul[@class='anos']//a")]
    assert years == [("2021", "indice/sp-vila-exemplo/lei-2021.html"),
                     ("2020", "indice/sp-vila-exemplo/lei-2020.html"),
                     ("2019", "indice/sp-vila-exemplo/lei-2019.html"),
                     ("2021", "indice/sp-vila-exemplo/decreto-2021.html")]
    hrefs = []
    for _, href in years:
        page = _doc(site / href)
        hrefs += page.xpath("//ul[@class='lista-atos']//a/@href")
    assert hrefs == ["../../sp-vila-exemplo/lei-120-2021/index.html", f"../../{LEI}/index.html",
                     "../../sp-vila-exemplo/lei-90-2019/index.html",
                     "../../sp-vila-exemplo/decreto-15-2021/index.html"]
    old = _doc(site / "indice/sp-vila-exemplo/lei-2019.html")
    # revoked, and known only by its data: both said, once each (issue 36)
    entry = old.xpath("//a[@href='../../sp-vila-exemplo/lei-90-2019/index.html']/..")[0].text_content()
    assert "(revogada; texto não disponível)" in entry and entry.count("dispon") == 1


def test_act_without_text_has_metadata_page(site):
    doc = _doc(site / "sp-vila-exemplo/lei-90-2019/index.html")
    text = doc.text_content()
    assert "Texto não disponível no acervo." in text
    assert "Dispõe sobre o comércio ambulante." in text
    # its own situation, with what the relations say (revoked), never "em vigor" nor "Texto vigente"
    assert doc.xpath("//dt[.='Situação']/following-sibling::dd")[0].text_content().startswith(
        "revogada pela Lei nº 100, de 4 de maio de 2020, desde 4 de maio de 2020; texto não disponível")
    assert doc.xpath("//title")[0].text.endswith("— Texto não disponível") and "vigente" not in text
    banner = doc.xpath("//p[@class='aviso-situacao']")[0]
    assert banner.text_content() == (
        "Lei revogada pela Lei nº 100, de 4 de maio de 2020, desde 4 de maio de 2020: não está em vigor. "
        "Texto não disponível: o acervo só tem os dados deste ato. O que se sabe desta lei vem dos seus "
        "dados e do que os outros atos do acervo dizem dela.")
    assert banner.xpath(".//a/@href") == ["../lei-100-2020/index.html"]
    assert doc.xpath("//div[@class='fonte']//em")[0].text == "Lei nº 100/2020"
    revoked_by = doc.xpath("//section[@class='relacoes']//a")
    assert [(a.text, a.get("href")) for a in revoked_by] == [
        ("Lei nº 100, de 4 de maio de 2020", "../lei-100-2020/index.html#art5")]
    assert doc.xpath("//section[@class='relacoes']/h3")[0].text == "Revogado por"
    assert not (site / "sp-vila-exemplo/lei-90-2019/compilado.html").exists()


def test_backlinks_altered_revoked_regulated(site):
    doc = _doc(site / LEI / "index.html")
    groups = {h.text: h.getnext() for h in doc.xpath("//section[@class='relacoes']/h3")}
    assert list(groups) == ["Alterado por", "Regulamentado por", "Revoga"]
    altered = [li.text_content() for li in groups["Alterado por"].xpath("li")]
    assert altered == [
        "Lei nº 120, de 1º de março de 2021 "
        "(dispositivos atingidos: art. 2º; art. 2º, § 1º; art. 3º-A; art. 4º)",
        "Lei nº 130, de 1º de junho de 2022 (norma fora do acervo) (dispositivos atingidos: art. 4º)",
    ]
    assert groups["Alterado por"].xpath("li/a/@href") == ["../lei-120-2021/index.html#art1"]
    assert groups["Alterado por"].xpath("li/cite[@class='cit-externa']")
    assert groups["Regulamentado por"].xpath("li/a/@href") == ["../decreto-15-2021/index.html#art1"]
    out = _doc(site / "sp-vila-exemplo/lei-120-2021/index.html")
    assert out.xpath("//section[@class='relacoes']/h3/text()") == ["Altera"]


def test_citations_link_across_acts_and_mark_outside(site):
    dec = _doc(site / "sp-vila-exemplo/decreto-15-2021/index.html")
    assert dec.xpath("//a[@class='cit']/@href") == ["../lei-100-2020/index.html#art1"]
    lei = _doc(site / LEI / "index.html")
    links = {a.text_content(): a.get("href") for a in lei.xpath("//p//a[@class='cit']")}
    assert links["art. 3º"] == "#art3"
    assert links["Lei nº 90, de 1º de fevereiro de 2019"] == "../lei-90-2019/index.html"
    assert links["Lei nº 120, de 1º de março de 2021"] == "../lei-120-2021/index.html"
    outside = lei.xpath("//p//*[@class='cit-externa']")
    assert [c.text for c in outside] == ["Lei Federal nº 9.503/97", "Lei nº 130, de 1º de junho de 2022"]
    # a federal act outside the acervo links to LexML's URN resolver; a municipal one is only marked
    assert [c.get("href") for c in outside] == [
        "https://www.lexml.gov.br/urn/urn:lex:br:federal:lei:1997;9503", None]
    amending = _doc(site / "sp-vila-exemplo/lei-120-2021/index.html")
    assert amending.xpath("//p[@id='art1_cpt']/a[@class='cit']/@href") == ["../lei-100-2020/index.html#art2"]


def test_version_pages_show_the_text_of_their_date(site):
    first = _doc(site / LEI / "versoes/2020-05-04.html")
    assert "5 UPF" in first.get_element_by_id("art2_cpt").text_content()
    assert first.xpath("//*[@id='art3-1']") == []
    assert "Ficam isentos" in first.get_element_by_id("art2_par1").text_content()
    mid = _doc(site / LEI / "versoes/2021-03-01.html")
    assert "Secretaria de Fazenda" in mid.get_element_by_id("art4_cpt").text_content()
    assert mid.get_element_by_id("art3-1") is not None
    assert "revogado" in mid.get_element_by_id("art2_par1").get("class")
    tabs = mid.xpath("//nav[@class='abas']//a")
    assert [(a.text, a.get("href"), a.get("aria-current")) for a in tabs] == [
        ("Texto vigente", "../index.html", None), ("Texto compilado", "../compilado.html", None),
        ("Em 4 de maio de 2020", "2020-05-04.html", None),
        ("Em 1º de março de 2021", "2021-03-01.html", "page"),
        ("Em 1º de junho de 2022", "2022-06-01.html", None)]


def test_version_dates_and_text_at_do_not_mutate():
    norma = lei_100()
    before = dataclasses.replace(norma)
    assert version_dates(norma) == ["2020-05-04", "2021-03-01", "2022-06-01"]
    old = text_at(norma, "2020-12-31")
    assert old.find("art3-1") is None and norma.find("art3-1") is not None
    assert old.find("art4_cpt").text == "A fiscalização cabe à Secretaria de Agricultura."
    assert norma.find("art4_cpt").text == "A fiscalização cabe à Secretaria de Abastecimento."
    assert norma == before


def test_compiled_page_strikes_history(site):
    doc = _doc(site / LEI / "compilado.html")
    struck = doc.xpath("//div[@id='art4']//del")
    assert len(struck) == 2
    assert doc.xpath("//nav[@class='abas']//a[@aria-current='page']/text()") == ["Texto compilado"]


def test_every_dispositivo_has_its_anchor_on_the_act_page(site):
    doc = _doc(site / LEI / "index.html")
    ids = set(doc.xpath("//@id"))
    assert {n.id for n in lei_100().walk()} <= ids


def test_search_index_finds_a_dispositivo_by_a_word(site):
    meta = json.loads((site / "busca/meta.json").read_text())
    atos = json.loads((site / "busca/atos.json").read_text())
    shard = json.loads((site / "busca/t-co.json").read_text())
    docs = shard["contrastante"]
    assert len(docs) == 1
    rec = json.loads((site / f"busca/d-{docs[0] // meta['chunk']}.json").read_text())[docs[0] % meta["chunk"]]
    assert atos[rec[0]][:2] == [LEI, "Lei nº 100, de 4 de maio de 2020"]
    # each act's first doc, its status codes and its type, for the search's filters
    assert atos[rec[0]][3:] == [["parcialmente-revogada"], "Lei", "2020-05-04", "parcialmente revogada"]
    assert atos[rec[0]][2] <= docs[0] < (atos[rec[0] + 1][2] if rec[0] + 1 < len(atos) else 10**9)
    assert rec[1:3] == ["art3_cpt_inc2_ali2_ite2", "Art. 3º, inciso II, alínea b, item 2"]
    assert "co" in meta["shards"]
    assert terms("Fiscalização É DEVER do município") == {"fiscalizacao", "dever", "municipio"}


def test_escaping_everywhere(site):
    for page in site.rglob("*.html"):
        doc = _doc(page)
        for script in doc.xpath("//script"):
            if script.get("type") == "application/ld+json":  # structured data: JSON, never code
                data = json.loads(script.text)
                assert data["@type"] == "Legislation" and "<" not in script.text and ">" not in script.text
                continue
            assert script.get("src", "").endswith("static/busca.js") and not (script.text or "").strip()
    page = (site / LEI / "index.html").read_bytes()
    assert b"&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert b"&amp; os mercados" in page


def test_editorial_markdown_page_escapes_raw_html(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "sobre.md").write_text("# Sobre\n\nTexto <b>cru</b> & *ênfase*.\n", "utf-8")
    out = tmp_path / "site"
    build_site(fictional_corpus(), out, docs_dir=docs)
    page = (out / "sobre.html").read_bytes()
    assert b"Texto &lt;b&gt;cru&lt;/b&gt; &amp; <em>\xc3\xaanfase</em>." in page
    assert check_page(page)[1] == []
    nav = lxml.html.document_fromstring((out / "index.html").read_bytes())
    assert nav.xpath("//nav[@class='navegacao']//a/text()") == ["Atos", "Busca", "Sobre"]


def test_rerun_with_nothing_changed_writes_nothing(tmp_path):
    first = build_site(fictional_corpus(), tmp_path, docs_dir=DOCS)
    assert first.written > 0 and first.skipped == 0
    stamp = {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*") if p.is_file()}
    again = build_site(fictional_corpus(), tmp_path, docs_dir=DOCS)
    assert (again.written, again.removed) == (0, 0)
    assert again.skipped == first.written
    assert {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*") if p.is_file()
            if p.name != ".manifest.json"} == {p: t for p, t in stamp.items() if p.name != ".manifest.json"}


def _mtimes(root: Path) -> dict[str, int]:
    return {p.relative_to(root).as_posix(): p.stat().st_mtime_ns
            for p in root.rglob("*") if p.is_file()}


def test_a_changed_act_rewrites_only_what_depends_on_it(tmp_path):
    build_site(fictional_corpus(), tmp_path)
    before = _mtimes(tmp_path)
    corpus = fictional_corpus()
    corpus.acts[3].norma.articulacao[0].children[0].text = "As feiras funcionarão das 7h às 12h."
    report = build_site(corpus, tmp_path)
    after = _mtimes(tmp_path)
    changed = sorted(p for p in after if after[p] != before.get(p))
    assert "sp-vila-exemplo/decreto-15-2021/index.html" in changed
    assert not any(p.startswith(LEI) or p.startswith("sp-vila-exemplo/lei-") for p in changed)
    assert report.written == len([p for p in changed if p != ".manifest.json"])
    assert "7h" in (tmp_path / "sp-vila-exemplo/decreto-15-2021/index.html").read_text()


def test_removed_act_pages_are_deleted_and_nothing_else(tmp_path):
    build_site(fictional_corpus(), tmp_path)
    keep = tmp_path / "LEIAME.txt"
    keep.write_text("meu arquivo")
    corpus = fictional_corpus()
    corpus = SiteCorpus([a for a in corpus.acts if a.urn != LEI_100], corpus.nome)
    report = build_site(corpus, tmp_path)
    assert report.removed >= 5
    assert not (tmp_path / LEI).exists()
    assert keep.read_text() == "meu arquivo"
    assert check_site(tmp_path) == []


def test_output_is_deterministic(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    build_site(fictional_corpus(), a, docs_dir=DOCS)
    build_site(fictional_corpus(), b, docs_dir=DOCS)
    files_a = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    assert files_a == sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    for rel in files_a:
        assert (a / rel).read_bytes() == (b / rel).read_bytes(), rel


def test_two_acts_with_one_folder_is_an_error(tmp_path):
    from lexconsolida.errors import InputError

    corpus = fictional_corpus()
    corpus.acts[2].path = corpus.acts[1].path
    with pytest.raises(InputError, match="mesma pasta"):
        build_site(corpus, tmp_path)


def test_quoted_amending_block_is_shown_without_ids(site):
    doc = _doc(site / "sp-vila-exemplo/lei-120-2021/index.html")
    quote = doc.xpath("//div[@id='art1']/blockquote[@class='alteracao']")
    assert len(quote) == 1
    lines = [p.text_content() for p in quote[0].xpath("p")]
    assert lines == ["Art. 2º A taxa de ocupação é de 10 UPF por banca.", "." * 40 + " (NR)"]
    assert quote[0].xpath(".//@id") == []


def test_citing_page_follows_a_change_in_the_cited_act(tmp_path):
    build_site(fictional_corpus(), tmp_path)
    corpus = fictional_corpus()
    lei = corpus.acts[1].norma
    cap1 = lei.articulacao[0]
    cap1.children = [c for c in cap1.children if c.id != "art1"]  # art. 1º gone
    build_site(corpus, tmp_path)
    dec = _doc(tmp_path / "sp-vila-exemplo/decreto-15-2021/index.html")
    assert dec.xpath("//a[@class='cit']/@href") == ["../lei-100-2020/index.html"]
    assert check_site(tmp_path) == []


@pytest.mark.parametrize("module", ["writers.html.citations", "site.relations"])
def test_doctests(module):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(f"lexconsolida.{module}"))
    assert result.attempted > 0 and result.failed == 0


def test_affected_dispositivos_listed_in_document_order_whatever_their_shape():
    """An act amending art. 5º-A and a paragraph of art. 5º lists both (ids of different shapes
    once crashed the sort of the 'dispositivos atingidos' line)."""
    from lexconsolida.site.relations import _id_order

    ids = ["art6", "art5-1", "art5_par1", "art5", "art5_cpt_inc2", "art12", "art5_par1u"]
    assert sorted(ids, key=_id_order) == ["art5", "art5_cpt_inc2", "art5_par1", "art5_par1u", "art5-1",
                                          "art6", "art12"]
