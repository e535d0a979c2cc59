"""The meaning of amending instructions against the base they change (issue 10).

Each test is a rule a drafter's wording justifies: which quoted units are new wording, which
are inclusions, which are only the place of the new ones. Every text is written for the test
(fictional municipality of Vila Nova), not copied from any real act.
"""

from __future__ import annotations

from lexconsolida.amendments import recognise
from lexconsolida.amendments.model import Operation
from lexconsolida.model import Event, Norma
from lexconsolida.readers.text import read
from lexconsolida.transforms.amend import apply, failures, ops_for

HEAD = "LEI Nº 900, DE 3 DE MAIO DE 2021\n\nAltera a Lei nº 100/2001.\n\nO PREFEITO MUNICIPAL DE VILA NOVA-MT faz saber:\n\n"
FECHO = "\nPrefeitura Municipal de Vila Nova-MT, 3 de maio de 2021.\n\nFULANO DE TAL\nPrefeito\n"
BASE = ("LEI Nº 100, DE 2 DE JANEIRO DE 2001\n\nDispõe sobre feiras.\n\n"
        "Art. 1º As feiras livres funcionam aos domingos.\n"
        "Art. 2º A licença custa dez reais.\n"
        "Art. 3º São deveres do feirante:\n"
        "I - manter a banca limpa;\n"
        "II - respeitar o horário.\n"
        "Art. 4º Os fiscais verificam:\n"
        "I - as bancas:\n"
        "a) a limpeza;\n"
        "b) o tamanho;\n"
        "II - as licenças.\n"
        "Art. 5º Esta Lei entra em vigor na data de sua publicação.\n" + FECHO)
EV = Event("redacao", "x", "Lei nº 900/2021", "2021-05-03")


def base() -> Norma:
    return read(BASE.encode(), path="base.txt").norma


def run(body: str):
    """(operations as (kind, id), errors the base gives, the result when none)."""
    rec = recognise(read((HEAD + body + FECHO).encode(), path="ato.txt").norma)
    assert [p.code for p in rec.problems if p.blocking] == []
    b = base()
    ops = ops_for(b, rec.operations)
    errors = [e.message.split(" — ")[0] for e in failures(b, ops, EV)]
    return [(o.kind, o.target_id) for o in ops], errors, (None if errors else apply(b, ops, EV))


# --- a mixed instruction: the verb before each cited unit says what happens to it -------------

def test_units_named_after_alteracoes_take_new_wording_and_those_after_acrescido_are_included():
    ops, errors, result = run(
        "Art. 1º O art. 3º da Lei nº 100/2001 passa a vigorar com alterações no inciso II, e acrescido "
        "dos incisos III e IV, com as seguintes redações:\n"
        "\"II - respeitar o horário e o silêncio;\nIII - pagar a taxa;\nIV - usar crachá.\"\n")
    assert ops == [("redacao", "art3_cpt_inc2"), ("inclusao", "art3_cpt_inc3"), ("inclusao", "art3_cpt_inc4")]
    assert errors == []
    inc2 = result.find("art3_cpt_inc2")
    assert inc2.text == "respeitar o horário e o silêncio;"
    assert [v.event.kind for v in inc2.history] == ["original", "redacao"]
    assert [v.event.kind for v in result.find("art3_cpt_inc4").history] == ["inclusao"]


def test_altered_articles_around_an_added_inciso():
    ops, errors, result = run(
        "Art. 1º Ficam alteradas as redações dos arts. 3º, acrescido do inciso III, e 2º da Lei nº 100/2001, "
        "que passam a vigorar da forma seguinte:\n"
        "\"Art. 3º São deveres de quem tem banca:\nI - ...\nII - ...\nIII - pagar a taxa.\"\n"
        "\"Art. 2º A licença custa vinte reais.\"\n")
    assert ops == [("redacao", "art3"), ("inclusao", "art3_cpt_inc3"), ("redacao", "art2")]
    assert errors == []
    assert result.find("art3_cpt").text == "São deveres de quem tem banca:"
    assert result.find("art3_cpt_inc1").text == "manter a banca limpa;"  # omissis: unchanged


