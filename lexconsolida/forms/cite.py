"""Citations and quoted text of dispositivos, as forms and catalogs print them.

>>> citation("art55_par13")
'art. 55, § 13'
>>> citation("art26_cpt_inc4"), citation("art54_par1"), citation("art52_par1u")
('art. 26, inciso IV', 'art. 54, § 1º', 'art. 52, parágrafo único')
>>> citation("art55_par34_inc1_ali2"), citation("art5-1")
('art. 55, § 34, inciso I, alínea b', 'art. 5º-A')
"""

from __future__ import annotations

from lexconsolida.model import Dispositivo, Kind, Norma
from lexconsolida.model.ids import citation_parts
from lexconsolida.model.marks import seen_citation
from lexconsolida.model.status import status_of


def citation(node_id: str, norma: Norma | None = None) -> str:
    """How a legal text cites the dispositivo ``node_id`` ('art. 55, § 13'). With the law
    (``norma``), as its reader finds it: where the law prints a label out of sequence ('II'
    twice), the label printed and the place ('art. 64, inciso II (o 3º inciso; o texto da lei
    repete o rótulo “II”)'), never a number the reader does not see."""
    if norma is not None:
        return seen_citation(norma, node_id)
    return ", ".join(citation_parts(node_id))


def quoted_lines(node: Dispositivo, *, with_children: bool = True) -> list[str]:
    """The dispositivo as printed, one line per unit: 'Art. 56. …', '§ 1º …', 'I – …'."""
    out: list[str] = []
    _quote(node, out, with_children)
    return out


def _quote(node: Dispositivo, out: list[str], with_children: bool) -> None:
    if node.kind is Kind.CAPUT:
        for child in node.children if with_children else []:
            _quote(child, out, with_children)
        return
    label = node.rotulo or ""
    text = node.head_text.strip()
    if node.kind in (Kind.ARTIGO, Kind.PARAGRAFO) and (label[-1:].isdigit() or label == "Parágrafo único"):
        label += "."  # 'Art. 56.', '§ 27.', 'Parágrafo único.' as LC 95 prints them
    if node.kind is Kind.ARTIGO:
        out.append(f"{label} {text}".strip())
    elif node.kind is Kind.INCISO:
        out.append(f"{label} – {text}".strip())
    else:
        out.append(f"{label} {text}".strip())
    if with_children:
        for child in node.children:
            _quote(child, out, with_children)


def act_title(norma: Norma) -> str:
    """A clean title for notices: 'Lei nº 846, de 12 de maio de 2015' from the metadata when
    known (epígrafes are often upper case, OCR-damaged or oddly punctuated), else the epígrafe;
    with its status when it is not a norm in force ('… (minuta de lei — sem valor normativo)')."""
    title = norma.label if norma.tipo and (norma.numero or norma.data) else norma.titulo
    status = status_of(norma)
    return title if status.code == "vigente" else f"{title} ({status.label})"


def find_dispositivo(norma: Norma, node_id: str) -> Dispositivo | None:
    """The dispositivo with ``node_id`` (an artigo for 'artN'), or None."""
    node = norma.find(node_id)
    return node if isinstance(node, Dispositivo) else None
