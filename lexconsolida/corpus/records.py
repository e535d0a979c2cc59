"""Records of the corpus (``statutes/``): municipalities, acts, relations, events, decisions.

Read from TOML (``tomllib``); every error names the file. Unknown keys are kept in ``extra`` so
other features can add their own tables (``[unidade_fiscal]``, ``[prazos]`` …) without this
module knowing them. The layout is documented in ``docs/acervo.md``.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path

from lexconsolida.corpus import journal
from lexconsolida.errors import InputError
from lexconsolida.io import contained, read_bytes
from lexconsolida.model.efficacy_events import Decision, Efficacy, check_date, structural_problems
from lexconsolida.model.nodes import Norma
from lexconsolida.model.status import estado_of
from lexconsolida.model.nodes import act_label

RELATION_KINDS = ("altera", "revoga", "regulamenta", "consolida")
EVENT_KINDS = ("publicacao", "vigencia", "revogacao")
DECISION_KINDS = ("aplicar", "ignorar", "operacoes", "nao-textual", "adiar")
"""``decisao`` values: ``aplicar`` (the recognised operations, despite the problem), ``ignorar``
(the instruction does not apply), ``operacoes`` (operations written by a person instead),
``nao-textual`` (no new wording: a note on a unit, or on nothing), ``adiar`` (looked at, left
open — nothing changes)."""
DECISION_STATES = ("proposta", "aprovada")
"""``estado`` of a decision: a ``proposta`` waits for a second person (two-person rule,
``duas_pessoas`` of the review config) and is not applied; ``aprovada`` (or no
``estado``: an entry written by hand) is."""
DECISION_OP_KINDS = ("redacao", "inclusao", "revogacao", "renumeracao", "revogacao_total", "nota")
LEDGER = "decisoes.toml"
"""The decision ledger of an act, beside its norma.toml (``corpus.ledger``): the decisions on its
instructions (``[[decisoes]]``) and its efficacy events (``[[eficacia]]``)."""
_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}$")
EFICACIA_KEYS = ("id", "tipo", "dispositivos", "inicio", "fim", "nota", "fonte", "responsavel", "data")
DECISAO_KEYS = ("tipo", "numero", "orgao", "data", "relator", "link", "urn")
EFICACIA_HEAD = re.compile(r"^\s*\[\[\s*eficacia\s*\]\]\s*(?:#.*)?$")


def read_toml(path: Path) -> dict:
    """The TOML table of ``path``, or an InputError naming the file and line."""
    return _toml(read_bytes(path), path)


def _toml(raw: bytes, path: Path) -> dict:
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as err:
        line = raw.count(b"\n", 0, err.start) + 1
        column = err.start - raw.rfind(b"\n", 0, err.start)
        raise InputError(f"arquivo TOML não está em UTF-8 (byte {raw[err.start]:#04x} na coluna "
                         f"{column}; grave o arquivo em UTF-8)", path=path, line=line) from None
    except tomllib.TOMLDecodeError as err:
        raise toml_error(err, path) from None


_TOML_WHERE = re.compile(r"\s*\((?:at line (\d+), column (\d+)|at end of document)\)\s*$")
_TOML_DETAILS = [
    (re.compile(r"^Illegal character (.+)$"), "caractere não permitido {0} (um texto entre aspas "
                                               "não pode quebrar a linha: use três aspas)"),
    (re.compile(r"^Invalid value$"), "valor inválido (texto precisa de aspas; datas AAAA-MM-DD)"),
    (re.compile(r"^Expected '=' after a key in a key/value pair$"), "falta '=' depois do nome da chave"),
    (re.compile(r"^Expected '\]' at the end of a table declaration$"), "falta ']' no fim do nome da tabela"),
    (re.compile(r"^Expected '\]\]' at the end of an array declaration$"), "falta ']]' no fim do nome da tabela"),
    (re.compile(r"^Cannot declare (.+) twice$"), "a chave {0} aparece duas vezes"),
    (re.compile(r"^Cannot overwrite a value$"), "a mesma chave recebe dois valores"),
    (re.compile(r"^Unterminated string$"), "texto entre aspas sem a aspa de fechamento"),
    (re.compile(r"^Unclosed array$"), "lista sem o ']' de fechamento"),
    (re.compile(r"^Unclosed inline table$"), "tabela entre chaves sem o '}' de fechamento"),
    (re.compile(r"^Invalid date or datetime$"), "data inválida"),
    (re.compile(r"^Invalid initial character for a key part$"), "nome de chave começa com caractere inválido"),
    (re.compile(r"^Invalid statement$"), "linha que não é chave = valor nem [tabela]"),
    (re.compile(r"^Unescaped '.' in a string$"), "barra invertida sem escape num texto entre aspas "
                                                  "(escreva duas barras, ou use aspas simples)"),
]
"""tomllib's messages in Portuguese (the parser speaks English); others are kept as they are."""


