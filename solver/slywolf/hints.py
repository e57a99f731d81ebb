"""Whom to interview next: the exact predictive of an interview, policies, scores and reasons.

The question at the table is "which sheep do we call next?".  This module answers it for the
*free-choice* game (any sheep not yet interviewed may be called; the wolf track and the bag live in
:mod:`sheepdog.solver.slywolf.turn`) and, when the puzzle says which sheep are visible on top of
the stacks,
for those sheep only.

Modelling choices (each one measured in ``benchmarks/wolf_hints.py``; see ``docs/hints.md``):

- *Exact predictive.*  What an interview of sheep ``s`` can reveal is a pair (the sheep it points
  at, the item it names).  Its probability is an exact ratio of world counts from
  :func:`sheepdog.solver.slywolf.worlds.deduce`: P(s -> t, s says i) = worlds(obs + that) /
  worlds(obs).
  For one pointer t the item only matters through "does culprit c wear i?" (an honest sheep's
  item is uniform over the items c does not wear, a liar's over the items c wears, spec 3), so
  each culprit's count is one of two numbers, *liar* or *honest*; a few deductions with covering
  items (one that c wears and one it does not, for every c) give both, and every item's outcome
  follows without another deduction.  Tests check this against the reference enumerator.
- *Objective.*  Expected number of interviews until one suspect remains.  The policy is a one-step
  exact expectation over the predictive with a leaf estimate of the interviews still needed
  (a :class:`Leaf`), 0 when the culprit is known.  H is the culprit's entropy and H_res the
  entropy left once the status of every heard sheep were known (a heard sheep lies exactly when
  the culprit wears its item, so H_res is exact; see :func:`resolved_entropy`).  H_res credits
  testimonies whose status later pointers will settle, which plain entropy ignores (greedy
  entropy follows the chain of known-honest sheep and is worse than a random order on 16
  sheep).  Leaves by name (:data:`LEAVES`): ``"blend"``, ``1 + H/2 + H_res/2`` (the first one,
  the uniform model's default); ``"quarter"``, ``1 + H/4 + 3 H_res/4`` (the valid model's
  default, issue 16); ``"resolved"``, ``1 + H_res``.  Against the exact valid optimum of the
  7- and 8-sheep rosters (:mod:`sheepdog.solver.slywolf.optimal`) the blend is 1.0-2.2% behind,
  ``quarter`` 0.2-0.6%, ``resolved`` 0.5-0.7%; on 6 sheep the blend is the closest (0.0-0.1%,
  ``quarter`` 0.6%); on 16 sheep the three are within one standard error of each other.
- *Symmetry.*  Sheep nobody knows anything about (not heard, not pointed at) are interchangeable:
  as candidates they share one score, as pointer targets one outcome (with its multiplicity).
- *Model.*  Every function takes ``model``: ``"uniform"`` counts every complete case once (spec
  3), ``"valid"`` only the cases a player can be dealt, those with exactly one wolf fitting all
  interviews (:mod:`sheepdog.solver.slywolf.valid`).  The valid predictive is the uniform one with
  each outcome's per-culprit counts restricted to valid completions (exact), and the game ends
  when one *valid* suspect remains.
- *Visible sheep.*  When the puzzle lists the sheep on top of the stacks, only those are ranked;
  the tile uncovered below a called sheep is unknown (any sheep not yet seen), so its worth is the
  average, over the sheep it may be, of how much it would improve the best visible choice.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from sheepdog.solver.percent import percent
from sheepdog.solver.slywolf.valid import Model, deduce_with, restrict, valid_factors
from sheepdog.solver.slywolf.worlds import Deduction, Observation, deduce

#: (pointer target, item index or None when the testimony is already known, exact count of the
#: worlds with that outcome, their per-wolf weights)
Outcome = tuple[int, int | None, int, tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class Predictive:
    """The exact distribution of what interviewing one sheep reveals."""

    sheep: int
    total: int  # worlds of the current observation
    outcomes: tuple[Outcome, ...]  # (points_to, item, worlds with that outcome, weights per wolf)

    def probability(self, index: int) -> float:
        return self.outcomes[index][2] / self.total if self.total else 0.0


def interviewed(obs: Observation) -> frozenset[int]:
    """Sheep whose pointer is known: the sheep already interviewed."""
    return frozenset(s for s, t in enumerate(obs.pointer) if t is not None)


def observe(obs: Observation, sheep: int, points_to: int, item: int | None) -> Observation:
    """The observation after ``sheep`` was interviewed (pointer and, if given, testimony)."""
    pointer = list(obs.pointer)
    pointer[sheep] = points_to
    testimony = list(obs.testimony)
    if item is not None:
        testimony[sheep] = item
    return replace(obs, pointer=tuple(pointer), testimony=tuple(testimony))


def _covering_items(obs: Observation) -> list[int]:
    """Items such that every wolf wears one of them and fails to wear another (greedy cover)."""
    need_worn = set(range(len(obs.wears)))
    need_not = set(range(len(obs.wears)))
    chosen: list[int] = []
    while need_worn or need_not:
        best, gain = -1, 0
        for i in range(obs.n_items):
            if i in chosen:
                continue
            g = sum(1 for c in need_worn if i in obs.wears[c])
            g += sum(1 for c in need_not if i not in obs.wears[c])
            if g > gain:
                best, gain = i, g
        if best < 0:  # some wolf wears every item or none: its missing case has no world
            break
        chosen.append(best)
        need_worn -= {c for c in need_worn if best in obs.wears[c]}
        need_not -= {c for c in need_not if best not in obs.wears[c]}
    return chosen


def untouched(obs: Observation) -> list[int]:
    """Sheep nobody knows anything about: not interviewed, no known testimony, nobody points at
    them.  Any two of them can swap names without changing a single world count."""
    pointed = {t for t in obs.pointer if t is not None}
    return [
        s
        for s in range(obs.n)
        if obs.pointer[s] is None and obs.testimony[s] is None and s not in pointed
    ]


def predictive(
    obs: Observation,
    sheep: int,
    total: int | None = None,
    *,
    collapse: bool = True,
    model: Model = "uniform",
) -> Predictive:
    """Exact distribution of the outcomes of interviewing ``sheep`` (not yet interviewed).

    With ``collapse`` the pointer targets among the untouched sheep (see :func:`untouched`) are
    represented by the first of them, whose outcome counts for all of them: their outcomes
    differ only by a renaming of sheep.  Probabilities still sum to one.  ``total`` is the
    world count of ``obs`` under ``model``."""
    if obs.pointer[sheep] is not None:
        raise ValueError(f"sheep {sheep} is already interviewed")
    if total is None:
        total = deduce_with(obs, model, marginals=False).total
    n_wolves = len(obs.wears)
    known = obs.testimony[sheep]
    items = [known] if known is not None else _covering_items(obs)
    targets: list[tuple[int, int]] = [(t, 1) for t in range(obs.n) if t != sheep]
    if collapse:
        alike = [t for t in untouched(obs) if t != sheep]
        if len(alike) > 1:
            targets = [(t, 1) for t in range(obs.n) if t != sheep and t not in alike]
            targets.append((alike[0], len(alike)))
            targets.sort()
    out: list[Outcome] = []
    for t, mult in targets:
        if known is not None:
            d = deduce(observe(obs, sheep, t, None), marginals=False)
            if d.total:
                out.append((t, None, d.total * mult, d.weights))
            continue
        liar = [0] * n_wolves
        honest = [0] * n_wolves
        any_world = False
        for i in items:
            d = deduce(observe(obs, sheep, t, i), marginals=False)
            if d.total:
                any_world = True
            for c, w in enumerate(d.weights):
                if i in obs.wears[c]:
                    liar[c] = w
                else:
                    honest[c] = w
        if not any_world:
            continue
        for i in range(obs.n_items):
            weights = tuple(liar[c] if i in obs.wears[c] else honest[c] for c in range(n_wolves))
            out.append((t, i, sum(weights) * mult, weights))
    if model == "valid":
        # the same outcomes, each culprit's worlds restricted to the valid ones: the factor
        # depends on the item named (and the culprit), not on the pointer
        restricted: list[Outcome] = []
        for target, said, count, weights in out:
            if not count:
                continue
            valid = restrict(weights, valid_factors(obs, said))
            restricted.append((target, said, sum(valid) * (count // sum(weights)), valid))
        out = restricted
    return Predictive(sheep, total, tuple(o for o in out if o[2]))


# -- state summaries -----------------------------------------------------------------------------


def suspects_of(weights: Sequence[int]) -> int:
    return sum(1 for w in weights if w)


def entropy(weights: Sequence[int]) -> float:
    """Shannon entropy (bits) of the culprit distribution given by integer weights."""
    total = sum(weights)
    if not total:
        return 0.0
    return -sum(w / total * math.log2(w / total) for w in weights if w)


def _status_groups(weights: Sequence[int], obs: Observation) -> list[list[int]]:
    """The suspects' weights grouped by what they say of the sheep whose testimony is known: a
    known testimony's sheep lies exactly when the culprit wears its item, so each culprit fixes
    every such status, and culprits of one group are told apart by no status."""
    heard = [i for i in obs.testimony if i is not None]
    groups: dict[tuple[bool, ...], list[int]] = {}
    for c, w in enumerate(weights):
        if w:
            pattern = tuple(i in obs.wears[c] for i in heard)
            groups.setdefault(pattern, []).append(w)
    return list(groups.values())


def resolved_entropy(weights: Sequence[int], obs: Observation) -> float:
    """Entropy (bits) of the culprit once the status of every sheep whose testimony is known
    were revealed too: H(culprit | those statuses), exact (:func:`_status_groups`)."""
    total = sum(weights)
    if not total:
        return 0.0
    return sum(sum(ws) / total * entropy(ws) for ws in _status_groups(weights, obs))


def resolved_suspects(weights: Sequence[int], obs: Observation) -> float:
    """The expected number of suspects left once it is known which sheep whose testimony is
    known lied (:func:`_status_groups`): the size of the culprit's group, averaged."""
    total = sum(weights)
    if not total:
        return 0.0
    return sum(sum(ws) / total * len(ws) for ws in _status_groups(weights, obs))


