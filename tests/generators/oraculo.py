"""The judge of generated cases (issue 34, item 5): a case of :mod:`tests.generators.instrucoes`
is read, recognised and applied to its law through the one path that applies without a person
(:func:`lexconsolida.transforms.gated.apply_gated`), and each of its sentences gets a verdict:

- ``certa``: it did what it must (the units it changes are as expected; nothing else changed).
- ``retida``: held for a person, and rightly (it asks a question, or it may).
- ``retida-por-outra``: a certain sentence held only because another sentence of the act was
  (the act is held whole today; nothing can be concluded about this sentence).
- ``pergunta-desnecessaria``: a certain sentence held for a person (needless question).
- ``leitura-errada-retida``: held, but what it would publish if a person answered "aplicar" to
  every question is wrong: a gate (or another sentence's question) held it by luck.
- ``errada``: the text published is wrong — a unit changed that should not have, changed to
  something else, or a change the sentence makes was left out while the act applied; a change
  applied from the wrong date; an operation on another act that it does not make.
- ``perdida``: the sentence became no operation and no problem (lost in silence).

``errada`` and ``perdida`` are defects (the properties of issue 34: never a wrong text applied,
never a lost sentence); ``pergunta-desnecessaria`` is recall, counted. The known failures of
today's recognition are in ``falhas_conhecidas.toml`` beside this file (:func:`load_known`,
:func:`check_known`).

Only the public contract is used: ``recognise(norma, resolve)`` and the operations' ``kind``,
``target_urn``, ``target_id``, ``where``; the problems' ``code``, ``blocking``, ``where``;
``apply_gated``'s ``applied``, ``norma``, ``problems``. The act is built around the sentences by
the labelled corpus's harness (``tests/fixtures/instrucoes/casos.py``: ``mini_act``,
``norm_key``).
"""

from __future__ import annotations

import time
import tomllib
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from tests.fixtures.instrucoes import casos as harness
from tests.generators.instrucoes import CERTA, OUTROS_ATOS, PERGUNTA, QUALQUER, REVOGADO, Caso, Frase

HERE = Path(__file__).resolve().parent
KNOWN_FILE = HERE / "falhas_conhecidas.toml"
BAD = ("errada", "perdida")
VERDICTS = ("certa", "retida", "retida-por-outra", "pergunta-desnecessaria", "leitura-errada-retida", "errada",
            "perdida")
OTHER_URN = "urn:gerado:"
"""The resolver's URN for the other acts the sentences cite (``OUTROS_ATOS``)."""
OTHER_KEYS = {f"{t} {n}/{a}" for _, t, n, a, _ in OUTROS_ATOS}
NORMA = "(a lei)"
"""The state key of the whole law: '(revogado)' when an operation revoked it whole."""


@dataclass
class Veredito:
    resultado: str
    detalhe: str = ""


@dataclass
class Julgamento:
    caso: Caso
    vereditos: list[Veredito]
    applied: bool = False
    operacoes: list[str] = field(default_factory=list)
    problemas: list[str] = field(default_factory=list)
    vigencia: str | None = None
    segundos: float = 0.0
    """CPU seconds of reading, recognising, applying and judging the case."""

    def report(self) -> str:
        lines = [self.caso.describe(), f"  aplicado: {self.applied}; vigência lida: {self.vigencia}"]
        lines += [f"  op: {o}" for o in self.operacoes] or ["  (nenhuma operação)"]
        lines += [f"  problema: {p}" for p in self.problemas]
        for k, v in enumerate(self.vereditos, 1):
            lines.append(f"  Art. {k}: {v.resultado}" + (f" — {v.detalhe}" if v.detalhe else ""))
        return "\n".join(lines)


def base_state(norma) -> dict[str, str]:
    """Unit id → its text ('(revogado)' when revoked); agrupador id → 'nome: …' (as
    :meth:`Lei.estado` writes the generated law)."""
    from lexconsolida.model import Kind, Situacao

    out = {}
    for d in norma.dispositivos():
        if d.kind is Kind.CAPUT:
            continue
        gone = d.situacao in (Situacao.REVOGADO, Situacao.SUPRIMIDO)
        out[d.id] = REVOGADO if gone else " ".join(d.head_text.split())
    for g in norma.agrupadores():
        out[g.id] = "nome: " + " ".join((g.nome or "").split())
    out[NORMA] = REVOGADO if norma.situacao is Situacao.REVOGADO else "em vigor"
    return out


