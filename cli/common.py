"""Shared CLI plumbing: one-line errors, JSON output, reading input files.

Every command body runs inside :func:`guard`, so a library error (or a missing file, bad JSON, a
file name too long, a full disk or any other operating-system error) becomes ``Error: ...`` on
stderr with exit code 1 and never a traceback.
"""

from __future__ import annotations

import errno
import itertools
import json
import math
import os
import re
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO, Any, NoReturn, TypeVar

import typer

from sheepdog.cli.main import ignore_stops, stop_words
from sheepdog.cli.progress import echo
from sheepdog.solver.errors import HiddenCardsError, SheepdogError, brief
from sheepdog.solver.fileio import path_in_file, real_path
from sheepdog.solver.interrupts import held
from sheepdog.solver.jsonio import shipped_hint

T = TypeVar("T")


def fail(message: str, code: int = 1) -> NoReturn:
    """Print ``Error: message`` (one line, long quoted values cut: :func:`brief`) on stderr and
    exit non-zero."""
    echo(f"Error: {brief(message)}", err=True)
    raise typer.Exit(code)


def answer_with_file(
    path: Path, put: Callable[[], None], answer: Callable[[], None], what: str
) -> None:
    """Put a file in place (``put``) and print the answer, as one step for Ctrl-C and SIGTERM.
    A stop between the two said only "interrupted" and left the whole file, which the same
    command then refused to overwrite: now it comes after the answer, and its line says the
    file (``what``: "the PDF") is whole.  Once the answer is out, a stop is ignored: what is
    left is freeing memory (a large graph: most of a second), and it said "interrupted"."""
    answered = False
    try:
        with held():
            put()
            answer()
            answered = True
        ignore_stops()
    except KeyboardInterrupt as exc:
        if not answered:  # the write failed meanwhile: the usual line
            raise
        word, code = stop_words(exc)
        fail(f"{word} after the answer; {what} {path} is written whole", code)


def usage(check: Callable[[], object]) -> None:
    """Run ``check``, which raises :class:`SheepdogError` for options that do not go together:
    that is a usage error, ``Error: ...`` and exit 2, as a bad option value is."""
    try:
        check()
    except SheepdogError as exc:
        fail(command_line_words(str(exc)), 2)


#: The position file the command read (:func:`position_read`), named by an error about its
#: cards; None for a position typed as notation.
_position_file: list[str | None] = [None]


def position_read(source: str | None) -> None:
    """Say which position file the command read (None: typed as notation)."""
    _position_file[0] = source


@contextmanager
def guard() -> Iterator[None]:
    """Turn every expected failure into a one-line error."""
    _position_file[0] = None
    try:
        yield
    except (typer.Exit, BrokenPipeError):
        raise  # a closed pipe (``| head``) ends quietly in ``main``
    except HiddenCardsError as exc:  # the library names its advice function: name the command
        where = f"{_position_file[0]}: " if _position_file[0] else ""
        advise = " ('sheepdog dog advise' advises with hidden hands)" if exc.instead else ""
        fail(f"{where}{exc.problem}{advise}")
    except SheepdogError as exc:
        fail(command_line_words(str(exc)))
    except FileNotFoundError as exc:
        fail(f"no such file: {exc.filename}")
    except IsADirectoryError as exc:
        fail(f"is a directory, not a file: {exc.filename}")
    except PermissionError as exc:
        fail(f"permission denied: {exc.filename}")
    except OSError as exc:
        fail(os_error_message(exc))
    except json.JSONDecodeError as exc:
        fail(f"invalid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})")
    except KeyboardInterrupt as exc:
        fail(*stop_words(exc))  # Ctrl-C: exit 130; SIGTERM: "terminated", exit 143


#: A remedy the library words for both readers: an option, then its keyword argument in
#: brackets (``--force (force=True)``), or both in one bracket (``(--mode easy, mode="easy")``).
_KEYWORD_AFTER = re.compile(r"(--[\w-]+(?: [\w\"]+)?) \(\w+=[^()]*\)")
_KEYWORD_BESIDE = re.compile(r"\((--[\w-]+(?: [\w\"]+)?), \w+=[^,()]*(, )?")


def command_line_words(message: str) -> str:
    """A library error's remedy as the command line gives it: the option alone, without the
    library's keyword argument ("use --force to overwrite it", not "--force (force=True)")."""
    message = _KEYWORD_AFTER.sub(r"\1", message)
    return _KEYWORD_BESIDE.sub(lambda m: "(" + m[1] + (" " if m[2] else ""), message)


