"""The words a table can say of a play whose words differ between colourings (A18): sub-move by
sub-move, each piece's seat only when every colouring gives it that seat, and what followed it
(in brackets: a knock-out, where a piece turned face up went) only when every colouring says
it.  Shared by the advice's plays and the plays on offer at a table."""

from __future__ import annotations

from sheepdog.solver.agentdog.moves import plain, said_after, without_face_up, without_seats


def submoves(words: str) -> list[str]:
    """A play's moves (``"partner: t7→t8 (knocks out t8), t11→t12"``) split at the commas
    between its sub-moves (not those inside the words in brackets after one)."""
    items, depth, start = [], 0, 0
    for i, c in enumerate(words):
        depth += (c == "(") - (c == ")")
        if depth == 0 and words.startswith(", ", i):
            items.append(words[start:i])
            start = i + 2
    return [*items, words[start:]]


def sure_moves(firsts: list[str]) -> str:
    """The moves of a play as every colouring where it can be made says them: each sub-move's
    piece with its seat only when every colouring gives it that seat (a piece of an unseen
    colour has none, A18), and what followed it (in brackets) only what every colouring says."""
    split = [submoves(words) for words in firsts]
    if len({len(items) for items in split}) != 1 or any(
        [plain(i) for i in items] != [plain(i) for i in split[0]] for items in split
    ):
        return without_seats(without_face_up(firsts[0]))  # not one sub-move by sub-move
    said = []
    for j, item in enumerate(split[0]):
        alike = [other[j] for other in split]
        moves = {without_face_up(i) for i in alike}
        move = moves.pop() if len(moves) == 1 else without_seats(without_face_up(item))
        after = [sure_note(a, [said_after(i) for i in alike]) for a in said_after(item)]
        said.append(move + "".join(a for a in after if a is not None))
    return ", ".join(said)


def sure_note(words: str, each: list[list[str]]) -> str | None:
    """``words`` (what followed a sub-move) as every colouring says it: as they are, or without
    the seats of the pieces they name when those differ, or None when some colouring does not
    say it."""
    if all(words in said for said in each):
        return words
    bare = without_seats(words)
    if all(bare in [without_seats(w) for w in said] for said in each):
        return bare
    return None
