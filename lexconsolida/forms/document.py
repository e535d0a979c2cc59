"""A filled form as plain data (:class:`FormDoc`), built from the law, the settings and a case.

Both writers (HTML through Jinja2 templates, DOCX through python-docx) render this one structure,
so the two outputs always say the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from lexconsolida.errors import FormError
from lexconsolida.forms.cases import FIELDS, Case
from lexconsolida.forms.cite import act_title, citation, find_dispositivo, quoted_lines
from lexconsolida.forms.compute import Fine, brl, compute_fine, deadline_line, units_text
from lexconsolida.forms.infractions import Catalog, Infraction
from lexconsolida.forms.kinds import KINDS
from lexconsolida.forms.settings import Deadline, FormSpec, Settings
from lexconsolida.forms.textnorm import fold
from lexconsolida.model import Dispositivo, Norma
from lexconsolida.model.dates import format_long

COUNTING_TEXT = {
    "corridos": "dias corridos (excluído o dia do início e incluído o do vencimento)",
    "úteis": "dias úteis (excluídos sábados, domingos e feriados)",
}


@dataclass(slots=True)
class Row:
    rotulo: str
    valor: str


@dataclass(slots=True)
class Section:
    titulo: str
    linhas: list[Row] = field(default_factory=list)
    paragrafos: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Quote:
    citacao: str
    linhas: list[str]


@dataclass(slots=True)
class Signature:
    papel: str
    nome: str | None = None
    """The signer when the case names them ('Maria Pereira, matrícula 1234')."""


@dataclass(slots=True)
class Ciencia:
    """The autuado's acknowledgement, filled on the spot: date and time, or the refusal to sign
    before two witnesses."""

    data_hora: str | None
    """'10/03/2025, às 14h45' when recorded; None prints blanks to fill by hand."""
    recusa: bool | None
    """True/False when recorded; None prints an empty box."""
    testemunhas: tuple[str | None, str | None]


@dataclass(slots=True)
class Stub:
    """The receipt stub at the foot of a notice, cut off and kept by the office."""

    titulo: str
    linhas: list[str]
    assinaturas: list[Signature]


@dataclass(slots=True)
class FormDoc:
    """Everything a form prints, in order."""

    kind: str
    titulo: str
    numero: str
    municipio: str
    orgao: str
    setor: str | None
    cabecalho: tuple[str, ...]
    endereco: str | None
    norma: str
    abertura: str
    secoes: list[Section]
    fundamentos: list[Quote]
    avisos: list[str]
    assinaturas: list[Signature]
    local_data: str
    ciencia: Ciencia | None = None
    canhoto: Stub | None = None
    talao: bool = False
    """A blank pre-numbered form of a talão (fields filled by hand)."""


def short_date(d: date) -> str:
    return d.strftime("%d/%m/%Y")


def date_time_text(d: datetime) -> str:
    return f"{short_date(d.date())}, às {d.hour:02d}h{d.minute:02d}"


def of_act(norma: Norma) -> str:
    """'da Lei nº 846, de …' / 'do Decreto nº …': the act's title with its contracted article."""
    masculine = ("decreto", "código", "codigo", "regulamento", "estatuto", "ato")
    title = act_title(norma)
    word = title.split()[0].lower() if title else ""
    return f"{'do' if word in masculine else 'da'} {title}"


# --- pieces -------------------------------------------------------------------------------


def resolve_infraction(case: Case, catalog: Catalog) -> Infraction | None:
    """The catalogued infraction the case names, by id ('art55_par13') or citation."""
    ref = case.data.get("infracao")
    if not ref:
        return None
    inf = catalog.get(ref)
    if inf is None:
        folded = fold(ref).replace("paragrafo", "§")
        inf = next((i for i in catalog.infracoes if fold(i.citacao) == folded), None)
    if inf is None:
        raise case.error(f"a infração '{ref}' não consta do catálogo da lei "
                         "(veja 'lexconsolida infracoes')", "infracao")
    return inf


def _quote(norma: Norma, node_id: str, source: str, index: dict | None = None) -> Quote:
    node = index.get(node_id) if index is not None else find_dispositivo(norma, node_id)
    if not isinstance(node, Dispositivo):
        raise FormError(f"o dispositivo {node_id} ({citation(node_id, norma)}) não existe em {act_title(norma)}", path=source)
    return Quote(citation(node_id, norma), quoted_lines(node))


