"""Outputs of a consolidation besides the norm itself: the correspondence table (CSV, HTML,
both directions) and the review report for the procuradoria (HTML, JSON). Deterministic."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter

from lexconsolida.consolidation.analysis import conflicts, near_duplicates, units_of
from lexconsolida.consolidation.engine import label_path, source_rotulo
from lexconsolida.consolidation.model import BrokenCitation, Consolidation
from lexconsolida.model.status import status_of
from markupsafe import Markup

from lexconsolida.templating import render

STATUS_NAMES = {"incluido": "incluído", "fundido": "fundido", "descartado": "descartado"}
EDIT_NAMES = {"substituicao": "substituição de termo", "remissao": "remissão renumerada"}


def analyse(c: Consolidation) -> None:
    """Fill ``c.findings`` with near duplicates and conflicts (idempotent)."""
    if "near_duplicates" in c.findings:
        return
    units = units_of(c.sources, source_rotulo)
    c.findings["near_duplicates"] = near_duplicates(units)
    c.findings["conflicts"] = conflicts(units)
    sources = {s.urn for s in c.sources}
    seen: dict[str, object] = {}
    for s in c.sources:
        for a in s.amenders:
            if a.urn not in sources:  # a source's own units are in the table already
                seen.setdefault(a.urn, a)
    c.findings["amenders"] = sorted(seen.values(), key=lambda a: (a.data or "", a.label))
    c.findings.setdefault("broken_citations", [])
    c.findings.setdefault("external_citations", [])


def new_labels(c: Consolidation) -> dict[str, str]:
    """new id → 'art. 12, § 2º, I' (how the procuradoria cites it); computed once."""
    cached = c.findings.get("_labels")
    if cached is not None:
        return cached
    idx = c.norma.index()
    out = {d.id: label_path(idx, d.id) for d in c.norma.dispositivos()}
    for g in c.norma.agrupadores():
        out[g.id] = f"{g.rotulo or ''} {g.nome or ''}".strip()
    for a in c.norma.annexes:
        out[a.id] = f"{a.rotulo} – {a.titulo}" if a.titulo else (a.rotulo or a.id)
    c.findings["_labels"] = out
    return out


def counts(c: Consolidation) -> dict[str, int]:
    n = Counter(r.status for r in c.rows)
    return {k: n.get(k, 0) for k in STATUS_NAMES}


def correspondence_csv(c: Consolidation) -> bytes:
    labels = new_labels(c)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["fonte", "norma_de_origem", "dispositivo_origem_id", "dispositivo_origem",
                "situacao", "dispositivo_novo_id", "dispositivo_novo", "motivo"])
    for r in c.rows:
        w.writerow([r.alias, r.source_label.split(",")[0] if r.source_label else "", r.source_id,
                    r.source_label, r.status, r.new_id or "", labels.get(r.new_id, "") if r.new_id else "",
                    r.reason or ""])
    return buf.getvalue().encode("utf-8")


def _reverse(c: Consolidation):
    by_new: dict[str, list] = {}
    for r in c.rows:
        if r.new_id:
            by_new.setdefault(r.new_id, []).append(r)
    return ([(d.id, by_new.get(d.id, [])) for d in c.norma.dispositivos()]
            + [(a.id, by_new.get(a.id, [])) for a in c.norma.annexes])


def _table_rows(c: Consolidation) -> tuple[list[Markup], list[Markup]]:
    """Both directions of the table as escaped rows (thousands of rows: built in Python, not
    in template loops)."""
    labels = new_labels(c)
    forward = []
    for r in c.rows:
        target = (Markup('<a href="#n-{0}">{1}</a>').format(r.new_id, labels.get(r.new_id, r.new_id))
                  if r.new_id else Markup("—"))
        forward.append(Markup('<tr id="o-{0}-{1}" class="status-{2}"><td>{3}</td><td>{4}</td>'
                              "<td>{5}</td><td>{6}</td></tr>").format(
            r.alias, r.source_id, r.status, r.source_label, STATUS_NAMES[r.status], target, r.reason or ""))
    backward = []
    for new_id, origins in _reverse(c):
        links = Markup("; ").join(Markup('<a href="#o-{0}-{1}">{2}</a>').format(r.alias, r.source_id, r.source_label)
                                  for r in origins) or Markup("cláusula nova")
        backward.append(Markup('<tr id="n-{0}"><td>{1}</td><td>{2}</td></tr>').format(
            new_id, labels.get(new_id, new_id), links))
    return forward, backward


def correspondence_html(c: Consolidation) -> bytes:
    forward, backward = _table_rows(c)
    return render(
        "consolidacao/correspondencia.html", titulo=c.norma.titulo if c.norma.tipo else "Consolidação",
        ementa=c.norma.ementa, aviso=status_of(c.norma).notice, rows=c.rows, counts=counts(c), forward=forward, backward=backward,
    ).encode("utf-8")


def _set_aside_rows(c: Consolidation) -> list:
    """Rows not included, without the caput rows that only repeat their article's row."""
    out = []
    by_key = {(r.alias, r.source_id): r for r in c.rows}
    for r in c.rows:
        if r.status == "incluido":
            continue
        if r.source_id.endswith("_cpt"):
            art = by_key.get((r.alias, r.source_id[: -len("_cpt")]))
            if art is not None and (art.status, art.reason) == (r.status, r.reason):
                continue
        out.append(r)
    return out


