"""Recognition of amending instructions on hand-built amending acts (model objects as the
text reader delivers them: the instruction in the caput, the quoted block as an Alteracao)."""


from lexconsolida.amendments import recognise
from lexconsolida.amendments.blocks import parse_raw
from lexconsolida.amendments.decisions import decide
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


def test_operations_and_problems_carry_the_instructions_line_and_place():
    """What each instruction yields says where it came from: the line and the dispositivo of the
    amending act (the operations themselves are fixtures: tests/fixtures/instrucoes/)."""
    par = Dispositivo(Kind.PARAGRAFO, "art1_par1u", rotulo="Parágrafo único",
                      text="As sanções previstas neste artigo serão aplicadas ao condutor.", lines=(15, 15))
    act = build_act([
        ('Dê-se as alíneas "a" e "b" do inciso I do art. 3º da Lei nº 2.217/2001 a seguinte redação:',
         '"I - ...\n\na) multa de R$ 180,00;\nb) em caso de reincidência, R$ 360,00."'),
        ("Face ao aumento da demanda, as licenças fixadas no art. 16, VII, § 1º, da Lei Municipal nº 2.244/01, "
         "serão acrescidas de 200 (duzentas) vagas.", None),
        ("Dê-se ao art. 6º da Lei nº 2.217/2001 a seguinte redação:", None),
    ], extra={1: [par]})
    rec = recognise(act, resolver)
    assert [(o.target_id, o.target_urn, o.line, o.where) for o in rec.operations] == [
        ("art3_cpt_inc1_ali1", L2217, 10, "art1"), ("art3_cpt_inc1_ali2", L2217, 10, "art1")]
    assert [(p.code, p.line, p.where) for p in rec.problems] == [
        ("dispositivo-sem-instrucao", 15, "art1_par1u"), ("alteracao-nao-textual", 20, "art2"),
        ("sem-texto-novo", 30, "art3")]
    non_textual = rec.problems[1]
    assert "Lei nº 2.244/2001" in non_textual.message and non_textual.source.startswith("Face ao aumento")


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
