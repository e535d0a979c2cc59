"""The site's acts from the corpus ``statutes/`` (through :mod:`lexconsolida.corpus`).

Each act of the corpus becomes a :class:`SiteAct`: its text in force (every amending act of the
corpus applied), its municipality, its declared relations. An act whose text, or one of whose
amending acts, cannot be read or applied is marked ``failed``: the builder keeps its last good
pages (or, without any, publishes only its metadata) and the problem is returned so the
command exits 1 saying why. A stale text is never published as current.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from lexconsolida import api
from lexconsolida.corpus import Corpus, load
from lexconsolida.corpus.records import LEDGER
from lexconsolida.errors import LexError
from lexconsolida.io import read_bytes
from lexconsolida.diario.records import load_published, load_voided
from lexconsolida.diario.settings import load as load_gazette
from lexconsolida.model import Norma
from lexconsolida.model.status import PENDING, WITHOUT_TEXT, Step, mark
from lexconsolida.site.model import LazySiteAct, Municipio, Relation, SiteAct, SiteCorpus, site_url, why_no_text


@dataclass(slots=True)
class LoadedSite:
    corpus: SiteCorpus

    @property
    def problems(self) -> list[str]:
        """'<pasta>: <erro>' for every act whose text, or whose amendments, could not be read or
        applied: its pages are not rebuilt (the last good ones are kept).

        Known from each act's facts: after :func:`~lexconsolida.site.build_site` they come
        from the site's memo; asked before, they read every act."""
        return [f"{a.path}: {a.facts.problem}" for a in self.corpus.acts if a.facts.problem]

    @property
    def warnings(self) -> list[str]:
        """'<pasta>: <aviso>' for amendments that could not be applied (the text is published)."""
        return [f"{a.path}: {n}" for a in self.corpus.acts for n in a.facts.notes]


def _metadata_only(corpus: Corpus, urn: str) -> Norma:
    act = corpus.get(urn)
    mun = corpus.municipios[act.municipio]
    return Norma(tipo=act.tipo, numero=act.numero, data=act.data, urn=act.urn,
                 ementa=act.ementa, localidade=f"{mun.nome}-{mun.uf}",
                 publicacao=act.publicacao, vigencia=act.in_force_from)


class StaleText(Exception):
    """The act's history cannot be applied: publishing its text would publish a stale text."""

    def __init__(self, message: str, acts: list[tuple[str, str, str | None]] | None = None) -> None:
        super().__init__(message)
        self.acts = acts or []


class Why(str):
    """Why an act's text could not be built (a str), with the amending acts that held it back
    (``acts``: (urn, label, date) each): its kept pages name them, and its status says them
    pending."""

    acts: tuple[str, ...] = ()

    def __new__(cls, text: str, acts=()) -> "Why":
        out = super().__new__(cls, text)
        out.acts = tuple(acts)
        return out

    def __reduce__(self):
        return (Why, (str(self), self.acts))


def _amended(corpus: Corpus, urn: str) -> tuple[Norma, list[str]]:
    """The act with every amending act of the corpus applied, its status marked (amending
    acts without text, declared relations with no instruction), and the warnings of the
    recognition. Raises :class:`StaleText` when an amending act cannot be read or applied
    (a blocking problem awaits a human decision): the text as read would not be the text in
    force, and is never published as such (the act keeps its last good pages, with a notice
    naming the acts)."""
    try:
        result = api.amended(corpus, corpus.get(urn))
    except LexError as err:
        raise StaleText(f"o histórico de alterações não pôde ser aplicado: {err}") from None
    blocking = [(r.act, p) for r in result.reports for p in r.problems if p.blocking]
    if blocking:
        act, p = blocking[0]
        more = f" (e mais {len(blocking) - 1})" if len(blocking) > 1 else ""
        held = list(dict.fromkeys((a.urn, a.label, a.in_force_from) for a, _ in blocking))
        raise StaleText(f"{act.label} não pôde ser aplicada: {p.message}{more}", held)
    notes = [f"alteração com aviso ({act.label}): {p.message}" for act, p in result.open_problems]
    notes += [f"{s.act_label} altera este ato, mas o seu texto não está no acervo: publicado "
              "com o aviso 'alterada por ato sem texto disponível'"
              for s in result.steps() if s.state == WITHOUT_TEXT]
    return result.marked(), notes


def read_norma(corpus: Corpus, urn: str) -> tuple[Norma | None, str | None, list[str]]:
    """(the act's text in force, or None; why not; warnings). ``why`` is set when the act's
    text or the history of its amendments cannot be read or applied."""
    act = corpus.get(urn)
    if act.texto is None:
        return None, None, []
    try:
        norma, notes = _amended(corpus, urn)
        return norma, None, notes
    except StaleText as err:
        return None, Why(str(err), err.acts), []
    except LexError as err:
        return None, f"não foi possível ler o texto: {err}", []


