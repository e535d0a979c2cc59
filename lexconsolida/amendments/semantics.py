"""What a read sentence does: each clause of the instruction tree becomes operations on the norm it
names, or a problem for a person.

:func:`sentence` dispatches on :class:`~lexconsolida.model.instructions.ClauseKind` (checked
exhaustive by ``assert_never``). The norm of each object is the one the tree gives it — the act
printed with its units, the clause's, the sentence's ('todos da Lei …') —, else the act the
sentence is about (another object's act, the list or head that announces it, the act's ementa or
preâmbulo, the instruction before for 'do supracitado artigo', the single norm the act's other
instructions change, the BASE given on the command line), else a problem. What a clause cites
as context (the acts that amended a norm, the act a relative clause says a unit amended, a
description) is never an object: 'Fica revogado o art. 2º da Lei 450, que deu nova redação ao
art. 3º da Lei 500' revokes the art. 2º of Lei 450 and does nothing to Lei 500.
"""

from __future__ import annotations

from dataclasses import replace
from typing import assert_never

from lexconsolida.amendments import lexicon, phrases, quoted
from lexconsolida.amendments.blocks import anchor, block_units, id_kind, leading_text, quoted_headings, settle_by_quotes
from lexconsolida.amendments.context import (
    Context, Target, base_target, known, line_of, note_target, operation, problem, scope, target, where_of,
)
from lexconsolida.amendments.model import EMENTA, Operation, Problem
from lexconsolida.amendments.reading import Sentence
from lexconsolida.citations import find_acts
from lexconsolida.model import Alteracao, Kind
from lexconsolida.model.instructions import (
    ActCitation, Clause, ClauseKind, Cited, Instruction, Reading, UnitCitation, cited_label,
)
from lexconsolida.model.operations import ActRef, OpKind

TEXT_KINDS = (ClauseKind.REDACAO, ClauseKind.ALTERACOES, ClauseKind.INCLUSAO)


def sentence(ctx: Context, s: Sentence) -> None:
    """The operations and problems of one sentence (and of the items it announces)."""
    start_ops, start = len(ctx.rec.operations), len(ctx.rec.problems)
    ctx.instruction_targets = []
    r = s.reading
    if r.reading is Reading.UNREAD:
        _unread(ctx, s)
        _tag(ctx, s, start_ops, start)
        return
    if r.reading is Reading.AMBIGUOUS:
        readings = "; ".join(f"({i}) {x}" for i, x in enumerate(r.readings, 1))
        ctx.rec.problems.append(problem(s.unit, "instrucao-ambigua", f"a instrução pode ser lida de mais de uma "
                                        f"maneira — {readings}: decida qual", line=s.line))
        _scope_to_cited(ctx, start, r.cited)
        _tag(ctx, s, start_ops, start)
        return
    texts = _text_clauses(ctx, s)
    own_vigencia = any(c.kind is ClauseKind.VIGENCIA for c in r.clauses)
    for c in r.clauses:
        match c.kind:
            case ClauseKind.REDACAO | ClauseKind.ALTERACOES | ClauseKind.INCLUSAO:
                pass  # read together below: they share the quoted blocks
            case ClauseKind.REVOGACAO:
                _revocation(ctx, s, c)
            case ClauseKind.RENUMERACAO:
                _renumbering(ctx, s, c)
            case ClauseKind.SUBSTITUICAO:
                _substitution(ctx, s, c)
            case ClauseKind.SUPRESSAO_EXPRESSAO:
                _suppression(ctx, s, c)
            case ClauseKind.VIGENCIA | ClauseKind.TEXTO:
                pass  # no change by itself (the vigência's date is read by model.clauses)
            case ClauseKind.EFEITO if own_vigencia:
                pass  # the act's own vigência clause: dated by model.clauses, or held by vigencia_problems
            case ClauseKind.EFEITO:
                ctx.rec.problems.append(problem(
                    s.unit, "efeito-condicional", f"o ato diz quando as suas próprias alterações valem (“{c.note}”): "
                    "registre essa data ou condição numa decisão", line=s.line))
            case ClauseKind.REVOGACAO_GENERICA:
                _generic_revocation(ctx, s, c)
            case ClauseKind.TABELA:
                _table(ctx, s, c)
            case ClauseKind.NAO_TEXTUAL:
                _non_textual(ctx, s, c)
            case _:
                assert_never(c.kind)
    if texts:
        _new_text(ctx, s, texts)
    if r.condition and not own_vigencia and r.operative:
        ctx.rec.problems.append(problem(
            s.unit, "efeito-condicional", f"a instrução faz as suas alterações dependerem de uma data ou condição "
            f"(“{r.condition}”): ficam pendentes até uma pessoa dizer quando passam a valer", line=s.line))
    scope(ctx, start, ctx.instruction_targets)
    if any(c.kind.operative for c in r.clauses) and len(ctx.rec.operations) == start_ops \
            and len(ctx.rec.problems) == start and not s.items and not s.heads:
        # a clause that orders a change and yielded nothing: never silence
        ctx.rec.problems.append(problem(s.unit, "instrucao-nao-reconhecida", f"a instrução foi lida ({r.describe()}), "
                                        "mas nada dela virou operação: decida o que ela altera", line=s.line))
    _tag(ctx, s, start_ops, start)
    for item in s.items:
        sentence(ctx, item)


