"""Rule split_parts: epígrafe, ementa, preâmbulo, fecho, signatures, annexes around the articulação."""

import pytest

from lexconsolida.errors import InputError
from lexconsolida.readers.text import read
from tests.conftest import ROOT

FIXTURES = ROOT / "tests" / "fixtures" / "reader"


def test_decree_with_decreta():
    norma = read((FIXTURES / "decreto-ficticio.txt").read_bytes()).norma
    assert norma.epigrafe == "DECRETO Nº 1.234, DE 3 DE MARÇO DE 2021."
    assert (norma.tipo, norma.numero, norma.data) == ("Decreto", "1.234", "2021-03-03")
    assert norma.ementa == "Regulamenta o uso das praças públicas e dá outras providências."
    assert norma.preambulo == [
        "O PREFEITO MUNICIPAL DE SANTA LUZIA DO NORTE, Estado de Alagoas, no uso de suas atribuições "
        "que lhe confere a Lei Orgânica do Município, DECRETA:"
    ]
    assert norma.fecho == ["Santa Luzia do Norte, 3 de março de 2021."]
    assert [(s.name, s.cargo) for s in norma.assinaturas] == [("MARIA DAS DORES SILVA", "Prefeita Municipal")]
    (header,) = norma.documentos
    assert (header.tipo, header.text) == ("Cabeçalho", "PREFEITURA MUNICIPAL DE SANTA LUZIA DO NORTE")


def test_epigrafe_with_date_on_the_next_line_and_promulgation_formula():
    text = (
        "LEI N.º 31/2018\n"
        "DE 9 DE ABRIL DE 2018.\n"
        "Institui o programa municipal de hortas\n"
        "comunitárias.\n"
        "FULANA DE TAL, PREFEITA DO MUNICÍPIO DE RIO CLARO DO SUL, no uso de suas\n"
        "atribuições legais,\n"
        "FAZ SABER QUE A CÂMARA MUNICIPAL APROVOU E ELA SANCIONA A SEGUINTE LEI.\n"
        "Art. 1º Fica instituído o programa.\n"
        "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n"
    ).encode()
    result = read(text)
    norma = result.norma
    assert norma.epigrafe == "LEI N.º 31/2018 DE 9 DE ABRIL DE 2018."
    assert (norma.numero, norma.data) == ("31", "2018-04-09")
    assert norma.ementa == "Institui o programa municipal de hortas comunitárias."
    assert norma.preambulo == [
        "FULANA DE TAL, PREFEITA DO MUNICÍPIO DE RIO CLARO DO SUL, no uso de suas atribuições legais,",
        "FAZ SABER QUE A CÂMARA MUNICIPAL APROVOU E ELA SANCIONA A SEGUINTE LEI.",
    ]
    assert any(d.code == "sem-fecho" for d in result.diagnostics)


def test_headings_before_the_first_article_belong_to_the_articulacao():
    text = "LEI Nº 1, DE 2 DE JANEIRO DE 2020.\nEmenta.\nCAPÍTULO I\nDISPOSIÇÕES PRELIMINARES\nArt. 1º Texto.\n"
    norma = read(text.encode()).norma
    assert norma.ementa == "Ementa."
    (cap,) = norma.articulacao
    assert (cap.id, cap.nome) == ("cap1", "DISPOSIÇÕES PRELIMINARES")


def test_annex_after_the_signatures():
    text = (
        "LEI Nº 8, DE 2 DE JANEIRO DE 2020.\nAprova a tabela.\nArt. 1º Fica aprovada a tabela do Anexo I.\n"
        "Cidade Alta, 2 de janeiro de 2020.\nFULANO DE TAL\nPrefeito\nANEXO I\nTABELA DE VALORES\nItem A: 10 reais\n"
    ).encode()
    norma = read(text).norma
    assert [(s.name, s.cargo) for s in norma.assinaturas] == [("FULANO DE TAL", "Prefeito")]
    (anexo,) = norma.annexes
    assert (anexo.id, anexo.rotulo, anexo.titulo) == ("anx1", "Anexo I", "TABELA DE VALORES")
    assert anexo.text == "ANEXO I\nTABELA DE VALORES\nItem A: 10 reais"
    assert not norma.anexos and not norma.documentos  # an annex is part of the act, not a document


def test_text_without_any_article_is_refused():
    with pytest.raises(InputError, match="nenhum artigo"):
        read("Uma receita de bolo.\nMisture a farinha.\n".encode(), path="bolo.txt")


