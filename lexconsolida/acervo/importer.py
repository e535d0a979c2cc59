"""``lexconsolida importar PASTA -o ACERVO --municipio uf-nome``: a folder of acts → an acervo.

Each act file (txt, docx, md) becomes an act folder ``<tipo>-<número>-<ano>/`` with the file
as received (``texto.txt`` / ``texto.docx`` / ``texto.md``) and a ``norma.toml`` filled from the
text (:mod:`lexconsolida.acervo.sources`). A short hash of what the import wrote for each key is kept
in ``[importacao.lido]``; on a re-import, a key whose value no longer matches it was edited by a person
and is kept, as are every table the import does not write (``[[relacoes]]``, ``[[decisoes]]``,
``apelidos`` …). A doubt on a key a person edited, or listed in ``[importacao] resolvidas``, is
settled. Re-importing the same folder writes nothing.

Files that cannot become an act (no epígrafe and no date; the same act twice) are refused,
each with its reason, in ``<município>/importacao.toml``; so are files still being written
(their size or modification time moved within a short window, or while they were read) and
files cut short (the reader's truncation detector): an unfinished copy is never taken for a law.
"""

from __future__ import annotations

import hashlib
import re
import time
import tomllib
from collections import Counter
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from lexconsolida.acervo.sources import Duvida, Lido, read_source, sources_in
from lexconsolida.acervo.work import Runner, run_map
from lexconsolida.corpus.records import read_toml
from lexconsolida.errors import InputError, UsageError
from lexconsolida.io import atomic_write, read_bytes
from lexconsolida.model.urn import Urn, slug
from lexconsolida.readers.text.metadata import UF

DOUBT_KEYS = {"tipo-nao-identificado": "tipo", "numero-nao-identificado": "numero",
              "data-nao-identificada": "data", "data-divergente": "data",
              "publicacao-desconhecida": "publicacao", "publicacao-ilegivel": "publicacao",
              "publicacao-anterior-a-data": "publicacao", "ementa-nao-identificada": "ementa"}
TEXT_NAMES = {"text": "texto.txt", "docx": "texto.docx", "markdown": "texto.md", "pdf": "texto.pdf"}
REPORT = "importacao.toml"
ORGANICA_ALIASES = ("Lei Orgânica do Município", "Lei Orgânica Municipal")
"""Names a Lei Orgânica is cited by (its ``apelidos``, written by the import)."""
_MUNICIPIO = re.compile(r"^(?P<uf>[a-z]{2})-(?P<nome>[a-z0-9]+(?:-[a-z0-9]+)*)$")


@dataclass(slots=True)
class Recusa:
    origem: str
    motivo: str


@dataclass(slots=True)
class ImportReport:
    municipio: Path
    atos: int = 0
    novos: int = 0
    atualizados: int = 0
    sem_mudanca: int = 0
    recusados: list[Recusa] = field(default_factory=list)
    nao_utilizados: list[str] = field(default_factory=list)
    """Files that stand for a number never used (no act): not imported."""
    duvidas: Counter = field(default_factory=Counter)
    """Open doubts by code."""
    contato: tuple[str, str] | None = None
    """(e-mail, where it comes from) of the LexML provider's contact (:func:`provider_contact`),
    None when the municipality's configuration has none."""
    contato_nota: str | None = None
    """What the import did or could not do with ``--contato`` (Portuguese), None when nothing."""


CONTACT_KEYS = (("lexml", "[lexml] email"), ("orgaos.camara", "[orgaos.camara] email"),
                ("orgaos.prefeitura", "[orgaos.prefeitura] email"))
"""Where a municipio.toml gives the LexML provider's contact, in order of preference."""
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def provider_contact(data: dict) -> tuple[str, str] | None:
    """(e-mail, the key it comes from) of the contact the LexML provider announces
    (``Identify``'s ``adminEmail``): ``[lexml] email``, else the e-mail of the Câmara's or the
    Prefeitura's ``[orgaos.…]`` table (the body that publishes the acts answers for them);
    None when the configuration has none."""
    for path, where in CONTACT_KEYS:
        table: Any = data
        for part in path.split("."):
            table = table.get(part) if isinstance(table, dict) else None
        value = table.get("email") if isinstance(table, dict) else None
        if isinstance(value, str) and value.strip():
            return value.strip(), where
    return None