def _text_clauses(ctx: Context, s: Sentence) -> list[Clause]:
    """The clauses that bring new text: nova redação, acréscimo, 'com as seguintes alterações',
    and a renumbering 'com a seguinte redação' (the renumbered unit's new wording). A clause
    'Fica alterado o art. 1º da Lei B' followed by 'dando-se ao art. 9º da Lei A a seguinte
    redação' changes A through B's article (a notice); B's is not rewritten."""
    out: list[Clause] = []
    for c in s.reading.clauses:
        if c.kind in TEXT_KINDS:
            out.append(c)
        elif c.kind is ClauseKind.RENUMERACAO and c.text_follows and not c.rest and c.new_numbers:
            units = [u for u in c.units]
            act = units[0].act if units else None
            old = [i for row in named_ids(ctx, s, _unit_citations(list(s.reading.clauses))) for i in row]
            mine = [i for i in old if any(i.endswith(x) for u in units for x in u.ids)]
            ids = tuple(_new_numbers(c, mine) or ())
            if ids:
                out.append(Clause(ClauseKind.REDACAO, "renumeracao_com_texto",
                                  objects=(UnitCitation(ids, " ".join(c.new_numbers), 0, 0, act=act),),
                                  text_follows=True))
    dando = [c for c in out if c.rule == "redacao_dando"]
    if dando and len(out) > 1:
        carried = {u.act.ref.key for c in dando for u in c.units if u.act is not None}
        for c in [c for c in out if c.rule != "redacao_dando"]:
            acts = {u.act.ref.key for u in c.units if u.act is not None}
            if acts and not acts & carried:
                b = ", ".join(cited_label(u) for u in c.units)
                a = ", ".join(cited_label(u) for x in dando for u in x.units)
                ctx.rec.problems.append(problem(
                    s.unit, "alteracao-de-ato-alterador", f"a instrução altera {b}, dando nova redação a {a}: aplicada "
                    f"como alteração desta, cujo histórico mostra a redação anterior e a nova", line=s.line,
                    blocking=False))
                out.remove(c)
    return out


def _tag(ctx: Context, s: Sentence, start_ops: int, start: int) -> None:
    """The sentence's operations and problems carry its reading (what the gates and the desk read)."""
    ops, probs = ctx.rec.operations, ctx.rec.problems
    # an item of a list: its operations show the announcement and the item ('Ficam revogadas: a Lei …')
    source = f"{s.head.unit.text} {s.unit.text}" if s.head is not None and s.head.unit is not s.unit else None
    for i in range(start_ops, len(ops)):
        if source is not None and ops[i].source == s.unit.text:
            ops[i] = replace(ops[i], source=source)
        if ops[i].instruction is None:
            ops[i] = replace(ops[i], instruction=s.reading)
    for i in range(start, len(probs)):
        if probs[i].instruction is None:
            probs[i] = replace(probs[i], instruction=s.reading)


# --- the norm of each object ------------------------------------------------------------------

def _ref_of(c: Cited) -> ActRef | None:
    if isinstance(c, ActCitation):
        return c.ref
    return c.act.ref if c.act is not None else None


def sentence_norm(ctx: Context, s: Sentence, c: Clause | None = None) -> ActRef | None:
    """The norm the sentence is about when an object names none: the clause's, the sentence's,
    another object's, the announcing head's or list's."""
    r = s.reading
    if c is not None and c.norm is not None:
        return c.norm.ref
    if r.norm is not None:
        return r.norm.ref
    for cl in r.clauses:
        if cl.norm is not None:
            return cl.norm.ref
        for o in (*cl.objects, *cl.place):
            if (ref := _ref_of(o)) is not None and not (isinstance(o, UnitCitation) and o.through is not None
                                                        and cl.kind in TEXT_KINDS):
                return ref
    if s.head is not None:
        return sentence_norm(ctx, s.head)
    return None


