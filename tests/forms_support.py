"""Helpers shared by the forms tests: the hand-built laws, contexts, unzipped DOCX parts."""

from __future__ import annotations

import io
import zipfile
from datetime import date
from pathlib import Path

from lxml import etree

from lexconsolida.forms.infractions import extract
from lexconsolida.forms.issue import Context
from lexconsolida.forms.settings import load_settings
from tests.fixtures.forms.normas import barra_do_garcas, pedra_preta

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "forms"
CASES = FIXTURES / "casos"
STATUTES = ROOT / "statutes"
TODAY = date(2025, 12, 15)


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


CSV_HEADER = ("infracao,condutor_autorizado,condutor,placa,local,data_hora,descricao,agente,"
              "reincidente,meio_entrega,data_emissao")
PP_INFRACTIONS = ("art55_par1", "art55_par12", "art55_par13", "art55_par18", "art55_par27", "art55_par34",
                  "art55_par42")


def csv_cases(n: int, *, bad_row: int | None = None, infractions=PP_INFRACTIONS, start: int = 1) -> str:
    """A CSV of ``n`` auto-de-infração cases; row ``bad_row`` (1-based data row) lacks the plate.
    ``start``: the first case's index (cases of different indexes are different facts: a case
    issued again is refused without --reemitir)."""
    lines = [CSV_HEADER]
    for i in range(start, start + n):
        plate = "" if i - start + 1 == bad_row else f"QBC{i % 10}D{i % 100:02d}"
        inf = infractions[i % len(infractions)]
        lines.append(f"{inf},Permissionário {i},Condutor {i},{plate},\"Rua {i}, Centro\","
                     f"2025-03-{1 + i % 28:02d} 10:{i % 60:02d},Descrição do caso {i},Agente {i % 7},"
                     f"{'sim' if i % 3 == 0 else 'não'},pessoal,2025-03-{1 + i % 28:02d}")
    return "\n".join(lines) + "\n"
