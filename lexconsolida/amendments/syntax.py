"""The lexer and parser of the instruction grammar (work in progress: replaces grammar.py)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from lexconsolida.amendments import lexicon
from lexconsolida.citations import Citation, find
from lexconsolida.model.dates import LONG_DATE, SHORT_DATE, _distance


@dataclass(frozen=True, slots=True)
class Tok:
    """A token of the instruction lexer: its terminal's name, its value (the matched words, or
    the :class:`~lexconsolida.citations.Citation` a UNITS/ACT/NAMED token stands for) and span."""

    type: str
    value: Any
    start: int
    end: int


_PUNCT = {":": "COLON", ";": "SEMI", ",": "COMMA", "(": "LPAR", ")": "RPAR"}
_QUOTED = re.compile(r"[\"“”]\s*(?P<dq>[^\"“”]*?)\s*[\"“”]|(?<!\w)['‘](?P<sq>[^'‘’]*)['’](?!\w)")
_WORD = re.compile(r"[^\s,;:\"“”()]+")
_EDGE_DOTS = re.compile(r"^[\s.…]+|[\s.…]+$")
_DASH = re.compile(r"[-–—]+")
_NUMBER_SIGN = re.compile(r"n[º°o]s?\.?|n\.[º°o]|nr\.?", re.IGNORECASE)
_ORDINAL = re.compile(r"(?P<n>\d{1,4})\s*[º°ª]?(?:-[A-Z])?\.?$")
_FOLD_KEEP = str.maketrans("", "")


def _fold(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if not unicodedata.combining(c))


_FUZZY = {_fold(k): v for k, v in lexicon.FUZZY.items()}


def expression(s: str) -> str:
    """A quoted expression as printed, without the dots that say it sits inside a longer
    passage and the edge spaces."""
    return " ".join(_EDGE_DOTS.sub("", s).split())


def _citation_tokens(text: str) -> list[Tok]:
    out = []
    for c in find(text, agrupadores=True):
        if c.na_ementa:
            continue
        if c.proprio:
            out.append(Tok("SELF", c, c.start, c.end))
        elif c.agrupador:
            out.append(Tok("AGRUP", c, c.start, c.end))
        elif c.ids or c.conflito:
            out.append(Tok("UNITS", c, c.start, c.end))
        elif c.act is not None:
            named = c.act.nome is not None and not c.act.numero and not c.act.urn
            out.append(Tok("NAMED" if named else "ACT", c, c.start, c.end))
    return out


def tokens(text: str) -> list[Tok]:
    """The grammar's terminals for ``text``, in order (misspelt long words read as the word of
    :data:`lexicon.FUZZY` they miss by one letter: the text the tokens point into is
    :func:`corrected`'s)."""
    text = corrected(text)
    spans = _citation_tokens(text)
    for m in _QUOTED.finditer(text):
        inner = m.group("dq") if m.group("dq") is not None else m.group("sq") or ""
        inside = [t for t in spans if m.start() < t.end and t.start < m.end()]
        if inside and sum(t.end - t.start for t in inside) >= 0.6 * len(inner.strip()):
            continue  # '“Art. 3º da Lei nº 1.415/91”': a citation between quote marks
        spans = [t for t in spans if t not in inside]
        kind = "ANNEX" if _ANNEX_NAME.fullmatch(inner.strip()) else "QUOTED"
        spans.append(Tok(kind, expression(inner), m.start(), m.end()))
    for m in _PAREN_DESCRIPTION.finditer(text):
        close = _closing(text, m.start())
        if close is None:
            continue
        spans = [t for t in spans if not (m.start() <= t.start < close)]
        spans.append(Tok("PDESCR", " ".join(text[m.end():close].split()), m.start(), close + 1))
    spans.sort(key=lambda t: t.start)
    out: list[Tok] = []
    pos = 0
    for tok in spans:
        if tok.start < pos:
            continue
        _words(text, pos, tok.start, out)
        out.append(tok)
        pos = tok.end
    _words(text, pos, len(text), out)
    return out


_ANNEX_NAME = re.compile(r"(?:anexo|tabela|quadro)\s+(?:[IVXLC]+|\d+|[úu]nico)\b.{0,40}", re.IGNORECASE)
"""'Fica alterado o “ANEXO VII” da Lei …': an annex's name between quote marks."""
_PAREN_DESCRIPTION = re.compile(r"\(\s*que\b", re.IGNORECASE)
"""'(que altera, modifica e dá nova redação à Lei nº 1.612/92, …)': the description of the act
cited before it (its ementa), one terminal: its verbs and citations are not the instruction's."""


def _closing(text: str, start: int) -> int | None:
    depth = 0
    for i in range(start, len(text)):
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth == 0:
            return i
    return None


