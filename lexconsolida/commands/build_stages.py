"""The build's stages that show what the corpus' amendments and forms settings give.

- quadros comparativos: for every act the corpus amends, its text as published beside its text
  as amended (``quadros/<município>/<ato>.html``), so a clerk sees at once what changed;
- formulários: for every ready case file ``statutes/<município>/casos/<TIPO>.toml``, the form
  TIPO issued into ``formularios/<município>/`` and numbered in the demo's register
  ``formularios/<município>/registro.sqlite`` (issued again only when the case, the
  municipality's settings or the law change: a number is never spent on a rerun).
"""

from __future__ import annotations

import functools
from pathlib import Path

from lexconsolida.corpus import Corpus
from lexconsolida.diff import compare, write
from lexconsolida.errors import LexError
from lexconsolida.forms.cases import load_cases
from lexconsolida.forms.infractions import extract
from lexconsolida.forms.issue import Context, issue_batch, spec_for
from lexconsolida.forms.kinds import KINDS
from lexconsolida.forms.register import Register
from lexconsolida.forms.settings import load_settings
from lexconsolida.forms.source import load_norma
from lexconsolida.io import read_bytes
from lexconsolida.manifest import OutputSet, content_key
from lexconsolida.site.source import LoadedSite
from lexconsolida.site.versions import change_dates
from lexconsolida.transforms.pointintime import at


def quadro_stage(corpus: Corpus, loaded: LoadedSite, output: OutputSet, code: str,
                 problems: list[str], stage):
    """Original × amended quadro of every act whose amendments the corpus applied."""
    written = 0
    for site_act in loaded.corpus.acts:
        if not site_act.texto_disponivel or not change_dates(site_act.norma):
            continue
        rel = f"quadros/{site_act.path}.html"
        key = content_key(code, "quadro", site_act.key)
        try:
            output.put(rel, key, functools.partial(_quadro, corpus, site_act.norma))
            written += 1
        except LexError as err:
            problems.append(f"{site_act.path}: quadro comparativo não gerado: {err}")
    if not written:
        return stage("quadros comparativos", None, "nenhum ato alterado com texto no acervo", "pulado")
    return stage("quadros comparativos", f"{output.root / 'quadros'}/",
                 f"{written} ato(s) alterado(s): texto original × texto vigente")


def _quadro(corpus: Corpus, amended) -> bytes:
    """The act as published × as in force since its last change (a date taken from the act,
    never today's, so the page is the same on every run)."""
    since = change_dates(amended)[-1]
    # the titles say which text each side is, the act named as every output names it (not
    # by the epígrafe as the source printed it, 'LEI Nº 2217, DE 6/1/2001')
    report = compare(corpus.read(amended.urn), at(amended, since))
    return write(report, "html")


def forms_stage(corpus: Corpus, output: OutputSet, problems: list[str], stage):
    """Issue the form of every ready case file of the corpus (``<município>/casos/*.toml``)."""
    cases = sorted(corpus.root.glob("*/casos/*.toml"))
    if not cases:
        return stage("formulários", None, "nenhum caso pronto em statutes/*/casos/", "pulado")
    issued = kept = 0
    for case in cases:
        municipio = case.parent.parent
        kind = case.stem
        if kind not in KINDS:
            problems.append(f"{case.relative_to(corpus.root).as_posix()}: o nome do arquivo de caso "
                            f"deve ser o tipo do formulário ({', '.join(KINDS)})")
            continue
        try:
            n, fresh = _issue(corpus, municipio, case, kind, output)
        except LexError as err:
            problems.append(f"{case.relative_to(corpus.root).as_posix()}: formulário não emitido: {err}")
            continue
        issued += n if not fresh else 0
        kept += n if fresh else 0
    return stage("formulários", f"{output.root / 'formularios'}/",
                 f"{issued + kept} formulário(s) de {len(cases)} caso(s) pronto(s) "
                 f"({issued} emitido(s) agora, {kept} sem mudança; registro em "
                 f"{output.root / 'formularios'}/<município>/registro.sqlite)")


def _issue(corpus: Corpus, municipio: Path, case: Path, kind: str, output: OutputSet) -> tuple[int, bool]:
    settings = load_settings(municipio)
    act = corpus.find(settings.norma_path)
    law_key = read_bytes(act.texto).hex() if act is not None and act.texto else settings.norma
    prefix = f"formularios/{municipio.name}/{case.stem}/"
    key = content_key("formularios", read_bytes(case).hex(), read_bytes(settings.path).hex(), law_key)
    if output.keep_group(prefix, key):
        return sum(1 for r in output.new if r.startswith(prefix) and r.endswith(".html")), True
    spec_for(kind, settings)
    cases = load_cases(case)
    norma = load_norma(settings.norma_path, acervo=str(corpus.root))
    ctx = Context(settings, norma, extract(norma))
    out_dir = output.root / prefix
    # The demo's own register, beside the forms it numbered (never the municipality's register).
    register = output.root / "formularios" / municipio.name / "registro.sqlite"
    with Register(register, create=True, owner=ctx.owner) as reg:
        issued = issue_batch(kind, cases, ctx, out_dir, reg)
    root = output.root.resolve()
    for item in issued:
        for f in item.arquivos:
            rel = Path(f).resolve().relative_to(root).as_posix()
            output.new[rel] = key
            output.written.append(rel)
    output.record_group(prefix, key)
    return len(issued), False
