"""Mixed and copy instructions (issue 10): one instruction that does more than one thing.

- a copy of wording ("Acrescente-se o art. 5º com a redação do atual art. 4º");
- a revocation that goes on with a renumbering or a new wording ("Suprima-se o § 2º …, e o
  atual § 1º passa a ser parágrafo único, com a seguinte redação");
- a new caput that adds incisos ("Dê-se ao caput … a redação seguinte, acrescentando-lhe o
  inciso III");
- units of several norms in one instruction ("ao art. 1º da Lei A e da Lei B, bem como ao art.
  2º da Lei C").

Every text is written for the test (fictional municipality of Vila Nova), not copied from any
real act.
"""

from __future__ import annotations

from lexconsolida.amendments import recognise
from lexconsolida.amendments.model import Recognition
from lexconsolida.model import Event, Norma, Situacao
from lexconsolida.readers.text import read
from lexconsolida.transforms.amend import apply, failures, ops_for

HEAD = "LEI Nº 900, DE 3 DE MAIO DE 2021\n\nAltera a Lei nº 100/2001.\n\nO PREFEITO MUNICIPAL DE VILA NOVA-MT faz saber:\n\n"
FECHO = "\nPrefeitura Municipal de Vila Nova-MT, 3 de maio de 2021.\n\nFULANO DE TAL\nPrefeito\n"
BASE = ("LEI Nº 100, DE 2 DE JANEIRO DE 2001\n\nDispõe sobre feiras.\n\n"
        "Art. 1º As feiras livres funcionam aos domingos.\n"
        "Art. 2º A licença custa dez reais.\n"
        "§ 1º A licença é anual.\n"
        "§ 2º A licença é pessoal.\n"
        "Art. 3º São deveres do feirante:\n"
        "I - manter a banca limpa;\n"
        "II - respeitar o horário.\n"
        "Parágrafo único. O fiscal verifica os deveres.\n"
        "Art. 4º Esta Lei entra em vigor na data de sua publicação.\n" + FECHO)
EV = Event("redacao", "x", "Lei nº 900/2021", "2021-05-03")


def base() -> Norma:
    return read(BASE.encode(), path="base.txt").norma


def recognised(body: str) -> Recognition:
    return recognise(read((HEAD + body + FECHO).encode(), path="ato.txt").norma)


def run(body: str):
    """(operations as (kind, id), errors the base gives, the result when none)."""
    rec = recognised(body)
    assert [p.code for p in rec.problems if p.blocking] == []
    b = base()
    ops = ops_for(b, rec.operations)
    errors = [e.message.split(" — ")[0] for e in failures(b, ops, EV)]
    return [(o.kind, o.target_id) for o in ops], errors, (None if errors else apply(b, ops, EV))


def kinds(d) -> list[str]:
    return [v.event.kind for v in d.history]


# --- a) copy of wording ----------------------------------------------------------------------

def test_an_article_included_with_the_wording_of_another_takes_it_as_it_was_before_the_act():
    # the act rewrites art. 4º first and copies it after: the copy is the wording before the act
    ops, errors, result = run(
        "Art. 1º Dê-se ao art. 4º da Lei nº 100/2001 a seguinte redação:\n"
        "\"Art. 4º O Poder Executivo regulamentará esta Lei em noventa dias.\"\n"
        "Art. 2º Acrescente-se à Lei nº 100/2001 o art. 5º com a redação do atual art. 4º.\n")
    assert ops == [("inclusao", "art5"), ("redacao", "art4")]
    assert errors == []
    assert result.find("art4_cpt").text == "O Poder Executivo regulamentará esta Lei em noventa dias."
    art5 = result.find("art5")
    assert art5.rotulo == "Art. 5º"
    assert art5.caput.text == "Esta Lei entra em vigor na data de sua publicação."
    assert kinds(art5.caput) == ["inclusao"]
    assert "com a redação de Art. 4º" in art5.caput.history[0].event.note
    assert [a.id for a in result.artigos()] == ["art1", "art2", "art3", "art4", "art5"]


