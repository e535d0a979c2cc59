"""Rule ``drop_furniture``: page furniture found by repetition and shape, content never lost."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexconsolida.model import Severity
from lexconsolida.readers.text.decode import decode
from lexconsolida.readers.text.furniture import drop_furniture, find_furniture, normal_key
from lexconsolida.readers.text.state import TextState

from .conftest import CF88_DIR, CORPUS, GOLD, SEEDS

SEED_FILES = {"000": "000_f6cd0b1bb88d84ef.txt", "004": "004_5063f6b2d0019a9f.txt"}


def _state(text: str | bytes) -> TextState:
    state = TextState("teste.txt", text.encode("utf-8") if isinstance(text, str) else text)
    decode(state)
    return state


def _removed(text: str) -> list[str]:
    """The removed lines' texts, in order."""
    state = _state(text)
    drop_furniture(state)
    return [d.text for d in state.diagnostics if d.code == "linha-removida"]


# --- The seeds: exactly the gold's noise lines ---------------------------------------------------


@pytest.mark.shared
@pytest.mark.parametrize("seed", sorted(SEED_FILES))
def test_seed_furniture_equals_gold(seed):
    gold = json.loads((GOLD / f"{seed}.json").read_text(encoding="utf-8"))
    state = _state((SEEDS / SEED_FILES[seed]).read_bytes())
    drop_furniture(state)
    removed = [d.line for d in state.diagnostics if d.code == "linha-removida"]
    assert removed == sorted(gold["noise_line_numbers"])


@pytest.mark.shared
@pytest.mark.parametrize("seed", sorted(SEED_FILES))
def test_seed_diagnostics_hold_the_lines_verbatim(seed):
    raw = (SEEDS / SEED_FILES[seed]).read_text(encoding="utf-8").split("\n")
    state = _state((SEEDS / SEED_FILES[seed]).read_bytes())
    before = {line.number for line in state.lines}
    drop_furniture(state)
    diags = [d for d in state.diagnostics if d.code == "linha-removida"]
    for d in diags:
        assert d.severity is Severity.INFO
        assert d.text == raw[d.line - 1]
        assert d.message.startswith("linha removida (")
    kept = {line.number for line in state.lines}
    assert kept | {d.line for d in diags} == before
    assert not kept & {d.line for d in diags}


@pytest.mark.shared
def test_seed_distinct_noise_lines_all_found():
    gold = json.loads((GOLD / "004.json").read_text(encoding="utf-8"))
    removed = set(_removed((SEEDS / SEED_FILES["004"]).read_text(encoding="utf-8")))
    assert set(gold["noise_lines"]) <= removed


# --- Clean texts: nothing removed --------------------------------------------------------------

CORPUS_FILES = sorted(CORPUS.rglob("*.txt"))


@pytest.mark.shared
@pytest.mark.parametrize("path", CORPUS_FILES, ids=[p.name for p in CORPUS_FILES])
def test_clean_corpus_loses_nothing(path):
    """No line of a clean text is removed, but the disclaimer of the site it was copied from
    (Planalto's 'Este texto não substitui o publicado no D.O.U.', issue 23)."""
    removed = _removed(path.read_text(encoding="utf-8-sig"))
    assert [r for r in removed if not r.startswith("Este texto não substitui o publicado no D.O.U.")] == []


# --- Synthetic acts of a fictional municipality ------------------------------------------------

HEADER = ["ESTADO DE GOIÁS", "PREFEITURA MUNICIPAL DE SERRA AZUL DO NORTE", "Secretaria Municipal de Governo"]
FOOTER = ["Praça dos Ipês, 120 – Centro – Serra Azul do Norte – GO – CEP 76.500-000",
          "Tel.: (62) 3321-1000 – gabinete@serraazul.go.gov.br"]


def _paged(pages: list[list[str]], header=HEADER, footer=FOOTER, numbers: list[str] | None = None) -> str:
    out: list[str] = []
    for i, page in enumerate(pages):
        out += header
        out += page
        out += footer
        if numbers:
            out.append(numbers[i])
    return "\n".join(out) + "\n"


def _pages(n: int) -> list[list[str]]:
    pages = []
    for p in range(n):
        a = 2 * p + 1
        pages.append([
            f"Art. {a}º Fica instituído o programa municipal de hortas comunitárias, na forma",
            "desta Lei, nas áreas públicas ociosas do Município.",
            "§ 1º O programa será coordenado pela Secretaria de Agricultura.",
            "I - cadastrar as áreas disponíveis;",
            "II - orientar os horticultores.",
            f"Art. {a + 1}. Esta Lei entra em vigor na data de sua publicação.",
        ])
    return pages


