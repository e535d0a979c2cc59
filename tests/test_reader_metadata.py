"""Rules fill_metadata and report_repairs: identity of the Norma, options, URN, provenance."""

import hashlib

import pytest

from lexconsolida.model import Severity
from lexconsolida.readers.text import read
from lexconsolida.readers.text.metadata import find_place
from tests.conftest import CORPUS, ROOT

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


# --- an act that names no place is never silently federal ------------------------------------

def _unknown_place(result):
    return [d for d in result.diagnostics if d.code == "localidade-desconhecida"]


def test_missing_locality_without_any_hint_is_warned_and_not_federal():
    text = "LEI Nº 77, DE 10 DE OUTUBRO DE 2022.\nDispõe sobre a feira.\nArt. 1º Texto.\nArt. 2º Outro texto.\n"
    result = read(text.encode())
    (warning,) = _unknown_place(result)
    assert warning.severity is Severity.WARNING
    assert "--local" in warning.message
    assert result.norma.urn == "urn:lex:br:municipal:lei:2022-10-10;77"


def test_missing_locality_citing_a_federal_law_is_not_federal():
    text = ("LEI Nº 78, DE 10 DE OUTUBRO DE 2022.\nRegulamenta a Lei Federal nº 8.666, de 1993.\n"
            "Art. 1º Aplica-se a Lei Federal nº 8.666, de 1993.\n")
    result = read(text.encode())
    assert _unknown_place(result) and ":federal:" not in result.norma.urn


def test_municipal_act_without_place_gets_a_municipal_urn():
    text = "LEI Nº 77, DE 10 DE OUTUBRO DE 2022.\nEmenta.\nA CÂMARA MUNICIPAL DE VILA FICTÍCIA aprovou e eu sanciono:\nArt. 1º Texto.\n"
    assert read(text.encode()).norma.urn.startswith("urn:lex:br:municipal:lei:")



@pytest.mark.parametrize("epigrafe, descritor", [("RESOLUÇÃO Nº 12/2004", "2004;12"),
                                                 ("LEI Nº 1005/85", "1985;1005"),
                                                 ("DECRETO Nº 7", "7")])
def test_act_without_date_takes_the_year_printed_with_its_number(epigrafe, descritor):
    """Two resoluções nº 12 of different years must not share a URN: without a date, the URN
    takes the year the epígrafe prints with the number (and the date stays unknown)."""
    text = f"{epigrafe}\nEmenta.\nA CÂMARA MUNICIPAL DE FEIRA DE SANTANA, Estado da Bahia, aprova:\nArt. 1º Texto.\n"
    norma = read(text.encode()).norma
    assert norma.data is None and norma.urn.endswith(f":{descritor}")

@pytest.mark.parametrize("text", [
    "LEI Nº 9, DE 1º DE JUNHO DE 1999.\nEmenta.\nO PRESIDENTE DA REPÚBLICA Faço saber que o Congresso Nacional "
    "decreta e eu sanciono a seguinte Lei:\nArt. 1º Texto.\n",
    "LEI Nº 9, DE 1º DE JUNHO DE 1999.\nEmenta.\nArt. 1º Texto.\nBrasília, 1º de junho de 1999; 178º da "
    "Independência e 111º da República.\n",
    "LEI FEDERAL Nº 9, DE 1º DE JUNHO DE 1999.\nEmenta.\nArt. 1º Texto.\n",
], ids=["formula", "fecho", "epigrafe"])
def test_act_that_says_it_is_federal_stays_federal_without_warning(text):
    result = read(text.encode())
    assert result.norma.urn == "urn:lex:br:federal:lei:1999-06-01;9" and not _unknown_place(result)


@pytest.mark.shared
@pytest.mark.parametrize("path", sorted((CORPUS / "federal-amending-acts").glob("*.txt")), ids=lambda p: p.name)
def test_federal_amending_acts_stay_federal(path):
    from lexconsolida.readers import read_file

    result = read_file(path)
    assert result.norma.urn.startswith("urn:lex:br:federal:") and not _unknown_place(result)


def test_given_locality_wins_without_warning():
    text = "LEI Nº 77, DE 10 DE OUTUBRO DE 2022.\nEmenta.\nArt. 1º Texto.\n"
    result = read(text.encode(), localidade="goias;vila.ficticia")
    assert result.norma.urn == "urn:lex:br;goias;vila.ficticia:municipal:lei:2022-10-10;77"
    assert not _unknown_place(result)
