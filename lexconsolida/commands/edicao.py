"""`lexconsolida edicao`: a numbered, signed edition of the municipality's official gazette."""

from __future__ import annotations

import getpass
import json
import os
import re
import sys
from datetime import date
from pathlib import Path

from lexconsolida import api
from lexconsolida.diario.edition import KINDS
from lexconsolida.diario.publish import complete_pending, preview, publish, serie_of
from lexconsolida.diario.register import EditionRegister
from lexconsolida.forms.register import check_new_register
from lexconsolida.diario.settings import load
from lexconsolida.diario.sign import load_certificate
from lexconsolida.errors import InputError, UsageError
from lexconsolida.io import atomic_write, read_bytes
from lexconsolida.commands.arguments import iso_date

PASSWORD_ENV = "LEXCONSOLIDA_SENHA_CERTIFICADO"

DESCRIPTION = (
    "Monta uma edição do diário oficial do município com os ATOS indicados (pastas ou URNs do "
    "acervo), nas seções e na ordem do [diario] do municipio.toml; toma o número do registro "
    "das edições (nunca repetido nem pulado, mesmo se o programa for interrompido); grava o PDF/A "
    "com o LexML de cada ato anexado, assinado com o certificado ICP-Brasil A1 (.pfx/.p12) "
    "indicado, com carimbo do tempo quando --tsa é dada. --previa gera o PDF para conferência, "
    "sem número e sem assinatura. Veja docs/diario-oficial.md."
)


def add_arguments(parser) -> None:
    parser.add_argument("atos", metavar="ATO", nargs="*", help="ato do acervo (pasta ou URN)")
    parser.add_argument("--extrato", metavar="ARQ.txt", action="append", default=[],
                        help="extrato (de contrato, aviso…) em texto: 1ª linha o título; repita para vários")
    parser.add_argument("--municipio", metavar="PASTA", required=True,
                        help="pasta do município no acervo (com municipio.toml e [diario])")
    parser.add_argument("--acervo", metavar="PASTA", help="pasta do acervo (padrão: statutes/)")
    parser.add_argument("--data", metavar="AAAA-MM-DD", type=iso_date, help="data da edição (padrão: hoje)")
    parser.add_argument("--extra", action="store_true", help="edição extraordinária (padrão: ordinária)")
    parser.add_argument("--certificado", metavar="ARQ.p12", help="certificado A1 (PKCS#12: .pfx ou .p12)")
    parser.add_argument("--senha-arquivo", metavar="ARQ",
                        help=f"arquivo com a senha do certificado (ou a variável {PASSWORD_ENV}; "
                             "num terminal, a senha é perguntada)")
    parser.add_argument("--tsa", metavar="URL", help="servidor de carimbo do tempo (RFC 3161)")
    parser.add_argument("--previa", action="store_true",
                        help="só a prévia para conferência: sem número, sem assinatura")
    parser.add_argument("-o", "--output", metavar="ARQ.pdf", help="com --previa: onde gravar o PDF")
    parser.add_argument("--republicar", action="store_true",
                        help="publica de novo atos que já saíram numa edição (republicação)")
    parser.add_argument("--novo-registro", action="store_true",
                        help="cria o registro das edições se ele não existir (numeração a partir de 1)")
    parser.add_argument("--primeiro-numero", metavar="N", type=int, default=None,
                        help="com --novo-registro, depois da perda do registro: o número da próxima "
                             "edição (maior que o das publicadas); exige --motivo")
    parser.add_argument("--motivo", metavar="TEXTO", default=None,
                        help="com --primeiro-numero: por que a numeração recomeça (fica no registro)")
    parser.add_argument("--listar", action="store_true", help="lista as edições do registro")
    parser.add_argument("--json", action="store_true", help="com --listar: em JSON")


def _date(text: str | None) -> str:
    if text is None:
        return api.today()
    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:
        raise UsageError(f"data inválida: {text!r} (use AAAA-MM-DD)") from None


def _password(args) -> bytes | None:
    if args.senha_arquivo:
        return read_bytes(args.senha_arquivo).decode("utf-8").rstrip("\r\n").encode("utf-8")
    if os.environ.get(PASSWORD_ENV) is not None:
        return os.environ[PASSWORD_ENV].encode("utf-8")
    if sys.stdin.isatty():
        return getpass.getpass("Senha do certificado: ").encode("utf-8")
    return None