def test_synthetic_letterhead_and_footer_removed():
    text = _paged(_pages(4))
    removed = _removed(text)
    assert removed == (HEADER + FOOTER) * 4


def test_two_page_act_contact_lines_removed_by_shape():
    removed = _removed(_paged(_pages(2), header=[]))
    assert removed == FOOTER * 2


def test_ocr_variants_of_the_letterhead_cluster_with_their_siblings():
    variants = [
        ["ESTADO DE GOIÁS", "PREFEITURA MUNICIPAL DE SERRA AZUL DO NORTE", "Secretaria Municipal de Governo"],
        ["ESTADO DE GOIAS.", "PREPEITURA MUNICIPAL DE SERRA AZUL DO NORTE", "Secretaria Municipal de Governo"],
        ["ESTADO DE GOIÁS", "PREFEITURA MUNICIPAL DE SERRA AZUL DO NORTE", "Secretaria Municipal de Govemo"],
        ["ESTADO DE GOIÁS", "PREFEITTUKRA MUNICIPAL DE SERRA AZUI DO NORTE", "Secretaria Municipal de Governo"],
        ["ESTADO DE GOIÁS", "PREFEITURA MUNICIPAL DE SERRA AZUL DO NORTE", "Secretaria Municipal de Governo"],
    ]
    lines: list[str] = []
    for header, page in zip(variants, _pages(5)):
        lines += header + page
    removed = _removed("\n".join(lines))
    assert removed == [line for header in variants for line in header]


def test_letterhead_never_printed_the_same_way_twice():
    headers = [
        ["ESTADO DO PARANA", "PREFEITURA MUNICIPAL DE SANTA CLARA", "GABINETE DO PREFEITO"],
        ["ESTADO DO PARANÁ.", "PREFEITURA MUNICIPAI DE SANTA CLARA", "GABINETE DO PREFE1TO"],
        ["ESTAD0 DO PARANÁ", "PREFEITURA MUNICIPAL DE SANTA CIARA", "GABlNETE DO PREFEITO"],
        ["ESTADO D0 PARANÁ", "PREFElTURA MUNICIPAL DE SANTA CLARA.", "GABINETE DO PREFEIT0"],
    ]
    lines: list[str] = []
    for header, page in zip(headers, _pages(4)):
        lines += header + page
    removed = _removed("\n".join(lines))
    assert removed == [line for header in headers for line in header]


@pytest.fixture(scope="module")
def cf88_lines() -> list[str]:
    """The CF/88 (LexML sample) as one line per heading and dispositivo, as acts are printed."""
    from lexconsolida.model import Agrupador, Kind
    from lexconsolida.readers import get_reader

    path = CF88_DIR / "CON1988--19881005.LexML.xml"
    norma = get_reader("lexml")(path.read_bytes(), path=str(path)).norma
    lines: list[str] = []

    def visit(nodes):
        for node in nodes:
            if isinstance(node, Agrupador):
                lines.extend(filter(None, (node.rotulo, node.nome)))
            elif node.kind is Kind.CAPUT:
                lines[-1] = f"{lines[-1]} {node.text}"
            else:
                lines.append(f"{node.rotulo or ''} {node.text}".strip())
            visit(node.children)

    visit(norma.articulacao)
    return lines


@pytest.mark.shared
@pytest.mark.parametrize("width", [28, 40, 60, 90, None])
def test_constitution_in_narrow_columns_loses_nothing(cf88_lines, width):
    """Institution names recur on their own short lines: they are not letterheads."""
    import textwrap

    if width is None:
        text = "\n".join(cf88_lines)
    else:
        text = "\n".join(part for line in cf88_lines for part in textwrap.wrap(line, width))
    assert _removed(text) == []


def test_variant_at_the_edge_of_a_run_removed():
    pages = _pages(4)
    text = _paged(pages).replace(
        "Secretaria Municipal de Governo\nArt. 5º", "Secretaria Municipal de Govemo.\nArt. 5º"
    )
    assert "Secretaria Municipal de Govemo." in _removed(text)


@pytest.mark.parametrize("numbers", [
    ["- 1 -", "- 2 -", "- 3 -"],
    ["Página 1 de 3", "Página 2 de 3", "Página 3 de 3"],
    ["Pág. 1", "Pág. 2", "Pág. 3"],
    ["1/3", "2/3", "3/3"],
])
def test_page_numbers(numbers):
    removed = _removed(_paged(_pages(3), header=[], footer=[], numbers=numbers))
    assert removed == numbers


