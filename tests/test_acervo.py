"""A whole acervo on a small fictional municipality (tests/fixtures/acervo-ficticio):
import, relations found in the texts, text in force at three dates, work list, executors,
incremental rebuild."""

from __future__ import annotations

import json
import os
import shutil
import tomllib
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest

from lexconsolida.acervo import worklist
from lexconsolida.acervo.importer import import_folder
from lexconsolida.acervo.pipeline import build
from lexconsolida.cli import main
from lexconsolida.model import Kind, Situacao
from tests.conftest import ROOT

FIXTURE = ROOT / "tests" / "fixtures" / "acervo-ficticio"
ATOS = FIXTURE / "atos"
MUN = "mg-serra-ficticia"
EXPECTED = tomllib.loads((FIXTURE / "esperado.toml").read_text(encoding="utf-8"))


def _import(tmp: Path) -> Path:
    import_folder(ATOS, tmp / "acervo", MUN)
    return tmp / "acervo"


@pytest.fixture(scope="module")
def acervo(tmp_path_factory):
    root = _import(tmp_path_factory.mktemp("fict"))
    return build(root)


def _folder(ac, urn: str) -> str:
    return ac.acts[urn].pasta.split("/", 1)[1]


def _projection(norma) -> str:
    """The text as a careful reader writes it: one line per dispositivo, revoked ones as
    '(Revogado)'."""
    lines = []
    for d in norma.dispositivos():
        if d.kind is Kind.CAPUT:
            continue
        text = "(Revogado)" if d.situacao is Situacao.REVOGADO else d.head_text
        if d.kind is Kind.INCISO:
            lines.append(f"{d.rotulo} - {text}")
        elif d.unico:
            lines.append(f"{d.rotulo}. {text}")
        else:
            lines.append(f"{d.rotulo} {text}")
    return "\n".join(lines)


# --- import ----------------------------------------------------------------------------------

def test_import_fills_norma_toml_from_the_text(tmp_path):
    report = import_folder(ATOS, tmp_path / "acervo", MUN)
    assert report.atos == 10 and report.novos == 10
    assert [(r.origem, "sem epígrafe nem data" in r.motivo) for r in report.recusados] == [("aviso.txt", True)]
    mun = tomllib.loads((tmp_path / "acervo" / MUN / "municipio.toml").read_text(encoding="utf-8"))
    assert (mun["nome"], mun["uf"], mun["localidade_urn"]) == ("Serra Fictícia", "MG", "br;minas.gerais;serra.ficticia")
    t = tomllib.loads((tmp_path / "acervo" / MUN / "lei-10-2010" / "norma.toml").read_text(encoding="utf-8"))
    assert (t["tipo"], t["numero"], t["data"], t["publicacao"], t["vigencia"]) == (
        "Lei", "10", "2010-03-10", "2010-03-12", "2010-03-12")
    assert t["urn"] == "urn:lex:br;minas.gerais;serra.ficticia:municipal:lei:2010-03-10;10"
    assert t["autor"] == "Vereador Fulano de Tal"
    assert t["ementa"].startswith("Dispõe sobre o horário de funcionamento do comércio")
    assert "linha 23" in t["publicacao_nota"]  # the line the date is printed on
    assert "duvidas" not in t["importacao"]
    assert (tmp_path / "acervo" / MUN / "lei-10-2010" / "texto.txt").read_bytes() == (ATOS / "lei-10-2010.txt").read_bytes()
    t15 = tomllib.loads((tmp_path / "acervo" / MUN / "lei-15-2011" / "norma.toml").read_text(encoding="utf-8"))
    assert [d["codigo"] for d in t15["importacao"]["duvidas"]] == ["publicacao-desconhecida"]
    assert "publicacao" not in t15
    rep = tomllib.loads((tmp_path / "acervo" / MUN / "importacao.toml").read_text(encoding="utf-8"))
    assert rep["recusados"][0]["origem"] == "aviso.txt"


