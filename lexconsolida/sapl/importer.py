"""``lexconsolida sapl importar``: a SAPL's normas and compilations into an acervo.

Each norma becomes an act folder (``<tipo>-<número>-<ano>/``, as ``lexconsolida importar``
names them) with:

- ``norma.toml``: type, number, date, URN, ementa, publication and vigência as the SAPL has
  them, the vínculos the norma makes (``[[relacoes]]``) and where it came from (``fonte``);
- ``texto.xml`` (LexML), when the SAPL has the norma's texto articulado: the text as published
  — each unit's original wording; for an amending act, the wordings it gave to other acts
  (the dispositivos of its blocks of alteration) as quoted blocks under the article that gives
  them, so that the acervo applies them as it applies any act;
- ``compilacao-sapl.xml`` (LexML with lexconsolida's history extension): the compilation as the
  câmara recorded it, every unit's wordings with the act and date of each — what
  ``lexconsolida sapl auditar`` compares, and what the câmara's work was.

Nothing in an existing act folder is overwritten unless it came from this import (its
``fonte`` names the SAPL); a norma without a texto articulado gets ``texto_disponivel = false``.
"""

from __future__ import annotations

import re
import tomllib
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import tomli_w

from lexconsolida.corpus.records import load_municipio
from lexconsolida.errors import UsageError
from lexconsolida.io import atomic_write
from lexconsolida.model import Alteracao, Dispositivo, Kind, Norma
from lexconsolida.model.ids import LexId
from lexconsolida.model.numbering import format_act_number, label_for
from lexconsolida.model.urn import slug
from lexconsolida.readers.text.metadata import UF
from lexconsolida.sapl.read import chains, row_label, row_number, to_norma
from lexconsolida.sapl.remote import Remote, SaplNorma
from lexconsolida.sapl.sync import DISP, plain_text
from lexconsolida.transforms.pointintime import at, vigente
from lexconsolida.writers.lexml import write as write_lexml

FONTE = "SAPL"
COMPILACAO = "compilacao-sapl.xml"
HEADER = ("# Ato importado de um SAPL por 'lexconsolida sapl importar' (ver docs/sapl.md).\n"
          "# Uma nova importação reescreve este arquivo; corrija o ato no SAPL, ou apague a linha 'fonte'\n"
          "# para que a importação não o toque mais.\n")


@dataclass(slots=True)
class ImportSummary:
    folder: Path
    normas: int = 0
    textos: int = 0
    escritos: int = 0
    mantidos: list[str] = field(default_factory=list)
    """Act folders a person owns (their ``fonte`` is not this SAPL): left as they are."""


def place(dest: Path, municipio: str, nome: str | None) -> tuple[str, str]:
    """The municipality's name and LexML place: its municipio.toml's when the acervo has it,
    else from its folder name ('ba-feira-de-santana') and ``nome`` ('Feira de Santana')."""
    mun = dest / municipio / "municipio.toml"
    if mun.is_file():
        m = load_municipio(dest / municipio)
        return m.nome, m.localidade_urn
    if not nome:
        raise UsageError("informe o nome do município com --nome (o SAPL não o diz na Casa Legislativa)")
    return nome, localidade_of(municipio, nome)[1]


def localidade_of(municipio: str, nome: str) -> tuple[str, str]:
    """The municipality's UF and LexML place from its folder name ('ba-feira-de-santana')
    and its name ('Feira de Santana')."""
    m = re.match(r"^([a-z]{2})-[a-z0-9-]+$", municipio)
    if not m or m.group(1).upper() not in UF:
        raise UsageError(f"--municipio deve ser 'uf-nome-do-municipio' (ex.: ba-feira-de-santana), não {municipio!r}")
    uf = m.group(1).upper()
    return uf, f"br;{slug(UF[uf])};{slug(nome)}"


