"""The epígrafe as outputs print it: the act's own, normalised, and the conflicts it hides.

Epígrafes arrive in many shapes — 'LEI Nº 2217, DE 6/1/2001' (a website's title),
'LEI N.º 846/2015 DE 12 DE MAIO DE 2015.', 'LEI Nº 3477' (no date) — while LC 95/1998 (art. 4º)
asks for 'LEI Nº 846, DE 12 DE MAIO DE 2015'. The normalised epígrafe keeps the act's type and
number and dates it by the **fecho** when the act has one (the date the act was signed),
else by the epígrafe's own date, else by the metadata; a date or number that disagrees is a
conflict to report, never silently chosen.

>>> from lexconsolida.model.nodes import Norma
>>> n = Norma(tipo="Lei", numero="2.217", data="2001-01-05", epigrafe="LEI Nº 2217, DE 6/1/2001",
...           fecho=["Gabinete do Prefeito, 05 de janeiro de 2001."])
>>> normalised(n)
'LEI Nº 2.217, DE 5 DE JANEIRO DE 2001'
>>> conflicts(n)
['a epígrafe data o ato de 6 de janeiro de 2001 e o fecho, de 5 de janeiro de 2001 (a data do fecho é a usada)']
"""

from __future__ import annotations

import re

from lexconsolida import patterns
from lexconsolida.model.dates import format_long, parse_date
from lexconsolida.model.nodes import Norma
from lexconsolida.model.numbering import format_act_number
from lexconsolida.model.status import status_of

_NUMBER = patterns.compile(r"\bN\s*[.º°o]*\s*[º°]?\s*\.?\s*(?P<n>\d[\d.]*)", re.IGNORECASE)


def epigrafe_number(epigrafe: str) -> str | None:
    """The number printed in an epígrafe ('2217' in 'LEI Nº 2217, DE …'), without dots."""
    m = _NUMBER.search(epigrafe)
    return m.group("n").replace(".", "").rstrip(".") or None if m else None


def epigrafe_date(epigrafe: str) -> str | None:
    """The date printed in an epígrafe (after its number), ISO, or None."""
    m = _NUMBER.search(epigrafe)
    rest = epigrafe[m.end():] if m else epigrafe
    rest = re.sub(r"^\s*/\s*\d{2,4}", "", rest)  # '846/2015 DE …': the year of the number
    return parse_date(rest)


def fecho_date(norma: Norma) -> str | None:
    for line in norma.fecho:
        found = parse_date(line)
        if found:
            return found
    return None


def normalised(norma: Norma) -> str | None:
    """'LEI Nº 2.217, DE 5 DE JANEIRO DE 2001'; None when the act printed no epígrafe."""
    if not norma.epigrafe:
        return None
    printed = norma.epigrafe
    tipo = (norma.tipo or printed.split(" N")[0]).strip().upper()
    numero = norma.numero or epigrafe_number(printed)
    date = fecho_date(norma) or epigrafe_date(printed) or norma.data
    out = tipo
    if numero:
        out += f" Nº {format_act_number(numero)}"
    if date:
        out += f", DE {format_long(date).upper()}"
    return out


def conflicts(norma: Norma) -> list[str]:
    """What the epígrafe says that the fecho or the metadata contradict."""
    if not norma.epigrafe:
        return []
    out = []
    printed_date = epigrafe_date(norma.epigrafe)
    signed = fecho_date(norma)
    if printed_date and signed and printed_date != signed:
        out.append(f"a epígrafe data o ato de {format_long(printed_date)} e o fecho, de "
                   f"{format_long(signed)} (a data do fecho é a usada)")
    elif printed_date and norma.data and printed_date != norma.data and not signed:
        out.append(f"a epígrafe data o ato de {format_long(printed_date)} e os dados do acervo, "
                   f"de {format_long(norma.data)}")
    number = epigrafe_number(norma.epigrafe)
    if number and norma.numero and number.lstrip("0") != norma.numero.replace(".", "").lstrip("0"):
        out.append(f"a epígrafe numera o ato {number} e os dados do acervo, {norma.numero}")
    named = name_number(norma.provenance.path if norma.provenance else None)
    if named is not None:
        name, (n, year) = named
        if number and number.replace(".", "").lstrip("0") != n.lstrip("0"):
            out.append(f"a epígrafe numera o ato {number} e o nome do arquivo ({name}), {n}: confira o "
                       "número no original (um dígito mal lido muda o ato citado)")
        when = printed_date or signed
        if when and when[:4] != year and number and number.replace(".", "").lstrip("0") == n.lstrip("0"):
            out.append(f"a epígrafe data o ato de {format_long(when)} e o nome do arquivo ({name}) é de "
                       f"{year}: confira a data no original")
    return out


_NAMED = re.compile(r"(?:^|[-_ ])(?:n[º°o]?[-_ ]?)?(\d{1,6})[-_ ](\d{4})(?=$|[-_ .])", re.IGNORECASE)


def name_number(path: str | None) -> tuple[str, tuple[str, str]] | None:
    """(the name, (number, year)) that a file or its act folder is named with ('lei-100-2020',
    'Lei-Ordinaria-100-2020.pdf'); None when the name says no number. An act's text file
    ('texto.txt') is named by its folder."""
    if not path:
        return None
    parts = re.split(r"[\\/]", path.rstrip("/\\"))
    stem = parts[-1].rsplit(".", 1)[0]
    name = parts[-2] if stem.lower() in ("texto", "norma", "original") and len(parts) > 1 else stem
    found = _NAMED.findall(name)
    if len(found) != 1:
        return None  # no number, or several: the name does not say which
    n, year = found[0]
    if not 1800 <= int(year) <= 2100:
        return None
    return name, (n, year)


def placeholder(norma: Norma) -> str:
    """A draft's epígrafe to fill in: 'LEI Nº ____, DE ___ DE __________ DE ____' (the type a
    'Minuta de Lei' or 'Projeto de Lei Complementar' proposes)."""
    tipo = (norma.tipo or "Lei").strip()
    low = tipo.lower()
    for prefix in ("minuta de ", "projeto de ", "anteprojeto de ", "proposta de "):
        if low.startswith(prefix):
            tipo = tipo[len(prefix):]
            break
    return f"{tipo.upper()} Nº ____, DE ___ DE __________ DE ____"


def printed(norma: Norma) -> str | None:
    """The epígrafe every output prints: normalised; for a draft without one, the
    placeholder to fill in; None for a norm that printed none."""
    if not status_of(norma).normative:
        if norma.epigrafe and "_" in norma.epigrafe:
            return norma.epigrafe
        if not norma.articulacao:
            return None  # an Indicação or other document without articles has no epígrafe
        return placeholder(norma) if not norma.numero else normalised(norma) or placeholder(norma)
    return normalised(norma)
