"""The ``sheepdog`` console script: ``sheepdog wolf ...`` and ``sheepdog dog ...``.

Start-up is kept short.  Importing this module costs nothing beyond the standard library;
:func:`main` imports Typer and only the command modules the command line needs: for a command,
its group's module (``wolf`` or ``dog``) and its own; for a listing, every module it lists (the
two group modules for the top-level help; a group's every module for its help or an unknown
command; all of them for shell completion).  Libraries that are slow to import (OR-Tools, PySAT,
networkx, fpdf) are imported inside the functions, or only by the command modules, that need
them; no command that needs none of them pays for them.

Exit codes: 0 done; 1 bad input (one line ``Error: ...`` from the command); 2 a usage error (one
line ``Error: ...``; an unknown command lists the valid ones); 70 an internal error, i.e. a bug
(one line ``Error: internal error: <type>: <message>``; set ``SHEEPDOG_DEBUG=1`` for the
traceback); 130 interrupted (Ctrl-C, one line ``Error: interrupted``).
"""

from __future__ import annotations

import _thread
import contextlib
import os
import re
import sys

# The console script imports this module before :func:`main` can catch a Ctrl-C: it imports
# nothing the interpreter has not loaded at start-up (``os`` and ``sys``), and the package's
# ``__init__`` nothing at all, so that moment is as short as it can be.  mypy treats any
# ``TYPE_CHECKING`` as true; spelling it out spares the import of ``typing``.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from types import FrameType
    from typing import Any, NoReturn, TextIO

    import typer
    from typer._click import Command, Context, Parameter

