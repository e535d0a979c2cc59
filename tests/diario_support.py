"""A small acervo for the gazette tests: the fictional municipality of the project (copied, so the
register and the editions live in the test's folder) plus a portaria written here, a test CA
and the CLI run as a user runs it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from lexconsolida.forms.register import FAULT_ENV
from tests.diario_ca import PASSWORD, make_ca

ROOT = Path(__file__).resolve().parents[1]
EXEMPLO = ROOT / "statutes" / "xx-municipio-de-exemplo"
SLUG = "xx-municipio-de-exemplo"

PORTARIA_TOML = """# Ato FICTÍCIO, escrito para os testes do diário oficial.
tipo = "Portaria"
numero = "7"
data = "2026-11-30"
urn = "urn:lex:br;estado.ficticio;exemplo:municipal:portaria:2026-11-30;7"
ementa = "Designa servidor para a fiscalização do serviço de táxi."
orgao = "prefeitura"
"""
PORTARIA_TXT = """PORTARIA Nº 7, DE 30 DE NOVEMBRO DE 2026

Designa servidor para a fiscalização do serviço de táxi.

O PREFEITO DO MUNICÍPIO DE EXEMPLO, no uso de suas atribuições legais, RESOLVE:

Art. 1º Fica designado o servidor JOÃO DE TESTE, matrícula 0001, para exercer a função de Agente Fiscal do Departamento Municipal de Trânsito.

Art. 2º Esta Portaria entra em vigor na data de sua publicação.

Município de Exemplo, 30 de novembro de 2026.

FULANO DE TAL
Prefeito Municipal
"""
EXTRATO_TXT = """EXTRATO DO CONTRATO Nº 3/2026

Contratante: Município de Exemplo. Contratada: Empresa Fictícia de Taxímetros Ltda. Objeto: aferição dos taxímetros da frota municipal. Valor: R$ 1.000,00 (mil reais). Vigência: doze meses.

Município de Exemplo, 28 de novembro de 2026. FULANO DE TAL, Prefeito Municipal.
"""


def make_acervo(base: Path) -> Path:
    """``base/statutes`` with the fictional municipality and a portaria; returns the acervo."""
    acervo = base / "statutes"
    mun = acervo / SLUG
    shutil.copytree(EXEMPLO, mun, ignore=shutil.ignore_patterns("registros", "diario-oficial"))
    (mun / "portaria-7-2026").mkdir()
    (mun / "portaria-7-2026" / "norma.toml").write_text(PORTARIA_TOML, encoding="utf-8")
    (mun / "portaria-7-2026" / "texto.txt").write_text(PORTARIA_TXT, encoding="utf-8")
    (base / "extrato.txt").write_text(EXTRATO_TXT, encoding="utf-8")
    return acervo


class Keys:
    """The test CA and the holder's PKCS#12 (made now, never committed)."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.ca = make_ca()
        self.p12 = self.ca.holder(folder)
        self.root = self.ca.root_pem(folder)
        self.password_file = folder / "senha.txt"
        self.password_file.write_bytes(PASSWORD + b"\n")


def cli(*args, cwd: Path = ROOT, kill_at: str | None = None, env_extra: dict | None = None):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop(FAULT_ENV, None)
    env.pop("LEXCONSOLIDA_SENHA_CERTIFICADO", None)
    env.update(env_extra or {})
    if kill_at:
        env[FAULT_ENV] = kill_at
    return subprocess.run([sys.executable, "-m", "lexconsolida", *map(str, args)], cwd=cwd, capture_output=True,
                          timeout=300, env=env, stdin=subprocess.DEVNULL)
