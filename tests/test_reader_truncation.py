"""Truncated text files (regression: a truncated file was read with exit 0, and UTF-8 cut
inside a character was silently re-read as cp1252)."""

from __future__ import annotations

import pytest

from lexconsolida.errors import InputError
from lexconsolida.readers.text import read
from lexconsolida.readers.text.decode import decode_text
from lexconsolida.readers.text.truncation import ends_sentence, incomplete_utf8_tail

HEAD = "LEI Nº 5, DE 1º DE JANEIRO DE 2020\n\nDispõe sobre a educação.\n\n"


@pytest.mark.parametrize("line", [
    "Art. 3º Esta Lei entra em vigor na data de sua publicação.",
    "I – os templos;", "II – as entidades; e", "III – as escolas; ou", "§ 2º São isentos:",
    "IV – às demolições.” (NR)", "III – (Revogado pela Lei nº 150, de 15 de junho de 2023)",
    "Art. 9º (VETADO)", "“Art. 7º ……”", "a) o que diz o art. 5º (“fica proibido”).", ".......",
    "Art. 2º Revoga-se a Lei nº 10!", "Art. 4º Quem paga?",
])
def test_sentence_endings(line):
    assert ends_sentence(line)


@pytest.mark.parametrize("line", [
    "VIII - iden", "Art. 4º A multa será de", "I – os templos e", "Art. 5º", "b) a segunda (em", "CAPÍTULO III",
    "Art. 3º O valor é de R$ 10,",
])
def test_cut_sentences(line):
    assert not ends_sentence(line)


def test_cut_sentence_is_refused_naming_file_and_line():
    with pytest.raises(InputError) as err:
        read((HEAD + "Art. 1º Fica criada a Secretaria.\nArt. 2º A Secretaria terá\n").encode(), path="lei.txt")
    assert str(err.value).startswith("lei.txt: o arquivo parece truncado: termina no meio de uma frase (linha 6)")
    assert "--aceitar-truncado" in str(err.value)


def test_aceitar_truncado_reads_with_a_warning():
    result = read((HEAD + "Art. 1º Fica criada a Secretaria.\nArt. 2º A Secretaria terá\n").encode(),
                  path="lei.txt", aceitar_truncado=True)
    assert [d.id for d in result.norma.artigos()] == ["art1", "art2"]
    assert [d.line for d in result.diagnostics if d.code == "truncado"] == [6]


def test_complete_act_without_fecho_only_warned():
    result = read((HEAD + "Art. 1º Fica criada a Secretaria.\n").encode(), path="lei.txt")
    assert {d.code for d in result.diagnostics} >= {"sem-fecho"}
    assert "truncado" not in {d.code for d in result.diagnostics}


def test_cut_sentence_followed_by_fecho_is_not_truncation():
    text = HEAD + "Art. 1º Fica criada a Secretaria de\n\nVila Serena-MT, 1º de janeiro de 2020.\n\nFULANO\nPrefeito\n"
    assert read(text.encode(), path="lei.txt").norma.fecho


@pytest.mark.parametrize("cut", [1, 2, 3])
def test_utf8_cut_inside_a_character(cut):
    data = (HEAD + "Art. 1º Fica criada a Secretaria 😀").encode()[:-4 + cut]
    assert incomplete_utf8_tail(data) == len(data) - cut
    with pytest.raises(InputError) as err:
        decode_text(data, "lei.txt")
    assert "termina no meio de um caractere UTF-8, na linha 5" in str(err.value)
    assert "Fica criada a Secretaria" in str(err.value) and str(err.value).startswith("lei.txt: o arquivo")
    text, encoding = decode_text(data, "lei.txt", accept_truncated=True)
    assert encoding == "utf-8" and text.endswith("Secretaria ")


def test_utf8_cut_after_a_bom():
    data = b"\xef\xbb\xbf" + (HEAD + "Art. 1º Fica criada a Educa\xc3").encode("latin-1")[:0] + (HEAD + "Art. 1º Educa").encode() + b"\xc3"
    with pytest.raises(InputError, match="caractere UTF-8"):
        decode_text(data, "lei.txt")


def test_cp1252_is_still_cp1252():
    """Invalid UTF-8 before the end (a real cp1252 file) is not a truncation."""
    data = (HEAD + "Art. 1º A educação é direito.\n").encode("cp1252")
    assert incomplete_utf8_tail(data) is None
    assert decode_text(data, "lei.txt")[1] == "cp1252"


def test_cp1252_file_ending_in_an_accent_is_not_truncated():
    data = "Art. 1º A educação.\nÃ".encode("cp1252")
    assert incomplete_utf8_tail(data) is None  # 'ç' before the end is invalid UTF-8 already


@pytest.mark.parametrize("tail", ["\n\n", "\n\n\n", "\n   \n", "\r\n\r\n"])
def test_blank_lines_after_the_last_article_end_the_file_not_a_sentence(tail):
    """Issue 23: 'LEI Nº 1/2000 … Art. 2º Vigor.' followed by a blank line was refused as cut
    in the middle of a sentence (the blank line was taken for the last line)."""
    text = "LEI Nº 1/2000\n\nArt. 1º Teste.\n\nArt. 2º Vigor." + tail
    result = read(text.encode(), path="t.txt")
    assert [d.id for d in result.norma.artigos()] == ["art1", "art2"]
    assert [d.line for d in result.diagnostics if d.code == "sem-fecho"] == [5]
    with pytest.raises(InputError, match=r"\(linha 5\)"):
        read(text.replace("Vigor.", "Vigor").encode(), path="t.txt")  # a cut sentence still is one


def test_parse_command_reads_the_text_ending_in_a_blank_line(tmp_path):
    from lexconsolida.cli import main
    path = tmp_path / "t.txt"
    path.write_bytes(b"LEI N\xc2\xba 1/2000\n\nArt. 1\xc2\xba Teste.\n\nArt. 2\xc2\xba Vigor.\n\n")
    assert main(["parse", str(path), "-o", str(tmp_path / "t.xml")]) == 0
    assert (tmp_path / "t.xml").is_file()


def test_a_site_disclaimer_after_the_last_article_is_no_cut_sentence():
    text = HEAD + "Art. 1º Fica criada a Secretaria.\n\nEste texto não substitui o original publicado no Diário Oficial\n"
    result = read(text.encode(), path="lei.txt")
    assert [d.text for d in result.diagnostics if d.code == "linha-removida"] == [
        "Este texto não substitui o original publicado no Diário Oficial"]
    assert "truncado" not in {d.code for d in result.diagnostics}
    assert not result.norma.fecho
