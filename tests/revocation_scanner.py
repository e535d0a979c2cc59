"""An independent reader of express revocations in raw legislative texts — the oracle of
``tests/test_revocations_feira.py``.

It shares nothing with lexconsolida's recogniser: no citations module, no vocabulary, no
grammar, no reader. It reads the text files as received (``../shared/acervos/…``), with its
own few rules, written from how drafters write revocations, and says which acts each act
expressly revokes — whole, or some of their units:

1. **Sentences.** The text is cut into lines (paragraphs); a line that ends with ':' after a
   revoking verb takes the list lines that follow it ('Art. 27 Revogam-se:' / 'I - a Lei …;').
   Lines are cut into sentences at a period followed by a capital letter. After the first
   article, text between quotation marks is left out: it is wording an amending act gives to
   another act, not a clause of its own.
2. **Verbs.** A revoking verb is a finite form of *revogar*: 'revoga', 'revogam', 'revogue',
   'revogando', 'revogado(s)/revogada(s)', with or without '-se'. The infinitive ('poderá
   revogar', 'norma que a revogar') and the nouns and adjectives ('revogação', 'irrevogável')
   are not. 'revogado pela Lei nº …' describes another act's revocation (an annotation, a
   reference): not a revocation by this act.
3. **What the verb revokes.** The words after the verb, to the end of the sentence; when the
   verb is 'fica(m)/é/são … revogado(s)' also the subject before it. A generic object ('as
   disposições em contrário', 'todas as anteriores que …') revokes nothing by itself; acts named
   after 'especialmente', 'em especial', 'notadamente' … are revoked.
4. **Acts.** A citation is a kind of act ('Lei', 'Lei Complementar', 'Decreto', 'Decreto
   Legislativo', plural too) with a number ('nº', 'n°', 'número', or none: 'Lei 518'), and maybe
   a date ('de 5 de maio de 2001', '/2001', '/01', 'de 09.06.82'); after a citation, more
   numbers of the same kind may follow ('as Leis nº 1, de …; 2, de … e 3'). Federal and state
   acts ('Lei Federal', 'Decreto-Lei') are not the municipality's.
5. **Whole or units.** A citation preceded, since the last act named, by a unit ('o art. 4º
   da', 'os incisos I e II do art. 9º da', 'a Tabela … da') revokes those units; one preceded
   only by articles, list marks and adverbs ('a', 'e a', 'I -', 'integralmente') revokes the
   whole act; any other words before it ('em razão da vigência da', 'nos termos da', 'pelo')
   make it a reference, not a target. Words in a relative clause ('…, que dispõe sobre …') name
   no target until the next ';' or a new item ('…, e a Lei nº …').

``scan(folder)`` returns one :class:`Revocation` per (revoking file, revoked act, whole or
units), with the sentence it came from; acts are named by their files (``resolve``).
"""

from __future__ import annotations

import csv
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

MONTHS = ("janeiro", "fevereiro", "marco", "abril", "maio", "junho", "julho", "agosto",
          "setembro", "outubro", "novembro", "dezembro")


def fold(text: str) -> str:
    """Lower case, without accents (the rules below are written for this form), character
    by character: the same length as ``text``."""
    out = []
    for ch in text:
        low = unicodedata.normalize("NFD", ch)[0].lower()
        out.append(low if len(low) == 1 else ch)
    return "".join(out)


VERB = re.compile(r"\brevog(?:a|am|ue|uem|ando|ado|ada|ados|adas)(?:\s*-\s*se)?\b")
"""Finite forms of 'revogar' (on folded text): never the infinitive, the noun or adjectives."""
AGENT_AFTER = re.compile(r"^\s*(?:,\s*)?pel[ao]s?\s+(?:lei|decreto|resolucao|portaria|emenda|art)")
"""'revogado pela Lei …': another act's revocation described."""
COPULA_BEFORE = re.compile(r"\b(?:fica|ficam|ficou|ficaram|e|sao|sera|serao|esta|estao|resta|restam)"
                           r"(?:\s+(?:expressamente|integralmente|totalmente|consequentemente|tambem))?\s*$")
