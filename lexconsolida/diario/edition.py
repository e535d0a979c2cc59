"""What an edition holds: its acts in the order of the sections, its number, kind, date and code.

The verification code printed on every page is derived from the content, not drawn at random:
the SHA-256 of the municipality, number, year, kind, date and the LexML bytes of each act, in
order. :mod:`.verify` recomputes it from the files attached to the PDF, so a code and a content
that do not belong together are caught even before the signature is looked at.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from lexconsolida import api
from lexconsolida.corpus import Corpus
from lexconsolida.diario.settings import GazetteSettings
from lexconsolida.errors import InputError
from lexconsolida.io import read_bytes
from lexconsolida.model import Norma
from lexconsolida.model.dates import format_long
from lexconsolida.model.status import status_of

FORMAT = "lexconsolida-edicao/1"
"""The ``formato`` of ``edicao.json``, the edition's description attached to its PDF."""
KINDS = {"ordinaria": "Edição ordinária", "extra": "Edição extraordinária"}
WEEKDAYS = ("Segunda-feira", "Terça-feira", "Quarta-feira", "Quinta-feira", "Sexta-feira",
            "Sábado", "Domingo")


@dataclass(slots=True)
class EditionAct:
    """One act as the edition prints and attaches it; or an extract (extrato de contrato, aviso),
    a text that is not an act of the acervo: no URN, no norma, its paragraphs printed as given."""
    urn: str | None
    path: str
    """Its folder in the acervo and in the site ('xx-municipio-de-exemplo/lei-100-2020');
    for an extract, the file's name without extension."""
    titulo: str
    tipo: str
    norma: Norma | None
    lexml: bytes
    """What is attached to the PDF: the LexML of the act as published (its original text), or
    the extract's text (UTF-8)."""
    secao: int
    rank: tuple = ()
    paragrafos: tuple[str, ...] = ()
    """An extract's paragraphs (after its title line)."""
    @property
    def anexo(self) -> str:
        """The attached file's name ('lei-100-2020.xml', 'extrato-contrato-3.txt')."""
        stem = self.path.rsplit("/", 1)[-1]
        return f"{stem}.xml" if self.norma is not None else f"{stem}.txt"

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.lexml).hexdigest()


@dataclass(slots=True)
class Edition:
    settings: GazetteSettings
    acts: list[EditionAct]
    data: str
    """ISO date of the edition."""
    tipo: str = "ordinaria"
    numero: int | None = None
    """None: a preview (prévia), which takes no number."""
    republicados: list[str] = field(default_factory=list)
    """URNs of acts published again (republicação): already in an earlier edition, or published
    before this gazette printed them (their ``publicacao`` is earlier than the edition's date)."""
    anteriores: dict[str, str] = field(default_factory=dict)
    """URN of a republished act → the date it was published before (why it is a republication:
    the edition says it, so no page shows two publication dates without saying so)."""

    def republication_note(self, urn: str | None) -> str | None:
        """'Republicação; publicado antes em 15 de setembro de 2023' ('Republicação' when the
        earlier date is unknown); None when the act is published here for the first time."""
        if urn is None or urn not in self.republicados:
            return None
        before = self.anteriores.get(urn)
        return f"Republicação; publicado antes em {format_long(before)}" if before else "Republicação"
    @property
    def ano(self) -> int:
        return int(self.data[:4])

    @property
    def previa(self) -> bool:
        return self.numero is None

    @property
    def rotulo(self) -> str:
        """'nº 12' (continuous numbering) or 'nº 12/2026' (yearly); '— prévia, sem número' for a preview."""
        if self.numero is None:
            return "— prévia, sem número"
        return f"nº {self.numero}" + (f"/{self.ano}" if self.settings.numeracao == "anual" else "")

    @property
    def stem(self) -> str:
        """The files' name: 'edicao-2026-0012' ('previa-2026-12-02' for a preview)."""
        if self.numero is None:
            return f"previa-{self.data}"
        return f"edicao-{self.ano}-{self.numero:04d}"

    @property
    def data_extenso(self) -> str:

        return f"{WEEKDAYS[date.fromisoformat(self.data).weekday()]}, {format_long(self.data)}"

    @property
    def data_curta(self) -> str:
        """'2/12/2026'."""
        y, m, d = self.data.split("-")
        return f"{int(d)}/{int(m)}/{y}"

    @property
    def ano_diario(self) -> str | None:
        """'Ano I' counted from ``[diario] inicio``."""
        if self.settings.inicio is None or self.ano < self.settings.inicio:
            return None
        return f"Ano {roman(self.ano - self.settings.inicio + 1)}"

    def content(self) -> dict:
        """What the code is computed over (and what ``edicao.json`` records)."""
        return {
            "formato": FORMAT,
            "municipio": self.settings.slug,
            "diario": self.settings.titulo,
            "numero": self.numero,
            "ano": self.ano,
            "numeracao": self.settings.numeracao,
            "rotulo": self.rotulo,
            "tipo": self.tipo,
            "data": self.data,
            "atos": [{"urn": a.urn, "caminho": a.path, "titulo": a.titulo, "tipo": a.tipo,
                      "secao": self.settings.secoes[a.secao].titulo, "anexo": a.anexo,
                      "sha256": a.sha256, "republicacao": a.urn in self.republicados,
                      "publicacao_anterior": self.anteriores.get(a.urn) if a.urn else None}
                     for a in self.acts],
        }

    @property
    def codigo(self) -> str:
        return content_code(self.content())


