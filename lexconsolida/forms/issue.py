"""Issuing forms: validate every case, then reserve, write and confirm — never losing or reusing a number.

Order of work for a batch (a CSV of 1,000 cases is one batch, one *lote* in the register):

1. every case is checked (required fields, dates, infraction in the catalog, fine computable,
   delivery method allowed) before any number is taken; the first error stops the batch and
   nothing is written;
2. one ``BEGIN IMMEDIATE`` transaction takes the numbers, renders each form (DOCX and HTML) and
   records the case with its files' hashes and bytes (pending). A file already at a target path
   aborts the transaction: no number is taken;
3. the files are written, each atomically (temporary file, rename), and synced to disk once;
4. a second transaction marks the lote written.

A process killed anywhere leaves either nothing (before step 2 commits) or a pending lote. The
next issuing run (or ``forms --verificar``) completes pending lotes from the bytes the register
kept — the same files, byte for byte — or voids a number whose file path holds something else,
with the reason. Completion runs only when no other process is issuing (an advisory lock held
while issuing, released by the kernel even on ``kill -9``).

A lote whose folder cannot be written (read-only, full, gone) is reported and left pending; it
never blocks the issues that come after it. A person completes it into another folder
(:func:`complete_elsewhere`, ``forms --concluir-lote N -o PASTA``) or voids its numbers with a
reason (:func:`void_lote`, ``forms --inutilizar-lote N --motivo …``).

Fault injection for the crash tests: with ``LEXCONSOLIDA_TESTE_INTERROMPER=<ponto>[:n]`` the
process kills itself (SIGKILL) the n-th time it reaches ``<ponto>`` (one of :data:`CHECKPOINTS`).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from datetime import date, datetime, time
from pathlib import Path

from lexconsolida.errors import FormError
from lexconsolida.io import write_failure
from lexconsolida.forms.cases import Case, check_dates, check_required
from lexconsolida.forms.cite import act_title, citation
from lexconsolida.forms.docx import render_docx
from lexconsolida.forms.document import FormDoc, build
from lexconsolida.forms.html import render_html
from lexconsolida.forms.infractions import Catalog
from lexconsolida.forms.kinds import KINDS
from lexconsolida.forms.register import (
    FAULT_ENV, Owner, PendingFile, Register, Reserved, fault_point, file_stem, flush_to_disk, format_number,
    write_file,
)
from lexconsolida.forms.settings import Settings, cited_dispositivos
from lexconsolida.forms.talao import MAX_TALAO, TALAO_KINDS, build_talao, render_talao_docx, render_talao_html
from lexconsolida.model import Norma

CHECKPOINTS = ("antes-do-commit", "depois-do-commit", "entre-arquivos", "antes-de-marcar", "depois-de-marcar")
checkpoint = fault_point
__all__ = ["CHECKPOINTS", "FAULT_ENV", "checkpoint", "issue_batch"]
"""A fault-injection point (see the module docstring and :func:`~lexconsolida.forms.register.fault_point`)."""


class WriteBlocked(FormError):
    """A pending lote's files could not be written where it was meant to (the lote stays pending)."""

    def __init__(self, lote: int, numeros: list[str], path: Path, reason: str) -> None:
        self.lote, self.numeros, self.reason = lote, numeros, reason
        super().__init__(f"não foi possível gravar ({reason}); {_pending_hint(lote, numeros)}", path=path)


def _pending_hint(lote: int, numeros: list[str]) -> str:
    """What to do with a pending lote, in one line."""
    if len(numeros) == 1:
        which, kept, them = f"o número {numeros[0]} (lote {lote}) fica reservado", "conclua-o", "inutilize-o"
    else:
        which = f"os números {numeros[0]} a {numeros[-1]} ({len(numeros)}, lote {lote}) ficam reservados"
        kept, them = "conclua-os", "inutilize-os"
    return (f"{which}: {kept} em outra pasta com 'lexconsolida forms --concluir-lote {lote} -o PASTA' ou {them} "
            f"com 'lexconsolida forms --inutilizar-lote {lote} --motivo \"…\"' (ou a próxima emissão o fará "
            "quando a pasta puder ser gravada)")


@dataclass(slots=True, frozen=True)
class Issued:
    numero: str
    arquivos: tuple[Path, ...]
    sha256_docx: str
    sha256_html: str


