"""Loading the law a catalog or a form is read from: a file, or an act folder of statutes/."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path

from lexconsolida.errors import InputError
from lexconsolida.model import Norma

ACT_FILE = "norma.toml"


def _act_metadata(folder: Path) -> tuple[Path, dict]:
    meta_path = folder / ACT_FILE
    try:
        meta = tomllib.loads(meta_path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(f"pasta sem {ACT_FILE}", path=folder) from None
    except tomllib.TOMLDecodeError as err:
        raise InputError(f"TOML inválido: {err}", path=meta_path) from None
    texto = meta.get("texto")
    if not texto:
        raise InputError("o ato não tem texto ('texto' ausente em norma.toml)", path=meta_path)
    return folder / texto, meta


def load_norma(path: str | Path) -> Norma:
    """The parsed law at ``path`` (a .txt/.xml/.docx file, or an act folder with norma.toml)."""
    from lexconsolida.readers import read_file

    p = Path(path)
    meta: dict = {}
    if p.is_dir():
        p, meta = _act_metadata(p)
    norma = read_file(p).norma
    # The act's norma.toml is curated: its metadata wins over what the reader inferred.
    fill = {k: str(meta[k]) for k in ("tipo", "numero", "data", "urn", "ementa") if meta.get(k)}
    return replace(norma, **fill) if fill else norma
