"""Every notice of an act's page says exactly what the page holds (issue 36): one test per notice,
each checking the notice's claim against the page's own content — never the notice's wording
alone.

The corpus is Vila Exemplo (``tests/site_sample.py``) and a few acts made here for the notices it
lacks: an act with a change pending review, a revocation pending review, an amending act without
text, an act without text whose units another act revokes, a future vigência, a text cut short,
and a draft. (The kept-page notices — "já com" or "sem as alterações" — are checked on a real
build in ``tests/test_publish_stale.py``.)
"""

from __future__ import annotations

import re

import lxml.html
import pytest

from lexconsolida.model import Dispositivo, Event, Kind, Norma, Situacao
from lexconsolida.model.numbering import Number
from lexconsolida.model.status import PENDING, WITHOUT_TEXT, Step, mark
from lexconsolida.site import build_site
from lexconsolida.site.model import SiteAct, SiteCorpus
from tests.site_sample import VILA, fictional_corpus, urn

LEI_20 = "Lei nº 20, de 5 de abril de 2021"
LEI_30 = "Lei nº 30, de 6 de maio de 2022"
NEW_WORDING = "multa de R$ 300,00"


def _art(n: int, text: str) -> Dispositivo:
    cpt = Dispositivo(Kind.CAPUT, f"art{n}_cpt", None, text=text)
    return Dispositivo(Kind.ARTIGO, f"art{n}", f"Art. {n}º", children=[cpt], number=Number(n))


def _law(numero: str, data: str, arts: list[str], **kw) -> Norma:
    return Norma(tipo=kw.pop("tipo", "Lei"), numero=numero, data=data, urn=urn("lei", data, numero),
                 vigencia=kw.pop("vigencia", data), ementa=f"Dispõe sobre o assunto {numero}.",
                 articulacao=[_art(i, t) for i, t in enumerate(arts, 1)],
                 fecho=kw.pop("fecho", [f"Vila Exemplo, {data}."]), **kw)


def _acts() -> list[SiteAct]:
    pending = mark(_law("40", "2019-01-10", ["A falta de licença sujeita a multa de R$ 100,00."]),
                   [Step(urn("lei", "2021-04-05", "20"), LEI_20, "2021-04-05", PENDING, 1)])
    revoking = mark(_law("41", "2019-01-11", ["O comércio depende de licença."]),
                    [Step(urn("lei", "2021-04-05", "20"), LEI_20, "2021-04-05", PENDING, 1, revokes=True)])
    textless_amender = mark(_law("42", "2019-01-12", ["A feira funciona aos sábados."]),
                            [Step(urn("lei", "2022-05-06", "30"), LEI_30, "2022-05-06", WITHOUT_TEXT)])
    units = Norma(tipo="Lei", numero="43", data="2019-01-13", urn=urn("lei", "2019-01-13", "43"),
                  vigencia="2019-01-13", ementa="Dispõe sobre as bancas.")
    mark(units, [Step(urn("lei", "2021-04-05", "20"), LEI_20, "2021-04-05", "ignorada", revokes_units=True)])
    future = _law("44", "2019-01-14", ["Esta Lei regula o mercado."], vigencia="2099-01-01")
    cut = _law("45", "2019-01-15", ["O mercado abre às 6h.", "O mercado fecha às 13h."], fecho=[])
    draft = _law("46", "2019-01-16", ["Fica proibido o som alto."], tipo="Minuta de Lei")
    revoked = _law("47", "2019-01-17", ["A banca mede dois metros."], situacao=Situacao.REVOGADO,
                   events=[Event("revogacao", urn("lei", "2021-04-05", "20"), LEI_20, "2021-04-05", dispositivo="art9")])
    place = "sp-vila-exemplo"
    return [SiteAct(pending, f"{place}/lei-40-2019", VILA), SiteAct(revoking, f"{place}/lei-41-2019", VILA),
            SiteAct(textless_amender, f"{place}/lei-42-2019", VILA),
            SiteAct(units, f"{place}/lei-43-2019", VILA, texto_disponivel=False),
            SiteAct(future, f"{place}/lei-44-2019", VILA), SiteAct(cut, f"{place}/lei-45-2019", VILA),
            SiteAct(draft, f"{place}/minuta-de-lei-46-2019", VILA), SiteAct(revoked, f"{place}/lei-47-2019", VILA)]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    corpus = fictional_corpus()
    out = tmp_path_factory.mktemp("avisos")
    build_site(SiteCorpus(corpus.acts + _acts(), nome=corpus.nome), out)
    return out


