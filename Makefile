# The two commands a fresh machine needs: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m bot

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

typecheck: $(STAMP)
	$(PY) -m mypy

pytest: $(STAMP)
	$(PY) -m pytest

test: lint typecheck pytest

bench: $(STAMP)
	$(PY) -m bench

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
