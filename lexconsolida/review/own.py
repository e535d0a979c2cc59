"""A person's own reading of an instruction: operations written on the desk or on the command line,
made into the project's operations and checked as any text is before it is saved.

A reading is a list of rows, applied in order, each on the target as the rows before it leave
it (:class:`Row`):

- **nova redação** of a unit; its text may be the unit alone or the unit **with its units** (a
  whole quoted article with its incisos and parágrafos, one per line, as printed: "Art. 50. …:",
  "I - …;", "§ 1º …"): each unit brought takes its new wording, or is included when the text on
  that date does not have it; the units in force the text does not bring are **kept**
  (``subunidades = "manter"``, a line of dots) or **revoked** (``"revogar"``: the new wording
  replaces the unit whole, LC 95/1998, art. 12, III);
- **inclusão** of a new unit (with its units, the same way), inside the unit named ('' for a new
  artigo);
- **revogação** of a unit;
- **renumeração** of a unit to a new rótulo (its units move with it), optionally with its new
  wording: the rows after it name the units by their new numbers, so that what depends on the
  renumbering (the new unit that takes the old number, a new wording) is decided with it.

Before anything is recorded the result passes the structural checks any text passes
(:func:`structural_faults`): the checks of ``lexconsolida check`` that the change makes fail
(numbering repeated or out of order, a unit where it cannot be), and a unit whose wording
announces a list ("…:") left without one. An error stops the reading, with its reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lexconsolida.amendments.blocks import PARENT_KINDS, QuotedUnit, child_id, id_kind, parse_raw, unit_of_label
from lexconsolida.amendments.model import EMENTA, Operation, OpKind
from lexconsolida.check import check as structure_check
from lexconsolida.diff.units import flatten
from lexconsolida.errors import LexError
from lexconsolida.model import Dispositivo, Event, Kind, Norma, Situacao
from lexconsolida.model.diagnostics import Severity
from lexconsolida.model.ids import LexId, citation_parts
from lexconsolida.model.numbering import label_for
from lexconsolida.transforms.amend import attempt

ROW_KINDS = {
    "redacao": "nova redação de um dispositivo (com as suas unidades, se o texto as trouxer)",
    "inclusao": "inclusão de um dispositivo novo (com as suas unidades)",
    "revogacao": "revogação de um dispositivo",
    "renumeracao": "renumeração de um dispositivo (e, se houver, a sua nova redação)",
}
"""What a person may write, and how the forms name it."""
KEEP, DROP = "manter", "revogar"
SUBUNITS = {KEEP: "mantém as unidades em vigor que o texto não traz (como uma linha pontilhada)",
            DROP: "revoga as unidades em vigor que o texto não traz (a nova redação substitui o dispositivo inteiro)"}
_LISTS = (Kind.INCISO, Kind.ALINEA, Kind.ITEM)


class ChoiceError(LexError):
    """A choice that cannot be made into operations, or whose result fails a structural check
    (Portuguese message for the person)."""


@dataclass(slots=True)
class Row:
    """One operation as a person writes it."""

    tipo: str
    unidade: str = ""
    """The unit (an id on that date, after the rows before); for an inclusion, where the new one
    goes ('' for a new artigo)."""
    rotulo: str = ""
    """Inclusion: the new unit's rótulo ('§ 3º', 'IV', 'c)', 'Art. 7º-A'); '' to read it from the
    text's first line."""
    texto: str = ""
    """The wording; several lines: the unit and its units, as printed."""
    novo_rotulo: str = ""
    """Renumbering: the new rótulo ('§ 1º')."""
    subunidades: str = KEEP
    """New wording: what happens to the units in force the text does not bring."""

    @property
    def empty(self) -> bool:
        return not (self.unidade or self.rotulo or self.texto.strip() or self.novo_rotulo)


@dataclass(slots=True)
class Written:
    """A reading made into operations, applied to the base."""

    operations: list[Operation]
    after: Norma
    left_behind: list[str] = field(default_factory=list)
    """Units in force a new wording's text does not bring (kept or revoked, as chosen)."""
    warnings: list[str] = field(default_factory=list)


def _label(text: str) -> QuotedUnit | None:
    """The unit a rótulo typed by a person names ('§ 3º', 'III', 'IV -', 'c)', 'Art. 7º-A')."""
    r = text.strip().rstrip(".-–—").strip()
    if not r:
        return None
    for form in (f"{r} x", f"{r} - x", f"{r}) x"):
        unit = unit_of_label(form)
        if unit is not None and unit.kind in ("artigo", "paragrafo", "inciso", "alinea", "item") \
                and (unit.number is not None or unit.unico):
            return unit
    return None


