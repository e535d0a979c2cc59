"""The build's stages that show what the corpus' amendments and forms settings give.

- quadros comparativos: for every act the corpus amends, its text as published beside its text
  as amended (``quadros/<município>/<ato>.html``), so a clerk sees at once what changed;
- formulários: for every ready case file ``statutes/<município>/casos/<TIPO>.toml``, the form
  TIPO numbered in the issuing body's own register (``statutes/<município>/registros/``, the one
  ``forms`` uses) with its files beside it, in ``registros/<registro>/`` — or, while the
  municipality has no register, a specimen in ``formularios/<município>/<TIPO>/`` that takes no
  number and says so. A case is issued once: the register is asked whether it holds the same
  case, so neither a rerun nor ``make clean`` spends a number again; a changed case is a new
  number, and the earlier form stays issued, its files untouched (the summary says which to
  cancel if the new one replaces it). Nothing of a register or of an issued form is in the
  build's manifest, so the build never deletes them.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path

from lexconsolida.corpus import Corpus
from lexconsolida.diff import compare, write
from lexconsolida.errors import LexError
from lexconsolida.forms.cases import load_cases
from lexconsolida.forms.infractions import extract
from lexconsolida.forms.issue import Context, already_issued, issue_batch, render_specimen, spec_for
from lexconsolida.forms.kinds import KINDS
from lexconsolida.forms.register import Register
from lexconsolida.forms.settings import load_settings
from lexconsolida.forms.source import load_norma
from lexconsolida.io import read_bytes
from lexconsolida.manifest import OutputSet, code_key, content_key
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


@dataclass(slots=True)
class FormsDone:
    """What the forms stage did, over every case file."""

    issued: list[str] = field(default_factory=list)
    kept: int = 0
    specimens: int = 0
    folders: set[str] = field(default_factory=set)
    notes: list[str] = field(default_factory=list)


def forms_stage(corpus: Corpus, output: OutputSet, problems: list[str], stage, warnings: list[str] | None = None):
    """The forms of every ready case file of the corpus (``<município>/casos/*.toml``)."""
    cases = sorted(corpus.root.glob("*/casos/*.toml"))
    if not cases:
        return stage("formulários", None, "nenhum caso pronto em statutes/*/casos/", "pulado")
    done = FormsDone()
    for case in cases:
        municipio = case.parent.parent
        kind = case.stem
        if kind not in KINDS:
            problems.append(f"{case.relative_to(corpus.root).as_posix()}: o nome do arquivo de caso "
                            f"deve ser o tipo do formulário ({', '.join(KINDS)})")
            continue
        try:
            _forms_of(corpus, municipio, case, kind, output, done)
        except LexError as err:
            problems.append(f"{case.relative_to(corpus.root).as_posix()}: formulário não emitido: {err}")
    if warnings is not None:
        warnings.extend(done.notes)
    parts = []
    if done.issued or done.kept:
        parts.append(f"{len(done.issued)} emitido(s) agora" + (f" ({', '.join(done.issued)})" if done.issued else "")
                     + f", {done.kept} já emitido(s) antes")
    if done.specimens:
        parts.append(f"{done.specimens} espécime(s) sem número (o órgão emissor não tem registro: crie-o com "
                     "'lexconsolida forms --novo-registro --municipio PASTA')")
    where = sorted(done.folders)
    return stage("formulários", where[0] if len(where) == 1 else f"{output.root / 'formularios'}/",
                 f"{len(cases)} caso(s) pronto(s): " + "; ".join(parts or ["nada emitido"])
                 + (f"; também em {', '.join(where[1:])}" if len(where) > 1 else ""))


def _forms_of(corpus: Corpus, municipio: Path, case: Path, kind: str, output: OutputSet, done: FormsDone) -> None:
    settings = load_settings(municipio)
    spec_for(kind, settings)
    rel = case.relative_to(corpus.root).as_posix()
    register = settings.registro
    assert register is not None  # load_settings always sets it
    if not register.is_file():
        _specimens(corpus, municipio, case, kind, output, done, settings, rel)
        return
    cases = _cases(case, rel)
    ctx = _context(corpus, settings)
    with Register(register, owner=ctx.owner) as reg:
        fresh = []
        for c in cases:
            entry = already_issued(reg, kind, c, ctx)
            if entry is None:
                fresh.append(c)
            else:
                done.kept += 1
        earlier = [e.numero for e in reg.entries(ctx.municipio) if e.tipo == kind
                   and e.origem.split(" [caso ")[0] == rel] if fresh else []
        out = register.parent / register.stem
        done.folders.add(f"{out}/")
        if not fresh:
            return
        notes: list[str] = []
        issued = issue_batch(kind, fresh, ctx, out, reg, notes=notes)
    done.notes += notes
    done.issued += [item.numero for item in issued]
    if earlier:
        done.notes.append(f"{rel} mudou desde {', '.join(earlier)}, que continua(m) emitido(s): emitido(s) "
                          f"{', '.join(item.numero for item in issued)}; se o novo substitui o anterior, cancele-o "
                          f"(lexconsolida forms --cancelar {earlier[-1]} --motivo \"…\" --municipio "
                          f"{municipio})")


def _cases(case: Path, rel: str):
    """The cases of ``case``, their origin named relative to the acervo (as the register keeps it)."""
    cases = load_cases(case)
    for c in cases:
        c.source = rel + c.source[len(str(case)):]
    return cases


def _context(corpus: Corpus, settings) -> Context:
    norma = load_norma(settings.norma_path, acervo=str(corpus.root))
    return Context(settings, norma, extract(norma))


def _specimens(corpus: Corpus, municipio: Path, case: Path, kind: str, output: OutputSet, done: FormsDone,
               settings, rel: str) -> None:
    """No register yet: a specimen of each case, marked as such, numbered by nothing."""
    act = corpus.find(settings.norma_path)
    law_key = read_bytes(act.texto).hex() if act is not None and act.texto else settings.norma
    prefix = f"formularios/{municipio.name}/{kind}/"
    done.folders.add(f"{output.root / prefix}/")
    key = content_key("formularios/especime", code_key(), read_bytes(case).hex(), read_bytes(settings.path).hex(),
                      law_key)
    if output.keep_group(prefix, key):
        done.specimens += sum(1 for r in output.new if r.startswith(prefix) and r.endswith(".html"))
        return
    cases = _cases(case, rel)
    ctx = _context(corpus, settings)
    for i, c in enumerate(cases, start=1):
        html, docx = render_specimen(kind, c, ctx)
        name = "especime" if len(cases) == 1 else f"especime-{i}"
        output.put(f"{prefix}{name}.html", key, functools.partial(bytes, html))
        output.put(f"{prefix}{name}.docx", key, functools.partial(bytes, docx))
        done.specimens += 1
    output.record_group(prefix, key)
