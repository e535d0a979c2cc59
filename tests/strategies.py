"""Hypothesis strategies for random, structurally valid Normas (reusable by every test module).

``normas()`` draws a whole act: metadata, epígrafe/ementa/preâmbulo, an articulação of artigos
(numbered 1, 2, … with inserted "-A" articles), each with a caput and parágrafos (one "único"
or several), incisos, alíneas, itens; optionally grouped in capítulos/seções (and títulos);
fecho and signatures. Ids, numbers and rótulos are consistent with the model's conventions
(``LexId``, ``label_for``). Switches:

- ``text``: the strategy for every own text. ``xml_text()`` (default) stresses escaping —
  ``<``, ``&``, quotes, accents, dashes, emoji; ``legal_text()`` gives plain Portuguese sentences
  that a text reader cannot mistake for a label (use it for txt/markdown round trips).
- ``rich``: also draw the facts only lossless formats keep — printed labels, separators, line
  spans, histories (redação dada / revogado), situação, quoted alteration blocks with omissis,
  agrupadores without a label, accompanying documents, provenance.
- ``flexible``: also allow alíneas directly under a parágrafo (Pedra Preta art. 55 style).
- ``titulos``: allow a Título level above capítulos (ids ``tit1_cap1``).

Every drawn Norma satisfies: unique ids; article ids without agrupador prefixes; caput first;
``history[-1].text == text`` and ``history[-1].situacao == situacao`` when history is non-empty.
"""

from __future__ import annotations

import re
from datetime import date as _date, timedelta

from hypothesis import strategies as st

from lexconsolida.model.efficacy import KINDS, Decision, Efficacy

from lexconsolida.model import (
    Agrupador,
    AgrupadorKind,
    Alteracao,
    Dispositivo,
    Documento,
    Event,
    Kind,
    Norma,
    Number,
    Provenance,
    Signature,
    Situacao,
    Version,
    label_for,
)
from lexconsolida.model.ids import LexId
from lexconsolida.model.numbering import AGRUPADOR_NAMES, int_to_roman

WORDS = (
    "o", "a", "os", "as", "de", "do", "da", "em", "no", "na", "e", "ou", "para", "com", "sem",
    "município", "poder", "executivo", "servidor", "taxa", "licença", "prazo", "dias", "multa",
    "fiscalização", "órgão", "competente", "regulamento", "infração", "atividade", "serviço",
    "público", "contribuinte", "cadastro", "alvará", "sanitária", "ambiental", "obra", "lote",
    "será", "deverá", "poderá", "fica", "instituído", "aplicada", "observado", "disposto",
)
_XML_CHARS = st.characters(
    codec="utf-8",
    blacklist_categories=("Cs", "Cc"),
    blacklist_characters="\ufffe\uffff",
)


