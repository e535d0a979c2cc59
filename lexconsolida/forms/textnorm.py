"""Small text helpers for matching legal wording despite accents, case and OCR noise.

>>> fold("Gravíssima"), fold("MÉDIA"), clean_value(" multa. ")
('gravissima', 'media', 'multa')
>>> ocr_word("muita", ("multa", "advertencia"))
'multa'
"""

from __future__ import annotations

import difflib
import re
import unicodedata

_SPACES = re.compile(r"\s+")


def strip_accents(text: str) -> str:
    """The text without diacritics (case kept), same length for Latin text."""
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if not unicodedata.combining(c)))


def fold(text: str) -> str:
    """Lower case, no accents, single spaces: the form used for matching."""
    return _SPACES.sub(" ", strip_accents(text).lower()).strip()


def clean_value(text: str) -> str:
    """A field value without surrounding blanks and trailing punctuation ('multa.' → 'multa')."""
    return _SPACES.sub(" ", text).strip().strip(" .;,:").strip()


def ocr_word(word: str, known: tuple[str, ...], cutoff: float = 0.75) -> str | None:
    """The known word ``word`` is an OCR misreading of, or None ('muita' → 'multa')."""
    folded = fold(word)
    if folded in known:
        return folded
    match = difflib.get_close_matches(folded, known, n=1, cutoff=cutoff)
    return match[0] if match else None
