"""What the site is built from: the acts of the corpus with their place, status and relations.

A :class:`SiteCorpus` is independent of where the acts come from (``statutes/`` through
:mod:`lexconsolida.site.source`, or Normas built in memory by a test or a benchmark).
"""

from __future__ import annotations

import hashlib
import pickle
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lexconsolida.model import Norma, Urn
from lexconsolida.model.status import mark_unavailable
from lexconsolida.model.urn import slug

if TYPE_CHECKING:
    from lexconsolida.site.facts import ActFacts

RELATION_KINDS = ("altera", "revoga", "regulamenta", "consolida")
"""Relation types between acts, as ``norma.toml`` spells them."""

UNAVAILABLE = "O texto deste ato não está disponível no acervo; só os seus dados são conhecidos."
NOT_PUBLISHED = ("O texto deste ato não pôde ser atualizado e não é publicado até que o acervo "
                 "seja corrigido.")
ONLY_HEADING = ("O texto-fonte deste ato traz só a epígrafe e a ementa: o texto do ato não está "
                "disponível no acervo.")
WHY_UNAVAILABLE = {UNAVAILABLE: "o acervo só tem os dados deste ato",
                   ONLY_HEADING: "o texto-fonte deste ato traz só a epígrafe e a ementa"}
"""Why there is no text, as the status says it (:func:`lexconsolida.model.status.mark_unavailable`),
for the acts that have none; an act whose text could not be rebuilt (:data:`NOT_PUBLISHED`) has
one, held back by what is pending: its status says that instead."""


def mark_textless(norma: Norma, motivo: str | None) -> Norma:
    """``norma`` (in place) marked "texto não disponível" when ``motivo`` says the acervo has no
    text of it (:data:`WHY_UNAVAILABLE`)."""
    if motivo in WHY_UNAVAILABLE:
        mark_unavailable(norma, WHY_UNAVAILABLE[motivo])
    return norma


def why_no_text(norma: Norma | None, failed: bool = False) -> str | None:
    """Why an act's page has no text (None: it has one). ``norma`` is the tree read from the
    source (None: no source, or reading it ``failed``); a tree without any dispositivo nor annex
    comes from a publishing site that listed the act without its text."""
    if norma is None:
        return NOT_PUBLISHED if failed else UNAVAILABLE
    if not norma.articulacao and not norma.anexos:
        return ONLY_HEADING
    return None


@dataclass(slots=True, frozen=True)
class Municipio:
    slug: str
    """Folder name in ``statutes/`` ('mt-pedra-preta'); also the site folder."""
    nome: str
    """'Pedra Preta'."""
    uf: str | None = None
    """'MT'."""
    url: str | None = None
    """The site's public address (``[site] url`` of municipio.toml, ending in '/'), for the
    sitemap and the structured data; None when not given."""

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
    source_key: str | None = None
    """Hash of the sources the act is read from (text, norma.toml, decisions, amending acts;
    set by :mod:`lexconsolida.site.source`); None for acts built in memory."""
    _key: str | None = None
    _facts: ActFacts | None = None

    def __post_init__(self) -> None:
        if self.norma is not None and not self.texto_disponivel \
                and self.motivo_indisponivel != NOT_PUBLISHED:  # an act built in memory without text
            mark_unavailable(self.norma, WHY_UNAVAILABLE.get(self.motivo_indisponivel or UNAVAILABLE,
                                                             WHY_UNAVAILABLE[UNAVAILABLE]))

    @property
    def urn(self) -> str:
        return self.norma.urn or f"sem-urn:{self.path}"

    @property
    def key(self) -> str:
        """Content hash of everything the act's own pages show (cached)."""
        if self._key is None:
            if self.source_key is not None:
                # The tree, its availability and why are functions of the sources.
                h = hashlib.sha256(self.source_key.encode())
                h.update(repr((self.path, self.municipio, self.orgao, self.fonte,
                               self.relations)).encode())
            else:  # built in memory: the tree itself is the source
                h = hashlib.sha256(pickle.dumps(self.norma, protocol=5))
                h.update(repr((self.path, self.municipio, self.texto_disponivel,
                               self.motivo_indisponivel, self.orgao, self.fonte,
                               self.relations)).encode())
            self._key = h.hexdigest()
        return self._key

    @property
    def facts(self) -> ActFacts:
        """What other acts' pages and the index need of this act (computed once)."""
        if self._facts is None:
            # facts.py uses the HTML writer's view and the versions; the model stays below them.
            from lexconsolida.site.facts import facts_of

            self._facts = facts_of(self)
        return self._facts

    def set_facts(self, facts: ActFacts) -> None:
        """Facts memoised by a previous run for this act's key."""
        self._facts = facts

    def read_notes(self) -> tuple[str | None, list[str]]:
        """(why the text in force could not be built, warnings from reading it)."""
        return self.failed, []

    def release(self) -> None:
        """Drop the tree when it can be read again (see :class:`LazySiteAct`)."""

    def is_expanded(self) -> bool:
        """True when a lazily read tree is in memory right now (False for acts in memory)."""
        return False

    def spill(self) -> None:
        """Keep the tree only compressed (pickled, zlib), to be expanded when needed again."""

    def unspill(self) -> None:
        """Forget the compressed copy (the build is over): read again if needed."""


