"""Benchmark: ``sheepdog serve`` as the players use it, on loopback only.

Starts a real server (``sheepdog serve`` in a subprocess: uvicorn, SQLite in WAL mode with
``synchronous=FULL``) on a free port of 127.0.0.1 with a fresh data folder, then measures:

(a) tap to update: for every interview of the shipped easy cases, one at a time, the time from
    the page's form post of the interview (``POST /wolf/{id}/entry``, answered 303) to having
    the game page again with the updated suspects (its plan and best calls may follow a moment
    later: the page fetches them when they are worked out); and, for scripts, from
    ``POST /api/wolf/games/{id}/interviews`` to having ``GET /api/wolf/games/{id}`` (solve and
    hint objects, the hint awaited) in hand: median, p95, max;
(b) load: ``--clients`` threads, each on its own connection and its own notebook games, post
    interviews as fast as the server confirms them, bounded by ``--entries`` in all and
    ``--seconds``; then every confirmed entry is looked up in the database (none may be
    missing).  Prints entries per second.
(c) tap to update in a real browser (run before (b)): Debian's Chromium (``/usr/bin/chromium``,
    headless, driven by Playwright, a 360 x 740 touch screen), for the interviews of
    ``--browser-cases`` cases, one at a time: the interview's sheep, pointer and testimony
    chosen in the page's form, then the time from the tap on "Record the interview" (the click
    event, in the page) to the first paint of the new page, which shows the updated suspects
    (checked against the exact count); and, as the test driver sees it, from Playwright's tap
    to reading the new suspects: median, p95, max.  Skipped (with a line saying so) without
    that Chromium.

    python benchmarks/serve.py [--cases 8] [--browser-cases 4] [--clients 8] [--entries 2000]
                               [--seconds 60]
"""

from __future__ import annotations

import http.client
import json
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# sheepdog first (benchmarks.common imports it): without it, stop here, before any server
from benchmarks.common import Parser, fail, number, progress, progress_done, run_main, whole  # noqa: E402

#: the shipped easy cases, whose interviews (a), (b) and (c) enter
EASY_CASES = ROOT / "cases" / "easy"
#: seconds the server may take to start
START_SECONDS = 60.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def request(conn: http.client.HTTPConnection, method: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body)
    conn.request(method, path, body=data, headers={"Content-Type": "application/json"})
    answer = conn.getresponse()
    payload = json.loads(answer.read())
    if answer.status >= 400:
        raise RuntimeError(f"{method} {path}: {answer.status} {payload}")
    return payload


def interviews_of_cases(count: int) -> list[list[dict[str, Any]]]:
    files = sorted(EASY_CASES.glob("*.json"))[:count]
    return [json.loads(f.read_text())["interviews"] for f in files]


