"""The Feira de Santana chain: Lei 2.217/2001 amended by Leis 2.331/2002, 2.421/2003 and
3.477/2014, compiled at every date between the acts and compared with the texts worked out by
hand (tests/golden/amend/feira-de-santana/). Needs the text reader."""

from datetime import date, timedelta

import pytest
from hypothesis import given, settings, strategies as st

from tests.conftest import GOLDEN, STATUTES, check_golden

from lexconsolida.amendments import recognise
from lexconsolida.corpus import load
from lexconsolida.history import history, recognise_act
from lexconsolida.errors import InputError
from lexconsolida.model import Kind, Situacao
from lexconsolida.transforms.pointintime import at, vigente

pytestmark = pytest.mark.shared  # the Feira de Santana texts come from ../shared

G = GOLDEN / "amend" / "feira-de-santana"
L2217 = "urn:lex:br;bahia;feira.santana:municipal:lei:2001-01-05;2217"
L3477 = "urn:lex:br;bahia;feira.santana:municipal:lei:2014-09-10;3477"
VERSIONS = ["2001-01-06", "2002-05-21", "2003-06-30", "2014-09-10"]
"""Vigência of the base law and of each amending act (publication = signature date)."""


def line(d, text: str) -> str:
    sep = " – " if d.kind is Kind.INCISO or d.unico else " "
    return f"{d.rotulo}{sep}{text}"


def render_vigente(norma) -> str:
    out = []
    for d in norma.dispositivos():
        if d.kind is Kind.CAPUT:
            continue
        out.append(line(d, "(Revogado)" if d.situacao is Situacao.REVOGADO else d.head_text))
    return "\n".join(out) + "\n"


def render_compilado(norma) -> str:
    from lexconsolida.model.history import compiled_entries

    out = []
    for d in norma.dispositivos():
        if d.kind is Kind.CAPUT:
            continue
        holder = d.caput if d.kind is Kind.ARTIGO and d.caput is not None and d.caput.history else d
        for e in compiled_entries(holder):
            out.append(("[riscado] " if e.struck else "") + line(d, e.text))
            if e.note:
                out.append(f"    ({e.note})")
    return "\n".join(out) + "\n"


@pytest.fixture(scope="module")
def corpus():
    return load(STATUTES)


@pytest.fixture(scope="module")
def compiled(corpus):
    return history(corpus, L2217)


def golden_for(when: str) -> str:
    version = max(v for v in VERSIONS if v <= when)
    return (G / f"lei-2217-2001.vigente.{version}.txt").read_text(encoding="utf-8")


def test_every_amending_act_applied(compiled):
    assert [(r.act.numero, r.applied, [p.code for p in r.problems]) for r in compiled.reports] == [
        ("2.331", True, []), ("2.421", True, []), ("3.477", True, [])]
    assert [p.code for p in compiled.reports[-1].resolved] == ["dispositivo-sem-instrucao"]


def boundary_dates():
    out = []
    for i, v in enumerate(VERSIONS):
        d = date.fromisoformat(v)
        out += [v, (d + timedelta(days=1)).isoformat()]
        if i + 1 < len(VERSIONS):
            out.append((date.fromisoformat(VERSIONS[i + 1]) - timedelta(days=1)).isoformat())
    return out + ["2026-11-30"]


@pytest.mark.parametrize("when", boundary_dates())
def test_text_in_force_at_each_boundary(compiled, when):
    assert render_vigente(vigente(at(compiled.norma, when))) == golden_for(when)


@settings(max_examples=25, deadline=None)
@given(st.dates(min_value=date(2001, 1, 6), max_value=date(2030, 12, 31)))
def test_text_in_force_on_any_date(compiled, when):
    when = when.isoformat()
    assert render_vigente(vigente(at(compiled.norma, when))) == golden_for(when)


@pytest.mark.parametrize("when", ["2003-06-30", "2014-09-10"])
def test_compiled_view_with_notes(compiled, when):
    expected = (G / f"lei-2217-2001.compilado.{when}.txt").read_text(encoding="utf-8")
    assert render_compilado(at(compiled.norma, when)) == expected


def test_before_the_law_existed(compiled):
    with pytest.raises(InputError, match="ainda não estava em vigor"):
        at(compiled.norma, "2000-12-31")


def test_problems_reported_for_lei_3477(corpus, update_golden):
    rec = recognise(corpus.read(L3477), lambda ref: corpus.resolve(ref, L3477))
    # the ementa names the laws that amended 2.217/2001, as art. 1º cites them ('alterada pelas
    # Leis …'): no ementa-divergente
    assert [p.code for p in rec.problems] == ["dispositivo-sem-instrucao"]
    check_golden(G / "lei-3477-2014.problemas.txt", "\n".join(p.describe() for p in rec.problems) + "\n",
                 update_golden)


@pytest.mark.parametrize("act", ["lei-2331-2002", "lei-2421-2003", "lei-3477-2014", "lei-2748-2007"])
def test_operation_lists(corpus, act, update_golden):
    found = corpus.find(STATUTES / "ba-feira-de-santana" / act)
    decided = recognise_act(corpus, found)
    check_golden(GOLDEN / "amend" / "operacoes" / f"{act}.txt", decided.recognition.describe(), update_golden)


def test_undecided_3477_is_not_applied(corpus, tmp_path):
    import shutil

    root = tmp_path / "statutes"
    shutil.copytree(STATUTES / "ba-feira-de-santana", root / "ba-feira-de-santana")
    (root / "ba-feira-de-santana" / "lei-3477-2014" / "decisoes.toml").unlink()  # not decided yet
    h = history(load(root), L2217)
    last = h.reports[-1]
    assert not last.applied and [p.code for p in last.problems] == ["dispositivo-sem-instrucao"]
    # without the decision the 2003 text stays in force
    assert render_vigente(vigente(at(h.norma, "2020-01-01"))) == golden_for("2003-06-30")


def test_declared_relation_without_operations_is_reported(tmp_path):
    import shutil

    root = tmp_path / "statutes"
    shutil.copytree(STATUTES / "ba-feira-de-santana", root / "ba-feira-de-santana")
    toml = root / "ba-feira-de-santana" / "lei-2244-2001" / "norma.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + '\n[[relacoes]]\ntipo = "altera"\nalvos = ["Lei nº 2.217/2001"]\n',
                    encoding="utf-8")
    h = history(load(root), L2217)
    (report,) = [r for r in h.reports if r.act.numero == "2.244"]
    assert not report.applied and [(p.code, p.blocking) for p in report.problems] == [("relacao-sem-operacoes", False)]
