"""What every test may count on."""

from __future__ import annotations

import signal

import pytest

from sheepdog.solver.agentdog.offers import forget_offers


def pytest_configure() -> None:
    """Ctrl-C as a terminal delivers it.  A shell starts a background job (``pytest &``, a
    script's ``( ... ) &``) with SIGINT ignored, and the tests' command lines would inherit
    that: the Ctrl-C tests would then wait for an interruption that never comes."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(autouse=True)
def _no_plays_kept_from_another_test() -> None:
    """Each test lists an Agent DOG table's plays afresh: the plays a listing keeps
    (``offers.cached_offers``) would let a test that counts searches, or times a listing,
    find them kept by an earlier test of the same table."""
    forget_offers()
