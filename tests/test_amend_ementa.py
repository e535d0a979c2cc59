"""Operations on the ementa: recognition, application with versions, point in time, outputs.

Every text here is written for the test (fictional municipality of Vila Nova), not copied.
"""

from __future__ import annotations

import io

import docx

from lexconsolida.amendments import recognise
from lexconsolida.amendments.decisions import decide
from lexconsolida.amendments.model import EMENTA
from lexconsolida.corpus.records import Decisao, DecisaoOperacao
from lexconsolida.lexml.schemas import validation_errors
from lexconsolida.model import Event, Norma
from lexconsolida.model.history import ementa_entries
from lexconsolida.readers.lexml import read as read_lexml
from lexconsolida.readers.text import read
from lexconsolida.site import SiteCorpus, build_site
from lexconsolida.site.model import Municipio, SiteAct
from lexconsolida.transforms.amend import apply, failures, ops_for
from lexconsolida.transforms.pointintime import at, vigente
from lexconsolida.writers import html, markdown, text
from lexconsolida.writers.docx import write as write_docx
from lexconsolida.writers.lexml import write as write_lexml

HEAD = ("LEI Nº 900, DE 3 DE MAIO DE 2021\n\nAltera a Lei nº 100/2001.\n\n"
        "O PREFEITO MUNICIPAL DE VILA NOVA-MT faz saber:\n\n")
FECHO = "\nPrefeitura Municipal de Vila Nova-MT, 3 de maio de 2021.\n\nFULANO DE TAL\nPrefeito\n"
OLD = "Dispõe sobre as feiras livres."
NEW = "Dispõe sobre as feiras livres e os mercados municipais."
BASE = ("LEI Nº 100, DE 2 DE JANEIRO DE 2001\n\n" + OLD + "\n\n"
        "Art. 1º As feiras livres funcionam aos domingos.\n"
        "Art. 2º A licença custa dez reais.\n"
        "Art. 3º Esta Lei entra em vigor na data de sua publicação.\n" + FECHO)
EV = Event("redacao", "urn:lex:br;mato.grosso;vila.nova:municipal:lei:2021-05-03;900",
           "Lei nº 900, de 3 de maio de 2021", "2021-05-03")
NOTE = "Redação dada pela Lei nº 900, de 3 de maio de 2021"


def act(body: str) -> Norma:
    return read((HEAD + body + FECHO).encode(), path="ato.txt").norma


def base(source: str = BASE) -> Norma:
    return read(source.encode(), path="base.txt").norma


def ops_of(body: str):
    rec = recognise(act(body))
    return rec, [(o.kind, o.target_id, o.text) for o in rec.operations]


def amended(body: str = f"Art. 1º Dê-se à ementa da Lei nº 100/2001 a seguinte redação:\n\"{NEW}\"\n") -> Norma:
    b = base()
    rec = recognise(act(body))
    return apply(b, ops_for(b, rec.operations), EV)


# --- recognition -------------------------------------------------------------------------------

def test_the_preambulo_of_an_annex_item_is_not_the_ementa():
    # the fixture escrito-ementa-preambulo-de-item-de-anexo says what is right (a person
    # decides); until then, at least it never becomes the ementa
    rec, ops = ops_of("Art. 1º O preâmbulo do item 1 do Anexo da Lei nº 100/2001 passa a ter a seguinte redação:\n"
                      "\"Feirantes cadastrados.\"\n")
    assert EMENTA not in [o[1] for o in ops]


def test_apply_keeps_the_history_of_the_ementa():
    result = amended()
    assert result.ementa == NEW
    assert [(v.text, v.event.kind, v.start, v.end) for v in result.ementa_history] == [
        (OLD, "original", None, "2021-05-03"), (NEW, "redacao", "2021-05-03", None)]
    assert base().ementa == OLD and not base().ementa_history  # apply never touches its input


def test_point_in_time_gives_the_ementa_in_force_and_the_original():
    result = amended()
    before, after = at(result, "2010-01-01"), at(result, "2021-06-01")
    assert before.ementa == OLD and before.ementa_history == []  # the original view
    assert after.ementa == NEW and [v.event.kind for v in after.ementa_history] == ["original", "redacao"]
    assert vigente(result).ementa == NEW and vigente(result).ementa_history == []


def test_a_second_act_adds_a_version():
    first = amended()
    later = Event("redacao", "b", "Lei nº 950, de 4 de junho de 2022", "2022-06-04")
    rec = recognise(act("Art. 1º A ementa da Lei nº 100/2001 passa a ter a seguinte redação:\n"
                        "\"Dispõe sobre o comércio ambulante.\"\n"))
    second = apply(first, ops_for(first, rec.operations), later)
    assert [v.text for v in second.ementa_history] == [OLD, NEW, "Dispõe sobre o comércio ambulante."]
    assert at(second, "2021-12-31").ementa == NEW


def test_norm_without_ementa_refuses_the_operation():
    no_ementa = base(BASE.replace(OLD + "\n\n", ""))
    assert no_ementa.ementa is None
    rec = recognise(act(f"Art. 1º Dê-se à ementa da Lei nº 100/2001 a seguinte redação:\n\"{NEW}\"\n"))
    (err,) = failures(no_ementa, ops_for(no_ementa, rec.operations), EV)
    assert "não tem ementa" in str(err)


# --- outputs -----------------------------------------------------------------------------------

