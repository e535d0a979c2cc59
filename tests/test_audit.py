"""The audit (lexconsolida.audit): each step of the judgement on small texts, then properties
on generated consolidations (the tool's own output audits clean; one alteration anywhere is
found there and nowhere else), the CLI contract and the reports."""

import copy
import re
import json
import zipfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexconsolida.audit import audit, render
from lexconsolida.audit.judge import amounts, justified, skeleton
from lexconsolida.audit.model import Finding
from lexconsolida.audit.sources import AuditSource, act_key
from lexconsolida.audit.table import builtin, load, parse
from lexconsolida.consolidation.engine import consolidate
from lexconsolida.consolidation.spec import Spec
from lexconsolida.diff.units import mask
from lexconsolida.errors import InputError
from lexconsolida.model import Dispositivo, Kind, Norma, Number, label_for
from lexconsolida.readers import get_reader
from tests.conftest import run_cli
from tests.consolidation_fixtures import make_act


def read_text(text: str):
    return get_reader("text")(text.encode("utf-8"), path="t.txt")


def _src(alias: str, text: str, numero: str = "10", data: str = "2001-01-05") -> AuditSource:
    norma = read_text(text).norma
    norma.tipo, norma.numero, norma.data = "Lei", numero, data
    return AuditSource(alias, f"Lei nº {numero}", None, norma, "2026-01-01", {act_key(numero, data)})


def _table(toml: str = ""):
    import tomllib

    t = parse(tomllib.loads(toml))
    t.termos = builtin().termos + t.termos
    return t


def _only(a, cite):
    rows = [r for r in a.rows if r.dispositivo == cite]
    assert len(rows) == 1, [r.dispositivo for r in a.rows]
    return rows[0]


SOURCE_A = """Art. 1º Fica instituído o serviço municipal de transporte individual de passageiros por motocicleta.
Art. 2º A Secretaria Municipal de Transportes fiscalizará o serviço de transporte individual de passageiros.
Art. 3º O condutor que descumprir o disposto no art. 2º fica sujeito a multa de R$ 100,00 (cem reais) por infração.
Parágrafo único. O condutor terá o prazo de 30 (trinta) dias para recorrer da multa aplicada pela fiscalização.
"""
SOURCE_B = """Art. 1º Os veículos do serviço de transporte individual passarão por vistoria anual obrigatória no órgão competente.
Art. 2º Esta Lei entra em vigor na data de sua publicação.
"""


def _consolidated(body: str) -> Norma:
    return read_text(body).norma


CLEAN = """Art. 1º Fica instituído o serviço municipal de transporte individual de passageiros por motocicleta.
Art. 2º A Secretaria Municipal de Transportes fiscalizará o serviço de transporte individual de passageiros.
Art. 3º O condutor que descumprir o disposto no art. 2º fica sujeito a multa de R$ 100,00 (cem reais) por infração.
Parágrafo único. O condutor terá o prazo de 30 (trinta) dias para recorrer da multa aplicada pela fiscalização.
Art. 4º Os veículos do serviço de transporte individual passarão por vistoria anual obrigatória no órgão competente.
Art. 5º Esta Lei entra em vigor na data de sua publicação.
Art. 6º Ficam revogadas a Lei nº 10, de 5 de janeiro de 2001, e a Lei nº 20, de 1º de março de 2002.
"""


def _sources():
    return [_src("a", SOURCE_A), _src("b", SOURCE_B, "20", "2002-03-01")]


def test_clean_consolidation_only_allowed():
    a = audit(_consolidated(CLEAN), _sources(), _table())
    assert a.only_allowed, [(r.dispositivo, r.verdict, r.findings) for r in a.rows]
    assert _only(a, "art. 4º").verdict == "permitido" and _only(a, "art. 4º").incisos() == ["II"]
    assert _only(a, "art. 1º").verdict == "sem-alteracao"


