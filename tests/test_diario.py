"""The official gazette edition: built from the fictional municipality, signed with a test
certificate made here, validated by pyHanko, tampering detected, PDF/A structure checked, the
site's pages and feeds, and every refusal a clerk can meet (Portuguese, exit 2)."""

from __future__ import annotations

import hashlib
import io
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pikepdf
import pytest
from lxml import etree

from lexconsolida import api
from lexconsolida.diario import pdfa, sign as signing
from lexconsolida.diario.edition import Edition, content_code, gather
from lexconsolida.diario.publish import preview, publish
from lexconsolida.diario.register import EditionRegister
from lexconsolida.diario.render import render
from lexconsolida.diario.settings import load
from lexconsolida.diario.verify import verify
from lexconsolida.errors import InputError
from tests.diario_ca import PASSWORD
from tests.diario_support import SLUG, Keys, cli, make_acervo

pytestmark = pytest.mark.slow  # WeasyPrint layout and signatures: a few seconds per edition

ACTS = ["lei-100-2020", "decreto-12-2020", "portaria-7-2026", "lei-120-2021"]


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """One acervo, one key pair, and edition nº 1 published through the API."""
    base = tmp_path_factory.mktemp("diario")
    acervo = make_acervo(base)
    keys = Keys(base / "chaves")
    settings = load(acervo / SLUG)
    corpus = api.corpus(acervo)
    credential = signing.load_certificate(keys.p12, PASSWORD)
    with EditionRegister(settings.registro, SLUG, create=True) as register:
        done = publish(settings, corpus, [str(acervo / SLUG / a) for a in ACTS], data="2026-12-01",
                       tipo="ordinaria", credential=credential, register=register,
                       extracts=[str(base / "extrato.txt")])
    return {"base": base, "acervo": acervo, "keys": keys, "settings": settings, "published": done}


def _pyhanko_status(data: bytes, root_pem: Path):
    from asn1crypto import pem, x509
    from pyhanko.pdf_utils.reader import PdfFileReader
    from pyhanko.sign.validation import validate_pdf_signature
    from pyhanko_certvalidator import ValidationContext

    root = x509.Certificate.load(pem.unarmor(root_pem.read_bytes())[2])
    reader = PdfFileReader(io.BytesIO(data))
    sigs = reader.embedded_signatures
    assert len(sigs) == 1
    return validate_pdf_signature(sigs[0], ValidationContext(trust_roots=[root], allow_fetching=False))


def test_edition_is_signed_and_pyhanko_validates_it_whole(world):
    from pyhanko.sign.validation.status import SignatureCoverageLevel

    data = world["published"].pdf.read_bytes()
    status = _pyhanko_status(data, world["keys"].root)
    assert status.intact and status.valid and status.trusted
    assert status.coverage == SignatureCoverageLevel.ENTIRE_FILE
    assert status.signing_cert.subject.native["common_name"].startswith("MARIA DA SILVA DE TESTE")
    assert world["published"].sha256 == hashlib.sha256(data).hexdigest()


def test_a_byte_changed_after_signing_is_detected(world, tmp_path):
    data = bytearray(world["published"].pdf.read_bytes())
    with pikepdf.open(io.BytesIO(bytes(data))) as pdf:
        sig = next(f for f in pdf.Root.AcroForm.Fields if f.get("/FT") == "/Sig")
        byte_range = [int(x) for x in sig.V.ByteRange]
    # a byte inside the first signed range, in the middle of the page content
    where = byte_range[1] // 2
    data[where] ^= 0x01
    bad = tmp_path / "alterada.pdf"
    bad.write_bytes(bytes(data))
    status = _pyhanko_status(bytes(data), world["keys"].root)
    assert not status.intact
    result = verify(bad, acervo=world["acervo"], trust=[world["keys"].root])
    assert not result.ok
    assert any(i.grupo == "assinatura" and i.ok is False and "ALTERADO" in i.texto for i in result.itens)
    run = cli("verificar", bad, "--acervo", world["acervo"])
    assert run.returncode == 1
    assert "NÃO CONFERE" in run.stdout.decode()


def test_bytes_appended_after_signing_are_detected(world, tmp_path):
    appended = tmp_path / "acrescida.pdf"
    appended.write_bytes(world["published"].pdf.read_bytes() + b"\n% uma linha a mais\n")
    result = verify(appended, acervo=world["acervo"])
    assert not result.ok
    assert any("NÃO cobre o arquivo inteiro" in i.texto for i in result.itens)