def test_import_reads_the_vigencia_clause_and_keeps_what_it_cannot_date_as_a_doubt(tmp_path):
    """A deferred vigência is written with its note; a conditional one is a doubt, no date."""
    src = tmp_path / "atos"
    src.mkdir()
    head = ("LEI Nº {n}, DE 4 DE OUTUBRO DE 2012\n\nAltera a Lei nº 10.\n\nO PREFEITO MUNICIPAL DE SERRA "
            "FICTÍCIA, Estado de Minas Gerais, faço saber que a Câmara Municipal aprovou e eu sanciono a seguinte "
            "Lei:\n\nArt. 1º Fica criada a praça.\n\n")
    tail = "\n\nGabinete do Prefeito Municipal, 4 de outubro de 2012.\n\nFULANO\nPrefeito\n\n" \
           "PUBLICADO NO DIÁRIO OFICIAL DIA 5 DE OUTUBRO DE 2012\n"
    (src / "lei-71-2012.txt").write_text(
        head.format(n=71) + "Art. 2º Esta Lei entra em vigor 90 (noventa) dias após a sua publicação." + tail,
        encoding="utf-8")
    (src / "lei-72-2012.txt").write_text(
        head.format(n=72) + "Art. 2º Esta Lei entra em vigor na data de sua publicação, produzindo efeitos após "
        "sua regulamentação." + tail, encoding="utf-8")
    import_folder(src, tmp_path / "acervo", MUN)
    t71 = tomllib.loads((tmp_path / "acervo" / MUN / "lei-71-2012" / "norma.toml").read_text(encoding="utf-8"))
    assert (t71["data"], t71["publicacao"], t71["vigencia"]) == ("2012-10-04", "2012-10-05", "2013-01-03")
    assert "90 dias após a publicação" in t71["vigencia_nota"]
    t72 = tomllib.loads((tmp_path / "acervo" / MUN / "lei-72-2012" / "norma.toml").read_text(encoding="utf-8"))
    assert "vigencia" not in t72 and t72["publicacao"] == "2012-10-05"
    assert [d["codigo"] for d in t72["importacao"]["duvidas"]] == ["vigencia-indeterminada"]


def test_docx_and_markdown_acts_are_imported_and_read(tmp_path):
    import shutil

    import docx

    src = tmp_path / "atos"
    shutil.copytree(ATOS, src)
    doc = docx.Document()
    for line in (src / "lei-15-2011.txt").read_text(encoding="utf-8").splitlines():
        if line.strip():
            doc.add_paragraph(line)
    doc.save(src / "lei-15-2011.docx")
    (src / "lei-15-2011.txt").unlink()
    (src / "lei-60-2018.txt").rename(src / "lei-60-2018.md")
    import_folder(src, tmp_path / "acervo", MUN)
    folder = tmp_path / "acervo" / MUN
    t15 = tomllib.loads((folder / "lei-15-2011" / "norma.toml").read_text(encoding="utf-8"))
    t60 = tomllib.loads((folder / "lei-60-2018" / "norma.toml").read_text(encoding="utf-8"))
    assert (t15["numero"], t15["data"], t15["texto"]) == ("15", "2011-04-03", "texto.docx")
    assert (t60["numero"], t60["data"], t60["texto"]) == ("60", "2018-03-09", "texto.md")
    ac = build(tmp_path / "acervo")
    lei15 = next(u for u in ac.acts if u.endswith(";15"))
    assert not ac.acts[lei15].recusa and ac.acts[lei15].dispositivos == 4
    assert ac.revoked(lei15)  # still revoked by Lei 40, now from a DOCX


def _snapshot(root: Path) -> dict[str, tuple[bytes, int]]:
    return {p.relative_to(root).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(root.rglob("*")) if p.is_file()}


