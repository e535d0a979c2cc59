"""Typed reading of TOML values with errors that name the file, the line, the key and the type.

:mod:`tomllib` gives values without positions; :class:`TomlText` finds the line of a key by
scanning the text for its table header (``[fiscalizacao]``, the n-th ``[[prazos]]``) and then the
``key =`` line inside it. A value of the wrong type is reported as such — "esperado número
inteiro, encontrado texto 'quinze'" — never as a missing key.

>>> t = TomlText('nome = "X"\\n[fiscalizacao]\\nnorma = 3\\n[[prazos]]\\nid = "a"\\n[[prazos]]\\ndias = "x"\\n')
>>> t.line("fiscalizacao", None, "norma"), t.line("prazos", 1, "dias"), t.line(None, None, "nome")
(3, 7, 1)
>>> type_name(True), type_name(3), type_name("a"), type_name([1])
('verdadeiro/falso', 'número inteiro', 'texto', 'lista')
"""

from __future__ import annotations

import re
from datetime import date, datetime, time

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$")


def type_name(value) -> str:
    """How a TOML value's type is called in messages."""
    if isinstance(value, bool):
        return "verdadeiro/falso"
    if isinstance(value, int):
        return "número inteiro"
    if isinstance(value, float):
        return "número decimal"
    if isinstance(value, str):
        return "texto"
    if isinstance(value, datetime):
        return "data e hora"
    if isinstance(value, date):
        return "data"
    if isinstance(value, time):
        return "hora"
    if isinstance(value, list):
        return "lista"
    if isinstance(value, dict):
        return "tabela"
    return type(value).__name__


class TomlText:
    """The text of a TOML file, to find where a key is written."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()

    def line(self, header: str | None, index: int | None, key: str) -> int | None:
        """1-based line of ``key`` in table ``header`` (the ``index``-th, 0-based, for ``[[header]]``;
        None for the root); the header's own line when the key is not written there; None if
        the table is not found."""
        start, seen = (0 if header is None else None), -1
        for i, text in enumerate(self.lines):
            m = _HEADER.match(text)
            if m is None:
                continue
            if start is not None and i > start:
                end = i
                break
            if header is not None and m.group(2) == header:
                seen += 1
                if index is None or seen == index:
                    start = i
        else:
            end = len(self.lines)
        if start is None:
            return None
        pattern = re.compile(rf"^\s*[\"']?{re.escape(key)}[\"']?\s*=")
        for i in range(start, end):
            if pattern.match(self.lines[i]):
                return i + 1
        return start + 1 if header is not None else None
