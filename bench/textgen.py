"""Generated act texts of any size, for the reader's scaling bench (``bench/parse.py``) and tests.

Every text is a complete act as printed (epígrafe, ementa, preâmbulo, articles, local and date,
signature), so the reader reads it whole, never refusing it as truncated. The shape is given as
a list of :class:`Article` (how many lines of text, paragraphs, incisos, alíneas), so a test can
double the input in two ways: twice the articles (:func:`render` of ``shape * 2``) or every unit
twice as long (:func:`longer`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

WORDS = ("o", "poder", "público", "municipal", "fica", "autorizado", "a", "regulamentar", "serviço",
         "de", "transporte", "coletivo", "na", "forma", "desta", "lei", "e", "do", "seu",
         "regulamento", "observadas", "as", "normas", "gerais", "aplicáveis", "à", "espécie")


@dataclass(frozen=True, slots=True)
class Article:
    lines: int = 1
    """Lines of the caput's text (the first one beside the label)."""
    paragraphs: int = 0
    incisos: int = 0
    alineas: int = 0
    """Alíneas under the first inciso."""
    hyphenate: bool = False
    """Break each continuation line inside a word ('regulamen-' / 'tar')."""
    heading: bool = False
    """Open a CAPÍTULO before this article."""


def _roman(n: int) -> str:
    out = []
    for value, sym in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"),
                       (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out.append(sym)
            n -= value
    return "".join(out)


def _sentence(seed: int, words: int = 12) -> str:
    return " ".join(WORDS[(seed * 7 + k * 3) % len(WORDS)] for k in range(words))


def _text_lines(seed: int, lines: int, hyphenate: bool, end: str) -> list[str]:
    out = []
    for k in range(lines):
        head = "tar " if hyphenate and k else ""
        tail = " regulamen-" if hyphenate and k < lines - 1 else ""
        out.append(head + _sentence(seed + k, 24) + tail)
    out[-1] += end
    return out


def article_lines(n: int, art: Article, chapter: int) -> list[str]:
    """The lines of article ``n`` (its chapter heading first, when it opens one)."""
    out = []
    if art.heading:
        out += [f"CAPÍTULO {_roman(chapter)}", f"DO ASSUNTO {_roman(chapter)}"]
    label = f"Art. {n}º" if n < 10 else f"Art. {n}."
    caput = _text_lines(n, art.lines, art.hyphenate, ":" if art.incisos else ".")
    out.append(f"{label} {caput[0]}")
    out += caput[1:]
    for i in range(1, art.incisos + 1):
        last = i == art.incisos
        has_alineas = i == 1 and art.alineas
        out.append(f"{_roman(i)} - {_sentence(n + i, 6)}{':' if has_alineas else ('.' if last else ';')}")
        if has_alineas:
            for a in range(art.alineas):
                out.append(f"{chr(ord('a') + a % 26)}) {_sentence(n + a, 5)}{'.' if a == art.alineas - 1 else ';'}")
    for p in range(1, art.paragraphs + 1):
        label = "Parágrafo único." if art.paragraphs == 1 else (f"§ {p}º" if p < 10 else f"§ {p}.")
        out.append(f"{label} {_sentence(n + p, 10)}.")
    return out


def render(shape: list[Article]) -> bytes:
    """A whole act with the articles of ``shape``, numbered from 1."""
    out = ["LEI Nº 1.234, DE 10 DE MARÇO DE 2020", "",
           "Dispõe sobre assunto de teste, em texto gerado.", "",
           "O PREFEITO MUNICIPAL DE VILA TESTE, Estado de Minas Gerais, faz saber que a Câmara Municipal "
           "aprovou e ele sanciona a seguinte Lei:", ""]
    chapter = 0
    for n, art in enumerate(shape, start=1):
        chapter += art.heading
        out += article_lines(n, art, chapter)
    out += ["", "Vila Teste, 10 de março de 2020.", "", "FULANO DE TAL", "Prefeito Municipal", ""]
    return "\n".join(out).encode("utf-8")


def longer(shape: list[Article], factor: int = 2) -> list[Article]:
    """``shape`` with every unit ``factor`` times as long (lines, paragraphs, incisos, alíneas)."""
    return [replace(a, lines=a.lines * factor, paragraphs=a.paragraphs * factor, incisos=a.incisos * factor,
                    alineas=a.alineas * factor) for a in shape]


def one_line_articles(size: int) -> bytes:
    """At least ``size`` bytes of one-line articles (the shape of issue 29: ~220 bytes each)."""
    per = len(b"".join(f"{line}\n".encode() for line in article_lines(50_000, Article(lines=1), 0)))
    n = max(1, size // per)
    data = render([Article(lines=1)] * n)
    while len(data) < size:  # the estimate's article is a long-numbered one; the first ones are shorter
        n = n * size // len(data) + 1
        data = render([Article(lines=1)] * n)
    return data


def one_long_unit(lines: int) -> bytes:
    """One article whose caput runs ``lines`` lines (a unit the reader must not grow quadratically)."""
    return render([Article(lines=lines), Article()])
