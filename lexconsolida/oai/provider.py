"""The OAI-PMH 2.0 server of an acervo, on the ``oaipmh`` library (the maintained fork of
``pyoai``, the library SAPL's LexML provider uses).

The library does the protocol: verbs and their arguments (``badVerb``, ``badArgument``), dates
and granularity, resumption tokens (:class:`oaipmh.server.BatchingServer`: the token carries the
request and a cursor, so the server keeps no state between pages), the error responses and the
envelope. This module only answers its questions from a :class:`~lexconsolida.oai.records.Catalog`:
:class:`Repository` implements the library's ``IBatchingOAI`` interface, and the metadata
writers put the ``oai_lexml`` record or the ``oai_dc`` fields into a response.

Sets are the kinds of act (setSpec = the URN's tipo: ``lei``, ``lei.complementar``, ``decreto``…).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from urllib.parse import parse_qsl

from lxml import etree
from oaipmh import common, error
from oaipmh.metadata import MetadataRegistry
from oaipmh.server import NS_DC, NS_OAIDC, NS_XSI, BatchingServer

from lexconsolida.errors import UsageError
from lexconsolida.lexml import oai as vocab
from lexconsolida.lexml.xml_safe import safe_parser
from lexconsolida.oai.records import Catalog, Record

FORMATS = (
    ("oai_lexml", vocab.SCHEMA_URL, vocab.NS),
    ("oai_dc", "http://www.openarchives.org/OAI/2.0/oai_dc.xsd", NS_OAIDC),
)
DC_FIELDS = ("title", "creator", "subject", "description", "publisher", "contributor", "date",
             "type", "format", "identifier", "source", "language", "relation", "coverage", "rights")
VERBS = ("GetRecord", "Identify", "ListIdentifiers", "ListMetadataFormats", "ListRecords", "ListSets")
"""The six verbs of OAI-PMH 2.0 (the library also knows an unofficial 'GetMetadata')."""
BATCH = 100


def _when(stamp: str) -> datetime:
    return datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ")


@dataclass(slots=True)
class Settings:
    name: str
    base_url: str
    emails: list[str]


def settings_for(cat: Catalog, base_url: str) -> Settings:
    pubs = list(cat.publishers.values())
    if len(pubs) == 1:
        name = f"Acervo de normas do Município de {pubs[0].nome}"
    else:
        name = "Acervo de normas de " + ", ".join(p.nome for p in pubs) if pubs else "Acervo de normas"
    emails = [p.email for p in pubs if p.email]
    if not emails:
        raise UsageError("nenhum município do acervo tem um e-mail de contato no municipio.toml ([lexml] email, "
                         "ou o email de [orgaos.camara] ou [orgaos.prefeitura]): o contato do provedor é "
                         "obrigatório no Identify do OAI-PMH; informe-o com 'lexconsolida importar … --contato "
                         "EMAIL' ou no municipio.toml (veja docs/lexml-oai.md)")
    return Settings(name, base_url, list(dict.fromkeys(emails)))


class Repository:
    """The acervo's records behind the library's ``IBatchingOAI`` interface."""

    def __init__(self, cat: Catalog, settings: Settings) -> None:
        self.cat = cat
        self.settings = settings
        self.records = list(cat.records)  # sorted by (datestamp, identifier)
        self.by_id = {r.identifier: r for r in self.records}
        sets: dict[str, str] = {}
        for r in self.records:  # named by a live record of the kind; a kind with only deleted ones by its spec
            if r.setspec and not r.deleted:
                sets.setdefault(r.setspec, r.set_name)
        for r in self.records:
            if r.setspec and r.deleted:
                sets.setdefault(r.setspec, r.setspec)
        self.sets = sorted(sets.items())

    # --- the interface ------------------------------------------------------------------
    def identify(self) -> common.Identify:
        earliest = _when(self.records[0].datestamp) if self.records else datetime(1900, 1, 1)
        ledgers = self.cat.ledgers
        # deletions are known (and kept) only where a ledger is: all, some or none of the municipalities
        deleted = ("persistent" if ledgers and len(ledgers) == len(self.cat.publishers)
                   else "transient" if ledgers else "no")
        out = common.Identify(
            repositoryName=self.settings.name, baseURL=self.settings.base_url, protocolVersion="2.0",
            adminEmails=self.settings.emails, earliestDatestamp=earliest, deletedRecord=deleted,
            granularity="YYYY-MM-DDThh:mm:ssZ", compression=["identity"], toolkit_description=True)
        return out

    def listMetadataFormats(self, identifier: str | None = None) -> list[tuple[str, str, str]]:
        if identifier is not None and identifier not in self.by_id:
            raise error.IdDoesNotExistError(f"identificador desconhecido: {identifier}")
        return list(FORMATS)

    def listSets(self, cursor: int = 0, batch_size: int = BATCH, **kw) -> list[tuple[str, str, None]]:
        if kw:
            raise error.BadResumptionTokenError("resumptionToken inválido")
        if not self.sets:
            raise error.NoSetHierarchyError("o repositório não tem conjuntos")
        return [(spec, name, None) for spec, name in self.sets][int(cursor):int(cursor) + int(batch_size)]

    def getRecord(self, metadataPrefix: str, identifier: str):
        self._check_prefix(metadataPrefix)
        record = self.by_id.get(identifier)
        if record is None:
            raise error.IdDoesNotExistError(f"identificador desconhecido: {identifier}")
        return self._header(record), common.Metadata(None, {"record": record}), None

    def listIdentifiers(self, metadataPrefix: str, set: str | None = None, from_=None, until=None,
                        cursor: int = 0, batch_size: int = BATCH, **kw):
        return [self._header(r) for r in self._select(metadataPrefix, set, from_, until, cursor, batch_size, kw)]

    def listRecords(self, metadataPrefix: str, set: str | None = None, from_=None, until=None,
                    cursor: int = 0, batch_size: int = BATCH, **kw):
        return [(self._header(r), common.Metadata(None, {"record": r}), None)
                for r in self._select(metadataPrefix, set, from_, until, cursor, batch_size, kw)]

    # --- helpers ------------------------------------------------------------------------
    def _check_prefix(self, prefix: str) -> None:
        if prefix not in (f[0] for f in FORMATS):
            raise error.CannotDisseminateFormatError(
                f"formato de metadados não disponível: {prefix} (este repositório oferece oai_lexml e oai_dc)")

    def _select(self, prefix, setspec, from_, until, cursor, batch_size, extra) -> list[Record]:
        if extra:  # a token that carries what no request does
            raise error.BadResumptionTokenError("resumptionToken inválido")
        self._check_prefix(prefix)
        if setspec is not None and setspec not in dict(self.sets):
            raise error.NoRecordsMatchError(f"conjunto desconhecido: {setspec}")
        try:
            start, size = int(cursor), int(batch_size)
        except ValueError:
            raise error.BadResumptionTokenError("resumptionToken inválido") from None
        lo = from_.strftime("%Y-%m-%dT%H:%M:%SZ") if from_ else None
        hi = until.strftime("%Y-%m-%dT%H:%M:%SZ") if until else None
        chosen = [r for r in self.records
                  if (setspec is None or r.setspec == setspec)
                  and (lo is None or r.datestamp >= lo) and (hi is None or r.datestamp <= hi)]
        if start and start >= len(chosen):
            raise error.BadResumptionTokenError("resumptionToken além do fim da lista (o acervo mudou?)")
        return chosen[start:start + size]

    @staticmethod
    def _header(r: Record) -> common.Header:
        return common.Header(None, r.identifier, _when(r.datestamp), [r.setspec] if r.setspec else [], r.deleted)


def _write_lexml(element, metadata) -> None:
    record: Record = metadata["record"]
    element.append(etree.fromstring(record.data, safe_parser(remove_blank_text=True)))


def dc_element(fields: dict[str, list[str]]) -> etree._Element:
    """The ``oai_dc:dc`` element of a record's Dublin Core fields."""
    dc = etree.Element(f"{{{NS_OAIDC}}}dc", nsmap={"oai_dc": NS_OAIDC, "dc": NS_DC, "xsi": NS_XSI})
    dc.set(f"{{{NS_XSI}}}schemaLocation", f"{NS_OAIDC} http://www.openarchives.org/OAI/2.0/oai_dc.xsd")
    for name in DC_FIELDS:
        for value in fields.get(name, []):
            etree.SubElement(dc, f"{{{NS_DC}}}{name}").text = value
    return dc