def test_reimport_is_idempotent_and_keeps_what_a_person_recorded(tmp_path):
    root = _import(tmp_path)
    before = _snapshot(root)
    report = import_folder(ATOS, root, MUN)
    assert (report.novos, report.atualizados, report.sem_mudanca) == (0, 0, 10)
    assert _snapshot(root) == before  # nothing rewritten
    path = root / MUN / "lei-15-2011" / "norma.toml"
    text = path.read_text(encoding="utf-8")
    text = text.replace('fonte = "Importado de lei-15-2011.txt."',
                        'fonte = "Importado de lei-15-2011.txt."\npublicacao = "2011-04-05"\n'
                        'apelidos = ["Lei do Dia do Comerciante"]', 1)
    text += ('\n[[decisoes]]\nproblema = "alvo-ambiguo"\ndecisao = "ignorar"\n'
             'nota = "Decidido pela Procuradoria."\n')
    path.write_text(text, encoding="utf-8")
    import_folder(ATOS, root, MUN)
    t = tomllib.loads(path.read_text(encoding="utf-8"))
    assert t["publicacao"] == "2011-04-05"
    assert t["apelidos"] == ["Lei do Dia do Comerciante"]
    assert t["decisoes"][0]["nota"] == "Decidido pela Procuradoria."
    assert "duvidas" not in t["importacao"]  # the person settled the publication date
    assert "publicacao" not in t["importacao"]["lido"]  # the import itself read none
    again = path.read_bytes()
    import_folder(ATOS, root, MUN)
    assert path.read_bytes() == again


def test_bad_municipio_name_is_a_usage_error(tmp_path, capsys):
    assert main(["importar", str(ATOS), "-o", str(tmp_path / "a"), "--municipio", "Serra"]) == 2
    assert "uf-nome-do-municipio" in capsys.readouterr().err
    assert not (tmp_path / "a").exists()


# --- relations and history -------------------------------------------------------------------

def test_relations_found_equal_the_hand_declared_ones(acervo):
    found = sorted([_folder(acervo, r.fonte), r.tipo,
                    _folder(acervo, r.alvo) if r.no_acervo else f"fora: {r.alvo_rotulo}"]
                   for r in acervo.relations)
    assert found == sorted(EXPECTED["relacoes"])


def test_express_revocation_revokes_and_generic_clause_does_not(acervo):
    revoked = sorted([_folder(acervo, u), h.revogado_em, _folder(acervo, h.revogado_por)]
                     for u, h in acervo.histories.items() if h.revogado_em)
    assert revoked == EXPECTED["revogados"]
    lei15 = next(u for u in acervo.acts if u.endswith(";15"))
    assert not acervo.revoked(lei15, "2016-02-01") and acervo.revoked(lei15, "2016-02-02")
    assert lei15 in acervo.in_force("2015-01-01") and lei15 not in acervo.in_force("2017-01-01")


@pytest.mark.parametrize("when", ["2011-01-01", "2013-01-01", "2016-01-01"])
def test_text_in_force_at_three_dates(acervo, when):
    lei10 = next(u for u in acervo.acts if u.endswith(";10"))
    expected = EXPECTED["texto"]["lei-10-2010"][when].strip()
    assert _projection(acervo.text_at(lei10, when)) == expected


def test_out_of_acervo_target_is_reported(acervo, tmp_path):
    d = worklist.write(acervo, tmp_path / "lista")
    fora = [r for r in d["relacoes"] if not r["no_acervo"]]
    assert [(r["ato_pasta"].split("/")[1], r["situacao"], r["alvo_rotulo"]) for r in fora] == [
        ("lei-50-2017", worklist.FORA, "Lei nº 999/2001")]


def test_declared_relations_win_over_found_ones(tmp_path):
    root = _import(tmp_path)
    path = root / MUN / "lei-40-2016" / "norma.toml"
    path.write_text(path.read_text(encoding="utf-8") + '\n[[relacoes]]\ntipo = "regulamenta"\n'
                    'alvos = ["Lei nº 10/2010"]\n', encoding="utf-8")
    ac = build(root)
    lei15 = next(u for u in ac.acts if u.endswith(";15"))
    assert not ac.revoked(lei15)
    assert [(i.relacao.tipo, "declara" in i.motivo) for i in ac.ignored_relations] == [("revoga", True)]
    assert any(r.origem == "declarada" and r.tipo == "regulamenta" for r in ac.relations)


