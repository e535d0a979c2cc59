"""Roman numerals as OCR prints them: 'HI', 'TII', 'WI', 'HII' for III, 'XH' for XII, 'Ii', 'ix'.

:func:`read_roman` reads a token in the context of the number its sequence expects, so that a
damaged numeral is accepted only when one of its readings fits (and the fitting reading wins).

>>> read_roman("HI", 3), read_roman("XH", 12), read_roman("Xxv", 24), read_roman("XH", 3)
((3, "numeral romano com traços lidos errado pelo OCR: 'HI' lido como 'III'"), (12, "numeral romano com traços lidos errado pelo OCR: 'XH' lido como 'XII'"), (25, "numeral romano em caixa mista: 'Xxv' lido como 'XXV'"), None)
"""

from __future__ import annotations

from lexconsolida.model.numbering import int_to_roman, is_roman, roman_to_int

SHAPES = {"H": ("II", "I"), "N": ("II", "I"), "T": ("I",), "W": ("II",), "1": ("I",), "l": ("II", "I")}
"""What an OCR-damaged stroke may stand for, most likely first ('N' and a lower-case 'l' are how
a scan of a bold serif 'II' or 'I' comes out: 'NH' for II, 'Il' for II)."""

def roman_readings(token: str) -> list[int]:
    """Values a possibly damaged Roman numeral can stand for, best reading first."""
    up = token.upper()
    if is_roman(up) and "l" not in token:
        return [roman_to_int(up)]
    readings: list[str] = [""]
    for ch in token:
        options = SHAPES.get(ch) or SHAPES.get(ch.upper(), (ch.upper(),))
        readings = [r + o for r in readings for o in options]
    values = []
    for r in readings:
        if is_roman(r):
            v = roman_to_int(r)
            if v not in values:
                values.append(v)
    return values


_ROMAN_CACHE: dict[tuple[str, int | None], tuple[int, str] | None] = {}


def read_roman(token: str, expected: int | None) -> tuple[int, str] | None:
    """Cached :func:`_read_roman`."""
    key = (token, expected)
    try:
        return _ROMAN_CACHE[key]
    except KeyError:
        pass
    if len(_ROMAN_CACHE) > 4096:
        _ROMAN_CACHE.clear()
    result = _ROMAN_CACHE[key] = _read_roman(token, expected)
    return result


def _read_roman(token: str, expected: int | None) -> tuple[int, str] | None:
    """(value, explanation or '') of a Roman token, or None when it is not a plausible numeral.

    A canonical upper-case numeral is always accepted. A damaged one (wrong case, H/T/W/1 for
    strokes) is accepted only when one of its readings is the expected number, the one after
    (one skipped) or the one before (printed twice, as originals do: 'II', 'II').
    """
    if is_roman(token):
        return roman_to_int(token), ""
    values = roman_readings(token)
    if not values:
        return None
    if expected is None:
        choice = values[0] if len(token) > 1 or token == "1" else None
        if choice is None:
            return None
    else:
        fits = [v for v in (expected, expected + 1, expected - 1) if v in values]
        if not fits:
            return None
        choice = fits[0]
    why = "numeral romano em caixa mista" if is_roman(token.upper()) else "numeral romano com traços lidos errado pelo OCR"
    return choice, f"{why}: '{token}' lido como '{int_to_roman(choice)}'"
