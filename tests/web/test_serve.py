"""``sheepdog serve`` as a real process: uvicorn on a free loopback port.  Killed with SIGKILL
in the middle of a game it loses nothing it confirmed; Ctrl-C stops it with one line."""

from __future__ import annotations

import contextlib
import ipaddress
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from sheepdog.cli.serve import default_data_dir, is_loopback, is_wildcard, public_address


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(
    data: Path,
    port: int,
    *,
    group: bool = False,
    env: dict[str, str] | None = None,
    extra: tuple[str, ...] = (),
) -> subprocess.Popen[str]:
    """The server on ``port``; with ``group`` in a process group of its own (as a terminal's
    foreground job: ``os.killpg`` is then the terminal's Ctrl-C); ``env`` added to ours;
    ``extra`` more options."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "sheepdog.cli.main", "serve", "--port", str(port)]
        + ["--data", str(data), *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=group,
        env=None if env is None else {**os.environ, **env},
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return proc
        except OSError:
            if proc.poll() is not None:
                raise AssertionError(proc.communicate()) from None
            time.sleep(0.05)
    proc.kill()
    raise AssertionError("the server did not start")


def descendants(pid: int) -> list[int]:
    """The processes started by ``pid`` (Linux /proc)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        children = (task / "children").read_text().split()
        for child in map(int, children):
            found += [child, *descendants(child)]
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


def call(port: int, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=data,
        method=method,
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_kill_9_mid_game_loses_nothing_confirmed(tmp_path: Path) -> None:
    data, port = tmp_path / "data", free_port()
    server = start(data, port)
    try:
        status, game = call(port, "POST", "/api/wolf/games", {"mode": "easy", "side": "one_star"})
        assert status == 201
        base = f"/api/wolf/games/{game['id']}"
        lines = ["top harp", "top guitar", "top trumpet", "top violin", "call harp"]
        lines += ["found pumpkin", "interview harp, guitar, red jacket", "call guitar"]
        confirmed = []
        for line in lines:
            status, answer = call(port, "POST", base + "/entries", {"line": line})
            assert status == 201
            confirmed.append(answer["line"])
        status, _ = call(port, "POST", base + "/undo")
        assert status == 200
        confirmed.append("undo")
        before = call(port, "GET", base)[1]
        assert before["hint"]["ranking"]  # worked out by the hint worker process
        children = descendants(server.pid)
        assert children  # the hint worker (and multiprocessing's resource tracker)
    finally:
        server.send_signal(signal.SIGKILL)  # no clean-up of any kind
        server.wait(timeout=10)
    assert server.returncode == -signal.SIGKILL
    # the hint worker ends itself once the server is gone
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in children) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(pid) for pid in children)
    # the database file is whole and in WAL mode
    db = sqlite3.connect(data / "games.sqlite3")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert [r[0] for r in db.execute("SELECT line FROM entries ORDER BY seq")] == confirmed
    db.close()
    again = start(data, port)
    try:
        status, after = call(port, "GET", base)
        assert status == 200
        assert after == before  # every confirmed entry, the undo and what it undid
        assert after["state"]["entries"][-2] == {
            "seq": 8,
            "line": "call guitar",
            "undone": True,
            "refused": None,
        }
        assert after["puzzle"]["interviews"] == [
            {"sheep": "harp", "points_to": "guitar", "testimony": "red jacket"}
        ]
    finally:
        again.send_signal(signal.SIGKILL)
        again.wait(timeout=10)


def test_start_up_prints_the_address_and_a_qr_code_and_ctrl_c_stops_it(tmp_path: Path) -> None:
    port = free_port()
    server = start(tmp_path / "data", port)
    time.sleep(0.3)
    server.send_signal(signal.SIGINT)
    out, err = server.communicate(timeout=20)
    assert server.returncode == 130
    assert err == "Error: interrupted\n"
    first = out.splitlines()[0]
    assert first.startswith(f"sheepdog serve: http://127.0.0.1:{port}/")
    assert "█" in out or "▀" in out or "▄" in out  # the QR code, in block characters


