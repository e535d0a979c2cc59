"""Table and annex instructions in the shapes the Feira acervo's amending acts write them
(docs/tabelas.md, "Instruções de tabela no acervo"): each shape read into operations, and the
forms that stay questions; the applier's checks (row labels, headings), annexes replaced and
revoked with their old text kept for earlier dates; and the readings the acervo taught (annexes
after the signatures, an annex heading on a table's top border, captions that look like
articles, '+' and '-' inside cells). Texts here are written for the tests, in the acervo's
shapes, not copied from it."""

from __future__ import annotations

import pytest

from lexconsolida.amendments import recognise
from lexconsolida.amendments.tables import read_instruction
from lexconsolida.errors import AmendmentError
from lexconsolida.lexml.schemas import validation_errors
from lexconsolida.model import Event, Situacao
from lexconsolida.model.operations import Operation
from lexconsolida.model.tables import Annex, Cell, Passage, Row, Tabela
from lexconsolida.readers.lexml import read as read_lexml
from lexconsolida.readers.text import read as read_text
from lexconsolida.readers.text.tables import find_blocks
from lexconsolida.transforms.amend import apply
from lexconsolida.transforms.pointintime import at, vigente
from lexconsolida.writers.html.tables import annex_html
from lexconsolida.writers.lexml import write as write_lexml
from lexconsolida.writers.text import render

EV = Event("redacao", "urn:lex:br;bahia;vila.exemplo:municipal:lei:2021-05-05;120",
           "Lei nº 120, de 5 de maio de 2021", "2021-05-05")

QUADRO = """\
QUADRO DE PESSOAL ____________________________________
|    CARGOS   | CARGA |   ADMINISTRAÇÃO   |     |
|             |HORÁRIA|-------------------|TOTAL|
|             |       |DIRETA|AUTÁRQUICA  |     |
|=============|=======|======|============|=====|
|Advogado     |   20  |  28  |     01     |   29|
|-------------|-------|------|------------|-----|
|Guarda       |   40  | 150  |     00     |  150|
|-------------|-------|------|------------|-----|
|TOTAL GERAL (1+2)    |  178 |     01     |  179|
|_____________|_______|______|____________|_____| * tabela formatada pela equipe técnica do LeisMunicipais.com.br
"""

LEI = f"""\
LEI COMPLEMENTAR Nº 1, DE 10 DE MARÇO DE 1994

Dispõe sobre o estatuto dos servidores.

O PREFEITO MUNICIPAL DE VILA EXEMPLO faz saber que a Câmara aprovou e ele sanciona a seguinte Lei:

Art. 1º Os cargos são os do Anexo I desta Lei.

Art. 2º As gratificações são as do Anexo II desta Lei.

Art. 3º Ficam revogadas as disposições em contrário.

FULANO DE TAL
Prefeito

ANEXO I

{QUADRO}
ANEXO II ____________________
|SÍMBOLO|  VALOR  |
|=======|=========|
|FC-1   |  100,00 |
|-------|---------|
|FC-2   |   50,00 |
|_______|_________|
Os valores são mensais.
"""


def _law():
    return read_text(LEI.encode(), path="lc1.txt").norma


# -- reading what the acervo taught ---------------------------------------------------------------

def test_annexes_after_the_signatures_without_place_and_date_are_annexes():
    n = _law()
    assert [a.rotulo for a in n.annexes] == ["Anexo I", "Anexo II"]
    assert [d.id for d in n.dispositivos() if d.tabelas] == []  # no table hangs on art. 3
    (quadro,) = n.annexes[0].tabelas
    assert quadro.titulo == "QUADRO DE PESSOAL"
    assert quadro.column_headers() == ["CARGOS", "CARGA HORÁRIA", "ADMINISTRAÇÃO DIRETA", "ADMINISTRAÇÃO AUTÁRQUICA",
                                       "TOTAL"]
    assert quadro.rows[-1].texts == ["TOTAL GERAL (1+2)", "178", "01", "179"]  # '+' in a cell is text
    assert quadro.rows[-1].cells[0].colspan == 2
    # the heading on the top border opens the annex; the table is its own, uncaptioned
    assert n.annexes[1].tabelas[0].titulo is None and n.annexes[1].passages[0].text == "Os valores são mensais."
    assert n.annexes[1].passages[0].id == "anx2_txt1"


