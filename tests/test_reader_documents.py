"""Documents carried with an act: a fictional Indicação before its minuta."""

from lexconsolida.readers.text import read
from lexconsolida.readers.text.documents import cited_acts, document_type, normalise_number

INDICACAO = """INDICAÇÃO
Autoria: Maria Souza – PXX
À Exma.
Mesa Diretora
Câmara Municipal de Lagoa Serena-GO
Indica ao Chefe do Poder Executivo Municipal que estude a consolidação da Lei nº 1.020, de 5 de
maio de 2010, da Lei nº 1,044, de 9 de junho de 2011 e do Decreto nº de 300, de 1º de julho de 2012.
Câmara Municipal de Lagoa Serena-GO, 14 de fevereiro de 2024.
MARIA SOUZA
Vereadora-PXX
Líder da Bancada
Art. 1º Esta Lei consolida as normas sobre feiras.
Art. 2º Esta Lei entra em vigor na data de sua publicação.
"""


def test_document_type():
    assert document_type("INDICAÇÃO") == "Indicação"
    assert document_type("INDICAÇÃO Nº 12/2024") == "Indicação"
    assert document_type("Indicação do relator sobre a matéria") is None


def test_normalise_number():
    assert normalise_number("nº 4,100") == ("4.100", "vírgula no lugar do ponto de milhar em 'nº 4,100'")
    assert normalise_number("nº de 4.213")[0] == "4.213"
    assert normalise_number("Nº 4.436") == ("4.436", None)


def test_cited_acts():
    acts = [a for a, _ in cited_acts("a Lei Complementar nº 109/2014 e o Decreto nº 55, de 3 de março de 2001")]
    assert acts == [
        {"tipo": "Lei Complementar", "numero_printed": "nº 109/2014", "numero": "109", "data_printed": None, "data": None},
        {"tipo": "Decreto", "numero_printed": "nº 55", "numero": "55", "data_printed": "3 de março de 2001", "data": "2001-03-03"},
    ]


def test_indicacao_before_minuta():
    result = read(INDICACAO.encode())
    norma = result.norma
    (doc,) = norma.documentos
    meta = doc.metadata
    assert doc.tipo == "Indicação" and doc.lines == (1, 11)
    assert (meta["autor"], meta["partido"]) == ("Maria Souza", "PXX")
    assert meta["destinatario"] == "Mesa Diretora, Câmara Municipal de Lagoa Serena-GO"
    assert (meta["local"], meta["data"]) == ("Câmara Municipal de Lagoa Serena-GO", "2024-02-14")
    assert meta["cargo"] == "Vereadora; Líder da Bancada"
    assert [(c["tipo"], c["numero"], c["data"]) for c in meta["normas_citadas"]] == [
        ("Lei", "1.020", "2010-05-05"), ("Lei", "1.044", "2011-06-09"), ("Decreto", "300", "2012-07-01")]
    assert len([d for d in result.diagnostics if d.code == "numero-normalizado"]) == 2
    assert norma.tipo == "Lei" and norma.numero is None and norma.localidade == "Lagoa Serena-GO"
    assert [a.id for a in norma.artigos()] == ["art1", "art2"]
