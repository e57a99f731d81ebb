"""Advice at the table and the record of a game as it is played.

:func:`advice` puts :mod:`sheepdog.solver.slywolf.hints` (whom to interview) and
:mod:`sheepdog.solver.slywolf.turn` (the stacks, the bag, push-your-luck, the track) together for
one
puzzle file.  :func:`apply_line` is the game record: one line a player types (``call harp``,
``found pumpkin``, ``interview harp, trumpet, red jacket``, ...) turns the puzzle into the next
one, which the ``play`` command saves at once.  Every line typed goes to ``game.log`` (a hint
asked and an entry refused too, via :func:`log_line`), so the file is the whole record.

Simulated whole games (:func:`simulate`, the advisors in ``ADVISORS``) use the same draw model and
the same advice; ``benchmarks/wolf_hints.py`` part (c) plays them.

The lines (names are case-insensitive; lists are separated by commas)::

    top SHEEP                       the sheep uncovered on a stack (fills the first unknown top)
    call SHEEP                      call a visible sheep (the second and third must like the
                                    vegetables already found)
    found VEGETABLE                 a ripe vegetable the last called sheep wanted
    wrong VEGETABLE                 a ripe vegetable it did not want: the turn ends
    spoiled VEGETABLE               a spoiled one: it stays on the table, the turn ends
                                    (Picky Eaters: the sheep leaves the valley)
    interview SHEEP, TARGET, ITEM   what a called sheep said (TARGET or ITEM may be "?")
    end                             accepted, but a turn ends by itself with its last
                                    interview or its failed draw (the wolf never moves twice)
    guess WOLF                      the last chance on the final space of the track
    hint                            the advice for this moment (nothing is recorded)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.slywolf.hints import Hint, LeafEstimate, hints_for, observe, remaining_estimate
from sheepdog.solver.slywolf.puzzle import Interview, Puzzle
from sheepdog.solver.slywolf.roster import Roster
from sheepdog.solver.slywolf.sample import CompleteCase
from sheepdog.solver.slywolf.turn import (
    Choice,
    Guess,
    Options,
    Side,
    Table,
    Token,
    TurnPlanner,
    WinChance,
    bag_tokens,
    can_join,
    draw_chances,
    guess,
    hidden_sheep,
    new_table,
    remove_top,
    shaped_pool,
    table_of,
    table_to_dict,
    track_length,
    turns_left,
    wanted_kinds,
)
from sheepdog.solver.slywolf.worlds import Deduction, Observation, deduce

HELP = """Entries (names are case-insensitive):
  top SHEEP                      the sheep uncovered on a stack
  call SHEEP                     call a visible sheep (2nd/3rd: must like the vegetables found)
  found VEGETABLE                a ripe vegetable the called sheep wants
  wrong VEGETABLE                a ripe vegetable it does not want (the turn ends)
  spoiled VEGETABLE              a spoiled one (it leaves the bag; the turn ends)
  interview SHEEP, TARGET, ITEM  what a called sheep said (TARGET or ITEM may be ?)
  end                            (a turn ends by itself after its interviews or a failed draw)
  guess WOLF                     the last chance on the final space
  hint                           advice for this moment
  quit"""


#: interviews still needed per unit of the hint leaf (fitted on random-order games)
INTERVIEWS_PER_LEAF = 2.4


@dataclass(frozen=True, slots=True)
class Advice:
    deduction: Deduction
    ranking: tuple[Hint, ...]
    table: Table | None
    turns_left: int | None
    guess: Guess | None  # set on the final space of the track (or when nobody can be called)
    plan: TurnPlanner | None
    called: tuple[int, ...]
    found: tuple[str, ...]


def current_turn(puzzle: Puzzle) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The sheep called and the vegetables found so far in the turn being played."""
    game = puzzle.extra.get("game")
    raw = game.get("turn", {}) if isinstance(game, dict) else {}
    roster = puzzle.roster
    called = tuple(roster.sheep_index(s) for s in raw.get("called", []))
    found = tuple(roster.bag.vegetable(v) for v in raw.get("found", []))
    return called, found


