"""Beyond one machine (issue 30): runners that send the shared index once per worker, the same
bytes on a process pool and on a Dask cluster, a state of several municipalities in one run
whose citations never cross municipalities, a warm run that reads no act."""

from __future__ import annotations

import csv
import filecmp
import json
import os
import shutil
from pathlib import Path

import pytest

from lexconsolida.acervo import gazette, worklist
from lexconsolida.acervo import work
from lexconsolida.acervo.importer import import_folder
from lexconsolida.acervo.pipeline import build
from lexconsolida.citations import find_acts
from lexconsolida.cli import main
from lexconsolida.corpus.index import ActIndex, IndexEntry
from tests.conftest import SHARED

ROOT = Path(__file__).resolve().parents[1]
FEIRA = SHARED / "acervos" / "feira-de-santana-ba"
STATE = ("xx-municipio-de-exemplo", "mt-pedra-preta", "mt-barra-do-garcas")


def _loads(value, n):
    """(pid, how many shared values this process read from a file so far) — in a worker."""
    return os.getpid(), work.SHARED_READS, value["x"] + n


def test_pool_reads_the_shared_value_once_per_process():
    with work.runner_from_spec("processos:2") as runner:
        handle = runner.share({"x": 10, "grande": list(range(50_000))})
        assert len(__import__("pickle").dumps(handle)) < 500  # the task carries a handle, not the value
        out = runner.map(_loads, [(i,) for i in range(300)], handle, batch=7)
        assert [v for _, _, v in out] == [10 + i for i in range(300)]
        reads: dict[int, int] = {}
        for pid, n, _ in out:
            reads[pid] = max(reads.get(pid, 0), n)
        assert reads and all(n == 1 for n in reads.values())  # 43 batches, one read per process
    with work.runner_from_spec("processos:1") as serial:
        assert serial.map(_loads, [(1,)], serial.share({"x": 1}))[0][2] == 2


def test_executor_spec_errors_are_portuguese_usage_errors():
    from lexconsolida.errors import UsageError

    for bad in ("fila", "processos:x", "processos:0"):
        with pytest.raises(UsageError, match="executor desconhecido|número de processos inválido"):
            work.runner_from_spec(bad)


def test_dask_runner_scatters_the_shared_value_and_never_hashes_batches():
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None,
                                  scheduler_kwargs={"dashboard_address": ":0"}) as cluster, distributed.Client(cluster) as client:
        runner = work.as_runner(client.get_executor())  # the documented call works as well as a Client
        assert isinstance(runner, work.DaskRunner)
        handle = runner.share({"x": 5})
        assert isinstance(handle, distributed.Future)  # scattered (broadcast), not sent per task
        out = runner.map(_loads, [(i,) for i in range(100)], handle, batch=9)
        assert [v for _, _, v in out] == [5 + i for i in range(100)]
        assert all(n == 0 for _, n, _ in out)  # no file: Dask passed the value itself
        again = runner.map(_loads, [(i,) for i in range(3)], handle)
        assert [v for _, _, v in again] == [5, 6, 7]  # fresh keys: a repeated map is run again
        runner.close()


def _entry(urn: str, numero: str, data: str) -> IndexEntry:
    from lexconsolida.model.urn import Urn

    u = Urn.parse(urn)
    return IndexEntry(urn, u.tipo, numero, data, None, u.autoridade, u.localidade)


def test_a_citation_never_resolves_to_another_municipality():
    a = "urn:lex:br;bahia;cidade.a:municipal:lei:2020-03-10;100"
    b = "urn:lex:br;bahia;cidade.b:municipal:lei:2021-05-02;7"
    federal = "urn:lex:br:federal:lei:2000-05-04;101"
    index = ActIndex.from_entries([_entry(a, "100", "2020-03-10"), _entry(b, "7", "2021-05-02"),
                                   _entry(federal, "101", "2000-05-04")])
    (ref,) = [c.act for c in find_acts("nos termos da Lei nº 100, de 10 de março de 2020")]
    assert index.resolve(ref, near=a) == a
    assert index.resolve(ref, near=b) is None  # cidade B has no Lei 100: never cidade A's
    (fed,) = [c.act for c in find_acts("a Lei nº 101, de 4 de maio de 2000")]
    assert index.resolve(fed, near=b) == federal  # a higher sphere still answers


def _state_folder(tmp_path: Path) -> Path:
    root = tmp_path / "estado"
    for mun in STATE:
        shutil.copytree(ROOT / "statutes" / mun, root / mun)
    return root


