"""Talão: blank autos de infração with pre-printed numbers, to be filled by hand in the street.

Each auto takes two pages, printed front and back (duplex): the front has the number, blank
fields with room to write, the law's notice rule, the ciência and refusal block and the signature
lines; the back has the infraction table of the law (conduct, class, fine, administrative
measure), the fine table and the special rules, so the fiscal picks the dispositivo on the spot.

The numbers are reserved in the register as 'talão' when the talão is made; a filled auto is
later recorded against its number (``forms auto-de-infracao --data caso.toml`` with
``numero = "AI-2025/000007"``), and a spoiled or lost sheet is voided (``--inutilizar``).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from xml.sax.saxutils import escape

from docx import Document
from docx.oxml import parse_xml
from docx.oxml.ns import qn

from lexconsolida.forms.cite import act_title, citation
from lexconsolida.forms.compute import units_text
from lexconsolida.forms.document import BLANK_DATE, BLANK_TIME, COUNTING_TEXT, Ciencia, FormDoc, Signature, signatures
from lexconsolida.forms.docx import W_NS, _header_footer, base_bytes, save_deterministic, signatures_xml, style_ids, witnesses
from lexconsolida.forms.html import environment
from lexconsolida.forms.infractions import Catalog
from lexconsolida.forms.kinds import KINDS
from lexconsolida.forms.settings import FormSpec, Settings
from lexconsolida.model import Norma

TALAO_KINDS = ("auto-de-infracao",)
"""Kinds that can be printed as a talão (lavrados on the spot, about a catalogued infraction)."""

MAX_TALAO = 500


@dataclass(slots=True)
class Field:
    rotulo: str
    linhas: int = 1
    """Lines of handwriting room."""


@dataclass(slots=True)
class TableRow:
    dispositivo: str
    conduta: str
    classe: str
    multa: str
    medidas: str


@dataclass(slots=True)
class Talao:
    """Everything a talão prints, the same for every sheet but the number."""

    kind: str
    titulo: str
    numeros: list[str]
    orgao: str
    setor: str | None
    cabecalho: tuple[str, ...]
    endereco: str | None
    norma: str
    campos: list[Field]
    marcar: list[tuple[str, list[str]]]
    """Check-box lines: (label, options)."""
    regras: list[str]
    """The notice and deadline rules, as the law states them."""
    assinaturas: list[Signature]
    local_data: str
    tabela: list[TableRow]
    medidas: list[tuple[str, str]]
    """(code, measure) legend of the table's measure column."""
    multas: list[str]
    """The fine table and the special rules, one line each."""
    unidade: str | None

    @property
    def faixa(self) -> str:
        return f"{self.numeros[0]} a {self.numeros[-1]}" if len(self.numeros) > 1 else self.numeros[0]


def _short_cite(node_id: str) -> str:
    """'art. 55, § 13' → '55, § 13' (the table's column says 'art.')."""
    text = citation(node_id)
    return text[5:] if text.startswith("art. ") else text


def build_talao(kind: str, numeros: list[str], *, settings: Settings, norma: Norma, catalog: Catalog,
                spec: FormSpec) -> Talao:
    form = KINDS[kind]
    measures: dict[str, str] = {}
    rows = []
    for inf in catalog.infracoes:
        codes = []
        for m in inf.medidas:
            measures.setdefault(m, f"M{len(measures) + 1}")
            codes.append(measures[m])
        fine = units_text(inf.unidades) if inf.unidades is not None else ("—" if not inf.multa else "?")
        rows.append(TableRow(_short_cite(inf.id), inf.descricao, inf.classe or "—", fine, ", ".join(codes) or "—"))
    unit = next((r.unidade for r in catalog.tabela), None)
    fines = []
    if catalog.tabela:
        fines.append("Multas: " + "; ".join(f"{r.classe}, {units_text(r.unidades)} {r.unidade} ({r.citacao})"
                                           for r in catalog.tabela) + ".")
    for rule in catalog.regras:
        if rule.tipo in ("acrescimo", "dobro", "suspensao", "cassacao"):
            fines.append(f"{rule.citacao[0].upper()}{rule.citacao[1:]}: {rule.texto}")
    fields = [Field("Condutor autorizado (permissionário)"), Field("Condutor do veículo"),
              Field("CPF ou CNH do condutor"), Field("Endereço do autuado"), Field("Placa do veículo"),
              Field("Veículo (marca, modelo e cor)"), Field("Data e horário da infração"),
              Field("Local da infração"), Field("Descrição da infração cometida", 3),
              Field("Dispositivo infringido (veja o verso)"), Field("Agente autuante (nome e matrícula)")]
    marks = [("Classe", ["leve", "média", "grave", "gravíssima"]), ("Reincidente", ["sim", "não"])]
    if measures:
        marks.append(("Medida administrativa (verso)", list(measures.values())))
    if spec.sem_flagrante is not None:
        marks.append((f"Autuação sem flagrante ({citation(spec.sem_flagrante.dispositivo)}): o agente relata o fato "
                      "à autoridade", ["sim"]))
    rules: list[str] = []
    back_rules: list[str] = []
    for key in spec.prazos:
        d = settings.prazos[key]
        rules.append(f"{d.descricao}: {d.dias} {COUNTING_TEXT[d.contagem]}, a contar da {d.inicio} "
                     f"({citation(d.dispositivo)}).")
    for n, key in enumerate(spec.entrega):
        dl = settings.entrega[key]
        text = f"Notificação {dl.meio} ({citation(dl.dispositivo)})"
        if dl.ciencia:
            cited = f" ({citation(dl.ciencia_dispositivo)})" if dl.ciencia_dispositivo else ""
            text += f": considera-se feita {dl.ciencia}{cited}"
        (rules if n == 0 else back_rules).append(text + ".")
    return Talao(
        kind=kind, titulo=form.titulo, numeros=numeros, orgao=settings.orgao_emissor, setor=settings.setor,
        cabecalho=settings.cabecalho, endereco=settings.endereco, norma=act_title(norma), campos=fields,
        marcar=marks, regras=rules, assinaturas=signatures(form, {}),
        local_data=f"{settings.nome}-{settings.uf}, ____ de ____________________ de ________.",
        tabela=rows, medidas=[(code, m) for m, code in measures.items()], multas=back_rules + fines, unidade=unit,
    )


