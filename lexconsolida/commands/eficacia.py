"""`lexconsolida eficacia ATO`: an act's efficacy events — list, record, remove, check."""

from __future__ import annotations

import argparse
import getpass
import json
import sys
from datetime import date
from pathlib import Path

from lexconsolida import api
from lexconsolida.corpus import ledger
from lexconsolida.corpus.ledger import Actor
from lexconsolida.corpus.locate import require_text
from lexconsolida.corpus.records import with_id
from lexconsolida.errors import InputError, UsageError
from lexconsolida.history import efficacy_issues, history
from lexconsolida.model.clauses import effects_date, read_vigencia
from lexconsolida.model.efficacy import KIND_TITLES, KINDS, Mark, resolve
from lexconsolida.model.efficacy_events import Decision, Efficacy, check_date
from lexconsolida.model.ids import citation_parts
from lexconsolida.review.identity import cli_actor, rule_for
from lexconsolida.transforms.pointintime import at
from lexconsolida.commands.arguments import iso_date

DESCRIPTION = (
    "Decisões judiciais e outros eventos de eficácia de um ATO do acervo (URN ou pasta): suspensão "
    "por liminar (com ou sem prazo), suspensão revogada, declaração de inconstitucionalidade (com "
    "modulação: --inicio), execução suspensa por resolução, ato tornado sem efeito, produção de "
    "efeitos diferida ou retroativa, interpretação conforme. Sem opções, lista os eventos e o que "
    "cada um faz na data (--em). Com --registrar TIPO grava um evento no decisoes.toml do ato, "
    "depois de conferi-lo contra o texto (o dispositivo existe na data; datas em ordem); --remover "
    "ID apaga um; --validar confere todos (sai com 1 se houver erro). Veja docs/eficacia.md."
)


def add_arguments(parser) -> None:
    parser.add_argument("ato", metavar="ATO", help="URN ou pasta de um ato do acervo")
    parser.add_argument("--acervo", metavar="PASTA", help="pasta do acervo (padrão: statutes/)")
    parser.add_argument("--em", metavar="AAAA-MM-DD", type=iso_date, default=None,
                        help="com a lista: a situação nesta data (padrão: hoje)")
    parser.add_argument("--json", action="store_true", help="a lista em JSON")
    parser.add_argument("--validar", action="store_true", help="confere os eventos registrados e sai")
    parser.add_argument("--remover", metavar="ID", default=None,
                        help="retira o evento ID (com --nota; pela regra de duas pessoas, fica como proposta)")
    parser.add_argument("--aprovar", metavar="N", type=int, default=None,
                        help="aprova a proposta nº N do registro do ato (outra pessoa a fez)")
    parser.add_argument("--descartar", metavar="N", type=int, default=None,
                        help="descarta a proposta nº N do registro do ato (com --nota)")
    parser.add_argument("--registrar", metavar="TIPO", choices=list(KINDS), default=None,
                        help="grava um evento: " + "; ".join(f"{k} ({v})" for k, v in KINDS.items()))
    g = parser.add_argument_group("o evento (com --registrar)")
    g.add_argument("--dispositivos", metavar="IDS", default="",
                   help="ids LexML separados por vírgula (art4_cpt_inc3,art5); sem eles, o ato inteiro")
    g.add_argument("--decisao", metavar="TIPO", default=None,
                   help="tipo da decisão ou do ato: ADI, ADPF, ADC, RE, MS, Resolução, Decreto, Republicação …")
    g.add_argument("--numero", metavar="NÚMERO", default=None, help="número do processo ou do ato")
    g.add_argument("--orgao", metavar="ÓRGÃO", default=None, help="quem decidiu: STF, TJBA, Senado Federal …")
    g.add_argument("--data-decisao", metavar="AAAA-MM-DD", type=iso_date, default=None,
                   help="data da decisão (sem ela, a data não é conhecida e o evento vale a partir do registro)")
    g.add_argument("--relator", metavar="NOME", default=None)
    g.add_argument("--link", metavar="URL", default=None, help="endereço da decisão (https://…)")
    g.add_argument("--urn", metavar="URN", default=None, help="URN LexML da decisão, quando conhecida")
    g.add_argument("--inicio", metavar="AAAA-MM-DD", type=iso_date, default=None,
                   help="a partir de quando vale (modulação dos efeitos; efeitos diferidos ou retroativos; "
                        "liminar com efeito retroativo)")
    g.add_argument("--fim", metavar="AAAA-MM-DD", type=iso_date, default=None, help="suspensao: até quando a liminar vale")
    g.add_argument("--fonte", metavar="ID", default=None,
                   help="efeitos: o artigo do próprio ato que os fixa (art10); sem --inicio, a data é lida dele")
    g.add_argument("--nota", metavar="TEXTO", default=None,
                   help="observação (na interpretação conforme: a leitura que o tribunal fixou)")
    g.add_argument("--responsavel", metavar="NOME", default=None, help=argparse.SUPPRESS)  # gone: explained when used
    g.add_argument("--substituir", metavar="ID", default=None, help="troca o evento ID por este")
    g.add_argument("--justificativa", metavar="TEXTO", default=None,
                   help="por que o evento é registrado (fica no registro, com quem e quando)")
    i = parser.add_argument_group("quem registra (como em lexconsolida decisoes)")
    i.add_argument("--usuarios", metavar="ARQUIVO", default=None,
                   help="o arquivo de usuários da mesa (a senha é pedida, ou lida da entrada padrão)")
    i.add_argument("--usuario", metavar="LOGIN", default=None,
                   help="com --usuarios: o seu login; sem ele, o login do sistema, declarado em [logins] do revisao.toml")


