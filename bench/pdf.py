"""Benchmark of the PDF reader: pages per second of a digital PDF and of a scan, with memory.

Run from the repository root::

    python bench/pdf.py [--repeat 5] [--scan-pages 3]

Inputs, made here: the CF/88 (the LexML sample of the Constitution) rendered by
``lexconsolida render --to docx`` and converted to PDF by LibreOffice (≈ 150 pages with a text
layer); and its first ``--scan-pages`` pages rasterised at 200 dpi with light noise, saved as an
image-only PDF (a scan). Each run is a separate process that reads the PDF with the PDF reader
(layout, furniture, paragraphs, text reader; OCR by Tesseract for the scan) and reports its own
wall time; its maximum resident set size comes from ``os.wait4``.

Figures printed: median and spread (min-max) of ``--repeat`` runs, pages per second, resident
memory; targets and OK/FALHOU. No assertion: a benchmark reports, tests judge.
Targets (2 cores): digital ≥ 20 pages/s; scanned ≥ 0.25 pages/s (Tesseract, two pages at a
time); < 600 MB resident.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("LEXCONSOLIDA_SHARED", ROOT.parent / "shared")).resolve()
CF88 = SHARED / "anchors" / "lexml" / "examples" / "cf1988" / "CON1988--19881005.LexML.xml"
TARGET_DIGITAL = 20.0
TARGET_SCANNED = 0.25
TARGET_MB = 600

CHILD = """
import json, sys, time
from lexconsolida.readers import read_file
start = time.perf_counter()
result = read_file(sys.argv[1])
elapsed = time.perf_counter() - start
pages = sum(d.code == "leitura-pagina" for d in result.diagnostics)
print(json.dumps({"seconds": elapsed, "pages": pages, "units": sum(1 for _ in result.norma.dispositivos())}))
"""


def run_child(pdf: Path) -> tuple[dict, float]:
    """One read in a fresh process: (its report, max RSS in MB)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(pdf)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    out, err = proc.stdout.read(), proc.stderr.read()
    proc.stdout.close()
    proc.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(err.decode(errors="replace")[-2000:])
    return json.loads(out), usage.ru_maxrss / 1024


def digital_pdf(tmp: Path) -> Path | None:
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None or not CF88.exists():
        return None
    docx = tmp / "cf88.docx"
    subprocess.run([sys.executable, "-m", "lexconsolida", "render", str(CF88), "--to", "docx", "-o", str(docx)],
                   check=True, capture_output=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    profile = tmp / "lo-profile"
    subprocess.run([soffice, f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to", "pdf",
                    "--outdir", str(tmp), str(docx)], check=True, capture_output=True, timeout=600)
    return tmp / "cf88.pdf"


def scanned_pdf(source: Path, pages: int, out: Path) -> Path:
    """The first ``pages`` pages of ``source`` rendered at 200 dpi (grey) with light noise."""
    from lexconsolida.readers.pdf.document import PdfFile
    from tests.scan_noise import noisy

    rng = random.Random(17)
    images = []
    with PdfFile(source.read_bytes()) as pdf:
        for i in range(min(pages, pdf.pages)):
            images.append(noisy(pdf.render(i, 200), rng))
    images[0].save(out, save_all=True, append_images=images[1:], resolution=200)
    return out


def measure(name: str, pdf: Path, repeat: int, target: float) -> bool:
    times, rss, report = [], [], None
    for _ in range(repeat):
        report, mb = run_child(pdf)
        times.append(report["seconds"])
        rss.append(mb)
    med = statistics.median(times)
    rate = report["pages"] / med
    ok = rate >= target and max(rss) < TARGET_MB
    print(f"{name}: {report['pages']} páginas, {report['units']} dispositivos; {repeat} execuções: "
          f"mediana {med:.2f} s (de {min(times):.2f} a {max(times):.2f} s) = {rate:.2f} páginas/s "
          f"(meta ≥ {target:g}); memória residente máx. {max(rss):.0f} MB (meta < {TARGET_MB} MB): "
          f"{'OK' if ok else 'FALHOU'}")
    return ok


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--scan-pages", type=int, default=3)
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        digital = digital_pdf(Path(tmp))
        if digital is None:
            print("PDF digital: pulado (LibreOffice ou ../shared/anchors ausente)")
            return 0
        ok &= measure("PDF digital (CF/88 via LibreOffice)", digital, args.repeat, TARGET_DIGITAL)
        from lexconsolida.readers.pdf.ocr import tesseract_command

        if tesseract_command() is None:
            print("PDF digitalizado: pulado (Tesseract não instalado)")
        else:
            scan = scanned_pdf(digital, args.scan_pages, Path(tmp) / "scan.pdf")
            ok &= measure(f"PDF digitalizado ({args.scan_pages} páginas, 200 dpi, OCR)", scan, args.repeat,
                          TARGET_SCANNED)
    print("resultado:", "OK" if ok else "FALHOU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
