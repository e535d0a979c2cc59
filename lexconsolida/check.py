"""Structural checks of a Norma (the checks of the Senado's LexML parser, and LC 95 art. 10).

Each check is a small named function ``check_x(norma) -> Iterator[Diagnostic]`` in the ordered
registry :data:`CHECKS`; :func:`check` runs them (all, or all but those disabled). Findings of
severity ERROR make ``lexconsolida check`` exit 1.

The checks work on any tree, whatever reader built it; they look at printed labels
(``rotulo_printed``) where the question is how the act was written, and at numbers and ids where
it is about the structure.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator

from lexconsolida.citations import find_dispositivos
from lexconsolida.errors import UsageError
from lexconsolida.model import Agrupador, Diagnostic, Dispositivo, Kind, Norma, Number, Severity, Situacao
from lexconsolida.model.ids import LexId
from lexconsolida.model.epigrafe import conflicts
from lexconsolida.model.gaps import rotulo_of
from lexconsolida.readers.text.residue import warnings as residue_warnings

ERROR, WARNING = Severity.ERROR, Severity.WARNING

KIND_WORDS = {
    Kind.ARTIGO: ("artigo", "artigos"),
    Kind.PARAGRAFO: ("parágrafo", "parágrafos"),
    Kind.INCISO: ("inciso", "incisos"),
    Kind.ALINEA: ("alínea", "alíneas"),
    Kind.ITEM: ("item", "itens"),
}


def _line(node) -> int | None:
    return node.lines[0] if node.lines else None


def _diag(code: str, message: str, severity: Severity, node) -> Diagnostic:
    return Diagnostic(code, message, severity, line=_line(node), where=node.id)


def _sibling_groups(norma: Norma) -> Iterator[list[Dispositivo]]:
    """Lists of numbered siblings that share a parent and a kind (articles: the whole act)."""
    yield [a for a in norma.artigos()]
    for d in norma.dispositivos():
        by_kind: dict[Kind, list[Dispositivo]] = {}
        for c in d.children:
            if c.kind in (Kind.PARAGRAFO, Kind.INCISO, Kind.ALINEA, Kind.ITEM):
                by_kind.setdefault(c.kind, []).append(c)
        yield from by_kind.values()


def _label_of(kind: Kind, value: int) -> str:
    return rotulo_of(kind, value)


def _position(d: Dispositivo) -> Number | None:
    """The number the id gives (the position, where the printed label repeats or goes back)."""
    try:
        return LexId(d.id).number
    except (KeyError, ValueError, AssertionError):
        return d.number


def check_sequence(norma: Norma) -> Iterator[Diagnostic]:
    """Repeated labels, inverted order and gaps among siblings of one kind. A gap is measured
    from the previous unit's position, so one repeated label is one finding, not two."""
    for group in _sibling_groups(norma):
        prev = None
        for d in group:
            if d.unico or d.number is None:
                prev = d
                continue
            if prev is None or prev.number is None:
                if d.number.value > 1 and not d.number.suffixes and prev is None:
                    missing = ", ".join(_label_of(d.kind, v) for v in range(1, min(d.number.value, 6)))
                    yield _diag("lacuna", f"numeração começa em {d.rotulo!r}: falta {missing}", WARNING, d)
                prev = d
                continue
            a, b = prev.number, d.number
            if b == a:
                yield _diag(
                    "rotulo-repetido",
                    f"rótulo {d.rotulo_printed or d.rotulo!r} repetido (o anterior, na linha "
                    f"{_line(prev)}, tem o mesmo número); o id segue a posição",
                    ERROR, d,
                )
            elif b < a:
                yield _diag(
                    "ordem-invertida",
                    f"{d.rotulo!r} vem depois de {prev.rotulo!r}: numeração fora de ordem",
                    ERROR, d,
                )
            else:
                at = _position(prev) or a
                if not b.suffixes and b.value > at.value + 1:
                    missing = [_label_of(d.kind, v) for v in range(at.value + 1, b.value)]
                    shown = ", ".join(missing[:5]) + (" …" if len(missing) > 5 else "")
                    yield _diag("lacuna", f"lacuna na numeração: falta {shown} antes de {d.rotulo!r}",
                                WARNING, d)
            prev = d


