"""DOCX writer: golden parts, styles only (no direct formatting), letterhead, determinism."""

from __future__ import annotations

import io

import pytest
from docx import Document
from lxml import etree

from lexconsolida.errors import InputError, UsageError
from lexconsolida.writers.docx import write
from lexconsolida.lexml.schemas import validation_errors
from lexconsolida.lexml.xml_safe import canonical
from tests.conftest import GOLDEN, check_golden
from tests.docx_sample import MUNICIPIO, docx_parts, sample_norma, tiny_png

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
NS = {"w": W}
GOLDEN_PARTS = ("word/document.xml", "word/header1.xml", "word/footer1.xml",
                "docProps/core.xml", "word/_rels/document.xml.rels", "customXml/item1.xml")


@pytest.fixture(scope="module")
def outputs() -> dict[str, bytes]:
    n = sample_norma()
    return {view: write(n, view=view, municipio=MUNICIPIO) for view in ("vigente", "compilado")}


@pytest.mark.parametrize("view", ["vigente", "compilado"])
def test_golden_parts(outputs, view, update_golden):
    parts = docx_parts(outputs[view])
    for name in GOLDEN_PARTS:
        check_golden(GOLDEN / "docx" / view / name, pretty_canonical(parts[name]), update_golden)


def pretty_canonical(xml: bytes) -> bytes:
    """C14N, then one element per line, so golden diffs are readable."""
    root = etree.fromstring(canonical(xml), etree.XMLParser(remove_blank_text=True))
    return etree.tostring(root, pretty_print=True, encoding="UTF-8")


@pytest.mark.parametrize("view", ["vigente", "compilado"])
def test_same_input_same_bytes(outputs, view):
    assert write(sample_norma(), view=view, municipio=MUNICIPIO) == outputs[view]


def direct_formatting(xml: bytes) -> list[str]:
    """Every formatting property set on a paragraph or run instead of by a style."""
    root = etree.fromstring(xml)
    found = []
    for ppr in root.iter(f"{{{W}}}pPr"):
        found += [etree.QName(c).localname for c in ppr if etree.QName(c).localname != "pStyle"]
    for rpr in root.iter(f"{{{W}}}rPr"):
        for c in rpr:
            name = etree.QName(c).localname
            if name != "rStyle" or c.get(f"{{{W}}}val") != "Rotulo":
                found.append(name)
    return found


@pytest.mark.parametrize("view", ["vigente", "compilado"])
def test_no_direct_formatting(outputs, view):
    parts = docx_parts(outputs[view])
    for name in ("word/document.xml", "word/header1.xml", "word/footer1.xml"):
        assert direct_formatting(parts[name]) == [], name


def test_direct_formatting_detector_catches_bold():
    xml = (f'<w:document xmlns:w="{W}"><w:body><w:p><w:pPr><w:pStyle w:val="Artigo"/><w:jc w:val="center"/>'
           '</w:pPr><w:r><w:rPr><w:b/></w:rPr><w:t>x</w:t></w:r></w:p></w:body></w:document>').encode()
    assert direct_formatting(xml) == ["jc", "b"]


def paragraphs(data: bytes) -> list[tuple[str, str]]:
    return [(p.style.name, p.text) for p in Document(io.BytesIO(data)).paragraphs]


def test_every_paragraph_has_one_of_our_styles(outputs):
    from lexconsolida.docx.styles import STYLE_NAMES

    for view, data in outputs.items():
        assert {style for style, _ in paragraphs(data)} <= STYLE_NAMES, view


def test_rotulos_are_literal_text_not_numbering(outputs):
    texts = [t for _, t in paragraphs(outputs["vigente"])]
    assert "Art. 2º-A O plantio em calçadas com largura < 2 metros depende de autorização." in texts
    assert "Parágrafo único. A poda drástica é proibida." in texts
    assert "I – árvore de porte:" in texts and "b) grande, acima de 5 metros, das espécies:" in texts
    assert "1. ipê;" in texts
    assert b"w:numPr" not in docx_parts(outputs["vigente"])["word/document.xml"]


