"""Hypothesis strategies for amending sentences over small generated laws (issue 34, item 5).

A **case** (:class:`Caso`) is a small municipal law (:class:`Lei`, generated: artigos with caput,
parágrafos — numbered or único —, incisos, alíneas, itens, sometimes capítulos and seções) and an
amending act of one to three **sentences** (:class:`Frase`, one per article of the act), each
with what it must do to the law, known by construction: the law decides which units exist, the
generator picks the targets among them (or, on purpose, one that does not exist) and writes
the sentence. Nothing here reads the sentence back: the expected effect is built beside the
words, never from them.

What a sentence expects (``Frase.espera``):

- ``certa``: one reading, the one in ``mudancas`` (unit id → its state after: the new text,
  ``REVOGADO``, or ``None`` for a unit that is no longer there). Held for a person, it is a
  needless question (counted, not a defect); applied otherwise, a wrong text.
- ``pergunta``: only a person can apply it (a part of a unit, a table's field, a condition, a
  unit the law lacks …): applied, whatever the result, it is a wrong text.
- ``qualquer``: a question or the effect in ``mudancas`` (e.g. the words removed from a unit —
  the tool may not know how to remove words yet —, or a new caput when the artigo has a
  parágrafo único the quoted text does not mention).

``Frase.forma`` is the sentence's shape, a flat dict of strings (``familia``, ``unidade``,
``lista``, ``verbo``, ``marcador`` …): the known failures of ``falhas_conhecidas.toml`` name the
shapes they cover by these keys, and the bench counts failures by them.

**Adding a family.** Write a strategy ``familia_x(draw, lei, used) -> Frase | None`` (decorated
``@st.composite``): draw the targets from ``lei`` (never an artigo in ``used``: the act's other
sentences touch those), render them with :func:`cite` / :func:`cite_list` / :func:`cite_law`, the
verb from a small table of (right spelling, [misspellings]) through :func:`_verb`, the quoted text
with :func:`quote_units` / :func:`quote_lines`; return a :class:`Frase` with its expectation, its
``mudancas``, its ``forma`` (:func:`_forma`, with ``familia='x'`` and the keys that tell its
shapes apart) and its ``artigos``; return None when the law has nothing the family can amend. Add
it to :data:`FAMILIAS` (name → (strategy, weight)). A family may return a list of sentences that
go together (consecutive articles; ``Frase.junto`` says which must apply together). The
expectation is the legally right one, decided by reading the sentence you wrote, never by what the
tool does today; when today's tool fails on it, run the test and add the shape to
``falhas_conhecidas.toml`` (see that file and docs/alteracoes.md, "Instruções geradas").

Noise that any family gets through :class:`Estilo` (drawn per sentence): "nº"/"n."/"n°"/no
marker, the law's year written four ways, "art."/"artigo", ordinals "º"/"°"/"o"/none, "§"/
"parágrafo"/"parágrafo primeiro", alínea letters quoted typographically, straight or bare,
commas around the path, "do caput do", typographic or straight quotes, missing accents, and the
verbs' common misspellings (seen in the Feira acervo: "acresente-se", "passam a vigora",
"fica revogadas", "De-se").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date

from hypothesis import strategies as st

REVOGADO = "(revogado)"
"""A unit's state after a revocation (or a suppression of the unit)."""
CERTA, PERGUNTA, QUALQUER = "certa", "pergunta", "qualquer"
ROMAN = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV"]
LETTERS = "abcdefghijklmnopqrstuvwxyz"
MESES = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro",
         "novembro", "dezembro"]
EXTENSO = {1: "primeiro", 2: "segundo", 3: "terceiro", 4: "quarto", 5: "quinto"}
ACT_DATE = "2030-01-02"
"""The amending act's date (that of the harness's mini act, ``tests/fixtures/instrucoes/casos.py``)."""


# --- the generated law -------------------------------------------------------------------------

@dataclass(eq=False)
class Unidade:
    """A unit of the generated law, with its LexML id."""

    tipo: str
    """'artigo', 'paragrafo', 'inciso', 'alinea', 'item'."""
    id: str
    n: int
    sufixo: str = ""
    """'A' for art. 4º-A or inciso II-A (id part '4-1')."""
    unico: bool = False
    texto: str = ""
    """Own text (an artigo: its caput's)."""
    filhos: list[Unidade] = field(default_factory=list)
    """An artigo: the caput's incisos, then the parágrafos (ids say which)."""

    @property
    def feminino(self) -> bool:
        return self.tipo == "alinea"

    def walk(self) -> Iterator[Unidade]:
        yield self
        for f in self.filhos:
            yield from f.walk()

    def rotulo(self) -> str:
        """The label as printed in the law and in a quoted text."""
        if self.tipo == "artigo":
            return f"Art. {_num(self.n, self.sufixo, 'º')}"
        if self.tipo == "paragrafo":
            return "Parágrafo único." if self.unico else f"§ {_num(self.n, self.sufixo, 'º')}"
        if self.tipo == "inciso":
            return f"{ROMAN[self.n]}{'-' + self.sufixo if self.sufixo else ''} -"
        if self.tipo == "alinea":
            return f"{LETTERS[self.n - 1]}{'-' + self.sufixo if self.sufixo else ''})"
        return f"{self.n}."

    def line(self, text: str | None = None) -> str:
        return f"{self.rotulo()} {self.texto if text is None else text}"


@dataclass(eq=False)
class Agrupador:
    tipo: str
    """'titulo', 'capitulo', 'secao' or 'subsecao'."""
    id: str
    n: int
    nome: str
    filhos: list = field(default_factory=list)

    @property
    def feminino(self) -> bool:
        return self.tipo in ("secao", "subsecao")

    def heading(self, nome: str | None = None) -> list[str]:
        word = {"titulo": "TÍTULO", "capitulo": "CAPÍTULO", "secao": "Seção", "subsecao": "Subseção"}[self.tipo]
        return [f"{word} {ROMAN[self.n]}", nome or self.nome]


@dataclass(eq=False)
class Lei:
    """A small law of the fictitious Vila Nova-BA: the base every sentence of a case amends."""

    numero: int
    data: str
    tema: str
    corpo: list
    """Top-level units and agrupadores, in order (the last artigo is the vigência clause)."""

    @property
    def ano(self) -> int:
        return int(self.data[:4])

    @property
    def chave(self) -> str:
        """How the harness's resolver names it (``casos.norm_key``)."""
        return f"lei {self.numero}/{self.ano}"

    def artigos(self) -> list[Unidade]:
        return [u for u in self._walk_all() if isinstance(u, Unidade) and u.tipo == "artigo"]

    def agrupadores(self) -> list[Agrupador]:
        return [u for u in self._walk_all() if isinstance(u, Agrupador)]

    def unidades(self) -> Iterator[Unidade]:
        for a in self.artigos():
            yield from a.walk()

    def _walk_all(self) -> Iterator:
        stack = list(reversed(self.corpo))
        while stack:
            node = stack.pop()
            yield node
            if isinstance(node, Agrupador):
                stack.extend(reversed(node.filhos))

    def find(self, uid: str) -> Unidade | None:
        return next((u for u in self.unidades() if u.id == uid), None)

    def parents(self) -> dict[str, Unidade]:
        out = {}
        for u in self.unidades():
            for f in u.filhos:
                out[f.id] = u
        return out

    def estado(self) -> dict[str, str]:
        """Unit id → its text (an artigo: its caput's); agrupador id → 'nome: …'; '(a lei)' → 'em
        vigor' (the whole law's state)."""
        out = {u.id: _norm(u.texto) for u in self.unidades()}
        out.update({g.id: "nome: " + _norm(g.nome) for g in self.agrupadores()})
        out["(a lei)"] = "em vigor"
        return out

    def texto(self) -> str:
        lines = [f"LEI Nº {_milhar(self.numero)}, DE {_longa(self.data).upper()}", "", f"Dispõe sobre {self.tema}.", "",
                 "O PREFEITO MUNICIPAL DE VILA NOVA-BA, no uso de suas atribuições, faz saber que a Câmara Municipal "
                 "aprovou e ele sanciona a seguinte Lei:", ""]

        def emit(node) -> None:
            if isinstance(node, Agrupador):
                lines.extend(node.heading())
                lines.append("")
                for f in node.filhos:
                    emit(f)
                return
            for u in node.walk():
                lines.append(u.line())
            lines.append("")

        for node in self.corpo:
            emit(node)
        lines += [f"Prefeitura Municipal de Vila Nova-BA, {_longa(self.data)}.", "", "FULANO DE TAL",
                  "Prefeito Municipal", ""]
        return "\n".join(lines)


def _norm(s: str) -> str:
    return " ".join(s.split())


def _num(n: int, sufixo: str = "", ordinal: str = "º") -> str:
    base = f"{n}{ordinal}" if n < 10 else str(n)
    return base + (f"-{sufixo}" if sufixo else "")


def _milhar(n: int) -> str:
    return f"{n:,}".replace(",", ".")


def _longa(iso: str) -> str:
    y, m, d = (int(x) for x in iso.split("-"))
    return f"{'1º' if d == 1 else d} de {MESES[m - 1]} de {y}"


# Texts: short Portuguese sentences of municipal law. Every unit gets one; no text looks like a
# label, a citation or an instruction, so whatever the tool reads as one came from the sentence.
SUJEITOS = ["A licença de funcionamento", "O alvará sanitário", "A taxa de ocupação do solo",
            "O cadastro dos feirantes", "A fiscalização das feiras livres", "O horário de funcionamento",
            "A multa por infração", "A comissão de avaliação", "A inscrição no cadastro municipal",
            "O termo de permissão de uso", "A vistoria sanitária", "O serviço de coleta seletiva",
            "A concessão do benefício", "O recurso administrativo", "A renovação da permissão"]
PREDICADOS = ["dependerá de requerimento do interessado", "observará as normas do regulamento",
              "terá validade de um ano", "caberá à Secretaria de Serviços Públicos",
              "obedecerá ao calendário oficial do Município", "seguirá o procedimento previsto nesta Lei",
              "constará de registro próprio", "será examinado pelo órgão de fiscalização",
              "terá prazo de noventa dias"]
COMPLEMENTOS = ["", " no prazo de trinta dias", " mediante vistoria prévia", " na forma do regulamento",
                " em dobro na reincidência", " aos domingos e feriados", " a partir do exercício seguinte"]
CAPUTS_LISTA = ["São deveres do feirante:", "Compete à Secretaria de Serviços Públicos:",
                "O requerimento será instruído com:", "Constituem infrações administrativas:",
                "São isentos da taxa de ocupação:", "O Conselho Municipal de Feiras será composto por:"]
PARAGRAFOS_LISTA = ["São zonas de feira livre:", "O regulamento disporá sobre:", "Ficam dispensados da vistoria:"]
INCISOS = ["manter a banca limpa", "respeitar o horário de funcionamento", "afixar o alvará em local visível",
           "recolher a taxa anual de ocupação", "comunicar a mudança de endereço", "usar uniforme padronizado",
           "cópia do documento de identidade", "comprovante de residência no Município",
           "a ocupação de área não autorizada", "a venda de produto sem procedência",
           "os aposentados e pensionistas", "as entidades beneficentes de assistência social",
           "dois representantes dos feirantes", "um representante da Câmara Municipal"]
INCISOS_LISTA = ["observar as normas de higiene relativas:", "zelar pela conservação:",
                 "apresentar, quando exigidos:", "a praça central e as ruas adjacentes:"]
