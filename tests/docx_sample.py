"""A small fictional law for the DOCX, Akoma Ntoso and render tests (hand-built from the model).

Lei nº 123/2020 of the fictional Vila Serena-MT: three capítulos (one with a seção), an
article inserted later (Art. 2º-A), a Parágrafo único, alíneas under an inciso and directly
under a §, itens, an article amended (history on its caput) and one revoked (history on the
artigo), and text with characters that must be escaped (``<`` and ``&``).
"""

from __future__ import annotations

from lexconsolida.model import (
    Agrupador, AgrupadorKind, Dispositivo, Event, Kind, Norma, Number, Signature, Situacao,
    Version,
)

URN = "urn:lex:br;mato.grosso;vila.serena:municipal:lei:2020-03-10;123"
AMENDING = Event("redacao", "urn:lex:br;mato.grosso;vila.serena:municipal:lei:2021-04-05;130",
                 "Lei nº 130, de 5 de abril de 2021", "2021-04-05")
INSERTING = Event("inclusao", AMENDING.act_urn, AMENDING.act_label, AMENDING.date)
REVOKING = Event("revogacao", AMENDING.act_urn, AMENDING.act_label, AMENDING.date)
ORIGINAL = Event("original")

MUNICIPIO = {
    "nome": "Vila Serena",
    "uf": "MT",
    "orgaos": {
        "prefeitura": {
            "nome": "Prefeitura Municipal de Vila Serena",
            "cabecalho": ["ESTADO DE MATO GROSSO", "PREFEITURA MUNICIPAL DE VILA SERENA"],
            "endereco": "Rua das Flores, 100, Centro",
            "telefone": "(65) 3000-0000",
        },
        "camara": {
            "nome": "Câmara Municipal de Vila Serena",
            "cabecalho": ["ESTADO DE MATO GROSSO", "CÂMARA MUNICIPAL DE VILA SERENA"],
        },
    },
}


def d(kind: Kind, id_: str, rotulo: str | None, text: str = "", number: Number | None = None,
      children=None, **kw) -> Dispositivo:
    return Dispositivo(kind=kind, id=id_, rotulo=rotulo, rotulo_printed=rotulo, number=number,
                       text=text, children=list(children or []), **kw)


def artigo(n: int, suffix: tuple[str, ...], caput: str, incisos=(), paragrafos=(), **kw) -> Dispositivo:
    number = Number(n, suffix)
    aid = "art" + number.id_part
    label = f"Art. {n}º" if n < 10 else f"Art. {n}"
    label += number.suffix_text
    cap = d(Kind.CAPUT, aid + "_cpt", None, caput, children=incisos, **kw.pop("caput_kw", {}))
    return d(Kind.ARTIGO, aid, label, "", number, [cap, *paragrafos], **kw)


def sample_norma() -> Norma:
    art2 = artigo(2, (), "Para os fins desta Lei, considera-se:", incisos=[
        d(Kind.INCISO, "art2_cpt_inc1", "I", "árvore de porte:", Number(1), [
            d(Kind.ALINEA, "art2_cpt_inc1_ali1", "a)", "pequeno, até 5 metros;", Number(1)),
            d(Kind.ALINEA, "art2_cpt_inc1_ali2", "b)", "grande, acima de 5 metros, das espécies:", Number(2), [
                d(Kind.ITEM, "art2_cpt_inc1_ali2_ite1", "1.", "ipê;", Number(1)),
                d(Kind.ITEM, "art2_cpt_inc1_ali2_ite2", "2.", "oiti;", Number(2)),
            ]),
        ]),
        d(Kind.INCISO, "art2_cpt_inc2", "II", "calçada: a parte da via reservada a pedestres & ciclistas.", Number(2)),
    ])
    art2a_text = "O plantio em calçadas com largura < 2 metros depende de autorização."
    art2a = artigo(2, ("A",), art2a_text,
                   history=[Version(art2a_text, INSERTING, start=INSERTING.date)])
    art3_old = "A poda será feita pelo Município."
    art3_new = "A poda será feita pelo Município ou por empresa por ele autorizada."
    art3 = artigo(3, (), art3_new, caput_kw={"history": [
        Version(art3_old, ORIGINAL, end=AMENDING.date),
        Version(art3_new, AMENDING, start=AMENDING.date),
    ]}, paragrafos=[
        d(Kind.PARAGRAFO, "art3_par1u", "Parágrafo único", "A poda drástica é proibida."),
    ])
    art4_text = "Fica criado o viveiro municipal."
    art4 = artigo(4, (), art4_text, situacao=Situacao.REVOGADO, history=[
        Version(art4_text, ORIGINAL, end=REVOKING.date),
        Version(art4_text, REVOKING, start=REVOKING.date, situacao=Situacao.REVOGADO),
    ])
    art4.children[0].situacao = Situacao.REVOGADO
    art5 = artigo(5, (), "A infração a esta Lei sujeita o infrator a:", incisos=[
        d(Kind.INCISO, "art5_cpt_inc1", "I", "advertência;", Number(1)),
        d(Kind.INCISO, "art5_cpt_inc2", "II", "multa.", Number(2)),
    ], paragrafos=[
        d(Kind.PARAGRAFO, "art5_par1", "§ 1º", "A multa é de 10 UPF.", Number(1)),
        d(Kind.PARAGRAFO, "art5_par2", "§ 2º", "A multa dobra quando:", Number(2), [
            d(Kind.ALINEA, "art5_par2_ali1", "a)", "houver reincidência;", Number(1)),
            d(Kind.ALINEA, "art5_par2_ali2", "b)", "a árvore for imune ao corte.", Number(2)),
        ]),
    ])
    art6 = artigo(6, (), "Esta Lei entra em vigor na data de sua publicação.")
    cap1 = Agrupador(AgrupadorKind.CAPITULO, "cap1", "Capítulo I", "CAPÍTULO I", Number(1),
                     "DAS DISPOSIÇÕES GERAIS", [artigo(1, (), "Esta Lei dispõe sobre a arborização urbana."), art2, art2a])
    sec1 = Agrupador(AgrupadorKind.SECAO, "cap2_sec1", "Seção I", "Seção I", Number(1),
                     "Das Multas", [art5])
    cap2 = Agrupador(AgrupadorKind.CAPITULO, "cap2", "Capítulo II", "CAPÍTULO II", Number(2),
                     "DA PODA E DAS INFRAÇÕES", [art3, art4, sec1])
    cap3 = Agrupador(AgrupadorKind.CAPITULO, "cap3", "Capítulo III", "CAPÍTULO III", Number(3),
                     "DAS DISPOSIÇÕES FINAIS", [art6])
    return Norma(
        tipo="Lei", numero="123", data="2020-03-10", urn=URN, localidade="Vila Serena-MT",
        epigrafe="LEI Nº 123, DE 10 DE MARÇO DE 2020",
        ementa="Dispõe sobre a arborização urbana do Município de Vila Serena e dá outras providências.",
        preambulo=["O PREFEITO MUNICIPAL DE VILA SERENA, Estado de Mato Grosso, faz saber que a "
                   "Câmara Municipal aprovou e ele sanciona a seguinte Lei:"],
        articulacao=[cap1, cap2, cap3],
        fecho=["Vila Serena-MT, 10 de março de 2020."],
        assinaturas=[Signature("JOÃO DA SILVA", "Prefeito Municipal")],
    )


