"""Conservation check of the text reader: no word of the input may be lost.

Every word (a run of letters or digits) of the decoded input must reappear either in the tree
(printed labels, texts, agrupador names, epígrafe, ementa, preâmbulo, fecho, signatures,
accompanying documents, quoted alteration blocks, annexes) or in a diagnostic that accounts for
it (a removed ``furniture`` line, the ``before`` of a ``repair``). Words are compared as a
multiset, case-folded and in Unicode NFC, so a word printed twice must be found twice.

>>> from lexconsolida.model import Diagnostic, Norma
>>> from lexconsolida.model.tables import table_lines
from lexconsolida.readers import ReadResult
>>> result = ReadResult(Norma(epigrafe="LEI Nº 5"), [Diagnostic("linha-removida", "m", line=1, text="Página 2")])
>>> missing_words("Página 2\\nLEI Nº 5\\nDe 3 de março", result)
[(3, 'De'), (3, '3'), (3, 'de'), (3, 'março')]
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator

from lexconsolida.model import Agrupador, Dispositivo, Norma
from lexconsolida.model.tables import table_lines
from lexconsolida.readers import ReadResult

_WORD = re.compile(r"[^\W_]+")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def _printed_words(text: str) -> Iterator[re.Match]:
    """Words as printed, after composing accents (NFC) so 'a' + U+0303 is one letter 'ã'."""
    return _WORD.finditer(unicodedata.normalize("NFC", text))


def words(text: str | None) -> Iterator[str]:
    """The normalised (NFC, case-folded) words of ``text`` (none for None)."""
    if text:
        for m in _printed_words(text):
            yield m.group().casefold()


def tree_texts(norma: Norma) -> Iterator[str]:
    """Every piece of source text the tree holds."""
    yield from (norma.epigrafe or "", norma.ementa or "")
    yield from norma.preambulo
    yield from norma.fecho
    for sig in norma.assinaturas:
        yield sig.name
        yield sig.cargo or ""
    for doc in norma.documentos:
        yield doc.text
    yield from norma.anexos
    for annex in norma.annexes:
        yield annex.text
    yield from _node_texts(norma.articulacao)


def _node_texts(nodes: Iterable[Agrupador | Dispositivo]) -> Iterator[str]:
    for node in nodes:
        if isinstance(node, Agrupador):
            yield node.rotulo_printed if node.rotulo_printed is not None else node.rotulo or ""
            yield node.nome or ""
        else:
            yield node.rotulo_printed if node.rotulo_printed is not None else node.rotulo or ""
            yield node.text
            for alt in node.alteracoes:
                yield alt.raw
            for table in node.tabelas:
                yield "\n".join(table_lines(table))
        yield from _node_texts(node.children)


def diagnostic_texts(result: ReadResult) -> Iterator[str]:
    """Source text the diagnostics account for: removed lines and repaired originals."""
    for d in result.diagnostics:
        if d.text:
            yield d.text
        if d.before:
            yield d.before


def covered_lines(result: ReadResult) -> set[int]:
    """Source lines some tree node or diagnostic says it holds."""
    lines: set[int] = {d.line for d in result.diagnostics if d.line is not None}
    spans = [n.lines for n in result.norma.walk()]
    spans += [doc.lines for doc in result.norma.documentos]
    spans += [alt.lines for d in result.norma.dispositivos() for alt in d.alteracoes]
    for span in spans:
        if span:
            lines.update(range(span[0], span[1] + 1))
    return lines


def missing_words(text: str, result: ReadResult) -> list[tuple[int, str]]:
    """(line, word as printed) for every word of ``text`` neither in the tree nor in a diagnostic.

    When a word occurs more often in the input than in the output, the occurrences blamed are
    those on the lines whose words are most often short (a lost line loses all its words), then on
    lines no node or diagnostic claims, then the last ones.
    """
    found: Counter[str] = Counter()
    for piece in tree_texts(result.norma):
        found.update(words(piece))
    for piece in diagnostic_texts(result):
        found.update(words(piece))
    occurrences: dict[str, list[tuple[int, int, str]]] = {}
    for number, line in enumerate(_LINE_BREAK.split(text), start=1):
        for m in _printed_words(line):
            occurrences.setdefault(m.group().casefold(), []).append((number, m.start(), m.group()))
    deficits = {w: len(where) - found.get(w, 0) for w, where in occurrences.items()}
    deficits = {w: n for w, n in deficits.items() if n > 0}
    if not deficits:
        return []
    suspicion = _suspicion(occurrences, deficits)
    covered = covered_lines(result)
    missing: list[tuple[int, int, str]] = []
    for word, deficit in deficits.items():
        where = sorted(occurrences[word], key=lambda w: (-suspicion.get(w[0], 0.0), w[0] in covered, -w[0]))
        missing.extend(where[:deficit])
    return [(number, word) for number, _, word in sorted(missing)]


def _suspicion(occurrences: dict[str, list[tuple[int, int, str]]], deficits: dict[str, int]) -> dict[int, float]:
    """Line → share of its words that are short somewhere in the output."""
    total: Counter[int] = Counter()
    short: Counter[int] = Counter()
    for word, where in occurrences.items():
        for number, _, _ in where:
            total[number] += 1
            if word in deficits:
                short[number] += 1
    return {number: short[number] / total[number] for number in short}
