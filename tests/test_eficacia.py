"""Efficacy events (issue 26): courts' decisions and other events that change what applies
without changing the words — recorded in the act's ledger, resolved at a point in time, carried
from an amending act to the norm it changed, shown by every output, seen by the consolidation and
the audit. The fictional municipality carries a fictional ADI against its Lei nº 100/2020 (a
liminar on 4/3/2024, then the judgment of 11/11/2024 with effects from 20/11/2024)."""

from __future__ import annotations

import doctest
import os
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from lexconsolida import api
from lexconsolida.corpus import ledger, load
from lexconsolida.errors import InputError
from lexconsolida.lexml.schemas import validation_errors
from lexconsolida.lexml.xml_safe import parse_xml
from lexconsolida.model import clauses, efficacy, efficacy_events
from lexconsolida.model.efficacy import Decision, Efficacy, resolve
from lexconsolida.readers import get_reader
from lexconsolida.writers import get_writer
from tests.conftest import ROOT, STATUTES, run_cli
from tests.mesa_support import as_login

EX = "xx-municipio-de-exemplo"
L100 = "urn:lex:br;estado.ficticio;exemplo:municipal:lei:2020-03-10;100"
L120 = "urn:lex:br;estado.ficticio;exemplo:municipal:lei:2021-08-05;120"
ADI = "ADI nº 0001234-56.2024.8.99.0000 (TJXX)"
SUSPENDED = f"(Suspenso por decisão liminar na {ADI}, de 4 de março de 2024)"
STRUCK = (f"(Declarado inconstitucional na {ADI}, de 11 de novembro de 2024, com efeitos a partir de "
          "20 de novembro de 2024)")
INC3 = "III – não tenha sido condenada por crime doloso nos últimos cinco anos."
ART8_INC3 = "II – luminoso com a palavra \"TÁXI\";\nIII – cinzeiro;\n"
ART8_INC3_REVOKED = "II – luminoso com a palavra \"TÁXI\";\nIII – (Revogado)."


@pytest.mark.parametrize("module", [efficacy, efficacy_events, clauses])
def test_doctests(module):
    result = doctest.testmod(module)
    assert result.attempted and not result.failed


@pytest.fixture
def acervo(tmp_path) -> Path:
    """A copy of the fictional municipality (its texts are in the project), with Maria and João
    declared as system logins (they record from the command line)."""
    root = tmp_path / "statutes"
    shutil.copytree(STATUTES / EX, root / EX)
    _declare(root)
    return root


MARIA = ledger.Actor("maria", "Maria Souza")


def _declare(root: Path, *, one_person: bool = False) -> None:
    text = ("duas_pessoas = false\n" if one_person else "") + '\n[logins]\nmaria = "Maria Souza"\njoao = "João Lima"\n'
    (root / EX / "revisao.toml").write_text(text, "utf-8")


def _cli(*args, login: str = "maria"):
    """``lexconsolida ARGS`` run by the system login ``login``."""
    return subprocess.run([*as_login(login), *map(str, args)], cwd=ROOT, capture_output=True,
                          timeout=600, env={**os.environ, "PYTHONPATH": str(ROOT)})


def _compile(root: Path, when: str, fmt: str = "txt", view: str = "vigente") -> str:
    found = api.locate(L100, root)
    state = api.act_at(found, when, view=view)
    return api.render(state.norma, fmt, view=view).decode("utf-8")


def _line(text: str, start: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(start))


# --- the fictional ADI: before, during and after each event --------------------------------

@pytest.mark.parametrize("when, expected", [
    ("2024-01-01", INC3),                        # before the liminar
    ("2024-03-04", f"{INC3} {SUSPENDED}"),       # the liminar's day
    ("2024-06-01", f"{INC3} {SUSPENDED}"),       # during it
    ("2024-11-11", f"{INC3} {STRUCK}"),          # judged: the liminar ends, effects not yet
    ("2024-11-15", f"{INC3} {STRUCK}"),
    ("2024-11-20", f"{INC3} {STRUCK}"),          # the declaration has effect
    ("2026-01-01", f"{INC3} {STRUCK}"),
])
def test_compile_at_gives_the_text_and_its_note(when, expected):
    text = _compile(STATUTES, when)
    assert _line(text, "III – não tenha sido condenada") == expected
    assert _compile(STATUTES, when, view="compilado").count(expected) == 1


@pytest.mark.parametrize("when, state", [
    ("2024-01-01", None), ("2024-06-01", "suspenso"), ("2024-11-15", None), ("2024-11-20", "inconstitucional"),
])
def test_the_unit_applies_or_not_on_each_date(when, state):
    norma = api.act_at(L100, when, acervo=STATUTES).norma
    got = resolve(norma)
    assert got.unit("art4_cpt_inc3").state == state
    assert got.unit("art4_cpt_inc2").state is None  # its neighbours are untouched
    assert efficacy.in_effect(norma, "art4_cpt_inc3") is (state is None)


