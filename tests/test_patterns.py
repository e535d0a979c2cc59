"""The compiled-pattern cache (lexconsolida.patterns) makes processes faster, never different:
what it rebuilds is equal to what re.compile gives (Pattern equality compares the compiled
code), and a missing, damaged or foreign cache falls back to re.compile."""

from __future__ import annotations

import marshal
import re
import subprocess
import sys

import pytest

from lexconsolida import patterns
from tests.conftest import ROOT

SAMPLES = [
    (r"^\s*(?P<q>[\"“”](?=\s*\S))?\s*", 0),
    (r"""(?P<word>Artigo|ARTIGO|Art|ART|rt(?=\.))  # a comment
         (?P<num>[1-9]\d{0,2}(?:\.\d{3})+(?!\d)|[1-9]\d*)""", re.VERBOSE),
    (r"reda[çc][ãa]o|vigorar|a\s+seguir\b", re.IGNORECASE),
    (r"(?<=[\s(])(?P<sym>[&$])\s?(?=\d{1,3}\s?[º°]\s)", 0),
    ("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff&<>\r]", 0),
]


@pytest.fixture
def cache(tmp_path, monkeypatch):
    path = tmp_path / "__pycache__" / "patterns.test.marshal"
    monkeypatch.setattr(patterns, "CACHE", path)
    monkeypatch.setattr(patterns, "_table", None)
    monkeypatch.setattr(patterns, "_new", {})
    return path


def test_a_cached_pattern_is_the_pattern_re_compiles(cache):
    first = [patterns.compile(p, f) for p, f in SAMPLES]
    patterns.save()
    assert cache.is_file()
    patterns._table, patterns._new = None, {}
    again = [patterns.compile(p, f) for p, f in SAMPLES]  # now from the file
    re.purge()
    for (p, f), a, b in zip(SAMPLES, first, again):
        assert a == b == re.compile(p, f)
        assert (a.pattern, a.flags, a.groups, a.groupindex) == (b.pattern, b.flags, b.groups, b.groupindex)
    assert again[1].match("Art1.000").group("num") == "1.000"
    assert not patterns._new  # nothing new to write: every entry came from the file


@pytest.mark.parametrize("content", [b"", b"\x00garbage", marshal.dumps(("outra versao", {})),
                                     marshal.dumps((patterns._BUILD, {(SAMPLES[0][0], 0): (0, [1, 2], 0, {}, ())}))])
def test_a_damaged_or_foreign_cache_changes_nothing(cache, content):
    cache.parent.mkdir(parents=True)
    cache.write_bytes(content)
    for p, f in SAMPLES:
        assert patterns.compile(p, f) == re.compile(p, f)


def test_every_pattern_of_a_parse_comes_back_equal(tmp_path):
    """A whole parse process fills the cache; every entry, rebuilt, equals re.compile's."""
    code = (
        "import re, sys; from lexconsolida import patterns; "
        f"patterns.CACHE = __import__('pathlib').Path({str(tmp_path / 'c.marshal')!r}); "
        "from lexconsolida.readers import get_reader; from lexconsolida.writers import get_writer; "
        f"get_writer('xml')(get_reader('text')(open({str(ROOT / 'statutes/xx-municipio-de-exemplo/lei-100-2020/texto.txt')!r}, 'rb').read()).norma); "
        "patterns.save(); print(len(patterns._table))"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, env={"PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stderr.decode()
    assert int(proc.stdout) > 50
    build, table = marshal.loads((tmp_path / "c.marshal").read_bytes())
    assert build == patterns._BUILD
    import _sre

    re.purge()
    for (pattern, flags), args in table.items():
        assert _sre.compile(pattern, *args) == re.compile(pattern, flags), pattern[:60]
