"""Citations in a consolidation: each citation of a consolidated dispositivo is renumbered to
its new place, a citation of another consolidated act becomes "desta Lei", and a citation of a
unit that did not make it into the new act is reported (never silently kept or dropped).

The wording of the citation is kept: only the numbers change ("art. 16" → "art. 9º"), unless
the renumbering is irregular (one number going to two places), when the citation is rewritten
in full from the new ids.
"""

from __future__ import annotations

import re
from lexconsolida.consolidation.model import AppliedEdit, BrokenCitation
from lexconsolida.consolidation.renumber import reverse_mapping
from lexconsolida.model import LexId, Norma
from lexconsolida.model.ids import citation_parts
from lexconsolida.model.numbering import int_to_letter, int_to_roman, is_roman, roman_to_int

_CONNECTOR_BEFORE_ACT = re.compile(r"\s*,?\s*(?:d[oa]s?|n[oa]s?|em|pel[oa])?\s*$", re.IGNORECASE)
_NUMBER_TOKEN = {
    "art": re.compile(r"(?P<lead>\bart(?:igo)?s?\.?\s*)(?P<n>\d+)(?P<ord>\s*[º°oª])?(?P<suf>(?:\s*-\s*[A-Z]\b)*)", re.I),
    "par": re.compile(r"(?P<lead>(?:§§?|\bpar[áa]grafos?\b)\s*)(?P<n>\d+)(?P<ord>\s*[º°oª])?(?P<suf>)", re.I),
    "inc": re.compile(r"(?P<lead>\b(?:incisos?|inc\.)\s+|,\s*|\be\s+)(?P<n>[IVXLCDM]+)\b(?P<ord>)(?P<suf>)"),
    "ali": re.compile(r"""(?P<lead>\bal[íi]neas?\s*["“”']?\s*|,\s*["“”']?|\be\s+["“”']?)(?P<n>[a-z])(?P<ord>)(?P<suf>)(?![\w])"""),
}


def _component_numbers(lexid: str) -> dict[str, int]:
    out = {}
    for comp in LexId(lexid).components:
        m = re.match(r"([a-z]{3})(\d+)", comp)
        if m and m.group(1) in _NUMBER_TOKEN:
            out[m.group(1)] = int(m.group(2))
    return out


def _format(prefix: str, n: int, had_ordinal: bool) -> str:
    if prefix in ("art", "par"):
        return f"{n}º" if n < 10 else str(n)
    if prefix == "inc":
        return int_to_roman(n)
    return int_to_letter(n)


def _parse(prefix: str, token: str) -> int | None:
    if prefix in ("art", "par"):
        return int(token)
    if prefix == "inc":
        return roman_to_int(token) if is_roman(token) else None
    return ord(token) - 96


def format_target(new_id: str) -> str:
    """Portuguese citation of a dispositivo by id: 'art13_par2' → '§ 2º do art. 13'."""
    return " do ".join(reversed(citation_parts(new_id, quote_letters=True)))


def renumber_text(text: str, pairs: list[tuple[str, str]]) -> str | None:
    """Change only the numbers in ``text`` per (old id, new id) pairs; None when irregular."""
    maps: dict[str, dict[int, int]] = {}
    for old, new in pairs:
        o, n = _component_numbers(old), _component_numbers(new)
        for prefix, value in o.items():
            if prefix not in n:
                return None
            seen = maps.setdefault(prefix, {})
            if seen.get(value, n[prefix]) != n[prefix]:
                return None
            seen[value] = n[prefix]
    out = text
    for prefix, mapping in maps.items():
        if all(a == b for a, b in mapping.items()):
            continue

        def sub(m: re.Match, prefix=prefix, mapping=mapping) -> str:
            value = _parse(prefix, m.group("n"))
            if value is None or value not in mapping:
                return m.group(0)
            return m.group("lead") + _format(prefix, mapping[value], bool(m.group("ord"))) + m.group("suf")

        out = _NUMBER_TOKEN[prefix].sub(sub, out)
    return out


