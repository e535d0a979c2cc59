"""Diff outputs: golden HTML and JSON of a small case, DOCX tracked changes resolved by
"accept all" / "reject all", LibreOffice conversion, terminal text and the command line."""

from __future__ import annotations

import io
import json
import re
import shutil
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
from lxml import etree

from lexconsolida.diff import compare, write
from lexconsolida.diff.units import flatten
from lexconsolida.model import Alteracao, Dispositivo, Kind, Norma
from tests.conftest import GOLDEN, check_golden, convert_to_pdf, needs_soffice, run_cli
from tests.test_diff_support import ali, art, cap, generated_law, inc, norma, par, renumber

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
GOLDEN_DIFF = GOLDEN / "diff"


def small_case() -> tuple[Norma, Norma]:
    """Every status once: unchanged, changed (with a note), renumbered, added, removed,
    split, and escaping-worthy characters."""
    old = norma(
        cap(1, "DAS DISPOSIÇÕES GERAIS",
            art(1, "É vedado o transporte clandestino de passageiros no Município.",
                par(None, "Considera-se clandestino o transporte sem autorização do poder público.")),
            art(2, "O infrator fica sujeito a multa de R$ 1.500,00 e apreensão do veículo por "
                   "30 (trinta) dias, além de outras sanções <previstas> em lei & regulamento.",
                inc(1, "no caso de transporte individual;"),
                inc(2, "no caso de transporte coletivo;", ali(1, "em dobro na reincidência;")))),
        cap(2, "DAS DISPOSIÇÕES FINAIS",
            art(3, "O condutor deverá portar a autorização municipal vigente em local visível do "
                   "veículo e apresentar o certificado de vistoria anual sempre que exigido pela "
                   "fiscalização."),
            art(4, "Fica revogada a Lei nº 100, de 1990, e as disposições em contrário."),
            art(5, "Esta Lei entra em vigor na data de sua publicação.")),
        numero="2217", data="2001-01-06",
    )
    new = norma(
        cap(1, "DAS DISPOSIÇÕES GERAIS",
            art(1, "É vedado o transporte clandestino de passageiros no Município.",
                par(1, "Considera-se clandestino o transporte sem autorização do poder público."),
                par(2, "A vedação alcança o transporte escolar e o fretamento.")),
            art(2, "O infrator fica sujeito a multa de R$ 2.000,00 e apreensão do veículo por "
                   "15 (quinze) dias, além de outras sanções <previstas> em lei & regulamento. "
                   "(Redação dada pela Lei nº 2.331, de 2002)",
                inc(1, "no caso de transporte individual;"),
                inc(2, "no caso de transporte coletivo;", ali(1, "em dobro na reincidência;")))),
        cap(2, "DAS DISPOSIÇÕES FINAIS",
            art(3, "O condutor deverá portar a autorização municipal vigente em local visível do "
                   "veículo."),
            art(4, "O condutor deverá apresentar o certificado de vistoria anual sempre que "
                   "exigido pela fiscalização."),
            art(5, "Esta Lei entra em vigor na data de sua publicação.")),
        numero="2331", data="2002-05-21",
    )
    return old, new


@pytest.fixture(scope="module")
def report():
    old, new = small_case()
    return compare(old, new)


def test_small_case_statuses(report):
    got = [(p.status, [u.id for u in p.old], [u.id for u in p.new]) for p in report.pairs]
    assert ("split", ["art3"], ["art3", "art4"]) in got
    assert ("moved", ["art1_par1u"], ["art1_par1"]) in got
    assert ("added", [], ["art1_par2"]) in got
    assert ("removed", ["art4"], []) in got
    assert ("changed", ["art2"], ["art2"]) in got
    # the removed art. 4 is shown where it was: after the split art. 3
    anchors = [p.anchor for p in report.pairs]
    assert anchors.index("antigo-art4") == anchors.index("art3") + 1


def test_golden_html(report, update_golden):
    check_golden(GOLDEN_DIFF / "small.html", write(report, "html"), update_golden)


