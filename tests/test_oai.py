"""The LexML provider's records, validator, ledger and export (lexconsolida provedor)."""

from __future__ import annotations

import asyncio
import csv
import json
import shutil
import tomllib

import pytest
from starlette.applications import Starlette
from starlette.routing import Mount

from lexconsolida.acervo.pipeline import build
from lexconsolida.cli import main
from lexconsolida.errors import UsageError
from lexconsolida.lexml import oai as vocab
from lexconsolida.oai import export as oai_export
from lexconsolida.oai.app import create_app
from lexconsolida.oai.ledger import LEDGER, register
from lexconsolida.oai.provider import Provider
from lexconsolida.oai.records import RELATION_SOURCES, catalog
from tests.conftest import ANCHORS, ROOT, check_golden
from tests.oai_support import fictional_acervo

EX = "xx-municipio-de-exemplo"
OAI_ANCHORS = ANCHORS / "lexml" / "oai"
GOLDEN = ROOT / "tests" / "golden" / "oai"


@pytest.fixture()
def acervo(tmp_path):
    return fictional_acervo(tmp_path)


# --- records ---------------------------------------------------------------------------------

def test_one_valid_record_per_act_with_the_acervo_relations(acervo, update_golden):
    ac = build(acervo)
    cat = catalog(ac)
    assert not cat.invalid and not cat.not_published
    assert len(cat.records) == len(ac.acts) == 5
    for rec in cat.records:
        assert not vocab.errors(vocab.validate_record(rec.data, cat.publishers[EX].profile, rec.identifier))
        assert rec.identifier == rec.identifier.lower()
        check_golden(GOLDEN / f"{rec.pasta.split('/')[-1]}.xml", rec.data, update_golden)
    # every relation the acervo knows, on the record of the act that makes it
    known = {(r.fonte, vocab.RELATION_KINDS[r.tipo], r.alvo) for r in ac.relations}
    emitted = set()
    for rec in cat.records:
        root = vocab.parse_xml(rec.data)
        for rel in root.iterfind(f"{{{vocab.NS}}}Relacionamento"):
            emitted.add((rec.identifier, rel.get("tipo"), rel.text))
    assert emitted == known and cat.relations_emitted == cat.relations_known == 3


def test_same_acervo_same_bytes_and_datestamps(acervo, tmp_path):
    first = catalog(build(acervo))
    other = tmp_path / "outro"
    shutil.copytree(acervo, other)
    again = catalog(build(other))
    assert [(r.identifier, r.datestamp, r.data) for r in first.records] == \
        [(r.identifier, r.datestamp, r.data) for r in again.records]


def test_record_urn_by_the_lexml_rules():
    assert vocab.record_urn("urn:lex:br;Bahia;Feira.Santana:municipal:lei:2001-01-05;2217") == \
        "urn:lex:br;bahia;feira.santana:municipal:lei:2001-01-05;2217"
    # the Câmara's acts: camara.municipal, as SAPL writes them
    assert vocab.record_urn("urn:lex:br;bahia;feira.santana:municipal:resolucao:2001-02-03;7").split(":")[3] == \
        "camara.municipal"
    assert vocab.record_urn("urn:lex:br:federal:lei:1990-07-13;8069") == "urn:lex:br:federal:lei:1990-07-13;8069"
    assert vocab.structural_problem("urn:lex:br;Bahia:municipal:lei") == "a URN deve estar toda em letras minúsculas"
    assert vocab.structural_problem("urn:lex:br:federal") and vocab.structural_problem("lex:br:federal:lei")


