"""A site never publishes a stale text (issue 12, point 5 of the report).

A fictional municipality: Lei 10/2020 (a fine of R$ 100,00) and Lei 20/2021, which gives its
art. 2º a new wording (R$ 200,00). When Lei 20's text becomes unreadable, or when a build
fails half-way, the published site must keep the pages that say R$ 200,00: exit 1 with the
reason, the last good pages kept, the new site swapped in only when complete.
"""

from __future__ import annotations

from pathlib import Path

import lxml.html
import pytest

from tests.conftest import run_cli

MUNICIPIO = """nome = "Vila Ficta"
uf = "SP"
uf_nome = "São Paulo"
localidade_urn = "br;sao.paulo;vila.ficta"
"""
BASE_TOML = """tipo = "Lei"
numero = "10"
data = "2020-03-02"
urn = "urn:lex:br;sao.paulo;vila.ficta:municipal:lei:2020-03-02;10"
ementa = "Dispõe sobre o comércio ambulante."
"""
BASE = """LEI Nº 10, DE 2 DE MARÇO DE 2020

Dispõe sobre o comércio ambulante.

Art. 1º O comércio ambulante depende de licença.
Art. 2º A falta de licença sujeita o infrator a multa de R$ 100,00 (cem reais).
Art. 3º Esta Lei entra em vigor na data de sua publicação.

Vila Ficta, 2 de março de 2020.

JOÃO DA SILVA
Prefeito Municipal
"""
AMEND_TOML = """tipo = "Lei"
numero = "20"
data = "2021-04-05"
urn = "urn:lex:br;sao.paulo;vila.ficta:municipal:lei:2021-04-05;20"
ementa = "Altera a Lei nº 10, de 2 de março de 2020."

[[relacoes]]
tipo = "altera"
alvos = ["urn:lex:br;sao.paulo;vila.ficta:municipal:lei:2020-03-02;10"]
"""
AMEND = """LEI Nº 20, DE 5 DE ABRIL DE 2021

Altera a Lei nº 10, de 2 de março de 2020.

Art. 1º O art. 2º da Lei nº 10, de 2 de março de 2020, passa a vigorar com a seguinte redação:
“Art. 2º A falta de licença sujeita o infrator a multa de R$ 200,00 (duzentos reais).” (NR)
Art. 2º Esta Lei entra em vigor na data de sua publicação.

Vila Ficta, 5 de abril de 2021.

JOÃO DA SILVA
Prefeito Municipal
"""


@pytest.fixture
def acervo(tmp_path) -> Path:
    root = tmp_path / "acervo"
    (root / "sp-vila-ficta").mkdir(parents=True)
    (root / "sp-vila-ficta" / "municipio.toml").write_text(MUNICIPIO, "utf-8")
    for folder, toml, text in (("lei-10-2020", BASE_TOML, BASE), ("lei-20-2021", AMEND_TOML, AMEND)):
        d = root / "sp-vila-ficta" / folder
        d.mkdir()
        (d / "norma.toml").write_text(toml, "utf-8")
        (d / "texto.txt").write_text(text, "utf-8")
    return root


def _site(acervo: Path, out: Path):
    return run_cli("site", "--acervo", acervo, "-o", out)


def test_an_act_whose_history_cannot_be_applied_keeps_its_last_good_pages(acervo, tmp_path):
    out = tmp_path / "site"
    first = _site(acervo, out)
    assert first.returncode == 0, first.stderr.decode()
    page = out / "sp-vila-ficta" / "lei-10-2020" / "index.html"
    versions = sorted((page.parent / "versoes").glob("*.html"))
    good = page.read_bytes()
    assert "R$ 200,00" in good.decode() and "R$ 100,00" not in good.decode()
    assert len(versions) == 2

    # the amending act's text becomes unreadable
    (acervo / "sp-vila-ficta" / "lei-20-2021" / "texto.txt").write_bytes(b"\x00\x01 sem artigo algum")
    second = _site(acervo, out)
    err = second.stderr.decode()
    assert second.returncode == 1
    assert "sp-vila-ficta/lei-10-2020" in err and "não" in err
    assert "páginas anteriores mantidas: sp-vila-ficta/lei-10-2020" in err
    # not the 2020 text under the current title: the last good page, never silent (issue 25):
    # a notice names the act that could not be applied, the rest as it was
    from lexconsolida.site.pages import strip_kept_notice

    kept = page.read_text("utf-8")
    assert strip_kept_notice(kept) == good.decode()
    notice = lxml.html.document_fromstring(kept).xpath("//p[@class='aviso-mantido']")[0].text_content()
    assert "Lei nº 20, de 5 de abril de 2021 não pôde ser aplicada a este ato" in notice
    assert "pode estar desatualizado" in notice
    # the notice says exactly what the page holds (issue 36): this one already has the R$ 200,00
    # of the Lei nº 20, so it never says "sem essas alterações"
    assert notice.endswith("o texto abaixo é o publicado antes disso, já com as alterações da Lei nº 20, "
                           "de 5 de abril de 2021, como eram lidas quando foi publicado.")
    assert sorted((page.parent / "versoes").glob("*.html")) == versions
    said = {}
    for version in versions:
        text = version.read_text("utf-8")
        assert "aviso-mantido" in text
        said[version.stem] = (lxml.html.document_fromstring(text).xpath("//p[@class='aviso-mantido']")[0]
                              .text_content(), "R$ 200,00" in text)
    # the version of 2020, before the Lei nº 20: without its changes, and its notice says so
    assert said["2020-03-02"][0].endswith("sem as alterações da Lei nº 20, de 5 de abril de 2021.")
    assert not said["2020-03-02"][1]
    assert said["2021-04-05"][1] and "já com as alterações" in said["2021-04-05"][0]
    assert not list(tmp_path.glob(".site.*"))  # no staging folder left behind
    # its search entries stay: the site's search still finds the law
    import json

    assert "sp-vila-ficta/lei-10-2020" in [a[0] for a in json.loads((out / "busca" / "atos.json").read_text())]
    assert (out / "busca" / "atos" / "sp-vila-ficta" / "lei-10-2020.json").is_file()
    # a third run with nothing changed rewrites nothing
    again = _site(acervo, out)
    assert again.returncode == 1 and page.read_text("utf-8") == kept


