"""The Feira de Santana consolidation (issue 4's real-text demonstration): Leis 2.217/2001 (as
amended), 2.244/2001 and 2.748/2007 into one norm. Outputs held as golden files."""

import csv
import io
import json
import shutil

import pytest

from lexconsolida import citations
from lexconsolida.check import check
from lexconsolida.consolidation import consolidate_spec
from lexconsolida.consolidation.outputs import CORRESPONDENCE_SOURCE
from lexconsolida.consolidation.rewrite import replay
from lexconsolida.lexml.extension import NS_EXT
from lexconsolida.model import Severity
from lexconsolida.lexml.xml_safe import NS_LEXML, canonical, parse_xml
from tests.conftest import GOLDEN, STATUTES, assert_valid_lexml, check_golden, convert_to_pdf, needs_soffice, run_cli

SPEC = STATUTES / "ba-feira-de-santana" / "consolidacoes" / "transporte.toml"
GOLDEN_DIR = GOLDEN / "consolidation" / "feira-de-santana"


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("fsa")
    result, files = consolidate_spec(SPEC, out, acervo=STATUTES)
    return result, out, {p.name for p in files}


@pytest.mark.shared
@pytest.mark.parametrize("name", ["norma.txt", "correspondencia.csv", "revisao.json", "norma.xml"])
def test_golden_outputs(run, name, update_golden):
    _, out, _ = run
    data = (out / name).read_bytes()
    if name.endswith(".xml"):
        data = canonical(data)
    check_golden(GOLDEN_DIR / name, data, update_golden)


@pytest.mark.shared
def test_all_outputs_written_and_valid(run):
    _, out, names = run
    assert names == {"norma.xml", "norma.txt", "norma.html", "norma.docx", "correspondencia.csv",
                     "correspondencia.html", "revisao.html", "revisao.json"}
    assert_valid_lexml((out / "norma.xml").read_bytes())


@pytest.mark.shared
def test_every_source_dispositivo_accounted_for(run):
    result, _, _ = run
    expected = {(s.alias, d.id) for s in result.sources for a in s.norma.artigos() for d in a.walk()}
    got = [(r.alias, r.source_id) for r in result.rows]
    assert len(got) == len(set(got)) and set(got) == expected
    assert {r.status for r in result.rows} <= {"incluido", "fundido", "descartado"}
    assert all(r.reason for r in result.rows if r.status != "incluido")


@pytest.mark.shared
def test_numbering_valid(run):
    result, out, _ = run
    assert [d for d in check(result.norma) if d.severity is Severity.ERROR] == []
    proc = run_cli("check", out / "norma.xml")
    assert proc.returncode == 0, proc.stdout.decode() + proc.stderr.decode()


@pytest.mark.shared
def test_every_internal_citation_points_to_the_right_new_dispositivo(run):
    result, _, _ = run
    index = result.norma.index()
    new_of = {(r.alias, r.source_id): r.new_id for r in result.rows if r.new_id}
    origin = {r.new_id: (r.alias, r.source_id) for r in result.rows if r.status == "incluido"}
    sources = {s.alias: s for s in result.sources}
    checked = 0
    for d in result.norma.dispositivos():
        if d.id not in origin or not d.text:
            continue
        alias, old_id = origin[d.id]
        old = citations.find_dispositivos(sources[alias].norma.find(old_id).text)
        new = citations.find_dispositivos(d.text)
        assert len(old) == len(new), (d.id, d.text)
        for o, n in zip(old, new):
            if o.act is not None and not o.proprio:
                if n.act is not None and not n.proprio:
                    continue  # an act outside the consolidation: kept as printed
            if o.incompleto:
                continue
            assert list(n.ids) == [new_of[(alias, i)] for i in o.ids], (d.id, o.text, n.text)
            assert all(i in index for i in n.ids)
            checked += 1
    assert checked >= 1
    assert result.findings["broken_citations"] == []