def _toml_detail(detail: str) -> str:
    for pattern, pt in _TOML_DETAILS:
        m = pattern.match(detail)
        if m:
            return pt.format(*m.groups())
    return f"detalhe do analisador: {detail}"


def toml_error(err: tomllib.TOMLDecodeError, path) -> InputError:
    """A Portuguese InputError for a TOML syntax error, keeping its line and column:
    'TOML inválido na linha 3, coluna 5: valor inválido (…)'."""
    text = str(err)
    m = _TOML_WHERE.search(text)
    detail = text[:m.start()] if m else text
    if m and m.group(1):
        where = f"na linha {m.group(1)}, coluna {m.group(2)}"
    elif m:
        where = "no fim do arquivo"
    else:
        where = ""
    return InputError(f"TOML inválido{' ' + where if where else ''}: {_toml_detail(detail)}", path=path)


def _date(value, path: Path, key: str) -> str | None:
    if value is None:
        return None
    text = str(value)
    if not _ISO.match(text):
        raise InputError(f"data inválida em '{key}': {text!r} (use AAAA-MM-DD)", path=path)
    return text


@dataclass(slots=True)
class Municipio:
    """A municipality folder's ``municipio.toml``."""

    folder: str
    """Folder name under statutes/ ('ba-feira-de-santana')."""
    nome: str
    uf: str
    uf_nome: str | None
    localidade_urn: str
    """URN localidade ('br;bahia;feira.santana')."""
    data: dict = field(default_factory=dict)
    """The whole TOML table, unknown keys included ([orgaos], [unidade_fiscal] …)."""
    textos: TextSource | None = None
    """Where the acts' texts are when they are not in the act folders (``[fonte_textos]``)."""


TEXT_ROOTS = {"compartilhado": "o material compartilhado (../shared ou $LEXCONSOLIDA_SHARED)"}
"""The named roots a municipality's ``[fonte_textos] raiz`` may take."""


@dataclass(slots=True)
class TextSource:
    """``[fonte_textos]`` of a municipio.toml: the acts' texts live in ``pasta`` under a named
    root resolved by configuration (never a path out of the project written in the data), so
    the project keeps no copy of material it only reads."""

    raiz: str
    """'compartilhado': the shared material (``--compartilhado``, $LEXCONSOLIDA_SHARED, or
    ``shared/`` beside the project)."""
    pasta: str
    """Folder under the root ('corpus/feira-de-santana-ba')."""
    base: Path | None
    """The resolved folder; None when the root is not present here."""
    ausente: str | None = None
    """Why ``base`` is None (Portuguese), for messages and the build summary."""
    root: Path | None = None
    """The named root's folder (an act may take its text from another folder under it:
    ``pasta_textos`` in its norma.toml); None when absent."""


@dataclass(slots=True)
class Relacao:
    """A relation of an act to others: altera, revoga, regulamenta, consolida."""

    tipo: str
    alvos: list[str]
    """Target URNs (citations written as text are resolved when the corpus loads)."""
    dispositivo: str | None = None
    """The dispositivo of this act that makes the relation ('art31')."""
    nota: str | None = None
    alvos_texto: list[str] = field(default_factory=list)
    """Targets as written when they were citations, not URNs (for messages)."""
    repristina: bool | None = None
    """For 'revoga' of an amending act: whether the revoking act expressly brings back the
    wordings the revoked act had replaced (LINDB, art. 2º, § 3º); None: not said."""


@dataclass(slots=True)
class Evento:
    """A dated event of the act itself: publicação, vigência."""

    tipo: str
    data: str
    nota: str | None = None