def tap_to_update(port: int, cases: list[list[dict[str, Any]]]) -> tuple[list[float], list[float]]:
    """Seconds from the tap to the page with the new suspects; from the API POST to the GET."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    page_times: list[float] = []
    api_times: list[float] = []
    for interviews in cases:
        game = request(conn, "POST", "/api/wolf/games", {"roster": "default", "mode": "easy"})
        for interview in interviews:
            form = urlencode(
                {
                    "action": "interview",
                    "sheep": interview["sheep"],
                    "points_to": interview.get("points_to", ""),
                    "testimony": interview.get("testimony", ""),
                }
            )
            start = time.perf_counter()
            conn.request(
                "POST",
                f"/wolf/{game['id']}/entry?token={game['token']}",
                body=form,
                headers={"Content-Type": "application/x-www-form-urlencoded"},
            )
            answer = conn.getresponse()
            answer.read()
            assert answer.status == 303 and "error=" not in answer.getheader("location", "")
            conn.request("GET", answer.getheader("location", ""))
            page = conn.getresponse().read().decode()
            page_times.append(time.perf_counter() - start)
            assert "Suspects: " in page and 'interviewed"' not in page
        api_game = request(conn, "POST", "/api/wolf/games", {"roster": "default", "mode": "easy"})
        base = f"/api/wolf/games/{api_game['id']}"
        for n, interview in enumerate(interviews, start=1):
            start = time.perf_counter()
            request(conn, "POST", base + "/interviews", interview)
            view = request(conn, "GET", base)
            api_times.append(time.perf_counter() - start)
            assert view["solve"]["interviewed"] == n and not view["hint_pending"]
    conn.close()
    return page_times, api_times


CHROMIUM = Path("/usr/bin/chromium")


#: In the page before a tap: remember when the tap's click happened (sessionStorage outlives the
#: page, which the form's post replaces).
MARK_TAP = """() => window.addEventListener("click", (e) => sessionStorage.setItem(
    "tap", String(performance.timeOrigin + e.timeStamp)), {capture: true, once: true})"""
#: In the new page: milliseconds from that click to the new page's first paint.
TAP_TO_PAINT = """() => new Promise((done) => { const look = () => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    if (paint) { done(performance.timeOrigin + paint.startTime
                      - Number(sessionStorage.getItem("tap"))); }
    else { setTimeout(look, 5); } }; look(); })"""


def tap_in_browser(port: int, cases: list[list[dict[str, Any]]]) -> tuple[list[float], list[float]]:
    """Seconds from the tap that records an interview to the new page's first paint, with the
    updated suspects (measured in the page); and from the driver's tap to the suspects read."""
    import os

    from playwright.sync_api import sync_playwright

    from sheepdog.solver.slywolf.findings import solve_puzzle
    from sheepdog.solver.slywolf.puzzle import puzzle_from_dict

    os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    times: list[float] = []
    painted: list[float] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        page = browser.new_context(
            viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
        ).new_page()
        for done, interviews in enumerate(cases):
            progress(f"in the browser: case {done + 1} of {len(cases)}")
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            game = request(conn, "POST", "/api/wolf/games", {"roster": "default", "mode": "easy"})
            conn.close()  # idle while the browser plays, the server would close it
            page.goto(f"http://127.0.0.1:{port}{game['url']}")
            # the page's script swaps in the page again when the hint is ready: wait for it,
            # or it would reset the form's choices
            page.locator("#hint-pending").wait_for(state="detached", timeout=30_000)
            for n, interview in enumerate(interviews, start=1):
                # a page takes no tap for a moment after it changes: a player looks first
                page.locator("body[data-settling]").wait_for(state="detached", timeout=30_000)
                puzzle = {"roster": "default", "mode": "easy", "interviews": interviews[:n]}
                expected = len(solve_puzzle(puzzle_from_dict(puzzle)).suspects)
                form = page.locator("form", has=page.locator("select[name=points_to]"))
                form.locator("select[name=sheep]").select_option(interview["sheep"])
                form.locator("select[name=points_to]").select_option(interview.get("points_to", ""))
                form.locator("select[name=testimony]").select_option(interview.get("testimony", ""))
                button = form.get_by_role("button", name="Record the interview")
                page.evaluate(MARK_TAP)
                start = time.perf_counter()
                with page.expect_navigation(wait_until="commit"):
                    button.tap()
                heading = page.locator("h2", has_text="Suspects: ").inner_text()
                times.append(time.perf_counter() - start)
                painted.append(float(page.evaluate(TAP_TO_PAINT)) / 1000)
                if heading.split()[1] != str(expected):
                    history = page.locator(".history").inner_text()
                    raise RuntimeError(
                        f"the page shows {heading!r}, expected {expected}: {history}"
                    )
                # the plan and the best calls follow; let the page settle before the next tap
                page.locator("#hint-pending").wait_for(state="detached", timeout=30_000)
        browser.close()
    progress_done()
    return painted, times


