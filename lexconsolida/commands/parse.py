"""`lexconsolida parse FILE`: read an act (text, DOCX, LexML, Markdown) and write it as LexML.

The LexML goes to ``-o`` (written atomically) or to standard output; ``--report`` writes a JSON
report (metadata, counts by kind, every diagnostic with its line); a summary in Portuguese goes
to standard error. Nothing is written when the input cannot be read (exit 2).
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter

from pathlib import Path

from lexconsolida.corpus.roots import acervo_of, shared_root
from lexconsolida.errors import UsageError
from lexconsolida.gcpause import gc_paused
from lexconsolida.io import atomic_write
from lexconsolida.model import AgrupadorKind, Dispositivo, Kind, Norma, Severity
from lexconsolida.model.diagnostics import LOG_CODES
from lexconsolida.readers import format_of, read_file
from lexconsolida.readers.text import RULE_NAMES
from lexconsolida.writers import get_writer

DESCRIPTION = (
    "Lê a norma em ARQUIVO (texto simples, inclusive OCR de documento escaneado; DOCX; LexML; "
    "Markdown; PDF com camada de texto ou digitalizado, lido por OCR), monta a árvore de "
    "dispositivos e grava o LexML em -o (ou na saída padrão). "
    "Com --report, grava em JSON os metadados, as contagens e cada diagnóstico da leitura "
    "(linhas de cabeçalho/rodapé removidas, reparos de OCR, anomalias de numeração), com o "
    "número da linha. As opções --tipo, --numero, --data e --local substituem o que o texto diz. "
    "ARQUIVO também pode ser a URN ou a pasta de um ato do acervo: lê o texto do ato como "
    "publicado (sem as alterações), com os metadados do seu norma.toml."
)
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_LOCAL = re.compile(r"^[a-z0-9.]+(?:;[a-z0-9.]+)*$")


def add_arguments(parser) -> None:
    parser.add_argument("file", metavar="ARQUIVO",
                        help="norma em .txt, .docx, .pdf, .md ou .xml (LexML), ou URN ou pasta de um ato do acervo")
    parser.add_argument("-o", "--output", metavar="SAIDA.xml", help="arquivo LexML a gravar (padrão: saída padrão)")
    parser.add_argument("--tipo", help="tipo do ato (lei, decreto, lei complementar…)")
    parser.add_argument("--numero", help="número do ato (ex.: 846)")
    parser.add_argument("--data", help="data de assinatura, AAAA-MM-DD")
    parser.add_argument("--local", metavar="UF;MUNICIPIO",
                        help="localidade da URN, ex.: 'mato.grosso;pedra.preta'")
    parser.add_argument("--report", metavar="RELATORIO.json", help="grava o relatório da leitura em JSON")
    parser.add_argument("--from", dest="fmt", choices=["text", "docx", "lexml", "markdown", "pdf"],
                        help="formato de entrada (padrão: pela extensão)")
    parser.add_argument("--ato", type=int, metavar="N",
                        help="de um PDF com vários atos (edição do diário oficial), lê o N-ésimo")
    parser.add_argument("--desligar", action="append", default=[], metavar="REGRA", choices=RULE_NAMES,
                        help="desliga uma regra do leitor de texto (pode repetir): " + ", ".join(RULE_NAMES))
    parser.add_argument("--aceitar-truncado", action="store_true",
                        help="lê mesmo um arquivo que parece truncado (termina no meio de uma frase ou "
                             "de um caractere), com um aviso em vez de erro")
    parser.add_argument("--acervo", metavar="PASTA", help="pasta do acervo (padrão: statutes/)")


def _options(args) -> dict:
    if args.data and not _ISO_DATE.match(args.data):
        raise UsageError(f"--data deve ser AAAA-MM-DD, não {args.data!r}")
    if args.local and not _LOCAL.match(args.local):
        raise UsageError(f"--local deve ser como 'mato.grosso;pedra.preta', não {args.local!r}")
    options = {k: v for k, v in (("tipo", args.tipo), ("numero", args.numero), ("data", args.data),
                                 ("localidade", args.local)) if v}
    if getattr(args, "aceitar_truncado", False):
        options["aceitar_truncado"] = True
    if options.get("tipo"):
        options["tipo"] = " ".join(w if w in ("de", "da", "do") else w.capitalize() for w in options["tipo"].split())
    return options


def counts(norma: Norma) -> dict[str, int]:
    """Units by kind (caput excluded), agrupadores by kind, and Parágrafos únicos."""
    by_kind: Counter = Counter()
    unicos = alteracoes = 0
    for node in norma.walk():  # one walk, kinds counted as they are (their names once, at the end)
        by_kind[node.kind] += 1
        if isinstance(node, Dispositivo):
            if node.alteracoes:
                alteracoes += len(node.alteracoes)
            if node.kind is Kind.PARAGRAFO and node.id.endswith("u"):
                unicos += 1
    c: Counter = Counter()
    for kind, n in by_kind.items():
        if kind is not Kind.CAPUT:
            c[kind.value] += n
        if isinstance(kind, AgrupadorKind):
            c["agrupadores"] += n
    if unicos:
        c["paragrafos_unicos"] = unicos
    c["alteracoes"] = alteracoes
    return dict(sorted(c.items()))


def report(path: str, fmt: str, norma: Norma, diagnostics) -> dict:
    by_code = Counter(d.code for d in diagnostics)
    return {
        "arquivo": path,
        "formato": fmt,
        "norma": {
            "tipo": norma.tipo, "numero": norma.numero, "data": norma.data, "urn": norma.urn,
            "localidade": norma.localidade, "epigrafe": norma.epigrafe, "ementa": norma.ementa,
            "codificacao": norma.provenance.encoding,
        },
        "contagens": counts(norma),
        "diagnosticos_por_codigo": dict(sorted(by_code.items())),
        "diagnosticos": [d.to_dict() for d in diagnostics],
    }


def _summary(path: str, norma: Norma, diagnostics) -> str:
    c = counts(norma)
    removed = sum(d.code == "linha-removida" for d in diagnostics)
    repairs = sum(d.code == "reparo" for d in diagnostics)
    findings = [d for d in diagnostics if d.code not in LOG_CODES]
    errors = sum(d.severity is Severity.ERROR for d in findings)
    shown = [d for d in findings if d.severity in (Severity.ERROR, Severity.WARNING)]
    lines = [
        f"{path}: {norma.titulo}",
        f"  {c.get('artigo', 0)} artigos, {c.get('paragrafo', 0)} parágrafos, {c.get('inciso', 0)} incisos, "
        f"{c.get('alinea', 0)} alíneas, {c.get('item', 0)} itens, {c.get('agrupadores', 0)} agrupadores",
        f"  {removed} linhas de cabeçalho/rodapé removidas, {repairs} reparos, "
        f"{len(findings)} observações ({errors} erros, {len(shown) - errors} avisos)",
    ]
    pages = [d for d in diagnostics if d.code == "leitura-pagina"]
    if pages:
        ocr = sum("OCR" in d.message for d in pages)
        lines.append(f"  {len(pages)} página{'s' if len(pages) != 1 else ''} do PDF: {len(pages) - ocr} pela "
                     f"camada de texto, {ocr} por OCR")
    for d in shown[:25]:
        lines.append("  " + d.format())
    if len(shown) > 25:
        lines.append(f"  … e mais {len(shown) - 25} erros e avisos (veja --report)")
    return "\n".join(lines) + "\n"


def _in_acervo(spec: str) -> bool:
    """Whether ``spec`` can name an act of an acervo: a URN, a folder, a ``norma.toml``, a file in
    an act folder, or a file of the shared material (where acts declared with ``[fonte_textos]``
    keep their texts). Any other file is read as it is, without loading an acervo."""
    if spec.startswith("urn:"):
        return True
    p = Path(spec)
    if p.is_dir() or p.name == "norma.toml" or (p.parent / "norma.toml").is_file():
        return True
    try:
        return p.resolve().is_relative_to(shared_root().resolve())
    except OSError:
        return True


def run(args) -> int:
    options = _options(args)
    if args.desligar:
        if (args.fmt or format_of(args.file)) not in ("text", "pdf"):
            raise UsageError("--desligar vale só para entrada em texto ou PDF")
        options["disable"] = frozenset(args.desligar)
    if args.ato is not None:
        if (args.fmt or format_of(args.file)) != "pdf":
            raise UsageError("--ato vale só para entrada em PDF")
        options["ato"] = args.ato
    # One act read and written, then the process ends: what the work leaves alive is never
    # walked by the collector (see gcpause).
    with gc_paused(promote=True):
        return _run(args, options)


def _run(args, options: dict) -> int:
    if args.acervo or _in_acervo(args.file):
        # the loader of the acervo, and the citation patterns it brings: only for an act of it
        from lexconsolida.corpus.locate import locate, require_text, try_corpus

        root = args.acervo or acervo_of(args.file)
        found = require_text(locate(args.file, try_corpus(None if root is None else str(root)), fmt=args.fmt,
                                    options=options))
        norma, diagnostics, path = found.norma, found.diagnostics, found.path
    else:
        result = read_file(args.file, args.fmt, **options)
        norma, diagnostics, path = result.norma, result.diagnostics, Path(args.file)
    fmt = args.fmt or format_of(path or args.file)
    xml = get_writer("xml")(norma)
    rep = None
    if args.report:
        rep = json.dumps(report(args.file, fmt, norma, diagnostics), ensure_ascii=False, indent=2) + "\n"
    if args.output:
        atomic_write(args.output, xml)
    else:
        sys.stdout.buffer.write(xml)
        sys.stdout.flush()
    if rep is not None:
        atomic_write(args.report, rep)
    sys.stderr.write(_summary(args.file, norma, diagnostics))
    return 0
