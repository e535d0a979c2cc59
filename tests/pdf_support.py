"""Making the PDFs the PDF reader's tests read: scans of PDFs, text as an image PDF, a two-column
gazette edition. Everything is generated here, deterministically (seeded noise)."""

from __future__ import annotations

import atexit
import random
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from lexconsolida.model import Dispositivo, Kind
from tests.conftest import ROOT, SEEDS, SOFFICE, convert_to_pdf, run_cli
from tests.scan_noise import noisy

PDFTOPPM = shutil.which("pdftoppm")
needs_pdftoppm = pytest.mark.skipif(PDFTOPPM is None, reason="pdftoppm (poppler-utils) não instalado")
FONTS = Path("/usr/share/fonts/truetype/dejavu")


def tesseract_ready() -> bool:
    from lexconsolida.readers.pdf.ocr import tesseract_command

    cmd = tesseract_command()
    if cmd is None:
        return False
    out = subprocess.run([cmd, "--list-langs"], capture_output=True, text=True)
    return "por" in out.stdout.split()


needs_tesseract = pytest.mark.skipif(
    not tesseract_ready(), reason="Tesseract com dados de português não instalado "
    "(apt-get install tesseract-ocr tesseract-ocr-por; .ci/run instala)")


def scan(pdf: Path, out: Path, *, dpi: int = 200, noise: bool = True, seed: int = 17) -> Path:
    """``pdf`` rasterised by pdftoppm at ``dpi`` (grey), light noise added, saved as an image PDF."""
    from PIL import Image

    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([PDFTOPPM, "-r", str(dpi), "-gray", "-png", str(pdf), f"{tmp}/p"], check=True)
        pages = []
        for png in sorted(Path(tmp).glob("p-*.png")):
            with Image.open(png) as im:
                page = im.convert("L")
            pages.append(noisy(page, rng) if noise else page)
    pages[0].save(out, save_all=True, append_images=pages[1:], resolution=dpi)
    return out


def _register_fonts():
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name, file in (("Serif", "DejaVuSerif.ttf"), ("Serif-Bold", "DejaVuSerif-Bold.ttf"),
                       ("SerifCond", "DejaVuSerifCondensed.ttf")):
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(FONTS / file)))


