"""Rule ``read_dates``: the act's date, its publication and its vigência, from what it prints.

``split_parts`` notes every date the head and tail print (the epígrafe's, each place-and-date
line's, a publishing site's 'Data da Publicação: …' or 'Promulgado em: …'); this rule decides,
by stated rules, and reports every conflict — a date is never silently wrong:

- **date of the act** (``Norma.data``, its signature): the fecho's, else the epígrafe's, else
  the promulgation note's. When the epígrafe and the fecho disagree the fecho prevails (the
  signer prints it), unless it is impossible — after the publication, or of another year than
  the one printed with the number ('Nº 15/2004') while the epígrafe's is not — and the
  conflict is reported (``data-divergente``). A date that stays impossible (the only one
  given is after the publication or of another year than the number's) is reported
  (``data-incoerente``) and kept as printed: the publication, when known, dates the changes.
- **publication** (``Norma.publicacao``): the first publication line with a legible date; two
  that disagree are reported (``data-incoerente``). One before the act's date is impossible:
  when the act's date is of the year its number gives (or the number gives none), the
  publication is left out and reported (the changes then count from the act's date, never
  too early); otherwise the act's date is the one reported, and the publication kept. A
  publication more than :data:`LATE` days after the act's date is reported too.
- **vigência** (``Norma.vigencia``): the act's own vigência clause read by
  :func:`lexconsolida.model.clauses.vigencia_date` — 'na data de sua publicação' is the
  publication; a later date, a period after publication or deferred effects are that date
  (``vigencia-diferida``); what cannot be dated is reported (``vigencia-indeterminada``) and
  left empty, for a person to give.

The date from which the act's changes to other norms count is then ``vigencia``, else
``publicacao``, else ``data`` (:func:`lexconsolida.transforms.pointintime.in_force_from`).
"""

from __future__ import annotations

import re
from datetime import date

from lexconsolida import patterns
from lexconsolida.model import Diagnostic, Severity
from lexconsolida.model.clauses import act_vigencia
from lexconsolida.model.dates import format_long
from lexconsolida.readers.text.parts import year_of_number
from lexconsolida.readers.text.state import TextState

LATE = 180
"""Days between an act's date and its publication beyond which one of them is likely mistyped
(in the acervo of Feira de Santana, 998 of 1,030 acts are published within 30 days)."""
_WEB_DATE = patterns.compile(r"\bDE\s+\d{1,2}/\d{1,2}/\d{2,4}\b", re.IGNORECASE)
"""A title as publishing sites retype it ('LEI Nº 2217, DE 6/1/2001')."""


def _long(iso: str) -> str:
    return format_long(iso)


def read_dates(state: TextState) -> None:
    dates = state.scratch.get("dates")
    norma = state.norma
    if dates is None:
        dates = {"epigrafe": (norma.data, None), "fecho": [], "publicacao": [], "promulgacao": []}
    epigrafe, epi_line = dates["epigrafe"]
    fechos = [(d, ln) for d, ln in dates["fecho"] if d]
    fecho, fecho_line = fechos[0] if fechos else (None, None)
    year = year_of_number(norma.epigrafe)
    publicacao = _publication(state, dates["publicacao"])
    norma.data = _signature(state, epigrafe, epi_line, fecho, fecho_line, publicacao, year, dates["promulgacao"])
    if publicacao and norma.data and publicacao < norma.data and (year is None or norma.data[:4] == year):
        # published before it was signed: one of the two is mistyped; the later one is the
        # earliest the act can have been in force, so its changes never count too early
        line = next((ln for d, ln in dates["publicacao"] if d == publicacao), None)
        state.diagnostics.append(Diagnostic(
            "data-incoerente", f"a publicação ({_long(publicacao)}) é anterior à data do ato ({_long(norma.data)}): "
            "desconsiderada; as alterações que o ato faz contam da data do ato; confira", Severity.WARNING, line=line))
        publicacao = None
    norma.publicacao = publicacao
    _coherence(state, norma.data, publicacao, year, fecho_line or epi_line)
    _vigencia(state, year)


