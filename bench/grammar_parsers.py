"""Bench: five parser libraries of PyPI on the same grammar of citations, over the acervo.

Run from the repository root (the five libraries are not dependencies of the project except the
one chosen; install the others by hand to run this: ``pip install lark parsimonious tatsu
pyparsing arpeggio``)::

    python bench/grammar_parsers.py [--acervo PASTA] [--repeat 5]

Workload: every dispositivo citation ("a alínea b do inciso III do § 2º do art. 40 da Lei nº
1.234/2001", "os incisos I e II e suas respectivas alíneas", "arts. 217 a 287") printed in the
instructions of the acervo's amending acts (the dispositivos :mod:`lexconsolida.amendments.coverage`
counts as amending), as the citation finder delimits it. Each library parses every phrase with
the *same* grammar (units, numbers in lists and ranges, glue words, the act cited after them),
written in its own notation below. Printed for each: time for all phrases (median and spread of
``--repeat`` runs, in one process), phrases parsed whole, the error message for three malformed
citations, and how many phrases have more than one reading (only a parser that keeps every
parse can say: Lark's Earley with ``ambiguity="explicit"``; a PEG library takes the first
alternative that matches and never says there was another). A first version of this grammar
let the date after an act ('da Lei nº 627 de 25 de junho de 1969') swallow the whitespace the
grammar also skips: two tokenisations of the same words. Earley reported those three phrases
as ambiguous; the four PEG libraries parsed them silently.

The figures and the choice are recorded in ``docs/arquitetura.md``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SHARED = Path(os.environ.get("LEXCONSOLIDA_SHARED", ROOT.parent / "shared")).resolve()
DEFAULT = SHARED / "acervos" / "feira-de-santana-ba"

# --- the grammar's pieces (the same regular expressions in every notation) -------------------
ART = r"(?i:art(?:igo)?s?\.{0,2})"
PAR = r"(?i:§§?|par[áa]grafos?)"
UNICO = r"(?i:(?:par[áa]grafo|§)\s*[úu]nico)"
CAPUT = r"(?i:caput)"
INC = r"(?i:incisos?|inc\.)"
ALI = r"(?i:al[íi]neas?|letras?)"
ITEM = r"(?i:ite(?:m|ns))"
ARABIC = r"\d+(?:\s*[º°oª])?(?:-[A-Z](?!\w))?"
ROMAN = r"[IVXLCDM]+(?:-[A-Z])?(?!\w)"
LETTER = r"(?:[\x22“”\x27]\s*[a-z]\s*[\x22“”\x27]|[a-z](?!\w))"
LSEP = r"(?i:,\s*e(?!\w)|,|e(?!\w)|a(?!\w))"
"""Between numbers of a list or range: 'I e II', 'a, b e c', '217 a 287'."""
OF = r"(?i:(?:,\s*)?(?:d[oa]s?|de|n[oa]s?|aos?|em)(?!\w)|,)"
"""Between the units of one chain: 'do', ', da', 'no', ',' ('art. 3º, inciso II')."""
AND = r"(?i:(?:,\s*)?e(?!\w))"
"""Between the members of a list of units: 'e', ', e'."""
LEAD = r"(?i:(?:[oa]s?|seus|suas|respectiv[oa]s?)(?!\w))"
"""Before a unit: 'o', 'as', 'suas respectivas'."""
TIPO = r"(?i:lei\s+complementar|lei\s+org[âa]nica|decreto|resolu[çc][ãa]o|emenda|leis?)"
NSIGN = r"(?i:n\s*[º°o.]+|nr?\.)"
ACTNUM = r"\d{1,3}(?:[.,]\d{3})+|\d+"
YEAR = r"\/\s*\d{2,4}"
DATE = r"(?i:(?:,\s*)?de\s+(?:\d{1,2}\s*[º°o]?\s+de\s+[a-zç]+\s+de\s+\d{4}|\d{1,2}\/\d{1,2}\/\d{2,4}|\d{4}))"

LARK = rf"""
start: LEAD* chain (AND LEAD* chain)* (OF act)?
chain: term (OF LEAD* term)*
?term: unico | caput | art | par | inc | ali | item
unico: UNICO
caput: CAPUT
art: ART arabics
par: PAR arabics
inc: INC romans
ali: ALI letters
item: ITEM arabics
arabics: ARABIC (LSEP ARABIC)*
romans: ROMAN (LSEP ROMAN)*
letters: LETTER (LSEP LETTER)*
act: TIPO NSIGN? ACTNUM YEAR? DATE?
UNICO.3: /{UNICO}/
CAPUT.2: /{CAPUT}/
ART.2: /{ART}/
PAR.2: /{PAR}/
INC.2: /{INC}/
ALI.2: /{ALI}/
ITEM.2: /{ITEM}/
TIPO.2: /{TIPO}/
NSIGN.2: /{NSIGN}/
ARABIC.1: /{ARABIC}/
ROMAN.1: /{ROMAN}/
LETTER.1: /{LETTER}/
LSEP: /{LSEP}/
OF: /{OF}/
AND: /{AND}/
LEAD: /{LEAD}/
ACTNUM: /{ACTNUM}/
YEAR: /{YEAR}/
DATE: /{DATE}/
%ignore /\s+/
"""

PARSIMONIOUS = rf"""
start = lead chain (_ ~r"{AND}" lead chain)* (_ ~r"{OF}" act)? _
chain = term (_ ~r"{OF}" lead term)*
term = unico / caput / art / par / inc / ali / item
lead = (_ ~r"{LEAD}")*
unico = _ ~r"{UNICO}"
caput = _ ~r"{CAPUT}"
art = _ ~r"{ART}" arabics
par = _ ~r"{PAR}" arabics
inc = _ ~r"{INC}" romans
ali = _ ~r"{ALI}" letters
item = _ ~r"{ITEM}" arabics
arabics = _ ~r"{ARABIC}" (_ ~r"{LSEP}" _ ~r"{ARABIC}")*
romans = _ ~r"{ROMAN}" (_ ~r"{LSEP}" _ ~r"{ROMAN}")*
letters = _ ~r"{LETTER}" (_ ~r"{LSEP}" _ ~r"{LETTER}")*
act = _ ~r"{TIPO}" (_ ~r"{NSIGN}")? _ ~r"{ACTNUM}" (_ ~r"{YEAR}")? (_ ~r"{DATE}")?
_ = ~r"\s*"
"""

TATSU = rf"""
@@grammar :: Citation
@@whitespace :: /\s+/
start = lead chain {{ and_w lead chain }} [ of_w act ] $ ;
chain = term {{ of_w lead term }} ;
term = unico | caput | art | par | inc | ali | item ;
lead = {{ lead_w }} ;
unico = /{UNICO}/ ;
caput = /{CAPUT}/ ;
art = art_w arabics ;
par = par_w arabics ;
inc = inc_w romans ;
ali = ali_w letters ;
item = item_w arabics ;
arabics = arabic {{ lsep arabic }} ;
romans = roman {{ lsep roman }} ;
letters = letter {{ lsep letter }} ;
act = tipo [ nsign ] actnum [ year ] [ date ] ;
art_w = /{ART}/ ;
par_w = /{PAR}/ ;
inc_w = /{INC}/ ;
ali_w = /{ALI}/ ;
item_w = /{ITEM}/ ;
arabic = /{ARABIC}/ ;
roman = /{ROMAN}/ ;
letter = /{LETTER}/ ;
lsep = /{LSEP}/ ;
of_w = /{OF}/ ;
and_w = /{AND}/ ;
lead_w = /{LEAD}/ ;
tipo = /{TIPO}/ ;
nsign = /{NSIGN}/ ;
actnum = /{ACTNUM}/ ;
year = /{YEAR}/ ;
date = /{DATE}/ ;
"""
"""(TatSu skips whitespace when a rule starts, not before a pattern inside one: each pattern
is a rule of its own.)"""

ARPEGGIO = rf"""
start <- lead chain (r'{AND}' lead chain)* (r'{OF}' act)? EOF;
chain <- term (r'{OF}' lead term)*;
term <- unico / caput / art / par / inc / ali / item;
lead <- (r'{LEAD}')*;
unico <- r'{UNICO}';
caput <- r'{CAPUT}';
art <- r'{ART}' arabics;
par <- r'{PAR}' arabics;
inc <- r'{INC}' romans;
ali <- r'{ALI}' letters;
item <- r'{ITEM}' arabics;
arabics <- r'{ARABIC}' (r'{LSEP}' r'{ARABIC}')*;
romans <- r'{ROMAN}' (r'{LSEP}' r'{ROMAN}')*;
letters <- r'{LETTER}' (r'{LSEP}' r'{LETTER}')*;
act <- r'{TIPO}' r'{NSIGN}'? r'{ACTNUM}' r'{YEAR}'? r'{DATE}'?;
"""


def _pyparsing():
    import pyparsing as pp

    R = pp.Regex
    lsep = R(LSEP)
    nums = {k: R(p) + pp.ZeroOrMore(lsep + R(p)) for k, p in (("a", ARABIC), ("r", ROMAN), ("l", LETTER))}
    term = pp.MatchFirst([R(UNICO)("unico"), R(CAPUT)("caput"), pp.Group(R(ART) + nums["a"])("art"),
                          pp.Group(R(PAR) + nums["a"])("par"), pp.Group(R(INC) + nums["r"])("inc"),
                          pp.Group(R(ALI) + nums["l"])("ali"), pp.Group(R(ITEM) + nums["a"])("item")])
    lead = pp.ZeroOrMore(R(LEAD))
    chain = pp.Group(term + pp.ZeroOrMore(R(OF) + lead + term))
    act = pp.Group(R(TIPO) + pp.Optional(R(NSIGN)) + R(ACTNUM) + pp.Optional(R(YEAR)) + pp.Optional(R(DATE)))("act")
    start = lead + chain + pp.ZeroOrMore(R(AND) + lead + chain) + pp.Optional(R(OF) + act) + pp.StringEnd()
    return lambda text: start.parse_string(text, parse_all=True)


def _parsers() -> dict:
    """name → parse(text) (raises on a phrase it cannot parse whole)."""
    out = {}
    import lark
    lalr = lark.Lark(LARK, parser="lalr")
    out["lark (LALR)"] = lalr.parse
    earley = lark.Lark(LARK, parser="earley", ambiguity="explicit")
    out["lark (Earley, ambiguidade explícita)"] = earley.parse
    import parsimonious
    g = parsimonious.Grammar(PARSIMONIOUS)
    out["parsimonious"] = g.parse
    import tatsu
    model = tatsu.compile(TATSU)
    out["TatSu"] = lambda text: model.parse(text, start="start")
    out["pyparsing"] = _pyparsing()
    from arpeggio.peg import ParserPEG
    arp = ParserPEG(ARPEGGIO, "start", reduce_tree=False)
    out["Arpeggio"] = arp.parse
    return out


# --- the workload ----------------------------------------------------------------------------

def _phrases_of(path: str) -> list[str]:
    from lexconsolida.amendments.coverage import amending_units
    from lexconsolida.citations import find
    from lexconsolida.errors import LexError
    from lexconsolida.readers import read_file
    try:
        norma = read_file(Path(path)).norma
    except LexError:
        return []
    out = []
    for d in amending_units(norma):
        for c in find(d.text):
            if c.ids and not c.proprio:
                out.append(" ".join(c.text.split()))
    return out


def phrases(root: Path, workers: int = 2) -> list[str]:
    import csv
    with open(root / "indice.csv", encoding="utf-8", newline="") as f:
        files = [str(root / row["arquivo"]) for row in csv.DictReader(f)]
    with ProcessPoolExecutor(workers) as ex:
        return [p for chunk in ex.map(_phrases_of, files, chunksize=40) for p in chunk]


MALFORMED = ["o inciso do art. 5º", "a alínea b do inciso III do § 2º do art.", "os §§ 1º e e 2º do art. 3º"]
def _ambiguous(tree) -> int:
    """Ambiguity nodes in a Lark tree ('_ambig'), 0 for other libraries' results."""
    try:
        from lark import Tree
    except ImportError:
        return 0
    if not isinstance(tree, Tree):
        return 0
    return sum(1 for t in tree.iter_subtrees() if t.data == "_ambig")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--acervo", type=Path, default=DEFAULT)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    t = time.perf_counter()
    corpus = phrases(args.acervo)
    print(f"citações de dispositivo nas instruções do acervo: {len(corpus)} ({len(set(corpus))} distintas; "
          f"{sum(map(len, corpus)):,} caracteres); coleta {time.perf_counter() - t:.1f} s")
    for name, parse in _parsers().items():
        times, ok, ambig = [], 0, 0
        for r in range(max(args.repeat, 1)):
            t = time.process_time()
            n_ok = n_amb = 0
            for p in corpus:
                try:
                    tree = parse(p)
                except Exception:  # noqa: BLE001 — each library raises its own error type
                    continue
                n_ok += 1
                if r == 0:
                    n_amb += _ambiguous(tree) > 0
            times.append(time.process_time() - t)
            if r == 0:
                ok, ambig = n_ok, n_amb
        med = statistics.median(times)
        print(f"\n== {name}: {med:.3f} s CPU (de {min(times):.3f} a {max(times):.3f}, {len(times)} execuções), "
              f"{len(corpus) / med:,.0f} citações/s; inteiras {ok} de {len(corpus)} ({ok / max(len(corpus), 1):.1%})"
              + (f"; com mais de uma leitura: {ambig}" if ambig else ""))
        for bad in MALFORMED:
            try:
                parse(bad)
                print(f"   malformada aceita: {bad!r}")
            except Exception as err:  # noqa: BLE001
                msg = " ".join(str(err).split())[:160]
                print(f"   {bad!r} → {type(err).__name__}: {msg}")
    return 0


if __name__ == "__main__":
    sys.exit(main())


