"""`lexconsolida forms`: issue notice forms (DOCX + HTML), print talões, and keep their register."""

from __future__ import annotations

import json
import re
import sys
from datetime import date
from pathlib import Path

from lexconsolida.errors import FormError, UsageError
from lexconsolida.forms.cases import load_cases
from lexconsolida.forms.infractions import extract
from lexconsolida.forms.issue import (
    Context, complete_elsewhere, issue_batch, issue_talao, owner_of, spec_for, void_lote,
)
from lexconsolida.forms.kinds import KINDS
from lexconsolida.forms.reconcile import verify
from lexconsolida.forms.register import Register, check_new_register
from lexconsolida.forms.report import numbers_csv, report_html, summary_csv
from lexconsolida.forms.settings import load_settings
from lexconsolida.forms.source import load_norma
from lexconsolida.io import atomic_write
from lexconsolida.commands.arguments import positive

DESCRIPTION = (
    "Emite o formulário TIPO para o caso em CASO.toml, ou um por linha de casos.csv (tudo ou "
    "nada), com a base legal citada da própria lei, a multa calculada, os prazos e os meios de "
    "entrega. 'forms talao --quantidade N' imprime um talão de autos em branco com números já "
    "reservados. Cada número é sequencial por município, tipo e ano no registro do órgão emissor "
    "(na pasta do município), e nunca é perdido nem reutilizado, mesmo se o programa for "
    "interrompido. Tipos: " + ", ".join(KINDS) + "."
)

DEFAULT_OUT = Path("output") / "formularios"
LEGACY_REGISTER = Path("output") / "registro.sqlite"
TALAO = "talao"


def add_arguments(parser) -> None:
    parser.add_argument("kind", metavar="TIPO", nargs="?", choices=[*KINDS, TALAO],
                        help="tipo de formulário, ou 'talao' para um talão de autos em branco")
    parser.add_argument("--data", metavar="CASO", help="caso (.toml) ou lote de casos (.csv)")
    parser.add_argument("-o", "--output", metavar="DIR", default=str(DEFAULT_OUT),
                        help=f"pasta de saída dos formulários (padrão: {DEFAULT_OUT})")
    parser.add_argument("--municipio", metavar="DIR", help="pasta do município no acervo (com municipio.toml)")
    parser.add_argument("--acervo", metavar="PASTA",
                        help="pasta do acervo de onde vem a lei (padrão: a que contém --municipio; "
                             "ou $LEXCONSOLIDA_STATUTES)")
    parser.add_argument("--norma", metavar="NORMA", help="lei a aplicar (padrão: a de [fiscalizacao] norma)")
    parser.add_argument("--registro", metavar="ARQ",
                        help="registro SQLite (padrão: o de [fiscalizacao] registro, na pasta do município)")
    parser.add_argument("--novo-registro", action="store_true",
                        help="cria o registro se ele não existir (a numeração começa em 1); sozinho, só cria")
    parser.add_argument("--reemitir", action="store_true",
                        help="emite de novo um caso já emitido (os mesmos fatos), com --motivo; o registro "
                             "guarda as duas emissões")
    parser.add_argument("--primeiro-numero", metavar="N", type=int, default=None,
                        help="com --novo-registro, depois da perda do registro: o próximo número (maior que "
                             "o dos formulários já emitidos em -o PASTA); exige --motivo")
    parser.add_argument("--quantidade", metavar="N", type=positive, help="talão: quantos autos em branco")
    parser.add_argument("--tipo", metavar="TIPO", default="auto-de-infracao", choices=list(KINDS),
                        help="talão: tipo de formulário (padrão: auto-de-infracao)")
    parser.add_argument("--listar", action="store_true", help="mostra o registro")
    parser.add_argument("--json", action="store_true", help="com --listar: saída em JSON")
    parser.add_argument("--verificar", action="store_true",
                        help="conclui emissões interrompidas e confere o registro com os arquivos no disco")
    parser.add_argument("--relatorio", metavar="DIR",
                        help="grava o relatório do registro (registro.html, registro.csv, registro-numeros.csv)")
    parser.add_argument("--cancelar", metavar="NÚMERO", help="cancela um formulário emitido (ex.: AI-2025/000001)")
    parser.add_argument("--inutilizar", metavar="NÚMERO",
                        help="inutiliza um número de talão não usado (folha perdida ou estragada)")
    parser.add_argument("--concluir-lote", metavar="LOTE", type=int,
                        help="grava em -o PASTA os arquivos de um lote pendente que não pôde ser gravado onde "
                             "devia (os mesmos arquivos, em outra pasta)")
    parser.add_argument("--inutilizar-lote", metavar="LOTE", type=int,
                        help="inutiliza, com --motivo, os números de um lote pendente que não pôde ser gravado")
    parser.add_argument("--motivo", metavar="TEXTO",
                        help="motivo do cancelamento ou da inutilização (ou, com --primeiro-numero, do recomeço)")


