"""What every test may count on."""

from __future__ import annotations

import signal


def pytest_configure() -> None:
    """Ctrl-C as a terminal delivers it.  A shell starts a background job (``pytest &``, a
    script's ``( ... ) &``) with SIGINT ignored, and the tests' command lines would inherit
    that: the Ctrl-C tests would then wait for an interruption that never comes."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
