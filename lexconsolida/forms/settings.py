"""Municipal settings for forms: the ``[fiscalizacao]``… sections of ``municipio.toml``.

Small and independent of the corpus loader: it reads one TOML file with :mod:`tomllib` and
checks what forms need — the fiscal unit and its value by year, the issuing body, the
authorities, the deadlines and delivery methods the law sets (each with the dispositivo it comes
from) and, per form kind, its legal basis and required fields. Errors name the file and key.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, InvalidOperation
from pathlib import Path

from lexconsolida.corpus.records import toml_error
from lexconsolida.errors import InputError
from lexconsolida.forms.fields import DATE, DATETIME, FIELDS

SETTINGS_FILE = "municipio.toml"
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


@dataclass(slots=True, frozen=True)
class RequiredField:
    campo: str
    dispositivo: str


@dataclass(slots=True, frozen=True)
class FormSpec:
    kind: str
    sigla: str
    fundamento: tuple[str, ...]
    prazos: tuple[str, ...] = ()
    entrega: tuple[str, ...] = ()
    campos_obrigatorios: tuple[RequiredField, ...] = ()


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

    @property
    def folder(self) -> Path:
        return self.path.parent

    @property
    def norma_path(self) -> Path:
        return self.folder / self.norma

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
    return out


def _need(table: dict, key: str, path: Path, where: str):
    if key not in table or table[key] in ("", None):
        raise InputError(f"falta a chave '{key}' em [{where}]", path=path)
    return table[key]


def _decimal(text, path: Path, where: str) -> Decimal:
    try:
        value = Decimal(str(text))
    except InvalidOperation:
        raise InputError(f"valor inválido em [{where}]: {text!r} (use \"12.34\")", path=path) from None
    if value <= 0:
        raise InputError(f"valor deve ser positivo em [{where}]: {text!r}", path=path)
    return value


def _unit(data: dict, path: Path) -> FiscalUnit:
    t = _need(data, "unidade_fiscal", path, "raiz")
    values = []
    for i, v in enumerate(t.get("valores", []), 1):
        where = f"unidade_fiscal.valores #{i}"
        values.append(UnitValue(int(_need(v, "ano", path, where)),
                                _decimal(_need(v, "valor", path, where), path, where),
                                str(_need(v, "fonte", path, where))))
    return FiscalUnit(_need(t, "sigla", path, "unidade_fiscal"), _need(t, "nome", path, "unidade_fiscal"),
                      t.get("dispositivo"), tuple(values))


def _deadline(t: dict, path: Path) -> Deadline:
    where = f"prazos {t.get('id', '?')}"
    counting = t.get("contagem", "corridos")
    if counting not in COUNTINGS:
        raise InputError(f"contagem inválida em [{where}]: {counting!r} (use 'corridos' ou 'úteis')", path=path)
    base = t.get("base", "data_ciencia")
    if FIELDS.get(base, ("", ""))[1] not in (DATE, DATETIME):
        dates = ", ".join(k for k, (_, kind) in FIELDS.items() if kind in (DATE, DATETIME))
        raise InputError(f"base inválida em [{where}]: {base!r} (use um campo de data: {dates})", path=path)
    return Deadline(_need(t, "id", path, where), _need(t, "descricao", path, where),
                    int(_need(t, "dias", path, where)), counting, _need(t, "inicio", path, where),
                    base, _need(t, "dispositivo", path, where))


def _delivery(t: dict, path: Path) -> Delivery:
    where = f"entrega {t.get('id', '?')}"
    return Delivery(_need(t, "id", path, where), _need(t, "meio", path, where),
                    _need(t, "dispositivo", path, where), t.get("ciencia"),
                    t.get("ciencia_dispositivo"), int(t.get("dias_apos", 0)))


def _form(kind: str, t: dict, path: Path, prazos: dict, entrega: dict) -> FormSpec:
    where = f"formularios.{kind}"
    for ref in t.get("prazos", []):
        if ref not in prazos:
            raise InputError(f"[{where}] cita prazo inexistente: {ref!r}", path=path)
    for ref in t.get("entrega", []):
        if ref not in entrega:
            raise InputError(f"[{where}] cita meio de entrega inexistente: {ref!r}", path=path)
    required = tuple(RequiredField(_need(c, "campo", path, where), _need(c, "dispositivo", path, where))
                     for c in t.get("campos_obrigatorios", []))
    return FormSpec(kind, _need(t, "sigla", path, where), tuple(t.get("fundamento", [])),
                    tuple(t.get("prazos", [])), tuple(t.get("entrega", [])), required)


def load_settings(folder: str | Path) -> Settings:
    """The forms settings of the municipality at ``folder`` (or its ``municipio.toml``)."""
    p = Path(folder)
    path = p if p.suffix == ".toml" else p / SETTINGS_FILE
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError("arquivo de configuração do município não encontrado", path=path) from None
    except tomllib.TOMLDecodeError as err:
        raise toml_error(err, path) from None
    fisc = _need(data, "fiscalizacao", path, "raiz")
    orgao = data.get("orgaos", {}).get("prefeitura", {})
    prazos = {d.id: d for d in (_deadline(t, path) for t in data.get("prazos", []))}
    entrega = {d.id: d for d in (_delivery(t, path) for t in data.get("entrega", []))}
    forms = {k: _form(k, t, path, prazos, entrega) for k, t in data.get("formularios", {}).items()}
    return Settings(
        path=path, nome=_need(data, "nome", path, "raiz"), uf=data.get("uf", ""),
        orgao_emissor=_need(fisc, "orgao_emissor", path, "fiscalizacao"), setor=fisc.get("setor"),
        cabecalho=tuple(orgao.get("cabecalho", [])), endereco=orgao.get("endereco"),
        norma=_need(fisc, "norma", path, "fiscalizacao"), unidade=_unit(data, path),
        autoridades=tuple(Authority(_need(a, "papel", path, "autoridades"), _need(a, "cargo", path, "autoridades"),
                                    a.get("dispositivo")) for a in data.get("autoridades", [])),
        prazos=prazos, entrega=entrega, formularios=forms, feriados=_holidays(fisc, path),
    )


def _holidays(fisc: dict, path: Path) -> frozenset:
    out = set()
    for value in fisc.get("feriados", []):
        try:
            out.add(value if isinstance(value, date) else date.fromisoformat(str(value)))
        except ValueError:
            raise InputError(f"feriado inválido em [fiscalizacao]: {value!r} (use AAAA-MM-DD)", path=path) from None
    return frozenset(out)
