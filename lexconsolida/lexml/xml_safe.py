"""lxml at the edge: namespaces, a safe parser, and text XML can carry.

Every XML the project reads goes through :func:`parse_xml` (no DTD, no entity expansion, no
network); every text written into XML (LexML, DOCX parts) goes through :func:`xml_text`. The
schemas are in :mod:`lexconsolida.lexml.schemas`.
"""

from __future__ import annotations

import re

from lxml import etree

from lexconsolida import patterns
from lexconsolida.errors import InputError

NS_LEXML = "http://www.lexml.gov.br/1.0"
NS_XLINK = "http://www.w3.org/1999/xlink"
NS_XML = "http://www.w3.org/XML/1998/namespace"
NS_AKN = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"
NSMAP_LEXML = {None: NS_LEXML, "xlink": NS_XLINK}

_NOT_XML = patterns.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
"""Characters XML 1.0 cannot represent: C0 controls but tab/LF/CR, U+FFFE/U+FFFF, surrogates."""


def xml_text(text: str) -> str:
    """``text`` without the characters XML 1.0 cannot represent (C0 controls but tab/LF/CR)."""
    return _NOT_XML.sub("", text)


def lx(tag: str) -> str:
    """Clark name of a LexML element: lx('Artigo') → '{http://www.lexml.gov.br/1.0}Artigo'."""
    return f"{{{NS_LEXML}}}{tag}"


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


def canonical(data: bytes) -> bytes:
    """C14N 2.0 of an XML document, for golden comparisons."""
    return etree.tostring(etree.fromstring(data, safe_parser(remove_blank_text=True)), method="c14n2")
