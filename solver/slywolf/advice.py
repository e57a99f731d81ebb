"""Advice at the table: whom to interview next and, with a game, how to play the whole turn.

:func:`advice` puts :mod:`sheepdog.solver.slywolf.hints` (whom to interview) and
:mod:`sheepdog.solver.slywolf.turn` (the stacks, the bag, push-your-luck, the track) together for
one puzzle; a puzzle with a ``"game"`` key (:mod:`sheepdog.solver.slywolf.session`) also gets the
plan for the turn, or on the final space of the track the guess.  :meth:`Advice.to_dict` is the
``wolf hint --json`` object.

The model (:mod:`sheepdog.solver.slywolf.valid`): by default the advice counts only the valid
cases (exactly one wolf fits all interviews), the cases players are dealt; ``model="uniform"``
counts every case (spec 3).  The default falls back to the uniform model where the valid one is
not available (a roster or mode it does not cover) or where no valid case fits the interviews.
Each model ranks with its own default leaf (:func:`~sheepdog.solver.slywolf.hints.default_leaf`:
``quarter`` for the valid cases, ``blend`` for every case), and the turn planner converts scores
into interviews with that leaf's calibration.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from sheepdog.solver.errors import (
    SheepdogError,
    UnknownNameError,
    WrongTypeError,
    expect,
    shown,
)
from sheepdog.solver.slywolf.contradiction import TABLE_SECONDS, Conflict, smallest_conflict
from sheepdog.solver.slywolf.hints import (
    BLEND_LEAF,
    LEAVES,
    Hint,
    Leaf,
    LeafEstimate,
    default_leaf,
    hints_for,
)
from sheepdog.solver.slywolf.puzzle import Puzzle, check_puzzle
from sheepdog.solver.slywolf.roster import ONE_OUTFIT, Roster
from sheepdog.solver.slywolf.session import Game, Turn, game_of, table_view
from sheepdog.solver.slywolf.turn import (
    Choice,
    Guess,
    Table,
    TurnPlanner,
    WinChance,
    counted_out,
    guess,
    hidden_sheep,
    maybe_tops,
    spread_under,
    table_to_dict,
    track_length,
    turns_left,
    under_chances,
    untyped_tops,
    wanted_kinds,
)
from sheepdog.solver.slywolf.valid import (
    Model,
    model_deduction,
)
from sheepdog.solver.slywolf.worlds import Deduction, Observation
from sheepdog.solver.words import counted, listed

if TYPE_CHECKING:
    from sheepdog.solver.slywolf.findings import Findings


class ContradictionError(SheepdogError):
    """No case fits the interviews, so there is nothing to advise.  Raised by :func:`advice`,
    its message names the interviews that cannot all be right (the smallest such set, as
    ``wolf solve`` finds it), and :attr:`conflict` holds them (None from :func:`hint_model`,
    which has no puzzle to name them by)."""

    def __init__(self, message: str, conflict: Conflict | None = None) -> None:
        super().__init__(message)
        self.conflict = conflict


def _named_conflict(puzzle: Puzzle, exc: ContradictionError) -> ContradictionError:
    """``exc`` with the interviews of ``puzzle`` that cannot all be right, by number (from #1)
    and sheep."""
    conflict = smallest_conflict(puzzle, seconds=TABLE_SECONDS)
    if conflict is None:  # pragma: no cover - the exact engine found no case, so CP-SAT finds one
        return exc
    if conflict.roster_only:  # no interview is to blame: the roster is
        why = f": {ONE_OUTFIT}" if puzzle.roster.one_outfit else ""
        return ContradictionError(
            f"no case fits: the roster alone (with its printed tiles) admits none{why}", conflict
        )
    else:
        names = [
            f"#{j + 1} {puzzle.roster.sheep[puzzle.interviews[j].sheep].name}"
            for j in conflict.interviews
        ]
        tiles = any(s.testimony is not None for s in puzzle.roster.sheep)
        against = " with the roster's printed tiles" if tiles else ""
        if len(names) == 1:
            words = f"{names[0]} cannot be right{against or ' with the roster'}"
        else:
            words = f"{listed(names)} cannot all be right{against}"
    return ContradictionError(f"{exc}: {words}", conflict)


def hint_model(obs: Observation, model: Model | None = None) -> tuple[Model, Deduction, str | None]:
    """The model the advice on ``obs`` uses, its exact deduction, and why the default is not
    the valid model (None: it is, or ``model`` was asked for): :func:`model_deduction`, where
    interviews no case fits are a :class:`ContradictionError`."""
    chosen, d, fallback = model_deduction(obs, model)
    if not d.consistent:
        raise ContradictionError("the interviews contradict each other: no case fits them")
    return chosen, d, fallback


def _asked(game: Game | None, model: Model | None) -> Model | None:
    """``model``, or when None the one the puzzle's ``game`` keeps (``"options": {"model":
    ...}``, ``wolf play --model``), as if asked for; None when neither says."""
    if model is not None or game is None:
        return model
    return game.table.options.model


def hint_findings(puzzle: Puzzle, model: Model | None = None) -> tuple[Findings, str | None]:
    """What the interviews of ``puzzle`` tell, with the chances of the model the advice uses
    (:func:`hint_model`; ``model`` None: the one a ``"game"`` key keeps, as :func:`advice`),
    and why that is not the valid model (None: it is, or ``model`` was
    asked for).  Where no case of that model fits, every case, with the conflict if none fits:
    a game's status line always has its findings (``wolf play``, the table pages)."""
    from sheepdog.solver.slywolf.findings import Findings, solve_puzzle

    model = _asked(game_of(puzzle), model)
    try:
        chosen, deduction, fallback = hint_model(Observation.from_puzzle(puzzle), model)
    except SheepdogError:  # no (valid) case fits: every case, with the conflict if none fits
        return solve_puzzle(puzzle, "uniform", seconds=TABLE_SECONDS), None
    return Findings(puzzle, deduction, model=chosen), fallback


