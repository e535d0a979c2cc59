"""When a text file is truncated (cut short by a failed download, copy or export).

Two precise cases, both refused with an :class:`InputError` unless the reader option
``aceitar_truncado=True`` (``parse --aceitar-truncado``) says the user knows better, in which
case the file is read and a warning ``truncado`` is reported instead:

1. **Cut inside a character**: the bytes are valid UTF-8 except for an incomplete multi-byte
   sequence at the very end ('Ã' cut after its first byte). Without this rule the whole file
   would be re-read as cp1252 and every accent would turn into mojibake. Accepted, the
   incomplete bytes are dropped.
2. **Cut inside a sentence**: nothing follows the articulação (no fecho, signature or annex)
   and the last line of the text does not end a sentence: it does not end with '.', ';', ':',
   '!', '?' or '…' (optionally followed by closing quotes, parentheses or brackets), nor with
   an enumeration connective after a semicolon ('; e', '; ou'), nor with an editorial note in
   parentheses ('(NR)', '(AC)', '(Revogado pela …)', '(Vetado)', '(Redação dada pela …)').
   An act that simply ends after a complete last article, without fecho, is only warned about
   ('sem-fecho').
"""

from __future__ import annotations

import re

from lexconsolida import patterns
from lexconsolida.errors import InputError
from lexconsolida.model import Diagnostic, Severity

ACCEPT_OPTION = "aceitar_truncado"
_CLOSERS = "\"'”’»)\\]"
_SENTENCE_END = patterns.compile(rf"(?:[.;:!?…]|;\s*(?:e|ou))[\s{_CLOSERS}]*$", re.IGNORECASE)
_EDITORIAL_NOTE = patterns.compile(
    r"\(\s*(?:NR|AC|(?:revogad|vetad|inclu[íi]d|acrescid|reda[çc][ãa]o|renumerad|suprimid|alterad|vide)"
    r"[^()]*)\)[\s.;]*$",
    re.IGNORECASE,
)
HINT = "se o texto termina mesmo assim, leia-o com 'lexconsolida parse --aceitar-truncado'"


class TruncatedInput(InputError):
    """A truncated file. The line is told inside the sentence ('… frase (linha 66)'), and follows
    ``line`` when a reader that feeds the text reader (Markdown) maps it back to its own file."""

    def __init__(self, template: str, *, path: str | None, line: int) -> None:
        self.template = template
        """The message with a ``{line}`` placeholder."""
        super().__init__(template.format(line=line), path=path, line=line)

    def __str__(self) -> str:
        text = self.template.format(line=self.line)
        return f"{self.path}: {text}" if self.path else text


def accepts_truncation(options: dict) -> bool:
    return bool(options.get(ACCEPT_OPTION))


def incomplete_utf8_tail(data: bytes) -> int | None:
    """Offset of an incomplete multi-byte UTF-8 sequence ending ``data``, when everything before
    it is valid UTF-8; None otherwise (valid UTF-8, or invalid elsewhere: another encoding)."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as err:
        if err.reason == "unexpected end of data" and err.end == len(data):
            return err.start
    return None


def _last_line(text: str) -> tuple[int, str]:
    lines = text.rstrip("\r\n").splitlines() or [""]
    return len(lines), lines[-1].strip()


def cut_in_character(data: bytes, start: int, path: str | None) -> TruncatedInput:
    """The error for bytes cut inside a UTF-8 character at ``start``."""
    number, last = _last_line(data[:start].decode("utf-8", errors="replace"))
    shown = (last if len(last) <= 60 else "…" + last[-59:]).replace("{", "{{").replace("}", "}}")
    return TruncatedInput(
        f"o arquivo parece truncado: termina no meio de um caractere UTF-8, na linha {{line}} ('{shown}'); {HINT}",
        path=path, line=number,
    )


_TABLE_ROW = patterns.compile(r"^\s*[|+].*[|+_-]\s*(?:\*\s*tabela\s+formatada\b.*)?$", re.IGNORECASE)
"""A row or border of a table flattened to text ('|TOTAL |106.000,00|', '|____|'), possibly with
the site's '* tabela formatada …' note: a table ends a unit."""


def ends_sentence(text: str) -> bool:
    """True when ``text`` ends a sentence or a unit (see the module docstring)."""
    s = text.rstrip()
    return bool(_SENTENCE_END.search(s) or _EDITORIAL_NOTE.search(s) or _TABLE_ROW.match(s))


def check_sentence_end(text: str, line: int, path: str | None, options: dict) -> Diagnostic | None:
    """None when ``text`` (the last line of an act without fecho) ends a sentence; else an
    InputError, or a warning when truncated files are accepted."""
    if ends_sentence(text):
        return None
    if not accepts_truncation(options):
        raise TruncatedInput(f"o arquivo parece truncado: termina no meio de uma frase (linha {{line}}); {HINT}",
                             path=path, line=line)
    message = f"o arquivo parece truncado: termina no meio de uma frase (linha {line})"
    return Diagnostic("truncado", message + "; lido assim mesmo (--aceitar-truncado)", Severity.WARNING, line=line)
