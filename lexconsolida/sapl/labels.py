"""SAPL's numbering of dispositivos and its standard rótulos, read from its ``TipoDispositivo``.

A SAPL dispositivo is numbered by six integers (``dispositivo0`` … ``dispositivo5``: the number
and up to five variations, 'Art. 7º-A' is 7, 1) and its rótulo is built by
``Dispositivo.rotulo_padrao`` from its type's prefix, suffix, ordinal rule, number formats and
separators (``sapl/compilacao/models.py``). This module is that rule, so that what lexconsolida
writes is what SAPL's editor would have written ('Art. 1º.', 'Art. 10.', '§ 2º', 'Parágrafo
único', 'IV', 'b)', 'CAPÍTULO II') and SAPL's checker finds no 'Rótulo Diferente do Padrão'.

The LexML id of a unit gives its numbers (``art7-1`` → 7, 1; ``par1u`` → 0, SAPL's number of a
Parágrafo único), and the numbers give back the id component, so a compilation read from SAPL
gets the ids lexconsolida gives the same units.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lexconsolida.model.numbering import int_to_roman

ARABIC, ROMAN, ROMAN_LOWER, LETTER, LETTER_LOWER, TOPIC, HIDDEN = "1", "I", "i", "A", "a", "*", "N"
"""``FORMATO_NUMERACAO_CHOICES`` of SAPL's TipoDispositivo."""


@dataclass(frozen=True, slots=True)
class Tipo:
    """One row of SAPL's ``TipoDispositivo`` (what its rótulo rule needs, and what it is)."""

    id: int
    nome: str
    class_css: str
    prefixo: str
    """``rotulo_prefixo_texto``: 'Art. ', '§ ;Parágrafo único ' (after ';': the one of a kind)."""
    sufixo: str
    """``rotulo_sufixo_texto``: '.' for artigos, ')' for alíneas."""
    ordinal: int
    """``rotulo_ordinal``: -1 ordinal always, 0 cardinal, 9 ordinal up to nine."""
    formatos: tuple[str, ...]
    """``formato_variacao0`` … ``5``."""
    separadores: tuple[str, ...]
    """'' and ``rotulo_separador_variacao01`` … ``45``."""
    contagem_continua: bool = False
    articulacao: bool = False
    """``dispositivo_de_articulacao``: a unit without text of its own (articulação, artigo,
    bloco de alteração)."""
    alteracao: bool = False
    """``dispositivo_de_alteracao``."""

    @classmethod
    def from_api(cls, row: dict) -> "Tipo":
        return cls(
            id=row["id"], nome=row.get("nome", ""), class_css=row.get("class_css", ""),
            prefixo=row.get("rotulo_prefixo_texto", ""), sufixo=row.get("rotulo_sufixo_texto", ""),
            ordinal=int(row.get("rotulo_ordinal", 0)),
            formatos=tuple(row.get(f"formato_variacao{i}", ARABIC) for i in range(6)),
            separadores=("",) + tuple(row.get(f"rotulo_separador_variacao{i}{i + 1}", "-") for i in range(5)),
            contagem_continua=bool(row.get("contagem_continua")),
            articulacao=bool(row.get("dispositivo_de_articulacao")),
            alteracao=bool(row.get("dispositivo_de_alteracao")),
        )

    @property
    def css(self) -> str:
        """The first class of ``class_css`` ('paragrafo' of 'paragrafo indent'): what the type is."""
        return (self.class_css.split() or [""])[0]


def _letter(n: int) -> str:
    """SAPL's ``int_to_letter``: 1 → 'A' … 26 → 'Z', 27 → 'AA'."""
    out = ""
    if not n:
        return "0"
    n -= 1
    while n >= 26:
        n, rest = n // 26 - 1, n % 26
        out = chr(rest + 65) + out
    return chr(n + 65) + out


