"""The detective's notebook: what the players know while they reason, and the steps they write.

A :class:`Notebook` holds the interviews (an :class:`~sheepdog.solver.slywolf.worlds.Observation`),
which sheep are known honest or accomplices, which wolves are still suspects, and the steps so
far.  The rules of :mod:`sheepdog.solver.slywolf.explain.rules` read it and propose a
:class:`Step`; :meth:`Notebook.add` writes the step down and records which earlier steps it used.
The word helpers here give every rule the same way of naming sheep, wolves and items.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from sheepdog.solver.errors import SheepdogError, expect
from sheepdog.solver.slywolf.roster import Item, Roster
from sheepdog.solver.slywolf.worlds import Observation
from sheepdog.solver.words import the


@dataclass(frozen=True, slots=True)
class Step:
    """One deduction: the rule, the interviews it reads, what it concludes, and why in words."""

    rule: str
    sheep: tuple[int, ...]
    honest: tuple[int, ...] = ()
    accomplices: tuple[int, ...] = ()
    cleared: tuple[int, ...] = ()
    text: str = ""
    #: What the step read from the notebook: sheep whose status it used, wolves whose clearing it
    #: used; ``after`` lists the (1-based) earlier steps that put those facts there.
    known: tuple[int, ...] = ()
    gone: tuple[int, ...] = ()
    after: tuple[int, ...] = ()

    def __repr__(self) -> str:
        """The rule and what it concludes, by index: ``<Step ring: accomplices 3, 7>``."""
        parts = [
            f"{label} {', '.join(map(str, values))}"
            for label, values in (
                ("honest sheep", self.honest),
                ("accomplices", self.accomplices),
                ("cleared wolves", self.cleared),
            )
            if values
        ]
        return f"<Step {self.rule}: {'; '.join(parts) or 'nothing new'}>"

    def to_dict(self, roster: Roster) -> dict[str, Any]:
        """One step of ``wolf solve --explain --json``, sheep and wolves by their names
        (``roster``: the explanation's own, ``Explanation.roster``)."""
        names_roster(roster, (*self.sheep, *self.honest, *self.accomplices), self.cleared)
        return {
            "rule": self.rule,
            "sheep": [roster.sheep[s].name for s in self.sheep],
            "honest": [roster.sheep[s].name for s in self.honest],
            "accomplices": [roster.sheep[s].name for s in self.accomplices],
            "cleared": [roster.wolves[w].name for w in self.cleared],
            "after": list(self.after),
            "text": self.text,
        }


def names_roster(roster: Roster, sheep: tuple[int, ...], wolves: tuple[int, ...]) -> None:
    """Refuse a ``roster`` that cannot name ``sheep`` and ``wolves`` (a step's or a closing's
    numbers): a :class:`~sheepdog.solver.errors.WrongTypeError` for anything but a roster, a
    :class:`~sheepdog.solver.errors.SheepdogError` for a roster with fewer sheep or wolves than
    the numbers need (another roster than the explanation's), not an error from inside."""
    expect(roster, Roster, "roster", "the explanation's own: its .roster")
    if max(sheep, default=-1) >= len(roster.sheep) or max(wolves, default=-1) >= len(roster.wolves):
        raise SheepdogError(
            f"this roster ({len(roster.sheep)} sheep, {len(roster.wolves)} wolves) is not the"
            " one the explanation was made for: give the explanation's own (its .roster)"
        )


@dataclass
class Notebook:
    """What the players know: facts read off the interviews and what they deduced so far."""

    roster: Roster
    obs: Observation
    easy: bool
    status: list[bool | None]  # True honest, False accomplice, None unknown
    suspects: list[int]
    steps: list[Step] = field(default_factory=list)
    status_step: dict[int, int] = field(default_factory=dict)  # sheep -> step that fixed it
    cleared_step: dict[int, int] = field(default_factory=dict)  # wolf -> step that cleared it

    # words ------------------------------------------------------------------------------------
    def sheep(self, s: int) -> str:
        return the(self.roster.sheep[s].name)

    def sheep_list(self, sheep: list[int] | tuple[int, ...]) -> str:
        return join_and([self.sheep(s) for s in sheep])

    def item(self, s: int) -> Item:
        t = self.obs.testimony[s]
        assert t is not None
        return self.roster.items[t]

    def wolves(self, wolves: list[int] | tuple[int, ...]) -> str:
        return join_and([self.roster.wolves[w].name for w in wolves])

    def says(self, s: int) -> str:
        wolves = self.roster.plural(self.item(s))
        return f"{self.sheep(s)} says the wolves in {wolves} were at the concert"

    # facts ------------------------------------------------------------------------------------
    def wears(self, w: int, item_index: int) -> bool:
        return item_index in self.obs.wears[w]

    @property
    def k(self) -> int:
        return self.obs.k

    def found(self, value: bool) -> list[int]:
        return [s for s, st in enumerate(self.status) if st is value]

    def unknown(self) -> list[int]:
        return [s for s, st in enumerate(self.status) if st is None]

    def add(self, step: Step) -> None:
        after = {self.status_step[s] for s in step.known if s in self.status_step}
        after |= {self.cleared_step[w] for w in step.gone if w in self.cleared_step}
        step = replace(step, after=tuple(sorted(after)))
        self.steps.append(step)
        number = len(self.steps)
        for s in step.honest:
            self.status[s] = True
            self.status_step[s] = number
        for s in step.accomplices:
            self.status[s] = False
            self.status_step[s] = number
        if step.cleared:
            gone = set(step.cleared)
            self.suspects = [w for w in self.suspects if w not in gone]
            for w in step.cleared:
                self.cleared_step[w] = number

    def cleared_wolves(self) -> list[int]:
        left = set(self.suspects)
        return [w for w in range(len(self.roster.wolves)) if w not in left]

    def clear_step(
        self,
        rule: str,
        sheep: tuple[int, ...],
        keep: Callable[[int], bool],
        why: str,
        known: tuple[int, ...] = (),
    ) -> Step | None:
        cleared = tuple(w for w in self.suspects if not keep(w))
        if not cleared or len(cleared) == len(self.suspects):
            return None
        return Step(
            rule,
            sheep,
            cleared=cleared,
            text=f"{why} Cleared: {self.wolves(cleared)}.",
            known=known,
        )


def join_and(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
