"""``python -m sheepdog``: the command line, as the ``sheepdog`` console script runs it."""

from __future__ import annotations

from sheepdog.cli.main import main

if __name__ == "__main__":
    main()
