"""`amend` and `compile` as a user runs them; the minuta's Art. 31; failures change nothing."""

import hashlib
import shutil

import pytest

from tests.conftest import STATUTES, assert_valid_lexml, run_cli

from lexconsolida.amendments import recognise
from lexconsolida.corpus import load
from lexconsolida.history import history
from lexconsolida.model import Situacao
from lexconsolida.readers import read_file

FSA = STATUTES / "ba-feira-de-santana"
L2217 = "urn:lex:br;bahia;feira.santana:municipal:lei:2001-01-05;2217"
MINUTA = "urn:lex:br;mato.grosso;barra.garcas:camara.municipal:indicacao:2023-11-23;jairo.gehm"
SEVEN = [
    "urn:lex:br;mato.grosso;barra.garcas:municipal:lei:2019-06-06;4092",
    "urn:lex:br;mato.grosso;barra.garcas:municipal:lei:2019-10-12;4120",
    "urn:lex:br;mato.grosso;barra.garcas:municipal:lei:2019-10-12;4121",
    "urn:lex:br;mato.grosso;barra.garcas:municipal:lei:2019-08-07;4100",
    "urn:lex:br;mato.grosso;barra.garcas:municipal:decreto:2019-11-04;4213",
    "urn:lex:br;mato.grosso;barra.garcas:municipal:decreto:2020-01-14;4264",
    "urn:lex:br;mato.grosso;barra.garcas:municipal:decreto:2020-08-26;4436",
]


def tree_hash(root):
    h = hashlib.sha256()
    for p in sorted(root.rglob("*")):
        if p.is_file():
            h.update(str(p.relative_to(root)).encode() + p.read_bytes())
    return h.hexdigest()


def test_minuta_article_31_revokes_the_seven_acts():
    corpus = load(STATUTES)
    rec = recognise(corpus.read(MINUTA), lambda ref: corpus.resolve(ref, MINUTA))
    total = [o for o in rec.operations if o.kind == "revogacao_total"]
    assert [(o.target_urn, o.where, o.in_corpus) for o in total] == [(u, "art31", True) for u in SEVEN]
    # ... but a minuta has no normative value: the history of the seven acts does not apply
    # it (issue 12: they are not published as revoked by a draft)
    for urn in SEVEN:
        h = history(corpus, urn)
        assert h.norma.situacao is Situacao.VIGENTE
        assert h.norma.events == [] and h.reports == []


@pytest.mark.shared
def test_dry_run_lists_operations_in_portuguese():
    r = run_cli("amend", L2217, FSA / "lei-2421-2003", "--dry-run")
    out = r.stdout.decode()
    assert r.returncode == 0, r.stderr.decode()
    assert "art2 (linha 23): inclusão de art3_cpt_inc2_ali4 — Lei nº 2.217/2001" in out
    assert "Operações sobre a norma base: 10" in out


@pytest.mark.shared
def test_amend_writes_lexml_with_history(tmp_path):
    out = tmp_path / "2217.xml"
    r = run_cli("amend", L2217, FSA / "lei-2331-2002", "-o", out)
    assert r.returncode == 0, r.stderr.decode()
    data = out.read_bytes()
    assert_valid_lexml(data)
    norma = read_file(out, "lexml").norma
    ali = norma.find("art3_cpt_inc1_ali3")
    assert ali is not None and ali.history[0].event.nota() == "Incluído pela Lei nº 2.331, de 21 de maio de 2002"


@pytest.mark.shared
def test_amend_with_open_problems_writes_nothing(tmp_path):
    root = tmp_path / "statutes"
    shutil.copytree(FSA, root / "ba-feira-de-santana")
    (root / "ba-feira-de-santana" / "lei-2748-2007" / "decisoes.toml").unlink()  # the decision not yet taken
    out = tmp_path / "x.xml"
    r = run_cli("amend", root / "ba-feira-de-santana" / "lei-2244-2001", root / "ba-feira-de-santana" / "lei-2748-2007",
                "-o", out, "--acervo", root)
    assert r.returncode == 2 and not out.exists()
    err = r.stderr.decode()
    assert "alteracao-nao-textual" in err and "linha 9" in err
    # with the decision recorded in the repository's corpus, the § 1º gets the 500 licences
    r = run_cli("amend", FSA / "lei-2244-2001", FSA / "lei-2748-2007", "-o", out)
    assert r.returncode == 0, r.stderr.decode()
    par = read_file(out, "lexml").norma.find("art16_par1")
    assert "500 (quinhentos) veículos" in par.text and par.history[-1].event.act_label.startswith("Lei nº 2.748")