ALINEAS = ["aos alimentos expostos à venda", "ao vestuário do feirante", "à limpeza da área ocupada",
           "aos pesos e medidas", "ao destino do lixo produzido", "ao uso de equipamentos de proteção"]
ALINEAS_LISTA = ["aos produtos de origem animal:", "às mercadorias perecíveis:"]
ITENS = ["carnes e pescados", "frutas e verduras", "laticínios e derivados", "cereais a granel",
         "produtos de limpeza"]
NOVOS = ["A permissão de uso será concedida por sorteio público", "O feirante manterá a nota fiscal dos produtos",
         "A taxa será reajustada anualmente pelo índice oficial", "O fiscal lavrará o auto de infração no ato",
         "A banca terá no máximo seis metros quadrados", "O pedido será decidido em quinze dias úteis",
         "Cabe recurso ao Prefeito no prazo de dez dias", "A feira noturna funcionará às sextas-feiras"]
NOVOS_INCISOS = ["manter extintor de incêndio na banca", "apresentar a carteira de saúde atualizada",
                 "exibir a tabela de preços em local visível", "participar do curso de boas práticas",
                 "um representante da Secretaria de Saúde", "a venda de animais silvestres"]
NOVAS_ALINEAS = ["aos utensílios de corte", "à refrigeração dos produtos", "ao acondicionamento das embalagens"]
NOVOS_ITENS = ["ovos e derivados", "mel e própolis", "plantas ornamentais"]
NOMES_CAPITULO = ["DAS DISPOSIÇÕES GERAIS", "DAS FEIRAS LIVRES", "DA LICENÇA", "DAS INFRAÇÕES E PENALIDADES",
                  "DAS DISPOSIÇÕES FINAIS"]
NOMES_SECAO = ["Da Permissão de Uso", "Da Taxa de Ocupação", "Da Fiscalização", "Do Cadastro"]
NOVOS_NOMES = ["DO COMÉRCIO AMBULANTE", "DAS FEIRAS DE ARTESANATO", "DO MERCADO MUNICIPAL"]
TEMAS = ["as feiras livres do Município", "o comércio ambulante", "a taxa de ocupação do solo urbano",
         "o Conselho Municipal de Feiras"]
VIGENCIA_BASE = "Esta Lei entra em vigor na data de sua publicação."


@st.composite
def sentences(draw, pool: list[str] = SUJEITOS) -> str:
    """A caput or parágrafo text: 'A licença de funcionamento terá validade de um ano.'"""
    return (draw(st.sampled_from(pool)) + " " + draw(st.sampled_from(PREDICADOS))
            + draw(st.sampled_from(COMPLEMENTOS)) + ".")


def _ends(items: list[Unidade], last: str = ".") -> None:
    """Incisos, alíneas, itens end ';', the last one '.' (or ':' when it opens a list)."""
    for k, u in enumerate(items):
        if u.texto.endswith(":"):
            continue
        u.texto = u.texto.rstrip(";.") + (last if k == len(items) - 1 else ";")


@st.composite
def _incisos(draw, parent_id: str, max_n: int, alineas: bool) -> list[Unidade]:
    n = draw(st.integers(2, max_n))
    texts = draw(st.lists(st.sampled_from(INCISOS), min_size=n, max_size=n, unique=True))
    out = []
    for k, t in enumerate(texts, 1):
        u = Unidade("inciso", f"{parent_id}_inc{k}", k, texto=t)
        if alineas and draw(st.integers(0, 2)) == 0:
            u.texto = draw(st.sampled_from(INCISOS_LISTA))
            m = draw(st.integers(2, 5))
            at = draw(st.lists(st.sampled_from(ALINEAS), min_size=m, max_size=m, unique=True))
            u.filhos = [Unidade("alinea", f"{u.id}_ali{j}", j, texto=a) for j, a in enumerate(at, 1)]
            if draw(st.integers(0, 3)) == 0:
                host = u.filhos[draw(st.integers(0, m - 1))]
                host.texto = draw(st.sampled_from(ALINEAS_LISTA))
                q = draw(st.integers(2, 3))
                it = draw(st.lists(st.sampled_from(ITENS), min_size=q, max_size=q, unique=True))
                host.filhos = [Unidade("item", f"{host.id}_ite{j}", j, texto=i) for j, i in enumerate(it, 1)]
                _ends(host.filhos, ";")
            _ends(u.filhos, ";")
        out.append(u)
    _ends(out)
    return out


@st.composite
def artigos(draw, n: int, sufixo: str = "") -> Unidade:
    """Artigo ``n``: a caput (alone, or opening incisos) and zero, one (único) or several parágrafos."""
    aid = f"art{n}" + ("-1" if sufixo else "")
    art = Unidade("artigo", aid, n, sufixo)
    shape = draw(st.sampled_from(["simples", "simples", "incisos", "incisos"]))
    if shape == "incisos":
        art.texto = draw(st.sampled_from(CAPUTS_LISTA))
        art.filhos = draw(_incisos(f"{aid}_cpt", 4, alineas=True))
    else:
        art.texto = draw(sentences())
    pars = draw(st.sampled_from(["nenhum", "nenhum", "unico", "varios"]))
    if pars == "unico":
        art.filhos.append(Unidade("paragrafo", f"{aid}_par1u", 1, unico=True, texto=draw(sentences())))
    elif pars == "varios":
        for k in range(1, draw(st.integers(2, 3)) + 1):
            p = Unidade("paragrafo", f"{aid}_par{k}", k, texto=draw(sentences()))
            if draw(st.integers(0, 4)) == 0:
                p.texto = draw(st.sampled_from(PARAGRAFOS_LISTA))
                p.filhos = draw(_incisos(p.id, 3, alineas=False))
            art.filhos.append(p)
    return art


@st.composite
def leis(draw) -> Lei:
    """A law of 3–6 artigos (one may be an inserted 'N-A'), sometimes in capítulos (and seções),
    closed by the vigência clause."""
    numero = draw(st.sampled_from([87, 312, 500, 1234, 2450, 3895]))
    d = date(draw(st.integers(1995, 2024)), draw(st.integers(1, 12)), draw(st.integers(1, 28)))
    count = draw(st.integers(3, 6))
    arts = [draw(artigos(k)) for k in range(1, count + 1)]
    if draw(st.integers(0, 4)) == 0:
        after = draw(st.integers(1, count))
        arts.insert(after, draw(artigos(after, "A")))
    last = Unidade("artigo", f"art{count + 1}", count + 1, texto=VIGENCIA_BASE)
    corpo: list = []
    if draw(st.booleans()) and len(arts) >= 3:
        cut = draw(st.integers(1, len(arts) - 1))
        names = draw(st.lists(st.sampled_from(NOMES_CAPITULO), min_size=2, max_size=2, unique=True))
        c1 = Agrupador("capitulo", "cap1", 1, names[0], arts[:cut])
        c2 = Agrupador("capitulo", "cap2", 2, names[1], arts[cut:] + [last])
        if draw(st.booleans()) and len(c2.filhos) >= 3:
            sn = draw(st.lists(st.sampled_from(NOMES_SECAO), min_size=2, max_size=2, unique=True))
            half = draw(st.integers(1, len(c2.filhos) - 1))
            c2.filhos = [Agrupador("secao", "cap2_sec1", 1, sn[0], c2.filhos[:half]),
                         Agrupador("secao", "cap2_sec2", 2, sn[1], c2.filhos[half:])]
        corpo = [c1, c2]
    else:
        corpo = arts + [last]
    return Lei(numero, d.isoformat(), draw(st.sampled_from(TEMAS)), corpo)


# --- how a sentence names things ----------------------------------------------------------------

@dataclass(frozen=True)
class Estilo:
    """How one sentence writes its citations (drawn per sentence)."""

    marcador: str = "nº"
    """Before the law's number: 'nº', 'n.', 'n°', 'Nº', '' (none)."""
    ano: str = "barra"
    """The law's year: 'barra' (/2020), 'extenso' (, de 10 de março de 2020), 'curto' (/20),
    'sem' (no year)."""
    municipal: bool = False
    """'Lei Municipal nº …'."""
    milhar: bool = True
    """'1.234' (else '1234')."""
    artigo: str = "art."
    """'art.', 'artigo', 'Art.'."""
    ordinal: str = "º"
    """After numbers below 10: 'º', '°', 'o', '' (none)."""
    paragrafo: str = "§"
    """'§', 'parágrafo', 'extenso' ('parágrafo primeiro')."""
    alinea: str = "tipograficas"
    """The alínea's letter in a citation: 'tipograficas' (“a”), 'retas' ("a"), 'nua' (a)."""
    aspas: str = "tipograficas"
    """Quoted text and expressions: 'tipograficas' (“ ”) or 'retas' (" ")."""
    virgulas: bool = False
    """'o inciso II, do art. 3º, da Lei …'."""
    caput: bool = False
    """'o inciso II do caput do art. 3º' (federal drafting)."""
    acentos: bool = True
    """False: the sentence (not its quoted text) without accents."""
    erro: bool = False
    """Use a common misspelling of the verb, when the family has one."""

    def forma(self) -> dict[str, str]:
        return {"marcador": self.marcador or "nenhum", "ano": self.ano, "municipal": _b(self.municipal),
                "artigo_palavra": self.artigo, "ordinal": self.ordinal or "nenhum", "paragrafo_palavra": self.paragrafo,
                "alinea_letra": self.alinea, "aspas": self.aspas, "virgulas": _b(self.virgulas),
                "caput_explicito": _b(self.caput), "acentos": _b(self.acentos)}

    def q(self, text: str) -> str:
        return f"“{text}”" if self.aspas == "tipograficas" else f'"{text}"'


def _b(x: bool) -> str:
    return "sim" if x else "nao"


estilos = st.builds(
    Estilo,
    marcador=st.sampled_from(["nº", "nº", "nº", "n.", "n°", "Nº", ""]),
    ano=st.sampled_from(["barra", "barra", "extenso", "curto", "sem"]),
    municipal=st.booleans(),
    milhar=st.booleans(),
    artigo=st.sampled_from(["art.", "art.", "artigo", "Art."]),
    ordinal=st.sampled_from(["º", "º", "º", "°", "o", ""]),
    paragrafo=st.sampled_from(["§", "§", "parágrafo", "extenso"]),
    alinea=st.sampled_from(["tipograficas", "retas", "nua"]),
    aspas=st.sampled_from(["tipograficas", "tipograficas", "retas"]),
    virgulas=st.integers(0, 4).map(lambda k: k == 0),
    caput=st.integers(0, 4).map(lambda k: k == 0),
    acentos=st.integers(0, 5).map(lambda k: k != 0),
    erro=st.integers(0, 4).map(lambda k: k == 0),
)


def cite_law(lei: Lei, est: Estilo) -> str:
    """'Lei nº 500/2020', 'Lei Municipal n. 1.234, de 10 de março de 2020', 'Lei 87' …"""
    num = _milhar(lei.numero) if est.milhar else str(lei.numero)
    s = "Lei Municipal" if est.municipal else "Lei"
    s += f" {est.marcador} {num}" if est.marcador else f" {num}"
    if est.ano == "barra":
        s += f"/{lei.ano}"
    elif est.ano == "curto":
        s += f"/{lei.ano % 100:02d}"
    elif est.ano == "extenso":
        s += f", de {_longa(lei.data)}"
    return s