def test_compiled_text_and_markdown_show_the_old_ementa_struck_and_the_note():
    result = amended()
    txt = text.render(result, view="compilado")
    assert f"[sem vigor] {OLD}\n{NEW} ({NOTE})\n" in txt
    assert f"\n{NEW}\n" in text.render(result)  # the text in force: the ementa in force
    md = markdown.render(result, view="compilado")
    assert f"~~*{OLD}*~~" in md and f"*{NEW}* ({NOTE})" in md
    assert [e.struck for e in ementa_entries(result)] == [True, False]


def test_html_shows_the_ementa_in_force_with_its_note():
    result = amended()
    page = html.write(result).decode()
    assert f'<p class="ementa">{NEW} <span class="nota">({NOTE})</span></p>' in page
    compiled = html.write(result, view="compilado").decode()
    assert f"<del><span class=\"sr-only\">Redação superada: </span>{OLD}" in compiled
    plain = html.write(base()).decode()
    assert f'<p class="ementa">{OLD}</p>' in plain  # never changed: no note


def test_lexml_round_trip_keeps_the_ementa_history():
    result = amended()
    data = write_lexml(result)
    assert b"<lc:ementa>" in data and b'AlvoLocal="ementa' in data
    assert validation_errors(data) == []
    back = read_lexml(data).norma
    assert back.ementa == NEW
    assert [(v.text, v.event, v.start, v.end) for v in back.ementa_history] == [
        (v.text, v.event, v.start, v.end) for v in result.ementa_history]
    assert write_lexml(back) == data
    assert b"lc:ementa" not in write_lexml(base())  # a norm whose ementa never changed: as before


def test_parcial_marks_the_ementa_of_a_pending_mixed_instruction(tmp_path):
    from tests.conftest import run_cli

    (tmp_path / "base.txt").write_text(BASE, encoding="utf-8")
    (tmp_path / "alt.txt").write_text(
        HEAD + "Art. 1º A ementa e o art. 7º da Lei nº 100/2001 passam a ter a seguinte redação: "
        f"\"{NEW}\"\n\"Art. 7º A feira noturna funciona às sextas.\"\n"
        "Art. 2º Dê-se ao art. 2º da Lei nº 100/2001 a seguinte redação:\n\"Art. 2º A licença custa vinte reais.\"\n"
        + FECHO, encoding="utf-8")
    done = run_cli("amend", str(tmp_path / "base.txt"), str(tmp_path / "alt.txt"), "--parcial",
                   "-o", str(tmp_path / "out.xml"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    back = read_lexml((tmp_path / "out.xml").read_bytes()).norma
    assert back.ementa == OLD  # the instruction waits for a decision: nothing changed
    assert [v.event.kind for v in back.ementa_history] == ["original", "pendente"]
    out = run_cli("compile", str(tmp_path / "out.xml"), "--view", "compilado", "--to", "txt", cwd=tmp_path).stdout
    out = out if isinstance(out, str) else out.decode()
    assert f"{OLD}\n(Alteração pendente de decisão: Lei nº 900, de 3 de maio de 2021)" in out


def test_docx_strikes_the_old_ementa_in_its_place_and_notes_the_new():
    doc = docx.Document(io.BytesIO(write_docx(amended(), view="compilado")))
    paras = [(p.style.name, p.text, any(r.font.strike for r in p.runs)) for p in doc.paragraphs]
    i = next(i for i, p in enumerate(paras) if p[1] == OLD)
    assert paras[i] == ("Ementa", OLD, True)
    assert paras[i + 1] == ("Ementa", NEW, False)
    assert paras[i + 2][1] == f"({NOTE})"
    vig = docx.Document(io.BytesIO(write_docx(amended())))
    texts = [p.text for p in vig.paragraphs]
    assert OLD not in texts and texts[texts.index(NEW) + 1] == f"({NOTE})"


def test_site_pages_show_the_ementa_of_each_version_with_its_note(tmp_path):
    norma = amended()
    norma.urn = "urn:lex:br;mato.grosso;vila.nova:municipal:lei:2001-01-02;100"
    folder = "mt-vila-nova/lei-100-2001"
    build_site(SiteCorpus([SiteAct(norma, folder, Municipio("mt-vila-nova", "Vila Nova", "MT"))],
                          nome="Diário Oficial de Vila Nova"), tmp_path)
    page = (tmp_path / folder / "index.html").read_text(encoding="utf-8")
    assert f'<p class="ementa">{NEW} <span class="nota">({NOTE})</span></p>' in page
    compiled = (tmp_path / folder / "compilado.html").read_text(encoding="utf-8")
    assert f"Redação superada: </span>{OLD}" in compiled
    original = (tmp_path / folder / "versoes" / "2001-01-02.html").read_text(encoding="utf-8")
    assert f'<p class="ementa">{OLD}</p>' in original and NEW not in original  # the original view
    later = (tmp_path / folder / "versoes" / "2021-05-03.html").read_text(encoding="utf-8")
    assert f'<p class="ementa">{NEW} <span class="nota">({NOTE})</span></p>' in later


def test_a_recorded_decision_can_write_the_ementa_operation():
    rec = recognise(act("Art. 1º Dê-se ao preâmbulo da Lei nº 100/2001 a seguinte redação:\n"
                        "\"O PREFEITO MUNICIPAL DE VILA NOVA-MT faço saber que a Câmara aprovou e eu sanciono:\"\n"))
    b = base()
    target = f"{b.urn}!{EMENTA}"
    decided = decide(rec, [Decisao("alteracao-de-preambulo", "operacoes", "art1", nota="ementa corrigida à mão",
                                   operacoes=[DecisaoOperacao("redacao", target, NEW)])])
    assert not decided.recognition.blocking
    result = apply(b, ops_for(b, decided.recognition.operations), EV)
    assert result.ementa == NEW and result.ementa_history[-1].event.note == "ementa corrigida à mão"
