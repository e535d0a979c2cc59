"""The quoted blocks of an instruction: each quoted unit becomes an operation on the unit of the
target norm it stands for.

An instruction names units (its clauses' objects and places, read by the grammar); its quoted
blocks bring their new wording. Anchoring a quoted unit on the named ones gives its id in the
target ('IV -' quoted under 'o art. 3º' is ``art3_cpt_inc4``); the clause that named it says what
happens to it (new wording, inclusion, revocation), and :class:`Spec` carries what the rest of the
sentence says about all of them (a generic 'com as seguintes alterações', a set replaced whole,
whether the sentence names a parágrafo único or revokes). Nothing here reads the sentence: the
words are the grammar's (:mod:`lexconsolida.amendments.grammar`); the shapes of quoted text are
:mod:`lexconsolida.amendments.shapes`'.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from lexconsolida.amendments import phrases, shapes
from lexconsolida.amendments.blocks import (
    PARENT_KINDS, QuotedUnit, agrupadores_in, anchor, block_units, child_id, id_kind, leading_text, quoted_headings,
)
from lexconsolida.amendments.context import Context, Target, line_of, operation, problem, where_of
from lexconsolida.amendments.model import EMENTA
from lexconsolida.model import Alteracao, Dispositivo
from lexconsolida.model.ids import LexId
from lexconsolida.model.numbering import label_for

REDACAO, INCLUSAO, REVOGACAO = "redacao", "inclusao", "revogacao"


@dataclass(slots=True)
class Spec:
    """What the sentence says of all the units it quotes."""

    kind: str
    """'redacao', 'inclusao' or 'revogacao' (a set revoked and replaced)."""
    generic: bool = False
    """'com as seguintes alterações': a unit that does not exist is included."""
    roles: dict[str, str] = field(default_factory=dict)
    """In a sentence that both rewrites and adds: named id → 'redacao' or 'inclusao'."""
    whole_set: bool = False
    """'Os parágrafos do art. 11 … ficam revogados, passando a apresentar a seguinte redação'."""
    mentions_unico: bool = False
    """The sentence names a parágrafo único (its § 1º quoted is then not an implicit renumbering)."""
    revokes: bool = False
    """The sentence revokes something too."""


# --- named ids ------------------------------------------------------------------------------------

def join(parent: str, rel: str) -> str:
    first = rel.split("_")[0][:3]
    if id_kind(parent) == "artigo" and "_" not in parent:
        return f"{parent}_cpt_{rel}" if first in ("inc", "ali") else f"{parent}_{rel}"
    return f"{parent}_{rel}"


def _can_hold(parent: str, rel: str) -> bool:
    """True when a unit of ``rel``'s kind can sit directly in ``parent`` (a § holds incisos)."""
    kind = id_kind(rel.split("_")[0])
    return id_kind(parent) != "artigo" and id_kind(parent) in PARENT_KINDS.get(kind, ())


def named_by_citation(cited: list[tuple[str, ...]], previous_article: str | None = None) -> list[list[str]]:
    """The ids each citation names, a chain without its artigo completed: with the one complete
    id the sentence names when it can hold it ('ao § 7º do art. 307 … os incisos I e II'), else
    with the one artigo the sentence names ('o caput do artigo 2º e os incisos II e IX'), else
    with the artigo of the instruction before ('do supracitado artigo')."""
    complete = list(dict.fromkeys(i for ids in cited for i in ids if i.startswith("art")))
    articles = {i.split("_")[0] for i in complete}
    if not articles and previous_article:
        articles = {previous_article}
    out: list[list[str]] = []
    for ids in cited:
        row = []
        for i in ids:
            if i.startswith("art") or i == EMENTA:
                pass
            elif len(complete) == 1 and _can_hold(complete[0], i):
                i = join(complete[0], i)
            elif len(articles) == 1:
                i = join(next(iter(articles)), i)
            row.append(i)
        out.append(row)
    return out


def relation(i: str, named: list[str]) -> str:
    if i in named:
        return "named"
    if any(i.startswith(n + "_") for n in named):
        return "inside"
    if any(n.startswith(i + "_") for n in named):
        return "ancestor"
    return "other"


