"""``sheepdog wolf hint`` and ``sheepdog wolf play``: whom to call next; a whole game at the table.

``hint FILE`` ranks the sheep not yet interviewed (or the visible ones) best first; with a
``"game"`` key in the file it also plans the turn (push your luck or stop, the track, the guess).
``play FILE`` records a game as it is played: every line a player types is saved at once.

What ``play`` promises (``tests/slywolf/test_play_reliability.py`` holds it to it):

- An invalid game file is one ``Error:`` line naming the file and the key, before any prompt.
- One session per file: a second ``play`` on the same file is refused (an exclusive lock on a
  companion file, :mod:`sheepdog.solver.filelock`, held for the whole session).
- Every typed line is saved, atomically (:mod:`sheepdog.solver.fileio`), before its reply is
  printed, so a reply on the screen means the line is on disk, even if the process is then
  killed.  Ctrl-C is held back while a save runs, so it never leaves half a write; the
  temporary files of a write killed outright are removed when the next session starts.
- A save that fails (a full disk) is one ``Error:`` line saying the line was not saved; exit 1.
- Ctrl-C (at the prompt or during a hint) is ``Error: interrupted``, exit 130; end of input
  (Ctrl-D) ends the session with exit 0.
- In a terminal the prompt has line editing and history (:mod:`readline`, where available).
"""

from __future__ import annotations

import atexit
import contextlib
import enum
import hashlib
import importlib
import io
import os
import signal
import sys
import threading
import time
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TextIO

import typer

from sheepdog.cli.common import (
    check_roster_kind,
    fail,
    file_to_write,
    number_in,
    print_json,
    roster_ref,
    run,
    typed_options,
)
from sheepdog.cli.progress import echo
from sheepdog.cli.wolf import ModeChoice, ModelAtTable, ModelChoice, app

if TYPE_CHECKING:
    from sheepdog.solver.slywolf.advice import Advice
    from sheepdog.solver.slywolf.puzzle import Puzzle
    from sheepdog.solver.slywolf.session import Game
    from sheepdog.solver.slywolf.turn import Options, Side

__all__ = ["app"]


class SideChoice(enum.StrEnum):
    """The wolf's track side (``sheepdog.solver.slywolf.turn.SIDES``)."""

    one_star = "one_star"
    two_star = "two_star"


def _advice(puzzle: Puzzle, model: ModelChoice | None = None) -> Advice:
    """The library's advice (under ``model``; None: the library's default, the valid cases
    where that model applies); a contradiction says where to look."""
    from sheepdog.cli.hint_text import CONTRADICTION_HINT
    from sheepdog.solver.errors import SheepdogError
    from sheepdog.solver.slywolf.advice import ContradictionError, advice

    try:
        return advice(puzzle, model=model.model if model is not None else None)
    except ContradictionError as exc:
        if exc.conflict is not None and exc.conflict.roster_only:
            raise SheepdogError(str(exc)) from None  # no interview to look at
        raise SheepdogError(f"{exc} {CONTRADICTION_HINT}") from None


def _findings(puzzle: Puzzle, model: ModelChoice | None) -> dict[str, Any]:
    """What the table knows, with the chances of the model the hints use (``model``; None: the
    library's default): :func:`~sheepdog.solver.slywolf.advice.hint_findings`."""
    from sheepdog.solver.slywolf.advice import hint_findings

    return hint_findings(puzzle, model.model if model is not None else None)[0].to_dict()


