"""The site as the gazette's public face: a page per edition, the signed PDF with its SHA-256,
the list of editions, links from each act's page to its editions, and Atom feeds that are valid
RFC 4287 documents."""

from __future__ import annotations

import hashlib
import re
import sys
from datetime import datetime
from pathlib import Path

import pytest

from lexconsolida import api
from lexconsolida.diario import sign as signing
from lexconsolida.diario.publish import publish
from lexconsolida.diario.register import EditionRegister
from lexconsolida.diario.settings import load
from lexconsolida.errors import InputError
from lexconsolida.lexml.xml_safe import parse_xml
from lexconsolida.site import build_site
from lexconsolida.site.source import load_site
from tests.diario_ca import PASSWORD
from tests.diario_support import SLUG, Keys, make_acervo

sys.path.insert(0, str(Path(__file__).parent))
from linkcheck import check_site  # noqa: E402

pytestmark = pytest.mark.slow
ATOM = "{http://www.w3.org/2005/Atom}"
RFC3339 = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    base = tmp_path_factory.mktemp("site-diario")
    acervo = make_acervo(base)
    keys = Keys(base / "chaves")
    settings = load(acervo / SLUG)
    corpus = api.corpus(acervo)
    credential = signing.load_certificate(keys.p12, PASSWORD)
    with EditionRegister(settings.registro, SLUG, create=True) as register:
        first = publish(settings, corpus, [str(acervo / SLUG / "lei-100-2020"), str(acervo / SLUG / "decreto-12-2020")],
                        data="2026-12-01", tipo="ordinaria", credential=credential, register=register)
        second = publish(settings, corpus, [str(acervo / SLUG / "portaria-7-2026")], data="2026-12-02",
                         tipo="extra", credential=credential, register=register,
                         extracts=[str(base / "extrato.txt")])
    out = base / "site"
    report = build_site(load_site(acervo).corpus, out)
    return {"acervo": acervo, "out": out, "editions": [first, second], "report": report, "base": base}


def test_edition_pages_and_pdfs(site):
    out = site["out"]
    for ed in site["editions"]:
        copied = out / "diario" / SLUG / ed.pdf.name
        assert copied.read_bytes() == ed.pdf.read_bytes()
        page = (out / "diario" / SLUG / ed.pdf.with_suffix(".html").name).read_text(encoding="utf-8")
        assert hashlib.sha256(copied.read_bytes()).hexdigest() in page
        assert ed.codigo in page and f'href="{ed.pdf.name}"' in page
        assert "MARIA DA SILVA DE TESTE" in page and "validar.iti.gov.br" in page
    first = (out / "diario" / SLUG / "edicao-2026-0001.html").read_text(encoding="utf-8")
    assert '<a href="../../xx-municipio-de-exemplo/lei-100-2020/index.html">Lei nº 100, de 10 de março de 2020</a>' in first
    second = (out / "diario" / SLUG / "edicao-2026-0002.html").read_text(encoding="utf-8")
    assert "Edição extraordinária nº 2" in second and "EXTRATO DO CONTRATO Nº 3/2026" in second
    listing = (out / "diario" / "index.html").read_text(encoding="utf-8")
    assert listing.index("edicao-2026-0002.html") < listing.index("edicao-2026-0001.html")  # newest first


def test_act_pages_link_to_their_editions(site):
    out = site["out"]
    lei = (out / SLUG / "lei-100-2020" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'class="publicado-diario">Publicado no <a href="\.\./\.\./diario/xx-municipio-de-exemplo/'
                     r'edicao-2026-0001\.html">Diário Oficial do Município de Exemplo — Edição ordinária nº 1, '
                     r'de 1/12/2026</a>, página 1 \(republicação; publicado antes em 11 de março de 2020\)\.</p>', lei)
    # the page shows two publication dates, and says which came first (issue 36)
    assert "<dt>Publicação</dt><dd>11 de março de 2020</dd>" in lei
    assert "publicado-diario" in (out / SLUG / "lei-100-2020" / "compilado.html").read_text(encoding="utf-8")
    assert "publicado-diario" not in (out / SLUG / "lei-150-2023" / "index.html").read_text(encoding="utf-8")
    menu = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="diario/index.html">Diário oficial</a>' in menu


def test_site_links_are_sound(site):
    assert check_site(site["out"]) == []


def _feed(path: Path):
    root = parse_xml(path.read_bytes(), path=str(path))
    assert root.tag == f"{ATOM}feed"
    for tag in ("id", "title", "updated"):
        assert len(root.findall(f"{ATOM}{tag}")) == 1, tag
    assert root.find(f"{ATOM}author/{ATOM}name").text
    assert RFC3339.match(root.find(f"{ATOM}updated").text)
    assert root.find(f"{ATOM}link[@rel='self']") is not None
    entries = root.findall(f"{ATOM}entry")
    ids = [e.find(f"{ATOM}id").text for e in entries]
    assert len(ids) == len(set(ids))
    for e in entries:
        for tag in ("id", "title", "updated", "summary"):
            assert len(e.findall(f"{ATOM}{tag}")) == 1, tag
        assert RFC3339.match(e.find(f"{ATOM}updated").text)
        assert len(e.findall(f"{ATOM}link[@rel='alternate']")) == 1  # RFC 4287, 4.1.1: at most one per type
        for link in e.findall(f"{ATOM}link"):
            target = (path.parent / link.get("href")).resolve()
            assert target.is_file(), link.get("href")
    return entries


