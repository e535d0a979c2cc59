"""Shapes of quoted text that are not what they look like (issue 23, reading of quoted blocks).

Each function reads one shape real drafters print and says what it is, or that a person must
decide; none guesses:

- :func:`own_label` — a quoted text with no label the reader recognised that opens with the
  label of the very unit the instruction names, in another form ('c - que esteve …' for the
  alínea c, '2º Nos Pregões …' for the § 2º): the label is not wording (else it is published
  'c) c - que …'); a label of *another* unit is a doubt;
- :func:`is_vetoed` — a unit quoted as 'VETADO': its new wording was vetoed and never took
  effect, so the wording in force stays (never 'VETADO.' as law text);
- :func:`instruction_inside` — an instruction printed inside the quotes ('… ; Acrescente-se:
  XIX - …'): not wording of any unit; :func:`suppressed_child` reads the one such shape that
  says one thing only, an article quoted as 'Art. 8º Parágrafo Único - suprime-se.' (its
  parágrafo único is revoked);
- :func:`names_annex` — an instruction whose object is an annex, a table or a chart ('Fica
  alterado o "ANEXO VII" da Lei Complementar nº 01/94 …'): the articles quoted are the annex's
  own, never the norm's.
"""

from __future__ import annotations

import re
from dataclasses import replace

from lexconsolida.amendments.blocks import QuotedUnit, id_kind
from lexconsolida.model.numbering import int_to_letter, is_roman, roman_to_int

_PREFIX = {
    "alinea": re.compile(r"^(?P<n>[a-z])\s*[-–—.):]\s+(?=\S)"),
    "inciso": re.compile(r"^(?P<n>[IVXLC]+)\s*[-–—.):]\s+(?=\S)"),
    "paragrafo": re.compile(r"^(?:§+\s*(?P<a>\d+)\s*[º°o]?|(?P<b>\d+)\s*[º°])\s*[-–—.:]?\s+(?=\S)"),
    "unico": re.compile(r"^par[áa]grafo\s+[úu]nico\s*[-–—.:]?\s+(?=\S)", re.IGNORECASE),
    "artigo": re.compile(r"^art(?:igo)?\.?\s*(?P<n>\d+)\s*[º°o]?\s*[-–—.]?\s+(?=\S)", re.IGNORECASE),
}


def _number(target_id: str) -> tuple[str, int | None, bool]:
    """(kind, number, unico) of the last component of ``target_id`` ('art2_par1u' → paragrafo, None, True)."""
    last = target_id.split("_")[-1]
    kind = id_kind(target_id)
    if last.endswith("1u"):
        return kind, None, True
    m = re.match(r"[a-z]{3}(\d+)", last)
    return kind, (int(m.group(1)) if m else None), False


def own_label(text: str, target_id: str) -> tuple[str, str | None]:
    """(``text`` without the label of ``target_id`` printed at its start, the label of another
    unit printed there or None). Only labels the unit's kind prints: 'c -'/'c.' for an alínea,
    'IV -' for an inciso, '§ 2º'/'2º' for a parágrafo (an ordinal or '§': '2 (dois)
    representantes' is wording), 'Parágrafo único', 'Art. 5º'.

    >>> own_label("c - que esteve em funcionamento", "art2_cpt_ali3")
    ('que esteve em funcionamento', None)
    >>> own_label("2º Nos Pregões Eletrônicos", "art2_par2"), own_label("3º Nos Pregões", "art2_par2")
    (('Nos Pregões Eletrônicos', None), ('3º Nos Pregões', '3º'))
    >>> own_label("2 (dois) representantes", "art2_par2"), own_label("a Secretaria", "art2_cpt_ali1")
    (('2 (dois) representantes', None), ('a Secretaria', None))
    """
    kind, number, unico = _number(target_id)
    s = text.lstrip()
    if kind == "paragrafo":
        m = _PREFIX["unico"].match(s)
        if m:
            return (s[m.end():], None) if unico else (text, m.group(0).strip())
        m = _PREFIX["paragrafo"].match(s)
        if m:
            n = int(m.group("a") or m.group("b"))
            return (s[m.end():], None) if n == number else (text, m.group(0).strip())
        return text, None
    rx = _PREFIX.get(kind)
    m = rx.match(s) if rx is not None else None
    if m is None or number is None:
        return text, None
    printed = m.group("n")
    if kind == "alinea":
        same = printed == int_to_letter(number)
    elif kind == "inciso":
        if not is_roman(printed):
            return text, None
        same = roman_to_int(printed) == number
    else:
        same = int(printed) == number
    return (s[m.end():], None) if same else (text, m.group(0).strip())


