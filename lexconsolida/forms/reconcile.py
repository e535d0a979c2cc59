"""``forms --verificar``: the register against the files on disk.

First every lote an interrupted run left pending is completed (or its numbers voided, with the
reason); then the register is checked against itself and against the output folders:

- every number up to each counter is in the register (a gap would be a lost number);
- every file of an issued, cancelled or talão number exists with the hash the register holds;
- no form file in an output folder is missing from the register (a form nobody can account for),
  and no temporary file of an interrupted write is left behind.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from lexconsolida.errors import FormError
from lexconsolida.forms.issue import complete_pending
from lexconsolida.forms.register import Register

FORM_FILE = re.compile(r"^(?:talao-)?[A-Z][A-Z0-9]*-\d{4}-\d{6}(?:-a-\d{6})?\.(?:docx|html)$")
TEMP_FILE = re.compile(r"^\..+\.\d+\.tmp$")


@dataclass(slots=True, frozen=True)
class Difference:
    problema: str
    numero: str | None = None
    caminho: str | None = None

    def __str__(self) -> str:
        where = ", ".join(x for x in (self.numero, self.caminho) if x)
        return f"{where}: {self.problema}" if where else self.problema


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def reconcile(register: Register) -> list[Difference]:
    """Differences between the register and the disk (the register is not changed)."""
    out: list[Difference] = []
    entries = register.entries()
    seqs: dict[tuple, set[int]] = {}
    for e in entries:
        seqs.setdefault((e.municipio, e.tipo, e.ano), set()).add(e.sequencial)
    for municipio, tipo, ano, last in register.counters():
        have = seqs.get((municipio, tipo, ano), set())
        for n in sorted(set(range(1, last + 1)) - have):
            out.append(Difference(f"número {n} de {tipo}/{ano} contado mas sem registro ({municipio})"))
        for n in sorted(x for x in have if x > last):
            out.append(Difference(f"número {n} de {tipo}/{ano} além do contador ({last})"))
    known: dict[str, list[str]] = {}
    checked: set[str] = set()
    for e in entries:
        for f in e.arquivos:
            known.setdefault(f["caminho"], []).append(e.situacao)
            if e.pendente:
                out.append(Difference(f"emissão pendente no lote {e.lote} (arquivos ainda não gravados; conclua com "
                                      f"forms --concluir-lote {e.lote} -o PASTA ou inutilize com forms "
                                      f"--inutilizar-lote {e.lote} --motivo \"…\")", e.numero, f["caminho"]))
                continue
            if e.situacao == "inutilizado" or f["caminho"] in checked:
                continue
            checked.add(f["caminho"])
            path = Path(f["caminho"])
            if not path.is_file():
                out.append(Difference("arquivo do registro ausente do disco", e.numero, str(path)))
            elif f.get("sha256") and _sha(path) != f["sha256"]:
                out.append(Difference("arquivo alterado depois da emissão (SHA-256 diferente do registro)",
                                      e.numero, str(path)))
    for folder in register.batch_folders():
        if not folder.is_dir():
            continue
        for path in sorted(folder.iterdir()):
            if TEMP_FILE.match(path.name):
                out.append(Difference("arquivo temporário de uma gravação interrompida (pode ser apagado)",
                                      caminho=str(path)))
            elif FORM_FILE.match(path.name):
                states = known.get(str(path))
                if states is None:
                    out.append(Difference("formulário no disco que não consta do registro", caminho=str(path)))
                elif all(s == "inutilizado" for s in states):
                    out.append(Difference("arquivo no disco de número inutilizado", caminho=str(path)))
    return out


def verify(register: Register) -> tuple[list[str], list[Difference]]:
    """Complete pending lotes, then reconcile; (what was completed, differences)."""

    with register.issue_lock() as lock:
        if not lock.alone:
            raise FormError("outro processo está emitindo formulários com este registro; verifique quando ele terminar",
                            path=register.path)
        done = complete_pending(register)
        return done, reconcile(register)
