"""What a fiscal needs in the street: talão, both signature lines, ciência and refusal, receipt stub,
deadlines by the law's notice rule, date checks, errors that name file, line, field and type, and
the register report."""

from __future__ import annotations

import re
import shutil
import subprocess
from datetime import datetime, time
from pathlib import Path

import pytest

from tests.conftest import needs_soffice
from tests.forms_support import STATUTES, TODAY, docx_text, pp_context
from lexconsolida.errors import FormError, InputError
from lexconsolida.forms.cases import load_cases, make_case
from lexconsolida.forms.docx import render_docx
from lexconsolida.forms.html import render_html
from lexconsolida.forms.issue import _build, issue_batch, issue_talao, validate
from lexconsolida.forms.register import Register
from lexconsolida.forms.settings import load_settings

PDFTOPPM = shutil.which("pdftoppm")
PDFTOTEXT = shutil.which("pdftotext")
needs_poppler = pytest.mark.skipif(PDFTOPPM is None or PDFTOTEXT is None, reason="poppler-utils não instalado")

BASE = {"infracao": "art55_par13", "condutor_autorizado": "João da Silva", "condutor": "José Souza",
        "placa": "QBC1D23", "veiculo": "Honda CG 160", "local": "Praça Central", "data_hora": "2025-03-10 14:30",
        "descricao": "Freio inoperante", "agente": "Maria Pereira, matrícula 1234", "data_emissao": "2025-03-10"}


def _doc(kind="auto-de-infracao", **fields):
    ctx = pp_context()
    case = make_case({**BASE, **fields}, "caso.toml")
    validate(kind, [case], ctx, TODAY)
    return _build(kind, case, ctx, "AI-2025/000001", TODAY)


# --- talão ---------------------------------------------------------------------------------


def test_talao_reserves_its_numbers_and_a_filled_one_is_recorded_against_its_number(tmp_path):
    ctx = pp_context()
    out = tmp_path / "saida"
    with Register(tmp_path / "r.sqlite", create=True) as reg:
        talao = issue_talao("auto-de-infracao", 3, ctx, out, reg, today=TODAY)
        assert talao.numeros == ("AI-2025/000001", "AI-2025/000002", "AI-2025/000003")
        assert [p.name for p in talao.arquivos] == ["talao-AI-2025-000001-a-000003.docx",
                                                    "talao-AI-2025-000001-a-000003.html"]
        assert [(e.situacao, e.modo) for e in reg.entries()] == [("talao", "talao")] * 3
        # a normal issue takes the next number, never a talão's
        normal = issue_batch("auto-de-infracao", [make_case(BASE, "c.toml")], ctx, out, reg, today=TODAY)
        assert normal[0].numero == "AI-2025/000004"
        # the filled sheet nº 2, an autuação without flagrante (art. 56, § 1º): no driver's names
        filled = {k: v for k, v in BASE.items() if k not in ("condutor", "condutor_autorizado")}
        case = make_case({**filled, "numero": "AI-2025/000002", "flagrante": "não"}, "talao2.toml")
        recorded = issue_batch("auto-de-infracao", [case], ctx, out, reg, today=TODAY)
        assert recorded[0].numero == "AI-2025/000002"
        entry = reg.find("AI-2025/000002")
        assert (entry.situacao, entry.modo, entry.pendente) == ("emitido", "talao", False)
        assert entry.dados["flagrante"] is False and entry.origem == "talao2.toml"
        text = docx_text(recorded[0].arquivos[0].read_bytes())
        assert "Transcrição do auto lavrado à mão no talão nº AI-2025/000002" in text
        assert "sem flagrante" in text and "art. 56, § 1º" in text
        with pytest.raises(FormError, match="não está em talão aguardando lançamento"):
            issue_batch("auto-de-infracao", [case], ctx, tmp_path / "outra", reg, today=TODAY)
        stray = make_case({**BASE, "numero": "AI-2025/000099"}, "c.toml")
        with pytest.raises(FormError, match="não consta do registro"):
            issue_batch("auto-de-infracao", [stray], ctx, tmp_path / "outra", reg, today=TODAY)
        with pytest.raises(FormError, match=r"caso.toml, linha 3: número de talão inválido"):
            validate("auto-de-infracao", [make_case({**BASE, "numero": "NP-2025/000001"}, "caso.toml",
                                                    lines={"numero": 3})], ctx, TODAY)
        assert reg.find("AI-2025/000001").situacao == "talao"
        assert reg.void("AI-2025/000003", "folha molhada").situacao == "inutilizado"


