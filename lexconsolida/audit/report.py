"""The audit report as JSON (Portuguese keys, for machines) and HTML (for the procuradoria).
Deterministic; rows are built in Python (thousands of them), the page in a template."""

from __future__ import annotations

import json

from markupsafe import Markup, escape

from lexconsolida.audit.model import (INCISOS, MERIT_KINDS, PERDA, VERDICT_NAMES, VERDICTS, Audit,
                                      Finding, Row)
from lexconsolida.diff.tokens import DELETE, INSERT
from lexconsolida.templating import render

TIPO_NAMES = {
    "renumeracao": "nova numeração ou colocação", "remissao": "remissão", "termo": "termo da tabela",
    "grafia": "grafia", "pontuacao": "pontuação", "indice": "valor atualizado por índice",
    "fusao": "fusão", "divisao": "nova divisão", "descarte": "dispositivo suprimido",
    "clausula-final": "cláusula final", "instrucao-cumprida": "instrução de alteração cumprida",
    **MERIT_KINDS,
}


def category(f: Finding) -> str:
    """'§ 2º, II' for an allowed change, 'mérito: valor' for a change of scope."""
    if f.inciso:
        return f"§ 2º, {f.inciso}"
    if f.permitted:
        return "§ 1º" if f.tipo == "clausula-final" else "cumprida"
    return f"mérito: {MERIT_KINDS.get(f.tipo, f.tipo)}"


def categories(r: Row) -> list[str]:
    out: list[str] = []
    for f in r.findings:
        c = category(f)
        if c not in out:
            out.append(c)
    if not out and r.verdict != "sem-alteracao":
        out.append(VERDICT_NAMES[r.verdict])
    return out


def _finding(f: Finding) -> dict:
    d: dict[str, object] = {"categoria": category(f), "inciso": f.inciso, "tipo": f.tipo, "antes": f.antes,
         "depois": f.depois, "motivo": f.motivo}
    if f.inciso in ("IX", "X", "XI"):
        d["justificado"] = f.justificado
    return d


def _row(r: Row) -> dict:
    d = {
        "id": r.id, "dispositivo": r.dispositivo if r.id else None, "texto": r.texto,
        "fontes": [{"apelido": s.alias, "norma": s.norma, "dispositivo": s.dispositivo, "id": s.id}
                   for s in r.fontes],
        "categorias": categories(r), "veredito": r.verdict, "veredito_texto": r.verdict_text(),
        "alteracoes": [_finding(f) for f in r.findings],
    }
    if any(op.kind != "=" for op in r.ops):
        d["trechos"] = [{"op": op.kind, "texto": op.text} for op in r.ops]
    return d


def summary(a: Audit) -> dict:
    c = a.counts()
    consolidated = sum(1 for r in a.rows if r.id is not None)
    return {
        "dispositivos_consolidados": consolidated,
        "dispositivos_de_origem_nao_levados": len(a.rows) - consolidated,
        **{v.replace("-", "_"): c[v] for v in VERDICTS},
        "por_inciso": a.by_inciso(),
        "agrupadores": a.agrupadores,
        "sem_justificativa": len(a.unjustified()),
        "fontes_nao_revogadas": len(a.not_revoked),
        "somente_alteracoes_permitidas": a.only_allowed,
    }


def to_dict(a: Audit) -> dict:
    return {
        "consolidacao": a.consolidacao,
        "data": a.data,
        "fontes": [{"apelido": al, "norma": label, "urn": urn} for al, label, urn in a.fontes],
        "resumo": summary(a),
        "dispositivos": [_row(r) for r in a.rows if r.id is not None],
        "perdas_e_supressoes": [_row(r) for r in a.rows if r.id is None],
        "sem_justificativa": [
            {"dispositivo": r.dispositivo if r.id else "; ".join(f"{s.norma}, {s.dispositivo}" for s in r.fontes),
             "inciso": f.inciso, "motivo": f.motivo}
            for r, f in a.unjustified()],
        "fontes_nao_revogadas": a.not_revoked,
        "tabela_de_correspondencia": None if a.table_check is None else {
            "conferidas": a.table_check.checked, "divergencias": a.table_check.mismatches},
        "observacoes": a.notes,
    }


def to_json(a: Audit) -> bytes:
    return (json.dumps(to_dict(a), ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def highlighted(r: Row) -> Markup:
    """The consolidated text with deletions struck and insertions marked."""
    if not r.ops:
        return escape(r.texto)
    parts = []
    for op in r.ops:
        if op.kind == DELETE:
            parts.append(Markup("<del>{}</del>").format(op.text))
        elif op.kind == INSERT:
            parts.append(Markup("<ins>{}</ins>").format(op.text))
        else:
            parts.append(escape(op.text))
    return Markup("").join(parts)


def _sources_cell(r: Row) -> Markup:
    if not r.fontes:
        return Markup("<em>sem origem</em>")
    return Markup("<br>").join(Markup("{}<br><small>{}</small>").format(s.dispositivo, s.norma) for s in r.fontes)


def _findings_cell(r: Row) -> Markup:
    items = []
    for f in r.findings:
        change = ""
        if f.antes or f.depois:
            change = Markup(" — “{}” → “{}”").format(_short(f.antes), _short(f.depois))
        items.append(Markup("<li><strong>{}</strong>{}{}</li>").format(
            category(f), change, Markup(": {}").format(f.motivo) if f.motivo else ""))
    if items:
        return Markup("<ul>{}</ul>").format(Markup("").join(items))
    return Markup("sem dispositivo de origem nas fontes") if r.verdict == "materia-nova" else Markup("—")


def findings_text(r: Row) -> str:
    """The findings as plain text (DOCX cells)."""
    out = []
    for f in r.findings:
        change = f" “{_short(f.antes, 80)}” → “{_short(f.depois, 80)}”" if (f.antes or f.depois) else ""
        out.append(f"{category(f)}{change}" + (f": {f.motivo}" if f.motivo else ""))
    return "\n".join(out) or "—"


def _short(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def html_rows(a: Audit) -> list[Markup]:
    out = []
    for i, r in enumerate(a.rows, start=1):
        out.append(Markup(
            '<tr id="l{0}" class="v-{1}"><td>{2}</td><td>{3}</td><td>{4}</td><td>{5}</td>'
            '<td class="veredito">{6}</td></tr>').format(
            i, r.verdict, r.dispositivo, _sources_cell(r), highlighted(r), _findings_cell(r),
            r.verdict_text()))
    return out


def to_html(a: Audit) -> bytes:
    problems = [r for r in a.rows if r.verdict in ("merito", "materia-nova", PERDA)]
    return render(
        "auditoria/relatorio.html", a=a, resumo=summary(a), rows=html_rows(a),
        verdict_names=VERDICT_NAMES, incisos=INCISOS, problems=problems,
        unjustified=a.unjustified(), category=category,
    ).encode("utf-8")
