# lexconsolida — the README's two commands: `make demo` and `make test`.
#
# The package is installed (editable) into .venv once, and again only when pyproject.toml
# changes: a stamp file in .venv records each install. setuptools' notice about editable
# installs is its own, not ours, and is silenced.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := PYTHONWARNINGS=ignore $(BIN)/pip install -q --disable-pip-version-check
STAMP      := $(VENV)/.instalado
STAMP_TEST := $(VENV)/.instalado-teste

.PHONY: demo test install install-test bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(PIP) -e .
	@touch $@

$(STAMP_TEST): pyproject.toml | $(BIN)/python
	$(PIP) -e '.[test]'
	@touch $@ $(STAMP)

install: $(STAMP)

install-test: $(STAMP_TEST)

demo: $(STAMP)
	$(BIN)/lexconsolida build

test: $(STAMP_TEST)
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	for b in bench/*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

# Never deletes a forms register (statutes/*/registros/ and any *.sqlite left in output/ by older versions).
clean:
	rm -rf $(VENV) build *.egg-info
	find output -mindepth 1 -maxdepth 1 ! -name README.md ! -name '*.sqlite' ! -name '*.sqlite-*' -exec rm -rf {} +
