"""Builders of small norms for the diff tests (no reader needed) and a random law generator."""

from __future__ import annotations

import random

from lexconsolida.model import Agrupador, AgrupadorKind, Dispositivo, Kind, Norma
from lexconsolida.model.ids import LexId
from lexconsolida.model.numbering import Number, label_for

WORDS = (
    "município poder executivo fiscalização transporte passageiros veículo autorização prazo "
    "multa infração penalidade recurso defesa notificação auto condutor permissão serviço "
    "público órgão competente regulamento taxa licença vistoria cadastro registro documento "
    "empresa plataforma tecnológica tarifa usuário segurança higiene conforto acessibilidade "
    "pessoa deficiência idoso estudante gratuidade desconto pagamento cobrança débito "
    "dívida ativa inscrição cancelamento suspensão cassação apreensão remoção pátio diária"
).split()


def art(number, text, *children, suffix=()):
    return ("artigo", Number(number, tuple(suffix)), text, children)


def par(number, text, *children):
    return ("paragrafo", Number(number) if number else None, text, children)


def inc(number, text, *children):
    return ("inciso", Number(number), text, children)


def ali(number, text, *children):
    return ("alinea", Number(number), text, children)


def cap(number, nome, *children):
    return ("capitulo", Number(number), nome, children)


def _build(spec, parent: LexId | None, siblings: int):
    kind, number, text, children = spec
    if kind == "capitulo":
        cid = LexId(f"cap{number.id_part}")
        return Agrupador(AgrupadorKind.CAPITULO, cid.value, rotulo=f"Capítulo {number.value}",
                         number=number, nome=text, children=[_build(c, None, len(children)) for c in children])
    unico = kind == "paragrafo" and number is None
    if kind == "artigo":
        did = LexId("art" + number.id_part)
    else:
        did = parent.child(kind, number, unico=unico)
    rotulo = label_for(kind, number, unico=unico)
    pars = [c for c in children if c[0] == "paragrafo"]
    subs = [c for c in children if c[0] != "paragrafo"]
    if kind == "artigo":
        caput = Dispositivo(Kind.CAPUT, did.value + "_cpt", text=text,
                            children=[_build(c, did, len(subs)) for c in subs])
        kids = [caput] + [_build(c, did, len(pars)) for c in pars]
        return Dispositivo(Kind.ARTIGO, did.value, rotulo=rotulo, number=number, children=kids)
    return Dispositivo(Kind(kind), did.value, rotulo=rotulo, number=None if unico else number,
                       text=text, children=[_build(c, did, len(children)) for c in children])


def norma(*specs, tipo="Lei", numero="1", data="2020-01-02") -> Norma:
    return Norma(tipo=tipo, numero=numero, data=data,
                 articulacao=[_build(s, None, len(specs)) for s in specs])


def sentence(rng: random.Random, n: int | None = None) -> str:
    n = n or rng.randint(6, 22)
    ws = [rng.choice(WORDS) for _ in range(n)]
    if rng.random() < 0.3:
        ws.insert(rng.randrange(len(ws)), f"{rng.randint(2, 90)} ({rng.choice(['dez', 'vinte', 'trinta'])}) dias")
    if rng.random() < 0.2:
        ws.insert(rng.randrange(len(ws)), f"R$ {rng.randint(1, 9)}.{rng.randint(100, 999)},00")
    s = " ".join(ws)
    return s[0].upper() + s[1:] + rng.choice([".", ";", ":"])


def random_article(rng: random.Random, number: int):
    children = []
    for i in range(rng.choice([0, 0, 2, 3])):
        children.append(inc(i + 1, sentence(rng, rng.randint(3, 12))))
    n_par = rng.choice([0, 0, 1, 2])
    if n_par == 1:
        children.append(par(None, sentence(rng)))
    for i in range(n_par if n_par > 1 else 0):
        children.append(par(i + 1, sentence(rng)))
    return art(number, sentence(rng), *children)


def generated_law(n_articles: int, seed: int = 1) -> list:
    """Specs of a law of ``n_articles`` random articles (deterministic for a seed)."""
    rng = random.Random(seed)
    return [random_article(rng, i + 1) for i in range(n_articles)]


def renumber(specs: list) -> list:
    """Articles renumbered 1..n in order (the way a consolidation renumbers)."""
    return [("artigo", Number(i + 1), s[2], s[3]) for i, s in enumerate(specs)]
