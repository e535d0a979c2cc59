"""The provider on localhost, harvested by an independent OAI-PMH client (oaipmh-scythe): the
whole fictional acervo and a sample of the Feira de Santana acervo. Every record retrieved and
valid against oai_lexml.xsd, resumption tokens across pages, from/until by datestamp, the
protocol's errors."""

from __future__ import annotations

import shutil

import httpx2
import pytest
from lxml import etree
from oaipmh_scythe import Scythe
from oaipmh_scythe import exceptions as oai_errors
from oaipmh_scythe.iterator import OAIResponseIterator

from lexconsolida.acervo.importer import import_folder
from lexconsolida.acervo.pipeline import build
from lexconsolida.lexml import oai as vocab
from lexconsolida.lexml.schemas import schema
from lexconsolida.oai.records import catalog
from tests.conftest import SHARED
from tests.oai_support import fictional_acervo, served, set_up_publisher

NS_OAI = "http://www.openarchives.org/OAI/2.0/"
FEIRA = SHARED / "acervos" / "feira-de-santana-ba"


def _lexml_of(record) -> etree._Element:
    found = record.xml.find(f".//{{{vocab.NS}}}LexML")
    assert found is not None, record.header.identifier
    return found


def _harvest_all(url: str, prefix: str = "oai_lexml", **kw):
    with Scythe(url) as client:
        return list(client.list_records(metadata_prefix=prefix, **kw))


def _pages(url: str, verb: str = "ListIdentifiers", **kw) -> list:
    with Scythe(url, iterator=OAIResponseIterator) as client:
        method = client.list_identifiers if verb == "ListIdentifiers" else client.list_records
        return list(method(metadata_prefix="oai_lexml", **kw))


@pytest.fixture(scope="module")
def fictional(tmp_path_factory):
    root = fictional_acervo(tmp_path_factory.mktemp("oai"))
    cat = catalog(build(root))
    with served(root, "--lote", "2", "--processos", "1") as url:
        yield url, cat


def test_whole_fictional_acervo_is_harvested_and_valid(fictional):
    url, cat = fictional
    records = _harvest_all(url)
    assert sorted(r.header.identifier for r in records) == sorted(r.identifier for r in cat.records)
    assert len(records) == 5
    xsd = schema("oai_lexml")
    for rec in records:
        lexml = _lexml_of(rec)
        assert xsd.validate(lexml), (rec.header.identifier, xsd.error_log)
        assert lexml.findtext(f"{{{vocab.NS}}}DocumentoIndividual") == rec.header.identifier
    dc = _harvest_all(url, "oai_dc")
    assert len(dc) == 5 and all(r.metadata["title"] for r in dc)


def test_resumption_tokens_across_pages(fictional):
    url, cat = fictional
    pages = _pages(url)
    assert len(pages) == 3  # 5 records, 2 a page
    tokens = [p.xml.find(f".//{{{NS_OAI}}}resumptionToken") for p in pages]
    assert all(t is not None and t.text for t in tokens[:-1])
    assert tokens[-1] is None or not tokens[-1].text  # the last page ends the list
    ids = [h.findtext(f"{{{NS_OAI}}}identifier") for p in pages for h in p.xml.iter(f"{{{NS_OAI}}}header")]
    assert ids == [r.identifier for r in cat.records]  # in datestamp order, none twice
    with Scythe(url) as client:
        sets = {s.setSpec for s in client.list_sets()}
    assert sets == {"lei", "decreto"}
    only_laws = _harvest_all(url, set_="lei")
    assert len(only_laws) == 4 and all(r.header.setSpecs == ["lei"] for r in only_laws)


def test_from_until_select_by_datestamp(fictional):
    url, cat = fictional
    for lo, hi in (("2021-01-01", "2022-12-31"), ("2020-04-02", "2020-04-02"), ("2023-01-01", None)):
        expected = sorted(r.identifier for r in cat.records
                          if r.datestamp[:10] >= lo and (hi is None or r.datestamp[:10] <= hi))
        with Scythe(url) as client:
            got = sorted(h.identifier for h in client.list_identifiers(metadata_prefix="oai_lexml",
                                                                        from_=lo, until=hi))
        assert got == expected and got, (lo, hi)
    with Scythe(url) as client, pytest.raises(oai_errors.NoRecordsMatch):
        list(client.list_identifiers(metadata_prefix="oai_lexml", from_="2030-01-01"))


