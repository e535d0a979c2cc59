"""What an act's own text says about it: tipo, número, data, ementa, autor, publicação.

:func:`read_source` is the per-act work of the import, a pure function of the file's bytes
(run in a worker process). Every doubt is recorded as a :class:`Duvida` with the line it comes
from, never guessed away: a date the epígrafe and the fecho disagree on, a text the reader
refused, a missing number.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from lexconsolida.corpus.store import decode_text_bytes
from lexconsolida.errors import InputError
from lexconsolida.io import read_bytes
from lexconsolida.model.clauses import act_vigencia
from lexconsolida.model.dates import parse_date, publication_of
from lexconsolida.readers import format_of, read_file
from lexconsolida.readers.text.parts import EPIGRAFE, _tipo_name, year_of_number
from lexconsolida.readers.text.truncation import TruncatedInput

SUFFIXES = (".txt", ".docx", ".md", ".pdf")
"""Files an import takes from a folder."""

_UNUSED_NUMBER = re.compile(
    r"\b(?:ato\s+inexistente|numera[çc][ãa]o\s+n[ãa]o\s+utilizada|n[úu]mero\s+n[ãa]o\s+utilizado)\b", re.I)
"""What a publishing site prints instead of an act for a number that was skipped."""
_AUTHOR = re.compile(
    r"""de\s+autoria\s+d[oa]s?\s+(?P<a>[^,;:]+?)\s*(?:,|;|:|\bdecret|\baprov|\be\s+eu\b|$)
      | \bautor(?:ia)?\s*:\s*(?P<b>[^\n;]+?)\s*(?:;|$)""",
    re.I | re.X | re.M,
)
_DATE_DOUBTS = ("data-divergente", "data-incoerente")
"""What the text reader says of the act's dates, kept as doubts for a person."""


@dataclass(slots=True)
class Duvida:
    """A doubt of the import, for a person to settle in ``norma.toml``."""

    codigo: str
    """'data-divergente', 'leitura-recusada', 'numero-nao-identificado' …"""
    mensagem: str
    linha: int | None = None


@dataclass(slots=True)
class Lido:
    """What the import read from one source file."""

    origem: str
    """Path relative to the imported folder ('leis-ordinarias/Lei-Ordinaria-1-1990.txt')."""
    sha256: str
    formato: str
    tipo: str | None = None
    numero: str | None = None
    data: str | None = None
    ano: str | None = None
    """The year the epígrafe gives with the number ('Nº 5/2015'), for acts without a date."""
    ementa: str | None = None
    localidade: str | None = None
    """'Serra Fictícia-MG', as the text names its place (for the municipality's name)."""
    autor: str | None = None
    publicacao: str | None = None
    publicacao_linha: int | None = None
    vigencia: str | None = None
    """The date from which the act's changes count, when its vigência clause dates it
    (:func:`lexconsolida.model.clauses.act_vigencia`)."""
    vigencia_nota: str | None = None
    recusa: str | None = None
    """Why the text reader refused the text (the act is still imported, its metadata kept)."""
    truncado: str | None = None
    """Why the file looks cut short (the reader's truncation detector): never imported."""
    nao_utilizado: bool = False
    """The file stands for a number never used ('(ATO INEXISTENTE, NUMERAÇÃO NÃO UTILIZADA)'):
    no act to import."""
    duvidas: list[Duvida] = field(default_factory=list)


