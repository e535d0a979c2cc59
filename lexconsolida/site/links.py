"""The site's side of citation links: :class:`Resolver` knows every act of the site (by URN
and by tipo/número/ano within its place), for the HTML writer's
:class:`~lexconsolida.writers.html.links.Linker` to link citations to other acts.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import astuple
from collections.abc import Callable, Iterable

from lexconsolida.citations import ActRef
from lexconsolida.manifest import content_key
from lexconsolida.model import Urn
from lexconsolida.model.urn import slug
from lexconsolida.site.model import SiteAct
from lexconsolida.writers.html.links import relative_href


def _digits(numero: str | None) -> str:
    return re.sub(r"\D", "", numero or "")


def _place_of(urn: str | None) -> tuple[str | None, str | None]:
    """(localidade, tipo) of a URN, or (None, None)."""
    try:
        u = Urn.parse(urn or "")
    except ValueError:
        return None, None
    return u.localidade, u.tipo


class Resolver:
    """Finds the act (and dispositivo) a citation names, among the acts of the site."""

    def __init__(self, acts: Iterable[SiteAct]) -> None:
        self.by_urn: dict[str, SiteAct] = {}
        self._by_number: dict[tuple[str, str, str], list[SiteAct]] = {}
        self._by_type: dict[tuple[str, str], list[SiteAct]] = {}
        self._catalog_key: str | None = None
        self._ids_digest: dict[str, str] = {}
        self.previous: dict[str, list[ActRef]] = {}
        """Citing act's URN → the citations its texts asked of the resolver in the previous build
        (given by the site builder from its memo): its links are the same while their answers
        are (:meth:`linking_key`)."""
        self.asked: dict[str, dict[ActRef, tuple | None]] = {}
        """Citing act's URN → each citation its texts asked in this build, with the answer."""
        for act in acts:
            self.by_urn[act.urn] = act
            f = act.facts  # what the resolver needs of every act, without reading it
            place, urn_tipo = _place_of(f.urn)
            if place and urn_tipo:
                self._by_type.setdefault((place, urn_tipo), []).append(act)
            numero = _digits(f.numero).lstrip("0")
            if not place or not numero:
                continue
            for tipo in {urn_tipo, slug(f.tipo or "")} - {None, ""}:
                self._by_number.setdefault((place, tipo, numero), []).append(act)

    @property
    def catalog_key(self) -> str:
        """Hash of everything a citation can resolve to: every act's identity, folder and ids."""
        if self._catalog_key is None:
            h = hashlib.sha256()
            for urn in sorted(self.by_urn):
                act = self.by_urn[urn]
                n = act.facts
                h.update(repr((urn, act.path, n.tipo, n.numero, n.data)).encode())
                h.update("\0".join(sorted(self.ids(act))).encode())
            self._catalog_key = h.hexdigest()
        return self._catalog_key

    def linking_key(self, act: SiteAct) -> str:
        """The key of the links of ``act``'s texts: its own key and the answer to each citation
        its texts make (the act cited, its folder and ids) — another act added, removed or
        changed that answers none of them leaves it as it was. Without the citations of a
        previous build, the whole catalogue (:attr:`catalog_key`)."""
        asked = self.previous.get(act.urn)
        if asked is None:
            return content_key(act.key, self.catalog_key)
        return content_key(act.key, [(astuple(ref), self._answer(self._act_for_ref(ref, act))) for ref in asked])

    def _answer(self, act: SiteAct | None) -> tuple | None:
        """What a link to ``act`` is made of: its URN, its folder and its ids (fragments)."""
        if act is None:
            return None
        digest = self._ids_digest.get(act.urn)
        if digest is None:
            digest = self._ids_digest[act.urn] = hashlib.sha256(
                "\0".join(sorted(self.ids(act))).encode()).hexdigest()
        return (act.urn, act.path, digest)

    def ids(self, act: SiteAct) -> frozenset[str]:
        """Every node id of the act's articulação."""
        return act.facts.ids

    def act_for_urn(self, urn: str) -> SiteAct | None:
        return self.by_urn.get(urn.split("!")[0])

    def act_for_ref(self, ref: ActRef, citing: SiteAct) -> SiteAct | None:
        """The act of the corpus ``ref`` names, read from ``citing``'s place; None if none.

        Without an esfera, an act of the citing act's own place; 'federal' looks in 'br',
        'estadual' in the citing act's state. With a year, the act's year must match. The
        question and its answer are written down (:attr:`asked`)."""
        found = self._act_for_ref(ref, citing)
        self.asked.setdefault(citing.urn, {})[ref] = self._answer(found)
        return found

    def _act_for_ref(self, ref: ActRef, citing: SiteAct) -> SiteAct | None:
        if ref.urn:
            return self.act_for_urn(ref.urn)
        place, _ = _place_of(citing.facts.urn)
        if not ref.numero:
            # an act cited by name ('da Lei Orgânica Municipal'): the place's only act of that
            # type, if the acervo holds one; never the citing act itself
            found = [a for a in self._by_type.get((place, ref.tipo), []) if a.urn != citing.urn]
            return found[0] if ref.nome and len(found) == 1 else None
        if ref.esfera == "federal":
            place = "br"
        elif ref.esfera == "estadual" and place:
            place = ";".join(place.split(";")[:2])
        if not place:
            return None
        found = self._by_number.get((place, ref.tipo, ref.numero.lstrip("0")), [])
        if ref.data:
            found = [a for a in found if a.facts.data in (None, ref.data)] or \
                    [a for a in found if (a.facts.data or "")[:4] == ref.data[:4]]
        elif ref.ano:
            found = [a for a in found if (a.facts.data or "")[:4] in ("", str(ref.ano))]
        unique = {a.urn: a for a in found}
        return next(iter(unique.values())) if len(unique) == 1 else None

    def fragment_in(self, act: SiteAct, fragment: str | None) -> str | None:
        """``fragment`` if the act has it, else its article if that exists, else None."""
        if not fragment:
            return None
        ids = self.ids(act)
        if fragment in ids:
            return fragment
        article = fragment.split("_")[0]
        return article if article in ids else None


def href_for_act(resolver: Resolver, page_dir: str) -> Callable[[str], str | None]:
    """A function URN → relative link to that act's page (with its fragment), or None."""

    def href(urn: str) -> str | None:
        act = resolver.act_for_urn(urn)
        if act is None:
            return None
        link = relative_href(page_dir, f"{act.path}/index.html")
        frag = resolver.fragment_in(act, urn.split("!", 1)[1]) if "!" in urn else None
        return f"{link}#{frag}" if frag else link

    return href