def test_every_format_marks_it(tmp_path):
    norma = api.act_at(L100, "2024-06-01", acervo=STATUTES).norma
    md = api.render(norma, "md").decode()
    assert f"**{SUSPENDED}**" in md.replace("\\", "")
    html = api.render(norma, "html").decode()
    assert '<p class="disp inciso suspenso" id="art4_cpt_inc3">' in html
    assert f'<span class="nota eficacia">{SUSPENDED}</span>' in html
    assert 'href="https://tj.exemplo.invalid/processos/0001234-56.2024.8.99.0000"' in html  # the decision listed
    assert "relator: Des. Fulano de Tal (fictício)" in html
    docx = api.render(norma, "docx")
    from docx import Document
    import io
    paras = [p for p in Document(io.BytesIO(docx)).paragraphs if p.text == SUSPENDED]
    # the note in the notes' paragraph style, never direct formatting (a template restyles it)
    assert paras and paras[0].style.name == "Nota de alteração" and not any(r.bold for r in paras[0].runs)


@pytest.mark.parametrize("when, situacao, annulled", [
    ("2024-01-01", None, False), ("2024-06-01", "suspenso", False), ("2024-11-15", None, False),
    ("2025-01-01", "suspenso", True),
])
def test_lexml_situacao_relation_and_round_trip(when, situacao, annulled):
    norma = api.act_at(L100, when, acervo=STATUTES).norma
    data = get_writer("xml")(norma)
    for profile in ("lexml-rigido", "lexml-flexivel"):
        assert validation_errors(data, profile) == []
    root = parse_xml(data)
    ns = {"l": "http://www.lexml.gov.br/1.0"}
    inc = root.find(".//l:Inciso[@id='art4_cpt_inc3']", ns)
    assert inc.get("situacao") == situacao
    anul = root.findall(".//l:CicloDeVida/l:Evento/l:AlteracaoFragmento/l:AnulamentoParcial", ns)
    assert bool(anul) is annulled
    if annulled:
        assert anul[0].get("AlvoLocal") == "art4_cpt_inc3"
        assert anul[0].get("FonteURN") == "https://tj.exemplo.invalid/processos/0001234-56.2024.8.99.0000"
        assert anul[0].getparent().getparent().get("data") == "2024-11-20"
    back = get_reader("lexml")(data).norma
    assert back.eficacia == norma.eficacia and back.as_of == when
    assert get_writer("xml")(back) == data


@pytest.mark.parametrize("when, status", [
    ("2024-06-01", "temporarilyRemoved"), ("2024-11-15", None), ("2025-01-01", "removed"),
])
def test_akn_status_and_passive_modification(when, status):
    norma = api.act_at(L100, when, acervo=STATUTES).norma
    data = get_writer("akn")(norma)
    assert validation_errors(data, "akn") == []
    root = parse_xml(data)
    ns = {"a": "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"}
    point = root.find(".//a:point[@eId='art_4__cpt__inc_3']", ns)
    assert point.get("status") == status
    mods = root.findall(".//a:passiveModifications/*", ns)
    if status is None:
        assert not mods
    else:
        kind = {"temporarilyRemoved": ("efficacyMod", "inapplication"), "removed": ("forceMod", "unconstitutionality")}
        assert (mods[0].tag.split("}")[1], mods[0].get("type")) == kind[status]
        assert mods[0].find("a:destination", ns).get("href") == "#art_4__cpt__inc_3"


# --- an amending act's efficacy reaches the norm it changed ---------------------------------

def _record(root: Path, folder: str, ev: Efficacy) -> None:
    ledger.record_eficacia(root / EX / folder, ev, MARIA, rule="uma pessoa")


