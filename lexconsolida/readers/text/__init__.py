"""The text reader: plain text (often OCR of a scan) → a Norma, as a pipeline of named rules.

``PIPELINE`` is the explicit ordered list of ``(name, rule)``; each rule is a small function
``rule(state: TextState) -> None`` in its own module, and any rule can be switched off by name::

    read(data, disable={"drop_furniture", "repair_markers"})

1. ``decode`` — bytes → numbered lines; encoding detected and reported (``decode.py``);
2. ``drop_furniture`` — letterheads, footers, page numbers, OCR debris (``furniture.py``);
3. ``recognise_labels`` — label lines, with line-local OCR repairs of markers (``labels.py``);
4. ``repair_markers`` — OCR repairs that need the sequence: 'Art. 10' for 'Art. 1º', '1 -'
   for 'I -' (``ocr.py``); switching it off also turns off the line-local repairs;
4a. ``find_tables`` — tables (grid, pipe, aligned columns, dotted leaders) leave the line
   stream, read into cells, one placeholder line each; a table not read with confidence stays
   text, flagged (``tables.py``, ``docs/tabelas.md``);
5. ``split_parts`` — documents, epígrafe, ementa, preâmbulo, fecho, signatures (``parts.py``);
6. ``build_tree`` — agrupadores, articles and their units, alteration blocks (``tree.py``);
6a. ``editorial_notes`` — notes of a compiled text ('(Redação dada pela …)', '(INCISO X,
   ACRESCENTADO PELA EMENDA Nº 30/2007)') and the struck old wording printed before the new one
   become history, not text (``notes.py``);
7. ``number_units`` — ids from printed numbers and position, anomalies (``numbering.py``;
   switched off, ids follow the printed numbers and nothing is reported);
7a. ``place_tables`` — ids for the tables units hold; a table nothing took is kept as a
   document (``tables.py``);
8. ``join_text`` — lines joined, end-of-line hyphenation undone (``join.py``);
8a. ``repair_residue`` — OCR leftovers inside a unit's text: '&' for '§' mid-sentence,
   stamps read as letters at its end ('…passageiro; GA'), repaired when certain, else a
   warning ``ruido-residual`` (``residue.py``);
8b. ``read_dates`` — the act's date, publication and vigência from the epígrafe, the fecho,
   the publication line and its vigência clause, by stated rules, every conflict reported
   (``dates.py``);
9. ``fill_metadata`` — tipo, número, data, localidade, URN, provenance (``metadata.py``);
10. ``report_repairs`` — repair and structure diagnostics with their final ids.

The pipeline runs with Python's cyclic garbage collector paused (:mod:`lexconsolida.gcpause`).
Only :class:`~lexconsolida.errors.LexError` subclasses leave :func:`read`. A file with no
article at all is refused (``InputError``) unless it is recognisably an act or a document
(an epígrafe such as 'LEI Nº …' or a heading such as 'INDICAÇÃO' near its start): then it is
read with an empty articulação and a warning.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from lexconsolida.errors import InputError, InternalError, LexError
from lexconsolida.gcpause import gc_paused
from lexconsolida.readers import ReadResult
from lexconsolida.readers.text.dates import read_dates
from lexconsolida.readers.text.decode import decode
from lexconsolida.readers.text.furniture import drop_furniture
from lexconsolida.readers.text.join import join_text
from lexconsolida.readers.text.labels import recognise_labels
from lexconsolida.readers.text.metadata import fill_metadata, report_repairs
from lexconsolida.readers.text.notes import editorial_notes
from lexconsolida.readers.text.numbering import number_units, printed_ids
from lexconsolida.readers.text.ocr import repair_markers
from lexconsolida.readers.text.parts import split_parts
from lexconsolida.readers.text.residue import repair_residue
from lexconsolida.readers.text.state import TextState
from lexconsolida.readers.text.tables import find_tables, place_tables
from lexconsolida.readers.text.tree import build_tree

Rule = Callable[[TextState], None]

PIPELINE: list[tuple[str, Rule]] = [
    ("decode", decode),
    ("drop_furniture", drop_furniture),
    ("recognise_labels", recognise_labels),
    ("repair_markers", repair_markers),
    ("find_tables", find_tables),
    ("split_parts", split_parts),
    ("build_tree", build_tree),
    ("editorial_notes", editorial_notes),
    ("number_units", number_units),
    ("place_tables", place_tables),
    ("join_text", join_text),
    ("repair_residue", repair_residue),
    ("read_dates", read_dates),
    ("fill_metadata", fill_metadata),
    ("report_repairs", report_repairs),
]
"""The rules in order. ``decode``, ``split_parts`` and ``build_tree`` cannot be switched off."""

REQUIRED = frozenset({"decode", "recognise_labels", "split_parts", "build_tree", "place_tables"})
FALLBACKS: dict[str, Rule] = {"number_units": printed_ids}
"""What runs instead of a switched-off rule whose output later rules need."""

RULE_NAMES = tuple(name for name, _ in PIPELINE)


def read(data: bytes, /, *, path: str | None = None, disable: Iterable[str] = frozenset(), **options) -> ReadResult:
    """Read a legal act from plain-text bytes."""
    disabled = frozenset(disable)
    unknown = disabled - set(RULE_NAMES)
    if unknown:
        raise InputError(f"regra(s) desconhecida(s) do leitor de texto: {', '.join(sorted(unknown))} "
                         f"(conhecidas: {', '.join(RULE_NAMES)})", path=path)
    refused = disabled & REQUIRED
    if refused:
        raise InputError(f"a regra {', '.join(sorted(refused))} não pode ser desligada", path=path)
    state = TextState(path=path, data=data, options=dict(options), disabled=disabled)
    try:
        with gc_paused():
            for name, rule in PIPELINE:
                if name in disabled:
                    fallback = FALLBACKS.get(name)
                    if fallback is not None:
                        fallback(state)
                    continue
                rule(state)
    except LexError:
        raise
    except RecursionError:
        raise InputError("estrutura aninhada demais para ser lida", path=path) from None
    except Exception as err:  # a bug: said in Portuguese, but never dressed as bad input
        raise InternalError(f"{type(err).__name__}: {err}", path=path) from err
    return ReadResult(state.norma, state.diagnostics)
