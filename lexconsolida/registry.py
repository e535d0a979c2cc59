"""Formats by name (after pandoc's reader/writer lists): a name maps to ``module:function``,
imported only when used; an unknown name is a usage error listing the known ones."""

from __future__ import annotations

import importlib
from collections.abc import Mapping

from lexconsolida.errors import UsageError


def lookup(registry: Mapping[str, str], name: str, what: str):
    """The function registered under ``name``; ``what`` names the registry in the error
    ('formato de entrada', 'formato de saída', 'formato de relatório')."""
    try:
        target = registry[name]
    except KeyError:
        known = ", ".join(sorted(registry))
        raise UsageError(f"{what} desconhecido: {name!r} (conhecidos: {known})") from None
    module, func = target.split(":")
    return getattr(importlib.import_module(module), func)
