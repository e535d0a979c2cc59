"""`lexconsolida build [-o output]`: everything for the corpus ``statutes/`` into ``output/``.

Stages, in order (each reports where its output is; a stage with nothing to do is reported as
skipped):

1. read and check every act with a text → ``lexml/<município>/<ato>.xml`` and its report
   ``relatorios/<município>/<ato>.{json,txt,html}`` (the ``check`` report), with an index
   ``relatorios/index.html``; the summary names every act with errors;
2. the gazette site → ``site/`` (amendments applied by the corpus);
3. every act with a text as DOCX, in its issuing body's letterhead → ``docx/<município>/<ato>.docx``;
4. quadros comparativos of the amended acts and the forms of the ready cases
   (:mod:`lexconsolida.commands.build_stages`);
5. the consolidation dossier of the Indicação → ``dossie-indicacao/`` (when available), and
   every consolidation whose sources all have their texts → ``consolidacoes/``.

Texts that live in the shared material (``[fonte_textos]``) are read from it; when it is not
here, the summary says so and the rest is built.

A rerun with nothing changed writes nothing: every output has a content key (source bytes,
code version) in a manifest, and the site is incremental. Exit 0 when every act was read and
every available stage ran; 1 when an act could not be read or a stage failed.
"""

from __future__ import annotations

import hashlib
import json
import posixpath
from dataclasses import dataclass
from pathlib import Path

from lexconsolida import api
from lexconsolida.commands.build_stages import forms_stage, quadro_stage
from lexconsolida.commands.site import default_pages_dir
from lexconsolida.consolidation import consolidate_spec
from lexconsolida.consolidation.dossier import build_dossier
from lexconsolida.consolidation.sources import find_act
from lexconsolida.consolidation.spec import load_spec
from lexconsolida.corpus import Corpus, default_root, load
from lexconsolida.corpus.records import read_toml
from lexconsolida.errors import LexError
from lexconsolida.io import read_bytes
from lexconsolida.manifest import OutputSet, code_key, content_key
from lexconsolida.progress import Progress
from lexconsolida.reports import act_report, index_html, report_html, report_json, report_text
from lexconsolida.site import build_site
from lexconsolida.site.source import LoadedSite, site_from_corpus, source_keys
from lexconsolida.site.pages import kept_notice
from lexconsolida.writers import get_writer
from lexconsolida.writers.docx import kept_notice_of, kept_text, with_kept_notice

DESCRIPTION = (
    "Lê e verifica todos os atos de statutes/, grava o LexML e os relatórios das verificações, "
    "gera o site do diário oficial, o DOCX de cada ato e o dossiê da Indicação, e mostra onde "
    "está cada resultado. Uma nova execução sem mudanças não regrava nada."
)
MANIFEST = ".manifest-build.json"


@dataclass(slots=True)
class Stage:
    nome: str
    onde: str | None
    detalhe: str
    status: str = "ok"
    """'ok', 'pulado' (nothing to do) or 'erro'."""


def add_arguments(parser) -> None:
    parser.add_argument("-o", "--output", metavar="PASTA", default="output",
                        help="pasta de saída (padrão: output)")
    parser.add_argument("--acervo", metavar="PASTA", default=None,
                        help="pasta do acervo (padrão: statutes/)")
    parser.add_argument("--compartilhado", metavar="PASTA", default=None,
                        help="material compartilhado, de onde vêm os textos dos municípios com "
                             "[fonte_textos] (padrão: $LEXCONSOLIDA_SHARED, senão ../shared ao "
                             "lado do projeto)")


def _folder(corpus: Corpus, act) -> str:
    return act.folder.relative_to(corpus.root).as_posix()


def _text_name(corpus: Corpus, act) -> str:
    """The act's text as the report names it: relative to the acervo (or to the shared
    material), never the checkout's path, so two clones give the same report."""
    return act.texto_origem or corpus.relative(act.texto)


def _relative(from_rel: str, to_rel: str) -> str:
    """Link from the output file ``from_rel`` to ``to_rel`` (both relative to the output root)."""
    return posixpath.relpath(to_rel, posixpath.dirname(from_rel))


