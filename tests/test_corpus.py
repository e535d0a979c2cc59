"""Loading statutes/: acts, municipalities (unknown keys kept), relations resolved from
citations, events, decisions; errors name the file."""

import shutil

import pytest

from lexconsolida.citations import ActRef
from lexconsolida.corpus import load
from lexconsolida.errors import InputError
from tests.conftest import STATUTES

L2217 = "urn:lex:br;bahia;feira.santana:municipal:lei:2001-01-05;2217"


@pytest.fixture(scope="module")
def corpus():
    return load(STATUTES)


@pytest.mark.shared
def test_loads_every_act(corpus):
    assert {"ba-feira-de-santana", "mt-barra-do-garcas", "mt-pedra-preta"} <= set(corpus.municipios)
    fsa = [a for a in corpus.acts.values() if a.municipio == "ba-feira-de-santana"]
    assert sorted(a.numero for a in fsa) == ["2.217", "2.244", "2.331", "2.421", "2.748", "3.477"]
    assert all(a.texto is not None and a.texto.exists() for a in fsa)


@pytest.mark.shared
def test_feira_texts_are_read_from_the_shared_corpus(corpus):
    """The act's text is the shared file itself (no copy in statutes/)."""
    from tests.conftest import CORPUS

    for act in (a for a in corpus.acts.values() if a.municipio == "ba-feira-de-santana"):
        assert act.texto.resolve().is_relative_to(CORPUS.resolve() / "feira-de-santana-ba")
        assert act.texto_origem.startswith("compartilhado:corpus/feira-de-santana-ba/")
        assert not (act.folder / "texto.txt").exists()


def test_relations_resolved_from_citations(corpus):
    assert [a.numero for a in corpus.related(L2217, "altera")] == ["2.331", "2.421", "3.477"]
    rel = corpus.get("urn:lex:br;bahia;feira.santana:municipal:lei:2007-03-05;2748").relacoes[0]
    assert rel.alvos == ["urn:lex:br;bahia;feira.santana:municipal:lei:2001-05-30;2244"]
    assert rel.alvos_texto == ["Lei Municipal nº 2.244/01"]


def test_events_and_dates(corpus):
    a = corpus.get(L2217)
    assert (a.data, a.publicacao, a.vigencia, a.in_force_from) == ("2001-01-05", "2001-01-06", "2001-01-06", "2001-01-06")
    assert a.label == "Lei nº 2.217, de 5 de janeiro de 2001"
    assert [e.tipo for e in a.eventos] == ["publicacao", "vigencia"]
    assert "assinatura" in a.eventos[0].nota


@pytest.mark.parametrize("ref, near, urn", [
    (ActRef("lei", "2217", 2001), None, L2217),
    (ActRef("lei", "2217", None), L2217, L2217),
    (ActRef("lei", "4100", 2019, "2019-08-07"), None, "urn:lex:br;mato.grosso;barra.garcas:municipal:lei:2019-08-07;4100"),
    (ActRef("decreto", "4213"), None, "urn:lex:br;mato.grosso;barra.garcas:municipal:decreto:2019-11-04;4213"),
    (ActRef("lei", "2217", 2002), None, None),
    (ActRef("lei", "2217", 2001, esfera="federal"), None, None),
    (ActRef("lei", "9999", 2001), None, None),
])
def test_resolve(corpus, ref, near, urn):
    assert corpus.resolve(ref, near) == urn


def test_resolve_text_with_typos(corpus):
    urns = corpus.resolve_text("Revogam-se a Lei Nº 4,100, de 07 de agosto de 2019, e do Decreto Nº de 4.213")
    assert [u.rsplit(";", 1)[-1] for u in urns] == ["4100", "4213"]


@pytest.mark.shared
def test_find_by_urn_folder_and_file(corpus):
    folder = STATUTES / "ba-feira-de-santana" / "lei-2217-2001"
    assert corpus.find(L2217).folder == corpus.find(folder).folder == corpus.find(folder / "texto.txt").folder
    assert corpus.find("urn:lex:br:federal:lei:1999-01-01;1") is None


