"""What is published is right and says what it is (issue 12), on the demo acervo ``statutes/``.

One build of the demo acervo (module fixture) is looked at the way a câmara would before
publishing: every page of the site and every DOCX. The tests do not depend on the Feira de
Santana copies in ``statutes/`` (they may move to ``../shared``): they use the Pedra Preta and
Barra do Garças acts, or every act the build finds.
"""

from __future__ import annotations

import io
import re
import shutil
import zipfile
from pathlib import Path

import pytest
from lxml import html

from lexconsolida.model import Norma, Situacao
from lexconsolida.model.status import status_of, which_text
from tests.conftest import STATUTES, run_cli

MINUTA = "mt-barra-do-garcas/indicacao-2023-11-23"
LEI_846 = "mt-pedra-preta/lei-846-2015"


@pytest.fixture(scope="module")
def demo(tmp_path_factory, statutes_copy) -> Path:
    out = tmp_path_factory.mktemp("demo")
    proc = run_cli("build", "--acervo", statutes_copy, "-o", out)
    assert proc.returncode in (0, 1), proc.stderr.decode()
    assert (out / "site" / "index.html").is_file(), proc.stdout.decode()
    return out


def _pages(root: Path) -> list[Path]:
    return sorted(root.rglob("*.html"))


def _docx_text(path: Path) -> str:
    """Every XML part of a DOCX (body, header, footer, embedded LexML) as one string."""
    with zipfile.ZipFile(io.BytesIO(path.read_bytes())) as z:
        return "\n".join(z.read(n).decode("utf-8", "replace") for n in z.namelist()
                         if n.endswith(".xml") or n.endswith(".rels"))


def _docx_paragraphs(path: Path) -> list[tuple[str, str]]:
    import docx

    d = docx.Document(str(path))
    return [(p.style.name, p.text) for p in d.paragraphs]


# -- 1. a status for every document; drafts never shown as in force ----------------------------

def test_status_of_each_kind_of_document():
    assert status_of(Norma(tipo="Lei", vigencia="2015-05-12"), on="2020-01-01").code == "vigente"
    assert status_of(Norma(tipo="Lei", situacao=Situacao.REVOGADO)).label == "revogada"
    assert status_of(Norma(tipo="Decreto", situacao=Situacao.REVOGADO)).label == "revogado"
    future = status_of(Norma(tipo="Lei", vigencia="2031-01-01"), on="2030-12-31")
    assert future.code == "vigencia-futura" and "1º de janeiro de 2031" in future.label
    for tipo in ("Minuta de Lei", "Projeto de Lei", "Indicação", "Projeto de Resolução"):
        s = status_of(Norma(tipo=tipo))
        assert s.code == "proposicao" and not s.normative and "sem valor normativo" in s.label
    s = status_of(Norma(tipo="Lei", estado="consolidacao"))
    assert s.code == "consolidacao" and not s.normative
    assert "em elaboração" in s.label and "sem valor normativo" in s.label


def _header_text(page: Path) -> str:
    """What a page says about the act (header, tabs, text title), not the act's own words."""
    doc = html.fromstring(page.read_bytes())
    parts = doc.xpath("//header[@class='cabecalho-ato'] | //h2[@id='texto-titulo'] | //nav[@class='abas']")
    return " ".join(p.text_content() for p in parts)


def test_no_page_of_a_proposicao_says_in_force(demo):
    pages = _pages(demo / "site" / MINUTA)
    assert pages
    for page in pages:
        head = _header_text(page)
        assert "em vigor" not in head and "vigente" not in head.lower(), page
        assert "sem valor normativo" in head, page
    assert not (demo / "site" / MINUTA / "compilado.html").exists()


def test_drafts_are_never_listed_among_acts(demo):
    index = html.fromstring((demo / "site" / "index.html").read_bytes())
    drafts = index.get_element_by_id("m-mt-barra-do-garcas-proposicoes")
    assert "sem valor normativo" in drafts.xpath("h3")[0].text_content()
    # the drafts' own page of the index (by type and year) lists the minuta, and no norm
    (href,) = drafts.xpath(".//a/@href")
    doc = html.fromstring((demo / "site" / href).read_bytes())
    assert "sem valor normativo" in doc.xpath("//h1")[0].text_content()
    links = doc.xpath("//ul[@class='lista-atos']//a")
    assert [a.get("href") for a in links] == [f"../../{MINUTA}/index.html"]
    for a in links:
        assert "sem valor normativo" in a.getparent().text_content()