def default_target(ctx: Context, s: Sentence, c: Clause | None, obj: Cited | None = None) -> Target | None:
    """The norm an object of clause ``c`` changes (see the module docstring); None after a problem."""
    d = s.unit
    ref = _ref_of(obj) if obj is not None else None
    if ref is None:
        ref = sentence_norm(ctx, s, c)
    if ref is None:
        ref = _named_by_act(ctx)
    if ref is None and ctx.last_target is not None and continues(s):
        ctx.instruction_targets.append(ctx.last_target)
        return ctx.last_target
    if ref is None and ctx.single_ref is not None and c is not None and c.kind is ClauseKind.RENUMERACAO:
        ref = ctx.single_ref  # a renumbering that names no law, in an act that changes one law
    if ref is None and ctx.base is not None:
        t = base_target(ctx, d, "a instrução não diz qual norma altera (nem a ementa, nem o preâmbulo)")
        note_target(ctx, t, d)
        return t
    if ref is None:
        ctx.rec.problems.append(problem(d, "norma-alvo-nao-identificada", "a instrução não diz qual norma altera",
                                        line=s.line))
        return None
    t = target(ctx, ref, d)
    if t.by_name and not t.in_corpus:
        # 'o Regimento Interno do CMDCA': a norm named by its name that no act of the acervo bears
        ctx.rec.problems.append(problem(
            d, "alvo-por-nome", f"a instrução cita “{ref.label()}” pelo nome, e nenhuma norma do acervo com esse nome "
            "vigorava na data do ato: diga qual norma é", line=s.line, target_urn=t.urn))
        return None
    note_target(ctx, t, d)
    return t


def _named_by_act(ctx: Context) -> ActRef | None:
    """The one norm the act's ementa (else its preâmbulo) names, not as context."""
    for texts in ([ctx.norma.ementa or ""], ctx.norma.preambulo):
        found = [c.act for t in texts for c in find_acts(t) if c.act is not None and not _context_before(t, c.start)]
        if len({(a.key, a.nome) for a in found}) == 1:
            return found[0]
    return None


def _context_before(text: str, start: int) -> bool:
    """An act the ementa cites as the agent of something ('alterada pela Lei nº …'): the
    grammar's lexicon says which words make it context."""
    return lexicon.ends_with(text[max(0, start - 80):start], "AMENDED_BY", "REFERENCE")


def continues(s: Sentence) -> bool:
    """Whether the sentence continues the one before ('do supracitado artigo')."""
    return any(isinstance(o, UnitCitation) and o.continues for c in s.reading.clauses for o in (*c.objects, *c.place))


# --- named units ------------------------------------------------------------------------------

def _unit_citations(clauses: list[Clause]) -> list[UnitCitation]:
    return [u for c in clauses for u in (*c.units, *c.place) if not u.agrupador]


def _articles(cits: list[UnitCitation]) -> list[str]:
    return list(dict.fromkeys(i.split("_")[0] for c in cits for i in c.ids if i.startswith("art")))


def named_ids(ctx: Context, s: Sentence, cits: list[UnitCitation]) -> list[list[str]]:
    """The ids each citation names, completed with the one artigo these citations name (or the
    artigo of the instruction before, for 'do supracitado artigo' or a chain with no artigo at
    all)."""
    previous = ctx.last_article if (continues(s) or not _articles(cits)) else None
    return quoted.named_by_citation([tuple(u.ids) for u in cits], previous)


# --- revocation -------------------------------------------------------------------------------

def _revocation(ctx: Context, s: Sentence, c: Clause) -> None:
    d = s.unit
    if c.items_follow:
        if not s.items:
            ctx.rec.problems.append(problem(d, "alvo-sem-dispositivo", "a instrução anuncia uma lista do que revoga, "
                                            "mas nenhum item segue: decida o que é revogado", line=s.line))
        return
    if c.restriction:
        for o in c.objects:
            t = default_target(ctx, s, c, o)
            ctx.rec.problems.append(problem(
                d, "revogacao-parcial", f"a instrução revoga {cited_label(o)} só em parte (“{c.restriction}”): "
                "decida o que fica revogado", line=s.line, target_urn=t.urn if t is not None and known(t) else None))
        return
    for o in c.objects:
        if isinstance(o, UnitCitation) and o.annex is not None:  # a part of an annex or table (issue 39)
            t = default_target(ctx, s, c, o)
            ctx.rec.problems.append(problem(
                d, "alteracao-de-tabela", f"a instrução revoga {o.annex}" + (f" de {t.label}" if t is not None else "")
                + ", parte de um anexo ou tabela, não um dispositivo: decida o que fica revogado", line=s.line,
                target_urn=t.urn if t is not None and known(t) else None))
    units = [o for o in c.objects if isinstance(o, UnitCitation) and o.annex is None]
    if _doubtful_units(ctx, s, units):
        return
    others = [u for u in _unit_citations(list(s.reading.clauses)) if u not in units]
    rows = named_ids(ctx, s, units + others)[:len(units)]
    many = sum(len(r) for r in rows) > 1 or len(c.objects) > 1
    for o in c.objects:
        if isinstance(o, UnitCitation) and o.annex is not None:
            continue
        t = default_target(ctx, s, c, o)
        if t is None:
            continue
        if isinstance(o, ActCitation):
            ctx.rec.operations.append(operation(d, t, OpKind.REVOGACAO_TOTAL, None, line=s.line))
            continue
        ids = rows[units.index(o)]
        if o.agrupador and not ids[1:]:
            ctx.rec.problems.append(problem(
                d, "alvo-sem-dispositivo", f"a instrução revoga {cited_label(o)} (um agrupador) sem dizer os artigos: "
                "decida quais dispositivos ficam revogados", line=s.line, target_urn=t.urn if known(t) else None))
            continue
        if o.kind_set:
            for holder in ids:
                ctx.rec.operations.append(operation(d, t, OpKind.REVOGACAO, holder, unit_kind=o.kind_set, keep=(),
                                                    line=s.line))
            continue
        for i in ids:
            if i.startswith(("tit", "cap", "sec", "sub", "liv", "prt")):
                continue  # the agrupador named with its articles ('o capítulo VIII – arts. 42 a 48'): the articles
            ctx.rec.operations.append(operation(d, t, OpKind.REVOGACAO, i, in_list=many, line=s.line))
        for i in ids:
            if i.startswith("art"):
                ctx.last_article = i.split("_")[0]
    for a in c.context:
        if isinstance(a, ActCitation) and not _is_self(ctx, a.ref):
            t = target(ctx, a.ref, d)
            ctx.rec.problems.append(problem(
                d, "alvo-ambiguo", f"a revogação cita {a.label()} fora do que revoga (“{a.text}”, num adjunto da "
                "frase): confirme que esse ato não é revogado", line=s.line, target_urn=t.urn if known(t) else None))
    if c.deferred:
        ctx.rec.problems.append(problem(d, "revogacao-diferida", f"a revogação não tem efeito com o ato ('{c.deferred}'): "
                                        "registre a data ou a condição numa decisão antes de aplicá-la", line=s.line))


