"""The consolidation engine on generated acts: nothing lost or duplicated, renumbering a
bijection, final clauses as LC 95 wants them, bad specs refused."""

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from lexconsolida.check import check
from lexconsolida.consolidation.engine import consolidate
from lexconsolida.consolidation.final import revocation_items
from lexconsolida.consolidation.spec import Section, Spec, load_spec
from lexconsolida.errors import InputError
from lexconsolida.model import Kind, Severity, Situacao
from tests.consolidation_fixtures import make_act


def spec_for(sources, estrutura=()):
    return Spec("spec.toml", {"tipo": "Lei", "ementa": "Consolida."}, [], list(estrutura), [])


def in_force_units(src):
    out = []
    for art in src.norma.artigos():
        if art.situacao is not Situacao.VIGENTE:
            continue
        stack = [art]
        while stack:
            d = stack.pop()
            if d.situacao is not Situacao.VIGENTE:
                continue
            out.append(d)
            stack.extend(d.children)
    return out


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=10_000), min_size=1, max_size=4, unique=True),
       st.integers(min_value=1, max_value=25))
def test_nothing_lost_nothing_duplicated(seeds, n_articles):
    sources = [make_act(s, n_articles, numero=100 + i) for i, s in enumerate(seeds)]
    result = consolidate(spec_for(sources), sources)
    # Every source unit appears exactly once in the table.
    keys = [(r.alias, r.source_id) for r in result.rows]
    assert len(keys) == len(set(keys))
    expected = {(s.alias, d.id) for s in sources for a in s.norma.artigos() for d in a.walk()}
    assert set(keys) == expected
    # Renumbering is a bijection from kept source units onto the new units (final clauses aside).
    included = [r for r in result.rows if r.status == "incluido"]
    new_ids = [r.new_id for r in included]
    assert len(new_ids) == len(set(new_ids))
    final = {a.id for a in list(result.norma.artigos())[-2:]}
    body_ids = {d.id for d in result.norma.dispositivos() if d.id.split("_")[0] not in final}
    assert set(new_ids) == body_ids
    # The kept units are exactly the source units in force, texts carried word for word.
    kept = {(s.alias, d.id) for s in sources for d in in_force_units(s)}
    assert {(r.alias, r.source_id) for r in included} == kept
    for r in included:
        assert r.new_text == r.source_text
    # The result passes the structural checks.
    errors = [d for d in check(result.norma) if d.severity is Severity.ERROR]
    assert errors == []


def test_articles_sequential_and_final_clauses():
    sources = [make_act(3, 12, numero=300), make_act(1, 5, numero=200)]
    result = consolidate(spec_for(sources), sources)
    nums = [a.number.value for a in result.norma.artigos()]
    assert nums == list(range(1, len(nums) + 1))
    arts = list(result.norma.artigos())
    assert arts[-2].caput.text == "Esta Lei entra em vigor na data de sua publicação."
    rev = arts[-1].caput
    assert rev.text == "Ficam revogados:"
    # chronological order, LC 95 punctuation
    assert [c.text for c in rev.children] == revocation_items(sources)
    assert rev.children[0].text.startswith("a Lei nº 200") and rev.children[0].text.endswith("; e")
    assert rev.children[-1].text.endswith(".")


def test_lone_paragraph_becomes_unico():
    src = make_act(7, 30, numero=1)
    result = consolidate(spec_for([src]), [src])
    for art in result.norma.artigos():
        pars = [c for c in art.children if c.kind is Kind.PARAGRAFO]
        if len(pars) == 1:
            assert pars[0].rotulo == "Parágrafo único" and pars[0].id.endswith("_par1u")


def test_outline_placing_an_article_twice_is_refused():
    src = make_act(5, 6, numero=10)
    spec = spec_for([src], [Section("capitulo", "UM", ["l10:art1-art3"]),
                            Section("capitulo", "DOIS", ["l10:art3-art6"])])
    with pytest.raises(InputError, match="duas vezes"):
        consolidate(spec, [src])


def test_outline_leaving_an_article_out_is_refused():
    src = make_act(5, 6, numero=10, revoked_ratio=0)
    spec = spec_for([src], [Section("capitulo", "UM", ["l10:art1-art3"])])
    with pytest.raises(InputError, match="não colocado"):
        consolidate(spec, [src])


def test_unresolved_problems_are_refused():
    src = make_act(5, 6, numero=10)
    src.problems = ["art. 2º altera número fixado no art. 16 sem nova redação"]
    with pytest.raises(InputError, match="não resolvidas"):
        consolidate(spec_for([src]), [src])


def test_spec_errors_name_the_file(tmp_path: Path):
    p = tmp_path / "c.toml"
    p.write_text('[norma]\ntipo = "Lei"\n', encoding="utf-8")
    with pytest.raises(InputError, match="ementa") as err:
        load_spec(p)
    assert str(p) in str(err.value)
    p.write_text('[norma]\ntipo="Lei"\nementa="x"\n[[fontes]]\nalias="a"\nato="x"\n'
                 '[[estrutura]]\ntipo="capitulo"\nnome="X"\nartigos=["b:*"]\n', encoding="utf-8")
    with pytest.raises(InputError, match="'b'"):
        load_spec(p)