def test_the_qr_code_prints_on_a_terminal_without_block_characters(tmp_path: Path) -> None:
    """Found by a helper: on a Latin-1 (or ASCII) terminal the compact code's half blocks were
    written as '?' marks, 17 lines that no phone scans.  It is drawn in reverse-video spaces."""
    server = start(tmp_path / "data", free_port(), env={"PYTHONIOENCODING": "latin-1"})
    time.sleep(0.3)
    server.send_signal(signal.SIGINT)
    out, _err = server.communicate(timeout=20)
    code = [line for line in out.splitlines() if "\x1b[7m" in line]
    assert len(code) > 20 and not any("?" in line for line in code)
    assert all(set(line) <= set("\x1b[0123456789;m ") for line in code)  # ANSI and spaces


@pytest.mark.parametrize("gap", [0.0, 0.01])
def test_a_double_ctrl_c_is_one_line(tmp_path: Path, gap: float) -> None:
    """An impatient double Ctrl-C: the second SIGINT came inside the first one's handler, which
    held the hint pool's lock, and the server hung for good (gap 0: only kill -9 stopped it), or
    printed uvicorn's 38-line traceback of the cancelled lifespan (gap 1-50 ms)."""
    server = start(tmp_path / "data", free_port())
    time.sleep(0.3)
    server.send_signal(signal.SIGINT)
    time.sleep(gap)
    server.send_signal(signal.SIGINT)
    try:
        _out, err = server.communicate(timeout=20)
    finally:
        if server.poll() is None:  # hung: stop it for the next test
            server.kill()
            server.wait(timeout=10)
    assert (server.returncode, err) == (130, "Error: interrupted\n")


def test_ctrl_c_while_phones_wait_for_hints_is_one_line(tmp_path: Path) -> None:
    """Requests waiting for hints when Ctrl-C came were cancelled by uvicorn at the end of its
    grace period, each with a traceback on the server's stderr (and those arriving after the
    pool closed with another); they are now answered at once, and the server says one line."""
    port = free_port()
    server = start(tmp_path / "data", port)
    status, game = call(port, "POST", "/api/wolf/games", {"mode": "easy", "side": "one_star"})
    assert status == 201
    base = f"/api/wolf/games/{game['id']}"
    sheep = ["harp", "clarinet", "accordion", "violin", "banjo", "jembe", "guitar", "trumpet"]

    def phone(k: int) -> None:
        with contextlib.suppress(OSError, ValueError):  # the server may stop mid-request
            if k < len(sheep):
                call(port, "POST", f"{base}/interviews", {"sheep": sheep[k], "points_to": "maraca"})
            for _ in range(6):
                call(port, "GET", base)  # waits for the hint of the newest state

    phones = [threading.Thread(target=phone, args=(k,), daemon=True) for k in range(48)]
    for thread in phones:
        thread.start()
    time.sleep(1.2)
    server.send_signal(signal.SIGINT)
    _out, err = server.communicate(timeout=30)
    assert server.returncode == 130
    assert err == "Error: interrupted\n"
    for thread in phones:
        thread.join(timeout=30)


@pytest.mark.parametrize("delay", [0.1, 0.25, 0.4])
def test_ctrl_c_to_the_group_while_the_worker_starts_is_one_line(
    tmp_path: Path, delay: float
) -> None:
    """A terminal's Ctrl-C reaches every process of the job: the advice worker, started by the
    first DOG game shown on your turn and still importing, printed a second `Error:
    interrupted` (13 runs of 16), or Python's traceback while it was starting (2 of 16)."""
    port = free_port()
    server = start(tmp_path / "data", port, group=True)
    hand = ["1/11", "13", "5", "7", "swap", "joker"]
    status, game = call(port, "POST", "/api/dog/games", {"seats": 4, "me": 0, "hand": hand})
    assert status == 201

    def phone() -> None:
        with contextlib.suppress(OSError, ValueError):  # the server stops mid-request
            call(port, "GET", f"/api/dog/games/{game['id']}")  # starts the worker

    asking = threading.Thread(target=phone, daemon=True)
    asking.start()
    time.sleep(delay)
    os.killpg(server.pid, signal.SIGINT)
    _out, err = server.communicate(timeout=30)
    assert (server.returncode, err) == (130, "Error: interrupted\n")
    asking.join(timeout=30)


