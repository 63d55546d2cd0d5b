# Two commands work on a fresh machine with only Python 3.11 and make: `make play`, `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
EXTRAS := dev,web,rl,ray

.PHONY: compile play test lint typecheck unit bench clean serve browser postgres web-load screenshots

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-$(EXTRAS): pyproject.toml | $(BIN)/activate
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[$(EXTRAS)]'
	touch $@

install: $(VENV)/.installed-$(EXTRAS)

# Rebuilds the compiled engines in place after the source changed (until then, an edited
# module makes carthago run interpreted and say so).
compile: install
	$(BIN)/pip install --quiet --no-deps -e .

play: install
	$(BIN)/carthago play punica --seat Rome=human

lint: install
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: install
	$(BIN)/mypy

# The whole suite on the compiled engines (mypyc, built by the install), then the contract and
# core tests, and the doctests of the compiled modules, on the interpreted ones: the contract on
# each game's first variant there, every variant being played on both builds by
# tests/core/test_compiled.py. The slowest tests are listed, to keep the suite inside its 20
# minutes.
unit: install
	$(BIN)/pytest -n 2 --durations=15
	CARTHAGO_PURE_PYTHON=1 $(BIN)/pytest -n 2 --durations=10 -m "not more_variants" \
		tests/contract tests/core src/carthago

test: browser postgres lint typecheck unit

serve: install
	$(BIN)/carthago serve

# Debian's Chromium for the browser tests (Playwright drives it; no browser download).
# Without root (a developer's own machine) the browser tests skip and say why.
browser:
	@test -x /usr/bin/chromium || (apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) || \
		echo "warning: could not install Debian's chromium; browser tests will be skipped"

# Debian's PostgreSQL for the web storage tests, which start a throwaway server from its
# binaries (tests/web/postgres.py); without it those tests skip and say why.
postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || (apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql) || \
		echo "warning: could not install Debian's postgresql; PostgreSQL tests will be skipped"

web-load: install
	$(BIN)/python benchmarks/web_load.py

bench: install
	$(BIN)/carthago bench punica

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache

# The screenshots the README and docs show, made by the browser tests that play what they show.
screenshots: install browser
	CARTHAGO_SCREENSHOTS=docs $(BIN)/pytest -p no:randomly tests/web -k browser
