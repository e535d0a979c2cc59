"""Diagnostics: what a reader repaired, removed or found irregular, with line numbers.

Conservation rule: every character of an input is either in the tree or in a diagnostic of
kind ``linha-removida`` (a removed line, ``text`` holding it verbatim) or ``reparo``
(``before`` → ``after``).

:data:`CODES` is the one vocabulary of diagnostic codes — Portuguese, hyphenated — with ONE
severity per code, whoever reports it (a reader while reading, or ``check``): a repeated label
is an error in ``parse`` as in ``check``. A new code is added there, with its severity and what
it means; a test rejects a code used in the program that is not in the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Severity(str, Enum):
    ERROR = "erro"
    WARNING = "aviso"
    INFO = "info"

    def __str__(self) -> str:
        return self.value


ERROR, WARNING, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO

CODES: dict[str, tuple[Severity, bool, str]] = {
    # code: (severity, a log entry rather than a finding, what it means)
    # --- registro da leitura (what the reader removed or repaired: counted, listed on request)
    "linha-removida": (INFO, True, "linha de cabeçalho, rodapé ou ruído removida (guardada por inteiro)"),
    "reparo": (INFO, True, "erro de OCR ou de digitação reparado (antes → depois)"),
    "tipografia": (INFO, True, "rótulos com '°' ou 'o' no lugar do ordinal 'º'"),
    "numero-normalizado": (INFO, True, "número de ato citado normalizado"),
    "leitura-pagina": (INFO, True, "como cada página do PDF foi lida (camada de texto ou OCR)"),
    "fora-dos-atos": (INFO, True, "texto de uma edição fora dos atos (cabeçalho, sumário, seção)"),
    # --- numeração e estrutura
    "rotulo-repetido": (ERROR, False, "rótulo repetido entre irmãos (o id segue a posição)"),
    "ordem-invertida": (ERROR, False, "numeração fora de ordem"),
    "lacuna": (WARNING, False, "salto na numeração"),
    "numero-ausente": (INFO, False, "número que falta numa lacuna (a numeração impressa é mantida)"),
    "unico-nao-isolado": (ERROR, False, "'Parágrafo único' ao lado de outros parágrafos"),
    "paragrafo-isolado": (WARNING, False, "'§ 1º' sozinho, que deveria ser 'Parágrafo único'"),
    "ordinal-indevido": (ERROR, False, "ordinal onde a LC 95 manda cardinal ('Art. 10º')"),
    "cardinal-indevido": (WARNING, False, "cardinal onde a LC 95 manda ordinal ('Art. 1')"),
    "inciso-aninhado": (ERROR, False, "inciso dentro de inciso"),
    "alinea-fora-de-inciso": (WARNING, False, "alínea fora de inciso"),
    "alinea-em-paragrafo": (INFO, False, "alíneas diretamente sob parágrafo (perfil flexível)"),
    "item-fora-de-alinea": (WARNING, False, "item fora de alínea"),
    "filho-unico": (INFO, False, "unidade com um só inciso ou alínea"),
    "sem-texto": (WARNING, False, "dispositivo sem texto"),
    "id-duplicado": (ERROR, False, "id repetido na árvore"),
    "remissao-quebrada": (ERROR, False, "remissão a dispositivo desta norma que não existe"),
    "remissao-incerta": (WARNING, False, "remissão sem norma expressa a dispositivo que não existe aqui"),
    "agrupador-fora-de-ordem": (ERROR, False, "agrupadores fora de ordem"),
    "agrupador-vazio": (WARNING, False, "agrupador sem artigos"),
    "agrupador-ausente": (WARNING, False, "o primeiro agrupador não é o de número 1"),
    "agrupador-misto": (INFO, False, "agrupador com artigos antes de seus subagrupadores"),
    "agrupador-sem-nome": (INFO, False, "agrupador sem nome"),
    "agrupador-sem-rotulo": (WARNING, False, "título de agrupador sem rótulo"),
    "antes-do-agrupador": (WARNING, False, "artigos antes do primeiro agrupador"),
    "sem-artigos": (WARNING, False, "o ato não tem artigos"),
    "ocr-epigrafe-incerta": (WARNING, False, "número ou data da epígrafe lidos pelo OCR com baixa confiança"),
    "lei-sem-artigos": (ERROR, False, "ato normativo sem nenhum artigo (lido errado ou incompleto)"),
    "alteracao-id-repetido": (WARNING, False, "bloco de alteração com dois dispositivos de mesmo id: o "
                              "bloco vai à revisão"),
    "epigrafe-divergente": (WARNING, False, "a epígrafe diverge dos metadados ou do fecho do ato"),
    "data-divergente": (WARNING, False, "o título dá uma data e o fecho outra (prevalece a do fecho, salvo se impossível)"),
    "data-incoerente": (WARNING, False, "data do ato posterior à publicação ou de outro ano que o do número; "
                        "publicações divergentes"),
    "vigencia-diferida": (INFO, False, "o ato entra em vigor ou produz efeitos depois da publicação: as alterações "
                          "contam dessa data"),
    "vigencia-retroativa": (INFO, False, "vigência ou efeitos anteriores à publicação: as alterações contam da "
                            "publicação"),
    "efeitos-qualificados": (INFO, False, "efeitos financeiros, orçamentários ou fiscais com data própria (a nova "
                             "redação vale desde a vigência)"),
    "vigencia-indeterminada": (WARNING, False, "a vigência do ato depende de condição, de publicação sem data ou "
                               "difere entre artigos: informe-a"),
    # --- leitura do texto
    "texto-solto": (WARNING, False, "texto fora de qualquer dispositivo"),
    "quebra-de-pagina": (INFO, False, "dispositivo continuado depois de uma quebra de página"),
    "separador": (INFO, False, "rótulo seguido de dois-pontos"),
    "nota-editorial": (INFO, False, "nota de texto compilado ('Redação dada pela …') passada ao histórico"),
    "paragrafo-apos-alinea": (INFO, False, "parágrafo logo após a única alínea de um inciso"),
    "inciso-apos-alinea": (WARNING, False, "inciso depois de alíneas"),
    "aspas-abertas": (WARNING, False, "aspas de texto de alteração que não se fecham"),
    "sem-fecho": (WARNING, False, "o ato não tem fecho (local, data e assinatura)"),
    "tabela-incerta": (WARNING, False, "linhas que parecem uma tabela, mantidas como texto (não lidas com segurança)"),
    "nota-do-site": (INFO, True, "nota do site de publicação junto de uma tabela, fora do texto do ato"),
    "truncado": (WARNING, False, "o texto parece terminar no meio"),
    "codificacao": (WARNING, False, "o arquivo não está em UTF-8"),
    "ruido-residual": (WARNING, False, "provável ruído de OCR que ficou no texto (carimbo, '&' por '§')"),
    "localidade-desconhecida": (WARNING, False, "o texto não diz de que município é o ato"),
    # --- leitura de PDF
    "ocr-baixa-confianca": (WARNING, False, "página ou linha lida por OCR com baixa confiança"),
    "ocr-rotulo-perdido": (WARNING, False, "o OCR pode ter perdido o rótulo de um dispositivo"),
    # --- leitura de DOCX e LexML
    "docx-sem-modelo": (INFO, False, "DOCX sem os estilos do modelo, lido como texto"),
    "paragrafo-de-historico": (INFO, False, "parágrafo de histórico do DOCX fora da árvore"),
    "sem-estilo": (WARNING, False, "parágrafo de DOCX sem estilo do modelo, ignorado"),
    "agrupador-deduzido": (WARNING, False, "tipo de agrupador deduzido dos vizinhos"),
    "fora-de-artigo": (ERROR, False, "dispositivo fora de um artigo, ignorado"),
    "continuacao": (INFO, False, "parágrafo sem rótulo juntado ao anterior"),
    "rotulo-nao-reconhecido": (WARNING, False, "rótulo não reconhecido"),
    "id-por-posicao": (WARNING, False, "id dado pela posição (número ilegível, repetido ou fora de ordem)"),
    "lexml-irregular": (WARNING, False, "irregularidade num arquivo LexML lido"),
}
"""Every diagnostic code: its one severity, whether it is a log entry (summarised as counts in
reports) and what it means."""

LOG_CODES = frozenset(code for code, (_, log, _) in CODES.items() if log)
"""Codes that record what the reader did (removed lines, repairs), not findings."""


def severity_of(code: str, default: Severity = INFO) -> Severity:
    entry = CODES.get(code)
    return entry[0] if entry else default


@dataclass(slots=True, frozen=True)
class Diagnostic:
    code: str
    """Stable code from :data:`CODES`: 'linha-removida', 'reparo', 'lacuna', 'rotulo-repetido' …"""
    message: str
    """Portuguese sentence for the user."""
    severity: Severity = Severity.INFO
    line: int | None = None
    """1-based source line."""
    where: str | None = None
    """Dispositivo or agrupador id, or None for the document."""
    before: str | None = None
    """For repairs: the text as printed."""
    after: str | None = None
    """For repairs: the text as repaired."""
    text: str | None = None
    """For removed furniture: the whole removed line, verbatim."""
    page: int | None = None
    """1-based page of a paged source (PDF); ``line`` is then the line on that page."""

    def __post_init__(self) -> None:
        # One severity per code: the table's, whatever the caller passed.
        entry = CODES.get(self.code)
        if entry is not None and entry[0] is not self.severity:
            object.__setattr__(self, "severity", entry[0])

    def to_dict(self) -> dict:
        """The diagnostic in the reports' Portuguese keys (absent values left out)."""
        d = {"codigo": self.code, "gravidade": str(self.severity), "mensagem": self.message,
             "pagina": self.page, "linha": self.line, "dispositivo": self.where,
             "antes": self.before, "depois": self.after, "texto": self.text}
        return {k: v for k, v in d.items() if v is not None}

    def format(self, path: str | None = None) -> str:
        loc = path or ""
        if self.page is not None:
            loc += f"{', ' if loc else ''}página {self.page}"
        if self.line is not None:
            loc += f"{', ' if loc else ''}linha {self.line}"
        if self.where:
            loc += f"{' ' if loc else ''}({self.where})"
        return f"{loc}: {self.severity}: {self.message}" if loc else f"{self.severity}: {self.message}"
