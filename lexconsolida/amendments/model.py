"""Operations recognised in an amending act, and the problems that stop mechanical application."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field

from lexconsolida.citations import ActRef
from lexconsolida.model.nodes import EMENTA_ID

OP_KINDS = ("redacao", "inclusao", "revogacao", "renumeracao", "revogacao_total", "nota", "pendente")
"""'nota' only comes from a recorded human decision: a note on a unit, wording unchanged;
'pendente' from ``amend --parcial``: an instruction left for a decision, noted on the unit."""

KIND_NAMES = {
    "redacao": "nova redação",
    "inclusao": "inclusão",
    "revogacao": "revogação",
    "renumeracao": "renumeração",
    "revogacao_total": "revogação do ato",
    "nota": "anotação",
    "pendente": "alteração pendente de decisão",
}


EMENTA = EMENTA_ID
"""``Operation.target_id`` of an operation on the norm's ementa (:data:`EMENTA_ID`)."""


def work_key(urn: str | None) -> str:
    """A URN as a work: lower case, no accents, no version ('@…'), no fragment ('!…')."""
    if not urn:
        return ""
    s = urn.split("!", 1)[0].split("@", 1)[0].strip().lower()
    return "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c))


@dataclass(slots=True, frozen=True)
class Operation:
    """One explicit change to one dispositivo (or to a whole act)."""

    kind: str
    """'redacao', 'inclusao', 'revogacao', 'renumeracao', 'revogacao_total' or 'nota'."""
    target_urn: str | None
    """URN of the norm changed (work level), when the act is identified."""
    target_label: str
    """How the instruction names the norm ('Lei nº 2.217/2001', 'Constituição Federal')."""
    target_id: str | None
    """LexML id of the dispositivo; None for a whole-act revocation. For an agrupador, its kind
    and number ('cap4'): the applier finds it wherever it sits ('tit2_cap4'). ``EMENTA``
    ('ementa', with ``unit_kind`` 'ementa') for a new wording of the norm's ementa."""
    unit_kind: str | None = None
    """Kind of the dispositivo ('artigo', 'inciso' …)."""
    rotulo: str | None = None
    """The rótulo printed in the quoted text ('c)', 'Art. 5º-A')."""
    text: str | None = None
    """The new wording (own text; an artigo's caput text); None for revocations."""
    new_id: str | None = None
    """Renumbering: the new id."""
    new_rotulo: str | None = None
    """Renumbering: the new rótulo."""
    source: str = ""
    """The instruction's text, as printed."""
    line: int | None = None
    """1-based line of the instruction in the amending act."""
    where: str | None = None
    """The instruction's dispositivo id in the amending act ('art2')."""
    in_corpus: bool = True
    """False when the target norm is not in the corpus ('alvo fora do acervo')."""
    lenient: bool = False
    """True for 'passa a vigorar com as seguintes alterações': redação of a unit that does not
    exist yet is an inclusão."""
    note: str | None = None
    """For operations from a human decision: the decision's note."""
    implicit_renumbering: bool = False
    """Inclusion of a numbered § whose instruction says nothing of the parágrafo único: if the
    artigo has one, it becomes § 1º (implicit renumbering, noted in the history)."""
    keep: tuple[str, ...] | None = None
    """A set replaced whole ('Os parágrafos do art. 11 … ficam revogados, passando a apresentar
    a seguinte redação'): a revocation of the units of ``unit_kind`` directly in ``target_id``
    except these ids, the ones the quoted text brings."""
    complete: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """New wording whose quoted text brings whole lists of the unit's units (no omissis line
    among them): (kind, ids brought) — '' for every kind —; the units of that kind directly in
    the unit that are not brought are revoked."""
    container: bool = False
    """For a unit quoted around the units an instruction adds ('Acrescentem-se ao inciso I …
    as alíneas g e h' quoting 'I - …'): its text is context when it is the base's; a close
    variant is new wording (noted); a different text, or a unit the base lacks (unless
    ``lenient``), is for a person to decide."""
    holds: str | None = None
    """For an agrupador (``unit_kind`` 'capitulo', 'secao' …): the first artigo the quoted text
    puts under it; the agrupador renamed must hold it in the target."""
    target_act: ActRef | None = field(default=None, compare=False)
    """The citation of the target norm, for matching a base outside the corpus."""
    via: str | None = None
    """URN of the amending act the instruction cites, when the unit it names there is text that
    act carried to this norm (``amendments.through``): the operation changes this norm."""
    in_list: bool = False
    """A revocation of one of several units one citation names ('os artigos 217 a 287'): a unit
    an earlier act already revoked is left as it is (that revocation stands), the others are
    revoked; a unit named alone and already revoked is refused (the citation may be wrong)."""
    copy_of: str | None = None
    """An inclusion whose wording is another unit's of the same norm ('Acrescente-se o art. 5º com
    a redação do atual art. 4º'): the id of that unit, as it stands before this act (copies are
    applied before the act's other operations). An artigo is copied whole: its caput and its
    units in force, under the new number."""

    given: bool = True
    """False for a wording a person wrote in a decision (``[[decisoes]]``) that the amending
    act's text does not carry (it changed the unit without giving it a new wording): the note
    is '(Vide …)', never '(Redação dada pela …)'."""

    def describe(self) -> str:
        """One Portuguese line for review (``amend --dry-run``)."""
        what = KIND_NAMES.get(self.kind, self.kind)
        where = f" (linha {self.line})" if self.line else ""
        alvo = self.target_label if self.target_id is None else f"{self.target_id} — {self.target_label}"
        s = f"{self.where or '?'}{where}: {what} de {alvo}"
        if self.kind == "renumeracao":
            s += f" → {self.new_id} ({self.new_rotulo})"
        if self.keep is not None:
            s += f" (unidades do tipo {self.unit_kind} não trazidas no texto entre aspas)"
        if self.text:
            sep = " – " if self.unit_kind == "inciso" or (self.rotulo or "").startswith("Par") else " "
            rot = f"{self.rotulo}{sep}" if self.rotulo else ""
            s += f"\n    {rot}{self.text}"
        if self.copy_of:
            s += f"\n    [com a redação de {self.copy_of}, como estava antes deste ato]"
        if self.via:
            s += f"\n    [citado como dispositivo de {self.via}, que o levou a esta norma]"
        if not self.in_corpus:
            s += "\n    [alvo fora do acervo]"
        return s