def rotulo(u: QuotedUnit) -> str | None:
    try:
        return label_for(u.kind, u.number, unico=u.unico)
    except ValueError:
        return None


def rotulo_of_id(i: str) -> str | None:
    try:
        lid = LexId.parse(i)
        return label_for(lid.kind, lid.number, unico=lid.is_unico)
    except (ValueError, KeyError):
        return None


def role_of(full: str, roles: dict[str, str]) -> str | None:
    """The verb of ``full`` in a mixed instruction: its own, else its nearest named ancestor's."""
    if full in roles:
        return roles[full]
    holders = [n for n in roles if full.startswith(n + "_")]
    return roles[max(holders, key=len)] if holders else None


# --- one quoted unit -----------------------------------------------------------------------------

def complete_lists(full: str, u: QuotedUnit, whole: bool) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The lists of a unit given new wording that its quoted text brings whole: its units of a
    kind with no omissis line among them (Decreto 9.191/2017 art. 15: the line of dots is what
    keeps the units not rewritten), as (kind, ids brought); the applier revokes the units of
    that kind the base has there and the quote does not bring. A list that does not start at
    its first unit ('§ 2º …' quoted alone) or has a unit quoted as '...' is a partial quote.
    With ``whole`` (a set replaced whole), every kind: ('', ids)."""
    kids = [c for c in u.children if c.number is not None or c.unico or c.kind == "omissis"]
    if any(c.omissis for c in kids) or (not kids and not whole):
        return ()
    if whole:
        return (("", tuple(child_id(full, c) for c in kids)),)
    out = []
    for k in dict.fromkeys(c.kind for c in kids):
        of_kind = [c for c in kids if c.kind == k]
        first = of_kind[0]
        if first.unico or (first.number is not None and first.number.value == 1 and not first.number.suffixes):
            out.append((k, tuple(child_id(full, c) for c in of_kind)))
    return tuple(out)


_OPENS_WITH_DOTS = re.compile(r"^\s*(?:\.{2,}|…)[\s.…]*(?P<rest>\S.*)$", re.DOTALL)
"""A quoted unit whose text opens with a line of dots and goes on ('Art. 24 ... Acrescenta-se:'):
its wording is left out (unchanged); what follows the dots is the drafter's note."""


def unit_ops(ctx: Context, d: Dispositivo, spec: Spec, t: Target, full: str, u: QuotedUnit, named: list[str],
             covered: set[str]) -> None:
    """The operation of quoted unit ``u`` (anchored at ``full``) and of the units quoted under it."""
    rel = relation(full, named)
    role = role_of(full, spec.roles) if spec.roles else None
    kind, generic = spec.kind, spec.generic
    dots = None if u.omissis else _OPENS_WITH_DOTS.match(u.text)
    if dots is not None:
        ctx.rec.problems.append(problem(
            d, "redacao-parcial", f"o texto entre aspas de {full} começa com pontos e segue com “{dots.group('rest')}”: "
            "a redação do dispositivo fica como está e o que segue os pontos é lido como nota; confira",
            line=u.line, blocking=False))
        covered.add(full)
        u = replace(u, text="...")
    whole = spec.whole_set
    if whole:
        kind, generic = REDACAO, True  # the set replaced whole: each quoted unit takes its place
    if not u.omissis:
        covered.add(full)
        label = u.rotulo or rotulo(u)
        container = False
        if phrases.is_revoked_marker(u.text):
            ctx.rec.operations.append(operation(d, t, REVOGACAO, full, unit_kind=u.kind, rotulo=label))
        else:
            op_kind, lenient = kind, generic
            if kind != REVOGACAO and role is not None:
                # a mixed instruction: the unit named by the clause that rewrites takes new wording,
                # the one named by the clause that adds is included; what is quoted inside a unit
                # changed is new wording if it exists, else included
                op_kind = role
                lenient = generic or (role == REDACAO and rel == "inside")
            elif kind == INCLUSAO and is_container(full, u, rel, named):
                # the unit the inclusion goes into, quoted around the new ones: its text is
                # context, or new wording when it differs (checked against the base)
                op_kind, lenient, container = REDACAO, rel == "inside", True
            elif kind == INCLUSAO and rel in ("ancestor", "other"):
                op_kind, lenient = REDACAO, True
            elif kind == REVOGACAO:
                op_kind = REVOGACAO
            elif rel in ("other", "inside"):
                # a unit quoted inside the one named: new wording if it exists, else included
                lenient = True
            implicit = (u.kind == "paragrafo" and not u.unico and op_kind != REVOGACAO
                        and (not spec.mentions_unico or unico_becomes_first(spec, full, u, covered)))
            lists: tuple[tuple[str, tuple[str, ...]], ...] = ()
            if op_kind == REDACAO and (whole or (
                    kind == REDACAO and not generic and role is None and rel in ("named", "inside", "other")
                    and not any(n.startswith(full + "_") for n in named))):
                lists = complete_lists(full, u, whole)
            ctx.rec.operations.append(operation(d, t, op_kind, full, unit_kind=u.kind, rotulo=label,
                                                text=u.text if op_kind != REVOGACAO else None,
                                                lenient=lenient, implicit_renumbering=implicit,
                                                container=container, complete=lists))
    for c in u.children:
        if c.kind == "omissis" or (c.number is None and not c.unico):
            continue
        unit_ops(ctx, d, spec, t, child_id(full, c), c, named, covered)


