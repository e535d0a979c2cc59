"""What a published text marks for its reader to check against the source, never printing it
as clean law text: OCR leftovers the reading could not remove with certainty ('média GO'), and
labels the source prints out of sequence ('II' printed twice: the second stands for the third
inciso, as its id says).

The same findings ``check`` reports (codes ``ruido-residual`` and ``rotulo-repetido`` /
``ordem-invertida``), found here on any tree so every output marks them: the site and the
HTML, the DOCX, the text and Markdown of ``compile``, the forms' citations
(:func:`seen_citation`).

>>> from lexconsolida.model.nodes import Dispositivo, Kind, Norma
>>> from lexconsolida.model.numbering import Number
>>> incs = [Dispositivo(Kind.INCISO, f"art1_cpt_inc{i}", r, number=Number(n), text="texto;")
...         for i, (r, n) in enumerate([("I", 1), ("II", 2), ("II", 2), ("IV", 4)], 1)]
>>> cap = Dispositivo(Kind.CAPUT, "art1_cpt", text="A notificação se fará:", children=incs)
>>> norma = Norma(articulacao=[Dispositivo(Kind.ARTIGO, "art1", "Art. 1º", number=Number(1), children=[cap])])
>>> source_marks(norma)["art1_cpt_inc3"][0].note
'rótulo “II” repetido no texto-fonte: é o 3º inciso do dispositivo'
>>> seen_citation(norma, "art1_cpt_inc3")
'art. 1º, inciso II (o 3º inciso; o texto da lei repete o rótulo “II”)'
"""

from __future__ import annotations

from dataclasses import dataclass

from lexconsolida.model.ids import LexId, citation_parts
from lexconsolida.model.nodes import Dispositivo, Kind, Norma
from lexconsolida.model.residue import find

QUESTION = "[?]"
"""The mark printed right after a doubtful token."""


@dataclass(slots=True, frozen=True)
class SourceMark:
    """One thing of a unit's text to check against the source."""

    kind: str
    """'ruido' (an OCR leftover at the end of the text, or a symbol for '§') or 'rotulo' (a
    label printed out of sequence)."""
    note: str
    """What the publication says of it (pt-BR, without brackets)."""
    token: str | None = None
    """The doubtful text (a residue), when there is one."""


_KIND_WORD = {Kind.PARAGRAFO: ("parágrafo", "o"), Kind.INCISO: ("inciso", "o"),
              Kind.ALINEA: ("alínea", "a"), Kind.ITEM: ("item", "o"), Kind.ARTIGO: ("artigo", "o")}


def _position(d: Dispositivo) -> int | None:
    """The unit's place among its siblings of its kind, as its id says."""
    try:
        number = LexId(d.id).number
    except (KeyError, ValueError, AssertionError):
        return None
    return number.value if number is not None else None


def relabelled(d: Dispositivo) -> bool:
    """Whether the label printed is not the unit's place (repeated or out of order): its id,
    and every citation of it, follow the place."""
    if d.number is None or d.unico or d.number.suffixes or d.kind not in _KIND_WORD:
        return False
    pos = _position(d)
    return pos is not None and pos != d.number.value


def source_marks(norma: Norma) -> dict[str, list[SourceMark]]:
    """Unit id → what to mark on it."""
    out: dict[str, list[SourceMark]] = {}
    groups = [list(norma.artigos())] + [p.children for p in norma.dispositivos()]
    for siblings in groups:
        seen: set[tuple] = set()
        for d in siblings:
            key = (d.kind, d.number.value if d.number else None)
            if relabelled(d):
                word, _ = _KIND_WORD[d.kind]
                printed = (d.rotulo_printed or d.rotulo or "").strip()
                how = "repetido" if key in seen else "fora de ordem"
                out.setdefault(d.id, []).append(SourceMark(
                    "rotulo", f"rótulo “{printed}” {how} no texto-fonte: é o {_position(d)}º {word} "
                              "do dispositivo"))
            seen.add(key)
    for unit, _lines, kind, residue in find(norma):
        if kind == "simbolo":
            note = "símbolo no lugar de “§” no meio do texto: provável resíduo de OCR; confira o texto-fonte"
            out.setdefault(unit.id, []).append(SourceMark("ruido", note))
        elif residue is not None and not residue.certain:
            note = f"“{residue.text}” no fim do texto: provável resíduo de OCR; confira o texto-fonte"
            out.setdefault(unit.id, []).append(SourceMark("ruido", note, residue.text))
    return out


def mark_notes(marks: list[SourceMark]) -> str:
    """The notes of one unit's marks as one bracketed line: '[?] “GO” no fim do texto: …'."""
    return f"{QUESTION} " + "; ".join(m.note for m in marks)


def seen_citation(norma: Norma, node_id: str) -> str:
    """How a reader of the published law finds the dispositivo ``node_id``: its citation by
    place ('art. 64, inciso III'), except where the law prints another label there ('inciso
    II' printed twice): then the label the reader sees, with the place."""
    parts = citation_parts(node_id)
    comps = node_id.split("_")
    index = norma.index()
    out = []
    i = 0
    for n in range(len(comps)):
        unit_id = "_".join(comps[: n + 1])
        try:
            lid = LexId(unit_id)
        except (KeyError, ValueError, AssertionError):
            continue
        if lid.kind == "caput" or lid.number is None:
            continue
        part = parts[i] if i < len(parts) else unit_id
        i += 1
        node = index.get(unit_id)
        if isinstance(node, Dispositivo) and relabelled(node):
            word, a = _KIND_WORD[node.kind]
            printed = (node.rotulo or node.rotulo_printed or "").strip().rstrip(").")
            shown = part.rsplit(" ", 1)[0] + f" {printed}" if " " in part else printed
            part = (f"{shown} ({a} {_position(node)}º {word}; o texto da lei repete o rótulo "
                    f"“{printed}”)")
        out.append(part)
    return ", ".join(out)
