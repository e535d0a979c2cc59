"""Markdown reader (regression: every '.md' input crashed with ModuleNotFoundError).

The reader is the inverse of the Markdown writer: what the writer prints reads back as the same
official-layout text would (same ids in the same order, same texts), and a Markdown draft a
person writes by hand reads too.
"""

from __future__ import annotations


import pytest
from hypothesis import HealthCheck, given, settings

from lexconsolida.errors import InputError
from lexconsolida.model import Agrupador, AgrupadorKind, Dispositivo, Kind, Norma, Number, Situacao
from lexconsolida.readers import format_of, get_reader, read_file
from lexconsolida.readers.markdown import layout_lines, read
from lexconsolida.readers.text import read as read_text
from lexconsolida.writers.markdown import write as write_md
from lexconsolida.writers.text import write as write_txt
from tests.conftest import ROOT, run_cli
from tests.strategies import fictional_law, legal_text, normas

DRAFT = ROOT / "tests" / "fixtures" / "markdown" / "minuta-poda.md"
SOURCES = sorted((ROOT / "statutes").glob("*/*/texto.txt")) + sorted((ROOT / "tests" / "fixtures" / "reader").glob("*.txt"))


def shape(norma: Norma) -> list[tuple]:
    return [(n.id, n.rotulo, n.nome if isinstance(n, Agrupador) else n.text) for n in norma.walk()]


def parts(norma: Norma) -> tuple:
    docs = [(d.tipo, d.text, d.metadata) for d in norma.documentos]
    return (norma.epigrafe, norma.ementa, norma.preambulo, norma.fecho, norma.assinaturas, docs, norma.anexos,
            norma.tipo, norma.numero, norma.data)


def assert_reads_as_official_text(norma: Norma, view: str = "vigente") -> Norma:
    """The Markdown of ``norma`` reads exactly as its plain text in the official layout does."""
    from_md = read(write_md(norma, view=view), path="norma.md").norma
    from_txt = read_text(write_txt(norma, view=view), path="norma.txt").norma
    assert shape(from_md) == shape(from_txt)
    assert parts(from_md) == parts(from_txt)
    return from_md


def test_registry_has_a_markdown_reader():
    assert format_of("minuta.md") == "markdown"
    assert get_reader("markdown") is read


def test_fictional_law_round_trip_same_ids_and_texts():
    law = fictional_law(flexible=True)
    back = assert_reads_as_official_text(law)
    assert [d.id for d in back.dispositivos()] == [d.id for d in law.dispositivos()]
    in_force = [d.id for d in law.dispositivos() if d.situacao is Situacao.VIGENTE]
    units = back.index()
    assert [units[i].text for i in in_force] == [law.index()[i].text for i in in_force]
    assert back.provenance.reader == "markdown"


def test_fictional_law_compiled_view_reads_like_the_compiled_text():
    assert_reads_as_official_text(fictional_law(), view="compilado")


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.parent.name if p.name == "texto.txt" else p.stem)
def test_corpus_acts_round_trip(source):
    norma = read_file(source).norma
    back = assert_reads_as_official_text(norma)
    assert [d.id for d in back.dispositivos()] == [d.id for d in norma.dispositivos()]


@pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(normas(text=legal_text(), rich=False))
def test_random_normas_round_trip(norma):
    back = assert_reads_as_official_text(norma)
    assert [d.id for d in back.dispositivos()] == [d.id for d in norma.dispositivos()]


@pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(normas(text=legal_text(), rich=True))
def test_random_rich_normas_read_as_their_official_text(norma):
    """Accompanying documents, annexes, signatures: as the plain-text layout reads them."""
    assert_reads_as_official_text(norma)


def test_markdown_specials_are_unescaped():
    text = "cobra 10% * 2 _sic_ [ver anexo](x) <TLFO> & “Obras” #1 ~ `a` | b! \\ fim."
    caput = Dispositivo(Kind.CAPUT, "art1_cpt", text=text)
    art = Dispositivo(Kind.ARTIGO, "art1", rotulo="Art. 1º", number=Number(1), children=[caput])
    norma = Norma(tipo="Lei", numero="1", data="2024-01-02", epigrafe="LEI Nº 1, DE 2 DE JANEIRO DE 2024",
                  articulacao=[art])
    back = read(write_md(norma)).norma
    assert next(d for d in back.dispositivos() if d.id == "art1_cpt").text == text


