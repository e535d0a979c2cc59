"""The queue of the review desk: the acervo's items (:mod:`lexconsolida.acervo.items`, the one
list every view counts), with words for people, filters and counts.

A code this module does not know (a new precision gate) is an item like any other, titled by its
code and its own message (:func:`lexconsolida.review.words.headline`).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from datetime import date

from lexconsolida.acervo.items import OPEN, Item, build, entries_for, open_items
from lexconsolida.acervo.pipeline import Acervo
from lexconsolida.amendments.codes import gate_codes
from lexconsolida.review import words

STATUSES = {
    "pendente": "pendente",
    "proposta": "proposta, aguarda aprovação",
    "adiada": "adiada",
    "reaberta": "reaberta",
    "decidida": "decidida",
}
"""Status → how the queue names it."""
GROUPS = {
    "instrucao": "instrução a decidir",
    "aplicacao": "falha ao aplicar ao texto",
    "base": "texto da norma alterada ausente",
}
AGES = {
    "ate5": "até 5 anos",
    "5a20": "de 5 a 20 anos",
    "mais20": "mais de 20 anos",
    "sem": "sem data",
}
"""Age of the amending act (its date), for the filter."""
KINDS_OF_CODE = {"portao": "portões de precisão", "leitura": "leitura das instruções"}


_HEADLINES: dict[int, tuple[Item, str]] = {}


def headline(item: Item) -> str:
    """The item's headline (:func:`lexconsolida.review.words.headline`), remembered per item."""
    hit = _HEADLINES.get(id(item))
    if hit is not None and hit[0] is item:
        return hit[1]
    text = words.headline(item.code, item.said)  # type: ignore[arg-type]
    if len(_HEADLINES) > 20000:
        _HEADLINES.clear()
    _HEADLINES[id(item)] = (item, text)
    return text


def status_label(item: Item) -> str:
    return STATUSES.get(item.status, item.status)


def age_of(item: Item, today: date | None = None) -> str:
    if not item.date:
        return "sem"
    years = ((today or date.today()) - date.fromisoformat(item.date)).days / 365.25
    return "ate5" if years <= 5 else "5a20" if years <= 20 else "mais20"


def counts(items: list[Item]) -> dict[str, Counter]:
    """For the filters: items per status, code, group, year and age."""
    return {"status": Counter(i.status for i in items), "code": Counter(i.code for i in items),
            "group": Counter(i.group for i in items), "year": Counter(i.year or "sem data" for i in items),
            "age": Counter(age_of(i) for i in items if i.open)}


def select(items: list[Item], *, status: str | None = None, code: str | None = None, group: str | None = None,
           year: str | None = None, act: str | None = None, age: str | None = None, origin: str | None = None,
           sort: str = "impacto") -> list[Item]:
    """The items a filter keeps, in the order asked ('impacto', 'ato', 'ano', 'idade'). Without a
    status, the open ones (:data:`lexconsolida.acervo.items.OPEN`)."""
    out = [i for i in items if (i.status == status if status else i.status in OPEN)]
    if code:
        out = [i for i in out if i.code == code]
    if origin:
        gates = gate_codes()
        out = [i for i in out if (i.code in gates) == (origin == "portao")]
    if group:
        out = [i for i in out if i.group == group]
    if year:
        out = [i for i in out if (i.year or "sem data") == year]
    if age:
        out = [i for i in out if age_of(i) == age]
    if act:
        wanted = _words(act)
        out = [i for i in out if wanted <= _words(f"{i.act_label} {i.pasta} {' '.join(i.target_labels)}")]
    if sort == "ato":
        out.sort(key=lambda i: (i.pasta, i.line or 0, i.code))
    elif sort == "ano":
        out.sort(key=lambda i: (i.year or "", i.pasta, i.line or 0))
    elif sort == "idade":
        out.sort(key=lambda i: (i.date or "9999", i.pasta, i.line or 0))
    return out


def _words(text: str) -> set[str]:
    """The words of ``text`` without case or accents, numbers without their dots ('Lei nº 3.477'
    → {'lei', 'no', '3477'}): a filter matches when all its words are there."""
    folded = "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))
    return set(re.findall(r"\w+", re.sub(r"(?<=\d)\.(?=\d)", "", folded)))


__all__ = ["AGES", "GROUPS", "KINDS_OF_CODE", "STATUSES", "Item", "Acervo", "age_of", "build", "counts",
           "entries_for", "headline", "open_items", "select", "status_label"]
