"""``amendments.decisions.decide`` with the desk's decision values, states and hashes, on a
recognition made by hand (two instructions, one problem each)."""

from __future__ import annotations

from lexconsolida.amendments.decisions import decide, instruction_digest
from lexconsolida.amendments.model import Operation, Problem, Recognition
from lexconsolida.corpus.records import Decisao
from lexconsolida.model import Dispositivo, Kind, Norma

T = "urn:lex:br;x:municipal:lei:2020-01-01;1"


def _rec() -> Recognition:
    ops = [Operation("redacao", T, "Lei nº 1", "art1", text="um", where="art1"),
           Operation("redacao", T, "Lei nº 1", "art2", text="dois", where="art2")]
    probs = [Problem("alvo-ambiguo", "ambíguo", "", 3, "art1"), Problem("sem-texto-novo", "sem texto", "", 5, "art2")]
    return Recognition(None, "Lei nº 9", ops, probs)


def _ids(decided) -> list[str]:
    return [o.target_id for o in decided.recognition.operations]


def test_ignore_without_dispositivo_drops_only_the_instruction_of_each_problem():
    d = decide(_rec(), [Decisao("alvo-ambiguo", "ignorar")])
    assert _ids(d) == ["art2"] and [p.code for p in d.recognition.problems] == ["sem-texto-novo"]


def test_proposals_and_deferrals_do_not_count_and_stay_waiting():
    for dec in (Decisao("alvo-ambiguo", "aplicar", "art1", estado="proposta"), Decisao("alvo-ambiguo", "adiar", "art1")):
        d = decide(_rec(), [dec])
        assert "alvo-ambiguo" in [p.code for p in d.recognition.problems]
        assert [x for _, x in d.waiting] == [dec] and d.unused == []


def test_non_textual_notes_the_unit_and_drops_the_wording():
    dec = Decisao("alvo-ambiguo", "nao-textual", "art1", nota="valores", alvo=f"{T}!art5")
    d = decide(_rec(), [dec])
    assert [(o.kind, o.target_id, o.note) for o in d.recognition.operations] == \
        [("redacao", "art2", None), ("nota", "art5", "valores")]


def test_a_changed_instruction_reopens_its_decision():
    norma = Norma(articulacao=[Dispositivo(Kind.ARTIGO, "art1", "Art. 1º", children=[
        Dispositivo(Kind.CAPUT, "art1_cpt", text="Dê-se ao art. 1º a seguinte redação:")])])
    digest = instruction_digest(norma, "art1")
    dec = Decisao("alvo-ambiguo", "aplicar", "art1", texto_hash=digest)
    assert decide(_rec(), [dec], lambda w: instruction_digest(norma, w)).resolved
    norma.articulacao[0].children[0].text = "Dê-se ao art. 2º a seguinte redação:"
    d = decide(_rec(), [dec], lambda w: instruction_digest(norma, w))
    assert not d.resolved and [x for _, x in d.reopened] == [dec]


def test_a_decision_on_a_failed_application_acts_before_it():
    dec = Decisao("falha-na-aplicacao", "ignorar", "art2")
    rec = _rec()
    rec.problems = []
    d = decide(rec, [dec])
    assert _ids(d) == ["art1"] and d.unused == []
