"""Recognition of amending instructions on hand-built amending acts (model objects as the
text reader delivers them: the instruction in the caput, the quoted block as an Alteracao)."""

import pytest

from lexconsolida.amendments import recognise
from lexconsolida.amendments.blocks import parse_raw
from lexconsolida.amendments.decisions import decide
from lexconsolida.amendments.phrases import classify
from lexconsolida.corpus.records import Decisao, DecisaoOperacao
from lexconsolida.model import Alteracao, Dispositivo, Kind, Norma, Number

L2217 = "urn:lex:br;bahia;feira.santana:municipal:lei:2001-01-05;2217"


def build_act(arts, *, ementa=None, urn="urn:lex:br;bahia;feira.santana:municipal:lei:2002-05-21;2331",
              tipo="Lei", numero="2.331", data="2002-05-21", extra=None):
    """arts: [(caput text, raw quoted block or None)], lines numbered 10, 20, 30 …"""
    out = []
    for n, (text, raw) in enumerate(arts, 1):
        line = n * 10
        cap = Dispositivo(Kind.CAPUT, f"art{n}_cpt", text=text, lines=(line, line))
        if raw:
            cap.alteracoes = [Alteracao(f"art{n}_cpt_alt1", raw=raw, lines=(line + 2, line + 2 + raw.count("\n")))]
        kids = [cap] + (extra.get(n, []) if extra else [])
        out.append(Dispositivo(Kind.ARTIGO, f"art{n}", rotulo=f"Art. {n}º", number=Number(n),
                               children=kids, lines=(line, line)))
    return Norma(tipo=tipo, numero=numero, data=data, urn=urn, ementa=ementa, articulacao=out)


def resolver(ref):
    return L2217 if (ref.tipo, ref.numero) == ("lei", "2217") else None


def summary(rec):
    return [(o.kind, o.target_id, o.text) for o in rec.operations]


@pytest.mark.parametrize("text, kind", [
    ("O art. 5º passa a vigorar com a seguinte redação:", "redacao"),
    ("Dê-se ao inciso II do art. 3º a seguinte redação:", "redacao"),
    ("O § 2º do art. 4º passa a ter a seguinte redação:", "redacao"),
    ("A Lei nº 10 passa a vigorar com as seguintes alterações:", "redacao"),
    ("O art. 5º da Lei nº 10 passa a vigorar acrescido do seguinte § 3º:", "inclusao"),
    ("Acrescente-se ao art. 5º o inciso IV:", "inclusao"),
    ("Fica acrescido o art. 5º-A:", "inclusao"),
    ("Revoga-se o art. 233 da Constituição Federal.", "revogacao"),
    ("Ficam revogados os incisos II e III do art. 4º.", "revogacao"),
    ("Suprima-se o § 2º do art. 7º.", "revogacao"),
    ("Revogam-se a Lei nº 4.092 e a Lei nº 4.100.", "revogacao"),
    ("Fica renumerado o parágrafo único do art. 5º como § 1º.", "renumeracao"),
    ("Revogam-se as disposições em contrário.", None),
    ("Esta Lei entra em vigor na data de sua publicação.", None),
])
def test_classify(text, kind):
    assert classify(text) == kind


def test_several_targets_and_unchanged_lines():
    act = build_act([(
        'Dê-se as alíneas "a" e "b" dos incisos I e II, do art. 3º, da Lei nº 2.217/2001, a seguinte redação:',
        '"I - ...\n\na) multa de R$ 180,00;\nb) em caso de reincidência, R$ 360,00.\n\nII - ...\n\n'
        'a) multa de R$ 360,00;\nb) em caso de reincidência, R$ 720,00."')])
    rec = recognise(act, resolver)
    assert summary(rec) == [
        ("redacao", "art3_cpt_inc1_ali1", "multa de R$ 180,00;"),
        ("redacao", "art3_cpt_inc1_ali2", "em caso de reincidência, R$ 360,00."),
        ("redacao", "art3_cpt_inc2_ali1", "multa de R$ 360,00;"),
        ("redacao", "art3_cpt_inc2_ali2", "em caso de reincidência, R$ 720,00."),
    ]
    assert {o.target_urn for o in rec.operations} == {L2217}
    assert all(o.line == 10 and o.where == "art1" for o in rec.operations)
    assert rec.problems == []


def test_insertion_anchored_on_the_named_inciso():
    act = build_act([(
        'Acrescente-se a alínea "d" no inciso II do art. 3º da Lei nº 2.217/2001, com a seguinte redação:',
        '"d) no caso de táxi, terá sua vaga cassada."')])
    assert summary(recognise(act, resolver)) == [
        ("inclusao", "art3_cpt_inc2_ali4", "no caso de táxi, terá sua vaga cassada.")]


def test_paragrafo_unico_context_then_inciso():
    act = build_act([(
        'Dê-se ao inciso III do parágrafo único do art. 3º da Lei nº 2.217/2001, a seguinte redação:',
        '"Parágrafo Único - ...\n\nIII - o pagamento de diárias."')])
    assert summary(recognise(act, resolver)) == [("redacao", "art3_par1u_inc3", "o pagamento de diárias.")]


