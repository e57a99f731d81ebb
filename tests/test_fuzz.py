"""Fuzz test (issue 11): the shipped files, mutated by hypothesis, through every reader and every
command that reads a file.  Whatever the input, a command prints its output or exactly one line
``Error: ...`` on stderr, exits 0, 1 or 2 (70, an internal error, is an unexpected exception and
fails the test), and never shows a traceback; a library reader raises only :class:`SheepdogError`.

Seeds: the default and shipped rosters, the puzzles, a few cases of each shipped set, a game file
recorded with ``wolf play``, the DOG puzzle positions (JSON), the positions of the perft file (one
line of notation) and the perft file itself.  Mutations: on the JSON structure (delete a key,
rename it, give it twice, replace a value by null, a boolean, a string, a huge, negative or zero
integer, a float, NaN, a list or a deeply nested object, swap two values, truncate or repeat list
items, change a name to an unknown or a near-duplicate one) and on the bytes (truncate, flip a bit,
insert bytes that are not UTF-8 or a thousand brackets).

The runs are reproducible (``derandomize``, no example database).  ``SHEEPDOG_FUZZ_EXAMPLES=N``
multiplies the number of examples of each test by N for a long local run; each test prints how
many inputs and command runs it made (``pytest -s``).  The same figures for the CI run are in the
README (section "Reliability").

The last test interrupts ``wolf solve`` with SIGINT at several moments of its start-up.
"""

from __future__ import annotations

import contextlib
import copy
import errno
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import sysconfig
import tempfile
import time
import tomllib
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheepdog.cli.main import DEBUG_VARIABLE, EXIT_INTERRUPTED, main
from sheepdog.solver.agentdog.observer import ObserverView
from sheepdog.solver.dog.perftfile import parse_perft_text, read_perft_file
from sheepdog.solver.dog.position import load_position, parse_position
from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.slywolf.grade import stored_grade
from sheepdog.solver.slywolf.puzzle import load_puzzle
from sheepdog.solver.slywolf.roster import load_roster
from sheepdog.solver.slywolf.session import game_of
from sheepdog.solver.variants import load_any, parse_any
from tests.commands import sheepdog_command

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "cases"

T = TypeVar("T")

#: SHEEPDOG_FUZZ_EXAMPLES=N runs N times the examples of a CI run.
SCALE = max(1, int(os.environ.get("SHEEPDOG_FUZZ_EXAMPLES", "1") or 1))

#: What the fuzz tests did in this process: inputs (mutated files), command runs, reader calls.
TALLY: Counter[str] = Counter()


