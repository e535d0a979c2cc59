"""The edition register never reuses nor skips a number: the CLI killed (SIGKILL) at every step of
publishing, then run again, as a clerk would."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from lexconsolida.diario.publish import CHECKPOINTS
from lexconsolida.diario.verify import verify
from tests.diario_support import SLUG, Keys, cli, make_acervo

pytestmark = pytest.mark.slow

STEPS = ["antes-do-commit", "depois-do-commit", "entre-arquivos:1", "antes-de-marcar", "depois-de-marcar"]


@pytest.fixture(scope="module")
def keys(tmp_path_factory):
    return Keys(tmp_path_factory.mktemp("chaves"))


def _publish(acervo: Path, keys: Keys, act: str, day: str, *extra, kill_at: str | None = None):
    return cli("edicao", "--municipio", acervo / SLUG, "--acervo", acervo, acervo / SLUG / act, "--data", day,
               "--certificado", keys.p12, "--senha-arquivo", keys.password_file, *extra, kill_at=kill_at)


def _listing(acervo: Path) -> tuple[dict, str]:
    run = cli("edicao", "--municipio", acervo / SLUG, "--listar", "--json")
    assert run.returncode == 0, run.stderr.decode()
    return json.loads(run.stdout), run.stderr.decode()


def _sound(acervo: Path, numbers: list[int]) -> dict:
    """Editions 1..n, each once, published, files on disk with the recorded hashes, nothing else."""
    listing, _ = _listing(acervo)
    rows = listing["edicoes"]
    assert [r["numero"] for r in rows] == numbers
    assert all(r["situacao"] == "publicada" for r in rows)
    names = []
    for r in rows:
        for f in r["arquivos"]:
            assert hashlib.sha256(Path(f["caminho"]).read_bytes()).hexdigest() == f["sha256"]
            names.append(Path(f["caminho"]).name)
    folder = acervo / SLUG / "diario-oficial"
    on_disk = sorted(p.name for p in folder.iterdir()) if folder.exists() else []
    assert on_disk == sorted(names)  # no half-written or temporary file left
    assert listing["contadores"] == ({"continua": numbers[-1]} if numbers else listing["contadores"])
    return listing


def test_every_checkpoint_is_exercised():
    assert {s.split(":")[0] for s in STEPS} == set(CHECKPOINTS)


@pytest.mark.parametrize("step", STEPS)
def test_killed_at_each_step(tmp_path, keys, step):
    acervo = make_acervo(tmp_path)
    killed = _publish(acervo, keys, "lei-150-2023", "2026-12-01", "--novo-registro", kill_at=step)
    assert killed.returncode == -9, killed.stderr.decode()
    listing, notes = _listing(acervo)  # listing completes what was left pending
    if step == "antes-do-commit":
        # the transaction died with the process: no number was taken, nothing was published
        assert listing["edicoes"] == [] and listing["contadores"] == {}
        assert not (acervo / SLUG / "diario-oficial").exists() or not any((acervo / SLUG / "diario-oficial").iterdir())
        again = _publish(acervo, keys, "lei-150-2023", "2026-12-01")
        assert again.returncode == 0, again.stderr.decode()
    elif step != "depois-de-marcar":
        assert "interrompida antes de terminar: concluída" in notes
    _sound(acervo, [1])  # and the counter says the next one is 2


def test_after_a_crash_the_numbering_goes_on(tmp_path, keys):
    acervo = make_acervo(tmp_path)
    killed = _publish(acervo, keys, "lei-150-2023", "2026-12-01", "--novo-registro", kill_at="entre-arquivos:1")
    assert killed.returncode == -9
    # the clerk runs the same edition again: the interrupted one is completed (same signed bytes)
    # and the act, now published in edição nº 1, is not published a second time
    again = _publish(acervo, keys, "lei-150-2023", "2026-12-01")
    assert again.returncode == 2
    assert "concluída" in again.stderr.decode() and "edição nº 1" in again.stderr.decode()
    nxt = _publish(acervo, keys, "lei-135-2022", "2026-12-02")
    assert nxt.returncode == 0, nxt.stderr.decode()
    _sound(acervo, [1, 2])
    first = acervo / SLUG / "diario-oficial" / "edicao-2026-0001.pdf"
    assert verify(first, acervo=acervo, trust=[keys.root]).ok


def test_a_file_in_the_way_voids_the_pending_number(tmp_path, keys):
    acervo = make_acervo(tmp_path)
    killed = _publish(acervo, keys, "lei-150-2023", "2026-12-01", "--novo-registro", kill_at="depois-do-commit")
    assert killed.returncode == -9
    folder = acervo / SLUG / "diario-oficial"
    folder.mkdir(exist_ok=True)
    (folder / "edicao-2026-0001.pdf").write_bytes(b"outro arquivo")
    listing, notes = _listing(acervo)
    assert "inutilizada" in notes
    assert [(r["numero"], r["situacao"]) for r in listing["edicoes"]] == [(1, "inutilizada")]
    assert "arquivo diferente" in listing["edicoes"][0]["motivo_inutilizacao"]
    nxt = _publish(acervo, keys, "lei-150-2023", "2026-12-02")
    assert nxt.returncode == 0, nxt.stderr.decode()
    listing, _ = _listing(acervo)
    assert [(r["numero"], r["situacao"]) for r in listing["edicoes"]] == [(1, "inutilizada"), (2, "publicada")]


def test_register_refuses_to_go_back(tmp_path, keys):
    import sqlite3

    acervo = make_acervo(tmp_path)
    assert _publish(acervo, keys, "lei-150-2023", "2026-12-01", "--novo-registro").returncode == 0
    db = sqlite3.connect(acervo / SLUG / "registros" / "diario-oficial.sqlite")
    for sql in ("UPDATE contadores SET ultimo = 0", "DELETE FROM edicoes", "DELETE FROM contadores",
                "UPDATE edicoes SET numero = 5"):
        with pytest.raises(sqlite3.DatabaseError):
            db.execute(sql)
    db.close()


def test_missing_register_is_not_a_new_numbering(tmp_path, keys):
    acervo = make_acervo(tmp_path)
    run = _publish(acervo, keys, "lei-150-2023", "2026-12-01")
    assert run.returncode == 2 and "--novo-registro" in run.stderr.decode()
    assert not (acervo / SLUG / "diario-oficial").exists()