def test_amending_act_declared_unconstitutional_brings_back_the_wording(acervo):
    """Lei nº 120/2021 gave art. 5º a new wording, included art. 7º-A and revoked art. 8º, III; the
    court strikes it whole (ADI of 10/5/2023): from that date art. 5º has its original wording
    again and art. 8º, III is back; art. 7º-A, which only Lei 120 gave, stays in the text marked
    as struck. Before the decision, the compiled text is what it was."""
    _record(acervo, "lei-120-2021", Efficacy("inconstitucional", Decision("ADI", "77", "TJXX", "2023-05-10"),
                                             recorded="2026-12-02"))
    before, after = _compile(acervo, "2023-05-09"), _compile(acervo, "2023-05-10")
    assert _line(before, "Art. 5º").startswith("Art. 5º A permissão vale por três anos")
    assert _line(after, "Art. 5º") == "Art. 5º A permissão vale por dois anos e poderá ser renovada por iguais períodos."
    assert ART8_INC3_REVOKED in before and ART8_INC3_REVOKED not in after
    assert ART8_INC3 in after
    assert _line(after, "Art. 7º-A").endswith(
        "(Declarada inconstitucional na ADI nº 77 (TJXX), de 10 de maio de 2023, a Lei nº 120, de 5 de agosto de 2021)")
    assert "(Declarad" not in _line(before, "Art. 7º-A")
    compiled = _compile(acervo, "2023-06-01", view="compilado")
    note = ("(Redação restabelecida: Lei nº 120, de 5 de agosto de 2021, declarada inconstitucional na ADI nº 77 "
            "(TJXX), de 10 de maio de 2023)")
    assert f"Art. 5º A permissão vale por dois anos e poderá ser renovada por iguais períodos. {note}" in compiled
    assert "[sem vigor] A permissão vale por três anos" in compiled  # Lei 120's wording, struck
    assert resolve(api.act_at(L100, "2023-06-01", acervo=acervo).norma).unit("art7-1").state == "inconstitucional"


def test_a_later_act_keeps_its_wording_when_an_earlier_one_falls(acervo):
    """Only the wording the struck act gave comes back: a unit another act changed after it
    keeps that act's wording. Here Lei 135/2022 renumbered the parágrafo único of art. 6º and
    included its § 2º; striking Lei 135 from 2024 gives back the parágrafo único and marks § 2º."""
    _record(acervo, "lei-135-2022", Efficacy("inconstitucional", Decision("ADI", "90", "TJXX", "2024-02-01"),
                                             ("art2",), recorded="2026-12-02"))
    after = _compile(acervo, "2024-03-01")
    assert "§ 2º No mesmo prazo, o permissionário comunicará a substituição do veículo. (Declarada " \
           "inconstitucional na ADI nº 90 (TJXX), de 1º de fevereiro de 2024, a Lei nº 135, de 20 de junho de 2022)" \
           in after
    assert "§ 1º A mudança de endereço" in after  # art. 1º of Lei 135 (the renumbering) was not struck


def test_modulated_declaration_of_an_amending_act_waits_for_its_date(acervo):
    _record(acervo, "lei-120-2021", Efficacy("inconstitucional", Decision("ADI", "77", "TJXX", "2023-05-10"),
                                             ("art1",), start="2024-01-01", recorded="2026-12-02"))
    mid = _compile(acervo, "2023-09-01")
    assert _line(mid, "Art. 5º").startswith("Art. 5º A permissão vale por três anos")
    assert _line(mid, "Art. 5º").endswith(
        "(Declarada inconstitucional na ADI nº 77 (TJXX), de 10 de maio de 2023, com efeitos a partir de "
        "1º de janeiro de 2024, a Lei nº 120, de 5 de agosto de 2021)")
    assert _line(_compile(acervo, "2024-01-01"), "Art. 5º").startswith("Art. 5º A permissão vale por dois anos")


def test_suspended_amending_act_marks_the_units_it_gave(acervo):
    _record(acervo, "lei-120-2021", Efficacy("suspensao", Decision("ADI", "78", "TJXX", "2023-02-01"),
                                             ("art2",), recorded="2026-12-02"))
    line = _line(_compile(acervo, "2023-03-01"), "Art. 7º-A")
    assert line.endswith("(Suspensa por decisão liminar na ADI nº 78 (TJXX), de 1º de fevereiro de 2023, "
                         "a Lei nº 120, de 5 de agosto de 2021)")
    assert _line(_compile(acervo, "2023-03-01"), "Art. 5º").startswith("Art. 5º A permissão vale por três anos")


def _revoking_act(root: Path, *, repristina: bool | None, text: str) -> None:
    folder = root / EX / "lei-160-2024"
    folder.mkdir()
    (folder / "texto.txt").write_text(
        "LEI Nº 160, DE 2 DE MAIO DE 2024 (LEI FICTÍCIA)\n\nRevoga a Lei nº 120, de 5 de agosto de 2021.\n\n"
        "O PREFEITO DO MUNICÍPIO DE EXEMPLO faz saber que a Câmara Municipal aprovou e ele sanciona a seguinte Lei:\n\n"
        f"Art. 1º {text}\n\nArt. 2º Esta Lei entra em vigor na data de sua publicação.\n\n"
        "Município de Exemplo, 2 de maio de 2024.\n\nFULANO DE TAL\nPrefeito Municipal\n", "utf-8")
    flag = "" if repristina is None else f"repristina = {'true' if repristina else 'false'}\n"
    (folder / "norma.toml").write_text(
        '# Ato FICTÍCIO (teste).\ntipo = "Lei"\nnumero = "160"\ndata = "2024-05-02"\n'
        'urn = "urn:lex:br;estado.ficticio;exemplo:municipal:lei:2024-05-02;160"\npublicacao = "2024-05-03"\n'
        f'\n[[relacoes]]\ntipo = "revoga"\nalvos = ["Lei nº 120/2021"]\n{flag}', "utf-8")