def _write_dc(element, metadata) -> None:
    record: Record = metadata["record"]
    element.append(dc_element(record.dc))


MAX_TOKEN = 512
"""Characters of a resumptionToken: the library's tokens carry the request and a cursor (about
a hundred); a longer one is not ours, and is refused without being echoed."""
MAX_ARGUMENT = 1024
"""Characters of any other argument (an identifier, a set, a date)."""
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""Characters XML 1.0 cannot carry: in an argument, they would break the response's echo of
the request (lxml refuses them: an HTTP 500)."""


def _refused(pairs: list[tuple[str, str]]) -> error.ErrorBase | None:
    """The OAI-PMH error for arguments that cannot be answered (the message never quotes the
    bad value: it could be huge, or carry what XML cannot)."""
    for name, value in pairs:
        if _NOT_XML.search(name) or _NOT_XML.search(value):
            return error.BadArgumentError("argumento com caractere de controle (não permitido em OAI-PMH)")
        if len(name) > 64:
            return error.BadArgumentError("nome de argumento longo demais")
        if name == "resumptionToken" and len(value) > MAX_TOKEN:
            return error.BadResumptionTokenError(f"resumptionToken inválido (mais de {MAX_TOKEN} caracteres)")
        if len(value) > MAX_ARGUMENT:
            return error.BadArgumentError(f"valor do argumento {name} longo demais (mais de {MAX_ARGUMENT} "
                                          "caracteres)")
    return None


class Provider:
    """The whole OAI-PMH endpoint: a request's arguments in, the response's bytes out."""

    def __init__(self, cat: Catalog, base_url: str, batch_size: int = BATCH) -> None:
        registry = MetadataRegistry()
        registry.registerWriter("oai_lexml", _write_lexml)
        registry.registerWriter("oai_dc", _write_dc)
        self.repository = Repository(cat, settings_for(cat, base_url))
        self.server = BatchingServer(self.repository, metadata_registry=registry,
                                     nsmap={"xsi": NS_XSI}, resumption_batch_size=batch_size)

    def handle(self, pairs: list[tuple[str, str]]) -> bytes:
        """The response to a request given as its (name, value) pairs, in order."""
        refused = _refused(pairs)
        if refused is not None:
            return self._error(refused)
        names = [k for k, _ in pairs]
        repeated = sorted({k for k in names if names.count(k) > 1})
        if repeated:
            return self._error(error.BadArgumentError(f"argumento repetido: {', '.join(repeated)}"))
        kw = dict(pairs)
        if "verb" in kw and kw["verb"] not in VERBS:
            return self._error(error.BadVerbError(f"verbo ilegal: {kw['verb']}"))
        return self.server.handleRequest(kw)

    def handle_query(self, query: str) -> bytes:
        return self.handle(parse_qsl(query, keep_blank_values=True))

    def _error(self, err: error.ErrorBase) -> bytes:
        return self.server.handleException({}, (type(err), err, None))