def unit_name(u: Unidade, est: Estilo) -> str:
    """The unit alone: 'art. 2º', '§ 1º', 'parágrafo único', 'inciso II', 'alínea “b”', 'item 2'."""
    if u.tipo == "artigo":
        return f"{est.artigo} {_num(u.n, u.sufixo, est.ordinal)}"
    if u.tipo == "paragrafo":
        if u.unico:
            return "parágrafo único"
        if est.paragrafo == "extenso" and u.n in EXTENSO and not u.sufixo:
            return f"parágrafo {EXTENSO[u.n]}"
        word = "§" if est.paragrafo == "§" else "parágrafo"
        return f"{word} {_num(u.n, u.sufixo, est.ordinal)}"
    if u.tipo == "inciso":
        return f"inciso {ROMAN[u.n]}" + (f"-{u.sufixo}" if u.sufixo else "")
    if u.tipo == "alinea":
        return f"alínea {_letter(LETTERS[u.n - 1] + ('-' + u.sufixo if u.sufixo else ''), est)}"
    return f"item {u.n}"


def _letter(letter: str, est: Estilo) -> str:
    return {"tipograficas": f"“{letter}”", "retas": f'"{letter}"', "nua": letter}[est.alinea]


def _path(u: Unidade, parents: dict[str, Unidade], est: Estilo) -> str:
    """'inciso II do art. 3º', 'alínea “b” do inciso II do § 1º do art. 3º' (no determiner)."""
    parts = [unit_name(u, est)]
    node = u
    while node.id in parents:
        parent = parents[node.id]
        if parent.tipo == "artigo" and est.caput and "_cpt_" in node.id and node.tipo == "inciso":
            parts.append("do caput")
        parts.append(_de(parent) + " " + unit_name(parent, est))
        node = parent
    sep = ", " if est.virgulas else " "
    return sep.join(parts)


def _de(u) -> str:
    return "da" if u.feminino else "do"


def det(feminino: bool, plural: bool = False, prep: str = "") -> str:
    """Determiner with its preposition: det(True, prep='a') = 'à'; det(False, True, 'de') = 'dos'."""
    base = ("a" if feminino else "o") + ("s" if plural else "")
    if prep == "de":
        return "d" + base
    if prep == "em":
        return "n" + base
    if prep == "a":
        return ("à" + ("s" if plural else "")) if feminino else "a" + base
    return base


def cite(u: Unidade, lei: Lei, est: Estilo) -> str:
    """The unit with its path, without determiner: 'inciso II do art. 3º'."""
    return _path(u, lei.parents(), est)


PLURAL = {"artigo": "arts.", "paragrafo": "§§", "inciso": "incisos", "alinea": "alíneas", "item": "itens"}


def cite_list(us: list[Unidade], lei: Lei, est: Estilo, how: str) -> str:
    """Sibling units of one parent: 'incisos II e III do art. 3º', 'alíneas “a” a “c” do inciso
    II do art. 2º', 'arts. 2º, 3º e 5º'. ``how``: 'enumeracao' or 'intervalo' (first and last)."""
    first = us[0]
    kind = first.tipo
    word = PLURAL[kind]
    if kind == "artigo" and est.artigo == "artigo":
        word = "artigos"
    if kind == "paragrafo" and est.paragrafo != "§":
        word = "parágrafos"
    names = [unit_name(u, est).split(" ", 1)[1] for u in us]
    if how == "intervalo":
        body = f"{names[0]} a {names[-1]}"
    else:
        body = ", ".join(names[:-1]) + " e " + names[-1]
    parents = lei.parents()
    if first.id not in parents:
        return f"{word} {body}"
    rest = _path(parents[first.id], parents, est)
    caput = " do caput" if est.caput and kind == "inciso" and "_cpt_" in first.id else ""
    sep = ", " if est.virgulas else " "
    return f"{word} {body}{caput}{sep}{_de(parents[first.id])} {rest}"


def strip_accents(text: str, keep: list[str] = ()) -> str:
    """``text`` without accents, except the pieces in ``keep`` (quoted expressions)."""
    marks = {}
    for k, piece in enumerate(keep):
        token = f"\x00{k}\x00"
        marks[token] = piece
        text = text.replace(piece, token)
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    text = text.replace("§", "§")  # (NFKD keeps §; written for the reader of this function)
    for token, piece in marks.items():
        text = text.replace(token, piece)
    return text


def _verb(draw, est: Estilo, table: list[tuple[str, list[str]]]) -> tuple[str, str]:
    """(a verb template, its key for ``forma``): the right spelling, or with ``est.erro`` one of
    its misspellings when it has any (key 'erro: …')."""
    right, wrong = draw(st.sampled_from(table))
    if est.erro and wrong:
        w = draw(st.sampled_from(wrong))
        return w, "erro: " + verb_key(w)
    return right, verb_key(right)


def verb_key(template: str) -> str:
    """The words of a verb template without its slots: '{O_alvo} {alvo} da {lei} passa a vigorar
    com a seguinte redação:' → 'passa a vigorar com a seguinte redação'."""
    s = template.replace("{o_a}", "o")
    s = re.sub(r"(?<![\w-])(?:da|do|ao|à|o|a|no|na)\s+(?=\{)", "", s)
    s = re.sub(r"\{[^}]*\}", " ", s)
    s = re.sub(r"\s+([,.:])", r"\1", " ".join(s.split()))
    s = re.sub(r",+", ",", s)
    return s.strip(" ,.:").lower()


# --- quoted text ---------------------------------------------------------------------------------

def quote_lines(lines: list[str], est: Estilo, nota: str = "") -> str:
    """The lines inside one pair of quotes (the opening one on the first, the closing one on the
    last), with '(NR)'/'(AC)' after it when given."""
    o, c = ("“", "”") if est.aspas == "tipograficas" else ('"', '"')
    out = list(lines)
    out[0] = o + out[0]
    out[-1] = out[-1] + c + (f" ({nota})" if nota else "")
    return "\n".join(out)


OMISSIS = "......................................................................"


def quote_units(units: list[tuple[Unidade, str]], parents: dict[str, Unidade], est: Estilo, contexto: bool,
                nota: str = "") -> str:
    """The quoted block that gives ``units`` (unit, its new text) their wording. ``contexto``: in
    the federal manner, the artigo's label and the parents above the units with dotted lines,
    and a dotted line closing the block (LC 95, art. 12, III, c); else the units alone."""
    first = units[0][0]
    lines = []
    if contexto and first.tipo != "artigo":
        chain = []
        node = first
        while node.id in parents:
            node = parents[node.id]
            chain.append(node)
        chain.reverse()
        for p in chain:
            lines.append(f"{p.rotulo()} {OMISSIS[:40]}")
    for u, text in units:
        lines.append(u.line(text))
    if contexto and first.tipo != "artigo":
        lines.append(OMISSIS)
    return quote_lines(lines, est, nota)


# --- sentences ---------------------------------------------------------------------------------

@dataclass
class Frase:
    """One sentence of the amending act (one article of it) and what it must do."""

    texto: str
    """After the article's label: the instruction, and its quoted text on the next lines."""
    espera: str
    mudancas: dict[str, str | None] = field(default_factory=dict)
    """Unit id → its state after (new text, REVOGADO, None: absent); agrupador id → 'nome: …'."""
    forma: dict[str, str] = field(default_factory=dict)
    artigos: frozenset[str] = frozenset()
    """The base's artigos the sentence touches (sentences of one act touch different ones)."""
    ignorar: frozenset[str] = frozenset()
    """Unit ids whose state is not judged (the units inside a revoked one)."""
    outros: frozenset[tuple[str, str, str | None]] = frozenset()
    """Operations it must make on other acts: (kind, the resolver's key of the act, target id)."""
    datas: frozenset[str] | None = None
    """A vigência clause: the dates from which the act's changes may count."""
    ementa: str | None = None
    """The act's ementa, when the sentence names the law only there."""
    junto: tuple[int, ...] = ()
    """Offsets of the sentences that must apply with this one (a § 2º added beside the parágrafo
    único a sibling sentence renumbers): applied without them, the text is wrong."""

    @property
    def exemplo(self) -> str:
        return self.texto.replace("\n", " ⏎ ")


def _forma(est: Estilo | None, **kw: str) -> dict[str, str]:
    out = dict(est.forma()) if est is not None else {}
    out.update(kw)
    return out


def _finish(frase: Frase, est: Estilo, keep: list[str]) -> Frase:
    """Apply the accent noise to the instruction line(s) before the quoted text."""
    if est.acentos:
        return frase
    head, sep, rest = frase.texto.partition("\n")
    frase.texto = strip_accents(head, keep) + sep + rest
    return frase


def _pick_artigo(draw, lei: Lei, used: set[str], want: Callable[[Unidade], bool] = lambda a: True) -> Unidade | None:
    """An artigo the sentence may amend (not the vigência clause, not one another sentence of
    the act touches): two times in three one with units inside, when there is one."""
    cands = [a for a in lei.artigos()[:-1] if a.id not in used and want(a)]
    if not cands:
        return None
    rich = [a for a in cands if any(c.filhos for c in a.filhos) or len(a.filhos) >= 3]
    if rich and draw(st.integers(0, 2)) != 0:
        return draw(st.sampled_from(rich))
    return draw(st.sampled_from(cands))


def _units_of(art: Unidade) -> list[Unidade]:
    return list(art.walk())


def _new_text(draw, u: Unidade, pool: list[str] | None = None) -> str:
    if u.tipo in ("artigo", "paragrafo"):
        t = draw(st.sampled_from(NOVOS)) + draw(st.sampled_from(COMPLEMENTOS)) + "."
    else:
        t = draw(st.sampled_from(pool or {"inciso": NOVOS_INCISOS, "alinea": NOVAS_ALINEAS,
                                          "item": NOVOS_ITENS}[u.tipo])) + ";"
    if _norm(t) == _norm(u.texto):
        t = t.rstrip(";.") + " nos termos desta Lei" + t[-1]
    return t


def _new_texts(draw, units: list[Unidade]) -> list[tuple[Unidade, str]]:
    """A new text for each unit, no two alike."""
    out: list[tuple[Unidade, str]] = []
    seen: set[str] = set()
    for u in units:
        t = _new_text(draw, u)
        while _norm(t) in seen:
            t = t.rstrip(";.") + " no âmbito municipal" + t[-1]
        seen.add(_norm(t))
        out.append((u, t))
    return out


def _kinds_inside(u: Unidade) -> str:
    """The kinds of the units directly inside ``u``: 'nenhum', 'inciso', 'paragrafo',
    'inciso+paragrafo', 'alinea', 'item'."""
    kinds = sorted({c.tipo for c in u.filhos})
    return "+".join(kinds) or "nenhum"


def _descendants(u: Unidade) -> frozenset[str]:
    return frozenset(x.id for x in u.walk() if x is not u)


REDACAO_VERBS = [
    ("Dê-se {a_alvo} {alvo} da {lei} a seguinte redação:", ["De-se {a_alvo} {alvo} da {lei} a seguinte redação:",
                                                          "Dê-se {a_alvo} {alvo} da {lei} a eguinte redação:"]),
    ("Dê-se nova redação {a_alvo} {alvo} da {lei}, nos termos seguintes:", []),
    ("{O_alvo} {alvo} da {lei} passa a vigorar com a seguinte redação:",
     ["{O_alvo} {alvo} da {lei} passa a vigora com a seguinte redação:",
      "{O_alvo} {alvo} da {lei} passa a viger coma seguinte redação:"]),
    ("{O_alvo} {alvo} da {lei} passa a viger com a seguinte redação:", []),
    ("{O_alvo} {alvo} da {lei} passa a ter a seguinte redação:", ["{O_alvo} {alvo} da {lei} passa ter a seguinte redação:"]),
    ("Fica alterad{o_a} {o_alvo} {alvo} da {lei}, que passa a vigorar com a seguinte redação:", []),
    ("Altera {o_alvo} {alvo} da {lei}, que passa a vigorar com a seguinte redação:", []),
]
REDACAO_PLURAL = [
    ("Dê-se {a_alvo} {alvo} da {lei} a seguinte redação:", ["De-se {a_alvo} {alvo} da {lei} a seguinte redação:"]),
    ("{O_alvo} {alvo} da {lei} passam a vigorar com a seguinte redação:",
     ["{O_alvo} {alvo} da {lei} passam a vigora com a seguinte redação:"]),
    ("Ficam alterad{o_a}s {o_alvo} {alvo} da {lei}, que passam a vigorar com a seguinte redação:", []),
]


