"""The Indicação dossier audits the minuta (issue 18, item 4): while the seven source texts are
missing it says which; once they are in the acervo it audits the minuta against them.

The seven texts are not public here, so the test builds an acervo where each of the seven acts
holds a share of the minuta's own articles (with their numbers, so their citations hold): the
audit must then trace every article of the minuta to its act and find only § 2º changes;
a copy of the minuta with a deadline changed is found."""

from __future__ import annotations

import json
import re
import shutil

import pytest

from lexconsolida.consolidation.dossier import build_dossier
from lexconsolida.consolidation.renumber import Renumbering, renumber_article
from lexconsolida.corpus import load
from lexconsolida.model import Norma
from lexconsolida.writers import get_writer
from tests.conftest import STATUTES

MUN = "mt-barra-do-garcas"
SPEC = STATUTES / MUN / "consolidacoes" / "transporte-aplicativo.toml"
FOLDERS = ["lei-4092-2019", "lei-4100-2019", "lei-4120-2019", "lei-4121-2019",
           "decreto-4213-2019", "decreto-4264-2020", "decreto-4436-2020"]


def test_pending_until_the_texts_arrive(tmp_path):
    build_dossier(load(STATUTES), SPEC, tmp_path)
    pending = json.loads((tmp_path / "auditoria.json").read_text(encoding="utf-8"))
    assert pending["situacao"] == "pendente"
    assert sorted(f["pasta"] for f in pending["faltam"]) == sorted(FOLDERS)
    assert not (tmp_path / "auditoria.html").exists()
    assert "pendente até que os textos" in (tmp_path / "index.html").read_text(encoding="utf-8")


def _acervo_with_texts(tmp_path, alter=None):
    root = tmp_path / "statutes"
    shutil.copytree(STATUTES / MUN, root / MUN)
    corpus = load(root)
    spec_minuta = corpus.find(str(root / MUN / "indicacao-2023-11-23"))
    minuta = corpus.read(spec_minuta.urn)
    articles = [a for a in minuta.artigos()  # the minuta's own final clauses are no source's
                if not re.search(r"^\s*(Ficam?\s+revogad|Revogam-se)|entra em vigor", a.head_text or "", re.I)]
    q, r = divmod(len(articles), len(FOLDERS))
    start = 0
    for k, folder in enumerate(FOLDERS):
        chunk = articles[start:start + q + (k < r)]
        start += len(chunk)
        ren = Renumbering()  # each act keeps the minuta's article numbers, so its citations hold
        body = [renumber_article(a, a.number.value, ren) for a in chunk]
        text = get_writer("txt")(Norma(tipo="Lei", articulacao=body)).decode("utf-8")
        text = text[text.index("Art. "):]
        (root / MUN / folder / "texto.txt").write_text(text, encoding="utf-8")
        toml = root / MUN / folder / "norma.toml"
        toml.write_text(re.sub(r"^texto_disponivel = false\n", "", toml.read_text(encoding="utf-8"), flags=re.M),
                        encoding="utf-8")
    if alter:
        minuta_txt = root / MUN / "indicacao-2023-11-23" / "texto.txt"
        minuta_txt.write_text(alter(minuta_txt.read_text(encoding="utf-8")), encoding="utf-8")
    return root, len(articles)


def test_audits_the_minuta_when_the_texts_are_there(tmp_path):
    root, n_articles = _acervo_with_texts(tmp_path)
    out = tmp_path / "dossie"
    names = {p.name for p in build_dossier(load(root), root / MUN / "consolidacoes" / SPEC.name, out)}
    assert {"auditoria.html", "auditoria.docx", "auditoria.json"} <= names
    report = json.loads((out / "auditoria.json").read_text(encoding="utf-8"))
    assert len(report["fontes"]) == 7
    assert report["resumo"]["somente_alteracoes_permitidas"], [
        (d["dispositivo"], d["veredito"], d["alteracoes"]) for d in report["dispositivos"] + report["perdas_e_supressoes"]
        if d["veredito"] in ("merito", "perda", "materia-nova")][:5]
    traced = [d for d in report["dispositivos"] if re.fullmatch(r"art\. \d+º?", d["dispositivo"]) and d["fontes"]]
    assert len(traced) == n_articles
    assert "auditoria.html" in (out / "index.html").read_text(encoding="utf-8")


def test_a_changed_deadline_in_the_minuta_is_found(tmp_path):
    def alter(text: str) -> str:
        m = re.search(r"(\d+) \((\w+)\) (dias|horas|meses|anos)", text)
        if m is None:
            pytest.skip("a minuta não tem prazo em dias, horas, meses ou anos")
        return text[:m.start()] + f"{int(m.group(1)) + 7} (mais) {m.group(3)}" + text[m.end():]

    root, _ = _acervo_with_texts(tmp_path, alter)
    out = tmp_path / "dossie"
    build_dossier(load(root), root / MUN / "consolidacoes" / SPEC.name, out)
    report = json.loads((out / "auditoria.json").read_text(encoding="utf-8"))
    merit = [d for d in report["dispositivos"] if d["veredito"] == "merito"]
    assert len(merit) == 1 and any(a["tipo"] == "prazo" for a in merit[0]["alteracoes"])
