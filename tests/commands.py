"""How tests start the command line in a child process, as a user's shell would."""

from __future__ import annotations

import sys
from pathlib import Path


def sheepdog_command() -> list[str]:
    """The console script beside this Python, or the module when the script is not installed."""
    script = Path(sys.executable).with_name("sheepdog")
    return [str(script)] if script.exists() else [sys.executable, "-m", "sheepdog.cli.main"]