def test_verificar_accepts_the_intact_edition(world):
    run = cli("verificar", world["published"].pdf, "--acervo", world["acervo"], "--confiar", world["keys"].root,
              "--json")
    assert run.returncode == 0, run.stdout.decode() + run.stderr.decode()
    report = json.loads(run.stdout)
    assert report["valida"] is True
    groups = {i["grupo"]: i["ok"] for i in report["itens"]}
    assert groups == {"assinatura": True, "cadeia": True, "anexos": True, "rodapés": True, "acervo": True,
                      "PDF/A": True}
    assert report["edicao"]["numero"] == 1


def test_without_trust_roots_the_chain_is_left_to_the_clerk(world):
    result = verify(world["published"].pdf, acervo=world["acervo"])
    chain = next(i for i in result.itens if i.grupo == "cadeia")
    assert chain.ok is None and "validar.iti.gov.br" in chain.texto
    assert result.ok  # integrity is proven; the chain is the ITI's to confirm


def test_another_root_does_not_make_the_chain_trusted(world, tmp_path):
    other = Keys(tmp_path / "outra")
    result = verify(world["published"].pdf, acervo=world["acervo"], trust=[other.root])
    assert not result.ok
    assert any(i.grupo == "cadeia" and i.ok is False for i in result.itens)


def test_order_sections_and_attachments(world):
    data = world["published"].pdf.read_bytes()
    with pikepdf.open(io.BytesIO(data)) as pdf:
        files = {n: s.get_file().read_bytes() for n, s in pdf.attachments.items()}
        relationships = {n: str(s.obj.AFRelationship) for n, s in pdf.attachments.items()}
    desc = json.loads(files["edicao.json"])
    # sections in municipio.toml's order: Leis, Decretos, Portarias, Extratos; laws by date
    assert [(a["secao"], a["titulo"]) for a in desc["atos"]] == [
        ("Leis", "Lei nº 100, de 10 de março de 2020"),
        ("Leis", "Lei nº 120, de 5 de agosto de 2021"),
        ("Decretos", "Decreto nº 12, de 1º de abril de 2020"),
        ("Portarias", "Portaria nº 7, de 30 de novembro de 2026"),
        ("Extratos", "EXTRATO DO CONTRATO Nº 3/2026"),
    ]
    assert sorted(files) == ["decreto-12-2020.xml", "edicao.json", "extrato.txt", "lei-100-2020.xml",
                             "lei-120-2021.xml", "portaria-7-2026.xml"]
    assert relationships["lei-100-2020.xml"] == "/Source" and relationships["edicao.json"] == "/Data"
    # each LexML is the act's LexML as the acervo renders it, byte for byte
    corpus = api.corpus(world["acervo"])
    for act in desc["atos"][:4]:
        found = api.locate(act["urn"], corpus)
        assert files[act["anexo"]] == api.render(found.norma, "xml", publishing=api.publishing(corpus, found.act))
        etree.fromstring(files[act["anexo"]])  # well-formed
    assert desc["codigo"] == content_code(desc) == world["published"].codigo
    assert all(isinstance(a["pagina"], int) and a["pagina"] >= 1 for a in desc["atos"])


def test_every_page_footer_has_edition_page_and_code(world):
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(world["published"].pdf.read_bytes())
    try:
        texts = [" ".join(doc[n].get_textpage().get_text_range().split()) for n in range(len(doc))]
    finally:
        doc.close()
    assert len(texts) >= 2
    code = world["published"].codigo
    for n, text in enumerate(texts):
        assert f"Página {n + 1} de {len(texts)}" in text
        assert f"Código de verificação: {code}" in text
        assert "Edição ordinária nº 1" in text
    assert "DIÁRIO OFICIAL DO MUNICÍPIO DE EXEMPLO" in texts[0].upper()
    assert "PREFEITURA MUNICIPAL DE EXEMPLO" in texts[0]  # the masthead: the letterhead of [diario] orgao


