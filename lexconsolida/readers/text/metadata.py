"""Rules ``fill_metadata`` and ``report_repairs``: the Norma's identity, and the last diagnostics.

``fill_metadata``: tipo, número, data and ementa come from the epígrafe (``parts.py``); a minuta
without epígrafe takes its tipo from how it names itself ('esta Lei', 'este Decreto'); the
localidade is read from the text ('Município de Pedra Preta-MT', 'Câmara Municipal de Barra do
Garças-MT', 'PREFEITO MUNICIPAL DE FEIRA DE SANTANA, Estado da Bahia'). Options given by the
caller (``tipo``, ``numero``, ``data``, ``localidade`` as 'mato.grosso;pedra.preta') override
what the text says. The URN is built with :meth:`Urn.build`.

``report_repairs``: every OCR repair of a label and every note the tree and numbering rules
deferred, now with the final id in ``where``.
"""

from __future__ import annotations

import hashlib
import re

from lexconsolida import patterns
from lexconsolida.model import Diagnostic, Severity, Urn
from lexconsolida.model.urn import UF, UF_OF_SLUG, slug
from lexconsolida.readers.text.parts import year_of_number
from lexconsolida.readers.text.state import TextState

_NAME = r"(?P<nome>[A-ZÀ-Ý][A-Za-zÀ-ÿ'’]+(?:\s+(?:d[aeo]s?\s+)?[A-ZÀ-Ý][A-Za-zÀ-ÿ'’]+)*)"
_PLACE_UF = patterns.compile(
    r"(?:Munic[íi]pio|C[âa]mara\s+Municipal|Prefeitura\s+Municipal|Prefeitura|PREFEITURA(?:\s+MUNICIPAL)?|MUNIC[ÍI]PIO)"
    r"\s+(?:de|da|do|DE|DA|DO)\s+" + _NAME + r"\s*[-–/]\s*(?P<uf>[A-Z]{2})\b"
)
_PLACE_STATE = patterns.compile(
    r"(?:PREFEIT[OA]\s+MUNICIPAL|Prefeit[oa]\s+Municipal|MUNIC[ÍI]PIO|Munic[íi]pio|C[ÂA]MARA\s+MUNICIPAL"
    r"|C[âa]mara\s+Municipal)\s+(?:DE|de|DA|da|DO|do)\s+"
    + _NAME + r",?\s+(?:Estado|ESTADO)\s+(?:d[aeo]|D[AEO])\s+(?P<estado>[A-Za-zÀ-ÿ ]+?)[,;.:]"
)
_SELF_REF = patterns.compile(r"\b(?:esta|desta|presente|nesta|pela\s+presente)\s+(Lei\s+Complementar|Lei|Resolução)"
                       r"|\b(?:este|deste|presente|neste)\s+(Decreto)", re.IGNORECASE)
_MUNICIPAL = patterns.compile(r"\bmunicipa(?:l|is)\b|\bmunic[íi]pio\b|\bprefeit[oa]\b|\bvereador", re.IGNORECASE)
_SMALL = {"de", "da", "do", "das", "dos", "e"}
#: How a federal act says it is one: its enacting formula (preâmbulo), its fecho ('Brasília, …;
#: 178º da Independência e 111º da República') or its epígrafe ('LEI FEDERAL Nº …'). Citations
#: of federal acts in the ementa or the articles ('nos termos da Lei Federal nº 8.666') are not.
_FEDERAL_FORMULA = patterns.compile(
    r"\bpresid[êe]n(?:te|cia)\s+da\s+rep[úu]blica\b|\bcongresso\s+nacional\b"
    r"|\bmesas?\s+da\s+c[âa]mara\s+dos\s+deputados\b|\bsenado\s+federal\b"
    r"|\bda\s+independ[êe]ncia\b", re.IGNORECASE)
_FEDERAL_EPIGRAFE = patterns.compile(r"^\W*(?:lei|decreto)(?:[\s-]+(?:complementar|lei))?\s+federal\b",
                               re.IGNORECASE)


def _title(name: str) -> str:
    words = name.split()
    return " ".join(w.lower() if w.lower() in _SMALL and i else w.capitalize() for i, w in enumerate(words))


def find_place(texts: list[str]) -> tuple[str, str] | None:
    """(municipality, UF) named in the texts, or None."""
    for text in texts:
        m = _PLACE_UF.search(text)
        if m and m.group("uf") in UF:
            return _title(m.group("nome")), m.group("uf")
    for text in texts:
        m = _PLACE_STATE.search(text)
        if m:
            uf = UF_OF_SLUG.get(slug(m.group("estado")))
            if uf:
                return _title(m.group("nome")), uf
    return None