def test_running_footer_with_page_number():
    numbers = [f"Lei Municipal nº 12/2021 – Página {n} de 3" for n in (1, 2, 3)]
    assert _removed(_paged(_pages(3), header=[], footer=[], numbers=numbers)) == numbers


def test_page_mentioned_in_a_sentence_is_kept():
    text = "Art. 4º O mapa consta da página 3 do Anexo I,\nconforme a pág. 7 do processo nº 12/2021.\n"
    assert _removed(text) == []


def test_bare_page_numbers_increasing_a_page_apart():
    pages = [a + b for a, b in zip(_pages(3), _pages(3))]  # pages of twelve lines
    removed = _removed(_paged(pages, header=[], footer=[], numbers=["1", "2", "3"]))
    assert removed == ["1", "2", "3"]


def test_bare_numbers_close_together_are_kept():
    text = "ANEXO I\nTabela de valores\n1\n2\n3\nArt. 1º Valores conforme a tabela.\n"
    assert _removed(text) == []


def test_scan_debris_inside_and_next_to_a_run():
    pages = _pages(3)
    lines: list[str] = []
    for i, page in enumerate(pages):
        lines += page
        lines += ["[) [)", FOOTER[0], "Pedia do", FOOTER[1], "(17)"] if i < 2 else FOOTER
    removed = _removed("\n".join(lines))
    assert removed == ["[) [)", FOOTER[0], "Pedia do", FOOTER[1], "(17)"] * 2 + FOOTER


def test_collector_title_above_the_first_letterhead():
    text = "norma nº 12/2021\n\nno\n" + _paged(_pages(3))
    removed = _removed(text)
    assert removed[:2] == ["norma nº 12/2021", "no"]


def test_epigrafe_above_the_letterhead_is_kept():
    text = "LEI Nº 12, DE 3 DE MARÇO DE 2021\n" + _paged(_pages(3))
    assert "LEI Nº 12, DE 3 DE MARÇO DE 2021" not in _removed(text)


# --- Content is never removed ------------------------------------------------------------------

CONTENT_NEXT_TO_FURNITURE = [
    "& 1º Para efeitos desta Lei, considera-se:",
    "8 2º Fica vedada a outorga de mais de uma permissão;",
    "$ 3º O prazo será contado em dias úteis.",
    "rt. 17 O permissionário deverá portar o alvará.",
    "Art, 41 A tarifa será fixada por decreto.",
    "HI - comprovante de residência;",
    "1 - dias úteis das 22h às 06h;",
    "“b) Penalidade: multa",
    "CAPÍTULO IV",
    "Seção II",
    "DAS DISPOSIÇÕES FINAIS",
    "1.000(mil) habitantes, conforme o censo;",
    "- denominado táxi, para os fins desta Lei;",
    "2° do art. 2° desta Lei",
    "Parágrafo único. O disposto neste artigo aplica-se aos táxis.",
    ".......................................................",
]


@pytest.mark.parametrize("content", CONTENT_NEXT_TO_FURNITURE)
def test_content_line_between_furniture_is_kept(content):
    pages = _pages(3)
    lines: list[str] = []
    for i, page in enumerate(pages):
        lines += HEADER + page + FOOTER[:1]
        if i == 1:
            lines.append(content)
        lines += FOOTER[1:]
    assert content not in _removed("\n".join(lines))


def test_continuation_of_a_sentence_across_a_page_break_is_kept():
    lines = _pages(1)[0][:1] + FOOTER + HEADER + ["no"] + _pages(3)[1] + FOOTER + HEADER + _pages(3)[2]
    lines[0] = "Art. 1º O programa será executado"
    assert "no" not in _removed("\n".join(HEADER + lines))


def test_signature_page_between_letterhead_and_footer_is_kept():
    pages = _pages(3) + [["Serra Azul do Norte, 3 de março de 2021.", "JOÃO DA SILVA", "Prefeito"]]
    removed = _removed(_paged(pages, footer=["Lei de autoria do Poder Executivo Municipal."]))
    assert not {"JOÃO DA SILVA", "Prefeito"} & set(removed)


def test_repeated_content_lines_are_kept():
    text = "\n".join([
        "Art. 5º As multas são:",
        "I — leve: multa de 30 (trinta) UPFM",
        "(Unidade Padrão Fiscal Municipal);",
        "II - média: multa de 60 (sessenta) UPFM",
        "(Unidade Padrão Fiscal Municipal);",
        "III - grave: multa de 120 (cento e vinte) UPFM",
        "(Unidade Padrão Fiscal Municipal);",
        "IV - gravíssima: multa de 250 (duzentos e cinquenta) UPFM",
        "(Unidade Padrão Fiscal Municipal).",
    ])
    assert _removed(text) == []