def _doubtful_units(ctx: Context, s: Sentence, cits: list[UnitCitation]) -> bool:
    """The units an instruction cites in a way no dispositivo can be: another numbering printed
    beside the unit ('caput do Art. 6º (ex art. 7º)', a question, and the instruction goes on),
    or a unit inside one of a kind that cannot hold it ('o parágrafo único, do inciso II, do art.
    3º': a question, and nothing of the instruction is done). True when nothing is to be done."""
    d = s.unit
    for u in cits:
        if u.other_numbering:
            ctx.rec.problems.append(problem(
                d, "alvo-ambiguo", f"a instrução cita “{u.text}”: dá ao dispositivo outra numeração "
                f"({', '.join(u.other_numbering)}) sem renumeração expressa; confira a numeração da norma alterada e "
                "decida a que dispositivo a instrução se refere", line=s.line))
        if u.conflict:
            ref = _ref_of(u) or sentence_norm(ctx, s)
            t = target(ctx, ref, d) if ref is not None else None
            ctx.rec.problems.append(problem(
                d, "alvo-ambiguo", f"a instrução cita “{u.text}”, que não é um dispositivo: {u.conflict}; decida a que "
                "dispositivo ela se refere", line=s.line,
                target_urn=t.urn if t is not None and known(t) else None))  # held back on that norm only
            return True
    return False


def _generic_revocation(ctx: Context, s: Sentence, c: Clause) -> None:
    """'revogadas as disposições em contrário': nothing named, nothing to do — unless it names acts
    whose contrary provisions it revokes without saying which ('inclusive as constantes da Lei
    …', 'especialmente as do Decreto …'): a question for each act named."""
    d = s.unit
    for a in c.context:
        if not isinstance(a, ActCitation):
            continue
        t = target(ctx, a.ref, d)
        note_target(ctx, t, d)
        ctx.rec.problems.append(problem(
            d, "revogacao-indeterminada", f"a cláusula revoga as disposições contrárias a este ato contidas em "
            f"{a.label()}, sem dizer quais: decida o que de {a.label()} fica revogado (ou nada)", line=s.line,
            target_urn=t.urn if known(t) else None))


# --- renumbering ------------------------------------------------------------------------------

def _renumbering(ctx: Context, s: Sentence, c: Clause) -> None:
    d = s.unit
    units = [o for o in c.objects if isinstance(o, UnitCitation)]
    t = default_target(ctx, s, c, units[0] if units else None)
    if t is None:
        return
    if c.rest or not units:
        ctx.rec.problems.append(problem(
            d, "renumeracao-nao-aplicada", "a instrução renumera dispositivos sem dizer os números "
            f"(“{' '.join(d.text.split())[:120]}”): as alterações do ato em {t.label} supõem a numeração nova; "
            "decida a renumeração", line=s.line, target_urn=t.urn if known(t) else None))
        return
    rows = named_ids(ctx, s, units)
    old = [i for row in rows for i in row]
    new = _new_numbers(c, old)
    if new is None:
        ctx.rec.problems.append(problem(d, "alvo-ambiguo", "renumeração sem origem e destino claros", line=s.line))
        return
    if len(old) != len(new):
        ctx.rec.problems.append(problem(d, "alvo-ambiguo", "renumeração com listas de tamanhos diferentes",
                                        line=s.line))
        return
    if any(id_kind(o) != id_kind(n) for o, n in zip(old, new)):
        ctx.rec.problems.append(problem(
            d, "alvo-ambiguo", f"a renumeração faz de {', '.join(old)} um dispositivo de outro tipo ({', '.join(new)}): "
            "decida como o texto fica", line=s.line))
        return
    for o, n in zip(old, new):
        ctx.rec.operations.append(operation(d, t, OpKind.RENUMERACAO, o, new_id=n, new_rotulo=quoted.rotulo_of_id(n),
                                            line=s.line))


