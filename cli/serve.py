"""``sheepdog serve``: the table companion, a local web app for the players' phones.

Importing this module costs Typer and the standard library only; the server (uvicorn,
Starlette, Jinja2, segno) is imported when the command runs.  It prints the address and a QR
code of it, then serves until Ctrl-C, which stops it with one line ``Error: interrupted`` and
exit code 130 (uvicorn finishes the requests under way first; every confirmed entry is already
committed to the database).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import os
import signal
import socket
import sys
import threading
from collections.abc import Callable, Coroutine
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Annotated, Any

import typer

from sheepdog.cli.common import os_error_message, run
from sheepdog.cli.progress import echo
from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.fileio import real_path, shipped_root
from sheepdog.solver.interrupts import held

if TYPE_CHECKING:
    import uvicorn

    from sheepdog.cli.web.store import Store
    from sheepdog.solver.slywolf.roster import Roster

#: Hosts that keep the server on this machine (no token needed).
LOOPBACK_NAMES = ("localhost",)


def is_loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def default_data_dir() -> Path:
    """The per-user data folder: ``$XDG_DATA_HOME/sheepdog`` or the platform's own (a
    relative ``XDG_DATA_HOME`` is ignored, as the XDG base directory spec says)."""
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / "sheepdog"
    import platformdirs

    return Path(platformdirs.user_data_dir("sheepdog", appauthor=False))


def is_wildcard(address: str) -> bool:
    """Every interface: ``0.0.0.0``, ``::`` or ``::ffff:0.0.0.0`` (what a socket bound to
    ``0``, ``::0`` or ``0000::`` reports), or no address at all."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return address == ""
    mapped = ip.ipv4_mapped if isinstance(ip, ipaddress.IPv6Address) else None
    return ip.is_unspecified or (mapped is not None and mapped.is_unspecified)


def public_address(host: str, bound: str | None = None) -> str:
    """The address other devices use: ``host``, or when the server listens on every interface
    (``bound``: the address its socket reports, else ``host``) this machine's address on the
    local network (found without sending anything)."""
    if not is_wildcard(host if bound is None else bound):
        return host
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


class _QuietStop(logging.Filter):
    """uvicorn's words when it stops with a request still arriving (a phone on a weak network
    sent its headers, not all its body): after the grace period it cancels the request, says
    so, and logs the cancellation with a traceback.  Nothing was confirmed to that request, so
    nothing is lost, and the stop stays one line (``Error: interrupted``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, asyncio.CancelledError):
            return False
        said = record.getMessage()
        # a second Ctrl-C while it stops cancels the app's lifespan, which the app reports as
        # a failed shutdown in a traceback's text (no exc_info)
        if said.startswith("Traceback") and said.rstrip().endswith("CancelledError"):
            return False
        return "timeout graceful shutdown exceeded" not in said


def _terminated(signum: int, _frame: object) -> None:
    raise SystemExit(128 + signum)


def _stopping_server(config: uvicorn.Config, stop_work: Callable[[], None]) -> uvicorn.Server:
    """uvicorn's server, which drops the app's background work when told to stop (Ctrl-C,
    SIGTERM): no request then waits for a hint through the grace period, to be cancelled with
    a traceback at its end."""
    import uvicorn

    class Stopping(uvicorn.Server):
        stopping = False
        serving: Coroutine[Any, Any, None] | None = None

        def serve(self, sockets: list[socket.socket] | None = None) -> Coroutine[Any, Any, None]:
            self.serving = super().serve(sockets)  # run() makes it: closed by run() below
            return self.serving

        def run(self, sockets: list[socket.socket] | None = None) -> None:
            try:
                super().run(sockets)
            finally:  # a Ctrl-C before the loop ran it: closed, so never "never awaited"
                if self.serving is not None:
                    self.serving.close()

        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            # once: a second Ctrl-C arrives inside the first one's handler (an impatient
            # double press), where stop_work holds its lock; taking it again hung for good
            if not self.stopping:
                self.stopping = True
                stop_work()
            super().handle_exit(sig, frame)

    return Stopping(config)


def _serve_on(
    sock: socket.socket,
    store: Store,
    quiet: logging.Filter,
    *,
    url: str,
    host: str,
    port: int,
    local: bool,
    own: dict[str, Roster],
) -> None:
    """Serve ``store``'s games on the listening ``sock`` until stopped (``quiet``: the filter
    of uvicorn's error log, which the caller takes back)."""
    import segno
    import uvicorn

    from sheepdog.cli.web.app import create_app
    from sheepdog.cli.web.protocol import JsonErrorProtocol

    app = create_app(
        store,
        require_token=not local,
        local_only=local,
        public_url=url,
        rosters=list(own.values()),
    )
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        timeout_graceful_shutdown=3,
        http=JsonErrorProtocol,
    )
    server = _stopping_server(config, app.state.stop_work)
    logging.getLogger("uvicorn.error").addFilter(quiet)  # after Config set logging
    echo(f"sheepdog serve: {url}  (games in {store.path})")
    if own:
        mine = [f"{r.name} ({r.file})" for r in own.values()]
        echo(f"Rosters of your own for new Sly Wolf games: {', '.join(mine)}.")
    if local:
        echo("Listening on this machine only; --host 0.0.0.0 lets the phones join.")
    else:
        echo("Each game has a secret token in its address (its page shows a QR code).")
    segno.make(url, error="m").terminal(compact=_blocks_print())
    echo("Ctrl-C stops the server.")
    # uvicorn stops gracefully on SIGTERM too, then raises the signal again: without a
    # handler of ours that ends the process on the spot, before the hint worker's queues
    # are cleaned up (Python warned of leaked semaphores); this one exits 143 properly
    signal.signal(signal.SIGTERM, _terminated)
    server.run(sockets=[sock])


