"""``lexconsolida decisoes``: the desk's decisions from the command line, with the desk's
identities (never a free name), the same rule, the same checks, the same ledger and the same
count of open items as the desk and the work list. Subprocesses, as a clerk runs them."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib

import pytest

from lexconsolida.review.auth import add_user
from lexconsolida.review.identity import system_login
from tests.conftest import ROOT
from tests.mesa_support import (
    ITEM_EMENTA, ITEM_FAILURE, ITEM_NO_OPS, ITEM_OUTSIDE, MUN, as_login, configure, make_acervo,
)


def _cli(*args, login: str = "maria", stdin: str | None = None):
    return subprocess.run([*as_login(login), *map(str, args)], cwd=ROOT, capture_output=True,
                          timeout=600, input=stdin.encode() if stdin is not None else None,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    root = make_acervo(tmp_path_factory.mktemp("mesa-cli"))
    configure(root, logins={"maria": "Maria Souza", "joao": "João Lima"})
    return root


@pytest.fixture
def acervo(template, tmp_path):
    root = tmp_path / "acervo"
    shutil.copytree(template, root)
    return root


def _entries(root, act: str) -> list[dict]:
    path = root / MUN / act / "decisoes.toml"
    return tomllib.loads(path.read_text(encoding="utf-8"))["registro"] if path.exists() else []


def test_an_identity_nobody_declared_is_refused(acervo, tmp_path):
    args = ("decisoes", acervo, "--processos", "1", "--registrar", ITEM_NO_OPS, "--decisao", "ignorar",
            "--nota", "A Lei nº 80 só cita a Lei nº 15 na ementa.")
    proc = _cli(*args, login="prefeito")
    assert proc.returncode == 2 and "identidade desconhecida" in proc.stderr.decode()
    proc = _cli(*args, "--usuario", "Prefeito Fulano")
    assert proc.returncode == 2 and "não é o login deste sistema" in proc.stderr.decode()
    users = tmp_path / "usuarios.toml"
    add_user(users, "carla", "senha-da-carla", "revisor", "Carla Dias")
    proc = _cli(*args, "--usuarios", users, "--usuario", "carla", stdin="errada\n")
    assert proc.returncode == 2 and "usuário ou senha incorretos" in proc.stderr.decode()
    assert _entries(acervo, "lei-80-2020") == []
    proc = _cli(*args, "--usuarios", users, "--usuario", "carla", stdin="senha-da-carla\n")
    assert proc.returncode == 0, proc.stderr.decode()
    (entry,) = _entries(acervo, "lei-80-2020")
    assert (entry["login"], entry["nome"], entry["via"], entry["identificacao"]) == (
        "carla", "Carla Dias", "linha de comando", "senha")


def test_the_system_login_is_the_operating_systems_not_the_environments(acervo):
    """LOGNAME and USER are whatever one's shell says: setting them to a colleague's login does
    not make anyone that colleague (it was how one person approved another's proposal)."""
    real = system_login()
    assert real not in ("maria", "joao")  # the declared logins of this acervo
    proc = subprocess.run([sys.executable, "-m", "lexconsolida", "decisoes", str(acervo), "--processos", "1",
                           "--registrar", ITEM_NO_OPS, "--decisao", "ignorar", "--nota", "Só cita a Lei nº 15."],
                          cwd=ROOT, capture_output=True, timeout=600,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "LOGNAME": "maria", "USER": "maria",
                               "USERNAME": "maria", "LNAME": "maria"})
    assert proc.returncode == 2
    assert f"o login do sistema {real!r} não está declarado" in proc.stderr.decode()
    assert _entries(acervo, "lei-80-2020") == []


