"""Diffs of real texts: CF/88 original vs compiled 2015 (LexML), the Feira de Santana law
and a hand-edited copy, the seed minuta against a copy with articles inserted, moved and
renumbered."""

from __future__ import annotations

import re

import pytest

from lexconsolida.diff import apply_ops, compare, write
from lexconsolida.diff.units import flatten, texts
from lexconsolida.readers import read_file
from tests.conftest import CF88_DIR, CORPUS, SEEDS, run_cli

pytestmark = pytest.mark.shared  # reads ../shared

CF_OLD = CF88_DIR / "CON1988--19881005.LexML.xml"
CF_NEW = CF88_DIR / "CON1988--20150303.LexML.xml"
FEIRA = CORPUS / "feira-de-santana-ba" / "transporte-clandestino" / "lei-2217-2001.txt"


def _need(*paths):
    missing = [str(p) for p in paths if not p.exists()]
    assert not missing, f"material compartilhado incompleto: {missing}"


@pytest.fixture(scope="module")
def cf88():
    _need(CF_OLD, CF_NEW)
    old, new = read_file(CF_OLD).norma, read_file(CF_NEW).norma
    return old, new, compare(old, new)


def _status(report, new_id=None, old_id=None):
    pair = report.by_id(new_id) if new_id else report.by_id(old_id, side="old")
    assert pair is not None, new_id or old_id
    return pair.status


def test_cf88_counts_are_sensible(cf88):
    old, new, report = cf88
    counts = report.counts()
    n_old, n_new = len(flatten(old)), len(flatten(new))
    # most of the text is untouched; changes are a minority, additions a few hundred
    assert counts["unchanged"] > 0.6 * n_old
    assert 150 < counts["changed"] < 400
    assert 300 < counts["added"] < 600 and counts["removed"] < 80
    assert counts["added"] - counts["removed"] < n_new - n_old + 60
    added_articles = {p.new[0].id for p in report.pairs
                      if p.status == "added" and p.new[0].kind == "artigo"}
    assert {"art103-1", "art103-2", "art29-1", "art130-1", "art146-1", "art149-1",
            "art216-1"} <= added_articles


def test_cf88_known_changes(cf88):
    _, _, report = cf88
    # Parágrafo único of art. 28 became § 1º (EC 19/1998 added § 2º)
    pair = report.by_id("art28_par1")
    assert pair.status == "moved" and pair.old[0].id == "art28_par1u"
    # art. 41 § 1º split into a head and two incisos (EC 19/1998)
    pair = report.by_id("art41_par1")
    assert pair.status == "split" and [u.id for u in pair.new] == [
        "art41_par1", "art41_par1_inc1", "art41_par1_inc2"]
    # the military's rules moved from art. 42 to art. 142 § 3º (EC 18/1998)
    pair = report.by_id("art142_par3_inc4")
    assert pair.status == "moved" and pair.old[0].id == "art42_par5"
    # art. 5º gained inciso LXXVIII (EC 45/2004)
    assert _status(report, "art5_cpt_inc78") == "added"
    # the untouched preamble of rights stays untouched
    assert _status(report, "art5_cpt_inc1") == "unchanged"


def test_cf88_json_ops_rebuild_the_compiled_text(cf88):
    old, new, report = cf88
    assert apply_ops(old, write(report, "json")) == texts(new)


def test_cf88_html_has_one_row_per_pair(cf88):
    _, _, report = cf88
    html = write(report, "html").decode()
    assert len(re.findall(r'<tr id="', html)) == len(report.pairs)
    assert 'id="art103-1"' in html and 'id="antigo-art40_cpt_inc3"' in html


def _edit_feira(text: str) -> str:
    """A hand edit: art. 3º fines raised, art. 4º reworded, a new art. after art. 5º and the
    following articles renumbered."""
    text = text.replace("multa de 600 UFIR`S (seiscentas", "multa de 800 UFIR`S (oitocentas")
    text = text.replace("Sempre que necessário, será requisitada força policial",
                        "Sempre que necessário, o órgão competente requisitará força policial")
    text = text.replace("Art. 8º Esta Lei", "Art. 9º Esta Lei")
    text = text.replace("Art. 7º O chefe", "Art. 8º O chefe")
    text = text.replace("Art. 6º Ao transportador", "Art. 7º Ao transportador")
    return text.replace(
        "§ 2º Recusando-se o infrator a assinar o auto, este será instruído com a assinatura de "
        "duas testemunhas.",
        "§ 2º Recusando-se o infrator a assinar o auto, este será instruído com a assinatura de "
        "duas testemunhas.\n\nArt. 6º O veículo apreendido será recolhido ao pátio municipal, "
        "correndo por conta do infrator as despesas de remoção e guarda.",
    )


