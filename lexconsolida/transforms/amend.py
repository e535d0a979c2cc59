"""Apply amending operations to a norm, keeping the history of every dispositivo.

``apply(base, ops, event)`` is pure: it returns a new Norma and never mutates ``base``; when an
operation cannot be applied it raises :class:`~lexconsolida.errors.AmendmentError` naming the
instruction and its line, and nothing is changed. History follows
:mod:`lexconsolida.model.history`: the first change of a unit stores its original wording as the
first Version; an artigo's wording (and so its history) lives on its caput; revoked units keep
their number and last wording, with a last Version whose event is the revocation.
"""

from __future__ import annotations

import copy
import difflib
import re
from collections.abc import Iterable, Iterator
from typing import assert_never
from dataclasses import replace

from lexconsolida.amendments.blocks import PARENT_KINDS, id_kind
from lexconsolida.amendments.targets import same_work, work_key
from lexconsolida.errors import AmendmentError
from lexconsolida.model import Agrupador, AgrupadorKind, Dispositivo, Event, Kind, Norma, Situacao, Version
from lexconsolida.model.ids import LexId
from lexconsolida.model.numbering import Number, int_to_roman, label_for
from lexconsolida.model.operations import EMENTA, KIND_NAMES, Operation, OpKind
from lexconsolida.transforms.tables import apply_table_op, clone_annex, clone_table, is_table_op

EVENT_KIND: dict[OpKind, str] = {
    OpKind.REDACAO: "redacao", OpKind.INCLUSAO: "inclusao", OpKind.REVOGACAO: "revogacao",
    OpKind.RENUMERACAO: "renumeracao", OpKind.REVOGACAO_TOTAL: "revogacao", OpKind.NOTA: "decisao",
    OpKind.PENDENTE: "pendente", OpKind.SUBSTITUICAO: "redacao", OpKind.CELULA: "redacao",
    OpKind.LINHA_INCLUSAO: "inclusao", OpKind.LINHA_REVOGACAO: "revogacao", OpKind.TABELA_REDACAO: "redacao",
    OpKind.ANEXO_REDACAO: "redacao", OpKind.ANEXO_REVOGACAO: "revogacao", OpKind.LINHA_REDACAO: "redacao"}
"""The history event each kind of operation leaves (``Event.kind``)."""
_ORDER = {Kind.CAPUT: 0, Kind.PARAGRAFO: 2, Kind.INCISO: 1, Kind.ALINEA: 1.1, Kind.ITEM: 1.2}
"""Where a unit goes among its siblings: the lists before the §§; in the one place lists of two
kinds meet in a unit (a new list that replaced the old one, see ``_redacao``), the new list after
the old, revoked one, not interleaved with it."""


def clone(norma: Norma) -> Norma:
    """A copy of ``norma`` whose tree, histories and lists can be edited without touching
    the original (much faster than ``copy.deepcopy``; quoted blocks and metadata values,
    which transforms never edit, are shared)."""
    return replace(norma, articulacao=[_clone_node(n) for n in norma.articulacao],
                   events=list(norma.events), preambulo=list(norma.preambulo),
                   fecho=list(norma.fecho), assinaturas=list(norma.assinaturas),
                   documentos=list(norma.documentos), anexos=list(norma.anexos),
                   annexes=[clone_annex(a) for a in norma.annexes],
                   provenance=copy.copy(norma.provenance),
                   ementa_history=[_clone_version(v) for v in norma.ementa_history],
                   eficacia=list(norma.eficacia))


def _clone_version(v: Version) -> Version:
    return Version(text=v.text, event=v.event, start=v.start, end=v.end, situacao=v.situacao,
                   rotulo=v.rotulo)


def _clone_node(n):
    if isinstance(n, Agrupador):
        return Agrupador(kind=n.kind, id=n.id, rotulo=n.rotulo, rotulo_printed=n.rotulo_printed,
                         number=n.number, nome=n.nome, children=[_clone_node(c) for c in n.children],
                         lines=n.lines, situacao=n.situacao,
                         history=[_clone_version(v) for v in n.history])
    return Dispositivo(kind=n.kind, id=n.id, rotulo=n.rotulo, rotulo_printed=n.rotulo_printed,
                       number=n.number, text=n.text, children=[_clone_node(c) for c in n.children],
                       lines=n.lines, situacao=n.situacao,
                       history=[_clone_version(v) for v in n.history],
                       alteracoes=list(n.alteracoes), separator=n.separator,
                       tabelas=[clone_table(t) for t in n.tabelas])


def apply(base: Norma, ops: Iterable[Operation], event: Event) -> Norma:
    """A new Norma: ``base`` with ``ops`` applied, each change dated and noted by ``event``."""
    norma = clone(base)
    index = _Index(norma)
    for op in ops:
        _apply_one(norma, index, op, event)
    return norma


def failures(base: Norma, ops: Iterable[Operation], event: Event) -> list[AmendmentError]:
    """What :func:`apply` would refuse, every operation checked (not only the first failing):
    each on ``base`` as the operations before it that can be applied leave it. ``base`` is
    not changed and nothing is returned but the errors (for a dry run)."""
    return [err for _, err in refused_operations(base, ops, event)]


def refused_operations(base: Norma, ops: Iterable[Operation], event: Event) -> list[tuple[Operation, AmendmentError]]:
    """:func:`failures`, each error with the operation it refuses."""
    return attempt(base, ops, event)[1]


def apply_checked(base: Norma, ops: Iterable[Operation], event: Event) -> tuple[Norma, list[AmendmentError]]:
    """:func:`apply` and :func:`failures` in one pass: the new Norma (when there are errors, with
    only the operations that apply) and what was refused. ``base`` is not changed."""
    norma, errors = attempt(base, ops, event)
    return norma, [err for _, err in errors]


