"""Small pure helpers the templates call: labels, notes, compiled lines, titles, metadata."""

from __future__ import annotations

from lexconsolida.errors import UsageError
from lexconsolida.model import Agrupador, Alteracao, Dispositivo, Kind, Norma, Situacao
from lexconsolida.model.dates import format_long
from lexconsolida.model.efficacy import FALLS, KIND_TITLES, STATE_LABELS, Efficacy, feminine_act, resolve
from lexconsolida.model.ids import citation_parts
from lexconsolida.model.history import Entry, compiled_entries
from lexconsolida.model.rotulos import label_and_separator
from lexconsolida.model.epigrafe import printed as printed_epigrafe
from lexconsolida.model.gaps import END_OF_SOURCE
from lexconsolida.model.status import REVOKES, is_incomplete, status_of, which_text

VIEWS = ("vigente", "compilado")
VIEW_TITLES = {"vigente": "Texto vigente", "compilado": "Texto compilado"}
DRAFT_TITLE = "Texto proposto"
"""The title of the text of a proposição or of a consolidation in preparation: never 'vigente'."""


def view_title(norma: Norma, view: str) -> str:
    """'Texto vigente' / 'Texto compilado'; 'Texto proposto' for a document without normative
    value; never 'vigente' over a revoked text ('Último texto em vigor'), one that lacks
    changes ('Texto sem as alterações pendentes') or none at all ('Texto não disponível')."""
    status = status_of(norma)
    if not status.normative:
        return DRAFT_TITLE
    if status.unavailable is not None:
        return UNAVAILABLE_TITLE
    if view == "vigente" and status.code == "revogada":
        return REVOKED_TITLE
    if view == "vigente" and (any(e.note != REVOKES for e in status.pending) or status.without_text):
        return STALE_TITLE
    if view == "vigente" and status.pending:  # only a revocation waits: the text is as it was
        return PENDING_REVOCATION_TITLE
    return VIEW_TITLES[view]


REVOKED_TITLE = "Último texto em vigor"
PENDING_REVOCATION_TITLE = "Texto com revogação pendente"
UNAVAILABLE_TITLE = "Texto não disponível"
STALE_TITLE = "Texto sem as alterações pendentes"
VIEW_NOTICES = {
    "compilado": "Texto compilado: as redações superadas aparecem riscadas, cada uma seguida da "
                 "nota do ato que a alterou; a redação em vigor vem por último.",
}


def act_info(norma: Norma, *, localidade: str | None = None, orgao: str | None = None,
             texto_disponivel: bool = True, motivo: str | None = None,
             fonte_html: str | None = None, view: str = "vigente",
             shown: Norma | None = None) -> dict:
    """The ``ato`` block of the act template (metadata shown above the text). ``shown`` is
    the text the page prints (a past version), when not ``norma`` itself."""
    status = status_of(norma)
    qual = which_text(shown or norma, view) if texto_disponivel and (shown or norma).articulacao else []
    return {
        "qual_texto": [s for s in qual if s != status.notice],
        "epigrafe": printed_epigrafe(shown or norma),
        "fim_incompleto": END_OF_SOURCE if is_incomplete(norma) else None,
        "localidade": localidade or norma.localidade,
        "metadados": metadados(norma, orgao),
        "texto_disponivel": texto_disponivel,
        "motivo_indisponivel": motivo,
        "fonte_html": fonte_html,
        "aviso_situacao": aviso_situacao(norma),
        "estado": status_of(norma),
    }


def aviso_situacao(norma: Norma) -> str | None:
    """The status notice of an act that is not simply in force (revoked — by which act and
    article, since when —, pending review, amended by an act without text, future, a draft);
    None when in force (:func:`~lexconsolida.model.status.status_of`)."""
    return status_of(norma).notice


