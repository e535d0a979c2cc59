"""The loaded corpus: acts by URN, municipalities, reference resolution, reading texts."""

from __future__ import annotations

import copy
import os
import unicodedata
from dataclasses import dataclass, field, replace
from pathlib import Path

from lexconsolida.citations import ActRef, Citation, find_acts
from lexconsolida.corpus.records import Act, Municipio, load_act, load_municipio
from lexconsolida.errors import InputError
from lexconsolida.io import read_bytes
from lexconsolida.model import Diagnostic, Event, Norma
from lexconsolida.model.urn import Urn
from lexconsolida.readers import read_file


def default_root() -> Path:
    """``$LEXCONSOLIDA_STATUTES``, else ``./statutes``, else the repository's ``statutes/``."""
    env = os.environ.get("LEXCONSOLIDA_STATUTES")
    if env:
        return Path(env)
    here = Path.cwd() / "statutes"
    if here.is_dir():
        return here
    return Path(__file__).resolve().parents[2] / "statutes"


@dataclass(slots=True)
class Corpus:
    root: Path
    municipios: dict[str, Municipio] = field(default_factory=dict)
    """Folder name → municipality."""
    acts: dict[str, Act] = field(default_factory=dict)
    """URN → act."""
    _texts: dict[str, Norma] = field(default_factory=dict)
    _diagnostics: dict[str, list[Diagnostic]] = field(default_factory=dict)

    # --- lookup ----------------------------------------------------------------------------
    def get(self, urn: str) -> Act:
        key = str(Urn.parse(urn).work) if urn.startswith("urn:lex:") else urn
        act = self.acts.get(key)
        if act is None:
            raise InputError(f"ato fora do acervo: {urn}")
        return act

    def find(self, spec: str | Path) -> Act | None:
        """The act named by a URN, an act folder or a file inside one; None otherwise."""
        text = str(spec)
        if text.startswith("urn:lex:"):
            return self.acts.get(str(Urn.parse(text).work))
        p = Path(spec).resolve()
        for act in self.acts.values():
            folder = act.folder.resolve()
            if p == folder or p.parent == folder:
                return act
        return None

    def localidade_of(self, act: Act) -> str:
        return self.municipios[act.municipio].localidade_urn

    def resolve(self, ref: ActRef, near: str | None = None) -> str | None:
        """URN of the act ``ref`` cites, or None when it is not in the corpus (or ambiguous).

        ``near`` is the URN of the citing act: candidates from its municipality win."""
        if ref.urn:
            return ref.urn if ref.urn in self.acts else None
        if not ref.numero:
            return self._resolve_name(ref, near) if ref.nome else None
        cands = [a for a in self.acts.values()
                 if Urn.parse(a.urn).tipo == ref.tipo
                 and (a.numero or "").replace(".", "").lstrip("0") == ref.numero]
        if ref.data:
            cands = [a for a in cands if a.data == ref.data or a.publicacao == ref.data] or \
                    [a for a in cands if a.data and a.data[:4] == ref.data[:4]]
        elif ref.ano:
            cands = [a for a in cands if a.data and int(a.data[:4]) == ref.ano]
        if ref.esfera == "federal":
            cands = [a for a in cands if Urn.parse(a.urn).autoridade == "federal"]
        if near and len(cands) > 1:
            loc = Urn.parse(near).localidade
            local = [a for a in cands if Urn.parse(a.urn).localidade == loc]
            cands = local or cands
        return cands[0].urn if len(cands) == 1 else None

    def _resolve_name(self, ref: ActRef, near: str | None) -> str | None:
        """A norm cited by name ('Lei Orgânica do Município'): the one act whose ``apelidos``
        hold that name, in the municipality of the citing act when it is known (a name is
        local: every municipality has its Lei Orgânica)."""
        key = _name_key(ref.nome or "")
        cands = [a for a in self.acts.values() if any(_name_key(n) == key for n in a.apelidos)]
        if near:
            loc = Urn.parse(near).localidade
            cands = [a for a in cands if Urn.parse(a.urn).localidade == loc]
        return cands[0].urn if len(cands) == 1 else None

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
        """The act's text as a Norma (metadata from norma.toml); a fresh copy on every call."""
        act = self.get(urn)
        if act.urn not in self._texts:
            self._texts[act.urn] = self._read_uncached(act)
        return copy.deepcopy(self._texts[act.urn])

    def diagnostics(self, urn: str) -> list[Diagnostic]:
        """What the text reader said of the act's text file (furniture, repairs, anomalies)."""
        act = self.get(urn)
        self.read(act.urn)
        return list(self._diagnostics.get(act.urn, ()))

    def _read_uncached(self, act: Act) -> Norma:
        if act.texto is None:
            norma = Norma()
        else:
            result = read_file(act.texto, "text")
            norma = result.norma
            self._diagnostics[act.urn] = result.diagnostics
            # The acervo's own path, never the checkout's: two clones give the same bytes.
            norma.provenance.path = self.relative(act.texto)
        mun = self.municipios[act.municipio]
        events = [Event(e.tipo, act.urn, act.label, e.data, e.nota) for e in act.eventos]
        return replace(
            norma, tipo=act.tipo, numero=act.numero, data=act.data, urn=act.urn,
            ementa=act.ementa or norma.ementa, localidade=f"{mun.nome}-{mun.uf}",
            publicacao=act.publicacao, vigencia=act.in_force_from, events=events,
            estado=act.estado,
        )

    def relative(self, path: Path) -> str:
        """``path`` relative to the acervo's folder ('mt-x/lei-1-2020/texto.txt'), '/'-separated."""
        try:
            return Path(path).resolve().relative_to(self.root.resolve()).as_posix()
        except ValueError:
            return Path(path).name


def _decoded(path: Path) -> str:
    data = read_bytes(path)
    for enc in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(enc)
        except UnicodeDecodeError:
            continue
    return data.decode("utf-8", "replace")


def load(root: str | Path | None = None) -> Corpus:
    """Load ``statutes/`` (or ``root``): every municipality and act, relations resolved."""
    base = Path(root) if root else default_root()
    if not base.is_dir():
        raise InputError("pasta do acervo não encontrada", path=base)
    corpus = Corpus(base)
    for mfolder in sorted(p for p in base.iterdir() if (p / "municipio.toml").exists()):
        corpus.municipios[mfolder.name] = load_municipio(mfolder)
        for afolder in sorted(p for p in mfolder.iterdir() if (p / "norma.toml").exists()):
            act = load_act(afolder, mfolder.name)
            if act.urn in corpus.acts:
                raise InputError(f"URN repetida no acervo: {act.urn} (também em "
                                 f"{corpus.acts[act.urn].folder})", path=afolder / "norma.toml")
            corpus.acts[act.urn] = act
    for act in corpus.acts.values():
        _resolve_relations(corpus, act)
    return corpus


def _resolve_relations(corpus: Corpus, act: Act) -> None:
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


def _name_key(name: str) -> str:
    """'Lei Orgânica do  Município' and 'LEI ORGANICA DO MUNICIPIO' compare equal."""
    folded = unicodedata.normalize("NFKD", name.casefold())
    return " ".join("".join(c for c in folded if not unicodedata.combining(c)).split())
