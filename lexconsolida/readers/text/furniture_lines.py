"""Line facts for the rule ``drop_furniture``: what protects a line, what shape it has, its key.

Kept apart from the rule so each half stays small: here, one line at a time (regular
expressions and normalisation); in :mod:`furniture`, the document-wide reasoning.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from lexconsolida import patterns
from lexconsolida.readers.text.state import TextState

# --- Protection: what is certainly content -----------------------------------------------------

_LEAD = r"^[\s\"“”'‘’«(\[]{0,3}"
_STRONG = r"""
        (?:Art(?:igo)?|ART(?:IGO)?|rt)\s*[.,]?\s*\d          # Art. 1º, Art, 41, rt. 17
      | §\s*\d                                               # § 2º
      | Par[aá]grafo\s+(?:[úu]nico|\d)                        # Parágrafo único
      | PAR[AÁ]GRAFO\s+(?:[ÚU]NICO|\d)
      | (?:CAP[IÍ]TULO|Cap[ií]tulo|T[IÍ]TULO|T[ií]tulo|SUBSE[CÇ][AÃ]O|Subse[cç][aã]o
          |SE[CÇ][AÃ]O|Se[cç][aã]o|LIVRO|Livro|PARTE|Parte|ANEXO|Anexo|SUBT[IÍ]TULO)
        \s+(?:[IVXLCDMHTW1l]+|\d+|[ÚU]NIC[OA]|[úu]nic[oa]|[A-Z])\b   # CAPÍTULO IV, Seção II
      | (?:LEI|DECRETO|RESOLU[CÇ][AÃ]O|PORTARIA|EMENDA|MEDIDA\s+PROVIS[OÓ]RIA|INSTRU[CÇ][AÃ]O
          |DELIBERA[CÇ][AÃ]O|PROJETO|INDICA[CÇ][AÃ]O|MINUTA|ATO)\b   # the epígrafe
      | D[AO]S?\s+[A-ZÁÉÍÓÚÂÊÔÃÕÇ]{3}[^a-z0-9]*$               # DAS DISPOSIÇÕES FINAIS
      | \(?\s*(?:NR|AC)\s*\)                                  # (NR)
"""
"""Labels and headings that protect a line whatever follows them."""

_WEAK = r"""
        [§&$S85]\s*\d{1,3}\s*[º°oª]?                          # & 1º, 8 2º, S 31, 81º
      | [IVXLCDMHTWivxlcdm1]{1,7}\s*[-–—]                     # HI -, 1 -, Xxv -, IV-
      | [IVXLC]{1,7}\s+(?=[a-zà-ú])                           # II de Presidente (dash lost)
      | [a-zA-Z]\s*\)                                         # b), “b)
      | \d{1,3}\s*[-–—.)]                                     # item 1. / 1 -
