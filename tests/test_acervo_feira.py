"""The whole Feira de Santana acervo (../shared/acervos/feira-de-santana-ba, 5,440 real acts)
imported and compiled: corpus-wide invariants of the relations found in the texts."""

from __future__ import annotations

import re

import lxml.html
import pytest

from lexconsolida.acervo import worklist
from lexconsolida.amendments import phrases
from lexconsolida.citations import find_acts
from tests.conftest import FEIRA

pytestmark = [
    pytest.mark.slow,
    pytest.mark.shared,  # the Feira de Santana acervo in ../shared
]


# The fixtures ``feira`` (the acervo imported and compiled) and ``feira_site`` (its site) are
# session fixtures of conftest.py: built once for every corpus-wide module.


def test_every_file_is_imported_or_refused_with_a_reason(feira):
    report, ac, _ = feira
    files = sum(1 for p in FEIRA.rglob("*.txt"))
    assert report.atos + len(report.recusados) + len(report.nao_utilizados) == files
    assert all(r.motivo for r in report.recusados)
    assert len(ac.acts) == report.atos
    # a page that says the number was never used is no act: left out, and counted
    assert report.nao_utilizados and len(ac.unused_numbers) == len(report.nao_utilizados)
    for origem in report.nao_utilizados:
        text = (FEIRA / origem).read_text(encoding="utf-8")
        assert "Art" not in text and "inexistente" in text.lower(), origem


def test_no_internal_error_on_the_whole_acervo(feira):
    """Every act analysed, every history compiled: a bug is an internal error the work list
    shows, and on the real acervo there is none (an operation kind the analysis did not know
    made one of Lei 3.940/2019)."""
    _, _, d = feira
    assert d["erros_internos"] == []


def test_acts_whose_source_has_no_article_are_not_counted_in_force(feira):
    """Pages of the publishing site with only the epígrafe and the ementa: 'texto indisponível'
    in the work list, never 'em vigor' with an empty text."""
    _, ac, d = feira
    empty = [a for a in d["atos"] if not a["dispositivos"] and a["situacao"] != worklist.SITUACAO_REVOGADO]
    # without text, unless what the relations say comes first (a revocation pending review)
    assert empty and all(a["situacao"] in (worklist.SITUACAO_SEM_TEXTO, worklist.SITUACAO_PENDENTE) for a in empty)
    assert sum(a["situacao"] == worklist.SITUACAO_SEM_TEXTO for a in empty) == d["resumo"]["texto_indisponivel"]
    r = d["resumo"]
    # the work list's situations are a partition (issue 36)
    assert r["em_vigor"] + r["revogados"] + r["com_alteracoes_pendentes"] + r["texto_indisponivel"] \
        + r["texto_recusado"] + sum(r["outras_situacoes"].values()) == r["atos"]


def test_every_relation_points_to_an_act_or_is_reported_outside(feira):
    _, ac, d = feira
    assert ac.relations
    for r in ac.relations:
        if r.no_acervo:
            assert r.alvo in ac.corpus.acts, r
    fora = [r for r in d["relacoes"] if not r["no_acervo"]]
    assert fora and all(r["situacao"] == worklist.FORA and r["alvo"] is None for r in fora)
    assert {r["tipo"] for r in d["relacoes"]} <= {"altera", "acrescenta", "revoga", "revoga-dispositivos",
                                                 "regulamenta"}


_NAMED_AFTER_GENERIC = re.compile(r"contr[áa]rio\s*,?\s*(?:e\s+)?(?:em\s+especial|especial(?:mente)?|notadamente"
                                  r"|principalmente)\b", re.IGNORECASE)


