"""What an audit finds: LC 95/1998 art. 13 categories, one row per consolidated dispositivo,
the source dispositivos lost, and the summary the procuradoria reads."""

from __future__ import annotations

from dataclasses import dataclass, field

from lexconsolida.audit.correspondence import TableCheck
from lexconsolida.diff.tokens import Op

INCISOS: dict[str, str] = {
    "I": "introdução de novas divisões do texto legal base",
    "II": "diferente colocação e numeração dos artigos consolidados",
    "III": "fusão de disposições repetitivas ou de valor normativo idêntico",
    "IV": "atualização da denominação de órgãos e entidades da administração pública",
    "V": "atualização de termos antiquados e modos de escrita ultrapassados",
    "VI": "atualização do valor de penas pecuniárias, com base em indexação padrão",
    "VII": "eliminação de ambiguidades decorrentes do mau uso do vernáculo",
    "VIII": "homogeneização terminológica do texto",
    "IX": "supressão de dispositivos declarados inconstitucionais pelo Supremo Tribunal Federal",
    "X": "indicação de dispositivos não recepcionados pela Constituição Federal",
    "XI": "declaração expressa de revogação de dispositivos implicitamente revogados por leis posteriores",
}
"""LC 95/1998, art. 13, § 2º (redação da LC 107/2001): the only changes a consolidation may make."""

JUSTIFIED_INCISOS = ("IX", "X", "XI")
"""§ 3º: these must be expressly justified, naming the sources of information."""

MERIT_KINDS: dict[str, str] = {
    "valor": "valor",
    "percentual": "percentual",
    "prazo": "prazo",
    "numero": "número ou quantidade",
    "penalidade": "penalidade",
    "obrigacao": "obrigação, proibição ou faculdade",
    "condicao": "condição ou exceção",
    "remissao": "remissão que passou a apontar para outro dispositivo",
    "objeto": "objeto ou conteúdo",
    "inconstitucional": "dispositivo declarado inconstitucional (ou tornado sem efeito) mantido como válido",
}
"""Kinds of change of scope (§ 1º: 'sem modificação do alcance')."""

# Verdicts, one per row.
SEM_ALTERACAO = "sem-alteracao"
PERMITIDO = "permitido"
MERITO = "merito"
MATERIA_NOVA = "materia-nova"
PERDA = "perda"
VERDICTS = (SEM_ALTERACAO, PERMITIDO, MERITO, MATERIA_NOVA, PERDA)
VERDICT_NAMES = {
    SEM_ALTERACAO: "sem alteração",
    PERMITIDO: "permitido",
    MERITO: "alteração de mérito",
    MATERIA_NOVA: "matéria nova",
    PERDA: "perda",
}


@dataclass(frozen=True, slots=True)
class Finding:
    """One difference and how LC 95 art. 13 judges it."""

    inciso: str | None
    """§ 2º inciso that allows it ('II'), or None for a change § 1º forbids."""
    tipo: str
    """For a merit change, a key of :data:`MERIT_KINDS`; for an allowed one, a short key
    ('renumeracao', 'remissao', 'termo', 'grafia', 'pontuacao', 'indice', 'fusao', 'divisao',
    'descarte', 'clausula-final', 'instrucao-cumprida')."""
    antes: str = ""
    depois: str = ""
    motivo: str = ""
    """Why it is allowed (the table's or the spec's reason), or what changed."""
    justificado: bool = True
    """For IX–XI: whether the § 3º justification (reason and source) was given."""

    @property
    def permitted(self) -> bool:
        return self.inciso is not None or self.tipo in ("clausula-final", "instrucao-cumprida")


@dataclass(frozen=True, slots=True)
class SourceRef:
    """A source dispositivo as the report cites it."""

    alias: str
    norma: str
    """'Lei nº 2.244, de 30 de maio de 2001'."""
    dispositivo: str
    """'art. 16, § 1º'."""
    id: str
    texto: str


@dataclass(slots=True)
class Row:
    """One consolidated dispositivo (or, for a loss, one source dispositivo not carried)."""

    id: str | None
    """Id in the consolidation (None for a loss)."""
    dispositivo: str
    """How the consolidation cites it ('art. 20, § 1º'), or '—' for a loss."""
    texto: str
    fontes: list[SourceRef]
    findings: list[Finding]
    verdict: str
    ops: tuple[Op, ...] = ()
    """Word-level changes from the source text(s) to the consolidated text."""
    kind: str = ""

    def incisos(self) -> list[str]:
        seen: list[str] = []
        for f in self.findings:
            if f.inciso and f.inciso not in seen:
                seen.append(f.inciso)
        return sorted(seen, key=_roman_value)

    def verdict_text(self) -> str:
        if self.verdict == PERMITIDO:
            inc = self.incisos()
            if not inc:
                return "permitido (LC 95, art. 13, § 1º e arts. 8º e 9º)"
            word = "inciso" if len(inc) == 1 else "incisos"
            return f"permitido pelo § 2º, {word} {', '.join(inc)}"
        return VERDICT_NAMES[self.verdict]


@dataclass(slots=True)
class Audit:
    consolidacao: str
    """Title of the consolidation audited."""
    data: str
    """Date at which the sources were taken in force."""
    fontes: list[tuple[str, str, str | None]]
    """(alias, label, urn) of each source."""
    rows: list[Row]
    agrupadores: int = 0
    """Agrupadores of the consolidation (§ 2º, I: new divisions)."""
    notes: list[str] = field(default_factory=list)
    """What the audit could not decide mechanically and says so."""
    not_revoked: list[str] = field(default_factory=list)
    """Labels of source acts the consolidation does not formally revoke (§ 1º: 'revogando-se
    formalmente as leis incorporadas')."""
    table_check: TableCheck | None = None
    """The drafter's correspondence table checked against the trace (``correspondence.TableCheck``)."""

    def counts(self) -> dict[str, int]:
        out = {v: 0 for v in VERDICTS}
        for r in self.rows:
            out[r.verdict] += 1
        return out

    def by_inciso(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for r in self.rows:
            for i in r.incisos():
                out[i] = out.get(i, 0) + 1
        return {k: out[k] for k in sorted(out, key=_roman_value)}

    def unjustified(self) -> list[tuple[Row, Finding]]:
        """§ 2º IX–XI changes lacking the § 3º justification."""
        return [(r, f) for r in self.rows for f in r.findings
                if f.inciso in JUSTIFIED_INCISOS and not f.justificado]

    @property
    def only_allowed(self) -> bool:
        """Whether every difference is one § 2º (or § 1º's formal revocation) allows."""
        c = self.counts()
        return (c[MERITO] == c[MATERIA_NOVA] == c[PERDA] == 0 and not self.unjustified()
                and not self.not_revoked)

    @property
    def table_mismatches(self) -> list[dict]:
        return list(self.table_check.mismatches) if self.table_check is not None else []


_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


def _roman_value(s: str) -> int:
    total = 0
    for a, b in zip(s, s[1:] + " "):
        v = _ROMAN.get(a, 0)
        total += -v if _ROMAN.get(b, 0) > v else v
    return total
