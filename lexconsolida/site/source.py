"""The site's acts from the corpus ``statutes/`` (through :mod:`lexconsolida.corpus`).

Each act of the corpus becomes a :class:`SiteAct`: its text in force (every amending act of the
corpus applied), its municipality, its declared relations. An act whose text, or one of whose
amending acts, cannot be read or applied is marked ``failed``: the builder keeps its last good
pages (or, without any, publishes only its metadata) and the problem is returned so the
command exits 1 saying why. A stale text is never published as current.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from lexconsolida import api
from lexconsolida.corpus import Corpus, load
from lexconsolida.errors import LexError
from lexconsolida.model import Norma
from lexconsolida.site.model import Municipio, Relation, SiteAct, SiteCorpus

UNAVAILABLE = "O texto deste ato não está disponível no acervo; só os seus dados são conhecidos."
NOT_PUBLISHED = ("O texto deste ato não pôde ser atualizado e não é publicado até que o acervo "
                 "seja corrigido.")


@dataclass(slots=True)
class LoadedSite:
    corpus: SiteCorpus
    problems: list[str] = field(default_factory=list)
    """'<pasta>: <erro>' for every act whose text, or whose amendments, could not be read or
    applied: its pages are not rebuilt (the last good ones are kept)."""
    warnings: list[str] = field(default_factory=list)
    """'<pasta>: <aviso>' for amendments that could not be applied (the text is published)."""


def _metadata_only(corpus: Corpus, urn: str) -> Norma:
    act = corpus.get(urn)
    mun = corpus.municipios[act.municipio]
    return Norma(tipo=act.tipo, numero=act.numero, data=act.data, urn=act.urn,
                 ementa=act.ementa, localidade=f"{mun.nome}-{mun.uf}",
                 publicacao=act.publicacao, vigencia=act.in_force_from)


class StaleText(Exception):
    """The act's history cannot be applied: publishing its text would publish a stale text."""


def _amended(corpus: Corpus, urn: str) -> tuple[Norma, list[str]]:
    """The act with every amending act of the corpus applied, and the warnings of the
    recognition. Raises :class:`StaleText` when an amending act cannot be read or applied
    (a blocking problem awaits a human decision): the text as read would not be the text in
    force, and is never published as such."""
    try:
        result = api.amended(corpus, corpus.get(urn))
    except LexError as err:
        raise StaleText(f"o histórico de alterações não pôde ser aplicado: {err}") from None
    blocking = [(r.act, p) for r in result.reports for p in r.problems if p.blocking]
    if blocking:
        act, p = blocking[0]
        more = f" (e mais {len(blocking) - 1})" if len(blocking) > 1 else ""
        raise StaleText(f"{act.label} não pôde ser aplicada: {p.message}{more}")
    notes = [f"alteração com aviso ({act.label}): {p.message}" for act, p in result.open_problems]
    return result.norma, notes


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
        return None, str(err), []
    except LexError as err:
        return None, f"não foi possível ler o texto: {err}", []


def site_from_corpus(corpus: Corpus, read=read_norma) -> LoadedSite:
    """Every act of a loaded corpus as the site shows it, in URN order."""
    municipios = {k: Municipio(k, m.nome, m.uf) for k, m in corpus.municipios.items()}
    acts: list[SiteAct] = []
    problems: list[str] = []
    warnings: list[str] = []
    for urn in sorted(corpus.acts):
        act = corpus.acts[urn]
        norma, why, notes = read(corpus, urn)
        folder = act.folder.relative_to(corpus.root).as_posix()
        if why:
            problems.append(f"{folder}: {why}")
        warnings += [f"{folder}: {n}" for n in notes]
        relations = [Relation(r.tipo, act.urn, alvo, r.dispositivo, r.nota)
                     for r in act.relacoes for alvo in r.alvos]
        acts.append(SiteAct(
            norma=norma or _metadata_only(corpus, urn),
            path=folder,
            municipio=municipios.get(act.municipio),
            texto_disponivel=norma is not None,
            motivo_indisponivel=(NOT_PUBLISHED if why else UNAVAILABLE) if norma is None else None,
            failed=why,
            orgao=_orgao_name(corpus, act),
            fonte=act.nota_publica,  # ``fonte`` is the maintainers' note: never published
            relations=relations,
        ))
    return LoadedSite(SiteCorpus(acts), problems, warnings)


def _orgao_name(corpus: Corpus, act) -> str | None:
    if not act.orgao:
        return None
    orgaos = corpus.municipios[act.municipio].data.get("orgaos", {})
    return (orgaos.get(act.orgao) or {}).get("nome") or act.orgao


def load_site(root: str | Path | None = None) -> LoadedSite:
    """Load ``statutes/`` (or ``root``) for the site."""
    return site_from_corpus(load(root))