LeafEstimate = Callable[[Sequence[int], Observation], float]

#: weight of the culprit's entropy against the entropy left once heard statuses are resolved
BLEND = 0.5


def remaining_estimate(weights: Sequence[int], obs: Observation) -> float:
    """Estimated interviews still needed (0 when one suspect remains): one more, plus a blend of
    the culprit's entropy now and the entropy left once the heard sheep's statuses are known."""
    if suspects_of(weights) <= 1:
        return 0.0
    return 1.0 + BLEND * entropy(weights) + (1.0 - BLEND) * resolved_entropy(weights, obs)


def quarter_estimate(weights: Sequence[int], obs: Observation) -> float:
    """Estimated interviews still needed (0 when one suspect remains): one more, plus a quarter
    of the culprit's entropy and three quarters of the entropy left once the heard sheep's
    statuses are known."""
    if suspects_of(weights) <= 1:
        return 0.0
    return 1.0 + 0.25 * entropy(weights) + 0.75 * resolved_entropy(weights, obs)


def resolved_estimate(weights: Sequence[int], obs: Observation) -> float:
    """Estimated interviews still needed (0 when one suspect remains): one more, plus the
    entropy left once the heard sheep's statuses are known (:func:`resolved_entropy`).  Every
    testimony heard counts as if its status were already settled, whoever said it."""
    if suspects_of(weights) <= 1:
        return 0.0
    return 1.0 + resolved_entropy(weights, obs)


