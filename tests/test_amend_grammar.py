"""Instruction recognition by the declared grammar (lexconsolida/data/gramatica/instrucao.lark):
expression substitution, revocation lists, exclusion, and a sentence with two readings.

Every text here is written for the test (fictional municipality of Vila Nova), not copied.
"""

from __future__ import annotations

import re
from importlib import resources

import pytest

from lexconsolida.amendments import grammar, recognise
from lexconsolida.amendments.coverage import amending_units, unaccounted
from lexconsolida.errors import AmendmentError
from lexconsolida.model import Event, Norma
from lexconsolida.readers.text import read
from lexconsolida.transforms.amend import apply, failures, ops_for

HEAD = "LEI Nº 900, DE 3 DE MAIO DE 2021\n\nAltera a Lei nº 100/2001.\n\nO PREFEITO MUNICIPAL DE VILA NOVA-MT faz saber:\n\n"
FECHO = "\nPrefeitura Municipal de Vila Nova-MT, 3 de maio de 2021.\n\nFULANO DE TAL\nPrefeito\n"
BASE = ("LEI Nº 100, DE 2 DE JANEIRO DE 2001\n\nDispõe sobre feiras.\n\n"
        "Art. 1º As feiras livres funcionam aos domingos, sob a fiscalização da Secretaria de Obras.\n"
        "Art. 2º A licença custa dez reais e é expedida pela Secretaria de Obras.\n"
        "Parágrafo único. A licença vale um ano.\n"
        "Art. 3º São deveres do feirante:\n"
        "I - manter a banca limpa;\n"
        "II - atender a Secretaria de Obras.\n"
        "Art. 4º Esta Lei entra em vigor na data de sua publicação.\n" + FECHO)
EV = Event("redacao", "urn:lex:br;mato.grosso;vila.nova:municipal:lei:2021-05-03;900", "Lei nº 900/2021", "2021-05-03")


def act(body: str) -> Norma:
    return read((HEAD + body + FECHO).encode(), path="ato.txt").norma


def base() -> Norma:
    return read(BASE.encode(), path="base.txt").norma


def ops_of(body: str):
    rec = recognise(act(body))
    return rec, [(str(o.kind), o.target_id, o.expression, o.text) for o in rec.operations]


# --- expression substitution -----------------------------------------------------------------

def test_substitution_in_a_named_unit():
    rec, ops = ops_of("Art. 1º Substitua-se, no art. 2º da Lei nº 100/2001, a expressão “Secretaria de Obras” "
                      "por “Secretaria de Serviços Públicos”.\n")
    assert ops == [("substituicao", "art2", "Secretaria de Obras", "Secretaria de Serviços Públicos")]
    assert not [p for p in rec.problems if p.blocking]
    out = apply(base(), ops_for(base(), rec.operations), EV)
    assert out.find("art2").head_text == "A licença custa dez reais e é expedida pela Secretaria de Serviços Públicos."
    assert "Secretaria de Obras" in out.find("art1").head_text  # art. 1º is not named
    assert "Secretaria de Obras" in out.find("art3_cpt_inc2").text


def test_substitution_in_the_whole_norm():
    rec, ops = ops_of("Art. 1º Fica substituída, em toda a Lei nº 100/2001, a expressão “Secretaria de Obras” pela "
                      "expressão “Secretaria de Serviços Públicos”.\n")
    assert ops == [("substituicao", None, "Secretaria de Obras", "Secretaria de Serviços Públicos")]
    out = apply(base(), ops_for(base(), rec.operations), EV)
    for i in ("art1", "art2"):
        assert "Serviços Públicos" in out.find(i).head_text
    assert out.find("art3_cpt_inc2").text == "atender a Secretaria de Serviços Públicos."
    # each unit changed keeps its history
    assert [v.text for v in out.find("art3_cpt_inc2").history] == [
        "atender a Secretaria de Obras.", "atender a Secretaria de Serviços Públicos."]