@dataclass(slots=True)
class DecisaoOperacao:
    """An operation written by a person (for a non-textual alteration)."""

    tipo: str
    """'redacao', 'inclusao', 'revogacao', 'renumeracao', 'nota'."""
    alvo: str
    """Target URN with '!id'."""
    texto: str | None = None
    rotulo: str | None = None
    novo: str | None = None
    """Renumbering: the unit's new id ('art1_par1')."""
    novo_rotulo: str | None = None
    """Renumbering: its new rótulo ('§ 1º')."""


@dataclass(slots=True)
class Decisao:
    """A human decision on a problem the recogniser reported (``[[decisoes]]`` of the act's
    ledger ``decisoes.toml``, or of its ``norma.toml`` — the older place, still read)."""

    problema: str
    """The problem's code ('ementa-divergente', 'alteracao-nao-textual' …)."""
    decisao: str
    """One of :data:`DECISION_KINDS`."""
    dispositivo: str | None = None
    """The instruction's dispositivo in the amending act ('art1'); None: the whole act."""
    nota: str | None = None
    """Why, in the decider's words (kept in the compiled text's note)."""
    responsavel: str | None = None
    """Who decided (who proposed, under the two-person rule)."""
    data: str | None = None
    """When: AAAA-MM-DD, or an ISO date and time with its offset (the desk writes these)."""
    operacoes: list[DecisaoOperacao] = field(default_factory=list)
    alvo: str | None = None
    """For ``nao-textual``: the norm (URN) and, after '!', the unit whose note it is."""
    estado: str | None = None
    """'proposta' or 'aprovada' (:data:`DECISION_STATES`); None — an entry written by hand —
    counts as approved."""
    aprovada_por: str | None = None
    aprovada_em: str | None = None
    texto_hash: str | None = None
    """Digest of the instruction's text when it was decided
    (:func:`lexconsolida.amendments.decisions.instruction_digest`): when the text changes, the
    decision no longer applies and the problem is open again."""
    arquivo: str | None = None
    """The file it was read from (for messages; not written back)."""
    linha: int | None = None
    """Line of its ``[[decisoes]]`` header in that file."""
    registro: int | None = None
    """The number of its entry in the act's ledger (``[[registro]] n``), when it comes from one."""
    alvo_norma: str | None = None
    """The target norm whose text the decision was taken on (URN), with :attr:`alvo_unidades`
    and :attr:`alvo_hash`: when those units' text on the act's date changes, the decision no
    longer applies and the item is open again."""
    alvo_unidades: tuple[str, ...] = ()
    alvo_hash: str | None = None

    def matches(self, code: str, where: str | None) -> bool:
        if self.problema != code:
            return False
        if self.dispositivo is None:
            return True
        return where is not None and (where == self.dispositivo
                                      or where.startswith(self.dispositivo + "_"))

    @property
    def in_force(self) -> bool:
        """Whether it is applied: approved (or written by hand) and not a deferral."""
        return self.decisao != "adiar" and self.estado in (None, "aprovada")

    @property
    def where(self) -> str:
        """'arquivo, linha N' for messages."""
        return f"{self.arquivo or 'decisões'}" + (f", linha {self.linha}" if self.linha else "")


@dataclass(frozen=True, slots=True)
class DecisionIssue:
    """Something wrong with a recorded decision, reported with its file and line (the act's
    other decisions and the rest of the acervo go on)."""

    codigo: str
    """'decisao-invalida', 'codigo-desconhecido', 'decisao-sem-problema', 'decisao-repetida'."""
    mensagem: str
    arquivo: str
    linha: int | None = None

    def describe(self) -> str:
        return f"{self.arquivo}" + (f", linha {self.linha}" if self.linha else "") + f": {self.mensagem}"