def _line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def read_source(path: str, origem: str) -> Lido:
    """Read one act file (txt, docx, md) for the import."""
    data = read_bytes(path)
    fmt = format_of(path)
    lido = Lido(origem, hashlib.sha256(data).hexdigest(), fmt)
    norma = None
    said: list = []
    try:
        result = read_file(path)
        norma, said = result.norma, result.diagnostics
    except InputError as err:
        lido.recusa = err.message if hasattr(err, "message") else str(err)
        if isinstance(err, TruncatedInput):
            lido.truncado = str(err).removeprefix(f"{err.path}: ") if err.path else str(err)
        if fmt == "text":
            try:
                norma = read_file(path, aceitar_truncado=True).norma
            except InputError:
                norma = None
    text = decode_text_bytes(data) if fmt in ("text", "markdown") else _plain_docx(norma)
    if norma is not None and not norma.articulacao and _UNUSED_NUMBER.search(
            " ".join([norma.ementa or "", *norma.preambulo, *norma.fecho])):
        lido.nao_utilizado = True
    if norma is not None:
        lido.tipo, lido.numero, lido.ementa = norma.tipo, norma.numero, unquoted_ementa(norma.ementa)
        lido.localidade = norma.localidade
        _dates(lido, norma, said)
        lido.autor = _author("\n".join(norma.preambulo))  # a paragraph ends a name given after 'Autor:'
        lido.ano = year_of_number(norma.epigrafe or "")
    else:
        _from_heading(lido, text)
    _publication(lido, text)
    if norma is not None:
        _vigencia(lido, norma)
    if lido.recusa:
        lido.duvidas.append(Duvida("leitura-recusada", f"o leitor recusou o texto: {lido.recusa}; "
                                   "os metadados vieram do que foi possível ler"))
    if not lido.tipo:
        lido.duvidas.append(Duvida("tipo-nao-identificado", "o texto não tem epígrafe reconhecível "
                                   "('LEI Nº …'): informe 'tipo' no norma.toml", 1))
    if lido.tipo and not lido.numero:
        lido.duvidas.append(Duvida("numero-nao-identificado", "a epígrafe não traz o número do ato", 1))
    if not lido.data:
        year = f" (o ano, {lido.ano}, vem do número na epígrafe)" if lido.ano else ""
        lido.duvidas.append(Duvida("data-nao-identificada",
                                   f"nem a epígrafe nem o fecho trazem a data do ato{year}: informe 'data'"))
    if lido.publicacao is None:
        lido.duvidas.append(Duvida("publicacao-desconhecida",
                                   "o texto não traz a data de publicação: a vigência das suas "
                                   "alterações conta da data do ato"))
    if not lido.ementa and lido.tipo:
        lido.duvidas.append(Duvida("ementa-nao-identificada", "o texto não tem ementa reconhecível"))
    return lido


def _plain_docx(norma) -> str:
    if norma is None:
        return ""
    return "\n".join([norma.epigrafe or "", norma.ementa or "", *norma.preambulo,
                      *(d.text for d in norma.dispositivos()), *norma.fecho])


def _dates(lido: Lido, norma, said: list) -> None:
    """The act's date as the reader decided it (fecho, epígrafe, publication: see
    :mod:`lexconsolida.readers.text.dates`); what it found contradictory stays a doubt."""
    lido.data = norma.data
    for d in said:
        if d.code in _DATE_DOUBTS:
            lido.duvidas.append(Duvida(d.code, d.message + "; confira e corrija 'data' se for o caso", d.line))


def _vigencia(lido: Lido, norma) -> None:
    """The act's vigência from its own clause, with the publication and date just read: a date
    other than the publication's is written with a note saying why; one that cannot be
    dated is a doubt (the changes would otherwise count from the publication)."""
    year = int(lido.data[:4]) if lido.data else (int(lido.ano) if lido.ano else None)
    found = act_vigencia(norma.artigos(), lido.publicacao, lido.data, year)
    if found is None:
        return
    result, article = found
    line = article.lines[0] if article.lines else None
    if result.code == "vigencia-indeterminada":
        lido.duvidas.append(Duvida("vigencia-indeterminada", result.message + ": informe 'vigencia'", line))
        return
    if result.date is None:
        return
    lido.vigencia = result.date
    lido.vigencia_nota = (f"{result.message[0].upper()}{result.message[1:]} (linha {line})." if result.message
                          else "O texto diz que entra em vigor na data de sua publicação.")


_QUOTES = {'"': '"', "“": "”", "”": "”", "«": "»", "'": "'", "‘": "’"}
"""Opening quote mark → the marks that close it (a straight quote closes itself)."""
_CLOSERS = '"”»\'’'


