"""Every published act says truthfully what it is (issue 25).

A fictional municipality, Vila Ficta (SP), written for these tests:

- Lei nº 10/2020, a fine of R$ 100,00 (art. 2º), amended by Lei nº 20/2021 (R$ 200,00) and by
  Lei nº 30/2022, of which the acervo knows only the metadata (no text);
- Lei nº 50/2019, revoked by art. 1º of Lei nº 40/2023;
- Lei nº 60/2023, which changes Lei nº 10 without a new wording (a non-textual change: pending
  review until a person decides);
- Decreto nº 5/2021, given a new wording by Decreto nº 6/2022.

Each point of the issue is tested on it, on the demo acervo (``statutes/``) or both.
"""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import docx
import lxml.html
import pytest

from lexconsolida import api
from lexconsolida.model import Event, Norma, Situacao
from lexconsolida.model.nodes import Dispositivo, Kind
from lexconsolida.model.numbering import Number
from lexconsolida.model.status import (
    PENDING, REVOKES, SUSPENSION, WITHOUT_TEXT, Step, mark, status_of, which_text,
)
from tests.conftest import STATUTES, run_cli

URN = "urn:lex:br;sao.paulo;vila.ficta:municipal:{}"
MUNICIPIO = """nome = "Vila Ficta"
uf = "SP"
uf_nome = "São Paulo"
localidade_urn = "br;sao.paulo;vila.ficta"

[orgaos.prefeitura]
nome = "Prefeitura Municipal de Vila Ficta"
cabecalho = ["ESTADO DE SÃO PAULO", "PREFEITURA MUNICIPAL DE VILA FICTA"]
"""


def _toml(tipo: str, numero: str, data: str, ementa: str, extra: str = "") -> str:
    kind = "lei" if tipo == "Lei" else "decreto"
    return (f'tipo = "{tipo}"\nnumero = "{numero}"\ndata = "{data}"\n'
            f'urn = "{URN.format(f"{kind}:{data};{numero}")}"\nementa = "{ementa}"\n'
            f'orgao = "prefeitura"\n{extra}')


def _text(head: str, ementa: str, body: str, fecho: str) -> str:
    return f"{head}\n\n{ementa}\n\n{body}\n\nVila Ficta, {fecho}.\n\nJOÃO DA SILVA\nPrefeito Municipal\n"


