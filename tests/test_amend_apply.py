"""Applying operations: history per the model convention, purity, atomic failure."""

import copy

import pytest
from hypothesis import given, settings, strategies as st

from lexconsolida.amendments import Operation
from lexconsolida.errors import AmendmentError
from lexconsolida.model import Dispositivo, Event, Kind, Norma, Number, Situacao
from lexconsolida.model.history import compiled_entries
from lexconsolida.transforms.amend import apply

URN = "urn:lex:br;bahia;feira.santana:municipal:lei:2001-01-05;2217"
EV = Event("redacao", "urn:x:2331", "Lei nº 2.331, de 21 de maio de 2002", "2002-05-21")


def base() -> Norma:
    def inc(n, text, alineas=()):
        i = Dispositivo(Kind.INCISO, f"art3_cpt_inc{n}", rotulo=["I", "II", "III"][n - 1], number=Number(n),
                        text=text, separator=" - ")
        i.children = [Dispositivo(Kind.ALINEA, f"{i.id}_ali{k}", rotulo=f"{'abc'[k - 1]})", number=Number(k),
                                  text=t, separator=" ") for k, t in enumerate(alineas, 1)]
        return i
    cap = Dispositivo(Kind.CAPUT, "art3_cpt", text="O descumprimento sujeita o infrator a:",
                      children=[inc(1, "no caso de transporte individual:", ["multa de 600;", "reincidência, 1.200."]),
                                inc(2, "no caso de transporte coletivo:", ["multa de 1.000;", "reincidência, 2.000."])])
    par = Dispositivo(Kind.PARAGRAFO, "art3_par1u", rotulo="Parágrafo único", text="Só serão liberados após:",
                      children=[Dispositivo(Kind.INCISO, "art3_par1u_inc1", rotulo="I", number=Number(1),
                                            text="pagamento da multa;")])
    art3 = Dispositivo(Kind.ARTIGO, "art3", rotulo="Art. 3º", number=Number(3), children=[cap, par])
    art4 = Dispositivo(Kind.ARTIGO, "art4", rotulo="Art. 4º", number=Number(4),
                       children=[Dispositivo(Kind.CAPUT, "art4_cpt", text="Força policial.")])
    return Norma(tipo="Lei", numero="2.217", data="2001-01-05", urn=URN, vigencia="2001-01-06",
                 articulacao=[art3, art4])


def op(kind, target, text=None, **kw):
    return Operation(kind, URN, "Lei nº 2.217/2001", target, text=text, source="instrução de teste",
                     line=11, where="art1", **kw)


def test_new_wording_keeps_original_and_note():
    b = base()
    snapshot = copy.deepcopy(b)
    out = apply(b, [op("redacao", "art3_cpt_inc1_ali1", "multa de R$ 180,00;")], EV)
    assert b == snapshot  # never mutates its input
    ali = out.find("art3_cpt_inc1_ali1")
    assert ali.text == "multa de R$ 180,00;"
    assert [(v.text, v.event.kind, v.start, v.end) for v in ali.history] == [
        ("multa de 600;", "original", None, "2002-05-21"),
        ("multa de R$ 180,00;", "redacao", "2002-05-21", None)]
    entries = compiled_entries(ali)
    assert [(e.text, e.struck, e.note) for e in entries] == [
        ("multa de 600;", True, None),
        ("multa de R$ 180,00;", False, "Redação dada pela Lei nº 2.331, de 21 de maio de 2002")]


def test_insertion_in_order_with_inclusion_note():
    out = apply(base(), [op("inclusao", "art3_cpt_inc2_ali3", "contumácia, 1.440."),
                         op("inclusao", "art3-1", "Artigo novo."),
                         op("inclusao", "art3_par1u_inc2", "quitação;")], EV)
    inc2 = out.find("art3_cpt_inc2")
    assert [c.id for c in inc2.children] == ["art3_cpt_inc2_ali1", "art3_cpt_inc2_ali2", "art3_cpt_inc2_ali3"]
    new = inc2.children[-1]
    assert (new.rotulo, new.separator, new.history[0].event.nota()) == (
        "c)", " ", "Incluído pela Lei nº 2.331, de 21 de maio de 2002")
    assert [a.id for a in out.articulacao] == ["art3", "art3-1", "art4"]
    assert out.articulacao[1].rotulo == "Art. 3º-A" and out.articulacao[1].caput.text == "Artigo novo."