@dataclass(slots=True)
class Act:
    """One act folder: ``norma.toml`` (+ ``texto.txt`` when the text is available)."""

    folder: Path
    municipio: str
    """The municipality folder name."""
    urn: str
    tipo: str
    numero: str | None
    data: str | None
    ementa: str | None = None
    orgao: str | None = None
    texto: Path | None = None
    """Path of the text file, None when only metadata is known."""
    texto_ausente: str | None = None
    """Why ``texto`` is None although norma.toml names one (the shared material is absent)."""
    texto_origem: str | None = None
    """The text's name independent of where the shared material is on this machine
    ('compartilhado:corpus/…/lei-2217-2001.txt'), for texts from ``[fonte_textos]``."""
    publicacao: str | None = None
    vigencia: str | None = None
    fonte: str | None = None
    relacoes: list[Relacao] = field(default_factory=list)
    eventos: list[Evento] = field(default_factory=list)
    decisoes: list[Decisao] = field(default_factory=list)
    """The decisions of norma.toml (older place) and of the ledger ``decisoes.toml``, in that
    order; entries that cannot be read are left out and listed in ``decisoes_invalidas``."""
    decisoes_invalidas: list[DecisionIssue] = field(default_factory=list)
    eficacia: list[Efficacy] = field(default_factory=list)
    """Efficacy events recorded for this act (``[[eficacia]]`` of its ledger,
    :mod:`lexconsolida.corpus.ledger`)."""
    data_toml: dict = field(default_factory=dict)
    """The whole TOML table (unknown keys kept)."""
    estado: str | None = None
    """'norma', 'proposicao' or 'consolidacao' (``estado`` in norma.toml; else by ``tipo``)."""
    nota_publica: str | None = None
    """Provenance note meant for the public (``nota_publica``); ``fonte`` is for maintainers
    and is never published."""

    @property
    def normative(self) -> bool:
        """False for a proposição or a consolidation in preparation: its relations are
        proposals and are never applied to other acts."""
        return estado_of(Norma(tipo=self.tipo, estado=self.estado)) == "norma"

    @property
    def in_force_from(self) -> str | None:
        """Vigência, else publicação, else signature date."""
        return self.vigencia or self.publicacao or self.data

    @property
    def label(self) -> str:
        """'Lei nº 2.331, de 21 de maio de 2002' (as compiled-text notes name acts)."""
        return act_label(self.tipo, self.numero, self.data)


def _relacoes(table: dict, path: Path) -> list[Relacao]:
    out = []
    for r in table.get("relacoes", []):
        tipo = r.get("tipo")
        if tipo not in RELATION_KINDS:
            raise InputError(f"relação de tipo desconhecido: {tipo!r} (conhecidos: "
                             f"{', '.join(RELATION_KINDS)})", path=path)
        alvos = r.get("alvos") or ([r["alvo"]] if "alvo" in r else [])
        if not alvos:
            raise InputError(f"relação '{tipo}' sem alvos", path=path)
        repristina = r.get("repristina")
        if repristina is not None and (tipo != "revoga" or not isinstance(repristina, bool)):
            raise InputError("'repristina' só vale numa relação 'revoga', e é true ou false", path=path)
        out.append(Relacao(tipo, [str(a) for a in alvos], r.get("dispositivo"), r.get("nota"),
                           repristina=repristina))
    return out


def _eventos(table: dict, path: Path) -> list[Evento]:
    out = []
    for key in ("publicacao", "vigencia"):
        if table.get(key):
            out.append(Evento(key, _date(table[key], path, key), table.get(f"{key}_nota")))
    for e in table.get("eventos", []):
        if e.get("tipo") not in EVENT_KINDS:
            raise InputError(f"evento de tipo desconhecido: {e.get('tipo')!r}", path=path)
        out.append(Evento(e["tipo"], _date(e.get("data"), path, "eventos.data"), e.get("nota")))
    return out


_DECISION_HEADER = re.compile(r"^\s*\[\[\s*decisoes\s*\]\]")


def decision_lines(text: str) -> list[int]:
    """1-based line of each ``[[decisoes]]`` header of a TOML text, in order."""
    return [i for i, line in enumerate(text.splitlines(), 1) if _DECISION_HEADER.match(line)]


def _when(value) -> str | None:
    """A decision's ``data``: AAAA-MM-DD or an ISO date and time ('2026-12-02T10:31:05-03:00')."""
    if value is None:
        return None
    text = value.isoformat() if hasattr(value, "isoformat") else str(value)
    if _ISO.match(text):
        return text
    try:
        datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(f"data inválida: {text!r} (use AAAA-MM-DD ou AAAA-MM-DDTHH:MM:SS)") from None
    return text


def _text(d: dict, key: str) -> str | None:
    value = d.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError(f"'{key}' deve ser um texto entre aspas")
    return value


