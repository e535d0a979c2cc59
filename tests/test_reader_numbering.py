"""Rule number_units: ids by the printed number or by position, and numbering anomalies."""

from lexconsolida.readers.text import read

HEAD = "LEI Nº 40, DE 4 DE ABRIL DE 2019.\nDispõe sobre numeração.\n"


def _read(body: str, **kw):
    return read((HEAD + body).encode(), **kw)


def _codes(result):
    return {(d.code, d.where) for d in result.diagnostics}


def test_gap_is_kept_and_reported():
    result = _read("Art. 1º Um.\nArt. 2º Dois.\nArt. 4º Quatro.\n")
    assert [a.id for a in result.norma.artigos()] == ["art1", "art2", "art4"]
    assert ("lacuna", "art4") in _codes(result) and ("numero-ausente", "art3") in _codes(result)


def test_duplicate_and_backwards_labels_take_their_position():
    body = "Art. 1º Texto:\nI - um;\nII - dois;\nII - três;\nIV - quatro;\nI - cinco?\n"
    result = _read(body)
    incs = [d for d in result.norma.dispositivos() if d.kind.value == "inciso"]
    assert [(i.id, i.rotulo_printed) for i in incs] == [
        ("art1_cpt_inc1", "I"), ("art1_cpt_inc2", "II"), ("art1_cpt_inc3", "II"),
        ("art1_cpt_inc4", "IV"), ("art1_cpt_inc5", "I")]
    codes = _codes(result)
    assert ("rotulo-repetido", "art1_cpt_inc3") in codes
    assert ("ordem-invertida", "art1_cpt_inc5") in codes



def test_an_extra_unit_between_a_number_and_its_successor_keeps_the_following_ids_printed():
    """'Art. 40, Art. 40, Art. 41': the second 40 is an extra article (id art40-1, as an
    'Art. 40-A'), so art. 41 and every article after it keep the ids of their printed numbers
    — the ones amending acts cite. 'I, I, III' stays a misreading of II (position)."""
    result = _read("Art. 39 Um.\nArt. 40 Dois.\nArt. 40 Três.\nArt. 41 Quatro:\nI - um;\nI - dois;\n"
                   "III - três.\nArt. 42 Cinco.\n")
    arts = list(result.norma.artigos())
    assert [(a.id, a.rotulo_printed) for a in arts] == [
        ("art39", "Art. 39"), ("art40", "Art. 40"), ("art40-1", "Art. 40"), ("art41", "Art. 41"), ("art42", "Art. 42")]
    assert ("rotulo-repetido", "art40-1") in _codes(result)
    incs = [d.id for d in result.norma.dispositivos() if d.kind.value == "inciso"]
    assert incs == ["art41_cpt_inc1", "art41_cpt_inc2", "art41_cpt_inc3"]

def test_lone_first_paragraph_and_unico_beside_others():
    result = _read("Art. 1º Um.\n§ 1º Só este.\nArt. 2º Dois.\nParágrafo único. Primeiro.\n§ 2º Segundo.\n")
    ids = [d.id for d in result.norma.dispositivos() if d.kind.value == "paragrafo"]
    assert ids == ["art1_par1", "art2_par1", "art2_par2"]
    codes = _codes(result)
    assert ("paragrafo-isolado", "art1_par1") in codes
    assert ("unico-nao-isolado", "art2_par1") in codes


def test_inserted_article_is_not_a_duplicate():
    result = _read("Art. 1º Um.\nArt. 1º-A Inserido.\nArt. 1º-B Outro.\nArt. 2º Dois.\n")
    assert [a.id for a in result.norma.artigos()] == ["art1", "art1-1", "art1-2", "art2"]
    assert not {c for c, _ in _codes(result)} & {"rotulo-repetido", "ordem-invertida", "lacuna", "numero-ausente"}


def test_chapters_missing_and_articles_before_the_first():
    result = _read("Art. 1º Solto.\nCAPÍTULO II\nDO RESTO\nArt. 2º Dentro.\n")
    codes = _codes(result)
    assert ("agrupador-ausente", "cap2") in codes
    assert ("antes-do-agrupador", "art1") in codes
    assert not {c for c, w in codes if w == "cap2"} & {"lacuna", "numero-ausente"}


def test_alineas_under_a_paragraph_and_single_children():
    result = _read("Art. 1º Um:\n§ 1º Infração:\na) leve;\nb) multa.\n§ 2º Outra:\nI - única:\na) só uma.\n")
    codes = _codes(result)
    assert ("alinea-em-paragrafo", "art1") in codes
    assert ("filho-unico", "art1_par2_inc1") in codes and ("filho-unico", "art1_par2_inc1_ali1") in codes


def test_switched_off_ids_follow_the_printed_numbers():
    result = _read("Art. 1º Texto:\nI - um;\nI - dois.\nArt. 3º Três.\n", disable={"number_units"})
    ids = [d.id for d in result.norma.dispositivos()]
    assert ids == ["art1", "art1_cpt", "art1_cpt_inc1", "art1_cpt_inc1", "art3", "art3_cpt"]
    assert not {"rotulo-repetido", "lacuna"} & {d.code for d in result.diagnostics}
