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


def test_a_copy_of_a_unit_the_base_lacks_is_refused_for_a_person():
    ops, errors, _ = run("Art. 1º Acrescente-se à Lei nº 100/2001 o art. 9º com a redação do atual art. 8º.\n")
    assert ops == [("inclusao", "art9")]
    assert errors == ["art1: a instrução inclui art9 com a redação de art8, que não existe em LEI Nº 100, DE 2 DE "
                      "JANEIRO DE 2001 (o texto da norma pode estar incompleto, ou faltar o ato que o incluiu): "
                      "decida qual é o texto do novo dispositivo"]


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


def test_a_quoted_unit_that_fits_units_of_two_norms_asks_a_person():
    rec = recognised("Art. 1º No art. 1º da Lei nº 200/2002, acrescenta-se à redação dada ao art. 3º da Lei nº "
                     "100/2001:\n\"§ 3º O fiscal usa crachá.\"\n")
    assert rec.operations == []
    assert [(p.code, p.target_urn) for p in rec.problems if p.blocking] == [("alvo-ambiguo", None)]


