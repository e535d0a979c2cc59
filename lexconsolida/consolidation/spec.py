"""The consolidation spec (TOML): what to merge, at which date, in what outline, with which
editorial changes. Documented for users in ``docs/consolidacao.md``.

```toml
[norma]                      # the new act
tipo = "Lei"
ementa = "Consolida a legislação municipal sobre …"
municipio = "ba-feira-de-santana"   # folder in statutes/ (letterhead, URN place)
numero = "…"                  # optional: a draft has none
data = "2026-01-10"           # optional

[[fontes]]                    # each source act
alias = "l2217"               # short name used below
ato = "urn:lex:…" | "statutes/ba-feira-de-santana/lei-2217-2001"   # URN or folder/file
em = "2014-12-31"             # the act is taken as in force on this date (default: today)

[[estrutura]]                 # outline; omit it for "source order"
tipo = "capitulo"             # agrupador kind
nome = "DO TRANSPORTE CLANDESTINO"
artigos = ["l2217:art1-art5", "l2244:art3"]   # alias:id, alias:from-to, or alias:* (all)

[[edicoes]]                   # LC 95 art. 13, § 2º editorial changes, each explicit
tipo = "substituicao"         # replace a term everywhere (or in 'onde' units only)
de = "Secretaria Municipal de Transportes"
para = "Secretaria Municipal de Mobilidade Urbana"
motivo = "atualização da denominação do órgão (LC 95, art. 13, § 2º, II)"
onde = ["l2244:art16"]        # optional

[[fusoes]]                    # LC 95 art. 13, § 2º, III: a provision merged into another
origem = ["l2748:art1"]       # articles whose content now lives in 'destino'
destino = "l2244:art16_par1"  # the unit that carries it (its wording as in force, or as decided)
motivo = "Lei nº 2.748/2007 acresceu 200 licenças às do art. 16, § 1º (decisão registrada)"

[[deslocamentos]]             # a unit moved into another dispositivo (LC 95 art. 13, § 2º, II)
origem = "l3477:art1_par1u"   # e.g. an amending act's own rule …
destino = "l2217:art3"        # … into the article it governs (appended as its last unit)
motivo = "…"

[[descartes]]                 # articles left out on purpose, with the reason
artigos = ["l2748:art2"]
motivo = "eficácia exaurida"

[indicacao]                   # optional: the Indicação that asks for this consolidation
autor = "Nome do Vereador"
...

[final]
vigencia = "Esta Lei entra em vigor na data de sua publicação."
revogacao = true              # the revocation article listing every source act
```
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from lexconsolida.corpus.records import toml_error
from lexconsolida.errors import InputError
from lexconsolida.model.nodes import AgrupadorKind

_AGRUPADOR_KINDS = {k.value for k in AgrupadorKind}
DEFAULT_VIGENCIA = "Esta Lei entra em vigor na data de sua publicação."
_PLACEMENT = re.compile(r"^(?P<alias>[\w.-]+):(?P<sel>\*|[a-z0-9_-]+(?:\s*-\s*art[0-9-]+)?)$")


@dataclass(slots=True)
class Source:
    alias: str
    ato: str
    """URN, statutes folder or file path."""
    em: str | None = None
    """ISO date at which the act is taken in force (None: today)."""


@dataclass(slots=True)
class Section:
    """One agrupador of the outline and the source articles placed in it."""

    tipo: str
    nome: str
    artigos: list[str]
    children: list["Section"] = field(default_factory=list)


@dataclass(slots=True)
class Edit:
    tipo: str
    de: str
    para: str
    motivo: str
    onde: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Fusion:
    origem: list[str]
    destino: str
    motivo: str


@dataclass(slots=True)
class Move:
    """A unit moved into another dispositivo (e.g. an amending act's own paragraph into the
    article whose sanctions it governs)."""

    origem: str
    destino: str
    motivo: str


@dataclass(slots=True)
class Discard:
    artigos: list[str]
    motivo: str


@dataclass(slots=True)
class Spec:
    path: str
    norma: dict
    fontes: list[Source]
    estrutura: list[Section]
    edicoes: list[Edit]
    vigencia: str = DEFAULT_VIGENCIA
    """The vigência clause (LC 95 art. 8º)."""
    revogacao: bool = True
    base_dir: Path = Path(".")
    fusoes: list[Fusion] = field(default_factory=list)
    descartes: list[Discard] = field(default_factory=list)
    indicacao: dict = field(default_factory=dict)
    """The Indicação that asks for this consolidation (author, addressee, place, date)."""
    deslocamentos: list[Move] = field(default_factory=list)

    def alias(self, name: str) -> Source:
        for s in self.fontes:
            if s.alias == name:
                return s
        raise KeyError(name)


def _require(table: dict, key: str, where: str, path: str) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value.strip():
        raise InputError(f"campo obrigatório '{key}' ausente ou vazio em [{where}]", path=path)
    return value.strip()


def _section(t: dict, i: int, path: str) -> Section:
    where = f"estrutura #{i + 1}"
    tipo = _require(t, "tipo", where, path).lower()
    if tipo not in _AGRUPADOR_KINDS:
        raise InputError(f"tipo de agrupador desconhecido {tipo!r} em [{where}] "
                         f"(use: {', '.join(sorted(_AGRUPADOR_KINDS))})", path=path)
    arts = t.get("artigos", [])
    if not isinstance(arts, list) or not all(isinstance(a, str) for a in arts):
        raise InputError(f"'artigos' deve ser uma lista de textos em [{where}]", path=path)
    for a in arts:
        if not _PLACEMENT.match(a.strip()):
            raise InputError(f"seleção inválida {a!r} em [{where}]: use 'apelido:art3', "
                             "'apelido:art1-art5' ou 'apelido:*'", path=path)
    kids = [_section(c, j, path) for j, c in enumerate(t.get("secoes", []))]
    return Section(tipo, _require(t, "nome", where, path), [a.strip() for a in arts], kids)


def load_spec(path: str | Path) -> Spec:
    """Read and validate a spec; every mistake is an InputError naming the file and the key."""
    p = Path(path)
    if not p.is_file():
        raise InputError("especificação de consolidação não encontrada", path=p)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise toml_error(err, p) from None
    except UnicodeDecodeError:
        raise InputError("a especificação deve estar em UTF-8", path=p) from None
    sp = str(p)
    norma = data.get("norma")
    if not isinstance(norma, dict):
        raise InputError("falta a tabela [norma] com os dados da nova norma", path=p)
    _require(norma, "tipo", "norma", sp)
    _require(norma, "ementa", "norma", sp)
    fontes = []
    for i, f in enumerate(data.get("fontes", [])):
        alias = _require(f, "alias", f"fontes #{i + 1}", sp)
        if any(s.alias == alias for s in fontes):
            raise InputError(f"apelido de fonte repetido: {alias!r}", path=p)
        fontes.append(Source(alias, _require(f, "ato", f"fontes #{i + 1}", sp), f.get("em")))
    if not fontes:
        raise InputError("nenhuma fonte em [[fontes]]: nada a consolidar", path=p)
    estrutura = [_section(t, i, sp) for i, t in enumerate(data.get("estrutura", []))]
    edicoes = []
    for i, e in enumerate(data.get("edicoes", [])):
        w = f"edicoes #{i + 1}"
        tipo = e.get("tipo", "substituicao")
        if tipo != "substituicao":
            raise InputError(f"tipo de edição desconhecido {tipo!r} em [{w}] (use 'substituicao')", path=p)
        edicoes.append(Edit(tipo, _require(e, "de", w, sp), str(e.get("para", "")),
                            _require(e, "motivo", w, sp), list(e.get("onde", []))))
    fusoes = []
    for i, f in enumerate(data.get("fusoes", [])):
        w = f"fusoes #{i + 1}"
        origem = f.get("origem", [])
        if not isinstance(origem, list) or not origem:
            raise InputError(f"'origem' deve ser uma lista não vazia em [{w}]", path=p)
        fusoes.append(Fusion([str(o).strip() for o in origem], _require(f, "destino", w, sp),
                             _require(f, "motivo", w, sp)))
    descartes = []
    for i, d in enumerate(data.get("descartes", [])):
        w = f"descartes #{i + 1}"
        arts = d.get("artigos", [])
        if not isinstance(arts, list) or not arts:
            raise InputError(f"'artigos' deve ser uma lista não vazia em [{w}]", path=p)
        descartes.append(Discard([str(a).strip() for a in arts], _require(d, "motivo", w, sp)))
    moves = []
    for i, m in enumerate(data.get("deslocamentos", [])):
        w = f"deslocamentos #{i + 1}"
        moves.append(Move(_require(m, "origem", w, sp), _require(m, "destino", w, sp),
                          _require(m, "motivo", w, sp)))
    final = data.get("final", {})
    spec = Spec(sp, norma, fontes, estrutura, edicoes,
                final.get("vigencia", DEFAULT_VIGENCIA), bool(final.get("revogacao", True)),
                p.parent, fusoes, descartes, dict(data.get("indicacao", {})), moves)
    refs = [o for f in fusoes for o in f.origem] + [f.destino for f in fusoes]
    refs += [a for d in descartes for a in d.artigos] + [x for m in moves for x in (m.origem, m.destino)]
    for sel in refs:
        alias = sel.split(":", 1)[0]
        if ":" not in sel or not any(s.alias == alias for s in fontes):
            raise InputError(f"referência {sel!r} não aponta para uma fonte de [[fontes]] "
                             "(use 'apelido:art3')", path=p)
    for section in _walk(estrutura):
        for sel in section.artigos:
            alias = sel.split(":", 1)[0]
            if not any(s.alias == alias for s in fontes):
                raise InputError(f"a estrutura cita a fonte {alias!r}, que não está em [[fontes]]", path=p)
    return spec


def _walk(sections: list[Section]):
    for s in sections:
        yield s
        yield from _walk(s.children)


def walk_sections(sections: list[Section]):
    """Every section of the outline, depth first."""
    return _walk(sections)