def _fine_section(fine: Fine) -> Section:
    unit = fine.unidade
    sec = Section("Multa")
    sec.linhas.append(Row("Classe da infração", fine.classe or "—"))
    base = f"{units_text(fine.unidades)} {unit}"
    sec.linhas.append(Row("Multa prevista", f"{base} ({fine.tabela_citacao})" if fine.tabela_citacao else base))
    if unit != "R$":
        sec.linhas.append(Row(f"Valor da {unit} em {fine.ano}", f"{brl(fine.valor_unidade)} ({fine.fonte_valor})"))
    for adj in fine.ajustes:
        sec.linhas.append(Row(f"Ajuste — {adj.descricao} ({adj.citacao})", f"× {units_text(adj.fator)}"))
    if unit == "R$":
        sec.linhas.append(Row("Valor da multa", brl(fine.total)))
    else:
        sec.linhas.append(Row("Valor da multa",
                              f"{units_text(fine.total_unidades)} {unit} × {brl(fine.valor_unidade)} = {brl(fine.total)}"))
    return sec


BLANK_DATE = "____/____/________"
BLANK_TIME = "____h____"


def _day(value) -> date:
    return value.date() if isinstance(value, datetime) else value


def _deadline_start(d: Deadline, case: Case, issue: date, settings: Settings) -> tuple[date | None, str | None]:
    """The date ``d`` counts from, and how it was reached (None when the case gives it directly).

    A period counted from the notice ('data_ciencia') follows the law's rule for the chosen
    delivery: in person, the date of ciência; by post, the date on the AR; by edital, the
    publication plus the days the law adds. Never presumed: unknown → no date (the rule is printed).
    """
    value = case.data.get(d.base)
    if value is not None:
        return _day(value), None
    if d.base == "data_emissao":
        return issue, None
    if d.base != "data_ciencia":
        return None, None
    delivery = settings.entrega.get(case.data.get("meio_entrega") or "")
    if delivery is None or delivery.data_inicio == "data_ciencia":
        return None, None
    known = case.data.get(delivery.data_inicio)
    if known is None:
        return None, None
    start = _day(known) + timedelta(days=delivery.dias_apos)
    label = FIELDS[delivery.data_inicio][0]
    how = f"{label}: {short_date(_day(known))}"
    if delivery.dias_apos:
        how += f", mais {delivery.dias_apos} dias"
    return start, how


def _rule_text(d: Deadline, case: Case, settings: Settings, norma: Norma) -> str:
    """What a deadline without a known start says: the law's rule for the notice, never a date."""
    delivery = settings.entrega.get(case.data.get("meio_entrega") or "")
    if d.base == "data_ciencia" and delivery is not None and delivery.ciencia:
        cited = f" ({citation(delivery.ciencia_dispositivo, norma)})" if delivery.ciencia_dispositivo else ""
        where = {"data_ar": "da data anotada no aviso de recebimento (AR)",
                 "data_publicacao": "dessa data"}.get(delivery.data_inicio, "da data da ciência anotada no formulário")
        return (f"; a notificação considera-se feita {delivery.ciencia}{cited}; o prazo termina {d.dias} dias "
                f"{'úteis' if d.contagem == 'úteis' else 'corridos'} depois {where}")
    if d.base == "data_ciencia":
        return "; o prazo termina contado da data da ciência, a anotar quando a notificação for entregue"
    return "; a data final depende dessa data"


def _deadlines_section(spec: FormSpec, case: Case, issue: date, settings: Settings,
                       norma: Norma) -> Section | None:
    lines = []
    for key in spec.prazos:
        d = settings.prazos[key]
        start, how = _deadline_start(d, case, issue, settings)
        lines.append((deadline_line(d, start, how, citation(d.dispositivo, norma), settings.feriados), d))
    days = case.data.get("prazo_dias")
    if days and spec.prazos:
        fixed = "; ".join(f"{settings.prazos[k].dias} dias ({citation(settings.prazos[k].dispositivo, norma)})"
                          for k in spec.prazos)
        raise case.error(f"o campo 'prazo_dias' não se aplica: a lei já fixa o prazo de {spec.kind}: {fixed}",
                         "prazo_dias")
    if days:
        basis = next((r.dispositivo for r in spec.campos_obrigatorios if r.campo == "prazo_dias"),
                     spec.fundamento[0] if spec.fundamento else None)
        extra = Deadline("caso", "Prazo para regularização fixado pela fiscalização", days, "corridos",
                         "data do recebimento desta notificação", "data_ciencia", basis or "")
        start, how = _deadline_start(extra, case, issue, settings)
        cited = citation(basis, norma) if basis else "prazo fixado pela fiscalização"
        lines.append((deadline_line(extra, start, how, cited, settings.feriados), extra))
    if not lines:
        return None
    sec = Section("Prazos")
    for ln, d in lines:
        value = f"{ln.dias} {COUNTING_TEXT[ln.contagem]}, a contar da {ln.inicio} ({ln.citacao})"
        if ln.fim is not None:
            if ln.como:
                value += f"; início em {short_date(ln.inicio_data)} ({ln.como})"
            value += f"; termina em {short_date(ln.fim)}"
        else:
            value += _rule_text(d, case, settings, norma)
        sec.linhas.append(Row(ln.descricao, value))
    return sec


