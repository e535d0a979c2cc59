"""Precision gates: what must hold before an amending act is applied without a person, and
what must hold of the result after.

Recognition reads an amending act into operations and problems; the applier changes the
norm. Between them, every path that applies operations without a person deciding (the
acervo's histories, ``amend``, ``compile``, the acervo bench) runs the gates of this registry,
through one function (:func:`lexconsolida.transforms.gated.apply_gated`): the **checks before**
(:func:`check`) look at the operations on one target, the recognition's problems, the amending
act's text and the target as it stands before the act; the **verification after**
(:func:`verify`) compares the target before and after the operations. A gate that fails gives
a blocking :class:`Problem` scoped to that target, with its code and a sentence a clerk
understands: the act's result for that target is "pendente de decisão", never a guess. A
decision recorded in ``[[decisoes]]`` (``problema`` = the gate's code) answers it as any other
problem.

Gates are built on what recognition outputs (the operations, the problems, the act's text, the
citation of the target), never on how it recognised them, so that they hold whatever recognises
the instructions. Each is as narrow as correctness allows: the false alarms of each were read
on the whole Feira de Santana acervo (``docs/alteracoes.md``, "Portões de precisão").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from datetime import date
from functools import lru_cache
from dataclasses import dataclass, field, replace

from lexconsolida.amendments import phrases
from lexconsolida.amendments.blocks import QuotedUnit, block_units
from lexconsolida.amendments.coverage import amends
from lexconsolida.amendments.model import EMENTA, Operation, Problem
from lexconsolida.citations import find, find_acts
from lexconsolida.model import Dispositivo, Event, Kind, Norma, Situacao
from lexconsolida.model.clauses import VIGENCIA, final_clause_kind
from lexconsolida.model.dates import parse_date
from lexconsolida.model.epigrafe import conflicts, epigrafe_date
from lexconsolida.model.ids import LexId
from lexconsolida.model.numbering import int_to_roman, label_for

BEFORE, AFTER = "antes", "depois"


@dataclass(slots=True)
class Context:
    """What the gates of one (amending act, target) pair see."""

    base: Norma | None
    """The target as it stands before the act (its earlier amendments applied); None when its
    text is not available (only a whole-act revocation can then be applied)."""
    target_urn: str
    ops: list[Operation]
    """The act's operations on this target, in the order they are applied."""
    event: Event
    """The amending act's event (act, label, date)."""
    act: Norma | None = None
    """The amending act as read (None: not known to the caller)."""
    problems: list[Problem] = field(default_factory=list)
    """Every problem recognition reported for the act (warnings included)."""
    earlier_pending: list[tuple[str, list[Operation]]] = field(default_factory=list)
    """Earlier amending acts of this target left pending (label, their operations on it)."""
    other_dates: list[str] = field(default_factory=list)
    """The dates of the target's other amending acts (where this one falls among them)."""
    undated: list[tuple[str, list[Operation]]] = field(default_factory=list)
    """The target's other amending acts without a date (label, their operations on it): which
    of them comes first is not known."""
    amended_on: list[str] = field(default_factory=list)
    """The dates of the target's other acts that change its text (not those that only revoke
    it): a later one makes a whole-act revocation doubtful."""

    @property
    def label(self) -> str:
        if self.base is not None and self.base.tipo and self.base.numero:
            return self.base.label
        if self.ops:
            return self.ops[0].target_label
        return self.base.titulo if self.base is not None else self.target_urn

    @property
    def automatic(self) -> list[Operation]:
        """The operations no person wrote (a decision's operations are a person's)."""
        return [o for o in self.ops if not decided(o) and o.kind not in ("nota", "pendente")]


def decided(op: Operation) -> bool:
    """An operation written in a recorded decision (``[[decisoes]]``): a person's, not gated."""
    return op.source.startswith("Decisão registrada")


@dataclass(slots=True, frozen=True)
class Gate:
    """One named check."""

    code: str
    """The problem code (stable: the review desk and ``[[decisoes]]`` use it)."""
    title: str
    """What it checks, in Portuguese, for the review desk and the docs."""
    stage: str
    """``BEFORE`` (on the operations) or ``AFTER`` (on the result)."""
    run: Callable[..., Iterable[Problem]]


GATES: list[Gate] = []
"""The registry, in the order the gates run."""


def gate(code: str, title: str, stage: str = BEFORE):
    def register(fn):
        GATES.append(Gate(code, title, stage, fn))
        return fn
    return register


def check(ctx: Context) -> list[Problem]:
    """The problems of the gates before application (blocking unless said)."""
    return _run(ctx, BEFORE)


def verify(ctx: Context, after: Norma) -> list[Problem]:
    """The problems of the verification of ``after``, the target with the act's operations
    applied to ``ctx.base``."""
    return _run(ctx, AFTER, after)


def _run(ctx: Context, stage: str, *args) -> list[Problem]:
    out: list[Problem] = []
    seen: set[tuple] = set()
    for g in GATES:
        if g.stage != stage:
            continue
        for p in g.run(ctx, *args):
            key = (p.code, p.where, p.message)
            if key not in seen:
                seen.add(key)
                out.append(p if p.target_urn else replace(p, target_urn=ctx.target_urn))
    return out


def codes(stage: str | None = None) -> list[str]:
    return [g.code for g in GATES if stage is None or g.stage == stage]


def _problem(ctx: Context, code: str, message: str, op: Operation | None = None, *,
             where: str | None = None, source: str | None = None, line: int | None = None,
             blocking: bool = True) -> Problem:
    return Problem(code, message, op.source if op is not None and source is None else (source or ""),
                   op.line if op is not None and line is None else line,
                   op.where if op is not None and where is None else where,
                   blocking=blocking, target_urn=ctx.target_urn)


# --- small helpers ---------------------------------------------------------------------------

def _fold(text: str) -> str:
    """Lower case, without accents."""
    return unicodedata.normalize("NFKD", text.casefold()).encode("ascii", "ignore").decode("ascii")


@lru_cache(maxsize=4096)
def _acts_in(text: str) -> tuple:
    return tuple(find_acts(text))


@lru_cache(maxsize=4096)
def _citations_in(text: str) -> tuple:
    return tuple(find(text))


def _plain(text: str | None) -> str:
    return " ".join((text or "").split()).rstrip(" .;:,").casefold()


_MEMO: dict[tuple[int, str], tuple[Norma, object]] = {}


def _memo(norma: Norma, key: str, make: Callable[[], object]):
    """``make()`` for ``norma``, kept while the same norm is asked about (the gates of one pair
    read the same base many times; norms are never changed in place by the appliers)."""
    hit = _MEMO.get((id(norma), key))
    if hit is not None and hit[0] is norma:
        return hit[1]
    if len(_MEMO) > 64:
        _MEMO.clear()
    value = make()
    _MEMO[(id(norma), key)] = (norma, value)
    return value


def _units(norma: Norma) -> dict[str, Dispositivo]:
    return _memo(norma, "units", lambda: {d.id: d for d in norma.dispositivos()})


def _by_article(norma: Norma) -> dict[str, list[str]]:
    def make() -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for i in _units(norma):
            out.setdefault(i.split("_")[0], []).append(i)
        return out
    return _memo(norma, "by-article", make)


def _within(i: str, root: str) -> bool:
    """``i`` is ``root`` or inside it (an artigo's caput and units included)."""
    return i == root or i.startswith(root + "_")


def _article_of(i: str | None) -> str | None:
    return i.split("_")[0] if i and i.startswith("art") else None


def _resolve(tid: str, ids: Iterable[str]) -> str:
    """A unit cited without its artigo ('par1u') as the base's unit that answers to it, when
    there is exactly one (as the applier resolves it)."""
    if tid.startswith("art"):
        return tid
    found = [i for i in ids if re.fullmatch(rf"art[\d-]+(?:_cpt)?_{re.escape(tid)}", i)]
    return found[0] if len(found) == 1 else tid


def _label_of(d: Dispositivo | None, i: str) -> str:
    if d is not None and d.rotulo:
        return d.rotulo.rstrip(" .-–")
    return i


_NUM = re.compile(r"\d+")


def _number(text: str | None) -> str:
    return "".join(_NUM.findall(text or "")).lstrip("0")


# --- the target is the norm the instruction names ----------------------------------------------

_PLACEHOLDER = re.compile(r"\binexistente\b|numera[çc][ãa]o\s+n[ãa]o\s+utilizada", re.IGNORECASE)


@gate("alvo-sem-artigos", "a norma alterada tem artigos no texto lido")
def _without_articles(ctx: Context) -> Iterator[Problem]:
    """A base with no article ('ATO INEXISTENTE, NUMERAÇÃO NÃO UTILIZADA', or only the epígrafe
    and the ementa a site lists): no unit of it can change. A whole-act revocation of an act
    whose text is just not there is still its revocation; of a placeholder, it is not."""
    base = ctx.base
    if base is None or next(iter(base.artigos()), None) is not None or not ctx.automatic:
        return
    placeholder = bool(_PLACEHOLDER.search(" ".join([base.ementa or "", *base.preambulo, *base.fecho])))
    if not placeholder and all(o.kind == "revogacao_total" for o in ctx.automatic):
        return
    what = ("é um número não utilizado (ato inexistente)" if placeholder
            else "não tem artigos no texto lido (só a epígrafe e a ementa)")
    yield _problem(ctx, "alvo-sem-artigos", f"{ctx.label} {what}: nada do que a instrução altera pode ser "
                   "aplicado a ela; confira a norma citada e o texto do acervo", ctx.automatic[0])


