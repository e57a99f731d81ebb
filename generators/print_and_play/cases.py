"""The cases of a print-and-play set, checked before anything is printed.

``wolf print`` never trusts what a case file says about itself.  Every case must be

- **complete**: every sheep of the roster interviewed, each with its pointer and its testimony
  (a known deck's tile supplies the testimony);
- **valid**: with every interview, exactly one wolf fits (the exact engine,
  :func:`~sheepdog.solver.slywolf.worlds.deduce_puzzle`), and it is the recorded ``culprit``;
- **graded as stored**: the grade is recomputed (:func:`~sheepdog.solver.slywolf.grade.grade_case`);
  a stored grade that disagrees is an error naming both, unless ``regrade`` (then the recomputed
  grade is printed).

All cases of a set share one roster: its wolves make the suspect sheet, its sheep the sheep cards.
Any problem is one :class:`~sheepdog.solver.errors.SheepdogError` naming the file.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path

from sheepdog.generators.print_and_play.text import JOINERS, printable
from sheepdog.generators.slywolf_files import case_files
from sheepdog.solver.errors import SheepdogError, naming
from sheepdog.solver.slywolf.grade import Grade, grade_case, stored_grade
from sheepdog.solver.slywolf.puzzle import Puzzle, load_puzzle
from sheepdog.solver.slywolf.roster import Item, Roster, Wolf
from sheepdog.solver.slywolf.session import game_of
from sheepdog.solver.slywolf.worlds import deduce_puzzle
from sheepdog.solver.words import counted, drawn, unseen

#: How many names an error lists before "...".
LISTED = 5
#: The longest case id printed (every slip carries it; a generated id has at most 30).
MAX_ID = 32


@dataclass(frozen=True, slots=True)
class Slip:
    """What interviewing one sheep of a case reveals (``testimony`` is None when the sheep's tile
    prints it: a known deck)."""

    sheep: str
    likes: tuple[str, ...]
    points_to: str
    testimony: Item | None


@dataclass(frozen=True, slots=True)
class PrintCase:
    """One checked case: its card, its slips, its answer."""

    case_id: str
    path: Path
    mode: str
    culprit: Wolf
    grade: Grade
    slips: tuple[Slip, ...]


@dataclass(frozen=True, slots=True)
class PrintSet:
    roster: Roster
    cases: tuple[PrintCase, ...]


def _names(names: list[str]) -> str:
    shown = ", ".join(names[:LISTED])
    return shown + (", ..." if len(names) > LISTED else "")


def grade_text(g: Grade) -> str:
    return (
        f"{counted(g.stars, 'star')}, hardest rule {g.hardest_rule}, {counted(g.steps, 'step')}, "
        f"{counted(g.fewest_interviews, 'fewest interview')}"
    )


def grade_details(g: Grade) -> str:
    if g.rules is None:
        rules = "not recorded"
    else:
        rules = ", ".join(f"{rule} {n}" for rule, n in sorted(g.rules)) or "none"
    return f"fewest {'proved' if g.fewest_exact else 'found, not proved'}, rules used: {rules}"


def same_grade(a: Grade, b: Grade, given: Collection[str] | None = None) -> bool:
    """Do two grades agree?  ``given``: the keys a stored grade ``a`` was written with;
    ``fewest_exact``, which a grade may leave out, is compared only when given, and the rules
    only when both grades record them."""
    figures = ["stars", "hardest_rule", "tier", "steps", "fewest_interviews"]
    if given is None or "fewest_exact" in given:
        figures.append("fewest_exact")
    same = all(getattr(a, key) == getattr(b, key) for key in figures)
    if a.rules is None or b.rules is None:  # a stored grade that does not record its rules
        return same
    return same and dict(a.rules) == dict(b.rules)


def stored_keys(puzzle: Puzzle) -> frozenset[str]:
    """The keys of the grade stored in a case file (none when it has no grade object)."""
    raw = puzzle.extra.get("grade")
    return frozenset(raw) if isinstance(raw, dict) else frozenset()


def check_complete(puzzle: Puzzle, where: str) -> None:
    """Every sheep interviewed, each with a pointer and a testimony (or its tile's)."""
    roster = puzzle.roster
    heard = puzzle.interviewed()
    missing = [s.name for i, s in enumerate(roster.sheep) if i not in heard]
    if missing:
        raise SheepdogError(
            f"{where}: incomplete case: {len(missing)} of {roster.n_sheep} sheep not interviewed "
            f"({_names(missing)}); a case is graded and printed with every interview"
        )
    for iv in puzzle.interviews:
        name = roster.sheep[iv.sheep].name
        if iv.points_to is None:
            raise SheepdogError(f"{where}: incomplete case: {name}'s interview has no 'points_to'")
        if iv.testimony is None and roster.sheep[iv.sheep].testimony is None:
            raise SheepdogError(f"{where}: incomplete case: {name}'s interview has no 'testimony'")


def check_culprit(puzzle: Puzzle, where: str, *, recorded_needed: bool = True) -> Wolf:
    """Exactly one wolf fits every interview, and it is the recorded culprit (a case file with
    no ``culprit``: an error when ``recorded_needed``, else the wolf that fits)."""
    roster = puzzle.roster
    recorded = puzzle.recorded_culprit
    if recorded is None and recorded_needed:
        raise SheepdogError(f"{where}: a case file needs a 'culprit' to print its card")
    d = deduce_puzzle(puzzle, marginals=False)
    if not d.consistent:
        raise SheepdogError(f"{where}: not a valid case: no wolf fits every interview")
    if d.culprit is None:
        fit = [roster.wolves[w].name for w in d.suspects]
        raise SheepdogError(
            f"{where}: not a valid case: {len(fit)} wolves fit every interview ({_names(fit)})"
        )
    if recorded is None:
        return roster.wolves[d.culprit]
    if d.culprit != recorded:
        raise SheepdogError(
            f"{where}: the recorded culprit {roster.wolves[recorded].name} does not fit the "
            f"interviews; the only wolf that does is {roster.wolves[d.culprit].name}"
        )
    return roster.wolves[recorded]


def check_grade(puzzle: Puzzle, where: str, *, regrade: bool) -> Grade:
    """The recomputed grade; a stored grade must be well-formed and agree (unless ``regrade``)."""
    fresh = grade_case(puzzle)
    try:
        stored = None if regrade else stored_grade(puzzle, where)
    except SheepdogError as exc:  # malformed: say what the grade really is too
        raise SheepdogError(
            f"{exc}; the recomputed grade is {grade_text(fresh)} (--regrade, regrade=True, uses it)"
        ) from None
    if stored is not None and not same_grade(stored, fresh, stored_keys(puzzle)):
        shown = [grade_text(stored), grade_text(fresh)]
        if shown[0] == shown[1]:  # the difference is in what the text leaves out
            shown = [
                f"{text}, {grade_details(g)}"
                for text, g in zip(shown, (stored, fresh), strict=True)
            ]
        raise SheepdogError(
            f"{where}: the stored grade ({shown[0]}) disagrees with the recomputed "
            f"grade ({shown[1]}); --regrade (regrade=True) uses the recomputed one"
        )
    return fresh


def print_case(puzzle: Puzzle, path: Path, *, regrade: bool = False) -> PrintCase:
    """Check the case read from ``path``."""
    where = str(path)
    check_complete(puzzle, where)
    game_of(puzzle, f"{where}: game")  # as solve and hint check it, though print ignores it
    culprit = check_culprit(puzzle, where)
    grade = check_grade(puzzle, where, regrade=regrade)
    roster = puzzle.roster
    slips = tuple(
        Slip(
            sheep=roster.sheep[iv.sheep].name,
            likes=roster.sheep[iv.sheep].likes,
            points_to=roster.sheep[iv.points_to].name if iv.points_to is not None else "",
            testimony=iv.testimony if roster.sheep[iv.sheep].testimony is None else None,
        )
        for iv in sorted(puzzle.interviews, key=lambda iv: iv.sheep)
    )
    return PrintCase(
        case_id=str(puzzle.extra.get("id", path.stem)),
        path=path,
        mode=puzzle.mode,
        culprit=culprit,
        grade=grade,
        slips=slips,
    )


def load_print_set(
    folder: Path,
    *,
    regrade: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> PrintSet:
    """Every case file of ``folder`` (sorted by name), checked; one roster for all.
    ``progress(done, total)`` follows the cases checked."""
    cases: list[PrintCase] = []
    ids: dict[str, tuple[str, str]] = {}  # as printed: the file and the id as written
    roster: Roster | None = None
    first = ""
    paths = case_files(folder)
    for done, path in enumerate(paths):
        if progress is not None:
            progress(done, len(paths))
        with naming(str(path)):  # a folder may hold many: its roster's errors name it too
            puzzle = load_puzzle(path)
        puzzle_roster = puzzle.roster
        if roster is None:
            roster, first = puzzle_roster, str(path)
        elif puzzle_roster != roster:
            named = (
                f"({roster.called})"
                if puzzle_roster.called != roster.called
                else "(named so too, but its wolves, sheep, items, track or bag differ)"
            )
            raise SheepdogError(
                f"{path}: its {puzzle_roster.called} is not the roster of {first} "
                f"{named}; print each roster's cases separately"
            )
        case = print_case(puzzle, path, regrade=regrade)
        unseen = next((ch for ch in case.case_id if _invisible(ch)), None)
        if unseen is not None:  # "a\nb" printed as "a?b"; "case\u034f-1" as "case-1"
            raise SheepdogError(
                f"{path}: its case id {case.case_id!r} holds an invisible or control character"
                f" (U+{ord(unseen):04X}); a printed id is one line of visible characters"
            )
        if len(case.case_id) > MAX_ID:
            raise SheepdogError(
                f"{path}: its case id is {len(case.case_id)} characters long; every slip "
                f"carries it, so a printed id has at most {MAX_ID} (a generated one has 30 at most)"
            )
        shown = printed_as(case.case_id)
        if shown in ids:  # the slips of two cases would carry the same id
            other, other_id = ids[shown]
            same = (
                f"the id of {other} too"
                if other_id == case.case_id
                else f"printed as {shown!r}, as {other}'s id {other_id!r} is"
            )
            raise SheepdogError(
                f"{path}: its case id {case.case_id!r} is {same}; every printed case needs an"
                " id of its own (the slips carry it)"
            )
        ids[shown] = (str(path), case.case_id)
        cases.append(case)
    assert roster is not None  # case_files never returns an empty list
    _check_names(roster)
    return PrintSet(roster, tuple(cases))


def _invisible(ch: str) -> bool:
    """A character a printed id cannot show: a control, a format character (a zero-width
    joiner, a direction mark), a line or paragraph separator, or another that draws nothing."""
    return unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") or unseen(ch)


#: Dashes a reader cannot tell from a hyphen-minus on paper ("hard‑7‑001" with U+2011
#: non-breaking hyphens printed as "hard-7-001").
_DASHES = str.maketrans(
    dict.fromkeys("\u02d7\u058a\u2010\u2011\u2012\u2013\u2043\u2212\ufe63\uff0d", "-")
)


_NO_JOINERS = str.maketrans("", "", JOINERS)


def printed_as(text: str) -> str:
    """What a reader sees of ``text`` on paper: composed accents (NFC: "é" and "e" + U+0301
    print alike), hyphens and short dashes as ``-``, runs of spaces as one, no spaces at the
    ends, nothing for a character drawn as nothing (a combining grapheme joiner: "Wu\u034flfrik"
    printed as "Wulfrik"), and ``?`` for each character the font lacks."""
    seen = drawn(unicodedata.normalize("NFC", text))  # what names are compared by, too
    # without its joiners: what one changes (a Persian name's letters parted) is too fine to
    # tell two printed names apart by, and between two "?" it shows nothing at all
    seen = seen.translate(_NO_JOINERS)
    return printable(" ".join(seen.translate(_DASHES).split()))


def _check_names(roster: Roster) -> None:
    """Two wolves, two sheep, two colours, two garments (or their plurals) or two vegetables
    whose names print alike (the font lacks some of their characters: each prints as ``?``)
    could not be told apart on the cards and slips (two colours printed as "?" made "? jacket"
    of two items)."""
    for kind, names in (
        ("wolves", [w.name for w in roster.wolves]),
        ("sheep", [s.name for s in roster.sheep]),
        ("colours", list(roster.colors)),
        ("garments", list(roster.garments)),
        ("garments' plurals", [roster.garment_plural(g) for g in roster.garments]),
        ("vegetables", list(roster.bag.kinds)),
    ):
        seen: dict[str, str] = {}
        for name in names:
            shown = printed_as(name)
            # one name twice (the English plural of "sock" and of "socks") prints alike
            # because it is alike: the roster reader refuses it where a roster says so
            if shown in seen and seen[shown] != name:
                raise SheepdogError(
                    f"{roster.called}: the {kind} {seen[shown]!r} and {name!r} both print "
                    f"as {shown!r} (the PDF font lacks some of their characters); rename one"
                )
            seen[shown] = name