def test_visible_signature_on_the_first_page_in_its_box(world):
    """The widget sits in the box the edition reserved on page 1 (printable, as PDF/A wants),
    and its appearance says who signed."""
    with pikepdf.open(world["published"].pdf) as pdf:
        widgets = [a for a in pdf.pages[0].obj.get("/Annots", []) if a.get("/FT") == "/Sig"]
        assert len(widgets) == 1
        widget = widgets[0]
        x0, y0, x1, y1 = (float(v) for v in widget.Rect)
        assert 100 < x1 - x0 < 300 and 40 < y1 - y0 < 120 and y0 > 400  # upper half, beside the contents
        assert int(widget.F) & 4  # printable
        appearance = widget.AP.N.read_bytes()
        assert b"(ASSINADO DIGITALMENTE)" in appearance and b"(MARIA DA SILVA DE TESTE)" in appearance
        for other in pdf.pages[1:]:
            assert not [a for a in other.obj.get("/Annots", []) if a.get("/FT") == "/Sig"]


def test_pdfa_structure_of_the_signed_edition(world):
    report = pdfa.check(world["published"].pdf.read_bytes())
    assert report.parte == "3B"
    assert report.ok, [(f.regra, f.detalhe) for f in report.falhas()]
    assert {f.regra for f in report.achados} == {"sintaxe", "cabecalho", "id", "filtros", "xmp",
                                                 "intencao-de-saida", "fontes", "anotacoes", "acoes",
                                                 "anexos", "assinatura"}
    with pikepdf.open(world["published"].pdf) as pdf:
        assert pdf.Root.MarkInfo.Marked  # tagged
        assert "/StructTreeRoot" in pdf.Root


def test_pdfa_check_catches_what_it_claims_to(world, tmp_path, monkeypatch):
    """The check can fail: a stamp font left at 2,048 units per em (pyHanko would write its
    widths unscaled) and a PDF that declares nothing are both reported."""
    settings, acervo = world["settings"], world["acervo"]
    edition = Edition(settings, gather(settings, api.corpus(acervo), [str(acervo / SLUG / "lei-120-2021")]),
                      "2026-12-01", "ordinaria", 99)
    printed = render(edition)
    monkeypatch.setattr(signing, "_stamp_font", lambda folder: signing.font_file())
    credential = signing.load_certificate(world["keys"].p12, PASSWORD)
    raw_font = signing.sign(printed.pdf, credential, printed.assinatura, reason="teste", location="teste")
    fonts = next(f for f in pdfa.check(raw_font).achados if f.regra == "fontes")
    assert not fonts.ok and "larguras" in fonts.detalhe
    import weasyprint

    plain = weasyprint.HTML(string="<p>sem PDF/A</p>").write_pdf()
    assert pdfa.check(plain).parte is None and not pdfa.check(plain).ok


def test_unsigned_edition_is_byte_identical(world):
    settings, acervo = world["settings"], world["acervo"]
    acts = gather(settings, api.corpus(acervo), [str(acervo / SLUG / a) for a in ACTS])
    first = render(Edition(settings, acts, "2026-12-01", "ordinaria", 5)).pdf
    second = render(Edition(settings, acts, "2026-12-01", "ordinaria", 5)).pdf
    assert first == second


def test_embedded_lexml_against_an_acervo_corrected_later(world, tmp_path):
    import shutil

    changed = tmp_path / "statutes"
    shutil.copytree(world["acervo"], changed)
    text = changed / SLUG / "decreto-12-2020" / "texto.txt"
    text.write_text(text.read_text(encoding="utf-8").replace("cópia da Carteira", "cópia autenticada da Carteira"),
                    encoding="utf-8")
    result = verify(world["published"].pdf, acervo=changed)
    item = next(i for i in result.itens if i.grupo == "acervo")
    assert item.ok is False and "Decreto nº 12" in item.texto and "difere" in item.texto


def test_preview_takes_no_number_and_is_not_signed(world, tmp_path):
    out = tmp_path / "previa.pdf"
    run = cli("edicao", "--municipio", world["acervo"] / SLUG, "--acervo", world["acervo"], "--previa",
              "-o", out, world["acervo"] / SLUG / "lei-150-2023", "--data", "2026-12-05")
    assert run.returncode == 0, run.stderr.decode()
    result = verify(out, acervo=world["acervo"])
    assert not result.ok and any("não tem assinatura" in i.texto for i in result.itens)
    with EditionRegister(world["settings"].registro, SLUG) as register:
        assert register.counters() == [("continua", 1)]
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(out.read_bytes())
    try:
        assert "PRÉVIA" in doc[0].get_textpage().get_text_range()
    finally:
        doc.close()


# --- refusals: Portuguese, exit 2, no number taken ------------------------------------------------

