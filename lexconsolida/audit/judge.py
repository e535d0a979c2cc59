"""Judge each difference between a consolidated dispositivo and its source(s) by LC 95/1998,
art. 13: a § 2º inciso that allows it, or a change of scope § 1º forbids.

The source text is carried step by step toward the consolidated one, each step allowed by one
inciso and recorded: citations whose target is the same dispositivo renumbered (II), the table's
terms (IV, V, VII, VIII), penalty amounts updated by a declared index (VI). What still differs is
read word by word: spelling that differs only in accents, case or hyphenation (V), punctuation
alone (VII), the glue of a merge (III); anything else is a change of scope, named by what it
touches (value, percentage, deadline, number, penalty, obligation, condition, object).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from lexconsolida.audit.model import Finding
from lexconsolida.audit.sources import AuditSource, act_key
from lexconsolida.audit.table import Index, Table, Term
from lexconsolida.citations import find_acts, find_dispositivos
from lexconsolida.diff.tokens import DELETE, EQUAL, INSERT, word_diff
from lexconsolida.diff.units import normalize

_EXTERNAL_AFTER = re.compile(
    r"[\s,]*(?:d[aoe]s?|na|no)\s+((?:Lei|Decreto|Constitui|C[óo]digo|Estatuto|Resolu|Portaria|Regimento|Emenda)"
    r"\w*(?:\s+(?:\w+\s+)?[A-ZÁÉÍÓÚÂÊÔÃÕÇ]\w*)*)")
_MONEY = re.compile(r"R\$\s?(\d{1,3}(?:\.\d{3})*(?:,\d+)?|\d+(?:,\d+)?)(?:\s*\([^()\d]*\))?")
"""An amount in reais, with the amount in words that usually follows it: both change together."""
_UNIT_AMOUNT = re.compile(r"(\d{1,3}(?:\.\d{3})*(?:,\d+)?|\d+(?:,\d+)?)\s*\(?[^()\d]{0,60}?\)?\s*([A-Z]{2,6})\b")
_PENALTY_CONTEXT = re.compile(r"multa|penalidade|pecuni|infra[çc]|san[çc][ãa]o|san[çc][õo]es", re.I)
_PERCENT = re.compile(r"%|por\s+cento", re.I)
_DIGITS = re.compile(r"\d")
_NUMBER_WORDS = re.compile(
    r"\b(?:um|uma|dois|duas|tr[êe]s|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|treze|quatorze|"
    r"catorze|quinze|dezesseis|dezessete|dezoito|dezenove|vinte|trinta|quarenta|cinquenta|sessenta|"
    r"setenta|oitenta|noventa|cem|cento|duzentos|trezentos|quatrocentos|quinhentos|mil|dobro|triplo|"
    r"metade|ter[çc]o)\b", re.I)
_DEADLINE = re.compile(r"\b(?:dias?|m[êe]s|meses|anos?|horas?|semanas?|prazo|[úu]teis|corridos)\b", re.I)
_PENALTY = re.compile(r"\b(?:multas?|advert[êe]ncia|suspens[ãa]o|cassa[çc][ãa]o|apreens[ãa]o|remo[çc][ãa]o|"
                      r"penalidades?|san[çc](?:[ãa]o|[õo]es)|interdi[çc][ãa]o|reten[çc][ãa]o|pena)\b", re.I)
_OBLIGATION = re.compile(r"\b(?:dever[áa]|dever[ãa]o|deve|devem|poder[áa]|poder[ãa]o|pode|podem|vedad[oa]s?|"
                         r"proibid[oa]s?|obrigat[óo]ri[oa]s?|obrigad[oa]s?|facultad[oa]s?|facultativ[oa]|"
                         r"n[ãa]o|nunca|permitid[oa]s?|compete|cabe|caber[áa])\b", re.I)
_CONDITION = re.compile(r"\b(?:se|quando|desde\s+que|salvo|exceto|caso|sempre\s+que|enquanto|somente|"
                        r"apenas|mediante|ressalvad[oa]s?|independentemente|condicionad[oa]s?)\b", re.I)
_GLUE_WORDS = frozenset({"e", "ou", "bem", "como", "tambem", "assim", "alem", "disso", "ainda", "que", "o", "a",
                         "os", "as", "de", "do", "da", "dos", "das", "ao", "aos"})
"""Connectives a merge or a split may add or drop (compared without accents)."""
_JUSTIFICATION_SOURCE = re.compile(r"\b(?:(?-i:STF|ADI|ADC|ADPF|RE)|Supremo|Tribunal|Resolu[çc][ãa]o|"
                                   r"parecer|ac[óo]rd[ãa]o|decis[ãa]o)\b", re.I)


def _strip(text: str) -> str:
    nfkd = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in nfkd if not unicodedata.combining(c))


def skeleton(text: str) -> str:
    """Letters and digits only, lower case, no accents: what spelling updates keep."""
    return re.sub(r"[\W_]", "", _strip(text))


def justified(motivo: str, fonte: str) -> bool:
    """§ 3º: expressly and groundedly justified, naming the source of the information."""
    if not motivo.strip():
        return False
    return bool(fonte.strip() or find_acts(motivo) or _JUSTIFICATION_SOURCE.search(motivo))


# --- citations ----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class _Cite:
    start: int
    end: int
    text: str
    target: tuple


class Resolver:
    """Where citations point: a source's own units mapped into the consolidation, the
    consolidation's units, or an external act."""

    def __init__(self, sources: list[AuditSource], new_of: dict[str, str], new_ids: set[str],
                 old_ids: set[str]):
        self.by_key = {act_key(s.norma.numero, s.norma.data): s.alias for s in sources if s.norma.numero}
        self.new_of = new_of
        self.new_ids = new_ids
        self.old_by_alias: dict[str, set[str]] = {}
        for x in old_ids:
            alias, _, uid = x.partition("/")
            self.old_by_alias.setdefault(alias, set()).add(uid)

    def source_alias(self, act) -> str | None:
        if act is None or not act.numero:
            return None
        return self.by_key.get((act.numero, act.ano))

    @staticmethod
    def _variants(i: str) -> list[str]:
        base = i.removesuffix("_cpt")
        out = [base]
        if base.endswith("par1"):
            out.append(base + "u")
        if base.endswith("par1u"):
            out.append(base[:-1])
        return out

    def _relative(self, unit_id: str, rel: str, ids: set[str]) -> str | None:
        comps = unit_id.split("_")
        for k in range(len(comps), 0, -1):
            prefix = "_".join(comps[:k])
            for cand in (f"{prefix}_{rel}", f"{prefix}_cpt_{rel}"):
                for v in self._variants(cand):
                    if v in ids:
                        return v
        return None

    def map_old(self, alias: str, ids: tuple[str, ...]) -> tuple:
        out = []
        for i in ids:
            new = next((self.new_of[f"{alias}/{v}"] for v in self._variants(i) if f"{alias}/{v}" in self.new_of), None)
            out.append(new or f"?{alias}/{i}")
        return tuple(out)

    def old_cites(self, text: str, alias: str, unit_id: str) -> list[_Cite]:
        out = []
        for c in find_dispositivos(text):
            ext = None if (c.act or c.proprio) else _EXTERNAL_AFTER.match(text, c.end)
            if ext:
                out.append(_Cite(c.start, c.end, c.text, ("ext", normalize(ext.group(1)).lower(), c.ids)))
                continue
            src = alias if (c.act is None or c.proprio) else self.source_alias(c.act)
            if src is None and c.act is not None:
                out.append(_Cite(c.start, c.end, c.text, ("ext", c.act.key, c.ids)))
                continue
            src = src or alias
            ids = c.ids
            if c.incompleto and src == alias:
                ids = tuple(self._relative(unit_id, i, self.old_by_alias.get(alias, set())) or i for i in ids)
            out.append(_Cite(c.start, c.end, c.text, ("own", self.map_old(src, ids))))
        return out

    def new_cites(self, text: str, unit_id: str) -> list[_Cite]:
        out = []
        for c in find_dispositivos(text):
            ext = None if (c.act or c.proprio) else _EXTERNAL_AFTER.match(text, c.end)
            if ext:
                out.append(_Cite(c.start, c.end, c.text, ("ext", normalize(ext.group(1)).lower(), c.ids)))
            elif c.act is not None and not c.proprio:
                src = self.source_alias(c.act)
                out.append(_Cite(c.start, c.end, c.text,
                                 ("revogado", src, c.ids) if src else ("ext", c.act.key, c.ids)))
            else:
                ids = c.ids
                if c.incompleto:
                    ids = tuple(self._relative(unit_id, i, self.new_ids) or i for i in ids)
                out.append(_Cite(c.start, c.end, c.text,
                                 ("own", tuple(next((v for v in self._variants(i) if v in self.new_ids), i)
                                               for i in ids))))
        return out


