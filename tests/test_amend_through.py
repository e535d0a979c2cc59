"""Acts that amend or revoke an amending act: the unit cited in the amending act is text it
carried to another norm ('Fica revogado o § 2º do art. 1º da Lei nº 200', whose art. 1º added
that § 2º to art. 2º of Lei nº 100), so the change is of that other norm.

Every text here is written for the test (fictional municipality of Vila Nova), not copied.
"""

from __future__ import annotations

from pathlib import Path

from lexconsolida.acervo.importer import import_folder
from lexconsolida.acervo.pipeline import build
from lexconsolida.amendments import recognise
from lexconsolida.amendments.through import AmendingText, redirect
from lexconsolida.model import Event, Situacao
from lexconsolida.readers.text import read
from lexconsolida.transforms.amend import apply

FECHO = "\n\nPrefeitura Municipal de Vila Nova-MT, {dia} de {mes} de {ano}.\n\nFULANO DE TAL\nPrefeito\n"
L100 = "urn:lex:br;mato.grosso;vila.nova:municipal:lei:2001-01-02;100"
L200 = "urn:lex:br;mato.grosso;vila.nova:municipal:lei:2005-06-07;200"
L300 = "urn:lex:br;mato.grosso;vila.nova:municipal:lei:2009-09-10;300"
KNOWN = {("lei", "100"): L100, ("lei", "200"): L200, ("lei", "300"): L300}

BASE = ("LEI Nº 100, DE 2 DE JANEIRO DE 2001\n\nDispõe sobre as feiras livres.\n\n"
        "O PREFEITO MUNICIPAL DE VILA NOVA-MT faz saber:\n\n"
        "Art. 1º As feiras livres funcionam aos domingos.\n\n"
        "Art. 2º A licença do feirante é anual.\n\n"
        "§ 1º A licença é pessoal.\n\n"
        "Art. 3º Esta Lei entra em vigor na data de sua publicação."
        + FECHO.format(dia=2, mes="janeiro", ano=2001))
AMENDING = ("LEI Nº 200, DE 7 DE JUNHO DE 2005\n\nAltera a Lei nº 100, de 2 de janeiro de 2001.\n\n"
            "O PREFEITO MUNICIPAL DE VILA NOVA-MT faz saber:\n\n"
            "Art. 1º Fica acrescido ao art. 2º da Lei nº 100, de 2 de janeiro de 2001, o seguinte § 2º:\n\n"
            "\"§ 2º A licença pode ser transferida ao cônjuge.\"\n\n"
            "Art. 2º O art. 1º da Lei nº 100, de 2 de janeiro de 2001, passa a vigorar com a seguinte redação:\n\n"
            "\"Art. 1º As feiras livres funcionam aos sábados e domingos.\"\n\n"
            "Art. 3º Esta Lei entra em vigor na data de sua publicação."
            + FECHO.format(dia=7, mes="junho", ano=2005))
REVOKING = ("LEI Nº 300, DE 10 DE SETEMBRO DE 2009\n\nAltera a Lei nº 200, de 7 de junho de 2005.\n\n"
            "O PREFEITO MUNICIPAL DE VILA NOVA-MT faz saber:\n\n"
            "Art. 1º Fica revogado o § 2º do art. 1º da Lei nº 200, de 7 de junho de 2005.\n\n"
            "Art. 2º Esta Lei entra em vigor na data de sua publicação."
            + FECHO.format(dia=10, mes="setembro", ano=2009))
REWORDING = REVOKING.replace(
    "Fica revogado o § 2º do art. 1º da Lei nº 200, de 7 de junho de 2005.",
    "O art. 1º da Lei nº 200, de 7 de junho de 2005, passa a vigorar com a seguinte redação:\n\n"
    "\"Art. 1º As feiras livres funcionam todos os dias.\"")


def _norma(text: str):
    return read(text.encode(), path="ato.txt").norma


def _resolve(ref):
    return KNOWN.get((ref.tipo, ref.numero))


def _lookup(*texts: str):
    """The cited acts, as the acervo gives them: own ids and recognised operations."""
    out = {}
    for text in texts:
        n = _norma(text)
        out[KNOWN[("lei", n.numero)]] = AmendingText({d.id for d in n.dispositivos()},
                                                      recognise(n, _resolve).operations, n.label)
    return out.get


