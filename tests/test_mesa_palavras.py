"""Words for people on the review desk (``review/words.py``): each problem code's headline says
what the problem is — never the gate's title, which says what the gate checks, the opposite of
the item it holds —, the instruction's reading as its subject, units as the law cites them,
dates in pt-BR."""

from __future__ import annotations

import pytest

from lexconsolida.amendments.codes import PROBLEM_CODES, gate_codes
from lexconsolida.amendments.gates import GATES
from lexconsolida.amendments.model import Operation
from lexconsolida.review import words

SAYS = {
    # recognition
    "norma-alvo-nao-identificada": "Não se sabe que norma",
    "alvo-ambiguo": "mais de um dispositivo",
    "alvo-sem-texto": "não vem entre aspas",
    "sem-texto-novo": "sem o texto novo",
    "ementa-divergente": "que a ementa não cita",
    "agrupador-citado": "sem número legível",
    "relacao-sem-operacoes": "nenhuma instrução a altera",
    "dispositivo-sem-instrucao": "fora das aspas",
    "dispositivo-autonomo": "num artigo que altera outra norma",
    "texto-novo-sem-aspas": "sem aspas",
    "ementa-incompleta": "que a ementa não cita",
    "instrucao-nao-reconhecida": "nenhuma fórmula reconheceu",
    "alvo-sem-dispositivo": "sem dispositivo citado",
    "ementa-pelo-preambulo": "preâmbulo",
    "alteracao-de-preambulo": "preâmbulo",
    "alteracao-de-ato-alterador": "altera um ato que altera outro",
    "ato-alterador-ambiguo": "mais de um lugar",
    "sem-operacoes": "nenhum artigo traz instrução",
    "alvo-pela-base": "deduzida",
    "alteracao-nao-textual": "sem nova redação",
    "redacao-parcial": "começa com pontos",
    "alvo-fora-do-acervo": "não está no acervo",
    "falha-na-aplicacao": "não se aplica ao texto",
    "texto-recusado": "recusado pelo leitor",
    "texto-base-indisponivel": "não está no acervo",
    "tabela-nao-lida": "não pôde ser lida",
    "instrucao-de-tabela": "não aplica sozinha",
    # precision gates
    "alvo-sem-artigos": "não tem artigos",
    "alvo-outro-ato": "de outro ato",
    "alvo-nao-nomeado": "suposta, não nomeada",
    "alvo-data-divergente": "não é a dela",
    "alvo-descricao-divergente": "não é a matéria dela",
    "alvo-instrucao-de-ato-alterador": "instrução de outro ato alterador",
    "redacao-de-inexistente": "que a norma não tem",
    "renumeracao-nao-aplicada": "de qual dispositivo",
    "efeito-condicional": "data futura ou sob uma condição",
    "texto-parcial": "só um trecho",
    "redacao-vetada": "é um veto",
    "instrucoes-conflitantes": "duas redações diferentes",
    "alteracao-anterior-pendente": "ainda espera decisão",
    "ato-sem-data": "não tem data certa",
    "verificacao-alcance": "que a instrução não cita",
    "verificacao-inclusao": "sem instrução de inclusão",
    "verificacao-texto": "não ficaria no dispositivo",
    "verificacao-texto-estranho": "dentro dele",
    "verificacao-numeracao": "repetida, fora de ordem ou com salto",
    "verificacao-lista-esvaziada": "sem nenhum item em vigor",
    "subunidades-nao-trazidas": "não traz unidades em vigor",
    "bloco-unidade-repetida": "dois textos à mesma unidade",
    # the instruction grammar's questions (issue 34)
    "alteracao-de-tabela": "altera uma tabela, anexo",
    "instrucao-ambigua": "mais de uma leitura",
    "revogacao-parcial": "só uma parte",
    "revogacao-indeterminada": "sem dizer quais",
    "revogacao-diferida": "tem data ou condição",
    "alvo-por-nome": "citada pelo nome",
    "instrucao-entre-aspas": "fórmula de alteração",
    "dispositivo-vetado": "foi vetada",
    "revogacao-com-alteracao-posterior": "alterada por um ato posterior",
}


@pytest.mark.parametrize("code", sorted(set(PROBLEM_CODES) | gate_codes()))
def test_each_codes_headline_states_its_problem(code):
    assert code in SAYS, f"código sem frase esperada no teste: {code}"
    text = words.problem_headline(code)
    assert SAYS[code] in text, (code, text)
    assert code not in text  # never the generic 'Problema para decisão humana (code)'


@pytest.mark.parametrize("gate", GATES, ids=lambda g: g.code)
def test_a_gates_headline_is_never_its_title(gate):
    """The title says what the gate checks ('a alteração vale desde já, sem data futura nem
    condição'); an item is there because the check failed."""
    assert words.problem_headline(gate.code).casefold() != gate.title.casefold()
    assert words.headline(gate.code).casefold() != gate.title.casefold()


def test_the_headline_names_the_instructions_reading():
    revoke = Operation("revogacao", "urn:x", "Lei nº 1", "art5_par2")
    assert words.headline("efeito-condicional", [revoke]) == (
        "A revogação do art. 5º, § 2º só vale a partir de uma data futura ou sob uma condição")
    two = [Operation("redacao", "urn:x", "Lei nº 1", "art1"), Operation("redacao", "urn:x", "Lei nº 1", "art2")]
    assert words.headline("falha-na-aplicacao", two) == (
        "A nova redação de 2 dispositivos não se aplica ao texto da norma nessa data")
    assert words.headline("efeito-condicional", []) == words.problem_headline("efeito-condicional")
    assert words.headline("alvo-ambiguo", [revoke]) == words.problem_headline("alvo-ambiguo")


def test_units_dates_and_ids_in_the_words_of_people():
    assert words.cite_unit("art2_cpt_inc3") == "art. 2º, inciso III"
    assert words.humanize("o dispositivo art2_cpt_inc9 não existe; veja art3_par1u") == (
        "o dispositivo art. 2º, inciso IX não existe; veja art. 3º, parágrafo único")
    assert words.when("2026-12-02") == "2 de dezembro de 2026"
    assert words.when("2026-12-02T10:31:05-03:00").startswith("2 de dezembro de 2026, ")
    assert words.when(None) == "data não informada"
