"""Requests from other web sites are refused (cross-site request forgery, DNS rebinding).

On this machine only (the default ``--host 127.0.0.1``) no token is asked: whoever can reach the
server sits at this computer.  But so can any web page open in its browser: a page of another
site may send a form or a ``fetch`` to ``http://127.0.0.1:8765`` (the browser sends it without
asking when its type is a form's or ``text/plain``), and a site whose name is made to point at
127.0.0.1 (DNS rebinding) may even read the answers.  So:

- a request whose ``Origin`` is not this server's own, or that the browser marks as
  ``Sec-Fetch-Site: cross-site``, is refused (403) unless it only reads (GET, HEAD, OPTIONS);
- on this machine only, a request must name the server as ``localhost`` or a loopback address
  (``127.0.0.1``, ``127.0.0.2``, ``[::1]``) in its ``Host``: a rebound name is refused (403).

Tools that are not browsers (curl, scripts) send neither ``Origin`` nor ``Sec-Fetch-Site`` and
are not affected.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from typing import Final
from urllib.parse import unquote, urlsplit

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

#: The names a request may give this machine by, when the server listens on it only.
LOCAL_NAMES: Final = frozenset({"localhost", "127.0.0.1", "::1"})
READS: Final = frozenset({"GET", "HEAD", "OPTIONS"})

Refuse = Callable[[Request, int, str], Response]


def host_name(host: str) -> str:
    """The name in a ``Host`` header, without its port (``[::1]:8765`` gives ``::1``)."""
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def is_local_name(name: str) -> bool:
    """``localhost`` or a loopback address (``127.0.0.2`` too, which ``--host`` may bind): a
    rebound DNS name is neither, since a browser names a rebound site by its own name."""
    if name.lower() in LOCAL_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def problem(method: str, headers: Headers, *, local_only: bool, public: str | None) -> str | None:
    """Why the request is refused, or None."""
    host = headers.get("host", "")
    if local_only and not host:
        return (
            "the request names no host (its Host header is missing or empty): this server"
            " answers on this machine only, as localhost or a loopback address (127.0.0.1)"
        )
    if local_only and not is_local_name(host_name(host)):
        return (
            "this server answers on this machine only, as localhost or a loopback address"
            f" (127.0.0.1), not as {host[:60]!r}"
        )
    if method in READS:
        return None
    if headers.get("sec-fetch-site", "").lower() == "cross-site":
        return "a request from another web site is refused"
    origin = headers.get("origin")
    if origin is None:
        return None
    parts = urlsplit(origin)
    own = {host.lower()} | ({urlsplit(public).netloc.lower()} if public else set())
    if parts.scheme not in ("http", "https") or parts.netloc.lower() not in own:
        return f"a request from another web site ({origin[:60]}) is refused"
    return None


def origin_form(scope: Scope) -> Scope:
    """A request in absolute form (``GET http://host:port/path``, which a server must accept,
    RFC 9112 3.2.2) as the usual ``GET /path`` with its authority as the ``Host`` (the
    request's own Host is then ignored, as the RFC says): its path reached no route (an HTML
    404 for an API call), and the checks of the Host read the wrong one."""
    if scope["path"].startswith("/"):
        return scope
    # the target as sent (still percent-encoded, without its query): the decoded path may hold
    # '%3F' as '?' or letters beyond latin-1, which neither split nor encode back as they came
    raw = scope.get("raw_path") or scope["path"].encode("utf-8")
    parts = urlsplit(raw.decode("latin-1"))
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return scope
    own = parts.path or "/"
    headers = [(k, v) for k, v in scope["headers"] if k.lower() != b"host"]
    headers.append((b"host", parts.netloc.encode("latin-1")))
    return {
        **scope,
        "path": unquote(own),
        "raw_path": own.encode("latin-1"),
        "headers": headers,
    }


class SameOrigin:
    """ASGI middleware: :func:`problem`'s requests get ``refuse``'s answer (403)."""

    def __init__(self, app: ASGIApp, refuse: Refuse, local_only: bool, public: str | None) -> None:
        self.app, self.refuse, self.local_only, self.public = app, refuse, local_only, public

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            scope = origin_form(scope)
            why = problem(
                scope["method"],
                Headers(scope=scope),
                local_only=self.local_only,
                public=self.public,
            )
            if why is not None:
                response = self.refuse(Request(scope, receive), 403, why)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)