def test_pending_amendment_is_listed_with_instruction_line_and_link(tmp_path):
    root = _import(tmp_path)
    # Lei 30's second instruction now names an inciso Lei 10 never had: applying it fails
    text = root / MUN / "lei-30-2015" / "texto.txt"
    text.write_text(text.read_text(encoding="utf-8").replace("inciso III do art. 2º", "inciso IX do art. 2º"),
                    encoding="utf-8")
    d = worklist.write(build(root), tmp_path / "lista")
    pend = [a for a in d["alteracoes"] if a["situacao"] == "pendente"]
    assert [a["ato_pasta"].split("/")[1] for a in pend] == ["lei-30-2015"]
    assert pend[0]["instrucoes"][0]["codigo"] == "falha-na-aplicacao"
    queue = [q for q in d["decisoes"] if q["pasta"].endswith("lei-30-2015")]
    assert queue and queue[0]["arquivo"] == f"{MUN}/lei-30-2015/decisoes.toml"
    assert "inc9" in queue[0]["mensagem"]
    # the act before it was applied; the text after Lei 30 keeps Lei 20's wording
    lei10 = [a for a in d["alteracoes"] if a["ato_pasta"].endswith("lei-20-2012")]
    assert lei10[0]["situacao"] == "aplicada"


def test_target_cited_by_name_is_found_by_its_aliases(tmp_path):
    """'Lei Orgânica do Município' (no number) is found by the aliases the import recorded:
    the ementa's relation, and the emenda applied to it."""
    root = _import(tmp_path)
    lom = tomllib.loads((root / MUN / "lei-organica-1-1990" / "norma.toml").read_text(encoding="utf-8"))
    assert lom["apelidos"] == ["Lei Orgânica do Município", "Lei Orgânica Municipal"]
    ac = build(root)
    emenda = next(u for u in ac.acts if ":emenda.lei.organica:" in u)
    step = ac.histories[lom["urn"]].steps[0]
    assert (step.ato, step.situacao) == (emenda, "aplicada")
    assert "exercido pela Câmara Municipal" in _projection(ac.text_at(lom["urn"], "2020-01-01"))
    assert "exercido" not in _projection(ac.text_at(lom["urn"], "2018-01-01"))


def test_ementa_announcing_a_change_no_instruction_makes_waits_for_a_decision(tmp_path):
    root = _import(tmp_path)
    toml = root / MUN / "lei-60-2018" / "norma.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        'ementa = "Denomina praça pública no bairro Centro."',
        'ementa = "Denomina praça pública no bairro Centro e altera a Lei nº 10, de 10 de março de 2010."', 1),
        encoding="utf-8")
    ac = build(root)
    lei10 = next(u for u in ac.acts if u.endswith(";10"))
    step = next(s for s in ac.histories[lei10].steps if s.ato.endswith(";60"))
    assert step.situacao == "pendente" and step.problemas[0].tipo == "relacao-sem-operacoes"
    d = worklist.data(ac)
    assert any(q["codigo"] == "relacao-sem-operacoes" and q["pasta"].endswith("lei-60-2018") for q in d["decisoes"])
    toml.write_text(toml.read_text(encoding="utf-8") + '\n[[decisoes]]\nproblema = "relacao-sem-operacoes"\n'
                    'decisao = "ignorar"\nnota = "A ementa só menciona a Lei nº 10."\n', encoding="utf-8")
    ac = build(root)
    step = next(s for s in ac.histories[lei10].steps if s.ato.endswith(";60"))
    assert (step.situacao, step.motivo) == ("ignorada", "decisão registrada: A ementa só menciona a Lei nº 10.")
    # Lei 10's text is the same as without Lei 60
    assert "multa de cem reais" in _projection(ac.text_at(lei10, "2019-01-01"))


@pytest.mark.parametrize("ementa, expected", [
    ("Altera a Lei nº 15, de 3 de abril de 2011, que altera, modifica e dá nova redação à "
     "Lei nº 10, de 10 de março de 2010.", [("altera", "lei-15-2011")]),
    ("Acrescenta dispositivo à Lei nº 10, de 10 de março de 2010, com redação dada pela "
     "Lei nº 20, de 5 de maio de 2012.", [("acrescenta", "lei-10-2010")]),
    ("Regulamenta a Lei nº 10/2010 e revoga a Lei nº 15/2011.", [("regulamenta", "lei-10-2010"),
                                                                 ("revoga", "lei-15-2011")]),
    ("Denomina praça pública, revogadas as disposições em contrário.", []),
])
def test_relations_from_the_ementa(tmp_path, ementa, expected):
    """Only the acts the ementa's own verbs act on: not those of a relative clause that
    describes another act, nor an act cited as the agent ('com redação dada pela …')."""
    root = _import(tmp_path)
    toml = root / MUN / "lei-60-2018" / "norma.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        'ementa = "Denomina praça pública no bairro Centro."', f'ementa = "{ementa}"', 1), encoding="utf-8")
    ac = build(root)
    found = sorted((r.tipo, _folder(ac, r.alvo)) for r in ac.relations if r.fonte.endswith(";60"))
    assert found == expected


