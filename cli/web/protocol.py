"""uvicorn's HTTP/1.1 protocol (h11), answering a request it cannot parse with the app's JSON
error shape.

A malformed request line, a bad header, headers too large or a broken chunked body never reach
the app as such: uvicorn answers them itself, with a plain-text 400 ("Invalid HTTP request
received.").  Every other error of the server is ``{"error": "..."}`` (a 4xx JSON error), so
this one is too; after an answer of the app's there is nothing more to send.

A request must also arrive whole within :data:`REQUEST_SECONDS` of its first byte (of the
connection, for the first one): uvicorn has no such limit, so a client that sent half a request
head and then nothing (a phone that lost the Wi-Fi mid-request, or a client that does it on
purpose) held its connection for as long as it liked.  It then gets a JSON 408, or just the
connection closed when the app has answered already, or when nothing came at all.  Between
requests uvicorn's keep-alive timeout (5 s) closes an idle connection.
"""

from __future__ import annotations

import asyncio
import json

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

#: The body of the answer to a request that is not HTTP/1.1.
MALFORMED = {"error": "malformed HTTP request: it could not be read as HTTP/1.1"}

#: Seconds a client has to send a whole request, head and body, from its first byte.
REQUEST_SECONDS = 20.0

#: The body of the answer to a request that did not arrive in time.
TOO_SLOW = {"error": f"request timeout: a request must arrive whole within {REQUEST_SECONDS:g} s"}


class JsonErrorProtocol(H11Protocol):
    #: :data:`REQUEST_SECONDS`, per protocol class (a test makes a quicker one).
    request_seconds = REQUEST_SECONDS
    _request_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._watch_request(started=True)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._watch_request(started=True)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        # a pipelined request already begun: its own time starts now
        self._watch_request(started=bool(self.conn.trailing_data[0]))

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_request_timer()
        super().connection_lost(exc)

    def _watch_request(self, *, started: bool) -> None:
        """The request timer runs while a request has begun and is not whole yet."""
        waiting = self.conn.their_state in (h11.IDLE, h11.SEND_BODY)
        if not waiting or self.transport.is_closing():
            self._stop_request_timer()
        elif started and self._request_timer is None:
            self._request_timer = self.loop.call_later(self.request_seconds, self._too_slow)

    def _stop_request_timer(self) -> None:
        if self._request_timer is not None:
            self._request_timer.cancel()
            self._request_timer = None

    def _too_slow(self) -> None:
        self._request_timer = None
        if self.transport.is_closing():
            return
        if self.conn.their_state is h11.IDLE and not self.conn.trailing_data[0]:
            # a connection opened ahead of need (a browser's preconnect): closed without a word
            self.transport.close()
            return
        self.logger.debug("a request did not arrive whole in %g s", self.request_seconds)
        self._send_error(408, b"Request Timeout", TOO_SLOW)

    def _unsupported_upgrade_warning(self) -> None:
        """An ``Upgrade`` request is answered as a plain one (the app uses no WebSocket):
        uvicorn told the server's terminal to install a WebSocket library for it."""
        self.logger.debug("upgrade request answered without upgrading")

    def send_400_response(self, msg: str) -> None:
        self._send_error(400, b"Bad Request", MALFORMED)

    def _send_error(self, status: int, reason: bytes, error: dict[str, str]) -> None:
        """``error`` as the answer, then the connection closed."""
        if self.conn.our_state not in (h11.IDLE, h11.SEND_RESPONSE):
            # the app has answered already (a broken body after it): nothing more to say; h11
            # refused a second answer with a traceback in the server's terminal
            self.transport.close()
            return
        body = json.dumps(error).encode()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
        ]
        for event in (
            h11.Response(status_code=status, headers=headers, reason=reason),
            h11.Data(data=body),
            h11.EndOfMessage(),
        ):
            self.transport.write(self.conn.send(event) or b"")
        self.transport.close()
