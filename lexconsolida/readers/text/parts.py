"""Rule ``split_parts``: the parts of an act around its articulação.

Guarantees after this rule:
- ``state.body`` is the [start, end) range of ``state.lines`` holding the articulação: from the
  first agrupador heading or article to the line before the fecho (or the end).
- Before the body: a leading non-articulated document ('INDICAÇÃO', 'JUSTIFICATIVA', …) becomes
  a :class:`Documento`; the epígrafe ('LEI Nº 846/2015' and a date line 'DE 12 DE MAIO DE 2015.'),
  the ementa and the preâmbulo ('O PREFEITO MUNICIPAL …', 'FAZ SABER QUE …') fill the Norma; any
  other header lines are kept as a 'Cabeçalho' document (nothing is dropped here).
- After the body: the fecho (place and date), the signatures (name, cargo) and annexes.
- An act with nothing after its articulação whose last line stops in mid-sentence is refused as
  truncated (:mod:`~lexconsolida.readers.text.truncation`).
- Every head and tail line is tagged ('epigrafe', 'ementa', 'preambulo', 'documento', 'fecho',
  'assinatura', 'anexo').
"""

from __future__ import annotations

import re

from lexconsolida import patterns
from lexconsolida.errors import InputError
from lexconsolida.model import Diagnostic, Documento, Severity, Signature
from lexconsolida.model.dates import PROMULGATION_LINE, parse_date, parse_date_lenient, publication_of
from lexconsolida.readers.text.documents import document_type, make_documento
from lexconsolida.readers.text.tables import PLACEHOLDER_TAG, read_annex
from lexconsolida.readers.text.state import SourceLine, TextState
from lexconsolida.readers.text.truncation import check_sentence_end

EPIGRAFE = patterns.compile(
    r"""^\s*(?P<tipo>LEI\s+COMPLEMENTAR|LEI\s+ORG[ÂA]NICA|LEI\s+ORDIN[ÁA]RIA|LEI\s+PROMULGADA|LEI|DECRETO[-\s]LEI|DECRETO\s+LEGISLATIVO|DECRETO
        |RESOLU[ÇC][ÃA]O|PORTARIA|EMENDA\s+CONSTITUCIONAL|EMENDA\s+[ÀA]\s+LEI\s+ORG[ÂA]NICA|EMENDA
        |MEDIDA\s+PROVIS[ÓO]RIA|INSTRU[ÇC][ÃA]O\s+NORMATIVA|MINUTA\s+DE\s+LEI)
        \s+(?:(?:MUNICIPAL|FEDERAL)\s+)?(?:N\s*[º°o.]+\s*|N[º°]\s*|Nº\s*|N\.º\s*|NO\s+|N\s+)
        (?P<numero>\d[\d.]*(?:/\d{2,4})?)""",
    re.VERBOSE | re.IGNORECASE,
)
_DATE_LINE = patterns.compile(r"^\s*,?\s*(?:DE|de)\s+\d{1,2}[º°]?\s+(?:DE|de)\s+\w+", re.UNICODE)
_PREAMBULO = patterns.compile(
    r"""^\s*(?:(?:O|A)\s+(?:VICE-)?(?:PREFEIT[OA]|PRESIDENTE|GOVERNADOR|C[ÂA]MARA|MESA)\b
        |As\s+Mesas\b|AS\s+MESAS\b|Autor(?:ia)?\s*:
        |(?![^,]{0,80}\b(?:prefeit|vice|president|governador|vereador|secret|subs[íi]di|c[âa]mara|munic[íi]pi))
         [A-ZÀ-Ý][A-ZÀ-Ý .'-]+,\s*(?:PREFEIT|PRESIDENT|GOVERNADOR|VICE\b))
        |FA[ZÇ]O?\s+SABER|no\s+uso\s+d[ae]s?\s+(?:suas\s+)?atribui""",
    re.VERBOSE | re.IGNORECASE,
)
"""The preâmbulo's first words: 'O PREFEITO MUNICIPAL …', 'FULANA DE TAL, PREFEITA DO MUNICÍPIO …',
'FAZ SABER …'. A name is words with no office in them: 'FIXA OS SUBSÍDIOS DO PREFEITO,
VICE-PREFEITO …' is an ementa."""
_FECHO = patterns.compile(
    r"^\s*[A-ZÀ-Ý][^:;]{1,120}?,\s*(?:em\s+)?\d{1,2}[º°o]?\s+de\s+[A-Za-zç]+\s+(?:de\s+)?\d{4}", re.IGNORECASE
)
"""'Place, date': '…, 14 de maio de 1998', '…, em 1º de outubro 2012' (never '…, de 4 de maio de
2019', which is how a citation dates an act: 'Decreto nº 4.213, de 04 de novembro de 2019')."""
_PLACE_FECHO = patterns.compile(
    r"^\s*(?:PREF[EI]\w*TURA|GABINETE|PA[ÇC]O|C[ÂA]MARA|SALA\s+DAS\s+SESS|PAL[ÁA]CIO)\b[^:;]{0,120}?"
    r"\b(?:\d{4}|\d\.\d{3})\.?\s*$", re.IGNORECASE)