def test_amending_act_whose_text_is_refused_still_shows_in_the_history(tmp_path):
    root = _import(tmp_path)
    text = root / MUN / "lei-20-2012" / "texto.txt"
    data = text.read_text(encoding="utf-8")
    text.write_text(data[: data.index("Art. 2º Fica acrescentado") + 30], encoding="utf-8")  # cut mid-sentence
    ac = build(root)
    lei20 = next(u for u in ac.acts if u.endswith(";20"))
    assert ac.acts[lei20].recusa
    lei10 = next(u for u in ac.acts if u.endswith(";10"))
    steps = [(_folder(ac, s.ato), s.situacao) for s in ac.histories[lei10].steps]
    assert steps == [("lei-20-2012", "pendente"), ("lei-30-2015", "pendente")]
    assert "recusado pelo leitor" in ac.histories[lei10].steps[0].motivo
    # Lei 30 rewrites art. 3º-A, which only Lei 20 would have added: the precision gate says so
    # before the applier refuses it
    problems = [p.tipo for p in ac.histories[lei10].steps[1].problemas]
    assert problems[0] == "redacao-de-inexistente" and set(problems) == {"redacao-de-inexistente", "falha-na-aplicacao"}


def test_act_without_text_is_listed_as_unavailable(tmp_path):
    root = _import(tmp_path)
    toml = root / MUN / "lei-60-2018" / "norma.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('texto = "texto.txt"', "texto_disponivel = false", 1),
                    encoding="utf-8")
    d = worklist.data(build(root))
    row = next(a for a in d["atos"] if a["pasta"].endswith("lei-60-2018"))
    assert (row["situacao"], row["link"]) == (worklist.SITUACAO_SEM_TEXTO, None)
    assert d["resumo"]["texto_indisponivel"] == 1



def test_unused_number_is_not_an_act_and_a_source_without_articles_has_no_text(tmp_path):
    """A publishing site lists skipped numbers ('(ATO INEXISTENTE, NUMERAÇÃO NÃO UTILIZADA)')
    and acts whose text it does not have (epígrafe and ementa only): the first is no act (left
    out of the import, counted), the second is 'texto indisponível' in the work list and on the
    gazette page, never an act in force with an empty text."""
    import shutil

    from lexconsolida.acervo.gazette import build_gazette
    from lexconsolida.site.model import ONLY_HEADING, WHY_UNAVAILABLE

    src = tmp_path / "atos"
    shutil.copytree(ATOS, src)
    (src / "lei-70-2019.txt").write_text("LEI Nº 70/2019\n\n(Ato inexistente, numeração não utilizada)\n",
                                         encoding="utf-8")
    (src / "lei-71-2019.txt").write_text(
        "LEI Nº 71, DE 2 DE MAIO DE 2019\n\nDenomina logradouro no bairro Centro.\n\n"
        "Visualizar Ato: Lei nº 71/2019 - Serra Fictícia-MG\n", encoding="utf-8")
    report = import_folder(src, tmp_path / "acervo", MUN)
    assert report.nao_utilizados == ["lei-70-2019.txt"]
    assert not (tmp_path / "acervo" / MUN / "lei-70-2019").exists()
    rep = tomllib.loads((tmp_path / "acervo" / MUN / "importacao.toml").read_text(encoding="utf-8"))
    assert rep["numeros_nao_utilizados"] == ["lei-70-2019.txt"]
    t71 = tomllib.loads((tmp_path / "acervo" / MUN / "lei-71-2019" / "norma.toml").read_text(encoding="utf-8"))
    assert t71["ementa"] == "Denomina logradouro no bairro Centro."  # the site's link label is no ementa
    ac = build(tmp_path / "acervo")
    d = worklist.data(ac)
    assert d["resumo"]["numeros_nao_utilizados"] == 1
    row = next(a for a in d["atos"] if a["pasta"].endswith("lei-71-2019"))
    assert row["situacao"] == worklist.SITUACAO_SEM_TEXTO
    build_gazette(ac, tmp_path / "site")
    page = (tmp_path / "site" / MUN / "lei-71-2019" / "index.html").read_text(encoding="utf-8")
    # the page's status says why there is no text, and never 'em vigor' (issue 36)
    assert WHY_UNAVAILABLE[ONLY_HEADING] in page and "Denomina logradouro" in page
    assert "<dt>Situação</dt><dd>texto não disponível</dd>" in page

