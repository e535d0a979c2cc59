"""The edition as HTML, and as PDF/A-3b with WeasyPrint (engine chosen by measurement: see
``docs/arquitetura.md``, "Diário oficial").

The page is A4 in two columns, with the masthead (the letterhead of ``[diario] orgao``: arms,
heading lines) on the first page, the table of contents with page numbers, the sections in the
order of ``municipio.toml`` and, in every page's footer, the gazette, the edition, the date, the
page and the verification code. The LexML of each act and ``edicao.json`` (the edition's
description) are attached as PDF/A-3 associated files of the document.

The first page reserves a box for the visible signature (:data:`SIGNATURE_BOX`): its position
is read from the laid-out page, so the signature never covers text.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import warnings
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from markupsafe import Markup, escape

from lexconsolida.diario.edition import KINDS, Edition, EditionAct
from lexconsolida.errors import InputError
from lexconsolida.io import contained
from lexconsolida.templating import make_environment
from lexconsolida.writers.html.tables import annex_html
from lexconsolida.writers.html.blocks import blocos, blocos_html
from lexconsolida.writers.html.view import act_info

TEMPLATES = Path(__file__).resolve().parents[1] / "data" / "templates" / "diario"
PDF_VARIANT = "pdf/a-3b"
SIGNATURE_ID = "assinatura-digital"
PX_TO_PT = 0.75
"""WeasyPrint lays out in CSS pixels (1/96 in); PDF user space is in points (1/72 in)."""
_ID = re.compile(r' id="([^"]*)"')
_ROTULO = re.compile(r'<a class="rotulo" href="#[^"]*">(.*?)</a>')


@dataclass(slots=True, frozen=True)
class Rendered:
    pdf: bytes
    """PDF/A-3b, unsigned."""
    paginas: int
    assinatura: tuple[float, float, float, float]
    """The signature box on the first page, in PDF points (x0, y0, x1, y1)."""
    descricao: dict
    """``edicao.json``, as attached (with each act's first page)."""


def _text(value: str | None) -> Markup:
    return escape(value or "")


def act_html(act: EditionAct, n: int) -> Markup:
    """The articulação of one act: the site's blocks, with ids made unique in the edition
    (``a3-art1``) and the rótulos printed as text (no self-links in print)."""
    if act.norma is None:  # an extract: its paragraphs are printed by the template
        return Markup("")
    html = str(blocos_html(blocos(act.norma, "vigente", _text)))
    html = _ID.sub(lambda m: f' id="a{n}-{m.group(1)}"', html)
    return Markup(_ROTULO.sub(r'<span class="rotulo">\1</span>', html))


def _brasao(edition: Edition) -> str | None:
    """The arms as a data: URI (no file reference left in the PDF)."""
    settings = edition.settings
    name = settings.letterhead.get("brasao")
    if not name:
        return None
    path = contained(settings.folder, name, source=settings.path, key="brasao")
    if not path.is_file():
        raise InputError("imagem do brasão não encontrada", path=path)
    mime = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}.get(path.suffix.lower())
    if mime is None:
        raise InputError("o brasão do diário oficial deve ser PNG ou JPEG", path=path)
    return f"data:{mime};base64,{base64.b64encode(path.read_bytes()).decode()}"


def html(edition: Edition) -> str:
    """The edition as one HTML document (the PDF's source)."""
    env = make_environment([str(TEMPLATES)])
    env.globals["anexo_html"] = annex_html  # annexes with their tables (writers/html/tables.py)
    settings = edition.settings
    letterhead = settings.letterhead
    secoes = []
    for i, s in enumerate(settings.secoes):
        items = [(n, a) for n, a in enumerate(edition.acts, 1) if a.secao == i]
        if items:
            secoes.append({"titulo": s.titulo, "atos": [
                {"n": n, "ato": a, "info": act_info(a.norma) if a.norma is not None else {},
                 "texto": act_html(a, n),
                 "republicacao": edition.republication_note(a.urn)} for n, a in items]})
    return env.get_template("edicao.html").render(
        edicao=edition,
        diario=settings,
        tipo=KINDS[edition.tipo],
        cabecalho=letterhead.get("cabecalho") or [letterhead.get("nome", "")],
        brasao=_brasao(edition),
        contatos=[str(letterhead[k]) for k in ("endereco", "telefone", "email", "sitio") if letterhead.get(k)],
        secoes=secoes,
        codigo=edition.codigo,
        assinatura_id=SIGNATURE_ID,
        css=Markup((TEMPLATES / "edicao.css").read_text(encoding="utf-8")),
    )