def test_revocation_keeps_number_and_marks_children():
    out = apply(base(), [op("revogacao", "art3_cpt_inc2")], EV)
    inc2 = out.find("art3_cpt_inc2")
    assert inc2.situacao is Situacao.REVOGADO and inc2.rotulo == "II"
    assert inc2.history[-1].situacao is Situacao.REVOGADO and inc2.history[-1].event.kind == "revogacao"
    assert all(c.situacao is Situacao.REVOGADO for c in inc2.children)
    art = apply(base(), [op("revogacao", "art4")], EV).find("art4")
    assert art.situacao is Situacao.REVOGADO and art.caput.history[-1].situacao is Situacao.REVOGADO


def test_whole_act_revocation():
    out = apply(base(), [op("revogacao_total", None)], EV)
    assert out.situacao is Situacao.REVOGADO
    assert out.events[-1].kind == "revogacao" and out.events[-1].act_urn == "urn:x:2331"


def test_renumbering_keeps_history():
    out = apply(base(), [op("renumeracao", "art3_par1u", new_id="art3_par1", new_rotulo="§ 1º")], EV)
    par = out.find("art3_par1")
    assert par.rotulo == "§ 1º" and out.find("art3_par1_inc1") is not None
    assert [v.rotulo for v in par.history] == ["Parágrafo único", "§ 1º"]


def test_lenient_redacao_becomes_inclusion():
    out = apply(base(), [op("redacao", "art4_par1", "Novo.", lenient=True)], EV)
    assert out.find("art4_par1").history[0].event.kind == "inclusao"


@pytest.mark.parametrize("ops, message", [
    ([op("redacao", "art9", "x")], "dispositivo art9 não existe"),
    ([op("inclusao", "art3_cpt_inc1", "x")], "já existe"),
    ([op("inclusao", "art3_par2", "x")], "parágrafo único"),
    ([op("revogacao", "art3_cpt_inc1"), op("revogacao", "art3_cpt_inc1")], "já está revogado"),
    ([op("inclusao", "art7_cpt_inc1_ali1", "x")], "não há art7_cpt_inc1"),
])
def test_failure_names_instruction_and_line_and_changes_nothing(ops, message):
    b = base()
    snapshot = copy.deepcopy(b)
    with pytest.raises(AmendmentError) as err:
        apply(b, [op("redacao", "art4", "primeira, válida")] + ops, EV)
    assert message in str(err.value) and "linha 11" in str(err.value) and "instrução de teste" in str(err.value)
    assert b == snapshot


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["redacao", "revogacao"]),
                          st.sampled_from(["art3_cpt_inc1", "art3_cpt_inc1_ali2", "art3_par1u", "art4"]),
                          st.text(alphabet="abc ", min_size=1, max_size=8)), max_size=6))
def test_history_convention_holds(steps):
    norma = base()
    for i, (kind, target, text) in enumerate(steps):
        ev = Event(kind, f"urn:x:{i}", f"Lei nº {i}", f"2002-01-{i + 10:02d}")
        try:
            norma = apply(norma, [op(kind, target, text)], ev)
        except AmendmentError:
            continue
    for d in norma.dispositivos():
        if d.history:
            assert d.history[-1].text == d.text and d.history[-1].situacao == d.situacao
            assert d.history[0].event.kind in ("original", "inclusao")
            assert all(a.end == b.start for a, b in zip(d.history, d.history[1:]))


# --- the contract: every kind of operation has its case in the applier ------------------------

