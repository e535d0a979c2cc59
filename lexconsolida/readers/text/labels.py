"""Recognise label lines: 'Art. 5º-A', '§ 1º', 'Parágrafo único.', 'IV –', 'b)', '3.', 'CAPÍTULO II'.

:func:`match_label` looks at the start of one line and returns a :class:`Label` (or None). It
accepts the canonical forms and, with ``ocr=True``, the OCR shapes seen in scanned acts: "§" read
as ``&``/``8``/``S``/``$``/``5``/``$&`` (``81º`` glued), "º" read as ``0``/``o``, "rt." and
"Art," for "Art.", Roman numerals with shape errors (``HI``/``TII``/``WI``/``HII`` → III,
``XH`` → XII, ``1`` → I, ``Ii``/``ix``/``Xxv`` upper-cased). Every OCR correction is listed in
``Label.repairs``; the rule ``repair_markers`` (``ocr.py``) turns them into diagnostics.

``expected`` (the number the sequence expects next) breaks ties between readings of a damaged
numeral and refuses damaged numerals that do not fit the sequence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lexconsolida import patterns
from lexconsolida.model import AgrupadorKind, Number
from lexconsolida.model.numbering import (
    AGRUPADOR_NAMES, int_to_roman, is_roman, label_for, letter_to_int, roman_to_int,
)
from lexconsolida.readers.text.roman import read_roman

QUOTES = "\"“”'‘’"
_LEAD = patterns.compile(r"^\s*(?P<q>[\"“”](?=\s*\S))?\s*")
_LEAD_CHARS = frozenset(" \t\u00a0\"“”")
_SEP = patterns.compile(r"\s*(?:[-–—]+|\.(?!\d)|:)?\s*")

_ARTIGO = patterns.compile(
    r"""(?P<word>Artigo|ARTIGO|Art|ART|rt(?=\.))       # 'rt.' is 'Art.' with the A lost
        (?P<punct>\s*[.,]?\s*)
        (?P<num>[1-9]\d{0,2}(?:\.\d{3})+(?!\d)|[1-9]\d*)   # any size; '1.000' with a thousands dot
        (?P<ord>\s?[º°ª]|\.º|o(?![A-Za-zÀ-ÿ]))?          # ordinal sign, also 'o' (1o)
        (?P<suf>(?:-[A-Z](?![A-Za-zÀ-ÿ])                  # 5º-A
          |\s?-\s?[A-Z](?=\s*[-–—.:])                     # 18 - A - (a lone 'A' word stays text)
          |(?<=[º°])[A-Z](?![A-Za-zÀ-ÿ])                    # 2ºA
          |\s[A-Z](?=\s*[-–—]\s)                           # 82 A - texto
        )*)
        (?![\d/,])""",
    re.VERBOSE,
)
_PARAGRAFO = patterns.compile(
    r"""(?P<sign>§|\$&|&|\$|S|8|5)
        (?P<space>\s*)
        (?P<num>[1-9]\d{0,2})
        (?P<ord>\s?[º°]|\.º|o(?![A-Za-zÀ-ÿ]))?
        (?P<suf>(?:-[A-Z](?![A-Za-zÀ-ÿ]))*)
        (?![\d/,]|\.\d)""",
    re.VERBOSE,
)
_UNICO = patterns.compile(r"(?P<word>(?:par[áa]grafo|§)\s*[úu]nico)\b", re.IGNORECASE)
_INCISO = patterns.compile(r"(?P<num>[IVXLCDMivxlcdmHNTW1]{1,8})(?P<suf>-[A-Z]|\s?-\s?[A-Z](?=\s*[-–—]\s))?(?=\s*[-–—])")
"""'I -', 'I-A -', and 'I- A -' as the official CF/88 prints an inciso added between I and II."""
_ARABIC_DASH = patterns.compile(r"(?P<num>[1-9]\d{0,2})(?=\s*[-–—]\s*\S)")
_ALINEA = patterns.compile(r"(?P<num>[a-z])(?P<suf>-[A-Za-z])?\)")
_ALINEA_DASH = patterns.compile(r"(?P<num>[a-z])(?=\s*[-–—]\s+\S)")
_INCISO_DOT = patterns.compile(r"(?P<num>[IVXLCDM]{1,8})(?P<suf>-[A-Z])?(?P<close>[.)])(?=\s+\S)")
_ALINEA_DOT = patterns.compile(r"(?P<num>[a-z])\.(?=\s+\S)")
_ITEM = patterns.compile(r"(?P<num>[1-9]\d{0,2})(?:[.)])(?=\s+\S)")
_DECIMAL_ITEM = patterns.compile(r"(?P<grp>[1-9]\d?)\.(?P<num>\d{1,3})(?=\s*[-–—]\s*\S)")
"""'4.01 -': an item numbered within its group, as drafters print items under an alínea."""
_AGRUPADOR = patterns.compile(
    r"""(?P<word>PARTE|LIVRO|T[ÍI]TULO|SUBT[ÍI]TULO|CAP[ÍI]TULO|SUBSEC?[ÇC][ÃA]O|SEC?[ÇC][ÃA]O)\s+
        (?P<num>[IVXLCDMHTW1]{1,8}|\d{1,3}|[ÚU]NIC[OA])(?P<suf>-[A-Z])?(?![A-Za-zÀ-ÿ\d])""",
    re.VERBOSE | re.IGNORECASE,
)
_AGR_KIND = {k.value: k for k in AgrupadorKind}
"""The heading word without accents ('secao') → its kind."""
_FOLD = str.maketrans("ÍÇÃíçã", "ICAica")
_MISREAD_SIGN = {"&", "$&", "$", "S", "8", "5"}


@dataclass(slots=True)
class Label:
    """A recognised label at the start of a line."""

    kind: str
    """'artigo', 'paragrafo', 'inciso', 'alinea', 'item' or 'agrupador'."""
    printed: str
    """The label exactly as printed (stray leading quote included, separator excluded)."""
    rotulo: str
    """Normalised label ('Art. 1º', '§ 2º', 'Parágrafo único', 'III', 'b)', 'CAPÍTULO III')."""
    number: Number | None
    """Normalised number (None for Parágrafo único)."""
    separator: str
    """What follows the label up to its text (' - ', '. ', ' ')."""
    rest: str
    """The line's text after label and separator."""
    quote: str = ""
    """A quote character printed before the label (opens an alteration, or OCR noise)."""
    unico: bool = False
    agrupador: AgrupadorKind | None = None
    arabic: bool = False
    """An inciso printed with Arabic digits ('1 -'): OCR of 'I -' or an Arabic list."""
    repairs: list[tuple[str, str, str]] = field(default_factory=list)
    """OCR corrections: (before, after, Portuguese explanation)."""


