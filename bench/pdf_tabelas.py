"""Tables in PDFs: PDFium's positions (the reader, ``readers/pdf/tables.py``) against a table
library (pdfplumber), on real pages (issue 39; the choice is recorded in docs/arquitetura.md).

    python bench/pdf_tabelas.py [--atos 12] [--semente 39] [--pasta /tmp/pdf-tabelas]

Acts of the Feira de Santana acervo that hold tables (a fixed sample) are written as DOCX and as
HTML by the project's writers, and made PDFs by LibreOffice (DOCX) and Chromium (HTML) — the two
ways a câmara's PDFs are usually made. The tables the text reader read from the act are the
truth. Each PDF is read:

- **pdfium**: ``lexconsolida``'s PDF reader end to end (ruled tables from PDFium's path objects
  and character positions, handed to the text reader);
- **pdfplumber** (if installed: it is not a dependency of the project): ``find_tables()`` with its
  default (ruling lines) settings, each table's ``extract()``.

For each true table, the extracted table sharing most cells is its match; a cell counts when its
text (spaces collapsed) is the same. Printed: tables found, cells right (share of the true
non-empty cells), tables with every cell right, false tables (found, matching none), and CPU
time per document. Nothing of the acervo is stored: the PDFs go to ``--pasta``.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SHARED = Path(os.environ.get("LEXCONSOLIDA_SHARED", ROOT.parent / "shared")).resolve()
ACERVO = SHARED / "acervos" / "feira-de-santana-ba"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run", "--disable-sync"]


def _norm(text: str | None) -> str:
    return " ".join((text or "").split())


def _truth(norma) -> list[list[str]]:
    from lexconsolida.model.tables import tables_of

    return [[_norm(c.text) for r in t.rows for c in r.cells if _norm(c.text)] for _, t in tables_of(norma)]


def _score(truth: list[list[str]], found: list[list[str]]) -> dict:
    """Cells right per true table, by its best-matching found table."""
    out = Counter()
    used: set[int] = set()
    for cells in truth:
        best, best_k = 0, None
        for k, f in enumerate(found):
            hit = sum((Counter(cells) & Counter(f)).values())
            if hit > best:
                best, best_k = hit, k
        out["tabelas"] += 1
        out["celulas"] += len(cells)
        out["certas"] += best
        if best_k is not None:
            used.add(best_k)
            out["achadas"] += 1
            out["inteiras"] += best == len(cells) and len(found[best_k]) == len(cells)
    out["falsas"] += len(found) - len(used)
    return out


def _pdfium(pdf: Path) -> list[list[str]]:
    from lexconsolida.readers import read_file

    return _truth(read_file(pdf).norma)


def _pdfplumber(pdf: Path) -> list[list[str]] | None:
    try:
        import pdfplumber  # noqa: PLC0415 — optional: only this comparison uses it
    except ImportError:
        return None
    out = []
    with pdfplumber.open(pdf) as doc:
        for page in doc.pages:
            for t in page.find_tables():
                out.append([_norm(c) for row in t.extract() for c in row if _norm(c)])
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--atos", type=int, default=12)
    ap.add_argument("--semente", type=int, default=39)
    ap.add_argument("--pasta", type=Path, default=Path("/tmp/pdf-tabelas"))
    args = ap.parse_args()
    from lexconsolida.model.tables import tables_of
    from lexconsolida.readers import read_file
    from lexconsolida.writers import get_writer

    candidates = []
    for f in sorted(ACERVO.glob("*/*.txt")):
        if "|" not in f.read_text(encoding="utf-8", errors="replace"):
            continue
        try:
            n = read_file(f).norma
        except Exception:  # noqa: BLE001 — a bench samples, the tests judge
            continue
        tabs = list(tables_of(n))
        if tabs and sum(len(t.rows) for _, t in tabs) <= 400:
            candidates.append((f, n))
    sample = random.Random(args.semente).sample(candidates, min(args.atos, len(candidates)))
    if args.pasta.exists():
        shutil.rmtree(args.pasta)
    args.pasta.mkdir(parents=True)
    made: list[tuple[str, Path, list]] = []
    for f, n in sample:
        stem = f.stem
        (args.pasta / f"{stem}.docx").write_bytes(get_writer("docx")(n))
        (args.pasta / f"{stem}.html").write_bytes(get_writer("html")(n))
        truth = _truth(n)
        made.append(("docx→LibreOffice", args.pasta / f"{stem}.pdf", truth))
        made.append(("html→Chromium", args.pasta / f"{stem}-html.pdf", truth))
        subprocess.run(["chromium", *CHROMIUM_FLAGS, f"--print-to-pdf={args.pasta / (stem + '-html.pdf')}",
                        str(args.pasta / f"{stem}.html")], capture_output=True, timeout=180)
    subprocess.run(["soffice", "--headless", "--convert-to", "pdf", "--outdir", str(args.pasta),
                    *[str(args.pasta / f"{f.stem}.docx") for f, _ in sample]], capture_output=True, timeout=600)
    totals: dict[tuple[str, str], Counter] = {}
    times: dict[tuple[str, str], list[float]] = {}
    for how, pdf, truth in made:
        if not pdf.exists():
            print(f"  {pdf.name}: não gerado ({how})")
            continue
        for method, fn in (("pdfium", _pdfium), ("pdfplumber", _pdfplumber)):
            t0 = time.process_time()
            found = fn(pdf)
            spent = time.process_time() - t0
            if found is None:
                continue
            totals.setdefault((method, how), Counter()).update(_score(truth, found))
            times.setdefault((method, how), []).append(spent)
    print(f"{len(sample)} atos com tabela (semente {args.semente}); PDFs em {args.pasta}")
    print("método      origem             tabelas achadas  células certas   inteiras  falsas  CPU/doc (mediana)")
    for (method, how), c in sorted(totals.items()):
        ts = sorted(times[(method, how)])
        print(f"{method:11s} {how:18s} {c['tabelas']:4d} {c['achadas']:4d}    "
              f"{c['certas']:5d}/{c['celulas']:5d} ({c['certas'] / max(c['celulas'], 1):6.1%})  "
              f"{c['inteiras']:4d}   {c['falsas']:4d}   {ts[len(ts) // 2]:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