def _fill(template: str, fem: bool, plural: bool, **kw: str) -> str:
    s = template.format(a_alvo=det(fem, plural, "a"), O_alvo=det(fem, plural).capitalize(), o_alvo=det(fem, plural),
                        o_a="a" if fem else "o", **kw)
    return s[0].upper() + s[1:]


def _redacao_targets(draw, art: Unidade) -> tuple[str, list[Unidade]]:
    """The units one new wording names: one unit (any kind), or siblings (a list or a range)."""
    units = _units_of(art)
    kind = _kind(draw, units)
    of_kind = [u for u in units if u.tipo == kind]
    u = draw(st.sampled_from(of_kind))
    if kind != "artigo":
        sibs = [s for s in _siblings(art, u) if s.tipo == kind and not s.unico]
        if len(sibs) >= 2 and draw(st.booleans()):
            i = draw(st.integers(0, len(sibs) - 2))
            j = draw(st.integers(i + 1, len(sibs) - 1))
            return "lista", sibs[i:j + 1]
    return "um", [u]


def _kind(draw, units: list[Unidade]) -> str:
    """A kind of unit among ``units``: the artigo itself one time in three when it has units; an
    alínea or an item, when there is one, more often than the others."""
    inner = sorted({u.tipo for u in units if u.tipo != "artigo"})
    if not inner or draw(st.integers(0, 2)) == 0:
        return "artigo"
    deepest = [k for k in ("item", "alinea") if k in inner][:1]
    return draw(st.sampled_from(inner + deepest * 2))  # the deeper kinds, rarer in the laws, twice as often


def _siblings(art: Unidade, u: Unidade) -> list[Unidade]:
    for x in art.walk():
        if u in x.filhos:
            return [s for s in x.filhos if s.tipo == u.tipo]
    return [u]


@st.composite
def familia_redacao(draw, lei: Lei, used: set[str]) -> Frase | None:
    """Nova redação of one unit or of siblings (a list, a range): 'Dê-se ao inciso II do art. 3º
    da Lei nº 500/2020 a seguinte redação: “II – …”'."""
    est = draw(estilos)
    art = _pick_artigo(draw, lei, used)
    if art is None:
        return None
    shape, targets = _redacao_targets(draw, art)
    kind = targets[0].tipo
    lista = "um"
    if shape == "lista":
        how = draw(st.sampled_from(["enumeracao", "intervalo"])) if len(targets) > 2 else "enumeracao"
        lista = how + ("-2" if len(targets) == 2 else "-3+")
        alvo = cite_list(targets, lei, est, how)
    else:
        alvo = cite(targets[0], lei, est)
    caput_only = kind == "artigo" and bool(art.filhos)
    as_caput = caput_only and draw(st.booleans())
    if as_caput:
        alvo = "caput " + _de(art) + " " + alvo
    fem = kind == "alinea" and not as_caput
    table = REDACAO_PLURAL if len(targets) > 1 else REDACAO_VERBS
    verb, key = _verb(draw, est, table)
    news = _new_texts(draw, targets)
    contexto = draw(st.booleans()) and kind != "artigo"
    nota = draw(st.sampled_from(["", "NR"]))
    block_units = news
    omissis = ""
    if kind == "artigo" and art.filhos:
        # the quoted text gives the caput; the artigo's units are kept by a dotted line (the
        # federal manner) — or, written as many municipal acts do, by nothing at all
        omissis = draw(st.sampled_from(["pontilhado", "nenhum"]))
    lines = [u.line(t) for u, t in block_units]
    if contexto or omissis == "pontilhado":
        block = quote_units(news, lei.parents(), est, contexto=True, nota=nota) if kind != "artigo" else \
            quote_lines(lines + [OMISSIS], est, nota)
    else:
        block = quote_lines(lines, est, nota)
    sentence = _fill(verb, fem, len(targets) > 1, alvo=alvo, lei=cite_law(lei, est))
    mud = {u.id: _norm(t) for u, t in news}
    espera = CERTA
    if kind == "artigo" and art.filhos and omissis == "nenhum" and not as_caput:
        espera = QUALQUER  # a new caput, the artigo's units not mentioned: kept (LC 95, art. 12, III) or asked
    if kind != "artigo" and not contexto and any(u.filhos for u in targets):
        espera = QUALQUER  # a unit with units inside, quoted alone without a dotted line: kept or asked
    forma = _forma(est, familia="redacao", verbo=key, unidade="caput" if as_caput else kind, lista=lista,
                     contexto=_b(contexto), omissis=omissis or "nao-se-aplica", nota=nota or "nenhuma",
                     tem_filhos=_b(bool(targets[0].filhos)), filhos=_kinds_inside(targets[0]))
    fr = Frase(f"{sentence}\n{block}", espera, mud, forma, frozenset({art.id}))
    return _finish(fr, est, [])


ACRESCIMO_VERBS = [
    ("Acrescente-se {a_pai} {pai} da {lei} {o_novo} {novo}, com a seguinte redação:",
     ["Acresente-se {a_pai} {pai} da {lei} {o_novo} {novo}, com a seguinte redação:",
      "Acrecente-se {a_pai} {pai} da {lei} {o_novo} {novo}, com a seguinte redação:"]),
    ("Fica acrescid{o_a} {a_pai} {pai} da {lei} {o_novo} {novo}, com a seguinte redação:",
     ["Fica acrescid{o_a} {a_pai} {pai} da {lei} {o_novo} {novo}, com a seguinte redação"]),
    ("{O_pai} {pai} da {lei} passa a vigorar acrescido {d_novo} seguinte {novo}:", []),
    ("Acrescenta-se {a_pai} {pai} da {lei} {o_novo} {novo}, com a seguinte redação:", []),
    ("Inclua-se {n_pai} {pai} da {lei} {o_novo} {novo}, com a seguinte redação:", []),
    ("Fica incluíd{o_a} {n_pai} {pai} da {lei} {o_novo} {novo}, com a seguinte redação:", []),
]
ACRESCIMO_PLURAL = [
    ("Acrescentem-se {a_pai} {pai} da {lei} {o_novo} {novo}, com a seguinte redação:",
     ["Acrescente-se {a_pai} {pai} da {lei} {o_novo} {novo}, com a seguinte redação:"]),
    ("Ficam acrescid{o_a}s {a_pai} {pai} da {lei} {o_novo} {novo}, com a seguinte redação:", []),
    ("{O_pai} {pai} da {lei} passa a vigorar acrescido {d_novo} seguintes {novo}:", []),
]


@st.composite
def familia_acrescimo(draw, lei: Lei, used: set[str]) -> Frase | None:
    """Acréscimo of one or two units after the last of their kind (incisos, alíneas, itens, §§ —
    a parágrafo único where the artigo has none —, or an artigo 'N-A'): 'Acrescente-se ao art.
    3º da Lei nº 500/2020 o inciso IV, com a seguinte redação: “IV – …”'."""
    est = draw(estilos)
    art = _pick_artigo(draw, lei, used, lambda a: not a.sufixo and not any(
        x.sufixo for x in lei.artigos() if x.n == a.n))
    if art is None:
        return None
    hosts: list[tuple[str, Unidade]] = []  # (kind added, host)
    pars = [p for p in art.filhos if p.tipo == "paragrafo"]
    if not pars:
        hosts.append(("paragrafo_unico", art))
    elif not pars[0].unico:
        hosts.append(("paragrafo", art))
    if any(u.tipo == "inciso" for u in art.filhos):
        hosts.append(("inciso", art))
    for u in art.walk():
        if u.tipo == "paragrafo" and any(c.tipo == "inciso" for c in u.filhos):
            hosts.append(("inciso", u))
        if u.tipo == "inciso" and u.filhos:
            hosts.append(("alinea", u))
        if u.tipo == "alinea" and u.filhos:
            hosts.append(("item", u))
    hosts.append(("artigo", art))
    kind, host = draw(st.sampled_from(hosts))
    if kind == "artigo":
        return _acrescimo_artigo(draw, lei, art, est)
    if kind == "paragrafo_unico":
        new = [Unidade("paragrafo", f"{art.id}_par1u", 1, unico=True)]
    else:
        existing = [c for c in host.filhos if c.tipo == kind]
        n0 = len(existing)
        count = draw(st.integers(1, 2))
        pid = host.id + ("_cpt" if host.tipo == "artigo" and kind == "inciso" else "")
        prefix = {"paragrafo": "par", "inciso": "inc", "alinea": "ali", "item": "ite"}[kind]
        new = [Unidade(kind, f"{pid}_{prefix}{n0 + k}", n0 + k) for k in range(1, count + 1)]
    for u, t in _new_texts(draw, new):
        u.texto = t
    if kind == "paragrafo_unico":
        novo = "parágrafo único"
    elif len(new) == 1:
        novo = unit_name(new[0], est)
    else:
        word = PLURAL[kind] if not (kind == "paragrafo" and est.paragrafo != "§") else "parágrafos"
        novo = f"{word} " + " e ".join(unit_name(u, est).split(" ", 1)[1] for u in new)
    fem_new = kind == "alinea"
    table = ACRESCIMO_PLURAL if len(new) > 1 else ACRESCIMO_VERBS
    verb, key = _verb(draw, est, table)
    pai = cite(host, lei, est)
    if host.tipo == "artigo" and kind == "inciso" and est.caput:
        pai = "caput " + _de(host) + " " + pai
    fem_host = host.tipo == "alinea"
    plural = len(new) > 1
    s = verb.format(a_pai=det(fem_host, False, "a"), n_pai=det(fem_host, False, "em"),
                    O_pai=det(fem_host).capitalize(), pai=pai, lei=cite_law(lei, est),
                    o_novo=det(fem_new, plural), d_novo=det(fem_new, plural, "de"), novo=novo,
                    o_a="a" if fem_new else "o")
    s = s[0].upper() + s[1:]
    contexto = draw(st.booleans())
    nota = draw(st.sampled_from(["", "AC"]))
    parents = {**lei.parents(), **{u.id: host for u in new}}
    block = quote_units([(u, u.texto) for u in new], parents, est, contexto, nota)
    mud: dict[str, str | None] = {u.id: _norm(u.texto) for u in new}
    forma = _forma(est, familia="acrescimo", verbo=key, unidade=kind, lista="um" if len(new) == 1 else "enumeracao-2",
                     contexto=_b(contexto), nota=nota or "nenhuma", hospedeiro=host.tipo)
    return _finish(Frase(f"{s}\n{block}", CERTA, mud, forma, frozenset({art.id})), est, [])


