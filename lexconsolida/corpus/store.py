"""The loaded corpus: acts by URN, municipalities, reference resolution, reading texts."""

from __future__ import annotations

import pickle
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path

from lexconsolida.citations import ActRef, Citation, find_acts
from lexconsolida.corpus.index import ActIndex, IndexEntry
from lexconsolida.corpus.records import LEDGER, Act, Municipio, load_act, load_municipio
from lexconsolida.corpus.roots import SHARED_ENV, acervo_of, default_root, shared_root  # noqa: F401 (re-exported)
from lexconsolida.errors import InputError
from lexconsolida.io import read_bytes
from lexconsolida.model import Diagnostic, Event, Norma
from lexconsolida.model.urn import Urn
from lexconsolida.readers import format_of, read_file


@dataclass(slots=True)
class Corpus:
    root: Path
    municipios: dict[str, Municipio] = field(default_factory=dict)
    """Folder name → municipality."""
    acts: dict[str, Act] = field(default_factory=dict)
    """URN → act."""
    _texts: dict[str, bytes] = field(default_factory=dict)
    _diagnostics: dict[str, list[Diagnostic]] = field(default_factory=dict)
    _shared: dict[str, Norma] = field(default_factory=dict)
    broken: list[tuple[str, str]] = field(default_factory=list)
    """Acts left out by a tolerant :func:`load`: (folder relative to the root, Portuguese
    message naming the file and line)."""
    _index: ActIndex | None = None
    _index_pinned: bool = False
    _cache_texts: bool = True

    # --- lookup ----------------------------------------------------------------------------
    def get(self, urn: str) -> Act:
        key = str(Urn.parse(urn).work) if urn.startswith("urn:lex:") else urn
        act = self.acts.get(key)
        if act is None:
            raise InputError(f"ato fora do acervo: {urn}")
        return act

    def find(self, spec: str | Path) -> Act | None:
        """The act named by a URN, an act folder, a file inside one or its text file (which may
        be in the shared material); None otherwise."""
        text = str(spec)
        if text.startswith("urn:lex:"):
            return self.acts.get(str(Urn.parse(text).work))
        p = Path(spec).resolve()
        for act in self.acts.values():
            folder = act.folder.resolve()
            if p == folder or p.parent == folder or (act.texto is not None and p == act.texto.resolve()):
                return act
        return None

    def loaded(self, urn: str) -> Act | None:
        """The act ``urn``; in a corpus of only some acts that resolves with a whole acervo's
        index (:meth:`pin_index`), another act of the acervo is loaded from its folder now.
        None when the acervo has no such act."""
        act = self.acts.get(urn)
        if act is not None or not self._index_pinned or self._index is None:
            return act
        entry = self._index.entry(urn)
        if entry is None or not entry.pasta or not (self.root / entry.pasta).is_dir():
            return None
        mun = entry.pasta.split("/", 1)[0]
        if mun not in self.municipios:
            self.municipios[mun] = load_municipio(self.root / mun)
        act = load_act(self.root / entry.pasta, mun)
        self.acts[act.urn] = act
        return act

    def localidade_of(self, act: Act) -> str:
        return self.municipios[act.municipio].localidade_urn

    @property
    def index(self) -> ActIndex:
        """The lookup table of citations to acts (built once; rebuilt when acts change)."""
        if self._index is None or (self._index.size != len(self.acts) and not self._index_pinned):
            self._index = ActIndex.of(self.acts.values())
        return self._index

    def pin_index(self, index: ActIndex) -> None:
        """Resolve citations with ``index`` (a whole acervo's) though only some acts are
        loaded here: how a worker process sees the acervo."""
        self._index, self._index_pinned = index, True

    def resolve(self, ref: ActRef, near: str | None = None) -> str | None:
        """URN of the act ``ref`` cites, or None when it is not in the corpus (or ambiguous).

        ``near`` is the URN of the citing act: candidates from its municipality win."""
        return self.index.resolve(ref, near)

    def resolve_text(self, text: str, near: str | None = None) -> list[str | None]:
        """URNs of the acts cited in ``text`` (None for those outside the corpus)."""
        return [self.resolve(c.act, near) for c in find_acts(text)]

    def citations(self, urn: str) -> list[tuple[Citation, str | None]]:
        """Every act cited in the act's text file, with its URN in the corpus (None: outside)."""
        act = self.get(urn)
        if act.texto is None:
            return []
        text = _decoded(act.texto)
        return [(c, self.resolve(c.act, act.urn)) for c in find_acts(text)]

    # --- relations -------------------------------------------------------------------------
    def related(self, urn: str, tipo: str) -> list[Act]:
        """Acts with a relation ``tipo`` whose targets include ``urn``, oldest in force first."""
        out = [a for a in self.acts.values()
               if any(r.tipo == tipo and urn in r.alvos for r in a.relacoes)]
        return sorted(out, key=lambda a: (a.in_force_from or "", a.urn))

    # --- texts -----------------------------------------------------------------------------
    def read(self, urn: str) -> Norma:
        """The act's text as a Norma (metadata from norma.toml); a fresh copy on every call.

        Texts are cached pickled: unpickling is the copy (several times faster than
        ``copy.deepcopy`` of the same tree, with the same result)."""
        act = self.get(urn)
        data = self._texts.get(act.urn)
        if data is None:
            norma = self._read_uncached(act)
            if self._cache_texts:
                self._texts[act.urn] = pickle.dumps(norma, protocol=5)
            return norma
        return pickle.loads(data)

    @contextmanager
    def reading_once(self) -> Iterator[None]:
        """Reads inside the block are not cached (a pass over the acervo that reads each act
        once, such as the site's, would only pay for copies it never uses)."""
        before, self._cache_texts = self._cache_texts, False
        try:
            yield
        finally:
            self._cache_texts = before

    def forget(self, urn: str) -> None:
        """Drop what was read of the act ``urn`` (its files changed)."""
        self._texts.pop(urn, None)
        self._shared.pop(urn, None)
        self._diagnostics.pop(urn, None)

    def forget_texts(self) -> None:
        """Drop the texts read so far (a long run over the whole acervo keeps memory bounded)."""
        self._texts.clear()
        self._shared.clear()
        self._diagnostics.clear()

    def read_shared(self, urn: str) -> Norma:
        """The act's text as a Norma, the corpus' own copy: for reading only, never edit it
        (:meth:`read` gives a copy to change)."""
        act = self.get(urn)
        norma = self._shared.get(act.urn)
        if norma is None:
            data = self._texts.get(act.urn)
            norma = pickle.loads(data) if data is not None else self._read_uncached(act)
            self._shared[act.urn] = norma
        return norma

    def diagnostics(self, urn: str) -> list[Diagnostic]:
        """What the text reader said of the act's text file (furniture, repairs, anomalies)."""
        act = self.get(urn)
        self.read_shared(act.urn)
        return list(self._diagnostics.get(act.urn, ()))

    def _read_uncached(self, act: Act) -> Norma:
        if act.texto is None:
            norma = Norma()
        else:
            mun = self.municipios[act.municipio]
            # By suffix (texto.txt, .docx, .md, .pdf); the place is known from municipio.toml,
            # so the text reader need not find it in the text.
            place = ({"localidade": mun.localidade_urn.removeprefix("br;")}
                     if format_of(act.texto) == "text" else {})
            result = read_file(act.texto, **place)
            norma = result.norma
            self._diagnostics[act.urn] = result.diagnostics
            # The acervo's own path, never the checkout's: two clones give the same bytes.
            norma.provenance.path = act.texto_origem or self.relative(act.texto)
        mun = self.municipios[act.municipio]
        events = [Event(e.tipo, act.urn, act.label, e.data, e.nota) for e in act.eventos]
        return replace(
            norma, tipo=act.tipo, numero=act.numero, data=act.data, urn=act.urn,
            ementa=act.ementa or norma.ementa, localidade=f"{mun.nome}-{mun.uf}",
            publicacao=act.publicacao, vigencia=act.in_force_from, events=events,
            estado=act.estado, eficacia=list(act.eficacia),
        )

    def relative(self, path: Path) -> str:
        """``path`` relative to the acervo's folder ('mt-x/lei-1-2020/texto.txt'), '/'-separated."""
        try:
            return Path(path).resolve().relative_to(self.root.resolve()).as_posix()
        except ValueError:
            return Path(path).name


