"""Read an amending act (a parsed Norma) into its instruction tree, operations and problems.

``recognise(norma, resolve, *, base)`` → :class:`~lexconsolida.amendments.model.Recognition`:

1. every dispositivo that may order a change is read by the instruction grammar
   (:mod:`lexconsolida.amendments.reading`; ``data/gramatica/instrucoes.lark``), into the typed
   tree of :mod:`lexconsolida.model.instructions` (``Recognition.instructions``);
2. each read sentence becomes operations on the norms it names, or problems for a person
   (:mod:`lexconsolida.amendments.semantics`); a sentence the grammar cannot read, or reads in
   two ways, is a question — never nothing;
3. what is around the instructions is accounted for: a dispositivo of an amending article that is
   no instruction (the act's own norm, or text for the norm amended?), the ementa against the
   norms the articles change, the act's own vigência;
4. the operations are ordered as the act's instructions take effect together (copies first, an
   explicit renumbering of a parágrafo único before the §§ added beside it).
"""

from __future__ import annotations

import re
from dataclasses import replace

from lexconsolida.amendments import semantics
from lexconsolida.amendments.context import (
    Context, Resolver, act_label, known, label_of, line_of, problem, target, where_of,
)
from lexconsolida.amendments.coverage import unaccounted
from lexconsolida.amendments.model import Operation, Problem, Recognition
from lexconsolida.amendments.reading import Sentence, sentences
from lexconsolida.amendments.syntax import read, tokens
from lexconsolida.amendments.recognise import recognise as by_formulas  # the formula families, while they last
from lexconsolida.amendments.vigencia import vigencia_problems
from lexconsolida.citations import find_acts
from lexconsolida.model import Dispositivo, Kind, Norma
from lexconsolida.model.instructions import ActCitation, ClauseKind, Reading, UnitCitation, instruction_of
from lexconsolida.model.operations import ActRef
from lexconsolida.model.urn import Urn

__all__ = ["Resolver", "act_label", "recognise"]


ACTIVE: frozenset[ClauseKind] = frozenset({
    ClauseKind.REVOGACAO, ClauseKind.REVOGACAO_GENERICA, ClauseKind.VIGENCIA, ClauseKind.TEXTO})
"""The clause kinds whose acts the grammar's pipeline recognises while the redesign lands family
by family (issue 34): an act whose every sentence the grammar reads into these kinds is
recognised here; any other still by the formula families of
:mod:`lexconsolida.amendments.recognise`, whose reading is kept beside it (``instructions``)."""


def recognise(norma: Norma, resolve: Resolver | None = None, *,
              base: tuple[str, str] | None = None) -> Recognition:
    """Operations and problems of the amending act ``norma``.

    ``resolve`` maps a cited act to its URN in the corpus (``None``: outside the corpus); a norm
    cited by name and no number reaches it with ``ref.nome`` set. ``base`` = (URN, label) of the
    norm given on the command line: a norm cited by name that ``resolve`` does not know, or an
    instruction that names no norm at all (not even in the ementa or preâmbulo), is that BASE,
    with a notice (``alvo-pela-base``)."""
    found = sentences(norma)
    if not all(_active(s) for s in found):
        rec = by_formulas(norma, resolve, base=base)
        rec.instructions = [s.reading for s in found]
        _by_sentence(norma, resolve, base, found, rec)
        return rec
    return _recognise(norma, resolve, base, found)


def _active(s: Sentence) -> bool:
    r = s.reading
    return r.reading is Reading.READ and all(c.kind in ACTIVE for c in r.clauses) and all(_active(i) for i in s.items)


SENTENCE_ACTIVE: frozenset[ClauseKind] = frozenset({ClauseKind.REVOGACAO, ClauseKind.SUPRESSAO_EXPRESSAO})
"""In an act the formula families still read (it has a sentence of another kind), a sentence
the grammar reads into these kinds only is the grammar's: its operations and problems replace
the families' for that dispositivo. The families read 'suprima-se … a expressão “…”' as the
revocation of the unit, a range of letters as its two ends, and 'o art. 2º da Lei B, que deu
nova redação ao art. 3º da Lei A' as art. 3º of A; the grammar reads what the sentence says."""


def _sentence_active(s: Sentence) -> bool:
    r = s.reading
    kinds = {c.kind for c in r.clauses}
    # a deferred revocation stays with the families there: the gate 'efeito-condicional' holds it,
    # and one decision answers it (the grammar's own 'revogacao-diferida' would be a second question)
    return (r.reading is Reading.READ and bool(kinds & SENTENCE_ACTIVE) and kinds <= SENTENCE_ACTIVE
            and not r.condition and not any(c.deferred for c in r.clauses)
            and not semantics.continues(s) and all(_active(i) or _sentence_active(i) for i in s.items))