@pytest.mark.parametrize("new", ["“a Secretaria de Serviços Públicos”", "a Secretaria de Serviços Públicos..."])
def test_onde_se_le_leia_se_quoted_or_not(new):
    rec, ops = ops_of(f"Art. 1º Onde se lê, no parágrafo único do art. 2º e no inciso II do art. 3º da Lei nº "
                      f"100/2001, “... a Secretaria de Obras...”, leia-se {new}\n")
    assert ops == [("substituicao", "art2_par1u", "a Secretaria de Obras", "a Secretaria de Serviços Públicos"),
                   ("substituicao", "art3_cpt_inc2", "a Secretaria de Obras", "a Secretaria de Serviços Públicos")]


def test_substitution_where_the_expression_is_not_is_for_a_person():
    """The parágrafo único of art. 2º does not say 'Secretaria de Obras': nothing is guessed."""
    rec, _ = ops_of("Art. 1º Substitua-se, no art. 2º e no seu parágrafo único, da Lei nº 100/2001, a expressão "
                    "“Secretaria de Obras” por “Secretaria de Serviços Públicos”.\n")
    refused = failures(base(), ops_for(base(), rec.operations), EV)
    assert len(refused) == 1 and "não ocorre" in refused[0].message
    with pytest.raises(AmendmentError):
        apply(base(), ops_for(base(), rec.operations), EV)


def test_a_sentence_with_two_readings_goes_to_a_person_with_both():
    """'no art. 3º' may be the place of the second pair only, or of both: never the first branch."""
    rec, ops = ops_of("Art. 1º Substitua-se, na Lei nº 100/2001, a expressão “dez” por “vinte” e a expressão "
                      "“um ano” por “dois anos” no art. 2º.\n")
    assert ops == []
    (p,) = [p for p in rec.problems if p.code == "instrucao-ambigua"]
    assert p.blocking and "(1)" in p.message and "(2)" in p.message
    assert "“dez” por “vinte” em art. 2º da Lei nº 100/2001" in p.message
    assert "“dez” por “vinte” em toda a Lei nº 100/2001" in p.message


def test_substitution_without_a_place_is_for_a_person():
    rec, ops = ops_of("Art. 1º Substitua-se a expressão “dez reais” por “vinte reais”.\n")
    assert ops == [] and "alvo-sem-dispositivo" in [p.code for p in rec.problems]


# --- revocation lists and exclusion ------------------------------------------------------------

def test_revocation_list_in_incisos_revokes_every_item():
    rec, ops = ops_of("Art. 1º Ficam revogadas:\n"
                      "I - a Lei nº 100, de 2 de janeiro de 2001;\n"
                      "II - o art. 5º e o § 2º do art. 6º da Lei nº 200/2005;\n"
                      "III - a Lei nº 300/2010, e suas alterações posteriores.\n")
    assert ops == [("revogacao_total", None, None, None), ("revogacao", "art5", None, None),
                   ("revogacao", "art6_par2", None, None), ("revogacao_total", None, None, None)]
    assert [o.target_label for o in rec.operations] == ["Lei nº 100/2001", "Lei nº 200/2005", "Lei nº 200/2005",
                                                         "Lei nº 300/2010"]
    assert not [p for p in rec.problems if p.code not in ("alvo-fora-do-acervo", "ementa-incompleta")]
    assert not unaccounted(act("Art. 1º Ficam revogadas:\nI - a Lei nº 100, de 2 de janeiro de 2001;\n"), rec)


def test_revocation_list_of_a_named_act_in_a_quoted_block():
    rec, ops = ops_of("Art. 1º Ficam suprimidos os seguintes dispositivos da Lei nº 100/2001:\n"
                      "“Os incisos I e II do art. 3º;\nO parágrafo único do art. 2º.”\n")
    assert ops == [("revogacao", "art3_cpt_inc1", None, None), ("revogacao", "art3_cpt_inc2", None, None),
                   ("revogacao", "art2_par1u", None, None)]
    out = apply(base(), ops_for(base(), rec.operations), EV)
    assert out.find("art2_par1u").situacao.value == "revogado"