def test_acts_a_draft_would_revoke_are_not_shown_revoked(demo):
    page = demo / "site" / "mt-barra-do-garcas" / "lei-4092-2019" / "index.html"
    text = html.fromstring(page.read_bytes()).text_content()
    assert "Revogação proposta por" in text
    assert "Revogado por" not in text and "revogada" not in _header_text(page)


def test_docx_and_html_of_drafts_say_what_they_are(demo):
    for path in (demo / "docx" / f"{MINUTA}.docx", demo / "dossie-indicacao" / "minuta.docx"):
        paras = _docx_paragraphs(path)
        situacao = [t for s, t in paras if s == "Situação do texto"]
        assert situacao and "sem valor normativo" in situacao[0], path
        assert not any("em vigor" in t for t in situacao)
    consolidated = next((demo / "consolidacoes").glob("*/norma.docx"), None)
    if consolidated is not None:  # only when the acervo has every source text
        situacao = [t for s, t in _docx_paragraphs(consolidated) if s == "Situação do texto"]
        assert situacao and "Consolidação em elaboração" in situacao[0]
        page = consolidated.with_name("norma.html")
        assert "consolidação em elaboração" in _header_text(page)
        assert "em vigor" not in _header_text(page)


# -- 2. public vs internal ------------------------------------------------------------------------

def _internal(acervo: Path) -> re.Pattern:
    return re.compile(r"semente|Acrescente-o|texto_disponivel|commit [0-9a-f]{7}|\.\./shared|"
                      r"texto\.txt|norma\.toml|" + re.escape(str(STATUTES.parent)) + "|"
                      + re.escape(str(acervo.parent)))


def test_no_published_page_carries_internal_notes_or_paths(demo, statutes_copy):
    INTERNAL = _internal(statutes_copy)
    published = _pages(demo / "site") + _pages(demo / "consolidacoes")
    assert published
    for page in published:
        found = INTERNAL.search(page.read_text("utf-8"))
        assert found is None, f"{page.relative_to(demo)}: {found.group(0)!r}"
    docs = sorted((demo / "docx").rglob("*.docx")) + sorted((demo / "consolidacoes").rglob("*.docx"))
    assert docs
    for path in docs:
        found = INTERNAL.search(_docx_text(path))
        assert found is None, f"{path.relative_to(demo)}: {found.group(0)!r}"


def test_lexml_names_its_source_relative_to_the_acervo(demo, statutes_copy):
    xml = (demo / "lexml" / f"{LEI_846}.xml").read_text("utf-8")
    assert f'caminho="{LEI_846}/texto.txt"' in xml
    assert str(statutes_copy.parent) not in xml


def test_two_clones_build_byte_identical_outputs(tmp_path):
    outs = []
    for where in ("um/acervo", "outro/lugar/bem/mais/fundo/statutes"):
        acervo = tmp_path / where
        shutil.copytree(STATUTES, acervo, ignore=shutil.ignore_patterns("registros"))
        out = tmp_path / where.replace("/", "-") / "saida"
        proc = run_cli("build", "--acervo", acervo, "-o", out, cwd=acervo.parent)
        assert (out / "site" / "index.html").is_file(), proc.stdout.decode() + proc.stderr.decode()
        outs.append(out)
    # The whole tree, every file: no register in the output any more (the build issues in the
    # municipality's one, never in output/), so nothing is left out of the comparison.
    a, b = ({p.relative_to(o).as_posix(): p.read_bytes() for p in o.rglob("*") if p.is_file()} for o in outs)
    assert sorted(a) == sorted(b)
    differ = [name for name in a if a[name] != b[name]]
    assert not differ, differ