@app.command()
def hint(
    file: Annotated[
        Path, typer.Argument(help='Puzzle file (JSON); may carry a "game" key.', readable=False)
    ],
    json_out: Annotated[
        bool, typer.Option("--json", help="Print one JSON object on stdout.")
    ] = False,
    top: Annotated[
        int,
        typer.Option(
            "--top", min=0, help="Show only the best N sheep (0: all); --json lists every one."
        ),
    ] = 0,
    model: ModelAtTable = None,
) -> None:
    """Whom to interview next: the sheep not yet interviewed, best first, with a reason each."""

    def body() -> None:
        from sheepdog.cli.hint_text import render_advice
        from sheepdog.cli.wolf import culprit_warning, read_puzzle
        from sheepdog.solver.errors import SheepdogError

        puzzle = read_puzzle(file)
        try:
            advice = _advice(puzzle, model)
        except SheepdogError as exc:  # about the interviews in the file: name it
            raise SheepdogError(f"{file}: {exc}") from None
        warning = culprit_warning(puzzle, advice.deduction)  # checked, not trusted, as solve
        if warning is not None:
            echo(f"Warning: {file}: {warning}", err=True)
        aside = _visible_aside(puzzle, advice)
        if aside is not None:
            echo(f"Warning: {file}: {aside}", err=True)
        if json_out:  # every sheep not yet interviewed (the spec's contract): --top is for text
            print_json(advice.to_dict())
        else:
            echo(render_advice(advice.best(top).to_dict()))

    run(body)


def _visible_aside(puzzle: Puzzle, advice: Advice) -> str | None:
    """What to say when a file's ``"visible"`` list names other sheep than its game's stacks
    have on top: the stacks decide (a game file of an earlier version may keep an old list)."""
    if puzzle.visible is None or advice.turn is None:
        return None
    tops = advice.turn.table.visible
    if set(puzzle.visible) == set(tops):
        return None
    names = [s.name for s in puzzle.roster.sheep]
    listed = ", ".join(names[s] for s in puzzle.visible)
    on_top = ", ".join(names[s] for s in tops) or "no sheep"
    return (
        f"its 'visible' list ({listed}) is left aside: the game's stacks say which sheep are on"
        f" top ({on_top})"
    )


#: The refusal of a second session on one file.
BUSY = "open in another 'sheepdog wolf play' session"


@app.command()
def play(
    ctx: typer.Context,
    file: Annotated[
        Path,
        typer.Argument(
            help='Game file (JSON): a puzzle with a "game" key.',
            readable=False,
            parser=file_to_write("game.json"),
        ),
    ],
    new: Annotated[bool, typer.Option("--new", help="Start a new game in the file.")] = False,
    roster: Annotated[
        str,
        typer.Option(
            "--roster", help="Roster for --new: a shipped roster's name or a roster file."
        ),
    ] = "default",
    mode: Annotated[
        ModeChoice, typer.Option("--mode", case_sensitive=False, help="Game mode (--new).")
    ] = ModeChoice.easy,
    side: Annotated[
        SideChoice, typer.Option("--side", case_sensitive=False, help="Track side (--new).")
    ] = SideChoice.one_star,
    skill: Annotated[
        float,
        typer.Option(
            "--skill", callback=number_in(0.0, 1.0), help="Drawing skill, 0 to 1 (--new)."
        ),
    ] = 0.5,
    picky: Annotated[bool, typer.Option("--picky-eaters", help="Advanced rule.")] = False,
    special: Annotated[bool, typer.Option("--special-treats", help="Advanced rule.")] = False,
    force: Annotated[
        bool, typer.Option("--force", help="With --new: replace an existing file.")
    ] = False,
    model: ModelAtTable = None,
) -> None:
    """Record a game as it is played; every line typed is saved at once. Type `help`.

    One session per file; Ctrl-D ends it, Ctrl-C interrupts it (exit 130)."""

    def body() -> None:
        from sheepdog.solver.errors import SheepdogError
        from sheepdog.solver.fileio import check_folder, remove_made_folders
        from sheepdog.solver.filelock import exclusive_lock
        from sheepdog.solver.jsonio import shipped_hint
        from sheepdog.solver.slywolf.turn import Options

        if not new:
            given = typed_options(
                ctx,
                (
                    ("--roster", "roster"),
                    ("--mode", "mode"),
                    ("--side", "side"),
                    ("--skill", "skill"),
                    ("--picky-eaters", "picky"),
                    ("--special-treats", "special"),
                    ("--force", "force"),
                ),
            )
            if given:  # options that do not go together: a usage error (exit 2)
                verb = "applies" if len(given) == 1 else "apply"
                fail(f"{', '.join(given)} {verb} only with --new (a game file keeps its own)", 2)
        if file.is_dir():
            raise SheepdogError(f"{file} is a directory, not a game file")
        made: list[Path] = []
        if new:
            # made (the lock file goes there too), and taken back if no game is begun; a file
            # or a link to nowhere in the way is named (it said "file exists: dangl")
            made = check_folder(file.parent, "folder of the game file")
        elif not os.path.lexists(file):
            shipped = shipped_hint(file)
            if shipped:  # a README example's path, run outside the repository
                raise SheepdogError(
                    f"no such file: {file}{shipped}: copy it here to play it"
                    f" (`cp` it to {file.name}), or start a new game in {file} with --new"
                )
            raise SheepdogError(f"no such file: {file} (--new starts a game in it)")
        try:
            with exclusive_lock(file, BUSY):
                _remove_stray_temps(file)
                if new:
                    kept = None if model is None else model.model
                    options = Options(skill, picky, special, kept)
                    begun = _begun(file, roster, mode.mode, side.value, options, force=force)
                    game, known = begun
                else:
                    game, known = _reopened(file)
                    game = _model_kept(file, game, model, known)
                _session(file, game, known)
        except BaseException:
            remove_made_folders(made)  # only while empty: a game written keeps its folder
            raise

    run(body)