@dataclass(slots=True)
class Context:
    """What every form of a batch is made from."""

    settings: Settings
    norma: Norma
    catalog: Catalog
    index: dict = field(default_factory=dict)
    """id → node of ``norma`` (filled on first use)."""

    def node_index(self) -> dict:
        if not self.index:
            self.index = self.norma.index()
        return self.index

    @property
    def municipio(self) -> str:
        return f"{self.settings.nome}-{self.settings.uf}"

    @property
    def owner(self) -> Owner:
        return owner_of(self.settings)

    @property
    def templates(self) -> Path:
        return self.settings.folder / "templates" / "forms"


def owner_of(settings: Settings) -> Owner:
    """Whom the register of ``settings`` serves: the municipality and the issuing body (and sector)."""
    body = settings.orgao_emissor + (f" — {settings.setor}" if settings.setor else "")
    return Owner(f"{settings.nome}-{settings.uf}", body)


def spec_for(kind: str, settings: Settings):
    if kind not in KINDS:
        raise FormError(f"tipo de formulário desconhecido: '{kind}' (conhecidos: {', '.join(KINDS)})")
    spec = settings.formularios.get(kind)
    if spec is None:
        declared = ", ".join(settings.formularios) or "nenhum"
        raise FormError(f"o município não prevê o formulário '{kind}' em [formularios] (previstos: {declared})",
                        path=settings.path)
    return spec


def _issue_date(case: Case, today: date) -> date:
    return case.data.get("data_emissao") or today


def _build(kind: str, case: Case, ctx: Context, numero: str, today: date) -> FormDoc:
    return build(kind, case, settings=ctx.settings, norma=ctx.norma, catalog=ctx.catalog,
                 numero=numero, issue=_issue_date(case, today), index=ctx.node_index())


def check_citations(settings: Settings, norma: Norma) -> None:
    """Every dispositivo the settings cite must exist in the law they apply."""

    index = norma.index()
    for where, node_id in cited_dispositivos(settings):
        if node_id not in index:
            raise FormError(f"[{where}] cita {node_id} ({citation(node_id)}), que não existe em {act_title(norma)}",
                            path=settings.path)


def _talao_number(case: Case, sigla: str) -> str | None:
    numero = case.data.get("numero")
    if numero is None:
        return None
    if not re.fullmatch(rf"{re.escape(sigla)}-\d{{4}}/\d{{6}}", numero):
        raise case.error(f"número de talão inválido no campo 'numero': {numero!r} (esperado: {sigla}-AAAA/NNNNNN, "
                         f"como impresso no talão)", "numero")
    return numero


def validate(kind: str, cases: list[Case], ctx: Context, today: date) -> None:
    """Check every case as it would be issued; raise on the first problem (naming the row)."""
    spec = spec_for(kind, ctx.settings)
    check_citations(ctx.settings, ctx.norma)
    seen: dict[str, str] = {}
    for case in cases:
        check_required(case, spec)
        check_dates(case, today)
        numero = _talao_number(case, spec.sigla)
        if numero is not None:
            if numero in seen:
                raise case.error(f"o número de talão {numero} aparece duas vezes no lote (também em {seen[numero]})",
                                 "numero")
            seen[numero] = case.where()
        try:
            _build(kind, case, ctx, numero or format_number(spec.sigla, _issue_date(case, today).year, 0), today)
        except FormError as err:
            if err.line is None and case.line() is not None:
                raise FormError(err.message, path=case.source, line=case.line(), where=err.where) from None
            raise


def _stored_data(case: Case, issue: date) -> dict:
    data = {k: (v.isoformat() if isinstance(v, (date, datetime)) else v) for k, v in case.data.items()}
    data.setdefault("data_emissao", issue.isoformat())
    return data


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


SPECIMEN = "ESPÉCIME SEM VALOR — sem número"


def render_specimen(kind: str, case: Case, ctx: Context, today: date | None = None) -> tuple[bytes, bytes]:
    """(HTML, DOCX) of ``case`` as a specimen: checked as an issue would be, but numbered by no
    register and saying so at its top — what ``build`` makes when the municipality has no
    register, so that nothing it writes can pass for an issued form."""
    today = today or date.today()
    validate(kind, [case], ctx, today)
    doc = _build(kind, case, ctx, SPECIMEN, today)
    doc.avisos.insert(0, "ESPÉCIME SEM VALOR: nenhum número foi tomado, porque o órgão emissor ainda não tem "
                      "registro de formulários. Para emitir, crie o registro ('lexconsolida forms --novo-registro "
                      "--municipio PASTA') e rode de novo; nenhum número é usado antes disso.")
    when = _issue_date(case, today)
    return render_html(doc, ctx.templates), render_docx(doc, datetime.combine(when, time()),
                                                        ctx.templates / "modelo.docx")


