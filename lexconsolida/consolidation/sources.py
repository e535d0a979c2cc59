"""The sources of a consolidation, taken from the corpus: each act with every amendment applied
(and the human decisions recorded for what could not be applied mechanically), then as in force
on the spec's date."""

from __future__ import annotations

from lexconsolida import api
from lexconsolida.amendments.phrases import classify
from lexconsolida.citations import find
from lexconsolida.consolidation.engine import label_path
from lexconsolida.consolidation.final import final_clause_kind
from lexconsolida.consolidation.model import Amender, SourceAct
from lexconsolida.consolidation.report import new_labels
from lexconsolida.consolidation.spec import Spec
from lexconsolida.errors import InputError
from lexconsolida.model import Kind
from lexconsolida.model.efficacy import WHOLE_ACT, struck_units


def find_act(corpus, spec: Spec, ato: str):
    """The corpus act a spec names by URN, folder or file (relative to the spec or the cwd)."""
    act = corpus.find(ato) if ato.startswith("urn:") else (
        corpus.find(spec.base_dir / ato) or corpus.find(ato))
    if act is None:
        raise InputError(f"ato desconhecido no acervo: {ato!r}", path=spec.path)
    return act


def load_sources(corpus, spec: Spec, today: str | None = None) -> list[SourceAct]:
    when_default = today or api.today()
    out = []
    for s in spec.fontes:
        act = find_act(corpus, spec, s.ato)
        if act.texto is None and act.texto_ausente:
            raise InputError(f"a fonte {s.alias!r} ({act.label}) não tem texto aqui: "
                             f"{act.texto_ausente}", path=spec.path)
        if act.texto is None:
            raise InputError(
                f"a fonte {s.alias!r} ({act.label}) não tem texto no acervo: acrescente "
                f"{act.folder / 'texto.txt'} antes de consolidar", path=spec.path,
            )
        h = api.amended(corpus, act)
        problems = [f"{r.act.label}, {p.where or 'ato'}: {p.message}"
                    for r in h.reports for p in r.problems if p.blocking]
        decisions = []
        for r in h.reports:
            for p in r.resolved:
                why = "; ".join(f"{d.decisao}: {d.nota}" if d.nota else d.decisao
                                for d in r.act.decisoes if d.matches(p.code, p.where))
                decisions.append(f"{r.act.label}, {p.where or 'ato'}: {p.message} — decisão "
                                 f"registrada no acervo ({why or 'aplicada'})")
        norma = api.at(h.norma, s.em or when_default)
        amenders = [amender(corpus, r) for r in h.reports
                    if r.applied and any(o.kind != "revogacao_total" for o in r.operations)]
        struck, notes = struck_units(norma, act.label)
        if any(why == WHOLE_ACT for why in struck.values()):
            raise InputError(f"a fonte {s.alias!r} ({act.label}) não vale em {norma.as_of}: "
                             + "; ".join(notes) + ". Retire-a da consolidação.", path=spec.path)
        notes = [n + (" — não entra na consolidação (LC 95/1998, art. 13, § 2º, IX)"
                      if any(n.endswith(why) for why in struck.values()) else "") for n in notes]
        out.append(SourceAct(s.alias, act.urn, act.label, act.data, norma, problems, decisions,
                             amenders, {k: f"{v} (LC 95/1998, art. 13, § 2º, IX)" for k, v in struck.items()},
                             notes))
    return out


def amender(corpus, report):
    """The amending act of ``report`` and the units of its own that are not instructions."""
    act = report.act
    norma = corpus.read(act.urn)
    index = norma.index()
    autonomous = []
    for art in norma.artigos():
        if final_clause_kind(art):
            continue
        for d in art.walk():
            if d.kind in (Kind.ARTIGO, Kind.OMISSIS) or not d.text.strip():
                continue
            if d.alteracoes or classify(d.text):
                continue
            autonomous.append((label_path(index, d.id), d.text))
    return Amender(act.urn, act.label, act.data, autonomous)


def external_citations(corpus, result) -> list[dict]:
    """Citations of the consolidated acts (or their dispositivos) in the other acts of the
    corpus, each with where it now points (LC 95 art. 14: what the consolidation replaces)."""
    by_urn = {s.urn: s for s in result.sources}
    new_of = {(r.alias, r.source_id): r.new_id for r in result.rows if r.new_id}
    labels = new_labels(result)
    out = []
    for act in sorted(corpus.acts.values(), key=lambda a: (a.data or "", a.urn)):
        if act.urn in by_urn or act.texto is None:
            continue
        norma = corpus.read(act.urn)
        index = norma.index()
        for d in norma.dispositivos():
            if not d.text:
                continue
            for c in find(d.text, lambda ref: corpus.resolve(ref, act.urn)):
                if not c.target:
                    continue
                work = c.target.split("!")[0]
                src = by_urn.get(work)
                if src is None:
                    continue
                if c.ids:
                    targets = [new_of.get((src.alias, i)) for i in c.ids]
                    target = "; ".join(labels.get(t, t) if t else f"{i} (não incluído)" for i, t in zip(c.ids, targets))
                else:
                    target = "a norma consolidada como um todo"
                out.append({"citing": f"{act.label}, {label_path(index, d.id)}", "text": c.text,
                            "source": src.label, "target": target})
    return out