GENERIC = re.compile(r"disposi|anterior|contrari|em sentido|normas|legislac|dispositivos em")
SPECIAL = re.compile(r"\b(?:especialmente|especificamente|em especial|notadamente|principalmente|particularmente|"
                     r"sobretudo|inclusive)\b")
RELATIVE = re.compile(r"(?:,\s*|\s)(?:que|o qual|a qual|os quais|as quais|cujo|cuja|cujos|cujas)\b")
UNIT = re.compile(r"\b(?:art|arts|artigo|artigos|§|paragrafo|paragrafos|inciso|incisos|alinea|alineas|"
                  r"item|itens|anexo|anexos|tabela|tabelas|capitulo|capitulos|secao|secoes|titulo|"
                  r"titulos|caput|dispositivo|dispositivos|parte|subitem)\b|§")
FUNCTIONAL = re.compile(
    r"^(?:\s|[,;:.()\-–—]|\b(?:a|o|as|os|e|ainda|tambem|integralmente|totalmente|expressamente|"
    r"inclusive|especialmente|em especial|notadamente|principalmente|particularmente|sobretudo|"
    r"bem como|assim como|em sua totalidade|em todos os seus termos|seguintes|leis?|decretos?|"
    r"municipal|municipais|numero|nos?)\b|n\s*[o°º]s?\.?|\b[ivxlc]+\s*[-–)]|\b[a-z]\)|\b\d+\s*[.)\-–])*$")
"""What may stand between the start of an item and an act revoked as a whole."""
OWNER_END = re.compile(r"(?:\b(?:d[aoe]s?|n[ao]s?)\s+(?:referid[ao]s?\s+|citad[ao]s?\s+)?|,\s*)$")
"""How a unit's act follows it: 'o art. 4º da', 'a Tabela … na', 'do art. 144, Lei …'."""

KIND = (r"(?P<kind>leis?\s+complementar(?:es)?|decretos?\s+legislativos?|decretos?|leis?)"
        r"(?P<qual>(?:\s+(?:municipal|municipais|ordinaria|ordinarias|complementar|complementares))*)")
NUMBER = r"(?P<num>\d{1,3}(?:\.\d{3})+|\d+)"
NO = r"(?:\s+de)?\s*(?:n\s*[o°º]\s*s?\.?|n\.\s*[o°º]|numero|n\.)?\s*"
DATE = (r"(?P<date>\s*/\s*(?P<slash>\d{2,4})\b|,?\s*(?:datad[ao]\s+)?de\s+\d{1,2}\s*[o°º]?\s+de\s+(?P<month>[a-z]+)"
        r"\s+de\s+(?P<long>\d{4})|,?\s*de\s+\d{1,2}[./]\d{1,2}[./](?P<short>\d{2,4})|,?\s+de\s+(?P<year>\d{4})\b)?")
CITATION = re.compile(r"\b" + KIND + NO + NUMBER + DATE)
MORE = re.compile(r"\s*(?:[,;]\s*)?(?:e\s+)?(?:(?:a|o)\s+)?(?P<no>n\s*[o°º]\s*s?\.?\s*|numero\s+)?" + NUMBER + DATE)
"""A further number of the same kind after a citation ('…, 2.984, de 4 de maio de 2009 e nº 3.190')."""
FOREIGN = re.compile(r"^\s*(?:-\s*lei|federa|estadua|nacional|da uniao|do estado)")
FOREIGN_BEFORE = re.compile(r"(?:federal|estadual|constituicao)\s*$")
LIST_START = re.compile(r"^\s*(?:art\b|artigo\b|§|paragrafo\b|capitulo\b|titulo\b|secao\b)", re.I)
SENTENCE_END = re.compile(r"(?<=[a-z0-9)\"”])\.\s+(?=[A-ZÁÉÍÓÚÂÊÔÃÕÇ])")
ARTICLE_LINE = re.compile(r"^\s*art(?:igo)?\.?\s*\d", re.I)


@dataclass(frozen=True, slots=True)
class Citation:
    kind: str
    """'lei', 'lei complementar', 'decreto', 'decreto legislativo'."""
    number: int
    year: int | None
    text: str


@dataclass(frozen=True, slots=True)
class Revocation:
    source: str
    """The revoking act's file, relative to the acervo folder."""
    target: Citation
    whole: bool
    """True: the whole act; False: some of its units."""
    sentence: str


