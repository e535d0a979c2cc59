"""Forms: golden HTML and DOCX for every kind, fines, deadlines, validation, determinism."""

from __future__ import annotations

from datetime import datetime, time
from pathlib import Path

import pytest

from tests.conftest import needs_soffice
from tests.forms_support import CASES, TODAY, docx_part, docx_text, pp_context
from lexconsolida.errors import FormError
from lexconsolida.forms.cases import load_cases, make_case
from lexconsolida.forms.docx import render_docx
from lexconsolida.forms.html import render_html
from lexconsolida.forms.issue import _build, validate
from lexconsolida.forms.kinds import KINDS

GOLDEN = Path(__file__).resolve().parent / "golden" / "forms"


def _doc(kind: str, ctx=None, case_file: Path | None = None, numero: str = "XX-2025/000001"):
    ctx = ctx or pp_context()
    case = load_cases(case_file or CASES / f"pp-{kind}.toml")[0]
    validate(kind, [case], ctx, TODAY)
    return _build(kind, case, ctx, numero, TODAY)


def _docx(doc) -> bytes:
    return render_docx(doc, datetime.combine(TODAY, time()))


@pytest.mark.parametrize("kind", list(KINDS))
def test_html_golden(kind, update_golden):
    from tests.conftest import check_golden

    html = render_html(_doc(kind))
    check_golden(GOLDEN / f"pp-{kind}.html", html, update_golden)


@pytest.mark.parametrize("kind", list(KINDS))
def test_docx_golden(kind, update_golden):
    from tests.conftest import check_golden

    data = _docx(_doc(kind))
    check_golden(GOLDEN / f"pp-{kind}.document.xml", docx_part(data), update_golden)


def test_docx_header_footer_golden(update_golden):
    from tests.conftest import check_golden

    data = _docx(_doc("auto-de-infracao"))
    check_golden(GOLDEN / "pp-auto-de-infracao.header1.xml", docx_part(data, "word/header1.xml"), update_golden)
    check_golden(GOLDEN / "pp-auto-de-infracao.footer1.xml", docx_part(data, "word/footer1.xml"), update_golden)


def test_docx_is_deterministic_and_uses_named_styles():
    doc = _doc("auto-de-infracao")
    first, second = _docx(doc), _docx(doc)
    assert first == second
    xml = docx_part(first).decode()
    assert "<w:b/>" not in xml and "<w:sz " not in xml and "<w:jc " not in xml.split("<w:sectPr")[0]
    from docx import Document
    import io

    document = Document(io.BytesIO(first))
    cells = [p for t in document.tables for row in t.rows for c in row.cells for p in c.paragraphs]
    used = {p.style.name for p in [*document.paragraphs, *cells]}
    assert {"Título do Formulário", "Seção do Formulário", "Citação Legal", "Assinatura"} <= used


def test_auto_de_infracao_states_fine_with_reincidencia():
    text = docx_text(_docx(_doc("auto-de-infracao")))
    # art. 54, III: grave = 120 UPFM; § 1º: +20% on reincidência → 144 UPFM × R$ 4,85 (2025, illustrative).
    assert "144 UPFM × R$ 4,85 = R$ 698,40" in text
    assert "reincidência: acréscimo de 20%" in text
    assert "§ 13. Trafegar com veículo que apresente defeito mecânico" in text
    assert "valor ilustrativo: confirmar com o decreto municipal" in text


def test_penalidade_doubles_when_case_says_so_and_counts_from_ciencia():
    html = render_html(_doc("notificacao-penalidade")).decode()
    # § 34: grave (120 UPFM) in double (inciso I) = 240 UPFM × R$ 4,85.
    assert "240 UPFM × R$ 4,85 = R$ 1.164,00" in html
    # art. 61: 15 days from ciência on 02/06/2025 → 17/06/2025; art. 61, § 2º counts from a later date.
    assert "termina em 17/06/2025" in html
    assert "a data final depende dessa data" in html
    assert "dias corridos" in html