@gate("revogacao-com-alteracao-posterior", "nenhum ato posterior altera a norma revogada inteira")
def _revoked_then_amended(ctx: Context) -> Iterator[Problem]:
    """A whole-act revocation read from the act's text, while another act of this norm, dated
    after it, still changes its text (an act that only revokes it again does not count): either the revoking list names the wrong act (a number misprinted
    in a long list of revoked laws) or the later act amends a law already revoked. Both are for a
    person: published as revoked, the norm would vanish from the law in force while the
    legislature still amended it."""
    if ctx.event.date is None:
        return
    total = next((o for o in ctx.automatic if o.kind == "revogacao_total"), None)
    later = sorted(d for d in ctx.amended_on if d > ctx.event.date)
    if total is None or not later:
        return
    yield _problem(ctx, "revogacao-com-alteracao-posterior",
                   f"{ctx.event.act_label or 'o ato'} revoga {ctx.label} inteira em {ctx.event.date}, mas outro ato "
                   f"desta norma, de {later[0]}, é posterior: ou a revogação cita a norma errada, ou o ato "
                   "posterior altera uma norma já revogada; uma pessoa confere e decide", total)


@gate("bloco-unidade-repetida", "o bloco de alteração traz cada unidade uma vez só")
def _unit_twice_in_a_block(ctx: Context) -> Iterator[Problem]:
    """One instruction that gives the same unit two texts ('a) nas vias principais;' and, a line
    below, 'a) nas vias secundárias.'): a letter misprinted, or a passage of the block read
    under the wrong parent. Which text is the unit's, and what the other one is, a person says;
    applying both would keep the last one silently."""
    seen: dict[tuple, Operation] = {}
    for op in ctx.automatic:
        if op.kind not in ("redacao", "acrescimo") or not op.target_id:
            continue
        key = (op.where, op.line, op.target_id)
        if key in seen and (seen[key].text or "") != (op.text or ""):
            yield _problem(ctx, "bloco-unidade-repetida", f"a instrução dá dois textos a {op.target_id} de "
                           f"{ctx.label} no mesmo bloco de alteração: qual é o da unidade (e o que é o outro) "
                           "uma pessoa decide", op)
        seen.setdefault(key, op)


_UNIT_OF_ACT = re.compile(
    r"\bart(?:igo)?s?\.?\s*(?P<art>\d+)\s*(?:[º°o]|\s)?(?:\s*-\s*[A-Z]\b)?"
    r"(?P<between>[^;:\"“”]{0,60}?)"
    r"\bd[oa]s?\s+(?P<act>(?:[A-ZÁÉÍÓÚÂÊÔÃÕÇ][\w.]*)(?:\s+(?:[àa]|à|de|do|da|dos|das|[A-ZÁÉÍÓÚÂÊÔÃÕÇ][\w.]*)){0,5}?)"
    r"\s*(?:n[º°o.]*\s*º?|n\.\s*º|n[úu]mero)\s*(?P<num>\d[\d.]*)(?:\s*/\s*(?P<year>\d{2,4}))?")
"""'o art. 4º da Emenda nº 7', 'art. 2º, § 1º, da Lei Complementar nº 41/2009': an artigo named
with the act it is of (type words and number, as printed; the type words are not checked
against a list: 'Emenda nº 7', 'Ato da Mesa nº 2' are acts too)."""
_OTHER_ACT_WORDS = re.compile(r"\b(?:desta|deste|da\s+presente|do\s+presente)\b", re.IGNORECASE)


def _year(text: str | None) -> int | None:
    if not text:
        return None
    y = int(text)
    return y + (2000 if y < 50 else 1900) if y < 100 else y


def _base_year(base: Norma) -> int | None:
    return int(base.data[:4]) if base.data else None


@gate("alvo-outro-ato", "a instrução altera a norma que ela nomeia")
def _names_another_act(ctx: Context) -> Iterator[Problem]:
    """An instruction that names the artigo it changes as another act's ('o art. 4º da Emenda
    nº 7', 'o art. 2º da Lei nº 3.000') changes that act, never the base: when none of the acts
    it names that artigo with is the base, the operation is refused (whatever put it on the
    base: a citation the recogniser could not read, the ementa, the BASE of the command line).
    An artigo named with another number is context ('nos termos do art. 30 da Lei Federal nº
    8.742'), and an operation an amending act's text carried here (``via``) is the through
    rule's."""
    base = ctx.base
    if base is None or not base.numero:
        number = ""
    else:
        number = _number(base.numero)
    for op in ctx.automatic:
        art = _article_of(op.target_id)
        if art is None or op.via:
            continue
        named: list[tuple[str, str, int | None]] = []
        for m in _UNIT_OF_ACT.finditer(op.source):
            if f"art{int(m.group('art'))}" != re.sub(r"-.*", "", art) or _OTHER_ACT_WORDS.search(m.group("between")):
                continue
            named.append((" ".join(m.group("act").split()), _number(m.group("num")), _year(m.group("year"))))
        if not named:
            continue
        year = _base_year(base) if base is not None else None
        if any(n == number and (y is None or year is None or y == year) for _, n, y in named):
            continue
        acts = "; ".join(f"{w} nº {n}" + (f"/{y}" if y else "") for w, n, y in dict.fromkeys(named))
        yield _problem(ctx, "alvo-outro-ato",
                       f"a instrução cita o {_unit_label(art)} d{_article_word(named[0][0])} {acts}, não de "
                       f"{ctx.label}: a alteração é daquele ato, não desta norma; confira a que norma ela se dirige",
                       op)


_DESCRIPTION = re.compile(
    r"^\s*[,(\"“]*\s*(?:de\s+[^,;:]{3,40}?,\s*)?(?:que|a\s+qual|o\s+qual)\s+"
    r"(?!passa|ter[áa]|fica|ficar|dever|ser[áa]|vigor|foi|foram|altera|alterou|modific|d[áa]\s+nova|acrescent)"
    r"(?P<d>[^;:\"”)]{10,300})", re.IGNORECASE)
"""', que dispõe sobre …', ', que institui …' after an act citation: the act's description."""
_STOP = frozenset(
    "a o as os de da do das dos e em no na nos nas para por com que sobre ao aos outras outros "
    "providencias dispoe municipio municipal lei um uma se sua seu suas seus pelo pela pelos pelas "
    "como ou nao mais entre sem ate".split())


def _content_words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]{3,}", _fold(text)) if w not in _STOP}


def _base_words(base: Norma) -> set[str]:
    """The content words of the base's ementa and text."""
    def make() -> set[str]:
        parts = [base.ementa or "", base.epigrafe or ""]
        parts += [d.text or "" for d in base.dispositivos()]
        return _content_words(" ".join(parts))
    return _memo(base, "words", make)


def _descriptions(ctx: Context) -> list[tuple[str, Operation | None]]:
    """Descriptions of the target printed right after a citation of it (in the instruction,
    or in the act's ementa): ('dispõe sobre …', the operation whose instruction prints it)."""
    out: list[tuple[str, Operation | None]] = []
    refs = {(o.target_act.tipo, o.target_act.numero) for o in ctx.automatic if o.target_act and o.target_act.numero}
    texts: list[tuple[str, Operation | None]] = [(o.source, o) for o in ctx.automatic]
    if ctx.act is not None and ctx.act.ementa:
        texts.append((ctx.act.ementa, None))
    seen: set[str] = set()
    for text, op in texts:
        if text in seen:
            continue
        seen.add(text)
        for c in _acts_in(text):
            if c.act is None or (c.act.tipo, c.act.numero) not in refs:
                continue
            m = _DESCRIPTION.match(text[c.end:])
            if m:
                desc = _MAIN_VERB.split(m.group("d"), 1)[0].strip(" ,")
                out.append((desc, op))
    return out


_MAIN_VERB = re.compile(
    r",\s*(?:passa|passam|passar[áa]o?|fica|ficam|ter[áa]o?|vigorar[áa]|deve|devem)\b|,\s*(?:d[êe]\s*-\s*se|acrescent)",
    re.IGNORECASE)
"""Where the instruction's own verb starts after a description ('…, que dispõe sobre feiras, passa a
vigorar …'): the description ends there."""
_CONFIRMS, _CONTRADICTS = 0.5, 0.34
"""Share of a cited description's content words found in the base (its ementa and its text)
from which it confirms the base, and under which it contradicts it."""


def _coverage(words: set[str], base_words: set[str]) -> float:
    return len(words & base_words) / len(words) if words else 0.0


def _base_dates(base: Norma) -> set[str]:
    dates = {d for d in (base.data, base.publicacao, base.vigencia) if d}
    if base.epigrafe:
        d = epigrafe_date(base.epigrafe)
        if d:
            dates.add(d)
    for line in [*base.fecho, *base.preambulo]:
        d = parse_date(line)
        if d:
            dates.add(d)
    return dates


def _matter_confirms(ctx: Context, base_words: set[str]) -> bool:
    """The content of the act confirms the base: a description it prints of the target is
    mostly the base's words, or the new wordings of units the base has mostly share the
    words of the wordings they replace."""
    if any(_coverage(_content_words(d), base_words) >= _CONFIRMS for d, _ in _descriptions(ctx)):
        return True
    assert ctx.base is not None
    units = _units(ctx.base)
    shared = []
    for op in ctx.automatic:
        if op.kind != "redacao" or not op.text or not op.target_id:
            continue
        d = units.get(_resolve(op.target_id, units))
        if d is None:
            continue
        old = _content_words(d.head_text if d.kind is Kind.ARTIGO else d.text or "")
        new = _content_words(op.text)
        if old and new:
            shared.append(len(old & new) / min(len(old), len(new)))
    return bool(shared) and sum(shared) / len(shared) >= _CONFIRMS


def _unit_label(i: str) -> str:
    try:
        lid = LexId.parse(i)
        return label_for(lid.kind, lid.number, unico=lid.is_unico)
    except (ValueError, KeyError):
        return i


_WORD_OF_KIND = {"inciso": "inciso", "alinea": "alínea", "item": "item"}