def import_sapl(remote: Remote, dest: Path, municipio: str, nome: str, *, site: str,
                progress=None) -> ImportSummary:
    folder = dest / municipio
    out = ImportSummary(folder)
    mun = folder / "municipio.toml"
    if not mun.is_file():
        uf, loc = localidade_of(municipio, nome)
        atomic_write(mun, "# Município criado por 'lexconsolida sapl importar' (ver docs/acervo.md).\n"
                          + tomli_w.dumps({"nome": nome, "uf": uf, "uf_nome": UF[uf], "localidade_urn": loc}))
    rows_of: dict[int, list[dict]] = {}
    normas = sorted(remote.normas.values(), key=lambda n: (n.data or "", n.id))
    for i, n in enumerate(normas):
        if progress is not None:
            progress(i, len(normas), "lendo os textos articulados do SAPL")
        if n.ta is not None:
            rows = remote.client.list(DISP, f"lendo o texto articulado da {n.label}", ta=n.ta["id"])
            for r in rows:
                r["texto"] = plain_text(r.get("texto"))
            rows_of[n.ta["id"]] = rows
    quotes = _quotes(remote, rows_of)
    taken: set[str] = set()
    for n in normas:
        out.normas += 1
        name = _folder_name(n, taken)
        act = folder / name
        if not _ours(act / "norma.toml", client_site=site):
            out.mantidos.append(name)
            continue
        table, files = _act(remote, n, rows_of, quotes, site)
        if files:
            out.textos += 1
        wrote = _write(act, table, files)
        out.escritos += wrote
    return out


def _ours(path: Path, client_site: str) -> bool:
    """Whether an act folder may be (re)written: new, or imported from this SAPL (its
    ``fonte``); a folder a person made or edited to another source is theirs."""
    if not path.is_file():
        return True
    try:
        fonte = tomllib.loads(path.read_text(encoding="utf-8")).get("fonte", "")
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return False
    return isinstance(fonte, str) and fonte.startswith(f"{FONTE} {client_site} ")


def _folder_name(n: SaplNorma, taken: set[str]) -> str:
    tipo = slug(n.tipo).replace(".", "-") or "norma"
    num = re.sub(r"[^0-9a-z]+", "", (n.numero or "").lower()) or "sn"
    base = f"{tipo}-{num}-{n.ano or 'sd'}"
    name, i = base, 2
    while name in taken:
        name = f"{base}-{i}"
        i += 1
    taken.add(name)
    return name


def _act(remote: Remote, n: SaplNorma, rows_of: dict[int, list[dict]], quotes: dict, site: str
         ) -> tuple[dict, dict[str, bytes]]:
    table: dict = {"tipo": n.tipo, "numero": format_act_number(n.numero) if n.numero else n.numero,
                   "data": n.data, "urn": n.urn, "ementa": n.ementa}
    table = {k: v for k, v in table.items() if v}
    if n.publicacao:
        table["publicacao"] = n.publicacao
    files: dict[str, bytes] = {}
    if n.ta is not None and rows_of.get(n.ta["id"]):
        rows = rows_of[n.ta["id"]]
        compiled = to_norma(rows, remote.tables, remote.acts(),
                            Norma(tipo=n.tipo, numero=table.get("numero"), data=n.data, urn=n.urn, ementa=n.ementa,
                                  publicacao=n.publicacao))
        start = _start(rows) or n.publicacao or n.data
        if start:
            compiled.vigencia = start
            table["vigencia"] = start
            table["vigencia_nota"] = "início de vigência dos dispositivos originais no SAPL"
        original = vigente(at(compiled, start)) if start else vigente(compiled)
        original.events = []
        for unit, blocks in quotes.get(n.ta["id"], {}).items():
            node = original.find(unit)
            if isinstance(node, Dispositivo):
                node.alteracoes.extend(blocks)
        table["texto"] = "texto.xml"
        table["compilacao_sapl"] = COMPILACAO
        files["texto.xml"] = write_lexml(original)
        files[COMPILACAO] = write_lexml(compiled)
    else:
        table["texto_disponivel"] = False
    table["fonte"] = f"{FONTE} {site} (norma jurídica {n.id}" + (f", texto articulado {n.ta['id']})" if n.ta else ")")
    rel = _relations(remote, n)
    if rel:
        table["relacoes"] = rel
    return table, files


def _start(rows: list[dict]) -> str | None:
    dates = [r["inicio_vigencia"] for r in rows if r.get("inicio_vigencia") and not r.get("ta_publicado")]
    return min(dates) if dates else None


def _relations(remote: Remote, n: SaplNorma) -> list[dict]:
    out: dict[str, list[str]] = defaultdict(list)
    for r in remote.relations:
        if r.get("norma_principal") != n.id:
            continue
        kind = remote.tables.relation_of_vinculo(r.get("tipo_vinculo") or 0)
        target = remote.normas.get(r.get("norma_relacionada") or 0)
        if kind is None or target is None:
            continue
        if target.urn not in out[kind]:
            out[kind].append(target.urn)
    return [{"tipo": k, "alvos": v} for k, v in sorted(out.items())]


