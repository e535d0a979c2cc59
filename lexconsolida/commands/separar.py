"""`lexconsolida separar EDICAO.pdf -o PASTA`: every act of a gazette edition as its own LexML.

The PDF (text layer or scan) is read whole first (:func:`lexconsolida.readers.pdf.read_edition`):
nothing is written when it cannot be read (exit 2). Then each act goes to
``PASTA/NN-tipo-numero-ano.xml`` (atomic writes), with the pages it was printed on and the
edition in its provenance; ``--report`` writes the reading report (per page: text layer or OCR,
with confidence; per act: its diagnostics, each with page and line).
"""

from __future__ import annotations

import json
import re
import sys
import unicodedata
from pathlib import Path

from lexconsolida.errors import UsageError
from lexconsolida.io import atomic_write, read_bytes
from lexconsolida.model import Severity
from lexconsolida.readers.pdf import read_edition
from lexconsolida.writers import get_writer

DESCRIPTION = (
    "Lê a edição do diário oficial em EDICAO.pdf (com camada de texto ou digitalizada, com OCR), "
    "separa os atos pelas epígrafes ('LEI Nº …', 'DECRETO Nº …') e grava cada ato em LexML na "
    "PASTA, com as páginas e a edição em que foi publicado. Com --report, grava em JSON o "
    "relatório da leitura: por página, o método (camada de texto ou OCR) e a confiança do OCR; "
    "por ato, cada diagnóstico com página e linha. Nada é gravado se o PDF não puder ser lido."
)


def add_arguments(parser) -> None:
    parser.add_argument("file", metavar="EDICAO.pdf", help="edição do diário oficial em PDF")
    parser.add_argument("-o", "--output", metavar="PASTA", required=True, help="pasta onde gravar os atos")
    parser.add_argument("--report", metavar="RELATORIO.json", help="grava o relatório da leitura em JSON")
    parser.add_argument("--local", metavar="UF;MUNICIPIO", help="localidade da URN, ex.: 'bahia;feira.de.santana'")


def _slug(text: str) -> str:
    s = unicodedata.normalize("NFKD", text.lower())
    s = "".join(c for c in s if not unicodedata.combining(c))
    return "-".join(re.findall(r"[a-z0-9]+", s))[:60] or "ato"


def file_name(n: int, norma) -> str:
    parts = [norma.tipo or "ato", (norma.numero or "").replace(".", ""), (norma.data or "")[:4]]
    return f"{n:02d}-{_slug(' '.join(p for p in parts if p))}.xml"


def run(args) -> int:
    if Path(args.file).suffix.lower() != ".pdf":
        raise UsageError(f"separar lê uma edição em PDF, não {args.file!r}")
    options = {"localidade": args.local} if args.local else {}
    edition = read_edition(read_bytes(args.file), path=args.file, **options)
    writer = get_writer("xml")
    out = Path(args.output)
    rendered = [(file_name(n, r.norma), writer(r.norma), r) for n, r in enumerate(edition.acts, start=1)]
    out.mkdir(parents=True, exist_ok=True)
    for name, xml, _ in rendered:
        atomic_write(out / name, xml)
    if args.report:
        atomic_write(args.report, json.dumps(_report(args.file, edition, rendered), ensure_ascii=False, indent=2) + "\n")
    ocr = [p for p in edition.pages if p.method == "ocr"]
    sys.stderr.write(f"{args.file}: {len(edition.pages)} páginas ({len(edition.pages) - len(ocr)} pela camada de "
                     f"texto, {len(ocr)} por OCR), {len(edition.acts)} ato(s)\n")
    for name, _, r in rendered:
        warnings = sum(d.severity is not Severity.INFO for d in r.diagnostics)
        units = sum(1 for _ in r.norma.dispositivos())
        sys.stderr.write(f"  {out / name}: {r.norma.titulo} (p. {r.norma.provenance.pages or '1'}), "
                         f"{units} dispositivos, {warnings} avisos\n")
    return 0


def _report(path: str, edition, rendered) -> dict:
    return {
        "arquivo": path,
        "paginas": [{"pagina": p.number, "metodo": {"texto": "camada de texto", "ocr": "OCR"}.get(p.method, "em branco"),
                     **({"confianca": round(p.confidence, 1)} if p.confidence is not None else {})}
                    for p in edition.pages],
        "atos": [{"arquivo": name, "epigrafe": r.norma.epigrafe, "paginas": r.norma.provenance.pages,
                  "edicao": r.norma.provenance.edition, "publicacao": r.norma.publicacao,
                  "diagnosticos": [d.to_dict() for d in r.diagnostics]} for name, _, r in rendered],
        "diagnosticos": [d.to_dict() for d in edition.diagnostics],
    }
