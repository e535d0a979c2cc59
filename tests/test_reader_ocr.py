"""Rule repair_markers: OCR repairs that need the sequence around a label."""

from lexconsolida.readers.text import read

HEAD = "LEI Nº 12, DE 2 DE MARÇO DE 2019.\nDispõe sobre feiras livres.\n"


def _read(body: str, **kw):
    return read((HEAD + body).encode(), **kw)


def test_zero_read_for_ordinal_at_the_start_of_a_sequence():
    body = "".join(f"Art. {n} Texto {n}.\n" for n in ["10", "2º", "3º", "4º", "5º", "6º", "7º", "8º", "9º", "10", "11"])
    result = _read(body)
    arts = list(result.norma.artigos())
    assert [a.id for a in arts] == [f"art{n}" for n in range(1, 12)]
    assert (arts[0].rotulo_printed, arts[0].rotulo) == ("Art. 10", "Art. 1º")
    assert (arts[9].rotulo_printed, arts[9].rotulo) == ("Art. 10", "Art. 10")
    repairs = [d for d in result.diagnostics if d.code == "reparo"]
    assert [(d.where, d.before, d.after) for d in repairs] == [("art1", "Art. 10", "Art. 1º")]


def test_zero_for_ordinal_in_paragraphs():
    result = _read("Art. 1º Texto.\n§ 10 Primeiro.\n§ 2º Segundo.\n")
    pars = [d for d in result.norma.dispositivos() if d.kind.value == "paragrafo"]
    assert [(p.id, p.rotulo) for p in pars] == [("art1_par1", "§ 1º"), ("art1_par2", "§ 2º")]


def test_one_read_for_roman_one():
    result = _read("Art. 1º São obrigações:\n1 - primeira;\nII - segunda;\nIII - terceira.\n")
    incs = [d for d in result.norma.dispositivos() if d.kind.value == "inciso"]
    assert [(i.id, i.rotulo_printed, i.rotulo) for i in incs] == [
        ("art1_cpt_inc1", "1", "I"), ("art1_cpt_inc2", "II", "II"), ("art1_cpt_inc3", "III", "III")]
    assert any(d.code == "reparo" and d.where == "art1_cpt_inc1" and d.after == "I" for d in result.diagnostics)


def test_lone_one_is_roman_one():
    result = _read("Art. 1º Texto:\n1 - único caso.\n")
    (inc,) = [d for d in result.norma.dispositivos() if d.kind.value == "inciso"]
    assert (inc.id, inc.rotulo) == ("art1_cpt_inc1", "I")


def test_arabic_list_is_kept():
    result = _read("Art. 1º São deveres:\n1 - cumprir a lei;\n2 - zelar pelo veículo;\n3 - tratar bem o público.\n")
    incs = [d for d in result.norma.dispositivos() if d.kind.value == "inciso"]
    assert [(i.id, i.rotulo) for i in incs] == [("art1_cpt_inc1", "1"), ("art1_cpt_inc2", "2"), ("art1_cpt_inc3", "3")]
    assert not [d for d in result.diagnostics if d.code == "reparo"]


def test_switching_the_rule_off_reads_only_canonical_labels():
    result = _read("Art. 1º Texto.\n& 1º Parágrafo que o OCR estragou.\n", disable={"repair_markers"})
    (art,) = result.norma.artigos()
    assert [c.kind.value for c in art.children] == ["caput"]
    assert "& 1º Parágrafo" in art.children[0].text