def site_from_corpus(corpus: Corpus, read=read_norma) -> LoadedSite:
    """Every act of a loaded corpus as the site shows it, in URN order.

    Acts are not read here: each is a :class:`LazySiteAct` keyed by its sources
    (:func:`source_keys`), read when the site needs its tree and dropped afterwards.
    """
    municipios = {k: Municipio(k, m.nome, m.uf, site_url(m.data)) for k, m in corpus.municipios.items()}
    keys = source_keys(corpus)
    acts: list[SiteAct] = []
    for urn in sorted(corpus.acts):
        act = corpus.acts[urn]
        folder = act.folder.relative_to(corpus.root).as_posix()
        relations = [Relation(r.tipo, act.urn, alvo, r.dispositivo, r.nota)
                     for r in act.relacoes for alvo in r.alvos]
        acts.append(LazySiteAct(
            _reader(corpus, urn, read), _fallback(corpus, urn), folder, act.urn,
            municipio=municipios.get(act.municipio),
            orgao=_orgao_name(corpus, act),
            fonte=act.nota_publica,  # ``fonte`` is the maintainers' note: never published
            relations=relations,
            source_key=keys[urn],
        ))
    edicoes, inutilizadas = published_editions(corpus)
    return LoadedSite(SiteCorpus(acts, edicoes=edicoes, inutilizadas=inutilizadas))


def published_editions(corpus: Corpus) -> tuple[list, list]:
    """(the editions of the official gazette of every municipality that has one ([diario]), the
    numbers its register voided — whose leftover files are not editions)."""
    out: list = []
    voided: list = []
    for slug, mun in sorted(corpus.municipios.items()):
        if "diario" in mun.data:
            settings = load_gazette(corpus.root / mun.folder)
            mine = load_voided(settings.registro, settings.slug, settings.titulo)
            voided += mine
            out += load_published(settings.folder, settings.slug, settings.pasta, mine)
    return out, voided


def _reader(corpus: Corpus, urn: str, read):
    def run():
        try:
            with corpus.reading_once():  # the site reads each act once: no cached copies
                return read(corpus, urn)
        finally:
            corpus.forget_texts()  # memory stays bounded
    return run


def _fallback(corpus: Corpus, urn: str):
    def run(why: str | None) -> tuple[Norma, str | None]:
        norma = _metadata_only(corpus, urn)
        # the acts that held the text back are pending review: never "em vigor" over it
        mark(norma, [Step(u, label, date, PENDING) for u, label, date in getattr(why, "acts", ())])
        return norma, why_no_text(None, failed=bool(why))
    return run


def _file_bytes(path: Path | None) -> bytes | None:
    return read_bytes(path) if path is not None and path.is_file() else None


def source_keys(corpus: Corpus) -> dict[str, str]:
    """URN → hash of everything the site reads the act from.

    Its text file, norma.toml and ledger (decisoes.toml: decisions, efficacy events), its municipality's municipio.toml,
    and the same of every act that amends or revokes it (their recognition is applied to it);
    for an amended act also the catalogue of the acervo (what the amending instructions'
    citations resolve to). The program's own version is added by the site builder.
    """
    own: dict[str, str] = {}
    mun_keys = {k: hashlib.sha256(_file_bytes(m_folder) or b"").hexdigest()
                for k, m_folder in ((k, corpus.root / k / "municipio.toml")
                                    for k in corpus.municipios)}
    for urn, act in corpus.acts.items():
        h = hashlib.sha256()
        for part in (_file_bytes(act.texto), _file_bytes(act.folder / "norma.toml"),
                     _file_bytes(act.folder / LEDGER)):
            h.update(b"-" if part is None else hashlib.sha256(part).digest())
        h.update(mun_keys.get(act.municipio, "").encode())
        own[urn] = h.hexdigest()
    amended_by: dict[str, set[str]] = {}
    for act in corpus.acts.values():  # as Corpus.related finds them, for every act at once
        for rel in act.relacoes:
            if rel.tipo in ("altera", "revoga"):
                for alvo in rel.alvos:
                    amended_by.setdefault(alvo, set()).add(act.urn)
    catalog = ""
    out: dict[str, str] = {}
    for urn in corpus.acts:
        amenders = sorted(amended_by.get(urn, ()))
        if amenders and not catalog:
            catalog = hashlib.sha256(repr(sorted(
                (a.urn, a.numero, a.data, a.publicacao) for a in corpus.acts.values())).encode()
            ).hexdigest()
        parts = [own[urn], *(own[a] for a in amenders)]
        if amenders:
            parts.append(catalog)
        out[urn] = hashlib.sha256("\0".join(parts).encode()).hexdigest()
    return out


def _orgao_name(corpus: Corpus, act) -> str | None:
    if not act.orgao:
        return None
    orgaos = corpus.municipios[act.municipio].data.get("orgaos", {})
    return (orgaos.get(act.orgao) or {}).get("nome") or act.orgao


def load_site(root: str | Path | None = None) -> LoadedSite:
    """Load ``statutes/`` (or ``root``) for the site."""
    return site_from_corpus(load(root))
