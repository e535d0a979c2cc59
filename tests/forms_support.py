"""Helpers shared by the forms tests: the hand-built laws, contexts, unzipped DOCX parts."""

from __future__ import annotations

import io
import sys
import zipfile
from datetime import date
from pathlib import Path

from lxml import etree

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "forms"
CASES = FIXTURES / "casos"
STATUTES = ROOT / "statutes"
TODAY = date(2025, 3, 10)

if str(ROOT / "tests" / "fixtures") not in sys.path:
    sys.path.insert(0, str(ROOT / "tests" / "fixtures"))

from forms.normas import barra_do_garcas, pedra_preta  # noqa: E402

from lexconsolida.forms.infractions import extract  # noqa: E402
from lexconsolida.forms.issue import Context  # noqa: E402
from lexconsolida.forms.settings import load_settings  # noqa: E402


def pp_context() -> Context:
    norma = pedra_preta()
    return Context(load_settings(STATUTES / "mt-pedra-preta"), norma, extract(norma))


def bg_context() -> Context:
    norma = barra_do_garcas()
    return Context(load_settings(STATUTES / "mt-barra-do-garcas"), norma, extract(norma))


def docx_part(data: bytes, name: str = "word/document.xml") -> bytes:
    """One part of a DOCX, pretty-printed, for golden comparison."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        root = etree.fromstring(z.read(name))
    return etree.tostring(root, pretty_print=True, encoding="utf-8")


def docx_text(data: bytes) -> str:
    """All text of a DOCX body, paragraphs joined by newlines."""
    from docx import Document
    from docx.oxml.ns import qn

    body = Document(io.BytesIO(data)).element.body
    return "\n".join("".join(t.text or "" for t in p.iter(qn("w:t"))) for p in body.iter(qn("w:p")))