def resolver(caso: Caso, base_urn: str):
    lei = caso.lei

    def resolve(ref):
        if (ref.tipo == "lei" and ref.numero == str(lei.numero) and ref.ano in (None, lei.ano)
                and ref.esfera not in ("federal", "estadual")):
            return base_urn
        key = harness.norm_key(ref)
        return OTHER_URN + key if key in OTHER_KEYS else None
    return resolve


def _frase_of(where: str | None, n: int) -> int | None:
    """The sentence (index) of a dispositivo id of the amending act ('art2', 'art2_par1')."""
    if not where:
        return None
    head = where.split("_", 1)[0]
    if head.startswith("art") and head[3:].isdigit():
        k = int(head[3:]) - 1
        return k if 0 <= k < n else None
    return None


def run(caso: Caso) -> Julgamento:
    """Recognise and apply the case; a verdict per sentence."""
    from lexconsolida.amendments import recognise
    from lexconsolida.model import Event
    from lexconsolida.readers.text import read
    from lexconsolida.transforms.gated import apply_gated
    from lexconsolida.transforms.pointintime import in_force_from

    t0 = time.process_time()
    n = len(caso.frases)
    base = read(caso.lei.texto().encode("utf-8"), path="base.txt").norma
    before = base_state(base)
    model = caso.lei.estado()
    if before != model:
        diff = sorted(k for k in set(before) | set(model) if before.get(k) != model.get(k))[:5]
        return Julgamento(caso, [Veredito("base-mal-lida", f"a lei gerada não foi lida como escrita: {diff}")] * n)
    case = harness.Case(id="gerado", file="gerado", fonte="escrito", texto=caso.corpo(), ementa=caso.ementa)
    act = read(harness.mini_act(case).encode("utf-8"), path="ato.txt").norma
    rec = recognise(act, resolver(caso, base.urn))
    ops = [o for o in rec.operations if o.target_urn == base.urn]
    stopped = bool(rec.blocking_for(base.urn))
    when = in_force_from(act)
    event = Event("redacao", act.urn, act.label, when)
    gated = apply_gated(base, ops, event, target_urn=base.urn, act=act, problems=rec.problems, stopped=stopped)
    after = base_state(gated.norma) if gated.applied else before
    raws: dict[int, dict[str, str]] = {}
    if not gated.applied:
        # what a person who answered "aplicar" to every question would publish, sentence by
        # sentence: a held sentence whose reading is wrong was held by a gate (or by another
        # sentence's question), not read right (reported, not a defect)
        for k in range(n):
            mine = [o for o in ops if _frase_of(o.where, n) == k]
            if not mine:
                continue
            forced = apply_gated(base, mine, event, target_urn=base.urn, act=act, problems=rec.problems,
                                 resolved=lambda p: True)
            if forced.applied:
                raws[k] = base_state(forced.norma)
    problems = list(rec.problems) + list(gated.problems)
    j = Julgamento(caso, [], gated.applied,
                   [f"{o.where}: {o.kind.value} {o.target_id} [{_short(o.target_urn, base.urn)}]"
                    + (f" → {o.new_id}" if o.new_id else "") + (f" “{(o.text or '')[:60]}”" if o.text else "")
                    for o in rec.operations],
                   [f"{p.where}: {p.code}{'' if p.blocking else ' (aviso)'}" for p in problems], when)
    j.vereditos = _judge(caso, rec.operations, problems, base.urn, before, after, gated.applied, when)
    for k, raw in raws.items():
        h = _judge(caso, rec.operations, [], base.urn, before, raw, True, None)[k]
        v = j.vereditos[k]
        if caso.frases[k].forma.get("familia") == "vigencia":
            continue
        asks = caso.frases[k].espera == PERGUNTA and v.resultado != "retida-por-outra"  # held for its question
        if not asks and v.resultado in ("retida", "pergunta-desnecessaria", "retida-por-outra") \
                and h.resultado == "errada" and "aplicado sem esta mudança" not in h.detalhe \
                and "aplicada sem a frase" not in h.detalhe:
            j.vereditos[k] = Veredito("leitura-errada-retida", h.detalhe + f" (retida: {v.detalhe or v.resultado})")
    j.segundos = time.process_time() - t0
    return j


def _short(urn: str | None, base_urn: str) -> str:
    if urn == base_urn:
        return "base"
    return (urn or "?").replace(OTHER_URN, "")