def decisoes_eficacia(norma: Norma) -> dict:
    """The act's efficacy on the page's date, for the template: ``avisos`` (the whole act's
    notes, for the top of the page) and ``decisoes`` (every decision counted on that date —
    court, kind, number, date, rapporteur, link —, what it concerns and what it does then)."""
    if not norma.eficacia:
        return {"avisos": [], "decisoes": []}
    resolved = resolve(norma)
    states: dict[int, tuple[str | None, str]] = {}
    for uid, u in [("", None)] + list(resolved.units.items()):
        for m in (resolved.act_marks if u is None else u.marks):
            states.setdefault(id(m.event), (m.state, m.note))
    rows = []
    for ev in resolved.decisions:
        state, note = states.get(id(ev), (None, ""))
        if not note and ev.via_urn and ev.kind in FALLS and ev.decision is not None:
            back = max(d for d in (ev.decision.data or ev.recorded, ev.effective) if d)
            note = (f"{KIND_TITLES[ev.kind]} {ev.decision.on()}: a redação que "
                    f"{'a' if feminine_act(ev.via_label) else 'o'} {ev.via_label} tinha substituído voltou a "
                    f"vigorar em {_date(back)}")
        ended = None
        if not note and ev.kind == "suspensao":
            ended = "encerrada (por decisão posterior do mesmo processo ou pelo fim do prazo)"
        elif ev.kind == "suspensao-revogada":
            ended = "a suspensão deixou de valer"
        rows.append({
            "tipo": KIND_TITLES.get(ev.kind, ev.kind),
            "decisao": ev.decision.named if ev.decision else None,
            "relator": ev.decision.relator if ev.decision else None,
            "link": ev.decision.link if ev.decision and ev.decision.link and
            ev.decision.link.startswith(("https://", "http://")) else None,
            "alcance": _scope(ev),
            "via": (f"{'pela' if feminine_act(ev.via_label) else 'pelo'} {ev.via_label}"
                    if ev.via_label else None),
            "nota": note,
            "situacao": STATE_LABELS.get(state or "", "") if state else ended,
            "observacao": ev.note if ev.kind != "interpretacao-conforme" else None,
        })
    # the whole act's marks that stop it are in the status notice (status_of); the others here
    return {"avisos": [m.note for m in resolved.act_marks if m.state is None], "decisoes": rows}


def _scope(ev: Efficacy) -> str:
    """'o ato inteiro' or 'art. 4º, inciso III; art. 5º'."""
    if not ev.units:
        return "o ato inteiro"
    parts = []
    for uid in ev.units:
        try:
            parts.append(", ".join(citation_parts(uid)) or uid)
        except (ValueError, KeyError, AssertionError):
            parts.append(uid)
    return "; ".join(parts)


def check_view(view: str) -> str:
    if view not in VIEWS:
        raise UsageError(f"visão desconhecida: {view!r} (use 'vigente' ou 'compilado')")
    return view



SITUACAO_LABEL = {
    Situacao.VIGENTE: "em vigor",
    Situacao.REVOGADO: "revogado",
    Situacao.VETADO: "vetado",
    Situacao.SUPRIMIDO: "suprimido",
}


def is_agrupador(node: object) -> bool:
    return isinstance(node, Agrupador)


def separador(d: Dispositivo) -> str:
    """What follows the rótulo, per LC 95 ('Art. 10. ', 'Parágrafo único. ', 'I – ')."""
    return label_and_separator(str(d.kind), d.rotulo)[1]


def _holder(d: Dispositivo) -> Dispositivo:
    """The unit whose wording is printed on the dispositivo's line (the caput of an artigo)."""
    cap = d.caput
    return cap if cap is not None else d


def nota_vigente(d: Dispositivo) -> str | None:
    """The note printed after a dispositivo in the text in force ('Redação dada pela …').

    For a revoked unit, the revocation; otherwise the event of its current wording (an
    artigo's wording is its caput's), or of its inclusion.
    """
    hold = _holder(d)
    units = (d, hold) if d.situacao is not Situacao.VIGENTE else (hold, d)
    for unit in units:
        if unit.history and unit.history[-1].event.kind != "original":
            return unit.history[-1].event.nota()
    return None


