"""`lexconsolida site` (to be implemented by its issue)."""

from lexconsolida.errors import UsageError

HELP = "site (em construção)"
DESCRIPTION = HELP


def add_arguments(parser) -> None:
    parser.add_argument("args", nargs="*")


def run(args) -> int:
    raise UsageError("comando 'site' ainda não disponível nesta versão")
