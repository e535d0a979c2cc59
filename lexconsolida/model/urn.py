"""LexML URNs of norms, as a value object (after cobalt's FrbrUri).

>>> u = Urn.parse("urn:lex:br;mato.grosso;pedra.preta:municipal:lei:2015-05-12;846")
>>> u.localidade, u.autoridade, u.tipo, u.data, u.numero
('br;mato.grosso;pedra.preta', 'municipal', 'lei', '2015-05-12', '846')
>>> str(u.with_fragment("art5_par1"))
'urn:lex:br;mato.grosso;pedra.preta:municipal:lei:2015-05-12;846!art5_par1'
>>> Urn.build(uf="Mato Grosso", municipio="Barra do Garças", tipo="Decreto", data="2019-11-04", numero="4.213")
Urn('urn:lex:br;mato.grosso;barra.garcas:municipal:decreto:2019-11-04;4213')
>>> slug("São José dos Pinhais")
'sao.jose.pinhais'
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace

from lexconsolida import patterns
from lexconsolida.errors import InputError

STOP_WORDS = {"de", "da", "do", "das", "dos", "e", "d", "a", "o", "as", "os"}
"""Words LexML drops from place and type names (urn:lex spec, 'palavras-vazias': prepositions,
conjunctions and articles — 'Emenda à Lei Orgânica' is ``emenda.lei.organica``, as in the LexML
samples and in the citations' vocabulary)."""

_URN = patterns.compile(
    r"""^urn:lex:
        (?P<localidade>br(?:;[a-z0-9.]+)*)      # br;mato.grosso;pedra.preta
        :(?P<autoridade>[a-z0-9.;]+)            # municipal, federal, camara.municipal
        :(?P<tipo>[a-z0-9.]+)                   # lei, lei.complementar, decreto
        :(?P<descritor>[^!@]+)                  # 2015-05-12;846 (date;number)
        (?:@(?P<versao>[^!]+))?                 # version: @2015-02-26;alteracao;2015-02-26
        (?:!(?P<fragmento>.+))?$                # dispositivo: !art5_par1
    """,
    re.VERBOSE,
)


class InvalidUrn(InputError, ValueError):
    """A malformed LexML URN: an input error (exit 2) that is still a ValueError for callers
    that test strings with ``Urn.parse``."""


URN_FORM = "urn:lex:br;uf;município:autoridade:tipo:AAAA-MM-DD;número"


UF = {
    "AC": "Acre", "AL": "Alagoas", "AP": "Amapá", "AM": "Amazonas", "BA": "Bahia", "CE": "Ceará",
    "DF": "Distrito Federal", "ES": "Espírito Santo", "GO": "Goiás", "MA": "Maranhão",
    "MT": "Mato Grosso", "MS": "Mato Grosso do Sul", "MG": "Minas Gerais", "PA": "Pará",
    "PB": "Paraíba", "PR": "Paraná", "PE": "Pernambuco", "PI": "Piauí", "RJ": "Rio de Janeiro",
    "RN": "Rio Grande do Norte", "RS": "Rio Grande do Sul", "RO": "Rondônia", "RR": "Roraima",
    "SC": "Santa Catarina", "SP": "São Paulo", "SE": "Sergipe", "TO": "Tocantins",
}
"""The 27 federative units: sigla → name."""


def slug(text: str) -> str:
    """URN form of a name: lower case, no accents, stop words dropped, words joined by '.'."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    words = [w for w in re.split(r"[^a-z0-9]+", plain) if w and w not in STOP_WORDS]
    return ".".join(words)


UF_OF_SLUG = {slug(name): sigla for sigla, name in UF.items()}
"""URN form of a state's name ('mato.grosso.sul') → its sigla ('MS')."""


@dataclass(frozen=True, slots=True)
class Urn:
    localidade: str
    """'br', 'br;mato.grosso' or 'br;mato.grosso;pedra.preta'."""
    autoridade: str
    """'municipal', 'federal', 'estadual', 'camara.municipal' …"""
    tipo: str
    """'lei', 'lei.complementar', 'decreto', 'indicacao', 'minuta' …"""
    descritor: str
    """'2015-05-12;846' (date;number), or a date alone for unnumbered acts."""
    versao: str | None = None
    """Version/expression part after '@', e.g. '2015-02-26;alteracao;2015-02-26'."""
    fragmento: str | None = None
    """A dispositivo id after '!', e.g. 'art5_par1'."""

    @classmethod
    def parse(cls, text: str) -> "Urn":
        m = _URN.match(text.strip())
        if not m:
            raise InvalidUrn(f"URN LexML inválida: {text!r} (a forma é {URN_FORM})")
        return cls(**m.groupdict())

    @classmethod
    def build(
        cls,
        *,
        tipo: str,
        data: str | None,
        numero: str | None,
        uf: str | None = None,
        municipio: str | None = None,
        autoridade: str | None = None,
    ) -> "Urn":
        loc = "br"
        if uf:
            loc += ";" + slug(uf)
            if municipio:
                loc += ";" + slug(municipio)
        aut = autoridade or ("municipal" if municipio else "estadual" if uf else "federal")
        num = re.sub(r"[^0-9A-Za-z-]", "", (numero or "").split("/")[0]).lower()
        desc = ";".join(p for p in (data or "", num) if p) or "s.n"
        return cls(loc, aut, slug(tipo), desc)

    def __str__(self) -> str:
        s = f"urn:lex:{self.localidade}:{self.autoridade}:{self.tipo}:{self.descritor}"
        if self.versao:
            s += "@" + self.versao
        if self.fragmento:
            s += "!" + self.fragmento
        return s

    def __repr__(self) -> str:
        return f"Urn({str(self)!r})"

    @property
    def data(self) -> str | None:
        d = self.descritor.split(";")[0]
        return d if re.fullmatch(r"\d{4}(-\d{2}-\d{2})?", d) else None

    @property
    def numero(self) -> str | None:
        parts = self.descritor.split(";")
        return parts[1] if len(parts) > 1 else None

    @property
    def work(self) -> "Urn":
        """The URN of the work: no version, no fragment."""
        return replace(self, versao=None, fragmento=None)

    def with_fragment(self, fragment: str | None) -> "Urn":
        return replace(self, fragmento=fragment)

    def with_version(self, versao: str | None) -> "Urn":
        return replace(self, versao=versao)
