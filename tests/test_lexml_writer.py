"""LexML writer: golden files, profile choice, schema validity, determinism, edge cases."""

from __future__ import annotations

import copy

import pytest
from lxml import etree

from lexconsolida.errors import UsageError
from lexconsolida.lexml.profile import choose_profile, rigid_id_patterns, rigid_violation
from lexconsolida.model import Agrupador, AgrupadorKind, Alteracao, Dispositivo, Kind, Norma, Number, Signature
from lexconsolida.readers.lexml import read
from lexconsolida.writers import get_writer
from lexconsolida.writers.lexml import write
from lexconsolida.lexml.schemas import validation_errors
from lexconsolida.lexml.xml_safe import NS_LEXML, canonical
from tests.conftest import GOLDEN, assert_valid_lexml, check_golden
from tests.strategies import fictional_law

NS = {"lx": NS_LEXML}


def check_xml_golden(name: str, actual: bytes, update: bool) -> None:
    """Compare canonicalised XML with the golden file; on a difference show a readable diff."""
    path = GOLDEN / "lexml" / name
    if path.exists() and not update and canonical(path.read_bytes()) == canonical(actual):
        return
    check_golden(path, actual, update)


def profile_of(data: bytes) -> str:
    return "lexml-rigido" if b'perfil="lexml-rigido"' in data else "lexml-flexivel"


def test_golden_rigid(update_golden):
    data = write(fictional_law())
    assert profile_of(data) == "lexml-rigido"
    assert_valid_lexml(data, "lexml-rigido")
    check_xml_golden("lei-123-rigido.xml", data, update_golden)


def test_golden_flexible(update_golden):
    data = write(fictional_law(flexible=True))
    assert profile_of(data) == "lexml-flexivel"
    assert_valid_lexml(data, "lexml-flexivel")
    assert validation_errors(data, "lexml-rigido"), "alínea under § must not be rigid"
    check_xml_golden("lei-123-flexivel.xml", data, update_golden)


def test_registry_and_determinism():
    n = fictional_law()
    a, b = get_writer("xml")(n), get_writer("lexml")(copy.deepcopy(n))
    assert a == b
    assert a.startswith(b"<?xml version='1.0' encoding='UTF-8'?>\n<LexML ")
    assert b"\n  <Metadado>\n" in a  # two-space indentation


def test_rigid_markers_on_quoted_block():
    root = etree.fromstring(write(fictional_law()))
    alt = root.find(".//lx:Alteracao", NS)
    assert alt.get("id") == "art6_cpt_alt1"
    assert alt.get("{http://www.w3.org/XML/1998/namespace}base").endswith("lei:2010-02-02;50")
    first = alt[0]
    assert first.get("id") == "art6_cpt_alt1_art7"
    assert first.get("abreAspas") == "s" and first.get("fechaAspas") == "s"
    assert first.get("notaAlteracao") == "NR"
    assert alt.find(".//lx:Omissis", NS).get("id") == "art6_cpt_alt1_art7_cpt_omi1"


def test_flexible_quoted_block_is_flat_and_reads_back_nested():
    n = fictional_law(flexible=True)
    data = write(n)
    alt = etree.fromstring(data).find(".//lx:Alteracao", NS)
    assert [etree.QName(c).localname for c in alt] == ["Artigo", "Caput", "Omissis", "Inciso"]
    assert read(data).norma == n


def test_rotulo_is_normalised_and_printed_label_kept():
    n = fictional_law()
    n.articulacao[0].children[0].rotulo_printed = "Art. 10"  # OCR'd '1º' as '10'
    data = write(n)
    root = etree.fromstring(data)
    assert root.find(".//lx:Artigo[@id='art1']/lx:Rotulo", NS).text == "Art. 1º"
    assert b'rotuloImpresso="Art. 10"' in data
    assert read(data).norma.articulacao[0].children[0].rotulo_printed == "Art. 10"


def test_situacao_revogado_is_lexml_attribute():
    root = etree.fromstring(write(fictional_law()))
    assert root.find(".//lx:Inciso[@id='art2_cpt_inc3']", NS).get("situacao") == "revogado"


def test_tit_cap_ids_stay_rigid():
    """The rigid idAgregador pattern refuses 'tit1_cap1', but no element uses that type:
    the validator accepts the id, and so does the profile choice."""
    pats = rigid_id_patterns()["idAgregador"]
    assert not any(p.fullmatch("tit2_cap1") for p in pats)
    assert any(p.fullmatch("tit2_stt1_cap1") for p in pats)
    n = fictional_law()
    n.articulacao = [Agrupador(AgrupadorKind.TITULO, "tit1", rotulo="Título I", number=Number(1),
                               children=[Agrupador(AgrupadorKind.CAPITULO, "tit1_cap1", rotulo="Capítulo I",
                                                   number=Number(1), children=n.articulacao[0].children)])]
    assert rigid_violation(n) is None
    data = write(n)
    assert profile_of(data) == "lexml-rigido"
    assert_valid_lexml(data, "lexml-rigido")


def test_forcing_rigid_on_a_flexible_act_is_a_usage_error():
    n = fictional_law(flexible=True)
    with pytest.raises(UsageError, match="rígido: alinea dentro de paragrafo"):
        write(n, profile="rigido")


def test_profile_names():
    n = fictional_law()
    assert choose_profile(n) == choose_profile(n, "rigido") == "lexml-rigido"
    assert choose_profile(n, "flexivel") == "lexml-flexivel"
    assert_valid_lexml(write(n, profile="flexivel"), "lexml-flexivel")
    with pytest.raises(UsageError):
        choose_profile(n, "solto")