EXIT_USAGE = 2
#: ``EX_SOFTWARE`` of sysexits.h: an internal software error.
EXIT_INTERNAL = 70
#: 128 + SIGINT, what a shell reports for a program stopped by Ctrl-C.
EXIT_INTERRUPTED = 130
#: 128 + SIGTERM, what a shell reports for a program stopped by ``kill`` (``timeout``,
#: systemd and Docker stop programs so).
EXIT_TERMINATED = 143


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised wherever the program is, as Ctrl-C raises KeyboardInterrupt: the same
    clean-up runs (an interrupted atomic write removes its temporary file), and the run ends
    with one line ``Error: terminated``, exit 143."""


def stop_words(exc: BaseException) -> tuple[str, int]:
    """The word and exit code of a run stopped by ``exc``: Ctrl-C or SIGTERM."""
    if isinstance(exc, Terminated):
        return "terminated", EXIT_TERMINATED
    return "interrupted", EXIT_INTERRUPTED


def _on_terminate(_signum: int, _frame: object) -> None:
    ignore_stops()
    _give_up_waiting()
    raise Terminated


def _give_up_waiting() -> None:
    """The output stops waiting for a reader that takes nothing (:mod:`sheepdog.cli.streams`)."""
    from sheepdog.cli.streams import give_up

    give_up()


def ignore_stops() -> None:
    """Ctrl-C and SIGTERM ignored from here on: the run is stopping (a second signal of either
    kind, an impatient double press or a ``kill`` on top of a Ctrl-C, printed a second line,
    "Error: interrupted" after "terminated", and exit 1), or its answer is out and only
    freeing memory is left (:func:`sheepdog.cli.common.answer_with_file`).  ``main`` called
    from a program puts its handlers back."""
    import signal

    # only main's own handlers (not a program's that called main, nor a test runner's); a
    # handler that does nothing, not SIG_IGN: a signal that came just before is still pending
    # in Python, which then said "Signal 15 ignored due to race condition" with a traceback
    if signal.getsignal(signal.SIGINT) is _first_interrupt:
        signal.signal(signal.SIGINT, _ignored)
    if signal.getsignal(signal.SIGTERM) is _on_terminate:
        signal.signal(signal.SIGTERM, _ignored)


def _ignored(_signum: int, _frame: object) -> None:
    """A stop signal while the run stops: nothing to do."""


#: Set to 1 to see the traceback of an internal error instead of one line.
DEBUG_VARIABLE = "SHEEPDOG_DEBUG"
#: Set by the shell when it asks for completions (Typer/Click convention).
COMPLETE_VARIABLE = "_SHEEPDOG_COMPLETE"

#: The groups, each held by the module of its name in ``sheepdog.cli``, with their help.
GROUP_HELP = {
    "wolf": "Sly Wolf and the Missing Note.",
    "dog": "DOG and Agent DOG: rules engines and endgame solvers.",
}
GROUP_MODULES = tuple(GROUP_HELP)
#: The module (in ``sheepdog.cli``) that registers each command of a group, or that holds a
#: top-level command (a function of the command's name, such as ``serve``); a test checks it
#: against the commands the modules actually register.
COMMAND_MODULES: dict[str, dict[str, str] | str] = {
    "wolf": {
        "solve": "wolf",
        "generate": "wolf_generate",
        "grade": "wolf_generate",
        "grades": "wolf_generate",
        "print": "wolf_generate",
        "hint": "wolf_hint",
        "play": "wolf_hint",
    },
    "dog": {
        "moves": "dog",
        "perft": "dog",
        "show": "dog",
        "convert": "dog",
        "view": "dog",
        "simulate": "dog",
        "solve": "dog_endgame",
        "solitaire": "dog_endgame",
        "advise": "dog_endgame",
        "generate": "dog_endgame",
    },
    "serve": "serve",
}
ALL_MODULES = tuple(
    dict.fromkeys(
        [
            *GROUP_MODULES,
            *(
                m
                for commands in COMMAND_MODULES.values()
                for m in ([commands] if isinstance(commands, str) else commands.values())
            ),
        ]
    )
)

#: The modules of the top-level commands (listed by the top-level help).
TOP_MODULES = tuple(m for m in COMMAND_MODULES.values() if isinstance(m, str))

HELP = "Exact deductions, hints and cases for Sly Wolf; rules and endgames for DOG and Agent DOG."
EPILOG = f"Set {DEBUG_VARIABLE}=1 to see the traceback of an internal error."


def modules_for(args: Sequence[str]) -> tuple[str, ...]:
    """The command modules to import for the command line ``args``."""
    if os.environ.get(COMPLETE_VARIABLE):
        return ALL_MODULES
    if not args or args[0] not in COMMAND_MODULES:
        # Top-level help, --version, an unknown group: the groups and the top-level commands
        # (whose modules import nothing heavy until they run).
        return (*GROUP_MODULES, *TOP_MODULES)
    group, commands = args[0], COMMAND_MODULES[args[0]]
    if isinstance(commands, str):  # a top-level command: its module only
        return (commands,)
    module = commands.get(args[1]) if len(args) > 1 else None
    if module is None:  # group help or an unknown command: list the group's every command
        return tuple(dict.fromkeys([group, *commands.values()]))
    return tuple(dict.fromkeys([group, module]))


def _show_version(value: bool) -> None:
    if value:
        import typer

        from sheepdog import __version__
        from sheepdog.solver.native import engine_build

        sys.stdout.write(f"sheepdog {__version__}\n{engine_build()}\n")
        raise typer.Exit()


def build_app(modules: Sequence[str] = ALL_MODULES) -> typer.Typer:
    """The ``sheepdog`` app with the groups and commands of ``modules``: importing a module
    registers its commands on its group; a group is added when its own module is listed."""
    import importlib

    import typer

    loaded = {name: importlib.import_module(f"sheepdog.cli.{name}") for name in modules}
    app = typer.Typer(
        name="sheepdog",
        help=HELP,
        epilog=EPILOG,
        no_args_is_help=True,
        add_completion=True,
        pretty_exceptions_enable=False,
    )

    @app.callback()
    def root(
        # The old-style default (not ``Annotated``): Typer resolves this signature's string
        # annotations in this module, where ``typer`` is imported lazily.
        version: bool = typer.Option(
            False,
            "--version",
            help="Print the version and exit.",
            is_eager=True,
            callback=_show_version,
        ),
    ) -> None:
        pass  # the groups do the work; the root only holds --version

    for group, help_text in GROUP_HELP.items():
        if group in loaded:
            app.add_typer(loaded[group].app, name=group, help=help_text)
    for name, module in COMMAND_MODULES.items():
        if isinstance(module, str) and module in loaded:
            app.command(name)(getattr(loaded[module], name))
    return app


_full_app: typer.Typer | None = None


def __getattr__(name: str) -> typer.Typer:
    """``app``: the whole app, every command registered (built on first use, for tests and
    for embedding; :func:`main` builds only what a command line needs)."""
    global _full_app
    if name != "app":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if _full_app is None:
        _full_app = build_app()
    return _full_app


def usage_error_line(exc: Exception) -> str | None:
    """One line for a command-line usage error (unknown command or option, missing argument),
    or ``None`` when ``exc`` is not one.  Unknown commands list the valid ones."""
    format_message = getattr(exc, "format_message", None)
    if format_message is None or not hasattr(exc, "exit_code"):
        return None
    message = " ".join(str(format_message()).split())
    # Typer's value checks say "Value error, 'x' is not one of ..."; the kind is noise here
    message = message.replace(": Value error, ", ": ")
    # a range says only the bound crossed ("greater than or equal to 0"): name both
    param = getattr(exc, "param", None)
    low, high = getattr(param, "min", None), getattr(param, "max", None)
    # the validator's own words ("Input should be less than or equal to 65535", "... a valid
    # integer, unable to parse string as an integer") give way to what to type
    whole = "a valid integer, unable to parse string as an integer"
    if low is not None and high is not None and "Input should be" in message:
        kind = "a whole number" if whole in message else "one"
        message = re.sub(r"Input should be [^(]*", f"give {kind} from {low:,} to {high:,}", message)
    if low is not None and high is None and "Input should be" in message:
        kind = "a whole number, " if whole in message else ""
        message = re.sub(r"Input should be [^(]*", f"give {kind}{low:,} or more ", message)
    message = message.replace(f"Input should be {whole}", "give a whole number")
    # a number of thousands of digits: Python refuses to read it
    span = (
        f" from {low:,} to {high:,}"
        if low is not None and high is not None
        else f", {low:,} or more"
        if low is not None
        else " shorter than that"
    )
    message = re.sub(
        r"Unable to parse input string as an integer, exceeded maximum size[^(]*",
        f"give a whole number{span} ",
        message,
    )
    ctx = getattr(exc, "ctx", None)
    if ctx is not None:
        if message.startswith("No such command"):
            names = ", ".join(ctx.command.list_commands(ctx))
            message = f"{message} Valid commands are: {names}."
        elif message.startswith("No such option") and hasattr(exc, "option_name"):
            options = _options(ctx)
            listed = ", ".join(f"{name} ({short})" if short else name for name, short in options)
            message = f"{_no_such_option(exc, options)} Valid options are: {listed}."
        message += f" (see '{ctx.command_path} --help')"
    return message


def _no_such_option(exc: Any, options: list[tuple[str, str]]) -> str:
    """ "No such option: --x.", with the option meant when one is close: a typo, another case
    (``--JSON``), the start of one (``--picky``), a short one (``-D`` for ``-d``)."""
    import difflib  # only here: the start stays quick (see above)

    given = str(exc.option_name)
    names = [name for name, _ in options] + [short for _, short in options if short]
    lowered = {name.lower(): name for name in names}
    starting = [
        name for name in names if name.lower().startswith(given.lower()) and given[:2] == "--"
    ]
    if given.lower() in lowered:
        meant = lowered[given.lower()]
    elif len(starting) == 1:
        meant = starting[0]
    else:
        close = difflib.get_close_matches(given.lower(), list(lowered), n=1, cutoff=0.75)
        meant = lowered[close[0]] if close else ""
    return f"No such option: {given}." + (f" Did you mean {meant}?" if meant else "")


def _options(ctx: Context) -> list[tuple[str, str]]:
    """The options the command takes, ``--help`` last: each long name with its short one (or
    ""), and the ``--no-X`` side of a flag."""
    options = []
    for param in ctx.command.get_params(ctx):
        if getattr(param, "hidden", False):
            continue
        short = next((opt for opt in param.opts if not opt.startswith("--")), "")
        for opt in param.opts:
            if opt.startswith("--") and opt != "--help":
                options.append((opt, short))
        options += [(opt, "") for opt in getattr(param, "secondary_opts", ())]  # --no-X
    return [*options, ("--help", "")]


def _error(line: str) -> None:
    from sheepdog.cli.streams import write_within

    with contextlib.suppress(OSError, ValueError):  # an error output that fails: nothing to say
        write_within(sys.stderr, f"Error: {' '.join(line.split())}\n")


def run_command_line(args: list[str]) -> int:
    """Parse ``args`` and run the command; returns the exit code.  Usage errors become one line
    ``Error: ...``; any other exception propagates to :func:`main`."""
    if "" in args or any(arg.endswith("=") and arg.startswith("--") for arg in args):
        # an empty path reads as "." (the current folder): `wolf grades ''` graded every file
        # there; no argument or option of sheepdog is meant to be empty
        _error("an empty argument ('') names no file, folder or value: give one, or leave it out")
        return EXIT_USAGE
    import typer

    command = typer.main.get_command(build_app(modules_for(args)))
    _plain_types(command)
    if os.environ.get(COMPLETE_VARIABLE):
        # Shell completion: Typer answers and exits.
        command.main(args=args, prog_name="sheepdog")
    if args[:1] and args[0].partition("=")[0] in _COMPLETION_OPTIONS:
        return _completion_option(command, args)
    return _invoke(command, args)


#: Typer's options that install or show the shell's completion script.
_COMPLETION_OPTIONS = ("--install-completion", "--show-completion")


def _completion_option(command: Command, args: list[str]) -> int:
    """``--install-completion`` or ``--show-completion``, run by Typer with its output held:
    a shell it does not support ("Shell dash is not supported.", printed on stdout or stderr,
    exit 1) is one ``Error:`` line on stderr, as every other refusal (found by a helper)."""
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = _invoke(command, args)
        except SystemExit as exc:  # Typer's show_callback ends with sys.exit
            code = exc.code if isinstance(exc.code, int) else int(exc.code is not None)
    if code:
        said = f"{err.getvalue()} {out.getvalue()}".strip()
        _error(said.removeprefix("Error:").strip() or "the shell's completion was not set up")
        return code
    sys.stdout.write(out.getvalue())
    sys.stderr.write(err.getvalue())
    return 0


def _invoke(command: Command, args: list[str]) -> int:
    """Runs the parsed command line; usage errors become one line ``Error: ...``."""
    import typer

    try:
        with command.make_context("sheepdog", args) as ctx:
            result = command.invoke(ctx)
    except typer.Exit as exc:
        return exc.exit_code
    except typer.Abort:
        _error("aborted")
        return 1
    except Exception as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":
            # A bare group: show its help, as ``--help`` would.  The exception holds the help
            # text, or nothing when the rich formatter has already printed it.
            text = str(getattr(exc, "format_message", lambda: "")())
            if text.strip():
                sys.stdout.write(text.rstrip("\n") + "\n")
            return 0
        line = usage_error_line(exc)
        if line is None:
            raise
        _error(line)
        return int(getattr(exc, "exit_code", EXIT_USAGE))
    return result if isinstance(result, int) else 0


#: A Ctrl-C that landed in a finaliser while :func:`main` ran for a program: its word and code.
_UNRAISABLE_STOP: list[tuple[str, int]] = []
#: Counts the starts and ends of :func:`main`'s runs: a stop sent again (:func:`_stop_again`)
#: goes only to the run it came in, not to the program once that run is over.
_RUNS = [0]


def _stop_again(word: str, code: int) -> None:
    """A stop that landed in a finaliser while :func:`main` ran for a program: main's own
    handlers are put back (the first stop set them to ignore) and the signal is sent again to
    the main thread a moment later, once the finaliser is over, where it stops the command as
    anywhere else (a sleep or a wait is broken by it).  Noted too: should it land in a
    finaliser again, :func:`main` still ends with the stop's line and code."""
    import signal
    import threading
    import time

    _UNRAISABLE_STOP.append((word, code))
    for signum, handler in ((signal.SIGINT, _first_interrupt), (signal.SIGTERM, _on_terminate)):
        if signal.getsignal(signum) is _ignored:
            signal.signal(signum, handler)
    main_thread = threading.main_thread()
    if threading.current_thread() is not main_thread or main_thread.ident is None:
        return  # signals go to the main thread: the program's, not this run's
    again = signal.SIGTERM if code == EXIT_TERMINATED else signal.SIGINT
    ident, run = main_thread.ident, _RUNS[0]

    def send() -> None:
        time.sleep(0.05)  # the finaliser returns first
        if _RUNS[0] != run:
            return  # the run is over (it ends with the stop's line: _UNRAISABLE_STOP)
        with contextlib.suppress(OSError, ValueError):  # the program has ended meanwhile
            signal.pthread_kill(ident, again)

    threading.Thread(target=send, name="sheepdog-stop", daemon=True).start()