def _new_numbers(c: Clause, old: list[str]) -> list[str] | None:
    """The ids the renumbered units take: the destination's ids (completed with the artigo of a
    chain that has none), or 'o 2º' — a bare number for a unit of the same kind."""
    if not c.new_numbers:
        return None
    out: list[str] = []
    for spec in c.new_numbers:
        if not spec:
            return None
        if spec[0].isdigit():  # 'passa a ser o 2º'
            if len(old) != 1:
                return None
            head, _, last = old[0].rpartition("_")
            prefix = "".join(ch for ch in last if ch.isalpha()).removesuffix("u")
            try:
                n = int("".join(ch for ch in spec if ch.isdigit()))
            except ValueError:
                return None
            out.append(f"{head}_{prefix}{n}" if head else f"{prefix}{n}")
            continue
        ids = [i for i in spec.split(",") if i]
        for i in ids:
            if not i.startswith("art") and old and old[0].startswith("art"):
                art = old[0].split("_")[0]
                i = quoted.join(art, i)
            out.append(i)
    return out


# --- substitution and suppression of words ----------------------------------------------------

def _substitution(ctx: Context, s: Sentence, c: Clause) -> None:
    d = s.unit
    for pair in c.pairs:
        if not pair.old.strip() or not pair.new.strip():
            ctx.rec.problems.append(problem(d, "sem-texto-novo", "substituição de expressão sem a expressão substituída "
                                            "ou a nova: decida o que muda", line=s.line))
            continue
        _words(ctx, s, c, pair.old, pair.new, pair.place, pair.whole_norm)


def _suppression(ctx: Context, s: Sentence, c: Clause) -> None:
    """Words removed from a unit's text: the unit stays (a substitution by nothing)."""
    for e in c.expressions:
        _words(ctx, s, c, e, "", c.objects, False)


def _words(ctx: Context, s: Sentence, c: Clause, old: str, new: str, place: tuple[Cited, ...], whole: bool) -> None:
    d = s.unit
    units = [p for p in place if isinstance(p, UnitCitation)]
    acts = [p for p in place if isinstance(p, ActCitation)]
    others = [u for u in _unit_citations(list(s.reading.clauses)) if u not in units]
    if not units and not (whole or acts):
        ctx.rec.problems.append(problem(d, "alvo-sem-dispositivo", f"a instrução troca “{old}” sem dizer onde "
                                        "(dispositivo, ou a norma inteira): decida onde ela se aplica", line=s.line))
        return
    if not units:
        t = default_target(ctx, s, c, acts[0] if acts else None)
        if t is not None:
            ctx.rec.operations.append(operation(d, t, OpKind.SUBSTITUICAO, None, text=new, expression=old, line=s.line))
        return
    rows = named_ids(ctx, s, units + others)[:len(units)]
    for u, row in zip(units, rows):
        t = default_target(ctx, s, c, u)
        if t is None:
            continue
        for i in row:
            ctx.rec.operations.append(operation(d, t, OpKind.SUBSTITUICAO, i, text=new, expression=old, line=s.line))


# --- clauses read that a person applies -------------------------------------------------------

def _table(ctx: Context, s: Sentence, c: Clause) -> None:
    """A change to a table, an annex, a chart or a list of posts: read (the rule family
    ``tabela`` of the grammar), applied by a person until tables are modelled (issue 39)."""
    d = s.unit
    t = _cited_norm(ctx, s, c)
    ctx.rec.problems.append(problem(
        d, "alteracao-de-tabela", "a instrução altera uma tabela, um anexo, um quadro ou uma lista de cargos"
        + (f" de {t.label}" if t is not None else "") + ", não a redação de um dispositivo: aplique à mão ou "
        "registre a decisão", line=s.line, target_urn=t.urn if t is not None and known(t) else None))


def _non_textual(ctx: Context, s: Sentence, c: Clause) -> None:
    """A change stated without new wording ('as licenças fixadas no art. 16 da Lei nº 2.244
    serão acrescidas de 200 vagas'): a question on the norm it cites. One that cites no norm,
    in an act that names none to change (no other instruction, nor its ementa or preâmbulo), is
    the act's own norm ('Ficam alterados as denominações dos seguintes órgãos:'): a notice."""
    d = s.unit
    if not s.reading.cited and sentence_norm(ctx, s, c) is None and _named_by_act(ctx) is None \
            and ctx.single_ref is None and ctx.base is None:
        ctx.rec.problems.append(problem(
            d, "dispositivo-autonomo", f"{where_of(d)} muda algo sem nova redação e não cita norma, nem o ato diz que "
            "altera alguma: lido como norma autônoma deste ato", line=s.line, blocking=False))
        return
    t = _cited_norm(ctx, s, c)
    names = "; ".join(cited_label(x) for x in (c.context or s.reading.cited)) or "nenhuma norma citada"
    ctx.rec.problems.append(problem(
        d, "alteracao-nao-textual", f"alteração sem nova redação ({names}): o texto da norma alterada não muda, "
        "mas seu conteúdo sim; decida como anotar ou redigir", line=s.line,
        target_urn=t.urn if t is not None and known(t) else None))