def _acrescimo_artigo(draw, lei: Lei, after: Unidade, est: Estilo) -> Frase:
    new = Unidade("artigo", f"art{after.n}-1", after.n, "A")
    new.texto = _new_text(draw, new)
    verb, key = _verb(draw, est, [
        ("Fica acrescido à {lei} o {novo}, com a seguinte redação:", []),
        ("Acrescente-se à {lei} o {novo}, com a seguinte redação:",
         ["Acresente-se à {lei} o {novo}, com a seguinte redação:"]),
        ("A {lei} passa a vigorar acrescida do seguinte {novo}:", []),
        ("Acrescente-se à {lei}, após o {apos}, o {novo}, com a seguinte redação:", []),
    ])
    s = verb.format(lei=cite_law(lei, est), novo=unit_name(new, est), apos=unit_name(after, est))
    nota = draw(st.sampled_from(["", "AC"]))
    block = quote_lines([new.line()], est, nota)
    forma = _forma(est, familia="acrescimo", verbo=key, unidade="artigo", lista="um", contexto="nao",
                     nota=nota or "nenhuma", hospedeiro="lei")
    return _finish(Frase(f"{s}\n{block}", CERTA, {new.id: _norm(new.texto)}, forma, frozenset({after.id})), est, [])


REVOGACAO_VERBS = [
    ("Fica revogad{o_a} {o_alvo} {alvo} da {lei}.", ["Fica revogadas {o_alvo} {alvo} da {lei}."]),
    ("Revoga-se {o_alvo} {alvo} da {lei}.", ["Revogue-se {o_alvo} {alvo} da {lei}."]),
]
REVOGACAO_PLURAL = [
    ("Ficam revogad{o_a}s {o_alvo} {alvo} da {lei}.", ["Fica revogad{o_a}s {o_alvo} {alvo} da {lei}."]),
    ("Revogam-se {o_alvo} {alvo} da {lei}.", ["Revoga-se {o_alvo} {alvo} da {lei}."]),
]
SUPRESSAO_VERBS = [
    ("Suprima-se {o_alvo} {alvo} da {lei}.", ["Suprime-se {o_alvo} {alvo} da {lei}."]),
    ("Fica suprimid{o_a} {o_alvo} {alvo} da {lei}.", []),
    ("Exclua-se {o_alvo} {alvo} da {lei}.", []),
]
SUPRESSAO_PLURAL = [
    ("Suprimam-se {o_alvo} {alvo} da {lei}.", ["Suprima-se {o_alvo} {alvo} da {lei}."]),
    ("Ficam suprimid{o_a}s {o_alvo} {alvo} da {lei}.", []),
]


def _revocable(draw, lei: Lei, art: Unidade) -> tuple[str, list[Unidade]]:
    """One unit of the artigo (or the artigo), siblings in a list or a range, or several artigos."""
    units = [u for u in art.walk()]
    kind = _kind(draw, units)
    u = draw(st.sampled_from([x for x in units if x.tipo == kind]))
    if kind == "artigo":
        arts = [a for a in lei.artigos()[:-1] if not a.sufixo]
        if u in arts and draw(st.booleans()):
            i = arts.index(u)
            if i + 1 < len(arts):
                j = draw(st.integers(i + 1, min(i + 3, len(arts) - 1)))
                return "lista", arts[i:j + 1]
        return "um", [u]
    sibs = [s for s in _siblings(art, u) if not s.unico]
    if len(sibs) >= 2 and draw(st.integers(0, 2)) != 0:
        i = draw(st.integers(0, len(sibs) - 2))
        j = draw(st.integers(i + 1, len(sibs) - 1))
        return "lista", sibs[i:j + 1]
    return "um", [u]


def _revogacao_like(draw, lei: Lei, used: set[str], familia: str) -> Frase | None:
    est = draw(estilos)
    art = _pick_artigo(draw, lei, used)
    if art is None:
        return None
    shape, targets = _revocable(draw, lei, art)
    if any(t.id in used for t in targets if t.tipo == "artigo"):
        shape, targets = "um", [art]
    kind = targets[0].tipo
    lista = "um"
    if shape == "lista":
        how = draw(st.sampled_from(["enumeracao", "intervalo"])) if len(targets) > 2 else \
            draw(st.sampled_from(["enumeracao", "intervalo"]))
        lista = how + ("-2" if len(targets) == 2 else "-3+")
        alvo = cite_list(targets, lei, est, how)
    else:
        alvo = cite(targets[0], lei, est)
        if kind == "inciso" and est.caput and "_cpt_" in targets[0].id:
            pass  # (the path already says 'do caput')
    fem = kind == "alinea"
    plural = len(targets) > 1
    if familia == "revogacao":
        table = REVOGACAO_PLURAL if plural else REVOGACAO_VERBS
    else:
        table = SUPRESSAO_PLURAL if plural else SUPRESSAO_VERBS
    verb, key = _verb(draw, est, table)
    s = _fill(verb, fem, plural, alvo=alvo, lei=cite_law(lei, est))
    mud: dict[str, str | None] = {t.id: REVOGADO for t in targets}
    ign: set[str] = set()
    for t in targets:
        ign |= _descendants(t)
    espera = CERTA
    if kind != "artigo":
        sibs = _siblings(art, targets[0])
        host = next(x for x in art.walk() if targets[0] in x.filhos)
        if len(sibs) == len(targets) and host.texto.endswith(":") and kind != "paragrafo":
            espera = QUALQUER  # the whole list of a text that announces it ('São deveres:'): a person may look
    forma = _forma(est, familia=familia, verbo=key, unidade=kind, lista=lista,
                   esvazia=_b(espera == QUALQUER), acao=familia)
    arts = frozenset(t.id for t in targets if t.tipo == "artigo") | {art.id}
    return _finish(Frase(s, espera, mud, forma, arts, frozenset(ign)), est, [])


@st.composite
def familia_revogacao(draw, lei: Lei, used: set[str]) -> Frase | None:
    """Revogação of a unit, of siblings (list, range — of letters too), of artigos: 'Ficam
    revogadas as alíneas “a” a “c” do inciso II do art. 2º da Lei nº 500/2020.'"""
    return _revogacao_like(draw, lei, used, "revogacao")


@st.composite
def familia_intervalo(draw, lei: Lei, used: set[str]) -> Frase | None:
    """A range of three or more siblings of one kind ('os incisos II a IV', 'as alíneas “a” a
    “c”', 'os §§ 1º a 3º', 'os itens 1 a 3'), revoked, suppressed or given a new wording: every
    unit between the ends, not only the ends."""
    est = draw(estilos)
    groups: list[tuple[Unidade, Unidade, list[Unidade]]] = []
    for art in lei.artigos()[:-1]:
        if art.id in used:
            continue
        for host in art.walk():
            kinds: dict[str, list[Unidade]] = {}
            for c in host.filhos:
                if not c.unico:
                    kinds.setdefault(c.tipo, []).append(c)
            groups += [(art, host, sibs) for sibs in kinds.values() if len(sibs) >= 3]
    if not groups:
        return None
    art, host, sibs = draw(st.sampled_from(groups))
    i = draw(st.integers(0, len(sibs) - 3))
    j = draw(st.integers(i + 2, len(sibs) - 1))
    targets = sibs[i:j + 1]
    kind = targets[0].tipo
    alvo = cite_list(targets, lei, est, "intervalo")
    fem = kind == "alinea"
    what = draw(st.sampled_from(["revogacao", "supressao", "redacao"]))
    esvazia = len(targets) == len(sibs) and host.texto.endswith(":") and kind != "paragrafo"
    if what == "redacao":
        verb, key = _verb(draw, est, REDACAO_PLURAL)
        news = _new_texts(draw, targets)
        contexto = draw(st.booleans())
        block = quote_units(news, lei.parents(), est, contexto, draw(st.sampled_from(["", "NR"])))
        texto = _fill(verb, fem, True, alvo=alvo, lei=cite_law(lei, est)) + "\n" + block
        mud: dict[str, str | None] = {u.id: _norm(t) for u, t in news}
        espera = QUALQUER if not contexto and any(u.filhos for u in targets) else CERTA
        ign: frozenset[str] = frozenset()
    else:
        verb, key = _verb(draw, est, REVOGACAO_PLURAL if what == "revogacao" else SUPRESSAO_PLURAL)
        texto = _fill(verb, fem, True, alvo=alvo, lei=cite_law(lei, est))
        mud = {u.id: REVOGADO for u in targets}
        espera = QUALQUER if esvazia else CERTA
        ign = frozenset(x for u in targets for x in _descendants(u))
    forma = _forma(est, familia="intervalo", verbo=key, unidade=kind, lista="intervalo-3+", esvazia=_b(esvazia),
                   acao=what)
    return _finish(Frase(texto, espera, mud, forma, frozenset({art.id}), ign), est, [])


@st.composite
def familia_supressao(draw, lei: Lei, used: set[str]) -> Frase | None:
    """Supressão of units (LC 95's word for a revocation inside an amending text): 'Suprima-se
    o § 2º do art. 1º da Lei nº 500/2020.'"""
    return _revogacao_like(draw, lei, used, "supressao")


def _expression(draw, u: Unidade) -> str | None:
    """Two or three words from the middle of the unit's own text (never its first or last word,
    nor across punctuation), or None when the text is too short."""
    words = u.texto.rstrip(".;:").split()
    if len(words) < 5:
        return None
    size = draw(st.integers(2, 3))
    i = draw(st.integers(1, len(words) - size - 1))
    piece = words[i:i + size]
    if any(re.search(r"[,;:.]", w) for w in piece):
        return None
    return " ".join(piece)


def _unit_and_words(draw, lei: Lei, used: set[str]) -> tuple[Estilo, Unidade, Unidade, str] | None:
    """(style, artigo, a unit in it, words of the unit's text) for a sentence about words."""
    est = draw(estilos)
    art = _pick_artigo(draw, lei, used)
    if art is None:
        return None
    u = draw(st.sampled_from(list(art.walk())))
    x = _expression(draw, u)
    return None if x is None else (est, art, u, x)


def _replace(text: str, old: str, new: str) -> str:
    out = re.sub(r"(?<!\w)" + re.escape(old) + r"(?!\w)", new, text)
    out = re.sub(r"\s+([,.;:])", r"\1", out)
    return _norm(out)


EXPRESSAO_SUP = [
    ("Suprima-se, {n_alvo} {alvo} da {lei}, a expressão {x}.", ["Suprime-se, {n_alvo} {alvo} da {lei}, a expressão {x}."]),
    ("Suprima-se {d_alvo} {alvo} da {lei} a expressão {x}.", []),
    ("Fica suprimida a expressão {x} {d_alvo} {alvo} da {lei}.", []),
    ("Fica suprimida a palavra {x} {d_alvo} {alvo} da {lei}.", []),
    ("Exclua-se, {n_alvo} {alvo} da {lei}, a expressão {x}.", []),
]


@st.composite
def familia_revogacao_especial(draw, lei: Lei, used: set[str]) -> Frase | None:
    """Revocations in the other common shapes: the whole law ('Fica revogada a Lei nº 500/2020.'),
    the 'especialmente' list of the closing clause ('…, revogadas as disposições em contrário,
    especialmente o inciso II do art. 3º da Lei nº 500/2020.'), and a unit of the base beside a
    unit of another act in one sentence."""
    est = draw(estilos)
    form = draw(st.sampled_from(["lei-inteira", "especialmente", "com-outro-ato"]))
    lawc = cite_law(lei, est)
    if form == "lei-inteira":
        verb = draw(st.sampled_from(["Fica revogada a {lei}.", "Revoga-se a {lei}.", "Fica revogada, em todos os seus termos, a {lei}."]))
        forma = _forma(est, familia="revogacao_especial", verbo=form, unidade="lei", lista="um")
        arts = frozenset(a.id for a in lei.artigos())
        if arts & used:
            return None
        return _finish(Frase(verb.format(lei=lawc), CERTA, {"(a lei)": REVOGADO}, forma, arts), est, [])
    art = _pick_artigo(draw, lei, used)
    if art is None:
        return None
    u = draw(st.sampled_from(list(art.walk())))
    fem = u.tipo == "alinea"
    alvo = f"{det(fem)} {cite(u, lei, est)}"
    if form == "especialmente":
        texto = (f"Esta Lei entra em vigor na data de sua publicação, revogadas as disposições em contrário, "
                 f"especialmente {alvo} da {lawc}.")
        outros: frozenset = frozenset()
    else:
        texto = f"Ficam revogados {alvo} da {lawc} e o art. 2º da Lei nº 450/2019."
        outros = frozenset({("revogacao", "lei 450/2019", "art2")})
    forma = _forma(est, familia="revogacao_especial", verbo=form, unidade=u.tipo, lista="um")
    return _finish(Frase(texto, CERTA, {u.id: REVOGADO}, forma, frozenset({art.id}), _descendants(u), outros), est, [])