def parse_decision(d, arquivo: str, linha: int | None) -> Decisao:
    """One ``[[decisoes]]`` table as a :class:`Decisao`; ValueError (Portuguese) when invalid."""
    if not isinstance(d, dict):
        raise ValueError("cada decisão deve ser uma tabela [[decisoes]]")
    kind = d.get("decisao")
    if not d.get("problema") or not isinstance(d.get("problema"), str):
        raise ValueError("falta 'problema' (o código do problema decidido)")
    if kind not in DECISION_KINDS:
        raise ValueError(f"valor de 'decisao' desconhecido: {kind!r} (use {', '.join(DECISION_KINDS)})")
    estado = d.get("estado")
    if estado is not None and estado not in DECISION_STATES:
        raise ValueError(f"valor de 'estado' desconhecido: {estado!r} (use {' ou '.join(DECISION_STATES)})")
    ops = []
    for o in d.get("operacoes", []):
        if not isinstance(o, dict) or not isinstance(o.get("alvo"), str) or not o.get("tipo"):
            raise ValueError("cada [[decisoes.operacoes]] precisa de 'tipo' e 'alvo' (URN!dispositivo)")
        if o["tipo"] not in DECISION_OP_KINDS:
            raise ValueError(f"operação de tipo desconhecido: {o['tipo']!r} (use {', '.join(DECISION_OP_KINDS)})")
        ops.append(DecisaoOperacao(o["tipo"], o["alvo"], _text(o, "texto"), _text(o, "rotulo"), _text(o, "novo"),
                                   _text(o, "novo_rotulo")))
    if kind == "operacoes" and not ops:
        raise ValueError("decisão 'operacoes' sem [[decisoes.operacoes]]")
    return Decisao(d["problema"], kind, _text(d, "dispositivo"), _text(d, "nota"), _text(d, "responsavel"),
                   _when(d.get("data")), ops, _text(d, "alvo"), estado, _text(d, "aprovada_por"),
                   _when(d.get("aprovada_em")), _text(d, "texto_hash"), arquivo, linha)


def read_decisions(table: dict, text: str, arquivo: str) -> tuple[list[Decisao], list[DecisionIssue]]:
    """The ``[[decisoes]]`` of a TOML table (``text`` is its source, for the lines): the valid
    ones, and an issue for each invalid one (left out; the others still count)."""
    entries = table.get("decisoes", [])
    if not isinstance(entries, list):
        return [], [DecisionIssue("decisao-invalida", "'decisoes' deve ser uma lista de tabelas [[decisoes]]",
                                  arquivo)]
    lines = decision_lines(text)
    out: list[Decisao] = []
    issues: list[DecisionIssue] = []
    for i, d in enumerate(entries):
        linha = lines[i] if len(lines) == len(entries) else None
        try:
            out.append(parse_decision(d, arquivo, linha))
        except ValueError as err:
            issues.append(DecisionIssue("decisao-invalida", f"decisão inválida, não aplicada: {err}", arquivo, linha))
    return out, issues


def load_municipio(folder: Path, shared: Path | None = None) -> Municipio:
    """``folder/municipio.toml``; ``shared`` is the shared material's folder (None: absent)."""
    path = folder / "municipio.toml"
    t = read_toml(path)
    for key in ("nome", "uf", "localidade_urn"):
        if not t.get(key):
            raise InputError(f"falta a chave obrigatória '{key}'", path=path)
    return Municipio(folder.name, t["nome"], t["uf"], t.get("uf_nome"), t["localidade_urn"], t,
                     _text_source(t.get("fonte_textos"), path, shared))


def _text_source(table, path: Path, shared: Path | None) -> TextSource | None:
    if table is None:
        return None
    if not isinstance(table, dict) or table.get("raiz") not in TEXT_ROOTS \
            or not isinstance(table.get("pasta"), str):
        raise InputError("[fonte_textos] precisa de raiz = \"compartilhado\" e pasta = \"…\" "
                         "(a pasta dos textos dentro do material compartilhado)", path=path)
    raiz, pasta = table["raiz"], table["pasta"]
    if shared is None or not shared.is_dir():
        where = f" ({shared.as_posix()} não existe)" if shared is not None else ""
        return TextSource(raiz, pasta, None, f"material compartilhado ausente{where}: indique a "
                          "pasta com --compartilhado ou $LEXCONSOLIDA_SHARED")
    base = contained(shared, pasta, source=path, key="fonte_textos.pasta")
    if not base.is_dir():
        return TextSource(raiz, pasta, None, f"a pasta {pasta} não existe no material "
                          f"compartilhado ({shared.as_posix()})", shared)
    return TextSource(raiz, pasta, base, None, shared)