# --- work list -------------------------------------------------------------------------------

def test_work_list_in_portuguese_and_byte_identical(acervo, tmp_path):
    a = worklist.write(acervo, tmp_path / "a")
    worklist.write(acervo, tmp_path / "b")
    for name in ("lista.json", "index.html", "atos.html"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    d = json.loads((tmp_path / "a" / "lista.json").read_text(encoding="utf-8"))
    assert list(d) == ["titulo", "municipios", "resumo", "por_tipo_e_ano", "decisoes", "alteracoes",
                       "relacoes", "relacoes_ignoradas", "recusados", "duvidas_da_importacao",
                       "erros_internos", "atos", "decisoes_com_problema"]
    r = d["resumo"]
    assert (r["atos"], r["em_vigor"], r["revogados"], r["arquivos_recusados_na_importacao"]) == (10, 9, 1, 1)
    assert r["alteracoes"] == {"aplicada": 4}
    assert {t["tipo"]: t["anos"] for t in d["por_tipo_e_ano"]} == {
        "Decreto": {"2012": 1}, "Emenda à Lei Orgânica": {"2019": 1}, "Lei Orgânica": {"1990": 1},
        "Lei": {"2010": 1, "2011": 1, "2012": 1, "2015": 1, "2016": 1, "2017": 1, "2018": 1}}
    assert a == d
    for row in d["alteracoes"] + d["relacoes"]:
        if row["link"]:
            assert (tmp_path / "a" / row["link"].split("#")[0]).is_file()


def test_same_result_on_any_executor(tmp_path):
    root = _import(tmp_path)
    serial = worklist.data(build(root))
    with ProcessPoolExecutor(2) as ex:
        pooled = worklist.data(build(root, executor=ex))
    with ThreadPoolExecutor(2) as ex:
        threaded = worklist.data(build(root, executor=ex))
    assert serial == pooled == threaded


def test_dask_local_cluster(tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    root = _import(tmp_path)
    serial = worklist.data(build(root))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None,
                                  scheduler_kwargs={"dashboard_address": ":0"}) as cluster, distributed.Client(cluster) as client:
        assert worklist.data(build(root, executor=client.get_executor())) == serial


def test_rebuild_after_one_act_changes_redoes_only_what_depends_on_it(tmp_path):
    root = _import(tmp_path)
    cache = tmp_path / "cache"
    first = build(root, cache_dir=cache)
    assert first.cache_hits == 0
    second = build(root, cache_dir=cache)
    assert second.cache_misses == 0
    text = root / MUN / "lei-30-2015" / "texto.txt"
    text.write_text(text.read_text(encoding="utf-8").replace("cem reais", "duzentos reais"), encoding="utf-8")
    third = build(root, cache_dir=cache)
    assert third.cache_misses == 2  # Lei 30 itself and the history of Lei 10, which it amends
    assert [_folder(third, u) for u in third.redone + third.redone_histories] == ["lei-30-2015", "lei-10-2010"]
    lei10 = next(u for u in third.acts if u.endswith(";10"))
    assert "duzentos reais" in _projection(third.text_at(lei10, "2016-01-01"))
    assert worklist.data(third) == worklist.data(build(root))
    # a metadata fix that no citation depends on (nobody cites Lei 60) redoes only that act
    toml = root / MUN / "lei-60-2018" / "norma.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('data = "2018-03-09"', 'data = "2018-03-08"', 1),
                    encoding="utf-8")
    fourth = build(root, cache_dir=cache)
    assert [_folder(fourth, u) for u in fourth.redone] == ["lei-60-2018"] and fourth.redone_histories == []
    assert worklist.data(fourth) == worklist.data(build(root))
    # a new act redoes itself and the acts whose citations it answers (Lei 50 amends a Lei nº 999
    # that was outside the acervo: its analysis and the new act's history), nothing else
    _add_lei_999(root)
    fifth = build(root, cache_dir=cache)
    assert sorted(_folder(fifth, u) for u in fifth.redone) == ["lei-50-2017", "lei-999-2001"]
    assert [_folder(fifth, u) for u in fifth.redone_histories] == ["lei-999-2001"]
    lei999 = next(u for u in fifth.acts if u.endswith(";999"))
    assert [s.situacao for s in fifth.histories[lei999].steps] == ["aplicada"]
    assert worklist.data(fifth) == worklist.data(build(root))
    # removing it again redoes only the act whose citation it answered (the history of Lei 999 goes)
    shutil.rmtree(root / MUN / "lei-999-2001")
    sixth = build(root, cache_dir=cache)
    assert [_folder(sixth, u) for u in sixth.redone] == ["lei-50-2017"] and sixth.redone_histories == []
    assert worklist.data(sixth) == worklist.data(fourth)