@dataclass(frozen=True, slots=True)
class Leaf:
    """A named leaf estimate, and what one unit of it is worth in interviews.

    ``intercept`` and ``slope``: least squares of the interviews a random order still needed
    on the leaf, interviews ~ intercept + slope * (leaf - 1), over seeded random-order games on
    the 16-sheep box roster (``benchmarks/wolf_hints.py --parts f --model valid --cases 600``:
    quarter 1.69, 2.30; resolved 2.90, 2.04).  The blend keeps the constants of its first fit,
    0.7 and 2.4 (that run gives it 0.49, 2.47), so the uniform model's advice is unchanged.
    The turn planner (:mod:`sheepdog.solver.slywolf.advice`) turns scores into interviews with
    them."""

    name: str
    estimate: LeafEstimate
    intercept: float
    slope: float

    def __call__(self, weights: Sequence[int], obs: Observation) -> float:
        return self.estimate(weights, obs)


#: ``1 + H/2 + H_res/2``: the first leaf, the uniform model's default
BLEND_LEAF = Leaf("blend", remaining_estimate, 0.7, 2.4)
#: ``1 + H/4 + 3 H_res/4``: the valid model's default (closest to the exact valid optimum of
#: the 7- and 8-sheep rosters)
QUARTER_LEAF = Leaf("quarter", quarter_estimate, 1.7, 2.3)
#: ``1 + H_res``
RESOLVED_LEAF = Leaf("resolved", resolved_estimate, 2.9, 2.05)
LEAVES: dict[str, Leaf] = {leaf.name: leaf for leaf in (BLEND_LEAF, QUARTER_LEAF, RESOLVED_LEAF)}