#: Our wording for the operating-system errors a user can cause; others use the system's text.
OS_ERRORS = {
    errno.ENAMETOOLONG: "file name too long",
    errno.ENOSPC: "no space left on device",
    errno.EDQUOT: "disk quota exceeded",
    errno.EROFS: "read-only file system",
    errno.ELOOP: "too many levels of symbolic links",
    errno.ENOTDIR: "not a directory",
    errno.EEXIST: "file exists",
    errno.EIO: "input/output error",
}


def os_error_message(exc: OSError) -> str:
    """One line for an operating-system error: what went wrong, then the file(s) concerned."""
    what = OS_ERRORS.get(exc.errno or 0) or (exc.strerror or str(exc) or type(exc).__name__)
    files = [str(f) for f in (exc.filename, exc.filename2) if f is not None]
    return f"{what.lower()}: {' -> '.join(files)}" if files else what.lower()


def typed_options(ctx: typer.Context, options: Sequence[tuple[str, str]]) -> list[str]:
    """The flags among ``options`` (flag, parameter name) that were typed on the command line
    or set in the environment, even with their default value: an option given where it has
    no effect is then an error, not silently ignored."""
    typed = ("COMMANDLINE", "ENVIRONMENT")  # typer may bundle its own click: by name
    return [
        flag
        for flag, name in options
        if getattr(ctx.get_parameter_source(name), "name", None) in typed
    ]


def run(body: Callable[[], T]) -> T:
    """Call ``body`` under :func:`guard`."""
    with guard():
        return body()
    raise AssertionError("unreachable")  # pragma: no cover


def print_json(obj: Any) -> None:
    """The ``--json`` contract: one JSON object on stdout, nothing else, in UTF-8 with real
    characters (``t5→t9``, not ``t5\\u2192t9``) whatever the terminal's locale.  A character
    UTF-8 cannot hold (a lone surrogate from a hostile file name) is written as its JSON escape."""
    text = json.dumps(obj, indent=2, sort_keys=False, ensure_ascii=False) + "\n"
    _print_json_text([text])


def _print_json_text(pieces: Iterable[str]) -> None:
    """The text of a ``--json`` object, piece by piece, on stdout (see :func:`print_json`)."""
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        for text in pieces:
            sys.stdout.write(text)
        return
    sys.stdout.flush()
    for text in pieces:
        # every byte, or an error: unbuffered (PYTHONUNBUFFERED=1, as many containers set it)
        # the buffer is the raw file, whose write may take part of the text and return the
        # count (a full disk: 256 KiB written, the rest lost, exit 0); the next write raises
        left = memoryview(text.encode("utf-8", "backslashreplace"))
        while left:
            wrote = buffer.write(left)
            if not wrote:  # None: a non-blocking stdout that takes nothing now
                raise BlockingIOError(errno.EAGAIN, "the output takes no more")
            left = left[wrote:]
    buffer.flush()