@st.composite
def familia_supressao_expressao(draw, lei: Lei, used: set[str]) -> Frase | None:
    """Supressão of words of a unit (the unit stays): 'Suprima-se, no § 1º do art. 1º da Lei nº
    500/2020, a expressão “e cinquenta centavos”.' Right: the words removed (or a question);
    the unit revoked is a wrong text."""
    picked = _unit_and_words(draw, lei, used)
    if picked is None:
        return None
    est, art, u, x = picked
    verb, key = _verb(draw, est, EXPRESSAO_SUP)
    if "palavra" in verb:
        longer = [w for w in x.split() if len(w) > 3]
        if not longer:
            return None
        x = longer[0]
    fem = u.tipo == "alinea"
    qx = est.q(x)
    s = verb.format(n_alvo=det(fem, False, "em"), d_alvo=det(fem, False, "de"), alvo=cite(u, lei, est),
                    lei=cite_law(lei, est), x=qx)
    s = s[0].upper() + s[1:]
    mud = {w.id: _replace(w.texto, x, "") for w in u.walk() if _replace(w.texto, x, "") != _norm(w.texto)}
    forma = _forma(est, familia="supressao_expressao", verbo=key, unidade=u.tipo, lista="um")
    return _finish(Frase(s, QUALQUER, mud, forma, frozenset({art.id})), est, [qx])


SUBSTITUICAO = [
    ("Substitua-se, {n_alvo} {alvo} da {lei}, a expressão {x} por {y}.", ["Substitui-se, {n_alvo} {alvo} da {lei}, a expressão {x} por {y}."]),
    ("{N_alvo} {alvo} da {lei}, onde se lê {x}, leia-se {y}.", ["{N_alvo} {alvo} da {lei}, onde se le {x}, leia-se {y}."]),
    ("Onde se lê {x}, {n_alvo} {alvo} da {lei}, leia-se {y}.", []),
    ("Fica substituída, {n_alvo} {alvo} da {lei}, a expressão {x} pela expressão {y}.", []),
]
SUBSTITUICAO_LEI = [
    ("Em toda a {lei}, substitua-se a expressão {x} por {y}.", []),
    ("Na {lei}, onde se lê {x}, leia-se {y}.", []),
]
SUBSTITUTOS = ["Secretaria de Desenvolvimento Econômico", "órgão municipal competente", "regulamento próprio",
               "prazo de sessenta dias"]


@st.composite
def familia_substituicao(draw, lei: Lei, used: set[str]) -> Frase | None:
    """Substituição of an expression in a unit (and the units inside it) or in the whole law:
    'Substitua-se, no art. 5º da Lei nº 500/2020, a expressão “X” por “Y”.', 'No art. 5º …,
    onde se lê “X”, leia-se “Y”.'"""
    picked = _unit_and_words(draw, lei, used)
    if picked is None:
        return None
    est, art, u, x = picked
    y = draw(st.sampled_from(SUBSTITUTOS))
    whole = draw(st.integers(0, 4)) == 0
    qx, qy = est.q(x), est.q(y)
    if whole:
        verb, key = _verb(draw, est, SUBSTITUICAO_LEI)
        s = verb.format(lei=cite_law(lei, est), x=qx, y=qy)
        scope = list(lei.unidades())
        arts = frozenset(a.id for a in lei.artigos())
    else:
        verb, key = _verb(draw, est, SUBSTITUICAO)
        fem = u.tipo == "alinea"
        s = verb.format(n_alvo=det(fem, False, "em"), N_alvo=det(fem, False, "em").capitalize(), alvo=cite(u, lei, est),
                        lei=cite_law(lei, est), x=qx, y=qy)
        scope = list(u.walk())
        arts = frozenset({art.id})
    s = s[0].upper() + s[1:]
    mud = {w.id: _replace(w.texto, x, y) for w in scope if _replace(w.texto, x, y) != _norm(w.texto)}
    forma = _forma(est, familia="substituicao", verbo=key, unidade="lei" if whole else u.tipo, lista="um")
    return _finish(Frase(s, CERTA, mud, forma, arts), est, [qx, qy])


@st.composite
def familia_renumeracao(draw, lei: Lei, used: set[str]) -> Frase | None:
    """Renumeração with an acréscimo, in one sentence: the parágrafo único becomes § 1º and a §
    2º is added; or a new inciso in the middle of a list, the following ones renumbered."""
    est = draw(estilos)
    art = _pick_artigo(draw, lei, used, lambda a: any(p.unico for p in a.filhos)
                       or sum(1 for c in a.filhos if c.tipo == "inciso") >= 2)
    if art is None:
        return None
    unico = next((p for p in art.filhos if p.unico), None)
    incs = [c for c in art.filhos if c.tipo == "inciso"]
    lawc = cite_law(lei, est)
    if unico is not None and (not incs or draw(st.booleans())):
        new = Unidade("paragrafo", f"{art.id}_par2", 2)
        new.texto = _new_text(draw, new)
        verb, key = _verb(draw, est, [
            ("Fica renumerado para § 1º o parágrafo único do {art} da {lei}, e acrescido o § 2º, com a seguinte redação:", []),
            ("O parágrafo único do {art} da {lei} passa a ser o § 1º, acrescentando-se o § 2º, com a seguinte redação:", []),
            ("Acrescente-se ao {art} da {lei} o § 2º, renumerando-se o parágrafo único para § 1º:",
             ["Acrescente-se ao {art} da {lei} o § 2º, reenumerando-se o parágrafo único para § 1º:"]),
        ])
        s = verb.format(art=unit_name(art, est), lei=lawc)
        block = quote_lines([new.line()], est, draw(st.sampled_from(["", "AC"])))
        mud: dict[str, str | None] = {unico.id: None, f"{art.id}_par1": _norm(unico.texto), new.id: _norm(new.texto)}
        for d in unico.walk():
            if d is not unico:
                mud[d.id] = None
        forma = _forma(est, familia="renumeracao", verbo=key, unidade="paragrafo", lista="um",
                         renumera="paragrafo-unico")
        return _finish(Frase(f"{s}\n{block}", CERTA, mud, forma, frozenset({art.id})), est, [])
    if len(incs) < 2:
        return None
    k = draw(st.integers(2, len(incs)))  # the new inciso takes number k; k … n move to k+1 … n+1
    new = Unidade("inciso", f"{art.id}_cpt_inc{k}", k)
    new.texto = _new_text(draw, new)
    moved = incs[k - 1:]
    first_new = ROMAN[k + 1]
    last_new = ROMAN[len(incs) + 1]
    olds = f"{ROMAN[k]} a {ROMAN[len(incs)]}" if len(moved) > 1 else ROMAN[k]
    news = f"{first_new} a {last_new}" if len(moved) > 1 else first_new
    verb, key = _verb(draw, est, [
        ("Acrescente-se ao {art} da {lei} o inciso {n}, renumerando-se os demais, com a seguinte redação:",
         ["Acrescente-se ao {art} da {lei} o inciso {n}, renumerem-se os demais, com a seguinte redação:",
          "Acrescente-se ao {art} da {lei} o inciso {n}, reenumerando-se os demais, com a seguinte redação:"]),
        ("Fica acrescido ao {art} da {lei} o inciso {n}, passando {os_atuais} {olds} a {news}, com a seguinte redação:", []),
    ])
    s = verb.format(art=unit_name(art, est), lei=lawc, n=ROMAN[k], olds=olds, news=news,
                    os_atuais="os atuais incisos" if len(moved) > 1 else "o atual inciso")
    block = quote_lines([new.line()], est, draw(st.sampled_from(["", "AC"])))
    mud = {new.id: _norm(new.texto)}
    ign: set[str] = set()
    for j, old in enumerate(moved):
        target = f"{art.id}_cpt_inc{k + 1 + j}"
        mud[target] = _norm(old.texto)
        if old.filhos:  # its alíneas move with it; not judged one by one
            ign |= {d.id for d in old.walk() if d is not old}
            ign |= {d.id.replace(old.id, target, 1) for d in old.walk() if d is not old}
    forma = _forma(est, familia="renumeracao", verbo=key, unidade="inciso", lista="um",
                     renumera="incisos-seguintes" if "demais" in verb else "incisos-ditos")
    return _finish(Frase(f"{s}\n{block}", CERTA, mud, forma, frozenset({art.id}), frozenset(ign)), est, [])


@st.composite
def familia_mista(draw, lei: Lei, used: set[str]) -> Frase | None:
    """Two verbs in one sentence: 'Suprima-se o inciso III do art. 2º da Lei nº 500/2020, dando-se
    ao inciso II a seguinte redação: “II – …”'; 'Revoga-se o § 2º e dá-se nova redação ao § 1º do
    art. 4º da …'; the federal 'Dê-se nova redação ao caput do art. 2º; e suprima-se o inciso
    VII do caput do art. 2º, ambos da …'."""
    est = draw(estilos)
    art = _pick_artigo(draw, lei, used, lambda a: sum(1 for c in a.filhos if c.tipo in ("inciso", "paragrafo")
                                                      and not c.unico) >= 2)
    if art is None:
        return None
    groups = {}
    for c in art.filhos:
        if not c.unico:
            groups.setdefault(c.tipo, []).append(c)
    kind = draw(st.sampled_from(sorted(k for k, v in groups.items() if len(v) >= 2)))
    sibs = groups[kind]
    i = draw(st.integers(0, len(sibs) - 2))
    keep, gone = (sibs[i], sibs[i + 1]) if draw(st.booleans()) else (sibs[i + 1], sibs[i])
    new_text = _new_text(draw, keep)
    lawc = cite_law(lei, est)
    g_name, k_name = unit_name(gone, est), unit_name(keep, est)
    artn = unit_name(art, est)
    pattern = draw(st.sampled_from(["dando-se", "e-da-se", "federal"]))
    if pattern == "dando-se":
        s = f"Suprima-se o {g_name} do {artn} da {lawc}, dando-se ao {k_name} a seguinte redação:"
    elif pattern == "e-da-se":
        s = f"Revoga-se o {g_name} e dá-se nova redação ao {k_name} do {artn} da {lawc}, nos seguintes termos:"
    else:
        s = (f"Dê-se nova redação ao {k_name} do {artn}; e suprima-se o {g_name} do {artn}, ambos da {lawc}, "
             "nos termos a seguir:")
    block = quote_units([(keep, new_text)], lei.parents(), est, contexto=draw(st.booleans()),
                        nota=draw(st.sampled_from(["", "NR"])))
    mud: dict[str, str | None] = {keep.id: _norm(new_text), gone.id: REVOGADO}
    forma = _forma(est, familia="mista", verbo=pattern, unidade=kind, lista="um")
    return _finish(Frase(f"{s}\n{block}", CERTA, mud, forma, frozenset({art.id}), _descendants(gone)), est, [])