def _cited_norm(ctx: Context, s: Sentence, c: Clause) -> Target | None:
    """The one norm a table or non-textual clause cites (for scoping its question), if one."""
    refs = {(r.key, r.nome): r for x in (*c.context, *c.objects) if (r := _ref_of(x)) is not None}
    if len(refs) != 1:
        return None
    t = target(ctx, next(iter(refs.values())), s.unit)
    note_target(ctx, t, s.unit)
    return t


def _unread(ctx: Context, s: Sentence) -> None:
    """A sentence no rule of the grammar reads: a question, never nothing. When it cites acts
    (a revocation the grammar cannot read names the acts it revokes), one question per act, so
    that each waits on its own page."""
    d, r = s.unit, s.reading
    acts: dict[str, Target] = {}
    for x in r.cited:
        ref = _ref_of(x)
        if ref is None or _is_self(ctx, ref):
            continue
        t = target(ctx, ref, d)
        acts.setdefault(t.urn, t)
    what = "; ".join(cited_label(x) for x in r.cited) or "nenhum ato citado"
    message = (f"{where_of(d) if not s.item_line else 'o item'} tem verbo de alteração ou texto entre aspas, mas a "
               f"gramática das instruções não lê a frase (cita: {what}): decida o que ela altera")
    if len(acts) > 1:
        for t in acts.values():
            ctx.rec.problems.append(problem(d, "instrucao-nao-reconhecida", message, line=s.line,
                                            target_urn=t.urn if known(t) else None))
        return
    ctx.rec.problems.append(problem(d, "instrucao-nao-reconhecida", message, line=s.line))
    ctx.instruction_targets += list(acts.values())


def _is_self(ctx: Context, ref: ActRef) -> bool:
    n = ctx.norma
    return bool(n.numero) and ref.numero == (n.numero or "").lstrip("0") and (ref.ano is None or (n.data or "")[:4] == str(ref.ano))


def _scope_to_cited(ctx: Context, start: int, cited: tuple[Cited, ...]) -> None:
    refs = {r.key: r for x in cited if (r := _ref_of(x)) is not None}
    if len(refs) == 1:
        t = target(ctx, next(iter(refs.values())), None)
        if known(t):
            scope(ctx, start, [t])


# --- new wording, inclusion -------------------------------------------------------------------

def _new_text(ctx: Context, s: Sentence, clauses: list[Clause]) -> None:
    """The clauses that bring new text (nova redação, 'com as seguintes alterações', acréscimo),
    read together: the quoted units are anchored on every unit they name."""
    d = s.unit
    blocks = list(s.blocks)
    if not blocks and s.unquoted:
        blocks = [Alteracao(f"{d.id}_alt1", children=list(s.unquoted))]
        labels = ", ".join(u.rotulo or u.id for u in s.unquoted)
        ctx.rec.problems.append(problem(d, "texto-novo-sem-aspas", f"{labels} segue(m) a instrução sem aspas, com "
                                        "exatamente os rótulos que ela cita: lido(s) como o texto novo da norma alterada",
                                        blocking=False))
    cits = _unit_citations(clauses)
    through = [u for u in cits if u.through is not None]
    if through:
        cits = _through(ctx, s, cits, through)
    if _doubtful_units(ctx, s, cits):
        return
    first = clauses[0]
    obj = next((u for u in cits if u.act is not None), None)
    t = default_target(ctx, s, first, obj)
    if t is None:
        return
    rows = named_ids(ctx, s, cits)
    named = list(dict.fromkeys(i for row in rows for i in row))
    arts = _articles(cits)
    if arts:
        ctx.last_article = arts[-1]
    elif named:
        ctx.last_article = named[0].split("_")[0] if named[0].startswith("art") else ctx.last_article
    ctx.last_target = t
    ementa_obj = next((u for u in cits if EMENTA in u.ids), None)
    if not blocks:
        _without_text(ctx, s, clauses, t, named, ementa_obj)
        return
    norms = {(u.act.ref.key if u.act else None) for u in cits if u.act is not None}
    if len(norms) > 1:
        _several_norms(ctx, s, clauses, cits, rows, blocks)
        return
    spec = _spec(s, clauses, cits, rows)
    generic = spec.generic
    heads = quoted.headings(ctx, d, spec.kind if spec.kind != quoted.REVOGACAO else quoted.REDACAO, t, blocks, generic)
    units = [u for b in blocks for u in block_units(b)]
    named_ids_ = [n for n in named if n != EMENTA]
    named_ids_ = settle_by_quotes(named_ids_, units)
    units, vetoed = quoted.shaped(ctx, d, t, units, named_ids_)
    covered: set[str] = set(vetoed)
    skip = None
    ementa_read = False
    if ementa_obj is not None:
        skip = quoted.ementa(ctx, d, t, blocks, by_ementa=not ementa_obj.text.lower().startswith("pre"))
        ementa_read = True
    quoted.unlabelled(ctx, d, spec.kind, t, blocks, named_ids_, covered, generic, skip=skip)
    for u in units:
        if u.kind == "omissis":
            continue
        full, why = anchor(u, named_ids_)
        if full is None:
            ctx.rec.problems.append(problem(d, "alvo-ambiguo", why or "", line=u.line))
            continue
        quoted.unit_ops(ctx, d, spec, t, full, u, named_ids_, covered)
    for c in clauses:
        if c.set_replaced:
            kind = next((u.kind_set for u in c.units if u.kind_set), None)
            if kind:
                quoted.replaced_set(ctx, d, t, named_ids_, units, kind)
    covered |= quoted.renumbered_into(ctx, d, covered)
    if not named_ids_ and not covered and not units and not heads and not ementa_read:
        ctx.rec.problems.append(problem(
            d, "alvo-sem-dispositivo", "a instrução altera um trecho sem dispositivo citado da norma, não um dispositivo: "
            "aplique à mão ou registre a decisão", line=s.line))
        return
    for n in named_ids_:
        if not quoted.brought(n, covered) and not n.startswith(("tit", "cap", "sec", "sub", "liv", "prt")):
            ctx.rec.problems.append(problem(d, "alvo-sem-texto", f"{n} é citado pela instrução mas não aparece no "
                                            "texto entre aspas", line=s.line))


