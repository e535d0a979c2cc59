"""Property: any well-formed act printed in the official layout reads back to the same tree.

Random Normas (``tests/strategies.py``) are printed as plain text — epígrafe, ementa, agrupador
labels and names, 'Art. 5º-A …', '§ 2º …', 'Parágrafo único. …', 'IV – …', 'b) …', '1. …' — and
read back: same ids in the same order, same rótulos, same texts.
"""

import pytest
from hypothesis import HealthCheck, given, settings

from lexconsolida.model import Agrupador, Kind
from lexconsolida.model.dates import format_long
from lexconsolida.readers.text import read
from tests.strategies import legal_text, normas


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def print_act(norma) -> str:
    lines = [f"{norma.tipo.upper()} Nº {norma.numero}, DE {format_long(norma.data).upper()}.",
             "Dispõe sobre matéria de teste."]

    def unit(node) -> None:
        if isinstance(node, Agrupador):
            lines.append(node.rotulo)
            if node.nome:
                lines.append(node.nome)
            for c in node.children:
                unit(c)
            return
        if node.kind is Kind.ARTIGO:
            caput = node.children[0]
            lines.append(f"{node.rotulo} {_cap(caput.text)}")
            for c in caput.children + node.children[1:]:
                unit(c)
            return
        if node.kind is Kind.PARAGRAFO:
            sep = ". " if node.unico else " "
            lines.append(f"{node.rotulo}{sep}{_cap(node.text)}")
        elif node.kind is Kind.INCISO:
            lines.append(f"{node.rotulo} – {node.text}")
        else:
            lines.append(f"{node.rotulo} {node.text}")
        for c in node.children:
            unit(c)

    for node in norma.articulacao:
        unit(node)
    return "\n".join(lines) + "\n"


def _shape(norma):
    out = []
    for node in norma.walk():
        if isinstance(node, Agrupador):
            out.append((node.id, node.rotulo, node.nome))
        elif node.kind is Kind.CAPUT:
            out.append((node.id, None, _cap(node.text)))
        else:
            text = _cap(node.text) if node.kind is Kind.PARAGRAFO else node.text
            out.append((node.id, node.rotulo, text if node.kind is not Kind.ARTIGO else ""))
    return out


# tests/strategies.py evaluates ``text or xml_text()``, which Hypothesis warns about when a
# text strategy is given; the warning is harmless here.
@pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(normas(text=legal_text(), rich=False, flexible=True, titulos=True))
def test_printed_act_reads_back_to_the_same_tree(norma):
    text = print_act(norma)
    result = read(text.encode())
    assert _shape(result.norma) == _shape(norma), text
    assert (result.norma.tipo, result.norma.numero, result.norma.data) == (norma.tipo, norma.numero, norma.data)
    assert not [d for d in result.diagnostics if d.code in ("lacuna", "rotulo-repetido", "ordem-invertida", "reparo")]
