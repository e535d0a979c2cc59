"""LexML reader: real LexML (CF/88, Senado samples), safety (XXE), bad input."""

from __future__ import annotations

import pytest

from lexconsolida.errors import InputError
from lexconsolida.model import Kind, Situacao
from lexconsolida.readers import read_file
from lexconsolida.readers.lexml import read
from lexconsolida.writers.lexml import write
from tests.conftest import ANCHORS, CF88_DIR, assert_valid_lexml, run_cli

EXAMPLES = ANCHORS / "lexml" / "examples"
LEXML_FILES = sorted(p for p in EXAMPLES.rglob("*.xml") if "emenda" not in p.name)


@pytest.mark.shared
@pytest.mark.parametrize("path", LEXML_FILES, ids=lambda p: p.name)
def test_every_example_reads_writes_validly_and_round_trips(path):
    result = read_file(path)
    norma = result.norma
    ids = [d.id for d in norma.dispositivos()]
    assert ids and len(ids) == len(set(ids))
    assert all(d.id for d in norma.walk())
    data = write(norma)
    profile = "lexml-rigido" if b'perfil="lexml-rigido"' in data else "lexml-flexivel"
    assert_valid_lexml(data, profile)
    assert read(data).norma == norma


@pytest.mark.shared
def test_emenda_proposicao_is_refused_clearly():
    with pytest.raises(InputError, match="não é um documento LexML"):
        read_file(EXAMPLES / "schemas-test_emenda_inclusao_de_dispositivos.xml")


@pytest.mark.shared
def test_cf88_original():
    n = read_file(CF88_DIR / "CON1988--19881005.LexML.xml").norma
    assert n.urn.startswith("urn:lex:br:federal:constituicao:1988-10-05;1988@")
    assert (n.tipo, n.numero, n.data) == ("Constituição", "1988", "1988-10-05")
    assert n.preambulo[0].startswith("Nós, representantes do povo brasileiro")
    arts = list(n.artigos())
    assert arts[0].id == "art1" and arts[-1].id == "art245"
    assert len(arts) == 245  # the original text; 250 after amendments
    tit1 = n.articulacao[0]
    assert (tit1.id, tit1.rotulo, tit1.nome) == ("tit1", "Título I", "Dos Princípios Fundamentais")
    inc = n.find("art1_cpt_inc1")
    assert (inc.rotulo, inc.rotulo_printed, inc.separator, inc.text) == ("I", "I", " -", "a soberania;")
    assert n.find("art1").rotulo == "Art. 1º"
    assert n.find("art1_cpt").text.startswith("A República Federativa do Brasil")
    assert n.find("art5_cpt").children[77 - 1].id == "art5_cpt_inc77"


@pytest.mark.shared
def test_cf88_compiled_2015():
    n = read_file(CF88_DIR / "CON1988--20150303.LexML.xml").norma
    art = n.find("art103-1")
    assert art.rotulo == "Art. 103-A" and art.number.suffixes == ("A",)
    revoked = [d for d in n.dispositivos() if d.situacao is Situacao.REVOGADO]
    assert revoked and all("Revogad" in d.head_text for d in revoked)
    assert all(d.text.startswith("(Revogad") for d in revoked if d.kind is not Kind.ARTIGO)
    assert n.find("art117").situacao is Situacao.REVOGADO  # its caput is '(Revogado).'
    assert n.find("art155_par2_inc12_ali7").situacao is Situacao.VIGENTE  # mentions revocation


@pytest.mark.shared
def test_inline_references_flattened():
    n = read_file(EXAMPLES / "parser-output_pls_325_2017_capitulos_alineas.xml").norma
    text = n.find("art1_cpt").text
    assert "previsto nos incisos XIV e XXXIII do art. 5º da Constituição Federal e nas Leis nº 8.666" in text
    assert "  " not in text and "\n" not in text
    assert n.find("art4_par1_ali1").kind is Kind.ALINEA