def test_articles_after_sections_are_not_rigid():
    n = fictional_law()
    cap2 = n.articulacao[1]
    cap2.children.append(n.articulacao[0].children.pop())  # an artigo after the seções
    assert rigid_violation(n)
    assert_valid_lexml(write(n), "lexml-flexivel")


def test_escaping_and_invalid_characters():
    n = fictional_law()
    caput = n.articulacao[0].children[0].children[0]
    caput.text = 'a < b & c > "d" ]]> \x0c fim\x00'
    data = write(n)
    assert_valid_lexml(data, "lexml-rigido")
    back = read(data).norma.articulacao[0].children[0].children[0].text
    assert back == 'a < b & c > "d" ]]>  fim'


def test_several_blocks_in_one_dispositivo():
    n = fictional_law()
    caput = n.find("art6_cpt")
    second = copy.deepcopy(caput.alteracoes[0])
    second.id = "art6_cpt_alt2"
    caput.alteracoes.append(second)
    for prof in ("rigido", "flexivel"):
        data = write(n, profile=prof)
        assert_valid_lexml(data, "lexml-" + prof)
        assert read(data).norma == n


def test_multiline_text_is_one_p_per_line():
    n = fictional_law()
    n.find("art4_cpt").text = "primeira linha\nsegunda linha"
    data = write(n)
    ps = etree.fromstring(data).findall(".//lx:Caput[@id='art4_cpt']/lx:p", NS)
    assert [p.text for p in ps] == ["primeira linha", "segunda linha"]
    assert read(data).norma == n


def test_empty_articulacao_is_documento_generico():
    n = Norma(tipo="Decreto", numero="4.213", data="2019-11-04", epigrafe="DECRETO Nº 4.213",
              ementa="Texto indisponível.", fecho=["Barra do Garças"], assinaturas=[Signature("Fulano", None)])
    data = write(n)
    assert_valid_lexml(data, "lexml-flexivel")
    assert etree.fromstring(data).find("lx:DocumentoGenerico", NS) is not None
    assert read(data).norma == n


def test_draft_is_projeto_norma():
    n = fictional_law()
    n.tipo = "Minuta de Lei"
    data = write(n)
    assert etree.fromstring(data).find("lx:ProjetoNorma/lx:Norma", NS) is not None
    assert_valid_lexml(data, "lexml-rigido")
    assert read(data).norma == n


def test_derived_urn_when_none():
    n = fictional_law()
    n.urn = None
    data = write(n)
    assert b'URN="urn:lex:br:federal:lei:2021-05-04;123"' in data
    assert read(data).norma.urn is None


def test_unnamed_and_unlabelled_agrupador():
    n = fictional_law()
    cap = n.articulacao[0]
    cap.rotulo, cap.nome = None, None
    data = write(n)
    assert_valid_lexml(data, profile_of(data))
    assert read(data).norma == n


def test_omissis_outside_quoted_block_is_not_rigid():
    n = fictional_law()
    n.find("art1_cpt").children.append(Dispositivo(Kind.OMISSIS, "art1_cpt_omi1"))
    assert "omissis" in rigid_violation(n)


def test_alteracao_with_agrupadores_rigid():
    n = fictional_law()
    caput = n.find("art6_cpt")
    quoted = caput.alteracoes[0].children
    caput.alteracoes = [Alteracao("art6_cpt_alt1", children=[
        Agrupador(AgrupadorKind.CAPITULO, "cap3", rotulo="Capítulo III", number=Number(3), nome="NOVO",
                  children=quoted),
        Dispositivo(Kind.OMISSIS, "omi1"),
    ])]
    for prof in ("auto", "flexivel"):
        data = write(n, profile=prof)
        assert_valid_lexml(data, profile_of(data))
        assert read(data).norma == n
    assert profile_of(write(n)) == "lexml-rigido"


def test_duplicate_or_malformed_ids_are_refused_clearly():
    from lexconsolida.errors import LexError

    n = fictional_law()
    n.find("art3_par2").id = "art3_par1"
    with pytest.raises(LexError, match="id repetido na árvore: 'art3_par1'"):
        write(n)
    n = fictional_law()
    n.find("art4").id = "art 4"
    with pytest.raises(LexError, match="id inválido"):
        write(n)


def test_ciclo_de_vida_in_lexml_vocabulary():
    n = fictional_law()
    n.publicacao, n.vigencia = "2021-05-05", "2021-06-01"
    data = write(n)
    assert_valid_lexml(data, "lexml-rigido")
    root = etree.fromstring(data)
    eventos = root.findall("lx:Metadado/lx:CicloDeVida/lx:Evento", NS)
    assert [(e.get("id"), e.get("data"), etree.QName(e[0]).localname) for e in eventos] == [
        ("evento1", "2021-05-05", "Publicacao"), ("evento2", "2021-06-01", "EntradaEmVigor"),
        ("evento3", "2022-03-01", "AlteracaoFragmento"), ("evento4", "2023-06-15", "AlteracaoFragmento")]
    mod = eventos[2].find("lx:AlteracaoFragmento/lx:ModificacaoTextual", NS)
    assert mod.get("AlvoLocal") == "art2_cpt_inc2" and mod.get("FonteURN").endswith("2022-03-01;130")
    assert eventos[3].find("lx:AlteracaoFragmento/lx:RevogacaoParcial", NS).get("AlvoLocal") == "art2_cpt_inc3"
    # A LexML reader that knows nothing of our extension still finds the dates.
    foreign = data.replace(b"urn:lexconsolida:lexml-ext:1\"", b"urn:outro:1\"")
    foreign = foreign.replace(b"lc:norma", b"lc:outra")
    back = read(foreign).norma
    assert (back.publicacao, back.vigencia) == ("2021-05-05", "2021-06-01")
