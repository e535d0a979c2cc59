"""The acts an export takes from the acervo: one act with its amending acts, or a municipality.

An act comes with its text and history exactly as ``lexconsolida compile`` gives them (the
acervo's amending acts applied by :func:`lexconsolida.api.amended`), and with where, in each
amending act, the instruction that changed each unit is (the recognised operations' ``where``):
SAPL hangs each new wording from a block under that article.

A whole municipality goes through the acervo pipeline (:mod:`lexconsolida.acervo.pipeline`,
cached like ``lexconsolida acervo``): every act read, every history applied, the relations in
force (declared ones win over found ones).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from lexconsolida import api
from lexconsolida.acervo.analysis import act_corpus
from lexconsolida.acervo.pipeline import APPLIED, Acervo, build
from lexconsolida.corpus import Act, Corpus
from lexconsolida.errors import UsageError
from lexconsolida.history import recognise_act
from lexconsolida.model.operations import Operation
from lexconsolida.model.status import PENDING, WITHOUT_TEXT, Step
from lexconsolida.sapl.plan import Relation, Source


def instructions(source: Source, operations: Iterable[Operation], amending: str) -> None:
    """Record in ``source`` where in ``amending`` each of its operations on the source's act is
    (the article: SAPL hangs the block there) and how the instruction is worded."""
    for op in operations:
        if op.target_urn != source.act.urn or not op.where:
            continue
        for unit in (op.target_id, op.new_id):
            if unit:
                source.wheres.setdefault((amending, unit), _article_of(op.where))
                if op.source:
                    source.sentences.setdefault((amending, unit), " ".join(op.source.split()))


def _article_of(where: str) -> str:
    """The article an instruction is in ('art1' of 'art1_cpt' or 'art1_par2'): SAPL's block
    hangs from the article's caput, and its note names the article."""
    head = where.split("_", 1)[0]
    return head if head.startswith("art") else where


def one_act(spec: str, acervo: str | Path | None = None) -> tuple[list[Source], list[Relation]]:
    """The act ``spec`` with its history, and its amending acts (each with its own)."""
    found = api.locate(spec, acervo)
    if found.act is None or found.corpus is None:
        raise UsageError(f"{spec}: exportar para o SAPL pede um ato do acervo (URN ou pasta com norma.toml), "
                         "com o seu histórico; um arquivo solto não tem os atos alteradores")
    corpus, act = found.corpus, found.act
    out: dict[str, Source] = {}
    relations: list[Relation] = []
    _add(corpus, act, out)
    h = out[act.urn]
    history = api.amended(corpus, act)
    h.missing = _missing(history.steps())
    for rep in history.reports:
        a = rep.act
        if a.urn not in out:
            _add(corpus, a, out)
        instructions(h, rep.operations, a.urn)
        if rep.applied:
            relations.append(Relation(a.urn, act.urn, _revoking(rep.operations, act.urn)))
    for s in out.values():
        relations.extend(_declared(s.act, out))
    return list(out.values()), _unique(relations)


def _missing(steps: list[Step]) -> list[str]:
    """The amending acts whose changes a compiled text lacks."""
    return [s.act_label for s in steps if s.state in (PENDING, WITHOUT_TEXT)]


def _add(corpus: Corpus, act: Act, out: dict[str, Source]) -> None:
    norma = None
    if act.texto is not None:
        norma = api.amended(corpus, act).norma
    out[act.urn] = Source(act, norma)


def _revoking(ops: list[Operation], target: str) -> str:
    if any(o.kind == "revogacao_total" and o.target_urn == target for o in ops):
        return "revoga"
    if ops and all(o.kind == "revogacao" for o in ops if o.target_urn == target):
        return "revoga-parcialmente"
    return "altera"


def _declared(act: Act, out: dict[str, Source]) -> list[Relation]:
    rel = []
    for r in act.relacoes:
        for alvo in r.alvos:
            if alvo in out and alvo != act.urn:
                kind = r.tipo
                if kind == "revoga":
                    target = out[alvo].norma
                    whole = target is not None and target.situacao.value == "revogado"
                    kind = "revoga" if whole or target is None else "revoga-parcialmente"
                rel.append(Relation(act.urn, alvo, kind))
    return rel


def _unique(relations: list[Relation]) -> list[Relation]:
    seen: dict[tuple[str, str], Relation] = {}
    rank = {"revoga": 0, "consolida": 1, "revoga-parcialmente": 2, "altera": 3, "regulamenta": 4}
    for r in relations:
        k = (r.fonte, r.alvo)
        if k not in seen or rank.get(r.kind, 9) < rank.get(seen[k].kind, 9):
            seen[k] = r
    return sorted(seen.values(), key=lambda r: (r.fonte, r.alvo))


def municipality(root: str | Path, municipio: str | None, *, cache: str | Path | None = None,
                 executor=None, progress: Callable[[int, int, str], None] | None = None
                 ) -> tuple[list[Source], list[Relation], Acervo]:
    """Every act of the municipality ``municipio`` of the acervo ``root`` (its folder name;
    None when the acervo has one), with its compiled history, and the relations in force."""
    acervo = build(root, executor=executor, cache_dir=cache)
    names = acervo.municipalities()
    if municipio is None:
        if len(names) != 1:
            raise UsageError(f"o acervo {root} tem {len(names)} municípios ({', '.join(names)}): um SAPL é de uma "
                             "câmara; diga qual com --municipio")
        municipio = names[0]
    if municipio not in names:
        raise UsageError(f"o acervo {root} não tem o município {municipio!r} (tem: {', '.join(names)})")
    view = acervo.only(municipio)
    own = sorted(u for u, r in view.acts.items() if view.mine(r))
    # every text as the pipeline read it, from its cache (no act is parsed again)
    corpus, _ = act_corpus(Path(acervo.root), [view.corpus.acts[u] for u in own], acervo.corpus.index,
                           acervo.corpus.municipios, acervo.cache_dir, acervo.read_keys)
    amending_of: dict[str, set[str]] = {}
    for target, h in view.histories.items():
        for step in h.steps:
            if step.situacao == APPLIED:
                amending_of.setdefault(step.ato, set()).add(target)
    out: dict[str, Source] = {}
    for i, urn in enumerate(own):
        if progress is not None:
            progress(i, len(own), "lendo o acervo")
        act = corpus.acts[urn]
        res = view.acts[urn]
        norma = None
        if act.texto is not None and not res.recusa:
            compiled = view.histories.get(urn)
            norma = compiled.norma if compiled is not None and compiled.norma is not None else corpus.read(urn)
        out[urn] = Source(act, norma, missing=_missing(view.steps_of(urn)) if norma is not None else [])
    for i, (amending, targets) in enumerate(sorted(amending_of.items())):
        if progress is not None:
            progress(i, len(amending_of), "lendo as instruções dos atos alteradores")
        if amending not in out or corpus.acts[amending].texto is None:
            continue
        ops = recognise_act(corpus, corpus.acts[amending]).recognition.operations
        for target in targets:
            if target in out:
                instructions(out[target], ops, amending)
    relations = []
    for r in view.relations:
        if r.fonte in out and r.alvo in out and r.no_acervo:
            kind = r.tipo if r.tipo in ("altera", "revoga", "regulamenta", "consolida") else "altera"
            if kind == "revoga":
                th = view.histories.get(r.alvo)
                kind = "revoga" if th is not None and th.revogado_por == r.fonte else "revoga-parcialmente"
            relations.append(Relation(r.fonte, r.alvo, kind))
    return [out[u] for u in own], _unique(relations), view
