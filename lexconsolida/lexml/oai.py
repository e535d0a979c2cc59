"""The ``oai_lexml`` record of LexML Brasil: how a record is written, and how the national
harvester validates it.

The LexML portal harvests each data provider over OAI-PMH with the metadata prefix
``oai_lexml`` (schema ``data/xsd/lexml/oai_lexml.xsd``): one record per individual document,
with the ``Item``s where it can be read, its URN (``DocumentoIndividual``), epígrafe, apelidos,
ementa and relations (``Relacionamento``). Before accepting a record the harvester runs the
checks of ``lexml-coleta-validador`` (``doc/validacoes.txt``): the id has no blanks, the XML is
well formed and valid against the schema, every URN is structurally valid (lower case,
``urn:lex:<localidade>:<autoridade>:<tipo>``…), and the URN's core is one the publisher's
profile allows — ``D`` (or ``T``) for the document's own URN, for every publisher of its
``Item``s and ``Relacionamento``s; ``R`` (or ``T``) for the URN of each relation, for the
relation's publisher (the first ``Item``'s when it names none). :func:`validate_record` runs
the same checks, with the reasons in Portuguese.

The profile is the file the LexML team sends to each provider (``lexml_nbconfig.xml``:
``Publicador idPublicador`` › ``Perfil localidade autoridade tipoDocumento tipoPerfil``),
read by :func:`read_profile`; without it, :func:`default_profile` gives the municipal
vocabulary of the providers registered so far (the profiles of ``lexml-toolkit``), for the
municipality's own localidade.

>>> record_urn("urn:lex:br;bahia;feira.santana:municipal:resolucao:2001-02-03;7")
'urn:lex:br;bahia;feira.santana:camara.municipal:resolucao:2001-02-03;7'
>>> urn_cores("urn:lex:br;sao.paulo;sao.carlos:municipal:lei:2002-02-14;12948@inicio.vigencia")
('br;sao.paulo;sao.carlos:municipal:lei', None, None)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from lexconsolida.errors import InputError
from lexconsolida.io import read_bytes
from lexconsolida.lexml.schemas import schema
from lexconsolida.lexml.xml_safe import parse_xml, xml_text

NS = "http://www.lexml.gov.br/oai_lexml"
NS_XSI = "http://www.w3.org/2001/XMLSchema-instance"
SCHEMA_URL = "http://projeto.lexml.gov.br/esquemas/oai_lexml.xsd"
"""Where harvesters find the schema (the address SAPL and the LexML samples give)."""
NS_PROFILE = "http://www.lexml.gov.br/profile_lexml"

# --- vocabulary ---------------------------------------------------------------------------

MUNICIPAL_NORMS = ("lei", "lei.complementar", "lei.organica", "emenda.lei.organica", "decreto",
                   "decreto.legislativo", "portaria")
"""Kinds of municipal norms whose authority is ``municipal``: every (autoridade, tipo) pair with
``municipal`` in the profiles of the municipal providers registered with LexML."""
CHAMBER_NORMS = ("resolucao", "regimento.interno")
"""Acts of the Câmara alone: authority ``camara.municipal`` (as SAPL writes their URNs)."""
CHAMBER_BILLS = ("projeto.lei", "projeto.lei.complementar", "projeto.resolucao",
                 "projeto.decreto.legislativo", "proposta.emenda.lei.organica",
                 "projeto.lei.organica")
"""Bills of the Câmara (authority ``camara.municipal`` in the registered profiles)."""
FEDERAL_NORMS = ("constituicao", "emenda.constitucional", "lei", "lei.complementar",
                 "lei.delegada", "decreto", "decreto.lei", "decreto.legislativo",
                 "medida.provisoria", "ato.disposicoes.constitucionais.transitorias")
STATE_NORMS = ("constituicao", "emenda.constitucional", "lei", "lei.complementar",
               "lei.delegada", "decreto", "decreto.lei", "decreto.legislativo")
"""Kinds of federal and state norms a municipal act may cite in a relation (profile ``R``)."""

RELATION_KINDS = {
    "altera": "altera",
    "acrescenta": "altera",
    "revoga": "revoga",
    "revoga-dispositivos": "revoga.dispositivo",
    "regulamenta": "regulamenta",
    "declara-inconstitucional": "declara.inconstitucional",
    "declara-inconstitucional-dispositivo": "declara.inconstitucional.dispositivo",
}
"""The acervo's relation kinds → ``TipoRelacionamentoType``. ``consolida`` has no term in the
LexML vocabulary (a consolidation revokes the laws it incorporates: those are declared as
``revoga``); the two ``declara-inconstitucional`` kinds are for court decisions."""

ITEM_FORMATS = {
    "html": "text/html", "xml": "application/xml", "pdf": "application/pdf",
    "docx": None,  # not in the schema's list of formats: the attribute is left out
    "odt": "application/vnd.oasis.opendocument.text", "rtf": "application/rtf",
    "txt": "text/plain",
}
"""Item formats by file extension (``FormatoIdentificadorItemType``)."""


def authority_for(tipo: str) -> str:
    """The URN authority of a municipal act of kind ``tipo`` ('lei' → 'municipal')."""
    return "camara.municipal" if tipo in CHAMBER_NORMS + CHAMBER_BILLS else "municipal"


def record_urn(urn: str) -> str:
    """The URN a record carries: lower case and, for a municipal act, the authority its kind
    takes in the LexML vocabulary (a resolução of the Câmara is ``camara.municipal``)."""
    parts = urn.strip().lower().split(":")
    if len(parts) >= 5 and parts[:2] == ["urn", "lex"] and parts[2].count(";") == 2 \
            and parts[3] in ("municipal", "camara.municipal"):
        parts[3] = authority_for(parts[4].split(";")[0])
    return ":".join(parts)


# --- URNs as the harvester checks them -----------------------------------------------------

def structural_problem(urn: str) -> str | None:
    """Why ``urn`` is not a structurally valid LexML URN for the harvester (Portuguese), or None."""
    if not urn:
        return "URN vazia"
    if urn != urn.lower():
        return "a URN deve estar toda em letras minúsculas"
    if not urn.startswith("urn:lex:"):
        return "a URN deve começar com 'urn:lex:'"
    parts = urn[len("urn:lex:"):].split(":")
    if len(parts) < 3 or not all(parts[:3]):
        return "a URN deve ter a forma urn:lex:<localidade>:<autoridade>:<tipo-documento>[:<descritor>]"
    if any(c.isspace() for c in urn):
        return "a URN não pode ter espaços"
    return None


def urn_cores(urn: str) -> tuple[str, str | None, str | None]:
    """The URN's core ``<localidade>:<autoridade>:<tipo>`` and, when both the authority and
    the type carry a ';', the cores with the reduced authority and with the reduced type."""
    parts = urn[len("urn:lex:"):].split(":")
    core = ":".join(parts[:3])
    if ";" in parts[1] and ";" in parts[2]:
        return (core, f"{parts[0]}:{parts[1].split(';')[0]}:{parts[2]}",
                f"{parts[0]}:{parts[1]}:{parts[2].split(';')[0]}")
    return core, None, None


# --- publisher profiles ---------------------------------------------------------------------

@dataclass(slots=True)
class Profile:
    """Which URN cores each publisher may emit: ``D`` (documents), ``R`` (relations), ``T``
    (both)."""

    publishers: dict[int, dict[str, str]] = field(default_factory=dict)
    """idPublicador → core ('br;bahia;feira.santana:municipal:lei') → 'D', 'R' or 'T'."""
    origem: str = ""
    """Where it came from, for messages ('perfil padrão do vocabulário municipal …')."""

    def add(self, publisher: int, core: str, kind: str) -> None:
        cores = self.publishers.setdefault(publisher, {})
        old = cores.get(core)
        cores[core] = kind if old in (None, kind) else "T"

    def knows(self, publisher: int) -> bool:
        return publisher in self.publishers

    def _core_allows(self, publisher: int, core: str | None, kind: str) -> bool:
        return core is not None and self.publishers.get(publisher, {}).get(core) in (kind, "T")

    def allows(self, publisher: int, urn: str, kind: str) -> bool:
        """The harvester's rule: the core with the profile ``kind`` (or ``T``); else both
        reduced cores."""
        core, by_authority, by_type = urn_cores(urn)
        return self._core_allows(publisher, core, kind) or (
            self._core_allows(publisher, by_authority, kind) and self._core_allows(publisher, by_type, kind))

    def merged(self, other: Profile) -> Profile:
        out = Profile({k: dict(v) for k, v in self.publishers.items()}, self.origem)
        for pub, cores in other.publishers.items():
            for core, kind in cores.items():
                out.add(pub, core, kind)
        return out


def default_profile(localidade: str, publisher: int) -> Profile:
    """The profile a municipal provider is given, from the profiles registered with LexML:
    its own norms (``municipal``) and the Câmara's resolutions and bills (``camara.municipal``)
    as documents and relations; federal and state norms of its state as relations."""
    p = Profile(origem=f"perfil padrão do vocabulário municipal do LexML para {localidade} "
                       f"(publicador {publisher})")
    for tipo in MUNICIPAL_NORMS + CHAMBER_NORMS + CHAMBER_BILLS:
        p.add(publisher, f"{localidade}:{authority_for(tipo)}:{tipo}", "T")
    for tipo in FEDERAL_NORMS:
        p.add(publisher, f"br:federal:{tipo}", "R")
    state = ";".join(localidade.split(";")[:2])
    if state != "br":
        for tipo in STATE_NORMS:
            p.add(publisher, f"{state}:estadual:{tipo}", "R")
    return p


def read_profile(path: str | Path) -> Profile:
    """The provider's profile file as the LexML team sends it (``lexml_nbconfig.xml``)."""
    root = parse_xml(read_bytes(path), path=str(path))
    p = Profile(origem=f"perfil do provedor em {Path(path).as_posix()}")
    found = 0
    for pub in root.iter(f"{{{NS_PROFILE}}}Publicador", "Publicador"):
        try:
            pid = int(pub.get("idPublicador", ""))
        except ValueError:
            raise InputError(f"Publicador sem idPublicador numérico (linha {pub.sourceline})",
                             path=path) from None
        p.publishers.setdefault(pid, {})
        for perfil in pub.iter(f"{{{NS_PROFILE}}}Perfil", "Perfil"):
            attrs = [perfil.get(k) for k in ("localidade", "autoridade", "tipoDocumento", "tipoPerfil")]
            if not all(attrs) or attrs[3] not in ("D", "R", "T"):
                raise InputError("Perfil precisa de localidade, autoridade, tipoDocumento e tipoPerfil "
                                 f"(D, R ou T) (linha {perfil.sourceline})", path=path)
            p.add(pid, f"{attrs[0]}:{attrs[1]}:{attrs[2]}", attrs[3])
            found += 1
    if not found:
        raise InputError("o arquivo de perfil não tem nenhum Publicador com Perfil "
                         "(esperado o lexml_nbconfig.xml enviado pela equipe do LexML)", path=path)
    return p