def is_container(full: str, u: QuotedUnit, rel: str, named: list[str]) -> bool:
    """In an inclusion, a quoted unit that only locates the new ones: the unit named as the
    place, one the named place is inside of, or a unit quoted with new units under it that the
    instruction does not name."""
    if rel == "named":
        return any(n.startswith(full + "_") for n in named)
    if rel == "ancestor":
        return True
    return rel == "inside" and any(not c.omissis for c in u.children)


def unico_becomes_first(spec: Spec, full: str, u: QuotedUnit, covered: set[str]) -> bool:
    """The instruction names the parágrafo único and the quote brings a § 1º of that artigo in its
    place — it becomes the § 1º (LC 95/1998, art. 12, III, c), unless the instruction revokes."""
    art = full.split("_")[0]
    return (not spec.revokes and f"{art}_par1u" not in covered
            and (u.number is not None and u.number.value == 1 and not u.number.suffixes or f"{art}_par1" in covered))


def brought(n: str, covered: set[str]) -> bool:
    """Whether the quoted text brings the named unit ``n`` (itself, units inside it, an artigo
    for its caput, or the unit in another place the quoted labels settle)."""
    return (n in covered or any(c.startswith(n + "_") for c in covered)
            or (n.endswith("_cpt") and n[:-4] in covered) or placed_elsewhere(n, covered))


def placed_elsewhere(n: str, covered: set[str]) -> bool:
    """A unit named in one place and quoted one level up in the same artigo (the quoted labels
    settle the attachment); a parágrafo único named and quoted as '§ 1º' (it becomes the § 1º)."""
    parts = n.split("_")
    if len(parts) == 2 and parts[1] == "par1u":
        return f"{parts[0]}_par1" in covered
    if len(parts) < 3:
        return False
    art, last = parts[0], parts[-1]
    return any(c.split("_")[0] == art and c.split("_")[-1] == last and len(c.split("_")) <= len(parts)
               for c in covered)


# --- the blocks as a whole -----------------------------------------------------------------------

def headings(ctx: Context, d: Dispositivo, kind: str, t: Target, blocks: list[Alteracao], generic: bool) -> int:
    """Agrupador headings quoted in the blocks: each an operation on the agrupador of that kind
    and number (its name), never text of a dispositivo; a heading whose number is not legible
    stays a problem. Returns how many were read."""
    heads = [h for b in blocks for h in quoted_headings(b)]
    for h in heads:
        ctx.rec.operations.append(operation(
            d, t, INCLUSAO if kind == INCLUSAO else REDACAO, h.id, unit_kind=h.kind, rotulo=h.rotulo, text=h.nome,
            holds=h.first_article, lenient=kind == REDACAO and generic))
    seen = {h.id for h in heads}
    unread = [a for b in blocks for a in agrupadores_in(b) if not any(a.id.endswith(i) for i in seen)]
    if unread:
        names = ", ".join(a.rotulo or a.nome or a.id for a in unread)
        ctx.rec.problems.append(problem(
            d, "agrupador-citado", f"o texto entre aspas traz agrupadores sem número legível ({names}): "
            "decida a que título, capítulo ou seção se referem"))
    return len(heads)


