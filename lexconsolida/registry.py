"""Formats by name (after pandoc's reader/writer lists): a name maps to ``module:function``,
imported only when used; an unknown name is a usage error listing the known ones."""

from __future__ import annotations

import importlib
from collections.abc import Mapping

from lexconsolida.errors import InternalError, UsageError


def lookup(registry: Mapping[str, str], name: str, what: str):
    """The function registered under ``name``; ``what`` names the registry in the error
    ('formato de entrada', 'formato de saída', 'formato de relatório')."""
    try:
        target = registry[name]
    except KeyError:
        known = ", ".join(sorted(registry))
        raise UsageError(f"{what} desconhecido: {name!r} (conhecidos: {known})") from None
    module, func = target.split(":")
    try:
        loaded = importlib.import_module(module)
    except ModuleNotFoundError as err:
        if err.name and not err.name.startswith("lexconsolida"):
            raise UsageError(f"{what} {name!r} precisa do pacote Python {err.name!r}, que não "
                             "está instalado") from None
        raise InternalError(f"{what} {name!r} registrado como {target}, mas: {err}") from err
    try:
        return getattr(loaded, func)
    except AttributeError as err:
        raise InternalError(f"{what} {name!r} registrado como {target}, mas: {err}") from err