def human(i: str | None) -> str:
    """A unit's id as a clerk reads it: 'art3_cpt_inc2_ali1' → 'alínea a) do inciso II do Art. 3º
    (art3_cpt_inc2_ali1)'; an id it cannot read stays as it is."""
    if not i or i == EMENTA:
        return "a ementa" if i == EMENTA else "?"
    try:
        lid = LexId.parse(i)
        parts = []
        for step in lid.lineage:
            if step.kind == "caput":
                continue
            label = label_for(step.kind, step.number, unico=step.is_unico)
            parts.append(f"{_WORD_OF_KIND[step.kind]} {label}" if step.kind in _WORD_OF_KIND else label)
    except (ValueError, KeyError, AttributeError, TypeError):
        return i
    return " do ".join(reversed(parts)) + f" ({i})" if parts else i


def _article_word(act_words: str) -> str:
    """'a' or 'o' before an act's type ('da Emenda', 'do Decreto')."""
    first = _fold(act_words.split()[0]) if act_words else ""
    return "o" if first in ("decreto", "ato", "regimento", "codigo", "estatuto", "plano") else "a"


_NAME_STOP = frozenset("do da de dos das municipio municipal camara".split())


def _names_base(name: str, base: Norma) -> bool:
    """A norm cited by name ('Lei Orgânica do Município', 'Código Tributário Municipal') is the
    base when the base's type, epígrafe, title or ementa carries the name's words."""
    words = {w for w in re.findall(r"[a-z]{3,}", _fold(name)) if w not in _NAME_STOP}
    heads = [d.text[:300] for d in base.documentos if _fold(d.tipo).startswith("cabec")]  # a heading not read as epígrafe
    own = set(re.findall(r"[a-z]{3,}", _fold(" ".join(
        [(base.tipo or "").replace(".", " "), base.epigrafe or "", base.titulo or "", base.ementa or "", *heads]))))
    return bool(words) and words <= own


@gate("alvo-nao-nomeado", "a norma alterada é a que a instrução nomeia, não a BASE suposta")
def _base_by_default(ctx: Context) -> Iterator[Problem]:
    """An operation put on the norm given on the command line (BASE) because the instruction
    names its norm only by a name the resolver does not know ('a Lei Orgânica do Município'), or
    does not name it at all (nor the ementa, nor the preâmbulo): the name must be the base's
    (its type, title or ementa); a norm named by nobody is a guess, and a person confirms it."""
    base = ctx.base
    if base is None:
        return
    for op in ctx.automatic:
        if op.target_act is not None or op.via:
            continue
        texts = [op.source] + ([ctx.act.ementa] if ctx.act is not None and ctx.act.ementa else [])
        names = [c.act.nome for t in texts for c in _acts_in(t) if c.act is not None and c.act.nome
                 and not c.act.numero]
        if names and any(_names_base(n, base) for n in names):
            continue
        why = (f"cita {names[0]}, que não é o nome de {ctx.label}" if names
               else "não diz qual norma altera (nem o ato, na ementa ou no preâmbulo)")
        yield _problem(ctx, "alvo-nao-nomeado",
                       f"a instrução {why}: a norma BASE indicada foi suposta; confirme que a alteração é dela", op)


_NEAR_DAYS = 90
"""A cited date this close to one of the base's is the same act's (publication, a typo of a day
or a month) when nothing contradicts it."""


def _near(cited: str, dates: set[str], years: set[int]) -> bool:
    """The cited date is near one of the base's: at most :data:`_NEAR_DAYS` apart; or the same
    day and month a year off (a typo of the year); or, in the year the base's number carries
    ('Lei nº 2.477/2004' whose fecho says 2003), near that date's day and month."""
    try:
        c = date.fromisoformat(cited)
    except ValueError:
        return False
    for d in dates:
        try:
            b = date.fromisoformat(d)
        except ValueError:
            continue
        if abs((c - b).days) <= _NEAR_DAYS or ((c.month, c.day) == (b.month, b.day) and abs(c.year - b.year) == 1):
            return True
        if c.year in years:
            try:
                moved = b.replace(year=c.year)
            except ValueError:
                continue
            if abs((c - moved).days) <= _NEAR_DAYS:
                return True
    return False


@gate("alvo-data-divergente", "a data citada da norma alterada é a dela")
def _cited_date(ctx: Context) -> Iterator[Problem]:
    """'a Lei nº 1.217, de 22 de dezembro de 1989' where the base is of 12 December: the number
    alone does not make the act the same. The cited date is the base's when it is any date the
    base's text gives (signature, epígrafe, fecho, publication). A date near one of them (the
    publication's, a typo of a day, a month or a year: see :func:`_near`), or any date when the
    act's own matter confirms the base (a description it prints of the target that is the
    base's, or new wordings that share most words with the ones they replace), is only said (a
    notice); a date far off that nothing confirms holds the act for a person. (A description
    that contradicts the base holds it in any case: ``alvo-descricao-divergente``.)"""
    base = ctx.base
    if base is None:
        return
    cited = {o.target_act.data: o for o in ctx.automatic if o.target_act is not None and o.target_act.data}
    dates = _base_dates(base)
    if not cited or not dates:
        return
    wrong = {d: o for d, o in cited.items() if d not in dates}
    if not wrong:
        return
    m = _NUMBER_YEAR.search(base.epigrafe or "")
    years = {y for y in (_year(m.group("y")) if m else None,) if y}
    have = ", ".join(sorted(dates))
    for d, op in wrong.items():
        if _near(d, dates, years):
            yield _problem(ctx, "alvo-data-divergente",
                           f"a instrução cita {ctx.label} com a data {d}, e a norma do acervo é de {have}: datas "
                           "próximas (a da publicação, ou erro de digitação), mesmo número (aplicada); confira a data",
                           op, blocking=False)
        elif _matter_confirms(ctx, _base_words(base)):
            yield _problem(ctx, "alvo-data-divergente",
                           f"a instrução cita {ctx.label} com a data {d}, e a norma do acervo é de {have}; a matéria "
                           "do ato confirma que é a mesma norma (aplicada): confira a data", op, blocking=False)
        else:
            yield _problem(ctx, "alvo-data-divergente",
                           f"a instrução cita {ctx.label} com a data {d}, mas a norma do acervo é de {have}, e nada no "
                           "ato confirma que é a mesma: confira se a instrução se dirige a esta norma", op)


@gate("alvo-descricao-divergente", "a descrição citada da norma alterada é a dela")
def _cited_description(ctx: Context) -> Iterator[Problem]:
    """'a Lei nº 2.706, que dispõe sobre o Programa de Incentivo à Formação Universitária' where
    the base declares an association of public utility: a description of the target that the
    base's ementa and text hardly share (accents, case and spelling variants aside, at most a
    third of its words) is another act's; a person decides."""
    base = ctx.base
    descriptions = _descriptions(ctx) if base is not None else []
    if not descriptions:
        return
    assert base is not None
    words = _base_words(base)
    for desc, op in descriptions:
        mine = _content_words(desc)
        if len(mine) < 3 or _coverage(mine, words) >= _CONTRADICTS:
            continue
        yield _problem(ctx, "alvo-descricao-divergente",
                       f"o ato descreve a norma alterada como “{desc[:120]}”, o que não é a matéria de {ctx.label} "
                       f"(ementa: “{(base.ementa or '')[:100]}”): confira se a instrução se dirige a esta norma",
                       op, source=None if op is not None else (ctx.act.ementa if ctx.act else ""))


@gate("alvo-instrucao-de-ato-alterador", "a unidade alterada não é instrução nem vigência de outro ato alterador")
def _amending_act_unit(ctx: Context) -> Iterator[Problem]:
    """The base is itself an amending act, and the operation changes one of its instructions
    ('Dê-se ao art. 1º da Lei A …', whose wording is A's) or its vigência clause (when its
    amendments take effect): a new wording there changes another norm, or the date its changes
    hold; the applier would only rewrite the words. A person decides (an operation the through
    rule carried to the other norm, ``via``, is not here)."""
    base = ctx.base
    if base is None:
        return
    units = _units(base)
    memo: dict[str, bool] = {}

    def instruction(i: str) -> bool:
        if i not in memo:
            d = units[i]
            memo[i] = d.kind is not Kind.ARTIGO and _is_instruction(d)
        return memo[i]

    for op in ctx.automatic:
        tid = op.target_id
        if not tid or op.via or op.kind not in ("redacao", "revogacao", "renumeracao", "inclusao"):
            continue
        tid = _resolve(tid, units)
        near = [i for i in _by_article(base).get(tid.split("_")[0], ())
                if (_within(tid, i) or _within(i, tid)) and instruction(i)]
        hit = next((i[:-4] if i.endswith("_cpt") else i for i in near), None)
        if hit is not None and op.kind != "inclusao":
            unit = units.get(hit + "_cpt") or units.get(hit)
            text = " ".join(((unit.text if unit is not None else "") or "").split())
            yield _problem(ctx, "alvo-instrucao-de-ato-alterador",
                           f"o dispositivo {human(hit)} de {ctx.label} é uma instrução que altera outra norma (“{text[:100]}”): mudar a sua "
                           "redação muda a alteração que ela fez, não só este texto; decida a que norma a mudança se "
                           "aplica", op)
        elif op.kind == "redacao" and VIGENCIA.search(op.text or "") and any(
                _within(tid, v) for v in _vigencia_articles(base)):
            yield _problem(ctx, "alvo-instrucao-de-ato-alterador",
                           f"o dispositivo {human(_article_of(tid))} de {ctx.label} é a cláusula de vigência de um ato que altera outras "
                           "normas: a nova redação muda quando as alterações dele valem; decida como registrar",
                           op)


def _vigencia_articles(base: Norma) -> set[str]:
    return {a.id for a in base.artigos() if final_clause_kind(a) == "vigencia" or VIGENCIA.search(a.head_text)}


