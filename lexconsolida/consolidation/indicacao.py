"""The Indicação a câmara files to ask for a consolidation, generated from the spec.

Layout of the seed (Barra do Garças, 2023): title, authorship, addressee, the request naming
every act with number and date in chronological order, place and date, signature block.
The result is a Norma with no articulação (the request is a ``Documento``), so every writer
(DOCX with the câmara's letterhead, HTML, text) prints it.
"""

from __future__ import annotations

from lexconsolida.consolidation.final import with_article
from lexconsolida.errors import InputError
from lexconsolida.model import Documento, Norma, Signature
from lexconsolida.model.dates import format_long

DEFAULT_REQUEST = (
    "Indica ao Chefe do Poder Executivo Municipal, com cópia à Procuradoria Geral do Município, "
    "solicitando que seja estudada a possibilidade de consolidação, em norma única, {atos}, "
    "cujas minutas seguem anexas."
)


def contracted(label: str) -> str:
    """'Lei nº 1' → 'da Lei nº 1'; 'Decreto nº 2' → 'do Decreto nº 2'."""
    art = with_article(label)
    return "d" + art


def acts_phrase(acts: list[tuple[str, str | None]]) -> str:
    """The acts (label, ISO date) in chronological order, joined as a request names them."""
    ordered = sorted(acts, key=lambda a: (a[1] or "9999", a[0]))
    names = [contracted(label) for label, _ in ordered]
    if len(names) == 1:
        return names[0]
    return "; ".join(names[:-1]) + "; e " + names[-1]


def indicacao_norma(spec, acts: list[tuple[str, str | None]]) -> Norma:
    """The Indicação as a Norma. ``acts``: (label with date, ISO date) of every source act."""
    ind = spec.indicacao
    if not ind:
        raise InputError("a especificação não tem a tabela [indicacao]", path=spec.path)
    for key in ("autor", "local", "data"):
        if not ind.get(key):
            raise InputError(f"campo obrigatório '{key}' ausente em [indicacao]", path=spec.path)
    autor = ind["autor"]
    partido = ind.get("partido")
    lines = [f"Autoria: {autor}" + (f" – {partido}" if partido else "")]
    lines += list(ind.get("destinatario", ["À Exma.", "Mesa Diretora"]))
    lines.append(ind.get("pedido", DEFAULT_REQUEST).format(atos=acts_phrase(acts)))
    cargos = ind.get("cargos", [])
    return Norma(
        tipo="Indicação",
        data=ind["data"],
        documentos=[Documento("Indicação", "\n".join(lines), metadata=dict(ind))],
        fecho=[f"{ind['local']}, {format_long(ind['data'])}."],
        assinaturas=[Signature(autor.upper(), "\n".join(cargos) or None)],
        localidade=spec.norma.get("localidade"),
    )