def fuzz_settings(examples: int) -> settings:
    return settings(
        max_examples=examples * SCALE,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


# -- the seeds -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seed:
    """A shipped file: its name, its text and, for JSON and TOML, its parsed value."""

    name: str
    text: str
    data: Any = None


def _json_seed(path: Path) -> Seed:
    text = path.read_text(encoding="utf-8")
    return Seed(str(path.relative_to(ROOT)), text, json.loads(text))


def _toml_seed(path: Path) -> Seed:
    text = path.read_text(encoding="utf-8")
    return Seed(str(path.relative_to(ROOT)), text, tomllib.loads(text))


@cache
def game_seed() -> Seed:
    """A game file as ``wolf play`` writes it: a new game, then a few lines typed at the table."""
    lines = [
        "top harp",
        "top trumpet",
        "top banjo",
        "top accordion",
        "call harp",
        "found pumpkin",
        "interview harp, guitar, red jacket",
        "top violin",
        "call trumpet",
    ]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.json"
        code, out, err = run_cli(["wolf", "play", str(path), "--new"], "\n".join(lines) + "\n")
        assert code == 0 and err == "", (out, err)
        text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["game"]["log"] == lines
    return Seed("game.json (wolf play)", text, data)


PUZZLE_SEEDS = [_json_seed(CASES / "puzzles" / name) for name in ("example.json", "turn.json")]
CASE_SEEDS = [
    _json_seed(CASES / name)
    for name in (
        "easy/easy-1-001.json",
        "easy/easy-1-013.json",
        "hard/hard-1-001.json",
        "hard/hard-1-009.json",
        "known-deck/easy-1-004.json",
        "known-deck/hard-1-002.json",
    )
]
#: A file beside the case seeds: the known-deck cases name ``roster.toml``.
KNOWN_DECK_ROSTER = CASES / "known-deck" / "roster.toml"
ROSTER_SEEDS = [
    _toml_seed(CASES / "default.toml"),
    *(_toml_seed(path) for path in sorted((CASES / "rosters").glob("*.toml"))),
    _toml_seed(KNOWN_DECK_ROSTER),
]
DOG_SEEDS = [
    _json_seed(path)
    for path in [
        *sorted((CASES / "dog" / "puzzles").glob("*.json")),
        *sorted((CASES / "agentdog").glob("*.json")),  # an Agent DOG position and a view
    ]
]
PERFT_FILE = CASES / "dog" / "perft.txt"
PERFT_SEED = Seed(str(PERFT_FILE.relative_to(ROOT)), PERFT_FILE.read_text(encoding="utf-8"))
NOTATION_SEEDS = [
    Seed(f"{PERFT_SEED.name}: {line.split()[1]}", line.removeprefix("position ").strip())
    for line in PERFT_SEED.text.splitlines()
    if line.startswith("position ")
]


def wolf_seeds() -> list[Seed]:
    return [*PUZZLE_SEEDS, game_seed(), *CASE_SEEDS]


# -- mutations of a JSON structure -------------------------------------------------------------


@dataclass(frozen=True)
class Raw:
    """Text written as it is into the JSON (NaN, a 5000-digit number, a thousand brackets)."""

    text: str


@dataclass(frozen=True)
class Pairs:
    """A JSON object written with these pairs, in this order: a key may come twice."""

    items: tuple[tuple[str, Any], ...]


def dumps(value: Any) -> str:
    """JSON text of ``value``, with :class:`Raw` text and :class:`Pairs` objects as they are."""
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, Pairs | dict):
        items = value.items if isinstance(value, Pairs) else value.items()
        return "{" + ", ".join(f"{json.dumps(k)}: {dumps(v)}" for k, v in items) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(dumps(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def nested(depth: int) -> Any:
    value: Any = {}
    for _ in range(depth):
        value = {"a": value}
    return value


#: Values that a reader may not expect where it finds them.
ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    "",
    "x",
    " ",
    "狼 🐺 – ñ",
    "\x00",
    "a" * 5000,
    -1,
    0,
    1,
    2,
    7,
    64,
    255,
    300,
    10**9,
    2**63,
    10**40,
    int("9" * 100),
    0.5,
    -0.0,
    3.0,
    1e308,
    [],
    [None],
    [[]],
    ["x", "x"],
    {},
    {"": None},
    nested(70),
    Raw("NaN"),
    Raw("-Infinity"),
    Raw("1e999"),
    Raw("9" * 5000),
    Raw("[" * 1000 + "]" * 1000),
    Raw('"\\ud800"'),
]

Key = str | int


def nodes(value: Any, path: tuple[Key, ...] = ()) -> Iterator[tuple[tuple[Key, ...], Any]]:
    """Every value inside ``value`` (itself included) with its path of keys and indices."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from nodes(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from nodes(item, (*path, index))


def get(value: Any, path: tuple[Key, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


def put(doc: Any, path: tuple[Key, ...], new: Any) -> Any:
    """``doc`` with the value at ``path`` replaced by ``new`` (in place, except at the root)."""
    if not path:
        return new
    get(doc, path[:-1])[path[-1]] = new
    return doc


def name_variants(name: str) -> list[str]:
    """Names a user might type instead of ``name``: near-duplicates and unknown ones."""
    variants = [
        name + "s",
        name[:-1],
        name.upper(),
        name.title(),
        " " + name + " ",
        name.replace(" ", "  "),
        name.replace(" ", "_"),
        name + "\u0301",
        name * 2,
        "unknown",
        "",
    ]
    return [v for v in dict.fromkeys(variants) if v != name]


@st.composite
def odd_value(draw: st.DrawFn, doc: Any) -> Any:
    """One of :data:`ODD_VALUES`, or a copy of another part of the same document."""
    if draw(st.integers(0, 3)) == 0:
        _, other = draw(st.sampled_from(list(nodes(doc))))
        return copy.deepcopy(other)
    return copy.deepcopy(draw(st.sampled_from(ODD_VALUES)))


def _paths(doc: Any, keep: Callable[[tuple[Key, ...], Any], bool]) -> list[tuple[Key, ...]]:
    return [path for path, value in nodes(doc) if keep(path, value)]


@st.composite
def mutate_once(draw: st.DrawFn, doc: Any) -> Any:
    """``doc`` (a fresh copy, changed in place where possible) with one mutation."""
    ops = ["delete", "replace", "rename key", "key twice", "swap", "truncate", "rename", "repeat"]
    op = draw(st.sampled_from([*ops, "nudge", "nudge"]))
    inner = _paths(doc, lambda path, _: bool(path))
    dicts = _paths(doc, lambda _, value: isinstance(value, dict) and bool(value))
    lists = _paths(doc, lambda _, value: isinstance(value, list) and bool(value))
    strings = _paths(doc, lambda path, value: bool(path) and isinstance(value, str))
    numbers = _paths(doc, lambda path, value: bool(path) and type(value) is int)
    if op == "nudge" and numbers:
        path = draw(st.sampled_from(numbers))
        n = get(doc, path)
        return put(doc, path, draw(st.sampled_from([n - 1, n + 1, 0, -n, 2 * n, n + 100])))
    if op == "delete" and inner:
        path = draw(st.sampled_from(inner))
        del get(doc, path[:-1])[path[-1]]
        return doc
    if op in ("rename key", "key twice") and dicts:
        path = draw(st.sampled_from(dicts))
        obj = get(doc, path)
        key = draw(st.sampled_from(list(obj)))
        items = list(obj.items())
        if op == "rename key":
            new = draw(st.sampled_from([*name_variants(key), *obj]))
            items = [(new if k == key else k, v) for k, v in items]
        else:
            items.insert(draw(st.integers(0, len(items))), (key, draw(odd_value(doc))))
        return put(doc, path, Pairs(tuple(items)))
    if op == "swap" and len(inner) >= 2:
        a, b = draw(st.lists(st.sampled_from(inner), min_size=2, max_size=2, unique=True))
        if a[: len(b)] != b and b[: len(a)] != a:  # neither holds the other
            first, second = get(doc, a), get(doc, b)
            put(doc, a, second)
            put(doc, b, first)
            return doc
    if op in ("truncate", "repeat") and lists:
        path = draw(st.sampled_from(lists))
        items = get(doc, path)
        if op == "truncate":
            return put(doc, path, items[: draw(st.integers(0, len(items) - 1))])
        where = draw(st.integers(0, len(items)))
        items.insert(where, copy.deepcopy(draw(st.sampled_from(items))))
        return doc
    if op == "rename" and strings:
        path = draw(st.sampled_from(strings))
        old = get(doc, path)
        others = sorted({v for _, v in nodes(doc) if isinstance(v, str) and v != old})
        return put(doc, path, draw(st.sampled_from(name_variants(old) + others)))
    # "replace", and the fallback when a document has nothing for the drawn mutation
    path = draw(st.sampled_from([*inner, ()] if inner else [()]))
    return put(doc, path, draw(odd_value(doc)))


#: Bytes to insert: not UTF-8 (a lone continuation byte, an overlong or surrogate sequence), a
#: NUL, a byte-order mark, a thousand brackets, JSON punctuation.
INSERTS = [
    b"\xff",
    b"\x80",
    b"\xc3\x28",
    b"\xc0\xaf",
    b"\xed\xa0\x80",
    b"\x00",
    b"\xef\xbb\xbf",
    b"{" * 1000,
    b"[" * 1000,
    b'"',
    b",",
    b"}",
    b"\n",
    b"#",
    b" ",
    b"/",
]


@st.composite
def mutate_bytes(draw: st.DrawFn, data: bytes) -> bytes:
    """``data`` with one to three byte-level changes."""
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["truncate", "flip", "insert", "delete", "repeat"]))
        # anywhere in the data (integers(0, len) would favour the two ends)
        i = draw(st.integers(0, 2**24)) % (len(data) + 1)
        if op == "truncate":
            data = data[:i]
        elif op == "flip" and i < len(data):
            bit = 1 << draw(st.integers(0, 7))
            data = data[:i] + bytes([data[i] ^ bit]) + data[i + 1 :]
        elif op == "delete":
            data = data[:i] + data[i + draw(st.integers(1, 20)) :]
        elif op == "repeat":
            data = data[:i] + data[i : i + draw(st.integers(1, 40))] + data[i:]
        else:
            data = data[:i] + draw(st.sampled_from(INSERTS)) + data[i:]
    return data


@st.composite
def mutated_json(draw: st.DrawFn, seed: Seed) -> bytes:
    """The seed's JSON with one to three structural mutations, then sometimes byte changes."""
    doc = copy.deepcopy(seed.data)
    for _ in range(draw(st.sampled_from([1, 1, 1, 2, 3]))):
        doc = draw(mutate_once(doc))
    data = dumps(doc).encode("utf-8", "surrogatepass")
    if draw(st.integers(0, 7)) == 0:
        data = draw(mutate_bytes(data))
    return data


NOTATION_TOKENS = ["k", "h0", "h3", "h4", "t0", "t63", "t64", "t-1", "t999", "s", "-", "", "J"]
NOTATION_TOKENS += ["S", "1/11", "13", "0", "7", "99", "9" * 40, "x", "1,1", "/", " "]


@st.composite
def mutated_notation(draw: st.DrawFn, seed: Seed) -> bytes:
    """The seed's one line of notation with tokens changed, removed or repeated, and sometimes
    byte changes."""
    parts = [p for p in _split_notation(seed.text)]
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(parts) - 1))
        op = draw(st.sampled_from(["replace", "delete", "repeat"]))
        if op == "replace":
            parts[i] = draw(st.sampled_from(NOTATION_TOKENS + parts))
        elif op == "delete" and len(parts) > 1:
            del parts[i]
        else:
            parts.insert(i, parts[i])
    data = "".join(parts).encode()
    if draw(st.booleans()):
        data = draw(mutate_bytes(data))
    return data