"""
"""Labels that OCR debris can imitate: they protect a line only when real words follow."""

_LABEL = patterns.compile(
    r"^[\s\"“”'‘’«(\[]{0,3}(?:(?P<strong>" + _STRONG + r")|(?:" + _WEAK + r")(?P<rest>.*)$)", re.VERBOSE
)
_LEAD = r"^[\s\"“”'‘’«(\[]{0,3}"

_WORD3 = patterns.compile(r"[^\W\d_]{3,}")
_WORD4 = patterns.compile(r"[^\W\d_]{4,}")
_OMISSIS = patterns.compile(r"^[\s\"“”'.…_\-–—]*[.…]{3}[\s\"“”'.…_\-–—]*(?:\(NR\))?\s*$")
_FIELD = patterns.compile(r"^[^\W\d_][^:]{0,30}:\s*\S")
"""'Penalidade: multa': a field of a table or form, which may repeat page after page."""
_HEADING_LABEL_ONLY = patterns.compile(
    _LEAD + r"(?:CAP[IÍ]TULO|Cap[ií]tulo|T[IÍ]TULO|T[ií]tulo|SUBSE[CÇ][AÃ]O|Subse[cç][aã]o"
    r"|SE[CÇ][AÃ]O|Se[cç][aã]o|LIVRO|Livro|PARTE|Parte|SUBT[IÍ]TULO)\s+\S+[\s.:\-–—]*$"
)

# --- Shapes: what furniture looks like ---------------------------------------------------------

_WEB_SHAPE = patterns.compile(r"@[\w-]+\.\w|www\.|https?://|\.(?:gov|leg|com|org|jus|mp|net|edu)\b")
"""E-mail, URL or host name."""
_SITE_PROMPT_START = patterns.compile(
    r"^(?:visualizar|download|baixar|imprimir|compartilhar|acess(?:e|ar)|clique)\b",
    re.IGNORECASE)
_SITE_PROMPT_ANY = patterns.compile(
    r"\bclique\s+(?:aqui|no\s+link|para)\b"
    r"|\bdisponi[bv]ilizad[oa]s?\s+para\s+(?:o\s+)?(?:download|baixar|impress)"
    r"|\best[ea]\s+texto\s+n[ãa]o\s+substitui\b"
    r"|\btexto\s+(?:meramente\s+)?informativo\b.{0,40}\bn[ãa]o\s+substitui\b",
    re.IGNORECASE)
_MENU_ITEM = patterns.compile(r"^[^\W\d_][\w\s.-]{0,24}$")
_MENU_SEP = patterns.compile(r"\s*(?:\||»|›|•|>)\s*")
_MENU_WORD = patterns.compile(r"\b(?:in[íi]cio|home|contato|busca|pesquisa|legisla[çc][ãa]o|login|entrar|sair|voltar"
                        r"|mapa\s+do\s+s[íi]tio|not[íi]cias)\b", re.IGNORECASE)
_SITE_PROMPT_MAX = 200
"""Longest line read as a prompt of the site the text was copied from."""


def site_prompt(text: str) -> bool:
    """A line of the website the text was copied from, not of the act: a link or download
    prompt ('Visualizar Ato: Lei nº 12/2016 - Município-UF', 'Download do documento', 'Arquivo
    completo disponibilizado para download …: clique aqui para baixar'), the site's disclaimer
    ('Este texto não substitui o publicado no Diário Oficial') or a menu ('Início | Legislação |
    Contato'). The shape of a web page's furniture: an interface verb opening a short line that
    names what it links to ('…:') or says nothing else, a prompt to click or download, the
    disclaimer's wording, or three or more short items between menu separators one of which is
    a site's section. Never a line of an act's text: those are sentences with a subject and a
    verb of law, and a label protects a unit's line before this is asked."""
    s = text.strip()
    if not s or len(s) > _SITE_PROMPT_MAX:
        return False
    if _SITE_PROMPT_ANY.search(s):
        return True
    if _SITE_PROMPT_START.match(s) and s[0].isupper() and (":" in s[:40] or len(s.split()) <= 4):
        return True
    items = [i for i in _MENU_SEP.split(s) if i]
    return (len(items) >= 3 and all(_MENU_ITEM.match(i) for i in items)
            and any(_MENU_WORD.search(i) for i in items))


_DIGIT_SHAPE = patterns.compile(
    r"""(?:
        \(\s*\d{2}\s*\)\s*\d{4,5}\s*-?\s*\d{4}\b                     # (66) 3401-2484
      | \b(?:fone|tel|telefone|fax|whatsapp|celular)\b\.?:?\s*\(?\d    # Fone: (66)…
      | \bCEP\b                                                        # CEP 78795-000
      | \bCNPJ\b|\b\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2}\b                  # CNPJ
      | \b\d{5}-\d{3}\b                                                # 78600-023
    )""",
    re.VERBOSE | re.IGNORECASE,
)
"""Phone, fax or CEP (searched only in lines with a digit)."""
_DIGIT = patterns.compile(r"\d")
PAGE_NUMBER = patterns.compile(
    r"""^\s*(?:
        [-–—]\s*\d{1,4}\s*[-–—]                                         # - 3 -
      | p[áa]g(?:ina|\.)?\s*\d{1,4}(?:\s*(?:de|/)\s*\d{1,4})?            # Página 2 de 5
      | \d{1,4}\s*/\s*\d{1,4}                                           # 2/5
      | fls?\.\s*\d{1,4}                                                # fl. 3
    )\s*$""",
    re.VERBOSE | re.IGNORECASE,
)
_PAGE_IN_LINE = patterns.compile(r"\b(?:p[áa]g(?:ina)?\.?|fls?\.)\s*\d{1,4}(?:\s*(?:de|/)\s*\d{1,4})?\b", re.I)
"""'Lei nº 846/2015 – Página 3 de 12': a running footer with the page number inside."""
TOKEN = patterns.compile(r"[^\W_]+")
PROSE_WORD = patterns.compile(r"^[a-zà-ÿ]{3,}$")
_SHAPE_SPAN = patterns.compile(r"\S*(?:@|www\.|https?://|\.br\b|\.com\b|\.gov\b|\.org\b)\S*", re.I)
TERMINAL = (".", ";", ":", "!", "?")

# --- Normalisation -----------------------------------------------------------------------------


def _fold_byte(code: int) -> int:
    ch = chr(code)
    if ch in "ºª°":  # NFKD makes 'º' an 'o': '1º' must not become a word
        return 0x20
    base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c)).lower()
    return ord(base) if len(base) == 1 and base.isascii() and base.isalpha() else 0x20


_FOLD = bytes(_fold_byte(code) for code in range(256))
"""Latin-1 byte → its unaccented lower-case ASCII letter, or a space (a C-speed table)."""


