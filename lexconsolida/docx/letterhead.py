"""The issuing body's letterhead (header) and the page-number footer of a DOCX.

The municipality's settings (``statutes/<uf>-<mun>/municipio.toml``, given as a dict) hold one
table per body::

    [orgaos.camara]
    nome = "Câmara Municipal de Pedra Preta"
    cabecalho = ["ESTADO DE MATO GROSSO", "CÂMARA MUNICIPAL DE PEDRA PRETA"]
    brasao = "brasao.png"          # optional, relative to the municipality's folder
    endereco = "…"                  # optional: address, phone, e-mail, site go in the footer
    telefone = "…"
    email = "…"
    sitio = "…"

The header prints the coat of arms (when given) and the ``cabecalho`` lines in the style
"Cabeçalho órgão" (the last one in "Cabeçalho órgão final": space and a rule below); the footer prints the contacts ("Rodapé órgão") and "Página N de M" with
PAGE/NUMPAGES fields ("Número de página").
"""

from __future__ import annotations

from pathlib import Path

from docx.shared import Cm

from lexconsolida.docx.fields import page_field
from lexconsolida.errors import InputError
from lexconsolida.io import contained
from lexconsolida.lexml.xml_safe import xml_text
from lexconsolida.model import Norma

BRASAO_HEIGHT = Cm(2.0)
CAMARA_TIPOS = ("resolu", "decreto legislativo", "indica", "requerimento", "moç", "projeto", "minuta", "emenda")
"""Type prefixes of acts the câmara issues (the rest, leis and decretos, the prefeitura)."""
CONTACT_KEYS = ("endereco", "telefone", "email", "sitio")


def choose_orgao(norma: Norma, municipio: dict, orgao: str | None) -> dict | None:
    """The settings table of the body that issues ``norma`` (or of ``orgao`` when given)."""
    orgaos = municipio.get("orgaos") or {}
    if orgao is not None:
        if orgao not in orgaos:
            known = ", ".join(sorted(orgaos)) or "nenhum"
            raise InputError(f"órgão {orgao!r} não configurado no município (há: {known})")
        return orgaos[orgao]
    tipo = (norma.tipo or "").lower()
    preferred = "camara" if tipo.startswith(CAMARA_TIPOS) else "prefeitura"
    for key in (preferred, "prefeitura", "camara"):
        if key in orgaos:
            return orgaos[key]
    return None


def letterhead(doc, norma: Norma, municipio: dict | None, orgao: str | None,
               municipio_dir: str | Path | None) -> None:
    """Fill the first section's header and footer."""
    section = doc.sections[0]
    header, footer = section.header, section.footer
    header.is_linked_to_previous = False
    footer.is_linked_to_previous = False
    settings = choose_orgao(norma, municipio, orgao) if municipio else None
    _header(header, settings, municipio_dir)
    _footer(footer, settings)


def _header(header, settings: dict | None, municipio_dir) -> None:
    first = header.paragraphs[0]
    first.style = "Cabeçalho órgão"
    if settings is None:
        return
    used_first = False
    brasao = settings.get("brasao")
    if brasao:
        path = _brasao_path(brasao, municipio_dir)
        first.add_run().add_picture(str(path), height=BRASAO_HEIGHT)
        used_first = True
    lines = settings.get("cabecalho") or ([settings["nome"]] if settings.get("nome") else [])
    last = first
    for line in lines:
        last = first if not used_first else header.add_paragraph(style="Cabeçalho órgão")
        last.add_run(xml_text(str(line)))
        used_first = True
    last.style = "Cabeçalho órgão final"


def _brasao_path(brasao: str, municipio_dir) -> Path:
    """The arms' image. From a municipality's folder (``municipio.toml``) the path is data: it
    must stay inside that folder (no absolute path, no '..'); settings given in code without a
    folder keep a path as written."""
    if municipio_dir is not None:
        folder = Path(municipio_dir)
        path = contained(folder, brasao, source=folder / "municipio.toml", key="brasao")
    else:
        path = Path(brasao)
    if not path.is_file():
        raise InputError("imagem do brasão não encontrada", path=path)
    if path.suffix.lower() not in (".png", ".jpg", ".jpeg", ".gif", ".bmp"):
        raise InputError("o brasão deve ser PNG, JPEG, GIF ou BMP", path=path)
    return path


def _footer(footer, settings: dict | None) -> None:
    first = footer.paragraphs[0]
    contacts = [str(settings[k]) for k in CONTACT_KEYS if settings and settings.get(k)]
    if contacts:
        first.style = "Rodapé órgão"
        first.add_run(xml_text(" · ".join(contacts)))
        pages = footer.add_paragraph(style="Número de página")
    else:
        first.style = "Número de página"
        pages = first
    pages.add_run("Página ")
    page_field(pages, "PAGE")
    pages.add_run(" de ")
    page_field(pages, "NUMPAGES")
