"""Fictional corpora for tests, demonstrations and the site benchmark (built in memory).

:func:`fictional_corpus` is a small hand-written municipality (Vila Exemplo-SP) whose acts use
every feature of the site: agrupadores, every kind of dispositivo, amendments (new wording,
inclusion, revocation), citations inside the act, to another act and outside the corpus, an
act without text, declared relations, and text that must be escaped (``<script>``, ``&``).
:func:`generated_corpus` makes ``n`` acts of about ``articles`` articles each, with amendments
and citations, deterministically (seeded), for the benchmark.
"""

from __future__ import annotations

import random

from lexconsolida.amendments.model import Operation
from lexconsolida.model import (
    Agrupador, AgrupadorKind, Alteracao, Dispositivo, Event, Kind, Norma, Signature, Situacao, Version,
)
from lexconsolida.model.numbering import Number, int_to_letter, int_to_roman, label_for
from lexconsolida.site.model import Municipio, Relation, SiteAct, SiteCorpus
from lexconsolida.transforms.amend import apply

PLACE = "br;sao.paulo;vila.exemplo"
VILA = Municipio("sp-vila-exemplo", "Vila Exemplo", "SP")


def urn(tipo: str, data: str, numero: str) -> str:
    return f"urn:lex:{PLACE}:municipal:{tipo}:{data};{numero}"


LEI_90 = urn("lei", "2019-02-01", "90")
LEI_100 = urn("lei", "2020-05-04", "100")
LEI_120 = urn("lei", "2021-03-01", "120")
DEC_15 = urn("decreto", "2021-04-10", "15")
ORIGINAL = Event("original")
BY_120 = dict(act_urn=LEI_120, act_label="Lei nº 120, de 1º de março de 2021", date="2021-03-01")
BY_130 = dict(act_urn=urn("lei", "2022-06-01", "130"),
              act_label="Lei nº 130, de 1º de junho de 2022", date="2022-06-01")


def _d(kind: Kind, id_: str, rotulo: str | None, text: str = "", children=(), **kw) -> Dispositivo:
    return Dispositivo(kind, id_, rotulo, text=text, children=list(children), **kw)


def _art(n: str, rotulo: str, caput: str, children=(), caput_children=(), **kw) -> Dispositivo:
    cpt = _d(Kind.CAPUT, f"art{n}_cpt", None, caput, caput_children, **kw.pop("caput_kw", {}))
    return _d(Kind.ARTIGO, f"art{n}", rotulo, "", [cpt, *children], number=Number(int(n)), **kw)


def _op(kind: str, target_id: str, text: str | None = None) -> Operation:
    return Operation(kind, LEI_100, "Lei nº 100, de 4 de maio de 2020", target_id, text=text)


def lei_100_original() -> Norma:
    """Lei nº 100/2020 of Vila Exemplo as enacted (before its amendments)."""
    art1 = _art("1", "Art. 1º", "Esta Lei regula as feiras livres & os mercados <script>alert(1)"
                "</script> do Município, nos termos do art. 3º e da Lei Federal nº 9.503/97.")
    art2 = _art("2", "Art. 2º", "A taxa de ocupação é de 5 UPF por banca.", [
        _d(Kind.PARAGRAFO, "art2_par1", "§ 1º", "Ficam isentos os feirantes idosos."),
        _d(Kind.PARAGRAFO, "art2_par2", "§ 2º", "A taxa do caput será atualizada na forma do "
           "inciso II do art. 3º."),
    ])
    art3 = _art("3", "Art. 3º", "São deveres do feirante:", caput_children=[
        _d(Kind.INCISO, "art3_cpt_inc1", "I", "manter a banca limpa;"),
        _d(Kind.INCISO, "art3_cpt_inc2", "II", "afixar a tabela de preços:", [
            _d(Kind.ALINEA, "art3_cpt_inc2_ali1", "a)", "em local visível;"),
            _d(Kind.ALINEA, "art3_cpt_inc2_ali2", "b)", "com letras legíveis:", [
                _d(Kind.ITEM, "art3_cpt_inc2_ali2_ite1", "1.", "de ao menos 2 cm;"),
                _d(Kind.ITEM, "art3_cpt_inc2_ali2_ite2", "2.", "em cor contrastante."),
            ]),
        ]),
    ])
    art4 = _art("4", "Art. 4º", "A fiscalização cabe à Secretaria de Agricultura.", [
        _d(Kind.PARAGRAFO, "art4_par1u", "Parágrafo único",
           "O regulamento disporá sobre o horário das feiras."),
    ])
    art5 = _art("5", "Art. 5º", "Fica revogada a Lei nº 90, de 1º de fevereiro de 2019.")
    art6 = _art("6", "Art. 6º", "Esta Lei entra em vigor na data de sua publicação.")
    cap1 = Agrupador(AgrupadorKind.CAPITULO, "cap1", "Capítulo I", nome="DAS FEIRAS LIVRES",
                     children=[art1, art2])
    sec1 = Agrupador(AgrupadorKind.SECAO, "cap2_sec1", "Seção I", nome="Dos Deveres",
                     children=[art3])
    cap2 = Agrupador(AgrupadorKind.CAPITULO, "cap2", "Capítulo II",
                     nome="DOS FEIRANTES E DA FISCALIZAÇÃO", children=[sec1, art4])
    cap3 = Agrupador(AgrupadorKind.CAPITULO, "cap3", "Capítulo III",
                     nome="DISPOSIÇÕES FINAIS", children=[art5, art6])
    return Norma(
        tipo="Lei", numero="100", data="2020-05-04", urn=LEI_100, localidade="Vila Exemplo-SP",
        epigrafe="LEI Nº 100, DE 4 DE MAIO DE 2020",
        ementa="Dispõe sobre as feiras livres & os mercados municipais.",
        preambulo=["O PREFEITO DE VILA EXEMPLO faz saber que a Câmara Municipal aprovou e ele "
                   "sanciona a seguinte Lei:"],
        articulacao=[cap1, cap2, cap3],
        fecho=["Vila Exemplo-SP, 4 de maio de 2020."],
        assinaturas=[Signature("Fulano de Tal", "Prefeito Municipal")],
    )