def _edicao(world, *extra, env_extra=None):
    return cli("edicao", "--municipio", world["acervo"] / SLUG, "--acervo", world["acervo"],
               world["acervo"] / SLUG / "lei-150-2023", "--data", "2026-12-06", *extra, env_extra=env_extra)


def _counters(world):
    with EditionRegister(world["settings"].registro, SLUG) as register:
        return register.counters()


@pytest.mark.parametrize("case", ["senha errada", "vencido", "ausente", "não é PKCS#12", "sem senha"])
def test_certificate_refusals(world, tmp_path, case):
    keys = world["keys"]
    before = _counters(world)
    wrong = tmp_path / "senha-errada.txt"
    wrong.write_text("outra-senha\n", encoding="utf-8")
    now = datetime.now(timezone.utc)
    if case == "senha errada":
        run = _edicao(world, "--certificado", keys.p12, "--senha-arquivo", wrong)
        expected = "senha errada para o certificado"
    elif case == "vencido":
        old = keys.ca.holder(tmp_path, valid_from=now - timedelta(days=400), valid_to=now - timedelta(days=2),
                             file_name="vencido.p12")
        run = _edicao(world, "--certificado", old, "--senha-arquivo", keys.password_file)
        expected = f"certificado vencido em {(now - timedelta(days=2)):%d/%m/%Y}"
    elif case == "ausente":
        run = _edicao(world, "--certificado", tmp_path / "nao-existe.p12", "--senha-arquivo", keys.password_file)
        expected = "arquivo do certificado não encontrado"
    elif case == "não é PKCS#12":
        junk = tmp_path / "lixo.p12"
        junk.write_bytes(b"isto nao e um certificado")
        run = _edicao(world, "--certificado", junk, "--senha-arquivo", keys.password_file)
        expected = "não é um certificado PKCS#12"
    else:
        run = _edicao(world, "--certificado", keys.p12)
        expected = "o certificado tem senha"
    err = run.stderr.decode()
    assert run.returncode == 2, err
    assert expected in err, err
    assert "Traceback" not in err
    assert _counters(world) == before


def test_password_from_the_environment(world, tmp_path):
    """The password never goes on the command line (ps shows it): a file or the environment."""
    run = _edicao(world, "--certificado", world["keys"].p12,
                  env_extra={"LEXCONSOLIDA_SENHA_CERTIFICADO": "errada"})
    assert run.returncode == 2 and "senha errada" in run.stderr.decode()


def test_act_already_published_and_date_going_back_are_refused(world):
    keys = world["keys"]
    again = cli("edicao", "--municipio", world["acervo"] / SLUG, "--acervo", world["acervo"],
                world["acervo"] / SLUG / "lei-100-2020", "--data", "2026-12-07", "--certificado", keys.p12,
                "--senha-arquivo", keys.password_file)
    assert again.returncode == 2
    assert "já publicado" in again.stderr.decode() and "edição nº 1" in again.stderr.decode()
    back = cli("edicao", "--municipio", world["acervo"] / SLUG, "--acervo", world["acervo"],
               world["acervo"] / SLUG / "lei-135-2022", "--data", "2026-11-01", "--certificado", keys.p12,
               "--senha-arquivo", keys.password_file)
    assert back.returncode == 2 and "anterior à da última edição" in back.stderr.decode()
    assert _counters(world) == [("continua", 1)]


def test_settings_errors_name_the_file_and_line(world, tmp_path):
    import shutil

    acervo = tmp_path / "statutes"
    shutil.copytree(world["acervo"], acervo, ignore=shutil.ignore_patterns("registros", "diario-oficial"))
    toml = acervo / SLUG / "municipio.toml"
    text = toml.read_text(encoding="utf-8")
    toml.write_text(text.replace('tipos = ["Portaria"]', 'tipos = ["Resolução Interna"]'), encoding="utf-8")
    run = cli("edicao", "--municipio", acervo / SLUG, "--acervo", acervo, "--previa", "-o", tmp_path / "x.pdf",
              acervo / SLUG / "portaria-7-2026")
    assert run.returncode == 2
    assert "nenhuma seção do diário recebe atos do tipo 'Portaria'" in run.stderr.decode()
    toml.write_text(text.replace('numeracao = "continua"', 'numeracao = "mensal"'), encoding="utf-8")
    with pytest.raises(InputError, match=r"municipio.toml, linha \d+: \[diario\] numeracao"):
        load(acervo / SLUG)
    assert not (tmp_path / "x.pdf").exists()