def test_citation_renumbered_is_ii_and_pointing_elsewhere_is_merit():
    lines = CLEAN.splitlines(keepends=True)  # articles 1 and 2 swapped: the old art. 2 is now art. 1
    moved = (lines[1].replace("Art. 2º", "Art. 1º") + lines[0].replace("Art. 1º", "Art. 2º")) + "".join(lines[2:])
    ok = moved.replace("descumprir o disposto no art. 2º", "descumprir o disposto no art. 1º")
    a = audit(_consolidated(ok), _sources(), _table())
    row = _only(a, "art. 3º")
    assert row.verdict == "permitido" and any(f.tipo == "remissao" and f.inciso == "II" for f in row.findings)
    wrong = audit(_consolidated(moved), _sources(), _table())  # 'art. 2º' kept: now the other article
    row = _only(wrong, "art. 3º")
    assert row.verdict == "merito" and [f.tipo for f in row.findings if not f.permitted] == ["remissao"]


def test_index_updates_penalty_amount_vi_with_rounding():
    toml = '[[indices]]\nnome = "IPCA-E"\nfator = 1.23456\nfonte = "IBGE"\n'
    text = CLEAN.replace("R$ 100,00 (cem reais)", "R$ 123,46 (cento e vinte e três reais e quarenta e seis centavos)")
    a = audit(_consolidated(text), _sources(), _table(toml))
    row = _only(a, "art. 3º")
    assert row.verdict == "permitido" and "VI" in row.incisos()
    raised = audit(_consolidated(CLEAN.replace("R$ 100,00", "R$ 130,00")), _sources(), _table(toml))
    assert _only(raised, "art. 3º").verdict == "merito"
    assert {f.tipo for f in _only(raised, "art. 3º").findings if not f.permitted} == {"valor"}
    # an amount outside a penalty is not updated by the index
    text = CLEAN.replace("vistoria anual obrigatória", "vistoria anual de R$ 50,00")
    src = _sources()
    src[1] = _src("b", SOURCE_B.replace("vistoria anual obrigatória", "vistoria anual de R$ 40,00"), "20", "2002-03-01")
    assert _only(audit(_consolidated(text), src, _table('[[indices]]\nnome = "x"\nfator = 1.25\n')), "art. 4º").verdict == "merito"


def test_organ_renamed_only_per_table():
    text = CLEAN.replace("Secretaria Municipal de Transportes", "Secretaria Municipal de Mobilidade")
    assert _only(audit(_consolidated(text), _sources(), _table()), "art. 2º").verdict == "merito"
    toml = ('[[termos]]\nde = "Secretaria Municipal de Transportes"\npara = "Secretaria Municipal de Mobilidade"\n'
            'inciso = "IV"\nmotivo = "Lei nº 50/2019"\n')
    row = _only(audit(_consolidated(text), _sources(), _table(toml)), "art. 2º")
    assert row.verdict == "permitido" and row.incisos() == ["IV"]


def test_spelling_punctuation_and_deadline():
    text = CLEAN.replace("obrigatória", "obrigatoria")
    assert _only(audit(_consolidated(text), _sources(), _table()), "art. 4º").incisos() == ["II", "V"]
    text = CLEAN.replace("prazo de 30 (trinta) dias", "prazo de 10 (dez) dias")
    row = _only(audit(_consolidated(text), _sources(), _table()), "art. 3º, parágrafo único")
    assert row.verdict == "merito" and {f.tipo for f in row.findings if not f.permitted} == {"prazo"}
    text = CLEAN.replace("fiscalizará o serviço", "não fiscalizará o serviço")
    row = _only(audit(_consolidated(text), _sources(), _table()), "art. 2º")
    assert {f.tipo for f in row.findings if not f.permitted} == {"obrigacao"}


def test_loss_declared_discard_and_justification():
    text = CLEAN.replace("Parágrafo único. O condutor terá o prazo de 30 (trinta) dias para recorrer da multa "
                         "aplicada pela fiscalização.\n", "")
    a = audit(_consolidated(text), _sources(), _table())
    lost = [r for r in a.rows if r.verdict == "perda"]
    assert [(s.alias, s.id) for r in lost for s in r.fontes] == [("a", "art3_par1u")]
    toml = '[[descartes]]\nartigos = ["a:art3_par1u"]\ninciso = "XI"\nmotivo = "revogado implicitamente"\n'
    a = audit(_consolidated(text), _sources(), _table(toml))
    assert not [r for r in a.rows if r.verdict == "perda"]
    assert [f.inciso for _, f in a.unjustified()] == ["XI"]  # § 3º: no source named
    toml = toml.replace('implicitamente"', 'implicitamente pela Lei nº 30, de 2010, art. 4º"')
    assert audit(_consolidated(text), _sources(), _table(toml)).only_allowed


