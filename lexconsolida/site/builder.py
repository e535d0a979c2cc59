"""Build the gazette site for a corpus: index, search, editorial pages, one set of pages per act.

Incremental (see :mod:`lexconsolida.manifest`): a page is rendered only when its content
key changed, so a rerun with nothing changed only plans pages and compares keys.
Deterministic: the same corpus gives the same bytes (no dates of generation anywhere).

Atomic: the files that change are written into a temporary folder beside the output and moved
into place (each by an atomic rename, the manifest last, stale files removed after) only when
the whole build succeeded; an error leaves the published site as it was. The cost is that of
the files that changed: a run that changes nothing touches nothing, and one changed act does
not copy and delete the whole site (which took seconds for 1,000 acts). An act marked ``failed`` (its text in
force could not be built) keeps its last good pages, each with a notice naming the amending act
that could not be applied (a kept page is never silent), and its entries in the search.
"""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import Callable
from dataclasses import astuple, dataclass, field
from pathlib import Path

from lexconsolida.citations import ActRef
from lexconsolida.errors import InputError, InternalError
from lexconsolida.gcpause import gc_paused
from lexconsolida.io import read_bytes
from lexconsolida.manifest import OutputSet, code_key, content_key
from lexconsolida.site import editions, search, sitemap
from lexconsolida.site import parallel as site_parallel
from lexconsolida.site.facts import FACTS_VERSION, ActFacts
from lexconsolida.site.links import Resolver
from lexconsolida.site.model import SiteAct, SiteCorpus
from lexconsolida.site.pages import (
    GENERATOR, ActPages, SiteInfo, editorial_page, index_pages, kept_notice, page_text, search_page,
    strip_kept_notice, with_kept_notice,
)
from lexconsolida.site.relations import build_graph, index_graph
from lexconsolida.writers.html import templates

Progress = Callable[[int, int, str], None]
"""progress(done, total, what): called while acts are processed."""


@dataclass(slots=True)
class SiteReport:
    out: Path
    acts: int
    pages: int
    written: int
    skipped: int
    removed: int
    kept: list[str] | None = None
    """Acts that failed and whose previous pages were kept (their folders)."""
    unread: list[str] = field(default_factory=list)
    """Of ``kept``, the acts kept because they could not be read (their text, or their
    metadata: :attr:`SiteCorpus.unreadable`), not because an amendment awaits review."""


def _editorial(docs_dir: Path | None) -> list[tuple[str, str]]:
    """(href, Markdown source) of each ``*.md`` in ``docs_dir``, 'sobre' first."""
    if not docs_dir or not docs_dir.is_dir():
        return []
    files = sorted(docs_dir.glob("*.md"), key=lambda f: (f.stem != "sobre", f.stem))
    out = []
    for f in files:
        try:
            out.append((f"{f.stem}.html", read_bytes(f).decode("utf-8")))
        except UnicodeDecodeError:
            raise InputError("página editorial não está em UTF-8", path=f) from None
    return out


def _title(source: str, href: str) -> str:
    for line in source.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return href.removesuffix(".html").capitalize()


def _check_paths(acts: list[SiteAct]) -> None:
    seen: dict[str, str] = {}
    for act in acts:
        if act.path in seen:
            raise InputError(f"dois atos com a mesma pasta no site: {act.path} "
                             f"({seen[act.path]} e {act.urn})")
        seen[act.path] = act.urn


UNREADABLE_NOTICE = ("Atenção: esta página pode estar desatualizada. Os dados deste ato no acervo "
                     "mudaram e não puderam ser lidos; a página abaixo é a publicada antes dessa "
                     "mudança, até que o acervo seja corrigido.")
"""The notice on the kept pages of an act whose metadata could not be read this time."""


