"""Make a SAPL hold a :class:`~lexconsolida.sapl.plan.Plan`: read what it has, write the difference.

Idempotent: the rows the SAPL already has are found again by their keys
(:func:`lexconsolida.sapl.read.keys`), compared field by field, and only what differs is
written — a second export of the same acervo writes nothing; an act whose text or history
changed gets only its changed rows created, changed or deleted.

One act at a time (:attr:`Plan.order`: an amending act before the acts it amends), and an act's
rows in an order where what a row names already exists (its parent, the block it hangs from,
the wording it replaces); what cannot be named yet (the wording that replaces it, the
vigência dispositivo above it) is set by a PATCH once it exists. When a request fails, what
this run wrote for the act is undone (created rows deleted, changed fields put back): the SAPL
is left as it was before the act, the error names the act and the unit, and the next run
resumes from that act.

What is never touched: a NormaJuridica the câmara registered (reused, not changed), a texto
articulado the câmara compiled by hand (reported; ``auditar`` compares it), relations between
normas (only missing ones are created).
"""

from __future__ import annotations

import bisect
import heapq
from concurrent.futures import ThreadPoolExecutor
import html
import re
import threading
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from lexconsolida.errors import InternalError
from lexconsolida.sapl.client import Client, SaplError
from lexconsolida.sapl.plan import MARK, Key, Plan, Row
from lexconsolida.sapl.read import keys
from lexconsolida.sapl.tables import Tables

NORMA, TA, PUB, DISP, REL = ("norma/normajuridica", "compilacao/textoarticulado", "compilacao/publicacao",
                             "compilacao/dispositivo", "norma/normarelacionada")
NORMA_MARK = "Cadastrada pelo lexconsolida"
CAMARA_TA_FIELDS = ("privacidade", "editing_locked", "editable_only_by_owners")
"""Set when a texto articulado is created ('Em edição', for a person to check); then the
câmara's to change (publishing it, locking it) — a later export keeps them, unless --publicar."""
REF_FIELDS = ("dispositivo_pai", "dispositivo_atualizador", "dispositivo_substituido", "dispositivo_subsequente",
              "dispositivo_vigencia")
HARD = ("dispositivo_pai", "dispositivo_atualizador", "dispositivo_substituido")
"""References a row cannot be created without; the others are PATCHed once their row exists."""
BATCH = 40
"""Texto articulado ids per request when reading their dispositivos (``ta__in``)."""
STEP = 1000
"""SAPL's ``Dispositivo.INTERVALO_ORDEM``: the gap between consecutive rows' ``ordem``."""


@dataclass(slots=True)
class Write:
    """One request an export makes (or, simulating, would make)."""

    act: str
    verb: str
    """'criar', 'alterar' or 'apagar'."""
    what: str
    fields: tuple[str, ...] = ()


@dataclass(slots=True)
class Report:
    writes: list[Write] = field(default_factory=list)
    acts_written: list[str] = field(default_factory=list)
    foreign: dict[str, str] = field(default_factory=dict)
    """URN → why its texto articulado was left alone (the câmara's own compilation)."""
    relations_missing: list[str] = field(default_factory=list)
    """Relations the SAPL has no vínculo type for."""
    ta_ids: dict[str, int] = field(default_factory=dict)
    norma_ids: dict[str, int] = field(default_factory=dict)

    def count(self, verb: str) -> int:
        return sum(1 for w in self.writes if w.verb == verb)


def sapl_text(text: str) -> str:
    """A text as SAPL stores it: HTML (its editor's), so '<' and '&' escaped."""
    return html.escape(" ".join(text.split()), quote=False)


_TAG = re.compile(r"<[^>]*>")


def plain_text(texto: str | None) -> str:
    """A SAPL text (HTML from its editor, or escaped plain text) as plain text."""
    return " ".join(html.unescape(_TAG.sub(" ", texto or "")).replace("\xa0", " ").split())


def _numero(text: str | None) -> str:
    return (text or "").replace(".", "").replace(" ", "").lstrip("0").lower()