def advice(puzzle: Puzzle, leaf: LeafEstimate = remaining_estimate) -> Advice:
    """Ranking, and with a ``"game"`` key the plan for the turn (or the guess)."""
    obs = Observation.from_puzzle(puzzle)
    d = deduce(obs)
    if not d.consistent:
        raise SheepdogError(
            "the interviews contradict each other: no case fits them (see `sheepdog wolf solve`)"
        )
    table = table_of(puzzle)
    names = [s.name for s in puzzle.roster.sheep]
    if table is None:
        visible = list(puzzle.visible) if puzzle.visible is not None else None
        done = sorted(puzzle.interviewed())
        ranking = (
            hints_for(obs, names, visible, exclude=done, leaf=leaf)
            if len(d.suspects) > 1
            else _settled(puzzle, d, visible, done)
        )
        return Advice(d, tuple(ranking), None, None, None, None, (), ())
    called, found = current_turn(puzzle)
    visible = [s for s in table.visible if s not in table.discarded]
    hidden = hidden_sheep(puzzle, table)
    ranking = (
        hints_for(
            obs,
            names,
            visible,
            hidden,
            leaf=leaf,
            exclude=sorted(puzzle.interviewed() | set(table.discarded)),
        )
        if len(d.suspects) > 1
        else _settled(puzzle, d, visible, sorted(puzzle.interviewed() | set(table.discarded)))
    )
    left = turns_left(puzzle.roster, table)
    if len(d.suspects) <= 1:
        return Advice(d, tuple(ranking), table, left, None, None, called, found)
    if left == 0 or not ranking:
        return Advice(d, tuple(ranking), table, left, guess(d.weights), None, called, found)
    # Interviews still needed, in interview units: least squares on seeded random-order games
    # gives about 0.7 + 2.4 (leaf - 1) for the leaf of solver.slywolf.hints (docs/hints.md).
    leaf_now = leaf(d.weights, obs)
    needed = 0.7 + INTERVIEWS_PER_LEAF * (leaf_now - 1.0)
    gains = {h.sheep: INTERVIEWS_PER_LEAF * (leaf_now - (h.score - 1.0)) for h in ranking}
    mean = sum(gains.values()) / len(gains)
    loss = {s: max(0.0, g - mean) for s, g in gains.items()}
    probe = TurnPlanner(puzzle.roster, table, gains, loss)
    counts = [probe.interview_counts(depth) for depth in (1, 2, 3)]
    top = max(d.weights) / d.total
    worth = WinChance(needed, top, left - 1, counts)
    planner = TurnPlanner(puzzle.roster, table, gains, loss, worth)
    return Advice(d, tuple(ranking), table, left, None, planner, called, found)


def _settled(
    puzzle: Puzzle, d: Deduction, visible: Sequence[int] | None, done: Sequence[int]
) -> list[Hint]:
    """With one suspect left no interview is needed; the ranking still lists every sheep."""
    assert d.culprit is not None
    wolf = puzzle.roster.wolves[d.culprit].name
    pool = range(puzzle.roster.n_sheep) if visible is None else visible
    return [
        Hint(s, 0.0, 1.0, 1.0, float(d.liar_probability(s)), 0.0, 1.0, f"no need: {wolf} did it")
        for s in pool
        if s not in done
    ]


# -- output --------------------------------------------------------------------------------------


def _plan_dict(
    roster: Roster,
    planner: TurnPlanner,
    called: tuple[int, ...],
    found: tuple[str, ...],
    depth: int,
) -> dict[str, Any]:
    choice: Choice = planner.best(called, found)
    if choice.sheep is None or choice.draw is None:
        return {"call": None, "p_win_stop": round(choice.stop_value, 4)}
    draw = choice.draw
    out: dict[str, Any] = {
        "call": roster.sheep[choice.sheep].name,
        "wants": wanted_kinds(roster, choice.sheep, found),
        "announce": draw.aim or None,
        "p_success": round(draw.success, 4),
        "p_spoiled": round(draw.spoiled, 4),
        "p_win": round(choice.value, 4),
    }
    if called:
        out["p_win_stop"] = round(choice.stop_value, 4)
    if depth < 3:
        out["if_found"] = {
            kind: _plan_dict(roster, planner, called + (choice.sheep,), found + (kind,), depth + 1)
            for kind, _p in draw.found
        }
    return out


