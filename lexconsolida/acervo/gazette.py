"""The gazette site of a whole acervo, from its compiled acts (:class:`Acervo`).

Each act is published with every amendment the acervo applied (its history), its relations —
declared or found in the texts — and, when its text is unavailable or was refused by the
reader, its metadata and why. The site itself is :func:`lexconsolida.site.build_site`
(incremental: a rerun rewrites only the pages that changed).
"""

from __future__ import annotations

from concurrent.futures import Executor
from functools import partial
from pathlib import Path

from lexconsolida.acervo.analysis import DECLARED_KIND, act_corpus, cached_read
from lexconsolida.acervo.pipeline import Acervo, mark_status
from lexconsolida.acervo.work import Runner, as_runner
from lexconsolida.corpus.index import ActIndex
from lexconsolida.corpus.records import Act
from lexconsolida.manifest import content_key
from lexconsolida.model import Norma
from lexconsolida.errors import LexError
from lexconsolida.site import Municipio, Relation, SiteAct, SiteCorpus, build_site
from lexconsolida.site.model import LazySiteAct, site_url, why_no_text
from lexconsolida.site.source import _metadata_only, _orgao_name


def read_norma(root: str, pasta: str | Act, index: ActIndex, municipios: dict | None = None) -> Norma:
    """The act's text as the corpus reads it (a pure function, run in a worker)."""
    corpus, (act,) = act_corpus(Path(root), [pasta], index, municipios)
    return corpus.read_shared(act.urn)


def _read_act(root: str, act: Act, municipios: dict, cache: str | None, key: str | None):
    """(text as read, None, no warnings) for a :class:`LazySiteAct`: from the acervo's cache of
    texts as read when it is there (the analysis kept it), else read again."""
    norma = cached_read(cache, key)
    if norma is None:
        try:
            norma = read_norma(root, act, ActIndex(), municipios)
        except LexError as err:
            return None, str(err), []
    return norma, None, []


def _given(norma: Norma | None, why: str | None):
    """The reader of an act whose tree (or whose failure) is already known."""
    return norma, why, []


def _fallback(corpus_meta: Norma, why: str | None):
    return corpus_meta, why_no_text(None, failed=bool(why))


def _marked_read(read, facts):
    """``read()`` with the act's status facts marked on its tree (:func:`mark_status`)."""
    norma, why, notes = read()
    return (mark_status(norma, *facts) if norma is not None else None), why, notes


def _marked_fallback(fallback, facts, why: str | None):
    """``fallback(why)`` (the metadata-only tree) with the act's status facts marked."""
    norma, motivo = fallback(why)
    return mark_status(norma, *facts), motivo


_FOUND_IN = {"instrução": "relação lida numa instrução de alteração do ato",
             "ementa": "relação lida na ementa do ato"}
"""How the site says where a relation was found (a declared one needs no note)."""


def site_corpus(ac: Acervo, executor: Executor | Runner | None = None,
                municipio: str | None = None) -> SiteCorpus:
    """The site's acts (of one ``municipio``, whose site has the acts' folders at its root; or
    all): the compiled ones from the acervo's
    histories, the others read when the site needs them — from the acervo's cache of texts as
    read — and only then: every act is keyed by the acervo's content keys (its sources, its
    history), so an act whose pages are up to date is not read at all."""
    corpus = ac.corpus
    municipios = {k: Municipio(k, m.nome, m.uf, site_url(m.data)) for k, m in corpus.municipios.items()}
    relations: dict[str, list[Relation]] = {}
    for r in ac.relations:
        if r.no_acervo:
            relations.setdefault(r.fonte, []).append(
                Relation(DECLARED_KIND.get(r.tipo, r.tipo), r.fonte, r.alvo, r.dispositivo,
                         _FOUND_IN.get(r.origem)))
    acts: list[SiteAct] = []
    for urn in sorted(corpus.acts):
        act, res = corpus.acts[urn], ac.acts[urn]
        if municipio is not None and act.municipio != municipio:
            continue
        h = ac.histories.get(urn)
        if act.texto is None:
            read = partial(_given, None, None)
        elif res.recusa:
            read = partial(_given, None, res.recusa)
        elif h is not None and h.norma is not None:
            read = partial(_given, h.norma, None)
        else:  # not amended, or amended but its text could not be compiled: the text as read
            read = partial(_read_act, str(ac.root), act, corpus.municipios, ac.cache_dir, ac.read_keys.get(urn))
        # the status (revoked, pending review, amended by an act without text) is marked on
        # every act, the one published only by its metadata too, wherever it is read
        facts = ac.status_facts(urn)
        source = content_key("ato-do-acervo", ac.keys.get(urn) or res.pasta, ac.history_keys.get(urn),
                             res.recusa, act.texto is not None, repr(facts))
        path = res.pasta if municipio is None else res.pasta.split("/", 1)[1]  # its own site
        acts.append(LazySiteAct(
            partial(_marked_read, read, facts), partial(_marked_fallback, partial(_fallback, _metadata_only(corpus, urn)), facts),
            path, urn,
            municipio=municipios.get(act.municipio),
            orgao=_orgao_name(corpus, act),
            fonte=act.nota_publica,  # ``fonte`` is the maintainers' note: never published
            relations=sorted(relations.get(urn, []), key=lambda r: (r.target, r.tipo)),
            source_key=source if ac.keys else None,
        ))
    # acts whose norma.toml could not be read this time keep their last good pages
    unreadable = [folder if municipio is None else folder.split("/", 1)[1]
                  for folder, _ in ac.broken
                  if municipio is None or folder.split("/", 1)[0] == municipio]
    if municipio is not None and municipio in municipios:  # one municipality's own site says whose
        return SiteCorpus(acts, nome=f"Diário Oficial — acervo de normas de {municipios[municipio].titulo}",
                          unreadable=unreadable)
    return SiteCorpus(acts, unreadable=unreadable)


def build_gazette(ac: Acervo, out: str | Path, *, docs_dir: str | Path | None = None,
                  executor: Executor | Runner | None = None, municipio: str | None = None):
    """Write the site of the whole acervo (or of one ``municipio``) into ``out`` (a
    :class:`~lexconsolida.site.SiteReport`); the acts' pages are made on ``executor``."""
    return build_site(site_corpus(ac, municipio=municipio), out, docs_dir=docs_dir,
                      runner=as_runner(executor))