ACTS = {
    "lei-10-2020": (_toml("Lei", "10", "2020-03-02", "Dispõe sobre o comércio ambulante."), _text(
        "LEI Nº 10, DE 2 DE MARÇO DE 2020", "Dispõe sobre o comércio ambulante.",
        "Art. 1º O comércio ambulante depende de licença.\n"
        "Art. 2º A falta de licença sujeita o infrator a multa de R$ 100,00 (cem reais).\n"
        "Art. 3º As licenças são fixadas em 300 (trezentas).\n"
        "Art. 4º Esta Lei entra em vigor na data de sua publicação.", "2 de março de 2020")),
    "lei-20-2021": (_toml("Lei", "20", "2021-04-05", "Altera a Lei nº 10, de 2 de março de 2020.",
                          '\n[[relacoes]]\ntipo = "altera"\nalvos = ["Lei nº 10/2020"]\n'), _text(
        "LEI Nº 20, DE 5 DE ABRIL DE 2021", "Altera a Lei nº 10, de 2 de março de 2020.",
        "Art. 1º O art. 2º da Lei nº 10, de 2 de março de 2020, passa a vigorar com a seguinte redação:\n"
        "“Art. 2º A falta de licença sujeita o infrator a multa de R$ 200,00 (duzentos reais).” (NR)\n"
        "Art. 2º Esta Lei entra em vigor na data de sua publicação.", "5 de abril de 2021")),
    "lei-30-2022": (_toml("Lei", "30", "2022-06-01", "Altera a Lei nº 10, de 2 de março de 2020.",
                          'texto_disponivel = false\n\n[[relacoes]]\ntipo = "altera"\n'
                          'alvos = ["Lei nº 10/2020"]\n'), None),
    "lei-50-2019": (_toml("Lei", "50", "2019-02-01", "Dispõe sobre feiras livres."), _text(
        "LEI Nº 50, DE 1º DE FEVEREIRO DE 2019", "Dispõe sobre feiras livres.",
        "Art. 1º As feiras livres funcionam aos sábados.\n"
        "Art. 2º Esta Lei entra em vigor na data de sua publicação.", "1º de fevereiro de 2019")),
    "lei-40-2023": (_toml("Lei", "40", "2023-05-10", "Revoga a Lei nº 50, de 1º de fevereiro de 2019.",
                          '\n[[relacoes]]\ntipo = "revoga"\nalvos = ["Lei nº 50/2019"]\ndispositivo = "art1"\n'),
                    _text("LEI Nº 40, DE 10 DE MAIO DE 2023", "Revoga a Lei nº 50, de 1º de fevereiro de 2019.",
                          "Art. 1º Fica revogada a Lei nº 50, de 1º de fevereiro de 2019.\n"
                          "Art. 2º Esta Lei entra em vigor na data de sua publicação.", "10 de maio de 2023")),
    "lei-60-2023": (_toml("Lei", "60", "2023-08-01", "Altera a Lei nº 10, de 2 de março de 2020.",
                          '\n[[relacoes]]\ntipo = "altera"\nalvos = ["Lei nº 10/2020"]\n'),
                    _text("LEI Nº 60, DE 1º DE AGOSTO DE 2023", "Altera a Lei nº 10, de 2 de março de 2020.",
                          "Art. 1º Ficam acrescidas 200 (duzentas) licenças às fixadas no art. 3º da Lei nº 10, "
                          "de 2 de março de 2020.\n"
                          "Art. 2º Esta Lei entra em vigor na data de sua publicação.", "1º de agosto de 2023")),
    "decreto-5-2021": (_toml("Decreto", "5", "2021-01-10", "Regulamenta o comércio ambulante."), _text(
        "DECRETO Nº 5, DE 10 DE JANEIRO DE 2021", "Regulamenta o comércio ambulante.",
        "Art. 1º A licença vale por um ano.\n"
        "Art. 2º Este Decreto entra em vigor na data de sua publicação.", "10 de janeiro de 2021")),
    "decreto-6-2022": (_toml("Decreto", "6", "2022-02-01", "Altera o Decreto nº 5, de 10 de janeiro de 2021.",
                             '\n[[relacoes]]\ntipo = "altera"\nalvos = ["Decreto nº 5/2021"]\n'), _text(
        "DECRETO Nº 6, DE 1º DE FEVEREIRO DE 2022", "Altera o Decreto nº 5, de 10 de janeiro de 2021.",
        "Art. 1º O art. 1º do Decreto nº 5, de 10 de janeiro de 2021, passa a vigorar com a seguinte redação:\n"
        "“Art. 1º A licença vale por dois anos.” (NR)\n"
        "Art. 2º Este Decreto entra em vigor na data de sua publicação.", "1º de fevereiro de 2022")),
}