class JsonList:
    """The ``--json`` object ``{key: [item, ...]}`` of a long run, kept item by item in a
    temporary file, not in memory (``dog simulate --log --json`` held every game's log: 0.35
    MB a game), and printed whole at the end exactly as :func:`print_json` prints it, so a run
    stopped on the way prints nothing.  The file is made at the first item (a run without
    ``--json`` makes none); a file that cannot be made or written is one ``Error:`` line naming
    the folder of temporary files (``TMPDIR``)."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.count = 0
        self._spool: IO[str] | None = None

    def __enter__(self) -> JsonList:
        return self

    def __exit__(self, *_: object) -> None:
        if self._spool is not None:
            with suppress(OSError):  # its buffer unwritten: the error is said already
                self._spool.close()

    def add(self, item: Any) -> None:
        text = json.dumps(item, indent=2, sort_keys=False, ensure_ascii=False)
        # lines split at "\n" alone: a name may hold other line breaks (U+2028, U+0085),
        # which JSON keeps as they are
        indented = "\n".join("    " + line for line in text.split("\n"))
        try:
            if self._spool is None:
                # closed by __exit__: the object is the context manager
                self._spool = tempfile.TemporaryFile(  # noqa: SIM115
                    "w+", encoding="utf-8", errors="surrogatepass", newline=""
                )
            self._spool.write((",\n" if self.count else "") + indented)
        except OSError as exc:
            self._failed(exc)
        self.count += 1

    def _failed(self, exc: OSError) -> NoReturn:
        folder = tempfile.gettempdir()
        why = exc.strerror or str(exc)
        raise SheepdogError(
            f"cannot keep the {self.key} for --json in a temporary file in {folder} ({why},"
            f" after {self.count} {self.key}): free some room there, or set TMPDIR to another"
            " folder"
        ) from None

    def print(self) -> None:
        """:func:`print_json` of ``{key: items}``, read back in pieces."""
        if self._spool is None:
            print_json({self.key: []})
            return
        try:
            self._spool.flush()
            self._spool.seek(0)
        except OSError as exc:
            self._failed(exc)
        head = "{\n  " + json.dumps(self.key, ensure_ascii=False) + ": [\n"
        pieces = iter(lambda: self._spool.read(1 << 16) if self._spool else "", "")
        _print_json_text(itertools.chain([head], pieces, ["\n  ]\n}\n"]))


def given_position(value: str) -> str:
    """The callback of a position argument: an empty one (``''``) would name the current
    folder."""
    if not value.strip():
        raise typer.BadParameter("empty: name a position file, or type the notation in quotes")
    return value


def number_in(low: float, high: float) -> Callable[[float], float]:
    """The callback of a number option from ``low`` to ``high``.  Typer's own range check
    names ``nan`` "over" the maximum; here it is no number, and ``inf`` is out of range."""

    def check(value: float) -> float:
        if math.isnan(value):
            raise typer.BadParameter(f"{value} is not a number: give one from {low:g} to {high:g}")
        if not low <= value <= high:
            raise typer.BadParameter(
                f"{value!r} is out of range: give one from {low:g} to {high:g}"  # as typed
            )
        return value

    return check


def file_to_write(example: str) -> Callable[[str], Path]:
    """The parser of an option naming a file to write: ``out/`` (or ``out/.``) names a folder,
    which the path alone would forget (``Path("out/")`` is ``out``: the file was written so).
    ``example`` is a file name the error suggests in that folder."""

    def parse(raw: str) -> Path:
        last = raw.replace(os.sep, "/").rsplit("/", 1)[-1]
        if last in ("", ".", ".."):  # "out/", "out/.", "..": a folder's name
            such = os.path.normpath(os.path.join(raw, example))
            raise typer.BadParameter(f"{raw} names a folder: name the file, such as {such}")
        return Path(raw)

    return parse


def existing_file(path: Path) -> Path:
    """``path``, a file that is there: else ``Error:`` saying why (a link loop is named as the
    reader names it, not as missing)."""
    try:
        folder = stat.S_ISDIR(path.stat().st_mode)
    except FileNotFoundError:
        fail(f"no such file: {path}{shipped_hint(path)}")
    except OSError as exc:
        exc.filename = exc.filename or str(path)
        fail(os_error_message(exc))
    if folder:
        fail(f"is a directory, not a file: {path}")
    return path


def check_roster_kind(roster: str) -> None:
    """Refuse a ``--roster`` that is there but is no ordinary file (a pipe, ``<(cat r.toml)``;
    a device) before anything reads it: the files written name their roster by its path and
    read it again, and a named pipe nobody writes to would keep the command waiting."""
    from sheepdog.solver.slywolf.roster import SHIPPED_ROSTERS

    path = Path(roster)
    if roster.lower() in SHIPPED_ROSTERS or not path.exists() or path.is_file() or path.is_dir():
        return
    raise SheepdogError(
        f"--roster {roster} is not an ordinary file (a pipe?): the files written name their"
        " roster by its path and read it again, so give a roster file or a shipped name"
    )


def roster_ref(roster: str, folder: Path) -> str:
    """``--roster`` as a file in ``folder`` will name it: a shipped roster's name as it is, or
    the roster file (read from the current folder) as a path relative to ``folder``."""
    import os

    from sheepdog.solver.slywolf.roster import SHIPPED_ROSTERS, missing_roster

    if roster.lower() in SHIPPED_ROSTERS:
        return roster.lower()
    path = Path(roster)
    if path.is_dir():
        raise SheepdogError(missing_roster(roster, None, "is a directory"))
    check_roster_kind(roster)
    if not path.is_file():
        raise SheepdogError(missing_roster(roster, path))
    ref = Path(os.path.relpath(real_path(path), real_path(folder))).as_posix()
    return path_in_file(ref, "the --roster file's path")
