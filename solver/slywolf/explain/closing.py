"""What the steps leave unsaid once they find the culprit.

The explainer stops as soon as one suspect is left, but the exact answer (``wolf solve``) also
lists the sheep whose status every case agrees on.  Once the culprit is known, a sheep with a
known testimony lies exactly when the culprit wears what it names, so its status follows from the
culprit by the game's own rule; a sheep with no testimony to read can be certain too, through the
pointers, which the exact engine counts over every case.  :class:`Closing` holds both groups
(the sheep no step reached), and :meth:`Closing.sentence` says them after the steps.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sheepdog.solver.slywolf.explain.notebook import join_and, names_roster
from sheepdog.solver.slywolf.roster import Roster
from sheepdog.solver.slywolf.worlds import Observation, deduce
from sheepdog.solver.words import the


@dataclass(frozen=True, slots=True)
class Closing:
    """The statuses no step reached, once the steps have found the culprit ``culprit``.

    ``honest_read`` and ``accomplices_read``: sheep whose known testimony shows their status
    (a lie names something the culprit wears).  ``honest_certain`` and ``accomplices_certain``:
    sheep with no testimony that are honest (or accomplices) in every case all the same.
    """

    culprit: int
    honest_read: tuple[int, ...]
    accomplices_read: tuple[int, ...]
    honest_certain: tuple[int, ...]
    accomplices_certain: tuple[int, ...]

    def _sheep(self) -> tuple[int, ...]:
        """Every sheep the closing names."""
        return (
            *self.honest_read,
            *self.accomplices_read,
            *self.honest_certain,
            *self.accomplices_certain,
        )

    def sentence(self, roster: Roster) -> str:
        """The closing note in words (``roster``: the explanation's own, its ``.roster``)."""
        names_roster(roster, self._sheep(), (self.culprit,))

        def statuses(honest: tuple[int, ...], liars: tuple[int, ...]) -> str:
            parts = []
            for group, one, many in (
                (honest, "honest", "honest"),
                (liars, "an accomplice", "accomplices"),
            ):
                if group:
                    names = join_and([the(roster.sheep[s].name) for s in group])
                    parts.append(
                        f"{names} {'is' if len(group) == 1 else 'are'} "
                        f"{one if len(group) == 1 else many}"
                    )
            return "; ".join(parts)

        text = []
        if self.honest_read or self.accomplices_read:
            text.append(
                f"With {roster.wolves[self.culprit].name} the culprit, each testimony shows"
                " whether its sheep lies (a lie names something the culprit wears):"
                f" {statuses(self.honest_read, self.accomplices_read)}."
            )
        if self.honest_certain or self.accomplices_certain:
            text.append(
                "Certain too, though the steps stop before showing why (the exact engine finds"
                f" it over every case): {statuses(self.honest_certain, self.accomplices_certain)}."
            )
        return " ".join(text)

    def to_dict(self, roster: Roster) -> dict[str, Any]:
        """The JSON form: the sheep by name in each group, and the sentence."""
        names_roster(roster, self._sheep(), (self.culprit,))

        def names(sheep: tuple[int, ...]) -> list[str]:
            return [roster.sheep[s].name for s in sheep]

        return {
            "honest_read": names(self.honest_read),
            "accomplices_read": names(self.accomplices_read),
            "honest_certain": names(self.honest_certain),
            "accomplices_certain": names(self.accomplices_certain),
            "sentence": self.sentence(roster),
        }


def closing(obs: Observation, culprit: int, reached: set[int]) -> Closing | None:
    """The statuses the culprit settles that no step reached (``reached``: the sheep the steps
    showed honest or accomplices), or None when there are none.  A sheep with a known testimony
    is read by the rule; the others are those the exact engine finds certain over every case."""
    read = [s for s in range(obs.n) if s not in reached and obs.testimony[s] is not None]
    wears = obs.wears[culprit]
    exact = deduce(obs)
    unread = [s for s in range(obs.n) if s not in reached and obs.testimony[s] is None]
    found = Closing(
        culprit,
        honest_read=tuple(s for s in read if obs.testimony[s] not in wears),
        accomplices_read=tuple(s for s in read if obs.testimony[s] in wears),
        honest_certain=tuple(s for s in unread if s in exact.honest),
        accomplices_certain=tuple(s for s in unread if s in exact.accomplices),
    )
    groups = (found.honest_read, found.accomplices_read, found.honest_certain)
    return found if any(groups) or found.accomplices_certain else None