def serve(
    host: Annotated[
        str, typer.Option("--host", help="Address to listen on (beyond 127.0.0.1: tokens).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port, 1 to 65535.")] = 8765,
    data: Annotated[
        Path | None,
        typer.Option("--data", help="Folder of the games database (default: per-user data)."),
    ] = None,
    roster_files: Annotated[
        list[Path] | None,
        typer.Option(
            "--roster",
            help=(
                "A roster file (TOML or JSON) of your own to offer for new Sly Wolf games, beside"
                " the shipped ones (repeatable)."
            ),
        ),
    ] = None,
) -> None:
    """Serve the table companion: live games on the players' phones (Ctrl-C stops it)."""

    def body() -> None:
        if threading.current_thread() is not threading.main_thread():  # main() in a thread
            raise SheepdogError(
                "serve runs in a program's main thread only: it answers Ctrl-C and SIGTERM,"
                " which Python hands to the main thread"
            )
        # Ctrl-C ends in KeyboardInterrupt (one line, exit 130) even when the server was started
        # with SIGINT ignored (a background job of a script), from the start: uvicorn stops on
        # it anyway, then raised it again into the ignored handler and the server exited 0, and
        # a SIGINT during start-up was lost
        signal.signal(signal.SIGINT, signal.default_int_handler)
        import sqlite3

        from sheepdog.cli.web.app import QUIET_TRACKER, own_rosters
        from sheepdog.cli.web.store import DamagedDatabase, FolderInUse, Store

        # the rosters first: a bad one is refused before anything starts
        own = own_rosters(_own_rosters(roster_files or []))
        nonlocal host
        if host.startswith("[") and host.endswith("]"):  # an IPv6 address as in a URL
            host = host[1:-1]
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        tracker_quiet = QUIET_TRACKER in sys.warnoptions  # the app's worker pool adds it
        quiet = _QuietStop()
        sock: socket.socket | None = None
        store: Store | None = None
        try:  # whatever stops it from here on (a Ctrl-C as it starts too) takes back its own
            # IPPROTO_TCP spelled out: asyncio sets TCP_NODELAY only on sockets that say so
            # (without it a keep-alive answer waits 40 ms for the delayed ACK of its headers)
            sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
            try:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                sock.bind((host, port))  # a busy port is one line before anything is printed
                sock.listen(128)
            except OSError as exc:
                why = (exc.strerror or str(exc)).lower()
                named = host if host and host.strip() == host else repr(host)  # ' 127.0.0.1'
                raise SheepdogError(f"cannot listen on {named}:{port}: {why}") from None
            # the port first: a busy one leaves no data folder or database behind
            folder = data if data is not None else default_data_dir()
            shipped = shipped_root(folder)
            if shipped is not None:  # the games database would be written into what it ships
                raise SheepdogError(
                    f"cannot use the data folder {folder}: it is inside the installed sheepdog"
                    f" package ({shipped}); give another folder with --data"
                )
            try:
                store = Store(folder)  # (a stop inside: Store takes back what it opened)
            except OSError as exc:
                why = os_error_message(exc)
                raise SheepdogError(f"cannot use the data folder {folder}: {why}") from None
            except FolderInUse as exc:
                raise SheepdogError(str(exc)) from None
            except (sqlite3.Error, DamagedDatabase) as exc:
                why = f"cannot open the games database in {folder}: {exc}"
                raise SheepdogError(why) from None
            local = is_loopback(host)
            shown = public_address(host, str(sock.getsockname()[0]))
            url = f"http://{'[' + shown + ']' if ':' in shown else shown}:{port}/"
            _serve_on(sock, store, quiet, url=url, host=host, port=port, local=local, own=own)
        finally:
            with held():  # an impatient second Ctrl-C waits: the folder's lock is let go
                logging.getLogger("uvicorn.error").removeFilter(quiet)  # a program's next call
                if not tracker_quiet:  # the workers are gone: the program's own options again
                    with contextlib.suppress(ValueError):
                        sys.warnoptions.remove(QUIET_TRACKER)
                if sock is not None:  # uvicorn closed it once it ran; a program may listen again
                    sock.close()
                if store is not None:
                    store.close()

    run(body)


def _own_rosters(paths: list[Path]) -> list[Roster]:
    """The ``--roster`` files, each read once (a file given twice is one roster)."""
    from sheepdog.solver.slywolf.roster import SHIPPED_ROSTERS, load_roster

    out: list[Roster] = []
    seen: set[Path] = set()
    for path in paths:
        if str(path).lower() in SHIPPED_ROSTERS and not path.exists():
            raise SheepdogError(
                f"--roster {path}: the shipped rosters ({', '.join(SHIPPED_ROSTERS)}) are offered"
                " already; --roster adds a roster file of your own"
            )
        try:  # not load_roster's line: it may suggest a shipped name, which serve refuses
            os.stat(path)
        except FileNotFoundError:  # (a link to nothing too)
            raise SheepdogError(
                f"--roster {path}: no such roster file (--roster adds a roster file of your own;"
                f" the shipped rosters, {', '.join(SHIPPED_ROSTERS)}, are offered already)"
            ) from None
        except OSError:
            pass  # a loop of links, no permission: the reader names it
        if real_path(path) not in seen:  # a loop of links: the reader names it
            seen.add(real_path(path))
            out.append(load_roster(path))
    return out


def _blocks_print() -> bool:
    """Whether the terminal's encoding holds the half blocks of the compact QR code; else the
    code is drawn in reverse-video spaces (ASCII: it scanned as '?' marks on a Latin-1 or ASCII
    terminal)."""
    try:
        "\u2580\u2584\u2588".encode(sys.stdout.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True
