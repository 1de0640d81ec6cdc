# Every target builds its own virtual environment: a fresh machine needs only Python 3.11+ and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/dominospec check spec/*.rules examples/*.rules
	$(BIN)/dominospec compile spec/*.rules
	$(BIN)/dominospec replay spec/fives_and_threes.rules examples/fives_and_threes.match.json

test: $(STAMP)
	$(BIN)/python -m pytest

# Hands per second against dominoes and open-spiel (installed into the venv for this target only).
bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/bench_engines.py

clean:
	rm -rf $(VENV) build *.egg-info