"""A place-and-date line that opens with the place's kind ('Gabinete do Prefeito Municipal, de 17
de maio de 2013.', 'PREFEITURA MUNICIPAL DE … EM 06 DE JANEIRO DE 2001.')."""
_YEAR = patterns.compile(r"\b\d{4}\b")
_ANNEX = patterns.compile(r"^\s*(?:ANEXO|ANEXOS|JUSTIFICATIVA|MENSAGEM|EXPOSI[ÇC][ÃA]O DE MOTIVOS)\b(?!\s+[a-zà-ÿ])")
_HEADING_START = patterns.compile(r"^(?:D[AO]S?|DE|DISPOSI[ÇC][ÕOÃA]\w*|PARTE|T[ÍI]TULO)\b")
_TERMINAL = ".;:!?"


def is_heading(text: str) -> bool:
    """An unlabelled upper-case heading ('DAS DISPOSIÇÕES FINAIS')."""
    s = text.strip()
    if not 3 <= len(s) <= 150 or not s.isupper() or s[-1] in _TERMINAL + ",":
        return False
    return not any(c.isdigit() for c in s) and bool(_HEADING_START.match(s))


def _is_name_line(text: str) -> bool:
    s = text.strip()
    return bool(s) and len(s) <= 150 and s[-1] not in _TERMINAL + ","


def _label_kind(line: SourceLine) -> str | None:
    lab = line.label
    return None if lab is None or lab.quote else lab.kind


def split_parts(state: TextState) -> None:
    lines = state.lines
    first_art = next((i for i, ln in enumerate(lines) if _label_kind(ln) == "artigo"), None)
    if first_art is None:
        _no_articles(state)
        return
    start = _body_start(lines, first_art)
    end = _body_end(lines, first_art)
    if end == len(lines):
        end = closing_block_start(lines, first_art)
    end = min(end, signed_before_annex(lines, first_art))
    end = _formulas_before(lines, end, first_art)
    state.body = (start, end)
    _read_head(state, lines[:start])
    _read_tail(state, lines[end:])
    if end == len(lines):
        # the last line with text: blank lines after it end the file, not a sentence
        last = next((ln for ln in reversed(lines) if ln.text.strip()), lines[-1])
        state.diagnostics.append(Diagnostic(
            "sem-fecho",
            "o texto termina no último artigo, sem local e data nem assinatura: o documento pode estar truncado",
            Severity.WARNING, line=last.number,
        ))
        cut = check_sentence_end(last.text, last.number, state.path, state.options)
        if cut is not None:
            state.diagnostics.append(cut)