_REVOKES = re.compile(r"\brevogad[oa]s?\b|\brevoga(?:m)?\s*-\s*se\b|\bsuprim\w+", re.IGNORECASE)


def _is_instruction(d: Dispositivo) -> bool:
    """A unit of an act that amends another norm: it brings quoted text, or names another act's
    unit with a verb of the drafting formulas (a revocation included: 'revogados … os arts. 42 a
    48 da Lei Complementar nº 57'). A unit that only cites another act's unit ('nos termos do
    artigo 139 da Lei Federal nº 8.069/90, com nova redação dada pela …') is not one."""
    if d.alteracoes:
        return True
    text = d.text or ""
    return amends(d) and (phrases.classify(text) is not None or bool(_REVOKES.search(text)))


# --- a new wording targets a unit that exists; an inclusion one that does not ------------------

def _existing(base: Norma) -> set[str]:
    return set(_units(base))


def _named_roots(op: Operation) -> list[str]:
    """The units the instruction's text names (its citations), as ids."""
    return [i for c in _citations_in(op.source) if c.ids and not c.proprio for i in c.ids]


_DECLARES_INCLUSION = re.compile(
    r"\bacr[ée]scimo\b|\bacrescid[oa]s?\b|\bacrescent\w*|\bacres[çc]\w*|\binclus[ãa]o\b|\binclu[ií]d[oa]s?\b"
    r"|\binclu(?:a|am|i|em)\b|\binserid[oa]s?\b|\binser(?:e|ção|ir)\b"
    r"|\bter[áa]o?\s+(?:um|uma|o|a|os|as|mais)\s+(?:novos?\s+|novas?\s+)?(?:par[áa]grafo|§|incisos?|al[íi]neas?|itens?|artigos?)",
    re.IGNORECASE)
"""Words by which an instruction says it adds units ('com o acréscimo do Parágrafo Único', 'o
artigo quatorze terá um parágrafo único, com a seguinte redação')."""


@gate("redacao-de-inexistente", "a nova redação é de uma unidade que existe")
def _wording_of_missing(ctx: Context) -> Iterator[Problem]:
    """New wording of a unit the base does not have at that date (its earlier amendments and
    this act's operations before it applied) is not an inclusion unless the instruction says
    so: the inclusion that created it may be pending, or the citation misread ('Os artigos, 16,
    17 …' creating articles; 'dê-se à Lei nº … a seguinte redação' creating the articles the new
    text has and the old one had not). It is an inclusion when the instruction declares one
    ('com as seguintes alterações', 'acrescido', 'com o acréscimo de', 'terá um parágrafo
    único'), when the unit is quoted inside a unit this act writes (a new § in the artigo given
    new wording), or when it is the § 1º a parágrafo único becomes."""
    base = ctx.base
    if base is None:
        return
    exists = _existing(base)
    written: list[str] = []
    for op in ctx.automatic:
        tid = op.target_id
        if not tid or tid == EMENTA or op.unit_kind in _AGRUPADOR_KINDS:
            continue
        if op.kind == "renumeracao" and op.new_id:
            old = _resolve(tid, exists)
            moved = {i for i in exists if _within(i, old)}
            exists = (exists - moved) | {op.new_id + i[len(old):] for i in moved}
            continue
        full = _resolve(tid, exists)
        if op.kind == "inclusao":
            exists.add(full)
            written.append(full)
            continue
        if op.kind != "redacao" or op.container:
            continue
        if full in exists or (full + "_cpt") in exists or not full.startswith("art"):
            written.append(full)
            continue  # (a unit cited without its artigo: the applier finds it or asks)
        art = full.split("_")[0]
        declared = (phrases.is_generic(op.source) or bool(_DECLARES_INCLUSION.search(op.source))
                    or any(full.startswith(w + "_") for w in written)
                    or (op.lenient and any(full.startswith(r + "_") and (r in exists or r + "_cpt" in exists)
                                           for r in _named_roots(op)))
                    or (full == f"{art}_par1" and f"{art}_par1u" in exists and op.implicit_renumbering))
        exists.add(full)
        written.append(full)
        if declared:
            continue
        yield _problem(ctx, "redacao-de-inexistente",
                       f"a instrução dá nova redação ao dispositivo {human(full)}, que {ctx.label} não tem nesta data, e não declara "
                       "inclusão (o ato que o incluiu pode estar pendente, ou a citação foi mal lida); decida se é "
                       "inclusão ou outro dispositivo", op)


_AGRUPADOR_KINDS = {"parte", "livro", "titulo", "capitulo", "secao", "subsecao"}


# --- insertion and renumbering, read together ------------------------------------------------------

_RENUMBERING_WORDS = re.compile(
    r"\b(?:re|r)?[nm]u?mer(?:a|e|o)(?:m|d[oa]s?|ndo|r|[çc][ãa]o)?(?:\s*-\s*se)?\b"
    r"|\bpassa(?:m|r[áa]|r[ãa]o)?\s+(?:a\s+)?(?:ser|constituir|figurar)\s+(?:como\s+)?(?:o|a|os|as)?\s*"
    r"(?:art(?:igo)?s?\b|§|par[áa]grafo|incisos?\b|al[íi]neas?|itens?\b)"
    r"|\blevar[áa]o?\s+o\s+n[úu]mero\b|\bo\s+(?:atual|antigo)\s+(?:art(?:igo)?|§|par[áa]grafo|inciso)\b",
    re.IGNORECASE)
"""How drafters state a renumbering, misspellings included ('renumere-se', 'remunerando-se',
'passa ser o art. 7º', 'o artigo subseqüente levará o número 8', 'o atual art. 5º'), read here
without the recogniser's vocabulary. 'numerada'/'enumerados' alone are not renumberings."""
_NOT_RENUMBERING = re.compile(r"\bremunera|\benumer|\bnumerad[oa]s?\s+(?:sequencial|de\s+\d)", re.IGNORECASE)


def _states_renumbering(text: str) -> bool:
    for m in _RENUMBERING_WORDS.finditer(text):
        word = m.group(0).lower()
        if re.match(r"(?:remunera|enumer|numer[ao]\b|numerad)", word) and not word.startswith("renumer"):
            continue  # 'remuneração', 'enumera', 'numerado': not a renumbering
        return True
    return False


@gate("renumeracao-nao-aplicada", "a renumeração que o ato declara é aplicada com as instruções que dependem dela")
def _renumbering(ctx: Context) -> Iterator[Problem]:
    """Insertion and renumbering are read together. (1) The act gives a unit new wording and
    also renumbers it ('Dê-se ao art. 5º a seguinte redação' and 'o atual art. 5º passa a ser o
    art. 6º'): the instructions of an act take effect together, so the new text is of a new
    art. 5º and the old one moves — or the renumbered unit gets the text; applying one after
    the other erases a provision. (2) An instruction of the act states a renumbering ('o artigo
    subseqüente levará o número 8', 'renumerando-se os demais') that yields no renumbering
    operation: the rewrites and inclusions of the act on this norm assume numbers the base
    does not have. Either way the act's operations on this norm wait for a person."""
    ops = ctx.automatic
    renumbered = {o.target_id: o for o in ops if o.kind == "renumeracao" and o.target_id}
    for op in ops:
        if op.kind == "renumeracao" or not op.target_id:
            continue
        for old, r in renumbered.items():
            if _within(op.target_id, old) and ops.index(op) < ops.index(r):
                yield _problem(ctx, "renumeracao-nao-aplicada",
                               f"o ato dá {_KIND_WORD.get(op.kind, op.kind)} ao dispositivo {human(op.target_id)} e o renumera para "
                               f"{human(r.new_id)}: as instruções valem juntas, e não se sabe se o texto novo é de um "
                               f"dispositivo inserido (o atual passa a ser {_unit_label(r.new_id or '')}) ou do renumerado; decida", op)
                break
    if ctx.act is None or not ops:
        return
    with_renumbering = {o.where for o in ctx.ops if o.kind == "renumeracao"}
    touched = {o.where for o in ops}
    for d in _instruction_units(ctx.act):
        where = d.id[:-4] if d.id.endswith("_cpt") else d.id
        text = " ".join((d.text or "").split())
        if where in with_renumbering or not _states_renumbering(text):
            continue
        if where not in touched and not _cites_target(ctx, text):
            continue
        yield _problem(ctx, "renumeracao-nao-aplicada",
                       f"{d.rotulo or where} declara uma renumeração que não foi reconhecida (“{text[:120]}”): as "
                       f"alterações do ato em {ctx.label} supõem a numeração nova; decida a renumeração",
                       None, where=where, source=d.text or "", line=d.lines[0] if d.lines else None)


_KIND_WORD = {"redacao": "nova redação", "inclusao": "inclusão", "revogacao": "revogação"}


def _instruction_units(act: Norma) -> Iterator[Dispositivo]:
    for art in act.artigos():
        for d in art.walk():
            if d.kind is not Kind.ARTIGO and d.text:
                yield d


def _cites_target(ctx: Context, text: str) -> bool:
    """The text names the target (its type and number), or names no act at all (a unit of the
    norm the act's other instructions amend)."""
    acts = [c.act for c in _acts_in(text) if c.act is not None]
    if not acts:
        return True
    refs = {(o.target_act.tipo, o.target_act.numero) for o in ctx.automatic if o.target_act}
    return any((a.tipo, a.numero) in refs for a in acts)


# --- conditional or deferred effects -----------------------------------------------------------

_CONDITION = re.compile(
    r"\ba\s+partir\s+d(?!a\s+(?:data\s+d[ae]\s+)?(?:sua\s+)?publica|esta\s+data|a\s+vig[êe]ncia\s+desta)"
    r"|\bquando\b|\bn[ãa]o\s+remanesc\w*|\bap[óo]s\b|\benquanto\b|\bdesde\s+que\b|\bat[ée]\s+que\b"
    r"|\bcondicionad[oa]s?\b|\bcaso\s+(?:seja|haja|n[ãa]o)\b|\bdecorrid[oa]s?\b|\ba\s+contar\s+d"
    r"|\bsomente\s+(?:a\s+partir|ap[óo]s|quando)\b|\bno\s+prazo\s+de\b",
    re.IGNORECASE)
