"""The 130 official federal amendment headers of lexml-eta (issue 34, item 5).

``../shared/anchors/lexml-eta/comandos-emenda.json`` (read from there, never copied; see its
README) holds, for each case, the ``comando`` the Senado/Câmara amendment editor generates and
the editor ``acoes`` (action, LexML id) behind it. Each comando is wrapped as the instruction of a
minimal amending act (the labelled corpus's harness, ``tests/fixtures/instrucoes/casos.py``),
with a quoted text generated for the units it gives a wording to, over a generated base law
that has the units it cites; recognition must give the operations a reader of the comando
gives.

``tests/fixtures/lexml_eta.toml`` says, per case, that reading (``esperado``: 'kind id', the id
in the altered law) — written by reading the comando, and checked against the data's ``acoes``
with the data's conventions (:func:`acoes_agree`): the alteration prefix of the ids
(``art1_cpt_alt1_``) is the bill's, ``art2`` stands for the caput ``art2_cpt``, an inclusion
action names the unit after (or before) which the new one goes, or its parent, or the new unit.
Where the reading still differs from the actions, ``nota`` says why (the data's own conventions
or glitches). Where today's recogniser differs from the reading, ``lacuna`` names the class and
``motivo`` what it does: the case runs as a strict expected failure (the day it reads right,
the test fails until the entry goes).
"""

from __future__ import annotations

import json
import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from tests.conftest import ANCHORS
from tests.fixtures.instrucoes import casos as harness
from tests.generators.instrucoes import ROMAN, Agrupador, Lei, Unidade

DATA = ANCHORS / "lexml-eta" / "comandos-emenda.json"
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "lexml_eta.toml"
KINDS = {"modificaDispositivo": "redacao", "suprimeDispositivo": "revogacao"}
LAWS = {("7560", 1986): ("LEI Nº 7.560, DE 19 DE DEZEMBRO DE 1986", "1986-12-19"),
        ("7565", 1986): ("LEI Nº 7.565, DE 19 DE DEZEMBRO DE 1986", "1986-12-19"),
        ("8745", 1993): ("LEI Nº 8.745, DE 9 DE DEZEMBRO DE 1993", "1993-12-09"),
        ("11343", 2006): ("LEI Nº 11.343, DE 23 DE AGOSTO DE 2006", "2006-08-23")}
"""The laws the 'norma vigente' headers amend; the others amend 'o Projeto' (the base given as
the command line's BASE: ``recognise(…, base=…)``)."""
PROJETO = ("100", 2001)
_PART = re.compile(r"^(art|par|inc|ali|ite|cpt|cap|sec|sub|tit|omi)(\d+)?((?:-\d+)*)(u?)$")
_ALT = re.compile(r"^art\d+(?:-\d+)?_cpt_alt\d+_")


def load_data() -> list[tuple[str, dict]]:
    """(case id, case): the id is the file's name without 'emenda-cabecalho-' and '.test.ts', a
    colon and the test's name ('#2' on a repeated one)."""
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    seen: Counter[str] = Counter()
    out = []
    for c in raw:
        base = c["arquivo"].removeprefix("emenda-cabecalho-").removesuffix(".test.ts") + ":" + c["caso"]
        seen[base] += 1
        out.append((base if seen[base] == 1 else f"{base}#{seen[base]}", c))
    return out


def load_fixture() -> dict[str, dict]:
    data = tomllib.loads(FIXTURE.read_text(encoding="utf-8"))
    for cid, e in data.items():
        unknown = set(e) - {"esperado", "nota", "lacuna", "motivo"}
        assert not unknown, f"{cid}: chaves desconhecidas {unknown}"
        assert isinstance(e.get("esperado"), list), f"{cid}: falta 'esperado'"
        assert ("lacuna" in e) == ("motivo" in e), f"{cid}: 'lacuna' e 'motivo' vêm juntos"
    return data


# --- ids ----------------------------------------------------------------------------------------

def _parts(uid: str) -> list[tuple[str, int, int, bool]]:
    """'art63-3_cpt_inc1_ali1-1' → [('art', 63, 3, False), ('cpt', 0, 0, False), ('inc', 1, 0, False),
    ('ali', 1, 1, False)] (the suffix: 1 for '-A')."""
    out = []
    for p in uid.split("_"):
        m = _PART.match(p)
        assert m, f"id LexML inesperado: {uid}"
        suf = int(m.group(3).split("-")[1]) if m.group(3) else 0
        out.append((m.group(1), int(m.group(2) or 0), suf, bool(m.group(4))))
    return out


