"""Readings that must not go wrong quietly (issue 33), each run as a user runs the command.

- A DOCX of another template, with one paragraph in a style whose name is also ours
  ('Preâmbulo'), is read as text, not taken for our template (which dropped every other
  paragraph: an empty law, exit 0).
- One quoted block that gives the same unit twice is a warning on that block; the law is read
  (it was refused whole: an omnibus law unreadable for one block).
- ``check`` fails a law with no article (it passed an empty law clean).
"""

from __future__ import annotations

import io

from tests.conftest import run_cli

LAW = ["LEI Nº 10, DE 5 DE MAIO DE 2020", "Altera a Lei nº 1, de 2 de janeiro de 2019.",
       "O PREFEITO MUNICIPAL faz saber que a Câmara Municipal aprovou e ele sanciona a seguinte Lei:",
       "Art. 1º O art. 5º da Lei nº 1, de 2 de janeiro de 2019, passa a vigorar com a seguinte redação:",
       '"Art. 5º É proibido:', "I - estacionar em fila dupla;", "a) nas vias principais;",
       'a) nas vias secundárias." (NR)',
       "Art. 2º Esta Lei entra em vigor na data de sua publicação.",
       "Município de Exemplo, 5 de maio de 2020.", "FULANO DE TAL", "Prefeito Municipal"]


def _docx_with_one_styled_paragraph(path) -> None:
    from docx import Document
    from docx.enum.style import WD_STYLE_TYPE

    doc = Document()
    doc.styles.add_style("Preâmbulo", WD_STYLE_TYPE.PARAGRAPH)
    for i, line in enumerate(LAW):
        doc.add_paragraph(line, style="Preâmbulo" if i == 2 else None)
    buf = io.BytesIO()
    doc.save(buf)
    path.write_bytes(buf.getvalue())


def test_one_paragraph_in_a_shared_style_name_is_not_our_template(tmp_path):
    src, out = tmp_path / "lei.docx", tmp_path / "lei.xml"
    _docx_with_one_styled_paragraph(src)
    run = run_cli("parse", src, "-o", out, "--local", "br")
    assert run.returncode == 0, run.stderr.decode()
    xml = out.read_text("utf-8")
    assert 'id="art1"' in xml and 'id="art2"' in xml


def test_a_unit_quoted_twice_in_a_block_is_a_warning_on_the_block(tmp_path):
    src, out = tmp_path / "lei.txt", tmp_path / "lei.xml"
    src.write_text("\n\n".join(LAW) + "\n", "utf-8")
    run = run_cli("parse", src, "-o", out, "--local", "br")
    err = run.stderr.decode()
    assert run.returncode == 0, err
    assert "bloco de alteração com dispositivos repetidos" in err and "linha 9" in err
    xml = out.read_text("utf-8")
    assert 'id="art2"' in xml and "nas vias principais" in xml and "nas vias secundárias" in xml


def test_check_fails_a_law_with_no_article(tmp_path):
    src = tmp_path / "lei.txt"
    src.write_text("\n\n".join(LAW[:3] + LAW[-3:]) + "\n", "utf-8")
    run = run_cli("check", src)
    out = run.stdout.decode()
    assert run.returncode == 1, out + run.stderr.decode()
    assert "nenhum artigo" in out