# --- writing a record ------------------------------------------------------------------------

@dataclass(slots=True, frozen=True)
class Item:
    url: str
    """Where the document can be had ('' for an unavailable content with a note)."""
    publicador: int
    tipo: str = "conteudo"
    """'conteudo', 'metadado', 'conteudo.indisponivel' …"""
    formato: str | None = "text/html"
    nota: str | None = None


@dataclass(slots=True, frozen=True)
class Relacionamento:
    tipo: str
    """A ``TipoRelacionamentoType`` term ('altera', 'revoga.dispositivo' …)."""
    urn: str


@dataclass(slots=True)
class RecordData:
    """What one ``oai_lexml`` record says of one act."""

    urn: str
    itens: list[Item] = field(default_factory=list)
    epigrafe: str | None = None
    apelidos: list[str] = field(default_factory=list)
    ementa: str | None = None
    relacionamentos: list[Relacionamento] = field(default_factory=list)


def write_record(rec: RecordData) -> etree._Element:
    """The ``LexML`` element of the record, children in the schema's order."""
    root = etree.Element(f"{{{NS}}}LexML", nsmap={None: NS, "xsi": NS_XSI})
    root.set(f"{{{NS_XSI}}}schemaLocation", f"{NS} {SCHEMA_URL}")

    def sub(tag: str, text: str | None, **attrs: str) -> etree._Element:
        el = etree.SubElement(root, f"{{{NS}}}{tag}")
        for k, v in attrs.items():
            el.set(k, v)
        if text:
            el.text = xml_text(text)
        return el

    for item in rec.itens:
        attrs = {"tipo": item.tipo, "idPublicador": str(item.publicador)}
        if item.formato:
            attrs["formato"] = item.formato
        if item.nota:
            attrs["nota"] = item.nota
        sub("Item", item.url, **attrs)
    sub("DocumentoIndividual", rec.urn)
    if rec.epigrafe:
        sub("Epigrafe", rec.epigrafe)
    for apelido in rec.apelidos:
        sub("Apelido", apelido)
    if rec.ementa:
        sub("Ementa", " ".join(rec.ementa.split()))
    for r in rec.relacionamentos:
        sub("Relacionamento", r.urn, tipo=r.tipo)
    return root