@pytest.mark.shared
def test_correspondence_round_trips(run):
    result, out, _ = run
    # Each new unit is its source text word for word, but for the listed edits.
    for r in result.rows:
        if r.status == "incluido":
            edits = [e for e in result.edits if e.new_id == r.new_id]
            assert replay(r.source_text, edits) == r.new_text, r.new_id
    # The table inside the LexML and the CSV say the same as the rows.
    root = parse_xml((out / "norma.xml").read_bytes())
    mp = [m for m in root.iter(f"{{{NS_LEXML}}}MetadadoProprietario") if m.get("fonte") == CORRESPONDENCE_SOURCE]
    lines = [(x.get("origem"), x.get("situacao"), x.get("novo")) for x in mp[0].iter(f"{{{NS_EXT}}}linha")]
    assert lines == [(r.source_id, r.status, r.new_id) for r in result.rows]
    rows = list(csv.DictReader(io.StringIO((out / "correspondencia.csv").read_text(encoding="utf-8"))))
    assert [(x["dispositivo_origem_id"], x["dispositivo_novo_id"] or None) for x in rows] == \
        [(r.source_id, r.new_id) for r in result.rows]


@pytest.mark.shared
def test_lei_2748_non_textual_change_in_the_review(run):
    _, out, _ = run
    review = json.loads((out / "revisao.json").read_text(encoding="utf-8"))
    decided = [d["decisao"] for d in review["decisoes"]]
    assert any("Lei nº 2.748" in d and "sem nova redação" in d for d in decided)
    fused = [d for d in review["dispositivos"] if d["fonte"] == "l2748" and d["situacao"] == "fundido"]
    assert fused and fused[0]["novo"].endswith("_par1")
    html = (out / "revisao.html").read_text(encoding="utf-8")
    assert "Lei nº 2.748" in html and "500 (quinhentos)" in (out / "norma.txt").read_text(encoding="utf-8")


@pytest.mark.shared
def test_final_clauses(run):
    result, _, _ = run
    arts = list(result.norma.artigos())
    assert arts[-2].caput.text == "Esta Lei entra em vigor na data de sua publicação."
    incisos = [c.text for c in arts[-1].caput.children]
    # The sources and the acts that amended them (their amendments now live in the new text).
    assert incisos == ["a Lei nº 2.217, de 5 de janeiro de 2001;", "a Lei nº 2.244, de 30 de maio de 2001;",
                       "a Lei nº 2.331, de 21 de maio de 2002;", "a Lei nº 2.421, de 30 de junho de 2003;",
                       "a Lei nº 2.748, de 5 de março de 2007; e", "a Lei nº 3.477, de 10 de setembro de 2014."]


@pytest.mark.shared
def test_lei_3477_own_rule_moved_into_the_article_it_governs(run):
    """Lei 3.477/2014 art. 1º, parágrafo único is a rule of its own (recorded decision): the
    spec moves it into art. 3º of Lei 2.217 (now a paragraph of the new article), so revoking
    3.477 with the consolidation loses nothing."""
    result, out, _ = run
    row = next(r for r in result.rows if r.alias == "l3477" and r.source_id == "art1_par1u")
    assert row.status == "incluido" and row.new_text == row.source_text
    target = next(r.new_id for r in result.rows if r.alias == "l2217" and r.source_id == "art3")
    assert row.new_id == f"{target}_par2"
    assert result.norma.find(f"{target}_par1").text.startswith("Os veículos apreendidos")
    review = json.loads((out / "revisao.json").read_text(encoding="utf-8"))
    assert {a["norma"]: a["dispositivos_autonomos"] for a in review["atos_alteradores"]} == {
        "Lei nº 2.331, de 21 de maio de 2002": [], "Lei nº 2.421, de 30 de junho de 2003": []}