def test_a_lone_dash_among_spaces_is_text_and_a_labelled_caption_is_no_article():
    grid = ["|LICENÇA   SIMPLIFICADA   -   LS|  800,00|", "|(MICRO)                        |        |",
            "|----------+----------+---------|--------|", "|LL        |  1,00    |  2,00   |   3,00 |",
            "|__________|__________|_________|________|"]
    (b,) = find_blocks(grid)
    assert b.table is not None and b.table.rows[0].texts == ["LICENÇA SIMPLIFICADA - LS (MICRO)", "800,00"]
    text = ("LEI Nº 5, DE 2 DE JANEIRO DE 2004\n\nArt. 1º Fica criada a taxa.\n\nArt. 2º Esta Lei entra em vigor.\n\n"
            "Vila Exemplo, 2 de janeiro de 2004.\n\nFULANO DE TAL\nPrefeito\n\nANEXO\n"
            "ART. 144 - TABELA DE RECEITA IV - ANEXO II ________\n|ORDEM|VALOR|\n|=====|=====|\n|1    |10,00|\n"
            "|_____|_____|\n")
    n = read_text(text.encode(), path="x.txt").norma  # no 'arquivo truncado': ART. 144 is the caption
    assert [d.id for d in n.articulacao] == ["art1", "art2"]
    assert n.annexes[0].tabelas[0].titulo == "ART. 144 - TABELA DE RECEITA IV - ANEXO II"


# -- recognition: each shape, and what stays a question -------------------------------------------

def _kinds(r):
    return [(i.kind, i.target_id) for i in r.instructions], [c for c, _ in r.problems]


def _own(*tables: Tabela, title: str | None = "QUADRO NOVO") -> Annex:
    return Annex("anx1", "Anexo I", titulo=title, blocks=list(tables))


def _table(*rows: tuple[str, ...], head: int = 1) -> Tabela:
    return Tabela("", [Row("", [Cell(c, header=k < head) for c in r], header=k < head) for k, r in enumerate(rows)])


def test_annex_replaced_by_the_amending_acts_own_annex():
    own = _own(_table(("CARGO", "VAGAS"), ("Advogado", "30")))
    r = read_instruction("O Quadro de Pessoal, constante do Anexo I da Lei Complementar nº 1/1994 (que dispõe sobre "
                         "o Estatuto), passa a vigorar de acordo com o Anexo I desta Lei Complementar.", [],
                         own_annexes=[own])
    assert _kinds(r) == ([("anexo_redacao", "anx1")], []) and r.instructions[0].text == "QUADRO NOVO"
    assert r.instructions[0].blocks == tuple(own.blocks)
    r = read_instruction("O Anexo II da Lei nº 10/2001 passa a ter redação constante do Anexo II desta Lei.", [],
                         own_annexes=[own])  # the act has no Anexo II as read
    assert _kinds(r) == ([], ["tabela-nao-lida"])


def test_part_of_an_annex_is_a_question_not_the_whole_annex_replaced():
    own = _own(_table(("CARGO", "DESCRIÇÃO"), ("Auditor", "…")))
    for text in ("O Anexo IV, da Lei Complementar nº 1/94, que dispõe sobre os Cargos de Auditor Fiscal, passa a "
                 "vigorar na forma do Anexo I desta lei.",
                 "O anexo I da Lei nº 1.610, correspondente aos níveis I, II e III passa a ter a redação do anexo "
                 "único desta Lei.",
                 "O Anexo Único à Lei nº 2.987, preâmbulo do item 1, passa a ter a seguinte redação:"):
        r = read_instruction(text, ["“1. Novo texto.”"], own_annexes=[own])
        assert _kinds(r) == ([], ["instrucao-de-tabela"]), text


