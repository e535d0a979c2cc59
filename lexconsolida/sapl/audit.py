"""``lexconsolida sapl auditar``: a SAPL's compilations against the amending acts applied.

For each act of the acervo whose compilation the SAPL has, the two texts in force are compared
at every date either changes (:mod:`lexconsolida.sapl.compare`): every unit whose text differs
is a finding, from the first date it differs to the date it stops, with what explains it — the
amending instruction lexconsolida applied (its words and where it is) and the wording the
câmara recorded (and by which act). The report is the quadro comparativo of the project, one per
act: SAPL's text | the instruction | the text with the amending acts applied (HTML and DOCX).
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import docx
from docx.oxml.ns import qn
from docx.shared import Cm
from docx.enum.section import WD_ORIENT

from lexconsolida.diff.align import ADDED, CHANGED, REMOVED
from lexconsolida.diff.html import make_row, rows_html
from lexconsolida.diff.quadro_docx import TEXT_STYLE, TITLE_STYLE, add_table
from lexconsolida.diff.report import DiffReport, MiddleText, Pair
from lexconsolida.diff.tokens import word_diff
from lexconsolida.diff.units import Unit
from lexconsolida.docx.save import save_deterministic
from lexconsolida.docx.styles import _set_core_properties
from lexconsolida.io import atomic_write
from lexconsolida.model import Norma, Version
from lexconsolida.model.dates import format_long
from lexconsolida.model.ids import citation_parts
from lexconsolida.sapl.client import Client
from lexconsolida.sapl.compare import Difference, change_dates, differences, units_at
from lexconsolida.sapl.plan import Source
from lexconsolida.sapl.remote import Remote, SaplNorma
from lexconsolida.sapl.tables import plain
from lexconsolida.templating import render as render_template
from lexconsolida.writers.docx import default_template

SAPL_COLUMN = "Compilação do SAPL"
OURS_COLUMN = "Atos alteradores aplicados (lexconsolida)"
MIDDLE_TITLE = "A instrução que explica a diferença"


@dataclass(slots=True)
class Finding:
    """One unit whose text in force differs, over a period."""

    uid: str
    since: str
    until: str | None
    """The first date it no longer differs (None: it still does)."""
    ours: Unit | None
    theirs: Unit | None
    explanation: str
    source: str
    """Where the explaining instruction is ('Lei nº 120, de 5 de agosto de 2021, art1')."""
    instruction: str
    """The instruction's words, or what the two sides record."""


@dataclass(slots=True)
class ActAudit:
    urn: str
    label: str
    sapl_label: str
    dates: list[str]
    units: int
    """Unit-dates compared."""
    differences: list[Finding] = field(default_factory=list)


@dataclass(slots=True)
class AuditResult:
    site: str
    acts: list[ActAudit] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)


def _key(tipo: str, numero: str | None, ano: int | None) -> tuple[str, str, int]:
    return plain(tipo), (numero or "").replace(".", "").lstrip("0"), ano or 0


def audit(client: Client, sources: list[Source], *, progress: Callable[[int, int, str], None] | None = None
          ) -> AuditResult:
    """Compare the SAPL's compilation of every act of ``sources`` that has a text."""
    ours = {_key(s.act.tipo, s.act.numero, int(s.act.data[:4]) if s.act.data else None): s.act.urn
            for s in sources}
    remote = Remote.load(client, None, lambda t, n, a, d: ours.get(_key(t, n, a)))
    by_urn: dict[str, SaplNorma] = {n.urn: n for n in remote.normas.values()}
    out = AuditResult(client.site)
    texts = [s for s in sources if s.norma is not None]
    for i, s in enumerate(texts):
        if progress is not None:
            progress(i, len(texts), s.act.label)
        n = by_urn.get(s.act.urn)
        if n is None:
            out.missing.append(f"{s.act.label}: não está no SAPL")
            continue
        theirs = remote.compilation(n)
        if theirs is None:
            out.missing.append(f"{s.act.label}: o SAPL não tem o texto articulado desta norma")
            continue
        out.acts.append(audit_act(s, theirs, n.label))
    return out


def audit_act(s: Source, theirs: Norma, sapl_label: str) -> ActAudit:
    assert s.norma is not None
    dates = sorted(change_dates(s.norma) | change_dates(theirs))
    diffs = differences(s.norma, theirs, set(dates))
    units = sum(len(units_at(s.norma, d)) for d in dates)
    result = ActAudit(s.act.urn, s.act.label, sapl_label, dates, units)
    result.differences = _findings(s, theirs, diffs, dates)
    return result