def _text_path(t: dict, folder: Path, path: Path,
               textos: TextSource | None) -> tuple[Path | None, str | None]:
    """The act's text file and, when it is named but cannot be had here, why not."""
    if t.get("texto_disponivel", True) is False:
        return None, None
    name = t.get("texto", "texto.txt")
    if not isinstance(name, str):
        raise InputError("'texto' deve ser o caminho do arquivo de texto, entre aspas", path=path)
    own = t.get("pasta_textos")
    if own is not None and (textos is None or not isinstance(own, str) or "texto" not in t):
        raise InputError("'pasta_textos' só vale com 'texto' e num município com [fonte_textos]: é outra pasta "
                         "do mesmo material compartilhado", path=path)
    if textos is not None and "texto" in t:
        base, pasta = textos.base, textos.pasta
        if own is not None and textos.root is not None:
            base, pasta = contained(textos.root, own, source=path, key="pasta_textos"), own
        if base is None or (own is not None and textos.root is None):
            contained(folder, name, source=path, key="texto")  # still refuse a path that escapes
            return None, textos.ausente
        file = contained(base, name, source=path, key="texto")
        if not file.is_file():
            raise InputError(f"texto indicado não encontrado em {pasta}/ do material "
                             f"compartilhado: {name}", path=path)
        return file, None
    file = contained(folder, name, source=path, key="texto")
    if file.is_file():
        return file, None
    if "texto" in t:
        raise InputError(f"texto indicado não encontrado: {name}", path=path)
    return None, None


def load_act(folder: Path, municipio: str, textos: TextSource | None = None) -> Act:
    """``folder/norma.toml``; ``textos``: the municipality's ``[fonte_textos]``, if any."""
    path = folder / "norma.toml"
    raw = read_bytes(path)
    t = _toml(raw, path)
    decisoes, issues = read_decisions(t, raw.decode("utf-8"), f"{folder.name}/norma.toml")
    more, more_issues, eficacia = ledger_contents(folder)
    decisoes += more
    issues += more_issues
    for key in ("tipo", "urn"):
        if not t.get(key):
            raise InputError(f"falta a chave obrigatória '{key}'", path=path)
    texto, ausente = _text_path(t, folder, path, textos)
    origem = (f"{textos.raiz}:{t.get('pasta_textos') or textos.pasta}/{t['texto']}"
              if textos and "texto" in t else None)
    numero = t.get("numero")
    _check_apelidos(t, path)  # resolved by corpus.index.ActIndex from data_toml
    estado = t.get("estado")
    if estado is not None and estado not in ("norma", "proposicao", "consolidacao"):
        raise InputError(f"estado desconhecido: {estado!r} (use norma, proposicao ou consolidacao)",
                         path=path)
    return Act(
        folder=folder, municipio=municipio, urn=t["urn"], tipo=t["tipo"],
        numero=str(numero) if numero is not None else None, data=_date(t.get("data"), path, "data"),
        ementa=t.get("ementa"), orgao=t.get("orgao"), texto=texto, texto_ausente=ausente,
        texto_origem=origem,
        publicacao=_date(t.get("publicacao"), path, "publicacao"),
        vigencia=_date(t.get("vigencia"), path, "vigencia"), fonte=t.get("fonte"),
        relacoes=_relacoes(t, path), eventos=_eventos(t, path), decisoes=decisoes,
        decisoes_invalidas=issues, eficacia=eficacia, data_toml=t, estado=estado, nota_publica=t.get("nota_publica"),
    )


# --- efficacy events ([[eficacia]] of the act's ledger; written by corpus.ledger) ------------

def _lines(raw: str) -> list[int]:
    """1-based line of each ``[[eficacia]]`` header, in order."""
    return [i for i, line in enumerate(raw.splitlines(), 1) if EFICACIA_HEAD.match(line)]


