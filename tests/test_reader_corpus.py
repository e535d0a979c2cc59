"""Every real act in the shared corpus parses, with the articles its text prints."""

import re

import pytest

from lexconsolida.model import Kind
from lexconsolida.readers.text import read
from tests.conftest import CORPUS

pytestmark = pytest.mark.shared  # reads ../shared

FILES = sorted(CORPUS.rglob("*.txt"))
_ARTICLE_LINE = re.compile(r"^\s*Art(?:igo)?\.?\s*(\d+)", re.MULTILINE)


@pytest.fixture(scope="module")
def parsed():
    return {p: read(p.read_bytes(), path=str(p)) for p in FILES}


def test_corpus_is_there():
    assert len(FILES) >= 10


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_articles_match_the_text(parsed, path):
    result = parsed[path]
    text = path.read_bytes().decode("utf-8-sig")
    printed = [int(n) for n in _ARTICLE_LINE.findall(text)]
    assert [a.number.value for a in result.norma.artigos()] == printed
    ids = [n.id for n in result.norma.walk()]
    assert len(ids) == len(set(ids)), "ids must be unique"
    assert result.norma.epigrafe and result.norma.tipo and result.norma.numero
    assert result.norma.fecho and result.norma.assinaturas


@pytest.mark.parametrize("path", [p for p in FILES if p.parent.name == "federal-amending-acts"], ids=lambda p: p.name)
def test_federal_amending_acts_keep_quoted_blocks(parsed, path):
    norma = parsed[path].norma
    text = path.read_bytes().decode("utf-8-sig")
    quoted_lines = [ln.strip() for ln in text.splitlines() if ln.strip()[:1] in "\"“"]
    alts = [alt for d in norma.dispositivos() for alt in d.alteracoes]
    if not quoted_lines:
        assert not alts
        return
    assert alts, "quoted blocks must be kept as Alteracao"
    raw = "\n".join(alt.raw for alt in alts)
    for line in quoted_lines:
        assert line in raw
    own_text = " ".join(d.text for d in norma.dispositivos())
    for line in quoted_lines:
        assert line.strip("\"“” ")[:40] not in own_text, "quoted text must not be merged into the host"


def test_lei_8921_alteracao_targets_art_131(parsed):
    (path,) = [p for p in FILES if p.name == "lei-8921-1994.txt"]
    norma = parsed[path].norma
    (alt,) = norma.find("art1_cpt").alteracoes
    assert [d.id for c in alt.children for d in c.walk()] == ["art131", "art131_cpt", "art131_cpt_inc2"]


def test_feira_amending_law_keeps_unchanged_markers(parsed):
    (path,) = [p for p in FILES if p.name == "lei-2331-2002.txt"]
    norma = parsed[path].norma
    (alt,) = norma.find("art1_cpt").alteracoes
    units = [(d.id, d.text[:12]) for c in alt.children for d in c.walk()]
    assert units[0] == ("art3_cpt_inc1", "...")
    assert ("art3_cpt_inc2_ali2", "em caso de r") in units


def test_feira_headings_without_labels_are_chapters(parsed):
    (path,) = [p for p in FILES if p.name == "lei-2244-2001.txt"]
    result = parsed[path]
    agrs = list(result.norma.agrupadores())
    assert [a.id for a in agrs] == [f"cap{n}" for n in range(1, 10)]
    assert agrs[0].nome == "DISPOSIÇÕES GERAIS" and agrs[0].rotulo is None
    assert result.norma.find("art25_cpt_inc1").rotulo == "1"
    assert sum(d.kind is Kind.INCISO for d in result.norma.find("art25").walk()) == 24
