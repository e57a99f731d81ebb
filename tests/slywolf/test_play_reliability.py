"""``sheepdog wolf play`` (and ``wolf hint`` on game files) under hostile conditions: a game file
broken key by key, two sessions on one file, ``kill -9`` after a reply, a full disk, Ctrl-C at
the prompt and during a hint, the end of the input, line editing in a terminal.

The sessions run as real processes (``python -c "...main()"``), fed through pipes (or a
pseudo-terminal), so what is tested is what a player at the table gets."""

from __future__ import annotations

import copy
import errno
import functools
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
import typer.testing
from typer.main import get_command
from typer.testing import CliRunner

from sheepdog.cli.main import app
from sheepdog.solver.fileio import TEMP_MARK
from sheepdog.solver.filelock import LOCK_MARK
from sheepdog.solver.slywolf.session import load_game

runner = CliRunner()

#: A few lines typed at the table: four stack tops, an interview, a sheep called and its draw.
TYPED = [
    "top harp",
    "top trumpet",
    "top banjo",
    "top accordion",
    "call harp",
    "found pumpkin",
    "interview harp, guitar, red jacket",
    "top violin",
    "call trumpet",
    "found lettuce",
]

#: The interview that ends the turn of TYPED (one line of reply on stdout).
INTERVIEW = "interview trumpet, guitar, ?"

MAIN = "from sheepdog.cli.main import main; main()"
BUSY = "is open in another 'sheepdog wolf play' session"


def new_game_file(path: Path, lines: list[str] = TYPED, *options: str) -> Path:
    """A real game file: ``play --new`` (and ``options``) and ``lines`` typed."""
    argv = ["wolf", "play", str(path), "--new", *options]
    result = runner.invoke(app, argv, input="\n".join(lines))
    assert result.exit_code == 0 and result.stderr == "", result.output
    return path


def _default_sigint() -> None:  # a child of a shell job may start with SIGINT ignored
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Session:
    """``sheepdog wolf play FILE`` in a child process, its input and output through pipes."""

    def __init__(self, path: Path, *args: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", MAIN, "wolf", "play", str(path), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            preexec_fn=_default_sigint,
        )
        self.pending = b""

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()

    def _read_until(self, done: bytes, timeout: float) -> None:
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + timeout
        while done not in self.pending:
            left = deadline - time.monotonic()
            assert left > 0, f"not seen in {timeout} s: {done!r}; got {self.pending!r}"
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                chunk = os.read(fd, 65536)
                assert chunk, f"the session ended; got {self.pending!r}"
                self.pending += chunk

    def reply(self, timeout: float = 60.0) -> str:
        """The next line the session prints on stdout (prompts stripped)."""
        self._read_until(b"\n", timeout)
        line, self.pending = self.pending.split(b"\n", 1)
        return line.decode().lstrip("> ")

    def prompt(self, timeout: float = 60.0) -> None:
        """Wait until the session shows its prompt (and so waits for a line)."""
        self._read_until(b"> ", timeout)

    def finish(self, timeout: float = 60.0) -> tuple[int, str, str]:
        """Close the input; the exit code, the rest of stdout, and stderr."""
        out, err = self.proc.communicate(timeout=timeout)
        return self.proc.returncode, (self.pending + out).decode(), err.decode()

    def kill(self, sig: int) -> tuple[int, str, str]:
        self.proc.send_signal(sig)
        out, err = self.proc.communicate(timeout=60)
        return self.proc.returncode, (self.pending + out).decode(), err.decode()


@pytest.fixture
def session_list() -> Iterator[list[Session]]:
    """Sessions a test starts; any still running at the end is killed."""
    started: list[Session] = []
    yield started
    for s in started:
        if s.proc.poll() is None:
            s.proc.kill()
            s.proc.communicate()


def log_of(path: Path) -> list[str]:
    game = load_game(path)
    assert game is not None
    return list(game.log)


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if TEMP_MARK in p.name or LOCK_MARK in p.name)


# -- 1. a game file broken key by key ------------------------------------------------------------


def _deep(depth: int) -> Any:
    value: Any = "x"
    for _ in range(depth):
        value = [value]
    return value


#: What each key (and each list item) of the "game" object is set to in turn.
BAD_VALUES: dict[str, Any] = {
    "null": None,
    "string": "x",
    "list": ["x"],
    "object": {"x": 1},
    "huge int": 10**40,
    "negative": -1,
    "float": 0.5,
    "bool": True,
    "nested deep": _deep(40),  # within the reader's limit: the game's checks see it
    "nested too deep": "<deep>",  # 1000 levels, written by hand: the reader refuses it
}
DEEP_TEXT = "[" * 1000 + "]" * 1000


