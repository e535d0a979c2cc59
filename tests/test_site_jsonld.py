"""The site's sitemap and schema.org/Legislation structured data, and the provider's records
pointing at pages the site has."""

from __future__ import annotations

import json
from urllib.parse import unquote

from lxml import html

from lexconsolida.acervo.pipeline import build
from lexconsolida.cli import main
from lexconsolida.lexml import oai as vocab
from lexconsolida.model import Norma
from lexconsolida.model.status import Status
from lexconsolida.oai.records import catalog
from lexconsolida.site import jsonld
from lexconsolida.site.model import Municipio, SiteAct, site_url
from tests.oai_support import fictional_acervo

EX = "xx-municipio-de-exemplo"


def test_json_ld_cannot_close_its_script_element():
    hostile = 'Dispõe sobre </script><script>alert(1)</script> & "aspas" <!-- x'
    act = SiteAct(Norma(tipo="Lei", numero="7", data="2020-01-02", ementa=hostile,
                        urn="urn:lex:br;x;y:municipal:lei:2020-01-02;7"), "x-y/lei-7-2020",
                  municipio=Municipio("x-y", "Y", "XX", "https://y.invalid/"))
    text = str(jsonld.for_page(act, Status("vigente", "em vigor", True), "x-y/lei-7-2020/index.html"))
    assert "<" not in text and ">" not in text and "&" not in text
    data = json.loads(text)
    assert data["description"] == " ".join(hostile.split())
    assert data["url"] == "https://y.invalid/x-y/lei-7-2020/index.html"
    assert data["legislationIdentifier"] == "urn:lex:br;x;y:municipal:lei:2020-01-02;7"
    assert jsonld.for_page(act, Status("proposicao", "minuta", False), "p") is None  # no normative value
    assert site_url({"site": {"url": "https://a.invalid/diario"}}) == "https://a.invalid/diario/"
    assert site_url({}) is None


def test_sitemap_structured_data_and_the_records_pages(tmp_path):
    root = fictional_acervo(tmp_path)
    out = tmp_path / "site"
    assert main(["site", "-o", str(out), "--acervo", str(root)]) == 0
    locs = html.fromstring((out / "sitemap.xml").read_bytes()).xpath("//*[local-name()='loc']/text()")
    base = "https://diario.exemplo.invalid/"
    assert locs[0] == base and len(locs) == 6
    for loc in locs[1:]:
        page = out / unquote(loc.removeprefix(base))
        assert page.is_file(), loc
        scripts = html.fromstring(page.read_bytes()).xpath("//script[@type='application/ld+json']/text()")
        data = json.loads(scripts[0])
        assert data["@type"] == "Legislation" and data["url"] == loc
    compiled = (out / EX / "lei-100-2020" / "compilado.html").read_text("utf-8")
    assert "application/ld+json" not in compiled  # only on the page of the text in force
    # every page a record points to is a page of the site
    cat = catalog(build(root))
    for rec in cat.records:
        for item in vocab.parse_xml(rec.data).iterfind(f"{{{vocab.NS}}}Item"):
            if item.get("formato") == "text/html":
                assert (out / unquote(item.text.removeprefix(base))).is_file(), item.text


def test_no_sitemap_without_the_site_address(tmp_path):
    root = fictional_acervo(tmp_path)
    toml = root / EX / "municipio.toml"
    toml.write_text(toml.read_text("utf-8").replace('url = "https://diario.exemplo.invalid/"', ""), "utf-8")
    out = tmp_path / "site"
    assert main(["site", "-o", str(out), "--acervo", str(root)]) == 0
    assert not (out / "sitemap.xml").exists()
    page = (out / EX / "lei-100-2020" / "index.html").read_bytes()
    data = json.loads(html.fromstring(page).xpath("//script[@type='application/ld+json']/text()")[0])
    assert "url" not in data and data["legislationType"] == "Lei"
