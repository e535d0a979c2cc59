"""The report of an act's reading and checks, as a clerk reads it: JSON, text and HTML.

One dictionary (:func:`act_report`) is the report; :func:`report_text` and :func:`report_html`
only present it, so the three forms always say the same thing. ``check`` prints it, ``build``
writes the three beside each act's LexML, plus an index of every act (:func:`index_html`).
Keys and codes are the Portuguese vocabulary of :mod:`lexconsolida.model.diagnostics`.
"""

from __future__ import annotations

import json

from lexconsolida.check import check, counts
from lexconsolida.model import Diagnostic, Norma, Severity
from lexconsolida.model.diagnostics import CODES, LOG_CODES
from lexconsolida.templating import render

KIND_WORDS = (("artigo", "artigos"), ("paragrafo", "parágrafos"), ("inciso", "incisos"),
              ("alinea", "alíneas"), ("item", "itens"), ("agrupadores", "agrupadores"))


def act_report(arquivo: str, norma: Norma, diagnostics: list[Diagnostic], *,
               disabled=(), detalhes: bool = False, decisoes: list | None = None) -> dict:
    """Checks of ``norma`` plus what the reader said of its text (``diagnostics``).

    A reader anomaly on the same line or unit as a check finding says the same thing in the
    reader's words: the check's is kept (it is the same for every input format)."""
    findings = check(norma, disabled)
    logs = [d for d in diagnostics if d.code in LOG_CODES]
    anomalies = [d for d in diagnostics if d.code not in LOG_CODES]
    lines = {d.line for d in findings if d.line is not None}
    wheres = {d.where for d in findings if d.where}
    anomalies = [d for d in anomalies if d.line not in lines and d.where not in wheres]
    everything = findings + anomalies
    registro: dict[str, object] = {
        "linhas_removidas": sum(1 for d in logs if d.code == "linha-removida"),
        "reparos": sum(1 for d in logs if d.code == "reparo"),
    }
    if detalhes:
        registro["itens"] = [d.to_dict() for d in logs]
    decisions = [{"codigo": i.codigo, "mensagem": i.mensagem, "arquivo": i.arquivo, "linha": i.linha}
                 for i in decisoes or ()]
    out = {
        "arquivo": arquivo,
        "norma": {"titulo": norma.titulo, "urn": norma.urn, "tipo": norma.tipo,
                  "numero": norma.numero, "data": norma.data},
        "contagens": counts(norma),
        "erros": sum(1 for d in everything if d.severity is Severity.ERROR) + len(decisions),
        "avisos": sum(1 for d in everything if d.severity is Severity.WARNING),
        "verificacoes": [d.to_dict() for d in findings],
        "anomalias_da_leitura": [d.to_dict() for d in anomalies],
        "ruido_residual": sum(1 for d in everything if d.code == "ruido-residual"),
        "registro_da_leitura": registro,
    }
    if decisoes is not None:  # an act of the acervo: its recorded decisions checked too
        out["decisoes_registradas"] = decisions
    return out


def report_json(report: dict) -> bytes:
    return (json.dumps(report, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def _counts_line(c: dict) -> str:
    return (f"{c.get('artigo', 0)} artigos, {c.get('paragrafo', 0)} parágrafos "
            f"({c.get('paragrafos_unicos', 0)} únicos), {c.get('inciso', 0)} incisos, "
            f"{c.get('alinea', 0)} alíneas, {c.get('item', 0)} itens; "
            f"{c.get('agrupadores', 0)} agrupadores")


def _sorted(items: list[dict]) -> list[dict]:
    return sorted(items, key=lambda d: d.get("linha") or 0)


def report_text(report: dict) -> str:
    """The report as the terminal shows it (``lexconsolida check``)."""
    out = [f"{report['arquivo']}: {report['norma']['titulo']}",
           f"  {_counts_line(report['contagens'])}"]
    reg = report["registro_da_leitura"]
    if reg["linhas_removidas"] or reg["reparos"]:
        out.append(f"  leitura: {reg['linhas_removidas']} linha(s) de cabeçalho/rodapé/ruído "
                   f"removida(s), {reg['reparos']} reparo(s) de OCR (veja --detalhes ou parse --report)")
    for d in reg.get("itens", ()):
        out.append(f"    {_format(d)}")
    for title, key in (("Verificações", "verificacoes"), ("Anomalias da leitura", "anomalias_da_leitura")):
        if report[key]:
            out += ["", f"{title}:"]
            for d in _sorted(report[key]):
                loc = f"linha {d['linha']}" if d.get("linha") else "documento"
                if d.get("pagina"):
                    loc = f"página {d['pagina']}, {loc}"
                where = f" [{d['dispositivo']}]" if d.get("dispositivo") else ""
                out.append(f"  {d['gravidade']:5} {loc}{where}: {d['mensagem']}")
    if report.get("decisoes_registradas"):
        out += ["", "Decisões registradas com problema (não aplicadas):"]
        for d in report["decisoes_registradas"]:
            loc = d["arquivo"] + (f", linha {d['linha']}" if d.get("linha") else "")
            out.append(f"  erro  {loc}: {d['mensagem']}")
    out += ["", f"Resultado: {report['erros']} erro(s), {report['avisos']} aviso(s)."]
    return "\n".join(out) + "\n"


def _format(d: dict) -> str:
    loc = f"linha {d['linha']}" if d.get("linha") else ""
    if d.get("dispositivo"):
        loc += f"{' ' if loc else ''}({d['dispositivo']})"
    return f"{loc}: {d['gravidade']}: {d['mensagem']}" if loc else f"{d['gravidade']}: {d['mensagem']}"


def _rows(report: dict) -> list[dict]:
    rows = []
    for origem, key in (("verificação", "verificacoes"), ("leitura", "anomalias_da_leitura")):
        for d in report[key]:
            rows.append({**d, "origem": origem, "significado": CODES.get(d["codigo"], (None, None, ""))[2]})
    order = {"erro": 0, "aviso": 1, "info": 2}
    return sorted(rows, key=lambda d: (order.get(d["gravidade"], 3), d.get("linha") or 0))


def report_html(report: dict, *, texto: str | None = None) -> bytes:
    """The report as a page; ``texto``: link to the act's text or LexML, relative to the page."""
    return render("relatorios/ato.html", r=report, rows=_rows(report),
                  contagens=_counts_line(report["contagens"]), texto=texto).encode("utf-8")


def index_html(entries: list[dict]) -> bytes:
    """Every act's report in one table: ``entries`` of {'pasta', 'titulo', 'erros', 'avisos',
    'href'}, acts with errors first."""
    entries = sorted(entries, key=lambda e: (-e["erros"], -e["avisos"], e["pasta"]))
    return render("relatorios/indice.html", entries=entries,
                  erros=sum(e["erros"] for e in entries),
                  avisos=sum(e["avisos"] for e in entries)).encode("utf-8")
