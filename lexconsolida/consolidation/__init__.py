"""Consolidation of several acts into one (LC 95/1998, arts. 13–14).

``spec`` reads the TOML spec; ``sources`` takes each act from the corpus as in force on its
date; ``engine`` merges, renumbers and accounts for every unit; ``citing``/``rewrite`` renumber
citations and apply the spec's editorial changes; ``analysis`` finds near duplicates and
conflicting values; ``report`` and ``outputs`` write the table and the review; ``dossier`` and
``indicacao`` serve an Indicação whose source texts are not yet in the corpus.
"""

from __future__ import annotations

from pathlib import Path

from lexconsolida.consolidation import report
from lexconsolida.consolidation.engine import consolidate
from lexconsolida.consolidation.outputs import render_all, write_all
from lexconsolida.consolidation.sources import external_citations, find_act, load_sources
from lexconsolida.consolidation.spec import load_spec
from lexconsolida.corpus import load


def consolidate_spec(spec_path, out_dir, *, acervo=None, today=None, corpus=None):
    """Run the spec at ``spec_path`` against the corpus and write every output to ``out_dir``.
    Returns (Consolidation, written paths). Nothing is written when anything fails."""
    spec = load_spec(spec_path)
    corpus = corpus or load(acervo)
    result = consolidate(spec, load_sources(corpus, spec, today))
    result.norma.localidade = result.norma.localidade or spec.norma.get("localidade")
    report.analyse(result)
    result.findings["external_citations"] = external_citations(corpus, result)
    municipio, mdir = None, None
    folder = spec.norma.get("municipio") or find_act(corpus, spec, spec.fontes[0].ato).municipio
    if folder in corpus.municipios:
        municipio, mdir = corpus.municipios[folder].data, Path(corpus.root) / folder
    files = render_all(result, municipio, mdir)
    return result, write_all(files, out_dir)