def unlabelled(ctx: Context, d: Dispositivo, kind: str, t: Target, blocks: list[Alteracao], named: list[str],
               covered: set[str], generic: bool, skip: Alteracao | None = None) -> None:
    """A quoted block that opens without a label is the wording of the one unit the instruction
    names. The text ``skip`` opens with is the ementa's."""
    if len(named) != 1:
        return
    for b in blocks:
        lead = leading_text(b) if b is not skip else None
        if lead is None or phrases.is_omissis(lead[0]):
            continue
        tid = named[0][:-4] if named[0].endswith("_cpt") else named[0]
        if any(anchor(u, named)[0] == tid for u in block_units(b) if u.kind != "omissis"):
            ctx.rec.problems.append(problem(
                d, "alvo-sem-dispositivo", f"o texto entre aspas sem rótulo '{lead[0][:80]}' vem antes do "
                f"{rotulo_of_id(tid)} citado, que traz o seu próprio texto: não é de dispositivo citado "
                "pela instrução (ementa, preâmbulo?); aplique à mão ou registre a decisão", line=lead[1]))
            return
        op_kind = REVOGACAO if kind == REVOGACAO or phrases.is_revoked_marker(lead[0]) else kind
        wording = lead_wording(ctx, d, lead, tid)
        if wording is None:
            covered.add(named[0])  # its doubt is said: not also 'alvo-sem-texto'
            return
        ctx.rec.operations.append(operation(d, t, op_kind, tid, unit_kind=id_kind(tid), rotulo=rotulo_of_id(tid),
                                            text=None if op_kind == REVOGACAO else wording,
                                            lenient=kind == REDACAO and generic))
        covered.add(named[0])
        return


def lead_wording(ctx: Context, d: Dispositivo, lead: tuple[str, int | None], tid: str) -> str | None:
    """The wording of an unlabelled quoted text for the unit ``tid``: without the unit's own label
    printed in another form; None, with a problem, when it opens with another unit's label."""
    wording, other = shapes.own_label(lead[0], tid)
    if other is None:
        return wording
    ctx.rec.problems.append(problem(
        d, "alvo-ambiguo", f"a instrução cita {rotulo_of_id(tid)}, mas o texto entre aspas começa com '{other}': "
        "decida a que dispositivo ele se refere", line=lead[1]))
    return None


def shaped(ctx: Context, d: Dispositivo, t: Target, units: list[QuotedUnit],
           named: list[str]) -> tuple[list[QuotedUnit], set[str]]:
    """Quoted units that are not wording of the target's units (``amendments/shapes.py``): (the
    units to read, ids the quotes bring that get no wording from them). An article quoted as
    'Art. 8º Parágrafo Único - suprime-se.' revokes that unit; any other instruction printed
    inside the quotes is a problem and its unit is not read; a unit quoted as 'VETADO' keeps the
    wording in force (read as a line of dots, with a notice)."""
    vetoed: set[str] = set()
    drop: set[int] = set()
    for u in units:
        gone = (shapes.suppressed_child(u.text) if u.kind == "artigo" and u.number is not None and not u.children
                else None)
        if gone is not None:
            drop.add(id(u))
            full = f"{child_id(None, u)}_{gone}"
            ctx.rec.operations.append(operation(d, t, REVOGACAO, full, unit_kind=id_kind(full), rotulo=rotulo_of_id(full)))
            vetoed.add(child_id(None, u))
            vetoed.add(full)
    for u in shapes.walk(units):
        if id(u) in drop:
            continue
        verb = None if u.omissis or _OPENS_WITH_DOTS.match(u.text) else shapes.instruction_inside(u.text)
        if verb is not None:
            drop.add(id(u))
            ctx.rec.problems.append(problem(
                d, "instrucao-entre-aspas", f"o texto entre aspas de {u.rotulo or rotulo(u) or u.kind} traz uma "
                f"instrução ('{verb}'), não a redação do dispositivo: '{u.text[:120]}'; aplique à mão ou registre a "
                "decisão", line=u.line))
    units = shapes.without(units, lambda u: id(u) in drop)

    def veto(u: QuotedUnit, full: str | None) -> QuotedUnit:
        if full is not None and not u.omissis and shapes.is_vetoed(u.text):
            vetoed.add(full)
            ctx.rec.problems.append(problem(
                d, "dispositivo-vetado", f"a nova redação de {rotulo_of_id(full)} foi vetada ('{u.text.strip()}'): "
                "dispositivo vetado não entra em vigor, a redação em vigor fica", line=u.line, blocking=False))
            return replace(u, kind="omissis", number=None, text="...", children=[])
        kids = [veto(c, child_id(full, c) if full is not None and (c.number is not None or c.unico) else None)
                for c in u.children]
        return replace(u, children=kids) if u.children else u

    units = [veto(u, anchor(u, named)[0] if u.kind != "omissis" else None) for u in units]
    return units, vetoed


