"""Citations in legal text: of acts ("Lei nº 2.217/2001") and of dispositivos ("§ 2º do art. 16").

Tolerant of the typos real texts print: "Lei nº 4,100" (comma for the thousands dot),
"Decreto nº de 4.213" (stray "de"), "Lei Municipal nº 2.244/01" (two-digit year), "LEI Nº
2217, DE 6/1/2001", "nºs 2.331/2002 e 2.421/2003" (several numbers after one type).

Every citation carries its span in the text. Act citations carry an :class:`ActRef`; dispositivo
citations carry the LexML ids they name (several when the text says "as alíneas a e b dos
incisos I e II do art. 3º") and, when an act is cited right after them ("do art. 3º da Lei nº
2.217/2001") or the text says "desta Lei", that act.

>>> [c.act.key for c in find_acts("Revogam-se a Lei Nº 4.092, de 06 de junho de 2019 e Lei Nº 4,100")]
[('lei', '4092', 2019), ('lei', '4100', None)]
>>> find_acts("Decreto Nº de 4.213, de 04 de novembro de 2019")[0].act.data
'2019-11-04'
>>> find_dispositivos("as alíneas \\"a\\" e \\"b\\" dos incisos I e II, do art. 3º")[0].ids
('art3_cpt_inc1_ali1', 'art3_cpt_inc1_ali2', 'art3_cpt_inc2_ali1', 'art3_cpt_inc2_ali2')
>>> find_dispositivos("parágrafo único do art. 5º")[0].ids
('art5_par1u',)
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from itertools import product

from lexconsolida.model.dates import parse_date
from lexconsolida.model.operations import ActRef
from lexconsolida.model.ids import PREFIX_OF_KIND
from lexconsolida.model.numbering import Number, format_act_number, is_roman, letter_to_int, roman_to_int

# --- acts ------------------------------------------------------------------------------------

_TIPOS = [
    (r"lei\s+complementar", "lei.complementar"),
    (r"lei\s+org[âa]nica(?:\s+(?:municipal|do\s+munic[íi]pio))?", "lei.organica"),
    (r"decreto[\s-]+lei", "decreto.lei"),
    (r"decreto\s+legislativo", "decreto.legislativo"),
    (r"emenda\s+constitucional", "emenda.constitucional"),
    (r"emenda\s+[àa]\s+lei\s+org[âa]nica", "emenda.lei.organica"),
    (r"medida\s+provis[óo]ria", "medida.provisoria"),
    (r"resolu[çc][ãa]o", "resolucao"),
    (r"portaria", "portaria"),
    (r"decreto", "decreto"),
    (r"leis?(?:\s+promulgadas?)?", "lei"),
]
_TIPO_RE = "|".join(f"(?P<t{i}>{p})" for i, (p, _) in enumerate(_TIPOS))
_NUM = r"\d{1,3}(?:[.,]\d{3})+|\d+"
_SHORT_DATE = r"\d{1,2}[/.]\d{1,2}[/.]\d{2,4}"
_MONTH = r"(?:jan|fev|mar|abr|mai|jun|jul|ago|set|out|nov|dez)[a-zç]*"
_LONG_DATE = rf"\d{{1,2}}\s*[º°o]?\s+(?:d?e\s+)?{_MONTH}\s+(?:de\s+)?\d\.?\d{{3}}"
"""'7 de agosto de 2019', and as real texts print it: '6 Dezembro de 1961', '18 e Agosto de 2005',
'4 de julho de 1.969'."""
_ONE_NUMBER = rf"""
    (?:{_NUM})
    (?:\s*/\s*\d{{2,4}}(?!\d))?                              # /2001, /01
    (?:\s*,?\s*de\s+(?:{_LONG_DATE}|{_SHORT_DATE}|\d{{4}}\b))?  # , de 7 de agosto de 2019; , de 2010
