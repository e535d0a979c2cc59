"""Rule ``repair_residue`` (and the check ``ruido``): OCR leftovers inside the text of a unit.

Page furniture is removed line by line (``furniture.py``); what the OCR glued to a sentence is
not a line of its own and stays in the text: a stamp read as letters at the end of an inciso
("… ao passageiro; GA", "Infração: gravíssima ar ed") or a "§" read as "&" or "$" inside a
sentence ("conforme & 2º do Art. 56"). The detection is :mod:`lexconsolida.model.residue` (every output marks what stays in the
text); this module is the reader's rule and the check's warning:

- **symbol for "§"**: "&" or "$" (not "R$") before an ordinal number ("& 2º") inside a text is a
  paragraph sign: always repaired, the repair reported;
- **trailing residue**: one or two short tokens (up to three letters) at the end of a unit that
  are neither Portuguese words, numbers, Roman numerals, nor words the act uses elsewhere.
  After the sentence's own final punctuation ("passageiro; GA") the residue is certain and is
  removed (the repair reported); otherwise ("média GO") it is reported as a warning at its line.

Portuguese words come from the Portuguese dictionary of the PyPI package ``pyspellchecker``
(a frequency list of ~400,000 word forms), loaded only when a text has a candidate.

>>> tail_residue("descartável ao passageiro; GA", lambda w: w.lower() in {"ao"})
Residue(start=26, text='GA', certain=True)
>>> tail_residue("a) Infração: média GO", lambda w: w.lower() in {"média", "infração"})
Residue(start=18, text='GO', certain=False)
>>> section_symbols("conforme & 2º do Art. 56")
[(9, '&')]
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from lexconsolida.model import Diagnostic, Dispositivo, Norma, Severity
from lexconsolida.model.ids import citation_parts
from lexconsolida.model.residue import (  # noqa: F401 — the detection lives in the model
    FUNCTION_WORDS, Residue, Vocabulary, find, portuguese_words, section_symbols, tail_residue,
)
from lexconsolida.model.residue import _SECTION

CODE = "ruido-residual"
"""Diagnostic code of a residue that could not be repaired with certainty (a warning)."""


def _where(unit: Dispositivo) -> str:
    """'art. 55, § 18, alínea a' (the unit as legal text cites it), or its id."""
    try:
        return ", ".join(citation_parts(unit.id)) or unit.id
    except (ValueError, KeyError, AssertionError):
        return unit.rotulo or unit.id


def _message(unit: Dispositivo, residue: Residue | None) -> str:
    if residue is None:
        return (f"símbolo no lugar de '§' no meio do texto ({_where(unit)}): provável resíduo de "
                "OCR; confira o texto-fonte")
    return (f"“{residue.text}” no fim do texto ({_where(unit)}) não é palavra, número, rótulo nem "
            "citação: provável resíduo de OCR; confira o texto-fonte")


def warnings(norma: Norma) -> list[Diagnostic]:
    """A warning for every residue of ``norma`` (the check ``ruido``; any reader)."""
    out = []
    for unit, lines, kind, residue in find(norma):
        line = lines[1] if lines else None
        out.append(Diagnostic(CODE, _message(unit, residue), Severity.WARNING, line=line,
                              where=unit.id))
    return out


def repair_residue(state) -> None:
    """Pipeline rule: repair the certain residues of the tree, warn about the others. With
    the OCR repairs switched off (``repair_markers``), every residue is only warned about."""
    norma = state.norma
    repair = "repair_markers" not in state.disabled
    for unit, lines, kind, residue in list(find(norma)):
        line = lines[1] if lines else None
        if not repair:
            state.diagnostics.append(Diagnostic(CODE, _message(unit, residue), Severity.WARNING,
                                                line=line, where=unit.id))
        elif kind == "simbolo":
            before = unit.text
            unit.text = _SECTION.sub("§ ", unit.text)
            for m in _SECTION.finditer(before):
                state.diagnostics.append(Diagnostic(
                    "reparo", "símbolo lido pelo OCR no lugar de '§' no meio do texto",
                    Severity.INFO, line=_line_of(state, lines) or line,
                    where=unit.id, before=before[m.start("sym"):m.end() + 3],
                    after="§ " + before[m.end():m.end() + 3]))
        elif residue is not None and residue.certain:
            removed = unit.text[residue.start:]
            unit.text = unit.text[:residue.start].rstrip()
            state.diagnostics.append(Diagnostic(
                "reparo", "resíduo de OCR removido do fim do texto (depois do ponto final da frase)",
                Severity.INFO, line=line, where=unit.id, before=removed.strip(), after=""))
        else:
            state.diagnostics.append(Diagnostic(CODE, _message(unit, residue), Severity.WARNING,
                                                line=line, where=unit.id))


def _line_of(state, lines: tuple[int, int] | None) -> int | None:
    """The source line in ``lines`` that holds a symbol standing for '§' (the lines are found
    by bisection: scanning them all for every symbol made a text full of symbols quadratic)."""
    if not lines:
        return None
    numbers = state.scratch.get("line_numbers")
    if numbers is None or len(numbers) != len(state.lines):
        numbers = state.scratch["line_numbers"] = [src.number for src in state.lines]
    for i in range(bisect_left(numbers, lines[0]), bisect_right(numbers, lines[1])):
        src = state.lines[i]
        if _SECTION.search(" " + src.text + " "):
            return src.number
    return None