def _split_notation(text: str) -> list[str]:
    """Tokens and the separators between them (space, slash, comma), in order."""
    parts: list[str] = []
    word = ""
    for ch in text:
        if ch in " /,":
            parts += [word, ch] if word else [ch]
            word = ""
        else:
            word += ch
    return parts + ([word] if word else [])


@st.composite
def mutated_text(draw: st.DrawFn, seed: Seed) -> bytes:
    """The seed's text with byte changes (a TOML roster, the perft file)."""
    return draw(mutate_bytes(seed.text.encode()))


# -- running a command in this process -----------------------------------------------------------


def run_cli(args: list[str], stdin: str = "") -> tuple[int, str, str]:
    """Run ``sheepdog ARGS`` through :func:`main` (the real top-level boundary) with ``stdin``;
    return the exit code, stdout and stderr.  stdout is strict UTF-8 as on a terminal; stderr
    escapes what it cannot encode, as Python's does."""
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace")
    saved = sys.stdin, sys.stdout, sys.stderr
    debug = os.environ.pop(DEBUG_VARIABLE, None)
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin), out, err
    try:
        main(args)
    except SystemExit as exc:
        code = exc.code
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
        if debug is not None:
            os.environ[DEBUG_VARIABLE] = debug
    texts = []
    for stream in (out, err):
        stream.flush()
        buffer = stream.buffer
        assert isinstance(buffer, io.BytesIO)
        texts.append(buffer.getvalue().decode("utf-8", "backslashreplace"))
    assert isinstance(code, int), f"sheepdog {args}: exit code {code!r}"
    return code, texts[0], texts[1]