def test_golden_json(report, update_golden):
    check_golden(GOLDEN_DIFF / "small.json", write(report, "json"), update_golden)


def test_golden_txt(report, update_golden):
    check_golden(GOLDEN_DIFF / "small.txt", write(report, "txt"), update_golden)


class _Collector(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def test_html_is_accessible_and_escaped(report):
    html = write(report, "html").decode()
    c = _Collector()
    c.feed(html)
    tags = [t for t, _ in c.tags]
    assert tags.count("h1") == 1
    assert ("html", {"lang": "pt-BR"}) in c.tags
    ids = [a["id"] for t, a in c.tags if "id" in a]
    assert len(ids) == len(set(ids))
    rows = [a for t, a in c.tags if t == "tr" and "id" in a]
    assert len(rows) == len(report.pairs)
    assert all(f'href="#{r["id"]}"' in html for r in rows)
    assert "&lt;previstas&gt; em lei &amp; regulamento" in html and "<previstas>" not in html
    assert html.count("<del>") == html.count("início do trecho removido")
    assert html.count("<ins>") == html.count("início do trecho acrescido")
    assert 'id="somente-alteracoes"' in html and ":checked ~ table.quadro tr:not(.alteracao)" in html
    assert "<script" not in html
    assert "<th scope=\"col\">Texto anterior</th><th scope=\"col\">Texto novo</th>" in html


def test_html_three_columns_with_amending_act():
    old, new = small_case()
    quoted = Dispositivo(Kind.ARTIGO, "art2", rotulo="Art. 2º", children=[
        Dispositivo(Kind.CAPUT, "art2_cpt", text="O infrator fica sujeito a multa de R$ 2.000,00 …")])
    act = Norma(tipo="Lei", numero="2331", data="2002-05-21", articulacao=[
        Dispositivo(Kind.ARTIGO, "art1", rotulo="Art. 1º", children=[
            Dispositivo(Kind.CAPUT, "art1_cpt", text="O art. 2º passa a vigorar com a seguinte redação:",
                        alteracoes=[Alteracao("art1_cpt_alt1", children=[quoted], nota="NR")])])])
    report = compare(old, new, middle=act)
    html = write(report, "html").decode()
    assert '<th scope="col">Alteração</th>' in html
    assert "Lei nº 2.331, de 21 de maio de 2002, Art. 1º:</span> Art. 2º O infrator" in html
    assert report.by_id("art2").middle and not report.by_id("art1").middle


# -- DOCX ---------------------------------------------------------------------------------

def resolve(document_xml: bytes, accept: bool) -> list[str]:
    """Paragraph texts after "accept all" (or "reject all") of the tracked changes.

    Accept: drop w:del, keep w:ins content, a paragraph whose mark is deleted joins the next.
    Reject: drop w:ins, keep w:del content, a paragraph whose mark is inserted joins the next.
    """
    root = etree.fromstring(document_xml)
    drop = "del" if accept else "ins"
    out: list[str] = []
    carry = ""
    for p in root.iter(f"{{{W}}}p"):
        text = []
        for t in p.iter(f"{{{W}}}t", f"{{{W}}}delText"):
            wrapper = t.getparent().getparent()
            if etree.QName(wrapper).localname == drop:
                continue
            text.append(t.text or "")
        joined = carry + "".join(text)
        if p.find(f"{{{W}}}pPr/{{{W}}}rPr/{{{W}}}{drop}") is not None:
            carry = joined
            continue
        carry = ""
        out.append(joined)
    return out


def docx_parts(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {n: z.read(n) for n in z.namelist()}


def _check_accept_reject(old: Norma, new: Norma) -> bytes:
    report = compare(old, new)
    data = write(report, "docx-alteracoes", author="Procuradoria", date="2002-05-21")
    xml = docx_parts(data)["word/document.xml"]
    accepted, rejected = resolve(xml, True), resolve(xml, False)
    # nothing outside the revisions in the body (issue 12): 'Aceitar todas' gives exactly the
    # new text, 'Rejeitar todas' exactly the old one; what the document is sits in the header
    assert accepted == [u.full for u in flatten(new)]
    assert rejected == [u.full for u in flatten(old)]
    header = b"".join(v for k, v in docx_parts(data).items() if k.startswith("word/header"))
    assert "Quadro comparativo (controle de alterações)".encode() in header
    return data


def test_docx_accept_all_gives_new_and_reject_all_gives_old():
    old, new = small_case()
    data = _check_accept_reject(old, new)
    xml = docx_parts(data)["word/document.xml"].decode()
    assert 'w:author="Procuradoria"' in xml and 'w:date="2002-05-21T00:00:00Z"' in xml
    root = etree.fromstring(xml.encode())
    ns = {"w": W}
    assert root.xpath("//w:del/w:r/w:delText", namespaces=ns)
    assert root.xpath("//w:p/w:pPr/w:rPr/w:ins", namespaces=ns)
    assert root.xpath("//w:p/w:pPr/w:rPr/w:del", namespaces=ns)
    styles = {e.get(f"{{{W}}}val") for e in root.xpath("//w:pPr/w:pStyle", namespaces=ns)}
    assert {"Artigo", "Paragrafo", "Inciso", "Alinea", "AgrupadorNome"} <= styles


def test_docx_accept_reject_on_a_renumbered_law():
    specs = generated_law(30, seed=5)
    old = norma(*specs)
    new = norma(*renumber(specs[:10] + generated_law(1, seed=77) + specs[10:25] + specs[27:]))
    _check_accept_reject(old, new)
    _check_accept_reject(new, old)


def test_docx_is_deterministic_and_dated_from_the_new_text(report):
    a, b = write(report, "docx-alteracoes"), write(report, "docx-alteracoes")
    assert a == b
    xml = docx_parts(a)["word/document.xml"].decode()
    assert 'w:date="2002-05-21T00:00:00Z"' in xml and 'w:author="lexconsolida"' in xml
    ids = [e.get(f"{{{W}}}id") for e in etree.fromstring(xml.encode()).iter(f"{{{W}}}ins", f"{{{W}}}del")]
    assert len(ids) == len(set(ids))


@pytest.mark.libreoffice
@pytest.mark.slow
@needs_soffice
def test_docx_converts_with_libreoffice(report, tmp_path):
    src = tmp_path / "quadro.docx"
    src.write_bytes(write(report, "docx"))
    (pdf,) = convert_to_pdf([src], tmp_path)
    assert pdf.stat().st_size > 1000


# -- terminal text and command line ---------------------------------------------------------

def test_txt_marks_without_colour_and_colours_on_request(report):
    from lexconsolida.diff.text import render

    plain = render(report)
    assert "[-R$ 1.500,00-]" in plain and "{+R$ 2.000,00+}" in plain and "\x1b[" not in plain
    assert "\x1b[9;31m" in render(report, color=True)


def _write_lexml(norma_: Norma, path: Path) -> Path:
    from lexconsolida.writers import write as write_norma

    path.write_bytes(write_norma(norma_, "xml"))
    return path


def test_cli_writes_every_format(tmp_path):
    old, new = small_case()
    a, b = _write_lexml(old, tmp_path / "old.xml"), _write_lexml(new, tmp_path / "new.xml")
    from lexconsolida.cli import main

    for fmt in ("html", "docx", "docx-alteracoes", "json", "txt"):
        out = tmp_path / f"quadro.{fmt}"
        assert main(["diff", str(a), str(b), "--to", fmt, "-o", str(out)]) == 0
        assert out.stat().st_size > 0
    data = json.loads((tmp_path / "quadro.json").read_text(encoding="utf-8"))
    assert data["counts"]["split"] == 1 and data["counts"]["added"] == 1
    proc = run_cli("diff", a, b)
    assert proc.returncode == 0 and "[-" in proc.stdout.decode()


def test_cli_errors_are_portuguese_and_exit_2(tmp_path):
    proc = run_cli("diff", tmp_path / "nao-existe.xml", tmp_path / "nem-este.xml")
    assert proc.returncode == 2 and "arquivo não encontrado" in proc.stderr.decode()
    old, new = small_case()
    a, b = _write_lexml(old, tmp_path / "old.xml"), _write_lexml(new, tmp_path / "new.xml")
    proc = run_cli("diff", a, b, "-o", tmp_path / "quadro.pdf")
    assert proc.returncode == 2 and "use --to" in proc.stderr.decode()
    assert not (tmp_path / "quadro.pdf").exists()
    proc = run_cli("diff", a, b, "--data", "ontem", "-o", tmp_path / "q.docx")
    assert proc.returncode == 2 and "data inválida" in proc.stderr.decode()


def test_cli_correspondence_table(tmp_path):
    old = norma(art(1, "Texto que o consolidador decidiu reescrever por inteiro."),
                art(2, "Outro artigo qualquer da lei de origem consolidada."))
    new = norma(art(1, "Outro artigo qualquer da lei de origem consolidada."),
                art(2, "Redação inteiramente nova dada na consolidação."))
    a, b = _write_lexml(old, tmp_path / "old.xml"), _write_lexml(new, tmp_path / "new.xml")
    table = tmp_path / "tabela.csv"
    table.write_text("fonte,norma_de_origem,dispositivo_origem_id,dispositivo_origem,situacao,"
                     "dispositivo_novo_id,dispositivo_novo,motivo\n"
                     "L1,Lei 1,art1,\"Lei 1, art. 1º\",incluido,art2,Art. 2º,\n", encoding="utf-8")
    out = tmp_path / "q.json"
    proc = run_cli("diff", a, b, "--tabela", table, "-o", out)
    assert proc.returncode == 0, proc.stderr.decode()
    pairs = json.loads(out.read_text(encoding="utf-8"))["pairs"]
    assert {"status": "moved", "old": "art1", "new": "art2"} in [
        {"status": p["status"], "old": p["old"][0]["id"] if p["old"] else None,
         "new": p["new"][0]["id"] if p["new"] else None} for p in pairs]


@pytest.mark.browser
@pytest.mark.slow
def test_html_filter_works_without_script(report, tmp_path):
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.skip("chromium não instalado")
    sync_api = pytest.importorskip("playwright.sync_api")
    page_file = tmp_path / "quadro.html"
    page_file.write_bytes(write(report, "html"))
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            page = browser.new_page(java_script_enabled=False)
            page.goto(page_file.as_uri())
            unchanged = page.locator("table.quadro tbody tr.unchanged:not(.alteracao):not(.contexto)")
            changed = page.locator("table.quadro tbody tr.alteracao")
            context = page.locator("table.quadro tbody tr.contexto")
            assert unchanged.count() > 0 and changed.count() == len(report.changes)
            # by default only the changes, each with a row of context (issue 25)
            assert not unchanged.first.is_visible() and changed.first.is_visible()
            assert context.count() == 0 or context.first.is_visible()
            page.click("label[for=somente-alteracoes]")
            assert unchanged.first.is_visible() and changed.first.is_visible()
            page.goto(page_file.as_uri() + "#art2")
            assert page.locator("tr#art2").is_visible()
        finally:
            browser.close()


def test_golden_docx_body(report, update_golden):
    """The tracked paragraphs as XML (the template's section properties left out)."""
    root = etree.fromstring(docx_parts(write(report, "docx-alteracoes"))["word/document.xml"])
    body = root.find(f"{{{W}}}body")
    paragraphs = [re.sub(r' xmlns:\w+="[^"]*"', "", etree.tostring(p, encoding="unicode"))
                  for p in body if p.tag == f"{{{W}}}p"]
    check_golden(GOLDEN_DIFF / "small.docx-body.xml", "\n".join(paragraphs) + "\n", update_golden)