def content_code(content: dict) -> str:
    """'7KQ2-M9XA': 40 bits of the SHA-256 of the edition's description (``codigo`` itself and
    the page numbers, known only after layout, left out), in base 32."""
    core = {k: v for k, v in content.items() if k not in ("codigo", "paginas")}
    core["atos"] = [{k: v for k, v in a.items() if k != "pagina"} for a in core.get("atos", [])]
    digest = hashlib.sha256(json.dumps(core, ensure_ascii=False, sort_keys=True).encode()).digest()
    code = base64.b32encode(digest[:5]).decode()
    return f"{code[:4]}-{code[4:]}"


def roman(n: int) -> str:
    out = ""
    for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                           (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out += letters
            n -= value
    return out


def gather(settings: GazetteSettings, corpus: Corpus, specs: list[str]) -> list[EditionAct]:
    """The acts named by ``specs`` (folders or URNs of the acervo), checked and in the order of
    the sections; errors name the act and what is wrong with it."""
    acts: list[EditionAct] = []
    seen: set[str] = set()
    for spec in specs:
        found = api.locate(spec, corpus)
        act = found.act
        if act is None:
            raise InputError("não é um ato do acervo: uma edição publica atos do acervo "
                             "(pasta do ato ou URN)", path=spec)
        if act.municipio != settings.slug:
            raise InputError(f"o ato é de outro município ({act.municipio}), não de {settings.slug}",
                             path=spec)
        if act.urn in seen:
            raise InputError("o ato foi indicado duas vezes", path=spec)
        seen.add(act.urn)
        norma = found.norma
        if not status_of(norma).normative:
            raise InputError(f"{norma.label} é uma proposição (minuta, projeto): sem valor normativo, "
                             "não se publica no diário oficial", path=spec)
        if not norma.articulacao and not norma.anexos:
            raise InputError(f"{norma.label}: o acervo não tem o texto do ato (só os seus dados); "
                             "acrescente o texto antes de publicá-lo", path=spec)
        placed = settings.section_of(norma.tipo)
        if placed is None:
            tipos = ", ".join(t for s in settings.secoes for t in s.tipos)
            raise InputError(f"nenhuma seção do diário recebe atos do tipo {norma.tipo or '(sem tipo)'!r} "
                             f"(tipos nas seções: {tipos}); acrescente-o a uma [[diario.secoes]]",
                             path=settings.path)
        lexml = api.render(norma, "xml", publishing=api.publishing(corpus, act))
        rel = Path(act.folder).resolve().relative_to(corpus.root.resolve()).as_posix()
        acts.append(EditionAct(act.urn, rel, norma.label, norma.tipo or "", norma, lexml, placed[0],
                               (placed, norma.data or "", _number_key(norma.numero), act.urn)))
    acts.sort(key=lambda a: a.rank)
    return acts


EXTRACT_TYPE = "Extrato"


def gather_extracts(settings: GazetteSettings, files: Sequence[str | Path], start: int = 0) -> list[EditionAct]:
    """Extracts from text files: the first non-empty line is the title, the rest paragraphs
    (separated by blank lines). They go to the section that takes the type 'Extrato'."""
    if not files:
        return []
    placed = settings.section_of(EXTRACT_TYPE)
    if placed is None:
        raise InputError("nenhuma seção do diário recebe extratos: acrescente \"Extrato\" aos tipos de uma "
                         "[[diario.secoes]]", path=settings.path)
    out = []
    names: set[str] = set()
    for i, f in enumerate(files):
        path = Path(f)
        try:
            text = read_bytes(path).decode("utf-8")
        except UnicodeDecodeError:
            raise InputError("o extrato não está em UTF-8", path=path) from None
        blocks = [" ".join(b.split()) for b in re.split(r"\n\s*\n", text.strip()) if b.strip()]
        if len(blocks) < 2:
            raise InputError("o extrato precisa de um título (primeira linha) e do texto, separados por "
                             "uma linha em branco", path=path)
        stem = path.stem
        if stem in names:
            raise InputError("dois extratos com o mesmo nome de arquivo", path=path)
        names.add(stem)
        out.append(EditionAct(None, stem, blocks[0], EXTRACT_TYPE, None, (text.strip() + "\n").encode("utf-8"),
                              placed[0], (placed, "", (start + i, ""), stem), tuple(blocks[1:])))
    return out


def _number_key(numero: str | None) -> tuple:
    digits = "".join(c for c in (numero or "") if c.isdigit())
    return (int(digits) if digits else 0, numero or "")
