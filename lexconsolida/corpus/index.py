"""Which act of the corpus a citation names: by type, number and year, or by a name alias.

An :class:`ActIndex` holds only what resolution needs (URN parts, number, dates, aliases), so it
is small and picklable: the acervo pipeline sends it to worker processes (or a Dask cluster)
with each batch of acts, instead of the whole corpus.

Aliases are the names an act is cited by without a number ('Lei Orgânica do Município',
'Código Tributário Municipal'), recorded as ``apelidos`` in its ``norma.toml``. They are
compared without accents, case or repeated spaces.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field

from lexconsolida.citations import ActRef
from lexconsolida.model.urn import Urn


def fold(text: str) -> str:
    """'Lei  Orgânica' → 'lei organica' (accents, case and spacing ignored)."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"\s+", " ", text).strip().lower()


@dataclass(slots=True, frozen=True)
class IndexEntry:
    urn: str
    tipo: str
    """URN form of the type ('lei', 'lei.complementar')."""
    numero: str
    """Digits without the thousands dot or leading zeros ('' when unnumbered)."""
    data: str | None
    """AAAA-MM-DD, or the year alone when only the year is known (from the URN)."""
    publicacao: str | None
    autoridade: str
    localidade: str
    apelidos: tuple[str, ...] = ()
    """Folded aliases."""
    pasta: str = ""
    """The act's folder relative to the acervo ('ba-feira/lei-1-2020'), for loading it."""


def _digits(numero: str | None) -> str:
    return re.sub(r"\D", "", numero or "").lstrip("0")


@dataclass(slots=True)
class ActIndex:
    entries: list[IndexEntry] = field(default_factory=list)
    _by_number: dict[tuple[str, str], list[IndexEntry]] = field(default_factory=dict)
    _by_alias: dict[str, list[IndexEntry]] = field(default_factory=dict)
    _alias_re: re.Pattern | None = None
    _by_urn: dict[str, IndexEntry] = field(default_factory=dict)

    @classmethod
    def of(cls, acts: Iterable) -> "ActIndex":
        """The index of corpus :class:`~lexconsolida.corpus.records.Act` records."""
        entries = []
        for a in acts:
            u = Urn.parse(a.urn)
            aliases = a.data_toml.get("apelidos", []) if a.data_toml else []
            entries.append(IndexEntry(a.urn, u.tipo, _digits(a.numero), a.data or u.data, a.publicacao,
                                      u.autoridade, u.localidade,
                                      tuple(sorted({fold(str(x)) for x in aliases if str(x).strip()})),
                                      f"{a.municipio}/{a.folder.name}"))
        return cls.from_entries(sorted(entries, key=lambda e: e.urn))

    @classmethod
    def from_entries(cls, entries: list[IndexEntry]) -> "ActIndex":
        idx = cls(entries)
        for e in entries:
            idx._by_urn[e.urn] = e
            if e.numero:
                idx._by_number.setdefault((e.tipo, e.numero), []).append(e)
            for alias in e.apelidos:
                idx._by_alias.setdefault(alias, []).append(e)
        if idx._by_alias:
            names = sorted(idx._by_alias, key=len, reverse=True)
            idx._alias_re = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(n) for n in names) + r")(?!\w)")
        return idx

    def __getstate__(self):
        return self.entries

    def __setstate__(self, entries):
        built = ActIndex.from_entries(entries)
        for name in ("entries", "_by_number", "_by_alias", "_alias_re", "_by_urn"):
            setattr(self, name, getattr(built, name))

    @property
    def size(self) -> int:
        return len(self.entries)

    def digest(self) -> str:
        """A hash of everything resolution depends on (a cache key part)."""
        h = hashlib.sha256()
        for e in self.entries:
            h.update(repr(tuple(getattr(e, k) for k in IndexEntry.__slots__)).encode())
        return h.hexdigest()

    def entry(self, urn: str) -> IndexEntry | None:
        return self._by_urn.get(urn)

    def resolve(self, ref: ActRef, near: str | None = None) -> str | None:
        """URN of the act ``ref`` cites; None when it is not indexed or is ambiguous.

        ``near`` is the URN of the citing act: candidates from its municipality win, and the
        municipal acts of another municipality never answer (a state's acervo holds hundreds
        of municipalities, each with its Lei nº 1)."""
        if ref.urn:
            return ref.urn if ref.urn in self._by_urn else None
        if not ref.numero:
            if ref.nome:
                return self.resolve_name(ref.nome, near)
            return None
        cands = list(self._by_number.get((ref.tipo, ref.numero.lstrip("0")), ()))
        if ref.data:
            cands = [a for a in cands if ref.data in (a.data, a.publicacao)] or \
                    [a for a in cands if a.data and a.data[:4] == ref.data[:4]]
        elif ref.ano:
            cands = [a for a in cands if a.data and int(a.data[:4]) == ref.ano]
        if ref.esfera == "federal":
            cands = [a for a in cands if a.autoridade == "federal"]
        if near:  # a municipal act cites its own municipality's acts, never another's
            loc = Urn.parse(near).localidade
            cands = [a for a in cands if a.autoridade != "municipal" or a.localidade == loc]
        return _nearest(cands, near)

    def resolve_name(self, name: str, near: str | None = None) -> str | None:
        """URN of the act whose alias is ``name``; None when none or several. A name is local
        (every municipality has its Lei Orgânica): cited from an act of a known municipality,
        only that municipality's acts answer to it."""
        cands = list(self._by_alias.get(fold(name), ()))
        if near:
            loc = Urn.parse(near).localidade
            cands = [a for a in cands if a.localidade == loc]
        return _nearest(cands, near)

    def named_in(self, text: str, near: str | None = None) -> list[tuple[int, int, str]]:
        """(start, end, URN) of every alias cited in ``text`` that names one act.

        Positions are in the folded text, which keeps the original's length for Portuguese
        letters (one base letter per accented letter)."""
        if self._alias_re is None:
            return []
        folded = fold_keep_length(text)
        out = []
        for m in self._alias_re.finditer(folded):
            urn = self.resolve_name(m.group(0), near)
            if urn:
                out.append((m.start(), m.end(), urn))
        return out


def fold_keep_length(text: str) -> str:
    """Lower case without accents, one character per character (spacing kept as it is,
    runs of spaces made single only where the alias pattern expects one)."""
    out = []
    for c in text:
        base = unicodedata.normalize("NFKD", c)
        base = "".join(x for x in base if not unicodedata.combining(x)) or c
        out.append((base[0] if len(base) >= 1 else c).lower())
    return re.sub(r"\s", " ", "".join(out))


def _nearest(cands: list[IndexEntry], near: str | None) -> str | None:
    if near and len(cands) > 1:
        loc = Urn.parse(near).localidade
        local = [a for a in cands if a.localidade == loc]
        cands = local or cands
    return cands[0].urn if len(cands) == 1 else None
