"""A person's own reading (``review/own.py``): rows made into the project's operations, applied in
order, and the result checked as any text is (the checks of ``lexconsolida check`` that the change
makes fail, a caput announcing a list left without one)."""

from __future__ import annotations

import pytest

from lexconsolida.model import Event
from lexconsolida.readers.text import read
from lexconsolida.review.own import ChoiceError, Row, written

EVENT = Event("redacao", "urn:x", "Lei nº 9", "2021-01-01")


@pytest.fixture(scope="module")
def base():
    return read("LEI Nº 1, DE 2 DE JANEIRO DE 2001\n\nDispõe sobre feiras.\n\nArt. 1º Feiras aos domingos.\n"
                "Art. 2º São deveres do feirante:\nI - manter a banca limpa;\nII - respeitar o horário.\n"
                "Parágrafo único. O fiscal confere.\n".encode(), path="b.txt").norma


def _ops(w):
    return [(o.kind.value, o.target_id, o.new_id, o.text) for o in w.operations]


def _write(base, *rows):
    return written(list(rows), base, (base.urn, base.label), EVENT, "Decisão registrada (x): y")


def test_a_whole_article_with_its_incisos_and_a_paragraph(base):
    w = _write(base, Row("redacao", "art1", texto="Art. 1º As feiras funcionam:\nI - aos domingos;\nII - aos sábados.\n"
                                                "§ 1º A prefeitura fiscaliza."))
    assert _ops(w) == [("redacao", "art1", None, "As feiras funcionam:"),
                       ("inclusao", "art1_cpt_inc1", None, "aos domingos;"),
                       ("inclusao", "art1_cpt_inc2", None, "aos sábados."),
                       ("inclusao", "art1_par1", None, "A prefeitura fiscaliza.")]
    assert w.after.find("art1_cpt_inc2") is not None
    # a single § numbered 1º: a warning of the checks (LC 95/1998 asks 'Parágrafo único'), not an error
    assert any("Parágrafo único" in x for x in w.warnings)


def test_units_not_brought_are_kept_or_revoked_as_chosen(base):
    kept = _write(base, Row("redacao", "art2", texto="Art. 2º São deveres:\nI - limpar a banca;"))
    assert kept.left_behind == ["art2_cpt_inc2", "art2_par1u"]
    assert [o.kind.value for o in kept.operations] == ["redacao", "redacao"]
    dropped = _write(base, Row("redacao", "art2", texto="Art. 2º São deveres:\nI - limpar a banca;",
                               subunidades="revogar"))
    assert _ops(dropped)[-2:] == [("revogacao", "art2_cpt_inc2", None, None), ("revogacao", "art2_par1u", None, None)]


def test_a_renumbering_and_what_depends_on_it(base):
    w = _write(base, Row("renumeracao", "art2_par1u", novo_rotulo="§ 1º"),
               Row("inclusao", "art2", "§ 2º", "O feirante paga taxa."))
    assert _ops(w) == [("renumeracao", "art2_par1u", "art2_par1", None), ("inclusao", "art2_par2", None, "O feirante paga taxa.")]
    assert w.after.find("art2_par1").rotulo == "§ 1º"


@pytest.mark.parametrize("rows, says", [
    ([Row("redacao", "art1", texto="Art. 1º As feiras funcionam:")], "termina com “:” e não traz a lista"),
    ([Row("redacao", "art2", texto="Art. 2º Deveres:\nI - um;\nI - outro.")], "duas vezes"),
    ([Row("redacao", "art9", texto="x")], "escolha um dispositivo que existe"),
    ([Row("inclusao", "art2", texto="sem rótulo")], "informe o rótulo"),
    ([Row("inclusao", "art2", "§ 1º", "Outro.")], "renumere-o antes"),
    ([Row("renumeracao", "art2_par1u", novo_rotulo="III")], "do mesmo tipo"),
    ([Row("redacao", "art1", texto="Art. 1º Feiras:\n1. uma.")], "não cabe"),
    ([], "escreva ao menos uma operação"),
])
def test_what_cannot_be_recorded_says_why(base, rows, says):
    with pytest.raises(ChoiceError, match=says):
        _write(base, *rows)