def _by_sentence(norma: Norma, resolve: Resolver | None, base: tuple[str, str] | None, found: list[Sentence],
                 rec: Recognition) -> None:
    """The grammar's reading of the sentences of :data:`SENTENCE_ACTIVE` in an act the formula
    families read: for each such dispositivo, the families' operations and problems are
    replaced by the grammar's (in the order of the act's dispositivos)."""
    mine = [s for s in found if _sentence_active(s)]
    if not mine:
        return
    own = Recognition(norma.urn, rec.act_label)
    ctx = Context(norma, resolve, own, base)
    ctx.single_ref = _single_ref(ctx, found)
    for s in mine:
        semantics.sentence(ctx, s)
    wheres = {s.where for s in mine} | {i.where for s in mine for i in s.items}
    order = {where_of(d): i for i, d in enumerate(norma.walk()) if isinstance(d, Dispositivo)}
    ops = [o for o in rec.operations if o.where not in wheres] + own.operations
    ops.sort(key=lambda o: order.get(o.where or "", len(order)))
    rec.operations[:] = _copies_first(_simultaneous(ops))
    kept = [p for p in rec.problems if p.where not in wheres]
    seen = {(p.code, p.target_urn) for p in kept if p.code == "alvo-fora-do-acervo"}
    rec.problems[:] = kept + [p for p in own.problems
                              if p.code != "alvo-fora-do-acervo" or (p.code, p.target_urn) not in seen]


def _recognise(norma: Norma, resolve: Resolver | None, base: tuple[str, str] | None,
               found: list[Sentence]) -> Recognition:
    rec = Recognition(norma.urn, act_label(norma))
    ctx = Context(norma, resolve, rec, base)
    rec.instructions = [s.reading for s in found]
    ctx.single_ref = _single_ref(ctx, found)
    for s in found:
        semantics.sentence(ctx, s)
    _around(ctx, found)
    _check_ementa(ctx)
    _net(ctx, found)
    rec.problems += vigencia_problems(norma, bool(rec.operations))
    rec.operations[:] = _copies_first(_simultaneous(rec.operations))
    return rec


def _single_ref(ctx: Context, found: list[Sentence]) -> ActRef | None:
    """The one norm the act's instructions that name one change (None when they name several,
    or none)."""
    refs: dict[object, ActRef] = {}
    for s in found:
        if s.reading.reading is not Reading.READ or not any(c.kind.operative for c in s.reading.clauses):
            continue
        ref = semantics.sentence_norm(ctx, s)
        if ref is not None:
            refs.setdefault((ref.key, ref.nome), ref)
    return next(iter(refs.values())) if len(refs) == 1 else None


# --- what is around the instructions ----------------------------------------------------------

def _around(ctx: Context, found: list[Sentence]) -> None:
    """In an artigo that amends another norm, a dispositivo that is no instruction (nor inside
    one's quotes, nor an item or new text of one) is the act's own norm when no instruction that
    brings text comes before it (a notice), else a question: is it the act's norm, or text to
    include in the norm amended? (A change stated without new wording is the grammar's
    ``nao_textual``.)"""
    read = {id(s.unit) for s in found} | {id(i.unit) for s in found for i in s.items}
    taken = {id(n) for s in found for u in s.unquoted for n in u.walk()}
    by_article: dict[int, list[Sentence]] = {}
    for s in found:
        by_article.setdefault(id(s.article), []).append(s)
    for art in ctx.norma.artigos():
        mine = by_article.get(id(art), [])
        amending = [s for s in mine if s.reading.reading is not Reading.READ or s.reading.operative]
        if not amending:
            continue
        brings_text = False
        for d in art.walk():
            if d.kind is Kind.ARTIGO:
                continue
            own = next((x for x in mine if x.unit is d), None)
            if own is not None:
                brings_text = brings_text or bool(own.blocks) or any(
                    c.kind in semantics.TEXT_KINDS for c in own.reading.clauses)
                continue
            if id(d) in read or id(d) in taken or (d.kind is Kind.CAPUT and not d.text) or not d.text:
                continue
            if any(d in list(x.unit.walk()) for x in amending):
                continue  # inside an instruction (its own incisos heading nothing)
            start = len(ctx.rec.problems)
            if not brings_text:
                ctx.rec.problems.append(problem(
                    d, "dispositivo-autonomo", f"{label_of(d)} está num artigo que altera outra norma, mas nenhuma "
                    "instrução que traga texto novo vem antes dele (só revogações, ou nenhuma): lido como norma "
                    "autônoma deste ato", blocking=False))
            else:
                ctx.rec.problems.append(problem(
                    d, "dispositivo-sem-instrucao", f"{label_of(d)} está num artigo que altera outra norma, fora das "
                    "aspas e sem fórmula de alteração: não se sabe se é norma autônoma deste ato ou texto a incluir "
                    "na norma alterada"))
            _scope_to_article(ctx, start, amending)