def test_vigente_view_shows_text_in_force(outputs):
    paras = paragraphs(outputs["vigente"])
    assert ("Artigo", "Art. 3º A poda será feita pelo Município ou por empresa por ele autorizada.") in paras
    assert ("Artigo", "Art. 4º (Revogado).") in paras
    assert not any(style == "Texto revogado" for style, _ in paras)
    # The text in force says which act gave each wording (issue 12: no current text passed
    # off under the original signature without a note).
    notes = [t for style, t in paras if style == "Nota de alteração"]
    assert notes and all(t.startswith("(") and " pela " in t for t in notes)
    assert paras[0][0] == "Situação do texto" and paras[0][1].startswith("Texto compilado até ")


def test_compiled_view_strikes_superseded_wording_and_notes_changes(outputs):
    paras = paragraphs(outputs["compilado"])
    i = paras.index(("Texto revogado", "Art. 3º A poda será feita pelo Município."))
    assert paras[i + 1] == ("Artigo", "Art. 3º A poda será feita pelo Município ou por empresa por ele autorizada.")
    assert paras[i + 2] == ("Nota de alteração", "(Redação dada pela Lei nº 130, de 5 de abril de 2021)")
    assert ("Texto revogado", "Art. 4º Fica criado o viveiro municipal.") in paras
    assert ("Artigo", "Art. 4º (Revogado pela Lei nº 130, de 5 de abril de 2021)") in paras
    assert ("Nota de alteração", "(Incluído pela Lei nº 130, de 5 de abril de 2021)") in paras


def test_core_properties_title_subject_and_no_dates(outputs):
    doc = Document(io.BytesIO(outputs["vigente"]))
    cp = doc.core_properties
    assert cp.title == "LEI Nº 123, DE 10 DE MARÇO DE 2020"
    assert cp.subject.startswith("Dispõe sobre a arborização urbana")
    assert cp.created is None and cp.modified is None
    assert cp.identifier == sample_norma().urn


def test_source_lexml_embedded_as_custom_xml_part(outputs):
    parts = docx_parts(outputs["vigente"])
    item = parts["customXml/item1.xml"]
    assert validation_errors(item, "lexml-flexivel") == [] or validation_errors(item, "lexml-rigido") == []
    assert b"customXml/item1.xml" in parts["word/_rels/document.xml.rels"]
    assert b"itemProps1.xml" in parts["customXml/_rels/item1.xml.rels"]
    assert b"customXmlProperties+xml" in parts["[Content_Types].xml"]


def test_embed_source_can_be_switched_off():
    parts = docx_parts(write(sample_norma(), embed_source=False))
    assert not any(name.startswith("customXml/") for name in parts)


def header_texts(data: bytes) -> list[str]:
    return [p.text for p in Document(io.BytesIO(data)).sections[0].header.paragraphs]


def test_letterhead_from_the_municipality_settings(outputs):
    assert header_texts(outputs["vigente"]) == ["ESTADO DE MATO GROSSO", "PREFEITURA MUNICIPAL DE VILA SERENA"]
    footer = [p.text for p in Document(io.BytesIO(outputs["vigente"])).sections[0].footer.paragraphs]
    assert footer == ["Rua das Flores, 100, Centro · (65) 3000-0000", "Página 1 de 1"]
    assert b"PAGE" in docx_parts(outputs["vigente"])["word/footer1.xml"]


def test_orgao_chosen_by_type_or_by_argument():
    minuta = sample_norma()
    minuta.tipo = "Minuta de Lei"
    assert header_texts(write(minuta, municipio=MUNICIPIO))[1] == "CÂMARA MUNICIPAL DE VILA SERENA"
    chosen = write(sample_norma(), municipio=MUNICIPIO, orgao="camara")
    assert header_texts(chosen)[1] == "CÂMARA MUNICIPAL DE VILA SERENA"
    with pytest.raises(InputError, match="órgão 'tribunal' não configurado"):
        write(sample_norma(), municipio=MUNICIPIO, orgao="tribunal")


def test_coat_of_arms_in_the_header(tmp_path):
    (tmp_path / "brasao.png").write_bytes(tiny_png())
    municipio = {"orgaos": {"prefeitura": {**MUNICIPIO["orgaos"]["prefeitura"], "brasao": "brasao.png"}}}
    parts = docx_parts(write(sample_norma(), municipio=municipio, municipio_dir=tmp_path))
    assert parts["word/media/image1.png"] == tiny_png()
    assert b"<wp:inline" in parts["word/header1.xml"]
    assert direct_formatting(parts["word/header1.xml"]) == []
    with pytest.raises(InputError, match="brasão não encontrada"):
        write(sample_norma(), municipio=municipio, municipio_dir=tmp_path / "outro")



