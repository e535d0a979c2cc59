"""What a document is, as every output must say it: a norm in force, revoked or not yet in
force; a proposição without normative value (minuta, projeto, indicação); a consolidation still
being drafted. And which text of it is printed: the original as published, or a text compiled
up to a date with the alterations of named acts.

One definition, used by the site, the DOCX, HTML and text writers and the forms, so no output
can call a draft "em vigor".

>>> status_of(Norma(tipo="Minuta de Lei", data="2023-11-23")).label
'minuta de lei — sem valor normativo'
>>> status_of(Norma(tipo="Lei", vigencia="2015-05-12"), on="2020-01-01").label
'em vigor'
>>> status_of(Norma(tipo="Lei", vigencia="2030-01-01"), on="2020-01-01").label
'vigência futura (a partir de 1º de janeiro de 2030)'
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import date, datetime, timezone

from lexconsolida.model.dates import format_long
from lexconsolida.model.efficacy import act_status
from lexconsolida.model.nodes import Norma, Situacao

VIGENTE_SITUACAO = Situacao.VIGENTE

PROPOSICAO_PREFIXES = ("minuta", "projeto", "anteprojeto", "indicação", "indicacao",
                       "substitutivo", "requerimento", "proposta")
"""Types whose documents are proposals, not norms ('Minuta de Lei', 'Projeto de Lei' …)."""

ESTADOS = ("norma", "proposicao", "consolidacao")
"""Values of ``Norma.estado`` (None: decided by the type)."""

FEMININE = ("lei", "resolução", "resolucao", "portaria", "emenda", "instrução", "medida",
            "deliberação", "minuta", "indicação", "indicacao", "proposta", "constituição")


def reference_date() -> str:
    """The date statuses are computed for: ``SOURCE_DATE_EPOCH`` (reproducible builds) when
    set, else today."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch and epoch.strip().isdigit():
        return datetime.fromtimestamp(int(epoch), tz=timezone.utc).date().isoformat()
    return date.today().isoformat()


@dataclass(slots=True, frozen=True)
class Status:
    """The status of a document."""

    code: str
    """'vigente', 'revogada', 'vigencia-futura', 'proposicao' or 'consolidacao'; from an efficacy
    event of the whole act (:func:`lexconsolida.model.efficacy.act_status`): 'suspensa',
    'inconstitucional', 'sem-efeito', 'efeitos-futuros'."""
    label: str
    """How the metadata block says it: 'em vigor', 'revogada', 'minuta de lei — sem valor normativo'."""
    normative: bool
    """False for proposições and consolidations in preparation: never listed among acts."""
    notice: str | None = None
    """A sentence for a banner at the top of the document (None for a norm in force)."""


def estado_of(norma: Norma) -> str:
    """'norma', 'proposicao' or 'consolidacao': ``Norma.estado`` or, when unset, by the type."""
    if norma.estado in ESTADOS:
        return norma.estado
    return "proposicao" if is_proposicao_tipo(norma.tipo) else "norma"


def is_proposicao_tipo(tipo: str | None) -> bool:
    return (tipo or "").strip().lower().startswith(PROPOSICAO_PREFIXES)


def feminine(tipo: str | None) -> bool:
    return (tipo or "").strip().lower().startswith(FEMININE)


def status_of(norma: Norma, on: str | None = None) -> Status:
    """The document's status on ``on`` (ISO date; default :func:`reference_date`)."""
    estado = estado_of(norma)
    kind = (norma.tipo or "documento").strip()
    if estado == "proposicao":
        return Status("proposicao", f"{kind.lower()} — sem valor normativo", False,
                      f"{kind} sem valor normativo: texto proposto, que não foi aprovado nem "
                      "publicado como norma. Não o aplique nem o cite como lei.")
    if estado == "consolidacao":
        return Status("consolidacao", "consolidação em elaboração — sem valor normativo", False,
                      "Consolidação em elaboração, sem valor normativo: proposta de texto "
                      "consolidado (LC 95/1998, art. 13) que ainda depende de aprovação. "
                      "Enquanto não for aprovada, valem os atos que ela consolida.")
    a = "a" if feminine(norma.tipo) else "o"
    efficacy = act_status(norma, on or norma.as_of or reference_date())
    if norma.situacao is VIGENTE_SITUACAO and efficacy is not None:  # a court's decision, a voided act …
        code, label, notice = efficacy
        return Status(code, label, True, notice)
    if norma.situacao is not Situacao.VIGENTE:
        word = {Situacao.REVOGADO: "revogad", Situacao.VETADO: "vetad",
                Situacao.SUPRIMIDO: "suprimid"}.get(norma.situacao, "revogad") + a
        return Status("revogada", word, True, f"{kind} {word}: o texto abaixo não está em vigor.")
    start = norma.vigencia
    today = on or reference_date()
    if start and start > today:
        when = _long(start)
        return Status("vigencia-futura", f"vigência futura (a partir de {when})", True,
                      f"{kind} com vigência futura: entra em vigor em {when}.")
    return Status("vigente", "em vigor", True)