class Page:
    def __init__(self, site, path: str) -> None:
        self.doc = lxml.html.document_fromstring((site / path).read_bytes())
        for hidden in self.doc.xpath("//*[contains(@class,'sr-only')]"):  # what a screen reader adds
            hidden.drop_tree()

    def text(self, xpath: str = "//main") -> str:
        return " ".join(" ".join(n.text_content() for n in self.doc.xpath(xpath)).split())

    @property
    def banner(self) -> str:
        return self.text("//p[contains(@class,'aviso-situacao')]")

    @property
    def qual(self) -> str:
        return self.text("//div[@class='qual-texto']")

    @property
    def body(self) -> str:
        """The text the page prints (the section of the text), without the notices above it."""
        return self.text("//section[contains(@class,'texto')]")

    @property
    def situacao(self) -> str:
        return self.text("//dt[.='Situação']/following-sibling::dd")

    def notes(self) -> set[str]:
        """The acts the notes of the units name ('(Redação dada pela Lei nº …)')."""
        return {m.group(1) for m in re.finditer(r"\((?:Redação dada|Incluído|Revogado) pel[ao] ([^()]+?)\)", self.body)}


def test_compiled_text_names_exactly_the_acts_whose_changes_it_carries(site):
    """'Texto compilado até …, com as alterações das Leis nº 120 … e nº 130 …': each act named
    has its changes in the text (a note), and no note names an act the sentence does not."""
    page = Page(site, "sp-vila-exemplo/lei-100-2020/index.html")
    assert page.qual.startswith("Texto compilado até 1º de junho de 2022, com as alterações das Leis nº 120, de "
                                "1º de março de 2021 e nº 130, de 1º de junho de 2022.")
    assert page.notes() == {"Lei nº 120, de 1º de março de 2021", "Lei nº 130, de 1º de junho de 2022"}
    assert "A fiscalização cabe à Secretaria de Abastecimento." in page.body  # the last change is in it


def test_original_text_has_no_change_in_it(site):
    """'Texto original, como publicado.': no unit carries a note of another act."""
    page = Page(site, "sp-vila-exemplo/decreto-15-2021/index.html")
    assert page.qual.startswith("Texto original, como publicado.")
    assert page.notes() == set()


def test_pending_changes_are_said_absent_and_are_absent(site):
    """'Alterações pendentes de revisão: Lei nº 20 …. Essas alterações ainda não estão no texto
    abaixo.' — and the text is the one before them."""
    page = Page(site, "sp-vila-exemplo/lei-40-2019/index.html")
    assert page.banner == (f"Alterações pendentes de revisão: {LEI_20} (1 instrução). Essas alterações ainda "
                           "não estão no texto abaixo.")
    assert "Texto original, como publicado, sem as alterações da Lei nº 20" in page.qual
    assert "R$ 100,00" in page.body and NEW_WORDING not in page.body and page.notes() == set()
    assert page.text("//h2[@id='texto-titulo']") == "Texto sem as alterações pendentes"


def test_a_pending_revocation_publishes_the_text_as_it_was_and_never_revoked(site):
    page = Page(site, "sp-vila-exemplo/lei-41-2019/index.html")
    assert page.banner == (f"Revogação pendente de revisão: a {LEI_20} declara revogar esta lei; até a revisão, "
                           "o texto abaixo é publicado como estava.")
    assert "O comércio depende de licença." in page.body  # as it was
    # the text lacks no change: it is the original, and its title says what waits
    assert page.qual == "Texto original, como publicado."
    assert page.text("//h2[@id='texto-titulo']") == "Texto com revogação pendente"
    assert page.situacao.startswith("com revogação pendente de revisão") and "revogada" not in page.situacao


def test_an_amending_act_without_text_is_said_missing_from_the_text(site):
    page = Page(site, "sp-vila-exemplo/lei-42-2019/index.html")
    assert page.banner.startswith(f"Alterada por ato sem texto disponível: a {LEI_30} altera esta lei, mas o "
                                  "texto desse ato não está no acervo")
    assert "A feira funciona aos sábados." in page.body and page.notes() == set()