def _body_end(lines: list[SourceLine], first_art: int) -> int:
    """Index of the fecho: the first place-and-date line after which no article continues the
    numbering (an annexed act that starts again at 'Art. 1º' is not the same articulação)."""
    next_art: int | None = None
    candidates: list[tuple[int, int | None]] = []
    for i in range(len(lines) - 1, first_art, -1):
        ln = lines[i]
        if _label_kind(ln) == "artigo":
            next_art = ln.label.number.value
        elif ln.label is None and _is_fecho(ln.text):
            candidates.append((i, next_art))
    for i, following in reversed(candidates):
        if following is None or following == 1:
            return i
    return len(lines)


_SITE_NOTE = patterns.compile(
    r"""^\s*(?:(?:Autor(?:es|ia)?|Presidente|Assunto|Data\s+d[ae]\s+Publica[çc][ãa]o(?:\s+[^:\n]{1,60}?)?|Publicad[oa]\s+em
        |Prefeit[oa]|Promulgad[oa]\s+em|Sancionad[oa]\s+em|Download|Relator(?:a)?)\s*:
        |Publicad[oa]\s+n[oa]\s+(?:Di[áa]rio|Jornal|DOM\b)
        |Visualizar\s+Ato\b|\*\s*tabela\s+formatada|O(?:s)?\s+anexos?\s+encontra(?:m)?-se\s+dispon[íi]ve
        |Conte[úu]do\s+obsoleto\s*:)""",
    re.VERBOSE | re.IGNORECASE,
)
"""Lines a publishing site (or the clerk) puts after the act: author, publication, downloads."""
_LOOSE_FECHO = patterns.compile(
    r"^\s*(?:(?:PREF[EI]\w*TURA|GABINETE|PA[ÇC]O|C[ÂA]MARA|SALA\s+DAS\s+SESS|PAL[ÁA]CIO)\b[^:;]{0,120}"
    r"|[A-ZÀ-Ý][\w\s-]{2,60},?\s+(?:em\s+)?\d{1,2}[º°]?\s*(?:de\s*)?(?:janeiro|fevereiro|mar[çc]o|abril|maio|junho"
    r"|julho|agosto|setembro|outubro|novembro|dezembro)\b\D{0,8})(?:\d{4}|\d\.\d{3})\.?\s*$",
    re.IGNORECASE,
)
"""A place-and-date line printed loosely ('GABINETE DO PREFEITO MUNICIPAL 04 DE JANEIRO DE 2001',
'Prefeitura …, de Julho de 1963', '… em 30 de 08 de 2010')."""


def _closing_kind(text: str) -> str | None:
    """'site', 'fecho', 'pessoa', 'cargo' or None for one line after the last article."""
    s = text.strip()
    if _SITE_NOTE.match(s):
        return "site"
    if _LOOSE_FECHO.match(s) and len(s) <= 200 and not re.search(r"\bn[º°o]\s*\d|\bart\.", s, re.I):
        return "fecho"
    if _is_person(s.replace("DR.", "DR. ").replace("Dr.", "Dr. ")):
        return "pessoa"
    office = s.rstrip(".").rstrip()  # 'Prefeito.' under the name, as some fechos print it
    if office and office[-1] not in _TERMINAL + "," and (
            (len(office) <= 100 and (_OFFICE.search(office) or office.lower().startswith("secret")))
            or (len(office) <= 200 and _OFFICE.match(office))):  # 'SECRETÁRIO MUNICIPAL DE … - ARFES'
        return "cargo"
    return None


def closing_block_start(lines: list[SourceLine], first_art: int) -> int:
    """Where the closing block starts when no fecho line was found: the trailing lines that are
    all signatures (name, cargo), loose place-and-date lines or site notes ('Autor: …',
    'Promulgado em: 25/02/2015', 'Data da Publicação: …'), with at least one name, date or note.
    ``len(lines)`` when the act really ends in its last article. Signatures are never text of an
    article."""
    start = len(lines)
    kinds: list[str] = []
    for i in range(len(lines) - 1, first_art, -1):
        ln = lines[i]
        if not ln.text.strip():
            continue
        if ln.label is not None:
            break
        kind = _closing_kind(ln.text)
        if kind is None:
            break
        kinds.append(kind)
        start = i
    if not any(k in ("pessoa", "site", "fecho") for k in kinds):
        return len(lines)
    if kinds and kinds[-1] == "cargo" and "pessoa" not in kinds:
        return len(lines)
    return start


