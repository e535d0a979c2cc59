"""The work list of an acervo (``lexconsolida acervo ACERVO -o PASTA``): JSON and HTML.

What a legislative clerk works through, in Portuguese: the acts by type and year; which are in
force, revoked, with changes pending, without text or refused by the reader (with the reason:
the same status the site publishes, :func:`situation`); every amending act on
every act it changes — applied, pending a decision (each instruction with its line and a link
to it in the text) or ignored (with the reason); the relations whose target is outside the
acervo; the decisions queue (every open problem, with the ``[[decisoes]]`` entry that answers
it); the doubts of the import.

``lista.json`` is the data; ``index.html`` (summary, queue, amendments), ``atos.html`` (every
act) and ``textos/<pasta>.html`` (the text of each act the lists point into, lines numbered)
render it. Same acervo → byte-identical files.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

from lexconsolida import __version__

from lexconsolida.acervo import items
from lexconsolida.acervo.pipeline import APPLIED, IGNORED, PENDING, Acervo, mark_status
from lexconsolida.model import Norma
from lexconsolida.model.status import LABELS, mark_unavailable, status_of
from lexconsolida.corpus.records import LEDGER
from lexconsolida.corpus.store import decode_text_bytes
from lexconsolida.io import read_bytes
from lexconsolida.manifest import OutputSet, content_key
from lexconsolida.templating import render

SITUACAO_EM_VIGOR = "em vigor"
SITUACAO_REVOGADO = "revogado"
SITUACAO_PENDENTE = "com alterações pendentes"
SITUACAO_SEM_TEXTO = "texto indisponível"
SITUACAO_RECUSADO = "texto recusado pelo leitor"
SITUACOES = {"vigente": SITUACAO_EM_VIGOR, "parcialmente-revogada": SITUACAO_EM_VIGOR,
             "sem-texto": SITUACAO_EM_VIGOR, "revogada": SITUACAO_REVOGADO,
             "pendente": SITUACAO_PENDENTE, "texto-indisponivel": SITUACAO_SEM_TEXTO}
"""The work list's situation of an act by its main status (:func:`lexconsolida.model.status.status_of`):
the same decision as the site's, in the work list's words; another main status (vigência
futura, suspensa …) is listed by its own label. Every act has one: the counts add up."""


def situation(ac: Acervo, urn: str) -> tuple[str, str | None]:
    """(situation, why) of an act of the acervo, by the one status function: its metadata with
    its status facts (revocation, amending acts pending or without text) and, when the acervo
    has no text of it, that."""
    r = ac.acts[urn]
    act = ac.corpus.acts[urn]
    if r.recusa:
        return SITUACAO_RECUSADO, r.recusa
    norma = mark_status(Norma(tipo=act.tipo, numero=act.numero, data=act.data, urn=urn,
                              vigencia=act.in_force_from, estado=act.estado), *ac.status_facts(urn))
    missing = ac.missing_text(urn)
    if missing:
        mark_unavailable(norma, missing)
    status = status_of(norma, revoked_units=0)
    why = status.detail if status.code != "vigente" else None
    if status.code == "texto-indisponivel":
        why = missing
    return SITUACOES.get(status.code, LABELS.get(status.code, status.code)), why
FORA = "alvo fora do acervo"
RELATION_LABELS = {"altera": "altera", "acrescenta": "acrescenta a", "revoga": "revoga",
                   "revoga-dispositivos": "revoga dispositivos de", "regulamenta": "regulamenta"}


def _link(pasta: str, linha: int | None) -> str:
    return f"textos/{pasta}.html" + (f"#L{linha}" if linha else "")


def data(ac: Acervo) -> dict:
    """The work list as plain data (Portuguese keys), in a stable order."""
    corpus = ac.corpus
    pasta = {u: r.pasta for u, r in ac.acts.items()}
    rotulo = {u: r.rotulo for u, r in ac.acts.items()}
    atos: list[dict[str, Any]] = []
    for urn in sorted(ac.acts, key=lambda u: pasta[u]):
        r = ac.acts[urn]
        if not ac.mine(r):
            continue
        h = ac.histories.get(urn)
        sit, motivo = situation(ac, urn)
        atos.append({"pasta": r.pasta, "urn": urn, "rotulo": r.rotulo, "tipo": r.tipo, "ano": r.ano,
                     "vigencia": r.vigencia, "ementa": r.ementa, "situacao": sit, "motivo": motivo,
                     "revogado_por": h.revogado_por if h and h.revogado_em else None,
                     "revogado_em": h.revogado_em if h else None,
                     "dispositivos": r.dispositivos, "verificacoes": sum(r.verificacoes.values()),
                     "link": _link(r.pasta, None) if r.texto else None})
    alteracoes: list[dict[str, Any]] = []
    for target in sorted(ac.histories, key=lambda u: pasta[u]):
        for s in ac.histories[target].steps:
            src = ac.acts[s.ato]
            instr = [{"dispositivo": p.dispositivo, "linha": p.linha, "codigo": p.tipo,
                      "mensagem": p.mensagem, "texto": p.texto, "bloqueia": p.bloqueia,
                      "link": _link(src.pasta, p.linha)} for p in s.problemas]
            alteracoes.append({"ato": s.ato, "ato_rotulo": src.rotulo, "ato_pasta": src.pasta,
                               "alvo": target, "alvo_rotulo": rotulo[target], "alvo_pasta": pasta[target],
                               "situacao": s.situacao, "motivo": s.motivo, "operacoes": s.operacoes,
                               "revoga_o_ato": s.revoga, "instrucoes": instr,
                               "link": _link(src.pasta, None)})
    relacoes = []
    for rel in sorted(ac.relations, key=lambda r: (pasta[r.fonte], r.alvo, r.tipo)):
        relacoes.append({"tipo": rel.tipo, "ato": rel.fonte, "ato_rotulo": rotulo[rel.fonte],
                         "ato_pasta": pasta[rel.fonte], "alvo": rel.alvo if rel.no_acervo else None,
                         "alvo_rotulo": rotulo.get(rel.alvo, rel.alvo_rotulo),
                         "alvo_pasta": pasta.get(rel.alvo) if rel.no_acervo else None,
                         "no_acervo": rel.no_acervo, "situacao": None if rel.no_acervo else FORA,
                         "origem": rel.origem, "dispositivo": rel.dispositivo, "linha": rel.linha,
                         "texto": rel.texto, "link": _link(pasta[rel.fonte], rel.linha)})
    ignoradas = [{"ato": i.fonte, "ato_rotulo": rotulo[i.fonte], "ato_pasta": pasta[i.fonte], "tipo": i.relacao.tipo,
                  "alvo_rotulo": i.relacao.alvo_rotulo, "motivo": i.motivo,
                  "link": _link(pasta[i.fonte], i.relacao.linha)}
                 for i in sorted(ac.ignored_relations, key=lambda i: (pasta[i.fonte], i.relacao.alvo))]
    recusados = [{"pasta": r.pasta, "origem": None, "motivo": r.recusa, "link": _link(r.pasta, None)}
                 for r in sorted(ac.acts.values(), key=lambda r: r.pasta) if r.recusa and ac.mine(r)]
    recusados += [{"pasta": None, "origem": f"{x['municipio']}: {x['origem']}", "motivo": x["motivo"],
                   "link": None} for x in ac.refused_sources]
    recusados += [{"pasta": folder, "origem": None, "motivo": f"ato deixado de fora: {message}", "link": None}
                  for folder, message in ac.broken]
    decisoes_com_problema = [{"ato": urn, "ato_rotulo": ac.acts[urn].rotulo, "pasta": ac.acts[urn].pasta,
                              "codigo": i.codigo, "mensagem": i.mensagem, "arquivo": i.arquivo, "linha": i.linha}
                             for urn in sorted(ac.decision_issues, key=lambda u: ac.acts[u].pasta)
                             for i in ac.decision_issues[urn]]
    decisoes = _queue(ac, alteracoes)
    duvidas = [{"pasta": r.pasta, "codigo": d.get("codigo"), "mensagem": d.get("mensagem"),
                "linha": d.get("linha"), "link": _link(r.pasta, d.get("linha")) if r.texto else None}
               for r in sorted(ac.acts.values(), key=lambda r: r.pasta) if ac.mine(r) for d in r.duvidas_importacao]
    erros = [{"pasta": r.pasta, "erro": e} for r in sorted(ac.acts.values(), key=lambda r: r.pasta) if ac.mine(r)
             for e in r.erros_internos]
    por_tipo: dict[str, Counter] = {}
    for a in atos:
        por_tipo.setdefault(a["tipo"], Counter())[a["ano"] or "sem data"] += 1
    situacoes = Counter(a["situacao"] for a in atos)
    acts_steps: dict[str, set[str]] = {APPLIED: set(), PENDING: set(), IGNORED: set()}
    for a in alteracoes:
        acts_steps[a["situacao"]].add(a["ato"])
    resumo: dict[str, Any] = {
        "atos": len(atos),
        "em_vigor": situacoes[SITUACAO_EM_VIGOR],
        "revogados": situacoes[SITUACAO_REVOGADO],
        "com_alteracoes_pendentes": situacoes[SITUACAO_PENDENTE],
        "texto_indisponivel": situacoes[SITUACAO_SEM_TEXTO],
        "texto_recusado": situacoes[SITUACAO_RECUSADO],
        "outras_situacoes": {k: v for k, v in sorted(situacoes.items()) if k not in (
            SITUACAO_EM_VIGOR, SITUACAO_REVOGADO, SITUACAO_PENDENTE, SITUACAO_SEM_TEXTO, SITUACAO_RECUSADO)},
        "arquivos_recusados_na_importacao": len(ac.refused_sources),
        "atos_com_norma_toml_invalido": len(ac.broken),
        "numeros_nao_utilizados": len(ac.unused_numbers),
        "relacoes": dict(sorted(Counter(r["tipo"] for r in relacoes).items())),
        "relacoes_fora_do_acervo": sum(1 for r in relacoes if not r["no_acervo"]),
        "relacoes_ignoradas": len(ignoradas),
        "alteracoes": dict(sorted(Counter(a["situacao"] for a in alteracoes).items())),
        "atos_alteradores": {k: len(v) for k, v in acts_steps.items()},
        "atos_alterados": len(ac.histories),
        "decisoes_pendentes": len(decisoes),
        "decisoes_registradas_com_problema": len(decisoes_com_problema),
        "duvidas_da_importacao": dict(sorted(Counter(d["codigo"] for d in duvidas).items())),
        "erros_internos": len(erros),
    }
    return {
        "titulo": "Lista de trabalho do acervo",
        "municipios": [{"pasta": k, "nome": m.nome, "uf": m.uf} for k, m in sorted(corpus.municipios.items())],
        "resumo": resumo,
        "por_tipo_e_ano": [{"tipo": t, "total": sum(c.values()), "anos": dict(sorted(c.items()))}
                           for t, c in sorted(por_tipo.items())],
        "decisoes": decisoes,
        "alteracoes": alteracoes,
        "relacoes": relacoes,
        "relacoes_ignoradas": ignoradas,
        "recusados": recusados,
        "duvidas_da_importacao": duvidas,
        "erros_internos": erros,
        "atos": atos,
        "decisoes_com_problema": decisoes_com_problema,
    }


def _queue(ac: Acervo, alteracoes: list[dict]) -> list[dict]:
    """The open items of the review queue (:func:`lexconsolida.acervo.items.build`: the same
    list, and the same count, as the review desk and ``lexconsolida decisoes``), each with the
    command that records a decision on it."""
    out = []
    for it in sorted(items.open_items(items.build(ac)), key=lambda i: (i.pasta, i.line or 0, i.code, i.where or "")):
        r = ac.acts[it.act]
        if not ac.mine(r):
            continue
        registro = (f"lexconsolida decisoes ACERVO --registrar {it.id} --decisao "
                    "aplicar|ignorar|operacoes|nao-textual|adiar --nota \"…\"")
        out.append({"ato": it.act, "ato_rotulo": r.rotulo, "pasta": r.pasta,
                    "alvo_rotulo": "; ".join(it.target_labels) or None, "codigo": it.code, "mensagem": it.message,
                    "dispositivo": it.where, "linha": it.line, "texto": it.source, "situacao": it.status,
                    "item": it.id, "link": _link(r.pasta, it.line), "arquivo": f"{r.pasta}/{LEDGER}",
                    "registro": registro})
    return out


def _linked(ac: Acervo, d: dict) -> set[str]:
    """Act folders whose text page is written: those the lists point into (not every act in
    force, which would only repeat the gazette)."""
    linked = {a["ato_pasta"] for a in d["alteracoes"]} | {a["alvo_pasta"] for a in d["alteracoes"]}
    linked |= {x["pasta"] for x in d["decisoes"]} | {x["ato_pasta"] for x in d["relacoes"]}
    linked |= {x["pasta"] for x in d["recusados"] if x["pasta"]}
    linked |= {x["ato_pasta"] for x in d["relacoes_ignoradas"] if "ato_pasta" in x}
    linked |= {x["pasta"] for x in d["duvidas_da_importacao"] if x["codigo"] != "publicacao-desconhecida"}
    linked |= {a["pasta"] for a in d["atos"] if a["situacao"] != SITUACAO_EM_VIGOR}
    linked |= {x["pasta"] for x in d["decisoes_com_problema"]}
    by_pasta = {r.pasta: r.urn for r in ac.acts.values()}
    return {p for p in linked if p in by_pasta and ac.corpus.acts[by_pasta[p]].texto is not None}


def _prune_links(d: dict, linked: set[str]) -> None:
    for key in ("atos", "alteracoes", "relacoes", "relacoes_ignoradas", "recusados", "decisoes",
                "duvidas_da_importacao"):
        for row in d[key]:
            link = row.get("link")
            if link and link[len("textos/"):].split(".html")[0] not in linked:
                row["link"] = None
            for i in row.get("instrucoes", ()):
                if i.get("link") and i["link"][len("textos/"):].split(".html")[0] not in linked:
                    i["link"] = None


MANIFEST = ".manifest-lista.json"


def _templates_key() -> str:
    folder = Path(__file__).resolve().parents[1] / "data" / "templates" / "acervo"
    return content_key(*[(f.name, f.read_bytes().hex()) for f in sorted(folder.iterdir()) if f.is_file()])


def write(ac: Acervo, out: str | Path) -> dict:
    """Write ``lista.json``, ``index.html``, ``atos.html`` and the text pages into ``out``;
    returns the data. Files whose content key did not change are not rendered again; pages
    no list points to any more are removed."""
    out = Path(out)
    d = data(ac)
    linked = _linked(ac, d)
    _prune_links(d, linked)
    output = OutputSet(out, MANIFEST)
    base = content_key("lista", __version__, _templates_key())
    payload = json.dumps(d, ensure_ascii=False, indent=1) + "\n"
    key = content_key(base, hashlib.sha256(payload.encode("utf-8")).hexdigest())
    output.put("lista.json", key, lambda: payload)
    output.put("index.html", key, lambda: render("acervo/lista.html", d=d, fora=FORA, rel_labels=RELATION_LABELS,
                                                 PENDING=PENDING, APPLIED=APPLIED, IGNORED=IGNORED))
    output.put("atos.html", key, lambda: render("acervo/atos.html", d=d))
    output.put("acervo.css", base, lambda: render("acervo/acervo.css"))
    by_pasta = {r.pasta: r for r in ac.acts.values()}
    for p in sorted(linked):
        r = by_pasta[p]
        act = ac.corpus.acts[r.urn]
        assert act.texto is not None  # _linked keeps acts with a text only
        # The key of the act's sources (text included) when the acervo has it: no text is read
        # on a run where nothing changed.
        sources = ac.read_keys.get(r.urn) or hashlib.sha256(read_bytes(act.texto)).hexdigest()
        page_key = content_key(base, p, r.rotulo, r.recusa, act.texto.name, sources)

        def page(r=r, act=act, p=p) -> str:
            raw = read_bytes(act.texto)
            lines = decode_text_bytes(raw).splitlines() if act.texto.suffix.lower() in (".txt", ".md") else None
            return render("acervo/texto.html", r=r, lines=lines, depth="../" * (p.count("/") + 1),
                          arquivo=act.texto.name, d=d)

        output.put(f"textos/{p}.html", page_key, page)
    output.finish()
    return d