def test_kill_9_leaves_no_worker_and_no_warning(tmp_path: Path) -> None:
    """After kill -9 the hint worker ends itself, and multiprocessing's resource tracker frees
    what the server left without warning of "leaked semaphore objects" on its stderr."""
    port = free_port()
    server = start(tmp_path / "data", port)
    status, game = call(port, "POST", "/api/wolf/games", {"mode": "easy", "side": "one_star"})
    assert status == 201
    status, _view = call(port, "GET", f"/api/wolf/games/{game['id']}")  # the worker has run
    assert status == 200
    children = descendants(server.pid)
    assert children  # the resource tracker and the hint worker
    server.send_signal(signal.SIGKILL)
    _out, err = server.communicate(timeout=30)  # until the last holder of stderr is gone
    assert err == ""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(_running(pid) for pid in children):
        time.sleep(0.1)
    assert not [pid for pid in children if _running(pid)]


def _running(pid: int) -> bool:
    """Whether ``pid`` is a process that has not ended (a zombie has)."""
    try:
        return "State:\tZ" not in Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False


def test_sigterm_stops_it_cleanly_hint_worker_and_all(tmp_path: Path) -> None:
    """`kill PID` (what a service manager sends): exit 143, nothing on stderr (Python used to
    warn of leaked semaphores: the process ended before the hint worker's queues were freed)."""
    port = free_port()
    server = start(tmp_path / "data", port)
    status, game = call(port, "POST", "/api/wolf/games", {"mode": "easy", "side": "one_star"})
    assert status == 201
    status, view = call(port, "GET", f"/api/wolf/games/{game['id']}")
    assert status == 200 and view["hint"]["ranking"]  # the hint worker process has run
    children = descendants(server.pid)
    assert children
    server.send_signal(signal.SIGTERM)
    _out, err = server.communicate(timeout=20)
    assert server.returncode == 143 and err == ""
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in children) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(pid) for pid in children)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_stop_while_a_request_is_still_arriving_is_one_line(
    tmp_path: Path, sig: signal.Signals
) -> None:
    """A phone on a weak network has sent its headers and part of its body: the stop waits out
    uvicorn's grace period, which then cancelled the request and printed a traceback."""
    port = free_port()
    server = start(tmp_path / "data", port)
    with socket.create_connection(("127.0.0.1", port)) as phone:
        phone.sendall(
            b"POST /api/wolf/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 50\r\n"
            b'Content-Type: application/json\r\n\r\n{"mode":'
        )
        time.sleep(0.5)  # the request has reached the app, waiting for the rest of its body
        server.send_signal(sig)
        _out, err = server.communicate(timeout=30)
    if sig == signal.SIGINT:
        assert (server.returncode, err) == (130, "Error: interrupted\n")
    else:
        assert (server.returncode, err) == (143, "")
    with sqlite3.connect(tmp_path / "data" / "games.sqlite3") as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone() == (0,)


def test_a_busy_port_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "sheepdog.cli.main",
                "serve",
                "--port",
                str(port),
                "--data",
                str(tmp_path / "d"),
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 1
    assert done.stderr == f"Error: cannot listen on 127.0.0.1:{port}: address already in use\n"