def signed_before_annex(lines: list[SourceLine], first_art: int) -> int:
    """Where the closing block starts when the act has no place-and-date line and its annexes
    follow the signatures ('JOSÉ … / Prefeito', then 'ANEXO I', the annexes to the end of the
    file): the first annex heading after the articles whose preceding lines, back to the last
    text of the body, are all signatures (a name at least), and after which no article continues
    the numbering (an annex that holds articles starts again at 'Art. 1º'). ``len(lines)`` when
    there is none. (An annex printed after a signed closing block ends the body even when a
    line further down looks like a closing: the annexes' own text is not the act's articles.)"""
    last_art: int | None = None
    for i in range(first_art, len(lines)):
        ln = lines[i]
        if _label_kind(ln) == "artigo":
            last_art = ln.label.number.value
            continue
        if ln.label is not None or not _ANNEX.match(ln.text) or not ln.text.strip().upper().startswith("ANEXO") \
                or len(ln.text.strip()) > 80:
            continue
        kinds: list[str] = []
        start = i
        for j in range(i - 1, first_art, -1):
            prev = lines[j]
            if not prev.text.strip():
                continue
            kind = None if prev.label is not None else _closing_kind(prev.text)
            if kind is None:
                break
            kinds.append(kind)
            start = j
        if "pessoa" not in kinds:
            continue
        following = next((x for x in lines[i + 1:] if _label_kind(x) == "artigo"), None)
        if following is not None and last_art is not None and following.label.number.value not in (1, last_art + 1) \
                or following is not None and following.label.number.value == (last_art or 0) + 1:
            continue
        return start
    return len(lines)


def _no_articles(state: TextState) -> None:
    lines = state.lines
    has_act = any(EPIGRAFE.match(ln.text) for ln in lines[:40]) or any(document_type(ln.text) for ln in lines[:40])
    if not has_act:
        raise InputError("nenhum artigo encontrado: o texto não parece ser um ato normativo", path=state.path)
    state.body = (len(lines), len(lines))
    _read_head(state, lines, without_articles=True)
    state.diagnostics.append(Diagnostic("sem-artigos", "o ato não tem artigos", Severity.WARNING))


_VERB_SE = r"(?:registre|publique|cumpra|cientifique|comunique|notifique|arquive|d[êe]-se\s+ci[êe]ncia)(?:-se)?"
_CLOSING_FORMULA = patterns.compile(
    rf"^\s*{_VERB_SE}(?:\s*(?:,|\be\b)\s*{_VERB_SE})*\s*[.;!]?\s*$", re.IGNORECASE)
"""The closing formula printed between the last article and the fecho ('PUBLIQUE-SE.',
'Registre-se, publique-se e cumpra-se.'): part of the fecho, never text of an article."""


def _formulas_before(lines: list[SourceLine], end: int, first_art: int) -> int:
    """``end`` moved back over the closing formulas (and blank lines between) that precede the
    fecho or the closing block; unchanged when there are none."""
    i, new_end = end - 1, end
    while i > first_art:
        ln = lines[i]
        if ln.text.strip() and (ln.label is not None or not _CLOSING_FORMULA.match(ln.text)):
            break
        if ln.text.strip():
            new_end = i
        i -= 1
    return new_end


def _is_fecho(text: str) -> bool:
    if len(text) > 220 or not _YEAR.search(text):
        return False
    return (bool(_FECHO.match(text) or _PLACE_FECHO.match(text)) and parse_date_lenient(text) is not None
            and len(text.strip()) <= 200)


