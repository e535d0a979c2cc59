"""A state: many municipalities in one acervo folder, built in one run, each with its own work
list and site, and an index of them all (``lexconsolida acervo ESTADO --por-municipio``).

Each municipality is a **shard**, built where a task runs (a worker of the pool or of a Dask
cluster) and written there into shared storage: its acts read, analysed and compiled
(:func:`lexconsolida.acervo.pipeline.build` of its folder alone), its work list and its site.
A citation resolves inside the citing act's municipality, never to another's Lei nº 1
(:meth:`lexconsolida.corpus.index.ActIndex.resolve`), so a worker needs the index of its
municipality's acts and, to answer citations of the state's and the Union's acts (the acts of
no municipality), a small **global table**: the index entries of those acts, made in a first
pass where every municipality's acts are indexed on the workers. The client sends the tasks,
largest municipality first, and keeps of each only a summary (its figures, its site's counts):
its memory does not grow with the acts.

- ``LISTA/index.html`` and ``LISTA/estado.json``: the work lists (``LISTA/<município>/``, each
  with its cache ``LISTA/.cache/<município>/``);
- ``SITE/index.html``: the sites (``SITE/<município>/``).

A change an act of one folder would make to an act of another (a municipal law "amending" a
state law, which a municipality cannot do) is listed as the citing act's relation, with the
target's label; it is applied only where the target's folder is compiled — never across folders.
"""

from __future__ import annotations

import json
import resource
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lexconsolida import __version__
from lexconsolida.acervo import worklist
from lexconsolida.acervo.cache import Cache
from lexconsolida.acervo.pipeline import build, require_acervo
from lexconsolida.acervo.work import as_runner
from lexconsolida.corpus.index import ActIndex, IndexEntry
from lexconsolida.corpus.records import load_municipio
from lexconsolida.corpus.store import load
from lexconsolida.manifest import OutputSet, code_key, content_key
from lexconsolida.templating import render

STATE_MANIFEST = ".manifest-estado.json"
SHARDS = "indice"
"""Cache kind of a municipality's index entries (its shard), under the key of its acts' files."""


@dataclass(slots=True)
class Shard:
    """What the client keeps of a municipality after the first pass: its size and the index
    entries of its acts that belong to no municipality (the global table's part)."""

    municipio: str
    atos: int
    others: list[IndexEntry] = field(default_factory=list)


def _shard(root: str, municipio: str, cache: str | None) -> Shard:
    """A municipality's acts indexed (a task): read through the load memo the municipality's run
    keeps in its cache, so the run that follows parses no ``norma.toml`` again."""
    store = Cache(Path(cache) if cache else None)
    key = content_key("estado", code_key(), str(Path(root).resolve()), municipio)
    state = store.get("estado", key) or {"atos": {}, "hashes": {}}
    before = len(state["atos"])
    corpus = load(Path(root), memo=state["atos"] if cache else None, tolerant=True, only=[municipio],
                  relations=False)
    if cache and (len(state["atos"]) != before or store.misses):
        store.put("estado", key, state)
    entries = ActIndex.of(corpus.acts.values()).entries
    return Shard(municipio, len(corpus.acts), [e for e in entries if e.autoridade != "municipal"])


def _municipality(root: str, municipio: str, others: list[IndexEntry], lists: str, sites: str | None,
                  cache: str | None, docs_dir: str | None) -> dict:
    """A municipality's run (a task): its acervo built (from its cache), its work list and its
    site written where the task runs; returns its summary, with the task's CPU time and peak
    memory (the figures of a state run)."""
    from lexconsolida.acervo.gazette import build_gazette  # heavy (the site builder): only with sites

    clock = time.process_time()
    ac = build(root, cache_dir=cache, municipio=municipio, others=others)
    out: dict[str, Any] = {"resumo": worklist.write(ac, lists)["resumo"],
                           "ilegiveis": [list(b) for b in ac.broken]}
    if sites is not None:
        report = build_gazette(ac, sites, docs_dir=docs_dir, municipio=municipio)
        out["site"] = {"atos": report.acts, "paginas": report.pages, "gravadas": report.written,
                       "mantidas": list(report.kept or []), "nao_lidos": list(report.unread)}
    out["cpu"] = time.process_time() - clock
    out["rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / (2**20 if sys.platform == "darwin"
                                                                          else 2**10)
    return out


