"""Markdown writer: Norma → CommonMark (UTF-8), same content and views as the plain-text writer.

- the epígrafe is the level-1 heading; the ementa follows in italics, then the preâmbulo;
- each agrupador is a heading one level below its parent ('## CAPÍTULO I — DA TAXA', down to
  level 6), a heading printed without label keeps only its name;
- each dispositivo is a paragraph opening with its bold label: '**Art. 1º** Texto…',
  '**§ 1º** …', '**Parágrafo único.** …', '**I –** …', '**a)** …', '**1.** …';
- quoted alteration blocks are block quotes ('> “**Art. 7º** …” (NR)');
- fecho and signatures (name, line break, cargo) close the act; annexes follow a rule.

Texts are escaped so that nothing in them is read as markup (``*``, ``_``, ``[``, ``<``, ``&``,
a leading ``1.`` or ``-`` …). ``view="compilado"`` strikes superseded wordings (``~~…~~``,
the GFM/markdown-it strikethrough) and notes every change, as Planalto's compiled texts do.
"""

from __future__ import annotations

import re

from lexconsolida.model import Agrupador, Alteracao, Dispositivo, Kind, Norma, Situacao
from lexconsolida.model.tables import Tabela, block_note, covered_by_annex, shown_blocks
from lexconsolida.model.epigrafe import printed as printed_epigrafe
from lexconsolida.model.efficacy import Resolved
from lexconsolida.model.history import Entry, ementa_lines
from lexconsolida.model.marks import QUESTION, source_marks
from lexconsolida.writers.text import (
    OMISSIS_LINE,
    agrupador_label,
    check_view,
    header,
    efficacy_of,
    host_alteracoes,
    text_children,
    unit_entries,
    unit_label,
    table_view_lines,
    unit_marks,
)

_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~&!])")
_HEADING_MARK = re.compile(r"#{1,6} ")
_LEADING = re.compile(r"^(\s*)(\d+)([.)])|^(\s*)([-+=>])", re.M)


def escape(text: str) -> str:
    """``text`` with Markdown punctuation backslash-escaped (a leading list marker too)."""
    text = _SPECIAL.sub(r"\\\1", text)

    def lead(m: re.Match) -> str:
        if m.group(2):
            return f"{m.group(1)}{m.group(2)}\\{m.group(3)}"
        return f"{m.group(4)}\\{m.group(5)}"

    return _LEADING.sub(lead, text)


def _entry(d: Dispositivo, entry: Entry) -> str:
    label = unit_label(d, entry.rotulo).strip()
    parts = [f"**{escape(label)}**"] if label else []
    if entry.text:
        body = escape(entry.text)
        parts.append(f"~~{body}~~" if entry.struck else body)
    if entry.note:
        parts.append(f"({escape(entry.note)})")
    parts += [f"**({escape(m)})**" for m in entry.marks]  # a court's decision: not to be missed
    return " ".join(parts)