def test_unknown_municipality_keys_kept(tmp_path):
    root = tmp_path / "statutes"
    shutil.copytree(STATUTES / "mt-pedra-preta", root / "mt-pedra-preta")
    toml = root / "mt-pedra-preta" / "municipio.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + '\n[chave_nova_de_teste]\nnome = "UPF"\nvalor = 10.5\n',
                    encoding="utf-8")
    m = load(root).municipios["mt-pedra-preta"]
    assert m.data["chave_nova_de_teste"] == {"nome": "UPF", "valor": 10.5} and m.localidade_urn == "br;mato.grosso;pedra.preta"


def _one_act(tmp_path, norma_toml: str):
    root = tmp_path / "statutes"
    shutil.copytree(STATUTES / "ba-feira-de-santana", root / "ba-feira-de-santana")
    d = root / "ba-feira-de-santana" / "lei-1-2020"
    d.mkdir()
    (d / "norma.toml").write_text(norma_toml, encoding="utf-8")
    return root, d / "norma.toml"


@pytest.mark.parametrize("toml, message", [
    ('tipo = "Lei"\nurn = "urn:lex:br;bahia;feira.santana:municipal:lei:2020-01-01;1"\n[[relacoes]]\ntipo = "muda"\nalvos = ["x"]\n',
     "relação de tipo desconhecido"),
    ('tipo = "Lei"\nurn = "urn:lex:br;bahia;feira.santana:municipal:lei:2020-01-01;1"\n[[relacoes]]\ntipo = "altera"\nalvos = ["Lei nº 7.777/1990"]\n',
     "alvo da relação 'altera' não identificado"),
    ('tipo = "Lei"\nurn = "urn:lex:br;bahia;feira.santana:municipal:lei:2001-01-05;2217"\n', "URN repetida"),
    ('tipo = "Lei"\nurn = "urn:x"\ndata = "05/01/2001"\n', "data inválida"),
    ('tipo = "Lei"\nurn = ', "TOML inválido"),
    ('urn = "urn:lex:br;bahia;feira.santana:municipal:lei:2020-01-01;1"\n', "falta a chave obrigatória 'tipo'"),
])
@pytest.mark.shared
def test_errors_name_the_file(tmp_path, toml, message):
    root, path = _one_act(tmp_path, toml)
    with pytest.raises(InputError) as err:
        load(root)
    assert message in str(err.value) and "norma.toml" in str(err.value)


@pytest.mark.shared
def test_an_invalid_decision_is_listed_with_its_line_and_the_others_still_count(tmp_path):
    """A mistyped 'decisao' value no longer stops the acervo (issue 29): the entry is left out
    and listed with the file and the line of its [[decisoes]] header."""
    urn = "urn:lex:br;bahia;feira.santana:municipal:lei:2020-01-01;1"
    root, path = _one_act(tmp_path, f'tipo = "Lei"\nurn = "{urn}"\n\n[[decisoes]]\nproblema = "x"\n'
                                    'decisao = "talvez"\n\n[[decisoes]]\nproblema = "y"\ndecisao = "ignorar"\n')
    act = load(root).acts[urn]
    assert [d.problema for d in act.decisoes] == ["y"] and act.decisoes[0].linha == 8
    (issue,) = act.decisoes_invalidas
    assert issue.linha == 4 and issue.arquivo == "lei-1-2020/norma.toml"
    assert issue.describe() == ("lei-1-2020/norma.toml, linha 4: decisão inválida, não aplicada: valor de 'decisao' "
                                "desconhecido: 'talvez' (use aplicar, ignorar, operacoes, nao-textual, adiar)")


@pytest.mark.shared
def test_citations_in_texts_resolved(corpus):
    got = [(c.act.key, urn) for c, urn in corpus.citations("urn:lex:br;bahia;feira.santana:municipal:lei:2003-06-30;2421")]
    assert got[0][1].endswith(";2421")  # its own epígrafe
    assert got[1:3] == [(("lei", "2217", 2001), L2217),
                        (("lei", "2331", 2002), "urn:lex:br;bahia;feira.santana:municipal:lei:2002-05-21;2331")]
    outside = [c.act.label() for c, urn in corpus.citations(L2217) if urn is None]
    assert outside == ["Lei nº 8.987/1995", "Lei nº 1.889/1997"]