_CLOSING_QUOTE = re.compile(r"[\"”]\s*[.;,]?\s*$")


def ementa(ctx: Context, d: Dispositivo, t: Target, blocks: list[Alteracao],
           by_ementa: bool) -> Alteracao | None:
    """A new wording of the norm's ementa: the unlabelled text the first quoted block opens with
    (the labelled units that follow are the instruction's other operations). ``by_ementa``:
    the instruction said 'ementa' (else 'preâmbulo', read as the ementa only when the quoted
    text is not an enacting formula). Returns the block whose opening text was read."""
    what = "a ementa" if by_ementa else "o preâmbulo"
    first = blocks[0]
    lead = leading_text(first)
    wording = phrases.clean_text(_CLOSING_QUOTE.sub("", lead[0])) if lead else ""
    line = (lead[1] if lead else None) or line_of(d)
    if not wording:
        ctx.rec.problems.append(problem(
            d, "alvo-sem-texto", f"a instrução dá nova redação a {what} da norma, mas o texto entre aspas abre com um "
            "dispositivo rotulado, não com o texto da ementa: decida o que ela altera"))
        return None
    if not by_ementa:
        if phrases.ENACTING_FORMULA.search(wording):
            ctx.rec.problems.append(problem(
                d, "alteracao-de-preambulo", f"a instrução dá nova redação ao preâmbulo (fórmula de promulgação) da "
                f"norma ('{wording[:80]}'), que não tem versões: aplique à mão ou registre a decisão", line=line))
            return first
        ctx.rec.problems.append(problem(
            d, "ementa-pelo-preambulo", f"a instrução diz 'preâmbulo', mas o texto entre aspas ('{wording[:80]}') não é "
            "fórmula de promulgação (autoria, 'faz saber', 'decreta', 'sanciona'): lido como nova redação da ementa",
            line=line, blocking=False))
    ctx.rec.operations.append(operation(d, t, REDACAO, EMENTA, unit_kind=EMENTA, text=wording))
    return first


def replaced_set(ctx: Context, d: Dispositivo, t: Target, named: list[str], units: list[QuotedUnit],
                 kind: str) -> None:
    """After the quoted units of a set replaced whole took their place, the units of that set
    the quoted text does not bring are revoked."""
    if len(named) != 1:
        return
    keep = tuple(child_id(named[0], u) for u in units if u.kind == kind and (u.number is not None or u.unico))
    if keep:
        ctx.rec.operations.append(operation(d, t, REVOGACAO, keep[0].rsplit("_", 1)[0], unit_kind=kind, keep=keep))


def renumbered_into(ctx: Context, d: Dispositivo, covered: set[str]) -> set[str]:
    """The units this instruction renumbers into a unit its quoted text brings ('o atual § 1º
    passa a ser parágrafo único, com a seguinte redação'): their text is the new unit's."""
    return {o.target_id for o in ctx.rec.operations
            if o.kind == "renumeracao" and o.target_id and o.new_id in covered
            and o.where == where_of(d) and o.line == line_of(d)}
