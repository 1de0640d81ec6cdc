"""The test files of each stage of the pipeline, for the focused loop: `make test-fast STAGE=language`
runs the tests of one stage (ARCHITECTURE.md, "Testing a change"); `make test` runs them all.
`python tests/stages.py STAGE` prints the stage's files; an unknown stage is a usage error (exit 2).

Every test file is in at least one stage (tests/test_stages.py holds them to it), so the focused loops
together run the whole suite."""

from __future__ import annotations

import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent

STAGES: dict[str, tuple[str, ...]] = {
    # The rules language: grammar, parser, checks, the formula, printing and its messages.
    "language": ("test_parser.py", "test_checks.py", "test_formula.py", "test_formula_range.py",
                 "test_roundtrip.py", "test_golden.py", "test_fuzz.py", "test_fuzz_inputs.py",
                 "test_family_specs.py", "test_text_as_written.py"),
    # The targets: the Python, C and JavaScript engines, their contract, and the reference model they are held to.
    "targets": ("test_codegen.py", "test_c_target.py", "test_js_target.py", "test_js_types.py",
                "test_js_replay.py", "test_js_boardgame.py", "test_engine_contract.py",
                "test_engine_differential.py", "test_engine_stateful.py", "test_engine_api_robustness.py",
                "test_native.py", "test_native_conformance.py", "test_native_game.py", "test_native_units.py",
                "test_layout_rules.py", "test_leads.py", "test_turns.py", "test_hand_reckoning.py", "test_matador.py",
                "test_family_rules.py", "test_family_games.py", "test_partnership_games.py", "test_trains_games.py",
                "test_bot_loops.py", "test_benchmarks.py"),
    # Rule documents: reading them in every pack, and verifying what they state.
    "documents": ("test_reader.py", "test_verify.py", "test_claims.py", "test_document_claims.py",
                  "test_arithmetic.py", "test_html_documents.py", "test_match_tables.py", "test_scoring_rows.py",
                  "test_rule_documents.py", "test_build_orders.py", "test_packs_and_plugin.py",
                  "test_readme_phrasings.py"),
    # Rule books and their pictures.
    "books": ("test_book.py", "test_book_clauses.py", "test_book_formulas.py", "test_book_layouts.py",
              "test_book_reading.py", "test_pictures.py", "test_scenarios.py"),
    # Replaying records, match play, the bots, the research environments and the table page.
    "play": ("test_replay.py", "test_family_replays.py", "test_match_play.py", "test_bots.py", "test_envs.py",
             "test_play_table.py"),
    # Simulation, comparison and their reports.
    "simulation": ("test_simulation_cli.py", "test_simulation_records.py", "test_simulation_report.py",
                   "test_simulation_run.py", "test_simulation_statistics.py"),
    # The front door: the command line, its streams and files, installing, hostile inputs, the README and docs/.
    "cli": ("test_cli.py", "test_cli_cache.py", "test_cli_conventions.py", "test_cli_messages.py",
            "test_cli_streams.py", "test_cli_writing.py", "test_install.py", "test_hostile.py", "test_readme.py",
            "test_docs.py", "test_package_layout.py",
            "test_stages.py"),
}


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in STAGES:
        print(f"usage: python tests/stages.py STAGE, where STAGE is one of {', '.join(STAGES)}", file=sys.stderr)
        return 2
    print(" ".join(str(Path("tests") / name) for name in STAGES[argv[0]]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
