"""State threaded through the text reader's pipeline of named rules.

The pipeline (``lexconsolida.readers.text.PIPELINE``) is an ordered list of rules, each a small
function ``rule(state: TextState) -> None`` that edits the state in place (the state is the
reader's own scratch object; the Norma it finally builds is new). A rule can be switched off by
name (``read(..., disable={"drop_furniture"})``).

Conservation: a rule may only drop a source line by recording a ``furniture`` diagnostic holding
the line verbatim, and may only change characters by recording a ``repair`` diagnostic with
``before`` and ``after``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lexconsolida.model import Diagnostic, Norma


@dataclass(slots=True)
class SourceLine:
    """One line of the decoded input."""

    number: int
    """1-based line number in the source file."""
    text: str
    """The line as decoded, without its line terminator (after OCR repairs, when any)."""
    original: str = ""
    """The line exactly as decoded, before any repair."""
    label: object | None = None
    """The :class:`~lexconsolida.readers.text.labels.Label` at the start of the line, if any."""
    tag: str | None = None
    """Set by the structure rules: 'epigrafe', 'ementa', 'preambulo', 'agrupador', 'artigo',
    'paragrafo', 'inciso', 'alinea', 'item', 'continuation', 'fecho', 'assinatura',
    'documento', 'aspas' …"""


@dataclass(slots=True)
class TextState:
    """Scratch state of one text read."""

    path: str | None
    """The input's path as given (for messages)."""
    data: bytes
    """The raw input bytes."""
    encoding: str | None = None
    """Detected encoding ('utf-8', 'utf-8-sig', 'cp1252'), set by the decoding rule."""
    lines: list[SourceLine] = field(default_factory=list)
    """Content lines still in play (page furniture removed)."""
    diagnostics: list[Diagnostic] = field(default_factory=list)
    norma: Norma = field(default_factory=Norma)
    """The tree being built."""
    options: dict = field(default_factory=dict)
    """Reader options: tipo, numero, data, localidade given on the command line, etc."""
    disabled: frozenset = frozenset()
    """Names of the rules switched off for this read (a rule may adapt, e.g. no OCR repair)."""
    body: tuple[int, int] = (0, 0)
    """Indices into ``lines`` of the articulação: [start, end), set by the parts rule."""
    scratch: dict = field(default_factory=dict)
    """Data handed from one rule to a later one (e.g. the labels of the tree's nodes)."""