def test_table_replaced_by_the_table_printed_after_the_instruction():
    new = _table(("CARGO", "QUANTIDADE"), ("Inspetor", "20"))
    r = read_instruction("Fica alterada a Tabela I, do Anexo I, da Lei Complementar nº 56, de 11 de julho de 2011, "
                         "que passa a vigorar com a seguinte redação:", [], tables=[new])
    assert _kinds(r) == ([("tabela_redacao", "anx1_tab1")], [])
    assert r.instructions[0].headers == ("CARGO", "QUANTIDADE")
    r = read_instruction("Fica alterado o Anexo II, da Lei Complementar nº 56, que passa a vigorar com a seguinte "
                         "redação: SITUAÇÃO NOVA", [], tables=[new])
    assert _kinds(r) == ([("anexo_redacao", "anx2")], [])
    assert [type(b).__name__ for b in r.instructions[0].blocks] == ["Passage", "Tabela"]
    r = read_instruction("O Anexo VII da Lei Complementar nº 1/94 passa a viger com a seguinte redação:",
                         ["“Art. 1º As funções gratificadas são as seguintes:”"])
    assert _kinds(r) == ([], ["alvo-sem-dispositivo"])  # articles inside an annex: a person decides


def test_rows_changed_each_found_by_its_label():
    rows = _table(("Cargo", "Carga Horária"), ("Guarda", "40 h"), ("Vigia", "30"))
    r = read_instruction("O Anexo I, da Lei Complementar Municipal nº 01/94 passa a viger com a seguinte alteração:",
                         [], tables=[rows])
    assert _kinds(r) == ([("linha_redacao", "anx1"), ("linha_redacao", "anx1")], [])
    assert [(i.row, i.cells, i.headers) for i in r.instructions][0] == ("Guarda", ("Guarda", "40 h"),
                                                                        ("Cargo", "Carga Horária"))


def test_annex_revoked_alone_or_a_question_when_revoked_with_other_units():
    r = read_instruction("Fica revogado o Anexo II da Lei Complementar nº 11/2002.", [])
    assert _kinds(r) == ([("anexo_revogacao", "anx2")], [])
    r = read_instruction("Fica revogado o Anexo II, e o § 1º do art. 14, da Lei Complementar nº 11/2002.", [])
    assert _kinds(r) == ([], ["instrucao-de-tabela"])


def test_a_sentence_naming_another_norms_annex_in_no_known_shape_is_a_question():
    r = read_instruction("Fica suprimido o Cargo de Chefe de Divisão de Veículos, sob o símbolo DA-2, do Anexo II, "
                         "da Lei Municipal nº 1.802/1995.", [])
    assert _kinds(r) == ([], ["instrucao-de-tabela"])
    assert read_instruction("Os cargos constam do Anexo I desta Lei.", []) is None  # the act's own annex
    assert read_instruction("O art. 5º da Lei nº 100 passa a vigorar com a redação do Anexo II desta Lei.", []) is None
    assert read_instruction("A gratificação é a do Anexo VIII da Lei Complementar nº 1/94.", []) is None  # no verb


def test_suppressed_post_of_an_annex_never_revokes_the_whole_norm():
    act = ("LEI Nº 120, DE 5 DE MAIO DE 2021\n\nAltera a Lei Complementar nº 1/1994.\n\nArt. 1º Fica suprimido o "
           "Cargo de Vigia do Anexo I da Lei Complementar nº 1/1994.\n\nArt. 2º Esta Lei entra em vigor na data de "
           "sua publicação.\n\nVila Exemplo, 5 de maio de 2021.\n\nFULANO DE TAL\nPrefeito\n")
    rec = recognise(read_text(act.encode(), path="a.txt").norma)
    assert [o.kind for o in rec.operations] == []
    assert [p.code for p in rec.problems if p.blocking] == ["instrucao-de-tabela"]


# -- applying: the checks, and the text on earlier dates ------------------------------------------

def _op(kind: str, target: str = "anx1", **kw) -> Operation:
    return Operation(kind=kind, target_urn=None, target_label="Lei Complementar nº 1/1994", target_id=target,
                     source="instrução", line=1, where="art1", **kw)


