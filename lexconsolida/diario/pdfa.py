"""A structural check of the PDF/A-2/3 rules an edition could break (pikepdf, fontTools).

This is **not** a full PDF/A validator. veraPDF (the reference, Java) is neither in Debian nor on
PyPI, and no Debian or PyPI package validates PDF/A by itself (Ghostscript and qpdf only
produce or repair; the PyPI wrappers download veraPDF at run time, which this project never
does). What is checked here, each with the clause of ISO 19005-2 (PDF/A-2, which PDF/A-3
inherits) it comes from:

- ``sintaxe`` — qpdf's structural check (cross-reference, streams, objects) (6.1);
- ``cabecalho`` — the header and its binary comment (6.1.2); ``id`` — the trailer's /ID, and no
  encryption (6.1.3); ``filtros`` — no LZW filter (6.1.7.2);
- ``xmp`` — XMP metadata with ``pdfaid:part`` 2 or 3 and a conformance level (6.6.4), and the
  document information dictionary agreeing with it (title, author, subject, producer,
  keywords) (6.6.2.3);
- ``intencao-de-saida`` — a GTS_PDFA1 output intent with an embedded ICC profile (6.2.3);
- ``fontes`` — every font used by pages, forms and annotation appearances embedded (6.2.11.4),
  and the widths of TrueType CID fonts agreeing with the embedded font program (6.2.11.5);
- ``anotacoes`` — every annotation printable and not hidden (6.3.2), with a normal appearance
  only (6.3.3);
- ``acoes`` — no JavaScript nor forbidden action (Launch, Sound, Movie, ResetForm, ImportData,
  JavaScript) in the catalog, pages or annotations (6.5.1, 6.6.1);
- ``anexos`` (PDF/A-3) — every embedded file with /AFRelationship, /F and /UF, a MIME
  /Subtype and a modification date, and listed in an /AF array (6.8 of ISO 19005-3);
- ``assinatura`` — each signature's /ByteRange covers the whole revision but its /Contents
  (6.4.3).

Not checked (veraPDF does): the colour spaces of every content stream operator, the validity
of the ICC profile, glyphs missing from a font program (.notdef), the syntax of XMP extension
schemas, transparency groups and blending spaces, JPEG 2000 and other image rules, the logical
structure of tagged PDF (PDF/A-2a). ``docs/diario-oficial.md`` says this to the clerk.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field

import pikepdf
from fontTools.ttLib import TTFont

FORBIDDEN_ACTIONS = {"/Launch", "/Sound", "/Movie", "/ResetForm", "/ImportData", "/JavaScript",
                     "/Hide", "/SetOCGState", "/Rendition", "/Trans", "/GoTo3DView"}
INFO_TO_XMP = {"/Title": "dc:title", "/Author": "dc:creator", "/Subject": "dc:description",
               "/Producer": "pdf:Producer", "/Keywords": "pdf:Keywords"}


@dataclass(slots=True)
class Finding:
    regra: str
    ok: bool
    detalhe: str = ""


@dataclass(slots=True)
class PdfaReport:
    parte: str | None
    """The declared conformance ('3B'), None when none is declared."""
    achados: list[Finding] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.parte is not None and all(f.ok for f in self.achados)

    def falhas(self) -> list[Finding]:
        return [f for f in self.achados if not f.ok]


def check(data: bytes) -> PdfaReport:

    try:
        pdf = pikepdf.open(io.BytesIO(data))
    except pikepdf.PdfError as err:
        return PdfaReport(None, [Finding("sintaxe", False, f"o PDF não pode ser lido: {err}")])
    with pdf:
        report = PdfaReport(_declared(pdf))
        add = report.achados.append
        problems = pdf.check_pdf_syntax()
        add(Finding("sintaxe", not problems, "; ".join(str(p) for p in problems[:5])))
        header_ok = data.startswith(b"%PDF-") and len(data) > 20 and all(
            b >= 128 for b in data.split(b"\n", 2)[1][1:5]) and data.split(b"\n", 2)[1].startswith(b"%")
        add(Finding("cabecalho", header_ok, "" if header_ok else "falta o comentário binário após %PDF-"))
        ok_id = "/ID" in pdf.trailer and not pdf.is_encrypted
        add(Finding("id", ok_id, "" if ok_id else "sem /ID no trailer, ou criptografado"))
        add(_filters(pdf))
        add(_xmp(pdf, report.parte))
        add(_output_intent(pdf))
        add(_fonts(pdf))
        add(_annotations(pdf))
        add(_actions(pdf))
        add(_attachments(pdf))
        add(_signatures(pdf, data))
    return report


def _declared(pdf) -> str | None:
    try:
        meta = pdf.open_metadata()
        part, level = meta.get("pdfaid:part"), meta.get("pdfaid:conformance")
    except Exception:  # XMP that cannot be parsed: nothing declared
        return None
    return f"{part}{level}" if part and level else None


def _objects(pdf):
    for obj in pdf.objects:
        yield obj


def _filters(pdf) -> Finding:

    for obj in _objects(pdf):
        if isinstance(obj, pikepdf.Stream):
            f = obj.get("/Filter")
            names = [str(x) for x in f] if isinstance(f, pikepdf.Array) else [str(f)] if f is not None else []
            if "/LZWDecode" in names:
                return Finding("filtros", False, f"filtro LZW no objeto {obj.objgen}")
    return Finding("filtros", True)


def _xmp(pdf, declared: str | None) -> Finding:
    if declared is None:
        return Finding("xmp", False, "o XMP não declara pdfaid:part e pdfaid:conformance")
    if declared[:1] not in ("2", "3"):
        return Finding("xmp", False, f"PDF/A-{declared}: esperado PDF/A-2 ou PDF/A-3")
    meta = pdf.open_metadata()
    info = pdf.docinfo
    wrong = []
    for key, prop in INFO_TO_XMP.items():
        if key not in info:
            continue
        value = str(info[key])
        xmp = meta.get(prop)
        if isinstance(xmp, (list, set)):
            xmp = ", ".join(sorted(xmp)) if prop == "dc:creator" and len(xmp) > 1 else next(iter(xmp), None)
        if xmp is None or str(xmp) != value:
            wrong.append(f"{key[1:]} ≠ {prop}")
    return Finding("xmp", not wrong, "; ".join(wrong))


def _output_intent(pdf) -> Finding:
    for intent in pdf.Root.get("/OutputIntents", []):
        if intent.get("/S") == "/GTS_PDFA1" and intent.get("/DestOutputProfile") is not None:
            return Finding("intencao-de-saida", True)
    return Finding("intencao-de-saida", False, "sem intenção de saída GTS_PDFA1 com perfil ICC")


def _font_dicts(pdf):
    """Every font dictionary reachable from pages, form XObjects and annotation appearances."""
    seen: set = set()
    stack = []
    for page in pdf.pages:
        stack.append(page.obj.get("/Resources"))
        for annot in page.obj.get("/Annots", []):
            ap = annot.get("/AP")
            if ap is not None:
                for key in ("/N", "/R", "/D"):
                    v = ap.get(key)
                    if isinstance(v, pikepdf.Stream):
                        stack.append(v.get("/Resources"))
                    elif isinstance(v, pikepdf.Dictionary):
                        stack += [s.get("/Resources") for s in v.values() if isinstance(s, pikepdf.Stream)]
    acro = pdf.Root.get("/AcroForm")
    if acro is not None and acro.get("/DR") is not None:
        stack.append(acro.get("/DR"))
    while stack:
        res = stack.pop()
        if res is None or not isinstance(res, pikepdf.Dictionary):
            continue
        key = res.objgen if res.is_indirect else id(res)
        if key in seen:
            continue
        seen.add(key)
        for font in (res.get("/Font") or {}).values():
            yield font
        for xobj in (res.get("/XObject") or {}).values():
            if isinstance(xobj, pikepdf.Stream) and xobj.get("/Subtype") == "/Form":
                stack.append(xobj.get("/Resources"))


def _fonts(pdf) -> Finding:
    missing, widths = [], []
    for font in _font_dicts(pdf):
        if font.get("/Subtype") == "/Type3":
            continue
        descendants = font.get("/DescendantFonts")
        target = descendants[0] if descendants is not None else font
        desc = target.get("/FontDescriptor")
        name = str(target.get("/BaseFont", "?"))
        if desc is None or not any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3")):
            missing.append(name)
            continue
        if target.get("/Subtype") == "/CIDFontType2" and "/FontFile2" in desc:
            bad = _cid_widths_disagree(target, desc)
            if bad:
                widths.append(f"{name}: {bad}")
    detail = "; ".join(([f"fontes não embutidas: {', '.join(sorted(set(missing)))}"] if missing else [])
                       + ([f"larguras ≠ programa da fonte: {', '.join(widths)}"] if widths else []))
    return Finding("fontes", not missing and not widths, detail)


def _cid_widths_disagree(cidfont, desc) -> str | None:
    """The first CID whose /W width differs from the font program's by more than 1/1000 em."""
    try:
        tt = TTFont(io.BytesIO(desc["/FontFile2"].read_bytes()), lazy=True)
        upem = tt["head"].unitsPerEm
        hmtx = tt["hmtx"]
        order = tt.getGlyphOrder()
    except Exception as err:  # a font program fontTools cannot read: reported, never skipped
        return f"programa da fonte ilegível ({err})"
    to_gid = cidfont.get("/CIDToGIDMap")
    gid_map = None
    if isinstance(to_gid, pikepdf.Stream):
        raw = to_gid.read_bytes()
        gid_map = [int.from_bytes(raw[i:i + 2], "big") for i in range(0, len(raw), 2)]
    w = list(cidfont.get("/W", []))
    i = 0
    while i < len(w):
        first = int(w[i])
        nxt = w[i + 1]
        if isinstance(nxt, pikepdf.Array):
            pairs = [(first + j, float(v)) for j, v in enumerate(nxt)]
            i += 2
        else:
            pairs = [(c, float(w[i + 2])) for c in range(first, int(nxt) + 1)]
            i += 3
        for cid, width in pairs:
            gid = gid_map[cid] if gid_map is not None and cid < len(gid_map) else cid
            if gid >= len(order):
                continue
            program = hmtx[order[gid]][0] * 1000 / upem
            if abs(program - width) > 1:
                return f"CID {cid}: /W {width:g}, fonte {program:g}"
    return None


