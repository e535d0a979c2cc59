"""`lexconsolida build [-o output]`: everything for the corpus ``statutes/`` into ``output/``.

Stages, in order (each reports where its output is; a stage with nothing to do is reported as
skipped):

1. read and check every act with a text → ``lexml/<município>/<ato>.xml`` and
   ``relatorios/<município>/<ato>.json`` (the ``check --json`` report);
2. the gazette site → ``site/`` (amendments applied by the corpus);
3. every act with a text as DOCX, in its issuing body's letterhead → ``docx/<município>/<ato>.docx``;
4. the consolidation dossier of the Indicação → ``dossie-indicacao/`` (when available).

A rerun with nothing changed writes nothing: every output has a content key (source bytes,
code version) in a manifest, and the site is incremental. Exit 0 when every act was read and
every available stage ran; 1 when an act could not be read or a stage failed.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from lexconsolida import api
from lexconsolida.check import check, counts
from lexconsolida.commands.check import LOG_CODES
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
from lexconsolida.model import Severity
from lexconsolida.progress import Progress
from lexconsolida.readers import read_file
from lexconsolida.readers.text.residue import CODE as RESIDUE
from lexconsolida.site import build_site
from lexconsolida.site.source import LoadedSite, site_from_corpus, source_keys
from lexconsolida.writers import get_writer

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


def _folder(corpus: Corpus, act) -> str:
    return act.folder.relative_to(corpus.root).as_posix()


def _report(path: Path, result) -> dict:
    norma = result.norma
    findings = check(norma)
    seen = {(d.where, d.code) for d in findings}
    logs = [d for d in result.diagnostics if d.code in LOG_CODES]
    anomalies = [d for d in result.diagnostics
                 if d.code not in LOG_CODES and (d.where, d.code) not in seen]
    everything = findings + anomalies
    return {
        "arquivo": path.as_posix(),
        "norma": {"titulo": norma.titulo, "urn": norma.urn, "tipo": norma.tipo,
                  "numero": norma.numero, "data": norma.data},
        "contagens": counts(norma),
        "erros": sum(1 for d in everything if d.severity is Severity.ERROR),
        "avisos": sum(1 for d in everything if d.severity is Severity.WARNING),
        "verificacoes": [d.to_dict() for d in findings],
        "anomalias_da_leitura": [d.to_dict() for d in anomalies],
        "ruido_residual": sum(1 for d in everything if d.code == RESIDUE),
        "registro_da_leitura": {
            "linhas_removidas": sum(1 for d in logs if d.code == "furniture"),
            "reparos": sum(1 for d in logs if d.code == "repair"),
        },
    }


def _json(data: dict) -> bytes:
    return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def parse_and_check(corpus: Corpus, output: OutputSet, code: str,
                    problems: list[str]) -> list[Stage]:
    """LexML and check report of every act with a text (skipped when its sources are unchanged)."""
    lexml = get_writer("xml")
    texts = [a for a in corpus.acts.values() if a.texto is not None]
    progress = Progress("leitura")
    errors = warnings = checked = residues = 0
    for i, act in enumerate(sorted(texts, key=lambda a: a.urn)):
        folder = _folder(corpus, act)
        key = content_key(code, read_bytes(act.texto).hex(),
                          read_bytes(act.folder / "norma.toml").hex())
        report_rel, xml_rel = f"relatorios/{folder}.json", f"lexml/{folder}.xml"
        progress(i, len(texts), folder)
        fresh = output.fresh(report_rel, key) and output.fresh(xml_rel, key)
        if not fresh:
            try:
                result = read_file(act.texto, "pdf" if act.texto.suffix.lower() == ".pdf" else "text")
                result.norma.provenance.path = corpus.relative(act.texto)  # never the checkout's
                report = _report(Path(corpus.relative(act.texto)), result)
                output.put(report_rel, key, lambda r=report: _json(r))
                output.put(xml_rel, key, lambda n=result.norma: lexml(n))
            except LexError as err:
                problems.append(f"{folder}: não foi possível ler o texto: {err}")
                continue
        summary = json.loads((output.root / report_rel).read_text("utf-8"))
        checked += 1
        errors += summary.get("erros", 0)
        warnings += summary.get("avisos", 0)
        residues += summary.get("ruido_residual", 0)
    progress.done()
    n = checked
    return [Stage("LexML", f"{output.root / 'lexml'}/", f"{n} atos"),
            Stage("relatórios", f"{output.root / 'relatorios'}/",
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
        output.keep_previous(f"docx/{failed.path}.docx")  # the last good one, never a stale text
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


def print_summary(corpus: Corpus, stages: list[Stage], problems: list[str],
                  warnings: list[str] = ()) -> None:
    n = len(corpus.acts)
    with_text = sum(1 for a in corpus.acts.values() if a.texto is not None)
    print(f"lexconsolida build: {n} atos no acervo {_shown(corpus.root)}/ ({with_text} com texto)")
    width = max(len(s.nome) for s in stages) + 2
    for s in stages:
        dots = "." * (width - len(s.nome))
        if s.status == "ok":
            where = _shown(s.onde) + ("/" if s.onde.endswith("/") else "")
            print(f"  {s.nome} {dots} {where} — {s.detalhe}")
        else:
            print(f"  {s.nome} {dots} {'pulado' if s.status == 'pulado' else 'ERRO'}: {s.detalhe}")
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
    corpus = load(args.acervo or default_root())
    code = code_key()
    problems: list[str] = []
    output = OutputSet(out, MANIFEST)
    stages = parse_and_check(corpus, output, code, problems)
    loaded = site_from_corpus(corpus)
    stages.append(site_stage(loaded, out))
    # After the site: what reading each act said is then known without reading it again.
    problems += [p for p in loaded.problems if not any(p.split(":")[0] == q.split(":")[0]
                                                        for q in problems)]
    stages.append(docx_stage(corpus, loaded, output, code, problems))
    stages.append(dossier_stage(corpus, out, output, code))
    stages.append(consolidation_stage(corpus, out, output, code))
    output.finish()
    print_summary(corpus, stages, problems, loaded.warnings)
    failed = problems or any(s.status == "erro" for s in stages)
    return 1 if failed else 0
