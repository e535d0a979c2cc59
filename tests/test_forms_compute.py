"""Money, deadlines and template overrides: properties and small cases."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lexconsolida.forms.compute import brl, end_date
from tests.forms_support import CASES, TODAY, pp_context


@given(st.decimals(min_value=Decimal("-1e9"), max_value=Decimal("1e9"), places=2))
def test_brl_round_trips(value):
    text = brl(value)
    assert text.startswith(("R$ ", "-R$ "))
    back = Decimal(text.replace("R$ ", "").replace(".", "").replace(",", "."))
    assert back == value


def test_brl_rounds_half_up():
    assert brl(Decimal("2.345")) == "R$ 2,35" and brl(Decimal("1000000")) == "R$ 1.000.000,00"


@given(st.dates(min_value=date(2000, 1, 1), max_value=date(2090, 1, 1)), st.integers(1, 400))
def test_calendar_days(start, days):
    assert (end_date(start, days, "corridos") - start).days == days


@given(st.dates(min_value=date(2000, 1, 1), max_value=date(2090, 1, 1)), st.integers(1, 60),
       st.sets(st.integers(1, 90), max_size=5))
def test_business_days(start, days, offsets):
    holidays = frozenset(start + timedelta(days=o) for o in offsets)
    end = end_date(start, days, "úteis", holidays)
    assert end.weekday() < 5 and end not in holidays
    span = [start + timedelta(days=i) for i in range(1, (end - start).days + 1)]
    assert sum(1 for d in span if d.weekday() < 5 and d not in holidays) == days


def test_business_days_skip_configured_holidays():
    # Friday 14/11/2025 + 3 business days, with 20/11 (Consciência Negra) a holiday → 19/11; with
    # 18/11 also a holiday → 20/11 is skipped too → 21/11.
    assert end_date(date(2025, 11, 14), 3, "úteis", frozenset({date(2025, 11, 20)})) == date(2025, 11, 19)
    assert end_date(date(2025, 11, 14), 3, "úteis",
                    frozenset({date(2025, 11, 18), date(2025, 11, 20)})) == date(2025, 11, 21)


def test_municipality_templates_override_defaults(tmp_path):
    import io

    from docx import Document

    from lexconsolida.forms.cases import load_cases
    from lexconsolida.forms.docx import render_docx
    from lexconsolida.forms.html import render_html
    from lexconsolida.forms.issue import _build

    ctx = pp_context()
    doc = _build("advertencia", load_cases(CASES / "pp-advertencia.toml")[0], ctx, "AE-2025/000001", TODAY)
    folder = tmp_path / "templates" / "forms"
    folder.mkdir(parents=True)
    (folder / "advertencia.html.j2").write_text(
        '{% extends "base.html.j2" %}{% block abertura %}<p class="minha">{{ doc.abertura }}</p>{% endblock %}',
        encoding="utf-8")
    model = Document()
    model.styles.add_style("Timbre", 1).font.name = "Fonte da Prefeitura"
    model.sections[0].header.paragraphs[0].text = "BRASÃO E TIMBRE DA PREFEITURA"
    model.save(folder / "modelo.docx")
    html = render_html(doc, folder).decode()
    assert '<p class="minha">Fica V. Sa. advertido(a)' in html
    data = render_docx(doc, datetime(2025, 8, 11), folder / "modelo.docx")
    issued = Document(io.BytesIO(data))
    styles = issued.styles
    assert styles["Timbre"].font.name == "Fonte da Prefeitura"
    assert [p.text for p in issued.sections[0].header.paragraphs] == ["BRASÃO E TIMBRE DA PREFEITURA"]
    assert "Advertência Escrita nº AE-2025/000001 — página" in "".join(
        p.text for p in issued.sections[0].footer.paragraphs)
    assert styles["Citação Legal"] is not None  # missing styles are added


def test_print_css_and_language():
    from lexconsolida.forms.cases import load_cases
    from lexconsolida.forms.html import render_html
    from lexconsolida.forms.issue import _build

    ctx = pp_context()
    doc = _build("advertencia", load_cases(CASES / "pp-advertencia.toml")[0], ctx, "AE-2025/000001", TODAY)
    html = render_html(doc).decode()
    assert '<html lang="pt-BR">' in html and "@page { size: A4" in html


@pytest.mark.parametrize("bad,message", [
    ('feriados = ["2025-13-01"]', "feriado inválido"),
])
def test_bad_holiday_is_refused(tmp_path, bad, message):
    from lexconsolida.errors import InputError
    from lexconsolida.forms.settings import load_settings
    from tests.forms_support import STATUTES

    text = (STATUTES / "mt-pedra-preta" / "municipio.toml").read_text(encoding="utf-8")
    text = text.replace("[fiscalizacao]\n", f"[fiscalizacao]\n{bad}\n")
    (tmp_path / "municipio.toml").write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=message):
        load_settings(tmp_path)