def test_revocation_of_a_unit_an_amending_act_carried_goes_to_the_amended_norm():
    rec = recognise(_norma(REVOKING), _resolve)
    assert [(o.kind, o.target_urn, o.target_id) for o in rec.operations] == [("revogacao", L200, "art1_par2")]
    assert redirect(rec, _lookup(AMENDING)) == 1
    (op,) = rec.operations
    assert (op.kind, op.target_urn, op.target_id, op.via) == ("revogacao", L100, "art2_par2", L200)
    (p,) = rec.problems
    assert (p.code, p.blocking, p.target_urn) == ("alteracao-de-ato-alterador", False, L100)
    assert "art2_par2" in p.message and "art1" in p.message


def test_new_wording_of_an_article_an_amending_act_quoted_whole():
    """'O art. 1º da Lei nº 200' where the Lei nº 200 has an art. 1º of its own is its own
    art. 1º, never redirected; the art. 1º of the Lei nº 100 it quoted in its art. 2º is not it."""
    rec = recognise(_norma(REWORDING), _resolve)
    assert redirect(rec, _lookup(AMENDING)) == 0
    assert [(o.target_urn, o.target_id) for o in rec.operations] == [(L200, "art1")]
    amending_without_art4 = AMENDING.replace("Art. 2º O art. 1º", "Art. 2º O art. 4º").replace(
        "\"Art. 1º As feiras livres funcionam aos sábados", "\"Art. 4º As feiras livres funcionam aos sábados")
    rec = recognise(_norma(REWORDING.replace("O art. 1º da Lei nº 200", "O art. 4º da Lei nº 200")
                           .replace("\"Art. 1º As feiras livres funcionam todos", "\"Art. 4º As feiras livres funcionam todos")),
                    _resolve)
    assert redirect(rec, _lookup(amending_without_art4)) == 1
    (op,) = rec.operations
    assert (op.kind, op.target_urn, op.target_id, op.text) == (
        "redacao", L100, "art4", "As feiras livres funcionam todos os dias.")


def test_a_unit_two_instructions_carried_is_for_a_person_to_decide():
    """The art. 1º of the cited act carried two § 2º (to two articles of the other norm):
    'o § 2º do art. 1º' may be either, so the candidates are named and nothing is applied."""
    twice = AMENDING.replace(
        "\"§ 2º A licença pode ser transferida ao cônjuge.\"",
        "\"§ 2º A licença pode ser transferida ao cônjuge.\"\n\n"
        "\"Art. 3º-A As bancas são numeradas.\n\n§ 2º A numeração é anual.\"")
    rec = recognise(_norma(REVOKING), _resolve)
    assert redirect(rec, _lookup(twice)) == 0
    assert rec.operations == []
    (p,) = [p for p in rec.problems if p.code == "ato-alterador-ambiguo"]
    assert p.blocking and p.target_urn == L200
    assert "art2_par2" in p.message and "art3-1_par2" in p.message


def test_unit_of_the_amending_act_itself_or_not_carried_stays_as_it_was():
    rec = recognise(_norma(REVOKING.replace("o § 2º do art. 1º", "o § 5º do art. 1º")), _resolve)
    assert redirect(rec, _lookup(AMENDING)) == 0
    assert [(o.target_urn, o.target_id) for o in rec.operations] == [(L200, "art1_par5")]
    assert rec.problems == []


def test_applied_in_date_order_the_history_shows_the_unit_added_then_revoked():
    base = _norma(BASE)
    rec200 = recognise(_norma(AMENDING), _resolve)
    norma = apply(base, rec200.operations, Event("redacao", L200, "Lei nº 200/2005", "2005-06-07"))
    rec300 = recognise(_norma(REVOKING), _resolve)
    redirect(rec300, _lookup(AMENDING))
    norma = apply(norma, rec300.operations, Event("redacao", L300, "Lei nº 300/2009", "2009-09-10"))
    par2 = norma.find("art2_par2")
    assert par2.situacao is Situacao.REVOGADO
    assert [(v.event.kind, v.event.act_urn, v.situacao) for v in par2.history] == [
        ("inclusao", L200, Situacao.VIGENTE), ("revogacao", L300, Situacao.REVOGADO)]
    assert norma.find("art2_par1").situacao is Situacao.VIGENTE


