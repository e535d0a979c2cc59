"""Fines in fiscal units and reais, and deadlines with their end dates (Decimal, no floats).

>>> brl(Decimal("1234.5")), brl(Decimal("0.005")), brl(Decimal("1234567.891"))
('R$ 1.234,50', 'R$ 0,01', 'R$ 1.234.567,89')
>>> end_date(date(2025, 3, 10), 15, "corridos")
datetime.date(2025, 3, 25)
>>> end_date(date(2025, 3, 7), 3, "úteis")        # Friday + 3 business days
datetime.date(2025, 3, 12)
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal

from lexconsolida.errors import FormError
from lexconsolida.forms.infractions import Catalog, Infraction
from lexconsolida.forms.settings import Deadline, Settings

CENT = Decimal("0.01")


def brl(value: Decimal) -> str:
    """Brazilian money format: 'R$ 1.234,56' (half-up to the cent)."""
    q = value.quantize(CENT, rounding=ROUND_HALF_UP)
    sign = "-" if q < 0 else ""
    whole, frac = f"{abs(q):.2f}".split(".")
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    return f"{sign}R$ {'.'.join(groups)},{frac}"


def units_text(value: Decimal) -> str:
    """Fiscal units as Brazilians write them: '144', '72,5'."""
    text = format(value.normalize(), "f")
    return text.replace(".", ",")


@dataclass(slots=True, frozen=True)
class Adjustment:
    """A special rule applied to a fine."""

    descricao: str
    citacao: str
    fator: Decimal


@dataclass(slots=True, frozen=True)
class Fine:
    """The fine of one case."""

    classe: str | None
    unidades: Decimal
    """Fiscal units from the law's table, before adjustments."""
    unidade: str
    tabela_citacao: str | None
    ano: int
    valor_unidade: Decimal
    fonte_valor: str
    ajustes: tuple[Adjustment, ...]
    total_unidades: Decimal
    total: Decimal
    """In reais, rounded to the cent."""

    @property
    def base(self) -> Decimal:
        return (self.unidades * self.valor_unidade).quantize(CENT, rounding=ROUND_HALF_UP)


def _adjustments(inf: Infraction, catalog: Catalog, reincidente: bool, em_dobro: bool) -> list[Adjustment]:
    out = []
    for rule in catalog.rules_for(inf.id):
        applies = reincidente if rule.condicao == "reincidência" else em_dobro
        if not applies:
            continue
        if rule.tipo == "acrescimo" and rule.percentual is not None:
            pct = units_text(rule.percentual)
            out.append(Adjustment(f"reincidência: acréscimo de {pct}%", rule.citacao,
                                  1 + rule.percentual / 100))
        elif rule.tipo == "dobro":
            why = "reincidência" if rule.condicao == "reincidência" else "circunstância do dispositivo"
            out.append(Adjustment(f"{why}: multa em dobro", rule.citacao, rule.fator or Decimal(2)))
    return out


def compute_fine(inf: Infraction, catalog: Catalog, settings: Settings, year: int,
                 *, reincidente: bool = False, em_dobro: bool = False) -> Fine | None:
    """The fine for ``inf`` in ``year`` (None when its penalty has no fine)."""
    if not inf.multa:
        return None
    if inf.unidades is None or inf.unidade is None:
        raise FormError(f"a lei não dá o valor da multa da infração {inf.citacao} (classe {inf.classe or '?'})")
    if inf.unidade == "R$":
        unit_value, source = Decimal(1), "valor fixado em reais pela lei"
    else:
        if inf.unidade != settings.unidade.sigla:
            raise FormError(f"a multa está em {inf.unidade}, mas o município configura {settings.unidade.sigla}",
                            path=settings.path)
        known = settings.unidade.value_for(year)
        if known is None:
            raise FormError(f"não há valor da {settings.unidade.sigla} para {year} em [unidade_fiscal.valores]",
                            path=settings.path)
        unit_value, source = known.valor, known.fonte
    adjustments = _adjustments(inf, catalog, reincidente, em_dobro)
    total_units = inf.unidades
    for adj in adjustments:
        total_units *= adj.fator
    row = catalog.fine_row(inf.classe)
    total = (total_units * unit_value).quantize(CENT, rounding=ROUND_HALF_UP)
    return Fine(
        classe=inf.classe, unidades=inf.unidades, unidade=inf.unidade,
        tabela_citacao=row.citacao if row else None, ano=year, valor_unidade=unit_value,
        fonte_valor=source, ajustes=tuple(adjustments), total_unidades=total_units, total=total,
    )


# --- deadlines ----------------------------------------------------------------------------


def end_date(start: date, days: int, counting: str, holidays: frozenset[date] = frozenset()) -> date:
    """Last day of a period of ``days`` counted from ``start`` (start day excluded).

    'corridos': calendar days. 'úteis': Monday–Friday, not in ``holidays``.
    """
    if counting == "corridos":
        return start + timedelta(days=days)
    current, left = start, days
    while left > 0:
        current += timedelta(days=1)
        if current.weekday() < 5 and current not in holidays:
            left -= 1
    return current


@dataclass(slots=True, frozen=True)
class DeadlineLine:
    """A deadline as a form states it."""

    descricao: str
    dias: int
    contagem: str
    inicio: str
    citacao: str
    dispositivo: str
    inicio_data: date | None
    fim: date | None
    como: str | None
    """How the start date was reached from the notice ('data do AR: 02/06/2025'), if derived."""


def deadline_line(d: Deadline, start: date | None, how: str | None, citacao: str,
                  holidays: frozenset[date] = frozenset()) -> DeadlineLine:
    end = end_date(start, d.dias, d.contagem, holidays) if start else None
    return DeadlineLine(d.descricao, d.dias, d.contagem, d.inicio, citacao, d.dispositivo, start, end, how)