def _publication(state: TextState, lines: list[tuple[str | None, int]]) -> str | None:
    legible = [(d, ln) for d, ln in lines if d]
    if not legible:
        return None
    first, line = legible[0]
    other = next(((d, ln) for d, ln in legible[1:] if d != first), None)
    if other is not None:
        state.diagnostics.append(Diagnostic(
            "data-incoerente", f"duas linhas de publicação com datas diferentes ({_long(first)}, linha {line}; "
            f"{_long(other[0])}, linha {other[1]}): adotada a primeira; confira", Severity.WARNING, line=other[1]))
    return first


def _possible(d: str, publicacao: str | None, year: str | None) -> bool:
    return (publicacao is None or d <= publicacao) and (year is None or d[:4] == year)


def _signature(state: TextState, epigrafe: str | None, epi_line: int | None, fecho: str | None,
               fecho_line: int | None, publicacao: str | None, year: str | None,
               promulgacao: list[tuple[str | None, int]]) -> str | None:
    if not epigrafe and not fecho:
        return next((d for d, _ in promulgacao if d), None)
    if not epigrafe or not fecho or epigrafe == fecho:
        return fecho or epigrafe
    fecho_ok, epigrafe_ok = _possible(fecho, publicacao, year), _possible(epigrafe, publicacao, year)
    if fecho_ok and not epigrafe_ok:
        against = (f"posterior à publicação ({_long(publicacao)})" if publicacao and epigrafe > publicacao
                   else f"de ano diferente do número ({year})")
        chosen, why = fecho, f"adotada a do fecho, porque a da epígrafe é {against}"
    elif epigrafe_ok and not fecho_ok:
        against = (f"posterior à publicação ({_long(publicacao)})" if publicacao and fecho > publicacao
                   else f"de ano diferente do número ({year})")
        chosen, why = epigrafe, f"adotada a da epígrafe, porque a do fecho é {against}"
    elif fecho[:4] == epigrafe[:4] or _WEB_DATE.search(state.norma.epigrafe or ""):
        chosen, why = fecho, "prevalece a do fecho, impressa por quem assina"
    else:  # years apart and nothing to tell which is mistyped: the act's name as printed stays
        chosen, why = epigrafe, "anos diferentes, sem publicação nem número que decida: mantida a da epígrafe; confira"
    state.diagnostics.append(Diagnostic(
        "data-divergente", f"a epígrafe dá a data {_long(epigrafe)}, o fecho {_long(fecho)}: {why}",
        Severity.WARNING, line=fecho_line if chosen == fecho else epi_line))
    return chosen


def _coherence(state: TextState, data: str | None, publicacao: str | None, year: str | None,
               line: int | None) -> None:
    if data is None:
        return
    said = []
    if publicacao and data > publicacao:
        said.append(f"posterior à publicação ({_long(publicacao)})")
    if year and data[:4] != year:
        said.append(f"de ano diferente do que o número traz ({year})")
    if publicacao and not said and (date.fromisoformat(publicacao) - date.fromisoformat(data)).days > LATE:
        said.append(f"mais de {LATE} dias anterior à publicação ({_long(publicacao)})")
    if said:
        state.diagnostics.append(Diagnostic(
            "data-incoerente", f"a data do ato ({_long(data)}) é {' e '.join(said)}: mantida como impressa"
            + ("; as alterações que o ato faz contam da publicação" if publicacao else "; confira"),
            Severity.WARNING, line=line))


def _vigencia(state: TextState, year: str | None) -> None:
    norma = state.norma
    act_year = int(norma.data[:4]) if norma.data else (int(year) if year else None)
    found = act_vigencia(norma.artigos(), norma.publicacao, norma.data, act_year)
    if found is None:
        return
    result, article = found
    norma.vigencia = result.date
    if result.code is not None:
        severity = Severity.WARNING if result.code == "vigencia-indeterminada" else Severity.INFO
        state.diagnostics.append(Diagnostic(result.code, result.message, severity,
                                            line=article.lines[0] if article.lines else None))
