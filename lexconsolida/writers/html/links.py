"""Turn citations into links: within the act, to another act (through a resolver the site
gives), or marked as outside the corpus.

:class:`Linker` splits the texts of one act into :class:`Segment` s for the templates and
remembers what it resolved, so a page's content key covers its links. A standalone page (the
HTML writer) has no resolver: only citations inside the act become links.
"""

from __future__ import annotations

import posixpath
import re
from typing import NamedTuple, Protocol

from markupsafe import Markup, escape

from lexconsolida.citations import ActRef
from lexconsolida.model import Norma
from lexconsolida.writers.html.citations import Citation, find_citations


class CitingAct(Protocol):
    """An act with a page: its URN, its folder in the site, its text."""

    @property
    def urn(self) -> str: ...

    path: str
    norma: Norma


class ActResolver(Protocol):
    """What the linker asks of the acts it links into (the site's ``Resolver``)."""

    def ids(self, act) -> frozenset[str]: ...

    def act_for_ref(self, ref: ActRef, citing) -> CitingAct | None: ...

    def fragment_in(self, act, fragment: str | None) -> str | None: ...


class Segment(NamedTuple):
    """A piece of text: plain, a link (``href``), or a citation of an act outside the corpus."""

    text: str
    href: str | None = None
    externa: bool = False


LEXML_RESOLVER = "https://www.lexml.gov.br/urn/"
"""Where a citation of a federal or state act outside the acervo links: LexML's URN resolver."""

_OTHER_NORM = re.compile(
    r"""^(?:[\s,.;]*(?:e(?!\s+(?:d[aeo]s?|n[ao]s?)\s)|inc(?:iso)?s?\.?|§+|al[íi]neas?|par[áa]grafos?|[IVXLC]+|\d{1,4}\s*[º°ª]?)(?=[\s,.;]))*
        \s*[,;.]?\s*(?:d[aeo]s?|n[ao]s?)\s+
        (?!(?:est[ae]s?|dest[ae]s?|nest[ae]s?|presente)\b)
        (?:(?:referid|citad|mencionad|supracitad|mesm|aludid)[ao]s?\s+)?
        (?:leis?|decretos?(?:-leis?)?|resolu[çc][ãa]o|portarias?|emendas?|c[óo]digos?|constitui[çc][ãa]o
          |estatutos?|ato\s+das\s+disposi[çc][õo]es|adct|lc|cf|ctn|ctb|clt|regimentos?|regulamentos?
          |instru[çc][ãa]o|medida\s+provis[óo]ria|pol[íi]tica|conven[çc][ãa]o|normas?|nbr|lom|loa|ldo|ppa
          |(?-i:[A-ZÀ-Ü]{3,})(?=\s*[(,;.]|\s+\())\b""",
    re.VERBOSE | re.IGNORECASE)
"""After a citation of a dispositivo that names no act the recogniser knows, the name of
another norm ('art. 4º da Lei Complementar (LC) 101/2000', 'arts. 90 e 91 do Estatuto da
Criança e do Adolescente', 'art. 61 do Ato das Disposições Constitucionais Transitórias'),
perhaps after more of the citation the recogniser left out ('arts. 25. 27 e 28 da Lei …',
'art. 22, inciso 111, da Lei …'): the dispositivo is that norm's, never this act's ('desta
Lei', 'da presente Lei' are this act). 'nos termos do art. 3º e da Lei Federal …' coordinates
two complements: the art. 3º is this act's."""


def names_other_norm(after: str) -> bool:
    """Whether the text right after a dispositivo citation names another norm."""
    return bool(_OTHER_NORM.match(after[:120]))


def lexml_urn(ref: ActRef, citing_urn: str | None) -> str | None:
    """The LexML URN of a federal or state act a text cites (by its number and year or date,
    or its well-known name), for the URN resolver; None for a municipal act or one without
    number and year."""
    if ref.urn:
        return ref.urn
    if ref.esfera not in ("federal", "estadual") or not ref.numero or not (ref.data or ref.ano):
        return None
    when = ref.data or str(ref.ano)
    if ref.esfera == "federal":
        return f"urn:lex:br:federal:{ref.tipo}:{when};{ref.numero}"
    place = (citing_urn or "").removeprefix("urn:lex:").split(":", 1)[0].split(";")
    if len(place) < 2:
        return None
    return f"urn:lex:{';'.join(place[:2])}:estadual:{ref.tipo}:{when};{ref.numero}"


def relative_href(from_dir: str, to_path: str) -> str:
    """Relative URL from a page in ``from_dir`` to ``to_path`` (both site-relative)."""
    return posixpath.relpath(to_path, from_dir or ".")


class Linker:
    """Citation links for the texts of one page (callable: text → segments)."""

    def __init__(self, resolver: ActResolver | None, act: CitingAct | None, page_dir: str,
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
            if c.act is None and names_other_norm(text[c.end:]):
                # another norm's dispositivo the recogniser did not tie to it: never a link
                # into this act's own page
                out.append(Segment(text[c.start:c.end]))
            else:
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
            urn = lexml_urn(c.act, self.act.urn)
            return Segment(text, LEXML_RESOLVER + urn if urn else None, externa=True)
        if self.act is not None and target.urn == self.act.urn:
            frag = self.resolver.fragment_in(target, c.fragment)
            return Segment(text, f"#{frag}" if frag else "#conteudo")
        href = relative_href(self.page_dir, f"{target.path}/index.html")
        frag = self.resolver.fragment_in(target, c.fragment)
        return Segment(text, f"{href}#{frag}" if frag else href)


_EXTERNAL = Markup('<cite class="cit-externa" title="Norma fora do acervo">{}'
                   '<span class="sr-only"> (norma fora do acervo)</span></cite>')
_EXTERNAL_LINK = Markup('<a class="cit-externa" href="{}" rel="external" title="Norma fora do acervo: '
                        'abre no LexML">{}<span class="sr-only"> (norma fora do acervo, no LexML)</span></a>')
_LINK = Markup('<a class="cit" href="{}">{}</a>')


def _segment_html(s: Segment) -> Markup:
    if s.href and s.externa:
        return _EXTERNAL_LINK.format(s.href, s.text)
    if s.href:
        return _LINK.format(s.href, s.text)
    if s.externa:
        return _EXTERNAL.format(s.text)
    return escape(s.text)
