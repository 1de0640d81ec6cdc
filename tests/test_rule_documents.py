"""This repository's rule documents as test items, through the pytest plugin: one item per worked
example and per table row, each layout example also rebuilt in random build orders."""

from __future__ import annotations

import pytest
from dominospec.pytest_plugin import rule_document

SEEDS = "../shared/seeds"

fives_and_threes_en = rule_document("examples/fives_and_threes.en.md", spec="spec/fives_and_threes.rules")
horse_race_en = rule_document("examples/horse_race.en.md", spec="spec/horse_race.rules")
horse_race_de = rule_document("tests/data/horse_race.de.md", spec="spec/horse_race.rules",
                              lang_packs=("tests/data/de.json",))
seed_000_tr = rule_document(f"{SEEDS}/000_efca2e0a7dfb4f64.txt", spec="spec/fives_and_threes.rules",
                            skip_if_missing=True)
seed_001_fi = rule_document(f"{SEEDS}/001_6082015da32a818d.txt", spec="spec/fives_and_threes.rules",
                            skip_if_missing=True)
seed_002_tr = rule_document(f"{SEEDS}/002_a7b98e31dda0da69.txt", spec="spec/horse_race.rules",
                            skip_if_missing=True)
free_play_en = rule_document("examples/match_formats/free_play.en.md", spec="examples/match_formats/free_play.rules")
seed_004_uz = rule_document(f"{SEEDS}/004_e15a6d28b1457256.txt", spec="examples/match_formats/free_play.rules",
                            skip_if_missing=True)


def test_the_plugin_is_active(pytestconfig: pytest.Config) -> None:
    # Without it the declarations above would collect nothing and check nothing.
    assert pytestconfig.pluginmanager.has_plugin("dominospec.pytest_plugin"), \
        "install the project (pip install -e .) or run pytest with -p dominospec.pytest_plugin"
