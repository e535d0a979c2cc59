"""The form kinds: title, what they need, and the text they open with.

A kind is issued for a municipality only when its ``municipio.toml`` declares it under
``[formularios.<kind>]`` (with the law's legal basis and required fields); this module holds only
what is common to every municipality.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True, frozen=True)
class FormKind:
    key: str
    """CLI name and template name ('auto-de-infracao')."""
    titulo: str
    """Title printed on the form."""
    usa_infracao: bool
    """Whether the form is about a catalogued infraction (and quotes it)."""
    mostra_multa: bool
    """Whether the form states the fine."""
    abertura: str
    """Opening paragraph; ``{…}`` placeholders are filled from the case and settings."""
    assinaturas: tuple[tuple[str, str], ...]
    """Signature lines, in order: (role, case field naming the signer or '')."""
    ciencia: bool = False
    """Signed on the spot: prints 'ciente em … às …' and the refusal with two witnesses."""
    canhoto: bool = False
    """Delivered to the person: ends with a receipt stub to cut off and keep."""


KINDS: dict[str, FormKind] = {k.key: k for k in (
    FormKind("auto-de-infracao", "Auto de Infração", True, True,
         "Aos {data_hora_longa}, no local abaixo indicado, a fiscalização municipal ({orgao}) constatou a "
         "infração descrita neste auto, lavrado nos termos da legislação municipal.",
         (("Agente autuante", "agente"),
          ("Autuado (a assinatura não implica confissão, nem sua recusa agravará a pena)", "condutor")),
         ciencia=True),
    FormKind("notificacao-autuacao", "Notificação de Autuação", True, True,
         "Fica V. Sa. notificado(a) de que foi lavrado contra o veículo e o condutor abaixo identificados o "
         "Auto de Infração nº {auto}, pela infração descrita a seguir, sendo-lhe assegurado o direito de "
         "defesa no prazo indicado.",
         (("Responsável pela notificação", ""),), canhoto=True),
    FormKind("notificacao-penalidade", "Notificação de Penalidade", True, True,
         "Fica V. Sa. notificado(a) de que, analisado o Auto de Infração nº {auto}, a autoridade competente "
         "impôs a penalidade abaixo, da qual cabe recurso no prazo indicado.",
         (("Autoridade competente", "autoridade"),), canhoto=True),
    FormKind("notificacao-regularizacao", "Notificação para Regularização / Vistoria", False, False,
         "Fica V. Sa. notificado(a) a regularizar a situação abaixo descrita, apresentando o veículo à "
         "vistoria quando for o caso, no prazo indicado, sob pena das sanções previstas na lei.",
         (("Agente fiscal", "agente"), ("Notificado", "condutor_autorizado")), ciencia=True, canhoto=True),
    FormKind("advertencia", "Advertência Escrita", False, False,
         "Fica V. Sa. advertido(a) por escrito pela irregularidade sanável abaixo descrita, constatada pela "
         "fiscalização, devendo saná-la sob pena das demais sanções previstas na lei.",
         (("Agente fiscal", "agente"), ("Advertido", "condutor_autorizado")), ciencia=True, canhoto=True),
    FormKind("termo-apreensao", "Termo de Apreensão e Remoção de Veículo", False, False,
         "Aos {data_hora_longa}, no local abaixo indicado, a fiscalização municipal ({orgao}) procedeu à apreensão "
         "e remoção do veículo abaixo identificado para o depósito indicado, pelo motivo descrito.",
         (("Agente fiscal", "agente"), ("Condutor", "condutor"), ("Responsável pelo depósito", "")), ciencia=True),
)}


def kind_names() -> list[str]:
    return list(KINDS)
