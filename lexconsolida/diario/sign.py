"""PAdES signature of an edition with pyHanko, from a PKCS#12 (A1) certificate file.

The certificate is read and checked before any number is taken (:func:`load_certificate`): a
missing file, a wrong password, a file that is not PKCS#12, a certificate expired or not yet
valid, or one whose key usage does not allow signing are refused in Portuguese (exit 2). The
signature (:func:`sign`) is an incremental update: the PDF/A bytes stay as printed, the visible
signature is drawn in the box the edition reserved on the first page (with an embedded font, as
PDF/A requires), and, when a TSA address is given, an RFC 3161 timestamp is added (PAdES B-T).
"""

from __future__ import annotations

import io
import logging
import tempfile
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from asn1crypto import keys as asn1_keys
from asn1crypto import pkcs12 as asn1_pkcs12
from asn1crypto import x509 as asn1_x509
from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import NameOID
from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.ttLib.scaleUpem import scale_upem
from lexconsolida.diario import quiet  # noqa: F401  (before pyHanko: its import warns)
from pyhanko.pdf_utils import generic
from pyhanko.pdf_utils.font.opentype import GlyphAccumulator, GlyphAccumulatorFactory
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.pdf_utils.layout import AxisAlignment, Margins, SimpleBoxLayoutRule
from pyhanko.pdf_utils.metadata.model import VENDOR
from pyhanko.pdf_utils.text import TextBoxStyle
from pyhanko.sign import fields, signers, timestamps
from pyhanko.sign.signers import SimpleSigner
from pyhanko.stamp import TextStampStyle
from pyhanko_certvalidator.registry import SimpleCertificateStore

from lexconsolida.errors import InputError

FIELD_NAME = "AssinaturaEdicao"
FONT_CANDIDATES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
)
"""Fonts for the visible signature (embedded in the PDF): Debian's fonts-liberation, fonts-dejavu-core."""


@dataclass(slots=True)
class Credential:
    signer: SimpleSigner
    nome: str
    """The holder as the certificate names it ('MARIA DA SILVA', 'PREFEITURA MUNICIPAL DE …')."""
    emissor: str
    validade: datetime
    path: Path


def _cn(name) -> str:

    values = name.get_attributes_for_oid(NameOID.COMMON_NAME)
    text = str(values[0].value) if values else name.rfc4514_string()
    # ICP-Brasil e-CPF/e-CNPJ: 'NOME:CPF ou CNPJ' — the number is not printed on the page.
    return text.split(":")[0].strip()