def build_site(corpus: SiteCorpus, out: str | Path, *, docs_dir: str | Path | None = None,
               progress: Progress | None = None, runner=None) -> SiteReport:
    """Write the site for ``corpus`` into ``out`` (atomically); returns what was written.

    ``runner`` (:mod:`lexconsolida.acervo.work`, several workers): the acts' facts, search
    shards and pages are made on it (:mod:`lexconsolida.site.parallel`), when the acts can
    travel to its workers; the bytes are the same."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = out.parent / f".{out.name}.novo"
    if staging.exists():
        shutil.rmtree(staging)  # left by a run that was killed
    try:
        report = _build(corpus, out, staging, docs_dir, progress, runner)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    report.out = out
    return report


def _build(corpus: SiteCorpus, out: Path, staging: Path, docs_dir,
           progress: Progress | None, runner=None) -> SiteReport:
    """Two passes over the acts, so that at most one act's tree is expanded at a time: first
    each act's facts (what the other acts' pages need of it) and search shard, both memoised
    by the act's key; then each act's pages, rendered only when their key changed. An act whose
    key is unchanged is not read at all; one read in the first pass is kept compressed in
    memory for the second, not parsed twice."""
    acts = corpus.acts
    _check_paths(acts)
    editorial = _editorial(Path(docs_dir) if docs_dir else None)
    menu = [{"titulo": _title(src, href), "href": href} for href, src in editorial]
    site = SiteInfo(corpus.nome, menu + ([editions.MENU] if corpus.edicoes or corpus.inutilizadas else []))
    base = content_key(GENERATOR, code_key(), templates.templates_hash())
    output = OutputSet(out, staging=staging)
    read_now: dict[str, bytes] = {}
    """Search shards of the acts read in this pass (computed while their tree is expanded)."""
    parallel = (runner is not None and getattr(runner, "workers", 1) > 1
                and site_parallel.picklable(acts))
    computed = _facts_in_parallel(runner, acts, output, base) if parallel else {}
    for act in acts:
        with gc_paused():  # see _one_at_a_time
            made = computed.pop(act.path, None)
            act.set_facts(ActFacts.from_json(output.remember(
                f"fatos:{act.path}", content_key(base, FACTS_VERSION, act.key),
                (lambda a=act: a.facts.to_json()) if made is None else (lambda m=made: m[0]))))
            if made is not None and made[1] is not None:  # the worker read it: its shard came along
                read_now[act.path] = made[1]
            elif act.is_expanded() and not act.failed:  # read just now: its shard costs no reading
                read_now[act.path] = search.act_index(act)
            act.spill()
    # An act that failed keeps the pages it had; without any, only its metadata page is made.
    kept = [a.path for a in acts if a.failed and output.keep_previous(f"{a.path}/")]
    for act in acts:
        if act.path in kept:  # a kept page is never silent: a notice names what is pending
            for rel in sorted(r for r in output.new if r.startswith(f"{act.path}/") and r.endswith(".html")):
                bare = strip_kept_notice((output.root / rel).read_text("utf-8"))
                notice = kept_notice(act.facts, page_text(bare))  # what this page holds
                key = content_key(base, "mantida", notice, hashlib.sha256(bare.encode()).hexdigest())
                output.put(rel, key, lambda b=bare, n=notice: with_kept_notice(b, n))

    unread = [a.path for a in acts if a.path in kept and not a.facts.held]
    for path in sorted(set(corpus.unreadable) - {a.path for a in acts}):
        if output.keep_previous(f"{path}/"):  # unreadable now: its last good pages, with a notice
            kept.append(path)
            unread.append(path)
            for rel in sorted(r for r in output.new if r.startswith(f"{path}/") and r.endswith(".html")):
                bare = strip_kept_notice((output.root / rel).read_text("utf-8"))
                key = content_key(base, "mantida", UNREADABLE_NOTICE, hashlib.sha256(bare.encode()).hexdigest())
                output.put(rel, key, lambda b=bare: with_kept_notice(b, UNREADABLE_NOTICE))

    def old_shard(act) -> bool:
        rel = f"busca/atos/{act.path}.json"
        return rel in output.old and (output.root / rel).is_file()

    # a kept act stays in the search with what its kept pages say
    searchable = [a for a in acts if not a.failed or (a.path in kept and old_shard(a))]
    search_key = content_key(base, [(a.path, a.key, search.filters(a)) for a in searchable])
    if not output.keep_group("busca/", search_key):
        shards: list[tuple] = []
        for act in searchable:
            rel, key = f"busca/atos/{act.path}.json", content_key(base, FACTS_VERSION, act.key)
            if act.failed:
                output.new[rel] = output.old[rel]
                shard = (output.root / rel).read_bytes()
            elif output.fresh(rel, key):
                shard = (output.root / rel).read_bytes()
            else:
                shard = read_now.pop(act.path, b"") or search.act_index(act)
                output.put(rel, key, lambda d=shard: d)
                act.spill()
            shards.append((act.path, act.facts.search_title, shard, search.filters(act)))
        for name, data in sorted(search.merge(shards).items()):
            # Keyed by their bytes: a file of the index one changed act does not touch is kept.
            digest = hashlib.sha256(data).hexdigest()
            output.put(f"busca/{name}", content_key(base, name, digest), lambda d=data: d)
        output.record_group("busca/", search_key)
        del shards
    read_now.clear()
    pages = 0
    site_map = sitemap.sitemap_xml(acts)  # absolute addresses: only with [site] url
    if site_map is not None:
        output.put("sitemap.xml", content_key(base, site_map.hex()), lambda d=site_map: d)
    for name in templates.STATIC_FILES:
        data = templates.static_file(name)
        output.put(f"static/{name}", content_key(base, data.hex()), lambda d=data: d)
    for page in [*index_pages(acts, site, base), search_page(site, base),
                 *(editorial_page(href, src, site, base) for href, src in editorial)]:
        output.put(page.path, page.key, page.render)
        pages += 1
    for page in editions.pages(corpus.edicoes, acts, site, base, corpus.inutilizadas):
        output.put(page.path, page.key, page.render)
        pages += 1
    for ed in corpus.edicoes:
        output.put(ed.pdf_href, content_key(base, ed.sha256), lambda e=ed: read_bytes(e.pdf))
    published_in = editions.act_links(corpus.edicoes, acts)
    resolver = Resolver(acts)
    _previous_citations(resolver, acts, output)
    links = index_graph(build_graph(corpus))
    if parallel:
        pages += _pages_in_parallel(runner, acts, kept, output, resolver, links, site, base,
                                    published_in, staging)
    for i, act in enumerate(acts):
        if act.path in kept or parallel:
            continue
        with gc_paused():  # see _one_at_a_time
            pages_of = ActPages(act, resolver, links.get(act.urn, []), site, base, output.remember,
                                edicoes=published_in.get(act.urn, []))
            for page in pages_of.pages():
                output.put(page.path, page.key, page.render)
                pages += 1
            act.release()
            _record_citations(resolver, act, output, list(resolver.asked.pop(act.urn, {})))
        if progress:
            progress(i + 1, len(acts), act.path)
    for act in acts:
        act.unspill()
    output.finish()
    return SiteReport(out, len(acts), pages, len(output.written), output.skipped,
                      len(output.removed), kept, unread)


CITATIONS = "citacoes:"
"""Memo of the citations each act's texts ask of the resolver (its :attr:`SiteAct.key`, then
the citations): what its links depend on (:meth:`Resolver.linking_key`)."""


def _previous_citations(resolver: Resolver, acts: list[SiteAct], output: OutputSet) -> None:
    """The citations each act asked in the previous build, when its texts are the same."""
    for act in acts:
        old = output.old_memo.get(CITATIONS + act.path)
        if old and old[0] == act.key and isinstance(old[1], list):
            try:
                resolver.previous[act.urn] = [ActRef(*ref) for ref in old[1]]
            except TypeError:
                continue


def _record_citations(resolver: Resolver, act: SiteAct, output: OutputSet, asked: list[ActRef]) -> None:
    """Remember the citations ``act``'s texts asked (none asked now: its links were taken from
    the memo, and the citations are those of before), and key its remembered links by their
    answers (:meth:`Resolver.linking_key`): the next build reuses them while they are the same."""
    name = f"links:{act.path}"
    if name not in output.memo:  # its pages were all current: nothing was planned
        return
    if not asked:
        reused = output.old_memo.get(name) == output.memo[name]
        if reused and act.urn not in resolver.previous:
            return  # remembered by a build that kept no citations: keyed on the catalogue still
        asked = resolver.previous.get(act.urn, [])
    resolver.previous[act.urn] = asked
    output.memo[CITATIONS + act.path] = [act.key, [list(astuple(ref)) for ref in asked]]
    output.memo[name] = [resolver.linking_key(act), output.memo[name][1]]


def _facts_in_parallel(runner, acts: list[SiteAct], output: OutputSet, base: str) -> dict[str, tuple]:
    """Path → (facts JSON, search shard) of every act whose facts are not memoised, made on the
    runner's workers (each reads its act there)."""
    need = []
    for act in acts:
        old = output.old_memo.get(f"fatos:{act.path}")
        if not (old and old[0] == content_key(base, FACTS_VERSION, act.key)):
            need.append(act)
    made = runner.map(site_parallel.facts_task, site_parallel.facts_items(need), name="fatos")
    return {a.path: m for a, m in zip(need, made)}


