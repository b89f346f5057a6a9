# The two commands a fresh machine needs: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run sandbox test lint typecheck pytest bench catalogs clean

# Options for the command `make run` / `make sandbox` starts, e.g. ARGS="--players 6 --port 0"
# (the sandbox's options: `python -m bot sandbox --help`).
ARGS ?=

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# With a token (environment or .env) the bot goes on Discord; without one, the local sandbox.
# A bad setting also takes the Discord path, where `python -m bot` names it in one line.
run: $(STAMP)
	@if [ "$$($(PY) -c 'from bot.settings import Settings; print(Settings().discord_token is None)' 2>/dev/null)" = True ]; then \
		echo "No DISCORD_TOKEN set: starting the local sandbox (put DISCORD_TOKEN=... in .env to run on Discord)."; \
		exec $(PY) -m bot sandbox $(ARGS); \
	else \
		exec $(PY) -m bot $(ARGS); \
	fi

# The sandbox even when a token is set.
sandbox: $(STAMP)
	exec $(PY) -m bot sandbox $(ARGS)

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

typecheck: $(STAMP)
	$(PY) -m mypy

pytest: $(STAMP)
	$(PY) -m pytest

test: lint typecheck pytest

# Bring the message catalogs (bot/i18n/locale) up to the code; then translate what it lists.
catalogs: $(STAMP)
	$(PY) -m bot catalogs update

bench: $(STAMP)
	$(PY) -m bench

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
