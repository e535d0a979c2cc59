"""Amending acts as real drafters write them: one regression test per class of issue 10.

Every text here is written for the test (fictional municipality of Vila Nova), not copied.
"""

from __future__ import annotations

import pytest

from lexconsolida.amendments import recognise
from lexconsolida.amendments.targets import amendment_targets, same_work
from lexconsolida.amendments.vocabulary import FORMULAS
from lexconsolida.citations import find, find_acts
from lexconsolida.corpus import load
from lexconsolida.errors import InputError
from lexconsolida.model import Event, Norma
from lexconsolida.readers.text import read
from lexconsolida.transforms.amend import apply, failures, ops_for
from lexconsolida.transforms.pointintime import at
from lexconsolida.writers.text import render

HEAD = "LEI Nº 900, DE 3 DE MAIO DE 2021\n\nAltera a Lei nº 100/2001.\n\nO PREFEITO MUNICIPAL DE VILA NOVA-MT faz saber:\n\n"
FECHO = "\nPrefeitura Municipal de Vila Nova-MT, 3 de maio de 2021.\n\nFULANO DE TAL\nPrefeito\n"
BASE = ("LEI Nº 100, DE 2 DE JANEIRO DE 2001\n\nDispõe sobre feiras.\n\n"
        "Art. 1º As feiras livres funcionam aos domingos.\n"
        "Art. 2º A licença custa dez reais.\n"
        "Parágrafo único. A licença vale um ano.\n"
        "Art. 3º São deveres do feirante:\n"
        "I - manter a banca limpa;\n"
        "II - respeitar o horário.\n"
        "Art. 4º Esta Lei entra em vigor na data de sua publicação.\n" + FECHO)


def act(body: str, head: str = HEAD) -> Norma:
    return read((head + body + FECHO).encode(), path="ato.txt").norma


def base() -> Norma:
    return read(BASE.encode(), path="base.txt").norma


def ops_of(body: str, **kw):
    rec = recognise(act(body), **kw)
    return rec, [(o.kind, o.target_id, o.text) for o in rec.operations]


# --- item 1: no silent loss ------------------------------------------------------------------

@pytest.mark.parametrize("formula", FORMULAS, ids=lambda f: f.name[:40])
def test_every_formula_example_is_recognised_as_its_kind(formula):
    from lexconsolida.amendments import phrases

    kind = phrases.classify(formula.example)
    # a copy of another unit's wording is what an inclusion brings instead of quoted text
    expected = {"generica": "redacao", "copia": "inclusao"}.get(formula.kind, formula.kind)
    assert kind == expected, (formula.name, formula.example)


def test_new_caput_quoting_new_incisos_is_new_wording_plus_inclusions():
    rec, ops = ops_of("Art. 1º O art. 3º da Lei nº 100/2001 passa a vigorar com a seguinte redação:\n"
                      "\"Art. 3º São deveres do feirante, entre outros:\n"
                      "I - manter a banca limpa;\nII - respeitar o horário;\n"
                      "III - exibir a licença.\"\n")
    b = base()
    result = apply(b, ops_for(b, rec.operations), Event("redacao", "x", "Lei nº 900/2021", "2021-05-03"))
    assert result.find("art3_cpt_inc3").text == "exibir a licença."
    assert result.find("art3").caput.text == "São deveres do feirante, entre outros:"


def test_numbered_paragraph_added_renumbers_the_paragrafo_unico():
    rec, _ = ops_of("Art. 1º Acrescente-se ao art. 2º da Lei nº 100/2001 o seguinte § 2º:\n"
                    "\"§ 2º A licença pode ser renovada.\"\n")
    b = base()
    result = apply(b, ops_for(b, rec.operations), Event("inclusao", "x", "Lei nº 900/2021", "2021-05-03"))
    assert result.find("art2_par1").text == "A licença vale um ano."
    assert result.find("art2_par1u") is None
    assert result.find("art2_par2").text == "A licença pode ser renovada."


# --- item 3: the target norm -------------------------------------------------------------------

def test_norm_cited_by_name_is_the_base_given_with_a_notice():
    body = ("Art. 1º O art. 2º da Lei Orgânica do Município passa a vigorar com a seguinte redação:\n"
            "\"Art. 2º O Município é dividido em distritos.\"\n")
    head = "EMENDA Nº 7/2021\n\nAltera a Lei Orgânica.\n\nA MESA DA CÂMARA MUNICIPAL DE VILA NOVA-MT promulga:\n\n"
    rec = recognise(act(body, head), base=("urn:lex:br;mato.grosso;vila.nova:municipal:lei.organica:1990-04-05;1990",
                                           "Lei Orgânica"))
    assert [(o.kind, o.target_id, o.in_corpus) for o in rec.operations] == [("redacao", "art2", True)]
    assert [(p.code, p.blocking) for p in rec.problems] == [("alvo-pela-base", False)]
    assert [c.act.nome for c in find("o Regimento Interno da Câmara Municipal e o Código Tributário Municipal")] \
        == ["Regimento Interno", "Código Tributário Municipal"]


def test_target_from_the_preambulo_when_the_article_names_none():
    head = ("LEI Nº 901, DE 3 DE MAIO DE 2021\n\nDá outras providências.\n\n"
            "O PREFEITO MUNICIPAL DE VILA NOVA-MT, no uso de suas atribuições, e considerando a Lei nº 100/2001, "
            "faz saber:\n\n")
    rec = recognise(act("Art. 1º O art. 2º passa a vigorar com a seguinte redação:\n"
                        "\"Art. 2º A licença custa vinte reais.\"\n", head))
    assert [(o.target_label, o.target_id) for o in rec.operations] == [("Lei nº 100/2001", "art2")]


