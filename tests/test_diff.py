"""Diff core: tokens, notes, word diff, alignment (renumbering, moves, splits, merges) and the
property that the JSON operations rebuild the new text from the old one."""

from __future__ import annotations

import doctest
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from lexconsolida.diff import apply_ops, compare, json_report, tokens, units, write
from lexconsolida.diff.tokens import DELETE, EQUAL, INSERT, new_text, old_text, tokenize, word_diff
from lexconsolida.diff.units import flatten, join_notes, split_notes, texts
from lexconsolida.errors import InputError
from tests.test_diff_support import (
    ali, art, generated_law, inc, norma, par, random_article, renumber, sentence,
)


@pytest.mark.parametrize("module", [tokens, units])
def test_doctests(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_money_and_numbers_are_one_token():
    toks = tokenize("multa de R$ 1.500,00 e 1.200 UFIR's no art. 5º-A")
    assert "R$ 1.500,00" in toks and "1.200" in toks and "5º" in toks
    assert "".join(toks) == "multa de R$ 1.500,00 e 1.200 UFIR's no art. 5º-A"


@pytest.mark.parametrize("engine", ["fast", "python"])
def test_word_diff_changes_only_the_changed_words(engine):
    ops = word_diff("O prazo é de 30 (trinta) dias, contados da notificação.",
                    "O prazo é de 15 (quinze) dias úteis, contados da notificação.", engine)
    changed = [(o.kind, o.text) for o in ops if o.kind != EQUAL]
    assert changed == [(DELETE, "30"), (INSERT, "15"), (DELETE, "trinta"), (INSERT, "quinze"),
                       (INSERT, " úteis")]


def test_both_engines_agree_on_a_realistic_change():
    a = "a) multa de 600 UFIR`S (seiscentas unidades fiscais de referência), por infração;"
    b = "a) multa de R$ 1.500,00 (mil e quinhentos reais), por infração e apreensão do veículo;"
    assert word_diff(a, b, "fast") == word_diff(a, b, "python")


def test_little_left_gives_a_whole_replacement():
    ops = word_diff("Compete ao Prefeito regulamentar esta Lei.",
                    "Fica criado o Conselho Municipal de Transporte, de caráter consultivo.")
    assert [o.kind for o in ops] == [DELETE, INSERT]


def test_unknown_engine_is_a_named_error():
    from lexconsolida.errors import UsageError

    with pytest.raises(UsageError, match="motor de diff desconhecido"):
        word_diff("a b", "a c", "perl")


@pytest.mark.parametrize("text", [
    "Texto. (Redação dada pela Lei nº 2.331, de 21 de maio de 2002)",
    "(Revogado).",
    "texto (Incluído pela Emenda Constitucional nº 45, de 2004) e mais (NR)",
    "sem nota nenhuma (nem esta, que é parêntese comum)",
])
def test_notes_split_and_join_back(text):
    body, notes = split_notes(text)
    assert join_notes(body, notes) == text
    assert "Redação" not in body and "Incluído" not in body and "(NR)" not in body


def test_editorial_notes_do_not_count_as_changes():
    old = norma(art(1, "O Município fiscalizará o transporte de passageiros."))
    new = norma(art(1, "O Município fiscalizará o transporte de passageiros. "
                       "(Redação dada pela Lei nº 2.331, de 2002)"))
    report = compare(old, new)
    assert report.counts()["unchanged"] == 1
    pair = report.pairs[0]
    assert pair.notes_changed and pair.is_change
    assert pair.new[0].notes[0].text.strip() == "(Redação dada pela Lei nº 2.331, de 2002)"



def test_a_revoked_unit_that_keeps_its_last_wording_reads_revoked():
    """The tree keeps a revoked unit's last wording (for the history); the comparison shows it
    as the text in force prints it, '(Revogado)' without its parts, never as unchanged."""
    from lexconsolida.model import Situacao

    def law():
        return norma(art(1, "O Município fiscalizará o transporte de passageiros."),
                     art(2, "A taxa de vistoria será cobrada anualmente.",
                         par(None, "O valor será fixado por decreto do Executivo.")))

    new = law()
    new.find("art2").situacao = Situacao.REVOGADO
    new.find("art2_par1u").situacao = Situacao.REVOGADO
    report = compare(law(), new)
    assert statuses(report) == [
        ("unchanged", ["art1"], ["art1"]),
        ("changed", ["art2"], ["art2"]),
        ("removed", ["art2_par1u"], []),
    ]
    assert report.by_id("art2").new[0].text == "(Revogado)"
    # a revoked unit whose text already says so keeps it, notes included
    new.find("art2_cpt").text = "(Revogado pela Lei nº 2.331, de 2002)"
    assert compare(law(), new).by_id("art2").new[0].text == "(Revogado pela Lei nº 2.331, de 2002)"
    assert texts(new)["art2"] == "(Revogado pela Lei nº 2.331, de 2002)"

# -- alignment ---------------------------------------------------------------------------

def statuses(report):
    return [(p.status, [u.id for u in p.old], [u.id for u in p.new]) for p in report.pairs]


def test_three_hundred_articles_one_inserted_is_one_addition_and_renumberings():
    specs = generated_law(300, seed=7)
    inserted = random_article(random.Random(99), 0)
    old = norma(*specs)
    new = norma(*renumber(specs[:150] + [inserted] + specs[150:]))
    report = compare(old, new)
    counts = report.counts()
    added = [p for p in report.pairs if p.status == "added"]
    assert {p.new[0].id.split("_")[0] for p in added} == {"art151"}
    assert len(added) == len(flatten(norma(renumber([inserted])[0])))
    assert counts["changed"] == counts["removed"] == counts["split"] == counts["merged"] == 0
    moved = [p for p in report.pairs if p.status == "moved"]
    assert {p.old[0].id.split("_")[0] for p in moved} == {f"art{i}" for i in range(151, 301)}
    assert all(not p.text_changed for p in moved)
    # the inserted article sits between old 150 and old 151 (now 152)
    order = [p.anchor for p in report.pairs if "_" not in p.anchor]
    assert order[149:152] == ["art150", "art151", "art152"]
    assert report.by_id("art152").old[0].id == "art151"


def test_unico_becomes_paragraph_one():
    old = norma(art(1, "Caput do artigo primeiro da lei municipal.",
                    par(None, "Parágrafo que era único desta lei municipal.")))
    new = norma(art(1, "Caput do artigo primeiro da lei municipal.",
                    par(1, "Parágrafo que era único desta lei municipal."),
                    par(2, "Novo parágrafo segundo acrescido pela lei nova.")))
    assert statuses(compare(old, new)) == [
        ("unchanged", ["art1"], ["art1"]),
        ("moved", ["art1_par1u"], ["art1_par1"]),
        ("added", [], ["art1_par2"]),
    ]


def test_moved_and_changed_article_found_by_similarity():
    a1 = "O serviço de transporte individual depende de autorização prévia do Município."
    a2 = "A autorização será concedida pelo órgão municipal competente, na forma do regulamento."
    a3 = "Esta Lei entra em vigor na data de sua publicação."
    old = norma(art(1, a1), art(2, a2), art(3, a3))
    new = norma(art(1, a2.replace("será concedida", "será outorgada")), art(2, a1), art(3, a3))
    st = statuses(compare(old, new))
    assert ("moved", ["art2"], ["art1"]) in st and ("moved", ["art1"], ["art2"]) in st
    assert ("unchanged", ["art3"], ["art3"]) in st


def test_renumbered_references_still_pair_by_masked_text():
    old = norma(art(1, "Aplica-se o disposto no art. 7º, inciso II, desta Lei aos taxistas."),
                art(2, "Texto do segundo artigo da lei, sem remissões internas."))
    new = norma(art(1, "Texto novo do primeiro artigo, totalmente inédito na lei."),
                art(2, "Aplica-se o disposto no art. 8º, inciso III, desta Lei aos taxistas."),
                art(3, "Texto do segundo artigo da lei, sem remissões internas."))
    st = statuses(compare(old, new))
    assert ("moved", ["art1"], ["art2"]) in st
    assert ("moved", ["art2"], ["art3"]) in st
    assert ("added", [], ["art1"]) in st


def test_split_and_merge():
    whole = ("O condutor deverá portar a autorização municipal vigente em local visível "
             "do veículo durante todo o serviço e apresentar o certificado de vistoria anual "
             "sempre que exigido pela fiscalização municipal de transportes.")
    first, second = whole.split(" e apresentar ")
    old = norma(art(1, whole), art(2, "Esta Lei entra em vigor na data de sua publicação."))
    new = norma(art(1, first + "."), art(2, "O condutor deverá apresentar " + second),
                art(3, "Esta Lei entra em vigor na data de sua publicação."))
    report = compare(old, new)
    assert ("split", ["art1"], ["art1", "art2"]) in statuses(report)
    back = compare(new, old)
    assert ("merged", ["art1", "art2"], ["art1"]) in statuses(back)
    for r, a, b in ((report, old, new), (back, new, old)):
        assert apply_ops(a, write(r, "json")) == texts(b)


def test_correspondence_table_wins_over_text():
    old = norma(art(1, "Texto que o consolidador decidiu reescrever por inteiro."),
                art(2, "Outro artigo qualquer da lei de origem consolidada."))
    new = norma(art(1, "Outro artigo qualquer da lei de origem consolidada."),
                art(2, "Redação inteiramente nova dada na consolidação."))
    report = compare(old, new, table={"art1": "art2"})
    st = statuses(report)
    assert ("moved", ["art1"], ["art2"]) in st and ("moved", ["art2"], ["art1"]) in st


def test_every_unit_is_in_exactly_one_pair():
    old = norma(*generated_law(40, seed=3))
    specs = generated_law(40, seed=3)
    new = norma(*renumber(specs[5:20] + specs[:5] + generated_law(3, seed=11) + specs[25:]))
    report = compare(old, new)
    olds = [u.id for p in report.pairs for u in p.old]
    news = [u.id for p in report.pairs for u in p.new]
    assert sorted(olds) == sorted(u.id for u in flatten(old))
    assert sorted(news) == sorted(u.id for u in flatten(new))


# -- property: the JSON operations are complete ----------------------------------------------

def edit_law(specs: list, rng: random.Random) -> list:
    """Random edits: reword, insert, delete and move articles, reword their children."""
    out = [list(s) for s in specs]
    for _ in range(rng.randint(1, 6)):
        action = rng.choice(["reword", "insert", "delete", "move", "child", "note"])
        i = rng.randrange(len(out)) if out else 0
        if action == "reword" and out:
            words = out[i][2].split()
            j = rng.randrange(len(words))
            words[j] = rng.choice(["Município", "R$ 2.500,00", "trinta", "§", "(quinze)"])
            out[i][2] = " ".join(words)
        elif action == "insert":
            out.insert(i, list(random_article(rng, 0)))
        elif action == "delete" and len(out) > 1:
            out.pop(i)
        elif action == "move" and len(out) > 1:
            out.insert(rng.randrange(len(out)), out.pop(i))
        elif action == "child" and out and out[i][3]:
            kids = list(out[i][3])
            k = rng.randrange(len(kids))
            kind, num, text, sub = kids[k]
            kids[k] = (kind, num, sentence(rng) if rng.random() < 0.5 else text + " e demais casos", sub)
            out[i][3] = tuple(kids)
        elif action == "note" and out:
            out[i][2] += " (Redação dada pela Lei nº 9.999, de 2024)"
    return renumber([tuple(s) for s in out])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), size=st.integers(1, 25), engine=st.sampled_from(["fast", "python"]))