@pytest.mark.shared
def test_quoted_blocks_of_senado_samples():
    n = read_file(EXAMPLES / "schemas-test_rigido_pls_238_2010.xml").norma
    alt = n.find("art1_cpt").alteracoes[0]
    assert alt.base_urn == "urn:lex:br:federal:medida.provisoria:2001-08-24;2199-14"
    assert [c.id for c in alt.children] == ["art1", "omi1"]
    assert alt.nota == "NR"
    assert [c.kind for c in alt.children[0].children[0].children] == [Kind.OMISSIS, Kind.INCISO]
    assert n.tipo == "Projeto de Lei" and n.numero == "238"


@pytest.mark.shared
def test_broken_block_id_is_repaired_with_a_warning():
    r = read_file(EXAMPLES / "schemas-test_rigido_pre-sal-novo.xml")
    assert any("art62_cpt_alt1" in d.message for d in r.diagnostics)
    alt = r.norma.find("art62_cpt").alteracoes[0]
    assert alt.id == "art62_cpt_alt1"
    assert alt.children[0].id.startswith("art")


XXE = b"""<?xml version="1.0"?>
<!DOCTYPE LexML [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<LexML xmlns="http://www.lexml.gov.br/1.0"><Metadado><Identificacao URN="urn:lex:br:federal:lei:2000-01-01;1"/></Metadado>
<Norma><Articulacao><Artigo id="art1"><Rotulo>Art. 1</Rotulo><Caput id="art1_cpt"><p>&xxe;</p></Caput></Artigo></Articulacao></Norma></LexML>
"""
DTD_ONLY = b"""<?xml version="1.0"?>
<!DOCTYPE LexML SYSTEM "http://example.com/lexml.dtd">
<LexML xmlns="http://www.lexml.gov.br/1.0"/>
"""


@pytest.mark.parametrize("data", [XXE, DTD_ONLY], ids=["entity", "dtd"])
def test_xxe_refused(data):
    with pytest.raises(InputError, match="DOCTYPE"):
        read(data, path="x.xml")


@pytest.mark.parametrize("data", [XXE, DTD_ONLY], ids=["entity", "dtd"])
def test_xxe_refused_by_cli(tmp_path, data):
    f = tmp_path / "ataque.xml"
    f.write_bytes(data)
    proc = run_cli("check", f)
    assert proc.returncode == 2
    err = proc.stderr.decode()
    assert "recusado" in err and "ataque.xml" in err
    assert "root:" not in proc.stdout.decode() + err


@pytest.mark.parametrize("data,message", [
    (b"<LexML xmlns='http://www.lexml.gov.br/1.0'><Metadado>", "XML malformado"),
    (b"nada de xml", "não é XML"),
    (b"<html/>", "não é um documento LexML"),
    (b"<LexML xmlns='http://www.lexml.gov.br/1.0'><Metadado/></LexML>", "sem Norma"),
])
def test_bad_input(data, message):
    with pytest.raises(InputError, match=message):
        read(data, path="ruim.xml")


def test_unknown_and_unkept_elements_are_reported():
    data = (b'<LexML xmlns="http://www.lexml.gov.br/1.0"><Metadado><Identificacao URN="urn:lex:br:federal:lei:2000-01-01;1"/>'
            b'</Metadado><Norma><Articulacao><Artigo id="art1"><TituloDispositivo>Objeto</TituloDispositivo>'
            b'<Rotulo>Art. 1\xc2\xba</Rotulo><Caput id="art1_cpt"><p>Texto <b>forte</b> <!-- nota --> e '
            b'<Remissao xlink:href="urn:x" xmlns:xlink="http://www.w3.org/1999/xlink">remissivo</Remissao>.</p>'
            b'</Caput></Artigo><Bloco nome="x"/></Articulacao></Norma></LexML>')
    r = read(data)
    assert r.norma.find("art1_cpt").text == "Texto forte e remissivo."
    assert r.norma.find("art1").rotulo == "Art. 1º"
    messages = [d.message for d in r.diagnostics]
    assert any("título de dispositivo ignorado" in m and "Objeto" in m for m in messages)
    assert any("elemento LexML ignorado: Bloco" in m for m in messages)