def default_leaf(model: Model) -> Leaf:
    """The leaf a hint uses under ``model`` unless told otherwise."""
    return QUARTER_LEAF if model == "valid" else BLEND_LEAF


def blended(alpha: float, offset: float = 1.0) -> LeafEstimate:
    """The leaf family the benchmark tunes: ``offset + alpha H + (1 - alpha) H_resolved``."""

    def leaf(weights: Sequence[int], obs: Observation) -> float:
        if suspects_of(weights) <= 1:
            return 0.0
        return offset + alpha * entropy(weights) + (1.0 - alpha) * resolved_entropy(weights, obs)

    return leaf


# -- policies ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Score:
    sheep: int
    value: float  # expected interviews still needed after this one (lower is better)
    p_certain: float  # chance this interview settles the culprit
    expected_suspects: float
    expected_top: float  # expected probability of the most probable suspect afterwards
    #: expected suspects after it once it is known which heard sheep lied
    #: (:func:`resolved_suspects`)
    expected_resolved: float = 0.0


def score_sheep(
    obs: Observation,
    sheep: int,
    total: int,
    leaf: LeafEstimate | None = None,
    model: Model = "uniform",
) -> Score:
    """One sheep's exact one-step expectations (``leaf`` None: the model's default)."""
    leaf = default_leaf(model) if leaf is None else leaf
    pred = predictive(obs, sheep, total, model=model)
    value = exp_top = resolved = 0.0
    certain = suspects = 0  # in worlds, exact: a sure outcome is exactly 1.0, not 0.99999...
    for t, i, count, weights in pred.outcomes:
        p = count / total
        after = observe(obs, sheep, t, i)
        value += p * leaf(weights, after)
        n_sus = suspects_of(weights)
        if n_sus == 1:
            certain += count
        suspects += count * n_sus
        exp_top += p * max(weights) / sum(weights)  # count merges alike outcomes
        resolved += p * resolved_suspects(weights, after)
    exp_top = min(exp_top, 1.0)
    return Score(sheep, value, certain / total, suspects / total, exp_top, resolved)