def _end_on_interrupt(
    previous: Callable[[sys.UnraisableHookArgs], object], *, in_program: bool = False
) -> Callable[[sys.UnraisableHookArgs], None]:
    """The ``sys.unraisablehook`` while :func:`main` runs.  A Ctrl-C that lands in code Python
    calls on its own (a weak-reference callback of the import system, a ``__del__``) cannot
    propagate from there: Python would print ``Exception ignored in ...`` with a traceback and go
    on as if nothing had happened (and it cannot be raised again from here: it would land in this
    hook).  So the run ends here, as Ctrl-C ends it anywhere else: ``Error: interrupted``, exit
    130 (a temporary file of an interrupted atomic write is left for the next run to clean up;
    the file it was to replace is untouched).  Anything else goes to ``previous``.

    ``in_program`` (:func:`main` called from a program): the process is the program's, so it
    is not ended; the stop is raised again where it can propagate (:func:`_stop_again`)."""

    def hook(unraisable: sys.UnraisableHookArgs) -> None:
        if unraisable.exc_type is None or not issubclass(unraisable.exc_type, KeyboardInterrupt):
            previous(unraisable)
            return
        word, code = stop_words(unraisable.exc_value or KeyboardInterrupt())
        if in_program:
            _stop_again(word, code)
            return
        _give_up_waiting()
        try:
            sys.stdout.flush()
        finally:
            _error(word)
            os._exit(code)

    return hook


