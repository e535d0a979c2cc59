"""The infraction catalog as JSON (stable key order, Decimals as strings) and as plain text."""

from __future__ import annotations

import json
from dataclasses import asdict
from decimal import Decimal

from lexconsolida.forms.cite import citation
from lexconsolida.forms.infractions import Catalog


def _plain(value):
    if isinstance(value, Decimal):
        return format(value.normalize(), "f")
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def catalog_dict(catalog: Catalog) -> dict:
    return {
        "norma": catalog.norma,
        "urn": catalog.urn,
        "tabela_de_multas": [_plain(asdict(r)) for r in catalog.tabela],
        "infracoes": [_plain(asdict(i)) for i in catalog.infracoes],
        "regras_especiais": [_plain(asdict(r)) for r in catalog.regras],
        "nao_classificados": [_plain(asdict(u)) for u in catalog.nao_classificados],
    }


def to_json(catalog: Catalog) -> str:
    return json.dumps(catalog_dict(catalog), ensure_ascii=False, indent=2) + "\n"


def _units(value: Decimal | None, unit: str | None) -> str:
    return f"{_plain(value)} {unit}" if value is not None else "—"


def to_text(catalog: Catalog) -> str:
    """A readable listing for the terminal."""
    out = [f"Catálogo de infrações — {catalog.norma}", ""]
    if catalog.tabela:
        out.append("Tabela de multas:")
        out += [f"  {r.classe:<11} {_units(r.unidades, r.unidade):<12} ({r.citacao})" for r in catalog.tabela]
        out.append("")
    out.append(f"Infrações ({len(catalog.infracoes)}):")
    for inf in catalog.infracoes:
        out.append(f"  {inf.citacao}: {inf.descricao}")
        measures = "; ".join(inf.medidas) or "—"
        out.append(f"    classe: {inf.classe or '—'} | penalidade: {inf.penalidade or '—'} | "
                   f"multa: {_units(inf.unidades, inf.unidade)} | medida: {measures}")
        for note in inf.observacoes:
            out.append(f"    observação: {note}")
    if catalog.regras:
        out += ["", "Regras especiais:"]
        for r in catalog.regras:
            scope = "todas as infrações" if "*" in r.aplica_a else ", ".join(citation(i) for i in r.aplica_a)
            out.append(f"  {r.citacao} [{r.tipo}] ({r.condicao}; aplica-se a: {scope})")
    out += ["", f"Não classificados ({len(catalog.nao_classificados)}):"]
    out += [f"  {u.citacao}: {u.motivo}" for u in catalog.nao_classificados] or ["  nenhum"]
    return "\n".join(out) + "\n"
