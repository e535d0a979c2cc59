"""`lexconsolida amend BASE AMENDING [-o OUT.xml] [--dry-run]`: apply one amending act to a norm.

The amending act is read, its instructions recognised as explicit operations (listed in
Portuguese with ``--dry-run``, for review), the decisions recorded in its ``norma.toml`` applied,
and the operations on BASE applied with the history of every dispositivo. The result is LexML
(standard output, or ``-o``, written atomically). Problems that need a human decision stop the
application: nothing is written, and each problem names the instruction and its line. Only the
problems that concern BASE stop it: a problem of an instruction to another norm (its
``target_urn``) is listed by ``--dry-run`` but does not hold BASE back. The operations go through
the precision gates and the verification of the result
(:func:`lexconsolida.transforms.gated.apply_gated`), as in the acervo: a gate that fails stops
the application as a blocking problem does.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from lexconsolida import api
from lexconsolida.api import Located, event_for
from lexconsolida.commands import emit
from lexconsolida.errors import AmendmentError, LexError
from lexconsolida.amendments import gates
from lexconsolida.amendments.decisions import decide_problems
from lexconsolida.amendments.partial import certain_operations, instructions, pending_operations
from lexconsolida.model import Norma
from lexconsolida.transforms.gated import Gated, apply_gated

DESCRIPTION = (
    "Reconhece as instruções de alteração do ato AMENDING (nova redação, acréscimo, revogação, "
    "renumeração) e as aplica à norma BASE, guardando o histórico de cada dispositivo. "
    "BASE e AMENDING são URNs ou pastas do acervo, ou arquivos. --dry-run só lista as "
    "operações e os problemas para revisão. Problemas que pedem decisão humana impedem a "
    "aplicação; registre a decisão em [[decisoes]] no norma.toml do ato alterador, ou use "
    "--parcial para aplicar só as instruções certas (as outras ficam no histórico como "
    "'alteração pendente de decisão')."
)


def add_arguments(parser) -> None:
    parser.add_argument("base", metavar="BASE", help="norma a alterar (URN, pasta do acervo ou arquivo)")
    parser.add_argument("amending", metavar="AMENDING", help="ato alterador (URN, pasta do acervo ou arquivo)")
    parser.add_argument("-o", "--output", metavar="SAIDA.xml", help="arquivo LexML de saída")
    parser.add_argument("--dry-run", action="store_true", help="só lista as operações, sem aplicar")
    parser.add_argument("--parcial", action="store_true",
                        help="aplica as instruções certas e deixa as outras como 'alteração pendente de decisão'")
    parser.add_argument("--acervo", metavar="PASTA", help="pasta do acervo (padrão: statutes/)")


def describe_decisions(decided) -> str:
    lines = []
    if decided.resolved:
        lines.append("Problemas resolvidos por decisão registrada ([[decisoes]]):")
        for problem, decisao in decided.resolved:
            lines.append(problem.describe())
            lines.append(f"    decisão: {decisao.decisao}" + (f" — {decisao.nota}" if decisao.nota else ""))
    for d in decided.unused:
        if d.problema in gates.codes():
            continue  # a decision on a precision gate: answered where the gates run (apply_gated)
        lines.append(f"aviso: decisão sem problema correspondente: {d.problema}"
                     + (f" ({d.dispositivo})" if d.dispositivo else ""))
    return "\n".join(lines) + ("\n" if lines else "")


def gated(base: Norma, decided, ops, amending: Located, *, stopped: bool = False) -> Gated:
    """The operations on BASE through the precision gates and the verification (nothing written)."""
    rec = decided.recognition
    act = amending.act
    decisoes = act.decisoes if act is not None else []
    return apply_gated(base, ops, event_for(amending), target_urn=base.urn, act=amending.norma,
                       problems=rec.problems, stopped=stopped,
                       decide=lambda o, p: decide_problems(o, p, decisoes))


def dry_run(base: Norma, decided, ops, amending: Located) -> int:
    """List the operations and every problem the real run would stop at: the recognition's
    blocking problems, the precision gates and the verification of the result, and each
    operation that cannot be applied to BASE (checked as ``apply`` checks it, on a copy). Exit 2
    when the real run would fail, else 0."""
    rec = decided.recognition
    out = sys.stdout.write
    out(rec.describe())
    out(describe_decisions(decided))
    out(f"Operações sobre a norma base: {len(ops)}\n")
    blocking = blocking_on_base(rec, base, ops)
    elsewhere = [p for p in rec.blocking if p not in blocking]
    if elsewhere:
        out(f"Problemas de instruções a outras normas (não impedem a aplicação a {base.titulo}): "
            f"{len(elsewhere)}\n")
    g = gated(base, decided, ops, amending, stopped=bool(blocking))
    if g.problems:
        out("Portões de precisão e verificação do resultado:\n")
        out("".join(p.describe() + "\n" for p in g.problems))
    refused = [err for _, err in g.refused]
    if refused:
        out(f"Operações que não podem ser aplicadas a {base.titulo}:\n")
        for err in refused:
            out(f"{with_source(err, amending)}\n")
    on_base = _on_base(rec, base, ops)
    on_base.problems += g.problems
    instrs = instructions(on_base, [(op, err.message) for op, err in g.refused])
    if instrs:
        out("Instruções:\n")
        for i in instrs:
            out(f"  {i.describe()}\n")
    stops = len(blocking) + len(g.blocking) + len(refused) + (0 if ops else 1)
    if not stops:
        return 0
    why = [f"{len(blocking)} problema(s) pedem decisão humana" if blocking else "",
           f"{len(g.blocking)} portão(ões) de precisão não passaram" if g.blocking else "",
           f"{len(refused)} operação(ões) não podem ser aplicadas" if refused else "",
           f"nenhuma operação sobre {base.titulo}" if not ops else ""]
    print(f"lexconsolida amend: {rec.act_label} não seria aplicado: "
          + "; ".join(w for w in why if w), file=sys.stderr)
    return 2


def blocking_on_base(rec, base: Norma, ops) -> list:
    """The blocking problems that hold back the application to ``base``: those of instructions
    to it, and those whose norm is unknown; a problem of an instruction to another norm
    (``Problem.target_urn``) does not."""
    return rec.blocking_for(base.urn, *{o.target_urn for o in ops})


def _on_base(rec, base: Norma, ops):
    """``rec`` with only the operations on the base and the problems that concern it."""
    urns = [base.urn, *{o.target_urn for o in ops}]
    return replace(rec, operations=list(ops), problems=[p for p in rec.problems if p.concerns(urns)])


def source_of(found: Located) -> Path | None:
    """The amending act's file its lines refer to (an act without text: its folder)."""
    if found.path is not None:
        return found.path
    return found.act.folder if found.act is not None else None