"""
_ACT = re.compile(
    rf"""
    (?<![\w-])(?:{_TIPO_RE})
    (?P<plural>s)?                                            # Leis
    (?:\s+(?P<esfera>municipa(?:l|is)|federa(?:l|is)|estadua(?:l|is)))?
    (?:\s+de)?                                                # "Leis Federais de nº"
    \s*(?:n\s*[º°o.]+\s*s?\.?|nr?\.|n[º°]s|número)?          # nº, n°, no, N.º, nºs
    \s*(?:de\s+)?                                             # "Decreto nº de 4.213" (typo)
    (?P<numbers>{_ONE_NUMBER}(?:\s*(?:,\s*e\b|;\s*e\b|,|\be\b|;(?=\s*n[º°o]))\s*(?:n[º°o]\s*)?{_ONE_NUMBER})*)
    """,
    re.IGNORECASE | re.VERBOSE,
)
_ONE_NUMBER_RE = re.compile(
    rf"""(?P<num>{_NUM})(?:\s*/\s*(?P<ano>\d{{2,4}})(?!\d))?
         (?:\s*,?\s*de\s+(?:(?P<data>{_LONG_DATE}|{_SHORT_DATE})|(?P<anodata>\d{{4}})\b))?""",
    re.IGNORECASE | re.VERBOSE,
)

_BILL = re.compile(r"projeto\s+de\s*$", re.IGNORECASE)

_TYPE_WORDS = ("lei", "complementar", "decreto", "legislativo", "resolucao", "portaria", "organica",
               "municipal", "federal", "estadual")
"""The words of act types (and spheres) as the citation pattern spells them, accents stripped."""
_SPELLED = re.compile(
    r"(?:leis?|complementar(?:es)?|decretos?|legislativos?|resolu[çc](?:[ãa]o|[õo]es)|portarias?"
    r"|org[âa]nicas?|municipa(?:l|is)|federa(?:l|is)|estadua(?:l|is))", re.IGNORECASE)
_NUMBER_SIGN = re.compile(r"\bn(?:\s*[º°o.]+\s*s?\.?|r\.|[º°]s)\s*\d", re.IGNORECASE)
_WORDS_BEFORE = re.compile(r"(?<![\w-])(?:[^\W\d_]{2,16}\s+){0,2}[^\W\d_]{2,16}\s*$")


def _plain(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if not unicodedata.combining(c))


def _type_word(word: str) -> str | None:
    """The act-type word ``word`` misspells ('COMPLEMTENTAR', 'Le'), or None: same first letter,
    at most two letters longer or shorter, and close by :class:`difflib.SequenceMatcher` (0.8
    for the short 'lei', 0.85 otherwise)."""
    w = _plain(word)
    if _SPELLED.fullmatch(word) or len(w) < 2:
        return None
    for t in _TYPE_WORDS:
        if w[0] == t[0] and abs(len(w) - len(t)) <= 2:
            ratio = difflib.SequenceMatcher(None, w, t).ratio()
            if ratio >= (0.8 if len(t) <= 3 else 0.85):
                return t
    return None


def _repair_type_words(text: str) -> tuple[str, Callable[[int], int]]:
    """``text`` with the misspelt type words right before a number ('LEI COMPLEMTENTAR Nº 02',
    'da Le nº 2.987') written as the pattern knows them, and a map from its positions back to
    ``text``'s. Drafters' typos mined from the acervo; no list of typos is kept."""
    edits: list[tuple[int, int, str]] = []
    for sign in _NUMBER_SIGN.finditer(text):
        lo = max(0, sign.start() - 60)
        m = _WORDS_BEFORE.search(text, lo, sign.start())
        if m is None:
            continue
        for w in re.finditer(r"[^\W\d_]+", m.group(0)):
            fixed = _type_word(w.group(0))
            if fixed is not None:
                edits.append((m.start() + w.start(), m.start() + w.end(), fixed))
    if not edits:
        return text, lambda i: i
    parts, marks, last, shift = [], [], 0, 0
    for start, end, fixed in edits:
        parts += [text[last:start], fixed]
        marks.append((start + shift, start + shift + len(fixed), start, end))
        shift += len(fixed) - (end - start)
        last = end
    parts.append(text[last:])

    def back(i: int) -> int:
        delta = 0
        for new_start, new_end, start, end in marks:
            if i < new_start:
                break
            if i < new_end:
                return start if i == new_start else end
            delta = end - new_end
        return i + delta

    return "".join(parts), back

KNOWN_NAMES: list[tuple[str, str, str]] = [
    (r"constitui[çc][ãa]o\s+(?:federal|da\s+rep[úu]blica)", "urn:lex:br:federal:constituicao:1988-10-05;1988",
     "Constituição Federal"),
    (r"consolida[çc][ãa]o\s+das\s+leis\s+do\s+trabalho", "urn:lex:br:federal:decreto.lei:1943-05-01;5452",
     "Consolidação das Leis do Trabalho"),
    (r"c[óo]digo\s+de\s+tr[âa]nsito\s+brasileiro", "urn:lex:br:federal:lei:1997-09-23;9503",
     "Código de Trânsito Brasileiro"),
    (r"c[óo]digo\s+tribut[áa]rio\s+nacional", "urn:lex:br:federal:lei:1966-10-25;5172",
     "Código Tributário Nacional"),
    (r"c[óo]digo\s+civil", "urn:lex:br:federal:lei:2002-01-10;10406", "Código Civil"),
]
"""Acts cited by name (federal codes): pattern, URN, name."""
_KNOWN_RE = re.compile("|".join(f"(?P<k{i}>{p})" for i, (p, _, _) in enumerate(KNOWN_NAMES)), re.I)

LOCAL_NAMES: list[tuple[str, str, str]] = [
    (r"lei\s+org[âa]nica(?:\s+(?:municipal|do\s+munic[íi]pio(?:\s+de\s+[A-ZÀ-Ý][\w-]*(?:\s+(?:de\s+)?[A-ZÀ-Ý][\w-]*)*)?))?"
     r"(?![\w-])", "lei.organica", "Lei Orgânica do Município"),
    (r"regimento\s+interno(?:\s+da\s+c[âa]mara(?:\s+municipal)?(?:\s+de\s+vereadores)?)?", "resolucao",
     "Regimento Interno"),
    (r"c[óo]digo\s+tribut[áa]rio\s+(?:municipal|do\s+munic[íi]pio)", "lei.complementar",
     "Código Tributário Municipal"),
    (r"c[óo]digo\s+de\s+posturas(?:\s+(?:municipal|do\s+munic[íi]pio))?", "lei",
     "Código de Posturas"),
    (r"c[óo]digo\s+de\s+obras(?:\s+(?:municipal|do\s+munic[íi]pio))?", "lei", "Código de Obras"),
    (r"c[óo]digo\s+do\s+meio\s+ambiente", "lei", "Código do Meio Ambiente"),
    (r"estatuto\s+d[oa]s?\s+(?:servidor(?:es)?|funcion[áa]rios?|magist[ée]rio)(?:\s+p[úu]blicos?)?"
     r"(?:\s+(?:civis\s+)?(?:municipais|do\s+munic[íi]pio(?:\s+de\s+[A-ZÀ-Ý][\w-]*(?:\s+(?:de\s+)?[A-ZÀ-Ý][\w-]*)*)?))?",
     "lei.complementar", "Estatuto dos Servidores"),
    (r"plano\s+diretor(?:\s+de\s+desenvolvimento(?:\s+urbano)?)?(?:\s+(?:municipal|do\s+munic[íi]pio))?", "lei",
     "Plano Diretor"),
    (r"projeto(?=\s*(?:[,.;:]|$)|\s+(?:a|com\s+a)\s+seguinte|\s+nos\s+termos)", "projeto", "Projeto"),
]
"""Acts of the municipality cited by name, without a number ('da Lei Orgânica Municipal'):
pattern, URN type, name. They are another act than the citing one, found in the acervo only
when it holds exactly one act of that type; ``amend`` takes the BASE of its command line."""
_LOCAL_RE = re.compile("|".join(f"(?P<k{i}>{p})" for i, (p, _, _) in enumerate(LOCAL_NAMES)), re.I)


def format_number(digits: str) -> str:
    """'2217' → '2.217' (acts print thousands with a dot)."""
    return format_act_number(digits)


@dataclass(slots=True, frozen=True)
class Citation:
    """One citation found in a text."""

    start: int
    end: int
    text: str
    """The cited words as printed."""
    act: ActRef | None = None
    """The act cited (for a dispositivo citation: the act named after it)."""
    ids: tuple[str, ...] = ()
    """LexML ids of the dispositivos cited; empty for a citation of a whole act."""
    proprio: bool = False
    """True for 'desta Lei', 'deste artigo' …: the citing act itself."""
    incompleto: bool = False
    """True when the dispositivo chain lacks its article ('o inciso II', 'a alínea c')."""
    target: str | None = None
    """Resolved URN (with '!id' for a single dispositivo) when a resolver found the act."""
    context: tuple[str, ...] = field(default=())
    """Words before the citation that qualify it ('alterada pela')."""
    conflito: str | None = None
    """Why a chain of the citation names no unit ('o parágrafo primeiro, do inciso II, do art.
    4º': a parágrafo is never inside an inciso); its ids are left out, for a person to decide."""
    outra_numeracao: tuple[str, ...] = ()
    """Ids a parenthesis gives as another number of the cited unit ('o Art. 6º (ex art. 7º)',
    '(antigo art. 7º)', '(atual art. 6º)'): never a second cited dispositivo, but a sign that
    the numbering the act sees is not the one of the norm it amends."""
    agrupador: bool = False
    """A citation of agrupadores ('o Capítulo V', 'a Seção IV do Capítulo III'): its ids are
    the agrupadores' kind and number from the outermost cited down ('cap3_sec4'), which the
    applier finds wherever they sit in the norm. Only :func:`find` with ``agrupadores=True``
    gives them (a link to a chapter is not a page anchor)."""
    na_ementa: bool = False
    """Cited inside the ementa another act is named by ('a Lei nº 1.778, que "Regulamenta o Art.
    136, VII, da Lei Orgânica"', 'a Lei nº 41 (que altera a Lei nº 1.612/92)'): it describes that
    act, it is not cited by the text itself (see :func:`find`)."""


def _year(text: str | None) -> int | None:
    if not text:
        return None
    y = int(text)
    if y < 100:
        y += 2000 if y < 50 else 1900
    return y


def _act_from_number(tipo: str, esfera: str | None, m: re.Match) -> ActRef:
    numero = re.sub(r"\D", "", m.group("num")).lstrip("0") or "0"
    data = None
    if m.group("data"):
        data = parse_date(m.group("data"))
    ano = _year(m.group("ano")) or (int(data[:4]) if data else None) or _year(m.group("anodata"))
    return ActRef(tipo=tipo, numero=numero, ano=ano, data=data, esfera=esfera)


def find_acts(text: str) -> list[Citation]:
    """Every act citation in ``text`` (one per number when several follow one type)."""
    out: list[Citation] = []
    fixed, back = _repair_type_words(text)
    for m in _ACT.finditer(fixed):
        if _BILL.search(fixed, max(0, m.start() - 30), m.start()):
            continue  # "Projeto de Lei nº 125/2000" is a bill, not an act
        tipo = next(_TIPOS[int(k[1:])][1] for k, v in m.groupdict().items()
                    if k.startswith("t") and k[1:].isdigit() and v)
        esfera = m.group("esfera")
        esfera = esfera.lower().replace("is", "l").rstrip("s") if esfera else None
        if esfera:
            esfera = {"municipal": "municipal", "federal": "federal", "estadual": "estadual",
                      "municipa": "municipal", "federa": "federal", "estadua": "estadual"}[esfera]
        base = m.start("numbers")
        for n in _ONE_NUMBER_RE.finditer(m.group("numbers")):
            start = back(m.start() if n.start() == 0 else base + n.start())
            end = back(base + n.end())
            out.append(Citation(start, end, text[start:end], act=_act_from_number(tipo, esfera, n)))
    for m in _KNOWN_RE.finditer(text):
        i = int(next(k for k, v in m.groupdict().items() if v)[1:])
        _, urn, nome = KNOWN_NAMES[i]
        if any(c.start <= m.start() < c.end for c in out):
            continue
        tipo = urn.split(":")[4]
        out.append(Citation(m.start(), m.end(), m.group(0),
                            act=ActRef(tipo=tipo, urn=urn, nome=nome, esfera="federal")))
    for m in _LOCAL_RE.finditer(text):
        i = int(next(k for k, v in m.groupdict().items() if v)[1:])
        _, tipo, nome = LOCAL_NAMES[i]
        if any(c.start <= m.start() < c.end or m.start() <= c.start < m.end() for c in out):
            continue  # 'Lei Orgânica nº 1' is a numbered citation; a federal code came first
        if re.match(r"\s*(?:n[º°o.]|\d)", text[m.end():m.end() + 6]):
            continue
        numbered = _apposition(text, m, out) if tipo != "lei.organica" else None
        if numbered is not None:  # 'Código Tributário do Município - Lei nº 870/79': one act
            out.remove(numbered)
            out.append(Citation(m.start(), numbered.end, text[m.start():numbered.end],
                                act=replace(numbered.act, nome=nome) if numbered.act else None))
            continue
        if any(_AFTER_NUMBER.fullmatch(text, c.end, m.start()) for c in out if c.act and c.act.numero):
            continue  # 'Lei Complementar nº 3/2000 (Código Tributário Municipal)': the same act
        out.append(Citation(m.start(), m.end(), m.group(0).rstrip(),
                            act=ActRef(tipo=tipo, nome=nome, esfera="municipal")))
    out.sort(key=lambda c: c.start)
    return out


_PLACE = r"(?:\s+d[eo]\s+[A-ZÀ-Ý][\w-]*(?:\s+(?:d[aeo]s?\s+)?[A-ZÀ-Ý][\w-]*)*)?"
_BEFORE_NUMBER = re.compile(_PLACE + r"\s*(?:,|[-–]|\()\s*")
"""Between an act's name and its number in apposition: '… do Município de Feira de Santana - ',
', ', ' ('."""
_AFTER_NUMBER = re.compile(r"[^\S\n]*(?:,|[-–]|\()[^\S\n]*")
"""Between an act's number and its name in apposition: ' (', ', ', ' - '."""


def _apposition(text: str, name: re.Match, numbered: list[Citation]) -> Citation | None:
    """The numbered act citation that gives the number of the act cited by ``name`` right after
    it ('Código Tributário do Município de Feira de Santana - Lei nº 870/79'), if any."""
    gap = _BEFORE_NUMBER.match(text, name.end())
    if gap is None:
        return None
    return next((c for c in numbered if c.start == gap.end() and c.act is not None and c.act.numero), None)


# --- dispositivos ----------------------------------------------------------------------------

RANK = {"artigo": 0, "caput": 1, "paragrafo": 2, "inciso": 3, "alinea": 4, "item": 5}

_KIND_WORD = re.compile(
    r"""(?P<artigo>\bart(?:igo)?s?(?:\b|(?=\d))\.{0,2})
      | (?P<unico>["“”]?(?:par[áa]grafo\s+|§\s*)[úu]nico\b["“”]?)
      | (?P<paragrafo>§§?|\bpar[áa]grafos?\b)
      | (?P<inciso>\bincisos?\b|\binc\.)
      | (?P<alinea>\bal[íi]neas?\b|\bletras?\b)
      | (?P<item>\b[ií]te(?:m|ns)\b)
      | (?P<caput>["“”]?\bcaput\b["“”]?)
    """,
    re.IGNORECASE | re.VERBOSE,
)
_ARABIC = (r"\d+\s*[º°oª]?(?:(?:-[A-Z]\b)+|\s*-\s*[A-Z]\b|(?<=[º°])[A-Z]\b|\s+[A-Z](?=\s*[-–]\s)"
           r"|(?<=[º°])\s+[A-Z](?=,))?")
"""'5º', '5º-A', '5-A-B', '18 - A', and as real texts print it: '2ºA', '4º A - ', 'artigo 8º A, §
1º'. One spaced suffix at most: in 'Art. 9º A - O piso', 'O' is the first word of the text, not a
second suffix."""
_ROMAN = r"\b[IVXLCDM]+(?:-[A-Z])?\b"
_LETTER = r"""["“”']\s*[a-z]{1,2}\s*["“”']|[a-z](?![\w])"""

# --- numbers written in words ('o parágrafo terceiro, do artigo nono', 'o artigo quatorze') ---

_CARDINALS = {
    **dict.fromkeys(("um", "uma"), 1), **dict.fromkeys(("dois", "duas"), 2), "tres": 3, "quatro": 4,
    "cinco": 5, "seis": 6, "sete": 7, "oito": 8, "nove": 9, "dez": 10, "onze": 11, "doze": 12,
    "treze": 13, **dict.fromkeys(("quatorze", "catorze"), 14), "quinze": 15,
    **dict.fromkeys(("dezesseis", "dezasseis"), 16), **dict.fromkeys(("dezessete", "dezassete"), 17),
    "dezoito": 18, **dict.fromkeys(("dezenove", "dezanove"), 19), "vinte": 20, "trinta": 30,
    "quarenta": 40, "cinquenta": 50, "sessenta": 60, "setenta": 70, "oitenta": 80, "noventa": 90,
    "cem": 100, "cento": 100, "duzentos": 200, "trezentos": 300, "quatrocentos": 400,
    "quinhentos": 500, "seiscentos": 600, "setecentos": 700, "oitocentos": 800, "novecentos": 900,
}
_ORDINALS = {
    "primeiro": 1, "segundo": 2, "terceiro": 3, "quarto": 4, "quinto": 5, "sexto": 6, "setimo": 7,
    "oitavo": 8, "nono": 9, "decimo": 10, "vigesimo": 20, "trigesimo": 30, "quadragesimo": 40,
    "quinquagesimo": 50, "sexagesimo": 60, **dict.fromkeys(("septuagesimo", "setuagesimo"), 70),
    "octogesimo": 80, "nonagesimo": 90, "centesimo": 100, "ducentesimo": 200, "tricentesimo": 300,
    **dict.fromkeys(("quadringentesimo", "quadrigentesimo"), 400), "quingentesimo": 500,
    **dict.fromkeys(("sexcentesimo", "seiscentesimo"), 600),
    **dict.fromkeys(("septingentesimo", "septigentesimo", "setingentesimo"), 700),
    **dict.fromkeys(("octingentesimo", "octigentesimo"), 800),
    **dict.fromkeys(("nongentesimo", "noningentesimo"), 900),
}
"""Portuguese number words as drafters spell articles and paragraphs out: LC 95/1998 reads
ordinals up to nono and cardinals from dez ('artigo nono', 'artigo dez'); older texts write
ordinals further ('artigo décimo primeiro'). Keys without accents ('setimo' and 'sétimo' are
both printed). A table and not a library: text2num reads Portuguese only with its accents and
leaves 'primeiro', 'um', 'dois' unconverted, and num2words goes only from numbers to words (the
tests use it as the oracle of this table)."""
_WORD = re.compile(r"\s*([^\W\d_]+)")


def _spelled(text: str, pos: int) -> tuple[int, int] | None:
    """The number written in words at ``pos`` ('nono', 'vinte e um', 'décimo primeiro',
    'cento e dez') and where it ends; None when no number word starts there. Parts go down in
    magnitude (hundreds, tens, units), cardinals joined by 'e', ordinals by a space."""
    best: tuple[int, int] | None = None
    total, last, kind, joined = 0, 4, "", False
    at = pos
    while True:
        m = _WORD.match(text, at)
        if not m:
            break
        word = _plain(m.group(1))
        if word == "e" and kind == "card" and not joined:
            joined, at = True, m.end()
            continue
        if word in _CARDINALS and kind in ("", "card") and (kind == "" or joined):
            value, kind = _CARDINALS[word], "card"
        elif word in _ORDINALS and kind in ("", "ord") and not joined:
            value, kind = _ORDINALS[word], "ord"
        else:
            break
        magnitude = len(str(value))
        if magnitude >= last:
            break
        total += value
        last = 0 if word == "cem" else 1 if 10 < value < 20 or value == 10 and kind == "card" else magnitude
        joined, at = False, m.end()
        best = (total, at)
    return best


_NUMBER_OF = {"artigo": _ARABIC, "paragrafo": _ARABIC, "item": _ARABIC, "inciso": _ROMAN, "alinea": _LETTER}
_LIST_SEP = r"(?:\s*,\s*e\s+|\s*,\s*|\s+e\s+|\s+[aà]\s+|\s+ao\s+(?=\d))"
_GLUE = re.compile(
    r"""(?:\s|,|(?<=\s)[-–](?=\s)|\b(?:do|da|dos|das|de|no|na|nos|nas|ao|aos|o|os|a|as|e|em|seus|suas|
        respectiv[oa]s?|mesmo|referido)\b)*""",
    re.IGNORECASE | re.VERBOSE,
)
_SELF = re.compile(r"\s*,?\s*(?:dest[ea]|nest[ea]|da\s+presente|do\s+presente)\s+"
                   r"(?P<what>lei|decreto|resolu[çc][ãa]o|emenda|norma|artigo|c[óo]digo)\b",
                   re.IGNORECASE)


_SELF_ALONE = re.compile(r"(?P<w>\b(?:dest[ea]|da\s+presente|do\s+presente)\s+"
                         r"(?:lei|decreto|resolu[çc][ãa]o|emenda|norma|c[óo]digo)\b)", re.IGNORECASE)


@dataclass(slots=True)
class _Term:
    kind: str
    numbers: list[Number | None]
    """None: Parágrafo único."""
    start: int
    respective: bool = False
    """'e suas respectivas alíneas': the parents are targets too."""
    glue: str = "then"
    """How the term joins the one printed before it (:func:`_glue_kind`)."""
    inside: str | None = None
    """Set when the term is printed as the parent ('do inciso II') of a unit that cannot sit in
    it: the kind of that unit ('paragrafo')."""
    other_number: list[str] = field(default_factory=list)
    """Ids of '(ex art. 7º)' printed right after the term (:attr:`Citation.outra_numeracao`)."""


_GLUE_CHILD = re.compile(r"respectiv|\bseus\b|\bsuas\b", re.IGNORECASE)
_GLUE_AND = re.compile(r"\be\b", re.IGNORECASE)
_GLUE_OF = re.compile(r"\b(?:d[oa]s?|de|n[oa]s?|aos?|em)\b", re.IGNORECASE)
_GLUE_ARTICLE = re.compile(r"\b(?:[oa]s?)\b", re.IGNORECASE)


def _glue_kind(glue: str) -> str:
    """How a term joins the one before it, from the words between them:
    'child' ('e suas respectivas alíneas'), 'and' (another member of a list: 'e', 'e do',
    ', o'), 'of' (its parent: 'do', ', da', 'no', 'ao'), 'then' (a comma or nothing: the
    next step of a chain printed from the article down, 'art. 3º, inciso II, alínea b') or
    'stop' (an article alone, no comma: 'Acrescente-se ao art. 5º o inciso IV', another noun
    phrase begins)."""
    if _GLUE_CHILD.search(glue):
        return "child"
    if _GLUE_AND.search(glue):
        return "and"
    if _GLUE_OF.search(glue):
        return "of"
    if _GLUE_ARTICLE.search(glue):
        return "and" if "," in glue else "stop"
    return "then"


def _parse_number(kind: str, token: str) -> Number:
    token = token.strip().strip("\"“”'").strip()
    if kind == "inciso":
        head, _, suf = token.partition("-")
        return Number(roman_to_int(head), (suf,) if suf else ())
    if kind == "alinea":
        return Number(letter_to_int(token))
    token = re.sub(r"(?<=[\dº°])\s*(?<!-)([A-Z])$", r"-\1", token.replace("ª", "º").strip())
    return Number.parse_arabic(token)  # 'art. 40ª': a feminine ordinal typed for º


_ONE = {kind: re.compile(r"\s*(" + pat + ")", re.IGNORECASE if kind == "alinea" else 0)
        for kind, pat in _NUMBER_OF.items()}
_SIGN_AGAIN = re.compile(r"(?:§+\s*)?")
_SEP = re.compile(_LIST_SEP, re.IGNORECASE)  # 'INCISOS I E II', 'LETRAS A E B'
_UNTIL = re.compile(r"\s+at[ée]\s+", re.IGNORECASE)
"""'as alíneas “b” até “e”', 'incisos I até IV': a range, for letters and roman numbers only (after
figures, 'até 31 de dezembro' is a date)."""


def _one_number(kind: str, text: str, pos: int, spelled: bool | None) -> tuple[Number, int, str] | None:
    """The number of ``kind`` at ``pos``, where it ends and its token; articles and paragraphs
    also in words ('nono', 'vinte e um'), when ``spelled`` is not False ('um' alone is the
    article 'a/one' of 'terá um parágrafo único', never a number here)."""
    m = _ONE[kind].match(text, pos)
    if m and not (kind == "inciso" and not is_roman(m.group(1).split("-")[0])):
        if spelled is not True:
            return _parse_number(kind, m.group(1)), m.start(1) + len(m.group(1).rstrip()), m.group(1)
        return None
    if kind in ("artigo", "paragrafo") and spelled is not False:
        found = _spelled(text, pos)
        if found and _plain(text[pos:found[1]].strip()) not in ("um", "uma"):
            return Number(found[0]), found[1], text[pos:found[1]]
    return None


def _numbers_at(kind: str, text: str, pos: int) -> tuple[list[Number], int]:
    """Parse a list of numbers of ``kind`` at ``pos`` ('I e II', 'a, b e c', '1º a 5º',
    'primeiro e segundo'), each in the style of the first (figures or words)."""
    first = _one_number(kind, text, pos, None)
    if first is None:
        return [], pos
    n, end, token = first
    nums = [n]
    spelled = not token.strip()[0].isdigit() if kind in ("artigo", "paragrafo") else None
    quoted = token.strip()[0] in "\"“”'"
    while True:
        sep = _SEP.match(text, end) or (_UNTIL.match(text, end) if kind in ("inciso", "alinea") else None)
        if not sep:
            break
        at = sep.end()
        if kind == "paragrafo":  # 'os § 1º a § 5º': the sign printed again before each number
            at = _SIGN_AGAIN.match(text, at).end()
        found = _one_number(kind, text, at, spelled)
        if found is None:
            break
        n, nend, token = found
        if kind == "alinea" and quoted != (token.strip()[0] in "\"“”'"):
            break  # 'a, b e c, e inciso II': a bare connector after quoted letters
        if kind == "alinea" and not quoted and token.strip().lower() in ("e", "a", "o"):
            break
        if sep.group(0).strip().lower() in ("a", "à", "ao", "até", "ate") and n.value > nums[-1].value and not n.suffixes \
                and not nums[-1].suffixes:
            # a range of any kind: 'incisos I a III', 'arts. 1º ao 5º', 'as alíneas “a” a “c”' (a, b and c)
            nums.extend(Number(v) for v in range(nums[-1].value + 1, n.value + 1))
        else:
            nums.append(n)
        end = nend
    return nums, end


_WORD_NOT_LETTER = re.compile(r"\s*[aeo]\b(?!\s*(?:[,;.)]|$)|\s+(?:e|d[oa]s?|de|dest[ea]|n[oa]s?)\b)",
                              re.IGNORECASE)
"""After 'letra(s)', as older texts cite alíneas ('letras A e B do art. 186'), a bare a, e or o
that goes on with another word is the Portuguese word ('com letras e números'), not the alínea."""


_OF_NUMBERS = re.compile(r"\s+de\s+n[º°o]s?\.?\s*(?=\d)", re.IGNORECASE)


def _scan_terms(text: str, pos: int) -> tuple[list[_Term], int]:
    """Terms of one dispositivo citation starting at ``pos``; returns them and the end."""
    terms: list[_Term] = []
    end = pos
    cur = pos
    while True:
        glue = _GLUE.match(text, cur)
        at = glue.end() if glue else cur
        how = _glue_kind(glue.group(0)) if glue and terms else "then"
        if how == "stop":
            break  # 'ao art. 5º o inciso IV': the article opens another noun phrase
        respective = how == "child"
        m = _KIND_WORD.match(text, at)
        if m:
            kind = m.lastgroup or ""
            if kind == "unico":
                terms.append(_Term("paragrafo", [None], m.start(), respective, how))
                cur = end = m.end()
                continue
            if kind == "caput":
                terms.append(_Term("caput", [None], m.start(), respective, how))
                cur = end = m.end()
                continue
            at_numbers = m.end()
            sign = _OF_NUMBERS.match(text, at_numbers)
            if sign is not None and kind in ("artigo", "paragrafo", "inciso", "item"):
                at_numbers = sign.end()  # 'os artigos de nºs 43 a 53'
            nums, nend = _numbers_at(kind, text, at_numbers)
            if not nums and kind == "item":
                # 'o item XVII', 'os ítens XI e XII': older texts call incisos 'itens' (items are
                # numbered in figures): a roman number is an inciso's
                nums, nend = _numbers_at("inciso", text, at_numbers)
                if nums:
                    kind = "inciso"
            if m.group(0)[:1] in "lL" and _WORD_NOT_LETTER.match(text, m.end()):
                nums = []  # 'com letras e números': a word, not alínea 'e'
            if not nums:
                if respective and kind == "paragrafo":  # 'e seus parágrafos': implied by the article
                    cur = end = m.end()
                    continue
                break
            terms.append(_Term(kind, list(nums), m.start(), respective, how))
            cur = end = _other_number(text, nend, terms[-1])
            continue
        # bare roman after a comma, in descending chains: "art. 16, VII, § 1º"
        if terms and glue and "," in glue.group(0) and terms[-1].kind in ("artigo", "paragrafo"):
            nums, nend = _numbers_at("inciso", text, at)
            if nums:
                terms.append(_Term("inciso", nums, at, glue=how))
                cur = end = nend
                continue
        # bare article numbers after a unit of an earlier one: 'arts. 2º, inciso V, 3º, 5º e 6º'
        if (terms and glue and how in ("then", "and") and terms[0].kind == "artigo"
                and any(t.kind != "artigo" for t in terms)
                and _PLURAL_ARTICLES.match(text, terms[0].start) and _BARE_ARTICLE.match(text, at)):
            one = _one_number("artigo", text, at, False)
            if one:  # one at a time: in '3º, 5º, § único' the § único is the 5º's
                terms.append(_Term("artigo", [one[0]], at, glue="and"))
                cur = end = one[1]
                continue
        break
    return terms, end


_PLURAL_ARTICLES = re.compile(r"art(?:igo)?s\b", re.IGNORECASE)
_BARE_ARTICLE = re.compile(r"\d+\s*[º°](?:-[A-Z]\b)?(?=\s*(?:,|\be\b|§|\bpar[áa]grafo|$))|\d+(?=\s*(?:,|\be\b|$))")
"""A number that can only be another article of the list: '3º,', '5º §', '10 e'."""


_OTHER_NUMBER = re.compile(r"\s*\(\s*(?:ex|antig[oa]s?|atua(?:l|is)|anteriormente|renumerad[oa]s?(?:\s+como)?)"
                           r"(?:\s*-\s*|\s+)(?=[a-z§])", re.IGNORECASE)
_CLOSE = re.compile(r"\s*\)")


def _other_number(text: str, pos: int, term: _Term) -> int:
    """After a term, a parenthesis that gives another number of the same unit ('Art. 6º (ex art.
    7º)', '(antigo art. 7º)', '(atual § 2º)'): its ids go to ``term.other_number`` and the scan
    goes on after it. Returns where the scan goes on."""
    m = _OTHER_NUMBER.match(text, pos)
    if not m:
        return pos
    inner, end = _scan_terms(text, m.end())
    close = _CLOSE.match(text, end)
    if not inner or not close:
        return pos
    term.other_number = _ids_of(inner)[0]
    return close.end()


_KIND_NAME = {"artigo": "um artigo", "caput": "um caput", "paragrafo": "um parágrafo", "inciso": "um inciso",
              "alinea": "uma alínea", "item": "um item"}


def _ids_of(terms: list[_Term]) -> tuple[list[str], bool, str | None]:
    """The ids the terms of one citation name, whether a chain lacks its article, and why a
    chain names no unit (in Portuguese; LC 95/1998, art. 10 orders the units): such a chain
    ('o parágrafo primeiro, do inciso II') gives no id."""
    ids: list[str] = []
    incompleto = False
    conflito = None
    for chain in _chains(terms):
        bad = next((t for t in chain if t.inside), None)
        if bad is not None and bad.inside is not None:
            conflito = conflito or f"{_KIND_NAME[bad.inside]} não fica dentro de {_KIND_NAME[bad.kind]} (LC 95/1998, art. 10)"
            continue
        if chain[0].kind != "artigo":
            incompleto = True
        for i in _chain_ids(chain, any(t.respective for t in chain)):
            if i not in ids:
                ids.append(i)
    return ids, incompleto, conflito


def _has_article(member: list[_Term]) -> bool:
    return any(t.kind == "artigo" for t in member)


def _descending(member: list[_Term]) -> bool:
    """A member printed from the article down ('art. 3º, inciso I'): its first two terms go down."""
    return len(member) > 1 and RANK[member[1].kind] > RANK[member[0].kind]


def _members(terms: list[_Term]) -> list[list[_Term]]:
    """The members of a list of dispositivos, each a chain of terms as printed. A member starts
    at 'e' or ', o' ('o inciso III do art. 4º e o § 2º do art. 7º'); at a repeated rank ('art.
    43, § 1º, inciso II, § 3º'); and, in a chain printed from the article down, at a term of
    higher rank after a comma ('art. 16, VII, § 1º': § 1º of art. 16, not of its inciso VII).
    A member started by a repeated or higher rank keeps the terms printed before it that rank
    above it (the article)."""
    members: list[list[_Term]] = []
    for t in terms:
        cur = members[-1] if members else []
        if not cur or t.glue == "and" or t.glue == "then" and _closed(cur):
            members.append([t])
            continue
        rank = RANK[t.kind]
        if t.glue == "of" and t.kind != "caput":
            # 'o parágrafo primeiro, do inciso II' (an article is the root whatever the order:
            # 'o artigo 197, da letra "C"' is its alínea c)
            top = min((c for c in cur if c.kind not in ("caput", "artigo")), key=lambda c: RANK[c.kind],
                      default=None)
            if top is not None and RANK[top.kind] <= rank:
                t.inside = top.kind
                cur.append(t)
                continue
        if any(RANK[c.kind] == rank for c in cur):
            idx = next(i for i, c in enumerate(cur) if RANK[c.kind] == rank)
            members.append(_above(cur[:idx], rank) + [t])
        elif t.glue == "then" and _descending(cur) and rank < RANK[cur[-1].kind]:
            members.append(_above(cur, rank) + [t])
        else:
            cur.append(t)
    return members


def _closed(member: list[_Term]) -> bool:
    """A chain printed up to its article ('o inciso XI do art. 37'): what a comma brings next is
    another member ('…, § 4º do art. 39')."""
    return len(member) > 1 and member[-1].kind == "artigo" and not _descending(member)


def _above(terms: list[_Term], rank: int) -> list[_Term]:
    """The terms a unit of ``rank`` shares with the ones printed before it: those above it,
    except a caput (a § is not in the caput; an inciso's 'cpt' comes from :func:`id_for`)."""
    return [t for t in terms if RANK[t.kind] < rank and t.kind != "caput"]


def _chains(terms: list[_Term]) -> list[list[_Term]]:
    """The chains a citation names, each from the article down. A member without its article
    shares the article (and the units above it) that a list prints once:
    - at its end, after the head of a later member ('o inciso I, e a alínea "a", do inciso II,
      do § 2º, do art. 174': inciso I of § 2º of art. 174 — the head of the later member, the
      alínea, is its own, and so is any unit of the first member's rank or below);
    - else before it, in a chain printed from the article down ('art. 3º, inciso I, alíneas a e
      b, e inciso II, alínea c'; 'o caput do art. 2º e os incisos II e IX')."""
    members = _members(terms)
    out: list[list[_Term]] = []
    for i, member in enumerate(members):
        if not _has_article(member):
            top = min(RANK[t.kind] for t in member)
            later = next((m for m in members[i + 1:] if _has_article(m)), None)
            shared: list[_Term] = []
            if later is not None:
                shared = _above(later, min(top, RANK[later[0].kind]))
            if not _has_article(shared) and out:
                shared = _above(out[-1], top)
            member = shared + member
        out.append(member)
    return [sorted(c, key=lambda t: RANK[t.kind]) for c in out]


def id_for(path: list[tuple[str, Number | None]]) -> str:
    """LexML id of a path of (kind, number) from the article down ('art3', 'inc2', 'ali1')."""
    parts: list[str] = []
    prev = None
    for kind, num in path:
        if kind == "caput":
            parts.append("cpt")
        elif kind == "paragrafo" and num is None:
            parts.append("par1u")
        else:
            if kind in ("inciso", "alinea") and prev in ("artigo", None) and parts:
                parts.append("cpt")
            parts.append(PREFIX_OF_KIND[kind] + num.id_part)
        prev = kind
    # a caput followed by its own inciso: 'cpt' already present once
    out: list[str] = []
    for p in parts:
        if p == "cpt" and out and out[-1] == "cpt":
            continue
        out.append(p)
    return "_".join(out)


def _chain_ids(chain: list[_Term], with_parents: bool) -> list[str]:
    ids: list[str] = []
    levels = [[(t.kind, n) for n in t.numbers] for t in chain]
    for combo in product(*levels):
        path = list(combo)
        if with_parents:
            for k in range(1, len(path) + 1):
                i = id_for(path[:k])
                if i not in ids and (k == len(path) or chain[k].respective):
                    ids.append(i)
        else:
            ids.append(id_for(path))
    # keep parents first then children in document order
    return ids


def find_dispositivos(text: str, acts: list[Citation] | None = None) -> list[Citation]:
    """Every dispositivo citation in ``text``, with the act cited right after it (if any);
    ``acts`` are ``find_acts(text)`` when the caller has them already."""
    out: list[Citation] = []
    pos = 0
    acts = find_acts(text) if acts is None else acts
    while True:
        m = _KIND_WORD.search(text, pos)
        if not m:
            break
        terms, end = _scan_terms(text, m.start())
        if not terms:
            pos = m.end()
            continue
        ids, incompleto, conflito = _ids_of(terms)
        other = tuple(dict.fromkeys(i for t in terms for i in t.other_number))
        act, proprio = None, False
        selfm = _SELF.match(text, end)
        follow = _GLUE.match(text, end)
        after = follow.end() if follow else end
        nxt = next((c for c in acts if c.start >= end), None)
        if selfm:
            proprio = True
            end = selfm.end()
        elif nxt and re.fullmatch(r"[\s,]*(?:\.\s+(?=d[oa]s?\s))?(?:d[oa]s?|na|no|em)?\s*", text[end:nxt.start]):
            act, end = nxt.act, nxt.end
        elif nxt and nxt.start == after:
            act, end = nxt.act, nxt.end
        out.append(Citation(m.start(), end, text[m.start():end], act=act, ids=tuple(ids),
                            proprio=proprio, incompleto=incompleto, outra_numeracao=other,
                            conflito=conflito))
        pos = max(end, m.end())
    return out


_EMENTA_OPEN = re.compile(r"[\s,]*(?:que,?\s*(?P<q>[\"“])|\(\s*(?P<p>que)\b)", re.IGNORECASE)


def _ementa_spans(text: str, acts: list[Citation]) -> list[tuple[int, int]]:
    """Spans of the ementas quoted right after an act citation: ', que "…"' up to its closing
    quote, '(que …)' up to its closing parenthesis. An opening never closed marks nothing."""
    spans: list[tuple[int, int]] = []
    for a in acts:
        m = _EMENTA_OPEN.match(text, a.end)
        if not m:
            continue
        if m.group("q"):
            close = re.compile(r"[\"”]").search(text, m.end())
            if close:
                spans.append((m.end(), close.start()))
            continue
        depth = 1
        for i in range(m.end(), len(text)):
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            if depth == 0:
                spans.append((m.end(), i))
                break
    return spans


def blank_ementas(text: str) -> str:
    """``text`` with the quoted ementas of the acts it cites blanked out (same length, so
    positions hold): what the text itself says, for scans that must not read the words that
    describe another act ('a Lei X, que "Regulamenta o Art. 136 …", passa a vigorar …')."""
    spans = _ementa_spans(text, find_acts(text))
    for start, end in spans:
        text = text[:start] + " " * (end - start) + text[end:]
    return text


# --- agrupadores ----------------------------------------------------------------------------

_AGRUPADOR_WORD = {"t": "tit", "c": "cap", "se": "sec", "su": "sub", "l": "liv", "p": "prt"}
_AGRUPADOR = re.compile(
    r"(?<![\w-])(?P<w>t[íi]tulos?|cap[íi]tulos?|se[çc](?:[ãa]o|[õo]es)|subse[çc](?:[ãa]o|[õo]es)|livros?|partes?)"
    r"\s+(?P<n>[IVXLCDM]+(?:-[A-Z])?\b|\d+\b|[úu]nic[oa]\b)", re.IGNORECASE)
_AGRUPADOR_OF = re.compile(r"\s*,?\s*d[oa]\s+(?=(?:t[íi]tulo|cap[íi]tulo|se[çc][ãa]o|subse[çc][ãa]o|livro|parte)\s)",
                           re.IGNORECASE)


def _agrupador_component(m: re.Match) -> str | None:
    word = _plain(m.group("w"))
    prefix = _AGRUPADOR_WORD["su" if word.startswith("sub") else "se" if word.startswith("se") else word[0]]
    n = m.group("n")
    if n.isdigit():
        return f"{prefix}{int(n)}"
    if _plain(n).startswith("unic"):
        return f"{prefix}1u"
    head, _, suf = n.upper().partition("-")
    if not is_roman(head) or head in ("D", "C", "L", "M") and prefix != "cap":
        return None
    number = Number(roman_to_int(head), (suf,) if suf else ())
    return f"{prefix}{number.id_part}"


def find_agrupadores(text: str, acts: list[Citation] | None = None) -> list[Citation]:
    """Citations of agrupadores ('o Capítulo V', 'a Seção IV do Capítulo III da Lei nº 1/2000'),
    each with the act cited right after it, if any (see :attr:`Citation.agrupador`)."""
    out: list[Citation] = []
    acts = find_acts(text) if acts is None else acts
    pos = 0
    while True:
        m = _AGRUPADOR.search(text, pos)
        if m is None:
            return out
        parts = []
        end = m.end()
        cur: re.Match | None = m
        while cur is not None:
            comp = _agrupador_component(cur)
            if comp is None:
                break
            parts.append(comp)
            end = cur.end()
            of = _AGRUPADOR_OF.match(text, end)
            cur = _AGRUPADOR.match(text, of.end()) if of else None
        if not parts:
            pos = m.end()
            continue
        act = None
        nxt = next((c for c in acts if c.start >= end), None)
        if nxt and re.fullmatch(r"[\s,]*(?:d[oa]s?|na|no|em)?\s*", text[end:nxt.start]):
            act, end = nxt.act, nxt.end
        out.append(Citation(m.start(), end, text[m.start():end], act=act, ids=("_".join(reversed(parts)),),
                            agrupador=True))
        pos = end


def find(text: str, resolve: Callable[[ActRef], str | None] | None = None, *,
         agrupadores: bool = False) -> list[Citation]:
    """Dispositivo citations and the act citations not already part of one, by position;
    ``resolve`` (e.g. :meth:`lexconsolida.corpus.Corpus.resolve`) fills ``target``. Citations
    inside the quoted ementa of a cited act are marked ``na_ementa``. ``agrupadores``: also the
    citations of agrupadores (:attr:`Citation.agrupador`), which the instruction grammar reads."""
    all_acts = find_acts(text)
    disp = find_dispositivos(text, all_acts)
    if agrupadores:
        groups = [g for g in find_agrupadores(text, all_acts)
                  if not any(c.start < g.end and g.start < c.end for c in disp)]
        if groups:
            disp = sorted(disp + groups, key=lambda c: c.start)
    covered = [(c.start, c.end) for c in disp]
    acts = [c for c in all_acts if not any(s <= c.start < e for s, e in covered)]
    selves = [Citation(m.start("w"), m.end(), text[m.start("w"):m.end()], proprio=True)
              for m in _SELF_ALONE.finditer(text) if not any(s <= m.start("w") < e for s, e in covered)]
    out = sorted(disp + acts + selves, key=lambda c: c.start)
    spans = _ementa_spans(text, all_acts)
    if spans:
        out = [replace(c, na_ementa=True) if any(s <= c.start < e for s, e in spans) else c for c in out]
    if resolve is None:
        return out
    resolved = []
    for c in out:
        urn = (c.act.urn or resolve(c.act)) if c.act else None
        if urn and len(c.ids) == 1:
            urn = f"{urn}!{c.ids[0]}"
        resolved.append(replace(c, target=urn))
    return resolved
