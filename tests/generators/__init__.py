"""Generators of test material whose expected result is known by construction (issue 34, item 5).

- :mod:`tests.generators.instrucoes`: hypothesis strategies for small municipal laws and the
  amending acts that change them (every instruction family of LC 95/1998, art. 12), each
  sentence with its expected effect on the law.
- :mod:`tests.generators.oraculo`: runs a generated case through recognition and the one gated
  path of application, and judges each sentence (certa, retida, errada, perdida, pergunta
  desnecessária); the known failures of today's recognition (``falhas_conhecidas.toml``).
"""
