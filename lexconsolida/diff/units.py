"""The rows a diff compares: a Norma flattened into units, each with its comparable text.

A unit is one agrupador heading or one dispositivo; an artigo and its caput make one unit (the
artigo's id, the caput's text), as the quadro comparativo prints "Art. 5º Texto do caput".
Editorial notes of compiled texts — "(NR)", "(Redação dada pela …)", "(Incluído pela …)",
"(Revogado pela …)", "(Vide …)" — are taken out of the compared text and kept apart, with
their positions, so the full text can be rebuilt exactly.

>>> split_notes("Texto novo. (Redação dada pela Lei nº 2.331, de 2002)")
('Texto novo.', (Note(at=11, text=' (Redação dada pela Lei nº 2.331, de 2002)'),))
>>> mask("Nos termos do art. 5º-A, inciso IV, alínea b, e do § 2º")
'nos termos do art. #, inciso #, alínea #, e do § #'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from lexconsolida.model import Agrupador, AgrupadorKind, Dispositivo, Kind, Norma, Situacao
from lexconsolida.model.rotulos import printed_label
from lexconsolida.model.tables import row_text

NOTE = re.compile(
    r"""\s*\(\s*(?:
          N\.?\s?R\.?|A\.?\s?C\.?                              # (NR), (AC)
        | Reda[çc][ãa]o\s+dada | Inclu[íi]d[oa]s? | Acrescid[oa]s?
        | Revogad[oa]s? | Renumerad[oa]s? | Vide | Vig[êe]ncia | Regulamento
        | Promulga[çc][ãa]o | Produ[çc][ãa]o\s+de\s+efeito
        )\b[^()]*\)(?:\.(?=\s*$))?""",
    re.VERBOSE | re.IGNORECASE,
)

_NUMBER = re.compile(r"\d+(?:[.,]\d+)*\s?[º°ª]?(?:\s?-\s?[A-Za-z]\b)?")
_ROMAN = re.compile(r"\b[IVXLCDM]+(?:-[A-Z])?\b")
_LETTER_LABEL = re.compile(r"(?<![\w])[a-z]\)")
_LETTER_REF = re.compile(r"\b(al[íi]neas?)\s+[\"“]?[a-z]\b[\"”]?", re.IGNORECASE)

AGRUPADOR_KINDS = frozenset(k.value for k in AgrupadorKind)
REVOKED_TEXT = "(Revogado)"
_REVOKED = re.compile(r"^\W*(?:revogad|suprimid|vetad)[oa]s?\b", re.IGNORECASE)
"""A text that already says the unit is revoked ('(Revogado).', 'Revogado pela Lei …')."""


@dataclass(frozen=True, slots=True)
class Note:
    """An editorial note taken out of a text."""

    at: int
    """Offset in the note-free text where the note was (before any later note)."""
    text: str
    """The note as printed, with the whitespace before it."""


@dataclass(frozen=True, slots=True)
class Unit:
    """One row of the comparison: an agrupador heading or a dispositivo."""

    id: str
    """LexML id (the artigo's id for artigo + caput)."""
    kind: str
    """Dispositivo kind ('artigo', 'paragrafo' …) or agrupador kind ('capitulo' …)."""
    rotulo: str | None
    """Printed label, normalised ('Art. 5º', 'Parágrafo único', 'Capítulo II')."""
    label: str
    """The label as shown before the text, separator included ('Art. 5º ', 'I – ', '')."""
    text: str
    """Full own text, notes included (an artigo's is its caput's; an agrupador's its name)."""
    body: str
    """``text`` without editorial notes: what is compared."""
    notes: tuple[Note, ...]
    """The notes taken out of ``text``."""
    parent: str | None
    """Id of the enclosing unit (agrupador or dispositivo), None at the top."""
    depth: int
    """Nesting depth below the articulação (0 for a top-level unit)."""
    order: int
    """Position in document order."""
    cite: str = ""
    """How to cite the unit within the norm: 'Art. 2º, § 1º, II, a)'; an agrupador's rótulo."""
    changed: str | None = None
    """The date from which another act's change of the unit is in force (its current wording,
    its inclusion or its revocation), when the text is a compiled one; None otherwise."""

    @property
    def is_agrupador(self) -> bool:
        return self.kind in AGRUPADOR_KINDS

    @property
    def canonical_id(self) -> str:
        """The id with 'Parágrafo único' read as '§ 1º' (``par1u`` → ``par1``)."""
        return _UNICO.sub("par1", self.id) if "par1u" in self.id else self.id

    @property
    def full(self) -> str:
        """Label and text, as the compiled text prints the unit."""
        return self.label + self.text


_UNICO = re.compile(r"par1u(?=_|$)")


def split_notes(text: str) -> tuple[str, tuple[Note, ...]]:
    """``text`` without its editorial notes, and the notes with their positions."""
    if "(" not in text:  # every note opens with one: most units have none to look for
        return text, ()
    notes: list[Note] = []
    parts: list[str] = []
    pos = 0
    size = 0
    for m in NOTE.finditer(text):
        chunk = text[pos : m.start()]
        parts.append(chunk)
        size += len(chunk)
        notes.append(Note(size, m.group(0)))
        pos = m.end()
    parts.append(text[pos:])
    return "".join(parts), tuple(notes)


def join_notes(body: str, notes: Sequence[Note]) -> str:
    """Inverse of :func:`split_notes`."""
    out: list[str] = []
    pos = 0
    for n in notes:
        out.append(body[pos : n.at])
        out.append(n.text)
        pos = n.at
    out.append(body[pos:])
    return "".join(out)


def normalize(text: str) -> str:
    """Text for exact comparison: NFC, one space between words, no outer spaces."""
    # str.split() splits on exactly the characters ``\s`` matches: one pass, no regex
    return " ".join(unicodedata.normalize("NFC", text).split())


def mask(text: str) -> str:
    """Text with numbers and labels masked, to recognise renumbered or moved units."""
    return mask_normalized(normalize(text))


def mask_normalized(t: str) -> str:
    """:func:`mask` of a text already through :func:`normalize`."""
    t = _LETTER_REF.sub(lambda m: m.group(1) + " #", t)
    t = _LETTER_LABEL.sub("#", t)
    t = _NUMBER.sub("#", t)
    t = _ROMAN.sub("#", t)
    return t.lower()


def display_label(kind: str, rotulo: str | None, separator: str | None) -> str:
    """The label as published before the text, separator included ('I – ', 'Art. 5º ',
    'Art. 10. '): :func:`lexconsolida.model.rotulos.printed_label`; ``separator`` (as the
    source printed it) is not used."""
    if not rotulo:
        return ""
    if kind in AGRUPADOR_KINDS:
        return rotulo.strip() + " – "
    # LC 95 for every dispositivo, whatever separator the source printed ('Parágrafo único -')
    return printed_label(kind, rotulo)


def flatten(norma: Norma) -> list[Unit]:
    """The units of ``norma`` in document order."""
    out: list[Unit] = []

    cites: dict[str, str] = {}

    def add(node, text: str, parent: str | None, depth: int) -> str:
        kind = str(node.kind)
        changed = _changed(node)
        sep = None if isinstance(node, Agrupador) else node.separator
        body, notes = split_notes(text)
        rotulo = node.rotulo or getattr(node, "rotulo_printed", None)
        label = display_label(kind, rotulo, sep)
        if isinstance(node, Agrupador) and not text:
            label = label.removesuffix(" – ")
        own = (rotulo or node.id).strip().rstrip(".–- ") or node.id
        up = cites.get(parent or "") if isinstance(node, Dispositivo) else None
        cite = cites[node.id] = f"{up}, {own}" if up else own
        out.append(Unit(node.id, kind, rotulo, label, text, body, notes, parent, depth, len(out), cite,
                        changed))
        return node.id

    def visit(node, parent: str | None, depth: int) -> None:
        if isinstance(node, Agrupador):
            uid = add(node, node.nome or "", parent, depth)
            cites[uid] = ""  # articles are cited without their chapter
            for child in node.children:
                visit(child, uid, depth + 1)
            return
        if node.kind is Kind.OMISSIS:
            return
        if node.kind is Kind.CAPUT:
            for child in node.children:
                visit(child, parent, depth)
            return
        if node.situacao is Situacao.REVOGADO:
            # as the text in force prints it: 'Art. 5º (Revogado).' without its parts (the
            # tree keeps the last wording of a revoked unit, which would compare as unchanged)
            text = node.head_text
            add(node, text if _REVOKED.match(text) else REVOKED_TEXT, parent, depth)
            return
        uid = add(node, node.head_text, parent, depth)
        for table in node.tabelas + (node.caput.tabelas if node.caput is not None else []):
            rows(table, uid, depth + 1)
        for child in node.children:
            visit(child, uid, depth + 1)

    def rows(table, parent: str, depth: int) -> None:
        """A table's rows as units (kind 'linha'), so the quadro pairs them by id and marks the
        words of the cells that changed; a removed row compares as removed."""
        for row in table.rows:
            if row.situacao is not Situacao.VIGENTE:
                continue
            text = row_text(row.texts)
            body, notes = split_notes(text)
            cite = f"{cites.get(parent) or parent}, tabela, linha “{row.label}”"
            out.append(Unit(row.id, "linha", None, "", text, body, notes, parent, depth, len(out), cite,
                            _changed(row)))

    for node in norma.articulacao:
        visit(node, None, 0)
    for annex in norma.annexes:
        title = " – ".join(x for x in (annex.rotulo or annex.rotulo_printed, annex.titulo) if x)
        body, notes = split_notes(title)
        cites[annex.id] = annex.rotulo or annex.id
        out.append(Unit(annex.id, "anexo", annex.rotulo, "", title, body, notes, None, 0, len(out),
                        annex.rotulo or annex.id, _changed(annex)))
        for b in annex.blocks:
            if hasattr(b, "rows"):
                rows(b, annex.id, 1)
    return out


def _changed(node) -> str | None:
    """When the latest change of ``node`` by another act took effect (an artigo's wording is
    its caput's): the date a tracked change of it carries."""
    holders = [node]
    if isinstance(node, Dispositivo) and node.kind is Kind.ARTIGO and node.caput is not None:
        holders.append(node.caput)
    dates = [v.start or v.event.date for h in holders for v in h.history
             if v.event.kind not in ("original", "pendente") and (v.start or v.event.date)]
    return max(dates)[:10] if dates else None


def texts(norma: Norma) -> dict[str, str]:
    """id → full own text of every unit of ``norma`` (what ``apply_ops`` rebuilds)."""
    return {u.id: u.text for u in flatten(norma)}