def test_repeated_table_fields_are_not_letterheads():
    pages = []
    for n, grau in enumerate(["leve", "média", "grave", "gravíssima"], start=1):
        pages += [f"§ {n}º Deixar de cumprir a obrigação prevista no artigo anterior, conforme",
                  "o regulamento e as normas complementares editadas pelo órgão gestor:",
                  f"Infração: {grau}", "Penalidade: multa", "Medida administrativa: retenção do veículo",
                  "até a regularização da situação perante o órgão competente do Município.",
                  "Observação adicional sobre a aplicação desta penalidade pelo agente.",
                  "Texto de continuação do parágrafo sobre a penalidade aplicada."]
    assert _removed("\n".join(pages)) == []


def test_an_act_printed_twice_is_not_furniture():
    text = CF_LIKE * 3
    assert _removed(text) == []


CF_LIKE = "\n".join([
    "TÍTULO I",
    "Dos Princípios Fundamentais",
    "Art. 1º A República Federativa do Brasil, formada pela união indissolúvel dos Estados e",
    "Municípios e do Distrito Federal, constitui-se em Estado Democrático de Direito e tem como",
    "fundamentos:",
    "I - a soberania;",
    "Parágrafo único. Todo o poder emana do povo, que o exerce por meio de representantes",
    "eleitos ou diretamente, nos termos desta Constituição.",
    "Art. 2º São Poderes da União, independentes e harmônicos entre si, o Legislativo, o",
    "Executivo e o Judiciário.",
    "Estados e Municípios.",
    "Senado Federal e Câmara dos Deputados",
    "República Federativa do Brasil",
    "Distrito Federal e Territórios",
]) + "\n"


def test_signature_blocks_are_not_letterheads():
    block = ["Deputado FULANO DE TAL", "1º Vice-Presidente", "Deputado BELTRANO", "2º Vice-Presidente",
             "Deputado SICRANO", "1º Secretário", "Deputado SICRANO FILHO", "2º Secretário"]
    text = "\n".join(_pages(1)[0] + block + ["Mesa do Senado"] + block)
    assert _removed(text) == []


def test_two_page_letterhead_without_contact_lines():
    header = ["Câmara Municipal de Serra Azul do Norte", "Palácio Vereador José Lima de Souza"]
    assert _removed(_paged(_pages(2), header=header, footer=[])) == header * 2


def test_prose_with_an_email_is_kept():
    text = ("Art. 3º As denúncias serão recebidas pelo endereço eletrônico\n"
            "ouvidoria@serraazul.go.gov.br, no prazo de dez dias úteis, e pelo telefone\n"
            "(62) 3321-1000, em horário de expediente da repartição competente.\n")
    assert _removed(text) == []


def test_line_like_the_letterhead_far_from_it_is_kept():
    text = _paged(_pages(3)) + "\n".join([
        "Art. 9º Esta Lei foi aprovada pela",
        "Câmara Municipal de Serra Azul do Norte",
        "em sessão ordinária.",
    ])
    header = ["Estado de Goiás", "Câmara Municipal de Serra Azul do Norte", "Palácio Vereador José Lima"]
    assert "Câmara Municipal de Serra Azul do Norte-GO" not in _removed(
        _paged(_pages(3), header=header) + "Art. 9º Aprovada pela\nCâmara Municipal de Serra Azul do Norte-GO\nem sessão.\n"
    )
    assert _removed(text) == (HEADER + FOOTER) * 3


def test_heading_name_is_kept_but_letterhead_after_a_heading_is_removed():
    pages = _pages(4)
    pages[1] = pages[1] + ["Seção II"]
    pages[2] = ["Das Hortas Escolares"] + pages[2]
    removed = _removed(_paged(pages))
    assert "Das Hortas Escolares" not in removed
    assert removed == (HEADER + FOOTER) * 4


def test_blank_and_empty_input():
    state = TextState(None, b"")
    drop_furniture(state)
    assert state.lines == [] and state.diagnostics == []
    state = TextState(None, b"")
    from lexconsolida.readers.text.state import SourceLine

    state.lines = [SourceLine(1, ""), SourceLine(2, "   ")]
    drop_furniture(state)
    assert len(state.lines) == 2 and state.diagnostics == []


def test_find_furniture_does_not_change_the_state():
    state = _state(_paged(_pages(3)))
    lines = list(state.lines)
    found = find_furniture(state)
    assert state.lines == lines and state.diagnostics == []
    assert len(found) == 3 * (len(HEADER) + len(FOOTER))