def _body_start(lines: list[SourceLine], first_art: int) -> int:
    j = first_art
    while j > 0:
        prev = lines[j - 1]
        if not prev.text.strip() or _label_kind(prev) == "agrupador" or is_heading(prev.text) or (
            prev.label is None and _is_name_line(prev.text)
        ):
            j -= 1
            continue
        if j > 1 and prev.label is None and _label_kind(lines[j - 2]) == "agrupador":
            j -= 2  # a name with final punctuation ('DAS DISPOSIÇÕES GERAIS.') under its label
            continue
        break
    # The block must open with a heading or a label: drop leading lines that are neither.
    while j < first_art and not (_label_kind(lines[j]) == "agrupador" or is_heading(lines[j].text)):
        j += 1
    return j


def year_of_number(epigrafe: str | None) -> str | None:
    """The year printed with the number ('RESOLUÇÃO Nº 12/2004' → '2004', '/98' → '1998'): for
    an act whose epígrafe has no date, its URN takes the year (LexML: the date part as known)."""
    m = EPIGRAFE.match(epigrafe or "")
    if not m or "/" not in m.group("numero"):
        return None
    y = m.group("numero").split("/")[1].rstrip(".")
    if len(y) == 2 and y.isdigit():
        y = ("19" if int(y) > 30 else "20") + y
    return y if len(y) == 4 and y.isdigit() else None

def _read_head(state: TextState, head: list[SourceLine], *, without_articles: bool = False) -> None:
    norma = state.norma
    epi = next((i for i, ln in enumerate(head) if EPIGRAFE.match(ln.text)), None)
    doc = next((i for i, ln in enumerate(head) if document_type(ln.text)), None)
    if doc is not None and (epi is None or doc < epi):
        doc_end = epi if epi is not None else len(head)
        if doc > 0:
            _header_document(state, head[:doc])
        state.norma.documentos.append(make_documento(state, head[doc:doc_end]))
        head = head[doc_end:]
        epi = 0 if epi is not None else None
    elif epi:
        _header_document(state, head[:epi])
        head = head[epi:]
        epi = 0
    if epi is None:
        if head:
            _header_document(state, head)
        return
    take = 1
    if len(head) > 1 and _DATE_LINE.match(head[1].text) and not EPIGRAFE.match(head[1].text):
        take = 2
    for ln in head[:take]:
        ln.tag = "epigrafe"
    epigrafe = " ".join(ln.text.strip() for ln in head[:take])
    m = EPIGRAFE.match(epigrafe)
    assert m
    norma.epigrafe = epigrafe
    norma.tipo = _tipo_name(m.group("tipo"))
    norma.numero = m.group("numero").split("/")[0].rstrip(".")
    norma.data = parse_date(epigrafe[m.end("numero"):])
    _dates(state)["epigrafe"] = (norma.data, head[0].number)
    rest = head[take:]
    pre = next((i for i, ln in enumerate(rest) if _PREAMBULO.search(ln.text)), len(rest))
    note = next((i for i, ln in enumerate(rest[:pre]) if _SITE_NOTE.match(ln.text.strip())), None)
    if note is not None and without_articles:
        # an act listed without its text ('Visualizar Ato: Lei nº 1/1971 - …' under the ementa):
        # the publishing site's notes close it, as they do after a last article
        _signatures(state, rest[note:pre])
        rest, pre = rest[:note], note
    for ln in rest[:pre]:
        ln.tag = "ementa"
    ementa = " ".join(ln.text.strip() for ln in rest[:pre] if ln.text.strip())
    norma.ementa = ementa or None
    norma.preambulo = _paragraphs(rest[pre:], "preambulo")


_TIPO_ALIASES = {"lei ordinária": "Lei", "lei ordinaria": "Lei", "lei promulgada": "Lei",
                 "emenda": "Emenda à Lei Orgânica"}
"""Headings that name a tipo another way ('LEI PROMULGADA Nº 143/2005' is a Lei; 'EMENDA Nº
30/2007' of a municipality amends its Lei Orgânica)."""


def _tipo_name(printed: str) -> str:
    alias = _TIPO_ALIASES.get(re.sub(r"\s+", " ", printed.strip()).lower())
    if alias:
        return alias
    words = re.sub(r"\s+", " ", printed.strip()).lower().split(" ")
    small = {"de", "à", "a"}
    out = [w if w in small else w.capitalize() for w in words]
    return " ".join(out).replace("Decreto Lei", "Decreto-Lei")