_ONE_OF_EACH = {
    "redacao": dict(target="art4_cpt", text="Força policial e guarda municipal."),
    "inclusao": dict(target="art3_cpt_inc3", text="no caso de transporte escolar:"),
    "revogacao": dict(target="art4"),
    "renumeracao": dict(target="art3_par1u", new_id="art3_par1", new_rotulo="§ 1º"),
    "revogacao_total": dict(target=None),
    "nota": dict(target="art4", note="decisão: o valor foi corrigido por decreto"),
    "pendente": dict(target="art4", note="alteração pendente de decisão"),
    "substituicao": dict(target="art3", text="penalidade de", expression="multa de"),
    # tables (docs/tabelas.md): on the base with a table in art. 3 (``_with_table``)
    "celula": dict(target="art3", row="Multa", column="Valor", text="R$ 700,00"),
    "linha_inclusao": dict(target="art3", cells=("Juros", "1%")),
    "linha_revogacao": dict(target="art3", row="Multa"),
    "linha_redacao": dict(target="art3", row="Multa", cells=("Multa", "R$ 650,00"), headers=("Item", "Valor")),
    "tabela_redacao": dict(target="art3", rows=(("Item", "Valor"), ("Multa", "R$ 9,00")), header_rows=1),
    "anexo_redacao": dict(target="anx1", text="| Item | Valor |\n|---|---|\n| Taxa | R$ 1,00 |"),
    "anexo_revogacao": dict(target="anx1"),
}


def _with_table() -> Norma:
    """The base with a table in art. 3's caput and an annex holding another."""
    from lexconsolida.model.tables import Annex, Cell, Row, Tabela

    def table(tid: str) -> Tabela:
        return Tabela(tid, [Row(f"{tid}_lin1", [Cell("Item", header=True), Cell("Valor", header=True)], header=True),
                            Row(f"{tid}_lin2", [Cell("Multa"), Cell("R$ 600,00")])])

    b = base()
    b.find("art3_cpt").tabelas = [table("art3_cpt_tab1")]
    b.annexes = [Annex("anx1", "Anexo I", blocks=[table("anx1_tab1")])]
    return b


def test_every_kind_of_operation_is_applied():
    """The applier's dispatch is exhaustive over OpKind (mypy checks it with assert_never; this
    test fails when a kind is added to the contract without a case, or without an example here)."""
    from lexconsolida.model.operations import TABLE_KINDS, OpKind
    from lexconsolida.transforms.amend import EVENT_KIND

    assert set(_ONE_OF_EACH) == {k.value for k in OpKind}
    assert set(EVENT_KIND) == set(OpKind)
    for kind, spec in _ONE_OF_EACH.items():
        spec = dict(spec)
        target, text = spec.pop("target"), spec.pop("text", None)
        start = _with_table() if kind in TABLE_KINDS else base()
        out = apply(start, [op(kind, target, text, **spec)], EV)
        assert out != start, kind  # each kind changes something: text, history, events or situação


def test_kind_is_an_enum_that_compares_as_its_string():
    from lexconsolida.model.operations import OpKind

    o = op("redacao", "art4_cpt", "x")
    assert o.kind is OpKind.REDACAO and o.kind == "redacao" and f"{o.kind}" == "redacao"
    with pytest.raises(ValueError):
        op("reescrita", "art4_cpt", "x")


def test_substitution_replaces_the_expression_where_named_and_nowhere_else():
    out = apply(base(), [op("substituicao", "art3_cpt_inc1", "penalidade de", expression="multa de")], EV)
    assert out.find("art3_cpt_inc1_ali1").text == "penalidade de 600;"
    assert [v.text for v in out.find("art3_cpt_inc1_ali1").history] == ["multa de 600;", "penalidade de 600;"]
    assert out.find("art3_cpt_inc2_ali1").text == "multa de 1.000;"  # inciso II is not named
    whole = apply(base(), [op("substituicao", None, "penalidade de", expression="multa de")], EV)
    assert whole.find("art3_cpt_inc2_ali1").text == "penalidade de 1.000;"


def test_substitution_of_an_expression_that_is_not_there_is_refused():
    with pytest.raises(AmendmentError, match="não ocorre"):
        apply(base(), [op("substituicao", "art4", "guarda", expression="multa de")], EV)
    with pytest.raises(AmendmentError, match="não ocorre"):  # whole words only: 'multa' is not in 'multas'
        apply(base(), [op("substituicao", None, "x", expression="ulta")], EV)


def test_every_operation_kind_has_the_relation_it_declares():
    # a kind missing here was an internal error of the acervo's analysis (Lei 3.940/2019 of
    # Feira de Santana, an expression substitution)
    from lexconsolida.acervo.analysis import OP_RELATION
    from lexconsolida.model.operations import OpKind

    assert set(OP_RELATION) == set(OpKind)