def test_a_unit_named_as_added_that_exists_is_a_conflict():
    ops, errors, _ = run(
        "Art. 1º O art. 3º da Lei nº 100/2001 passa a vigorar com alterações no inciso I, e acrescido "
        "do inciso II, com as seguintes redações:\n\"I - manter a banca limpa e pintada;\nII - abrir cedo.\"\n")
    assert ops == [("redacao", "art3_cpt_inc1"), ("inclusao", "art3_cpt_inc2")]
    assert errors == ["art1: dispositivo art3_cpt_inc2 já existe em LEI Nº 100, DE 2 DE JANEIRO DE 2001 "
                      "(“respeitar o horário.”): decida se a instrução lhe dá nova redação ou inclui outro "
                      "dispositivo"]


def test_added_by_an_earlier_act_is_context_not_a_verb():
    ops, errors, _ = run(
        "Art. 1º O inciso II do art. 3º da Lei nº 100/2001, acrescido pela Lei nº 150/2005, passa a vigorar "
        "com a seguinte redação:\n\"II - respeitar o horário e o silêncio.\"\n")
    assert ops == [("redacao", "art3_cpt_inc2")] and errors == []


# --- the unit an inclusion goes into, quoted around the new ones --------------------------------

def _alineas(inciso_text: str):
    return run("Art. 1º Acrescentem-se ao inciso I do art. 4º da Lei nº 100/2001 as alíneas c e d:\n"
               f"\"Art. 4º ...\n{inciso_text}\nc) a balança;\nd) o preço.\"\n")


def test_quoted_place_with_the_base_text_is_context():
    ops, errors, result = _alineas("I - as bancas;")
    assert ops == [("redacao", "art4_cpt_inc1"), ("inclusao", "art4_cpt_inc1_ali3"),
                   ("inclusao", "art4_cpt_inc1_ali4")]
    assert errors == []
    inc1 = result.find("art4_cpt_inc1")
    assert inc1.text == "as bancas:" and inc1.history == []
    assert [c.id for c in inc1.children] == ["art4_cpt_inc1_ali1", "art4_cpt_inc1_ali2", "art4_cpt_inc1_ali3",
                                             "art4_cpt_inc1_ali4"]


def test_quoted_place_with_a_close_variant_is_new_wording_with_a_note():
    _, errors, result = _alineas("I - as bancas e barracas:")
    assert errors == []
    inc1 = result.find("art4_cpt_inc1")
    assert inc1.text == "as bancas e barracas:"
    assert [v.event.kind for v in inc1.history] == ["original", "redacao"]
    assert "texto entre aspas de uma instrução de acréscimo" in inc1.history[-1].event.note


def test_quoted_place_with_another_text_asks_a_person():
    _, errors, _ = _alineas("I - No inciso I, acrescentando os itens da fiscalização:")
    assert errors == ["art1: a instrução acrescenta em art4_cpt_inc1, mas o texto entre aspas dele (“No inciso I, "
                      "acrescentando os itens da fiscalização:”) não é o da norma (“as bancas:”): decida se é nova "
                      "redação ou só indicação do lugar"]


def test_quoted_place_the_base_lacks_is_refused():
    _, errors, _ = run("Art. 1º Acrescentem-se ao inciso III do art. 4º da Lei nº 100/2001 as alíneas a e b:\n"
                       "\"III - as balanças:\na) aferidas;\nb) lacradas.\"\n")
    assert errors[0] == ("art1: não há art4_cpt_inc3 em LEI Nº 100, DE 2 DE JANEIRO DE 2001, onde a instrução "
                         "acrescenta: decida onde incluir")


def test_units_quoted_with_new_children_in_respective_places():
    ops, errors, result = run(
        "Art. 1º Acrescente-se ao art. 4º da Lei nº 100/2001, nos respectivos incisos, as seguintes alíneas:\n"
        "\"I - as bancas:\nc) a balança;\nII - as licenças:\na) o prazo.\"\n")
    assert errors == []
    assert result.find("art4_cpt_inc1_ali3").text == "a balança;"
    assert result.find("art4_cpt_inc2_ali1").text == "o prazo."
    assert result.find("art4_cpt_inc2").text == "as licenças."  # the same text, but for its last sign: unchanged


# --- the quoted labels settle where a unit goes --------------------------------------------------

