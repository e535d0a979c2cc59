"""Where the SAPL is and the token to write in it: from the environment or from a file.

Never from the command line (it would stay in the shell's history and in the process list for
anyone on the machine to read), never from a file inside the acervo (an acervo is a git
repository that gets published). The file is TOML::

    url = "https://sapl.camara.exemplo.leg.br"
    token = "…"                       # omitted: anonymous (reading only)

and must not be readable by other users of the machine (``chmod 600``). The environment wins
over nothing: ``LEXCONSOLIDA_SAPL_URL`` and ``LEXCONSOLIDA_SAPL_TOKEN``.
"""

from __future__ import annotations

import os
import stat
import tomllib
from dataclasses import dataclass
from pathlib import Path

from lexconsolida.errors import InputError, UsageError

URL_VAR = "LEXCONSOLIDA_SAPL_URL"
TOKEN_VAR = "LEXCONSOLIDA_SAPL_TOKEN"
FILE_VAR = "LEXCONSOLIDA_SAPL_CONEXAO"


@dataclass(frozen=True, slots=True)
class Connection:
    url: str
    token: str | None = None
    source: str = "ambiente"
    """Where it was read ('ambiente' or the file's path), for messages."""


def connection(path: str | None = None, *, acervos: tuple[Path, ...] = (), need_token: bool = False,
               environ: dict | None = None) -> Connection:
    """The SAPL to talk to: the file ``path`` (or ``$LEXCONSOLIDA_SAPL_CONEXAO``), else the
    environment. ``acervos``: folders the file must not be inside. ``need_token``: writing."""
    env = os.environ if environ is None else environ
    path = path or env.get(FILE_VAR) or None
    if path:
        conn = _from_file(Path(path), acervos)
    else:
        url = env.get(URL_VAR, "").strip()
        if not url:
            raise UsageError(f"informe o SAPL: a variável de ambiente {URL_VAR} (e {TOKEN_VAR}, para gravar) "
                             f"ou --conexao ARQUIVO (um TOML com url e token, fora do acervo; ver docs/sapl.md)")
        conn = Connection(url, env.get(TOKEN_VAR, "").strip() or None)
    if need_token and not conn.token:
        raise UsageError(f"gravar no SAPL pede um token ({TOKEN_VAR}, ou 'token' em {conn.source}): "
                         "crie-o no SAPL para um usuário com as permissões de docs/sapl.md")
    return conn


def _from_file(path: Path, acervos: tuple[Path, ...]) -> Connection:
    if not path.is_file():
        raise InputError("arquivo de conexão com o SAPL não encontrado", path=path)
    real = path.resolve()
    for root in acervos:
        try:
            real.relative_to(Path(root).resolve())
        except ValueError:
            continue
        raise UsageError(f"o arquivo de conexão com o SAPL ({path}) está dentro do acervo {root}: o token iria "
                         "para o git do acervo; guarde-o fora dele (por exemplo, ~/.config/lexconsolida/sapl.toml)")
    mode = path.stat().st_mode
    if os.name == "posix" and mode & (stat.S_IRGRP | stat.S_IROTH):
        raise UsageError(f"o arquivo de conexão com o SAPL ({path}) pode ser lido por outros usuários deste "
                         f"computador e guarda um token: rode 'chmod 600 {path}'")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        raise InputError(f"arquivo de conexão com o SAPL ilegível: {err}", path=path) from None
    url = data.get("url")
    if not isinstance(url, str) or not url.strip():
        raise InputError("falta 'url = \"https://…\"' (o endereço do SAPL)", path=path)
    token = data.get("token")
    if token is not None and not isinstance(token, str):
        raise InputError("'token' deve ser um texto entre aspas", path=path)
    return Connection(url.strip(), (token or "").strip() or None, str(path))
