"""The act page of the review desk: an act's history as the acervo compiles it now (each amending
act applied, pending or ignored, with the quadro of what an applied one changed), its open items,
its text in force, and its court decisions and other efficacy events (listed, and a form to
record one: :meth:`lexconsolida.review.desk.Desk.record_efficacy`)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date, timedelta

from markupsafe import Markup

from lexconsolida.diff.html import make_row, rows_html
from lexconsolida.diff.report import compare
from lexconsolida.diff.units import Unit, flatten
from lexconsolida.errors import InputError
from lexconsolida.model import Kind, Norma
from lexconsolida.model.efficacy import KIND_TITLES
from lexconsolida.acervo.items import Item
from lexconsolida.transforms.pointintime import at, vigente
from lexconsolida.writers.html.view import decisoes_eficacia


@dataclass(slots=True)
class StepView:
    act: str
    label: str
    pasta: str
    situacao: str
    motivo: str | None
    operacoes: int
    items: list[Item] = field(default_factory=list)
    quadro: Markup | None = None
    """The rows that changed when this act came into force (for the step asked for)."""
    date: str | None = None
    revoga: bool = False
    """The act revokes this one whole."""


@dataclass(slots=True)
class ActView:
    urn: str
    label: str
    pasta: str
    ementa: str | None
    has_text: bool
    steps: list[StepView]
    items: list[Item]
    """Open items of this act as an amending act."""
    text: list[Unit]
    """Its text in force today (as compiled now)."""
    shown: str | None = None
    """The amending act whose quadro is shown."""
    eficacia: dict = field(default_factory=dict)
    """The act's efficacy today (:func:`lexconsolida.writers.html.view.decisoes_eficacia`)."""
    eventos: list = field(default_factory=list)
    """The efficacy events recorded in its ledger (id, what, scope), for removal."""
    unit_ids: list[str] = field(default_factory=list)
    """Ids of its dispositivos (the efficacy form offers them)."""


def _day_before(day: str) -> str:
    return (date.fromisoformat(day) - timedelta(days=1)).isoformat()


def change_rows(norma: Norma, day: str) -> Markup:
    """The quadro rows of what changed in ``norma`` on ``day`` (its history cut the day before
    and on the day)."""
    try:
        before = at(norma, _day_before(day))
    except InputError:
        return Markup("")
    after = at(norma, day)
    same = {u.id for u in flatten(before)} & {u.id for u in flatten(after)}
    report = compare(before, after, table={i: i for i in same}, date=day)
    return rows_html([make_row(p) for p in report.pairs if p.is_change], False)


def act_view(desk, urn: str, show: str | None = None) -> ActView:
    ac = desk.ac
    res = ac.acts[urn]
    h = ac.histories.get(urn)
    by_act: dict[str, list[Item]] = {}
    for i in desk.items:
        if i.open:
            by_act.setdefault(i.act, []).append(i)
    steps = []
    norma = h.norma if h is not None else None
    applied = [s.ato for s in (h.steps if h is not None else []) if s.situacao == "aplicada"]
    show = show if show in applied else (applied[-1] if applied else None)
    for s in h.steps if h is not None else []:
        src = ac.acts[s.ato]
        view = StepView(s.ato, src.rotulo, src.pasta, s.situacao, s.motivo, s.operacoes,
                        [i for i in by_act.get(s.ato, []) if not i.targets or urn in i.targets], date=src.vigencia,
                        revoga=s.revoga)
        if s.ato == show and norma is not None and src.vigencia:
            view.quadro = change_rows(norma, src.vigencia)
        steps.append(view)
    text: list[Unit] = []
    efficacy: dict = {}
    ids: list[str] = []
    if res.texto and not res.recusa:
        current = norma if norma is not None else ac.corpus.read(urn)
        today = replace(current, as_of=date.today().isoformat())
        text = [u for u in flatten(vigente(today))]
        efficacy = decisoes_eficacia(today)
        ids = [d.id for d in current.dispositivos() if d.kind is not Kind.CAPUT]
    events = [{"id": e.id, "tipo": KIND_TITLES.get(e.kind, e.kind),
               "decisao": e.decision.named if e.decision else (e.source or ""),
               "alcance": ", ".join(e.units) or "ato inteiro", "responsavel": e.responsavel}
              for e in ac.corpus.acts[urn].eficacia]
    return ActView(urn, res.rotulo, res.pasta, res.ementa, res.texto, steps, by_act.get(urn, []), text, show,
                   efficacy, events, ids)