def test_incisos_quoted_before_the_paragraphs_are_the_caput_s():
    # the citation 'os incisos I e II e os § 1º e § 2º' may read as 'incisos of the § 1º': the
    # block quotes 'I -' and 'II -' before '§ 1º', so they are the caput's
    ops, errors, result = run(
        "Art. 1º Ficam acrescidos ao art. 2º da Lei nº 100/2001 os incisos I e II e os § 1º e § 2º, com as "
        "seguintes redações:\n\"I - para bancas;\nII - para barracas.\n§ 1º A licença é pessoal.\n"
        "§ 2º A licença é anual.\"\n")
    assert [o for o in ops if "inc" in o[1]] == [("inclusao", "art2_cpt_inc1"), ("inclusao", "art2_cpt_inc2")]
    assert errors == []
    art2 = result.find("art2")
    assert [c.id for c in art2.walk()][1:] == ["art2_cpt", "art2_cpt_inc1", "art2_cpt_inc2", "art2_par1", "art2_par2"]


def test_incisos_of_a_paragraph_quoted_under_it_stay_there():
    ops, errors, result = run(
        "Art. 1º Fica acrescido ao art. 2º da Lei nº 100/2001 o § 1º, com os incisos I e II, com a seguinte "
        "redação:\n\"§ 1º A licença é:\nI - pessoal;\nII - anual.\"\n")
    assert errors == [] and result.find("art2_par1_inc2").text == "anual."


def test_arabic_units_quoted_after_an_alinea_are_its_items():
    ops, errors, result = run(
        "Art. 1º Acresçam-se ao art. 4º, inciso I, alínea a, da Lei nº 100/2001 os itens 1 e 2, com a seguinte "
        "redação:\n\"Art. 4º ...\nI - ...\na) ...\n1 - do chão;\n2 - das bancas.\"\n")
    assert ops == [("inclusao", "art4_cpt_inc1_ali1_ite1"), ("inclusao", "art4_cpt_inc1_ali1_ite2")]
    assert errors == []
    assert [(d.id, d.text) for d in result.find("art4_cpt_inc1_ali1").children] == [
        ("art4_cpt_inc1_ali1_ite1", "do chão;"), ("art4_cpt_inc1_ali1_ite2", "das bancas.")]
    assert result.find("art4_cpt_inc1_ali1").text == "a limpeza;"


# --- a set replaced whole --------------------------------------------------------------------------

def test_a_set_revoked_and_rewritten_is_replaced_by_the_quoted_one():
    ops, errors, result = run(
        "Art. 1º Os incisos do art. 4º da Lei nº 100/2001 ficam revogados, passando a apresentar a seguinte "
        "redação:\n\"I - as balanças;\nII - os preços;\nIII - os pesos.\"\n")
    assert errors == []
    assert ops[-1] == ("revogacao", "art4_cpt")
    kids = [(d.id, d.text, d.situacao.value) for d in result.find("art4").walk() if d.kind.value != "artigo"][1:]
    assert kids == [("art4_cpt_inc1", "as balanças;", "vigente"),
                    ("art4_cpt_inc1_ali1", "a limpeza;", "revogado"),  # the old inciso's alíneas went with it
                    ("art4_cpt_inc1_ali2", "o tamanho;", "revogado"),
                    ("art4_cpt_inc2", "os preços;", "vigente"),
                    ("art4_cpt_inc3", "os pesos.", "vigente")]


def test_a_set_substituted_keeps_nothing_it_does_not_quote():
    _, errors, result = run(
        "Art. 1º Os incisos do art. 3º da Lei nº 100/2001 ficam suprimidos, passando a vigorar com a seguinte "
        "redação:\n"
        "\"I - manter a banca limpa e pintada.\"\n")
    assert errors == []
    assert [(d.id, d.situacao.value) for d in result.find("art3_cpt").children] == [
        ("art3_cpt_inc1", "vigente"), ("art3_cpt_inc2", "revogado")]


def test_new_wording_of_some_units_of_a_set_revokes_nothing():
    _, errors, result = run(
        "Art. 1º Os incisos do art. 3º da Lei nº 100/2001 passam a vigorar com a seguinte redação:\n"
        "\"I - manter a banca limpa e pintada;\"\n")
    assert errors == []
    assert [(d.id, d.situacao.value) for d in result.find("art3_cpt").children] == [
        ("art3_cpt_inc1", "vigente"), ("art3_cpt_inc2", "vigente")]


def test_a_unit_both_altered_and_added_to_takes_new_wording_and_its_new_units():
    ops, errors, result = run(
        "Art. 1º Fica alterado e acrescido o art. 3º da Lei nº 100/2001, com a seguinte redação:\n"
        "\"Art. 3º São deveres de quem tem banca:\nI - ...\nII - ...\nIII - pagar a taxa.\"\n")
    assert errors == []
    assert result.find("art3_cpt").text == "São deveres de quem tem banca:"
    assert result.find("art3_cpt_inc3").text == "pagar a taxa."


