"""Non-articulated documents carried with an act: an Indicação before a minuta, a justificativa.

:func:`make_documento` keeps the document's text and reads what it states: author and party
('Autoria: Jairo Gehm – PRTB'), addressee ('À Exma. Mesa Diretora …'), place and date
('Câmara Municipal de Barra do Garças-MT, 23 de novembro de 2023.'), the signer's offices, and
every act it cites (:func:`cited_acts`: 'Lei nº 4.092, de 06 de junho de 2019'), with printed
typos such as 'nº 4,100' and 'nº de 4.213' normalised to 4.100 and 4.213 and reported.
"""

from __future__ import annotations

import re

from lexconsolida import patterns
from lexconsolida.model import Diagnostic, Documento, Severity
from lexconsolida.model.dates import parse_date
from lexconsolida.readers.text.state import SourceLine, TextState

_TYPES = {
    "INDICAÇÃO": "Indicação", "INDICACAO": "Indicação", "REQUERIMENTO": "Requerimento",
    "MOÇÃO": "Moção", "JUSTIFICATIVA": "Justificativa", "MENSAGEM": "Mensagem",
    "EXPOSIÇÃO DE MOTIVOS": "Exposição de Motivos", "PARECER": "Parecer", "OFÍCIO": "Ofício",
}
_TYPE_LINE = patterns.compile(r"^\s*(?P<t>" + "|".join(_TYPES) + r")\b(?P<rest>[^a-zà-ÿ]{0,30})$")
_AUTHOR = patterns.compile(r"^\s*Autor(?:ia)?\s*:\s*(?P<nome>.+?)(?:\s*[–—-]\s*(?P<partido>[A-Z][A-Za-z]{1,9}))?\s*$")
_ADDRESS = patterns.compile(r"^\s*(?:[ÀA]o?s?\s+Exm[oa]s?\.?|A\s+Sua\s+Excel[êe]ncia|Excelent[íi]ssim[oa])", re.IGNORECASE)
_PLACE_DATE = patterns.compile(
    r"^\s*(?P<local>[^,]{3,120}),\s*(?:em\s+)?(?P<data>\d{1,2}[º°]?\s+de\s+[A-Za-zç]+\s+de\s+\d{4})\.?\s*$"
)
CITED = patterns.compile(
    r"""(?P<tipo>Lei\s+Complementar|Lei\s+Ordin[áa]ria|Lei|Decreto-Lei|Decreto|Resolu[çc][ãa]o|Portaria)
        (?:\s+(?:Federal|Estadual|Municipal))?\s+
        (?P<numero_printed>(?:[nN]\s*[º°o.]+\s*(?:de\s+)?)?\d[\d.,]*\d(?:/\d{2,4})?|\d)
        (?:,?\s+de\s+(?P<data_printed>\d{1,2}[º°]?\s+de\s+[A-Za-zç]+\s+de\s+\d{4}))?""",
    re.VERBOSE,
)
_THOUSANDS_COMMA = patterns.compile(r"(?<=\d),(?=\d{3}(?!\d))")


def document_type(text: str) -> str | None:
    """'Indicação' for a line 'INDICAÇÃO' (or 'INDICAÇÃO Nº 12/2023'), else None."""
    m = _TYPE_LINE.match(text)
    return _TYPES[m.group("t")] if m else None


def normalise_number(printed: str) -> tuple[str, str | None]:
    """('4.100', why) from 'nº 4,100'; why is None when nothing was odd."""
    core = re.sub(r"^[nN]\s*[º°o.]+\s*", "", printed.strip())
    why = None
    if core.startswith("de "):
        core = core[3:].strip()
        why = f"'de' a mais em '{printed}'"
    if _THOUSANDS_COMMA.search(core):
        core = _THOUSANDS_COMMA.sub(".", core)
        why = f"vírgula no lugar do ponto de milhar em '{printed}'"
    return core.split("/")[0], why


def cited_acts(text: str) -> list[tuple[dict, str | None]]:
    """Every act cited in ``text``: ({tipo, numero_printed, numero, data_printed, data}, why)."""
    out = []
    for m in CITED.finditer(text):
        numero, why = normalise_number(m.group("numero_printed"))
        tipo = re.sub(r"\s+", " ", m.group("tipo"))
        data_printed = m.group("data_printed")
        entry = {
            "tipo": tipo[0].upper() + tipo[1:],
            "numero_printed": m.group("numero_printed"),
            "numero": numero,
            "data_printed": data_printed,
            "data": parse_date(data_printed) if data_printed else None,
        }
        out.append((entry, why))
    return out


def _paragraph_text(lines: list[SourceLine]) -> str:
    out: list[str] = []
    for ln in lines:
        s = ln.text.strip()
        if not s:
            continue
        if out and not out[-1].endswith((".", ":", ";")) and len(out[-1]) >= 60:
            out[-1] += " " + s
        else:
            out.append(s)
    return "\n".join(out)


def make_documento(state: TextState, lines: list[SourceLine]) -> Documento:
    """The Documento of ``lines`` (its first line names its type)."""
    for ln in lines:
        ln.tag = "documento"
    tipo = document_type(lines[0].text) or "Documento"
    meta: dict = {}
    body: list[SourceLine] = []
    signer_at = None
    for i, ln in enumerate(lines[1:], start=1):
        s = ln.text.strip()
        m = _AUTHOR.match(s)
        if m and "autor" not in meta:
            meta["autor"] = m.group("nome").strip()
            if m.group("partido"):
                meta["partido"] = m.group("partido")
            continue
        m = _PLACE_DATE.match(s)
        if m and "data" not in meta and parse_date(m.group("data")):
            meta["local"] = m.group("local").strip()
            meta["data_printed"] = m.group("data")
            meta["data"] = parse_date(m.group("data"))
            signer_at = i + 1
            break
        body.append(ln)
    _addressee(meta, body)
    if signer_at is not None:
        _signer(meta, [ln.text.strip() for ln in lines[signer_at:] if ln.text.strip()])
    text = _paragraph_text(body)
    citations = []
    for entry, why in cited_acts(text.replace("\n", " ")):
        citations.append(entry)
        if why:
            state.diagnostics.append(Diagnostic(
                "numero-normalizado", f"{tipo}: número de ato citado normalizado para {entry['numero']} ({why})",
                Severity.INFO, line=_line_of(body, entry["numero_printed"]),
            ))
    meta["normas_citadas"] = citations
    return Documento(tipo, _paragraph_text(lines), meta, lines=(lines[0].number, lines[-1].number))


def _line_of(lines: list[SourceLine], needle: str) -> int | None:
    return next((ln.number for ln in lines if needle in ln.text), None)


def _addressee(meta: dict, body: list[SourceLine]) -> None:
    for i, ln in enumerate(body):
        if _ADDRESS.match(ln.text):
            parts = []
            for nxt in body[i + 1:i + 4]:
                s = nxt.text.strip()
                if len(s) > 60 or s.endswith((".", ";")):
                    break
                parts.append(s)
            if parts:
                meta["destinatario"] = ", ".join(parts)
            return


def _signer(meta: dict, rest: list[str]) -> None:
    if not rest:
        return
    name, offices = rest[0], rest[1:]
    meta["assinatura"] = name
    if "autor" not in meta:
        meta["autor"] = name.title()
    partido = meta.get("partido")
    cleaned = []
    for o in offices:
        if partido:
            o = re.sub(rf"\s*[–—-]\s*{re.escape(partido)}$", "", o)
        cleaned.append(o)
    if cleaned:
        meta["cargo"] = "; ".join(cleaned)
