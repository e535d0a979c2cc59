"""The final clauses of a consolidation (LC 95/1998, arts. 8º and 9º), and how the sources'
own final clauses are recognised: vigência, then the express revocation of every consolidated
act and of the acts that amended them, in chronological order."""

from __future__ import annotations


from lexconsolida.model import Agrupador, Dispositivo, Kind, Norma, Number, label_for
from lexconsolida.model.clauses import final_clause_kind
from lexconsolida.model.dates import format_long

__all__ = ["add_final_clauses", "epigrafe", "final_clause_kind", "revocation_items", "revoked_acts",
           "with_article"]

def epigrafe(meta: dict) -> str:
    """'LEI Nº 4.321, DE 10 DE JANEIRO DE 2026', or blanks to fill in for a draft."""
    tipo = (meta.get("tipo") or "Lei").upper()
    numero = meta.get("numero") or "_____"
    data = format_long(meta["data"]).upper() if meta.get("data") else "___ DE __________ DE ____"
    return f"{tipo} Nº {numero}, DE {data}"


def _next_article(norma: Norma) -> int:
    return max((a.number.value for a in norma.artigos() if a.number), default=0) + 1


def _new_article(number: int, text: str, incisos: list[str] | tuple = ()) -> Dispositivo:
    num = Number(number)
    aid = "art" + num.id_part
    caput = Dispositivo(Kind.CAPUT, f"{aid}_cpt", text=text)
    for i, t in enumerate(incisos, start=1):
        n = Number(i)
        label = label_for("inciso", n)
        caput.children.append(
            Dispositivo(Kind.INCISO, f"{aid}_cpt_inc{i}", rotulo=label, rotulo_printed=label, number=n, text=t)
        )
    label = label_for("artigo", num)
    return Dispositivo(Kind.ARTIGO, aid, rotulo=label, rotulo_printed=label, number=num, children=[caput])


_FEMININE = ("lei", "emenda", "resolução", "resolucao", "portaria", "instrução", "deliberação")


def with_article(label: str) -> str:
    """'Lei nº 1' → 'a Lei nº 1'; 'Decreto nº 2' → 'o Decreto nº 2'."""
    first = label.split()[0].lower() if label.split() else ""
    return ("a " if first.startswith(_FEMININE) else "o ") + label


def revoked_acts(sources: list) -> list[tuple[str, str | None]]:
    """(label, date) of every act the consolidation revokes: the sources and the acts that
    amended them, once each, in chronological order."""
    acts: dict[str, tuple[str, str | None]] = {}
    for s in sources:
        acts[s.urn or s.label] = (s.label, s.data)
        for a in s.amenders:
            acts.setdefault(a.urn, (a.label, a.data))
    return sorted(acts.values(), key=lambda a: (a[1] or "9999", a[0]))


def revocation_items(sources: list) -> list[str]:
    """The incisos of the revocation clause: each act named in full (LC 95 art. 9º), in
    chronological order, closed as LC 95 punctuates a list (';', '; e', '.')."""
    names = [with_article(label) for label, _ in revoked_acts(sources)]
    if len(names) == 1:
        return [names[0] + "."]
    return [n + (";" if i < len(names) - 2 else "; e" if i == len(names) - 2 else ".")
            for i, n in enumerate(names)]


def add_final_clauses(norma: Norma, spec, sources: list) -> dict[str, str]:
    """Vigência, then the express revocation of every consolidated act (as the seed minuta);
    the new articles' ids by kind ('vigencia', 'revogacao')."""
    target = norma.articulacao
    if target and isinstance(target[-1], Agrupador):
        target = target[-1].children
        while target and isinstance(target[-1], Agrupador):
            target = target[-1].children
    n = _next_article(norma)
    vig = _new_article(n, spec.vigencia)
    target.append(vig)
    ids = {"vigencia": vig.id}
    if spec.revogacao:
        items = revocation_items(sources)
        head = "Ficam revogados:" if len(items) > 1 else "Fica revogado:"
        if len(items) == 1:
            rev = _new_article(n + 1, f"Fica revogada {items[0]}" if items[0].startswith("a ")
                               else f"Fica revogado {items[0]}")
        else:
            rev = _new_article(n + 1, head, items)
        target.append(rev)
        ids["revogacao"] = rev.id
    return ids
