"""The XSDs shipped in ``lexconsolida/data/xsd`` (LexML flexible and rigid, Akoma Ntoso), each
loaded once, offline: the schemas' remote imports are mapped to local files."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from lxml import etree

from lexconsolida.lexml.xml_safe import safe_parser

XSD_DIR = Path(__file__).parent.parent / "data" / "xsd"
SCHEMAS = {
    "lexml-flexivel": XSD_DIR / "lexml" / "lexml-flexivel.xsd",
    "lexml-rigido": XSD_DIR / "lexml" / "lexml-br-rigido.xsd",
    "akn": XSD_DIR / "akn" / "akomantoso30.xsd",
    "oai_lexml": XSD_DIR / "lexml" / "oai_lexml.xsd",
}
_REMOTE = {
    "http://www.w3.org/2001/xml.xsd": XSD_DIR / "lexml" / "catalog" / "xml.xsd",
    "https://www.w3.org/Math/XMLSchema/mathml2/common/xlink-href.xsd": XSD_DIR / "lexml" / "catalog" / "xlink-href.xsd",
    "http://www.w3.org/Math/XMLSchema/mathml2/common/xlink-href.xsd": XSD_DIR / "lexml" / "catalog" / "xlink-href.xsd",
    "https://www.w3.org/Math/XMLSchema/mathml2/mathml2.xsd": XSD_DIR / "lexml" / "mathml2" / "mathml2.xsd",
    "http://www.w3.org/Math/XMLSchema/mathml2/mathml2.xsd": XSD_DIR / "lexml" / "mathml2" / "mathml2.xsd",
}


class _LocalResolver(etree.Resolver):
    def resolve(self, url, pubid, context):
        local = _REMOTE.get(url)
        if local is not None:
            return self.resolve_filename(str(local), context)
        return None


@cache
def schema(name: str) -> etree.XMLSchema:
    """A compiled XSD by name ('lexml-flexivel', 'lexml-rigido', 'akn', 'oai_lexml'), loaded
    once, offline."""
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