def test_reports_render_and_escape():
    from lexconsolida.consolidation import report

    a, b = make_act(11, 8, numero=500), make_act(12, 8, numero=501)
    # A shared provision with a different number of years: a conflict, and a near duplicate.
    a.norma.find("art2_cpt").text = "O veículo deverá ter no máximo 10 (dez) anos de fabricação, contados do ano modelo <script>."
    b.norma.find("art3_cpt").text = "O veículo deverá ter no máximo 12 (doze) anos de fabricação, contados do ano modelo <script>."
    a.norma.find("art2").situacao = Situacao.VIGENTE
    b.norma.find("art3").situacao = Situacao.VIGENTE
    c = consolidate(spec_for([a, b]), [a, b])
    html = report.review_html(c).decode()
    assert "&lt;script&gt;" in html and "<script>" not in html
    assert c.findings["conflicts"] and c.findings["near_duplicates"]
    assert "10 (dez) anos" in html and "12 (doze) anos" in html
    csv_text = report.correspondence_csv(c).decode()
    assert csv_text.count("\n") == len(c.rows) + 1
    corr = report.correspondence_html(c).decode()
    for r in c.rows:
        if r.new_id:
            assert f'id="n-{r.new_id}"' in corr
    assert report.review_json(c) == report.review_json(c)
    # both pages say what the document is: a draft without legal force, and which consolidation
    for page in (html, corr):
        assert "Consolidação em elaboração, sem valor normativo" in page
    assert f'<p class="ementa">{c.norma.ementa}</p>' in corr


def replay(row, edits):
    from lexconsolida.consolidation.rewrite import replay as replay_edits

    return replay_edits(row.source_text, [e for e in edits if e.new_id == row.new_id])


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=1, max_value=10_000))
def test_citations_follow_renumbering_and_trace_back(seed):
    from lexconsolida import citations

    a = make_act(seed, 12, numero=700, citations=8)
    b = make_act(seed + 1, 9, numero=701, citations=6)
    result = consolidate(spec_for([a, b]), [a, b])
    edits = result.edits
    for r in result.rows:
        if r.status == "incluido":
            assert replay(r, edits) == r.new_text
    # Every citation in the new text resolves to the new place of the unit its source cited.
    new_index = result.norma.index()
    old_of = {r.new_id: (r.alias, r.source_id) for r in result.rows if r.status == "incluido"}
    for d in result.norma.dispositivos():
        if d.id not in old_of or not d.text:
            continue
        alias = old_of[d.id][0]
        src = {"l700": a, "l701": b}[alias]
        old_cits = citations.find_dispositivos(src.norma.find(old_of[d.id][1]).text)
        new_cits = citations.find_dispositivos(d.text)
        assert len(old_cits) == len(new_cits)
        ren = {r.source_id: r.new_id for r in result.rows if r.alias == alias and r.new_id}
        broken = {x.text for x in result.findings["broken_citations"] if x.new_id == d.id}
        for o, n in zip(old_cits, new_cits):
            if o.text in broken:
                continue
            assert [ren[i] for i in o.ids] == list(n.ids)
            assert all(i in new_index for i in n.ids)


def test_fusions_and_discards_are_accounted_for():
    from lexconsolida.consolidation.spec import Discard, Fusion

    a, b = make_act(21, 6, numero=800, revoked_ratio=0), make_act(22, 3, numero=801, revoked_ratio=0)
    spec = spec_for([a, b])
    spec.fusoes = [Fusion(["l801:art1"], "l800:art2", "disposição repetida (LC 95, art. 13, § 2º, III)")]
    spec.descartes = [Discard(["l801:art3"], "eficácia exaurida")]
    result = consolidate(spec, [a, b])
    by_src = {(r.alias, r.source_id): r for r in result.rows}
    fused = by_src[("l801", "art1")]
    assert fused.status == "fundido" and fused.new_id == "art2" and "repetida" in fused.reason
    assert by_src[("l801", "art3")].status == "descartado" and by_src[("l801", "art3")].reason == "eficácia exaurida"
    assert by_src[("l801", "art2")].new_id == "art7"
    assert sum(1 for _ in result.norma.artigos()) == 6 + 1 + 2


def test_moved_unit_becomes_a_paragraph_of_its_destination():
    from lexconsolida.consolidation.spec import Move

    a = make_act(31, 4, numero=900, revoked_ratio=0)
    b = make_act(32, 3, numero=901, revoked_ratio=0)
    src = next(d for d in b.norma.dispositivos() if d.kind is Kind.PARAGRAFO)
    spec = spec_for([a, b])
    spec.deslocamentos = [Move(f"l901:{src.id}", "l900:art1", "regra própria do ato 901")]
    result = consolidate(spec, [a, b])
    row = next(r for r in result.rows if (r.alias, r.source_id) == ("l901", src.id))
    n_pars = sum(1 for c in a.norma.find("art1").children if c.kind is Kind.PARAGRAFO)
    expected = "art1_par1u" if n_pars == 0 else f"art1_par{n_pars + 1}"
    assert row.status == "incluido" and row.new_id == expected and "regra própria" in row.reason
    assert result.norma.find(expected).text == src.text
    # Nothing lost or duplicated: the moved unit is not also in its old article.
    new_ids = [r.new_id for r in result.rows if r.status == "incluido"]
    assert len(new_ids) == len(set(new_ids))


def test_moving_an_article_or_into_nothing_is_refused():
    from lexconsolida.consolidation.spec import Move

    a = make_act(31, 4, numero=900, revoked_ratio=0)
    spec = spec_for([a])
    spec.deslocamentos = [Move("l900:art2", "l900:art1", "x")]
    with pytest.raises(InputError, match="artigos se colocam"):
        consolidate(spec, [a])
    spec.deslocamentos = [Move("l900:art2_cpt", "l900:art99", "x")]
    with pytest.raises(InputError, match="não tem o dispositivo"):
        consolidate(spec, [a])