class _MarkdownWriter:
    def __init__(self, view: str, published: bool = False, efficacy: Resolved | None = None) -> None:
        self.view = view
        self.published = published
        self.marks: dict = {}
        self.blocks: list[str] = []
        self.efficacy = efficacy

    def dispositivo(self, d: Dispositivo) -> None:
        if d.kind is Kind.OMISSIS:
            self.blocks.append(escape(d.text or OMISSIS_LINE))
            return
        for entry in unit_entries(d, self.view, self.efficacy):
            self.blocks.append(_entry(d, entry))
        marks = unit_marks(self.marks, d)
        if marks:  # never clean law text: '[?]' after it, and what to check
            self.blocks[-1] += " " + escape(QUESTION)
            self.blocks.append(f"*{escape('[' + '; '.join(m.note for m in marks) + ']')}*")
        for alt in host_alteracoes(d):
            self.alteracao(alt)
        for t in d.tabelas + (d.caput.tabelas if d.caput is not None else []):
            self.blocks.append("\n".join(table_view_lines(t, self.view)))
        for c in text_children(d):
            self.dispositivo(c)

    def alteracao(self, alt: Alteracao) -> None:
        """One block quote holding the quoted units, opening and closing quotes, '(NR)'."""
        inner = _MarkdownWriter(self.view)
        for node in alt.children:
            inner.node(node, depth=5)
        if not inner.blocks:
            return
        # the opening quote goes inside a heading ('##### “SEÇÃO III'), or the heading is lost
        heading = _HEADING_MARK.match(inner.blocks[0])
        cut = heading.end() if heading else 0
        inner.blocks[0] = inner.blocks[0][:cut] + "“" + inner.blocks[0][cut:]
        inner.blocks[-1] += "”" + (f" ({alt.nota})" if alt.nota else "")
        self.blocks.append("\n>\n".join("> " + b.replace("\n", "\n> ") for b in inner.blocks))

    def node(self, node: Agrupador | Dispositivo, depth: int) -> None:
        if isinstance(node, Dispositivo):
            self.dispositivo(node)
            return
        title = " — ".join(escape(p) for p in (agrupador_label(node), node.nome) if p)
        if title:
            self.blocks.append(f"{'#' * min(depth, 6)} {title}")
        for c in node.children:
            self.node(c, depth + 1)

    def norma(self, n: Norma) -> str:
        said = header(n, self.view) if self.published else []
        self.marks = source_marks(n) if self.published else {}
        if said:
            self.blocks.append("\n>\n".join(f"> *{escape(s)}*" for s in said))
        for doc in n.documentos:
            self.blocks.extend(escape(p) for p in doc.text.split("\n") if p.strip())
            self.blocks.append("---")
        epigrafe = printed_epigrafe(n) if self.published else n.epigrafe
        if epigrafe:
            self.blocks.append(f"# {escape(epigrafe)}")
        if self.efficacy is not None:
            self.blocks.extend(f"**({escape(m.note)})**" for m in self.efficacy.act_marks)
        for entry in ementa_lines(n, self.view, notes=False):
            body = f"*{escape(entry.text)}*" if entry.text else ""
            parts = [f"~~{body}~~" if entry.struck and body else body]
            if entry.note:
                parts.append(f"({escape(entry.note)})")
            self.blocks.append(" ".join(p for p in parts if p))
        self.blocks.extend(escape(p) for p in n.preambulo)
        for node in n.articulacao:
            self.node(node, depth=2)
        self.blocks.extend(escape(p) for p in n.fecho)
        for s in n.assinaturas:
            self.blocks.append(escape(s.name) + (f"\\\n{escape(s.cargo)}" if s.cargo else ""))
        for anexo in n.anexos:
            self.blocks.append("---")
            self.blocks.extend(escape(p) for p in anexo.split("\n") if p.strip())
        for annex in n.annexes:  # structured annexes (docs/tabelas.md): heading, paragraphs, pipe tables
            self.blocks.append("---")
            revoked = annex.situacao is not Situacao.VIGENTE
            head = " — ".join(escape(p) for p in (annex.rotulo_printed or annex.rotulo, annex.titulo) if p)
            if head:
                self.blocks.append(f"## {head}" + (" (Revogado)" if revoked and self.view != "compilado" else ""))
            note = block_note(annex) if self.view == "compilado" else None
            if note:
                self.blocks.append(f"*({escape(note)})*")
            for b in shown_blocks(annex, self.view):
                covered = covered_by_annex(annex, b)
                if isinstance(b, Tabela):
                    self.blocks.append("\n".join(table_view_lines(b, self.view, notes=not covered)))
                    continue
                text = escape(b.text)
                if b.situacao is not Situacao.VIGENTE:
                    text = f"~~{text}~~"
                pnote = block_note(b) if self.view == "compilado" and not covered else None
                self.blocks.append(text + (f" ({escape(pnote)})" if pnote else ""))
        return "\n\n".join(b for b in self.blocks if b.strip()) + "\n"


def render(norma: Norma, *, view: str = "vigente", published: bool = False) -> str:
    """The act as Markdown (str); ``published`` as in :func:`lexconsolida.writers.text.render`
    (what it is, in a block quote, and the normalised epígrafe)."""
    return _MarkdownWriter(check_view(view), published, efficacy_of(norma)).norma(norma)


def write(norma: Norma, *, view: str = "vigente", published: bool = False, **_options) -> bytes:
    """The act as UTF-8 Markdown."""
    return render(norma, view=view, published=published).encode("utf-8")
