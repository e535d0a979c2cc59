"""`lexconsolida render NORMA [--to docx|html|md|txt|akn] [--view vigente|compilado] [-o OUT]`.

NORMA is a file (.txt, .xml LexML, .docx, .md) or a corpus act (URN or folder of
``statutes/``); a corpus act is rendered with every amending act of the corpus applied, so
``--view compilado`` shows its whole history. Text formats go to standard output when ``-o``
is missing; DOCX needs ``-o``. Files are written atomically. The DOCX letterhead comes from
the act's municipality (corpus), else from the ``municipio.toml`` found in the file's folder or
above it, or from ``--municipio``.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

from lexconsolida import api
from lexconsolida.commands import emit
from lexconsolida.corpus.records import toml_error
from lexconsolida.errors import InputError, UsageError
from lexconsolida.io import read_bytes
from lexconsolida.readers import read_file

DESCRIPTION = (
    "Lê a norma (texto, LexML, DOCX ou Markdown) e a grava no formato pedido: docx (com o "
    "timbre do órgão e os estilos do modelo), html, md, txt ou akn (Akoma Ntoso 3.0). "
    "--view compilado mostra as redações anteriores riscadas, com as notas de alteração. "
    "Sem -o, os formatos de texto saem na saída padrão; o DOCX exige -o."
)
FORMATS = ("docx", "html", "md", "txt", "akn")
BINARY_FORMATS = {"docx"}


def add_arguments(parser) -> None:
    parser.add_argument("norma", metavar="NORMA",
                        help="norma em .txt, .xml (LexML), .docx ou .md; ou URN/pasta de um ato do acervo")
    parser.add_argument("--to", dest="to", choices=FORMATS, default=None,
                        help="formato de saída (padrão: pela extensão de -o, senão html)")
    parser.add_argument("--view", choices=("vigente", "compilado"), default="vigente",
                        help="texto vigente (padrão) ou texto compilado com as alterações")
    parser.add_argument("-o", "--output", metavar="SAIDA", help="arquivo de saída")
    parser.add_argument("--from", dest="fmt", choices=["text", "lexml", "docx", "markdown", "pdf"],
                        help="formato de entrada (padrão: pela extensão)")
    parser.add_argument("--municipio", metavar="PASTA_OU_TOML",
                        help="pasta do município (com municipio.toml) para o timbre do DOCX")
    parser.add_argument("--orgao", choices=("camara", "prefeitura"),
                        help="órgão do timbre (padrão: pelo tipo do ato)")
    parser.add_argument("--acervo", metavar="PASTA", help="pasta do acervo (padrão: statutes/)")
    parser.add_argument("--modelo", metavar="MODELO.docx",
                        help="modelo DOCX próprio (cópia adaptada de templates/reference.docx)")


def run(args) -> int:
    fmt = args.to or _format_from_output(args.output)
    if fmt in BINARY_FORMATS and not args.output:
        raise UsageError(f"o formato {fmt} é binário: indique o arquivo de saída com -o")
    source = load_source(args.norma, args.fmt, args.acervo)
    for line in api.describe(source.problems):
        print(line, file=sys.stderr)
    options = {"view": args.view}
    publishing = source.publishing
    if fmt == "docx":
        if args.municipio or publishing.municipio is None:
            publishing.municipio, publishing.municipio_dir = find_municipio(Path(args.norma),
                                                                           args.municipio)
        publishing.orgao = args.orgao or publishing.orgao
        options["template"] = Path(args.modelo) if args.modelo else None
    emit(api.render(source.norma, fmt, publishing=publishing, **options), args.output)
    return 0


def load_source(ref: str, fmt: str | None, acervo: str | None = None) -> api.ActAtDate:
    """NORMA as a file path (read as it is), or a corpus act (URN or folder) with every
    amending act of the corpus applied (its whole history, for the compiled view)."""
    path = Path(ref)
    if fmt is not None or not api.is_corpus_act(ref):
        return api.act_at(api.Located(read_file(ref, fmt).norma, None, None, path=path))
    root = acervo or (str(path.resolve().parent.parent) if path.is_dir() else None)
    return api.act_at(ref, acervo=root)


def _format_from_output(output: str | None) -> str:
    if not output:
        return "html"
    suffix = Path(output).suffix.lower().lstrip(".")
    aliases = {"htm": "html", "markdown": "md", "text": "txt", "xml": "akn"}
    fmt = aliases.get(suffix, suffix)
    if fmt not in FORMATS:
        raise UsageError(f"não sei o formato de {output!r}: use --to ({', '.join(FORMATS)})")
    return fmt


def find_municipio(norma_path: Path, given: str | None) -> tuple[dict | None, Path | None]:
    """The municipality settings and folder: ``--municipio``, else the nearest municipio.toml above."""
    if given:
        p = Path(given)
        toml_path = p / "municipio.toml" if p.is_dir() else p
        if not toml_path.is_file():
            raise InputError("municipio.toml não encontrado", path=toml_path)
        return _load_toml(toml_path), toml_path.parent
    for folder in norma_path.resolve().parents:
        candidate = folder / "municipio.toml"
        if candidate.is_file():
            return _load_toml(candidate), folder
    return None, None


def _load_toml(path: Path) -> dict:
    try:
        return tomllib.loads(read_bytes(path).decode("utf-8"))
    except UnicodeDecodeError:
        raise InputError("configuração do município inválida: não está em UTF-8", path=path) from None
    except tomllib.TOMLDecodeError as err:
        raise toml_error(err, path) from None