def test_without_flagrante_the_law_still_requires_the_plate():
    with pytest.raises(FormError, match=r"'placa'.*art. 56, inciso II.*\(autuação sem flagrante\)"):
        _doc(flagrante="não", placa="", condutor="", condutor_autorizado="")
    with pytest.raises(FormError, match="autuação sem flagrante não prevista para notificacao-autuacao"):
        _doc("notificacao-autuacao", flagrante="não", auto="AI-2025/000001")


@pytest.mark.libreoffice
@pytest.mark.slow
@needs_soffice
@needs_poppler
def test_talao_of_50_converts_with_libreoffice_front_and_back_per_number(tmp_path):
    from tests.conftest import convert_to_pdf

    from lexconsolida.forms.infractions import extract
    from lexconsolida.forms.issue import Context
    from lexconsolida.forms.source import load_norma

    settings = load_settings(STATUTES / "mt-pedra-preta")
    norma = load_norma(settings.norma_path)  # the whole law: 48 infractions on the back
    ctx = Context(settings, norma, extract(norma))
    with Register(tmp_path / "r.sqlite", create=True) as reg:
        talao = issue_talao("auto-de-infracao", 50, ctx, tmp_path / "saida", reg, today=TODAY)
        assert len(reg.entries()) == 50 and {e.situacao for e in reg.entries()} == {"talao"}
    pdf = convert_to_pdf([talao.arquivos[0]], tmp_path)[0]
    pages = subprocess.run([PDFTOTEXT, "-layout", str(pdf), "-"], capture_output=True, check=True,
                           timeout=120).stdout.decode().split("\f")[:-1]
    assert len(pages) == 100  # one front and one back per number: prints duplex
    for i, numero in enumerate(talao.numeros):
        front, back = pages[2 * i], pages[2 * i + 1]
        assert "AUTO DE INFRAÇÃO" in front and f"Nº {numero}" in front
        assert "Agente autuante" in front and "Autuado" in front and "2ª testemunha" in front
        assert f"VERSO DO AUTO Nº {numero}" in back and "55, § 48" in back and "Multas: leve, 30 UPFM" in back


# --- what the auto shows ---------------------------------------------------------------------


def _dark_runs(row: bytes, threshold: int = 128, min_len: int = 200) -> list[tuple[int, int]]:
    runs, start = [], None
    for x, v in enumerate(row):
        if v < threshold and start is None:
            start = x
        elif v >= threshold and start is not None:
            if x - start >= min_len:
                runs.append((start, x))
            start = None
    return runs


def _pgm(path: Path) -> tuple[int, int, bytes]:
    data = path.read_bytes()
    magic, width, height, maxval, pixels = data.split(maxsplit=4)
    assert magic == b"P5" and maxval == b"255"
    return int(width), int(height), pixels


@pytest.mark.libreoffice
@pytest.mark.slow
@needs_soffice
@needs_poppler
def test_auto_rendered_to_png_shows_both_signature_lines(tmp_path):
    from tests.conftest import convert_to_pdf

    docx = tmp_path / "auto.docx"
    docx.write_bytes(render_docx(_doc(), datetime.combine(TODAY, time())))
    pdf = convert_to_pdf([docx], tmp_path)[0]
    text = subprocess.run([PDFTOTEXT, "-layout", str(pdf), "-"], capture_output=True, check=True).stdout.decode()
    last = text.split("\f")[-2]
    assert "Agente autuante" in last and "Autuado (a assinatura" in last
    assert "Maria Pereira, matrícula 1234" in last and "José Souza" in last
    subprocess.run([PDFTOPPM, "-gray", "-r", "100", "-png", str(pdf), str(tmp_path / "pagina")], check=True)
    subprocess.run([PDFTOPPM, "-gray", "-r", "100", str(pdf), str(tmp_path / "pagina")], check=True)
    pages = sorted(tmp_path.glob("pagina*.pgm"))
    width, height, pixels = _pgm(pages[-1])
    # An 80 mm signature line at 100 dpi is about 315 px; the two of a row sit left and right of the middle.
    rows_with_two = []
    for y in range(height):
        runs = _dark_runs(pixels[y * width:(y + 1) * width], min_len=250)
        if len(runs) == 2 and runs[0][1] < width // 2 < runs[1][0]:
            rows_with_two.append(y)
    bands = [y for i, y in enumerate(rows_with_two) if i == 0 or y - rows_with_two[i - 1] > 3]
    assert len(bands) >= 2, "esperadas duas linhas de assinatura lado a lado (agente e autuado; testemunhas)"
    assert (tmp_path / f"{pages[-1].stem}.png").is_file()


