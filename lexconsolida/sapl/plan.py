"""What an export writes: lexconsolida's compiled history as SAPL rows, keyed, in order.

Given the acts to export (each with its text and history, as ``compile`` gives them) and the
SAPL's tables, :func:`plan` says, without talking to the SAPL, every row SAPL's compilação
needs, the way SAPL's own editor makes them (``sapl/compilacao``):

- per act, a ``NormaJuridica``, a ``TextoArticulado`` and a ``Publicacao``;
- per unit of the act's text, one ``Dispositivo`` per wording: the original (none for a unit
  an amending act included) and one per amending act that changed it, each one right after the
  one it replaces (``dispositivo_substituido``/``dispositivo_subsequente``), the replaced one
  ending the day before (``fim_vigencia``), the children under the newest one — as SAPL's
  ``registra_alteracao`` leaves them;
- a changed or included wording hangs from a ``Bloco Alteração`` in the amending act's text,
  under the article (its caput) whose instruction made it (``dispositivo_atualizador``,
  ``ta_publicado``), with the amending act's publication and vigência dispositivo: SAPL's
  compiled page then says 'Alteração feita pelo Art. 1º. - Lei nº …';
- one block per changed parent: SAPL's uniqueness rule for dispositivos leaves the parent
  out, so a block with alínea a) of inciso I and alínea a) of inciso II is refused (HTTP 500);
- every row carries its publication and vigência dispositivo from the start (the act's clause
  'Esta Lei entra em vigor …', else the act's articulação), and SAPL's rótulo ('Art. 1º.').

Rows are keyed so that a later export finds them again: a unit by its act, its LexML id and the
act that gave the wording (:data:`ORIGINAL` for the original); a block by the amending act, the
unit it hangs from and its number. :mod:`lexconsolida.sapl.read` gives rows read from a SAPL the
same keys. What SAPL cannot hold is listed in :attr:`Plan.notes`, never dropped silently.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from lexconsolida.corpus.records import Act
from lexconsolida.errors import InternalError, LexError
from lexconsolida.model import Agrupador, Dispositivo, Kind, Norma, Situacao
from lexconsolida.model.clauses import final_clause_kind
from lexconsolida.model.numbering import Number, letter_to_int, roman_to_int
from lexconsolida.transforms.pointintime import at, in_force_from
from lexconsolida.sapl.client import SaplError
from lexconsolida.sapl.labels import Tipo, numbers_of_component, rotulo, unico
from lexconsolida.sapl.tables import BLOCK_CSS, ROOT_CSS, Tables

ORIGINAL = ""
"""The version key of a unit's original wording."""
REVOKED_TEXT = "(Revogado)"
"""SAPL's text of a revoked dispositivo (``Dispositivo.TEXTO_PADRAO_DISPOSITIVO_REVOGADO``)."""
VERSION_KINDS = ("redacao", "inclusao", "revogacao", "renumeracao", "decisao", "vide")
"""Wordings an amending act gave: each one a row hanging from the act's block. 'pendente'
changes no wording; 'restabelecida'/'repristinacao' come from no amending act of the acervo and
SAPL has no place for them (listed in the notes)."""

Key = tuple
"""('d', act URN, unit id, version key) — unit id '' for the articulação; ('b', amending act
URN, id of the unit the block hangs from, block number)."""


def unit_key(urn: str, unit: str, version: str = ORIGINAL) -> Key:
    return ("d", urn, unit, version)


def block_key(urn: str, parent: str, n: int) -> Key:
    return ("b", urn, parent, n)


@dataclass(slots=True)
class Source:
    """One act to export: its record, its text with its history (None: no text), and where
    in each amending act the instruction that changed each unit is."""

    act: Act
    norma: Norma | None
    wheres: dict[tuple[str, str], str] = field(default_factory=dict)
    """(amending act URN, unit id) → the amending act's unit that made the change ('art1')."""
    sentences: dict[tuple[str, str], str] = field(default_factory=dict)
    """(amending act URN, unit id) → the instruction as the amending act words it."""
    missing: list[str] = field(default_factory=list)
    """Amending acts whose changes the compiled text lacks (pending a person's decision, or
    without text in the acervo), as labels: the texto articulado says so."""