def _printed(u: QuotedUnit) -> str:
    try:
        return label_for(u.kind, u.number, unico=u.unico)
    except ValueError:
        return u.rotulo or ""


def _split(text: str, kind: str | None) -> tuple[str, list[QuotedUnit], QuotedUnit | None]:
    """A written text: the unit's own wording, its units (nested), and the unit its first line
    names when it starts with a rótulo of ``kind`` (None: any kind)."""
    lines = [line for line in text.replace("\r", "").split("\n")]
    roots = parse_raw("\n".join(lines))
    if len(roots) == 1 and (kind is None or roots[0].kind == kind) and roots[0].kind != "omissis":
        head_text = _first_label_line(lines)
        if head_text is not None:
            return roots[0].text, roots[0].children, roots[0]
    own: list[str] = []
    rest = 0
    for i, line in enumerate(lines):
        unit = unit_of_label(line)
        if unit is not None and unit.kind not in ("texto",):
            break
        own.append(line.strip())
        rest = i + 1
    return " ".join(x for x in own if x), parse_raw("\n".join(lines[rest:])), None


def _first_label_line(lines: list[str]) -> str | None:
    for line in lines:
        if line.strip():
            unit = unit_of_label(line)
            return line if unit is not None and unit.kind not in ("texto", "omissis") else None
    return None


def _units(norma: Norma) -> dict[str, Dispositivo]:
    return {d.id: d for d in norma.dispositivos() if d.kind is not Kind.CAPUT}


def _kind_of(uid: str) -> str:
    kind = id_kind(uid)
    return kind if kind != "?" else "artigo"


def _children_ops(parent: str, units: list[QuotedUnit], existing: dict[str, Dispositivo], target: tuple[str, str],
                  brought: set[str], source: str) -> list[Operation]:
    urn, label = target
    out: list[Operation] = []
    for u in units:
        if u.omissis or u.kind == "texto":
            continue
        if u.kind not in PARENT_KINDS or _kind_of(parent) not in PARENT_KINDS[u.kind]:
            raise ChoiceError(f"o texto traz {_printed(u) or u.kind} dentro de {_cite(parent)}, onde um(a) {u.kind} "
                              "não cabe: confira os rótulos")
        if u.number is None and not u.unico:
            raise ChoiceError(f"uma linha do texto não tem rótulo reconhecível: “{u.text[:60]}”")
        cid = child_id(parent, u)
        if cid in brought:
            raise ChoiceError(f"o texto traz {_cite(cid)} duas vezes: confira os rótulos")
        brought.add(cid)
        if cid in existing:
            out.append(Operation(OpKind.REDACAO, urn, label, cid, unit_kind=u.kind, text=u.text or None,
                                 source=source))
        else:
            out.append(Operation(OpKind.INCLUSAO, urn, label, cid, unit_kind=u.kind, rotulo=_printed(u),
                                 text=u.text, source=source))
        out += _children_ops(cid, u.children, existing, target, brought, source)
    return out


def _cite(uid: str) -> str:
    try:
        return ", ".join(citation_parts(uid)) or uid
    except (ValueError, KeyError):
        return uid


def _under(uid: str, root: str) -> bool:
    base = root[:-4] if root.endswith("_cpt") else root
    return uid.startswith(base + "_")