def test_which_text_of_an_original_and_of_a_compiled_text():
    from lexconsolida.model import Dispositivo, Event, Kind, Version

    art = Dispositivo(Kind.ARTIGO, "art1", "Art. 1º")
    cap = Dispositivo(Kind.CAPUT, "art1_cpt", text="Novo.", history=[
        Version("Velho.", Event("original")),
        Version("Novo.", Event("redacao", "urn:x", "Lei nº 9, de 2 de maio de 2003", "2003-05-02"),
                start="2003-05-02")])
    art.children.append(cap)
    n = Norma(tipo="Lei", numero="1", data="2001-01-01", urn="urn:a", articulacao=[art],
              fecho=["Cidade, 1º de janeiro de 2001."])
    assert which_text(n) == [
        "Texto compilado até 2 de maio de 2003, com as alterações da Lei nº 9, de 2 de maio de "
        "2003. As redações alteradas trazem a nota do ato que as alterou; a epígrafe, o fecho e as "
        "assinaturas são os do texto original."]
    cap.history = []
    assert which_text(n) == ["Texto original, como publicado."]
    # a text in force cut at a date keeps no notes, only the events: it must not promise them
    n.events.append(Event("alteracao", "urn:x", "Lei nº 9, de 2 de maio de 2003", "2003-05-02"))
    assert which_text(n) == [
        "Texto compilado até 2 de maio de 2003, com as alterações da Lei nº 9, de 2 de maio de "
        "2003. Só as redações em vigor aparecem, sem as notas de alteração; a epígrafe, o fecho e "
        "as assinaturas são os do texto original."]


def test_forms_from_a_draft_say_it_has_no_normative_value():
    from lexconsolida.forms.cite import act_title
    from lexconsolida.forms.source import load_norma

    title = act_title(load_norma(STATUTES / MINUTA))
    assert title.endswith("(minuta de lei — sem valor normativo)")
    assert act_title(load_norma(STATUTES / LEI_846)) == "Lei nº 846, de 12 de maio de 2015"


def test_pedra_preta_epigrafe_printed_normalised(demo):
    page = (demo / "site" / LEI_846 / "index.html").read_text("utf-8")
    assert '<p class="epigrafe">LEI Nº 846, DE 12 DE MAIO DE 2015</p>' in page
    paras = _docx_paragraphs(demo / "docx" / f"{LEI_846}.docx")
    assert ("Epígrafe", "LEI Nº 846, DE 12 DE MAIO DE 2015") in paras


# -- 6. gaps marked, a text without fecho labelled incomplete ------------------------------------

GAPS_846 = ["[Inciso X não consta do texto-fonte]", "[Art. 18 não consta do texto-fonte]",
            "[Inciso XXIV não consta do texto-fonte]"]


def test_gaps_and_truncation_marked_on_the_site(demo):
    for name in ("index.html", "compilado.html"):
        page = demo / "site" / LEI_846 / name
        if not page.exists():
            continue
        doc = html.fromstring(page.read_bytes())
        assert [p.text_content() for p in doc.xpath("//p[contains(@class, 'lacuna')]")] == \
            GAPS_846 + ["[O texto-fonte termina aqui, sem fecho nem assinaturas: o texto está incompleto]"]
        assert "Texto incompleto: o texto-fonte termina no Art. 69" in _header_text(page)
        # in place: the gap of art. 18 comes right before art. 19
        art19 = doc.get_element_by_id("art19")
        assert art19.getprevious().text_content() == "[Art. 18 não consta do texto-fonte]"


def test_gaps_and_truncation_marked_in_the_docx(demo):
    paras = _docx_paragraphs(demo / "docx" / f"{LEI_846}.docx")
    assert [t for s, t in paras if s == "Lacuna" and not t.startswith("[[?]")] == GAPS_846 + [
        "[O texto-fonte termina aqui, sem fecho nem assinaturas: o texto está incompleto]"]
    i = paras.index(("Lacuna", "[Art. 18 não consta do texto-fonte]"))
    assert paras[i + 1][1].startswith("Art. 19")
    assert any(s == "Situação do texto" and t.startswith("Texto incompleto") for s, t in paras)


