"""The 28 official federal DOCX of the Senado's LexML parser samples (../shared/anchors/senado-docx,
README there), read as a clerk reads them: ``lexconsolida parse FILE -o FILE.xml``.

The oracle is the act itself: every paragraph of the law's own text that opens with "Art. N"
— outside the quoted alteration blocks, which open with a quote and close with a quote (and
'(NR)'/'(AC)') — must become an artigo of the LexML, in order, and nothing else may; the quoted
articles stay inside the instruction that quotes them. Every file exits 0. The oracle reads
the DOCX with python-docx and simple rules of its own, not with the project's reader.
"""

from __future__ import annotations

import re

import pytest
from lxml import etree

from tests.conftest import ANCHORS, run_cli

pytestmark = [pytest.mark.shared, pytest.mark.slow]

FOLDER = ANCHORS / "senado-docx"
FILES = sorted(FOLDER.glob("*.docx")) if FOLDER.is_dir() else []
ART = re.compile(r"^\s*Art\.\s*(\d+)\s*[º°o]?(?:\s*-\s*([A-Z]))?")
OPENS = re.compile(r'^\s*["“‘]')
CLOSES = re.compile(r'["”’]\s*(?:\(\s*(?:NR|AC)\s*\))?\s*[.;]?\s*$')


def own_articles(path) -> list[str]:
    """The law's own 'Art. N' paragraphs, outside quoted blocks: ['art1', 'art2', …]."""
    from docx import Document

    inside, out = False, []
    for p in Document(str(path)).paragraphs:
        text = p.text.strip()
        if not text:
            continue
        if not inside and OPENS.match(text):
            inside = not CLOSES.search(text[1:])
            continue
        if inside:
            inside = not CLOSES.search(text)
            continue
        m = ART.match(text)
        if m:
            out.append(f"art{m.group(1)}" + (f"-{ord(m.group(2)) - 64}" if m.group(2) else ""))
    return out


def test_the_28_files_are_there():
    assert len(FILES) == 28


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_article_of_the_law_s_own_text_is_read(tmp_path, path):
    out = tmp_path / "norma.xml"
    run = run_cli("parse", path, "-o", out, "--local", "br")
    assert run.returncode == 0, run.stderr.decode()
    tree = etree.parse(str(out))
    read = [a.get("id") for a in tree.iter("{*}Artigo")
            if not any(x.tag.endswith("Alteracao") for x in a.iterancestors())]
    expected = own_articles(path)
    assert expected, "o oráculo não achou artigos"
    assert read == expected