def linhas_compiladas(d: Dispositivo) -> list[Entry]:
    """The compiled-view lines of a dispositivo: superseded wordings struck, with notes.

    For an artigo the wording is its caput's; a revocation or an inclusion of the whole artigo
    (recorded on the artigo itself) is noted on its lines.
    """
    hold = _holder(d)
    if hold is d:
        return compiled_entries(d)
    if d.situacao is not Situacao.VIGENTE and d.history:
        return compiled_entries(d)
    entries = compiled_entries(hold)
    entries = [Entry(e.text, d.rotulo, e.struck, e.note) for e in entries]
    if d.history and d.history[0].event.kind != "original" and entries[0].note is None:
        first = entries[0]
        entries[0] = Entry(first.text, first.rotulo, first.struck, d.history[0].event.nota())
    return entries


def titulo_ato(norma: Norma) -> str:
    """'Lei nº 846, de 12 de maio de 2015' from the metadata; the epígrafe as a fallback. An
    act whose date the acervo does not know says so ('Lei Complementar nº 118 (sem data)')."""
    if norma.tipo and norma.numero and not norma.data:
        return f"{norma.label} (sem data)"
    return norma.label


def _date(iso: str | None) -> str | None:
    try:
        return format_long(iso) if iso else None
    except ValueError:
        return iso


def metadados(norma: Norma, orgao: str | None = None) -> list[tuple[str, str]]:
    """(label, value) pairs for the metadata block of an act's page. A document without
    normative value has no publicação or vigência to show."""
    status = status_of(norma)
    rows = [
        ("Tipo", norma.tipo),
        ("Número", norma.numero),
        ("Data", _date(norma.data)),
        ("Publicação", _date(norma.publicacao) if status.normative else None),
        ("Vigência", _date(norma.vigencia) if status.normative else None),
        ("Situação", status.detail or status.label),
        ("Órgão", orgao),
        ("URN", norma.urn),
    ]
    return [(k, v) for k, v in rows if v]


def version_label(iso: str) -> str:
    return f"Texto em {_date(iso)}"


def linhas_alteracao(alt: Alteracao) -> list[tuple[str, str, str]]:
    """The lines of a quoted amending block, in order: (kind, rótulo, text).

    The units keep the ids of the act they go into, so they are printed without ids (they
    would clash with the amending act's own); omissis lines print as a row of dots.
    """
    out: list[tuple[str, str, str]] = []

    def visit(node: Agrupador | Dispositivo) -> None:
        children = list(node.children)
        if isinstance(node, Agrupador):
            out.append(("agrupador", node.rotulo or "", node.nome or ""))
        elif node.kind is Kind.OMISSIS:
            out.append(("omissis", "", "." * 40))
        elif node.kind is Kind.ARTIGO:
            out.append(("artigo", node.rotulo or "", node.head_text))
            cap = node.caput
            children = (cap.children if cap else []) + [c for c in node.children if c is not cap]
        else:
            out.append((str(node.kind), node.rotulo or "", node.text))
        for child in children:
            visit(child)

    for child in alt.children:
        visit(child)
    return out


def sumario(nodes: list) -> list[dict]:
    """The table of contents of ``nodes`` in document order.

    Each entry is ``{"grupo": agrupador, "itens": [...]}`` or ``{"artigos": [artigo, …]}`` for
    a run of consecutive artigos (those with a rótulo), so articles placed before, between or
    after sub-headings stay where the act puts them.
    """
    out: list[dict] = []
    for node in nodes:
        if isinstance(node, Agrupador):
            out.append({"grupo": node, "itens": sumario(node.children)})
        elif isinstance(node, Dispositivo) and node.kind is Kind.ARTIGO and node.rotulo:
            if out and "artigos" in out[-1]:
                out[-1]["artigos"].append(node)
            else:
                out.append({"artigos": [node]})
    return out
