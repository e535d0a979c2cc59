"""Real acts (seeds and corpus) through the writers: LexML valid and lossless, txt re-readable."""

from __future__ import annotations

import pytest

from lexconsolida.readers import read_file
from lexconsolida.readers.lexml import read as read_lexml
from lexconsolida.readers.text import read as read_text
from lexconsolida.writers.lexml import write as write_lexml
from lexconsolida.writers.text import write as write_text
from tests.conftest import CORPUS, SEEDS, assert_valid_lexml

pytestmark = pytest.mark.shared  # reads ../shared

SOURCES = sorted(SEEDS.glob("*.txt")) + sorted(CORPUS.rglob("*.txt"))


@pytest.fixture(scope="module", params=SOURCES, ids=lambda p: p.name)
def norma(request):
    return read_file(request.param).norma


def test_lexml_valid_and_lossless(norma):
    data = write_lexml(norma)
    profile = "lexml-rigido" if b'perfil="lexml-rigido"' in data else "lexml-flexivel"
    assert_valid_lexml(data, profile)
    assert read_lexml(data).norma == norma


def test_text_layout_reads_back(norma):
    back = read_text(write_text(norma), path="saida.txt").norma
    assert [n.id for n in back.walk()] == [n.id for n in norma.walk()]
    assert [d.text for d in back.dispositivos()] == [d.text for d in norma.dispositivos()]
    assert (back.epigrafe, back.ementa, back.preambulo, back.fecho, back.assinaturas) == \
        (norma.epigrafe, norma.ementa, norma.preambulo, norma.fecho, norma.assinaturas)
    blocks = [[c.id for c in a.children] for d in norma.dispositivos() for a in d.alteracoes]
    assert [[c.id for c in a.children] for d in back.dispositivos() for a in d.alteracoes] == blocks
