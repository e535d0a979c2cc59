"""Command line: a thin layer over the Python API (``lexconsolida.api``).

Each command lives in ``lexconsolida/commands/<name>.py`` and provides ``DESCRIPTION``,
``add_arguments(parser)`` and ``run(args) -> int``; its one-line help is in :data:`COMMANDS`.
Exit codes: 0 ok, 1 checks found errors, 2 bad usage, unreadable input or an output that cannot
be written, 3 a bug (internal error: a request to report it; the traceback with ``--debug``),
4 a whole-acervo run that published but kept acts from its last good run
(:data:`lexconsolida.errors.EXIT_KEPT`), 130 interrupted (Ctrl-C: one Portuguese line).
"""

from __future__ import annotations

import argparse
import contextlib
import gettext
import importlib
import os
import signal
import sys
import traceback

from lexconsolida import __version__
from lexconsolida.errors import InternalError, LexError
from lexconsolida.gcpause import gc_paused
from lexconsolida.io import sqlite_failure, write_failure

#: The commands, in the order ``--help`` lists them, with their one-line help. The light table
#: lets the CLI import only the module of the command asked for (python-docx, jinja2, lxml and
#: the forms stay unloaded for ``--help`` or a small ``compile``).
COMMANDS: dict[str, str] = {
    "parse": "lê uma norma (texto, DOCX, PDF, LexML) e grava em LexML",
    "check": "verificações estruturais de uma norma (sai com 1 se houver erros)",
    "amend": "aplica um ato alterador a uma norma (lista as operações com --dry-run)",
    "compile": "texto da norma em vigor numa data (texto compilado)",
    "consolidate": "consolida várias normas numa só, com tabela de correspondência e relatório de revisão",
    "diff": "quadro comparativo de dois textos (HTML, DOCX com controle de alterações, JSON, texto)",
    "render": "converte uma norma para DOCX, HTML, Markdown, texto ou Akoma Ntoso",
    "infracoes": "catálogo de infrações de uma lei (classe, penalidade, medida, multa)",
    "forms": "emite autos de infração e notificações (DOCX e HTML) com número de registro; talões; registro",
    "site": "gera o site do diário oficial para todo o acervo",
    "build": "gera tudo do acervo em output/: LexML, relatórios, site, DOCX e dossiê",
    "auditar": "audita uma consolidação contra as normas de origem (LC 95/1998, art. 13)",
    "importar": "importa uma pasta de atos (txt, docx, md) para um acervo no formato statutes/",
    "acervo": "aplica as alterações de todo o acervo e gera a lista de trabalho (HTML e JSON)",
    "mesa": "mesa de revisão: decide no navegador o que a ferramenta não aplica sozinha",
    "decisoes": "lista e registra decisões da fila de revisão (o mesmo registro da mesa)",
    "eficacia": "decisões judiciais e eficácia de um ato: suspensão, inconstitucionalidade, execução suspensa, "
                "ato sem efeito, efeitos diferidos (lista, registra, confere)",
    "separar": "separa os atos de uma edição do diário oficial em PDF, um LexML por ato",
    "edicao": "monta, numera e assina (PAdES) uma edição do diário oficial em PDF/A",
    "verificar": "confere a assinatura, a integridade e os atos de uma edição do diário oficial",
    "provedor": "provedor de dados do LexML Brasil (OAI-PMH): valida, serve, exporta e registra os registros do acervo",
    "sapl": "SAPL (Interlegis): exporta o histórico compilado para o texto articulado, importa e audita compilações",
}


