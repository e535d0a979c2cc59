"""Text changes a consolidation makes, each recorded where it is made:
- citations renumbered ("§ 2º do art. 16" → its new place; "art. 3º da Lei nº 2.217/2001" →
  "art. 7º desta Lei" when that act is consolidated too);
- the editorial changes of the spec (LC 95 art. 13, § 2º: names of bodies, homogenised terms).
"""

from __future__ import annotations

import re

from lexconsolida import citations
from lexconsolida.consolidation.citing import rewrite_all
from lexconsolida.consolidation.model import AppliedEdit, BrokenCitation
from lexconsolida.consolidation.renumber import reverse_mapping
from lexconsolida.errors import InputError
from lexconsolida.model import Agrupador, LexId, Norma


def _units(norma: Norma):
    for node in norma.walk():
        yield node


def apply_edits(norma: Norma, spec, renum: dict) -> list[AppliedEdit]:
    """Apply each ``[[edicoes]]`` substitution (whole words, case kept as given), in place on
    the new tree (which the consolidation owns), recording every place changed."""
    applied: list[AppliedEdit] = []
    reverse = reverse_mapping(renum)
    for edit in spec.edicoes:
        pattern = re.compile(r"(?<!\w)" + re.escape(edit.de) + r"(?!\w)")
        scope = set(edit.onde)
        count = 0
        for node in _units(norma):
            if scope and not _in_scope(node.id, reverse, scope):
                continue
            if isinstance(node, Agrupador):
                if node.nome and pattern.search(node.nome):
                    node.nome = pattern.sub(edit.para, node.nome)
                    applied.append(AppliedEdit(node.id, "substituicao", edit.de, edit.para, edit.motivo))
                    count += 1
                continue
            if node.text and pattern.search(node.text):
                n = len(pattern.findall(node.text))
                node.text = pattern.sub(edit.para, node.text)
                for _ in range(n):
                    applied.append(AppliedEdit(node.id, "substituicao", edit.de, edit.para, edit.motivo))
                count += n
        if count == 0:
            raise InputError(
                f"a edição de {edit.de!r} para {edit.para!r} não se aplica a nenhum dispositivo "
                "(confira a grafia ou o campo 'onde')", path=spec.path,
            )
    return applied


def replay(source_text: str, edits: list) -> str:
    """The source text with the edits recorded for one unit applied: citations first (from
    the end, by offset), then the spec's substitutions. The correspondence test uses it to prove
    each new unit is its source word for word but for the recorded edits."""
    text = source_text
    for e in sorted((e for e in edits if e.kind == "remissao"), key=lambda e: -e.start):
        assert text[e.start: e.start + len(e.before)] == e.before, (e, text)
        text = text[: e.start] + e.after + text[e.start + len(e.before):]
    seen = set()
    for e in edits:
        if e.kind == "substituicao" and (e.before, e.after) not in seen:
            seen.add((e.before, e.after))
            text = re.sub(r"(?<!\w)" + re.escape(e.before) + r"(?!\w)", e.after, text)
    return text


def _in_scope(new_id: str, reverse: dict, scope: set[str]) -> bool:
    src = reverse.get(new_id)
    if src is None:
        return False
    alias, old = src
    return any(f"{alias}:{lid}" in scope for lid in LexId(old).lineage)


# --- citations ---------------------------------------------------------------------------------

def rewrite_citations(norma: Norma, renum: dict, sources) -> tuple[list[AppliedEdit], list[BrokenCitation]]:
    """Renumber every citation of a consolidated dispositivo in the new text; the edits made
    and the citations of units left out of the consolidation."""
    return rewrite_all(norma, renum, sources, citations)
