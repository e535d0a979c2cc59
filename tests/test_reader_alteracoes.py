"""Quoted alteration blocks in amending acts: kept as Alteracao, never merged into the host."""

from lexconsolida.model import Kind
from lexconsolida.readers.text import read
from tests.conftest import ROOT

FIXTURES = ROOT / "tests" / "fixtures" / "reader"


def _units(alt):
    out = []
    for c in alt.children:
        out += [(d.id, d.kind.value, d.rotulo, d.text) for d in c.walk()]
    return out


def test_new_wording_with_omissis_and_nota():
    result = read((FIXTURES / "lei-com-alteracao.txt").read_bytes())
    norma = result.norma
    assert [a.id for a in norma.artigos()] == ["art1", "art2", "art3"]
    host = norma.find("art1_cpt")
    assert host.text.endswith("passa a vigorar com a seguinte redação:")
    assert "comércio funcionará" not in host.text
    (alt,) = host.alteracoes
    assert (alt.id, alt.nota, alt.lines) == ("art1_cpt_alt1", "NR", (5, 9))
    assert alt.raw.startswith("“Art. 3º O comércio") and alt.raw.endswith("padarias.” (NR)")
    assert _units(alt) == [
        ("art3", "artigo", "Art. 3º", ""),
        ("art3_cpt", "caput", None, "O comércio funcionará das 8h às 20h."),
        ("art3_omi1", "omissis", None, "......................................................."),
        ("art3_par2", "paragrafo", "§ 2º", "Aos domingos, o funcionamento é livre."),
        ("art3_par2_inc1", "inciso", "I", "..."),
        ("art3_par2_inc2", "inciso", "II", "farmácias e padarias."),
    ]


def test_insertion_gets_the_target_id_from_the_host_text():
    norma = read((FIXTURES / "lei-com-alteracao.txt").read_bytes()).norma
    (alt,) = norma.find("art2_cpt").alteracoes
    assert alt.nota == "AC"
    assert _units(alt) == [("art4_cpt_inc4", "inciso", "IV", "feiras livres.")]


def test_each_line_quoted_stays_one_block():
    text = (
        "EMENDA CONSTITUCIONAL Nº 99, DE 1º DE MARÇO DE 2030\n"
        "Dá nova redação ao inciso X do art. 9º.\n"
        "Art. 1º O inciso X do art. 9º passa a vigorar com a seguinte redação:\n"
        '" X - nova redação do inciso; (NR)\n'
        '"a)\t(Revogada)."\n'
        '"b)  (Revogada)."\n'
        "     Art. 2º Esta Emenda entra em vigor na data de sua publicação.\n"
    ).encode()
    norma = read(text).norma
    assert [a.id for a in norma.artigos()] == ["art1", "art2"]
    (alt,) = norma.find("art1_cpt").alteracoes
    assert [u[:2] for u in _units(alt)] == [("art9_cpt_inc10", "inciso"), ("art9_cpt_inc10_ali1", "alinea"),
                                            ("art9_cpt_inc10_ali2", "alinea")]
    assert norma.find("art9_cpt_inc10_ali1") is None  # not in the host's own tree


def test_paragrafo_unico_named_in_the_host():
    text = (
        "LEI Nº 5/2003\nAltera a Lei nº 1/2001.\n"
        "Art. 1º Dê-se ao inciso II, parágrafo único do art. 3º, da Lei nº 1/2001, a seguinte redação:\n"
        '"II - cumprimento dos prazos do art. 3º, alíneas "a", "b" e "c"."\n'
        "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n"
    ).encode()
    norma = read(text).norma
    (alt,) = norma.find("art1_cpt").alteracoes
    assert _units(alt) == [("art3_par1u_inc2", "inciso", "II", 'cumprimento dos prazos do art. 3º, alíneas "a", "b" e "c".')]


def test_unclosed_quote_ends_at_the_next_article():
    text = (
        "LEI Nº 5, DE 1º DE JUNHO DE 2020.\nAltera a Lei nº 1.\n"
        "Art. 1º O art. 2º da Lei nº 1 passa a vigorar com a seguinte redação:\n"
        "“Art. 2º Nova redação sem aspas de fechamento.\n"
        "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n"
    ).encode()
    result = read(text)
    assert [a.id for a in result.norma.artigos()] == ["art1", "art2"]
    assert any(d.code == "aspas-abertas" for d in result.diagnostics)


def test_a_stray_quote_without_an_announcement_is_not_a_block():
    text = "LEI Nº 5, DE 1º DE JUNHO DE 2020.\nEmenta.\nArt. 1º Infração:\na) Infração: média\n“b) Penalidade: multa.\n"
    result = read(text.encode())
    art = result.norma.find("art1_cpt")
    assert not art.alteracoes
    ali = result.norma.find("art1_cpt_ali2")
    assert (ali.rotulo_printed, ali.rotulo, ali.kind) == ("“b)", "b)", Kind.ALINEA)
    assert any(d.code == "reparo" and d.where == "art1_cpt_ali2" for d in result.diagnostics)


# --- quoted blocks as real drafters print them (shapes counted in the Feira acervo: docs/leitura.md)

_HEAD = "LEI Nº 7, DE 2 DE MAIO DE 2022.\nAltera a Lei nº 1/2001.\n"
_TAIL = "Art. 3º Esta Lei entra em vigor na data de sua publicação.\n"