def attempt(base: Norma, ops: Iterable[Operation], event: Event) -> tuple[Norma, list[tuple[Operation, AmendmentError]]]:
    """``base`` with every operation that can be applied applied (each on the norm as the ones
    before it leave it), and the refused ones with the applier's error. With no refusal, the
    norm is what :func:`apply` returns."""
    ops = list(ops)
    norma = clone(base)
    index = _Index(norma)
    done: list[Operation] = []
    errors: list[tuple[Operation, AmendmentError]] = []
    for op in ops:
        try:
            _apply_one(norma, index, op, event)
        except AmendmentError as err:
            errors.append((op, err))
            # the failed operation may have left a partial change: replay the good ones
            norma = clone(base)
            index = _Index(norma)
            for good in done:
                _apply_one(norma, index, good, event)
        else:
            done.append(op)
    return norma, errors


def _as(ev: Event, kind: str) -> Event:
    """``ev`` as a change of ``kind``; a wording the act did not give stays 'vide'."""
    return ev if ev.kind == "vide" else replace(ev, kind=kind)


def _apply_one(norma: Norma, index: "_Index", op: Operation, event: Event) -> None:
    kind = EVENT_KIND[op.kind]
    if not op.given and kind in ("redacao", "inclusao"):
        kind = "vide"  # a wording a person wrote for the act: '(Vide …)', never 'Redação dada'
    ev = Event(kind, event.act_urn, event.act_label, event.date, op.note or event.note)
    try:
        if op.target_id == EMENTA:
            _ementa(norma, op, ev)
            return
        if is_table_op(op):
            apply_table_op(norma, op, ev)
            return
        if op.unit_kind in _AGRUPADOR_KINDS and op.kind in ("redacao", "inclusao"):
            _agrupador(norma, index, op, ev)
            return
        if op.target_id and not op.target_id.startswith("art") and op.kind in ("redacao", "revogacao", "renumeracao",
                                                                               "substituicao"):
            op = _with_article(norma, index, op)
        _dispatch(norma, index, op, ev)
    except AmendmentError:
        raise
    except (ValueError, KeyError) as err:
        raise _error(op, f"operação inválida ({err})") from None


def _ementa(norma: Norma, op: Operation, ev: Event) -> None:
    """A new wording of the norm's ementa (``Operation.target_id`` is ``EMENTA``), kept in
    ``Norma.ementa_history`` as a dispositivo's wording is in its history; a 'pendente' or
    'nota' operation notes the ementa without changing it. Refused when the norm has no ementa
    (there is nothing the new wording replaces: a person decides) or for any other kind."""
    if op.kind not in ("redacao", "pendente", "nota"):
        raise _error(op, f"{KIND_NAMES.get(op.kind, op.kind)} não se aplica à ementa: decida o que a instrução altera")
    if norma.ementa is None:
        if op.kind == "pendente":
            norma.events.append(ev)
            return
        raise _error(op, f"{norma.titulo} não tem ementa no texto lido: decida se a instrução lhe dá uma")
    text = norma.ementa if op.kind != "redacao" else " ".join((op.text or "").split())
    if op.kind == "redacao" and (not text or _plain(text) == _plain(norma.ementa)):
        return  # the same ementa: nothing changes
    if not norma.ementa_history:
        norma.ementa_history.append(Version(norma.ementa, Event("original"), None, None))
    if op.kind != "pendente":
        norma.ementa_history[-1].end = ev.date
    norma.ementa_history.append(Version(text, ev, ev.date, None))
    norma.ementa = text


def _with_article(norma: Norma, index: "_Index", op: Operation) -> Operation:
    """A unit cited without its artigo ('o parágrafo único da Lei nº 771/74'): the one unit of
    the norm that answers to it, when there is exactly one; else a person decides."""
    tid = op.target_id or ""
    found = [i for i in index.nodes if re.fullmatch(rf"art[\d-]+(?:_cpt)?_{re.escape(tid)}", i)]
    if len(found) != 1:
        where = f"há {len(found)} ({', '.join(sorted(found)[:4])}{'…' if len(found) > 4 else ''})" if found else "não há nenhum"
        raise _error(op, f"a instrução cita {tid} sem dizer de qual artigo, e em {norma.titulo} {where}: decida qual")
    art = found[0][: -len(tid) - 1]
    new_id = f"{art}_{op.new_id}" if op.new_id and not op.new_id.startswith("art") else op.new_id
    return replace(op, target_id=found[0], new_id=new_id)


def _error(op: Operation, message: str) -> AmendmentError:
    where = op.where or "instrução"
    return AmendmentError(f"{where}: {message} — instrução: “{op.source}”", line=op.line)


class _Index:
    """id → (node, parent container) of a tree being edited."""

    def __init__(self, norma: Norma) -> None:
        self.norma = norma
        self.nodes: dict[str, Dispositivo] = {}
        self.parent: dict[str, list] = {}
        self.placed: dict[str, list] = {}
        """A new artigo's container, set by the new agrupador quoted above it."""
        self._add(norma.articulacao)

    def _add(self, container: list) -> None:
        for n in container:
            if isinstance(n, Dispositivo):
                self.nodes[n.id] = n
                self.parent[n.id] = container
            self._add(n.children)

    def get(self, i: str) -> Dispositivo | None:
        return self.nodes.get(i)

    def register(self, node: Dispositivo, container: list) -> None:
        for n in node.walk():
            self.nodes[n.id] = n
        self.parent[node.id] = container
        for n in node.walk():
            for c in n.children:
                self.parent[c.id] = n.children


_WHY_MISSING = "o texto da norma pode estar incompleto, ou faltar o ato que o incluiu"