def _suffixes(suf: str | None) -> tuple[str, ...]:
    if not suf:
        return ()
    parts = suf.split("-") if "-" in suf else [suf]
    return tuple(s.strip().upper() for s in parts if s.strip())


def _rest(line: str, pos: int) -> tuple[str, str]:
    m = _SEP.match(line, pos)
    assert m
    return m.group(0), line[m.end():].rstrip()


def match_label(
    line: str, *, ocr: bool = True, expected: dict[str, int] | None = None
) -> Label | None:
    """The label at the start of ``line``, or None.

    ``expected`` maps 'inciso' / 'agrupador:<kind>' to the number the sequence expects next.
    """
    if not line:
        return None
    if line[0] in _LEAD_CHARS:
        lead = _LEAD.match(line)
        assert lead
        pos = lead.end()
        if pos >= len(line):
            return None
        quote = lead.group("q") or ""
    else:
        pos, quote = 0, ""
    matchers = _DISPATCH.get(line[pos])
    if not matchers:
        return None
    expected = expected or {}
    for matcher in matchers:
        lab = matcher(line, pos, ocr, expected)
        if lab is not None:
            if quote:
                lab.quote = quote
                lab.printed = quote + lab.printed
            return lab
    return None


MAX_ARTICLE_DIGITS = 1000
"""An article number of more digits than this is not a label (Python's int() refuses strings of
over 4,300 digits); any real number is far below it."""

_ARTIGO_UNICO = patterns.compile(r"(?P<word>(?:Artigo|ARTIGO|Art\.?|ART\.?)\s*[ÚúUu][Nn][Ii][Cc][Oo])(?![A-Za-zÀ-ÿ])")
"""'Artigo único' / 'Art. Único': the act's one artigo (LexML id art1, rótulo 'Artigo único')."""


