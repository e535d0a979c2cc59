"""How a rótulo is printed before its text, per LC 95/1998 (art. 10) — one definition for every
output (site, HTML, DOCX, text, quadro comparativo, forms):

- artigo and parágrafo: ordinal up to nine without a period ('Art. 1º ', '§ 2º '), cardinal
  from ten with one ('Art. 10. ', '§ 12. '), 'Parágrafo único. ', 'Artigo único. ';
- inciso: Roman numeral and an en dash ('I – ');
- alínea 'a) ', item '1. '.

The separator printed in the source ('Parágrafo único -', 'I -', 'Art. 56 -') is kept in the
tree for faithful re-reading but never published.

>>> [label_and_separator(k, r) for k, r in [("artigo", "Art. 1º"), ("artigo", "Art. 10"),
...     ("paragrafo", "Parágrafo único"), ("inciso", "IV -"), ("alinea", "b)"), ("artigo", "Art. 5º-A")]]
[('Art. 1º', ' '), ('Art. 10', '. '), ('Parágrafo único', '. '), ('IV', ' – '), ('b)', ' '), ('Art. 5º-A', ' ')]
"""

from __future__ import annotations

from functools import lru_cache

from lexconsolida import patterns

_CARDINAL_END = patterns.compile(r"\d(?:-[A-Z])*$")


@lru_cache(maxsize=8192)  # a few hundred distinct labels, asked for once per unit per output
def label_and_separator(kind: str, rotulo: str | None) -> tuple[str, str]:
    """(rótulo without any printed separator, the LC 95 separator that follows it)."""
    if not rotulo:
        return "", ""
    kind = str(kind)
    rot = rotulo.strip()
    if kind in ("artigo", "paragrafo"):
        rot = rot.rstrip(" .-–—:")
        if rot.lower().startswith(("parágrafo", "paragrafo", "artigo único", "artigo unico")):
            return rot, ". "
        return rot, ". " if _CARDINAL_END.search(rot) else " "
    if kind == "inciso":
        return rot.rstrip(" .-–—:)"), " – "
    if kind == "alinea":
        rot = rot.rstrip(" .-–—:")
        return (rot if rot.endswith(")") else rot + ")"), " "
    if kind == "item":
        rot = rot.rstrip(" -–—:)")
        if "." in rot[:-1]:
            return rot, " – "  # '4.01 – ': an item numbered within its group
        return (rot if rot.endswith(".") else rot + "."), " "
    return rot, " "


def printed_label(kind: str, rotulo: str | None) -> str:
    """The label with its separator, as printed before the text ('Art. 10. ', 'I – ')."""
    label, sep = label_and_separator(kind, rotulo)
    return label + sep