def test_block_opening_on_the_instructions_own_line_is_split_off():
    text = (_HEAD + "Art. 1º Fica alterado o Artigo 8, da Lei nº 1/2001, que passa a vigorar com a seguinte "
            'redação: "Art. 8 O horário das feiras é das 6h às 14h.\n'
            'Parágrafo único. Aos feriados, das 6h às 12h."\n'
            "Art. 2º O art. 9º da Lei nº 1/2001 passa a ter a seguinte redação: "
            '"Art. 9º A licença custa vinte reais." (NR)\n' + _TAIL).encode()
    result = read(text)
    norma = result.norma
    assert [a.id for a in norma.artigos()] == ["art1", "art2", "art3"]
    host = norma.find("art1_cpt")
    assert host.text.endswith("que passa a vigorar com a seguinte redação:")
    (alt,) = host.alteracoes
    assert alt.lines == (3, 4) and alt.raw.startswith('"Art. 8 O horário')
    assert _units(alt) == [("art8", "artigo", "Art. 8º", ""),
                           ("art8_cpt", "caput", None, "O horário das feiras é das 6h às 14h."),
                           ("art8_par1u", "paragrafo", "Parágrafo único", "Aos feriados, das 6h às 12h.")]
    assert norma.find("art1_par1u") is None  # the quote's paragraph is not the act's own
    (alt2,) = norma.find("art2_cpt").alteracoes
    assert (alt2.nota, _units(alt2)[1][3]) == ("NR", "A licença custa vinte reais.")


def test_a_quoted_notice_on_the_line_of_an_act_of_its_own_stays_text():
    text = (_HEAD + "Art. 1º As placas terão a seguinte redação: \"PROIBIDO FUMAR\", em letras grandes.\n"
            + _TAIL).encode()
    norma = read(text).norma
    host = norma.find("art1_cpt")
    assert not host.alteracoes and host.text.endswith('"PROIBIDO FUMAR", em letras grandes.')


def test_hosts_that_end_without_a_colon():
    cases = [
        ("Art. 1º O § 4º do art. 3º da Lei nº 1/2001 terá a seguinte redação\n", '"§ 4º Prazo de dez dias."\n',
         ("art3_par4", "paragrafo")),
        ("Art. 1º Dê-se ao inciso II do art. 3º da Lei nº 1/2001 a seguinte redação;\n", '"II - respeitar as filas;"\n',
         ("art3_cpt_inc2", "inciso")),
        ("Art. 1º O art. 5º da Lei nº 1/2001 passa a viger com a inclusão do § 2º.\n", '"§ 2º A taxa é anual."\n',
         ("art5_par2", "paragrafo")),
        ("Art. 1º Ao art. 5º da Lei nº 1/2001 fica acrescido o seguinte § 3º\n", '"§ 3º A taxa é mensal."\n',
         ("art5_par3", "paragrafo")),
    ]
    for host, quoted, first in cases:
        norma = read((_HEAD + host + quoted + _TAIL).encode()).norma
        (alt,) = norma.find("art1_cpt").alteracoes
        assert _units(alt)[0][:2] == first, host
        assert [a.id for a in norma.artigos()] == ["art1", "art3"]


def test_a_quoted_label_after_a_sentence_that_adds_nothing_is_not_a_block():
    text = (_HEAD + "Art. 1º Aplica-se aos feirantes o art. 5º da Lei nº 1/2001.\n"
            '"§ 1º A taxa é anual."\n' + _TAIL).encode()
    norma = read(text).norma
    assert not norma.find("art1_cpt").alteracoes


def test_omissis_between_quoted_articles_stays_in_the_block():
    text = (_HEAD + "Art. 1º Os artigos 4 e 9 da Lei nº 1/2001 passam a vigorar com a seguinte redação:\n"
            '"Art. 4º A feira abre às 6h."\n'
            "...\n"
            '"Art. 9º A licença custa vinte reais.\n'
            'Parágrafo único. A licença vale um ano."\n' + _TAIL).encode()
    norma = read(text).norma
    (alt,) = norma.find("art1_cpt").alteracoes
    assert alt.lines == (4, 7)
    assert [u[:2] for u in _units(alt)] == [("art4", "artigo"), ("art4_cpt", "caput"), ("omi1", "omissis"),
                                            ("art9", "artigo"), ("art9_cpt", "caput"), ("art9_par1u", "paragrafo")]


def test_block_opened_with_a_closing_curly_quote():
    text = (_HEAD + "Art. 1º O art. 4º da Lei nº 1/2001 passa a vigorar com a seguinte redação:\n"
            "”Art. 4º A feira abre às 6h.\n"
            "Parágrafo único. Aos feriados, às 7h.”\n" + _TAIL).encode()
    norma = read(text).norma
    (alt,) = norma.find("art1_cpt").alteracoes
    assert alt.lines == (4, 5)
    assert [u[1:] for u in _units(alt)] == [("artigo", "Art. 4º", ""), ("caput", None, "A feira abre às 6h."),
                                            ("paragrafo", "Parágrafo único", "Aos feriados, às 7h.")]
    assert [a.id for a in norma.artigos()] == ["art1", "art3"]
