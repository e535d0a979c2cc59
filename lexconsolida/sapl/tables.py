"""The SAPL's own tables that an export needs: read from it, never assumed.

Ids differ from one SAPL to another, and some tables start empty in a new SAPL
(``TipoNormaJuridica``, ``VeiculoPublicacao``): a câmara fills them. This module reads them and
matches lexconsolida's vocabulary to them by meaning — a unit kind to the ``TipoDispositivo``
whose CSS class names it, an act's type to the ``TipoNormaJuridica`` whose ``equivalente_lexml``
is its LexML name, a relation to the ``TipoVinculoNormaJuridica`` whose description says it —
and says in Portuguese what is missing and where the câmara fills it.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from lexconsolida.sapl.client import Client, SaplError
from lexconsolida.sapl.labels import Tipo

UNIT_CSS = {
    "parte": "parte", "livro": "livro", "titulo": "titulo", "capitulo": "capitulo", "secao": "secao",
    "subsecao": "subsecao", "artigo": "artigo", "caput": "caput", "paragrafo": "paragrafo",
    "inciso": "inciso", "alinea": "alinea", "item": "item",
}
"""LexML unit kind → the CSS class (first word of ``class_css``) of SAPL's TipoDispositivo.
LexML's 'subtitulo' has no SAPL type: an act with a subtítulo is refused."""
ROOT_CSS = "articulacao"
BLOCK_CSS = "bloco_alteracao"

LEXML_TYPE = {
    "lei": "lei", "lei complementar": "lei.complementar", "lei delegada": "lei.delegada",
    "decreto": "decreto", "decreto-lei": "decreto.lei", "decreto lei": "decreto.lei",
    "decreto legislativo": "decreto.legislativo", "resolucao": "resolucao",
    "lei organica": "lei.organica", "emenda a lei organica": "emenda.lei.organica",
    "emenda lei organica": "emenda.lei.organica", "emenda": "emenda.lei.organica",
    "regimento interno": "regimento.interno", "constituicao": "constituicao",
    "medida provisoria": "medida.provisoria",
}
"""An act's type (accents and case aside) → SAPL's ``equivalente_lexml`` choices."""

RELATION_VINCULO = {
    "altera": ("altera",),
    "revoga": ("revoga integralmente",),
    "revoga-parcialmente": ("revoga parcialmente",),
    "regulamenta": ("regulamenta",),
    "consolida": ("revoga integralmente por consolidacao",),
}
"""lexconsolida relation kind → how SAPL's ``descricao_ativa`` of the vínculo begins
(normalised); a 'revoga' that does not revoke the whole act is 'revoga-parcialmente'."""


def plain(text: str | None) -> str:
    """Lower case, no accents, one space: for matching names across two vocabularies."""
    text = unicodedata.normalize("NFKD", text or "")
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(text.lower().replace("(a)", " ").replace("o(a)", " ").split())


