"""The drafters' vocabulary: every amending formula the recogniser knows, as data.

Mined from a whole municipality's legislation (the ~450 amending acts of the Feira de Santana
acervo, 1970–2020: verb × tense × clitic × spacing) and from LC 95/1998 art. 12. Each
:class:`Formula` is one wording family: what it does (``kind``), a regular expression, and an
example written for this table. ``docs/alteracoes.md`` lists them with their counts in the
acervo (``python bench/acervo_amend.py --formulas``). :mod:`lexconsolida.amendments.phrases`
compiles one pattern per kind from this table; add a wording here, not in code.

Kinds:
- ``redacao``: new wording of the units quoted;
- ``generica``: "com as seguintes alterações": each quoted unit that exists gets new wording,
  one that does not is included;
- ``inclusao``: units added;
- ``revogacao``: units (or the whole act) revoked or suppressed;
- ``renumeracao``: a unit takes another number ("passa a ser o § 1º");
- ``copia``: not a verb but what an inclusion brings instead of quoted text: the wording of
  another unit of the same norm ("Acrescente-se o art. 5º com a redação do atual art. 4º"),
  matched between the two citations;
- ``substituicao``: an expression replaced by another, where named or in the whole norm;
- ``exclusao``: a revocation worded as an exclusion ("Exclua-se o inciso II …", "Ficam
  excluídos os seguintes dispositivos …:").

The last two are terminals of the instruction grammar (``lexconsolida/data/gramatica/
instrucao.lark``), which decides the shapes they may take; the others are still matched by the
formula recogniser as well.
"""

from __future__ import annotations

from dataclasses import dataclass

# Reusable pieces (verb tenses and spacing as printed).
PASSA = r"passa(?:m|r[áa]|r[ãa]o)?\s+a"
"""passa / passam / passará / passarão a"""
VIGORAR = r"(?:vigorar|viger|vigir)"
REDACAO = r"(?:reda[çc](?:[ãa]o|[õo]es)|teor)"
SEGUINTE = r"(?:seguintes?|abaixo)"
HIFEN = r"\s*[-‐–]\s*"
UNIT_WORD = (r"(?:seguintes?|§|par[áa]grafos?|incisos?|al[íi]neas?|itens?|art(?:igo)?s?\b|cap[íi]tulos?|"
             r"se[çc](?:[ãa]o|[õo]es)|subse[çc](?:[ãa]o|[õo]es)|anexos?)")
"""What an inclusion adds ('acrescido do seguinte § 3º', 'acrescido dos incisos V e VI'), as
opposed to 'acrescido das vantagens pecuniárias' or 'acrescido dos juros' (amounts)."""
"""'dê-se', 'dê - se', 'dê -se'"""


@dataclass(frozen=True, slots=True)
class Formula:
    kind: str
    name: str
    """How the table in the docs names it."""
    pattern: str
    example: str
    """Written for this table (not copied from an act)."""


