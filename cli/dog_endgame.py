"""``sheepdog dog solve|advise|generate``: endgame commands, registered on the ``dog`` app."""

from __future__ import annotations

from cli.dog import app

__all__ = ["app"]