# --- the steps ----------------------------------------------------------------------------------

def _apply_citations(old: str, old_cites: list[_Cite], new_cites: list[_Cite], found: list[Finding]) -> str:
    if len(old_cites) != len(new_cites):
        return old
    for o, n in sorted(zip(old_cites, new_cites), key=lambda p: -p[0].start):
        same_text = normalize(o.text) == normalize(n.text)
        if o.target == n.target:
            if not same_text:
                found.append(Finding("II", "remissao", o.text, n.text,
                                     "remissão atualizada para a nova numeração do mesmo dispositivo"))
        elif n.target[0] == "revogado":
            found.append(Finding(None, "remissao", o.text, n.text,
                                 "remete a dispositivo de ato que a consolidação revoga"))
        elif not (same_text and o.target[0] == "own" and any(str(t).startswith("?") for t in o.target[1])):
            found.append(Finding(None, "remissao", o.text, n.text,
                                 "a remissão passou a apontar para outro dispositivo"))
        old = old[: o.start] + n.text + old[o.end:]
    return old


def _term_pattern(term: Term) -> re.Pattern:
    de = re.escape(term.de)
    first = term.de[:1]
    if first.isalpha():
        de = f"[{re.escape(first.upper())}{re.escape(first.lower())}]" + re.escape(term.de[1:])
    return re.compile(r"(?<!\w)" + de + r"(?!\w)")