@pytest.mark.parametrize("escape", ["../brasao.png", "/tmp/brasao.png", "sub/../../brasao.png"])
def test_coat_of_arms_path_stays_in_the_municipality_folder(tmp_path, escape):
    folder = tmp_path / "municipio"
    folder.mkdir()
    (tmp_path / "brasao.png").write_bytes(tiny_png())
    municipio = {"orgaos": {"prefeitura": {**MUNICIPIO["orgaos"]["prefeitura"], "brasao": escape}}}
    with pytest.raises(InputError, match="'brasao' deve ser um caminho relativo"):
        write(sample_norma(), municipio=municipio, municipio_dir=folder)

def test_without_municipality_only_page_numbers():
    doc = Document(io.BytesIO(write(sample_norma())))
    assert [p.text for p in doc.sections[0].header.paragraphs] == [""]
    assert [p.text for p in doc.sections[0].footer.paragraphs] == ["Página 1 de 1"]


def test_special_characters_are_text():
    texts = [t for _, t in paragraphs(write(sample_norma()))]
    assert "II – calçada: a parte da via reservada a pedestres & ciclistas." in texts


def test_template_without_our_styles_is_refused():
    buf = io.BytesIO()
    Document().save(buf)
    with pytest.raises(InputError, match="não tem os estilos"):
        write(sample_norma(), template=buf.getvalue())


def test_unknown_view_is_refused():
    with pytest.raises(UsageError, match="visão desconhecida"):
        write(sample_norma(), view="antiga")


def test_quoted_alteration_block_of_an_amending_act():
    from tests.docx_sample import amending_norma

    data = write(amending_norma())
    paras = paragraphs(data)
    i = paras.index(("Artigo", "Art. 1º O art. 3º da Lei nº 123, de 10 de março de 2020, passa a "
                               "vigorar com a seguinte redação:"))
    assert paras[i + 1] == ("Texto alterado", "“Art. 3º A poda será feita pelo Município ou por empresa por ele autorizada.")
    assert paras[i + 2] == ("Texto alterado", "." * 40 + "” (NR)")
    assert paras[i + 3][1].startswith("Art. 2º")
    assert direct_formatting(docx_parts(data)["word/document.xml"]) == []


def test_coat_of_arms_output_is_deterministic(tmp_path):
    (tmp_path / "brasao.png").write_bytes(tiny_png())
    municipio = {"orgaos": {"prefeitura": {"cabecalho": ["X"], "brasao": "brasao.png"}}}
    first = write(sample_norma(), municipio=municipio, municipio_dir=tmp_path)
    assert write(sample_norma(), municipio=municipio, municipio_dir=tmp_path) == first


def test_a_municipality_adapted_template_is_used_by_style_name(tmp_path):
    from docx.shared import Pt

    from lexconsolida.docx.styles import build

    doc = Document(io.BytesIO(build()))
    doc.styles["Artigo"].font.size = Pt(14)
    doc.styles["Artigo"].font.name = "Liberation Serif"
    path = tmp_path / "reference.docx"
    doc.save(str(path))
    parts = docx_parts(write(sample_norma(), template=path))
    assert b'w:sz w:val="28"' in parts["word/styles.xml"]
    assert direct_formatting(parts["word/document.xml"]) == []
    assert b'<w:pStyle w:val="Artigo"/>' in parts["word/document.xml"]


def test_duplicate_ids_get_one_bookmark():
    norma = sample_norma()
    norma.articulacao[2].children[0].id = "art1"  # a broken tree: two units with id art1
    xml = docx_parts(write(norma, embed_source=False))["word/document.xml"]
    assert xml.count(b'w:name="art1"') == 1


def test_long_ementa_fits_the_core_properties():
    """Regression: an ementa over 255 characters (Feira de Santana Lei 2.421/2003) made
    python-docx refuse the core property."""
    import io as _io

    from docx import Document as _Document

    from lexconsolida.model import Norma as _Norma
    from lexconsolida.writers.docx import write as _write

    ementa = "Altera e acrescenta dispositivos " * 12
    doc = _Document(_io.BytesIO(_write(_Norma(tipo="Lei", numero="1", data="2003-06-30", ementa=ementa))))
    assert len(doc.core_properties.subject) == 255 and doc.core_properties.subject.endswith("…")