#: What the text output's few signs become on a terminal that cannot show them (an ASCII
#: locale, ``PYTHONIOENCODING=ascii``); anything else becomes "?".
_PLAIN_SIGNS: dict[str, str] = {
    "\u2192": "->",  # →
    "\u2194": "<->",  # ↔
    "\u2014": "--",  # —
    "\u2013": "-",  # –
    "\u2026": "...",  # …
    "\u00d7": "x",  # ×
    "\u00b1": "+/-",  # ±
    "\u00b7": ".",  # ·
    "\u25b6": ">",  # ▶
    "\u25cf": "*",  # ●
    "\u25cb": "o",  # ○
    "\u00b2": "^2",  # ²
    "\u2605": "*",  # ★
}


def _plain_signs(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    bad = exc.object[exc.start : exc.end]
    return "".join(_PLAIN_SIGNS.get(c, "?") for c in bad), exc.end


def _plain_streams() -> None:
    """Text output on a terminal whose encoding cannot hold a sign the output uses (``→``,
    ``·``) writes it in ASCII (``->``, ``.``) rather than failing with an internal error;
    ``--json`` is written in UTF-8 whatever the terminal (:func:`print_json`)."""
    import codecs

    codecs.register_error("sheepdog-plain", _plain_signs)
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):  # not a text file after all
                reconfigure(errors="sheepdog-plain")