def _missing(norma: Norma, target_id: str | None) -> str:
    return (f"dispositivo {target_id} não existe em {norma.titulo} ({_WHY_MISSING}): decida a que "
            "dispositivo a instrução se refere")


def _wording_holder(d: Dispositivo) -> Dispositivo:
    """Where a unit's wording and history live: an artigo's caput, or the unit itself."""
    return d.caput if d.kind is Kind.ARTIGO and d.caput is not None else d


def _start_history(h: Dispositivo, rotulo: str | None) -> None:
    if not h.history:
        h.history.append(Version(h.text, Event("original"), None, None, h.situacao, rotulo))


def _push(h: Dispositivo, v: Version, rotulo: str | None) -> None:
    _start_history(h, rotulo)
    h.history[-1].end = v.start
    h.history.append(v)
    h.text = v.text
    h.situacao = v.situacao


def _redacao(norma: Norma, index: _Index, op: Operation, ev: Event) -> None:
    if op.container:
        _container_wording(norma, index, op, ev)
        return
    d = index.get(op.target_id)
    if d is None:
        if op.lenient:
            _check_same_structure(norma, index, op)
            _inclusao(norma, index, op, _as(ev, "inclusao"))
            return
        if _next_in_sequence(index, op.target_id):
            note = ("incluído: a instrução dá nova redação a dispositivo que ainda não existia, o "
                    "seguinte na numeração")
            _inclusao(norma, index, op, replace(_as(ev, "inclusao"), note=ev.note or note))
            return
        raise _error(op, _missing(norma, op.target_id))
    h = _wording_holder(d)
    if not (h.text == op.text and d.situacao is Situacao.VIGENTE):  # else quoted as context, unchanged
        _push(h, Version(op.text or "", ev, ev.date, None, Situacao.VIGENTE, d.rotulo), d.rotulo)
        d.situacao = Situacao.VIGENTE
    for kind, brought in op.complete:
        _revoke_not_brought(norma, index, op, ev, d, kind, set(brought),
                            "revogado: a nova redação traz a lista inteira, sem este dispositivo")
        if kind in _LIST_KINDS:
            for other in sorted(_LIST_KINDS - {kind}):
                _revoke_not_brought(norma, index, op, ev, d, other, set(),
                                    f"revogado: a nova redação traz a lista inteira, de {_KIND_PLURAL[kind]}, "
                                    "no lugar desta")


def _plain(text: str | None) -> str:
    return " ".join((text or "").split()).rstrip(" .;:,").casefold()


_CLOSE_WORDING = 0.6
"""Similarity (difflib ratio) from which a container's quoted text is read as a new wording of
its text in the base ('Para o Professor:' for 'Para Professor:'); below it, the quoted text is
something else ('No inciso I, acrescendo …', an explanation) and a person decides."""


def _container_wording(norma: Norma, index: _Index, op: Operation, ev: Event) -> None:
    """A unit quoted around the ones an instruction adds (see ``Operation.container``)."""
    d = index.get(op.target_id)
    if d is None:
        if op.lenient:
            _redacao(norma, index, replace(op, container=False), ev)
            return
        raise _error(op, f"não há {op.target_id} em {norma.titulo}, onde a instrução acrescenta: "
                         "decida onde incluir")
    h = _wording_holder(d)
    old, new = _plain(h.text), _plain(op.text)
    if old == new or not new:
        return  # quoted as the place of the new units
    if difflib.SequenceMatcher(None, old, new, autojunk=False).ratio() < _CLOSE_WORDING:
        raise _error(op, f"a instrução acrescenta em {op.target_id}, mas o texto entre aspas dele (“{op.text}”) "
                         f"não é o da norma (“{h.text}”): decida se é nova redação ou só indicação do lugar")
    note = ("nova redação: o texto entre aspas de uma instrução de acréscimo traz este dispositivo "
            "com texto diferente do anterior")
    _redacao(norma, index, replace(op, container=False, lenient=False), replace(ev, note=ev.note or note))


_LISTS = {Kind.INCISO, Kind.ALINEA, Kind.ITEM}
_LIST_KINDS = frozenset(k.value for k in _LISTS)
_KIND_PLURAL = {"paragrafo": "parágrafos", "inciso": "incisos", "alinea": "alíneas", "item": "itens"}


def _check_same_structure(norma: Norma, index: _Index, op: Operation) -> None:
    """A unit included because the quoted text brings it must fit the list it joins: alíneas
    quoted directly under a caput whose list (in force) is of incisos mean the article was
    restructured. When the new wording brought the whole new list (no omissis line, from its
    first unit: ``Operation.complete``), the old list was revoked before (Decreto 9.191/2017,
    art. 15: only the line of dots keeps units not rewritten) and the new units fit; a partial
    quote leaves the old units in force, and which ones the new replace is for a person."""
    try:
        container = _container_for(norma, index, op)
        kind = Kind(LexId.parse(op.target_id).kind)
    except (ValueError, KeyError, AmendmentError):
        return
    if kind not in _LISTS:
        return
    kinds = {c.kind for c in container if isinstance(c, Dispositivo) and c.kind in _LISTS
             and c.situacao is Situacao.VIGENTE}
    if kinds and kind not in kinds:
        have = ", ".join(sorted(k.value for k in kinds))
        raise _error(op, f"o texto entre aspas traz {kind.value} {op.target_id} onde {norma.titulo} tem {have}: "
                         "o dispositivo foi reestruturado; decida se os antigos são substituídos")