def test_protocol_errors(fictional):
    url, _ = fictional
    with Scythe(url) as client:
        _errors(url, client)


def _errors(url, client) -> None:
    with pytest.raises(oai_errors.BadVerb):
        client.harvest({"verb": "Colher"})
    with pytest.raises(oai_errors.BadVerb):
        client.harvest({"verb": "GetMetadata", "identifier": "x", "metadataPrefix": "oai_lexml"})
    with pytest.raises(oai_errors.BadArgument):
        client.harvest({"verb": "ListRecords"})  # metadataPrefix missing
    with pytest.raises(oai_errors.BadArgument):
        client.harvest({"verb": "ListRecords", "metadataPrefix": "oai_lexml", "from": "ontem"})
    with pytest.raises(oai_errors.CannotDisseminateFormat):
        list(client.list_records(metadata_prefix="marc21"))
    with pytest.raises(oai_errors.IdDoesNotExist):
        client.get_record(identifier="urn:lex:br:federal:lei:1900-01-01;0", metadata_prefix="oai_lexml")
    with pytest.raises(oai_errors.BadResumptionToken):
        list(client.list_records(resumption_token="nada"))
    # a repeated argument is badArgument (the request is a dictionary for the library)
    raw = httpx2.get(url + "?verb=Identify&verb=Identify").text
    assert 'code="badArgument"' in raw
    posted = httpx2.post(url, data={"verb": "Identify"}).text  # POST works as GET
    assert "<repositoryName>" in posted
    rec = client.get_record(identifier=client.list_identifiers(metadata_prefix="oai_lexml").__next__().identifier,
                            metadata_prefix="oai_lexml")
    assert _lexml_of(rec) is not None


@pytest.mark.shared
@pytest.mark.slow
def test_feira_sample_harvested_and_relations_emitted(tmp_path):
    """A sample of the Feira acervo (the complementary laws and the ordinary laws of 2001–2003,
    which amend one another): every record harvested and valid; the relations the records carry
    are the ones the acervo found, less those the profile cannot take (each with its reason)."""
    source = tmp_path / "fonte"
    for f in sorted(FEIRA.rglob("*.txt")):
        rel = f.relative_to(FEIRA)
        year = f.stem.rsplit("-", 1)[-1]
        if rel.parts[0] == "leis-complementares" or (rel.parts[0] == "leis-ordinarias" and year in ("2001", "2002", "2003")):
            (source / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(f, source / rel)
    root = tmp_path / "acervo"
    import_folder(source, root, "ba-feira-de-santana")
    set_up_publisher(root / "ba-feira-de-santana", 12345)
    ac = build(root)
    cat = catalog(ac)
    assert not cat.invalid, cat.invalid[:3]
    assert cat.relations_known and cat.relations_emitted + len(cat.omitted_relations) == cat.relations_known
    found = {(r.fonte, vocab.RELATION_KINDS[r.tipo], vocab.record_urn(r.alvo)) for r in ac.relations
             if r.alvo != r.fonte}
    assert len(found) == cat.relations_known
    with served(root, "--lote", "50", "--processos", "1") as url:
        records = _harvest_all(url)
        pages = _pages(url, "ListRecords")
        with Scythe(url) as client:
            window = sorted(h.identifier for h in client.list_identifiers(
                metadata_prefix="oai_lexml", from_="2002-01-01", until="2002-12-31"))
    assert len(records) == len(cat.records) == len(ac.acts)
    assert window and window == sorted(r.identifier for r in cat.records if r.datestamp.startswith("2002-"))
    assert len(pages) == -(-len(records) // 50)
    xsd = schema("oai_lexml")
    emitted = 0
    for rec in records:
        lexml = _lexml_of(rec)
        assert xsd.validate(lexml), (rec.header.identifier, xsd.error_log)
        assert not vocab.errors(vocab.validate_record(etree.tostring(lexml), cat.publishers["ba-feira-de-santana"].profile,
                                                      rec.header.identifier))
        emitted += len(lexml.findall(f"{{{vocab.NS}}}Relacionamento"))
    assert emitted == cat.relations_emitted
