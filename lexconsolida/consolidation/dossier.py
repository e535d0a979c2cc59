"""The Indicação dossier: everything the câmara and the procuradoria need while the texts of
the acts to consolidate are not yet in the corpus, built from the annexed minuta and the spec.

Outputs (in ``out_dir``): the minuta's check report, its rendering, the effects its revocation
article would have on the corpus, the list of the acts it replaces with their metadata, the
consolidation spec ready for when their texts arrive, and the Indicação itself as DOCX.
"""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
from dataclasses import dataclass, replace
from pathlib import Path

from lexconsolida import api
from lexconsolida.audit import audit
from lexconsolida.audit import render as render_audit
from lexconsolida.audit import table as audit_table
from lexconsolida.audit.report import summary
from lexconsolida.audit.sources import load_sources
from lexconsolida.check import check, counts
from lexconsolida.citations import find_acts
from lexconsolida.consolidation.indicacao import indicacao_norma
from lexconsolida.consolidation.spec import Spec, load_spec
from lexconsolida.errors import InputError
from lexconsolida.io import atomic_write
from lexconsolida.model import Norma, Severity
from lexconsolida.templating import render

_REVOKES = re.compile(r"^\s*(revogam-se|revoga-se|ficam?\s+revogad[oa]s?)\b", re.IGNORECASE)


@dataclass(slots=True)
class Effect:
    """An act the minuta's revocation clause names, and what it would do to it."""

    printed: str
    """The citation as printed ('Lei Nº 4,100, de 07 de agosto de 2019')."""
    urn: str | None
    label: str | None
    data: str | None
    texto_disponivel: bool
    where: str
    """The revoking dispositivo of the minuta ('art31')."""


def revocation_effects(corpus, minuta: Norma) -> list[Effect]:
    """Every act a revocation article of ``minuta`` names, resolved in the corpus."""
    out = []
    for art in minuta.artigos():
        text = " ".join(d.text for d in art.walk() if d.text)
        if not _REVOKES.match(art.head_text or ""):
            continue
        for c in find_acts(text):
            urn = corpus.resolve(c.act, minuta.urn)
            act = corpus.acts.get(urn) if urn else None
            out.append(Effect(c.text, urn, act.label if act else None, act.data if act else None,
                              bool(act and act.texto), art.id))
    return out


def _sources_meta(corpus, spec: Spec) -> list:
    out = []
    for s in spec.fontes:
        act = corpus.find(s.ato) if s.ato.startswith("urn:") else corpus.find(spec.base_dir / s.ato)
        if act is None:
            raise InputError(f"a fonte {s.alias!r} ({s.ato}) não está no acervo", path=spec.path)
        out.append((s, act))
    return out


def build_dossier(corpus, spec_path: str | Path, out_dir: str | Path) -> list[Path]:
    """Write the dossier of the Indicação described in ``spec_path``; returns the files."""
    spec = load_spec(spec_path)
    urn = spec.indicacao.get("minuta")
    if not urn:
        raise InputError("[indicacao] não diz qual ato traz a minuta (campo 'minuta')", path=spec.path)
    minuta = corpus.read(urn)
    sources = _sources_meta(corpus, spec)
    out = Path(out_dir)
    written: list[Path] = []

    def put(name: str, data: bytes | str) -> None:
        written.append(atomic_write(out / name, data))

    findings = check(minuta)
    put("verificacao.json", json.dumps({
        "norma": minuta.titulo, "contagens": counts(minuta),
        "erros": sum(1 for d in findings if d.severity is Severity.ERROR),
        "verificacoes": [d.to_dict() for d in findings],
    }, ensure_ascii=False, indent=2) + "\n")
    put("verificacao.txt", _check_text(minuta, findings))
    put("minuta.xml", api.render(minuta, "xml"))
    for fmt, name in (("docx", "minuta.docx"), ("html", "minuta.html"), ("txt", "minuta.txt")):
        put(name, _render(fmt, minuta, corpus, urn))

    effects = revocation_effects(corpus, minuta)
    put("efeitos-revogacao.json", json.dumps([_as_dict(e) for e in effects], ensure_ascii=False, indent=2) + "\n")
    put("efeitos-revogacao.html", render("consolidacao/efeitos.html", minuta=minuta, effects=effects,
                                         sources=[a for _, a in sources]))
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["apelido", "tipo", "numero", "data", "urn", "texto_disponivel", "revogado_pela_minuta_em"])
    revoked = {e.urn: e.where for e in effects if e.urn}
    for s, act in sorted(sources, key=lambda p: (p[1].data or "", p[1].urn)):
        w.writerow([s.alias, act.tipo, act.numero or "", act.data or "", act.urn,
                    "sim" if act.texto else "não", revoked.get(act.urn, "")])
    put("atos-substituidos.csv", buf.getvalue())
    target = out / "consolidacao.toml"
    out.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(spec.path, target.with_suffix(".tmp"))
    target.with_suffix(".tmp").replace(target)
    written.append(target)
    missing = [a for _, a in sources if not a.texto]
    audited = _audit_minuta(corpus, spec, minuta, missing, put)
    ind = indicacao_norma(spec, [(act.label, act.data) for _, act in sources])
    letterhead = api.publishing(corpus, corpus.get(urn))
    letterhead.orgao = "camara"
    put("indicacao.docx", api.render(ind, "docx", publishing=letterhead, embed_source=False))
    put("index.html", render("consolidacao/dossie.html", spec=spec, minuta=minuta, effects=effects,
                             files=[p.name for p in written], missing=missing, audited=audited,
                             errors=sum(1 for d in findings if d.severity is Severity.ERROR)))
    return written