def test_json_ops_rebuild_the_new_text(seed, size, engine):
    rng = random.Random(seed)
    specs = generated_law(size, seed=seed)
    old, new = norma(*specs), norma(*edit_law(specs, rng))
    report = compare(old, new, engine=engine)
    rebuilt = apply_ops(old, json_report.write(report))
    assert rebuilt == texts(new)
    for p in report.pairs:
        assert old_text(p.ops) == "\u2029".join(u.body for u in p.old)
        assert new_text(p.ops) == "\u2029".join(u.body for u in p.new)


def test_apply_ops_refuses_ops_for_another_text():
    old = norma(art(1, "Texto original do artigo primeiro da lei."))
    new = norma(art(1, "Texto alterado do artigo primeiro da lei."))
    data = json_report.write(compare(old, new))
    other = {"art1": "Um texto que não é o anterior."}
    with pytest.raises(InputError, match="não correspondem ao texto anterior"):
        apply_ops(other, data)
    with pytest.raises(InputError, match="ausente"):
        apply_ops({}, data)
    with pytest.raises(InputError, match="não é um relatório"):
        apply_ops(old, b'{"pairs": []}')


def test_hierarchy_children_follow_a_moved_article():
    kids = (inc(1, "a soberania;"), inc(2, "a cidadania;", ali(1, "alínea curta;")))
    old = norma(art(1, "Primeiro artigo com incisos de texto muito curto:", *kids),
                art(2, "Segundo artigo também com incisos de texto muito curto:", *kids))
    new = norma(art(1, "Artigo inserido antes de todos os outros nesta versão."),
                art(2, "Primeiro artigo com incisos de texto muito curto:", *kids),
                art(3, "Segundo artigo também com incisos de texto muito curto:", *kids))
    st = statuses(compare(old, new))
    assert ("moved", ["art1_cpt_inc2_ali1"], ["art2_cpt_inc2_ali1"]) in st
    assert ("moved", ["art2_cpt_inc1"], ["art3_cpt_inc1"]) in st
    assert ("added", [], ["art1"]) in st