def test_incisos_added_to_a_cited_paragraph_not_quoted_go_into_it():
    # 'ao § 1º … os incisos III e IV e o parágrafo único': the incisos are quoted before the
    # 'Parágrafo único', so they are not its own; they go into the § 1º the instruction names
    sections = BASE.replace("Art. 5º Esta Lei", "Art. 5º A licença é dada:\n§ 1º Pela prefeitura:\nI - a pedido;\n"
                            "II - de ofício.\n§ 2º Pelo fiscal.\nArt. 6º Esta Lei")
    rec = recognise(read((HEAD + "Art. 1º Acresça-se ao § 1º do art. 5º da Lei nº 100/2001 os incisos III e IV e o "
                          "parágrafo único, com a seguinte redação:\n\"III - em mutirão;\nIV - por sorteio.\n"
                          "Parágrafo único. A licença é pessoal.\"\n" + FECHO).encode(), path="ato.txt").norma)
    b = read(sections.encode(), path="base.txt").norma
    ops = ops_for(b, rec.operations)
    assert [(o.kind, o.target_id) for o in ops][:2] == [("inclusao", "art5_par1_inc3"), ("inclusao", "art5_par1_inc4")]
    errors = [e.message.split(" — ")[0] for e in failures(b, ops, EV)]
    assert errors == ["art1: Art. 5º de LEI Nº 100, DE 2 DE JANEIRO DE 2001 já tem parágrafos numerados (§ 1º, § 2º): "
                      "decida se o parágrafo único é um novo § ou texto de outro dispositivo"]


# --- a list quoted whole: the line of dots is what keeps units ------------------------------------

def test_new_wording_of_an_article_with_its_whole_list_revokes_the_units_it_leaves_out():
    ops, errors, result = run(
        "Art. 1º O art. 4º da Lei nº 100/2001 passa a vigorar com a seguinte redação:\n"
        "\"Art. 4º Os fiscais verificam:\nI - as bancas e as balanças.\"\n")
    assert errors == []
    assert [(d.id, d.situacao.value) for d in result.find("art4_cpt").children] == [
        ("art4_cpt_inc1", "vigente"), ("art4_cpt_inc2", "revogado")]
    inc2 = result.find("art4_cpt_inc2")
    assert inc2.history[-1].event.note.startswith("revogado: a nova redação traz a lista inteira")
    # the alíneas of inciso I were not quoted at all: the list of alíneas was not rewritten
    assert [d.situacao.value for d in result.find("art4_cpt_inc1").children] == ["vigente", "vigente"]


def test_a_line_of_dots_keeps_the_units_not_rewritten():
    _, errors, result = run(
        "Art. 1º O art. 4º da Lei nº 100/2001 passa a vigorar com a seguinte redação:\n"
        "\"Art. 4º Os fiscais verificam:\nI - as bancas e as balanças;\n......\"\n")
    assert errors == []
    assert [d.situacao.value for d in result.find("art4_cpt").children] == ["vigente", "vigente"]


def test_units_named_by_the_instruction_are_the_only_ones_changed():
    _, errors, result = run(
        "Art. 1º Dê-se ao inciso I do art. 4º da Lei nº 100/2001 e à sua alínea a a seguinte redação:\n"
        "\"I - as bancas e barracas:\na) a limpeza diária;\"\n")
    assert errors == []
    assert [(d.text, d.situacao.value) for d in result.find("art4_cpt_inc1").children] == [
        ("a limpeza diária;", "vigente"), ("o tamanho;", "vigente")]


def test_a_quoted_list_with_a_gap_asks_a_person():
    _, errors, _ = run(
        "Art. 1º O art. 3º da Lei nº 100/2001 passa a vigorar com a seguinte redação:\n"
        "\"Art. 3º São deveres do feirante:\nI - manter a banca limpa;\nIII - usar crachá.\"\n")
    assert errors == ["art1: o texto entre aspas traz a lista de Art. 3º sem II, no meio da numeração: decida se "
                      "foi revogado ou se a omissão é um erro do texto"]


