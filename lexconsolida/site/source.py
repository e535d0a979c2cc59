"""The site's acts from the corpus ``statutes/`` (through :mod:`lexconsolida.corpus`).

Each act of the corpus becomes a :class:`SiteAct`: its text as the corpus reads it (amendments
applied, when the corpus applies them), its municipality, its declared relations. An act whose
text cannot be read is still published: its page shows the metadata, "texto indisponível" and
why; the problem is returned so the caller can report it.
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


@dataclass(slots=True)
class LoadedSite:
    corpus: SiteCorpus
    problems: list[str] = field(default_factory=list)
    """'<pasta>: <erro>' for every act whose text could not be read."""
    warnings: list[str] = field(default_factory=list)
    """'<pasta>: <aviso>' for amendments that could not be applied (the text is published)."""


def _metadata_only(corpus: Corpus, urn: str) -> Norma:
    act = corpus.get(urn)
    mun = corpus.municipios[act.municipio]
    return Norma(tipo=act.tipo, numero=act.numero, data=act.data, urn=act.urn,
                 ementa=act.ementa, localidade=f"{mun.nome}-{mun.uf}",
                 publicacao=act.publicacao, vigencia=act.in_force_from)


def read_norma(corpus: Corpus, urn: str) -> tuple[Norma | None, str | None, list[str]]:
    """(the act's text with amendments applied when possible, or None; why not; warnings).

    An act whose amendments cannot be applied is published as read, and why is returned."""
    act = corpus.get(urn)
    if act.texto is None:
        return None, None, []
    try:
        result = api.amended(corpus, act)
    except LexError as err:
        try:
            return corpus.read(urn), None, [f"alterações não aplicadas: {err}"]
        except LexError as unreadable:
            return None, str(unreadable), []
    notes = [f"alteração pendente de decisão ({other.label}): {p.message}"
             for other, p in result.open_problems]
    return result.norma, None, notes


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
            motivo_indisponivel=(f"Não foi possível ler o texto: {why}" if why else UNAVAILABLE)
            if norma is None else None,
            orgao=_orgao_name(corpus, act),
            fonte=act.fonte,
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