def test_no_act_is_revoked_by_a_generic_clause(feira):
    _, ac, _ = feira
    revoked = {u: h for u, h in ac.histories.items() if h.revogado_em}
    assert revoked
    for target, h in revoked.items():
        source = ac.acts[h.revogado_por]
        instructions = [o for o in source.operacoes if o.tipo == "revogacao_total" and o.alvo == target]
        assert instructions, (target, h.revogado_por)
        for o in instructions:
            rest = phrases.GENERIC_REVOCATION.sub("", o.texto)
            # a verb of revocation besides the generic clause, or the clause naming what it revokes
            # ('…, revogadas as disposições em contrário, especialmente a Lei nº …': the grammar)
            assert phrases.REVOGACAO.search(rest) or _NAMED_AFTER_GENERIC.search(o.texto), o.texto
            assert find_acts(rest), o.texto  # the revoked act is named, not 'disposições em contrário'


def test_nothing_needing_a_decision_is_silently_skipped(feira):
    _, ac, d = feira
    # one item per instruction and problem (the review desk's queue: an artigo's caput is the artigo)
    queued = {(q["pasta"], q["codigo"], q["dispositivo"]) for q in d["decisoes"]}
    for r in ac.acts.values():
        for p in r.problemas:
            if p.bloqueia:
                where = p.dispositivo[:-4] if p.dispositivo and p.dispositivo.endswith("_cpt") else p.dispositivo
                assert (r.pasta, p.tipo, where) in queued
    for a in d["alteracoes"]:
        assert a["situacao"] in ("aplicada", "pendente", "ignorada")
        if a["situacao"] != "aplicada":
            assert a["motivo"], a


# -- issue 25: every published act says truthfully what it is (the whole acervo's site) ----------

INDEX_PAGE_LIMIT = 200_000
"""Bytes a page of the site's index (the index or a page of a type and year) may weigh."""

_LOCAL_LINK = re.compile(r'<a class="cit" href="#[^"]*">[^<]*</a>(?P<after>.{0,120})', re.S)
_NAMES_A_NORM = re.compile(
    r"^[\s,.;]*(?:(?:e(?![\s,.;]+(?:d[aeo]s?|n[ao]s?)\s)|incisos?|[IVXL]+|\d+[º°]?)[\s,.;]+){0,4}(?:d[aeo]s?|n[ao]s?)\s+"
    r"(?:Lei|LC|Decreto|Estatuto|C[óo]digo|Constitui[çc][ãa]o|"
    r"Resolu[çc][ãa]o|Portaria|Ato das Disposi|ADCT|CLT|CTN|CTB|Emenda|Medida Provis)", re.I)
"""Written for this test, apart from the linker's own rule: a local link followed by the name
of a norm ('art. 4º da Lei Complementar (LC) 101/2000'), perhaps after numbers the link left out
('arts. 25. 27 e 28 da Lei …'), sends a citation of another norm into the page of the citing
act. 'do art. 3º e da Lei Federal …' coordinates two complements: the art. 3º is the act's own."""


def _page(site, pasta):
    return lxml.html.document_fromstring((site / pasta / "index.html").read_bytes())


def _situacao(doc) -> str:
    return doc.xpath("//dt[.='Situação']/following-sibling::dd")[0].text_content()


def _index_entries(site) -> dict[str, str]:
    """Act page href (from the site's root) → the text of its entry in the index by type and year."""
    out = {}
    for page in (site / "indice").rglob("*.html"):
        doc = lxml.html.document_fromstring(page.read_bytes())
        for li in doc.xpath("//ul[@class='lista-atos']/li"):
            href = li.xpath("a/@href")[0]
            out[href.replace("../", "")] = li.text_content()
    return out