def check_paragrafo_unico(norma: Norma) -> Iterator[Diagnostic]:
    """'Parágrafo único' must be alone; a lone '§ 1º' should be 'Parágrafo único'."""
    for d in norma.dispositivos():
        if d.kind is not Kind.ARTIGO:
            continue
        pars = [c for c in d.children if c.kind is Kind.PARAGRAFO]
        unicos = [p for p in pars if p.unico]
        if unicos and len(pars) > 1:
            yield _diag(
                "unico-nao-isolado",
                f"'Parágrafo único' ao lado de outros {len(pars) - 1} parágrafo(s) no {d.rotulo}",
                ERROR, unicos[0],
            )
        if len(pars) == 1 and not pars[0].unico and pars[0].situacao is Situacao.VIGENTE:
            yield _diag(
                "paragrafo-isolado",
                f"{d.rotulo} tem um só parágrafo, numerado {pars[0].rotulo!r}: a LC 95/1998 "
                "(art. 10, III) pede 'Parágrafo único'",
                WARNING, pars[0],
            )


_ORDINAL_MARK = re.compile(r"\d\s*[º°]")


def check_ordinal(norma: Norma) -> Iterator[Diagnostic]:
    """Ordinal up to nine, cardinal from ten (LC 95 art. 10, I and III): 'Art. 10º' is wrong."""
    for d in norma.dispositivos():
        if d.kind not in (Kind.ARTIGO, Kind.PARAGRAFO) or d.number is None or d.unico:
            continue
        printed = d.rotulo_printed or d.rotulo or ""
        has_mark = bool(_ORDINAL_MARK.search(printed))
        if d.number.value >= 10 and has_mark:
            yield _diag(
                "ordinal-indevido",
                f"{printed!r}: a partir de 10 a numeração é cardinal ({d.rotulo!r}), "
                "LC 95/1998, art. 10",
                ERROR, d,
            )
        elif d.number.value < 10 and not has_mark and re.search(r"\d", printed):
            yield _diag(
                "cardinal-indevido",
                f"{printed!r}: até o nono a numeração é ordinal ({d.rotulo!r}), LC 95/1998, art. 10",
                WARNING, d,
            )


def check_hierarchy(norma: Norma) -> Iterator[Diagnostic]:
    """Alíneas belong in incisos and itens in alíneas (LC 95 art. 10, II). Alíneas set
    directly in paragraphs are reported once per article, not once per alínea."""
    for art in norma.artigos():
        hosts: list[Dispositivo] = []
        for d in art.walk():
            kids = [c for c in d.children if c.kind is Kind.ALINEA]
            if kids and d.kind is not Kind.INCISO:
                hosts.append(d)
            for c in d.children:
                if c.kind is Kind.ITEM and d.kind is not Kind.ALINEA:
                    yield _diag("item-fora-de-alinea", f"item {c.rotulo!r} fora de alínea", WARNING, c)
                elif c.kind is Kind.INCISO and d.kind in (Kind.INCISO, Kind.ALINEA, Kind.ITEM):
                    yield _diag("inciso-aninhado", f"inciso {c.rotulo!r} dentro de {d.rotulo!r}", ERROR, c)
        if hosts:
            names = ["caput" if h.kind is Kind.CAPUT else (h.rotulo or h.id) for h in hosts]
            shown = ", ".join(names[:3]) + (f" … {names[-1]}" if len(names) > 4 else
                                            "".join(f", {n}" for n in names[3:]))
            first = next(c for c in hosts[0].children if c.kind is Kind.ALINEA)
            yield Diagnostic(
                "alinea-fora-de-inciso",
                f"{art.rotulo}: alíneas diretamente no(s) dispositivo(s) {shown} ({len(hosts)}), "
                "fora de inciso (LC 95/1998, art. 10, II; aceito no perfil flexível do LexML)",
                WARNING, line=_line(first), where=first.id,
            )


def check_empty(norma: Norma) -> Iterator[Diagnostic]:
    """A dispositivo in force with no text and nothing below it."""
    for d in norma.dispositivos():
        if d.kind in (Kind.ARTIGO, Kind.OMISSIS) or d.situacao is not Situacao.VIGENTE:
            continue
        if not d.text.strip() and not d.children:
            if d.kind is Kind.CAPUT:
                continue
            yield _diag("sem-texto", f"{d.rotulo or d.kind} sem texto", WARNING, d)


def check_articles(norma: Norma) -> Iterator[Diagnostic]:
    """A norm with no article at all (nor an annex): its text was read wrong, or is not there.
    A law is its articles (LC 95/1998, art. 10): passing it clean would publish an empty law."""
    if norma.estado not in (None, "norma"):
        return
    if next(iter(norma.artigos()), None) is None and not norma.anexos:
        yield Diagnostic("lei-sem-artigos", "o ato não tem nenhum artigo: o texto foi lido errado ou está "
                         "incompleto (um ato normativo se divide em artigos, LC 95/1998, art. 10)", ERROR)