def _self_named_tipo(state: TextState, enough: int = 5, look: int = 120) -> str | None:
    """The tipo the articulação names itself by ('esta Lei'), from its first units."""
    counts: dict[str, int] = {}
    for i, d in enumerate(state.norma.dispositivos()):
        if i >= look or sum(counts.values()) >= enough:
            break
        for m in _SELF_REF.finditer(d.text):
            word = (m.group(1) or m.group(2)).lower()
            tipo = {"lei": "Lei", "lei complementar": "Lei Complementar", "decreto": "Decreto",
                    "resolução": "Resolução"}.get(re.sub(r"\s+", " ", word), word.capitalize())
            counts[tipo] = counts.get(tipo, 0) + 1
    return max(counts, key=counts.get) if counts else None


def fill_metadata(state: TextState) -> None:
    norma, opts = state.norma, state.options
    if norma.tipo is None:
        norma.tipo = _self_named_tipo(state)
    texts = [norma.ementa or "", *norma.preambulo, *norma.fecho, *(d.text for d in norma.documentos)]
    place = find_place([t for t in texts if t])
    if place:
        norma.localidade = f"{place[0]}-{place[1]}"
    for key in ("tipo", "numero", "data"):
        if opts.get(key):
            setattr(norma, key, str(opts[key]))
    local = opts.get("localidade") or opts.get("local")
    uf = municipio = None
    if place:
        municipio, uf = place[0], UF[place[1]]
    urn_loc = None
    if local:
        urn_loc = "br;" + ";".join(slug(p) for p in str(local).split(";") if p.strip())
        if not place:
            parts = [p for p in str(local).split(";") if p.strip()]
            norma.localidade = _title(parts[-1].replace(".", " "))
    unknown = place is None and not local and not says_federal(norma)
    if unknown:
        state.diagnostics.append(_unknown_place(texts))
    urn = Urn.build(tipo=norma.tipo or "norma", data=norma.data or year_of_number(norma.epigrafe),
                    numero=norma.numero, uf=uf, municipio=municipio,
                    autoridade="municipal" if unknown else None)
    if urn_loc:
        autoridade = "municipal" if urn_loc.count(";") >= 2 else "estadual" if urn_loc.count(";") == 1 else "federal"
        urn = Urn(urn_loc, autoridade, urn.tipo, urn.descritor)
    norma.urn = str(urn)
    prov = norma.provenance
    prov.path, prov.encoding, prov.reader = state.path, state.encoding, "text"
    prov.sha256 = hashlib.sha256(state.data).hexdigest()


def says_federal(norma) -> bool:
    """True when the act says it is federal (enacting formula, fecho or epígrafe)."""
    formula = [*norma.preambulo, *norma.fecho]
    return bool(_FEDERAL_EPIGRAFE.match(norma.epigrafe or "")) or any(
        _FEDERAL_FORMULA.search(t) for t in formula if t)


def _unknown_place(texts: list[str]) -> Diagnostic:
    """The warning for an act that names no place: its URN is municipal without a município
    (this tool reads municipal acts; a federal act says so in its enacting formula)."""
    if any(_MUNICIPAL.search(t) for t in texts if t):
        why = "o ato parece municipal, mas o município não foi encontrado no texto"
    else:
        why = "o texto não diz de que lugar é o ato (nem município, nem estado, nem fórmula federal)"
    return Diagnostic(
        "localidade-desconhecida", f"{why}: a URN ficou municipal e sem localidade (urn:lex:br:municipal:…); "
        "informe a localidade com --local, ex.: 'mato.grosso;pedra.preta'", Severity.WARNING)


def report_repairs(state: TextState) -> None:
    degree = 0
    for node, lab, line in state.scratch.get("labels", ()):
        printed = lab.printed
        if "°" in printed or (printed[-1:] == "o" and printed[-2:-1].isdigit()):
            degree += 1
        for before, after, why in lab.repairs:
            state.diagnostics.append(Diagnostic(
                "reparo", why, Severity.INFO, line=line, where=node.id or None, before=before, after=after))
    for node, code, message, severity, line in state.scratch.get("deferred", ()):
        state.diagnostics.append(Diagnostic(code, message, severity, line=line, where=node.id or None))
    if degree:
        state.diagnostics.append(Diagnostic(
            "tipografia", f"{degree} rótulo(s) com '°' (grau) ou 'o' no lugar do ordinal 'º'; "
            "o rótulo normalizado usa 'º'", Severity.INFO))
