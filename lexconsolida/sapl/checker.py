"""SAPL's own consistency checker, on rows read through the API.

SAPL shows it per texto articulado at ``/ta/<id>/text/notifications`` (to a logged-in user:
it is not in the REST API): ``TextNotificacoesView.get_notificacoes`` in
``sapl/compilacao/views.py``. These are its 'danger' (errors, which stop a texto articulado
from being published) and 'warning' (alerts) rules, word for word, so that an export can say
what the checker will say without a person opening every page; the end-to-end test checks the
two agree on a real SAPL.
"""

from __future__ import annotations

from dataclasses import dataclass

from lexconsolida.sapl.labels import Tipo

DANGER, WARNING = "danger", "warning"


@dataclass(frozen=True, slots=True)
class Notice:
    level: str
    """'danger' (erro) or 'warning' (alerta), as SAPL classes them."""
    row: int
    message: str
    """SAPL's own message."""


def check(rows: dict[int, dict], tipos: dict[int, Tipo], publicacoes: dict[int, dict]) -> list[Notice]:
    """SAPL's danger and warning notices for ``rows`` (id → row; the rows a row names must be in
    it), with its types and the publicações (id → row) they name."""
    out: list[Notice] = []

    def add(level: str, row: dict, test, message: str) -> None:
        if test:
            out.append(Notice(level, row["id"], message))

    for r in rows.values():
        tipo = tipos.get(r["tipo_dispositivo"])
        articulacao = bool(tipo and tipo.articulacao)
        vig = _get(rows, r.get("dispositivo_vigencia"))
        pub = _get(publicacoes, r.get("publicacao"))
        sub = _get(rows, r.get("dispositivo_substituido"))
        nxt = _get(rows, r.get("dispositivo_subsequente"))
        inconst = bool(r.get("inconstitucionalidade"))
        # warning
        add(WARNING, r, vig is not None and r["inicio_vigencia"] != vig["inicio_vigencia"],
            "Data de início de Vigência difere da data início de Vigência do Dispositivo de Vigência")
        add(WARNING, r, inconst and not (r["inicio_vigencia"] == r.get("fim_vigencia") == r.get("inicio_eficacia")
                                         == r.get("fim_eficacia")),
            "Dispositivo está definido como inconstitucional porém existe diferença entre as datas início e fim de "
            "vigência e eficácia.")
        add(WARNING, r, pub is not None and r.get("ta_publicado") and r["ta_publicado"] != pub.get("ta"),
            "A Publicação associada a este Dispositivo não é uma publicação do Texto Articulado Alterador.")
        add(WARNING, r, not r.get("publicacao"), "Dispositivo sem registro de publicação.")
        add(WARNING, r, bool(r.get("texto")) and articulacao, "Dispositivos de Articulação não deveriam armazenar texto.")
        add(WARNING, r, not r.get("texto") and not articulacao, "Dispositivo está sem texto.")
        add(WARNING, r, bool(r.get("texto_atualizador")) and not r.get("ta_publicado"),
            "Existe Texto Atualizador, porém este Dispositivo não está associado a nenhum Documento Atualizador.")
        # danger
        add(DANGER, r, not r.get("dispositivo_vigencia"), "Dispositivo sem definição de Dispositivo de Vigência.")
        add(DANGER, r, inconst and r["inicio_vigencia"] != r.get("fim_vigencia"),
            "Dispositivo está definido como inconstitucional porém existe período de vigência.")
        add(DANGER, r, r.get("ta_publicado") and not r.get("dispositivo_atualizador"),
            "Dispositivo está associado a um Texto Articulado Atualizador mas, a nenhum Dispositivo Atualizador.")
        add(DANGER, r, not r.get("dispositivo_atualizador") and r.get("dispositivo_substituido"),
            "Dispositivo está substituindo outro mas não foi informado o Dispositivo Atualizador.")
        if sub is not None:
            add(DANGER, r, sub["tipo_dispositivo"] != r["tipo_dispositivo"],
                "Dispositivo está substituindo um Dispositivo de outro tipo.")
            add(DANGER, r, sub["ta"] != r["ta"], "Dispositivo está substituindo um Dispositivo de outro Texto Articulado.")
            add(DANGER, sub, sub.get("dispositivo_subsequente") != r["id"],
                "Dispositivo está substituindo um Dispositivo que não possui este como seu Dispositivo Subsequente.")
        if nxt is not None:
            add(DANGER, nxt, nxt.get("dispositivo_substituido") != r["id"],
                "Dispositivo foi substituído por outro que não possui este como seu Dispositivo Substituído.")
    return out


def _get(table: dict[int, dict], pk: int | None) -> dict | None:
    return table.get(pk) if pk is not None else None
