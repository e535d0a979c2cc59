"""The records as files, for a municipality without a server: the LexML team (or any static
host with an OAI gateway) takes the folder as it is.

``PASTA/oai_lexml/<município>/<ato>.xml`` — each record as the provider serves it;
``PASTA/oai_dc/<município>/<ato>.xml`` — its Dublin Core view;
``PASTA/indice.json`` — every record (identifier, datestamp, set, file, deleted), deleted
records included, sorted by datestamp; ``PASTA/LEIA-ME.txt`` — what the folder is.

Written atomically (a temporary folder beside ``PASTA``, then renamed): a failure leaves the
previous export as it was. The same catalog gives the same bytes.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

from lexconsolida.io import write_failure
from lexconsolida.oai.provider import dc_element
from lexconsolida.oai.records import Catalog

README = """Registros do acervo para o LexML Brasil (formato oai_lexml), gerados por
'lexconsolida provedor exportar'. Cada arquivo de oai_lexml/ é um registro como o provedor
OAI-PMH o serve (o mesmo que o coletor do LexML valida); oai_dc/ traz a visão Dublin Core;
indice.json lista todos os registros, com a data (datestamp), o conjunto (tipo de ato), o
arquivo e se o registro foi excluído. Veja docs/lexml-oai.md.
"""


@dataclass(slots=True)
class ExportReport:
    out: Path
    records: int
    deleted: int


def dc_bytes(fields: dict[str, list[str]]) -> bytes:
    dc = dc_element(fields)
    etree.indent(dc, space="  ")
    return etree.tostring(dc, encoding="UTF-8", xml_declaration=True) + b"\n"


def export(cat: Catalog, out: str | Path) -> ExportReport:
    out = Path(out)
    staging = out.parent / f".{out.name}.novo"
    try:
        if staging.exists():
            shutil.rmtree(staging)  # left by a run that was killed
        index = []
        for r in cat.records:
            entry = {"identificador": r.identifier, "datestamp": r.datestamp, "conjunto": r.setspec,
                     "excluido": r.deleted}
            if not r.deleted:
                rel = f"{r.pasta}.xml"
                for folder, data in (("oai_lexml", r.data), ("oai_dc", dc_bytes(r.dc))):
                    path = staging / folder / rel
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(data)
                entry["arquivo"] = f"oai_lexml/{rel}"
            index.append(entry)
        staging.mkdir(parents=True, exist_ok=True)
        (staging / "indice.json").write_text(json.dumps(index, ensure_ascii=False, indent=1) + "\n", "utf-8")
        (staging / "LEIA-ME.txt").write_text(README, "utf-8")
        if out.exists():
            old = out.parent / f".{out.name}.antigo"
            shutil.rmtree(old, ignore_errors=True)
            out.rename(old)
            staging.rename(out)
            shutil.rmtree(old, ignore_errors=True)
        else:
            staging.rename(out)
    except OSError as err:
        shutil.rmtree(staging, ignore_errors=True)
        raise write_failure(err, out) from None
    return ExportReport(out, sum(1 for r in cat.records if not r.deleted), sum(1 for r in cat.records if r.deleted))
