"""Rule ``decode``: bytes → numbered source lines; encodings reported; non-text refused."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexconsolida.errors import InputError, LexError
from lexconsolida.model import Severity
from lexconsolida.readers.text.decode import decode, decode_text
from lexconsolida.readers.text.state import TextState


def _decode(data: bytes, path: str | None = "lei.txt") -> TextState:
    state = TextState(path, data)
    decode(state)
    return state


def _texts(state: TextState) -> list[str]:
    return [line.text for line in state.lines]


def test_plain_utf8_lines_numbered_from_one():
    state = _decode("LEI Nº 1\nArt. 1º Fica criado…\n".encode())
    assert state.encoding == "utf-8"
    assert [(line.number, line.text, line.original) for line in state.lines] == [
        (1, "LEI Nº 1", "LEI Nº 1"),
        (2, "Art. 1º Fica criado…", "Art. 1º Fica criado…"),
    ]
    assert state.diagnostics == []


def test_bom_is_dropped_and_reported_as_utf8_sig():
    state = _decode(b"\xef\xbb\xbf" + "LEI Nº 2\nArt. 1º Teste.\n".encode())
    assert state.encoding == "utf-8-sig"
    assert _texts(state) == ["LEI Nº 2", "Art. 1º Teste."]
    assert state.diagnostics == []


def test_crlf_lone_cr_and_lf_all_end_lines():
    state = _decode(b"um\r\ndois\rtr\xc3\xaas\nquatro\r\n")
    assert _texts(state) == ["um", "dois", "três", "quatro"]
    assert [line.number for line in state.lines] == [1, 2, 3, 4]


def test_no_trailing_newline_keeps_the_last_line():
    assert _texts(_decode(b"Art. 1\xc2\xba Um.\nArt. 2\xc2\xba Dois.")) == ["Art. 1º Um.", "Art. 2º Dois."]


def test_blank_lines_are_kept_and_counted():
    state = _decode(b"um\n\n\ndois\n\n")
    assert _texts(state) == ["um", "", "", "dois", ""]
    assert state.lines[3].number == 4


def test_cp1252_is_read_and_reported():
    data = "Art. 1º A União – e os Municípios – “cooperarão”.\n".encode("cp1252")
    state = _decode(data)
    assert state.encoding == "cp1252"
    assert _texts(state) == ["Art. 1º A União – e os Municípios – “cooperarão”."]
    (diag,) = state.diagnostics
    assert diag.code == "codificacao" and diag.severity is Severity.WARNING
    assert "cp1252" in diag.message and "UTF-8" in diag.message


def test_bytes_undefined_in_cp1252_fall_back_to_latin1():
    text, encoding = decode_text(b"Se\xe7\xe3o \x81I\n")
    assert encoding == "latin-1" and text.startswith("Seção")


def test_utf16_with_bom_is_read():
    state = _decode("\ufeffArt. 1º Teste de acentuação.\r\n".encode("utf-16-le"))
    assert state.encoding == "utf-16"
    assert _texts(state) == ["Art. 1º Teste de acentuação."]
    assert state.diagnostics[0].code == "codificacao"


@pytest.mark.parametrize("data", [b"", b"   \n\t\r\n", b"\xef\xbb\xbf", b"\xef\xbb\xbf\n\n", b"\x0c\n"])
def test_empty_or_whitespace_only_file_refused(data):
    with pytest.raises(InputError, match="arquivo vazio") as err:
        _decode(data, "vazio.txt")
    assert str(err.value).startswith("vazio.txt: ")


@pytest.mark.parametrize(
    "data",
    [
        b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n",
        b"PK\x03\x04\x14\x00\x06\x00",  # DOCX/ZIP
        b"\x89PNG\r\n\x1a\n\x00\x00",
        b"Art. 1\x00 texto com NUL",
        bytes(range(1, 9)) * 20,
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1",  # old .doc
    ],
    ids=["pdf", "zip", "png", "nul", "controls", "ole"],
)
def test_binary_input_refused(data):
    with pytest.raises(InputError, match="arquivo binário") as err:
        _decode(data, "ato.pdf")
    assert "ato.pdf" in str(err.value)


def test_only_control_characters_refused():
    with pytest.raises(InputError):
        _decode(b"\x01\x02\x03\n")


def test_invalid_utf8_after_bom_refused():
    with pytest.raises(InputError, match="UTF-8 inválido"):
        _decode(b"\xef\xbb\xbfSe\xe7\xe3o\n")


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_decode_or_raise_a_lex_error(data):
    try:
        state = _decode(data)
    except LexError:
        return
    assert state.lines
    assert [line.number for line in state.lines] == list(range(1, len(state.lines) + 1))
    assert all("\n" not in line.text and "\r" not in line.text for line in state.lines)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\ufeff"), max_size=40), min_size=1))
def test_lines_round_trip_through_every_line_ending(lines):
    if not "".join(lines).replace("\ufeff", "").strip():
        return
    for sep in ("\n", "\r\n", "\r"):
        state = _decode(sep.join(lines).encode("utf-8"))
        expected = list(lines)
        if expected[-1] == "":
            expected.pop()
        assert _texts(state) == expected