def test_a_parágrafo_único_brought_in_place_of_numbered_paragraphs_replaces_them():
    sections = BASE.replace("Art. 5º Esta Lei", "Art. 5º A licença é pessoal.\n§ 1º Vale um ano.\n§ 2º Custa dez reais.\n"
                            "Art. 6º Esta Lei")
    rec = recognise(read((HEAD + "Art. 1º O art. 5º da Lei nº 100/2001 passa a vigorar com a seguinte redação:\n"
                          "\"Art. 5º A licença é pessoal e intransferível.\nParágrafo único. Vale dois anos.\"\n"
                          + FECHO).encode(), path="ato.txt").norma)
    b = read(sections.encode(), path="base.txt").norma
    ops = ops_for(b, rec.operations)
    assert failures(b, ops, EV) == []
    result = apply(b, ops, EV)
    assert [(d.id, d.situacao.value) for d in result.find("art5").children][1:] == [
        ("art5_par1", "revogado"), ("art5_par2", "revogado"), ("art5_par1u", "vigente")]  # after the revoked §§


def test_a_quoted_unit_that_opens_with_dots_keeps_its_wording_with_a_notice():
    rec = recognise(read((HEAD + "Art. 1º O art. 3º da Lei nº 100/2001 passa a vigorar com a seguinte redação:\n"
                          "\"Art. 3º ... Acrescenta-se:\nIII - usar crachá.\"\n" + FECHO).encode(), path="ato.txt").norma)
    assert [(o.kind, o.target_id) for o in rec.operations] == [("redacao", "art3_cpt_inc3")]
    notices = [p for p in rec.problems if p.code == "redacao-parcial"]
    assert len(notices) == 1 and not notices[0].blocking and "“Acrescenta-se:”" in notices[0].message
    b = base()
    result = apply(b, ops_for(b, rec.operations), EV)
    assert result.find("art3_cpt").text == "São deveres do feirante:"
    assert [d.situacao.value for d in result.find("art3_cpt").children] == ["vigente", "vigente", "vigente"]


def test_a_named_parágrafo_único_quoted_as_paragraph_one_becomes_it():
    sections = BASE.replace("Art. 5º Esta Lei", "Art. 5º A licença é pessoal.\nParágrafo único. Vale um ano.\n"
                            "Art. 6º Esta Lei")
    rec = recognise(read((HEAD + "Art. 1º Dê-se o nº 1 ao parágrafo único do art. 5º da Lei nº 100/2001, modificando-lhe "
                          "a redação como a seguir, e acrescente-se-lhe o § 2º com o teor abaixo:\n"
                          "\"§ 1º Vale dois anos.\n§ 2º Pode ser renovada.\"\n" + FECHO).encode(), path="ato.txt").norma)
    assert [p.code for p in rec.problems if p.blocking] == []
    b = read(sections.encode(), path="base.txt").norma
    ops = ops_for(b, rec.operations)
    assert failures(b, ops, EV) == []
    result = apply(b, ops, EV)
    par1 = result.find("art5_par1")
    assert [(d.id, d.text) for d in result.find("art5").children][1:] == [
        ("art5_par1", "Vale dois anos."), ("art5_par2", "Pode ser renovada.")]
    assert [(v.rotulo, v.event.kind) for v in par1.history] == [
        ("Parágrafo único", "original"), ("§ 1º", "renumeracao"), ("§ 1º", "redacao")]


def test_a_list_quoted_from_its_middle_or_with_dotted_units_is_partial():
    for quote in ("\"Art. 3º São deveres do feirante:\nII - respeitar o horário e o silêncio.\"\n",
                  "\"Art. 3º São deveres do feirante:\nI - ...\nIII - usar crachá.\"\n"):
        _, errors, result = run("Art. 1º O art. 3º da Lei nº 100/2001 passa a vigorar com a seguinte redação:\n"
                                + quote)
        assert errors == []
        assert [d.situacao.value for d in result.find("art3_cpt").children][:2] == ["vigente", "vigente"]


def test_the_caput_of_a_paragraph_is_the_paragraph_s_own_text():
    sections = BASE.replace("Art. 5º Esta Lei", "Art. 5º A licença é pessoal.\n§ 1º Vale um ano.\n§ 2º Custa dez reais.\n"
                            "Art. 6º Esta Lei")
    rec = recognise(read((HEAD + "Art. 1º Fica alterado o caput do § 1º do art. 5º da Lei nº 100/2001, que passa a "
                          "vigorar com a seguinte redação:\n\"§ 1º Vale dois anos.\"\n" + FECHO).encode(),
                         path="ato.txt").norma)
    b = read(sections.encode(), path="base.txt").norma
    ops = ops_for(b, rec.operations)
    assert [(o.kind, o.target_id) for o in ops] == [("redacao", "art5_par1")]
    result = apply(b, ops, EV)
    assert [(d.id, d.text) for d in result.find("art5").children][1:] == [
        ("art5_par1", "Vale dois anos."), ("art5_par2", "Custa dez reais.")]