FORMULAS: tuple[Formula, ...] = (
    # --- new wording -------------------------------------------------------------------------
    Formula("redacao", "passa(m)/passará(ão) a vigorar/viger com a seguinte redação",
            rf"{PASSA}\s+{VIGORAR}\s+com\s+(?:a|o|as|os)\s+(?:{SEGUINTE}\s+)?{REDACAO}(?:\s+{SEGUINTE})?",
            "O art. 3º da Lei nº 100/2001 passa a viger com a seguinte redação:"),
    Formula("redacao", "passa(m) a ter a seguinte redação / o seguinte teor",
            rf"{PASSA}\s+ter\s+(?:a|o|as|os)?\s*(?:{SEGUINTE}\s+)?{REDACAO}",
            "O inciso II do art. 4º passa a ter a seguinte redação:"),
    Formula("redacao", "terá/terão a seguinte redação",
            rf"\bter[áa]o?\s+(?:a|as)\s+{SEGUINTE}\s+{REDACAO}|\bter[ãa]o\s+(?:a|as)\s+{SEGUINTE}\s+{REDACAO}",
            "O § 2º do art. 9º terá a seguinte redação:"),
    Formula("redacao", "dê-se (dê - se, de-se) … a seguinte / nova redação",
            rf"\bd[êe]{HIFEN}se\b.{{0,300}}?\b(?:(?:{SEGUINTE}|nova)\s+{REDACAO}|{REDACAO}\s+{SEGUINTE})",
            "Dê-se ao art. 7º da Lei nº 55/1999 a seguinte redação:"),
    Formula("redacao", "dando-se a … a seguinte redação (instrução mista)",
            rf"\bdando{HIFEN}se\b.{{0,300}}?\b(?:{SEGUINTE}|nova)\s+{REDACAO}",
            "Suprima-se o inciso IV, dando-se ao inciso III a seguinte redação:"),
    Formula("redacao", "dá nova redação a",
            rf"\bd[áa]\s+(?:a\s+)?(?:seguinte|nova)\s+{REDACAO}\s+(?:a[o]?s?|à|às)\b",
            "Esta Lei dá nova redação ao art. 2º da Lei nº 10/2000, que passa a vigorar assim:"),
    Formula("redacao", "fica(m) dada(s) / é dada nova redação a",
            rf"\b(?:fica(?:m)?|[ée]|s[ãa]o)\s+dad[oa]s?\s+(?:a\s+)?(?:seguinte|nova)\s+{REDACAO}\b",
            "Fica dada nova redação ao art. 2º da Lei nº 10/2000:"),
    Formula("redacao", "fica(m) alterado(s) … a seguinte redação",
            rf"\bfica(?:m)?\s+(?:alterad|modificad)[oa]s?\b.{{0,200}}?\b{SEGUINTE}\s+{REDACAO}",
            "Fica alterado o § 1º do art. 5º, que terá a seguinte redação:"),
    Formula("redacao", "com a seguinte redação / redação dada:",
            rf"\bcom\s+a\s+{SEGUINTE}\s+{REDACAO}|{REDACAO}\s+(?:dada|seguinte)\s*:",
            "O art. 8º fica com a seguinte redação:"),
    # --- general changes ---------------------------------------------------------------------
    Formula("generica", "passa(m) a vigorar/viger com as seguintes alterações",
            rf"{PASSA}\s+{VIGORAR}\s+com\s+as\s+(?:{SEGUINTE}\s+)?(?:altera[çc][õo]es|modifica[çc][õo]es)",
            "A Lei nº 300/2005 passa a vigorar com as seguintes alterações:"),
    Formula("generica", "com as seguintes alterações / introduzidas as seguintes alterações",
            r"(?:com\s+as|introduz(?:idas)?\s+as|sofre\s+as)\s+seguintes\s+(?:altera[çc][õo]es|modifica[çc][õo]es)",
            "O Anexo da Lei nº 12/2010 fica com as seguintes alterações:"),
    Formula("generica", "passa(m) a vigorar com os seguintes parágrafos/incisos/nomes…",
            rf"{PASSA}\s+(?:{VIGORAR}|ter)\s+com\s+(?:o|os|a|as)\s+{SEGUINTE}\s+(?!reda[çc]|teor)[a-zà-ÿ]+",
            "O art. 4º passa a vigorar com os seguintes parágrafos:"),
    Formula("generica", "altere(m)-se (a redação de / no art. … os seguintes)",
            rf"\baltere(?:m)?{HIFEN}se\b",
            "Altere-se a redação dos incisos II e III do art. 6º da Lei nº 40/2004:"),
    # --- inclusion ---------------------------------------------------------------------------
    Formula("inclusao", "acrescido(s) do(s) seguinte(s) / do § … / passa a vigorar acrescido / será acrescido o seguinte",
            rf"acrescid[oa]s?\s+d[oa]s?\s+{UNIT_WORD}|{PASSA}\s+{VIGORAR}\s+acrescid"
            r"|\bser[áa]o?\s+acrescid[oa]s?\s+(?:o|os|a|as)\s+seguintes?\b",
            "O art. 10 passa a vigorar acrescido do seguinte § 3º:"),
    # 'com acréscimo do inciso VIII ao art. 16 e o art. 22 com a seguinte redação' is a mixed
    # instruction, read as new wording (units that do not exist are included): not here
    Formula("inclusao", "passa(m) a vigorar/viger com a inclusão de",
            rf"{PASSA}\s+{VIGORAR}\s+com\s+a\s+(?:inclus[ãa]o|inser[çc][ãa]o)\s+d",
            "O art. 59 passa a viger com a inclusão do parágrafo a seguir:"),
    Formula("inclusao", "fica(m) acrescido(s)/acrescentado(s)/inserido(s)/incluído(s)",
            r"\bfica(?:m)?\s+(?:acrescid|acrescentad|inserid|inclu[íi]d)[oa]s?\b",
            "Fica acrescentado ao art. 6º o seguinte parágrafo único:"),
    Formula("inclusao", "acrescente(m)-se / acrescenta(m)(-se) / acresce(m)-se / acresça(m)-se / acrescentar-se",
            rf"\bacrescent(?:e|em|a|am|ar){HIFEN}se\b|\bacresce(?:m)?{HIFEN}se\b|\bacres[çc]a(?:m)?{HIFEN}se\b|\bacrescenta(?:m)?\b"
            rf"|\bacrescentad[oa]s?\b(?!\s*,?\s*(?:pel[oa]s?|por)\b)",  # 'acrescentados pelo art. 1º da Lei …': history
            "Acrescente-se ao art. 2º o inciso V, com a seguinte redação:"),
    Formula("inclusao", "inclua(m)-se / insira(m)-se / inclui / insere",
            rf"\binclu[ai](?:m)?{HIFEN}se\b|\binsir(?:a|am){HIFEN}se\b|\binsere(?:m)?{HIFEN}se\b"
            r"|\bser[áa]o?\s+(?:acrescid|acrescentad|inclu[íi]d|inserid)[oa]s?\s+(?:a[o]?s?|à|no|na)\b"
            r"|\bser[ãa]o\s+(?:acrescid|acrescentad)[oa]s?\s+(?:a|à|ao|no|na)\s+(?:Lei|Decreto|Resolu[çc][ãa]o)"
            r"(?:\s+Complementar)?(?:\s+Municipal)?\s+n[º°o.]",
            "Inclua-se no art. 12 a alínea d:"),
    # --- revocation / suppression ------------------------------------------------------------
    Formula("revogacao", "revoga(m)-se / revogue(m)-se",
            rf"\brevoga(?:m)?{HIFEN}se\b|\brevogue(?:m)?{HIFEN}se\b",
            "Revogam-se o § 2º do art. 4º e o art. 9º da Lei nº 77/2003."),
    Formula("revogacao", "fica(m) revogado(s) / são revogados / é revogado",
            r"\bfica(?:m)?\s+revogad|\bs[ãa]o\s+revogad|\b[ée]\s+revogad|\bficar[ãa]o\s+revogad",
            "Ficam revogados os incisos II e III do art. 5º da Lei nº 77/2003."),
    Formula("revogacao", "suprima(m)-se / suprime(m)-se / fica(m) suprimido(s)",
            rf"\bsuprim[ae](?:m)?{HIFEN}se\b|\bfica(?:m)?\s+suprimid|\bs[ãa]o\s+suprimid",
            "Suprima-se a alínea c do inciso I do art. 3º."),
    Formula("revogacao", "revogo / esta Lei revoga",
            r"\brevogo\b|\b(?:esta|a\s+presente)\s+(?:lei|resolu[çc][ãa]o|decreto)\s+(?:complementar\s+)?revoga\b",
            "Esta Lei revoga o art. 5º da Lei nº 1/1990."),
    # --- renumbering -------------------------------------------------------------------------
    Formula("renumeracao", "renumere(m)-se / renumerando-se / fica(m) renumerado(s)",
            rf"\brenumerand[oa]{HIFEN}se|\bfica(?:m)?\s+renumerad|\brenumere(?:m)?{HIFEN}se",
            "Renumere-se o parágrafo único do art. 2º como § 1º."),
    Formula("renumeracao", "passa(m) a ser o § 1º / passa a vigorar como",
            rf"{PASSA}\s+(?:ser|{VIGORAR}\s+como)\s+(?:o\s+|a\s+|os\s+|as\s+)?"
            r"(?:§|par[áa]grafo|art(?:igo)?s?\.?|incisos?|al[íi]neas?|\d{1,3}\s*[º°]\s*[.;,]?\s*$"
            r"|(?-i:[IVXLC]+)(?:\s*(?:,|e|a)\s*(?-i:[IVXLC]+))*\s*[.;,]?\s*$)",
            "O parágrafo único do art. 6º passa a ser o § 1º."),
    # misspellings that repeat in the acervo (2 acts each): 'passa ser o art. 6º', 'Remunere-se'
    Formula("renumeracao", "passa(m) ser o art. … / remunere(m)-se (erros de digitação que se repetem)",
            r"\bpassa(?:m)?\s+ser\s+(?:o|a|os|as)\s+(?:§|par[áa]grafo|art(?:igo)?s?\b\.?|incisos?|al[íi]neas?)"
            rf"|\bremunere(?:m)?{HIFEN}se\b",
            "O atual art. 5º da Lei nº 20/2009 passa ser o art. 6º."),
    Formula("renumeracao", "fica(m) alterado(s) para \"parágrafo primeiro\"",
            r"\bfica(?:m)?\s+alterad[oa]s?\s+para\s+[\"“']?\s*(?:o\s+|a\s+)?"
            r"(?:§|par[áa]grafo|art(?:igo)?\.?|inciso|al[íi]nea)",
            "O parágrafo único do art. 12 fica alterado para \"parágrafo primeiro\"."),
    # --- wording copied from another unit (no quoted text) ------------------------------------
    Formula("copia", "… o art. 5º com a redação do (atual) art. 4º",
            r"\bcom\s+a\s+(?:mesma\s+)?(?:reda[çc][ãa]o|teor)\s+d[oa]s?\s+(?:atua(?:l|is)\s+|vigentes?\s+)?"
            r"(?=art(?:igo)?s?\b|§|par[áa]grafo|inciso|al[íi]nea|item)",
            "Acrescente-se à Lei nº 100/2001 o art. 6º com a redação do atual art. 5º."),
)