def _add_lei_999(root: Path) -> None:
    """The Lei nº 999, de 14 de setembro de 2001, that Lei 50/2017 amends, added to the acervo."""
    folder = root / MUN / "lei-999-2001"
    folder.mkdir()
    (folder / "norma.toml").write_text(
        'tipo = "Lei"\nnumero = "999"\ndata = "2001-09-14"\n'
        'urn = "urn:lex:br;minas.gerais;serra.ficticia:municipal:lei:2001-09-14;999"\n'
        'ementa = "Dispõe sobre os cemitérios municipais."\ntexto = "texto.txt"\n', encoding="utf-8")
    (folder / "texto.txt").write_text(
        "LEI Nº 999, DE 14 DE SETEMBRO DE 2001\n\nDispõe sobre os cemitérios municipais.\n\n"
        + "".join(f"Art. {n}º Disposição {n} sobre os cemitérios municipais.\n\n" for n in range(1, 7))
        + "Serra Fictícia, 14 de setembro de 2001.\n", encoding="utf-8")


def test_cli_importar_and_acervo(tmp_path, capsys):
    acervo_dir, out = tmp_path / "acervo", tmp_path / "lista"
    assert main(["importar", str(ATOS), "-o", str(acervo_dir), "--municipio", MUN, "--processos", "1"]) == 0
    said = capsys.readouterr().out
    assert "importação: 10 atos" in said and "recusado: aviso.txt" in said
    assert main(["acervo", str(acervo_dir), "-o", str(out), "--processos", "1"]) == 0
    said = capsys.readouterr().out
    assert "acervo: 10 atos (9 em vigor, 1 revogados" in said
    assert "alterações: 4 aplicadas, 0 pendentes de decisão, 0 ignoradas" in said
    assert (out / "index.html").is_file() and (out / "lista.json").is_file()
    assert os.listdir(out / "textos" / MUN)


@pytest.mark.slow
def test_gazette_site_of_the_whole_acervo(acervo, tmp_path):
    from lexconsolida.acervo.gazette import build_gazette
    from tests.linkcheck import check_site

    with ProcessPoolExecutor(2) as ex:
        report = build_gazette(acervo, tmp_path / "site", executor=ex)
    assert report.acts == 10
    assert check_site(tmp_path / "site") == []
    lei10 = (tmp_path / "site" / MUN / "lei-10-2010" / "index.html").read_text(encoding="utf-8")
    assert "multa de cem reais, dobrada na reincidência" in lei10  # amendments applied
    lei15 = (tmp_path / "site" / MUN / "lei-15-2011" / "index.html").read_text(encoding="utf-8")
    assert "Revogad" in lei15
    again = build_gazette(acervo, tmp_path / "site")
    assert again.written == 0


