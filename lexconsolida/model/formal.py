"""The formal parts of a draft (LC 95/1998, arts. 3º a 5º), as placeholders to fill in.

A minuta, a projeto or a consolidation being prepared usually arrives as its articulação only.
Printed like that it looks like an act without head or tail; printed with made-up values it
would look like an act. So every output prints the parts a norm has, as blanks, as the body
that will issue the act prints them (:func:`issuing_body`, from the type the draft proposes):

- epígrafe: 'LEI Nº ____, DE ___ DE __________ DE ____';
- preâmbulo: the authority and the enacting formula (the Prefeito sanctions a lei; the
  Presidente da Câmara promulgates a resolução, a decreto legislativo, an emenda à Lei Orgânica);
- fecho: 'Prefeitura Municipal de …, __ de ____ de ____.' for an act the executive issues,
  'Câmara Municipal de …, …' for one the câmara issues;
- signature: a line to sign and the office that signs — the Prefeito Municipal, or the
  Presidente da Câmara Municipal: always the same body as the fecho;
- headings: the articles a draft puts before its first heading when that heading is not the
  first ('CAPÍTULO II' with no 'CAPÍTULO I') go under the missing one, printed with a blank
  name, so the draft's headings are complete.

Parts the draft does print are kept as they are.

>>> from lexconsolida.model.nodes import Dispositivo, Kind, Norma
>>> n = with_formal_parts(Norma(tipo="Minuta de Lei", localidade="Barra do Garças-MT",
...                             articulacao=[Dispositivo(Kind.ARTIGO, "art1", "Art. 1º")]))
>>> n.epigrafe, n.fecho, n.assinaturas[0].cargo
('LEI Nº ____, DE ___ DE __________ DE ____', ['Prefeitura Municipal de Barra do Garças-MT, __ de __________ de ____.'], 'Prefeito Municipal')
>>> n = with_formal_parts(Norma(tipo="Projeto de Resolução", localidade="Barra do Garças-MT",
...                             articulacao=[Dispositivo(Kind.ARTIGO, "art1", "Art. 1º")]))
>>> n.fecho, n.assinaturas[0].cargo
(['Câmara Municipal de Barra do Garças-MT, __ de __________ de ____.'], 'Presidente da Câmara Municipal')
"""

from __future__ import annotations

from dataclasses import replace

from lexconsolida.model.epigrafe import placeholder
from lexconsolida.model.nodes import Agrupador, AgrupadorKind, Dispositivo, Kind, Norma, Signature
from lexconsolida.model.numbering import Number, int_to_roman
from lexconsolida.model.status import status_of

SIGNATURE_LINE = "______________________________"
NAME_BLANK = "______________________________"
"""The name of a heading the draft lacks, to fill in."""

CAMARA_TYPES = ("resolução", "resolucao", "decreto legislativo", "emenda à lei orgânica",
                "emenda a lei organica", "emenda à lei organica", "regimento")
"""Acts the câmara itself issues (promulgated by its Presidente), not sanctioned by the Prefeito."""

_PROPOSING = ("minuta de ", "projeto de ", "anteprojeto de ", "proposta de ", "substitutivo ao projeto de ",
              "substitutivo de ")


def proposed_type(tipo: str | None) -> str:
    """The type of act a draft proposes: 'Lei' for 'Minuta de Lei', 'Resolução' for 'Projeto
    de Resolução'; the type itself for a norm."""
    t = (tipo or "Lei").strip()
    low = t.lower()
    for prefix in _PROPOSING:
        if low.startswith(prefix):
            return t[len(prefix):]
    return t


def issuing_body(norma: Norma) -> str:
    """'camara' or 'prefeitura': who issues the act the draft proposes (and signs it)."""
    return "camara" if proposed_type(norma.tipo).lower().startswith(CAMARA_TYPES) else "prefeitura"


def _municipio(norma: Norma) -> str:
    """'Barra do Garças' from 'Barra do Garças-MT'; '…' when unknown."""
    place = (norma.localidade or "").strip()
    if len(place) > 3 and place[-3] == "-" and place[-2:].isalpha() and place[-2:].isupper():
        place = place[:-3]
    return place or "…"


def complete_headings(nodes: list) -> list:
    """``nodes`` with the articles that come before the first heading of a kind whose number
    is not 1 ('CAPÍTULO II' first) put under that kind's first heading, with a blank name."""
    first = next((i for i, n in enumerate(nodes) if isinstance(n, Agrupador)), None)
    if first is None or first == 0:
        return nodes
    head = nodes[first]
    leading = nodes[:first]
    if (head.number is None or head.number.value <= 1 or head.number.suffixes
            or not all(isinstance(n, Dispositivo) and n.kind is Kind.ARTIGO for n in leading)):
        return nodes
    kind = head.kind
    missing = Agrupador(kind, f"{kind.prefix}1", f"{AgrupadorKind(kind).word} {int_to_roman(1)}",
                        None, Number(1), NAME_BLANK, list(leading))
    return [missing, *nodes[first:]]


def with_formal_parts(norma: Norma, body: str | None = None) -> Norma:
    """``norma`` with placeholders for the formal parts a draft lacks (unchanged for a norm,
    or for a document without articulação). ``body`` ('camara' or 'prefeitura'): who issues
    the act, by default the one :func:`issuing_body` says."""
    if status_of(norma).normative or not norma.articulacao:
        return norma
    body = body or issuing_body(norma)
    municipio = _municipio(norma)
    where = norma.localidade or municipio
    kind = proposed_type(norma.tipo)
    changes: dict = {}
    if not norma.epigrafe:
        changes["epigrafe"] = placeholder(norma)
    if not norma.preambulo:
        if body == "camara":
            changes["preambulo"] = [
                f"O PRESIDENTE DA CÂMARA MUNICIPAL DE {municipio.upper()}, no uso das atribuições "
                "que lhe confere a Lei Orgânica do Município, faz saber que a Câmara Municipal "
                f"aprovou e ele promulga a seguinte {kind}:"]
        else:
            changes["preambulo"] = [
                f"O PREFEITO MUNICIPAL DE {municipio.upper()}, no uso das atribuições que lhe "
                "confere a Lei Orgânica do Município, faz saber que a Câmara Municipal aprovou e "
                f"ele sanciona a seguinte {kind}:"]
    if not norma.fecho:
        orgao = "Câmara Municipal" if body == "camara" else "Prefeitura Municipal"
        changes["fecho"] = [f"{orgao} de {where}, __ de __________ de ____."]
    if not norma.assinaturas:
        cargo = "Presidente da Câmara Municipal" if body == "camara" else "Prefeito Municipal"
        changes["assinaturas"] = [Signature(SIGNATURE_LINE, cargo)]
    headings = complete_headings(norma.articulacao)
    if headings is not norma.articulacao:
        changes["articulacao"] = headings
    return replace(norma, **changes) if changes else norma
