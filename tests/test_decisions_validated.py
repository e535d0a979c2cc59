"""Recorded decisions are validated, never silently ignored, and one bad file never stops the
acervo (issue 29, "Decisions validated"): a mistyped problem code, an unknown decision value
and a decision that answers no problem are listed — with file and line — in the work list and
by ``check``; a malformed norma.toml leaves that act out with a Portuguese message while the rest
of the acervo is processed. Subprocesses, as a clerk runs them, on the fictional acervo."""

from __future__ import annotations

import json

from lexconsolida.errors import EXIT_KEPT
from tests.conftest import ROOT, run_cli

ATOS = ROOT / "tests" / "fixtures" / "acervo-ficticio" / "atos"
MUN = "mg-serra-ficticia"


def _acervo(tmp_path):
    r = run_cli("importar", ATOS, "-o", tmp_path / "acervo", "--municipio", MUN, "--processos", "1")
    assert r.returncode == 0, r.stderr.decode()
    return tmp_path / "acervo" / MUN


def test_bad_decisions_are_listed_with_file_and_line_and_a_broken_norma_toml_is_isolated(tmp_path):
    mun = _acervo(tmp_path)
    # Lei 20 amends Lei 10 cleanly: a decision on a problem it does not have, one with a code
    # that does not exist, one with a value that does not exist
    (mun / "lei-20-2012" / "decisoes.toml").write_text(
        '[[decisoes]]\nproblema = "alvo-ambiguo"\ndispositivo = "art1"\ndecisao = "ignorar"\nnota = "x"\n\n'
        '[[decisoes]]\nproblema = "alvo-ambiguoo"\ndispositivo = "art1"\ndecisao = "aplicar"\n\n'
        '[[decisoes]]\nproblema = "alvo-ambiguo"\ndecisao = "talvez"\n', encoding="utf-8")
    broken = mun / "lei-60-2018" / "norma.toml"
    broken.write_text(broken.read_text(encoding="utf-8").replace('ementa = "Denomina', 'ementa = "Deno\nmina', 1),
                      encoding="utf-8")
    out = tmp_path / "lista"
    r = run_cli("acervo", tmp_path / "acervo", "-o", out, "--processos", "1")
    # the others are processed; the one left out is said on the terminal, with its file and line,
    # and the run exits 4 (published, with acts kept from the last good run: issue 33)
    assert r.returncode == EXIT_KEPT, r.stderr.decode()
    assert f"{MUN}/lei-60-2018/norma.toml: TOML inválido na linha" in r.stderr.decode()
    d = json.loads((out / "lista.json").read_text(encoding="utf-8"))
    assert d["resumo"]["atos"] == 9  # ten imported, one left out; the others processed
    assert d["resumo"]["alteracoes"].get("aplicada", 0) >= 3
    (left,) = [x for x in d["recusados"] if x["pasta"] == f"{MUN}/lei-60-2018"]
    assert left["motivo"].startswith(f"ato deixado de fora: {MUN}/lei-60-2018/norma.toml: TOML inválido na linha")
    assert "caractere não permitido" in left["motivo"] and "Illegal" not in left["motivo"]
    issues = {(x["codigo"], x["arquivo"], x["linha"]) for x in d["decisoes_com_problema"]}
    assert issues == {("decisao-sem-problema", "lei-20-2012/decisoes.toml", 1),
                      ("codigo-desconhecido", "lei-20-2012/decisoes.toml", 7),
                      ("decisao-invalida", "lei-20-2012/decisoes.toml", 12)}
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "Decisões registradas com problema (3)" in page and "lei-20-2012/decisoes.toml</code>, linha 7" in page
    # check on the act says the same, and fails
    r = run_cli("check", mun / "lei-20-2012", "--acervo", tmp_path / "acervo")
    assert r.returncode == 1
    text = r.stdout.decode()
    assert "Decisões registradas com problema (não aplicadas):" in text
    for line in ("lei-20-2012/decisoes.toml, linha 1: decisão sem problema correspondente: 'alvo-ambiguo'",
                 "lei-20-2012/decisoes.toml, linha 7: código de problema desconhecido: 'alvo-ambiguoo'",
                 "lei-20-2012/decisoes.toml, linha 12: decisão inválida, não aplicada: valor de 'decisao' "
                 "desconhecido: 'talvez'"):
        assert line in text, text
    assert "aviso: 1 ato(s) do acervo deixado(s) de fora" in r.stderr.decode()
    # the broken act itself: its own message, exit 2
    r = run_cli("check", mun / "lei-60-2018", "--acervo", tmp_path / "acervo")
    assert r.returncode == 2 and "lei-60-2018/norma.toml: TOML inválido na linha" in r.stderr.decode()
