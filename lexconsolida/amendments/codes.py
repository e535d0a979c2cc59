"""The problem codes the project knows, each with what it asks of a person, in plain Portuguese.

The review desk (``lexconsolida mesa``) titles an item with this line and the work list uses it
to check the codes of recorded decisions. A problem whose code is not here (a new precision
gate, say) is still shown and decided as any other — by its code and its own message —, and a
decision on it is valid while the problem exists (:func:`known`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

PROBLEM_CODES: dict[str, str] = {
    "norma-alvo-nao-identificada": "Não se sabe que norma a instrução altera",
    "alvo-ambiguo": "A instrução pode se referir a mais de um dispositivo",
    "alvo-sem-texto": "A instrução cita um dispositivo que não vem entre aspas",
    "sem-texto-novo": "Nova redação ou inclusão sem o texto novo entre aspas",
    "ementa-divergente": "Os artigos alteram uma norma que a ementa não cita",
    "agrupador-citado": "Capítulo ou seção entre aspas sem número legível",
    "relacao-sem-operacoes": "O ato se relaciona com a norma, mas nenhuma instrução a altera",
    "dispositivo-sem-instrucao": "Dispositivo fora das aspas depois de um texto novo: do ato ou da norma alterada?",
    "dispositivo-autonomo": "Dispositivo do próprio ato num artigo que altera outra norma",
    "texto-novo-sem-aspas": "Texto novo sem aspas, com os rótulos que a instrução cita",
    "ementa-incompleta": "Os artigos alteram também uma norma que a ementa não cita",
    "instrucao-nao-reconhecida": "Há texto entre aspas ou verbo de alteração que nenhuma fórmula reconheceu",
    "alvo-sem-dispositivo": "A instrução altera um trecho sem dispositivo citado (anexo, tabela)",
    "tabela-nao-lida": "A tabela entre aspas não pôde ser lida com segurança",
    "instrucao-de-tabela": "A instrução altera um anexo ou tabela de uma forma que a ferramenta não aplica sozinha",
    "ementa-pelo-preambulo": "A instrução diz \u201cpreâmbulo\u201d e foi lida como nova redação da ementa",
    "alteracao-de-preambulo": "Nova redação do preâmbulo (fórmula de promulgação)",
    "alteracao-de-ato-alterador": "A instrução altera um ato que altera outro: aplicada à norma de fato alterada",
    "ato-alterador-ambiguo": "O dispositivo citado do ato alterador foi levado a mais de um lugar",
    "sem-operacoes": "A ementa diz que o ato altera ou revoga, mas nenhum artigo traz instrução",
    "alvo-pela-base": "A norma alterada foi deduzida da norma base informada",
    "alteracao-nao-textual": "Alteração sem nova redação (valores, vagas, nomes)",
    "alteracao-de-tabela": "A instrução altera uma tabela, anexo, quadro ou lista de cargos",
    "instrucao-ambigua": "A instrução tem mais de uma leitura: diga qual",
    "efeito-condicional": "As alterações valem a partir de uma data ou condição que o ato diz",
    "revogacao-parcial": "A revogação alcança só uma parte do dispositivo ou da norma",
    "revogacao-indeterminada": "A cláusula revoga disposições de uma norma sem dizer quais",
    "revogacao-diferida": "A revogação não vale com o ato: tem data ou condição",
    "renumeracao-nao-aplicada": "O ato renumera dispositivos e a renumeração não se aplica sozinha",
    "alvo-por-nome": "A norma alterada é citada pelo nome e o acervo não a identifica",
    "instrucao-entre-aspas": "O texto entre aspas traz uma fórmula de alteração, não uma redação",
    "dispositivo-vetado": "A nova redação do dispositivo foi vetada",
    "redacao-parcial": "Texto entre aspas que começa com pontos: a redação fica como está",
    "alvo-fora-do-acervo": "A norma alterada não está no acervo",
    "falha-na-aplicacao": "A operação não se aplica ao texto da norma nessa data",
    "texto-recusado": "O texto do ato alterador foi recusado pelo leitor",
    "texto-base-indisponivel": "O texto da norma alterada não está no acervo",
}
"""Code → what the problem asks of a person (a heading; the problem's own message details it)."""


@cache
def _gate_titles() -> dict[str, str]:
    """The precision gates' codes and titles (:mod:`lexconsolida.amendments.gates`, imported
    late: the gates import the recogniser's modules, which import this one)."""
    from lexconsolida.amendments.gates import GATES  # late: gates import the recogniser, which imports this

    return {g.code: g.title for g in GATES}


@cache
def gate_codes() -> frozenset[str]:
    """The codes of the precision gates: their problems are found where an act is applied to
    its target (histories, ``amend``), never by recognition alone."""
    return frozenset(_gate_titles())


def headline(code: str) -> str:
    """The plain Portuguese heading of a problem code; for a code not listed, a generic one."""
    if code in PROBLEM_CODES:
        return PROBLEM_CODES[code]
    return _gate_titles().get(code) or f"Problema para decisão humana ({code})"


def known(code: str, seen: Iterable[str] = ()) -> bool:
    """Whether ``code`` is a problem code: listed here, or reported by some problem of this run
    (``seen``), so codes added elsewhere count without being listed."""
    return code in PROBLEM_CODES or code in gate_codes() or code in set(seen)