def _pages_in_parallel(runner, acts: list[SiteAct], kept: list[str], output: OutputSet,
                       resolver: Resolver, links: dict, site: SiteInfo, base: str,
                       published_in: dict, staging: Path) -> int:
    """The acts' pages on the runner's workers; an act whose linking key is memoised is planned
    here first (no tree read) and sent only when some of its pages changed. Returns how many
    pages the site has."""
    by_folder: dict[str, dict[str, str]] = {}
    for rel, key in output.old.items():  # the previous build's pages, by act folder
        folder = rel.rsplit("/", 1)[0]
        by_folder.setdefault(folder.removesuffix("/versoes"), {})[rel] = key
    tasks: list[tuple] = []
    pages = 0
    for act in acts:
        if act.path in kept:
            continue
        edicoes = published_in.get(act.urn, [])
        name = f"links:{act.path}"
        memo = output.old_memo.get(name)
        if memo and memo[0] == site_parallel.memo_key(act, resolver):
            planned = list(ActPages(act, resolver, links.get(act.urn, []), site, base, output.remember,
                                    edicoes=edicoes).pages())
            _record_citations(resolver, act, output, [])
            pages += len(planned)
            stale = [p.path for p in planned if not output.fresh(p.path, p.key)]
            if stale:
                tasks.append((act, links.get(act.urn, []), edicoes, memo, {}, stale))
            continue
        old = {rel: key for rel, key in by_folder.get(act.path, {}).items() if (output.root / rel).is_file()}
        tasks.append((act, links.get(act.urn, []), edicoes, memo, old, None))
    if not tasks:
        return pages
    shared = runner.share(site_parallel.context(acts, site, base, staging, resolver.previous))
    for act, *_ in tasks:
        act.unspill()
    for task, (made, recorded, asked) in zip(tasks, runner.map(site_parallel.pages_task, tasks, shared,
                                                               name="paginas")):
        if task[5] is None:
            pages += len(made)
        for rel, key, written in made:
            if written:
                output.adopt(rel, key)
            elif not output.fresh(rel, key):
                raise InternalError(f"página dada como atual e ausente: {rel}")
        if recorded:
            output.memo[recorded[0]] = [recorded[1], recorded[2]]
            _record_citations(resolver, task[0], output, asked)
    return pages
