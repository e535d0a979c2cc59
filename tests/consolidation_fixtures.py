"""Generated source acts for consolidation tests and the benchmark (no reader needed)."""

from __future__ import annotations

import random

from lexconsolida.consolidation.engine import SourceAct
from lexconsolida.model import Dispositivo, Event, Kind, Norma, Number, Situacao, Version, label_for
from lexconsolida.model.dates import format_long

WORDS = ("transporte veículo condutor autorização município serviço taxa vistoria prazo "
         "multa infração permissão passageiro licença cadastro documento órgão").split()


def _text(rng: random.Random, n: int = 12) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def _unit(kind: str, parent_id: str, i: int, rng, revoked=False) -> Dispositivo:
    n = Number(i)
    prefix = {"paragrafo": "par", "inciso": "inc", "alinea": "ali"}[kind]
    d = Dispositivo(Kind(kind), f"{parent_id}_{prefix}{i}", rotulo=label_for(kind, n),
                    rotulo_printed=label_for(kind, n), number=n, text=_text(rng))
    if revoked:
        d.situacao = Situacao.REVOGADO
        ev = Event("revogacao", "urn:lex:br:federal:lei:2020-01-01;1", "Lei nº 1, de 1º de janeiro de 2020", "2020-01-01")
        d.history = [Version(d.text, Event("original")), Version(d.text, ev, "2020-01-01", None, Situacao.REVOGADO)]
    return d


def make_act(seed: int, n_articles: int = 10, numero: int = 100, revoked_ratio: float = 0.1,
             citations: int = 0) -> SourceAct:
    """An act with caput incisos, paragraphs, alíneas, some revoked units and internal citations."""
    rng = random.Random(seed)
    arts = []
    for a in range(1, n_articles + 1):
        num = Number(a)
        aid = f"art{a}"
        caput = Dispositivo(Kind.CAPUT, f"{aid}_cpt", text=_text(rng))
        for i in range(1, rng.randint(0, 3) + 1):
            inc = _unit("inciso", f"{aid}_cpt", i, rng, revoked=rng.random() < revoked_ratio)
            for k in range(1, rng.randint(0, 2) + 1):
                inc.children.append(_unit("alinea", inc.id, k, rng))
            caput.children.append(inc)
        kids = [caput]
        for p in range(1, rng.randint(0, 3) + 1):
            kids.append(_unit("paragrafo", aid, p, rng, revoked=rng.random() < revoked_ratio))
        art = Dispositivo(Kind.ARTIGO, aid, rotulo=label_for("artigo", num),
                          rotulo_printed=label_for("artigo", num), number=num, children=kids)
        if rng.random() < revoked_ratio:
            art.situacao = Situacao.REVOGADO
        arts.append(art)
    for _ in range(citations):
        src = rng.choice(arts).caput
        tgt = rng.choice(arts)
        src.text = src.text[:-1] + f", nos termos do art. {tgt.number.value}{'º' if tgt.number.value < 10 else ''}."
    data = f"{2000 + seed % 20}-0{1 + seed % 9}-1{seed % 9}"
    label = f"Lei nº {numero}, de {format_long(data)}"
    norma = Norma(tipo="Lei", numero=str(numero), data=data, articulacao=arts)
    return SourceAct(f"l{numero}", f"urn:lex:br;x;y:municipal:lei:{data};{numero}", label, data, norma)