def _words(text: str, pos: int, end: int, out: list[Tok]) -> None:
    while pos < end:
        while pos < end and text[pos].isspace():
            pos += 1
        if pos >= end:
            return
        ch = text[pos]
        if ch in _PUNCT:
            out.append(Tok(_PUNCT[ch], ch, pos, pos + 1))
            pos += 1
            continue
        if out and out[-1].type == "LEIA_SE" and ch not in "\"“'":
            rest = expression(text[pos:end].rstrip(" .;"))
            out.append(Tok("REST", rest, pos, end))  # 'leia-se a Caixa … S/A...': the new text, unquoted
            return
        date = LONG_DATE.match(text, pos, end) or SHORT_DATE.match(text, pos, end)
        if date is not None:
            out.append(Tok("DATE", date.group(0), pos, date.end()))
            pos = date.end()
            continue
        found = lexicon.match_at(text, pos, end)
        if found is not None:
            name, stop = found
            out.append(Tok(name, text[pos:stop], pos, stop))
            pos = stop
            continue
        m = _WORD.match(text, pos, end)
        word_end = m.end() if m else pos + 1
        word = text[pos:word_end]
        if word_end == pos + 1 and word in "\"“”'‘’":
            out.append(Tok("QMARK", word, pos, word_end))
            pos = word_end
            continue
        if _DASH.fullmatch(word):
            out.append(Tok("DASH", word, pos, word_end))
            pos = word_end
            continue
        if re.fullmatch(r"[.…]+", word):
            if text[word_end:end].strip() == "":
                pos = word_end  # the final full stop
                continue
            out.append(Tok("PERIOD", word, pos, word_end))
            pos = word_end
            continue
        if word.endswith(".") and len(word) > 1 and not _NUMBER_SIGN.fullmatch(word):
            word_end -= 1  # 'Lei.' : the word, then the full stop
            word = word[:-1]
        if _NUMBER_SIGN.fullmatch(word) and not text[word_end:end].strip():
            pos = word_end  # 'as Leis nº 1/2000 e nº| 2/2001': the sign of the next act's number
            continue
        n = _ORDINAL.match(word)
        if n is not None:
            out.append(Tok("NUM", word, pos, word_end))
        elif not (out and out[-1].type == "W"):
            out.append(Tok("W", word, pos, word_end))
        else:
            last = out[-1]
            out[-1] = Tok("W", text[last.start:word_end], last.start, word_end)
        pos = word_end


_WORDS = re.compile(r"[^\W\d_][\w-]*[^\W\d_]|[^\W_]*\d[^\W_]*[^\W\d_]{3,}")


@cache
def _fuzzy(word: str) -> str | None:
    """The right spelling of a misspelt long word one edit away from a word of
    :data:`lexicon.FUZZY` ('vi8gorar', 'eguinte', 'Acresente-se'), or None."""
    w = _fold(word)
    if len(w) < 6 or w in _FUZZY:
        return None
    known = lexicon.match_at(word, 0, len(word))
    if known is not None and known[1] == len(word):
        return None  # a word of the table ('acréscimo' is not a misspelt 'acrescido')
    for key, right in _FUZZY.items():
        if abs(len(key) - len(w)) <= 1 and _distance(w, key) == 1:
            return right
    return None


def corrected(text: str) -> str:
    """``text`` with the misspelt long words of instructions written right (see :func:`_fuzzy`)."""
    parts: list[str] = []
    last = 0
    for m in _WORDS.finditer(text):
        right = _fuzzy(m.group(0))
        if right is not None:
            if m.group(0)[:1].isupper():
                right = right[:1].upper() + right[1:]
            parts += [text[last:m.start()], right]
            last = m.end()
    if not parts:
        return text
    parts.append(text[last:])
    return "".join(parts)


# --- the parser --------------------------------------------------------------------------------

@cache
def _parser():
    from lark import Lark, Token  # lark (~0.1 s to import) only when a text has a verb of the grammar
    from lark.lexer import Lexer  # lark (~0.1 s to import) only when a text has a word of the grammar

    class _Lexer(Lexer):
        def __init__(self, lexer_conf) -> None:
            pass

        def lex(self, data):  # data: the terminal types of one text; a token's position is its index
            for i, t in enumerate(data):
                yield Token(t, None, start_pos=i)

    source = resources.files("lexconsolida").joinpath("data/gramatica/instrucoes.lark").read_text(encoding="utf-8")
    return Lark(source, parser="earley", lexer=_Lexer, ambiguity="explicit", start=list(STARTS))


STARTS = ("start", "frase_tabela", "frase_texto", "item")
"""The grammar's starting points: an instruction (or several, or a final clause), a change to a
table or annex, the act's own text that only cites another norm, an item of a list."""


