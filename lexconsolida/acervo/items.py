"""The items waiting for a person in an acervo: one list, counted the same everywhere.

An item is one instruction of one amending act and one problem code — (act, dispositivo, code)
—, the same key as a ledger entry (:func:`lexconsolida.corpus.ledger.key_of`). It comes from the
acervo's results (:class:`~lexconsolida.acervo.pipeline.Acervo`): the blocking problems of the
steps pending in a target's history (recognition problems, failed applications, gates), the
blocking problems of acts whose target is not known, and the acts whose target has no text
here; decided items come from the ledgers. The work list (``lexconsolida acervo``), the review
desk (``lexconsolida mesa``) and ``lexconsolida decisoes`` all take their queue from
:func:`build`, so "itens em aberto" is one number (:func:`open_items`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lexconsolida.acervo.pipeline import BASE_MISSING, PENDING, Acervo
from lexconsolida.corpus.records import Decisao

APPLY_FAILURE = "falha-na-aplicacao"
OUTSIDE = "alvo-fora-do-acervo"
"""An act changes a municipal act the acervo does not have: its base text is missing."""
OPEN = ("pendente", "reaberta", "adiada", "proposta")
"""The statuses of an item still open (its problem is not settled)."""


@dataclass(slots=True)
class Said:
    """What one operation of the item's instruction does, as the words of the desk need it."""

    kind: str
    target_id: str | None
    target_label: str


@dataclass(slots=True)
class Item:
    act: str
    """URN of the amending act."""
    pasta: str
    """Its folder in the acervo ('ba-feira-de-santana/lei-2748-2007')."""
    act_label: str
    year: str | None
    where: str | None
    """The instruction's dispositivo in the act (None: the act as a whole)."""
    code: str
    message: str
    line: int | None
    source: str
    """The instruction's text as printed."""
    targets: list[str] = field(default_factory=list)
    """URNs of the acts of the acervo whose text waits on this item."""
    target_labels: list[str] = field(default_factory=list)
    impact: int = 0
    """How many acts depend on it: the acts it holds back and the acts related to those."""
    status: str = "pendente"
    entry: Decisao | None = None
    """The decision in force for this item, when there is one."""
    proposal: Decisao | None = None
    """A proposal waiting for a second person's approval on this item, when there is one."""
    messages: list[str] = field(default_factory=list)
    """Every message reported for this item (one per target or failed operation)."""
    outside: list[str] = field(default_factory=list)
    """Acts it changes that the acervo does not have (as the act cites them)."""
    bare_targets: bool = False
    """Every target of the item has a text without articles (the source only has its ementa)."""
    date: str | None = None
    """The amending act's date (vigência, else publication or signature)."""
    said: list[Said] = field(default_factory=list)
    """What the instruction's operations do (for the headline)."""

    @property
    def id(self) -> str:
        """'ba-feira-de-santana/lei-2748-2007/art1/alteracao-nao-textual' (the item's URL path)."""
        return f"{self.pasta}/{self.where or 'ato'}/{self.code}"

    @property
    def group(self) -> str:
        if self.code in (BASE_MISSING, OUTSIDE) or (self.code == APPLY_FAILURE and self.bare_targets):
            return "base"
        if self.code == APPLY_FAILURE:
            return "aplicacao"
        return "instrucao"

    @property
    def key(self) -> tuple[str, str | None]:
        return (self.code, self.where)

    @property
    def open(self) -> bool:
        return self.status in OPEN


def entries_for(decisoes: list[Decisao], code: str, where: str | None) -> tuple[Decisao | None, Decisao | None]:
    """The decision in force on an item and the proposal waiting on it: those recorded for
    exactly (code, where), else the last that match it (a decision on a whole article answers
    its paragraphs)."""
    exact = [d for d in decisoes if d.problema == code and d.dispositivo == where]
    pool = exact or [d for d in decisoes if d.matches(code, where)]
    in_force = [d for d in pool if d.estado != "proposta"]
    waiting = [d for d in pool if d.estado == "proposta"]
    return (in_force[-1] if in_force else None), (waiting[-1] if waiting else None)


def _status(entry: Decisao | None, proposal: Decisao | None) -> str:
    if proposal is not None:
        return "proposta"
    if entry is None:
        return "pendente"
    if entry.decisao == "adiar":
        return "adiada"
    return "reaberta"  # a decision in force, yet the problem is open: its text changed, or it failed


def _base(where: str | None) -> str | None:
    return where[:-4] if where and where.endswith("_cpt") else where


