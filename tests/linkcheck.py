"""HTML checks for the site: well-formed pages, accessible structure, and no broken links.

:func:`check_page` checks one page: balanced tags (every non-void element closed, in order),
libxml2's HTML parser finds no error, ``lang="pt-BR"``, a title, exactly one ``h1``, heading
levels that never skip a level downwards, unique ids, every ``href="#…"`` resolving on the
page, the gazette footer. :func:`check_site` checks every page of a folder and every relative
link between them (the file exists and, with a fragment, the id exists in it).
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from lxml import etree

VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())
FOOTER = "Este texto não substitui o publicado no Diário Oficial"
_LIBXML_IGNORED = {801}
"""libxml2 HTML error codes we ignore: 801 = HTML5 element unknown to its HTML4 tables."""


@dataclass(slots=True)
class PageFacts:
    ids: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    headings: list[int] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    lang: str | None = None
    title: str = ""
    doctype: bool = False


class _Scanner(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.facts = PageFacts()
        self.stack: list[str] = []
        self._in_title = False

    def handle_decl(self, decl: str) -> None:
        if decl.lower() == "doctype html":
            self.facts.doctype = True

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        f = self.facts
        if "id" in a:
            f.ids.append(a["id"] or "")
        for attr in ("href", "src"):
            if a.get(attr) is not None:
                f.links.append(a[attr])
        if tag == "html":
            f.lang = a.get("lang")
        if len(tag) == 2 and tag[0] == "h" and tag[1] in "123456":
            f.headings.append(int(tag[1]))
        if tag == "title":
            self._in_title = True
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()
            self.facts.problems.append(f"<{tag}/> autofechado não é HTML válido")

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        if tag in VOID:
            self.facts.problems.append(f"</{tag}> de elemento vazio")
            return
        if not self.stack or self.stack[-1] != tag:
            line = self.getpos()[0]
            self.facts.problems.append(
                f"linha {line}: </{tag}> fecha {'<' + self.stack[-1] + '>' if self.stack else 'nada'}")
            if tag in self.stack:
                while self.stack and self.stack.pop() != tag:
                    pass
            return
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.facts.title += data


def scan(html: str) -> PageFacts:
    s = _Scanner()
    s.feed(html)
    s.close()
    if s.stack:
        s.facts.problems.append(f"elementos não fechados: {', '.join(s.stack)}")
    return s.facts


def _libxml_errors(data: bytes) -> list[str]:
    parser = etree.HTMLParser(recover=True, encoding="utf-8")
    etree.fromstring(data, parser)
    return [f"linha {e.line}: {e.message.strip()}" for e in parser.error_log
            if e.type not in _LIBXML_IGNORED]


def check_page(data: bytes) -> tuple[PageFacts, list[str]]:
    """The facts of a page (ids, links) and its problems (empty when valid)."""
    text = data.decode("utf-8")
    facts = scan(text)
    problems = list(facts.problems) + _libxml_errors(data)
    if not facts.doctype:
        problems.append("falta <!DOCTYPE html>")
    if facts.lang != "pt-BR":
        problems.append(f'<html lang> deveria ser "pt-BR", é {facts.lang!r}')
    if not facts.title.strip():
        problems.append("<title> vazio")
    if facts.headings.count(1) != 1:
        problems.append(f"a página deve ter exatamente um h1 (tem {facts.headings.count(1)})")
    if facts.headings and facts.headings[0] != 1:
        problems.append(f"o primeiro título é h{facts.headings[0]}, não h1")
    for prev, cur in zip(facts.headings, facts.headings[1:]):
        if cur > prev + 1:
            problems.append(f"título salta de h{prev} para h{cur}")
            break
    seen: set[str] = set()
    for i in facts.ids:
        if not i or any(c.isspace() for c in i):
            problems.append(f"id inválido: {i!r}")
        elif i in seen:
            problems.append(f"id repetido: {i}")
        seen.add(i)
    for href in facts.links:
        if href.startswith("#") and unquote(href[1:]) not in seen:
            problems.append(f"âncora sem destino: {href}")
    if FOOTER not in text:
        problems.append("falta o aviso do rodapé (Diário Oficial)")
    return facts, problems


def check_site(root: str | Path) -> list[str]:
    """Problems of every page of the site in ``root`` and of every link between its files."""
    root = Path(root)
    pages: dict[str, PageFacts] = {}
    problems: list[str] = []
    for f in sorted(root.rglob("*.html")):
        rel = f.relative_to(root).as_posix()
        facts, probs = check_page(f.read_bytes())
        pages[rel] = facts
        problems += [f"{rel}: {p}" for p in probs]
    id_sets = {rel: set(f.ids) for rel, f in pages.items()}
    for rel, facts in pages.items():
        base = posixpath.dirname(rel)
        for href in facts.links:
            problems += [f"{rel}: {p}" for p in _check_link(root, base, href, id_sets)]
    return problems


def _check_link(root: Path, base: str, href: str, id_sets: dict[str, set[str]]) -> list[str]:
    parts = urlsplit(href)
    if parts.scheme or parts.netloc:
        return [] if parts.scheme in ("http", "https", "mailto", "data") else [f"link estranho: {href}"]
    if not parts.path:
        return []  # same-page anchor, checked by check_page
    target = posixpath.normpath(posixpath.join(base, unquote(parts.path)))
    if target.startswith("../") or target == "..":
        return [f"link sai do site: {href}"]
    if not (root / target).is_file():
        return [f"link quebrado: {href}"]
    if parts.fragment and target in id_sets and unquote(parts.fragment) not in id_sets[target]:
        return [f"âncora inexistente em {target}: {href}"]
    return []
