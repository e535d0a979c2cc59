"""``lexconsolida verificar EDICAO.pdf``: is this the edition as signed, and what it says it is?

Checked, each a line of the report:

- **assinatura** — pyHanko's validator: the signature is intact (the signed bytes hash to
  the signed digest) and valid (the signature over it checks against the certificate); it
  **covers the whole file** (nothing was appended after signing); the signer and the signing
  time. The chain of trust is checked only against the roots given (``--confiar``): this
  program ships no list of ICP-Brasil roots, so without them it says so, and points at the
  ITI's validator;
- **anexos** — ``edicao.json`` and one LexML per act are attached, each with the SHA-256 the
  description records, and the verification code recomputed from them is the one printed;
- **rodapés** — every page's footer carries the edition, its page number and the code;
- **acervo** — each attached LexML is the act as the acervo (the site's source) has it today,
  compared canonically (C14N): a text corrected after publication is reported;
- **PDF/A** — the structural check of :mod:`.pdfa` (not a full validator; see there).
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
from asn1crypto import pem, x509
from lexconsolida.diario import quiet  # noqa: F401  (before pyHanko: its import warns)
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign.validation import validate_pdf_signature
from pyhanko.sign.validation.status import SignatureCoverageLevel
from pyhanko_certvalidator import ValidationContext

from lexconsolida import api
from lexconsolida.diario import pdfa
from lexconsolida.diario.edition import FORMAT, KINDS, content_code
from lexconsolida.errors import InputError
from lexconsolida.io import read_bytes
from lexconsolida.lexml.xml_safe import canonical

ITI = "https://validar.iti.gov.br"


@dataclass(slots=True)
class Item:
    grupo: str
    ok: bool | None
    """None: not checked (information, or a check that needs what was not given)."""
    texto: str


@dataclass(slots=True)
class Verification:
    path: Path
    sha256: str
    descricao: dict | None = None
    itens: list[Item] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(i.ok is not False for i in self.itens) and any(
            i.grupo == "assinatura" and i.ok for i in self.itens)

    def add(self, grupo: str, ok: bool | None, texto: str) -> None:
        self.itens.append(Item(grupo, ok, texto))

    def to_json(self) -> dict:
        return {"arquivo": str(self.path), "sha256": self.sha256, "valida": self.ok,
                "edicao": {k: self.descricao.get(k) for k in ("municipio", "numero", "ano", "tipo", "data", "codigo")}
                if self.descricao else None,
                "itens": [{"grupo": i.grupo, "ok": i.ok, "texto": i.texto} for i in self.itens]}

    def text(self) -> str:
        mark = {True: "ok  ", False: "ERRO", None: "info"}
        lines = [f"{self.path}", f"  SHA-256: {self.sha256}"]
        if self.descricao:
            d = self.descricao
            lines.append(f"  {d.get('diario')}, {KINDS.get(d.get('tipo', ''), '?').lower()} {d.get('rotulo')}, "
                         f"{d.get('data')}, código {d.get('codigo')}")
        lines += [f"  [{mark[i.ok]}] {i.grupo}: {i.texto}" for i in self.itens]
        lines.append("  resultado: " + ("edição íntegra e assinada" if self.ok else "NÃO CONFERE (veja os erros acima)"))
        return "\n".join(lines) + "\n"


def verify(path: str | Path, *, acervo=None, trust: list[Path] | None = None,
           pages_text: bool = True) -> Verification:
    # pyHanko logs every failed path building with a traceback; the report says it in one line.
    logging.getLogger("pyhanko").setLevel(logging.CRITICAL)
    logging.getLogger("pyhanko_certvalidator").setLevel(logging.CRITICAL)
    path = Path(path)
    data = read_bytes(path)
    if not data.startswith(b"%PDF-"):
        raise InputError("não é um arquivo PDF", path=path)
    result = Verification(path, hashlib.sha256(data).hexdigest())
    _signature(result, data, trust or [])
    files = _attachments(result, data)
    if files is not None and result.descricao is not None:
        if pages_text:
            _footers(result, data)
        _against_acervo(result, files, acervo)
    report = pdfa.check(data)
    if report.parte is None:
        result.add("PDF/A", False, "o arquivo não se declara PDF/A")
    else:
        bad = report.falhas()
        result.add("PDF/A", not bad, f"declarado PDF/A-{report.parte}; " + (
            f"{len(report.achados)} verificações estruturais sem falha (não substitui o veraPDF)" if not bad
            else "; ".join(f"{f.regra}: {f.detalhe}" for f in bad)))
    return result


def _signature(result: Verification, data: bytes, trust: list[Path]) -> None:

    try:
        reader = PdfFileReader(io.BytesIO(data), strict=False)
        signatures = list(reader.embedded_signatures)
    except Exception as err:  # a damaged file: what pyHanko says is the finding
        result.add("assinatura", False, f"o PDF não pôde ser lido para conferir a assinatura ({err})")
        return
    if not signatures:
        result.add("assinatura", False, "a edição não tem assinatura digital")
        return
    roots = [_load_cert(p) for p in trust]
    for sig in signatures:
        # Only the roots given: never the operating system's list (no ICP-Brasil root is in it).
        context = ValidationContext(trust_roots=roots, allow_fetching=False)
        try:
            status = validate_pdf_signature(sig, context)
        except Exception as err:  # a malformed signature: the finding, not a crash
            result.add("assinatura", False, f"{sig.field_name}: assinatura ilegível ({err})")
            continue
        signer = status.signing_cert.subject.native.get("common_name", "?") if status.signing_cert else "?"
        signer = str(signer).split(":")[0]
        when = status.signer_reported_dt.strftime("%d/%m/%Y %H:%M:%S UTC") if status.signer_reported_dt else "?"
        if not status.intact:
            result.add("assinatura", False, f"{sig.field_name}: o conteúdo assinado foi ALTERADO depois da assinatura")
            continue
        if not status.valid:
            result.add("assinatura", False, f"{sig.field_name}: a assinatura não confere com o certificado")
            continue
        whole = status.coverage == SignatureCoverageLevel.ENTIRE_FILE
        result.add("assinatura", whole, f"íntegra, por {signer}, em {when}" + (
            ", cobre o arquivo inteiro" if whole else
            f"; mas NÃO cobre o arquivo inteiro ({getattr(status.coverage, 'name', '?')}): houve acréscimo "
            "depois da assinatura"))
        if status.timestamp_validity is not None:
            ts = status.timestamp_validity
            result.add("carimbo do tempo", ts.intact and ts.valid,
                       f"carimbo do tempo de {ts.timestamp:%d/%m/%Y %H:%M:%S UTC}" if ts.intact and ts.valid
                       else "carimbo do tempo inválido")
        if roots:
            result.add("cadeia", bool(status.trusted),
                       "certificado emitido por uma raiz confiável indicada" if status.trusted
                       else "o certificado NÃO se liga às raízes indicadas (--confiar)")
        else:
            result.add("cadeia", None, "cadeia de certificação não conferida aqui (indique as raízes ICP-Brasil "
                       f"com --confiar); confira também no validador do ITI: {ITI}")


def _load_cert(path: Path):

    data = read_bytes(path)
    if pem.detect(data):
        _, _, data = pem.unarmor(data)
    try:
        cert = x509.Certificate.load(data)
        cert.native  # noqa: B018 — parses it all now, to fail here
    except Exception:  # asn1crypto raises several types on bad input
        raise InputError("não é um certificado X.509 (PEM ou DER)", path=path) from None
    return cert


def _attachments(result: Verification, data: bytes) -> dict[str, bytes] | None:

    try:
        with pikepdf.open(io.BytesIO(data)) as pdf:
            files = {name: spec.get_file().read_bytes() for name, spec in pdf.attachments.items()}
    except pikepdf.PdfError as err:
        result.add("anexos", False, f"os anexos não puderam ser lidos ({err})")
        return None
    raw = files.get("edicao.json")
    if raw is None:
        result.add("anexos", False, "falta o anexo edicao.json: não é uma edição do lexconsolida")
        return None
    try:
        desc = json.loads(raw)
    except ValueError:
        result.add("anexos", False, "edicao.json ilegível")
        return None
    if desc.get("formato") != FORMAT:
        result.add("anexos", False, f"edicao.json de formato desconhecido: {desc.get('formato')!r}")
        return None
    result.descricao = desc
    bad = []
    for act in desc.get("atos", []):
        blob = files.get(act.get("anexo", ""))
        if blob is None:
            bad.append(f"falta o LexML de {act.get('titulo')} ({act.get('anexo')})")
        elif hashlib.sha256(blob).hexdigest() != act.get("sha256"):
            bad.append(f"o LexML de {act.get('titulo')} não é o registrado na edição (SHA-256 diferente)")
    expected = content_code(desc)
    if desc.get("codigo") != expected:
        bad.append(f"o código {desc.get('codigo')} não corresponde ao conteúdo (esperado {expected})")
    result.add("anexos", not bad, "; ".join(bad) if bad else
               f"{len(desc.get('atos', []))} ato(s) em LexML e a descrição da edição; código {expected} confere")
    return files


def _footers(result: Verification, data: bytes) -> None:

    desc = result.descricao or {}
    code = desc.get("codigo", "")
    bad = []
    doc = pdfium.PdfDocument(data)
    try:
        total = len(doc)
        for n in range(total):
            page = doc[n]
            text = page.get_textpage().get_text_range().replace("\r", "")
            tail = " ".join(text.split())
            if code not in tail or f"Página {n + 1} de {total}" not in tail or (desc.get("rotulo") or "") not in tail:
                bad.append(str(n + 1))
            page.close()
    finally:
        doc.close()
    result.add("rodapés", not bad, f"as {total} páginas trazem edição, página e código {code}" if not bad
               else f"páginas sem edição, número ou código de verificação no rodapé: {', '.join(bad)}")


def _against_acervo(result: Verification, files: dict[str, bytes], acervo) -> None:

    desc = result.descricao or {}
    corpus = api.corpus(acervo) if acervo is not None or Path("statutes").is_dir() else None
    if corpus is None:
        result.add("acervo", None, "acervo não indicado (--acervo): os atos não foram comparados com o site")
        return
    bad, good = [], 0
    for act in desc.get("atos", []):
        urn = act.get("urn")
        if urn is None:  # an extract: not an act of the acervo (its text is checked by its hash)
            continue
        if urn not in corpus.acts:
            bad.append(f"{act.get('titulo')}: não está no acervo ({urn})")
            continue
        found = api.locate(urn, corpus)
        now = api.render(found.norma, "xml", publishing=api.publishing(corpus, found.act))
        if canonical(now) != canonical(files[act["anexo"]]):
            bad.append(f"{act.get('titulo')}: o texto no acervo (de onde o site é gerado) difere do publicado "
                       "nesta edição")
        else:
            good += 1
    result.add("acervo", not bad, "; ".join(bad) if bad else
               f"os {good} ato(s) do acervo (de onde o site é gerado) são o texto publicado nesta edição")
