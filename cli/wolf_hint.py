"""Commands registered on the ``wolf`` app (see cli/wolf.py)."""

from __future__ import annotations

from cli.wolf import app

__all__ = ["app"]