def _match_artigo(line: str, pos: int, ocr: bool, expected: dict) -> Label | None:
    m = _ARTIGO.match(line, pos)
    if not m:
        m = _ARTIGO_UNICO.match(line, pos)
        if m is None:
            return None
        sep, rest = _rest(line, m.end())
        if not rest or not (rest[0].isupper() or rest[0] in "“\""):
            return None  # 'artigo único desta Lei' in running text
        return Label("artigo", m.group("word"), label_for("artigo", Number(1), unico=True), Number(1), sep, rest,
                     unico=True)
    word, punct = m.group("word"), m.group("punct")
    repairs = []
    if word == "rt":
        if not ocr:
            return None
        repairs.append(("rt.", "Art.", "rótulo 'rt.' (letra A perdida pelo OCR)"))
    if "," in punct:
        if not ocr:
            return None
        repairs.append(("Art,", "Art.", "vírgula no lugar do ponto em 'Art.'"))
    if not punct.strip() and not punct:
        return None  # 'Art5' glued: not a label
    digits = m.group("num").replace(".", "")
    if len(digits) > MAX_ARTICLE_DIGITS:
        return None
    number = Number(int(digits), _suffixes(m.group("suf")))
    sep, rest = _rest(line, m.end())
    if not sep and rest:
        return None
    lab = Label("artigo", line[pos:m.end()].rstrip(), label_for("artigo", number), number, sep, rest,
                repairs=repairs)
    return lab


def _match_paragrafo(line: str, pos: int, ocr: bool, expected: dict) -> Label | None:
    first = line[pos]
    m = _UNICO.match(line, pos) if first in "Pp§" else None  # 'parágrafo único', '§ único'
    if m:
        sep, rest = _rest(line, m.end())
        return Label("paragrafo", m.group("word"), "Parágrafo único", None, sep, rest, unico=True)
    if first in "Pp":
        return None  # no sign of '§' starts with 'P'
    m = _PARAGRAFO.match(line, pos)
    if not m:
        return None
    sign, ord_ = m.group("sign"), (m.group("ord") or "").strip()
    number = Number(int(m.group("num")), _suffixes(m.group("suf")))
    sep, rest = _rest(line, m.end())
    repairs = []
    if sign != "§":
        if not ocr or not rest or not (rest[0].isupper() or rest[0] in "“\""):
            return None
        if sign in ("8", "5") and not m.group("space") and not ord_:
            return None  # '50 (cinquenta)': a number, not '§ 0'
        exp = expected.get("paragrafo")
        if exp is not None and not (number.value in (exp, exp + 1) or number.value == 1):
            return None
        printed_sign = sign + m.group("space") if sign != "8" or m.group("space") else sign
        repairs.append((printed_sign.strip() or sign, "§", f"'{sign}' lido pelo OCR no lugar de '§'"))
    if not sep and rest and not rest[0].isupper():
        return None
    return Label("paragrafo", line[pos:m.end()].rstrip(), label_for("paragrafo", number), number,
                 sep, rest, repairs=repairs)


_ROMAN_OR_DIGIT = frozenset("IVXLCDM123456789")
"""First characters of the labels :func:`_match_inciso` reads after its OCR-tolerant numeral."""
_ROMAN_LABELS: dict[int, str] = {}


def _roman_label(value: int) -> str:
    try:
        return _ROMAN_LABELS[value]
    except KeyError:
        label = _ROMAN_LABELS[value] = int_to_roman(value)
        return label