def _paragraphs(lines: list[SourceLine], tag: str) -> list[str]:
    """Lines joined into paragraphs; a new one starts at each preâmbulo formula."""
    paras: list[str] = []
    for ln in lines:
        ln.tag = tag
        s = ln.text.strip()
        if not s:
            continue
        if not paras or _PREAMBULO.match(s) or (re.search(r"FA[ZÇ]O?\s+SABER", s, re.I) and paras[-1].endswith((",", ".", ":"))):
            paras.append(s)
        else:
            paras[-1] += " " + s
    return paras


def _header_document(state: TextState, lines: list[SourceLine]) -> None:
    texts = [ln.text.strip() for ln in lines if ln.text.strip()]
    if not texts:
        return
    for ln in lines:
        ln.tag = "documento"
    state.norma.documentos.append(Documento("Cabeçalho", "\n".join(texts), lines=(lines[0].number, lines[-1].number)))


def _read_tail(state: TextState, tail: list[SourceLine]) -> None:
    if not tail:
        return
    norma = state.norma
    annex = next((i for i, ln in enumerate(tail) if _ANNEX.match(ln.text) or _starts_table(tail, i)), len(tail))
    closing, annexes = tail[:annex], tail[annex:]
    while closing and (not closing[0].text.strip() or _CLOSING_FORMULA.match(closing[0].text)):
        if closing[0].text.strip():
            closing[0].tag = "fecho"
            norma.fecho.append(closing[0].text.strip())
        closing = closing[1:]
    if closing:
        first = next((i for i, ln in enumerate(closing) if ln.text.strip()), 0)
        if _closing_kind(closing[first].text) in ("pessoa", "cargo", "site"):
            _signatures(state, closing)
        else:
            closing[first].tag = "fecho"
            norma.fecho.append(closing[first].text.strip())
            _date_from_fecho(state, closing[first])
            _signatures(state, closing[first + 1:])
    if annexes:
        _annexes(state, annexes)


def _dates(state: TextState) -> dict:
    """The dates the head and the tail print, for the rule ``read_dates`` (``dates.py``), which
    decides the act's date, publication and vigência: 'epigrafe' → (date, line); 'fecho',
    'publicacao', 'promulgacao' → [(date or None, line), …] in the order printed."""
    return state.scratch.setdefault("dates", {"epigrafe": (None, None), "fecho": [], "publicacao": [],
                                              "promulgacao": []})


_WEB_DATE = patterns.compile(r"\bDE\s+\d{1,2}/\d{1,2}/\d{2,4}\b", re.IGNORECASE)


def _date_from_fecho(state: TextState, line: SourceLine) -> None:
    """The date of a place-and-date line ('Gabinete do Prefeito, 09 de abri de 2012.'): noted
    for ``read_dates``; the act's date when the epígrafe gave none."""
    norma = state.norma
    fecho = parse_date_lenient(line.text)
    _dates(state)["fecho"].append((fecho, line.number))
    if norma.data is None:
        norma.data = fecho


def _note_dates(state: TextState, line: SourceLine) -> None:
    """A publishing site's note with a date ('Data da Publicação: 23/8/2005', 'Promulgado em:
    25/02/2015'): noted for ``read_dates``."""
    s = line.text.strip()
    iso, is_publication = publication_of(s)
    if is_publication:
        _dates(state)["publicacao"].append((iso, line.number))
        return
    m = PROMULGATION_LINE.match(s)
    if m:
        _dates(state)["promulgacao"].append((parse_date_lenient(m.group("d")), line.number))


_HONORIFIC = patterns.compile(r"^(?:Deputad[oa]|Senador[a]?|Vereador[a]?|Dra?\.|Prof[a]?\.|Eng\.)\s+")
_OFFICE = patterns.compile(
    r"\b(?:prefeit[oa]|presidente|secret[áa]ri[oa]|vereador[a]?|chefe|ministr[oa]|governador[a]?|diretor[a]?"
    r"|procurador[a]?|vice|mesa|c[âa]mara|senado|gabinete|assessor[a]?|coordenador[a]?|l[íi]der)\b",
    re.IGNORECASE,
)
_PARTICLES = {"de", "da", "do", "das", "dos", "e"}


