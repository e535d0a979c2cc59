"""What a command line may name as a norm (DESIGN.md's CLI contract): a file, a corpus URN or
act folder — and a malformed URN is a Portuguese input error (exit 2), never a traceback."""

import pytest

from lexconsolida.cli import main
from lexconsolida.errors import InputError
from lexconsolida.model.urn import Urn

BAD_URNS = ["urn:lex:br:nada", "urn:nada"]


def test_malformed_urn_parse_is_an_input_error_and_still_a_value_error():
    with pytest.raises(InputError, match="URN LexML inválida") as info:
        Urn.parse("urn:lex:br:nada")
    assert isinstance(info.value, ValueError) and info.value.exit_code == 2


@pytest.mark.parametrize("bad", BAD_URNS)
@pytest.mark.parametrize("argv", [["compile", "{}"], ["render", "{}"], ["amend", "{}", "{}"]],
                         ids=lambda a: a[0] if isinstance(a, list) else a)
def test_malformed_urn_exits_2_with_portuguese_error(argv, bad, capsys):
    code = main([a.format(bad) for a in argv])
    err = capsys.readouterr().err
    assert code == 2
    assert "URN LexML inválida" in err and bad in err and "Traceback" not in err
