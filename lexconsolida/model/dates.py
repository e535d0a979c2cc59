"""Portuguese dates: parse '12 de maio de 2015' and '12/05/2015', format back.

>>> parse_date("DE 12 DE MAIO DE 2015."), parse_date("1º de março de 2002"), parse_date("07/08/2019")
('2015-05-12', '2002-03-01', '2019-08-07')
>>> parse_date("em 13 Fevereiro de 2003"), parse_date("EM 1º DEJUNHO DE 2.000"), parse_date("6 de abril 2010")
('2003-02-13', '2000-06-01', '2010-04-06')
>>> parse_date_lenient("Gabinete do Prefeito, 09 de abri de 2012."), parse_date_lenient("em 30 de 08 de 2010")
('2012-04-09', '2010-08-30')
>>> parse_date_lenient("de 15 setembro setembro de 2005"), parse_date_lenient("1º de jullho de 2001")
('2005-09-15', None)
>>> format_long("2019-08-07")
'7 de agosto de 2019'
"""

from __future__ import annotations

import re
from datetime import date

from lexconsolida import patterns

MONTHS = [
    "janeiro", "fevereiro", "março", "abril", "maio", "junho",
    "julho", "agosto", "setembro", "outubro", "novembro", "dezembro",
]
_MONTH_RE = "|".join(MONTHS + ["marco"])
LONG_DATE = patterns.compile(
    rf"(?P<d>\d{{1,2}})\s*[º°o]?\s*(?:de\s*)?(?P<m>{_MONTH_RE})\s+(?:de\s+)?(?P<y>\d\.?\d{{3}})\b",
    re.IGNORECASE,
)
"""Also as real fechos print it: '13 Fevereiro de 2003', '28 de dezembro 1990', '31de Outubro',
'1º DEJUNHO', 'DE 2.000'."""
SHORT_DATE = patterns.compile(r"\b(?P<d>\d{1,2})[/.-](?P<m>\d{1,2})[/.-](?P<y>\d{4}|\d{2})\b")


def _iso(y: int, m: int, d: int) -> str | None:
    try:
        return date(y, m, d).isoformat()
    except ValueError:
        return None


def parse_date(text: str) -> str | None:
    """The first date in ``text`` as ISO, or None."""
    m = LONG_DATE.search(text)
    if m:
        month = m.group("m").lower().replace("marco", "março")
        return _iso(int(m.group("y").replace(".", "")), MONTHS.index(month) + 1, int(m.group("d")))
    m = SHORT_DATE.search(text)
    if m:
        y = int(m.group("y"))
        if y < 100:
            y += 2000 if y < 50 else 1900
        return _iso(y, int(m.group("m")), int(m.group("d")))
    return None


_LOOSE_DATE = patterns.compile(
    r"(?P<d>\d{1,2})\s*[º°o]?\s*(?:de\s*)?(?P<w>[A-Za-zÀ-ÿ]{3,12})(?:\s+(?P=w))?\s+(?:de\s+)?(?P<y>\d\.?\d{3})\b",
    re.IGNORECASE)
_NUMERIC_LONG = patterns.compile(r"\b(?P<d>\d{1,2})\s*[º°o]?\s+de\s+(?P<m>\d{1,2})\s+de\s+(?P<y>\d{4})\b", re.IGNORECASE)


def _distance(a: str, b: str) -> int:
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[:], i
        for j, cb in enumerate(b, 1):
            row[j] = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (ca != cb))
    return row[-1]


def _month_of(word: str) -> int | None:
    """The month a misspelt name stands for ('abri', 'outrubro'): the only month one edit away,
    with no other month two edits or less away ('jullho' is julho's or junho's: None)."""
    w = word.lower()
    dist = sorted((_distance(w, m), i) for i, m in enumerate(MONTHS))
    if dist[0][0] == 0:
        return dist[0][1] + 1
    if dist[0][0] == 1 and dist[1][0] > 2:
        return dist[0][1] + 1
    return None


def parse_date_lenient(text: str) -> str | None:
    """:func:`parse_date`, and else the date as fechos print it when typed in a hurry: a month
    misspelt by one letter ('09 de abri de 2012'), repeated ('15 setembro setembro de 2005') or
    in figures ('30 de 08 de 2010'). For a line known to hold a date (a fecho, a publication
    line), never for running text."""
    found = parse_date(text)
    if found is not None:
        return found
    m = _NUMERIC_LONG.search(text)
    if m:
        return _iso(int(m.group("y")), int(m.group("m")), int(m.group("d")))
    for m in _LOOSE_DATE.finditer(text):
        month = _month_of(m.group("w"))
        if month is not None:
            return _iso(int(m.group("y").replace(".", "")), month, int(m.group("d")))
    return None


def format_long(iso: str) -> str:
    """'2015-05-12' → '12 de maio de 2015' ('1º' for the first day, as acts print it)."""
    d = date.fromisoformat(iso)
    day = "1º" if d.day == 1 else str(d.day)
    return f"{day} de {MONTHS[d.month - 1]} de {d.year}"


PUBLICATION_LINE = patterns.compile(
    r"""^\s*(?:data\s+d[ae]\s+publica[çc][ãa]o\b[^:\n]{0,60}?:
        |publicad[oa]\s+em\s*:?
        |publicad[oa]\s+n[oa]\s+(?:di[áa]rio|jornal|dom\b)[^\d\n]{0,60}?)\s*(?P<d>.+?)\s*$""",
    re.IGNORECASE | re.VERBOSE,
)
"""The line a publishing site or the clerk prints after an act with its publication date:
'Data da Publicação: 23/8/2005', 'DATA DA PUBLICAÇÃO NO DIÁRIO OFICIAL ELETRÔNICO: 12 DE MAIO
DE 2015', 'PUBLICADO NO DIÁRIO OFICIAL DIA 18 DE DEZEMBRO DE 2018'."""
PROMULGATION_LINE = patterns.compile(r"^\s*(?:promulgad[oa]|sancionad[oa])\s+em\s*:?\s*(?P<d>.+?)\s*$", re.IGNORECASE)
"""'Promulgado em: 25/02/2015' (a decreto legislativo's or a promulgated law's date)."""


def publication_of(line: str) -> tuple[str | None, bool]:
    """(ISO date, True) for a publication line with a legible date; (None, True) for a
    publication line without one; (None, False) for any other line.

    >>> publication_of("DATA DE PUBLICAÇÃO: 10/04/2012"), publication_of("PUBLICADO NO DIÁRIO OFICIAL DIA 18 DE DEZEMBRO DE 2018")
    (('2012-04-10', True), ('2018-12-18', True))
    >>> publication_of("Data da Publicação: em breve"), publication_of("Art. 2º Esta Lei entra em vigor na data de sua publicação.")
    ((None, True), (None, False))
    """
    m = PUBLICATION_LINE.match(line)
    if m is None:
        return None, False
    return parse_date_lenient(m.group("d")), True
