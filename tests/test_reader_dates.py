"""Rule read_dates: the act's date, publication and vigência from the epígrafe, the fecho, the
publication line and the vigência clause (issue 23: dates and vigência of an act). Every text
here is written for the test; the shapes are the acervo's (see the commit that added them)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given, strategies as st

from lexconsolida.amendments import recognise
from lexconsolida.model import Event
from lexconsolida.model.clauses import read_vigencia, vigencia_date
from lexconsolida.readers.text import read
from lexconsolida.transforms.amend import apply
from lexconsolida.transforms.pointintime import at, in_force_from


def _read(body: str, *, head: str = "LEI Nº 10/2012\n\nDispõe sobre a praça.\n\n", tail: str = ""):
    return read((head + body + tail).encode(), path="t.txt")


def _codes(result) -> list[str]:
    return [d.code for d in result.diagnostics]


# --- vigência clause ------------------------------------------------------------------------

@pytest.mark.parametrize("clause, publicacao, expected, code", [
    ("Esta Lei entrará em vigor a partir de 1º de janeiro de 2013, revogadas as disposições em contrário.",
     "2012-10-05", "2013-01-01", "vigencia-diferida"),
    ("Esta Lei entra em vigor em 01 de janeiro de 2013.", None, "2013-01-01", "vigencia-diferida"),
    ("Esta Lei entrará em vigor 90 (noventa) dias após sua publicação.", "2012-10-05", "2013-01-03",
     "vigencia-diferida"),
    ("Esta Lei entrará em vigor no prazo de 60(sessenta) dias, após a sua publicação.", "2012-10-05",
     "2012-12-04", "vigencia-diferida"),
    ("Esta Lei entra em vigor na data de sua publicação, produzindo seus efeitos a partir de 1º de março de 2013.",
     "2012-10-05", "2013-03-01", "vigencia-diferida"),
    ("Esta Lei Complementar entrará em vigor na data da sua publicação, revogando-se as disposições em contrário, "
     "e produzindo seus efeitos a partir do prazo de 90 (noventa) dias após a publicação.", "2012-10-05",
     "2013-01-03", "vigencia-diferida"),
    ("Esta Lei entrará em vigor a partir de 1º de dezembro do corrente ano.", "2012-10-05", "2012-12-01",
     "vigencia-diferida"),
    ("Esta Lei entra em vigor na data de sua publicação, produzindo seus efeitos financeiros a partir de "
     "1º de janeiro de 2013.", "2012-10-05", "2012-10-05", "efeitos-qualificados"),
    ("Esta Lei entrará em vigor na data de sua publicação, retroagindo seus efeitos a 1º de maio de 2012.",
     "2012-10-05", "2012-10-05", "vigencia-retroativa"),
    ("Esta Lei entrará em vigor a partir de 1º de julho de 2012.", "2012-10-05", "2012-10-05", "vigencia-retroativa"),
    ("Esta Lei entrará em vigor na data de sua publicação, revogadas as disposições em contrário.", "2012-10-05",
     "2012-10-05", None),
    ("Esta Lei entrará em vigor na data de sua publicidade.", "2012-10-05", "2012-10-05", None),
    ("Esta Lei entra em vigor na data de sua publicação e produzirá efeitos após sua regulamentação.",
     "2012-10-05", None, "vigencia-indeterminada"),
    ("Esta Lei entrará em vigor na data de sua publicação, ressalvado o art. 3º, que produzirá seus efeitos a "
     "partir da instalação do conselho.", "2012-10-05", None, "vigencia-indeterminada"),
    ("Esta Lei entrará em vigor a partir da vigência do Plano Diretor.", "2012-10-05", None,
     "vigencia-indeterminada"),
    ("Esta Lei entrará em vigor 90 (noventa) dias após sua publicação.", None, None, "vigencia-indeterminada"),
])
def test_the_vigencia_clause_dates_the_act(clause, publicacao, expected, code):
    tail = "\n\nGabinete do Prefeito, 4 de outubro de 2012.\n\nFULANO DE TAL\nPrefeito Municipal\n"
    if publicacao:
        tail += f"\nData da Publicação: {date.fromisoformat(publicacao).strftime('%d/%m/%Y')}\n"
    r = _read(f"Art. 1º Fica criada a praça.\n\nArt. 2º {clause}", tail=tail)
    n = r.norma
    assert (n.data, n.publicacao) == ("2012-10-04", publicacao)
    assert n.vigencia == expected
    said = [d for d in r.diagnostics if d.code.startswith(("vigencia", "efeitos"))]
    assert [d.code for d in said] == ([code] if code else [])
    assert all(d.line == 7 for d in said)  # the clause's line


def test_an_amending_act_without_a_date_for_its_vigencia_is_held_back():
    text = ("LEI Nº 11/2012\n\nAltera a Lei nº 10/2012.\n\n"
            "Art. 1º O art. 1º da Lei nº 10/2012 passa a vigorar com a seguinte redação:\n\n"
            "\"Art. 1º Fica criada a praça central.\"\n\n"
            "Art. 2º Esta Lei entra em vigor na data de sua publicação, produzindo efeitos após sua "
            "regulamentação.\n\nGabinete do Prefeito, 4 de outubro de 2012.\n")
    rec = recognise(read(text.encode()).norma, lambda ref: "urn:base")
    assert [o.target_id for o in rec.operations] == ["art1"]
    (p,) = [p for p in rec.problems if p.code == "vigencia-indeterminada"]
    assert p.blocking and p.where == "art2" and p.target_urn is None
    # an act whose vigência is dated has no such problem
    dated = text.replace("produzindo efeitos após sua regulamentação", "revogadas as disposições em contrário")
    assert not [p for p in recognise(read(dated.encode()).norma, lambda ref: "urn:base").problems
                if p.code == "vigencia-indeterminada"]


def test_a_deferred_amendment_takes_effect_on_its_vigencia():
    base = read("LEI Nº 10/2012\n\nDispõe.\n\nArt. 1º Fica criada a praça.\n\nArt. 2º Vigor.\n\n"
                "Gabinete do Prefeito, 1º de março de 2012.\n".encode()).norma
    amending = read(("LEI Nº 11/2012\n\nAltera.\n\n"
                     "Art. 1º O art. 1º da Lei nº 10/2012 passa a vigorar com a seguinte redação:\n\n"
                     "\"Art. 1º Fica criada a praça central.\"\n\n"
                     "Art. 2º Esta Lei entra em vigor em 1º de janeiro de 2013.\n\n"
                     "Gabinete do Prefeito, 4 de outubro de 2012.\n").encode()).norma
    when = in_force_from(amending)
    assert when == "2013-01-01"
    rec = recognise(amending, lambda ref: "urn:base")
    assert not [p for p in rec.problems if p.blocking]
    out = apply(base, rec.operations, Event("redacao", "urn:11", amending.label, when))
    assert at(out, "2012-12-31").find("art1_cpt").text == "Fica criada a praça."
    assert at(out, "2013-01-01").find("art1_cpt").text == "Fica criada a praça central."


_CLAUSES = st.sampled_from([
    "Esta Lei entra em vigor na data de sua publicação.",
    "Esta Lei entra em vigor em {d}.",
    "Esta Lei entrará em vigor a partir de {d}.",
    "Esta Lei entrará em vigor {n} (dias) dias após a sua publicação.",
    "Esta Lei entra em vigor na data de sua publicação, produzindo seus efeitos a partir de {d}.",
    "Esta Lei entra em vigor na data de sua publicação, retroagindo seus efeitos a {d}.",
    "Esta Lei entra em vigor nesta data.",
    "Esta Lei entra em vigor no primeiro dia do mês seguinte ao da sua publicação.",
    "Esta Lei entra em vigor no exercício seguinte ao da sua publicação.",
])
_DAYS = st.dates(min_value=date(1960, 1, 1), max_value=date(2030, 12, 31))


@given(_CLAUSES, _DAYS, _DAYS, st.integers(1, 400), st.one_of(st.none(), st.integers(0, 60)))
def test_changes_never_count_before_the_act_exists(template, when, signed, days, delay):
    """Whatever the clause says, the date from which the changes count is never before the
    publication (or, without one, the act's date): a compiled text never shows a wording before
    the act that gave it existed."""
    months = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro",
              "outubro", "novembro", "dezembro"]
    text = template.format(d=f"{when.day} de {months[when.month - 1]} de {when.year}", n=days)
    publicacao = None if delay is None else (signed + timedelta(days=delay)).isoformat()
    clause = read_vigencia(text, signed.year)
    assert clause is not None
    result = vigencia_date(clause, publicacao, signed.isoformat())
    floor = publicacao or signed.isoformat()
    assert result.date is None or result.date >= floor
    if result.date is None:  # no date: a person gives it, or the act counts from its own date
        assert result.code == "vigencia-indeterminada" or publicacao is None


# --- the act's date and its publication --------------------------------------------------------

def test_a_fecho_without_comma_and_a_signer_with_a_period_close_the_act():
    """'PREFEITURA … EM 06 DE JANEIRO DE 2001.' / 'JOSÉ …' / 'Prefeito.': the fecho and the
    signature are not text of the last article, and the act gets its date."""
    r = _read("Art. 1º Texto.\n\nArt. 2º Esta Lei entrará em vigor na data da sua publicação.\n\n"
              "PREFEITURA MUNICIPAL DE VILA NOVA EM 06 DE JANEIRO DE 2001.\n\nJOSÉ DA SILVA\nPrefeito.\n",
              head="LEI Nº 2216/2001\n\nAltera a Lei.\n\n")
    n = r.norma
    assert n.data == "2001-01-06"
    assert list(n.artigos())[-1].head_text == "Esta Lei entrará em vigor na data da sua publicação."
    assert n.fecho == ["PREFEITURA MUNICIPAL DE VILA NOVA EM 06 DE JANEIRO DE 2001."]
    assert [(s.name, s.cargo) for s in n.assinaturas] == [("JOSÉ DA SILVA", "Prefeito.")]


def test_a_publication_line_and_a_misspelt_month_in_the_fecho():
    r = _read("Art. 1º Texto.\n\nArt. 2º Esta Lei entrará em vigor na data de sua publicação.\n\n"
              "Gabinete do Prefeito Municipal, 09 de abri de 2012.\n\nFULANO DE TAL\nPrefeito Municipal\n\n"
              "BELTRANO DE TAL\nSecretário Municipal de Administração\n\n"
              "DATA DE PUBLICAÇÃO: 10/04/2012\nPREFEITO: Fulano de Tal.\nAutor: Poder Executivo Assunto:\n",
              head="LEI COMPLEMENTAR Nº 66/2012\n\nAltera.\n\n")
    n = r.norma
    assert (n.data, n.publicacao, n.vigencia) == ("2012-04-09", "2012-04-10", "2012-04-10")
    assert list(n.artigos())[-1].head_text == "Esta Lei entrará em vigor na data de sua publicação."
    assert "DATA DE PUBLICAÇÃO: 10/04/2012" in n.fecho


@pytest.mark.parametrize("line, expected", [
    ("PUBLICADO NO DIÁRIO OFICIAL ELETRÔNICO DIA 12 DE MAIO DE 2015.", "2015-05-12"),
    ("PUBLICADO NO DIÁRIO OFICIAL ELETRÔNICO, DIA 12/05/2015", "2015-05-12"),
    ("DATA DA PUBLICAÇÃO NO DIÁRIO OFICIAL ELETRÔNICO: 12 DE MAIO DE 2015", "2015-05-12"),
    ("Data da Publicação: 12/5/2015", "2015-05-12"),
])
def test_publication_lines_as_printed(line, expected):
    r = _read("Art. 1º Texto.\n\nArt. 2º Esta Lei entra em vigor na data de sua publicação.\n\n"
              "Gabinete do Prefeito, 11 de maio de 2015.\n\nFULANO DE TAL\nPrefeito Municipal\n\n" + line + "\n",
              head="LEI Nº 3/2015\n\nDispõe.\n\n")
    assert (r.norma.publicacao, r.norma.vigencia) == (expected, expected)


def test_a_promulgation_note_dates_an_act_without_fecho():
    r = _read("Art. 1º Fica concedido o título.\n\nArt. 2º Este Decreto Legislativo entra em vigor na data de "
              "sua publicação.\n\nPromulgado em: 25/02/2015\n", head="DECRETO LEGISLATIVO Nº 2/2015\n\nConcede.\n\n")
    assert r.norma.data == "2015-02-25"


def test_epigrafe_after_the_publication_gives_way_to_the_fecho():
    r = _read("Art. 1º Texto.\n\nArt. 2º Esta Lei entra em vigor na data de sua publicação.\n\n"
              "Gabinete do Prefeito, 23 de novembro de 2018.\n\nFULANO DE TAL\nPrefeito\n\n"
              "PUBLICADO NO DIÁRIO OFICIAL DIA 24 DE NOVEMBRO DE 2018\n",
              head="LEI Nº 3900, DE 23 DE DEZEMBRO DE 2018\n\nAltera.\n\n")
    assert (r.norma.data, r.norma.vigencia) == ("2018-11-23", "2018-11-24")
    (d,) = [d for d in r.diagnostics if d.code == "data-divergente"]
    assert "posterior à publicação" in d.message and d.severity.name == "WARNING"


@pytest.mark.parametrize("epigrafe, fecho, expected", [
    ("LEI Nº 5, DE 3 DE MAIO DE 2018", "4 de maio de 2018", "2018-05-04"),  # same year: the signer's
    ("LEI Nº 5, DE 17 DE MARÇO DE 1987", "17 de março de 1988", "1987-03-17"),  # years apart: the act's name
    ("LEI Nº 5/1988, DE 17 DE MARÇO DE 1987", "17 de março de 1988", "1988-03-17"),  # the number's year decides
])
def test_epigrafe_and_fecho_that_disagree(epigrafe, fecho, expected):
    r = _read("Art. 1º Texto.\n\nArt. 2º Esta Lei entra em vigor na data de sua publicação.\n\n"
              f"Prefeitura Municipal de Vila Nova, {fecho}.\n", head=f"{epigrafe}\n\nDispõe.\n\n")
    assert r.norma.data == expected
    assert _codes(r).count("data-divergente") == 1


def test_a_date_of_another_year_than_the_number_is_reported_and_the_publication_dates_the_changes():
    r = _read("Art. 1º Texto.\n\nArt. 2º Esta Lei entra em vigor na data de sua publicação.\n\n"
              "Gabinete do Prefeito Municipal, 19 de abril de 2003.\n\nDATA DE PUBLICAÇÃO: 20/04/2004\n",
              head="LEI COMPLEMENTAR Nº 15/2004\n\nAltera.\n\n")
    n = r.norma
    assert (n.data, n.publicacao, in_force_from(n)) == ("2003-04-19", "2004-04-20", "2004-04-20")
    (d,) = [d for d in r.diagnostics if d.code == "data-incoerente"]
    assert "2004" in d.message and "contam da publicação" in d.message


def test_a_publication_before_the_act_is_left_out_so_that_changes_never_count_too_early():
    r = _read("Art. 1º Texto.\n\nArt. 2º Esta Lei entra em vigor na data de sua publicação.\n\n"
              "GABINETE DO PREFEITO MUNICIPAL, 04 DE DEZEMBRO DE 2001.\n\nDATA DE PUBLICAÇÃO: 14/1/2001\n",
              head="LEI COMPLEMENTAR Nº 4/2001\n\nAltera.\n\n")
    n = r.norma
    assert (n.data, n.publicacao, n.vigencia, in_force_from(n)) == ("2001-12-04", None, None, "2001-12-04")
    assert _codes(r).count("data-incoerente") == 1


def test_a_publication_long_after_the_act_is_reported():
    r = _read("Art. 1º Texto.\n\nArt. 2º Esta Lei entra em vigor na data de sua publicação.\n\n"
              "Gabinete do Prefeito Municipal, 14 de dezembro de 2006.\n\nDATA DE PUBLICAÇÃO: 9/11/2007\n",
              head="LEI COMPLEMENTAR Nº 33/2006\n\nAltera.\n\n")
    assert (r.norma.data, r.norma.publicacao) == ("2006-12-14", "2007-11-09")
    (d,) = [d for d in r.diagnostics if d.code == "data-incoerente"]
    assert "180 dias" in d.message