def check_command(args: list[str], stdin: str = "", about: str = "") -> int:
    """Run a command; assert the contract: exit 0, 1 or 2, no traceback, and when it fails
    exactly one line ``Error: ...`` on stderr."""
    TALLY["command runs"] += 1
    code, out, err = run_cli(args, stdin)
    TALLY[f"exit {code}"] += 1
    context = (
        f"sheepdog {' '.join(args)}\n{about}\nexit {code}\nstdout: {out[-2000:]}\nstderr: {err}"
    )
    assert "Traceback" not in out + err, context
    assert code in (0, 1, 2), context
    if code != 0:
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: "), context
    return code


#: What the operating system may refuse in a path a file names (a roster name of 5000 letters):
#: a reader lets these through as :class:`OSError`, as ``open`` does (``sheepdog.solver.jsonio``),
#: and the CLI turns them into one line.
OS_REFUSALS = (errno.ENAMETOOLONG, errno.ENOENT, errno.ENOTDIR, errno.EISDIR)


def check_reader(read: Callable[[], T], about: str) -> T | None:
    """Call a library reader: it returns, or raises a :class:`SheepdogError` (or the operating
    system's refusal of a path)."""
    TALLY["reader calls"] += 1
    try:
        return read()
    except SheepdogError:
        return None
    except OSError as exc:
        if exc.errno not in OS_REFUSALS:
            raise AssertionError(f"{type(exc).__name__}: {exc}\n{about}") from exc
        TALLY["reader OS errors"] += 1
        return None
    except Exception as exc:  # pragma: no cover - a failure, with what caused it
        raise AssertionError(f"{type(exc).__name__}: {exc}\n{about}") from exc


def describe(seed: Seed, data: bytes) -> str:
    return f"seed {seed.name}; file ({len(data)} bytes): {data[:3000]!r}"


@contextlib.contextmanager
def scratch() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="sheepdog-fuzz-") as tmp:
        yield Path(tmp)


def count_run(name: str, runs: Callable[[], None]) -> None:
    """Run a fuzz test (``runs``, a function under ``@given``); report and check its inputs."""
    before = TALLY.copy()
    runs()
    done = TALLY - before
    exits = ", ".join(f"{k} {v}" for k, v in sorted(done.items()) if k.startswith("exit"))
    print(
        f"\n{name}: {done['inputs']} inputs, {done['command runs']} command runs ({exits}), "
        f"{done['reader calls']} reader calls"
    )
    assert done["inputs"] > 0 and done["command runs"] + done["reader calls"] > 0, done


# -- Sly Wolf puzzles, cases and game files ------------------------------------------------------


def wolf_commands(path: Path) -> list[list[str]]:
    f = str(path)
    return [
        ["wolf", "solve", f],
        ["wolf", "solve", "--json", f],
        ["wolf", "solve", "--explain", f],
        ["wolf", "hint", f],
        ["wolf", "hint", "--json", "--top", "2", f],
        ["wolf", "grade", f],
        ["wolf", "grades", str(path.parent)],
    ]


def check_wolf_readers(path: Path, about: str) -> None:
    puzzle = check_reader(lambda: load_puzzle(path), about)
    if puzzle is None:
        return
    check_reader(lambda: stored_grade(puzzle, str(path)), about)
    check_reader(lambda: game_of(puzzle), about)


def write_wolf_file(folder: Path, seed: Seed, data: bytes) -> Path:
    """The mutated file in its own folder (with the roster a known-deck case names)."""
    folder.mkdir()
    if "known-deck" in seed.name:
        shutil.copy(KNOWN_DECK_ROSTER, folder / "roster.toml")
    path = folder / "case.json"
    path.write_bytes(data)
    return path


@st.composite
def wolf_inputs(draw: st.DrawFn) -> tuple[Seed, bytes]:
    seed = draw(st.sampled_from(wolf_seeds()))
    if draw(st.integers(0, 7)) == 0:
        return seed, draw(mutated_text(seed))
    return seed, draw(mutated_json(seed))


@fuzz_settings(80)
@given(wolf_inputs())
def fuzz_wolf(case: tuple[Seed, bytes]) -> None:
    seed, data = case
    about = describe(seed, data)
    TALLY["inputs"] += 1
    with scratch() as tmp:
        path = write_wolf_file(tmp / "set", seed, data)
        check_wolf_readers(path, about)
        for args in wolf_commands(path):
            check_command(args, about=about)
        # wolf play last: it writes the file (a refused line is logged, the file is valid JSON)
        check_command(["wolf", "play", str(path)], "hint\ntop harp\ncall harp\nbogus\n", about)