def test_an_act_without_text_says_so_and_prints_no_text(site):
    """'Texto não disponível': no article on the page; what the relations say (units revoked by
    the Lei nº 20) is its status, not 'em vigor'."""
    page = Page(site, "sp-vila-exemplo/lei-43-2019/index.html")
    assert "Texto não disponível: o acervo só tem os dados deste ato." in page.banner
    assert f"Dispositivos revogados: a {LEI_20} revoga dispositivos desta lei, cujo texto não está no acervo." \
        in page.banner
    assert page.situacao == f"texto não disponível; parcialmente revogada (dispositivos revogados pela {LEI_20})"
    assert not page.doc.xpath("//*[contains(@class,'artigo')]") and page.qual == ""
    assert page.text("//section[contains(@class,'texto')]/p") == "Texto não disponível no acervo."


def test_a_future_vigencia_is_the_date_the_page_gives(site):
    page = Page(site, "sp-vila-exemplo/lei-44-2019/index.html")
    assert page.banner == "Lei com vigência futura: entra em vigor em 1º de janeiro de 2099."
    assert page.text("//dt[.='Vigência']/following-sibling::dd") == "1º de janeiro de 2099"


def test_a_text_cut_short_says_where_it_ends(site):
    page = Page(site, "sp-vila-exemplo/lei-45-2019/index.html")
    assert "Texto incompleto: o texto-fonte termina no Art. 2º, sem fecho nem assinaturas." in page.qual
    labels = page.doc.xpath("//section[contains(@class,'texto')]//a[@class='rotulo']/text()")
    assert labels[-1] == "Art. 2º" and not page.doc.xpath("//p[@class='fecho']")


def test_a_draft_is_never_a_text_in_force(site):
    page = Page(site, "sp-vila-exemplo/minuta-de-lei-46-2019/index.html")
    assert page.banner.startswith("Minuta de Lei sem valor normativo")
    assert page.text("//h2[@id='texto-titulo']") == "Texto proposto" and "vigente" not in page.text()


def test_a_revoked_act_prints_its_last_text_in_force_under_that_title(site):
    page = Page(site, "sp-vila-exemplo/lei-90-2019/index.html")  # revoked, and without text
    assert page.banner.startswith("Lei revogada pela Lei nº 100")
    assert page.situacao.startswith("revogada pela Lei nº 100")


def test_the_compiled_view_strikes_what_it_says_it_strikes(site):
    """'as redações superadas aparecem riscadas': there are struck wordings, and each is followed
    by the note of the act that replaced it."""
    page = Page(site, "sp-vila-exemplo/lei-100-2020/compilado.html")
    assert "as redações superadas aparecem riscadas" in page.text("//p[@class='aviso-visao']")
    struck = page.doc.xpath("//section[contains(@class,'texto')]//del")
    assert struck and "A taxa de ocupação é de 5 UPF por banca." in " ".join(d.text_content() for d in struck)


def test_a_version_page_is_the_text_of_its_date(site):
    """'Versão histórica: o texto como estava em vigor nesta data': the 2020 version has the
    original wording of art. 2º, not the one the Lei nº 120 gave in 2021."""
    page = Page(site, "sp-vila-exemplo/lei-100-2020/versoes/2020-05-04.html")
    assert "Versão histórica: o texto como estava em vigor nesta data." in page.text("//p[@class='aviso-visao']")
    assert "5 UPF" in page.body and "10 UPF" not in page.body


def test_a_revoked_text_is_not_said_changed_by_the_act_that_revoked_it(site):
    """The revoking act changed nothing in the last text in force: the page says it is revoked
    (and by which act) and that the text is the original, not 'compilado com as alterações' of
    the act that revoked it."""
    page = Page(site, "sp-vila-exemplo/lei-47-2019/index.html")
    assert page.banner == (f"Lei revogada pelo art. 9º da {LEI_20}, desde 5 de abril de 2021: não está em vigor.")
    assert page.qual == "Texto original, como publicado."
    assert page.text("//h2[@id='texto-titulo']") == "Último texto em vigor" and page.notes() == set()