def test_acervo_history_of_the_amended_norm_shows_the_revocation(tmp_path: Path):
    """In the acervo: Lei nº 300 reaches the history of Lei nº 100 after Lei nº 200; the
    history of Lei nº 200 says where its change went instead of waiting for a decision."""
    atos = tmp_path / "atos"
    atos.mkdir()
    for name, text in (("lei-100-2001.txt", BASE), ("lei-200-2005.txt", AMENDING), ("lei-300-2009.txt", REVOKING)):
        (atos / name).write_text(text, encoding="utf-8")
    import_folder(atos, tmp_path / "acervo", "mt-vila-nova")
    ac = build(tmp_path / "acervo")
    l100 = next(u for u in ac.acts if u.endswith(";100"))
    l200 = next(u for u in ac.acts if u.endswith(";200"))
    l300 = next(u for u in ac.acts if u.endswith(";300"))
    steps = ac.histories[l100].steps
    assert [(s.ato, s.situacao) for s in steps] == [(l200, "aplicada"), (l300, "aplicada")]
    assert any(p.tipo == "alteracao-de-ato-alterador" for p in steps[1].problemas)
    par2 = ac.norma(l100).find("art2_par2")
    assert par2.situacao is Situacao.REVOGADO
    assert [v.event.act_urn for v in par2.history] == [l200, l300]
    assert ac.text_at(l100, "2007-01-01").find("art2_par2").situacao is Situacao.VIGENTE
    (own,) = [s for s in ac.histories[l200].steps if s.ato == l300]
    assert own.situacao == "ignorada" and "Lei nº 100" in (own.motivo or "")


def test_cached_acervo_redoes_the_act_when_the_amending_act_it_cites_changes(tmp_path: Path):
    """The Lei nº 300 did not change, but the Lei nº 200 it cites now adds a § 3º: its § 2º
    is no longer text carried to the Lei nº 100, and the revocation waits for a decision."""
    atos = tmp_path / "atos"
    atos.mkdir()
    for name, text in (("lei-100-2001.txt", BASE), ("lei-200-2005.txt", AMENDING), ("lei-300-2009.txt", REVOKING)):
        (atos / name).write_text(text, encoding="utf-8")
    root = tmp_path / "acervo"
    import_folder(atos, root, "mt-vila-nova")
    cache = tmp_path / "cache"
    ac = build(root, cache_dir=cache)
    l100 = next(u for u in ac.acts if u.endswith(";100"))
    assert ac.norma(l100).find("art2_par2").situacao is Situacao.REVOGADO
    texto = root / "mt-vila-nova" / "lei-200-2005" / "texto.txt"
    texto.write_text(texto.read_text(encoding="utf-8").replace("o seguinte § 2º", "o seguinte § 3º")
                     .replace("\"§ 2º A licença", "\"§ 3º A licença"), encoding="utf-8")
    ac = build(root, cache_dir=cache)
    assert any(u.endswith(";300") for u in ac.redone)
    # the Lei nº 200 now includes a § 3º right after the § 1º: the numbering gate holds it (no
    # § 2º in between), and the Lei nº 300 no longer revokes anything of the Lei nº 100
    step200 = next(s for s in ac.histories[l100].steps if s.ato.endswith(";200"))
    assert step200.situacao == "pendente" and [p.tipo for p in step200.problemas] == ["verificacao-numeracao"]
    assert ac.norma(l100).find("art2_par3") is None
    assert all(not s.ato.endswith(";300") for s in ac.histories[l100].steps)


def test_explicit_form_with_dando_se_ao_is_applied_to_the_norm_amended():
    """'Fica alterado o art. 1º da Lei nº 200, dando-se ao art. 1º da Lei nº 100 a seguinte
    redação': the explicit form, read by the recogniser (no text of the Lei nº 200 needed)."""
    text = REVOKING.replace("Altera a Lei nº 200, de 7 de junho de 2005.",
                            "Altera a Lei nº 200, de 7 de junho de 2005, que alterou a Lei nº 100, de 2 de janeiro "
                            "de 2001.").replace(
        "Fica revogado o § 2º do art. 1º da Lei nº 200, de 7 de junho de 2005.",
        "Fica alterado o art. 2º da Lei nº 200, de 7 de junho de 2005, dando-se ao art. 1º da Lei nº 100, "
        "de 2 de janeiro de 2001, a seguinte redação:\n\n\"Art. 1º As feiras livres funcionam todos os dias.\"")
    rec = recognise(_norma(text), _resolve)
    assert [(o.kind, o.target_urn, o.target_id) for o in rec.operations] == [("redacao", L100, "art1")]
    assert [(p.code, p.blocking) for p in rec.problems] == [("alteracao-de-ato-alterador", False)]
