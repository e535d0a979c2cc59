"""Markdown writer: golden files, rendering by markdown-it-py, escaping of any text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from lexconsolida.model import Dispositivo, Kind, Norma, Number
from lexconsolida.writers import get_writer
from lexconsolida.writers.markdown import escape, render, write
from tests.conftest import GOLDEN, check_golden
from tests.strategies import fictional_law, xml_text

MD = MarkdownIt("commonmark").enable("strikethrough")


def paragraphs(md: str) -> list[str]:
    """Plain text of every paragraph markdown-it finds (inline markup dropped)."""
    tokens = MD.parse(md)
    out = []
    for i, tok in enumerate(tokens):
        if tok.type == "inline" and tokens[i - 1].type == "paragraph_open":
            out.append("".join(c.content if c.type != "softbreak" else "\n" for c in tok.children))
    return out


def test_golden_vigente(update_golden):
    check_golden(GOLDEN / "text" / "lei-123.md", write(fictional_law()), update_golden)


def test_golden_compilado(update_golden):
    check_golden(GOLDEN / "text" / "lei-123-compilado.md", write(fictional_law(), view="compilado"),
                 update_golden)


def test_registry():
    assert get_writer("md")(fictional_law()) == write(fictional_law())


def test_markdown_it_renders_structure():
    html = MD.render(render(fictional_law(flexible=True)))
    assert html.count("<h1>") == 1 and html.count("<h2>") == 2 and html.count("<h3>") == 2
    assert "<h2>CAPÍTULO I — DA TAXA</h2>" in html
    assert "<p><strong>Art. 1º</strong> Esta Lei institui a Taxa de Licença &amp; Fiscalização de " \
           "&quot;Obras&quot; &lt;TLFO&gt; no Município.</p>" in html
    assert "<p><strong>1.</strong> a área construída;</p>" in html  # not an ordered list
    assert "<ol" not in html and "<ul" not in html
    assert html.count("<blockquote>") == 1
    assert "<p><strong>a)</strong> a primeira comunicação;</p>" in html
    assert "<p>JOÃO DA SILVA<br />\nPrefeito Municipal</p>" in html


def test_compiled_view_strikes_superseded_wordings():
    html = MD.render(render(fictional_law(), view="compilado"))
    assert "<p><strong>II –</strong> <s>a licença ambiental, quando exigida;</s></p>" in html
    assert ("a licença ambiental, quando exigida pelo órgão competente; (Redação dada pela Lei nº 130, "
            "de 1º de março de 2022)</p>") in html
    assert "<p><strong>III –</strong> (Revogado pela Lei nº 150, de 15 de junho de 2023)</p>" in html


def test_escape_leading_markers():
    assert escape("1. texto") == "1\\. texto"
    assert escape("- x") == "\\- x"
    assert escape("# título") == "\\# título"
    assert escape("a*b_c") == "a\\*b\\_c"


@settings(max_examples=150, deadline=None)
@given(xml_text(), st.sampled_from([Kind.INCISO, Kind.ALINEA, Kind.ITEM]))
def test_any_text_survives_rendering(text, kind):
    """Whatever the text, markdown-it shows it as written: nothing is taken for markup."""
    label = {Kind.INCISO: "I", Kind.ALINEA: "a)", Kind.ITEM: "1."}[kind]
    unit = Dispositivo(kind, "art1_cpt_inc1", rotulo=label, number=Number(1), text=text)
    caput = Dispositivo(Kind.CAPUT, "art1_cpt", text="Caput:", children=[unit])
    art = Dispositivo(Kind.ARTIGO, "art1", rotulo="Art. 1º", number=Number(1), children=[caput])
    md = render(Norma(articulacao=[art], fecho=[text]))
    paras = paragraphs(md)
    shown = {Kind.INCISO: "I –", Kind.ALINEA: "a)", Kind.ITEM: "1."}[kind]
    assert paras[1].split() == f"{shown} {text}".split()
    if text.strip():
        assert paras[2].split() == text.split()