def candidates(obs: Observation, allowed: Sequence[int] | None = None) -> list[int]:
    done = interviewed(obs)
    pool = range(obs.n) if allowed is None else allowed
    return [s for s in pool if s not in done]


def rank(
    obs: Observation,
    allowed: Sequence[int] | None = None,
    leaf: LeafEstimate | None = None,
    model: Model = "uniform",
) -> list[Score]:
    """Every candidate sheep scored, best first (ties: roster order); ``leaf`` None: the
    model's default (:func:`default_leaf`)."""
    leaf = default_leaf(model) if leaf is None else leaf
    total = deduce_with(obs, model, marginals=False).total
    scores = _scores(obs, candidates(obs, allowed), total, leaf, model)
    scores.sort(key=lambda sc: (round(sc.value, 12), -sc.p_certain, sc.sheep))
    return scores


def _scores(
    obs: Observation, pool: Sequence[int], total: int, leaf: LeafEstimate, model: Model
) -> list[Score]:
    """Scores of ``pool``; untouched sheep share one computation (they are interchangeable)."""
    alike = set(untouched(obs))
    shared: Score | None = None
    out: list[Score] = []
    for s in pool:
        if s in alike:
            if shared is None:
                shared = score_sheep(obs, s, total, leaf, model)
            out.append(replace(shared, sheep=s))
        else:
            out.append(score_sheep(obs, s, total, leaf, model))
    return out


Policy = Callable[[Observation, Sequence[int] | None], int]


def lookahead_policy(leaf: LeafEstimate | None = None, model: Model = "uniform") -> Policy:
    """The hint's policy: the best-ranked sheep (``leaf`` None: the model's default)."""

    def choose(obs: Observation, allowed: Sequence[int] | None = None) -> int:
        return rank(obs, allowed, leaf, model)[0].sheep

    return choose


def greedy_entropy_policy(obs: Observation, allowed: Sequence[int] | None = None) -> int:
    """The baseline of the issue: the interview that most lowers the expected culprit entropy."""
    return rank(obs, allowed, blended(1.0, 0.0))[0].sheep


def greedy_policy(model: Model = "uniform") -> Policy:
    """Greedy entropy under ``model``."""

    def choose(obs: Observation, allowed: Sequence[int] | None = None) -> int:
        return rank(obs, allowed, blended(1.0, 0.0), model)[0].sheep

    return choose


def random_policy(rng: random.Random) -> Policy:
    def choose(obs: Observation, allowed: Sequence[int] | None = None) -> int:
        return rng.choice(candidates(obs, allowed))

    return choose


def untouched_first_policy(rng: random.Random) -> Policy:
    """A rule of thumb for the table: call a sheep nobody knows anything about (not heard, no
    known testimony, nobody points at it) while there is one, otherwise any sheep; ties at
    random.  It needs no deduction at all; ``docs/hints.md`` (b') compares it with the hint."""

    def choose(obs: Observation, allowed: Sequence[int] | None = None) -> int:
        pool = candidates(obs, allowed)
        alike = set(untouched(obs))
        fresh = [s for s in pool if s in alike]
        return rng.choice(fresh or pool)

    return choose


def settled(d: Deduction) -> bool:
    return d.culprit is not None


def interviews_to_certainty(
    obs: Observation,
    truth: Sequence[tuple[int, int]],
    policy: Policy,
    allowed: Sequence[int] | None = None,
    model: Model = "uniform",
) -> int:
    """Interviews a policy needs, on a complete case ``truth[s] = (points_to, item)``, until one
    suspect remains under ``model`` (or every sheep has been heard)."""
    count = 0
    while True:
        d = deduce_with(obs, model, marginals=False)
        if suspects_of(d.weights) <= 1 or not candidates(obs, allowed):
            return count
        s = policy(obs, allowed)
        t, i = truth[s]
        obs = observe(obs, s, t, None if obs.testimony[s] is not None else i)
        count += 1