def test_revoking_an_amending_act_brings_nothing_back(acervo):
    """LINDB, art. 2º, § 3º: the wordings Lei 120 gave stay in Lei 100 after Lei 160 revokes Lei 120."""
    _revoking_act(acervo, repristina=None, text="Fica revogada a Lei nº 120, de 5 de agosto de 2021.")
    before, after = _compile(acervo, "2024-05-02"), _compile(acervo, "2024-06-01")
    assert before == after
    assert _line(after, "Art. 5º").startswith("Art. 5º A permissão vale por três anos")
    assert ART8_INC3_REVOKED in after
    h = api.amended(load(acervo), load(acervo).get(L100))
    assert not h.open_problems


def test_revoking_act_that_says_so_expressly_repristinates(acervo):
    _revoking_act(acervo, repristina=True, text="Fica revogada a Lei nº 120, de 5 de agosto de 2021, "
                                                "restabelecendo-se as redações que ela substituiu.")
    before, after = _compile(acervo, "2024-05-02"), _compile(acervo, "2024-05-03")
    assert _line(before, "Art. 5º").startswith("Art. 5º A permissão vale por três anos")
    assert _line(after, "Art. 5º") == "Art. 5º A permissão vale por dois anos e poderá ser renovada por iguais períodos."
    assert ART8_INC3 in after and ART8_INC3_REVOKED not in after
    compiled = _compile(acervo, "2024-05-03", view="compilado")
    assert ("Art. 5º A permissão vale por dois anos e poderá ser renovada por iguais períodos. (Redação "
            "restabelecida: repristinação expressa pela Lei nº 160, de 2 de maio de 2024, que revogou a Lei nº 120, "
            "de 5 de agosto de 2021)") in compiled


def test_revoking_act_that_speaks_of_restoring_waits_for_a_person(acervo):
    """Its text says 'restabelecendo-se', its relation says neither: not guessed."""
    _revoking_act(acervo, repristina=None, text="Fica revogada a Lei nº 120, de 5 de agosto de 2021, "
                                                "restabelecendo-se as redações que ela substituiu.")
    corpus = load(acervo)
    h = api.amended(corpus, corpus.get(L100))
    problems = [p for _, p in h.open_problems if p.code == "repristinacao-a-decidir"]
    assert problems and problems[0].blocking and "repristina = true" in problems[0].message


# --- recording, validation ---------------------------------------------------------------------

def test_the_ledger_keeps_decisions_and_events_together(acervo):
    folder = acervo / EX / "lei-150-2023"
    ev = Efficacy("execucao-suspensa", Decision("Resolução", "5", "Câmara Municipal", "2024-02-01"), ("art2_par1u",),
                  recorded="2026-12-02")
    entry = ledger.record_eficacia(folder, ev, MARIA)
    from lexconsolida.corpus.records import Decisao
    ledger.record(folder, Decisao("relacao-sem-operacoes", "ignorar", None, "teste"), MARIA, expected=None)
    table = tomllib.loads((folder / "decisoes.toml").read_text("utf-8"))
    assert [e["evento"] for e in table["registro"]] == ["eficacia", "decisao"]
    assert all(e["estado"] == "proposta" for e in table["registro"])  # the two-person rule, the default
    assert load(acervo).get("urn:lex:br;estado.ficticio;exemplo:municipal:lei:2023-09-14;150").eficacia == []
    with pytest.raises(ledger.Refused, match="duas pessoas"):
        ledger.approve(folder, entry.n, MARIA, expected=None)
    ledger.approve(folder, entry.n, ledger.Actor("joao", "João Lima"), expected=None)
    (saved,) = load(acervo).get("urn:lex:br;estado.ficticio;exemplo:municipal:lei:2023-09-14;150").eficacia
    with pytest.raises(InputError, match="já há um evento de eficácia"):
        ledger.record_eficacia(folder, ev, MARIA)
    ledger.remove_eficacia(folder, saved.id, MARIA, "registrado por engano")
    assert load(acervo).get("urn:lex:br;estado.ficticio;exemplo:municipal:lei:2023-09-14;150").eficacia  # proposal