def _delivery_section(spec: FormSpec, case: Case, settings: Settings, norma: Norma) -> Section | None:
    if not spec.entrega:
        return None
    chosen = case.data.get("meio_entrega")
    if chosen and chosen not in spec.entrega:
        allowed = ", ".join(spec.entrega)
        raise case.error(f"meio de entrega '{chosen}' não previsto para {spec.kind} (previstos: {allowed})",
                         "meio_entrega")
    sec = Section("Notificação e entrega")
    for key in spec.entrega:
        dl = settings.entrega[key]
        mark = "☒" if key == chosen else "☐"
        text = f"{mark} {dl.meio} ({citation(dl.dispositivo, norma)})"
        if dl.ciencia:
            text += f"; considera-se feita {dl.ciencia}"
            if dl.ciencia_dispositivo:
                text += f" ({citation(dl.ciencia_dispositivo, norma)})"
        sec.paragrafos.append(text)
    return sec


def _rows(case: Case, names: tuple[str, ...]) -> list[Row]:
    rows = []
    for name in names:
        value = case.data.get(name)
        if value is None or value == "":
            continue
        if isinstance(value, datetime):
            value = date_time_text(value)
        elif isinstance(value, date):
            value = short_date(value)
        elif isinstance(value, bool):
            value = "sim" if value else "não"
        label = FIELDS[name][0]
        rows.append(Row(label[0].upper() + label[1:], str(value)))
    return rows


# --- the form -----------------------------------------------------------------------------

IDENTIFICATION = ("condutor_autorizado", "condutor", "documento", "endereco", "placa", "veiculo")
OCCURRENCE = ("auto", "data_auto", "data_hora", "local", "descricao", "irregularidade", "motivo", "deposito",
              "reincidente", "observacoes")
AGENTS = ("agente", "autoridade")


