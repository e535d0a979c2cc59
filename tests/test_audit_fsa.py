"""The audit on the project's own consolidation (Feira de Santana): the tool's output audited
against its sources finds only § 2º changes; copies altered here (a fine raised, a deadline
shortened, a paragraph dropped, new matter, two articles merged, an organ renamed per the
table, a penalty updated by the declared index) are each found and judged as intended, and no
untouched dispositivo is called a change of merit.

The consolidation runs first (``consolidate_spec``) and its ``norma.txt`` is what is audited,
read back as any hand-drafted text would be; the sources come through the corpus (the spec's
URNs, located and compiled at the spec's dates). The Feira texts come from ../shared: the tests
that need them carry the ``shared`` mark (listed once when it is absent)."""

import csv
import io
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexconsolida.audit import audit_paths
from lexconsolida.diff.units import mask
from lexconsolida.consolidation import consolidate_spec
from lexconsolida.errors import InputError
from tests.conftest import STATUTES

SPEC = STATUTES / "ba-feira-de-santana" / "consolidacoes" / "transporte.toml"

TABLE = """
[[termos]]
de = "Secretaria Municipal de Serviços Públicos"
para = "Secretaria Municipal de Mobilidade Urbana"
inciso = "IV"
motivo = "reorganização administrativa (lei de estrutura do Município)"

[[indices]]
nome = "IPCA-E acumulado (teste)"
fator = 1.5
fonte = "IBGE"
"""


@pytest.fixture(scope="module")
def consolidated(tmp_path_factory):
    out = tmp_path_factory.mktemp("fsa-audit")
    consolidate_spec(SPEC, out, acervo=STATUTES)
    return out / "norma.txt"


@pytest.fixture(scope="module")
def table(consolidated, tmp_path_factory):
    """The consolidation spec (its sources, edits, fusions, discards) plus the test's table."""
    path = tmp_path_factory.mktemp("tabela") / "tabela.toml"
    path.write_text(SPEC.read_text(encoding="utf-8") + TABLE, encoding="utf-8")
    return path


def _audit(text_path, table):
    return audit_paths(str(text_path), [], spec=str(table), acervo=str(STATUTES))


@pytest.mark.shared
def test_tool_output_has_only_allowed_changes(consolidated):
    a = audit_paths(str(consolidated), [], spec=str(SPEC), acervo=str(STATUTES))
    c = a.counts()
    assert (c["merito"], c["perda"], c["materia-nova"]) == (0, 0, 0), [
        (r.dispositivo, r.verdict, r.findings) for r in a.rows if r.verdict in ("merito", "perda", "materia-nova")]
    assert a.only_allowed and not a.unjustified()
    # the spec's edits are found where they were made, with the inciso the spec names
    terms = {(f.antes, f.inciso) for r in a.rows for f in r.findings if f.tipo == "termo"}
    assert ("Departamento de Transpores Urbanos", "VII") in terms
    assert ("Regulamento do Código Nacional de Trânsito", "V") in terms
    # renumbered citations are § 2º II; the fusions and the discard are declared
    assert any(f.tipo == "remissao" and f.inciso == "II" for r in a.rows for f in r.findings)
    kinds = {(s.alias, s.id): r.findings[0].inciso for r in a.rows if r.id is None for s in r.fontes if r.findings}
    assert kinds[("l2748", "art1")] == "III" and kinds[("l2748", "art2")] == "XI"
    # every consolidated dispositivo has a row, every row with a source cites it
    assert sum(1 for r in a.rows if r.id) == len([line for line in consolidated.read_text(encoding="utf-8").splitlines()
                                                  if re.match(r"^(Art\. |§ |Parágrafo único|[IVXL]+ – |[a-z]\) )", line)])


def _alter(text: str) -> tuple[str, dict[str, str]]:
    """The seven alterations; returns the altered text and what each should be judged."""
    edits = [
        # a fine raised (no index explains it)
        ("multa de R$ 1.200,00 (um mil e duzentos reais)", "multa de R$ 2.000,00 (dois mil reais)"),
        # a deadline shortened
        ("terá o prazo de 15 (quinze) dias úteis", "terá o prazo de 5 (cinco) dias úteis"),
        # a penalty updated by the declared index (× 1,5)
        ("multa de R$ 1.700,00 (um mil e setecentos reais)",
         "multa de R$ 2.550,00 (dois mil, quinhentos e cinquenta reais)"),
        # an organ renamed per the table (one place only)
        ("Art. 28. Cabe à Secretaria Municipal de Serviços Públicos",
         "Art. 28. Cabe à Secretaria Municipal de Mobilidade Urbana"),
        # a paragraph dropped
        ("§ 5º Após vencida a idade limite o Permissionário terá o prazo máximo de 30 (trinta) dias, "
         "para apresentar o novo veículo ao Departamento de Transportes Urbanos.\n", ""),
        # an article of new matter
        ("Art. 48. Fica o Poder Executivo",
         "Art. 47-A. Os condutores do STIAC frequentarão curso anual de direção defensiva com carga "
         "horária mínima de vinte horas, custeado pelo Permissionário.\n\nArt. 48. Fica o Poder Executivo"),
    ]
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    # two articles merged: 34 and 29 are single-caput articles
    m34 = re.search(r"^Art\. 34\. (.+)\.\n", text, re.M)
    m29 = re.search(r"^Art\. 29\. (.+)\n", text, re.M)
    assert m34 and m29
    text = text.replace(m34.group(0), "")
    text = text.replace(m29.group(0), f"Art. 29. {m29.group(1)[:-1]}; e {m34.group(1)[0].lower()}{m34.group(1)[1:]}.\n")
    return text, {}