def _work_done() -> tuple[OSError | None, bool]:
    """The run is over: its output is flushed, and a Ctrl-C or SIGTERM from here on is
    ignored.  Python ends by finalising its modules, which takes a moment; a signal then ended
    the process (exit 130 or 143) with no line, after the whole output.  Returns the error of
    that flush, if any (a full disk, a reader that reads nothing), and whether a Ctrl-C came
    during it.  The output that did not go is left behind: Python's own flush at the exit
    printed "Exception ignored ... OSError" and ended with exit 120, so a failed output is
    pointed at /dev/null once the error is known (after its blocking flag is put back)."""
    import signal

    from sheepdog.cli import streams

    interrupted = False
    if not streams.stopping():  # a slow reader: wait for it, as every line did
        try:
            sys.stdout.flush()
        except KeyboardInterrupt:  # the handler has given up waiting
            interrupted = True
        except (OSError, ValueError):
            pass  # said again below
    streams.give_up()
    failed: OSError | None = None
    for k, stream in enumerate((sys.stdout, sys.stderr)):
        try:
            streams.flush_within(stream)
            error = None
        except OSError as exc:  # a closed pipe (| head) says nothing either
            error = exc
        except ValueError:  # a closed file
            continue
        with contextlib.suppress(OSError, ValueError):
            fd = stream.fileno()
            streams.restore(fd)
            if error is not None:
                os.dup2(os.open(os.devnull, os.O_WRONLY), fd)
        if k == 0:
            failed = error
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    return failed, interrupted


