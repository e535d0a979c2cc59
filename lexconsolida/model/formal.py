"""The formal parts of a draft (LC 95/1998, arts. 3º a 5º), as placeholders to fill in.

A minuta, a projeto or a consolidation being prepared usually arrives as its articulação only.
Printed like that it looks like an act without head or tail; printed with made-up values it
would look like an act. So every output prints the parts a norm has, as blanks:

- epígrafe: 'LEI Nº ____, DE ___ DE __________ DE ____';
- preâmbulo: the authority and the enacting formula of the municipality;
- fecho: 'Câmara Municipal de …, __ de ____ de ____.' (a draft is prepared by the câmara) or
  'Prefeitura Municipal de …' for one prepared by the executive;
- signature: a line to sign and the office that signs.

Parts the draft does print are kept as they are.

>>> from lexconsolida.model.nodes import Dispositivo, Kind, Norma
>>> n = with_formal_parts(Norma(tipo="Minuta de Lei", localidade="Barra do Garças-MT",
...                             articulacao=[Dispositivo(Kind.ARTIGO, "art1", "Art. 1º")]))
>>> n.epigrafe, n.fecho
('LEI Nº ____, DE ___ DE __________ DE ____', ['Câmara Municipal de Barra do Garças-MT, __ de __________ de ____.'])
"""

from __future__ import annotations

from dataclasses import replace

from lexconsolida.model.epigrafe import placeholder
from lexconsolida.model.nodes import Norma, Signature
from lexconsolida.model.status import status_of

SIGNATURE_LINE = "______________________________"


def _municipio(norma: Norma) -> str:
    """'Barra do Garças' from 'Barra do Garças-MT'; '…' when unknown."""
    place = (norma.localidade or "").strip()
    if len(place) > 3 and place[-3] == "-" and place[-2:].isalpha() and place[-2:].isupper():
        place = place[:-3]
    return place or "…"


def with_formal_parts(norma: Norma, body: str = "camara") -> Norma:
    """``norma`` with placeholders for the formal parts a draft lacks (unchanged for a norm,
    or for a document without articulação)."""
    if status_of(norma).normative or not norma.articulacao:
        return norma
    municipio = _municipio(norma)
    where = norma.localidade or municipio
    changes: dict = {}
    if not norma.epigrafe:
        changes["epigrafe"] = placeholder(norma)
    if not norma.preambulo:
        changes["preambulo"] = [
            f"O PREFEITO MUNICIPAL DE {municipio.upper()}, no uso das atribuições que lhe confere a "
            "Lei Orgânica do Município, faz saber que a Câmara Municipal aprovou e ele sanciona a "
            "seguinte Lei:"]
    if not norma.fecho:
        orgao = "Câmara Municipal" if body == "camara" else "Prefeitura Municipal"
        changes["fecho"] = [f"{orgao} de {where}, __ de __________ de ____."]
    if not norma.assinaturas:
        changes["assinaturas"] = [Signature(SIGNATURE_LINE, "Prefeito Municipal")]
    return replace(norma, **changes) if changes else norma
