"""The review desk's preview is what recording the decision does, on every open item of the whole
Feira de Santana queue (a scratch copy of the imported acervo): for each item, the decision a
clerk would take first (the tool's reading when it applies, else another offered reading, else
rejecting it) is previewed by the one decision path (:func:`lexconsolida.review.service.prepare`),
recorded (one-person mode, so that it takes effect), and the act's step in the target's history
as compiled again is compared with the preview: applied or not as the preview said, and when
applied, the target's whole text after the act equal to the preview's."""

from __future__ import annotations

import shutil
import time
from dataclasses import replace

import pytest

from lexconsolida.corpus.ledger import Actor
from lexconsolida.diff.units import flatten
from lexconsolida.history import steps
from lexconsolida.review import service
from lexconsolida.review.desk import Desk
from lexconsolida.review.service import Choice

pytestmark = [pytest.mark.shared, pytest.mark.slow]
MUN = "ba-feira-de-santana"
CLERK = Actor("teste", "Teste Automático")


def _one_person(root) -> None:
    (root / MUN / "revisao.toml").write_text("duas_pessoas = false\n", encoding="utf-8")


def _text(norma) -> list[tuple]:
    return [(u.id, u.label, u.body, u.situacao if hasattr(u, "situacao") else None) for u in flatten(norma)]


def _after(desk: Desk, target: str, act) -> object:
    """The target right after ``act``'s step, compiled again from the acts' recognitions now."""
    corpus = desk.ac.corpus
    plan = desk.plan(target, act)
    upto = replace(plan, acts=plan.acts[: [a.urn for a in plan.acts].index(act.urn) + 1])
    last = None
    for st in steps(corpus, corpus.acts[target], upto, desk.recognised, tolerant=True):
        last = st
    return last


def _choice(detail) -> Choice:
    for r in detail.readings:
        if r.preview is not None and r.preview.applies:
            return Choice("aprovar", None if r.default else "leitura oferecida pela ferramenta", detail.target, r.key)
    return Choice("rejeitar", "teste: a instrução não se aplica", detail.target)


def test_the_preview_equals_the_rebuild_on_every_open_item_of_feira(feira_importada, tmp_path):
    source, cache = feira_importada
    root = tmp_path / "acervo"
    shutil.copytree(source, root)
    _one_person(root)
    desk = Desk(root, cache_dir=cache)
    todo = [i.id for i in desk.open_items]
    assert len(todo) > 300
    compared = applied = 0
    mismatches: list[str] = []
    seconds: list[float] = []
    for item_id in todo:
        item = desk.item(item_id)
        if item is None or not item.open:
            continue  # an earlier decision settled it
        detail = desk.detail(item)
        if detail.target is None or not detail.units:
            continue  # no text to preview (the norm is not identified, or not in the acervo)
        choice = _choice(detail)
        started = time.perf_counter()
        proposal = service.prepare(desk, item, choice, CLERK)
        preview = proposal.preview
        assert preview is not None
        service.decide(desk, item, choice, CLERK, expected=detail.version)
        seconds.append(time.perf_counter() - started)
        act = desk.ac.corpus.acts[item.act]
        done = _after(desk, detail.target, act)
        compared += 1
        if done.report.applied != preview.applies_now:
            mismatches.append(f"{item.id}: prévia {'aplica' if preview.applies_now else 'não aplica'}, "
                              f"reconstrução {'aplica' if done.report.applied else 'não aplica'}")
            continue
        if done.report.applied:
            applied += 1
            if _text(done.after) != _text(preview.after):
                mismatches.append(f"{item.id}: o texto reconstruído difere da prévia")
    print(f"\n{compared} itens comparados ({applied} aplicados, {len(mismatches)} diferentes); decisão (prévia + "
          f"registro + recompilação): mediana {sorted(seconds)[len(seconds) // 2]:.2f} s, pior {max(seconds):.2f} s")
    assert mismatches == []
    # every item with a target text was compared (the others: the norm not identified or not in the
    # acervo, or settled by an earlier decision on the same act)
    assert compared > 150 and applied > 40