def test_wolf_files_through_every_command() -> None:
    game_seed()  # recorded before hypothesis draws (wolf play may use the random module)
    count_run("Sly Wolf puzzles, cases, games", fuzz_wolf)


@st.composite
def print_inputs(draw: st.DrawFn) -> tuple[Seed, bytes]:
    """A mutated case, or a case whose id is any text (the PDF font has not every character)."""
    seed = draw(st.sampled_from(CASE_SEEDS))
    if draw(st.booleans()):
        return seed, draw(mutated_json(seed))
    doc = dict(seed.data, id=draw(st.text(min_size=1, max_size=30)))
    return seed, dumps(doc).encode()


@fuzz_settings(4)
@given(print_inputs())
def fuzz_print(case: tuple[Seed, bytes]) -> None:
    seed, data = case
    about = describe(seed, data)
    TALLY["inputs"] += 1
    with scratch() as tmp:
        path = write_wolf_file(tmp / "set", seed, data)
        pdf = tmp / "cases.pdf"
        if check_command(["wolf", "print", str(path.parent), "--out", str(pdf)], about=about):
            assert not pdf.exists(), about  # a failed print leaves no file
        else:
            assert pdf.read_bytes().startswith(b"%PDF-"), about


def test_wolf_print_mutated_cases() -> None:
    count_run("wolf print", fuzz_print)


# -- rosters -------------------------------------------------------------------------------------


def roster_puzzle(seed: Seed, roster_file: str) -> dict[str, Any]:
    """A puzzle on the seed roster: the first sheep points at the second and names an item of the
    first wolf."""
    sheep = [s["name"] for s in seed.data["sheep"]]
    item = seed.data["wolves"][0]["wears"][0]
    interview = {"sheep": sheep[0], "points_to": sheep[1], "testimony": item}
    return {"roster": roster_file, "mode": "easy", "interviews": [interview]}


@st.composite
def roster_inputs(draw: st.DrawFn) -> tuple[Seed, str, bytes]:
    """A mutated roster: the TOML's data as JSON with structural mutations, or the TOML's bytes
    changed."""
    seed = draw(st.sampled_from(ROSTER_SEEDS))
    if draw(st.integers(0, 2)) == 0:
        return seed, "roster.toml", draw(mutated_text(seed))
    return seed, "roster.json", draw(mutated_json(seed))


@fuzz_settings(80)
@given(roster_inputs())
def fuzz_roster(case: tuple[Seed, str, bytes]) -> None:
    seed, name, data = case
    about = describe(seed, data)
    TALLY["inputs"] += 1
    with scratch() as tmp:
        roster = tmp / name
        roster.write_bytes(data)
        check_reader(lambda: load_roster(roster), about)
        puzzle = tmp / "puzzle.json"
        puzzle.write_text(json.dumps(roster_puzzle(seed, name)))
        for args in (
            ["wolf", "solve", str(puzzle)],
            ["wolf", "solve", "--explain", str(puzzle)],
            ["wolf", "hint", str(puzzle)],
        ):
            check_command(args, about=about)
        first = seed.data["sheep"][0]["name"]
        lines = f"top {first}\ncall {first}\nhint\n"
        game = str(tmp / "game.json")
        check_command(["wolf", "play", game, "--new", "--roster", str(roster)], lines, about)


def test_rosters_through_every_command() -> None:
    count_run("rosters", fuzz_roster)


@fuzz_settings(10)
@given(roster_inputs())
def fuzz_generate(case: tuple[Seed, str, bytes]) -> None:
    seed, name, data = case
    about = describe(seed, data)
    TALLY["inputs"] += 1
    with scratch() as tmp:
        roster = tmp / name
        roster.write_bytes(data)
        out = tmp / "cases"
        args = ["wolf", "generate", "--roster", str(roster), "--count", "1", "--seed", "1"]
        args += ["--attempts", "50", "--quiet", "--out", str(out)]
        if check_command(args, about=about) == 0:
            assert len(list(out.glob("*.json"))) == 1, about


def test_wolf_generate_on_mutated_rosters() -> None:
    count_run("wolf generate", fuzz_generate)


# -- DOG positions and the perft file ------------------------------------------------------------

DOG_OPTIONS = [
    ["moves"],
    ["moves", "--json"],
    ["perft", "--depth", "1"],
    ["show"],
    ["convert", "--to", "json"],
    ["convert", "--to", "notation"],
    ["solve", "--max-nodes", "2000"],
    ["solitaire", "--max-nodes", "2000"],
    ["advise", "--samples", "1", "--max-nodes", "2000"],
    ["view"],
]


@st.composite
def dog_inputs(draw: st.DrawFn) -> tuple[Seed, str, bytes]:
    if draw(st.booleans()):
        seed = draw(st.sampled_from(DOG_SEEDS))
        if draw(st.integers(0, 4)) == 0:
            return seed, "pos.json", draw(mutated_text(seed))
        return seed, "pos.json", draw(mutated_json(seed))
    seed = draw(st.sampled_from(NOTATION_SEEDS))
    return seed, "pos.txt", draw(mutated_notation(seed))