_VETOED = re.compile(r"^\s*[(\[]?\s*vetad[oa]s?\s*[)\]]?\s*[.;]?\s*$", re.IGNORECASE)


def is_vetoed(text: str) -> bool:
    """'VETADO.', '(Vetado)': the whole wording is the mark of a veto ('(vetado no texto da Lei
    Complementar Federal nº 116/2003)', an item that says so of a federal list, is wording).

    >>> is_vetoed("VETADO."), is_vetoed("(Vetado)"), is_vetoed("(vetado no texto da Lei Complementar Federal)")
    (True, True, False)
    """
    return bool(_VETOED.match(text))


_INSTRUCTION = re.compile(
    r"\b(?:suprim[ae]|acrescent[ae]|acres[çc]a|acresce|inclu[ai]|insir[ae]|insere|exclu[ai]|renumer[ae]|d[êe])"
    r"m?\s*-\s*se\b", re.IGNORECASE)
"""The imperative of an amending instruction ('suprime-se', 'Acrescente-se:', 'dê-se'); never
'revoga-se', which a new wording of a final clause may say ('Revogam-se as disposições em
contrário')."""


def instruction_inside(text: str) -> str | None:
    """The instruction verb printed inside a quoted unit's text, or None.

    >>> instruction_inside("Parágrafo Único - suprime-se."), instruction_inside("atendimento; Acrescente-se: XIX - Promover")
    ('suprime-se', 'Acrescente-se')
    >>> instruction_inside("Fica acrescido ao patrimônio o imóvel")
    """
    m = _INSTRUCTION.search(text)
    return m.group(0) if m else None


_SUPPRESSED_CHILD = re.compile(
    r"^\s*(?:(?P<unico>par[áa]grafo\s+[úu]nico)|§\s*(?P<par>\d+)\s*[º°o]?|(?:o\s+)?inciso\s+(?P<inc>[IVXLC]+)"
    r"|(?P<inc2>[IVXLC]+)(?=\s*[-–—])|(?:a\s+)?al[íi]nea\s+[\"“]?(?P<ali>[a-z])\b[\"”]?|(?P<ali2>[a-z])\))"
    r"\s*[-–—:,]?\s*(?:fica\s+|é\s+)?(?:suprim(?:e|a|em|am)-se|suprimid[oa])\s*[.;]?\s*$", re.IGNORECASE)


def suppressed_child(text: str) -> str | None:
    """The id component of the unit an article's quoted text says is suppressed ('Art. 8º
    Parágrafo Único - suprime-se.' → 'par1u'; '§ 2º - suprime-se' → 'par2'), or None. Only this
    whole shape, which reads one way: the article's named unit goes.

    >>> suppressed_child("Parágrafo Único - suprime-se."), suppressed_child("§ 2º - suprima-se"), suppressed_child("II - suprime-se.")
    ('par1u', 'par2', 'cpt_inc2')
    >>> suppressed_child("Parágrafo Único - Acrescente-se: I - o texto")
    """
    m = _SUPPRESSED_CHILD.match(text)
    if m is None:
        return None
    if m.group("unico"):
        return "par1u"
    if m.group("par"):
        return f"par{int(m.group('par'))}"
    roman = m.group("inc") or m.group("inc2")
    if roman:
        return f"cpt_inc{roman_to_int(roman.upper())}" if is_roman(roman.upper()) else None
    letter = (m.group("ali") or m.group("ali2")).lower()
    return f"cpt_ali{ord(letter) - 96}"


_ANNEX_OBJECT = re.compile(
    r"\b(?:o|os|a|as|ao|aos|à|às)\s+[\"“]?(?:anexos?|tabelas?|quadros?)\b(?!\s+(?:desta|deste|a\s+esta|anex))",
    re.IGNORECASE)


def names_annex(instruction: str) -> bool:
    """Whether the instruction's object is an annex, a table or a chart of the norm ('Fica
    alterado o "ANEXO VII", da Lei Complementar nº 01/94'); not an annex of the amending act
    that brings the new wording ('conforme o Anexo desta Lei').

    >>> names_annex('Fica alterado o "ANEXO VII", da LEI COMPLEMENTAR Nº 01/94, com a seguinte redação:')
    True
    >>> names_annex("O art. 3º passa a vigorar com a redação do Anexo desta Lei:")
    False
    """
    return bool(_ANNEX_OBJECT.search(instruction))


def without(units: list[QuotedUnit], drop) -> list[QuotedUnit]:
    """``units`` without those for which ``drop(unit)`` is true (at any depth)."""
    out = []
    for u in units:
        if drop(u):
            continue
        out.append(replace(u, children=without(u.children, drop)) if u.children else u)
    return out


def walk(units: list[QuotedUnit]):
    for u in units:
        yield u
        yield from walk(u.children)

