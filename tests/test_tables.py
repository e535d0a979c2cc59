"""Tables and annexes as law (issue 39, ``docs/tabelas.md``): reading, writing, amending, cutting
at a date, comparing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexconsolida.amendments.tables import read_instruction
from lexconsolida.errors import AmendmentError
from lexconsolida.lexml.schemas import validation_errors
from lexconsolida.model import Dispositivo, Event, Kind, Norma, Situacao, Version
from lexconsolida.model.operations import Operation
from lexconsolida.model.tables import Annex, Cell, Passage, Row, Tabela, row_cells, row_text, tables_of
from lexconsolida.readers.lexml import read as read_lexml
from lexconsolida.readers.text import read as read_text
from lexconsolida.readers.text.tables import find_blocks
from lexconsolida.transforms.amend import apply
from lexconsolida.transforms.pointintime import at
from lexconsolida.writers.akn import write as write_akn
from lexconsolida.writers.lexml import write as write_lexml

DATA = Path(__file__).parent / "data"

GRID = """\
QUADRO DE PESSOAL ____________________________
|  CARGOS  |CÓDIGO|     ADMINISTRAÇÃO     |
|          |      |-------+-------+-------|
|          |      | DIRETA| AUTÁRQ| TOTAL |
|==========|======|=======|=======|=======|
|Advogado  |000402|     28|     02|     30|
|----------|------|-------|-------|-------|
|Agente de |000101|     60|     00|     60|
|Obras     |      |       |       |       |
|----------|------|-------|-------|-------|
|Motorista |000103|     10|       |     10|
|----------|------|-------|       |-------|
|Vigia     |000104|     05|       |     05|
|__________|______|_______|_______|_______| * tabela formatada pela equipe técnica do site
"""


def test_grid_table_spans_wrapped_cells_and_caption():
    lines = GRID.split("\n")
    (block,) = find_blocks(lines)
    t = block.table
    assert block.form == "grade" and block.why is None and lines[block.caption].startswith("QUADRO")
    head = [[(c.text, c.colspan, c.rowspan) for c in r.cells] for r in t.header_rows]
    assert head == [[("CARGOS", 1, 2), ("CÓDIGO", 1, 2), ("ADMINISTRAÇÃO", 3, 1)],
                    [("DIRETA", 1, 1), ("AUTÁRQ", 1, 1), ("TOTAL", 1, 1)]]
    assert [r.texts for r in t.body_rows] == [
        ["Advogado", "000402", "28", "02", "30"],
        ["Agente de Obras", "000101", "60", "00", "60"],
        ["Motorista", "000103", "10", "", "10"],  # the blank cell runs down two rows (rowspan)
        ["Vigia", "000104", "05", "05"],
    ]
    assert t.body_rows[2].cells[3].rowspan == 2
    assert t.column_headers() == ["CARGOS", "CÓDIGO", "ADMINISTRAÇÃO DIRETA", "ADMINISTRAÇÃO AUTÁRQ",
                                  "ADMINISTRAÇÃO TOTAL"]
    assert block.notes and "tabela formatada" in block.notes[0][1]


def test_misaligned_grid_is_not_read_and_stays_text_with_a_warning():
    broken = "Art. 1º Os cargos são:\n|CARGO | VAGAS|\n|======|======|\n|Advogado  | 3|\n|Contador | 2 |\n"
    text = f"LEI Nº 5, DE 2 DE JANEIRO DE 2020.\nCria cargos.\n{broken}Art. 2º Vigora já.\n"
    result = read_text(text.encode())
    art1 = result.norma.find("art1_cpt")
    assert art1 is not None and not art1.tabelas and "Advogado" in art1.text  # never lost
    assert any(d.code == "tabela-incerta" for d in result.diagnostics)


def test_aligned_columns_and_dotted_leaders():
    aligned = ["  NOMENCLATURA DO CARGO   SÍMBOLO  ", " ", "  Assessor Jurídico   DA-1  ", " ",
               "  Diretor de Operações   DA-1  ", "  Chefe de Divisão   DA-2  "]
    (b,) = find_blocks(aligned)
    assert b.form == "alinhada" and [r.texts for r in b.table.rows][1] == ["Assessor Jurídico", "DA-1"]
    leaders = ["Receita corrente............R$ 105.773,00", "Receitas tributária.......15.432,96",
               "Alienação de bens...........4.440,00"]
    (b,) = find_blocks(leaders)
    assert b.form == "pontilhada" and b.table.rows[2].texts == ["Alienação de bens", "4.440,00"]
    assert find_blocks(["Art. 1º Texto ......... 5", "Art. 2º Texto ....... 6"]) == []


def test_law_with_annex_pipe_table_is_read_with_ids():
    norma = read_text((DATA / "tabela-lei.txt").read_bytes()).norma
    (annex,) = norma.annexes
    assert (annex.id, annex.rotulo, annex.titulo) == ("anx1", "Anexo I", "QUADRO DE CARGOS")
    (t,) = annex.tabelas
    assert t.id == "anx1_tab1" and [r.id for r in t.rows] == [f"anx1_tab1_lin{k}" for k in range(1, 5)]
    assert t.rows[0].header and t.rows[1].texts == ["Advogado", "3", "R$ 5.000,00"]


def _law_with_table() -> Norma:
    return read_text((DATA / "tabela-lei.txt").read_bytes(), localidade="bahia;vila.exemplo").norma


def _op(kind: str, **kw) -> Operation:
    return Operation(kind=kind, target_urn=None, target_label="Lei nº 100/2020", target_id="anx1",
                     source="instrução", line=1, where="art1", **kw)


EV = Event("redacao", "urn:lex:br;bahia;vila.exemplo:municipal:lei:2021-05-05;120",
           "Lei nº 120, de 5 de maio de 2021", "2021-05-05")


def test_cell_change_and_row_added_with_history_and_cut_at_dates():
    base = _law_with_table()
    new = apply(base, [_op("celula", row="Advogado", column="Vagas", text="5"),
                       _op("linha_inclusao", cells=("Procurador", "1", "R$ 6.000,00"))], EV)
    (t,) = new.annexes[0].tabelas
    assert t.rows[1].texts == ["Advogado", "5", "R$ 5.000,00"]
    assert [v.event.kind for v in t.rows[1].history] == ["original", "redacao"]
    assert row_cells(t.rows[1].history[0].text) == ["Advogado", "3", "R$ 5.000,00"]
    assert t.rows[-1].id == "anx1_tab1_lin5" and t.rows[-1].history[0].event.kind == "inclusao"
    assert base.annexes[0].tabelas[0].rows[1].texts[1] == "3"  # the base is not changed
    before, after = at(new, "2020-06-01"), at(new, "2021-06-01")
    assert [r.texts[:2] for r in before.annexes[0].tabelas[0].body_rows] == [
        ["Advogado", "3"], ["Contador", "2"], ["Motorista", "4"]]
    assert [r.texts[:2] for r in after.annexes[0].tabelas[0].body_rows] == [
        ["Advogado", "5"], ["Contador", "2"], ["Motorista", "4"], ["Procurador", "1"]]


def test_row_inserted_between_rows_takes_a_stable_id_and_removed_row_keeps_its_id():
    new = apply(_law_with_table(), [_op("linha_inclusao", row="Advogado", cells=("Assessor", "1", "R$ 1,00")),
                                    _op("linha_revogacao", row="Contador")], EV)
    rows = new.annexes[0].tabelas[0].rows
    assert [r.id for r in rows] == ["anx1_tab1_lin1", "anx1_tab1_lin2", "anx1_tab1_lin2-1", "anx1_tab1_lin3",
                                    "anx1_tab1_lin4"]
    assert rows[3].situacao.value == "revogado" and rows[3].texts[0] == "Contador"


@pytest.mark.parametrize("op, why", [
    (_op("celula", row="Juiz", column="Vagas", text="1"), "não tem linha “Juiz”"),
    (_op("celula", row="Advogado", column="Salário", text="1"), "não tem coluna “Salário”"),
    (_op("celula", expression="R$", text="x"), "está em 3 células"),
    (_op("linha_inclusao", cells=("a", "b", "c", "d")), "4 células"),
])
def test_an_ambiguous_or_missing_row_column_or_cell_is_a_question_for_a_person(op, why):
    with pytest.raises(AmendmentError, match=why):
        apply(_law_with_table(), [op], EV)


def test_onde_se_le_leia_se_in_one_cell():
    new = apply(_law_with_table(), [_op("celula", expression="R$ 4.000,00", text="R$ 4.500,00")], EV)
    assert new.annexes[0].tabelas[0].rows[2].texts == ["Contador", "2", "R$ 4.500,00"]


def test_table_replaced_keeps_the_old_rows_for_earlier_dates():
    new = apply(_law_with_table(), [_op("tabela_redacao", rows=(("CARGO", "VAGAS"), ("Advogado", "9")),
                                        header_rows=1)], EV)
    assert [r.texts for r in at(new, "2021-06-01").annexes[0].tabelas[0].rows if r.situacao.value == "vigente"] == [
        ["CARGO", "VAGAS"], ["Advogado", "9"]]
    assert at(new, "2020-06-01").annexes[0].tabelas[0].rows[1].texts == ["Advogado", "3", "R$ 5.000,00"]


def test_recognition_of_table_instructions():
    r = read_instruction('No Anexo I da Lei nº 100, de 2020, a coluna "VAGAS" da linha "Advogado" passa a ser "5".', [])
    assert [(i.kind, i.target_id, i.row, i.column, i.text) for i in r.instructions] == [
        ("celula", "anx1", "Advogado", "VAGAS", "5")]
    r = read_instruction("Fica acrescida ao Anexo II da Lei nº 100, de 2020, a seguinte linha:", ["“| Procurador | 1 |”"])
    assert [(i.kind, i.target_id, i.cells) for i in r.instructions] == [("linha_inclusao", "anx2", ("Procurador", "1"))]
    r = read_instruction('Fica suprimida do Anexo Único da Lei nº 100 a linha "Vigia".', [])
    assert [(i.kind, i.target_id, i.row) for i in r.instructions] == [("linha_revogacao", "anx1", "Vigia")]
    r = read_instruction('No Anexo III da Lei nº 100, onde se lê "R$ 10,00", leia-se "R$ 12,00".', [])
    assert [(i.kind, i.expression, i.text) for i in r.instructions] == [("celula", "R$ 10,00", "R$ 12,00")]
    assert read_instruction("Os cargos constam do Anexo I desta Lei.", []) is None  # the act's own annex
    assert read_instruction("O art. 5º da Lei nº 100 passa a vigorar com a seguinte redação:", ["“Art. 5º X.”"]) is None


# -- LexML and Akoma Ntoso: valid, round trip ----------------------------------------------------

_cell_text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=12).map(
    lambda s: " ".join(s.split()))


@st.composite
def tables(draw, table_id: str) -> Tabela:
    width = draw(st.integers(1, 4))
    n = draw(st.integers(1, 5))
    heads = draw(st.integers(0, 1))
    t = Tabela(table_id, titulo=draw(st.one_of(st.none(), _cell_text.filter(bool))))
    for k in range(1, n + 1):
        cells = [Cell(draw(_cell_text), header=k <= heads) for _ in range(width)]
        if width > 1 and draw(st.booleans()):
            cells = [Cell(cells[0].text, colspan=width, header=cells[0].header)]
        t.rows.append(Row(f"{table_id}_lin{k}", cells, header=k <= heads))
    if n > 1 and draw(st.booleans()):  # a row added later between the first two
        extra = Row(f"{table_id}_lin1-1", [Cell("novo")] * 1)
        extra.history = [Version(row_text(extra.texts), EV, "2021-05-05")]
        t.rows.insert(1, extra)
    return t


@st.composite
def normas_with_tables(draw) -> Norma:
    art = Dispositivo(Kind.ARTIGO, "art1", "Art. 1º", children=[Dispositivo(Kind.CAPUT, "art1_cpt", text="Texto:")])
    art.children[0].tabelas = [draw(tables("art1_cpt_tab1"))]
    n = Norma(tipo="Lei", numero="1", data="2020-01-02", articulacao=[art])
    for k in range(1, draw(st.integers(0, 2)) + 1):
        a = Annex(f"anx{k}", rotulo=f"Anexo {'I' * k}", titulo=draw(st.one_of(st.none(), _cell_text.filter(bool))))
        a.blocks = [Passage(draw(_cell_text.filter(bool)), id=f"anx{k}_txt1")] if draw(st.booleans()) else []
        a.blocks.append(draw(tables(f"anx{k}_tab1")))
        if draw(st.booleans()):  # a replaced annex: its old paragraph revoked, a new one included
            old = Passage("texto antigo", id=f"anx{k}_txt{len(a.passages) + 1}", situacao=Situacao.REVOGADO,
                          history=[Version("texto antigo", Event("original")),
                                   Version("texto antigo", EV, "2021-05-05", None, Situacao.REVOGADO)])
            new = Passage("texto novo", id=f"anx{k}_txt{len(a.passages) + 2}",
                          history=[Version("texto novo", EV, "2021-05-05")])
            a.blocks += [old, new]
            a.history = [Version(a.titulo or "", Event("original"), None, "2021-05-05"),
                         Version(a.titulo or "", EV, "2021-05-05")]
        n.annexes.append(a)
    return n


@settings(max_examples=60, deadline=None)
@given(normas_with_tables())
def test_lexml_round_trip_and_valid(norma):
    data = write_lexml(norma)
    assert validation_errors(data, "lexml-flexivel") == []
    back = read_lexml(data).norma
    assert list(tables_of(back)) == list(tables_of(norma))
    assert back.annexes == norma.annexes


@settings(max_examples=30, deadline=None)
@given(normas_with_tables())
def test_akn_valid(norma):
    for view in ("vigente", "compilado"):
        assert validation_errors(write_akn(norma, view=view), "akn") == []


def test_lexml_validation_checks_the_tables_in_the_extension():
    data = write_lexml(_law_with_table())
    assert validation_errors(data, "lexml-flexivel") == []
    bad = data.replace(b"<td>Advogado</td>", b'<td bogus="1">Advogado</td>')
    assert bad != data and validation_errors(bad, "lexml-flexivel")


# -- the command line, end to end ----------------------------------------------------------------

def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "lexconsolida", *args], cwd=cwd, capture_output=True, text=True)


@pytest.mark.parametrize("base", ["txt", "docx"])
def test_amend_compile_and_quadro_from_text_and_docx(tmp_path, base):
    lei = tmp_path / f"lei.{base}"
    if base == "txt":
        lei.write_bytes((DATA / "tabela-lei.txt").read_bytes())
    else:
        from docx import Document
        doc = Document()
        for line in (DATA / "tabela-lei.txt").read_text(encoding="utf-8").split("\n"):
            if not line.startswith("|"):
                doc.add_paragraph(line)
        rows = [["CARGO", "VAGAS", "VENCIMENTO"], ["Advogado", "3", "R$ 5.000,00"], ["Contador", "2", "R$ 4.000,00"],
                ["Motorista", "4", "R$ 2.000,00"]]
        t = doc.add_table(rows=4, cols=3)
        for i, r in enumerate(rows):
            for j, c in enumerate(r):
                t.cell(i, j).paragraphs[0].add_run(c).bold = i == 0
        doc.save(lei)
    (tmp_path / "alt.txt").write_bytes((DATA / "tabela-alteradora.txt").read_bytes())
    r = _cli("amend", lei.name, "alt.txt", "-o", "c.xml", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert validation_errors((tmp_path / "c.xml").read_bytes(), "lexml-flexivel") == []
    for when, expected in (("2020-06-01", "| Advogado | 3 |"), ("2021-06-01", "| Advogado | 5 |")):
        r = _cli("compile", "c.xml", "--at", when, "--to", "txt", cwd=tmp_path)
        assert r.returncode == 0 and expected in r.stdout
        assert ("| Procurador | 1 |" in r.stdout) == (when == "2021-06-01")
    r = _cli("compile", "c.xml", "--to", "akn", "-o", "c.akn", cwd=tmp_path)
    assert r.returncode == 0 and validation_errors((tmp_path / "c.akn").read_bytes(), "akn") == []
    _cli("compile", "c.xml", "--at", "2020-06-01", "-o", "a.xml", cwd=tmp_path)
    _cli("compile", "c.xml", "--at", "2021-06-01", "-o", "b.xml", cwd=tmp_path)
    r = _cli("diff", "a.xml", "b.xml", "--to", "json", cwd=tmp_path)
    import json
    pairs = [p for p in json.loads(r.stdout)["pairs"] if p["status"] != "unchanged"]
    assert [(p["status"], p["anchor"]) for p in pairs] == [("changed", "anx1_tab1_lin2"), ("added", "anx1_tab1_lin5")]
    assert pairs[0]["ops"] == [["=", "Advogado | "], ["-", "3"], ["+", "5"], ["=", " | R$ 5.000,00"]]
