"""Command line: a thin layer over the Python API (``lexconsolida.api``).

Each command lives in ``lexconsolida/commands/<name>.py`` and provides ``HELP`` (one line),
``DESCRIPTION``, ``add_arguments(parser)`` and ``run(args) -> int``. Exit codes: 0 ok, 1 checks
found errors, 2 bad usage or unreadable input.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from lexconsolida import __version__
from lexconsolida.errors import LexError

COMMANDS = [
    "parse", "check", "amend", "compile", "consolidate", "diff", "render",
    "infracoes", "forms", "site", "build",
]


class _Parser(argparse.ArgumentParser):
    """argparse with Portuguese errors and exit code 2."""

    def error(self, message: str):  # noqa: D401
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: erro de uso: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="lexconsolida",
        description="Lê, altera, compila, consolida e publica normas municipais (LexML).",
    )
    parser.add_argument("--version", action="version", version=f"lexconsolida {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMANDO", parser_class=_Parser)
    for name in COMMANDS:
        module = importlib.import_module(f"lexconsolida.commands.{name}")
        p = sub.add_parser(name, help=module.HELP, description=module.DESCRIPTION)
        module.add_arguments(p)
        p.set_defaults(_run=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(args._run(args) or 0)
    except LexError as err:
        print(f"lexconsolida {args.command}: erro: {err}", file=sys.stderr)
        return err.exit_code
    except KeyboardInterrupt:
        print("interrompido", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