def test_every_revoked_act_says_so_and_none_says_in_force_over_a_revocation(feira_site):
    ac, site = feira_site
    entries = _index_entries(site)
    revoked = [u for u, h in ac.histories.items() if h.revogado_por]
    assert revoked
    for urn in revoked:
        pasta = ac.acts[urn].pasta
        situacao = _situacao(_page(site, pasta))
        by = ac.corpus.acts[ac.histories[urn].revogado_por].label
        assert situacao.startswith("revogad") and by in situacao, pasta
        # the article of the revoking act never links into the revoked act's own page
        assert not _page(site, pasta).xpath("//p[@class='aviso-situacao']//a[starts-with(@href, '#')]"), pasta
        assert "(revogad" in entries[f"{pasta}/index.html"], pasta
    # an act another act declares revoking (ementa or instruction) whose revocation is not
    # applied (pending review) never says "em vigor"
    declared = {r.alvo for r in ac.relations if r.tipo == "revoga" and r.no_acervo}
    for urn in declared - set(revoked):
        situacao = _situacao(_page(site, ac.acts[urn].pasta))
        assert "em vigor" not in situacao and "pendente" in situacao, ac.acts[urn].pasta


def test_pending_and_textless_amendments_on_page_index_entry_and_docx(feira_site):
    import io

    import docx

    from lexconsolida.api import render
    from lexconsolida.model.status import PENDING, WITHOUT_TEXT, status_of

    ac, site = feira_site
    entries = _index_entries(site)
    checked = 0
    for urn in sorted(ac.histories):
        steps = [s for s in ac.steps_of(urn) if s.state in (PENDING, WITHOUT_TEXT)]
        if not steps or ac.histories[urn].norma is None:
            continue
        pasta = ac.acts[urn].pasta
        doc = _page(site, pasta)
        situacao = _situacao(doc)
        assert "em vigor" not in situacao, pasta
        banner = doc.xpath("//p[@class='aviso-situacao']")[0].text_content()
        for s in steps:
            assert s.act_label in situacao and s.act_label in banner, (pasta, s.act_label)
        if any(s.state == PENDING for s in steps):
            assert "com alterações pendentes" in entries[f"{pasta}/index.html"], pasta
        if any(s.state == WITHOUT_TEXT for s in steps):
            assert "alterada por ato sem texto disponível" in entries[f"{pasta}/index.html"], pasta
        norma = ac.norma(urn)
        if not norma.articulacao:  # a source with only the epígrafe: 'Texto indisponível'
            continue
        said = " ".join(doc.xpath("//div[@class='qual-texto']")[0].itertext())
        # what the text lacks (a revocation pending review changes no wording: the banner says it)
        lacking = [s for s in steps if not (s.state == PENDING and s.revokes)]
        for s in lacking:  # acts of one type are named together ('das Leis nº 1, de … e nº 2, de …')
            assert s.act_label.partition(" nº ")[2] in said, (pasta, s.act_label)
        if any(s.state == PENDING for s in lacking):
            assert "pendentes de revisão" in said, pasta
        assert status_of(norma).code != "vigente"
        paras = docx.Document(io.BytesIO(render(norma, "docx"))).paragraphs
        top = " ".join(p.text for p in paras if p.style.name == "Situação do texto")
        for s in steps:
            assert s.act_label in top, (pasta, s.act_label)
        checked += 1
    assert checked >= 50  # the acervo has dozens of acts with amendments pending review


def test_no_citation_of_another_norm_links_into_the_same_page(feira_site):
    ac, site = feira_site
    wrong = []
    local = 0
    for r in ac.acts.values():
        page = site / r.pasta / "index.html"
        for m in _LOCAL_LINK.finditer(page.read_text("utf-8")):
            local += 1
            after = re.sub(r"<[^>]+>", "", m.group("after"))
            if _NAMES_A_NORM.match(after):
                wrong.append((r.pasta, m.group(0)[:160]))
    assert local > 1000 and wrong == []


def test_no_page_of_the_index_weighs_more_than_200_kb(feira_site):
    _, site = feira_site
    pages = [site / "index.html", *(site / "indice").rglob("*.html")]
    assert len(pages) > 100  # a page per type and year
    heavy = [(p.relative_to(site).as_posix(), p.stat().st_size) for p in pages
             if p.stat().st_size > INDEX_PAGE_LIMIT]
    assert heavy == []
    undated = list((site / "indice").rglob("*-sem-data*.html"))
    assert undated  # undated acts have their own group, after the years
