"""lxml at the edge: namespaces, a safe parser, and offline XSD validation.

Every XML the project reads goes through :func:`parse_xml` (no DTD, no entity expansion, no
network); every schema is loaded once from the copies shipped in ``lexconsolida/data/xsd``, with
the schemas' remote imports mapped to local files.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from lxml import etree

from lexconsolida.errors import InputError

NS_LEXML = "http://www.lexml.gov.br/1.0"
NS_XLINK = "http://www.w3.org/1999/xlink"
NS_XML = "http://www.w3.org/XML/1998/namespace"
NS_AKN = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"
NSMAP_LEXML = {None: NS_LEXML, "xlink": NS_XLINK}

XSD_DIR = Path(__file__).parent.parent / "data" / "xsd"
SCHEMAS = {
    "lexml-flexivel": XSD_DIR / "lexml" / "lexml-flexivel.xsd",
    "lexml-rigido": XSD_DIR / "lexml" / "lexml-br-rigido.xsd",
    "akn": XSD_DIR / "akn" / "akomantoso30.xsd",
}
_REMOTE = {
    "http://www.w3.org/2001/xml.xsd": XSD_DIR / "lexml" / "catalog" / "xml.xsd",
    "https://www.w3.org/Math/XMLSchema/mathml2/common/xlink-href.xsd": XSD_DIR / "lexml" / "catalog" / "xlink-href.xsd",
    "http://www.w3.org/Math/XMLSchema/mathml2/common/xlink-href.xsd": XSD_DIR / "lexml" / "catalog" / "xlink-href.xsd",
    "https://www.w3.org/Math/XMLSchema/mathml2/mathml2.xsd": XSD_DIR / "lexml" / "mathml2" / "mathml2.xsd",
    "http://www.w3.org/Math/XMLSchema/mathml2/mathml2.xsd": XSD_DIR / "lexml" / "mathml2" / "mathml2.xsd",
}


def lx(tag: str) -> str:
    """Clark name of a LexML element: lx('Artigo') → '{http://www.lexml.gov.br/1.0}Artigo'."""
    return f"{{{NS_LEXML}}}{tag}"


class _LocalResolver(etree.Resolver):
    def resolve(self, url, pubid, context):
        local = _REMOTE.get(url)
        if local is not None:
            return self.resolve_filename(str(local), context)
        return None


def safe_parser(**kw) -> etree.XMLParser:
    """A parser that never loads a DTD, expands an entity or touches the network."""
    return etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, dtd_validation=False,
        huge_tree=True, remove_blank_text=kw.pop("remove_blank_text", False), **kw,
    )


def parse_xml(data: bytes, *, path: str | None = None) -> etree._Element:
    """Parse untrusted XML safely; a DOCTYPE (and so any entity) is refused outright."""
    head = data[:4096].lstrip()
    if b"<!DOCTYPE" in data[:65536] or b"<!ENTITY" in data[:65536]:
        raise InputError("XML com DOCTYPE/entidades recusado por segurança", path=path)
    if not head.startswith(b"<") and not head.startswith(b"\xef\xbb\xbf<"):
        raise InputError("o arquivo não é XML", path=path)
    try:
        return etree.fromstring(data, safe_parser())
    except etree.XMLSyntaxError as err:
        raise xml_syntax_error(err, path) from None


def xml_syntax_error(err: etree.XMLSyntaxError, path: str | None) -> InputError:
    """A Portuguese InputError for an XML syntax error, keeping its line and column:
    'XML malformado na linha 3, coluna 5 (detalhe do analisador: …)'."""
    line, column = err.position if err.position else (err.lineno, None)
    where = f" na linha {line}" if line else ""
    if line and column:
        where += f", coluna {column}"
    detail = re.sub(r",\s*line \d+, column \d+\s*$", "", err.msg or str(err)).strip()
    return InputError(f"XML malformado{where} (detalhe do analisador: {detail})", path=path)


@cache
def schema(name: str) -> etree.XMLSchema:
    """A compiled XSD by name ('lexml-flexivel', 'lexml-rigido', 'akn'), loaded once, offline."""
    parser = etree.XMLParser(no_network=True, resolve_entities=False)
    parser.resolvers.add(_LocalResolver())
    doc = etree.parse(str(SCHEMAS[name]), parser)
    return etree.XMLSchema(doc)


def validation_errors(root_or_bytes, name: str = "lexml-flexivel") -> list[str]:
    """Messages of every schema violation ('linha N: …'); empty when valid."""
    root = root_or_bytes
    if isinstance(root_or_bytes, (bytes, str)):
        data = root_or_bytes.encode() if isinstance(root_or_bytes, str) else root_or_bytes
        root = etree.fromstring(data, safe_parser())
    s = schema(name)
    if s.validate(root):
        return []
    return [f"linha {e.line}: {e.message}" for e in s.error_log]


def canonical(data: bytes) -> bytes:
    """C14N 2.0 of an XML document, for golden comparisons."""
    return etree.tostring(etree.fromstring(data, safe_parser(remove_blank_text=True)), method="c14n2")