def test_a_state_in_one_command_each_municipality_with_its_list_and_site(tmp_path, capsys):
    root = _state_folder(tmp_path)
    lists, sites = tmp_path / "listas", tmp_path / "sites"
    argv = ["acervo", str(root), "-o", str(lists), "--site", str(sites), "--por-municipio", "--processos", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "estado: 3 municípios" in out
    state = json.loads((lists / "estado.json").read_text("utf-8"))
    assert [m["pasta"] for m in state["municipios"]] == sorted(STATE)
    index = (lists / "index.html").read_text("utf-8")
    site_index = (sites / "index.html").read_text("utf-8")
    for mun in STATE:
        assert f'href="{mun}/index.html"' in index and f'href="{mun}/index.html"' in site_index
        assert (lists / mun / "index.html").is_file() and (sites / mun / "index.html").is_file()
        # each municipality's list is the one of an acervo holding that municipality alone
        alone = tmp_path / f"so-{mun}"
        shutil.copytree(ROOT / "statutes" / mun, alone / mun)
        worklist.write(build(alone), tmp_path / f"lista-{mun}")
        assert (lists / mun / "lista.json").read_bytes() == (tmp_path / f"lista-{mun}" / "lista.json").read_bytes()
    # the acts' folders are at the root of their municipality's site
    assert (sites / "mt-pedra-preta" / "lei-846-2015" / "index.html").is_file()
    # a rerun with nothing changed rewrites nothing
    before = {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*") if p.is_file() and ".cache" not in p.parts}
    assert main(argv) == 0
    after = {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*") if p.is_file() and ".cache" not in p.parts}
    assert before == after


def test_a_warm_site_reads_no_act(tmp_path, monkeypatch):
    root = _state_folder(tmp_path)
    cache = tmp_path / "lista" / ".cache"
    ac = build(root, cache_dir=cache)
    gazette.build_gazette(ac, tmp_path / "site")
    reads = []
    real = gazette.read_norma
    monkeypatch.setattr(gazette, "read_norma", lambda *a, **k: reads.append(a) or real(*a, **k))
    again = build(root, cache_dir=cache)
    assert again.redone == [] and again.redone_histories == []
    report = gazette.build_gazette(again, tmp_path / "site")
    assert report.written == 0 and reads == []
    # the site of a cold folder reads the texts from the acervo's cache, not the files again
    report = gazette.build_gazette(again, tmp_path / "site2")
    assert report.written > 0 and reads == []


def _feira_sample(tmp_path: Path) -> Path:
    """The laws of Feira de Santana from 2008 on (~1,150 files, amending and amended acts among
    them), copied to a scratch folder as received."""
    with (FEIRA / "indice.csv").open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    src = tmp_path / "fonte"
    for r in rows:
        if r["arquivo"].startswith(("leis-ordinarias", "leis-complementares")) and int(r["ano"] or 0) >= 2008:
            target = src / r["arquivo"]
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(FEIRA / r["arquivo"], target)
    return src


def _same_tree(a: Path, b: Path) -> None:
    files_a = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file() and ".cache" not in p.parts)
    files_b = sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file() and ".cache" not in p.parts)
    assert files_a == files_b
    _, mismatch, errors = filecmp.cmpfiles(a, b, [str(f) for f in files_a], shallow=False)
    assert mismatch == [] and errors == []


@pytest.mark.slow
@pytest.mark.shared
def test_a_thousand_acts_give_the_same_bytes_on_the_pool_and_on_a_dask_cluster(tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    acervo = tmp_path / "acervo"
    with work.runner_from_spec("processos:2") as pool:
        report = import_folder(_feira_sample(tmp_path), acervo, "ba-feira-de-santana", executor=pool)
        assert report.atos >= 1000
        ac = build(acervo, executor=pool, cache_dir=tmp_path / "pool" / "lista" / ".cache")
        assert len(ac.acts) >= 1000 and ac.histories  # amendments among them
        worklist.write(ac, tmp_path / "pool" / "lista")
        gazette.build_gazette(ac, tmp_path / "pool" / "site", executor=pool)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None,
                                  scheduler_kwargs={"dashboard_address": ":0"}) as cluster, distributed.Client(cluster) as client:
        ac = build(acervo, executor=client, cache_dir=tmp_path / "dask" / "lista" / ".cache")
        worklist.write(ac, tmp_path / "dask" / "lista")
        gazette.build_gazette(ac, tmp_path / "dask" / "site", executor=client)
    _same_tree(tmp_path / "pool", tmp_path / "dask")


def _state_with_its_own_acts(tmp_path: Path) -> Path:
    """Two municipalities whose laws regulate a law of their state, kept in the state's own folder
    (the acts of no municipality: the state's global table)."""
    root = tmp_path / "estado"
    state = "urn:lex:br;mato.grosso:estadual:lei:2010-01-01;10000"
    folders = {"mt-estado": ('nome = "Mato Grosso"\nuf = "MT"\nlocalidade_urn = "br;mato.grosso"\n',
                             "lei-10000-2010", state, "Lei", "10000", "2010-01-01",
                             "Dispõe sobre o turismo no Estado.",
                             "Art. 1º O turismo é atividade de interesse do Estado.\n\n"
                             "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n")}
    for k in ("a", "b"):
        folders[f"mt-cidade-{k}"] = (
            f'nome = "Cidade {k.upper()}"\nuf = "MT"\nuf_nome = "Mato Grosso"\n'
            f'localidade_urn = "br;mato.grosso;cidade.{k}"\n', "lei-5-2020",
            f"urn:lex:br;mato.grosso;cidade.{k}:municipal:lei:2020-03-02;5", "Lei", "5", "2020-03-02",
            "Regulamenta a Lei nº 10.000, de 1º de janeiro de 2010, do Estado de Mato Grosso.",
            "Art. 1º O turismo no Município segue a Lei Estadual nº 10.000, de 1º de janeiro de 2010.\n\n"
            "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n")
    for folder, (mun, act, urn, tipo, numero, data, ementa, text) in folders.items():
        (root / folder / act).mkdir(parents=True)
        (root / folder / "municipio.toml").write_text(mun, "utf-8")
        (root / folder / act / "norma.toml").write_text(
            f'tipo = "{tipo}"\nnumero = "{numero}"\ndata = "{data}"\nurn = "{urn}"\nementa = "{ementa}"\n'
            'texto = "texto.txt"\n', "utf-8")
        (root / folder / act / "texto.txt").write_text(text, "utf-8")
    return root


def test_a_states_own_acts_answer_every_municipality_through_the_global_table(tmp_path):
    """Each municipality is built apart (its shard of the index) and the state's acts answer its
    citations through the global table: the relation is in the acervo, with the act's label; the
    state act itself is listed and compiled in its own folder only. A pool gives the same bytes."""
    root = _state_with_its_own_acts(tmp_path)
    for name, procs in (("serial", "1"), ("pool", "2")):
        assert main(["acervo", str(root), "-o", str(tmp_path / name), "--por-municipio", "--processos", procs]) == 0
    for k in ("a", "b"):
        lista = json.loads((tmp_path / "serial" / f"mt-cidade-{k}" / "lista.json").read_text("utf-8"))
        (rel,) = lista["relacoes"]
        assert rel["tipo"] == "regulamenta" and rel["alvo"] == "urn:lex:br;mato.grosso:estadual:lei:2010-01-01;10000"
        assert rel["alvo_rotulo"].startswith("Lei nº 10.000") and [a["pasta"] for a in lista["atos"]] == [
            f"mt-cidade-{k}/lei-5-2020"]
    _same_tree(tmp_path / "serial", tmp_path / "pool")


def test_a_state_run_lists_an_unreadable_act_and_exits_4(tmp_path, capsys):
    """A state's shards say which acts they could not read: the run publishes the others, names
    the file and line on standard error and exits 4, as a municipality's run does (issue 33);
    with every act readable it exits 0."""
    from lexconsolida.errors import EXIT_KEPT

    root = _state_folder(tmp_path)
    lists = tmp_path / "listas"
    argv = ["acervo", str(root), "-o", str(lists), "--por-municipio", "--processos", "1"]
    assert main(argv) == 0
    capsys.readouterr()
    broken = root / "mt-pedra-preta" / "lei-846-2015" / "norma.toml"
    broken.write_text(broken.read_text(encoding="utf-8").replace('ementa = "', 'ementa = "\n', 1), encoding="utf-8")
    assert main(argv) == EXIT_KEPT
    err = capsys.readouterr().err
    assert "mt-pedra-preta/lei-846-2015/norma.toml: TOML inválido na linha" in err
    assert "1 ato(s) mantido(s) da última execução boa" in err
