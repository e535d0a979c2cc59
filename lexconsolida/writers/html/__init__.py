"""HTML writer: one act as a standalone, accessible HTML page (``render --to html``).

The page is the same template the gazette site uses for an act (``templates/site/norma.html``)
with the stylesheet inlined and no site navigation. Options:

- ``view="vigente"`` (default): the text in force, each changed dispositivo with its note;
- ``view="compilado"``: the compiled text — superseded wording struck through, each followed by
  the note of the act that changed it (announced to screen readers as "Redação superada").

In both views a unit a court's decision (or another efficacy event) concerns keeps its text and
gets its note ("Suspenso por decisão liminar na ADI nº …") and a class with its state; the page
lists the act's decisions (:func:`~lexconsolida.writers.html.view.decisoes_eficacia`).

Every dispositivo and agrupador carries its LexML id (``id="art5_par1"``) and its rótulo links
to itself (a permalink); citations of other dispositivos of the act are links; citations of
other acts are marked as outside the document. Deterministic: same tree, same bytes.
"""

from __future__ import annotations

from markupsafe import Markup

from lexconsolida.errors import UsageError
from lexconsolida.model import Norma
from lexconsolida.model.formal import with_formal_parts
from lexconsolida.writers.html import templates
from lexconsolida.writers.html.blocks import page_blocos
from lexconsolida.writers.html.links import Linker
from lexconsolida.writers.html.view import (VIEW_NOTICES, act_info, check_view, decisoes_eficacia, titulo_ato,
                                           view_title)


def _inline_css() -> Markup:
    """The site stylesheet for a <style> element: raw text there, so not entity-escaped."""
    css = templates.static_file("site.css").decode("utf-8")
    if "</" in css:
        raise UsageError("a folha de estilo do site não pode conter '</' (fecharia o <style>)")
    return Markup(css)


def write(norma: Norma, *, view: str = "vigente", **options) -> bytes:
    """The act as a standalone HTML page (UTF-8 bytes)."""
    check_view(view)
    unknown = set(options) - {"title"}
    if unknown:
        raise UsageError(f"opção desconhecida do escritor HTML: {', '.join(sorted(unknown))}")
    norma = with_formal_parts(norma)  # a draft prints blanks for its epígrafe, fecho, signature
    titulo = options.get("title") or titulo_ato(norma)
    local_ids = frozenset(n.id for n in norma.walk())
    rich = Linker(None, None, "", local_ids).html
    html = templates.render(
        "norma.html",
        norma=norma,
        view=view,
        site=None,
        root="",
        css_inline=_inline_css(),
        page_title=f"{titulo} — {view_title(norma, view)}",
        current=None,
        nivel_base=3,
        titulo=titulo,
        titulo_texto=view_title(norma, view),
        aviso_visao=VIEW_NOTICES.get(view),
        ato=act_info(norma, texto_disponivel=bool(norma.articulacao) or not norma.documentos,
                     view=view),
        abas=[],
        relacoes=[],
        eficacia=decisoes_eficacia(norma),
        rich=rich,
        blocos=page_blocos(rich),
    )
    return html.encode("utf-8")