def test_html_escapes_case_data():
    ctx = pp_context()
    raw = {"condutor_autorizado": "<script>alert(1)</script>", "placa": "ABC1234",
           "data_hora": "2025-03-10 10:00", "irregularidade": "a & b", "agente": "X"}
    case = make_case(raw, "caso.toml")
    validate("advertencia", [case], ctx, TODAY)
    html = render_html(_build("advertencia", case, ctx, "AE-2025/000001", TODAY)).decode()
    assert "<script>" not in html and "&lt;script&gt;" in html and "a &amp; b" in html


def test_missing_required_field_names_field_and_dispositivo(tmp_path):
    case_file = tmp_path / "caso.toml"
    text = (CASES / "pp-auto-de-infracao.toml").read_text(encoding="utf-8")
    case_file.write_text("\n".join(l for l in text.splitlines() if not l.startswith("placa")), encoding="utf-8")
    with pytest.raises(FormError) as err:
        validate("auto-de-infracao", load_cases(case_file), pp_context(), TODAY)
    message = str(err.value)
    assert "campo obrigatório ausente: 'placa'" in message
    assert "art. 56, inciso II" in message and str(case_file) in message


@pytest.mark.parametrize("field,value,expected", [
    ("placa", "12345", "valor inválido no campo 'placa'"),
    ("data_hora", "ontem", "valor inválido no campo 'data_hora'"),
    ("reincidente", "talvez", "valor inválido no campo 'reincidente'"),
    ("placaa", "ABC1234", "campo desconhecido: 'placaa'"),
])
def test_bad_values_are_named(field, value, expected):
    with pytest.raises(FormError, match=expected):
        make_case({field: value}, "caso.toml")


def test_unknown_infraction_and_delivery_are_refused():
    ctx = pp_context()
    base = load_cases(CASES / "pp-auto-de-infracao.toml")[0].data
    with pytest.raises(FormError, match="não consta do catálogo"):
        validate("auto-de-infracao", [make_case({**_raw(base), "infracao": "art55_par99"}, "c.toml")], ctx, TODAY)
    with pytest.raises(FormError, match="meio de entrega 'edital2' não previsto"):
        validate("auto-de-infracao", [make_case({**_raw(base), "meio_entrega": "edital2"}, "c.toml")], ctx, TODAY)


def test_year_without_unit_value_is_refused():
    ctx = pp_context()
    base = _raw(load_cases(CASES / "pp-auto-de-infracao.toml")[0].data)
    base["data_hora"] = "2024-01-02 10:00"
    with pytest.raises(FormError, match="não há valor da UPFM para 2024"):
        validate("auto-de-infracao", [make_case(base, "c.toml")], ctx, TODAY)


def test_kind_not_declared_by_municipality_is_refused():
    from tests.forms_support import bg_context

    with pytest.raises(FormError, match="não prevê o formulário 'advertencia'"):
        validate("advertencia", [make_case({}, "c.toml")], bg_context(), TODAY)


def test_infraction_by_citation():
    ctx = pp_context()
    base = _raw(load_cases(CASES / "pp-auto-de-infracao.toml")[0].data)
    base["infracao"] = "art. 55, § 13"
    doc = _build("auto-de-infracao", make_case(base, "c.toml"), ctx, "AI-2025/000001", TODAY)
    assert any(q.citacao == "art. 55, § 13" for q in doc.fundamentos)


def _raw(data: dict) -> dict:
    out = {}
    for k, v in data.items():
        if isinstance(v, datetime):
            out[k] = v.strftime("%Y-%m-%d %H:%M")
        elif hasattr(v, "isoformat"):
            out[k] = v.isoformat()
        elif isinstance(v, bool):
            out[k] = "sim" if v else "não"
        else:
            out[k] = str(v)
    return out


@pytest.mark.libreoffice
@pytest.mark.slow
@needs_soffice
def test_every_docx_converts_with_libreoffice(tmp_path):
    from tests.conftest import convert_to_pdf

    files = []
    for kind in KINDS:
        path = tmp_path / f"{kind}.docx"
        path.write_bytes(_docx(_doc(kind)))
        files.append(path)
    convert_to_pdf(files, tmp_path)


