# Every target builds its own virtual environment: a fresh machine needs only Python 3.11+ and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# setuptools announces every editable install with a notice; the real warnings still show.
INSTALL := PYTHONWARNINGS="ignore:Editable installation" $(BIN)/pip install --quiet -e
# The user's rule documents, beside the checkout.
SEEDS := ../shared/seeds

.PHONY: demo lint test test-fast docs bench book-page table-page clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(INSTALL) '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/dominospec check spec/*.rules examples/*.rules examples/family/*.rules examples/match_formats/*.rules
	$(BIN)/dominospec compile spec/*.rules
	$(BIN)/dominospec compile --target c spec/*.rules
	$(BIN)/dominospec replay spec/fives_and_threes.rules examples/fives_and_threes.match.json
	$(BIN)/dominospec replay --target c spec/fives_and_threes.rules examples/fives_and_threes.match.json
	$(BIN)/dominospec replay --board examples/fives_and_threes_match.rules examples/fives_and_threes_match.match.json
	$(BIN)/dominospec simulate spec/fives_and_threes.rules --hands 20000
	$(BIN)/dominospec verify spec/fives_and_threes.rules examples/fives_and_threes.en.md
	$(BIN)/dominospec verify spec/horse_race.rules examples/horse_race.en.md
	$(BIN)/dominospec verify examples/match_formats/free_play.rules examples/match_formats/free_play.en.md
	if [ -d $(SEEDS) ]; then \
	  $(BIN)/dominospec verify spec/fives_and_threes.rules $(SEEDS)/000_efca2e0a7dfb4f64.txt $(SEEDS)/001_6082015da32a818d.txt && \
	  $(BIN)/dominospec verify spec/horse_race.rules $(SEEDS)/002_a7b98e31dda0da69.txt && \
	  $(BIN)/dominospec verify examples/match_formats/free_play.rules $(SEEDS)/004_e15a6d28b1457256.txt; \
	else echo "$(SEEDS) is not there: the seed documents are not verified"; fi

# Static checks. mypy reads the package by its installed name, dominospec, through a link to its
# folder (the editable install maps the name at import time, which mypy does not follow); the
# generated engines stand alone and are checked as the plain files they are, as is the docs' MkDocs hook.
lint: $(STAMP)
	$(BIN)/ruff check .
	mkdir -p build/typecheck && ln -sfn ../../compiler build/typecheck/dominospec
	MYPYPATH=build/typecheck $(BIN)/mypy -p dominospec
	$(BIN)/mypy generated docs/mkdocs_hooks.py

# The whole suite, one worker per core (pytest-xdist; a worker that runs out of tests takes some of
# another's, so one slow test at the end does not keep the other core idle), and the 25 slowest tests
# named at the end so that a test grown slow is seen. PYTEST_ARGS passes options through:
# make test PYTEST_ARGS='-x'.
PYTEST_ARGS ?=
test: lint
	$(BIN)/python -m pytest -n auto --dist worksteal --durations=25 $(PYTEST_ARGS)

# The focused loop for a change to one stage: its tests only, in parallel, no lint (see ARCHITECTURE.md,
# "Testing a change"): make test-fast STAGE=language.
STAGE ?= language
test-fast: $(STAMP)
	$(BIN)/python -m pytest -n auto --dist worksteal $(PYTEST_ARGS) $$($(BIN)/python tests/stages.py $(STAGE))

# The pages of docs/ as a site, in build/site; any warning (a broken link or anchor, a page left out
# of the nav) fails the build.
docs: $(STAMP)
	$(INSTALL) '.[docs]'
	$(BIN)/mkdocs build --strict

# Hands per second, interleaved round by round, against dominoes and open-spiel (installed into the
# venv for this target only) and against hand-written Python and C yardsticks (the C one is built with
# the system compiler); then simulated hands per second, Python and native, 1 and 2 workers; then each
# bot's time a move on both engines. Options pass through to all three: make bench BENCH_ARGS='--json --rounds 9'.
BENCH_ARGS ?=
bench: $(STAMP)
	$(INSTALL) '.[bench]'
	$(BIN)/python benchmarks/bench_engines.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/bench_simulate.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/bench_bots.py $(BENCH_ARGS)

# The picture of a page of the Turkish Fives and Threes book in docs/books.md: its doubles section, as
# headless Chromium (Debian's chromium) draws the HTML book.
BOOK_PAGE := examples/fives_and_threes.tr.page.png
book-page: $(STAMP)
	mkdir -p build/book-page
	$(BIN)/dominospec book spec/fives_and_threes.rules --lang tr -o build/book-page/book.html
	sed -i 's|</head>|<style>#players, #deal, #lead, #placing { display: none }</style></head>|' build/book-page/book.html
	chromium --headless --disable-gpu --no-sandbox --hide-scrollbars --force-device-scale-factor=1 \
	  --user-data-dir=build/book-page/profile --window-size=820,1160 --screenshot=$(BOOK_PAGE) \
	  "file://$(CURDIR)/build/book-page/book.html"

# The picture of the table page in the README: the club match's page, as headless Chromium draws it once
# the bots have made their first moves (the deals and bots of #seed=3).
TABLE_PAGE := examples/fives_and_threes_match.table.png
table-page: $(STAMP)
	mkdir -p build/table-page
	$(BIN)/dominospec play examples/fives_and_threes_match.rules -o build/table-page/table.html
	chromium --headless --disable-gpu --no-sandbox --hide-scrollbars --force-device-scale-factor=1 \
	  --user-data-dir=build/table-page/profile --window-size=1280,1000 --virtual-time-budget=5000 \
	  --screenshot=$(TABLE_PAGE) "file://$(CURDIR)/build/table-page/table.html#seed=3"

clean:
	rm -rf $(VENV) build *.egg-info