def _begun(
    file: Path, roster: str, mode: str, side: Side, options: Options, *, force: bool
) -> tuple[Game, _Known]:
    """A new game in ``file`` (under its lock), saved before the session starts, and what it
    wrote there."""
    from sheepdog.solver.errors import SheepdogError
    from sheepdog.solver.fileio import check_target
    from sheepdog.solver.slywolf.puzzle import puzzle_from_dict
    from sheepdog.solver.slywolf.roster import is_roster_file, load_roster
    from sheepdog.solver.slywolf.session import check_likes, check_open, new_game

    if os.path.lexists(file):  # a pipe or device: not "use --force", refused then
        check_target(file, force=True)
    if is_roster_file(file, roster):  # found by a review: --force lost the roster
        raise SheepdogError(
            f"{file} is the roster file the game is played with (--roster): the game would"
            " replace it; give another file for the game (--force does not overwrite it)"
        )
    if os.path.lexists(file) and not force:
        if not os.path.exists(file):  # a link that leads to no file: says so
            check_target(file)
        raise SheepdogError(
            f"{file} already exists; use --force to start over (its interviews and"
            " game are replaced by a new game), or give a new file"
        )
    check_roster_kind(roster)  # a pipe: refused before it is read (or waited for)
    load_roster(roster)  # a roster typed wrong is the option's, not the file's
    base = puzzle_from_dict(
        {"roster": roster_ref(roster, file.parent), "mode": mode, "interviews": []},
        base=file.parent,
        source=str(file),
    )
    check_likes(base.roster)
    if options.model == "valid":
        _check_valid_applies(base)
    check_open(base, options.model, every_case="--model uniform")
    game = new_game(base, side, options)
    known = _Known(file, _save(file, game, force=force))
    echo(f"New game in {file}. {_tops_to_type(game)} `help` lists all.")
    return game, known


#: How many times a game file that changes while it is read is read again.
READS = 5


def _reopened(file: Path) -> tuple[Game, _Known]:
    """The game in ``file`` (under its lock), checked before any line is typed, and the file as
    it was read.  The digest is taken before and after the reading, and the file read again
    when they differ: taken after it alone, a change made outside while the file was read
    passed for the session's own, and the session's first save wrote over it (found by a
    tester)."""
    from sheepdog.solver.errors import SheepdogError
    from sheepdog.solver.fileio import check_target, check_writable
    from sheepdog.solver.slywolf.session import load_game

    # a pipe or device is refused before it is read (a pipe with no writer waited for
    # ever), not at the first save
    check_target(file, force=True)
    for _ in range(READS):
        digest = _digest(file)
        loaded = load_game(file)
        if _digest(file) == digest:
            break
    else:
        raise SheepdogError(f"{file} kept changing while it was read: open it again later")
    check_writable(file)  # every line typed is saved to it
    if loaded is None:
        raise SheepdogError(
            f"{file} has no game yet: it is a puzzle; start a game in a new file"
            " with --new (a new game starts with no interviews, so keep this file)"
        )
    return loaded, _Known(file, digest)


