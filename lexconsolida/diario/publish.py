"""Publishing an edition: check everything, then number, print, sign, write — crash-safe.

1. The settings, the acts (each with its text, a type some section takes, not a draft) and the
   certificate (file, password, validity) are checked before anything is numbered.
2. Holding the register's lock (and first completing an edition a killed run left pending),
   one transaction takes the next number, prints the edition as PDF/A-3b, signs it, and
   records it with the bytes of its two files (the PDF and its description ``.json``).
3. The files are written atomically and synced; a second transaction marks the edition
   published. See :mod:`.register` for what a kill at each step leaves and how it is completed.

A preview (:func:`preview`) takes no number and is not signed.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from lexconsolida.corpus import Corpus
from lexconsolida.diario.edition import KINDS, Edition, gather, gather_extracts
from lexconsolida.diario.register import EditionRegister
from lexconsolida.diario.render import render
from lexconsolida.diario.settings import GazetteSettings
from lexconsolida.diario.sign import Credential, sign
from lexconsolida.errors import InputError
from lexconsolida.forms.register import PendingFile, fault_point, flush_to_disk, write_file

CHECKPOINTS = ("antes-do-commit", "depois-do-commit", "entre-arquivos", "antes-de-marcar", "depois-de-marcar")
"""Where the crash tests kill the process (``LEXCONSOLIDA_TESTE_INTERROMPER``)."""


@dataclass(slots=True, frozen=True)
class Published:
    numero: int
    rotulo: str
    pdf: Path
    descricao: Path
    sha256: str
    paginas: int
    codigo: str


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def serie_of(settings: GazetteSettings, data: str) -> str:
    return data[:4] if settings.numeracao == "anual" else "continua"


def contents(settings: GazetteSettings, corpus: Corpus, specs: list[str], extracts: list[str]) -> list:
    """The acts and extracts of an edition, in the order of the sections."""
    items = gather(settings, corpus, specs) + gather_extracts(settings, extracts)
    if not items:
        raise InputError("indique pelo menos um ato ou extrato para a edição")
    items.sort(key=lambda a: a.rank)
    return items


def preview(settings: GazetteSettings, corpus: Corpus, specs: list[str], data: str, tipo: str,
            extracts: list[str] | None = None) -> tuple[bytes, Edition]:
    """The edition as it would be printed, without a number and without a signature."""
    edition = Edition(settings, contents(settings, corpus, specs, extracts or []), data, tipo, None)
    return render(edition).pdf, edition


def publish(settings: GazetteSettings, corpus: Corpus, specs: list[str], *, data: str, tipo: str,
            credential: Credential, register: EditionRegister, tsa_url: str | None = None,
            republish: bool = False, notes: list[str] | None = None,
            extracts: list[str] | None = None) -> Published:
    if tipo not in KINDS:
        raise InputError(f"tipo de edição desconhecido: {tipo!r} (ordinaria ou extra)")
    acts = contents(settings, corpus, specs, extracts or [])
    notes = notes if notes is not None else []
    settings.pasta.mkdir(parents=True, exist_ok=True)
    with register.lock() as alone:
        if alone:
            notes += complete_pending(register)
        serie = serie_of(settings, data)
        with register.transaction():
            # checked inside the write transaction: two clerks publishing at once cannot both
            # publish the same act, nor date an edition before one just published
            again = _check_order(register, acts, data, republish)
            before = published_before(acts, data, again)
            numero = register.next_number(serie)
            edition = Edition(settings, acts, data, tipo, numero,
                              republicados=sorted(set(again) | set(before)), anteriores=before)
            pdf_path, json_path = settings.pasta / f"{edition.stem}.pdf", settings.pasta / f"{edition.stem}.json"
            for p in (pdf_path, json_path):
                if p.exists():
                    raise InputError("já existe um arquivo com o nome da nova edição; não será sobrescrito "
                                     "(nenhum número foi usado)", path=p)
            printed = render(edition)
            signed = sign(printed.pdf, credential, printed.assinatura,
                          reason=f"Publicação do {settings.titulo}, {KINDS[tipo].lower()} {edition.rotulo}",
                          location=settings.municipio.get("nome", settings.slug), tsa_url=tsa_url)
            description = dict(printed.descricao)
            description["pdf"] = {"arquivo": pdf_path.name, "sha256": _sha(signed), "bytes": len(signed)}
            description["assinatura"] = {"signatario": credential.nome, "emissor": credential.emissor,
                                         "carimbo_do_tempo": bool(tsa_url)}
            sidecar = (json.dumps(description, ensure_ascii=False, indent=2, sort_keys=True) + "\n").encode()
            files = [PendingFile(pdf_path.resolve(), _sha(signed), signed),
                     PendingFile(json_path.resolve(), _sha(sidecar), sidecar)]
            register.reserve(serie, numero, description, files)
            fault_point("antes-do-commit")
        fault_point("depois-do-commit")
        _write(files)
        register.mark_published(serie, numero)
        fault_point("depois-de-marcar")
    return Published(numero, edition.rotulo, pdf_path, json_path, _sha(signed), printed.paginas, edition.codigo)


def _write(files: list[PendingFile]) -> None:
    for i, f in enumerate(files):
        if i:
            fault_point("entre-arquivos")
        f.path.parent.mkdir(parents=True, exist_ok=True)
        write_file(f.path, f.content)
    flush_to_disk()
    fault_point("antes-de-marcar")


def published_before(acts, data: str, again: dict) -> dict[str, str]:
    """URN → the date each act was published before this edition: in an earlier edition of
    the register (``again``), or — an act this gazette prints after it was published elsewhere,
    by its ``publicacao`` — before the edition's date. Either makes the edition a republication
    of the act, and says so."""
    out = {}
    for a in acts:
        if a.urn is None:
            continue
        if a.urn in again:
            out[a.urn] = again[a.urn].data
        elif a.norma is not None and a.norma.publicacao and a.norma.publicacao < data:
            out[a.urn] = a.norma.publicacao
    return out


def _check_order(register: EditionRegister, acts, data: str, republish: bool) -> dict:
    """Refuse a date before the last edition's, and acts already published unless republishing;
    returns the URNs published again."""
    last = register.last()
    if last is not None and data < last.data:
        raise InputError(f"a data da edição ({data}) é anterior à da última edição publicada "
                         f"(nº {last.numero}, de {last.data})", path=register.path)
    already = register.published_with([a.urn for a in acts if a.urn])
    if already and not republish:
        names = "; ".join(f"{a.titulo} (edição nº {already[a.urn].numero}, de {already[a.urn].data})"
                          for a in acts if a.urn in already)
        raise InputError(f"ato(s) já publicado(s): {names}. Para republicar (por incorreção), use "
                         "--republicar", path=register.path)
    return already


def complete_pending(register: EditionRegister) -> list[str]:
    """Finish the editions a killed run left pending: write their files from the bytes kept in
    the register (the same signed PDF), or void the number when another file is in the way."""
    done = []
    for entry in register.pending():
        files = register.pending_files(entry.serie, entry.numero)
        clash = [f for f in files if f.path.exists() and _sha(f.path.read_bytes()) != f.sha256]
        if clash:
            why = f"arquivo diferente no lugar da edição: {clash[0].path}"
            register.void(entry.serie, entry.numero, why)
            done.append(f"edição nº {entry.numero} ({entry.data}), interrompida: inutilizada ({why})")
            continue
        _write([f for f in files if not f.path.exists()])
        register.mark_published(entry.serie, entry.numero)
        done.append(f"edição nº {entry.numero} ({entry.data}), interrompida antes de terminar: concluída "
                    f"({', '.join(f.path.name for f in files)})")
    return done