@dataclass(frozen=True, slots=True, repr=False)
class TurnAdvice:
    """With a game at the table: the turn so far, the turns left, and the plan or the guess."""

    table: Table
    so_far: Turn  # the sheep called and the vegetables found in the turn being played
    turns_left: int
    guess: Guess | None  # set on the final space of the track (or when nobody can be called)
    # set while the case is open and someone can be called; made from the fields above (and the
    # puzzle), so not compared: a planner compares by identity, and two advices of one puzzle
    # (or one pickled and back) are equal
    plan: TurnPlanner | None = field(compare=False)
    guessed: int | None = None  # the wolf guessed: the game is over, nothing is left to advise

    @property
    def untyped_tops(self) -> int:
        """Stacks with tiles whose top sheep nobody has typed yet (:func:`turn.untyped_tops`)."""
        return untyped_tops(self.table)

    @property
    def maybe_tops(self) -> int:
        """Stacks counted out that may still hold one tile (:func:`turn.maybe_tops`)."""
        return maybe_tops(self.table)

    @property
    def drawing(self) -> bool:
        """The last sheep called still waits for its vegetable: the next step is its draw."""
        return len(self.so_far.found) < len(self.so_far.called)

    def choice(self) -> Choice | None:
        """The next decision of the plan: the pending draw, whom to call, or stop (None)."""
        if self.plan is None:
            return None
        called, found = self.so_far.called, self.so_far.found
        return self.plan.drawing(called, found) if self.drawing else self.plan.best(called, found)

    def __repr__(self) -> str:
        what = "guess" if self.guess is not None else "plan" if self.plan is not None else "solved"
        if self.guessed is not None:
            what = "game over"
        if self.guess is None and self.plan is None and (self.untyped_tops or self.maybe_tops):
            what = "stack tops to type"
        return (
            f"<TurnAdvice: {counted(self.turns_left, 'turn')} with interviews left, "
            f"{len(self.so_far.called)} sheep called this turn, {what}>"
        )