def test_propose_approve_history_withdraw_and_revert_from_the_command_line(acervo):
    base = ("decisoes", acervo, "--processos", "1")
    proc = _cli(*base, "--registrar", ITEM_NO_OPS, "--decisao", "ignorar", "--nota", "Só a ementa cita a Lei nº 15.")
    assert proc.returncode == 0, proc.stderr.decode()
    assert "proposta registrada" in proc.stdout.decode()
    refused = _cli(*base, "--aprovar", ITEM_NO_OPS)
    assert refused.returncode == 2 and "duas pessoas" in refused.stderr.decode()
    proc = _cli(*base, "--aprovar", ITEM_NO_OPS, login="joao")
    assert proc.returncode == 0 and "aprovada por João Lima (joao)" in proc.stdout.decode()
    proc = _cli(*base, "--retirar", ITEM_NO_OPS, "--nota", "A ementa foi corrigida.", login="joao")
    assert proc.returncode == 0 and "retirada proposta" in proc.stdout.decode()
    assert _cli(*base, "--aprovar", ITEM_NO_OPS).returncode == 0
    proc = _cli(*base, "--reverter", ITEM_NO_OPS, "--entrada", "3", "--nota", "A retirada foi um engano.")
    assert proc.returncode == 0, proc.stderr.decode()
    history = _cli(*base, "--historico", ITEM_NO_OPS)
    out = history.stdout.decode()
    assert history.returncode == 0
    for n in range(1, 6):
        assert f"nº {n} " in out
    assert "Maria Souza (maria)" in out and "João Lima (joao)" in out and "reverte nº 3" in out
    events = [e["evento"] for e in _entries(acervo, "lei-80-2020")]
    assert events == ["decisao", "aprovacao", "retirada", "aprovacao", "decisao"]


def test_a_whole_article_from_a_file_and_a_renumbering_from_an_operations_file(acervo, tmp_path):
    configure(acervo, one_person=True, logins={"maria": "Maria Souza", "joao": "João Lima"})
    art = tmp_path / "art3.txt"
    art.write_text("Art. 3º Os feriados do comércio são:\nI - os nacionais;\nII - os municipais.\n", encoding="utf-8")
    base = ("decisoes", acervo, "--processos", "1")
    bad = _cli(*base, "--registrar", ITEM_EMENTA, "--decisao", "operacoes", "--tipo", "redacao", "--dispositivo",
               "art3", "--texto", "Art. 3º Os feriados são:", "--nota", "x")
    assert bad.returncode == 2 and "termina com “:” e não traz a lista" in bad.stderr.decode()
    ok = _cli(*base, "--registrar", ITEM_EMENTA, "--decisao", "operacoes", "--tipo", "redacao", "--dispositivo",
              "art3", "--texto-arquivo", art, "--nota", "O art. 3º com os seus incisos.")
    assert ok.returncode == 0, ok.stderr.decode()
    ops = _entries(acervo, "lei-80-2020")[0]["decisao"]["operacoes"]
    assert [o["alvo"].split("!")[1] for o in ops] == ["art3", "art3_cpt_inc1", "art3_cpt_inc2"]
    plan = tmp_path / "ops.toml"
    plan.write_text('[[operacao]]\ntipo = "renumeracao"\ndispositivo = "art2_cpt_inc3"\nnovo_rotulo = "IV"\n\n'
                    '[[operacao]]\ntipo = "inclusao"\ndispositivo = "art2"\nrotulo = "III"\n'
                    'texto = "das 10h às 14h, nos feriados."\n', encoding="utf-8")
    ok = _cli(*base, "--registrar", ITEM_FAILURE, "--decisao", "operacoes", "--operacoes", plan,
              "--nota", "O inciso III passa a ser o IV, e acrescenta-se um novo III.")
    assert ok.returncode == 0, ok.stderr.decode()
    ops = _entries(acervo, "lei-30-2015")[0]["decisao"]["operacoes"]
    assert (ops[0]["tipo"], ops[0]["novo"], ops[1]["tipo"], ops[1]["alvo"].split("!")[1]) == (
        "renumeracao", "art2_cpt_inc4", "inclusao", "art2_cpt_inc3")


def test_one_count_of_open_items_in_every_view(acervo, tmp_path):
    listed = _cli("decisoes", acervo, "--processos", "1", "--json")
    rows = json.loads(listed.stdout.decode())
    said = int(re.search(r"(\d+) em aberto no acervo", _cli("decisoes", acervo, "--processos", "1").stderr.decode())
               .group(1))
    out = tmp_path / "lista"
    assert _cli("acervo", acervo, "-o", out, "--processos", "1", "--sem-cache").returncode == 0
    worklist = json.loads((out / "lista.json").read_text(encoding="utf-8"))
    assert len(rows) == said == worklist["resumo"]["decisoes_pendentes"] == len(worklist["decisoes"]) == 5
    assert {r["item"] for r in rows} == {d["item"] for d in worklist["decisoes"]}


def test_one_reason_for_several_items_of_one_problem(acervo):
    base = ("decisoes", acervo, "--processos", "1")
    mixed = _cli(*base, "--registrar", ITEM_OUTSIDE, ITEM_NO_OPS, "--decisao", "ignorar", "--nota", "x")
    assert mixed.returncode == 2 and "mesmo problema" in mixed.stderr.decode()