def test_named_act_text_unavailable_and_items_of_the_build(acervo, tmp_path):
    norma = acervo / EX / "lei-150-2023" / "norma.toml"
    norma.write_text(norma.read_text("utf-8") + 'apelidos = ["Lei dos Pontos de Táxi"]\n', "utf-8")
    decreto = acervo / EX / "decreto-12-2020"
    (decreto / "texto.txt").unlink()  # the text is not in the acervo
    mun = acervo / EX / "municipio.toml"
    assert "url_arquivos" in mun.read_text("utf-8")
    out = tmp_path / "saida"
    for rel in ("lexml/xx-municipio-de-exemplo/lei-150-2023.xml", "pdf/xx-municipio-de-exemplo/lei-150-2023.pdf",
                "docx/xx-municipio-de-exemplo/lei-150-2023.docx"):
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_bytes(b"x")
    cat = catalog(build(acervo), output=out)
    recs = {r.pasta.split("/")[-1]: vocab.parse_xml(r.data) for r in cat.records}
    lei = recs["lei-150-2023"]
    assert [a.text for a in lei.iterfind(f"{{{vocab.NS}}}Apelido")] == ["Lei dos Pontos de Táxi"]
    items = [(i.get("tipo"), i.get("formato"), i.text) for i in lei.iterfind(f"{{{vocab.NS}}}Item")]
    assert items[0] == ("conteudo", "text/html", "https://diario.exemplo.invalid/xx-municipio-de-exemplo/lei-150-2023/index.html")
    assert ("conteudo", "application/xml", "https://diario.exemplo.invalid/arquivos/lexml/xx-municipio-de-exemplo/lei-150-2023.xml") in items
    assert ("conteudo", "application/pdf", "https://diario.exemplo.invalid/arquivos/pdf/xx-municipio-de-exemplo/lei-150-2023.pdf") in items
    assert ("conteudo", None, "https://diario.exemplo.invalid/arquivos/docx/xx-municipio-de-exemplo/lei-150-2023.docx") in items
    dec = [(i.get("tipo"), i.get("nota")) for i in recs["decreto-12-2020"].iterfind(f"{{{vocab.NS}}}Item")]
    assert dec == [("metadado", None), ("conteudo.indisponivel",
                                        "Texto integral indisponível no acervo: o acervo só tem os dados deste ato")]


def test_relations_outside_the_acervo_and_outside_the_profile(acervo):
    lei = acervo / EX / "lei-150-2023" / "norma.toml"
    lei.write_text(lei.read_text("utf-8") + (
        '\n[[relacoes]]\ntipo = "regulamenta"\nalvos = ["urn:lex:br:federal:lei:1997-09-23;9503"]\n'
        '\n[[relacoes]]\ntipo = "altera"\nalvos = ["urn:lex:br;estado.ficticio;outro.municipio:municipal:lei:2000-01-01;1"]\n'
        '\n[[relacoes]]\ntipo = "consolida"\nalvos = ["Lei nº 100/2020"]\n'), "utf-8")
    cat = catalog(build(acervo))
    rec = next(r for r in cat.records if r.pasta.endswith("lei-150-2023"))
    rels = [(x.get("tipo"), x.text) for x in vocab.parse_xml(rec.data).iterfind(f"{{{vocab.NS}}}Relacionamento")]
    assert rels == [("regulamenta", "urn:lex:br:federal:lei:1997-09-23;9503")]  # a federal law: profile R
    why = {o.alvo: o.motivo for o in cat.omitted_relations}
    assert "não está no perfil do publicador 99999" in why["urn:lex:br;estado.ficticio;outro.municipio:municipal:lei:2000-01-01;1"]
    assert "não tem termo no vocabulário do LexML" in why["urn:lex:br;estado.ficticio;exemplo:municipal:lei:2020-03-10;100"]
    assert not cat.invalid


def test_court_decisions_hook(acervo):
    target = "urn:lex:br;estado.ficticio;exemplo:municipal:lei:2020-03-10;100"
    decision = "urn:lex:br;estado.ficticio;exemplo:municipal:lei:2022-06-20;135"

    def court(ac):
        yield decision, "declara-inconstitucional", target

    RELATION_SOURCES.append(court)
    try:
        cat = catalog(build(acervo))
    finally:
        RELATION_SOURCES.remove(court)
    rec = cat.by_id()[decision]
    assert ("declara.inconstitucional", target) in [
        (x.get("tipo"), x.text) for x in vocab.parse_xml(rec.data).iterfind(f"{{{vocab.NS}}}Relacionamento")]


def test_municipality_not_set_up_and_proposals_are_not_published(tmp_path):
    root = tmp_path / "acervo"
    shutil.copytree(ROOT / "statutes" / "mt-barra-do-garcas", root / "mt-barra-do-garcas")
    cat = catalog(build(root))
    assert not cat.records and all("id_publicador" in o.motivo for o in cat.not_published)
    mun = root / "mt-barra-do-garcas" / "municipio.toml"
    mun.write_text(mun.read_text("utf-8") + '\n[site]\nurl = "https://x.invalid"\n\n[lexml]\nid_publicador = 7\n', "utf-8")
    cat = catalog(build(root))
    assert any("sem valor normativo" in o.motivo for o in cat.not_published)  # the Indicação
    assert cat.records and not cat.invalid


# --- the validator -----------------------------------------------------------------------------