def review_html(c: Consolidation) -> bytes:
    analyse(c)
    ems = {s.alias: s.em for s in c.spec.fontes}
    sources = [dict(alias=s.alias, label=s.label, urn=s.urn, em=ems.get(s.alias)) for s in c.sources]
    decisions = [(s, d) for s in c.sources for d in s.decisions]
    return render(
        "consolidacao/revisao.html", titulo=c.spec.norma.get("ementa", ""), aviso=status_of(c.norma).notice,
        sources=sources,
        rows=c.rows, counts=counts(c), dropped=_set_aside_rows(c),
        decisions=decisions, efficacy=[n for s in c.sources for n in s.efficacy], edits=c.edits, findings=c.findings, new_labels=new_labels(c),
        status_names=STATUS_NAMES, edit_names=EDIT_NAMES,
    ).encode("utf-8")


def _broken(obj) -> BrokenCitation:
    return BrokenCitation(**obj) if isinstance(obj, dict) else obj


def review_json(c: Consolidation) -> bytes:
    analyse(c)

    def unit(u):
        return {"fonte": u.alias, "dispositivo": u.id, "citacao": u.source_label, "texto": u.text}

    data = {
        "norma": {k: c.spec.norma.get(k) for k in ("tipo", "numero", "data", "ementa")},
        "fontes": [{"alias": s.alias, "norma": s.label, "urn": s.urn, "data": s.data} for s in c.sources],
        "contagens": counts(c),
        "dispositivos": [
            {"fonte": r.alias, "origem": r.source_id, "citacao": r.source_label, "situacao": r.status,
             "novo": r.new_id, "motivo": r.reason}
            for r in c.rows
        ],
        "decisoes": [{"fonte": s.alias, "decisao": d} for s in c.sources for d in s.decisions],
        "eficacia": [{"fonte": s.alias, "nota": n} for s in c.sources for n in s.efficacy],
        "edicoes": [{"onde": e.new_id, "tipo": e.kind, "antes": e.before, "depois": e.after,
                     "fundamento": e.motivo} for e in c.edits],
        "quase_duplicados": [{"a": unit(d.a), "b": unit(d.b), "semelhanca": d.similarity}
                             for d in c.findings["near_duplicates"]],
        "conflitos": [{"assunto": x.subject, "a": {**unit(x.a.unit), "valor": x.a.printed},
                       "b": {**unit(x.b.unit), "valor": x.b.printed}} for x in c.findings["conflicts"]],
        "atos_alteradores": [{"norma": a.label, "urn": a.urn, "data": a.data,
                              "dispositivos_autonomos": [{"citacao": cit, "texto": t} for cit, t in a.autonomous]}
                             for a in c.findings["amenders"]],
        "remissoes_quebradas": [{"dispositivo_novo": b.new_id, "texto": b.text, "motivo": b.reason}
                                for b in map(_broken, c.findings["broken_citations"])],
        "citacoes_externas": [{"citada_em": x["citing"], "texto": x["text"], "norma_consolidada": x["source"],
                               "destino": x["target"]} for x in c.findings["external_citations"]],
    }
    return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