def _judge(caso: Caso, operations, problems, base_urn: str, before: dict, after: dict, applied: bool,
           when: str | None) -> list[Veredito]:
    frases = caso.frases
    n = len(frases)
    out_ops: dict[int, list] = defaultdict(list)
    for o in operations:
        k = _frase_of(o.where, n)
        if k is not None:
            out_ops[k].append(o)
    own_block: dict[int, list[str]] = defaultdict(list)
    act_block: list[str] = []
    for p in problems:
        if not p.blocking:
            continue
        k = _frase_of(p.where, n)
        if k is None:
            act_block.append(p.code)
        else:
            own_block[k].append(p.code)
    expected = dict(before)
    owner: dict[str, int] = {}
    ignore: set[str] = set()
    for k, f in enumerate(frases):
        ignore |= f.ignorar
        if f.espera in (CERTA, QUALQUER):
            for uid, v in f.mudancas.items():
                owner[uid] = k
                if v is None:
                    expected.pop(uid, None)
                else:
                    expected[uid] = v
    wrong: dict[int, list[str]] = defaultdict(list)
    missing: dict[int, list[str]] = defaultdict(list)
    for uid in sorted(set(before) | set(after) | set(expected)):
        if uid in ignore:
            continue
        b, r, e = before.get(uid), after.get(uid), expected.get(uid)
        if r == e:
            continue
        if r == b:
            missing[owner[uid]].append(uid)
            continue
        k = owner.get(uid)
        if k is None:
            k = _culprit(uid, operations, base_urn, n)
        wrong[k if k is not None else 0].append(f"{uid}: esperado {_show(e)}, publicado {_show(r)}")
    for o in operations:
        if o.target_urn == base_urn or o.target_urn is None:
            continue
        k = _frase_of(o.where, n)
        key = (o.kind.value, o.target_urn.replace(OTHER_URN, ""), o.target_id)
        if k is not None and key not in frases[k].outros and not any(
                p.blocking and p.concerns([o.target_urn]) for p in problems):
            wrong[k].append(f"operação em outro ato: {key}")
    askers = {k for k, f in enumerate(frases) if f.espera != CERTA}
    verdicts = []
    for k, f in enumerate(frases):
        # a problem of the whole act is put down to a sentence that asks (or may ask), if any
        act_here = act_block if not (askers - {k}) else []
        blocked_here = own_block.get(k, [])
        if f.forma.get("familia") == "vigencia":
            verdicts.append(_judge_vigencia(f, applied, when, blocked_here, act_block))
            continue
        if not out_ops.get(k) and not blocked_here:
            verdicts.append(Veredito("perdida", "nenhuma operação e nenhum problema"))
        elif wrong.get(k):
            verdicts.append(Veredito("errada", "; ".join(wrong[k][:4])))
        elif missing.get(k):
            mine = any(o.target_urn == base_urn for o in out_ops.get(k, []))
            if applied and not blocked_here:
                verdicts.append(Veredito("errada", "aplicado sem esta mudança: " + ", ".join(missing[k][:4])))
            elif f.espera == CERTA and (blocked_here or act_here):
                verdicts.append(Veredito("pergunta-desnecessaria", ", ".join(sorted(set(blocked_here + act_here)))))
            elif f.espera == CERTA or (mine and not blocked_here):
                verdicts.append(Veredito("retida-por-outra"))  # its operations wait for another's question
            else:
                verdicts.append(Veredito("retida"))
        elif f.espera == CERTA and blocked_here:
            verdicts.append(Veredito("pergunta-desnecessaria", ", ".join(sorted(set(blocked_here)))))
        elif not applied and not blocked_here and any(o.target_urn == base_urn for o in out_ops.get(k, [])):
            verdicts.append(Veredito("retida-por-outra"))  # its operations on the base wait for another's question
        elif f.espera == PERGUNTA or (f.espera == QUALQUER and f.mudancas and not applied):
            verdicts.append(Veredito("retida"))
        elif applied and when is not None and f.datas is not None and f.mudancas and when not in f.datas:
            verdicts.append(Veredito("errada", f"aplicada a partir de {when}; a frase diz {sorted(f.datas)}"))
        elif applied and any(missing.get(k + d) for d in f.junto):
            verdicts.append(Veredito("errada", "aplicada sem a frase de que depende (Art. "
                                     + ", ".join(str(k + d + 1) for d in f.junto) + ")"))
        else:
            verdicts.append(Veredito("certa"))
    return verdicts


