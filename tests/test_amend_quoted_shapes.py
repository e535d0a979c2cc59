"""Quoted blocks as they really come (issue 23, class 2: how quoted text is read): a label
printed twice, a heading inside the quotes, two units on one line, 'VETADO', '(...)', an
annex quoted as articles, an instruction printed inside the quotes. Every text is written for
the test, in the shapes found in the acervo (see the commit that added them)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings, strategies as st

from lexconsolida.amendments import recognise
from lexconsolida.model import Agrupador, Event, Kind
from lexconsolida.model.numbering import int_to_letter, int_to_roman
from lexconsolida.readers.text import read
from lexconsolida.transforms.amend import apply

BASE_URN = "urn:base"
HEAD = "LEI Nº 20/2015\n\nAltera a Lei nº 10/2010.\n\n"
TAIL = "\n\nArt. 9º Esta Lei entra em vigor na data de sua publicação.\n\nGabinete do Prefeito, 3 de março de 2015.\n"


def _act(body: str):
    return read((HEAD + body + TAIL).encode(), path="ato.txt").norma


def _rec(body: str):
    return recognise(_act(body), lambda ref: BASE_URN)


def _ops(rec) -> list[tuple[str, str | None, str | None]]:
    return [(o.kind, o.target_id, o.text) for o in rec.operations]


def _codes(rec) -> list[tuple[str, bool]]:
    return [(p.code, p.blocking) for p in rec.problems]


def _base(body: str):
    return read(("LEI Nº 10/2010\n\nDispõe.\n\n" + body + "\n\nGabinete do Prefeito, 2 de fevereiro de 2010.\n")
                .encode()).norma


def _alt(norma):
    return next(a for d in norma.dispositivos() for a in d.alteracoes)


# --- a label printed twice -------------------------------------------------------------------

@pytest.mark.parametrize("instruction, quoted, target, wording", [
    ('Dê-se à alínea "c" do art. 2º da Lei nº 10/2010 a seguinte redação:', '"c - que esteve em funcionamento."',
     "art2_cpt_ali3", "que esteve em funcionamento."),
    ("O § 2º do art. 2º da Lei nº 10/2010 passa a ter a seguinte redação:", '"2º Nos pregões, a titularidade é da '
     'pregoeira."', "art2_par2", "Nos pregões, a titularidade é da pregoeira."),
    ("O inciso IV do art. 2º da Lei nº 10/2010 passa a ter a seguinte redação:", '"IV. fiscalizar as feiras."',
     "art2_cpt_inc4", "fiscalizar as feiras."),
])
def test_the_units_own_label_printed_in_another_form_is_not_wording(instruction, quoted, target, wording):
    rec = _rec(f"Art. 1º {instruction}\n\n{quoted}")
    assert _ops(rec) == [("redacao", target, wording)]
    assert not rec.problems


def test_wording_that_starts_with_a_number_keeps_it():
    rec = _rec('Art. 1º O § 2º do art. 2º da Lei nº 10/2010 passa a ter a seguinte redação:\n\n'
               '"2 (dois) representantes da sociedade civil."')
    assert _ops(rec) == [("redacao", "art2_par2", "2 (dois) representantes da sociedade civil.")]


def test_another_units_label_at_the_start_is_a_doubt():
    rec = _rec('Art. 1º Dê-se à alínea "c" do art. 2º da Lei nº 10/2010 a seguinte redação:\n\n'
               '"d - que esteve em funcionamento."')
    assert _ops(rec) == []
    assert _codes(rec) == [("alvo-ambiguo", True)]  # (not also 'alvo-sem-texto': one doubt, said once)


# --- headings inside the quotes --------------------------------------------------------------

def test_a_heading_without_label_is_never_text_of_the_unit_before_it_and_goes_to_a_person():
    body = ('Art. 1º Dê-se à Lei nº 10/2010 a seguinte redação:\n\n'
            '"DA CRIAÇÃO DO CONSELHO"\n\n'
            '"Art. 1º Fica criado o Conselho Municipal.\n\n'
            'DA COMPETÊNCIA DO CONSELHO"\n\n'
            '"Art. 2º Compete ao Conselho:\n\nI - elaborar seu regimento."')
    norma = _act(body)
    alt = _alt(norma)
    nodes = [(type(n).__name__, n.id, n.nome if isinstance(n, Agrupador) else n.text) for c in alt.children
             for n in c.walk()]
    assert nodes == [
        ("Agrupador", "agr1", "DA CRIAÇÃO DO CONSELHO"),
        ("Dispositivo", "art1", ""), ("Dispositivo", "art1_cpt", "Fica criado o Conselho Municipal."),
        ("Agrupador", "agr2", "DA COMPETÊNCIA DO CONSELHO"),
        ("Dispositivo", "art2", ""), ("Dispositivo", "art2_cpt", "Compete ao Conselho:"),
        ("Dispositivo", "art2_cpt_inc1", "elaborar seu regimento."),
    ]
    rec = recognise(norma, lambda ref: BASE_URN)
    assert ("redacao", "art1", "Fica criado o Conselho Municipal.") in _ops(rec)
    assert ("agrupador-citado", True) in _codes(rec)
    assert "DA CRIAÇÃO DO CONSELHO" in next(p.message for p in rec.problems if p.code == "agrupador-citado")


def test_a_labelled_heading_is_an_operation_and_not_text_of_the_unit_before_it():
    rec = _rec('Art. 1º O art. 35 e o art. 36 da Lei nº 10/2010 passam a vigorar com a seguinte redação:\n\n'
               '"Art. 35 O cálculo observará a média.\n\nSUBSEÇÃO I\nDAS REGRAS DE CÁLCULO\n\n'
               'Art. 36 Os proventos serão revistos."')
    ops = _ops(rec)
    assert ("redacao", "art35", "O cálculo observará a média.") in ops
    assert ("redacao", "sub1", "DAS REGRAS DE CÁLCULO") in ops
    assert not [p for p in rec.problems if p.blocking]


def test_an_upper_case_line_that_is_not_before_an_article_stays_text():
    norma = _act('Art. 1º O art. 5º da Lei nº 10/2010 passa a vigorar com a seguinte redação:\n\n'
                 '"Art. 5º Fica denominada a praça:\n\nI - DA BANDEIRA DO MUNICÍPIO\n\nDO JARDIM NOVO;\n\n'
                 'II - da matriz."')
    assert not [n for c in _alt(norma).children for n in c.walk() if isinstance(n, Agrupador)]


# --- two units on one line -------------------------------------------------------------------

@pytest.mark.parametrize("line, expected", [
    ("a) fica assegurada a testada de 10 m; b) fique assegurada a área de 200 m².",
     [("art22_cpt_ali1", "fica assegurada a testada de 10 m;"), ("art22_cpt_ali2", "fique assegurada a área de 200 m².")]),
    ("XII - um representante das entidades (sindicatos, etc.) XIII - um representante dos trabalhadores;",
     [("art22_cpt_inc12", "um representante das entidades (sindicatos, etc.)"),
      ("art22_cpt_inc13", "um representante dos trabalhadores;")]),
    ("I - sentença de ausência; e II - desaparecimento em acidente.",
     [("art22_cpt_inc1", "sentença de ausência; e"), ("art22_cpt_inc2", "desaparecimento em acidente.")]),
])
def test_the_next_units_label_on_the_same_line_opens_it(line, expected):
    norma = _act('Art. 1º O art. 22 da Lei nº 10/2010 passa a vigorar com a seguinte redação:\n\n'
                 f'"Art. 22 Serão observadas as exigências:\n\n{line}"')
    units = [(d.id, d.text) for c in _alt(norma).children for d in c.walk() if d.kind in (Kind.ALINEA, Kind.INCISO)]
    assert units == expected


def test_a_caput_and_its_first_inciso_on_one_line():
    norma = _act('Art. 1º O art. 49 da Lei nº 10/2010 passa a vigorar com a seguinte redação:\n\n'
                 '"Art. 49. Será concedida pensão nos seguintes casos: I - sentença declaratória; e\n\n'
                 'II - desaparecimento em acidente."')
    units = [(d.id, d.text) for c in _alt(norma).children for d in c.walk()]
    assert units == [("art49", ""), ("art49_cpt", "Será concedida pensão nos seguintes casos:"),
                     ("art49_cpt_inc1", "sentença declaratória; e"), ("art49_cpt_inc2", "desaparecimento em acidente.")]


@pytest.mark.parametrize("line", [
    "a) nos termos do art. 3º; c) da Lei nº 5;",  # c) is not the next alínea
    "III - conforme o inciso IV - da mesma Lei;",  # IV is not the next inciso
    "a) a área de 200 m2 b) e mais nada",  # no punctuation before the label
])
def test_a_label_that_is_not_the_next_one_stays_text(line):
    norma = _act('Art. 1º O art. 22 da Lei nº 10/2010 passa a vigorar com a seguinte redação:\n\n'
                 f'"Art. 22 Serão observadas as exigências:\n\n{line}"')
    units = [d for c in _alt(norma).children for d in c.walk() if d.kind in (Kind.ALINEA, Kind.INCISO)]
    assert len(units) == 1 and units[0].text == re.sub(r"^(?:[a-z]\)|[IVX]+ -)\s*", "", line)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text("abcdefghijklmnopqrstuvwxyzçãé ", min_size=3, max_size=30).map(str.strip)
                .filter(lambda s: len(s) >= 3 and s[0].isalpha()), min_size=2, max_size=6),
       st.sampled_from(["alinea", "inciso"]))
def test_a_list_printed_on_one_line_reads_as_the_same_list_printed_one_per_line(texts, kind):
    label = (lambda i: f"{int_to_letter(i)})") if kind == "alinea" else (lambda i: f"{int_to_roman(i)} -")
    items = [f"{label(i)} {t};" for i, t in enumerate(texts, 1)]
    head = 'Art. 1º O art. 22 da Lei nº 10/2010 passa a vigorar com a seguinte redação:\n\n"Art. 22 Exige-se:\n\n'

    def read_units(block: str):
        alt = _alt(_act(head + block + '"'))
        return [(d.id, d.text) for c in alt.children for d in c.walk() if d.kind.value == kind]

    assert read_units(" ".join(items)) == read_units("\n".join(items))


# --- VETADO, '(...)' ---------------------------------------------------------------------------

def test_a_vetoed_new_wording_never_takes_effect():
    base = _base("Art. 64 Os pedidos serão renovados.\n\n§ 1º O não exercício do direito é desinteresse.\n\n"
                 "§ 2º A renovação será instruída.")
    rec = _rec('Art. 1º O artigo 64 e o parágrafo 1º da Lei nº 10/2010 passam a vigorar com a seguinte redação:\n\n'
               '"Art. 64 - Os pedidos serão renovados até 30 de agosto.\n\n§ 1º VETADO."')
    assert _ops(rec) == [("redacao", "art64", "Os pedidos serão renovados até 30 de agosto.")]
    assert _codes(rec) == [("dispositivo-vetado", False)]
    out = apply(base, rec.operations, Event("redacao", "urn:20", "Lei nº 20/2015", "2015-03-03"))
    assert out.find("art64_par1").text == "O não exercício do direito é desinteresse."
    assert out.find("art64_par2").text == "A renovação será instruída."


def test_a_vetoed_inciso_in_a_list_keeps_the_wording_in_force_and_revokes_nothing():
    rec = _rec('Art. 1º O art. 3º da Lei nº 10/2010 passa a vigorar com a seguinte redação:\n\n'
               '"Art. 3º Compete ao Conselho:\n\nI - propor;\n\nII - (Vetado);\n\nIII - fiscalizar."')
    assert [o.target_id for o in rec.operations] == ["art3", "art3_cpt_inc1", "art3_cpt_inc3"]
    assert all(not o.complete for o in rec.operations)  # the list is not whole: nothing revoked by absence
    assert _codes(rec) == [("dispositivo-vetado", False)]


def test_an_elision_in_brackets_is_a_line_of_dots():
    rec = _rec('Art. 1º O caput do art. 2º e os incisos II e IX da Lei nº 10/2010 passam a viger com a seguinte '
               'redação:\n\n"Art. 2º A Secretaria tem por finalidade coordenar:\n\n(...)\n\nII - executar as '
               'políticas;\n\n(...)\n\nIX - elaborar o Plano;\n\n(...)"')
    assert _ops(rec) == [("redacao", "art2", "A Secretaria tem por finalidade coordenar:"),
                         ("redacao", "art2_cpt_inc2", "executar as políticas;"),
                         ("redacao", "art2_cpt_inc9", "elaborar o Plano;")]


# --- what is not wording at all ----------------------------------------------------------------

def test_an_annex_quoted_with_its_own_articles_is_never_the_norms_article():
    rec = _rec('Art. 1º Fica alterado o "ANEXO VII", da Lei nº 10/2010, com a seguinte redação:\n\n'
               '"ANEXO VII\nFUNÇÕES GRATIFICADAS"\n\n"Art. 1º As funções gratificadas são as seguintes:\n\n'
               'I - FG-01 - para o diretor."')
    assert _ops(rec) == []
    assert _codes(rec) == [("alvo-sem-dispositivo", True)]


def test_an_instruction_printed_inside_the_quotes_is_not_wording():
    rec = _rec('Art. 1º Dê-se aos artigos seguintes da Lei nº 10/2010 a seguinte redação:\n\n"Art. 12 ...\n\n'
               'VI - coordenar os planos;\n\nAcrescente-se: XIX - promover campanhas;\n\nXX - acompanhar os conselheiros;"')
    assert [o.target_id for o in rec.operations] == ["art12_cpt_inc20"]  # inciso VI is not read
    assert _codes(rec) == [("instrucao-entre-aspas", True)]


@pytest.mark.parametrize("quoted, revoked", [
    ("Art. 8º Parágrafo Único - suprime-se.", "art8_par1u"),
    ("Art. 8º § 2º - suprima-se.", "art8_par2"),
    ("Art. 8º inciso III - suprime-se.", "art8_cpt_inc3"),
])
def test_an_article_quoted_as_the_suppression_of_one_of_its_units_revokes_that_unit(quoted, revoked):
    rec = _rec('Art. 1º Dê-se aos artigos seguintes da Lei nº 10/2010 a seguinte redação:\n\n'
               f'"Art. 7º A licença custa vinte reais."\n\n"{quoted}"')
    assert sorted(_ops(rec)) == [("redacao", "art7", "A licença custa vinte reais."), ("revogacao", revoked, None)]
    assert not rec.problems


def test_shapes_doctests():
    import doctest

    from lexconsolida.amendments import shapes

    result = doctest.testmod(shapes)
    assert result.attempted > 0 and result.failed == 0
