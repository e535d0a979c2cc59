"""No input hangs the text reader (issue 29).

- Article numbers of any size: 'Art. 10000' and 'Art. 1.000' are articles, never text folded
  into the article before them; a gap to a huge number is reported, not enumerated.
- A generated act of many one-line articles (the shape that ran 25 minutes at 50 MB) is read
  whole by the ``parse`` command; the 20 MB case under a time budget is in ``bench/parse.py``.
- Doubling the input at most about doubles the work, counted in machine instructions
  (Valgrind's callgrind, deterministic), never in seconds: twice the articles, or every unit
  twice as long. A quadratic copy shows up in the memory-copy functions long before it shows in
  the total, so those are held to the same bound.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.textgen import Article, longer, one_line_articles, one_long_unit, render
from lexconsolida.readers import get_reader
from tests.conftest import ROOT, run_cli

read = get_reader("text")


def _article_ids(norma) -> list[str]:
    return [a.id for a in norma.artigos()]


def test_article_numbers_of_any_size():
    shape = [Article()] * 3
    text = render(shape).decode("utf-8")
    for printed, expected in (("Art. 10000.", "art10000"), ("Art. 123456.", "art123456"),
                              ("Art. 9999999999.", "art9999999999")):
        body = text.replace("Art. 3º", printed)
        norma = read(body.encode("utf-8")).norma
        assert _article_ids(norma) == ["art1", "art2", expected], printed
        assert norma.artigos().__next__().text.count("Art.") == 0


def test_article_numbers_printed_with_a_thousands_dot():
    lines = ["LEI Nº 1, DE 2 DE JANEIRO DE 2020", "", "Dispõe sobre teste.", ""]
    lines += [f"Art. {n:,}. Texto do artigo {n}.".replace(",", ".") for n in (998, 999, 1000, 1001, 12345)]
    lines += ["", "Cidade, 2 de janeiro de 2020.", "", "FULANO", "Prefeito"]
    norma = read("\n".join(lines).encode("utf-8")).norma
    assert _article_ids(norma) == ["art998", "art999", "art1000", "art1001", "art12345"]
    assert [a.rotulo_printed for a in norma.artigos()][2:4] == ["Art. 1.000", "Art. 1.001"]
    assert [a.children[0].text for a in norma.artigos()][2] == "Texto do artigo 1000."


def test_a_gap_to_a_huge_article_number_is_reported_not_enumerated():
    text = render([Article()] * 2).decode("utf-8").replace("Art. 2º", "Art. 99999999999999.")
    result = read(text.encode("utf-8"))
    assert _article_ids(result.norma) == ["art1", "art99999999999999"]
    gaps = [d for d in result.diagnostics if d.code == "lacuna"]
    assert len(gaps) == 1 and "art. 2" in gaps[0].message.lower()
    assert sum(d.code == "numero-ausente" for d in result.diagnostics) == 3


def test_many_one_line_articles_are_read_whole_by_parse(tmp_path):
    """About 2.5 MB: 11,700 articles, most of them numbered from 10,000 on (a hang guard, not a
    timing: the subprocess' timeout only stops a runaway)."""
    src = tmp_path / "lei.txt"
    src.write_bytes(one_line_articles(2_500_000))
    expected = sum(1 for line in src.read_text(encoding="utf-8").splitlines() if line.startswith("Art. "))
    assert expected > 10_000
    proc = subprocess.run([sys.executable, "-m", "lexconsolida", "parse", str(src), "-o", str(tmp_path / "l.xml")],
                          capture_output=True, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stderr.decode()
    assert f"{expected} artigos" in proc.stderr.decode() + proc.stdout.decode()
    xml = (tmp_path / "l.xml").read_text(encoding="utf-8")
    assert len(re.findall(r"<Artigo ", xml)) == expected
    assert f'id="art{expected}"' in xml


def test_one_very_long_unit_is_read_whole(tmp_path):
    data = one_long_unit(20_000)  # 20,000 lines (3.5 MB) in one caput
    result = read(data)
    caput = next(result.norma.artigos()).children[0]
    assert "\n" not in caput.text and len(caput.text) > 3_000_000 and caput.text.endswith(".")
    assert caput.lines[1] - caput.lines[0] == 19_999


# -- doubling the input at most about doubles the work -------------------------------------------

VALGRIND = shutil.which("valgrind")
CONTROL = shutil.which("callgrind_control")
MARK = "os_getppid"
"""A C function the measured script calls between reads, and nothing else calls: callgrind
dumps its counters each time it is entered (``--dump-before``)."""

_SCRIPT = """
import os, subprocess, sys
from lexconsolida.readers import get_reader
read = get_reader("text")
files = sys.argv[1:]
read(open(files[0], "rb").read())  # warm-up: modules imported, regular expressions compiled
# Instrumentation on only now (the start runs uninstrumented, ten times faster); the process
# keeps running Python until callgrind has taken the request.
control = subprocess.Popen([%r, "-i", "on", str(os.getpid())], stdout=subprocess.DEVNULL)
while control.poll() is None:
    sum(range(1000))
for f in files[1:]:
    data = open(f, "rb").read()
    os.getppid()
    read(data)
os.getppid()
"""


def instructions(texts: list[bytes], tmp: Path) -> list[Counter]:
    """Instructions executed by the text reader on each of ``texts``, by function (self cost),
    in one process under Valgrind's callgrind."""
    files = [tmp / "aquecimento.txt"]
    files[0].write_bytes(render([Article(lines=2, paragraphs=1, incisos=2, alineas=2, hyphenate=True,
                                         heading=True)] * 2))
    for i, data in enumerate(texts):
        files.append(tmp / f"entrada-{i}.txt")
        files[-1].write_bytes(data)
    (tmp / "medir.py").write_text(_SCRIPT % CONTROL, encoding="utf-8")
    out = tmp / "callgrind.out"
    proc = subprocess.run([VALGRIND, "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}",
                           f"--dump-before={MARK}", "--compress-strings=no", "--compress-pos=no", sys.executable,
                           str(tmp / "medir.py"), *map(str, files)], capture_output=True, timeout=1200,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stderr.decode()[-3000:]
    # part 1: instrumentation on → first mark; part k+1: the k-th read; the file itself: the end
    parts = [Path(f"{out}.{k}") for k in range(2, len(texts) + 2)]
    return [_self_costs(p) for p in parts]


def _self_costs(path: Path) -> Counter:
    costs: Counter = Counter()
    fn, call = None, False
    with path.open(encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("fn="):
                fn = line[3:].strip()
            elif line.startswith("calls="):
                call = True
            elif line[:1].isdigit() or line[:1] in "+-*":
                if call:  # the inclusive cost of a call, not this function's own
                    call = False
                else:
                    costs[fn] += int(line.split()[-1])
    return costs


COPY = re.compile(r"mem(?:move|cpy)|FastCopyCharacters|_PyUnicode_JoinArray|unicode_concatenate|PyUnicode_Append")


def _assert_at_most_doubles(base: Counter, doubled: Counter, what: str) -> None:
    total, total2 = sum(base.values()), sum(doubled.values())
    assert total2 <= 2.3 * total, f"{what}: {total:,} → {total2:,} instruções ({total2 / total:.2f}×)"
    copy = sum(v for k, v in base.items() if k and COPY.search(k))
    copy2 = sum(v for k, v in doubled.items() if k and COPY.search(k))
    if copy2 > 0.005 * total2:
        assert copy2 <= 2.5 * max(copy, 1), f"{what}: cópias de memória {copy:,} → {copy2:,} ({copy2 / max(copy, 1):.2f}×)"


needs_valgrind = pytest.mark.skipif(VALGRIND is None or CONTROL is None,
                                    reason="valgrind não instalado (apt-get install valgrind)")

articles = st.builds(Article, lines=st.integers(1, 5), paragraphs=st.integers(0, 3), incisos=st.integers(0, 4),
                     alineas=st.integers(0, 3), hyphenate=st.booleans(), heading=st.booleans())


@pytest.mark.slow
@needs_valgrind
@settings(max_examples=3, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(shape=st.lists(articles, min_size=1, max_size=8))
def test_doubling_the_input_at_most_doubles_the_work(shape, tmp_path_factory):
    base = shape * max(1, 60 // len(shape))  # ~60 articles: big enough that fixed costs do not hide the growth
    # Units doubled from two lines to four, not from one to two: a one-line unit has nothing to
    # join, so its first extra line adds a step of fixed work, not a rate of growth.
    texts = [render(base), render(base * 2), render(longer(base, 2)), render(longer(base, 4))]
    costs = instructions(texts, tmp_path_factory.mktemp("callgrind"))
    _assert_at_most_doubles(costs[0], costs[1], "o dobro de artigos")
    _assert_at_most_doubles(costs[2], costs[3], "cada unidade duas vezes mais longa")


@pytest.mark.slow
@needs_valgrind
def test_the_shapes_that_hung_the_reader_grow_linearly(tmp_path):
    """The issue's shapes: one-line articles (from art. 10,000 on they were text of art. 9,999)
    and one very long unit, each doubled."""
    texts = [one_line_articles(40_000), one_line_articles(80_000), one_long_unit(800), one_long_unit(1_600)]
    costs = instructions(texts, tmp_path)
    _assert_at_most_doubles(costs[0], costs[1], "artigos de uma linha")
    _assert_at_most_doubles(costs[2], costs[3], "uma unidade muito longa")


def test_the_bound_catches_a_quadratic_copy(tmp_path):
    """The check is not blind: memory copies that quadruple fail it even when the total does not
    (and the parser of callgrind's format takes a function's own cost, not its calls')."""
    sample = tmp_path / "callgrind.out.2"
    sample.write_text("events: Ir\nfn=f\n1 10\ncfn=g\ncalls=1 0\n2 500\nfn=g\n3 490\n", encoding="utf-8")
    assert _self_costs(sample) == Counter({"f": 10, "g": 490})
    with pytest.raises(AssertionError, match="cópias de memória"):
        _assert_at_most_doubles(Counter({"a": 1000, "__memcpy_avx_unaligned_erms": 100}),
                                Counter({"a": 1800, "__memcpy_avx_unaligned_erms": 400}), "quadrático")
    with pytest.raises(AssertionError, match="instruções"):
        _assert_at_most_doubles(Counter({"a": 1000}), Counter({"a": 2600}), "quadrático")
    _assert_at_most_doubles(Counter({"a": 1000, "memcpy": 10}), Counter({"a": 2050, "memcpy": 21}), "linear")


def test_parse_cli_reports_the_articles_of_a_generated_act(tmp_path):
    src = tmp_path / "g.txt"
    src.write_bytes(render([Article(lines=2, paragraphs=2, incisos=2, alineas=1, hyphenate=True, heading=True)] * 3))
    proc = run_cli("parse", src, "-o", tmp_path / "g.xml")
    assert proc.returncode == 0, proc.stderr.decode()
    assert "3 artigos, 6 parágrafos, 6 incisos, 3 alíneas" in proc.stderr.decode() + proc.stdout.decode()