@dataclass(slots=True)
class Row:
    """A dispositivo the SAPL should have."""

    key: Key
    ta: str
    """URN of the act whose texto articulado holds the row."""
    unit: str
    """URN of the act whose export writes it (the act whose text the wording belongs to)."""
    what: str
    """How a message names it: 'Lei nº 100/2020, art. 5º, caput (redação da Lei nº 120/2021)'."""
    fields: dict
    """SAPL fields with plain values (numbers, rótulo, texto, dates, flags)."""
    refs: dict
    """SAPL fields that name another dispositivo: field → Key (or None)."""
    acts: dict
    """``ta_publicado`` and ``publicacao``: field → URN of the act (its TA, its Publicacao) or None."""
    position: int = 0
    """Place in its texto articulado, in reading order (versions right after each other)."""


@dataclass(slots=True)
class ActRow:
    """An act's NormaJuridica, TextoArticulado and Publicacao."""

    urn: str
    label: str
    norma: dict
    ta: dict | None
    """None: the act has no text in the acervo (only the NormaJuridica is written)."""
    publicacao: dict | None
    """None: the acervo knows no publication date (SAPL's checker then warns)."""


@dataclass(slots=True)
class Relation:
    fonte: str
    alvo: str
    kind: str
    """'altera', 'revoga', 'revoga-parcialmente', 'regulamenta', 'consolida'."""


@dataclass(slots=True)
class Plan:
    acts: dict[str, ActRow] = field(default_factory=dict)
    rows: list[Row] = field(default_factory=list)
    relations: list[Relation] = field(default_factory=list)
    order: list[str] = field(default_factory=list)
    """The acts in the order they are written: an amending act before the acts it amends."""
    notes: dict[str, list[str]] = field(default_factory=dict)
    """URN → what of the act SAPL cannot hold (Portuguese), listed by every run."""
    refused: dict[str, str] = field(default_factory=dict)
    """URN → why the act's text is not exported (its NormaJuridica still is)."""

    def note(self, urn: str, text: str) -> None:
        self.notes.setdefault(urn, []).append(text)

    def by_ta(self) -> dict[str, list[Row]]:
        out: dict[str, list[Row]] = defaultdict(list)
        for r in self.rows:
            out[r.ta].append(r)
        for rows in out.values():
            rows.sort(key=lambda r: r.position)
        return out


# --- numbers and rótulos ------------------------------------------------------------------

def _numbers_of_rotulo(kind: str, text: str | None) -> tuple[int, ...] | None:
    """SAPL's numbers of a printed rótulo ('Art. 7º-A' → (7, 1); 'Parágrafo único' → (0,))."""
    if not text:
        return None
    t = text.strip()
    try:
        if kind == "paragrafo" and t.lower().startswith("parágrafo único"):
            return (0,)
        if kind in ("artigo", "paragrafo", "item"):
            m = re.search(r"\d+\s*[º°o]?(?:\s*-\s*[A-Z]+)*", t)
            if m is None:
                return None
            n = Number.parse_arabic(m.group(0))
            return (n.value, *(letter_to_int(s) for s in n.suffixes))
        if kind == "inciso":
            head, _, suf = t.partition("-")
            return (roman_to_int(head.strip()), *((letter_to_int(suf.strip()),) if suf.strip() else ()))
        if kind == "alinea":
            return (letter_to_int(t.rstrip(")").strip()[:1]),)
        words = t.split()
        if len(words) >= 2:  # 'CAPÍTULO IV', 'Seção II-A'
            head, _, suf = words[1].partition("-")
            return (roman_to_int(head.upper()), *((letter_to_int(suf),) if suf else ()))
    except ValueError:
        return None
    return None


def _d(numbers: tuple[int, ...]) -> dict:
    nums = list(numbers)[:6] + [0] * (6 - min(len(numbers), 6))
    return {f"dispositivo{i}": n for i, n in enumerate(nums)}


def _day_before(iso: str) -> str:
    return (date.fromisoformat(iso) - timedelta(days=1)).isoformat()