def _findings(s: Source, theirs: Norma, diffs: list[Difference], dates: list[str]) -> list[Finding]:
    """Consecutive dates where a unit differs the same way make one finding."""
    by_uid: dict[str, list[Difference]] = {}
    for d in diffs:
        by_uid.setdefault(d.uid, []).append(d)
    out = []
    for uid, items in by_uid.items():
        run: list[Difference] = []
        for d in items:
            if run and (dates.index(d.date) != dates.index(run[-1].date) + 1 or not _same_way(run[-1], d)):
                out.append(_finding(s, theirs, run, dates))
                run = []
            run.append(d)
        if run:
            out.append(_finding(s, theirs, run, dates))
    out.sort(key=lambda f: (f.since, _order(s.norma, f.uid)))
    return out


def _order(norma: Norma | None, uid: str) -> int:
    for i, node in enumerate(norma.walk() if norma is not None else ()):
        if node.id == uid:
            return i
    return 1 << 30


def _same_way(a: Difference, b: Difference) -> bool:
    def body(u: Unit | None) -> str | None:
        return None if u is None else u.body

    return body(a.ours) == body(b.ours) and body(a.theirs) == body(b.theirs)


def _finding(s: Source, theirs: Norma, run: list[Difference], dates: list[str]) -> Finding:
    first, last = run[0], run[-1]
    i = dates.index(last.date)
    until = dates[i + 1] if i + 1 < len(dates) else None
    mine = _version(s.norma, first.uid, first.date)
    their = _version(theirs, first.uid, first.date)
    explanation, source, instruction = _explain(s, first, mine, their)
    return Finding(first.uid, first.date, until, first.ours, first.theirs, explanation, source, instruction)


def _version(norma: Norma | None, uid: str, when: str) -> Version | None:
    """The wording of ``uid`` in force on ``when`` in ``norma`` (None: its original, never changed)."""
    node = norma.find(uid) if norma is not None else None
    if node is None:
        return None
    holder = getattr(node, "caput", None) or node
    kept = [v for v in holder.history if not v.start or v.start <= when]
    return kept[-1] if kept else None


def _act(v: Version | None) -> str | None:
    if v is None or v.event.kind == "original" or not v.event.act_urn:
        return None
    return v.event.act_urn


def _explain(s: Source, d: Difference, mine: Version | None, their: Version | None) -> tuple[str, str, str]:
    """What explains a difference: (explanation, where the instruction is, its words)."""
    ours_act, their_act = _act(mine), _act(their)
    sentence = s.sentences.get((ours_act, d.uid), "") if ours_act else ""
    where = s.wheres.get((ours_act, d.uid)) if ours_act else None
    ours_label = mine.event.act_label if mine is not None and ours_act else None
    their_label = their.event.act_label if their is not None and their_act else None
    cited = ", ".join(citation_parts(where)) if where else None
    source = f"{ours_label}, {cited}" if ours_label and cited else (ours_label or their_label or "texto original")
    if d.theirs is None:
        what = (f"incluído pela {ours_label}" if mine is not None and mine.event.kind == "inclusao" and ours_label
                else "no texto compilado")
        return (f"O dispositivo está {what}; a compilação do SAPL não o tem nesta data.", source,
                sentence or "(o dispositivo faz parte do texto original)")
    if d.ours is None:
        return (f"A compilação do SAPL tem o dispositivo{' (registrado como dado pela ' + their_label + ')' if their_label else ''}; "
                "o texto compilado não o tem nesta data.", their_label or "compilação do SAPL",
                "(nenhuma instrução dos atos alteradores do acervo inclui este dispositivo)")
    if ours_act and ours_act == their_act:
        return (f"Os dois registram a redação dada pela {ours_label}, mas com textos diferentes: a compilação do "
                "SAPL não reproduz a redação que a instrução dá (texto editado à mão, ou copiado com erro).",
                source, sentence or "(redação dada pelo ato alterador)")
    if ours_act and not their_act:
        return (f"A {ours_label} deu nova redação a este dispositivo; a compilação do SAPL não registra essa "
                "alteração (mantém o texto original, ou o editou sem ato alterador).", source,
                sentence or "(redação dada pelo ato alterador)")
    if ours_act and their_act:
        return (f"A redação em vigor vem da {ours_label}; a compilação do SAPL registra a redação dada pela "
                f"{their_label}.", source, sentence or "(redação dada pelo ato alterador)")
    if their_act:
        return (f"A compilação do SAPL registra uma redação dada pela {their_label}; nenhuma instrução aplicada "
                "dos atos alteradores do acervo muda este dispositivo (a instrução pode estar pendente de decisão "
                "na mesa de revisão).", their_label or "", "(nenhuma instrução aplicada)")
    return ("O texto original difere: a compilação do SAPL foi editada sem ato alterador, ou o texto do ato foi lido "
            "de outro modo.", "texto original", "(nenhum ato alterador muda este dispositivo)")