def test_ciencia_refusal_and_witnesses():
    doc = _doc(data_ciencia="2025-03-10 14:45")
    assert doc.ciencia.data_hora == "10/03/2025, às 14h45" and doc.ciencia.recusa is None
    html = render_html(doc).decode()
    assert "Ciente em 10/03/2025, às 14h45." in html and "☐</span> O autuado recusou-se a assinar" in html
    with pytest.raises(FormError, match=r"recusa de assinatura exige duas testemunhas.*'testemunha_2'"):
        _doc(recusa_assinatura="sim", testemunha_1="Ana Lima, RG 123")
    doc = _doc(recusa_assinatura="sim", testemunha_1="Ana Lima, RG 123", testemunha_2="Rui Costa, RG 456")
    text = docx_text(render_docx(doc, datetime.combine(TODAY, time())))
    assert "☒ O autuado recusou-se a assinar" in text
    assert "Ana Lima, RG 123" in text and "Rui Costa, RG 456" in text
    assert "1ª testemunha da recusa (nome e documento)" in text


def test_notices_end_with_a_receipt_stub_and_no_cabinet_heads_a_fiscal_notice():
    doc = _doc("notificacao-autuacao", auto="AI-2025/000001")
    assert doc.canhoto is not None and doc.ciencia is None
    data = render_docx(doc, datetime.combine(TODAY, time()))
    text = docx_text(data)
    assert "Comprovante de recebimento" in text and "Recebi a via desta notificação em" in text
    assert "Notificação de Autuação nº AI-2025/000001 — Auto de Infração nº AI-2025/000001" in text
    from tests.forms_support import docx_part

    header = docx_part(data, "word/header1.xml").decode()
    assert "GABINETE" not in header.upper() and "Fiscalização do Serviço de Mototáxi" in header
    assert _doc().canhoto is None  # the auto is signed on the spot; it has the ciência instead


# --- deadlines by the rule of notice --------------------------------------------------------


def _deadline(**fields) -> str:
    doc = _doc(**fields)
    return next(r.valor for s in doc.secoes if s.titulo == "Prazos" for r in s.linhas)


def test_deadline_by_post_counts_from_the_ar_date_or_prints_the_rule():
    by_post = _deadline(meio_entrega="postal")
    assert "termina em" not in by_post  # no date invented from the emission
    assert "na data do recebimento, por via postal com aviso de recebimento (AR) (art. 65, inciso II)" in by_post
    assert "15 dias corridos depois da data anotada no aviso de recebimento (AR)" in by_post
    with_ar = _deadline(meio_entrega="postal", data_ar="2025-03-20")
    assert "início em 20/03/2025 (data do recebimento anotada no aviso de recebimento (AR): 20/03/2025)" in with_ar
    assert with_ar.endswith("termina em 04/04/2025")


def test_deadline_by_edital_counts_five_days_after_publication_and_in_person_from_ciencia():
    edital = _deadline(meio_entrega="edital", data_publicacao="2025-03-12")
    assert "mais 5 dias" in edital and edital.endswith("termina em 01/04/2025")  # 12 + 5 = 17, + 15
    assert "termina em" not in _deadline(meio_entrega="pessoal")
    assert _deadline(meio_entrega="pessoal", data_ciencia="2025-03-10 14:45").endswith("termina em 25/03/2025")


def test_dates_in_an_impossible_order_are_refused_naming_the_fields():
    with pytest.raises(FormError, match=r"o formulário não pode ser datado antes da infração \('data_emissao' "
                                        r"01/03/2019 é anterior a 'data_hora' 10/03/2025\)"):
        _doc(data_emissao="2019-03-01")
    with pytest.raises(FormError, match=r"data no futuro no campo 'data_hora'.*16/12/2025 \(hoje é 15/12/2025\)"):
        _doc(data_hora="2025-12-16 08:00", data_emissao="")
    with pytest.raises(FormError, match="o aviso de recebimento não pode ser anterior à emissão"):
        _doc(meio_entrega="postal", data_ar="2025-03-01")


# --- errors name file, line, field and type -------------------------------------------------


def test_wrong_types_in_a_toml_case_name_file_line_field_and_type(tmp_path):
    case = tmp_path / "caso.toml"
    case.write_text('infracao = "art55_par13"\nplaca = 123\n', encoding="utf-8")
    with pytest.raises(FormError) as err:
        load_cases(case)
    assert str(err.value) == (f"{case}, linha 2: tipo errado no campo 'placa' (placa do veículo): esperado placa, "
                              "encontrado número inteiro 123")
    case.write_text('infracao = "art55_par13"\n\ndata_emissao = 2026\n', encoding="utf-8")
    with pytest.raises(FormError, match=rf"^{re.escape(str(case))}, linha 3: tipo errado no campo 'data_emissao' "
                                        r"\(data de emissão do formulário\): esperado data, encontrado número inteiro"):
        load_cases(case)
    case.write_text('[[casos]]\nplaca = "ABC1234"\n[[casos]]\nplaca = "ABC1234"\ndata_hora = "2026"\n', encoding="utf-8")
    with pytest.raises(FormError, match=r"\[caso 2\], linha 5: valor inválido no campo 'data_hora'.*'2026' "
                                        r"\(esperado: data e hora\)"):
        load_cases(case)