def _year(m: re.Match) -> int | None:
    for name in ("long", "year"):
        if m.group(name):
            return int(m.group(name))
    for name in ("slash", "short"):
        y = m.group(name)
        if y:
            n = int(y)
            return n if n > 100 else (1900 + n if n > 30 else 2000 + n)
    return None


def _kind(raw: str, qual: str) -> str:
    k = raw.split()[0].rstrip("s")
    if "complementar" in raw or "complementar" in qual:
        return "lei complementar"
    if k == "decreto" and "legislativ" in raw:
        return "decreto legislativo"
    return k


def citations(text: str) -> list[tuple[int, int, Citation]]:
    """(start, end, citation) of every municipal act named in folded ``text``, lists expanded."""
    out = []
    for m in CITATION.finditer(text):
        if FOREIGN.match(text[m.end("kind") + len(m.group("qual") or ""):]) or \
                FOREIGN_BEFORE.search(text[max(0, m.start() - 12):m.start()]) or \
                re.match(r"\s*-\s*lei", text[m.end("kind"):]):
            continue
        kind = _kind(m.group("kind"), m.group("qual") or "")
        plural = m.group("kind").split()[0].endswith("s")
        out.append((m.start(), m.end(), Citation(kind, int(m.group("num").replace(".", "")), _year(m),
                                                 text[m.start():m.end()])))
        end = m.end()
        while True:  # 'as Leis nº 1, de …; 2, de … e nº 3' / 'a Lei nº 1 e nº 2'
            more = MORE.match(text, end)
            if more is None or more.end() == end or (not plural and not more.group("no")):
                break
            if re.match(r"\s*(?:[º°o]|%|\(|reais|dias|anos|metros|m2|m²)", text[more.end():]):
                break  # a quantity, not an act
            out.append((more.start("num"), more.end(), Citation(
                kind, int(more.group("num").replace(".", "")), _year(more), text[more.start("num"):more.end()])))
            end = more.end()
    return out


def _targets(scope: str, sentence: str, source: str) -> list[Revocation]:
    """The acts a verb's object (or subject) ``scope`` names as revoked."""
    found = []
    generic_until = None
    first = re.search(r"\b(?:lei|decreto)|" + UNIT.pattern, scope)
    if GENERIC.search(scope[:first.start() if first else len(scope)]):
        special = SPECIAL.search(scope)
        generic_until = special.end() if special else len(scope)
    item_start = generic_until or 0
    for start, end, cit in citations(scope):
        if generic_until is not None and start < generic_until:
            item_start = end
            continue
        between = scope[item_start:start]
        # a new item (';', or ', e a'/'e o' before the act) ends a relative clause
        new_item = re.search(r"(?:;|,\s*e\s+|\se\s+(?=(?:a|o|as|os)\s+(?:lei|decreto)))(?!.*(?:;|,\s*e\s+))", between)
        if new_item:
            between = between[new_item.end():]
        rel = RELATIVE.search(between)
        special = SPECIAL.search(between)
        if rel and not (special and special.start() > rel.start()) and \
                not re.search(r"de\s+que\s+trat", between[max(0, rel.start() - 4):rel.end() + 8]):
            item_start = end
            continue
        if re.search(r"\bpel[ao]s?\b", between):
            item_start = end
            continue
        if UNIT.search(between) and OWNER_END.search(between):
            found.append(Revocation(source, cit, False, sentence))
        elif FUNCTIONAL.match(re.split(r"[,;]", between)[-1]) and not UNIT.search(between):
            found.append(Revocation(source, cit, True, sentence))
        item_start = end
    return found


def _unquoted(lines: list[str]) -> list[str]:
    """The lines with quoted text blanked (after the first article): balanced quotes within a
    line, and regions from an unbalanced opening quote to the line that closes it."""
    out = []
    inside = False
    seen_article = False
    for line in lines:
        if not seen_article and ARTICLE_LINE.match(line):
            seen_article = True
        if not seen_article:
            out.append(line)
            continue
        count = line.count('"') + line.count("“") + line.count("”")
        if inside:
            if count % 2 == 1:
                inside = False
                tail = re.split(r'["”]', line)[-1]
                out.append(tail)
            else:
                out.append("")
            continue
        text = re.sub(r'"[^"]*"|“[^”]*”', " ", line)
        if (text.count('"') + text.count("“") + text.count("”")) % 2 == 1:
            inside = True
            text = re.split(r'["“]', text)[0]
        out.append(text)
    return out