def _next_in_sequence(index: _Index, target_id: str) -> bool:
    """True when ``target_id`` would be the next unit of its kind in a parent that exists (the
    § 3º of an artigo with §§ 1º and 2º, the inciso V after IV, an 'A' unit after its base):
    new wording of it can only mean its inclusion."""
    try:
        lid = LexId.parse(target_id)
    except (ValueError, KeyError):
        return False
    parent = lid.parent
    if parent is None or lid.number is None or index.get(str(parent)) is None:
        return False
    kids = [c for c in index.get(str(parent)).children if c.kind.value == lid.kind and c.number is not None]
    if lid.number.suffixes:
        base_id = target_id.rsplit("-", len(lid.number.suffixes))[0]
        return index.get(base_id) is not None
    last = max((c.number.value for c in kids), default=0)
    return lid.number.value == last + 1 and not (lid.kind == "paragrafo" and any(c.unico for c in kids))


def _revogacao(norma: Norma, index: _Index, op: Operation, ev: Event) -> None:
    if op.keep is not None:
        _revoke_rest_of_set(norma, index, op, ev)
        return
    d = index.get(op.target_id)
    if d is None:
        raise _error(op, _missing(norma, op.target_id))
    if d.situacao is Situacao.REVOGADO:
        if op.in_list:
            return  # 'os artigos 217 a 287': the earlier revocation of this one stands
        raise _error(op, f"dispositivo {op.target_id} já está revogado")
    for n in d.walk():
        h = _wording_holder(n)
        if n.kind is Kind.CAPUT and n is not d:
            continue  # handled with its artigo
        _push(h, Version(h.text, ev, ev.date, None, Situacao.REVOGADO, n.rotulo), n.rotulo)
        n.situacao = Situacao.REVOGADO


def _revoke_rest_of_set(norma: Norma, index: _Index, op: Operation, ev: Event) -> None:
    """A set replaced whole (see ``Operation.keep``): its units in force that the quoted text
    does not bring are revoked."""
    holder = index.get(op.target_id or "")
    if holder is None:
        raise _error(op, _missing(norma, op.target_id))
    _revoke_not_brought(norma, index, op, ev, holder, op.unit_kind or "", set(op.keep or ()),
                        "revogado: a instrução substitui o conjunto pelo texto entre aspas, que não o traz")


def _revoke_not_brought(norma: Norma, index: _Index, op: Operation, ev: Event, holder: Dispositivo,
                        kind: str, keep: set[str], note: str) -> None:
    """Revoke the units of ``kind`` ('' for any) directly in ``holder`` (an artigo's incisos
    and alíneas are its caput's) that are in force and not in ``keep``."""
    places = [holder]
    if holder.kind is Kind.ARTIGO and holder.caput is not None:
        places = [holder, holder.caput] if not kind else [holder.caput] if kind in ("inciso", "alinea") else [holder]
    ev = replace(ev, kind="revogacao", note=ev.note or note)
    last = _last_brought(keep) if kind else None
    for place in places:
        gone = [c for c in place.children if c.kind is not Kind.CAPUT and (not kind or c.kind.value == kind)
                and c.id not in keep and c.situacao is Situacao.VIGENTE
                and not (c.unico and c.id[:-len("par1u")] + "par1" in keep)]  # it becomes the § 1º brought
        gaps = [c for c in gone if last is not None and not c.unico and _sort_key(c)[1:] < last]
        if gaps:
            raise _error(op, f"o texto entre aspas traz a lista de {holder.rotulo or holder.id} sem "
                             f"{', '.join(c.rotulo or c.id for c in gaps)}, no meio da numeração: decida se "
                             "foi revogado ou se a omissão é um erro do texto")
        for c in gone:
            _revogacao(norma, index, replace(op, kind="revogacao", keep=None, complete=(), target_id=c.id), ev)


def _last_brought(keep: set[str]) -> tuple | None:
    """The (number, suffixes) of the last numbered unit brought; None when a parágrafo único
    is (then every numbered § goes)."""
    keys = []
    for i in keep:
        lid = LexId.parse(i)
        if lid.is_unico or lid.number is None:
            return None
        keys.append((lid.number.value, lid.number.suffixes))
    return max(keys) if keys else None


def _nota(norma: Norma, index: _Index, op: Operation, ev: Event) -> None:
    d = index.get(op.target_id)
    if d is None:
        raise _error(op, _missing(norma, op.target_id))
    h = _wording_holder(d)
    _push(h, Version(op.text or h.text, ev, ev.date, None, d.situacao, d.rotulo), d.rotulo)


def _pendente(norma: Norma, index: _Index, op: Operation, ev: Event) -> None:
    """An instruction left for a decision (``amend --parcial``): noted on the nearest unit that
    exists (the unit, else its ancestors), else on the act; nothing changes, never fails."""
    target = op.target_id
    while target:
        d = index.get(target)
        if d is not None:
            h = _wording_holder(d)
            _start_history(h, d.rotulo)
            h.history.append(Version(h.text, ev, ev.date, None, h.situacao, d.rotulo))
            return
        target = target.rpartition("_")[0]
        if target.endswith("_cpt"):
            target = target[:-4]
    norma.events.append(ev)


def _revogacao_total(norma: Norma, index: _Index, op: Operation, ev: Event) -> None:
    if norma.situacao is Situacao.REVOGADO:
        raise _error(op, f"{norma.titulo} já está revogada")
    norma.situacao = Situacao.REVOGADO
    where = op.where[:-4] if op.where and op.where.endswith("_cpt") else op.where
    norma.events.append(replace(ev, dispositivo=where) if where else ev)


# --- agrupadores ----------------------------------------------------------------------------

_AGRUPADOR_KINDS = {k.value for k in AgrupadorKind}


def _agrupadores(nodes: list) -> Iterator[Agrupador]:
    for n in nodes:
        if isinstance(n, Agrupador):
            yield n
            yield from _agrupadores(n.children)