@dataclass(frozen=True, slots=True, repr=False)
class Advice:
    """The advice for one puzzle: the ranking, best first, and with a game the turn."""

    puzzle: Puzzle
    deduction: Deduction
    ranking: tuple[Hint, ...]
    turn: TurnAdvice | None = None  # with a "game" key
    model: Model = "uniform"  # the worlds counted: every case, or the valid ones
    fallback: str | None = None  # why every case is counted when the valid ones were wanted
    others: tuple[Hint, ...] = ()  # the sheep left below the stack tops, ranked after them
    tops: tuple[int, ...] | None = None  # the sheep on top of the stacks (None: no stacks)

    def best(self, n: int) -> Advice:
        """The same advice with only the ``n`` best sheep ranked (0: all of them; the sheep
        below the stack tops are then left out too, unless no top is typed: then they are the
        ranking, and the ``n`` best of them are kept)."""
        expect(n, int, "n", "how many sheep to keep, 0 for all of them")
        if n < 0:
            raise SheepdogError(f"n must be 0 or more (0: every sheep), not {n}")
        if n == 0:
            return self
        if not self.ranking:
            return replace(self, others=self.others[:n])
        return replace(self, ranking=self.ranking[:n], others=())

    def to_dict(self) -> dict[str, Any]:
        """The ``wolf hint --json`` object: ``ranking`` best first, the deductions, the turn.
        The ranking has one entry per sheep not yet interviewed (spec section 5): with stacks,
        the sheep on top first (``"on_top": true``), then those below (``false``); without
        stacks ``"on_top"`` is null.  (Whether a call may name a sheep now is the table's
        ``callable``: see :func:`~sheepdog.solver.slywolf.session.callable_sheep`.)"""
        roster = self.puzzle.roster
        d = self.deduction
        visible = self.turn.table.visible if self.turn is not None else self.puzzle.visible
        out: dict[str, Any] = {
            "suspects": [roster.wolves[w].name for w in d.suspects],
            "culprit": roster.wolves[d.culprit].name if d.culprit is not None else None,
            "probabilities": {roster.wolves[w].name: float(d.probability(w)) for w in d.suspects},
            "visible": [roster.sheep[s].name for s in visible] if visible is not None else None,
            "ranking": [
                {
                    "sheep": roster.sheep[h.sheep].name,
                    "on_top": None if self.tops is None else h.sheep in self.tops,
                    "score": round(h.score, 4),
                    "p_settle": h.p_settle,
                    "expected_suspects": h.expected_suspects,
                    "expected_resolved_suspects": h.expected_resolved_suspects,
                    "liar_probability": h.liar_probability,
                    "uncover_bonus": round(h.uncover_bonus, 4),
                    "reason": h.reason,
                }
                for h in self.ranking + self.others
            ],
            "turn": None,
            "model": self.model,
            "model_note": self.fallback,
        }
        if self.turn is not None:
            out["turn"] = _turn_dict(roster, self.turn, self.puzzle.interviewed())
        return out

    def __repr__(self) -> str:
        roster = self.puzzle.roster
        d = self.deduction
        if d.culprit is not None:
            text = f"<Advice: the culprit is {roster.wolves[d.culprit].name}"
        else:
            text = f"<Advice: {len(d.suspects)} suspects"
        if self.ranking:
            best = ", ".join(
                f"{roster.sheep[h.sheep].name} {h.score:.2f}" for h in self.ranking[:3]
            )
            text += f"; best {best}" + (", ..." if len(self.ranking) > 3 else "")
        turn = self.turn
        if turn is not None:
            text += f"; {counted(turn.turns_left, 'turn')} left"
            if turn.guess is not None:
                text += f", guess {roster.wolves[turn.guess.wolf].name}"
            elif (choice := turn.choice()) is not None:
                called = choice.sheep
                if called is None:
                    text += ", stop"
                else:
                    verb = "draw for" if turn.drawing else "call"
                    text += f", {verb} {roster.sheep[called].name}"
            elif turn.untyped_tops or turn.maybe_tops:
                text += ", type the stack tops"
        return text + ">"


def _checked_leaf(leaf: LeafEstimate) -> LeafEstimate:
    """A caller's leaf function whose every value is checked to be a finite number (a wrong
    one was a TypeError from deep inside the ranking)."""

    def checked(weights: Sequence[int], obs: Observation) -> float:
        value = leaf(weights, obs)
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
        ):
            raise WrongTypeError(
                f"leaf must return a finite number (the interviews still needed), not"
                f" {shown(repr(value))}"
            )
        return float(value)

    return checked


