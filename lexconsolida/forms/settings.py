"""Municipal settings for forms: the ``[fiscalizacao]``… sections of ``municipio.toml``.

Small and independent of the corpus loader: it reads one TOML file with :mod:`tomllib` and
checks what forms need — the fiscal unit and its value by year, the issuing body, the
authorities, the deadlines and delivery methods the law sets (each with the dispositivo it comes
from) and, per form kind, its legal basis and required fields. Errors name the file, the line,
the key and the expected type (:mod:`lexconsolida.forms.tomlfields`).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, InvalidOperation
from pathlib import Path

from lexconsolida.corpus.records import toml_error
from lexconsolida.errors import InputError
from lexconsolida.forms.fields import DATE_FIELDS
from lexconsolida.forms.textnorm import fold
from lexconsolida.forms.tomlfields import TomlText, type_name
from lexconsolida.io import contained

SETTINGS_FILE = "municipio.toml"
REGISTER_FOLDER = "registros"
COUNTINGS = ("corridos", "úteis")


@dataclass(slots=True, frozen=True)
class UnitValue:
    ano: int
    valor: Decimal
    fonte: str
    """Where the value comes from ('Decreto nº …', or 'valor ilustrativo: confirmar …')."""


@dataclass(slots=True, frozen=True)
class FiscalUnit:
    sigla: str
    nome: str
    dispositivo: str | None
    valores: tuple[UnitValue, ...]

    def value_for(self, year: int) -> UnitValue | None:
        for v in self.valores:
            if v.ano == year:
                return v
        return None


@dataclass(slots=True, frozen=True)
class Authority:
    papel: str
    """'autuante', 'julgadora', 'recursal'."""
    cargo: str
    dispositivo: str | None


@dataclass(slots=True, frozen=True)
class Deadline:
    id: str
    descricao: str
    dias: int
    contagem: str
    """'corridos' (calendar days) or 'úteis' (business days)."""
    inicio: str
    """What starts the count, as the law says ('data do recebimento da notificação')."""
    base: str
    """Case field holding the start date ('data_ciencia', 'data_auto', 'data_hora', 'data_emissao')."""
    dispositivo: str


@dataclass(slots=True, frozen=True)
class Delivery:
    id: str
    meio: str
    dispositivo: str
    ciencia: str | None = None
    """When the notice counts as received ('na data do recebimento …')."""
    ciencia_dispositivo: str | None = None
    dias_apos: int = 0
    """Days after sending/publishing when the notice counts as received (edital: 5)."""
    data_inicio: str = "data_ciencia"
    """Case field with the date the notice counts from: 'data_ciencia' (in person),
    'data_ar' (post: the date on the AR), 'data_publicacao' (edital)."""


@dataclass(slots=True, frozen=True)
class RequiredField:
    campo: str
    dispositivo: str


@dataclass(slots=True, frozen=True)
class NoFlagrante:
    """Autuação without flagrante (Lei 846/2015, art. 56, § 1º): the fields it waives, the ones it
    adds, and the dispositivo allowing it."""

    dispositivo: str
    dispensa: tuple[str, ...]
    campos_obrigatorios: tuple[RequiredField, ...] = ()


@dataclass(slots=True, frozen=True)
class FormSpec:
    kind: str
    sigla: str
    fundamento: tuple[str, ...]
    prazos: tuple[str, ...] = ()
    entrega: tuple[str, ...] = ()
    campos_obrigatorios: tuple[RequiredField, ...] = ()
    sem_flagrante: NoFlagrante | None = None

    def required(self, flagrante: bool = True) -> tuple[RequiredField, ...]:
        """The fields a case must have (without flagrante: the waived ones removed, the extra added)."""
        if flagrante or self.sem_flagrante is None:
            return self.campos_obrigatorios
        sf = self.sem_flagrante
        return tuple(r for r in self.campos_obrigatorios if r.campo not in sf.dispensa) + sf.campos_obrigatorios


@dataclass(slots=True)
class Settings:
    path: Path
    nome: str
    uf: str
    orgao_emissor: str
    setor: str | None
    cabecalho: tuple[str, ...]
    endereco: str | None
    norma: str
    """Folder (under the municipality) of the law the forms apply."""
    unidade: FiscalUnit
    autoridades: tuple[Authority, ...] = ()
    prazos: dict[str, Deadline] = field(default_factory=dict)
    entrega: dict[str, Delivery] = field(default_factory=dict)
    formularios: dict[str, FormSpec] = field(default_factory=dict)
    feriados: frozenset = frozenset()
    """Municipal, state and national holidays (dates) skipped when counting business days."""
    registro: Path | None = None
    """The register of this issuing body (absolute; inside the municipality's folder)."""

    @property
    def folder(self) -> Path:
        return self.path.parent

    @property
    def norma_path(self) -> Path:
        """The law's folder, which must stay inside the municipality's folder."""
        return contained(self.folder, self.norma, source=self.path, key="fiscalizacao.norma")

    def authority(self, papel: str) -> Authority | None:
        for a in self.autoridades:
            if a.papel == papel:
                return a
        return None


def cited_dispositivos(settings: Settings) -> list[tuple[str, str]]:
    """(where in municipio.toml, dispositivo id) for every dispositivo the settings cite."""
    out = []
    if settings.unidade.dispositivo:
        out.append(("unidade_fiscal", settings.unidade.dispositivo))
    out += [(f"autoridades {a.papel}", a.dispositivo) for a in settings.autoridades if a.dispositivo]
    out += [(f"prazos {d.id}", d.dispositivo) for d in settings.prazos.values()]
    for d in settings.entrega.values():
        out.append((f"entrega {d.id}", d.dispositivo))
        if d.ciencia_dispositivo:
            out.append((f"entrega {d.id}", d.ciencia_dispositivo))
    for spec in settings.formularios.values():
        out += [(f"formularios.{spec.kind}", node_id) for node_id in spec.fundamento]
        out += [(f"formularios.{spec.kind}", r.dispositivo) for r in spec.campos_obrigatorios]
        if spec.sem_flagrante:
            where = f"formularios.{spec.kind}.sem_flagrante"
            out.append((where, spec.sem_flagrante.dispositivo))
            out += [(where, r.dispositivo) for r in spec.sem_flagrante.campos_obrigatorios]
    return out


class _Reader:
    """Typed access to the parsed ``municipio.toml`` with errors naming file, line, key and type."""

    def __init__(self, path: Path, text: TomlText) -> None:
        self.path, self.text = path, text

    def fail(self, message: str, header: str | None, index: int | None, key: str) -> InputError:
        return InputError(message, path=self.path, line=self.text.line(header, index, key))

    def get(self, table: dict, key: str, expected: str, header: str | None, index: int | None = None,
            *, where: str | None = None, required: bool = True, default=None):
        """``table[key]`` checked against ``expected`` ('texto', 'número inteiro', 'lista de textos',
        'data', 'valor'); ``where`` names the table in messages (default ``header``)."""
        where = where or header or "raiz"
        if key not in table:
            if required:
                raise self.fail(f"falta a chave '{key}' em [{where}] (esperado: {expected})", header, index, key)
            return default
        value = table[key]
        ok = {
            "texto": lambda v: isinstance(v, str),
            "número inteiro": lambda v: isinstance(v, int) and not isinstance(v, bool),
            "lista": lambda v: isinstance(v, list),
            "lista de textos": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
            "valor": lambda v: isinstance(v, (str, int, float)) and not isinstance(v, bool),
            "tabela": lambda v: isinstance(v, dict),
            "lista de tabelas": lambda v: isinstance(v, list) and all(isinstance(x, dict) for x in v),
        }[expected](value)
        if not ok:
            raise self.fail(f"tipo errado na chave '{key}' em [{where}]: esperado {expected}, encontrado "
                            f"{type_name(value)} {value!r}", header, index, key)
        if expected == "texto" and required and not value.strip():
            raise self.fail(f"a chave '{key}' em [{where}] está vazia (esperado: {expected})", header, index, key)
        return value

    def items(self, data: dict, key: str) -> list[dict]:
        """An array of tables (``[[key]]``), checked."""
        return self.get(data, key, "lista de tabelas", None, required=False, default=[], where=key)


def _decimal(reader: _Reader, text, header: str, index: int, where: str) -> Decimal:
    try:
        value = Decimal(str(text))
    except InvalidOperation:
        raise reader.fail(f"valor inválido em [{where}]: {text!r} (esperado: valor em reais com ponto decimal, "
                          "entre aspas: \"12.34\")", header, index, "valor") from None
    if value <= 0:
        raise reader.fail(f"valor deve ser positivo em [{where}]: {text!r}", header, index, "valor")
    return value


def _unit(r: _Reader, data: dict) -> FiscalUnit:
    t = r.get(data, "unidade_fiscal", "tabela", None, where="unidade_fiscal")
    values = []
    for i, v in enumerate(r.get(t, "valores", "lista de tabelas", "unidade_fiscal", required=False, default=[])):
        h, where = "unidade_fiscal.valores", f"unidade_fiscal.valores #{i + 1}"
        values.append(UnitValue(r.get(v, "ano", "número inteiro", h, i, where=where),
                                _decimal(r, r.get(v, "valor", "valor", h, i, where=where), h, i, where),
                                r.get(v, "fonte", "texto", h, i, where=where)))
    return FiscalUnit(r.get(t, "sigla", "texto", "unidade_fiscal"), r.get(t, "nome", "texto", "unidade_fiscal"),
                      r.get(t, "dispositivo", "texto", "unidade_fiscal", required=False), tuple(values))


def _date_field(r: _Reader, t: dict, key: str, default: str, header: str, i: int, where: str) -> str:

    value = r.get(t, key, "texto", header, i, where=where, required=False, default=default)
    if value not in DATE_FIELDS:
        raise r.fail(f"{key} inválido em [{where}]: {value!r} (use um campo de data do caso: "
                     f"{', '.join(DATE_FIELDS)})", header, i, key)
    return value


def _deadline(r: _Reader, t: dict, i: int) -> Deadline:
    where = f"prazos {t.get('id', '#' + str(i + 1))}"
    counting = r.get(t, "contagem", "texto", "prazos", i, where=where, required=False, default="corridos")
    if counting not in COUNTINGS:
        raise r.fail(f"contagem inválida em [{where}]: {counting!r} (use 'corridos' ou 'úteis')", "prazos", i,
                     "contagem")
    days = r.get(t, "dias", "número inteiro", "prazos", i, where=where)
    if days <= 0:
        raise r.fail(f"dias deve ser positivo em [{where}]: {days}", "prazos", i, "dias")
    return Deadline(r.get(t, "id", "texto", "prazos", i, where=where), r.get(t, "descricao", "texto", "prazos", i,
                    where=where), days, counting, r.get(t, "inicio", "texto", "prazos", i, where=where),
                    _date_field(r, t, "base", "data_ciencia", "prazos", i, where),
                    r.get(t, "dispositivo", "texto", "prazos", i, where=where))


def _delivery(r: _Reader, t: dict, i: int) -> Delivery:
    where = f"entrega {t.get('id', '#' + str(i + 1))}"
    days = r.get(t, "dias_apos", "número inteiro", "entrega", i, where=where, required=False, default=0)
    if days < 0:
        raise r.fail(f"dias_apos não pode ser negativo em [{where}]: {days}", "entrega", i, "dias_apos")
    return Delivery(r.get(t, "id", "texto", "entrega", i, where=where), r.get(t, "meio", "texto", "entrega", i,
                    where=where), r.get(t, "dispositivo", "texto", "entrega", i, where=where),
                    r.get(t, "ciencia", "texto", "entrega", i, where=where, required=False),
                    r.get(t, "ciencia_dispositivo", "texto", "entrega", i, where=where, required=False), days,
                    _date_field(r, t, "data_inicio", "data_ciencia", "entrega", i, where))


def _required(r: _Reader, items: list, header: str, where: str) -> tuple[RequiredField, ...]:
    out = []
    for c in items:
        if not isinstance(c, dict):
            raise r.fail(f"tipo errado em [{where}]: cada item deve ser {{ campo = \"…\", dispositivo = \"…\" }}, "
                         f"encontrado {type_name(c)} {c!r}", header, None, "campos_obrigatorios")
        out.append(RequiredField(r.get(c, "campo", "texto", header, where=where),
                                 r.get(c, "dispositivo", "texto", header, where=where)))
    return tuple(out)


def _form(r: _Reader, kind: str, t: dict, prazos: dict, entrega: dict) -> FormSpec:
    h = f"formularios.{kind}"
    refs = {}
    for key, known, what in (("prazos", prazos, "prazo"), ("entrega", entrega, "meio de entrega")):
        refs[key] = tuple(r.get(t, key, "lista de textos", h, required=False, default=[]))
        for ref in refs[key]:
            if ref not in known:
                raise r.fail(f"[{h}] cita {what} inexistente: {ref!r}", h, None, key)
    required = _required(r, r.get(t, "campos_obrigatorios", "lista", h, required=False, default=[]), h, h)
    no_flagrante = None
    sf = r.get(t, "sem_flagrante", "tabela", h, required=False)
    if sf is not None:
        hs = f"{h}.sem_flagrante"
        dispensa = tuple(r.get(sf, "dispensa", "lista de textos", hs, required=False, default=[]))
        unknown = [c for c in dispensa if c not in {q.campo for q in required}]
        if unknown:
            raise r.fail(f"[{hs}] dispensa campos que não são obrigatórios em [{h}]: {', '.join(unknown)}", hs, None,
                         "dispensa")
        no_flagrante = NoFlagrante(r.get(sf, "dispositivo", "texto", hs), dispensa, _required(
            r, r.get(sf, "campos_obrigatorios", "lista", hs, required=False, default=[]), hs, hs))
    return FormSpec(kind, r.get(t, "sigla", "texto", h), tuple(r.get(t, "fundamento", "lista de textos", h,
                    required=False, default=[])), refs["prazos"], refs["entrega"], required, no_flagrante)


def load_settings(folder: str | Path) -> Settings:
    """The forms settings of the municipality at ``folder`` (or its ``municipio.toml``)."""
    p = Path(folder)
    path = p if p.suffix == ".toml" else p / SETTINGS_FILE
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except FileNotFoundError:
        raise InputError("arquivo de configuração do município não encontrado", path=path) from None
    except UnicodeDecodeError:
        raise InputError("o arquivo deve estar em UTF-8", path=path) from None
    except tomllib.TOMLDecodeError as err:

        raise toml_error(err, path) from None
    r = _Reader(path, TomlText(text))
    fisc = r.get(data, "fiscalizacao", "tabela", None, where="fiscalizacao")
    orgaos = data.get("orgaos", {}) if isinstance(data.get("orgaos"), dict) else {}
    prefeitura = orgaos.get("prefeitura", {}) if isinstance(orgaos.get("prefeitura"), dict) else {}
    prazos = {d.id: d for d in (_deadline(r, t, i) for i, t in enumerate(r.items(data, "prazos")))}
    entrega = {d.id: d for d in (_delivery(r, t, i) for i, t in enumerate(r.items(data, "entrega")))}
    forms_table = r.get(data, "formularios", "tabela", None, required=False, default={}, where="formularios")
    forms = {k: _form(r, k, r.get(forms_table, k, "tabela", f"formularios.{k}"), prazos, entrega)
             for k in forms_table}
    nome = r.get(data, "nome", "texto", None)
    uf_nome = r.get(data, "uf_nome", "texto", None, required=False)
    orgao = r.get(fisc, "orgao_emissor", "texto", "fiscalizacao")
    default_head = ([f"Estado de {uf_nome}"] if uf_nome else []) + [orgao]
    authorities = []
    for i, a in enumerate(r.items(data, "autoridades")):
        authorities.append(Authority(r.get(a, "papel", "texto", "autoridades", i), r.get(a, "cargo", "texto",
                                     "autoridades", i), r.get(a, "dispositivo", "texto", "autoridades", i,
                                                              required=False)))
    settings = Settings(
        path=path, nome=nome, uf=r.get(data, "uf", "texto", None, required=False, default=""),
        orgao_emissor=orgao, setor=r.get(fisc, "setor", "texto", "fiscalizacao", required=False),
        cabecalho=tuple(r.get(fisc, "cabecalho", "lista de textos", "fiscalizacao", required=False,
                              default=default_head)),
        endereco=r.get(fisc, "endereco", "texto", "fiscalizacao", required=False,
                       default=prefeitura.get("endereco") if isinstance(prefeitura.get("endereco"), str) else None),
        norma=r.get(fisc, "norma", "texto", "fiscalizacao"), unidade=_unit(r, data),
        autoridades=tuple(authorities), prazos=prazos, entrega=entrega, formularios=forms,
        feriados=_holidays(r, fisc),
    )
    settings.registro = _register_path(r, fisc, settings)
    return settings


def _register_path(r: _Reader, fisc: dict, settings: Settings) -> Path:
    """The register of this issuing body: ``[fiscalizacao] registro`` (relative to the municipality's
    folder, and inside it), by default ``registros/<órgão-e-setor>.sqlite`` there."""

    default = f"{REGISTER_FOLDER}/{_slug(fold(settings.setor or settings.orgao_emissor))}.sqlite"
    value = r.get(fisc, "registro", "texto", "fiscalizacao", required=False, default=default)
    relative = Path(value)
    folder = settings.folder.resolve()
    target = (folder / relative).resolve()
    if relative.is_absolute() or not target.is_relative_to(folder):
        raise r.fail(f"[fiscalizacao] registro deve ser um caminho dentro da pasta do município ({folder}): {value!r}"
                     " (para outro lugar, use --registro na linha de comando)", "fiscalizacao", None, "registro")
    return target


def _slug(text: str) -> str:
    return "-".join(w for w in re.split(r"[^a-z0-9]+", text) if w) or "registro"


def _holidays(r: _Reader, fisc: dict) -> frozenset:

    values = r.get(fisc, "feriados", "lista", "fiscalizacao", required=False, default=[])
    out = set()
    for value in values:
        try:
            out.add(value if isinstance(value, date) else date.fromisoformat(str(value)))
        except ValueError:
            raise r.fail(f"feriado inválido em [fiscalizacao]: {value!r} (esperado: data AAAA-MM-DD)",
                         "fiscalizacao", None, "feriados") from None
    return frozenset(out)