# --- DOCX ---------------------------------------------------------------------------------

MM = 56.7
FIELD_WIDTHS = (round(50 * MM), round(128 * MM))
TABLE_WIDTHS = (round(15 * MM), round(129 * MM), round(14 * MM), round(10 * MM), round(10 * MM))
LINE_HEIGHT = round(6.5 * MM)
LABEL = 16  # half-points: 8 pt
SMALL = 12  # half-points: 6 pt


def _run(text: str, size: int | None = None, bold: bool = False) -> str:

    props = ("<w:b/>" if bold else "") + (f'<w:sz w:val="{size}"/><w:szCs w:val="{size}"/>' if size else "")
    rpr = f"<w:rPr>{props}</w:rPr>" if props else ""
    return f'<w:r>{rpr}<w:t xml:space="preserve">{escape(text)}</w:t></w:r>'


def _p(runs: str, style_id: str, *, page_break: bool = False, keep: bool = False, after: int | None = None) -> str:
    extra = ("<w:keepNext/>" if keep else "") + ("<w:pageBreakBefore/>" if page_break else "")
    if after is not None:
        extra += f'<w:spacing w:before="0" w:after="{after}"/>'
    return f'<w:p><w:pPr><w:pStyle w:val="{style_id}"/>{extra}</w:pPr>{runs}</w:p>'


def _fields_xml(t: Talao, ids: dict[str, str]) -> str:
    grid = "".join(f'<w:gridCol w:w="{w}"/>' for w in FIELD_WIDTHS)
    out = [f'<w:tbl><w:tblPr><w:tblStyle w:val="{ids["Table Grid"]}"/><w:tblW w:type="dxa" w:w="{sum(FIELD_WIDTHS)}"/>'
           f'<w:tblLayout w:type="fixed"/></w:tblPr><w:tblGrid>{grid}</w:tblGrid>']
    for f in t.campos:
        out.append(f'<w:tr><w:trPr><w:cantSplit/><w:trHeight w:val="{LINE_HEIGHT * f.linhas}" w:hRule="atLeast"/></w:trPr>'
                   f'<w:tc><w:tcPr><w:tcW w:type="dxa" w:w="{FIELD_WIDTHS[0]}"/></w:tcPr>{_p(_run(f.rotulo, LABEL), ids["Campo"])}</w:tc>'
                   f'<w:tc><w:tcPr><w:tcW w:type="dxa" w:w="{FIELD_WIDTHS[1]}"/></w:tcPr>{_p("", ids["Campo"])}</w:tc></w:tr>')
    for label, options in t.marcar:
        boxes = "   ".join(f"☐ {o}" for o in options)
        out.append(f'<w:tr><w:trPr><w:cantSplit/></w:trPr>'
                   f'<w:tc><w:tcPr><w:tcW w:type="dxa" w:w="{FIELD_WIDTHS[0]}"/></w:tcPr>{_p(_run(label, LABEL), ids["Campo"])}</w:tc>'
                   f'<w:tc><w:tcPr><w:tcW w:type="dxa" w:w="{FIELD_WIDTHS[1]}"/></w:tcPr>{_p(_run(boxes), ids["Campo"])}</w:tc></w:tr>')
    out.append("</w:tbl>")
    return "".join(out)