def already_issued(register: Register, kind: str, case: Case, ctx: Context, today: date | None = None):
    """The entry of ``register`` holding this very case (same kind, same data), if any: a case is
    issued once, whatever folder or run it comes from. A case without ``data_emissao`` matches
    whatever date it was issued on."""
    want = _stored_data(case, _issue_date(case, today or date.today()))
    dated = "data_emissao" in case.data
    for entry in register.entries(ctx.municipio):
        if entry.tipo != kind:
            continue
        have = entry.dados
        if dated and have == want:
            return entry
        if not dated and {k: v for k, v in have.items() if k != "data_emissao"} == \
                {k: v for k, v in want.items() if k != "data_emissao"}:
            return entry
    return None


REISSUE_KEYS = ("reemissao_de", "motivo_reemissao")
"""What a re-issue adds to the case data it records (never part of what makes a case the same)."""


def issued_before(register: Register, kind: str, case: Case, ctx: Context, today: date):
    """The entry that already holds this very case and still stands (not cancelled nor voided:
    those may be issued again freely), if any."""
    want = _stored_data(case, _issue_date(case, today))
    dated = "data_emissao" in case.data
    for entry in register.entries(ctx.municipio):
        if entry.tipo != kind or entry.situacao in ("cancelado", "inutilizado"):
            continue
        have = {k: v for k, v in entry.dados.items() if k not in REISSUE_KEYS}
        if dated and have == want:
            return entry
        if not dated and {k: v for k, v in have.items() if k != "data_emissao"} == \
                {k: v for k, v in want.items() if k != "data_emissao"}:
            return entry
    return None


def issue_batch(kind: str, cases: list[Case], ctx: Context, out_dir: str | Path, register: Register,
                *, today: date | None = None, notes: list[str] | None = None,
                reissue: str | None = None) -> list[Issued]:
    """Issue one form of ``kind`` per case; returns what was issued, in order.

    A case with ``numero`` records a filled talão against that pre-printed number instead of
    taking a new one. ``notes`` receives what was done about interrupted earlier runs.

    A case already issued (same kind, same facts; :func:`issued_before`) is refused — the whole
    batch, nothing taken — unless ``reissue`` gives the reason to issue it again: then the new
    form says which one it re-issues, and the register records both, the second with
    ``reemissao_de`` and ``motivo_reemissao`` in its data."""
    today = today or date.today()
    validate(kind, cases, ctx, today)
    spec = spec_for(kind, ctx.settings)
    out = Path(out_dir).resolve()
    before = {i: e for i, case in enumerate(cases)  # a filled talão is recorded by its own number
              if _talao_number(case, spec.sigla) is None and (e := issued_before(register, kind, case, ctx, today))}
    if before and not (reissue or "").strip():
        first = next(iter(before))
        listed = "; ".join(f"{cases[i].where()}: já emitido como {e.numero} em {e.emitido_em or e.reservado_em}"
                           for i, e in before.items())
        raise FormError(f"{len(before)} caso(s) já emitido(s) — {listed}. Nenhum número foi usado. Para emitir "
                        'de novo os mesmos fatos, use --reemitir --motivo "por quê" (o registro guarda as duas '
                        "emissões); para corrigir, cancele a primeira (--cancelar NÚMERO --motivo)",
                        path=cases[first].source)
    previous = {i: (e.numero, reissue.strip()) for i, e in before.items()} if reissue else {}
    issued, voided = _in_one_lote(register, "emissao", out, notes,
                                  lambda lote: _reserve_all(kind, spec, cases, ctx, register, lote, out, today,
                                                            previous))
    gone = {numero for numero, _ in voided}
    return [item for item in issued if item.numero not in gone]


def _in_one_lote(register: Register, operacao: str, out: Path, notes: list[str] | None, reserve):
    """The crash-safe frame of an issue: holding the issue lock (and first completing what an
    interrupted run left, when alone), ``reserve(lote)`` takes the numbers and renders inside one
    transaction, returning (result, files); then the files are written and the lote marked.
    Returns (result, voided numbers with the reason)."""
    with register.issue_lock() as lock:
        if lock.alone:
            _append(notes, complete_pending(register))
            lock.share()
        with register.transaction():
            lote = register.new_batch(operacao, out)
            result, files = reserve(lote)
            register.add_pending(lote, files)
            checkpoint("antes-do-commit")
        checkpoint("depois-do-commit")
        voided = complete_batch(register, lote, files)
    _append(notes, [f"{numero}: inutilizado ({why})" for numero, why in voided])
    return result, voided


