"""Issuing forms: validate every case, then number, render, record and write them all — or nothing.

Order of work for a batch (a CSV of 1,000 cases is one batch):
1. every case is checked (required fields, infraction in the catalog, fine computable, delivery
   method allowed) before any number is taken; the first error stops the batch;
2. in one ``BEGIN IMMEDIATE`` transaction: numbers are allocated, each form is rendered (DOCX and
   HTML) into a temporary folder inside the output folder and recorded with its hashes;
3. the files are moved into place and the transaction commits. On any error the transaction
   rolls back (no number is used), and the temporary folder and any moved file are removed.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from datetime import date, datetime, time
from pathlib import Path

from lexconsolida.errors import FormError
from lexconsolida.forms.cases import Case, check_required
from lexconsolida.forms.cite import act_title, citation
from lexconsolida.forms.document import FormDoc, build
from lexconsolida.forms.docx import render_docx
from lexconsolida.forms.html import render_html
from lexconsolida.forms.infractions import Catalog
from lexconsolida.forms.kinds import KINDS
from lexconsolida.forms.register import Issue, Register, format_number
from lexconsolida.forms.settings import Settings, cited_dispositivos
from lexconsolida.model import Norma


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
    def templates(self) -> Path:
        return self.settings.folder / "templates" / "forms"


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


def validate(kind: str, cases: list[Case], ctx: Context, today: date) -> None:
    """Check every case as it would be issued; raise on the first problem (naming the row)."""
    spec = spec_for(kind, ctx.settings)
    check_citations(ctx.settings, ctx.norma)
    for case in cases:
        check_required(case, spec)
        try:
            _build(kind, case, ctx, format_number(spec.sigla, _issue_date(case, today).year, 0), today)
        except FormError as err:
            if err.line is None and case.row is not None:
                raise FormError(err.message, path=case.source, line=case.row, where=err.where) from None
            raise


def _stored_data(case: Case, issue: date) -> dict:
    data = {k: (v.isoformat() if isinstance(v, (date, datetime)) else v) for k, v in case.data.items()}
    data.setdefault("data_emissao", issue.isoformat())
    return data


def issue_batch(kind: str, cases: list[Case], ctx: Context, out_dir: str | Path, register: Register,
                *, today: date | None = None) -> list[Issued]:
    """Issue one form of ``kind`` per case (all or nothing); returns what was issued, in order."""
    today = today or date.today()
    validate(kind, cases, ctx, today)
    spec = spec_for(kind, ctx.settings)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".emissao-", dir=out))
    moved: list[Path] = []
    try:
        with register.transaction():
            issued = _render_all(kind, spec, cases, ctx, register, tmp, out, today)
            for item in issued:
                for final in item.arquivos:
                    if final.exists():
                        raise FormError("arquivo já existe; não será sobrescrito", path=final)
            for item in issued:
                for final in item.arquivos:
                    os.replace(tmp / final.name, final)
                    moved.append(final)
        return issued
    except BaseException:
        for path in moved:
            path.unlink(missing_ok=True)
        raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _render_all(kind, spec, cases, ctx: Context, register: Register, tmp: Path, out: Path,
                today: date) -> list[Issued]:
    issued = []
    for case in cases:
        when = _issue_date(case, today)
        seq = register.allocate(ctx.municipio, kind, when.year)[0]
        numero = format_number(spec.sigla, when.year, seq)
        doc = _build(kind, case, ctx, numero, today)
        html = render_html(doc, ctx.templates)
        docx = render_docx(doc, datetime.combine(when, time()), ctx.templates / "modelo.docx")
        stem = numero.replace("/", "-")
        files = []
        for suffix, data in ((".docx", docx), (".html", html)):
            (tmp / f"{stem}{suffix}").write_bytes(data)
            files.append(out / f"{stem}{suffix}")
        digest_docx, digest_html = hashlib.sha256(docx).hexdigest(), hashlib.sha256(html).hexdigest()
        register.record(Issue(ctx.municipio, numero, kind, spec.sigla, when.year, seq, case.where(),
                              _stored_data(case, when), digest_docx, digest_html, [str(f) for f in files]))
        issued.append(Issued(numero, tuple(files), digest_docx, digest_html))
    return issued
