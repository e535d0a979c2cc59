"""Rule ``repair_markers``: OCR repairs that need the sequence around a label.

Line-local repairs ("&" for "§", "HI" for "III", "rt." for "Art.") are made while labels are
recognised (``labels.py``, off when this rule is disabled). This rule adds the two that need
context, in one forward and one backward pass over the labels:

- "º" read as "0" (or, from a scan's small raised "º", as "2" or "9"): 'Art. 10' (no ordinal
  sign) standing where 'Art. 1º' belongs — the previous article is 0 (none) and the next is
  'Art. 2º' — is 'Art. 1º'; the same for '§ 10' → '§ 1º'. 'Art. 72' between 'Art. 5º' and
  'Art. 8º' is 'Art. 7º' too: 72 does not fit there, 7 does (6 lost is reported as a gap).
- '1 -' (Arabic one and a dash) is inciso 'I' unless the list goes on with '2 -': then the
  list is numbered in Arabic digits (as Feira de Santana's Lei 2.244/2001 does) and kept so.

Every repair is appended to the label's ``repairs``; the diagnostics (with the final ids) are
emitted by the rule ``report_repairs``.
"""

from __future__ import annotations

from lexconsolida.model import Number
from lexconsolida.model.numbering import label_for
from lexconsolida.readers.text.labels import Label
from lexconsolida.readers.text.state import TextState

_CONTAINERS = ("artigo", "paragrafo", "agrupador")


def repair_markers(state: TextState) -> None:
    labels = [line.label for line in state.lines if line.label is not None]
    _repair_zero_for_ordinal(labels, "artigo", reset=())
    _repair_zero_for_ordinal(labels, "paragrafo", reset=("artigo",))
    _resolve_arabic_incisos(labels)


ORDINAL_MISREADS = {0: "0", 2: "2", 9: "9"}
"""Last digits the OCR puts where a label's 'º' was printed."""


def _is_zero_misread(lab: Label) -> bool:
    n = lab.number
    return (
        n is not None and not n.suffixes and n.value % 10 in ORDINAL_MISREADS and 10 <= n.value <= 99
        and lab.printed.rstrip().endswith(ORDINAL_MISREADS[n.value % 10])
    )


def _repair_zero_for_ordinal(labels: list[Label], kind: str, reset: tuple[str, ...]) -> None:
    seq: list[Label] = []
    groups: list[list[Label]] = [seq]
    for lab in labels:
        if lab.kind in reset:
            seq = []
            groups.append(seq)
        elif lab.kind == kind and not lab.quote and not lab.unico:
            seq.append(lab)
    for group in groups:
        for i, lab in enumerate(group):
            if not _is_zero_misread(lab):
                continue
            prev = group[i - 1].number.value if i > 0 and group[i - 1].number else 0
            nxt = group[i + 1].number.value if i + 1 < len(group) and group[i + 1].number else None
            digit, value = lab.number.value // 10, lab.number.value
            fits = digit == prev + 1 or (nxt is not None and prev < digit < nxt <= value)
            if value % 10 != 0 and not (nxt is not None and prev < digit < nxt <= value):
                continue  # '12', '19' are 'º' misread only where the number itself cannot stand
            if fits and nxt == digit + 1:
                new = Number(digit)
                rotulo = label_for(kind, new)
                lab.repairs.append((lab.printed, rotulo, f"'º' lido como '{value % 10}': '{lab.printed}' seguido de '{group[i + 1].printed}'"))
                lab.number, lab.rotulo = new, rotulo


def _resolve_arabic_incisos(labels: list[Label]) -> None:
    """Decide, list by list, whether '1 -' is OCR for 'I -' or starts an Arabic list."""
    next_list: list[Label | None] = [None] * len(labels)
    following: Label | None = None
    for i in range(len(labels) - 1, -1, -1):
        next_list[i] = following
        lab = labels[i]
        if lab.kind in _CONTAINERS:
            following = None
        elif lab.kind == "inciso":
            following = lab
    arabic_list = False
    under_alinea, items_value = False, 0
    inciso_open = False  # an inciso of this artigo or § was seen: 'I' again cannot follow its alíneas
    for i, lab in enumerate(labels):
        if lab.kind in _CONTAINERS:
            arabic_list = under_alinea = inciso_open = False
            continue
        if lab.kind != "inciso" or not lab.arabic:
            if lab.kind == "inciso":
                arabic_list = False
                inciso_open = True
            # an alínea that announces a list ('b) as multas serão:') is followed by items; so is
            # any alínea of an inciso, for '1 -' there cannot restart the incisos ('II - …',
            # 'a) Gabinete', '1 - Divisão …', 'b) …', 'III - …')
            under_alinea = lab.kind == "alinea" and (lab.rest.rstrip().endswith(":") or inciso_open)
            if lab.kind == "alinea":
                items_value = 0  # its own items start at '1 -'
            continue
        if under_alinea and (lab.number.value == 1 or items_value == lab.number.value - 1):
            lab.kind, lab.arabic = "item", False  # '1 -', '2 -' under an alínea: items, not incisos
            lab.rotulo = label_for("item", lab.number)
            items_value = lab.number.value
            continue
        under_alinea, items_value = False, 0
        inciso_open = True
        nxt = next_list[i]
        value = lab.number.value
        continues = nxt is not None and nxt.arabic and nxt.number.value == value + 1
        if arabic_list or continues or value != 1:
            arabic_list = True
            continue
        lab.arabic = False
        lab.number = Number(1)
        lab.rotulo = "I"
        lab.repairs.append((lab.printed, "I", "algarismo '1' lido pelo OCR no lugar do inciso 'I'"))