@cache
def _vocabulary(start: str) -> frozenset[str]:
    """The terminals a derivation from ``start`` can use (a sentence with another one cannot be
    read from it, and is not tried: the parse is exact, the check only saves time)."""
    rules = _parser().rules
    by_origin: dict[str, list] = {}
    for r in rules:
        by_origin.setdefault(r.origin.name, []).append(r)
    seen: set[str] = set()
    terms: set[str] = set()
    todo = [start]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for r in by_origin.get(name, []):
            for sym in r.expansion:
                if sym.is_term:
                    terms.add(sym.name)
                else:
                    todo.append(sym.name)
    return frozenset(terms)


def parse_types(types: tuple[str, ...], start: str = "start"):
    from lark.exceptions import UnexpectedInput  # lark (~0.1 s to import) only when a text has a word of the grammar
    parser = _parser()
    try:
        return parser.parse(list(types), start=start)
    except UnexpectedInput:
        return None


# --- the typed tree --------------------------------------------------------------------------------

from dataclasses import replace as _replace  # noqa: E402

from lexconsolida.model.instructions import (  # noqa: E402
    ActCitation, Clause, ClauseKind, Cited, Instruction, Pair, Reading, Through, UnitCitation,
)
from lexconsolida.model.operations import EMENTA  # noqa: E402

_KIND_OF_RULE = {
    "redacao": ClauseKind.REDACAO, "redacao_dando": ClauseKind.REDACAO, "conjunto_substituido": ClauseKind.REDACAO,
    "generica": ClauseKind.ALTERACOES, "redacao_acrescimo": ClauseKind.ALTERACOES,
    "inclusao": ClauseKind.INCLUSAO, "inclusao_gerundio": ClauseKind.INCLUSAO, "inclusao_acrescimo": ClauseKind.INCLUSAO,
    "inclusao_atraves": ClauseKind.INCLUSAO,
    "revogacao": ClauseKind.REVOGACAO, "revogacao_diferida": ClauseKind.REVOGACAO, "revogacao_restrita": ClauseKind.REVOGACAO,
    "lista_revogacao": ClauseKind.REVOGACAO, "revogacao_lista_inline": ClauseKind.REVOGACAO,
    "renumeracao": ClauseKind.RENUMERACAO, "renumeracao_demais": ClauseKind.RENUMERACAO,
    "renumeracao_seguinte": ClauseKind.RENUMERACAO, "renumeracao_numero": ClauseKind.RENUMERACAO,
    "substituicao": ClauseKind.SUBSTITUICAO, "onde_se_le": ClauseKind.SUBSTITUICAO,
    "supressao_expressao": ClauseKind.SUPRESSAO_EXPRESSAO,
    "vigencia": ClauseKind.VIGENCIA,
    "revogatoria": ClauseKind.REVOGACAO, "revogatoria_anteriores": ClauseKind.REVOGACAO,
    "revogatoria_restrita": ClauseKind.REVOGACAO, "revogatoria_parcial": ClauseKind.REVOGACAO_GENERICA,
    "tabela": ClauseKind.TABELA, "nao_textual": ClauseKind.NAO_TEXTUAL, "texto": ClauseKind.TEXTO,
    "manutencao": ClauseKind.TEXTO, "item": ClauseKind.REVOGACAO, "renumeracao_com_texto": ClauseKind.REDACAO,
}
"""Every named clause rule of the grammar and the kind of clause it reads (a test checks that
each rule of ``instrucoes.lark`` under ``_clausula`` or ``start`` has its entry)."""

_OBJECT_RULES = {"alvo", "ato", "ato_qualificado", "agrupador", "conjunto", "alvo_comum", "ementa", "dispositivos",
                 "anexo_de", "novo", "alvo_ato_depois", "agrupador_artigos", "alvo_em", "alvo_texto"}


class _Node:
    """A Lark tree seen through the builder: its rule, children, and tokens (with our Tok values)."""

    __slots__ = ("data", "children")

    def __init__(self, data: str, children: list) -> None:
        self.data = data
        self.children = children

    def toks(self, *types: str) -> list[Tok]:
        return [c for c in self.children if isinstance(c, Tok) and (not types or c.type in types)]

    def sub(self, *names: str) -> list["_Node"]:
        return [c for c in self.children if isinstance(c, _Node) and c.data in names]

    def descendants(self, *names: str) -> list["_Node"]:
        out: list[_Node] = []
        for c in self.children:
            if isinstance(c, _Node):
                out += [c] if c.data in names else []
                out += c.descendants(*names)
        return out

    def all_toks(self) -> list[Tok]:
        out: list[Tok] = []
        for c in self.children:
            out += [c] if isinstance(c, Tok) else c.all_toks()
        return out


def _convert(tree, toks: list[Tok]) -> _Node:
    from lark import Token, Tree  # lark (~0.1 s to import) only when a text has a word of the grammar

    kids: list = []
    for c in tree.children:
        if isinstance(c, Token):
            kids.append(toks[c.start_pos or 0])
        elif isinstance(c, Tree):
            kids.append(_convert(c, toks))
    return _Node(str(tree.data), kids)


