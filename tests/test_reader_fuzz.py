"""Fuzzing the text reader: it raises nothing but LexError (an InternalError, a bug, fails the
test), and conserves every word it reads."""

from __future__ import annotations

import pytest

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexconsolida.errors import InternalError, LexError
from lexconsolida.readers.text.conservation import missing_words
from lexconsolida.readers.text.decode import decode, decode_text
from lexconsolida.readers.text.furniture import drop_furniture
from lexconsolida.readers.text.state import TextState

from .conftest import CORPUS, SEEDS

from lexconsolida.readers.text import read

POOL = sorted({
    line
    for path in sorted(SEEDS.glob("*.txt")) + sorted(CORPUS.rglob("*.txt"))
    for line in path.read_text(encoding="utf-8-sig").splitlines()
})
"""Real lines of legal text (labels, headings, continuations, furniture, signatures)."""

INSERTS = [
    "Art. 5º", "Art. 10.", "Art. 7º-A", "rt. 17", "§ 2º", "& 1º", "Parágrafo único.", "IV -", "HI -",
    "b)", "“b)", "1.", "CAPÍTULO II", "Seção I", "TÍTULO III", "DAS DISPOSIÇÕES FINAIS",
    "“", "”", "\"", "(NR)", "........................", "…", "- 3 -", "Página 2 de 5", "LEI Nº 1, DE 2 DE MAIO DE 2020",
]
GARBLE = "&$85Sl1I0Oº°.,;:-–—“”\"'()[]|/ \t\xa0\u200b\x0c"

SETTINGS = settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)


@st.composite
def mutated_legal_text(draw) -> str:
    lines = draw(st.lists(st.sampled_from(POOL), min_size=1, max_size=40))
    for _ in range(draw(st.integers(0, 12))):
        op = draw(st.sampled_from(["shuffle", "delete", "duplicate", "garble", "insert", "join", "split"]))
        if not lines:
            lines = [draw(st.sampled_from(INSERTS))]
        i = draw(st.integers(0, len(lines) - 1))
        if op == "shuffle":
            lines = draw(st.permutations(lines))
        elif op == "delete" and len(lines) > 1:
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "garble" and lines[i]:
            j = draw(st.integers(0, len(lines[i]) - 1))
            lines[i] = lines[i][:j] + draw(st.sampled_from(GARBLE)) + lines[i][j + 1 :]
        elif op == "insert":
            label = draw(st.sampled_from(INSERTS))
            lines.insert(i, label + (" " + lines[i] if draw(st.booleans()) else ""))
        elif op == "join" and i + 1 < len(lines):
            lines[i : i + 2] = [lines[i] + " " + lines[i + 1]]
        elif op == "split" and len(lines[i]) > 2:
            j = draw(st.integers(1, len(lines[i]) - 1))
            lines[i : i + 1] = [lines[i][:j], lines[i][j:]]
    ending = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    return ending.join(lines) + draw(st.sampled_from(["", ending]))


def _check(data: bytes) -> None:
    try:
        result = read(data, path="fuzz.txt")
    except InternalError as err:
        raise AssertionError(f"defeito do leitor com {data!r}: {err}") from err
    except LexError:
        return
    text, _ = decode_text(data)
    assert missing_words(text, result) == []


@pytest.mark.shared
@SETTINGS
@given(mutated_legal_text())
def test_mutated_legal_text(text):
    _check(text.encode("utf-8"))


@settings(max_examples=50, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=400))
def test_random_text(text):
    _check(text.encode("utf-8"))


@settings(max_examples=30, deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes(data):
    _check(data)


@pytest.mark.shared
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_legal_text())
def test_furniture_rule_moves_whole_lines_only(text):
    state = TextState("fuzz.txt", text.encode("utf-8"))
    try:
        decode(state)
    except LexError:
        return
    before = [(line.number, line.text) for line in state.lines]
    drop_furniture(state)
    kept = [(line.number, line.text) for line in state.lines]
    removed = [(d.line, d.text) for d in state.diagnostics if d.code == "linha-removida"]
    assert sorted(kept + removed) == before