class ArgparsePortuguese(gettext.NullTranslations):
    """Portuguese catalogue of argparse's own messages (the ``argparse`` gettext domain).

    argparse translates every message through the module-level ``_`` and ``ngettext`` it took
    from :mod:`gettext`; :func:`portuguese_argparse` points them at this catalogue while the
    command line is built and parsed. Messages not listed here (errors of the program, not of
    the user) stay as argparse writes them.
    """

    MESSAGES = {
        "usage: ": "uso: ",
        "positional arguments": "argumentos posicionais",
        "options": "opções",
        "optional arguments": "opções",
        "show this help message and exit": "mostra esta ajuda e sai",
        "argument %(argument_name)s: %(message)s": "argumento %(argument_name)s: %(message)s",
        "unknown parser %(parser_name)r (choices: %(choices)s)":
            "comando desconhecido: %(parser_name)r (comandos: %(choices)s)",
        "can't open '%(filename)s': %(error)s": "não foi possível abrir '%(filename)s': %(error)s",
        "unrecognized arguments: %s": "argumentos não reconhecidos: %s",
        "not allowed with argument %s": "não pode ser usado junto com o argumento %s",
        "ignored explicit argument %r": "argumento explícito ignorado: %r",
        "the following arguments are required: %s": "faltam os argumentos obrigatórios: %s",
        "one of the arguments %s is required": "é obrigatório um dos argumentos %s",
        "expected one argument": "esperava um valor",
        "expected at most one argument": "esperava no máximo um valor",
        "expected at least one argument": "esperava pelo menos um valor",
        "ambiguous option: %(option)s could match %(matches)s":
            "opção ambígua: %(option)s pode ser %(matches)s",
        "unexpected option string: %s": "opção inesperada: %s",
        "invalid %(type)s value: %(value)r": "valor inválido (%(type)s): %(value)r",
        "invalid choice: %(value)r (choose from %(choices)s)": "valor inválido: %(value)r (escolha entre %(choices)s)",
        "%(prog)s: error: %(message)s\n": "%(prog)s: erro: %(message)s\n",
    }
    PLURALS = {
        ("expected %s argument", "expected %s arguments"): ("esperava %s valor", "esperava %s valores"),
    }

    def gettext(self, message: str) -> str:
        return self.MESSAGES.get(message, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        one, many = self.PLURALS.get((singular, plural), (singular, plural))
        return one if n == 1 else many


CATALOGUE = ArgparsePortuguese()


@contextlib.contextmanager
def portuguese_argparse():
    """argparse speaks Portuguese inside the block (its ``_``/``ngettext`` → :data:`CATALOGUE`)."""
    saved = argparse._, argparse.ngettext
    argparse._, argparse.ngettext = CATALOGUE.gettext, CATALOGUE.ngettext
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved


class _Parser(argparse.ArgumentParser):
    """argparse with Portuguese errors and exit code 2."""

    def error(self, message: str):  # noqa: D401
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: erro de uso: {message}\n")


    def parse_args(self, args=None, namespace=None):
        with portuguese_argparse():
            return super().parse_args(args, namespace)

    def parse_known_args(self, args=None, namespace=None):
        with portuguese_argparse():
            return super().parse_known_args(args, namespace)

    def format_help(self) -> str:
        with portuguese_argparse():
            return super().format_help()

    def format_usage(self) -> str:
        with portuguese_argparse():
            return super().format_usage()


def requested_command(argv: list[str]) -> str | None:
    """The command named on the command line (its first non-option word), if it is one."""
    for arg in argv:
        if not arg.startswith("-"):
            return arg if arg in COMMANDS else None
    return None


def command_module(name: str):
    """The module of command ``name`` (imported on demand: the CLI loads only what it runs).

    Imported with the cyclic garbage collector paused: a command's modules make tens of
    thousands of objects that live as long as the process (functions, classes, compiled
    patterns), which collections during the import would only walk over and over."""
    with gc_paused(promote=True):  # modules live as long as the process: never walked again
        return importlib.import_module(f"lexconsolida.commands.{name}")


def build_parser(command: str | None = "*") -> argparse.ArgumentParser:
    """The CLI's parser. Every command is listed; only ``command`` (all of them when ``"*"``)
    gets its module imported and its own arguments."""
    with portuguese_argparse():
        return _build_parser(command)


def _build_parser(command: str | None) -> argparse.ArgumentParser:
    parser = _Parser(
        prog="lexconsolida",
        description="Lê, altera, compila, consolida e publica normas municipais (LexML).",
    )
    parser.add_argument("--version", action="version", version=f"lexconsolida {__version__}",
                        help="mostra a versão do programa e sai")
    parser.add_argument("--debug", action="store_true",
                        help="num erro interno, mostra o rastreamento completo (traceback)")
    sub = parser.add_subparsers(dest="command", metavar="COMANDO", parser_class=_Parser)
    for name, help_line in COMMANDS.items():
        if command in (name, "*"):
            module = command_module(name)
            p = sub.add_parser(name, help=help_line, description=module.DESCRIPTION)
            module.add_arguments(p)
            p.set_defaults(_run=module.run)
        else:
            sub.add_parser(name, help=help_line)
    return parser


TO_STDOUT = frozenset({"parse", "amend", "compile", "diff", "render", "infracoes"})
"""Commands whose ``-o`` names one file and that write to the standard output without it."""

REPORT_BUG = ("isto é um defeito do lexconsolida, não da entrada: por favor, relate-o à equipe "
              "que mantém o programa, com o comando usado e os arquivos de entrada")


INTERRUPTED = "lexconsolida: interrompido (Ctrl-C)"
"""The one line a Ctrl-C prints, at any moment of any command (exit 130)."""


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
    except KeyboardInterrupt:  # while the command's modules load, or before its own handler
        return interrupted()


def interrupted() -> int:
    """One Portuguese line and exit code 130 (128 + SIGINT, as shells expect). A second Ctrl-C
    while the line is printed changes nothing."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        print(INTERRUPTED, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass
    return 130


def _main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(requested_command(argv))
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help(sys.stderr)
        return 2
    if getattr(args, "output", None) == "-":
        if args.command not in TO_STDOUT:
            parser.error(f"-o -: o comando {args.command} grava uma pasta, não a saída padrão; informe a pasta")
        args.output = None  # '-o -': the standard output, as without -o (never a file named '-')
    try:
        return int(args._run(args) or 0)
    except KeyboardInterrupt:
        return interrupted()
    except BrokenPipeError:
        return 0
    except Exception as err:  # noqa: BLE001 - the one place every failure is turned into a message
        return _failure(err, args)


def _failure(err: Exception, args) -> int:
    """One Portuguese line on standard error and the exit code, for every command:
    bad input or usage (2), an output that cannot be written (2), a bug (3: a short request
    to report it; the traceback only with --debug)."""
    prefix = f"lexconsolida {args.command}: erro"
    if isinstance(err, InternalError):
        return _bug(err, args, prefix)
    if isinstance(err, LexError):
        print(f"{prefix}: {err}", file=sys.stderr)
        return err.exit_code
    if isinstance(err, OSError):
        failure = write_failure(err, verb="acessar")
        print(f"{prefix}: {failure}", file=sys.stderr)
        return failure.exit_code
    sqlite = sys.modules.get("sqlite3")  # an SQLite error comes only from a command that imported it
    if sqlite is not None and isinstance(err, sqlite.Error) and (disk := sqlite_failure(err)) is not None:
        print(f"{prefix}: {disk}", file=sys.stderr)
        return disk.exit_code
    return _bug(err, args, prefix)


def _bug(err: Exception, args, prefix: str) -> int:
    if isinstance(err, InternalError):
        print(f"lexconsolida {args.command}: {err}", file=sys.stderr)
    else:
        print(f"{prefix} interno: {type(err).__name__}: {err}", file=sys.stderr)
    if getattr(args, "debug", False) or os.environ.get("LEXCONSOLIDA_DEBUG"):
        traceback.print_exception(err, file=sys.stderr)
    else:
        print(f"{REPORT_BUG} (rode de novo com --debug para ver o rastreamento)", file=sys.stderr)
    return InternalError.exit_code


if __name__ == "__main__":
    raise SystemExit(main())
