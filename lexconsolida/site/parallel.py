"""The site's per-act work on a runner (a process pool, a Dask cluster): facts and search
shards, then each act's pages, rendered and written where they run.

:func:`lexconsolida.site.build_site` calls these with a runner (``share``/``map``, see
:mod:`lexconsolida.acervo.work`; duck-typed here, so the site does not depend on the acervo):

- pass 1, :func:`facts_task`: for each act whose facts are not memoised, read it and return its
  facts and search shard (the tree stays on the worker);
- pass 2, :func:`pages_task`: the act's pages, with what every page needs of the other acts
  (:class:`Context`: the resolver of citations over every act's facts, the site's header, the
  base key) sent once per worker. A page whose key did not change is not rendered; the others
  are written into the build's staging folder (shared storage on a cluster) and only their
  names and keys come back. The builder moves them into place as it does its own.

The acts travel with what reads them (:class:`~lexconsolida.site.model.LazySiteAct` with a
picklable reader); one a worker cannot read gets the same fallback as in the serial build.
Same acts → the same bytes as the serial build.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast
from pathlib import Path

from lexconsolida.gcpause import gc_paused
from lexconsolida.io import atomic_write
from lexconsolida.site import search
from lexconsolida.site.facts import ActFacts
from lexconsolida.site.links import Resolver
from lexconsolida.site.model import SiteAct
from lexconsolida.site.pages import ActPages, SiteInfo


@dataclass(slots=True)
class ActStub:
    """What the resolver needs of an act that is not the one being rendered."""

    urn: str
    path: str
    facts: ActFacts


@dataclass(slots=True)
class Context:
    resolver: Resolver
    site: SiteInfo
    base: str
    staging: str


def context(acts: list[SiteAct], site: SiteInfo, base: str, staging: Path,
            previous: dict | None = None) -> Context:
    """The pages' shared context: the resolver over stubs (never the acts' trees), with the
    citations each act asked in the previous build (:attr:`Resolver.previous`)."""
    stubs = cast("list[SiteAct]", [ActStub(a.urn, a.path, a.facts) for a in acts])  # what Resolver reads of an act
    resolver = Resolver(stubs)
    resolver.previous = dict(previous or {})
    return Context(resolver, site, base, str(staging))


def picklable(acts: list[SiteAct]) -> bool:
    """True when every act can travel to a worker (the acervo's acts can; acts whose reader is
    a closure over a loaded corpus cannot, and are built in this process)."""
    import pickle  # noqa: PLC0415 — only to probe one act

    if not acts:
        return False
    try:
        pickle.dumps(_travelling(acts[0]), protocol=5)
    except (pickle.PicklingError, AttributeError, TypeError):
        return False
    return True


def _travelling(act: SiteAct) -> SiteAct:
    act.unspill()  # no tree, expanded or compressed, travels with the act
    return act


def facts_task(act: SiteAct) -> tuple[list, bytes | None]:
    """(the act's facts as JSON, its search shard — None when it failed)."""
    with gc_paused():
        facts = act.facts
        shard = search.act_index(act) if not act.failed else None
        act.release()
    return facts.to_json(), shard


def facts_items(acts: list[SiteAct]) -> list[tuple]:
    return [(_travelling(a),) for a in acts]


def pages_task(ctx: Context, act: SiteAct, links: list, edicoes: list, memo: list | None,
               old: dict[str, str], wanted: list[str] | None) -> tuple[list[tuple[str, str, bool]], list, list]:
    """Render the act's pages: those in ``wanted`` (all when None) whose key is not the one in
    ``old`` (path → key of the previous build, for files still there). Returns
    ([(path, key, written)], [memo name, key, value] of the linking key, the citations its texts
    asked of the resolver)."""
    recorded: list = []

    def remember(name, key, compute):
        value = memo[1] if memo and memo[0] == key else compute()
        recorded[:] = [name, key, value]
        return value

    out = []
    with gc_paused():
        pages_of = ActPages(act, ctx.resolver, links, ctx.site, ctx.base, remember, edicoes=edicoes)
        for page in pages_of.pages():
            if wanted is not None and page.path not in wanted:
                continue
            if old.get(page.path) == page.key:
                out.append((page.path, page.key, False))
                continue
            atomic_write(Path(ctx.staging) / page.path, page.render())
            out.append((page.path, page.key, True))
        act.release()
    return out, recorded, list(ctx.resolver.asked.pop(act.urn, {}))


def memo_key(act: SiteAct, resolver: Resolver) -> str:
    """The key :class:`ActPages` remembers the act's linking under."""
    return resolver.linking_key(act)
