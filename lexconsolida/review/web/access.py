"""Who may use the review desk, from where: login or not, the desk's own person, the host names
the desk answers to.

On a loopback address without a users file, there is no login: the person is the system's
login, declared in a municipality's review config (``revisao.toml``) (:mod:`lexconsolida.review.identity`);
anywhere else, or with ``--usuarios``, a login. In every mode the desk answers only requests
addressed to one of its own host names (``Host``) and accepts forms only from its own origin
(``Origin``): a page of another site that makes a browser talk to the desk — DNS rebinding — is
refused before anything else.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass, field
from pathlib import Path

from lexconsolida.errors import LexError
from lexconsolida.review.auth import User, load_users

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})


@dataclass(slots=True)
class Access:
    login: bool
    """Whether a login is required (a users file, or an address other than loopback)."""
    users: dict[str, tuple[User, str]]
    local_user: User | None = None
    """Without login: the person using the desk."""
    hosts: frozenset[str] = field(default_factory=lambda: LOOPBACK)
    """The host names (without port) requests may be addressed to."""
    secure: bool = False
    """Cookies only over HTTPS (served with TLS, or behind a proxy that terminates it)."""

    def host_ok(self, host_header: str | None) -> bool:
        return bool(host_header) and host_name(host_header or "") in self.hosts


def host_name(value: str) -> str:
    """'Exemplo.gov.br:8024' → 'exemplo.gov.br'; '[::1]:8024' → '::1'."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:value.find("]")] if "]" in value else value
    if value.count(":") == 1:
        return value.split(":", 1)[0]
    return value


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def own_names(host: str) -> set[str]:
    """The names this machine answers to when the desk listens on ``host``: the address itself,
    and for a wildcard (0.0.0.0, ::) the machine's name and addresses."""
    names = {host.lower()}
    if host in ("0.0.0.0", "::", ""):
        try:
            name = socket.gethostname()
            fqdn = socket.getfqdn()
            names |= {name.lower(), fqdn.lower()}
            for n in (name, fqdn):
                try:
                    names |= {a.lower() for a in socket.gethostbyname_ex(n)[2]}
                except OSError:
                    continue
        except OSError:
            pass
        names -= {"0.0.0.0", "::", ""}
    return names


def load_access(users_file: Path | None, host: str, local: User | None = None, *,
                servers: list[str] | tuple[str, ...] = (), secure: bool = False) -> Access:
    """Login is required away from loopback, or whenever a users file is given. ``local``: the
    person without login (declared beforehand; see :mod:`lexconsolida.review.identity`).
    ``servers``: other names the desk is reached by (a reverse proxy's)."""
    hosts = frozenset(LOOPBACK | own_names(host) | {host_name(s) for s in servers})
    if users_file is None:
        if not is_loopback(host):
            raise LexError("para servir a mesa em outro endereço que não 127.0.0.1, indique o arquivo de usuários "
                           "(--usuarios ARQUIVO): o acesso exige login")
        if local is None:
            raise LexError("sem arquivo de usuários, a mesa precisa saber quem a usa: declare o login do sistema em "
                           "[logins] do revisao.toml do município, ou use --usuarios ARQUIVO")
        return Access(False, {}, local, hosts, secure)
    return Access(True, load_users(users_file), None, hosts, secure)


__all__ = ["LOOPBACK", "Access", "host_name", "is_loopback", "load_access", "own_names"]