def test_the_order_of_the_instructions_does_not_change_what_is_copied():
    _, errors, result = run(
        "Art. 1º Acrescente-se à Lei nº 100/2001 o art. 5º com a redação do art. 4º.\n"
        "Art. 2º Dê-se ao art. 4º da Lei nº 100/2001 a seguinte redação:\n"
        "\"Art. 4º O Poder Executivo regulamentará esta Lei em noventa dias.\"\n")
    assert errors == []
    assert result.find("art5_cpt").text == "Esta Lei entra em vigor na data de sua publicação."
    assert result.find("art4_cpt").text == "O Poder Executivo regulamentará esta Lei em noventa dias."


def test_an_article_is_copied_with_its_units_in_force_under_the_new_number():
    _, errors, result = run(
        "Art. 1º Suprima-se o inciso II do art. 3º da Lei nº 100/2001.\n"
        "Art. 2º Acrescente-se à Lei nº 100/2001 o art. 6º, com a redação do art. 3º.\n")
    assert errors == []
    art6 = result.find("art6")
    # copies are applied before the act's other operations: the inciso II was in force then
    assert [n.id for n in art6.walk()] == ["art6", "art6_cpt", "art6_cpt_inc1", "art6_cpt_inc2", "art6_par1u"]
    assert result.find("art6_par1u").text == "O fiscal verifica os deveres."
    assert all(kinds(n) == ["inclusao"] for n in art6.walk() if n.id != "art6")
    assert result.find("art3_cpt_inc2").situacao is Situacao.REVOGADO
    assert result.find("art6_cpt_inc2").situacao is Situacao.VIGENTE


def test_a_revoked_unit_is_not_copied():
    b = base()
    rec = recognised("Art. 1º Suprima-se o inciso II do art. 3º da Lei nº 100/2001.\n")
    b = apply(b, ops_for(b, rec.operations), EV)
    rec = recognised("Art. 1º Acrescente-se à Lei nº 100/2001 o art. 6º com a redação do art. 3º.\n")
    result = apply(b, ops_for(b, rec.operations), EV)
    assert [n.id for n in result.find("art6").walk()] == ["art6", "art6_cpt", "art6_cpt_inc1", "art6_par1u"]


def test_a_paragraph_copied_into_its_article():
    ops, errors, result = run(
        "Art. 1º Acrescente-se ao art. 2º da Lei nº 100/2001 o § 3º com a redação do atual § 2º.\n"
        "Art. 2º Dê-se ao § 2º do art. 2º da Lei nº 100/2001 a seguinte redação:\n"
        "\"§ 2º A licença é pessoal e intransferível.\"\n")
    assert ops == [("inclusao", "art2_par3"), ("redacao", "art2_par2")]
    assert errors == []
    assert result.find("art2_par3").text == "A licença é pessoal."
    assert result.find("art2_par2").text == "A licença é pessoal e intransferível."


def test_a_copy_of_a_unit_the_base_lacks_is_refused_for_a_person():
    ops, errors, _ = run("Art. 1º Acrescente-se à Lei nº 100/2001 o art. 9º com a redação do atual art. 8º.\n")
    assert ops == [("inclusao", "art9")]
    assert errors == ["art1: a instrução inclui art9 com a redação de art8, que não existe em LEI Nº 100, DE 2 DE "
                      "JANEIRO DE 2001 (o texto da norma pode estar incompleto, ou faltar o ato que o incluiu): "
                      "decida qual é o texto do novo dispositivo"]


def test_a_copy_into_a_unit_that_exists_is_refused():
    _, errors, _ = run("Art. 1º Acrescente-se à Lei nº 100/2001 o art. 3º com a redação do art. 2º.\n")
    assert len(errors) == 1 and "dispositivo art3 já existe" in errors[0]


