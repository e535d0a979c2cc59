"""The drafters' words: every word and phrase the instruction grammar knows, as data.

The grammar (``lexconsolida/data/gramatica/instrucao.lark``) is written over *terminals*; this
table says which words of a dispositivo become which terminal. Mined from the ~450 amending acts
of the Feira de Santana acervo (1970–2020: verb × tense × clitic × spacing × misspelling) and from
LC 95/1998 art. 12 and the federal drafting of the peer ``lexml-eta`` (``../shared/anchors``).
Each :class:`Word` is one terminal's spelling family: the terminal, a regular expression (matched
at the start of a word, case and accents as printed), and an example written for this table.
``docs/alteracoes.md`` lists them. Add a spelling here, never in code: no other module of the
project spells an instruction's verbs (:func:`verb_at` and :func:`first_verb` answer for the
ones that need to know whether a text orders a change — the safety net, the quoted-text shapes,
the verification after applying).

Three kinds of entries:

- **verbs and verb phrases** of the families (nova redação, acréscimo, revogação, supressão,
  exclusão, renumeração, substituição), in each voice the acervo prints them ('Dê-se', 'passa a
  vigorar', 'fica acrescido', 'acrescentando-lhe', 'que deu nova redação');
- **phrases with a role** in a sentence: 'a seguinte redação', 'com as seguintes alterações',
  'alterada pela', 'a que se refere', 'e alterações posteriores', 'entra em vigor', 'revogadas as
  disposições em contrário', 'especialmente';
- **function words** (articles, prepositions, 'e', 'que'), which the grammar needs to see.

A word no entry matches is ``W`` (runs of them merge into one ``W``). Citations (``UNITS``,
``ACT``, ``NAMED``, ``SELF``) come from :mod:`lexconsolida.citations`, not from here.

Misspellings: a word that is one edit away from one of :data:`FUZZY` (long words only) is read as
it, and the reading records the correction ('vi8gorar' → 'vigorar', 'eguinte' → 'seguinte',
'Acresente-se' → 'Acrescente-se'); a shorter misspelling that recurs in the acervo is spelt
here ('passa ser', 'remunere-se', 'coma seguinte').
"""

from __future__ import annotations

import re
from dataclasses import dataclass

HIFEN = r"\s*[-‐–]\s*"
SE = rf"{HIFEN}se\b"
LHE = rf"{HIFEN}lhes?\b"
_B = r"(?![\w-])"
"""The end of a word (a hyphen continues it: 'dê-se' is not 'dê')."""


@dataclass(frozen=True, slots=True)
class Word:
    terminal: str
    pattern: str
    example: str


