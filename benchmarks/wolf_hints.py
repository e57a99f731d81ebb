"""Benchmark of the Sly Wolf interview hints (issue 6): policies, whole games, time per hint.

Usage::

    .venv/bin/python benchmarks/wolf_hints.py            # the full run (about 20 minutes)
    .venv/bin/python benchmarks/wolf_hints.py --quick    # a small run
    .venv/bin/python benchmarks/wolf_hints.py --parts a,d --seed 3

Parts (all seeded):

(a) small rosters, free choice of sheep: the exact optimum (dynamic programming over observation
    states, :mod:`sheepdog.solver.slywolf.optimal`) against our policy, greedy one-step entropy and
    a
    random order; every figure is an exact expectation (no sampling).
(b) the shipped 16-sheep roster, easy and hard, free choice: interviews to certainty on seeded
    uniform cases, mean and worst, for our policy, a random order and greedy entropy.
(c) whole games (4 stacks, the bag, the wolf's track) at a given skill: win rate of the advice
    against a random visible sheep, always stopping after one sheep, and always pushing.  Every
    advisor plays the same seeded games (common random numbers), and besides the games won the
    exact expected win rate is reported (a settled game counts 1, a guess its exact chance),
    with the advice's paired lead over each baseline and its standard error.
(d) time per ``hint`` (the advice for a whole position), median and p95, on one core, on
    positions from seeded games (free choice and with 4 visible sheep).
(e) the push-your-luck headroom in a model: how much the best choice of pushing, turn by turn,
    can gain over always stopping or always pushing, from the measured win chance after k
    interviews and the exact draw chances.

(g) how the headroom over a random order changes with the roster (issue 16): the default hint
    (valid model, leaf ``quarter``) against the mean of 10 random orders, on generator cases
    (easy) of rosters with the box's 16 wolves on its 12 items and 6 to 16 sheep
    (:func:`sheepdog.solver.slywolf.optimal.small_roster`), paired case by case.

(f) the leaves' calibration: least squares of the interviews a random order still needs on each
    leaf of :data:`sheepdog.solver.slywolf.hints.LEAVES` (the constants of
    :class:`~sheepdog.solver.slywolf.hints.Leaf` that the turn planner uses), over seeded
    random-order games on the 16-sheep roster.

``--model valid`` (issue 16) runs (a), (b), (d) and (f) over valid cases (exactly one wolf fits all
interviews, :mod:`sheepdog.solver.slywolf.valid`): (a) the exact optimum over valid worlds and the
policies ranking with the valid predictive; (b) fresh 16-sheep cases from the case generator,
each policy stopping when one valid suspect remains, with the uniform-model hint as a further
policy, the rule of thumb "untouched first" (a sheep nobody has mentioned while there is one,
no deduction) and, with ``--rollouts N``, the rollout policy of
:mod:`sheepdog.solver.slywolf.rollout` over N sampled worlds per decision, and each policy also
against the mean of ``--orders N`` (default 10) random orders per case; (d) the advice under
the valid model; (f) generator cases.  Every leaf of ``LEAVES`` is a policy of (a) and (b);
the model's default leaf is marked ``*``.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.common import (  # noqa: E402
    Parser,
    names,
    number,
    part_options,
    quiet_worker,
    run_main,
    whole,
)
from sheepdog.generators.slywolf import generate  # noqa: E402
from sheepdog.solver.errors import MAX_SEED  # noqa: E402
from sheepdog.solver.slywolf.advice import advice  # noqa: E402
from sheepdog.solver.slywolf.hints import (  # noqa: E402
    LEAVES,
    Policy,
    default_leaf,
    greedy_entropy_policy,
    greedy_policy,
    hints_for,
    interviews_to_certainty,
    lookahead_policy,
    observe,
    random_policy,
    untouched_first_policy,
)
from sheepdog.solver.slywolf.optimal import Solver, small_roster  # noqa: E402
from sheepdog.solver.slywolf.puzzle import Interview, Mode, new_puzzle  # noqa: E402
from sheepdog.solver.slywolf.rollout import rollout_policy  # noqa: E402
from sheepdog.solver.slywolf.roster import Roster, load_roster  # noqa: E402
from sheepdog.solver.slywolf.sample import random_case  # noqa: E402
from sheepdog.solver.slywolf.simulate import ADVISORS, simulate  # noqa: E402
from sheepdog.solver.slywolf.turn import SIDES, Options, Side, TurnPlanner, new_table  # noqa: E402
from sheepdog.solver.slywolf.valid import MODELS, Model, deduce_with  # noqa: E402
from sheepdog.solver.slywolf.worlds import Observation, deduce  # noqa: E402

# (sheep, accomplices, colours, garments): 9 wolves on 6 items, 4 on 4, and the box's 16 on 12
SMALL_FULL = [(6, 2, 3, 2), (7, 2, 3, 2), (8, 2, 3, 2), (8, 2, 2, 2), (6, 2, 4, 3)]
SMALL_QUICK = [(6, 2, 3, 2)]
MODES: tuple[Mode, ...] = ("easy", "hard")
PARTS = ("a", "b", "c", "d", "e", "f", "g")


def pct(a: float, b: float) -> str:
    return f"{100.0 * (a - b) / b:+.1f}%"


def _leaf_label(name: str, model: Model) -> str:
    return name + ("*" if default_leaf(model).name == name else "")


def part_a(quick: bool, model: Model = "uniform") -> None:
    leaves = list(LEAVES)
    print(
        f"(a) small rosters, free choice: expected interviews to certainty (exact, {model} model);"
        " each leaf's one-step policy (* the model's default), greedy entropy, a random order and"
        " its exact rollout (one-step improvement)"
    )
    print(
        f"{'roster':<26}{'mode':<6}{'optimal':>9}"
        + "".join(f"{_leaf_label(name, model):>10}" for name in leaves)
        + f"{'greedy':>9}{'random':>9}{'rollout':>9}"
        + "".join(f"{name + '/opt':>13}" for name in leaves)
        + f"{'random/opt':>12}{'rollout/opt':>13}{'states':>8}{'sec':>7}"
    )
    for n, k, c, g in SMALL_QUICK if quick else SMALL_FULL:
        roster = small_roster(n, k, c, g)
        for mode in MODES:
            t0 = time.process_time()
            obs = Observation.from_puzzle(new_puzzle(roster, mode))
            solver = Solver(obs, model)
            opt = solver.optimal_value(obs)
            rnd = solver.random_value(obs)
            ours = [
                solver.policy_value(obs, lookahead_policy(LEAVES[name], model), tag)
                for tag, name in enumerate(leaves, start=1)
            ]
            greedy = solver.policy_value(obs, greedy_policy(model), 0)
            rollout = solver.policy_value(obs, solver.rollout_policy(), len(leaves) + 1)
            name = f"{n} sheep,{k} acc,{c * c} wolves"
            print(
                f"{name:<26}{mode:<6}{opt:9.3f}"
                + "".join(f"{v:10.3f}" for v in ours)
                + f"{greedy:9.3f}{rnd:9.3f}{rollout:9.3f}"
                + "".join(f"{pct(v, opt):>13}" for v in ours)
                + f"{pct(rnd, opt):>12}{pct(rollout, opt):>13}{len(solver.optimum):8d}"
                f"{time.process_time() - t0:7.1f}",
                flush=True,
            )


def part_b(
    quick: bool,
    seed: int,
    cases: int,
    modes: list[Mode],
    model: Model = "uniform",
    rollouts: int = 0,
    orders: int = 10,
) -> None:
    if model == "valid":
        part_b_valid(quick, seed, cases, modes, rollouts, orders)
        return
    cases = cases or (8 if quick else 60)
    print(f"(b) 16 sheep, free choice: interviews to certainty over {cases} seeded cases per mode")
    print(f"{'mode':<6}{'policy':<16}{'mean':>7}{'worst':>7}{'vs random':>11}")
    roster = load_roster("default")
    items = {item: i for i, item in enumerate(roster.items)}
    for mode in modes:
        rng = random.Random(seed)
        policies = {
            "ours": lookahead_policy(),
            "random order": random_policy(random.Random(seed + 1)),
            "greedy entropy": greedy_entropy_policy,
        }
        counts: dict[str, list[int]] = {name: [] for name in policies}
        obs0 = Observation.from_puzzle(new_puzzle(roster, mode))
        for _ in range(cases):
            case = random_case(roster, mode, rng)
            truth = [(case.points_to[s], items[case.testimony[s]]) for s in range(roster.n_sheep)]
            for name, policy in policies.items():
                counts[name].append(interviews_to_certainty(obs0, truth, policy))
        base = statistics.mean(counts["random order"])
        for name, got in counts.items():
            mean = statistics.mean(got)
            diffs = [a - b for a, b in zip(got, counts["random order"], strict=True)]
            se = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
            print(
                f"{mode:<6}{name:<16}{mean:7.2f}{max(got):7d}{pct(mean, base):>11}"
                f"   (paired difference {statistics.mean(diffs):+.2f} +- {se:.2f} s.e.)",
                flush=True,
            )


def _valid_cases(roster: Roster, mode: Mode, cases: int, seed: int) -> list[list[tuple[int, int]]]:
    """Each generator case as (points_to, item) per sheep."""
    items = {item: i for i, item in enumerate(roster.items)}
    out = []
    for case in generate(roster, mode, cases, seed, validate=lambda _p: True):
        truth = [(0, 0)] * roster.n_sheep
        for iv in case.puzzle.interviews:
            assert iv.points_to is not None and iv.testimony is not None
            truth[iv.sheep] = (iv.points_to, items[iv.testimony])
        out.append(truth)
    return out


def _random_orders(
    obs0: Observation, truth: list[tuple[int, int]], orders: int, seed: int
) -> float:
    """The mean interviews to certainty of ``orders`` seeded random orders on one case."""
    rng = random.Random(seed)
    policy = random_policy(rng)
    return statistics.mean(
        interviews_to_certainty(obs0, truth, policy, model="valid") for _ in range(orders)
    )


def part_b_valid(
    quick: bool, seed: int, cases: int, modes: list[Mode], rollouts: int = 0, orders: int = 10
) -> None:
    """Each policy against the random order on the same cases.  The ``random order`` row is one
    seeded order per case (the first figures of issue 16); with ``orders`` > 1 each case's
    random-order value is also the mean of that many orders (``random xN``), which removes most
    of the baseline's own noise (a random order's interviews on one case have a variance of
    about 2.9), and every policy is compared with both."""
    cases = cases or (8 if quick else 100)
    print(
        f"(b) 16 sheep, valid cases from the generator (seed {seed}), free choice: interviews "
        f"until one valid suspect remains, over {cases} cases per mode (* the default leaf)"
    )
    mean_label = f"vs random x{orders}" if orders > 1 else ""
    print(
        f"{'mode':<6}{'policy':<22}{'mean':>7}{'worst':>7}{'vs random':>11}{'ms/interview':>14}"
        f"{mean_label:>36}"
    )
    roster = load_roster("default")
    for mode in modes:
        made = _valid_cases(roster, mode, cases, seed)
        policies: dict[str, Policy] = {
            f"{_leaf_label(name, 'valid')} (valid)": lookahead_policy(leaf, "valid")
            for name, leaf in LEAVES.items()
        }
        policies["blend (uniform)"] = lookahead_policy(LEAVES["blend"], "uniform")
        policies["random order"] = random_policy(random.Random(seed + 1))
        policies["greedy (valid)"] = greedy_policy("valid")
        policies["untouched first"] = untouched_first_policy(random.Random(seed + 2))
        if rollouts:
            policies[f"rollout {rollouts} (valid)"] = rollout_policy(rollouts, seed)
        counts: dict[str, list[int]] = {name: [] for name in policies}
        cpu = dict.fromkeys(policies, 0.0)
        obs0 = Observation.from_puzzle(new_puzzle(roster, mode))
        many: list[float] = []
        for j, truth in enumerate(made):
            for name, policy in policies.items():
                t0 = time.process_time()
                counts[name].append(interviews_to_certainty(obs0, truth, policy, model="valid"))
                cpu[name] += time.process_time() - t0
            if orders > 1:
                many.append(_random_orders(obs0, truth, orders, seed * 1_000_003 + j))
        base = statistics.mean(counts["random order"])
        for name, got in counts.items():
            mean = statistics.mean(got)
            diff, se = _paired(got, counts["random order"])
            versus = ""
            if many:
                base_many = statistics.mean(many)
                diff_many, se_many = _paired(got, many)
                versus = (
                    f"   vs random x{orders} ({base_many:.2f}): {mean / base_many:.3f}x "
                    f"({diff_many:+.2f} +- {se_many:.2f})"
                )
            print(
                f"{mode:<6}{name:<22}{mean:7.2f}{max(got):7d}{mean / base:>10.3f}x"
                f"{1000 * cpu[name] / max(1, sum(got)):14.0f}"
                f"   (paired difference {diff:+.2f} +- {se:.2f} s.e.){versus}",
                flush=True,
            )


def _paired(got: list[int], base: list[int] | list[float]) -> tuple[float, float]:
    """The mean of the case-by-case differences ``got - base`` and its standard error."""
    diffs = [a - b for a, b in zip(got, base, strict=True)]
    se = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
    return statistics.mean(diffs), se


def _game(job: tuple[int, int, str, float]) -> dict[str, tuple[bool, int, float]]:
    """One seeded game played by every advisor (common random numbers, see ``simulate``)."""
    seed, g, side, skill = job
    roster = load_roster("default")
    puzzle = new_puzzle(roster, "easy")
    case = random_case(roster, "easy", random.Random(seed * 1000 + g))
    out: dict[str, tuple[bool, int, float]] = {}
    for name, advisor in ADVISORS.items():
        rng = random.Random(seed * 7919 + g)
        result = simulate(case, puzzle, advisor, rng, side, Options(skill))  # type: ignore[arg-type]
        out[name] = (result.won, result.interviews, result.chance)
    return out


def part_c(quick: bool, seed: int, skill: float, games: int, sides: list[Side], jobs: int) -> None:
    games = games or (6 if quick else 200)
    print(
        f"(c) whole games, easy cases, skill {skill}: {games} seeded games per side, each played "
        "by every advisor (same case, stacks and draw streams)"
    )
    print(
        "    win: games won; chance: exact expected win rate (1 when settled, else the guess's "
        "probability); advice lead: the advice's chance minus the advisor's, paired, +- one "
        "standard error"
    )
    print(
        f"{'side':<10}{'advisor':<15}{'win':>7}{'chance':>8}{'interviews':>12}{'advice lead':>18}"
    )
    for side in sides:
        work = [(seed, g, side, skill) for g in range(games)]
        if jobs > 1:
            with multiprocessing.Pool(jobs, initializer=quiet_worker) as pool:
                results = pool.map(_game, work, chunksize=4)
        else:
            results = [_game(job) for job in work]
        for name in ADVISORS:
            won = statistics.mean(float(r[name][0]) for r in results)
            heard = statistics.mean(r[name][1] for r in results)
            chance = statistics.mean(r[name][2] for r in results)
            versus = ""
            if name != "advice" and games > 1:
                diffs = [r["advice"][2] - r[name][2] for r in results]
                se = statistics.stdev(diffs) / len(diffs) ** 0.5
                versus = f"{100 * statistics.mean(diffs):+.1f} +- {100 * se:.1f} pt"
            print(
                f"{side:<10}{name:<15}{won:7.1%}{chance:8.1%}{heard:12.2f}{versus:>18}",
                flush=True,
            )


def part_d(quick: bool, seed: int, model: Model = "uniform") -> None:
    positions = 10 if quick else 60
    roster = load_roster("default")
    rng = random.Random(seed)
    for label, with_table in (("free choice", False), ("4 visible", True)):
        times: list[float] = []
        for p in range(positions):
            mode: Mode = MODES[p % 2]
            case = random_case(roster, mode, rng)
            heard = rng.randrange(0, 9)
            order = list(range(roster.n_sheep))
            rng.shuffle(order)
            puzzle = new_puzzle(roster, mode)
            for s in order[:heard]:
                puzzle = puzzle.with_interview(Interview(s, case.points_to[s], case.testimony[s]))
            if with_table:
                piles = [order[heard:][j::4] for j in range(4)]
                stacks = [
                    {"top": roster.sheep[p[0]].name if p else None, "tiles": len(p)} for p in piles
                ]
                puzzle = replace(puzzle, extra={"game": {"stacks": stacks}})
            t0 = time.process_time()
            advice(puzzle, model=model)
            times.append(time.process_time() - t0)
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(
            f"(d) time per hint ({model} model), {label}: "
            f"median {statistics.median(times) * 1000:.0f} ms, "
            f"p95 {p95 * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms over {positions} positions "
            "(CPU time, one core)",
            flush=True,
        )


def _curve(job: tuple[int, int]) -> list[float]:
    """The top suspect's probability after 0, 1, ..., 16 interviews of one seeded easy case
    when every call succeeds: 4 stacks, our ranking among the visible sheep."""
    seed, g = job
    roster = load_roster("default")
    names = [sheep.name for sheep in roster.sheep]
    items = {item: i for i, item in enumerate(roster.items)}
    rng = random.Random(seed * 104729 + g)
    case = random_case(roster, "easy", rng)
    _table, piles = new_table(roster, rng)
    obs = Observation.from_puzzle(new_puzzle(roster, "easy"))
    tops: list[float] = []
    while True:
        d = deduce(obs, marginals=False)
        tops.append(max(d.weights) / d.total)
        visible = [pile[0] for pile in piles if pile]
        if len(d.suspects) == 1 or not visible:
            break
        hidden = [s for pile in piles for s in pile[1:]]
        s = hints_for(obs, names, visible, hidden)[0].sheep
        obs = observe(obs, s, case.points_to[s], items[case.testimony[s]])
        piles = [pile[1:] if pile and pile[0] == s else pile for pile in piles]
    return tops + [1.0] * (roster.n_sheep + 1 - len(tops))


def part_e(quick: bool, seed: int, skill: float, cases: int, jobs: int) -> None:
    """How much any push-your-luck policy can gain over always stopping, in a model: the win
    chance F(k) after k interviews (measured, our ranking), each turn bringing j = 0..3
    interviews with the chances of pushing to depth 1, 2 or 3 at a fresh table (exact draw
    chances, averaged over seeded stacks), and the best depth chosen per turn by dynamic
    programming over (turns left, interviews heard)."""
    cases = cases or (8 if quick else 200)
    roster = load_roster("default")
    work = [(seed, g) for g in range(cases)]
    if jobs > 1:
        with multiprocessing.Pool(jobs, initializer=quiet_worker) as pool:
            curves = pool.map(_curve, work, chunksize=4)
    else:
        curves = [_curve(job) for job in work]
    f = [statistics.mean(c[k] for c in curves) for k in range(roster.n_sheep + 1)]
    rng = random.Random(seed)
    dists = [[0.0] * 4 for _ in range(3)]
    tables = 400
    for _ in range(tables):
        table, _piles = new_table(roster, rng, options=Options(skill))
        planner = TurnPlanner(roster, table, {s: 1.0 for s in table.visible})
        for depth in range(3):
            for j, p in enumerate(planner.interview_counts(depth + 1)):
                dists[depth][j] += p / tables

    def value(turns: int, choose: list[int]) -> float:
        v = list(f) + [1.0] * 4 * turns
        for _ in range(turns):
            v = [
                max(sum(p * v[k + j] for j, p in enumerate(dists[d])) for d in choose)
                for k in range(len(v) - 3)
            ]
        return v[0]

    print(
        f"(e) push-your-luck headroom in a model (F(k) from {cases} seeded easy cases, draw "
        f"chances at skill {skill}): win chance"
    )
    print("    F(k) = " + " ".join(f"{x:.2f}" for x in f[:13]))
    expected = ", ".join(
        f"depth {d + 1}: {sum(j * p for j, p in enumerate(dists[d])):.3f}" for d in range(3)
    )
    print(f"    interviews per turn when pushing to {expected}")
    print(
        f"{'side':<10}{'turns':>6}{'always stop':>13}{'always push':>13}{'best':>8}{'headroom':>10}"
    )
    for side in SIDES:
        turns = roster.track.one_star if side == "one_star" else roster.track.two_star
        stop, push, best = value(turns, [0]), value(turns, [2]), value(turns, [0, 1, 2])
        print(
            f"{side:<10}{turns:6d}{stop:13.1%}{push:13.1%}{best:8.1%}"
            f"{100 * (best - max(stop, push)):+9.1f}pt",
            flush=True,
        )


def part_f(quick: bool, seed: int, cases: int, modes: list[Mode], model: Model) -> None:
    """Each leaf's calibration: interviews still needed ~ intercept + slope * (leaf - 1), least
    squares over every unsettled state of seeded random-order games (3 orders per case)."""
    cases = cases or (20 if quick else 600)
    roster = load_roster("default")
    items = {item: i for i, item in enumerate(roster.items)}
    rng = random.Random(seed)
    rows: dict[str, list[tuple[float, int]]] = {name: [] for name in LEAVES}
    for mode in modes:
        if model == "valid":
            truths = _valid_cases(roster, mode, cases, seed)
        else:
            truths = []
            for _ in range(cases):
                case = random_case(roster, mode, rng)
                truths.append(
                    [(case.points_to[s], items[case.testimony[s]]) for s in range(roster.n_sheep)]
                )
        obs0 = Observation.from_puzzle(new_puzzle(roster, mode))
        for truth in truths:
            for _ in range(3):
                order = list(range(roster.n_sheep))
                rng.shuffle(order)
                obs = obs0
                states: list[tuple[int, Observation, tuple[int, ...]]] = []
                for j, s in enumerate(order):
                    d = deduce_with(obs, model, marginals=False)
                    if len(d.suspects) <= 1:
                        break
                    states.append((j, obs, d.weights))
                    obs = observe(obs, s, *truth[s])
                heard = len(states)
                for j, o, weights in states:
                    for name, leaf in LEAVES.items():
                        rows[name].append((leaf(weights, o) - 1.0, heard - j))
    print(
        f"(f) leaf calibration ({model} model, {cases} cases per mode, {', '.join(modes)}, 3 "
        "random orders each): interviews still needed ~ intercept + slope * (leaf - 1)"
    )
    for name, data in rows.items():
        n = len(data)
        mx = sum(x for x, _y in data) / n
        my = sum(y for _x, y in data) / n
        sxx = sum((x - mx) ** 2 for x, _y in data)
        slope = sum((x - mx) * (y - my) for x, y in data) / sxx
        intercept = my - slope * mx
        rmse = (sum((y - intercept - slope * x) ** 2 for x, y in data) / n) ** 0.5
        leaf = LEAVES[name]
        print(
            f"    {name:<10} intercept {intercept:.2f}, slope {slope:.2f} (rmse {rmse:.2f} "
            f"over {n} states; in use: {leaf.intercept}, {leaf.slope})",
            flush=True,
        )


#: (g): sheep and accomplices of the rosters compared (the box's 16 wolves and 12 items each)
TREND_ROSTERS = (
    (6, 2),
    (8, 2),
    (10, 2),
    (12, 2),
    (16, 2),
    (10, 3),
    (12, 3),
    (14, 3),
    (14, 4),
    (16, 4),
)


def part_g(quick: bool, seed: int, cases: int) -> None:
    """The default hint against ten random orders per case as the roster grows."""
    from sheepdog.solver.slywolf.optimal import small_roster

    cases = cases or (10 if quick else 300)
    print(
        f"(g) the default hint (valid, quarter) against 10 random orders, {cases} easy generator "
        f"cases per roster of 16 wolves on 12 items (seed {seed})"
    )
    print("    sheep  accomplices  hint   random x10  ratio   paired difference")
    policy = lookahead_policy(LEAVES["quarter"], "valid")
    for n_sheep, accomplices in TREND_ROSTERS[:3] if quick else TREND_ROSTERS:
        roster = small_roster(n_sheep, accomplices, 4, 3)
        obs0 = Observation.from_puzzle(new_puzzle(roster, "easy"))
        ours: list[int] = []
        many: list[float] = []
        for j, truth in enumerate(_valid_cases(roster, "easy", cases, seed)):
            ours.append(interviews_to_certainty(obs0, truth, policy, model="valid"))
            many.append(_random_orders(obs0, truth, 10, seed * 1_000_003 + j))
        diff, se = _paired(ours, many)
        mean, base = statistics.mean(ours), statistics.mean(many)
        print(
            f"    {n_sheep:>5}  {accomplices:>11}  {mean:5.2f}  {base:10.2f}  "
            f"{mean / base:.3f}x  {diff:+.2f} +- {se:.2f}",
            flush=True,
        )


#: The options only some parts use: those parts, and the option's default (given with no part
#: that uses it, an option is refused rather than ignored).
PART_OPTIONS: dict[str, tuple[tuple[str, ...], object]] = {
    "--seed": (("b", "c", "d", "e", "f", "g"), 1),
    "--skill": (("c", "e"), 0.5),
    "--games": (("c",), 0),  # 0: the part's own size (--quick or not)
    "--cases": (("b", "e", "f", "g"), 0),
    "--rollouts": (("b",), 0),
    "--orders": (("b",), 10),
    "--modes": (("b", "f"), list(MODES)),
    "--model": (("a", "b", "d", "f"), "uniform"),
    "--sides": (("c",), list(SIDES)),
    "--jobs": (("c", "e"), os.cpu_count() or 1),
}


def main() -> None:
    parser = Parser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--quick", action="store_true", help="small sizes, about one minute on a 2-core machine"
    )
    parser.add_argument(
        "--parts",
        type=names(PARTS),
        default="a,b,c,d,e",
        help="comma-separated subset of a-g",
    )
    parser.add_argument(
        "--seed", type=whole(0, MAX_SEED), default=None, help="(b)-(g): the seed (1)"
    )
    parser.add_argument(
        "--skill", type=number(0, 1), default=None, help="(c), (e): drawing skill (0.5)"
    )
    parser.add_argument("--games", type=whole(1, 100_000), default=None, help="(c): games per cell")
    parser.add_argument(
        "--cases",
        type=whole(1, 100_000),
        default=None,
        help="(b), (e), (f), (g): cases per mode",
    )
    parser.add_argument(
        "--rollouts",
        type=whole(0, 100_000),
        default=None,
        help="(b) --model valid: add the rollout policy",
    )
    parser.add_argument(
        "--orders",
        type=whole(1, 10_000),
        default=None,
        help="(b) --model valid: random orders averaged per case for the second baseline (10)",
    )
    parser.add_argument("--modes", type=names(MODES), default=None, help="(b): easy, hard or both")
    parser.add_argument(
        "--model",
        type=str.lower,
        choices=MODELS,
        default=None,
        help="(a), (b), (d), (f): uniform or valid (issue 16)",
    )
    parser.add_argument("--sides", type=names(SIDES), default=None, help="(c): track sides")
    parser.add_argument(
        "--jobs",
        type=whole(1, 1_000),
        default=None,
        help="(c), (e): worker processes (all cores)",
    )
    args = parser.parse_args()
    parts = set(args.parts)
    given = args.rollouts is not None or args.orders is not None  # before the defaults
    part_options(parser, args, "--parts", parts, PART_OPTIONS)
    if given and args.model != "valid":  # (b) over every case has one baseline, no rollout
        parser.error("--rollouts and --orders go with --model valid (part b)")
    t0 = time.time()
    if "a" in parts:
        part_a(args.quick, args.model)
    if "b" in parts:
        modes = [mode for mode in MODES if mode in args.modes]
        part_b(args.quick, args.seed, args.cases, modes, args.model, args.rollouts, args.orders)
    if "c" in parts:
        sides = [side for side in SIDES if side in args.sides]
        part_c(args.quick, args.seed, args.skill, args.games, sides, args.jobs)
    if "d" in parts:
        part_d(args.quick, args.seed, args.model)
    if "e" in parts:
        part_e(args.quick, args.seed, args.skill, args.cases, args.jobs)
    if "f" in parts:
        modes = [mode for mode in MODES if mode in args.modes]
        part_f(args.quick, args.seed, args.cases, modes, args.model)
    if "g" in parts:
        part_g(args.quick, args.seed, args.cases)
    print(f"total {time.time() - t0:.0f} s wall")


if __name__ == "__main__":
    run_main(main)  # Ctrl-C: one line, as the tool's own commands
