"""The HTML checker itself: it must catch what it claims to catch."""

from __future__ import annotations

from tests.linkcheck import check_page, check_site

FOOT = "<footer>Este texto não substitui o publicado no Diário Oficial.</footer>"


def page(body: str, lang: str = "pt-BR") -> bytes:
    return (f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8"><title>T</title>'
            f"</head><body>{body}{FOOT}</body></html>").encode()


def problems(body: str, **kw) -> list[str]:
    return check_page(page(body, **kw))[1]


def test_a_good_page_passes():
    assert problems('<main id="m"><h1>A</h1><h2>B</h2><p><a href="#m">x</a></p></main>') == []


def test_each_defect_is_reported():
    assert any("id repetido: a" in p for p in problems('<h1 id="a">A</h1><p id="a">x</p>'))
    assert any("âncora sem destino: #nada" in p for p in problems('<h1>A</h1><a href="#nada">x</a>'))
    assert any("exatamente um h1" in p for p in problems("<h1>A</h1><h1>B</h1>"))
    assert any("salta de h1 para h3" in p for p in problems("<h1>A</h1><h3>B</h3>"))
    assert any("fecha" in p for p in problems("<h1>A</h1><p><em>x</p></em>"))
    assert any("</body> fecha <div>" in p for p in problems("<h1>A</h1><div><p>x</p>"))
    assert any("não fechados: div" in p for p in check_page(b"<!DOCTYPE html><div>")[1])
    assert any("pt-BR" in p for p in problems("<h1>A</h1>", lang="en"))
    assert any("rodapé" in p for p in check_page(b'<!DOCTYPE html><html lang="pt-BR"><title>T</title><h1>A</h1></html>')[1])


def test_site_links_are_checked_across_pages(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "index.html").write_bytes(page(
        '<h1 id="x">I</h1><a href="a/p.html#y">ok</a><a href="a/p.html#z">sem âncora</a>'
        '<a href="falta.html">quebrado</a><a href="../fora.html">fora</a>'))
    (tmp_path / "a" / "p.html").write_bytes(page('<h1 id="y">P</h1><a href="../index.html#x">volta</a>'))
    found = check_site(tmp_path)
    assert found == [
        "index.html: âncora inexistente em a/p.html: a/p.html#z",
        "index.html: link quebrado: falta.html",
        "index.html: link sai do site: ../fora.html",
    ]
