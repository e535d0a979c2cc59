"""One vocabulary of diagnostic codes (model.diagnostics.CODES): Portuguese, hyphenated, one
severity per code whoever reports it, and Portuguese keys in every JSON report."""

from __future__ import annotations

import ast
import re

from lexconsolida.model import Diagnostic, Severity
from lexconsolida.model.diagnostics import CODES, LOG_CODES
from tests.conftest import ROOT, run_cli

PACKAGE = ROOT / "lexconsolida"
# Callables that take a diagnostic code: (index of the code argument, default severity).
REPORTERS = {"Diagnostic": (0, "INFO"), "_diag": (0, None), "note": (0, "WARNING"), "defer": (2, "INFO")}
CODE = re.compile(r"^[a-z]+(-[a-z]+)*$")


def _calls():
    """(code, severity written at the call or None, 'file:line') for every literal code."""
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name not in REPORTERS:
                continue
            index, default = REPORTERS[name]
            if len(node.args) <= index:
                continue
            arg = node.args[index]
            options = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]
            codes = [o.value for o in options if isinstance(o, ast.Constant) and isinstance(o.value, str)]
            severities = set()
            for a in [*node.args, *(k.value for k in node.keywords)]:
                for sub in ast.walk(a):
                    if isinstance(sub, ast.Attribute) and getattr(sub.value, "id", None) == "Severity":
                        severities.add(sub.attr)
                    elif isinstance(sub, ast.Name) and sub.id in ("ERROR", "WARNING", "INFO"):
                        severities.add(sub.id)
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            for code in codes:
                yield code, severities or ({default} if default else set()), where


def test_every_code_reported_by_the_program_is_in_the_table_with_its_severity():
    calls = list(_calls())
    assert len(calls) > 40
    unknown = [f"{where}: {code}" for code, _, where in calls if code not in CODES]
    assert not unknown, "códigos fora de model.diagnostics.CODES:\n" + "\n".join(unknown)
    # One call reports either code, each with its own severity (check_remissoes).
    conditional = {"remissao-quebrada", "remissao-incerta"}
    wrong = [f"{where}: {code} escrito como {sorted(sev)}, tabela diz {CODES[code][0].name}"
             for code, sev, where in calls
             if code not in conditional and sev and sev != {CODES[code][0].name}]
    assert not wrong, "\n".join(wrong)


def test_codes_are_portuguese_and_hyphenated():
    english = {"gap", "missing", "furniture", "repair", "label", "orphan", "typo", "encoding",
               "skipped", "unstyled", "duplicate", "order", "continuation", "position", "kind", "plain"}
    for code in CODES:
        assert CODE.match(code), code
        assert not set(code.split("-")) & english, code
    assert LOG_CODES == {"linha-removida", "reparo", "tipografia", "numero-normalizado",
                         "leitura-pagina", "fora-dos-atos", "nota-do-site"}


def test_the_table_decides_the_severity():
    assert Diagnostic("rotulo-repetido", "m", Severity.WARNING).severity is Severity.ERROR
    assert Diagnostic("lacuna", "m", Severity.ERROR).severity is Severity.WARNING
    assert Diagnostic("codigo-novo-de-outro-modulo", "m", Severity.WARNING).severity is Severity.WARNING


def test_diagnostic_keys_are_portuguese():
    d = Diagnostic("reparo", "rótulo reparado", line=3, where="art1", before="HI", after="III").to_dict()
    assert d == {"codigo": "reparo", "gravidade": "info", "mensagem": "rótulo reparado", "linha": 3,
                 "dispositivo": "art1", "antes": "HI", "depois": "III"}


def _keys(value) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


ENGLISH_KEYS = {"code", "message", "severity", "line", "where", "before", "after", "text", "encoding"}


def test_parse_and_check_agree_on_severity_and_speak_portuguese(tmp_path):
    import json

    law = tmp_path / "lei.txt"
    law.write_text("LEI Nº 5, DE 2 DE MARÇO DE 2020\nDispõe sobre feiras.\n"
                   "Art. 1º Primeiro.\nArt. 1º Repetido.\nArt. 3º Terceiro.\n", encoding="utf-8")
    r = run_cli("parse", law, "-o", tmp_path / "l.xml", "--report", tmp_path / "r.json")
    assert r.returncode == 0, r.stderr.decode()
    parsed = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    c = run_cli("check", law, "--json")
    checked = json.loads(c.stdout)
    assert c.returncode == 1
    for report in (parsed, checked):
        assert not _keys(report) & ENGLISH_KEYS, _keys(report) & ENGLISH_KEYS
    by_code = {}
    for d in parsed["diagnosticos"] + checked["verificacoes"] + checked["anomalias_da_leitura"]:
        by_code.setdefault(d["codigo"], set()).add(d["gravidade"])
    assert by_code["rotulo-repetido"] == {"erro"}
    assert all(len(s) == 1 and s == {str(CODES[code][0])} for code, s in by_code.items())


def test_html_report_escapes_and_says_what_each_code_means():
    from lexconsolida.reports import index_html, report_html, report_text

    report = {
        "arquivo": "statutes/x/<lei>.txt", "norma": {"titulo": "LEI <b>Nº 5</b>"},
        "contagens": {"artigo": 2}, "erros": 1, "avisos": 0,
        "verificacoes": [Diagnostic("rotulo-repetido", "rótulo 'I' <script>x</script>", line=3,
                                    where="art1_cpt_inc2").to_dict()],
        "anomalias_da_leitura": [], "registro_da_leitura": {"linhas_removidas": 0, "reparos": 0},
    }
    html = report_html(report, texto="../../lexml/x.xml").decode("utf-8")
    assert "<script>" not in html and "&lt;script&gt;" in html and "LEI &lt;b&gt;" in html
    assert CODES["rotulo-repetido"][2] in html and 'href="../../lexml/x.xml"' in html
    assert "  erro  linha 3 [art1_cpt_inc2]: rótulo 'I' <script>x</script>" in report_text(report)
    index = index_html([{"pasta": "x/<a>", "titulo": "T", "erros": 1, "avisos": 0, "href": "x.html",
                         "txt": "x.txt", "json": "x.json"}]).decode("utf-8")
    assert "x/&lt;a&gt;" in index