def lei_100() -> Norma:
    """Lei nº 100/2020 of Vila Exemplo (feiras livres) with its history, as the corpus builds
    it (``amend.apply``): Lei nº 120/2021 gives art. 2º and art. 4º new wordings, revokes
    art. 2º § 1º and includes art. 3º-A; Lei nº 130/2022 gives art. 4º another wording."""
    by_120 = Event("redacao", **BY_120)
    norma = apply(lei_100_original(), [
        _op("redacao", "art2", "A taxa de ocupação é de 10 UPF por banca."),
        _op("revogacao", "art2_par1"),
        _op("inclusao", "art3-1", "O feirante poderá aceitar pagamento eletrônico."),
        _op("redacao", "art4", "A fiscalização cabe à Secretaria de Fazenda."),
    ], by_120)
    return apply(norma, [_op("redacao", "art4", "A fiscalização cabe à Secretaria de Abastecimento.")],
                 Event("redacao", **BY_130))


def lei_120() -> Norma:
    quoted = Alteracao("art1_cpt_alt1", LEI_100, [
        _art("2", "Art. 2º", "A taxa de ocupação é de 10 UPF por banca."),
        _d(Kind.OMISSIS, "art2_omi1", None)], nota="NR")
    art1 = _art("1", "Art. 1º", "O art. 2º da Lei nº 100, de 4 de maio de 2020, passa a vigorar "
                "com a redação abaixo, e fica revogado o seu § 1º:",
                caput_kw={"alteracoes": [quoted]})
    art2 = _art("2", "Art. 2º", "Esta Lei entra em vigor na data de sua publicação.")
    return Norma(tipo="Lei", numero="120", data="2021-03-01", urn=LEI_120,
                 ementa="Altera a Lei nº 100, de 4 de maio de 2020.", articulacao=[art1, art2])


def decreto_15() -> Norma:
    art1 = _art("1", "Art. 1º", "As feiras livres de que trata o art. 1º da Lei nº 100, de 4 de "
                "maio de 2020, funcionarão das 6h às 13h.")
    return Norma(tipo="Decreto", numero="15", data="2021-04-10", urn=DEC_15,
                 ementa="Regulamenta o horário das feiras livres.", articulacao=[art1])


def fictional_corpus() -> SiteCorpus:
    """Four acts of Vila Exemplo-SP (one without text), with relations and history."""
    lei90 = Norma(tipo="Lei", numero="90", data="2019-02-01", urn=LEI_90,
                  ementa="Dispõe sobre o comércio ambulante.", situacao=Situacao.REVOGADO,
                  events=[Event("revogacao", LEI_100, "Lei nº 100, de 4 de maio de 2020",
                                "2020-05-04")])
    return SiteCorpus([
        SiteAct(lei90, "sp-vila-exemplo/lei-90-2019", VILA, texto_disponivel=False,
                motivo_indisponivel="O texto deste ato não está disponível no acervo.",
                fonte="Citado pela *Lei nº 100/2020*."),
        SiteAct(lei_100(), "sp-vila-exemplo/lei-100-2020", VILA, orgao="Prefeitura Municipal",
                relations=[Relation("revoga", LEI_100, LEI_90, "art5")]),
        SiteAct(lei_120(), "sp-vila-exemplo/lei-120-2021", VILA,
                relations=[Relation("altera", LEI_120, LEI_100, "art1")]),
        SiteAct(decreto_15(), "sp-vila-exemplo/decreto-15-2021", VILA,
                relations=[Relation("regulamenta", DEC_15, LEI_100, "art1")]),
    ], nome="Diário Oficial de Vila Exemplo")