# -- correspondence tables ---------------------------------------------------------------------

def test_table_formats():
    from lexconsolida.diff.table import parse_table

    assert parse_table('{"art1": "art3", "art2_par1u": "art4_par1"}') == {
        "art1": "art3", "art2_par1u": "art4_par1"}
    assert parse_table("antigo,novo\nart1,art2\nart2,art3\n") == {"art1": "art2", "art2": "art3"}
    assert parse_table("art1,art2\n") == {"art1": "art2"}
    consolidation = ("fonte,norma_de_origem,dispositivo_origem_id,dispositivo_origem,situacao,"
                     "dispositivo_novo_id,dispositivo_novo,motivo\n"
                     "L1,Lei 1,art1,\"Lei 1, art. 1º\",incluido,art5,Art. 5º,\n"
                     "L1,Lei 1,art2,\"Lei 1, art. 2º\",descartado,,,revogado\n")
    assert parse_table(consolidation) == {"art1": "art5"}


@pytest.mark.parametrize("data, message", [
    ("art1,art2\nart3,não é id\n", "id LexML inválido"),
    ('{"art1": 3}', "mapear ids a ids"),
    ("{", "JSON inválida"),
])
def test_table_errors_name_the_line(data, message):
    from lexconsolida.diff.table import parse_table

    with pytest.raises(InputError, match=message) as err:
        parse_table(data, path="tabela.csv")
    assert "tabela.csv" in str(err.value)