#: Typer's type names in ``--help``, in a player's words: one name for a path whether it is
#: optional or a list (``<Path>``, ``<list[Path]>``), no ``range`` (the bounds are shown
#: beside it), ``<number>`` for a decimal.
_PLAIN_TYPES = {
    "<str>": "<text>",
    "<Path>": "<path>",
    "<list[Path]>": "<path>",
    "<int range>": "<int>",
    "<float>": "<number>",
    "<float range>": "<number>",
}
#: Options whose text is a name from a list.
_NAMED_OPTIONS = {"roster": "<name>"}
#: What a DOG position argument takes (``dog moves``, ``dog solve``, ...): a file or the
#: notation itself.
POSITION_TYPE = "<file|notation>"


def _type_label(param: Parameter, ctx: Context) -> str | None:
    """The type column of ``param`` in ``--help``: none for a flag, else Typer's label in
    plain words (:data:`_PLAIN_TYPES`)."""
    from typer.core import TyperArgument, TyperOption

    if isinstance(param, TyperOption) and param.is_flag:
        return None
    if param.name in _NAMED_OPTIONS and isinstance(param, TyperOption):
        return _NAMED_OPTIONS[param.name]
    if param.name == "position" and isinstance(param, TyperArgument):
        # DOG positions have a one-line notation, Agent DOG positions (``dog view``) only files
        return POSITION_TYPE if "notation" in (param.help or "") else "<path>"
    label = param.display_type(ctx) if isinstance(param, TyperArgument | TyperOption) else None
    return _PLAIN_TYPES.get(label, label) if label is not None else None


def _plain_types(command: Command) -> None:
    """Every parameter's type in ``--help`` as :func:`_type_label` words it.  Typer 0.29 wrote
    ``--json <bool>``, which reads as if the flag took a value (``--json true`` is then an
    unexpected extra argument), and named one input ``<str>``, ``<path>`` or ``<Path>`` from
    command to command."""
    from typer.core import TyperGroup

    ctx = command.context_class(command)
    for param in [*command.params, command.get_help_option(ctx)]:
        if param is None:
            continue
        label = _type_label(param, ctx)
        # Typer reads the column from this method; an instance's own function shadows it.
        vars(param)["display_type_rich"] = lambda ctx, label=label: label  # noqa: ARG005 - Typer passes ctx=
        if label is None:
            param.metavar = ""  # a flag: no value after it in the usage either
    if isinstance(command, TyperGroup):
        for sub in command.commands.values():
            _plain_types(sub)