def _paths(value: Any, prefix: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for n, item in enumerate(value):
            yield from _paths(item, prefix + (n,))


def _mutants(game: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every key and list item of ``game`` deleted, then set to each bad value."""
    for path in _paths(game):
        for how in ["deleted", *BAD_VALUES]:
            if how == "deleted" and not path:
                continue
            mutant = {"game": copy.deepcopy(game)}
            holder: Any = mutant
            for key in ("game", *path)[:-1]:
                holder = holder[key]
            last = ("game", *path)[-1]
            if how == "deleted":
                del holder[last]
            else:
                holder[last] = BAD_VALUES[how]
            yield f"game.{'.'.join(map(str, path))} {how}", mutant["game"]


def _one_error_at_most(result: Any, about: str) -> list[str]:
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        about,
        repr(result.exception),
    )
    assert result.exit_code in (0, 1), (about, result.output)
    errors = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(errors) <= 1 and all(line.startswith("Error: ") for line in errors), (about, errors)
    return errors


def test_every_key_of_a_game_file_broken_is_one_error_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each key of a real game file deleted or set to null, a string, a list, an object, a huge
    number, ... : ``hint`` and ``play`` give their output or one ``Error:`` line naming the file
    and the key, never a traceback; ``play`` errs before its first prompt."""
    # The runner turns the app into a command at every call (most of a run's time); once will do.
    monkeypatch.setattr(typer.testing, "_get_command", functools.cache(get_command))
    source = new_game_file(tmp_path / "source.json")
    data = json.loads(source.read_text(encoding="utf-8"))
    path = tmp_path / "mutant.json"
    runs = refused = 0
    for about, game in _mutants(data["game"]):
        text = json.dumps(dict(data, game=game)).replace('"<deep>"', DEEP_TEXT)
        path.write_text(text, encoding="utf-8")
        hint = runner.invoke(app, ["wolf", "hint", str(path), "--top", "1"])
        hint_errors = _one_error_at_most(hint, about)
        played = runner.invoke(app, ["wolf", "play", str(path)], input="call harp\n")
        play_errors = _one_error_at_most(played, about)
        runs += 2
        if hint.exit_code == 1 and "contradict" not in hint.stderr:
            refused += 1
            # the same one line from both commands, naming the file and the key, and play
            # stops before its first prompt
            assert play_errors == hint_errors and played.exit_code == 1, about
            assert played.stdout == "", about
            line = hint_errors[0]
            if "nested deeper than" in line:
                assert about.endswith("nested too deep") and f"{path}: JSON" in line, about
                continue
            top_key = about.split(".")[1].split(" ")[0]
            assert f"{path}: game: " in line, (about, line)
            assert top_key.rstrip("s") in line or top_key == "", (about, line)
    assert runs > 500 and refused > 100  # the sweep did reach the validation


def test_a_turn_no_entry_can_reach_is_refused(tmp_path: Path) -> None:
    """A called sheep that left its stack without an interview crashed the plan (KeyError);
    the turn of a game file must be one the entries can make."""
    data = json.loads(new_game_file(tmp_path / "g.json").read_text(encoding="utf-8"))
    cases = [
        ({"called": ["trumpet"], "found": []}, "'turn.called': 'trumpet' is neither on top"),
        ({"called": ["banjo"], "found": ["pumpkin", "peas"]}, "'turn.found' must hold one"),
        ({"called": ["banjo"], "found": ["carrot"]}, "'turn.found': 'banjo' does not want"),
        ({"called": ["banjo", "harp"], "found": ["peas"]}, "'harp' does not like every"),
    ]
    for turn, words in cases:
        game = dict(data["game"], turn=turn)
        game["stacks"] = [{"top": "banjo", "tiles": 4}, {"top": None, "tiles": 3}]
        game["stacks"] += [{"top": None, "tiles": 0}] * 2
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(dict(data, game=game)), encoding="utf-8")
        for argv in (["wolf", "hint", str(path)], ["wolf", "play", str(path)]):
            result = runner.invoke(app, argv, input="hint\n")
            assert result.exit_code == 1 and result.stdout == "", result.output
            assert result.stderr.startswith(f"Error: {path}: game: ")
            assert words in result.stderr and result.stderr.count("\n") == 1


def test_play_on_an_invalid_game_file_errs_once_before_any_prompt(tmp_path: Path) -> None:
    data = json.loads(new_game_file(tmp_path / "g.json").read_text(encoding="utf-8"))
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(dict(data, game=dict(data["game"], log="top harp"))), "utf-8")
    proc = subprocess.run(
        [sys.executable, "-c", MAIN, "wolf", "play", str(path)],
        input="top violin\nhint\ncall violin\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1 and proc.stdout == ""
    assert proc.stderr == f"Error: {path}: game: 'log' must be a list of lines\n"
    assert json.loads(path.read_text("utf-8"))["game"]["log"] == "top harp"  # left alone


def test_a_line_longer_than_any_entry_is_refused_before_the_log_keeps_it(tmp_path: Path) -> None:
    """A refused line is kept in the log: one of 17 MB made a file over the 16 MiB a game file
    may be, which then no longer loaded, every line before it with it."""
    path = new_game_file(tmp_path / "g.json")
    proc = subprocess.run(
        [sys.executable, "-c", MAIN, "wolf", "play", str(path)],
        input="top violin\n" + "x" * (17 * 2**20) + "\ntop harp\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert (
        "Error: a line of 17,825,792 characters is no entry (entries are at most 500); "
        "it was not recorded\n"
    ) in proc.stderr
    saved = json.loads(path.read_text("utf-8"))["game"]["log"]
    assert saved[-2:] == ["top violin", "top harp"] and max(map(len, saved)) < 100
    again = subprocess.run(
        [sys.executable, "-c", MAIN, "wolf", "hint", str(path), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert again.returncode == 0, again.stderr


def test_play_options_and_paths_as_typed_on_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shipped = Path(__file__).resolve().parents[2] / "cases" / "default.toml"
    (tmp_path / "r16.toml").write_text(shipped.read_text("utf-8"), "utf-8")
    monkeypatch.chdir(tmp_path)

    def play(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", MAIN, "wolf", "play", *args],
            input="",
            capture_output=True,
            text=True,
            timeout=120,
        )

    done = play("games/g.json", "--new", "--roster", "r16.toml")
    assert done.returncode == 0, done.stderr
    game = json.loads((tmp_path / "games" / "g.json").read_text("utf-8"))
    assert game["roster"] == os.path.join("..", "r16.toml")  # relative to the game file
    assert load_game(tmp_path / "games" / "g.json") is not None
    missing = play("games/h.json", "--new", "--roster", "nope.toml")
    assert missing.returncode == 1 and missing.stderr.startswith(
        "Error: no such roster file: nope.toml"
    )
    assert not (tmp_path / "games" / "h.json").exists()
    os.mkfifo(tmp_path / "piped.toml")  # exists, but the game file could not read it again
    piped = play("games/h.json", "--new", "--roster", "piped.toml")
    assert piped.returncode == 1 and "is not an ordinary file (a pipe?)" in piped.stderr
    assert not (tmp_path / "games" / "h.json").exists()
    ignored = play("games/g.json", "--roster", "r16.toml", "--side", "two_star")
    assert ignored.returncode == 2  # options that do not go together: a usage error
    assert ignored.stderr == (
        "Error: --roster, --side apply only with --new (a game file keeps its own)\n"
    )
    default = play("games/g.json", "--skill", "0.5")  # typed, even with the default value
    assert default.returncode == 2 and default.stderr.startswith("Error: --skill applies only")
    folder = play("games", "--new", "--force")
    assert folder.returncode == 1
    assert folder.stderr == "Error: games is a directory, not a game file\n"


def test_a_roster_without_vegetables_cannot_start_a_game(tmp_path: Path) -> None:
    """No sheep of large-24 likes a vegetable, so none could ever be called: refused at --new."""
    large = Path(__file__).resolve().parents[2] / "cases" / "rosters" / "large-24.toml"
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            MAIN,
            "wolf",
            "play",
            str(tmp_path / "g.json"),
            "--new",
            "--roster",
            str(large),
        ],
        input="",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1 and done.stderr.startswith("Error: the roster gives no vegetables")
    assert len(done.stderr.splitlines()) == 1 and not (tmp_path / "g.json").exists()


def test_a_read_only_game_file_is_refused_not_saved_over(tmp_path: Path) -> None:
    """A file marked read-only is not replaced by the session's saves (renaming needs only the
    folder's permission, and root may write anything): one error, the file untouched."""
    path = new_game_file(tmp_path / "g.json")
    before = path.read_bytes()
    path.chmod(0o444)

    def play() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", MAIN, "wolf", "play", str(path)],
            input=INTERVIEW + "\n",
            capture_output=True,
            text=True,
            timeout=120,
        )

    done = play()
    assert done.returncode == 1
    assert done.stderr == f"Error: {path} is read-only; make it writable to save to it\n"
    assert path.read_bytes() == before
    path.chmod(0o644)
    again = play()
    assert again.returncode == 0, again.stderr
    assert path.read_bytes() != before


# -- 2. two sessions on one file -----------------------------------------------------------------


def test_a_second_session_on_one_file_is_refused(
    tmp_path: Path, session_list: list[Session]
) -> None:
    path = new_game_file(tmp_path / "g.json")
    first = Session(path)
    session_list.append(first)
    first.send(INTERVIEW)
    assert first.reply().startswith("interviews recorded")  # the first session is running
    second = Session(path)
    session_list.append(second)
    second.send("top saxophone")
    code, out, err = second.finish()
    assert code == 1 and out == "" and err == f"Error: {path} {BUSY}\n"
    # through another name of the same file (a symbolic link) too
    link = tmp_path / "link.json"
    link.symlink_to(path)
    third = Session(link)
    session_list.append(third)
    code, out, err = third.finish()
    assert code == 1 and err == f"Error: {link} {BUSY}\n"
    # the first session's lines are all kept
    first.send("top saxophone")
    assert first.reply() == "saxophone is on top of a stack"
    code, out, err = first.finish()
    assert code == 0 and out == "> " and err == ""
    assert log_of(path) == TYPED + [INTERVIEW, "top saxophone"]
    assert leftovers(tmp_path) == []  # the lock file went with the session
    # the file is free again
    again = runner.invoke(app, ["wolf", "play", str(path)], input="hint\n")
    assert again.exit_code == 0, again.output


def test_play_new_takes_the_lock_before_it_writes(
    tmp_path: Path, session_list: list[Session]
) -> None:
    path = new_game_file(tmp_path / "g.json")
    first = Session(path)
    session_list.append(first)
    first.send("hint")
    assert first.reply().endswith("suspects.")
    before = path.read_bytes()
    result = runner.invoke(app, ["wolf", "play", str(path), "--new", "--force"], input="")
    assert result.exit_code == 1 and result.stderr == f"Error: {path} {BUSY}\n"
    assert path.read_bytes() == before
    assert first.finish()[0] == 0


# -- 3. nothing lost: kill -9, stray temporary files, a full disk --------------------------------


def test_a_line_answered_survives_kill_9(tmp_path: Path, session_list: list[Session]) -> None:
    path = new_game_file(tmp_path / "g.json", TYPED[:4])
    for line, answer in [
        ("call harp", "called harp: it wants pumpkin, bell pepper, tomato"),
        ("found tomato", "tomato found: interview harp"),
        ("interview harp, guitar, red jacket", "interviews recorded"),
    ]:
        session = Session(path)
        session_list.append(session)
        session.send(line)
        assert session.reply().startswith(answer)
        code, _out, _err = session.kill(signal.SIGKILL)
        assert code == -signal.SIGKILL
        assert log_of(path)[-1] == line  # on disk before the reply was printed
    game = load_game(path)
    assert game is not None and len(game.puzzle.interviews) == 1
    assert leftovers(tmp_path) == [f".g.json{LOCK_MARK}"]  # a killed session's lock file stays,
    assert runner.invoke(app, ["wolf", "play", str(path)], input="").exit_code == 0  # no matter:
    assert leftovers(tmp_path) == []  # the next session takes it (no process holds it), removes it


def test_kill_9_at_any_moment_leaves_a_whole_file_and_no_strays(
    tmp_path: Path, session_list: list[Session]
) -> None:
    """Lines sent as fast as the pipe takes them and the session killed at once: the file holds
    a prefix of the lines typed (whole, never half written); what a killed write left behind is
    removed by the next session."""
    path = new_game_file(tmp_path / "g.json", TYPED[:4])
    typed = list(TYPED[:4])
    for n in range(8):
        session = Session(path)
        session_list.append(session)
        lines = ["hint", f"top {'violin' if n % 2 else 'harp'}"] * 20
        for line in lines:
            session.send(line)
        time.sleep(0.05 * n)
        session.kill(signal.SIGKILL)
        log = log_of(path)
        assert log[: len(typed)] == typed
        assert log[len(typed) :] == lines[: len(log) - len(typed)]
        typed = log
    (tmp_path / f".g.json{TEMP_MARK}0123abcd").write_text('{"half": ', "utf-8")  # a killed write
    (tmp_path / f".other.json{TEMP_MARK}0123abcd").write_text("{", "utf-8")  # someone else's
    result = runner.invoke(app, ["wolf", "play", str(path)], input="")
    assert result.exit_code == 0
    assert leftovers(tmp_path) == [f".other.json{TEMP_MARK}0123abcd"]  # young, not ours: kept


def test_a_full_disk_is_one_error_line_and_the_line_is_not_confirmed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = new_game_file(tmp_path / "g.json", TYPED[:4])
    real_write = os.write
    disk_full = False

    def write(fd: int, data: Any) -> int:
        if disk_full and fd > 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", write)
    disk_full = True
    result = runner.invoke(app, ["wolf", "play", str(path)], input="call harp\nfound tomato\n")
    assert result.exit_code == 1
    assert result.stdout == "> "  # no reply: the line is not confirmed
    assert result.stderr == (
        f"Error: no space left on device writing {path}; the line 'call harp' was not saved\n"
    )
    assert log_of(path) == TYPED[:4]
    assert leftovers(tmp_path) == []
    disk_full = False
    again = runner.invoke(app, ["wolf", "play", str(path)], input="call harp\n")
    assert again.exit_code == 0 and "called harp" in again.stdout
    assert log_of(path) == TYPED[:4] + ["call harp"]


# -- 4. Ctrl-C and the end of the input ----------------------------------------------------------


def test_ctrl_c_at_the_prompt_is_one_line_and_exit_130(
    tmp_path: Path, session_list: list[Session]
) -> None:
    path = new_game_file(tmp_path / "g.json", TYPED[:4])
    session = Session(path)
    session_list.append(session)
    session.send("call harp")
    assert session.reply().startswith("called harp")
    session.prompt()
    code, out, err = session.kill(signal.SIGINT)
    assert code == 130 and err == "Error: interrupted\n" and out == "> "
    assert log_of(path) == TYPED[:4] + ["call harp"]
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("delay", [0.0, 0.01, 0.03, 0.08, 0.2])
def test_ctrl_c_during_a_hint_is_one_line_and_exit_130(
    delay: float, tmp_path: Path, session_list: list[Session]
) -> None:
    path = new_game_file(tmp_path / "g.json")
    session = Session(path)
    session_list.append(session)
    session.send(INTERVIEW)
    session.reply()  # the session is up and waits at its prompt
    session.send("hint")
    time.sleep(delay)
    code, _out, err = session.kill(signal.SIGINT)
    assert code == 130 and err == "Error: interrupted\n"
    log = log_of(path)  # a whole file: the hint line is saved or not, never half
    assert log in (TYPED + [INTERVIEW], TYPED + [INTERVIEW, "hint"])
    assert leftovers(tmp_path) == []


def test_the_end_of_the_input_ends_the_session_cleanly(
    tmp_path: Path, session_list: list[Session]
) -> None:
    path = new_game_file(tmp_path / "g.json", TYPED[:4])
    session = Session(path)
    session_list.append(session)
    session.send("call harp")
    code, out, err = session.finish()
    assert code == 0 and err == ""
    assert out == "> called harp: it wants pumpkin, bell pepper, tomato\n> "
    assert log_of(path)[-1] == "call harp" and leftovers(tmp_path) == []
    # no input at all (stdin closed) is the end of the input too
    closed = subprocess.run(
        [sys.executable, "-c", MAIN, "wolf", "play", str(path)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert closed.returncode == 0 and closed.stderr == ""


def test_undecodable_input_is_a_refused_line_not_a_crash(tmp_path: Path) -> None:
    path = new_game_file(tmp_path / "g.json", TYPED[:4])
    proc = subprocess.run(
        [sys.executable, "-c", MAIN, "wolf", "play", str(path)],
        input=b"top \xff\xfe\ncall harp\n",
        capture_output=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.startswith(b"Error: ") and proc.stderr.count(b"\n") == 1
    assert log_of(path)[-2:] == ["top \ufffd\ufffd", "call harp"]


# -- 5. line editing and history in a terminal ---------------------------------------------------


def _own_terminal() -> None:  # the child only: a session of its own, its terminal this pty
    import fcntl
    import termios

    _default_sigint()
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """``wolf play`` on ``path`` in a pseudo-terminal: :meth:`type` sends keys, :meth:`wait_for`
    reads until a text shows."""

    def __init__(
        self, path: Path, *, controlling: bool = False, options: Sequence[str] = ()
    ) -> None:
        """``controlling``: the pseudo-terminal is the session's own, so a typed Ctrl-C
        (``\x03``) shows ``^C`` and sends SIGINT, as at a real terminal; ``options``
        follow the file."""
        import pty

        self.leader, follower = pty.openpty()
        env = dict(os.environ, TERM="xterm")
        self.proc = subprocess.Popen(
            [sys.executable, "-c", MAIN, "wolf", "play", str(path), *options],
            stdin=follower,
            stdout=follower,
            stderr=follower,
            env=env,
            preexec_fn=_own_terminal if controlling else _default_sigint,
            close_fds=True,
        )
        os.close(follower)
        self.seen = b""

    def type(self, keys: bytes) -> None:
        os.write(self.leader, keys)

    def wait_for(self, text: bytes, after: bytes = b"") -> None:
        """Read until ``text`` shows (after the last ``after``, when given)."""

        def shown() -> bool:
            start = self.seen.rfind(after) + len(after) if after else 0
            return after in self.seen and text in self.seen[start:]

        deadline = time.monotonic() + 60
        while not shown():
            assert time.monotonic() < deadline, self.seen
            ready, _, _ = select.select([self.leader], [], [], 1.0)
            if ready:
                try:
                    self.seen += os.read(self.leader, 4096)
                except OSError:  # the session ended
                    break
        assert shown(), self.seen

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        os.close(self.leader)


def test_the_prompt_has_history_in_a_terminal(tmp_path: Path) -> None:
    """In a terminal, the up arrow brings back the line typed before (readline), and Ctrl-D
    ends the prompt's line."""
    pytest.importorskip("readline")
    path = new_game_file(tmp_path / "g.json", TYPED[:4])
    term = Terminal(path)
    try:
        term.wait_for(b"> ")
        term.type(b"call harp\r")
        term.wait_for(b"called harp")
        term.type(b"\x1b[A\r")  # up arrow: "call harp" again, refused (already called)
        term.wait_for(b"already called")
        term.wait_for(b"> ", after=b"already called")  # the next prompt is up: readline waits
        term.type(b"\x04")  # Ctrl-D at an empty prompt: the end of the input
        assert term.proc.wait(timeout=60) == 0
        # the prompt's line is ended: the shell's prompt started on the same line as "> "
        term.wait_for(b"\n", after=b"> ")
    finally:
        term.close()
    assert log_of(path)[-2:] == ["call harp", "call harp"]


KEPT_UNIFORM = b"chances over every case (--model uniform, kept in the game file; --model valid"


@pytest.mark.parametrize(
    ("begun", "options", "words"),
    [
        ((), (), b"chances over the valid cases only (the default; --model uniform counts every"),
        ((), ("--model", "uniform"), KEPT_UNIFORM),
        (("--model", "uniform"), (), KEPT_UNIFORM),
        (("--model", "uniform"), ("--model", "valid"), b"valid cases only (--model valid, kept"),
    ],
)
def test_a_resumed_game_says_which_cases_its_chances_count(
    tmp_path: Path, begun: tuple[str, ...], options: tuple[str, ...], words: bytes
) -> None:
    """A game begun with ``--model uniform`` and resumed without it counted the valid cases
    again, its chances changed, and nothing said so; then the resume line said which cases it
    counted, and now the file keeps the model (a ``--model`` given on resuming replaces it)."""
    path = new_game_file(tmp_path / "g.json", TYPED[:4], *begun)
    term = Terminal(path, options=options)
    try:
        term.wait_for(b"Game resumed: ")
        term.wait_for(words, after=b"Game resumed: ")
        term.wait_for(b"> ", after=b"Game resumed: ")
        term.type(b"\x04")  # Ctrl-D at the prompt
        assert term.proc.wait(timeout=60) == 0
    finally:
        term.close()


def test_ctrl_c_with_a_line_half_typed_puts_the_error_on_its_own_line(tmp_path: Path) -> None:
    """Ctrl-C at the prompt with "call gui" typed printed "> call guiError: interrupted"."""
    pytest.importorskip("readline")
    path = new_game_file(tmp_path / "g.json", TYPED[:4])
    term = Terminal(path)
    try:
        term.wait_for(b"> ")
        term.type(b"call gui")
        term.wait_for(b"call gui")
        term.proc.send_signal(signal.SIGINT)  # the pty is not its controlling terminal
        assert term.proc.wait(timeout=60) == 130
        term.wait_for(b"Error: interrupted")
    finally:
        term.close()
    assert re.search(rb"(^|\n)Error: interrupted", term.seen), term.seen
    assert log_of(path) == TYPED[:4]  # nothing half-typed was stored


#: A prompt whose Ctrl-C came while readline was not waiting for a key: the signal goes to a
#: second thread, so the main thread's wait for a key goes on, as when a Ctrl-C lands while
#: readline handles a key typed ahead.
_MISSED_CTRL_C = """
import signal, sys, threading, time
from sheepdog.cli import wolf_hint
wolf_hint._prepare_stdin()
def ctrl_c():
    time.sleep(1.0)
    signal.pthread_kill(threading.get_ident(), signal.SIGINT)
threading.Thread(target=ctrl_c).start()
try:
    wolf_hint._read_line("> ")
except KeyboardInterrupt:
    print("interrupted")
"""


def test_a_ctrl_c_that_came_between_keys_is_answered_at_the_prompt() -> None:
    """Found by a tester: CPython's readline acts on a signal only when the signal breaks its
    wait for a key (cpython#112585), and the terminal drops the keys after a Ctrl-C: one that
    came while readline handled a key (typed ahead, "hint" and Ctrl-C at once) was answered
    only at the next Enter, and the session held its file till then."""
    pytest.importorskip("readline")
    import pty

    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-c", _MISSED_CTRL_C],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env=dict(os.environ, TERM="xterm"),
        preexec_fn=_default_sigint,
        close_fds=True,
    )
    os.close(follower)
    seen = b""
    try:
        deadline = time.monotonic() + 30
        while b"interrupted" not in seen and time.monotonic() < deadline:
            if select.select([leader], [], [], 0.5)[0]:
                try:
                    seen += os.read(leader, 4096)
                except OSError:  # it ended
                    break
        assert b"interrupted" in seen, seen
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(leader)


def test_ctrl_c_during_a_hint_in_a_terminal_puts_the_error_on_its_own_line(
    tmp_path: Path,
) -> None:
    """Found by a helper: Ctrl-C while a hint was computed printed "^CError: interrupted" on
    the line of the terminal's "^C"; at the prompt the error had a line of its own."""
    pytest.importorskip("readline")
    path = new_game_file(tmp_path / "g.json", TYPED[:4])
    term = Terminal(path, controlling=True)
    try:
        term.wait_for(b"> ")
        term.type(b"hint\r")
        term.wait_for(b"hint")
        time.sleep(0.05)  # the hint's imports and counts take longer than this
        term.type(b"\x03")  # Ctrl-C: the terminal shows ^C and sends SIGINT
        assert term.proc.wait(timeout=60) == 130
        term.wait_for(b"Error: interrupted")
    finally:
        term.close()
    assert re.search(rb"(^|\n)Error: interrupted", term.seen), term.seen


def _without_root_overrides() -> list[str]:
    """A command prefix under which file permissions apply, even for root (``setpriv`` drops
    the capabilities that let root read any file); empty for an ordinary user."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: file permissions do not apply")
    caps = "-dac_override,-dac_read_search"
    return ["setpriv", "--bounding-set", caps, "--inh-caps", caps]


@pytest.mark.parametrize(
    "argv",
    [
        ["wolf", "solve", "FILE"],
        ["wolf", "hint", "FILE"],
        ["wolf", "grade", "FILE"],
        ["wolf", "play", "FILE"],
    ],
)
def test_an_unreadable_file_is_one_file_error_not_a_usage_error(
    tmp_path: Path, argv: list[str]
) -> None:
    """Like a missing file: exit 1 and the project's words (click used to call it a usage
    error, exit 2: "Invalid value for 'file': path ... is not readable")."""
    path = tmp_path / "locked.json"
    path.write_text('{"interviews": []}', encoding="utf-8")
    path.chmod(0)
    argv = [str(path) if a == "FILE" else a for a in argv]
    proc = subprocess.run(
        [*_without_root_overrides(), sys.executable, "-c", MAIN, *argv],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr == f"Error: permission denied: {path}\n" and proc.stdout == ""


@pytest.mark.parametrize("command", ["grades", "print"])
def test_an_unreadable_folder_is_permission_denied_not_empty(tmp_path: Path, command: str) -> None:
    folder = tmp_path / "set"
    folder.mkdir()
    shipped = Path(__file__).parents[2] / "cases" / "easy" / "easy-1-001.json"
    (folder / "a.json").write_bytes(shipped.read_bytes())
    folder.chmod(0)
    argv = ["wolf", command, str(folder)]
    if command == "print":
        argv += ["--out", str(tmp_path / "set.pdf")]
    try:
        proc = subprocess.run(
            [*_without_root_overrides(), sys.executable, "-c", MAIN, *argv],
            capture_output=True,
            text=True,
            timeout=120,
        )
    finally:
        folder.chmod(0o700)
    assert proc.returncode == 1 and proc.stderr == f"Error: permission denied: {folder}\n"


def test_a_game_file_with_other_names_is_refused(tmp_path: Path) -> None:
    """A hard link is another name for the same file: each save replaces the file, so two
    sessions through two names would each hold a lock of its own and split the game in two."""
    path = new_game_file(tmp_path / "g.json")
    other = tmp_path / "h.json"
    os.link(path, other)
    before = path.read_bytes()
    done = subprocess.run(
        [sys.executable, "-c", MAIN, "wolf", "play", str(other)],
        input=INTERVIEW + "\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert done.stderr == (
        f"Error: {other} has 2 names (hard links); each save replaces the file, so the others "
        "would keep an old copy: work on a copy of it instead\n"
    )
    assert path.read_bytes() == before == other.read_bytes()


def test_a_new_game_that_cannot_begin_leaves_no_folders(tmp_path: Path) -> None:
    """Found by a helper: `wolf play --new a/b/g.json --roster nope.toml` made the folders a/b
    before it read the roster, and left them behind empty; a game begun keeps them."""
    from sheepdog.cli.main import app

    game = tmp_path / "a" / "b" / "g.json"
    args = ["wolf", "play", "--new", str(game)]
    result = CliRunner().invoke(app, [*args, "--roster", str(tmp_path / "nope.toml")])
    assert result.exit_code == 1 and "no such roster file" in result.output
    assert list(tmp_path.iterdir()) == []
    result = CliRunner().invoke(app, args, input="top harp\n")
    assert result.exit_code == 0 and game.is_file()


def test_a_non_blocking_input_is_waited_for(tmp_path: Path) -> None:
    """Found by a regression round: with its input a non-blocking pipe (as a parent such as
    Node.js leaves it), `wolf play` read "no line yet" as the end of the input: it ended at
    once with exit 0, and the lines typed later were lost."""
    path = new_game_file(tmp_path / "g.json", TYPED[:2])
    read, write = os.pipe()
    os.set_blocking(read, False)
    child = subprocess.Popen(
        [sys.executable, "-c", MAIN, "wolf", "play", str(path)],
        stdin=read,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    os.close(read)
    time.sleep(2.0)  # started, and waiting for its first line
    os.write(write, f"{TYPED[2]}\n".encode())
    time.sleep(0.5)
    os.write(write, f"{TYPED[3]}\n".encode())
    os.close(write)
    out, err = child.communicate(timeout=60)
    assert (child.returncode, err) == (0, b""), out
    assert log_of(path) == TYPED[:4]


def test_a_line_with_no_end_is_read_in_pieces_and_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a helper: `wolf play FILE < /dev/zero` read one line with no end until the
    machine's memory ran out (23 GB, killed by the kernel).  A long line is now read on in
    pieces and not kept: refused with its length, and the session goes on; past a bound the
    input is no game's entries, and the session stops with one line (the lines before it
    saved).  The bounds are made small here; the real ones are 64 Ki and 256 Mi characters."""
    from sheepdog.cli import wolf_hint

    monkeypatch.setattr(wolf_hint, "READ_AT_ONCE", 1000)
    monkeypatch.setattr(wolf_hint, "ENDLESS_LINE", 50_000)
    path = new_game_file(tmp_path / "g.json")
    typed = "hint\n" + "x" * 20_000 + "\nundo\n"
    result = runner.invoke(app, ["wolf", "play", str(path)], input=typed)
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        "Error: a line of 20,000 characters is no entry (entries are at most 500); it was not"
        " recorded\n"
    )
    assert json.loads(path.read_text("utf-8"))["game"]["log"][-2:] == ["hint", "undo"]
    endless = "hint\n" + "\0" * 60_000
    result = runner.invoke(app, ["wolf", "play", str(path)], input=endless)
    assert result.exit_code == 1
    assert result.stderr == (
        "Error: the input holds a line of more than 50,000 characters: it is no game's entries"
        " (the entries before it are saved)\n"
    )
    assert json.loads(path.read_text("utf-8"))["game"]["log"][-2:] == ["undo", "hint"]


def _wait_for(path: Path, words: str) -> None:
    deadline = time.monotonic() + 60
    while words not in path.read_text("utf-8"):
        assert time.monotonic() < deadline, f"{words!r} never saved"
        time.sleep(0.05)


@pytest.mark.parametrize("change", ["notes", "replaced", "removed"])
def test_a_file_changed_outside_the_session_is_not_written_over(
    tmp_path: Path, change: str
) -> None:
    """Found by a helper: notes added to the game file by hand during a session (or the file
    replaced by another) were written over by the next line's save, without a word.  The
    session now saves its game beside the file instead, says where, and stops; the file keeps
    what was put there."""
    path = new_game_file(tmp_path / "g.json")
    proc = subprocess.Popen(
        [sys.executable, "-c", MAIN, "wolf", "play", str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None
    proc.stdin.write("hint\n")
    proc.stdin.flush()
    _wait_for(path, '"hint"')
    data = json.loads(path.read_text("utf-8"))
    if change == "notes":
        data["notes"] = "typed by hand"
        path.write_text(json.dumps(data), encoding="utf-8")
    elif change == "replaced":
        path.write_text("my shopping list\n", encoding="utf-8")
    else:
        path.unlink()
    kept = path.read_text("utf-8") if path.exists() else None
    _out, err = proc.communicate("undo\n", timeout=60)
    assert proc.returncode == 1
    other = tmp_path / "g.session-1.json"
    if change == "removed":  # it said the missing file "is left as it is" (play26)
        said = (
            f"Error: {path} was deleted or moved outside this session since it last saved it:"
            f" this session's game, with the line 'undo', is saved in {other} (open it with"
            " `sheepdog wolf play`)"
        )
    else:
        said = (
            f"Error: {path} was changed outside this session since it last saved it: it is"
            f" left as it is, and this session's game, with the line 'undo', is saved in"
            f" {other} (open either with `sheepdog wolf play`)"
        )
    assert err.splitlines()[-1] == said
    assert (path.read_text("utf-8") if path.exists() else None) == kept
    saved = load_game(other)
    assert saved is not None and saved.log[-2:] == ("hint", "undo")


@pytest.mark.parametrize("changes", [1, 4, 5])
def test_a_change_made_while_the_file_is_read_is_not_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, changes: int
) -> None:
    """Found by a tester: the session took its file's digest only after reading the game, so a
    change made outside in between (notes added, the file replaced) passed for the session's
    own and the first line's save wrote the old game over it, without a word.  The file is
    now read again until it holds still: the session plays the changed file and keeps its
    notes; a file that changes at every one of the 5 reads is one `Error:` line, untouched."""
    from sheepdog.solver.slywolf import session

    path = new_game_file(tmp_path / "g.json", TYPED[:2])
    real = session.load_game
    reads: list[int] = []

    def load_then_changed(file: str | Path) -> object:
        game = real(file)
        if len(reads) < changes:  # someone else writes, just after the session read
            data = json.loads(path.read_text("utf-8"))
            data["notes"] = f"typed by hand {len(reads)}"
            path.write_text(json.dumps(data), encoding="utf-8")
        reads.append(1)
        return game

    monkeypatch.setattr(session, "load_game", load_then_changed)
    result = runner.invoke(app, ["wolf", "play", str(path)], input="top banjo\n")
    data = json.loads(path.read_text("utf-8"))
    assert not (tmp_path / "g.session-1.json").exists()
    if changes < 5:
        assert data.get("notes") == f"typed by hand {changes - 1}"  # not written over
        assert data["game"]["log"][-1] == "top banjo"
        assert result.exit_code == 0 and result.stderr == "", result.output
        assert len(reads) == changes + 1
    else:
        assert result.exit_code == 1 and len(reads) == 5
        assert result.stderr == (
            f"Error: {path} kept changing while it was read: open it again later\n"
        )
        assert data["notes"] == "typed by hand 4" and data["game"]["log"] == TYPED[:2]
