"""Annexes and tables in a consolidation (``docs/tabelas.md``, ``docs/consolidacao.md``).

The annexes of the source acts in force on the spec's date are carried into the consolidated
act, in the order of the sources, and renumbered as one sequence — 'Anexo I' of the first act,
its 'Anexo II', then 'Anexo I' of the second act becomes 'Anexo III' … ('Anexo Único' when
there is only one). What a replaced or revoked annex no longer has in force (passages, rows,
tables) stays out, as revoked dispositivos do; the consolidated act starts without history.
Every source annex is a line of the correspondence table (carried, with its new label, or left
out, with why), and every mention of an act's own annex in the carried text ('conforme o Anexo
II desta Lei') follows its annex to the new number, recorded as an edit like any renumbered
citation. Tables printed inside dispositivos travel with their unit (``renumber``).
"""

from __future__ import annotations

import re

from lexconsolida.consolidation.model import AppliedEdit, BrokenCitation, Row, SourceAct
from lexconsolida.consolidation.renumber import Renumbering, reverse_mapping
from lexconsolida.consolidation.rewrite import replay
from lexconsolida.model import Norma, Situacao
from lexconsolida.model.numbering import int_to_roman, is_roman, roman_to_int
from lexconsolida.model.tables import Annex, Passage, Tabela, block_in_force, in_force_copy

_OWN_ANNEX = re.compile(
    r"\b(?P<word>[Aa]nexo|ANEXO)\s+(?:n[º°o.]*\s*)?(?P<num>[IVXLC]+|\d+|[ÚU]nico|ÚNICO)\b"
    r"(?!\s*,?\s*(?:d[aoe]s?|à|ao)\s+(?:Lei|Decreto|Resolu|Portaria|C[óo]digo|LC\b|Emenda|Constitui))")
"""An annex named without another act after it: the act's own ('o Anexo II desta Lei', 'conforme
Anexo I')."""


def _number(num: str) -> int | None:
    if num[0] in "ÚUúu":
        return 1
    if num.isdigit():
        return int(num)
    return roman_to_int(num.upper()) if is_roman(num.upper()) else None


def label(k: int, total: int) -> str:
    return "Anexo Único" if total == 1 else f"Anexo {int_to_roman(k)}"


def carry(sources: list[SourceAct]) -> tuple[list[Annex], list[Row], dict[tuple[str, str], Annex]]:
    """The new act's annexes, the correspondence rows of the source annexes and, per (alias,
    source annex id), the annex it became."""
    kept = [(s, a) for s in sources for a in s.norma.annexes if a.situacao is Situacao.VIGENTE and
            any(block_in_force(b) for b in a.blocks)]
    out: list[Annex] = []
    rows: list[Row] = []
    became: dict[tuple[str, str], Annex] = {}
    for k, (s, a) in enumerate(kept, 1):
        new = Annex(f"anx{k}", label(k, len(kept)), label(k, len(kept)).upper(), a.titulo)
        n_tables = n_text = 0
        for b in a.blocks:
            if not block_in_force(b):
                continue
            if isinstance(b, Tabela):
                n_tables += 1
                copy = in_force_copy(b, f"{new.id}_tab{n_tables}")
                if copy is not None:
                    new.blocks.append(copy)
            else:
                n_text += 1
                new.blocks.append(Passage(b.text, flag=b.flag, id=f"{new.id}_txt{n_text}"))
        out.append(new)
        became[(s.alias, a.id)] = new
    for s in sources:
        for a in s.norma.annexes:
            name = a.rotulo or a.rotulo_printed or a.id
            src_label = f"{s.label}, {name}"
            carried = became.get((s.alias, a.id))
            if carried is not None:
                rows.append(Row(s.alias, src_label, a.id, name, a.titulo or name, "incluido", carried.id, carried.rotulo,
                                a.titulo or name,
                                None if carried.rotulo == name else f"renumerado: {name} → {carried.rotulo}"))
            else:
                why = "revogado" if a.situacao is not Situacao.VIGENTE else "sem texto em vigor"
                if a.history and a.history[-1].event.act_label:
                    why = f"{why} ({a.history[-1].event.nota()})"
                rows.append(Row(s.alias, src_label, a.id, name, a.titulo or name, "descartado", reason=why))
    return out, rows, became


def rewrite_mentions(norma: Norma, renum: dict[str, Renumbering], sources: list[SourceAct],
                     became: dict[tuple[str, str], Annex], edits: list[AppliedEdit]) -> list[BrokenCitation]:
    """Each mention of a source act's own annex in the new text renamed to the annex it became
    ('Anexo II desta Lei' → 'Anexo III desta Lei'), recorded as a 'remissao' edit at its offset in
    the source text (so the correspondence replays it); a mention of an annex the act does not
    carry, or of several at once ('Anexos I e II'), is reported, not guessed."""
    reverse = reverse_mapping(renum)
    by_alias = {s.alias: s for s in sources}
    broken: list[BrokenCitation] = []
    index = {s.alias: s.norma.index() for s in sources}
    for d in norma.dispositivos():
        origin = reverse.get(d.id)
        if origin is None or not d.text:
            continue
        alias, old_id = origin
        src_unit = index[alias].get(old_id)
        source_text = getattr(src_unit, "text", None) or ""
        own = [e for e in edits if e.new_id == d.id and e.kind == "remissao"]
        taken = [(e.start or 0, (e.start or 0) + len(e.before)) for e in own]
        added = False
        for m in _OWN_ANNEX.finditer(source_text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            if re.match(r"\s*(?:,|e)\s*(?:[IVXLC]+|\d+)\b", source_text[m.end():]) or m.group("word")[-1:] == "s":
                broken.append(BrokenCitation(d.id, m.group(0), "citação de mais de um anexo: confira a nova numeração"))
                continue
            n = _number(m.group("num"))
            target = became.get((alias, f"anx{n}")) if n else None
            if target is None or not target.rotulo:
                if by_alias[alias].norma.annexes:
                    broken.append(BrokenCitation(d.id, m.group(0), "o anexo citado não entrou na consolidação"))
                continue
            after = f"{m.group('word')} {target.rotulo.split(' ', 1)[1]}"
            if m.group("word").isupper():
                after = after.upper()
            if after != m.group(0):
                edits.append(AppliedEdit(d.id, "remissao", m.group(0), after,
                                         "remissão a anexo renumerado na consolidação", m.start()))
                added = True
        if added:
            d.text = replay(source_text, [e for e in edits if e.new_id == d.id])
    return broken
