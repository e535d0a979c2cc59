"""The infraction catalog: extraction rules on hand-built laws, and the two seeds (golden)."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from lexconsolida.forms.catalog_io import to_json, to_text
from lexconsolida.forms.infractions import CLASSES, extract, parse_field, parse_fine_row
from tests.fixtures.forms.normas import barra_do_garcas, norma, pedra_preta, unit


def test_pedra_preta_fields_table_and_ocr_readings():
    cat = extract(pedra_preta())
    by_id = {i.id: i for i in cat.infracoes}
    assert [(r.classe, r.unidades, r.unidade, r.dispositivo) for r in cat.tabela] == [
        ("leve", Decimal(30), "UPFM", "art54_cpt_inc1"), ("média", Decimal(60), "UPFM", "art54_cpt_inc2"),
        ("grave", Decimal(120), "UPFM", "art54_cpt_inc3"), ("gravíssima", Decimal(250), "UPFM", "art54_cpt_inc4")]
    assert by_id["art55_par1"].medidas == ("impedimento operacional",)
    assert by_id["art55_par12"].penalidade == "multa" and by_id["art55_par12"].multa
    assert "'muita'" in by_id["art55_par12"].observacoes[0]
    assert by_id["art55_par18"].classe == "média"  # 'média GO': OCR noise after the class
    assert by_id["art55_par42"].classe == "gravíssima" and by_id["art55_par42"].unidades == Decimal(250)
    assert by_id["art55_par27"].medidas == ("apreensão do veículo", "apreensão do colete até a regulamentação")
    assert by_id["art55_par13"].citacao == "art. 55, § 13"
    assert by_id["art55_par13"].descricao.startswith("Trafegar com veículo que apresente defeito")
    assert cat.nao_classificados == []


def test_pedra_preta_special_rules_and_their_scope():
    cat = extract(pedra_preta())
    rules = {r.id: r for r in cat.regras}
    assert rules["art54_par1:acrescimo"].percentual == Decimal(20)
    assert rules["art54_par1:acrescimo"].aplica_a == ("*",)
    assert rules["art55_par34_inc1:dobro"].aplica_a == ("art55_par34",)
    assert rules["art55_par34_inc1:dobro"].condicao == "circunstância descrita no dispositivo"
    assert rules["art52_par1u:multa_fixa"].unidades == Decimal(100)
    assert rules["art52_par1u:dobro"].condicao == "reincidência"
    assert rules["art49:suspensao"].periodo == "30 dias" and rules["art49:suspensao"].aplica_a == ("*",)
    assert set(cat.get("art55_par34").regras) >= {"art54_par1:acrescimo", "art55_par34_inc1:dobro"}
    assert "art55_par34_inc1:dobro" not in cat.get("art55_par13").regras


def test_barra_do_garcas_inciso_shape_and_caput_owner():
    cat = extract(barra_do_garcas())
    got = [(i.id, i.classe, i.unidades) for i in cat.infracoes]
    assert got == [
        ("art26_cpt_inc1", "leve", Decimal(115)), ("art26_cpt_inc2", "leve", Decimal(115)),
        ("art26_cpt_inc3", "leve", Decimal(115)), ("art26_cpt_inc4", "grave", Decimal(570)),
        ("art26_cpt_inc5", "grave", Decimal(570)), ("art26_cpt_inc6", "grave", Decimal(570)),
        ("art27", "gravíssima", Decimal(950))]
    assert cat.get("art26_cpt_inc5").penalidade.startswith("multa e suspensão da autorização")
    rules = {r.id: r for r in cat.regras}
    assert rules["art26_par1:suspensao"].aplica_a == ("art26_cpt_inc4",) and rules["art26_par1:suspensao"].periodo == "30 dias"
    assert rules["art26_par2:cassacao"].aplica_a == ("art26_cpt_inc5",)
    assert rules["art27_par1u:suspensao"].aplica_a == ("art27",)
    assert cat.tabela[0].unidade_nome == "UNIDADE PADRÃO FISCAL DE BARRA DO GARÇAS"


def test_a_law_never_seen_money_table_and_what_cannot_be_classified():
    law = norma(
        unit("Art. 10", "As multas serão aplicadas conforme a natureza da infração:",
             unit("I", "natureza leve: multa de R$ 150,00 (cento e cinquenta reais);"),
             unit("II", "natureza gravíssima: multa de R$ 1.200,50;")),
        unit("Art. 11", "Estacionar fora do ponto:", unit("a)", "Infração: Gravíssima."), unit("b)", "Penalidade: multa")),
        unit("Art. 12", "Recusar passageiro:", unit("a)", "Infração: severa"), unit("b)", "Penalidade: multa")),
        unit("Art. 13", "Não portar crachá:", unit("a)", "Infração: leve"), unit("b)", "Penalidade: advertência")),
        unit("Art. 14", "Cobrar a mais:", unit("a)", "Infração: grave"), unit("b)", "Penalidade: multa")),
        tipo="Lei", numero="1", data="2020-01-01",
    )
    cat = extract(law)
    assert [(r.classe, r.unidades, r.unidade) for r in cat.tabela] == [
        ("leve", Decimal("150.00"), "R$"), ("gravíssima", Decimal("1200.50"), "R$")]
    by_id = {i.id: i for i in cat.infracoes}
    assert by_id["art11"].classe == "gravíssima" and by_id["art11"].unidades == Decimal("1200.50")
    assert by_id["art13"].multa is False and by_id["art13"].unidades is None
    reasons = {(u.id, u.motivo) for u in cat.nao_classificados}
    assert ("art12_ali1", "classe de infração não reconhecida: 'severa'") in reasons
    assert ("art12", "infração sem classe de gravidade") in reasons
    assert ("art14", "multa de classe 'grave' sem valor na tabela de multas da lei") in reasons


def test_parse_field_variants():
    assert parse_field("“b) Penalidade: multa") is None  # the label is the reader's business
    assert parse_field("Medida Administrativa: apreensão do veículo. ,") == ("medida", "apreensão do veículo")
    assert parse_field("INFRAÇÃO - GRAVE;") == ("infracao", "GRAVE")
    assert parse_field("A infração será punida") is None


@given(st.sampled_from(CLASSES), st.integers(1, 99999), st.sampled_from(["UPFM", "UPFG", "UFM", "UFIR"]),
       st.sampled_from(["Infração {c}: multa de {n} {u};", "{C}: punida com multa de valor correspondente a {n} ({w}) {u}"]))
def test_fine_rows_parse_back(classe, number, unit_name, pattern):
    text = pattern.format(c=classe, C=classe.capitalize(), n=f"{number:,}".replace(",", "."), u=unit_name, w="extenso")
    assert parse_fine_row(text)[:3] == (classe, Decimal(number), unit_name)


def test_text_and_json_listing():
    cat = extract(pedra_preta())
    text = to_text(cat)
    assert "art. 55, § 13: Trafegar com veículo" in text and "120 UPFM" in text
    assert '"classe": "gravíssima"' in to_json(cat)


def test_rules_of_a_law_never_seen_fixed_fines_and_doubling_that_is_not_a_fine():
    law = norma(
        unit("Art. 3º", "O descumprimento às disposições desta Lei sujeita o infrator a:",
             unit("I", "no transporte individual:",
                  unit("a)", "multa de 600 UFIR`S (seiscentas unidades fiscais de referência), por infração;"),
                  unit("b)", "em caso de reincidência, multa de 1.200 UFIR`S (hum mil e duzentas unidades fiscais de referência);"))),
        unit("Art. 31", "Os Permissionários serão responsáveis por infrações cometidas por seus prepostos:",
             unit("§ 2º", "Quando a mesma infração for cometida pelo mesmo agente dentro do período de 12 (doze) meses, será considerada reincidência e com contagem de pontos aplicadas em dobro.")),
        tipo="Lei", numero="2", data="2001-01-05",
    )
    rules = {r.id: r for r in extract(law).regras}
    assert (rules["art3_cpt_inc1_ali1:multa_fixa"].unidades, rules["art3_cpt_inc1_ali1:multa_fixa"].unidade) == (Decimal(600), "UFIR")
    assert rules["art3_cpt_inc1_ali1:multa_fixa"].condicao == "situação descrita no dispositivo"
    assert rules["art3_cpt_inc1_ali2:multa_fixa"].unidades == Decimal(1200)
    assert rules["art3_cpt_inc1_ali2:multa_fixa"].condicao == "reincidência"
    assert not any(r.tipo == "dobro" for r in rules.values())  # points doubled, not the fine
