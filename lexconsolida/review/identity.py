"""Who records an entry in a decision ledger, and under which rule — the same for the review desk
and for the command line (``decisoes``, ``eficacia``): never a free name.

Two ways to be identified, both declared beforehand by the câmara:

- **the users file** (``--usuarios ARQUIVO``, :mod:`.auth`): a login with its password — the
  desk's login page, or the password asked on the terminal;
- **the system login**, declared in the municipality's review config, ``revisao.toml`` beside
  its ``municipio.toml`` (kept apart: it is the câmara's staff, not the acervo's data, and a
  change to it does not make the acervo be read again)::

      duas_pessoas = true                   # the default; false: the one-person mode
      [logins]
      maria = "Maria Souza"                 # login do sistema = nome completo
      joao = { nome = "João Lima", papel = "leitura" }

  for the desk on this computer only (127.0.0.1, without a users file) and for the command
  line without ``--usuarios``: the person is the system's login, and only when declared. (A
  ``[revisao]`` table in ``municipio.toml``, the earlier place, is still read.)

An unknown identity is refused (exit 2, in Portuguese), and a read-only one (papel
``leitura``) cannot record. The rule of a municipality — two people for every change to what is
applied or published, unless its config chooses one (``duas_pessoas = false`` in its ``revisao.toml``) — is
read here too, at each entry (a change counts without restarting the desk).
"""

from __future__ import annotations

import getpass
import os
from collections.abc import Callable
from pathlib import Path

from lexconsolida.corpus.journal import ONE, TWO
from lexconsolida.corpus.ledger import CLI, DESK, Actor
from lexconsolida.corpus.records import read_toml
from lexconsolida.errors import InputError
from lexconsolida.review.auth import ROLES, User, load_users, verify_password

ONE_PERSON_NOTICE = ("modo de uma pessoa: cada decisão vale ao ser registrada, sem a aprovação de uma segunda "
                     "pessoa (duas_pessoas = false no revisao.toml do município)")


class IdentityError(InputError):
    """An identity the câmara did not declare, or that cannot record (Portuguese message)."""


REVIEW_CONFIG = "revisao.toml"


def config(root: Path, municipio: str) -> tuple[dict, Path]:
    """The review config of ``municipio``: its ``revisao.toml`` (else the ``[revisao]`` table of its
    municipio.toml, the earlier place), and the file it came from."""
    path = root / municipio / REVIEW_CONFIG
    if path.is_file():
        return read_toml(path), path
    mpath = root / municipio / "municipio.toml"
    table = read_toml(mpath).get("revisao") or {}
    if not isinstance(table, dict):
        raise InputError("[revisao] deve ser uma tabela", path=mpath)
    return table, mpath


def rule_of(table: dict, path: Path | None = None) -> str:
    """'duas pessoas' (the default) or 'uma pessoa' (``duas_pessoas = false``)."""
    value = table.get("duas_pessoas", True)
    if not isinstance(value, bool):
        raise InputError("duas_pessoas deve ser true ou false", path=path)
    return TWO if value else ONE


def rule_for(root: Path, municipio: str) -> str:
    """The rule of ``municipio`` (its folder under ``root``), read now."""
    table, path = config(root, municipio)
    return rule_of(table, path)


def system_logins(table: dict, path: Path | None = None) -> dict[str, User]:
    """``[logins]`` of a review config: system login → the person."""
    logins = table.get("logins") or {}
    if not isinstance(logins, dict):
        raise InputError("[logins] deve ser uma tabela: login = \"Nome Completo\"", path=path)
    out: dict[str, User] = {}
    for login, value in logins.items():
        if isinstance(value, str):
            nome, papel = value, "revisor"
        elif isinstance(value, dict) and isinstance(value.get("nome"), str):
            nome, papel = value["nome"], value.get("papel", "revisor")
        else:
            raise InputError(f"[logins] {login}: use login = \"Nome Completo\" ou "
                             "login = { nome = \"…\", papel = \"revisor\" }", path=path)
        if papel not in ROLES:
            raise InputError(f"[logins] {login}: papel desconhecido {papel!r} (revisor ou leitura)", path=path)
        if not nome.strip():
            raise InputError(f"[logins] {login}: o nome completo está vazio", path=path)
        out[login] = User(login, papel, nome.strip())
    return out


def declared_system_user(root: Path, login: str, municipios: list[str]) -> User | None:
    """The person ``login`` is in the first of ``municipios`` that declares it, else None."""
    for m in municipios:
        found = system_logins(*config(root, m)).get(login)
        if found is not None:
            return found
    return None


def actor_of(user: User, via: str = DESK, how: str = "senha") -> Actor:
    return Actor(user.nome, user.nome_completo or user.nome, via, how)


def system_login() -> str:
    """The login of the person running this process, from the operating system's account of
    its user id — never from the environment: LOGNAME or USER are set by anyone in their own
    shell (``LOGNAME=joao lexconsolida decisoes --aprovar …`` would approve as João). Where the
    system has no user database (Windows), the login the system gives (:func:`getpass.getuser`)."""
    try:
        import pwd  # POSIX only: Windows has no user ids (the except below)
    except ImportError:  # Windows: no user ids
        return getpass.getuser()
    uid = os.getuid()
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        raise IdentityError(f"o usuário deste sistema (uid {uid}) não tem login: use --usuarios ARQUIVO com "
                            "--usuario NOME (a senha é pedida)") from None


def cli_actor(root: Path, municipio: str, *, users_file: Path | None, usuario: str | None,
              password: Callable[[str], str]) -> Actor:
    """The person recording from the command line: with ``users_file``, ``usuario`` (default:
    the system login) and its password (``password(login)`` asks for it); without one, the
    system login, declared in ``municipio``'s review config. IdentityError otherwise."""
    os_login = system_login()
    login = usuario or os_login
    if users_file is not None:
        users = load_users(users_file)
        found = users.get(login)
        secret = password(login)
        if found is None or not verify_password(secret, found[1]):
            raise IdentityError(f"identidade recusada: usuário ou senha incorretos para {login!r} em {users_file}")
        user = found[0]
        how = "senha"
    else:
        if usuario is not None and usuario != os_login:
            raise IdentityError(f"--usuario {usuario!r} não é o login deste sistema ({os_login!r}): sem --usuarios "
                                "ARQUIVO (usuário e senha), a identidade é o login do sistema, declarado no "
                                "municipio.toml")
        found_user = system_logins(*config(root, municipio)).get(login)
        if found_user is None:
            raise IdentityError(f"identidade desconhecida: o login do sistema {login!r} não está declarado em "
                                f"[logins] de {municipio}/{REVIEW_CONFIG}. Declare-o (login = \"Nome Completo\") ou "
                                "use --usuarios ARQUIVO com --usuario NOME (a senha é pedida)")
        user = found_user
        how = "login do sistema"
    if not user.can_decide:
        raise IdentityError(f"{user.shown} tem papel somente leitura: não registra decisões")
    return actor_of(user, CLI, how)


__all__ = ["REVIEW_CONFIG", "IdentityError", "ONE_PERSON_NOTICE", "config", "actor_of", "cli_actor", "declared_system_user", "rule_for",
           "rule_of", "system_login", "system_logins"]