def _text(text: str, ts: list[Tok]) -> str:
    if not ts:
        return ""
    return " ".join(text[ts[0].start:ts[-1].end].split())


def _act(text: str, node: _Node) -> ActCitation | None:
    ts = node.toks("ACT", "NAMED")
    if not ts:
        return None
    cit: Citation = ts[0].value
    assert cit.act is not None
    description = qualifier = None
    amended: list = []
    for n in node.sub("descricao", "ementa_citada"):
        description = _text(text, n.all_toks()[1:] if n.data == "descricao" else n.all_toks())
    for t in node.toks("PDESCR"):
        description = str(t.value)
    if node.data == "ato_qualificado":
        qualifier = " ".join(str(t.value) for t in node.toks("W"))
    for n in node.sub("contexto"):
        amended += [t.value.act for t in n.all_toks() if t.type in ("ACT", "NAMED") and t.value.act is not None]
    start, end = ts[0].start, ts[-1].end
    ref = cit.act
    for n in node.sub("data_ato"):
        date = next((t for t in n.toks("DATE")), None)
        if date is not None and ref.data is None:
            from lexconsolida.model.dates import parse_date  # only for an act cited with its date spelt out
            iso = parse_date(str(date.value))
            if iso:
                ref = _replace(ref, data=iso, ano=ref.ano or int(iso[:4]))
    return ActCitation(ref, _text(text, ts), start, end, by_name=ts[0].type == "NAMED", description=description,
                       qualifier=qualifier or None, amended_by=tuple(amended))


def _act_of(cit: Citation, text: str) -> ActCitation | None:
    if cit.act is None:
        return None
    named = cit.act.nome is not None and not cit.act.numero and not cit.act.urn
    return ActCitation(cit.act, cit.text, cit.start, cit.end, by_name=named)


_KIND_WORDS = (("par", "paragrafo"), ("§", "paragrafo"), ("inc", "inciso"), ("al", "alinea"), ("it", "item"),
               ("íte", "item"), ("art", "artigo"))


def _kind_of_word(word: str) -> str | None:
    w = _fold(word).split()[-1] if word.split() else ""
    return next((k for p, k in _KIND_WORDS if w.startswith(_fold(p))), None)


def _unit(text: str, node: _Node) -> list[UnitCitation]:
    ts = node.toks("UNITS", "AGRUP")
    if node.data == "ementa":
        act = next((_act(text, a) for a in node.sub("ato", "ato_qualificado")), None)
        e = node.toks("EMENTA")[0]
        return [UnitCitation((EMENTA,), str(e.value), e.start, e.end, act=act)]
    if node.data == "dispositivos":
        return []
    if not ts:
        return []
    cit: Citation = ts[0].value
    if node.data == "agrupador_artigos" and len(ts) > 1:
        # 'o capítulo III … - arts. 11 a 31 - da Lei Complementar nº 57': the agrupador with its articles
        arts: Citation = ts[1].value
        cit = _replace(arts, ids=tuple(cit.ids) + tuple(arts.ids), text=text[ts[0].start:ts[1].end],
                       start=ts[0].start, end=ts[1].end, agrupador=True,
                       act=arts.act or cit.act)
    amended = tuple(t.value.act for n in node.sub("contexto") for t in n.all_toks()
                    if t.type in ("ACT", "NAMED") and t.value.act is not None)
    acts: list[ActCitation | None] = [_act_of(cit, text)]
    named = node.toks("ACT", "NAMED")
    if named and node.data == "alvo_comum":  # 'ao art. 1º da Lei A e da Lei B': the same units of each
        acts = [*(a for a in acts if a is not None), *[
            ActCitation(t.value.act, t.value.text, t.start, t.end, by_name=t.type == "NAMED") for t in named]]
    elif named:
        acts = [ActCitation(t.value.act, t.value.text, t.start, t.end, by_name=t.type == "NAMED") for t in named]
    if amended:
        acts = [_replace(a, amended_by=a.amended_by + amended) if a is not None else None for a in acts]
    with_units: list[str] = []
    through = None
    for n in node.sub("com_unidades", "respectivos"):
        with_units += [k for t in n.toks("UNITKIND") if (k := _kind_of_word(str(t.value)))]
    for n in node.sub("atraves"):
        verb = " ".join(str(t.value) for t in n.toks() if t.type not in ("QUE",) and not isinstance(t.value, Citation))
        inner = next((t.value for t in n.all_toks() if isinstance(t.value, Citation)), None)
        if inner is not None:
            through = Through(verb, tuple(inner.ids), _act_of(inner, text))
    kind_set = None
    if node.data == "conjunto":
        kind_set = _kind_of_word(str(node.toks("UNITKIND")[0].value))
    continues = bool(node.toks("CONTINUES", "MESMO", "CITED_ACT"))
    out = []
    for act in acts:
        out.append(UnitCitation(
            tuple(cit.ids), cit.text, cit.start, cit.end, act=act, incomplete=cit.incompleto, conflict=cit.conflito,
            other_numbering=tuple(cit.outra_numeracao), agrupador=cit.agrupador, kind_set=kind_set,
            with_units=tuple(dict.fromkeys(with_units)), continues=continues, current=bool(node.toks("ATUAL")),
            through=through, quoted=bool(node.toks("QMARK"))))
    return out