def run(args) -> int:
    found = api.locate(args.ato, args.acervo)
    if found.act is None or found.corpus is None:
        raise UsageError("ATO deve ser um ato do acervo (URN ou pasta com norma.toml): os eventos de eficácia "
                         "ficam no registro de decisões do ato")
    act, corpus = found.act, found.corpus
    if args.responsavel is not None:
        raise UsageError("--responsavel não existe mais: quem registra é identificado como na mesa de revisão, por "
                         "--usuarios ARQUIVO (com a senha) ou pelo login do sistema declarado em [logins] do revisao.toml "
                         "do municipio.toml (docs/revisao.md)")
    if args.remover or args.aprovar or args.descartar:
        if (args.remover or args.descartar) and not _text(args.nota):
            raise UsageError("escreva com --nota por que o evento é retirado (ou a proposta descartada)")
        actor = _actor(args, found)
        try:
            if args.remover:
                entry = ledger.remove_eficacia(act.folder, args.remover, actor, _text(args.nota) or "",
                                               rule=rule_for(corpus.root, act.municipio))
                print(f"retirada de {args.remover}: entrada nº {entry.n}" + _state(entry))
            elif args.aprovar:
                entry = ledger.approve(act.folder, args.aprovar, actor, expected=None)
                print(f"aprovada: proposta nº {args.aprovar} (entrada nº {entry.n}, por {actor.shown})")
            else:
                entry = ledger.discard(act.folder, args.descartar, actor, _text(args.nota) or "", expected=None)
                print(f"descartada: proposta nº {args.descartar} (entrada nº {entry.n})")
        except ledger.Refused as err:
            raise UsageError(err.message) from None
        return 0
    if args.registrar:
        return _record(args, found)
    if args.validar:
        issues = efficacy_issues(corpus, act)
        for i in issues:
            print(f"{'aviso' if i.codigo == 'eficacia-aviso' else 'erro'}: {i.describe()}")
        errors = [i for i in issues if i.codigo != "eficacia-aviso"]
        print(f"{len(act.eficacia)} evento(s); {len(errors)} erro(s), {len(issues) - len(errors)} aviso(s)",
              file=sys.stderr)
        return 1 if errors else 0
    return _list(args, found)


def _scope(ev: Efficacy) -> str:
    if not ev.units:
        return "o ato inteiro"
    out = []
    for uid in ev.units:
        try:
            out.append(", ".join(citation_parts(uid)) or uid)
        except (ValueError, KeyError, AssertionError):
            out.append(uid)
    return "; ".join(out)