def build(ac: Acervo) -> list[Item]:
    """Every item of ``ac``: open ones (with their ledger status) and decided ones, by impact."""
    items: dict[tuple[str, str | None, str], Item] = {}
    labels = {u: r.rotulo for u, r in ac.acts.items()}

    def add(urn: str, code: str, msg: str, where: str | None, line: int | None, text: str, target: str | None):
        where = _base(where)
        r = ac.acts[urn]
        key = (urn, where, code)
        it = items.get(key)
        if it is None:
            it = items[key] = Item(urn, r.pasta, r.rotulo, r.ano, where, code, msg, line, text, date=r.vigencia)
        if target and target not in it.targets:
            it.targets.append(target)
        if msg not in it.messages:
            it.messages.append(msg)
        if it.line is None and line is not None:
            it.line, it.source = line, text or it.source

    for target in sorted(ac.histories):
        for s in ac.histories[target].steps:
            for p in s.problemas:
                if p.tipo == BASE_MISSING or (s.situacao == PENDING and (p.bloqueia or p.tipo == APPLY_FAILURE)):
                    add(s.ato, p.tipo, p.mensagem, p.dispositivo, p.linha, p.texto, target)
    for rel in ac.relations:  # municipal acts changed by an act of the acervo, missing from it
        if not rel.no_acervo and ":municipal:" in rel.alvo and rel.fonte in ac.acts \
                and rel.tipo != "regulamenta":
            msg = (f"{rel.alvo_rotulo}, que {ac.acts[rel.fonte].rotulo} altera ou revoga, não está no acervo: "
                   "a alteração não pode ser aplicada aqui. Inclua o texto no acervo (lexconsolida importar) ou "
                   "registre que ela fica sem aplicação")
            add(rel.fonte, OUTSIDE, msg, rel.dispositivo, rel.linha, rel.texto, None)
            it = items[(rel.fonte, _base(rel.dispositivo), OUTSIDE)]
            if rel.alvo_rotulo not in it.outside:
                it.outside.append(rel.alvo_rotulo)
    for urn in sorted(ac.acts):  # as the work list: every open blocking problem of every act
        for p in ac.acts[urn].problemas:
            if p.bloqueia:
                add(urn, p.tipo, p.mensagem, p.dispositivo, p.linha, p.texto, None)
    dependents: dict[str, set[str]] = {}
    for rel in ac.relations:
        if rel.no_acervo:
            dependents.setdefault(rel.alvo, set()).add(rel.fonte)
    for it in items.values():
        act = ac.corpus.acts.get(it.act)
        it.entry, it.proposal = entries_for(act.decisoes, it.code, it.where) if act is not None else (None, None)
        it.status = _status(it.entry, it.proposal)
        if it.code == OUTSIDE and it.entry is not None and it.entry.in_force and it.proposal is None:
            it.status = "decidida"  # nothing to apply: the decision settles it
        it.target_labels = [labels.get(t, t) for t in it.targets] + it.outside
        it.bare_targets = bool(it.targets) and all(t in ac.acts and ac.acts[t].texto and not ac.acts[t].dispositivos
                                                   for t in it.targets)
        reach = set(it.targets)
        for t in it.targets:
            reach |= dependents.get(t, set())
        reach.discard(it.act)
        it.impact = len(reach)
        it.said = [Said(str(o.tipo), o.unidade, labels.get(o.alvo or "", o.alvo or ""))
                   for o in ac.acts[it.act].operacoes
                   if _base(o.dispositivo) == it.where or it.where is None and o.dispositivo is None]
    out = list(items.values())
    out += _decided(ac, {(i.act, i.where, i.code) for i in out})
    return sorted(out, key=lambda i: (-i.impact, i.pasta, i.line or 0, i.code))


def _decided(ac: Acervo, open_keys: set[tuple[str, str | None, str]]) -> list[Item]:
    """Items whose decision is in force and whose problem is gone: decided (a proposal to change
    the decision may wait on one)."""
    out = []
    for urn in sorted(ac.acts):
        act = ac.corpus.acts.get(urn)
        if act is None:
            continue
        r = ac.acts[urn]
        for d in act.decisoes:
            if not d.in_force or (urn, d.dispositivo, d.problema) in open_keys:
                continue
            targets = sorted({rel.alvo for rel in ac.relations if rel.fonte == urn and rel.no_acervo})
            _, waiting = entries_for(act.decisoes, d.problema, d.dispositivo)
            out.append(Item(urn, r.pasta, r.rotulo, r.ano, d.dispositivo, d.problema, d.nota or "", None, "",
                            targets, [ac.acts[t].rotulo for t in targets if t in ac.acts], 0, "decidida", d,
                            waiting, date=r.vigencia))
    return out


def open_items(items: list[Item]) -> list[Item]:
    """The items whose problem is not settled: what every view counts as "em aberto"."""
    return [i for i in items if i.open]


__all__ = ["APPLY_FAILURE", "OPEN", "OUTSIDE", "Item", "Said", "build", "entries_for", "open_items"]
