"""The exact optimum of the free-choice interview game on small rosters (the yardstick).

The game: any sheep not yet interviewed may be called; each interview reveals where the sheep
points and what it says; the game ends when one suspect remains (or nobody is left to ask).  The
cost is the number of interviews.  Over observation states (the exact predictive of
:func:`sheepdog.solver.slywolf.hints.predictive`), by dynamic programming::

    V*(state) = 0                                   if one suspect remains or no sheep is left
    V*(state) = 1 + min_s  sum_o P(o | state, s) V*(state + o)

``policy_value`` evaluates any policy exactly by the same recursion with the policy's choice in
place of the minimum, and ``random_value`` with the average over the candidates (a random order);
``rollout_policy`` is the one-step improvement of the random order (the yardstick of the sampled
rollouts of :mod:`sheepdog.solver.slywolf.rollout`).  "Exact" is the method: every state and
outcome is counted, with exact outcome probabilities; the sums of the recursion are floats.
States are memoised by their (pointers, testimonies) up to renaming of sheep and the symmetries of
the items; the number of reachable states grows fast, so this is meant for up to 7 or 8 sheep (the
box roster's 16 wolves, whose items have 192 symmetries, up to 6 or 7 sheep).

``Solver(obs, model="valid")`` solves the same game over valid cases only (spec 2: exactly one
wolf fits all interviews; :mod:`sheepdog.solver.slywolf.valid`): the predictive counts valid
worlds, and a state is over when one valid suspect remains.

:func:`small_roster` builds the rosters the benchmark and the tests use: ``g`` garments in ``c``
colours, one wolf per colour combination of the first two garments (the others follow a Latin
square), so any two garments identify a wolf, like the shipped default roster.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sheepdog.solver.slywolf.hints import (
    Policy,
    Predictive,
    candidates,
    observe,
    predictive,
    suspects_of,
)
from sheepdog.solver.slywolf.roster import Roster, roster_from_dict
from sheepdog.solver.slywolf.valid import Model, check, deduce_with
from sheepdog.solver.slywolf.worlds import Observation

INSTRUMENTS = (
    "drum set", "harp", "clarinet", "trumpet", "accordion", "tambourine", "violin", "saxophone",
    "guitar", "maraca", "jembe", "pan flute", "banjo", "xylophone", "balalaika", "grand piano",
)  # fmt: skip
COLORS = ("red", "yellow", "blue", "green", "white", "black")
GARMENTS = ("top hat", "jacket", "pants")


def small_roster(n_sheep: int, accomplices: int, colors: int = 2, garments: int = 2) -> Roster:
    """A roster of ``colors ** 2`` wolves wearing ``garments`` garments (Latin square)."""
    cols, gars = COLORS[:colors], GARMENTS[:garments]
    wolves: list[dict[str, Any]] = []
    for a in range(colors):
        for b in range(colors):
            combo = [a, b, (a + b) % colors][:garments]
            wears = [f"{cols[x]} {gars[g]}" for g, x in enumerate(combo)]
            wolves.append({"name": f"W{a}{b}", "wears": wears})
    data = {
        "name": f"small-{n_sheep}-{accomplices}-{colors}x{garments}",
        "accomplices": accomplices,
        "colors": list(cols),
        "garments": list(gars),
        "wolves": wolves,
        "sheep": [{"name": INSTRUMENTS[s]} for s in range(n_sheep)],
    }
    return roster_from_dict(data, source="small")


Key = str
Step = list[tuple[float, Observation, Key]]
Moves = list[tuple[int, int, Step]]


#: search steps after which :func:`item_symmetries` gives up and keeps the identity alone
SYMMETRY_BUDGET = 200_000


def item_symmetries(obs: Observation) -> list[tuple[int, ...]]:
    """Permutations of the items that map the roster's wolves onto themselves (its
    automorphisms; the box roster has 192), found by backtracking: an item's image must be worn
    by as many wolves, share as many wolves with the images chosen so far, and a wolf whose
    items all have images must be mapped onto a wolf.  A roster with too many of them (beyond
    :data:`SYMMETRY_BUDGET` search steps) gets the identity only: fewer states merged, the same
    values."""
    n = obs.n_items
    wolves = {frozenset(w) for w in obs.wears}
    worn = [sum(1 for w in obs.wears if i in w) for i in range(n)]
    shared = [[sum(1 for w in obs.wears if i in w and j in w) for j in range(n)] for i in range(n)]
    out: list[tuple[int, ...]] = []
    image: list[int] = []
    taken = [False] * n
    steps = 0
    # the wolves whose items all have an image once item i has one
    complete = [[w for w in wolves if w and max(w) == i] for i in range(n)]

    class Exhausted(Exception):
        pass

    def extend(i: int) -> None:
        nonlocal steps
        steps += 1
        if steps > SYMMETRY_BUDGET:
            raise Exhausted
        if i == n:
            out.append(tuple(image))
            return
        for j in range(n):
            if taken[j] or worn[j] != worn[i]:
                continue
            if any(shared[i][x] != shared[j][image[x]] for x in range(i)):
                continue
            image.append(j)
            if any(frozenset(image[x] for x in w) not in wolves for w in complete[i]):
                image.pop()
                continue
            taken[j] = True
            extend(i + 1)
            taken[j] = False
            image.pop()

    try:
        extend(0)
    except Exhausted:
        return [tuple(range(n))]
    return out


def canonical(obs: Observation, perms: Sequence[tuple[int, ...]]) -> Key:
    """A key equal for observations that differ by a renaming of sheep and a symmetry of the
    items: the observed pointers form a functional graph whose components are encoded as
    rooted trees (AHU encoding) or as cycles of trees (least rotation)."""
    n = obs.n
    children: list[list[int]] = [[] for _ in range(n)]
    for s, t in enumerate(obs.pointer):
        if t is not None:
            children[t].append(s)
    used = sorted({i for i in obs.testimony if i is not None})
    distinct = {tuple(perm[i] for i in used): perm for perm in perms}
    best: str | None = None
    for perm in distinct.values():

        def enc(v: int, skip: int, perm: tuple[int, ...] = perm) -> str:
            kids = sorted(enc(u, -1) for u in children[v] if u != skip)
            item = obs.testimony[v]
            head = "." if item is None else str(perm[item])
            return f"({head}{'i' if obs.pointer[v] is not None else ''}{''.join(kids)})"

        comps: list[str] = []
        seen = [False] * n
        for r in range(n):
            if obs.pointer[r] is None:
                comps.append("T" + enc(r, -1))
                stack = [r]
                while stack:
                    v = stack.pop()
                    seen[v] = True
                    stack.extend(children[v])
        for start in range(n):
            if seen[start]:
                continue
            # start lies on a cycle or on a tree hanging from one: walk to the cycle
            v = start
            path: list[int] = []
            while v not in path:
                path.append(v)
                nxt = obs.pointer[v]
                assert nxt is not None
                v = nxt
            cycle = path[path.index(v) :]
            parts = [enc(c, cycle[j - 1]) for j, c in enumerate(cycle)]
            comps.append("C" + min("".join(parts[j:] + parts[:j]) for j in range(len(parts))))
            stack = list(cycle)
            while stack:
                u = stack.pop()
                if not seen[u]:
                    seen[u] = True
                    stack.extend(children[u])
        key = "|".join(sorted(comps))
        if best is None or key < best:
            best = key
    assert best is not None
    return best


class Solver:
    """Memoised exact values of one roster's observation states (up to symmetry).

    Sheep of a small roster are interchangeable (no printed testimonies, no vegetables in this
    game), so states are memoised under renaming of sheep and symmetries of the items; candidates
    that nobody has pointed at and that have not spoken are interchangeable too and are tried
    once (with their multiplicity for the random order).  A policy is evaluated on the first
    state of each class it reaches.
    """

    def __init__(self, obs: Observation, model: Model = "uniform") -> None:
        if model == "valid":
            check(obs)
        self.model: Model = model
        self.perms = item_symmetries(obs)
        self.optimum: dict[Key, float] = {}
        self.random: dict[Key, float] = {}
        self.policies: dict[tuple[int, Key], float] = {}
        # per class: the state the moves were computed for (their sheep numbers are its own)
        self._moves_of: dict[Key, tuple[Observation, Moves]] = {}

    def key(self, obs: Observation) -> Key:
        return canonical(obs, self.perms)

    def _moves(self, obs: Observation, key: Key) -> Moves:
        """Per candidate class: (sheep, multiplicity, outcomes); [] when the game is over."""
        if key in self._moves_of:
            return self._moves_of[key][1]
        d = deduce_with(obs, self.model, marginals=False)
        moves: Moves = []
        if suspects_of(d.weights) > 1:
            pointed = {t for t in obs.pointer if t is not None}
            untouched = [
                s for s in candidates(obs) if s not in pointed and obs.testimony[s] is None
            ]
            reps = [s for s in candidates(obs) if s not in untouched] + untouched[:1]
            for s in sorted(reps):
                mult = len(untouched) if untouched and s == untouched[0] else 1
                pred = predictive(obs, s, d.total, model=self.model)
                moves.append((s, mult, self._step(obs, pred)))
        self._moves_of[key] = (obs, moves)
        return moves

    def _step(self, obs: Observation, pred: Predictive) -> Step:
        out: Step = []
        for t, i, count, _w in pred.outcomes:
            child = observe(obs, pred.sheep, t, i)
            out.append((count / pred.total, child, self.key(child)))
        return out

    def optimal_value(self, obs: Observation, key: Key | None = None) -> float:
        key = self.key(obs) if key is None else key
        if key not in self.optimum:
            moves = self._moves(obs, key)
            if not moves:
                self.optimum[key] = 0.0
            else:
                self.optimum[key] = 1.0 + min(
                    sum(p * self.optimal_value(c, ck) for p, c, ck in nxt) for _s, _m, nxt in moves
                )
        return self.optimum[key]

    def optimal_choice(self, obs: Observation) -> list[tuple[int, float]]:
        """Each candidate class (by a representative sheep) with its exact expected interviews
        (itself included) under optimal play afterwards, best first."""
        out = [
            (s, 1.0 + sum(p * self.optimal_value(c, ck) for p, c, ck in nxt))
            for s, _m, nxt in self._moves(obs, self.key(obs))
        ]
        return sorted(out, key=lambda sv: (sv[1], sv[0]))

    def random_value(self, obs: Observation, key: Key | None = None) -> float:
        key = self.key(obs) if key is None else key
        if key not in self.random:
            moves = self._moves(obs, key)
            if not moves:
                self.random[key] = 0.0
            else:
                weight = sum(m for _s, m, _n in moves)
                self.random[key] = (
                    1.0
                    + sum(
                        m * sum(p * self.random_value(c, ck) for p, c, ck in nxt)
                        for _s, m, nxt in moves
                    )
                    / weight
                )
        return self.random[key]

    def policy_value(
        self, obs: Observation, policy: Policy, tag: int = 0, key: Key | None = None
    ) -> float:
        """Exact expected interviews of a deterministic policy (``tag`` keeps policies apart)."""
        key = self.key(obs) if key is None else key
        if (tag, key) not in self.policies:
            moves = self._moves(obs, key)
            if not moves:
                value = 0.0
            else:
                choice = policy(obs, None)
                # The cached moves name the sheep of the first state of this class; they are
                # this state's only if it is that state (another state of the class numbers
                # its sheep differently, so the policy's choice would be looked up as a
                # different sheep there).
                nxt = None
                if self._moves_of[key][0] == obs:
                    nxt = next((n for s, _m, n in moves if s == choice), None)
                if nxt is None:  # another state of the class, or an untouched sheep
                    nxt = self._step(obs, predictive(obs, choice, model=self.model))
                value = 1.0 + sum(p * self.policy_value(c, policy, tag, ck) for p, c, ck in nxt)
            self.policies[(tag, key)] = value
        return self.policies[(tag, key)]

    def rollout_policy(self) -> Policy:
        """The rollout of a random order, exactly: the sheep whose interview, followed by a
        random order, needs the fewest interviews in expectation (ties: roster order).  Its
        value is never above the random order's (a one-step improvement)."""

        def choose(obs: Observation, allowed: Sequence[int] | None = None) -> int:
            total = deduce_with(obs, self.model, marginals=False).total
            best: tuple[float, int] | None = None
            for s in candidates(obs, allowed):
                pred = predictive(obs, s, total, model=self.model)
                value = sum(
                    count / total * self.random_value(observe(obs, s, t, i))
                    for t, i, count, _w in pred.outcomes
                )
                if best is None or value < best[0] - 1e-12:
                    best = (value, s)
            assert best is not None
            return best[1]

        return choose


def values(
    obs: Observation, policies: Sequence[tuple[str, Policy]], model: Model = "uniform"
) -> dict[str, float]:
    """Optimum, random order and each named policy, exact expected interviews from ``obs``
    (over the worlds of ``model``)."""
    solver = Solver(obs, model)
    out = {"optimal": solver.optimal_value(obs), "random": solver.random_value(obs)}
    for tag, (name, policy) in enumerate(policies, start=1):
        out[name] = solver.policy_value(obs, policy, tag)
    return out
