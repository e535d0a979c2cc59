"""The format of an act's decision ledger (``decisoes.toml``): an append-only journal.

Every proposal, approval, decision, withdrawal and efficacy event is a new ``[[registro]]``
entry at the end of the file, and nothing already written changes: what is in force is the
fold of the entries (:func:`fold`). Each entry says who (``login`` and ``nome``, and how the
person was identified), when (local time with its offset), by which way (the desk, the command
line), under which rule (two people, or the one-person mode a municipality chose), why
(``nota``), what it supersedes (``substitui``) or reverts (``reverte``), and the content it
decided (``[registro.decisao]``, ``[registro.eficacia]``)::

    [[registro]]
    n = 3
    evento = "decisao"
    estado = "proposta"
    problema = "alteracao-nao-textual"
    dispositivo = "art1"
    login = "maria"
    nome = "Maria Souza"
    quando = "2026-12-02T10:31:05-03:00"
    via = "mesa"
    identificacao = "senha"
    regra = "duas pessoas"
    nota = "O art. 1º acresce 200 licenças às 300 do § 1º do art. 16."
    hash = "sha256:…"

    [registro.decisao]
    decisao = "nao-textual"
    alvo = "urn:lex:…!art16_par1"
    texto_hash = "sha256:9f1c2a7d40be13e5"

``hash`` chains the entries: the SHA-256 of the previous entry's hash and this entry's content
(canonical JSON, :func:`digest`). An entry rewritten by hand, removed or moved no longer
matches, and the ledger is refused on read with the file and the line of the first entry that
does not match — as is any other damage (not TOML, not UTF-8, a missing key, a sequence
number out of place, an approval by the person who proposed, an entry without a login, or one
claiming the migration's exemption from the rule — ``regra = "registro anterior"`` — anywhere but
among the migrated entries at the start). Someone who recomputed every
hash after an edit would pass the chain, but not git: the ledger is plain text under version
control, and each change is an addition at its end.

This module knows the format and the rule of the fold; the records (:mod:`.records`) turn the
folded contents into decisions and efficacy events, and :mod:`.ledger` writes.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import tomli_w

from lexconsolida.errors import InputError

EVENTS = {
    "decisao": "decisão sobre uma instrução",
    "retirada": "retirada da decisão em vigor",
    "aprovacao": "aprovação de uma proposta",
    "descarte": "proposta descartada",
    "eficacia": "evento de eficácia (decisão judicial e outros)",
    "eficacia-retirada": "retirada de um evento de eficácia",
}
"""``evento`` of an entry, and how a page names it."""
CHANGES = ("decisao", "retirada", "eficacia", "eficacia-retirada")
"""Entries that change what is applied or published when in force: under the two-person rule
each is a proposal until another person approves it (a deferral that replaces nothing in force
is the exception: it applies nothing)."""
PROPOSED, IN_FORCE = "proposta", "em vigor"
TWO, ONE, EARLIER = "duas pessoas", "uma pessoa", "registro anterior"
"""``regra``: the two-person rule; the one-person mode a municipality chose in its config; an
entry migrated from a ledger written before the journal (no rule was recorded then)."""
VIA = ("mesa", "linha de comando", "migração")
IDENTIFICATION = {"senha": "usuário e senha do arquivo de usuários",
                  "login do sistema": "login do sistema declarado no municipio.toml",
                  "sem identificação": "registro anterior ao livro, sem identificação"}
HEADER = (
    "# Livro de registro das decisões sobre este ato (mesa de revisão; docs/revisao.md).\n"
    "# Cada [[registro]] é acrescentado ao fim e nunca reescrito: propostas, aprovações, decisões,\n"
    "# retiradas e eventos de eficácia (decisões judiciais), com quem (login e nome), quando, por qual\n"
    "# via, sob qual regra (duas pessoas ou uma), por quê e sobre que texto. O que vale é o resultado\n"
    "# de todas as entradas, em ordem. 'hash' encadeia cada entrada à anterior: uma entrada alterada\n"
    "# à mão é detectada na leitura. Não edite: use 'lexconsolida mesa', 'decisoes' ou 'eficacia'.\n"
)
_HEAD = re.compile(r"^\s*\[\[\s*registro\s*\]\]\s*(?:#.*)?$")
_KEYS = ("n", "evento", "estado", "problema", "dispositivo", "eficacia_id", "aprova", "descarta", "substitui",
         "reverte", "login", "nome", "quando", "via", "identificacao", "regra", "nota", "hash")
_DECISION_KEYS = ("decisao", "alvo", "texto_hash", "alvo_norma", "alvo_unidades", "alvo_hash")
_OP_KEYS = ("tipo", "alvo", "rotulo", "texto", "novo", "novo_rotulo")
_EFFICACY_KEYS = ("tipo", "dispositivos", "inicio", "fim", "nota", "fonte")
_COURT_KEYS = ("tipo", "numero", "orgao", "data", "relator", "link", "urn")


def is_journal(table: dict) -> bool:
    """Whether a ledger's table is a journal (else the earlier format: ``[[decisoes]]`` and
    ``[[eficacia]]`` written whole)."""
    return "registro" in table


@dataclass(frozen=True, slots=True)
class Entry:
    """One ``[[registro]]``, as read (its table kept whole: the hash is over it)."""

    table: dict
    line: int | None = None
    """Line of its ``[[registro]]`` header in the file."""

    def get(self, key: str, default=None):
        return self.table.get(key, default)

    @property
    def n(self) -> int:
        return self.table["n"]

    @property
    def evento(self) -> str:
        return self.table["evento"]

    @property
    def estado(self) -> str | None:
        return self.table.get("estado")

    @property
    def login(self) -> str | None:
        return self.table.get("login")

    @property
    def nome(self) -> str:
        return self.table.get("nome") or self.table.get("login") or "não informado"

    @property
    def quando(self) -> str:
        return self.table["quando"]

    @property
    def nota(self) -> str | None:
        return self.table.get("nota")

    @property
    def regra(self) -> str:
        return self.table.get("regra", TWO)

    @property
    def hash(self) -> str:
        return self.table["hash"]

    @property
    def key(self) -> tuple[str, str | None] | None:
        """The decision item this entry concerns ((problem, dispositivo)), if any."""
        if self.evento in ("decisao", "retirada"):
            return (self.table["problema"], self.table.get("dispositivo"))
        return None

    @property
    def who(self) -> str:
        """'Maria Souza (maria)' — the full name and the login."""
        login = self.login
        return f"{self.nome} ({login})" if login and login != self.nome else self.nome

    @property
    def same_person(self) -> str:
        """What identifies the person for the two-person rule: the login (the full name for an
        entry migrated without one)."""
        return self.login or self.nome


def digest(previous: str, table: dict) -> str:
    """'sha256:…' of an entry: the previous entry's hash ('' for the first) and the entry's
    content without its own hash, as canonical JSON (keys sorted; whitespace and key order in
    the file do not count, every value does)."""
    content = {k: v for k, v in table.items() if k != "hash"}
    canon = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return "sha256:" + hashlib.sha256(f"{previous}\n{canon}".encode("utf-8")).hexdigest()


def _line(key: str, value) -> str:
    return tomli_w.dumps({key: value}).rstrip("\n")


def entry_text(table: dict) -> str:
    """One entry as the ledger writes it: its keys in a fixed order, then its content."""
    out = ["[[registro]]"] + [_line(k, table[k]) for k in _KEYS if table.get(k) is not None]
    dec = table.get("decisao")
    if isinstance(dec, dict):
        out += ["", "[registro.decisao]"] + [_line(k, dec[k]) for k in _DECISION_KEYS if dec.get(k) is not None]
        for op in dec.get("operacoes", []):
            out += ["", "[[registro.decisao.operacoes]]"] + [_line(k, op[k]) for k in _OP_KEYS if op.get(k) is not None]
    ev = table.get("eficacia")
    if isinstance(ev, dict):
        out += ["", "[registro.eficacia]"] + [_line(k, ev[k]) for k in _EFFICACY_KEYS if ev.get(k) is not None]
        court = ev.get("decisao")
        if isinstance(court, dict):
            out += ["", "[registro.eficacia.decisao]"] + [_line(k, court[k]) for k in _COURT_KEYS
                                                          if court.get(k) is not None]
    return "\n".join(out) + "\n"


_END = re.compile(r"^# fim do livro: (?P<n>\d+) entradas?; último hash (?P<hash>sha256:[0-9a-f]{64}|nenhum)\s*$")


def trailer(entries: list[dict]) -> str:
    """The journal's last line: how many entries and the last hash. A file cut short (a copy
    interrupted, an entry removed from the end) no longer ends with it."""
    last = entries[-1]["hash"] if entries else "nenhum"
    return f"# fim do livro: {len(entries)} entrada{'' if len(entries) == 1 else 's'}; último hash {last}\n"


def dumps(entries: list[dict]) -> str:
    """A whole journal (its header, each entry, the trailer)."""
    return HEADER + "".join("\n" + entry_text(t) for t in entries) + "\n" + trailer(entries)


def chained(entries: list[dict], start: str = "") -> list[dict]:
    """``entries`` with their ``hash`` computed in order after the hash ``start``."""
    out, prev = [], start
    for t in entries:
        t = {k: v for k, v in t.items() if k != "hash"}
        t["hash"] = prev = digest(prev, t)
        out.append(t)
    return out


# --- reading -----------------------------------------------------------------------------------

def _fail(path, line: int | None, message: str) -> InputError:
    return InputError(f"livro de registro danificado: {message}", path=path, line=line)


def _text(t: dict, key: str, path, line, *, required: bool = False) -> str | None:
    v = t.get(key)
    if v is None:
        if required:
            raise _fail(path, line, f"falta '{key}' na entrada")
        return None
    if not isinstance(v, str) or (required and not v.strip()):
        raise _fail(path, line, f"'{key}' deve ser um texto entre aspas")
    return v


def _int(t: dict, key: str, path, line) -> int | None:
    v = t.get(key)
    if v is None:
        return None
    if not isinstance(v, int) or isinstance(v, bool) or v < 1:
        raise _fail(path, line, f"'{key}' deve ser o número de uma entrada anterior")
    return v


def parse(table: dict, raw: str, path: Path | str) -> list[Entry]:
    """The entries of a journal's table (``raw``: its text, for the lines), each checked: its
    keys, its number in sequence, its hash in the chain. InputError with the line of the first
    entry that fails."""
    entries = table.get("registro")
    if not isinstance(entries, list):
        raise _fail(path, None, "'registro' deve ser uma lista de tabelas [[registro]]")
    extra = sorted(k for k in table if k != "registro")
    if extra:
        raise _fail(path, None, f"chaves fora das entradas [[registro]]: {', '.join(extra)} (o livro só tem "
                                "entradas; uma decisão escrita à mão vai no norma.toml)")
    heads = [i for i, text in enumerate(raw.splitlines(), 1) if _HEAD.match(text)]
    out: list[Entry] = []
    prev = ""
    for i, t in enumerate(entries):
        line = heads[i] if len(heads) == len(entries) else None
        if not isinstance(t, dict):
            raise _fail(path, line, "cada entrada deve ser uma tabela [[registro]]")
        if t.get("n") != i + 1:
            raise _fail(path, line, f"a entrada {i + 1} traz o número {t.get('n')!r}: uma entrada foi removida, "
                                    "inserida ou movida à mão")
        evento = _text(t, "evento", path, line, required=True)
        if evento not in EVENTS:
            raise _fail(path, line, f"evento desconhecido: {evento!r} (conhecidos: {', '.join(EVENTS)})")
        quando = _text(t, "quando", path, line, required=True) or ""
        try:
            datetime.fromisoformat(quando)
        except ValueError:
            raise _fail(path, line, f"'quando' não é uma data e hora: {quando!r}") from None
        _text(t, "nome", path, line, required=True)
        for key in ("login", "nota", "via", "identificacao", "regra", "estado", "problema", "dispositivo",
                    "eficacia_id"):
            _text(t, key, path, line)
        for key in ("aprova", "descarta", "substitui", "reverte"):
            if (_int(t, key, path, line) or 0) > i:
                raise _fail(path, line, f"'{key}' aponta para uma entrada que não é anterior a esta")
        if t.get("via", "mesa") not in VIA:
            raise _fail(path, line, f"via desconhecida: {t.get('via')!r}")
        if t.get("regra", TWO) not in (TWO, ONE, EARLIER):
            raise _fail(path, line, f"regra desconhecida: {t.get('regra')!r}")
        migrated = t.get("via") == "migração"
        if migrated != (t.get("regra") == EARLIER) or migrated != (t.get("identificacao") == "sem identificação"):
            raise _fail(path, line, "só uma entrada migrada de um livro anterior (via = \"migração\") tem a regra "
                                    f"{EARLIER!r} e fica sem identificação: esta foi escrita à mão")
        if migrated and out and out[-1].get("via") != "migração":
            raise _fail(path, line, "uma entrada migrada de um livro anterior vem depois de uma entrada da mesa ou da "
                                    "linha de comando: as migradas são as primeiras do livro; esta foi escrita à mão")
        if not migrated and not t.get("login"):
            raise _fail(path, line, "entrada sem 'login': toda entrada da mesa ou da linha de comando diz quem a fez")
        if evento in CHANGES and t.get("estado") not in (PROPOSED, IN_FORCE):
            raise _fail(path, line, f"'estado' deve ser {PROPOSED!r} ou {IN_FORCE!r}")
        if evento in ("decisao", "retirada"):
            _text(t, "problema", path, line, required=True)
        if evento == "decisao" and not isinstance(t.get("decisao"), dict):
            raise _fail(path, line, "entrada 'decisao' sem a tabela [registro.decisao]")
        if evento in ("eficacia", "eficacia-retirada"):
            _text(t, "eficacia_id", path, line, required=True)
        if evento == "eficacia" and not isinstance(t.get("eficacia"), dict):
            raise _fail(path, line, "entrada 'eficacia' sem a tabela [registro.eficacia]")
        if evento == "aprovacao" and t.get("aprova") is None:
            raise _fail(path, line, "aprovação sem 'aprova' (o número da proposta)")
        if evento == "descarte" and t.get("descarta") is None:
            raise _fail(path, line, "descarte sem 'descarta' (o número da proposta)")
        stored = t.get("hash")
        if stored != digest(prev, t):
            raise _fail(path, line, f"a entrada {i + 1} não confere com o seu hash: foi alterada depois de gravada "
                                    "(ou uma entrada anterior foi). Restaure o arquivo do controle de versões (git) "
                                    "e registre a correção como uma nova decisão")
        prev = stored
        out.append(Entry(t, line))
    lines = raw.rstrip("\n").splitlines()
    end = _END.match(lines[-1]) if lines else None
    if end is None:
        raise _fail(path, len(lines), "o livro não termina com a linha '# fim do livro: …': foi cortado (uma cópia ou "
                                      "gravação interrompida) ou editado à mão")
    if int(end.group("n")) != len(out) or end.group("hash") != (prev or "nenhum"):
        raise _fail(path, len(lines), f"a linha de fim do livro diz {end.group('n')} entradas, e o livro tem {len(out)} "
                                      "(ou o último hash não confere): entradas foram removidas ou acrescentadas à mão")
    return out


# --- the fold ----------------------------------------------------------------------------------

@dataclass(slots=True)
class Effective:
    """A decision or efficacy event in force: the entry that carries its content, and the
    approval that put it in force (None when it took effect when recorded)."""

    entry: Entry
    approval: Entry | None = None

    @property
    def since(self) -> Entry:
        """The entry from which it is in force."""
        return self.approval or self.entry


@dataclass(slots=True)
class Folded:
    """What a journal says now."""

    entries: list[Entry] = field(default_factory=list)
    decisions: dict[tuple[str, str | None], Effective] = field(default_factory=dict)
    """Item (problem, dispositivo) → its decision in force (a deferral included)."""
    efficacy: dict[str, Effective] = field(default_factory=dict)
    """Event id → the efficacy event in force."""
    proposals: dict[int, Entry] = field(default_factory=dict)
    """Entry number → a proposal waiting for another person's approval."""
    closed: dict[int, Entry] = field(default_factory=dict)
    """Proposal number → the entry that approved, discarded or superseded it."""

    def of(self, n: int) -> Entry:
        return self.entries[n - 1]

    def history(self, key: tuple[str, str | None]) -> list[Entry]:
        """Every entry about the item ``key`` (its proposals, decisions, withdrawals, and the
        approvals and discards of those), in order."""
        mine = {e.n for e in self.entries if e.key == key}
        return [e for e in self.entries
                if e.n in mine or e.get("aprova") in mine or e.get("descarta") in mine]

    def efficacy_history(self, event_id: str) -> list[Entry]:
        mine = {e.n for e in self.entries if e.get("eficacia_id") == event_id}
        return [e for e in self.entries if e.n in mine or e.get("aprova") in mine or e.get("descarta") in mine]

    def pending(self, key: tuple[str, str | None]) -> Entry | None:
        """The proposal waiting on the item ``key``, if any."""
        return next((e for e in self.proposals.values() if e.key == key), None)

    def pending_efficacy(self) -> list[Entry]:
        return [e for e in self.proposals.values() if e.evento in ("eficacia", "eficacia-retirada")]

    def version(self, key: tuple[str, str | None]) -> str:
        """A token of the item's state: the hash of its last entry ('' for none). A form carries
        it; a save finds out whether someone else recorded on the item meanwhile."""
        last = self.history(key)
        return last[-1].hash[7:23] if last else ""

    def efficacy_version(self) -> str:
        last = [e for e in self.entries if e.evento in ("eficacia", "eficacia-retirada")
                or (e.evento in ("aprovacao", "descarte")
                    and self.of(e.get("aprova") or e.get("descarta")).evento in ("eficacia", "eficacia-retirada"))]
        return last[-1].hash[7:23] if last else ""


