"""The text reader's pipeline: explicit order, rules switchable by name, only LexError escapes."""

import pytest

from lexconsolida.errors import InputError, LexError
from lexconsolida.readers import ReadResult, get_reader
from lexconsolida.readers.text import PIPELINE, REQUIRED, read

LAW = "LEI Nº 1, DE 2 DE JANEIRO DE 2020.\nEmenta.\nArt. 1º Texto.\n".encode()


def test_pipeline_order():
    assert [name for name, _ in PIPELINE] == [
        "decode", "drop_furniture", "recognise_labels", "repair_markers", "find_tables", "split_parts",
        "build_tree", "editorial_notes", "number_units", "place_tables", "join_text", "repair_residue", "read_dates",
        "fill_metadata", "report_repairs",
    ]
    assert all(callable(rule) and rule.__name__ == name for name, rule in PIPELINE)


def test_registered_as_the_text_reader():
    result = get_reader("text")(LAW, path="x.txt")
    assert isinstance(result, ReadResult) and result.norma.find("art1_cpt").text == "Texto."


@pytest.mark.parametrize("name", [n for n, _ in PIPELINE if n not in REQUIRED])
def test_each_optional_rule_can_be_switched_off(name):
    result = read(LAW, disable={name})
    assert [a.id for a in result.norma.artigos()] == ["art1"]


def test_unknown_or_required_rule_names_are_refused():
    with pytest.raises(InputError, match="desconhecida"):
        read(LAW, disable={"no_such_rule"})
    with pytest.raises(InputError, match="não pode ser desligada"):
        read(LAW, disable={"build_tree"})


@pytest.mark.parametrize("data,message", [
    (b"", "vazio"),
    (b"   \n\n", "vazio"),
    (b"\x00\x01\x02binary\x00" * 20, "binário"),
    ("Apenas um texto qualquer, sem artigos.\n".encode(), "nenhum artigo"),
])
def test_bad_input_is_an_input_error_naming_the_file(data, message):
    with pytest.raises(InputError, match=message) as err:
        read(data, path="entrada.txt")
    assert "entrada.txt" in str(err.value)


def test_truncated_and_garbled_inputs_never_raise_anything_else():
    samples = [LAW[:n] for n in range(0, len(LAW), 7)] + [
        "Art. 1º\n§\nI -\na)\n“\n”(NR)\n".encode(),
        "LEI Nº\nCAPÍTULO\nArt. 99999 x\n".encode(),
        ("Art. 1º Texto:\n" + "I - a;\n" * 3000).encode(),
    ]
    for data in samples:
        try:
            read(data)
        except LexError:
            pass


def test_deterministic():
    a, b = read(LAW), read(LAW)
    assert a.norma == b.norma and a.diagnostics == b.diagnostics