def test_a_copy_between_units_of_different_kinds_stays_without_new_text():
    rec = recognised("Art. 1º Acrescente-se ao art. 2º da Lei nº 100/2001 o § 3º com a redação do inciso I "
                     "do art. 3º.\n")
    assert rec.operations == []
    assert [p.code for p in rec.problems if p.blocking] == ["sem-texto-novo"]


# --- b) a revocation that goes on with another verb -------------------------------------------

def test_revocation_renumbering_and_new_wording_in_one_instruction():
    ops, errors, result = run(
        "Art. 1º Suprima-se o § 2º do art. 2º da Lei nº 100/2001, e o atual § 1º passa a ser parágrafo "
        "único, com a seguinte redação:\n"
        "\"Parágrafo único. A licença é anual e pessoal.\"\n")
    assert ops == [("revogacao", "art2_par2"), ("renumeracao", "art2_par1"), ("redacao", "art2_par1u")]
    assert errors == []
    unico = result.find("art2_par1u")
    assert unico.text == "A licença é anual e pessoal."
    assert kinds(unico) == ["original", "renumeracao", "redacao"]
    assert result.find("art2_par2").situacao is Situacao.REVOGADO
    assert result.find("art2_par1") is None


def test_revocation_then_new_wording_of_a_sibling():
    ops, errors, result = run(
        "Art. 1º Suprima-se o inciso II do art. 3º da Lei nº 100/2001, dando-se ao inciso I a seguinte "
        "redação:\n\"I - manter a banca limpa e respeitar o horário.\"\n")
    assert ops == [("revogacao", "art3_cpt_inc2"), ("redacao", "art3_cpt_inc1")]
    assert errors == []
    assert result.find("art3_cpt_inc1").text == "manter a banca limpa e respeitar o horário."
    assert result.find("art3_cpt_inc2").situacao is Situacao.REVOGADO


def test_revocation_then_new_wording_of_another_article():
    ops, errors, _ = run(
        "Art. 1º Fica revogado o § 2º do art. 2º da Lei nº 100/2001, e o art. 4º passa a vigorar com a "
        "seguinte redação:\n\"Art. 4º Esta Lei entra em vigor em trinta dias.\"\n")
    assert ops == [("revogacao", "art2_par2"), ("redacao", "art4")]
    assert errors == []


def test_a_list_of_revoked_units_goes_on_until_the_other_verb():
    ops, errors, result = run(
        "Art. 1º Revogam-se o inciso II do art. 3º da Lei nº 100/2001 e o § 2º do art. 2º da Lei nº 100/2001, "
        "dando-se ao § 1º do art. 2º a seguinte redação:\n\"§ 1º A licença é anual e pessoal.\"\n")
    assert ops == [("revogacao", "art3_cpt_inc2"), ("revogacao", "art2_par2"), ("redacao", "art2_par1")]
    assert errors == []
    assert result.find("art2_par1").text == "A licença é anual e pessoal."


def test_a_unit_revoked_before_the_verb_then_another_rewritten():
    ops, errors, _ = run(
        "Art. 1º O § 2º do art. 2º da Lei nº 100/2001 fica revogado, e o art. 4º passa a vigorar com a "
        "seguinte redação:\n\"Art. 4º Esta Lei entra em vigor em trinta dias.\"\n")
    assert ops == [("revogacao", "art2_par2"), ("redacao", "art4")]
    assert errors == []


def test_each_clause_of_a_mixed_instruction_changes_the_norm_it_names():
    rec = recognised("Art. 1º Fica revogado o art. 3º da Lei nº 200/2002, e o art. 4º da Lei nº 100/2001 passa a "
                     "vigorar com a seguinte redação:\n\"Art. 4º Esta Lei entra em vigor em trinta dias.\"\n")
    assert [(o.target_label, o.kind, o.target_id) for o in rec.operations] == [
        ("Lei nº 200/2002", "revogacao", "art3"), ("Lei nº 100/2001", "redacao", "art4")]
    assert [p.code for p in rec.problems if p.blocking] == []


