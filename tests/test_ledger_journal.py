"""The decision ledger as an append-only journal (``corpus/journal.py``, ``corpus/ledger.py``):
the project's ledgers migrated with the same folded state as before; every change an entry added
at the end; the fold of the entries is what is in force; hand edits of earlier entries, removed
or reordered entries and a file cut short are refused on read with the file and the line; the
two-person rule checked again by every read."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexconsolida.corpus import journal, ledger
from lexconsolida.corpus.records import Decisao, ledger_contents, load_act
from lexconsolida.errors import InputError
from tests.conftest import ROOT, STATUTES

OLD = ROOT / "tests" / "golden" / "livros-antigos"
ANA = ledger.Actor("ana", "Ana Lima")
BRUNO = ledger.Actor("bruno", "Bruno Reis")


def _decisions(ds: list[Decisao]) -> list[tuple]:
    return sorted((d.problema, d.dispositivo, d.decisao, d.nota, d.responsavel, d.data, d.alvo, d.texto_hash,
                   d.in_force, [(o.tipo, o.alvo, o.texto, o.rotulo) for o in d.operacoes]) for d in ds)


@pytest.mark.parametrize("old", sorted(OLD.rglob("decisoes.toml")), ids=lambda p: p.parent.name)
def test_the_projects_ledgers_migrated_fold_to_the_old_state(tmp_path, old: Path):
    """Each ledger of the project (the example municipality's and the Feira decisions in
    statutes/), as it was written before the journal, migrated: the decisions and efficacy
    events in force are the same, and equal those of the journal committed in statutes/."""
    rel = old.relative_to(OLD).parent
    folder = tmp_path / rel.name
    folder.mkdir()
    shutil.copy(STATUTES / rel / "norma.toml", folder / "norma.toml")
    shutil.copy(old, folder / "decisoes.toml")
    decisions, issues, events = ledger_contents(folder)
    assert not issues and (decisions or events)
    ledger.migrate(folder)
    table = tomllib.loads((folder / "decisoes.toml").read_text(encoding="utf-8"))
    assert journal.is_journal(table) and all(e["via"] == "migração" for e in table["registro"])
    after_d, _, after_e = ledger_contents(folder)
    assert _decisions(after_d) == _decisions(decisions)
    assert after_e == events
    committed_d, _, committed_e = ledger_contents(STATUTES / rel)
    assert _decisions(committed_d) == _decisions(decisions) and committed_e == events
    assert (folder / "decisoes.toml").read_text(encoding="utf-8") == (STATUTES / rel / "decisoes.toml").read_text(
        encoding="utf-8")


@pytest.fixture
def folder(tmp_path) -> Path:
    f = tmp_path / "lei-1-2020"
    f.mkdir()
    (f / "norma.toml").write_text('tipo = "Lei"\nurn = "urn:lex:br;x:municipal:lei:2020-01-01;1"\n', encoding="utf-8")
    return f


def _three(folder: Path) -> None:
    ledger.record(folder, Decisao("alvo-ambiguo", "ignorar", "art1", "primeira"), ANA, expected="")
    ledger.approve(folder, 1, BRUNO, expected=None)
    ledger.record(folder, Decisao("sem-texto-novo", "adiar", "art2", "terceira"), ANA, expected="")


def test_every_change_is_an_entry_added_at_the_end(folder):
    ledger.record(folder, Decisao("alvo-ambiguo", "ignorar", "art1", "primeira"), ANA, expected="")
    first = (folder / "decisoes.toml").read_text(encoding="utf-8")
    ledger.approve(folder, 1, BRUNO, expected=None)
    second = (folder / "decisoes.toml").read_text(encoding="utf-8")
    assert second.startswith(first.rsplit("# fim do livro", 1)[0])  # only the trailer moves
    state = ledger.state(folder)
    assert [e.evento for e in state.entries] == ["decisao", "aprovacao"]
    eff = state.decisions[("alvo-ambiguo", "art1")]
    assert (eff.entry.n, eff.approval.n, eff.approval.who) == (1, 2, "Bruno Reis (bruno)")


@pytest.mark.parametrize("edit, line_of", [
    (lambda t: t.replace('nota = "primeira"', 'nota = "outra, escrita à mão"'), "[[registro]]\nn = 1"),
    (lambda t: t.replace('decisao = "ignorar"', 'decisao = "aplicar"'), "[[registro]]\nn = 1"),
    (lambda t: t.replace('login = "bruno"', 'login = "ana"'), "[[registro]]\nn = 2"),
])
def test_hand_rewriting_an_earlier_entry_is_detected_on_read(folder, edit, line_of):
    _three(folder)
    path = folder / "decisoes.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(edit(text), encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_act(folder, "x")
    want = text[:text.index(line_of)].count("\n") + 1
    assert err.value.line == want and "não confere com o seu hash" in err.value.message
    assert str(path) in str(err.value)


def test_removed_reordered_or_cut_entries_are_detected(folder):
    _three(folder)
    path = folder / "decisoes.toml"
    text = path.read_text(encoding="utf-8")
    blocks = text.split("\n[[registro]]\n")
    # the last entry removed (and the trailer with it, or kept)
    for cut in ("\n[[registro]]\n".join(blocks[:-1]) + "\n", text[: text.index("# fim do livro")]):
        path.write_text(cut, encoding="utf-8")
        with pytest.raises(InputError, match="livro de registro danificado"):
            ledger.state(folder)
    # two entries swapped
    swapped = "\n[[registro]]\n".join([blocks[0], blocks[2], blocks[1], blocks[3]])
    path.write_text(swapped, encoding="utf-8")
    with pytest.raises(InputError, match="removida, inserida ou movida"):
        ledger.state(folder)
    # half a file, random bytes
    path.write_bytes(text.encode("utf-8")[: len(text) // 2])
    with pytest.raises(InputError) as err:
        ledger.state(folder)
    assert err.value.line is not None or "na linha" in err.value.message or "no fim do arquivo" in err.value.message
    path.write_bytes(b"[[registro]]\n\xff\xfe\x00garbage\n")
    with pytest.raises(InputError, match="UTF-8") as err:
        load_act(folder, "x")
    assert err.value.line == 2


def test_the_fold_refuses_what_the_rule_does_not_allow_even_with_valid_hashes(folder):
    """Entries written by hand with their hashes recomputed still go through the rule."""
    base = {"login": "ana", "nome": "Ana", "quando": "2026-12-02T10:00:00-03:00", "via": "mesa",
            "identificacao": "senha", "regra": "duas pessoas"}
    cases = [
        ([{"n": 1, "evento": "decisao", "estado": "em vigor", "problema": "x", "dispositivo": "art1", **base,
           "decisao": {"decisao": "ignorar"}}], "sem a aprovação de uma segunda pessoa"),
        ([{"n": 1, "evento": "decisao", "estado": "proposta", "problema": "x", **base, "decisao": {"decisao": "ignorar"}},
          {"n": 2, "evento": "aprovacao", "aprova": 1, **base}], "mesma pessoa que a fez"),
        ([{"n": 1, "evento": "retirada", "estado": "proposta", "problema": "x", **base}], "não está em vigor"),
        ([{"n": 1, "evento": "aprovacao", "aprova": 1, **base}], "não é anterior"),
        # the migration's exemption from the rule, claimed by an entry written by hand
        ([{"n": 1, "evento": "decisao", "estado": "em vigor", "problema": "x", **base, "regra": "registro anterior",
           "decisao": {"decisao": "ignorar"}}], "esta foi escrita à mão"),
        ([{"n": 1, "evento": "decisao", "estado": "proposta", "problema": "x", **base, "decisao": {"decisao": "ignorar"}},
          {"n": 2, "evento": "decisao", "estado": "em vigor", "problema": "y", **base, "via": "migração",
           "regra": "registro anterior", "identificacao": "sem identificação", "decisao": {"decisao": "ignorar"}}],
         "as migradas são as primeiras do livro"),
        ([{"n": 1, "evento": "decisao", "estado": "proposta", "problema": "x", **{**base, "login": ""},
           "decisao": {"decisao": "ignorar"}}], "diz quem a fez"),
    ]
    for tables, message in cases:
        (folder / "decisoes.toml").write_text(journal.dumps(journal.chained(tables)), encoding="utf-8")
        with pytest.raises(InputError, match=message):
            ledger.state(folder)


def test_the_two_person_rule_on_replacing_and_withdrawing(folder):
    ledger.record(folder, Decisao("x", "ignorar", "art1", "a"), ANA, expected="")
    ledger.approve(folder, 1, BRUNO, expected=None)
    version = ledger.state(folder).version(("x", "art1"))
    ledger.record(folder, Decisao("x", "aplicar", "art1", "troca"), ANA, expected=version)
    state = ledger.state(folder)
    assert state.decisions[("x", "art1")].entry.n == 1 and state.pending(("x", "art1")).n == 3
    with pytest.raises(ledger.Conflict):  # the page was opened before the proposal
        ledger.withdraw(folder, ("x", "art1"), BRUNO, "fora", expected=version)
    with pytest.raises(ledger.Refused, match="duas pessoas"):
        ledger.approve(folder, 3, ANA, expected=None)
    ledger.discard(folder, 3, ANA, "engano", expected=None)
    ledger.withdraw(folder, ("x", "art1"), BRUNO, "o ato foi anulado", expected=None)
    assert ("x", "art1") in ledger.state(folder).decisions  # withdrawn only when approved
    ledger.approve(folder, 5, ANA, expected=None)
    assert ("x", "art1") not in ledger.state(folder).decisions
    ledger.revert(folder, 5, BRUNO, "a retirada foi engano", expected=None)
    ledger.approve(folder, 7, ANA, expected=None)
    state = ledger.state(folder)
    assert state.decisions[("x", "art1")].entry.get("reverte") == 5
    assert [e.n for e in state.history(("x", "art1"))] == [1, 2, 3, 4, 5, 6, 7, 8]


def test_one_person_mode_is_recorded_in_each_entry(folder):
    entry = ledger.record(folder, Decisao("x", "ignorar", "art1", "a"), ANA, rule=journal.ONE, expected="")
    assert entry.estado == "em vigor" and entry.regra == "uma pessoa"
    assert ("x", "art1") in ledger.state(folder).decisions


_keys = st.sampled_from([("alvo-ambiguo", "art1"), ("sem-texto-novo", "art2"), ("x", None)])
_actions = st.lists(st.tuples(_keys, st.sampled_from(["ignorar", "aplicar", "adiar"]),
                              st.text(min_size=1, max_size=20).filter(str.strip)), max_size=8)


@settings(max_examples=40, deadline=None)
@given(_actions)
def test_the_fold_is_the_last_decision_of_each_item(tmp_path_factory, actions):
    """Any sequence of decisions (one-person mode): the fold holds the last one of each item, and
    the file reads back the same, byte for byte."""
    folder = tmp_path_factory.mktemp("livro")
    (folder / "norma.toml").write_text('tipo = "Lei"\nurn = "urn:lex:br;x:municipal:lei:2020-01-01;1"\n',
                                       encoding="utf-8")
    want: dict = {}
    for (code, where), kind, note in actions:
        version = ledger.state(folder).version((code, where))
        ledger.record(folder, Decisao(code, kind, where, note), ANA, rule=journal.ONE, expected=version)
        want[(code, where)] = (kind, note)
    state = ledger.state(folder)
    assert {k: (e.entry.get("decisao")["decisao"], e.entry.nota) for k, e in state.decisions.items()} == want
    if actions:
        text = (folder / "decisoes.toml").read_text(encoding="utf-8")
        assert journal.dumps([e.table for e in state.entries]) == text
