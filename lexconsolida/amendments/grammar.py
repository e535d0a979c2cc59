"""Instruction recognition as a declared grammar: lexer, parser and the typed instruction tree.

The grammar is a file, ``lexconsolida/data/gramatica/instrucao.lark``: one rule per shape of
instruction. This module turns a dispositivo's text into the grammar's terminals (the drafters'
formulas are data, in :mod:`lexconsolida.amendments.vocabulary`; citations come from
:mod:`lexconsolida.citations`), parses them with Lark's Earley parser with explicit ambiguity,
and builds a typed :data:`Instruction` tree. A sentence with two parses is never read by its
first branch: :func:`parse` returns an :class:`Ambiguous` with each reading described, for a
person to decide (``docs/arquitetura.md`` records why Lark and why Earley).

:mod:`lexconsolida.amendments.interpret` turns the tree into operations.

>>> parse("Substitua-se, no art. 5º da Lei nº 1/2000, a expressão “multa” por “penalidade”.")
Substitution(pairs=(Pair(old='multa', new='penalidade', place=None),), place=Place(...))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from lexconsolida.amendments import vocabulary
from lexconsolida.citations import Citation, find

# --- the typed tree ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Place:
    """Where an instruction acts: units cited (each citation with its norm when printed right
    after it), a norm cited apart ('…, da Lei nº 1/2000'), or the whole norm ('em toda a Lei')."""

    units: tuple[Citation, ...] = ()
    act: Citation | None = None
    whole: bool = False
    """True also for a norm named without units ('na Lei nº 1/2000')."""

    def __repr__(self) -> str:
        return "Place(...)"

    def describe(self) -> str:
        act = self.act.act.label() if self.act is not None and self.act.act else None
        if self.whole or not self.units:
            return f"em toda a {act or 'norma'}"
        return "em " + ", ".join(c.text for c in self.units) + (f" da {act}" if act else "")


@dataclass(frozen=True, slots=True)
class Pair:
    """One expression replaced by another, with its own place when it has one."""

    old: str
    new: str
    place: Place | None = None


@dataclass(frozen=True, slots=True)
class Substitution:
    """'Substitua-se, no art. 5º, a expressão “X” por “Y”'; 'Onde se lê “X”, leia-se “Y”'."""

    pairs: tuple[Pair, ...]
    place: Place | None = None
    """The place of every pair without its own."""

    def place_of(self, pair: Pair) -> Place | None:
        """Where ``pair`` applies: its own place (with the instruction's norm when it names none),
        else the instruction's."""
        own = pair.place
        if own is None:
            return self.place
        if own.act is None and self.place is not None and self.place.act is not None:
            return Place(own.units, self.place.act, own.whole)
        return own

    def describe(self) -> str:
        out = []
        for p in self.pairs:
            where = self.place_of(p)
            out.append(f"“{p.old}” por “{p.new}” " + (where.describe() if where else "(sem lugar citado)"))
        return "substituição de " + "; ".join(out)


@dataclass(frozen=True, slots=True)
class RevocationList:
    """'Ficam revogados os seguintes dispositivos da Lei Complementar nº 41/2009:', 'Revogam-se:':
    the units or acts revoked are the items that follow (each read by :func:`parse_item`)."""

    act: Citation | None = None

    def describe(self) -> str:
        return "revogação dos itens que seguem" + (f" da {self.act.act.label()}" if self.act and self.act.act else "")


@dataclass(frozen=True, slots=True)
class Revocation:
    """Units or acts revoked: 'Exclua-se o inciso II do art. 3º'; one item of a list ('a Lei nº
    3.598, de 17 de dezembro de 2015;'). ``deferred``: the qualifier of a revocation that does
    not take effect with the act ('com efeito a partir de 14/12/2006')."""

    objects: tuple[Citation, ...]
    act: Citation | None = None
    deferred: str | None = None

    def describe(self) -> str:
        s = "revogação de " + ", ".join(c.text for c in self.objects)
        return s + (f" ({self.deferred})" if self.deferred else "")


Instruction = Substitution | RevocationList | Revocation
"""What the grammar reads from one dispositivo."""


@dataclass(frozen=True, slots=True)
class Ambiguous:
    """A sentence the grammar reads in more than one way: each reading, described."""

    readings: tuple[str, ...]


# --- the lexer: text → terminals ---------------------------------------------------------------

_I = re.IGNORECASE
_HIFEN = vocabulary.HIFEN
_WORD_TOKENS: list[tuple[str, re.Pattern[str]]] = [
    ("ONDE_SE_LE", re.compile(r"onde\s+se\s+l[êe]\b", _I)),
    ("LEIA_SE", re.compile(rf"leia{_HIFEN}se(?:\s+e\s+registre{_HIFEN}se)?\b", _I)),
    ("SUBSTITUI", re.compile(vocabulary.pattern_of("substituicao"), _I)),
    ("EXCLUI", re.compile(vocabulary.pattern_of("exclusao"), _I)),
    ("REVOGA", re.compile(vocabulary.pattern_of("revogacao"), _I)),
    ("CONTRARIO", re.compile(r"(?:tod[oa]s\s+)?(?:as\s+)?disposi[çc][õo]es\s+em\s+contr[áa]rio\b", _I)),
    ("ESPECIALMENTE", re.compile(r"(?:em\s+)?especial(?:mente)?\b|notadamente\b|principalmente\b", _I)),
    ("REVOGADAS", re.compile(vocabulary.pattern_of("revogacao_clausula"), _I)),
    ("DEFER", re.compile(r"(?:com\s+efeitos?\s+)?a\s+partir\s+d[eoa]s?\s+(?:\d{1,2}[/.]\d{1,2}[/.]\d{2,4}"
                         r"|\d{1,2}\s*[º°]?\s+de\s+[^\W\d_]+\s+de\s+\d{4}|[^\W\d_]+(?:\s+[^\W\d_]+)?)", _I)),
    ("TODA", re.compile(r"(?:em\s+)?tod[oa]\s+(?:[oa]\s+)?(?:(?:texto|corpo)\s+d[ao]\s+)?(?:(?:presente|referid[oa])\s+)?"
                        r"(?:lei|decreto|resolu[çc][ãa]o|norma|c[óo]digo|texto)?\b", _I)),
    ("EXPRESSAO", re.compile(r"(?:express(?:[ãa]o|[õo]es)|palavras?|termos?|voc[áa]bulos?)\b", _I)),
    ("ALTERACOES", re.compile(r"(?:e\s+)?(?:suas|respectivas)\s+altera[çc][õo]es(?:\s+posteriores)?\b", _I)),
    ("SEGUINTES", re.compile(r"seguintes?\b", _I)),
    ("DISPOSITIVOS", re.compile(r"(?:dispositivos?|artigos?)\b(?!\s*\d)", _I)),
    ("POR", re.compile(r"(?:por|pel[oa]s?)\b", _I)),
    ("EM", re.compile(r"(?:n[oa]s?|em)\b", _I)),
    ("E", re.compile(r"e\b", _I)),
    ("DET", re.compile(r"(?:[oa]s?|aos?|à|às|d[oa]s?|de|seus?|suas?|respectiv[oa]s?)\b", _I)),
]
_PUNCT = {":": "COLON", ";": "SEMI", ",": "COMMA"}
_QUOTED = re.compile(r"[\"“”]\s*(?P<dq>[^\"“”]*?)\s*[\"“”]|(?<!\w)'(?P<sq>[^']*)'")
_WORD = re.compile(r"[^\s,;:\"“”]+")
_EDGE_DOTS = re.compile(r"^[\s.…]+|[\s.…]+$")
_NUMBER_SIGN = re.compile(r"n[º°o]s?\.?|n\.[º°o]", re.IGNORECASE)
_REST_OF_WORD = re.compile(r"[^\W\d_]*")
_PREFILTER = re.compile("|".join(f"(?:{vocabulary.pattern_of(k)})"
                                 for k in ("substituicao", "exclusao", "revogacao", "revogacao_clausula"))
                        + r"|onde\s+se\s+l[êe]", _I)
"""A verb the grammar's rules start with: a text without one is not parsed (most are not)."""


@dataclass(frozen=True, slots=True)
class _Tok:
    type: str
    value: object
    start: int


def _expression(s: str) -> str:
    """A quoted or trailing expression as the drafter printed it, without the dots that say it
    sits inside a longer passage ('… a Caixa e o Banco S/A…') and the edge spaces."""
    return " ".join(_EDGE_DOTS.sub("", s).split())


def tokens(text: str) -> list[_Tok]:
    """The grammar's terminals for ``text``, in order (``W`` for words without a role, merged)."""
    cits = [c for c in find(text) if not c.na_ementa]
    spans: list[tuple[int, int, _Tok]] = []
    for c in cits:
        if c.proprio:
            continue
        if c.ids:
            spans.append((c.start, c.end, _Tok("CIT", c, c.start)))
        elif c.act is not None:
            spans.append((c.start, c.end, _Tok("ACT", c, c.start)))
    taken = [(s, e) for s, e, _ in spans]
    for m in _QUOTED.finditer(text):
        if not any(s < m.end() and m.start() < e for s, e in taken):
            spans.append((m.start(), m.end(), _Tok("QUOTED", _expression(m.group("dq") or m.group("sq") or ""),
                                                   m.start())))
    spans.sort(key=lambda x: x[0])
    out: list[_Tok] = []
    pos = 0
    for s, e, tok in spans:
        if s < pos:
            continue
        _words(text, pos, s, out)
        out.append(tok)
        pos = e
    _words(text, pos, len(text), out)
    return out


def _words(text: str, pos: int, end: int, out: list[_Tok]) -> None:
    while pos < end:
        while pos < end and text[pos].isspace():
            pos += 1
        if pos >= end:
            return
        ch = text[pos]
        if ch in _PUNCT:
            out.append(_Tok(_PUNCT[ch], ch, pos))
            pos += 1
            continue
        if out and out[-1].type == "LEIA_SE" and ch not in "\"“'":
            rest = _expression(text[pos:end].rstrip(" .;"))
            out.append(_Tok("REST", rest, pos))  # 'leia-se a Caixa … S/A...': the new text, unquoted
            return
        for name, rx in _WORD_TOKENS:
            m = rx.match(text, pos, end)
            if m and m.end() > pos:
                tail = _REST_OF_WORD.match(text, m.end(), end)
                stop = tail.end() if tail else m.end()  # 'Ficam revogad|as': the whole word
                out.append(_Tok(name, text[pos:stop], pos))
                pos = stop
                break
        else:
            m = _WORD.match(text, pos, end)
            word_end = m.end() if m else pos + 1
            if re.fullmatch(r"[.…]+", text[pos:word_end]) and text[word_end:end].strip() == "":
                pos = word_end  # the final full stop
                continue
            if _NUMBER_SIGN.fullmatch(text, pos, word_end) and not text[word_end:end].strip():
                pos = word_end  # 'as Leis nº 1/2000 e nº| 2/2001': the sign of the next act's number
                continue
            if not (out and out[-1].type == "W"):
                out.append(_Tok("W", text[pos:word_end], pos))
            pos = word_end


# --- the parser --------------------------------------------------------------------------------

@cache
def _parser():
    from lark import Lark, Token  # lark (~0.1 s to import) only when a text has a verb of the grammar
    from lark.lexer import Lexer  # lark (~0.1 s to import) only when a text has a verb of the grammar

    class _Lexer(Lexer):
        def __init__(self, lexer_conf) -> None:
            pass

        def lex(self, data):  # data: the terminal types of one text; a token's position is its index
            for i, t in enumerate(data):
                yield Token(t, None, start_pos=i)

    source = resources.files("lexconsolida").joinpath("data/gramatica/instrucao.lark").read_text(encoding="utf-8")
    return Lark(source, parser="earley", lexer=_Lexer, ambiguity="explicit", start=["start", "item"])


def parse(text: str) -> Instruction | Ambiguous | None:
    """The instruction ``text`` states, by the grammar; None when no rule reads it (the older
    formulas of :mod:`lexconsolida.amendments.recognise` then try)."""
    if not _PREFILTER.search(text):
        return None  # no verb the grammar knows: not worth a lexing
    toks = tokens(text) + [_Tok("END", "", len(text))]
    if not _may_match({t.type for t in toks}, toks[-2].type if len(toks) > 1 else ""):
        return None
    return _run(toks, "start")


def _may_match(types: set[str], last: str) -> bool:
    """What every rule needs, checked before parsing (most texts with a verb of the grammar are
    none of its shapes: 'revogadas as disposições em contrário.' alone): a substitution needs
    two expressions; a revocation list ends with ':'; an exclusion cites a unit; the final
    clause names what it revokes after 'especialmente'."""
    return bool(
        (types & {"SUBSTITUI", "ONDE_SE_LE"} and types & {"QUOTED", "REST"})
        or ("REVOGA" in types and last == "COLON")
        or ("EXCLUI" in types and (last == "COLON" or "CIT" in types))
        or (types & {"REVOGA", "REVOGADAS"} and "ESPECIALMENTE" in types))


def parse_item(text: str) -> Revocation | Ambiguous | None:
    """One item of a revocation list ('a Lei nº 3.598, de 17 de dezembro de 2015;')."""
    found = _run(tokens(_LIST_LABEL.sub("", text, count=1)) + [_Tok("END", "", len(text))], "item")
    assert found is None or isinstance(found, Revocation | Ambiguous)
    return found


_LIST_LABEL = re.compile(r"^\s*[\"“]?\s*(?:[IVXLCDM]+|\d+|[a-z])\s*[-–—).]\s+")


_TREES: dict[tuple[str, tuple[str, ...]], object] = {}
"""Parse trees by start rule and terminal types: the parse depends on the types alone (values
are put back by position), and the acervo repeats the same few shapes thousands of times."""


def _tree(toks: list[_Tok], start: str):
    from lark.exceptions import LarkError  # lark (~0.1 s to import) only when a text has a verb of the grammar

    key = (start, tuple(t.type for t in toks))
    if key not in _TREES:
        try:
            _TREES[key] = _parser().parse(list(key[1]), start=start)
        except LarkError:
            _TREES[key] = None
    tree = _TREES[key]
    return None if tree is None else _with_values(tree, toks)


def _with_values(tree, toks: list[_Tok]):
    """A copy of a cached tree with the values of this text's tokens (by position)."""
    from lark import Token, Tree  # lark (~0.1 s to import) only when a text has a verb of the grammar

    kids = [Token(c.type, toks[c.start_pos or 0].value, start_pos=c.start_pos) if isinstance(c, Token)
            else _with_values(c, toks) if isinstance(c, Tree) else c for c in tree.children]
    return Tree(tree.data, kids)


def _run(toks: list[_Tok], start: str) -> Instruction | Ambiguous | None:
    from lark.visitors import CollapseAmbiguities  # lark (~0.1 s to import) only when a text has a verb of the grammar

    tree = _tree(toks, start)
    if tree is None:
        return None
    if any(t.data == "_ambig" for t in tree.iter_subtrees()):
        readings = tuple(dict.fromkeys(_typed(t).describe() for t in CollapseAmbiguities().transform(tree)))
        if len(readings) > 1:
            return Ambiguous(readings)
        tree = CollapseAmbiguities().transform(tree)[0]  # two derivations, one meaning
    return _typed(tree)


# --- tree → typed instruction ------------------------------------------------------------------

def _tokens_of(tree, kind: str) -> list:
    from lark import Token  # lark (~0.1 s to import) only when a text has a verb of the grammar
    return [c for c in tree.children if isinstance(c, Token) and c.type == kind]


def _subtrees(tree, name: str) -> list:
    from lark import Tree  # lark (~0.1 s to import) only when a text has a verb of the grammar
    return [c for c in tree.children if isinstance(c, Tree) and c.data == name]


def _place(tree) -> Place:
    units = tuple(t.value for u in _subtrees(tree, "unidades") for t in _tokens_of(u, "CIT"))
    act = next((t.value for n in _subtrees(tree, "norma") for t in _tokens_of(n, "ACT")), None)
    return Place(units, act, whole=bool(_tokens_of(tree, "TODA")) or not units)


def _merged(places: list[Place]) -> Place | None:
    """The instruction's place from the places printed before and after its pairs ('na Lei nº
    1/2000, … no art. 2º'): the units of any, the norm of any, whole only when none names units."""
    if not places:
        return None
    units = tuple(c for p in places for c in p.units)
    act = next((p.act for p in places if p.act is not None), None)
    return Place(units, act, whole=not units)


def _typed(tree) -> Instruction:
    node = tree.children[0] if tree.data == "start" else tree
    name = node.data
    if name == "substituicao":
        place = _merged([_place(p) for p in _subtrees(node, "lugar")])
        pairs = []
        for t in _subtrees(node, "troca"):
            old, new = (q.value for q in _tokens_of(t, "QUOTED"))
            own = next((_place(p) for p in _subtrees(t, "lugar")), None)
            pairs.append(Pair(old, new, own))
        return Substitution(tuple(pairs), place)
    if name == "substituicao_passiva":
        old, new = (q.value for q in _tokens_of(node, "QUOTED"))
        return Substitution((Pair(old, new),), _merged([_place(p) for p in _subtrees(node, "lugar")]))
    if name == "onde_se_le":
        quoted = _tokens_of(node, "QUOTED") + _tokens_of(node, "REST")
        quoted.sort(key=lambda t: t.start_pos)
        place = _merged([_place(p) for p in _subtrees(node, "lugar")])
        return Substitution((Pair(quoted[0].value, quoted[1].value),), place)
    if name in ("revogacao_lista", "lista_revogatoria"):
        act = next((t.value for n in _subtrees(node, "norma") for t in _tokens_of(n, "ACT")), None)
        return RevocationList(act)
    if name in ("exclusao", "item", "clausula_revogatoria"):
        objs = [t.value for t in _tokens_of(node, "CIT")]
        objs += [t.value for o in _subtrees(node, "objeto") for t in o.children
                 if getattr(t, "type", None) in ("CIT", "ACT")]
        act = next((t.value for n in _subtrees(node, "norma") for t in _tokens_of(n, "ACT")), None)
        defer = next((str(t.value) for t in _tokens_of(node, "DEFER")), None)
        return Revocation(tuple(sorted(objs, key=lambda c: c.start)), act, defer)
    raise AssertionError(f"regra sem caso no leitor da gramática: {name}")
