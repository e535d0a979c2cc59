"""The gazette site of a whole acervo, from its compiled acts (:class:`Acervo`).

Each act is published with every amendment the acervo applied (its history), its relations —
declared or found in the texts — and, when its text is unavailable or was refused by the
reader, its metadata and why. The site itself is :func:`lexconsolida.site.build_site`
(incremental: a rerun rewrites only the pages that changed).
"""

from __future__ import annotations

import pickle
from concurrent.futures import Executor
from pathlib import Path

from lexconsolida.acervo.analysis import DECLARED_KIND, act_corpus
from lexconsolida.acervo.pipeline import Acervo
from lexconsolida.acervo.work import run_map
from lexconsolida.corpus.index import ActIndex
from lexconsolida.model import Norma
from lexconsolida.errors import LexError
from lexconsolida.site import Municipio, Relation, SiteAct, SiteCorpus, build_site
from lexconsolida.site.model import site_url, why_no_text
from lexconsolida.site.source import _metadata_only, _orgao_name


def read_norma(root: str, pasta: str, index: ActIndex) -> Norma:
    """The act's text as the corpus reads it (a pure function, run in a worker)."""
    corpus, (act,) = act_corpus(Path(root), [pasta], index)
    return corpus.read_shared(act.urn)


def _settled(norma: Norma) -> Norma:
    """``norma`` after one pickle round trip. The site keys each act's pages by the pickled
    bytes of its Norma, and a Norma that came back from a worker or the cache pickles slightly
    differently (shared strings) from one read here: settling every one the same way keeps a
    rebuild from rewriting pages that did not change."""
    return pickle.loads(pickle.dumps(norma, protocol=5))


_FOUND_IN = {"instrução": "relação lida numa instrução de alteração do ato",
             "ementa": "relação lida na ementa do ato"}
"""How the site says where a relation was found (a declared one needs no note)."""


def site_corpus(ac: Acervo, executor: Executor | None = None) -> SiteCorpus:
    """The site's acts: the compiled ones from the acervo's histories, the others read (in
    parallel on ``executor``)."""
    corpus = ac.corpus
    plain = [u for u in sorted(corpus.acts) if corpus.acts[u].texto is not None and not ac.acts[u].recusa
             and (u not in ac.histories or ac.histories[u].norma is None)]
    read = dict(zip(plain, run_map(read_norma, [(str(ac.root), ac.acts[u].pasta, corpus.index) for u in plain],
                                   executor)))
    municipios = {k: Municipio(k, m.nome, m.uf, site_url(m.data)) for k, m in corpus.municipios.items()}
    relations: dict[str, list[Relation]] = {}
    for r in ac.relations:
        if r.no_acervo:
            relations.setdefault(r.fonte, []).append(
                Relation(DECLARED_KIND.get(r.tipo, r.tipo), r.fonte, r.alvo, r.dispositivo,
                         _FOUND_IN.get(r.origem)))
    acts = []
    for urn in sorted(corpus.acts):
        act, res = corpus.acts[urn], ac.acts[urn]
        norma, why = None, None
        if urn in read:
            norma = read[urn]
        elif act.texto is not None and not res.recusa:
            try:
                norma = ac.norma(urn)
            except LexError as err:
                why = str(err)
        elif res.recusa:
            why = res.recusa
        motivo = why_no_text(norma, failed=bool(why))
        acts.append(SiteAct(
            norma=_settled(norma) if norma is not None else _metadata_only(corpus, urn),
            path=res.pasta,
            municipio=municipios.get(act.municipio),
            texto_disponivel=motivo is None,
            motivo_indisponivel=motivo,
            failed=why,  # for the maintainers (the work list says it too); never on a public page
            orgao=_orgao_name(corpus, act),
            fonte=act.nota_publica,  # ``fonte`` is the maintainers' note: never published
            relations=sorted(relations.get(urn, []), key=lambda r: (r.target, r.tipo)),
        ))
    return SiteCorpus(acts)


def build_gazette(ac: Acervo, out: str | Path, *, docs_dir: str | Path | None = None,
                  executor: Executor | None = None):
    """Write the site of the whole acervo into ``out`` (a :class:`~lexconsolida.site.SiteReport`)."""
    return build_site(site_corpus(ac, executor), out, docs_dir=docs_dir)