def test_hand_written_draft():
    result = read_file(DRAFT)
    norma = result.norma
    assert (norma.tipo, norma.numero, norma.data) == ("Minuta de Lei", "12", "2024-03-03")
    assert norma.ementa == "Dispõe sobre a poda de árvores em vias públicas do Município."
    assert norma.fecho == ["Nova Esperança-MT, 3 de março de 2024."]
    assert [(s.name, s.cargo) for s in norma.assinaturas] == [("FULANO DE TAL", "Prefeito Municipal")]
    assert [(a.id, a.nome) for a in norma.articulacao] == [("cap1", "Disposições gerais"), ("cap2", "DAS PENALIDADES")]
    assert [d.id for d in norma.dispositivos() if d.kind is not Kind.CAPUT] == [
        "art1", "art2", "art2_cpt_inc1", "art2_cpt_inc2", "art2_cpt_inc3", "art2_cpt_inc3_ali1",
        "art2_cpt_inc3_ali2", "art2_cpt_inc3_ali2_ite1", "art2_cpt_inc3_ali2_ite2", "art2_par1u",
        "art3", "art3_par1", "art3_par2", "art4",
    ]
    units = norma.index()
    assert units["art1_cpt"].text == ("A poda de árvores em vias públicas depende de autorização da "
                                      "Secretaria de Meio Ambiente & Urbanismo.")
    assert units["art2_cpt_inc2"].text == "a espécie da árvore, quando conhecida;"
    assert units["art3_cpt"].text.endswith("10 (dez) UPF*.")
    # lines are those of the Markdown file
    assert units["art2_cpt_inc1"].lines == (15, 15)
    assert units["art2_cpt_inc3_ali2_ite2"].lines == (26, 26)


def test_writer_headings_split_into_label_and_name():
    lines = layout_lines("## CAPÍTULO I — DA TAXA\n\n**Art. 1º** Texto.\n").text
    assert lines == ["CAPÍTULO I", "DA TAXA", "", "Art. 1º Texto."]


def test_no_article_error_names_the_markdown_line(tmp_path):
    with pytest.raises(InputError) as err:
        read(b"# Receita\n\nBolo de fub\xc3\xa1.\n", path="receita.md")
    assert "receita.md" in str(err.value) and "artigo" in str(err.value)


def test_cli_render_md_then_parse(tmp_path):
    md, from_md = tmp_path / "lei.md", tmp_path / "lei-md.xml"
    source = ROOT / "statutes" / "mt-pedra-preta" / "lei-846-2015" / "texto.txt"
    proc = run_cli("render", source, "--to", "md", "-o", md)
    assert proc.returncode == 0, proc.stderr.decode()
    proc = run_cli("parse", md, "-o", from_md)
    assert proc.returncode == 0, proc.stderr.decode()
    assert "Traceback" not in proc.stderr.decode() and "68 artigos" in proc.stderr.decode()
    norma_md = read_file(from_md).norma
    assert [d.id for d in norma_md.dispositivos()] == [d.id for d in read_file(source).norma.dispositivos()]
    assert norma_md.urn == "urn:lex:br;mato.grosso;pedra.preta:municipal:lei:2015-05-12;846"


def test_lists_tables_and_code_keep_their_lines():
    md = "| Infração | Multa |\n|---|---|\n| leve | 1 UPF |\n\n```\nlinha 1\nlinha 2\n```\n\n- um\n- dois\n\n3. três\n"
    assert layout_lines(md).text == ["Infração | Multa", "leve | 1 UPF", "linha 1", "linha 2", "- um", "- dois", "3. três"]
    assert layout_lines(md).origin == [1, 3, 6, 7, 10, 11, 13]


def test_quoted_block_with_agrupador_has_no_blank_lines():
    md = "**Art. 6º** A Lei passa a vigorar com:\n\n> ##### “SEÇÃO III — DO PRAZO\n>\n> **Art. 9º** Prazo.” (NR)\n"
    assert layout_lines(md).text == ["Art. 6º A Lei passa a vigorar com:", "“SEÇÃO III", "DO PRAZO", "Art. 9º Prazo.” (NR)", ""]


def test_quoted_block_opening_with_an_agrupador_round_trips():
    """The writer put the opening quote before '#####': the heading was lost and '#####' leaked."""
    norma = fictional_law()
    alt = next(a for d in norma.dispositivos() for a in d.alteracoes)
    alt.children.insert(0, Agrupador(AgrupadorKind.SECAO, "sec3", rotulo="Seção III", number=Number(3), nome="DO PRAZO"))
    md = write_md(norma).decode()
    assert "> ##### “SEÇÃO III — DO PRAZO\n" in md
    back = assert_reads_as_official_text(norma)
    quoted = next(a for d in back.dispositivos() for a in d.alteracoes)
    assert "#" not in quoted.raw and quoted.raw.startswith("“SEÇÃO III")


def test_truncated_markdown_names_the_markdown_line():
    md = "# LEI Nº 1, DE 2 DE JANEIRO DE 2024\n\n*Ementa.*\n\n**Art. 1º** Texto.\n\n**Art. 2º** Fica criada a\n"
    with pytest.raises(InputError) as err:
        read(md.encode(), path="minuta.md")
    assert str(err.value).startswith("minuta.md: o arquivo parece truncado: termina no meio de uma frase (linha 7)")
