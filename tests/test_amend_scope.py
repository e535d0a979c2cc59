"""Problems scoped to the norm their instruction addresses, the ementa check, and type words as
drafters misspell them.

Every text here is written for the test (fictional municipality of Vila Nova), not copied.
"""

from __future__ import annotations

import pytest

from tests.conftest import run_cli

from lexconsolida.amendments import recognise
from lexconsolida.amendments.coverage import amending_units
from lexconsolida.amendments.phrases import classify
from lexconsolida.citations import find, find_acts
from lexconsolida.model import Norma
from lexconsolida.readers.text import read

FECHO = "\nPrefeitura Municipal de Vila Nova-MT, 3 de maio de 2021.\n\nFULANO DE TAL\nPrefeito\n"
BASE = ("LEI Nº 100, DE 2 DE JANEIRO DE 2001\n\nDispõe sobre feiras.\n\n"
        "Art. 1º As feiras livres funcionam aos domingos.\n"
        "Art. 2º A licença custa dez reais.\n"
        "Art. 3º Esta Lei entra em vigor na data de sua publicação.\n" + FECHO)
L100 = "urn:lex:br;mato.grosso;vila.nova:municipal:lei:2001-01-02;100"
L200 = "urn:lex:br;mato.grosso;vila.nova:municipal:lei:2002-03-04;200"
KNOWN = {("lei", "100"): L100, ("lei", "200"): L200}


def act(ementa: str, body: str) -> Norma:
    head = (f"LEI Nº 900, DE 3 DE MAIO DE 2021\n\n{ementa}\n\n"
            "O PREFEITO MUNICIPAL DE VILA NOVA-MT faz saber:\n\n")
    return read((head + body + FECHO).encode(), path="ato.txt").norma


def resolver(ref):
    return KNOWN.get((ref.tipo, ref.numero))


# --- problems scoped to their target norm ------------------------------------------------------

TWO_NORMS = ("Art. 1º O art. 1º da Lei nº 100/2001 passa a vigorar com a seguinte redação:\n"
             "\"Art. 1º As feiras livres funcionam aos sábados.\"\n"
             "Art. 2º O art. 4º da Lei nº 200/2002 fica reescrito nos termos seguintes:\n"
             "\"Art. 4º O mercado abre às seis horas.\"\n")


def test_problem_of_an_instruction_to_another_norm_holds_back_only_that_norm():
    rec = recognise(act("Altera as Leis nº 100/2001 e 200/2002.", TWO_NORMS), resolver)
    assert [(o.target_urn, o.target_id) for o in rec.operations] == [(L100, "art1")]
    (p,) = rec.problems
    assert (p.code, p.where, p.target_urn) == ("instrucao-nao-reconhecida", "art2", L200)
    assert rec.blocking_for(L100) == []
    assert rec.blocking_for(L200) == [p]
    assert rec.blocking == [p]  # listed and counted for the act as a whole


def test_problem_whose_norm_is_unknown_holds_back_every_target():
    body = TWO_NORMS.replace("O art. 4º da Lei nº 200/2002 fica", "O art. 4º fica")
    rec = recognise(act("Altera as Leis nº 100/2001 e 200/2002.", body), resolver)
    (p,) = rec.problems
    assert p.code == "instrucao-nao-reconhecida" and p.target_urn is None
    assert rec.blocking_for(L100) == [p] and rec.blocking_for(L200) == [p]


def test_problems_of_an_article_without_a_formula_follow_the_articles_target():
    body = ("Art. 1º O art. 2º da Lei nº 200/2002 passa a vigorar com a seguinte redação:\n"
            "\"Art. 2º A taxa é anual.\"\n"
            "Parágrafo único. A taxa será cobrada em janeiro.\n"
            "Art. 2º O art. 1º da Lei nº 100/2001 passa a vigorar com a seguinte redação:\n"
            "\"Art. 1º As feiras livres funcionam aos sábados.\"\n")
    rec = recognise(act("Altera as Leis nº 100/2001 e 200/2002.", body), resolver)
    assert [(p.code, p.target_urn) for p in rec.problems] == [("dispositivo-sem-instrucao", L200)]
    assert rec.blocking_for(L100) == []