def advice_to_dict(puzzle: Puzzle, adv: Advice) -> dict[str, Any]:
    """The ``--json`` contract of ``hint``: ``ranking`` best first, plus deductions and the turn."""
    roster = puzzle.roster
    d = adv.deduction
    out: dict[str, Any] = {
        "suspects": [roster.wolves[w].name for w in d.suspects],
        "culprit": roster.wolves[d.culprit].name if d.culprit is not None else None,
        "probabilities": {roster.wolves[w].name: float(d.probability(w)) for w in d.suspects},
        "visible": (
            [roster.sheep[s].name for s in adv.table.visible]
            if adv.table is not None
            else [roster.sheep[s].name for s in puzzle.visible]
            if puzzle.visible is not None
            else None
        ),
        "ranking": [
            {
                "sheep": roster.sheep[h.sheep].name,
                "score": round(h.score, 4),
                "p_settle": round(h.p_settle, 4),
                "expected_suspects": round(h.expected_suspects, 4),
                "liar_probability": round(h.liar_probability, 4),
                "uncover_bonus": round(h.uncover_bonus, 4),
                "reason": h.reason,
            }
            for h in adv.ranking
        ],
        "turn": None,
    }
    if adv.table is not None:
        table = adv.table
        turn: dict[str, Any] = {
            "side": table.side,
            "track_length": track_length(roster, table.side),
            "position": table.position,
            "turns_left": adv.turns_left,
            "options": table_to_dict(table, roster)["options"],
            "called": [roster.sheep[s].name for s in adv.called],
            "found": list(adv.found),
            "guess": None,
            "plan": None,
        }
        if adv.guess is not None:
            turn["guess"] = {
                "wolf": roster.wolves[adv.guess.wolf].name,
                "probability": adv.guess.probability,
            }
        if adv.plan is not None:
            turn["plan"] = _plan_dict(roster, adv.plan, adv.called, adv.found, len(adv.called))
        out["turn"] = turn
    return out


def render_advice(data: dict[str, Any]) -> str:
    """Human output of :func:`advice_to_dict` (a few lines)."""
    lines: list[str] = []
    if data["culprit"] is not None:
        return f"Solved: the culprit is {data['culprit']}."
    lines.append(f"{len(data['suspects'])} suspects.")
    turn = data.get("turn")
    if turn is not None:
        lines.append(
            f"Track ({turn['side'].replace('_', '-')}): {turn['turns_left']} turn(s) with "
            "interviews left."
        )
        if turn["guess"] is not None:
            g = turn["guess"]
            lines.append(f"Guess {g['wolf']}: right with probability {g['probability']:.0%}.")
        plan = turn["plan"]
        if plan is not None:
            lines.append(_render_plan(plan, turn["called"]))
    if data["ranking"]:
        lines.append("Best interviews (score: lower is better):")
        for n, h in enumerate(data["ranking"], start=1):
            lines.append(f"{n:2}. {h['sheep']:<12} {h['score']:5.2f}  {h['reason']}")
    return "\n".join(lines)


def _render_plan(plan: dict[str, Any], called: list[str]) -> str:
    if plan["call"] is None:
        return "Stop now and interview " + ", ".join(called) + "." if called else "No call."
    verb = "Push your luck: call" if called else "Call"
    treat = f"; announce {plan['announce']}" if plan["announce"] else ""
    text = (
        f"{verb} {plan['call']} (wants {', '.join(plan['wants'])}{treat}; "
        f"{plan['p_success']:.0%} to find one)."
    )
    pushes = [
        f"after {kind}: call {sub['call']} ({sub['p_success']:.0%})"
        for kind, sub in plan.get("if_found", {}).items()
        if sub["call"] is not None
    ]
    stops = [kind for kind, sub in plan.get("if_found", {}).items() if sub["call"] is None]
    if pushes:
        text += " Then " + "; ".join(pushes)
        if stops:
            text += "; after " + " or ".join(stops) + ": stop"
        text += "."
    elif stops:
        text += " Then stop and interview."
    return text


# -- the game record -----------------------------------------------------------------------------