def nomenclatura(tipo: Tipo, numeros: tuple[int, ...], *, letters: bool = False) -> str:
    """SAPL's ``get_nomenclatura_completa``: '7º-A' for an artigo numbered (7, 1). ``letters``:
    variations in capital letters, as LC 95 (art. 12, III, b) writes them, whatever the type's
    format ('II-A', where a new SAPL's inciso type would print 'II-1')."""
    numero = list(numeros) + [0] * (6 - len(numeros))
    result = ""
    mandatory = False
    for i in reversed(range(6)):
        n = numero[i]
        if not mandatory and n == 0:
            continue
        mandatory = True
        if i == 0 and n == 0:
            continue
        if i == 0 and (tipo.ordinal == -1 or 0 < n <= tipo.ordinal):
            result = "º" + result
        fmt, sep = tipo.formatos[i], tipo.separadores[i]
        if letters and i > 0 and fmt in (ARABIC, ROMAN, ROMAN_LOWER, LETTER_LOWER):
            fmt = LETTER
        if fmt == ARABIC:
            result = sep + str(n) + result
        elif fmt == ROMAN:
            result = sep + int_to_roman(n) + result
        elif fmt == ROMAN_LOWER:
            result = sep + int_to_roman(n).lower() + result
        elif fmt == LETTER:
            result = sep + _letter(n) + result
        elif fmt == LETTER_LOWER:
            result = sep + _letter(n).lower() + result
        elif fmt == TOPIC:
            result = sep + "*" + result
        elif fmt == HIDDEN:
            result = sep + result
    return result


def rotulo(tipo: Tipo, numeros: tuple[int, ...], *, letters: bool = False) -> str:
    """The standard rótulo of a unit of ``tipo`` numbered ``numeros``, as SAPL's checker computes
    it for a unit among siblings of its type (``rotulo_padrao(local_insert=1)``): for a type
    whose prefix has a ';' ('§ ;Parágrafo único '), number 0 is the one of a kind. ``letters``:
    see :func:`nomenclatura`."""
    head, _, alone = tipo.prefixo.partition(";")
    if alone and (not numeros or numeros[0] == 0):
        return alone.strip() + nomenclatura(tipo, numeros, letters=letters) + tipo.sufixo
    return head + nomenclatura(tipo, numeros, letters=letters) + tipo.sufixo


_COMPONENT = re.compile(r"^(?P<prefix>[a-z]{3})(?P<num>\d+(?:-\d+)*)?(?P<unico>u)?$")


def numbers_of_component(component: str) -> tuple[int, ...]:
    """SAPL's numbers of a LexML id component: 'art7-1' → (7, 1); 'par1u' → (0,) (Parágrafo
    único); 'cpt' → (1,) (SAPL numbers the caput it inserts 1)."""
    m = _COMPONENT.match(component)
    if m is None:
        raise ValueError(f"componente de id LexML inválido: {component!r}")
    if m.group("unico"):  # SAPL's Parágrafo único is number 0; another 'único' is the first
        return (0,) if m.group("prefix") == "par" else (1,)
    if not m.group("num"):
        return (1,)
    return tuple(int(x) for x in m.group("num").split("-"))


FEMININE = ("secao", "subsecao", "parte")


def unico(tipo: Tipo, kind: str) -> str:
    """The rótulo of the only unit of its kind ('Artigo único.', 'CAPÍTULO ÚNICO', 'Seção
    Única'): SAPL's types have a one-of-a-kind form for the parágrafo only."""
    if kind == "artigo":
        return "Artigo único" + tipo.sufixo
    word = "única" if kind in FEMININE else "único"
    head = tipo.prefixo.partition(";")[0].strip()
    return f"{head} {word.upper() if head.isupper() else word.capitalize()}"


UNICO = re.compile(r"únic[oa]", re.IGNORECASE)
"""A rótulo of the only unit of its kind."""


def component_of(prefix: str, numeros: tuple[int, ...], *, only: bool = False) -> str:
    """The inverse of :func:`numbers_of_component` for ``prefix`` ('par', (0,)) → 'par1u';
    ``only``: the rótulo says 'único' ('cap1u')."""
    if only and prefix != "par":
        return f"{prefix}1u"
    nums = list(numeros)
    while len(nums) > 1 and nums[-1] == 0:
        nums.pop()
    if prefix == "cpt":
        return "cpt"
    if prefix == "par" and nums and nums[0] == 0 and len(nums) == 1:
        return "par1u"
    return prefix + "-".join(str(n) for n in nums)