def _holds(a: Agrupador, article_id: str) -> bool:
    return any(isinstance(n, Dispositivo) and n.id == article_id for n in a.walk())


def _same_name(a: str | None, b: str | None) -> bool:
    def key(x: str | None) -> str:
        return " ".join((x or "").split()).rstrip(".").casefold()
    return key(a) == key(b)


def _agrupador(norma: Norma, index: _Index, op: Operation, ev: Event) -> None:
    """A quoted heading: the agrupador of that kind and number gets the quoted name (kept when
    it is the same). Refused when there is none or more than one, when it does not hold the
    artigo quoted under it, or when the instruction includes one that already exists under
    another name: where a new heading starts is for a person to decide."""
    kind = AgrupadorKind(op.unit_kind)
    if (op.kind == "inclusao" or op.lenient) and op.holds and index.get(op.holds) is None:
        place = _new_agrupador_place(norma, kind, op)
        if isinstance(place, tuple):
            _new_agrupador(index, op, ev, kind, *place)
            return
    found = [a for a in _agrupadores(norma.articulacao)
             if a.kind is kind and a.id.split("_")[-1] == op.target_id]
    if op.holds and index.get(op.holds) is not None and found:
        holding = [a for a in found if _holds(a, op.holds)]
        if not holding:
            raise _error(op, f"{op.rotulo} de {norma.titulo} não contém o {op.holds}, citado sob ele no "
                             "texto entre aspas: decida qual agrupador a instrução altera")
        found = holding
    if not found:
        what = "inclusão de agrupador" if op.kind == "inclusao" else "agrupador inexistente"
        why = ""
        if (op.kind == "inclusao" or op.lenient) and op.holds and index.get(op.holds) is None:
            why = f" ({_new_agrupador_place(norma, kind, op)})"
        raise _error(op, f"{what}: {norma.titulo} não tem {op.rotulo}{why}; decida onde ele começa e "
                         "quais artigos reúne")
    if len(found) > 1:
        raise _error(op, f"{norma.titulo} tem {len(found)} agrupadores {op.rotulo} "
                         f"({', '.join(a.id for a in found)}): decida qual a instrução altera")
    a = found[0]
    if op.text is None or _same_name(a.nome, op.text):
        return  # quoted as the context of the articles under it
    if op.kind == "inclusao":
        raise _error(op, f"a instrução inclui {op.rotulo}, mas {norma.titulo} já o tem, com o nome "
                         f"“{a.nome or ''}”: decida se é renumeração ou novo nome")
    if not a.history:
        a.history.append(Version(a.nome or "", Event("original"), None, None, a.situacao, a.rotulo))
    a.history[-1].end = ev.date
    a.history.append(Version(op.text, ev, ev.date, None, Situacao.VIGENTE, a.rotulo))
    a.nome = op.text


def _article_paths(nodes: list, path: tuple = ()) -> Iterator[tuple[Dispositivo, tuple]]:
    """Every artigo with the agrupadores that hold it (outermost first)."""
    for n in nodes:
        if isinstance(n, Agrupador):
            yield from _article_paths(n.children, path + (n,))
        elif n.kind is Kind.ARTIGO and n.number is not None:
            yield n, path


def _new_agrupador_place(norma: Norma, kind: AgrupadorKind, op: Operation) -> tuple[list, int, str] | str:
    """Where a new agrupador quoted above a new artigo goes, when the base settles it: (the
    list it goes in, its position, the id of its parent); else why not (a Portuguese phrase).

    The new artigo follows the artigo before it in number (P). The new agrupador starts right
    after P and must not take any existing artigo: P is the last artigo of the agrupador of the
    same kind that holds it (the new one goes right after that one: 'Subseção XIII' after
    'Subseção XII', whose last artigo is P), or P sits directly in the parent and only
    agrupadores of the same kind follow it. Its number must fit between its neighbours."""
    try:
        new_number = Number.from_id_part((op.target_id or "")[3:])
        held = LexId.parse(op.holds or "").number
    except (ValueError, KeyError, IndexError):
        return "número ilegível"
    if held is None:
        return "artigo sem número"
    key = (1, held.value, held.suffixes)
    before = [(a, path) for a, path in _article_paths(norma.articulacao) if _sort_key(a) < key]
    if not before:
        return f"nenhum artigo antes do {op.holds}"
    prev, path = max(before, key=lambda ap: _sort_key(ap[0]))
    higher = [a for a in path if a.kind.level < kind.level]
    parent = higher[-1] if higher else None
    siblings = parent.children if parent is not None else norma.articulacao
    below = path[len(higher):]
    if below:
        holder = below[0]
        if holder.kind is not kind:
            return f"o {prev.id} está em {holder.rotulo or holder.id}, de outro nível"
        later = [a for a in holder.walk() if isinstance(a, Dispositivo) and a.kind is Kind.ARTIGO
                 and a is not prev and a.number is not None and _sort_key(a) > _sort_key(prev)]
        if later:
            return f"o {prev.id} não é o último artigo de {holder.rotulo or holder.id}"
        pos = next(i for i, n in enumerate(siblings) if n is holder) + 1
    else:
        pos = next(i for i, n in enumerate(siblings) if n is prev) + 1
    after = siblings[pos:]
    if any(not isinstance(n, Agrupador) or n.kind is not kind for n in after):
        return f"há artigos ou agrupadores de outro nível depois do {prev.id}, que passariam ao novo agrupador"
    numbers = [n.number for n in siblings if isinstance(n, Agrupador) and n.kind is kind and n.number is not None]
    if any(n == new_number for n in numbers):
        return f"já há {op.rotulo} no mesmo lugar"
    left = [n.number for n in siblings[:pos] if isinstance(n, Agrupador) and n.kind is kind and n.number]
    right = [n.number for n in after if isinstance(n, Agrupador) and n.number]
    if (left and _num_key(left[-1]) > _num_key(new_number)) or (right and _num_key(right[0]) < _num_key(new_number)):
        return "a numeração dos agrupadores vizinhos não comporta o novo"
    return siblings, pos, parent.id if parent is not None else ""