def _changes_applied(entry: Entry, state: Folded) -> bool:
    """Whether putting ``entry`` in force changes what is applied or published: everything
    except a deferral where no decision is in force (it leaves the item open, as it was)."""
    if entry.evento == "decisao":
        kind = (entry.get("decisao") or {}).get("decisao")
        current = state.decisions.get(entry.key) if entry.key else None
        in_force = current is not None and (current.entry.get("decisao") or {}).get("decisao") != "adiar"
        return kind != "adiar" or in_force
    return entry.evento in CHANGES


def _take_effect(entry: Entry, state: Folded, approval: Entry | None) -> None:
    if entry.evento == "decisao":
        state.decisions[entry.key] = Effective(entry, approval)  # type: ignore[index]
    elif entry.evento == "retirada":
        state.decisions.pop(entry.key, None)  # type: ignore[arg-type]
    elif entry.evento == "eficacia":
        state.efficacy[entry.get("eficacia_id")] = Effective(entry, approval)
    elif entry.evento == "eficacia-retirada":
        state.efficacy.pop(entry.get("eficacia_id"), None)


def _supersede(entry: Entry, state: Folded) -> None:
    """A new proposal or decision on an item closes the proposal pending on it."""
    for n, p in list(state.proposals.items()):
        same = (entry.key is not None and p.key == entry.key) or (
            entry.get("eficacia_id") is not None and p.get("eficacia_id") == entry.get("eficacia_id"))
        if same:
            del state.proposals[n]
            state.closed[n] = entry