def _annotations(pdf) -> Finding:
    bad = []
    for n, page in enumerate(pdf.pages, 1):
        for annot in page.obj.get("/Annots", []):
            subtype = str(annot.get("/Subtype"))
            flags = int(annot.get("/F", 0))
            rect = [float(v) for v in annot.get("/Rect", [0, 0, 0, 0])]
            zero = rect[0] == rect[2] or rect[1] == rect[3]
            if subtype != "/Popup" and (not flags & 4 or flags & (1 | 2 | 32)):
                bad.append(f"página {n}: anotação {subtype} sem a marca de impressão ou oculta (F={flags})")
            ap = annot.get("/AP")
            if subtype not in ("/Popup", "/Link") and not zero:
                if ap is None or "/N" not in ap:
                    bad.append(f"página {n}: anotação {subtype} sem aparência normal (/AP /N)")
                elif set(ap.keys()) - {"/N"}:
                    bad.append(f"página {n}: anotação {subtype} com aparências além de /N")
    return Finding("anotacoes", not bad, "; ".join(bad[:5]))


def _actions(pdf) -> Finding:

    bad = []
    names = pdf.Root.get("/Names")
    if names is not None and "/JavaScript" in names:
        bad.append("JavaScript no catálogo (/Names /JavaScript)")
    for holder, where in [(pdf.Root, "catálogo")] + [(p.obj, f"página {i}") for i, p in enumerate(pdf.pages, 1)]:
        if "/AA" in holder:
            bad.append(f"ações automáticas (/AA) no {where}")
        for annot in holder.get("/Annots", []) if where != "catálogo" else []:
            action = annot.get("/A")
            if isinstance(action, pikepdf.Dictionary) and str(action.get("/S")) in FORBIDDEN_ACTIONS:
                bad.append(f"{where}: ação {action.get('/S')}")
            if "/AA" in annot:
                bad.append(f"{where}: ações automáticas numa anotação")
    open_action = pdf.Root.get("/OpenAction")
    if isinstance(open_action, pikepdf.Dictionary) and str(open_action.get("/S")) in FORBIDDEN_ACTIONS:
        bad.append(f"ação de abertura {open_action.get('/S')}")
    return Finding("acoes", not bad, "; ".join(bad[:5]))