def tiny_png(width: int = 4, height: int = 4) -> bytes:
    """A valid RGB PNG (a coat of arms stand-in), built without any imaging library."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + b"\x20\x60\x20" * width for _ in range(height))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def docx_parts(data: bytes) -> dict[str, bytes]:
    import io
    import zipfile

    z = zipfile.ZipFile(io.BytesIO(data))
    return {name: z.read(name) for name in z.namelist()}


def norma_from_gold(path) -> Norma:
    """A tree from a hand-checked gold parse (``/work/shared/gold/*.json``): ids, kinds,
    normalised labels and the first 60 characters of each text; agrupadores placed by their
    ``first_article``. Real labels, real anomalies (ids that follow the position)."""
    import json
    from pathlib import Path

    from lexconsolida.model.ids import LexId

    gold = json.loads(Path(path).read_text(encoding="utf-8"))
    kinds = {k.value: k for k in Kind}
    nodes: dict[str, Dispositivo] = {}
    top: list = []
    groups = {a["id"]: Agrupador(AgrupadorKind(LexId.parse(a["id"]).kind), a["id"], a["label"], a["label_printed"],
                                 LexId.parse(a["id"]).number, a.get("nome")) for a in gold["agrupadores"]}
    starts: dict[str, list[Agrupador]] = {}
    for a in gold["agrupadores"]:
        starts.setdefault(a["first_article"], []).append(groups[a["id"]])
    current: Agrupador | None = None
    for item in gold["dispositivos"]:
        lexid = LexId.parse(item["id"])
        kind = kinds[item["kind"]]
        node = Dispositivo(kind, item["id"], item["label"], item["label_printed"], lexid.number,
                           "" if kind is Kind.ARTIGO else item["text_start"])
        nodes[item["id"]] = node
        if kind is Kind.ARTIGO:
            node.children.append(Dispositivo(Kind.CAPUT, item["id"] + "_cpt", text=item["text_start"]))
            nodes[item["id"] + "_cpt"] = node.children[0]
            for g in starts.get(item["id"], []):
                parent_id = LexId.parse(g.id).parent
                (groups[str(parent_id)].children if parent_id else top).append(g)
                current = g
            (current.children if current else top).append(node)
        else:
            nodes[str(lexid.parent)].children.append(node)
    norm = gold["norm"]
    return Norma(tipo=norm["tipo"], numero=norm["numero"], data=norm["data"], ementa=norm["ementa"],
                 localidade=norm["localidade"], articulacao=top)



def amending_norma() -> Norma:
    """Lei nº 130/2021, which amends Lei nº 123/2020: a quoted block with an omissis and (NR)."""
    from lexconsolida.model import Alteracao

    new_art3 = artigo(3, (), "A poda será feita pelo Município ou por empresa por ele autorizada.")
    block = Alteracao(
        id="art1_cpt_alt1", base_urn=URN, nota="NR",
        children=[new_art3, Dispositivo(Kind.OMISSIS, "art3_omi1")],
        raw="“Art. 3º A poda será feita pelo Município ou por empresa por ele autorizada.\n"
            "..................................................” (NR)",
    )
    art1 = artigo(1, (), "O art. 3º da Lei nº 123, de 10 de março de 2020, passa a vigorar com a "
                         "seguinte redação:")
    art1.children[0].alteracoes.append(block)
    art2 = artigo(2, (), "Esta Lei entra em vigor na data de sua publicação.")
    return Norma(tipo="Lei", numero="130", data="2021-04-05", urn=AMENDING.act_urn,
                 epigrafe="LEI Nº 130, DE 5 DE ABRIL DE 2021",
                 ementa="Altera a Lei nº 123, de 10 de março de 2020.",
                 articulacao=[art1, art2], fecho=["Vila Serena-MT, 5 de abril de 2021."],
                 assinaturas=[Signature("JOÃO DA SILVA", "Prefeito Municipal")])
