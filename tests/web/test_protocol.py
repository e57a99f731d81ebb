"""The server's HTTP protocol on a real uvicorn server (in a thread, with a quick request
timer): a request that does not arrive whole in time gets a JSON 408 and its connection closed,
whatever part of it is missing; a request that arrives in time is untouched by the timer."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from sheepdog.cli.web.protocol import TOO_SLOW, JsonErrorProtocol

SECONDS = 0.5


class QuickProtocol(JsonErrorProtocol):
    request_seconds = SECONDS


async def echo(request: Request) -> JSONResponse:
    try:
        body = await request.body()
    except ClientDisconnect:
        return JSONResponse({"error": "cut off"}, status_code=400)
    return JSONResponse({"length": len(body)})


@pytest.fixture(scope="module")
def port() -> Iterator[int]:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    app = Starlette(routes=[Route("/echo", echo, methods=["GET", "POST"])])
    config = uvicorn.Config(app, log_level="warning", http=QuickProtocol, timeout_keep_alive=30)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[sock])))
    thread.start()
    while not server.started:
        time.sleep(0.01)
    yield int(sock.getsockname()[1])
    server.should_exit = True
    thread.join(10)


def exchange(port: int, *parts: bytes, pause: float = 0.0) -> tuple[bytes, float]:
    """Send ``parts`` with ``pause`` seconds between them; everything the server sends until it
    closes (or 5 s), and the seconds from the first part to the close."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
        start = time.monotonic()
        for i, part in enumerate(parts):
            if i:
                time.sleep(pause)
            with contextlib.suppress(OSError):
                conn.sendall(part)
        answer = b""
        with contextlib.suppress(TimeoutError):
            while chunk := conn.recv(65536):
                answer += chunk
        return answer, time.monotonic() - start


def status_and_body(answer: bytes) -> tuple[str, object]:
    head, _, body = answer.partition(b"\r\n\r\n")
    return head.split(b"\r\n")[0].decode(), json.loads(body)


#: asyncio runs a timer up to its clock's resolution early (``loop._clock_resolution``); one
#: run measured 0.4985 s for a 0.5 s timer.
EARLY = 0.01

HEAD = b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n"


@pytest.mark.parametrize(
    "parts",
    [
        [b"GET /ec"],  # half a request line
        [HEAD],  # the head without its end
        [HEAD + b"\r\n", b"ab"],  # the head, half the body
        [b"G", b"E", b"T", b" ", b"/", b"e"],  # a byte at a time: the first byte starts the clock
    ],
)
def test_a_request_that_does_not_arrive_in_time_gets_a_json_408(
    port: int, parts: list[bytes]
) -> None:
    answer, seconds = exchange(port, *parts, pause=SECONDS / 4)
    assert status_and_body(answer) == ("HTTP/1.1 408 Request Timeout", TOO_SLOW)
    assert SECONDS - EARLY <= seconds < SECONDS + 2


def test_a_connection_that_sends_nothing_is_closed_without_an_answer(port: int) -> None:
    """As a browser's preconnect is: an unasked-for answer would be read by its next request."""
    answer, seconds = exchange(port)
    assert answer == b"" and SECONDS - EARLY <= seconds < SECONDS + 2


def test_requests_that_arrive_in_time_are_answered_on_one_connection(port: int) -> None:
    """Slow but in time, then a second request on the same connection after a pause longer than
    the timer: the timer runs per request, not per connection."""
    first = HEAD + b"\r\nabcd"
    second = b"GET /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    answer, seconds = exchange(port, first[:20], first[20:], second, pause=SECONDS * 0.7)
    assert seconds > SECONDS
    replies = answer.split(b"HTTP/1.1 ")[1:]
    assert [r.split(b"\r\n")[0] for r in replies] == [b"200 OK", b"200 OK"]
    assert [json.loads(r.partition(b"\r\n\r\n")[2]) for r in replies] == [
        {"length": 4},
        {"length": 0},
    ]


def test_the_app_has_answered_already_the_connection_is_closed(port: int) -> None:
    """A route that answers before the body is in (here a 404): the timer closes the connection
    without a second answer."""
    head = b"POST /nowhere HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n"
    answer, seconds = exchange(port, head)
    assert answer.startswith(b"HTTP/1.1 404 ") and answer.count(b"HTTP/1.1") == 1
    assert SECONDS - EARLY <= seconds < SECONDS + 2