# --- the plan ---------------------------------------------------------------------------

def plan(sources: list[Source], tables: Tables, *, relations: list[Relation] | None = None,
         veiculo: dict | None = None, publish: bool = False, keep_out: dict[str, str] | None = None) -> Plan:
    """The rows that make ``sources`` in the SAPL whose tables are ``tables``. ``keep_out``:
    acts whose text is not to be written (URN → why: the câmara compiled it by hand); their
    NormaJuridica still is, and no wording they gave hangs from them."""
    out = Plan()
    by_urn = {s.act.urn: s for s in sources}
    pub_type = tables.tipo_publicacao()
    for s in sources:
        out.acts[s.act.urn] = _act_row(s, tables, veiculo, pub_type, publish, out)
    for urn, reason in (keep_out or {}).items():
        if urn in out.acts and out.acts[urn].ta is not None:
            out.refused[urn] = reason
            out.acts[urn].ta = out.acts[urn].publicacao = None
    for s in sources:
        if out.acts[s.act.urn].ta is not None and (why := refusal(s.norma, tables)):
            out.refused[s.act.urn] = why
            out.acts[s.act.urn].ta = out.acts[s.act.urn].publicacao = None
    texts = {u for u, a in out.acts.items() if a.ta is not None}
    vig = {s.act.urn: vigencia_unit(s.norma) for s in sources}
    builders: dict[str, _Builder] = {}
    for s in sources:
        if s.act.urn not in texts:
            continue
        b = _Builder(s, by_urn, texts, vig, tables, out)
        try:
            b.own_text()
        except _Refused as why:  # refusal() looked for every reason first
            raise InternalError(f"{s.act.label}: {why}") from None
        builders[s.act.urn] = b
    claims: dict[str, dict[str, list[_Group]]] = defaultdict(lambda: defaultdict(list))
    for b in builders.values():
        b.amended_wordings(claims)
    for urn, b in builders.items():
        b.blocks(claims.get(urn, {}), builders)
    for b in builders.values():
        out.rows.extend(b.rows)
    dated = {u for u, a in out.acts.items() if a.norma.get("ano") is not None}
    out.relations = [r for r in (relations or []) if r.fonte in dated and r.alvo in dated]
    out.order = _order(sources, out)
    return out


def refusal(norma: Norma | None, tables: Tables) -> str | None:
    """Why a text cannot go to SAPL as it is: two units with one LexML id (SAPL keeps one unit
    per number and place), or a unit SAPL has no type for (a subtítulo)."""
    if norma is None:
        return None
    ids = [node.id for node in norma.walk()]
    if len(ids) != len(set(ids)):
        dup = sorted({i for i in ids if ids.count(i) > 1})
        return (f"o texto tem dispositivos com o mesmo id LexML ({', '.join(dup[:5])}): o SAPL não guarda dois "
                "dispositivos com o mesmo número no mesmo lugar; corrija a leitura do texto")
    for node in norma.walk():
        if isinstance(node, Dispositivo) and node.kind is Kind.OMISSIS:
            continue
        try:
            tables.unit_tipo(node.kind.value)
        except SaplError as err:
            return f"{node.id}: {err}"
    return None


class _Refused(Exception):
    pass


