"""Who records an entry in a decision ledger, and under which rule — the same for the review desk
and for the command line (``decisoes``, ``eficacia``): never a free name.

Two ways to be identified, both declared beforehand by the câmara:

- **the users file** (``--usuarios ARQUIVO``, :mod:`.auth`): a login with its password — the
  desk's login page, or the password asked on the terminal;
- **the system login**, declared in the municipality's ``municipio.toml``::

      [revisao.logins]
      maria = "Maria Souza"                 # login do sistema = nome completo
      joao = { nome = "João Lima", papel = "leitura" }

  for the desk on this computer only (127.0.0.1, without a users file) and for the command
  line without ``--usuarios``: the person is the system's login, and only when declared.

An unknown identity is refused (exit 2, in Portuguese), and a read-only one (papel
``leitura``) cannot record. The rule of a municipality — two people for every change to what is
applied or published, unless its config chooses one (``[revisao] duas_pessoas = false``) — is
read here too, at each entry (a change counts without restarting the desk).
"""

from __future__ import annotations

import getpass
from collections.abc import Callable
from pathlib import Path

from lexconsolida.corpus.journal import ONE, TWO
from lexconsolida.corpus.ledger import CLI, DESK, Actor
from lexconsolida.corpus.records import read_toml
from lexconsolida.errors import InputError
from lexconsolida.review.auth import ROLES, User, load_users, verify_password

ONE_PERSON_NOTICE = ("modo de uma pessoa: cada decisão vale ao ser registrada, sem a aprovação de uma segunda "
                     "pessoa ([revisao] duas_pessoas = false no municipio.toml)")


class IdentityError(InputError):
    """An identity the câmara did not declare, or that cannot record (Portuguese message)."""


def _revisao(data: dict, path: Path | None) -> dict:
    rev = data.get("revisao") or {}
    if not isinstance(rev, dict):
        raise InputError("[revisao] deve ser uma tabela", path=path)
    return rev


def rule_of(data: dict, path: Path | None = None) -> str:
    """'duas pessoas' (the default) or 'uma pessoa' (``[revisao] duas_pessoas = false``)."""
    value = _revisao(data, path).get("duas_pessoas", True)
    if not isinstance(value, bool):
        raise InputError("[revisao] duas_pessoas deve ser true ou false", path=path)
    return TWO if value else ONE


def rule_for(root: Path, municipio: str) -> str:
    """The rule of ``municipio`` (its folder under ``root``), read now."""
    path = root / municipio / "municipio.toml"
    return rule_of(read_toml(path), path)


def system_logins(data: dict, path: Path | None = None) -> dict[str, User]:
    """``[revisao.logins]`` of a municipio.toml: system login → the person."""
    table = _revisao(data, path).get("logins") or {}
    if not isinstance(table, dict):
        raise InputError("[revisao.logins] deve ser uma tabela: login = \"Nome Completo\"", path=path)
    out: dict[str, User] = {}
    for login, value in table.items():
        if isinstance(value, str):
            nome, papel = value, "revisor"
        elif isinstance(value, dict) and isinstance(value.get("nome"), str):
            nome, papel = value["nome"], value.get("papel", "revisor")
        else:
            raise InputError(f"[revisao.logins] {login}: use login = \"Nome Completo\" ou "
                             "login = { nome = \"…\", papel = \"revisor\" }", path=path)
        if papel not in ROLES:
            raise InputError(f"[revisao.logins] {login}: papel desconhecido {papel!r} (revisor ou leitura)", path=path)
        if not nome.strip():
            raise InputError(f"[revisao.logins] {login}: o nome completo está vazio", path=path)
        out[login] = User(login, papel, nome.strip())
    return out


def declared_system_user(root: Path, login: str, municipios: list[str]) -> User | None:
    """The person ``login`` is in the first of ``municipios`` that declares it, else None."""
    for m in municipios:
        path = root / m / "municipio.toml"
        found = system_logins(read_toml(path), path).get(login)
        if found is not None:
            return found
    return None


def actor_of(user: User, via: str = DESK, how: str = "senha") -> Actor:
    return Actor(user.nome, user.nome_completo or user.nome, via, how)


def system_login() -> str:
    return getpass.getuser()


def cli_actor(root: Path, municipio: str, *, users_file: Path | None, usuario: str | None,
              password: Callable[[str], str]) -> Actor:
    """The person recording from the command line: with ``users_file``, ``usuario`` (default:
    the system login) and its password (``password(login)`` asks for it); without one, the
    system login, declared in ``municipio``'s ``[revisao.logins]``. IdentityError otherwise."""
    login = usuario or system_login()
    if users_file is not None:
        users = load_users(users_file)
        found = users.get(login)
        secret = password(login)
        if found is None or not verify_password(secret, found[1]):
            raise IdentityError(f"identidade recusada: usuário ou senha incorretos para {login!r} em {users_file}")
        user = found[0]
        how = "senha"
    else:
        if usuario is not None and usuario != login:
            raise IdentityError(f"--usuario {usuario!r} não é o login deste sistema ({login!r}): sem --usuarios "
                                "ARQUIVO (usuário e senha), a identidade é o login do sistema, declarado no "
                                "municipio.toml")
        path = root / municipio / "municipio.toml"
        found_user = system_logins(read_toml(path), path).get(login)
        if found_user is None:
            raise IdentityError(f"identidade desconhecida: o login do sistema {login!r} não está declarado em "
                                f"[revisao.logins] de {municipio}/municipio.toml. Declare-o (login = \"Nome "
                                "Completo\") ou use --usuarios ARQUIVO com --usuario NOME (a senha é pedida)")
        user = found_user
        how = "login do sistema"
    if not user.can_decide:
        raise IdentityError(f"{user.shown} tem papel somente leitura: não registra decisões")
    return actor_of(user, CLI, how)


__all__ = ["IdentityError", "ONE_PERSON_NOTICE", "actor_of", "cli_actor", "declared_system_user", "rule_for",
           "rule_of", "system_login", "system_logins"]
