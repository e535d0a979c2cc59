"""The published editions as the site and the feeds read them: each edition's PDF and the
description written beside it (``edicao-AAAA-NNNN.json``), in the ``[diario] pasta`` of each
municipality. No PDF library is loaded here: the site only copies the PDF and hashes it.

A PDF whose SHA-256 is not the one its description recorded when it was signed is refused
(InputError naming the file): the site never publishes an edition that changed after signing.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from lexconsolida.diario.edition import FORMAT, KINDS
from lexconsolida.errors import InputError
from lexconsolida.io import read_bytes


@dataclass(slots=True, frozen=True)
class PublishedEdition:
    municipio: str
    """Folder of the municipality ('xx-municipio-de-exemplo')."""
    descricao: dict
    pdf: Path
    sha256: str
    size: int

    @property
    def stem(self) -> str:
        return self.pdf.stem

    @property
    def site_dir(self) -> str:
        return f"diario/{self.municipio}"

    @property
    def href(self) -> str:
        """The edition's page, from the site root."""
        return f"{self.site_dir}/{self.stem}.html"

    @property
    def pdf_href(self) -> str:
        return f"{self.site_dir}/{self.stem}.pdf"

    @property
    def tipo(self) -> str:
        return KINDS.get(self.descricao.get("tipo", ""), self.descricao.get("tipo", ""))

    @property
    def titulo(self) -> str:
        d = self.descricao
        y, m, day = d["data"].split("-")
        return f"{d['diario']} — {self.tipo} {d['rotulo']}, de {int(day)}/{int(m)}/{y}"

    def sort_key(self) -> tuple:
        return (self.descricao["data"], self.descricao.get("ano", 0), self.descricao.get("numero") or 0)


def load_published(folder: Path, slug: str, pasta: Path) -> list[PublishedEdition]:
    """Every edition in ``pasta`` (the municipality's ``[diario] pasta``), oldest first."""
    out: list[PublishedEdition] = []
    if not pasta.is_dir():
        return out
    for desc_path in sorted(pasta.glob("edicao-*.json")):
        pdf = desc_path.with_suffix(".pdf")
        if not pdf.is_file():
            raise InputError("descrição de edição sem o PDF ao lado", path=desc_path)
        try:
            desc = json.loads(read_bytes(desc_path))
        except ValueError as err:
            raise InputError(f"descrição de edição ilegível: {err}", path=desc_path) from None
        if desc.get("formato") != FORMAT or desc.get("municipio") != slug:
            raise InputError(f"não é a descrição de uma edição de {slug} ({FORMAT})", path=desc_path)
        data = read_bytes(pdf)
        digest = hashlib.sha256(data).hexdigest()
        if digest != (desc.get("pdf") or {}).get("sha256"):
            raise InputError("o PDF desta edição não é o que foi assinado e registrado (SHA-256 diferente "
                             "do da descrição): não será publicado; confira com 'lexconsolida verificar'",
                             path=pdf)
        out.append(PublishedEdition(slug, desc, pdf, digest, len(data)))
    out.sort(key=PublishedEdition.sort_key)
    return out