def _match_inciso(line: str, pos: int, ocr: bool, expected: dict) -> Label | None:
    m = _INCISO.match(line, pos)
    exp = expected.get("inciso")
    first = line[pos]  # the patterns below start with a Roman or an Arabic digit: asked once
    if m:
        token = m.group("num")
        if token.isdigit():
            m = None
        else:
            if not ocr and not is_roman(token):
                return None
            reading = read_roman(token, exp)
            if reading is None:
                return None
            value, why = reading
            number = Number(value, _suffixes(m.group("suf")))
            sep, rest = _rest(line, m.end())
            rotulo = _roman_label(value) + (number.suffix_text if number.suffixes else "")
            repairs = [(token, _roman_label(value), why)] if why else []
            return Label("inciso", line[pos:m.end()], rotulo, number, sep, rest,
                         repairs=repairs)
    if first not in _ROMAN_OR_DIGIT:
        return None
    m = _INCISO_DOT.match(line, pos) if first in "IVXLCDM" else None
    if m and exp is not None and is_roman(m.group("num")) and roman_to_int(m.group("num")) == exp:
        # 'I.' / 'I)': a well-formed numeral, accepted only as the one the list expects next,
        # since 'I.' or 'V)' could open running text.
        number = Number(exp, _suffixes(m.group("suf")))
        sep, rest = _rest(line, m.end())
        return Label("inciso", line[pos:m.end() - 1], _roman_label(exp) + number.suffix_text, number,
                     m.group("close") + sep, rest)
    if first not in "123456789":
        return None
    m = _DECIMAL_ITEM.match(line, pos)
    if m and expected.get("item") and int(m.group("num")) == expected["item"]:
        # accepted only as the item an alínea's list expects next: '4.01 -' could open a table row
        number = Number(int(m.group("num")))
        sep, rest = _rest(line, m.end())
        return Label("item", m.group(0), m.group(0), number, sep, rest)
    m = _ARABIC_DASH.match(line, pos)
    if m:
        number = Number(int(m.group("num")))
        sep, rest = _rest(line, m.end())
        return Label("inciso", m.group("num"), m.group("num"), number, sep, rest, arabic=True)
    m = _ITEM.match(line, pos)
    if m:
        number = Number(int(m.group("num")))
        sep, rest = _rest(line, m.end())
        return Label("item", line[pos:m.end()], label_for("item", number), number, sep, rest)
    return None


def _match_alinea(line: str, pos: int, ocr: bool, expected: dict) -> Label | None:
    """'b)' — or 'b –' / 'b.', accepted only as the letter the sequence expects next ('a' after
    an inciso or paragraph that announces a list), since 'e - …' could be running text."""
    m = _ALINEA.match(line, pos)
    if not m:
        m = _ALINEA_DASH.match(line, pos) or _ALINEA_DOT.match(line, pos)
        if not m or letter_to_int(m.group("num")) != expected.get("alinea"):
            return None
        number = Number(letter_to_int(m.group("num")))
        sep, rest = _rest(line, m.end("num"))  # 'a.' and 'a –': the '.' or dash is the separator
        return Label("alinea", m.group("num"), label_for("alinea", number), number, sep, rest)
    number = Number(letter_to_int(m.group("num")), _suffixes(m.group("suf")))
    sep, rest = _rest(line, m.end())
    return Label("alinea", m.group(0), label_for("alinea", number), number, sep, rest)


def agrupador_word(printed_word: str, kind: AgrupadorKind) -> str:
    """The canonical word in the printed case style: 'CAPÍTULO' or 'Capítulo'."""
    canon = AGRUPADOR_NAMES[kind.value]
    return canon.upper() if printed_word.isupper() else canon


def _match_agrupador(line: str, pos: int, ocr: bool, expected: dict) -> Label | None:
    m = _AGRUPADOR.match(line, pos)
    if not m:
        return None
    word = m.group("word")
    kind = _AGR_KIND[word.lower().translate(_FOLD).replace("seccao", "secao")]  # 'SECÇÃO': old spelling
    token = m.group("num")
    sep, rest = _rest(line, m.end())
    if rest and rest[0].islower():
        return None  # 'Seção I desta Lei …': running text
    repairs = []
    if token.upper().startswith(("ÚNIC", "UNIC")):
        number, num_text = Number(1), token
    elif token.isdigit():
        number, num_text = Number(int(token)), token
    else:
        reading = read_roman(token, expected.get(f"agrupador:{kind.value}"))
        if reading is None or (reading[1] and not ocr):
            return None
        value, why = reading
        num_text = int_to_roman(value)
        number = Number(value)
        if why:
            repairs.append((token, num_text, why))
    canon = agrupador_word(word, kind)
    if canon != word:
        repairs.append((word, canon, f"palavra '{word}' normalizada para '{canon}'"))
    suf = m.group("suf") or ""
    number = Number(number.value, _suffixes(suf))
    return Label("agrupador", line[pos:m.end()], f"{canon} {num_text}{suf}", number, sep, rest,
                 agrupador=kind, unico=token.upper().startswith(("ÚNIC", "UNIC")), repairs=repairs)