class Exporter:
    def __init__(self, client: Client, tables: Tables, *, simulate: bool = False,
                 progress: Callable[[int, int, str], None] | None = None,
                 log: Callable[[str], None] | None = None) -> None:
        self.client, self.tables, self.simulate = client, tables, simulate
        self.progress, self.log = progress, log or (lambda _m: None)
        self.report = Report()
        self.normas: dict[str, dict] = {}
        """URN → the NormaJuridica row (existing or created)."""
        self.tas: dict[str, dict] = {}
        self.pubs: dict[str, dict] = {}
        self.rows: dict[Key, dict] = {}
        """Key → the SAPL's row (as read, or as created): the state the next write compares to."""
        self.row_ta: dict[int, str] = {}
        self.found: dict[str, list[Key]] = defaultdict(list)
        """Act URN → the keys of the rows of its text the SAPL had before this run."""
        self._fake = 0
        self._local = threading.local()
        self._lock = threading.Lock()

    @property
    def _undo(self) -> list[tuple]:
        """This thread's writes for the act it is exporting (what a failure undoes)."""
        if not hasattr(self._local, "undo"):
            self._local.undo = []
        return self._local.undo

    @_undo.setter
    def _undo(self, value: list[tuple]) -> None:
        self._local.undo = value

    # --- reading the SAPL ------------------------------------------------------------------

    def read_acts(self, acts: dict[str, dict]) -> None:
        """Find the acts' NormaJuridica and TextoArticulado (``acts``: URN → NormaJuridica
        fields as planned) and mark the texts the câmara compiled by hand."""
        what = "lendo as normas do SAPL"
        by_tipo: dict[int, dict[tuple[str, int], dict]] = {}
        for fields in acts.values():
            tipo = fields["tipo"]
            if tipo not in by_tipo:
                rows = self.client.list(NORMA, what, tipo=tipo)
                by_tipo[tipo] = {(_numero(r["numero"]), r["ano"]): r for r in rows}
        for urn, fields in acts.items():
            if fields.get("ano") is None:
                continue
            hit = by_tipo[fields["tipo"]].get((_numero(fields["numero"]), fields["ano"]))
            if hit is not None:
                self.normas[urn] = hit
        ct = self.tables.norma_content_type
        tas = self.client.list(TA, "lendo os textos articulados do SAPL", content_type=ct) if ct else []
        by_object = {t["object_id"]: t for t in tas if t.get("object_id")}
        for urn, norma in self.normas.items():
            ta = by_object.get(norma["id"])
            if ta is None:
                continue
            if not (ta.get("observacao") or "").startswith(MARK):
                self.report.foreign[urn] = (f"o SAPL já tem um texto articulado desta norma (id {ta['id']}) que não foi "
                                            "exportado pelo lexconsolida: a compilação da câmara não é alterada "
                                            "(compare-a com 'lexconsolida sapl auditar')")
                continue
            self.tas[urn] = ta
            self.report.ta_ids[urn] = ta["id"]

    def read_rows(self) -> None:
        """The dispositivos and publicações of the acts' texts already in the SAPL, keyed."""
        ids = {ta["id"]: urn for urn, ta in self.tas.items()}
        if not ids:
            return
        rows: list[dict] = []
        pubs: list[dict] = []
        order = sorted(ids)
        for i in range(0, len(order), BATCH):
            chunk = ",".join(str(x) for x in order[i:i + BATCH])
            rows.extend(self.client.list(DISP, "lendo os dispositivos do SAPL", ta__in=chunk))
            pubs.extend(self.client.list(PUB, "lendo as publicações do SAPL", ta__in=chunk))
            if self.progress is not None:
                self.progress(min(i + BATCH, len(order)), len(order), "lendo o SAPL")
        for p in sorted(pubs, key=lambda p: p["id"]):
            urn = ids.get(p["ta"])
            if urn is not None and urn not in self.pubs:
                self.pubs[urn] = p
        by_ta: dict[int, list[dict]] = defaultdict(list)
        for r in rows:
            by_ta[r["ta"]].append(r)
        for ta_id, ta_rows in by_ta.items():
            urn = ids[ta_id]
            by_id = {r["id"]: r for r in ta_rows}
            for rid, key in keys(ta_rows, self.tables, lambda t: ids.get(t, f"ta:{t}"), urn).items():
                row = by_id[rid]
                if key in self.rows:  # two rows, one key: the second is not ours to keep
                    key = ("x", urn, rid)
                self.rows[key] = row
                self.row_ta[rid] = urn
                self.found[key[1]].append(key)  # a row no longer planned is deleted by its text's act

    # --- writing ---------------------------------------------------------------------------

    def _write(self, act: str, verb: str, endpoint: str, what: str, fields: dict | None = None,
               pk: int | None = None, old: dict | None = None) -> dict:
        names = tuple(sorted(fields)) if fields else ()
        self.report.writes.append(Write(act, verb, what, names))
        if self.simulate:
            if verb == "criar":
                with self._lock:
                    self._fake -= 1
                    fake = self._fake
                return {**(fields or {}), "id": fake}
            return {**(old or {}), **(fields or {})}
        if verb == "criar":
            out = self.client.create(endpoint, fields or {}, what)
            self._undo.append(("criar", endpoint, out["id"], what))
            return out
        if verb == "alterar":
            assert pk is not None
            out = self.client.update(endpoint, pk, fields or {}, what)
            self._undo.append(("alterar", endpoint, pk, {k: (old or {}).get(k) for k in fields or {}}, what))
            return out
        assert pk is not None
        self.client.delete(endpoint, pk, what)
        return {}

    def _rollback(self) -> list[str]:
        """Undo this act's writes, newest first; what could not be undone, in Portuguese."""
        left = []
        for entry in reversed(self._undo):
            try:
                if entry[0] == "criar":
                    self.client.delete(entry[1], entry[2], f"desfazendo: {entry[3]}")
                else:
                    self.client.update(entry[1], entry[2], entry[3], f"desfazendo: {entry[4]}")
            except SaplError as err:
                left.append(str(err))
        self._undo = []
        return left

    def write_normas(self, plan: Plan, workers: int = 1) -> None:
        """Every act's NormaJuridica (created when the SAPL lacks it; one this tool created is
        kept up to date; the câmara's are left as they are), ``workers`` at a time."""
        urns = [u for u in plan.order + sorted(set(plan.acts) - set(plan.order))
                if plan.acts[u].norma.get("ano") is not None]  # an act without a date: SAPL numbers by year
        if workers > 1:
            with ThreadPoolExecutor(max_workers=workers) as pool:
                list(pool.map(lambda u: self._norma(plan, u), urns))
        else:
            for urn in urns:
                self._norma(plan, urn)

    def _norma(self, plan: Plan, urn: str) -> None:
        a = plan.acts[urn]
        have = self.normas.get(urn)
        if have is None:
            self.normas[urn] = self._write(urn, "criar", NORMA, f"{a.label}: norma jurídica", a.norma)
        elif (have.get("observacao") or "").startswith(NORMA_MARK):
            diff = {k: v for k, v in a.norma.items() if have.get(k) != v}
            if diff:
                self.normas[urn] = self._write(urn, "alterar", NORMA, f"{a.label}: norma jurídica", diff,
                                               have["id"], have)
        self._undo = []  # a norma stands alone: nothing to undo with it
        self.report.norma_ids[urn] = self.normas[urn]["id"]

    def write_relations(self, plan: Plan) -> None:
        """The vínculos between the exported normas that the SAPL lacks (never deleted)."""
        if not plan.relations:
            return
        have = {(r["norma_principal"], r["norma_relacionada"], r["tipo_vinculo"])
                for r in self.client.list(REL, "lendo as normas relacionadas do SAPL")}
        for rel in plan.relations:
            v = self.tables.vinculo(rel.kind)
            label = f"{plan.acts[rel.fonte].label} → {plan.acts[rel.alvo].label}"
            if v is None:
                self.report.relations_missing.append(f"{label}: o SAPL não tem tipo de vínculo para '{rel.kind}'")
                continue
            fields = {"norma_principal": self.normas[rel.fonte]["id"], "norma_relacionada": self.normas[rel.alvo]["id"],
                      "tipo_vinculo": v["id"]}
            if (fields["norma_principal"], fields["norma_relacionada"], fields["tipo_vinculo"]) not in have:
                self._write(rel.fonte, "criar", REL, f"{label}: norma relacionada ({v.get('descricao_ativa')})", fields)
                self._undo = []

    def act(self, plan: Plan, urn: str, rows: list[Row], positions: dict[Key, int], planned: set[Key]) -> None:
        """One act's texto articulado, publicação and dispositivos (see the module)."""
        a = plan.acts[urn]
        before = len(self.report.writes)
        self._undo = []
        try:
            self._act(plan, urn, rows, positions, planned)
        except (SaplError, KeyboardInterrupt) as err:
            left = [] if self.simulate else self._rollback()
            if isinstance(err, KeyboardInterrupt):
                raise
            msg = (f"{err}. O que esta execução gravou para a {a.label} foi desfeito: o SAPL está como antes dela; "
                   "rode de novo para retomar deste ato")
            if left:
                msg += ". Não foi possível desfazer: " + "; ".join(left)
            raise SaplError(msg) from None
        self._undo = []
        if len(self.report.writes) > before:
            self.report.acts_written.append(urn)

    def _act(self, plan: Plan, urn: str, rows: list[Row], positions: dict[Key, int], planned: set[Key]) -> None:
        a = plan.acts[urn]
        if a.ta is None:
            return
        norma = self.normas[urn]
        ta_fields = {**a.ta, "object_id": norma["id"]}
        have = self.tas.get(urn)
        if have is None:
            self.tas[urn] = self._write(urn, "criar", TA, f"{a.label}: texto articulado", ta_fields)
        else:
            if ta_fields.get("privacidade") != 0:  # the câmara publishes and locks it; --publicar does too
                for k in CAMARA_TA_FIELDS:
                    ta_fields.pop(k, None)
            diff = {k: v for k, v in ta_fields.items() if have.get(k) != v}
            if diff:
                self.tas[urn] = self._write(urn, "alterar", TA, f"{a.label}: texto articulado", diff, have["id"], have)
        self.report.ta_ids[urn] = self.tas[urn]["id"]
        if a.publicacao is not None:
            fields = {**a.publicacao, "ta": self.tas[urn]["id"]}
            have = self.pubs.get(urn)
            if have is None:
                self.pubs[urn] = self._write(urn, "criar", PUB, f"{a.label}: publicação", fields)
            else:
                diff = {k: v for k, v in fields.items() if have.get(k) != v}
                if diff:
                    self.pubs[urn] = self._write(urn, "alterar", PUB, f"{a.label}: publicação", diff, have["id"], have)
        self._rows(urn, rows, positions, planned)

    # --- dispositivos ----------------------------------------------------------------------

    def _desired(self, r: Row, positions: dict[Key, int]) -> tuple[dict, list[str]]:
        """The row's SAPL fields with what exists resolved; the reference fields still missing."""
        out = {k: (sapl_text(v) if k == "texto" else v) for k, v in r.fields.items()}
        out["ta"] = self.tas[r.ta]["id"]
        out["ordem"] = positions[r.key]
        pub = r.acts.get("publicacao")
        out["publicacao"] = self.pubs[pub]["id"] if pub in self.pubs else None
        ta_pub = r.acts.get("ta_publicado")
        out["ta_publicado"] = self.tas[ta_pub]["id"] if ta_pub else None
        missing = []
        for name in REF_FIELDS:
            key = r.refs.get(name)
            if key is None:
                out[name] = None
            elif key in self.rows:
                out[name] = self.rows[key]["id"]
            else:
                missing.append(name)
        return out, missing

    def _rows(self, urn: str, rows: list[Row], positions: dict[Key, int], planned: set[Key]) -> None:
        new = [r for r in rows if r.key not in self.rows]
        for r in self._creation_order(new):
            fields, missing = self._desired(r, positions)
            hard = [m for m in missing if m in HARD]
            if hard:
                raise InternalError(f"{r.what}: {', '.join(hard)} ainda não existe no SAPL (ordem de gravação)")
            for m in missing:
                fields.pop(m, None)
            self.rows[r.key] = self._write(urn, "criar", DISP, r.what, fields)
        for r in rows:
            fields, missing = self._desired(r, positions)
            if missing:
                raise InternalError(f"{r.what}: {', '.join(missing)} não existe no SAPL depois de gravar o ato")
            have = self.rows[r.key]
            diff = {k: v for k, v in fields.items() if have.get(k) != v}
            if diff:
                self.rows[r.key] = self._write(urn, "alterar", DISP, r.what, diff, have["id"], have)
        gone = [(k, self.rows[k]) for k in self.found.get(urn, ()) if k not in planned and k in self.rows]
        removed: set[int] = set()
        for k, row in sorted(gone, key=lambda kr: -kr[1].get("nivel", 0)):
            if row["id"] in removed:
                continue
            self._write(urn, "apagar", DISP, f"{self.row_ta.get(row['id'], urn)}: dispositivo {k[2] if len(k) > 2 else ''} "
                                             f"que o acervo não tem mais (id {row['id']})", None, row["id"])
            removed.add(row["id"])
            del self.rows[k]

    def _creation_order(self, new: list[Row]) -> list[Row]:
        """``new`` in an order where every row's parent, block and replaced wording exist
        before it (Kahn's algorithm, by reading position otherwise)."""
        pending = {r.key: r for r in new}
        deps: dict[Key, set[Key]] = {}
        users: dict[Key, list[Key]] = defaultdict(list)
        for r in new:
            d = {r.refs[f] for f in HARD if r.refs.get(f) in pending}
            deps[r.key] = d
            for k in d:
                users[k].append(r.key)
        early: set[Key] = set()  # each text's vigência dispositivo and what it hangs from: the
        for r in new:            # others name it when they are created, instead of a PATCH each
            v = r.refs.get("dispositivo_vigencia")
            while v in pending and v not in early:
                early.add(v)
                v = pending[v].refs.get("dispositivo_pai")

        def rank(r: Row) -> tuple:
            return (r.ta, r.key not in early, r.position)

        heap = [(rank(r), i, r.key) for i, r in enumerate(new) if not deps[r.key]]
        heapq.heapify(heap)
        out = []
        n = len(new)
        while heap:
            _, _, key = heapq.heappop(heap)
            out.append(pending[key])
            for u in users[key]:
                deps[u].discard(key)
                if not deps[u]:
                    r = pending[u]
                    n += 1
                    heapq.heappush(heap, (rank(r), n, u))
        if len(out) != len(new):
            stuck = [pending[k].what for k, d in deps.items() if d][:3]
            raise InternalError(f"dispositivos que dependem uns dos outros em ciclo: {'; '.join(stuck)}")
        return out