def _case_like(model: str, text: str) -> str:
    if model.isupper() and len(model) > 1:
        return text.upper()
    if model[:1].isupper():
        return text[:1].upper() + text[1:]
    if model[:1].islower():
        return text[:1].lower() + text[1:]
    return text


def _apply_terms(old: str, new: str, terms: list[Term], found: list[Finding]) -> str:
    new_plain = _strip(new)
    for term in sorted(terms, key=lambda t: -len(t.de)):  # the longest name first
        pat = _term_pattern(term)
        upper = re.compile(r"(?<!\w)" + re.escape(term.de.upper()) + r"(?!\w)")
        if not (pat.search(old) or upper.search(old)):
            continue
        if term.para and _strip(term.para) not in new_plain:
            continue
        if not term.para and _strip(term.de) in new_plain:
            continue
        candidate = pat.sub(lambda m: _case_like(m.group(0), term.para), old)
        candidate = upper.sub(term.para.upper(), candidate)
        if candidate != old:
            found.append(Finding(term.inciso, "termo", term.de, term.para, term.motivo))
            old = candidate
    return old


def _amount(text: str) -> float:
    return float(text.replace(".", "").replace(",", "."))


def amounts(text: str, units: set[str]) -> list[tuple[int, int, float, str]]:
    """(start, end, value, unit) of every amount: 'R$ 1.500,00'; '600 UFIR' for a declared unit."""
    out = [(m.start(), m.end(), _amount(m.group(1)), "R$") for m in _MONEY.finditer(text)]
    for m in _UNIT_AMOUNT.finditer(text):
        if m.group(2) in units and not any(s <= m.start() < e for s, e, _, _ in out):
            out.append((m.start(), m.end(), _amount(m.group(1)), m.group(2)))
    return sorted(out)


def _matches_index(old_v: float, old_u: str, new_v: float, new_u: str, idx: Index) -> bool:
    if old_u != idx.de or new_u != idx.para:
        return False
    expected = round(old_v * idx.fator, idx.casas)
    return abs(new_v - expected) <= 10 ** -idx.casas + 1e-9


def _apply_indices(old: str, new: str, indices: list[Index], penalty: bool, found: list[Finding]) -> str:
    if not indices or not penalty:
        return old
    units = {i.de for i in indices} | {i.para for i in indices}
    a, b = amounts(old, units), amounts(new, units)
    if len(a) != len(b) or not a:
        return old
    for (s, e, ov, ou), (ns, ne, nv, nu) in sorted(zip(a, b), key=lambda p: -p[0][0]):
        if ov == nv and ou == nu:
            continue
        idx = next((i for i in indices if _matches_index(ov, ou, nv, nu, i)), None)
        if idx is None:
            continue
        fonte = f" ({idx.fonte})" if idx.fonte else ""
        found.append(Finding("VI", "indice", old[s:e], new[ns:ne],
                             f"atualizado por {idx.nome}, fator " + f"{idx.fator:g}".replace(".", ",") + fonte))
        old = old[:s] + new[ns:ne] + old[e:]
    return old