@dataclass(slots=True, frozen=True)
class Problem:
    """What cannot be applied mechanically: reported, never guessed."""

    code: str
    """'alvo-inexistente', 'alvo-ambiguo', 'alvo-fora-do-acervo', 'ementa-divergente',
    'alteracao-nao-textual', 'norma-alvo-nao-identificada', 'sem-texto-novo',
    'alvo-sem-texto', 'alvo-ja-existe', 'dispositivo-sem-instrucao' …"""
    message: str
    """Portuguese sentence."""
    source: str = ""
    """The instruction's text, as printed."""
    line: int | None = None
    where: str | None = None
    """Dispositivo of the amending act (None: the ementa or the whole act)."""
    blocking: bool = True
    """True when the act must not be applied until a person decides (``[[decisoes]]``)."""
    target_urn: str | None = None
    """The norm the instruction addresses, when the recogniser knows it (a norm of the acervo,
    or a federal or state act): the problem holds back only the operations on that norm. None:
    unknown (the ementa, a norm not identified, several norms): it holds back every target."""

    def concerns(self, urns: Iterable[str | None]) -> bool:
        """Whether this problem bears on an application to the norm(s) ``urns`` (the base's URN,
        the target URNs of the operations on it)."""
        if self.target_urn is None:
            return True
        key = work_key(self.target_urn)
        return any(u and work_key(u) == key for u in urns)

    def describe(self) -> str:
        loc = self.where or "ato"
        if self.line:
            loc += f", linha {self.line}"
        kind = "problema" if self.blocking else "aviso"
        s = f"{loc}: {kind} [{self.code}]: {self.message}"
        if self.source:
            s += f"\n    texto: {self.source}"
        return s


@dataclass(slots=True)
class Recognition:
    """The result of reading an amending act: operations and problems."""

    act_urn: str | None
    act_label: str
    operations: list[Operation] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def blocking(self) -> list[Problem]:
        """Every blocking problem, whatever norm it concerns."""
        return [p for p in self.problems if p.blocking]

    def blocking_for(self, *urns: str | None) -> list[Problem]:
        """The blocking problems that hold back an application to the norm ``urns`` names (its
        URN, and the target URNs of the operations on it): those of that norm and those whose
        norm is unknown. A problem of an instruction to another norm does not."""
        return [p for p in self.problems if p.blocking and p.concerns(urns)]

    def describe(self) -> str:
        lines = [f"Operações de {self.act_label}:"]
        lines += [o.describe() for o in self.operations] or ["(nenhuma)"]
        if self.problems:
            lines.append("Problemas para decisão humana:")
            lines += [p.describe() for p in self.problems]
        return "\n".join(lines) + "\n"