def test_new_matter_and_merge():
    text = CLEAN.replace("Art. 5º Esta Lei", "Art. 4º-A Fica criado o cadastro municipal de condutores autônomos "
                         "de motocicleta.\nArt. 5º Esta Lei")
    a = audit(_consolidated(text), _sources(), _table())
    assert _only(a, "art. 4º-A").verdict == "materia-nova"
    merged = CLEAN.replace(
        "Art. 2º A Secretaria Municipal de Transportes fiscalizará o serviço de transporte individual de passageiros.\n", ""
    ).replace("por motocicleta.", "por motocicleta, e a Secretaria Municipal de Transportes fiscalizará o serviço "
              "de transporte individual de passageiros.")
    row = _only(audit(_consolidated(merged), _sources(), _table()), "art. 1º")
    assert row.verdict == "permitido" and "III" in row.incisos() and len(row.fontes) == 2


def test_revocation_clause_revokes_the_sources_and_nothing_else():
    text = CLEAN.replace("e a Lei nº 20, de 1º de março de 2002.", "a Lei nº 20, de 1º de março de 2002, e a Lei nº 99, de 2010.")
    assert _only(audit(_consolidated(text), _sources(), _table()), "art. 6º").verdict == "merito"
    text = CLEAN.replace(", e a Lei nº 20, de 1º de março de 2002.", ".")
    a = audit(_consolidated(text), _sources(), _table())
    assert a.not_revoked == ["Lei nº 20"] and not a.only_allowed
    text = CLEAN.replace("2002.", "2002, a partir de 1º de janeiro de 2030.")
    assert _only(audit(_consolidated(text), _sources(), _table()), "art. 6º").verdict == "merito"


def test_helpers():
    assert skeleton("Infra-estrutura") == skeleton("infraestrutura")
    assert amounts("multa de R$ 1.500,00 (mil e quinhentos reais) e 20 UFIR", {"UFIR"}) == [
        (9, 45, 1500.0, "R$"), (48, 55, 20.0, "UFIR")]
    assert justified("declarado inconstitucional na ADI 1234", "")
    assert not justified("obsoleto", "") and justified("obsoleto", "parecer PGM 12/2024")
    assert Finding(None, "clausula-final").permitted and not Finding(None, "valor").permitted


def test_table_errors_name_file_and_section(tmp_path):
    bad = tmp_path / "t.toml"
    bad.write_text('[[termos]]\nde = "x"\npara = "y"\ninciso = "II"\n', encoding="utf-8")
    with pytest.raises(InputError) as e:
        load(bad)
    assert "termos #1" in str(e.value) and "t.toml" in str(e.value)
    bad.write_text('[[indices]]\nnome = "x"\nfator = -1\n', encoding="utf-8")
    with pytest.raises(InputError, match="fator"):
        load(bad)
    bad.write_text("[[termos]\n", encoding="utf-8")
    with pytest.raises(InputError):
        load(bad)


# --- properties on generated consolidations ------------------------------------------------------