def _act_alias(act, sources_by_key) -> str | None:
    if act is None:
        return None
    for (tipo, numero, ano), alias in sources_by_key.items():
        if act.tipo == tipo and act.numero == numero and (act.ano is None or ano is None or act.ano == ano):
            return alias
    return None


def _drop_act(text: str, act_text: str, replacement: str) -> str:
    i = text.rfind(act_text)
    if i < 0:
        return text
    head = _CONNECTOR_BEFORE_ACT.sub("", text[:i])
    return f"{head} {replacement}" if head else replacement


def rewrite_all(norma: Norma, renum: dict, sources, citations) -> tuple[list[AppliedEdit], list[BrokenCitation]]:
    """The citations of consolidated units renumbered in place (``renum``: alias → its
    :class:`Renumbering`); the edits made and the citations that could not be carried over."""
    reverse = reverse_mapping(renum)
    by_key = {}
    for s in sources:
        found = citations.find_acts(s.label)
        if found:
            by_key[found[0].act.key] = s.alias
    self_name = "desta Lei" if (norma.tipo or "Lei").lower().startswith("lei") else "deste Decreto"
    edits: list[AppliedEdit] = []
    broken: list[BrokenCitation] = []
    for d in norma.dispositivos():
        if d.id not in reverse or not d.text:
            continue
        alias, old_id = reverse[d.id]
        old_article = LexId(old_id).components[0]
        text = d.text
        spans = []
        for c in citations.find_dispositivos(text):
            target = alias if (c.act is None or c.proprio) else _act_alias(c.act, by_key)
            if target is None:
                continue  # an act outside the consolidation: kept as printed
            ids = list(c.ids)
            if c.incompleto:
                if c.act is not None and not c.proprio:
                    continue
                ids = [f"{old_article}_{'cpt_' if i.startswith('inc') else ''}{i}" for i in ids]
            ren = renum[target]
            new_ids = [ren.mapping.get(i) for i in ids]
            if not ids:
                continue
            if any(n is None for n in new_ids):
                missing = [i for i, n in zip(ids, new_ids) if n is None]
                broken.append(BrokenCitation(d.id, c.text, f"cita {', '.join(missing)} da fonte {target!r}, "
                                             "que não entrou na consolidação (revogado, descartado ou inexistente)"))
                continue
            cited_other_act = c.act is not None and not c.proprio
            if not cited_other_act and ids == new_ids:
                continue
            if c.incompleto and ids == [i for i in new_ids]:
                continue
            new_text = renumber_text(c.text, list(zip(ids, new_ids)))
            if new_text is None:
                new_text = " e ".join(format_target(n) for n in new_ids)
            if cited_other_act:
                act_cits = citations.find_acts(c.text)
                if act_cits:
                    new_text = _drop_act(new_text, act_cits[-1].text, self_name)
            if new_text != c.text:
                spans.append((c.start, c.end, c.text, new_text))
        for a in citations.find_acts(text):
            target = _act_alias(a.act, by_key)
            if target is None or any(s <= a.start < e for s, e, _, _ in spans):
                continue
            if any(c.start <= a.start < c.end for c in citations.find_dispositivos(text)):
                continue
            m = _CONNECTOR_BEFORE_ACT.search(text[: a.start])
            start = m.start() if m and m.group(0).strip() else a.start
            before = text[start: a.end]
            spans.append((start, a.end, before, (" " if before[:1].isspace() else "") + self_name))
        for start, end, _before, after in sorted(spans, reverse=True):
            text = text[:start] + after + text[end:]
        for start, _end, before, after in sorted(spans):
            edits.append(AppliedEdit(d.id, "remissao", before, after,
                                     "remissão atualizada para a numeração da consolidação", start))
        d.text = text
    return edits, broken
