# lexconsolida — the README's two commands: `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: demo test install install-test bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

install: $(BIN)/python
	$(BIN)/pip install -q -e .

install-test: $(BIN)/python
	$(BIN)/pip install -q -e '.[test]'

demo: install
	$(BIN)/lexconsolida build

test: install-test
	$(BIN)/python -m pytest -q

bench: install
	for b in bench/*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

# Never deletes a forms register (statutes/*/registros/ and any *.sqlite left in output/ by older versions).
clean:
	rm -rf $(VENV) build *.egg-info
	find output -mindepth 1 -maxdepth 1 ! -name README.md ! -name '*.sqlite' ! -name '*.sqlite-*' -exec rm -rf {} +