def advice(
    puzzle: Puzzle, leaf: LeafEstimate | str | None = None, model: Model | None = None
) -> Advice:
    """Ranking, and with a ``"game"`` key the plan for the turn (or the guess), under
    ``model`` (None: the one a ``"game"`` key keeps in its options, else the valid cases
    where that model is available and fits, else uniform), with ``leaf`` (None: the model's
    default, :func:`~sheepdog.solver.slywolf.hints.default_leaf`; a name of
    :data:`~sheepdog.solver.slywolf.hints.LEAVES`; a plain function is converted to
    interviews as the blend is).

    A game at the table knows what the players have seen: with a known-deck roster the
    printed testimonies of the sheep not yet interviewed are face down, so a puzzle with a
    ``"game"`` key is read as :func:`~sheepdog.solver.slywolf.session.table_view` gives it
    (as ``wolf play`` and the web companion do)."""
    check_puzzle(puzzle)
    if "game" in puzzle.extra:
        puzzle = table_view(puzzle)
    if isinstance(leaf, str) or not (leaf is None or callable(leaf)):
        leaf = _leaf_named(leaf)
    elif leaf is not None and not isinstance(leaf, Leaf):
        leaf = _checked_leaf(leaf)
    game = game_of(puzzle)
    obs = Observation.from_puzzle(puzzle)
    try:
        chosen, d, fallback = hint_model(obs, _asked(game, model))
    except ContradictionError as exc:
        raise _named_conflict(puzzle, exc) from None
    leaf = default_leaf(chosen) if leaf is None else leaf
    names = [s.name for s in puzzle.roster.sheep]

    def ranked(
        done: list[int],
        visible: list[int] | None,
        hidden: list[int] | None = None,
        under: dict[int, float] | None = None,
    ) -> list[Hint]:
        """Every sheep not in ``done``, best first (any order once the case is settled)."""
        if len(d.suspects) <= 1:
            return _settled(puzzle, d, done)
        return hints_for(
            obs,
            names,
            visible,
            hidden,
            leaf=leaf,
            exclude=done,
            model=chosen,
            everyone=True,
            under=under,
        )

    if game is None:
        visible = list(puzzle.visible) if puzzle.visible is not None else None
        done = sorted(puzzle.interviewed())
        under = None if visible is None else spread_under(puzzle, visible)
        ranking, others = _on_top(ranked(done, visible, None, under), visible)
        tops = tuple(visible) if visible is not None else None
        return Advice(puzzle, d, ranking, model=chosen, fallback=fallback, others=others, tops=tops)
    table, so_far = game.table, game.turn
    visible = [s for s in table.visible if s not in table.discarded]
    left = turns_left(puzzle.roster, table)

    def answer(ranking: tuple[Hint, ...], turn: TurnAdvice, others: tuple[Hint, ...]) -> Advice:
        return Advice(puzzle, d, ranking, turn, chosen, fallback, others, tuple(visible))

    done = sorted(puzzle.interviewed() | set(table.discarded))
    if game.guessed is not None:  # the game is over: no turn to plan, every sheep left ranked
        turn = TurnAdvice(table, so_far, left, None, None, game.guessed)
        return answer(tuple(ranked(done, None)), turn, ())
    hidden = hidden_sheep(puzzle, table)
    under = under_chances(puzzle, table)
    ranking, others = _on_top(ranked(done, visible, hidden, under), visible)
    if len(d.suspects) <= 1:
        return answer(ranking, TurnAdvice(table, so_far, left, None, None), others)
    unknown = untyped_tops(table) or maybe_tops(table)  # tops nobody has typed
    if left > 0 and not visible and unknown and not so_far.called:
        # nobody on top is known yet: no turn to plan, but every sheep left is ranked (all are
        # below the tops, ranked among themselves: the ranking ``everyone`` gave)
        return answer(others, TurnAdvice(table, so_far, left, None, None), ())
    if left == 0 or not ranking:
        return answer(
            ranking,
            TurnAdvice(table, so_far, left, guess(d.weights), None),
            others,
        )
    heard = puzzle.interviewed()
    begun = any(s in heard for s in so_far.called)
    top = max(d.weights) / d.total
    treats = dict(zip(so_far.called, so_far.treats, strict=False))
    if table.options.special_treats:  # a sheep an earlier version called announced nothing
        treats.update({s: "" for s in so_far.called if s not in treats})
    if left == 1:
        # The last turn with interviews: the guess comes next, so an interview is worth what it
        # adds to the top suspect's chance, exactly (its expected top probability afterwards);
        # two or three are valued as the sum of their single gains.  A sheep lost to Picky
        # Eaters costs nothing more: no turn is left to call it.
        gains = {h.sheep: h.expected_top - top for h in ranking}
        gains.update({s: 0.0 for s in so_far.called if s not in gains})
        planner = TurnPlanner(
            puzzle.roster,
            table,
            gains,
            worth=lambda g: min(1.0, top + g),
            interviewing=begun,
            treats=treats,
        )
        return answer(
            ranking,
            TurnAdvice(table, so_far, left, None, planner),
            others,
        )
    # Interviews still needed, in interview units: least squares on seeded random-order games
    # gives about intercept + slope (leaf - 1) (Leaf, solver.slywolf.hints; docs/hints.md).
    units = leaf if isinstance(leaf, Leaf) else BLEND_LEAF
    leaf_now = leaf(d.weights, obs)
    needed = units.intercept + units.slope * (leaf_now - 1.0)
    gains = {h.sheep: units.slope * (leaf_now - (h.score - 1.0)) for h in ranking}
    mean = sum(gains.values()) / len(gains)
    loss = {s: max(0.0, g - mean) for s, g in gains.items()}
    # A called sheep already interviewed (its turn-mates not yet) adds nothing more: what it
    # said is in the deduction already.
    gains.update({s: 0.0 for s in so_far.called if s not in gains})
    probe = TurnPlanner(puzzle.roster, table, gains, loss)
    counts = [probe.interview_counts(depth) for depth in (1, 2, 3)]
    worth = WinChance(needed, top, left - 1, counts)
    planner = TurnPlanner(
        puzzle.roster, table, gains, loss, worth, interviewing=begun, treats=treats
    )
    return answer(ranking, TurnAdvice(table, so_far, left, None, planner), others)


