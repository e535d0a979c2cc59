"""Markdown reader: CommonMark → the official text layout → the text reader.

The inverse of :mod:`lexconsolida.writers.markdown`, and lenient enough for a draft a person
writes by hand. The Markdown is parsed with markdown-it-py (tokens, never regexes over the raw
source); each block becomes one or more lines of the official layout
(:mod:`lexconsolida.writers.text`), which :func:`lexconsolida.readers.text.read` then reads:

- a level-1 heading is a line (the epígrafe); a heading of level 2–6 is an agrupador: the
  writer's 'CAPÍTULO I — DA TAXA' becomes two lines, label then name, as acts print them;
- a paragraph gives its inline text, emphasis and bold markers dropped ('**Art. 1º** Texto' →
  'Art. 1º Texto', '*ementa*' → 'ementa'), escapes and entities resolved by markdown-it, each
  soft or hard line break a new line (a signature's name and cargo);
- struck text ('~~…~~', the compiled view) is marked '[sem vigor]' as in the plain-text view;
- a block quote (a quoted alteration block) gives its lines with no blank line between them;
- a list item a person typed ('1. a área', '- a área') keeps its marker as printed;
- a thematic break ('---') separates accompanying documents and annexes (a blank line);
- code blocks and raw HTML blocks give their lines as they are.

Line numbers in diagnostics and errors are those of the Markdown file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from markdown_it import MarkdownIt
from markdown_it.token import Token

from lexconsolida.errors import InputError
from lexconsolida.model import Diagnostic, Severity
from lexconsolida.model.history import STRUCK_MARK
from lexconsolida.readers import ReadResult
from lexconsolida.readers.text import read as read_text
from lexconsolida.readers.text.decode import decode_text

_HEADING_SPLIT = re.compile(
    r"^([“\"]?(?:PARTE|LIVRO|T[ÍI]TULO|SUBT[ÍI]TULO|CAP[ÍI]TULO|SE[ÇC][ÃA]O|SUBSE[ÇC][ÃA]O)\b[^—]*?)\s+—\s+(\S.*)$",
    re.I,
)
"""'CAPÍTULO I — DA TAXA': the writer's agrupador heading, label and name joined by an em dash."""


def markdown_parser() -> MarkdownIt:
    """CommonMark plus the strikethrough and table extensions (what the writer may use)."""
    return MarkdownIt("commonmark").enable(["strikethrough", "table"])


@dataclass(slots=True)
class _Lines:
    """The official-layout lines being built, each with its Markdown source line."""

    text: list[str] = field(default_factory=list)
    origin: list[int] = field(default_factory=list)

    def add(self, line: str, source: int) -> None:
        self.text.append(line)
        self.origin.append(source)

    def blank(self, source: int) -> None:
        if self.text and self.text[-1] != "":
            self.add("", source)


def inline_lines(token: Token) -> list[str]:
    """Plain text of an inline token, split at soft and hard line breaks."""
    lines = [""]
    for child in token.children or []:
        kind = child.type
        if kind in ("softbreak", "hardbreak"):
            lines.append("")
        elif kind == "s_open":
            lines[-1] += STRUCK_MARK + " "
        elif kind == "image":
            lines[-1] += "".join(inline_lines(child))
        elif kind in ("text", "code_inline", "html_inline"):
            lines[-1] += child.content
    return [line.strip() for line in lines]


def heading_lines(text: str, level: int) -> list[str]:
    """An agrupador heading as label and name lines; any other heading as it is."""
    m = _HEADING_SPLIT.match(text) if level > 1 else None
    return [m.group(1).strip(), m.group(2).strip()] if m else [text]