def test_nr_revoked_alineas_and_out_of_corpus():
    act = build_act([
        ("O inciso XXIX do art. 7º da Constituição Federal passa a vigorar com a seguinte redação:",
         '" XXIX - ação, quanto aos créditos; (NR) \n"a)\t(Revogada)."\n"b)  (Revogada)."'),
        ("Revoga-se o art. 233 da Constituição Federal.", None),
        ("Esta Emenda Constitucional entra em vigor na data de sua publicação.", None),
    ], ementa="Dá nova redação ao inciso XXIX do art. 7º e revoga o art. 233 da Constituição Federal.",
        urn=None, tipo="Emenda Constitucional", numero="28", data="2000-05-25")
    rec = recognise(act)
    assert summary(rec) == [
        ("redacao", "art7_cpt_inc29", "ação, quanto aos créditos;"),
        ("revogacao", "art7_cpt_inc29_ali1", None),
        ("revogacao", "art7_cpt_inc29_ali2", None),
        ("revogacao", "art233", None),
    ]
    assert [(p.code, p.blocking) for p in rec.problems] == [("alvo-fora-do-acervo", False)]
    assert "alvo fora do acervo: Constituição Federal" in rec.problems[0].message
    assert not any(o.in_corpus for o in rec.operations)


def test_whole_act_revocations():
    act = build_act([("Revogam-se a Lei Nº 4.092, de 06 de junho de 2019 e Decreto Nº de 4.213, "
                      "de 04 de novembro de 2019.", None)],
                    urn="urn:lex:br;mato.grosso;barra.garcas:municipal:lei:2023-11-23;1")
    rec = recognise(act)
    assert [(o.kind, o.target_urn) for o in rec.operations] == [
        ("revogacao_total", "urn:lex:br;mato.grosso;barra.garcas:municipal:lei:2019-06-06;4092"),
        ("revogacao_total", "urn:lex:br;mato.grosso;barra.garcas:municipal:decreto:2019-11-04;4213"),
    ]


def test_renumbering():
    act = build_act([("Fica renumerado o parágrafo único do art. 5º da Lei nº 2.217/2001 como § 1º.", None)])
    rec = recognise(act, resolver)
    assert [(o.kind, o.target_id, o.new_id, o.new_rotulo) for o in rec.operations] == [
        ("renumeracao", "art5_par1u", "art5_par1", "§ 1º")]


def test_generic_alterations_and_new_article():
    act = build_act([(
        "A Lei nº 2.217/2001 passa a vigorar com as seguintes alterações:",
        '"Art. 5º ............\n§ 3º Novo parágrafo.\n"\n"Art. 5º-A. Artigo novo.\nI - primeiro;\nII - segundo."')])
    rec = recognise(act, resolver)
    assert [(o.kind, o.target_id, o.text, o.lenient) for o in rec.operations] == [
        ("redacao", "art5_par3", "Novo parágrafo.", True),
        ("redacao", "art5-1", "Artigo novo.", True),
        ("redacao", "art5-1_cpt_inc1", "primeiro;", True),
        ("redacao", "art5-1_cpt_inc2", "segundo.", True),
    ]


def test_ementa_naming_other_acts_and_autonomous_paragraph():
    par = Dispositivo(Kind.PARAGRAFO, "art1_par1u", rotulo="Parágrafo único",
                      text="As sanções previstas neste artigo serão aplicadas ao condutor.", lines=(15, 15))
    act = build_act([(
        'Dê-se aos incisos I e II do Art. 3º, da Lei nº 2217/2001, alterada pelas Leis Municipais '
        'nºs 2.331/2002 e 2.421/2003, a seguinte redação:', '"I - novo I;\n\nII - novo II."')],
        ementa="ALTERA E ACRESCENTA DISPOSITIVOS A LEI Nº 2331/2002 E 2421/2003, QUE DISPÕE",
        extra={1: [par]})
    rec = recognise(act, resolver)
    assert summary(rec) == [("redacao", "art3_cpt_inc1", "novo I;"), ("redacao", "art3_cpt_inc2", "novo II.")]
    # the ementa names the acts that amended the target, as the instruction cites them
    # ('alterada pelas Leis nºs 2.331/2002 e 2.421/2003'): consistent, not a divergence
    assert [(p.code, p.where, p.line, p.blocking) for p in rec.problems] == [
        ("dispositivo-sem-instrucao", "art1_par1u", 15, True),
    ]


def test_non_textual_alteration_is_reported():
    act = build_act([(
        "Face ao aumento da demanda, as licenças fixadas no art. 16, VII, § 1º, da Lei Municipal "
        "nº 2.244/01, serão acrescidas de 200 (duzentas) vagas, perfazendo um total de 500.", None)])
    rec = recognise(act)
    assert rec.operations == []
    (p,) = rec.problems
    assert (p.code, p.line, p.blocking) == ("alteracao-nao-textual", 10, True)
    assert "Lei nº 2.244/2001" in p.message and p.source.startswith("Face ao aumento")