def _num_key(n: Number) -> tuple:
    return (n.value, n.suffixes)


def _new_agrupador(index: _Index, op: Operation, ev: Event, kind: AgrupadorKind,
                   siblings: list, pos: int, parent_id: str) -> None:
    """Insert the new agrupador; the artigo quoted under it (``op.holds``) goes into it."""
    assert op.target_id is not None and op.holds is not None  # checked by _new_agrupador_place
    number = Number.from_id_part(op.target_id[3:])
    comp = f"{kind.prefix}{number.id_part}"
    rotulo = op.rotulo or f"{kind.word} {int_to_roman(number.value)}{number.suffix_text}"
    a = Agrupador(kind, f"{parent_id}_{comp}" if parent_id else comp, rotulo=rotulo, number=number,
                  nome=op.text, history=[Version(op.text or "", ev, ev.date, None, Situacao.VIGENTE, rotulo)])
    siblings.insert(pos, a)
    index.placed[op.holds] = a.children


# --- inclusion -------------------------------------------------------------------------------

def _new_unit(op: Operation, ev: Event, sibling: Dispositivo | None) -> Dispositivo:
    lid = LexId.parse(op.target_id)
    kind = Kind(lid.kind)
    number = lid.number
    rotulo = label_for(kind.value, number, unico=lid.is_unico)
    version = Version(op.text or "", ev, ev.date, None, Situacao.VIGENTE, None)
    sep = sibling.separator if sibling is not None else None
    if kind is Kind.ARTIGO:
        cap = Dispositivo(Kind.CAPUT, f"{op.target_id}_cpt", text=op.text or "", history=[version])
        return Dispositivo(kind, op.target_id, rotulo=rotulo, number=number, children=[cap],
                           separator=sep)
    return Dispositivo(kind, op.target_id, rotulo=rotulo, number=number, text=op.text or "",
                       history=[version], separator=sep)


def _sort_key(d: Dispositivo):
    if d.kind is Kind.CAPUT:
        return (0, 0, ())
    if d.kind is Kind.PARAGRAFO and d.unico:
        # after every numbered parágrafo (revoked ones stay listed): a parágrafo único included
        # where §§ 1º–3º were revoked is never printed between § 1º and § 2º
        return (_ORDER.get(d.kind, 1), 10**9, ())
    n = d.number
    if n is None:
        lid = LexId.parse(d.id)
        n = lid.number
    return (_ORDER.get(d.kind, 1), n.value if n else 0, n.suffixes if n else ())


def _container_for(norma: Norma, index: _Index, op: Operation) -> list:
    lid = LexId.parse(op.target_id)
    parent = lid.parent
    if parent is None:
        placed = index.placed.get(op.target_id)
        return placed if placed is not None else _article_container(norma, lid)
    holder = index.get(str(parent))
    if holder is not None and holder.kind is Kind.CAPUT and lid.kind == "paragrafo":
        raise _error(op, f"{op.target_id}: um parágrafo não fica dentro do caput; decida a que artigo ele pertence")
    holder_kind = "artigo" if holder is not None and holder.kind is Kind.CAPUT else holder.kind.value if holder else None
    if holder_kind is not None and lid.kind in PARENT_KINDS and holder_kind not in PARENT_KINDS[lid.kind]:
        raise _error(op, f"{op.target_id}: {_A_UNIT[lid.kind]} não fica diretamente dentro de "
                         f"{_A_UNIT.get(holder_kind, holder_kind)} (LC 95/1998, art. 10); decida onde o texto "
                         "entre aspas entra")
    if holder is None:
        raise _error(op, f"não há {parent} em {norma.titulo} para receber {op.target_id} ({_WHY_MISSING}): "
                         "decida onde incluir")
    return holder.children


_A_UNIT = {"artigo": "um artigo", "paragrafo": "um parágrafo", "inciso": "um inciso", "alinea": "uma alínea",
           "item": "um item"}


def _article_container(norma: Norma, lid: LexId) -> list:
    """The list an inserted artigo goes into: where the artigo before it is."""
    best, container = None, norma.articulacao

    def visit(nodes: list) -> None:
        nonlocal best, container
        for n in nodes:
            if isinstance(n, Agrupador):
                visit(n.children)
            elif n.kind is Kind.ARTIGO and n.number is not None and _sort_key(n) < (1, lid.number.value, lid.number.suffixes):
                if best is None or _sort_key(n) > _sort_key(best):
                    best, container = n, nodes

    visit(norma.articulacao)
    return container