def with_source(err: LexError, found: Located) -> LexError:
    """``err`` naming the amending act's file, when it does not name one already."""
    if err.path is not None or source_of(found) is None:
        return err
    return type(err)(err.message, path=source_of(found), line=err.line, where=err.where)


def run(args) -> int:
    p = api.plan(args.base, args.amending, args.acervo)
    base, decided, ops, amending = p.base, p.decided, p.operations, p.amending
    if args.dry_run:
        return dry_run(base, decided, ops, amending)
    try:
        return _apply(args, base, decided, ops, amending)
    except LexError as err:
        raise with_source(err, amending) from None


def _apply(args, base: Norma, decided, ops, amending: Located) -> int:
    rec = decided.recognition
    blocking = blocking_on_base(rec, base, ops)
    if args.parcial:
        return _apply_partial(args, base, decided, ops, amending)
    if blocking:
        listing = "\n".join(p.describe() for p in blocking)
        raise AmendmentError(f"{rec.act_label} pede decisão humana antes de ser aplicado:\n{listing}")
    if not ops:
        raise AmendmentError(f"{rec.act_label} não tem operações sobre {base.titulo}")
    g = gated(base, decided, ops, amending)
    if g.refused:
        raise g.refused[0][1]  # what the base refuses names the instruction and its line
    if g.blocking:
        listing = "\n".join(p.describe() for p in g.blocking)
        raise AmendmentError(f"{rec.act_label} pede decisão humana antes de ser aplicado (portões de precisão):\n"
                             f"{listing}")
    for p in g.problems:
        print(p.describe(), file=sys.stderr)
    emit(api.render(g.norma, "xml"), args.output, f"{len(ops)} operações")
    return 0


_ROUNDS = 3
"""A verification that fails on the certain instructions makes them pending in turn; the
application is retried at most this many times."""


def _apply_partial(args, base: Norma, decided, ops, amending: Located) -> int:
    """``--parcial``: the certain instructions applied, each pending one noted on the base. An
    instruction is certain when no blocking problem, no precision gate and no refusal of the base
    names it, and the verification of the result passes."""
    rec = decided.recognition
    on_base = _on_base(rec, base, ops)
    g = gated(base, decided, ops, amending, stopped=True)
    extra = list(g.problems)
    refusals = [(op, err.message) for op, err in g.refused]
    for _ in range(_ROUNDS):
        instrs = instructions(replace(on_base, problems=on_base.problems + extra), refusals)
        certain = certain_operations(instrs)
        if not certain:
            listing = "\n".join(i.describe() for i in instrs) or "(nenhuma instrução)"
            raise AmendmentError(f"{rec.act_label}: nenhuma instrução certa sobre {base.titulo}; "
                                 f"nada a aplicar:\n{listing}")
        done = gated(base, decided, certain, amending)
        if done.applied:
            break
        extra += [p for p in done.blocking if p not in extra]
    else:
        listing = "\n".join(p.describe() for p in done.blocking)
        raise AmendmentError(f"{rec.act_label}: a verificação do resultado não passou:\n{listing}")
    pending = pending_operations(instrs)
    result = done.norma
    if pending:
        from lexconsolida.transforms.amend import apply  # the pending notes are no change: not gated
        result = apply(done.norma, [replace_target(p, base) for p in pending], event_for(amending))
    for i in instrs:
        if not i.certain:
            print(f"pendente de decisão: {i.describe()}", file=sys.stderr)
    emit(api.render(result, "xml"), args.output,
         f"{len(certain)} operações aplicadas, {sum(1 for i in instrs if not i.certain)} instrução(ões) pendentes")
    return 0


def replace_target(op, base: Norma):
    """A pending mark on the base itself (its URN), whatever norm the instruction named."""
    return replace(op, target_urn=base.urn)