def test_a_revocation_followed_by_a_renumbering_without_new_text():
    ops, errors, result = run("Art. 1º Fica revogado o § 1º do art. 2º da Lei nº 100/2001, e o § 2º passa a ser "
                              "parágrafo único.\n")
    assert ops == [("revogacao", "art2_par1"), ("renumeracao", "art2_par2")]
    assert errors == []
    assert result.find("art2_par1u").text == "A licença é pessoal."


def test_a_plain_revocation_of_several_units_is_not_split():
    ops, errors, _ = run("Art. 1º Revogam-se o § 2º do art. 2º e o inciso II do art. 3º da Lei nº 100/2001.\n")
    assert ops == [("revogacao", "art2_par2"), ("revogacao", "art3_cpt_inc2")]
    assert errors == []


def test_a_renumbering_that_comes_first_is_not_read_as_a_revocation():
    ops, _, _ = run(
        "Art. 1º O parágrafo único do art. 3º da Lei nº 100/2001 passa a ser o § 1º, com a seguinte redação:\n"
        "\"§ 1º O fiscal verifica os deveres todo mês.\"\n")
    assert ops == [("renumeracao", "art3_par1u"), ("redacao", "art3_par1")]


# --- c) a new caput that adds incisos ---------------------------------------------------------

def test_new_wording_of_a_caput_adding_an_inciso_from_the_same_quote():
    ops, errors, result = run(
        "Art. 1º Dê-se ao caput do art. 3º da Lei nº 100/2001 a redação seguinte, acrescentando-lhe o "
        "inciso III:\n\"Art. 3º São deveres de quem tem banca:\n...\nIII - pagar a taxa.\"\n")
    assert ops == [("redacao", "art3"), ("inclusao", "art3_cpt_inc3")]
    assert errors == []
    assert result.find("art3_cpt").text == "São deveres de quem tem banca:"
    assert [n.text for n in result.find("art3_cpt").children] == [
        "manter a banca limpa;", "respeitar o horário.", "pagar a taxa."]
    assert kinds(result.find("art3_cpt_inc3")) == ["inclusao"]


def test_new_caput_adding_incisos_quoted_without_the_old_ones_revokes_nothing():
    ops, errors, result = run(
        "Art. 1º Dê-se ao caput do art. 3º da Lei nº 100/2001 a redação seguinte, acrescentando-lhe os "
        "incisos III e IV:\n\"Art. 3º São deveres de quem tem banca:\nIII - pagar a taxa;\nIV - usar crachá.\"\n")
    assert ops == [("redacao", "art3"), ("inclusao", "art3_cpt_inc3"), ("inclusao", "art3_cpt_inc4")]
    assert errors == []
    assert all(n.situacao is Situacao.VIGENTE for n in result.find("art3").walk())


def test_new_caput_adding_an_inciso_that_exists_is_a_conflict():
    _, errors, _ = run(
        "Art. 1º Dê-se ao caput do art. 3º da Lei nº 100/2001 a redação seguinte, acrescentando-lhe o "
        "inciso II:\n\"Art. 3º São deveres de quem tem banca:\nI - ...\nII - pagar a taxa.\"\n")
    assert len(errors) == 1 and "dispositivo art3_cpt_inc2 já existe" in errors[0]


