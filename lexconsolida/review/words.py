"""Words for people on the review desk: headlines that say what the problem is, dates in pt-BR
local time, units as the law cites them, never internal ids.

A headline is built from the problem's code and what the instruction does
(:func:`headline`): the code gives the sentence that states the problem (a gate's *title* says
what the gate checks — "a alteração vale desde já" —, the opposite of the item it holds, and is
never shown as a headline), and the instruction's reading gives its subject ("a revogação do
art. 5º, § 2º"). :func:`instruction_phrase` is the one place that turns an instruction's
operations into words: when the recogniser's typed instruction tree can describe itself, that
description takes its place here.
"""

from __future__ import annotations

import re
from datetime import datetime

from lexconsolida.amendments.codes import PROBLEM_CODES
from lexconsolida.amendments.model import EMENTA, KIND_NAMES, Operation
from lexconsolida.model.dates import format_long
from lexconsolida.model.ids import citation_parts

GATE_HEADLINES: dict[str, str] = {
    "alvo-sem-artigos": "A norma alterada não tem artigos no texto do acervo",
    "alvo-outro-ato": "A instrução cita o dispositivo de outro ato, não desta norma",
    "alvo-nao-nomeado": "A norma alterada foi suposta, não nomeada pela instrução",
    "alvo-data-divergente": "A data citada da norma alterada não é a dela",
    "alvo-descricao-divergente": "A descrição citada da norma alterada não é a matéria dela",
    "alvo-instrucao-de-ato-alterador": "A unidade alterada é uma instrução de outro ato alterador",
    "redacao-de-inexistente": "Nova redação de um dispositivo que a norma não tem nessa data",
    "renumeracao-nao-aplicada": "Renumeração e nova redação juntas: de qual dispositivo é o texto novo?",
    "efeito-condicional": "A alteração só vale a partir de uma data futura ou sob uma condição",
    "texto-parcial": "A instrução muda só um trecho, uma tabela ou um anexo, não a redação inteira",
    "redacao-vetada": "O texto novo é um veto: a redação em vigor continua",
    "instrucoes-conflitantes": "O ato dá duas redações diferentes ao mesmo dispositivo",
    "alteracao-anterior-pendente": "Uma alteração anterior da mesma norma ainda espera decisão",
    "ato-sem-data": "O ato alterador não tem data certa: a ordem das alterações depende dela",
    "verificacao-alcance": "A aplicação mudaria dispositivos que a instrução não cita",
    "verificacao-inclusao": "A aplicação criaria dispositivos sem instrução de inclusão",
    "verificacao-texto": "O texto novo não ficaria no dispositivo que a instrução indica",
    "verificacao-texto-estranho": "O texto novo traz um rótulo, título ou instrução dentro dele",
    "verificacao-numeracao": "A numeração ficaria repetida, fora de ordem ou com salto",
    "verificacao-lista-esvaziada": "Um dispositivo ficaria anunciando uma lista sem nenhum item em vigor",
    "subunidades-nao-trazidas": "A nova redação não traz unidades em vigor do dispositivo: ficam ou saem?",
    "bloco-unidade-repetida": "A instrução dá dois textos à mesma unidade no mesmo bloco de alteração",
    "revogacao-com-alteracao-posterior": "A norma revogada inteira ainda é alterada por um ato posterior",
}
"""Each precision gate's problem, stated as the problem (the gate's title states what it checks)."""

EXTRA_HEADLINES: dict[str, str] = {
    "repristinacao-a-decidir": "A revogação de um ato alterador fala em restabelecer redações anteriores",
    "decisao-desatualizada": "A decisão registrada foi tomada sobre outro texto",
}

SUBJECT_CODES = {
    "efeito-condicional": "{sujeito} só vale a partir de uma data futura ou sob uma condição",
    "redacao-de-inexistente": "{sujeito}: o dispositivo não existe na norma nessa data",
    "texto-parcial": "{sujeito} trocaria a redação inteira, e a instrução muda só um trecho, tabela ou anexo",
    "redacao-vetada": "{sujeito} traz um veto: a redação em vigor continua",
    "falha-na-aplicacao": "{sujeito} não se aplica ao texto da norma nessa data",
    "subunidades-nao-trazidas": "{sujeito} não traz unidades em vigor do dispositivo: ficam ou saem?",
    "instrucoes-conflitantes": "{sujeito}: o ato dá outra redação ao mesmo dispositivo",
    "alteracao-anterior-pendente": "{sujeito} depende de uma alteração anterior que ainda espera decisão",
}
"""Headlines that name the instruction's reading ({sujeito}: 'A revogação do art. 5º')."""