def strip_alt(uid: str) -> str:
    """The id in the altered law: without the bill's alteration prefix; a caput is its artigo."""
    uid = _ALT.sub("", uid)
    return uid[:-4] if uid.endswith("_cpt") else uid


def _parent(uid: str) -> str | None:
    parts = uid.split("_")
    while len(parts) > 1:
        parts.pop()
        if parts[-1] != "cpt":
            return "_".join(parts)
    return None


def _siblings(a: str, b: str) -> tuple[int, int] | None:
    """(position of a, of b) when ``a`` and ``b`` are units of one kind in one parent."""
    pa, pb = _parts(a), _parts(b)
    if len(pa) != len(pb) or pa[:-1] != pb[:-1] or pa[-1][0] != pb[-1][0]:
        return None
    return (pa[-1][1] * 100 + pa[-1][2], pb[-1][1] * 100 + pb[-1][2])


def acoes_agree(esperado: list[str], acoes: list[dict]) -> list[str]:
    """Where the reading ``esperado`` ('kind id') and the data's ``acoes`` differ, under the
    data's conventions (empty: they agree)."""
    want = [tuple(e.split(" ", 1)) for e in esperado]
    diffs = []
    used: set[int] = set()
    for a in acoes:
        uid = strip_alt(a["id"])
        if "_omi" in uid or uid.startswith("omi"):
            diffs.append(f"ação sobre linha pontilhada (omissis), sem dispositivo: {a['acao']} {a['id']}")
            continue
        kind = KINDS.get(a["acao"], "inclusao")
        found = None
        for k, (wk, wid) in enumerate(want):
            if wk != kind:
                continue
            if kind != "inclusao":
                ok = wid == uid
            else:
                pos = _siblings(uid, wid)
                before = a["acao"].endswith("Antes")
                ok = wid == uid or _parent(wid) == uid or (pos is not None and (pos[1] < pos[0] if before
                                                                                 else pos[1] > pos[0]))
            if ok:
                found = k
                if k not in used:
                    break
        if found is None:
            diffs.append(f"ação {a['acao']} {a['id']} sem operação correspondente na leitura")
        else:
            used.add(found)
    for k, (wk, wid) in enumerate(want):
        if k not in used:
            diffs.append(f"leitura {wk} {wid} sem ação correspondente")
    return diffs


# --- the wrapped act ----------------------------------------------------------------------------

NEW = ["A permissão será concedida por sorteio público", "O prazo será contado em dias úteis",
       "A taxa será reajustada pelo índice oficial", "O pedido será decidido pela comissão",
       "A fiscalização caberá ao órgão competente", "O recurso terá efeito suspensivo"]
ZONES = ["norte", "sul", "leste", "oeste", "central", "rural", "litorânea", "serrana", "urbana", "portuária",
         "industrial", "histórica"]


def _label(part: tuple[str, int, int, bool], numeric: bool = False) -> str:
    """The rótulo of an id's last part; ``numeric``: the suffix of an inserted unit as a number
    ('1º-1', 'I-1', 'a-1'), as lexml-eta writes the units it inserts in a bill, else as a
    letter ('1º-A', 'a-A')."""
    kind, n, suf, unico = part
    letter = (str(suf) if numeric else chr(ord("A") + suf - 1)) if suf else ""
    if kind == "art":
        return f"Art. {n}º" + (f"-{letter}" if suf else "") if n < 10 else f"Art. {n}" + (f"-{letter}" if suf else "")
    if kind == "par":
        return "Parágrafo único." if unico else (f"§ {n}º" if n < 10 else f"§ {n}") + (f"-{letter}" if suf else "")
    if kind == "inc":
        return ROMAN[n] + (f"-{letter}" if suf else "") + " –"
    if kind == "ali":
        return chr(ord("a") + n - 1) + (f"-{letter}" if suf else "") + ")"
    if kind == "ite":
        return f"{n}" + (f"-{letter}" if suf else "") + "."
    raise ValueError(kind)


def _heading(uid: str, name: str) -> list[str]:
    kind, n, _, _ = _parts(uid)[-1]
    word = {"tit": "TÍTULO", "cap": "CAPÍTULO", "sec": "Seção", "sub": "Subseção"}[kind]
    return [f"{word} {ROMAN[n]}", name]


def _text(k: int, uid: str) -> str:
    kind = _parts(uid)[-1][0]
    if kind in ("art", "par"):
        return f"{NEW[k % len(NEW)]} na zona {ZONES[k % len(ZONES)]}."
    return f"a zona {ZONES[k % len(ZONES)]} do Município;"