def test_urn_comparison_ignores_accents_case_and_version():
    assert same_work("urn:lex:br:federal:constituicao:1988-10-05;1988@1988-10-05;publicacao;1988-10-05",
                     "urn:lex:br:federal:constituicao:1988-10-05;1988")
    assert same_work("urn:lex:br;bahia;vila.nova:municipal:RESOLUÇÃO:2001;3", "urn:lex:br;bahia;vila.nova:municipal:resolucao:2001;3")
    assert not same_work("urn:lex:br:federal:lei:2001;3", "urn:lex:br:federal:lei:2001;4")


def test_amendment_targets_for_the_acervo():
    n = act("Art. 1º O art. 2º da Lei nº 100/2001 passa a vigorar com a seguinte redação:\n"
            "\"Art. 2º A licença custa vinte reais.\"\n"
            "Art. 2º Revoga-se a Lei nº 50/1999.\n")
    res = amendment_targets(n, lambda ref: f"urn:acervo:{ref.numero}" if ref.numero == "100" else None)
    assert [(t.label, t.in_corpus, t.kinds) for t in res.targets] == [
        ("Lei nº 100/2001", True, ("redacao",)), ("Lei nº 50/1999", False, ("revogacao_total",))]
    assert [t.label for t in res.revokes_whole] == ["Lei nº 50/1999"]


# --- item 4: quoted blocks as they really come -------------------------------------------------

@pytest.mark.parametrize("tail", [
    "\nFULANO DE TAL\nPrefeito Municipal\nBELTRANO DA SILVA\nSecretário de Governo\n",
    "\nGabinete do Prefeito, 13 Fevereiro de 2003\nFULANO DE TAL\nPrefeito\n",
    "\nPromulgado em: 25/02/2015\n",
    "\nFULANO DE TAL\nPrefeito\nAutor: Vereador Sicrano\nData da Publicação: 16/12/1995\n\n\n",
])
def test_closing_blocks_are_not_truncation_and_signatures_are_not_article_text(tail):
    text = "LEI Nº 5, DE 2 DE MARÇO DE 2020\n\nDispõe.\n\nArt. 1º Esta Lei entra em vigor na data de sua publicação, " \
           "revogadas as disposições em contrário" + tail
    n = read(text.encode(), path="a.txt").norma
    assert n.find("art1").caput.text.endswith("em contrário")


@pytest.mark.parametrize("formula", ["PUBLIQUE-SE.", "Registre-se, publique-se e cumpra-se.",
                                     "Publique-se;", "REGISTRE-SE E PUBLIQUE-SE"])
def test_closing_formula_is_part_of_the_fecho_not_of_the_last_article(formula):
    text = ("LEI Nº 5, DE 2 DE MARÇO DE 2020\n\nDispõe.\n\nArt. 1º Fica criado o conselho.\n\n"
            f"Art. 2º Esta Lei entra em vigor na data de sua publicação.\n\n{formula}\n\n"
            "Prefeitura Municipal de Vila Nova, 2 de março de 2020.\n\nFULANO DE TAL\nPrefeito\n")
    r = read(text.encode(), path="a.txt")
    assert r.norma.find("art2").caput.text == "Esta Lei entra em vigor na data de sua publicação."
    assert r.norma.fecho[:2] == [formula, "Prefeitura Municipal de Vila Nova, 2 de março de 2020."]
    assert r.norma.data == "2020-03-02"
    assert f"publicação.\n\n{formula}\nPrefeitura Municipal" in render(r.norma)


def test_a_closing_formula_inside_an_article_is_its_text():
    text = ("LEI Nº 5, DE 2 DE MARÇO DE 2020\n\nDispõe.\n\nArt. 1º O edital dirá:\n"
            "I - publique-se;\nArt. 2º Esta Lei entra em vigor na data de sua publicação.\n\n"
            "Prefeitura Municipal de Vila Nova, 2 de março de 2020.\n")
    n = read(text.encode(), path="a.txt").norma
    assert n.find("art1_cpt_inc1").text == "publique-se;"


def test_a_real_cut_is_still_refused():
    with pytest.raises(InputError, match="truncado"):
        read("LEI Nº 5, DE 2 DE MARÇO DE 2020\n\nArt. 1º Fica o Poder Executivo autorizado a".encode(), path="a.txt")


# --- item 6: headings ----------------------------------------------------------------------------

@pytest.mark.parametrize("heading, tipo, numero", [
    ("EMENDA Nº 30/2007", "Emenda à Lei Orgânica", "30"),
    ("LEI PROMULGADA Nº 143/2005", "Lei", "143"),
    ("LEI ORDINÁRIA Nº 3709/2017", "Lei", "3709"),
    ("RESOLUÇÃO Nº 12/2004", "Resolução", "12"),
    ("DECRETO LEGISLATIVO Nº 4/2010", "Decreto Legislativo", "4"),
    ("LEI COMPLEMENTAR Nº 9/2011", "Lei Complementar", "9"),
])
def test_headings_give_type_and_number(heading, tipo, numero):
    n = read(f"{heading}\n\nDispõe.\n\nArt. 1º Texto.\n".encode(), path="a.txt").norma
    assert (n.tipo, n.numero) == (tipo, numero)


