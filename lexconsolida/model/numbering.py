"""Numbers and labels of dispositivos, per LC 95/1998 art. 10.

A dispositivo's number is a :class:`Number`: an integer plus an optional list of letter
suffixes for inserted units ("Art. 5º-A" → ``Number(5, ("A",))``). Conversions:

>>> Number.parse_arabic("5º-A")
Number(value=5, suffixes=('A',))
>>> Number(5, ("A",)).id_part
'5-1'
>>> roman_to_int("XXVI"), int_to_roman(26)
(26, 'XXVI')
>>> label_for("artigo", Number(1)), label_for("artigo", Number(10)), label_for("paragrafo", Number(2))
('Art. 1º', 'Art. 10', '§ 2º')
>>> label_for("inciso", Number(4)), label_for("alinea", Number(2)), label_for("item", Number(3))
('IV', 'b)', '3.')
"""

from __future__ import annotations

from dataclasses import dataclass

from lexconsolida import patterns

_ROMAN = [
    (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
    (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
]
_ROMAN_RE = patterns.compile(r"^M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$")


def is_roman(text: str) -> bool:
    """True for a well-formed upper-case Roman numeral (not empty)."""
    return bool(text) and bool(_ROMAN_RE.match(text))


def roman_to_int(text: str) -> int:
    """Value of a well-formed Roman numeral; ValueError otherwise."""
    if not is_roman(text):
        raise ValueError(f"numeral romano inválido: {text!r}")
    values = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
    total = 0
    for a, b in zip(text, text[1:] + " "):
        va, vb = values[a], values.get(b, 0)
        total += -va if va < vb else va
    return total


def int_to_roman(n: int) -> str:
    if n <= 0:
        raise ValueError(f"sem numeral romano para {n}")
    out = []
    for value, sym in _ROMAN:
        while n >= value:
            out.append(sym)
            n -= value
    return "".join(out)


def letter_to_int(letter: str) -> int:
    """'a' → 1 … 'z' → 26; 'aa' → 27 (alíneas beyond z, as some laws do)."""
    letter = letter.lower()
    n = 0
    for ch in letter:
        n = n * 26 + (ord(ch) - 96)
    return n


def int_to_letter(n: int) -> str:
    out = ""
    while n > 0:
        n, r = divmod(n - 1, 26)
        out = chr(97 + r) + out
    return out


@dataclass(frozen=True, slots=True, order=True)
class Number:
    """A dispositivo's normalised number."""

    value: int
    """The base number: 5 for "Art. 5º-A", 3 for inciso "III", 2 for alínea "b)"."""
    suffixes: tuple[str, ...] = ()
    """Upper-case letters of inserted units, in order: ("A",) for 5º-A, ("A", "B") for 5-A-B."""

    _ARABIC = patterns.compile(r"^\s*(\d+)\s*[º°o]?\s*((?:-\s*[A-Za-z]\s*)*)$")

    def __reduce__(self):
        # Pickled as a constructor call: the state methods dataclasses gives a frozen slotted
        # class walk its fields in Python on every load, and a site build unpickles a number
        # per dispositivo of every act it keeps compressed between its two passes.
        return (Number, (self.value, self.suffixes))

    @classmethod
    def parse_arabic(cls, text: str) -> "Number":
        m = cls._ARABIC.match(text.replace(".", "").replace("–", "-"))
        if not m:
            raise ValueError(f"número inválido: {text!r}")
        sufs = tuple(s.strip().upper() for s in m.group(2).split("-") if s.strip())
        return cls(int(m.group(1)), sufs)

    @property
    def id_part(self) -> str:
        """LexML id component: 5 → '5'; 5-A → '5-1'; 5-B → '5-2'."""
        if not self.suffixes:  # nearly every number: no join to build
            return str(self.value)
        return "-".join([str(self.value), *(str(letter_to_int(s)) for s in self.suffixes)])

    @classmethod
    def from_id_part(cls, part: str) -> "Number":
        head, *rest = part.split("-")
        return cls(int(head), tuple(int_to_letter(int(r)).upper() for r in rest))

    @property
    def suffix_text(self) -> str:
        if not self.suffixes:
            return ""
        return "".join(f"-{s}" for s in self.suffixes)

    def next(self) -> "Number":
        return Number(self.value + 1)


def label_for(kind: str, number: Number | None, *, unico: bool = False) -> str:
    """The normalised rótulo of a dispositivo of ``kind`` with ``number`` (LC 95 style)."""
    if kind == "paragrafo" and unico:
        return "Parágrafo único"
    if kind == "artigo" and unico:
        return "Artigo único"
    if number is None:
        raise ValueError(f"{kind} sem número")
    n, suf = number.value, number.suffix_text
    if kind == "artigo":
        return f"Art. {n}º{suf}" if n < 10 else f"Art. {n}{suf}"
    if kind == "paragrafo":
        return f"§ {n}º{suf}" if n < 10 else f"§ {n}{suf}"
    if kind == "inciso":
        return f"{int_to_roman(n)}{suf}"
    if kind == "alinea":
        return f"{int_to_letter(n)}{suf.lower()})"
    if kind == "item":
        return f"{n}{suf}."
    raise ValueError(f"tipo sem rótulo numerado: {kind}")


AGRUPADOR_NAMES = {
    "parte": "Parte",
    "livro": "Livro",
    "titulo": "Título",
    "subtitulo": "Subtítulo",
    "capitulo": "Capítulo",
    "secao": "Seção",
    "subsecao": "Subseção",
}
"""Kind → printed word of each agrupador (LC 95 art. 10, V–VIII)."""
KIND_WORDS = {
    "artigo": "artigo",
    "caput": "caput",
    "paragrafo": "parágrafo",
    "inciso": "inciso",
    "alinea": "alínea",
    "item": "item",
    "omissis": "omissis",
}
"""Kind → Portuguese name of each dispositivo."""


def format_act_number(numero: str) -> str:
    """How an act's number is printed: thousands with a dot ('2217' → '2.217'); anything that
    is not plain digits ('109/2014', '4.213') as given."""
    digits = numero.replace(".", "")
    if not digits.isdigit() or len(digits) < 4:
        return numero
    return f"{int(digits):,}".replace(",", ".")