def _append(notes: list[str] | None, items: list[str]) -> None:
    if notes is not None:
        notes.extend(items)


def _reserve_all(kind, spec, cases, ctx: Context, register: Register, lote: int, out: Path,
                 today: date, previous: dict | None = None) -> tuple[list[Issued], list[PendingFile]]:
    issued, pending = [], []
    for i, case in enumerate(cases):
        when = _issue_date(case, today)
        talao = _talao_number(case, spec.sigla)
        if talao is None:
            seq = register.allocate(ctx.municipio, kind, when.year)[0]
            numero = format_number(spec.sigla, when.year, seq)
        else:
            numero, seq = talao, int(talao.rsplit("/", 1)[1])
        doc = _build(kind, case, ctx, numero, today)
        if talao is not None:
            doc.avisos.insert(0, f"Transcrição do auto lavrado à mão no talão nº {numero}, para o registro; em caso de "
                              "divergência prevalece o original assinado no local.")
        stored = _stored_data(case, when)
        if previous and i in previous:
            earlier, why = previous[i]
            doc.avisos.insert(0, f"Reemissão: os mesmos fatos do formulário nº {earlier}, emitido antes ({why}).")
            stored.update({"reemissao_de": earlier, "motivo_reemissao": why})
        html = render_html(doc, ctx.templates)
        docx = render_docx(doc, datetime.combine(when, time()), ctx.templates / "modelo.docx")
        stem = file_stem(numero)
        files = [PendingFile(out / f"{stem}.docx", _sha(docx), docx), PendingFile(out / f"{stem}.html", _sha(html), html)]
        item = Reserved(ctx.municipio, numero, kind, spec.sigla, int(numero.rsplit("-", 1)[1][:4]), seq,
                        "talao" if talao else "emissao", when.isoformat(), case.where(), stored,
                        [{"caminho": str(f.path), "sha256": f.sha256} for f in files])
        if talao is None:
            register.reserve(item, lote)
        else:
            register.record_talao(item, lote)
        for f in files:
            if f.path.exists():
                raise FormError("arquivo já existe; não será sobrescrito (nenhum número foi usado)", path=f.path)
        pending += files
        issued.append(Issued(numero, tuple(f.path for f in files), files[0].sha256, files[1].sha256))
    return issued, pending


def complete_batch(register: Register, lote: int, files: list[PendingFile]) -> list[tuple[str, str]]:
    """Write ``files`` of a pending ``lote`` and mark it written; a number whose file path holds
    other content is voided with the reason. Returns the voided (number, reason).

    When a file cannot be written, what this call wrote is taken back (the lote is still
    pending: its files exist only in the register) and :class:`WriteBlocked` is raised."""
    entries = register.batch_entries(lote)
    owners: dict[str, list[str]] = {}
    for e in entries:
        for f in e.arquivos:
            owners.setdefault(f["caminho"], []).append(e.numero)
    conflicts: dict[str, str] = {}
    written: list[Path] = []
    for f in files:
        if f.path.exists():
            if f.path.is_file() and _sha(f.path.read_bytes()) == f.sha256:
                continue
            for numero in owners.get(str(f.path), []):
                conflicts.setdefault(numero, f"o arquivo {f.path} já existe com outro conteúdo")
            continue
        try:
            f.path.parent.mkdir(parents=True, exist_ok=True)
            write_file(f.path, f.content)
        except OSError as err:
            for path in written:
                path.unlink(missing_ok=True)
            reason = write_failure(err, f.path).message.split(": ", 1)[-1]
            raise WriteBlocked(lote, [e.numero for e in entries], f.path, reason) from None
        written.append(f.path)
        checkpoint("entre-arquivos")
    if written:
        flush_to_disk()
    checkpoint("antes-de-marcar")
    if conflicts:
        voided_paths = {c for e in entries if e.numero in conflicts for c in (f["caminho"] for f in e.arquivos)}
        for path in written:
            if str(path) in voided_paths:
                path.unlink(missing_ok=True)
        for numero, why in conflicts.items():
            register.void_pending(lote, [numero], why)
    register.mark_written(lote)
    checkpoint("depois-de-marcar")
    return sorted(conflicts.items())