@pytest.mark.shared
def test_real_records_validate_and_the_invalid_ones_are_refused_with_the_reason():
    results = {f.name: vocab.validate_record(f.read_bytes(), None, f.stem) for f in sorted(OAI_ANCHORS.glob("*.xml"))}
    valid = {n for n, r in results.items() if not vocab.errors(r)}
    assert valid == {"teofilootoni.xml", "oai_rvbi-ok.xml", "schemas-test_54011.xml", "item_com_nota_sem_uri.xml"}
    order = vocab.errors(results["oai_rvbi-falha-ordem.xml"])
    assert order[0].codigo == "xml-invalido" and "DocumentoIndividual deve vir antes" in order[0].mensagem
    # São Carlos' record declares the namespace with a prefix but writes its children without it:
    # invalid for any namespace-aware validator, the harvester's included
    ns = vocab.errors(results["oai_dti.saocarlos.sp.gov.br_wikileis_10002.xml"])
    assert ns[0].codigo == "xml-invalido" and "sem o espaço de nomes" in ns[0].mensagem
    # the SAPL record of Teófilo Otoni against the municipal profile of its own localidade
    teofilo = (OAI_ANCHORS / "teofilootoni.xml").read_bytes()
    assert not vocab.validate_record(teofilo, vocab.default_profile("br;minas.gerais;teofilo.otoni", 166))
    other = vocab.validate_record(teofilo, vocab.default_profile("br;minas.gerais;divinopolis", 166))
    assert [f.codigo for f in other] == ["urn-incompativel"] and "publicador 166" in other[0].mensagem
    unknown = vocab.validate_record(teofilo, vocab.default_profile("br;minas.gerais;teofilo.otoni", 1))
    assert [f.codigo for f in unknown] == ["perfil-desconhecido"] and unknown[0].aviso


@pytest.mark.shared
def test_default_profile_is_the_registered_municipal_vocabulary():
    text = (ANCHORS / "lexml" / "examples" / "toolkit-provider-profiles_municipal_estadual.csv").read_text("utf-8")
    rows = list(csv.DictReader(text.splitlines()))
    municipal = {(r["autoridade"], r["tipoDocumento"].split(";")[0]) for r in rows
                 if r["localidade"].count(";") == 2}
    ours = {(vocab.authority_for(t), t) for t in vocab.MUNICIPAL_NORMS + vocab.CHAMBER_NORMS + vocab.CHAMBER_BILLS}
    assert municipal <= ours
    # what we add to the registered pairs: the Câmara's resolutions and internal rules (SAPL)
    assert ours - municipal == {("camara.municipal", "resolucao"), ("camara.municipal", "regimento.interno")}
    for r in rows:  # every registered municipal URN core is allowed by the default profile of its place
        if r["localidade"].count(";") == 2:
            urn = f"urn:lex:{r['localidade']}:{r['autoridade']}:{r['tipoDocumento']}:2001-01-01;1"
            assert vocab.default_profile(r["localidade"], 1).allows(1, urn, "D") or ";" in r["tipoDocumento"]


def test_profile_file_and_the_reduced_cores(tmp_path):
    path = tmp_path / "lexml_nbconfig.xml"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<ConfiguracaoProvedor xmlns="http://www.lexml.gov.br/profile_lexml">'
        '<Provedor idProvedor="1" nome="Câmara"><Publicador idPublicador="42" nome="Câmara">'
        '<Perfil localidade="br;bahia;feira.santana" autoridade="municipal" tipoDocumento="lei" tipoPerfil="D"/>'
        '<Perfil localidade="br" autoridade="federal" tipoDocumento="lei" tipoPerfil="R"/>'
        '<Perfil localidade="br;bahia;feira.santana" autoridade="camara.municipal" tipoDocumento="projeto.lei;plo" tipoPerfil="T"/>'
        '<Perfil localidade="br;bahia;feira.santana" autoridade="camara.municipal;mesa" tipoDocumento="projeto.lei" tipoPerfil="T"/>'
        '</Publicador></Provedor></ConfiguracaoProvedor>', "utf-8")
    p = vocab.read_profile(path)
    assert p.allows(42, "urn:lex:br;bahia;feira.santana:municipal:lei:2001-01-05;2217", "D")
    assert not p.allows(42, "urn:lex:br;bahia;feira.santana:municipal:lei:2001-01-05;2217", "R")
    assert p.allows(42, "urn:lex:br:federal:lei:1990-07-13;8069", "R")
    assert not p.allows(42, "urn:lex:br:federal:lei:1990-07-13;8069", "D")
    # authority and type both with ';': valid when both reduced cores are in the profile
    assert p.allows(42, "urn:lex:br;bahia;feira.santana:camara.municipal;mesa:projeto.lei;plo:2020;1", "D")
    assert not p.allows(42, "urn:lex:br;bahia;feira.santana:camara.municipal;mesa:projeto.lei;pls:2020;1", "D")
    bad = tmp_path / "vazio.xml"
    bad.write_text("<ConfiguracaoProvedor/>", "utf-8")
    with pytest.raises(vocab.InputError, match="nenhum Publicador"):
        vocab.read_profile(bad)