WORDS: tuple[Word, ...] = (
    # --- phrases with a role (longest first: they win over their words) ----------------------
    Word("CONTRARIO",
         r"(?:(?:tod[oa]s\s+)?(?:as\s+)?(?:suas\s+)?(?:seguintes\s+)?disposi[çc][õo]es\s+em\s+contr[áa]rio)",
         "as disposições em contrário"),
    Word("NOVA_REDACAO",
         r"(?:(?:a|o|as|os)\s+)?"
         r"(?:(?:nova|novas)\s+reda[çc](?:[ãa]o|[õo]es)"
         r"|(?:seguintes?|abaixo|presente)\s+(?:nova\s+)?(?:reda[çc](?:[ãa]o|[õo]es)|teor|conte[úu]do|disposi[çc](?:[ãa]o|[õo]es)"
         r"|composi[çc][ãa]o(?:\s+e\s+(?:reda[çc][ãa]o|configura[çc][ãa]o))?)"
         r"|seguintes?\s+textos?"
         r"|(?:reda[çc](?:[ãa]o|[õo]es)|teor|composi[çc][ãa]o)(?=\s+(?:seguintes?|abaixo|a\s+seguir)))"
         r"(?:\s+(?:seguintes?|abaixo|a\s+seguir))?",
         "a seguinte redação; o seguinte teor; a redação seguinte; nova redação; o seguinte texto"),
    Word("REDACAO_N", r"(?:(?:a|as)\s+)?reda[çc](?:[ãa]o|[õo]es)|(?:o\s+)?teor", "a redação do art. 1º; o teor"),
    Word("ALTERACOES",
         r"(?:(?:a|as)\s+)?(?:seguintes?\s+(?:altera[çc](?:[ãa]o|[õo]es)|modifica[çc](?:[ãa]o|[õo]es))"
         r"|(?:altera[çc][õo]es|modifica[çc][õo]es)\s+(?:seguintes|abaixo|a\s+seguir))",
         "as seguintes alterações"),
    Word("A_SEGUIR",
         r"(?:nos\s+termos|na\s+forma|da\s+forma)\s+(?:que\s+se\s+segue|a\s+seguir|seguinte|abaixo)|da\s+seguinte\s+forma|como\s+segue"
         r"|(?:como\s+)?a\s+seguir(?:\s+(?:descrit|transcrit|indicad|enumerad|especificad|discriminad|relacionad)[oa]s?)?|de\s+abaixo",
         "na forma que se segue; nos termos a seguir"),
    Word("SEGUINTE_UNIT",
         r"(?:(?:o|a|os|as|um|uma)\s+)?(?:seguintes?\s+|nov[oa]s?\s+)(?:par[áa]grafos?|incisos?|al[íi]neas?|itens|item|"
         r"artigos?|dispositivos?|§§?)"
         r"|(?:(?:o|a|os|as)\s+)?(?:par[áa]grafos?|incisos?|al[íi]neas?|itens|item|artigos?)(?=\s+(?:a\s+seguir|abaixo))",
         "o seguinte parágrafo; as seguintes alíneas"),
    Word("SEGUINTES",
         r"(?:(?:o|a|os|as)\s+)?seguintes?",
         "os seguintes (cargos, itens, nomes)"),
    Word("ESPECIALMENTE",
         r"(?:em\s+especial(?:mente)?|especial(?:mente)?|notadamente|principalmente|especificamente|sobretudo)",
         "especialmente; em especial"),
    Word("INCLUSIVE", r"inclusive", "inclusive as constantes da Lei …"),
    Word("VIGOR",
         r"(?:entra(?:m|r[áa]|r[ãa]o|r)?|entrando)\s+em\s+vigor|vigorar[áa]o?(?=\s+(?:a\s+partir|na\s+data|em\s+\d|desde))"
         r"|ter[áa]\s+vig[êe]ncia|(?:produz(?:ir[áa]|indo)?|surtir[áa]|surtindo)\s+(?:seus\s+)?efeitos",
         "Esta Lei entra em vigor; produzindo seus efeitos"),
    Word("PUBLICACAO",
         r"(?:(?:n?a|d?a)\s+)?data\s+d[ae]\s+(?:sua|s/a)?\s*publica[çc][ãa]o|(?:d[ae]\s+)?sua\s+publica[çc][ãa]o",
         "na data de sua publicação"),
    Word("A_PARTIR", r"a\s+partir\s+d[eoa]s?|a\s+contar\s+d[eoa]s?|desde", "a partir de"),
    Word("RETRO", r"retroag\w*|retroativ\w*", "retroagindo seus efeitos a 1º de janeiro"),
    Word("COM_REDACAO_DE", r"com\s+(?:a\s+)?(?:mesma\s+)?(?:reda[çc][ãa]o|teor)\s+d[oa]s?",
         "com a redação do atual art. 4º (cópia); com redação da Emenda nº 1 (histórico)"),
    Word("CITED_ACT", r"(?:lei|decreto|resolu[çc][ãa]o|norma)\s+(?:supracitad|referid|aludid|citad|mencionad|retromencionad|retrocitad)[oa]",
         "da Lei supracitada"),
    Word("AMENDED_BY",
         r"(?:(?:alterad|modificad|modifica|regulamentad|aprovad|introduzid|acrescid|acrescentad|inclu[íi]d|criad|institu[íi]d|"
         r"mantid|consolidad|revigorad|convalidad|disciplinad|renumerad|instaurad)[oa]s?"
         r"|com\s+(?:a\s+)?(?:nova\s+)?reda[çc][ãa]o\s+(?:dada|conferida|atribu[íi]da|introduzida)"
         r"|na\s+(?:nova\s+)?reda[çc][ãa]o\s+(?:dada|conferida)"
         r"|(?:com\s+as|e(?:\s+suas)?)\s+altera[çc][õo]es\s+(?:introduzidas|feitas|promovidas|posteriores\s+introduzidas|dadas))"
         r"\s*,?\s+(?:pel[oa]s?|por)"
         r"|oriund[oa]s?\s+d[ao]s?|modifica\s+pel[oa]s?",
         "alterada pela; com redação dada pela; oriunda da"),
    Word("REFERENCE",
         r"(?:a\s+que\s+(?:se\s+)?(?:refere(?:m)?|alude(?:m)?)(?:\s+a)?|de\s+que\s+trata(?:m)?|"
         r"previst[oa]s?|constante(?:s)?|contid[oa]s?|nos\s+termos|na\s+forma|conforme(?:\s+(?:o\s+)?(?:disposto|previsto|estabelecido))?|"
         r"de\s+acordo\s+com(?:\s+o\s+(?:disposto|estabelecido|previsto))?|indicad[oa]s?|parte\s+integrante|"
         r"em\s+conformidade\s+com|em\s+concord[âa]ncia\s+com|em\s+face\s+d[oa]|com\s+fundamento|fixad[oa]s?|estabelecid[oa]s?|"
         r"relacionad[oa]s?|listad[oa]s?|descrit[oa]s?|elencad[oa]s?|ressalvad[oa]s?|ressalvando|"
         r"representad[oa]s?|reproduzid[oa]s?|correspondente(?:s)?)(?=\s)",
         "a que se refere; de que trata; prevista no; constante do; nos termos da"),
    Word("ALTERACOES_POST",
         r"(?:e\s+(?:suas\s+|respectivas\s+)?|(?:suas|respectivas)\s+)altera[çc][õo]es(?:\s+posteriores|\s+subsequentes)?"
         r"|altera[çc][õo]es\s+(?:posteriores|subsequentes)",
         "e alterações posteriores; e suas alterações"),
    Word("CONTINUES", r"(?:supracitad|referid|aludid|citad|retromencionad|mencionad|retrocitad)[oa]s?",
         "do referido artigo; da Lei supracitada"),
    Word("SELF_SUBJ",
         r"(?:esta|este|a\s+presente|o\s+presente|presente)\s+(?:lei|decreto|resolu[çc][ãa]o|emenda|ato|norma)"
         r"(?:\s+(?:complementar|legislativo|municipal|org[âa]nica))*",
         "Esta Lei Complementar"),
    Word("PUBLICADO", r"publicad[oa]s?", "publicado no jornal …"),
    Word("DISPOSTO", r"(?:o\s+)?disposto", "o disposto no art. 5º"),
    # --- verbs: new wording -------------------------------------------------------------------
    Word("DE_SE", rf"d[êeáa]{SE}|dar{HIFEN}se{HIFEN}[áa]", "Dê-se; Dê - se; De-se"),
    Word("DANDO", rf"dando(?:{HIFEN}(?:se|lhes?))?", "dando-se; dando-lhe"),
    Word("DA_NOVA", r"d[áa]o?\s+(?:a\s+)?(?:nova|seguinte)\s+reda[çc][ãa]o", "dá nova redação"),
    Word("DEU", r"deu|deram|dera", "que deu nova redação"),
    Word("ALTERA_SE", rf"altere(?:m)?{SE}|altera(?:m)?{SE}|modifique(?:m)?{SE}|modifica(?:m)?{SE}",
         "Altere-se; Altera-se"),
    Word("ALTERA", r"altera(?:m)?|altero|modifica(?:m)?|modifico", "Altera o art. 3º …; que altera"),
    Word("ALTEROU", r"alterou|alteraram|modificou|modificaram", "que alterou"),
    Word("ALTERANDO", rf"alterando(?:{HIFEN}(?:se|lhes?))?|modificando(?:{HIFEN}(?:se|lhes?))?",
         "alterando-se"),
    # --- verbs: addition ----------------------------------------------------------------------
    Word("ACRESCENTA_SE",
         rf"acrescente(?:m)?{SE}|acrescenta(?:m)?{SE}|acres[çc]a(?:m)?{SE}|acresce(?:m)?{SE}|adite(?:m)?{SE}"
         rf"|acrescentar{HIFEN}se|inclua(?:m)?{SE}|inclui{SE}|incluem{SE}|insira(?:m)?{SE}|insere(?:m)?{SE}"
         rf"|acrescente{HIFEN}se{HIFEN}lhes?",
         "Acrescente-se; Acresça-se; Inclua-se; Insira-se"),
    Word("ACRESCENTA", r"acrescenta(?:m)?|acresce(?:m)?|inclui|incluem|insere(?:m)?|adita",
         "Esta Lei acrescenta …; que acrescenta"),
    Word("ACRESCENTOU", r"acrescentou|acrescentaram|acresceu|incluiu|incluíram|inseriu|introduziu",
         "que acrescentou"),
    Word("ACRESCENTANDO",
         rf"(?:acrescentando|acrescendo|incluindo|inserindo)(?:{HIFEN}(?:se|lhes?))?",
         "acrescentando-lhe; incluindo-se"),
    Word("ACRESCIMO", r"acr[ée]scimos?|inclus(?:[ãa]o|[õo]es)|inser[çc](?:[ãa]o|[õo]es)|aditamento|adi[çc][ãa]o",
         "com o acréscimo de; com a inclusão de"),
    # --- verbs: revocation, suppression, exclusion ----------------------------------------------
    Word("REVOGA_SE", rf"revoga(?:m)?{SE}|revogue(?:m)?{SE}|revogar{HIFEN}se{HIFEN}[ãa]o",
         "Revoga-se; Revoguem-se"),
    Word("REVOGA", r"revoga(?:m)?|revogo", "Revoga a Lei …; esta Lei revoga"),
    Word("REVOGOU", r"revogou|revogaram", "que revogou"),
    Word("REVOGANDO", rf"revogando(?:{SE})?", "revogando-se"),
    Word("SUPRIME_SE", rf"suprima(?:m)?{SE}|suprime(?:m)?{SE}", "Suprima-se"),
    Word("SUPRIME", r"suprime(?:m)?", "Esta Lei suprime …"),
    Word("SUPRIMINDO", rf"suprimindo(?:{SE})?", "suprimindo-se"),
    Word("EXCLUI_SE", rf"exclua(?:m)?{SE}|exclui{SE}|excluem{SE}", "Exclua-se"),
    # --- verbs: renumbering ----------------------------------------------------------------------
    Word("RENUMERA_SE", rf"re(?:e)?[nm]umer[ae](?:m)?{SE}|remuner[ae](?:m)?{SE}|renumerar{HIFEN}se{HIFEN}[ãa]o",
         "Renumere-se; Renumerem-se; Remunere-se (sic)"),
    Word("RENUMERA", r"renumera(?:m)?", "renumera"),
    Word("RENUMERANDO", rf"re(?:e)?[nm]umerando(?:{SE})?", "renumerando-se"),
    Word("RENUMERACAO", r"renumera[çc](?:[ãa]o|[õo]es)", "com a renumeração dos demais"),
    Word("LEVARA_NUMERO", r"levar[áa]o?\s+(?:o\s+)?n[úu]mero", "o artigo seguinte levará o número 8"),
    Word("NUMERACAO", r"numera[çc][ãa]o|sequ[êe]ncia", "a numeração dos parágrafos; a sequência dos artigos"),
    # --- verbs: substitution ----------------------------------------------------------------------
    Word("SUBSTITUI_SE", rf"substitu(?:a|am|i|em){SE}", "Substitua-se"),
    Word("SUBSTITUINDO", rf"substituindo(?:{SE})?", "substituindo-se"),
    Word("ONDE_SE_LE", r"onde\s+se\s+l[êe]", "Onde se lê"),
    Word("LEIA_SE", rf"leia{HIFEN}se(?:\s+e\s+registre{HIFEN}se)?", "leia-se"),
    # --- auxiliaries and participles ----------------------------------------------------------------
    Word("PASSA", r"passa(?:m|r[áa]|r[ãa]o|ndo)?|passe(?:m)?", "passa a vigorar"),
    Word("VIGORAR", r"vigorar|viger|vigir|figurar|integrar|apresentar", "vigorar; viger"),
    Word("TER", r"ter[áa]o?|ter[ãa]o|ter", "terá a seguinte redação"),
    Word("SER", r"ser", "passa a ser"),
    Word("COPULA", r"é|s[ãa]o|ser[áa]o?|ser[ãa]o|seja(?:m)?|foi|foram|est[áa]|est[ãa]o", "é acrescido; será revogado"),
    Word("FICA", r"fica(?:m|r[áa]|r[ãa]o|ndo)?|fique(?:m)?", "fica acrescido; ficam revogados"),
    Word("ALTERADO", r"(?:alterad|modificad)[oa]s?", "alterado"),
    Word("ACRESCIDO", r"(?:acrescid|acrescentad|aditad|inclu[íi]d|inserid)[oa]s?", "acrescido; incluído"),
    Word("REVOGADO", r"revogad[oa]s?", "revogado"),
    Word("SUPRIMIDO", r"suprimid[oa]s?", "suprimido"),
    Word("EXCLUIDO", r"exclu[íi]d[oa]s?", "excluído"),
    Word("RENUMERADO", r"(?:re(?:e)?[nm]umerad)[oa]s?", "renumerado"),
    Word("SUBSTITUIDO", r"substitu[íi]d[oa]s?", "substituída"),
    Word("DADO", r"dad[oa]s?", "é dada nova redação"),
    # --- changes without new wording (an amount, a name, a number) -------------------------------------
    Word("CHANGE_AMOUNT",
         r"(?:elevad|reduzid|majorad|ampliad|aumentad|diminu[íi]d|reajustad|corrigid|atualizad|fixad|transformad|"
         r"transferid|convertid|extint|mantid)[oa]s?",
         "fica elevado para; serão reduzidos"),
    # --- nouns ----------------------------------------------------------------------------------------
    Word("EXPRESSAO", r"express(?:[ãa]o|[õo]es)|palavras?|termos?|voc[áa]bulos?|trechos?|frases?|dizeres",
         "a expressão; a palavra"),
    Word("EMENTA", r"ementa|pre[âa]mbulo", "a ementa"),
    Word("ALTERACAO_N", r"altera[çc](?:[ãa]o|[õo]es)|modifica[çc](?:[ãa]o|[õo]es)", "com alterações nos incisos I e II"),
    Word("DISPOSITIVOS", r"dispositivos?", "os dispositivos da Lei …"),
    Word("TEXTO_W", r"texto(?=\s+d[oa]s?\s)", "Fica acrescido ao texto do art. 2º …"),
    Word("ANNEX", r"anexos?|tabelas?|quadros?|planilhas?|listas?|mapas?|grades?",
         "o Anexo II; a Tabela de Receita III"),
    Word("PARTE", r"parte\s+(?:final|inicial)|(?:na|a)\s+parte\s+(?:em\s+)?(?:que|relativa|referente|onde)",
         "na parte em que; a parte final"),
    Word("DEMAIS", r"demais|subsequentes?|subseq[üu]entes?|posteriores|seguintes(?=\s*[.;,]?\s*$)",
         "renumerando-se os demais"),
    Word("ATUAL", r"atua(?:l|is)|antig[oa]s?|ent[ãa]o", "o atual § 1º"),
    Word("ANTERIORES", r"(?:tod[oa]s\s+)?(?:as\s+|os\s+)?(?:(?:leis|normas|disposi[çc][õo]es)\s+)?anteriores",
         "revogadas todas as anteriores que …"),
    Word("TODOS", r"ambos|ambas|todos|todas|todo|toda|respectivamente", "ambos da Lei …"),
    Word("UNITKIND",
         r"(?:(?:(?:os|as|o|a)\s+)?(?:(?:seus?|suas?|respectiv[oa]s?)\s+)+(?:par[áa]grafos?|incisos?|al[íi]neas?|itens|item|artigos?)"
         r"|(?:(?:os|as)\s+)?(?:mais\s+)?(?:(?:um|uma|dois|duas|tr[êe]s|quatro|cinco|seis|sete|oito|nove|dez|\d+)\s+)?"
         r"(?:novos\s+|novas\s+|novo\s+|nova\s+)?(?:par[áa]grafos|incisos|al[íi]neas|itens|artigos|(?<=um\s)(?:par[áa]grafo|inciso|item|artigo)"
         r"|(?<=uma\s)al[íi]nea|(?<=novo\s)(?:par[áa]grafo|inciso|item|artigo)))"
         r"(?!\s*(?:\d|[IVXLC]+\b|[\"“”][a-z]|[a-df-z]\b))",
         "os parágrafos do art. 11; e incisos; três parágrafos"),
    Word("UNIT_WORD", r"(?:artigo|par[áa]grafo|inciso|al[íi]nea)(?=\s+d[oa]\s*$)",
         "O artigo da Lei nº 1330/90 passa a ter a seguinte redação (the number missing; right before a cited act)"),
    Word("CONDITION",
         r"quando|enquanto|desde\s+que|at[ée]\s+que|caso|ap[óo]s|decorrid[oa]s?|no\s+prazo\s+de|mediante|condicionad[oa]s?"
         r"|na\s+hip[óo]tese|uma\s+vez\s+que|logo\s+que|assim\s+que",
         "Quando da instalação do Conselho, fica revogada …"),
    Word("MANTEM", rf"mantenha(?:m)?{SE}|mant[ée]m{SE}|mant[eê]m{HIFEN}se|permanece(?:m)?\s+inalterad[oa]s|ficam\s+inalterad[oa]s",
         "e mantenha-se os demais artigos"),
    Word("WHOLE", r"na\s+[íi]ntegra|por\s+inteiro|integralmente|em\s+sua\s+totalidade|totalmente",
         "Revoga-se integralmente …; com a redação na íntegra"),
    Word("ADV", r"expressamente|tamb[ée]m|ainda|igualmente|consequentemente|automaticamente",
         "Revoga-se integralmente a Lei …"),
    Word("RESTRICTION",
         r"relativamente|no\s+que\s+(?:se\s+refere|concerne|diz\s+respeito|tange)|no\s+tocante|naquilo\s+que|exceto|"
         r"salvo|quanto\s+(?:a|ao|à|aos|às)|apenas|somente|unicamente|exclusivamente|parcialmente|em\s+parte",
         "…, relativamente ao turismo; exceto o art. 5º"),
    # --- function words -------------------------------------------------------------------------------
    Word("QUE", r"que|o\s+qual|a\s+qual|os\s+quais|as\s+quais|cujos?|cujas?", "que"),
    Word("DE", r"de|do|da|dos|das", "de; da"),
    Word("A", r"ao|aos|à|às|á", "ao; à"),
    Word("EM", r"n[oa]s?|em|num|numa", "no; em"),
    Word("DET", r"o|a|os|as|um|uma|seu|sua|seus|suas|respectiv[oa]s?", "o; a"),
    Word("MESMO", r"mesm[oa]s?", "do mesmo artigo"),
    Word("E", r"e|bem\s+como|assim\s+como|como\s+tamb[ée]m|al[ée]m\s+d[eoa]s?|sendo\s+que", "e; bem como"),
    Word("OU", r"ou", "ou"),
    Word("COM", r"com|coma(?=\s+(?:a\s+)?seguinte)", "com"),
    Word("POR", r"por|pel[oa]s?", "por; pela"),
    Word("PARA", r"para", "para"),
    Word("COMO", r"como", "como"),
    Word("LHE", r"lhes?", "lhe"),
    Word("SEM", r"sem", "sem"),
    Word("ONDE", r"onde", "onde"),
)
"""Every spelling family, in order: at a word, the first that matches wins, so a phrase comes
before the words it starts with."""