def parse_and_check(corpus: Corpus, output: OutputSet, code: str,
                    problems: list[str], flagged: list[tuple[str, int, int]]) -> list[Stage]:
    """LexML and check report (JSON, text, HTML) of every act with a text (skipped when its
    sources are unchanged); an index of the reports; ``flagged`` gets (folder, errors, warnings)
    of every act with errors."""
    lexml = get_writer("xml")
    texts = [a for a in corpus.acts.values() if a.texto is not None]
    progress = Progress("leitura")
    errors = warnings = checked = residues = 0
    entries = []
    for i, act in enumerate(sorted(texts, key=lambda a: a.urn)):
        folder = _folder(corpus, act)
        key = content_key(code, read_bytes(act.texto).hex(),
                          read_bytes(act.folder / "norma.toml").hex())
        rel = {ext: f"relatorios/{folder}.{ext}" for ext in ("json", "txt", "html")}
        xml_rel = f"lexml/{folder}.xml"
        progress(i, len(texts), folder)
        fresh = all(output.fresh(r, key) for r in rel.values()) and output.fresh(xml_rel, key)
        if not fresh:
            try:
                norma = corpus.read(act.urn)  # the text with the metadata of its norma.toml
                report = act_report(_text_name(corpus, act), norma, corpus.diagnostics(act.urn))
                output.put(rel["json"], key, lambda r=report: report_json(r))
                output.put(rel["txt"], key, lambda r=report: report_text(r))
                link = _relative(rel["html"], xml_rel)
                output.put(rel["html"], key, lambda r=report, t=link: report_html(r, texto=t))
                output.put(xml_rel, key, lambda n=norma: lexml(n))
            except LexError as err:
                problems.append(f"{folder}: não foi possível ler o texto: {err}")
                continue
        summary = json.loads((output.root / rel["json"]).read_text("utf-8"))
        checked += 1
        errors += summary["erros"]
        warnings += summary["avisos"]
        residues += summary.get("ruido_residual", 0)
        if summary["erros"]:
            flagged.append((folder, summary["erros"], summary["avisos"]))
        entries.append({"pasta": folder, "titulo": summary["norma"]["titulo"], "erros": summary["erros"],
                        "avisos": summary["avisos"], "href": f"{folder}.html", "txt": f"{folder}.txt",
                        "json": f"{folder}.json"})
    progress.done()
    index = "relatorios/index.html"
    output.put(index, content_key(code, entries), lambda: index_html(entries))
    n = checked
    return [Stage("LexML", f"{output.root / 'lexml'}/", f"{n} atos"),
            Stage("relatórios", str(output.root / index),
                  f"{n} atos verificados: {errors} erros e {warnings} avisos"
                  + (f" ({residues} de provável ruído de OCR no texto: veja os relatórios)"
                     if residues else ""))]


def site_stage(loaded: LoadedSite, out: Path) -> Stage:
    progress = Progress("site")
    report = build_site(loaded.corpus, out / "site", docs_dir=default_pages_dir(), progress=progress)
    progress.done()
    kept = f"; páginas anteriores mantidas: {', '.join(report.kept)}" if report.kept else ""
    return Stage("site", str(report.out / "index.html"),
                 f"{report.acts} atos, {report.pages} páginas ({report.written} arquivos "
                 f"gravados, {report.skipped} sem mudança{kept})")


def _files_key(folder: Path) -> str:
    """Hash of the files directly in a municipality's folder (municipio.toml, coat of arms)."""
    h = hashlib.sha256()
    for f in sorted(p for p in folder.iterdir() if p.is_file()):
        h.update(f.name.encode() + b"\0" + f.read_bytes())
    return h.hexdigest()


def docx_stage(corpus: Corpus, loaded: LoadedSite, output: OutputSet, code: str,
               problems: list[str]) -> Stage:
    """Every act with a text as DOCX, with its municipality's letterhead."""
    docx = get_writer("docx")
    by_path = {_folder(corpus, a): a for a in corpus.acts.values()}
    written = 0
    progress = Progress("docx")
    for failed in (a for a in loaded.corpus.acts if a.failed):
        rel = f"docx/{failed.path}.docx"
        if output.keep_previous(rel):  # the last good one, never a stale text, never silent:
            kept = read_bytes(output.root / rel)  # a notice names what is pending
            notice = kept_notice(failed.facts, kept_text(kept))  # what this document holds
            if kept_notice_of(kept) != notice:
                output.put(rel, content_key(code, "mantido", notice, hashlib.sha256(kept).hexdigest()),
                           lambda k=kept, n=notice: with_kept_notice(k, n))
    acts = [a for a in loaded.corpus.acts if a.texto_disponivel]
    for i, site_act in enumerate(acts):
        act = by_path[site_act.path]
        publishing = api.publishing(corpus, act)
        rel = f"docx/{site_act.path}.docx"
        key = content_key(code, site_act.key, _files_key(publishing.municipio_dir))
        progress(i, len(acts), site_act.path)
        try:
            output.put(rel, key, lambda p=publishing, s=site_act: docx(s.norma, **p.options()))
            written += 1
        except LexError as err:
            problems.append(f"{site_act.path}: DOCX não gerado: {err}")
    progress.done()
    return Stage("DOCX", f"{output.root / 'docx'}/", f"{written} atos")