"""Words that make an instruction's effect wait for a date or a condition ('a partir de 1º de
janeiro de 2012', 'quando da instalação …', 'não remanescendo servidores …, fica revogada')."""
_CLAUSE_END = re.compile(r"[,;.:]")


def _condition_phrase(text: str, m: re.Match) -> str:
    start = max((x.end() for x in _CLAUSE_END.finditer(text, 0, m.start())), default=0)
    end = _CLAUSE_END.search(text, m.end())
    return " ".join(text[start:end.start() if end else len(text)].split())


@gate("efeito-condicional", "a alteração vale desde já, sem data futura nem condição")
def _conditional(ctx: Context) -> Iterator[Problem]:
    """An instruction whose effect waits for a date or a condition ('Fica revogado o art. 5º a
    partir de 1º de janeiro', 'quando …', 'não remanescendo …, fica revogada', 'após …',
    'enquanto …'): a pending event with its condition, never an immediate change. The act's
    own vigência clause counts for all its instructions: 'Esta Lei entra em vigor em 1º de
    janeiro de 2012', '… produzindo efeitos a partir de 90 dias após a publicação' (a date
    before the act's own, a retroactive effect, changes no wording's start)."""
    seen: set[str] = set()
    for op in ctx.automatic:
        text = " ".join(op.source.split())
        if text in seen:
            continue
        seen.add(text)
        m = _CONDITION.search(text)
        if m is not None:
            cond = _condition_phrase(text, m)
            yield _problem(ctx, "efeito-condicional",
                           f"a instrução faz a alteração depender de uma data ou condição (“{cond}”): fica pendente "
                           "até uma pessoa dizer quando ela passa a valer", op)
    if ctx.act is None or not ctx.automatic:
        return
    for art in ctx.act.artigos():
        text = " ".join(art.head_text.split())
        m = VIGENCIA.search(text) or _EFFECTS.search(text)
        if m is None or _RETROACTIVE.search(text):
            continue
        end = re.search(r"\.(?:\s|$)", text[m.end():])
        deferred = _deferred(text[m.start():m.end() + end.start() if end else len(text)], ctx.event.date)
        if deferred:
            yield _problem(ctx, "efeito-condicional",
                           f"o ato diz quando as suas alterações passam a valer (“{deferred}”), depois da data do "
                           "ato: a nova redação fica pendente até uma pessoa registrar essa data",
                           None, where=None, source=text, line=art.lines[0] if art.lines else None)


_RETROACTIVE = re.compile(r"\bretroa\w*|\bretroativ\w*", re.IGNORECASE)
"""'retroagindo os efeitos …', 'retroativamente a partir de …': the wording changes at publication."""
_EFFECTS = re.compile(r"\bproduz\w*\s+(?:seus\s+)?efeitos\b|\bprodu[çc][ãa]o\s+de\s+efeitos\b|\befeitos\s+a\s+partir\b",
                      re.IGNORECASE)
_DEFERRAL = re.compile(
    r"\b(?:em|a\s+partir\s+d[eoa]s?|ap[óo]s|decorrid[oa]s?|depois\s+de|ao\s+final\s+d[eoa]|no\s+exerc[íi]cio)\s+"
    r"(?!(?:a\s+)?(?:data\s+d[ae]\s+)?(?:sua|da\s+sua|de\s+sua)\s+publica|(?:a\s+)?data\s+d[ae]\s+(?:sua\s+)?publica"
    r"|publica|esta\s+data)(?P<what>[^,;]{3,80})", re.IGNORECASE)


def _deferred(text: str, act_date: str | None) -> str | None:
    """The deferral a vigência clause states, when it is one ('em 01 de janeiro de 2012', 'a
    partir do prazo de 90 dias após a publicação'); None for 'na data de sua publicação' or a
    retroactive date."""
    for m in _DEFERRAL.finditer(text):
        what = m.group(0)
        date = parse_date(what)
        if date is not None:
            if act_date is not None and date <= act_date:
                continue  # retroactive: the wording changes at publication
            return " ".join(what.split())
        if re.search(r"\d+\s*(?:\([^)]*\)\s*)?(?:dias|meses|anos)\b|\bexerc[íi]cio\s+(?:seguinte|subsequente)"
                     r"|\bregulament", what, re.IGNORECASE):
            return " ".join(what.split())
    return None


# --- partial-text and non-textual instructions --------------------------------------------------

_PARTIAL = re.compile(
    r"\bna\s+parte\s+(?:em\s+)?(?:que|final|inicial|relativa|referente|onde)\b|\ba\s+parte\s+(?:final|inicial)\b"
    r"|\b(?:a|as)\s+express(?:[ãa]o|[õo]es)\b|\bonde\s+se\s+l[êe]\b|\bleia\s*-\s*se\b|\b(?:a|as)\s+palavras?\b"
    r"|\b(?:o|os)\s+termos?\s+[\"“']|\bsubstitui(?:ndo)?\s*-\s*se\b[^.]{0,120}\bpor\b"
    r"|\b(?:da|na|a)\s+tabela\b|\b(?:do|no|o)\s+quadro\b|\b(?:da|na|a)\s+(?:linha|coluna)\b"
    r"|\b(?:do|no|o|ao|os|aos|dos|nos)\s+[\"“]?anexos?\b",
    re.IGNORECASE)
"""An instruction that changes part of a unit's text ('na parte em que …', 'a parte final do
art. 5º', 'a expressão …', 'onde se lê … leia-se …') or a table, a chart, an annex: no
operation replaces a whole unit's wording for it."""


@gate("texto-parcial", "a instrução troca a redação inteira da unidade, não um trecho, uma tabela ou um anexo")
def _partial(ctx: Context) -> Iterator[Problem]:
    """A new wording (or inclusion) of a whole unit read from an instruction that changes
    only part of a text or something that is not one (a table row, an annex); and a unit whose
    quoted text opens with dots and goes on ('Art. 24 ... Acrescenta-se:', reported by
    recognition as ``redacao-parcial``): the drafter changed part of it, which the tool does not
    apply. A person decides."""
    seen: set[str] = set()
    for op in ctx.automatic:
        if op.kind not in ("redacao", "inclusao") or op.target_id in (None, EMENTA) or op.container:
            continue
        if op.unit_kind in _AGRUPADOR_KINDS or op.source in seen:
            continue
        m = _PARTIAL.search(op.source)
        if m is None:
            continue
        seen.add(op.source)
        yield _problem(ctx, "texto-parcial",
                       f"a instrução fala de “{_condition_phrase(op.source, m)}”: altera parte de um texto, uma "
                       "tabela ou um anexo, e a operação trocaria a redação inteira de "
                       f"o dispositivo {human(op.target_id)}; aplique à mão ou registre a decisão", op)
    urns = [ctx.target_urn, *{o.target_urn for o in ctx.ops}]
    for p in ctx.problems:
        if p.code == "redacao-parcial" and p.concerns(urns):
            yield _problem(ctx, "texto-parcial",
                           f"{p.message}; a instrução altera só um trecho, que não é aplicado: aplique à mão ou "
                           "registre a decisão", None, where=p.where, source=p.source, line=p.line)


_VETOED = re.compile(r"^\W*\(?\s*vetad[oa]s?\s*\)?\W*$", re.IGNORECASE)


@gate("redacao-vetada", "o texto novo não é um veto")
def _vetoed(ctx: Context) -> Iterator[Problem]:
    """A quoted unit whose text is 'VETADO' ('§ 1º VETADO.'): a vetoed provision does not enter
    into force, so the wording in force stays; applied as a new wording, the word 'VETADO'
    would erase it. A person decides (usually: nothing changes in that unit)."""
    for op in ctx.automatic:
        if op.kind in ("redacao", "inclusao") and op.text and _VETOED.match(op.text):
            yield _problem(ctx, "redacao-vetada",
                           f"o texto entre aspas do dispositivo {human(op.target_id)} é “{op.text.strip()}”: dispositivo vetado não entra "
                           "em vigor, e a redação em vigor continua; decida (em geral, nada muda nele)", op)


@gate("instrucoes-conflitantes", "duas instruções do ato não dão redações diferentes à mesma unidade")
def _conflicting(ctx: Context) -> Iterator[Problem]:
    """Two instructions of the same act give the same unit different wordings ('Dê-se ao art. 12
    da Lei A …' and, later, 'o art. 12 da Lei B, que altera a Lei A, …'): the act contradicts
    itself, and applying both in sequence would choose the last one silently."""
    seen: dict[str, Operation] = {}
    for op in ctx.automatic:
        if op.kind != "redacao" or not op.text or not op.target_id or op.container or phrases.is_omissis(op.text):
            continue
        first = seen.setdefault(op.target_id, op)
        if first is not op and first.where != op.where and _plain(first.text) != _plain(op.text):
            yield _problem(ctx, "instrucoes-conflitantes",
                           f"o ato dá duas redações diferentes ao dispositivo {human(op.target_id)} ({first.where}: “{(first.text or '')[:60]}”; "
                           f"{op.where}: “{op.text[:60]}”): decida qual vale", op)


# --- chains: an earlier act of this norm left pending -------------------------------------------