TERMINALS = tuple(dict.fromkeys(w.terminal for w in WORDS))

FUZZY: dict[str, str] = {
    "seguinte": "seguinte", "seguintes": "seguintes", "vigorar": "vigorar",
    "viger": "viger", "acrescente-se": "acrescente-se", "acrescentem-se": "acrescentem-se",
    "acrescenta-se": "acrescenta-se", "acrescido": "acrescido", "acrescida": "acrescida",
    "renumere-se": "renumere-se", "renumerando-se": "renumerando-se", "revogadas": "revogadas",
    "revogados": "revogados", "revogado": "revogado", "revogada": "revogada", "alterado": "alterado",
    "alterada": "alterada", "suprima-se": "suprima-se", "disposições": "disposições",
}
"""Long words read through a misspelling one edit away ('vi8gorar', 'eguinte', 'Acresente-se').
Only words of at least six letters, whose neighbours one edit away are no other Portuguese word
a drafter prints in an instruction ('redação' is not one: 'redução' is a word)."""

VERB_TERMINALS = frozenset({
    "DE_SE", "DANDO", "DA_NOVA", "ALTERA_SE", "ALTERA", "ALTERANDO", "ACRESCENTA_SE", "ACRESCENTA",
    "ACRESCENTANDO", "REVOGA_SE", "REVOGA", "REVOGANDO", "SUPRIME_SE", "SUPRIME", "SUPRIMINDO", "EXCLUI_SE",
    "RENUMERA_SE", "RENUMERA", "RENUMERANDO", "LEVARA_NUMERO", "SUBSTITUI_SE", "SUBSTITUINDO", "ONDE_SE_LE",
    "LEIA_SE", "ALTERADO", "ACRESCIDO", "REVOGADO", "SUPRIMIDO", "EXCLUIDO", "RENUMERADO", "SUBSTITUIDO",
    "NOVA_REDACAO", "ALTERACOES"})