def _quotes(remote: Remote, rows_of: dict[int, list[dict]]) -> dict[int, dict[str, list[Alteracao]]]:
    """For each amending texto articulado: unit id (the caput its blocks hang from) → the
    wordings it gave, as quoted blocks (one per amended act), units nested by their ids."""
    acts = remote.acts()
    block_host: dict[int, tuple[int, str]] = {}  # block row id → (its TA, the unit it hangs from)
    unit_of: dict[int, str] = {}
    for ta, rows in rows_of.items():
        for c in chains(rows, remote.tables):
            for r in c.rows:
                unit_of[r["id"]] = c.uid
            if c.kind == "bloco_alteracao":
                host = c.parent.uid if c.parent is not None else ""
                for r in c.rows:
                    block_host[r["id"]] = (ta, host)
    given: dict[tuple[int, str, int], list[dict]] = defaultdict(list)
    for ta, rows in rows_of.items():
        for r in rows:
            b = r.get("dispositivo_atualizador")
            if b in block_host and not r.get("dispositivo_de_revogacao"):
                amending, host = block_host[b]
                given[(amending, host, ta)].append(r)
    out: dict[int, dict[str, list[Alteracao]]] = defaultdict(lambda: defaultdict(list))
    for (amending, host, ta), rows in sorted(given.items()):
        target = acts.urn(ta)
        units: dict[str, Dispositivo] = {}
        for r in sorted(rows, key=lambda r: r["ordem"]):
            uid = unit_of[r["id"]]
            kind = remote.tables.kind_of(r["tipo_dispositivo"])
            if kind not in ("artigo", "caput", "paragrafo", "inciso", "alinea", "item"):
                continue
            units[uid] = Dispositivo(Kind(kind), uid, rotulo=row_label(kind, r),
                                     number=row_number(r) if kind != "caput" else None,
                                     text="" if kind == "artigo" else r.get("texto") or "")
        for uid in list(units):
            _context(uid, units)
        top: list = []
        for uid, node in sorted(units.items(), key=lambda kv: _place(kv[0])):
            parent = next((units[a] for a in _ancestors(uid) if a in units), None)
            (parent.children if parent is not None else top).append(node)
        n = len(out[amending][host]) + 1
        out[amending][host].append(Alteracao(f"{host}_alt{n}", target, top, "NR"))
    return out


CONTEXT = "..."
"""The text of a unit quoted only to situate the ones below it ('I - ...'), as drafters write
it and the text reader reads it: the rest of that unit stays as it is."""


def _context(uid: str, units: dict[str, Dispositivo]) -> None:
    """The parent of a quoted inciso, alínea or item, quoted as '...' when the amending act
    did not change it (as 'I - ...' above the alíneas a drafter changes): without it, two
    alíneas a) of two incisos in one quote cannot be told apart."""
    parts = uid.split("_")
    if parts[-1] == "cpt":  # an article's new wording is printed with its rótulo: 'Art. 5º …'
        art = "_".join(parts[:-1])
        lid = LexId.parse(art)
        if art not in units and lid.kind == "artigo":
            units[art] = Dispositivo(Kind.ARTIGO, art, rotulo=label_for("artigo", lid.number, unico=lid.is_unico),
                                     number=lid.number)
        return
    if len(parts) < 3:
        return
    parent = "_".join(parts[:-1])
    last = parts[-2]
    if parent in units or last == "cpt" or last.startswith("art"):
        return
    lid = LexId.parse(parent)
    kind = lid.kind
    if kind not in ("paragrafo", "inciso", "alinea"):
        return
    try:
        label = label_for(kind, lid.number, unico=lid.is_unico)
    except ValueError:
        return
    units[parent] = Dispositivo(Kind(kind), parent, rotulo=label, number=lid.number, text=CONTEXT)


def _place(uid: str) -> tuple:
    """Reading order of quoted units by their ids (a parent before its parts)."""
    out: list = []
    for comp in uid.split("_"):
        m = re.match(r"([a-z]+)(\d*)", comp)
        out.append((m.group(1) if m else comp, int(m.group(2)) if m and m.group(2) else 0, comp))
    return tuple(out)


def _ancestors(uid: str) -> list[str]:
    parts = uid.split("_")
    return ["_".join(parts[:i]) for i in range(len(parts) - 1, 0, -1)]


def _write(folder: Path, table: dict, files: dict[str, bytes]) -> int:
    wrote = 0
    for name, data in files.items():
        path = folder / name
        if not path.is_file() or path.read_bytes() != data:
            atomic_write(path, data)
            wrote += 1
    toml = HEADER + tomli_w.dumps(table)
    path = folder / "norma.toml"
    if not path.is_file() or path.read_text(encoding="utf-8") != toml:
        atomic_write(path, toml)
        wrote += 1
    return wrote