def _units(lines: list[str]) -> list[str]:
    """Paragraphs, a revoking line ending with ':' joined with its list lines."""
    units: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        i += 1
        if not line:
            continue
        if line.endswith(":") and VERB.search(fold(line)):
            while i < len(lines) and (not lines[i].strip() or not LIST_START.match(lines[i])):
                if lines[i].strip():
                    line += " " + lines[i].strip()
                i += 1
        units.append(line)
    return units


def revocations_in(text: str, source: str) -> list[Revocation]:
    """Every express revocation in one act's raw text."""
    found = []
    for para in _units(_unquoted(text.splitlines())):
        for sentence in SENTENCE_END.split(para):
            low = fold(sentence)
            for verb in VERB.finditer(low):
                if AGENT_AFTER.match(low[verb.end():]):
                    continue
                end = len(low)
                following = VERB.search(low, verb.end())
                if following is not None and not AGENT_AFTER.match(low[following.end():]):
                    end = following.start()  # the next verb's own object
                scope = low[verb.end():end]
                before = low[:verb.start()]
                hits = _targets(scope, sentence, source)
                if COPULA_BEFORE.search(before):
                    subject = re.sub(r"^\s*art(?:igo)?\.?\s*\d+\s*[o°º]?\s*[-–.]?\s*", "", before)
                    hits += _targets(subject, sentence, source)
                found += hits
    return found


FOLDERS = {"leis-ordinarias": "lei", "leis-complementares": "lei complementar",
           "decretos": "decreto", "decretos-legislativos": "decreto legislativo"}
_FILE = re.compile(r"^(?P<kind>.+)-(?P<num>\d+)-(?P<year>\d{4})\.txt$")


def _unused(path: Path) -> bool:
    """A page that says the number was never used ('ATO INEXISTENTE, NUMERAÇÃO NÃO
    UTILIZADA'): no act."""
    head = fold(path.read_text(encoding="utf-8", errors="replace")[:400])
    return "inexistente" in head and "art" not in head


@dataclass(slots=True)
class Files:
    """The acervo's files by (kind, number) → [(year, file)]."""

    by_number: dict[tuple[str, int], list[tuple[int, str]]]

    @classmethod
    def of(cls, folder: Path) -> Files:
        out: dict[tuple[str, int], list[tuple[int, str]]] = {}
        with open(folder / "indice.csv", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                rel = row["arquivo"]
                sub, name = rel.split("/", 1)
                m = _FILE.match(name)
                if sub in FOLDERS and m and not _unused(folder / rel):
                    out.setdefault((FOLDERS[sub], int(m.group("num"))), []).append((int(m.group("year")), rel))
        return cls(out)

    def resolve(self, cit: Citation) -> str | None:
        """The file of the act cited: by kind and number, and by year when given (or when the
        kind is numbered anew each year); None when no act, or more than one, fits."""
        options = self.by_number.get((cit.kind, cit.number), [])
        if cit.year is not None:
            options = [o for o in options if o[0] == cit.year]
        elif cit.kind == "decreto legislativo":
            return None
        return options[0][1] if len(options) == 1 else None


def scan(folder: Path) -> tuple[list[Revocation], list[Revocation]]:
    """(revocations whose target is an act of the acervo, those whose target is not found or
    ambiguous) over every file of ``folder`` (an acervo as received, with its indice.csv)."""
    files = Files.of(folder)
    found: list[Revocation] = []
    unresolved: list[Revocation] = []
    for rel in sorted(p for _, options in files.by_number.items() for _, p in options):
        text = (folder / rel).read_text(encoding="utf-8", errors="replace")
        for r in revocations_in(text, rel):
            target = files.resolve(r.target)
            if target == rel:
                continue  # the act's own units ('revogado o art. 5º desta Lei' has no citation)
            (found if target else unresolved).append(r)
    return found, unresolved