def _attachments(pdf) -> Finding:
    bad = []
    af = {f.objgen for f in pdf.Root.get("/AF", []) if f.is_indirect}
    for name, spec in pdf.attachments.items():
        obj = spec.obj
        if "/AFRelationship" not in obj:
            bad.append(f"{name}: sem /AFRelationship")
        if "/F" not in obj or "/UF" not in obj:
            bad.append(f"{name}: sem /F e /UF")
        stream = obj.get("/EF", {}).get("/F")
        if stream is None or "/Subtype" not in stream:
            bad.append(f"{name}: sem tipo MIME (/Subtype)")
        elif "/ModDate" not in stream.get("/Params", {}):
            bad.append(f"{name}: sem data de modificação")
        if obj.is_indirect and obj.objgen not in af:
            bad.append(f"{name}: fora do /AF do documento")
    declared = _declared(pdf)
    if bad and declared and not declared.startswith("3"):
        bad.insert(0, "arquivos anexados só são admitidos em PDF/A-3")
    return Finding("anexos", not bad, "; ".join(bad[:5]))


def _signatures(pdf, data: bytes) -> Finding:
    bad = []
    acro = pdf.Root.get("/AcroForm")
    for field_ in (acro.get("/Fields", []) if acro is not None else []):
        value = field_.get("/V")
        if field_.get("/FT") != "/Sig" or value is None:
            continue
        br = [int(x) for x in value.get("/ByteRange", [])]
        if len(br) != 4 or br[0] != 0:
            bad.append(f"{field_.get('/T')}: /ByteRange inválido")
            continue
        contents_len = br[2] - br[1]
        hole = data[br[1]:br[2]]
        if not (hole.startswith(b"<") and hole.endswith(b">") and contents_len == len(bytes(value["/Contents"])) * 2 + 2):
            bad.append(f"{field_.get('/T')}: /ByteRange não exclui exatamente o /Contents")
        revision_end = br[2] + br[3]
        if data[revision_end:].strip() and b"%%EOF" not in data[revision_end - 7:revision_end + 2]:
            bad.append(f"{field_.get('/T')}: /ByteRange não termina no fim de uma revisão")
    return Finding("assinatura", not bad, "; ".join(bad))