GRAMMAR_FORMULAS: tuple[Formula, ...] = (
    # --- expression substitution (read by the grammar: lexconsolida/data/gramatica/instrucao.lark) ---
    Formula("substituicao", "substitua(m)-se / substitui-se / fica(m) substituída(s) … a expressão “X” por “Y”",
            rf"\bsubstitu(?:a|am|i|em){HIFEN}se\b|\bfica(?:m)?\s+substitu[íi]d[oa]s?\b|\bser[áa]o?\s+substitu[íi]d[oa]s?\b",
            "Substitua-se, no art. 5º da Lei nº 10/2000, a expressão “multa” por “penalidade”."),
    # --- exclusion: a revocation, read only with the unit right after the verb (grammar) -------
    Formula("exclusao", "exclua(m)-se / seja(m) excluído(s) / fica(m) excluído(s) o art. …",
            rf"\bexclu(?:a|am|i|em){HIFEN}se\b|\bseja(?:m)?\s+exclu[íi]d[oa]s?\b|\bfica(?:m)?\s+exclu[íi]d[oa]s?\b",
            "Exclua-se o inciso II do art. 3º da Lei nº 10/2000."),
    # --- the final clause that names what it revokes (grammar: clausula_revogatoria) ----------
    Formula("revogacao_clausula", "…, revogadas (revogando-se, ficando revogadas) as disposições em contrário, especialmente …",
            r"\b(?:ficando\s+|ficam\s+)?revogad[oa]s?\b|\brevogando(?:\s*-\s*se)?\b",
            "Esta Lei entra em vigor na data de sua publicação, revogadas as disposições em contrário, especialmente "
            "a Lei nº 20/2005."),
)
"""Wordings that are only terminals of the instruction grammar (``lexconsolida/data/gramatica/
instrucao.lark``, :mod:`lexconsolida.amendments.grammar`): the rules decide the shapes they may
take ('Fica excluído da obrigação prevista no art. 5º' is no instruction; 'Exclua-se o art. 5º'
is), so the formula recogniser (:func:`lexconsolida.amendments.phrases.classify`) does not see
them."""

KINDS = ("redacao", "generica", "inclusao", "revogacao", "renumeracao", "copia", "substituicao", "exclusao")


def pattern_of(kind: str) -> str:
    """The union of the formulas of one kind, for :mod:`re` (VERBOSE off)."""
    return "|".join(f"(?:{f.pattern})" for f in FORMULAS + GRAMMAR_FORMULAS if f.kind == kind)