def test_row_given_new_wording_by_label_with_its_headings_checked():
    heads = ("Cargo", "Carga Horária", "Direta", "Autárquica", "Total")
    new = apply(_law(), [_op("linha_redacao", row="Guarda", cells=("Guarda", "40 h", "300", "00", "300"),
                             headers=heads)], EV)
    row = new.annexes[0].tabelas[0].rows[3]
    assert row.texts == ["Guarda", "40 h", "300", "00", "300"] and row.history[-1].event.kind == "redacao"
    assert at(new, "2020-01-01").annexes[0].tabelas[0].rows[3].texts[2] == "150"
    with pytest.raises(AmendmentError, match="não tem linha “Vigia”"):
        apply(_law(), [_op("linha_redacao", row="Vigia", cells=("Vigia", "1", "2", "3", "4"), headers=heads)], EV)
    with pytest.raises(AmendmentError, match="não são as da tabela"):
        apply(_law(), [_op("linha_redacao", row="Guarda", cells=("Guarda", "1", "2", "3", "4"),
                           headers=("Cargo", "Vagas", "Direta", "Autárquica", "Total"))], EV)


def test_table_replaced_by_position_only_when_the_headings_match():
    t = _table(("SÍMBOLO", "VALOR"), ("FC-1", "120,00"))
    new = apply(_law(), [_op("tabela_redacao", "anx2_tab1", blocks=(t,), headers=("Símbolo", "Valor"),
                             rows=tuple(tuple(r.texts) for r in t.rows), header_rows=1)], EV)
    assert [r.texts for r in vigente(new).annexes[1].tabelas[0].rows] == [["SÍMBOLO", "VALOR"], ["FC-1", "120,00"]]
    with pytest.raises(AmendmentError, match="não são as da tabela"):
        apply(_law(), [_op("tabela_redacao", "anx2_tab1", blocks=(t,), headers=("Cargo", "Vagas"))], EV)


def test_annex_replaced_keeps_its_old_paragraphs_and_tables_for_earlier_dates():
    own = (Passage("Valores novos."), _table(("SÍMBOLO", "VALOR"), ("FC-1", "200,00")))
    new = apply(_law(), [_op("anexo_redacao", "anx2", blocks=own, text="GRATIFICAÇÕES")], EV)
    a = new.annexes[1]
    assert a.titulo == "GRATIFICAÇÕES"
    old = a.passages[0]
    assert old.text == "Os valores são mensais." and old.situacao is Situacao.REVOGADO
    assert [v.event.kind for v in old.history] == ["original", "revogacao"]
    later, earlier = at(new, "2021-06-01"), at(new, "2020-01-01")
    assert "Os valores são mensais." in render(earlier) and "Valores novos." not in render(earlier)
    shown = render(vigente(later))
    assert "Valores novos." in shown and "Os valores são mensais." not in shown and "| FC-1 | 200,00 |" in shown
    assert earlier.annexes[1].titulo is None and later.annexes[1].titulo == "GRATIFICAÇÕES"
    compiled = str(annex_html(later.annexes[1], "compilado"))
    # the annex's note says it once; the struck old text and the new one carry no note each
    assert "<del>" in compiled and compiled.count("Lei nº 120") == 1 and "Redação dada pela Lei nº 120" in compiled
    assert "<del>" not in str(annex_html(vigente(later).annexes[1], "vigente"))
    back = read_lexml(write_lexml(new)).norma  # the passages' histories go through LexML
    assert back.annexes[1].passages == a.passages
    assert validation_errors(write_lexml(new), "lexml-flexivel") == []


def test_annex_revoked_as_its_own_operation():
    new = apply(_law(), [_op("anexo_revogacao", "anx2")], EV)
    a = new.annexes[1]
    assert a.situacao is Situacao.REVOGADO and a.history[-1].event.kind == "revogacao"
    assert all(r.situacao is Situacao.REVOGADO for r in a.tabelas[0].rows)
    shown = render(vigente(new))
    assert "ANEXO II (Revogado)" in shown and "FC-1" not in shown
    assert "FC-1" in render(at(new, "2020-01-01")) and "(Revogado)" not in render(at(new, "2020-01-01"))
    with pytest.raises(AmendmentError, match="já estava revogado"):
        apply(new, [_op("anexo_revogacao", "anx2")], EV)


def test_a_sentence_that_only_mentions_an_annex_is_not_a_table_instruction():
    for text in ("A Credencial deverá ser emitida com os modelos do Anexo II da Resolução nº 303/2008, sendo "
                 "acrescidas de instrumentos de validação.",
                 "Criado o Programa, que evidenciará as metas conforme Anexo I da Lei nº 3.850/2018, excluídos os "
                 "programas anteriores."):
        assert read_instruction(text, []) is None, text


