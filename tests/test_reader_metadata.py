"""Rules fill_metadata and report_repairs: identity of the Norma, options, URN, provenance."""

import hashlib

from lexconsolida.readers.text import read
from lexconsolida.readers.text.metadata import find_place
from tests.conftest import ROOT

FIXTURES = ROOT / "tests" / "fixtures" / "reader"


def test_find_place():
    assert find_place(["no Município de Pedra Preta-MT e dá outras providências"]) == ("Pedra Preta", "MT")
    assert find_place(["O PREFEITO MUNICIPAL DE FEIRA DE SANTANA, Estado da Bahia, FAÇO saber"]) == ("Feira de Santana", "BA")
    assert find_place(["Câmara Municipal de Barra do Garças-MT, 23 de novembro de 2023."]) == ("Barra do Garças", "MT")
    assert find_place(["sem lugar nenhum"]) is None


def test_metadata_from_the_text():
    data = (FIXTURES / "decreto-ficticio.txt").read_bytes()
    norma = read(data, path="decreto.txt").norma
    assert norma.localidade == "Santa Luzia do Norte-AL"
    assert norma.urn == "urn:lex:br;alagoas;santa.luzia.norte:municipal:decreto:2021-03-03;1234"
    prov = norma.provenance
    assert (prov.path, prov.encoding, prov.reader) == ("decreto.txt", "utf-8", "text")
    assert prov.sha256 == hashlib.sha256(data).hexdigest()


def test_options_override_the_text():
    data = (FIXTURES / "decreto-ficticio.txt").read_bytes()
    norma = read(data, tipo="Decreto", numero="99", data="2021-04-01", localidade="alagoas;santa.luzia.norte").norma
    assert (norma.numero, norma.data) == ("99", "2021-04-01")
    assert norma.urn == "urn:lex:br;alagoas;santa.luzia.norte:municipal:decreto:2021-04-01;99"


def test_local_option_without_place_in_the_text():
    text = "LEI Nº 7, DE 1º DE JULHO DE 2021.\nEmenta.\nArt. 1º Texto.\n"
    norma = read(text.encode(), localidade="mato.grosso;pedra.preta").norma
    assert norma.urn == "urn:lex:br;mato.grosso;pedra.preta:municipal:lei:2021-07-01;7"
    assert norma.localidade == "Pedra Preta"


def test_minuta_takes_its_tipo_from_how_it_names_itself():
    text = "Art. 1º Este Decreto regulamenta a Lei nº 5.\nArt. 2º Este Decreto entra em vigor na data de sua publicação.\n"
    norma = read(text.encode()).norma
    assert (norma.tipo, norma.numero, norma.data) == ("Decreto", None, None)
    assert norma.urn.endswith(":decreto:s.n")


def test_typography_note_for_degree_signs():
    text = "LEI Nº 7, DE 1º DE JULHO DE 2021.\nEmenta.\nArt. 1° Texto.\n§ 1° Um.\n§ 2º Dois.\n"
    result = read(text.encode())
    notes = [d for d in result.diagnostics if d.code == "tipografia"]
    assert len(notes) == 1 and notes[0].where is None and "2 rótulo" in notes[0].message


def test_municipal_act_without_a_known_place_is_warned():
    text = "LEI Nº 77, DE 10 DE OUTUBRO DE 2022.\nEmenta.\nA CÂMARA MUNICIPAL DE VILA FICTÍCIA aprovou e eu sanciono:\nArt. 1º Texto.\n"
    result = read(text.encode())
    assert any(d.code == "localidade-desconhecida" for d in result.diagnostics)
    assert not any(d.code == "localidade-desconhecida"
                   for d in read(text.encode(), localidade="goias;vila.ficticia").diagnostics)
