"""Portuguese dates: parse '12 de maio de 2015' and '12/05/2015', format back.

>>> parse_date("DE 12 DE MAIO DE 2015."), parse_date("1º de março de 2002"), parse_date("07/08/2019")
('2015-05-12', '2002-03-01', '2019-08-07')
>>> parse_date("em 13 Fevereiro de 2003"), parse_date("EM 1º DEJUNHO DE 2.000"), parse_date("6 de abril 2010")
('2003-02-13', '2000-06-01', '2010-04-06')
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


def format_long(iso: str) -> str:
    """'2015-05-12' → '12 de maio de 2015' ('1º' for the first day, as acts print it)."""
    d = date.fromisoformat(iso)
    day = "1º" if d.day == 1 else str(d.day)
    return f"{day} de {MONTHS[d.month - 1]} de {d.year}"