"""The terminals that order a change (in some voice); their presence makes a dispositivo one the
grammar must read (an operation, a known clause, or a question)."""

_MASTER = re.compile("|".join(f"(?P<w{i}>(?:{w.pattern}){_B})" for i, w in enumerate(WORDS)), re.IGNORECASE)
"""One expression for the whole table: at a word, the first entry that matches wins (phrases are
listed before their words)."""


def match_at(text: str, pos: int, end: int) -> tuple[str, int] | None:
    """The terminal whose spelling starts at ``pos`` (the first entry of :data:`WORDS` that
    matches) and where it ends, or None."""
    m = _MASTER.match(text, pos, end)
    if m is None or m.end() == pos or m.lastgroup is None:
        return None
    return WORDS[int(m.lastgroup[1:])].terminal, m.end()


_MAY_INSTRUCT = re.compile("|".join(f"(?:{w.pattern}){_B}" for w in WORDS if w.terminal in VERB_TERMINALS
                                    or w.terminal in ("VIGOR", "CONTRARIO", "PASSA", "TER", "REDACAO_N", "ANNEX",
                                                      "CHANGE_AMOUNT", "LEVARA_NUMERO", "MANTEM")),
                           re.IGNORECASE)


def may_instruct(text: str) -> bool:
    """Whether ``text`` has a word of the table that orders a change or a final clause (a verb
    of a family, 'a seguinte redação', 'entra em vigor', 'revogadas as disposições em
    contrário', a table): only such a text is read by the grammar; any other is the act's own."""
    return bool(_MAY_INSTRUCT.search(text))


_ENDS: dict[tuple[str, ...], re.Pattern[str]] = {}


def ends_with(text: str, *terminals: str) -> bool:
    """Whether ``text`` ends with a word or phrase of one of ``terminals`` ('… alterada pela' ends
    with AMENDED_BY): what the grammar would read right before whatever follows."""
    rx = _ENDS.get(terminals)
    if rx is None:
        rx = _ENDS[terminals] = re.compile(
            "(?:" + "|".join(f"(?:{w.pattern})" for w in WORDS if w.terminal in terminals) + r")\s*$", re.IGNORECASE)
    return bool(rx.search(text))