@dataclass(slots=True)
class Tables:
    tipos: dict[int, Tipo]
    tipos_norma: list[dict]
    vinculos: list[dict]
    tipos_ta: list[dict]
    tipos_publicacao: list[dict]
    veiculos: list[dict]
    norma_content_type: int | None
    by_css: dict[str, Tipo] = field(default_factory=dict)

    @classmethod
    def load(cls, client: Client) -> "Tables":
        what = "lendo as tabelas do SAPL"
        tipos = {r["id"]: Tipo.from_api(r) for r in client.list("compilacao/tipodispositivo", what)}
        ct = client.list("contenttypes/contenttype", what, app_label="norma", model="normajuridica")
        out = cls(
            tipos=tipos,
            tipos_norma=client.list("norma/tiponormajuridica", what),
            vinculos=client.list("norma/tipovinculonormajuridica", what),
            tipos_ta=client.list("compilacao/tipotextoarticulado", what),
            tipos_publicacao=client.list("compilacao/tipopublicacao", what),
            veiculos=client.list("compilacao/veiculopublicacao", what),
            norma_content_type=ct[0]["id"] if ct else None,
        )
        for t in sorted(tipos.values(), key=lambda t: t.id):
            out.by_css.setdefault(t.css, t)
        return out

    # --- units ---------------------------------------------------------------------------

    def tipo(self, css: str) -> Tipo:
        t = self.by_css.get(css)
        if t is None:
            raise SaplError(f"o SAPL não tem tipo de dispositivo de classe '{css}' (Sistema > Textos "
                            "Articulados > Tipos de Dispositivo); a carga inicial do SAPL cria os tipos "
                            "da LC 95 — foi apagado ou renomeado?")
        return t

    def unit_tipo(self, kind: str) -> Tipo:
        css = UNIT_CSS.get(kind)
        if css is None:
            raise SaplError(f"o SAPL não tem tipo de dispositivo para {kind} (só Parte, Livro, Título, "
                            "Capítulo, Seção, Subseção, Artigo, Caput, Parágrafo, Inciso, Alínea e Item)")
        return self.tipo(css)

    def kind_of(self, tipo_id: int) -> str | None:
        """The LexML kind of a SAPL type ('artigo'), 'articulacao', 'bloco_alteracao', or None."""
        t = self.tipos.get(tipo_id)
        if t is None:
            return None
        for kind, css in UNIT_CSS.items():
            if css == t.css:
                return kind
        return t.css or None

    # --- acts ----------------------------------------------------------------------------

    def tipo_norma(self, tipo: str) -> dict:
        """The TipoNormaJuridica of an act's type ('Lei Complementar')."""
        if not self.tipos_norma:
            raise SaplError("a tabela de tipos de norma jurídica do SAPL está vazia: a câmara cadastra os "
                            "tipos (Lei, Lei Complementar, Decreto …) em Sistema > Normas Jurídicas > Tipo de "
                            "Norma Jurídica, com o 'Equivalente LexML' de cada um, antes da exportação")
        key = plain(tipo)
        lexml = LEXML_TYPE.get(key)
        hits = [t for t in self.tipos_norma if lexml and t.get("equivalente_lexml") == lexml]
        if len(hits) > 1:  # 'Lei' and 'Lei Ordinária' both say lei: the one named like the act
            named = [t for t in hits if plain(t.get("descricao")) == key]
            hits = named or hits
        if not hits:
            hits = [t for t in self.tipos_norma if plain(t.get("descricao")) == key]
        if len(hits) == 1:
            return hits[0]
        if not hits:
            raise SaplError(f"o SAPL não tem tipo de norma para '{tipo}': cadastre-o em Sistema > Normas "
                            f"Jurídicas > Tipo de Norma Jurídica" + (f" com Equivalente LexML '{lexml}'" if lexml else
                                                                     f" com a descrição '{tipo}'"))
        names = ", ".join(f"{t.get('descricao')} (id {t['id']})" for t in hits)
        raise SaplError(f"o SAPL tem mais de um tipo de norma para '{tipo}' ({names}): deixe um só com "
                        f"Equivalente LexML '{lexml}' ou com a descrição '{tipo}'")

    def tipo_of_norma(self, tipo_id: int) -> dict | None:
        return next((t for t in self.tipos_norma if t["id"] == tipo_id), None)

    def vinculo(self, kind: str) -> dict | None:
        """The TipoVinculoNormaJuridica of a relation kind, or None when the SAPL has none."""
        starts = RELATION_VINCULO.get(kind, ())
        for start in starts:
            hits = [v for v in self.vinculos if plain(v.get("descricao_ativa")).startswith(start)]
            if kind == "revoga":  # 'revoga integralmente' but not '… por consolidação'
                hits = [v for v in hits if "consolidacao" not in plain(v.get("descricao_ativa"))]
            if hits:
                return min(hits, key=lambda v: v["id"])
        return None

    def relation_of_vinculo(self, vinculo_id: int) -> str | None:
        """The lexconsolida relation kind of a SAPL vínculo (None: no counterpart)."""
        v = next((v for v in self.vinculos if v["id"] == vinculo_id), None)
        if v is None:
            return None
        text = plain(v.get("descricao_ativa"))
        if text.startswith("revoga integralmente por consolidacao"):
            return "consolida"
        for kind in ("altera", "revoga", "revoga-parcialmente", "regulamenta"):
            if any(text.startswith(s) for s in RELATION_VINCULO[kind]):
                return "revoga" if kind == "revoga-parcialmente" else kind
        return None

    def tipo_ta(self) -> int | None:
        """The TipoTextoArticulado of a norma's text (its ``content_type`` is NormaJuridica)."""
        hit = [t for t in self.tipos_ta if self.norma_content_type and t.get("content_type") == self.norma_content_type]
        return hit[0]["id"] if hit else None

    def tipo_publicacao(self) -> dict:
        for t in self.tipos_publicacao:
            if plain(t.get("nome")) == "publicacao" or (t.get("sigla") or "").upper() == "PUB":
                return t
        raise SaplError("o SAPL não tem o tipo de publicação 'Publicação' (Sistema > Textos Articulados > "
                        "Tipos de Publicação)")

    def veiculo(self, sigla: str | None) -> dict:
        """The VeiculoPublicacao the acts were published in: ``sigla`` or the only one."""
        if sigla:
            hits = [v for v in self.veiculos if (v.get("sigla") or "").upper() == sigla.upper()]
            if not hits:
                known = ", ".join(v.get("sigla", "?") for v in self.veiculos) or "nenhum"
                raise SaplError(f"o SAPL não tem o veículo de publicação '{sigla}' (cadastrados: {known})")
            return hits[0]
        if len(self.veiculos) == 1:
            return self.veiculos[0]
        if not self.veiculos:
            raise SaplError("a tabela de veículos de publicação do SAPL está vazia: cadastre o diário oficial do "
                            "município em Sistema > Textos Articulados > Veículos de Publicação (por exemplo, "
                            "sigla DOM) antes da exportação")
        known = ", ".join(v.get("sigla", "?") for v in self.veiculos)
        raise SaplError(f"o SAPL tem vários veículos de publicação ({known}): diga qual com --veiculo SIGLA")