def normal_key(text: str) -> str:
    """Lower case, accents stripped, only letters, single spaces: the repetition key.

    >>> normal_key("PREFEITURA DE PEDRA PRETA.")
    'prefeitura de pedra preta'
    >>> normal_key("Lei de autoria do Executivó Municipal,")
    'lei de autoria do executivo municipal'
    """
    folded = text.encode("latin-1", "replace").translate(_FOLD)  # beyond Latin-1: '?' → space
    return b" ".join(folded.split()).decode("ascii")


def trigrams(key: str) -> set[str]:
    padded = f" {key} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


# --- Per-line facts ----------------------------------------------------------------------------

STRONG, WEAK, FREE = 2, 1, 0
"""Protection levels: never removed; removed only as an exact repeated letterhead; unprotected."""


@dataclass(slots=True)
class LineFacts:
    """What the rule knows about one non-blank line."""

    index: int
    """Position in ``state.lines``."""
    text: str
    """The line stripped of surrounding white space."""
    protection: int
    key: str = ""
    shape: bool = False
    """Mostly an address, phone, e-mail, URL or page number."""
    group: int = -1
    """Fuzzy cluster id (-1: not clustered)."""
    repeated: bool = False
    """Its key occurs more than once verbatim."""
    fragment: bool = False
    """Looks like a piece of a sentence cut by the line end: never a letterhead line itself."""
    reason: str | None = None
    """Why it is furniture (None: content)."""


def _protection(text: str) -> int:
    m = _LABEL.match(text)
    if m is not None:
        if m.group("strong") is not None:
            return STRONG
        rest = m.start("rest")
        if _WORD4.search(text, rest) or len(_WORD3.findall(text, rest, rest + 60)) >= 2:
            return STRONG  # real words follow the label (not 'n) Pp,' or '[9 cp,')
    if ("..." in text or "…" in text) and _OMISSIS.match(text):
        return STRONG
    return FREE


def _is_shape(text: str) -> bool:
    if PAGE_NUMBER.match(text):
        return True
    if not _WEB_SHAPE.search(text):
        if not _DIGIT.search(text):
            return False
        if not _DIGIT_SHAPE.search(text) and not (len(text) <= 80 and _PAGE_IN_LINE.search(text)):
            return False
    return prose_ratio(_SHAPE_SPAN.sub(" ", text)) < 0.5


def line_facts(state: TextState) -> list[LineFacts]:
    facts: list[LineFacts] = []
    heading_pending = False
    for i, line in enumerate(state.lines):
        text = line.text.strip()
        if not text:
            continue
        prot = _protection(text)
        if prot == FREE and heading_pending:
            prot = WEAK  # the name of a heading whose label stands alone on the line before
        heading_pending = prot == STRONG and bool(_HEADING_LABEL_ONLY.match(text))
        fact = LineFacts(i, text, prot)
        if prot != STRONG:
            fact.key = normal_key(text)
            fact.shape = _is_shape(text)
            if prot == FREE and text.endswith(";"):
                fact.protection = WEAK  # a list item or clause: letterheads do not end in ';'
            fact.fragment = not fact.shape and _is_fragment(text, fact.key)
        facts.append(fact)
    return facts


FUNCTION_WORDS = frozenset(
    "a o e as os ao aos da de do das dos em no na nos nas num numa por pelo pela pelos pelas "
    "para com sem que se ou um uma sob sobre entre".split()
)
"""Words a sentence does not end on: a line ending on one continues on the next."""


def _is_fragment(text: str, key: str) -> bool:
    """A line cut out of a sentence: it starts in lower case or ends on ',', '-' or 'de'."""
    if text[0].islower() or text.endswith((",", "-", "–")):
        return True
    last = key.rsplit(" ", 1)[-1]
    return last in FUNCTION_WORDS and not text.endswith((".", ":"))


def is_debris(text: str) -> bool:
    """No word of three letters: scan debris (``[) [)``, ``EA``) or a bare number."""
    return not _WORD3.search(text)


def is_field(text: str) -> bool:
    """'Penalidade: multa': a field of a table or form, which may repeat page after page."""
    return bool(_FIELD.match(text))


def prose_ratio(text: str) -> float:
    """Share of the words of three letters or more that are lower-case (sentence text).

    Short function words (a, o, de, da) and numbers are left out: 'Lei de autoria do Executivo
    Municipal' scores 0.25, a sentence of the act scores near 1.
    """
    long_words = _WORD3.findall(text)
    return sum(1 for w in long_words if w.islower()) / len(long_words) if long_words else 0.0


def sentence_like(text: str) -> bool:
    """Two lower-case words of three letters or more: a piece of a sentence, not debris."""
    return sum(1 for t in TOKEN.findall(text) if PROSE_WORD.match(t)) >= 2


def title_like(text: str) -> bool:
    """Upper-case, short and unpunctuated: how a one-line letterhead looks."""
    return text.upper() == text and len(text.split()) <= 8 and not text.endswith((";", ",", ":"))
