"""The one decision path of the review desk: what a person chose on an item, checked, previewed
and recorded — the same functions for the live preview, the web form and the command line.

- :class:`Choice` is what was chosen (an action, a reading, a person's own operations, a note),
  from a form (:func:`choice_from_form`) or from the command line's options;
- :func:`prepare` makes it a decision (:class:`~lexconsolida.corpus.records.Decisao`) with every
  check — a justification, a reading that applies, a person's operations that the text on that
  date accepts and whose result passes the structural checks (:mod:`.own`) — and previews it
  exactly as recording it will compile (:meth:`~lexconsolida.review.desk.Desk.simulate`);
- :func:`decide` records it in the act's ledger (the item's version as the person saw it; the
  two-person rule of the municipality) and applies it; the web form asks a confirmation first
  (the preview's token), the command line is explicit;
- :func:`approve`, :func:`discard`, :func:`withdraw`, :func:`revert` and the efficacy events
  (:func:`record_efficacy`, :func:`remove_efficacy`) are entries of the same ledger, under the
  same rule.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from lexconsolida.acervo.items import Item
from lexconsolida.corpus import journal, ledger
from lexconsolida.corpus.journal import ONE, Entry
from lexconsolida.corpus.ledger import Actor
from lexconsolida.corpus.records import Decisao, journal_decisions, with_id
from lexconsolida.errors import LexError
from lexconsolida.history import efficacy_issues, event_of
from lexconsolida.model.efficacy_events import Efficacy
from lexconsolida.review.desk import Desk, DeskError, Detail
from lexconsolida.review.own import KEEP, ChoiceError, Row, written
from lexconsolida.review.readings import Preview, as_written

ACTIONS = {
    "aprovar": "aprovar a leitura",
    "outra": "escrever outra leitura",
    "nao-textual": "marcar como alteração não textual",
    "rejeitar": "rejeitar (o ato não se aplica aqui)",
    "adiar": "adiar",
}
DECISION_OF = {"aprovar": "aplicar", "outra": "operacoes", "nao-textual": "nao-textual", "rejeitar": "ignorar",
               "adiar": "adiar"}
ROWS = 6
"""How many operation rows the form offers (the script adds more)."""


@dataclass(slots=True)
class Choice:
    """What a person chose on an item."""

    acao: str
    nota: str | None = None
    target: str | None = None
    """The target norm (URN, folder or citation) when the item has none or several."""
    leitura: str | None = None
    """For 'aprovar': the reading's key ('proposta': the tool's)."""
    rows: list[Row] = field(default_factory=list)
    """For 'outra': the person's operations, in order."""
    alvo_nota: str | None = None
    """For 'nao-textual': the unit that takes the note."""

    def token(self, item: Item, target: str | None) -> str:
        """The digest of exactly this choice on this item: the preview shown for it (the form
        returns it, and the decision is saved only when it matches)."""
        parts = [item.id, target or "", self.acao, self.leitura or "", " ".join((self.nota or "").split()),
                 self.alvo_nota or ""]
        for r in self.rows:
            if not r.empty:
                parts += [r.tipo, r.unidade, r.rotulo, "\n".join(x.strip() for x in r.texto.strip().splitlines()),
                          r.novo_rotulo, r.subunidades]
        return hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()[:20]


def _clean(value: str | None) -> str | None:
    text = " ".join((value or "").split())
    return text or None


def choice_from_form(fields: Mapping[str, str]) -> Choice:
    """A :class:`Choice` from the desk's form: 'acao', 'nota', 'alvo', 'leitura', 'alvo_nota', and
    the rows 'tipo_N', 'unidade_N', 'rotulo_N', 'texto_N', 'novo_rotulo_N', 'subunidades_N'
    (N = 1, 2 …; row 1 also without the suffix)."""
    rows = []
    for n in range(1, 100):
        suffix = f"_{n}"
        if f"tipo{suffix}" not in fields and not (n == 1 and "tipo" in fields):
            if n > ROWS:
                break
            continue

        def get(name: str) -> str:
            return fields.get(name + suffix) or (fields.get(name, "") if n == 1 else "")

        rows.append(Row(get("tipo"), get("unidade"), get("rotulo"), get("texto"), get("novo_rotulo"),
                        get("subunidades") or KEEP))
    return Choice(fields.get("acao", ""), _clean(fields.get("nota")), fields.get("alvo") or None,
                  fields.get("leitura") or None, rows, fields.get("alvo_nota") or None)


@dataclass(slots=True)
class Proposal:
    """A choice made into a decision, with its preview."""

    decisao: Decisao
    preview: Preview | None
    token: str
    rule: str
    detail: Detail

    @property
    def takes_effect(self) -> bool:
        """In force as soon as recorded (one-person mode, or a deferral of an open item)."""
        return self.rule == ONE or (self.decisao.decisao == "adiar" and self.detail.in_force is None)


class NeedsConfirmation(Exception):
    """The web form's choice has not been previewed as it stands: show the preview, ask again."""

    def __init__(self, proposal: Proposal) -> None:
        self.proposal = proposal
        super().__init__("confirme a decisão depois de ver o resultado")


