"""The fixtures of the web tests that use Starlette's test client: a games database in a
temporary folder, and a client of the app on it (as a context manager, so the app's lifespan
runs and its hint worker ends with the test)."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from sheepdog.cli.web.app import create_app
from sheepdog.cli.web.store import Store

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # Starlette prefers httpx2 for its test client
    from starlette.testclient import TestClient


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    db = Store(tmp_path / "data")
    yield db
    db.close()


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    with TestClient(create_app(store), raise_server_exceptions=False) as test_client:
        yield test_client