def run(args) -> int:
    settings = load(args.municipio)
    if args.listar:
        return _list(settings, args.json)
    if not args.atos and not args.extrato:
        raise UsageError("indique os atos da edição (pastas ou URNs do acervo) ou --extrato")
    corpus = api.corpus(args.acervo)
    if corpus is None:
        raise InputError("acervo não encontrado (indique --acervo)", path=args.acervo or "statutes")
    data = _date(args.data)
    tipo = "extra" if args.extra else "ordinaria"
    if args.previa:
        pdf, edition = preview(settings, corpus, args.atos, data, tipo, args.extrato)
        out = Path(args.output or Path("output") / "diario" / f"{edition.stem}.pdf")
        atomic_write(out, pdf)
        print(f"prévia: {out} ({len(edition.acts)} atos; sem número e sem assinatura — só para conferência)")
        return 0
    if args.output:
        raise UsageError("-o só vale com --previa: a edição numerada é gravada na pasta do diário "
                         f"({settings.pasta})")
    if not args.certificado:
        raise UsageError("indique o certificado para assinar a edição (--certificado ARQ.p12), ou use --previa")
    credential = load_certificate(args.certificado, _password(args))
    notes: list[str] = []
    start = check_new_register(settings.registro, create=args.novo_registro, first=args.primeiro_numero,
                               reason=args.motivo, issued=published_numbers(settings),
                               what=f"edições publicadas em {settings.pasta}", error=InputError,
                               default_series=[serie_of(settings, data)])
    with EditionRegister(settings.registro, settings.slug, create=args.novo_registro) as register:
        if start is not None:
            register.start_at(args.primeiro_numero, args.motivo.strip(), start)
        try:
            done = publish(settings, corpus, args.atos, data=data, tipo=tipo, credential=credential,
                           register=register, tsa_url=args.tsa, republish=args.republicar, notes=notes,
                           extracts=args.extrato)
        finally:  # an edition an interrupted run left is completed even when this one is refused
            for note in notes:
                print(f"aviso: {note}", file=sys.stderr)
    print(f"edição {done.rotulo} ({KINDS[tipo].lower()}, {data}): {done.pdf} — {done.paginas} página(s), "
          f"código de verificação {done.codigo}, assinada por {credential.nome}")
    print(f"  SHA-256 {done.sha256}")
    print(f"  descrição: {done.descricao}")
    return 0


_EDITION_FILE = re.compile(r"edicao-(\d{4})-(\d+)\.(?:pdf|json)")


def published_numbers(settings) -> dict[str, int]:
    """The highest edition number on disk per series (the gazette's folder): what a register
    that went missing had issued."""
    out: dict[str, int] = {}
    folder = Path(settings.pasta)
    if not folder.is_dir():
        return out
    for path in folder.iterdir():
        m = _EDITION_FILE.fullmatch(path.name)
        if m:
            serie = serie_of(settings, f"{m[1]}-01-01")
            out[serie] = max(out.get(serie, 0), int(m[2]))
    return out


def _list(settings, as_json: bool) -> int:
    check_new_register(settings.registro, create=False, first=None, reason=None,
                       issued=published_numbers(settings), what=f"edições publicadas em {settings.pasta}",
                       error=InputError, default_series=[])
    with EditionRegister(settings.registro, settings.slug) as register:
        notes = complete_pending(register)
        entries = register.entries()
        counters = register.counters()
        info = register.info()
    inicio = ({"primeiro_numero": int(info["primeiro_numero"]), "motivo": info.get("motivo_inicio", ""),
               "em": info.get("iniciado_em", "")} if "primeiro_numero" in info else None)
    for note in notes:
        print(f"aviso: {note}", file=sys.stderr)
    if as_json:
        out = {"municipio": settings.slug, "numeracao": settings.numeracao,
               "contadores": dict(counters), "inicio": inicio,
               "edicoes": [{"serie": e.serie, "numero": e.numero, "tipo": e.tipo, "data": e.data,
                            "codigo": e.codigo, "situacao": e.estado, "atos": e.atos,
                            "arquivos": e.arquivos, "motivo_inutilizacao": e.motivo_inutilizacao}
                           for e in entries]}
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    print(f"{settings.titulo} — registro {settings.registro}")
    if inicio is not None:
        print(f"  registro recomeçado em {inicio['em']} a partir do nº {inicio['primeiro_numero']}: "
              f"{inicio['motivo']}")
    for e in entries:
        extra = f" — {e.motivo_inutilizacao}" if e.motivo_inutilizacao else ""
        print(f"  nº {e.numero}{'/' + e.serie if e.serie != 'continua' else ''}  {e.data}  "
              f"{KINDS[e.tipo].lower():22}  {e.estado:12}  {e.codigo}  {len(e.atos)} ato(s){extra}")
    if not entries:
        print("  (nenhuma edição)")
    serie = serie_of(settings, api.today())
    last = dict(counters).get(serie, 0)
    print(f"  próxima edição: nº {last + 1}")
    return 0