def _inclusao(norma: Norma, index: _Index, op: Operation, ev: Event) -> None:
    if op.copy_of:
        _copy_wording(norma, index, op, ev)
        return
    existing = index.get(op.target_id)
    if existing is not None:
        text = _wording_holder(existing).text
        shown = f" (“{text if len(text) <= 80 else text[:77] + '…'}”)" if text else ""
        raise _error(op, f"dispositivo {op.target_id} já existe em {norma.titulo}{shown}: decida se a instrução "
                         "lhe dá nova redação ou inclui outro dispositivo")
    if id_kind(op.target_id) == "paragrafo" and op.target_id.endswith("par1u") is False:
        art_id = op.target_id.split("_")[0]
        art = index.get(art_id)
        unico = index.get(f"{art_id}_par1u") if art is not None else None
        if (op.implicit_renumbering and unico is not None and unico.situacao is Situacao.VIGENTE
                and _is_paragraph_of(op.target_id, art_id)):
            _implicit_renumbering(norma, index, op, ev, unico)
            if op.target_id == f"{art_id}_par1":
                _redacao(norma, index, op, _as(ev, "redacao"))
                return
        elif art is not None and any(c.unico and c.situacao is Situacao.VIGENTE for c in art.children):
            raise _error(op, f"{art.rotulo} tem parágrafo único: renumere-o antes de incluir "
                             f"{op.target_id}")
    tid = op.target_id or ""
    if tid.endswith("_par1u"):
        art = index.get(tid[:-len("_par1u")])
        numbered = [c.rotulo or c.id for c in (art.children if art is not None else [])
                    if c.kind is Kind.PARAGRAFO and not c.unico and c.situacao is Situacao.VIGENTE]
        if art is not None and numbered:
            raise _error(op, f"{art.rotulo or art.id} de {norma.titulo} já tem parágrafos numerados ("
                             f"{', '.join(numbered)}): decida se o parágrafo único é um novo § ou texto de outro "
                             "dispositivo")
    container = _container_for(norma, index, op)
    siblings = [c for c in container if isinstance(c, Dispositivo) and c.kind.value == id_kind(op.target_id)]
    _check_list_start(norma, index, op, siblings)
    node = _new_unit(op, ev, siblings[-1] if siblings else None)
    key = _sort_key(node)
    pos = len(container)
    for i, c in enumerate(container):
        if isinstance(c, Dispositivo) and _sort_key(c) > key:
            pos = i
            break
    container.insert(pos, node)
    index.register(node, container)


def _check_list_start(norma: Norma, index: _Index, op: Operation, siblings: list[Dispositivo]) -> None:
    """A numbered unit included where there is no unit of its kind, past the first number (the
    inciso V of an artigo without incisos: 'Dê-se ao caput do art. 6º … acrescentando-lhe o
    inciso V' written for the art. 7º that an unapplied renumbering made the 6º): the list would
    start at V, so the base is not the text the drafter had. A person decides."""
    lid = LexId.parse(op.target_id)
    if (lid.kind not in _KIND_PLURAL or siblings or lid.is_unico or lid.number is None
            or lid.number.suffixes or lid.number.value <= 1):
        return
    parent = str(lid.parent)
    holder = index.get(parent.removesuffix("_cpt")) or index.get(parent)
    name = (holder.rotulo or holder.id) if holder is not None else parent
    where = f"o caput do {name}" if parent.endswith("_cpt") else name
    raise _error(op, f"a instrução inclui {op.target_id}, mas {where} de {norma.titulo} não tem "
                     f"{_KIND_PLURAL[lid.kind]}: a lista começaria no {label_for(lid.kind, lid.number)}; decida se o "
                     "texto da norma está incompleto ou se a instrução se refere a outro dispositivo")


def _copy_wording(norma: Norma, index: _Index, op: Operation, ev: Event) -> None:
    """An inclusion with the wording of another unit of the norm (``Operation.copy_of``), as it
    stands when the operation is applied (the recogniser puts copies before the act's other
    operations). The new unit is included as any other; an artigo brings its caput and every
    unit in force under it, renumbered under the new artigo, each with its own inclusion in the
    history (a copy starts a new history). A source that does not exist, is revoked, or is of
    another kind is for a person to decide."""
    source = index.get(op.copy_of or "")
    if source is None:
        raise _error(op, f"a instrução inclui {op.target_id} com a redação de {op.copy_of}, que não existe em "
                         f"{norma.titulo} ({_WHY_MISSING}): decida qual é o texto do novo dispositivo")
    if source.situacao is Situacao.REVOGADO:
        raise _error(op, f"a instrução inclui {op.target_id} com a redação de {op.copy_of}, que está revogado em "
                         f"{norma.titulo}: decida qual é o texto do novo dispositivo")
    if id_kind(op.copy_of or "") != id_kind(op.target_id or ""):
        raise _error(op, f"{op.target_id} e {op.copy_of} são dispositivos de tipos diferentes: decida qual é o "
                         "texto do novo dispositivo")
    note = f"incluído com a redação de {source.rotulo or source.id}, como estava antes deste ato"
    ev = replace(ev, note=ev.note or note)
    _inclusao(norma, index, replace(op, copy_of=None, text=_wording_holder(source).text), ev)
    new = index.get(op.target_id)
    assert new is not None  # just included
    holders = [(source, new)]
    if source.caput is not None and new.caput is not None:
        holders.append((source.caput, new.caput))
    for old_holder, new_holder in holders:
        new_holder.children.extend(_copied(c, source.id, new.id, ev) for c in old_holder.children
                                   if c.kind is not Kind.CAPUT and c.situacao is not Situacao.REVOGADO)
    index.register(new, index.parent[new.id])


def _copied(d: Dispositivo, old: str, new: str, ev: Event) -> Dispositivo:
    """A copy of the unit ``d`` (and its units in force) under the unit ``new`` that takes the
    place of ``old`` in its id, with a history that starts with its inclusion."""
    return Dispositivo(kind=d.kind, id=new + d.id[len(old):], rotulo=d.rotulo, number=d.number, text=d.text,
                       children=[_copied(c, old, new, ev) for c in d.children if c.situacao is not Situacao.REVOGADO],
                       history=[Version(d.text, ev, ev.date, None, Situacao.VIGENTE, None)],
                       separator=d.separator)


def _is_paragraph_of(target_id: str, art_id: str) -> bool:
    return re.fullmatch(rf"{re.escape(art_id)}_par\d+(?:-\d+)*", target_id) is not None


