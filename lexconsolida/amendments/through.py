"""Instructions that cite a dispositivo of an amending act which is really text it carried to
another norm.

Lei B's art. 1º adds a § 2º to art. 2º of Lei A (the § 2º is in B's quoted text); a later Lei C
says "Fica revogado o § 2º do art. 1º da Lei B". B has no § 2º of its own: the unit C names is
the § 2º that B put into A, so the revocation is of A's ``art2_par2``. The same holds for a unit
quoted whole ("o art. 12 da Lei B" where B's art. 1º gave new wording to art. 12 of A, and B has
no art. 12) or a unit inside one ("os incisos IV e V do art. 13 da Lei B").

:func:`redirect` is the one place where this is decided, for every path that applies
operations (the acervo's histories, ``amend`` with an acervo, the amendment bench): it needs,
for the cited act, the ids of its own units and the operations recognised in it, which the
caller gives (it has the texts). The explicit wording ("o art. 1º da Lei B, que altera o art.
2º da Lei A, passa a ter …") is read by the recogniser itself.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import replace

from lexconsolida.amendments.model import KIND_NAMES, Operation, Problem, Recognition, work_key

NOTICE = "alteracao-de-ato-alterador"
AMBIGUOUS = "ato-alterador-ambiguo"
REDIRECTED_KINDS = ("redacao", "revogacao", "renumeracao")
"""An inclusion in an amending act ('acrescenta § 3º ao art. 1º da Lei B') names no quoted unit."""


class AmendingText:
    """What :func:`redirect` needs of a cited act: the ids of its own units, and (only asked
    when a cited unit is not one of them) the operations recognised in it."""

    def __init__(self, ids: Collection[str], operations: list[Operation] | Callable[[], list[Operation]],
                 label: str = "") -> None:
        self.ids = ids
        self.label = label
        self._operations = operations

    @property
    def operations(self) -> list[Operation]:
        if callable(self._operations):
            self._operations = self._operations()
        return self._operations


Lookup = Callable[[str], "AmendingText | None"]
"""URN of a cited act → its :class:`AmendingText` (None: not in the acervo, no text)."""


def _mapped(cited: str, op: Operation) -> str | None:
    """The id in ``op``'s target of the unit ``cited`` (an id in the amending act), when it is
    the unit ``op`` carries: the same id ('art12' quoted whole; each unit of a quoted text is an
    operation of its own, so 'os incisos IV e V do art. 13' are theirs), or named through the
    instruction's place ('art1_par2': the § 2º quoted in art. 1º)."""
    tid = op.target_id
    if not tid or not tid.startswith("art"):
        return None
    if cited == tid:
        return cited
    where = op.where or ""
    if where and cited.startswith(where + "_"):
        rel = cited[len(where) + 1:]
        if rel.startswith("cpt_"):
            rel = rel[4:]
        if tid.endswith("_" + rel):
            return tid
    return None


def _candidates(cited: str, text: AmendingText, own: str) -> list[tuple[str, list[Operation]]]:
    """(id in the other norm, the instructions that carried it), one per unit of another norm
    that ``cited`` may be."""
    out: dict[tuple[str, str], list[Operation]] = {}
    for o in text.operations:
        if o.kind not in ("redacao", "inclusao") or not o.target_urn or work_key(o.target_urn) == own:
            continue
        m = _mapped(cited, o)
        if m is not None:
            out.setdefault((work_key(o.target_urn), m), []).append(o)
    return [(k[1], ops) for k, ops in out.items()]


def redirect(rec: Recognition, lookup: Lookup) -> int:
    """Rewrite in place the operations of ``rec`` that cite, in an amending act, a unit that
    act does not have but carried to another norm: each then changes that norm's unit, with a
    notice (``alteracao-de-ato-alterador``) and ``via`` set to the act cited. When the unit
    could be more than one of the units the act carried, the operation is dropped and a problem
    (``ato-alterador-ambiguo``) names the candidates. Returns how many were redirected."""
    done = 0
    texts: dict[str, AmendingText | None] = {}
    out: list[Operation] = []
    for op in rec.operations:
        if op.kind not in REDIRECTED_KINDS or not op.target_urn or not op.target_id or op.via:
            out.append(op)
            continue
        key = work_key(op.target_urn)
        if key not in texts:
            texts[key] = lookup(op.target_urn)
        text = texts[key]
        if text is None or op.target_id in text.ids or not text.operations:
            out.append(op)
            continue
        cands = _candidates(op.target_id, text, key)
        if not cands:
            out.append(op)
            continue
        label = text.label or op.target_label
        if len(cands) > 1:
            names = "; ".join(f"{m} da {ops[0].target_label} (levado pelo {_wheres(ops)})" for m, ops in cands)
            rec.problems.append(Problem(
                AMBIGUOUS, f"{op.target_id} não é dispositivo da {label}, mas do texto que ela levou a outra "
                f"norma, e há mais de um que responde a ele: {names}; decida qual a instrução altera",
                op.source, op.line, op.where, target_urn=op.target_urn))
            continue
        mapped, carriers = cands[0]
        carrier = carriers[0]
        new_id = op.new_id
        if op.kind == "renumeracao" and new_id and mapped != op.target_id:
            common = _common_prefix(op.target_id, new_id)
            new_id = mapped[:len(mapped) - (len(op.target_id) - common)] + new_id[common:]
        out.append(replace(op, target_urn=carrier.target_urn, target_label=carrier.target_label,
                           target_act=carrier.target_act, in_corpus=carrier.in_corpus,
                           target_id=mapped, new_id=new_id, via=op.target_urn))
        rec.problems.append(Problem(
            NOTICE, f"a instrução cita {op.target_id} da {label}, que não é dispositivo dela: é o "
            f"{mapped} que o {_wheres(carriers)} da {label} levou à {carrier.target_label}; a "
            f"{KIND_NAMES.get(op.kind, op.kind)} é aplicada à {carrier.target_label}",
            op.source, op.line, op.where, blocking=False, target_urn=carrier.target_urn))
        done += 1
    rec.operations[:] = out
    return done


def _wheres(ops: list[Operation]) -> str:
    return " e o ".join(dict.fromkeys(o.where or "?" for o in ops))


def _common_prefix(a: str, b: str) -> int:
    """Length of the common id prefix of ``a`` and ``b``, at a component boundary."""
    n = 0
    for x, y in zip(a.split("_"), b.split("_")):
        if x != y:
            break
        n += len(x) + 1
    return n