def test_normal_key():
    assert normal_key("PREFEITURA DE PEDRA PRETA.") == "prefeitura de pedra preta"
    assert normal_key("Lei de autoria do Executivó Municipal,") == normal_key("Lei de autoria do Executivo Municipal.")
    assert normal_key("1º Vice-Presidente") == normal_key("2º Vice—Presidente") == "vice presidente"


# --- Property: the rule only ever moves whole lines into diagnostics ---------------------------

_LINES = st.lists(
    st.one_of(
        st.sampled_from(HEADER + FOOTER + CONTENT_NEXT_TO_FURNITURE + ["", "- 2 -", "(17)", "p", "EA"]),
        st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=60),
    ),
    max_size=60,
)


@settings(max_examples=100, deadline=None)
@given(_LINES)
def test_removed_and_kept_lines_partition_the_input(lines):
    state = TextState(None, b"")
    from lexconsolida.readers.text.state import SourceLine

    state.lines = [SourceLine(i, s, s) for i, s in enumerate(lines, start=1)]
    before = [(line.number, line.text) for line in state.lines]
    drop_furniture(state)
    kept = [(line.number, line.text) for line in state.lines]
    removed = [(d.line, d.text) for d in state.diagnostics]
    assert sorted(kept + removed) == sorted(before)
    assert [n for n, _ in kept] == sorted(n for n, _ in kept)
    for n, text in removed:
        assert text.strip()


# --- Furniture of the website a text was copied from ----------------------------------------------

from lexconsolida.readers.text import read  # noqa: E402
from lexconsolida.readers.text.furniture_lines import site_prompt  # noqa: E402

_SITE_ACT = """LEI Nº 40/2016

DISPÕE SOBRE O PLANO MUNICIPAL DE CULTURA E DÁ OUTRAS PROVIDÊNCIAS.

{after_ementa}

O PREFEITO MUNICIPAL DE VILA SERENA faço saber que a Câmara aprovou e eu sanciono a seguinte Lei:

Art. 1º Fica aprovado o Plano Municipal de Cultura, na forma do Anexo.

Art. 2º Esta Lei entra em vigor na data de sua publicação.

Vila Serena, 3 de maio de 2016.

FULANO DE TAL
Prefeito Municipal
{after_fecho}
"""


@pytest.mark.parametrize("after_ementa, after_fecho", [
    (" Arquivo completo disponibilizado para download pelo cliente:  clique aqui para baixar", ""),
    ("Download: Anexo - Lei nº 40/2016 - Vila Serena-MT", "Download do documento"),
    ("", "Visualizar Ato na Íntegra: Lei nº 40/2016 - Vila Serena-MT"),
    ("", "Este texto não substitui o publicado no Diário Oficial do Município de 4.5.2016"),
    ("Início | Legislação | Leis Ordinárias | Contato", ""),
])
def test_site_furniture_goes_to_the_furniture_log_never_to_the_ementa_or_fecho(after_ementa, after_fecho):
    """Issue 25: source-site furniture of web-scraped texts (download prompts, the site's
    disclaimer, menus) is the site's, not the act's: logged as removed lines, the ementa and
    the fecho are the act's own."""
    result = read(_SITE_ACT.format(after_ementa=after_ementa, after_fecho=after_fecho).encode(), path="lei.txt")
    norma = result.norma
    removed = [d.text for d in result.diagnostics if d.code == "linha-removida"]
    assert removed == [s for s in (after_ementa, after_fecho) if s]
    assert norma.ementa == "DISPÕE SOBRE O PLANO MUNICIPAL DE CULTURA E DÁ OUTRAS PROVIDÊNCIAS."
    assert norma.fecho == ["Vila Serena, 3 de maio de 2016."]


@pytest.mark.parametrize("line", [
    "Ver. FULANO DE TAL",  # a vereador signing
    "Art. 3º Fica vedado imprimir cédulas de identificação sem autorização.",
    "imprimir os boletos de cobrança no prazo de dez dias;",  # a sentence cut by the line end
    "Download de arquivos da rede municipal por servidores é regulado por decreto do Executivo, que fixará os limites",
    "I - acessar os sistemas do Município com senha pessoal;",
    "Receita | Despesa | Saldo",  # a table's header, not a site's menu
])
def test_lines_of_the_act_are_no_site_furniture(line):
    assert not site_prompt(line)
    assert line not in _removed(f"LEI Nº 1/2020\n\n{line}\n\nArt. 1º Teste.\n")