def check_email(value: str) -> str:
    """``value`` when it looks like an e-mail address; a usage error saying so otherwise."""
    value = value.strip()
    if not _EMAIL.match(value):
        raise UsageError(f"--contato deve ser um endereço de e-mail (ex.: legislativo@camara.exemplo.gov.br), "
                         f"não {value!r}")
    return value


def _municipio_parts(name: str) -> tuple[str, str]:
    m = _MUNICIPIO.match(name)
    if not m or m.group("uf").upper() not in UF:
        raise UsageError(f"--municipio deve ser 'uf-nome-do-municipio' (ex.: ba-feira-de-santana), "
                         f"não {name!r}")
    return m.group("uf").upper(), m.group("nome")


def _municipio_toml(folder: Path, uf: str, words: str, lidos: list[Lido], contato: str | None = None) -> str | None:
    """Create the municipality's configuration on the first import (with ``contato`` as the
    LexML provider's contact, ``[lexml] email``); returns what was done with ``contato`` on an
    existing one, or None."""
    path = folder / "municipio.toml"
    if path.exists():  # a person's configuration: never rewritten …
        if contato is None:
            return None
        text = read_bytes(path).decode("utf-8")
        data = tomllib.loads(text)
        found = provider_contact(data)
        if found is not None:
            return (f"o municipio.toml já dá o contato do provedor LexML ({found[1]} = {found[0]}): "
                    "--contato não o muda; edite o municipio.toml para trocá-lo")
        if "lexml" in data:
            return ("o municipio.toml já tem uma tabela [lexml]: acrescente nela "
                    f'email = "{contato}" (--contato não reescreve a configuração)')
        # … only completed, at its end, with the table it lacks (comments and order kept)
        atomic_write(path, text.rstrip("\n") + "\n\n# Contato do provedor LexML (docs/lexml-oai.md), "
                     "dado em 'lexconsolida importar --contato'.\n" + tomli_w.dumps({"lexml": {"email": contato}}))
        return f"contato do provedor LexML acrescentado ao municipio.toml: [lexml] email = {contato}"
    small = {"de", "da", "do", "das", "dos", "e"}
    nome = " ".join(w if w in small and i else w.capitalize() for i, w in enumerate(words.split("-")))
    # the name as the texts spell it (accents included), when it is the folder's name
    named = Counter(x.localidade.rsplit("-", 1)[0] for x in lidos
                    if x.localidade and x.localidade.endswith(f"-{uf}")
                    and slug(x.localidade.rsplit("-", 1)[0]).replace(".", "-") == slug(nome).replace(".", "-"))
    if named:
        nome = sorted(named.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
    loc = Urn.build(tipo="lei", data=None, numero=None, uf=UF[uf], municipio=nome).localidade
    table: dict = {"nome": nome, "uf": uf, "uf_nome": UF[uf], "localidade_urn": loc}
    if contato is not None:
        table["lexml"] = {"email": contato}
    head = ("# Configuração do município (ver docs/acervo.md), criada por 'lexconsolida importar'.\n"
            "# Confira o nome: ele vem dos textos, ou do nome da pasta quando os textos não o dizem.\n")
    atomic_write(path, head + tomli_w.dumps(table))
    return None


def import_folder(src: str | Path, dest: str | Path, municipio: str, *,
                  executor: Executor | Runner | None = None, contato: str | None = None) -> ImportReport:
    """Import every act file of ``src`` into ``dest/<municipio>/``; ``contato``: the e-mail the
    LexML provider announces (written into a new municipio.toml, or added to one that has no
    contact)."""
    if contato is not None:
        contato = check_email(contato)
    src, dest = Path(src), Path(dest)
    if not src.is_dir():
        raise InputError("pasta de atos não encontrada", path=src)
    uf, words = _municipio_parts(municipio)
    files, links = _inside(src, sources_in(src))
    if not files and not links:
        raise InputError("a pasta não tem atos (.txt, .docx, .md)", path=src)
    files, unsettled = _settled(src, files)
    rels = [f.relative_to(src).as_posix() for f in files]
    before = {f: _stamp(f) for f in files}
    lidos: list[Lido] = run_map(read_source, [(str(f), r) for f, r in zip(files, rels)], executor)
    files, lidos, moved = _unchanged(src, files, lidos, before)
    links = links + unsettled + moved
    folder = dest / municipio
    folder.mkdir(parents=True, exist_ok=True)
    contato_nota = _municipio_toml(folder, uf, words, lidos, contato)
    mun = tomllib.loads(read_bytes(folder / "municipio.toml").decode("utf-8"))
    loc = mun.get("localidade_urn") or Urn.build(tipo="lei", data=None, numero=None, uf=UF[uf],
                                                  municipio=words).localidade
    existing = _existing(folder)
    report = ImportReport(folder, recusados=links, contato=provider_contact(mun), contato_nota=contato_nota)
    taken = {name for name in existing.values()}
    urns: dict[str, str] = {}
    for f, lido in zip(files, lidos):
        old_name = existing.get(lido.origem)
        if lido.truncado:
            report.recusados.append(Recusa(lido.origem, f"arquivo truncado (cortado no meio): {lido.truncado}; "
                                           "não importado — copie o arquivo inteiro de novo"))
            continue
        if lido.nao_utilizado:
            report.nao_utilizados.append(lido.origem)
            if old_name is None:
                continue
            lido.duvidas.append(Duvida(  # an earlier import made it an act: a person removes it
                "numeracao-nao-utilizada", "o texto diz que este número não foi utilizado (ato inexistente), "
                "mas uma importação anterior criou esta pasta: apague-a"))
        old = _read_old(folder / old_name) if old_name else {}
        table, doubts = _table(lido, old, loc)
        if table is None:
            report.recusados.append(Recusa(lido.origem, doubts[0].mensagem))
            continue
        if table["urn"] in urns:
            report.recusados.append(Recusa(lido.origem, f"mesma URN ({table['urn']}) que {urns[table['urn']]}: "
                                           "o mesmo ato duas vezes, ou um dos dois com número ou data errados"))
            continue
        urns[table["urn"]] = lido.origem
        name = old_name or _folder_name(table, taken)
        taken.add(name)
        report.atos += 1
        report.duvidas.update(d.codigo for d in doubts)
        changed = _write_act(folder / name, f, lido, table)
        if old_name is None:
            report.novos += 1
        elif changed:
            report.atualizados += 1
        else:
            report.sem_mudanca += 1
    _write_report(folder, report)
    return report


SETTLE = 1.5
"""Seconds a file must have been left alone before the import takes it: a copy in progress
(a download, a network share) keeps changing its size and modification time."""
WRITING = ("arquivo sendo gravado (o tamanho ou a data de modificação mudou durante a importação): "
           "não importado — importe de novo quando a cópia terminar")


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns


def _settled(src: Path, files: list[Path]) -> tuple[list[Path], list[Recusa]]:
    """The files left alone for :data:`SETTLE` seconds, and a refusal for each one still being
    written. A file modified less than that ago is watched until it is that old (at most
    :data:`SETTLE` seconds of waiting for the whole folder): it is taken if its size and
    modification time did not move meanwhile."""
    stamps = {f: _stamp(f) for f in files}
    now = time.time_ns()
    young = [f for f, st in stamps.items() if st is not None and now - st[1] < SETTLE * 1e9]
    if young:
        newest = max(stamps[f][1] for f in young)  # type: ignore[index]
        time.sleep(max(0.0, (newest + SETTLE * 1e9 - time.time_ns()) / 1e9))
    ok, refused = [], []
    for f in files:
        if stamps[f] is None or _stamp(f) != stamps[f]:
            refused.append(Recusa(f.relative_to(src).as_posix(), WRITING))
        else:
            ok.append(f)
    return ok, refused


def _unchanged(src: Path, files: list[Path], lidos: list[Lido], before: dict) -> tuple[list[Path], list[Lido], list[Recusa]]:
    """Drop the files whose size or modification time changed while they were read (being
    written after all): what was read of them is not the file."""
    keep_f, keep_l, refused = [], [], []
    for f, lido in zip(files, lidos):
        if _stamp(f) != before[f]:
            refused.append(Recusa(f.relative_to(src).as_posix(), WRITING))
        else:
            keep_f.append(f)
            keep_l.append(lido)
    return keep_f, keep_l, refused


def _inside(src: Path, files: list[Path]) -> tuple[list[Path], list[Recusa]]:
    """(the files that are really inside ``src``, a refusal for each symbolic link that leads
    out of it): the import never copies into the acervo what lies outside the folder it was
    given, whatever a link inside it points to."""
    root = src.resolve()
    inside, refused = [], []
    for f in files:
        try:
            target = f.resolve(strict=True)
        except (OSError, RuntimeError):  # a broken or looping link
            refused.append(Recusa(f.relative_to(src).as_posix(), "link simbólico quebrado ou em ciclo: não seguido"))
            continue
        if target.is_relative_to(root):
            inside.append(f)
        else:
            refused.append(Recusa(f.relative_to(src).as_posix(), "link simbólico que aponta para fora da pasta de "
                                  "importação: não seguido (copie o arquivo para a pasta, se ele deve ser importado)"))
    return inside, refused


def _existing(folder: Path) -> dict[str, str]:
    """origem → act folder name, for acts an earlier import wrote."""
    out = {}
    for p in sorted(folder.iterdir()):
        toml = p / "norma.toml"
        if toml.is_file():
            t = _read_old(p)
            origem = (t.get("importacao") or {}).get("origem")
            if origem:
                out[origem] = p.name
    return out


def _read_old(folder: Path) -> dict:
    return read_toml(folder / "norma.toml")


def _computed(lido: Lido, loc: str, values: dict) -> dict:
    """What the import writes for ``lido``, given the identifying values (read or edited)."""
    out: dict = {"tipo": values.get("tipo") or "Norma"}
    for key in ("numero", "data"):
        if values.get(key):
            out[key] = values[key]
    out["urn"] = str(Urn(loc, "municipal", slug(out["tipo"]),
                         _descritor(values.get("data") or lido.ano, values.get("numero"))))
    for key in ("ementa", "autor"):
        if values.get(key):
            out[key] = values[key]
    out["texto"] = TEXT_NAMES.get(lido.formato, "texto.txt")
    if lido.publicacao:
        out["publicacao"] = lido.publicacao
        out["publicacao_nota"] = f"Linha de publicação do texto (linha {lido.publicacao_linha})."
    if lido.vigencia:
        out["vigencia"] = lido.vigencia
        out["vigencia_nota"] = lido.vigencia_nota
    out["fonte"] = f"Importado de {lido.origem}."
    if slug(out["tipo"]) == "lei.organica":  # cited by name, never by number
        out["apelidos"] = list(ORGANICA_ALIASES)
    return out


WRITTEN_KEYS = ("tipo", "numero", "data", "urn", "ementa", "autor", "texto", "publicacao",
                "publicacao_nota", "vigencia", "vigencia_nota", "fonte", "apelidos")
"""Keys the import writes; any other key of norma.toml is a person's and is never touched."""


def _table(lido: Lido, old: dict, loc: str) -> tuple[dict | None, list[Duvida]]:
    """The norma.toml table for ``lido``, keeping a person's edits of ``old``.

    A key is a person's edit when its value in ``old`` differs from what the last import wrote
    (kept in ``[importacao.lido]``); removing a key is an edit too."""
    imp_old = old.get("importacao") or {}
    last = imp_old.get("lido", {})
    edited = {k for k in WRITTEN_KEYS if old and _fingerprint(old.get(k)) != last.get(k)}
    read = {"tipo": lido.tipo, "numero": lido.numero, "data": lido.data, "ementa": lido.ementa,
            "autor": lido.autor}
    values = {k: (old.get(k) if k in edited else v) for k, v in read.items()}
    if not values.get("tipo") and not values.get("data"):
        return None, [Duvida("recusado", "sem epígrafe nem data: não é possível identificar o ato"
                             + (f" ({lido.recusa})" if lido.recusa else ""))]
    computed = _computed(lido, loc, values)
    table: dict = {}
    for key in WRITTEN_KEYS:
        value = old.get(key) if key in edited else computed.get(key)
        if value is not None:
            table[key] = value
    for key, value in old.items():  # everything else a person wrote is kept as it is
        if key not in WRITTEN_KEYS and key != "importacao":
            table[key] = value
    resolved = set(imp_old.get("resolvidas", []))
    doubts = [d for d in lido.duvidas if DOUBT_KEYS.get(d.codigo) not in edited and d.codigo not in resolved]
    imp: dict = {"origem": lido.origem, "sha256": lido.sha256}
    if resolved:
        imp["resolvidas"] = sorted(resolved)
    imp["lido"] = {k: _fingerprint(v) for k, v in computed.items()}
    if doubts:
        imp["duvidas"] = [{k: v for k, v in (("codigo", d.codigo), ("mensagem", d.mensagem),
                                             ("linha", d.linha)) if v is not None} for d in doubts]
    table["importacao"] = imp
    return table, doubts


def _fingerprint(value) -> str | None:
    """What the import wrote for a key, as a short hash (to tell a person's edit apart
    without repeating the value in the file)."""
    if value is None:
        return None
    return hashlib.sha256(repr(value).encode("utf-8")).hexdigest()[:12]


def _descritor(data: str | None, numero: str | None) -> str:
    num = re.sub(r"[^0-9A-Za-z-]", "", (numero or "").split("/")[0]).lower()
    return ";".join(p for p in (data or "", num) if p) or "s.n"


def _folder_name(table: dict, taken: set[str]) -> str:
    tipo = slug(table["tipo"]).replace(".", "-") or "norma"
    num = re.sub(r"[^0-9a-z]+", "", str(table.get("numero") or "").lower()) or "sn"
    year = (Urn.parse(table["urn"]).data or "")[:4] or "sd"
    base = f"{tipo}-{num}-{year}"
    if base not in taken:
        return base
    if table.get("data"):
        dated = f"{base}-{table['data'][5:7]}{table['data'][8:10]}"
        if dated not in taken:
            return dated
    i = 2
    while f"{base}-{i}" in taken:
        i += 1
    return f"{base}-{i}"


HEADER = ("# Ato importado por 'lexconsolida importar' (ver docs/importacao.md).\n"
          "# Corrija aqui o que a importação leu errado: a correção é mantida nas próximas importações.\n")


def _write_act(folder: Path, source: Path, lido: Lido, table: dict) -> bool:
    """Write the act's files when they differ; True when something was written."""
    changed = False
    text_path = folder / table["texto"]
    data = read_bytes(source)
    if not text_path.is_file() or read_bytes(text_path) != data:
        atomic_write(text_path, data)
        changed = True
    toml = HEADER + tomli_w.dumps(table)
    path = folder / "norma.toml"
    if not path.is_file() or read_bytes(path).decode("utf-8", "replace") != toml:
        atomic_write(path, toml)
        changed = True
    return changed


def _write_report(folder: Path, report: ImportReport) -> None:
    table = {"atos": report.atos,
             "duvidas": dict(sorted(report.duvidas.items())),
             "recusados": [{"origem": r.origem, "motivo": r.motivo} for r in report.recusados],
             "numeros_nao_utilizados": report.nao_utilizados}
    text = "# Resultado da última importação (lexconsolida importar).\n" + tomli_w.dumps(table)
    path = folder / REPORT
    if not path.is_file() or read_bytes(path).decode("utf-8") != text:
        atomic_write(path, text)