def test_build_fails_for_that_act_and_keeps_its_docx(acervo, tmp_path):
    out = tmp_path / "output"
    assert run_cli("build", "--acervo", acervo, "-o", out).returncode == 0
    docx = out / "docx" / "sp-vila-ficta" / "lei-10-2020.docx"
    good = docx.read_bytes()
    (acervo / "sp-vila-ficta" / "lei-20-2021" / "texto.txt").write_bytes(b"\x00\x01 sem artigo algum")
    proc = run_cli("build", "--acervo", acervo, "-o", out)
    assert proc.returncode == 1
    assert "sp-vila-ficta/lei-10-2020" in proc.stdout.decode()
    # the last good DOCX, never silent (issue 25): a notice on top names the pending act
    import io

    import docx as python_docx

    kept = python_docx.Document(io.BytesIO(docx.read_bytes())).paragraphs
    assert kept[0].style.name == "Situação do texto"
    assert "Lei nº 20, de 5 de abril de 2021 não pôde ser aplicada" in kept[0].text
    assert "já com as alterações da Lei nº 20" in kept[0].text  # it has them: R$ 200,00
    before = [p.text for p in python_docx.Document(io.BytesIO(good)).paragraphs]
    assert [p.text for p in kept[1:]] == before
    again = docx.read_bytes()
    run_cli("build", "--acervo", acervo, "-o", out)
    assert docx.read_bytes() == again  # not rewritten when nothing changed
    assert "R$ 200,00" in (out / "site" / "sp-vila-ficta" / "lei-10-2020" / "index.html").read_text("utf-8")


def test_a_build_that_fails_half_way_leaves_the_published_site_untouched(acervo, tmp_path, monkeypatch):
    from lexconsolida.site import build_site
    from lexconsolida.site import pages as site_pages
    from lexconsolida.site.source import load_site

    out = tmp_path / "site"
    build_site(load_site(acervo).corpus, out)
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    (acervo / "sp-vila-ficta" / "lei-10-2020" / "norma.toml").write_text(
        BASE_TOML.replace("comércio ambulante", "comércio de rua"), "utf-8")

    def broken(self, *args, **kwargs):
        raise RuntimeError("disco cheio")

    monkeypatch.setattr(site_pages.ActPages, "_render", broken)
    with pytest.raises(RuntimeError):
        build_site(load_site(acervo).corpus, out)
    after = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before
    assert not list(tmp_path.glob(".site.*"))


# -- every published text says which text it is (issue 12, point 3 of the report) -------------

def test_compiled_text_says_so_and_names_the_amending_acts(acervo, tmp_path):
    import docx

    out = tmp_path / "output"
    run_cli("build", "--acervo", acervo, "-o", out)
    page = (out / "site" / "sp-vila-ficta" / "lei-10-2020" / "index.html").read_text("utf-8")
    expected = ("Texto compilado até 5 de abril de 2021, com as alterações da Lei nº 20, de 5 de "
                "abril de 2021.")
    assert expected in page
    paras = [(p.style.name, p.text) for p in
             docx.Document(str(out / "docx" / "sp-vila-ficta" / "lei-10-2020.docx")).paragraphs]
    assert paras[0][0] == "Situação do texto" and paras[0][1].startswith(expected)
    # the changed wording carries its note under the original signature
    i = next(i for i, (_, t) in enumerate(paras) if "R$ 200,00" in t)
    assert paras[i + 1] == ("Nota de alteração", "(Redação dada pela Lei nº 20, de 5 de abril de 2021)")
    original = (out / "site" / "sp-vila-ficta" / "lei-20-2021" / "index.html").read_text("utf-8")
    assert "Texto original, como publicado." in original and "Texto compilado até" not in original


def test_epigrafe_is_normalised_and_its_conflict_reported(acervo, tmp_path):
    text = acervo / "sp-vila-ficta" / "lei-10-2020" / "texto.txt"
    text.write_text(BASE.replace("LEI Nº 10, DE 2 DE MARÇO DE 2020", "LEI Nº 10, DE 3/3/2020"), "utf-8")
    out = tmp_path / "site"
    _site(acervo, out)
    page = (out / "sp-vila-ficta" / "lei-10-2020" / "index.html").read_text("utf-8")
    assert '<p class="epigrafe">LEI Nº 10, DE 2 DE MARÇO DE 2020</p>' in page
    assert "3/3/2020" not in page
    proc = run_cli("check", text)
    assert ("a epígrafe data o ato de 3 de março de 2020 e o fecho, de 2 de março de 2020"
            in proc.stdout.decode())