def quoted_text(esperado: list[str], numeric: bool = False) -> str:
    """The quoted text an amending act gives with the comando: for each unit given a wording
    (new wording, inclusion), its line under its artigo, the parents with dotted lines; an
    agrupador's heading with a new name. One block per artigo, in the order of the reading."""
    blocks: list[list[str]] = []
    current: str | None = None
    emitted: set[str] = set()
    for k, e in enumerate(esperado):
        kind, uid = e.split(" ", 1)
        if kind not in ("redacao", "inclusao"):
            continue
        parts = _parts(uid)
        if parts[-1][0] in ("tit", "cap", "sec", "sub"):
            blocks.append(_heading(uid, f"DAS FEIRAS DA ZONA {ZONES[k % len(ZONES)].upper()}"))
            current = None
            continue
        art = uid.split("_")[0]
        if art != current:
            blocks.append([])
            current = art
            emitted = set()
        lines = blocks[-1]
        chain = uid.split("_")
        for depth in range(1, len(chain)):
            anc = "_".join(chain[:depth])
            if chain[depth - 1] == "cpt" or anc in emitted:
                continue
            emitted.add(anc)
            lines.append(f"{_label(_parts(anc)[-1], numeric)} " + "." * 40)
        lines.append(f"{_label(parts[-1], numeric)} {_text(k, uid)}")
        emitted.add(uid)
    out = []
    for b in blocks:
        if not b:
            continue
        if not b[0].startswith(("TÍTULO", "CAPÍTULO", "Seção", "Subseção")) and len(b) > 1:
            b = b + ["." * 60]
        b = list(b)
        b[0] = "“" + b[0]
        b[-1] = b[-1] + "”"
        out.append("\n".join(b))
    return "\n".join(out)


def base_law(esperado: list[str], law: tuple[str, int]) -> Lei:
    """A law that has every unit the reading changes or revokes, the parents (and the earlier
    siblings) of every unit it adds, and the agrupadores it names; not the units it adds."""
    need: set[str] = set()
    groups: set[str] = set()
    adds = {e.split(" ", 1)[1] for e in esperado if e.startswith("inclusao ")}
    for e in esperado:
        kind, uid = e.split(" ", 1)
        if _parts(uid)[-1][0] in ("tit", "cap", "sec", "sub"):
            groups.add(uid)
            continue
        if kind == "inclusao":
            parent = _parent(uid)
            if parent and parent not in adds:
                need.add(parent)
            head, (k, n, suf, unico) = uid.rsplit("_", 1)[0] if "_" in uid else "", _parts(uid)[-1]
            if suf or (n > 1 and not unico):  # the unit it follows ('a-A' follows 'a'; '§ 5º' follows '§ 4º')
                prev = f"{k}{n if suf else n - 1}"
                prev = f"{head}_{prev}" if head else prev
                if prev not in adds:
                    need.add(prev)
        else:
            need.add(uid)
    for g in list(groups):
        parts = g.split("_")
        for d in range(1, len(parts)):
            groups.add("_".join(parts[:d]))
    arts: dict[tuple[int, int], Unidade] = {}

    def unit(uid: str) -> Unidade:
        chain = uid.split("_")
        head = _parts(chain[0])[0]
        key = (head[1], head[2])
        for n in range(1, head[1] + 1):  # every earlier artigo too
            if (n, 0) not in arts:
                arts[(n, 0)] = Unidade("artigo", f"art{n}", n, texto=f"{NEW[n % len(NEW)]} na forma desta Lei.")
        if key not in arts:
            arts[key] = Unidade("artigo", chain[0], head[1], chr(ord("A") + head[2] - 1) if head[2] else "",
                                texto=f"{NEW[head[1] % len(NEW)]} na forma desta Lei.")
        node = arts[key]
        for depth in range(1, len(chain)):
            if chain[depth] == "cpt":
                continue
            kind, n, suf, unico = _parts(chain[depth])[0]
            pid = "_".join(chain[:depth + 1])
            tipo = {"par": "paragrafo", "inc": "inciso", "ali": "alinea", "ite": "item"}[kind]
            prefix = "_".join(chain[:depth]) + ("_cpt" if depth == 1 and kind == "inc" else "")
            for m in range(1, n + 1):  # the earlier siblings, so that the numbering holds
                sid = f"{prefix}_{kind}{m}" + ("u" if unico else "")
                if sid in adds or any(c.id == sid for c in node.filhos):
                    continue
                node.filhos.append(Unidade(tipo, sid, m, unico=unico and m == 1,
                                           texto=f"a zona {ZONES[(m + depth) % len(ZONES)]} do Município;"
                                           if tipo != "paragrafo" else f"{NEW[m % len(NEW)]} no prazo legal."))
            if suf and not any(c.id == pid for c in node.filhos):
                node.filhos.append(Unidade(tipo, pid, n, chr(ord("A") + suf - 1), texto="a zona central;"))
            node = next(c for c in node.filhos if c.id == pid or c.id == pid.replace("u", ""))
        return node

    for uid in sorted(need):
        unit(uid)
    for _, a in sorted(arts.items()):
        _order(a)
        for u in a.walk():
            if any(c.tipo in ("inciso", "alinea", "item") for c in u.filhos) and not u.texto.endswith(":"):
                u.texto = u.texto.rstrip(".;") + ", observado o seguinte:"
    ordered = [a for _, a in sorted(arts.items())]  # (no vigência clause: an added artigo may take its number)
    corpo = _grouped(ordered, groups)
    numero, ano = law
    data = LAWS.get(law, ("", f"{ano}-01-02"))[1]
    return Lei(int(numero), data, "as feiras livres", corpo)