@gate("alteracao-anterior-pendente", "a alteração não se apoia numa alteração anterior pendente")
def _earlier_pending(ctx: Context) -> Iterator[Problem]:
    """An earlier act of this norm is pending a decision, and this act builds on what it would
    have done: it changes (or includes again) a unit that the pending act includes, or a unit
    inside one; or one of the two renumbers units the other names. Applying it over the text
    without the pending act gives a text that was never in force (an inciso given new wording
    before the act that includes it; a renumbering that skips the incisos a pending act added).
    A new wording or revocation of a unit a pending act only gave new wording to does not
    depend on it (the later wording replaces the earlier one), and stays applied — unless that
    act has no date: then which of the two comes last is not known, and any act of the norm that
    changes the same units (or units inside them) waits."""
    for op in ctx.automatic:
        tid = op.target_id
        if not tid or tid == EMENTA or op.kind == "revogacao_total":
            continue
        for label, other in ctx.undated:
            hit = next((p.target_id for p in other if p.target_id and p.target_id != EMENTA
                        and (_within(tid, p.target_id) or _within(p.target_id, tid))), None)
            if hit is not None:
                yield _problem(ctx, "alteracao-anterior-pendente",
                               f"{label}, sem data, também altera o dispositivo {human(hit)}: não se sabe qual das duas alterações vale por "
                               "último; decida a data daquela antes", op)
                break
    if not ctx.earlier_pending:
        return
    for op in ctx.automatic:
        tid = op.target_id
        if not tid or tid == EMENTA or op.kind == "revogacao_total":
            continue
        for label, pending in ctx.earlier_pending:
            hit = next((p.target_id for p in pending if _builds_on(op, p)), None)
            if hit is not None:
                yield _problem(ctx, "alteracao-anterior-pendente",
                               f"{label}, anterior a este ato e pendente de decisão, "
                               f"{'renumera' if 'renumeracao' in (op.kind, _kind_of(pending, hit)) else 'inclui'} "
                               f"o dispositivo {human(hit)}, em que esta alteração se apoia: aplicá-la sem aquela daria um texto que nunca "
                               "esteve em vigor; decida aquela antes", op)
                break


def _kind_of(ops: list[Operation], tid: str) -> str:
    return next((o.kind for o in ops if o.target_id == tid), "")


def _builds_on(op: Operation, pending: Operation) -> bool:
    tid, pid = op.target_id or "", pending.target_id or ""
    if not pid or pid == EMENTA:
        return False
    if pending.kind == "inclusao" and _within(tid, pid) and tid != pid:
        return True  # (the same unit given a wording here: whether that includes it is the gate above's)
    renumbering = "renumeracao" in (op.kind, pending.kind)
    return renumbering and (_within(tid, pid) or _within(pid, tid)
                            or (pending.new_id is not None and _within(tid, pending.new_id)))


# --- the amending act's date ------------------------------------------------------------------------

_NUMBER_YEAR = re.compile(r"\bN\s*[.º°o]*\s*[º°]?\s*\.?\s*\d[\d.]*\s*/\s*(?P<y>\d{4}|\d{2})\b", re.IGNORECASE)


@gate("ato-sem-data", "o ato alterador tem uma data certa")
def _act_date(ctx: Context) -> Iterator[Problem]:
    """The order in which acts change a norm is the order of their dates, and each wording is in
    force from its act's date. An amending act without a date cannot be placed: a person says
    its date. When its dates disagree (the year its number carries, 'Nº 15/2004', and a fecho of
    2003; an epígrafe of 23/12 and a fecho of 23/11), the act waits only if another act of the
    same norm falls between them (the order is then in doubt); otherwise the disagreement is
    said (a notice)."""
    if not ctx.automatic:
        return
    act = ctx.act
    label = ctx.event.act_label or "o ato"
    if ctx.event.date is None:
        yield _problem(ctx, "ato-sem-data", f"{label} não tem data no texto lido: a ordem das alterações desta "
                       "norma e a data desde quando valem dependem dela; informe a data do ato", None, where=None)
        return
    if act is None:
        return
    why = [c for c in conflicts(act) if "numera" not in c]
    spans = [(ctx.event.date, ctx.event.date)]
    for d in (epigrafe_date(act.epigrafe or "") if act.epigrafe else None, *(parse_date(f) for f in act.fecho)):
        if d:
            spans.append((d, d))
    m = _NUMBER_YEAR.search(act.epigrafe or "")
    if m is not None and _year(m.group("y")) != int(ctx.event.date[:4]):
        y = _year(m.group("y"))
        why.append(f"o número do ato traz o ano {y} e a data usada é de {ctx.event.date[:4]}")
        spans.append((f"{y}-01-01", f"{y}-12-31"))
    if not why:
        return
    low, high = min(a for a, _ in spans), max(b for _, b in spans)
    between = sorted(d for d in ctx.other_dates if low <= d <= high)
    message = f"as datas de {label} não concordam (" + "; ".join(why) + ")"
    if between:
        yield _problem(ctx, "ato-sem-data", f"{message}, e outro ato desta norma é de {between[0]}, entre elas: a "
                       "ordem das alterações depende da data; confirme-a", None, where=None)
    else:
        yield _problem(ctx, "ato-sem-data", f"{message}: nenhum outro ato desta norma fica entre elas, e a "
                       "alteração foi aplicada com a data usada; confira", None, where=None, blocking=False)


# --- verification after applying ------------------------------------------------------------------

def _snapshot(norma: Norma) -> dict[str, tuple[str, Situacao, str | None]]:
    return _memo(norma, "snapshot", lambda: {d.id: (" ".join((d.text or "").split()), d.situacao, d.rotulo)
                                             for d in _units(norma).values() if d.kind is not Kind.ARTIGO})


def _roots(ctx: Context, before_ids: set[str]) -> tuple[set[str], set[str]]:
    """The units the act's operations may change (each with what is inside it), and those
    where they may add units."""
    change: set[str] = set()
    add: set[str] = set()
    for op in ctx.ops:
        if not op.target_id or op.target_id == EMENTA or op.unit_kind in _AGRUPADOR_KINDS:
            continue
        tid = _resolve(op.target_id, before_ids)
        change.add(tid)
        if op.kind == "inclusao" or op.lenient or op.copy_of or (op.kind == "redacao" and tid not in before_ids):
            add.add(tid)  # (a new wording of a unit the base lacks: the gate before said whether it includes)
        if op.kind == "renumeracao" and op.new_id:
            new = op.new_id if op.new_id.startswith("art") or not tid.startswith("art") else \
                tid.rsplit("_", 1)[0] + "_" + op.new_id.rsplit("_", 1)[-1]
            change.add(new)
            add.add(new)
        if op.kind == "inclusao" and op.unit_kind == "paragrafo" and op.implicit_renumbering:
            art = tid.split("_")[0]
            change |= {f"{art}_par1u", f"{art}_par1"}
            add.add(f"{art}_par1")
    return change, add


def _under(i: str, roots: set[str]) -> bool:
    if i.endswith("_cpt"):
        i = i[:-4]
    return any(_within(i, r) or (r.endswith("_cpt") and _within(i, r[:-4])) for r in roots)


@gate("verificacao-alcance", "nenhuma unidade fora das citadas mudou", AFTER)
def _scope(ctx: Context, after: Norma) -> Iterator[Problem]:
    """After applying: every unit whose text, situation or rótulo changed, or that disappeared,
    is one the operations name (or inside one)."""
    if ctx.base is None:
        return
    before, now = _snapshot(ctx.base), _snapshot(after)
    change, _ = _roots(ctx, set(before))
    stray = sorted(i for i in before if before.get(i) != now.get(i) and not _under(i, change))
    if stray:
        yield _problem(ctx, "verificacao-alcance",
                       f"a aplicação mudou {', '.join(stray[:6])}{'…' if len(stray) > 6 else ''}, que nenhuma "
                       "instrução cita: a aplicação foi desfeita; confira o texto", _first(ctx))


@gate("verificacao-inclusao", "nenhuma unidade nova sem instrução de inclusão", AFTER)
def _added(ctx: Context, after: Norma) -> Iterator[Problem]:
    """After applying: every unit that appeared is one an inclusion (or a new wording that the
    instruction declares may include, or a renumbering) names, or inside one."""
    if ctx.base is None:
        return
    before = set(_units(ctx.base))
    _, add = _roots(ctx, before)
    new = sorted(i for i in _units(after) if i not in before and not _under(i, add))
    if new:
        yield _problem(ctx, "verificacao-inclusao",
                       f"a aplicação criou {', '.join(new[:6])}{'…' if len(new) > 6 else ''} sem instrução de "
                       "inclusão: a aplicação foi desfeita; confira se o ato inclui esses dispositivos", _first(ctx))


def _first(ctx: Context) -> Operation | None:
    return ctx.automatic[0] if ctx.automatic else (ctx.ops[0] if ctx.ops else None)


def _final_ids(ctx: Context, before_ids: set[str]) -> dict[int, str]:
    """For each operation (by position), the id its unit has after the act's renumberings."""
    out: dict[int, str] = {}
    for k, op in enumerate(ctx.ops):
        if not op.target_id:
            continue
        tid = _resolve(op.target_id, before_ids)
        for later in ctx.ops[k + 1:]:
            if later.kind == "renumeracao" and later.target_id and later.new_id:
                old = _resolve(later.target_id, before_ids)
                if _within(tid, old):
                    new = later.new_id if later.new_id.startswith("art") else \
                        old.rsplit("_", 1)[0] + "_" + later.new_id.rsplit("_", 1)[-1]
                    tid = new + tid[len(old):]
        out[k] = tid
    return out


