"""Read an amending act (a parsed Norma) into explicit operations and problems.

Each dispositivo whose text is an instruction ("Dê-se … a seguinte redação", "Acrescente-se …",
"Revoga-se …", "renumerando-se …") yields operations on the targets it cites, with the new
wording taken from its quoted blocks. Whatever cannot be decided from the text alone is a
:class:`Problem` naming the instruction and its line: a target that is not found, an ementa
that names other acts than the articles, a change made without new wording.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from lexconsolida.amendments import tables
from lexconsolida.amendments import grammar, phrases, shapes, vocabulary
from lexconsolida.amendments.blocks import (
    PARENT_KINDS, QuotedUnit, agrupadores_in, anchor, ancestors, block_units, child_id, id_kind, leading_text,
    quoted_headings, settle_by_quotes,
)
from lexconsolida.amendments.coverage import amends, missing_acts, unaccounted
from lexconsolida.amendments.interpret import Planned, interpret
from lexconsolida.amendments.model import EMENTA, Operation, Problem, Recognition, work_key
from lexconsolida.amendments.vigencia import vigencia_problems
from lexconsolida.citations import ActRef, Citation, find, find_acts
from lexconsolida.model import Alteracao, Dispositivo, Kind, Norma
from lexconsolida.model.ids import LexId
from lexconsolida.model.numbering import label_for
from lexconsolida.model.urn import Urn

Resolver = Callable[[ActRef], str | None]


@dataclass(slots=True)
class _Target:
    urn: str
    label: str
    in_corpus: bool
    ref: ActRef | None


@dataclass(slots=True)
class _Ctx:
    norma: Norma
    resolve: Resolver | None
    rec: Recognition
    base: tuple[str, str] | None = None
    """(URN, label) of the BASE given on the command line: a norm cited by name, or not at all."""
    base_noticed: bool = False
    last_article: str | None = None
    """The artigo the previous instruction named ('Dê-se ao parágrafo único do supracitado
    artigo' continues it)."""
    last_target: "_Target | None" = None
    targets_seen: set[str] = field(default_factory=set)
    out_of_corpus_reported: set[str] = field(default_factory=set)
    instruction_targets: list["_Target"] = field(default_factory=list)
    """The norms the instruction being read addresses (its problems are scoped to them)."""


def recognise(norma: Norma, resolve: Resolver | None = None, *,
              base: tuple[str, str] | None = None) -> Recognition:
    """Operations and problems of the amending act ``norma``.

    ``resolve`` maps a cited act to its URN in the corpus (``None``: outside the corpus); a norm
    cited by name and no number ('Lei Orgânica do Município') reaches it with ``ref.nome`` set
    (an acervo resolves it by the aliases in norma.toml). ``base`` = (URN, label) of the norm
    given on the command line: a norm cited by name that ``resolve`` does not know, or an
    instruction that names no norm at all (not even in the ementa or preâmbulo), is that BASE,
    with a notice (``alvo-pela-base``)."""
    rec = Recognition(norma.urn, act_label(norma))
    ctx = _Ctx(norma, resolve, rec, base)
    for art in norma.artigos():
        _article(ctx, art)
    _check_ementa(ctx)
    _safety_net(ctx)
    rec.problems += vigencia_problems(norma, bool(rec.operations))
    rec.operations[:] = _copies_first(_simultaneous(rec.operations))
    return rec


def _copies_first(ops: list[Operation]) -> list[Operation]:
    """'Dê-se ao art. 4º a seguinte redação' and then 'Acrescente-se o art. 5º com a redação do
    atual art. 4º': the instructions of an act take effect together, each naming units as they
    were before it, so the copied wording is the art. 4º's before the act rewrites it. Copies
    are applied first (in the act's order among themselves)."""
    copies = [o for o in ops if o.copy_of]
    return copies + [o for o in ops if not o.copy_of] if copies else ops


def _simultaneous(ops: list[Operation]) -> list[Operation]:
    """The instructions of one act take effect together, each naming units as they were before
    it ('o atual parágrafo único do art. 1º passa a ser o 2º', beside 'acrescido de um § 1º').
    So an explicit renumbering of a parágrafo único is applied before the inclusions of §§ in
    its artigo (whatever the order of the articles), and those inclusions do not renumber it
    implicitly as well."""
    renumbered = {(o.target_urn, o.target_id) for o in ops
                  if o.kind == "renumeracao" and (o.target_id or "").endswith("_par1u")}
    touched = {(o.target_urn, o.target_id) for o in ops if o.kind != "renumeracao"}
    if not renumbered or renumbered & touched:
        return ops  # the parágrafo único is also changed by its old id: the order stays the act's
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


_EMENTA_AMENDS = re.compile(r"\b(?:altera|modifica|acrescenta|acresce|inclui|insere|revoga|suprime|renumera|"
                            r"d[áa]\s+nova\s+reda[çc][ãa]o)", re.IGNORECASE)


def _safety_net(ctx: _Ctx) -> None:
    """No silent loss: every amending dispositivo the formulas did not recognise becomes a
    problem, and an act whose ementa says it amends but yields nothing says why."""
    for d in unaccounted(ctx.norma, ctx.rec):
        start = len(ctx.rec.problems)
        ctx.rec.problems.append(Problem(
            "instrucao-nao-reconhecida", _net_message(d, ctx.rec), d.text, _line(d), _where(d)))
        _scope(ctx, start, _cited_targets(ctx, d.text))
    rec = ctx.rec
    if not rec.operations and not rec.problems and _EMENTA_AMENDS.search(ctx.norma.ementa or ""):
        rec.problems.append(Problem(
            "sem-operacoes", "a ementa diz que o ato altera ou revoga outra norma, mas nenhuma instrução "
            "de alteração foi encontrada nos artigos", ctx.norma.ementa or "", None, None))


def _net_message(d: Dispositivo, rec: Recognition) -> str:
    """What the safety net says of an amending dispositivo it found without operation or problem,
    or with some of the acts it revokes left without one."""
    missing = missing_acts(d, rec)
    if missing:
        return (f"{_label(d)} revoga mais de um ato, e {', '.join(missing)} não virou operação: a fórmula não foi "
                "reconhecida por inteiro; decida o que ele revoga")
    return (f"{_label(d)} parece alterar outra norma (texto entre aspas ou verbo de alteração junto a "
            "dispositivo citado), mas a fórmula não foi reconhecida: decida o que ele altera")


def act_label(norma: Norma) -> str:
    """'Lei nº 2.331, de 21 de maio de 2002' from the metadata (else the epígrafe)."""
    return norma.label if norma.tipo and norma.numero else norma.titulo


# --- targets ---------------------------------------------------------------------------------

def _virtual_urn(ctx: _Ctx, ref: ActRef) -> str:
    """A URN for an act outside the corpus, built from the citation."""
    if ref.urn:
        return ref.urn
    own = Urn.parse(ctx.norma.urn) if ctx.norma.urn else None
    federal = ref.esfera == "federal" or (own is not None and own.autoridade == "federal") or own is None
    if ref.esfera == "municipal" and own is not None:
        federal = False
    loc, aut = ("br", "federal") if federal else (own.localidade, "municipal")
    if ref.esfera == "estadual" and own is not None:
        loc, aut = ";".join(own.localidade.split(";")[:2]), "estadual"
    date = ref.data or (str(ref.ano) if ref.ano else None)
    desc = ";".join(p for p in (date, ref.numero) if p) or "s.n"
    return str(Urn(loc, aut, ref.tipo, desc))


def _target(ctx: _Ctx, ref: ActRef, d: Dispositivo | None = None) -> _Target:
    urn = ctx.resolve(ref) if ctx.resolve else None
    if urn:
        return _Target(urn, ref.label(), True, ref)
    if ref.nome and not ref.numero and not ref.urn and ctx.base is not None:
        return _base_target(ctx, d, f"a instrução cita {ref.nome}, sem número")
    return _Target(_virtual_urn(ctx, ref), ref.label(), False, ref)


def _base_target(ctx: _Ctx, d: Dispositivo | None, why: str) -> _Target:
    assert ctx.base is not None
    urn, label = ctx.base
    if not ctx.base_noticed:
        ctx.base_noticed = True
        ctx.rec.problems.append(Problem(
            "alvo-pela-base", f"{why}: entendida como a norma BASE indicada na linha de comando ({label})",
            d.text if d is not None else "", _line(d) if d is not None else None,
            _where(d) if d is not None else None, blocking=False))
    return _Target(urn, label, True, None)


def _is_context(text: str, c: Citation) -> bool:
    return bool(phrases.CONTEXT_BEFORE_ACT.search(text[: c.start]))


# --- one article -----------------------------------------------------------------------------

def _article(ctx: _Ctx, art: Dispositivo) -> None:
    instructions: list[Dispositivo] = []
    others: list[Dispositivo] = []
    article_targets: list[_Target] = []
    consumed: set[int] = set()
    """Dispositivos read as the unquoted new text of an instruction (``_unquoted_text``)."""
    after_text: set[int] = set()
    """Dispositivos printed after an instruction that brings new text."""
    brings_text = False
    for d in art.walk():
        if d.kind is Kind.ARTIGO or id(d) in consumed:
            continue
        quoted = [a.raw for a in d.alteracoes + (art.alteracoes if d.kind is Kind.CAPUT else [])]
        table_reading = tables.read_instruction(  # the one call: amendments/tables.py
            d.text, quoted, tables=d.tabelas + (art.tabelas if d.kind is Kind.CAPUT else []),
            own_annexes=ctx.norma.annexes)
        if table_reading is not None:
            start, ctx.instruction_targets = len(ctx.rec.problems), []
            _table_instruction(ctx, d, table_reading)
            _scope(ctx, start, ctx.instruction_targets)
            article_targets += ctx.instruction_targets
            instructions.append(d)
            continue
        parsed = grammar.parse(d.text)
        if parsed is not None:  # the shapes the grammar reads (data/gramatica/instrucao.lark)
            start, ctx.instruction_targets = len(ctx.rec.problems), []
            consumed.update(_by_grammar(ctx, art, d, parsed))
            _scope(ctx, start, ctx.instruction_targets)
            article_targets += ctx.instruction_targets
            instructions.append(d)
            continue
        kind = phrases.classify(d.text)
        (instructions if kind else others).append(d)
        if not kind:
            if brings_text:
                after_text.add(id(d))
            continue
        blocks = list(d.alteracoes)
        if d.kind is Kind.CAPUT:
            blocks += art.alteracoes
        start, ctx.instruction_targets = len(ctx.rec.problems), []
        if not blocks and kind in ("inclusao", "redacao") and d.kind is Kind.CAPUT:
            unquoted = _unquoted_text(art, d)
            if unquoted:
                consumed.update(id(n) for u in unquoted for n in u.walk())
                blocks = [Alteracao(f"{d.id}_alt1", children=list(unquoted))]
                labels = ", ".join(_label(u) for u in unquoted)
                ctx.rec.problems.append(Problem(
                    "texto-novo-sem-aspas",
                    f"{labels} segue(m) a instrução sem aspas, com exatamente os rótulos que ela cita: "
                    "lido(s) como o texto novo da norma alterada", d.text, _line(d), _where(d), blocking=False))
        _instruction(ctx, d, kind, blocks)
        _scope(ctx, start, ctx.instruction_targets)
        article_targets += ctx.instruction_targets
        brings_text = brings_text or bool(blocks) or kind != "revogacao"
    for d in others:
        if d.kind is Kind.CAPUT and not d.text:
            continue
        start = len(ctx.rec.problems)
        if _non_textual(ctx, d):
            _scope(ctx, start, _cited_targets(ctx, d.text))
            continue
        if instructions and not any(d in list(i.walk()) for i in instructions):
            if id(d) not in after_text and not amends(d):
                ctx.rec.problems.append(Problem(
                    "dispositivo-autonomo",
                    f"{_label(d)} está num artigo que altera outra norma, mas nenhuma instrução que traga "
                    "texto novo vem antes dele (só revogações, ou nenhuma): lido como norma autônoma deste ato",
                    d.text, _line(d), _where(d), blocking=False))
            else:
                ctx.rec.problems.append(Problem(
                    "dispositivo-sem-instrucao",
                    f"{_label(d)} está num artigo que altera outra norma, fora das aspas e sem "
                    "fórmula de alteração: não se sabe se é norma autônoma deste ato ou texto a "
                    "incluir na norma alterada",
                    d.text, _line(d), _where(d)))
            _scope(ctx, start, article_targets)


def _by_grammar(ctx: _Ctx, art: Dispositivo, d: Dispositivo, parsed: grammar.Instruction | grammar.Ambiguous) -> set[int]:
    """Operations and problems of an instruction the grammar read (one parse), or the problem
    of one it reads in two ways. A revocation list ('Ficam revogados os seguintes dispositivos
    da Lei …:', 'Revogam-se:') takes its items from the units under it or, when there are none,
    from the lines of its quoted block; each item is read by the grammar too, and one it cannot
    read is a problem (never silence). Returns the ids (``id()``) of the units read as items."""
    if isinstance(parsed, grammar.Ambiguous):
        readings = "; ".join(f"({i}) {r}" for i, r in enumerate(parsed.readings, 1))
        ctx.rec.problems.append(Problem(
            "instrucao-ambigua", f"a instrução pode ser lida de mais de uma maneira — {readings}: decida qual",
            d.text, _line(d), _where(d)))
        ctx.instruction_targets += _cited_targets(ctx, d.text)
        return set()
    consumed: set[int] = set()
    if isinstance(parsed, grammar.RevocationList):
        list_act = parsed.act.act if parsed.act is not None else None
        items: list[tuple[str, int | None, Dispositivo | None]] = [
            (c.text, _line(c), c) for c in d.children if c.kind is not Kind.OMISSIS]
        if not items:
            blocks = list(d.alteracoes) + (list(art.alteracoes) if d.kind is Kind.CAPUT else [])
            for b in blocks:
                first = b.lines[0] if b.lines else None
                for i, raw in enumerate(b.raw.splitlines()):
                    printed = raw.strip().strip("\"“”").strip()
                    if printed:
                        items.append((printed, first + i if first is not None else None, None))
        if not items:
            ctx.rec.problems.append(Problem(
                "alvo-sem-dispositivo", "a instrução anuncia uma lista do que revoga, mas nenhum item segue: "
                "decida o que é revogado", d.text, _line(d), _where(d)))
            return consumed
        targets: list[_Target] = []
        for text, line, unit in items:
            if unit is not None:
                consumed.update(id(n) for n in unit.walk())
            item = grammar.parse_item(text)
            start, ctx.instruction_targets = len(ctx.rec.problems), []
            if not isinstance(item, grammar.Revocation):
                why = "tem mais de uma leitura" if isinstance(item, grammar.Ambiguous) else "não foi reconhecido"
                ctx.rec.problems.append(Problem(
                    "instrucao-nao-reconhecida", f"o item “{text[:120]}” da lista de revogações {why}: decida o que "
                    "ele revoga", d.text, line or _line(d), _where(d)))
                continue
            _planned(ctx, d, interpret(item), list_act, line, source=f"{d.text} {text}")
            _scope(ctx, start, ctx.instruction_targets)  # an item's problem holds back its own norm
            targets += ctx.instruction_targets
        ctx.instruction_targets = targets
        return consumed
    _planned(ctx, d, interpret(parsed), None, _line(d))
    return consumed


def _planned(ctx: _Ctx, d: Dispositivo, result: tuple[list[Planned], list], act: ActRef | None,
             line: int | None, source: str | None = None) -> None:
    """Operations of the interpreter's plan, each on the norm its citation names, else on
    ``act`` (the list's norm), else on the instruction's norm (as the formulas decide it)."""
    planned, refused = result
    default: _Target | None = None
    for p in planned:
        ref = p.act or act
        if ref is not None:
            t = _target(ctx, ref, d)
        else:
            default = default or _default_target(ctx, [], [], d)
            if default is None:
                continue
            t = default
        _note_target(ctx, t, d)
        kw: dict[str, object] = {"in_list": p.in_list} if p.in_list else {}
        if p.expression is not None:
            kw["expression"] = p.expression
        op = _op(ctx, d, t, p.kind, p.target_id, text=p.text, **kw)
        ctx.rec.operations.append(replace(op, line=line, source=source or op.source))
    for r in refused:  # (a list item's operations show the announcement and the item)
        ctx.rec.problems.append(Problem(r.code, r.message, source or d.text, line, _where(d)))


_ENDS_SENTENCE = re.compile(r"[:.]\s*$")


def _unquoted_text(art: Dispositivo, d: Dispositivo) -> list[Dispositivo]:
    """The new text of an instruction printed without quotes: the dispositivos that follow the
    caput ``d`` (its own, then the artigo's paragraphs), when the caput ends with the
    instruction and they carry exactly the labels it names, no more and no less ('Acresçam-se
    os incisos XI e XII ao art. 2º da Lei …:' followed by 'XI - …' and 'XII - …'; 'O art. 144
    passa a viger com a inclusão do § 5º.' followed by '§ 5º …'). Empty otherwise: the
    instruction stays without new text, for a person to decide."""
    if not _ENDS_SENTENCE.search(d.text):
        return []
    following = list(d.children) + [c for c in art.children if c.kind is not Kind.CAPUT]
    if not following or any(phrases.classify(f.text) or f.alteracoes or f.kind is Kind.OMISSIS
                            for f in following):
        return []
    disp = _without_context(d.text, [c for c in find(d.text) if c.ids and not c.proprio])
    named = _named_ids(disp)
    leaves = [n for n in named if not any(o.startswith(n + "_") for o in named)]
    if sorted(n.split("_")[-1] for n in leaves) != sorted(f.id.split("_")[-1] for f in following):
        return []
    return following


def _known(t: _Target) -> bool:
    """A target the problems can be scoped to: a norm of the acervo (or the BASE), or an act
    identified by its citation (type and number, or a URN), in the acervo or not — the
    instruction's operations go to that norm, and so do its problems. A norm cited by name
    only that the resolver does not know ('Código Tributário') may be any of them."""
    return t.in_corpus or (t.ref is not None and bool(t.ref.numero or t.ref.urn))


def _scope(ctx: _Ctx, start: int, targets: list[_Target]) -> None:
    """Give the problems reported since ``start`` the norm their instruction addresses, when it
    addresses exactly one known norm: they then hold back only the operations on that norm
    (``Problem.target_urn``). Otherwise they stay unscoped and hold back every target."""
    keys = {work_key(t.urn) for t in targets}
    if len(keys) != 1 or not all(_known(t) for t in targets):
        return
    urn = targets[0].urn
    probs = ctx.rec.problems
    for i in range(start, len(probs)):
        if probs[i].target_urn is None:
            probs[i] = replace(probs[i], target_urn=urn)


def _cited_targets(ctx: _Ctx, text: str) -> list[_Target]:
    """The norms a dispositivo the formulas did not read cites, for scoping its problem; empty
    (unknown) when it also cites a dispositivo without its norm ('o art. 5º passa …'), which
    may belong to any target, or cites no norm at all."""
    out: list[_Target] = []
    for c in find(text):
        if c.proprio or c.na_ementa:
            continue
        if c.act is None:
            if c.ids:
                return []
            continue
        if not _is_context(text, c):
            out.append(_target(ctx, c.act))
    return out


def _label(d: Dispositivo) -> str:
    return d.rotulo or d.id


def _where(d: Dispositivo) -> str:
    """The instruction's place in the amending act: an artigo's id for its caput."""
    return d.id[:-4] if d.id.endswith("_cpt") else d.id


def _line(d: Dispositivo) -> int | None:
    return d.lines[0] if d.lines else None


def _table_instruction(ctx: _Ctx, d: Dispositivo, reading: tables.TableReading) -> None:
    """Operations (or problems) of an instruction that changes a table or an annex of the norm
    the sentence cites (``amendments/tables.py``)."""
    cits = [c for c in find(d.text) if not c.na_ementa]
    acts = [c for c in cits if not c.ids and c.act is not None and not _is_context(d.text, c)]
    target = _default_target(ctx, [c for c in cits if c.ids and not c.proprio], acts, d)
    for code, message in reading.problems:
        ctx.rec.problems.append(Problem(code, message, d.text, _line(d), _where(d)))
    if target is None:
        return
    for i in reading.instructions:
        ctx.rec.operations.append(_op(ctx, d, target, i.kind, i.target_id, row=i.row, column=i.column,
                                      text=i.text, expression=i.expression, cells=i.cells, rows=i.rows,
                                      header_rows=i.header_rows, headers=i.headers, blocks=i.blocks))


def _non_textual(ctx: _Ctx, d: Dispositivo) -> bool:
    """A change stated without new wording ('as licenças fixadas no art. 16 … serão acrescidas
    de 200 vagas'): reported for a human decision."""
    if not phrases.CHANGE_VERBS.search(d.text):
        return False
    cits = [c for c in find(d.text) if c.ids and c.act is not None and not c.proprio]
    if not cits:
        return False
    names = "; ".join(f"{', '.join(c.ids)} da {c.act.label()}" for c in cits)
    ctx.rec.problems.append(Problem(
        "alteracao-nao-textual",
        f"alteração sem nova redação ({names}): o texto da norma alterada não muda, mas seu "
        "conteúdo sim; decida como anotar ou redigir",
        d.text, _line(d), _where(d)))
    return True


def _instruction(ctx: _Ctx, d: Dispositivo, kind: str, blocks) -> None:
    text = d.text
    cits = [c for c in find(text) if not c.na_ementa]  # 'a Lei X, que "Regulamenta o Art. 136 …"'
    disp = [c for c in cits if c.ids and not c.proprio]
    acts = [c for c in cits if not c.ids and c.act is not None and not _is_context(text, c)]
    disp, acts = _through_amending_act(ctx, d, disp, acts)
    disp, acts = _shared_units(text, disp, acts)
    disp = _without_context(text, disp)
    for c in disp:
        if c.outra_numeracao:  # 'Dê-se ao caput do Art. 6º (ex art. 7º) …'
            ctx.rec.problems.append(Problem(
                "alvo-ambiguo", f"a instrução cita “{c.text}”: dá ao dispositivo outra numeração "
                f"({', '.join(c.outra_numeracao)}) sem renumeração expressa; confira a numeração da norma "
                "alterada e decida a que dispositivo a instrução se refere", text, _line(d), _where(d)))
    default = _default_target(ctx, disp, acts, d)
    impossible = next((c for c in cits if c.conflito), None)
    if impossible is not None:  # 'O parágrafo primeiro, do inciso II, do art. 4º …': never the whole act
        ctx.rec.problems.append(Problem(
            "alvo-ambiguo", f"a instrução cita “{impossible.text}”, que não é um dispositivo: "
            f"{impossible.conflito}; decida a que dispositivo ela se refere", text, _line(d), _where(d)))
        return
    mixed = _mixed_revocation(ctx, d, disp, default)
    if mixed is not None:
        kind, disp, default = mixed
    if kind == "revogacao" and not blocks:
        _revocation(ctx, d, disp, acts, default)
        return
    if kind == "renumeracao":
        _renumbering(ctx, d, disp, default)
        if not blocks:
            return
        kind = "inclusao" if phrases.INCLUSAO.search(text) else "redacao"
    if default is None:
        return
    named = _named_ids(disp, ctx.last_article if _CONTINUES.search(text) or not _articles_of(disp) else None)
    arts = _articles_of(disp)
    if arts:
        ctx.last_article = arts[-1]
    ctx.last_target = default
    if not blocks:
        if any(phrases.classify(c.text) for c in d.children):
            return  # 'A Lei X passa a vigorar com as seguintes alterações:' heads the instructions below
        if not named and _names_ementa(text, kind):
            ctx.rec.problems.append(Problem(
                "sem-texto-novo", "a instrução dá nova redação à ementa da norma, mas sem texto entre aspas: "
                "aplique à mão ou registre a decisão", text, _line(d), _where(d)))
            return
        if not named:
            ctx.rec.problems.append(Problem(
                "alteracao-nao-textual", "a instrução altera a norma sem citar dispositivo nem trazer texto "
                "entre aspas (anexo, tabela, quadro de cargos, valores): aplique à mão ou registre a decisão",
                text, _line(d), _where(d)))
            return
        if kind == "inclusao" and _copy(ctx, d, disp, default):
            return
        ctx.rec.problems.append(Problem(
            "sem-texto-novo", "instrução de alteração sem texto entre aspas", text, _line(d), _where(d)))
        return
    if _several_norms(ctx, d, kind, blocks, disp):
        return
    headings = _headings(ctx, d, kind, default, blocks)
    units = [u for b in blocks for u in block_units(b)]
    named = settle_by_quotes(named, units)
    units, vetoed, stop = _quoted_shapes(ctx, d, default, units, named)
    if stop:
        return
    generic = phrases.is_generic(text)
    covered: set[str] = set(vetoed)
    roles = _roles(text, disp, named)
    ementa, ementa_read = _ementa(ctx, d, kind, default, blocks)
    _unlabelled(ctx, d, kind, default, blocks, named, covered, skip=ementa)
    for u in units:
        if u.kind == "omissis":
            continue
        full, why = anchor(u, named)
        if full is None:
            ctx.rec.problems.append(Problem("alvo-ambiguo", why, text, u.line or _line(d), _where(d)))
            continue
        _unit_ops(ctx, d, kind, generic, default, full, u, named, covered, roles)
    _replaced_set(ctx, d, default, named, units)
    covered |= _renumbered_into(ctx, d, covered)
    if not named and not covered and not units and not headings and not ementa_read:
        what = "a ementa" if re.search(r"\bementa\b", text, re.I) else "um trecho sem dispositivo citado"
        ctx.rec.problems.append(Problem(
            "alvo-sem-dispositivo", f"a instrução altera {what} da norma, não um dispositivo: aplique à mão "
            "ou registre a decisão", text, _line(d), _where(d)))
        return
    missing = [n for n in named if not _brought(n, covered)]
    for n in missing:
        ctx.rec.problems.append(Problem(
            "alvo-sem-texto", f"{n} é citado pela instrução mas não aparece no texto entre aspas",
            text, _line(d), _where(d)))


_SAME_UNITS = re.compile(r"^\s*,?\s*e\s+d[oa]s?\s*$", re.IGNORECASE)


def _shared_units(text: str, disp: list[Citation], acts: list[Citation]) -> tuple[list[Citation], list[Citation]]:
    """'ao art. 1º da Lei A e da Lei B': an act cited right after a unit of another act, joined
    by 'e da', has the same units — a citation of B's art. 1º, not of the whole Lei B."""
    if not disp or not acts:
        return disp, acts
    out, whole = list(disp), []
    for a in acts:
        prev = max((c for c in out if c.end <= a.start), key=lambda c: c.end, default=None)
        if prev is not None and prev.act is not None and _SAME_UNITS.match(text[prev.end:a.start]):
            out.append(replace(prev, start=a.start, end=a.end, text=a.text, act=a.act, target=None))
        else:
            whole.append(a)
    return sorted(out, key=lambda c: c.start), whole


_CLAUSE_BREAK = re.compile(r"\s*[,;]\s*(?:e\s+)?|\s+e\s+", re.IGNORECASE)


def _mixed_revocation(ctx: _Ctx, d: Dispositivo, disp: list[Citation],
                      t: _Target | None) -> tuple[str, list[Citation], _Target] | None:
    """'Suprima-se o inciso IV do art. 3º, dando-se ao inciso III a seguinte redação'; 'Suprima-se
    o § 2º do art. 2º da Lei …, e o atual § 1º passa a ser parágrafo único, com a seguinte
    redação'; 'O art. 5º fica revogado, e o art. 6º passa a vigorar …': an instruction whose
    first clause revokes (no other verb before the revocation's) and goes on, after a comma (or
    'e'), with another verb. The units cited in the first clause are revoked (operations here); the
    rest is read as an instruction of its own kind on the units cited after the break, which
    keep the artigo the first clause names ('o atual § 1º' is the art. 2º's). Each clause's units
    are of the norm it names, else of the norm named before. Returns (kind of the rest, its
    citations, its norm), or None when the instruction is not of this form."""
    text = d.text
    verb = phrases.REVOGACAO.search(text)
    if t is None or verb is None or len(disp) < 2 or _set_replacement(text) is not None:
        return None
    if phrases.classify(text[:verb.end()]) != "revogacao":
        return None  # another verb comes first ('O art. 2º passa a ser …, revogado o …')
    # the other verb, and the last break before it (a list of revoked units goes on until then:
    # 'Revogam-se o § 2º e o § 3º, dando-se ao § 1º …')
    other = [m.start() for rx in (phrases.RENUMERACAO, phrases.INCLUSAO, phrases.REDACAO, phrases.GENERIC)
             if (m := rx.search(text, verb.end())) is not None]
    breaks = [m for m in _CLAUSE_BREAK.finditer(text, verb.end(), min(other, default=verb.end()))
              if not any(c.start < m.end() and m.start() < c.end for c in disp)]  # not 'o § 2º, do art. 2º'
    if not breaks or phrases.classify(text[breaks[-1].end():]) in (None, "revogacao"):
        return None
    m = breaks[-1]
    revoked = [i for i, c in enumerate(disp) if c.end <= m.start()]
    rest = [i for i, c in enumerate(disp) if c.start >= m.end()]
    if not revoked or not rest or len(revoked) + len(rest) != len(disp):
        return None
    full = _named_by_citation(disp)
    many = sum(len(full[i]) for i in revoked) > 1
    for i in revoked:
        if disp[i].act is not None:
            t = _target(ctx, disp[i].act, d)
        _note_target(ctx, t, d)
        for n in full[i]:
            ctx.rec.operations.append(_op(ctx, d, t, "revogacao", n, in_list=many))
    first = next((disp[i].act for i in rest if disp[i].act is not None), None)
    if first is not None:
        t = _target(ctx, first, d)
    _note_target(ctx, t, d)
    return phrases.classify(text[m.end():]) or "redacao", [replace(disp[i], ids=tuple(full[i]), incompleto=False) for i in rest], t


def _renumbered_into(ctx: _Ctx, d: Dispositivo, covered: set[str]) -> set[str]:
    """The units this instruction renumbers into a unit its quoted text brings ('o atual § 1º
    passa a ser parágrafo único, com a seguinte redação'): their text is the new unit's."""
    return {o.target_id for o in ctx.rec.operations
            if o.kind == "renumeracao" and o.target_id and o.new_id in covered
            and o.where == _where(d) and o.line == _line(d)}


def _several_norms(ctx: _Ctx, d: Dispositivo, kind: str, blocks, disp: list[Citation]) -> bool:
    """'Dê-se ao art. 1º da Lei A e da Lei B, bem como ao art. 2º da Lei C, a seguinte redação':
    one instruction naming units of several norms. Each quoted unit goes to every norm whose
    named units it is (or is inside of): the quoted 'Art. 1º' to the art. 1º of A and of B; a
    named unit the quoted text does not bring (C's art. 2º) is a problem of that norm only, and
    a quoted unit that is none of them a problem of all. Quoted headings or a block without a
    label cannot be placed among several norms: a person decides. False when the instruction
    names units of one norm (or of none)."""
    if kind not in ("redacao", "inclusao") or len({c.act.key for c in disp if c.act is not None}) < 2:
        return False
    text = d.text
    groups: dict[object, tuple[ActRef, list[Citation]]] = {}
    ref: ActRef | None = None
    for c in disp:
        ref = c.act or ref
        if ref is None:
            return False  # a unit before any norm is named: the usual reading
        groups.setdefault(ref.key, (ref, []))[1].append(c)
    leads = [lead for b in blocks if (lead := leading_text(b)) is not None and not phrases.is_omissis(lead[0])]
    if leads or any(quoted_headings(b) for b in blocks):
        ctx.rec.problems.append(Problem(
            "alvo-ambiguo", "a instrução altera dispositivos de mais de uma norma e o texto entre aspas traz "
            "agrupador ou texto sem rótulo: decida a que norma pertence cada parte", text, _line(d), _where(d)))
        return True
    units = [u for b in blocks for u in block_units(b) if u.kind != "omissis"]
    named_of = {key: settle_by_quotes(_named_ids(cits), units) for key, (_, cits) in groups.items()}
    fits: dict[int, list[object]] = {}
    for i, u in enumerate(units):
        for key, named in named_of.items():
            full, _ = anchor(u, named)
            if full is not None and _relation(full, named) != "other":
                fits.setdefault(i, []).append(key)
    # a unit that fits several norms goes to each only when they name the same units ('ao art. 1º
    # da Lei A e da Lei B'); else ('No art. 1º da Lei A, acrescenta-se à redação dada ao art. 17
    # da Lei B' quoting '§ 3º') it is one unit of one of them: a person decides which
    shared = {i for i, keys in fits.items() if len({tuple(named_of[k]) for k in keys}) == 1}
    undecided = {k for i, keys in fits.items() if i not in shared for k in keys}
    """Norms a quoted unit may be of: what they miss is said by the ambiguity."""
    for ref, cits in groups.values():
        start = len(ctx.rec.problems)
        t = _target(ctx, ref, d)
        _note_target(ctx, t, d)
        named = named_of[ref.key]
        covered: set[str] = set()
        roles = _roles(text, cits, named)
        for i, u in enumerate(units):
            if i in shared and ref.key in fits[i]:
                _unit_ops(ctx, d, kind, phrases.is_generic(text), t, anchor(u, named)[0], u, named, covered, roles)
        for n in ([] if ref.key in undecided else named):
            if not _brought(n, covered):
                ctx.rec.problems.append(Problem(
                    "alvo-sem-texto", f"{n} da {t.label} é citado pela instrução mas não aparece no texto entre aspas",
                    text, _line(d), _where(d)))
        if _known(t):
            _scope(ctx, start, [t])
    for i, u in enumerate(units):
        if i not in shared:
            which = "de mais de um" if i in fits else "de nenhum"
            ctx.rec.problems.append(Problem(
                "alvo-ambiguo", f"o texto entre aspas de {u.rotulo or _rotulo(u) or u.kind} pode ser {which} dos "
                "dispositivos que a instrução cita, de normas diferentes: decida a que norma pertence",
                text, u.line or _line(d), _where(d)))
    return True


_COPY = re.compile(vocabulary.pattern_of("copia"), re.IGNORECASE)


def _copy(ctx: _Ctx, d: Dispositivo, disp: list[Citation], t: _Target) -> bool:
    """'Acrescente-se à Lei nº 100/2001 o art. 5º com a redação do atual art. 4º': an inclusion
    whose wording is another unit's of the same norm, as it stands before this act (see
    ``Operation.copy_of``). Only the plain form: two units, the new one then the copied one,
    joined by the copy wording alone, of the same kind, the second of no other norm; citations
    before them can only name the place of the new unit ('Acrescente-se ao art. 2º o § 3º com a
    redação do atual § 2º'). Anything else stays without new text (``sem-texto-novo``)."""
    if len(disp) < 2:
        return False
    full = _named_by_citation(disp)
    new, source = disp[-2:]
    if len(full[-2]) != 1 or len(full[-1]) != 1:
        return False
    m = _COPY.search(d.text, new.end)
    if m is None or m.end() != source.start or d.text[new.end:m.start()].strip(" ,"):
        return False
    if source.act is not None and (new.act is None or source.act.key != new.act.key):
        return False
    new_id, source_id = full[-2][0], full[-1][0]
    if id_kind(new_id) != id_kind(source_id) or new_id == source_id:
        return False
    if any(n not in ancestors(new_id) and n + "_cpt" not in new_id for ids in full[:-2] for n in ids):
        return False  # an earlier citation that is not the new unit's place
    ctx.rec.operations.append(_op(ctx, d, t, "inclusao", new_id, unit_kind=id_kind(new_id),
                                  rotulo=_rotulo_of_id(new_id), copy_of=source_id))
    return True


def _headings(ctx: _Ctx, d: Dispositivo, kind: str, t: _Target, blocks) -> int:
    """Agrupador headings quoted in the blocks ('“CAPÍTULO IV / DAS FEIRAS NOTURNAS'): each is
    an operation on the agrupador of that kind and number (its name), never text of a
    dispositivo. The applier renames it, keeps it when the name is the same, and refuses what
    it cannot place (a new agrupador, or one that does not hold the articles quoted under it).
    A heading the reader saw but whose number is not legible stays a problem."""
    heads = [h for b in blocks for h in quoted_headings(b)]
    for h in heads:
        ctx.rec.operations.append(_op(
            ctx, d, t, "inclusao" if kind == "inclusao" else "redacao", h.id, unit_kind=h.kind,
            rotulo=h.rotulo, text=h.nome, holds=h.first_article,
            lenient=kind == "redacao" and phrases.is_generic(d.text)))
    seen = {h.id for h in heads}
    unread = [a for b in blocks for a in agrupadores_in(b) if not any(a.id.endswith(i) for i in seen)]
    if unread:
        names = ", ".join(a.rotulo or a.nome or a.id for a in unread)
        ctx.rec.problems.append(Problem(
            "agrupador-citado", f"o texto entre aspas traz agrupadores sem número legível ({names}): "
            "decida a que título, capítulo ou seção se referem", d.text, _line(d), _where(d)))
    return len(heads)


def _brought(n: str, covered: set[str]) -> bool:
    """Whether the quoted text brings the named unit ``n`` (itself, units inside it, an artigo
    for its caput, or the unit in another place the quoted labels settle)."""
    return (n in covered or any(c.startswith(n + "_") for c in covered)
            or (n.endswith("_cpt") and n[:-4] in covered) or _placed_elsewhere(n, covered))


def _placed_elsewhere(n: str, covered: set[str]) -> bool:
    """'os incisos IV e V, e o parágrafo único do art. 1º' reads as incisos of the parágrafo
    único, but the quoted text puts 'IV -' and 'V -' under the caput: the unit named is there,
    in the same artigo, one level up (the quoted labels settle the attachment). A parágrafo
    único named and quoted as '§ 1º' is there too (it becomes the § 1º)."""
    parts = n.split("_")
    if len(parts) == 2 and parts[1] == "par1u":
        return f"{parts[0]}_par1" in covered  # named, and quoted as the § 1º it becomes
    if len(parts) < 3:
        return False
    art, last = parts[0], parts[-1]
    return any(c.split("_")[0] == art and c.split("_")[-1] == last and len(c.split("_")) <= len(parts)
               for c in covered)


_CONTEXT_DISP = re.compile(
    r"(?:\bque\s+(?:regulament|disciplin|trat)\w*|\b(?:alterad|modificad|regulamentad|acrescentad|"
    r"inclu[íi]d)[oa]s?\s+pel[oa]s?|\bprevist[oa]s?\s+n[oa]s?|\bde\s+que\s+trata[m]?)(?:\s+(?:o|a|os|as))?\s*$",
    re.IGNORECASE)
"""Words before a cited dispositivo that make it context ('… do art. 9º da Lei X, que regulamenta
o art. 100 da Lei Orgânica', '… alterado pelo art. 6º da Lei Y'), not a unit the instruction changes."""


def _without_context(text: str, disp: list[Citation]) -> list[Citation]:
    """The cited dispositivos the instruction changes: a dispositivo of another act cited as
    context of the first one is left out (it is neither a target nor missing from the quotes)."""
    if len(disp) < 2 or disp[0].act is None:
        return disp
    first = disp[0].act.key
    return [disp[0]] + [c for c in disp[1:] if not (
        c.act is not None and c.act.key != first and _CONTEXT_DISP.search(text[max(0, c.start - 60):c.start]))]


_THROUGH = re.compile(r"^\s*,?\s*(?:que|o\s+qual|a\s+qual)\s+(?:altera|alterou|modifica|modificou|deu\s+nova\s+reda[çc][ãa]o\s+a[o]?|"
                      r"acrescent(?:a|ou)|acresce|incluiu|inclui)\b"
                      r"|^\s*,\s*dando-se\s+(?:a[o]?s?|à)\s", re.IGNORECASE)
"""', que altera' (the act B names A's unit it amended), or ', dando-se ao' ('Fica alterado o art.
1º da Lei B, dando-se ao caput do art. 9º da Lei A a seguinte redação')."""


def _through_amending_act(ctx: _Ctx, d: Dispositivo, disp: list[Citation], acts: list[Citation]):
    """'O art. 1º da Lei B, que altera o art. 2º da Lei A, passa a ter a seguinte redação': an
    act that amends an amending act. The quoted text is the wording of A's art. 2º as B gave it,
    so the instruction is applied to A, and a notice says so (``alteracao-de-ato-alterador``)."""
    if len(disp) < 2 or disp[0].act is None or disp[1].act is None:
        return disp, acts
    between = d.text[disp[0].end:disp[1].start]
    if not _THROUGH.match(between):
        return disp, acts
    b, a = disp[0], disp[1]
    ctx.rec.problems.append(Problem(
        "alteracao-de-ato-alterador",
        f"a instrução altera {', '.join(b.ids)} da {b.act.label()}, que alterou {', '.join(a.ids)} da "
        f"{a.act.label()}: aplicada como alteração da {a.act.label()}, cujo histórico mostra a redação dada "
        f"pela {b.act.label()} e a nova", d.text, _line(d), _where(d), blocking=False))
    return [c for c in disp if c is not b], [c for c in acts if c.act is None or c.act.key != b.act.key]


def _unlabelled(ctx, d, kind, t, blocks, named, covered, skip: Alteracao | None = None) -> None:
    """A quoted block that opens without a label ('“Fica o Poder Executivo autorizado …”') is the
    wording of the one unit the instruction names ('O caput do art. 5º passa a viger …'). The
    text ``skip`` opens with is the ementa's (``_ementa``)."""
    if len(named) != 1:
        return
    for b in blocks:
        lead = leading_text(b) if b is not skip else None
        if lead is None or phrases.is_omissis(lead[0]):
            continue
        target = named[0][:-4] if named[0].endswith("_cpt") else named[0]
        if any(anchor(u, named)[0] == target for u in block_units(b) if u.kind != "omissis"):
            # the unit named is quoted with its label after this text ('O preâmbulo e o art. 1º
            # … passam a ter a seguinte redação: "…" / "Art. 1º …"): the text is something else's
            ctx.rec.problems.append(Problem(
                "alvo-sem-dispositivo", f"o texto entre aspas sem rótulo '{lead[0][:80]}' vem antes do "
                f"{_rotulo_of_id(target)} citado, que traz o seu próprio texto: não é de dispositivo citado "
                "pela instrução (ementa, preâmbulo?); aplique à mão ou registre a decisão",
                d.text, lead[1] or _line(d), _where(d)))
            return
        op_kind = "revogacao" if kind == "revogacao" or phrases.is_revoked_marker(lead[0]) else kind
        wording = _lead_wording(ctx, d, lead, target)
        if wording is None:
            covered.add(named[0])  # its doubt is said: not also 'alvo-sem-texto'
            return
        ctx.rec.operations.append(_op(ctx, d, t, op_kind, target, unit_kind=id_kind(target),
                                      rotulo=_rotulo_of_id(target),
                                      text=None if op_kind == "revogacao" else wording,
                                      lenient=kind == "redacao" and phrases.is_generic(d.text)))
        covered.add(named[0])
        return


def _lead_wording(ctx: _Ctx, d: Dispositivo, lead: tuple[str, int | None], target: str) -> str | None:
    """The wording of an unlabelled quoted text for the unit ``target``: without the unit's own
    label printed in another form ('c - que …' for the alínea c, '2º Nos …' for the § 2º,
    ``shapes.own_label``); None, with a problem, when it opens with another unit's label."""
    wording, other = shapes.own_label(lead[0], target)
    if other is None:
        return wording
    ctx.rec.problems.append(Problem(
        "alvo-ambiguo", f"a instrução cita {_rotulo_of_id(target)}, mas o texto entre aspas começa com '{other}': "
        "decida a que dispositivo ele se refere", d.text, lead[1] or _line(d), _where(d)))
    return None


def _quoted_shapes(ctx: _Ctx, d: Dispositivo, t: _Target, units: list[QuotedUnit],
                   named: list[str]) -> tuple[list[QuotedUnit], set[str], bool]:
    """Quoted units that are not wording of the target's units (``amendments/shapes.py``):
    (the units to read, ids of units whose new wording was vetoed, stop). An instruction whose
    object is an annex quotes the annex's own articles: a person applies it (stop). An article
    quoted as 'Art. 8º Parágrafo Único - suprime-se.' revokes that unit of it; any other
    instruction printed inside the quotes is a problem and its unit is not read. A unit quoted as
    'VETADO' keeps the wording in force: read as a line of dots (nothing of it applied, nothing
    revoked by its absence), with a notice."""
    text = d.text
    vetoed: set[str] = set()
    """Ids the quotes bring that get no wording from them (vetoed, or read as a suppression)."""
    if not named and any(u.kind == "artigo" for u in units) and shapes.names_annex(text):
        ctx.rec.problems.append(Problem(
            "alvo-sem-dispositivo", "a instrução dá nova redação a um anexo, tabela ou quadro da norma, e os artigos "
            "entre aspas são os do anexo, não os da norma: aplique à mão ou registre a decisão",
            text, _line(d), _where(d)))
        return units, set(), True
    drop: set[int] = set()
    for u in units:
        gone = (shapes.suppressed_child(u.text) if u.kind == "artigo" and u.number is not None and not u.children
                else None)
        if gone is not None:
            drop.add(id(u))
            full = f"{child_id(None, u)}_{gone}"
            ctx.rec.operations.append(_op(ctx, d, t, "revogacao", full, unit_kind=id_kind(full),
                                          rotulo=_rotulo_of_id(full)))
            vetoed.add(child_id(None, u))  # brought by the quote: not 'alvo-sem-texto'
            vetoed.add(full)
    for u in shapes.walk(units):
        if id(u) in drop:
            continue
        # ('Art. 3º ... Acrescenta-se:' opens with dots: its wording stays, the rest is a note —
        # 'redacao-parcial' in _unit_ops)
        verb = None if u.omissis or _OPENS_WITH_DOTS.match(u.text) else shapes.instruction_inside(u.text)
        if verb is not None:
            drop.add(id(u))
            ctx.rec.problems.append(Problem(
                "instrucao-entre-aspas", f"o texto entre aspas de {u.rotulo or _rotulo(u) or u.kind} traz uma "
                f"instrução ('{verb}'), não a redação do dispositivo: '{u.text[:120]}'; aplique à mão ou registre a "
                "decisão", text, u.line or _line(d), _where(d)))
    units = shapes.without(units, lambda u: id(u) in drop)

    def veto(u: QuotedUnit, full: str | None) -> QuotedUnit:
        if full is not None and not u.omissis and shapes.is_vetoed(u.text):
            vetoed.add(full)
            ctx.rec.problems.append(Problem(
                "dispositivo-vetado", f"a nova redação de {_rotulo_of_id(full)} foi vetada ('{u.text.strip()}'): "
                "dispositivo vetado não entra em vigor, a redação em vigor fica", text, u.line or _line(d),
                _where(d), blocking=False))
            return replace(u, kind="omissis", number=None, text="...", children=[])
        kids = [veto(c, child_id(full, c) if full is not None and (c.number is not None or c.unico) else None)
                for c in u.children]
        return replace(u, children=kids) if u.children else u

    units = [veto(u, anchor(u, named)[0] if u.kind != "omissis" else None) for u in units]
    return units, vetoed, False


def _names_ementa(text: str, kind: str) -> bool:
    """The instruction gives the norm's ementa a new wording ('Dê-se à Ementa da Lei nº …')."""
    return kind == "redacao" and bool(phrases.EMENTA_OBJECT.search(text) or phrases.PREAMBULO_OBJECT.search(text))


_CLOSING_QUOTE = re.compile(r"[\"”]\s*[.;,]?\s*$")


def _ementa(ctx: _Ctx, d: Dispositivo, kind: str, t: _Target, blocks) -> tuple[Alteracao | None, bool]:
    """An instruction that gives the norm's ementa a new wording: the unlabelled text the first
    quoted block opens with (before any labelled unit: 'A ementa e o art. 1º da Lei … passam a
    ter a seguinte redação: “Dispõe sobre …” / “Art. 1º …”') is an operation on the ementa
    (``target_id`` ``EMENTA``); the labelled units that follow are the instruction's other
    operations. An instruction that says 'preâmbulo' (in LC 95 the enacting formula) is read as
    changing the ementa only when the quoted text is not an enacting formula, with a notice;
    otherwise a person decides. Returns the block whose opening text was read, and whether the
    instruction was about the ementa (an operation or a problem was reported)."""
    text = d.text
    if kind != "redacao":
        return None, False
    by_ementa = bool(phrases.EMENTA_OBJECT.search(text))
    if not by_ementa and not phrases.PREAMBULO_OBJECT.search(text):
        return None, False
    what = "a ementa" if by_ementa else "o preâmbulo"
    first = blocks[0]
    lead = leading_text(first)
    wording = phrases.clean_text(_CLOSING_QUOTE.sub("", lead[0])) if lead else ""
    line = (lead[1] if lead else None) or _line(d)
    if not wording:
        ctx.rec.problems.append(Problem(
            "alvo-sem-texto", f"a instrução dá nova redação a {what} da norma, mas o texto entre aspas abre com um "
            "dispositivo rotulado, não com o texto da ementa: decida o que ela altera", text, _line(d), _where(d)))
        return None, True
    if not by_ementa:
        if phrases.ENACTING_FORMULA.search(wording):
            ctx.rec.problems.append(Problem(
                "alteracao-de-preambulo", f"a instrução dá nova redação ao preâmbulo (fórmula de promulgação) da "
                f"norma ('{wording[:80]}'), que não tem versões: aplique à mão ou registre a decisão",
                text, line, _where(d)))
            return first, True
        ctx.rec.problems.append(Problem(
            "ementa-pelo-preambulo", f"a instrução diz 'preâmbulo', mas o texto entre aspas ('{wording[:80]}') não é "
            "fórmula de promulgação (autoria, 'faz saber', 'decreta', 'sanciona'): lido como nova redação da ementa",
            text, line, _where(d), blocking=False))
    ctx.rec.operations.append(_op(ctx, d, t, "redacao", EMENTA, unit_kind=EMENTA, text=wording))
    return first, True


_CONTINUES = re.compile(r"\b(?:supracitad|referid|mesm|aludid|citad|retromencionad)[oa]s?\s+(?:artigo|art\.)"
                        r"|\b(?:artigo|art\.)\s+(?:supracitad|referid|aludid|citad)", re.IGNORECASE)
"""'do supracitado artigo', 'do mesmo artigo': the artigo of the previous instruction."""


def _articles_of(disp: list[Citation]) -> list[str]:
    return list(dict.fromkeys(i.split("_")[0] for c in disp for i in c.ids if i.startswith("art")))


def _named_ids(disp: list[Citation], previous_article: str | None = None) -> list[str]:
    """Ids the instruction names; a chain without its article ('acrescido do seguinte § 3º')
    takes the article of the instruction's other citations when there is exactly one, else
    the article of the previous instruction ('do supracitado artigo')."""
    return list(dict.fromkeys(i for ids in _named_by_citation(disp, previous_article) for i in ids))


def _named_by_citation(disp: list[Citation], previous_article: str | None = None) -> list[list[str]]:
    """:func:`_named_ids`, citation by citation."""
    complete = list(dict.fromkeys(i for c in disp for i in c.ids if i.startswith("art")))
    articles = {i.split("_")[0] for i in complete}
    if not articles and previous_article:
        articles = {previous_article}
    out: list[list[str]] = []
    for c in disp:
        ids = []
        for i in c.ids:
            if i.startswith("art"):
                pass
            elif len(complete) == 1 and _can_hold(complete[0], i):
                i = _join(complete[0], i)  # 'ao § 7º do art. 307 … os incisos I e II'
            elif len(articles) == 1:
                i = _join(next(iter(articles)), i)  # 'o caput do artigo 2º e os incisos II e IX'
            ids.append(i)
        out.append(ids)
    return out


def _join(parent: str, rel: str) -> str:
    first = rel.split("_")[0][:3]
    if id_kind(parent) == "artigo" and "_" not in parent:
        return f"{parent}_cpt_{rel}" if first in ("inc", "ali") else f"{parent}_{rel}"
    return f"{parent}_{rel}"


def _can_hold(parent: str, rel: str) -> bool:
    """True when a unit of ``rel``'s kind can sit directly in ``parent`` (a § holds incisos)."""
    kind = id_kind(rel.split("_")[0])
    return id_kind(parent) != "artigo" and id_kind(parent) in PARENT_KINDS.get(kind, ())


def _default_target(ctx: _Ctx, disp: list[Citation], acts: list[Citation], d) -> _Target | None:
    ref = next((c.act for c in disp if c.act is not None), None)
    if ref is None and acts:
        ref = acts[0].act
    for where in ([ctx.norma.ementa or ""], ctx.norma.preambulo):
        if ref is not None:
            break
        found = [c.act for t in where for c in find_acts(t) if not _is_context(t, c)]
        if len({(a.key, a.nome) for a in found}) == 1:
            ref = found[0]
    if ref is None and ctx.last_target is not None and disp and _CONTINUES.search(d.text):
        ctx.instruction_targets.append(ctx.last_target)
        return ctx.last_target  # 'Dê-se ao parágrafo único do supracitado artigo'
    if ref is None and ctx.base is not None and (disp or acts or phrases.classify(d.text) != "revogacao"):
        t = _base_target(ctx, d, "a instrução não diz qual norma altera (nem a ementa, nem o preâmbulo)")
        _note_target(ctx, t, d)
        return t
    if ref is None:
        if disp or acts or phrases.classify(d.text) != "revogacao":
            ctx.rec.problems.append(Problem(
                "norma-alvo-nao-identificada", "a instrução não diz qual norma altera",
                d.text, _line(d), _where(d)))
        return None
    t = _target(ctx, ref, d)
    _note_target(ctx, t, d)
    return t


def _note_target(ctx: _Ctx, t: _Target, d: Dispositivo) -> None:
    ctx.targets_seen.add(t.urn)
    ctx.instruction_targets.append(t)
    if not t.in_corpus and t.urn not in ctx.out_of_corpus_reported:
        ctx.out_of_corpus_reported.add(t.urn)
        ctx.rec.problems.append(Problem(
            "alvo-fora-do-acervo", f"alvo fora do acervo: {t.label} ({t.urn})",
            d.text, _line(d), _where(d), blocking=False))


def _op(ctx: _Ctx, d: Dispositivo, t: _Target, kind: str, target_id: str | None, **kw) -> Operation:
    return Operation(kind=kind, target_urn=t.urn, target_label=t.label, target_id=target_id,
                     source=d.text, line=_line(d), where=_where(d), in_corpus=t.in_corpus,
                     target_act=t.ref, **kw)


def _relation(i: str, named: list[str]) -> str:
    if i in named:
        return "named"
    if any(i.startswith(n + "_") for n in named):
        return "inside"
    if any(n.startswith(i + "_") for n in named):
        return "ancestor"
    return "other"


_ADD_ROLE = re.compile(
    r"\b(?:acrescid|acrescentad|inclu[íi]d|inserid)[oa]s?\b(?!\s+(?:pel[oa]s?|por)\b)|\bacrescent\w*\s*[-‐–]\s*se\b"
    r"|\bacres[çc]\w*\s*[-‐–]\s*se\b|\binclu[ai]m?\s*[-‐–]\s*se\b|\binclus[ãa]o\b|\bacr[ée]scimo|\bacrescentando\b",
    re.IGNORECASE)
_ALTER_ROLE = re.compile(
    r"\b(?:alterad|modificad)[oa]s?\b(?!\s+(?:pel[oa]s?|por)\b)|\baltera[çc](?:[ãa]o|[õo]es)\b"
    r"|\bmodifica[çc](?:[ãa]o|[õo]es)\b|\bnova\s+reda[çc][ãa]o\b|\breda[çc](?:[ãa]o|[õo]es)\s+d[oa]s?\b"
    r"|\bd[êe]\s*[-‐–]\s*se\b", re.IGNORECASE)
"""The verbs of a mixed instruction ('passa a vigorar com alterações nos incisos I e II, e
acrescido dos incisos III a VI'): each cited unit takes the verb written before it. Words of
context ('acrescido pela Lei nº …') are not verbs of the instruction."""


def _roles(text: str, disp: list[Citation], named: list[str]) -> dict[str, str]:
    """For an instruction that both changes and adds ('Ficam alteradas as redações dos arts.
    163, acrescido do inciso VI, e 166'): named id → 'redacao' or 'inclusao', from the verb
    nearest before its citation. A citation preceded by verbs of both kinds since the previous
    one ('Fica alterado e acrescido o art. 10') gets none. Empty when the instruction has verbs
    of one kind only."""
    adds = [(m.end(), "inclusao") for m in _ADD_ROLE.finditer(text)]
    alters = [(m.end(), "redacao") for m in _ALTER_ROLE.finditer(text)]
    if not adds or not alters:
        return {}
    verbs = sorted(adds + alters)
    roles: dict[str, str] = {}
    previous_end = 0
    for c in disp:
        own = {role for end, role in verbs if previous_end < end <= c.start}
        before = [role for end, role in verbs if end <= c.start]
        previous_end = max(previous_end, c.end)
        if len(own) > 1 or not before:
            continue  # 'Fica alterado e acrescido o art. 10': both verbs for one unit, no split
        for i in c.ids:
            for n in named:
                if n == i or n.endswith("_" + i):
                    roles[n] = before[-1]
    return roles


def _role_of(full: str, roles: dict[str, str]) -> str | None:
    """The verb of ``full`` in a mixed instruction: its own, else its nearest named ancestor's."""
    if full in roles:
        return roles[full]
    holders = [n for n in roles if full.startswith(n + "_")]
    return roles[max(holders, key=len)] if holders else None


_SET_NAMED = re.compile(r"\b(?:os|as)\s+(par[áa]grafos|incisos|al[íi]neas|itens)\s+d[oa]s?\s*$", re.IGNORECASE)
_SET_REPLACED = re.compile(
    r"\bfica(?:m)?\s+(?:revogad|substitu[íi]d|suprimid)[oa]s\b[^.;:]{0,60}?\b(?:passando\s+a|pel[oa]s\s+seguintes)",
    re.IGNORECASE)
_SET_KIND = {"par": "paragrafo", "inc": "inciso", "alí": "alinea", "ali": "alinea", "ite": "item"}
"""'Os parágrafos do art. 11 … ficam revogados, passando a apresentar a seguinte redação' (or
'ficam substituídos pelos seguintes'): the whole set is replaced by the quoted one."""


def _set_replacement(text: str) -> str | None:
    """The kind of the set an instruction replaces whole, else None."""
    if not _SET_REPLACED.search(text):
        return None
    first = next((c for c in find(text) if c.ids and not c.proprio), None)
    m = _SET_NAMED.search(text[: first.start]) if first is not None else None
    return _SET_KIND.get(m.group(1)[:3].lower()) if m else None


def _replaced_set(ctx, d, t, named, units) -> None:
    """After the quoted units of a set replaced whole took their place (new wording or
    inclusion), the units of that set the quoted text does not bring are revoked."""
    kind = _set_replacement(d.text)
    if kind is None or len(named) != 1:
        return
    keep = tuple(child_id(named[0], u) for u in units if u.kind == kind and (u.number is not None or u.unico))
    if keep:
        ctx.rec.operations.append(_op(ctx, d, t, "revogacao", keep[0].rsplit("_", 1)[0], unit_kind=kind, keep=keep))


def _complete_lists(full: str, u: QuotedUnit, whole: bool) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The lists of a unit given new wording that its quoted text brings whole: its units of a
    kind with no omissis line among them (Decreto 9.191/2017 art. 15: the line of dots is what
    keeps the units not rewritten), as (kind, ids brought); the applier revokes the units of
    that kind the base has there and the quote does not bring ('VI - exercer outras atividades
    correlatas.' ending the list where the base went on to VII). A list that does not start at
    its first unit ('§ 2º …' quoted alone) or has a unit quoted as '...' is a partial quote.
    With ``whole`` (a set replaced whole), every kind: ('', ids)."""
    kids = [c for c in u.children if c.number is not None or c.unico or c.kind == "omissis"]
    if any(c.omissis for c in kids) or (not kids and not whole):
        return ()  # a line of dots, or a unit quoted as '...': the drafter quotes what changes
    if whole:
        return (("", tuple(child_id(full, c) for c in kids)),)
    out = []
    for k in dict.fromkeys(c.kind for c in kids):
        of_kind = [c for c in kids if c.kind == k]
        first = of_kind[0]
        if first.unico or (first.number is not None and first.number.value == 1 and not first.number.suffixes):
            out.append((k, tuple(child_id(full, c) for c in of_kind)))
        # a list quoted from its middle ('§ 2º …' alone) shows the units that change, not the list
    return tuple(out)


_OPENS_WITH_DOTS = re.compile(r"^\s*(?:\.{2,}|…)[\s.…]*(?P<rest>\S.*)$", re.DOTALL)
"""A quoted unit whose text opens with a line of dots and goes on ('Art. 24 ... Acrescenta-se:'):
its wording is left out (unchanged); what follows the dots is the drafter's note."""


def _unit_ops(ctx, d, kind, generic, t, full, u: QuotedUnit, named, covered, roles=None) -> None:
    rel = _relation(full, named)
    role = _role_of(full, roles) if roles else None
    dots = None if u.omissis else _OPENS_WITH_DOTS.match(u.text)
    if dots is not None:
        ctx.rec.problems.append(Problem(
            "redacao-parcial", f"o texto entre aspas de {full} começa com pontos e segue com “{dots.group('rest')}”: "
            "a redação do dispositivo fica como está e o que segue os pontos é lido como nota; confira",
            d.text, u.line or _line(d), _where(d), blocking=False))
        covered.add(full)
        u = replace(u, text="...")
    whole = kind in ("revogacao", "redacao") and _set_replacement(d.text) is not None
    if whole:
        kind, generic = "redacao", True  # the set replaced whole: each quoted unit takes its place
    if not u.omissis:
        covered.add(full)
        rotulo = u.rotulo or _rotulo(u)
        container = False
        if phrases.is_revoked_marker(u.text):
            ctx.rec.operations.append(_op(ctx, d, t, "revogacao", full, unit_kind=u.kind, rotulo=rotulo))
        else:
            op_kind, lenient = kind, generic
            if kind != "revogacao" and role is not None:
                # a mixed instruction: the unit named after 'alterações' takes new wording, the
                # one named after 'acrescido' is included; what is quoted inside a unit changed
                # is new wording if it exists, else included
                op_kind = role
                lenient = generic or (role == "redacao" and rel == "inside")
            elif kind == "inclusao" and _is_container(full, u, rel, named):
                # the unit the inclusion goes into, quoted around the new ones ('Acrescentem-se
                # ao inciso I … as alíneas g e h' quoting 'I - Para o Professor:'): its text is
                # context, or new wording when it differs (checked against the base)
                op_kind, lenient, container = "redacao", rel == "inside", True
            elif kind == "inclusao" and rel in ("ancestor", "other"):
                op_kind, lenient = "redacao", True
            elif kind == "revogacao":
                op_kind = "revogacao"
            elif rel in ("other", "inside"):
                # a unit quoted inside the one named ('o art. 5º passa a vigorar com a seguinte
                # redação' quoting a new § 3º): new wording if it exists, else included
                lenient = True
            implicit = (u.kind == "paragrafo" and not u.unico and op_kind != "revogacao"
                        and (not _MENTIONS_UNICO.search(d.text) or _unico_becomes_first(d.text, full, u, covered)))
            lists: tuple[tuple[str, tuple[str, ...]], ...] = ()
            if op_kind == "redacao" and (whole or (
                    kind == "redacao" and not generic and role is None and rel in ("named", "inside", "other")
                    and not any(n.startswith(full + "_") for n in named))):
                # (an instruction that names the units inside — 'aos incisos I e II e suas
                # respectivas alíneas a, b e c' — changes those only)
                lists = _complete_lists(full, u, whole)
            ctx.rec.operations.append(_op(ctx, d, t, op_kind, full, unit_kind=u.kind, rotulo=rotulo,
                                          text=u.text if op_kind != "revogacao" else None,
                                          lenient=lenient, implicit_renumbering=implicit,
                                          container=container, complete=lists))
    for c in u.children:
        if c.kind == "omissis" or (c.number is None and not c.unico):
            continue
        _unit_ops(ctx, d, kind, generic, t, child_id(full, c), c, named, covered, roles)


def _is_container(full: str, u: QuotedUnit, rel: str, named: list[str]) -> bool:
    """In an inclusion, a quoted unit that only locates the new ones: the unit named as the
    place ('ao inciso I'), one the named place is inside of, or a unit quoted with new units
    under it that the instruction does not name ('Acrescente-se ao art. 5º, nos respectivos
    incisos, as seguintes alíneas' quoting 'I - …' with its new alínea)."""
    if rel == "named":
        return any(n.startswith(full + "_") for n in named)
    if rel == "ancestor":
        return True
    return rel == "inside" and any(not c.omissis for c in u.children)


_MENTIONS_UNICO = re.compile(r"par[áa]grafo\s+[úu]nico", re.IGNORECASE)


def _unico_becomes_first(text: str, full: str, u: QuotedUnit, covered: set[str]) -> bool:
    """'Dê-se o nº 1 ao parágrafo único do art. 2º, modificando-lhe a redação como a seguir, e
    acrescente-se-lhe o § 2º' quoting '§ 1º …' and '§ 2º …': the instruction names the
    parágrafo único and the quote brings a § 1º of that artigo in its place — it becomes the
    § 1º (LC 95/1998, art. 12, III, c), unless the instruction revokes it."""
    art = full.split("_")[0]
    return (not phrases.REVOGACAO.search(text) and f"{art}_par1u" not in covered
            and (u.number is not None and u.number.value == 1 and not u.number.suffixes or f"{art}_par1" in covered))


def _rotulo(u: QuotedUnit) -> str | None:
    try:
        return label_for(u.kind, u.number, unico=u.unico)
    except ValueError:
        return None


def _revocation(ctx, d, disp, acts, default) -> None:
    for c in disp:
        t = _target(ctx, c.act) if c.act else default
        if t is None:
            continue
        _note_target(ctx, t, d)
        for i in c.ids:
            ctx.rec.operations.append(_op(ctx, d, t, "revogacao", i, in_list=len(c.ids) > 1))
    covered = {(c.start, c.end) for c in disp}
    for c in acts:
        if any(s <= c.start < e for s, e in covered):
            continue
        if _PART_OF.search(d.text[:c.start]):
            # 'os artigos 217 a 287 da Lei …', 'em razão da vigência da Lei …': never the whole act
            cited = _target(ctx, c.act)
            ctx.rec.problems.append(Problem(
                "alvo-ambiguo", f"a revogação cita {c.act.label()} depois de 'da'/'do' (parte da norma, ou "
                "outro contexto), não como ato revogado: decida o que é revogado", d.text, _line(d), _where(d),
                target_urn=cited.urn if _known(cited) else None))
            continue
        t = _target(ctx, c.act)
        _note_target(ctx, t, d)
        ctx.rec.operations.append(_op(ctx, d, t, "revogacao_total", None))


_PART_OF = re.compile(r"(?<![,;])\s(?!(?:e|ou)\s)[^\s,;]+\s+(?:d[oa]s?|n[oa]s?)\s+$", re.IGNORECASE)
"""'os artigos 217 a 287 da Lei …', 'o disposto na Lei …', 'em razão da vigência da Lei …': the act
named as the norm of something, not revoked as a whole ('…, e do Decreto nº 4.213' in a list of
acts revoked is one of them)."""


_BARE_NUMBER = re.compile(r"\bpassa(?:m|r[áa]|r[ãa]o)?\s+a\s+ser\s+(?:o|a)\s+(\d{1,3})\s*[º°]\s*[.;,]?\s*$", re.I)


def _renumbering(ctx, d, disp, default) -> None:
    text = d.text
    bare = _BARE_NUMBER.search(text)
    if bare and len(disp) == 1 and len(disp[0].ids) == 1 and default is not None:
        # 'o parágrafo único do art. 1º passa a ser o 2º': same kind, the number given
        old = disp[0].ids[0]
        head, _, last = old.rpartition("_")
        prefix = re.match(r"[a-z]+", last).group(0)
        new = f"{head}_{prefix}{int(bare.group(1))}" if head else f"{prefix}{int(bare.group(1))}"
        ctx.rec.operations.append(_op(ctx, d, default, "renumeracao", old, new_id=new,
                                      new_rotulo=_rotulo_of_id(new)))
        return
    rest = text[disp[0].end:] if disp else ""
    pivot = (re.search(r"\bpassa(?:m|r[áa]|r[ãa]o)?\s+(?:a\s+)?ser\b", rest)
             or re.search(r"\b(?:como|para)\b", rest))
    # the new number is the first unit cited after the pivot: a citation between the old unit
    # and the pivot is context ('… introduzido pela Lei X (que acrescenta o inciso XXV ao art.
    # 183) passa a ser inciso XXXII')
    dest = next((c for c in disp[1:] if pivot is not None and c.start >= disp[0].end + pivot.start()), None)
    if default is None or dest is None:
        ctx.rec.problems.append(Problem("alvo-ambiguo", "renumeração sem origem e destino claros",
                                        text, _line(d), _where(d)))
        return
    old = disp[0].ids
    new = dest.ids
    if len(old) != len(new):
        ctx.rec.problems.append(Problem("alvo-ambiguo", "renumeração com listas de tamanhos diferentes",
                                        text, _line(d), _where(d)))
        return
    art = ancestors(old[0])[-1] if ancestors(old[0]) else old[0]
    if any(id_kind(o) != id_kind(n) for o, n in zip(old, new)):
        # 'O Parágrafo Único do artigo 6º passa ser o art. 7º': a unit that becomes another kind
        ctx.rec.problems.append(Problem(
            "alvo-ambiguo", f"a renumeração faz de {', '.join(old)} um dispositivo de outro tipo ({', '.join(new)}): "
            "decida como o texto fica", text, _line(d), _where(d)))
        return
    for o, n in zip(old, new):
        if dest.incompleto:
            n = _join(art, n)
        ctx.rec.operations.append(_op(ctx, d, default, "renumeracao", o, new_id=n,
                                      new_rotulo=_rotulo_of_id(n)))


def _rotulo_of_id(i: str) -> str | None:
    try:
        lid = LexId.parse(i)
        return label_for(lid.kind, lid.number, unico=lid.is_unico)
    except (ValueError, KeyError):
        return None


# --- the ementa ------------------------------------------------------------------------------

def _check_ementa(ctx: _Ctx) -> None:
    """The ementa names the norms the act amends; an article that amends another one may carry
    a misprinted number ('altera a Lei nº 2.704' in the ementa, 'art. 3º da Lei nº 2.706' in the
    article): reported, once per norm the ementa does not name (``ementa-divergente``, scoped
    to that norm). Not a divergence:

    - a federal or state act the ementa cites ('em obediência à Lei Complementar Federal nº
      157'): an ementa that names no municipal act is not compared;
    - a norm the articles amend 'alterado pela' the act the ementa names (ementa 'Altera a Lei
      nº B', article 'O art. 1º da Lei nº A, alterado pela Lei nº B, passa …'): the ementa
      named the last act that gave the wording.

    A norm the ementa names only by its name ('Código Tributário Municipal') is compared when
    the resolver knows it (an acervo's aliases, or the BASE of the command line); otherwise it
    cannot confirm or contradict the numbers the articles print, and counts as not named."""
    ementa = ctx.norma.ementa or ""
    # a norm the ementa names only by name, that the resolver does not know ('altera o Código
    # Tributário'), says nothing about the numbers the articles print: as if not named
    named = [c.act for c in find_acts(ementa) if c.act is not None and _known(_target(ctx, c.act))]
    if not any(not _other_sphere(ctx, a) for a in named) or not ctx.targets_seen:
        return
    named_urns = {_target(ctx, a).urn for a in named}
    named_keys = {(a.tipo, a.numero) for a in named}
    stray: dict[str, Operation] = {}
    for op in ctx.rec.operations:
        key = (op.target_act.tipo, op.target_act.numero) if op.target_act else None
        if op.target_urn in named_urns or key in named_keys or _amended_by(op.source, named_keys):
            continue
        stray.setdefault(op.target_urn or op.target_label, op)
    names = ", ".join(a.label() for a in named)
    # the articles amend a norm the ementa names as well: the others are more norms the act
    # amends ('Altera a Lei nº 1.205 …', and an article 'Fica revogada a Lei nº 1.501'), which
    # an ementa often leaves to 'e dá outras providências' — said, but no decision asked
    ementa_amended = len(stray) < len({op.target_urn or op.target_label for op in ctx.rec.operations})
    for op in stray.values():
        known = op.in_corpus or (op.target_act is not None and bool(op.target_act.numero or op.target_act.urn))
        if ementa_amended:
            ctx.rec.problems.append(Problem(
                "ementa-incompleta",
                f"a ementa cita {names}, que os artigos alteram, mas não {op.target_label}, que eles "
                "também alteram: a ementa é incompleta", ementa, None, None,
                target_urn=op.target_urn if known else None, blocking=False))
            continue
        ctx.rec.problems.append(Problem(
            "ementa-divergente",
            f"a ementa cita {names}, mas os artigos alteram {op.target_label}: "
            "confirme qual norma é alterada",
            ementa, None, None, target_urn=op.target_urn if known else None))


def _other_sphere(ctx: _Ctx, ref: ActRef) -> bool:
    """A federal or state act cited by a municipal act ('em obediência à Lei Complementar
    Federal nº 157'): not one of the norms a municipal act amends."""
    own = Urn.parse(ctx.norma.urn).autoridade if ctx.norma.urn else None
    return own == "municipal" and (ref.esfera in ("federal", "estadual") or ref.urn is not None)


def _amended_by(source: str, keys: set[tuple[str, str | None]]) -> bool:
    """Whether the instruction names its norm as amended by one of the acts ``keys``
    ('da Lei nº 994/85, alterado pela Lei nº 1.884/96')."""
    return any(c.act is not None and (c.act.tipo, c.act.numero) in keys and _is_context(source, c)
               for c in find_acts(source))
