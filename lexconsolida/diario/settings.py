"""The gazette's settings: the ``[diario]`` table of ``municipio.toml``.

::

    [diario]
    titulo = "Diário Oficial do Município de Exemplo"
    orgao = "prefeitura"            # whose letterhead ([orgaos.<orgao>]) heads the edition
    numeracao = "continua"          # or "anual": numbers restart at 1 every year
    inicio = 2026                   # optional: the year of the first edition ("Ano I")
    sitio = "https://exemplo.xx.gov.br/diario"   # optional: where editions are verified
    instituido_por = "Lei nº 100, de 10 de março de 2020"   # optional, printed under the title
    pasta = "diario-oficial"        # optional: editions' folder, inside the municipality's
    registro = "registros/diario-oficial.sqlite"  # optional: the numbering register

    [[diario.secoes]]
    titulo = "Atos do Poder Executivo"
    tipos = ["Decreto", "Portaria"]

Sections are printed in the order written; inside a section, acts in the order of the section's
``tipos``, then by date and number. An act whose type no section lists is refused.
"""

from __future__ import annotations

import tomllib
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from lexconsolida.errors import InputError
from lexconsolida.forms.tomlfields import TomlText, type_name
from lexconsolida.io import contained, read_bytes

NUMBERING = ("continua", "anual")


@dataclass(slots=True, frozen=True)
class Section:
    titulo: str
    tipos: tuple[str, ...]


@dataclass(slots=True, frozen=True)
class GazetteSettings:
    folder: Path
    """The municipality's folder."""
    municipio: dict
    """All of ``municipio.toml``."""
    slug: str
    """The municipality's folder name ('xx-municipio-de-exemplo')."""
    titulo: str
    orgao: str
    numeracao: str
    secoes: tuple[Section, ...]
    pasta: Path
    registro: Path
    inicio: int | None = None
    sitio: str | None = None
    instituido_por: str | None = None

    @property
    def path(self) -> Path:
        return self.folder / "municipio.toml"

    @property
    def letterhead(self) -> dict:
        return (self.municipio.get("orgaos") or {})[self.orgao]

    def section_of(self, tipo: str | None) -> tuple[int, int] | None:
        """(section index, rank of the type in it) for an act's type; None when no section takes it."""
        key = fold(tipo or "")
        for i, s in enumerate(self.secoes):
            for j, t in enumerate(s.tipos):
                if fold(t) == key:
                    return i, j
        return None


def fold(text: str) -> str:
    """Case and accents ignored: 'Resolução' == 'resolucao'."""
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def load(folder: str | Path) -> GazetteSettings:
    """The gazette settings of the municipality in ``folder`` (errors name municipio.toml and line)."""
    folder = Path(folder)
    path = folder / "municipio.toml"
    if not path.is_file():
        raise InputError("falta o municipio.toml do município (a pasta indicada é a do município?)",
                         path=path)
    text = read_bytes(path).decode("utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise InputError(f"TOML inválido: {err}", path=path) from None
    where = TomlText(text)

    def fail(message: str, header: str | None, key: str, index: int | None = None) -> InputError:
        return InputError(message, path=path, line=where.line(header, index, key))

    diario = data.get("diario")
    if diario is None:
        raise InputError("o município não configura o diário oficial: falta a tabela [diario] "
                         "(veja docs/diario-oficial.md)", path=path)
    if not isinstance(diario, dict):
        raise fail(f"[diario] deve ser uma tabela, encontrado {type_name(diario)}", None, "diario")

    def text_key(key: str, default: str | None = None, required: bool = False) -> str | None:
        value = diario.get(key, default)
        if value is None:
            if required:
                raise fail(f"falta a chave '{key}' em [diario]", "diario", key)
            return None
        if not isinstance(value, str):
            raise fail(f"tipo errado na chave '{key}' em [diario]: esperado texto, encontrado "
                       f"{type_name(value)}", "diario", key)
        if not value.strip():
            raise fail(f"a chave '{key}' em [diario] está vazia", "diario", key)
        return value.strip()

    titulo = text_key("titulo", required=True)
    orgao = text_key("orgao", required=True)
    orgaos = data.get("orgaos") or {}
    if orgao not in orgaos:
        known = ", ".join(sorted(orgaos)) or "nenhum"
        raise fail(f"[diario] orgao = {orgao!r}, que não está em [orgaos] (há: {known})", "diario", "orgao")
    numeracao = text_key("numeracao", "continua")
    if numeracao not in NUMBERING:
        raise fail(f"[diario] numeracao deve ser 'continua' ou 'anual', não {numeracao!r}",
                   "diario", "numeracao")
    inicio = diario.get("inicio")
    if inicio is not None and (isinstance(inicio, bool) or not isinstance(inicio, int)):
        raise fail(f"tipo errado na chave 'inicio' em [diario]: esperado número inteiro (o ano), "
                   f"encontrado {type_name(inicio)}", "diario", "inicio")
    secoes = diario.get("secoes")
    if not isinstance(secoes, list) or not secoes:
        raise fail("[diario] precisa de pelo menos uma seção ([[diario.secoes]] com titulo e tipos)",
                   "diario", "secoes")
    sections = []
    seen: dict[str, str] = {}
    for i, s in enumerate(secoes):
        if not isinstance(s, dict):
            raise fail(f"[[diario.secoes]] nº {i + 1} deve ser uma tabela", "diario.secoes", "titulo", i)
        titulo_s, tipos = s.get("titulo"), s.get("tipos")
        if not isinstance(titulo_s, str) or not titulo_s.strip():
            raise fail(f"[[diario.secoes]] nº {i + 1}: falta o 'titulo' (texto)", "diario.secoes", "titulo", i)
        if (not isinstance(tipos, list) or not tipos
                or not all(isinstance(t, str) and t.strip() for t in tipos)):
            raise fail(f"[[diario.secoes]] '{titulo_s}': 'tipos' deve ser uma lista de tipos de ato "
                       "(ex.: [\"Lei\", \"Decreto\"])", "diario.secoes", "tipos", i)
        for t in tipos:
            if fold(t) in seen:
                raise fail(f"o tipo {t!r} aparece em duas seções ('{seen[fold(t)]}' e '{titulo_s}')",
                           "diario.secoes", "tipos", i)
            seen[fold(t)] = titulo_s
        sections.append(Section(titulo_s.strip(), tuple(t.strip() for t in tipos)))
    pasta = contained(folder, text_key("pasta", "diario-oficial") or "", source=path, key="pasta")
    registro = contained(folder, text_key("registro", "registros/diario-oficial.sqlite") or "",
                         source=path, key="registro")
    return GazetteSettings(folder, data, folder.name, titulo or "", orgao or "", numeracao or "",
                           tuple(sections), pasta, registro, inicio, text_key("sitio"),
                           text_key("instituido_por"))