def _model_kept(file: Path, game: Game, model: ModelChoice | None, known: _Known) -> Game:
    """``game`` counting the cases of ``model`` (``--model``, given when a game is opened
    again): kept in the file's options, so the next session counts them too."""
    from dataclasses import replace

    from sheepdog.solver.slywolf.session import check_open, model_mark

    if model is not None and model.model == "valid":  # the file may keep it already
        _check_valid_applies(game.puzzle)
    if model is None or model.model == game.table.options.model:
        return game
    if not game.puzzle.interviews:  # as --new: not a game solved before anyone is heard
        check_open(game.puzzle, model.model, every_case="--model uniform")
    options = replace(game.table.options, model=model.model)
    # the log marks it: the lines before were typed under the other model (``resumed``)
    log = (*game.log, model_mark(model.model))
    game = replace(game, table=replace(game.table, options=options), log=log)
    _save(file, game, known=known)
    return game


def _check_valid_applies(puzzle: Puzzle) -> None:
    """``--model valid`` given to ``play``: refused now, for a game the valid-case model does
    not cover, rather than at every hint of the game."""
    from sheepdog.solver.slywolf import valid
    from sheepdog.solver.slywolf.worlds import Observation

    valid.check(Observation.from_puzzle(puzzle))


#: Words of the prompt itself, not entries of the game: never stored in its log.
PROMPT_WORDS = ("quit", "exit", "help")


