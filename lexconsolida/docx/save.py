"""Deterministic DOCX bytes: the same document gives the same bytes (fixed zip timestamps and
permissions, no creation or modification dates in the core properties)."""

from __future__ import annotations

import io
import zipfile

from docx.opc.pkgwriter import PackageWriter

FIXED_ZIP_TIME = (1980, 1, 1, 0, 0, 0)
CORE_DROP = ("dcterms:created", "dcterms:modified", "cp:lastModifiedBy", "cp:lastPrinted")
"""Core properties a deterministic document does not carry."""


def deterministic_zip(data: bytes) -> bytes:
    """Rewrite a DOCX zip: entries sorted ([Content_Types].xml first), fixed timestamps."""
    src = zipfile.ZipFile(io.BytesIO(data))
    names = sorted(src.namelist(), key=lambda n: (n != "[Content_Types].xml", n))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for name in names:
            info = zipfile.ZipInfo(name, date_time=FIXED_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            dst.writestr(info, src.read(name), compresslevel=9)
    return out.getvalue()


class _FixedTimeZip:
    """A zip writer with python-docx's physical-writer interface and fixed entry timestamps."""

    def __init__(self, out: io.BytesIO) -> None:
        self._zip = zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED)

    def write(self, pack_uri, blob: bytes) -> None:
        info = zipfile.ZipInfo(pack_uri.membername, FIXED_ZIP_TIME)
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        self._zip.writestr(info, blob)

    def close(self) -> None:
        self._zip.close()


def save_deterministic(document) -> bytes:
    """Serialise ``document`` as python-docx does, but with fixed zip timestamps (same bytes
    for the same content), in one pass."""
    package = document.part.package
    for part in package.parts:
        part.before_marshal()
    out = io.BytesIO()
    writer = _FixedTimeZip(out)
    PackageWriter._write_content_types_stream(writer, package.parts)
    PackageWriter._write_pkg_rels(writer, package.rels)
    PackageWriter._write_parts(writer, package.parts)  # type: ignore[arg-type]  # duck-typed PhysPkgWriter
    writer.close()
    return out.getvalue()