@pytest.fixture(scope="module")
def acervo(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("vila-ficta") / "acervo"
    mun = root / "sp-vila-ficta"
    mun.mkdir(parents=True)
    (mun / "municipio.toml").write_text(MUNICIPIO, "utf-8")
    for folder, (toml, text) in ACTS.items():
        (mun / folder).mkdir()
        (mun / folder / "norma.toml").write_text(toml, "utf-8")
        if text is not None:
            (mun / folder / "texto.txt").write_text(text, "utf-8")
    return root


def _act(acervo: Path, folder: str) -> str:
    return str(acervo / "sp-vila-ficta" / folder)


# -- one function decides ------------------------------------------------------------------------

def _lei(**kw) -> Norma:
    return Norma(**{"tipo": "Lei", "numero": "10", "data": "2020-03-02", "vigencia": "2020-03-02"} | kw)


def test_every_status_from_one_function():
    rev = Event("revogacao", URN.format("lei:2023-05-10;40"), "Lei nº 40, de 10 de maio de 2023",
                "2023-05-10", dispositivo="art1")
    revoked = status_of(_lei(situacao=Situacao.REVOGADO, events=[rev]), on="2024-01-01")
    assert (revoked.code, revoked.label) == ("revogada", "revogada")
    assert revoked.detail == "revogada pelo art. 1º da Lei nº 40, de 10 de maio de 2023, desde 10 de maio de 2023"
    assert revoked.notice.startswith("Lei revogada pelo art. 1º da Lei nº 40")
    pending = Event(PENDING, "urn:a", "Lei nº 60, de 1º de agosto de 2023", "2023-08-01", "1 instrução")
    textless = Event(WITHOUT_TEXT, "urn:b", "Lei nº 30, de 1º de junho de 2022", "2022-06-01")
    both = status_of(_lei(events=[pending, textless]), on="2024-01-01")
    assert both.codes == ("pendente", "sem-texto")
    assert both.label == "com alterações pendentes; alterada por ato sem texto disponível"
    assert "Lei nº 60, de 1º de agosto de 2023 (1 instrução)" in both.notice
    assert "em vigor" not in both.label
    assert which_text(_lei(events=[pending]))[-1] == (
        "Texto original, como publicado, sem as alterações da Lei nº 60, de 1º de agosto de 2023, "
        "pendentes de revisão.")
    revocation = Event(PENDING, "urn:c", "Lei nº 40, de 10 de maio de 2023", "2023-05-10", REVOKES)
    assert "Revogação pendente de revisão: a Lei nº 40, de 10 de maio de 2023 declara revogar esta lei" in \
        status_of(_lei(events=[revocation])).notice
    assert status_of(_lei(events=[revocation])).detail == "com revogação pendente de revisão (Lei nº 40, de 10 de maio de 2023)"
    assert status_of(_lei(vigencia="2030-01-01"), on="2024-01-01").code == "vigencia-futura"
    suspended = status_of(_lei(events=[Event(SUSPENSION, None, "ADI nº 1/2024", "2024-02-01")]),
                          on="2024-03-01")
    assert suspended.label == "suspensa" and "ADI nº 1/2024" in suspended.notice
    inc = Dispositivo(Kind.INCISO, "art1_cpt_inc1", "I", number=Number(1), situacao=Situacao.REVOGADO)
    cap = Dispositivo(Kind.CAPUT, "art1_cpt", children=[inc])
    partial = status_of(_lei(articulacao=[Dispositivo(Kind.ARTIGO, "art1", "Art. 1º", children=[cap])]))
    assert partial.label == "parcialmente revogada" and partial.revoked_units == 1
    assert status_of(Norma(tipo="Minuta de Lei")).code == "proposicao"
    assert status_of(_lei(), on="2024-01-01").label == "em vigor"


def test_mark_replaces_what_an_earlier_marking_said():
    norma = _lei()
    mark(norma, [Step("urn:a", "Lei nº 60", "2023-08-01", PENDING, 2)])
    mark(norma, [Step("urn:a", "Lei nº 60", "2023-08-01", PENDING, 1), Step("urn:b", "Lei nº 30", None, "aplicada")])
    assert [(e.kind, e.note) for e in norma.events] == [(PENDING, "1 instrução")]


# -- the corpus: textless amending acts, revocations, pending review -------------------------------

def test_an_amending_act_without_text_is_never_skipped_silently(acervo, tmp_path):
    out = tmp_path / "10.txt"
    proc = run_cli("compile", _act(acervo, "lei-10-2020"), "--at", "2022-12-31", "--to", "txt",
                   "-o", out, "--acervo", acervo)
    assert proc.returncode == 0, proc.stderr.decode()
    head = out.read_text("utf-8").split("\n\n")[0]
    assert "Lei nº 30, de 1º de junho de 2022" in head and "cujo texto não está disponível no acervo" in head
    assert "R$ 200,00" in out.read_text("utf-8")
    assert "alterada por ato sem texto disponível" in proc.stderr.decode()
    # the site (without Lei 60, whose change waits for a decision): published, and said
    import shutil

    copy = tmp_path / "acervo"
    shutil.copytree(acervo, copy)
    shutil.rmtree(copy / "sp-vila-ficta" / "lei-60-2023")
    site = tmp_path / "site"
    proc = run_cli("site", "--acervo", copy, "-o", site)
    assert proc.returncode == 0, proc.stderr.decode()
    err = proc.stderr.decode()
    assert "Lei nº 30, de 1º de junho de 2022 altera este ato, mas o seu texto não está no acervo" in err
    page = lxml.html.document_fromstring((site / "sp-vila-ficta/lei-10-2020/index.html").read_bytes())
    situacao = page.xpath("//dt[.='Situação']/following-sibling::dd")[0].text_content()
    assert "alterada por ato sem texto disponível (Lei nº 30, de 1º de junho de 2022)" in situacao
    assert "em vigor" not in situacao


def test_a_pending_amendment_is_said_on_the_page_the_index_and_the_docx(acervo, tmp_path):
    # Lei 60 changes Lei 10 without a new wording: pending review (a person decides)
    result = api.act_at(_act(acervo, "lei-10-2020"), "2024-01-01", view="vigente", acervo=acervo)
    status = status_of(result.norma, on="2024-01-01")
    assert "pendente" in status.codes and status.pending[0].act_label == "Lei nº 60, de 1º de agosto de 2023"
    data = api.render(result.norma, "docx", publishing=result.publishing)
    paras = [(p.style.name, p.text) for p in docx.Document(__import__("io").BytesIO(data)).paragraphs]
    said = " ".join(t for s, t in paras if s == "Situação do texto")
    assert "sem as alterações da Lei nº 60, de 1º de agosto de 2023, pendentes de revisão" in said
    assert "Alterações pendentes de revisão: Lei nº 60" in said
    # the LexML keeps the facts (its extension: a whole-act 'pendente' event), read back the same
    from lexconsolida.readers.lexml import read as read_lexml

    xml = api.render(result.norma, "xml")
    assert b'tipo="pendente"' in xml and b'rotulo="Lei n\xc2\xba 60, de 1\xc2\xba de agosto de 2023"' in xml
    assert status_of(read_lexml(xml).norma, on="2024-01-01").pending == status.pending
    proc = run_cli("compile", _act(acervo, "lei-10-2020"), "--at", "2024-01-01", "--to", "txt",
                   "--acervo", acervo)
    assert "com alterações pendentes de revisão (Lei nº 60, de 1º de agosto de 2023)" in proc.stderr.decode()
    # the gazette of the whole acervo (the pipeline's results, read generically)
    lista, site = tmp_path / "lista", tmp_path / "gazeta"
    proc = run_cli("acervo", acervo, "-o", lista, "--site", site, "--processos", "1")
    assert proc.returncode == 0, proc.stderr.decode()
    page = lxml.html.document_fromstring((site / "sp-vila-ficta/lei-10-2020/index.html").read_bytes())
    banner = page.xpath("//p[@class='aviso-situacao']")[0]
    assert "Alterações pendentes de revisão" in banner.text_content()
    assert "../lei-60-2023/index.html" in banner.xpath(".//a/@href")  # linking to the pending act
    qual = page.xpath("//div[@class='qual-texto']")[0].text_content()
    assert "sem as alterações da Lei nº 60, de 1º de agosto de 2023, pendentes de revisão" in qual
    year = lxml.html.document_fromstring((site / "indice/sp-vila-ficta/lei-2020.html").read_bytes())
    entry = year.xpath("//a[@href='../../sp-vila-ficta/lei-10-2020/index.html']/..")[0].text_content()
    assert "com alterações pendentes" in entry
    # the revoked act says so, with the act and article, on its page and its index entry
    rev = lxml.html.document_fromstring((site / "sp-vila-ficta/lei-50-2019/index.html").read_bytes())
    # the article of the revoking act links to that act, never to this act's own art. 1º
    banner = rev.xpath("//p[@class='aviso-situacao']//a/@href")
    assert banner == ["../lei-40-2023/index.html#art1"]
    situacao = rev.xpath("//dt[.='Situação']/following-sibling::dd")[0].text_content()
    assert situacao == "revogada pelo art. 1º da Lei nº 40, de 10 de maio de 2023, desde 10 de maio de 2023"
    year = lxml.html.document_fromstring((site / "indice/sp-vila-ficta/lei-2019.html").read_bytes())
    assert "(revogada)" in year.xpath("//ul[@class='lista-atos']/li")[0].text_content()


def test_a_wholly_revoked_law_never_prints_as_text_in_force(acervo, tmp_path):
    for fmt in ("txt", "md"):
        out = tmp_path / f"50.{fmt}"
        proc = run_cli("compile", _act(acervo, "lei-50-2019"), "--at", "2024-01-01", "--to", fmt,
                       "-o", out, "--acervo", acervo)
        assert proc.returncode == 0, proc.stderr.decode()
        assert "texto em vigor" not in proc.stderr.decode()
        assert "revogada pelo art. 1º da Lei nº 40, de 10 de maio de 2023" in proc.stderr.decode()
        first = out.read_text("utf-8").splitlines()[0]
        assert "Lei revogada pelo art. 1º da Lei nº 40, de 10 de maio de 2023, desde 10 de maio de 2023" in first
    xml = tmp_path / "50.xml"
    run_cli("compile", _act(acervo, "lei-50-2019"), "--at", "2024-01-01", "-o", xml, "--acervo", acervo)
    lexml = xml.read_text("utf-8")  # LexML: the revocation, by which act and article
    assert 'tipo="revogacao"' in lexml and 'dispositivo="art1"' in lexml and "RevogacaoTotal" in lexml
    akn = tmp_path / "50.akn.xml"
    run_cli("compile", _act(acervo, "lei-50-2019"), "--at", "2024-01-01", "--to", "akn", "-o", akn,
            "--acervo", acervo)
    assert "Lei revogada pelo art. 1º da Lei nº 40" in akn.read_text("utf-8")


def test_notes_as_planalto_writes_them(acervo):
    # 'pelo Decreto', never 'pela Decreto'
    result = api.act_at(_act(acervo, "decreto-5-2021"), "2024-01-01", view="compilado", acervo=acervo)
    text = api.render(result.norma, "txt", view="compilado").decode()
    assert "(Redação dada pelo Decreto nº 6, de 1º de fevereiro de 2022)" in text
    assert "pela Decreto" not in text


@pytest.mark.shared
def test_a_wording_the_act_did_not_give_is_vide_in_every_output(tmp_path):
    """Lei 2.748/2007 adds 200 licences to Lei 2.244 without a new wording; the wording of its
    art. 16 § 1º is a recorded decision's: '(Vide Lei nº 2.748 …)', never 'Redação dada'."""
    folder = str(STATUTES / "ba-feira-de-santana" / "lei-2244-2001")
    vide = "Vide Lei nº 2.748, de 5 de março de 2007"
    for fmt in ("txt", "md", "html", "akn"):
        out = tmp_path / f"2244.{fmt}"
        assert run_cli("compile", folder, "--to", fmt, "--view", "compilado", "-o", out).returncode == 0
        body = out.read_text("utf-8")
        assert vide in body and "Redação dada pela Lei nº 2.748" not in body, fmt
    out = tmp_path / "2244.docx"
    run_cli("compile", folder, "--to", "docx", "--view", "compilado", "-o", out)
    body = zipfile.ZipFile(out).read("word/document.xml").decode()
    assert f"({vide})" in body and "Redação dada pela Lei nº 2.748" not in body


# -- citations -----------------------------------------------------------------------------------

def test_a_citation_of_another_norm_never_links_into_the_same_page():
    from lexconsolida.site import SiteAct
    from lexconsolida.site.links import Resolver
    from lexconsolida.writers.html.links import Linker

    lei = SiteAct(Norma(tipo="Lei", numero="3227", data="2011-05-05",
                        urn=URN.format("lei:2011-05-05;3227"),
                        articulacao=[Dispositivo(Kind.ARTIGO, f"art{i}", f"Art. {i}º", number=Number(i))
                                     for i in (4, 9, 31)]), "sp-vila-ficta/lei-3227-2011")
    linker = Linker(Resolver([lei]), lei, lei.path)
    for text in ("nos termos do art. 4º da Lei Complementar (LC) 101/2000 e",
                 "previsto no art. 31, da LC 101/00;",
                 "os artigos 90 e 91 do Estatuto da Criança e do Adolescente;",
                 "o art. 61 do Ato das Disposições Constitucionais Transitórias - ADCT,",
                 # more of the citation the recogniser left out, then the other norm
                 "conforme arts. 25. 27 e 28 da Lei Complementar nº 101/2000, e",
                 "nos termos do art. 22, inciso 111, da Lei nº 8.666/93",
                 "o art. 9º. da Lei Complementar nº 101/2000"):
        html = str(linker.html(text))
        assert 'href="#' not in html, text
    assert 'href="#art4"' in str(linker.html("nos termos do art. 4º desta Lei"))
    federal = str(linker.html("conforme a Lei Federal nº 9.503/97"))
    assert 'href="https://www.lexml.gov.br/urn/urn:lex:br:federal:lei:1997;9503"' in federal
    state = str(linker.html("na Lei Estadual nº 7.014, de 4 de dezembro de 1996"))
    assert "https://www.lexml.gov.br/urn/urn:lex:br;sao.paulo:estadual:lei:1996-12-04;7014" in state


# -- residual OCR and labels out of sequence: marked, never clean law text -------------------------

LEI_846 = STATUTES / "mt-pedra-preta" / "lei-846-2015"


def test_residual_ocr_and_repeated_labels_are_marked_in_every_output(tmp_path):
    html = tmp_path / "846.html"
    assert run_cli("render", LEI_846, "--to", "html", "-o", html).returncode == 0
    doc = lxml.html.document_fromstring(html.read_bytes())
    for unit, token in (("art55_par18_ali1", "GO"), ("art55_par42_ali1", "ar ed")):
        line = doc.get_element_by_id(unit).text_content()
        assert f"{token} [?]" in line and "confira o texto-fonte" in line
    assert "rótulo “II” repetido no texto-fonte: é o 3º inciso" in doc.get_element_by_id("art64_cpt_inc3").text_content()
    text = tmp_path / "846.txt"
    run_cli("compile", LEI_846, "--to", "txt", "-o", text)
    lines = text.read_text("utf-8").splitlines()
    i = next(i for i, ln in enumerate(lines) if ln.startswith("a) Infração: média GO"))
    assert lines[i].endswith("GO [?]") and "provável resíduo de OCR" in lines[i + 1]
    out = tmp_path / "846.docx"
    run_cli("render", LEI_846, "--to", "docx", "-o", out)
    paras = [(p.style.name, p.text) for p in docx.Document(str(out)).paragraphs]
    i = next(i for i, (_, t) in enumerate(paras) if t.startswith("a) Infração: média GO"))
    assert paras[i][1].endswith("[?]") and paras[i + 1][0] == "Lacuna" and "“GO”" in paras[i + 1][1]


def test_forms_cite_the_label_the_reader_of_the_law_sees():
    from lexconsolida.forms.cases import load_cases
    from lexconsolida.forms.html import render_html
    from lexconsolida.forms.infractions import extract
    from lexconsolida.forms.issue import Context, _build, validate
    from lexconsolida.forms.settings import load_settings
    from tests.forms_support import CASES, TODAY

    norma = api.act_at(str(LEI_846)).norma
    ctx = Context(load_settings(STATUTES / "mt-pedra-preta"), norma, extract(norma))
    case = load_cases(CASES / "pp-notificacao-regularizacao.toml")[0]
    validate("notificacao-regularizacao", [case], ctx, TODAY)
    page = render_html(_build("notificacao-regularizacao", case, ctx, "XX-2025/000001", TODAY)).decode()
    text = " ".join(re.sub(r"<[^>]+>", " ", page).split())
    assert "art. 64, inciso II (o 3º inciso; o texto da lei repete o rótulo “II”)" in text
    assert "art. 64, inciso III" not in text


# -- the site: index by type and year, search filters ----------------------------------------------

def test_undated_acts_are_grouped_sem_data_after_the_years():
    from lexconsolida.site import SiteAct, SiteCorpus, build_site  # noqa: F401
    from lexconsolida.site.model import Municipio
    from lexconsolida.site.pages import index_groups

    mun = Municipio("sp-vila-ficta", "Vila Ficta", "SP")
    acts = [SiteAct(Norma(tipo="Lei", numero=n, data=d, urn=URN.format(f"lei:{d or '2015'};{n}")),
                    f"sp-vila-ficta/lei-{n}", municipio=mun)
            for n, d in (("1", "2019-01-01"), ("2", None), ("3", "2021-01-01"))]
    (m,) = index_groups(acts)
    (t,) = m["tipos"]
    assert [a["ano"] for a in t["anos"]] == ["2021", "2019", "sem data"]
    assert t["anos"][-1]["paginas"][0]["path"] == "indice/sp-vila-ficta/lei-sem-data.html"
    assert acts[1].facts.titulo == "Lei nº 2 (sem data)"


def test_search_filters_by_status_and_type(acervo, tmp_path):
    import functools
    import http.server
    import shutil
    import threading

    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.skip("chromium não instalado")
    sync_api = pytest.importorskip("playwright.sync_api")
    site = tmp_path / "site"
    run_cli("site", "--acervo", acervo, "-o", site)
    atos = json.loads((site / "busca" / "atos.json").read_text())
    assert {a[0]: a[3] for a in atos}["sp-vila-ficta/lei-50-2019"] == ["revogada"]
    # a pending act held back by a decision is not "em vigor" even on its metadata page
    assert {a[0]: a[3] for a in atos}.get("sp-vila-ficta/lei-10-2020", ["pendente"]) == ["pendente"]
    args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"]

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *a) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=args)
        try:
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(f"{base}/busca.html?situacao=revogada")
            page.wait_for_selector("#resultados li")
            assert page.locator("#resultados li a").all_inner_texts() == ["Lei nº 50, de 1º de fevereiro de 2019"]
            page.goto(f"{base}/busca.html?q=vigor&tipo=Decreto")
            page.wait_for_function("document.getElementById('situacao-busca').textContent.indexOf('encontrad') >= 0")
            titles = page.locator("#resultados li a").all_inner_texts()
            assert titles and all(t.startswith("Decreto") for t in titles)
            assert page.locator("#tipo").input_value() == "Decreto"
            assert errors == []
        finally:
            browser.close()
            httpd.shutdown()
            httpd.server_close()