@pytest.mark.shared
def test_amend_with_the_recorded_decision_applies_it(tmp_path):
    out = tmp_path / "x.xml"
    r = run_cli("amend", STATUTES / "ba-feira-de-santana" / "lei-2244-2001",
                STATUTES / "ba-feira-de-santana" / "lei-2748-2007", "-o", out)
    assert r.returncode == 0, r.stderr.decode()
    assert "500 (quinhentos) veículos" in out.read_text(encoding="utf-8")


def _corpus_with_missing_target(tmp_path):
    """A copy of Feira de Santana with Lei 9.999/2005, which rewrites an art. 99 Lei 2.217 lacks."""
    root = tmp_path / "statutes"
    shutil.copytree(FSA, root / "ba-feira-de-santana")
    bad = root / "ba-feira-de-santana" / "lei-9999-2005"
    bad.mkdir()
    (bad / "texto.txt").write_text(
        "LEI Nº 9999/2005\n\nAltera a Lei nº 2.217/2001.\n\n"
        "Art. 1º Dê-se ao inciso II do art. 3º da Lei nº 2.217/2001 a seguinte redação:\n\n"
        "\"II - nova redação válida.\"\n\n"
        "Art. 2º Dê-se ao art. 99 da Lei nº 2.217/2001 a seguinte redação:\n\n"
        "\"Art. 99. Artigo que não existe.\"\n\n"
        "Art. 3º Esta Lei entra em vigor na data de sua publicação.\n\n"
        "Prefeitura Municipal de Feira de Santana, 10 de março de 2005.\n", encoding="utf-8")
    (bad / "norma.toml").write_text(
        'tipo = "Lei"\nnumero = "9.999"\ndata = "2005-03-10"\n'
        'urn = "urn:lex:br;bahia;feira.santana:municipal:lei:2005-03-10;9999"\n', encoding="utf-8")
    return root, bad


@pytest.mark.shared
def test_failed_amendment_leaves_corpus_untouched(tmp_path):
    root, bad = _corpus_with_missing_target(tmp_path)
    before = tree_hash(root)
    out = tmp_path / "out.xml"
    r = run_cli("amend", L2217, bad, "-o", out, "--acervo", root)
    err = r.stderr.decode()
    assert r.returncode == 2, err
    assert "art2" in err and "linha 9" in err and "art99 não existe" in err
    assert not out.exists() and tree_hash(root) == before


@pytest.mark.shared
def test_amend_error_names_the_amending_act_file(tmp_path):
    root, bad = _corpus_with_missing_target(tmp_path)
    r = run_cli("amend", L2217, bad, "--acervo", root)
    err = r.stderr.decode()
    assert r.returncode == 2
    assert f"{(bad / 'texto.txt').resolve()}, linha 9: art2: dispositivo art99 não existe" in err
    loose = tmp_path / "altera.txt"  # the same act as a file outside the corpus
    loose.write_bytes((bad / "texto.txt").read_bytes())
    r = run_cli("amend", L2217, loose, "--acervo", root)
    assert r.returncode == 2 and f"{loose}, linha 9: art2:" in r.stderr.decode()
    r = run_cli("amend", L2217, loose, "--acervo", root, "--dry-run")
    assert r.returncode == 2 and f"{loose}, linha 9: art2:" in r.stdout.decode()


@pytest.mark.shared
def test_dry_run_reports_missing_target_and_exits_2_like_the_real_run(tmp_path):
    root, bad = _corpus_with_missing_target(tmp_path)
    before = tree_hash(root)
    r = run_cli("amend", L2217, bad, "--dry-run", "--acervo", root)
    out, err = r.stdout.decode(), r.stderr.decode()
    assert r.returncode == 2, out + err
    assert "Operações sobre a norma base: 2" in out
    assert "não podem ser aplicadas" in out
    (refused,) = [line for line in out.splitlines() if "art99 não existe" in line]
    assert "linha 9" in refused and "art2" in refused
    assert "art3_cpt_inc2" not in refused  # the valid instruction is not reported
    assert "1 operação(ões) não podem ser aplicadas" in err
    assert tree_hash(root) == before
    real = run_cli("amend", L2217, bad, "-o", tmp_path / "out.xml", "--acervo", root)
    assert real.returncode == r.returncode


def test_dry_run_checks_every_operation_not_only_the_first_failing(tmp_path):
    from lexconsolida.amendments.model import Operation
    from lexconsolida.model import Dispositivo, Event, Kind, Norma
    from lexconsolida.transforms.amend import failures

    art1 = Dispositivo(Kind.ARTIGO, id="art1", rotulo="Art. 1º", children=[
        Dispositivo(Kind.CAPUT, id="art1_cpt", text="Texto.")])
    base = Norma(tipo="Lei", numero="1", data="2020-01-01", articulacao=[art1])
    ops = [Operation("redacao", None, "Lei nº 1", "art9", text="Novo.", source="a", line=3, where="art1"),
           Operation("redacao", None, "Lei nº 1", "art1", text="Novo texto.", source="b", line=4, where="art2"),
           Operation("revogacao", None, "Lei nº 1", "art8", source="c", line=5, where="art3")]
    errors = failures(base, ops, Event("redacao", "urn:x", "Lei nº 2", "2021-01-01"))
    assert [e.line for e in errors] == [3, 5]
    assert "art9 não existe" in errors[0].message and "art8 não existe" in errors[1].message
    assert base.articulacao[0].children[0].text == "Texto."  # base untouched