def unquoted_ementa(ementa: str | None) -> str | None:
    """The ementa without the quote marks the publishing site printed around it ('"DISPÕE SOBRE
    … PROVIDÊNCIAS."', '“… PROVIDÊNCIAS. ”', '"… PROVIDÊNCIAS".' → 'DISPÕE SOBRE …
    PROVIDÊNCIAS.'): they are the site's typography, not part of the ementa. A quote that opens
    the ementa and closes in its middle ('"Feira Verde": institui …') is a name, and stays; one
    that never closes is dropped; names quoted inside ('"Institui o "DIA DO ABRAÇO" …."') stay.
    None for an empty ementa.

    >>> unquoted_ementa('"ALTERA A LEI Nº 1 E DÁ OUTRAS PROVIDÊNCIAS".')
    'ALTERA A LEI Nº 1 E DÁ OUTRAS PROVIDÊNCIAS.'
    >>> unquoted_ementa('"Programa Feira Limpa": institui o programa.')
    '"Programa Feira Limpa": institui o programa.'
    >>> unquoted_ementa('"Institui o "DIA DO ABRAÇO" no município, e dá outras providências."')
    'Institui o "DIA DO ABRAÇO" no município, e dá outras providências.'
    """
    if ementa is None:
        return None
    text = ementa.strip()
    if text[:1] in _QUOTES:
        closers = _QUOTES[text[0]] + ("”" if text[0] == '"' else "")
        body = text.rstrip(" .;")
        if body[-1:] in closers and len(body) > 1 and _balanced(body[1:-1]):
            # enclosing the whole ementa (a final period inside or outside the marks)
            inner = body[1:-1].rstrip()
            text = inner if inner.endswith((".", "!", "?")) or not text.rstrip().endswith(".") else inner + "."
        elif not any(c in closers for c in text[1:]):  # never closed: the site's opening mark
            text = text[1:].strip()
    text = re.sub(r"\s+([.;,])$", r"\1", text.strip())
    return text or None


def _balanced(text: str) -> bool:
    """Whether the quote marks inside ``text`` pair up (names quoted inside the ementa)."""
    return text.count('"') % 2 == 0 and text.count("“") == text.count("”")


def _author(preambulo: str) -> str | None:
    m = _AUTHOR.search(preambulo)
    if not m:
        return None
    name = (m.group("a") or m.group("b") or "").strip(" .")
    return re.sub(r"\s+", " ", name) or None


def _publication(lido: Lido, text: str) -> None:
    """The first publication line ('Data da Publicação: …', 'PUBLICADO NO DIÁRIO OFICIAL DIA …',
    :data:`lexconsolida.model.dates.PUBLICATION_LINE`) with a legible date; one without is a
    doubt."""
    unreadable = None
    for i, line in enumerate(text.splitlines(), 1):
        iso, is_publication = publication_of(line)
        if not is_publication:
            continue
        if iso is None:
            unreadable = unreadable or (line.strip(), i)
            continue
        if lido.data and iso < lido.data:
            # as the reader (readers/text/dates.py): impossible, and the later date is kept so
            # that the act's changes never count too early — unless the act's date is the one
            # of another year than its number's
            coherent = lido.ano is None or lido.data[:4] == lido.ano
            lido.duvidas.append(Duvida("publicacao-anterior-a-data", f"publicado em {iso}, antes da data do ato "
                                       f"({lido.data}){': publicação desconsiderada' if coherent else ''}", i))
            if coherent:
                return
        lido.publicacao, lido.publicacao_linha = iso, i
        return
    if unreadable is not None:
        lido.duvidas.append(Duvida("publicacao-ilegivel",
                                   f"linha de publicação sem data legível: {unreadable[0]!r}", unreadable[1]))


def _from_heading(lido: Lido, text: str) -> None:
    """When the reader gave nothing: the epígrafe on the first lines, the way the reader reads it."""
    for i, line in enumerate(text.splitlines()[:10]):
        m = EPIGRAFE.match(line)
        if m:
            lido.tipo = _tipo_name(m.group("tipo"))
            lido.numero = m.group("numero").split("/")[0].rstrip(".")
            lido.data = parse_date(line[m.end("numero"):])
            lido.ano = year_of_number(line)
            return


def sources_in(folder: Path) -> list[Path]:
    """The act files of ``folder`` (recursively), in a stable order."""
    return sorted((p for p in folder.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES
                   and not p.name.startswith(".")), key=lambda p: p.relative_to(folder).as_posix())