def _order(u: Unidade) -> None:
    rank = {"inciso": 0, "paragrafo": 1}

    def key(c: Unidade):
        return (rank.get(c.tipo, 0), c.n, c.sufixo)
    u.filhos.sort(key=key)
    for c in u.filhos:
        _order(c)


def _grouped(arts: list[Unidade], groups: set[str]) -> list:
    """The artigos under the agrupadores the reading names (each leaf gets at least one artigo)."""
    if not groups:
        return arts
    leaves = sorted(g for g in groups if not any(o.startswith(g + "_") for o in groups))
    # every earlier agrupador of the same kind in the same parent, so that the numbering holds
    full: set[str] = set()
    for g in leaves:
        parts = g.split("_")
        for d in range(len(parts)):
            kind, n, _, _ = _parts(parts[d])[0]
            for m in range(1, n + 1):
                full.add("_".join(parts[:d] + [f"{kind}{m}"]))
    leaves = sorted((g for g in full if not any(o.startswith(g + "_") for o in full)),
                    key=lambda g: [(p[:3], int(re.sub(r"\D", "", p) or 0)) for p in g.split("_")])
    while len(arts) < len(leaves):
        n = len(arts) + 1
        arts.append(Unidade("artigo", f"art{n}", n, texto="O regulamento disporá sobre a matéria."))
    nodes: dict[str, Agrupador] = {}
    top: list = []

    def node(gid: str) -> Agrupador:
        if gid in nodes:
            return nodes[gid]
        kind, n, _, _ = _parts(gid.split("_")[-1])[0]
        tipo = {"tit": "titulo", "cap": "capitulo", "sec": "secao", "sub": "subsecao"}[kind]
        g = Agrupador(tipo, gid, n, f"DAS DISPOSIÇÕES {ROMAN[n]}" if tipo != "secao" else f"Das Disposições {ROMAN[n]}")
        nodes[gid] = g
        parent = gid.rsplit("_", 1)[0] if "_" in gid else None
        (node(parent).filhos if parent else top).append(g)
        return g

    per = max(1, len(arts) // len(leaves))
    rest = list(arts)
    for k, leaf in enumerate(leaves):
        take = rest[:per] if k < len(leaves) - 1 else rest
        rest = rest[len(take):]
        node(leaf).filhos.extend(take)
    return top


def wrap(comando: str, esperado: list[str]) -> str:
    """The body of the amending act: the comando as its article 1, the quoted text after it."""
    numeric = bool(re.search(r"(?:\d[º°]?|\b[IVXL]+|“[a-z])-\d", comando))
    quoted = quoted_text(esperado, numeric)
    return f"Art. 1º {comando}" + (f"\n{quoted}" if quoted else "")


def _law_of(comando: str) -> tuple[str, int]:
    m = re.search(r"Lei nº ([\d.]+), de \d+ de \w+ de (\d{4})", comando)
    if m:
        return (m.group(1).replace(".", ""), int(m.group(2)))
    return PROJETO


def run(comando: str, esperado: list[str]):
    """(the operations on the law, as 'kind id'; the other operations; the blocking problems;
    the base's refusals of the operations, when they are the reading)."""
    from lexconsolida.amendments import recognise
    from lexconsolida.model import Event
    from lexconsolida.readers.text import read
    from lexconsolida.transforms.gated import apply_gated

    law = _law_of(comando)
    lei = base_law(esperado, law)
    base = read(lei.texto().encode("utf-8"), path="base.txt").norma
    case = harness.Case(id="lexml-eta", file="lexml-eta", fonte="escrito", texto=wrap(comando, esperado))
    act = read(harness.mini_act(case).encode("utf-8"), path="ato.txt").norma

    def resolve(ref):
        return base.urn if (ref.numero, ref.ano) == law or (ref.numero == law[0] and ref.ano is None) else None

    label = "o Projeto" if law == PROJETO else "a lei alterada"
    rec = recognise(act, resolve, base=(base.urn, label))
    mine = [o for o in rec.operations if o.target_urn == base.urn]
    got = sorted({f"{o.kind.value} {o.target_id[:-4] if (o.target_id or '').endswith('_cpt') else o.target_id}"
                  for o in mine})
    others = [f"{o.kind.value} {o.target_id} [{o.target_urn}]" for o in rec.operations if o.target_urn != base.urn]
    blocking = [f"{p.code}: {p.message[:120]}" for p in rec.problems if p.blocking]
    refused: list[str] = []
    if got == sorted(set(esperado)) and mine:
        g = apply_gated(base, mine, Event("redacao", act.urn, act.label, act.data), target_urn=base.urn, act=act,
                        problems=rec.problems, stopped=bool(blocking))
        refused = [f"{o.target_id}: {err.message[:160]}" for o, err in g.refused]
    return got, others, blocking, refused


DATA_CASES = load_data() if DATA.is_file() else []
FIX = load_fixture()


def _param(cid: str, c: dict):
    e = FIX.get(cid, {})
    marks = [pytest.mark.shared]
    if e.get("lacuna"):
        marks.append(pytest.mark.xfail(reason=f"{e['lacuna']}: {e['motivo']}", strict=True))
    return pytest.param(cid, c, id=cid, marks=marks)


@pytest.mark.parametrize("cid, case", [_param(cid, c) for cid, c in DATA_CASES])
def test_comando(cid, case):
    entry = FIX.get(cid)
    assert entry is not None, f"{cid}: caso sem leitura em tests/fixtures/lexml_eta.toml"
    esperado = entry["esperado"]
    got, others, blocking, refused = run(case["comando"], esperado)
    msg = (f"{cid}\n  comando: {case['comando']}\n  leitura: {sorted(set(esperado))}\n  obtido:  {got}"
           + (f"\n  outras normas: {others}" if others else "") + (f"\n  problemas: {blocking}" if blocking else ""))
    assert got == sorted(set(esperado)), msg
    assert not refused, msg + f"\n  recusado pela base gerada: {refused}"


@pytest.mark.shared
def test_every_case_has_a_reading_checked_against_the_data():
    """Each case's reading agrees with the editor's actions under the data's conventions, or says
    why not (``nota``); a note where they agree is stale. No entry names a case the data lacks."""
    assert len(DATA_CASES) == 130, len(DATA_CASES)
    ids = {cid for cid, _ in DATA_CASES}
    assert not set(FIX) - ids, f"entradas sem caso nos dados: {sorted(set(FIX) - ids)}"
    wrong = []
    for cid, c in DATA_CASES:
        e = FIX.get(cid)
        if e is None:
            wrong.append(f"{cid}: sem leitura")
            continue
        diffs = acoes_agree(e["esperado"], c["acoes"])
        if diffs and not e.get("nota"):
            wrong.append(f"{cid}: a leitura difere das ações sem nota: {diffs}")
        if e.get("nota") and not diffs:
            wrong.append(f"{cid}: nota desnecessária (leitura e ações concordam)")
    assert not wrong, "\n".join(wrong)


def test_the_base_law_has_the_units_the_reading_needs():
    """The generated base (read back by the text reader) has every unit a new wording or a
    revocation names, and none of the units an inclusion adds."""
    from lexconsolida.readers.text import read

    esperado = ["redacao art9_par6_inc1_ali1_ite1", "revogacao art2_cpt_inc9", "inclusao art63-3_cpt_inc1_ali1-1",
                "inclusao art5_par5", "redacao cap3_sec4", "revogacao art8_par1u"]
    norma = read(base_law(esperado, PROJETO).texto().encode("utf-8"), path="base.txt").norma
    ids = {d.id for d in norma.walk()}
    for e in esperado:
        kind, uid = e.split(" ", 1)
        present = uid in ids or any(i.endswith("_" + uid) or i == uid for i in ids)
        assert present == (kind != "inclusao"), (uid, sorted(ids))
    assert "art63-3_cpt_inc1_ali1" in ids and "art5_par4" in ids