def _dossier_specs(corpus: Corpus) -> list[Path]:
    """Consolidation specs of the corpus that come from an Indicação (``[indicacao] minuta``)."""
    specs = sorted(corpus.root.glob("*/consolidacoes/*.toml"))
    return [p for p in specs if read_toml(p).get("indicacao", {}).get("minuta")]


def _acervo_key(corpus: Corpus) -> str:
    """Hash of the sources of every act of the acervo (:func:`source_keys`)."""
    return content_key(sorted(source_keys(corpus).items()))


def _stage_key(corpus: Corpus, code: str, spec: Path, acervo: str) -> str:
    """Everything a consolidation or a dossier is made from: the program, the spec and the
    files beside it (the Indicação, its minuta), and the sources of every act of the acervo
    (texts, norma.toml with decisions, municipio.toml; :func:`source_keys`)."""
    folder = spec.parent
    files = [(f.relative_to(folder).as_posix(), hashlib.sha256(f.read_bytes()).hexdigest())
             for f in sorted(folder.rglob("*")) if f.is_file()]
    return content_key(code, "etapa/1", spec.name, files, acervo)


def _cached_stage(output: OutputSet, prefix: str, key: str, run) -> tuple[str, bool]:
    """(detail, ran): ``run()`` writes the files under ``prefix`` and returns the stage's detail;
    skipped when ``key`` is unchanged and every file it wrote is still there."""
    memo = f"etapa:{prefix}"
    old = output.old_memo.get(memo)
    if old and old[0] == key and output.keep_group(prefix, key):
        output.memo[memo] = old
        return old[1], False
    # Start clean: what the previous run of this stage wrote goes (a file it no longer makes
    # must not be recorded as made now, nor stay behind).
    for rel in sorted(r for r in output.old if r.startswith(prefix) and r != prefix):
        (output.root / rel).unlink(missing_ok=True)
    detail = run()
    root = output.root / prefix
    for folder in sorted((p for p in root.rglob("*") if p.is_dir()), reverse=True):
        if not any(folder.iterdir()):
            folder.rmdir()
    for f in sorted(root.rglob("*")) if root.is_dir() else []:
        if f.is_file():
            output.new[f.relative_to(output.root).as_posix()] = key
    output.record_group(prefix, key)
    output.memo[memo] = [key, detail]
    return detail, True


def dossier_stage(corpus: Corpus, out: Path, output: OutputSet | None = None,
                  code: str | None = None) -> Stage:
    """The Indicação dossier of every spec that has one (branch consolidation's API).

    With ``output``, keyed like the other stages: not recomputed when its sources are unchanged."""
    name = "dossiê da Indicação"
    specs = _dossier_specs(corpus)
    if not specs:
        return Stage(name, None, "nenhuma consolidação pedida por Indicação no acervo", "pulado")
    target = out / "dossie-indicacao"

    def run() -> str:
        files = 0
        for spec in specs:
            folder = target if len(specs) == 1 else target / f"{spec.parent.parent.name}-{spec.stem}"
            files += len(build_dossier(corpus, spec, folder))
        return f"{files} arquivos"

    try:
        if output is None:
            detail = run()
        else:
            acervo = _acervo_key(corpus)
            key = content_key(*(_stage_key(corpus, code or code_key(), s, acervo) for s in specs))
            detail, _ = _cached_stage(output, "dossie-indicacao/", key, run)
    except LexError as err:
        return Stage(name, None, str(err), "erro")
    return Stage(name, f"{target}/", detail)


