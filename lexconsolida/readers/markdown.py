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
from lexconsolida.readers import ReadResult
from lexconsolida.readers.text.decode import decode_text
from lexconsolida.writers.text import STRUCK_MARK

_HEADING_SPLIT = re.compile(
    r"^((?:PARTE|LIVRO|T[ÍI]TULO|SUBT[ÍI]TULO|CAP[ÍI]TULO|SE[ÇC][ÃA]O|SUBSE[ÇC][ÃA]O)\b[^—]*?)\s+—\s+(\S.*)$",
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


def _source_line(token: Token, default: int) -> int:
    return token.map[0] + 1 if token.map else default


def layout_lines(markdown: str) -> _Lines:
    """The official-layout lines of ``markdown``, with their source lines."""
    tokens = markdown_parser().parse(markdown)
    _mark_cells(tokens)
    out = _Lines()
    quote_depth = 0
    list_markers: list[str] = []
    heading_level = 0
    item_marker: str | None = None
    last = 1
    for tok in tokens:
        last = _source_line(tok, last)
        kind = tok.type
        if kind == "blockquote_open":
            quote_depth += 1
        elif kind == "blockquote_close":
            quote_depth -= 1
            if not quote_depth:
                out.blank(last)
        elif kind == "heading_open":
            heading_level = int(tok.tag[1])
        elif kind == "heading_close":
            heading_level = 0
        elif kind in ("ordered_list_open", "bullet_list_open"):
            list_markers.append(tok.markup)
        elif kind in ("ordered_list_close", "bullet_list_close"):
            list_markers.pop()
        elif kind == "list_item_open":
            item_marker = f"{tok.info}{tok.markup}" if tok.info else tok.markup
        elif kind == "hr":
            out.blank(last)
        elif kind in ("fence", "code_block", "html_block"):
            for i, line in enumerate(tok.content.rstrip("\n").split("\n")):
                out.add(line, last + i)
        elif kind == "tr_open":
            out.add("", last)
        elif kind == "inline" and out.text and tokens_in_cell(tok):
            out.text[-1] = " | ".join(p for p in (out.text[-1], " ".join(inline_lines(tok))) if p)
        elif kind == "inline":
            lines = inline_lines(tok)
            if heading_level:
                lines = heading_lines(" ".join(lines), heading_level)
            if item_marker is not None:
                lines[0] = f"{item_marker} {lines[0]}"
                item_marker = None
            if heading_level and not quote_depth:
                out.blank(last)
            for i, line in enumerate(lines):
                out.add(line, last + (0 if heading_level else i))
            if heading_level and not quote_depth:
                out.blank(last)
    return out


def tokens_in_cell(tok: Token) -> bool:
    """True for the inline content of a table cell (set by :func:`_mark_cells`)."""
    return bool(tok.meta.get("cell"))


def _mark_cells(tokens: list[Token]) -> None:
    in_cell = False
    for tok in tokens:
        if tok.type in ("th_open", "td_open"):
            in_cell = True
        elif tok.type in ("th_close", "td_close"):
            in_cell = False
        elif tok.type == "inline" and in_cell:
            tok.meta["cell"] = True


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
    from lexconsolida.readers.text import read as read_text

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
        raise InputError(err.message, path=path, line=_remap(err.line, lines.origin), where=err.where) from None
    diagnostics = [replace(d, line=_remap(d.line, lines.origin)) for d in result.diagnostics]
    if encoding not in ("utf-8", "utf-8-sig"):
        diagnostics.insert(0, Diagnostic("encoding", f"o arquivo não está em UTF-8; lido como {encoding}",
                                         Severity.WARNING))
    result.diagnostics = diagnostics
    _remap_nodes(result.norma.articulacao, lines.origin)
    for doc in result.norma.documentos:
        doc.lines = _span(doc.lines, lines.origin)
    result.norma.provenance.encoding = encoding
    result.norma.provenance.reader = "markdown"
    return result