def check_ids(norma: Norma) -> Iterator[Diagnostic]:
    """Every id unique."""
    seen: Counter[str] = Counter()
    for node in norma.walk():
        seen[node.id] += 1
        if seen[node.id] == 2:
            yield _diag("id-duplicado", f"id {node.id!r} repetido na árvore", ERROR, node)


def check_agrupadores(norma: Norma) -> Iterator[Diagnostic]:
    """Headings: numbered in order within their parent; every heading holds some article."""

    def groups(children: Iterable) -> Iterator[list[Agrupador]]:
        by_kind: dict[str, list[Agrupador]] = {}
        for c in children:
            if isinstance(c, Agrupador):
                by_kind.setdefault(str(c.kind), []).append(c)
                yield from groups(c.children)
        yield from by_kind.values()

    for group in groups(norma.articulacao):
        prev = None
        for g in group:
            if g.number is not None and prev is not None and prev.number is not None:
                if g.number <= prev.number:
                    yield _diag("agrupador-fora-de-ordem",
                                f"{g.rotulo!r} depois de {prev.rotulo!r}", ERROR, g)
            if g.number is not None:
                prev = g
        for g in group:
            if not any(isinstance(n, Dispositivo) for n in g.walk()):
                yield _diag("agrupador-vazio", f"{g.rotulo or g.nome!r} sem artigos", WARNING, g)


def check_references(norma: Norma) -> Iterator[Diagnostic]:
    """Internal citations ('art. 14, parágrafo único desta Lei') must point to a dispositivo
    of the act. An explicit 'desta Lei' pointing nowhere is an error; a bare citation ('o art.
    14') pointing nowhere is a warning, since it may cite an act named earlier in the text."""
    ids = {n.id for n in norma.walk()}
    for d in norma.dispositivos():
        if not d.text or d.kind is Kind.OMISSIS:
            continue
        article = LexId(d.id).components[0]
        for c in find_dispositivos(d.text):
            if c.act is not None and not c.proprio:
                continue
            targets = list(c.ids)
            if c.incompleto:
                if not re.search(r"\bdeste\s+artigo\b", c.text, re.IGNORECASE):
                    continue
                targets = [f"{article}_{'cpt_' if t.startswith('inc') else ''}{t}" for t in targets]
            missing = [t for t in targets if t not in ids]
            if not missing:
                continue
            # 'desta Lei' makes the reference certainly internal: an error; without it, the
            # text may cite another act: a warning, under its own code.
            yield _diag(
                "remissao-quebrada" if c.proprio else "remissao-incerta",
                f"remissão “{c.text.strip()}” aponta para dispositivo inexistente "
                f"({', '.join(missing)})",
                ERROR if c.proprio else WARNING, d,
            )


def check_epigrafe(norma: Norma) -> Iterator[Diagnostic]:
    """The epígrafe against the fecho and the metadata: a date or number that disagrees
    (outputs print the epígrafe normalised, dated by the fecho)."""
    for message in conflicts(norma):
        yield Diagnostic("epigrafe-divergente", message, WARNING, line=None, where=None)


def check_residue(norma: Norma) -> Iterator[Diagnostic]:
    """OCR leftovers inside a unit's text: a stamp read as letters at its end ('média GO'),
    a symbol standing for '§' mid-sentence ('conforme & 2º do art. 56')."""
    yield from residue_warnings(norma)


CHECKS = [
    ("artigos", check_articles),
    ("ids", check_ids),
    ("sequencia", check_sequence),
    ("paragrafo-unico", check_paragrafo_unico),
    ("ordinal", check_ordinal),
    ("hierarquia", check_hierarchy),
    ("vazios", check_empty),
    ("agrupadores", check_agrupadores),
    ("remissoes", check_references),
    ("ruido", check_residue),
    ("epigrafe", check_epigrafe),
]


def check(norma: Norma, disable: Iterable[str] = ()) -> list[Diagnostic]:
    """All findings, in document order of the checks' registry."""
    off = set(disable)
    unknown = off - {name for name, _ in CHECKS}
    if unknown:
        raise UsageError(f"verificação desconhecida: {', '.join(sorted(unknown))}")
    out: list[Diagnostic] = []
    for name, fn in CHECKS:
        if name not in off:
            out.extend(fn(norma))
    return out


def counts(norma: Norma) -> dict[str, int]:
    c = Counter(str(d.kind) for d in norma.dispositivos())
    c["agrupadores"] = sum(1 for _ in norma.agrupadores())
    c["paragrafos_unicos"] = sum(1 for d in norma.dispositivos() if d.unico)
    return {k: c.get(k, 0) for k in ("artigo", "paragrafo", "inciso", "alinea", "item", "agrupadores", "paragrafos_unicos")}