_NUMBER_WORD_VALUES = {
    "um": 1, "uma": 1, "dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7,
    "oito": 8, "nove": 9, "dez": 10, "onze": 11, "doze": 12, "treze": 13, "catorze": 14, "quatorze": 14,
    "quinze": 15, "dezesseis": 16, "dezessete": 17, "dezoito": 18, "dezenove": 19, "vinte": 20,
    "trinta": 30, "quarenta": 40, "cinquenta": 50, "sessenta": 60, "setenta": 70, "oitenta": 80,
    "noventa": 90, "cem": 100, "cento": 100, "duzentos": 200, "duzentas": 200, "trezentos": 300,
    "trezentas": 300, "quatrocentos": 400, "quatrocentas": 400, "quinhentos": 500, "quinhentas": 500,
    "seiscentos": 600, "seiscentas": 600, "setecentos": 700, "setecentas": 700, "oitocentos": 800,
    "oitocentas": 800, "novecentos": 900, "novecentas": 900,
}
_MULTIPLIERS = {"mil": 1000, "milhao": 10**6, "milhoes": 10**6}
_NUMBER_TOKEN = re.compile(r"\d+(?:[.,]\d+)*|\w+")


def number_values(text: str) -> tuple[float, ...]:
    """The numbers a text states, in order, whether in digits or in words ('30 (trinta)' is
    30 twice; 'um mil e duzentos' is 1200); consecutive repeats collapsed."""
    out: list[float] = []
    total = current = 0
    in_number = False

    def close() -> None:
        nonlocal total, current, in_number
        if in_number:
            out.append(float(total + current))
        total = current = 0
        in_number = False

    for tok in _NUMBER_TOKEN.findall(_strip(text)):
        if tok[0].isdigit():
            close()
            out.append(_amount(tok) if "," in tok or re.fullmatch(r"\d{1,3}(\.\d{3})+", tok) else float(tok.replace(".", "")))
        elif tok in _NUMBER_WORD_VALUES:
            current += _NUMBER_WORD_VALUES[tok]
            in_number = True
        elif tok in _MULTIPLIERS:
            total += (current or 1) * _MULTIPLIERS[tok]
            current = 0
            in_number = True
        elif tok == "e" and in_number:
            continue
        else:
            close()
    close()
    return tuple(v for i, v in enumerate(out) if i == 0 or v != out[i - 1])


_CURRENCY_WORDS = frozenset({"r", "reais", "real", "centavos", "centavo"})


def _without_numbers(text: str) -> str:
    words_only = [t for t in _NUMBER_TOKEN.findall(_strip(text))
                  if not t[0].isdigit() and t not in _NUMBER_WORD_VALUES and t not in _MULTIPLIERS
                  and t not in _CURRENCY_WORDS]
    return " ".join(w for i, w in enumerate(words_only) if w != "e" or (i and words_only[i - 1] != "e"))


def _apply_number_writing(old: str, new: str, found: list[Finding]) -> str:
    """The same numbers written another way ('trinta dias' → '30 (trinta) dias'): § 2º, VII."""
    if normalize(old) == normalize(new) or number_values(old) != number_values(new):
        return old
    if not number_values(old) or _without_numbers(old) != _without_numbers(new):
        return old
    found.append(Finding("VII", "grafia", "", "", "números escritos de outro modo, com o mesmo valor"))
    return new


