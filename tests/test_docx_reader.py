"""DOCX reader: write → read gives the same tree (embedded LexML) or the same ids (styles only)."""

from __future__ import annotations

import io
import re
import zipfile

import pytest
from docx import Document
from hypothesis import given, settings
from hypothesis import strategies as st

from lexconsolida.errors import InputError
from lexconsolida.model import Kind, Norma, Provenance, Situacao
from lexconsolida.readers import read_file
from lexconsolida.readers.docx import read
from lexconsolida.writers.docx import write
from tests.docx_sample import MUNICIPIO, artigo, d, docx_parts, sample_norma
from lexconsolida.model import Agrupador, AgrupadorKind, Number


def without_provenance(n: Norma) -> Norma:
    n.provenance = Provenance()
    return n


@pytest.mark.parametrize("view", ["vigente", "compilado"])
def test_embedded_lexml_reads_back_the_same_tree(view):
    original = sample_norma()
    result = read(write(original, view=view, municipio=MUNICIPIO), path="lei.docx")
    assert result.norma.provenance.reader == "docx"
    assert result.norma.provenance.path == "lei.docx"
    assert without_provenance(result.norma) == original


def ids(n: Norma) -> list[str]:
    return [node.id for node in n.walk()]


@pytest.mark.parametrize("view", ["vigente", "compilado"])
def test_styles_only_read_gives_the_same_ids_in_the_same_order(view):
    original = sample_norma()
    result = read(write(original, view=view, embed_source=False))
    assert ids(result.norma) == ids(original)
    back = result.norma
    assert (back.tipo, back.numero, back.data, back.urn) == ("Lei", "123", "2020-03-10", original.urn)
    assert back.epigrafe == original.epigrafe and back.ementa == original.ementa
    assert back.preambulo == original.preambulo and back.fecho == original.fecho
    assert back.assinaturas == original.assinaturas
    assert [a.nome for a in back.agrupadores()] == [a.nome for a in original.agrupadores()]


def test_styles_only_vigente_keeps_labels_texts_and_status():
    original = sample_norma()
    back = read(write(original, embed_source=False)).norma
    for a, b in zip(original.dispositivos(), back.dispositivos()):
        assert (a.kind, a.rotulo, a.number) == (b.kind, b.rotulo, b.number), a.id
        if a.situacao is Situacao.VIGENTE:
            assert a.text == b.text, a.id
    assert back.find("art4").situacao is Situacao.REVOGADO


def strip_bookmarks(data: bytes) -> bytes:
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as dst:
        for name in src.namelist():
            blob = src.read(name)
            if name == "word/document.xml":
                blob = re.sub(rb"<w:bookmark(Start|End)[^>]*/>", b"", blob)
            dst.writestr(name, blob)
    return out.getvalue()


def test_ids_derived_from_rotulos_when_bookmarks_are_gone():
    original = sample_norma()
    data = strip_bookmarks(write(original, view="compilado", embed_source=False))
    assert b"bookmarkStart" not in docx_parts(data)["word/document.xml"]
    assert ids(read(data).norma) == ids(original)


def test_user_typed_labels_without_the_rotulo_style():
    doc = Document(io.BytesIO(write(Norma(tipo="Lei"), embed_source=False)))
    for style, text in [("Agrupador Rótulo", "Capítulo II"), ("Agrupador Nome", "DAS TAXAS"),
                        ("Artigo", "Art. 10. Fica instituída a taxa."), ("Inciso", "I – de coleta;"),
                        ("Parágrafo", "Parágrafo único. A taxa é anual."),
                        ("Artigo", "Art. 10-A. Revogado."), ("Alínea", "a) solta")]:
        doc.add_paragraph(text, style=style)
    buf = io.BytesIO()
    doc.save(buf)
    result = read(buf.getvalue())
    assert ids(result.norma) == ["cap2", "art10", "art10_cpt", "art10_cpt_inc1", "art10_par1u",
                                 "art10-1", "art10-1_cpt"]
    assert result.norma.find("art10_cpt_inc1").text == "de coleta;"
    assert [x.code for x in result.diagnostics] == ["fora-de-artigo"]


@st.composite
def norms(draw):
    """Random articulações: agrupadores, artigos (with -A), parágrafos, incisos, alíneas, itens."""
    arts = []
    for n in range(1, draw(st.integers(1, 6)) + 1):
        suffix = draw(st.sampled_from([(), (), ("A",)]))
        incs = [d(Kind.INCISO, f"art{n}{'-1' if suffix else ''}_cpt_inc{i}", label, f"inciso {i};", Number(i), [
            d(Kind.ALINEA, f"art{n}{'-1' if suffix else ''}_cpt_inc{i}_ali{j}", f"{chr(96 + j)})", f"alínea {j};", Number(j))
            for j in range(1, draw(st.integers(0, 2)) + 1)])
            for i, label in enumerate(["I", "II", "III"][: draw(st.integers(0, 3))], start=1)]
        aid = f"art{n}{'-1' if suffix else ''}"
        npar = draw(st.integers(0, 2))
        pars = ([d(Kind.PARAGRAFO, f"{aid}_par1u", "Parágrafo único", "único.")] if npar == 1 else
                [d(Kind.PARAGRAFO, f"{aid}_par{k}", f"§ {k}º", f"parágrafo {k}.", Number(k)) for k in range(1, npar + 1)])
        arts.append(artigo(n, suffix, f"Texto do artigo {n} & <{n}>.", incisos=incs, paragrafos=pars))
    if draw(st.booleans()):
        half = len(arts) // 2
        return Norma(tipo="Lei", articulacao=[
            Agrupador(AgrupadorKind.CAPITULO, "cap1", "Capítulo I", "Capítulo I", Number(1), "PRIMEIRO", arts[:half]),
            Agrupador(AgrupadorKind.CAPITULO, "cap2", "Capítulo II", "Capítulo II", Number(2), "SEGUNDO", arts[half:]),
        ])
    return Norma(tipo="Lei", articulacao=arts)