def test_an_inciso_that_would_start_a_list_past_its_first_number_asks_a_person():
    # the drafter's art. 1º has incisos I to IV (say, an article renumbered by an act not applied)
    _, errors, _ = run(
        "Art. 1º Dê-se ao caput do art. 1º da Lei nº 100/2001 a redação seguinte, acrescentando-lhe o "
        "inciso V:\n\"Art. 1º As feiras funcionam:\n...\nV - aos feriados.\"\n")
    assert errors == ["art1: a instrução inclui art1_cpt_inc5, mas o caput do Art. 1º de LEI Nº 100, DE 2 DE JANEIRO DE "
                      "2001 não tem incisos: a lista começaria no V; decida se o texto da norma está incompleto ou "
                      "se a instrução se refere a outro dispositivo"]
    # the first of a new list is included
    ops, errors, result = run(
        "Art. 1º Dê-se ao caput do art. 1º da Lei nº 100/2001 a redação seguinte, acrescentando-lhe o "
        "inciso I:\n\"Art. 1º As feiras funcionam:\nI - aos domingos.\"\n")
    assert errors == [] and result.find("art1_cpt_inc1").text == "aos domingos."


# --- d) units of several norms in one instruction ---------------------------------------------

SEVERAL = ("Art. 1º Dê-se ao art. 1º da Lei nº 100/2001 e da Lei nº 200/2002, bem como ao art. 2º da Lei nº "
           "300/2003, a seguinte redação:\n\"Art. 1º As feiras funcionam aos sábados.\"\n")


def test_the_same_unit_of_two_norms_takes_the_quoted_wording_in_each():
    rec = recognised(SEVERAL)
    ops = [(o.target_label, o.kind, o.target_id, o.text) for o in rec.operations]
    assert ops == [("Lei nº 100/2001", "redacao", "art1", "As feiras funcionam aos sábados."),
                   ("Lei nº 200/2002", "redacao", "art1", "As feiras funcionam aos sábados.")]


def test_a_unit_of_one_norm_missing_from_the_quote_holds_back_only_that_norm():
    rec = recognised(SEVERAL)
    urn = {o.target_label: o.target_urn for o in rec.operations}
    [missing] = [p for p in rec.problems if p.blocking]
    assert missing.code == "alvo-sem-texto"
    assert missing.message.startswith("art2 da Lei nº 300/2003 é citado")
    assert missing.target_urn is not None and missing.target_urn.endswith(":lei:2003;300")
    assert rec.blocking_for(urn["Lei nº 100/2001"]) == []
    assert rec.blocking_for(urn["Lei nº 200/2002"]) == []
    assert rec.blocking_for(missing.target_urn) == [missing]
    b = base()
    assert failures(b, ops_for(b, rec.operations), EV) == []
    assert apply(b, ops_for(b, rec.operations), EV).find("art1_cpt").text == "As feiras funcionam aos sábados."


def test_units_of_two_norms_each_go_to_their_own():
    rec = recognised("Art. 1º Dê-se ao art. 2º da Lei nº 100/2001 e ao art. 5º da Lei nº 200/2002 a seguinte "
                     "redação:\n\"Art. 2º A licença custa vinte reais.\"\n\"Art. 5º O mercado abre cedo.\"\n")
    assert [(o.target_label, o.target_id) for o in rec.operations] == [
        ("Lei nº 100/2001", "art2"), ("Lei nº 200/2002", "art5")]
    assert [p.code for p in rec.problems if p.blocking] == []


def test_a_quoted_unit_that_fits_units_of_two_norms_asks_a_person():
    rec = recognised("Art. 1º No art. 1º da Lei nº 200/2002, acrescenta-se à redação dada ao art. 3º da Lei nº "
                     "100/2001:\n\"§ 3º O fiscal usa crachá.\"\n")
    assert rec.operations == []
    assert [(p.code, p.target_urn) for p in rec.problems if p.blocking] == [("alvo-ambiguo", None)]


def test_a_revocation_of_the_same_unit_of_two_norms_revokes_each_unit_not_the_second_norm():
    rec = recognised("Art. 1º Fica revogado o art. 2º da Lei nº 100/2001 e da Lei nº 200/2002.\n")
    assert [(o.target_label, o.kind, o.target_id) for o in rec.operations] == [
        ("Lei nº 100/2001", "revogacao", "art2"), ("Lei nº 200/2002", "revogacao", "art2")]