def test_web_style_title_against_fecho_prefers_the_fecho():
    r = read(("LEI Nº 2217, DE 6/1/2001\n\nDispõe.\n\nArt. 1º Texto.\n"
              "\nPrefeitura Municipal de Vila Nova-MT, 5 de janeiro de 2001.\n\nFULANO DE TAL\nPrefeito\n").encode())
    assert r.norma.data == "2001-01-05"
    assert "data-divergente" in [d.code for d in r.diagnostics]


# --- item 10: labels -----------------------------------------------------------------------------

def test_label_variants_and_items_under_alineas():
    text = ("LEI Nº 5, DE 2 DE MARÇO DE 2020\n\nArt. 1º Texto:\nI - um;\nI- A - acrescido;\nII - dois:\n"
            "a) as multas são:\n1 - leve;\n2 - grave;\nb) outra.\n"
            "Art. 2ºA Texto.\nArt. 3º - A - Texto.\nArt. 5º A Secretaria fará.\n")
    ids = [d.id for d in read(text.encode()).norma.dispositivos() if not d.id.endswith("_cpt")]
    assert ids == ["art1", "art1_cpt_inc1", "art1_cpt_inc1-1", "art1_cpt_inc2", "art1_cpt_inc2_ali1",
                   "art1_cpt_inc2_ali1_ite1", "art1_cpt_inc2_ali1_ite2", "art1_cpt_inc2_ali2",
                   "art2-1", "art3-1", "art5"]


@pytest.mark.parametrize("printed", ["Artigo único.", "Art. Único", "ARTIGO ÚNICO -", "Art. único."])
def test_artigo_unico_is_art1_printed_as_artigo_unico(printed):
    text = (f"LEI Nº 5, DE 2 DE MARÇO DE 2020\n\nDá nome a rua.\n\n{printed} Fica denominada Rua das Flores a via "
            "que liga o centro ao rio.\n\nPrefeitura Municipal de Vila Nova, 2 de março de 2020.\n")
    n = read(text.encode(), path="a.txt").norma
    art = n.find("art1")
    assert (art.rotulo, art.caput.text) == ("Artigo único", "Fica denominada Rua das Flores a via que liga o centro ao rio.")
    assert "\nArtigo único. Fica denominada Rua" in render(n)
    from lexconsolida.readers.lexml import read as read_lexml
    from lexconsolida.writers.lexml import write as write_lexml

    again = read_lexml(write_lexml(n)).norma
    assert again.find("art1").rotulo == "Artigo único"


def test_artigo_unico_in_running_text_is_not_a_label():
    text = ("LEI Nº 5, DE 2 DE MARÇO DE 2020\n\nDispõe.\n\nArt. 1º A taxa do\n"
            "artigo único da Lei nº 4/2019 fica extinta.\n\nPrefeitura Municipal de Vila Nova, 2 de março de 2020.\n")
    n = read(text.encode(), path="a.txt").norma
    assert [d.id for d in n.artigos()] == ["art1"]
    assert "artigo único da Lei" in n.find("art1").caput.text


def test_arabic_items_under_an_alinea_heading_of_an_inciso():
    """'1 -' after an alínea of an inciso cannot restart the incisos ('I' again): it opens the
    alínea's items even when the alínea is a heading with no colon; a new alínea's items start
    at 1 again, and an Arabic list of incisos goes on after alíneas of its own."""
    text = ("LEI Nº 5, DE 2 DE MARÇO DE 2020\n\nArt. 1º A estrutura da Secretaria é a seguinte:\n"
            "I - Conselho Municipal;\nII - Secretaria:\na) Gabinete\n1 - Divisão de Estatística.\n"
            "b) Departamento de Obras\n1 - Divisão de Projetos;\n2 - Divisão de Fiscalização.\n"
            "III - Fundação.\nArt. 2º As obras são:\n1 - pontes;\n2 - praças:\na) no centro;\n"
            "b) nos bairros;\n3 - escolas.\n")
    ids = [d.id for d in read(text.encode()).norma.dispositivos() if not d.id.endswith("_cpt")]
    assert ids == ["art1", "art1_cpt_inc1", "art1_cpt_inc2", "art1_cpt_inc2_ali1", "art1_cpt_inc2_ali1_ite1",
                   "art1_cpt_inc2_ali2", "art1_cpt_inc2_ali2_ite1", "art1_cpt_inc2_ali2_ite2", "art1_cpt_inc3",
                   "art2", "art2_cpt_inc1", "art2_cpt_inc2", "art2_cpt_inc2_ali1", "art2_cpt_inc2_ali2",
                   "art2_cpt_inc3"]


# --- wordings that name a unit that does not exist yet, or a number alone ----------------------

def test_new_wording_of_the_next_unit_in_sequence_is_its_inclusion_with_a_note():
    rec, _ = ops_of("Art. 1º O inciso III do art. 3º da Lei nº 100/2001 passa a vigorar com a seguinte redação:\n"
                    "\"III - exibir a licença.\"\n")
    b = base()
    result = apply(b, ops_for(b, rec.operations), Event("redacao", "x", "Lei nº 900/2021", "2021-05-03"))
    unit = result.find("art3_cpt_inc3")
    assert unit.text == "exibir a licença."
    assert unit.history[0].event.kind == "inclusao" and "seguinte na numeração" in unit.history[0].event.note