@settings(max_examples=25, deadline=None)
@given(norms())
def test_property_write_read_round_trip(norma):
    data = write(norma)
    assert without_provenance(read(data).norma) == norma
    assert ids(read(strip_bookmarks(write(norma, embed_source=False))).norma) == ids(norma)


def plain_docx(lines: list[str]) -> bytes:
    doc = Document()
    for line in lines:
        doc.add_paragraph(line)
    buf = io.BytesIO()
    doc.save(buf)
    return buf.getvalue()


def test_plain_draft_goes_to_the_text_reader():
    data = plain_docx(["LEI Nº 5, DE 2 DE JANEIRO DE 2024", "Dispõe sobre teste.",
                       "Art. 1º Esta Lei é um teste.", "I – primeiro;", "II – segundo.",
                       "Art. 2º Esta Lei entra em vigor na data de sua publicação."])
    result = read(data)
    assert ids(result.norma)[:4] == ["art1", "art1_cpt", "art1_cpt_inc1", "art1_cpt_inc2"]
    assert result.norma.provenance.reader == "docx"


def test_not_a_docx_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match="não é um DOCX"):
        read(b"Art. 1 texto", path="x.docx")
    with pytest.raises(InputError):
        read(b"PK\x03\x04 quebrado", path="x.docx")
    empty = tmp_path / "vazio.docx"
    empty.write_bytes(plain_docx([]))
    with pytest.raises(InputError, match="não tem texto"):
        read_file(empty)


@pytest.mark.shared
@pytest.mark.parametrize("name", ["004.json", "000.json"])
def test_real_law_from_gold_keeps_its_ids(name):
    """Real labels and anomalies (Art. 20's second 'VII' is inc8): bookmarks keep the ids, and
    without bookmarks the position rule of the gold parse rebuilds them."""
    from tests.conftest import GOLD
    from tests.docx_sample import norma_from_gold

    path = GOLD / name
    norma = norma_from_gold(path)
    expected = ids(norma)
    data = write(norma, embed_source=False)
    assert ids(read(data).norma) == expected
    result = read(strip_bookmarks(data))
    assert ids(result.norma) == expected
    anomalies = [x for x in result.diagnostics if x.code == "id-por-posicao"]
    printed_vs_id = [x for x in norma.dispositivos() if x.rotulo and not x.unico and
                     read_label_number(x) != x.number]
    assert len(anomalies) == len(printed_vs_id)


def read_label_number(node):
    from lexconsolida.readers.docx_styled import parse_number

    return parse_number(node.kind, node.rotulo)


def test_amending_act_round_trip():
    from tests.docx_sample import amending_norma

    original = amending_norma()
    assert without_provenance(read(write(original)).norma) == original
    result = read(write(original, embed_source=False))
    assert ids(result.norma) == ids(original)
    skipped = [x for x in result.diagnostics if x.code == "paragrafo-de-historico"]
    assert len(skipped) == 2 and "Texto alterado" in skipped[0].message


TEXT = st.text(st.characters(codec="utf-8", categories=("L", "N", "P", "S", "Zs")), min_size=1, max_size=60)


@settings(max_examples=40, deadline=None)
@given(TEXT, TEXT)
def test_property_any_text_survives_the_styles_only_path(caput, inciso):
    """Any printable text (accents, <, &, quotes, symbols) comes back verbatim without the part."""
    caput = caput.strip().lstrip(".–—-").strip() or "x"
    inciso = inciso.strip().lstrip(".–—-").strip() or "y"
    norma = Norma(tipo="Lei", articulacao=[artigo(1, (), caput, incisos=[
        d(Kind.INCISO, "art1_cpt_inc1", "I", inciso, Number(1))])])
    back = read(write(norma, embed_source=False)).norma
    assert back.find("art1_cpt").text == caput
    assert back.find("art1_cpt_inc1").text == inciso


def test_control_characters_are_dropped_not_fatal():
    norma = Norma(tipo="Lei", articulacao=[artigo(1, (), "texto\x0c com\x01 controle")])
    assert read(write(norma)).norma.find("art1_cpt").text == "texto com controle"


def test_draft_edited_in_word_continuations_and_tables():
    """An author's edits: Enter inside an artigo (no rótulo: same unit) and a table (kept in
    the report, never silently lost)."""
    doc = Document(io.BytesIO(write(Norma(tipo="Lei"), embed_source=False)))
    doc.add_paragraph("Art. 1º Fica criada a tabela de multas,", style="Artigo")
    doc.add_paragraph("conforme o quadro abaixo:", style="Artigo")
    table = doc.add_table(rows=2, cols=2)
    for r, row in enumerate([("Infração", "Multa"), ("Poda drástica", "10 UPF")]):
        for c, text in enumerate(row):
            table.cell(r, c).text = text
    doc.add_paragraph("Art. 2º Esta Lei entra em vigor.", style="Artigo")
    buf = io.BytesIO()
    doc.save(buf)
    result = read(buf.getvalue())
    assert ids(result.norma) == ["art1", "art1_cpt", "art2", "art2_cpt"]
    assert result.norma.find("art1_cpt").text == "Fica criada a tabela de multas,\nconforme o quadro abaixo:"
    table_diag = [x for x in result.diagnostics if x.code == "sem-estilo"]
    assert table_diag[0].text == "Infração | Multa\nPoda drástica | 10 UPF"
