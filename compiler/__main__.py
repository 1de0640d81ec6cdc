"""`python -m dominospec` and the installed `dominospec` command."""

import sys


def run() -> int:
    """The command line, with Ctrl-C while it is still starting ending as one during a command does."""
    try:
        from .cli import main
    except KeyboardInterrupt:
        if sys.stderr is not None:  # None: started with stderr closed, where print would write to stdout
            print("interrupted", file=sys.stderr)
        return 130
    return main()


if __name__ == "__main__":
    sys.exit(run())
