"""The import graph of ``lexconsolida/`` follows the layers written in docs/arquitetura.md.

The test reads the layer table of the document (so the map and the code cannot drift apart),
walks every module's imports with :mod:`ast` and asserts: every package has a layer; no module
imports from a higher layer; readers and writers never import each other (``∥``); no import
cycle, between modules or between packages; and every import made inside a function (for an
optional or heavy dependency) says why in a comment on its line or the line above.

``python -m tests.test_layers`` prints the figures (floors, upward imports, cycles,
function-level imports).
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "lexconsolida"
DOC = ROOT / "docs" / "arquitetura.md"


@dataclass(frozen=True)
class Import:
    source: str
    """The importing module ('lexconsolida.site.pages')."""
    target: str
    """The imported module of the project ('lexconsolida.writers.html.links')."""
    line: int
    in_function: bool
    why: str | None
    """The comment on the import's line, or on the line above it (function-level imports)."""
    statement: str


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _targets(module: str, is_package: bool, node: ast.Import | ast.ImportFrom) -> list[str]:
    known = modules()
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        if node.level:
            base = module.split(".") if is_package else module.split(".")[:-1]
            base = base[: len(base) - (node.level - 1)]
            prefix = ".".join(base + ([node.module] if node.module else []))
        else:
            prefix = node.module or ""
        names = [f"{prefix}.{a.name}" if f"{prefix}.{a.name}" in known else prefix
                 for a in node.names]
    out = []
    for name in names:
        if name != "lexconsolida" and not name.startswith("lexconsolida."):
            continue
        while name not in known and "." in name:
            name = name.rsplit(".", 1)[0]
        out.append(name)
    return out


def _comment(lines: list[str], node: ast.stmt) -> str | None:
    own = lines[node.lineno - 1]
    if "#" in own:
        return own.split("#", 1)[1].strip() or None
    above = lines[node.lineno - 2].strip() if node.lineno >= 2 else ""
    return above[1:].strip() or None if above.startswith("#") else None


@cache
def imports() -> tuple[Import, ...]:
    out: list[Import] = []
    for module, path in modules().items():
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        is_package = path.name == "__init__.py"

        def walk(node: ast.AST, in_function: bool) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.Import, ast.ImportFrom)):
                    why = _comment(lines, child) if in_function else None
                    targets = _targets(module, is_package, child)
                    if in_function and not targets:  # a third-party import in a function
                        out.append(Import(module, "", child.lineno, True, why, ast.unparse(child)))
                    for target in dict.fromkeys(targets):  # one edge per imported module
                        if target != module:
                            out.append(Import(module, target, child.lineno, in_function, why,
                                              ast.unparse(child)))
                walk(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)))

        walk(ast.parse(source, str(path)), False)
    return tuple(out)


# --- the layer table of docs/arquitetura.md ---------------------------------------------------

@dataclass(frozen=True)
class Layer:
    rank: int
    name: str
    units: tuple[str, ...]
    """Top-level modules or packages of ``lexconsolida`` ('model', 'readers', 'api')."""
    apart: tuple[tuple[str, ...], ...]
    """Groups of this layer that must not import each other ('readers ∥ writers')."""


@cache
def layers() -> tuple[Layer, ...]:
    """The rows of the table under '## Camadas': | n | name | `unit`, `unit` ∥ `unit` |."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Camadas", 1)[1].split("\n## ", 1)[0]
    out = []
    for row in re.findall(r"^\|\s*(\d+)\s*\|([^|]*)\|([^|]*)\|", section, re.M):
        rank, name, cell = int(row[0]), row[1].strip(), row[2]
        groups = tuple(tuple(re.findall(r"`([\w.]+)`", g)) for g in cell.split("∥"))
        out.append(Layer(rank, name, tuple(u for g in groups for u in g),
                         groups if len(groups) > 1 else ()))
    return tuple(out)


def unit_of(module: str) -> str:
    """'lexconsolida.readers.text.tree' → 'readers'; 'lexconsolida' → 'lexconsolida'."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


@cache
def layer_of() -> dict[str, Layer]:
    return {u: layer for layer in layers() for u in layer.units}


def _group(layer: Layer, unit: str) -> int | None:
    for i, g in enumerate(layer.apart):
        if unit in g:
            return i
    return None