@fuzz_settings(100)
@given(dog_inputs())
def fuzz_dog(case: tuple[Seed, str, bytes]) -> None:
    seed, name, data = case
    about = describe(seed, data)
    TALLY["inputs"] += 1
    with scratch() as tmp:
        path = tmp / name
        path.write_bytes(data)
        check_reader(lambda: load_position(path), about)
        check_reader(lambda: load_any(path), about)
        # the text as a program would hold it: undecodable bytes kept as surrogate escapes
        text = os.fsdecode(data)
        check_reader(lambda: parse_position(text), about)
        for options in DOG_OPTIONS:
            check_command(["dog", *options, str(path)], about=about)
        if name == "pos.txt" and " " in text.strip() and "\x00" not in text:
            for command in ("moves", "show"):  # the notation typed on the command line
                check_command(["dog", command, text], about=about)


def test_dog_positions_through_every_command() -> None:
    count_run("DOG positions", fuzz_dog)


@fuzz_settings(150)
@given(mutated_text(PERFT_SEED))
def fuzz_perft_file(data: bytes) -> None:
    about = describe(PERFT_SEED, data)
    TALLY["inputs"] += 1
    with scratch() as tmp:
        path = tmp / "perft.txt"
        path.write_bytes(data)
        check_reader(lambda: read_perft_file(path), about)
        check_reader(lambda: parse_perft_text(os.fsdecode(data)), about)


def test_perft_file_reader() -> None:
    count_run("perft file", fuzz_perft_file)


def test_the_seeds_are_sound() -> None:
    """Unmutated, every seed is read and the commands succeed on it (so the mutations start from
    files that work, and a failure comes from the mutation); a puzzle that is not a complete case
    has no grade."""
    for seed in wolf_seeds():
        with scratch() as tmp:
            path = write_wolf_file(tmp / "set", seed, seed.text.encode())
            assert load_puzzle(path).roster.n_sheep == 16
            for args in wolf_commands(path):
                code, out, err = run_cli(args)
                if seed in CASE_SEEDS or args[1] not in ("grade", "grades"):
                    assert (code, err) == (0, ""), (seed.name, args, err)
                else:
                    assert code == 1 and err.startswith(f"Error: {path}: ")
                    assert "a grade needs a complete" in err or "incomplete case" in err
    for seed in DOG_SEEDS + NOTATION_SEEDS:
        found = parse_any(seed.text)
        assert isinstance(found, ObserverView) or found.seats in (4, 6), seed.name
    # a classic puzzle, the Agent DOG position (the last seed is its observer view), notation
    for seed in (DOG_SEEDS[0], DOG_SEEDS[-2], NOTATION_SEEDS[0]):
        with scratch() as tmp:
            path = tmp / "pos.txt"
            path.write_text(seed.text)
            for options in DOG_OPTIONS[:6]:
                if seed is DOG_SEEDS[-2] and options[-1] == "notation":
                    continue  # Agent DOG has no notation: an error, tested in tests/agentdog
                code, out, err = run_cli(["dog", *options, str(path)])
                assert (code, err) == (0, ""), (seed.name, options, err)
    assert len(read_perft_file(PERFT_FILE)) == len(NOTATION_SEEDS) > 0
    for seed in ROSTER_SEEDS:
        with scratch() as tmp:
            roster = tmp / "roster.json"
            roster.write_text(json.dumps(seed.data))
            assert load_roster(roster).n_sheep == len(seed.data["sheep"])
            puzzle = tmp / "puzzle.json"
            puzzle.write_text(json.dumps(roster_puzzle(seed, "roster.json")))
            code, out, err = run_cli(["wolf", "solve", str(puzzle)])
            assert (code, err) == (0, ""), (seed.name, err)


# -- mutations produce what they promise ----------------------------------------------------------


def test_dumps_writes_repeated_keys_and_raw_text() -> None:
    doc = {"a": [1, Pairs((("b", 1), ("b", Raw("NaN"))))], "c": "狼"}
    assert dumps(doc) == '{"a": [1, {"b": 1, "b": NaN}], "c": "狼"}'
    assert json.loads(dumps({"x": nested(3)})) == {"x": {"a": {"a": {"a": {}}}}}


def test_notation_splits_into_tokens_and_separators() -> None:
    text = NOTATION_SEEDS[0].text
    parts = _split_notation(text)
    assert "".join(parts) == text
    assert {" ", "/", ","} <= set(parts)


# -- Ctrl-C during start-up ----------------------------------------------------------------------


#: The modules the console script imports before :func:`main` runs (their module-level code).
START_UP_MODULES = ("sheepdog/__init__.py", "sheepdog/cli/__init__.py", "sheepdog/cli/main.py")
FRAME = re.compile(r'^  File "(?P<file>[^"]+)", line \d+, in (?P<name>\S+)$')


#: the standard library's folder: pip's console script imports ``re`` before sheepdog's main
STDLIB = sysconfig.get_paths()["stdlib"] + os.sep
#: setuptools' import hook in a virtual environment's site-packages (every import meets it)
DISTUTILS_HACK = os.sep + os.path.join("_distutils_hack", "__init__.py")


def _script_line(lines: list[str], script: str) -> str:
    """The console script's line in a traceback (pip's script imports ``re`` first)."""
    for at, line in enumerate(lines[:-1]):
        frame = FRAME.match(line)
        if frame is not None and frame["file"] == script:
            return lines[at + 1].strip()
    return ""