def xml_text(min_size: int = 1, max_size: int = 60) -> st.SearchStrategy[str]:
    """Single-line text that stresses XML escaping: <, &, quotes, accents, dashes, emoji."""
    special = st.sampled_from(["<", ">", "&", "&amp;", '"', "'", "“", "”", "–", "º", "ç", "ã", "😀", "]]>"])
    chunk = st.one_of(st.text(_XML_CHARS, min_size=1, max_size=8), special)
    return st.lists(chunk, min_size=min_size, max_size=max(min_size, max_size // 4)).map("".join)


def legal_text(min_words: int = 2, max_words: int = 14) -> st.SearchStrategy[str]:
    """A plain sentence ('o município deverá …;'): starts lower-case, no label-like prefix."""
    words = st.lists(st.sampled_from(WORDS), min_size=min_words, max_size=max_words)
    end = st.sampled_from([";", ".", ":", "; e", "; ou"])
    return st.tuples(words, end).map(lambda t: " ".join(t[0]) + t[1])


def _numbers(draw, n_min: int, n_max: int, suffixes: bool) -> list[Number]:
    """1, 2, 3 … with an occasional inserted 'N-A' after N."""
    count = draw(st.integers(n_min, n_max))
    out: list[Number] = []
    for i in range(1, count + 1):
        out.append(Number(i))
        if suffixes and draw(st.integers(0, 5)) == 0:
            out.append(Number(i, ("A",)))
    return out


class _Ctx:
    def __init__(self, draw, text, rich: bool, flexible: bool) -> None:
        self.draw, self.text, self.rich, self.flexible = draw, text, rich, flexible
        self.line = 1

    def lines(self):
        if not self.rich or not self.draw(st.booleans()):
            return None
        start = self.line
        self.line += self.draw(st.integers(1, 3))
        return (start, self.line - 1)

    def history(self, text: str, situacao: Situacao) -> list[Version]:
        if not self.rich or situacao in (Situacao.VETADO, Situacao.SUPRIMIDO) or self.draw(st.integers(0, 3)) != 0:
            return []
        act = Event("redacao", "urn:lex:br:federal:lei:2020-01-02;10", "Lei nº 10, de 2 de janeiro de 2020",
                    "2020-01-02")
        out = [Version(self.draw(self.text), Event("original"))]
        if situacao is Situacao.REVOGADO:
            out[0].end = "2021-03-04"
            out.append(Version(text, Event("revogacao", None, "Lei nº 11, de 4 de março de 2021", "2021-03-04",
                                           note="nota <livre> & \"aspas\""),
                               start="2021-03-04", situacao=Situacao.REVOGADO))
        else:
            out[0].end = act.date
            out.append(Version(text, act, start=act.date, rotulo=self.draw(st.none() | st.just("Art. 9º"))))
        return out

    def unit(self, kind: Kind, node_id: str, number: Number | None, *, unico: bool = False,
             children=()) -> Dispositivo:
        draw = self.draw
        text = "" if kind is Kind.ARTIGO else draw(self.text)
        if kind in (Kind.CAPUT, Kind.PARAGRAFO) and text[:1].islower():
            text = text[0].upper() + text[1:]  # LC 95 art. 11: caput and § open a sentence
        rotulo = None if kind is Kind.CAPUT else label_for(kind.value, number, unico=unico)
        d = Dispositivo(kind, node_id, rotulo=rotulo, number=None if unico else number, text=text,
                        children=list(children))
        if self.rich and kind is not Kind.CAPUT:
            d.rotulo_printed = draw(st.none() | st.just(rotulo) | st.just((rotulo or "").upper() + "0"))
            d.separator = draw(st.none() | st.sampled_from([" – ", " - ", ". ", ")"]))
        if self.rich and kind not in (Kind.ARTIGO, Kind.CAPUT):
            d.situacao = draw(st.sampled_from([Situacao.VIGENTE] * 6 + list(Situacao)))
        d.lines = self.lines()
        if kind is not Kind.ARTIGO:
            d.history = self.history(d.text, d.situacao)
        return d


def _itens(ctx: _Ctx, parent: LexId) -> list[Dispositivo]:
    nums = _numbers(ctx.draw, 0, 2, False)
    return [ctx.unit(Kind.ITEM, str(parent.child("item", n)), n) for n in nums]


def _alineas(ctx: _Ctx, parent: LexId, max_n: int = 3) -> list[Dispositivo]:
    out = []
    # No inserted alíneas: label_for writes 'a-a)', the text reader expects 'a-A)' (unsettled).
    for n in _numbers(ctx.draw, 0, max_n, False):
        aid = parent.child("alinea", n)
        out.append(ctx.unit(Kind.ALINEA, str(aid), n, children=_itens(ctx, aid)))
    return out


def _incisos(ctx: _Ctx, parent: LexId) -> list[Dispositivo]:
    out = []
    for n in _numbers(ctx.draw, 0, 3, True):
        iid = parent.child("inciso", n)
        out.append(ctx.unit(Kind.INCISO, str(iid), n, children=_alineas(ctx, iid)))
    return out


def _paragrafos(ctx: _Ctx, art: LexId) -> list[Dispositivo]:
    draw = ctx.draw
    shape = draw(st.sampled_from(["none", "unico", "many"]))
    if shape == "none":
        return []
    if shape == "unico":
        pid = art.child("paragrafo", None, unico=True)
        return [ctx.unit(Kind.PARAGRAFO, str(pid), None, unico=True, children=_incisos(ctx, pid))]
    out = []
    for n in _numbers(draw, 2, 3, True):
        pid = art.child("paragrafo", n)
        if ctx.flexible and draw(st.integers(0, 3)) == 0:
            kids = _alineas(ctx, pid, 2) or _incisos(ctx, pid)
        else:
            kids = _incisos(ctx, pid)
        out.append(ctx.unit(Kind.PARAGRAFO, str(pid), n, children=kids))
    return out


def _alteracao(ctx: _Ctx, host: LexId) -> Alteracao:
    """A quoted block: one quoted artigo (caput, omissis, an inciso), then a closing omissis."""
    draw = ctx.draw
    aid = f"{host}_alt1"
    n = Number(draw(st.integers(1, 30)))
    art = LexId(f"art{n.id_part}")
    inc = ctx.unit(Kind.INCISO, f"{art}_cpt_inc3", Number(3))
    caput = ctx.unit(Kind.CAPUT, f"{art}_cpt", None,
                     children=[Dispositivo(Kind.OMISSIS, f"{art}_cpt_omi1", text="......"), inc])
    quoted = ctx.unit(Kind.ARTIGO, str(art), n, children=[caput])
    return Alteracao(aid, base_urn="urn:lex:br;sao.paulo;campinas:municipal:lei:2001-02-03;100",
                     children=[quoted, Dispositivo(Kind.OMISSIS, "omi1")],
                     nota=draw(st.sampled_from(["NR", "AC", None])),
                     raw=draw(st.just("") | ctx.text), lines=ctx.lines())


def _artigo(ctx: _Ctx, n: Number) -> Dispositivo:
    art = LexId(f"art{n.id_part}")
    cpt = art.child("caput", None)
    caput = ctx.unit(Kind.CAPUT, str(cpt), None, children=_incisos(ctx, art))
    if ctx.rich and ctx.draw(st.integers(0, 6)) == 0:
        caput.alteracoes = [_alteracao(ctx, cpt)]
    return ctx.unit(Kind.ARTIGO, str(art), n, children=[caput, *_paragrafos(ctx, art)])


def _heading_name(text: str) -> str:
    """'DAS INFRAÇÕES' from a sentence: upper case, no closing punctuation or conjunction."""
    return re.sub(r"(?:[;.:,]+(?: E| OU)?)+$", "", text.upper()) or "DISPOSIÇÕES GERAIS"


def _agrupador(ctx: _Ctx, kind: AgrupadorKind, node_id: str, n: int, children) -> Agrupador:
    draw = ctx.draw
    number = Number(n)
    a = Agrupador(kind, node_id, rotulo=f"{AGRUPADOR_NAMES[kind.value]} {int_to_roman(n)}",
                  number=number, nome=draw(st.none() | ctx.text.map(_heading_name)), children=list(children))
    if ctx.rich:
        if draw(st.integers(0, 4)) == 0:
            a.rotulo = None  # a heading printed without its label line
        a.rotulo_printed = draw(st.none() | st.just(a.rotulo))
        a.lines = ctx.lines()
    return a


def _articulacao(ctx: _Ctx, articles: list[Dispositivo], titulos: bool) -> list:
    draw = ctx.draw
    shape = draw(st.sampled_from(["flat", "capitulos", "secoes"] + (["titulos"] if titulos else [])))
    if shape == "flat" or len(articles) < 2:
        return articles
    cut = draw(st.integers(1, len(articles) - 1))
    halves = [articles[:cut], articles[cut:]]
    if shape == "capitulos":
        return [_agrupador(ctx, AgrupadorKind.CAPITULO, f"cap{i}", i, h) for i, h in enumerate(halves, 1)]
    if shape == "secoes":
        secs = [_agrupador(ctx, AgrupadorKind.SECAO, f"cap1_sec{i}", i, h) for i, h in enumerate(halves, 1)]
        return [_agrupador(ctx, AgrupadorKind.CAPITULO, "cap1", 1, secs)]
    caps = [_agrupador(ctx, AgrupadorKind.CAPITULO, f"tit1_cap{i}", i, h) for i, h in enumerate(halves, 1)]
    return [_agrupador(ctx, AgrupadorKind.TITULO, "tit1", 1, caps)]


@st.composite
def normas(draw, *, text: st.SearchStrategy[str] | None = None, rich: bool = True,
           flexible: bool = True, titulos: bool = True, max_articles: int = 5) -> Norma:
    """A random, structurally valid Norma (see the module docstring for the switches)."""
    text = xml_text() if text is None else text
    ctx = _Ctx(draw, text, rich, flexible)
    articles = [_artigo(ctx, n) for n in _numbers(draw, 1, max_articles, True)]
    numero = draw(st.integers(1, 9999))
    data = draw(st.dates(min_value=__import__("datetime").date(1950, 1, 1))).isoformat()
    tipo = draw(st.sampled_from(["Lei", "Lei Complementar", "Decreto", "Minuta de Lei"]))
    n = Norma(
        tipo=tipo, numero=str(numero), data=data,
        urn=draw(st.none() | st.just(f"urn:lex:br;mato.grosso;cuiaba:municipal:lei:{data};{numero}")),
        localidade=draw(st.none() | st.just("Cuiabá-MT")),
        epigrafe=draw(st.none() | st.just(f"{tipo.upper()} Nº {numero}")),
        ementa=draw(st.none() | text),
        preambulo=draw(st.lists(text, max_size=2)),
        articulacao=_articulacao(ctx, articles, titulos),
        fecho=draw(st.lists(text, max_size=1)),
        assinaturas=draw(st.lists(st.builds(Signature, text, st.none() | text), max_size=2)),
    )
    if rich:
        n.documentos = draw(st.lists(st.builds(
            Documento, st.just("Indicação"), text,
            st.fixed_dictionaries({"autor": text, "normas_citadas": st.lists(text, max_size=2)}),
        ), max_size=1))
        n.anexos = draw(st.lists(text, max_size=1))
        n.provenance = Provenance(path=draw(st.none() | st.just("statutes/x/fonte.txt")),
                                  sha256=draw(st.none() | st.just("ab" * 32)),
                                  encoding=draw(st.none() | st.just("cp1252")), reader="text")
        n.situacao = draw(st.sampled_from([Situacao.VIGENTE, Situacao.REVOGADO]))
        n.events = draw(st.lists(st.just(Event("revogacao", "urn:lex:br:federal:lei:2022-01-01;1",
                                                "Lei nº 1, de 1º de janeiro de 2022", "2022-01-01")), max_size=1))
        n.vigencia = draw(st.none() | st.just(data))
        n.publicacao = draw(st.none() | st.just(data))
        n.eficacia = draw(st.lists(_efficacy(draw, text, [d.id for d in n.dispositivos()]), max_size=2))
        n.as_of = draw(st.none() | st.dates(min_value=__import__("datetime").date(1950, 1, 1)).map(str))
    return n


def _efficacy(draw, text, ids: list[str]) -> st.SearchStrategy[Efficacy]:
    """Efficacy events of any kind, on the whole act or on some of its units, with dates in
    order (each structurally valid, as the ledger accepts them)."""
    day = st.dates(min_value=_date(1950, 1, 1)).map(str)

    def build(kind, tipo, numero, decided, units, start, note, via, days):
        decision = None if kind == "efeitos" and via is None and days % 2 else Decision(
            tipo, numero, "TJXX", decided, None, "https://exemplo.invalid/d" if days % 3 == 0 else None)
        end = None
        if kind == "suspensao" and days % 2:
            end = str(_date.fromisoformat(start or decided) + timedelta(days=days + 1))
        if kind == "efeitos":
            start = start or decided
        return Efficacy(kind, decision, units, start, end, note, "art1" if kind == "efeitos" and decision is None else None,
                        via, "Lei nº 7, de 1º de janeiro de 2000" if via else None, None,
                        f"e{days}-{kind}", None)
    return st.builds(build, st.sampled_from(sorted(KINDS)), st.sampled_from(["ADI", "RE", "Resolução"]),
                     st.from_regex(r"[0-9]{1,6}", fullmatch=True), day,
                     st.lists(st.sampled_from(ids), max_size=2, unique=True).map(tuple) if ids else st.just(()),
                     st.none() | day, st.none() | st.just("nota <&> da decisão"),
                     st.none() | st.just("urn:lex:br;x;y:municipal:lei:2000-01-01;7"), st.integers(0, 400))


def fictional_law(*, flexible: bool = False) -> Norma:
    """A small hand-made law exercising every construct (golden tests of every writer).

    Lei nº 123, de 4 de maio de 2021, of the fictional Município de Vila Serena-MT: two
    capítulos (the second with two seções), Art. 2º-A inserted, a Parágrafo único, incisos,
    alíneas, itens, an inciso whose wording was changed and one revoked (with history), an
    amending article with a quoted block (omissis, "(NR)"), fecho and signatures. With
    ``flexible=True`` Art. 5 also has alíneas directly under its § 1º (flexible profile only).
    """
    redacao = Event("redacao", "urn:lex:br;mato.grosso;vila.serena:municipal:lei:2022-03-01;130",
                    "Lei nº 130, de 1º de março de 2022", "2022-03-01")
    revoga = Event("revogacao", "urn:lex:br;mato.grosso;vila.serena:municipal:lei:2023-06-15;150",
                   "Lei nº 150, de 15 de junho de 2023", "2023-06-15")
    D, K, N = Dispositivo, Kind, Number

    def inc(parent, n, text, *children, **kw):
        return D(K.INCISO, f"{parent}_inc{n}", rotulo=int_to_roman(n), rotulo_printed=int_to_roman(n),
                 number=N(n), text=text, children=list(children), separator=" – ", **kw)

    def ali(parent, n, text, *children):
        letter = "abcdefgh"[n - 1]
        return D(K.ALINEA, f"{parent}_ali{n}", rotulo=f"{letter})", rotulo_printed=f"{letter})",
                 number=N(n), text=text, children=list(children), separator=" ")

    def art(n, caput, *paras, suffix=(), caput_children=(), alteracoes=()):
        num = N(n, suffix)
        aid = f"art{num.id_part}"
        label = label_for("artigo", num)
        cpt = D(K.CAPUT, f"{aid}_cpt", text=caput, children=list(caput_children), alteracoes=list(alteracoes))
        return D(K.ARTIGO, aid, rotulo=label, rotulo_printed=label, number=num, children=[cpt, *paras],
                 separator=" ")

    def par(aid, n, text, *children, unico=False):
        pid = f"{aid}_par1u" if unico else f"{aid}_par{n}"
        label = label_for("paragrafo", None if unico else N(n), unico=unico)
        return D(K.PARAGRAFO, pid, rotulo=label, rotulo_printed=label, number=None if unico else N(n),
                 text=text, children=list(children), separator=". " if unico else " ")

    old_inc2 = "a licença ambiental, quando exigida;"
    new_inc2 = "a licença ambiental, quando exigida pelo órgão competente;"
    inc2 = inc("art2_cpt", 2, new_inc2, history=[
        Version(old_inc2, Event("original"), end="2022-03-01"),
        Version(new_inc2, redacao, start="2022-03-01"),
    ])
    inc3_text = "o alvará de funcionamento anterior."
    inc3 = inc("art2_cpt", 3, inc3_text, situacao=Situacao.REVOGADO, history=[
        Version(inc3_text, Event("original"), end="2023-06-15"),
        Version(inc3_text, revoga, start="2023-06-15", situacao=Situacao.REVOGADO),
    ])
    art1 = art(1, "Esta Lei institui a Taxa de Licença & Fiscalização de \"Obras\" <TLFO> no Município.")
    art2 = art(2, "O pedido de licença será instruído com:", caput_children=[
        inc("art2_cpt", 1, "o projeto aprovado;",
            ali("art2_cpt_inc1", 1, "planta de situação;"),
            ali("art2_cpt_inc1", 2, "memorial descritivo, contendo:",
                D(K.ITEM, "art2_cpt_inc1_ali2_ite1", rotulo="1.", rotulo_printed="1.", number=N(1),
                  text="a área construída;", separator=" "),
                D(K.ITEM, "art2_cpt_inc1_ali2_ite2", rotulo="2.", rotulo_printed="2.", number=N(2),
                  text="o número de pavimentos.", separator=" "))),
        inc2, inc3,
    ])
    art2a = art(2, "A licença terá validade de dois anos.", par("art2-1", 0, "A renovação é gratuita.", unico=True),
                suffix=("A",))
    art3 = art(3, "O valor da taxa é de 10 (dez) UPF por metro quadrado.",
               par("art3", 1, "O valor será reduzido à metade para habitação popular."),
               par("art3", 2, "Ficam isentos:",
                   inc("art3_par2", 1, "os templos de qualquer culto;"),
                   inc("art3_par2", 2, "as entidades assistenciais.")))
    art4 = art(4, "A infração a esta Lei sujeita o infrator a multa de 5 (cinco) UPF.")
    p1_children = ([ali("art5_par1", 1, "a primeira comunicação;"), ali("art5_par1", 2, "a segunda.")]
                   if flexible else [])
    art5 = art(5, "A fiscalização caberá à Secretaria de Obras.",
               par("art5", 1, "Serão lavrados em duas vias:", *p1_children),
               par("art5", 2, "O auto de infração indicará o prazo de defesa."))
    quoted = D(K.ARTIGO, "art7", rotulo="Art. 7º", rotulo_printed="Art. 7º", number=N(7), separator=" ", children=[
        D(K.CAPUT, "art7_cpt", text="O Código de Posturas aplica-se às obras licenciadas.", children=[
            D(K.OMISSIS, "art7_cpt_omi1", text="......................."),
            D(K.INCISO, "art7_cpt_inc4", rotulo="IV", rotulo_printed="IV", number=N(4),
              text="às demolições.", separator=" – "),
        ]),
    ])
    alteracao = Alteracao("art6_cpt_alt1", base_urn="urn:lex:br;mato.grosso;vila.serena:municipal:lei:2010-02-02;50",
                          children=[quoted], nota="NR",
                          raw="“Art. 7º O Código de Posturas aplica-se às obras licenciadas.\n"
                              "…………………….\nIV – às demolições.” (NR)")
    art6 = art(6, "A Lei nº 50, de 2 de fevereiro de 2010, passa a vigorar com a seguinte alteração:",
               alteracoes=[alteracao])
    art7 = art(7, "Esta Lei entra em vigor na data de sua publicação.")
    cap1 = Agrupador(AgrupadorKind.CAPITULO, "cap1", rotulo="Capítulo I", rotulo_printed="CAPÍTULO I",
                     number=N(1), nome="DA TAXA", children=[art1, art2, art2a, art3])
    sec1 = Agrupador(AgrupadorKind.SECAO, "cap2_sec1", rotulo="Seção I", rotulo_printed="SEÇÃO I",
                     number=N(1), nome="DAS INFRAÇÕES", children=[art4, art5])
    sec2 = Agrupador(AgrupadorKind.SECAO, "cap2_sec2", rotulo="Seção II", rotulo_printed="SEÇÃO II",
                     number=N(2), nome="DISPOSIÇÕES FINAIS", children=[art6, art7])
    cap2 = Agrupador(AgrupadorKind.CAPITULO, "cap2", rotulo="Capítulo II", rotulo_printed="CAPÍTULO II",
                     number=N(2), nome="DA FISCALIZAÇÃO", children=[sec1, sec2])
    return Norma(
        tipo="Lei", numero="123", data="2021-05-04",
        urn="urn:lex:br;mato.grosso;vila.serena:municipal:lei:2021-05-04;123",
        localidade="Vila Serena-MT",
        epigrafe="LEI Nº 123, DE 4 DE MAIO DE 2021",
        ementa="Institui a Taxa de Licença e Fiscalização de Obras e dá outras providências.",
        preambulo=["O PREFEITO MUNICIPAL DE VILA SERENA, Estado de Mato Grosso, faz saber que a Câmara "
                   "Municipal aprovou e ele sanciona a seguinte Lei:"],
        articulacao=[cap1, cap2],
        fecho=["Vila Serena-MT, 4 de maio de 2021."],
        assinaturas=[Signature("JOÃO DA SILVA", "Prefeito Municipal")],
        provenance=Provenance(path="statutes/vila-serena/lei-123-2021/fonte.txt", reader="text"),
    )