def test_a_paragraph_is_never_put_inside_a_caput():
    op = Operation("inclusao", None, "Lei nº 100/2001", "art3_cpt_par1", unit_kind="paragrafo", rotulo="§ 1º",
                   text="Vale um ano.", where="art1", source="…")
    errors = [e.message.split(" — ")[0] for e in failures(base(), [op], EV)]
    assert errors == ["art1: art3_cpt_par1: um parágrafo não fica dentro do caput; decida a que artigo ele pertence"]


def test_an_item_is_never_put_directly_in_an_article():
    op = Operation("inclusao", None, "Lei nº 100/2001", "art3_ite1", unit_kind="item", rotulo="1.",
                   text="O PROGRAMA.", where="art1", source="…")
    errors = [e.message.split(" — ")[0] for e in failures(base(), [op], EV)]
    assert errors == ["art1: art3_ite1: um item não fica diretamente dentro de um artigo (LC 95/1998, art. 10); "
                      "decida onde o texto entre aspas entra"]


def test_a_unit_cited_without_its_article_is_the_norm_s_only_one():
    one = BASE.replace("Art. 5º Esta Lei", "Art. 5º A licença é pessoal.\nParágrafo único. Vale um ano.\nArt. 6º Esta Lei")
    body = ("Art. 1º Fica alterado o parágrafo único da Lei nº 100/2001, que passará a vigorar com a seguinte "
            "redação:\n\"Parágrafo único. Vale dois anos.\"\n")
    rec = recognise(read((HEAD + body + FECHO).encode(), path="ato.txt").norma)
    b = read(one.encode(), path="base.txt").norma
    ops = ops_for(b, rec.operations)
    assert [(o.kind, o.target_id) for o in ops] == [("redacao", "par1u")]
    assert failures(b, ops, EV) == []
    assert apply(b, ops, EV).find("art5_par1u").text == "Vale dois anos."
    two = one.replace("Art. 1º As feiras livres funcionam aos domingos.\n",
                      "Art. 1º As feiras livres funcionam aos domingos.\nParágrafo único. E nos feriados.\n")
    b2 = read(two.encode(), path="base.txt").norma
    assert [e.message.split(" — ")[0] for e in failures(b2, ops, EV)] == [
        "art1: a instrução cita par1u sem dizer de qual artigo, e em LEI Nº 100, DE 2 DE JANEIRO DE 2001 há 2 "
        "(art1_par1u, art5_par1u): decida qual"]


# --- revocations of units an earlier act revoked ----------------------------------------------

def test_a_range_revocation_leaves_a_unit_already_revoked_as_it_is():
    """'Ficam revogados os artigos 2º a 4º' after an act that revoked art. 3º: arts. 2º and 4º
    are revoked, art. 3º keeps its first revocation; art. 3º named alone is refused."""
    earlier = Event("revogacao", "y", "Lei nº 800/2010", "2010-01-04")
    b = base()
    first = recognise(read((HEAD + "Art. 1º Fica revogado o art. 3º da Lei nº 100/2001.\n" + FECHO).encode(),
                           path="a.txt").norma)
    b = apply(b, ops_for(b, first.operations), earlier)
    rec = recognise(read((HEAD + "Art. 1º Ficam revogados os artigos 2º a 4º da Lei nº 100/2001.\n" + FECHO)
                         .encode(), path="b.txt").norma)
    ops = ops_for(b, rec.operations)
    assert [(o.target_id, o.in_list) for o in ops] == [("art2", True), ("art3", True), ("art4", True)]
    assert failures(b, ops, EV) == []
    after = apply(b, ops, EV)
    assert [v.event.act_label for v in after.find("art3_cpt").history][-1] == "Lei nº 800/2010"
    assert [v.event.act_label for v in after.find("art4_cpt").history][-1] == "Lei nº 900/2021"
    alone = ops_for(b, first.operations)
    assert [e.message.split(" — ")[0] for e in failures(b, alone, EV)] == ["art1: dispositivo art3 já está revogado"]