def before_main(stderr: str, script: str) -> bool:
    """Whether ``stderr`` is the interpreter's own report of a Ctrl-C that came before sheepdog's
    :func:`main` could catch it: during the interpreter's start-up (``Fatal Python error``,
    ``failed to set __main__.__loader__``, a bare ``KeyboardInterrupt`` line), or while the
    console script imports the standard library's ``re`` (its first line) or the start-up
    modules, which import nothing but ``__future__`` (a traceback through the import system,
    ``re``, ``__future__`` and the start-up modules' module-level code only, possibly from a
    callback of the import system, which Python reports as ``Exception ignored in ...`` and
    goes on)."""
    if stderr.startswith(("Fatal Python error: init_", "python: failed to set __main__")):
        # no frame of sheepdog's code (the editable install's path finder may be named in a
        # message: it is the import system's, at the site module's start-up)
        frames = (FRAME.match(line) for line in stderr.splitlines())
        return not any(f is not None and "sheepdog" in f["file"] != script for f in frames)
    if stderr == "KeyboardInterrupt\n":  # raised in the interpreter's C code: no Python frame
        return True
    lines = stderr.splitlines()
    if lines and lines[0].startswith(
        ("Exception ignored in: ", "Failed checking if argv[0] is an import path entry")
    ):
        lines = lines[1:]  # in a callback of the import system: Python goes on
    if not lines or lines[0] != "Traceback (most recent call last):":
        return False
    if lines[-1].rstrip(": ") != "KeyboardInterrupt":
        return False
    for line in lines[1:-1]:
        frame = FRAME.match(line)
        if frame is None:
            continue  # a line of source code
        file, name = frame["file"], frame["name"]
        allowed = (
            file.startswith("<frozen ")
            or (  # the standard library, and what it evaluates (namedtuple's "<string>"), or
                # setuptools' finder that a venv's distutils-precedence.pth puts in front of the
                # import system (seen on a fresh venv: a Ctrl-C in its find_spec)
                (file.startswith(STDLIB) or file == "<string>" or file.endswith(DISTUTILS_HACK))
                and _script_line(lines, script) == "import re"
            )
            or (file == script and name == "<module>")
            or (file.endswith(START_UP_MODULES) and name == "<module>")
            # the start-up modules' ``from __future__ import annotations`` loads that module
            or (file == STDLIB + "__future__.py" and name in ("<module>", "_Feature"))
        )
        if not allowed:
            return False
    return True


def test_before_main_tells_start_up_from_later() -> None:
    script = "/venv/bin/sheepdog"
    start_up = (
        "Traceback (most recent call last):\n"
        f'  File "{script}", line 3, in <module>\n'
        "    from sheepdog.cli.main import main\n"
        '  File "<frozen importlib._bootstrap>", line 1176, in _find_and_load\n'
        '  File "/b/sheepdog/__init__.py", line 36, in <module>\n'
        "KeyboardInterrupt\n"
    )
    assert before_main(start_up, script)
    assert before_main("Fatal Python error: init_import_site: Failed\nKeyboardInterrupt\n", script)
    site = (  # a Ctrl-C while the site module starts, the editable install's finder named
        "Fatal Python error: init_import_site: Failed to import the site module\n"
        "KeyError: '/c/build/__editable__.sheepdog-0.2.0-cp311-cp311-linux_x86_64'\n"
        '  File "<frozen site>", line 548, in execsitecustomize\n'
        "KeyboardInterrupt\n"
    )
    assert before_main(site, script)
    assert not before_main(site.replace("<frozen site>", "/b/sheepdog/cli/main.py"), script)
    in_typing = start_up.replace("/b/sheepdog/__init__.py", "/lib/python3.11/typing.py")
    assert not before_main(in_typing, script)  # a module the start-up should not import
    in_re = (
        "Traceback (most recent call last):\n"
        f'  File "{script}", line 3, in <module>\n'
        "    import re\n"
        f'  File "{STDLIB}re/__init__.py", line 125, in <module>\n'
        "    import enum\n"
        f'  File "{STDLIB}enum.py", line 3, in <module>\n'
        "KeyboardInterrupt\n"
    )
    assert before_main(in_re, script)  # pip's console script, before any of sheepdog
    in_hook = in_re.replace(  # setuptools' finder, met by the import of re (a fresh venv)
        "KeyboardInterrupt\n",
        '  File "<frozen importlib._bootstrap>", line 1078, in _find_spec\n'
        '  File "/v/lib/python3.11/site-packages/_distutils_hack/__init__.py", line 89, in'
        " find_spec\n    def find_spec(self, fullname, path, target=None):\n\nKeyboardInterrupt\n",
    )
    assert before_main(in_hook, script)
    assert not before_main(in_hook.replace("    import re\n", "    from x import y\n"), script)
    in_future = start_up.replace(  # seen in CI: the package root's __future__ import
        "KeyboardInterrupt\n",
        f'  File "{STDLIB}__future__.py", line 81, in <module>\n    class _Feature:\n'
        "KeyboardInterrupt\n",
    )
    assert before_main(in_future, script)
    assert not before_main(in_re.replace("    import re\n", "    from x import y\n"), script)
    in_main = start_up.replace(
        '__init__.py", line 36, in <module>', 'cli/main.py", line 9, in main'
    )
    assert not before_main(in_main, script)
    assert before_main("KeyboardInterrupt\n", script)
    ignored = "Exception ignored in: <function _get_module_lock.<locals>.cb at 0x7f>\n"
    assert before_main(ignored + start_up, script)
    assert not before_main("Error: interrupted\n", script)
    assert not before_main(start_up.replace("KeyboardInterrupt", "ValueError: x"), script)


