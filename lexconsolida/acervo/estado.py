"""A state: many municipalities in one acervo folder, built in one run, each with its own work
list and site, and an index of them all (``lexconsolida acervo ESTADO --por-municipio``).

The acervo is analysed once (one index of citable acts: citations resolve inside the citing
act's municipality, never to another's Lei nº 1 — :meth:`lexconsolida.corpus.index.ActIndex.resolve`);
then each municipality is a shard: its view (:meth:`Acervo.only`) gives its work list, written
by a task on the runner (a worker of the pool or of a Dask cluster, into shared storage), and
its site, whose acts' pages are made on the runner too. The state index lists every
municipality with its figures and links:

- ``LISTA/index.html`` and ``LISTA/estado.json``: the work lists (``LISTA/<município>/``);
- ``SITE/index.html``: the sites (``SITE/<município>/``).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from lexconsolida import __version__
from lexconsolida.acervo import worklist
from lexconsolida.acervo.pipeline import Acervo
from lexconsolida.acervo.work import as_runner
from lexconsolida.manifest import OutputSet, content_key
from lexconsolida.templating import render

STATE_MANIFEST = ".manifest-estado.json"


def _without_trees(view: Acervo) -> Acervo:
    """The view as a work list needs it: the compiled trees stay here (they are the site's)."""
    return replace(view, histories={t: replace(h, norma=None) for t, h in view.histories.items()})


def _worklist_task(view: Acervo, out: str) -> dict:
    """One municipality's work list, written where the task runs; returns its summary."""
    return worklist.write(view, out)["resumo"]


def write_state(ac: Acervo, lists: str | Path, *, sites: str | Path | None = None,
                docs_dir: str | Path | None = None, executor: Any = None,
                on_site=None) -> dict:
    """Every municipality's work list into ``lists/<município>/`` (and site into
    ``sites/<município>/``), and the state's indexes; returns the state's data."""
    from lexconsolida.acervo.gazette import build_gazette  # heavy (the site builder): only with sites

    runner = as_runner(executor)
    lists = Path(lists)
    muns = ac.municipalities()
    views = {m: ac.only(m) for m in muns}
    summaries = runner.map(_worklist_task, [(_without_trees(views[m]), str(lists / m)) for m in muns],
                           batch=1, name="lista")
    rows = []
    for m, resumo in zip(muns, summaries):
        mun = ac.corpus.municipios[m]
        rows.append({"pasta": m, "nome": mun.nome, "uf": mun.uf, "resumo": resumo,
                     "lista": f"{m}/index.html", "site": f"{m}/index.html" if sites else None})
    reports = {}
    if sites is not None:
        for m in muns:
            reports[m] = build_gazette(views[m], Path(sites) / m, docs_dir=docs_dir, executor=runner,
                                       municipio=m)
            if on_site is not None:
                on_site(m, reports[m])
    data = {"titulo": "Acervos do estado", "municipios": rows,
            "total": {k: sum(r["resumo"][k] for r in rows)
                      for k in ("atos", "em_vigor", "revogados", "texto_indisponivel", "texto_recusado",
                                "decisoes_pendentes", "erros_internos")}}
    _index(lists, data, "lista")
    if sites is not None:
        _index(Path(sites), data, "site")
    data["sites"] = reports
    return data


def _index(out: Path, data: dict, kind: str) -> None:
    output = OutputSet(out, STATE_MANIFEST)
    payload = json.dumps({k: v for k, v in data.items() if k != "sites"}, ensure_ascii=False, indent=1) + "\n"
    key = content_key("estado", kind, __version__, payload)
    output.put("index.html", key, lambda: render("acervo/estado.html", d=data, kind=kind))
    if kind == "lista":
        output.put("estado.json", key, lambda: payload)
    output.finish()
