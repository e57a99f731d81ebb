"""uvicorn's HTTP/1.1 protocol (h11), answering a request it cannot parse with the app's JSON
error shape.

A malformed request line, a bad header, headers too large or a broken chunked body never reach
the app as such: uvicorn answers them itself, with a plain-text 400 ("Invalid HTTP request
received.").  Every other error of the server is ``{"error": "..."}`` (a 4xx JSON error), so
this one is too; after an answer of the app's there is nothing more to send.
"""

from __future__ import annotations

import json

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

#: The body of the answer to a request that is not HTTP/1.1.
MALFORMED = {"error": "malformed HTTP request: it could not be read as HTTP/1.1"}


class JsonErrorProtocol(H11Protocol):
    def _unsupported_upgrade_warning(self) -> None:
        """An ``Upgrade`` request is answered as a plain one (the app uses no WebSocket):
        uvicorn told the server's terminal to install a WebSocket library for it."""
        self.logger.debug("upgrade request answered without upgrading")

    def send_400_response(self, msg: str) -> None:
        if self.conn.our_state not in (h11.IDLE, h11.SEND_RESPONSE):
            # the app has answered already (a broken body after it): nothing more to say; h11
            # refused a second answer with a traceback in the server's terminal
            self.transport.close()
            return
        body = json.dumps(MALFORMED).encode()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
        ]
        for event in (
            h11.Response(status_code=400, headers=headers, reason=b"Bad Request"),
            h11.Data(data=body),
            h11.EndOfMessage(),
        ):
            self.transport.write(self.conn.send(event) or b"")
        self.transport.close()
