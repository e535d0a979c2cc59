"""One ``oai_lexml`` record (and its ``oai_dc`` view) per act of an acervo.

:func:`catalog` turns the compiled acervo (:class:`~lexconsolida.acervo.pipeline.Acervo`) into
a :class:`Catalog`: for every normative act of a municipality that is set up as a LexML
publisher (``[lexml] id_publicador`` and ``[site] url`` in its ``municipio.toml``), a
:class:`Record` with

- the ``Item``s: the act's page on the published site (``text/html``; for an act without text
  — none in the acervo, a source with only the epígrafe and the ementa, or one the reader
  refused —, a ``metadado`` page and a ``conteudo.indisponivel`` item saying why), and — when
  the ``build``'s output
  folder is given — its LexML XML, DOCX and PDF, where they exist;
- ``DocumentoIndividual``: the act's URN in lower case, authority by kind of act
  (:func:`lexconsolida.lexml.oai.record_urn`);
- ``Epigrafe`` (LC 95/1998, art. 4º, from the act's data), ``Apelido`` (the names it is cited
  by), ``Ementa``;
- one ``Relacionamento`` per relation the acervo knows (declared in ``[[relacoes]]`` or found
  in the texts: altera, revoga, revoga.dispositivo, regulamenta) — to acts inside or outside
  the acervo — and per relation of :data:`RELATION_SOURCES` (the hook for court decisions:
  ``declara.inconstitucional``).

Each record is checked as the LexML harvester checks it (:func:`lexconsolida.lexml.oai.validate_record`):
a relation whose URN the publisher's profile does not allow is left out of the record (and
listed, with the reason); a record that would still be refused is listed as invalid and not
served. Acts not published (proposições, municipalities not set up) are listed with the reason.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from lexconsolida.acervo.importer import provider_contact
from lexconsolida.acervo.pipeline import Acervo
from lexconsolida.corpus.records import Act, Municipio
from lexconsolida.errors import InputError
from lexconsolida.io import contained
from lexconsolida.lexml import oai as vocab
from lexconsolida.model.dates import format_long
from lexconsolida.model.numbering import format_act_number
from lexconsolida.model.urn import Urn
from lexconsolida.oai.ledger import read_ledger

ExtraRelations = Callable[[Acervo], Iterable[tuple[str, str, str]]]
"""A source of relations beyond those of the pipeline: (source URN, kind, target URN), with a
kind of :data:`lexconsolida.lexml.oai.RELATION_KINDS` ('declara-inconstitucional' …)."""

RELATION_SOURCES: list[ExtraRelations] = []
"""Hook: other sources of relations the records carry. The court decisions of an acervo
(``declara.inconstitucional``, ``declara.inconstitucional.dispositivo``) register a function
here; each relation it yields is emitted on the record of its source act like the others."""



def court_decisions(ac: Acervo) -> Iterable[tuple[str, str, str]]:
    """The acervo's recorded declarations of unconstitutionality (``[[eficacia]]`` of each act's
    ledger, :mod:`lexconsolida.model.efficacy`) whose decision has a LexML URN: (the decision,
    'declara-inconstitucional' for a whole act or '…-dispositivo' for units, the act). The
    relation is emitted on its source's record, so only a decision published as a record of
    this provider carries it (a court's decision is not, for now: see docs/eficacia.md)."""
    for act in ac.corpus.acts.values():
        for ev in act.eficacia:
            if ev.kind == "inconstitucional" and ev.decision is not None and ev.decision.urn:
                kind = "declara-inconstitucional-dispositivo" if ev.units else "declara-inconstitucional"
                yield ev.decision.urn, kind, act.urn


RELATION_SOURCES.append(court_decisions)

FILES = (("lexml", "xml"), ("docx", "docx"), ("pdf", "pdf"))
"""Files of the ``build``'s output offered as Items: (folder, extension)."""


@dataclass(slots=True)
class Publisher:
    """A municipality set up as a LexML publisher (``municipio.toml``)."""

    municipio: str
    """Folder name ('ba-feira-de-santana')."""
    id_publicador: int
    site_url: str
    """The public address of the site's root, ending in '/'."""
    files_url: str | None
    """The public address of the ``build``'s output (lexml/, docx/, pdf/), ending in '/'."""
    localidade: str
    nome: str
    email: str | None
    """The provider's contact: ``[lexml] email``, else ``[orgaos.camara]``'s or ``[orgaos.prefeitura]``'s."""
    profile: vocab.Profile


def _url(value, path: Path, key: str) -> str:
    text = str(value).strip()
    if not text.startswith(("https://", "http://")):
        raise InputError(f"'{key}' deve ser um endereço http:// ou https://: {text!r}", path=path)
    return text if text.endswith("/") else text + "/"


def publisher_of(root: Path, mun: Municipio) -> tuple[Publisher | None, str | None]:
    """The municipality's publisher settings, or None and why it publishes nothing."""
    path = root / mun.folder / "municipio.toml"
    lexml = mun.data.get("lexml")
    site = mun.data.get("site") or {}
    if not isinstance(lexml, dict) or "id_publicador" not in lexml:
        return None, ("o municipio.toml não tem [lexml] id_publicador (o número que a equipe do LexML "
                      "dá ao publicador; veja docs/lexml-oai.md)")
    pid = lexml["id_publicador"]
    if not isinstance(pid, int) or isinstance(pid, bool) or pid < 0:
        raise InputError(f"[lexml] id_publicador deve ser um número inteiro: {pid!r}", path=path)
    if not isinstance(site, dict) or not site.get("url"):
        return None, "o municipio.toml não tem [site] url (o endereço público do site, para onde os registros apontam)"
    files = lexml.get("url_arquivos")
    contact = provider_contact(mun.data)  # [lexml] email, else the Câmara's or the Prefeitura's
    profile = vocab.default_profile(mun.localidade_urn.lower(), pid)
    if lexml.get("perfil"):
        profile = vocab.read_profile(contained(root / mun.folder, lexml["perfil"], source=path, key="lexml.perfil"))
    return Publisher(mun.folder, pid, _url(site["url"], path, "site.url"),
                     _url(files, path, "lexml.url_arquivos") if files else None,
                     mun.localidade_urn.lower(), mun.nome, contact[0] if contact else None, profile), None


@dataclass(slots=True)
class Record:
    identifier: str
    """The OAI identifier: the record's URN (unique, stable, no blanks)."""
    municipio: str
    pasta: str
    """The act's folder relative to the acervo ('ba-feira-de-santana/lei-2217-2001')."""
    setspec: str
    """The set of the act's kind: the URN's tipo ('lei', 'lei.complementar')."""
    set_name: str
    datestamp: str
    """'AAAA-MM-DDThh:mm:ssZ': from the provider's ledger, else the act's publication date."""
    data: bytes = b""
    """The ``oai_lexml`` record (empty for a deleted record)."""
    dc: dict[str, list[str]] = field(default_factory=dict)
    """The ``oai_dc`` fields."""
    deleted: bool = False
    digest: str = ""
    """SHA-256 of ``data`` (what the ledger compares)."""
    relations: int = 0


@dataclass(slots=True, frozen=True)
class Omitted:
    """An act left out, or a relation left out of a record: what and why (Portuguese)."""

    ato: str
    motivo: str
    alvo: str | None = None


@dataclass(slots=True)
class Catalog:
    records: list[Record] = field(default_factory=list)
    """Valid records (and deleted ones), sorted by (datestamp, identifier)."""
    invalid: list[tuple[Record, list[vocab.Finding]]] = field(default_factory=list)
    """Records the harvester would refuse, with the reasons (not served)."""
    warnings: list[tuple[str, vocab.Finding]] = field(default_factory=list)
    not_published: list[Omitted] = field(default_factory=list)
    omitted_relations: list[Omitted] = field(default_factory=list)
    publishers: dict[str, Publisher] = field(default_factory=dict)
    relations_known: int = 0
    """Distinct relations (source, LexML kind, target) the acervo knows of the published acts."""
    relations_emitted: int = 0
    ledger_notes: list[str] = field(default_factory=list)
    """What the provider's ledger says is out of date (Portuguese)."""
    ledgers: list[str] = field(default_factory=list)
    """Municipalities with a ledger (``lexml-oai.toml``): their deletions are known."""
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    """Acts whose ``norma.toml`` could not be read this time: (folder, message with file and
    line). Their records are never taken for deleted (:func:`apply_ledger`,
    :func:`lexconsolida.oai.ledger.register`)."""

    def by_id(self) -> dict[str, Record]:
        return {r.identifier: r for r in self.records}


def epigrafe(act: Act) -> str:
    """'LEI Nº 2.217, DE 5 DE JANEIRO DE 2001' from the act's data (LC 95/1998, art. 4º)."""
    out = act.tipo.upper()
    if act.numero:
        out += f" Nº {format_act_number(act.numero)}"
    if act.data:
        out += f", DE {format_long(act.data).upper()}"
    return out


def content_date(act: Act) -> str:
    """The record's datestamp when the ledger has none: the act's publication, else its date."""
    day = act.publicacao or act.data or Urn.parse(act.urn).data or "1900-01-01"
    day = day if len(day) == 10 else f"{day[:4]}-01-01"
    return f"{day}T00:00:00Z"


def _set_name(act: Act) -> str:
    return act.tipo


UNAVAILABLE_NOTE = "Texto integral indisponível no acervo"
"""The note of the ``conteudo.indisponivel`` Item of an act without text (with why, after ': ')."""


def _items(pub: Publisher, pasta: str, missing: str | None, output: Path | None) -> list[vocab.Item]:
    """The Items of an act: its page (and the ``build``'s files); for an act whose text the
    acervo lacks (``missing``: why, as :meth:`Acervo.missing_text` says it), its page as
    ``metadado`` and a ``conteudo.indisponivel`` Item saying so — the same acts the site says
    "texto não disponível"."""
    page = pub.site_url + quote(f"{pasta}/index.html")
    if missing is not None:
        return [vocab.Item(page, pub.id_publicador, "metadado", "text/html"),
                vocab.Item("", pub.id_publicador, "conteudo.indisponivel", None,
                           f"{UNAVAILABLE_NOTE}: {missing}")]
    items = [vocab.Item(page, pub.id_publicador, "conteudo", "text/html")]
    if output is not None and pub.files_url:
        for folder, ext in FILES:
            rel = f"{folder}/{pasta}.{ext}"
            if (output / rel).is_file():
                items.append(vocab.Item(pub.files_url + quote(rel), pub.id_publicador, "conteudo",
                                        vocab.ITEM_FORMATS[ext]))
    return items


def _relations(ac: Acervo) -> dict[str, list[tuple[str, str]]]:
    """Source URN → (LexML kind or '' with the acervo's kind, target URN), in a fixed order."""
    out: dict[str, list[tuple[str, str]]] = {}
    for r in ac.relations:
        out.setdefault(r.fonte, []).append((r.tipo, r.alvo))
    for source in RELATION_SOURCES:
        for fonte, tipo, alvo in source(ac):
            out.setdefault(fonte, []).append((tipo, alvo))
    return out


def _dc(act: Act, urn: str, rec: vocab.RecordData, pub: Publisher) -> dict[str, list[str]]:
    return {
        "title": [rec.epigrafe] if rec.epigrafe else [],
        "description": [" ".join(rec.ementa.split())] if rec.ementa else [],
        "date": [act.data] if act.data else [],
        "type": [act.tipo],
        "identifier": [urn] + [i.url for i in rec.itens if i.url],
        "language": ["pt-BR"],
        "publisher": [f"Município de {pub.nome}"],
        "coverage": [f"{pub.nome} ({pub.localidade})"],
        "relation": [f"{r.tipo} {r.urn}" for r in rec.relacionamentos],
    }


def catalog(ac: Acervo, *, output: str | Path | None = None, profile: vocab.Profile | None = None) -> Catalog:
    """The records of the acervo ``ac`` (see the module's docstring). ``output``: the
    ``build``'s output folder, whose LexML, DOCX and PDF files become Items where they exist;
    ``profile``: the publishers' profile (a ``lexml_nbconfig.xml``), instead of each
    municipality's own."""
    out = Catalog(unreadable=list(ac.broken))
    root = Path(ac.root)
    outdir = Path(output) if output else None
    corpus = ac.corpus
    reasons: dict[str, str] = {}
    for key in sorted(corpus.municipios):
        pub, why = publisher_of(root, corpus.municipios[key])
        if pub is not None:
            pub.profile = profile or pub.profile
            out.publishers[key] = pub
        else:
            reasons[key] = why or ""
    relations = _relations(ac)
    for urn in sorted(corpus.acts):
        act = corpus.acts[urn]
        if act.municipio not in out.publishers:
            out.not_published.append(Omitted(urn, reasons.get(act.municipio, "")))
            continue
        if not act.normative:
            out.not_published.append(Omitted(urn, "proposição ou consolidação em elaboração, sem valor "
                                                  "normativo: não vai ao LexML como norma"))
            continue
        pub = out.publishers[act.municipio]
        res = ac.acts.get(urn)
        pasta = act.folder.relative_to(corpus.root).as_posix()
        doc = vocab.record_urn(urn)
        # a text the reader refused is not published either: its page has only the act's data
        missing = ac.missing_text(urn) or (
            f"o texto do ato não pôde ser lido ({res.recusa})" if res is not None and res.recusa else None)
        rec = vocab.RecordData(doc, _items(pub, pasta, missing, outdir), epigrafe(act),
                               [str(a) for a in act.data_toml.get("apelidos", [])], act.ementa)
        seen: set[tuple[str, str]] = set()
        for tipo, alvo in relations.get(urn, []):
            kind = vocab.RELATION_KINDS.get(tipo)
            target = vocab.record_urn(alvo.split("!")[0])
            if kind is None:
                out.omitted_relations.append(Omitted(urn, f"a relação '{tipo}' não tem termo no vocabulário "
                                                          "do LexML (TipoRelacionamento)", alvo))
                continue
            if (kind, target) in seen or target == doc:
                continue
            seen.add((kind, target))
            out.relations_known += 1
            problem = vocab.structural_problem(target)
            if problem is None and not pub.profile.allows(pub.id_publicador, target, "R"):
                problem = (f"o núcleo {vocab.urn_cores(target)[0]!r} não está no perfil do publicador "
                           f"{pub.id_publicador} como relacionamento ({pub.profile.origem})")
            if problem:
                out.omitted_relations.append(Omitted(urn, f"relação '{kind}' omitida do registro: {problem}", target))
                continue
            rec.relacionamentos.append(vocab.Relacionamento(kind, target))
        data = vocab.record_bytes(rec)
        record = Record(doc, act.municipio, pasta, doc.split(":")[4].split(";")[0], _set_name(act),
                        content_date(act), data, _dc(act, doc, rec, pub),
                        digest=hashlib.sha256(data).hexdigest(), relations=len(rec.relacionamentos))
        findings = vocab.validate_record(data, pub.profile, doc)
        out.warnings += [(doc, f) for f in findings if f.aviso]
        bad = vocab.errors(findings)
        if bad:
            out.invalid.append((record, bad))
        else:
            out.records.append(record)
            out.relations_emitted += record.relations
    counts = Counter(r.identifier for r in out.records)
    if len(counts) != len(out.records):  # two acts whose URNs differ only in case or authority
        dup = sorted(i for i, n in counts.items() if n > 1)
        raise InputError(f"dois atos do acervo dão a mesma URN de registro: {', '.join(dup[:5])}",
                         path=root)
    apply_ledger(out, root)
    out.records.sort(key=lambda r: (r.datestamp, r.identifier))
    return out


def _setspec_of(identifier: str) -> str:
    """The set of a record by its URN ('lei' of 'urn:lex:br;…:municipal:lei:…')."""
    parts = identifier.split(":")
    return parts[4].split(";")[0] if len(parts) > 4 else ""


def apply_ledger(cat: Catalog, root: Path) -> None:
    """Date the catalog's records by the ledgers of their municipalities
    (:mod:`lexconsolida.oai.ledger`) and add the deleted records. A record is deleted only when
    the ledger recorded its removal (``[[excluidos]]``, written by ``provedor registrar`` once
    the act's folder is gone): a registered record missing now — its act unreadable, or its
    folder removed and the removal not yet registered — is never announced as deleted (the
    harvester keeps the copy it took; the notes say why). A record that is invalid now is not
    taken for deleted either (it stays as the harvester last took it, and is listed as invalid)."""
    for mun in sorted(cat.publishers):
        ledger = read_ledger(root / mun)
        if not ledger.exists:
            continue
        cat.ledgers.append(mun)
        mine = [r for r in cat.records if r.municipio == mun]
        present = {r.identifier for r in mine} | {r.identifier for r, _ in cat.invalid if r.municipio == mun}
        changed = new = 0
        for r in mine:
            entry = ledger.registros.get(r.identifier)
            if entry is None:
                new += 1
                continue
            r.datestamp = entry[0]
            changed += entry[1] != r.digest
        gone = [i for i in ledger.registros if i not in present and i not in ledger.excluidos]
        for ident, (stamp, setspec) in sorted(ledger.excluidos.items()):
            if ident not in present:
                spec = setspec or _setspec_of(ident)
                cat.records.append(Record(ident, mun, "", spec, spec, stamp, deleted=True))
        unreadable = [f for f, _ in cat.unreadable if f.split("/", 1)[0] == mun]
        if gone and unreadable:
            cat.ledger_notes.append(
                f"{mun}: {len(gone)} registro(s) publicados não foram encontrados agora e {len(unreadable)} "
                "ato(s) estão ilegíveis: os registros ficam como o coletor os tomou (nunca excluídos) até "
                "que os atos sejam corrigidos")
        if changed or new or gone:
            cat.ledger_notes.append(
                f"{mun}: desde o último 'provedor registrar', {changed} registro(s) mudaram, {new} são novos e "
                f"{len(gone)} saíram do acervo: rode 'lexconsolida provedor registrar' para que os "
                "coletores vejam essas mudanças")
