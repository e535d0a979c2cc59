"""Point in time: the text as it stood on a date, from the history kept by amend."""

import copy

import pytest

from lexconsolida.amendments import Operation
from lexconsolida.errors import InputError
from lexconsolida.model import Dispositivo, Event, Kind, Norma, Number, Situacao
from lexconsolida.transforms.amend import apply, clone
from lexconsolida.transforms.pointintime import at, vigente

URN = "urn:lex:br;sp;teste:municipal:lei:2000-01-01;1"


def base():
    cap = Dispositivo(Kind.CAPUT, "art1_cpt", text="Caput original:",
                      children=[Dispositivo(Kind.INCISO, "art1_cpt_inc1", rotulo="I", number=Number(1), text="um;")])
    par = Dispositivo(Kind.PARAGRAFO, "art1_par1u", rotulo="Parágrafo único", text="Único.")
    art1 = Dispositivo(Kind.ARTIGO, "art1", rotulo="Art. 1º", number=Number(1), children=[cap, par])
    art2 = Dispositivo(Kind.ARTIGO, "art2", rotulo="Art. 2º", number=Number(2),
                       children=[Dispositivo(Kind.CAPUT, "art2_cpt", text="Vigência.")])
    return Norma(tipo="Lei", numero="1", data="2000-01-01", vigencia="2000-01-02", urn=URN, articulacao=[art1, art2])


def op(kind, target, text=None, **kw):
    return Operation(kind, URN, "Lei nº 1/2000", target, text=text, source="teste", line=1, where="art1", **kw)


@pytest.fixture(scope="module")
def amended():
    n = base()
    n = apply(n, [op("redacao", "art1", "Caput de 2005:"), op("inclusao", "art1_cpt_inc2", "dois;")],
              Event("redacao", "urn:a", "Lei nº 2", "2005-01-01"))
    n = apply(n, [op("revogacao", "art1_cpt_inc1"),
                  op("renumeracao", "art1_par1u", new_id="art1_par1", new_rotulo="§ 1º"),
                  op("inclusao", "art1-1", "Artigo novo.")],
              Event("redacao", "urn:b", "Lei nº 3", "2010-01-01"))
    return apply(n, [op("revogacao_total", None)], Event("revogacao", "urn:c", "Lei nº 4", "2020-01-01"))


def test_original_text_before_any_amendment(amended):
    n = at(amended, "2004-12-31")
    assert n.find("art1_cpt").text == "Caput original:" and n.find("art1_cpt").history == []
    assert n.find("art1_cpt_inc2") is None and n.find("art1-1") is None
    assert n.find("art1_cpt_inc1").situacao is Situacao.VIGENTE
    assert n.find("art1_par1") is None and n.find("art1_par1u").rotulo == "Parágrafo único"
    assert n.situacao is Situacao.VIGENTE and n.events == []


def test_between_amendments(amended):
    n = at(amended, "2009-06-01")
    cap = n.find("art1_cpt")
    assert cap.text == "Caput de 2005:" and [v.event.kind for v in cap.history] == ["original", "redacao"]
    assert cap.history[-1].end is None
    assert n.find("art1_cpt_inc2").text == "dois;" and n.find("art1_cpt_inc1").situacao is Situacao.VIGENTE


def test_after_revocations(amended):
    n = at(amended, "2015-01-01")
    assert n.find("art1_cpt_inc1").situacao is Situacao.REVOGADO
    assert n.find("art1_par1").rotulo == "§ 1º"
    assert [a.id for a in n.articulacao] == ["art1", "art1-1", "art2"]
    assert at(amended, "2020-01-01").situacao is Situacao.REVOGADO


def test_at_never_mutates(amended):
    snapshot = copy.deepcopy(amended)
    at(amended, "2001-01-01")
    vigente(amended)
    assert amended == snapshot


def test_vigente_view_drops_history_keeps_revoked_number(amended):
    v = vigente(at(amended, "2015-01-01"))
    assert all(not d.history for d in v.dispositivos())
    inc1 = v.find("art1_cpt_inc1")
    assert inc1.situacao is Situacao.REVOGADO and inc1.rotulo == "I"


def test_dates_checked():
    with pytest.raises(InputError, match="ainda não estava em vigor"):
        at(base(), "1999-12-31")
    with pytest.raises(InputError, match="data inválida"):
        at(base(), "2001-02-30")


def test_clone_is_equal_and_independent(amended):
    c = clone(amended)
    assert c == amended
    c.find("art1_cpt").history[-1].text = "mudado"
    assert amended.find("art1_cpt").history[-1].text != "mudado"