def test_amend_applies_to_base_despite_a_problem_about_another_norm(tmp_path):
    base = tmp_path / "base.txt"
    base.write_text(BASE, encoding="utf-8")
    amending = tmp_path / "alt.txt"
    amending.write_text("LEI Nº 900, DE 3 DE MAIO DE 2021\n\nAltera as Leis nº 100/2001 e 200/2002.\n\n"
                        "O PREFEITO MUNICIPAL DE VILA NOVA-MT faz saber:\n\n" + TWO_NORMS + FECHO, encoding="utf-8")
    dry = run_cli("amend", str(base), str(amending), "--dry-run", cwd=tmp_path)
    out = dry.stdout.decode()
    assert dry.returncode == 0, out + dry.stderr.decode()
    assert "art2, linha 9: problema [instrucao-nao-reconhecida]" in out  # still listed
    assert "Problemas de instruções a outras normas (não impedem a aplicação a " in out
    assert "art2" not in out.split("Instruções:")[1]  # not a pending instruction of this base
    done = run_cli("amend", str(base), str(amending), "-o", str(tmp_path / "out.xml"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr.decode()
    assert "sábados" in (tmp_path / "out.xml").read_text(encoding="utf-8")


# --- the ementa --------------------------------------------------------------------------------

ONE = ("Art. 1º O art. 1º da Lei nº 100/2001 passa a vigorar com a seguinte redação:\n"
       "\"Art. 1º As feiras livres funcionam aos sábados.\"\n")


def codes(ementa: str, body: str = ONE) -> list[tuple[str, str | None]]:
    """The blocking problems (a target outside the acervo is only a notice)."""
    return [(p.code, p.target_urn) for p in recognise(act(ementa, body), resolver).blocking]


def test_real_divergence_of_numbers_stays_a_problem_of_that_norm():
    body = ONE.replace("100/2001", "200/2002")
    assert codes("Altera a Lei nº 100/2001.", body) == [("ementa-divergente", L200)]


def test_ementa_that_names_one_of_the_amended_norms_is_incomplete_not_divergent():
    """'Altera a Lei nº 100 e dá outras providências', and an article that also revokes Lei nº
    200: the ementa left the second to 'outras providências' — a notice, no decision."""
    body = ONE + "Art. 2º Fica revogada a Lei nº 200, de 4 de março de 2002.\n"
    rec = recognise(act("Altera a Lei nº 100/2001 e dá outras providências.", body), resolver)
    assert not rec.blocking
    assert [(p.code, p.target_urn, p.blocking) for p in rec.problems] == [("ementa-incompleta", L200, False)]
    # the same revocation under an ementa naming only a third act is still a divergence
    assert ("ementa-divergente", L200) in codes("Altera a Lei nº 300/2003.", body)


# --- type words as drafters misspell them --------------------------------------------------------

@pytest.mark.parametrize("text, key", [
    ("o art. 11 da Le nº 2.987, de 29 de junho de 2009", ("lei", "2987", 2009)),
    ("DA LEI COMPLEMTENTAR Nº 02/1995, QUE", ("lei.complementar", "2", 1995)),
    ("da Lei Coomplemenar nº 45/2010", ("lei.complementar", "45", 2010)),
    ("do Decreo nº 7.100/2012", ("decreto", "7100", 2012)),
    ("da Lei Complementar Municipl nº 3/2000", ("lei.complementar", "3", 2000)),
])
def test_misspelt_type_words_before_a_number(text, key):
    (c,) = find_acts(text)
    assert c.act.key == key
    assert c.text == text[c.start:c.end] and c.text.split()[0] in text  # spans of the printed text


@pytest.mark.parametrize("text", ["o Processo nº 12/2001", "pelo Ofício nº 5/2003", "o Edital nº 3/2004",
                                  "conforme a Lista nº 7", "o lote nº 14"])
def test_other_numbered_things_are_not_acts(text):
    assert find_acts(text) == []


def test_spans_after_a_repaired_word_stay_on_the_printed_text():
    text = "o art. 2º da Le nº 2.987/2009 e o art. 3º da Lei nº 2.988/2009"
    cits = find(text)
    assert [(c.ids, c.act.key, c.text) for c in cits] == [
        (("art2",), ("lei", "2987", 2009), "art. 2º da Le nº 2.987/2009"),
        (("art3",), ("lei", "2988", 2009), "art. 3º da Lei nº 2.988/2009")]


# --- revocations: a range of articles, and an act cited as the norm of something ---------------

def test_range_of_articles_is_every_article_in_it():
    (c,) = find("Ficam revogados os artigos 17 a 21 da Lei nº 100/2001, e demais disposições em contrário.")
    assert c.ids == ("art17", "art18", "art19", "art20", "art21") and c.act.key == ("lei", "100", 2001)


def test_act_cited_after_da_is_never_revoked_as_a_whole():
    rec = recognise(act("Altera a Lei nº 100/2001.",
                        "Art. 1º Ficam revogados os seguintes dispositivos da Lei nº 100/2001: o inciso II do "
                        "art. 3º e o art. 4º.\n"), resolver)
    assert "revogacao_total" not in [o.kind for o in rec.operations]


def test_act_cited_as_the_reason_of_a_revocation_is_not_revoked():
    rec = recognise(act("Revoga a Lei nº 100/2001.",
                        "Art. 1º Fica revogada a Lei nº 100/2001, em razão da vigência da Lei nº 200/2002.\n"),
                    resolver)
    assert [(o.kind, o.target_urn) for o in rec.operations] == [("revogacao_total", L100)]
    assert [(p.code, p.target_urn) for p in rec.blocking] == [("alvo-ambiguo", L200)]
    assert rec.blocking_for(L100) == []


# --- new text printed without quotes, with exactly the labels the instruction names -------------

def test_participle_with_its_agent_is_context_not_a_change():
    n = act("Dispõe sobre o instituto.",
            "Art. 1º O instituto, criado pela Lei nº 100/2001, alterada pela Lei nº 200/2002, gere o regime de "
            "que trata o art. 40 da Constituição Federal.\n")
    assert amending_units(n) == [] and recognise(n, resolver).problems == []
    n = act("Altera a Lei nº 100/2001.", "Art. 1º O art. 2º da Lei nº 100/2001 fica alterado nos termos do anexo.\n")
    assert [d.id for d in amending_units(n)] == ["art1_cpt"]


@pytest.mark.parametrize("text, amending", [
    # nouns and descriptions are no verbs of change (the net flagged them)
    ("Art. 1º Fica concedida a isenção prevista no art. 20 da Lei nº 100/2001, e alterações, à empresa.\n", False),
    ("Art. 1º Para as despesas decorrentes das alterações constantes desta Lei, fica aberto crédito "
     "além do previsto no art. 5º da Lei nº 100/2001.\n", False),
    ("Art. 1º O servidor, incluídas suas autarquias, que tenha ingressado nos termos do art. 2º da "
     "Lei nº 100/2001, mantém o regime.\n", False),
    ("Art. 1º Os cargos de que trata o art. 2º da Lei nº 100/2001 estão inseridos na nova estrutura.\n", False),
    # orders stay amending, in every form
    ("Art. 1º Esta Lei entra em vigor na data de sua publicação, revogando-se as disposições em contrário, "
     "em especial o art. 2º da Lei nº 100/2001.\n", True),
    ("Art. 1º Ficam incluídos no art. 2º da Lei nº 100/2001 os incisos abaixo.\n", True),
    ("Art. 1º O art. 2º da Lei nº 100/2001 passa a vigorar com a redação do anexo, revogados seus "
     "incisos II e III.\n", True),
])
def test_the_safety_net_sees_orders_not_nouns_or_descriptions(text, amending):
    n = act("Dispõe sobre o instituto.", text)
    assert bool(amending_units(n)) is amending


@pytest.mark.parametrize("text, kind", [
    ("No art. 2º da Lei nº 100/2001 será acrescido o seguinte parágrafo:", "inclusao"),
    ("O art. 2º da Lei nº 100/2001 passa a vigorar acrescido dos incisos V e VI:", "inclusao"),
    ("O valor será acrescido das vantagens pecuniárias permanentes.", None),
    ("A dívida será acrescida dos juros legais.", None),
    ("Ficam revogados os incisos I e II do art. 9º da Lei nº 100/2001, que foram acrescentados pelo art. 1º "
     "da Lei nº 200/2002.", "revogacao"),
])
def test_acrescido_is_an_inclusion_only_of_units(text, kind):
    assert classify(text) == kind


def test_ementa_naming_a_norm_only_by_a_name_the_resolver_does_not_know_is_not_compared():
    assert codes("Altera dispositivos do Código Tributário Municipal.") == []


def test_ementa_naming_a_norm_by_a_name_the_resolver_knows_is_compared():
    def by_name(ref):
        return L200 if ref.nome == "Código Tributário Municipal" else resolver(ref)

    rec = recognise(act("Altera dispositivos do Código Tributário Municipal.", ONE), by_name)
    assert [(p.code, p.target_urn) for p in rec.blocking] == [("ementa-divergente", L100)]


@pytest.mark.parametrize("text, ids", [
    ("o parágrafo terceiro, do artigo 9º, terá", ("art9_par3",)),
    ("os parágrafos primeiro e segundo do art. 4º", ("art4_par1", "art4_par2")),
    ("O Parágrafo Segundo, do Art. 7º, da Lei nº 100/2001", ("art7_par2",)),
])
def test_paragraphs_named_by_ordinal_words(text, ids):
    assert find(text)[0].ids == ids


