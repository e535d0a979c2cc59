"""Three classes of sentence the formula families misread and the grammar reads (issue 34), each
in an act of its own (the grammar's pipeline) and beside a new wording (an act the families still
read, whose sentences of these kinds the grammar takes): a range of letters, the suppression of
words inside a unit, and an instruction about a unit of another act.

Every text here is written for the test (fictional municipality of Vila Nova), not copied.
"""

from __future__ import annotations

import pytest

from lexconsolida.amendments import recognise
from lexconsolida.model import Event, Norma
from lexconsolida.readers.text import read
from lexconsolida.transforms.amend import apply, ops_for

HEAD = "LEI Nº 900, DE 3 DE MAIO DE 2021\n\nAltera a Lei nº 100/2001.\n\nO PREFEITO MUNICIPAL DE VILA NOVA-MT faz saber:\n\n"
FECHO = "\nPrefeitura Municipal de Vila Nova-MT, 3 de maio de 2021.\n\nFULANO DE TAL\nPrefeito\n"
BASE = ("LEI Nº 100, DE 2 DE JANEIRO DE 2001\n\nDispõe sobre feiras.\n\n"
        "Art. 1º As feiras livres funcionam aos domingos.\n"
        "§ 1º A licença custa dez reais e cinquenta centavos.\n"
        "§ 2º A licença vale um ano.\n"
        "Art. 2º São deveres do feirante:\n"
        "I - manter a banca limpa;\n"
        "II - respeitar:\n"
        "a) o horário;\n"
        "b) o espaço;\n"
        "c) o preço;\n"
        "d) a vizinhança.\n"
        "Art. 3º A fiscalização cabe à Secretaria de Obras.\n"
        "Parágrafo único. A multa é de cem reais.\n"
        "Art. 4º Esta Lei entra em vigor na data de sua publicação.\n" + FECHO)
EV = Event("redacao", "urn:lex:br;mato.grosso;vila.nova:municipal:lei:2021-05-03;900", "Lei nº 900/2021", "2021-05-03")
NEW_WORDING = ("Art. 9º O art. 4º da Lei nº 100/2001 passa a vigorar com a seguinte redação:\n\n"
               "“Art. 4º Esta Lei entra em vigor em 1º de março de 2001.”\n")


def act(body: str) -> Norma:
    return read((HEAD + body + FECHO).encode(), path="ato.txt").norma


def base() -> Norma:
    return read(BASE.encode(), path="base.txt").norma


def run(sentence: str, mixed: bool):
    """The recognition of ``sentence`` (alone, or beside a new wording), and the base after it."""
    rec = recognise(act(f"Art. 1º {sentence}\n" + (NEW_WORDING if mixed else "")))
    ops = [o for o in rec.operations if o.where == "art1"]
    return rec, ops, apply(base(), ops_for(base(), ops), EV)


def blocking(rec, where="art1"):
    return [p.code for p in rec.problems if p.blocking and p.where == where]


# --- (a) a range of letters is every letter in between ----------------------------------------------

@pytest.mark.parametrize("mixed", [False, True])
@pytest.mark.parametrize("letters", ["“a” a “c”", "\"a\" a \"c\"", "a a c", "'a' até 'c'"])
def test_a_range_of_letters_revokes_every_letter_in_between(letters, mixed):
    rec, ops, out = run(f"Ficam revogadas as alíneas {letters} do inciso II do art. 2º da Lei nº 100/2001.", mixed)
    if not ops:  # a question is acceptable; never the two ends alone
        assert blocking(rec)
        return
    assert sorted(o.target_id for o in ops) == ["art2_cpt_inc2_ali1", "art2_cpt_inc2_ali2", "art2_cpt_inc2_ali3"]
    assert [out.find(f"art2_cpt_inc2_ali{i}").situacao.value for i in (1, 2, 3, 4)] == [
        "revogado", "revogado", "revogado", "vigente"]


