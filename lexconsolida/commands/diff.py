"""`lexconsolida diff` (to be implemented by its issue)."""

from lexconsolida.errors import UsageError

HELP = "diff (em construção)"
DESCRIPTION = HELP


def add_arguments(parser) -> None:
    parser.add_argument("args", nargs="*")


def run(args) -> int:
    raise UsageError("comando 'diff' ainda não disponível nesta versão")