def _act_row(s: Source, tables: Tables, veiculo: dict | None, pub_type: dict, publish: bool,
             out: Plan) -> ActRow:
    act = s.act
    numero = (act.numero or "").replace(".", "")
    ano = int(act.data[:4]) if act.data else None
    try:
        tipo = tables.tipo_norma(act.tipo)
    except SaplError as err:
        if not tables.tipos_norma:
            raise  # an empty table: the câmara fills it before any export
        out.refused[act.urn] = str(err)  # one type the câmara lacks: those acts wait, the rest go
        return ActRow(act.urn, act.label, {"ano": None}, None, None)
    ementa = act.ementa or (s.norma.ementa if s.norma is not None else None) or "(sem ementa)"
    norma = {"tipo": tipo["id"], "numero": numero, "ano": ano, "esfera_federacao": "M", "data": act.data,
             "data_publicacao": act.publicacao, "ementa": ementa,
             "observacao": f"Cadastrada pelo lexconsolida a partir do acervo ({act.urn})."}
    row = ActRow(act.urn, act.label, norma, None, None)
    if ano is None:
        out.refused[act.urn] = "o ato não tem data: o SAPL numera as normas por ano"
        return row
    if s.norma is None:
        out.refused[act.urn] = act.texto_ausente or "o acervo não tem o texto do ato"
        return row
    observacao = (f"{MARK} ({act.urn}): cada redação com o ato que a deu, como o lexconsolida aplicou os atos "
                  "alteradores do acervo.")
    if s.missing:
        observacao += (" ATENÇÃO: o texto não tem as alterações de " + "; ".join(s.missing)
                       + " (pendentes de revisão, ou sem texto no acervo).")
        out.note(act.urn, "o texto exportado não tem as alterações de " + "; ".join(s.missing)
                          + " (pendentes de revisão, ou sem texto no acervo): o texto articulado diz isso na observação")
    row.ta = {"data": act.data, "ementa": ementa, "numero": numero, "ano": ano, "tipo_ta": tables.tipo_ta(),
              "content_type": tables.norma_content_type, "observacao": observacao,
              "privacidade": 0 if publish else 89, "editing_locked": bool(publish),
              "editable_only_by_owners": False}
    if act.publicacao:
        row.publicacao = {"veiculo_publicacao": veiculo["id"] if veiculo else None,
                          "tipo_publicacao": pub_type["id"], "data": act.publicacao}
    else:
        out.note(act.urn, "o acervo não tem a data de publicação do ato: os dispositivos ficam sem publicação "
                          "(o verificador do SAPL avisa 'Dispositivo sem registro de publicação')")
    return row


MARK = "Compilação exportada pelo lexconsolida"
"""How a texto articulado written by lexconsolida says so (its ``observacao``): the export
changes only those; a compilation the câmara made by hand is audited, never overwritten."""


def vigencia_unit(norma: Norma | None) -> str:
    """The unit that says when the act enters into force (the caput of its last 'Esta Lei entra
    em vigor …' article, in the text as published: an article an amending act included later is
    that act's): SAPL's ``dispositivo_vigencia`` of the act's rows; else the articulação ('')."""
    found = ""
    if norma is None:
        return found
    start = in_force_from(norma)
    if start and any(h for _, h in norma.histories()):
        try:
            norma = at(norma, start)
        except LexError:
            return found
    for node in norma.artigos():
        cap = node.caput
        if cap is not None and cap.history and cap.history[0].event.kind != "original":
            continue  # included by an amending act
        if final_clause_kind(node) == "vigencia":
            found = node.caput.id if node.caput is not None else node.id
    return found


def _order(sources: list[Source], out: Plan) -> list[str]:
    """The acts in writing order: an amending act before the acts it amends (their new
    wordings hang from its blocks), by date of vigência otherwise (and in a cycle)."""
    after: dict[str, set[str]] = defaultdict(set)
    for r in out.rows:
        a = r.acts.get("ta_publicado")
        if a and a != r.unit:
            after[r.unit].add(a)
    done: list[str] = []
    state: dict[str, int] = {}

    def visit(urn: str) -> None:
        if state.get(urn):
            return
        state[urn] = 1
        for dep in sorted(after.get(urn, ())):
            visit(dep)
        state[urn] = 2
        done.append(urn)

    for s in sorted(sources, key=lambda s: (s.act.in_force_from or "", s.act.urn)):
        visit(s.act.urn)
    return done


@dataclass(slots=True)
class _Version:
    text: str
    act: str | None
    """URN of the amending act (None: the original wording)."""
    kind: str
    start: str
    numbers: tuple[int, ...]
    revoked: bool
    key: str


@dataclass(slots=True)
class _Unit:
    node: Any
    """The unit: an Agrupador or Dispositivo (the Norma itself for the articulação)."""
    kind: str
    tipo: Tipo
    parent: str
    nivel: int
    versions: list[_Version]