def record_bytes(rec: RecordData) -> bytes:
    """The record as a standalone XML document (UTF-8, the same bytes for the same record)."""
    root = write_record(rec)
    etree.indent(root, space="  ")
    return etree.tostring(root, encoding="UTF-8", xml_declaration=True) + b"\n"


# --- validating a record as the harvester does -----------------------------------------------

@dataclass(slots=True, frozen=True)
class Finding:
    codigo: str
    """'id-invalido', 'xml-mal-formado', 'xml-invalido', 'urn-invalida', 'urn-incompativel'
    (the harvester's error types) or 'perfil-desconhecido' (a warning: not checked here)."""
    mensagem: str
    aviso: bool = False


_EXPECTED = re.compile(r"Expected is (?:one of )?\( (?P<e>[^)]*) \)")
_ELEMENT = re.compile(r"^Element '(?P<el>[^']+)'(?:, attribute '(?P<at>[^']+)')?: (?P<msg>.*)$", re.S)


def _local(name: str) -> str:
    return re.sub(r"\{[^}]*\}", "", name).strip()


def schema_message(message: str, root: etree._Element | None = None, line: int | None = None) -> str:
    """A libxml2 schema error in Portuguese (the original kept when it is not one of the
    known forms). ``root`` and ``line``: the record and the error's line, to say which
    expected element comes later (out of order) rather than missing."""
    m = _ELEMENT.match(message.strip())
    if not m:
        if "No matching global declaration" in message:
            return f"o elemento raiz não é LexML do espaço de nomes {NS}"
        return f"erro do esquema: {message.strip()}"
    el, at, msg = _local(m.group("el")), m.group("at"), m.group("msg")
    expected = _EXPECTED.search(msg)
    wanted = ", ".join(_local(x) for x in expected.group("e").split(",")) if expected else None
    if "This element is not expected" in msg:
        if not m.group("el").startswith("{") and expected and f"{{{NS}}}{el}" in expected.group("e"):
            return (f"elemento {el} sem o espaço de nomes do oai_lexml ({NS}): os elementos dentro de "
                    "LexML precisam dele (o esquema é elementFormDefault=\"qualified\"; declare "
                    f"xmlns=\"{NS}\" ou use o prefixo em cada elemento)")
        later = _later_sibling(root, line, el, wanted) if wanted else None
        if later:
            return (f"elemento {el} fora de ordem: {later} deve vir antes dele (a ordem do esquema "
                    "oai_lexml é Item, DocumentoIndividual, Epigrafe, Apelido, Ementa, Indexacao, "
                    "Catalogo, Doutrina…, Relacionamento)")
        if wanted:
            return (f"elemento {el} fora de ordem ou inesperado: o esquema oai_lexml espera aqui "
                    f"{wanted} (a ordem é Item, DocumentoIndividual, Epigrafe, Apelido, Ementa, "
                    "Indexacao, Catalogo, …, Relacionamento)")
        return f"elemento {el} não é permitido aqui pelo esquema oai_lexml"
    if "Missing child element" in msg:
        return f"falta em {el} o elemento {wanted or '(obrigatório)'}"
    if "is required but missing" in msg:
        attr = re.search(r"attribute '([^']+)'", msg)
        return f"{el} sem o atributo obrigatório {attr.group(1) if attr else ''}".rstrip()
    value = re.search(r"The value '([^']*)'", msg) or re.search(r"'([^']*)' is not a valid value", msg)
    what = f"atributo {at} de {el}" if at else el
    if "[facet 'enumeration']" in msg:
        return f"{what}: valor {value.group(1) if value else ''!r} não é um dos valores que o esquema admite"
    if "[facet 'pattern']" in msg:
        return f"{what}: valor {value.group(1) if value else ''!r} não segue o padrão de URN do esquema"
    if "is not a valid value of the atomic type" in msg:
        kind = "um número inteiro" if "integer" in msg else "um valor do tipo pedido"
        return f"{what}: valor {value.group(1) if value else ''!r} não é {kind}"
    if "attribute" in msg and "is not allowed" in msg:
        attr = re.search(r"attribute '([^']+)'", msg)
        return f"{el}: o atributo {attr.group(1) if attr else ''} não é permitido pelo esquema"
    return f"{what}: {msg.strip()} (mensagem do validador de esquema)"