def test_a_list_item_that_is_not_read_is_a_problem_not_silence():
    norma = act("Art. 1º Ficam revogados os artigos da Lei nº 100/2001 aqui discriminados:\n"
                "I - do capítulo I, os artigos primeiro ao quarto;\nII - o art. 3º.\n")
    rec = recognise(norma)
    assert ("revogacao", "art3") in [(str(o.kind), o.target_id) for o in rec.operations] or \
        "instrucao-nao-reconhecida" in [p.code for p in rec.problems]
    assert "instrucao-nao-reconhecida" in [p.code for p in rec.problems]
    assert not unaccounted(norma, rec)
    assert len(amending_units(norma)) >= 2  # the independent scan sees the items too


def test_a_deferred_revocation_is_held_for_a_person_on_its_own_norm():
    rec, ops = ops_of("Art. 1º Revogam-se:\n"
                      "I - com efeito a partir de 1º de janeiro de 2022, o art. 4º da Lei nº 100/2001;\n"
                      "II - a Lei nº 300/2010.\n")
    assert ("revogacao", "art4", None, None) in ops
    (p,) = [p for p in rec.problems if p.code == "revogacao-diferida"]
    assert p.blocking and "a partir de 1º de janeiro de 2022" in p.message
    held = {o.target_label for o in rec.operations if p.concerns([o.target_urn])}
    assert held == {"Lei nº 100/2001"}  # Lei 300/2010's revocation is not held back


def test_exclusion_with_the_unit_right_after_the_verb_is_a_revocation():
    rec, ops = ops_of("Art. 1º Exclua-se os artigos 3º e 4º da Lei nº 100/2001.\n")
    assert ops == [("revogacao", "art3", None, None), ("revogacao", "art4", None, None)]
    rec, ops = ops_of("Art. 1º Seja excluído o inciso II do art. 3º da Lei nº 100/2001.\n")
    assert ops == [("revogacao", "art3_cpt_inc2", None, None)]


def test_exclusion_that_describes_is_no_instruction():
    rec, ops = ops_of("Art. 1º Fica excluído da obrigação prevista no art. 3º da Lei nº 100/2001 o feirante idoso.\n")
    assert not [o for o in ops if o[0] == "revogacao"]
    rec, ops = ops_of("Art. 1º Ficam excluídas:\nI - as bancas da Lei nº 100/2001;\n")
    assert ops == []


# --- the grammar as the declared source -------------------------------------------------------

def _rules() -> list[str]:
    text = resources.files("lexconsolida").joinpath("data/gramatica/instrucao.lark").read_text(encoding="utf-8")
    return re.findall(r"^(\w+):", text, re.MULTILINE)


SHAPES = {
    "substituicao": "Substitua-se, no art. 5º da Lei nº 1/2000, a expressão “a” por “b”.",
    "onde_se_le": "Onde se lê, no art. 5º da Lei nº 1/2000, “a”, leia-se “b”.",
    "substituicao_passiva": "A expressão “a”, constante do art. 5º da Lei nº 1/2000, fica substituída por “b”.",
    "revogacao_lista": "Ficam revogados os seguintes dispositivos da Lei nº 1/2000:",
    "exclusao": "Exclua-se o art. 5º da Lei nº 1/2000.",
    "item": "o § 4º do art. 21;",
    "clausula_revogatoria": "Esta Lei entra em vigor na data de sua publicação, revogadas as disposições em contrário, "
                            "especialmente a Lei nº 20/2005.",
}