@pytest.fixture(scope="module")
def altered(consolidated, table, tmp_path_factory):
    text, _ = _alter(consolidated.read_text(encoding="utf-8"))
    path = tmp_path_factory.mktemp("alterada") / "minuta.txt"
    path.write_text(text, encoding="utf-8")
    return _audit(path, table)


def _row(a, cite):
    rows = [r for r in a.rows if r.dispositivo == cite]
    assert len(rows) == 1, (cite, [r.dispositivo for r in a.rows][:5])
    return rows[0]


@pytest.mark.shared
def test_each_alteration_found_and_judged(altered):
    a = altered
    fine = _row(a, "art. 42, I, b)")
    assert fine.verdict == "merito" and {f.tipo for f in fine.findings if not f.permitted} == {"valor"}
    deadline = _row(a, "art. 35")
    assert deadline.verdict == "merito" and {f.tipo for f in deadline.findings if not f.permitted} == {"prazo"}
    indexed = _row(a, "art. 42, I, c)")
    assert indexed.verdict == "permitido" and "VI" in indexed.incisos()
    organ = _row(a, "art. 28")
    assert organ.verdict == "permitido" and any(f.inciso == "IV" and f.tipo == "termo" for f in organ.findings)
    new = _row(a, "art. 47-A")
    assert new.verdict == "materia-nova" and not new.fontes
    merged = _row(a, "art. 29")
    assert merged.verdict == "permitido" and "III" in merged.incisos()
    assert sorted(s.id for s in merged.fontes) == ["art29", "art34"]
    lost = [r for r in a.rows if r.verdict == "perda"]
    assert len(lost) == 1 and [s.alias for s in lost[0].fontes] == ["l2244"]
    assert lost[0].fontes[0].texto.startswith("Após vencida a idade limite o Permissionário terá o prazo máximo")


@pytest.mark.shared
def test_no_false_merit_verdict_on_untouched_dispositivos(altered):
    touched = {"art. 42, I, b)", "art. 35"}
    merit = {r.dispositivo for r in altered.rows if r.verdict == "merito"}
    assert merit == touched
    assert {r.dispositivo for r in altered.rows if r.verdict == "materia-nova"} == {"art. 47-A"}


def _specs():
    """Every consolidation spec of the acervo; those of a municipality whose texts come from the
    shared material (``[fonte_textos]``) need it."""
    for p in sorted(STATUTES.glob("*/consolidacoes/*.toml")):
        shared = "[fonte_textos]" in (p.parent.parent / "municipio.toml").read_text(encoding="utf-8")
        yield pytest.param(p, marks=pytest.mark.shared) if shared else p