def _cited(text: str, node: _Node) -> list[Cited]:
    if node.data in ("ato", "ato_qualificado"):
        a = _act(text, node)
        return [a] if a is not None else []
    if node.data == "anexo_de":  # 'os trechos do Anexo IV, da Lei Complementar nº 1/94'
        toks = node.all_toks()
        act = next((_act(text, n) for n in node.sub("ato", "ato_qualificado")), None)
        first = toks[0]
        k = max(i for i, t in enumerate(toks) if t.type == "ANNEX")
        while k + 1 < len(toks) and toks[k + 1].type in ("W", "NUM", "QUOTED"):
            k += 1  # the annex's number or name ('Anexo IV', 'Tabela de Receita III')
        last = toks[k]
        printed = " ".join(text[first.start:last.end].split())
        return [UnitCitation((), printed, first.start, last.end, act=act, annex=printed)]
    if node.data == "novo":
        out: list[Cited] = []
        for t in node.toks("UNITS", "AGRUP"):
            out.append(UnitCitation(tuple(t.value.ids), t.value.text, t.start, t.end, act=_act_of(t.value, text),
                                    incomplete=t.value.incompleto, agrupador=t.value.agrupador))
        for t in node.toks("UNITKIND", "SEGUINTE_UNIT"):
            if not node.toks("UNITS"):
                out.append(UnitCitation((), str(t.value), t.start, t.end, kind_set=_kind_of_word(str(t.value))))
        for n in node.sub("contexto"):
            pass
        return out
    return list(_unit(text, node))