def test_a_host_with_a_stray_space_is_shown_quoted(tmp_path: Path) -> None:
    """It read "cannot listen on  127.0.0.1:8765", an address that looks right."""
    done = subprocess.run(
        [sys.executable, "-m", "sheepdog.cli.main", "serve", "--host", " 127.0.0.1"]
        + ["--port", str(free_port()), "--data", str(tmp_path / "d")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("Error: cannot listen on ' 127.0.0.1':")
    assert done.stderr.count("\n") == 1 and not (tmp_path / "d").exists()


@pytest.mark.parametrize("host", ["0.0.0.0", "0", "::", "::0", "0000::", "::ffff:0.0.0.0"])
def test_every_spelling_of_every_interface_gives_the_phones_this_machines_address(
    host: str,
) -> None:
    """``--host 0`` listened everywhere but gave the phones ``http://0:8765/``, an address
    they cannot open: the bound socket's own address says it is a wildcard."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        bound = str(sock.getsockname()[0])
    assert is_wildcard(bound)
    shown = public_address(host, bound)
    assert shown != host and not is_wildcard(shown)
    assert ipaddress.ip_address(shown).version == 4


def test_an_address_that_is_not_a_wildcard_is_shown_as_given() -> None:
    for host in ("127.0.0.1", "192.168.1.5", "localhost", "::1", "table.lan"):
        assert not is_wildcard(host) and public_address(host) == host


def test_loopback_and_the_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_data_dir() == tmp_path / "sheepdog"
    monkeypatch.setenv("XDG_DATA_HOME", "relative")  # ignored (XDG spec): was ./relative/...
    assert os.path.isabs(default_data_dir())
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_data_dir().name == "sheepdog"
    assert os.path.isabs(default_data_dir())


def test_a_data_folder_that_is_a_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from sheepdog.cli.main import main

    taken = tmp_path / "file"
    taken.write_text("x")
    with pytest.raises(SystemExit) as stop:
        main(["serve", "--data", str(taken), "--port", str(free_port())])
    out, err = capsys.readouterr()
    assert stop.value.code == 1 and out == ""
    assert err == f"Error: cannot use the data folder {taken}: not a directory: {taken}\n"


def test_a_second_server_on_the_same_folder_is_refused(tmp_path: Path) -> None:
    """Each server keeps its games in memory as their only writer: a second one on the folder
    would work on stale copies (it answered 500s and failed the other games' entries)."""
    data, port = tmp_path / "data", free_port()
    server = start(data, port)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "sheepdog.cli.main", "serve", "--port", str(free_port())]
            + ["--data", str(data)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 1
        assert done.stderr == (
            f"Error: another sheepdog serve is using {data}: stop it, or give another --data\n"
        )
    finally:
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=20)
    assert server.returncode == 130
    again = start(data, port)  # stopped, the folder is free again
    again.send_signal(signal.SIGKILL)
    again.wait(timeout=10)


def test_ctrl_c_is_130_even_when_started_with_sigint_ignored(tmp_path: Path) -> None:
    """A background job of a script starts with SIGINT ignored; `kill -INT` still stops the
    server (uvicorn listens for it), and that is exit 130 with one line, not a quiet 0."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "sheepdog.cli.main", "serve", "--port", str(port)]
        + ["--data", str(tmp_path / "data")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # until uvicorn answers (the socket listens before)
        try:
            if call(port, "GET", "/api/wolf/games")[0] == 200:
                break
        except OSError:
            time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=20)
    assert proc.returncode == 130 and err == "Error: interrupted\n"


@pytest.mark.parametrize(
    "raw",
    [
        b"GARBAGE\r\n\r\n",  # no request line
        b"GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n",  # a header without a colon
        b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 70_000,  # headers too large to wait for
    ],
)
def test_a_request_it_cannot_parse_gets_a_json_400(tmp_path: Path, raw: bytes) -> None:
    """uvicorn answered these itself, in plain text ("Invalid HTTP request received.")."""
    port = free_port()
    server = start(tmp_path / "data", port)
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
            conn.sendall(raw)
            answer = b""
            while chunk := conn.recv(65536):
                answer += chunk
    finally:
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=20)
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    assert lines[0] == "HTTP/1.1 400 Bad Request"
    assert "content-type: application/json" in [line.lower() for line in lines[1:]]
    assert json.loads(body) == {"error": "malformed HTTP request: it could not be read as HTTP/1.1"}


def test_a_broken_body_after_the_answer_leaves_no_traceback(tmp_path: Path) -> None:
    """A chunked body that breaks after the app has answered: h11 refused the 400 on top of
    the answer, and the server's terminal showed "Fatal error: protocol.data_received() call
    failed" with a traceback."""
    port = free_port()
    server = start(tmp_path / "data", port)
    head = b"POST /api/nothing HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
            conn.sendall(head)
            answer = conn.recv(65536)
            time.sleep(0.2)
            conn.sendall(b"zz\r\n")  # no chunk size: the body cannot be read
            with contextlib.suppress(OSError):
                while conn.recv(65536):
                    pass
    finally:
        server.send_signal(signal.SIGINT)
        _out, err = server.communicate(timeout=20)
    assert answer.startswith(b"HTTP/1.1 404 ")
    assert "Traceback" not in err and "Fatal error" not in err, err


def test_a_request_in_absolute_form_and_an_upgrade_are_answered_as_usual(tmp_path: Path) -> None:
    """``GET http://host:port/api/...`` (absolute form, RFC 9112 3.2.2) reached no route and got
    an HTML 404; a WebSocket upgrade request told the server's terminal to install a WebSocket
    library."""
    port = free_port()
    server = start(tmp_path / "data", port)

    def ask(target: str, *headers: str) -> tuple[str, bytes]:
        lines = [f"GET {target} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close"]
        with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
            conn.sendall("\r\n".join([*lines, *headers, "", ""]).encode())
            answer = b""
            while chunk := conn.recv(65536):
                answer += chunk
        head, _, body = answer.partition(b"\r\n\r\n")
        return head.decode("latin-1").split("\r\n")[0], body

    try:
        status, body = ask(f"http://127.0.0.1:{port}/api/wolf/games/zz")
        assert status == "HTTP/1.1 404 Not Found" and "no such game" in json.loads(body)["error"]
        # the path as sent: a letter beyond latin-1 was a 500, an escaped '?' cut the path
        status, body = ask(f"http://127.0.0.1:{port}/api/wolf/games/%E2%86%94%3Fx")
        assert status == "HTTP/1.1 404 Not Found"
        assert json.loads(body)["error"] == "no such game: \u2194?x"
        status, body = ask(f"http://127.0.0.1:{port}/api/wolf/games")
        assert status == "HTTP/1.1 200 OK" and isinstance(json.loads(body), list | dict)
        status, body = ask("http://rebound.example/api/wolf/games")  # its authority is checked
        assert status == "HTTP/1.1 403 Forbidden" and "rebound.example" in json.loads(body)["error"]
        # an upgrade is one only when Connection names it (uvicorn reads the last Connection)
        upgrade = ("Connection: Upgrade", "Upgrade: websocket", "Sec-WebSocket-Version: 13")
        status, _ = ask("/api/wolf/games", *upgrade)
        assert status == "HTTP/1.1 200 OK"
    finally:
        server.send_signal(signal.SIGINT)
        _out, err = server.communicate(timeout=20)
    assert "WebSocket" not in err and "Traceback" not in err, err


def test_rosters_of_ones_own_are_offered_and_a_bad_one_is_one_line(tmp_path: Path) -> None:
    """`serve --roster FILE` (repeatable) offers the file's roster for new Sly Wolf games; a
    roster named as a shipped one, or a shipped roster's name, is refused before the server
    starts."""
    from sheepdog.solver.slywolf.roster import load_roster, roster_to_dict

    farm, clash = tmp_path / "farm.json", tmp_path / "clash.json"
    (tmp_path / "Defualt").symlink_to("nowhere")
    content = roster_to_dict(load_roster("default"))
    clash.write_text(json.dumps(content))
    farm.write_text(json.dumps({**content, "name": "Farm"}))
    for given, told in (
        (str(clash), f"roster {clash} ('default'): its name is a shipped roster's"),
        ("known-deck", "--roster known-deck: the shipped rosters (default, known-deck,"),
        (  # no "did you mean": serve refuses the shipped names (review25, review25b: a link
            # to nothing too; a loop of links is "too many levels": tests/test_hostile_input.py)
            str(tmp_path / "Defualt"),
            f"--roster {tmp_path / 'Defualt'}: no such roster file (--roster adds a roster file of"
            " your own;"
            " the shipped rosters, default, known-deck, large-24, are offered already)\n",
        ),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "sheepdog.cli.main", "serve", "--roster", given]
            + ["--data", str(tmp_path / "d"), "--port", str(free_port())],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 1 and done.stderr.startswith(f"Error: {told}")
        assert len(done.stderr.splitlines()) == 1 and not (tmp_path / "d").exists()
    port = free_port()
    proc = start(tmp_path / "d", port, extra=("--roster", str(farm), "--roster", str(farm)))
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/") as page:
            assert '<option value="Farm">Farm</option>' in page.read().decode()
        status, made = call(port, "POST", "/api/wolf/games", {"roster": "Farm", "mode": "easy"})
        assert status == 201 and made["url"].startswith("/wolf/")
    finally:
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
    assert f"Rosters of your own for new Sly Wolf games: Farm ({farm})." in out.splitlines()


#: An Agent DOG observer view whose advice runs to the end of its time budget (3 s).
LONG_ADVICE = {
    "variant": "agent-dog",
    "me": 0,
    "position": {
        "variant": "agent-dog",
        "view": "observer",
        "seats": 4,
        "layout": "default",
        "pawns": {
            "0": ["u", "k", "k", "k"],
            "1": ["u", "u", "k", "k"],
            "2": ["u", "k", "k", "k"],
            "3": ["k", "k", "k", "k"],
        },
        "undercover": ["t4", "t8", "t20", "t24"],
        "hands": {
            "0": ["2", "3", "5", "12", "8"],
            "1": ["?"] * 5,
            "2": ["?"] * 5,
            "3": ["?"] * 5,
        },
        "to_move": 0,
        "last_card": None,
    },
}


def test_ctrl_c_while_a_request_waits_for_running_advice_answers_it_in_json(
    tmp_path: Path,
) -> None:
    """Found by a helper: a GET waiting for advice already running when Ctrl-C came waited
    through uvicorn's grace period (3 s, the advice's own budget) and got uvicorn's plain-text
    500.  It is now answered at once, in JSON, saying the server is stopping."""
    port = free_port()
    server = start(tmp_path / "data", port)
    status, game = call(port, "POST", "/api/dog/games", LONG_ADVICE)
    assert status == 201, game
    answers: list[tuple[int, Any]] = []
    waiting = threading.Thread(
        target=lambda: answers.append(call(port, "GET", f"/api/dog/games/{game['id']}"))
    )
    waiting.start()
    time.sleep(0.8)  # the advice is running in the worker
    server.send_signal(signal.SIGINT)
    _out, err = server.communicate(timeout=30)
    waiting.join(timeout=30)
    assert server.returncode == 130 and err == "Error: interrupted\n"
    [(status, body)] = answers
    assert status == 200 and body["advice_pending"] is False
    assert body["advice"] is None
    assert body["advice_error"] == "the server is stopping: the advice was not finished"


def _many_colourings_view() -> dict[str, Any]:
    """An observer view with two undercover pieces of each colour on holes: 8! / (2!)^4 =
    2,520 colourings, whose plays on offer take seconds to list."""
    from sheepdog.solver.agentdog.layout import DEFAULT_LAYOUT
    from sheepdog.solver.agentdog.observer import view_of, view_to_json
    from sheepdog.solver.agentdog.position import make_position

    holes = sorted(DEFAULT_LAYOUT.holes)
    track = [f for f in range(64) if f not in DEFAULT_LAYOUT.holes]
    pawns = [[holes[2 * s], holes[2 * s + 1], track[10 * s + 3], -1] for s in range(4)]
    hands = [["partner", "8", "2", "5", "13"], ["3"] * 5, ["6"] * 5, ["9"] * 5]
    view = view_to_json(view_of(make_position(pawns, hands, 0), 0))
    assert len(view["undercover"]) == 8
    return {"variant": "agent-dog", "players": 4, "me": 0, "position": view}


def test_ctrl_c_while_a_page_s_plays_are_listed_answers_in_json(tmp_path: Path) -> None:
    """Found by a helper: a GET whose Agent DOG plays take seconds to list (thousands of
    colourings) when Ctrl-C came ran on through uvicorn's grace period and got its plain-text
    500, and the server took 9 s to exit.  The listing now stops, the GET is answered at once
    in JSON (503, the server is stopping), and the server exits."""
    status, body = _ctrl_c_while_asked(tmp_path, "GET", "", None)
    assert status == 503
    assert body == {"error": "the server is stopping: this page was not finished"}


def _ctrl_c_while_asked(tmp_path: Path, method: str, tail: str, sent: Any) -> tuple[int, Any]:
    """Ctrl-C 1.5 s into a request on an Agent DOG game of 2,520 colourings (``tail`` after
    its API address): the server exits 130 with one line, within uvicorn's grace period;
    the request's answer."""
    port = free_port()
    server = start(tmp_path / "data", port)
    status, game = call(port, "POST", "/api/dog/games", _many_colourings_view())
    assert status == 201, game
    answers: list[tuple[int, Any]] = []
    path = f"/api/dog/games/{game['id']}{tail}"
    asking = threading.Thread(target=lambda: answers.append(call(port, method, path, sent)))
    asking.start()
    time.sleep(1.5)  # the plays are being listed
    stopped = time.monotonic()
    server.send_signal(signal.SIGINT)
    _out, err = server.communicate(timeout=60)
    asking.join(timeout=60)
    assert server.returncode == 130 and err == "Error: interrupted\n"
    assert time.monotonic() - stopped < 3  # within uvicorn's grace period
    [answer] = answers
    return answer


def test_ctrl_c_while_an_entry_s_play_is_worked_out_answers_in_json(tmp_path: Path) -> None:
    """Found by a helper: an entry whose Agent DOG play took seconds over thousands of
    colourings (a Partner's plays, listed to find the one entered by number) when Ctrl-C came
    was not stopped, unlike a page: it ran through uvicorn's grace period into its plain-text
    500.  It now gives up at once with JSON (503, nothing stored), and the server exits."""
    entry = {"seat": 0, "card": "partner", "play": 0}
    status, body = _ctrl_c_while_asked(tmp_path, "POST", "/plays", entry)
    assert status == 503
    assert body == {"error": "the server is stopping: this entry was not stored"}
    with sqlite3.connect(tmp_path / "data" / "games.sqlite3") as db:
        assert db.execute("SELECT count(*) FROM entries").fetchone() == (0,)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_stop_while_the_worker_works_out_advice_does_not_wait_for_it(
    tmp_path: Path, sig: signal.Signals
) -> None:
    """Found by a helper: stopped while the worker worked out an Agent DOG table's advice
    (seconds over thousands of colourings), the server answered at once but exited only once
    the advice was done (8-9 s): Python's exit waits for a pool's running work.  The worker is
    now stopped with the server."""
    port = free_port()
    server = start(tmp_path / "data", port)
    status, game = call(port, "POST", "/api/dog/games", _many_colourings_view())
    assert status == 201, game
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{game['url']}", timeout=30) as page:
        assert 'id="plays-pending"' in page.read().decode()  # and the advice is asked for
    children = descendants(server.pid)
    assert children  # the advice worker
    time.sleep(1.5)  # the advice is being worked out
    sent = time.monotonic()
    server.send_signal(sig)
    _out, err = server.communicate(timeout=60)
    assert time.monotonic() - sent < 3
    expected = (130, "Error: interrupted\n") if sig == signal.SIGINT else (143, "")
    assert (server.returncode, err) == expected
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in children) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(pid) for pid in children)