def test_atom_feeds(site):
    out = site["out"]
    editions = _feed(out / "diario" / "edicoes.atom")
    assert [e.find(f"{ATOM}title").text for e in editions] == [
        "Diário Oficial do Município de Exemplo — Edição extraordinária nº 2, de 2/12/2026",
        "Diário Oficial do Município de Exemplo — Edição ordinária nº 1, de 1/12/2026"]
    enclosure = editions[0].find(f"{ATOM}link[@rel='enclosure']")
    assert enclosure.get("type") == "application/pdf"
    assert int(enclosure.get("length")) == site["editions"][1].pdf.stat().st_size
    acts = _feed(out / "diario" / "atos.atom")
    assert [e.find(f"{ATOM}title").text for e in acts] == [
        "Portaria nº 7, de 30 de novembro de 2026", "EXTRATO DO CONTRATO Nº 3/2026",
        "Lei nº 100, de 10 de março de 2020 (republicação; publicado antes em 11 de março de 2020)",
        "Decreto nº 12, de 1º de abril de 2020 (republicação; publicado antes em 2 de abril de 2020)"]
    updated = datetime.fromisoformat(parse_xml((out / "diario" / "atos.atom").read_bytes())
                                     .find(f"{ATOM}updated").text)
    assert updated.date().isoformat() == "2026-12-02"  # the newest edition, never the clock


def test_rebuild_without_change_writes_nothing(site):
    again = build_site(load_site(site["acervo"]).corpus, site["out"])
    assert again.written == 0 and again.removed == 0


def test_a_pdf_changed_after_signing_is_not_published(site, tmp_path):
    import shutil

    acervo = tmp_path / "statutes"
    shutil.copytree(site["acervo"], acervo)
    pdf = acervo / SLUG / "diario-oficial" / "edicao-2026-0001.pdf"
    data = bytearray(pdf.read_bytes())
    data[2000] ^= 1
    pdf.write_bytes(bytes(data))
    with pytest.raises(InputError, match="não é o que foi assinado"):
        load_site(acervo)


def test_no_edition_no_gazette_pages():
    from lexconsolida.site.editions import pages
    from lexconsolida.site.pages import SiteInfo

    assert list(pages([], [], SiteInfo("x", []), "chave")) == []


def test_a_voided_number_is_listed_and_its_leftovers_never_block_the_site(tmp_path):
    """Issue 36: a number the register voided (another file was where its PDF had to go) is listed
    with its reason — the server's path cut to the file's name —, and what was left where the
    edition would have been (a PDF, a description) is not an edition: not published, and the site
    is built without anyone deleting it. The act printed in the next edition, published in 2023,
    says it is a republication and why, in the edition's description and on its page."""
    import json

    from tests.diario_support import cli

    acervo = make_acervo(tmp_path)
    keys = Keys(tmp_path / "chaves")

    def edicao(day: str, *extra, kill_at=None):
        return cli("edicao", "--municipio", acervo / SLUG, "--acervo", acervo, acervo / SLUG / "lei-150-2023",
                   "--data", day, "--certificado", keys.p12, "--senha-arquivo", keys.password_file, *extra,
                   kill_at=kill_at)

    assert edicao("2026-12-01", "--novo-registro", kill_at="depois-do-commit").returncode == -9
    folder = acervo / SLUG / "diario-oficial"
    folder.mkdir(exist_ok=True)
    (folder / "edicao-2026-0001.pdf").write_bytes(b"outro arquivo")
    listing = cli("edicao", "--municipio", acervo / SLUG, "--listar", "--json")
    assert "inutilizada" in listing.stderr.decode()
    leftover = {"formato": "lexconsolida-edicao/1", "municipio": SLUG, "numero": 1, "pdf": {"sha256": "0" * 64}}
    (folder / "edicao-2026-0001.json").write_text(json.dumps(leftover), "utf-8")
    done = edicao("2026-12-02")
    assert done.returncode == 0, done.stderr.decode()
    desc = json.loads((folder / "edicao-2026-0002.json").read_text("utf-8"))
    assert [(a["republicacao"], a["publicacao_anterior"]) for a in desc["atos"]] == [(True, "2023-09-15")]
    out = tmp_path / "site"
    build_site(load_site(acervo).corpus, out)  # the leftovers do not stop it
    index = (out / "diario" / "index.html").read_text("utf-8")
    assert "Número inutilizado" in index and "Edição ordinária nº 1, de 1/12/2026" in index
    assert "arquivo diferente no lugar da edição: edicao-2026-0001.pdf" in index and str(tmp_path) not in index
    assert not (out / "diario" / SLUG / "edicao-2026-0001.html").exists()
    assert not (out / "diario" / SLUG / "edicao-2026-0001.pdf").exists()
    assert (out / "diario" / SLUG / "edicao-2026-0002.pdf").read_bytes() == (folder / "edicao-2026-0002.pdf").read_bytes()
    page = (out / SLUG / "lei-150-2023" / "index.html").read_text("utf-8")
    assert "(republicação; publicado antes em 15 de setembro de 2023)" in page
    edition_page = (out / "diario" / SLUG / "edicao-2026-0002.html").read_text("utf-8")
    assert "(republicação; publicado antes em 15 de setembro de 2023)" in edition_page
    assert check_site(out) == []