def _clause(text: str, node: _Node) -> Clause:
    rule = node.data
    kind = _KIND_OF_RULE[rule]
    objects: list[Cited] = []
    place: list[UnitCitation] = []
    norm = None
    context: list[Cited] = []
    for c in node.children:
        if not isinstance(c, _Node):
            continue
        if c.data in _OBJECT_RULES:
            found = _cited(text, c)
            if c.data in ("ato", "ato_qualificado") and kind is not ClauseKind.REVOGACAO and rule not in (
                    "redacao", "generica") or (c.data in ("ato", "ato_qualificado") and rule == "inclusao"):
                norm = found[0] if found and isinstance(found[0], ActCitation) else norm
            else:
                objects += found
        elif c.data == "lugar":
            inner = next((n for n in c.children if isinstance(n, _Node)), None)
            place += [u for u in _cited(text, inner) if isinstance(u, UnitCitation)] if inner is not None else []
        elif c.data == "lista_o_que":  # 'Ficam revogados os seguintes dispositivos da Lei nº 100/2001: …'
            norm = next((a for n in c.sub("ato", "ato_qualificado") if (a := _act(text, n))), None) or norm
        elif c.data == "disposicoes_de":
            context += [a for n in c.sub("ato", "ato_qualificado") if (a := _act(text, n))]
    toks = node.toks()
    types = {t.type for t in toks}
    new_numbers = tuple(_number_of(n) for n in node.sub("numero"))
    pairs: list[Pair] = []
    expressions: tuple[str, ...] = ()
    if kind is ClauseKind.SUBSTITUICAO:
        pairs = _pairs(text, node)
    if kind is ClauseKind.SUPRESSAO_EXPRESSAO:
        expressions = tuple(str(t.value) for t in toks if t.type == "QUOTED")
    copy_of = None
    for n in node.sub("copia"):
        u = n.toks("UNITS")
        if u:
            copy_of = UnitCitation(tuple(u[0].value.ids), u[0].value.text, u[0].start, u[0].end,
                                   act=_act_of(u[0].value, text), current=bool(n.toks("ATUAL")))
    deferred = None
    if rule in ("revogacao", "revogacao_diferida", "revogatoria") and ("A_PARTIR" in types or "RETRO" in types):
        t = next(t for t in toks if t.type in ("A_PARTIR", "RETRO"))
        deferred = " ".join(text[t.start:toks[-1].end].split())
    for n in node.sub("condicao_item"):  # 'I - com efeito a partir de 1º de janeiro de 2022, o art. 4º …'
        deferred = _text(text, n.all_toks())
    restriction = None
    if "RESTRICTION" in types:
        t = next(t for t in toks if t.type == "RESTRICTION")
        restriction = " ".join(text[t.start:node.all_toks()[-1].end].split())
    note = None
    if kind in (ClauseKind.VIGENCIA, ClauseKind.TABELA, ClauseKind.NAO_TEXTUAL, ClauseKind.TEXTO,
                ClauseKind.REVOGACAO_GENERICA):
        all_t = node.all_toks()
        note = " ".join(text[all_t[0].start:all_t[-1].end].split()) if all_t else None
        if kind is ClauseKind.REVOGACAO_GENERICA:
            context += [a for n in node.sub("ato", "ato_qualificado") if (a := _act(text, n))]
        if kind in (ClauseKind.TABELA, ClauseKind.NAO_TEXTUAL, ClauseKind.TEXTO):
            context += [c for t in node.all_toks() if isinstance(t.value, Citation)
                        for c in _plain_cited(t, text)]
    if rule == "redacao_acrescimo":
        for n in node.sub("mais_artigo"):  # '… os Arts. 163, acrescido do inciso VI, e 166 da Lei …'
            num = n.toks("NUM")[0]
            norm_act = next((a for x in node.sub("ato", "ato_qualificado") if (a := _act(text, x))), None)
            digits = "".join(ch for ch in str(num.value) if ch.isdigit())
            if digits:
                objects.append(UnitCitation((f"art{int(digits)}",), str(num.value), num.start, num.end, act=norm_act))
        if node.sub("mais_artigo"):
            norm = None
            units = [o for o in objects if isinstance(o, UnitCitation)]
            shared = next((x.act for x in units if x.act is not None), None)
            objects = [o if o.act is not None else _replace(o, act=shared) for o in units]
    if kind is ClauseKind.REVOGACAO:
        objects = _shared_act(objects)
    if kind is ClauseKind.REVOGACAO:  # 'Fica revogada a Lei nº 100, em razão da vigência da Lei nº 200': not revoked
        context += [c for n in node.descendants("adjunto") for t in n.all_toks()
                    if t.type in ("ACT", "NAMED") for c in _plain_cited(t, text) if isinstance(c, ActCitation)]
    if kind is ClauseKind.TABELA and not any(t.type in _CHANGES for t in node.all_toks()):
        kind = ClauseKind.TEXTO  # 'os valores da tabela a que se refere o caput deste artigo terão …': no change ordered
    if kind is ClauseKind.TEXTO and _own_change_in_time(node):
        kind = ClauseKind.EFEITO
    if rule == "revogatoria" and not objects:
        kind = ClauseKind.REVOGACAO_GENERICA
        context += [a for n in node.sub("disposicoes_de") for a0 in n.sub("ato", "ato_qualificado")
                    if (a := _act(text, a0))]
    return Clause(
        kind, rule, objects=tuple(objects), place=tuple(place), norm=norm, new_numbers=new_numbers,
        rest=rule == "renumeracao_demais", pairs=tuple(pairs), expressions=expressions, copy_of=copy_of,
        text_follows=bool(types & {"NOVA_REDACAO", "A_SEGUIR", "ALTERACOES"}) or rule == "conjunto_substituido",
        whole="WHOLE" in types, set_replaced=rule == "conjunto_substituido",
        items_follow=rule == "lista_revogacao", deferred=deferred, restriction=restriction,
        context=tuple(context), note=note)


def _shared_act(objects: list[Cited]) -> list[Cited]:
    """'o § 1º, do Art. 14, e o Anexo II, da Lei Complementar nº 11/2002': the norm printed once,
    after the last member of a list, is every member's that prints none (when the list names
    one norm)."""
    acts = {(o.act.ref.key, o.act.ref.nome): o.act for o in objects if isinstance(o, UnitCitation) and o.act}
    if len(acts) != 1 or any(isinstance(o, ActCitation) for o in objects):
        return objects
    act = next(iter(acts.values()))
    out: list[Cited] = []
    for i, o in enumerate(objects):
        later = any(isinstance(x, UnitCitation) and x.act is not None for x in objects[i + 1:])
        out.append(_replace(o, act=act) if isinstance(o, UnitCitation) and o.act is None and later else o)
    return out


_CHANGES = lexicon.VERB_TERMINALS | {"PASSA"}
"""The terminals that order a change (a clause about a table without one orders nothing)."""