@st.composite
def familia_seguintes_alteracoes(draw, lei: Lei, used: set[str]) -> Frase | None:
    """LC 95's own form: 'A Lei nº 500/2020 passa a vigorar com as seguintes alterações:'
    followed by quoted artigos — a new wording (NR) of one and a new artigo 'N-A' (AC)."""
    est = draw(estilos)
    art = _pick_artigo(draw, lei, used, lambda a: not a.filhos and not any(x.sufixo and x.n == a.n
                                                                            for x in lei.artigos()))
    if art is None:
        return None
    new_wording = _new_text(draw, art)
    added = Unidade("artigo", f"{art.id}-1", art.n, "A")
    added.texto = _new_text(draw, added)
    verb, key = _verb(draw, est, [
        ("A {lei} passa a vigorar com as seguintes alterações:", ["A {lei} passa a vigorar com as seguinte alterações:"]),
        ("A {lei} passa a vigorar com as seguintes modificações:", []),
    ])
    s = verb.format(lei=cite_law(lei, est))
    b1 = quote_lines([art.line(new_wording)], est, "NR")
    b2 = quote_lines([added.line()], est, "AC")
    mud = {art.id: _norm(new_wording), added.id: _norm(added.texto)}
    forma = _forma(est, familia="seguintes_alteracoes", verbo=key, unidade="artigo", lista="um")
    return _finish(Frase(f"{s}\n{b1}\n{b2}", CERTA, mud, forma, frozenset({art.id})), est, [])


@st.composite
def familia_agrupador(draw, lei: Lei, used: set[str]) -> Frase | None:
    """The name of a capítulo or seção: 'Dê-se à denominação do Capítulo II da Lei nº 500/2020 a
    seguinte redação: “CAPÍTULO II – DO COMÉRCIO AMBULANTE”'; 'O Capítulo II … passa a
    denominar-se “…”'."""
    grups = lei.agrupadores()
    if not grups:
        return None
    est = draw(estilos)
    g = draw(st.sampled_from(grups))
    arts = frozenset(a.id for a in _arts_in(g))
    if arts & used:
        return None
    nome = draw(st.sampled_from(NOVOS_NOMES))
    if g.tipo == "secao":
        nome = nome.capitalize()
    gname = ("Capítulo " if g.tipo == "capitulo" else "Seção ") + ROMAN[g.n]
    if g.tipo == "secao":
        gname += " do Capítulo " + ROMAN[int(g.id.split("_")[0][3:])]
    form = draw(st.sampled_from(["denominacao", "denominar-se", "passa-a-vigorar", "revogacao"]))
    lawc = cite_law(lei, est)
    d = "da" if g.feminino else "do"
    if form == "revogacao":
        # the agrupador's artigos go with it (or a person decides)
        s = f"Fica revogad{'a' if g.feminino else 'o'} {'a' if g.feminino else 'o'} {gname} da {lawc}."
        inside = _arts_in(g)
        mud: dict[str, str | None] = {a.id: REVOGADO for a in inside}
        ign = frozenset(x for a in inside for x in _descendants(a))
        forma = _forma(est, familia="agrupador", verbo=form, unidade=g.tipo, lista="um")
        return _finish(Frase(s, QUALQUER, mud, forma, arts, ign), est, [])
    if form == "denominacao":
        s = f"Dê-se à denominação {d} {gname} da {lawc} a seguinte redação:"
        block = quote_lines(g.heading(nome), est)
    elif form == "denominar-se":
        s = f"{'A' if g.feminino else 'O'} {gname} da {lawc} passa a denominar-se {est.q(nome)}."
        block = ""
    else:
        s = f"{'A' if g.feminino else 'O'} {gname} da {lawc} passa a vigorar com a seguinte denominação:"
        block = quote_lines(g.heading(nome), est)
    forma = _forma(est, familia="agrupador", verbo=form, unidade=g.tipo, lista="um")
    texto = f"{s}\n{block}" if block else s
    return _finish(Frase(texto, CERTA, {g.id: "nome: " + _norm(nome)}, forma, arts), est, [est.q(nome)])


def _arts_in(g: Agrupador) -> list[Unidade]:
    out = []
    for f in g.filhos:
        if isinstance(f, Agrupador):
            out += _arts_in(f)
        else:
            out.append(f)
    return out


OUTROS_ATOS = [("Lei", "lei", 450, 2019, True), ("Decreto", "decreto", 1234, 2021, False),
               ("Lei Complementar", "lei.complementar", 12, 2018, True), ("Resolução", "resolucao", 3, 2022, True)]


@st.composite
def familia_outro_ato(draw, lei: Lei, used: set[str]) -> Frase | None:
    """An instruction about ANOTHER act, or a unit of it, that names the base only in passing — a
    relative clause: 'Fica revogado o art. 2º da Lei 450/2019, que deu nova redação ao art. 3º da
    Lei nº 500/2020', 'Fica revogado o Decreto nº 1.234/2021, que regulamenta a Lei nº 500/2020' —
    with or without 'nº': it changes that act, never the base (the unit it names exists in the
    base too, so a misreading shows)."""
    est = draw(estilos)
    art = _pick_artigo(draw, lei, used)
    if art is None:
        return None
    tipo, key_tipo, num, ano, fem = draw(st.sampled_from(OUTROS_ATOS))
    marker = draw(st.sampled_from(["nº ", "", "n. "]))
    other = f"{tipo} {marker}{_milhar(num)}/{ano}"
    other_key = f"{key_tipo} {num}/{ano}"
    same = draw(st.booleans())
    k = art.n if same else draw(st.sampled_from([n for n in range(1, 9) if n != art.n]))
    other_art = Unidade("artigo", f"art{k}" + ("-1" if same and art.sufixo else ""), k, art.sufixo if same else "")
    d = "da" if fem else "do"
    lawc = cite_law(lei, est)
    other_unit = unit_name(other_art, est)
    form = draw(st.sampled_from(["revoga-que-deu-redacao", "redacao-que-regulamenta", "revoga-que-alterou",
                                 "revoga-ato-que-regulamenta", "revoga-ato-que-alterou", "revoga-artigo-que-altera-a-lei"]))
    base_unit = cite(art, lei, est)
    o_ = "a" if fem else "o"
    if form == "revoga-ato-que-regulamenta":
        texto = f"Fica revogad{o_} {o_} {other}, que regulamenta a {lawc}."
        outros = frozenset({("revogacao_total", other_key, None)})
    elif form == "revoga-ato-que-alterou":
        texto = f"Fica revogad{o_} {o_} {other}, que alterou a {lawc}."
        outros = frozenset({("revogacao_total", other_key, None)})
    elif form == "revoga-artigo-que-altera-a-lei":
        texto = f"Fica revogado o {other_unit} {d} {other}, que altera a {lawc}."
        outros = frozenset({("revogacao", other_key, other_art.id)})
    elif form == "revoga-que-deu-redacao":
        s = f"Fica revogado o {other_unit} {d} {other}, que deu nova redação ao {base_unit} da {lawc}."
        outros = frozenset({("revogacao", other_key, other_art.id)})
        texto = s
    elif form == "revoga-que-alterou":
        s = f"Fica revogado o {other_unit} {d} {other}, que alterou o {base_unit} da {lawc}."
        outros = frozenset({("revogacao", other_key, other_art.id)})
        texto = s
    else:
        s = (f"O {other_unit} {d} {other}, que regulamenta a {lawc}, passa a vigorar com a seguinte redação:")
        new = _new_text(draw, art)
        texto = s + "\n" + quote_lines([other_art.line(new)], est)
        outros = frozenset({("redacao", other_key, other_art.id)})
    forma = _forma(est, familia="outro_ato", verbo=form, unidade="artigo", lista="um",
                   outro_ato=key_tipo, outro_marcador=_printed(marker.strip(), est) or "nenhum",
                   mesmo_numero=_b(same))
    return _finish(Frase(texto, CERTA, {}, forma, frozenset({art.id}), outros=outros), est, [])


def _printed(piece: str, est: Estilo) -> str:
    return piece if est.acentos else strip_accents(piece)


@st.composite
def familia_efeito(draw, lei: Lei, used: set[str]) -> Frase | None:
    """An effect said in the sentence itself: 'O § 1º do art. 2º da Lei …, a partir de 1º de
    janeiro de 2031, passa a vigorar com a seguinte redação:', 'Fica revogado o inciso II … a
    partir de 1º de janeiro de 2031.' (the change counts from that date, or a person decides),
    'Fica revogado …, a partir da regulamentação desta Lei.' (a condition: a person decides)."""
    est = draw(estilos)
    art = _pick_artigo(draw, lei, used)
    if art is None:
        return None
    u = draw(st.sampled_from([x for x in art.walk() if not (x.tipo == "artigo" and x.filhos)] or [art]))
    if u.tipo == "artigo" and u.filhos:
        return None
    fem = u.tipo == "alinea"
    lawc = cite_law(lei, est)
    alvo = cite(u, lei, est)
    form = draw(st.sampled_from(["redacao-a-partir-de-data", "revoga-a-partir-de-data", "revoga-condicao"]))
    if form == "redacao-a-partir-de-data":
        new = _new_text(draw, u)
        texto = (f"{det(fem).capitalize()} {alvo} da {lawc}, a partir de 1º de janeiro de 2031, passa a vigorar com "
                 f"a seguinte redação:\n" + quote_lines([u.line(new)], est))
        fr = Frase(texto, QUALQUER, {u.id: _norm(new)}, datas=frozenset({"2031-01-01"}))
    elif form == "revoga-a-partir-de-data":
        texto = f"Fica revogad{'a' if fem else 'o'} {det(fem)} {alvo} da {lawc} a partir de 1º de janeiro de 2031."
        fr = Frase(texto, QUALQUER, {u.id: REVOGADO}, ignorar=_descendants(u), datas=frozenset({"2031-01-01"}))
    else:
        texto = f"Fica revogad{'a' if fem else 'o'} {det(fem)} {alvo} da {lawc}, a partir da regulamentação desta Lei."
        fr = Frase(texto, PERGUNTA)
    fr.forma = _forma(est, familia="efeito", verbo=form, unidade=u.tipo, lista="um")
    fr.artigos = frozenset({art.id})
    return _finish(fr, est, [])


@st.composite
def familia_renumeracao_irma(draw, lei: Lei, used: set[str]) -> list[Frase] | None:
    """Two sentences: one adds a § 2º to an artigo that has a parágrafo único, naming the law; the
    NEXT one renumbers the parágrafo único to § 1º without naming it ('O parágrafo único do art.
    3º passa a ser o § 1º.', 'Renumere-se …', misspelt 'Reenumere-se …'). The renumbering is
    read (its law is its sibling's) or asked; the § 2º applied without it is a wrong text."""
    est = draw(estilos)
    art = _pick_artigo(draw, lei, used, lambda a: any(p.unico for p in a.filhos))
    if art is None:
        return None
    unico = next(p for p in art.filhos if p.unico)
    new = Unidade("paragrafo", f"{art.id}_par2", 2)
    new.texto = _new_text(draw, new)
    artn = unit_name(art, est)
    first = Frase(f"Acrescente-se ao {artn} da {cite_law(lei, est)} o § 2º, com a seguinte redação:\n"
                  + quote_lines([new.line()], est), CERTA, {new.id: _norm(new.texto)},
                  _forma(est, familia="renumeracao_irma", verbo="acrescimo", unidade="paragrafo", lista="um"),
                  frozenset({art.id}), junto=(1,))
    verb, key = _verb(draw, est, [
        ("O parágrafo único do {art} passa a ser o § 1º.", []),
        ("Renumere-se o parágrafo único do {art} para § 1º.", []),
        ("Reenumere-se o parágrafo único do {art} para § 1º.", []),  # (misspelt, as printed in real acts)
        ("Fica renumerado o parágrafo único do {art} para § 1º.", []),
    ])
    mud: dict[str, str | None] = {unico.id: None, f"{art.id}_par1": _norm(unico.texto)}
    second = Frase(verb.format(art=artn), QUALQUER, mud,
                   _forma(est, familia="renumeracao_irma", verbo=key, unidade="paragrafo", lista="um"),
                   frozenset({art.id}), junto=(-1,))
    return [_finish(first, est, []), _finish(second, est, [])]