def _spec(s: Sentence, clauses: list[Clause], cits: list[UnitCitation], rows: list[list[str]]) -> quoted.Spec:
    kinds = {c.kind for c in clauses}
    set_replaced = any(c.set_replaced for c in clauses)
    inclusion = ClauseKind.INCLUSAO in kinds
    rewrite = kinds & {ClauseKind.REDACAO, ClauseKind.ALTERACOES}
    kind = quoted.INCLUSAO if inclusion and not rewrite else quoted.REDACAO
    generic = ClauseKind.ALTERACOES in kinds
    roles: dict[str, str] = {}
    if inclusion and rewrite:
        by_cit = {id(u): row for u, row in zip(cits, rows)}
        for c in clauses:
            role = quoted.INCLUSAO if c.kind is ClauseKind.INCLUSAO else quoted.REDACAO
            for u in c.units:
                for i in by_cit.get(id(u), []):
                    roles.setdefault(i, role)
    every = [i for x in s.reading.cited if isinstance(x, UnitCitation) for i in x.ids]
    return quoted.Spec(kind, generic, roles, set_replaced,
                       mentions_unico=any(i.endswith("par1u") for i in every) or any(
                           i.endswith("par1u") for row in rows for i in row),
                       revokes=any(c.kind is ClauseKind.REVOGACAO for c in s.reading.clauses))


def _through(ctx: Context, s: Sentence, cits: list[UnitCitation], through: list[UnitCitation]) -> list[UnitCitation]:
    """'O art. 1º da Lei B, que altera o art. 2º da Lei A, passa a ter a seguinte redação': the
    quoted text is the wording of A's art. 2º as B gave it, so the instruction is applied to A,
    with a notice (an act that amends an amending act)."""
    out = []
    for u in cits:
        th = u.through
        if th is None or th.act is None or u.act is None:
            out.append(u)
            continue
        ctx.rec.problems.append(problem(
            s.unit, "alteracao-de-ato-alterador",
            f"a instrução altera {', '.join(u.ids)} da {u.act.label()}, que alterou {', '.join(th.ids)} da "
            f"{th.act.label()}: aplicada como alteração da {th.act.label()}, cujo histórico mostra a redação dada "
            f"pela {u.act.label()} e a nova", line=s.line, blocking=False))
        out.append(UnitCitation(th.ids, th.act.text, th.act.start, th.act.end, act=th.act))
    return out


def _without_text(ctx: Context, s: Sentence, clauses: list[Clause], t: Target, named: list[str],
                  ementa_obj: UnitCitation | None) -> None:
    """A clause that brings new text but no quoted block: the head of instructions below it; a
    copy of another unit's wording; else a problem."""
    d = s.unit
    if any(c.text and c.kind is not Kind.OMISSIS for c in d.children) and _heads(s):
        return  # 'A Lei X passa a vigorar com as seguintes alterações:' heads the instructions below
    copy = next((c for c in clauses if c.copy_of is not None), None)
    if copy is not None and _copy(ctx, s, copy, t, named):
        return
    if ementa_obj is not None:
        ctx.rec.problems.append(problem(d, "sem-texto-novo", "a instrução dá nova redação à ementa da norma, mas sem "
                                        "texto entre aspas: aplique à mão ou registre a decisão", line=s.line))
        return
    if not named:
        ctx.rec.problems.append(problem(
            d, "alteracao-nao-textual", "a instrução altera a norma sem citar dispositivo nem trazer texto entre aspas "
            "(anexo, tabela, quadro de cargos, valores): aplique à mão ou registre a decisão", line=s.line))
        return
    ctx.rec.problems.append(problem(d, "sem-texto-novo", "instrução de alteração sem texto entre aspas", line=s.line))