def new_game(puzzle: Puzzle, side: str, skill: float, picky: bool, special: bool) -> Puzzle:
    """The puzzle with a fresh table: 4 stacks of tiles whose tops are still to be typed."""
    n = puzzle.roster.n_sheep
    sizes = [n // 4 + (1 if j < n % 4 else 0) for j in range(4)]
    game = {
        "stacks": [{"top": None, "tiles": t} for t in sizes],
        "spoiled_found": [],
        "track": {"side": side, "position": 0},
        "discarded": [],
        "options": {"skill": skill, "picky_eaters": picky, "special_treats": special},
        "turn": {"called": [], "found": []},
        "log": [],
    }
    return _with_game(puzzle, game)


def _with_game(puzzle: Puzzle, game: dict[str, Any]) -> Puzzle:
    extra = dict(puzzle.extra)
    extra["game"] = game
    out = replace(puzzle, extra=extra)
    table_of(out)  # validate
    return out


def log_line(puzzle: Puzzle, line: str) -> Puzzle:
    """The game with ``line`` added to its log only (a hint asked, or an entry refused)."""
    game = _copy_game(puzzle)
    game["log"] = list(game["log"]) + [line.strip()]
    return _with_game(puzzle, game)


def _copy_game(puzzle: Puzzle) -> dict[str, Any]:
    game = puzzle.extra.get("game")
    if not isinstance(game, dict):
        raise SheepdogError(
            "this file has no game yet; start one with `sheepdog wolf play FILE --new`"
        )
    import copy

    out: dict[str, Any] = copy.deepcopy(game)
    out.setdefault("turn", {"called": [], "found": []})
    out.setdefault("log", [])
    return out


def _end_turn(game: dict[str, Any]) -> None:
    game["turn"] = {"called": [], "found": []}
    game["track"] = dict(game.get("track", {}))
    game["track"]["position"] = game["track"].get("position", 0) + 1


def _leave_stack(game: dict[str, Any], roster: Roster, sheep: int) -> None:
    for st in game["stacks"]:
        if st["top"] is not None and roster.sheep_index(st["top"]) == sheep:
            st["tiles"] -= 1
            st["top"] = None
            return
    raise SheepdogError(f"{roster.sheep[sheep].name!r} is not on top of a stack")


def apply_line(puzzle: Puzzle, line: str) -> tuple[Puzzle, str]:
    """One typed line applied to the game: the new puzzle and a short answer for the player."""
    words = line.strip().split(None, 1)
    if not words:
        return puzzle, ""
    verb, rest = words[0].lower(), (words[1] if len(words) > 1 else "").strip()
    roster = puzzle.roster
    if verb == "hint":
        return log_line(puzzle, line), render_advice(advice_to_dict(puzzle, advice(puzzle)))
    game = _copy_game(puzzle)
    table = table_of(puzzle)
    assert table is not None
    called = [roster.sheep_index(s) for s in game["turn"]["called"]]
    found = [roster.bag.vegetable(v) for v in game["turn"]["found"]]
    game["log"] = list(game["log"]) + [line.strip()]
    answer = "ok"
    if verb == "top":
        sheep = roster.sheep_index(rest)
        if sheep in puzzle.interviewed() or sheep in table.visible or sheep in table.discarded:
            raise SheepdogError(
                f"{roster.sheep[sheep].name!r} cannot be uncovered: it is not hidden"
            )
        slot = next((st for st in game["stacks"] if st["top"] is None and st["tiles"] > 0), None)
        if slot is None:
            raise SheepdogError("no stack has an unknown top tile")
        slot["top"] = roster.sheep[sheep].name
        answer = f"{roster.sheep[sheep].name} is on top of a stack"
    elif verb == "call":
        sheep = roster.sheep_index(rest)
        if table.position >= track_length(roster, table.side):
            raise SheepdogError("the wolf is on the final space: only a guess is left")
        if len(found) != len(called):
            raise SheepdogError("find a vegetable for the sheep already called first")
        if len(called) >= 3:
            raise SheepdogError("at most three sheep may be called in one turn")
        if sheep not in table.visible:
            raise SheepdogError(f"{roster.sheep[sheep].name!r} is not on top of a stack")
        if sheep in called:
            raise SheepdogError(f"{roster.sheep[sheep].name!r} is already called")
        if not can_join(roster, sheep, found):
            raise SheepdogError(
                f"{roster.sheep[sheep].name!r} does not like every vegetable found "
                f"({', '.join(found)}), so it cannot be called too"
            )
        game["turn"]["called"] = [roster.sheep[s].name for s in called + [sheep]]
        answer = f"called {roster.sheep[sheep].name}: it wants " + ", ".join(
            wanted_kinds(roster, sheep, found)
        )
    elif verb in ("found", "wrong", "spoiled"):
        kind = roster.bag.vegetable(rest)
        if len(called) != len(found) + 1:
            raise SheepdogError("call a sheep before drawing a vegetable")
        sheep = called[-1]
        if verb == "found":
            if kind not in wanted_kinds(roster, sheep, found):
                raise SheepdogError(
                    f"{roster.sheep[sheep].name!r} does not want {kind}; type `wrong {kind}`"
                )
            game["turn"]["found"] = found + [kind]
            answer = f"{kind} found: interview, or push your luck"
        else:
            if verb == "spoiled":
                spoiled = list(game.get("spoiled_found", []))
                if spoiled.count(kind) >= roster.bag.spoiled:
                    raise SheepdogError(f"no spoiled {kind} is left in the bag")
                game["spoiled_found"] = spoiled + [kind]
                if table.options.picky_eaters:
                    _leave_stack(game, roster, sheep)
                    game["discarded"] = list(game.get("discarded", [])) + [roster.sheep[sheep].name]
            _end_turn(game)
            answer = "the turn ends with no interview"
    elif verb == "interview":
        parts = [p.strip() for p in rest.split(",")]
        if len(parts) != 3:
            raise SheepdogError("type: interview SHEEP, TARGET, ITEM (TARGET or ITEM may be ?)")
        sheep = roster.sheep_index(parts[0])
        if sheep not in called or len(found) != len(called):
            raise SheepdogError(
                f"{roster.sheep[sheep].name!r} was not called with a vegetable found this turn"
            )
        target = None if parts[1] == "?" else roster.sheep_index(parts[1])
        item = None if parts[2] == "?" else roster.parse_item(parts[2])
        puzzle = puzzle.with_interview(Interview(sheep, target, item))
        _leave_stack(game, roster, sheep)
        done = puzzle.interviewed()
        if all(s in done for s in called):
            _end_turn(game)
            answer = "interviews recorded; the turn is over (type `top SHEEP` for new tiles)"
        else:
            answer = "interview recorded"
    elif verb == "end":
        # A turn ends by itself with its last interview or its failed draw, so the wolf must
        # not move again here; with sheep called, their interviews (or the draw) are missing.
        if called:
            raise SheepdogError("interview the called sheep first (or record the failed draw)")
        answer = "no turn is being played (the last one is over); call a sheep to begin one"
    elif verb == "guess":
        wolf = roster.wolf_index(rest)
        answer = f"guessed {roster.wolves[wolf].name}: open the interpreter to check"
    else:
        raise SheepdogError(
            f"unknown entry {verb!r}; valid entries: top, call, found, wrong, spoiled, "
            "interview, end, guess, hint"
        )
    return _with_game(puzzle, game), answer


# -- whole games, simulated (benchmarks and tests) -----------------------------------------------

Advisor = Callable[[Puzzle, random.Random], "TurnAdvisor"]


class TurnAdvisor:
    """Decides the calls of one turn: ``first()`` and, after each success, ``next()``."""

    def first(self) -> int | None:
        raise NotImplementedError

    def next(self, called: tuple[int, ...], found: tuple[str, ...]) -> int | None:
        raise NotImplementedError


class PlannedAdvisor(TurnAdvisor):
    """The advice of :func:`advice`; ``push`` forces always/never pushing (baselines)."""

    def __init__(self, puzzle: Puzzle, push: bool | None = None) -> None:
        adv = advice(puzzle)
        self.plan = adv.plan
        self.push = push
        self.ranking = [h.sheep for h in adv.ranking]

    def first(self) -> int | None:
        if self.plan is None:
            return None
        if self.push is None:
            return self.plan.best().sheep
        legal = self.plan.legal((), ())
        return next((s for s in self.ranking if s in legal), None)

    def next(self, called: tuple[int, ...], found: tuple[str, ...]) -> int | None:
        assert self.plan is not None
        if self.push is False:
            return None
        if self.push is True:
            legal = self.plan.legal(called, found)
            return next((s for s in self.ranking if s in legal), None)
        return self.plan.best(called, found).sheep


class RandomAdvisor(TurnAdvisor):
    """A random visible sheep, and stop after one."""

    def __init__(self, puzzle: Puzzle, rng: random.Random) -> None:
        table = table_of(puzzle)
        assert table is not None
        self.options = [s for s in table.visible if s not in table.discarded]
        self.rng = rng

    def first(self) -> int | None:
        return self.rng.choice(self.options) if self.options else None

    def next(self, called: tuple[int, ...], found: tuple[str, ...]) -> int | None:
        return None


ADVISORS: dict[str, Callable[[Puzzle, random.Random], TurnAdvisor]] = {
    "advice": lambda p, _r: PlannedAdvisor(p),
    "random sheep": RandomAdvisor,
    "always stop": lambda p, _r: PlannedAdvisor(p, push=False),
    "always push": lambda p, _r: PlannedAdvisor(p, push=True),
}


@dataclass(frozen=True, slots=True)
class GameResult:
    won: bool
    turns: int
    interviews: int
    guessed: bool  # the game ended with the last-chance guess
    chance: float  # the chance to win given what was heard: 1 when settled, else the guess's


def _draw(
    roster: Roster, table: Table, sheep: int, found: Sequence[str], rng: random.Random
) -> Token:
    """One draw by touch, following the model of
    :func:`sheepdog.solver.slywolf.turn.draw_chances`."""
    tokens = bag_tokens(roster, table.spoiled_found, found)
    wanted = wanted_kinds(roster, sheep, found)
    chances = draw_chances(
        roster, tokens, wanted, table.options.skill, table.options.special_treats
    )
    pool = list(tokens)
    if rng.random() < table.options.skill:
        pool = shaped_pool(tokens, wanted, chances)
    return rng.choice(pool)


def simulate(
    case: CompleteCase,
    puzzle: Puzzle,
    advisor: Callable[[Puzzle, random.Random], TurnAdvisor],
    rng: random.Random,
    side: Side = "one_star",
    options: Options | None = None,
) -> GameResult:
    """Play one whole game of ``case`` at the table: stacks, bag, track, the advisor's calls.

    Common random numbers: ``rng`` only gives the game a seed.  The stacks, the advisor's own
    chances and every draw (the k-th draw of turn t) have streams of their own, so two advisors
    playing the same seed see the same stacks and, while they call the same sheep, pull the same
    tokens; their results differ only where their decisions do (paired comparisons)."""
    roster = puzzle.roster
    seed = rng.getrandbits(64)
    table, piles = new_table(roster, random.Random(f"{seed}:stacks"), side, options)
    advisor_rng = random.Random(f"{seed}:advisor")
    depth = [1] * len(piles)  # next tile of each pile
    items = {item: i for i, item in enumerate(roster.items)}
    obs = Observation.from_puzzle(puzzle)
    interviews = 0
    turns = 0
    while True:
        d = deduce(obs, marginals=False)
        if d.culprit is not None:
            return GameResult(d.culprit == case.culprit, turns, interviews, False, 1.0)
        view = _as_puzzle(puzzle, obs, table, roster)
        visible = [s for s in table.visible if s not in table.discarded]
        if turns_left(roster, table) == 0 or not visible:
            g = guess(d.weights)
            return GameResult(g.wolf == case.culprit, turns, interviews, True, g.probability)
        turns += 1
        table = replace(table, position=table.position + 1)
        adv = advisor(view, advisor_rng)
        called: tuple[int, ...] = ()
        found: tuple[str, ...] = ()
        sheep = adv.first()
        failed = False
        while sheep is not None:
            token = _draw(
                roster, table, sheep, found, random.Random(f"{seed}:{turns}:{len(called)}")
            )
            wanted = wanted_kinds(roster, sheep, found)
            special = table.options.special_treats
            aim = draw_chances(
                roster,
                bag_tokens(roster, table.spoiled_found, found),
                wanted,
                table.options.skill,
                special,
            ).aim
            ok = token.ripe and token.kind in wanted and (not special or token.kind == aim)
            if not ok:
                failed = True
                if not token.ripe:
                    table = replace(table, spoiled_found=table.spoiled_found + (token.kind,))
                    if table.options.picky_eaters:
                        table, depth = _uncover(table, piles, depth, sheep)
                        table = replace(table, discarded=table.discarded + (sheep,))
                break
            called += (sheep,)
            found += (token.kind,)
            sheep = adv.next(called, found) if len(called) < 3 else None
        if failed:
            continue
        for s in called:
            t = case.points_to[s]
            obs = observe(obs, s, t, items[case.testimony[s]] if obs.testimony[s] is None else None)
            interviews += 1
            table, depth = _uncover(table, piles, depth, s)


def _uncover(
    table: Table, piles: list[list[int]], depth: list[int], sheep: int
) -> tuple[Table, list[int]]:
    j = next(j for j, st in enumerate(table.stacks) if st.top == sheep)
    new_top = piles[j][depth[j]] if depth[j] < len(piles[j]) else None
    depth = list(depth)
    depth[j] += 1
    return remove_top(table, sheep, new_top), depth


def _as_puzzle(puzzle: Puzzle, obs: Observation, table: Table, roster: Roster) -> Puzzle:
    """The simulated game as a puzzle file would hold it (the advisor sees only that)."""
    ivs: list[Interview] = []
    for s, t in enumerate(obs.pointer):
        if t is not None:
            item = obs.testimony[s]
            ivs.append(Interview(s, t, roster.items[item] if item is not None else None))
    extra = {"game": table_to_dict(table, roster)}
    return replace(puzzle, interviews=tuple(ivs), visible=None, extra=extra)
