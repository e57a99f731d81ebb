"""The terminal text of an explanation (``sheepdog wolf solve --explain``): numbered steps, each
with its rule, its sentence and the earlier steps it uses, and a closing line."""

from __future__ import annotations

from sheepdog.solver.slywolf.explain import Explanation
from sheepdog.solver.slywolf.explain.notebook import join_and
from sheepdog.solver.slywolf.roster import ONE_OUTFIT


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