def _heads(s: Sentence) -> bool:
    return any(c.text and lexicon.may_instruct(c.text) for c in s.unit.children)


def _copy(ctx: Context, s: Sentence, c: Clause, t: Target, named: list[str]) -> bool:
    """'Acrescente-se à Lei nº 100/2001 o art. 5º com a redação do atual art. 4º': an inclusion
    whose wording is another unit's of the same norm, as it stands before this act. Only one new
    unit and one source of the same kind, the source of no other norm."""
    d = s.unit
    src = c.copy_of
    assert src is not None
    new = [i for u in c.units for i in u.ids]
    if len(new) != 1 or len(src.ids) != 1:
        return False
    if src.act is not None and (t.ref is None or src.act.ref.key != t.ref.key):
        return False
    place = [tuple(u.ids) for u in c.place]
    new_id = quoted.named_by_citation(place + [tuple(new)])[-1][0]
    source_id = quoted.named_by_citation(place + [tuple(src.ids)], new_id.split("_")[0])[-1][0]
    if id_kind(new_id) != id_kind(source_id) or new_id == source_id:
        return False
    ctx.rec.operations.append(operation(d, t, OpKind.INCLUSAO, new_id, unit_kind=id_kind(new_id),
                                        rotulo=quoted.rotulo_of_id(new_id), copy_of=source_id, line=s.line))
    return True


def _several_norms(ctx: Context, s: Sentence, clauses: list[Clause], cits: list[UnitCitation],
                   rows: list[list[str]], blocks: list[Alteracao]) -> None:
    """'Dê-se ao art. 1º da Lei A e da Lei B, bem como ao art. 2º da Lei C, a seguinte redação':
    units of several norms. Each quoted unit goes to every norm whose named units it is (or is
    inside of); a named unit the quoted text does not bring is a problem of that norm only; a
    quoted unit that is none of them, or that fits units of different numbers in two norms, is a
    problem of all."""
    d = s.unit
    leads = [lead for b in blocks if (lead := leading_text(b)) is not None and not phrases.is_omissis(lead[0])]
    if leads or any(quoted_headings(b) for b in blocks):
        ctx.rec.problems.append(problem(d, "alvo-ambiguo", "a instrução altera dispositivos de mais de uma norma e o "
                                        "texto entre aspas traz agrupador ou texto sem rótulo: decida a que norma "
                                        "pertence cada parte", line=s.line))
        return
    groups: dict[object, tuple[ActRef, list[str]]] = {}
    for u, row in zip(cits, rows):
        if u.act is None:
            continue
        groups.setdefault(u.act.ref.key, (u.act.ref, []))[1].extend(row)
    units = [u for b in blocks for u in block_units(b) if u.kind != "omissis"]
    named_of = {k: settle_by_quotes(list(dict.fromkeys(ids)), units) for k, (_, ids) in groups.items()}
    fits: dict[int, list[object]] = {}
    for i, q in enumerate(units):
        for key, named in named_of.items():
            full, _ = anchor(q, named)
            if full is not None and quoted.relation(full, named) != "other":
                fits.setdefault(i, []).append(key)
    shared = {i for i, keys in fits.items() if len({tuple(named_of[k]) for k in keys}) == 1}
    undecided = {k for i, keys in fits.items() if i not in shared for k in keys}
    spec = _spec(s, clauses, cits, rows)
    for key, (ref, _) in groups.items():
        start = len(ctx.rec.problems)
        t = target(ctx, ref, d)
        note_target(ctx, t, d)
        named = named_of[key]
        covered: set[str] = set()
        for i, q in enumerate(units):
            if i in shared and key in fits[i]:
                quoted.unit_ops(ctx, d, spec, t, anchor(q, named)[0] or "", q, named, covered)
        for n in ([] if key in undecided else named):
            if not quoted.brought(n, covered):
                ctx.rec.problems.append(problem(d, "alvo-sem-texto", f"{n} da {t.label} é citado pela instrução mas não "
                                                "aparece no texto entre aspas", line=s.line))
        if known(t):
            scope(ctx, start, [t])
    for i, q in enumerate(units):
        if i not in shared:
            which = "de mais de um" if i in fits else "de nenhum"
            ctx.rec.problems.append(problem(
                d, "alvo-ambiguo", f"o texto entre aspas de {q.rotulo or quoted.rotulo(q) or q.kind} pode ser {which} dos "
                "dispositivos que a instrução cita, de normas diferentes: decida a que norma pertence", line=q.line))


__all__ = ["Operation", "Problem", "sentence", "sentence_norm", "default_target", "TEXT_KINDS", "Instruction",
           "line_of"]