def load_certificate(path: str | Path, password: bytes | None, *, now: datetime | None = None) -> Credential:
    """The signing credential from a PKCS#12 file; refuses what cannot or must not sign."""
    path = Path(path)
    if not path.exists():
        raise InputError("arquivo do certificado não encontrado", path=path)
    if path.is_dir():
        raise InputError("o certificado indicado é uma pasta, não um arquivo .pfx/.p12", path=path)
    data = path.read_bytes()
    try:
        bundle = pkcs12.load_pkcs12(data, password or None)
    except ValueError:
        raise InputError(_why_unreadable(data, password), path=path) from None
    except TypeError:  # a password for a file without one, or none for one with it
        raise InputError("senha errada para o certificado (ou o arquivo não tem senha)", path=path) from None
    if bundle.key is None or bundle.cert is None:
        raise InputError("o arquivo PKCS#12 não traz a chave privada e o certificado do titular "
                         "(é preciso o certificado A1 completo, .pfx/.p12)", path=path)
    cert = bundle.cert.certificate
    now = now or datetime.now(timezone.utc)
    if now > cert.not_valid_after_utc:
        raise InputError(f"certificado vencido em {cert.not_valid_after_utc:%d/%m/%Y} ({_cn(cert.subject)}); "
                         "uma edição assinada com ele não seria válida: renove o certificado", path=path)
    if now < cert.not_valid_before_utc:
        raise InputError(f"certificado válido só a partir de {cert.not_valid_before_utc:%d/%m/%Y}", path=path)
    try:
        usage = cert.extensions.get_extension_for_class(x509.KeyUsage).value
        if not (usage.digital_signature or usage.content_commitment):
            raise InputError("o certificado não permite assinatura digital (uso da chave)", path=path)
    except x509.ExtensionNotFound:
        pass
    der = serialization.Encoding.DER
    key = asn1_keys.PrivateKeyInfo.load(bundle.key.private_bytes(
        der, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    signing_cert = asn1_x509.Certificate.load(cert.public_bytes(der))
    chain = [asn1_x509.Certificate.load(c.certificate.public_bytes(der)) for c in bundle.additional_certs]
    signer = SimpleSigner(signing_cert=signing_cert, signing_key=key,
                          cert_registry=SimpleCertificateStore.from_certs([signing_cert, *chain]))
    return Credential(signer, _cn(cert.subject), _cn(cert.issuer), cert.not_valid_after_utc, path)


def _why_unreadable(data: bytes, password: bytes | None) -> str:

    try:
        asn1_pkcs12.Pfx.load(data).native  # noqa: B018 — parses the whole structure
    except Exception:  # any parse failure: not PKCS#12 at all
        return "o arquivo não é um certificado PKCS#12 (.pfx/.p12) legível"
    if not password:
        return "o certificado tem senha: informe-a (--senha-arquivo ou LEXCONSOLIDA_SENHA_CERTIFICADO)"
    return "senha errada para o certificado"


def font_file() -> Path:
    for candidate in FONT_CANDIDATES:
        if Path(candidate).is_file():
            return Path(candidate)
    raise InputError("fonte para o selo da assinatura não encontrada (instale o pacote Debian "
                     "fonts-liberation ou fonts-dejavu-core)")


def sign(pdf: bytes, credential: Credential, box: tuple[float, float, float, float], *,
         reason: str, location: str, tsa_url: str | None = None) -> bytes:
    """``pdf`` signed (PAdES, incremental update) with the visible signature in ``box`` of page 1."""
    with tempfile.TemporaryDirectory(prefix="lexconsolida-selo-") as tmp:
        font = _stamp_font(Path(tmp))
        return _sign(pdf, credential, box, font, reason=reason, location=location, tsa_url=tsa_url)


def _stamp_font(folder: Path) -> Path:
    """The stamp's font scaled to 1,000 units per em. pyHanko writes the glyph widths of an
    embedded font in font units, where PDF expects thousandths of an em: with the usual 2,048
    units of TrueType fonts every letter would be printed twice as far apart."""
    logging.getLogger("fontTools.subset").setLevel(logging.ERROR)  # "FFTM NOT subset": noise
    font = TTFont(str(font_file()))
    # Latin script and punctuation only (names and dates of the stamp): scaling all of a large
    # font's glyphs cost two seconds per signature.
    options = subset.Options()
    options.layout_features = ["kern", "liga"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[*range(0x20, 0x250), *range(0x2000, 0x2070), 0x20AC])
    subsetter.subset(font)
    if font["head"].unitsPerEm != 1000:
        scale_upem(font, 1000)
    path = folder / "selo.ttf"
    font.save(str(path))
    return path


def _font_factory(font: Path):
    """pyHanko's glyph accumulator factory, reading the font from memory: its own opens the
    file and never closes it (a ResourceWarning when the writer is collected)."""
    data = font.read_bytes()

    class InMemory(GlyphAccumulatorFactory):
        def create_font_engine(self, writer, obj_stream=None):
            if obj_stream is None and writer.stream_xrefs and self.create_objstream_if_needed:
                obj_stream = writer.prepare_object_stream()
            return GlyphAccumulator(writer=writer, font_handle=io.BytesIO(data), font_size=self.font_size,
                                    obj_stream=obj_stream)

    return InMemory(str(font))


def _producer_for_pdfa(writer) -> None:
    """PDF/A wants the information dictionary and the XMP to agree (ISO 19005-2, 6.6.2.3).
    pyHanko writes its own name as the XMP producer and appends it to the dictionary's one
    ("WeasyPrint 70.0; pyHanko …" against "pyHanko …"); naming pyHanko alone in the dictionary
    first, in the same incremental update, leaves the two equal."""
    old = writer.prev.trailer_view.get("/Info")
    info = generic.DictionaryObject(dict(old.get_object()) if old is not None else {})
    info[generic.NameObject("/Producer")] = generic.TextStringObject(VENDOR)
    writer.set_info(info)


def _sign(pdf: bytes, credential: Credential, box, font: Path, *, reason: str, location: str,
          tsa_url: str | None) -> bytes:

    writer = IncrementalPdfFileWriter(io.BytesIO(pdf), strict=False)
    _producer_for_pdfa(writer)
    fields.append_signature_field(writer, fields.SigFieldSpec(
        sig_field_name=FIELD_NAME, on_page=0, box=tuple(round(v, 2) for v in box)))
    meta = signers.PdfSignatureMetadata(
        field_name=FIELD_NAME, md_algorithm="sha256", subfilter=fields.SigSeedSubFilter.PADES,
        reason=reason, location=location, name=credential.nome)
    style = TextStampStyle(
        stamp_text=("ASSINADO DIGITALMENTE\n%(signer)s\nem %(ts)s\n"
                    "Certificado emitido por %(issuer)s\n%(extra)s"),
        text_box_style=TextBoxStyle(font=_font_factory(font), font_size=6.5,  # type: ignore[arg-type]  # points: a float in PDF
                                    leading=8),
        timestamp_format="%d/%m/%Y %H:%M:%S UTC",
        border_width=0,
        background=None,
        inner_content_layout=SimpleBoxLayoutRule(x_align=AxisAlignment.ALIGN_MIN,
                                                 y_align=AxisAlignment.ALIGN_MID,
                                                 margins=Margins(6, 6, 4, 4)),
    )
    timestamper = timestamps.HTTPTimeStamper(tsa_url) if tsa_url else None
    extra = "Com carimbo do tempo (RFC 3161)" if tsa_url else "Confira em validar.iti.gov.br"
    pdf_signer = signers.PdfSigner(meta, signer=credential.signer, stamp_style=style, timestamper=timestamper)
    out = io.BytesIO()
    try:
        pdf_signer.sign_pdf(writer, output=out, appearance_text_params={
            "issuer": credential.emissor, "extra": extra})
    except timestamps.TimestampRequestError as err:
        raise InputError(f"não foi possível obter o carimbo do tempo em {tsa_url}: {err}") from None
    return out.getvalue()