def row_operations(row: Row, current: Norma, target: tuple[str, str], source: str) -> tuple[list[Operation], list[str]]:
    """The operations of one row on the target as it stands (``current``), and the units in force
    a new wording leaves behind. ChoiceError with the reason when the row cannot be made."""
    urn, label = target
    existing = _units(current)
    unit = row.unidade.strip()
    text = row.texto.strip()
    if row.tipo not in ROW_KINDS:
        raise ChoiceError(f"tipo de operação inválido: {row.tipo!r} (use {', '.join(ROW_KINDS)})")
    if row.tipo == "inclusao":
        if unit and unit not in existing:
            raise ChoiceError(f"o dispositivo {_cite(unit)} não existe no texto da norma nessa data (onde o novo ficaria)")
        parsed = _label(row.rotulo) if row.rotulo.strip() else None
        own, kids, head = _split(text, parsed.kind if parsed else None)
        if parsed is None:
            parsed = head
        if parsed is None:
            raise ChoiceError("informe o rótulo do novo dispositivo, como está no ato (“§ 3º”, “IV -”, “c)”, "
                              "“Art. 7º-A”), no campo do rótulo ou no começo do texto")
        if parsed.kind == "artigo" and unit:
            raise ChoiceError("um artigo novo não fica dentro de outro dispositivo: escolha “a norma (artigo novo)”")
        if parsed.kind != "artigo" and not unit:
            raise ChoiceError("escolha o dispositivo em que o novo fica")
        if unit and _kind_of(unit) not in PARENT_KINDS.get(parsed.kind, ()):
            raise ChoiceError(f"um(a) {parsed.kind} não fica dentro de {_cite(unit)}")
        if not own:
            raise ChoiceError("informe o texto do novo dispositivo")
        try:
            new_id = child_id(unit or None, parsed)
            LexId.parse(new_id)
        except (ValueError, KeyError, AttributeError):
            raise ChoiceError("esse dispositivo não pode ficar nesse lugar") from None
        if new_id in existing:
            raise ChoiceError(f"{_cite(new_id)} já existe nessa data: escolha “nova redação”")
        ops = [Operation(OpKind.INCLUSAO, urn, label, new_id, unit_kind=parsed.kind,
                         rotulo=row.rotulo.strip() or _printed(parsed), text=own, source=source)]
        ops += _children_ops(new_id, kids, {**existing}, target, set(), source)
        return ops, []  # nothing of the new unit is in force yet
    if unit not in existing and not (unit == EMENTA and row.tipo == "redacao"):
        raise ChoiceError(f"escolha um dispositivo que existe no texto da norma nessa data ({unit or 'nenhum'} não "
                          "existe; depois de uma renumeração nesta mesma leitura, use o novo número)")
    if row.tipo == "revogacao":
        if unit == EMENTA:
            raise ChoiceError("a ementa não se revoga")
        return [Operation(OpKind.REVOGACAO, urn, label, unit, unit_kind=_kind_of(unit), source=source)], []
    if row.tipo == "renumeracao":
        parsed = _label(row.novo_rotulo)
        kind = _kind_of(unit)
        if parsed is None or parsed.kind != kind:
            raise ChoiceError(f"informe o novo rótulo de {_cite(unit)}, do mesmo tipo ({kind}): “§ 1º”, “IV”, “Art. 7º-A”")
        parent = unit.rsplit("_", 1)[0] if "_" in unit else None
        new_id = child_id(parent, parsed)
        if new_id == unit:
            raise ChoiceError("o novo rótulo é o mesmo que o dispositivo já tem")
        if new_id in existing:
            raise ChoiceError(f"{_cite(new_id)} já existe nessa data: renumere antes o que o ocupa, numa operação "
                              "anterior desta leitura")
        ops = [Operation(OpKind.RENUMERACAO, urn, label, unit, unit_kind=kind, new_id=new_id,
                         new_rotulo=_printed(parsed), source=source)]
        if text:
            own, kids, _ = _split(text, kind)
            if own:
                ops.append(Operation(OpKind.REDACAO, urn, label, new_id, unit_kind=kind, text=own, source=source))
            renamed = {new_id + k[len(unit):] if k == unit or _under(k, unit) else k: v for k, v in existing.items()}
            ops += _children_ops(new_id, kids, renamed, target, set(), source)
        return ops, []
    # redacao
    if not text:
        raise ChoiceError("informe o texto da nova redação")
    if unit == EMENTA:
        return [Operation(OpKind.REDACAO, urn, label, EMENTA, unit_kind="ementa", text=" ".join(text.split()),
                          source=source)], []
    kind = _kind_of(unit)
    own, kids, _ = _split(text, kind)
    if not own:
        raise ChoiceError(f"o texto não traz a redação do próprio {_cite(unit)} (só as suas unidades): escreva-a na "
                          "primeira linha")
    brought: set[str] = set()
    ops = [Operation(OpKind.REDACAO, urn, label, unit, unit_kind=kind, text=own, source=source)]
    ops += _children_ops(unit, kids, existing, target, brought, source)
    left = [uid for uid, d in existing.items() if _under(uid, unit) and uid not in brought
            and d.situacao is Situacao.VIGENTE]
    # a unit left behind inside another left behind goes with it
    top = [uid for uid in left if not any(_under(uid, other) for other in left if other != uid)]
    if row.subunidades == DROP:
        ops += [Operation(OpKind.REVOGACAO, urn, label, uid, unit_kind=_kind_of(uid), source=source) for uid in top]
    elif row.subunidades != KEEP:
        raise ChoiceError(f"escolha o que acontece às unidades não trazidas: {KEEP} ou {DROP}")
    return ops, top