class LazySiteAct(SiteAct):
    """An act whose tree is read only when needed, and can be dropped again.

    ``read()`` returns (norma or None, why not, warnings), as
    :func:`lexconsolida.site.source.read_norma`; ``fallback(why)`` gives the metadata-only tree
    and the unavailability notice. Availability comes from the memoised facts when they are
    known, so an unchanged act is never read on a rerun.
    """

    __slots__ = ("_read", "_fallback", "_state", "_spilled", "_urn")

    def __init__(self, read: Callable[[], tuple], fallback: Callable[[str | None], tuple],
                 path: str, urn: str, **kw) -> None:
        self._urn = urn
        self._read = read
        self._fallback = fallback
        self._state: tuple | None = None
        self._spilled: bytes | None = None
        SiteAct.__init__(self, None, path, **kw)  # type: ignore[arg-type]

    def __post_init__(self) -> None:
        """Nothing to mark before the tree is read (see :meth:`_loaded`)."""

    def _loaded(self) -> tuple:
        if self._state is None:
            if self._spilled is not None:
                self._state = pickle.loads(zlib.decompress(self._spilled))
            else:
                norma, why, notes = self._read()
                if norma is None:
                    norma, motivo = self._fallback(why)
                    self._state = (mark_textless(norma, motivo), False, motivo, why, notes)
                else:
                    motivo = why_no_text(norma)
                    self._state = (mark_textless(norma, motivo), motivo is None, motivo, None, notes)
        return self._state

    norma = property(lambda self: self._loaded()[0], lambda self, value: None)

    @property
    def urn(self) -> str:
        """The act's URN, known without reading it (the tree carries the same)."""
        return self._urn

    @property
    def texto_disponivel(self) -> bool:
        if self._facts is not None and self._state is None:
            return self._facts.texto_disponivel
        return self._loaded()[1]

    @texto_disponivel.setter
    def texto_disponivel(self, value) -> None:
        pass

    @property
    def motivo_indisponivel(self) -> str | None:
        if self._facts is not None and self._state is None:
            return self._facts.motivo
        return self._loaded()[2]

    @motivo_indisponivel.setter
    def motivo_indisponivel(self, value) -> None:
        pass

    @property
    def failed(self) -> str | None:
        if self._facts is not None and self._state is None:
            return self._facts.problem
        return self._loaded()[3]

    @failed.setter
    def failed(self, value) -> None:
        pass

    def read_notes(self) -> tuple[str | None, list[str]]:
        state = self._loaded()
        return state[3], list(state[4])

    def release(self) -> None:
        self._state = None

    def is_expanded(self) -> bool:
        return self._state is not None

    def spill(self) -> None:
        # A 50-article act is ~40 KB pickled, ~10 KB compressed: a thousand acts stay in ~10 MB,
        # and expanding one costs under a millisecond where reading it again costs ~20.
        if self._state is not None and self._spilled is None:
            self._spilled = zlib.compress(pickle.dumps(self._state, protocol=5), 1)
        self._state = None

    def unspill(self) -> None:
        self._spilled = None
        self._state = None

    def __repr__(self) -> str:
        return f"LazySiteAct(path={self.path!r}, source_key={self.source_key!r})"


@dataclass(slots=True)
class SiteCorpus:
    acts: list[SiteAct]
    nome: str = "Diário Oficial — acervo de normas"
    """The site's name, printed in the header of every page."""
    edicoes: list = field(default_factory=list)
    """The gazette's published editions (:class:`lexconsolida.diario.records.PublishedEdition`)."""
    unreadable: list[str] = field(default_factory=list)
    """Site folders of acts that could not be read this time (a ``norma.toml`` that does not
    parse): not in ``acts``, but their pages of the last good run are kept, with a notice —
    an act is never unpublished because it failed to read."""
    inutilizadas: list = field(default_factory=list)
    """The numbers the gazette's register voided (:class:`lexconsolida.diario.records.VoidedEdition`),
    listed with the reason beside the editions."""


def site_url(data: dict) -> str | None:
    """``[site] url`` of a municipio.toml's table, ending in '/' (None when absent)."""
    site = data.get("site")
    url = site.get("url") if isinstance(site, dict) else None
    if not isinstance(url, str) or not url.strip():
        return None
    return url.strip() if url.strip().endswith("/") else url.strip() + "/"


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
