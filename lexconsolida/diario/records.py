"""The published editions as the site and the feeds read them: each edition's PDF and the
description written beside it (``edicao-AAAA-NNNN.json``), in the ``[diario] pasta`` of each
municipality; and the numbers the register voided (``inutilizada``), with the reason. No PDF
library is loaded here: the site only copies the PDF and hashes it.

A PDF whose SHA-256 is not the one its description recorded when it was signed is refused
(InputError naming the file): the site never publishes an edition that changed after signing.
The files left where a voided edition would have been (its PDF, its description — another file
was in the way, which is why the number was voided) are not an edition: they are skipped, never
published, and never stop the site; the number is listed as voided, with its reason.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
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


@dataclass(slots=True, frozen=True)
class VoidedEdition:
    """A number the register voided (``inutilizada``): never an edition, always listed."""

    municipio: str
    numero: int
    ano: int
    tipo: str
    data: str
    """The date the voided edition would have had."""
    motivo: str
    inutilizada_em: str | None
    diario: str

    @property
    def stem(self) -> str:
        """The name its files would have had ('edicao-2026-0007'), as :attr:`Edition.stem`."""
        return f"edicao-{self.ano}-{self.numero:04d}"

    @property
    def titulo(self) -> str:
        y, m, day = self.data.split("-")
        return f"{self.diario} — {KINDS.get(self.tipo, self.tipo)} nº {self.numero}, de {int(day)}/{int(m)}/{y}"

    def sort_key(self) -> tuple:
        return (self.data, self.ano, self.numero)

    @property
    def motivo_publico(self) -> str:
        """The reason as a public page may print it: a path of the server where the register
        lives is cut to the file's name ('arquivo diferente no lugar da edição:
        edicao-2026-0007.pdf')."""
        return re.sub(r"(?<=: )(?:[A-Za-z]:)?[/\\].*$", lambda m: Path(m.group(0)).name, self.motivo)


def load_voided(registro: Path, slug: str, diario: str) -> list[VoidedEdition]:
    """The numbers the register ``registro`` voided, oldest first (none without a register).
    Read only: the site never writes the register, nor waits on a clerk publishing."""
    if not registro.is_file():
        return []
    try:
        conn = sqlite3.connect(f"{registro.resolve().as_uri()}?mode=ro", uri=True, timeout=30)
        try:
            rows = conn.execute("SELECT numero, ano, tipo, data, motivo_inutilizacao, inutilizada_em FROM edicoes "
                                "WHERE situacao = 'inutilizada' ORDER BY data, ano, numero").fetchall()
        finally:
            conn.close()
    except sqlite3.Error as err:
        raise InputError(f"registro das edições ilegível: {err}", path=registro) from None
    return [VoidedEdition(slug, n, a, t, d, m or "", w, diario) for n, a, t, d, m, w in rows]


def load_published(folder: Path, slug: str, pasta: Path,
                   voided: list[VoidedEdition] | None = None) -> list[PublishedEdition]:
    """Every edition in ``pasta`` (the municipality's ``[diario] pasta``), oldest first; the
    files of a ``voided`` number are left out."""
    out: list[PublishedEdition] = []
    if not pasta.is_dir():
        return out
    skip = {v.stem for v in voided or ()}
    for desc_path in sorted(pasta.glob("edicao-*.json")):
        if desc_path.stem in skip:  # what was left where a voided edition would have been
            continue
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