def written(rows: list[Row], base: Norma, target: tuple[str, str], event: Event, source: str) -> Written:
    """A person's rows made into operations and applied to ``base`` (the target the day before the
    act), each on what the rows before it leave; ChoiceError when a row cannot be made, the
    text on that date refuses an operation, or the result fails a structural check."""
    rows = [r for r in rows if not r.empty]
    if not rows:
        raise ChoiceError("escreva ao menos uma operação")
    ops: list[Operation] = []
    left: list[str] = []
    current = base
    for i, row in enumerate(rows, 1):
        try:
            mine, behind = row_operations(row, current, target, source)
        except ChoiceError as err:
            raise ChoiceError(f"operação {i}: {err.message}" if len(rows) > 1 else err.message) from None
        ops += mine
        left += behind
        current, refused = attempt(base, ops, event)
        if refused:
            why = "; ".join(_plain(e.message) for _, e in refused)
            raise ChoiceError((f"operação {i}: " if len(rows) > 1 else "") + f"o texto da norma nessa data a recusa: {why}")
    errors, warnings = structural_faults(base, current, ops)
    if errors:
        raise ChoiceError("o resultado não passa nas verificações de estrutura: " + "; ".join(errors))
    return Written(ops, current, left, warnings)


_INSTRUCTION = re.compile(r"\s+—\s+instrução:\s+“.*”\s*$", re.S)


def _plain(message: str) -> str:
    """An applier's refusal for a person: without the operation's own source (the decision
    itself) and with the units as the law cites them."""
    text = _INSTRUCTION.sub("", message)
    text = re.sub(r"^instrução:\s*", "", text)
    return re.sub(r"\bart\d+(?:-[a-z]|[a-z])?(?:_(?:cpt|[a-z]{3}\d+[a-z0-9-]*))*\b", lambda m: _cite(m.group(0)), text)


def _touched(ops: list[Operation]) -> set[str]:
    out: set[str] = set()
    for o in ops:
        for uid in (o.target_id, o.new_id):
            if uid:
                out.add(uid)
                parent = uid.rsplit("_", 1)[0] if "_" in uid else None
                if parent:
                    out.add(parent[:-4] if parent.endswith("_cpt") else parent)
    return out


def _near(uid: str | None, touched: set[str]) -> bool:
    if not uid:
        return False
    return any(uid == t or uid.startswith(t + "_") or t.startswith(uid + "_") for t in touched)


def structural_faults(base: Norma, after: Norma, ops: list[Operation]) -> tuple[list[str], list[str]]:
    """What the result of ``ops`` fails that ``base`` did not, near the units they touch: the
    checks of ``lexconsolida check`` (errors stop the reading, warnings are shown), and a unit in
    force whose wording announces a list (ends in ':') left with no unit of a list under it."""
    touched = _touched(ops)
    errors: list[str] = []
    warnings: list[str] = []
    before = {(d.code, d.where, d.message) for d in structure_check(base)}
    for diag in structure_check(after):
        if (diag.code, diag.where, diag.message) in before or not _near(diag.where, touched):
            continue
        text = f"{_cite(diag.where) if diag.where else ''}: {diag.message}".lstrip(": ")
        (errors if diag.severity is Severity.ERROR else warnings).append(text)
    for d in after.dispositivos():
        if d.kind is Kind.CAPUT or d.situacao is not Situacao.VIGENTE or not _near(d.id, touched):
            continue
        holder = d.caput if d.kind is Kind.ARTIGO and d.caput is not None else d
        wording = (holder.text or "").rstrip()
        if not wording.endswith(":"):
            continue
        items = [c for c in holder.children if c.kind in _LISTS and c.situacao is Situacao.VIGENTE]
        if not items:
            name = f"o caput do {_cite(d.id)}" if d.kind is Kind.ARTIGO else _cite(d.id)
            errors.append(f"{name} termina com “:” e não traz a lista que anuncia (nenhum inciso, alínea ou item "
                          "em vigor abaixo dele): traga as unidades no texto, ou mantenha as que estão em vigor")
    return errors, warnings


def units_left_behind(base: Norma, unit: str) -> list[str]:
    """The units in force under ``unit`` on that date (what a new wording of it may keep or
    revoke), for the forms."""
    return [u.id for u in flatten(base) if not u.is_agrupador and _under(u.id, unit)]


__all__ = ["DROP", "KEEP", "ROW_KINDS", "SUBUNITS", "ChoiceError", "Row", "Written", "row_operations",
           "structural_faults", "units_left_behind", "written"]
