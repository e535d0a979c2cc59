"""The scheduled whole-acervo run never unpublishes an act it failed to read.

Run as the scheduler runs it (``lexconsolida acervo ACERVO -o LISTA --site SITE``, then the
provider), on a copy of the fictional municipality: an act whose ``norma.toml`` breaks between
two runs (an unclosed quote; a file saved in Latin-1) keeps the page of the last good run, with
a notice; it is listed on the terminal with its file and line; the run exits with
:data:`~lexconsolida.errors.EXIT_KEPT`. The provider never announces it as deleted: a record is
deleted only when its folder is gone *and* ``provedor registrar`` recorded the removal.
"""

from __future__ import annotations

import re
import shutil

import pytest

from lexconsolida.errors import EXIT_KEPT
from lexconsolida.oai.ledger import LEDGER
from lexconsolida.oai.provider import Provider
from lexconsolida.oai.records import catalog
from lexconsolida.site.pages import strip_kept_notice
from lexconsolida.acervo.pipeline import build
from tests.conftest import run_cli
from tests.oai_support import fictional_acervo

EX = "xx-municipio-de-exemplo"
LEI135 = "urn:lex:br;estado.ficticio;exemplo:municipal:lei:2022-06-20;135"
PAGE = f"{EX}/lei-135-2022/index.html"


def _unclosed_quote(toml: str) -> str:
    lines = toml.splitlines(keepends=True)
    i = next(i for i, ln in enumerate(lines) if ln.startswith("ementa = "))
    lines[i] = lines[i].rstrip().removesuffix('"') + "\n"
    return "".join(lines)


BREAKS = {
    "aspas": lambda path: path.write_text(_unclosed_quote(path.read_text("utf-8")), "utf-8"),
    "latin-1": lambda path: path.write_bytes(path.read_text("utf-8").encode("latin-1")),
}


@pytest.fixture
def scheduled(tmp_path):
    acervo = fictional_acervo(tmp_path)
    site, lista = tmp_path / "site", tmp_path / "lista"

    def run():
        return run_cli("acervo", acervo, "-o", lista, "--site", site, "--processos", "1")

    first = run()
    assert first.returncode == 0, first.stderr.decode()
    assert (site / PAGE).is_file()
    return acervo, site, run


def _broken_line(path, damage: str) -> int:
    """The line the message must name: the unclosed quote's, or the first byte not in UTF-8."""
    lines = path.read_bytes().split(b"\n")
    if damage == "aspas":
        return next(i for i, ln in enumerate(lines, 1) if ln.startswith(b"ementa"))
    return next(i for i, ln in enumerate(lines, 1) if any(b > 127 for b in ln))


@pytest.mark.parametrize("damage", sorted(BREAKS))
def test_a_broken_norma_toml_keeps_the_last_good_page(scheduled, damage):
    acervo, site, run = scheduled
    good = (site / PAGE).read_text("utf-8")
    norma = acervo / EX / "lei-135-2022" / "norma.toml"
    BREAKS[damage](norma)
    again = run()
    err = again.stderr.decode()
    assert again.returncode == EXIT_KEPT, err
    # listed on the terminal, with its file and line
    assert re.search(rf"{EX}/lei-135-2022/norma.toml\b.*\blinha {_broken_line(norma, damage)}\b", err), err
    assert "mantido" in err and "Traceback" not in err
    # the page of the last good run is still there, with a notice on top
    kept = (site / PAGE).read_text("utf-8")
    assert "aviso-mantido" in kept and "desatualizad" in kept
    assert strip_kept_notice(kept) == good
    # fixed: published again as usual, without the notice, exit 0
    norma.write_text(_good_toml(), "utf-8")
    fixed = run()
    assert fixed.returncode == 0, fixed.stderr.decode()
    assert "aviso-mantido" not in (site / PAGE).read_text("utf-8")


def _good_toml() -> str:
    from tests.oai_support import EXEMPLO

    return (EXEMPLO / "lei-135-2022" / "norma.toml").read_text("utf-8")


def test_a_broken_act_is_never_announced_as_deleted(tmp_path):
    acervo = fictional_acervo(tmp_path)
    assert run_cli("provedor", "registrar", acervo, "--processos", "1").returncode == 0
    norma = acervo / EX / "lei-135-2022" / "norma.toml"
    BREAKS["aspas"](norma)
    cat = catalog(build(acervo))
    assert not any(r.deleted for r in cat.records)
    provider = Provider(cat, "http://127.0.0.1/")
    answer = provider.handle([("verb", "GetRecord"), ("metadataPrefix", "oai_lexml"), ("identifier", LEI135)])
    assert b'status="deleted"' not in answer
    listed = provider.handle([("verb", "ListIdentifiers"), ("metadataPrefix", "oai_lexml")])
    assert b'status="deleted"' not in listed
    # registering while it is unreadable records no deletion, and says so loudly
    reg = run_cli("provedor", "registrar", acervo, "--processos", "1", "--data", "2026-12-01T00:00:00Z")
    assert reg.returncode == EXIT_KEPT, reg.stderr.decode()
    assert re.search(r"lei-135-2022/norma.toml\b.*\blinha 7\b", reg.stderr.decode()), reg.stderr.decode()
    ledger = (acervo / EX / LEDGER).read_text("utf-8")
    assert "[[excluidos]]" not in ledger and LEI135 in ledger
    # removed on purpose (the folder gone) and the removal recorded: then, and only then, deleted
    shutil.rmtree(acervo / EX / "lei-135-2022")
    gone = catalog(build(acervo))
    assert not any(r.deleted for r in gone.records)  # gone, but its removal not yet recorded
    assert any("saíram do acervo" in n for n in gone.ledger_notes)
    reg = run_cli("provedor", "registrar", acervo, "--processos", "1", "--data", "2026-12-02T00:00:00Z")
    assert reg.returncode == 0, reg.stderr.decode()
    after = {r.identifier: r for r in catalog(build(acervo)).records}
    assert after[LEI135].deleted and after[LEI135].datestamp == "2026-12-02T00:00:00Z"


def test_two_municipality_folders_with_the_same_urns_are_refused(tmp_path):
    acervo = fictional_acervo(tmp_path)
    shutil.copytree(acervo / EX, acervo / "xx-copia")
    run = run_cli("acervo", acervo, "-o", tmp_path / "lista", "--site", tmp_path / "site", "--processos", "1")
    err = run.stderr.decode()
    assert run.returncode == 2, err
    assert "URN repetida" in err and f"{EX}/lei-100-2020" in err and "xx-copia/lei-100-2020" in err, err
    assert not (tmp_path / "site").exists() and not (tmp_path / "lista" / "lista.json").exists()