def _decoded(path: Path) -> str:
    return decode_text_bytes(read_bytes(path))


def decode_text_bytes(data: bytes) -> str:
    """A text file of the acervo as received: UTF-8 (with or without BOM), else Windows-1252."""
    for enc in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(enc)
        except UnicodeDecodeError:
            continue
    return data.decode("utf-8", "replace")


def load(root: str | Path | None = None, shared: str | Path | None = None, *,
         memo: dict | None = None, tolerant: bool = False, only: Collection[str] | None = None,
         others: Sequence[IndexEntry] = (), relations: bool = True) -> Corpus:
    """Load ``statutes/`` (or ``root``): every municipality and act, relations resolved.

    ``shared``: the shared material, where ``[fonte_textos]`` of a municipality points (default
    :func:`shared_root`); when it is absent those acts load without their texts, each saying
    why (``Act.texto_ausente``).

    ``memo``: acts parsed by an earlier load (folder → (stamp, Act)); an act whose
    ``norma.toml`` and folder are unchanged since (same size and modification times) is taken
    from it instead of parsing its TOML again, and the memo is updated in place. For callers
    that reload a large acervo often (the acervo pipeline keeps it in its cache).

    ``tolerant``: an act whose ``norma.toml`` cannot be read (bad TOML, a missing key, a
    relation to an act not found) is left out and listed in ``Corpus.broken`` with the message,
    and the rest of the acervo loads (the whole-acervo run); otherwise it is an InputError.

    ``only``: the municipalities' folders to load (one shard of a state: the others are not
    read); ``others``: index entries of acts outside them that citations may name (the acts of
    the state and of the Union, in a state's acervo): the corpus resolves with them too.
    ``relations=False``: the relations' targets are left as written (only the acts' records
    are wanted: a state's first pass, which indexes each municipality)."""
    base = Path(root) if root else default_root()
    if not base.is_dir():
        raise InputError("pasta do acervo não encontrada", path=base)
    corpus = Corpus(base)
    shared_dir = Path(shared) if shared else shared_root(base)
    repeated: list[tuple[str, Path, Path]] = []
    for mfolder in sorted(p for p in base.iterdir() if (p / "municipio.toml").exists()):
        if only is not None and mfolder.name not in only:
            continue
        municipio = corpus.municipios[mfolder.name] = load_municipio(mfolder, shared_dir)
        for afolder in sorted(p for p in mfolder.iterdir() if (p / "norma.toml").exists()):
            try:
                act = (load_act(afolder, mfolder.name, municipio.textos) if memo is None
                       else _memo_act(afolder, mfolder.name, memo, municipio.textos))
            except InputError as err:
                if not tolerant:
                    raise
                corpus.broken.append((afolder.relative_to(base).as_posix(), _relative(err, base)))
                continue
            if act.urn in corpus.acts:
                repeated.append((act.urn, corpus.acts[act.urn].folder, afolder))
                continue
            corpus.acts[act.urn] = act
    if repeated:
        # Never tolerated, not even in a whole-acervo run: one of the two would be lost (a
        # municipality imported twice under two folders, a folder copied) — a person chooses.
        shown = "; ".join(f"{urn} em {a.relative_to(base).as_posix()}/norma.toml e em "
                          f"{b.relative_to(base).as_posix()}/norma.toml" for urn, a, b in repeated[:5])
        more = f" (e mais {len(repeated) - 5})" if len(repeated) > 5 else ""
        raise InputError(f"URN repetida no acervo: {len(repeated)} ato(s) em duas pastas — {shown}{more}; "
                         "cada ato tem uma pasta só: apague ou corrija a cópia", path=base)
    if others:
        _with_others(corpus, others)
    for act in list(corpus.acts.values()) if relations else ():
        try:
            resolve_relations(corpus, act)
        except InputError as err:
            if not tolerant:
                raise
            del corpus.acts[act.urn]
            corpus.broken.append((act.folder.relative_to(base).as_posix(), _relative(err, base)))
    corpus.broken.sort()
    if others:
        _with_others(corpus, others)
    return corpus


