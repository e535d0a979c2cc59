"""The acceptance test of the text reader: both seeds parse to exactly the hand-checked gold.

Dispositivos: same ids, same order, same kinds, ``rotulo_printed`` == gold ``label_printed``,
``rotulo`` == gold ``label``, own text starting with ``text_start``. Agrupadores: ids, labels,
names, first article. Every gold anomaly has a diagnostic at the same ``where`` (a document-level
one: at least one diagnostic per listed id, or a document-level diagnostic when it lists none).
"""

from __future__ import annotations

import difflib
import json

import pytest

from lexconsolida.model import Agrupador, Dispositivo, Kind
from lexconsolida.readers.text import read
from tests.conftest import GOLD, SEEDS

pytestmark = pytest.mark.shared  # reads ../shared

SEED_FILES = {"000": "000_f6cd0b1bb88d84ef.txt", "004": "004_5063f6b2d0019a9f.txt"}


@pytest.fixture(scope="module", params=sorted(SEED_FILES))
def parsed(request):
    key = request.param
    gold = json.loads((GOLD / f"{key}.json").read_text(encoding="utf-8"))
    result = read((SEEDS / SEED_FILES[key]).read_bytes(), path=SEED_FILES[key])
    return key, gold, result


def _units(norma) -> list[Dispositivo]:
    return [d for d in norma.dispositivos() if d.kind is not Kind.CAPUT]


def _fail_with_diff(what: str, expected: list[str], actual: list[str]) -> None:
    diff = "\n".join(difflib.unified_diff(expected, actual, "gold", "parsed", lineterm="", n=2))
    pytest.fail(f"{what} differ from the gold:\n{diff[:8000]}")


def test_dispositivos_ids_order_and_kinds(parsed):
    key, gold, result = parsed
    expected = [f"{d['id']} {d['kind']}" for d in gold["dispositivos"]]
    actual = [f"{d.id} {d.kind.value}" for d in _units(result.norma)]
    if expected != actual:
        _fail_with_diff(f"{key}: dispositivos", expected, actual)


def test_dispositivos_labels_and_text(parsed):
    key, gold, result = parsed
    by_id = {d.id: d for d in _units(result.norma)}
    problems = []
    for g in gold["dispositivos"]:
        d = by_id.get(g["id"])
        if d is None:
            problems.append(f"{g['id']}: missing")
            continue
        text = _as_printed(d, result)
        if d.rotulo_printed != g["label_printed"]:
            problems.append(f"{g['id']}: rotulo_printed {d.rotulo_printed!r} != {g['label_printed']!r}")
        if d.rotulo != g["label"]:
            problems.append(f"{g['id']}: rotulo {d.rotulo!r} != {g['label']!r}")
        if not text.startswith(g["text_start"]):
            problems.append(f"{g['id']}: text {text[:60]!r} does not start with {g['text_start']!r}")
        if d.lines is None or d.lines[0] != g["line"]:
            problems.append(f"{g['id']}: line {d.lines} != {g['line']}")
    assert not problems, f"{key}: {len(problems)} problems:\n" + "\n".join(problems[:60])


def _as_printed(d, result) -> str:
    """The unit's text as printed: its text plus a residue the reader removed from its end
    (reported as a repair with an empty ``after``; the gold records texts as printed)."""
    text = d.head_text
    where = {d.id, f"{d.id}_cpt"}
    for diag in result.diagnostics:
        if diag.code == "reparo" and diag.after == "" and diag.where in where and diag.before:
            text = f"{text} {diag.before}"
    return text


def _first_article(agr: Agrupador) -> str | None:
    for node in agr.walk():
        if isinstance(node, Dispositivo) and node.kind is Kind.ARTIGO:
            return node.id
    return None


def test_agrupadores(parsed):
    key, gold, result = parsed
    expected = [
        json.dumps([g["id"], g["label_printed"], g["label"], g["nome"], g["first_article"], g["line"]], ensure_ascii=False)
        for g in gold["agrupadores"]
    ]
    actual = [
        json.dumps([a.id, a.rotulo_printed, a.rotulo, a.nome, _first_article(a), a.lines[0]], ensure_ascii=False)
        for a in result.norma.agrupadores()
    ]
    if expected != actual:
        _fail_with_diff(f"{key}: agrupadores", expected, actual)


def test_every_gold_anomaly_is_reported(parsed):
    key, gold, result = parsed
    wheres = {d.where for d in result.diagnostics}
    missing = []
    for anomaly in gold["anomalies"]:
        if anomaly["where"] != "document":
            if anomaly["where"] not in wheres:
                missing.append(f"{anomaly['where']}: {anomaly['what'][:100]}")
            continue
        ids = anomaly.get("ids")
        if ids:
            missing += [f"{i} (document: {anomaly['what'][:60]})" for i in ids if i not in wheres]
        elif None not in wheres:
            missing.append(f"document: {anomaly['what'][:100]}")
    assert not missing, f"{key}: gold anomalies without a diagnostic:\n" + "\n".join(missing)


def test_furniture_is_exactly_the_gold_noise(parsed):
    key, gold, result = parsed
    removed = sorted(d.line for d in result.diagnostics if d.code == "linha-removida")
    assert removed == gold["noise_line_numbers"]


def test_counts(parsed):
    key, gold, result = parsed
    units = _units(result.norma)
    counts = {
        "artigos": sum(d.kind is Kind.ARTIGO for d in units),
        "paragrafos": sum(d.kind is Kind.PARAGRAFO for d in units),
        "incisos": sum(d.kind is Kind.INCISO for d in units),
        "alineas": sum(d.kind is Kind.ALINEA for d in units),
        "itens": sum(d.kind is Kind.ITEM for d in units),
        "agrupadores": len(list(result.norma.agrupadores())),
        "paragrafos_unicos": sum(d.unico for d in units),
    }
    assert counts == {k: gold["counts"][k] for k in counts}


def test_norm_metadata(parsed):
    key, gold, result = parsed
    n = result.norma
    g = gold["norm"]
    assert (n.tipo, n.data, n.ementa, n.localidade) == (g["tipo"], g["data"], g["ementa"], g["localidade"])
    expected_numero = g["numero"].split("/")[0] if g["numero"] else None
    assert n.numero == expected_numero
    if key == "004":
        pre = gold["preambulo"]
        assert n.epigrafe == pre["epigrafe"]
        assert n.preambulo == [pre["autoria"], pre["formula_promulgacao"]]
        assert n.urn == "urn:lex:br;mato.grosso;pedra.preta:municipal:lei:2015-05-12;846"


def test_indicacao_document(parsed):
    """Seed 000 opens with an Indicação, kept as a document; seed 004 has none."""
    key, gold, result = parsed
    if key != "000":
        assert result.norma.documentos == []
        return
    (doc,) = [d for d in result.norma.documentos if d.tipo == "Indicação"]
    g = gold["indicacao"]
    assert doc.lines == tuple(g["lines"])
    meta = doc.metadata
    for field in ("autor", "partido", "cargo", "data", "data_printed", "local"):
        assert meta[field] == g[field], field
    assert "Mesa Diretora" in meta["destinatario"]
    cited = [{k: c[k] for k in ("tipo", "numero_printed", "numero", "data_printed", "data")} for c in meta["normas_citadas"]]
    expected = [{k: c[k] for k in ("tipo", "numero_printed", "numero", "data_printed", "data")} for c in g["normas_citadas"]]
    assert cited == expected
    assert g["texto"].replace(" ", "") in doc.text.replace("\n", "").replace(" ", "")