@pytest.mark.shared
def test_autonomous_provision_of_a_revoked_amending_act_is_flagged(tmp_path):
    """Without 3.477 among the sources, the review warns that its own rule would stop
    being in force when the consolidation revokes it."""
    spec = tmp_path / "so-2217.toml"
    spec.write_text(
        '[norma]\ntipo = "Lei"\nementa = "Consolida a Lei nº 2.217/2001."\n'
        '[[fontes]]\nalias = "l2217"\nato = "urn:lex:br;bahia;feira.santana:municipal:lei:2001-01-05;2217"\n'
        'em = "2026-01-01"\n', encoding="utf-8")
    result, _ = consolidate_spec(spec, tmp_path / "out", acervo=STATUTES)
    review = json.loads((tmp_path / "out" / "revisao.json").read_text(encoding="utf-8"))
    amenders = {a["norma"]: a["dispositivos_autonomos"] for a in review["atos_alteradores"]}
    assert [x["citacao"] for x in amenders["Lei nº 3.477, de 10 de setembro de 2014"]] == ["art. 1º, parágrafo único"]
    assert "atenção" in (tmp_path / "out" / "revisao.html").read_text(encoding="utf-8")
    assert "a Lei nº 3.477, de 10 de setembro de 2014." in [c.text for c in list(result.norma.artigos())[-1].caput.children]


def _spec_copy(tmp_path, edit):
    spec = tmp_path / "spec.toml"
    spec.write_text(edit(SPEC.read_text(encoding="utf-8")), encoding="utf-8")
    return spec


@pytest.mark.parametrize("edit, message", [
    (lambda t: t.replace("lei:2007-03-05;2748", "lei:2007-03-05;9999"), "ato desconhecido"),
    (lambda t: t.replace('artigos = ["l2244:art1-art3"]', 'artigos = ["l2244:art1-art4"]'), "duas vezes"),
    (lambda t: t.replace('artigos = ["l2244:art1-art3"]', 'artigos = ["l2244:art1-art2"]'), "não colocado"),
])
@pytest.mark.shared
def test_bad_specs_write_nothing(tmp_path, edit, message):
    spec = _spec_copy(tmp_path, edit)
    out = tmp_path / "saida"
    proc = run_cli("consolidate", spec, "-o", out, "--acervo", STATUTES)
    assert proc.returncode == 2, proc.stderr.decode()
    assert message in proc.stderr.decode() and str(spec) in proc.stderr.decode()
    assert not out.exists()


@pytest.mark.shared
def test_unresolved_amendment_problem_writes_nothing(tmp_path):
    root = tmp_path / "statutes"
    shutil.copytree(STATUTES / "ba-feira-de-santana", root / "ba-feira-de-santana")
    (root / "ba-feira-de-santana" / "lei-2748-2007" / "decisoes.toml").unlink()  # the decision not yet taken
    out = tmp_path / "saida"
    proc = run_cli("consolidate", root / "ba-feira-de-santana" / "consolidacoes" / "transporte.toml",
                   "-o", out, "--acervo", root)
    assert proc.returncode == 2
    err = proc.stderr.decode()
    assert "não resolvidas" in err and "Lei nº 2.748" in err
    assert not out.exists()


@pytest.mark.shared
def test_sources_trace_to_the_compiled_texts(run, tmp_path):
    """Independent of the engine's own record: each included unit's source text equals the
    text `lexconsolida compile --at` gives for that act on the spec's date (via LexML)."""
    from lexconsolida.readers import read_file

    result, _, _ = run
    for s in result.sources:
        out = tmp_path / f"{s.alias}.xml"
        proc = run_cli("compile", s.urn, "--at", "2026-01-01", "--to", "xml", "-o", out, "--acervo", STATUTES)
        assert proc.returncode == 0, proc.stderr.decode()
        compiled = read_file(out).norma.index()
        for r in result.rows:
            if r.alias == s.alias and r.status == "incluido":
                assert compiled[r.source_id].text == r.source_text, (s.alias, r.source_id)


@pytest.mark.shared
@pytest.mark.libreoffice
@needs_soffice
def test_consolidation_and_indicacao_docx_convert_with_libreoffice(run, tmp_path):
    from lexconsolida.consolidation.dossier import build_dossier
    from lexconsolida.corpus import load

    _, out, _ = run
    dossier = tmp_path / "dossie"
    build_dossier(load(STATUTES), STATUTES / "mt-barra-do-garcas" / "consolidacoes" / "transporte-aplicativo.toml",
                  dossier)
    convert_to_pdf([out / "norma.docx", dossier / "indicacao.docx", dossier / "minuta.docx"], tmp_path / "pdf")
