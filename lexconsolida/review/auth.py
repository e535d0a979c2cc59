"""Who uses the review desk: users in a file, passwords under scrypt, sessions, CSRF tokens.

The users file (TOML, kept outside the acervo's published outputs)::

    [[usuarios]]
    nome = "maria"                      # the login, recorded as 'responsavel'
    nome_completo = "Maria da Silva"
    papel = "revisor"                   # revisor (decides) | leitura (reads only: procuradoria)
    senha = "scrypt$16384$8$1$<sal>$<hash>"

Passwords are hashed with :func:`hashlib.scrypt` (a standard memory-hard KDF; n=2¹⁴, r=8, p=1,
16-byte salt) and compared in constant time. Sessions live in the server's memory (a random
token in an HttpOnly, SameSite=Strict cookie); each has its CSRF token, which every form
carries and every POST must return.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import secrets
import threading
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import tomli_w

from lexconsolida.corpus.records import toml_error
from lexconsolida.errors import InputError
from lexconsolida.io import atomic_write, read_bytes

ROLES = {"revisor": "revisor(a)", "leitura": "somente leitura"}
_N, _R, _P = 2 ** 14, 8, 1
SESSION_HOURS = 12


def hash_password(password: str, *, salt: bytes | None = None) -> str:
    salt = salt or secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode("utf-8"), salt=salt, n=_N, r=_R, p=_P, dklen=32)
    b64 = base64.b64encode
    return f"scrypt${_N}${_R}${_P}${b64(salt).decode()}${b64(digest).decode()}"


def verify_password(password: str, stored: str) -> bool:
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        got = hashlib.scrypt(password.encode("utf-8"), salt=base64.b64decode(salt), n=int(n), r=int(r),
                             p=int(p), dklen=len(base64.b64decode(digest)))
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got, base64.b64decode(digest))


@functools.cache
def dummy_hash() -> str:
    """A hash no password matches, checked for a user name that does not exist: the answer
    takes as long as for a wrong password (user names do not show by timing)."""
    return hash_password(secrets.token_urlsafe(24))


def check_login(users: dict[str, tuple[User, str]], nome: str, password: str) -> User | None:
    """The user when ``password`` is ``nome``'s; None otherwise — after the same work either way."""
    found = users.get(nome)
    ok = verify_password(password, found[1] if found is not None else dummy_hash())
    return found[0] if found is not None and ok else None


@dataclass(frozen=True, slots=True)
class User:
    nome: str
    papel: str
    nome_completo: str | None = None

    @property
    def can_decide(self) -> bool:
        return self.papel == "revisor"

    @property
    def shown(self) -> str:
        return self.nome_completo or self.nome


def load_users(path: Path) -> dict[str, tuple[User, str]]:
    """login → (user, password hash); InputError naming the file for anything wrong."""
    if not path.is_file():
        raise InputError("arquivo de usuários não encontrado", path=path)
    try:
        table = tomllib.loads(read_bytes(path).decode("utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise toml_error(err, path) from None
    out: dict[str, tuple[User, str]] = {}
    for u in table.get("usuarios", []):
        nome, papel, senha = u.get("nome"), u.get("papel", "revisor"), u.get("senha")
        if not isinstance(nome, str) or not nome.strip() or not isinstance(senha, str):
            raise InputError("cada [[usuarios]] precisa de 'nome' e 'senha' (use --adicionar-usuario)", path=path)
        if papel not in ROLES:
            raise InputError(f"papel desconhecido para {nome!r}: {papel!r} (use revisor ou leitura)", path=path)
        out[nome] = (User(nome, papel, u.get("nome_completo")), senha)
    if not out:
        raise InputError("nenhum usuário no arquivo (use lexconsolida mesa --adicionar-usuario)", path=path)
    return out


def add_user(path: Path, nome: str, password: str, papel: str = "revisor", nome_completo: str | None = None) -> None:
    """Add (or replace) ``nome`` in the users file, its password hashed."""
    if papel not in ROLES:
        raise InputError(f"papel desconhecido: {papel!r} (use revisor ou leitura)")
    if not nome.strip() or any(c.isspace() for c in nome):
        raise InputError("o nome de usuário não pode ter espaços")
    if len(password) < 8:
        raise InputError("a senha precisa de pelo menos 8 caracteres")
    table = tomllib.loads(read_bytes(path).decode("utf-8")) if path.is_file() else {}
    users = [u for u in table.get("usuarios", []) if u.get("nome") != nome]
    entry = {"nome": nome, "papel": papel, "senha": hash_password(password)}
    if nome_completo:
        entry["nome_completo"] = nome_completo
    users.append(entry)
    head = "# Usuários da mesa de revisão (lexconsolida mesa). Senhas com scrypt; nunca em texto.\n"
    atomic_write(path, head + tomli_w.dumps({"usuarios": users}))
    path.chmod(0o600)


@dataclass(slots=True)
class Session:
    token: str
    user: User
    csrf: str
    created: float = field(default_factory=time.monotonic)


class Sessions:
    """Sessions of the running server (a restart logs everyone out)."""

    def __init__(self) -> None:
        self._by_token: dict[str, Session] = {}
        self._lock = threading.Lock()

    def open(self, user: User) -> Session:
        s = Session(secrets.token_urlsafe(32), user, secrets.token_urlsafe(32))
        with self._lock:
            self._by_token[s.token] = s
        return s

    def get(self, token: str | None) -> Session | None:
        if not token:
            return None
        with self._lock:
            s = self._by_token.get(token)
            if s is not None and time.monotonic() - s.created > SESSION_HOURS * 3600:
                del self._by_token[token]
                return None
            return s

    def close(self, token: str | None) -> None:
        with self._lock:
            self._by_token.pop(token or "", None)


def csrf_ok(session: Session | None, sent: str | None) -> bool:
    return session is not None and bool(sent) and hmac.compare_digest(session.csrf, sent or "")
