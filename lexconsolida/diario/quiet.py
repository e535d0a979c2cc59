"""Silence, before pyHanko is imported, the deprecation warnings it causes and we cannot fix.

pyHanko imports cryptography's DSA classes (to recognise DSA keys it never makes for us);
cryptography ≥ 47 warns on that import (``CryptographyDeprecationWarning``, a ``UserWarning``),
and the warning printed two English lines on every ``edicao`` and ``verificar``. It is about a
library's import, not about anything a clerk did or can do: the filter is narrowed to warnings
attributed to pyHanko's own modules, so a warning caused by our code still shows (and is an
error in the tests). Import this module before any ``pyhanko`` import.
"""

from __future__ import annotations

import warnings

from cryptography.utils import CryptographyDeprecationWarning

warnings.filterwarnings(
    "ignore", category=CryptographyDeprecationWarning, module=r"pyhanko(_certvalidator)?(\.|$)"
)