def test_an_invalid_entry_is_refused_with_its_line(acervo):
    """A ledger of the earlier format (events written whole) is still read, and checked."""
    folder = acervo / EX / "lei-150-2023"
    (folder / "decisoes.toml").write_text(
        '[[eficacia]]\ntipo = "suspensao"\n\n[eficacia.decisao]\ntipo = "ADI"\nnumero = "1"\norgao = "TJXX"\n'
        '\n[[eficacia]]\ntipo = "suspensao"\nfim = "2024-01-01"\n\n[eficacia.decisao]\ntipo = "ADI"\n', "utf-8")
    with pytest.raises(InputError) as err:
        load(acervo)
    assert err.value.line == 9 and "precisa da decisão com tipo" in err.value.message


@pytest.mark.parametrize("args, message", [
    (["--registrar", "suspensao", "--decisao", "ADI", "--numero", "5", "--orgao", "TJXX", "--data-decisao",
      "2024-01-10", "--dispositivos", "art2_par9"], "o dispositivo art2_par9 não existe no texto do ato em 10 de janeiro de 2024"),
    (["--registrar", "suspensao-revogada", "--decisao", "ADI", "--numero", "5", "--orgao", "TJXX",
      "--data-decisao", "2024-01-10"], "não há suspensão liminar anterior no mesmo processo"),
    (["--registrar", "inconstitucional", "--decisao", "ADI", "--numero", "5", "--orgao", "TJXX",
      "--data-decisao", "2020-01-10"], "é anterior ao próprio ato"),
    (["--registrar", "suspensao", "--decisao", "ADI", "--numero", "5", "--orgao", "TJXX", "--data-decisao",
      "2024-01-10", "--dispositivos", "cap1"], "não existe no texto do ato"),
    (["--registrar", "suspensao", "--decisao", "ADI", "--numero", "5", "--orgao", "TJXX", "--data-decisao",
      "2024-02-10", "--fim", "2024-01-01"], "não é posterior ao seu início"),
])
def test_cli_refuses_an_event_its_text_contradicts(acervo, args, message):
    proc = _cli("eficacia", acervo / EX / "lei-150-2023", *args, "--acervo", acervo)
    assert proc.returncode == 2, proc.stderr.decode()
    assert message in proc.stderr.decode()
    assert not (acervo / EX / "lei-150-2023" / "decisoes.toml").exists()


def test_cli_records_lists_and_validates(acervo):
    folder = acervo / EX / "lei-150-2023"
    proc = _cli("eficacia", folder, "--registrar", "suspensao", "--decisao", "ADI", "--numero", "5",
                "--orgao", "TJXX", "--data-decisao", "2024-01-10", "--dispositivos", "art2_par1u", "--acervo", acervo)
    assert proc.returncode == 0, proc.stderr.decode()
    out = proc.stdout.decode()
    assert out.startswith("registrado: suspensao-adi-5-2024-01-10-art2-par1u") and "proposta" in out
    n = re.search(r"--aprovar (\d+)", out).group(1)
    assert _cli("eficacia", folder, "--aprovar", n, "--acervo", acervo).returncode == 2  # not by who proposed
    proc = _cli("eficacia", folder, "--aprovar", n, "--acervo", acervo, login="joao")
    assert proc.returncode == 0, proc.stderr.decode()
    listed = _cli("eficacia", folder, "--em", "2024-02-01", "--acervo", acervo)
    assert "nesta data: (Suspenso por decisão liminar na ADI nº 5 (TJXX), de 10 de janeiro de 2024)" in listed.stdout.decode()
    assert _cli("eficacia", folder, "--validar", "--acervo", acervo).returncode == 0
    proc = _cli("eficacia", folder, "--registrar", "suspensao-revogada", "--decisao", "ADI", "--numero", "5",
                "--orgao", "TJXX", "--data-decisao", "2024-03-01", "--acervo", acervo, login="joao")
    assert proc.returncode == 0, proc.stderr.decode()
    n = re.search(r"--aprovar (\d+)", proc.stdout.decode()).group(1)
    assert _cli("eficacia", folder, "--aprovar", n, "--acervo", acervo).returncode == 0
    text = api.render(api.act_at(str(folder), "2024-04-01", acervo=acervo).norma, "txt").decode()
    assert "vagas do ponto de táxi. (Vide ADI nº 5 (TJXX))" in text
    entries = tomllib.loads((folder / "decisoes.toml").read_text("utf-8"))["registro"]
    assert {(e["login"], e["via"], e["identificacao"]) for e in entries} == {
        ("maria", "linha de comando", "login do sistema"), ("joao", "linha de comando", "login do sistema")}


