"""The audit's table (TOML): what the user declares so that the audit does not guess.

```toml
[[termos]]                 # § 2º IV (órgãos), V (termos antiquados), VII, VIII (terminologia)
de = "Secretaria Municipal de Transportes"
para = "Secretaria Municipal de Mobilidade Urbana"
inciso = "IV"
motivo = "Lei nº 3.900/2019 reorganizou a administração"

[[indices]]                # § 2º VI: penalty amounts updated by a standard index
nome = "IPCA-E, jan/2001 a dez/2025"
fator = 2.9731             # new amount = old amount × fator (rounded to 'casas')
de = "R$"                  # unit of the old amounts ('R$', 'UFIR' …)
para = "R$"
casas = 2
fonte = "IBGE, série histórica do IPCA-E"

[[descartes]]              # § 2º IX–XI: source dispositivos left out on purpose
artigos = ["l2748:art2"]   # alias:id (its sub-units too), alias:art1-art5, alias:*
inciso = "XI"
motivo = "revogado implicitamente pela Lei nº 3.000/2010, art. 4º"
fonte = "…"                # § 3º: the source of the information (or cite it in 'motivo')

[[fusoes]]                 # § 2º III: source articles merged into another dispositivo
origem = ["l2748:art1"]
destino = "l2244:art16_par1"
motivo = "…"
```

A consolidation spec (``consolidate``) is a valid table too: its ``[[edicoes]]`` count as
``[[termos]]`` (the inciso read from the motive, 'LC 95, art. 13, § 2º, VII'), its
``[[descartes]]`` and ``[[fusoes]]`` as above, and its ``[[fontes]]`` name the sources when the
command line names none. The package's own table (``data/auditoria/termos.toml``) is always read
first.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from lexconsolida.audit.model import INCISOS
from lexconsolida.corpus.records import toml_error
from lexconsolida.errors import InputError

_INCISO_IN_MOTIVE = re.compile(r"§\s*2\s*[º°o]?\s*,?\s*(?:inciso\s+)?([IVX]+)\b")
TERM_INCISOS = ("IV", "V", "VII", "VIII")


@dataclass(frozen=True, slots=True)
class Term:
    de: str
    para: str
    inciso: str
    motivo: str


@dataclass(frozen=True, slots=True)
class Index:
    nome: str
    fator: float
    de: str = "R$"
    para: str = "R$"
    casas: int = 2
    fonte: str = ""


@dataclass(frozen=True, slots=True)
class Discard:
    selectors: tuple[str, ...]
    inciso: str
    motivo: str
    fonte: str = ""


@dataclass(frozen=True, slots=True)
class Fusion:
    origem: tuple[str, ...]
    destino: str
    motivo: str


@dataclass(frozen=True, slots=True)
class SourceSpec:
    alias: str
    ato: str
    em: str | None


@dataclass(slots=True)
class Table:
    termos: list[Term] = field(default_factory=list)
    indices: list[Index] = field(default_factory=list)
    descartes: list[Discard] = field(default_factory=list)
    fusoes: list[Fusion] = field(default_factory=list)
    fontes: list[SourceSpec] = field(default_factory=list)
    moved: set[str] = field(default_factory=set)
    """'alias:id' of units a consolidation spec moves ([[deslocamentos]]): a fusion or discard
    of their article does not cover them."""
    base_dir: Path = Path(".")
    path: str | None = None


def _str(t: dict, key: str, where: str, path, required: bool = True) -> str:
    v = t.get(key, "")
    if not isinstance(v, str) or (required and not v.strip()):
        raise InputError(f"campo '{key}' ausente ou inválido em [{where}]", path=path)
    return v.strip()


def _inciso(value: str, allowed, where: str, path) -> str:
    v = value.strip().upper()
    if v not in INCISOS or v not in allowed:
        raise InputError(f"inciso {value!r} inválido em [{where}] (use: {', '.join(allowed)})", path=path)
    return v


def _list(t: dict, key: str, where: str, path) -> tuple[str, ...]:
    v = t.get(key)
    if not isinstance(v, list) or not v or not all(isinstance(x, str) for x in v):
        raise InputError(f"'{key}' deve ser uma lista não vazia de textos em [{where}]", path=path)
    return tuple(x.strip() for x in v)


def parse(data: dict, path=None, base_dir: Path = Path(".")) -> Table:
    """A table from parsed TOML; every mistake is an InputError naming the file and section."""
    t = Table(base_dir=base_dir, path=str(path) if path else None)
    for i, e in enumerate(data.get("termos", [])):
        w = f"termos #{i + 1}"
        t.termos.append(Term(_str(e, "de", w, path), _str(e, "para", w, path, required=False),
                             _inciso(_str(e, "inciso", w, path), TERM_INCISOS, w, path),
                             _str(e, "motivo", w, path, required=False)))
    for i, e in enumerate(data.get("edicoes", [])):
        w = f"edicoes #{i + 1}"
        motivo = _str(e, "motivo", w, path)
        m = _INCISO_IN_MOTIVE.search(motivo)
        inciso = m.group(1) if m and m.group(1) in TERM_INCISOS else "VIII"
        t.termos.append(Term(_str(e, "de", w, path), str(e.get("para", "")), inciso, motivo))
    for i, e in enumerate(data.get("indices", [])):
        w = f"indices #{i + 1}"
        fator = e.get("fator")
        if not isinstance(fator, (int, float)) or isinstance(fator, bool) or fator <= 0:
            raise InputError(f"'fator' deve ser um número positivo em [{w}]", path=path)
        casas = e.get("casas", 2)
        if not isinstance(casas, int) or not 0 <= casas <= 6:
            raise InputError(f"'casas' deve ser um inteiro de 0 a 6 em [{w}]", path=path)
        t.indices.append(Index(_str(e, "nome", w, path), float(fator), str(e.get("de", "R$")).strip(),
                               str(e.get("para", "R$")).strip(), casas, str(e.get("fonte", ""))))
    for i, e in enumerate(data.get("descartes", [])):
        w = f"descartes #{i + 1}"
        sels = _list(e, "artigos" if "artigos" in e else "dispositivos", w, path)
        inciso = _inciso(str(e.get("inciso", "XI")), ("IX", "X", "XI"), w, path)
        t.descartes.append(Discard(sels, inciso, _str(e, "motivo", w, path, required=False),
                                   str(e.get("fonte", ""))))
    for i, e in enumerate(data.get("fusoes", [])):
        w = f"fusoes #{i + 1}"
        t.fusoes.append(Fusion(_list(e, "origem", w, path), _str(e, "destino", w, path),
                               _str(e, "motivo", w, path)))
    for i, e in enumerate(data.get("fontes", [])):
        w = f"fontes #{i + 1}"
        t.fontes.append(SourceSpec(_str(e, "alias", w, path), _str(e, "ato", w, path), e.get("em")))
    for i, e in enumerate(data.get("deslocamentos", [])):
        t.moved.add(_str(e, "origem", f"deslocamentos #{i + 1}", path))
    for sel in [s for d in t.descartes for s in d.selectors] + [o for f in t.fusoes for o in f.origem]:
        if ":" not in sel:
            raise InputError(f"seleção {sel!r} sem apelido da fonte (use 'apelido:art3')", path=path)
    return t


def _read_toml(p: Path) -> dict:
    try:
        return tomllib.loads(p.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise toml_error(err, p) from None
    except UnicodeDecodeError:
        raise InputError("a tabela deve estar em UTF-8", path=p) from None


def builtin() -> Table:
    text = resources.files("lexconsolida").joinpath("data", "auditoria", "termos.toml").read_text(encoding="utf-8")
    return parse(tomllib.loads(text), "termos.toml (lexconsolida)")


def load(path: str | Path | None) -> Table:
    """The package's table extended by the user's (``path``), or the package's alone."""
    base = builtin()
    if path is None:
        return base
    p = Path(path)
    if not p.is_file():
        raise InputError("tabela da auditoria não encontrada", path=p)
    user = parse(_read_toml(p), p, p.parent)
    user.termos = base.termos + user.termos
    return user
