"""sheepdog: exact deductions for Sly Wolf, rules and endgames for DOG."""

from __future__ import annotations

__version__ = "0.2.0"

__all__ = ["__version__"]