_CAN_START = (
    ("artigo", "Ar"),
    ("paragrafo", "§&$S85Pp"),
    ("agrupador", "PLTSCplstc"),
    ("inciso", "IVXLCDMivxlcdmHNTW123456789"),
    ("alinea", "abcdefghijklmnopqrstuvwxyz"),
)
_MATCHERS = {
    "artigo": _match_artigo, "paragrafo": _match_paragrafo, "agrupador": _match_agrupador,
    "inciso": _match_inciso, "alinea": _match_alinea,
}
_DISPATCH: dict[str, tuple] = {}
for _kind, _chars in _CAN_START:
    for _ch in _chars:
        _DISPATCH[_ch] = _DISPATCH.get(_ch, ()) + (_MATCHERS[_kind],)
"""First character of a label → the matchers worth trying, in priority order."""



def recognise_labels(state) -> None:
    """Rule: attach a :class:`Label` to every line that starts with one.

    Tracks the numbers each sequence expects next, so damaged numerals are read in context, and
    refuses a label whose line continues a sentence (the previous line ends mid-sentence and the
    text after the label starts in lower case: '… previsto no' / 'Art. 5º desta Lei').
    """
    ocr = "repair_markers" not in state.disabled
    expected: dict[str, int] = {"inciso": 1, "paragrafo": 1}
    prev_text = ""
    prev_label = False
    for line in state.lines:
        text = line.text
        lab = match_label(text, ocr=ocr, expected=expected)
        if lab is not None and _continues_sentence(lab, prev_text, prev_label):
            lab = None
        line.label = lab
        if text.strip():
            prev_text = text.rstrip()
            prev_label = lab is not None
        if lab is None:
            continue
        _advance(expected, lab)


def _continues_sentence(lab: Label, prev_text: str, prev_label: bool) -> bool:
    """True when the 'label' is more likely the next word of the previous line's sentence.

    Articles, paragraphs and agrupadores never open with a lower-case word after a line cut
    mid-sentence; for incisos read from damaged shapes or Arabic digits the test is made only
    when the previous line is not itself a one-line unit ('b) Penalidade: multa').
    """
    last = prev_text[-1:]
    if not lab.rest or not (last == "," or last.islower()):
        return False
    if lab.rest[0] in ",;" and lab.kind in ("artigo", "paragrafo"):
        return True  # '… a que se refere o / Art. 12 , o imposto …': a citation, then the sentence goes on
    if not lab.rest[0].islower():
        return False
    if lab.kind in ("artigo", "paragrafo", "agrupador"):
        return True
    return not prev_label and (lab.arabic or bool(lab.repairs))


_KINDS = list(AgrupadorKind)
_BELOW = {k: tuple(f"agrupador:{j.value}" for j in _KINDS[i + 1:]) for i, k in enumerate(_KINDS)}
"""For each agrupador kind, the 'expected' keys of the kinds nested under it."""


def _advance(expected: dict[str, int], lab: Label) -> None:
    n = lab.number.value if lab.number else 1
    if lab.kind == "artigo":
        expected["inciso"] = 1
        expected["item"] = 0
        expected["paragrafo"] = 1
        expected["alinea"] = 1 if lab.rest.endswith(":") else 0
    elif lab.kind == "paragrafo":
        expected["inciso"] = 1
        expected["item"] = 0
        expected["paragrafo"] = n + 1
        expected["alinea"] = 1 if lab.rest.endswith(":") else 0
    elif lab.kind == "inciso":
        expected["inciso"] = n + 1
        expected["item"] = 0
        expected["alinea"] = 1 if lab.rest.endswith(":") else 0
    elif lab.kind == "alinea":
        expected["alinea"] = n + 1
        expected["item"] = 1 if lab.rest.endswith(":") else 0
    elif lab.kind == "item":
        expected["item"] = n + 1
    elif lab.kind == "agrupador" and lab.agrupador is not None:
        expected[f"agrupador:{lab.agrupador.value}"] = n + 1
        for key in _BELOW[lab.agrupador]:
            expected[key] = 1