def _later_sibling(root, line, el: str, wanted: str) -> str | None:
    """The expected element that the record has after ``el`` (found at ``line``), if any."""
    if root is None:
        return None
    names = [w.strip() for w in wanted.split(",")]
    children = [c for c in root if isinstance(c.tag, str)]
    for i, child in enumerate(children):
        if _local(child.tag) == el and (line is None or child.sourceline == line):
            for later in children[i + 1:]:
                if _local(later.tag) in names and _local(later.tag) != el:
                    return _local(later.tag)
            return None
    return None


def validate_record(data: bytes, profile: Profile | None, record_id: str = "registro") -> list[Finding]:
    """The harvester's checks of one record (its ``LexML`` element as bytes); empty when it
    would be accepted. ``profile`` None: the profile check is not run (one warning says so)."""
    out: list[Finding] = []
    if not record_id or any(c.isspace() for c in record_id):
        out.append(Finding("id-invalido", f"o identificador do registro não pode ser vazio nem ter "
                                          f"espaços: {record_id!r}"))
        return out
    if not data.strip():
        return [Finding("xml-mal-formado", "o registro está vazio")]
    try:
        root = parse_xml(data)
    except InputError as err:
        return [Finding("xml-mal-formado", err.message)]
    xsd = schema("oai_lexml")
    if not xsd.validate(root):
        return [Finding("xml-invalido", f"linha {e.line}: {schema_message(e.message, root, e.line)}")
                for e in xsd.error_log]
    doc = (root.findtext(f"{{{NS}}}DocumentoIndividual") or "").strip()
    problem = structural_problem(doc)
    if problem:
        return [Finding("urn-invalida", f"a URN de DocumentoIndividual {doc!r} é estruturalmente "
                                        f"inválida: {problem}")]
    items = [int(i.get("idPublicador")) for i in root.iterfind(f"{{{NS}}}Item")]
    rels = root.findall(f"{{{NS}}}Relacionamento")
    default = items[0] if items else None
    for rel in rels:
        urn = (rel.text or "").strip()
        problem = structural_problem(urn)
        if problem:
            out.append(Finding("urn-invalida", f"a URN do Relacionamento {urn!r} é estruturalmente "
                                               f"inválida: {problem}"))
    if out:
        return out
    if profile is None:
        return [Finding("perfil-desconhecido", "perfil do provedor não indicado: a compatibilidade "
                                               "das URNs com o perfil não foi verificada", True)]
    rel_pubs = [int(r.get("idPublicador")) if r.get("idPublicador") else default for r in rels]
    publishers = list(dict.fromkeys(items + [p for p in rel_pubs if p is not None]))
    unknown = [p for p in publishers if not profile.knows(p)]
    for p in unknown:
        out.append(Finding("perfil-desconhecido", f"o perfil ({profile.origem}) não tem o publicador {p}: "
                                                  "a compatibilidade com ele não foi verificada", True))
    for p in publishers:
        if p in unknown:
            continue
        if not profile.allows(p, doc, "D"):
            core = urn_cores(doc)[0]
            out.append(Finding("urn-incompativel", f"a URN de DocumentoIndividual {doc!r} não é compatível "
                                                   f"com o perfil do publicador {p}: o núcleo {core!r} não está "
                                                   "no perfil como documento (D ou T)"))
    for rel in rels:
        urn = (rel.text or "").strip()
        pub = int(rel.get("idPublicador")) if rel.get("idPublicador") else default
        if pub is None:
            out.append(Finding("urn-incompativel", f"a URN do Relacionamento {urn!r} não pode ser verificada: "
                                                   "nem o Relacionamento nem um Item dizem o idPublicador"))
        elif pub not in unknown and not profile.allows(pub, urn, "R"):
            out.append(Finding("urn-incompativel", f"a URN do Relacionamento {urn!r} não é compatível com o "
                                                   f"perfil do publicador {pub}: o núcleo {urn_cores(urn)[0]!r} "
                                                   "não está no perfil como relacionamento (R ou T)"))
    return out


def errors(findings: list[Finding]) -> list[Finding]:
    """The findings that make the harvester refuse the record (not the warnings)."""
    return [f for f in findings if not f.aviso]
