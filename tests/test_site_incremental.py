"""The site from an acervo, incrementally: acts are read only when their sources changed, and an
incremental build gives the same bytes as a build from scratch.

The acervo is written here (a fictional municipality: two laws and a law amending one of them),
and read with the real text reader, as ``lexconsolida site`` reads ``statutes/``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from lexconsolida.corpus import load
from lexconsolida.site import build_site
from lexconsolida.site.source import read_norma, site_from_corpus, source_keys

PLACE = "br;sao.paulo;vila.exemplo"
MUNICIPIO = f'nome = "Vila Exemplo"\nuf = "SP"\nuf_nome = "São Paulo"\nlocalidade_urn = "{PLACE}"\n'


def _urn(tipo: str, data: str, numero: str) -> str:
    return f"urn:lex:{PLACE}:municipal:{tipo}:{data};{numero}"


ACTS = {
    "lei-10-2020": ("Lei", "10", "2020-03-02", "Dispõe sobre as feiras livres.", None, """\
Art. 1º As feiras livres funcionam aos sábados, nos termos do art. 2º.
Art. 2º A taxa de ocupação é de 5 UPF por banca.
Parágrafo único. Ficam isentos os feirantes idosos.
Art. 3º Esta Lei entra em vigor na data de sua publicação.
"""),
    "lei-20-2021": ("Lei", "20", "2021-05-03", "Dispõe sobre os mercados.", None, """\
Art. 1º Os mercados seguem, no que couber, a Lei nº 10, de 2 de março de 2020.
Art. 2º Esta Lei entra em vigor na data de sua publicação.
"""),
    "lei-30-2022": ("Lei", "30", "2022-01-10", "Altera a Lei nº 10, de 2020.", "lei-10-2020", """\
Art. 1º O caput do art. 2º da Lei nº 10, de 2 de março de 2020, passa a vigorar com a seguinte redação:

"Art. 2º A taxa de ocupação é de 8 UPF por banca."

Art. 2º Esta Lei entra em vigor na data de sua publicação.
"""),
}


def _write(root: Path) -> Path:
    mun = root / "sp-vila-exemplo"
    mun.mkdir(parents=True)
    (mun / "municipio.toml").write_text(MUNICIPIO, "utf-8")
    for folder, (tipo, numero, data, ementa, altera, texto) in ACTS.items():
        (mun / folder).mkdir()
        toml = (f'tipo = "{tipo}"\nnumero = "{numero}"\ndata = "{data}"\n'
                f'urn = "{_urn(tipo.lower(), data, numero)}"\nementa = "{ementa}"\ntexto = "texto.txt"\n')
        if altera:
            t, n, d = ACTS[altera][:3]
            toml += f'\n[[relacoes]]\ntipo = "altera"\nalvos = ["{_urn(t.lower(), d, n)}"]\n'
        (mun / folder / "norma.toml").write_text(toml, "utf-8")
        (mun / folder / "texto.txt").write_text(texto, "utf-8")
    return root


@pytest.fixture
def acervo(tmp_path) -> Path:
    return _write(tmp_path / "acervo")


def _build(acervo: Path, out: Path) -> tuple[Counter, object]:
    reads: Counter = Counter()

    def counting(corpus, urn):
        reads[urn.rsplit(";", 1)[1]] += 1
        return read_norma(corpus, urn)

    loaded = site_from_corpus(load(acervo), read=counting)
    return reads, build_site(loaded.corpus, out)


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*")
            if p.is_file() and p.name != ".manifest.json"}


def test_each_act_is_read_once_then_only_when_its_sources_change(acervo, tmp_path):
    out = tmp_path / "site"
    reads, first = _build(acervo, out)
    assert reads == {"10": 1, "20": 1, "30": 1}  # one parse each, though pages need two passes
    page = (out / "sp-vila-exemplo/lei-10-2020/index.html").read_text("utf-8")
    assert "8 UPF" in page  # the amendment is applied
    reads, again = _build(acervo, out)
    assert reads == {} and again.written == 0
    # The amending act changed: it and the act it amends are read again, not the third.
    text = acervo / "sp-vila-exemplo/lei-30-2022/texto.txt"
    text.write_text(text.read_text("utf-8").replace("8 UPF", "9 UPF"), "utf-8")
    reads, _ = _build(acervo, out)
    assert set(reads) == {"10", "30"}
    assert "9 UPF" in (out / "sp-vila-exemplo/lei-10-2020/index.html").read_text("utf-8")


def test_incremental_build_equals_a_build_from_scratch(acervo, tmp_path):
    out = tmp_path / "site"
    _build(acervo, out)
    text = acervo / "sp-vila-exemplo/lei-20-2021/texto.txt"
    text.write_text(text.read_text("utf-8").replace("mercados seguem", "mercados municipais seguem"),
                    "utf-8")
    _, report = _build(acervo, out)
    assert 0 < report.written < report.skipped
    clean = tmp_path / "clean"
    _build(acervo, clean)
    assert _files(out) == _files(clean)
    assert "mercados municipais" in (out / "busca" / "d-0.json").read_text("utf-8")


def test_source_key_covers_the_amending_acts_norma_toml(acervo):
    """norma.toml holds the act's [[decisoes]]: any change to it re-keys the act it amends."""
    keys = source_keys(load(acervo))
    toml = acervo / "sp-vila-exemplo/lei-30-2022/norma.toml"
    toml.write_text(toml.read_text("utf-8").replace("Altera a Lei", "Modifica a Lei"), "utf-8")
    changed = source_keys(load(acervo))
    assert {u.rsplit(";", 1)[1] for u in keys if keys[u] != changed[u]} == {"10", "30"}


def test_source_key_covers_the_amending_acts_decision_ledger(acervo):
    """decisoes.toml (the act's decision ledger) re-keys the act and the act it amends."""
    keys = source_keys(load(acervo))
    ledger = acervo / "sp-vila-exemplo/lei-30-2022/decisoes.toml"
    ledger.write_text('[[decisoes]]\nproblema = "alvo-ambiguo"\ndecisao = "adiar"\n', "utf-8")
    changed = source_keys(load(acervo))
    assert {u.rsplit(";", 1)[1] for u in keys if keys[u] != changed[u]} == {"10", "30"}