def _list(args, found) -> int:
    when = check_date(args.em) or api.today()
    full = found.norma
    if found.act.texto is not None:
        require_text(found)
        full = history(found.corpus, found.act.urn, tolerant=True).norma
    try:
        norma = at(full, when)
    except InputError:  # before the act was in force: every event is still to come
        norma = full
        norma.as_of = when
    resolved = resolve(norma)
    marks: dict[Efficacy, Mark] = {}
    for m in resolved.act_marks + [m for u in resolved.units.values() for m in u.marks]:
        marks.setdefault(m.event, m)
    events = sorted(full.eficacia, key=lambda e: (e.known or e.recorded or "", e.id or ""))
    rows = []
    for ev in events:
        found_mark = marks.get(ev)
        rows.append({"id": ev.id, "tipo": ev.kind, "decisao": ev.decision.named if ev.decision else None,
                     "alcance": _scope(ev), "via": ev.via_label, "inicio": ev.start, "fim": ev.end,
                     "nota_na_data": found_mark.note if found_mark else None,
                     "situacao_na_data": found_mark.state if found_mark else None,
                     "conta_na_data": ev in resolved.events})
    if args.json:
        sys.stdout.write(json.dumps({"ato": found.act.label, "data": when, "eventos": rows},
                                    ensure_ascii=False, indent=1) + "\n")
        return 0
    print(f"{found.act.label} — eventos de eficácia em {when}")
    for r, ev in zip(rows, events):
        via = f" (redação dada por {r['via']})" if r["via"] else ""
        print(f"{r['id']}\n    {KIND_TITLES.get(ev.kind, ev.kind)}: {r['decisao'] or ev.source or ''} — "
              f"{r['alcance']}{via}")
        if r["nota_na_data"]:
            print(f"    nesta data: ({r['nota_na_data']})")
        elif not r["conta_na_data"]:
            print("    nesta data: ainda não decidido")
    print(f"{len(rows)} evento(s)", file=sys.stderr)
    return 0


def _record(args, found) -> int:
    act, corpus = found.act, found.corpus
    units = tuple(u.strip() for u in args.dispositivos.split(",") if u.strip())
    decision = None
    if args.decisao or args.numero or args.orgao or args.data_decisao:
        if not args.decisao:
            raise UsageError("indique o tipo da decisão com --decisao (ADI, ADPF, RE, Resolução …)")
        decision = Decision(args.decisao.strip(), _text(args.numero), _text(args.orgao), _date(args.data_decisao),
                            _text(args.relator), _text(args.link), _text(args.urn))
    if decision is not None and decision.link and not decision.link.startswith(("https://", "http://")):
        raise UsageError("--link deve ser um endereço http:// ou https://")
    start = _date(args.inicio)
    if args.registrar == "efeitos" and start is None and args.fonte:
        start = _clause_date(found, args.fonte)
    actor = _actor(args, found)
    ev = Efficacy(args.registrar, decision, units, start, _date(args.fim), _text(args.nota), _text(args.fonte),
                  recorded=date.today().isoformat(), responsavel=actor.login)
    ev = with_id(ev)
    existing = [e for e in act.eficacia if e.id != args.substituir]
    issues = [i for i in efficacy_issues(corpus, act, existing + [ev])
              if f"evento de eficácia {ev.id}:" in i.mensagem and i.codigo != "eficacia-aviso"]
    if issues:
        raise InputError("; ".join(i.mensagem for i in issues), path=act.folder / ledger.LEDGER)
    entry = ledger.record_eficacia(act.folder, ev, actor, rule=rule_for(corpus.root, act.municipio),
                                   replace_id=args.substituir, nota=_text(args.justificativa))
    print(f"registrado: {ev.id} — {KIND_TITLES[ev.kind]}"
          + (f" {ev.decision.on()}" if ev.decision else "") + f" ({_scope(ev)}); entrada nº {entry.n}" + _state(entry))
    print(f"registro: {act.folder / ledger.LEDGER}", file=sys.stderr)
    return 0


def _actor(args, found) -> Actor:
    return cli_actor(found.corpus.root, found.act.municipio, users_file=Path(args.usuarios) if args.usuarios else None,
                     usuario=args.usuario, password=_password)


def _password(login: str) -> str:
    if sys.stdin.isatty():
        return getpass.getpass(f"senha de {login}: ")
    return sys.stdin.readline().rstrip("\n")


def _state(entry) -> str:
    return (" — proposta: vale quando outra pessoa a aprovar (lexconsolida eficacia ATO --aprovar "
            f"{entry.n})") if entry.estado == "proposta" else ""


def _clause_date(found, source: str) -> str:
    norma = found.norma
    unit = norma.find(source)
    text = getattr(unit, "head_text", "") if unit is not None else ""
    clause = read_vigencia(text, int(norma.data[:4]) if norma.data else None) if text else None
    when = effects_date(clause, norma.publicacao, norma.data) if clause is not None else None
    if when is None:
        raise UsageError(f"o {source} não diz a partir de quando o ato produz efeitos com uma data: informe --inicio")
    return when


def _text(value: str | None) -> str | None:
    return " ".join(value.split()) if value and value.strip() else None


def _date(value: str | None) -> str | None:
    try:
        return check_date(value)
    except ValueError as err:
        raise UsageError(str(err)) from None