class _Layout:
    """Walks markdown-it's block tokens and prints the official-layout lines (one handler per
    token type, in :attr:`HANDLERS`; tokens without a handler only carry structure)."""

    def __init__(self) -> None:
        self.out = _Lines()
        self.line = 1
        """Markdown source line of the current block."""
        self.quote_depth = 0
        self.heading_level = 0
        self.item_marker: str | None = None
        self.in_cell = False

    def run(self, tokens: list[Token]) -> _Lines:
        for tok in tokens:
            if tok.map:
                self.line = tok.map[0] + 1
            handler = self.HANDLERS.get(tok.type)
            if handler is not None:
                handler(self, tok)
        return self.out

    def blockquote_open(self, tok: Token) -> None:
        self.quote_depth += 1

    def blockquote_close(self, tok: Token) -> None:
        self.quote_depth -= 1
        if not self.quote_depth:
            self.out.blank(self.line)

    def heading_open(self, tok: Token) -> None:
        self.heading_level = int(tok.tag[1])

    def heading_close(self, tok: Token) -> None:
        self.heading_level = 0

    def list_item_open(self, tok: Token) -> None:
        self.item_marker = f"{tok.info}{tok.markup}" if tok.info else tok.markup

    def hr(self, tok: Token) -> None:
        self.out.blank(self.line)

    def literal_block(self, tok: Token) -> None:
        first = self.line + (1 if tok.type == "fence" else 0)  # a fence's content follows its ```
        for i, line in enumerate(tok.content.rstrip("\n").split("\n")):
            self.out.add(line, first + i)

    def tr_open(self, tok: Token) -> None:
        self.out.add("", self.line)

    def cell_open(self, tok: Token) -> None:
        self.in_cell = True

    def cell_close(self, tok: Token) -> None:
        self.in_cell = False

    def inline(self, tok: Token) -> None:
        lines = inline_lines(tok)
        if self.in_cell:  # a table row is one line, its cells joined by ' | '
            self.out.text[-1] = " | ".join(p for p in (self.out.text[-1], " ".join(lines)) if p)
            return
        if self.item_marker is not None:
            lines[0] = f"{self.item_marker} {lines[0]}"
            self.item_marker = None
        if not self.heading_level:
            for i, line in enumerate(lines):
                self.out.add(line, self.line + i)
            return
        around = not self.quote_depth  # quoted agrupadores sit inside their block, no blank
        if around:
            self.out.blank(self.line)
        for line in heading_lines(" ".join(lines), self.heading_level):
            self.out.add(line, self.line)
        if around:
            self.out.blank(self.line)

    HANDLERS = {
        "blockquote_open": blockquote_open, "blockquote_close": blockquote_close,
        "heading_open": heading_open, "heading_close": heading_close,
        "list_item_open": list_item_open, "hr": hr,
        "fence": literal_block, "code_block": literal_block, "html_block": literal_block,
        "tr_open": tr_open, "th_open": cell_open, "td_open": cell_open,
        "th_close": cell_close, "td_close": cell_close, "inline": inline,
    }


def layout_lines(markdown: str) -> _Lines:
    """The official-layout lines of ``markdown``, with their Markdown source lines."""
    return _Layout().run(markdown_parser().parse(markdown))


def _remap(line: int | None, origin: list[int]) -> int | None:
    if line is None or not origin:
        return line
    return origin[min(max(line, 1), len(origin)) - 1]


def _span(lines: tuple[int, int] | None, origin: list[int]) -> tuple[int, int] | None:
    return None if lines is None else (_remap(lines[0], origin), _remap(lines[1], origin))


def _remap_nodes(nodes, origin: list[int]) -> None:
    """Source spans of a freshly read tree (this reader's own result) set to Markdown lines."""
    for node in nodes:
        node.lines = _span(node.lines, origin)
        for alt in getattr(node, "alteracoes", ()):
            alt.lines = _span(alt.lines, origin)
            _remap_nodes(alt.children, origin)
        _remap_nodes(node.children, origin)


def read(data: bytes, /, *, path: str | None = None, **options) -> ReadResult:
    """Read a legal act from Markdown bytes (UTF-8; any encoding the text reader accepts)."""
    markdown, encoding = decode_text(data, path)
    lines = layout_lines(markdown)
    while lines.text and lines.text[-1] == "":
        lines.text.pop()
        lines.origin.pop()
    if not any(line.strip() for line in lines.text):
        raise InputError("arquivo Markdown sem texto a ler", path=path)
    text = "\n".join(lines.text) + "\n"
    try:
        result = read_text(text.encode("utf-8"), path=path, **options)
    except InputError as err:
        err.line = _remap(err.line, lines.origin)  # the message follows its line: Markdown lines
        raise
    diagnostics = [replace(d, line=_remap(d.line, lines.origin)) for d in result.diagnostics]
    if encoding not in ("utf-8", "utf-8-sig"):
        diagnostics.insert(0, Diagnostic("codificacao", f"o arquivo não está em UTF-8; lido como {encoding}",
                                         Severity.WARNING))
    result.diagnostics = diagnostics
    _remap_nodes(result.norma.articulacao, lines.origin)
    for doc in result.norma.documentos:
        doc.lines = _span(doc.lines, lines.origin)
    result.norma.provenance.encoding = encoding
    result.norma.provenance.reader = "markdown"
    return result