def _session(file: Path, game: Game, known: _Known) -> None:
    """Read lines until ``quit`` or the end of input; save each one before answering it;
    ``hint`` is answered under the model the game keeps (``--model``; None: the library's
    default).

    The entries go through a :class:`~sheepdog.solver.slywolf.session.Record` (the engine of
    ``sheepdog serve`` too), so ``undo`` takes back the last entry of this session; the file's
    log keeps every line typed, the undo and the refused lines included."""
    from dataclasses import replace

    from sheepdog.cli.hint_text import (
        CONTRADICTION_HINT,
        HELP,
        chances_words,
        render_advice,
        reply,
        resume_line,
        status_lines,
    )
    from sheepdog.solver.errors import SheepdogError, brief
    from sheepdog.solver.slywolf.entries import (
        AskHint,
        Corrected,
        Heard,
        Undo,
        UnknownEntry,
        check_entry_length,
        parse_entry,
    )
    from sheepdog.solver.slywolf.session import (
        MODEL_MARK,
        NothingToUndo,
        Record,
        resumed,
        table_view,
    )

    _prepare_stdin()
    kept = game.table.options.model
    model = None if kept is None else ModelChoice(kept)
    rebuilt = resumed(game) if game.log else None
    record, log = rebuilt or Record.begin(game), game.log
    if game.log and sys.stdin is not None and sys.stdin.isatty():  # scripts read replies only
        try:  # which cases the chances count
            used = _findings(table_view(record.game.puzzle), model)["model"]
            chances = chances_words(None if model is None else model.model, used)
        except SheepdogError:  # the first status line says what is wrong
            chances = None
        echo(resume_line(record.game, chances))
    with _interrupt_on_its_own_line():
        while True:
            try:
                line = _read_line("> ")
            except LineTooLong as exc:
                echo(f"Error: {exc}", err=True)
                continue
            if line is None:
                break
            text = line.strip()
            # names are case-insensitive and read full-width letters (``parse_entry``), these too
            words = unicodedata.normalize("NFKC", text).lower().split()
            if words and words[0] in PROMPT_WORDS:
                if len(words) > 1:
                    just = f"type just {words[0]}"
                    echo(f"Error: {words[0]} takes nothing after it: {just}", err=True)
                    continue
                if words[0] == "help":
                    echo(HELP)
                    continue
                break
            if not text:
                continue
            try:
                check_entry_length(text)
            except SheepdogError as exc:
                echo("Error: " + str(exc), err=True)
                continue
            if text.lower().startswith(MODEL_MARK.strip()):  # the log's own mark: never typed
                echo(
                    "Error: --model is given when the game is opened: `sheepdog wolf play FILE"
                    " --model uniform` (or valid)",
                    err=True,
                )
                continue
            log += (text,)  # refused, but typed: the log keeps it
            try:
                entry = parse_entry(record.game.roster, text)
                after = record.add(entry, text)
            except SheepdogError as exc:
                _save(file, replace(record.game, log=log), line=text, known=known)
                message = str(exc)
                if isinstance(exc, UnknownEntry):  # the prompt's own words too
                    message += ", help, quit"
                if isinstance(exc, NothingToUndo) and game.log and rebuilt is None:
                    message += (
                        " (undo reaches back to the start of this session: the file's log does not"
                        " rebuild its game; `correct SHEEP, TARGET, ITEM` fixes an interview typed"
                        " before)"
                    )
                echo("Error: " + brief(message), err=True)
                continue
            before, record = record, after
            _save(file, replace(record.game, log=log), line=text, known=known)
            if isinstance(entry, AskHint):
                try:
                    seen = table_view(replace(before.game, log=log).to_puzzle())
                    answer = render_advice(_advice(seen, model).to_dict())
                except SheepdogError as exc:
                    message = brief(str(exc))
                    if CONTRADICTION_HINT in message:
                        message += "; `correct SHEEP, TARGET, ITEM` fixes an interview typed wrong"
                    echo("Error: " + message, err=True)
                    continue
            elif isinstance(entry, Undo):
                last = before.last_in_force()
                taken = before.steps[last].line if last is not None else "?"
                answer = f"undone: {taken}"
            else:
                answer = reply(before.game, entry, record.game)
            if isinstance(entry, Heard | Corrected | Undo):
                findings = _findings(table_view(record.game.puzzle), model)
                status = status_lines(findings)
                if model is not None and model.model == "valid" and findings["model"] != "valid":
                    # the status line always has its chances: said when they are not those asked for
                    status.append(
                        "chances over every case: the valid cases asked for (--model valid) do not"
                        " apply here (`hint` says why)"
                    )
                # one line, so a reply is always one line (scripts read them line by line)
                answer = f"{answer}. " + " · ".join(status)
            if answer:
                echo(answer)


def _digest(file: Path) -> str | None:
    """The file's contents as a SHA-256 digest (None: no file there, or none to read)."""
    try:
        return hashlib.sha256(file.read_bytes()).hexdigest()
    except OSError:
        return None


class _Known:
    """What a session last wrote to its file (or read from it at the start), to tell a change
    made outside the session before it writes over it."""

    def __init__(self, file: Path, digest: str | None) -> None:
        self.file = file
        self.digest = digest

    def check(self, game: Game, line: str | None) -> None:
        """Refuse to write over a file changed since: the session's game goes to a new file
        beside it, and the session stops (nothing of either is lost)."""
        from sheepdog.solver.errors import SheepdogError
        from sheepdog.solver.fileio import write_atomic

        if _digest(self.file) == self.digest:
            return
        stem, suffix = self.file.stem, self.file.suffix or ".json"
        for n in range(1, 1000):
            other = self.file.with_name(f"{stem}.session-{n}{suffix}")
            if not os.path.lexists(other):
                break
        write_atomic(other, game.to_puzzle().to_json())
        typed = f", with the line {line!r}," if line is not None else ""
        if os.path.lexists(self.file):
            what, kept, either = "changed", "it is left as it is, and ", "either"
        else:  # deleted or moved: nothing there to leave as it is
            what, kept, either = "deleted or moved", "", "it"
        raise SheepdogError(
            f"{self.file} was {what} outside this session since it last saved it: {kept}this"
            f" session's game{typed} is saved in {other} (open {either} with `sheepdog wolf"
            " play`)"
        )