def _scope_to_article(ctx: Context, start: int, amending: list[Sentence]) -> None:
    urns = {o.target_urn for o in ctx.rec.operations if any(o.where == s.where for s in amending) and o.target_urn}
    if len(urns) == 1:
        urn = next(iter(urns))
        for i in range(start, len(ctx.rec.problems)):
            if ctx.rec.problems[i].target_urn is None:
                ctx.rec.problems[i] = replace(ctx.rec.problems[i], target_urn=urn)


def _net(ctx: Context, found: list[Sentence]) -> None:
    """No silent loss: an amending dispositivo the independent scan of
    :mod:`lexconsolida.amendments.coverage` finds that the grammar did not read (no word of its
    lexicon, no quoted block) is a question; and an act whose ementa says it amends but that
    yields nothing says why."""
    read = {id(s.unit) for s in found} | {id(i.unit) for s in found for i in s.items}
    for d in unaccounted(ctx.norma, ctx.rec):
        if id(d) in read:
            continue
        ctx.rec.problems.append(problem(
            d, "instrucao-nao-reconhecida", f"{label_of(d)} parece alterar outra norma (texto entre aspas ou verbo de "
            "alteração junto a dispositivo citado), mas a gramática das instruções não o leu: decida o que ele altera"))
    _ementa_orders(ctx)


_EMENTA_CHANGES = frozenset({"ALTERA", "ALTERA_SE", "ALTERANDO", "ACRESCENTA", "ACRESCENTA_SE", "ACRESCENTANDO",
                             "SUPRIME", "SUPRIME_SE", "RENUMERA", "DA_NOVA"})
_EMENTA_NOUNS = frozenset({"NOVA_REDACAO", "ALTERACAO_N"})
"""'Dispõe sobre a alteração da Lei …', 'Dispõe sobre nova redação para o Código …': a noun of
change counts when the norm follows it (not 'regulamentado pela Resolução nº 291/98, com
alterações')."""


def _changes_at(toks: list, i: int) -> bool:
    t = toks[i].type
    if t in _EMENTA_CHANGES:
        return True
    if t not in _EMENTA_NOUNS or (i > 0 and toks[i - 1].type == "COM"):
        return False  # '…, com alterações da Resolução nº 460/2004': the history of a norm cited
    after = [x.type for x in toks[i + 1:i + 4] if x.type != "DET"]
    return len(after) >= 2 and after[0] in ("DE", "PARA", "A", "EM") and after[1] in ("ACT", "NAMED")
_EMENTA_REVOKES = frozenset({"REVOGA", "REVOGA_SE", "REVOGANDO", "REVOGADO"})


def _ementa_orders(ctx: Context) -> None:
    """What the ementa says the act does to other norms, against what the articles do (the act's
    text may be missing, or an instruction only in the ementa):

    - each act the ementa revokes ('…, revogando-se as seguintes leis: Lei nº 1.615/1992, …')
      that no instruction of the articles touches: a question on that act (``sem-operacoes``,
      scoped to it: its own page says the revocation waits);
    - an ementa that changes a norm it names ('Altera a Lei nº …', 'Dispõe sobre nova redação
      para o Código …') when the articles order nothing: a question (``sem-operacoes``)."""
    ementa = ctx.norma.ementa or ""
    if not ementa:
        return
    toks = tokens(ementa)
    rec = ctx.rec
    touched = {o.target_urn for o in rec.operations} | {p.target_urn for p in rec.problems}
    verb = next((t for t in toks if t.type in _EMENTA_REVOKES), None)
    revoked: list[ActRef] = []
    if verb is not None:
        tail = re.split(r",?\s+e\s+d[áa]\s+outras\s+provid[êe]ncias", ementa[verb.start:], flags=re.I)[0]
        r = read(tail)
        if r.reading is Reading.READ:
            revoked = [o.ref for c in r.clauses if c.kind is ClauseKind.REVOGACAO for o in c.objects
                       if isinstance(o, ActCitation)]
        else:
            revoked = [c.act for c in find_acts(tail) if c.act is not None]
    for ref in dict.fromkeys(revoked):
        t = target(ctx, ref)
        if t.urn in touched or not known(t):
            continue
        rec.problems.append(Problem(
            "sem-operacoes", f"a ementa diz que o ato revoga {t.label}, mas nenhum artigo o revoga (ou o texto dos "
            "artigos não está no acervo): confirme a revogação e registre a decisão", ementa, None, None,
            target_urn=t.urn))
    if rec.operations or any(p.blocking for p in rec.problems):
        return
    if any(_changes_at(toks, i) for i in range(len(toks))) and any(
            c.act is not None and not c.proprio for c in find_acts(ementa)):
        rec.problems.append(Problem(
            "sem-operacoes", "a ementa diz que o ato altera outra norma, que ela cita, mas nenhuma instrução "
            "de alteração foi encontrada nos artigos", ementa, None, None))