def problem_headline(code: str) -> str:
    """The sentence that states the problem of ``code`` (a code no table knows: a generic one).
    A code both a gate and the recogniser give (a dated effect, a renumbering) reads as the gate's
    headline, the one the desk has shown for it."""
    return (GATE_HEADLINES.get(code) or PROBLEM_CODES.get(code) or EXTRA_HEADLINES.get(code)
            or f"Problema para decisão humana ({code})")


def cite_unit(uid: str | None) -> str:
    """'art5_par1' as the law cites it: 'art. 5º, § 1º'."""
    if not uid:
        return "o ato inteiro"
    if uid == EMENTA:
        return "a ementa"
    try:
        return ", ".join(citation_parts(uid)) or uid
    except (ValueError, KeyError, AssertionError):
        return uid


_ARTICLE = {"redacao": "A", "inclusao": "A", "revogacao": "A", "renumeracao": "A", "revogacao_total": "A",
            "nota": "A", "substituicao": "A", "pendente": "A"}


def instruction_phrase(ops: list[Operation]) -> str | None:
    """What an instruction does, in words ('A nova redação do art. 5º, § 1º', 'A revogação de
    3 dispositivos'), from its operations; None without any. The one place that speaks of an
    instruction's reading — the typed instruction tree's own description plugs in here."""
    ops = [o for o in ops if o.kind not in ("nota", "pendente")]
    if not ops:
        return None
    kinds = {o.kind for o in ops}
    if len(kinds) == 1:
        kind = next(iter(kinds))
        what = KIND_NAMES.get(kind, kind)
        if kind == "revogacao_total":
            return f"A revogação de {ops[0].target_label}"
        ids = list(dict.fromkeys(o.target_id for o in ops if o.target_id))
        if len(ids) == 1:
            return f"{_ARTICLE.get(kind, 'A')} {what} d{_of(ids[0])}"
        if ids:
            return f"{_ARTICLE.get(kind, 'A')} {what} de {len(ids)} dispositivos"
    return None  # operations of several kinds: the problem's own headline says it better


def _of(uid: str) -> str:
    """'o art. 5º' → 'o art. 5º' after 'd': 'do art. 5º', 'da ementa', 'do inciso III do art. 2º'."""
    cited = cite_unit(uid)
    if cited == "a ementa":
        return "a ementa"
    return f"o {cited}"


def headline(code: str, ops: list[Operation] | None = None) -> str:
    """The headline of an item: its problem, with the instruction's reading as the subject when
    the code speaks of it (:data:`SUBJECT_CODES`) and the reading is known."""
    subject = instruction_phrase(ops or []) if code in SUBJECT_CODES else None
    if subject:
        return SUBJECT_CODES[code].format(sujeito=subject)
    return problem_headline(code)


_IDS = re.compile(r"\bart\d+(?:-[a-z]|[a-z])?(?:_(?:cpt|[a-z]{3}\d+[a-z0-9-]*))*\b")


def humanize(text: str) -> str:
    """``text`` with internal unit ids ('art2_cpt_inc3') written as the law cites them."""
    def repl(m: re.Match) -> str:
        cited = cite_unit(m.group(0))
        return cited if cited != m.group(0) else m.group(0)
    return _IDS.sub(repl, text or "")


def when(iso: str | None) -> str:
    """'2026-12-02T10:31:05-03:00' as a person in Brazil reads it, in local time: '2 de dezembro
    de 2026, 10h31'; a date alone: '2 de dezembro de 2026'."""
    if not iso:
        return "data não informada"
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return iso
    if len(iso) <= 10:
        return format_long(moment.date().isoformat())
    local = moment.astimezone() if moment.tzinfo is not None else moment
    return f"{format_long(local.date().isoformat())}, {local.hour}h{local.minute:02d}"


def age_days(iso: str | None, today: datetime | None = None) -> int | None:
    """How many days ago ``iso`` was (None without a date)."""
    if not iso:
        return None
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return None
    now = today or datetime.now(moment.tzinfo)
    return max(0, (now.date() - moment.date()).days)


__all__ = ["EXTRA_HEADLINES", "GATE_HEADLINES", "SUBJECT_CODES", "age_days", "cite_unit", "headline", "humanize",
           "instruction_phrase", "problem_headline", "when"]