def _with_others(corpus: Corpus, others: Sequence[IndexEntry]) -> None:
    """Resolve with the corpus' acts and ``others`` (acts not loaded here)."""
    mine = ActIndex.of(corpus.acts.values()).entries
    have = {e.urn for e in mine}
    corpus.pin_index(ActIndex.from_entries(sorted([*mine, *(e for e in others if e.urn not in have)],
                                                  key=lambda e: e.urn)))


def _relative(err: InputError, base: Path) -> str:
    """The error's message with its file relative to the acervo (same text in any checkout)."""
    if err.path is None:
        return str(err)
    try:
        rel = Path(err.path).resolve().relative_to(base.resolve()).as_posix()
    except ValueError:
        rel = Path(err.path).name
    return str(InputError(err.message, path=rel, line=err.line, where=err.where))


def _memo_act(folder: Path, municipio: str, memo: dict, textos=None) -> Act:
    toml, here = (folder / "norma.toml").stat(), folder.stat()
    ledger = folder / LEDGER
    lstat = ledger.stat() if ledger.exists() else None
    stamp = (toml.st_mtime_ns, toml.st_size, here.st_mtime_ns,
             str(textos.base) if textos is not None else None,
             (lstat.st_mtime_ns, lstat.st_size, lstat.st_ino) if lstat is not None else None)
    hit = memo.get(str(folder))
    act = hit[1] if hit is not None and hit[0] == stamp else None
    if act is None:
        act = load_act(folder, municipio, textos)
        memo[str(folder)] = (stamp, _fresh_relations(act))
    return _fresh_relations(act)


def _fresh_relations(act: Act) -> Act:
    """``act`` with its own copy of the relations (loading resolves their targets in place)."""
    return replace(act, relacoes=[replace(r, alvos=list(r.alvos), alvos_texto=list(r.alvos_texto))
                                  for r in act.relacoes])


def resolve_relations(corpus: Corpus, act: Act) -> None:
    """Targets written as citations ('Lei nº 2.217/2001') become URNs; unknown ones stay
    as written (an act outside the corpus) and are listed in ``alvos_texto``."""
    for rel in act.relacoes:
        out = []
        for alvo in rel.alvos:
            if alvo.startswith("urn:lex:"):
                try:
                    out.append(str(Urn.parse(alvo)))
                except InputError as err:
                    raise InputError(f"alvo da relação '{rel.tipo}': {err.message}",
                                     path=act.folder / "norma.toml") from None
                continue
            urns = corpus.resolve_text(alvo, act.urn)
            if len(urns) == 1 and urns[0]:
                out.append(urns[0])
                rel.alvos_texto.append(alvo)
            else:
                raise InputError(f"alvo da relação '{rel.tipo}' não identificado no acervo: "
                                 f"{alvo!r}", path=act.folder / "norma.toml")
        rel.alvos = out