def fold(entries: list[Entry], path: Path | str) -> Folded:
    """The state the entries give, in order; InputError (with the entry's line) for an entry the
    rule does not allow: a change in force recorded by one person under the two-person rule, an
    approval by the person who proposed, an approval or discard of what is not a pending
    proposal, a withdrawal of nothing in force."""
    state = Folded(list(entries))
    for e in entries:
        if e.evento in CHANGES:
            if e.evento == "retirada" and e.key not in state.decisions:
                raise _fail(path, e.line, f"a entrada {e.n} retira uma decisão que não está em vigor")
            if e.evento == "eficacia-retirada" and e.get("eficacia_id") not in state.efficacy:
                raise _fail(path, e.line, f"a entrada {e.n} retira um evento de eficácia que não está em vigor")
            _supersede(e, state)
            if e.estado == PROPOSED:
                state.proposals[e.n] = e
            else:
                if e.regra == TWO and _changes_applied(e, state):
                    raise _fail(path, e.line, f"a entrada {e.n} muda o que se aplica sem a aprovação de uma segunda "
                                              "pessoa (regra de duas pessoas): deveria ser uma proposta")
                _take_effect(e, state, None)
        elif e.evento == "aprovacao":
            n = e.get("aprova")
            proposal = state.proposals.get(n)
            if proposal is None:
                raise _fail(path, e.line, f"a entrada {e.n} aprova a entrada {n}, que não é uma proposta pendente")
            if proposal.same_person == e.same_person and proposal.regra != ONE:
                raise _fail(path, e.line, f"a entrada {e.n} aprova uma proposta da mesma pessoa que a fez "
                                          f"({e.who}): a regra de duas pessoas pede outra")
            del state.proposals[n]
            state.closed[n] = e
            _take_effect(proposal, state, e)
        elif e.evento == "descarte":
            n = e.get("descarta")
            if n not in state.proposals:
                raise _fail(path, e.line, f"a entrada {e.n} descarta a entrada {n}, que não é uma proposta pendente")
            state.closed[n] = e
            del state.proposals[n]
    return state


__all__ = ["CHANGES", "EARLIER", "EVENTS", "Effective", "Entry", "Folded", "HEADER", "IN_FORCE", "ONE", "PROPOSED",
           "TWO", "chained", "digest", "dumps", "entry_text", "fold", "is_journal", "parse"]