def test_validator_reasons_in_portuguese():
    rec = vocab.RecordData("urn:lex:br;x;y:municipal:lei:2001-01-01;1",
                           [vocab.Item("https://x.invalid/a", 5, formato="text/html")], "LEI Nº 1")
    good = vocab.record_bytes(rec)
    assert not vocab.errors(vocab.validate_record(good, vocab.default_profile("br;x;y", 5), "id"))
    assert vocab.validate_record(good, None, "com espaço")[0].codigo == "id-invalido"
    assert vocab.validate_record(b"<LexML", None, "id")[0].codigo == "xml-mal-formado"
    upper = good.replace(b"urn:lex:br;x;y:municipal:lei", b"urn:lex:br;X;y:municipal:lei")
    assert vocab.validate_record(upper, None, "id")[0].mensagem.endswith("letras minúsculas")
    wrong_format = good.replace(b'formato="text/html"', b'formato="text/docx"')
    msg = vocab.validate_record(wrong_format, None, "id")[0].mensagem
    assert "formato de Item" in msg and "não é um dos valores" in msg
    no_pub = good.replace(b' idPublicador="5"', b"")
    assert "sem o atributo obrigatório idPublicador" in vocab.validate_record(no_pub, None, "id")[0].mensagem


# --- ledger: datestamps and deleted records ------------------------------------------------------

def test_ledger_keeps_datestamps_dates_changes_and_deletions(acervo):
    cat = catalog(build(acervo))
    first = {r.identifier: r.datestamp for r in cat.records}
    register(cat, acervo)  # the first registration keeps the acts' dates
    assert (acervo / EX / LEDGER).is_file()
    again = catalog(build(acervo))
    assert {r.identifier: r.datestamp for r in again.records} == first and not again.ledger_notes
    norma = acervo / EX / "lei-150-2023" / "norma.toml"
    norma.write_text(norma.read_text("utf-8").replace("pontos de táxi", "pontos de táxi e de mototáxi"), "utf-8")
    shutil.rmtree(acervo / EX / "lei-135-2022")
    changed = catalog(build(acervo))
    assert changed.ledger_notes and "1 registro(s) mudaram" in changed.ledger_notes[0]
    register(changed, acervo, "2026-11-30T12:00:00Z")
    after = {r.identifier: r for r in catalog(build(acervo)).records}
    lei150 = "urn:lex:br;estado.ficticio;exemplo:municipal:lei:2023-09-14;150"
    lei135 = "urn:lex:br;estado.ficticio;exemplo:municipal:lei:2022-06-20;135"
    assert after[lei150].datestamp == "2026-11-30T12:00:00Z"
    assert after[lei135].deleted and after[lei135].datestamp == "2026-11-30T12:00:00Z"
    lei100 = "urn:lex:br;estado.ficticio;exemplo:municipal:lei:2020-03-10;100"
    assert after[lei100].datestamp == first[lei100]
    provider = Provider(catalog(build(acervo)), "http://127.0.0.1/")
    answer = provider.handle([("verb", "GetRecord"), ("metadataPrefix", "oai_lexml"), ("identifier", lei135)])
    assert b'status="deleted"' in answer and b"<metadata>" not in answer
    assert b"<deletedRecord>persistent</deletedRecord>" in provider.handle([("verb", "Identify")])


# --- export and the command line ---------------------------------------------------------------