def test_cli_refuses_an_identity_nobody_declared(acervo):
    folder = acervo / EX / "lei-150-2023"
    args = ("eficacia", folder, "--registrar", "suspensao", "--decisao", "ADI", "--numero", "5", "--orgao", "TJXX",
            "--data-decisao", "2024-01-10", "--acervo", acervo)
    proc = _cli(*args, login="prefeito")
    assert proc.returncode == 2 and "identidade desconhecida" in proc.stderr.decode()
    proc = _cli(*args, "--responsavel", "Prefeito Fulano")
    assert proc.returncode == 2 and "--responsavel não existe mais" in proc.stderr.decode()
    assert not (folder / "decisoes.toml").exists()


def test_efeitos_read_from_the_acts_own_clause(tmp_path):
    """'ressalvado o art. 2º, que produzirá efeitos a partir de …' in the act's vigência article gives
    the date of the units the person names (the reader leaves such a clause to a person)."""
    root = tmp_path / "statutes"
    shutil.copytree(STATUTES / EX, root / EX)
    folder = root / EX / "lei-150-2023"
    text = (folder / "texto.txt").read_text("utf-8").replace(
        "Art. 3º Esta Lei entra em vigor na data de sua publicação.",
        "Art. 3º Esta Lei entra em vigor na data de sua publicação, ressalvado o art. 2º, que produzirá efeitos a "
        "partir de 1º de janeiro de 2024.")
    (folder / "texto.txt").write_text(text, "utf-8")
    _declare(root, one_person=True)
    proc = _cli("eficacia", folder, "--registrar", "efeitos", "--fonte", "art3", "--dispositivos", "art2",
                "--acervo", root)
    assert proc.returncode == 0, proc.stderr.decode()
    ev = load(root).get("urn:lex:br;estado.ficticio;exemplo:municipal:lei:2023-09-14;150").eficacia[0]
    assert (ev.kind, ev.start, ev.source) == ("efeitos", "2024-01-01", "art3")
    before = api.render(api.act_at(str(folder), "2023-10-01", acervo=root).norma, "txt").decode()
    assert _line(before, "Art. 2º").endswith("(Produz efeitos a partir de 1º de janeiro de 2024, conforme o art. 3º)")
    assert resolve(api.act_at(str(folder), "2023-10-01", acervo=root).norma).unit("art2_par1u").state == "efeitos-futuros"
    after = api.render(api.act_at(str(folder), "2024-01-01", acervo=root).norma, "txt").decode()
    assert _line(after, "Art. 2º").endswith("(Efeitos a partir de 1º de janeiro de 2024, conforme o art. 3º)")


# --- consolidation and audit -----------------------------------------------------------------

def _spec(acervo: Path, em: str) -> Path:
    spec = acervo / EX / "consolidacoes" / "taxi.toml"
    spec.write_text(re.sub(r'em = "\d{4}-\d{2}-\d{2}"', f'em = "{em}"', spec.read_text("utf-8")), "utf-8")
    return spec


def test_consolidation_leaves_a_struck_unit_out_and_lists_a_suspended_one(acervo, tmp_path):
    out = tmp_path / "c1"
    proc = run_cli("consolidate", _spec(acervo, "2024-06-01"), "-o", out, "--acervo", acervo)
    assert proc.returncode == 0, proc.stderr.decode()
    review = (out / "revisao.html").read_text("utf-8")
    assert "Decisões judiciais e eficácia das fontes" in review
    assert f"Lei nº 100, de 10 de março de 2020, art. 4º, inciso III: {SUSPENDED[1:-1]}" in review
    assert "não tenha sido condenada" in (out / "norma.txt").read_text("utf-8")
    out2 = tmp_path / "c2"
    proc = run_cli("consolidate", _spec(acervo, "2025-01-01"), "-o", out2, "--acervo", acervo)
    assert proc.returncode == 0, proc.stderr.decode()
    assert "não tenha sido condenada" not in (out2 / "norma.txt").read_text("utf-8")
    corr = (out2 / "revisao.html").read_text("utf-8")
    assert "Declarado inconstitucional na ADI nº 0001234-56.2024.8.99.0000 (TJXX)" in corr
    assert "(LC 95/1998, art. 13, § 2º, IX)" in corr


# --- the review desk's form ----------------------------------------------------------------------