def build(kind_key: str, case: Case, *, settings: Settings, norma: Norma, catalog: Catalog,
          numero: str, issue: date, index: dict | None = None) -> FormDoc:
    """The form ``kind_key`` for ``case``, numbered ``numero`` and issued on ``issue``.

    ``index`` (``norma.index()``), when given, saves a tree walk per quoted dispositivo.
    """
    kind = KINDS[kind_key]
    index = index if index is not None else norma.index()
    spec = settings.formularios[kind_key]
    inf = resolve_infraction(case, catalog)
    if inf is None and kind.usa_infracao:
        raise case.error(f"campo obrigatório ausente: 'infracao' ({FIELDS['infracao'][0]}): "
                         f"{kind.titulo} é sempre sobre uma infração do catálogo", "infracao")
    occurrence = Section("Ocorrência", _rows(case, OCCURRENCE))
    if case.data.get("flagrante") is False and spec.sem_flagrante is not None:
        occurrence.linhas.insert(0, Row("Autuação", "sem flagrante: o agente relata o fato à autoridade neste auto "
                                        f"({citation(spec.sem_flagrante.dispositivo, norma)})"))
    sections = [Section("Identificação", _rows(case, IDENTIFICATION)), occurrence]
    quotes: list[Quote] = []
    notes: list[str] = []
    if inf is not None:
        sec = Section("Infração")
        sec.linhas += [Row("Dispositivo infringido", f"{inf.citacao}, {of_act(norma)}"),
                       Row("Descrição legal", inf.descricao),
                       Row("Classe", inf.classe or "—"), Row("Penalidade", inf.penalidade or "—")]
        if inf.medidas:
            sec.linhas.append(Row("Medida administrativa", "; ".join(inf.medidas)))
        sections.append(sec)
        quotes.append(_quote(norma, inf.id, str(settings.path), index))
        reinc = bool(case.data.get("reincidente"))
        if kind.mostra_multa and inf.multa:
            fine = compute_fine(inf, catalog, settings, (case.data.get("data_hora") or issue).year,
                                reincidente=reinc, em_dobro=bool(case.data.get("em_dobro")))
            if fine is not None:
                sections.append(_fine_section(fine))
                if inf.tabela:
                    quotes.append(_quote(norma, inf.tabela, str(settings.path), index))
                if "ilustrativo" in fine.fonte_valor:
                    notes.append(f"Atenção: o valor da {fine.unidade} usado é ilustrativo; confirme-o com o decreto "
                                 "municipal antes de emitir.")
        for rule in catalog.rules_for(inf.id):
            if rule.tipo in ("suspensao", "cassacao") and reinc:
                what = "suspensão" if rule.tipo == "suspensao" else "cassação"
                notes.append(f"Regra da lei ({rule.citacao}, {what}): {rule.texto}")
            applied = reinc if rule.condicao == "reincidência" else (
                rule.tipo == "dobro" and bool(case.data.get("em_dobro")))
            if applied and rule.citacao not in {q.citacao for q in quotes}:
                quotes.append(_quote(norma, rule.dispositivo, str(settings.path), index))
    for section in (_deadlines_section(spec, case, issue, settings, norma),
                    _delivery_section(spec, case, settings, norma)):
        if section is not None:
            sections.append(section)
    sections.append(Section("Responsáveis", _rows(case, AGENTS)))
    for node_id in spec.fundamento:
        q = _quote(norma, node_id, str(settings.path), index)
        if q.citacao not in {x.citacao for x in quotes}:
            quotes.append(q)
    if case.data.get("flagrante") is False and spec.sem_flagrante is not None:
        node_id = spec.sem_flagrante.dispositivo
        inside = any(node_id == f or node_id.startswith(f + "_") for f in spec.fundamento)  # already quoted whole
        q = _quote(norma, node_id, str(settings.path), index)
        if not inside and q.citacao not in {x.citacao for x in quotes}:
            quotes.append(q)
    when = case.data.get("data_hora")
    opening = kind.abertura.format(
        data_hora_longa=f"{format_long(when.date().isoformat())}, às {when.hour:02d}h{when.minute:02d}" if when else "—",
        orgao=settings.orgao_emissor, auto=case.data.get("auto") or "—",
    )
    return FormDoc(
        kind=kind_key, titulo=kind.titulo, numero=numero, municipio=f"{settings.nome}-{settings.uf}",
        orgao=settings.orgao_emissor, setor=settings.setor, cabecalho=settings.cabecalho,
        endereco=settings.endereco, norma=act_title(norma), abertura=opening,
        secoes=[s for s in sections if s.linhas or s.paragrafos], fundamentos=quotes, avisos=notes,
        assinaturas=signatures(kind, case.data),
        local_data=f"{settings.nome}-{settings.uf}, {format_long(issue.isoformat())}.",
        ciencia=_ciencia(case.data) if kind.ciencia else None,
        canhoto=receipt_stub(kind.titulo, numero, case.data) if kind.canhoto else None,
    )


def signatures(kind, data: dict) -> list[Signature]:
    """The kind's signature lines, with the signer's name when the case gives it."""
    return [Signature(role, str(data[name]) if name and data.get(name) else None) for role, name in kind.assinaturas]


def _ciencia(data: dict) -> Ciencia:
    when = data.get("data_ciencia")
    text = None
    if isinstance(when, datetime):
        text = date_time_text(when)
    elif isinstance(when, date):
        text = f"{short_date(when)}, às {BLANK_TIME}"
    refused = data.get("recusa_assinatura")
    return Ciencia(text, refused, (data.get("testemunha_1"), data.get("testemunha_2")))


def receipt_stub(titulo: str, numero: str, data: dict) -> Stub:
    """'Comprovante de recebimento' of a notice, with blanks for the date, time and signature."""
    who = data.get("condutor_autorizado") or data.get("condutor")
    lines = [f"{titulo} nº {numero}" + (f" — Auto de Infração nº {data['auto']}" if data.get("auto") else "")]
    if who:
        lines.append(f"Notificado: {who}")
    lines.append(f"Recebi a via desta notificação em {BLANK_DATE}, às {BLANK_TIME}.")
    return Stub("Comprovante de recebimento (destaque e devolva ao órgão emissor)", lines,
                [Signature("Recebedor (nome legível e documento)"), Signature("Responsável pela entrega")])