def test_export_files_deterministic(acervo, tmp_path):
    cat = catalog(build(acervo))
    one, two = tmp_path / "um", tmp_path / "dois"
    oai_export.export(cat, one)
    oai_export.export(cat, two)
    oai_export.export(cat, one)  # again over the old export
    files = sorted(p.relative_to(one).as_posix() for p in one.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(two).as_posix() for p in two.rglob("*") if p.is_file())
    assert all((one / f).read_bytes() == (two / f).read_bytes() for f in files)
    index = json.loads((one / "indice.json").read_text("utf-8"))
    assert len(index) == 5 and all((one / e["arquivo"]).is_file() for e in index)
    for e in index:
        assert not vocab.errors(vocab.validate_record((one / e["arquivo"]).read_bytes(),
                                                      cat.publishers[EX].profile, e["identificador"]))
    assert not list(tmp_path.glob(".*novo")) and not list(tmp_path.glob(".*antigo"))


def test_cli_validar_exportar_registrar(acervo, tmp_path, capsys):
    assert main(["provedor", "validar", str(acervo), "--processos", "1"]) == 0
    out = capsys.readouterr().out
    assert "5 registros válidos, 0 inválidos" in out and "relações: 3 no acervo, 3 nos registros" in out
    assert main(["provedor", "validar", str(acervo), "--json", "--processos", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["relacoes_emitidas"] == 3
    mun = acervo / EX / "municipio.toml"
    mun.write_text(mun.read_text("utf-8").replace("id_publicador = 99999", "id_publicador = 99999\nperfil = \"perfil.xml\""), "utf-8")
    (acervo / EX / "perfil.xml").write_text(
        '<ConfiguracaoProvedor xmlns="http://www.lexml.gov.br/profile_lexml"><Provedor><Publicador idPublicador="99999">'
        '<Perfil localidade="br;estado.ficticio;exemplo" autoridade="municipal" tipoDocumento="lei" tipoPerfil="T"/>'
        '</Publicador></Provedor></ConfiguracaoProvedor>', "utf-8")
    assert main(["provedor", "validar", str(acervo), "--processos", "1"]) == 1  # the decree's kind is not in it
    out = capsys.readouterr().out
    assert "inválido: urn:lex:br;estado.ficticio;exemplo:municipal:decreto:2020-04-01;12" in out
    assert "não está no perfil como documento" in out
    assert main(["provedor", "exportar", str(acervo), "-o", str(tmp_path / "exp"), "--processos", "1"]) == 1
    assert len(json.loads((tmp_path / "exp" / "indice.json").read_text("utf-8"))) == 4
    assert main(["provedor", "registrar", str(acervo), "--processos", "1"]) == 0
    assert "4 novos" in capsys.readouterr().err
    assert main(["provedor", "registrar", str(acervo), "--data", "ontem"]) == 2
    assert main(["provedor", "validar", str(tmp_path / "nada")]) == 2


@pytest.mark.shared
def test_cli_validar_record_files(capsys):
    files = sorted(str(f) for f in OAI_ANCHORS.glob("*.xml"))
    assert main(["provedor", "validar", *files]) == 1
    out = capsys.readouterr().out
    assert out.count(": válido") == 4 and out.count(": inválido") == 2


def test_a_record_invalid_now_is_not_taken_for_deleted(acervo, tmp_path):
    register(catalog(build(acervo)), acervo)
    profile = tmp_path / "perfil.xml"
    profile.write_text(
        '<ConfiguracaoProvedor xmlns="http://www.lexml.gov.br/profile_lexml"><Provedor><Publicador idPublicador="99999">'
        '<Perfil localidade="br;estado.ficticio;exemplo" autoridade="municipal" tipoDocumento="lei" tipoPerfil="T"/>'
        '</Publicador></Provedor></ConfiguracaoProvedor>', "utf-8")
    cat = catalog(build(acervo), profile=vocab.read_profile(profile))
    decreto = "urn:lex:br;estado.ficticio;exemplo:municipal:decreto:2020-04-01;12"
    assert [r.identifier for r, _ in cat.invalid] == [decreto]
    assert decreto not in cat.by_id() and not any(r.deleted for r in cat.records)
    register(cat, acervo, "2026-12-01T00:00:00Z")
    assert decreto in (acervo / EX / LEDGER).read_text("utf-8").split("[[excluidos]]")[0]
    assert "[[excluidos]]" not in (acervo / EX / LEDGER).read_text("utf-8")


def test_serving_needs_a_contact_email(acervo):
    mun = acervo / EX / "municipio.toml"
    mun.write_text(mun.read_text("utf-8").replace('email = "lexml@exemplo.invalid"\n', ""), "utf-8")
    with pytest.raises(UsageError, match="--contato"):
        Provider(catalog(build(acervo)), "http://127.0.0.1/")


def test_the_contact_defaults_to_the_publishing_body(acervo):
    """Without [lexml] email, the provider announces the Câmara's e-mail (then the
    Prefeitura's) from the same municipio.toml: a configured municipality serves at once."""
    mun = acervo / EX / "municipio.toml"
    text = mun.read_text("utf-8").replace('email = "lexml@exemplo.invalid"\n', "")
    mun.write_text(text.replace('[orgaos.prefeitura]\n', '[orgaos.prefeitura]\nemail = "gabinete@exemplo.invalid"\n'), "utf-8")
    assert b"<adminEmail>gabinete@exemplo.invalid</adminEmail>" in _identify(acervo)
    mun.write_text(mun.read_text("utf-8").replace('[orgaos.camara]\n', '[orgaos.camara]\nemail = "camara@exemplo.invalid"\n'), "utf-8")
    assert b"<adminEmail>camara@exemplo.invalid</adminEmail>" in _identify(acervo)


def _identify(acervo) -> bytes:
    return Provider(catalog(build(acervo)), "http://127.0.0.1/").handle([("verb", "Identify")])


def test_import_asks_for_the_contact_and_writes_it(tmp_path):
    """A fresh import with --contato writes [lexml] email into the new municipio.toml; on one a
    person wrote without any contact it is added at the end (comments kept); an existing
    contact is never replaced."""
    from lexconsolida.acervo.importer import import_folder, provider_contact

    src = tmp_path / "atos"
    src.mkdir()
    (src / "lei-1-2020.txt").write_text("LEI Nº 1, DE 2 DE MARÇO DE 2020\n\nDispõe sobre a feira.\n\n"
                                        "Art. 1º A feira funciona aos sábados.\n\n"
                                        "Exemplo, 2 de março de 2020.\n", "utf-8")
    report = import_folder(src, tmp_path / "acervo", "sp-vila-exemplo", contato="legislativo@camara.invalid")
    mun = tmp_path / "acervo" / "sp-vila-exemplo" / "municipio.toml"
    assert tomllib.loads(mun.read_text("utf-8"))["lexml"] == {"email": "legislativo@camara.invalid"}
    assert report.contato == ("legislativo@camara.invalid", "[lexml] email")
    again = import_folder(src, tmp_path / "acervo", "sp-vila-exemplo", contato="outro@camara.invalid")
    assert again.contato == ("legislativo@camara.invalid", "[lexml] email") and "não o muda" in again.contato_nota
    mun.write_text("# feito à mão\nnome = \"Vila Exemplo\"\nuf = \"SP\"\nlocalidade_urn = \"br;sao.paulo;vila.exemplo\"\n", "utf-8")
    added = import_folder(src, tmp_path / "acervo", "sp-vila-exemplo", contato="novo@camara.invalid")
    text = mun.read_text("utf-8")
    assert text.startswith("# feito à mão\n") and provider_contact(tomllib.loads(text)) == ("novo@camara.invalid", "[lexml] email")
    assert added.contato == ("novo@camara.invalid", "[lexml] email")
    with pytest.raises(UsageError, match="e-mail"):
        import_folder(src, tmp_path / "acervo", "sp-vila-exemplo", contato="sem arroba")


def test_the_app_mounts_under_another_starlette_app(acervo):
    """The desk (lexconsolida mesa) can mount the provider: Mount('/oai', create_app(provider))."""
    outer = Starlette(routes=[Mount("/oai", app=create_app(Provider(catalog(build(acervo)), "https://x.invalid/oai/")))])

    async def call(method: str, path: str, query: bytes = b"", body: bytes = b"") -> tuple[int, bytes]:
        sent: list[dict] = []
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
                 "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": query,
                 "root_path": "", "headers": [(b"host", b"x.invalid"),
                                              (b"content-type", b"application/x-www-form-urlencoded")],
                 "server": ("x.invalid", 80), "client": ("127.0.0.1", 1)}
        messages = [{"type": "http.request", "body": body, "more_body": False}]

        async def receive():
            return messages.pop(0) if messages else {"type": "http.disconnect"}

        async def send(message):
            sent.append(message)

        await outer(scope, receive, send)
        status = next(m["status"] for m in sent if m["type"] == "http.response.start")
        return status, b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")

    status, body = asyncio.run(call("GET", "/oai/", b"verb=Identify"))
    assert status == 200 and b"<baseURL>https://x.invalid/oai/</baseURL>" in body
    status, body = asyncio.run(call("POST", "/oai/", body=b"verb=ListSets"))
    assert status == 200 and b"<setSpec>decreto</setSpec>" in body