@gate("verificacao-texto", "o texto de cada bloco entre aspas está onde a operação o pôs", AFTER)
def _texts_in_place(ctx: Context, after: Norma) -> Iterator[Problem]:
    """After applying: the unit each new wording or inclusion went to holds that text (the
    last operation of the act on a unit wins; a unit the act then revokes is left out)."""
    if ctx.base is None:
        return
    before_ids = set(_units(ctx.base))
    units = _units(after)
    final = _final_ids(ctx, before_ids)
    last: dict[str, int] = {}
    for k, op in enumerate(ctx.ops):
        if k in final:
            last[final[k]] = k
    for tid, k in last.items():
        op = ctx.ops[k]
        if (op.kind not in ("redacao", "inclusao") or op.text is None or op.container or op.copy_of
                or op.unit_kind in _AGRUPADOR_KINDS or tid == EMENTA or phrases.is_omissis(op.text) or decided(op)):
            continue
        d = units.get(tid)
        if d is None:
            yield _problem(ctx, "verificacao-texto", f"depois da aplicação, o dispositivo {human(tid)} não existe em {ctx.label}, onde a "
                           "instrução pôs o texto entre aspas: a aplicação foi desfeita; confira", op)
            continue
        holder = d.caput if d.kind is Kind.ARTIGO and d.caput is not None else d
        if _plain(holder.text) != _plain(op.text) and d.situacao is Situacao.VIGENTE:
            yield _problem(ctx, "verificacao-texto",
                           f"depois da aplicação, o texto do dispositivo {human(tid)} (“{(holder.text or '')[:80]}”) não é o do bloco entre "
                           f"aspas (“{op.text[:80]}”): a aplicação foi desfeita; confira", op)


_HEADING_IN_TEXT = re.compile(
    r"(?:^|[\s.;:])(?:T[ÍI]TULO|CAP[ÍI]TULO|SE[ÇC][ÃA]O|SUBSE[ÇC][ÃA]O|LIVRO)\s+(?:[IVXLCDM]+|\d+|[ÚU]NIC[OA])\b")
"""An agrupador's heading (upper case, numbered) inside a unit's text: a quoted heading glued to
the unit before it ('… art. 37, XVI. SUBSEÇÃO IV DA REALIZAÇÃO DO PLEITO')."""
_INSTRUCTION_IN_TEXT = re.compile(
    r"\b(?:suprim[ae]m?|acrescent[ae]m?|acres[çc]a(?:m)?|revogue(?:m)?|revoga(?:m)?|inclua(?:m)?|exclua(?:m)?"
    r"|renumere(?:m)?|insira(?:m)?)\s*-\s*se\b", re.IGNORECASE)
"""An instruction's verb ('suprime-se', 'Acrescente-se:') inside a new wording: the drafter's
instruction read as text of the norm."""


_SIBLING_LABEL = re.compile(r"[;:.]\s+(?:[a-z]\)|[IVXLC]{1,6}\s*[-–—]|§\s*\d+\s*[º°]?)\s+[A-ZÁÉÍÓÚÂÊÔÃÕÇa-zà-ú]")
"""A unit's label after the end of a clause inside a wording ('… 200 m²; b) fique assegurado …'):
two quoted units read as one."""


def _own_label(op: Operation) -> re.Pattern | None:
    """The unit's own label, as a quoted text may repeat it at its start ('c - que esteve …' for
    the alínea c; '2º Nos Pregões …' for the § 2º)."""
    try:
        lid = LexId.parse(op.target_id or "")
    except (ValueError, KeyError):
        return None
    n = lid.number
    if n is None or lid.is_unico or n.suffixes:
        return None
    if lid.kind == "alinea" and n.value <= 26:
        return re.compile(rf"^\s*{chr(96 + n.value)}\s*[-–—).]\s+\S")
    if lid.kind == "inciso":
        return re.compile(rf"^\s*{int_to_roman(n.value)}\s*[-–—:.]\s+\S")
    if lid.kind in ("paragrafo", "artigo"):
        return re.compile(rf"^\s*(?:§|art(?:igo)?\.?)?\s*{n.value}\s*[º°o]\s+[A-ZÁÉÍÓÚÂÊÔÃÕÇ]", re.IGNORECASE)
    return None


@gate("verificacao-texto-estranho", "nenhum título de agrupador, instrução ou rótulo dentro do texto de um dispositivo",
      AFTER)
def _foreign_text(ctx: Context, after: Norma) -> Iterator[Problem]:
    """After applying: no new wording holds an agrupador's heading (a quoted chapter heading
    glued to the unit before it), an amending instruction ('Parágrafo Único - suprime-se',
    '… ; Acrescente-se: XIX - …'), its own label again ('c) c - que esteve …', '§ 2º 2º Nos
    Pregões …': the quoted label was not read) or another unit's label ('a) … 200 m²; b) fique
    assegurado …': two alíneas read as one): the text of the act, not of the norm."""
    for op in ctx.automatic:
        if op.kind not in ("redacao", "inclusao") or not op.text or op.unit_kind in _AGRUPADOR_KINDS \
                or op.target_id == EMENTA:
            continue
        own = _own_label(op)
        if own is not None and own.search(op.text):
            yield _problem(ctx, "verificacao-texto-estranho",
                           f"o texto novo do dispositivo {human(op.target_id)} começa pelo próprio rótulo (“{op.text[:30]}”): o rótulo do "
                           "texto entre aspas não foi lido, e sairia repetido; confira", op)
            continue
        for rx, what in _FOREIGN:
            m = rx.search(op.text)
            if m is not None:
                yield _problem(ctx, "verificacao-texto-estranho",
                               f"o texto novo do dispositivo {human(op.target_id)} traz {what[0]} (“{op.text[m.start():][:60].strip()}”): "
                               f"{what[1]}; confira", op)
                break


_FOREIGN = (
    (_HEADING_IN_TEXT, ("um título de agrupador", "é o título que vem depois no texto entre aspas, não texto do "
                        "dispositivo")),
    (_INSTRUCTION_IN_TEXT, ("uma instrução de alteração", "é o que o ato manda fazer, não a redação da norma")),
    (_SIBLING_LABEL, ("o rótulo de outro dispositivo", "dois dispositivos entre aspas foram lidos como um")),
)
"""What may sit inside a new wording and is not the norm's text, in the order it is looked for."""


def _number_key(d: Dispositivo) -> tuple | None:
    if d.unico:
        return (1, ())
    n = d.number
    if n is None:
        try:
            n = LexId.parse(d.id).number
        except (ValueError, KeyError):
            return None
    return (n.value, n.suffixes) if n is not None else None


def _order_faults(norma: Norma, holders: set[str]) -> set[tuple[str, str]]:
    """(holder, unit) for units in force whose number does not follow the one before them (of
    the same kind, in the same holder), or that repeat it."""
    faults: set[tuple[str, str]] = set()
    places: list[tuple[str, list]] = [("", norma.articulacao)]
    places += [(d.id, d.children) for d in norma.dispositivos() if d.id in holders]
    for hid, kids in places:
        if hid == "" and "" not in holders:
            continue
        last: dict[str, tuple] = {}
        for c in _flat(kids):
            if c.situacao is not Situacao.VIGENTE and c.kind is not Kind.ARTIGO:
                continue
            key = _number_key(c)
            if key is None:
                continue
            prev = last.get(c.kind.value)
            if prev is not None and key <= prev:
                faults.add((hid, c.id))
            last[c.kind.value] = key
    return faults


_LETTERS_OFTEN_SKIPPED = {11, 23, 25}
"""k, w and y: older texts letter alíneas without them ('j)' then 'l)')."""


def _gaps(before: Norma, after: Norma) -> set[tuple[str, str]]:
    """(holder, unit) for each unit the act added whose number does not follow the unit of its
    kind before it (a revoked one counts: its number stays): 'XI' and 'XII' included after the
    'VIII' of a list — the drafter had another list in mind."""
    old = set(_units(before))
    out: set[tuple[str, str]] = set()
    places = [("", after.articulacao)] + [(d.id, d.children) for d in _units(after).values()]
    for hid, kids in places:
        last: dict[str, tuple] = {}
        for c in _flat(kids):
            key = _number_key(c)
            if key is None:
                continue
            prev = last.get(c.kind.value)
            skipped = set(range(prev[0] + 1, key[0])) if prev is not None else set()
            if c.kind is Kind.ALINEA:
                skipped -= _LETTERS_OFTEN_SKIPPED
            if (c.id not in old and prev is not None and not key[1] and not prev[1] and not c.unico
                    and key[0] > prev[0] and skipped):
                out.add((hid, c.id))
            last[c.kind.value] = key
    return out


def _flat(nodes: list) -> Iterator[Dispositivo]:
    """The dispositivos of a list, agrupadores opened (artigos under chapters are siblings)."""
    for n in nodes:
        if isinstance(n, Dispositivo):
            if n.kind is not Kind.CAPUT:
                yield n
        else:
            yield from _flat(n.children)


@gate("verificacao-numeracao", "os rótulos seguem a numeração", AFTER)
def _numbering(ctx: Context, after: Norma) -> Iterator[Problem]:
    """After applying: in every unit the act changed, its units in force follow their numbers
    (no number repeated or out of order) — a fault the base already had is not the act's —, and
    a unit the act added follows the one before it (no 'XI' right after 'VIII')."""
    if ctx.base is None:
        return
    before_ids = set(_units(ctx.base))
    holders: set[str] = set()
    for i in _final_ids(ctx, before_ids).values():
        parent = i.rsplit("_", 1)[0] if "_" in i else ""
        holders |= {parent, parent + "_cpt" if parent else ""}
    new = _order_faults(after, holders) - _order_faults(ctx.base, holders)
    new |= _gaps(ctx.base, after)
    if new:
        names = ", ".join(sorted(u for _, u in new)[:6])
        yield _problem(ctx, "verificacao-numeracao",
                       f"depois da aplicação, a numeração de {names} não segue a ordem (número repetido, fora de "
                       "lugar ou com salto): a aplicação foi desfeita; confira a numeração da norma e do ato",
                       _first(ctx))


_LIST_KINDS = (Kind.INCISO, Kind.ALINEA, Kind.ITEM)


@gate("verificacao-lista-esvaziada",
      "nenhum dispositivo em vigor anuncia uma lista de que o ato revogou todos os itens", AFTER)