# --- generated corpus for the benchmark ---------------------------------------------------

WORDS = ("serviço público permissão veículo condutor taxa fiscalização município secretaria "
         "prazo multa registro cadastro licença alvará vistoria tarifa passageiro transporte "
         "feira mercado banca horário regulamento infração penalidade recurso notificação "
         "documento certidão contribuinte imposto obra calçada praça iluminação").split()


def _sentence(rng: random.Random, n: int) -> str:
    words = [rng.choice(WORDS) for _ in range(n)]
    return words[0].capitalize() + " " + " ".join(words[1:]) + "."


def _generated_article(rng: random.Random, n: int, cite: str | None) -> Dispositivo:
    aid = f"art{n}"
    caput_text = _sentence(rng, rng.randint(12, 30))
    if cite:
        caput_text = caput_text[:-1] + f", nos termos {cite}."
    incisos = [_d(Kind.INCISO, f"{aid}_cpt_inc{i}", int_to_roman(i), _sentence(rng, 8)[:-1] + ";",
                  [_d(Kind.ALINEA, f"{aid}_cpt_inc{i}_ali{j}", f"{int_to_letter(j)})",
                      _sentence(rng, 6)) for j in range(1, rng.choice((1, 1, 3)))])
               for i in range(1, rng.choice((1, 1, 2, 4)))]
    pars = rng.choice((0, 0, 1, 2))
    paragraphs = [_d(Kind.PARAGRAFO, f"{aid}_par1u", "Parágrafo único", _sentence(rng, 15))] \
        if pars == 1 else [_d(Kind.PARAGRAFO, f"{aid}_par{k}", label_for("paragrafo", Number(k)),
                              _sentence(rng, 15)) for k in range(1, pars + 1)]
    return _art(str(n), label_for("artigo", Number(n)), caput_text, paragraphs, incisos)


def _amend(art: Dispositivo, event: Event, rng: random.Random) -> None:
    """Give ``art`` (in place: it was just built) a new wording or a revoked paragraph."""
    cpt = art.caput
    if cpt is None:
        return
    if len(art.children) > 1 and rng.random() < 0.3:
        par = art.children[1]
        par.situacao = Situacao.REVOGADO
        revoke = Event("revogacao", event.act_urn, event.act_label, event.date)
        par.history = [Version(par.text, ORIGINAL),
                       Version(par.text, revoke, start=event.date, situacao=Situacao.REVOGADO)]
        return
    new = _sentence(rng, 20)
    cpt.history = [Version(cpt.text, ORIGINAL), Version(new, event, start=event.date)]
    cpt.text = new


def generated_corpus(n: int = 1000, articles: int = 50, seed: int = 7) -> SiteCorpus:
    """``n`` laws and decrees in five municipalities; one in three amended by the next act."""
    rng = random.Random(seed)
    places = [Municipio(f"sp-cidade-{k}", f"Cidade {k}", "SP") for k in range(1, 6)]
    acts: list[SiteAct] = []
    for i in range(n):
        mun = places[i % len(places)]
        tipo = "Lei" if i % 4 else "Decreto"
        numero = str(1000 + i)
        year = 2000 + (i * 23) // n
        data = f"{year}-{1 + i % 12:02d}-{1 + i % 28:02d}"
        act_urn = (f"urn:lex:br;sao.paulo;cidade.{mun.slug.rsplit('-', 1)[1]}:municipal:"
                   f"{tipo.lower()}:{data};{numero}")
        arts = []
        for a in range(1, articles + 1):
            cite = None
            if a % 10 == 0:
                cite = f"do art. {rng.randint(1, articles)}"
            elif a % 17 == 0 and i > len(places):
                prev = acts[i - len(places)].norma
                cite = f"da Lei nº {prev.numero}, de {prev.data[:4]}" if prev.tipo == "Lei" \
                    else f"do Decreto nº {prev.numero}"
            arts.append(_generated_article(rng, a, cite))
        if i % 3 == 1:
            label = f"Lei nº {2000 + i}, de 1º de março de {year + 1}"
            event = Event("redacao", f"{act_urn}-alt", label, f"{year + 1}-03-01")
            for art in rng.sample(arts, 5):
                _amend(art, event, rng)
        chapters = [Agrupador(AgrupadorKind.CAPITULO, f"cap{c + 1}", f"Capítulo {int_to_roman(c + 1)}",
                              nome=" ".join(rng.choice(WORDS) for _ in range(3)).upper(),
                              children=arts[c * 10:(c + 1) * 10])
                    for c in range((len(arts) + 9) // 10)]
        norma = Norma(tipo=tipo, numero=numero, data=data, urn=act_urn,
                      ementa=_sentence(rng, 12), articulacao=chapters)
        acts.append(SiteAct(norma, f"{mun.slug}/{tipo.lower()}-{numero}-{year}", mun))
    return SiteCorpus(acts, nome="Diário Oficial — corpus gerado")
