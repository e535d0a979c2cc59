"""Text changes a consolidation makes, each recorded where it is made:
- citations renumbered ("§ 2º do art. 16" → its new place; "art. 3º da Lei nº 2.217/2001" →
  "art. 7º desta Lei" when that act is consolidated too);
- the editorial changes of the spec (LC 95 art. 13, § 2º: names of bodies, homogenised terms).
"""

from __future__ import annotations

import re

from lexconsolida.model import Agrupador, Norma
from lexconsolida.model.ids import citation_parts


def _units(norma: Norma):
    for node in norma.walk():
        yield node


def apply_edits(norma: Norma, spec, builder) -> list:
    """Apply each ``[[edicoes]]`` substitution (whole words, case kept as given), in place on
    the new tree (which the consolidation owns), recording every place changed."""
    from lexconsolida.consolidation.engine import AppliedEdit

    applied: list[AppliedEdit] = []
    reverse = _reverse_mapping(builder)
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
            from lexconsolida.errors import InputError

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


def _reverse_mapping(builder) -> dict[str, tuple[str, str]]:
    """new id → (alias, old id)."""
    out = {}
    for alias, ren in builder.renum.items():
        for old, new in ren.mapping.items():
            out[new] = (alias, old)
    return out


def _in_scope(new_id: str, reverse: dict, scope: set[str]) -> bool:
    src = reverse.get(new_id)
    if src is None:
        return False
    alias, old = src
    comps = old.split("_")
    return any(f"{alias}:{'_'.join(comps[:i])}" in scope for i in range(1, len(comps) + 1))


# --- citations ---------------------------------------------------------------------------------

def format_target(new_id: str) -> str:
    """Portuguese citation of a dispositivo by id: 'art13_par2' → '§ 2º do art. 13'."""
    return " do ".join(reversed(citation_parts(new_id, quote_letters=True)))


def rewrite_citations(norma: Norma, builder, sources) -> list:
    """Renumber every citation of a consolidated dispositivo in the new text."""
    try:
        from lexconsolida import citations
    except ImportError:
        return []
    from lexconsolida.consolidation.citing import rewrite_all

    return rewrite_all(norma, builder, sources, citations)