def test_feira_de_santana_hand_edited(tmp_path):
    _need(FEIRA)
    edited = tmp_path / "lei-2217-2001-editada.txt"
    edited.write_text(_edit_feira(FEIRA.read_text(encoding="utf-8")), encoding="utf-8")
    old, new = read_file(FEIRA).norma, read_file(edited).norma
    report = compare(old, new)
    assert _status(report, "art6") == "added"
    for old_id, new_id in (("art6", "art7"), ("art7", "art8"), ("art8", "art9")):
        pair = report.by_id(new_id)
        assert pair.status == "moved" and pair.old[0].id == old_id and not pair.text_changed
    assert _status(report, "art4") == "changed"
    changed = [p for p in report.pairs if p.status == "changed"]
    assert len(changed) == 2
    assert apply_ops(old, write(report, "json")) == texts(new)


def _edit_minuta(text: str) -> tuple[str, int]:
    """Insert an article after art. 3º and renumber the rest (+1); returns text and count."""
    count = 0

    def bump(m: re.Match) -> str:
        nonlocal count
        n = int(m.group(2))
        if n <= 3:
            return m.group(0)
        count += 1
        k = n + 1
        return f"{m.group(1)}{k}{'º' if k < 10 else ''}{m.group(3)}"

    out = re.sub(r"(?m)^(Art\. )(\d+)[º°]?(\s*[-–.]?)", bump, text)
    insert = ("Art. 4º - O Poder Executivo manterá cadastro público e atualizado das empresas "
              "operadoras de plataformas tecnológicas autorizadas no Município.\n")
    out = re.sub(r"(?m)^Art\. 5º", insert + "Art. 5º", out, count=1)
    return out, count


def test_seed_minuta_inserted_and_renumbered(tmp_path):
    seeds = sorted(SEEDS.glob("000_*.txt"))
    assert seeds, f"semente 000 ausente em {SEEDS}"
    edited_text, bumped = _edit_minuta(seeds[0].read_text(encoding="utf-8"))
    edited = tmp_path / "minuta-editada.txt"
    edited.write_text(edited_text, encoding="utf-8")
    old, new = read_file(seeds[0]).norma, read_file(edited).norma
    report = compare(old, new)
    added_articles = [p for p in report.pairs if p.status == "added" and p.new[0].kind == "artigo"]
    assert [p.new[0].id for p in added_articles] == ["art4"]
    moved_articles = [p for p in report.pairs if p.status == "moved" and p.new[0].kind == "artigo"]
    assert bumped > 20 and len(moved_articles) == bumped
    assert all(not p.text_changed for p in moved_articles)
    counts = report.counts()
    assert counts["removed"] == counts["changed"] == counts["split"] == counts["merged"] == 0
    assert apply_ops(old, write(report, "json")) == texts(new)


def test_feira_de_santana_compiled_by_amend_with_the_amending_act_in_the_middle(tmp_path):
    """Lei 2.217/2001 against itself as amended by Lei 2.331/2002 (the amend command), with
    the amending act as the middle column."""
    amending = FEIRA.parent / "lei-2331-2002.txt"
    _need(FEIRA, amending)
    compiled = tmp_path / "2217-compilada.xml"
    proc = run_cli("amend", FEIRA, amending, "-o", compiled)
    assert proc.returncode == 0 and compiled.exists(), proc.stderr.decode()[-300:]
    old, new = read_file(FEIRA).norma, read_file(compiled).norma
    middle = read_file(amending).norma
    report = compare(old, new, middle=middle)
    assert _status(report, "art3_cpt_inc1_ali3") == "added"
    assert _status(report, "art3_cpt_inc2_ali3") == "added"
    assert _status(report, "art3_cpt_inc1_ali1") == "changed"
    assert _status(report, "art1") == "unchanged"
    pair = report.by_id("art3_cpt_inc1_ali1")
    assert pair.middle and "R$ 180,00" in pair.middle[0].text
    html = write(report, "html").decode()
    assert '<th scope="col">Alteração</th>' in html
    assert apply_ops(old, write(report, "json")) == texts(new)
