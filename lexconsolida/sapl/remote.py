"""A SAPL's normas and compilations, read through its API (anonymously, where it allows).

:class:`Remote` holds the normas (``NormaJuridica``), their textos articulados and publications
and the vínculos between them, and gives each norma's compilation as a
:class:`~lexconsolida.model.Norma` with each unit's wordings as the câmara recorded them
(:func:`lexconsolida.sapl.read.to_norma`). A norma's URN is the acervo's when the acervo has the
act (same type, number and year), else made by LexML's rule from the municipality's place.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from lexconsolida.model import Norma
from lexconsolida.model.nodes import act_label
from lexconsolida.model.urn import Urn
from lexconsolida.sapl.client import Client
from lexconsolida.sapl.read import Acts, to_norma
from lexconsolida.sapl.sync import DISP, NORMA, PUB, REL, TA, plain_text
from lexconsolida.sapl.tables import LEXML_TYPE, Tables, plain

URNOf = Callable[[str, str | None, int | None, str | None], str | None]
"""(type, number, year, date) → the acervo's URN of that act, or None."""


def lexml_type(tipo: dict | None) -> str:
    """The LexML name of a SAPL TipoNormaJuridica ('lei.complementar')."""
    if tipo is None:
        return "norma"
    if tipo.get("equivalente_lexml"):
        return tipo["equivalente_lexml"]
    name = plain(tipo.get("descricao"))
    return LEXML_TYPE.get(name) or name.replace(" ", ".") or "norma"


def urn_for(localidade: str, tipo: str, data: str | None, numero: str | None) -> str:
    """LexML's URN of a municipal act ('urn:lex:br;bahia;feira.santana:municipal:lei:2001-01-05;2217')."""
    num = re.sub(r"[^0-9A-Za-z-]", "", (numero or "").split("/")[0]).lower()
    desc = ";".join(p for p in (data or "", num) if p) or "s.n"
    return str(Urn(localidade, "municipal", tipo, desc))


@dataclass(slots=True)
class SaplNorma:
    id: int
    tipo: str
    """The type as the SAPL names it ('Lei Complementar')."""
    lexml: str
    numero: str
    ano: int
    data: str | None
    publicacao: str | None
    ementa: str
    urn: str
    ta: dict | None = None

    @property
    def label(self) -> str:
        return act_label(self.tipo, self.numero, self.data)


@dataclass(slots=True)
class Remote:
    client: Client
    tables: Tables
    normas: dict[int, SaplNorma] = field(default_factory=dict)
    ta_norma: dict[int, int] = field(default_factory=dict)
    relations: list[dict] = field(default_factory=list)

    @classmethod
    def load(cls, client: Client, localidade: str | None, urn_of: URNOf | None = None) -> "Remote":
        """Every norma of the SAPL (``localidade``: LexML's place, 'br;bahia;feira.santana')."""
        tables = Tables.load(client)
        out = cls(client, tables)
        what = "lendo as normas do SAPL"
        for r in client.list(NORMA, what):
            tipo = tables.tipo_of_norma(r["tipo"])
            name = (tipo or {}).get("descricao") or "Norma"
            numero = r.get("numero") or ""
            urn = urn_of(name, numero, r.get("ano"), r.get("data")) if urn_of else None
            if urn is None:
                urn = urn_for(localidade or "br", lexml_type(tipo), r.get("data") or str(r.get("ano") or ""), numero)
            out.normas[r["id"]] = SaplNorma(r["id"], name, lexml_type(tipo), numero, r.get("ano") or 0, r.get("data"),
                                            r.get("data_publicacao"), plain_text(r.get("ementa")), urn)
        if tables.norma_content_type:
            for ta in client.list(TA, "lendo os textos articulados do SAPL", content_type=tables.norma_content_type):
                n = out.normas.get(ta.get("object_id") or -1)
                if n is not None and n.ta is None:
                    n.ta = ta
                    out.ta_norma[ta["id"]] = n.id
        out.relations = client.list(REL, "lendo as normas relacionadas do SAPL")
        return out

    def acts(self) -> Acts:
        def urn(ta: int) -> str | None:
            n = self.normas.get(self.ta_norma.get(ta, -1))
            return n.urn if n else f"sapl:texto-articulado:{ta}"

        def label(ta: int) -> str | None:
            n = self.normas.get(self.ta_norma.get(ta, -1))
            return n.label if n else f"texto articulado {ta} do SAPL"

        return Acts(urn, label)

    def compilation(self, n: SaplNorma) -> Norma | None:
        """The norma's texto articulado as the câmara recorded it (None: it has none)."""
        if n.ta is None:
            return None
        rows = self.client.list(DISP, f"lendo o texto articulado da {n.label}", ta=n.ta["id"])
        for r in rows:
            r["texto"] = plain_text(r.get("texto"))
        meta = Norma(tipo=n.tipo, numero=n.numero, data=n.data, urn=n.urn, ementa=n.ementa,
                     publicacao=n.publicacao, vigencia=_start(rows) or n.publicacao or n.data)
        return to_norma(rows, self.tables, self.acts(), meta)

    def publications(self, n: SaplNorma) -> list[dict]:
        if n.ta is None:
            return []
        return self.client.list(PUB, f"lendo as publicações da {n.label}", ta=n.ta["id"])


def _start(rows: list[dict]) -> str | None:
    """The date the text entered into force: its original rows' first vigência."""
    dates = [r["inicio_vigencia"] for r in rows if r.get("inicio_vigencia") and not r.get("ta_publicado")]
    return min(dates) if dates else None