def test_a_word_table_keeps_its_merged_cells_and_its_two_heading_rows():
    import io

    from docx import Document

    from lexconsolida.readers.docx import read as read_docx

    doc = Document()
    for line in ("LEI Nº 100, DE 10 DE MARÇO DE 2020.", "Art. 1º Os cargos são os da tabela:"):
        doc.add_paragraph(line)
    t = doc.add_table(rows=4, cols=4)
    data = [["CARGO", "ADMINISTRAÇÃO", "", "TOTAL"], ["", "DIRETA", "INDIRETA", ""], ["Advogado", "28", "2", "30"],
            ["Guarda | Vigia", "150", "0", "150"]]
    for i, r in enumerate(data):
        for j, c in enumerate(r):
            if c:
                t.cell(i, j).paragraphs[0].add_run(c).bold = i < 2
    t.cell(0, 1).merge(t.cell(0, 2))
    t.cell(0, 0).merge(t.cell(1, 0))
    t.cell(0, 3).merge(t.cell(1, 3))
    for line in ("Art. 2º Esta Lei entra em vigor na data de sua publicação.", "Vila Exemplo, 10 de março de 2020."):
        doc.add_paragraph(line)

    def read_table():
        b = io.BytesIO()
        doc.save(b)
        (table,) = [tb for d in read_docx(b.getvalue(), path="x.docx").norma.dispositivos() for tb in d.tabelas]
        return table

    table = read_table()  # a '|' in a cell: written as a pipe table, the spans as empty cells
    assert table.rows[-1].texts[0] == "Guarda | Vigia"
    t.cell(3, 0).paragraphs[0].runs[0].text = "Guarda"
    table = read_table()
    assert [[(c.text, c.colspan, c.rowspan) for c in r.cells] for r in table.rows[:2]] == [
        [("CARGO", 1, 2), ("ADMINISTRAÇÃO", 2, 1), ("TOTAL", 1, 2)], [("DIRETA", 1, 1), ("INDIRETA", 1, 1)]]
    assert [r.header for r in table.rows] == [True, True, False, False]
    assert table.column_headers() == ["CARGO", "ADMINISTRAÇÃO DIRETA", "ADMINISTRAÇÃO INDIRETA", "TOTAL"]
    assert table.rows[2].texts == ["Advogado", "28", "2", "30"]


# -- consolidation: annexes carried and renumbered ----------------------------------------------

def _source(alias: str, text: str, label: str):
    from lexconsolida.consolidation.model import SourceAct

    return SourceAct(alias, None, label, "2020-01-01", read_text(text.encode(), path=f"{alias}.txt").norma)