def _audit_minuta(corpus, spec: Spec, minuta: Norma, missing: list, put) -> dict:
    """The minuta audited against its sources (LC 95 art. 13) when every source text is in the
    acervo: auditoria.html/.docx/.json. Until then auditoria.json says what is missing.
    Returns the summary the index shows."""
    if missing:
        put("auditoria.json", json.dumps({
            "situacao": "pendente",
            "motivo": "a auditoria da minuta contra as normas de origem espera os textos delas no acervo",
            "faltam": [{"norma": a.label, "urn": a.urn, "pasta": a.folder.name} for a in missing],
        }, ensure_ascii=False, indent=2) + "\n")
        return {}
    table = audit_table.load(spec.path)
    result = audit(minuta, load_sources([], corpus, None, table), table)
    pub = api.publishing(corpus, corpus.get(spec.indicacao["minuta"]))
    put("auditoria.json", render_audit(result, "json"))
    put("auditoria.html", render_audit(result, "html"))
    put("auditoria.docx", render_audit(result, "docx", municipio=pub.municipio, municipio_dir=pub.municipio_dir))
    return summary(result)


_EFFECT_KEYS = {"printed": "citacao", "urn": "urn", "label": "norma", "data": "data",
                "texto_disponivel": "texto_disponivel", "where": "dispositivo"}


def _as_dict(e: Effect) -> dict:
    """The effect with Portuguese keys, as every JSON the user reads."""
    return {_EFFECT_KEYS[k]: getattr(e, k) for k in e.__slots__}


def _render(fmt: str, norma: Norma, corpus, urn: str) -> bytes:
    """The minuta in ``fmt``; the DOCX carries the letterhead of the act's municipality."""
    # The Indicação is its own document (indicacao.docx): the minuta's DOCX is the minuta only.
    if fmt == "docx":
        norma = replace(norma, documentos=[])
    return api.render(norma, fmt, publishing=api.publishing(corpus, corpus.get(urn)))


def _check_text(norma: Norma, findings) -> str:
    c = counts(norma)
    lines = [norma.titulo,
             f"{c['artigo']} artigos, {c['paragrafo']} parágrafos ({c['paragrafos_unicos']} únicos), "
             f"{c['inciso']} incisos, {c['alinea']} alíneas, {c['item']} itens; {c['agrupadores']} agrupadores", ""]
    for d in findings:
        loc = f"linha {d.line}" if d.line else "documento"
        lines.append(f"{d.severity}: {loc} [{d.where}]: {d.message}")
    errors = sum(1 for d in findings if d.severity is Severity.ERROR)
    lines.append(f"\nResultado: {errors} erro(s), {len(findings) - errors} aviso(s).")
    return "\n".join(lines) + "\n"