def _save(
    file: Path,
    game: Game,
    *,
    force: bool = True,
    line: str | None = None,
    known: _Known | None = None,
) -> str:
    """Write the game file atomically (Ctrl-C waits until the write is done); a failed write
    says which typed line was not saved.  With ``known``, a file changed since the session
    last saved it is not written over (:meth:`_Known.check`).  Returns the digest of what it
    wrote."""
    from sheepdog.solver.errors import SheepdogError
    from sheepdog.solver.fileio import write_atomic

    text = game.to_puzzle().to_json()
    if known is not None:
        known.check(game, line)
    try:
        write_atomic(file, text, force=force)
    except SheepdogError as exc:
        if line is None:
            raise
        raise SheepdogError(f"{exc}; the line {line!r} was not saved") from exc
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    if known is not None:
        known.digest = digest
    return digest


def _remove_stray_temps(file: Path) -> None:
    """Remove what killed writes left: every temporary file of this game file (its lock is
    held, so no write of it is running) and old ones of other files in its folder."""
    from sheepdog.solver.fileio import clean_stray_temps, remove_temps_of

    real = Path(os.path.realpath(file))
    with contextlib.suppress(OSError):  # an unreadable folder: nothing to clean here
        remove_temps_of(real)
        clean_stray_temps(real.parent)


def _prepare_stdin() -> None:
    """Undecodable bytes in the input become U+FFFD (the line is then refused, not a crash);
    in a terminal, importing :mod:`readline` gives ``input()`` line editing and history."""
    stdin = sys.stdin
    if stdin is None or stdin.closed:
        return
    if isinstance(stdin, io.TextIOWrapper):
        stdin.reconfigure(errors="replace")
    with contextlib.suppress(OSError, ValueError):
        # a non-blocking input (a parent such as Node.js leaves its pipes so) read as ended
        # when no line had come yet: the session stopped, and the lines typed later were lost
        fd = stdin.fileno()
        if not os.get_blocking(fd):
            os.set_blocking(fd, True)
            if fd not in _SET_BACK_AT_EXIT:  # once: a program calling main(argv) again
                _SET_BACK_AT_EXIT.add(fd)
                atexit.register(_nonblocking_again, fd)  # as found, for whoever reads next
    if stdin.isatty():
        with contextlib.suppress(ImportError):
            importlib.import_module("readline")


@contextlib.contextmanager
def _interrupt_on_its_own_line() -> Iterator[None]:
    """At a terminal, Ctrl-C's error on a line of its own, not after the half-typed line or
    the ``^C`` the terminal shows ("> call gui^CError: interrupted"), at the prompt as during
    a hint."""
    try:
        yield
    except KeyboardInterrupt:
        stdin = sys.stdin
        if stdin is not None and not stdin.closed and stdin.isatty():
            echo()
        raise


#: The input descriptors made blocking, each set back to non-blocking once, at exit.
_SET_BACK_AT_EXIT: set[int] = set()


def _nonblocking_again(fd: int) -> None:
    with contextlib.suppress(OSError):
        os.set_blocking(fd, False)


class LineTooLong(Exception):
    """A line read from a pipe longer than any entry: refused, and the session goes on."""


#: The longest line ``wolf play`` reads from a pipe at once (characters); a longer one is read
#: on in pieces, not kept, and refused (a line with no end, ``< /dev/zero``, took all memory).
READ_AT_ONCE = 1 << 16

#: Past this many characters a line is not read on: the input is no game's entries.
ENDLESS_LINE = 1 << 28