def _long(iso: str) -> str:
    try:
        return format_long(iso)
    except ValueError:
        return iso


def _tipo_of_label(label: str) -> tuple[str, str]:
    """('Lei', 'nº 2.331, de 21 de maio de 2002') from 'Lei nº 2.331, de 21 de maio de 2002'."""
    head, sep, rest = label.partition(" nº ")
    return (head, "nº " + rest) if sep else (label, "")


def _plural(tipo: str) -> str:
    words = tipo.split(" ")
    first = words[0]
    if first.endswith("ão"):
        first = first[:-2] + "ões"
    elif first[-1] in "rz":
        first += "es"
    else:
        first += "s"
    if len(words) > 1 and words[1].lower() == "complementar":
        words[1] = words[1] + "es"
    return " ".join([first, *words[1:]])


def _contracted_article(tipo: str, plural: bool) -> str:
    art = "as" if plural else "a"
    if not feminine(tipo):
        art = "os" if plural else "o"
    return "d" + art


def acts_phrase(labels: list[str]) -> str:
    """'da Lei nº 1, de …' / 'das Leis nº 1, de …, e nº 2, de …' / 'da Lei nº 1, de … e do
    Decreto nº 2, de …': the acts, grouped by type in the order given.

    >>> acts_phrase(["Lei nº 1, de 2 de maio de 2001", "Lei nº 5, de 3 de maio de 2002"])
    'das Leis nº 1, de 2 de maio de 2001 e nº 5, de 3 de maio de 2002'
    """
    groups: dict[str, list[str]] = {}
    for label in labels:
        tipo, rest = _tipo_of_label(label)
        groups.setdefault(tipo, []).append(rest)
    parts = []
    for tipo, rests in groups.items():
        if len(rests) == 1:
            parts.append(f"{_contracted_article(tipo, False)} {tipo}{' ' + rests[0] if rests[0] else ''}")
        else:
            listed = (rests[0] + " e " + rests[1]) if len(rests) == 2 else \
                ", ".join(rests[:-1]) + ", e " + rests[-1]
            parts.append(f"{_contracted_article(tipo, True)} {_plural(tipo)} {listed}")
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " e " + parts[-1]


def alterations(norma: Norma) -> list[tuple[str, str | None]]:
    """(label, date) of every other act whose changes the tree carries, oldest first."""
    found: dict[str, str | None] = {}
    for _, history in norma.histories():
        for v in history:
            ev = v.event
            if ev.kind in ("original", "restabelecida") or not ev.act_label or (ev.act_urn and ev.act_urn == norma.urn):
                continue  # a wording a court's decision gave back is not an alteration by an act
            date = v.start or ev.date
            if ev.act_label not in found or (date and (found[ev.act_label] or "") < date):
                found[ev.act_label] = date
    for ev in norma.events:  # a revocation; or the changes of a text whose history was dropped
        if ev.kind in ("revogacao", "alteracao") and ev.act_label and (
                not ev.act_urn or ev.act_urn != norma.urn):
            found.setdefault(ev.act_label, ev.date)
    return sorted(found.items(), key=lambda kv: (kv[1] or "", kv[0]))


def is_incomplete(norma: Norma) -> bool:
    """A norm whose source text has articles but ends without fecho or signatures."""
    return (estado_of(norma) == "norma" and any(True for _ in norma.artigos())
            and not norma.fecho and not norma.assinaturas)


def _has_notes(norma: Norma) -> bool:
    """Whether the text keeps the notes of its changes ('Redação dada pela …'): a history with
    more than the original wording. A text in force cut at a date keeps none."""
    return any(v.event.kind != "original" for _, history in norma.histories() for v in history)


def which_text(norma: Norma, view: str = "vigente") -> list[str]:
    """The sentences that say which text a document prints, for the top of every output:
    the status notice (drafts, revoked, future), 'Texto compilado até …, com as alterações
    das Leis …' or 'Texto original, como publicado.', and 'Texto incompleto …' when the source
    ends without fecho."""
    status = status_of(norma)
    out = [status.notice] if status.notice else []
    if status.normative:
        changes = alterations(norma)
        if changes:
            last = max((d for _, d in changes if d), default=None)
            until = f" até {_long(last)}" if last else ""
            how = ("As redações superadas aparecem riscadas" if view == "compilado"
                   else "As redações alteradas trazem a nota do ato que as alterou" if _has_notes(norma)
                   else "Só as redações em vigor aparecem, sem as notas de alteração")
            out.append(f"Texto compilado{until}, com as alterações {acts_phrase([l for l, _ in changes])}. "
                       f"{how}; a epígrafe, o fecho e as assinaturas são os do texto original.")
        else:
            out.append("Texto original, como publicado.")
    if is_incomplete(norma):
        artigos = list(norma.artigos())
        where = f" no {artigos[-1].rotulo}" if artigos and artigos[-1].rotulo else ""
        out.append(f"Texto incompleto: o texto-fonte termina{where}, sem fecho nem assinaturas.")
    return out
