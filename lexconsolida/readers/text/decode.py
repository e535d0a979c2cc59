"""Rule ``decode``: bytes → numbered source lines, with the encoding detected and reported.

Accepts UTF-8 (with or without BOM), UTF-16 with a BOM (Windows "Unicode" text) and, when the
bytes are not valid UTF-8, cp1252 (a superset of latin-1 for printable text), reporting which was
used. CRLF and lone CR end lines too.
Refuses, with a Portuguese :class:`InputError`, an empty file, a binary file, text that
decodes to nothing but control characters, and UTF-8 cut inside its last character (a truncated
file, see :mod:`~lexconsolida.readers.text.truncation`; never re-read as cp1252).
"""

from __future__ import annotations


from lexconsolida import patterns
from lexconsolida.errors import InputError
from lexconsolida.model import Diagnostic, Severity
from lexconsolida.readers.text.state import SourceLine, TextState
from lexconsolida.readers.text.truncation import accepts_truncation, cut_in_character, incomplete_utf8_tail

_CONTROL = patterns.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_CONTENT = patterns.compile(r"[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f\s]")
"""A character that is neither a control character nor white space (str.isspace): text."""
BOM = b"\xef\xbb\xbf"
UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


def _looks_binary(data: bytes) -> bool:
    head = data[:8192]
    if b"\x00" in head:
        return True
    if head.startswith((b"%PDF", b"PK\x03\x04", b"\x89PNG", b"\xff\xd8\xff", b"GIF8", b"\xd0\xcf\x11\xe0")):
        return True
    controls = len(_CONTROL.findall(head.decode("latin-1")))
    return controls > max(8, len(head) // 50)


def decode_text(data: bytes, path: str | None = None, *, accept_truncated: bool = False) -> tuple[str, str]:
    """(text, encoding) of ``data``; InputError when it is not a text file or is UTF-8 cut inside
    a character (unless ``accept_truncated``: then the incomplete bytes are dropped)."""
    if data.startswith(UTF16_BOMS):
        return _decode_utf16(data, path), "utf-16"
    if not data.strip(BOM + b" \t\r\n\x0c"):
        raise InputError("arquivo vazio: não há texto a ler", path=path)
    if _looks_binary(data):
        raise InputError("arquivo binário: esperava texto (TXT), DOCX ou LexML", path=path)
    body, encoding = (data[len(BOM):], "utf-8-sig") if data.startswith(BOM) else (data, "utf-8")
    try:  # one decoding: its error tells a cut last character (incomplete_utf8_tail) apart
        return body.decode("utf-8"), encoding
    except UnicodeDecodeError as err:
        if err.reason == "unexpected end of data" and err.end == len(body):
            if not accept_truncated:
                raise cut_in_character(body, err.start, path) from None
            return body[:err.start].decode("utf-8"), encoding
        if encoding == "utf-8-sig":
            raise InputError(f"UTF-8 inválido após o BOM (byte {err.start})", path=path) from None
    try:
        return data.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


def _decode_utf16(data: bytes, path: str | None) -> str:
    try:
        text = data.decode("utf-16")
    except UnicodeDecodeError as err:
        raise InputError(f"UTF-16 inválido (byte {err.start})", path=path) from None
    if not text.strip():  # Unicode whitespace too: a file of no-break spaces is empty
        raise InputError("arquivo vazio: não há texto a ler", path=path)
    if _CONTROL.search(text.replace("\x0c", "")):
        raise InputError("arquivo binário: esperava texto (TXT), DOCX ou LexML", path=path)
    return text


def decode(state: TextState) -> None:
    accept = accepts_truncation(state.options)
    text, encoding = decode_text(state.data, state.path, accept_truncated=accept)
    state.encoding = encoding
    if accept and incomplete_utf8_tail(state.data.removeprefix(BOM)) is not None:
        state.diagnostics.append(Diagnostic(
            "truncado", "o arquivo parece truncado: termina no meio de um caractere UTF-8; "
            "o caractere incompleto foi descartado (--aceitar-truncado)", Severity.WARNING,
        ))
    if _CONTENT.search(text) is None:
        raise InputError("o arquivo só contém caracteres de controle: não há texto a ler", path=state.path)
    if encoding not in ("utf-8", "utf-8-sig"):
        state.diagnostics.append(
            Diagnostic(
                "codificacao",
                f"o arquivo não está em UTF-8; lido como {encoding}",
                Severity.WARNING,
            )
        )
    if "\r" in text:  # CRLF and lone CR end lines too (as r"\r\n|\r|\n" splits)
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    parts = text.split("\n")
    if parts and parts[-1] == "":
        parts.pop()  # the final line terminator ends the last line; it is not an empty line
    state.lines = [SourceLine(i, s, s) for i, s in enumerate(parts, start=1)]
