"""Drafting formulas on a fictitious amending act read by the text reader (regression fixture
for phrasings the real corpus lacks: '(NR)' with omissis, 'acrescida do seguinte art. 5º-A',
'fica acrescido … o seguinte parágrafo único', a chain through a §, revocations joined by 'e')."""


from tests.conftest import GOLDEN, check_golden

from lexconsolida.amendments import recognise
from lexconsolida.model import Dispositivo, Event, Kind, Norma, Number, Situacao
from lexconsolida.readers import read_file
from lexconsolida.transforms.amend import apply, ops_for

SRC = GOLDEN / "amend" / "entradas" / "lei-ficticia-500-2020.txt"


def recognition():
    return recognise(read_file(SRC, "text").norma)


def test_operations(update_golden):
    rec = recognition()
    assert [(o.kind, o.target_id) for o in rec.operations] == [
        ("redacao", "art5"), ("redacao", "art5_par1"), ("inclusao", "art5-1"), ("inclusao", "art5-1_par1u"),
        ("inclusao", "art12_par1u"), ("redacao", "art10_par1_inc2"),
        ("revogacao", "art4_cpt_inc3"), ("revogacao", "art7_par2")]
    assert {(o.target_act.tipo, o.target_act.numero, o.target_act.ano) for o in rec.operations} == {("lei", "123", 2010)}
    check_golden(GOLDEN / "amend" / "operacoes" / "lei-ficticia-500-2020.txt", rec.describe(), update_golden)


def test_applied_to_a_base_matched_by_type_and_number():
    def art(n, *kids, text="Texto."):
        return Dispositivo(Kind.ARTIGO, f"art{n}", rotulo=f"Art. {n}º" if n < 10 else f"Art. {n}", number=Number(n),
                           children=[Dispositivo(Kind.CAPUT, f"art{n}_cpt", text=text,
                                                 children=[k for k in kids if k.kind is Kind.INCISO])]
                           + [k for k in kids if k.kind is Kind.PARAGRAFO])

    def inc(a, n, parent="cpt"):
        return Dispositivo(Kind.INCISO, f"art{a}_{parent}_inc{n}", rotulo="I II III".split()[n - 1], number=Number(n), text=f"inciso {n};")

    par10 = Dispositivo(Kind.PARAGRAFO, "art10_par1", rotulo="§ 1º", number=Number(1), text="Exige-se:",
                        children=[Dispositivo(Kind.INCISO, f"art10_par1_inc{n}", rotulo="I II".split()[n - 1],
                                              number=Number(n), text=f"item {n};") for n in (1, 2)])
    par5 = Dispositivo(Kind.PARAGRAFO, "art5_par1", rotulo="§ 1º", number=Number(1), text="Antigo.")
    par7 = [Dispositivo(Kind.PARAGRAFO, f"art7_par{n}", rotulo=f"§ {n}º", number=Number(n), text="x.") for n in (1, 2)]
    base = Norma(tipo="Lei", numero="123", data="2010-05-05", urn="urn:lex:br;sp;exemplo:municipal:lei:2010-05-05;123",
                 articulacao=[art(4, inc(4, 1), inc(4, 2), inc(4, 3)), art(5, par5), art(7, *par7), art(10, par10), art(12)])
    ops = ops_for(base, recognition().operations)
    assert len(ops) == 8
    out = apply(base, ops, Event("redacao", None, "Lei nº 500, de 10 de março de 2020", "2020-03-10"))
    assert [a.id for a in out.articulacao] == ["art4", "art5", "art5-1", "art7", "art10", "art12"]
    assert out.find("art4_cpt_inc3").situacao is Situacao.REVOGADO
    assert out.find("art10_par1_inc2").text == "apresentar documento de identidade;"
    assert out.find("art12_par1u").history[0].event.nota() == "Incluído pela Lei nº 500, de 10 de março de 2020"