def _leaf_named(name: object) -> Leaf:
    expect(name, str, "leaf", f"one of {', '.join(LEAVES)}, a Leaf or a function")
    for leaf in LEAVES.values():
        if name == leaf.name:
            return leaf
    raise UnknownNameError("leaf", str(name), tuple(LEAVES))  # or a function, see advice()


def _settled(puzzle: Puzzle, d: Deduction, done: Sequence[int]) -> list[Hint]:
    """With one suspect left no interview is needed; the ranking still lists every sheep."""
    assert d.culprit is not None
    wolf = puzzle.roster.wolves[d.culprit].name
    return [
        Hint(
            s, 0.0, 1.0, 1.0, float(d.liar_probability(s)), 0.0, 1.0, f"no need: {wolf} did it", 1.0
        )
        for s in range(puzzle.roster.n_sheep)
        if s not in done
    ]


def _on_top(
    hints: Sequence[Hint], visible: Sequence[int] | None
) -> tuple[tuple[Hint, ...], tuple[Hint, ...]]:
    """The hints of the sheep on top of the stacks (all of them, without stacks), and the
    others."""
    if visible is None:
        return tuple(hints), ()
    return (
        tuple(h for h in hints if h.sheep in visible),
        tuple(h for h in hints if h.sheep not in visible),
    )


# -- the JSON object -----------------------------------------------------------------------------


def _turn_dict(roster: Roster, turn: TurnAdvice, done: frozenset[int]) -> dict[str, Any]:
    table = turn.table
    called, found = turn.so_far.called, turn.so_far.found
    out: dict[str, Any] = {
        "side": table.side,
        "track_length": track_length(roster, table.side),
        "position": table.position,
        "turns_left": turn.turns_left,
        "options": table_to_dict(table, roster)["options"],
        "called": [roster.sheep[s].name for s in called],
        "to_interview": [roster.sheep[s].name for s in called if s not in done],
        "found": list(found),
        "treats": list(turn.so_far.treats),
        "untyped_tops": turn.untyped_tops,
        "maybe_tops": turn.maybe_tops,
        # those stacks by the sheep last taken off each (null: never uncovered)
        "counted_out": [None if u is None else roster.sheep[u].name for u in counted_out(table)],
        "guessed": roster.wolves[turn.guessed].name if turn.guessed is not None else None,
        "guess": None,
        "plan": None,
    }
    if turn.guess is not None:
        out["guess"] = {
            "wolf": roster.wolves[turn.guess.wolf].name,
            "probability": float(turn.guess.probability),
        }
    if turn.plan is not None:
        out["plan"] = _plan_dict(roster, turn.plan, called, found, turn.drawing)
    return out


def _plan_dict(
    roster: Roster,
    planner: TurnPlanner,
    called: tuple[int, ...],
    found: tuple[str, ...],
    drawing: bool = False,
) -> dict[str, Any]:
    """The best call after ``called`` found ``found``, and the calls after each success (at most
    three sheep a turn).  ``drawing``: the last of ``called`` still waits for its vegetable, so
    the decision is that draw (``"drawing": true``, no stopping before it)."""
    choice: Choice = planner.drawing(called, found) if drawing else planner.best(called, found)
    if choice.sheep is None or choice.draw is None:
        return {"call": None, "p_win_stop": round(choice.stop_value, 4)}
    draw = choice.draw
    out: dict[str, Any] = {"call": roster.sheep[choice.sheep].name}
    if drawing:
        out["drawing"] = True
    out |= {
        "wants": wanted_kinds(roster, choice.sheep, found),
        "announce": draw.aim or None,
        "p_success": draw.success,  # exact (up to float): the draw model's chances
        "p_spoiled": draw.spoiled,
        "p_win": round(choice.value, 4),
    }
    if called and not drawing:
        out["p_win_stop"] = round(choice.stop_value, 4)
    after = called if drawing else called + (choice.sheep,)
    if len(called) < 3:  # a decision follows each success (at most three sheep a turn)
        out["if_found"] = {
            kind: _plan_dict(roster, planner, after, found + (kind,)) for kind, _p in draw.found
        }
    return out