@pytest.mark.shared
@pytest.mark.parametrize("fmt", ["xml", "txt", "md", "html"])
def test_compile_formats(fmt, tmp_path):
    out = tmp_path / f"2217.{fmt}"
    r = run_cli("compile", L2217, "--at", "2010-01-01", "--to", fmt, "-o", out)
    assert r.returncode == 0, r.stderr.decode()
    text = out.read_bytes().decode("utf-8")
    assert "240,00" in text and "550,00" not in text and "600 UFIR" not in text
    r = run_cli("compile", L2217, "--at", "2010-01-01", "--to", fmt, "--view", "compilado", "-o", out)
    text = out.read_bytes().decode("utf-8")
    assert r.returncode == 0 and "600 UFIR" in text and "Lei nº 2.421, de 30 de junho de 2003" in text
    if fmt == "xml":
        assert_valid_lexml(out.read_bytes())


@pytest.mark.shared
def test_compile_docx(tmp_path):
    out = tmp_path / "2217.docx"
    r = run_cli("compile", FSA / "lei-2217-2001", "--at", "2015-01-01", "--to", "docx",
                "--view", "compilado", "-o", out)
    assert r.returncode == 0, r.stderr.decode()
    import zipfile

    body = zipfile.ZipFile(out).read("word/document.xml").decode()
    assert "550,00" in body and "Redação dada pela Lei nº 3.477, de 10 de setembro de 2014" in body


def test_compile_bad_date_and_unknown_norm():
    # The fictional Lei nº 100/2020 is in the project: this runs without ../shared.
    l100 = "urn:lex:br;estado.ficticio;exemplo:municipal:lei:2020-03-10;100"
    r = run_cli("compile", l100, "--at", "2000-01-01")
    assert r.returncode == 2 and "ainda não estava em vigor" in r.stderr.decode()
    r = run_cli("compile", "urn:lex:br:federal:lei:1999-01-01;1", "--at", "2000-01-01")
    assert r.returncode == 2 and "fora do acervo" in r.stderr.decode()
    r = run_cli("compile", l100, "--at", "2000-13-01")
    assert r.returncode == 2 and "data inválida" in r.stderr.decode()


@pytest.mark.shared
def test_chain_through_files(tmp_path):
    """amend writes LexML that amend and compile read back: the same text as the corpus."""
    from tests.test_amend_chain import golden_for, render_vigente
    from lexconsolida.transforms.pointintime import at, vigente

    step1, step2 = tmp_path / "a.xml", tmp_path / "b.xml"
    assert run_cli("amend", L2217, FSA / "lei-2331-2002", "-o", step1).returncode == 0
    r = run_cli("amend", step1, FSA / "lei-2421-2003", "-o", step2)
    assert r.returncode == 0, r.stderr.decode()
    norma = read_file(step2, "lexml").norma
    assert render_vigente(vigente(at(norma, "2003-07-01"))) == golden_for("2003-07-01")
    assert render_vigente(vigente(at(norma, "2002-06-01"))) == golden_for("2002-06-01")
    out = tmp_path / "c.xml"
    r = run_cli("compile", step2, "--at", "2002-06-01", "-o", out)
    assert r.returncode == 0, r.stderr.decode()
    assert render_vigente(read_file(out, "lexml").norma) == golden_for("2002-06-01")


@pytest.mark.shared
def test_dry_run_shows_recorded_decisions(update_golden):
    from tests.conftest import GOLDEN, check_golden

    r = run_cli("amend", L2217, FSA / "lei-3477-2014", "--dry-run")
    assert r.returncode == 0, r.stderr.decode()
    check_golden(GOLDEN / "amend" / "feira-de-santana" / "amend-3477-dry-run.txt", r.stdout, update_golden)


@pytest.mark.shared
@pytest.mark.parametrize("fmt, view, when", [("txt", "vigente", "2015-01-01"), ("md", "compilado", "2003-06-30")])
def test_compile_golden(fmt, view, when, update_golden):
    from tests.conftest import GOLDEN, check_golden

    r = run_cli("compile", L2217, "--at", when, "--to", fmt, "--view", view)
    assert r.returncode == 0, r.stderr.decode()
    check_golden(GOLDEN / "amend" / "feira-de-santana" / f"compile-2217-{when}-{view}.{fmt}", r.stdout, update_golden)
