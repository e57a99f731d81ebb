"""The terminal text of an explanation (``sheepdog wolf solve --explain``): numbered steps, each
with its rule, its sentence and the earlier steps it uses, and a closing line."""

from __future__ import annotations

from sheepdog.solver.slywolf.explain import Explanation
from sheepdog.solver.slywolf.explain.notebook import join_and
from sheepdog.solver.slywolf.roster import ONE_OUTFIT
from sheepdog.solver.slywolf.worlds import Deduction, Observation


def _steps(numbers: tuple[int, ...]) -> str:
    return ("step " if len(numbers) == 1 else "steps ") + ", ".join(map(str, numbers))


def explanation_lines(ex: Explanation, roster_only: bool = False) -> list[str]:
    """The steps as numbered sentences a player can follow; ``roster_only``: no case fits
    because of the roster alone (its printed tiles), not the interviews."""
    roster = ex.roster
    if not ex.consistent:
        if roster.one_outfit:
            return [f"The roster admits no case ({ONE_OUTFIT}); there is nothing to explain."]
        if roster_only:
            return [
                "The roster alone (with its printed tiles) admits no case; there is nothing to"
                " explain."
            ]
        return ["These interviews contradict each other; there is nothing to explain."]
    lines = [
        f"{i}. [{step.rule}] {step.text}" + (f" (uses {_steps(step.after)})" if step.after else "")
        for i, step in enumerate(ex.steps, start=1)
    ]
    if ex.culprit is not None:
        lines.append(f"Only {roster.wolves[ex.culprit].name} is left: the culprit.")
    else:
        lines.append(
            f"No more can be deduced yet; suspects left: "
            f"{join_and([roster.wolves[w].name for w in ex.suspects])}."
        )
    return lines


def statuses_note(ex: Explanation, obs: Observation, deduction: Deduction) -> str | None:
    """What the steps leave unsaid once the culprit is certain: the explanation stops at the
    culprit, and the statuses ``wolf solve`` still lists follow from it (a sheep lies exactly
    when the culprit wears what it names).  None when nothing is left unsaid."""
    culprit = ex.culprit
    if culprit is None or deduction.culprit != culprit:
        return None
    roster, reached = ex.roster, set(ex.honest) | set(ex.accomplices)
    honest = [s for s in deduction.honest if s not in reached]
    liars = [s for s in deduction.accomplices if s not in reached]
    if not honest and not liars:
        return None
    told = {s for s in honest + liars if obs.testimony[s] is not None}
    wears = obs.wears[culprit]
    assert all((obs.testimony[s] in wears) == (s in liars) for s in told)

    def named(sheep: list[int]) -> str:
        return join_and([f"the {roster.sheep[s].name}" for s in sheep])

    def statuses(sheep: list[int]) -> str:
        said = [s for s in honest if s in sheep], [s for s in liars if s in sheep]
        parts = [
            f"{named(group)} {'is' if len(group) == 1 else 'are'} {what}"
            for group, what in zip(said, ("honest", "accomplices"), strict=True)
            if group
        ]
        if len(said[1]) == 1:
            parts[-1] = parts[-1].removesuffix("accomplices") + "an accomplice"
        return "; ".join(parts)

    name = roster.wolves[culprit].name
    text = []
    if told:
        text.append(
            f"With {name} the culprit, each testimony shows whether its sheep lies (a lie names"
            f" something the culprit wears): {statuses(sorted(told))}."
        )
    if untold := sorted(set(honest + liars) - told):
        text.append(
            "Certain too, though the steps stop before showing why (the exact engine finds"
            f" it over every case): {statuses(untold)}."
        )
    return " ".join(text)