def _writable(desk: Desk, item: Item) -> None:
    act = desk.ac.corpus.acts[item.act]
    damaged = desk.damaged_of(act)
    if damaged:
        raise DeskError(f"o registro de decisões deste ato está danificado e nada pode ser gravado nele até que seja "
                        f"restaurado: {damaged}")


def prepare(desk: Desk, item: Item, choice: Choice, actor: Actor) -> Proposal:
    """``choice`` on ``item`` made into a decision (every check: DeskError or ChoiceError, in
    Portuguese, for what cannot be recorded), and its exact preview."""
    _writable(desk, item)
    if choice.acao not in ACTIONS:
        raise DeskError(f"ação desconhecida: {choice.acao!r} (use {', '.join(ACTIONS)})")
    detail = desk.detail(item, choice.target)
    act = detail.act
    nota = choice.nota
    reading = next((r for r in detail.readings if r.key == choice.leitura), None) if choice.acao == "aprovar" else None
    default = reading is not None and reading.default
    if not default and not nota:
        raise DeskError("escreva a justificativa: ela fica no registro, com o seu nome")
    ops = []
    alvo = None
    structural: tuple[list[str], list[str]] = ([], [])
    if choice.acao == "aprovar":
        if reading is None:
            raise DeskError("leitura não encontrada (a ferramenta não tem leitura aplicável para este item, ou a página "
                            "mudou): recarregue a página ou decida de outro modo")
        if reading.preview is not None and not reading.preview.applies:
            raise DeskError("esta leitura não se aplica ao texto da norma nessa data; escolha outra")
        if not default:
            ops = reading.written
    elif choice.acao == "outra":
        if detail.target is None:
            raise DeskError("escolha primeiro a norma alterada")
        if not detail.units:
            raise DeskError("o texto da norma alterada não está no acervo: não há como escrever a leitura")
        base = desk.before(detail.target, act).norma
        made = written(choice.rows, base, (detail.target, detail.target_label or detail.target), event_of(act),
                       f"Decisão registrada ({item.code}): {nota or ''}".strip())
        ops = as_written(made.operations)
        structural = (made.left_behind, made.warnings)
    elif choice.acao == "nao-textual":
        unit = choice.alvo_nota or ""
        if unit and unit not in {u.id for u in detail.units}:
            raise DeskError("o dispositivo escolhido não existe no texto da norma nessa data")
        if detail.target:
            alvo = f"{detail.target}!{unit}" if unit else detail.target
    kind = "operacoes" if choice.acao == "aprovar" and not default else DECISION_OF[choice.acao]
    decisao = Decisao(item.code, kind, item.where, nota, actor.login, None, ops, alvo, texto_hash=detail.digest)
    preview = None
    if detail.target and detail.units:
        decisao = desk.target_content(item, detail.target, decisao)
        preview = desk.simulate(item, detail.target, decisao)
        preview.left_behind, preview.warnings = structural
    return Proposal(decisao, preview, choice.token(item, detail.target), detail.rule, detail)


def decide(desk: Desk, item: Item, choice: Choice, actor: Actor, *, expected: str,
           token: str | None = None) -> Entry:
    """Record ``choice`` on ``item``: :func:`prepare`, then the ledger (``expected``: the item's
    version the person saw; another now is a :class:`~lexconsolida.corpus.ledger.Conflict`), then
    the acervo brought up to date. ``token``: the preview token the person confirmed (the web
    form; None: the command line, whose options are the confirmation) — another one raises
    :class:`NeedsConfirmation` with the preview of the choice as it stands."""
    proposal = prepare(desk, item, choice, actor)
    if token is not None and token != proposal.token:
        raise NeedsConfirmation(proposal)
    act = desk.ac.corpus.acts[item.act]
    with desk.lock:
        entry = ledger.record(act.folder, proposal.decisao, actor, rule=desk.rule(act), expected=expected)
        desk.after_write(act.urn)
    return entry


def bulk(desk: Desk, items: list[Item], acao: str, nota: str, actor: Actor,
         versions: Mapping[str, str]) -> list[tuple[Item, Entry | str]]:
    """One decision with one reason ('não é norma: calendário / orçamento') on several items of
    one kind (same problem): each is recorded (and checked) as if decided alone; what fails is
    returned with its reason, the others are recorded."""
    if acao not in ("rejeitar", "adiar", "nao-textual"):
        raise DeskError("em lote, só rejeitar, adiar ou marcar como não textual")
    if len({i.code for i in items}) > 1:
        raise DeskError("em lote, só itens do mesmo problema: filtre a fila por problema")
    out: list[tuple[Item, Entry | str]] = []
    for it in items:
        try:
            out.append((it, decide(desk, it, Choice(acao, nota), actor, expected=versions.get(it.id, ""))))
        except (LexError, ledger.Conflict) as err:
            out.append((it, getattr(err, "message", str(err))))
    return out