def _emptied_lists(ctx: Context, after: Norma) -> Iterator[Problem]:
    """After applying: a unit still in force whose wording announces a list (':', 'os
    seguintes') while the act revoked every item of that list ('revoga … o parágrafo 1º, alíneas
    A, B e C do artigo 19' read as the alíneas only: the § 1º's head is left in force with nothing
    under it). Either the head was revoked too or the act left a broken text: a person says."""
    if ctx.base is None:
        return
    before, now = _units(ctx.base), _units(after)
    revoked = {i for i, d in now.items() if d.situacao is not Situacao.VIGENTE
               and i in before and before[i].situacao is Situacao.VIGENTE}
    if not revoked:
        return
    for i, d in now.items():
        if d.situacao is not Situacao.VIGENTE or d.kind is Kind.ARTIGO:
            continue
        items = [c for c in d.children if c.kind in _LIST_KINDS]
        if not items or not any(c.id in revoked for c in items) \
                or any(c.situacao is Situacao.VIGENTE for c in items):
            continue
        if not _INTRODUCES.search((d.text or "").strip()):
            continue
        op = next((o for o in ctx.automatic if o.target_id and any(_within(o.target_id, c.id) or o.target_id == c.id
                                                                     for c in items)), None)
        if op is None:
            continue  # revoked by a person's operation, or not by this act
        yield _problem(ctx, "verificacao-lista-esvaziada",
                       f"o dispositivo {human(i)} anuncia uma lista (“…{(d.text or '')[-60:]}”) e o ato revogou todos "
                       "os itens dela, mas não o dispositivo: ele ficaria em vigor sem nada abaixo. Decida se a "
                       "revogação o alcança também (a aplicação foi desfeita)", op)


def _quoted_units(act: Norma | None, where: str | None) -> list[QuotedUnit]:
    if act is None or not where:
        return []
    found = None
    for art in act.artigos():
        for d in art.walk():
            if d.id == where or d.id == where + "_cpt":
                found = (art, d)
                break
        if found:
            break
    if found is None:
        return []
    art, d = found
    blocks = list(d.alteracoes) + (list(art.alteracoes) if d.kind is Kind.CAPUT or d is art else [])
    if d is art and art.caput is not None:
        blocks += list(art.caput.alteracoes)
    return [u for b in blocks for u in block_units(b)]


def _has_omissis(units: list[QuotedUnit]) -> bool:
    return any(u.omissis or _has_omissis(u.children) for u in units)


_INTRODUCES = re.compile(
    r"(?::|\bseguintes?\b[^.;]{0,40}|\b(?:competindo|compete|cabendo|cabe|incumbindo|incumbe)\s*-\s*lhes?\b[^.;]{0,40}"
    r"|\ba\s+saber|\babaixo(?:\s+\w+){0,3}|\bcomo\s+segue)\s*[.;]?\s*$", re.IGNORECASE)
"""The end of a wording that introduces a list (':', 'os seguintes', 'competindo-lhe.')."""
_WHOLE_WITH_UNITS = re.compile(
    r"\b(?:com|e)\s+(?:os\s+|as\s+)?(?:seus|suas|respectiv[oa]s)\s+"
    r"(?P<kinds>(?:par[áa]grafos|incisos|al[íi]neas|itens)(?:\s*(?:,|e)\s*(?:par[áa]grafos|incisos|al[íi]neas|itens))*)"
    r"(?!\s+(?:[IVXLC]+\b|\d|[a-z]\b|\"))"
    r"|\bna\s+[íi]ntegra\b|\bpor\s+inteiro\b|\bintegralmente\b", re.IGNORECASE)
"""'o artigo terceiro, com os respectivos incisos e alíneas, terá a seguinte redação': the
instruction says it rewrites the unit with its units of those kinds (all, 'na íntegra');
'e seus incisos I, II, III e IV' names units, not a whole."""
_KIND_WORDS = {
    "paragrafo": re.compile(r"\bpar[áa]grafos?\b|§", re.IGNORECASE),
    "inciso": re.compile(r"\bincisos?\b", re.IGNORECASE),
    "alinea": re.compile(r"\bal[íi]neas?\b|\bletras?\b", re.IGNORECASE),
    "item": re.compile(r"\bitens\b|\bitem\b", re.IGNORECASE),
}
_KIND_OF_PREFIX = {"par": "paragrafo", "inc": "inciso", "ali": "alinea", "ite": "item"}
_KIND_OF_WORD = {"par": "paragrafo", "inc": "inciso", "alí": "alinea", "ali": "alinea", "ite": "item"}


def _declared_whole(source: str) -> set[str] | None:
    """The kinds of units an instruction says it rewrites with the unit ('' for all), or None."""
    m = _WHOLE_WITH_UNITS.search(source)
    if m is None:
        return None
    if not m.group("kinds"):
        return {""}
    return {_KIND_OF_WORD[w[:3].lower()] for w in re.findall(r"[^\W\d_]+", m.group("kinds")) if w[:3].lower() in _KIND_OF_WORD}


@gate("subunidades-nao-trazidas", "a nova redação de um dispositivo inteiro não deixa para trás as suas unidades",
      AFTER)
def _kept_units(ctx: Context, after: Norma) -> Iterator[Problem]:
    """After applying: (1) a new caput kept with old incisos that no longer follow from it
    (the old caput ended introducing them, ':', the new one does not); (2) a new wording of a
    whole unit — the instruction names it, not its caput, 'com as seguintes alterações' is not
    said, and the quoted text has no line of dots — that keeps units in force the quoted text
    does not bring ('Dê-se ao art. 1º a seguinte redação' quoting only the caput, where the
    base has a parágrafo único). Units of a kind the quoted text does not bring at all (LC
    95/1998, art. 12, III; the line of dots is what keeps units not rewritten), or of a kind the
    instruction says it rewrites with the unit ('o artigo terceiro, com os respectivos incisos e
    alíneas, terá a seguinte redação'), are for a person: do they go or stay? Units of a kind the
    quote brings in part stay, with a notice for the review. No question when the instruction
    names the caput, says 'com as seguintes alterações', or names units of that kind itself ('O
    art. 11 e seu parágrafo primeiro passam …': the § 2º stays)."""
    if ctx.base is None:
        return
    before_units = _units(ctx.base)
    touched = {_resolve(o.target_id, before_units) for o in ctx.ops if o.target_id}
    now = _units(after)
    blocks: dict[str | None, list[QuotedUnit]] = {}
    for op in ctx.automatic:
        if op.kind != "redacao" or not op.text or not op.target_id or op.target_id == EMENTA \
                or op.container or op.unit_kind in _AGRUPADOR_KINDS:
            continue
        tid = _resolve(op.target_id, before_units)
        old, new = before_units.get(tid), now.get(tid)
        if old is None and tid.endswith("_par1"):
            old = before_units.get(tid + "u")  # the parágrafo único this act made the § 1º
        if old is None or new is None or new.situacao is not Situacao.VIGENTE:
            continue
        kept = [c for c in _subunits(new) if c.situacao is Situacao.VIGENTE
                and not any(_within(t, c.id) for t in touched)]
        if not kept:
            continue
        old_text = old.head_text if old.kind is Kind.ARTIGO else old.text or ""
        list_kept = [c for c in kept if c.kind in (Kind.INCISO, Kind.ALINEA, Kind.ITEM)
                     and c.id.rsplit("_", 1)[0] in (tid, tid + "_cpt")]
        if list_kept and _INTRODUCES.search(old_text.strip()) and not _INTRODUCES.search(op.text.strip()):
            yield _problem(ctx, "subunidades-nao-trazidas",
                           f"o novo texto do dispositivo {human(tid)} (“{op.text[:80]}”) não introduz mais uma lista, "
                           f"e a antiga ({', '.join(c.rotulo or c.id for c in list_kept[:5])}) continua em vigor sob ele: "
                           "decida se ela foi suprimida ou se continua", op)
            continue
        if re.search(r"\bcaput\b", op.source, re.IGNORECASE) or phrases.is_generic(op.source):
            continue
        if op.where not in blocks:
            blocks[op.where] = _quoted_units(ctx.act, op.where)
        quoted = blocks[op.where]
        if not quoted or _has_omissis(quoted):
            continue  # the drafter quoted what changes (a line of dots), or the text is not known
        mentioned = {k for k, rx in _KIND_WORDS.items() if rx.search(op.source)}
        kept = [c for c in kept if c.kind.value not in mentioned or c.kind.value in (_declared_whole(op.source) or ())]
        if not kept:
            continue  # the instruction names units of those kinds itself: it changes those it names
        declared = _declared_whole(op.source) or set()
        brought = {_KIND_OF_PREFIX.get(o.target_id.rsplit("_", 1)[-1][:3]) for o in ctx.ops
                   if o.target_id and o.target_id.startswith(tid + "_")}
        held = [c for c in kept if "" in declared or c.kind.value in declared or c.kind.value not in brought]
        names = f"{', '.join(c.rotulo or c.id for c in kept[:5])}{'…' if len(kept) > 5 else ''}"
        if held:
            names = f"{', '.join(c.rotulo or c.id for c in held[:5])}{'…' if len(held) > 5 else ''}"
            yield _problem(ctx, "subunidades-nao-trazidas",
                           f"a instrução dá nova redação ao dispositivo {human(tid)} inteiro, sem linha pontilhada, e o "
                           f"texto entre aspas não traz {names}, ainda em vigor: decida se a nova redação suprimiu o que "
                           "não traz ou se continua", op)
        else:
            yield _problem(ctx, "subunidades-nao-trazidas",
                           f"a nova redação do dispositivo {human(tid)}, sem linha pontilhada, não traz {names}, ainda em "
                           "vigor (a leitura comum: a instrução muda só o que cita); confira se não contradiz o novo texto",
                           op, blocking=False)


def _subunits(d: Dispositivo) -> Iterator[Dispositivo]:
    for c in d.children:
        if c.kind is Kind.CAPUT:
            yield from c.children
        else:
            yield c