def _first_interrupt(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C, once: later ones while the command stops (an impatient double press) are
    ignored, so the stop stays one line and exit 130.  A second one used to land in the
    stopping itself (a progress bar erasing, a large graph being freed, main's own cleanup)
    and print a second line, leave the cursor hidden, or end the process by the signal."""
    ignore_stops()
    _give_up_waiting()
    raise KeyboardInterrupt


#: Fewer columns than this in ``COLUMNS`` are taken for a mistake: tables and help would lose
#: their words (none at all at ``COLUMNS=0``, under some container tools).
MIN_COLUMNS = 20
#: More columns than this are no screen's either.
MAX_COLUMNS = 1000


def _usable_width() -> str | None:
    """Forget a ``COLUMNS`` that is no usable width (0, negative, tiny, huge, not a number): the
    terminal's own width is used then, or 80 columns.  At ``COLUMNS=0`` every table and the
    help printed nothing at all, and exited 0.  Returns the value forgotten (None: kept)."""
    columns = os.environ.get("COLUMNS")
    if columns is None:
        return None
    try:  # "²" passes isdigit() and int() refuses it; a huge width wrote gigabytes of help
        usable = MIN_COLUMNS <= int(columns.strip(), 10) <= MAX_COLUMNS and columns.isascii()
    except ValueError:
        usable = False
    if usable:
        return None
    del os.environ["COLUMNS"]
    return columns


def _arguments(argv: Sequence[object]) -> list[str]:
    """``main``'s arguments from a program: strings, and paths as ``subprocess`` takes them
    (``Path("game.json")``); anything else is a usage error (it was an internal error)."""
    example = "give a list of arguments, such as ['wolf', 'solve', 'case.json']"
    if isinstance(argv, str | bytes | os.PathLike):
        raise _BadArguments(f"argv is one {type(argv).__name__} ({argv!r}): {example}")
    if isinstance(argv, dict | set | frozenset):  # in no order, or keys read as arguments
        raise _BadArguments(f"argv is a {type(argv).__name__}: {example}")
    try:
        given = list(argv)
    except TypeError:  # not a sequence at all (main(5))
        raise _BadArguments(f"argv is {type(argv).__name__}: {example}") from None
    args: list[str] = []
    for k, arg in enumerate(given, 1):
        if isinstance(arg, os.PathLike):
            try:
                arg = os.fspath(arg)
            except Exception as exc:  # a path object of the program's that fails
                raise _BadArguments(f"argument {k} is no path: {exc}") from None
        if not isinstance(arg, str):
            raise _BadArguments(
                f"argument {k} is {type(arg).__name__} {arg!r}: the arguments must be strings"
                " (or paths)"
            )
        args.append(arg)
    return args


class _BadArguments(Exception):
    """``main`` was given an argument that is no string."""


def _blocking_flags() -> dict[int, bool]:
    """The blocking flags of the standard file descriptors that are open."""
    flags = {}
    for fd in (0, 1, 2):
        with contextlib.suppress(OSError):
            flags[fd] = os.get_blocking(fd)
    return flags


def _give_back(
    streams: tuple[TextIO | None, TextIO | None, TextIO | None],
    errors: list[str | None],
    forgotten_width: str | None,
) -> None:
    """What :func:`main` changed for its run, as a program calling it had it: its streams
    (a closed pipe points ``sys.stdout`` at /dev/null; a stream the program had set to None
    is None again), their error handlers (:func:`_plain_streams`, ``wolf play``'s input) and
    ``COLUMNS`` (:func:`_usable_width`)."""
    for stream, handler in zip(streams, errors, strict=True):
        reconfigure = getattr(stream, "reconfigure", None)
        if handler is not None and reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):  # closed meanwhile
                reconfigure(errors=handler)
    sys.stdin, sys.stdout, sys.stderr = streams
    if forgotten_width is not None:
        os.environ["COLUMNS"] = forgotten_width


#: :func:`main` called from a program runs one command at a time: each run sets and gives back
#: process-wide state (signal handlers, hooks, the streams' error handlers), which two runs in
#: two threads would interleave, leaving one run's settings in place for good (embed25b).  A
#: call from inside a run on its own thread (a signal handler of the program's) goes ahead, as
#: it did; a child forked meanwhile gets a lock of its own (review25c: both hung).
_ONE_AT_A_TIME = _thread.RLock()


def _fresh_lock() -> None:
    global _ONE_AT_A_TIME
    _ONE_AT_A_TIME = _thread.RLock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_fresh_lock)


def main(argv: Sequence[str | os.PathLike[str]] | None = None) -> NoReturn:
    """Run the command line and exit (``SystemExit`` with the exit code).  Whatever happens,
    the user sees output or one line ``Error: ...``, never a traceback (unless
    ``SHEEPDOG_DEBUG=1``).

    ``argv`` None is the console script: the arguments are ``sys.argv``, and as the process
    ends here the stop signals are ignored once the output is out and the streams are left as
    the end of a process leaves them.  A program gives ``argv`` (a list of strings or paths):
    it keeps its handlers, streams and environment, and calls from several threads run one at
    a time."""
    if argv is None:
        _main(None)
    lock = _ONE_AT_A_TIME
    try:
        lock.acquire()  # another thread's run first
    except KeyboardInterrupt:  # while waiting: the run stopped before it began
        _error("interrupted")
        sys.exit(EXIT_INTERRUPTED)
    try:
        _main(argv)
    finally:
        lock.release()


def _main(argv: Sequence[str | os.PathLike[str]] | None) -> NoReturn:
    import signal

    from sheepdog.cli.streams import closed_streams

    # a program calling main keeps its own streams, their error handlers, their blocking flags
    # (`wolf play` reads a non-blocking input blocking) and its environment
    streams = (sys.stdin, sys.stdout, sys.stderr)
    errors = [getattr(stream, "errors", None) for stream in streams]
    blocking = _blocking_flags() if argv is not None else {}
    _UNRAISABLE_STOP.clear()
    _RUNS[0] += 1
    closed_streams()
    forgotten_width = _usable_width()
    if argv is None:  # the console script's own streams
        from sheepdog.cli.streams import patient_streams

        patient_streams()
    _plain_streams()
    previous_hook = sys.unraisablehook
    previous_term = signal.getsignal(signal.SIGTERM)
    previous_int = signal.getsignal(signal.SIGINT)
    unsent: OSError | None = None  # the error of the last flush
    code = EXIT_INTERNAL  # set by every way out of the try below but a stray SystemExit
    try:
        try:
            if previous_term == signal.SIG_DFL:  # not when started with SIGTERM ignored
                signal.signal(signal.SIGTERM, _on_terminate)
            if previous_int is signal.default_int_handler:  # not when started with it ignored
                signal.signal(signal.SIGINT, _first_interrupt)
        except ValueError:  # called in another thread than the main one: its signals untouched
            previous_term = previous_int = None
        sys.unraisablehook = _end_on_interrupt(previous_hook, in_program=argv is not None)
        args = sys.argv[1:] if argv is None else _arguments(argv)
        code = run_command_line(args)
    except _BadArguments as exc:
        _error(str(exc))
        code = EXIT_USAGE
    except KeyboardInterrupt as exc:
        word, code = stop_words(exc)
        _error(word)
    except BrokenPipeError:
        # The reader went away (``sheepdog ... | head``): stop quietly, as Click does.
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - stays open until the exit
        code = 1
    except OSError as exc:  # an output that fails outside a command's guard (`--help`)
        from sheepdog.cli.common import os_error_message

        _error(os_error_message(exc))
        code = 1
    except Exception as exc:
        from sheepdog.solver.interrupts import caused_by_interrupt

        stop = caused_by_interrupt(exc)
        if stop is not None:
            word, code = stop_words(stop)
            _error(word)
        elif os.environ.get(DEBUG_VARIABLE, "") not in ("", "0"):
            raise
        else:
            detail = " ".join(str(exc).split())
            _error(f"internal error: {type(exc).__name__}" + (f": {detail}" if detail else ""))
            code = EXIT_INTERNAL
    finally:
        sys.unraisablehook = previous_hook
        if argv is None:  # the console script: the process ends here, signals ignored now
            unsent, late = _work_done()
            if late and code == 0:  # Ctrl-C while the last output waited for its reader
                word, code = stop_words(KeyboardInterrupt())
                _error(word)
        else:  # called from a program: its handlers back, whatever a command set (serve's)
            for signum, handler in (
                (signal.SIGTERM, previous_term),
                (signal.SIGINT, previous_int),
            ):
                if handler is not None:  # (None: set outside Python, or another thread)
                    signal.signal(signum, handler)
            _give_back(streams, errors, forgotten_width)
            for fd, flag in blocking.items():
                with contextlib.suppress(OSError):  # closed meanwhile
                    os.set_blocking(fd, flag)
            _RUNS[0] += 1  # a stop still to be sent again is not sent to the program
            if _UNRAISABLE_STOP and code == 0:  # a Ctrl-C that landed in a finaliser
                word, code = _UNRAISABLE_STOP[0]
                _error(word)
    if (
        argv is None
        and unsent is not None
        and code == 0
        and not isinstance(unsent, BrokenPipeError)
    ):
        from sheepdog.cli.common import os_error_message

        _error(os_error_message(unsent))  # the end of the output is lost: not a success
        code = 1
    sys.exit(code)


if __name__ == "__main__":  # pragma: no cover
    main()
