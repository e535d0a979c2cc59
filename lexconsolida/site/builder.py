"""Build the gazette site for a corpus: index, search, editorial pages, one set of pages per act.

Incremental (see :mod:`lexconsolida.manifest`): a page is rendered only when its content
key changed, so a rerun with nothing changed only plans pages and compares keys.
Deterministic: the same corpus gives the same bytes (no dates of generation anywhere).

Atomic: the new site is built in a temporary folder beside the output (starting from hard links
to the current files, so the incremental build stays cheap) and swapped into place only when
complete; an error leaves the published site as it was. An act marked ``failed`` (its text in
force could not be built) keeps its last good pages.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from lexconsolida.errors import InputError
from lexconsolida.io import read_bytes
from lexconsolida.manifest import OutputSet, code_key, content_key
from lexconsolida.site.links import Resolver
from lexconsolida.site.model import SiteAct, SiteCorpus
from lexconsolida.site.pages import (
    GENERATOR, ActPages, SiteInfo, editorial_page, index_page, search_page,
)
from lexconsolida.site.relations import build_graph, index_graph
from lexconsolida.site.search import build_index
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


def _link_or_copy(src: str, dst: str) -> None:
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def _staging(out: Path) -> Path:
    """A fresh folder beside ``out`` holding (links to) the current site."""
    tmp = out.parent / f".{out.name}.novo"
    if tmp.exists():
        shutil.rmtree(tmp)
    if out.is_dir():
        shutil.copytree(out, tmp, copy_function=_link_or_copy, symlinks=True)
    else:
        tmp.mkdir(parents=True)
    return tmp


def _swap(tmp: Path, out: Path) -> None:
    """Put the finished site in place: two renames, the old one removed after."""
    old = out.parent / f".{out.name}.antigo"
    if old.exists():
        shutil.rmtree(old)
    if out.exists():
        out.rename(old)
    tmp.rename(out)
    if old.exists():
        shutil.rmtree(old)


def build_site(corpus: SiteCorpus, out: str | Path, *, docs_dir: str | Path | None = None,
               progress: Progress | None = None) -> SiteReport:
    """Write the site for ``corpus`` into ``out`` (atomically); returns what was written."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = _staging(out)
    try:
        report = _build(corpus, tmp, docs_dir, progress)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    _swap(tmp, out)
    report.out = out
    return report


def _build(corpus: SiteCorpus, out: Path, docs_dir, progress: Progress | None) -> SiteReport:
    acts = corpus.acts
    _check_paths(acts)
    editorial = _editorial(Path(docs_dir) if docs_dir else None)
    site = SiteInfo(corpus.nome, [{"titulo": _title(src, href), "href": href}
                                  for href, src in editorial])
    base = content_key(GENERATOR, code_key(), templates.templates_hash())
    output = OutputSet(out)
    # An act that failed keeps the pages it had; without any, only its metadata page is made.
    kept = [a.path for a in acts if a.failed and output.keep_previous(f"{a.path}/")]
    searchable = [a for a in acts if not a.failed]
    pages = 0
    for name in templates.STATIC_FILES:
        data = templates.static_file(name)
        output.put(f"static/{name}", content_key(base, data.hex()), lambda d=data: d)
    for page in [index_page(acts, site, base), search_page(site, base),
                 *(editorial_page(href, src, site, base) for href, src in editorial)]:
        output.put(page.path, page.key, page.render)
        pages += 1
    search_key = content_key(base, [(a.path, a.key) for a in searchable])
    if not output.keep_group("busca/", search_key):
        for name, data in sorted(build_index(searchable).items()):
            output.put(f"busca/{name}", content_key(search_key, name), lambda d=data: d)
        output.record_group("busca/", search_key)
    resolver = Resolver(acts)
    links = index_graph(build_graph(corpus))
    for i, act in enumerate(acts):
        if act.path in kept:
            continue
        pages_of = ActPages(act, resolver, links.get(act.urn, []), site, base, output.remember)
        for page in pages_of.pages():
            output.put(page.path, page.key, page.render)
            pages += 1
        if progress:
            progress(i + 1, len(acts), act.path)
    output.finish()
    return SiteReport(out, len(acts), pages, len(output.written), output.skipped,
                      len(output.removed), kept)