def test_every_shape_of_the_grammar_has_an_example_and_a_reading():
    """Adding a shape is a rule in the grammar file, a case in the interpreter and an example here."""
    shapes = set(_rules()) - {"start", "troca", "lugar", "unidades", "norma", "objeto", "sep", "_prefixo"}
    assert shapes == set(SHAPES)
    for name, text in SHAPES.items():
        parsed = grammar.parse_item(text) if name == "item" else grammar.parse(text)
        assert parsed is not None and not isinstance(parsed, grammar.Ambiguous), name


def test_texts_without_a_verb_of_the_grammar_are_not_parsed():
    assert grammar.parse("O art. 2º da Lei nº 100/2001 passa a vigorar com a seguinte redação:") is None
    assert grammar.parse("Revoga-se o art. 5º da Lei nº 100/2001.") is None  # the formulas read it


# --- silent-loss classes of issue 23 that the formulas now see --------------------------------

def test_misspelled_renumbering_verbs_are_read_or_sent_to_a_person():
    rec, ops = ops_of("Art. 1º O atual art. 4º da Lei nº 100/2001 passa ser o art. 5º.\n")
    assert ops == [("renumeracao", "art4", None, None)]
    rec, ops = ops_of("Art. 1º Fica suprimido o art. 2º da Lei nº 100/2001.\nArt. 2º Remunere-se os demais artigos.\n")
    assert "alvo-ambiguo" in [p.code for p in rec.problems if p.where == "art2"]


def test_a_renumbering_that_changes_the_kind_of_unit_is_for_a_person():
    rec, ops = ops_of("Art. 1º O parágrafo único do art. 2º da Lei nº 100/2001 passa ser o art. 3º.\n")
    assert ops == [] and [p.code for p in rec.problems if p.blocking] == ["alvo-ambiguo"]


def test_expressions_changed_without_quotes_are_seen_by_the_independent_scan():
    norma = act("Art. 1º Ficam alteradas, nos artigos 2º e 3º, as expressões alusivas à Secretaria de Obras.\n")
    rec = recognise(norma)
    assert "instrucao-nao-reconhecida" in [p.code for p in rec.problems]
    assert not unaccounted(norma, rec)


# --- the final clause that names what it revokes ------------------------------------------------

VIGOR = "Esta Lei entra em vigor na data de sua publicação, revogadas as disposições em contrário, "


def test_final_clause_revokes_the_acts_and_units_it_names():
    rec, ops = ops_of(f"Art. 1º {VIGOR}em especial as Leis nº 100/2001 e nº 200/2005 e o art. 4º da Lei nº 300/2010.\n")
    assert ops == [("revogacao_total", None, None, None), ("revogacao_total", None, None, None),
                   ("revogacao", "art4", None, None)]
    assert [o.target_label for o in rec.operations] == ["Lei nº 100/2001", "Lei nº 200/2005", "Lei nº 300/2010"]


@pytest.mark.parametrize("tail", [
    "especialmente as do Decreto nº 7/2010.",                      # the provisions of the decree that conflict
    "especialmente o art. 3º da Lei nº 100/2001, relativamente às feiras noturnas.",  # part of the article
    "especialmente aquelas contidas na Lei nº 100/2001.",
])
def test_final_clause_that_revokes_only_part_is_for_a_person(tail):
    norma = act(f"Art. 1º {VIGOR}{tail}\n")
    rec = recognise(norma)
    assert not [o for o in rec.operations if o.kind in ("revogacao", "revogacao_total")]
    # a question that says why: the clause revokes provisions it does not name, or part of a unit
    assert {"revogacao-indeterminada", "revogacao-parcial"} & {p.code for p in rec.problems if p.blocking}
    assert not unaccounted(norma, rec)


def test_generic_final_clause_is_no_instruction():
    rec, ops = ops_of(f"Art. 1º {VIGOR[:-2]}.\n")
    assert ops == [] and not [p for p in rec.problems if p.code != "sem-operacoes"]