def test_new_wording_of_a_unit_far_from_the_sequence_is_still_refused():
    from lexconsolida.transforms.amend import failures

    rec, _ = ops_of("Art. 1º O inciso IX do art. 3º da Lei nº 100/2001 passa a vigorar com a seguinte redação:\n"
                    "\"IX - exibir a licença.\"\n")
    b = base()
    errors = failures(b, ops_for(b, rec.operations), Event("redacao", "x", "Lei nº 900/2021", "2021-05-03"))
    assert [e.message.split(" — ")[0] for e in errors] == [
        "art1: dispositivo art3_cpt_inc9 não existe em LEI Nº 100, DE 2 DE JANEIRO DE 2001 (o texto da norma pode "
        "estar incompleto, ou faltar o ato que o incluiu): decida a que dispositivo a instrução se refere"]


PARTIAL = ("Art. 1º O art. 1º da Lei nº 100/2001 passa a vigorar com a seguinte redação:\n"
           "\"Art. 1º As feiras livres funcionam aos sábados e domingos.\"\n"
           "Art. 2º O art. 2º da Lei nº 100/2001 fica reescrito nos termos seguintes:\n"
           "\"Art. 2º A licença custa vinte reais.\"\n")


def test_instructions_listed_with_their_status():
    from lexconsolida.amendments.partial import instructions

    rec = recognise(act(PARTIAL))
    assert [i.describe() for i in instructions(rec)] == [
        "art1 (linha 7): certa — 1 operação(ões)",
        "art2 (linha 9): pendente de decisão — instrucao-nao-reconhecida"]