def _split_mixed(text: str, node: _Node, clause: Clause) -> list[Clause]:
    """A clause that rewrites some units and adds others ('passa a vigorar com alterações nos
    incisos I e II, e acrescido dos incisos III a VI'; 'Ficam alteradas as redações dos Arts. 163,
    acrescido do inciso VI, e 166'): two clauses of the tree, the rewrite and the inclusion (the
    units the rule reads as new), sharing the quoted text."""
    if node.data != "redacao_acrescimo":
        return [clause]
    new_at = {(t.start, t.end) for n in node.sub("novo") for t in n.toks("UNITS", "AGRUP")}
    added = tuple(o for o in clause.objects if isinstance(o, UnitCitation) and (o.start, o.end) in new_at)
    if not added:
        return [clause]
    kept = tuple(o for o in clause.objects if o not in added)
    whole = [o for o in kept if isinstance(o, UnitCitation) and len(o.ids) == 1 and o.ids[0].startswith("art")]
    if len(whole) > 1:  # 'os Arts. 163, acrescido do inciso VI, e 166': the inciso is the 163's
        def of_previous(u: UnitCitation) -> UnitCitation:
            before = [o for o in whole if o.end <= u.start]
            if not before or any(i.startswith("art") for i in u.ids):
                return u
            art = before[-1].ids[0]
            return _replace(u, ids=tuple(f"{art}_cpt_{i}" if i.startswith(("inc", "ali")) else f"{art}_{i}"
                                         for i in u.ids))
        added = tuple(of_previous(u) if isinstance(u, UnitCitation) else u for u in added)
    return [_replace(clause, objects=kept), _replace(clause, kind=ClauseKind.INCLUSAO, objects=added)]


def _own_change_in_time(node: _Node) -> bool:
    """A text of the act that says when its own changes count: 'com a redação dada pelo art. 1º
    desta Lei' (or 'por esta Lei') and a date, a period or a condition."""
    toks = node.all_toks()
    own = any(t.type in ("AMENDED_BY", "COM_REDACAO_DE") and i + 1 < len(toks) and toks[i + 1].type in ("SELF", "SELF_SUBJ")
              for i, t in enumerate(toks))
    return own and any(t.type in ("A_PARTIR", "RETRO", "CONDITION") for t in toks)


def _plain_cited(t: Tok, text: str) -> list[Cited]:
    c: Citation = t.value
    if c.ids:
        return [UnitCitation(tuple(c.ids), c.text, c.start, c.end, act=_act_of(c, text), agrupador=c.agrupador)]
    a = _act_of(c, text)
    return [a] if a is not None else []


def _number_of(node: _Node) -> str:
    t = node.toks()
    for x in t:
        if x.type == "UNITS":
            return ",".join(x.value.ids)
    return " ".join(str(x.value) for x in t if x.type != "QMARK")


def _pairs(text: str, node: _Node) -> list[Pair]:
    quoted = [t for t in node.all_toks() if t.type in ("QUOTED", "REST")]
    places = [c for c in node.children if isinstance(c, _Node) and c.data in _OBJECT_RULES]
    whole = "TODOS" in {t.type for t in node.all_toks()}
    place: list[Cited] = [x for p in places for x in _cited(text, p)]
    trocas = node.sub("troca")
    if trocas:
        out = []
        for t in trocas:
            q = [x for x in t.toks() if x.type == "QUOTED"]
            own = [x for p in t.children if isinstance(p, _Node) and p.data in _OBJECT_RULES for x in _cited(text, p)]
            out.append(Pair(str(q[0].value), str(q[1].value), tuple(own or place), whole))
        return out
    if len(quoted) >= 2:
        return [Pair(str(quoted[0].value), str(quoted[1].value), tuple(place), whole)]
    return []


def _instruction(text: str, tree) -> Instruction:
    """The typed instruction of one parse (a tree without ambiguity)."""
    toks = tree  # already converted
    clauses: list[Clause] = []
    norm = None
    if toks.data in ("frase_tabela", "frase_texto"):
        toks = _Node("start", toks.children)
    if toks.data == "item":
        return Instruction(text, clauses=(_clause(text, toks),))
    condition = None
    for c in toks.children:
        if not isinstance(c, _Node):
            continue
        if c.data in _KIND_OF_RULE:
            clauses += _split_mixed(text, c, _clause(text, c))
        elif c.data == "comum":
            a = next((_act(text, n) for n in c.sub("ato", "ato_qualificado")), None)
            norm = a or norm
        elif c.data in ("condicao", "condicao_fim"):
            condition = _text(text, c.all_toks())
    return Instruction(text, clauses=tuple(clauses), norm=norm, condition=condition)


def _meaning(i: Instruction) -> tuple:
    """What a reading means, for telling apart two parses of a sentence: the clauses' kinds,
    objects, places, norms, numbers and flags (not the words each rule took as description)."""
    def cited(c: Cited) -> tuple:
        if isinstance(c, ActCitation):
            return ("act", c.ref.key, c.ref.nome)
        return ("units", c.ids, c.act.ref.key if c.act else None, c.kind_set, c.with_units, c.through is not None)
    return (tuple((c.kind, tuple(cited(o) for o in c.objects), tuple(cited(p) for p in c.place),
                   c.norm.ref.key if c.norm else None, c.new_numbers, c.rest, c.pairs, c.expressions,
                   c.copy_of.ids if c.copy_of else None, c.whole, c.set_replaced, c.items_follow,
                   c.deferred is not None, c.restriction is not None) for c in i.clauses),
            i.norm.ref.key if i.norm else None, i.condition is not None)