# --- more shapes of issue 23 ---------------------------------------------------------------------

def test_fica_dada_nova_redacao():
    rec, ops = ops_of("Art. 1º Fica dada nova redação ao art. 2º da Lei nº 100/2001:\n"
                      "\"Art. 2º A licença custa vinte reais.\"\n")
    assert ops == [("redacao", "art2", None, "A licença custa vinte reais.")]


def test_one_revocation_of_several_acts_separated_by_semicolons():
    rec, ops = ops_of("Art. 1º Revogam-se a Lei nº 100/2001; a Lei nº 200/2005; e o art. 3º da Lei nº 300/2010.\n")
    assert sorted((o.kind, o.target_id, o.target_label) for o in rec.operations) == [
        ("revogacao", "art3", "Lei nº 300/2010"), ("revogacao_total", None, "Lei nº 100/2001"),
        ("revogacao_total", None, "Lei nº 200/2005")]


def test_renumbering_whose_norm_is_named_only_in_a_neighbouring_article_is_not_lost():
    """The ementa names two norms and art. 2º names none: its renumbering is a problem (the norm is
    not guessed from art. 1º), never silence; and the independent scan counts it."""
    head = ("LEI Nº 900, DE 3 DE MAIO DE 2021\n\nAltera as Leis nº 100/2001 e nº 200/2005.\n\n"
            "O PREFEITO MUNICIPAL DE VILA NOVA-MT faz saber:\n\n")
    norma = read((head + "Art. 1º Fica acrescido ao art. 3º da Lei nº 100/2001 o inciso III:\n"
                  "\"III - zelar pela praça.\"\nArt. 2º Os incisos III e IV do art. 3º passam a ser IV e V.\n"
                  + FECHO).encode(), path="ato.txt").norma
    rec = recognise(norma)
    assert not [o for o in rec.operations if o.where == "art2"]
    assert "norma-alvo-nao-identificada" in [p.code for p in rec.problems if p.where == "art2"]
    assert not unaccounted(norma, rec)
    assert "art2_cpt" in [d.id for d in amending_units(norma)]


def test_a_list_item_operation_shows_the_announcement_and_the_item():
    rec, _ = ops_of("Art. 1º Ficam revogadas:\nI - a Lei nº 100, de 2 de janeiro de 2001;\n")
    (op,) = rec.operations
    assert op.source == "Ficam revogadas: a Lei nº 100, de 2 de janeiro de 2001;"


@pytest.mark.parametrize("text, target", [
    ("Em toda a Lei nº 100/2001, substitua-se a expressão “Secretaria de Obras” por “Secretaria de Serviços”.", None),
    ("No art. 2º da Lei nº 100/2001, onde se lê “Secretaria de Obras”, leia-se “Secretaria de Serviços”.", "art2"),
    ("A expressão “Secretaria de Obras”, constante do art. 2º da Lei nº 100/2001, fica substituída por "
     "“Secretaria de Serviços”.", "art2"),
])
def test_substitution_with_the_place_first_or_the_expression_as_subject(text, target):
    rec, ops = ops_of(f"Art. 1º {text}\n")
    assert ops == [("substituicao", target, "Secretaria de Obras", "Secretaria de Serviços")]


def test_wording_given_by_another_act_is_history_not_an_order():
    """'nos termos do artigo 139 da Lei Federal nº 8.069/90, com nova redação dada pela Lei Federal
    12.696/2012': the independent scan does not count it (a blocking problem held back every
    target of the act)."""
    norma = act("Art. 1º Fica revogada a Lei nº 100/2001.\n"
                "Art. 2º A eleição segue o art. 139 da Lei Federal nº 8.069/90, com nova redação dada pela Lei "
                "Federal nº 12.696/2012.\n")
    rec = recognise(norma)
    assert "art2_cpt" not in [d.id for d in amending_units(norma)]
    assert not [p for p in rec.problems if p.where == "art2"]
