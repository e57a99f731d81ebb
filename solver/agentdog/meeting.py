"""Spy meetings (A13), resolved after the whole play.

For each meeting point ``M`` on which a (sub-)move of the play ended, in the order of the last
arrivals there: if ``M`` is still occupied, the nearest piece behind it on the track (scanning
``M-1, M-2, ...`` round the track; any colour, undercover or not, a protected piece included) is
pulled to ``M-1``, a hole, where it is undercover.  Nothing happens when that piece already
stands on ``M-1`` or when the piece on ``M`` is the only one on the track.  A pull passes over
nothing, enters no home, knocks out nothing and triggers no meeting; it may empty a later
meeting point, whose meeting then lapses.
"""

from __future__ import annotations

from collections.abc import Sequence

from sheepdog.solver.agentdog.position import Pawns
from sheepdog.solver.agentdog.walk import EMPTY, move_one, occupancy


def arrive(arrivals: tuple[int, ...], field: int, meeting_at: list[bool]) -> tuple[int, ...]:
    """The meeting points in order of last arrival, after a (sub-)move ended on ``field`` (-1:
    in home); ``meeting_at[x]``: whether track field ``x`` is a meeting point."""
    if field < 0 or not meeting_at[field]:
        return arrivals
    return (*(m for m in arrivals if m != field), field)


def hold_meetings(
    pawns: Pawns, arrivals: Sequence[int], n: int, describe: bool = True
) -> tuple[Pawns, list[str]]:
    """The pieces after the meetings of ``arrivals`` (meeting points, in order of last arrival)
    on a track of ``n`` fields, and the words for each pull (``"meeting t9: t2→t8"``; none
    unless ``describe``)."""
    words: list[str] = []
    for m in arrivals:
        occ = occupancy(pawns, n)
        if occ[m] == EMPTY:
            continue  # emptied by an earlier pull: the meeting lapses
        behind = -1
        for d in range(1, n):
            if occ[(m - d) % n] != EMPTY:
                behind = (m - d) % n
                break
        target = (m - 1) % n
        if behind < 0 or behind == target:
            continue
        pawns = move_one(pawns, occ[behind], behind, target)
        if describe:
            words.append(f"meeting t{m}: t{behind}→t{target}")
    return pawns, words
