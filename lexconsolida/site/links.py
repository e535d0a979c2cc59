"""Turn citations into links: within the act, to another act of the corpus, or marked external.

:class:`Resolver` knows every act of the site (by URN and by tipo/número/ano within its
place); :class:`Linker` splits the texts of one act into :class:`Segment` s for the templates
and remembers what it resolved, so a page's content key covers its links.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
from collections.abc import Callable, Iterable
from typing import NamedTuple

from markupsafe import Markup, escape

from lexconsolida.model import Urn
from lexconsolida.model.urn import slug
from lexconsolida.site.citations import ActRef, Citation, find_citations
from lexconsolida.site.model import SiteAct


class Segment(NamedTuple):
    """A piece of text: plain, a link (``href``), or a citation of an act outside the corpus."""

    text: str
    href: str | None = None
    externa: bool = False


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
        self._catalog_key: str | None = None
        for act in acts:
            self.by_urn[act.urn] = act
            f = act.facts
            place, urn_tipo = _place_of(f.urn)
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

    def ids(self, act: SiteAct) -> frozenset[str]:
        """Every node id of the act's articulação."""
        return act.facts.ids

    def act_for_urn(self, urn: str) -> SiteAct | None:
        return self.by_urn.get(urn.split("!")[0])

    def act_for_ref(self, ref: ActRef, citing: SiteAct) -> SiteAct | None:
        """The act of the corpus ``ref`` names, read from ``citing``'s place; None if none.

        Without an esfera, an act of the citing act's own place; 'federal' looks in 'br',
        'estadual' in the citing act's state. With a year, the act's year must match.
        """
        if ref.urn:
            return self.act_for_urn(ref.urn)
        if not ref.numero:
            return None
        place, _ = _place_of(citing.facts.urn)
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


def relative_href(from_dir: str, to_path: str) -> str:
    """Relative URL from a page in ``from_dir`` to ``to_path`` (both site-relative)."""
    return posixpath.relpath(to_path, from_dir or ".")


class Linker:
    """Citation links for the texts of one page (callable: text → segments)."""

    def __init__(self, resolver: Resolver | None, act: SiteAct | None, page_dir: str,
                 local_ids: frozenset[str] | None = None,
                 found: dict[str, list[Citation]] | None = None) -> None:
        self.resolver = resolver
        self.act = act
        self.page_dir = page_dir
        self.local_ids = local_ids if local_ids is not None else (
            resolver.ids(act) if resolver and act else frozenset())
        self.cache: dict[str, list[Segment]] = {}
        self._html: dict[str, Markup] = {}
        self.found = found if found is not None else {}
        """text → its citations; may be shared by the linkers of one act's pages."""

    def html(self, text: str | None) -> Markup:
        """``text`` as escaped HTML with its citations as links (the templates' ``rich``)."""
        if not text:
            return Markup("")
        found = self._html.get(text)
        if found is None:
            segments = self(text)
            found = escape(text) if len(segments) == 1 and not (segments[0].href or segments[0].externa) \
                else Markup("").join(_segment_html(s) for s in segments)
            self._html[text] = found
        return found

    def __call__(self, text: str | None) -> list[Segment]:
        if not text:
            return []
        found = self.cache.get(text)
        if found is None:
            found = self.cache[text] = self._segments(text)
        return found

    def resolved(self) -> list[tuple[str, str | None, bool]]:
        """Every link made so far, for content keys: (text, href, externa), sorted."""
        return sorted({(s.text, s.href, s.externa) for segs in self.cache.values()
                       for s in segs if s.href or s.externa}, key=repr)

    def _segments(self, text: str) -> list[Segment]:
        citations = self.found.get(text)
        if citations is None:
            citations = self.found[text] = find_citations(text)
        if not citations:
            return [Segment(text)]
        out: list[Segment] = []
        pos = 0
        for c in citations:
            if c.start > pos:
                out.append(Segment(text[pos:c.start]))
            out.append(self._link(text[c.start:c.end], c))
            pos = c.end
        if pos < len(text):
            out.append(Segment(text[pos:]))
        return out

    def _link(self, text: str, c: Citation) -> Segment:
        if c.act is None:
            frag = c.fragment if c.fragment in self.local_ids else None
            if frag is None and c.fragment and c.fragment.split("_")[0] in self.local_ids:
                frag = c.fragment.split("_")[0]
            return Segment(text, f"#{frag}") if frag else Segment(text)
        if self.resolver is None or self.act is None:
            return Segment(text)  # a standalone page: no corpus to link into or to be outside of
        target = self.resolver.act_for_ref(c.act, self.act)
        if target is None:
            return Segment(text, externa=True)
        if self.act is not None and target.urn == self.act.urn:
            frag = self.resolver.fragment_in(target, c.fragment)
            return Segment(text, f"#{frag}" if frag else "#conteudo")
        href = relative_href(self.page_dir, f"{target.path}/index.html")
        frag = self.resolver.fragment_in(target, c.fragment)
        return Segment(text, f"{href}#{frag}" if frag else href)


_EXTERNAL = Markup('<cite class="cit-externa" title="Norma fora do acervo">{}'
                   '<span class="sr-only"> (norma fora do acervo)</span></cite>')
_LINK = Markup('<a class="cit" href="{}">{}</a>')


def _segment_html(s: Segment) -> Markup:
    if s.href:
        return _LINK.format(s.href, s.text)
    if s.externa:
        return _EXTERNAL.format(s.text)
    return escape(s.text)


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