# --- the report ----------------------------------------------------------------------------

def _period(f: Finding) -> str:
    start = format_long(f.since)
    return f"de {start} a {format_long(f.until)} (exclusive)" if f.until else f"desde {start}"


def report_of(a: ActAudit) -> DiffReport:
    """The act's findings as a quadro comparativo (SAPL | instruction | lexconsolida)."""
    pairs = []
    for f in a.differences:
        tag = f"{f.uid}@{f.since}"
        old = () if f.theirs is None else (replace(f.theirs, id=tag, cite=f"{f.theirs.cite} — {_period(f)}"),)
        new = () if f.ours is None else (replace(f.ours, id=tag, cite=f"{f.ours.cite} — {_period(f)}"),)
        status = ADDED if not old else REMOVED if not new else CHANGED
        ops = word_diff(old[0].body if old else "", new[0].body if new else "")
        unit = f.ours or f.theirs
        assert unit is not None
        middle = (MiddleText(f"{unit.cite}, {_period(f)}", f.explanation),
                  MiddleText(f.source, f"“{f.instruction}”" if not f.instruction.startswith("(") else f.instruction))
        pairs.append(Pair(status, old, new, ops, middle))
    return DiffReport(old_title=f"{a.sapl_label} (compilação registrada no SAPL)",
                      new_title=f"{a.label} (com os atos alteradores do acervo aplicados)",
                      pairs=pairs, new_urn=a.urn, middle_title=MIDDLE_TITLE,
                      date=a.dates[-1] if a.dates else None, old_column=SAPL_COLUMN, new_column=OURS_COLUMN)


def write_report(result: AuditResult, folder: Path) -> list[Path]:
    """auditoria.html and auditoria.docx in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    acts = [(a, report_of(a)) for a in result.acts]
    html_rows = {a.urn: rows_html([make_row(p) for p in r.pairs], True) for a, r in acts}
    page = render_template("sapl/auditoria.html.j2", result=result, acts=acts, rows=html_rows,
                           sapl_column=SAPL_COLUMN, ours_column=OURS_COLUMN, middle_title=MIDDLE_TITLE,
                           total=sum(len(a.differences) for a in result.acts))
    out = [folder / "auditoria.html", folder / "auditoria.docx"]
    atomic_write(out[0], page.encode("utf-8"))
    atomic_write(out[1], _docx(result, acts))
    return out


def _docx(result: AuditResult, acts: list[tuple[ActAudit, DiffReport]]) -> bytes:
    document = docx.Document(io.BytesIO(default_template()))
    body = document.element.body
    for child in list(body):
        if child.tag != qn("w:sectPr"):
            body.remove(child)
    sec = document.sections[0]
    sec.orientation = WD_ORIENT.LANDSCAPE
    sec.page_width, sec.page_height = Cm(29.7), Cm(21.0)
    sec.left_margin, sec.right_margin = Cm(2.0), Cm(2.0)
    document.add_paragraph("Auditoria das compilações do SAPL", style=TITLE_STYLE)
    total = sum(len(a.differences) for a, _ in acts)
    document.add_paragraph(
        f"SAPL: {result.site}. {len(acts)} compilação(ões) comparada(s) com o texto que se obtém aplicando os atos "
        f"alteradores do acervo, em cada data em que um dos dois textos muda; {total} diferença(s). Cada linha é um "
        "dispositivo cujo texto em vigor difere, no período indicado, com a instrução que explica a diferença.",
        style=TEXT_STYLE)
    for line in result.missing:
        document.add_paragraph(line, style=TEXT_STYLE)
    for a, report in acts:
        document.add_paragraph(a.label, style=TITLE_STYLE)
        dates = ", ".join(format_long(d) for d in a.dates)
        if not a.differences:
            document.add_paragraph(f"Sem diferença: o texto em vigor é o mesmo nas {len(a.dates)} data(s) comparada(s) "
                                   f"({dates}).", style=TEXT_STYLE)
            continue
        document.add_paragraph(f"{len(a.differences)} diferença(s). Datas comparadas: {dates}.", style=TEXT_STYLE)
        add_table(document, report, all_rows=True)
    _set_core_properties(document, title="Auditoria das compilações do SAPL", subject=result.site[:255])
    return save_deterministic(document)