def run_state(root: str | Path, lists: str | Path, *, sites: str | Path | None = None,
              docs_dir: str | Path | None = None, executor: Any = None, on_site=None,
              cached: bool = True) -> dict:
    """Every municipality of the state in ``root``: its work list into ``lists/<município>/``
    (and its site into ``sites/<município>/``), each built by a task on ``executor``, and the
    state's indexes; returns the state's data (with ``sites``: each municipality's site
    counts, ``tarefas``: each task's CPU and peak memory, and ``ilegiveis``: the (folder,
    message) of every act whose ``norma.toml`` could not be read, kept from the last good run).
    ``cached=False``: nothing read from nor written to ``lists/.cache``."""
    root = Path(root).absolute()  # workers read the acts by these paths
    require_acervo(root)
    runner = as_runner(executor)
    lists = Path(lists)
    cache = lists / ".cache"
    muns = sorted(d.name for d in root.iterdir() if d.is_dir() and (d / "municipio.toml").is_file())
    caches = {m: str(cache / m) if cached else None for m in muns}
    shards = runner.map(_shard, [(str(root), m, caches[m]) for m in muns], batch=1, name="indice")
    others = sorted({e.urn: e for s in shards for e in s.others}.values(), key=lambda e: e.urn)
    sizes = {s.municipio: s.atos for s in shards}
    order = sorted(muns, key=lambda m: (-sizes[m], m))  # the largest first: no long task at the end
    done = runner.map(_municipality, [(str(root), m, others, str(lists / m),
                                       str(Path(sites) / m) if sites is not None else None, caches[m],
                                       str(docs_dir) if docs_dir else None) for m in order],
                      batch=1, name="municipio")
    summaries = dict(zip(order, done))
    rows = []
    for m in muns:
        mun = _municipio_of(root / m)
        rows.append({"pasta": m, "nome": mun["nome"], "uf": mun["uf"], "resumo": summaries[m]["resumo"],
                     "lista": f"{m}/index.html", "site": f"{m}/index.html" if sites else None})
        if sites is not None and on_site is not None:
            on_site(m, summaries[m]["site"])
    data: dict[str, Any] = {"titulo": "Acervos do estado", "municipios": rows,
            "total": {k: sum(r["resumo"][k] for r in rows)
                      for k in ("atos", "em_vigor", "revogados", "texto_indisponivel", "texto_recusado",
                                "decisoes_pendentes", "erros_internos")}}
    _index(lists, data, "lista")
    if sites is not None:
        _index(Path(sites), data, "site")
    data["sites"] = {m: summaries[m].get("site") for m in muns}
    data["tarefas"] = {m: {"atos": sizes[m], "cpu": summaries[m]["cpu"], "rss_mb": summaries[m]["rss_mb"]}
                       for m in muns}
    data["tabela_global"] = len(others)
    data["ilegiveis"] = sorted((folder, message) for m in muns for folder, message in summaries[m]["ilegiveis"])
    return data


def _municipio_of(folder: Path) -> dict:
    m = load_municipio(folder)
    return {"nome": m.nome, "uf": m.uf}


def _index(out: Path, data: dict, kind: str) -> None:
    output = OutputSet(out, STATE_MANIFEST)
    shown = {k: v for k, v in data.items() if k not in ("sites", "tarefas", "tabela_global", "ilegiveis")}
    payload = json.dumps(shown, ensure_ascii=False, indent=1) + "\n"
    key = content_key("estado", kind, __version__, payload)
    output.put("index.html", key, lambda: render("acervo/estado.html", d=shown, kind=kind))
    if kind == "lista":
        output.put("estado.json", key, lambda: payload)
    output.finish()