def _folder(desk: Desk, urn: str):
    act = desk.ac.corpus.acts[urn]
    damaged = desk.damaged_of(act)
    if damaged:
        raise DeskError(f"o registro de decisões deste ato está danificado: {damaged}")
    return act


def approve(desk: Desk, urn: str, n: int, actor: Actor, *, expected: str | None, nota: str | None = None) -> Entry:
    """Approve the proposal ``n`` of the act ``urn``'s ledger (a decision, a withdrawal, an
    efficacy event): refused to the person who proposed it."""
    act = _folder(desk, urn)
    with desk.lock:
        entry = ledger.approve(act.folder, n, actor, expected=expected, nota=nota)
        desk.after_write(urn)
    return entry


def discard(desk: Desk, urn: str, n: int, actor: Actor, nota: str, *, expected: str | None) -> Entry:
    if not _clean(nota):
        raise DeskError("escreva por que a proposta é descartada")
    act = _folder(desk, urn)
    with desk.lock:
        entry = ledger.discard(act.folder, n, actor, nota, expected=expected)
        desk.after_write(urn)
    return entry


def withdraw(desk: Desk, item: Item, actor: Actor, nota: str, *, expected: str) -> Entry:
    """Withdraw the decision in force on ``item`` (the item opens again once in force)."""
    if not _clean(nota):
        raise DeskError("escreva por que a decisão é retirada")
    act = _folder(desk, item.act)
    with desk.lock:
        entry = ledger.withdraw(act.folder, item.key, actor, nota, rule=desk.rule(act), expected=expected)
        desk.after_write(item.act)
    return entry


def revert(desk: Desk, urn: str, n: int, actor: Actor, nota: str, *, expected: str | None) -> Entry:
    """Bring back what was in force before entry ``n`` took effect (a new entry)."""
    if not _clean(nota):
        raise DeskError("escreva por que a entrada é revertida")
    act = _folder(desk, urn)
    with desk.lock:
        entry = ledger.revert(act.folder, n, actor, nota, rule=desk.rule(act), expected=expected)
        desk.after_write(urn)
    return entry


def check_efficacy(desk: Desk, urn: str, ev: Efficacy, replace_id: str | None = None) -> Efficacy:
    """``ev`` with its id, checked against the act's text and its other events (DeskError with
    every problem)."""
    act = desk.ac.corpus.acts[urn]
    ev = ev if ev.id else with_id(ev)
    existing = [e for e in act.eficacia if e.id != replace_id]
    issues = [i for i in efficacy_issues(desk.ac.corpus, act, existing + [ev])
              if f"evento de eficácia {ev.id}:" in i.mensagem and i.codigo != "eficacia-aviso"]
    if issues:
        raise DeskError("; ".join(i.mensagem.split(": ", 1)[-1] for i in issues))
    return ev


def record_efficacy(desk: Desk, urn: str, ev: Efficacy, actor: Actor, *, replace_id: str | None = None,
                    nota: str | None = None, expected: str | None = None) -> Entry:
    """Record an efficacy event of the act (checked first; a proposal under the two-person rule)."""
    act = _folder(desk, urn)
    with desk.lock:
        ev = check_efficacy(desk, urn, ev, replace_id)
        entry = ledger.record_eficacia(act.folder, ev, actor, rule=desk.rule(act), replace_id=replace_id, nota=nota,
                                       expected=expected)
        desk.after_write(urn)
        _efficacy_changed(desk, urn)
    return entry


def remove_efficacy(desk: Desk, urn: str, event_id: str, actor: Actor, nota: str, *,
                    expected: str | None = None) -> Entry:
    if not _clean(nota):
        raise DeskError("escreva por que o evento de eficácia é retirado")
    act = _folder(desk, urn)
    with desk.lock:
        entry = ledger.remove_eficacia(act.folder, event_id, actor, nota, rule=desk.rule(act), expected=expected)
        desk.after_write(urn)
        _efficacy_changed(desk, urn)
    return entry


def _efficacy_changed(desk: Desk, urn: str) -> None:
    """The act's own compiled history takes its events in force (the events its amending acts
    carried to it stay)."""
    h = desk.ac.histories.get(urn)
    if h is not None and h.norma is not None:
        own = desk.ac.corpus.acts[urn].eficacia
        h.norma.eficacia = list(own) + [e for e in h.norma.eficacia if e.via_urn is not None]


def entry_decision(desk: Desk, urn: str, entry: Entry) -> Decisao | None:
    """The decision an entry carries (for the history's words)."""
    if entry.evento != "decisao":
        return None
    act = desk.ac.corpus.acts[urn]
    folded = journal.Folded([entry], {entry.key: journal.Effective(entry)})  # type: ignore[dict-item]
    (d,) = journal_decisions(folded, "", act.folder)
    return replace(d, estado=None)


__all__ = ["ACTIONS", "Choice", "ChoiceError", "NeedsConfirmation", "Proposal", "approve", "bulk", "check_efficacy",
           "choice_from_form", "decide", "discard", "entry_decision", "prepare", "record_efficacy", "remove_efficacy",
           "revert", "withdraw"]
