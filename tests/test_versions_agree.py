"""One point in time: the site's version page of an act and ``compile --at`` give the same text
on every version date of every amended act of the demo acervo (``statutes/``) and of the
fictional Vila Exemplo law (built with ``amend.apply``, compiled from its LexML), including the
dates before a unit — an artigo in Vila Exemplo — was added (it is on neither)."""

from __future__ import annotations

import pytest
from lxml import html

from lexconsolida import api
from lexconsolida.site import build_site
from lexconsolida.site.model import SiteCorpus
from lexconsolida.site.source import site_from_corpus
from lexconsolida.site.versions import version_dates
from tests.conftest import STATUTES, run_cli
from tests.site_sample import fictional_corpus

pytestmark = pytest.mark.slow


def units(page: bytes | str) -> dict[str, str]:
    """Every dispositivo of a rendered text: its id and its wording with its label. Left out:
    the notes of changes ('Incluído pela …': the version page keeps the history up to its
    date, ``compile --view vigente`` drops it) and the site's screen-reader hints on links."""
    doc = html.fromstring(page)
    for extra in doc.xpath("//*[contains(concat(' ', @class, ' '), ' sr-only ')"
                           " or contains(concat(' ', @class, ' '), ' nota ')]"):
        extra.drop_tree()
    return {e.get("id"): " ".join(e.text_content().split())
            for e in doc.xpath("//*[contains(concat(' ', @class, ' '), ' disp ')][@id]")}


def compare(acts, out, compile_args) -> list[tuple[str, str, str]]:
    """Assert every version page equals ``compile --at``; the units added after a date."""
    added_later = []
    for act in acts:
        for when in version_dates(act.norma):
            page = (out / act.path / "versoes" / f"{when}.html").read_bytes()
            proc = run_cli("compile", *compile_args(act), "--at", when, "--to", "html")
            assert proc.returncode == 0, proc.stderr.decode()
            site, compiled = units(page), units(proc.stdout)
            assert site == compiled, (act.path, when)
            assert site, (act.path, when)
            added_later += [(act.path, when, n.id) for n in act.norma.dispositivos()
                            if n.id not in site and api.at(act.norma, when).find(n.id) is None]
    return added_later


def test_demo_acervo_version_pages_agree_with_compile_at(tmp_path):
    loaded = site_from_corpus(api.corpus(STATUTES))
    acts = [a for a in loaded.corpus.acts if a.texto_disponivel and version_dates(a.norma)]
    assert acts, "o acervo de demonstração não tem ato alterado"
    build_site(SiteCorpus(acts, nome=loaded.corpus.nome), tmp_path)
    added_later = compare(acts, tmp_path, lambda a: (a.norma.urn, "--acervo", STATUTES))
    assert added_later, "nenhuma data antes da inclusão de um dispositivo: o caso não é coberto"


def test_fictional_law_version_pages_agree_with_compile_at(tmp_path):
    corpus = fictional_corpus()
    acts = [a for a in corpus.acts if version_dates(a.norma)]
    build_site(corpus, tmp_path / "site")
    files = {}
    for a in acts:
        files[a.path] = tmp_path / f"{a.path.replace('/', '-')}.xml"
        files[a.path].write_bytes(api.render(a.norma, "xml"))
    added_later = compare(acts, tmp_path / "site", lambda a: (files[a.path],))
    assert ("sp-vila-exemplo/lei-100-2020", "2020-05-04", "art3-1") in added_later