def positions(rows: list[Row], existing: dict[Key, dict], taken: set[int]) -> dict[Key, int]:
    """Each row's ``ordem`` in its texto articulado: the rows already there keep theirs where
    they are still in reading order (the longest run of them that is); the others get free
    numbers between their neighbours, or — when there is no room — every row is renumbered
    above all the ordens in use (so that no two rows ever share one on the way)."""
    rows = sorted(rows, key=lambda r: r.position)
    current = [existing[r.key]["ordem"] if r.key in existing else None for r in rows]
    keep = _increasing(current)
    out: dict[Key, int] = {}
    i = 0
    while i < len(rows):
        if i in keep:
            out[rows[i].key] = current[i] or 0
            i += 1
            continue
        j = i
        while j < len(rows) and j not in keep:
            j += 1
        lo = current[i - 1] or 0 if i > 0 else 0
        free: list[int] | None
        if j == len(rows):  # nothing after: the usual steps
            free = _after(lo, j - i, taken)
        else:
            free = _spread(lo, current[j] or 0, j - i, taken)
        if free is None:
            return _renumber(rows, taken)
        for k, value in zip(range(i, j), free):
            out[rows[k].key] = value
        i = j
    return out


def _spread(lo: int, hi: int, count: int, taken: set[int]) -> list[int] | None:
    """``count`` free integers strictly between ``lo`` and ``hi``, evenly spread."""
    out: list[int] = []
    step = (hi - lo) / (count + 1)
    last = lo
    for k in range(1, count + 1):
        v = max(int(lo + step * k), last + 1)
        while v in taken and v < hi:
            v += 1
        if v >= hi:
            return None
        out.append(v)
        last = v
    return out


def _after(lo: int, count: int, taken: set[int]) -> list[int]:
    """``count`` free numbers after ``lo``, a step apart (SAPL's spacing)."""
    out: list[int] = []
    v = (lo // STEP) * STEP
    while len(out) < count:
        v += STEP
        if v not in taken:
            out.append(v)
    return out


def _renumber(rows: list[Row], taken: set[int]) -> dict[Key, int]:
    base = (max(taken, default=0) // STEP + 1) * STEP
    return {r.key: base + STEP * (i + 1) for i, r in enumerate(rows)}


def _increasing(values: list[int | None]) -> set[int]:
    """Indices of a longest strictly increasing subsequence of the non-None ``values``."""
    tails: list[int] = []
    tail_idx: list[int] = []
    parent: dict[int, int | None] = {}
    for i, v in enumerate(values):
        if v is None:
            continue
        k = bisect.bisect_left(tails, v)
        if k == len(tails):
            tails.append(v)
            tail_idx.append(i)
        else:
            tails[k] = v
            tail_idx[k] = i
        parent[i] = tail_idx[k - 1] if k else None
    out: set[int] = set()
    cur = tail_idx[-1] if tail_idx else None
    while cur is not None:
        out.add(cur)
        cur = parent[cur]
    return out