def _str(value, key: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError(f"'{key}' deve ser um texto entre aspas")
    return value.strip() or None


def _entry(e: dict) -> Efficacy:
    if not isinstance(e, dict):
        raise ValueError("entrada [[eficacia]] inválida")
    unknown = sorted(set(e) - set(EFICACIA_KEYS) - {"decisao"})
    if unknown:
        raise ValueError(f"chave desconhecida em [[eficacia]]: {', '.join(unknown)}")
    units = e.get("dispositivos", [])
    if isinstance(units, str) or not isinstance(units, list) or not all(isinstance(u, str) for u in units):
        raise ValueError("'dispositivos' deve ser uma lista de ids, ex.: dispositivos = [\"art3\", \"art4_par1\"]")
    d = e.get("decisao")
    decision = None
    if d is not None:
        if not isinstance(d, dict):
            raise ValueError("'decisao' deve ser uma tabela [eficacia.decisao]")
        unknown = sorted(set(d) - set(DECISAO_KEYS))
        if unknown:
            raise ValueError(f"chave desconhecida em [eficacia.decisao]: {', '.join(unknown)}")
        decision = Decision(_str(d.get("tipo"), "decisao.tipo") or "", _str(d.get("numero"), "decisao.numero"),
                            _str(d.get("orgao"), "decisao.orgao"), check_date(_text_date(d.get("data"))),
                            _str(d.get("relator"), "decisao.relator"), _str(d.get("link"), "decisao.link"),
                            _str(d.get("urn"), "decisao.urn"))
    ev = Efficacy(_str(e.get("tipo"), "tipo") or "", decision, tuple(u.strip() for u in units),
                  check_date(_text_date(e.get("inicio"))), check_date(_text_date(e.get("fim"))),
                  _str(e.get("nota"), "nota"), _str(e.get("fonte"), "fonte"),
                  recorded=check_date(_text_date(e.get("data"))), id=_str(e.get("id"), "id"),
                  responsavel=_str(e.get("responsavel"), "responsavel"))
    problems = structural_problems(ev)
    if problems:
        raise ValueError("; ".join(problems))
    return ev if ev.id else with_id(ev)


def _text_date(value) -> str | None:
    """A TOML date (``data = 2026-03-03``, unquoted) or a string."""
    if value is None:
        return None
    text = str(value)
    return text[:10] if re.match(r"^\d{4}-\d{2}-\d{2}T", text) else text


def _slug(text: str | None) -> str:
    return re.sub(r"[^0-9a-z]+", "-", (text or "").lower()).strip("-")


def default_id(ev: Efficacy) -> str:
    """'suspensao-adi-1234-2026-03-03': kind, decision and date (or the clause's article)."""
    d = ev.decision
    parts = [ev.kind]
    if d is not None:
        parts += [_slug(d.tipo), _slug(d.numero)]
    if ev.source:
        parts.append(_slug(ev.source))
    parts.append((d.data if d and d.data else None) or ev.start or ev.recorded or "sem-data")
    if ev.units:
        parts.append(_slug("-".join(ev.units))[:40])
    return "-".join(p for p in parts if p)


def with_id(ev: Efficacy) -> Efficacy:
    """``ev`` with its default id (:func:`default_id`)."""
    return replace(ev, id=default_id(ev))


def read_entries(table: dict, raw: str, path: Path | str) -> list[Efficacy]:
    """The ``[[eficacia]]`` entries of a ledger's table; InputError with the entry's line when
    one is invalid or two have the same id."""
    entries = table.get("eficacia", [])
    if not isinstance(entries, list):
        raise InputError("'eficacia' deve ser uma lista de tabelas [[eficacia]]", path=path)
    lines = _lines(raw)
    out: list[Efficacy] = []
    seen: dict[str, int | None] = {}
    for i, e in enumerate(entries):
        line = lines[i] if i < len(lines) else None
        try:
            ev = _entry(e)
        except ValueError as err:
            raise InputError(f"evento de eficácia inválido: {err}", path=path, line=line) from None
        if ev.id in seen:
            raise InputError(f"evento de eficácia com id repetido: {ev.id!r} (também na linha {seen[ev.id]})",
                             path=path, line=line)
        seen[ev.id or ""] = line
        out.append(ev)
    return out


def read_ledger(folder: Path) -> tuple[dict, str, Path] | None:
    """``folder``'s ledger (``decisoes.toml``) as (table, text, path), read once; None when the act
    has none; InputError (file and line) when it is not UTF-8 TOML."""
    path = folder / LEDGER
    if not path.is_file():
        return None
    raw = read_bytes(path)
    try:
        table = _toml(raw, path)
    except InputError as err:
        if err.line is None and "no fim do arquivo" in err.message:  # a ledger cut short: its last line
            raise InputError(err.message, path=path, line=raw.count(b"\n") + 1) from None
        raise
    return table, raw.decode("utf-8"), path


def read_eficacia(folder: Path) -> list[Efficacy]:
    """The efficacy events in force in ``folder``'s ledger ([] when it has none)."""
    return ledger_contents(folder)[2]


def ledger_contents(folder: Path) -> tuple[list[Decisao], list[DecisionIssue], list[Efficacy]]:
    """What ``folder``'s ledger holds now: its decisions (in force, and the proposals waiting for
    approval), the issues of entries of the earlier format that cannot be read (those entries
    left out), and its efficacy events in force. A journal (:mod:`.journal`) is folded; any
    damage in it is an InputError with the file and the line, never an empty ledger."""
    ledger = read_ledger(folder)
    if ledger is None:
        return [], [], []
    table, raw, path = ledger
    if not journal.is_journal(table):
        decisoes, issues = read_decisions(table, raw, f"{folder.name}/{LEDGER}")
        return decisoes, issues, read_entries(table, raw, path)
    state = journal.fold(journal.parse(table, raw, path), path)
    return journal_decisions(state, f"{folder.name}/{LEDGER}", path), [], journal_efficacy(state, path)


def _decisao_of(e: journal.Entry, approval: journal.Entry | None, arquivo: str, path: Path) -> Decisao:
    c = e.get("decisao") or {}
    fields = {**c, "problema": e.get("problema"), "dispositivo": e.get("dispositivo"), "nota": e.nota,
              "responsavel": e.same_person, "data": e.quando}
    try:
        d = parse_decision(fields, arquivo, e.line)
        units = c.get("alvo_unidades", [])
        if not isinstance(units, list) or not all(isinstance(u, str) for u in units):
            raise ValueError("'alvo_unidades' deve ser uma lista de ids")
        return replace(d, estado="proposta" if approval is None and e.estado == journal.PROPOSED else "aprovada",
                       aprovada_por=approval.same_person if approval is not None else None,
                       aprovada_em=approval.quando if approval is not None else None, registro=e.n,
                       alvo_norma=_text(c, "alvo_norma"), alvo_unidades=tuple(units), alvo_hash=_text(c, "alvo_hash"))
    except ValueError as err:
        raise InputError(f"livro de registro danificado: entrada {e.n}: {err}", path=path, line=e.line) from None


def journal_decisions(state: journal.Folded, arquivo: str, path: Path) -> list[Decisao]:
    """The decisions of a folded journal: those in force, then the proposals that wait."""
    out = [_decisao_of(eff.entry, eff.approval, arquivo, path) for eff in state.decisions.values()]
    out += [_decisao_of(e, None, arquivo, path) for e in state.proposals.values() if e.evento == "decisao"]
    return out


def efficacy_of(e: journal.Entry, since: journal.Entry, path: Path | str) -> Efficacy:
    """The efficacy event an entry carries; ``since``: the entry from which it is in force (its
    date is the event's recording date)."""
    content = {**(e.get("eficacia") or {}), "id": e.get("eficacia_id"), "responsavel": e.same_person,
               "data": since.quando[:10]}
    try:
        return _entry(content)
    except ValueError as err:
        raise InputError(f"livro de registro danificado: entrada {e.n}: evento de eficácia inválido: {err}",
                         path=path, line=e.line) from None


def journal_efficacy(state: journal.Folded, path: Path | str) -> list[Efficacy]:
    return [efficacy_of(eff.entry, eff.since, path) for eff in state.efficacy.values()]



def _check_apelidos(t: dict, path: Path) -> None:
    """``apelidos`` is a list of names: a bare string would be read letter by letter."""
    value = t.get("apelidos", [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise InputError("'apelidos' deve ser uma lista de nomes, ex.: apelidos = [\"Lei Orgânica do Município\"]",
                         path=path)