def _settings(args):

    return load_settings(args.municipio) if args.municipio else None


def _register(args, settings, owner=None):
    """The register: --registro, else the issuing body's one in the municipality's folder."""

    if args.registro:
        path = Path(args.registro)
    elif settings is not None:
        path = settings.registro
    else:
        raise UsageError("informe --municipio (o registro fica na pasta do município) ou --registro ARQ")
    if not path.exists() and LEGACY_REGISTER.is_file() and LEGACY_REGISTER.resolve() != path.resolve():
        raise FormError(f"registro não encontrado; há um registro da versão anterior em {LEGACY_REGISTER}: mova-o "
                        f"para {path} (ele é atualizado ao abrir) ou indique-o com --registro; não crie um novo, "
                        "ou os números recomeçariam em 1", path=path)
    first, reason = getattr(args, "primeiro_numero", None), args.motivo
    start = check_new_register(path, create=args.novo_registro, first=first, reason=reason,
                               issued=issued_numbers(Path(args.output)), what=f"formulários emitidos em {args.output}",
                               error=FormError, default_series=[str(date.today().year)])
    reg = Register(path, create=args.novo_registro, owner=owner)
    if start is not None:
        try:
            reg.start_at(first, reason.strip(), start)
        except BaseException:
            reg.__exit__(RuntimeError, None, None)  # nothing recorded: the new file goes away
            raise
    return reg


_ISSUED = re.compile(r"[A-Z]{1,10}-(\d{4})-(\d{6})\.(?:docx|html)")


def issued_numbers(folder: Path) -> dict[str, int]:
    """The highest form number on disk per year in ``folder`` ('AI-2025-000014.docx'): what a
    register that went missing had issued."""
    out: dict[str, int] = {}
    if not folder.is_dir():
        return out
    for path in folder.iterdir():
        m = _ISSUED.fullmatch(path.name)
        if m:
            out[m[1]] = max(out.get(m[1], 0), int(m[2]))
    return out


def _municipio_name(settings) -> str | None:
    return f"{settings.nome}-{settings.uf}" if settings is not None else None


def _note(lines: list[str]) -> None:
    for line in lines:
        print(f"aviso: {line}", file=sys.stderr)


def _list(args, settings) -> int:
    with _register(args, settings) as reg:
        entries = reg.entries(_municipio_name(settings))
        info = reg.info()
    if "primeiro_numero" in info and not args.json:
        print(f"registro recomeçado em {info.get('iniciado_em', '')} a partir do nº {info['primeiro_numero']} "
              f"({info.get('anos_inicio', '')}): {info.get('motivo_inicio', '')}")
    if args.json:
        rows = [{"municipio": e.municipio, "numero": e.numero, "tipo": e.tipo, "situacao": e.situacao,
                 "pendente": e.pendente, "lote": e.lote, "modo": e.modo, "reservado_em": e.reservado_em, "emitido_em": e.emitido_em,
                 "data_formulario": e.data_formulario, "origem": e.origem, "arquivos": e.arquivos,
                 "cancelado_em": e.cancelado_em, "motivo_cancelamento": e.motivo_cancelamento,
                 "inutilizado_em": e.inutilizado_em, "motivo_inutilizacao": e.motivo_inutilizacao,
                 "dados": e.dados} for e in entries]
        sys.stdout.write(json.dumps(rows, ensure_ascii=False, indent=2) + "\n")
        return 0
    if not entries:
        print("registro vazio")
        return 0
    for e in entries:
        status = e.estado
        if e.situacao == "cancelado":
            status = f"CANCELADO em {e.cancelado_em}: {e.motivo_cancelamento}"
        elif e.situacao == "inutilizado":
            status = f"INUTILIZADO em {e.inutilizado_em}: {e.motivo_inutilizacao}"
        print(f"{e.municipio}\t{e.numero}\t{e.tipo}\t{e.data_formulario or e.reservado_em}\t{status}\t{e.origem}")
    print(f"{len(entries)} número(s)")
    return 0


def _cancel_or_void(args, settings) -> int:
    what = "cancelamento" if args.cancelar else "inutilização"
    if not args.motivo:
        raise UsageError(f"--{'cancelar' if args.cancelar else 'inutilizar'} exige --motivo \"…\" (motivo do {what})")
    with _register(args, settings) as reg:
        if args.cancelar:
            entry = reg.cancel(args.cancelar, args.motivo, _municipio_name(settings))
            print(f"{entry.numero} cancelado em {entry.cancelado_em}: {entry.motivo_cancelamento}")
        else:
            entry = reg.void(args.inutilizar, args.motivo, _municipio_name(settings))
            print(f"{entry.numero} inutilizado em {entry.inutilizado_em}: {entry.motivo_inutilizacao}")
    return 0