def load(
    port: int, cases: list[list[dict[str, Any]]], clients: int, entries: int, seconds: float
) -> tuple[int, float, list[tuple[str, str]]]:
    confirmed: list[tuple[str, str]] = []
    lock = threading.Lock()
    budget = [entries]
    deadline = time.monotonic() + seconds

    def worker(n: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        game_no = n
        while time.monotonic() < deadline:
            interviews = cases[game_no % len(cases)]
            game_no += clients
            game = request(conn, "POST", "/api/wolf/games", {"roster": "default", "mode": "easy"})
            for interview in interviews:
                with lock:
                    if budget[0] <= 0 or time.monotonic() >= deadline:
                        conn.close()
                        return
                    budget[0] -= 1
                answer = request(
                    conn, "POST", f"/api/wolf/games/{game['id']}/interviews", interview
                )
                with lock:
                    confirmed.append((game["id"], answer["line"]))
        conn.close()

    threads = [threading.Thread(target=worker, args=(n,), daemon=True) for n in range(clients)]
    start = time.perf_counter()
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    except KeyboardInterrupt:  # Ctrl-C: no more posts; each client ends its request, then stops
        with lock:
            budget[0] = 0
        for t in threads:
            if t.is_alive():
                t.join(timeout=10)
        raise
    return len(confirmed), time.perf_counter() - start, confirmed


def last_line(path: Path) -> str:
    """The last line that says something in the file at ``path`` (without ``Error: ``)."""
    try:
        lines = [line.strip() for line in path.read_text(errors="replace").splitlines()]
    except OSError:
        return "(no output)"
    said = [line for line in lines if line]
    return said[-1].removeprefix("Error: ") if said else "(no output)"


def wait_for(server: subprocess.Popen[bytes], port: int, out: Path, err: Path) -> None:
    """Until the server started by us listens on ``port``: it says so (after binding the
    port, so the server answering is ours) and takes a connection; stop if it ends first."""
    ready = f"127.0.0.1:{port}/"
    deadline = time.monotonic() + START_SECONDS
    while True:
        if server.poll() is not None:
            fail(f"the server did not start: {last_line(err)}")
        try:
            said = out.read_text(errors="replace")
        except OSError:
            said = ""
        if ready in said:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                if server.poll() is None:
                    return
            except OSError:
                pass
        if time.monotonic() > deadline:
            fail(
                f"the server did not start in {START_SECONDS:.0f} s (port {port}): {last_line(err)}"
            )
        time.sleep(0.05)


def main() -> None:
    most = len(list(EASY_CASES.glob("*.json")))
    if not most:
        fail(f"no shipped easy cases in {EASY_CASES}")
    parser = Parser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--cases",
        type=whole(1, most),
        default=min(8, most),
        help=f"shipped easy cases for (a), 1 to {most}",
    )
    parser.add_argument(
        "--browser-cases",
        type=whole(0, most),
        default=None,
        help="shipped easy cases for (c), at most --cases; 0 skips it (default 4)",
    )
    parser.add_argument(
        "--clients", type=whole(1, 64), default=8, help="concurrent clients for (b)"
    )
    parser.add_argument(
        "--entries", type=whole(1, 100_000), default=2000, help="at most this many in (b)"
    )
    parser.add_argument(
        "--seconds",
        type=number(0, 600, above=True),
        default=60.0,
        help="at most this long in (b)",
    )
    args = parser.parse_args()
    if args.browser_cases is None:
        args.browser_cases = min(4, args.cases)
    if args.browser_cases > args.cases:
        parser.error(
            f"--browser-cases {args.browser_cases} is more than --cases {args.cases}: (c) plays"
            " the first cases of (a)"
        )
    cases = interviews_of_cases(args.cases)
    with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryDirectory() as logs:
        port = free_port()
        out, err = Path(logs) / "stdout.txt", Path(logs) / "stderr.txt"
        with out.open("wb") as out_file, err.open("wb") as err_file:
            server = subprocess.Popen(
                [sys.executable, "-m", "sheepdog.cli.main", "serve", "--port", str(port)]
                + ["--data", folder],
                stdout=out_file,
                stderr=err_file,
            )
        try:
            wait_for(server, port, out, err)
            page_times, api_times = tap_to_update(port, cases)
            for what, times in (("tap to page", page_times), ("API POST+GET", api_times)):
                ms = [1000 * t for t in times]
                print(
                    f"(a) {what}, {len(ms)} interviews: median {statistics.median(ms):.1f} ms, "
                    f"p95 {percentile(ms, 0.95):.1f} ms, max {max(ms):.1f} ms"
                )
            if args.browser_cases and not CHROMIUM.exists():
                print("(c) skipped: no /usr/bin/chromium (apt-get install chromium)")
            elif args.browser_cases:
                painted, driven = tap_in_browser(port, cases[: args.browser_cases])
                for what, times in (
                    ("tap to the updated suspects painted (in the page)", painted),
                    ("driver's tap to the suspects read (Playwright)", driven),
                ):
                    ms = [1000 * t for t in times]
                    print(
                        f"(c) Chromium, {what}, {len(ms)} interviews: median "
                        f"{statistics.median(ms):.1f} ms, p95 {percentile(ms, 0.95):.1f} ms, "
                        f"max {max(ms):.1f} ms"
                    )
            count, wall, confirmed = load(port, cases, args.clients, args.entries, args.seconds)
        finally:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        db = sqlite3.connect(Path(folder) / "games.sqlite3")
        stored = set(db.execute("SELECT game, line FROM entries").fetchall())
        db.close()
        lost = sum(1 for entry in confirmed if entry not in stored)
        print(
            f"(b) load, {args.clients} clients: {count} entries in {wall:.2f} s = "
            f"{count / wall:.0f} entries/s; confirmed but not stored: {lost}"
        )


if __name__ == "__main__":
    run_main(main)