@dataclass(slots=True)
class _Group:
    """The wordings one amending instruction gave under one parent: one Bloco Alteração."""

    target: str
    parent: str
    rows: list[Row] = field(default_factory=list)
    numbers: set = field(default_factory=set)


def _holder(node) -> Agrupador | Dispositivo:
    """Where a unit's wordings live: an artigo's caput (lexconsolida's rule), or the unit."""
    if isinstance(node, Dispositivo) and node.kind is Kind.ARTIGO and node.caput is not None:
        return node.caput
    return node


class _Builder:
    """The rows of one act's texto articulado, and the blocks of its instructions."""

    def __init__(self, s: Source, by_urn: dict[str, Source], texts: set[str], vig: dict[str, str],
                 tables: Tables, out: Plan) -> None:
        self.s, self.by_urn, self.texts, self.vig, self.tables, self.out = s, by_urn, texts, vig, tables, out
        self.urn = s.act.urn
        self.label = s.act.label
        self.start = s.act.in_force_from or s.act.data or ""
        self.rows: list[Row] = []
        self.units: dict[str, _Unit] = {}
        self.reading: list[tuple[str, Key]] = []
        """(unit id, key) in reading order, ('children', unit id) marking where a unit's
        children begin: the blocks go in before it."""

    # --- the act's own text --------------------------------------------------------------

    def own_text(self) -> None:
        n = self.s.norma
        assert n is not None
        root = self.tables.tipo(ROOT_CSS)
        self.units[""] = _Unit(n, "", root, "", 0, [_Version("", None, "original", self.start, (1,), False, ORIGINAL)])
        self._add(self._row(unit_key(self.urn, ""), root, (1,), "", None, 0, None, None, None,
                            f"{self.label}, articulação", ""))
        self.reading += [("", unit_key(self.urn, "")), ("", ("children", ""))]
        if n.ementa_history:
            self.out.note(self.urn, "a ementa tem redações dadas por atos alteradores: o SAPL guarda uma só ementa "
                                    "(a do texto articulado); as outras redações da ementa não foram levadas")
        if n.eficacia:
            self.out.note(self.urn, f"{len(n.eficacia)} evento(s) de eficácia (decisões judiciais, suspensões) não têm "
                                    "lugar na compilação do SAPL e não foram levados")
        for node in n.articulacao:
            self._node(node, "")

    def _node(self, node, parent: str) -> None:
        if isinstance(node, Dispositivo) and node.kind is Kind.OMISSIS:
            self.out.note(self.urn, f"{node.id}: linha pontilhada (omissis) fora de um texto entre aspas, não levada")
            return
        kind = node.kind.value
        try:
            tipo = self.tables.unit_tipo(kind)
            own = numbers_of_component(node.id.rsplit("_", 1)[-1])
        except (ValueError, LookupError, SaplError) as err:
            raise _Refused(f"{node.id}: {err}") from None
        unit = _Unit(node, kind, tipo, parent, self.units[parent].nivel + 1, self._versions(node, kind, own))
        self.units[node.id] = unit
        for v in unit.versions:
            self.reading.append((node.id, unit_key(self.urn, node.id, v.key)))
        first = unit.versions[0]
        if first.act is None:
            self._add(self._unit_row(unit, 0))
        self.reading.append((node.id, ("children", node.id)))
        for child in node.children:
            self._node(child, node.id)

    def _versions(self, node, kind: str, own: tuple[int, ...]) -> list[_Version]:
        """The wordings of a unit that SAPL will hold, oldest first."""
        history = list(_holder(node).history)
        situacao = getattr(node, "situacao", Situacao.VIGENTE)
        text = (node.nome or "") if isinstance(node, Agrupador) else node.text
        if not history:
            return [_Version(text, None, "original", self.start, own, situacao is Situacao.REVOGADO, ORIGINAL)]
        out: list[_Version] = []
        seen: dict[str, int] = {}
        for i, v in enumerate(history):
            ev = v.event
            nums = own if i == len(history) - 1 else (_numbers_of_rotulo(kind, v.rotulo) or own)
            if kind == "caput":
                nums = (1,)
            if ev.kind == "original" or (i == 0 and not ev.act_urn and ev.kind not in VERSION_KINDS):
                out.append(_Version(v.text, None, "original", self.start, nums,
                                    v.situacao is Situacao.REVOGADO, ORIGINAL))
                continue
            if ev.kind == "pendente":
                continue
            when = v.start or ev.date
            if ev.kind not in VERSION_KINDS or not ev.act_urn:
                self.out.note(self.urn, f"{node.id}: a redação de {when or 'data desconhecida'} ({ev.nota()}) não vem de "
                                        "um ato alterador que o SAPL possa citar: não foi levada, e o texto do SAPL "
                                        "difere do compilado a partir dessa data")
                continue
            if ev.act_urn not in self.texts:
                why = (self.out.refused.get(ev.act_urn) or "o ato alterador não está entre os exportados")
                self.out.note(self.urn, f"{node.id}: a redação dada por {ev.act_label or ev.act_urn} não foi levada "
                                        f"({why}); o texto do SAPL difere do compilado a partir de {when}")
                continue
            n = seen[ev.act_urn] = seen.get(ev.act_urn, 0) + 1
            key = ev.act_urn if n == 1 else f"{ev.act_urn}#{n}"
            out.append(_Version(v.text, ev.act_urn, ev.kind, when or self.by_urn[ev.act_urn].act.in_force_from or "",
                                nums, v.situacao is Situacao.REVOGADO, key))
        if not out:
            out.append(_Version(text, None, "original", self.start, own, situacao is Situacao.REVOGADO, ORIGINAL))
        if kind == "artigo":  # no text of its own: a new row only where its rótulo changes
            kept = [out[0]]
            for w in out[1:]:
                if w.numbers != kept[-1].numbers:
                    kept.append(w)
            out = kept
        return out

    def _unit_row(self, unit: _Unit, i: int) -> Row:
        v = unit.versions[i]
        prev = unit.versions[i - 1] if i else None
        nxt = unit.versions[i + 1] if i + 1 < len(unit.versions) else None
        text = v.text
        if v.revoked and v.act is not None:
            text = REVOKED_TEXT
        if unit.tipo.articulacao:
            text = ""
        by = f" ({v.kind}: {self.by_urn[v.act].act.label})" if v.act else ""
        parent = self.units[unit.parent]
        return self._row(unit_key(self.urn, unit.node.id, v.key), unit.tipo, v.numbers, text, v, unit.nivel,
                         unit_key(self.urn, unit.parent, parent.versions[-1].key),
                         unit_key(self.urn, unit.node.id, prev.key) if prev else None,
                         unit_key(self.urn, unit.node.id, nxt.key) if nxt else None,
                         f"{self.label}, {unit.node.id}{by}", unit.kind,
                         end=_day_before(nxt.start) if nxt and nxt.start else None)

    def _row(self, key: Key, tipo: Tipo, numbers: tuple[int, ...], text: str, v: _Version | None, nivel: int,
             parent: Key | None, prev: Key | None, nxt: Key | None, what: str, kind: str, *,
             end: str | None = None) -> Row:
        act = v.act if v is not None else None
        src = act or self.urn
        start = v.start if v is not None else self.start
        label = rotulo(tipo, numbers, letters=True)
        if key[0] == "d" and key[2].endswith("u") and kind not in ("paragrafo", "caput", ""):
            label = unico(tipo, kind)  # 'CAPÍTULO ÚNICO', 'Artigo único.'
        fields = {"tipo_dispositivo": tipo.id, "nivel": nivel, **_d(numbers), "rotulo": label,
                  "texto": text, "inicio_vigencia": start, "fim_vigencia": end, "inicio_eficacia": start,
                  "fim_eficacia": end, "auto_inserido": kind == "caput",
                  "dispositivo_de_revogacao": bool(v is not None and v.revoked and kind != "artigo"),
                  "visibilidade": act is not None, "ordem_bloco_atualizador": 0}
        refs = {"dispositivo_pai": parent, "dispositivo_substituido": prev, "dispositivo_subsequente": nxt,
                "dispositivo_atualizador": None, "dispositivo_vigencia": unit_key(src, self.vig.get(src, ""))}
        acts = {"ta_publicado": act, "publicacao": src}
        return Row(key, self.urn, self.urn, what, fields, refs, acts)

    def _add(self, row: Row) -> None:
        self.rows.append(row)

    # --- wordings given by amending acts --------------------------------------------------

    def amended_wordings(self, claims: dict) -> None:
        """The rows of the wordings amending acts gave, each claimed by the instruction that
        gave it (``claims``: amending URN → the amending act's unit → groups, one per block)."""
        for uid, unit in self.units.items():
            for i, v in enumerate(unit.versions):
                if v.act is None:
                    continue
                row = self._unit_row(unit, i)
                self._add(row)
                where = self._where(v.act, uid)
                numbers = (row.fields["tipo_dispositivo"], *[row.fields[f"dispositivo{k}"] for k in range(6)])
                groups = claims[v.act][where]
                group = next((g for g in groups if g.target == self.urn and g.parent == unit.parent
                              and numbers not in g.numbers), None)
                if group is None:
                    group = _Group(self.urn, unit.parent)
                    groups.append(group)
                group.rows.append(row)
                group.numbers.add(numbers)

    def _where(self, amending: str, unit: str) -> str:
        """The unit of ``amending`` whose instruction changed ``unit`` (its article, as the
        recognition says; an ancestor's, for a unit that came with it)."""
        w = self.s.wheres
        holder = _holder(self.units[unit].node).id if unit else unit
        for u in (holder, unit, *_ancestors(unit)):
            if (amending, u) in w:
                return w[(amending, u)]
        mine = sorted({x for (a, _), x in w.items() if a == amending})
        if mine:
            return mine[0]
        amend = self.by_urn[amending].norma
        first = next((n.id for n in amend.artigos()), "") if amend is not None else ""
        self.out.note(self.urn, f"{unit}: não se sabe em que dispositivo do {self.by_urn[amending].act.label} está a "
                                f"instrução; o bloco de alteração ficou em {first or 'sua articulação'}")
        return first

    def blocks(self, mine: dict[str, list[_Group]], builders: dict[str, "_Builder"]) -> None:
        """This amending act's blocks: under the caput (else the unit) of each instruction,
        one per changed parent, numbered in order; the rows they carry get their
        ``dispositivo_atualizador`` and their order in the block."""
        tipo = self.tables.tipo(BLOCK_CSS)
        index = self.s.norma.index() if self.s.norma is not None else {}
        place = {u: i for i, (u, _) in enumerate(self.reading)}
        for where in sorted(mine, key=lambda w: place.get(w, len(place))):
            node = index.get(where)
            host = _holder(node).id if node is not None else ""
            if host not in self.units:
                host = ""
            hunit = self.units[host]
            for n, group in enumerate(mine[where], start=1):
                key = block_key(self.urn, host, n)
                target = builders[group.target].label
                what = (f"{self.label}, bloco de alteração {n} em {host or 'articulação'} (redações do "
                        f"{target}, em {group.parent or 'sua articulação'})")
                row = self._row(key, tipo, (n,), "", None, hunit.nivel + 1,
                                unit_key(self.urn, host, hunit.versions[-1].key), None, None, what, "")
                row.unit = group.target
                self._add(row)
                self._insert_block(host, key)
                for k, r in enumerate(group.rows, start=1):
                    r.refs["dispositivo_atualizador"] = key
                    r.fields["ordem_bloco_atualizador"] = 1000 * k
        self._positions()

    def _insert_block(self, host: str, key: Key) -> None:
        """A block goes after its host's wordings and its earlier blocks, before its children."""
        i = self.reading.index((host, ("children", host)))
        self.reading.insert(i, (host, key))

    def _positions(self) -> None:
        pos: dict[Key, int] = {}
        for _, k in self.reading:
            if k[0] != "children":
                pos[k] = len(pos) + 1
        for r in self.rows:
            r.position = pos[r.key]


def _ancestors(unit: str) -> list[str]:
    parts = unit.split("_")
    return ["_".join(parts[:i]) for i in range(len(parts) - 1, 0, -1)]