@pytest.mark.parametrize("kind", ["auto-de-infracao", "notificacao-penalidade", "notificacao-regularizacao"])
def test_barra_do_garcas_golden(kind, update_golden):
    from tests.conftest import check_golden
    from tests.forms_support import bg_context

    doc = _doc(kind, bg_context(), CASES / f"bg-{kind}.toml")
    check_golden(GOLDEN / f"bg-{kind}.html", render_html(doc), update_golden)
    check_golden(GOLDEN / f"bg-{kind}.document.xml", docx_part(_docx(doc)), update_golden)


def test_barra_do_garcas_penalty_notice_deadline_and_fine():
    from tests.forms_support import bg_context

    html = render_html(_doc("notificacao-penalidade", bg_context(), CASES / "bg-notificacao-penalidade.toml")).decode()
    # art. 22, § 1º: 90 days from the auto (04/10/2025) → 02/01/2026. art. 25, III: grave = 570 UPFG;
    # no percentage rule on reincidência here, but art. 26, § 1º: suspension for 30 days.
    assert "termina em 02/01/2026" in html
    assert "570 UPFG × R$ 1,12 = R$ 638,40" in html
    assert "suspensa pelo período de 30 (trinta) dias" in html
    assert "☒ por via eletrônica" in html


def test_settings_citing_a_dispositivo_the_law_lacks_are_refused():
    from dataclasses import replace

    from tests.forms_support import pp_context

    ctx = pp_context()
    prazo = replace(ctx.settings.prazos["recurso"], dispositivo="art61_par9")
    ctx.settings.prazos = {**ctx.settings.prazos, "recurso": prazo}
    case = load_cases(CASES / "pp-auto-de-infracao.toml")[0]
    with pytest.raises(FormError, match=r"\[prazos recurso\] cita art61_par9 \(art. 61, § 9º\), que não existe"):
        validate("auto-de-infracao", [case], ctx, TODAY)


def test_notice_about_an_infraction_requires_one_even_if_settings_forget():
    from dataclasses import replace

    ctx = pp_context()
    spec = ctx.settings.formularios["notificacao-autuacao"]
    ctx.settings.formularios["notificacao-autuacao"] = replace(spec, campos_obrigatorios=())
    case = make_case({"auto": "AI-2025/000001", "placa": "ABC1234"}, "c.csv", 3)
    with pytest.raises(FormError, match=r"c.csv, linha 3: campo obrigatório ausente: 'infracao'"):
        validate("notificacao-autuacao", [case], ctx, TODAY)


def test_csv_semicolon_cp1252_and_toml_list(tmp_path):
    csv_path = tmp_path / "casos.csv"
    csv_path.write_bytes("placa;condutor;data_hora;reincidente\nABC1234;João Ávila;10/03/2025 14:30;SIM\n"
                         ";;;\n".encode("cp1252"))
    cases = load_cases(csv_path)
    assert len(cases) == 1 and cases[0].row == 2
    assert cases[0].data["condutor"] == "João Ávila" and cases[0].data["reincidente"] is True
    assert cases[0].data["data_hora"] == datetime(2025, 3, 10, 14, 30)
    toml_path = tmp_path / "casos.toml"
    toml_path.write_text('[[casos]]\nplaca = "ABC1234"\n[[casos]]\nplaca = "xyz9876"\n', encoding="utf-8")
    assert [c.data["placa"] for c in load_cases(toml_path)] == ["ABC1234", "XYZ9876"]


def test_case_deadline_cannot_override_the_law():
    from tests.forms_support import bg_context

    raw = _raw(load_cases(CASES / "bg-notificacao-regularizacao.toml")[0].data)
    case = make_case({**raw, "prazo_dias": "30"}, "c.toml")
    with pytest.raises(FormError, match=r"a lei já fixa o prazo .*15 dias \(art. 16, § 2º\)"):
        validate("notificacao-regularizacao", [case], bg_context(), TODAY)