def _generated(seed: int):
    acts = [make_act(seed * 7 + k, 6, numero=500 + k, citations=2) for k in range(3)]
    spec = Spec("t.toml", {"tipo": "Lei", "ementa": "Consolidação."}, [], [], [])
    result = consolidate(spec, acts)
    sources = [AuditSource(a.alias, a.label, a.urn, a.norma, "2026-01-01", {act_key(a.norma.numero, a.norma.data)})
               for a in acts]
    return result.norma, sources


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.sampled_from(["prazo", "palavra", "remove", "nova"]), st.randoms())
def test_one_alteration_found_there_and_nowhere_else(seed, kind, rnd):
    norma, sources = _generated(seed)
    clean = audit(norma, sources, builtin())
    assert clean.only_allowed, [(r.dispositivo, r.findings) for r in clean.rows if r.verdict != "permitido"][:3]
    altered = copy.deepcopy(norma)
    units = [d for d in altered.dispositivos() if d.kind in (Kind.CAPUT, Kind.INCISO, Kind.PARAGRAFO, Kind.ALINEA)
             and len(d.text.split()) >= 8 and not d.children and "vigor" not in d.text
             and not re.match(r"(a|o) (Lei|Decreto) ", d.text)]  # the consolidation's own final clauses
    target = rnd.choice(units)
    parent = next(p for p in altered.dispositivos() if target in p.children)
    if kind == "prazo":
        target.text = target.text[:-1] + " no prazo de 15 (quinze) dias."
    elif kind == "palavra":
        target.text = target.text[:-1] + " exclusivamente pelo órgão estadual."
    elif kind == "remove":
        parent.children.remove(target)
    else:
        art = next(altered.artigos())
        n = Number(99)
        new = Dispositivo(Kind.PARAGRAFO, f"{art.id}_par99", rotulo=label_for("paragrafo", n), number=n,
                          text="Fica instituída a gratificação anual de desempenho aos fiscais de tráfego urbano.")
        art.children.append(new)
        target = new
    a = audit(altered, sources, builtin())
    flagged = [r for r in a.rows if r.verdict in ("merito", "perda", "materia-nova")]
    if kind == "remove":  # a citation of the dropped unit now points to nothing: flagged too
        flagged = [r for r in flagged if r.verdict == "perda"
                   or {f.tipo for f in r.findings if not f.permitted} != {"remissao"}]
    assert len(flagged) == 1, [(r.dispositivo, r.verdict, r.findings) for r in flagged]
    expected = {"prazo": "merito", "palavra": "merito", "remove": "perda", "nova": "materia-nova"}[kind]
    assert flagged[0].verdict == expected
    if kind in ("prazo", "palavra", "nova"):
        assert flagged[0].id == (target.id if target.kind is not Kind.CAPUT else target.id.removesuffix("_cpt"))
    else:
        assert mask(flagged[0].fontes[0].texto) == mask(target.text)  # citations renumbered aside


def test_tool_output_on_generated_acts_audits_clean_at_scale():
    acts = [make_act(k, 12, numero=700 + k, citations=3, revoked_ratio=0.2) for k in range(6)]
    result = consolidate(Spec("t.toml", {"tipo": "Lei", "ementa": "C."}, [], [], []), acts)
    sources = [AuditSource(x.alias, x.label, x.urn, x.norma, "2026-01-01", {act_key(x.norma.numero, x.norma.data)})
               for x in acts]
    a = audit(result.norma, sources, builtin())
    assert a.only_allowed
    assert sum(1 for r in a.rows if r.id) == sum(1 for d in result.norma.dispositivos() if d.kind is not Kind.CAPUT)


# --- reports and CLI -----------------------------------------------------------------------------

def test_reports_are_deterministic_escaped_and_portuguese():
    text = CLEAN.replace("individual de passageiros por motocicleta", "individual de <b>passageiros</b> & motos")
    a = audit(_consolidated(text), _sources(), _table())
    html = render(a, "html").decode()
    assert "<b>passageiros" not in html and "&lt;b&gt;" in html
    data = json.loads(render(a, "json"))
    assert set(data) == {"consolidacao", "data", "fontes", "resumo", "dispositivos", "perdas_e_supressoes",
                         "sem_justificativa", "fontes_nao_revogadas", "tabela_de_correspondencia", "observacoes"}
    assert data["resumo"]["merito"] == 1 and data["dispositivos"][0]["veredito"] == "merito"
    assert {op["op"] for op in data["dispositivos"][0]["trechos"]} == {"=", "-", "+"}
    assert render(a, "docx") == render(audit(_consolidated(text), _sources(), _table()), "docx")