def test_the_desk_lists_decisions_and_records_one_after_checking_it(acervo):
    from starlette.testclient import TestClient

    from lexconsolida.review.app import create_app, load_access
    from lexconsolida.review.auth import User
    from lexconsolida.review.desk import Desk
    from tests.mesa_support import csrf_of

    desk = Desk(acervo)
    app = create_app(desk, load_access(None, "127.0.0.1", User("maria", "revisor", "Maria Souza")))
    client = TestClient(app, base_url="http://127.0.0.1:8024", follow_redirects=False)
    page = client.get(f"/ato/{EX}/lei-100-2020").text
    assert "Decisões judiciais e eficácia" in page and "Hoje: declarado inconstitucional." in page
    act = f"/ato/{EX}/lei-150-2023"
    page = client.get(act).text
    assert 'action="/ato/xx-municipio-de-exemplo/lei-150-2023/eficacia"' in page
    form = {"csrf": csrf_of(page), "tipo": "suspensao", "decisao_tipo": "ADI", "decisao_numero": "5",
            "decisao_orgao": "TJXX", "decisao_data": "2024-01-10", "dispositivos": "art2_par9"}
    refused = client.post(f"{act}/eficacia", data=form)
    assert refused.status_code == 422
    assert "o dispositivo art2_par9 não existe no texto do ato em 10 de janeiro de 2024" in refused.text
    assert 'value="art2_par9"' in refused.text  # the form comes back as it was filled
    assert client.post(f"{act}/eficacia", data={**form, "csrf": "x", "dispositivos": "art2_par1u"}).status_code == 403
    saved = client.post(f"{act}/eficacia", data={**form, "dispositivos": "art2_par1u"})
    assert saved.status_code == 303, saved.text
    entry = tomllib.loads((acervo / EX / "lei-150-2023" / "decisoes.toml").read_text("utf-8"))["registro"][0]
    assert (entry["evento"], entry["estado"], entry["eficacia"]["dispositivos"], entry["login"]) == (
        "eficacia", "proposta", ["art2_par1u"], "maria")
    page = client.get(act).text
    assert "Hoje: suspenso" not in page and "Propostas aguardando a aprovação de outra pessoa" in page
    own = client.post(f"{act}/proposta", data={"csrf": csrf_of(page), "entrada": "1", "acao": "aprovar"})
    assert own.status_code == 403  # not by the person who proposed it
    ledger.approve(acervo / EX / "lei-150-2023", 1, ledger.Actor("joao", "João Lima"), expected=None)
    desk.check_changes()  # approved elsewhere: the desk sees it
    page = client.get(act).text
    assert "Hoje: suspenso por decisão liminar." in page
    norma = desk.ac.norma("urn:lex:br;estado.ficticio;exemplo:municipal:lei:2023-09-14;150")
    assert [e.id for e in norma.eficacia] == [entry["eficacia_id"]]


def test_audit_flags_a_struck_unit_carried_as_valid_and_accepts_leaving_it_out(acervo, tmp_path):
    import json

    before = tmp_path / "antes"  # consolidated on 1/1/2024: the inciso was valid then
    assert run_cli("consolidate", _spec(acervo, "2024-01-01"), "-o", before, "--acervo", acervo).returncode == 0
    after = tmp_path / "depois"  # on 1/1/2025 the declaration has effect: left out
    spec = _spec(acervo, "2025-01-01")
    assert run_cli("consolidate", spec, "-o", after, "--acervo", acervo).returncode == 0

    def audit(consolidated: Path) -> dict:
        proc = run_cli("auditar", consolidated / "norma.xml", "--spec", spec, "--acervo", acervo, "--to", "json")
        assert proc.returncode in (0, 1), proc.stderr.decode()
        return json.loads(proc.stdout)

    stale = audit(before)
    rows = [r for r in stale["dispositivos"] if any(f["tipo"] == "inconstitucional" for f in r["alteracoes"])]
    assert len(rows) == 1 and rows[0]["veredito"] == "merito"
    assert "não tenha sido condenada" in rows[0]["texto"]
    assert any("art. 4º, inciso III: Declarado inconstitucional" in n for n in stale["observacoes"])
    fresh = audit(after)
    assert not [r for r in fresh["dispositivos"] if any(f["tipo"] == "inconstitucional" for f in r["alteracoes"])]
    lost = [r for r in fresh["perdas_e_supressoes"] if "não tenha sido condenada" in r["texto"]]
    assert len(lost) == 1 and lost[0]["veredito"] == "permitido"
    assert (lost[0]["alteracoes"][0]["inciso"], lost[0]["alteracoes"][0]["justificado"]) == ("IX", True)


# --- the site, the OAI hook, Feira de Santana ------------------------------------------------------