def render(edition: Edition) -> Rendered:
    """The edition as PDF/A-3b with its acts' LexML and ``edicao.json`` attached."""
    import weasyprint  # heavy (Pango, fonts): loaded only when an edition is printed

    source = html(edition)
    document = weasyprint.HTML(string=source, base_url=str(TEMPLATES)).render(pdf_tags=True)
    first_page = {}
    box = None
    for number, page in enumerate(document.pages, 1):
        for anchor in page.anchors:
            if anchor.startswith("ato-") and anchor not in first_page:
                first_page[anchor] = number
        if number == 1 and SIGNATURE_ID in page.anchors:
            box = _box(page, SIGNATURE_ID)
    if box is None:
        raise InputError("o modelo do diário não deixou na primeira página o espaço da assinatura "
                         f"(elemento com id {SIGNATURE_ID!r})", path=TEMPLATES / "edicao.html")
    description = edition.content()
    description["codigo"] = edition.codigo
    for n, (item, act) in enumerate(zip(description["atos"], edition.acts), 1):
        item["pagina"] = first_page.get(f"ato-{n}")
    description["paginas"] = len(document.pages)
    # Dated the edition's day (WeasyPrint would date them now): same edition, same bytes.
    when = datetime.fromisoformat(edition.data).replace(tzinfo=timezone.utc)
    attachments = [weasyprint.Attachment(string=act.lexml.decode("utf-8"), name=act.anexo,
                                         description=f"{'LexML' if act.norma is not None else 'Texto'}: {act.titulo}",
                                         relationship="Source", created=when, modified=when)
                   for act in edition.acts]
    attachments.append(weasyprint.Attachment(
        string=json.dumps(description, ensure_ascii=False, indent=2, sort_keys=True) + "\n",
        name="edicao.json", description="Descrição da edição (número, data, código, atos)",
        relationship="Data", created=when, modified=when))
    # A PDF name tree is sorted by key (PDF 32000-1, 7.9.6): WeasyPrint writes the files in the
    # order given.
    attachments.sort(key=lambda a: _attachment_name(a))
    # The file identifier from the content (pydyf's own is not reproducible): same edition,
    # same bytes.
    identifier = hashlib.sha256(json.dumps(description, sort_keys=True).encode()).hexdigest()[:32]
    with warnings.catch_warnings():
        # WeasyPrint opens its sRGB profile for the output intent and never closes it.
        warnings.simplefilter("ignore", ResourceWarning)
        pdf = document.write_pdf(pdf_variant=PDF_VARIANT, attachments=attachments, pdf_tags=True,
                                 uncompressed_pdf=False, pdf_identifier=identifier.encode())
    return Rendered(pdf, len(document.pages), box, description)


def _attachment_name(attachment) -> bytes:
    """The key WeasyPrint gives the file in the EmbeddedFiles name tree (its name, UTF-16BE)."""
    return attachment.name.encode("utf-16-be")


def _box(page, anchor: str) -> tuple[float, float, float, float]:
    """The rectangle (PDF points, origin bottom-left) of the element ``anchor`` on ``page``
    (WeasyPrint gives it in CSS pixels from the top-left corner)."""
    x1, y1, x2, y2 = page.anchors[anchor]
    return (x1 * PX_TO_PT, (page.height - y2) * PX_TO_PT, x2 * PX_TO_PT, (page.height - y1) * PX_TO_PT)
