"""The "valid cases" model: the uniform distribution over solvable cases, given what was heard.

Spec 3 counts every complete case once (the *uniform* model, :mod:`sheepdog.solver.slywolf.worlds`).
Players never face most of those cases: a printed or generated case is *valid* (spec 2: with every
sheep interviewed, exactly one wolf fits).  This module counts only the valid worlds consistent
with an observation, exactly, and samples them when asked for an estimate.

Why the count factorises.  With every sheep interviewed, a wolf c' fits exactly when the sheep
that lie under c' (those whose item c' wears) can be the accomplices: the honest rest must be a
cycle of the observed pointers with ``m = n - k`` sheep.  In easy mode every accomplice points at
an honest sheep, so the pointers have a single cycle, the honest one; in hard mode another cycle
lies among the accomplices and has at most ``k`` sheep, so with ``k < m`` the honest cycle is
again the only one long enough.  In both cases a wolf c' fits exactly when its liars are the
true accomplices A, and validity depends on the culprit c, A and the testimonies only, not on the
pointers.  A sheep *rules out* c' when its testimony disagrees with c' about its status: an
honest sheep naming an item c' wears, an accomplice naming one c' does not wear.  A case is valid
when every other wolf is ruled out by somebody.

Given c, the status of each sheep with a known testimony is fixed, and the ``h`` honest and
``l`` accomplice sheep whose testimonies are unknown name items independently (an honest one any
item c does not wear, an accomplice any item c wears).  The completions that rule out every wolf
of the set U0 not yet ruled out are counted by inclusion-exclusion over the wolves left standing::

    valid(c) = sum over U subset of U0 of (-1)^|U| * a(U)^h * b(U)^l

where a(U) (b(U)) is the number of items an honest sheep (an accomplice) can name without
ruling out a wolf of U.  The uniform model's weight of c is (pointer ways) x a(empty)^h x
b(empty)^l, so the valid weight is that weight with the last factor replaced by valid(c): an
exact integer.  The sum has 2^|U0| terms, evaluated with numpy and grouped by (a, b) so the
final sum is in exact integers; rosters of at most :data:`MAX_WOLVES` wolves.

Not covered exactly (:class:`ValidModelUnavailable`): hard mode with ``k >= m`` (a second cycle
of accomplices can make another wolf fit), and rosters with more than :data:`MAX_WOLVES` wolves.
:func:`estimate` samples valid worlds (rejection on uniform draws of the unknown testimonies) and
reports each probability with its standard error; it needs the first condition only.
:class:`WorldSampler` draws whole valid worlds (culprit, accomplices, every pointer and
testimony) exactly, for the rollouts of :mod:`sheepdog.solver.slywolf.rollout`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal

from sheepdog.solver.errors import SheepdogError, UnknownNameError
from sheepdog.solver.slywolf.worlds import Deduction, Observation, deduce

Model = Literal["uniform", "valid"]
MODELS: tuple[Model, ...] = ("uniform", "valid")

#: the largest roster (in wolves) counted exactly: 2^(wolves - 1) terms per culprit
MAX_WOLVES = 17


class ValidModelUnavailable(SheepdogError):
    """The valid-case model cannot be counted exactly for this roster and mode."""


class NoValidCase(ValidModelUnavailable):
    """No valid case (exactly one wolf fitting every interview) agrees with the interviews:
    the valid-case model has nothing to count (the uniform model may still count cases; when it
    finds none either, the interviews contradict each other)."""

    def __init__(self) -> None:
        super().__init__(
            "no valid case (exactly one wolf fitting every interview) agrees with these"
            ' interviews; the uniform model (--model uniform, model="uniform") counts every case'
        )


def check_model(model: object) -> Model:
    """The model ``model`` names, in any case (as a file's ``"model"`` and ``--model``), else
    an error listing the valid names."""
    for name in MODELS:
        if isinstance(model, str) and model.lower() == name:
            return name
    raise UnknownNameError("model", str(model), MODELS)


def unavailable_reason(obs: Observation) -> str | None:
    """Why the exact valid-case model does not apply to ``obs`` (None when it does)."""
    if obs.hard and obs.k >= obs.m:
        return (
            f"hard mode with {obs.k} accomplices and {obs.m} honest sheep: a cycle of "
            "accomplices can make a second wolf fit, which the valid-case count does not cover"
        )
    if len(obs.wears) > MAX_WOLVES:
        return f"{len(obs.wears)} wolves: the valid-case count is exact up to {MAX_WOLVES}"
    return None


def available(obs: Observation) -> bool:
    return unavailable_reason(obs) is None


def check(obs: Observation) -> None:
    reason = unavailable_reason(obs)
    if reason is not None:
        raise ValidModelUnavailable(
            f"the valid-case model is not available: {reason}; the uniform model"
            ' (--model uniform, model="uniform") counts every case'
        )


# -- ruling wolves out ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Elimination:
    """Per item, the wolves (bit masks) an honest sheep or an accomplice naming it rules out."""

    by_honest: tuple[int, ...]  # wolves wearing the item
    by_liar: tuple[int, ...]  # wolves not wearing it
    wears: tuple[frozenset[int], ...]
    n_items: int

    @classmethod
    def of(cls, obs: Observation) -> Elimination:
        all_wolves = (1 << len(obs.wears)) - 1
        worn_by = [
            sum(1 << c for c, w in enumerate(obs.wears) if i in w) for i in range(obs.n_items)
        ]
        return cls(tuple(worn_by), tuple(all_wolves & ~m for m in worn_by), obs.wears, obs.n_items)

    def rules_out(self, culprit: int, item: int) -> int:
        """The wolves ruled out by a sheep naming ``item`` when ``culprit`` did it (its status
        is then fixed: it lies exactly when the culprit wears the item)."""
        if item in self.wears[culprit]:
            return self.by_liar[item]
        return self.by_honest[item]


@dataclass(frozen=True, slots=True)
class Standing:
    """Given a culprit and the known testimonies: the other wolves not yet ruled out (a mask)
    and the unknown testimonies still to come from honest sheep and from accomplices."""

    culprit: int
    standing: int
    honest_free: int
    liars_free: int


def standing(obs: Observation, elim: Elimination, culprit: int) -> Standing | None:
    """None when the known testimonies leave the wrong number of accomplices for ``culprit``."""
    ruled = 1 << culprit
    liars = 0
    free = 0
    for item in obs.testimony:
        if item is None:
            free += 1
            continue
        ruled |= elim.rules_out(culprit, item)
        liars += item in obs.wears[culprit]
    liars_free = obs.k - liars
    if liars_free < 0 or liars_free > free:
        return None
    everyone = (1 << len(obs.wears)) - 1
    return Standing(culprit, everyone & ~ruled, free - liars_free, liars_free)


def after(st: Standing, elim: Elimination, item: int) -> Standing | None:
    """The standing once one more sheep whose testimony was unknown names ``item``."""
    lies = item in elim.wears[st.culprit]
    honest, liars = st.honest_free - (not lies), st.liars_free - lies
    if honest < 0 or liars < 0:
        return None
    return Standing(st.culprit, st.standing & ~elim.rules_out(st.culprit, item), honest, liars)


def completions(elim: Elimination, st: Standing) -> tuple[int, int]:
    """(every completion of the unknown testimonies, those that rule out every other wolf)."""
    return _completions(elim, st.culprit, st.standing, st.honest_free, st.liars_free)


@lru_cache(maxsize=1 << 16)
def _completions(
    elim: Elimination, culprit: int, standing_mask: int, honest: int, liars: int
) -> tuple[int, int]:
    worn = elim.wears[culprit]
    honest_items = [i for i in range(elim.n_items) if i not in worn]
    liar_items = sorted(worn)
    everything = len(honest_items) ** honest * len(liar_items) ** liars
    bits = [c for c in range(len(elim.wears)) if standing_mask >> c & 1]
    if not bits:
        return everything, everything

    import numpy as np  # here, not at import: `wolf solve` starts without it

    def local(mask: int) -> int:
        return sum(1 << j for j, c in enumerate(bits) if mask >> c & 1)

    subsets = np.arange(1 << len(bits), dtype=np.int64)
    a = np.zeros(len(subsets), dtype=np.int64)
    b = np.zeros(len(subsets), dtype=np.int64)
    for i in honest_items:
        a += (subsets & local(elim.by_honest[i])) == 0
    for i in liar_items:
        b += (subsets & local(elim.by_liar[i])) == 0
    parity = np.zeros(len(subsets), dtype=np.int64)
    for j in range(len(bits)):
        parity ^= (subsets >> j) & 1
    sign = 1 - 2 * parity
    width = len(liar_items) + 1
    groups = np.bincount(a * width + b, weights=sign, minlength=(len(honest_items) + 1) * width)
    valid = 0
    for key in np.flatnonzero(groups):
        na, nb = divmod(int(key), width)
        valid += int(round(groups[key])) * na**honest * nb**liars
    return everything, valid


# -- exact deductions ----------------------------------------------------------------------------


def deduce_valid(obs: Observation, *, marginals: bool = True) -> Deduction:
    """Exact counts of the *valid* worlds consistent with ``obs``, per culprit (and per
    accomplice sheep): the uniform model's counts with every culprit's testimony completions
    restricted to those that rule out every other wolf."""
    check(obs)
    elim = Elimination.of(obs)
    weights = [0] * len(obs.wears)
    liar_worlds = [0] * obs.n
    groups: dict[frozenset[int], list[tuple[int, Standing]]] = {}
    for c in range(len(obs.wears)):
        st = standing(obs, elim, c)
        if st is None:
            continue
        known_liars = frozenset(
            s for s, i in enumerate(obs.testimony) if i is not None and i in obs.wears[c]
        )
        groups.setdefault(known_liars, []).append((c, st))
    for members in groups.values():
        # one culprit's uniform deduction gives the pointer ways of its status pattern
        found = [(c, completions(elim, st)[0]) for c, st in members]
        rep, everything = max(found, key=lambda ce: ce[1])
        if not everything:
            continue
        d = deduce(replace(obs, wears=(obs.wears[rep],)), marginals=marginals)
        ways = d.total // everything
        liar_ways = [x // everything for x in d.liar_worlds]
        for c, st in members:
            _all, valid = completions(elim, st)
            weights[c] = ways * valid
            if marginals:
                for s in range(obs.n):
                    liar_worlds[s] += liar_ways[s] * valid
    return Deduction(tuple(weights), tuple(liar_worlds))


def deduce_with(obs: Observation, model: Model, *, marginals: bool = True) -> Deduction:
    """The exact deduction under ``model``."""
    if model == "valid":
        return deduce_valid(obs, marginals=marginals)
    return deduce(obs, marginals=marginals)


def model_deduction(
    obs: Observation, model: Model | None = None, *, marginals: bool = True
) -> tuple[Model, Deduction, str | None]:
    """The model the table's findings, hints and game end use on ``obs``, its exact
    deduction, and why that is not the valid model (None: it is, or ``model`` was asked for).

    ``model`` None is the default: the valid cases where that model is available and some valid
    case fits the interviews, else every case.  An asked-for ``"valid"`` that no valid case fits
    while some case does is :class:`NoValidCase`; interviews no case fits give the
    inconsistent deduction."""
    if model is not None:
        model = check_model(model)
    reason = unavailable_reason(obs)
    chosen: Model = model or ("valid" if reason is None else "uniform")
    fallback = reason if model is None else None
    d = deduce_with(obs, chosen, marginals=marginals)
    if not d.consistent and chosen == "valid":
        uniform = deduce_with(obs, "uniform", marginals=marginals)
        if uniform.consistent and model is None:
            chosen, d = "uniform", uniform
            fallback = (
                "no valid case (exactly one wolf fitting every interview) fits the interviews"
            )
        elif uniform.consistent:
            raise NoValidCase()
    return chosen, d, fallback


@lru_cache(maxsize=4096)
def valid_factors(obs: Observation, item: int | None) -> tuple[tuple[int, int], ...]:
    """Per culprit, (all completions, valid completions) of the unknown testimonies once one
    more sheep names ``item`` (``item`` None: the observation as it is).  A uniform-model count
    of that observation, multiplied by valid / all, is its valid-model count."""
    elim = Elimination.of(obs)
    out: list[tuple[int, int]] = []
    for c in range(len(obs.wears)):
        st = standing(obs, elim, c)
        if st is not None and item is not None:
            # the sheep about to speak is counted among the unknown testimonies
            st = after(st, elim, item)
        out.append(completions(elim, st) if st is not None else (0, 0))
    return tuple(out)


def restrict(weights: Sequence[int], factors: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """Uniform-model weights per culprit turned into valid-model weights."""
    return tuple(w // f[0] * f[1] if w else 0 for w, f in zip(weights, factors, strict=True))


# -- an estimate by sampling ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Estimate:
    """Sampled valid worlds: each wolf's probability of being the culprit, with its standard
    error (binomial, over the accepted samples)."""

    probabilities: tuple[float, ...]
    standard_errors: tuple[float, ...]
    accepted: int
    drawn: int


def estimate(obs: Observation, samples: int, rng: random.Random) -> Estimate:
    """Sample ``samples`` valid worlds consistent with ``obs`` (rejection: a culprit drawn with
    its uniform-model weight, the unknown testimonies uniformly, kept when every other wolf is
    ruled out).  Needs easy mode or fewer accomplices than honest sheep; any number of wolves."""
    if obs.hard and obs.k >= obs.m:
        check(obs)
    d = deduce(obs, marginals=False)
    n_wolves = len(obs.wears)
    if not d.total:
        return Estimate((0.0,) * n_wolves, (0.0,) * n_wolves, 0, 0)
    elim = Elimination.of(obs)
    states = [standing(obs, elim, c) for c in range(n_wolves)]
    hits = [0] * n_wolves
    accepted = drawn = 0
    limit = 1000 * samples
    while accepted < samples and drawn < limit:
        c = rng.choices(range(n_wolves), weights=d.weights)[0]
        st = states[c]
        assert st is not None
        drawn += 1
        worn = sorted(obs.wears[c])
        honest_items = [i for i in range(obs.n_items) if i not in obs.wears[c]]
        left = st.standing
        for _ in range(st.honest_free):
            left &= ~elim.by_honest[rng.choice(honest_items)]
        for _ in range(st.liars_free):
            left &= ~elim.by_liar[rng.choice(worn)]
        if left == 0:
            hits[c] += 1
            accepted += 1
    if not accepted:
        return Estimate((0.0,) * n_wolves, (0.0,) * n_wolves, 0, drawn)
    probs = tuple(h / accepted for h in hits)
    errors = tuple(math.sqrt(p * (1.0 - p) / accepted) for p in probs)
    return Estimate(probs, errors, accepted, drawn)


# -- whole valid worlds, sampled exactly ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class World:
    """One complete case: the culprit, the accomplices, every pointer and every testimony."""

    culprit: int
    liars: frozenset[int]
    pointer: tuple[int, ...]
    testimony: tuple[int, ...]


def pointer_ways(obs: Observation, liars: Sequence[bool]) -> int:
    """The ways to complete the pointers of ``obs`` when exactly the sheep marked in ``liars``
    are the accomplices (spec 2; 0 when they break a rule): the honest fragments arranged
    around one circle, ``(m - e - 1)!`` for ``e`` observed honest pointers, times a target for
    every accomplice whose pointer is unknown (an honest sheep in easy mode, any other sheep in
    hard mode)."""
    n, m = obs.n, obs.m
    if sum(liars) != obs.k:
        return 0
    pointed = [False] * n
    edges = 0
    for s, t in enumerate(obs.pointer):
        if t is None:
            continue
        if not liars[s]:
            # an honest sheep points at the honest sheep in front of it, and only one does
            if liars[t] or pointed[t]:
                return 0
            pointed[t] = True
            edges += 1
        elif not obs.hard and liars[t]:
            return 0  # easy mode: nobody points at an accomplice
    # a circle of observed honest pointers must be the whole honest circle
    state = [0] * n
    for start in range(n):
        walk: list[int] = []
        v: int | None = start
        while v is not None and not liars[v] and state[v] == 0:
            state[v] = 1
            walk.append(v)
            v = obs.pointer[v]
        if v is not None and not liars[v] and state[v] == 1 and len(walk) - walk.index(v) != m:
            return 0
        for u in walk:
            state[u] = 2
    free = sum(1 for s in range(n) if liars[s] and obs.pointer[s] is None)
    targets = (n - 1) if obs.hard else m
    return (math.factorial(m - edges - 1) if edges < m else 1) * math.prod([targets] * free)


class WorldSampler:
    """Exact samples of the valid worlds consistent with ``obs``, each with its probability
    under the valid model (:func:`deduce_valid`):

    1. the culprit c with its exact valid weight;
    2. the accomplices among the sheep whose status c does not fix, with weight
       :func:`pointer_ways` (rejection: uniform proposals among the sheep no heard pointer
       makes honest, accepted with probability ways / most ways);
    3. the honest circle (the observed honest fragments in a uniformly random cyclic order) and
       each unknown accomplice target uniformly;
    4. the unknown testimonies uniformly among the completions that rule out every other wolf
       (rejection a few times, then item by item with the exact counts of
       :func:`completions`).

    Given c the valid completions of the testimonies do not depend on which sheep lie
    (module docstring), so the steps factorise and every valid world is drawn with probability
    one over their number."""

    def __init__(self, obs: Observation, rng: random.Random) -> None:
        check(obs)
        self.obs = obs
        self.rng = rng
        self.deduction = deduce_valid(obs, marginals=False)
        if not self.deduction.total:
            raise NoValidCase()
        self.elim = Elimination.of(obs)
        self._given: dict[int, tuple[list[bool | None], list[int], int, int, Standing]] = {}

    def _culprit(self, c: int) -> tuple[list[bool | None], list[int], int, int, Standing]:
        """Per culprit: fixed statuses, the sheep free to lie, liars to place, the largest
        pointer weight, the standing of the other wolves."""
        if c in self._given:
            return self._given[c]
        obs = self.obs
        fixed: list[bool | None] = [None if i is None else i in obs.wears[c] for i in obs.testimony]
        forced = {
            t
            for s, t in enumerate(obs.pointer)
            if t is not None and (fixed[s] is False or not obs.hard)
        }
        free = [s for s in range(obs.n) if fixed[s] is None and s not in forced]
        place = obs.k - sum(1 for f in fixed if f)
        # the pointer weight depends on how many free sheep with a known pointer lie
        known = [s for s in free if obs.pointer[s] is not None]
        edges = sum(
            1
            for s in range(obs.n)
            if obs.pointer[s] is not None
            and (fixed[s] is False or (fixed[s] is None and s in forced))
        )
        unknown_liars = sum(1 for s in range(obs.n) if fixed[s] and obs.pointer[s] is None)
        targets = (obs.n - 1) if obs.hard else obs.m
        most = max(
            (math.factorial(obs.m - e - 1) if e < obs.m else 1)
            * targets ** (unknown_liars + place - j)
            for j in range(min(place, len(known)) + 1)
            for e in [edges + len(known) - j]
        )
        st = standing(obs, self.elim, c)
        assert st is not None
        self._given[c] = (fixed, free, place, most, st)
        return self._given[c]

    def sample(self) -> World:
        obs, rng = self.obs, self.rng
        c = rng.choices(range(len(obs.wears)), weights=self.deduction.weights)[0]
        fixed, free, place, most, st = self._culprit(c)
        while True:
            chosen = set(rng.sample(free, place))
            liars = [bool(f) if f is not None else s in chosen for s, f in enumerate(fixed)]
            ways = pointer_ways(obs, liars)
            if ways and rng.random() * most < ways:
                break
        pointer = list(obs.pointer)
        honest = [s for s in range(obs.n) if not liars[s]]
        heads = set(honest) - {pointer[s] for s in honest}
        fragments: list[tuple[int, int]] = []
        for head in sorted(heads):
            tail = head
            while (nxt := pointer[tail]) is not None:
                tail = nxt
            fragments.append((head, tail))
        rng.shuffle(fragments)
        for j, (_head, tail) in enumerate(fragments):
            pointer[tail] = fragments[(j + 1) % len(fragments)][0]
        for s in range(obs.n):
            if liars[s] and pointer[s] is None:
                pointer[s] = rng.choice(
                    honest if not obs.hard else [t for t in range(obs.n) if t != s]
                )
        said = self._testimonies(c, liars, st)
        complete = tuple(t for t in pointer if t is not None)
        assert len(complete) == obs.n
        return World(c, frozenset(s for s in range(obs.n) if liars[s]), complete, said)

    def _testimonies(self, c: int, liars: Sequence[bool], st: Standing) -> tuple[int, ...]:
        obs, rng, elim = self.obs, self.rng, self.elim
        unknown = [s for s in range(obs.n) if obs.testimony[s] is None]
        worn = sorted(obs.wears[c])
        not_worn = [i for i in range(obs.n_items) if i not in obs.wears[c]]
        picks: dict[int, int] = {}
        for _ in range(20):
            left = st.standing
            for s in unknown:
                picks[s] = rng.choice(worn if liars[s] else not_worn)
                left &= ~elim.rules_out(c, picks[s])
            if left == 0:
                break
        else:
            # rare completions: item by item, with the exact number of valid completions
            current: Standing | None = st
            for s in unknown:
                assert current is not None
                options = worn if liars[s] else not_worn
                counts = []
                for i in options:
                    nxt = after(current, elim, i)
                    counts.append(completions(elim, nxt)[1] if nxt is not None else 0)
                picks[s] = rng.choices(options, weights=counts)[0]
                current = after(current, elim, picks[s])
        return tuple(i if i is not None else picks[s] for s, i in enumerate(obs.testimony))
