"""SAPL end to end, on a real SAPL: runs when ``LEXCONSOLIDA_SAPL_URL`` and
``LEXCONSOLIDA_SAPL_TOKEN`` name one that can be written to (a throw-away SAPL: docs/sapl.md says
how to build one); skipped otherwise. With ``LEXCONSOLIDA_SAPL_USUARIO`` and
``LEXCONSOLIDA_SAPL_SENHA`` (a user who sees the checker's page), SAPL's own checker is read too.

What issue 38 asks to be true on a real SAPL: the example municipality and Feira's Lei
2.217/2001 with its amending laws exported; the text in force equal at every vigência date;
SAPL's checker without errors or alerts; a second export writes nothing; ``auditar`` on a
compilation where one unit was edited by hand reports exactly that unit; ``importar`` of what
was exported gives back the same texts.
"""

from __future__ import annotations

import os
import shutil

import pytest

from lexconsolida.readers import read_file
from lexconsolida.sapl import sources
from lexconsolida.sapl.audit import audit
from lexconsolida.sapl.client import Client
from lexconsolida.sapl.compare import change_dates, differences
from lexconsolida.sapl.export import export
from lexconsolida.sapl.importer import import_sapl, place
from lexconsolida.sapl.remote import Remote
from lexconsolida.sapl.sync import DISP, sapl_text
from tests.conftest import STATUTES
from tests.sapl_support import EXAMPLE, sapl_checker, setup_camara

URL = os.environ.get("LEXCONSOLIDA_SAPL_URL")
TOKEN = os.environ.get("LEXCONSOLIDA_SAPL_TOKEN")
pytestmark = pytest.mark.skipif(
    not (URL and TOKEN),
    reason="sem SAPL para o teste de ponta a ponta (defina LEXCONSOLIDA_SAPL_URL e LEXCONSOLIDA_SAPL_TOKEN)")


@pytest.fixture(scope="module")
def client():
    with Client(URL, TOKEN) as c:
        setup_camara(c)
        yield c


def _exported(client, srcs, rels):
    """Export, then export again: the second run must write nothing."""
    first = export(client, srcs, rels)
    again = export(client, srcs, rels)
    assert not again.report.writes, [w.what for w in again.report.writes[:5]]
    return first


def _same_texts(client, srcs, localidade: str | None) -> int:
    urns = {(s.act.tipo, (s.act.numero or "").replace(".", ""), int(s.act.data[:4])): s.act.urn for s in srcs}
    remote = Remote.load(client, localidade, lambda t, n, a, d: urns.get((t, (n or "").replace(".", ""), a)))
    by_urn = {n.urn: n for n in remote.normas.values()}
    dates = 0
    for s in srcs:
        theirs = remote.compilation(by_urn[s.act.urn])
        when = change_dates(s.norma) | change_dates(theirs)
        assert not differences(s.norma, theirs, when), s.act.label
        dates += len(when)
    return dates


def _checker(client, result) -> None:
    assert not [n for n in result.notices if n.level in ("danger", "warning")], result.notices[:5]
    user, password = os.environ.get("LEXCONSOLIDA_SAPL_USUARIO"), os.environ.get("LEXCONSOLIDA_SAPL_SENHA")
    if user and password:
        pages = sapl_checker(URL, user, password, sorted(result.report.ta_ids.values()))
        assert not any(pages.values()), pages


def test_example_municipality(client, tmp_path):
    shutil.copytree(STATUTES / EXAMPLE, tmp_path / EXAMPLE)
    srcs, rels, _ = sources.municipality(tmp_path, EXAMPLE)
    result = _exported(client, srcs, rels)
    _checker(client, result)
    assert _same_texts(client, srcs, None) >= 7
    # one unit edited by hand in SAPL: the audit names exactly it, the next export puts it back
    lei100 = next(s for s in srcs if s.act.numero == "100")
    ta = result.report.ta_ids[lei100.act.urn]
    rows = client.list(DISP, "teste", ta=ta)
    row = next(r for r in rows if r["texto"].startswith("A permissão vale por três anos"))
    client.update(DISP, row["id"], {"texto": sapl_text(row["texto"].replace("três", "quatro"))}, "teste")
    try:
        found = [(a.urn, f.uid) for a in audit(client, srcs).acts for f in a.differences]
        assert found == [(lei100.act.urn, "art5")]
    finally:
        restored = export(client, srcs, rels)
    assert [w.what for w in restored.report.writes] == [f"{lei100.act.label}, art5_cpt (redacao: Lei nº 120, de 5 de "
                                                        "agosto de 2021)"]
    # imported back: the same texts
    dest = tmp_path / "importado"
    (dest / EXAMPLE).mkdir(parents=True)
    shutil.copy(tmp_path / EXAMPLE / "municipio.toml", dest / EXAMPLE)
    nome, loc = place(dest, EXAMPLE, None)
    remote = Remote.load(client, loc)
    import_sapl(remote, dest, EXAMPLE, nome, site=client.site)
    for s in srcs:
        compiled = read_file(dest / EXAMPLE / s.act.folder.name / "compilacao-sapl.xml").norma
        assert not differences(s.norma, compiled), s.act.label


@pytest.mark.shared
def test_feira_lei_2217_with_its_amending_laws(client):
    srcs, rels = sources.one_act(str(STATUTES / "ba-feira-de-santana" / "lei-2217-2001"))
    assert {s.act.numero for s in srcs} == {"2.217", "2.331", "2.421", "3.477"}
    result = _exported(client, srcs, rels)
    _checker(client, result)
    assert _same_texts(client, srcs, None) >= 7