def test_preview_api_needs_content(world):
    with pytest.raises(InputError, match="pelo menos um ato"):
        preview(world["settings"], api.corpus(world["acervo"]), [], "2026-12-01", "ordinaria")


# --- RFC 3161 timestamp from a TSA on this machine (loopback only) ----------------------------------

@pytest.fixture
def tsa_url(world):
    import threading
    from http.server import BaseHTTPRequestHandler, HTTPServer

    from asn1crypto import tsp
    from pyhanko.sign.timestamps.dummy_client import DummyTimeStamper

    cert, key, root = world["keys"].ca.tsa()
    stamper = DummyTimeStamper(tsa_cert=cert, tsa_key=key, certs_to_embed=[root])

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 — http.server's name
            body = self.rfile.read(int(self.headers["Content-Length"]))
            answer = stamper.request_tsa_response(tsp.TimeStampReq.load(body)).dump()
            self.send_response(200)
            self.send_header("Content-Type", "application/timestamp-reply")
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)

        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def test_timestamp_from_a_tsa(world, tsa_url, tmp_path):
    import shutil

    acervo = tmp_path / "statutes"
    shutil.copytree(world["acervo"], acervo, ignore=shutil.ignore_patterns("registros", "diario-oficial"))
    settings = load(acervo / SLUG)
    credential = signing.load_certificate(world["keys"].p12, PASSWORD)
    with EditionRegister(settings.registro, SLUG, create=True) as register:
        done = publish(settings, api.corpus(acervo), [str(acervo / SLUG / "lei-150-2023")], data="2026-12-01",
                       tipo="extra", credential=credential, register=register, tsa_url=tsa_url)
    status = _pyhanko_status(done.pdf.read_bytes(), world["keys"].root)
    assert status.intact and status.valid and status.timestamp_validity is not None
    assert status.timestamp_validity.intact and status.timestamp_validity.valid
    result = verify(done.pdf, acervo=acervo, trust=[world["keys"].root])
    assert result.ok
    assert any(i.grupo == "carimbo do tempo" and i.ok for i in result.itens)
    assert json.loads(done.descricao.read_text(encoding="utf-8"))["assinatura"]["carimbo_do_tempo"] is True


def test_unreachable_tsa_takes_no_number(world, tmp_path):
    import shutil
    import socket

    acervo = tmp_path / "statutes"
    shutil.copytree(world["acervo"], acervo, ignore=shutil.ignore_patterns("registros", "diario-oficial"))
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    settings = load(acervo / SLUG)
    credential = signing.load_certificate(world["keys"].p12, PASSWORD)
    with EditionRegister(settings.registro, SLUG, create=True) as register:
        with pytest.raises(InputError, match="não foi possível obter o carimbo do tempo"):
            publish(settings, api.corpus(acervo), [str(acervo / SLUG / "lei-150-2023")], data="2026-12-01",
                    tipo="ordinaria", credential=credential, register=register,
                    tsa_url=f"http://127.0.0.1:{port}/")
        assert register.counters() == [] and register.entries() == []
    assert not any((acervo / SLUG / "diario-oficial").glob("*.pdf"))


def test_republication_marks_only_the_acts_published_before(world, tmp_path):
    import shutil

    acervo = tmp_path / "statutes"
    shutil.copytree(world["acervo"], acervo)  # with the register and edição nº 1
    toml = acervo / SLUG / "lei-150-2023" / "norma.toml"  # not published anywhere before (no date)
    toml.write_text("\n".join(ln for ln in toml.read_text("utf-8").splitlines()
                              if not ln.startswith("publicacao")) + "\n", "utf-8")
    settings = load(acervo / SLUG)
    credential = signing.load_certificate(world["keys"].p12, PASSWORD)
    with EditionRegister(settings.registro, SLUG) as register:
        done = publish(settings, api.corpus(acervo),
                       [str(acervo / SLUG / "lei-100-2020"), str(acervo / SLUG / "lei-150-2023")],
                       data="2026-12-02", tipo="ordinaria", credential=credential, register=register,
                       republish=True)
    assert done.numero == 2
    desc = json.loads(done.descricao.read_text(encoding="utf-8"))
    assert {a["titulo"]: (a["republicacao"], a["publicacao_anterior"]) for a in desc["atos"]} == {
        "Lei nº 100, de 10 de março de 2020": (True, "2026-12-01"),  # in edição nº 1, the reason says when
        "Lei nº 150, de 14 de setembro de 2023": (False, None)}