@pytest.mark.parametrize("old,new,expected", [
    ('dias = 15\ncontagem = "corridos"\ninicio = "data do recebimento da notificação"',
     'dias = "quinze"\ncontagem = "corridos"\ninicio = "data do recebimento da notificação"',
     r"linha \d+: tipo errado na chave 'dias' em \[prazos recurso\]: esperado número inteiro, encontrado texto 'quinze'"),
    ('sigla = "UPFM"', 'sigla = 7', r"tipo errado na chave 'sigla' em \[unidade_fiscal\]: esperado texto, encontrado"),
    ('norma = "lei-846-2015"', 'norma = ""', r"a chave 'norma' em \[fiscalizacao\] está vazia"),
    ('registro = "registros/fiscalizacao-mototaxi.sqlite"', 'registro = "../../fora.sqlite"',
     r"\[fiscalizacao\] registro deve ser um caminho dentro da pasta do município"),
    ('data_inicio = "data_ar"', 'data_inicio = "data_do_ar"', r"data_inicio inválido em \[entrega postal\]"),
])
def test_wrong_settings_name_the_key_line_and_type(tmp_path, old, new, expected):
    text = (STATUTES / "mt-pedra-preta" / "municipio.toml").read_text(encoding="utf-8")
    assert old in text
    changed = text.replace(old, new, 1)
    (tmp_path / "municipio.toml").write_text(changed, encoding="utf-8")
    with pytest.raises(InputError, match=expected) as err:
        load_settings(tmp_path)
    if err.value.line is not None:
        assert new.splitlines()[0] in changed.splitlines()[err.value.line - 1]


# --- the register report --------------------------------------------------------------------


def test_register_report_counts_by_month_and_kind(tmp_path):
    from lexconsolida.forms.report import numbers_csv, report_html, summary_csv

    ctx = pp_context()
    out = tmp_path / "saida"
    with Register(tmp_path / "r.sqlite", create=True) as reg:
        cases = [make_case({**BASE, "data_hora": f"2025-0{m}-05 10:00", "data_emissao": f"2025-0{m}-05"}, "c.csv", i)
                 for i, m in enumerate((3, 3, 4), 2)]
        issue_batch("auto-de-infracao", cases, ctx, out, reg, today=TODAY)
        reg.cancel("AI-2025/000002", "placa errada")
        issue_talao("auto-de-infracao", 2, ctx, out, reg, today=TODAY)
        reg.void("AI-2025/000005", "folha perdida")
        entries, info = reg.entries(), reg.info()
    csv_text = summary_csv(entries).decode()
    assert csv_text.splitlines() == [
        "mes,tipo,emitidos,cancelados,inutilizados,em_talao,pendentes,total",
        "2025-03,auto-de-infracao,1,1,0,0,0,2",
        "2025-04,auto-de-infracao,1,0,0,0,0,1",
        f"{entries[3].reservado_em[:7]},auto-de-infracao,0,0,1,1,0,2",
        "total,,2,1,1,1,0,5",
    ]
    detail = numbers_csv(entries).decode().splitlines()
    assert len(detail) == 6 and detail[2].startswith("AI-2025/000002,auto-de-infracao,cancelado,2025-03")
    html = report_html(entries, info).decode()
    assert "março de 2025" in html and "abril de 2025" in html and "placa errada" in html and "folha perdida" in html
    assert report_html(entries, info) == html.encode()


def test_report_from_the_cli(tmp_path):
    from tests.conftest import run_cli

    reg = tmp_path / "r.sqlite"
    Register(reg, create=True).close()
    result = run_cli("forms", "--relatorio", tmp_path / "rel", "--registro", reg)
    assert result.returncode == 0, result.stderr.decode()
    assert sorted(p.name for p in (tmp_path / "rel").iterdir()) == ["registro-numeros.csv", "registro.csv",
                                                                    "registro.html"]
    assert (tmp_path / "rel" / "registro.csv").read_text(encoding="utf-8").splitlines()[-1] == "total,,0,0,0,0,0,0"