def _is_person(text: str) -> bool:
    """A signer's name: 'JOSÉ RONALDO DE CARVALHO', 'Deputado MICHEL TEMER', 'Marcelo Pimentel'."""
    s = _HONORIFIC.sub("", text.strip())
    if not s or any(c.isdigit() for c in s) or s[-1] in _TERMINAL or len(s) > 60 or _OFFICE.search(s):
        return False
    letters = [c for c in s if c.isalpha()]
    if letters and sum(c.isupper() for c in letters) / len(letters) > 0.7:
        return True
    words = s.split()
    return 2 <= len(words) <= 6 and all(w[0].isupper() or w in _PARTICLES for w in words)


def _signatures(state: TextState, lines: list[SourceLine]) -> None:
    norma = state.norma
    current: Signature | None = None
    for ln in lines:
        s = ln.text.strip()
        if not s:
            continue
        ln.tag = "assinatura"
        if _SITE_NOTE.match(s) or (current is None and _LOOSE_FECHO.match(s)):
            ln.tag = "fecho"
            norma.fecho.append(s)
            if _SITE_NOTE.match(s):
                _note_dates(state, ln)
            else:
                _date_from_fecho(state, ln)
        elif _is_person(s):
            current = Signature(s)
            norma.assinaturas.append(current)
        elif current is not None and parse_date(s) is None and len(s) <= 80:
            current.cargo = s if current.cargo is None else f"{current.cargo}; {s}"
        else:
            ln.tag = "fecho"
            norma.fecho.append(s)
            if _LOOSE_FECHO.match(s) or _is_fecho(s):  # place and date printed under a signature
                _date_from_fecho(state, ln)


_TABLE_HEADING = patterns.compile(r"^\s*(?:TABELA|QUADRO|Tabela|Quadro)\s+(?:N[º°o.]*\s*)?(?:[IVXLC]+|\d+)\b")


def _next_text(lines: list[SourceLine], i: int) -> SourceLine | None:
    return next((ln for ln in lines[i + 1:] if ln.text.strip() or ln.tag == PLACEHOLDER_TAG), None)


def _starts_table(lines: list[SourceLine], i: int) -> bool:
    """A table after the signatures, or its heading ('TABELA I') right before it: an annex of
    the act, as the annexes headed 'ANEXO' are."""
    ln = lines[i]
    if ln.tag == PLACEHOLDER_TAG:
        return True
    after = _next_text(lines, i)
    return bool(_TABLE_HEADING.match(ln.text)) and after is not None and after.tag == PLACEHOLDER_TAG


def _annexes(state: TextState, lines: list[SourceLine]) -> None:
    """The tail from the first annex on: annexes ('ANEXO I', or a table and its heading after
    the signatures) become :class:`~lexconsolida.model.tables.Annex` with their passages and
    tables; other documents ('JUSTIFICATIVA', 'MENSAGEM') stay documents."""
    starts = [i for i, ln in enumerate(lines) if _ANNEX.match(ln.text) or (
        _TABLE_HEADING.match(ln.text) and _starts_table(lines, i))]
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    for a, b in zip(starts, starts[1:] + [len(lines)]):
        chunk = lines[a:b]
        for ln in chunk:
            if ln.tag != PLACEHOLDER_TAG:
                ln.tag = "anexo"
        texts = [ln.text.strip() for ln in chunk if ln.text.strip()]
        first = texts[0] if texts else ""
        if _ANNEX.match(first) and not first.split()[0].upper().startswith("ANEXO"):
            state.norma.documentos.append(Documento(first.split()[0].capitalize(), "\n".join(texts),
                                                    lines=(chunk[0].number, chunk[-1].number)))
            continue
        state.norma.annexes.append(read_annex(state, chunk, len(state.norma.annexes) + 1))
