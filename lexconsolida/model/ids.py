"""LexML identifiers of dispositivos and agrupadores, as a value object.

An id is a sequence of components ``<prefix><number>``, joined by ``_``:
``art1_cpt_inc2_ali1``, ``art5-1`` (Art. 5º-A), ``art1_par1u`` (Parágrafo único),
``cap1_sec2``. Article ids never carry agrupador prefixes.

>>> i = LexId.parse("art20_cpt_inc3_ali2")
>>> i.kind, i.parent, i.article
('alinea', LexId('art20_cpt_inc3'), LexId('art20'))
>>> LexId.parse("art1").child("paragrafo", Number(1), unico=True)
LexId('art1_par1u')
>>> LexId.parse("art5").child("inciso", Number(2))
LexId('art5_cpt_inc2')
>>> citation_parts("art55_par34_inc1_ali2")
['art. 55', '§ 34', 'inciso I', 'alínea b']
>>> citation_parts("art5-1_par1u"), citation_parts("art3_cpt_inc2_ali1", quote_letters=True)
(['art. 5º-A', 'parágrafo único'], ['art. 3º', 'inciso II', 'alínea “a”'])
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lexconsolida import patterns
from lexconsolida.model.numbering import Number, int_to_letter, int_to_roman

PREFIX_OF_KIND = {
    "artigo": "art",
    "caput": "cpt",
    "paragrafo": "par",
    "inciso": "inc",
    "alinea": "ali",
    "item": "ite",
    "omissis": "omi",
    "parte": "prt",
    "livro": "liv",
    "titulo": "tit",
    "subtitulo": "stt",
    "capitulo": "cap",
    "secao": "sec",
    "subsecao": "sub",
    "alteracao": "alt",
}
"""The one table of LexML id prefixes; ``Kind.prefix`` and ``AgrupadorKind.prefix`` read it."""
KIND_OF_PREFIX = {v: k for k, v in PREFIX_OF_KIND.items()}

_COMPONENT = patterns.compile(
    r"""^(?P<prefix>[a-z]{3})        # art, par, inc, ali, ite, cpt, cap, sec, ...
        (?P<num>\d+(?:-\d+)*)?       # 5, 5-1 (5-A), absent for cpt
        (?P<unico>u)?$               # par1u: Parágrafo único
    """,
    re.VERBOSE,
)


@dataclass(frozen=True, slots=True)
class LexId:
    """A LexML id. Compare and hash as its string."""

    value: str

    @classmethod
    def parse(cls, text: str) -> "LexId":
        if not text or any(_COMPONENT.match(c) is None for c in text.split("_")):
            raise ValueError(f"id LexML inválido: {text!r}")
        return cls(text)

    def __repr__(self) -> str:
        return f"LexId({self.value!r})"

    def __str__(self) -> str:
        return self.value

    @property
    def components(self) -> list[str]:
        return self.value.split("_")

    @property
    def kind(self) -> str:
        return KIND_OF_PREFIX[self.components[-1][:3]]

    @property
    def number(self) -> Number | None:
        m = _COMPONENT.match(self.components[-1])
        assert m
        return Number.from_id_part(m.group("num")) if m.group("num") else None

    @property
    def is_unico(self) -> bool:
        return self.components[-1].endswith("u")

    @property
    def parent(self) -> "LexId | None":
        comps = self.components
        if len(comps) == 1:
            return None
        return LexId("_".join(comps[:-1]))

    @property
    def lineage(self) -> list["LexId"]:
        """This id and its ancestors, outermost first: art3_cpt_inc2 → art3, art3_cpt,
        art3_cpt_inc2."""
        comps = self.components
        return [LexId("_".join(comps[:i])) for i in range(1, len(comps) + 1)]

    @property
    def article(self) -> "LexId | None":
        for i, c in enumerate(self.components):
            if c.startswith("art"):
                return LexId("_".join(self.components[: i + 1]))
        return None

    def child(self, kind: str, number: Number | None, *, unico: bool = False) -> "LexId":
        """Id of a child of ``kind``; incisos of an artigo go under its caput (``_cpt``)."""
        base = self.value
        if kind == "inciso" and self.kind == "artigo":
            base += "_cpt"
        if kind == "caput":
            return LexId(f"{base}_cpt")
        comp = PREFIX_OF_KIND[kind] + (number.id_part if number else "")
        if unico:
            comp = PREFIX_OF_KIND[kind] + "1u"
        return LexId(f"{base}_{comp}" if base else comp)


def article_id(number: Number) -> LexId:
    return LexId("art" + number.id_part)


def _ordinal(n: int, suffix: str) -> str:
    return f"{n}º{suffix}" if n < 10 else f"{n}{suffix}"


def citation_parts(node_id: str, *, quote_letters: bool = False) -> list[str]:
    """How legal text names each level of the dispositivo ``node_id``, outermost first:
    'art. 55', '§ 34', 'inciso I', 'alínea b' (the caput is implicit). Join with ', ' to cite
    ('art. 55, § 34, inciso I') or reverse and join with ' do ' ('inciso I do § 34 do art. 55')."""
    parts = []
    comps = LexId.parse(node_id).components
    for i in range(len(comps)):
        lid = LexId("_".join(comps[: i + 1]))
        kind, number = lid.kind, lid.number
        if kind == "caput" or number is None:
            continue
        suffix = number.suffix_text
        if kind == "artigo":
            parts.append(f"art. {_ordinal(number.value, suffix)}")
        elif kind == "paragrafo":
            parts.append("parágrafo único" if lid.is_unico else f"§ {_ordinal(number.value, suffix)}")
        elif kind == "inciso":
            parts.append(f"inciso {int_to_roman(number.value)}{suffix}")
        elif kind == "alinea":
            letter = f"{int_to_letter(number.value)}{suffix.lower()}"
            parts.append(f"alínea “{letter}”" if quote_letters else f"alínea {letter}")
        elif kind == "item":
            parts.append(f"item {number.value}{suffix}")
    return parts