_TREES: dict[tuple[tuple[str, ...], tuple[str, ...]], object] = {}
"""Parse trees by starting points and terminal types: the parse depends on the types alone
(values are put back by position), and an acervo repeats the same shapes many times."""


def read(text: str) -> Instruction:
    """The instruction ``text`` states, by the grammar: read (its clauses), ambiguous (each
    reading described), or unread."""
    return _read(text, STARTS[:3])


def read_item(text: str) -> Instruction:
    """One item of a list ('a Lei nº 3.598, de 17 de dezembro de 2015;', 'II - o art. 5º da Lei
    nº 20/2005.'), by the grammar's ``item`` rule: its clause is the revocation of what it names."""
    return _read(_LIST_LABEL.sub("", text, count=1), ("item",), source=text)


_LIST_LABEL = re.compile(r"^\s*[\"“]?\s*(?:[IVXLCDM]+|\d+|[a-z])\s*[-–—).]\s+")


def _read(text: str, starts: tuple[str, ...], source: str | None = None) -> Instruction:
    from lark import Tree  # lark (~0.1 s to import) only when a text has a word of the grammar
    from lark.visitors import CollapseAmbiguities  # lark (~0.1 s to import) only when a text has a word of the grammar

    toks = tokens(text)
    shown = corrected(text)
    toks.append(Tok("END", "", len(shown), len(shown)))
    types = tuple(t.type for t in toks)
    key = (starts, types)
    if key not in _TREES:
        _TREES[key] = _parse_all(types, starts)
    tree = _TREES[key]
    cited = tuple(c for t in toks if isinstance(t.value, Citation) and t.type in ("UNITS", "ACT", "NAMED", "AGRUP")
                  for c in _plain_cited(t, shown))
    fixes = _corrections(text, shown)
    if tree is None:
        return Instruction(source or text, reading=Reading.UNREAD, cited=cited, corrections=fixes)
    assert isinstance(tree, Tree)
    if any(t.data == "_ambig" for t in tree.iter_subtrees()):
        readings: dict[tuple, Instruction] = {}
        for alt in CollapseAmbiguities().transform(tree):
            instr = _instruction(shown, _convert(alt, toks))
            readings.setdefault(_meaning(instr), instr)
        if len(readings) > 1:
            return Instruction(source or text, reading=Reading.AMBIGUOUS, cited=cited, corrections=fixes,
                               readings=tuple(r.describe().split(": ", 1)[-1] for r in readings.values()))
        instr = next(iter(readings.values()))
    else:
        instr = _instruction(shown, _convert(tree, toks))
    return _replace(instr, source=source or text, cited=cited, corrections=fixes)


def _parse_all(types: tuple[str, ...], starts: tuple[str, ...]):
    """The parse of ``types`` from every starting point whose vocabulary holds them, as one tree
    (``_ambig`` over the starting points when more than one reads it), or None."""
    from lark import Tree  # lark (~0.1 s to import) only when a text has a word of the grammar
    present = set(types)
    trees = [t for start in starts if present <= _vocabulary(start)
             and (t := parse_types(types, start)) is not None]
    if not trees:
        return None
    return trees[0] if len(trees) == 1 else Tree("_ambig", trees)


def _corrections(text: str, shown: str) -> tuple[tuple[str, str], ...]:
    if text == shown:
        return ()
    a, b = text.split(), shown.split()
    return tuple((x, y) for x, y in zip(a, b) if x != y) if len(a) == len(b) else ()


_ORDERS = frozenset({"ALTERA_SE", "ALTERA", "ACRESCENTA_SE", "ACRESCENTA", "REVOGA_SE", "REVOGA", "SUPRIME_SE",
                     "SUPRIME", "EXCLUI_SE", "RENUMERA_SE", "RENUMERA", "SUBSTITUI_SE", "DE_SE", "ONDE_SE_LE"})
_ORDERED = frozenset({"ALTERADO", "ACRESCIDO", "REVOGADO", "SUPRIMIDO", "EXCLUIDO", "RENUMERADO", "SUBSTITUIDO"})


def opens_with_order(text: str) -> bool:
    """Whether ``text`` opens with a verb that orders a change ('Acrescenta …', 'Inclui-se …',
    'Ficam acrescidos, …'): a sentence the grammar cannot read but that opens so is a question
    even when it cites no unit of another norm (it may change a table or a structure another
    norm keeps)."""
    types = [t.type for t in tokens(text)[:4]]
    if not types:
        return False
    return types[0] in _ORDERS or (types[0] == "FICA" and any(t in _ORDERED for t in types[1:3]))