# -- the hint a player reads ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hint:
    """One ranked sheep: the numbers behind its rank and a one-line reason."""

    sheep: int
    score: float  # 1 + the expected leaf estimate after this interview, minus the uncover bonus
    # (0 for every sheep once one suspect is left: no interview is needed)
    p_settle: float  # chance this interview alone leaves one suspect
    expected_suspects: float
    liar_probability: float
    uncover_bonus: float  # interviews saved, on average, by the tile it uncovers
    expected_top: float  # expected probability of the top suspect after this interview
    reason: str
    #: expected suspects after it once it is known which sheep of known testimony lie (the
    #: heard ones, whose status later pointers may show; with a known deck, every sheep): the
    #: leaf's H_res counts them
    expected_resolved_suspects: float


def uncover_bonus(
    values: dict[int, float], visible: Sequence[int], called: int, hidden: Sequence[int]
) -> float:
    """What the tile below ``called`` is worth: it may be any ``hidden`` sheep, uniformly; it is
    worth how much it would lower the best value among the sheep then visible (values are the
    current one-step estimates, lower is better)."""
    rest = [values[s] for s in visible if s != called and s in values]
    if not hidden:
        return 0.0
    best = min(rest) if rest else math.inf
    gains = [max(0.0, best - values[u]) if best < math.inf else 0.0 for u in hidden]
    return sum(gains) / len(hidden)


def reason_for(
    sheep: int,
    score: Score,
    d: Deduction,
    pointed_by: Sequence[int],
    names: Sequence[str],
    known_testimony: bool,
    hard: bool = False,
    heard_only: bool = True,
) -> str:
    """A one-line reason a player understands, from the same numbers that rank the sheep
    (``hard``: the game is in hard mode, where accomplices may point at accomplices;
    ``heard_only``: the known testimonies are those of the sheep heard, not a known deck's)."""
    p_liar = float(d.liar_probability(sheep))
    after = f"about {score.expected_suspects:.1f} suspects left after it"
    if heard_only and score.expected_resolved < score.expected_suspects - 0.05:
        # what the rank counts too; with a known deck every sheep's testimony is known, so the
        # figure is not about the heard sheep (and is 1 on a valid case): left out
        after += f", {score.expected_resolved:.1f} once it is known which heard sheep lied"
    if score.p_certain > 0.0:
        after = f"{percent(score.p_certain)} chance it settles the case, {after}"
    if p_liar == 0.0:
        # easy mode: nobody points at an accomplice; hard mode: accomplices may, so only a
        # sheep known to be honest vouches for it (else its status follows from the others').
        # A known-honest pointer is named first and a known accomplice last: in easy mode an
        # accomplice's pointer proves it too, but a player would not take a liar's word.
        vouch = sorted(
            (u for u in pointed_by if not hard or d.liar_probability(u) == 0),
            key=d.liar_probability,
        )
        who = f" ({names[vouch[0]]} points at it)" if vouch else ""
        what = (
            "its testimony is sure to be true"
            if not known_testimony
            else ("its pointer shows one more honest sheep")
        )
        return f"honest{who}: {what}; {after}"
    if known_testimony:  # a known deck's printed tile: its testimony is counted already
        status = (
            "an accomplice"
            if p_liar == 1.0
            else f"{'likely an accomplice' if p_liar > 0.5 else 'status open'}"
            f" ({percent(p_liar)} accomplice)"
        )
        return f"{status}: only its pointer is new (its printed testimony is counted); {after}"
    if p_liar == 1.0:
        return f"an accomplice: its testimony names what the culprit wears; {after}"
    if p_liar > 0.5:
        return (
            f"likely an accomplice ({percent(p_liar)}): its testimony would name what the culprit "
            f"wears; {after}"
        )
    return (
        f"status open ({percent(p_liar)} accomplice): it shows where its pointer goes and what it "
        f"says; {after}"
    )