def consolidation_stage(corpus: Corpus, out: Path, output: OutputSet | None = None,
                        code: str | None = None) -> Stage:
    """Every consolidation spec of the corpus whose source texts are all in the corpus →
    ``consolidacoes/<município>-<spec>/`` (norm, correspondence table, review report).

    With ``output``, each spec is keyed like the other stages (:func:`_stage_key`): not
    consolidated again when nothing it is made from changed."""

    name = "consolidações"
    ready, waiting = [], []
    for path in sorted(corpus.root.glob("*/consolidacoes/*.toml")):
        spec = load_spec(path)
        if all(find_act(corpus, spec, s.ato).texto is not None for s in spec.fontes):
            ready.append(path)
        else:
            waiting.append(path.stem)
    if not ready:
        return Stage(name, None, "nenhuma especificação com todos os textos no acervo", "pulado")
    target = out / "consolidacoes"
    arts = []
    acervo = _acervo_key(corpus) if output is not None else ""
    for path in ready:
        folder = f"{path.parent.parent.name}-{path.stem}"

        def run(path=path, folder=folder) -> str:
            result, _ = consolidate_spec(path, target / folder, corpus=corpus)
            return f"{path.stem}: {sum(1 for _ in result.norma.artigos())} artigos"

        try:
            if output is None:
                arts.append(run())
            else:
                key = _stage_key(corpus, code or code_key(), path, acervo)
                arts.append(_cached_stage(output, f"consolidacoes/{folder}/", key, run)[0])
        except LexError as err:
            return Stage(name, None, str(err), "erro")
    detail = "; ".join(arts)
    if waiting:
        detail += f" (aguardando textos: {', '.join(waiting)})"
    return Stage(name, f"{target}/", detail)


def _shown(path: Path | str) -> str:
    """A path as the user would type it: relative to the current folder when inside it."""
    p = Path(path)
    try:
        return p.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return p.as_posix()


def _missing_texts(corpus: Corpus) -> list[str]:
    """One line per municipality whose texts live in material that is not here."""
    lines = []
    for name, mun in sorted(corpus.municipios.items()):
        missing = [a for a in corpus.acts.values() if a.municipio == name and a.texto_ausente]
        if missing:
            lines.append(f"sem textos de {name}/ ({len(missing)} atos só com metadados): "
                         f"{missing[0].texto_ausente}; o restante foi gerado")
    return lines


def print_summary(corpus: Corpus, stages: list[Stage], problems: list[str],
                  warnings: list[str] = (), flagged: list[tuple[str, int, int]] = (),
                  out: Path | None = None) -> None:
    n = len(corpus.acts)
    with_text = sum(1 for a in corpus.acts.values() if a.texto is not None)
    print(f"lexconsolida build: {n} atos no acervo {_shown(corpus.root)}/ ({with_text} com texto)")
    for line in _missing_texts(corpus):
        print(f"  {line}")
    width = max(len(s.nome) for s in stages) + 2
    for s in stages:
        dots = "." * (width - len(s.nome))
        if s.status == "ok":
            where = _shown(s.onde) + ("/" if s.onde.endswith("/") else "")
            print(f"  {s.nome} {dots} {where} — {s.detalhe}")
        else:
            print(f"  {s.nome} {dots} {'pulado' if s.status == 'pulado' else 'ERRO'}: {s.detalhe}")
    if flagged:
        print("Atos com erros na verificação (confira no relatório):")
        for folder, errors, warnings_ in flagged:
            where = _shown(out / "relatorios" / f"{folder}.html") if out is not None else folder
            print(f"  - {folder}: {errors} erro(s), {warnings_} aviso(s) — {where}")
    if problems:
        print("Problemas:")
        for p in problems:
            print(f"  - {p}")
    if warnings:
        print("Avisos:")
        for w in warnings:
            print(f"  - {w}")


def run(args) -> int:
    out = Path(args.output)
    corpus = load(args.acervo or default_root(), shared=args.compartilhado)
    code = code_key()
    problems: list[str] = []
    output = OutputSet(out, MANIFEST)
    flagged: list[tuple[str, int, int]] = []
    stages = parse_and_check(corpus, output, code, problems, flagged)
    loaded = site_from_corpus(corpus)
    stages.append(site_stage(loaded, out))
    # After the site: what reading each act said is then known without reading it again.
    problems += [p for p in loaded.problems if not any(p.split(":")[0] == q.split(":")[0]
                                                        for q in problems)]
    stages.append(docx_stage(corpus, loaded, output, code, problems))
    stages.append(quadro_stage(corpus, loaded, output, code, problems, Stage))
    warnings = loaded.warnings
    stages.append(forms_stage(corpus, output, problems, Stage, warnings))
    stages.append(dossier_stage(corpus, out, output, code))
    stages.append(consolidation_stage(corpus, out, output, code))
    output.finish()
    print_summary(corpus, stages, problems, warnings, flagged, out)
    failed = problems or any(s.status == "erro" for s in stages)
    return 1 if failed else 0