def test_unknown_target_norm_and_missing_text():
    act = build_act([("O art. 5º passa a vigorar com a seguinte redação:", '"Art. 5º Novo."'),
                     ("Dê-se ao art. 6º da Lei nº 2.217/2001 a seguinte redação:", None)])
    codes = [(p.code, p.line) for p in recognise(act, resolver).problems]
    assert codes == [("norma-alvo-nao-identificada", 10), ("sem-texto-novo", 20)]


def test_decisions_apply_ignore_and_replace():
    par = Dispositivo(Kind.PARAGRAFO, "art1_par1u", text="As sanções deste artigo.", lines=(15, 15))
    act = build_act([('Dê-se ao inciso I do art. 3º da Lei nº 2217/2001 a seguinte redação:', '"I - novo."')],
                    ementa="ALTERA A LEI Nº 2331/2002", extra={1: [par]})
    rec = recognise(act, resolver)
    decided = decide(rec, [
        Decisao("ementa-divergente", "aplicar", nota="o art. 1º altera a Lei 2.217/2001"),
        Decisao("dispositivo-sem-instrucao", "ignorar", dispositivo="art1_par1u"),
    ])
    assert decided.recognition.problems == [] and decided.unused == []
    assert summary(decided.recognition) == [("redacao", "art3_cpt_inc1", "novo.")]
    tacit = build_act([("As licenças fixadas no art. 16, § 1º, da Lei Municipal nº 2.217/01, "
                        "serão acrescidas de 200 vagas.", None)])
    replaced = decide(recognise(tacit, resolver), [
        Decisao("alteracao-nao-textual", "operacoes", dispositivo="art1", nota="500 licenças", operacoes=[
            DecisaoOperacao("nota", L2217 + "!art16_par1", None)]), Decisao("x", "aplicar")])
    assert [(o.kind, o.target_urn, o.target_id, o.note) for o in replaced.recognition.operations] == [
        ("nota", L2217, "art16_par1", "500 licenças")]
    assert replaced.recognition.problems == []
    assert [d.problema for d in replaced.unused] == ["x"]


def test_parse_raw_nests_units():
    units = parse_raw('"Art. 5º ......\n§ 1º Um.\nI - dois;\na) três;\n1. quatro.\n......"')
    art = units[0]
    assert (art.kind, art.number, art.omissis) == ("artigo", Number(5), True)
    par = art.children[0]
    assert (par.kind, par.text) == ("paragrafo", "Um.")
    assert par.children[0].children[0].children[0].text == "quatro."
    assert par.children[-1].kind == "inciso"
    omissis = [u for u in par.children[0].children[0].children if u.kind == "omissis"]
    assert len(omissis) == 1


def test_article_then_separate_paragraph_citation():
    act = build_act([("O art. 5º da Lei nº 2.217/2001 passa a vigorar acrescido do seguinte § 3º:",
                      '"Art. 5º .......\n§ 3º Novo parágrafo."')])
    assert summary(recognise(act, resolver)) == [("inclusao", "art5_par3", "Novo parágrafo.")]


def test_renumbering_and_insertion_in_one_instruction():
    act = build_act([("O parágrafo único do art. 5º da Lei nº 2.217/2001 passa a vigorar como § 1º, "
                      "acrescido do seguinte § 2º:", '"Art. 5º .......\n§ 2º Segundo."')])
    rec = recognise(act, resolver)
    assert [(o.kind, o.target_id, o.new_id) for o in rec.operations] == [
        ("renumeracao", "art5_par1u", "art5_par1"), ("inclusao", "art5_par2", None)]


def test_quoted_headings_are_operations_on_the_agrupador_and_their_articles_kept():
    from lexconsolida.model import Agrupador, AgrupadorKind

    art = Dispositivo(Kind.ARTIGO, "art20-1", rotulo="Art. 20-A", number=Number(20, ("A",)),
                      children=[Dispositivo(Kind.CAPUT, "art20-1_cpt", text="Novo artigo.")])
    cap = Agrupador(AgrupadorKind.CAPITULO, "cap4-1", rotulo="Capítulo IV-A", nome="DAS MULTAS", children=[art])
    act = build_act([("A Lei nº 2.217/2001 passa a vigorar acrescida do seguinte Capítulo IV-A:", None)])
    act.articulacao[0].caput.alteracoes = [Alteracao("art1_cpt_alt1", children=[cap])]
    rec = recognise(act, resolver)
    assert summary(rec) == [("inclusao", "cap4-1", "DAS MULTAS"), ("redacao", "art20-1", "Novo artigo.")]
    assert rec.operations[0].holds == "art20-1" and rec.operations[0].unit_kind == "capitulo"
    assert [p.code for p in rec.problems if p.blocking] == []
