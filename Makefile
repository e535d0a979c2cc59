# lexconsolida — the README's two commands: `make demo` and `make test`.
#
# The package is installed (editable) into .venv once, and again only when pyproject.toml or
# the lock changes: a stamp file in .venv records each install. setuptools' notice about
# editable installs is its own, not ours, and is silenced.
#
# Every version installed is the one tested: requirements/constraints.txt locks the whole
# dependency tree (runtime and test extras, every platform), and pip itself is pinned below. A
# new upstream release never reaches a fresh machine by accident; `make lock` refreshes the lock
# on purpose (newest versions the ranges of pyproject.toml allow), then run `make test` and
# commit the lock with what changed. `.ci/newest` tries the newest versions without the lock.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
LOCK   := requirements/constraints.txt
PIP_VERSION := 26.3
UV_VERSION  := 0.13.9
PIP    := PYTHONWARNINGS=ignore $(BIN)/pip install -q --disable-pip-version-check
STAMP      := $(VENV)/.instalado
STAMP_TEST := $(VENV)/.instalado-teste

.PHONY: demo test install install-test bench clean lock

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) pip==$(PIP_VERSION)

$(STAMP): pyproject.toml $(LOCK) | $(BIN)/python
	$(PIP) -c $(LOCK) -e .
	@touch $@

$(STAMP_TEST): pyproject.toml $(LOCK) | $(BIN)/python
	$(PIP) -c $(LOCK) -e '.[test]'
	@touch $@ $(STAMP)

install: $(STAMP)

install-test: $(STAMP_TEST)

demo: $(STAMP)
	$(BIN)/lexconsolida build

test: $(STAMP_TEST)
	$(BIN)/python -m pytest -q

# Refresh the lock on purpose: the newest versions pyproject.toml allows, for every platform.
lock:
	$(PYTHON) -m venv .venv-lock
	PYTHONWARNINGS=ignore .venv-lock/bin/pip install -q --disable-pip-version-check uv==$(UV_VERSION)
	.venv-lock/bin/uv pip compile pyproject.toml --all-extras --universal --python-version 3.11 --upgrade -o $(LOCK)
	rm -rf .venv-lock

bench: $(STAMP)
	for b in bench/*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

# Never deletes a forms register (statutes/*/registros/ and any *.sqlite left in output/ by older versions).
clean:
	rm -rf $(VENV) build *.egg-info
	find output -mindepth 1 -maxdepth 1 ! -name README.md ! -name '*.sqlite' ! -name '*.sqlite-*' -exec rm -rf {} +