def _verify(args, settings) -> int:

    with _register(args, settings) as reg:
        done, differences = verify(reg)
    for line in done:
        print(line)
    for diff in differences:
        print(f"diferença: {diff}")
    if differences:
        print(f"{len(differences)} diferença(s) entre o registro e os arquivos")
        return 1
    print("registro e arquivos conferem" + (f" ({len(done)} emissão(ões) interrompida(s) resolvida(s))" if done else ""))
    return 0


def _report(args, settings) -> int:

    with _register(args, settings) as reg:
        entries, info = reg.entries(_municipio_name(settings)), reg.info()
    out = Path(args.relatorio)
    for name, data in (("registro.html", report_html(entries, info)), ("registro.csv", summary_csv(entries)),
                       ("registro-numeros.csv", numbers_csv(entries))):
        atomic_write(out / name, data)
        print(f"gravado: {out / name}", file=sys.stderr)
    return 0


def _context(args, settings):
    """The law of the forms: --norma, else [fiscalizacao] norma in the municipality's acervo
    (--acervo, else the folder that holds the municipality's)."""
    if args.norma:
        norma = load_norma(args.norma, acervo=args.acervo)
    else:
        norma = load_norma(settings.norma_path, acervo=args.acervo or settings.folder.resolve().parent)
    return Context(settings, norma, extract(norma))


def _issue(args, settings) -> int:

    if not args.kind or not args.data:
        raise UsageError("informe TIPO e --data CASO.toml|casos.csv (ou use talao, --listar, --verificar, "
                         "--relatorio, --cancelar, --inutilizar)")
    if settings is None:
        raise UsageError("informe --municipio (a pasta do município no acervo, com municipio.toml)")
    if args.reemitir and not (args.motivo or "").strip():
        raise UsageError('--reemitir exige --motivo "…" (por que os mesmos fatos são emitidos de novo)')
    spec_for(args.kind, settings)
    cases = load_cases(args.data)
    ctx = _context(args, settings)
    notes: list[str] = []
    with _register(args, settings, ctx.owner) as reg:
        issued = issue_batch(args.kind, cases, ctx, args.output, reg, notes=notes,
                             reissue=args.motivo if args.reemitir else None)
    _note(notes)
    for item in issued:
        print(f"{item.numero}\t" + "\t".join(str(p) for p in item.arquivos))
    print(f"{len(issued)} formulário(s) emitido(s) em {args.output}")
    return 0


def _talao(args, settings) -> int:

    if settings is None:
        raise UsageError("informe --municipio (a pasta do município no acervo, com municipio.toml)")
    if args.quantidade is None:
        raise UsageError("informe --quantidade N (quantos autos em branco no talão)")
    ctx = _context(args, settings)
    notes: list[str] = []
    with _register(args, settings, ctx.owner) as reg:
        talao = issue_talao(args.tipo, args.quantidade, ctx, args.output, reg, notes=notes)
    _note(notes)
    if not talao.numeros:
        raise FormError("o talão não foi gravado (veja os avisos); seus números foram inutilizados com o motivo")
    for path in talao.arquivos:
        print(path)
    print(f"talão com {len(talao.numeros)} número(s) reservado(s): {talao.numeros[0]} a {talao.numeros[-1]}")
    return 0


def _lote(args, settings) -> int:
    with _register(args, settings) as reg:
        if args.concluir_lote is not None:
            for line in complete_elsewhere(reg, args.concluir_lote, args.output):
                print(line)
            return 0
        if not args.motivo:
            raise UsageError("--inutilizar-lote exige --motivo \"…\" (motivo da inutilização)")
        for numero in void_lote(reg, args.inutilizar_lote, args.motivo):
            print(f"{numero} inutilizado: {args.motivo.strip()}")
    return 0


def _create(args, settings) -> int:
    """``forms --novo-registro --municipio M`` alone: the register is created (numbering from 1)."""
    path = Path(args.registro) if args.registro else (settings.registro if settings is not None else None)
    existed = path is not None and path.exists()
    with _register(args, settings, owner_of(settings) if settings is not None else None) as reg:
        print(f"{'o registro já existia' if existed else 'registro criado'}: {reg.path}")
    return 0


def run(args) -> int:
    settings = _settings(args)
    if args.concluir_lote is not None or args.inutilizar_lote is not None:
        return _lote(args, settings)
    if args.novo_registro and not (args.kind or args.listar or args.verificar or args.relatorio or args.cancelar
                                   or args.inutilizar):
        return _create(args, settings)
    if args.listar:
        return _list(args, settings)
    if args.verificar:
        return _verify(args, settings)
    if args.relatorio:
        return _report(args, settings)
    if args.cancelar or args.inutilizar:
        return _cancel_or_void(args, settings)
    if args.kind == TALAO:
        return _talao(args, settings)
    return _issue(args, settings)