def test_docx_landscape_with_page_numbers():
    from docx import Document
    import io

    a = audit(_consolidated(CLEAN), _sources(), _table())
    doc = Document(io.BytesIO(render(a, "docx")))
    s = doc.sections[0]
    assert s.page_width > s.page_height
    footer = zipfile.ZipFile(io.BytesIO(render(a, "docx"))).read("word/footer1.xml").decode()
    assert "PAGE" in footer and "NUMPAGES" in footer
    assert len(doc.tables[0].rows) == len(a.rows) + 1


def test_cli_exit_codes_and_outputs(tmp_path):
    (tmp_path / "a.txt").write_text(SOURCE_A, encoding="utf-8")
    (tmp_path / "b.txt").write_text(SOURCE_B, encoding="utf-8")
    (tmp_path / "c.txt").write_text(CLEAN, encoding="utf-8")
    out = tmp_path / "out"
    proc = run_cli("auditar", tmp_path / "c.txt", tmp_path / "a.txt", tmp_path / "b.txt", "--em", "2026-01-01",
                   "-o", out, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr.decode()
    assert sorted(p.name for p in out.iterdir()) == ["auditoria.docx", "auditoria.html", "auditoria.json"]
    (tmp_path / "d.txt").write_text(CLEAN.replace("30 (trinta)", "3 (três)"), encoding="utf-8")
    proc = run_cli("auditar", tmp_path / "d.txt", tmp_path / "a.txt", tmp_path / "b.txt", "--to", "json", cwd=tmp_path)
    assert proc.returncode == 1 and json.loads(proc.stdout)["resumo"]["merito"] == 1
    assert "1 de mérito" in proc.stderr.decode()
    bad = tmp_path / "tabela.toml"
    bad.write_text('[[indices]]\nnome = "x"\n', encoding="utf-8")
    out2 = tmp_path / "out2"
    proc = run_cli("auditar", tmp_path / "c.txt", tmp_path / "a.txt", "--spec", bad, "-o", out2, cwd=tmp_path)
    assert proc.returncode == 2 and not out2.exists()
    assert "tabela.toml" in proc.stderr.decode() and "fator" in proc.stderr.decode()
    proc = run_cli("auditar", tmp_path / "c.txt", cwd=tmp_path)
    assert proc.returncode == 2 and "FONTE" in proc.stderr.decode()


def test_split_is_a_new_division():
    src = [_src("a", "Art. 1º O condutor deverá portar a licença municipal durante todo o serviço, e o veículo "
                     "deverá passar por vistoria anual obrigatória no órgão municipal competente.\n"
                     "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n")]
    text = ("Art. 1º O condutor deverá portar a licença municipal durante todo o serviço.\n"
            "Parágrafo único. O veículo deverá passar por vistoria anual obrigatória no órgão municipal competente.\n"
            "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n"
            "Art. 3º Fica revogada a Lei nº 10, de 5 de janeiro de 2001.\n")
    a = audit(_consolidated(text), src, _table())
    assert a.only_allowed, [(r.dispositivo, r.verdict, r.findings) for r in a.rows]
    assert "I" in _only(a, "art. 1º, parágrafo único").incisos()
    worse = text.replace("vistoria anual", "vistoria semestral")
    flagged = [r.dispositivo for r in audit(_consolidated(worse), src, _table()).rows if r.verdict == "merito"]
    assert flagged == ["art. 1º"]  # the split is judged whole, on its first piece


def test_same_number_written_another_way_is_vii():
    text = CLEAN.replace("prazo de 30 (trinta) dias", "prazo de trinta dias").replace(
        "R$ 100,00 (cem reais)", "R$ 100,00")
    a = audit(_consolidated(text), _sources(), _table())
    assert a.only_allowed
    assert "VII" in _only(a, "art. 3º, parágrafo único").incisos() and "VII" in _only(a, "art. 3º").incisos()
    text = CLEAN.replace("prazo de 30 (trinta) dias", "prazo de trinta e um dias")
    assert _only(audit(_consolidated(text), _sources(), _table()), "art. 3º, parágrafo único").verdict == "merito"
