"""Citations in the text of an act, turned into links for the site.

The seam with the corpus' citation recogniser: :func:`find_citations` returns
:class:`Citation` spans (what is cited: which dispositivo, of this act or of another one named
by tipo/número/ano); :class:`Resolver` maps them onto the acts of the site; :class:`Linker`
splits a text into :class:`Segment` s the templates print (plain text, a link, or a citation of
an act outside the corpus). Only the recogniser is about Portuguese drafting; the rest is about
the site.

>>> [(c.fragment, c.act) for c in find_citations("nos termos do art. 5º, § 2º, desta Lei")]
[('art5_par2', None)]
>>> c, = find_citations("o inciso II do art. 6º da Lei nº 4,100, de 07 de agosto de 2019")
>>> c.fragment, c.act
('art6_cpt_inc2', ActRef(tipo='lei', numero='4100', ano='2019', esfera=None))
>>> c, = find_citations("conforme a Lei Federal n° 9.503/97")
>>> c.fragment, c.act.esfera, c.act.ano
(None, 'federal', '1997')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lexconsolida.model.numbering import letter_to_int, roman_to_int
from lexconsolida.model.urn import slug

_ACT = r"""
    (?P<tipo>Lei\s+Complementar|Lei\s+Org[âa]nica|Decreto[\s-]+Lei|Lei|Decreto|Resolu[çc][ãa]o
       |Portaria|Emenda\s+(?:[àa]\s+)?Lei\s+Org[âa]nica)
    (?P<esfera>\s+(?:Municipal|Federal|Estadual))?
    (?:\s+Complementar)?
    \s*(?:n\.?\s*[º°o]\.?|n\.|n[úu]mero)?\s*(?:de\s+)?          # 'nº', 'n.º', 'N°'; 'nº de 4.213'
    (?P<num>\d{1,3}(?:[.,]\d{3})+|\d+)
    (?:\s*/\s*(?P<ano2>\d{4}|\d{2})\b)?
    (?:\s*,?\s*de\s+(?P<dia>\d{1,2})\s*[º°o]?\s+de\s+(?P<mes>[a-zç]+)\s+de\s+(?P<ano4>\d{4}))?
"""

_DISP = r"""
    (?:al[íi]nea\s+["“]?(?P<ali>[a-z])["”]?\)?\s*,?\s+d[oa]\s+)?
    (?:inciso\s+(?P<inc>[IVXLC]+)\s*,?\s+d[oa]\s+)?
    (?:(?:§\s*(?P<par>\d+)\s*[º°o]?|(?P<paru>par[áa]grafo\s+[úu]nico))\s*,?\s+d[oa]\s+)?
    \b(?:art(?:igo)?s?\.?)\s*(?P<art>\d+)(?:\s*[º°o](?![a-z]))?(?:\s*-\s*(?P<artsuf>[A-Z])\b)?
    (?:\s*,\s*(?:§\s*(?P<par2>\d+)\s*[º°o]?|(?P<paru2>par[áa]grafo\s+[úu]nico)))?
    (?:\s*,\s*inciso\s+(?P<inc2>[IVXLC]+)\b)?
"""

_SCOPE = r"""
    (?:\s*,?\s+(?:(?P<desta>dest[ae]\s+(?:Lei|Decreto|Resolu[çc][ãa]o|Portaria|norma|ato)\b)
                 |(?:d[oa]\s+|,\s*)(?P<outro>""" + _ACT.replace("(?P<", "(?P<o_") + r""")))?
"""

CITATION = re.compile(
    r"(?P<d>" + _DISP + r")" + _SCOPE + r"|(?P<a>" + _ACT + r")",
    re.VERBOSE | re.IGNORECASE,
)
_QUICK = re.compile(r"art|lei|decreto|resolu|portaria|emenda", re.IGNORECASE)


@dataclass(slots=True, frozen=True)
class ActRef:
    """Another act, as the text names it."""

    tipo: str
    """URN slug of the type: 'lei', 'lei.complementar', 'decreto' …"""
    numero: str
    """Digits only: '4.100' and '4,100' both give '4100'."""
    ano: str | None = None
    """Four-digit year, when the citation gives one."""
    esfera: str | None = None
    """'federal', 'estadual' or 'municipal' when the text says so."""


@dataclass(slots=True, frozen=True)
class Citation:
    start: int
    end: int
    fragment: str | None
    """LexML id of the cited dispositivo ('art5_par2'), None when the act as a whole is cited."""
    act: ActRef | None
    """The other act cited; None for a dispositivo of the citing act itself."""


def _year(short: str | None, long: str | None) -> str | None:
    if long:
        return long
    if not short:
        return None
    if len(short) == 4:
        return short
    y = int(short)
    return str(2000 + y if y < 50 else 1900 + y)


def _act_ref(m: re.Match, p: str = "") -> ActRef | None:
    tipo = m.group(p + "tipo")
    if not tipo:
        return None
    esfera = (m.group(p + "esfera") or "").strip().lower() or None
    numero = re.sub(r"\D", "", m.group(p + "num"))
    return ActRef(slug(re.sub(r"[\s-]+", " ", tipo)), numero,
                  _year(m.group(p + "ano2"), m.group(p + "ano4")), esfera)


def _fragment(m: re.Match) -> str:
    art = "art" + m.group("art")
    if m.group("artsuf"):
        art += f"-{letter_to_int(m.group('artsuf'))}"
    frag = art
    par, paru = m.group("par") or m.group("par2"), m.group("paru") or m.group("paru2")
    if paru:
        frag += "_par1u"
    elif par:
        frag += f"_par{int(par)}"
    inc = m.group("inc") or m.group("inc2")
    if inc:
        try:
            frag += ("_inc" if frag != art else "_cpt_inc") + str(roman_to_int(inc.upper()))
        except ValueError:
            return frag
        if m.group("ali"):
            frag += f"_ali{letter_to_int(m.group('ali'))}"
    return frag


def find_citations(text: str) -> list[Citation]:
    """Every citation of a dispositivo or of an act in ``text``, in order."""
    if not text or not _QUICK.search(text):
        return []
    out = []
    for m in CITATION.finditer(text):
        if m.group("d"):
            act = _act_ref(m, "o_") if m.group("o_tipo") else None
            out.append(Citation(m.start(), m.end(), _fragment(m), act))
        else:
            out.append(Citation(m.start(), m.end(), None, _act_ref(m)))
    return out