def _write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_amend_parcial_applies_the_certain_and_marks_the_pending(tmp_path):
    from tests.conftest import run_cli

    b = _write(tmp_path, "base.txt", BASE)
    a = _write(tmp_path, "alt.txt", HEAD + PARTIAL + FECHO)
    refused = run_cli("amend", str(b), str(a), "-o", str(tmp_path / "x.xml"), cwd=tmp_path)
    assert refused.returncode == 2 and not (tmp_path / "x.xml").exists()
    done = run_cli("amend", str(b), str(a), "--parcial", "-o", str(tmp_path / "out.xml"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "pendente de decisão: art2 (linha 9)" in done.stderr.decode()
    for fmt in ("txt", "md"):
        out = run_cli("compile", str(tmp_path / "out.xml"), "--view", "compilado", "--to", fmt, cwd=tmp_path)
        text = out.stdout if isinstance(out.stdout, str) else out.stdout.decode()
        assert "As feiras livres funcionam aos domingos." in text  # the caput's old wording (item 9)
        assert "(Redação dada pela Lei nº 900, de 3 de maio de 2021)" in text
        assert "Alteração pendente de decisão: Lei nº 900, de 3 de maio de 2021" in text
    txt = run_cli("compile", str(tmp_path / "out.xml"), "--view", "compilado", "--to", "txt", cwd=tmp_path).stdout
    txt = txt if isinstance(txt, str) else txt.decode()
    assert "Art. 2º A licença custa dez reais." in txt  # the pending one is still in force, not struck


def test_history_note_never_names_the_act_norma(tmp_path):
    from tests.conftest import run_cli

    b = _write(tmp_path, "base.txt", BASE)
    a = _write(tmp_path, "emenda.txt", "Altera a Lei nº 100/2001.\n\n" + PARTIAL.split("Art. 2º")[0] + FECHO)
    done = run_cli("amend", str(b), str(a), "-o", str(tmp_path / "out.xml"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr.decode()
    txt = run_cli("compile", str(tmp_path / "out.xml"), "--view", "compilado", "--to", "txt", cwd=tmp_path).stdout.decode()
    assert "(Redação dada pela norma do arquivo emenda.txt, de 3 de maio de 2021)" in txt
    assert "pela Norma" not in txt


@pytest.mark.parametrize("text, ids", [
    ("Fica acrescido o artigo 4º A - à Lei nº 100/2001", ("art4-1",)),
    ("o art. 2ºA da Lei nº 100/2001", ("art2-1",)),
    ("o art. 18 - A da Lei nº 100/2001", ("art18-1",)),
    ("o art. 5º A Lei nº 100/2001 diz", ("art5",)),
])
def test_citations_of_letter_units_as_printed(text, ids):
    assert [c.ids for c in find(text) if c.ids] == [ids]


# --- item 8: an act that amends an amending act --------------------------------------------------

def test_act_rewriting_an_article_of_an_amending_law_changes_the_law_it_amended():
    first = act("Art. 1º O art. 2º da Lei nº 100/2001 passa a vigorar com a seguinte redação:\n"
                "\"Art. 2º A licença custa vinte reais.\"\n")
    second_head = HEAD.replace("LEI Nº 900, DE 3 DE MAIO DE 2021", "LEI Nº 950, DE 4 DE JUNHO DE 2022")
    second = act("Art. 1º O art. 1º da Lei nº 900/2021, que altera o art. 2º da Lei nº 100/2001, passa a ter a "
                 "seguinte redação:\n\"Art. 2º A licença custa trinta reais.\"\n", second_head)
    rec1, rec2 = recognise(first), recognise(second)
    assert [(o.target_label, o.target_id) for o in rec2.operations] == [("Lei nº 100/2001", "art2")]
    assert [(p.code, p.blocking) for p in rec2.problems if p.code == "alteracao-de-ato-alterador"] == [
        ("alteracao-de-ato-alterador", False)]
    b = base()
    b = apply(b, ops_for(b, rec1.operations), Event("redacao", "a", "Lei nº 900, de 3 de maio de 2021", "2021-05-03"))
    b = apply(b, ops_for(b, rec2.operations), Event("redacao", "b", "Lei nº 950, de 4 de junho de 2022", "2022-06-04"))
    from lexconsolida.writers.text import write

    text = write(b, view="compilado").decode()
    assert "[sem vigor] A licença custa vinte reais. (Redação dada pela Lei nº 900, de 3 de maio de 2021)" in text
    assert "A licença custa trinta reais. (Redação dada pela Lei nº 950, de 4 de junho de 2022)" in text


def test_restructured_article_quoted_whole_replaces_the_old_list():
    """The new wording brings the caput's whole new list (alíneas, from 'a', no omissis line):
    the old incisos are revoked by it and the alíneas follow them, not interleaved."""
    rec, _ = ops_of("Art. 1º O art. 3º da Lei nº 100/2001 passa a vigorar com a seguinte redação:\n"
                    "\"Art. 3º São deveres do feirante:\na) manter a banca limpa;\nb) respeitar o horário;\n"
                    "c) usar o crachá.\"\n")
    b = base()
    ev = Event("redacao", "x", "Lei nº 900, de 3 de maio de 2021", "2021-05-03")
    assert failures(b, ops_for(b, rec.operations), ev) == []
    n = apply(b, ops_for(b, rec.operations), ev)
    caput = n.find("art3_cpt")
    assert [(c.id, c.situacao.value) for c in caput.children] == [
        ("art3_cpt_inc1", "revogado"), ("art3_cpt_inc2", "revogado"),
        ("art3_cpt_ali1", "vigente"), ("art3_cpt_ali2", "vigente"), ("art3_cpt_ali3", "vigente")]
    notes = [v.event.note for v in n.find("art3_cpt_inc1").history if v.event is not None]
    assert any("lista inteira, de alíneas" in (x or "") for x in notes)
    current = render(at(n, "2021-06-01"), view="vigente")
    assert "I - manter" not in current and "a) manter a banca limpa;" in current
    assert "Art. 2º A licença custa dez reais." in current  # the rest untouched


def test_restructured_article_quoted_in_part_is_a_decision():
    """With a line of dots the drafter quotes only what changes: which old units the alíneas
    replace is for a person, never an inclusion beside them."""
    rec, _ = ops_of("Art. 1º O art. 3º da Lei nº 100/2001 passa a vigorar com a seguinte redação:\n"
                    "\"Art. 3º São deveres do feirante:\n.......................\nb) respeitar o horário.\"\n")
    b = base()
    errors = failures(b, ops_for(b, rec.operations), Event("redacao", "x", "Lei nº 900/2021", "2021-05-03"))
    assert errors and all("reestruturado" in e.message for e in errors)


@pytest.mark.shared
def test_cf88_official_i_a_round_trips_with_its_id_and_clean_text():
    from tests.conftest import CF88_DIR

    src = CF88_DIR / "CON1988--20150303.LexML.xml"
    from lexconsolida.readers import read_file
    from lexconsolida.writers.text import write

    n = read_file(src).norma
    assert n.find("art92_cpt_inc1-1").text == "o Conselho Nacional de Justiça;"
    official = "LEI Nº 1, DE 2 DE JANEIRO DE 2001\n\nArt. 92. São órgãos:\nI - o Supremo;\nI- A - o Conselho Nacional de Justiça;\nII - o Superior.\n"
    again = read(official.encode()).norma
    assert again.find("art92_cpt_inc1-1").text == "o Conselho Nacional de Justiça;"
    back = read(write(n)).norma
    assert back.find("art92_cpt_inc1-1").text == "o Conselho Nacional de Justiça;"


# --- item 4: quoted blocks as they really come ---------------------------------------------------

def test_block_without_opening_quote_is_not_one_of_the_acts_own_articles():
    # the operations are in the fixture escrito-redacao-bloco-sem-aspas-de-abertura
    assert [d.id for d in act("Art. 1º O art. 7º da Lei nº 100/2001 passa a vigorar com a seguinte redação:\n"
                              "Art. 7º A licença custa vinte reais.”\n"
                              "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n").artigos()] == ["art1", "art2"]


def test_act_promulgated_by_the_mesa_of_a_camara_gives_its_municipality():
    n = read(("RESOLUÇÃO Nº 12/2004\n\nDispõe.\n\nA MESA DA CÂMARA MUNICIPAL DE VILA NOVA, Estado de Mato Grosso, "
              "promulga:\n\nArt. 1º Texto.\n").encode()).norma
    assert (n.tipo, n.localidade) == ("Resolução", "Vila Nova-MT")
    assert n.urn.startswith("urn:lex:br;mato.grosso;vila.nova:municipal:resolucao:")


def test_base_given_as_a_file_is_not_reported_outside_the_acervo(tmp_path):
    from tests.conftest import run_cli

    b = _write(tmp_path, "base.txt", BASE)
    a = _write(tmp_path, "alt.txt", HEAD + PARTIAL.split("Art. 2º")[0] + FECHO)
    out = run_cli("amend", str(b), str(a), "--dry-run", cwd=tmp_path)
    assert out.returncode == 0, out.stderr.decode()
    assert "alvo-fora-do-acervo" not in out.stdout.decode()


def test_decimal_items_under_an_alinea_are_items():
    text = ("LEI Nº 5, DE 2 DE MARÇO DE 2020\n\nArt. 1º As taxas são:\nI - de feira:\n"
            "a) por metro quadrado:\n3.01 - banca simples;\n3.02 - banca coberta;\nb) por dia.\n"
            "Art. 2º A tabela tem linhas:\n4.01 - não é item, pois nenhuma alínea anuncia lista.\n")
    norma = read(text.encode()).norma
    items = [(d.id, d.rotulo, d.text) for d in norma.dispositivos() if "_ite" in d.id]
    assert items == [("art1_cpt_inc1_ali1_ite1", "3.01", "banca simples;"),
                     ("art1_cpt_inc1_ali1_ite2", "3.02", "banca coberta;")]
    assert norma.find("art2_cpt").text == "A tabela tem linhas: 4.01 - não é item, pois nenhuma alínea anuncia lista."
    assert "\n3.01 – banca simples;\n3.02 – banca coberta;\n" in render(norma)


# --- item 4: a quoted agrupador heading is an operation on the agrupador -----------------------

HEADED = ("LEI Nº 100, DE 2 DE JANEIRO DE 2001\n\nDispõe sobre feiras.\n\n"
          "CAPÍTULO I\nDAS FEIRAS LIVRES\n"
          "Art. 1º As feiras livres funcionam aos domingos.\n"
          "Art. 2º As feiras têm bancas.\n"
          "CAPÍTULO II\nDAS LICENÇAS\n"
          "Art. 3º A licença custa dez reais.\n"
          "Art. 4º Esta Lei entra em vigor na data de sua publicação.\n" + FECHO)
EV = Event("redacao", "x", "Lei nº 900/2021", "2021-05-03")


def _headings_after(body: str):
    b = read(HEADED.encode()).norma
    rec, ops = ops_of(body)
    ops_b = ops_for(b, rec.operations)
    errors = [e.message.split(" — ")[0] for e in failures(b, ops_b, EV)]
    result = None if errors else apply(b, ops_b, EV)
    return rec, ops, errors, result


def test_quoted_heading_renames_the_agrupador_with_history():
    rec, ops, errors, result = _headings_after(
        "Art. 1º O Capítulo II da Lei nº 100/2001 passa a vigorar com a seguinte redação:\n"
        "\"CAPÍTULO II\nDAS LICENÇAS E TAXAS\"\n")
    assert ops == [("redacao", "cap2", "DAS LICENÇAS E TAXAS")]
    assert [p.code for p in rec.problems if p.blocking] == [] and errors == []
    cap2 = next(a for a in result.articulacao if getattr(a, "id", "") == "cap2")
    assert cap2.nome == "DAS LICENÇAS E TAXAS"
    assert [(v.text, v.event.kind) for v in cap2.history] == [("DAS LICENÇAS", "original"),
                                                               ("DAS LICENÇAS E TAXAS", "redacao")]
    before = at(result, "2021-01-01")
    assert next(a for a in before.articulacao if getattr(a, "id", "") == "cap2").nome == "DAS LICENÇAS"


def test_heading_quoted_above_an_article_is_never_its_text():
    rec, ops, errors, result = _headings_after(
        "Art. 1º O art. 3º da Lei nº 100/2001 passa a vigorar com a seguinte redação:\n"
        "\"CAPÍTULO II\nDAS LICENÇAS\nArt. 3º A licença custa vinte reais.\"\n")
    assert ops == [("redacao", "cap2", "DAS LICENÇAS"), ("redacao", "art3", "A licença custa vinte reais.")]
    assert errors == [] and result.find("art3_cpt").text == "A licença custa vinte reais."
    assert next(a for a in result.articulacao if getattr(a, "id", "") == "cap2").history == []


def test_heading_that_does_not_hold_the_quoted_article_or_a_new_one_asks_a_person():
    _, _, errors, _ = _headings_after(
        "Art. 1º O art. 3º da Lei nº 100/2001 passa a vigorar com a seguinte redação:\n"
        "\"CAPÍTULO I\nDAS TAXAS\nArt. 3º A licença custa vinte reais.\"\n")
    assert errors == ["art1: CAPÍTULO I de LEI Nº 100, DE 2 DE JANEIRO DE 2001 não contém o art3, citado sob "
                      "ele no texto entre aspas: decida qual agrupador a instrução altera"]
    _, ops, errors, _ = _headings_after(
        "Art. 1º Fica acrescido à Lei nº 100/2001 o art. 1º-A:\n"
        "\"CAPÍTULO I-A\nDAS PENAS\nArt. 1º-A A multa é de cem reais.\"\n")
    assert ops[0] == ("inclusao", "cap1-1", "DAS PENAS")
    assert errors == ["art1: inclusão de agrupador: LEI Nº 100, DE 2 DE JANEIRO DE 2001 não tem CAPÍTULO I-A "
                      "(o art1 não é o último artigo de CAPÍTULO I); decida onde ele começa e quais artigos reúne"]


@pytest.mark.parametrize("number, previous, expected", [
    ("III", "4º", "cap3"),     # after the last artigo of the last capítulo
    ("II-A", "4º", "cap2-1"),  # the same, lettered
])
def test_new_agrupador_after_the_last_artigo_of_its_neighbour_is_created(number, previous, expected):
    rec, ops, errors, result = _headings_after(
        f"Art. 1º Fica acrescido à Lei nº 100/2001 o art. {previous}-A, com a seguinte redação:\n"
        f"\"CAPÍTULO {number}\nDAS PENAS\nArt. {previous}-A A multa é de cem reais.\n"
        "Parágrafo único. A multa dobra na reincidência.\"\n")
    assert errors == [] and [p.code for p in rec.problems if p.blocking] == []
    tops = [a for a in result.articulacao if hasattr(a, "nome")]
    assert [(a.id, a.nome) for a in tops] == [("cap1", "DAS FEIRAS LIVRES"), ("cap2", "DAS LICENÇAS"),
                                             (expected, "DAS PENAS")]
    new = tops[-1]
    assert [c.id for c in new.children] == ["art4-1"]  # the new artigo is in it, no old one moved
    assert [c.id for c in tops[1].children] == ["art3", "art4"]
    assert [(v.text, v.event.kind) for v in new.history] == [("DAS PENAS", "inclusao")]
    before = at(result, "2021-01-01")
    assert [a.id for a in before.articulacao if hasattr(a, "nome")] == ["cap1", "cap2"]


def test_new_agrupador_that_would_take_existing_articles_is_refused():
    _, _, errors, _ = _headings_after(
        "Art. 1º Fica acrescido à Lei nº 100/2001 o art. 3º-A, com a seguinte redação:\n"
        "\"CAPÍTULO III\nDAS PENAS\nArt. 3º-A A multa é de cem reais.\"\n")
    assert errors == ["art1: inclusão de agrupador: LEI Nº 100, DE 2 DE JANEIRO DE 2001 não tem CAPÍTULO III "
                      "(o art3 não é o último artigo de CAPÍTULO II); decida onde ele começa e quais artigos reúne"]


def test_new_section_placed_by_its_neighbours_though_another_chapter_has_one_of_that_number():
    sections = ("LEI Nº 100, DE 2 DE JANEIRO DE 2001\n\nDispõe sobre feiras.\n\n"
                "CAPÍTULO I\nDAS FEIRAS\nSEÇÃO I\nDOS DIAS\nArt. 1º As feiras funcionam aos domingos.\n"
                "SEÇÃO II\nDAS BANCAS\nArt. 2º As feiras têm bancas.\n"
                "CAPÍTULO II\nDAS LICENÇAS\nSEÇÃO I\nDO VALOR\nArt. 3º A licença custa dez reais.\n"
                "Art. 4º A licença vale um ano.\n"
                "CAPÍTULO III\nDISPOSIÇÕES FINAIS\nArt. 5º Esta Lei entra em vigor na data de sua publicação.\n"
                + FECHO)
    b = read(sections.encode()).norma
    rec = recognise(act("Art. 1º Fica acrescido à Lei nº 100/2001 o art. 4º-A, com a seguinte redação:\n"
                        "\"SEÇÃO II\nDA RENOVAÇÃO\nArt. 4º-A A licença pode ser renovada.\"\n"))
    ops_b = ops_for(b, rec.operations)
    assert failures(b, ops_b, EV) == []
    result = apply(b, ops_b, EV)
    cap2 = next(a for a in result.articulacao if getattr(a, "id", "") == "cap2")
    assert [(a.id, a.nome, [c.id for c in a.children]) for a in cap2.children] == [
        ("cap2_sec1", "DO VALOR", ["art3", "art4"]), ("cap2_sec2", "DA RENOVAÇÃO", ["art4-1"])]


# --- item 10: editorial notes of a compiled text are history, not text -----------------------

COMPILED = ("LEI ORGÂNICA DO MUNICÍPIO DE VILA NOVA\n\n"
            "Art. 1º O Município organiza-se por esta Lei.\n"
            "Art. 2º O mandato do Prefeito é de dois anos.\n"
            "Art. 2º O mandato do Prefeito é de quatro anos. (Redação dada pela Emenda nº 3/1997)\n"
            "Art. 2º O mandato do Prefeito é de quatro anos, permitida uma reeleição. "
            "(Redação dada pela Emenda nº 9/2001)\n"
            "Art. 3º Compete ao Município:\nI - legislar;\n"
            "II - tributar; (INCISO II, ACRESCENTADO PELA EMENDA Nº 30/2007)\n"
            "III - (Revogado pela Emenda nº 31/2008)\n"
            "Art. 4º Aplica-se a Lei nº 100 (alterada pela Lei nº 200).\n")


def test_editorial_notes_and_struck_wording_become_history():
    result = read(COMPILED.encode())
    norma = result.norma
    assert [d.id for d in norma.artigos()] == ["art1", "art2", "art3", "art4"]
    cap2 = norma.find("art2_cpt")
    assert cap2.text == "O mandato do Prefeito é de quatro anos, permitida uma reeleição."
    assert [(v.text, v.event.kind, v.event.act_label) for v in cap2.history] == [
        ("O mandato do Prefeito é de dois anos.", "original", None),
        ("O mandato do Prefeito é de quatro anos.", "redacao", "Emenda nº 3/1997"),
        ("O mandato do Prefeito é de quatro anos, permitida uma reeleição.", "redacao", "Emenda nº 9/2001")]
    inc2, inc3 = norma.find("art3_cpt_inc2"), norma.find("art3_cpt_inc3")
    assert inc2.text == "tributar;" and [(v.event.kind, v.event.act_label) for v in inc2.history] == [
        ("inclusao", "EMENDA Nº 30/2007")]
    assert inc3.text == "" and inc3.situacao.value == "revogado"
    # a parenthesis about a law the text cites is the text's own
    assert norma.find("art4_cpt").text == "Aplica-se a Lei nº 100 (alterada pela Lei nº 200)."
    notes = [d.line for d in result.diagnostics if d.code == "nota-editorial"]
    assert sorted(notes) == [4, 4, 5, 6, 9, 10]
    compiled = render(norma, view="compilado")
    assert "Art. 2º [sem vigor] O mandato do Prefeito é de quatro anos. (Redação dada pela Emenda nº 3/1997)" in compiled
    assert "reeleição. (Redação dada pela Emenda nº 9/2001)" in compiled
    assert "II – tributar; (Incluído pela EMENDA Nº 30/2007)" in compiled


def test_mixed_accrual_and_new_wording_stays_new_wording():
    rec, ops = ops_of("Art. 1º A Lei nº 100/2001 passa a vigorar com acréscimo do inciso III ao art. 3º e o art. 2º "
                      "com a seguinte redação:\n\n\"Art. 3º ...\n\nIII - exibir a licença.\n\n"
                      "\"Art. 2º A licença custa dez reais.\"\n")
    b = base()
    result = apply(b, ops_for(b, rec.operations), Event("redacao", "x", "Lei nº 900/2021", "2021-05-03"))
    assert result.find("art3_cpt_inc3").text == "exibir a licença."
    assert result.find("art2_cpt").history == []


# --- item 3: a norm cited by name resolves in the acervo by the aliases of its norma.toml ------

def _acervo(tmp_path, municipios):
    for mun, loc, acts in municipios:
        folder = tmp_path / mun
        folder.mkdir(parents=True)
        (folder / "municipio.toml").write_text(f'nome = "{mun}"\nuf = "MT"\nlocalidade_urn = "{loc}"\n',
                                               encoding="utf-8")
        for name, toml in acts:
            (folder / name).mkdir()
            (folder / name / "norma.toml").write_text(toml, encoding="utf-8")
    return load(tmp_path)


def test_norm_cited_by_name_resolves_by_the_aliases_of_the_same_municipality(tmp_path):
    lom = ('tipo = "Lei Orgânica"\nurn = "urn:lex:br;mato.grosso;{m}:municipal:lei.organica:1990-04-05;s.n"\n'
           'data = "1990-04-05"\napelidos = ["Lei Orgânica do Município", "LOM"]\n')
    corpus = _acervo(tmp_path, [
        ("vila-nova", "br;mato.grosso;vila.nova", [("lom", lom.format(m="vila.nova"))]),
        ("vila-velha", "br;mato.grosso;vila.velha", [("lom", lom.format(m="vila.velha"))]),
    ])
    ref = find_acts("Dê-se ao art. 2º da LEI ORGANICA DO MUNICIPIO a seguinte redação:")[0].act
    near = "urn:lex:br;mato.grosso;vila.nova:municipal:emenda.lei.organica:2007-01-02;30"
    assert corpus.resolve(ref, near) == "urn:lex:br;mato.grosso;vila.nova:municipal:lei.organica:1990-04-05;s.n"
    assert corpus.resolve(ref, None) is None  # two municipalities have one: the name is local
    only_one = _acervo(tmp_path / "b", [("vila-velha", "br;mato.grosso;vila.velha",
                                         [("lom", lom.format(m="vila.velha"))])])
    assert only_one.resolve(ref, near) is None  # never another municipality's Lei Orgânica
    assert only_one.resolve(ref, None) == "urn:lex:br;mato.grosso;vila.velha:municipal:lei.organica:1990-04-05;s.n"
    ref2 = find_acts("Dê-se ao art. 2º do Regimento Interno a seguinte redação:")[0].act
    assert corpus.resolve(ref2, near) is None  # no act has that alias
    bad = tmp_path / "vila-nova" / "lom" / "norma.toml"
    bad.write_text(bad.read_text(encoding="utf-8").replace('["Lei Orgânica do Município", "LOM"]', '"LOM"'),
                   encoding="utf-8")
    with pytest.raises(InputError, match="apelidos"):
        load(tmp_path)


def test_paragrafo_unico_renumbered_by_a_later_article_makes_room_for_the_new_one():
    rec, _ = ops_of("Art. 1º O art. 2º da Lei nº 100/2001 fica acrescido de mais um parágrafo, com o seguinte conteúdo:\n\n"
                    "\"§ 1º A licença é pessoal.\"\n\n"
                    "Art. 2º O atual parágrafo único do art. 2º da Lei nº 100/2001 passa a ser o 2º.\n")
    b = base()
    result = apply(b, ops_for(b, rec.operations), Event("redacao", "x", "Lei nº 900/2021", "2021-05-03"))
    assert result.find("art2_par1").text == "A licença é pessoal."
    assert result.find("art2_par2").text == "A licença vale um ano."
    assert result.find("art2_par1u") is None


BASE_PAR = ("LEI Nº 100, DE 2 DE JANEIRO DE 2001\n\nDispõe sobre feiras.\n\n"
            "Art. 1º As feiras livres funcionam aos domingos.\n"
            "Art. 2º A licença é concedida pela Secretaria.\n"
            "§ 1º São zonas de feira:\n"
            "I - a praça central;\n"
            "II - as avenidas:\n"
            "a) do Centro;\n"
            "b) do Norte.\n"
            "§ 2º A licença vale um ano.\n"
            "Art. 3º Esta Lei entra em vigor na data de sua publicação.\n" + FECHO)


def test_paragraph_cited_inside_an_inciso_asks_a_person():
    rec, ops = ops_of("Art. 1º O parágrafo único, do inciso II, do art. 3º, da Lei nº 100/2001, passa a viger com "
                      "a seguinte redação:\n\n\"Parágrafo único. Os deveres constam da licença.\"\n")
    assert ops == []
    (p,) = [p for p in rec.problems if p.blocking]
    assert p.code == "alvo-ambiguo" and "um parágrafo não fica dentro de um inciso" in p.message
    # a revocation of such a chain never revokes the act it names
    rec, ops = ops_of("Art. 1º Fica revogado o parágrafo único, do inciso II, do art. 3º, da Lei nº 100/2001.\n")
    assert ops == [] and [p.code for p in rec.problems if p.blocking] == ["alvo-ambiguo"]
    assert all(p.target_urn for p in rec.problems)  # held back on that norm only