# --- the ementa ---------------------------------------------------------------------------------

def _check_ementa(ctx: Context) -> None:
    """The ementa names the norms the act amends; an article that amends another one may carry
    a misprinted number: reported, once per norm the ementa does not name (``ementa-divergente``,
    scoped to that norm). Not a divergence: a federal or state act the ementa cites; a norm the
    articles amend 'alterado pela' the act the ementa names (the tree says so: the act that
    amended it); a norm named by name only that the resolver does not know."""
    ementa = ctx.norma.ementa or ""
    named = [c.act for c in find_acts(ementa) if c.act is not None and known(target(ctx, c.act))]
    if not any(not _other_sphere(ctx, a) for a in named) or not ctx.targets_seen:
        return
    named_urns = {target(ctx, a).urn for a in named}
    named_keys = {(a.tipo, a.numero) for a in named}
    stray: dict[str, Operation] = {}
    for op in ctx.rec.operations:
        key = (op.target_act.tipo, op.target_act.numero) if op.target_act else None
        if op.target_urn in named_urns or key in named_keys or _amended_by(op, named_keys):
            continue
        stray.setdefault(op.target_urn or op.target_label, op)
    names = ", ".join(a.label() for a in named)
    ementa_amended = len(stray) < len({op.target_urn or op.target_label for op in ctx.rec.operations})
    for op in stray.values():
        is_known = op.in_corpus or (op.target_act is not None and bool(op.target_act.numero or op.target_act.urn))
        if ementa_amended:
            ctx.rec.problems.append(Problem(
                "ementa-incompleta", f"a ementa cita {names}, que os artigos alteram, mas não {op.target_label}, que eles "
                "também alteram: a ementa é incompleta", ementa, None, None,
                target_urn=op.target_urn if is_known else None, blocking=False))
            continue
        ctx.rec.problems.append(Problem(
            "ementa-divergente", f"a ementa cita {names}, mas os artigos alteram {op.target_label}: "
            "confirme qual norma é alterada", ementa, None, None, target_urn=op.target_urn if is_known else None))


def _other_sphere(ctx: Context, ref: ActRef) -> bool:
    own = Urn.parse(ctx.norma.urn).autoridade if ctx.norma.urn else None
    return own == "municipal" and (ref.esfera in ("federal", "estadual") or ref.urn is not None)


def _amended_by(op: Operation, keys: set[tuple[str, str | None]]) -> bool:
    """Whether the instruction names its norm as amended by one of the acts ``keys`` ('da Lei nº
    994/85, alterado pela Lei nº 1.884/96'): the tree's ``amended_by``."""
    r = instruction_of(op)
    if r is None:
        return False
    for c in r.clauses:
        for o in (*c.objects, *c.place):
            act = o if isinstance(o, ActCitation) else o.act if isinstance(o, UnitCitation) else None
            if act is not None and any((a.tipo, a.numero) in keys for a in act.amended_by):
                return True
    return False


# --- the order of the operations -----------------------------------------------------------------

def _copies_first(ops: list[Operation]) -> list[Operation]:
    """The instructions of an act take effect together, each naming units as they were before
    it: copies ('com a redação do atual art. 4º') are applied first."""
    copies = [o for o in ops if o.copy_of]
    return copies + [o for o in ops if not o.copy_of] if copies else ops


def _simultaneous(ops: list[Operation]) -> list[Operation]:
    """An explicit renumbering of a parágrafo único is applied before the inclusions of §§ in its
    artigo (whatever the order of the articles), and those inclusions do not renumber it
    implicitly as well."""
    renumbered = {(o.target_urn, o.target_id) for o in ops
                  if o.kind == "renumeracao" and (o.target_id or "").endswith("_par1u")}
    touched = {(o.target_urn, o.target_id) for o in ops if o.kind != "renumeracao"}
    if not renumbered or renumbered & touched:
        return ops
    first_renum: list[Operation] = []
    rest: list[Operation] = []
    for o in ops:
        if o.kind == "renumeracao" and (o.target_urn, o.target_id) in renumbered:
            first_renum.append(o)
            continue
        art = (o.target_id or "").split("_")[0]
        if o.implicit_renumbering and (o.target_urn, f"{art}_par1u") in renumbered:
            o = replace(o, implicit_renumbering=False)
        rest.append(o)
    return first_renum + rest


__all__ += ["ClauseKind", "Dispositivo", "line_of"]