def _judge_vigencia(f: Frase, applied: bool, when: str | None, blocked_here: list[str],
                    act_block: list[str]) -> Veredito:
    if applied and when is None:
        return Veredito("certa")  # (a forced application: dates are not judged)
    if applied:
        if f.datas is None:
            return Veredito("errada", f"aplicado (a partir de {when}) apesar da condição")
        if when not in f.datas:
            return Veredito("errada", f"aplicado a partir de {when}, esperado {sorted(f.datas)}")
        return Veredito("certa")
    if f.espera == CERTA and blocked_here:
        return Veredito("pergunta-desnecessaria", ", ".join(sorted(set(blocked_here))))
    return Veredito("retida" if f.espera != CERTA else "certa")


def _culprit(uid: str, operations, base_urn: str, n: int) -> int | None:
    """The sentence whose operation on the base touched ``uid`` (its target, an ancestor of it,
    or its new id)."""
    for o in operations:
        if o.target_urn != base_urn:
            continue
        t = o.target_id or ""
        if not t or uid == t or uid.startswith(t + "_") or uid == o.new_id or t.startswith(uid + "_"):
            return _frase_of(o.where, n)
    return None


def _show(v: str | None) -> str:
    if v is None:
        return "(ausente)"
    return repr(v[:70] + ("…" if len(v) > 70 else ""))


# --- the known failures --------------------------------------------------------------------------

@dataclass
class Falha:
    """A shape today's recognition gets wrong: the sentences whose ``forma`` has every key of
    ``forma`` (a value, or one of a list of values) get ``resultado``."""

    classe: str
    resultado: str
    forma: dict[str, list[str]]
    exemplo: str
    motivo: str

    def matches(self, forma: dict[str, str]) -> bool:
        return all(forma.get(k) in v for k, v in self.forma.items())


def load_known(path: Path = KNOWN_FILE) -> list[Falha]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out = []
    seen = set()
    for raw in data.get("falha", []):
        unknown = set(raw) - {"classe", "resultado", "forma", "exemplo", "motivo"}
        if unknown or not all(raw.get(k) for k in ("classe", "resultado", "forma", "exemplo", "motivo")):
            raise ValueError(f"{path.name}: entrada malformada {raw.get('classe')!r} (chaves {sorted(raw)})")
        if raw["resultado"] not in ("errada", "perdida", "pergunta-desnecessaria"):
            raise ValueError(f"{path.name}: {raw['classe']}: resultado {raw['resultado']!r}")
        if raw["classe"] in seen:
            raise ValueError(f"{path.name}: classe repetida {raw['classe']!r}")
        seen.add(raw["classe"])
        forma = {k: [v] if isinstance(v, str) else list(v) for k, v in raw["forma"].items()}
        if "familia" not in forma or len(forma) < 2:
            raise ValueError(f"{path.name}: {raw['classe']}: a forma diz a família e ao menos mais uma chave "
                             "(uma entrada nunca cobre uma família inteira)")
        out.append(Falha(raw["classe"], raw["resultado"], forma, raw["exemplo"], raw["motivo"]))
    return out


@dataclass
class Conferencia:
    """A judged case against the known failures: what is new, what is known, what went stale."""

    novas: list[tuple[int, Veredito]] = field(default_factory=list)
    """Sentences that fail in a way no entry lists (a defect)."""
    conhecidas: list[tuple[int, str]] = field(default_factory=list)
    """(sentence, class) failing as their entry says."""
    passaram: list[tuple[int, str, str]] = field(default_factory=list)
    """(sentence, class, verdict): a listed shape that no longer fails as listed."""
    desnecessarias: list[tuple[int, Veredito]] = field(default_factory=list)
    """Needless questions no entry lists (counted, not a defect)."""


STILL = {"errada": ("errada", "leitura-errada-retida"), "perdida": ("perdida",),
         "pergunta-desnecessaria": ("pergunta-desnecessaria",)}
"""The verdicts that mean a listed shape still fails as listed (a wrong reading held by a gate,
or by another sentence's question, is still a wrong reading)."""