@pytest.mark.parametrize("mixed", [False, True])
def test_a_list_of_two_letters_is_those_two(mixed):
    rec, ops, out = run("Ficam revogadas as alíneas “a” e “c” do inciso II do art. 2º da Lei nº 100/2001.", mixed)
    assert sorted(o.target_id for o in ops) == ["art2_cpt_inc2_ali1", "art2_cpt_inc2_ali3"]
    assert out.find("art2_cpt_inc2_ali2").situacao.value == "vigente"


# --- (b) the suppression of words keeps the unit ------------------------------------------------------

@pytest.mark.parametrize("mixed", [False, True])
@pytest.mark.parametrize("sentence, unit, text", [
    ("Suprima-se, no § 1º do art. 1º da Lei nº 100/2001, a expressão “e cinquenta centavos”.",
     "art1_par1", "A licença custa dez reais."),
    ("Fica suprimida a palavra “livres” do art. 1º da Lei nº 100/2001.",
     "art1_cpt", "As feiras funcionam aos domingos."),
    ("Fica suprimida, do parágrafo único do art. 3º da Lei nº 100/2001, a expressão “de cem reais”.",
     "art3_par1u", "A multa é."),
    ("A expressão “à Secretaria de Obras”, constante do art. 3º da Lei nº 100/2001, fica suprimida.",
     "art3_cpt", "A fiscalização cabe."),
])
def test_suppressed_words_leave_the_unit_in_force(sentence, unit, text, mixed):
    rec, ops, out = run(sentence, mixed)
    assert not [o for o in ops if o.kind in ("revogacao", "revogacao_total")]  # never the unit revoked
    if not ops:
        assert blocking(rec)
        return
    assert [str(o.kind) for o in ops] == ["substituicao"] and ops[0].text == ""
    d = out.find(unit)
    assert d.situacao.value == "vigente" and d.text == text


@pytest.mark.parametrize("mixed", [False, True])
def test_a_suppressed_unit_is_still_revoked(mixed):
    rec, ops, out = run("Fica suprimido o § 2º do art. 1º da Lei nº 100/2001.", mixed)
    assert [(str(o.kind), o.target_id) for o in ops] == [("revogacao", "art1_par2")]
    assert out.find("art1_par2").situacao.value == "revogado"


# --- (c) a unit of another act is never the base's ----------------------------------------------------

@pytest.mark.parametrize("mixed", [False, True])
@pytest.mark.parametrize("sentence", [
    "Fica revogado o art. 2º da Lei 450/2019, que deu nova redação ao art. 3º da Lei nº 100/2001.",
    "Fica revogado o art. 2º da Lei nº 450/2019, que deu nova redação ao art. 3º da Lei nº 100/2001.",
    "Fica revogado o art. 2º da Lei Municipal 450, de 3 de maio de 2019, que alterou o art. 3º da Lei nº 100/2001.",
    "Fica revogado o art. 5º da Lei Complementar nº 12/2018, que acrescentou o parágrafo único ao art. 3º da "
    "Lei nº 100/2001.",
])
def test_a_unit_of_another_act_does_nothing_to_the_base(sentence, mixed):
    rec, ops, out = run(sentence, mixed)
    assert not [o for o in ops if "lei:2001" in (o.target_urn or "") or o.target_label == "Lei nº 100/2001"]
    assert out.find("art3").situacao.value == "vigente" and out.find("art3_par1u").situacao.value == "vigente"
    assert all(o.target_id == "art2" or o.target_id == "art5" for o in ops)


@pytest.mark.parametrize("mixed", [False, True])
def test_a_unit_of_the_base_cited_with_its_history_is_the_bases(mixed):
    rec, ops, out = run("Fica revogado o parágrafo único do art. 3º da Lei nº 100/2001, com a redação dada pela "
                        "Lei nº 450/2019.", mixed)
    assert [(str(o.kind), o.target_id, o.target_label) for o in ops] == [
        ("revogacao", "art3_par1u", "Lei nº 100/2001")]
    assert out.find("art3_par1u").situacao.value == "revogado"