def test_gaps_marked_in_standalone_html():
    from lexconsolida.readers import read_file
    from lexconsolida.writers import get_writer

    norma = read_file(STATUTES / LEI_846 / "texto.txt", "text").norma
    page = get_writer("html")(norma).decode()
    for gap in GAPS_846:
        assert gap in page


# -- 7. citations resolve to the act they name -------------------------------------------------

def test_a_citation_of_another_act_by_name_is_not_this_act():
    from lexconsolida.citations import find
    from lexconsolida.model import Dispositivo, Kind
    from lexconsolida.site.links import Resolver
    from lexconsolida.writers.html.links import Linker
    from lexconsolida.site.model import SiteAct

    (c,) = [c for c in find("na forma do Art. 20, da Lei Orgânica Municipal, o serviço") if c.ids]
    assert c.ids == ("art20",) and c.act is not None and c.act.tipo == "lei.organica"

    arts = [Dispositivo(Kind.ARTIGO, f"art{n}", f"Art. {n}", children=[
        Dispositivo(Kind.CAPUT, f"art{n}_cpt", text="texto")]) for n in range(1, 25)]
    urn = "urn:lex:br;sao.paulo;vila.ficta:municipal:lei:2020-03-02;10"
    lei = SiteAct(Norma(tipo="Lei", numero="10", data="2020-03-02", urn=urn, articulacao=arts),
                  "sp-vila-ficta/lei-10-2020")
    resolver = Resolver([lei])
    link = Linker(resolver, lei, lei.path)
    page = str(link.html("na forma do Art. 20, da Lei Orgânica Municipal, e do art. 20 desta Lei"))
    assert '<cite class="cit-externa" title="Norma fora do acervo">Art. 20, da Lei Orgânica Municipal' in page
    assert '<a class="cit" href="#art20">art. 20 desta Lei</a>' in page
    assert page.count('href="#art20"') == 1
    # with the Lei Orgânica in the acervo, the citation goes to it
    lom = SiteAct(Norma(tipo="Lei Orgânica", data="1990-04-05", articulacao=arts,
                        urn="urn:lex:br;sao.paulo;vila.ficta:municipal:lei.organica:1990-04-05;1"),
                  "sp-vila-ficta/lei-organica-1990")
    resolver = Resolver([lei, lom])
    page = str(Linker(resolver, lei, lei.path).html("na forma do Art. 20, da Lei Orgânica Municipal"))
    assert 'href="../lei-organica-1990/index.html#art20"' in page


def test_outside_the_acervo_is_marked_on_the_demo_site(demo):
    doc = html.fromstring((demo / "site" / MINUTA / "index.html").read_bytes())
    externas = {c.text_content(): c.get("href") for c in doc.xpath("//*[@class='cit-externa']")}
    # Lei Federal nº 12.587/12: not in the acervo, marked, and linked to LexML's URN resolver
    (cited,) = [t for t in externas if "12.587" in t]
    assert externas[cited] == "https://www.lexml.gov.br/urn/urn:lex:br:federal:lei:2012;12587"


# -- 8. drafts with their formal parts; the Indicação and its minuta as two documents ------------

def test_minuta_docx_has_formal_parts_and_a_styled_indicacao(demo):
    paras = _docx_paragraphs(demo / "docx" / f"{MINUTA}.docx")
    texts = [t for _, t in paras]
    assert sum(1 for t in texts if t.casefold() == "indicação") == 1  # the title, once
    styles = {s for s, _ in paras}
    assert {"Documento Autoria", "Documento Destinatário", "Documento Data", "Assinatura"} <= styles
    assert ("Documento Autoria", "Autoria: Jairo Gehm – PRTB") in paras
    # the minuta starts on a new page, says what it is, with its formal parts as blanks
    xml = zipfile.ZipFile(demo / "docx" / f"{MINUTA}.docx").read("word/document.xml").decode()
    assert '<w:br w:type="page"/>' in xml
    i = next(i for i, (s, _) in enumerate(paras) if s == "Situação do texto")
    assert "sem valor normativo" in paras[i][1]
    assert paras[i + 1] == ("Epígrafe", "LEI Nº ____, DE ___ DE __________ DE ____")
    assert any(s == "Preâmbulo" and "sanciona a seguinte Lei" in t for s, t in paras)
    # a lei is sanctioned by the Prefeito: fecho and signature of the same body (issue 25)
    assert ("Fecho", "Prefeitura Municipal de Barra do Garças-MT, __ de __________ de ____.") in paras
    sign = [t for s, t in paras if s == "Assinatura"]
    assert sign[-1].startswith("____") and sign[-1].endswith("Prefeito Municipal")
    # the minuta's headings complete: its arts. 1º and 2º sit under a CAPÍTULO I to name
    i = paras.index(("Agrupador Rótulo", "Capítulo I\n______________________________"))
    assert paras[i + 1][1].startswith("Art. 1º")