def text_pdf(lines: list[str], out: Path, *, size: float = 9.0) -> Path:
    """Plain text lines typeset one per line (a scan's extraction laid back on pages)."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    _register_fonts()
    width, height = A4
    c = canvas.Canvas(str(out), pagesize=A4, invariant=1)
    lead = size * 1.35
    y = height - 50
    for line in lines:
        if y < 50:
            c.showPage()
            y = height - 50
        c.setFont("SerifCond", size)
        c.drawString(40, y, line)
        y -= lead
    c.save()
    return out


# --- A synthetic gazette edition --------------------------------------------------------------

@dataclass
class Act:
    """A fictional act: its epígrafe, ementa and articles (each a caput and its units)."""

    epigrafe: str
    ementa: str
    articles: list[list[str]]
    fecho: str
    signer: str
    cargo: str
    preambulo: str = "O PREFEITO MUNICIPAL DE VILA SERENA, no uso de suas atribuições legais, FAZ SABER que a Câmara Municipal aprovou e ele sanciona a seguinte Lei:"

    def lines(self) -> list[str]:
        """The act as plain text, one paragraph a line (the oracle the PDF is compared with)."""
        out = [self.epigrafe, self.ementa, self.preambulo]
        for art in self.articles:
            out.extend(art)
        return out + [self.fecho, self.signer, self.cargo]


def sample_acts() -> list[Act]:
    """Four fictional acts of different shapes (incisos, parágrafos, alíneas, one article)."""
    long = ("que será exercida pelos órgãos competentes do Município, observadas as normas gerais "
            "da legislação federal e estadual aplicáveis à matéria")
    return [
        Act("LEI Nº 101, DE 1º DE MARÇO DE 2021",
            "Dispõe sobre a coleta seletiva de resíduos sólidos no Município de Vila Serena.",
            [["Art. 1º Fica instituída a coleta seletiva de resíduos sólidos, " + long + "."],
             ["Art. 2º São objetivos da coleta seletiva:", "I – reduzir o volume de resíduos destinados ao aterro;",
              "II – incentivar a reciclagem e a reutilização de materiais, " + long + ";",
              "III – gerar trabalho e renda para as cooperativas de catadores."],
             ["Art. 3º O Poder Executivo regulamentará esta Lei no prazo de noventa dias.",
              "Parágrafo único. O regulamento definirá os dias e horários da coleta em cada bairro."],
             ["Art. 4º Esta Lei entra em vigor na data de sua publicação."]],
            "Vila Serena, 1º de março de 2021.", "JOÃO DA SILVA", "Prefeito Municipal"),
        Act("LEI Nº 102, DE 1º DE MARÇO DE 2021",
            "Denomina logradouro público no Bairro Centro.",
            [["Art. 1º Fica denominada Rua Maria das Dores a atual Rua Projetada 4, no Bairro Centro."],
             ["Art. 2º Esta Lei entra em vigor na data de sua publicação."]],
            "Vila Serena, 1º de março de 2021.", "JOÃO DA SILVA", "Prefeito Municipal"),
        Act("DECRETO Nº 55, DE 2 DE MARÇO DE 2021",
            "Regulamenta a Lei nº 101, de 1º de março de 2021, que institui a coleta seletiva.",
            [["Art. 1º A coleta seletiva será feita em dias alternados, conforme o calendário anexo, " + long + "."],
             ["Art. 2º Os resíduos serão separados em:", "I – recicláveis secos, a saber:",
              "a) papel e papelão;", "b) plásticos e metais;", "c) vidros;", "II – orgânicos."],
             ["Art. 3º A fiscalização caberá à Secretaria Municipal de Meio Ambiente.",
              "§ 1º O descumprimento sujeita o infrator a advertência, na primeira ocorrência.",
              "§ 2º Na reincidência, aplica-se multa na forma do regulamento, " + long + "."],
             ["Art. 4º Este Decreto entra em vigor na data de sua publicação."]],
            "Vila Serena, 2 de março de 2021.", "JOÃO DA SILVA", "Prefeito Municipal",
            preambulo="O PREFEITO MUNICIPAL DE VILA SERENA, no uso das atribuições que lhe confere a Lei Orgânica do Município, DECRETA:"),
        Act("LEI COMPLEMENTAR Nº 12, DE 2 DE MARÇO DE 2021",
            "Altera o Código Tributário Municipal quanto ao prazo de pagamento do IPTU.",
            [["Art. 1º O prazo para pagamento do imposto em cota única passa a ser o dia 30 de abril de cada exercício."],
             ["Art. 2º Esta Lei Complementar entra em vigor na data de sua publicação, " + long + "."]],
            "Vila Serena, 2 de março de 2021.", "JOÃO DA SILVA", "Prefeito Municipal"),
    ]


MASTHEAD = "DIÁRIO OFICIAL DO MUNICÍPIO DE VILA SERENA"
EDITION = "Edição nº 1.234 — Terça-feira, 2 de março de 2021"


def gazette_pdf(acts: list[Act], out: Path) -> Path:
    """A two-column gazette edition: masthead and edition line on every page, a summary before
    the acts, epígrafes centred in bold, body justified, page numbers at the foot."""
    from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Paragraph

    _register_fonts()
    width, height = A4
    margin, gap = 42, 18
    col = (width - 2 * margin - gap) / 2

    def furniture(canvas, doc):
        canvas.saveState()
        canvas.setFont("Serif-Bold", 11)
        canvas.drawCentredString(width / 2, height - 40, MASTHEAD)
        canvas.setFont("Serif", 8.5)
        canvas.drawCentredString(width / 2, height - 54, EDITION)
        canvas.line(margin, height - 60, width - margin, height - 60)
        canvas.drawRightString(width - margin, 30, f"Página {doc.page}")
        canvas.restoreState()

    frames = [Frame(margin, 50, col, height - 120, id="esq"), Frame(margin + col + gap, 50, col, height - 120, id="dir")]
    doc = BaseDocTemplate(str(out), pagesize=A4, invariant=1, title="Diário Oficial")
    doc.addPageTemplates([PageTemplate(id="duas", frames=frames, onPage=furniture)])
    body = ParagraphStyle("corpo", fontName="Serif", fontSize=9, leading=11.5, alignment=TA_JUSTIFY,
                          firstLineIndent=14, spaceAfter=3)
    unit = ParagraphStyle("unidade", parent=body, firstLineIndent=0)
    title = ParagraphStyle("epigrafe", parent=body, fontName="Serif-Bold", alignment=TA_CENTER,
                           firstLineIndent=0, spaceBefore=10, spaceAfter=6)
    ementa = ParagraphStyle("ementa", parent=body, leftIndent=60, firstLineIndent=0)
    section = ParagraphStyle("secao", parent=title, fontSize=10)
    story = [Paragraph("SUMÁRIO", section)]
    story += [Paragraph(f"{a.epigrafe} ........ 1", unit) for a in acts]
    story.append(Paragraph("PODER EXECUTIVO", section))
    for act in acts:
        story.append(Paragraph(act.epigrafe, title))
        story.append(Paragraph(act.ementa, ementa))
        story.append(Paragraph(act.preambulo, body))
        for art in act.articles:
            story.append(Paragraph(art[0], body))
            story.extend(Paragraph(u, unit if not u.startswith(("§", "Parágrafo")) else body) for u in art[1:])
        story.append(Paragraph(act.fecho, body))
        story.append(Paragraph(act.signer, ParagraphStyle("nome", parent=unit, alignment=TA_CENTER, spaceBefore=8)))
        story.append(Paragraph(act.cargo, ParagraphStyle("cargo", parent=unit, alignment=TA_CENTER)))
    doc.build(story)
    return out


MUNICIPIO = {"000": "mt-barra-do-garcas", "004": "mt-pedra-preta"}


def example_acts() -> list[Path]:
    """Texts of the example acervo in statutes/ (the fictional municipality when there is one)."""
    base = ROOT / "statutes"
    return sorted(base.glob("xx-*/*/texto.txt")) or sorted(base.glob("mt-*/*/texto.txt"))


_OFFICE: dict[str, tuple[Path, Path]] = {}


def office_pdfs() -> dict[str, tuple[Path, Path]]:
    """Our DOCX of the seeds and of the example acts (`lexconsolida render`, with the
    municipality's letterhead), converted to PDF by LibreOffice in one start, made once per
    test session: name ('semente-004', 'exemplo-lei-100-2020') → (source text, PDF)."""
    if _OFFICE:
        return _OFFICE
    if SOFFICE is None:
        pytest.skip("LibreOffice (soffice) não instalado")
    seeds = sorted(SEEDS.glob("0*.txt"))
    assert seeds, f"sementes ausentes em {SEEDS} (os testes que as usam levam a marca shared)"
    tmp = Path(tempfile.mkdtemp(prefix="lexconsolida-pdf-"))
    atexit.register(shutil.rmtree, tmp, True)
    sources: dict[str, Path] = {}
    docx = []
    for seed in seeds:
        key = seed.name[:3]
        out = tmp / f"semente-{key}.docx"
        args = ["render", seed, "--to", "docx", "-o", out]
        if key in MUNICIPIO:
            args += ["--municipio", ROOT / "statutes" / MUNICIPIO[key]]
        proc = run_cli(*args)
        assert proc.returncode == 0, proc.stderr.decode()
        sources[out.stem] = seed
        docx.append(out)
    for text in example_acts():
        out = tmp / f"exemplo-{text.parent.name}.docx"
        proc = run_cli("render", text, "--from", "text", "--to", "docx", "-o", out,
                       "--municipio", text.parent.parent)
        assert proc.returncode == 0, proc.stderr.decode()
        sources[out.stem] = text
        docx.append(out)
    for pdf in convert_to_pdf(docx, tmp / "pdf"):
        _OFFICE[pdf.stem] = (sources[pdf.stem], pdf)
    return _OFFICE


def units(norma) -> list[Dispositivo]:
    return [d for d in norma.dispositivos() if d.kind is not Kind.CAPUT]


def shape(norma) -> list[tuple[str, str | None, str]]:
    """(id, rótulo, text) of every dispositivo: what a round trip must keep."""
    return [(d.id, d.rotulo, d.text) for d in norma.dispositivos()]