def test_the_site_shows_each_decision_on_its_date(acervo, tmp_path, monkeypatch):
    from lexconsolida.site import build_site
    from lexconsolida.site.source import site_from_corpus

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1796083200")  # 2026-12-02
    out = tmp_path / "site"
    build_site(site_from_corpus(load(acervo)).corpus, out)
    act = out / EX / "lei-100-2020"
    assert {"2024-03-04.html", "2024-11-11.html", "2024-11-20.html"} <= {p.name for p in (act / "versoes").iterdir()}

    def line(page: Path) -> str:
        return re.search(r'<p class="[^"]*" id="art4_cpt_inc3">.*?</p>', page.read_text("utf-8")).group(0)

    assert "eficacia" not in line(act / "versoes" / "2022-06-21.html")
    assert 'class="disp inciso suspenso"' in line(act / "versoes" / "2024-03-04.html")
    assert SUSPENDED in line(act / "versoes" / "2024-03-04.html")
    assert 'class="disp inciso"' in line(act / "versoes" / "2024-11-11.html")  # modulated: still applies
    assert STRUCK in line(act / "versoes" / "2024-11-11.html")
    assert 'class="disp inciso inconstitucional"' in line(act / "index.html")
    index = (act / "index.html").read_text("utf-8")
    assert "Decisões judiciais e eficácia" in index and "Nesta data: declarado inconstitucional." in index


def test_the_lexml_provider_hook_yields_declarations_with_a_urn(acervo):
    from lexconsolida.acervo.pipeline import build
    from lexconsolida.oai.records import RELATION_SOURCES, court_decisions

    assert court_decisions in RELATION_SOURCES
    assert list(court_decisions(build(acervo))) == []  # the fictional ADI has no LexML URN
    decision = "urn:lex:br;estado.ficticio:estadual:tribunal.justica:acordao;adi:2024-11-11;1234"
    ledger.record_eficacia(acervo / EX / "lei-150-2023", Efficacy(
        "inconstitucional", Decision("ADI", "1234", "TJXX", "2024-11-11", urn=decision), recorded="2026-12-02"),
        MARIA, rule="uma pessoa")
    assert list(court_decisions(build(acervo))) == [
        (decision, "declara-inconstitucional", "urn:lex:br;estado.ficticio;exemplo:municipal:lei:2023-09-14;150")]


L2995 = "urn:lex:br;bahia;feira.santana:municipal:lei:2009-06-17;2995"
FEIRA_VIDE = ("(Vide ADI nº 0002497-84.2014.8.05.0000 (TJBA): declaração de inconstitucionalidade, em data não "
              "informada)")
FEIRA_STRUCK = "(Declarada inconstitucional na ADI nº 0002497-84.2014.8.05.0000 (TJBA) (data da decisão não informada))"


@pytest.mark.shared
@pytest.mark.parametrize("when, note", [("2009-06-17", FEIRA_VIDE), ("2020-01-01", FEIRA_VIDE),
                                        ("2026-12-02", FEIRA_STRUCK), ("2027-06-01", FEIRA_STRUCK)])
def test_feira_law_with_a_recorded_decision(when, note):
    """Lei 2.995/2009 of Feira de Santana: the source annotates '(Declarada inconstitucional, conforme
    ADIN nº 0002497-84.2014.8.05.0000)' without a date. Recorded on 2/12/2026: from then, the law
    is struck as a whole; before, the text carries only 'Vide' (the decision may not exist yet)."""
    norma = api.act_at(L2995, when, acervo=STATUTES).norma
    text = api.render(norma, "txt").decode()
    lines = text.splitlines()  # the published text first says what it is (and its status), in brackets
    assert lines[lines.index("LEI Nº 2.995, DE 17 DE JUNHO DE 2009") + 2] == note
    assert "Art. 1º Fica proibido o funcionamento dos bares" in text  # the text stays
    struck = note == FEIRA_STRUCK
    assert resolve(norma).act_state == ("inconstitucional" if struck else None)
    data = get_writer("xml")(norma)
    assert validation_errors(data, "lexml-rigido") == [] or validation_errors(data, "lexml-flexivel") == []
    assert (b"<AnulamentoTotal" in data) is struck
    akn = get_writer("akn")(norma)
    assert validation_errors(akn, "akn") == []
    assert note.encode() in akn
    html = api.render(norma, "html").decode()
    from lexconsolida.model.status import status_of
    if struck:  # the status says it, on top of the page and in the metadata
        assert status_of(norma).code == "inconstitucional"
        assert ('<p class="aviso-situacao"><strong>Lei declarada inconstitucional na ADI nº 0002497-84.2014.8.05.0000 '
                '(TJBA) (data da decisão não informada): o texto abaixo não se aplica.</strong></p>') in html
        assert "<dt>Situação</dt><dd>declarada inconstitucional</dd>" in html
    else:
        assert status_of(norma).code == "vigente"
        assert f'<p class="aviso-situacao aviso-eficacia"><strong>{note}</strong></p>' in html