def test_a_new_act_rewrites_only_its_pages_and_those_of_the_acts_it_answers(tmp_path, monkeypatch):
    """Pages are keyed on what they show: a new act's own pages are written, and the pages of
    the acts whose citations it now answers (Lei 50 amends a Lei nº 999 that was outside the
    acervo); no other act's page is rendered again, nor its links computed again (they are
    keyed on the answers to its own citations, not on the whole catalogue)."""
    from lexconsolida.acervo.gazette import build_gazette
    from lexconsolida.site import pages

    root, cache, site = _import(tmp_path), tmp_path / "cache", tmp_path / "site"
    build_gazette(build(root, cache_dir=cache), site)
    before = {p: p.stat().st_ino for p in site.rglob("*.html")}
    _add_lei_999(root)
    linked: list[str] = []
    real = pages.ActPages._linked_key
    monkeypatch.setattr(pages.ActPages, "_linked_key", lambda self: linked.append(self.act.path) or real(self))
    build_gazette(build(root, cache_dir=cache), site)
    assert sorted(Path(p).name for p in linked) == ["lei-50-2017", "lei-999-2001"]
    rewritten = {p.relative_to(site / MUN).parts[0] for p in site.rglob("*.html")
                 if before.get(p) != p.stat().st_ino and p.is_relative_to(site / MUN)}
    acts = {p.name for p in (root / MUN).iterdir() if p.is_dir()}
    assert rewritten & acts == {"lei-50-2017", "lei-999-2001"}
    fresh = tmp_path / "fresh"
    build_gazette(build(root), fresh)
    assert _site_bytes(site) == _site_bytes(fresh)


def _site_bytes(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*")
            if p.is_file() and not p.name.startswith(".manifest")}


def test_cli_bad_input_exits_2_without_output(tmp_path, capsys):
    assert main(["importar", str(tmp_path / "nada"), "-o", str(tmp_path / "a"), "--municipio", MUN]) == 2
    assert "pasta de atos não encontrada" in capsys.readouterr().err
    assert main(["acervo", str(tmp_path / "nada"), "-o", str(tmp_path / "lista"), "--processos", "1"]) == 2
    assert "pasta do acervo não encontrada" in capsys.readouterr().err
    assert not (tmp_path / "a").exists() and not (tmp_path / "lista").exists()


def test_ementa_without_the_site_quote_marks_and_author_ends_at_its_line(tmp_path):
    """The publishing site prints some ementas between quote marks ('"DISPÕE SOBRE …
    PROVIDÊNCIAS."'): the norma.toml gets the ementa without them (issue 36: 190 of Feira's);
    a name given as 'Autor: …' ends at its line, not at the end of the preâmbulo; a heading whose
    ementa names a 'Senhor, Vicente …' is an ementa, not a preâmbulo ('…, VICE-PREFEITO')."""
    from lexconsolida.acervo.sources import read_source, unquoted_ementa

    src = tmp_path / "lei-5-2020.txt"
    src.write_text('LEI Nº 5, DE 2 DE MARÇO DE 2020\n\n"DISPÕE SOBRE A FEIRA E DÁ OUTRAS PROVIDÊNCIAS".\n\n'
                   "Autor: Vereador Fulano de Tal\nO PREFEITO MUNICIPAL DE EXEMPLO, faço saber que a Câmara "
                   "aprovou e eu sanciono a seguinte Lei:\n\nArt. 1º A feira funciona aos sábados.\n\n"
                   "Exemplo, 2 de março de 2020.\n", "utf-8")
    lido = read_source(str(src), "lei-5-2020.txt")
    assert lido.ementa == "DISPÕE SOBRE A FEIRA E DÁ OUTRAS PROVIDÊNCIAS."
    assert lido.autor == "Vereador Fulano de Tal"
    titulo = tmp_path / "dl-46-2008.txt"
    titulo.write_text("DECRETO LEGISLATIVO Nº 46, DE 30/06/2008\n\nCONCEDE O TÍTULO DE CIDADÃO AO SENHOR, "
                      "VICENTE FERRERES DE SOUZA.\n", "utf-8")
    assert read_source(str(titulo), "dl-46-2008.txt").ementa == ("CONCEDE O TÍTULO DE CIDADÃO AO SENHOR, "
                                                                 "VICENTE FERRERES DE SOUZA.")
    assert unquoted_ementa("“CONSIDERA DE UTILIDADE PÚBLICA A ASSOCIAÇÃO X. ”") == \
        "CONSIDERA DE UTILIDADE PÚBLICA A ASSOCIAÇÃO X."
    assert unquoted_ementa('"Feira Limpa": institui o programa.') == '"Feira Limpa": institui o programa.'