@pytest.mark.parametrize("spec", list(_specs()), ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_every_project_consolidation_audits_clean(spec, tmp_path):
    """Every consolidation spec of the project's acervo (Feira de Santana, the example
    municipality …): its output, audited against its sources, has only § 2º changes. Specs
    whose source texts are not in the acervo (the Indicação's) are skipped."""
    try:
        consolidate_spec(spec, tmp_path, acervo=STATUTES)
    except InputError as err:
        pytest.skip(f"{spec.name}: {err}")
    a = audit_paths(str(tmp_path / "norma.xml"), [], spec=str(spec), acervo=str(STATUTES))
    assert a.only_allowed, [(r.dispositivo, r.verdict, r.findings) for r in a.rows
                            if r.verdict in ("merito", "perda", "materia-nova")][:5]


@pytest.mark.shared
def test_trace_agrees_with_the_consolidation_table(consolidated, tmp_path):
    """The trace, built without the table, finds for every source unit the place the
    consolidation engine put it; a wrong row of a table is reported."""
    csv_path = consolidated.parent / "correspondencia.csv"
    a = audit_paths(str(consolidated), [], spec=str(SPEC), acervo=str(STATUTES), correspondencia=str(csv_path))
    assert a.table_check.checked > 200 and a.table_mismatches == []
    rows = list(csv.DictReader(io.StringIO(csv_path.read_text(encoding="utf-8"))))
    target = next(r for r in rows if (r["fonte"], r["dispositivo_origem_id"]) == ("l2244", "art16_par1"))
    target["dispositivo_novo_id"] = "art1"
    wrong = tmp_path / "errada.csv"
    with wrong.open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    b = audit_paths(str(consolidated), [], spec=str(SPEC), acervo=str(STATUTES), correspondencia=str(wrong))
    assert [(m["fonte"], m["origem"]) for m in b.table_mismatches] == [("l2244", "art16_par1")]


@pytest.fixture(scope="module")
def feira_sources(consolidated):
    from lexconsolida.audit import table as audit_table
    from lexconsolida.audit.sources import load_sources
    from lexconsolida.corpus.locate import try_corpus

    table = audit_table.load(SPEC)
    return load_sources([], try_corpus(str(STATUTES)), None, table), table


_NUMBERED_LINE = re.compile(r"^(?P<label>(?:Art\. \d+º?\.?|§ \d+º|Parágrafo único\.|[IVXL]+ –|[a-z]\))) (?P<body>.*\d.*)$")


def _number_sites(lines: list[str]) -> list[tuple[int, int, int]]:
    """(line, start, end) of every number in a dispositivo's text that is not a citation's
    (article, paragraph or act numbers are the citations' business, checked apart)."""
    out = []
    for i, line in enumerate(lines):
        m = _NUMBERED_LINE.match(line)
        if not m:
            continue
        for n in re.finditer(r"(?<![\w.,/])\d+(?:[.,]\d+)*(?![\w/])", m.group("body")):
            if not re.search(r"(?:art\.|Art\.|nº|Lei|§|inciso|alínea|de)\s*$", m.group("body")[:n.start()]):
                out.append((i, m.start("body") + n.start(), m.start("body") + n.end()))
    return out


@pytest.mark.shared
@pytest.mark.slow
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_one_number_changed_anywhere_is_found_there_only(consolidated, feira_sources, data):
    """Property on the real consolidation: change one number of one dispositivo (a deadline,
    an amount, a quantity…) and the audit flags that dispositivo, and no other, as merit."""
    from lexconsolida.audit import audit
    from lexconsolida.readers import get_reader

    sources, table = feira_sources
    lines = consolidated.read_text(encoding="utf-8").splitlines()
    i, start, end = data.draw(st.sampled_from(_number_sites(lines)))
    digits = re.sub(r"\D", "", lines[i][start:end])
    lines[i] = lines[i][:start] + str(int(digits) + 7) + lines[i][end:]
    norma = get_reader("text")(("\n".join(lines) + "\n").encode("utf-8"), path="alterada.txt").norma
    a = audit(norma, sources, table)
    flagged = [(r.dispositivo, r.verdict) for r in a.rows if r.verdict in ("merito", "perda", "materia-nova")]
    assert len(flagged) == 1 and flagged[0][1] == "merito", (lines[i], flagged)
    assert _text_of(a, flagged[0][0]) == _NUMBERED_LINE.match(lines[i]).group("body").strip()


def _text_of(a, cite):
    return next(r.texto for r in a.rows if r.dispositivo == cite).strip()


_LEAF = re.compile(r"^(?:§ \d+º|Parágrafo único\.|[IVXL]+ –|[a-z]\)) (?P<body>.+)$")


def _leaf_sites(lines: list[str]) -> list[int]:
    """Lines of dispositivos without sub-units, outside the revocation article."""
    out, in_revocation = [], False
    for i, line in enumerate(lines):
        if line.startswith("Art. "):
            in_revocation = bool(re.match(r"Art\. \d+º?\.? Fica(m)? revogad", line))
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        deeper = (re.match(r"^(§|Parágrafo)", line) and re.match(r"^[IVXL]+ –", nxt)) or (
            re.match(r"^[IVXL]+ –", line) and re.match(r"^[a-z]\)", nxt))
        if _LEAF.match(line) and not in_revocation and not deeper:
            out.append(i)
    return out


@pytest.mark.shared
@pytest.mark.slow
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_one_dispositivo_dropped_anywhere_is_a_loss_there_only(consolidated, feira_sources, data):
    """Property on the real consolidation: drop one dispositivo and the audit reports the loss
    of its source; nothing else is flagged but a citation that named the dropped unit."""
    from lexconsolida.audit import audit
    from lexconsolida.readers import get_reader

    sources, table = feira_sources
    lines = consolidated.read_text(encoding="utf-8").splitlines()
    i = data.draw(st.sampled_from(_leaf_sites(lines)))
    dropped = _LEAF.match(lines[i]).group("body")
    del lines[i]
    norma = get_reader("text")(("\n".join(lines) + "\n").encode("utf-8"), path="alterada.txt").norma
    a = audit(norma, sources, table)
    lost = [r for r in a.rows if r.verdict == "perda"]
    assert len(lost) == 1, (dropped, [r.fontes for r in lost])
    assert mask(lost[0].fontes[0].texto) == mask(dropped)  # the source's words (citations renumbered aside)
    others = [r for r in a.rows if r.verdict in ("merito", "materia-nova")]
    assert all(r.verdict == "merito" and {f.tipo for f in r.findings if not f.permitted} == {"remissao"}
               for r in others), [(r.dispositivo, r.findings) for r in others]