def hints_for(
    obs: Observation,
    names: Sequence[str],
    visible: Sequence[int] | None = None,
    hidden: Sequence[int] | None = None,
    leaf: LeafEstimate | None = None,
    exclude: Sequence[int] = (),
    model: Model = "uniform",
    everyone: bool = False,
    under: Mapping[int, float] | None = None,
) -> list[Hint]:
    """Ranked hints, best first: every sheep not yet interviewed, or the visible ones.

    With ``visible``, the tile uncovered below a called sheep may be any of ``hidden`` (the
    sheep on no stack top and not yet interviewed; all such sheep when not given), and its worth
    is subtracted from the sheep's expected interviews, times the chance that a tile lies
    under it (``under``, by visible sheep: :func:`~sheepdog.solver.slywolf.turn.under_chances`;
    1 when not given, every stack taller than its top).  ``everyone``: the other sheep not yet
    interviewed follow the visible ones, ranked among themselves (no tile below them to
    uncover).  Counts, chances and reasons are under ``model`` (see
    :mod:`sheepdog.solver.slywolf.valid`); ``leaf`` None: the model's default.
    """
    leaf = default_leaf(model) if leaf is None else leaf
    d = deduce_with(obs, model)
    total = d.total
    if not total:
        raise ValueError("the interviews contradict each other: no case fits them")
    pool = [s for s in candidates(obs, None) if s not in exclude]
    if visible is not None:
        if hidden is None:
            hidden = [s for s in pool if s not in visible]
        scored_pool = [s for s in pool if s in visible or s in hidden]
    else:
        scored_pool = pool
    scores = {sc.sheep: sc for sc in _scores(obs, scored_pool, total, leaf, model)}
    values = {s: sc.value for s, sc in scores.items()}
    ranked = pool if visible is None else [s for s in pool if s in visible]
    out = _hints(obs, d, names, ranked, scores, values, visible, hidden, under)
    if everyone and visible is not None:
        rest = [s for s in pool if s not in ranked]
        more = _scores(obs, [s for s in rest if s not in scores], total, leaf, model)
        scores.update((sc.sheep, sc) for sc in more)
        out += _hints(obs, d, names, rest, scores, values, None, None)
    return out


def _hints(
    obs: Observation,
    d: Deduction,
    names: Sequence[str],
    ranked: Sequence[int],
    scores: dict[int, Score],
    values: dict[int, float],
    visible: Sequence[int] | None,
    hidden: Sequence[int] | None,
    under: Mapping[int, float] | None = None,
) -> list[Hint]:
    """The hints of ``ranked``, best first (see :func:`hints_for`)."""
    heard = interviewed(obs)
    heard_only = all(s in heard for s, said in enumerate(obs.testimony) if said is not None)
    out: list[Hint] = []
    for s in ranked:
        sc = scores[s]
        bonus = 0.0
        chance = 1.0 if under is None else under.get(s, 0.0)
        if visible is not None and hidden and chance > 0.0:
            bonus = chance * uncover_bonus(values, visible, s, hidden)
        pointed_by = [u for u, t in enumerate(obs.pointer) if t == s]
        out.append(
            Hint(
                sheep=s,
                score=1.0 + sc.value - bonus,
                p_settle=sc.p_certain,
                expected_suspects=sc.expected_suspects,
                liar_probability=float(d.liar_probability(s)),
                uncover_bonus=bonus,
                expected_top=sc.expected_top,
                expected_resolved_suspects=sc.expected_resolved,
                reason=reason_for(
                    s,
                    sc,
                    d,
                    pointed_by,
                    names,
                    obs.testimony[s] is not None,
                    hard=obs.hard,
                    heard_only=heard_only,
                ),
            )
        )
    out.sort(key=lambda h: (round(h.score, 12), -h.p_settle, h.sheep))
    return out
