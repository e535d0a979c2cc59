"""The PDF reader on PDFs with a text layer: round trips of our own DOCX through LibreOffice,
a two-column gazette edition split into its acts, bad PDFs refused, and the rules underneath
(paragraphs, hyphenation, columns, page furniture, OCR debris) on made-up pages."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from lexconsolida.errors import InputError
from lexconsolida.model import Severity
from lexconsolida.readers import format_of, read_file
from lexconsolida.readers.pdf import read, read_edition
from lexconsolida.readers.pdf.layout import Line
from lexconsolida.readers.text import read as read_text
from tests.conftest import STATUTES as ROOT_STATUTES
from tests.conftest import run_cli
from tests.pdf_support import Act, gazette_pdf, office_pdfs, sample_acts, shape

@pytest.fixture(scope="module")
def office():
    return office_pdfs()


@pytest.mark.shared
@pytest.mark.libreoffice
@pytest.mark.slow
def test_round_trip_of_our_docx_through_libreoffice(office):
    """Seeds and example acts: same dispositivos (ids, rótulos, text), ementa, type, number and
    date (the epígrafe is printed as the publisher writes it, not as the source had it)."""
    assert len(office) >= 3
    for name, (source, pdf) in office.items():
        original = read_text(source.read_bytes(), path=str(source)).norma
        back = read_file(pdf)
        assert shape(back.norma) == shape(original), name
        assert back.norma.ementa == original.ementa, name
        assert (back.norma.tipo, back.norma.numero, back.norma.data) == \
               (original.tipo, original.numero, original.data), name
        assert back.norma.provenance.reader == "pdf"
        codes = {d.code for d in back.diagnostics}
        assert "leitura-pagina" in codes
        assert not [d for d in back.diagnostics if d.code == "ocr-baixa-confianca"]


@pytest.mark.shared
@pytest.mark.libreoffice
@pytest.mark.slow
def test_letterhead_footer_and_page_numbers_go_to_the_furniture_log(office):
    source, pdf = office["semente-004"]
    result = read_file(pdf)
    furniture = [d for d in result.diagnostics if d.code == "linha-removida"]
    pages = {d.page for d in result.diagnostics if d.code == "leitura-pagina"}
    assert len(pages) >= 10
    numbers = [d for d in furniture if d.text and d.text.startswith("Página")]
    assert {d.page for d in numbers} == pages  # 'Página N de M' on every page, found on every page
    assert all(d.text == f"Página {d.page} de {len(pages)}" for d in numbers)
    letterhead = [d for d in furniture if d.text == "PREFEITURA MUNICIPAL DE PEDRA PRETA"]
    assert {d.page for d in letterhead} == pages
    assert all(d.line is not None and d.page is not None for d in furniture)
    # nothing of the letterhead is left in the tree
    text = " ".join(d.text for d in result.norma.dispositivos())
    assert "PREFEITURA MUNICIPAL" not in text and "Página" not in text


@pytest.mark.shared
@pytest.mark.libreoffice
@pytest.mark.slow
def test_diagnostics_point_at_page_and_line(office):
    source, pdf = office["semente-004"]
    result = read_file(pdf)
    gap = next(d for d in result.diagnostics if d.where == "art19" and d.severity is Severity.WARNING)
    assert gap.page is not None and gap.line is not None
    assert gap.format(str(pdf)).startswith(f"{pdf}, página {gap.page}, linha {gap.line}")
    from lexconsolida.readers.pdf.document import PdfFile
    from lexconsolida.readers.pdf.layout import number_lines, page_lines

    with PdfFile(pdf.read_bytes()) as doc:
        lines = page_lines(doc.page_text(gap.page - 1))
    number_lines(lines)
    assert lines[gap.line - 1].text.startswith("Art. 19")


# --- A gazette edition ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def gazette(tmp_path_factory) -> Path:
    pytest.importorskip("reportlab")
    return gazette_pdf(sample_acts(), tmp_path_factory.mktemp("gazeta") / "edicao.pdf")


def _oracle(act: Act):
    return read_text(("\n".join(act.lines()) + "\n").encode("utf-8")).norma


def test_two_column_edition_splits_into_its_four_acts(gazette):
    edition = read_edition(gazette.read_bytes(), path=str(gazette))
    acts = sample_acts()
    assert [r.norma.epigrafe for r in edition.acts] == [a.epigrafe for a in acts]
    for result, act in zip(edition.acts, acts):
        expected = _oracle(act)
        assert shape(result.norma) == shape(expected), act.epigrafe
        assert result.norma.ementa == act.ementa
        assert (result.norma.tipo, result.norma.numero, result.norma.data) == \
               (expected.tipo, expected.numero, expected.data)
        assert result.norma.fecho == [act.fecho]
        assert [(s.name, s.cargo) for s in result.norma.assinaturas] == [(act.signer, act.cargo)]
        prov = result.norma.provenance
        assert prov.edition and "Edição nº 1.234" in prov.edition and "JOÃO" not in prov.edition
        assert prov.pages in ("1", "1-2", "2")
        assert result.norma.publicacao == "2021-03-02"
    assert edition.acts[-1].norma.provenance.pages == "1-2"
    outside = [d.text for d in edition.diagnostics if d.code == "fora-dos-atos"]
    assert outside[0] == "SUMÁRIO" and outside[-1] == "PODER EXECUTIVO"
    assert [p.method for p in edition.pages] == ["texto", "texto"]


def test_edition_is_refused_as_one_act_but_each_act_can_be_picked(gazette, tmp_path):
    with pytest.raises(InputError, match="edição com 4 atos.*--ato N.*separar"):
        read(gazette.read_bytes(), path=str(gazette))
    third = read(gazette.read_bytes(), path=str(gazette), ato=3)
    assert third.norma.epigrafe == "DECRETO Nº 55, DE 2 DE MARÇO DE 2021"
    assert all(d.page in (None, 1) for d in third.diagnostics)
    out = tmp_path / "ato3.xml"
    proc = run_cli("parse", gazette, "--ato", "3", "-o", out)
    assert proc.returncode == 0, proc.stderr.decode()
    assert b"Decreto" in out.read_bytes() and b'paginas="1"' in out.read_bytes()
    assert "1 página do PDF: 1 pela camada de texto, 0 por OCR" in proc.stderr.decode()
    proc = run_cli("parse", gazette, "-o", tmp_path / "nada.xml")
    assert proc.returncode == 2 and not (tmp_path / "nada.xml").exists()
    assert "edição com 4 atos" in proc.stderr.decode()


def test_separar_writes_one_lexml_per_act_and_the_report(gazette, tmp_path):
    out, report = tmp_path / "atos", tmp_path / "relatorio.json"
    proc = run_cli("separar", gazette, "-o", out, "--report", report)
    assert proc.returncode == 0, proc.stderr.decode()
    names = sorted(p.name for p in out.iterdir())
    assert names == ["01-lei-101-2021.xml", "02-lei-102-2021.xml", "03-decreto-55-2021.xml",
                     "04-lei-complementar-12-2021.xml"]
    for name, act in zip(names, sample_acts()):
        back = read_file(out / name).norma
        assert shape(back) == shape(_oracle(act))
        assert back.provenance.edition and back.provenance.pages
    data = json.loads(report.read_text(encoding="utf-8"))
    assert [p["metodo"] for p in data["paginas"]] == ["camada de texto", "camada de texto"]
    assert [a["paginas"] for a in data["atos"]] == ["1", "1", "1", "1-2"]


# --- Bad PDFs ---------------------------------------------------------------------------------

def _encrypted(path: Path) -> Path:
    from reportlab.lib.pdfencrypt import StandardEncryption
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), encrypt=StandardEncryption("segredo", canPrint=0), invariant=1)
    c.drawString(100, 700, "Art. 1º Esta Lei entra em vigor na data de sua publicação.")
    c.save()
    return path


def _zero_pages(path: Path) -> Path:
    import io

    import pypdfium2

    doc = pypdfium2.PdfDocument.new()
    buf = io.BytesIO()
    doc.save(buf)
    doc.close()
    path.write_bytes(buf.getvalue())
    return path


def _image_only(path: Path) -> Path:
    from PIL import Image, ImageDraw

    page = Image.new("L", (850, 1100), 255)
    ImageDraw.Draw(page).text((80, 100), "Art. 1º Esta Lei entra em vigor.", fill=0)
    page.save(path, resolution=100)
    return path


@pytest.mark.parametrize("kind, message", [
    ("criptografado", "protegido por senha"),
    ("corrompido", "corrompido ou incompleto"),
    ("truncado", "corrompido ou incompleto"),
    ("sem-paginas", "nenhuma página"),
    ("imagem-sem-tesseract", "apt-get install tesseract-ocr tesseract-ocr-por"),
    ("nao-e-pdf", "não é um PDF"),
])
def test_bad_pdfs_are_refused_in_portuguese_with_exit_2(kind, message, gazette, tmp_path):
    pytest.importorskip("reportlab")
    path = tmp_path / f"{kind}.pdf"
    env = {}
    if kind == "criptografado":
        _encrypted(path)
    elif kind == "corrompido":
        path.write_bytes(b"%PDF-1.4\n" + bytes(range(256)) * 8)
    elif kind == "truncado":
        data = gazette.read_bytes()
        path.write_bytes(data[: len(data) // 3])
    elif kind == "sem-paginas":
        _zero_pages(path)
    elif kind == "imagem-sem-tesseract":
        _image_only(path)
        env = {"LEXCONSOLIDA_TESSERACT": str(tmp_path / "sem-tesseract")}
    else:
        path.write_bytes(b"Art. 1\xba Isto n\xe3o \xe9 PDF.\n")
    out = tmp_path / "saida.xml"
    old = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        proc = run_cli("parse", path, "-o", out)
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    err = proc.stderr.decode()
    assert proc.returncode == 2, err
    assert message in err and str(path) in err and "Traceback" not in err
    assert not out.exists()


def test_pdf_is_an_input_format_of_every_command():
    assert format_of("diario.PDF") == "pdf"
    for command in ("parse", "check", "render"):
        proc = run_cli(command, "--help")
        assert "pdf" in proc.stdout.decode(), command


# --- The rules on made-up lines ---------------------------------------------------------------

def line(text, x0=72.0, x1=520.0, top=100.0, size=12.0, page=1, bold=False, column=(72.0, 522.0), first=None):
    word = text.split()[0] if text.split() else ""
    return Line(page=page, text=text, x0=x0, x1=x1, top=top, bottom=top + size, size=size, bold=bold,
                column=column, first_word=first if first is not None else len(word) * size * 0.5)


def test_paragraphs_join_wrapped_lines_and_keep_labels_apart():
    from lexconsolida.readers.pdf.paragraphs import text_lines

    lines = [
        line("Art. 1º O Poder Executivo regulamentará, no prazo previsto no inciso", x0=100, top=100),
        line("II do art. 5º, a coleta seletiva de resíduos sólidos em todo o Municí-", top=114),
        line("pio, ouvido o Conselho.", x1=200, top=128),
        line("Art. 2º Esta Lei do Município entra em vigor na data de sua publicação e revoga o", x0=100, top=148),
        line("art. 3º da Lei nº 10.", x1=180, top=162),
        line("I – reduzir o volume de resíduos;", x1=300, top=182),
        line("II – incentivar a reciclagem.", x1=280, top=196),
    ]
    for n, ln in enumerate(lines, start=1):
        ln.number = n
    diags = []
    out = text_lines(lines, diags)
    assert [t.text for t in out] == [
        "Art. 1º O Poder Executivo regulamentará, no prazo previsto no inciso II do art. 5º, a "
        "coleta seletiva de resíduos sólidos em todo o Município, ouvido o Conselho.",
        "Art. 2º Esta Lei do Município entra em vigor na data de sua publicação e revoga o art. 3º da Lei nº 10.",
        "I – reduzir o volume de resíduos;",
        "II – incentivar a reciclagem.",
    ]
    assert [(t.page, t.line) for t in out] == [(1, 1), (1, 4), (1, 6), (1, 7)]
    repair = next(d for d in diags if d.code == "reparo")
    assert (repair.before, repair.after, repair.page, repair.line) == ("Municí-\npio", "Município", 1, 3)


def test_line_end_hyphen_kept_when_the_text_layer_does_not_hyphenate():
    """('Municí-' / 'pio' above is joined because the page prints 'Município' whole elsewhere.)"""
    from lexconsolida.readers.pdf.paragraphs import text_lines

    lines = [line("Não receber passes ou vale-", top=100, x0=100), line("transporte como pagamento.", x1=300, top=114)]
    for n, ln in enumerate(lines, start=1):
        ln.number = n
    assert [t.text for t in text_lines(lines, [])] == ["Não receber passes ou vale-transporte como pagamento."]


def test_centred_title_wrapped_over_two_lines_is_one_line():
    from lexconsolida.readers.pdf.paragraphs import text_lines

    col = (300.0, 546.0)
    lines = [line("LEI COMPLEMENTAR Nº 12, DE 2 DE MARÇO", x0=313, x1=546, bold=True, column=col, size=9, top=100),
             line("DE 2021", x0=409, x1=450, bold=True, column=col, size=9, top=111.5, first=10),
             line("CAPÍTULO I", x0=390, x1=456, bold=True, column=col, size=9, top=140),
             line("DISPOSIÇÕES GERAIS", x0=380, x1=466, bold=True, column=col, size=9, top=151.5)]
    for n, ln in enumerate(lines, start=1):
        ln.number = n
    assert [t.text for t in text_lines(lines, [])] == [
        "LEI COMPLEMENTAR Nº 12, DE 2 DE MARÇO DE 2021", "CAPÍTULO I", "DISPOSIÇÕES GERAIS"]


def test_headers_and_footers_found_by_position_and_repetition():
    from lexconsolida.readers.pdf import furniture

    pages = []
    for p in range(1, 4):
        lines = [line("PREFEITURA MUNICIPAL DE VILA SERENA", top=30, page=p),
                 line(f"Art. {p}º Texto do artigo {p}.", top=120, page=p),
                 line("PREFEITURA MUNICIPAL DE VILA SERENA", top=400, page=p),  # quoted in the text
                 line("Rua das Flores, 10 — Centro", top=790, page=p, size=8),
                 line(f"Página {p} de 3", top=805, page=p, size=8)]
        if p == 2:
            lines.append(line("17", top=300, page=p))  # a bare number in the text
        pages.append((lines, 842.0))
    found = furniture.find(pages)
    kinds = {(ln.page, ln.top): found.get(id(ln)) for lines, _ in pages for ln in lines}
    for p in range(1, 4):
        assert kinds[(p, 30)] == furniture.REASON_REPEATED
        assert kinds[(p, 790)] == furniture.REASON_REPEATED
        assert kinds[(p, 805)] == furniture.REASON_PAGE
        assert kinds[(p, 120)] is None and kinds[(p, 400)] is None
    assert kinds[(2, 300)] is None


def test_a_line_repeated_at_the_top_of_a_column_is_text():
    from lexconsolida.readers.pdf import furniture

    pages = []
    for p in (1, 2):
        pages.append(([line("DIÁRIO OFICIAL", top=30, page=p),
                       line("SUMÁRIO" if p == 1 else "Art. 9º Fim.", x1=250, top=80, page=p),
                       line("JOÃO DA SILVA", x0=330, top=80, page=p)], 842.0))
    found = furniture.find(pages)
    assert [ln.text for lines, _ in pages for ln in lines if id(ln) in found] == ["DIÁRIO OFICIAL"] * 2


def test_columns_are_read_in_order():
    from lexconsolida.readers.pdf.document import Char, PageText
    from lexconsolida.readers.pdf.layout import page_lines

    def chars(text, x, y, size=9.0):
        out, pos = [], x
        for ch in text:
            out.append(Char(ch, pos, pos + size * 0.5, y, size, False))
            pos += size * 0.5
        return out

    page_chars = chars("DIÁRIO OFICIAL DO MUNICÍPIO DE VILA SERENA — EDIÇÃO 1", 150, 40)
    for i in range(12):
        y = 100 + i * 12
        page_chars += chars(f"esquerda linha {i:02d} texto", 50, y)
    for i in range(12):
        y = 100 + i * 12
        page_chars += chars(f"direita linha {i:02d} texto", 320, y)
    page_chars.sort(key=lambda c: (c.baseline, c.x0))  # a producer that writes row by row
    lines = page_lines(PageText(1, 595.0, 842.0, page_chars, False))
    texts = [ln.text for ln in lines]
    assert texts[0].startswith("DIÁRIO OFICIAL")
    assert texts[1:13] == [f"esquerda linha {i:02d} texto" for i in range(12)]
    assert texts[13:] == [f"direita linha {i:02d} texto" for i in range(12)]


def test_ocr_debris_taken_off_line_edges():
    from lexconsolida.readers.pdf.ocr import clean

    def toks(*spec):
        return [(t, c, h) for t, c, h in spec]

    kept, repaired = clean(toks(("“TI", 31, 37), ("-", 93, 3), ("capacete", 96, 44)))
    assert kept == [0, 1, 2] and repaired == {0: "TI"}
    kept, repaired = clean(toks(("-", 25, 3), ("VI", 87, 37), ("-", 90, 4), ("texto", 96, 40), (".", 20, 3)))
    assert kept == [1, 2, 3] and repaired == {}
    kept, repaired = clean(toks(("S$", 54, 42), ("3º", 96, 38), ("As", 96, 37)))
    assert kept == [0, 1, 2] and repaired == {0: "§"}
    kept, _ = clean(toks(("$", 76, 42), ("1º", 95, 37), ("No", 96, 38)))
    assert kept == [0, 1, 2]  # '$' is the text reader's to repair
    kept, _ = clean(toks(("Ê", 53, 6), ("Art.", 96, 37), ("2º", 96, 38), ("A", 96, 38)))
    assert kept == [1, 2, 3]
    kept, repaired = clean(toks(("82º", 80, 42), ("O", 96, 38), ("valor", 96, 38)))
    assert kept == [0, 1, 2] and repaired == {0: "§ 2º"}  # ordinals stop at 9º: '82º' is '§ 2º'
    kept, repaired = clean(toks(("g", 60, 42), ("1º", 96, 38), ("No", 96, 38)))
    assert repaired == {0: "§"}
    kept, repaired = clean(toks(("821.", 80, 42), ("Utilizar", 96, 38)))
    assert repaired == {0: "§ 21."}
    kept, repaired = clean(toks(("21.", 80, 42), ("Utilizar", 96, 38)))
    assert repaired == {}  # an item 21, or '§ 21.' with its '§' lost: the text reader's numbering tells
    kept, repaired = clean(toks(("“Art.", 92, 38), ("5º", 96, 38), ("Fica", 96, 38)))
    assert kept == [0, 1, 2] and repaired == {}  # a quote read with confidence opens an alteration


def test_repair_of_ordinal_read_as_digit_in_a_scan():
    text = "\n".join([
        "LEI Nº 1, DE 2 DE JANEIRO DE 2020", "Art. 1º Primeiro.", "Art. 2º Segundo.", "Art. 3º Terceiro.",
        "Art. 4º Quarto.", "Art. 5º Quinto.", "Art. 72 Sétimo, depois do sexto perdido.", "Art. 8º Oitavo.",
        "Art. 9º Nono.", "Cidade, 2 de janeiro de 2020.", ""])
    result = read_text(text.encode())
    ids = [d.id for d in result.norma.artigos()]
    assert ids == ["art1", "art2", "art3", "art4", "art5", "art7", "art8", "art9"]
    assert any(d.code == "reparo" and d.before == "Art. 72" for d in result.diagnostics)
    assert any(d.severity is Severity.WARNING and d.where == "art7" for d in result.diagnostics)


def test_an_acervo_act_whose_text_is_a_pdf(tmp_path):
    """The acervo reads an act's text from a PDF as it reads a .txt (norma.toml: texto = "lei.pdf")."""
    import shutil as _shutil

    from tests.pdf_support import text_pdf

    acervo = tmp_path / "statutes"
    municipio = acervo / "mt-pedra-preta"
    act = municipio / "lei-1-2021"
    act.mkdir(parents=True)
    _shutil.copy(ROOT_STATUTES / "mt-pedra-preta" / "municipio.toml", municipio / "municipio.toml")
    (act / "norma.toml").write_text(
        'tipo = "Lei"\nnumero = "1"\ndata = "2021-03-01"\n'
        'urn = "urn:lex:br;mato.grosso;pedra.preta:municipal:lei:2021-03-01;1"\n'
        'orgao = "prefeitura"\ntexto = "lei.pdf"\n', encoding="utf-8")
    act_lines = sample_acts()[0].lines()
    text_pdf(act_lines, act / "lei.pdf", size=8)
    out = tmp_path / "lei.xml"
    proc = run_cli("parse", act, "--acervo", acervo, "-o", out)
    assert proc.returncode == 0, proc.stderr.decode()
    back = read_file(out).norma
    assert [d.id for d in back.artigos()] == ["art1", "art2", "art3", "art4"]
    assert back.provenance.reader == "pdf"
