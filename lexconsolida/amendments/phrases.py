"""The drafting formulas of amending instructions (LC 95/1998 art. 12; Decreto 9.191/2017).

The wordings themselves are data, in :mod:`lexconsolida.amendments.vocabulary`.

:func:`classify` says what an instruction does from its verbs alone; the targets come from
the citation recogniser and the new wording from the quoted blocks.

>>> classify('Dê-se ao inciso II do art. 3º da Lei nº 2.217/2001 a seguinte redação:')
'redacao'
>>> classify('Acrescente-se a alínea "c" no inciso I do art. 3º')
'inclusao'
>>> classify('Revogam-se as disposições em contrário.') is None
True
"""

from __future__ import annotations

import re

from lexconsolida.amendments import vocabulary
from lexconsolida.readers.text.notes import split_note

_I = re.IGNORECASE

REDACAO = re.compile(vocabulary.pattern_of("redacao"), _I | re.DOTALL)
GENERIC = re.compile(vocabulary.pattern_of("generica"), _I)
INCLUSAO = re.compile(vocabulary.pattern_of("inclusao"), _I)
REVOGACAO = re.compile(vocabulary.pattern_of("revogacao"), _I)
RENUMERACAO = re.compile(vocabulary.pattern_of("renumeracao"), _I)
GENERIC_REVOCATION = re.compile(
    r"revoga(?:m)?-se\s+as\s+disposi[çc][õo]es\s+em\s+contr[áa]rio|revogadas\s+as\s+disposi[çc][õo]es"
    r"\s+em\s+contr[áa]rio", _I)
"""'Revogam-se as disposições em contrário': no target, nothing to apply."""

CHANGE_VERBS = re.compile(
    r"""\b(?:ser[ãa]o|ser[áa]|fica(?:m)?|passa(?:m)?\s+a\s+ser)\s+(?:acrescid|alterad|majorad|reduzid
      |elevad|ampliad|substitu[íi]d|modificad|fixad)|\bperfazendo\b|\bfica(?:m)?\s+(?:elevad|reduzid)
    """,
    _I | re.VERBOSE,
)
"""Verbs of a change made without new wording (a non-textual alteration)."""

CONTEXT_BEFORE_ACT = re.compile(
    r"(?:alterad[oa]s?|modificad[oa]s?|com\s+as\s+altera[çc][õo]es\s+(?:introduzidas|feitas)|"
    r"aprovad[oa]|regulamentad[oa]|introduzidas)\s+(?:pel[oa]s?|por)\s*$", _I)
"""Words before an act citation that make it context, not the target
('alterada pela Lei nº 2.331/2002', 'aprovada pelo Decreto-Lei nº 5.452')."""

EMENTA_OBJECT = re.compile(
    r"(?<!cuja\s)(?<!conforme\s)\b(?:[aà]|na)\s+ementa\b(?!\s+(?:dest[ae]|da\s+presente)\b)"
    r"|\bseguinte\s+ementa\b", _I)
"""The norm's ementa as what an instruction changes: 'Dê-se à Ementa da Lei nº …', 'A ementa da
Lei nº … passa a vigorar com a seguinte redação', 'Fica alterada a ementa da Lei …', 'A ementa
e o art. 1º da Lei … passam a ter …', '… passa a vigorar com a seguinte ementa'; not 'cuja
ementa', nor 'a ementa desta Lei'."""

PREAMBULO_OBJECT = re.compile(
    r"\b(?:o|ao|no)\s+pre[âa]mbulo\b(?=\s*(?:,|\be\b|d[ao]s?\s+(?:lei|decreto|resolu|emenda|norma|ato|"
    r"portaria|c[óo]digo|regimento)|pass|fica|ter[áa]|a\s+seguinte|:))", _I)
"""'O preâmbulo e o artigo 1º da Lei …', 'Dê-se ao preâmbulo da Lei …': the preâmbulo of the
norm (in LC 95 terms its enacting formula; drafters also call the ementa so), not 'o preâmbulo
do item 1' of an annex."""

ENACTING_FORMULA = re.compile(
    r"\bfa[çz]o\s+saber\b|\bfaz\s+saber\b|\bo\s+prefeit[oa]\b|\bo\s+governador\b|\bo\s+presidente\b"
    r"|\bc[âa]mara\b.{0,200}?\baprov|\bdecret(?:a|ou|o)\b|\bsanciono\b|\bsanciona\b|\bpromulg[ao]\b"
    r"|\bno\s+uso\s+d[ae]s?\s+(?:suas\s+)?atribui", _I | re.DOTALL)
"""The words of an enacting formula ('O PREFEITO MUNICIPAL …, faço saber que a Câmara Municipal
aprovou e eu sanciono a seguinte Lei'): a quoted text with them is a preâmbulo, not an ementa."""

REVOKED_TEXT = re.compile(r"^\(?\s*revogad[oa]s?\s*\)?\.?;?$|^\(\s*suprimid[oa]s?\s*\)\.?;?$", _I)
OMISSIS_TEXT = re.compile(r"^[\s.…_-]*(?:[(\[]\s*[.…][\s.…]*[)\]])?[\s.…_-]*$")
"""A line of dots, also in brackets ('(...)', '[…]')."""
NR_MARK = re.compile(r"\s*\(\s*(?:NR|AC)\s*\)\s*$")


def classify(text: str) -> str | None:
    """'renumeracao', 'revogacao', 'inclusao', 'redacao' or None (not an instruction)."""
    if GENERIC_REVOCATION.search(text) and not REVOGACAO.search(GENERIC_REVOCATION.sub("", text)):
        return None
    if RENUMERACAO.search(text):
        return "renumeracao"
    if INCLUSAO.search(text):
        return "inclusao"
    if REDACAO.search(text) or GENERIC.search(text):
        return "redacao"
    if REVOGACAO.search(text):
        return "revogacao"
    return None


def is_generic(text: str) -> bool:
    """'passa a vigorar com as seguintes alterações': kinds decided against the base."""
    return bool(GENERIC.search(text))


def clean_text(text: str) -> str:
    """A quoted unit's text without the closing quote, '(NR)', stray quotes, or a trailing
    editorial note ('(Redação dada pela …)'; a revocation note stays: it says the unit is revoked)."""
    t = text.strip()
    t = NR_MARK.sub("", t).strip()
    t = t.strip("\"“”").strip()
    t = NR_MARK.sub("", t).strip()
    note = split_note(t)
    if note is not None and note[2] != "revogacao":
        t = note[0]  # '(Redação dada pela …)' copied from a compiled text: history, not wording
    return t


def is_omissis(text: str) -> bool:
    return bool(OMISSIS_TEXT.match(clean_text(text)))


def is_revoked_marker(text: str) -> bool:
    return bool(REVOKED_TEXT.match(clean_text(text)))