def test_dossier_gives_the_indicacao_and_the_minuta_as_two_documents(demo):
    minuta = _docx_paragraphs(demo / "dossie-indicacao" / "minuta.docx")
    assert not any(s.startswith("Documento") for s, _ in minuta)
    assert minuta[1] == ("Epígrafe", "LEI Nº ____, DE ___ DE __________ DE ____")
    indicacao = _docx_paragraphs(demo / "dossie-indicacao" / "indicacao.docx")
    assert indicacao[0] == ("Documento Título", "Indicação")
    assert not any(s in ("Artigo", "Epígrafe") for s, _ in indicacao)


def test_site_page_of_the_minuta_prints_its_formal_parts(demo):
    doc = html.fromstring((demo / "site" / MINUTA / "index.html").read_bytes())
    assert doc.xpath("//p[@class='epigrafe']")[0].text_content() == "LEI Nº ____, DE ___ DE __________ DE ____"
    assert doc.xpath("//p[@class='fecho']")[0].text_content() == \
        "Prefeitura Municipal de Barra do Garças-MT, __ de __________ de ____."
    assert doc.get_element_by_id("cap1").xpath("h3")[0].text_content() == \
        "Capítulo I – ______________________________"


# -- 10. consistency -----------------------------------------------------------------------------

def test_compile_at_says_the_date_it_compiled_for(tmp_path):
    proc = run_cli("compile", STATUTES / LEI_846, "--at", "2016-01-01", "--to", "txt")
    assert proc.returncode == 0
    assert "texto em vigor em 1º de janeiro de 2016" in proc.stderr.decode()
    out = tmp_path / "c.txt"
    proc = run_cli("compile", STATUTES / LEI_846, "--at", "2016-01-01", "--to", "txt", "-o", out)
    assert f"gravado: {out} (texto em vigor em 1º de janeiro de 2016)" in proc.stderr.decode()


def test_one_label_style_in_site_docx_and_quadro(demo, tmp_path):
    """LC 95: 'Art. 56.' (cardinal with a period), 'Art. 5º', 'Parágrafo único.', 'I –'."""
    doc = html.fromstring((demo / "site" / LEI_846 / "index.html").read_bytes())
    art56 = doc.get_element_by_id("art56_cpt").text_content()
    assert art56.startswith("Art. 56. ")
    assert doc.get_element_by_id("art5_cpt").text_content().startswith("Art. 5º ")
    assert doc.get_element_by_id("art16_cpt_inc1").text_content().startswith("I – ")
    paras = [t for _, t in _docx_paragraphs(demo / "docx" / f"{LEI_846}.docx")]
    assert any(t.startswith("Art. 56. ") for t in paras)
    assert not any(re.match(r"Art\. \d{2,} [^.]", t) for t in paras)
    unicos = [t for t in paras if t.startswith("Parágrafo único")]
    assert unicos and all(t.startswith("Parágrafo único. ") for t in unicos)
    quadro = tmp_path / "q.docx"
    proc = run_cli("diff", STATUTES / LEI_846, STATUTES / LEI_846, "-o", quadro, "--todas")
    assert proc.returncode == 0, proc.stderr.decode()
    import docx

    cells = [c.text for row in docx.Document(str(quadro)).tables[0].rows for c in row.cells]
    assert any(c.startswith("Art. 56. ") for c in cells)
    assert not any(re.match(r"Parágrafo único\s*[-–]", c) for c in cells)
    assert not any(re.match(r"[IVXL]+ - ", c) for c in cells)