def _implicit_renumbering(norma: Norma, index: _Index, op: Operation, ev: Event, unico: Dispositivo) -> None:
    """A numbered § included in an artigo that has a parágrafo único: the parágrafo único
    becomes § 1º (LC 95/1998, art. 12, III, c: units are numbered in sequence), noted as an
    implicit renumbering by the same act."""
    renum = replace(op, kind="renumeracao", target_id=unico.id, new_id=unico.id[:-len("par1u")] + "par1",
                    new_rotulo="§ 1º", text=None)
    note = "parágrafo único renumerado como § 1º pelo acréscimo de parágrafos"
    _renumeracao(norma, index, renum, replace(ev, kind="renumeracao", note=ev.note or note))


# --- expression substitution ---------------------------------------------------------------

def _substituicao(norma: Norma, index: _Index, op: Operation, ev: Event) -> None:
    """'Substitua-se, no art. 5º, a expressão “X” por “Y”': in the unit named and the units inside
    it (the whole articulação when ``target_id`` is None), every occurrence of the expression as
    whole words is replaced, each unit changed getting a new wording. The expression must occur
    there: where it does not (the text differs, a unit the instruction names that does not have
    it), nothing is guessed — the operation is refused for a person to decide."""
    old, new = op.expression or "", op.text or ""
    if not old.strip():
        raise _error(op, "substituição sem a expressão substituída: decida o que muda")
    if op.target_id is None:
        scope = [d for n in norma.articulacao for d in n.walk() if isinstance(d, Dispositivo)]
        where = norma.titulo
    else:
        d = index.get(op.target_id)
        if d is None:
            raise _error(op, _missing(norma, op.target_id))
        scope, where = list(d.walk()), f"{d.rotulo or op.target_id} de {norma.titulo}"
    rx = re.compile(rf"(?<!\w){re.escape(old)}(?!\w)")
    if not new:  # 'suprima-se a expressão …': the words go with the space before them (after, at the start)
        rx = re.compile(rf"\s+{re.escape(old)}(?!\w)|(?<!\w){re.escape(old)}(?!\w)\s*")
    hits = [d for d in scope if d.kind is not Kind.ARTIGO and d.situacao is Situacao.VIGENTE and rx.search(d.text or "")]
    if not hits:
        raise _error(op, f"a expressão “{old}” não ocorre em {where} como a instrução diz: o texto da norma pode "
                         "ser outro (redação já alterada, grafia diferente); decida onde ela se aplica")
    for h in hits:
        holder = index.get(h.id[:-4]) if h.kind is Kind.CAPUT else None
        rotulo = holder.rotulo if holder is not None else h.rotulo
        _push(h, Version(rx.sub(lambda _: new, h.text), ev, ev.date, None, Situacao.VIGENTE, rotulo), rotulo)


# --- renumbering -----------------------------------------------------------------------------

def _renumeracao(norma: Norma, index: _Index, op: Operation, ev: Event) -> None:
    d = index.get(op.target_id)
    if d is None:
        raise _error(op, _missing(norma, op.target_id))
    if not op.new_id or index.get(op.new_id) is not None:
        raise _error(op, f"novo número inválido ou já usado: {op.new_id}")
    lid = LexId.parse(op.new_id)
    old_rotulo = d.rotulo
    h = _wording_holder(d)
    new_rotulo = op.new_rotulo or label_for(lid.kind, lid.number, unico=lid.is_unico)
    _start_history(h, old_rotulo)
    _push(h, Version(h.text, ev, ev.date, None, h.situacao, new_rotulo), old_rotulo)
    old = d.id
    for n in d.walk():
        index.nodes.pop(n.id, None)
        n.id = op.new_id + n.id[len(old):]
        index.nodes[n.id] = n
    d.rotulo, d.number = new_rotulo, lid.number


def _dispatch(norma: Norma, index: _Index, op: Operation, ev: Event) -> None:
    """The one place an operation's kind chooses what is done. Every :class:`OpKind` has its
    case: a kind added to the contract without one is a type error (``assert_never``) and
    fails ``tests/test_amend_apply.py``."""
    kind = OpKind(op.kind)
    match kind:
        case OpKind.REDACAO:
            _redacao(norma, index, op, ev)
        case OpKind.INCLUSAO:
            _inclusao(norma, index, op, ev)
        case OpKind.REVOGACAO:
            _revogacao(norma, index, op, ev)
        case OpKind.RENUMERACAO:
            _renumeracao(norma, index, op, ev)
        case OpKind.REVOGACAO_TOTAL:
            _revogacao_total(norma, index, op, ev)
        case OpKind.NOTA:
            _nota(norma, index, op, ev)
        case OpKind.PENDENTE:
            _pendente(norma, index, op, ev)
        case OpKind.SUBSTITUICAO:
            _substituicao(norma, index, op, ev)
        case OpKind.CELULA | OpKind.LINHA_INCLUSAO | OpKind.LINHA_REVOGACAO | OpKind.LINHA_REDACAO \
                | OpKind.TABELA_REDACAO | OpKind.ANEXO_REDACAO | OpKind.ANEXO_REVOGACAO:
            apply_table_op(norma, op, ev)
        case _:
            assert_never(kind)


def ops_for(norma: Norma, ops: Iterable[Operation]) -> list[Operation]:
    """The operations whose target is ``norma``: by URN as a work (accents, case and the version
    after '@' ignored), else by type and number ('Resolução' is 'resolucao')."""
    out = []
    numero = (norma.numero or "").replace(".", "").lstrip("0")
    tipo = work_key((norma.tipo or "").replace(" ", "."))
    for op in ops:
        if norma.urn and same_work(op.target_urn, norma.urn):
            out.append(op)
        elif op.target_act is not None and op.target_act.numero and op.target_act.numero == numero \
                and tipo.startswith(work_key(op.target_act.tipo)):
            out.append(op)
    return out