def complete_pending(register: Register) -> list[str]:
    """Complete every lote an interrupted run left pending (call only holding the issue lock
    alone). Returns one line per number completed or voided, and one per lote that still cannot
    be written (it stays pending and blocks nothing)."""
    out = []
    for lote in register.pending_batches():
        numbers = [e.numero for e in register.batch_entries(lote)]
        try:
            voided = dict(complete_batch(register, lote, register.pending_files(lote)))
        except WriteBlocked as blocked:
            out.append(f"lote {lote} continua pendente: {blocked.path}: não foi possível gravar ({blocked.reason}); "
                       + _pending_hint(lote, blocked.numeros))
            continue
        for numero in numbers:
            if numero in voided:
                out.append(f"{numero}: emissão interrompida; número inutilizado ({voided[numero]})")
            else:
                out.append(f"{numero}: emissão interrompida concluída (arquivos gravados do registro)")
    return out


def _alone(register: Register, lock) -> None:
    if not lock.alone:
        raise FormError("outro processo está emitindo formulários com este registro; tente de novo quando ele "
                        "terminar", path=register.path)


def complete_elsewhere(register: Register, lote: int, folder: str | Path) -> list[str]:
    """Complete the pending ``lote`` into ``folder`` (the same files, byte for byte, under new
    paths). Returns one line per number."""
    out = Path(folder).resolve()
    with register.issue_lock() as lock:
        _alone(register, lock)
        numbers = [e.numero for e in register.batch_entries(lote)]
        files = register.relocate_batch(lote, out)
        for f in files:
            if f.path.exists() and not (f.path.is_file() and _sha(f.path.read_bytes()) == f.sha256):
                raise FormError("arquivo já existe com outro conteúdo; escolha outra pasta (nada foi gravado)",
                                path=f.path)
        voided = dict(complete_batch(register, lote, files))
    return [f"{numero}: {'inutilizado (' + voided[numero] + ')' if numero in voided else 'concluído em ' + str(out)}"
            for numero in numbers]


def void_lote(register: Register, lote: int, motivo: str) -> list[str]:
    """Void every pending number of ``lote`` with ``motivo``; returns the numbers."""
    with register.issue_lock() as lock:
        _alone(register, lock)
        return register.void_batch(lote, motivo)


@dataclass(slots=True, frozen=True)
class TalaoIssued:
    numeros: tuple[str, ...]
    arquivos: tuple[Path, ...]


def issue_talao(kind: str, count: int, ctx: Context, out_dir: str | Path, register: Register,
                *, today: date | None = None, notes: list[str] | None = None) -> TalaoIssued:
    """Reserve ``count`` numbers of ``kind`` as 'talão' and write the blank talão (DOCX + HTML),
    crash-safe like :func:`issue_batch`."""

    today = today or date.today()
    spec = spec_for(kind, ctx.settings)
    if kind not in TALAO_KINDS:
        raise FormError(f"talão só existe para: {', '.join(TALAO_KINDS)} (pedido: {kind})")
    if not 1 <= count <= MAX_TALAO:
        raise FormError(f"quantidade de formulários do talão deve estar entre 1 e {MAX_TALAO} (pedido: {count})")
    check_citations(ctx.settings, ctx.norma)
    out = Path(out_dir).resolve()

    def reserve(lote: int):
        seqs = register.allocate(ctx.municipio, kind, today.year, count)
        numeros = [format_number(spec.sigla, today.year, n) for n in seqs]
        talao = build_talao(kind, numeros, settings=ctx.settings, norma=ctx.norma, catalog=ctx.catalog, spec=spec)
        docx = render_talao_docx(talao, datetime.combine(today, time()), ctx.templates / "modelo.docx")
        html = render_talao_html(talao, ctx.templates)
        stem = f"talao-{file_stem(numeros[0])}-a-{seqs[-1]:06d}"
        files = [PendingFile(out / f"{stem}.docx", _sha(docx), docx), PendingFile(out / f"{stem}.html", _sha(html), html)]
        for f in files:
            if f.path.exists():
                raise FormError("arquivo já existe; não será sobrescrito (nenhum número foi usado)", path=f.path)
        listed = [{"caminho": str(f.path), "sha256": f.sha256} for f in files]
        for numero, seq in zip(numeros, seqs):
            register.reserve(Reserved(ctx.municipio, numero, kind, spec.sigla, today.year, seq, "talao", None,
                                      f"talão {talao.faixa}", {}, listed), lote, situacao="talao")
        return TalaoIssued(tuple(numeros), tuple(f.path for f in files)), files

    talao, voided = _in_one_lote(register, "talao", out, notes, reserve)
    return TalaoIssued((), ()) if voided else talao