def test_act_without_articles_is_read_with_a_warning():
    result = read("PORTARIA Nº 15, DE 3 DE MAIO DE 2021.\nNomeia servidor.\nFica nomeado o servidor.\n".encode())
    assert result.norma.tipo == "Portaria" and not result.norma.articulacao
    assert any(d.code == "sem-artigos" for d in result.diagnostics)


def test_annexed_regulation_with_its_own_articles_stays_out_of_the_articulacao():
    text = (
        "DECRETO Nº 10, DE 2 DE JANEIRO DE 2020.\nAprova o regulamento.\n"
        "Art. 1º Fica aprovado o Regulamento anexo.\nArt. 2º Este Decreto entra em vigor na data de sua publicação.\n"
        "Cidade Alta, 2 de janeiro de 2020.\nFULANO DE TAL\nPrefeito\n"
        "ANEXO ÚNICO\nREGULAMENTO DAS FEIRAS\nArt. 1º As feiras funcionam aos sábados.\nArt. 2º Revogam-se as disposições em contrário.\n"
    ).encode()
    result = read(text)
    norma = result.norma
    assert [a.id for a in norma.artigos()] == ["art1", "art2"]
    assert norma.fecho == ["Cidade Alta, 2 de janeiro de 2020."]
    assert norma.annexes and "As feiras funcionam aos sábados." in norma.annexes[0].text
    assert not [d for d in result.diagnostics if d.code in ("rotulo-repetido", "ordem-invertida")]


def test_a_date_line_inside_the_articulacao_is_not_the_fecho():
    text = (
        "LEI Nº 9, DE 2 DE JANEIRO DE 2020.\nEmenta.\nArt. 1º Fica revogada a Lei nº 1.\n"
        "Cidade Alta, 5 de maio de 1999.\nArt. 2º Esta Lei entra em vigor na data de sua publicação.\n"
        "Cidade Alta, 2 de janeiro de 2020.\nFULANO DE TAL\nPrefeito\n"
    ).encode()
    norma = read(text).norma
    assert [a.id for a in norma.artigos()] == ["art1", "art2"]
    assert norma.fecho == ["Cidade Alta, 2 de janeiro de 2020."]


@pytest.mark.parametrize("ementa", [
    "FIXA OS SUBSÍDIOS DO PREFEITO, VICE-PREFEITO, SECRETÁRIOS E VEREADORES DO MUNICÍPIO, PARA O EXERCÍCIO 2001/2004.",
    "Fixa os subsídios do Prefeito, Vice-Prefeito e dos Vereadores para o exercício 2021/2024.",
    "CONCEDE LICENÇA A VEREADORES PARA O ENCONTRO NACIONAL DE VEREADORES, PREFEITOS E SERVIDORES.",
])
def test_an_ementa_that_names_offices_before_a_comma_is_not_a_signers_name(ementa):
    """Issue 23: 'FIXA OS SUBSÍDIOS DO PREFEITO, VICE-PREFEITO …' was read as 'FULANA DE TAL,
    PREFEITA …' (the preâmbulo), leaving the act without ementa."""
    text = (f"LEI Nº 2184/2000\n\n{ementa}\n\nO PREFEITO MUNICIPAL DE VILA NOVA, Estado da Bahia, faço saber que a "
            "Câmara Municipal decretou e eu sanciono a seguinte Lei:\n\nArt. 1º Texto.\n").encode()
    norma = read(text).norma
    assert norma.ementa == ementa
    assert norma.preambulo[0].startswith("O PREFEITO MUNICIPAL DE VILA NOVA")


def test_a_signers_name_before_the_office_still_opens_the_preambulo():
    text = ("LEI Nº 31/2018\n\nInstitui o programa de hortas.\n\nFULANA DE TAL, PREFEITA DO MUNICÍPIO DE RIO CLARO "
            "DO SUL, no uso de suas atribuições legais,\n\nArt. 1º Fica instituído o programa.\n").encode()
    norma = read(text).norma
    assert norma.ementa == "Institui o programa de hortas."
    assert norma.preambulo[0].startswith("FULANA DE TAL, PREFEITA")


def test_the_publishing_sites_obsolete_content_note_is_not_the_ementa():
    text = ("DECRETO LEGISLATIVO Nº 13, DE 22/03/2006\n\nCONCEDE LICENÇA A VEREADORES PARA O ENCONTRO.\n\n"
            "  Conteúdo obsoleto: \n Este  Ato não tem mais efeito prático, pois o conteúdo é temporal. \n").encode()
    norma = read(text).norma
    assert norma.ementa == "CONCEDE LICENÇA A VEREADORES PARA O ENCONTRO."
    assert norma.fecho[0] == "Conteúdo obsoleto:"
