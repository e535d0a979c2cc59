"""Structural checks on hand-built trees: each check fires on its defect and not on clean text."""

import json


from lexconsolida.check import check
from lexconsolida.model import Agrupador, AgrupadorKind, Dispositivo, Kind, Norma, Number, Severity
from lexconsolida.model.ids import LexId
from lexconsolida.model.numbering import label_for
from tests.conftest import run_cli


def art(n, *children, printed=None, suffix=()):
    num = Number(n, tuple(suffix))
    aid = LexId("art" + num.id_part)
    caput = Dispositivo(Kind.CAPUT, f"{aid}_cpt", text=f"Texto do artigo {n}.")
    kids = [caput]
    for c in children:
        if c.kind is Kind.INCISO:
            caput.children.append(c)
        else:
            kids.append(c)
    label = label_for("artigo", num)
    d = Dispositivo(Kind.ARTIGO, str(aid), rotulo=label, rotulo_printed=printed or label,
                    number=num, children=kids, lines=(n * 3, n * 3))
    _fix_ids(d)
    return d


def _fix_ids(d, base=None):
    """Give children ids from their position under ``d`` (numbers as given)."""
    for c in d.children:
        if c.kind is Kind.CAPUT:
            c.id = f"{d.id}_cpt"
        else:
            c.id = str(LexId(d.id).child(str(c.kind), c.number, unico=c.rotulo == "Parágrafo único"))
        _fix_ids(c)


def par(n=None, text="Texto.", printed=None, *kids):
    if n is None:
        return Dispositivo(Kind.PARAGRAFO, "x", rotulo="Parágrafo único", text=text, children=list(kids))
    num = Number(n)
    lab = label_for("paragrafo", num)
    return Dispositivo(Kind.PARAGRAFO, "x", rotulo=lab, rotulo_printed=printed or lab, number=num,
                       text=text, children=list(kids))


def inc(n, *kids):
    num = Number(n)
    return Dispositivo(Kind.INCISO, "x", rotulo=label_for("inciso", num), number=num, text="texto;",
                       children=list(kids))


def ali(n):
    num = Number(n)
    return Dispositivo(Kind.ALINEA, "x", rotulo=label_for("alinea", num), number=num, text="texto;")


def codes(norma, severity=None):
    return sorted(
        (d.code, d.where) for d in check(norma) if severity is None or d.severity is severity
    )


def clean_norma():
    cap = Agrupador(AgrupadorKind.CAPITULO, "cap1", rotulo="Capítulo I", number=Number(1), nome="DAS DISPOSIÇÕES")
    cap.children = [art(1, inc(1, ali(1), ali(2)), inc(2)), art(2, par(None)), art(3, par(1), par(2))]
    return Norma(tipo="Lei", numero="1", data="2020-01-02", articulacao=[cap, art(4)])


def test_clean_law_has_no_findings():
    assert codes(clean_norma()) == []


def test_repeated_and_inverted_and_gap():
    n = Norma(articulacao=[art(1), art(2), art(2), art(5), art(4)])
    n.articulacao[2].id = "art3"  # ids follow the position, as the reader does
    found = codes(n)
    assert ("rotulo-repetido", "art3") in found
    assert ("lacuna", "art5") in found
    assert ("ordem-invertida", "art4") in found


def test_inserted_article_is_not_a_gap():
    n = Norma(articulacao=[art(1), art(5), art(5, suffix=("A",)), art(6)])
    assert ("lacuna", "art5") in codes(n)
    assert [c for c in codes(n) if c[1] in ("art5-1", "art6")] == []


def test_unico_not_alone_and_lone_paragraph():
    a = art(1, par(None), par(2))
    b = art(2, par(1))
    found = codes(Norma(articulacao=[a, b]))
    assert ("unico-nao-isolado", "art1_par1u") in found
    assert ("paragrafo-isolado", "art2_par1") in found


def test_ordinal_misuse():
    found = codes(Norma(articulacao=[art(i) for i in range(1, 10)] + [art(10, printed="Art. 10º")]), Severity.ERROR)
    assert found == [("ordinal-indevido", "art10")]


def test_alinea_outside_inciso_is_a_warning():
    a = art(1, par(1, "x", None, ali(1)), par(2))
    found = check(Norma(articulacao=[a]))
    assert [(d.code, d.where, d.severity) for d in found] == [
        ("alinea-fora-de-inciso", "art1_par1_ali1", Severity.WARNING)
    ]


def test_check_cli_on_a_text_file(tmp_path):
    src = tmp_path / "lei.txt"
    src.write_text(
        "LEI Nº 12, DE 3 DE MARÇO DE 2021\nDispõe sobre teste.\n"
        "Art. 1º Primeiro.\nArt. 2º Segundo:\nI - um;\nI - dois.\nArt. 10º Décimo.\n",
        encoding="utf-8",
    )
    r = run_cli("check", src)
    assert r.returncode == 1, r.stderr.decode()
    out = r.stdout.decode()
    assert "repetido" in out and "cardinal" in out
    j = run_cli("check", src, "--json")
    data = json.loads(j.stdout)
    assert data["erros"] >= 2 and data["contagens"]["artigo"] == 3


def test_check_cli_missing_file(tmp_path):
    r = run_cli("check", tmp_path / "nada.txt")
    assert r.returncode == 2
    assert "não encontrado" in r.stderr.decode()


def test_dangling_internal_reference():
    a1 = art(1)
    a1.caput.text = "Aplica-se o disposto no art. 14, parágrafo único desta Lei e no § 2º do art. 2º."
    a2 = art(2, par(1), par(2))
    a3 = art(3)
    a3.caput.text = "Nos termos do art. 2º da Lei nº 9.503, de 23 de setembro de 1997."
    found = [(d.code, d.where, d.severity) for d in check(Norma(articulacao=[a1, a2, a3]))
             if d.code == "remissao-quebrada"]
    assert found == [("remissao-quebrada", "art1_cpt", Severity.ERROR)]
