"""Akoma Ntoso writer: validates against akomantoso30.xsd, golden files, FRBR URIs and eIds."""

from __future__ import annotations

import pytest
from lxml import etree

from lexconsolida.errors import UsageError
from lexconsolida.model import Norma
from lexconsolida.writers import get_writer
from lexconsolida.writers.akn import eid, frbr_work_uri, write
from lexconsolida.lexml.schemas import validation_errors
from lexconsolida.lexml.xml_safe import NS_AKN
from tests.conftest import GOLDEN, check_golden
from tests.docx_sample import sample_norma
from tests.test_docx_reader import norms
from hypothesis import given, settings

A = {"a": NS_AKN}


@pytest.mark.parametrize("view", ["vigente", "compilado"])
def test_validates_and_matches_golden(view, update_golden):
    data = write(sample_norma(), view=view)
    assert validation_errors(data, "akn") == []
    check_golden(GOLDEN / "akn" / f"lei-ficticia-{view}.xml", data, update_golden)


def test_deterministic_and_registered():
    assert get_writer("akn")(sample_norma()) == write(sample_norma())


@pytest.mark.parametrize("lexml_id, expected", [
    ("art1", "art_1"),
    ("art5-1", "art_5-1"),
    ("art1_cpt_inc2_ali1", "art_1__cpt__inc_2__ali_1"),
    ("art3_par1u", "art_3__para_1u"),
    ("art20_cpt_inc3_ali2_ite1", "art_20__cpt__inc_3__ali_2__item_1"),
    ("cap1_sec2", "chp_1__sec_2"),
    ("tit2_cap1", "title_2__chp_1"),
])
def test_eids_from_lexml_ids(lexml_id, expected):
    assert eid(lexml_id) == expected


def test_frbr_uris_from_the_urn():
    n = Norma(urn="urn:lex:br;mato.grosso;pedra.preta:municipal:lei:2015-05-12;846")
    assert frbr_work_uri(n) == "/akn/br-mt-pedra.preta/act/lei/2015-05-12/846"
    root = etree.fromstring(write(sample_norma()))
    work = root.find(".//a:FRBRWork/a:FRBRuri", A).get("value")
    expr = root.find(".//a:FRBRExpression/a:FRBRuri", A).get("value")
    assert work == "/akn/br-mt-vila.serena/act/lei/2020-03-10/123"
    assert expr == work + "/por@2021-04-05"
    alias = root.find(".//a:FRBRalias", A).get("value")
    assert alias == sample_norma().urn


def test_every_dispositivo_has_its_eid_in_order():
    norma = sample_norma()
    root = etree.fromstring(write(norma))
    got = [el.get("eId") for el in root.find(".//a:body", A).iter() if el.get("eId")]
    assert got == [eid(node.id) for node in norma.walk()]


def test_structure_and_text():
    root = etree.fromstring(write(sample_norma()))
    assert root.find(".//a:preface//a:docTitle", A).text == "LEI Nº 123, DE 10 DE MARÇO DE 2020"
    assert root.find(".//a:preamble/a:formula", A) is not None
    art4 = root.find(".//a:article[@eId='art_4']", A)
    assert "".join(art4.itertext()).split() == ["Art.", "4º", "(Revogado)."]
    sec = root.find(".//a:chapter[@eId='chp_2']/a:section", A)
    assert sec.find("a:heading", A).text == "Das Multas"
    assert root.find(".//a:conclusions/a:blockContainer/a:p", A).text == "JOÃO DA SILVA"
    text = root.find(".//a:point[@eId='art_2__cpt__inc_2']//a:p", A).text
    assert text == "calçada: a parte da via reservada a pedestres & ciclistas."


def test_compiled_view_notes_changes():
    root = etree.fromstring(write(sample_norma(), view="compilado"))
    notes = ["".join(n.itertext()) for n in root.iter(f"{{{NS_AKN}}}authorialNote")]
    assert "(Redação dada pela Lei nº 130, de 5 de abril de 2021)" in notes
    assert "(Revogado pela Lei nº 130, de 5 de abril de 2021)" in notes
    with pytest.raises(UsageError):
        write(sample_norma(), view="outra")


def test_empty_norma_still_validates():
    assert validation_errors(write(Norma(tipo="Decreto", numero="1", data="2020-01-01")), "akn") == []


@settings(max_examples=20, deadline=None)
@given(norms())
def test_property_random_trees_validate(norma):
    assert validation_errors(write(norma), "akn") == []


@pytest.mark.shared
@pytest.mark.parametrize("name", ["004.json", "000.json"])
def test_real_laws_from_gold_validate(name):
    from tests.conftest import GOLD
    from tests.docx_sample import norma_from_gold

    norma = norma_from_gold(GOLD / name)
    root = etree.fromstring(write(norma))
    assert validation_errors(root, "akn") == []
    eids = [el.get("eId") for el in root.find(".//a:body", A).iter() if el.get("eId")]
    assert eids == [eid(n.id) for n in norma.walk()] and len(set(eids)) == len(eids)


def test_amending_act_keeps_the_quoted_block():
    from tests.docx_sample import amending_norma

    root = etree.fromstring(write(amending_norma()))
    assert validation_errors(root, "akn") == []
    quoted = root.find(".//a:hcontainer[@eId='art_1__cpt']//a:p[@class='alteracao']", A)
    assert quoted.text.startswith("“Art. 3º A poda") and quoted.text.endswith("(NR)")
