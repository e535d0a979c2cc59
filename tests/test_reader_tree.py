"""Rule build_tree: agrupador nesting, articles and their units, headings without label."""

from lexconsolida.model import Agrupador, Kind
from lexconsolida.readers.text import read
from tests.conftest import ROOT

FIXTURES = ROOT / "tests" / "fixtures" / "reader"


def _tree(nodes, depth=0):
    out = []
    for n in nodes:
        out.append("  " * depth + n.id)
        out += _tree(n.children, depth + 1)
    return out


def test_fictional_decree_tree():
    norma = read((FIXTURES / "decreto-ficticio.txt").read_bytes()).norma
    assert _tree(norma.articulacao) == """\
tit1
  tit1_cap1
    art1
      art1_cpt
    art2
      art2_cpt
        art2_cpt_inc1
        art2_cpt_inc2
        art2_cpt_inc3
          art2_cpt_inc3_ali1
            art2_cpt_inc3_ali1_ite1
            art2_cpt_inc3_ali1_ite2
          art2_cpt_inc3_ali2
  tit1_cap2
    tit1_cap2_sec1
      art3
        art3_cpt
        art3_par1
          art3_par1_ali1
          art3_par1_ali2
        art3_par2
      tit1_cap2_sec1_sub1
        art4
          art4_cpt
        art5
          art5_cpt
        art5-1
          art5-1_cpt
          art5-1_par1u
tit2
  art6
    art6_cpt""".split("\n")
    sub = norma.find("tit1_cap2_sec1_sub1")
    assert (sub.rotulo, sub.nome, sub.kind.value) == ("Subseção I", "Das Taxas", "subsecao")
    art5a = norma.find("art5-1")
    assert (art5a.rotulo, art5a.number.suffixes) == ("Art. 5º-A", ("A",))
    assert norma.find("art2_cpt_inc3_ali1_ite2").text == "mais de cem pessoas;"
    assert norma.find("art3_par1_ali2").text == "o número estimado de participantes."
    assert norma.find("art3_cpt").text.startswith("Os eventos dependem de autorização prévia da Secretaria Municipal de Administração, requerida")


def test_heading_without_label_takes_the_level_of_its_style():
    text = (
        "LEI Nº 3, DE 5 DE MAIO DE 2020.\nEmenta da lei.\n"
        "CAPÍTULO I\nDAS DISPOSIÇÕES GERAIS\nSeção I\nDo Objeto\nArt. 1º Objeto.\n"
        "Seção II\nDas Definições\nArt. 2º Definições.\n"
        "DAS DISPOSIÇÕES FINAIS\nArt. 3º Vigência.\n"
    ).encode()
    result = read(text)
    agrs = [(a.id, a.rotulo, a.nome) for a in result.norma.agrupadores()]
    assert agrs == [
        ("cap1", "CAPÍTULO I", "DAS DISPOSIÇÕES GERAIS"), ("cap1_sec1", "Seção I", "Do Objeto"),
        ("cap1_sec2", "Seção II", "Das Definições"), ("cap2", None, "DAS DISPOSIÇÕES FINAIS"),
    ]
    assert any(d.code == "agrupador-sem-rotulo" and d.where == "cap2" for d in result.diagnostics)


def test_upper_case_continuation_is_not_a_heading():
    text = (
        "LEI Nº 3, DE 5 DE MAIO DE 2020.\nEmenta.\nArt. 1º As multas são:\n"
        "I - leve: 115 UPF – UNIDADE PADRÃO FISCAL DE VILA\nNOVA;\nII - grave: 570 UPF.\n"
    ).encode()
    norma = read(text).norma
    assert not list(norma.agrupadores())
    assert norma.find("art1_cpt_inc1").text == "leve: 115 UPF – UNIDADE PADRÃO FISCAL DE VILA NOVA;"


def test_paragraph_after_alinea_of_an_inciso_belongs_to_the_article():
    text = (
        "LEI Nº 3, DE 5 DE MAIO DE 2020.\nEmenta.\nArt. 1º Procedimentos:\nI - penalidades:\na) multa;\n"
        "II - medidas:\na) notificação;\nParágrafo único. A suspensão implica o recolhimento.\n"
    ).encode()
    result = read(text)
    art = result.norma.find("art1")
    assert [c.id for c in art.children] == ["art1_cpt", "art1_par1u"]
    assert any(d.where == "art1_par1u" for d in result.diagnostics)


def test_inciso_after_alineas_of_a_paragraph():
    text = (
        "LEI Nº 3, DE 5 DE MAIO DE 2020.\nEmenta.\nArt. 1º Infrações:\n§ 1º Desacatar o fiscal:\n"
        "a) infração: grave;\nb) penalidade: multa.\nI - em caso de reincidência, multa em dobro.\n§ 2º Outra.\n"
    ).encode()
    result = read(text)
    par = result.norma.find("art1_par1")
    assert [c.id for c in par.children] == ["art1_par1_ali1", "art1_par1_ali2", "art1_par1_inc1"]
    assert any(d.code == "inciso-apos-alinea" and d.where == "art1_par1_inc1" for d in result.diagnostics)


def test_label_separated_from_its_name_by_a_page_break():
    letterhead = ["PREFEITURA MUNICIPAL DE VILA NOVA", "Rua Um, 100 - Centro - CEP 78000-000", "Fone: (65) 3333-4444"]
    lines = ["LEI Nº 3, DE 5 DE MAIO DE 2020.", "Ementa.", *letterhead, "CAPÍTULO I", "DO OBJETO"]
    lines += ["Art. 1º O objeto desta Lei é a regulamentação das feiras livres e"]
    lines += [*letterhead, "do comércio ambulante no Município.", "Seção I"]
    lines += [*letterhead, "Das Definições", "Art. 2º Definições.", "", "Art. 3º Vigência imediata.", *letterhead]
    result = read("\n".join(lines).encode())
    assert sorted(d.line for d in result.diagnostics if d.code == "linha-removida") == [3, 4, 5, 9, 10, 11, 14, 15, 16, 21, 22, 23]
    sec = result.norma.find("cap1_sec1")
    assert sec.nome == "Das Definições"
    notes = {(d.code, d.where) for d in result.diagnostics}
    assert ("quebra-de-pagina", "cap1_sec1") in notes
    assert ("quebra-de-pagina", "art1_cpt") in notes
    assert not any(d.code == "quebra-de-pagina" and d.where == "art3_cpt" for d in result.diagnostics)


def test_articles_directly_in_the_articulacao_and_agrupador_kinds():
    norma = read((FIXTURES / "decreto-ficticio.txt").read_bytes()).norma
    kinds = [a.kind.value for a in norma.agrupadores()]
    assert kinds == ["titulo", "capitulo", "capitulo", "secao", "subsecao", "titulo"]
    assert all(isinstance(n, Agrupador) for n in norma.articulacao)
    assert sum(d.kind is Kind.ARTIGO for d in norma.dispositivos()) == 7