#: A command line whose run meets a Ctrl-C in a ``__del__`` (as in the import system's callbacks).
CTRL_C_IN_DEL = """
import sys, time
import sheepdog.cli.main as cli_main

class InterruptedWhenCollected:
    def __del__(self):
        raise KeyboardInterrupt

def command_line(args):
    print("started", flush=True)
    InterruptedWhenCollected()  # collected at once: its __del__ meets the Ctrl-C
    time.sleep(5)
    print("finished")
    return 0

cli_main.run_command_line = command_line
cli_main.main(["wolf", "solve", "x.json"])
"""


def run_script(source: str) -> tuple[int, str, str]:
    """Run Python ``source`` in a fresh interpreter: (exit code, stdout, stderr)."""
    done = subprocess.run(
        [sys.executable, "-c", source], capture_output=True, text=True, timeout=60
    )
    return done.returncode, done.stdout, done.stderr


def test_ctrl_c_in_a_callback_python_calls_ends_the_run() -> None:
    """Python cannot propagate an exception from a ``__del__`` or a weak-reference callback: it
    would print ``Exception ignored in ...`` and go on.  A Ctrl-C there still ends the run."""
    assert run_script(CTRL_C_IN_DEL) == (EXIT_INTERRUPTED, "started\n", "Error: interrupted\n")


#: A command line whose run meets a Ctrl-C while a class is built (an import under way): Python
#: wraps it as ``RuntimeError: Error calling __set_name__ ...``.
CTRL_C_IN_SET_NAME = """
import sheepdog.cli.main as cli_main

class InterruptedWhenNamed:
    def __set_name__(self, owner, name):
        raise KeyboardInterrupt

def command_line(args):
    print("started", flush=True)
    type("Built", (), {"field": InterruptedWhenNamed()})
    print("finished")
    return 0

cli_main.run_command_line = command_line
cli_main.main(["wolf", "solve", "x.json"])
"""


def test_ctrl_c_wrapped_by_python_ends_the_run() -> None:
    """A Ctrl-C that Python hands on wrapped in another exception (seen in CI: a ``__set_name__``
    during an import) is an interruption, exit 130, not an internal error."""
    assert run_script(CTRL_C_IN_SET_NAME) == (EXIT_INTERRUPTED, "started\n", "Error: interrupted\n")


DELAYS = [0.0, 0.005, 0.01, 0.015, 0.02, 0.03, 0.05, 0.08, 0.12, 0.2, 0.3]


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_ctrl_c_during_start_up() -> None:
    """SIGINT at moments of ``wolf solve``'s start-up and run: once :func:`main` runs, the run
    ends with exit 130 and the one line ``Error: interrupted``, or it finishes (exit 0, the full
    answer).  Before that nothing of sheepdog can catch it: a signal that comes before the
    interpreter has set up its SIGINT handling, or after it has taken it down at exit (the answer
    printed), kills the process as it would any program (no message, status -SIGINT, which a
    shell shows as 130); one while the command line is imported gets the one line from
    ``sheepdog.cli``'s hook, then Python ends the process by the signal; one during the
    interpreter's start-up or the console script's first import is reported by Python itself
    (see :func:`before_main`); the start-up modules import nothing, to keep that short."""
    command = sheepdog_command()
    args = [*command, "wolf", "solve", str(CASES / "puzzles" / "example.json")]
    expected = subprocess.run(args, capture_output=True, check=True).stdout
    outcomes: Counter[str] = Counter()
    for delay in DELAYS * SCALE:
        proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        stderr = err.decode("utf-8", "backslashreplace")
        context = f"delay {delay}: exit {proc.returncode}\nstdout: {out!r}\nstderr: {stderr}"
        if proc.returncode == 0:
            assert out == expected, context
            assert err == b"" or before_main(stderr, command[0]), context
            outcomes["finished"] += 1
        elif proc.returncode == EXIT_INTERRUPTED:
            assert err == b"Error: interrupted\n", context
            outcomes["Error: interrupted"] += 1
        elif err == b"":  # before Python's handler is set, or once it is taken down at exit
            assert proc.returncode == -signal.SIGINT and out in (b"", expected), context
            outcomes["killed by the signal"] += 1
        elif err == b"Error: interrupted\n":
            # while the command line is imported: sheepdog.cli's hook says the one line and
            # Python ends the process by the signal, as for any uncaught KeyboardInterrupt
            assert proc.returncode == -signal.SIGINT and out == b"", context
            outcomes["Error: interrupted, while importing"] += 1
        else:
            assert before_main(stderr, command[0]) and out == b"", context
            outcomes["before main"] += 1
    print(f"\nCtrl-C: {dict(outcomes)}")
    assert sum(outcomes.values()) == len(DELAYS) * SCALE