def _infractions_xml(t: Talao, ids: dict[str, str]) -> str:
    grid = "".join(f'<w:gridCol w:w="{w}"/>' for w in TABLE_WIDTHS)
    margins = '<w:tblCellMar><w:left w:w="40" w:type="dxa"/><w:right w:w="40" w:type="dxa"/></w:tblCellMar>'
    out = [f'<w:tbl><w:tblPr><w:tblStyle w:val="{ids["Table Grid"]}"/><w:tblW w:type="dxa" w:w="{sum(TABLE_WIDTHS)}"/>'
           f'<w:tblLayout w:type="fixed"/>{margins}</w:tblPr><w:tblGrid>{grid}</w:tblGrid>']
    head = ("Art.", "Conduta", "Classe", t.unidade or "Multa", "Med.")

    def row(values, bold=False, header=False):
        trpr = "<w:trPr><w:cantSplit/>" + ("<w:tblHeader/>" if header else "") + "</w:trPr>"
        cells = "".join(f'<w:tc><w:tcPr><w:tcW w:type="dxa" w:w="{w}"/></w:tcPr>'
                        f'{_p(_run(v, SMALL, bold), ids["Campo"], after=0)}</w:tc>' for w, v in zip(TABLE_WIDTHS, values))
        return f"<w:tr>{trpr}{cells}</w:tr>"

    out.append(row(head, bold=True, header=True))
    out += [row((r.dispositivo, r.conduta, r.classe, r.multa, r.medidas)) for r in t.tabela]
    out.append("</w:tbl>")
    return "".join(out)


def _front_xml(t: Talao, ids: dict[str, str], first: bool) -> str:

    out = [_p(_run(t.titulo), ids["Título do Formulário"], page_break=not first),
           _p(_run("Nº ") + _run("{NUMERO}", bold=True), ids["Número do Formulário"]),
           _p(_run("Preencha à mão, com letra de forma; assinale as opções com X. Tabela de infrações no verso.", 16),
              ids["Texto do Formulário"]),
           _fields_xml(t, ids)]
    for rule in t.regras:
        out.append(_p(_run(rule, 16), ids["Texto do Formulário"], after=0))
    out.append(_p(_run(t.local_data), ids["Local e Data"], keep=True, after=60))
    ciencia = Ciencia(None, None, (None, None))
    out.append(_p(_run(f"Ciente em {BLANK_DATE}, às {BLANK_TIME}.     ☐ O autuado recusou-se a assinar, na "
                       "presença das testemunhas abaixo."), ids["Texto do Formulário"], keep=True))
    doc = FormDoc(t.kind, t.titulo, "", "", t.orgao, t.setor, t.cabecalho, t.endereco, t.norma, "", [], [], [],
                  t.assinaturas, "", ciencia)
    out.append(signatures_xml([*t.assinaturas, *witnesses(doc)], ids, space=round(9 * MM)))
    return "".join(out)


def _back_xml(t: Talao, ids: dict[str, str]) -> str:
    out = [_p(_run("Verso do auto nº ") + _run("{NUMERO}", bold=True), ids["Seção do Formulário"], page_break=True),
           _p(_run(f"Infrações da {t.norma}, com a classe, a multa e a medida administrativa", SMALL + 3),
              ids["Texto do Formulário"], after=40),
           _infractions_xml(t, ids)]
    legend = "; ".join(f"{code} = {m}" for code, m in t.medidas)
    lines = ([f"Medidas administrativas: {legend}."] if legend else []) + t.multas
    out += [_p(_run(line, SMALL), ids["Citação Legal"], after=0) for line in lines]
    return "".join(out)


def render_talao_docx(t: Talao, issued: datetime, model=None) -> bytes:
    """The talão as one DOCX: for each number, a front page and its back (print duplex)."""



    model_path = str(model) if model and Path(model).is_file() else None
    document = Document(io.BytesIO(base_bytes(model_path)))
    props = document.core_properties
    props.title = f"Talão de {t.titulo} nº {t.faixa}"
    props.subject = t.norma
    props.created = props.modified = issued
    props.revision = 1
    ids = style_ids(model_path)
    head = FormDoc(t.kind, f"Talão de {t.titulo}", t.faixa, "", t.orgao, t.setor, t.cabecalho, t.endereco, t.norma,
                   "", [], [], [], [], "")
    _header_footer(document, head, ids)
    front_first, front, back = _front_xml(t, ids, True), _front_xml(t, ids, False), _back_xml(t, ids)
    parts = []
    for i, numero in enumerate(t.numeros):
        parts.append((front_first if i == 0 else front).replace("{NUMERO}", numero))
        parts.append(back.replace("{NUMERO}", numero))
    wrapper = parse_xml(f'<w:body xmlns:w="{W_NS}">{"".join(parts)}<w:p/></w:body>')
    body = document.element.body
    anchor = body.find(qn("w:sectPr"))
    for child in list(wrapper):
        anchor.addprevious(child)
    return save_deterministic(document)


def render_talao_html(t: Talao, override=None) -> bytes:
    """The talão as one print-ready HTML page (a page break before every front and back)."""


    folder = str(override) if override and Path(override).is_dir() else None
    template = environment(folder).get_template("talao.html.j2")
    return template.render(t=t, BLANK_DATE=BLANK_DATE, BLANK_TIME=BLANK_TIME).encode("utf-8")
