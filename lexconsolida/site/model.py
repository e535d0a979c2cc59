"""What the site is built from: the acts of the corpus with their place, status and relations.

A :class:`SiteCorpus` is independent of where the acts come from (``statutes/`` through
:mod:`lexconsolida.site.source`, or Normas built in memory by a test or a benchmark).
"""

from __future__ import annotations

import hashlib
import pickle
import re
from dataclasses import dataclass, field

from lexconsolida.model import Norma, Urn
from lexconsolida.model.urn import slug

RELATION_KINDS = ("altera", "revoga", "regulamenta", "consolida")
"""Relation types between acts, as ``norma.toml`` spells them."""


@dataclass(slots=True, frozen=True)
class Municipio:
    slug: str
    """Folder name in ``statutes/`` ('mt-pedra-preta'); also the site folder."""
    nome: str
    """'Pedra Preta'."""
    uf: str | None = None
    """'MT'."""

    @property
    def titulo(self) -> str:
        return f"{self.nome}-{self.uf}" if self.uf else self.nome


@dataclass(slots=True, frozen=True)
class Relation:
    """A relation one act declares towards another (``[[relacoes]]`` in norma.toml)."""

    tipo: str
    """'altera', 'revoga', 'regulamenta' or 'consolida'."""
    source: str
    """URN of the act that declares it."""
    target: str
    """URN of the act it concerns (may carry '!fragment')."""
    dispositivo: str | None = None
    """The dispositivo of the source act that makes it ('art31')."""
    nota: str | None = None


@dataclass(slots=True)
class SiteAct:
    """One act of the corpus as the site shows it."""

    norma: Norma
    """The act; its articulação is empty when the text is unavailable."""
    path: str
    """Folder of its pages in the site, '/'-separated ('mt-pedra-preta/lei-846-2015')."""
    municipio: Municipio | None = None
    texto_disponivel: bool = True
    """False when only the metadata is known."""
    motivo_indisponivel: str | None = None
    """Why the text is missing (shown on its page)."""
    orgao: str | None = None
    """'câmara' or 'prefeitura' — the issuing body's name when known."""
    fonte: str | None = None
    """Public provenance note (Markdown; ``nota_publica`` in norma.toml). Notes meant for
    maintainers (sources, commits, file names, to-dos) never go here."""
    relations: list[Relation] = field(default_factory=list)
    """Relations this act declares towards others."""
    failed: str | None = None
    """Why the act's text in force could not be built (its pages are then kept as they were)."""
    _key: str | None = None

    @property
    def urn(self) -> str:
        return self.norma.urn or f"sem-urn:{self.path}"

    @property
    def key(self) -> str:
        """Content hash of everything the act's own pages show (cached)."""
        if self._key is None:
            h = hashlib.sha256(pickle.dumps(self.norma, protocol=5))
            h.update(repr((self.path, self.municipio, self.texto_disponivel,
                           self.motivo_indisponivel, self.orgao, self.fonte,
                           self.relations)).encode())
            self._key = h.hexdigest()
        return self._key


@dataclass(slots=True)
class SiteCorpus:
    acts: list[SiteAct]
    nome: str = "Diário Oficial — acervo de normas"
    """The site's name, printed in the header of every page."""


def act_path(norma: Norma, municipio: Municipio | None = None) -> str:
    """A site folder for an act that has none: '<município>/<tipo>-<número>-<ano>'."""
    place = municipio.slug if municipio else "br"
    if norma.urn:
        try:
            u = Urn.parse(norma.urn)
            place = municipio.slug if municipio else u.localidade.replace(";", "-").replace(".", "-")
        except ValueError:
            pass
    tipo = slug(norma.tipo or "norma").replace(".", "-") or "norma"
    numero = re.sub(r"[^0-9a-z]+", "", (norma.numero or "").lower()) or "sn"
    ano = (norma.data or "")[:4] or "sd"
    return f"{place}/{tipo}-{numero}-{ano}"