def _hunks(ops) -> list[tuple[str, str, str, str]]:
    """(deleted, inserted, text before, text after) of each change in ``ops``."""
    out: list[tuple[str, str, str, str]] = []
    i = 0
    while i < len(ops):
        if ops[i].kind == EQUAL:
            i += 1
            continue
        before = ops[i - 1].text if i and ops[i - 1].kind == EQUAL else ""
        dele = ins = ""
        while i < len(ops) and ops[i].kind != EQUAL:
            if ops[i].kind == DELETE:
                dele += ops[i].text
            elif ops[i].kind == INSERT:
                ins += ops[i].text
            i += 1
        after = ops[i].text if i < len(ops) else ""
        if out and len(re.findall(r"\w+", out[-1][3])) <= 1 and out[-1][3] == before and before.strip():
            # two changes one word apart ('um [mil] e duzentos'): one change
            d0, i0, b0, _ = out.pop()
            dele, ins, before = d0 + before + dele, i0 + before + ins, b0
        out.append((dele, ins, before, after))
    return out


def merit_kind(dele: str, ins: str, before: str, after: str, money_units: set[str]) -> str:
    changed = f"{dele} {ins}"
    near = f"{before[-40:]} {changed} {after[:40]}"
    if _PERCENT.search(changed):
        return "percentual"
    if "R$" in changed or any(re.search(rf"\b{re.escape(u)}\b", changed) for u in money_units):
        return "valor"
    if _DIGITS.search(changed) or _NUMBER_WORDS.search(changed):
        if re.search(r"\breais\b", after[:30]) or re.search(r"R\$\s*$", before):
            return "valor"
        if _DEADLINE.search(near):
            return "prazo"
        if re.search(r"R\$|reais|UFIR|multa", near, re.I):
            return "valor"
        return "numero"
    if _PENALTY.search(changed):
        return "penalidade"
    if _OBLIGATION.search(changed):
        return "obrigacao"
    if _CONDITION.search(changed):
        return "condicao"
    return "objeto"


_MONEY_UNITS = {"UFIR", "UFM", "URM", "UPF", "UFR", "VRM", "UPM", "UFRM"}


def residual(old: str, new: str, joined: bool, found: list[Finding]) -> None:
    """Classify what still differs after the allowed steps."""
    if normalize(old) == normalize(new):
        return
    ops = word_diff(normalize(old), normalize(new))
    new_words = set(_strip(new).split())
    hunks = _hunks(ops)
    for k, (dele, ins, before, after) in enumerate(hunks):
        if normalize(dele) == normalize(ins):
            continue
        if skeleton(dele) == skeleton(ins):
            if re.search(r"\w", dele + ins):
                found.append(Finding("V", "grafia", dele.strip(), ins.strip(),
                                     "atualização de grafia (acentuação, maiúsculas ou hífen)"))
            elif k == len(hunks) - 1 and not after.strip():
                found.append(Finding("II", "pontuacao", dele.strip(), ins.strip(),
                                     "pontuação final ajustada à nova posição na enumeração"))
            else:
                found.append(Finding("VII", "pontuacao", dele.strip(), ins.strip(),
                                     "pontuação (confira se não muda o sentido)"))
            continue
        if joined and _is_glue(dele, ins, new_words):
            continue
        kind = merit_kind(dele, ins, before, after, _MONEY_UNITS)
        if after.startswith(")") and (dele + ins).count("(") > (dele + ins).count(")"):
            dele, ins = (x + ")" if x.count("(") > x.count(")") else x for x in (dele, ins))
        found.append(Finding(None, kind, dele.strip(), ins.strip(), "alteração sem amparo no § 2º"))


def _is_glue(dele: str, ins: str, new_words: set[str]) -> bool:
    """Where texts are joined (a merge) or cut (a split): connectives and punctuation changed,
    repeated words dropped."""
    ins_words = _strip(ins).split()
    ins_words = [w for w in re.findall(r"\w+", " ".join(ins_words))]
    if any(w not in _GLUE_WORDS for w in ins_words):
        return False
    return all(w in new_words or w in _GLUE_WORDS for w in re.findall(r"\w+", _strip(dele)))


def compare_texts(old: str, new: str, *, table: Table, old_cites, new_cites, penalty: bool,
                  joined: bool) -> list[Finding]:
    """The findings that carry ``old`` (source text, citations found in it) to ``new``."""
    found: list[Finding] = []
    step = _apply_citations(old, old_cites, new_cites, found)
    step = _apply_terms(step, new, table.termos, found)
    step = _apply_indices(step, new, table.indices, penalty, found)
    step = _apply_number_writing(step, new, found)
    residual(step, new, joined, found)
    return found


def penalty_context(text: str) -> bool:
    return bool(_PENALTY_CONTEXT.search(text))