def check_known(j: Julgamento, known: list[Falha]) -> Conferencia:
    out = Conferencia()
    for k, (f, v) in enumerate(zip(j.caso.frases, j.vereditos)):
        entries = [e for e in known if e.matches(f.forma)]
        if v.resultado == "retida-por-outra":
            continue  # inconclusive: another sentence held the act
        listed = [e for e in entries if v.resultado in STILL[e.resultado]]
        if listed:
            out.conhecidas.append((k, listed[0].classe))
            continue
        if v.resultado in BAD or v.resultado == "base-mal-lida":
            out.novas.append((k, v))
            continue
        for e in entries:
            out.passaram.append((k, e.classe, v.resultado))
        if v.resultado == "pergunta-desnecessaria" and not entries:
            out.desnecessarias.append((k, v))
    return out


def failure_key(f: Frase, v: Veredito) -> str:
    """A coarse class of a failure for counting: verdict, family, verb, unit, list."""
    g = f.forma
    return f"{v.resultado} | {g.get('familia')} | {g.get('verbo')} | {g.get('unidade')} | {g.get('lista')}"


# --- a run's summary (the CI test and the bench) ------------------------------------------------

GROUPS = {
    "NOVA": "Falhas novas (forma fora de falhas_conhecidas.toml): texto errado publicado ou frase perdida",
    "passou": "Formas de falhas_conhecidas.toml que não falharam como a lista diz (apague ou estreite a entrada)",
    "conhecida": "Falhas conhecidas (falhas_conhecidas.toml)",
    "leitura-errada-retida": "Leituras erradas retidas (por uma porta, ou pela pergunta de outra frase)",
    "pergunta-desnecessaria": "Perguntas desnecessárias fora da lista (recall)",
}


class Resumo:
    """Counts and smallest examples of a run, by class: what the CI test asserts and the bench
    prints."""

    def __init__(self, known: list[Falha], exemplos: int = 1) -> None:
        self.known = known
        self.exemplos = exemplos
        self.cases = 0
        self.sentences = 0
        self.verdicts: Counter[str] = Counter()
        self.families: Counter[str] = Counter()
        self.keys: set[str] = set()
        self.classes: Counter[tuple[str, str]] = Counter()
        self.examples: dict[tuple[str, str], list[tuple[tuple[int, int], str]]] = {}
        self.times: list[float] = []

    def add(self, j: Julgamento) -> Conferencia:
        conf = check_known(j, self.known)
        caso = j.caso
        self.cases += 1
        self.sentences += len(caso.frases)
        self.times.append(j.segundos)
        size = (len(caso.frases), len(caso.corpo()))
        for f, v in zip(caso.frases, j.vereditos):
            self.verdicts[v.resultado] += 1
            self.families[f.forma.get("familia", "?")] += 1
            self.keys |= set(f.forma)
        for k, classe in conf.conhecidas:
            self._note("conhecida", classe, size, j)
        for k, v in conf.novas:
            self._note("NOVA", failure_key(caso.frases[k], v), size, j)
        for k, classe, got in conf.passaram:
            self._note("passou", f"{classe} → {got}", size, j)
        for k, v in conf.desnecessarias:
            self._note("pergunta-desnecessaria", failure_key(caso.frases[k], v) + f" [{v.detalhe}]", size, j)
        for k, v in enumerate(j.vereditos):
            if v.resultado == "leitura-errada-retida":
                self._note("leitura-errada-retida", failure_key(caso.frases[k], v), size, j)
        return conf

    def _note(self, group: str, key: str, size: tuple[int, int], j: Julgamento) -> None:
        k = (group, key)
        self.classes[k] += 1
        ex = self.examples.setdefault(k, [])
        if len(ex) < self.exemplos or size < ex[-1][0]:
            ex.append((size, j.report()))
            ex.sort(key=lambda e: e[0])
            del ex[self.exemplos:]

    def count(self, group: str) -> int:
        return sum(n for (g, _), n in self.classes.items() if g == group)

    def exercised(self, classe: str) -> int:
        return self.classes[("conhecida", classe)]

    def report(self, groups: tuple[str, ...] = tuple(GROUPS)) -> str:
        out = []
        for group in groups:
            rows = sorted(((k, n) for k, n in self.classes.items() if k[0] == group), key=lambda r: (-r[1], r[0]))
            if not rows:
                continue
            out.append(f"\n{GROUPS[group]}:")
            for (g, key), count in rows:
                out.append(f"  {count:6d}  {key}")
                for _, text in self.examples[(g, key)]:
                    out.append("          " + text.replace("\n", "\n          "))
        return "\n".join(out)