def upward_imports() -> list[Import]:
    """Imports from a lower layer to a higher one, or across a '∥' of one layer."""
    table = layer_of()
    out = []
    for imp in imports():
        if not imp.target:
            continue
        a, b = unit_of(imp.source), unit_of(imp.target)
        la, lb = table.get(a), table.get(b)
        if la is None or lb is None or a == b:
            continue
        if lb.rank > la.rank:
            out.append(imp)
        elif la.rank == lb.rank and la.apart and _group(la, a) != _group(la, b):
            out.append(imp)
    return out


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def module_edges() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = defaultdict(set)
    for imp in imports():
        if imp.target:
            edges[imp.source].add(imp.target)
    return edges


def unit_edges() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = defaultdict(set)
    for imp in imports():
        if imp.target and unit_of(imp.source) != unit_of(imp.target):
            edges[unit_of(imp.source)].add(unit_of(imp.target))
    return edges


def floors(edges: dict[str, set[str]]) -> int:
    """The longest chain of imports (in nodes), cycles collapsed: the number of floors."""
    component = {v: min(c) for c in cycles(edges) for v in c}
    collapsed: dict[str, set[str]] = defaultdict(set)
    for v, targets in edges.items():
        for w in targets:
            a, b = component.get(v, v), component.get(w, w)
            if a != b:
                collapsed[a].add(b)
    depth: dict[str, int] = {}

    def height(v: str) -> int:
        if v not in depth:
            depth[v] = 1 + max((height(w) for w in collapsed.get(v, ())), default=0)
        return depth[v]

    nodes = set(edges) | {w for targets in edges.values() for w in targets}
    return max(height(component.get(v, v)) for v in nodes)


def function_level() -> list[Import]:
    return [imp for imp in imports() if imp.in_function]


# --- the tests ---------------------------------------------------------------------------------

def test_the_document_has_the_layer_table():
    names = [layer.name for layer in layers()]
    assert len(names) >= 7, names
    assert [layer.rank for layer in layers()] == sorted(layer.rank for layer in layers())
    assert layer_of()["model"].rank < layer_of()["readers"].rank == layer_of()["writers"].rank
    assert layer_of()["readers"].rank < layer_of()["api"].rank < layer_of()["site"].rank


def test_every_module_has_a_layer():
    table = layer_of()
    missing = sorted({unit_of(m) for m in modules()} - set(table))
    assert missing == [], f"sem camada em docs/arquitetura.md (## Camadas): {missing}"


def test_the_packages_other_branches_add_have_their_layer():
    table = layer_of()
    assert table["acervo"].rank == table["audit"].rank == table["consolidation"].rank
    assert table["readers"].rank < table["acervo"].rank  # readers/pdf is a reader


def test_no_import_runs_up_the_layers():
    found = [f"{i.source}:{i.line} importa {i.target}" for i in upward_imports()]
    assert found == []


def test_no_import_cycle_between_modules():
    assert cycles(module_edges()) == []


def test_no_import_cycle_between_packages():
    assert cycles(unit_edges()) == []


def test_every_function_level_import_says_why():
    silent = [f"{i.source}:{i.line}: {i.statement}" for i in function_level() if not i.why]
    assert silent == [], "import dentro de função sem comentário dizendo por quê"


def test_the_walker_sees_what_python_imports():
    """The graph is real: a module known to import another is seen doing so."""
    edges = module_edges()
    assert "lexconsolida.api" in edges["lexconsolida.commands.compile"]
    assert "lexconsolida.lexml.tags" in edges["lexconsolida.readers.lexml"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def main() -> None:
    print(f"módulos: {len(modules())}; importações internas: "
          f"{sum(len(v) for v in module_edges().values())}")
    print(f"andares (cadeia mais longa de importações): entre pacotes {floors(unit_edges())}, "
          f"entre módulos {floors(module_edges())}")
    print(f"importações para cima: {len(upward_imports())}")
    for i in upward_imports():
        print(f"  {i.source}:{i.line} -> {i.target}")
    print(f"ciclos entre módulos: {len(cycles(module_edges()))}; "
          f"entre pacotes: {len(cycles(unit_edges()))}")
    for c in cycles(module_edges()) + cycles(unit_edges()):
        print("  " + " <-> ".join(c))
    print(f"importações dentro de funções: {len(function_level())}")
    for i in function_level():
        print(f"  {i.source}:{i.line}: {i.statement}  # {i.why}")


if __name__ == "__main__":
    main()