def _skip_long_line(stdin: TextIO, read: int) -> None:
    """Read on to the end of a line of which ``read`` characters were read, keeping nothing,
    then refuse it (one line, the session goes on); past :data:`ENDLESS_LINE` characters stop
    the session: the input is no game's entries."""
    from sheepdog.solver.errors import SheepdogError
    from sheepdog.solver.slywolf.entries import MAX_ENTRY_LENGTH

    while read <= ENDLESS_LINE:
        more = stdin.readline(READ_AT_ONCE)
        if not more or more.endswith("\n"):
            read += len(more.removesuffix("\n"))
            raise LineTooLong(
                f"a line of {read:,} characters is no entry (entries are at most "
                f"{MAX_ENTRY_LENGTH}); it was not recorded"
            )
        read += len(more)
    raise SheepdogError(
        f"the input holds a line of more than {ENDLESS_LINE:,} characters: it is no game's"
        " entries (the entries before it are saved)"
    )


#: How often (seconds) a timer breaks ``input()``'s wait at a terminal: :func:`_signals_answered`.
WAKE_EVERY = 0.1


@contextlib.contextmanager
def _signals_answered() -> Iterator[None]:
    """CPython's :mod:`readline` acts on a signal only when the signal breaks its wait for a
    key.  A Ctrl-C that came while it handled a key (typed ahead, or pasted) waited for the
    next key, and the terminal drops the keys after a Ctrl-C: the session hung, holding its
    file, until Enter was pressed (found by a tester).  While the prompt waits, a timer breaks
    the wait every :data:`WAKE_EVERY` seconds, so a Ctrl-C (or a SIGTERM) is answered then."""
    if (
        not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield  # no timers (Windows), or signals go to the main thread only: as before
        return
    before = signal.signal(signal.SIGALRM, _woken)
    started = time.monotonic()
    # a program calling main may have a timer of its own: it runs on afterwards (review25)
    left, every = signal.setitimer(signal.ITIMER_REAL, WAKE_EVERY, WAKE_EVERY)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)
        if left > 0:  # what was left of it, less the wait (due meanwhile: at once)
            signal.setitimer(
                signal.ITIMER_REAL, max(left - (time.monotonic() - started), 1e-6), every
            )


def _woken(signum: int, frame: object) -> None:
    """The timer's signal: nothing to do; the signals that came with it are acted on."""


def _read_line(prompt: str) -> str | None:
    """The next line typed, or None at the end of the input (also when there is no input)."""
    stdin = sys.stdin
    if stdin is None or stdin.closed:
        return None
    if not (stdin.isatty() and sys.stdout.isatty()):
        # not input(): it discards an error of its flush of the prompt, and a Ctrl-C handled
        # there (a buffered output runs the handlers after each write) was lost, so a Ctrl-C
        # at the prompt went unanswered; input() edits lines only in a terminal anyway
        echo(prompt, nl=False)
        line = stdin.readline(READ_AT_ONCE)
        if len(line) == READ_AT_ONCE and not line.endswith("\n"):
            _skip_long_line(stdin, len(line))
        return line.removesuffix("\n") if line else None
    try:
        with _signals_answered():
            return input(prompt)
    except EOFError:
        if stdin.isatty():  # Ctrl-D at the prompt: end its line, so the shell's starts afresh
            echo()
        return None


def _tops_to_type(game: Game) -> str:
    """What to type first: the stack tops, and, when the tiles do not split evenly, that some
    stacks hold one tile more (the game learns which as their tiles are uncovered)."""
    from sheepdog.solver.slywolf.turn import extra_tiles
    from sheepdog.solver.words import counted

    extra = extra_tiles(game.puzzle, game.table)
    tiles = sum(st.tiles for st in game.table.stacks) + extra
    stacks = min(tiles, len(game.table.stacks))  # with fewer tiles than stacks, some are empty
    words = ["one", "two", "three", "four"]
    count = words[stacks - 1] if 1 <= stacks <= len(words) else str(stacks)
    text = f"Type the {count} stack {'top' if stacks == 1 else 'tops'}: top SHEEP."
    if extra and tiles > len(game.table.stacks):
        text += (
            f" The {tiles} tiles do not split evenly: {counted(extra, 'stack')} of the 4"
            f" {'holds' if extra == 1 else 'hold'} one more; when a stack counted out still"
            " shows a tile, type it too."
        )
    return text