@st.composite
def familia_parcial(draw, lei: Lei, used: set[str]) -> Frase | None:
    """A change to PART of a unit, or to a field of a table: only a person can apply it (the
    quoted text is a fragment); replacing the whole unit with it is a wrong text."""
    est = draw(estilos)
    art = _pick_artigo(draw, lei, used)
    if art is None:
        return None
    u = draw(st.sampled_from([x for x in art.walk()]))
    fem = u.tipo == "alinea"
    lawc = cite_law(lei, est)
    alvo = cite(u, lei, est)
    frag = draw(st.sampled_from(["no prazo de sessenta dias", "pela Secretaria de Desenvolvimento Econômico",
                                 "em local de fácil acesso ao público"]))
    form = draw(st.sampled_from(["na-parte-que-trata", "na-parte-referente", "parte-final", "tabela-campo",
                                 "tabela-linha"]))
    if form == "na-parte-que-trata":
        s = f"Dê-se {det(fem, False, 'a')} {alvo} da {lawc}, na parte que trata do prazo, a seguinte redação:"
        texto = s + "\n" + quote_lines([frag], est)
    elif form == "na-parte-referente":
        s = f"{det(fem).capitalize()} {alvo} da {lawc}, na parte referente ao órgão responsável, passa a vigorar com a seguinte redação:"
        texto = s + "\n" + quote_lines([frag], est)
    elif form == "parte-final":
        s = f"Dê-se nova redação à parte final {det(fem, False, 'de')} {alvo} da {lawc}:"
        texto = s + "\n" + quote_lines([frag + "."], est)
    elif form == "tabela-campo":
        s = (f"No Anexo I da {lawc}, o campo {est.q('Taxa de ocupação')} da tabela passa a vigorar com o valor "
             f"{est.q('R$ 25,00')}.")
        texto = s
    else:
        s = (f"Na tabela do Anexo Único da {lawc}, a linha referente a {est.q('Feira do Centro')} passa a vigorar "
             "com a seguinte redação:")
        texto = s + "\n" + quote_lines(["Feira do Centro | domingo | R$ 30,00"], est)
    forma = _forma(est, familia="parcial", verbo=form, unidade=u.tipo, lista="um", tem_filhos=_b(bool(u.filhos)),
                   filhos=_kinds_inside(u))
    return _finish(Frase(texto, PERGUNTA, {}, forma, frozenset({art.id})), est,
                   [est.q("Taxa de ocupação"), est.q("R$ 25,00"), est.q("Feira do Centro")])


@st.composite
def familia_inexistente(draw, lei: Lei, used: set[str]) -> Frase | None:
    """A new wording or a revocation of a unit the base does not have (an inciso past the last
    one): nothing to apply; a person decides."""
    est = draw(estilos)
    art = _pick_artigo(draw, lei, used)
    if art is None:
        return None
    incs = [c for c in art.filhos if c.tipo == "inciso"]
    n = len(incs) + draw(st.integers(2, 4))
    ghost = Unidade("inciso", f"{art.id}_cpt_inc{n}", n)
    lawc = cite_law(lei, est)
    what = draw(st.sampled_from(["redacao", "revogacao"]))
    gname = f"{unit_name(ghost, est)} {_de(art)} {unit_name(art, est)}"
    if what == "redacao":
        new = _new_text(draw, ghost)
        texto = f"Dê-se ao {gname} da {lawc} a seguinte redação:\n" + quote_lines([ghost.line(new)], est)
    else:
        texto = f"Fica revogado o {gname} da {lawc}."
    forma = _forma(est, familia="inexistente", verbo=what, unidade="inciso", lista="um")
    return _finish(Frase(texto, PERGUNTA, {}, forma, frozenset({art.id})), est, [])


@st.composite
def familia_sem_lei(draw, lei: Lei, used: set[str]) -> Frase | None:
    """The law named only in the act's ementa ('Altera dispositivos da Lei nº 500/2020.'): 'Fica
    revogado o inciso II do art. 3º.' — the common municipal form."""
    est = draw(estilos)
    art = _pick_artigo(draw, lei, used)
    if art is None:
        return None
    u = draw(st.sampled_from([x for x in art.walk()]))
    fem = u.tipo == "alinea"
    verb = draw(st.sampled_from(["revoga", "redacao"]))
    if verb == "revoga":
        texto = f"Fica revogad{'a' if fem else 'o'} {det(fem)} {cite(u, lei, est)}."
        mud: dict[str, str | None] = {u.id: REVOGADO}
        ign = _descendants(u)
    else:
        new = _new_text(draw, u)
        if u.tipo == "artigo" and u.filhos:
            return None
        texto = f"{det(fem).capitalize()} {cite(u, lei, est)} passa a vigorar com a seguinte redação:\n" + \
            quote_lines([u.line(new)], est)
        mud = {u.id: _norm(new)}
        ign = frozenset()
    forma = _forma(est, familia="sem_lei", verbo=verb, unidade=u.tipo, lista="um")
    fr = Frase(texto, CERTA, mud, forma, frozenset({art.id}), ign,
               ementa=f"Altera dispositivos da {cite_law(lei, est)}, e dá outras providências.")
    return _finish(fr, est, [])


# --- effects: the vigência clause --------------------------------------------------------------

VIGENCIAS = [
    # (clause, expectation, acceptable dates (None: hold only), key)
    ("Esta Lei entra em vigor na data de sua publicação.", CERTA, {ACT_DATE}, "publicacao"),
    ("Esta Lei entra em vigor na data de sua publicação, revogadas as disposições em contrário.", CERTA, {ACT_DATE},
     "publicacao-revogadas"),
    ("Esta Lei entra em vigor na data de sua promulgação.", CERTA, {ACT_DATE}, "promulgacao"),
    ("Esta Lei entra em vigor em 1º de março de 2030.", QUALQUER, {"2030-03-01"}, "data"),
    ("Esta Lei entrará em vigor a partir de 1º de janeiro de 2031.", QUALQUER, {"2031-01-01"}, "data-a-partir"),
    ("Esta Lei entra em vigor na data de sua publicação, produzindo efeitos a partir de 1º de julho de 2030.",
     QUALQUER, {"2030-07-01"}, "efeitos-data"),
    ("Esta Lei entra em vigor após a sua regulamentação pelo Poder Executivo.", PERGUNTA, None, "regulamentacao"),
    ("Esta Lei entra em vigor na data da instalação do Conselho Municipal de Feiras.", PERGUNTA, None, "condicao"),
]


@st.composite
def vigencias(draw) -> Frase:
    """The act's vigência clause: dated (the changes count from that date, or a person asks),
    conditional (a person decides), or on publication/promulgation (no question)."""
    clause, espera, datas, key = draw(st.sampled_from(VIGENCIAS))
    forma = {"familia": "vigencia", "verbo": key, "unidade": "ato", "lista": "um"}
    return Frase(clause, espera, {}, forma, frozenset(), datas=frozenset(datas) if datas else None)


FAMILIAS: dict[str, tuple[Callable, int]] = {
    "redacao": (familia_redacao, 5),
    "acrescimo": (familia_acrescimo, 5),
    "revogacao": (familia_revogacao, 5),
    "supressao": (familia_supressao, 3),
    "intervalo": (familia_intervalo, 3),
    "revogacao_especial": (familia_revogacao_especial, 3),
    "supressao_expressao": (familia_supressao_expressao, 3),
    "substituicao": (familia_substituicao, 4),
    "renumeracao": (familia_renumeracao, 3),
    "mista": (familia_mista, 4),
    "seguintes_alteracoes": (familia_seguintes_alteracoes, 3),
    "agrupador": (familia_agrupador, 4),
    "outro_ato": (familia_outro_ato, 3),
    "parcial": (familia_parcial, 2),
    "inexistente": (familia_inexistente, 3),
    "sem_lei": (familia_sem_lei, 2),
    "efeito": (familia_efeito, 2),
    "renumeracao_irma": (familia_renumeracao_irma, 3),
}
"""Every family: name → (strategy of one sentence over a law, given the artigos already
touched; weight). A strategy may return None (the law has nothing it can amend): the case
draws another."""

_WEIGHTED = [name for name, (_, w) in FAMILIAS.items() for _ in range(w)]


def _fair(n: int) -> st.SearchStrategy[int]:
    """An index in range(n), evenly: hypothesis draws the first choices of ``sampled_from`` and
    the small integers far more often than the others (good for shrinking, not for a survey of
    families), so the family is drawn from a random number it does not bias."""
    return st.randoms(use_true_random=False).map(lambda r: r.randrange(n))


@dataclass
class Caso:
    """A generated law and an amending act of one to three sentences (and maybe a vigência
    clause, always last)."""

    lei: Lei
    frases: list[Frase]
    ementa: str = "Dispõe sobre matéria de teste."

    def corpo(self) -> str:
        """The amending act's articles (what the harness's mini act wraps)."""
        return "\n\n".join(f"Art. {k}º {f.texto}" if k < 10 else f"Art. {k} {f.texto}"
                           for k, f in enumerate(self.frases, 1))

    def describe(self) -> str:
        return "\n".join(f"[{f.forma.get('familia')}/{f.espera}] Art. {k} {f.exemplo}"
                         for k, f in enumerate(self.frases, 1))


@st.composite
def casos(draw, familias: tuple[str, ...] | None = None, max_frases: int = 3) -> Caso:
    """A case: a law and one to ``max_frases`` sentences that amend different artigos of it (a
    sentence of another family when one cannot be written on this law), sometimes followed by a
    vigência clause. ``familias``: only these families (default: all, by weight)."""
    lei = draw(leis())
    names = [n for n in _WEIGHTED if familias is None or n in familias] or list(familias or FAMILIAS)
    count = draw(st.integers(1, max_frases).filter(lambda k: True))
    if draw(st.integers(0, 2)) != 0:
        count = 1  # most acts have one instruction: a failure is then one sentence's
    frases: list[Frase] = []
    used: set[str] = set()
    tries = 0
    while len(frases) < count and tries < 8:
        tries += 1
        name = names[draw(_fair(len(names)))]
        got = draw(FAMILIAS[name][0](lei, used))
        group = got if isinstance(got, list) else [got]
        if got is None or any(fr.artigos & used for fr in group):
            continue
        frases.extend(group)
        for fr in group:
            used |= fr.artigos
    if not frases:
        fr = draw(familia_revogacao(lei, set()))
        assert fr is not None
        frases.append(fr)
    if draw(st.integers(0, 2)) == 0:
        frases.append(draw(vigencias()))
    ementa = next((f.ementa for f in frases if f.ementa), "Dispõe sobre matéria de teste.")
    return Caso(lei, frases, ementa)