def test_consolidation_carries_the_annexes_renumbered_and_their_mentions_follow():
    from lexconsolida.consolidation.engine import consolidate
    from lexconsolida.consolidation.rewrite import replay
    from lexconsolida.consolidation.spec import Spec

    first = _source("a", LEI, "Lei Complementar nº 1/1994")
    other = ("LEI Nº 7, DE 2 DE JANEIRO DE 2004\n\nArt. 1º As taxas são as do Anexo Único desta Lei:\n"
             "|TAXA|VALOR|\n|---|---|\n|Alvará|10,00|\n\nArt. 2º Esta Lei entra em vigor na data de sua "
             "publicação.\n\nVila Exemplo, 2 de janeiro de 2004.\n\nFULANO DE TAL\nPrefeito\n\nANEXO ÚNICO\n"
             "TAXAS DE LICENÇA\n|TAXA|VALOR|\n|---|---|\n|Licença|20,00|\n")
    second = _source("b", other, "Lei nº 7/2004")
    first.norma = apply(first.norma, [_op("anexo_revogacao", "anx2")], EV)  # revoked: left out
    second.norma = at(second.norma, "2021-01-01")
    c = consolidate(Spec("spec.toml", {"tipo": "Lei", "ementa": "Consolida."}, [], [], []), [first, second])
    assert [(a.id, a.rotulo, a.titulo) for a in c.norma.annexes] == [
        ("anx1", "Anexo I", None), ("anx2", "Anexo II", "TAXAS DE LICENÇA")]
    assert c.norma.annexes[1].tabelas[0].rows[1].texts == ["Licença", "20,00"]
    rows = {(r.alias, r.source_id): r for r in c.rows if r.source_id.startswith("anx")}
    assert (rows[("a", "anx1")].status, rows[("a", "anx1")].new_id) == ("incluido", "anx1")
    assert rows[("a", "anx2")].status == "descartado" and "Revogado pela Lei nº 120" in rows[("a", "anx2")].reason
    assert (rows[("b", "anx1")].new_id, rows[("b", "anx1")].reason) == ("anx2", "renumerado: Anexo Único → Anexo II")
    # the mention follows its annex, recorded as an edit the correspondence replays
    src = next(r for r in c.rows if r.alias == "b" and r.source_id == "art1_cpt")
    moved = c.norma.find(src.new_id)
    assert (src.source_text, moved.text) == ("As taxas são as do Anexo Único desta Lei:",
                                             "As taxas são as do Anexo II desta Lei:")
    assert replay(src.source_text, [e for e in c.edits if e.new_id == moved.id]) == moved.text
    # the first act's art. 2 names its revoked Anexo II: reported, not guessed
    assert [(b.text, b.reason) for b in c.findings["broken_citations"]] == [
        ("Anexo II", "o anexo citado não entrou na consolidação")]
    # a unit's table travels with it, numbered from its new id
    (t,) = [t for d in c.norma.dispositivos() for t in d.tabelas]
    assert t.id == f"{moved.id}_tab1" and t.rows[-1].id == f"{moved.id}_tab1_lin2"
    from lexconsolida.consolidation.outputs import render_all

    files = render_all(c)
    assert b'origem="anx1" situacao="incluido" novo="anx2"' in files["norma.xml"]
    assert "Anexo II – TAXAS DE LICENÇA" in files["correspondencia.html"].decode()


def test_a_post_changed_in_prose_is_a_question_not_silence():
    for text in ("Ficam reduzidas no Quadro de Fiscal de Tributos e Rendas do Quadro de Pessoal da Administração "
                 "Direta, passando das cinquenta (50) vagas atuais para treze (13) vagas.",
                 "Fica alterada no Quadro de Intérprete de Libras da Administração Direta e Indireta a carga horária "
                 "de 30 (trinta) horas para 20 (vinte) horas."):
        assert _kinds(read_instruction(text, [])) == ([], ["instrucao-de-tabela"]), text
    assert read_instruction("Ficam criados no Quadro de Pessoal os cargos de Biólogo e Geólogo.", []) is None


def test_rows_inserted_as_items_go_at_the_end_when_the_headings_match():
    new = _table(("Cargo", "Vagas", "Símbolo", "Valor"), ("Assessor", "21", "CV-03", "R$ 1.600,00"))
    r = read_instruction("Insira-se no Anexo III, da Lei Municipal nº 2.236, de 10 de maio de 2001, o seguinte item:",
                         [], tables=[new])
    assert _kinds(r) == ([("linha_inclusao", "anx3")], [])
    assert r.instructions[0].headers == ("Cargo", "Vagas", "Símbolo", "Valor")
    law = _law()
    law.annexes[1].id = "anx3"  # the target's annex III: SÍMBOLO | VALOR — two columns
    with pytest.raises(AmendmentError, match="4 células"):
        apply(law, [_op("linha_inclusao", "anx3", cells=r.instructions[0].cells, headers=r.instructions[0].headers)], EV)
    with pytest.raises(AmendmentError, match="não são as da tabela"):
        apply(_law(), [_op("linha_inclusao", "anx2", cells=("FC-3", "10,00"), headers=("Cargo", "Vagas"))], EV)
    done = apply(_law(), [_op("linha_inclusao", "anx2", cells=("FC-3", "10,00"), headers=("Símbolo", "Valor"))], EV)
    assert done.annexes[1].tabelas[0].rows[-1].texts == ["FC-3", "10,00"]


def test_markdown_carries_the_tables_and_the_annexes():
    from lexconsolida.writers.markdown import render as render_md

    md = render_md(_law())
    assert "## ANEXO I" in md and "| Guarda | 40 | 150 | 00 | 150 |" in md and "Os valores são mensais." in md
    revoked = render_md(vigente(apply(_law(), [_op("anexo_revogacao", "anx2")], EV)))
    assert "## ANEXO II (Revogado)" in revoked and "FC-1" not in revoked
