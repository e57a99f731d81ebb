"""Exact counting over the consistent cases ("worlds") of an observation state.

Spec sections 2 and 3.  A world is a complete case: the accomplice set A (|A| = k), one directed
cycle through the honest sheep H, a target for every accomplice, a testimony item for every sheep
and the culprit c.  Every world counts once; probabilities are exact ratios of integer counts.

How the count factorises (no cycle is ever enumerated):

1. *Testimonies fix statuses.*  Given the culprit c, a sheep whose testimony is known is an
   accomplice exactly when c wears that item.  So c fixes the status of every sheep with a known
   testimony (the set F_c of liars among them), and the unknown testimonies contribute
   ``(items - w_c) ** honest_free * w_c ** accomplices_free`` completions, where ``w_c`` is the
   number of items c wears.  Wolves with the same F_c share all the remaining work.
2. *Pointers.*  For a fixed accomplice set, observed honest pointers form e path fragments
   on the m = n - k honest sheep; the honest cycles that extend them number ``(m - e - 1)!``
   (arrange the m - e fragments around a circle), or 1 when the fragments already close the whole
   circle.  Each accomplice whose pointer is unknown has m targets (easy) or n - 1 (hard).
3. *Summing over accomplice sets* without enumerating them: the observed pointers form a
   functional graph (out-degree <= 1).  The rules are local to its edges (an honest sheep points
   at an honest sheep; easy: everybody points at an honest sheep; no sheep has two honest
   pointers at it), so a tree DP over each component counts assignments by (accomplices,
   accomplices with an observed pointer); components multiply; sheep with no observed edge and
   no known testimony are interchangeable and counted with a binomial.  A cycle of observed
   pointers is either all honest (then it *is* the honest circle, everybody else lies) or, in hard
   mode, all accomplices.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb, factorial

from sheepdog.solver.slywolf.puzzle import Puzzle

FREE, HONEST, LIAR = 0, 1, 2

Poly = dict[tuple[int, int], int]  # (accomplices, accomplices with an observed pointer) -> ways


@dataclass(frozen=True, slots=True)
class Observation:
    """The index-level view of a puzzle that the engines work on."""

    n: int
    k: int
    hard: bool
    pointer: tuple[int | None, ...]
    testimony: tuple[int | None, ...]  # item index, or None when unknown
    wears: tuple[frozenset[int], ...]  # per wolf, the item indices it wears
    n_items: int

    @property
    def m(self) -> int:
        return self.n - self.k

    @classmethod
    def from_puzzle(cls, puzzle: Puzzle, interviews: frozenset[int] | None = None) -> Observation:
        """Observation of ``puzzle``; ``interviews`` keeps only those interviews (by position).

        Known-deck tiles (roster testimonies) always count as observed.
        """
        roster = puzzle.roster
        items = roster.items
        index = {item: i for i, item in enumerate(items)}
        pointer: list[int | None] = [None] * roster.n_sheep
        testimony: list[int | None] = [
            index[s.testimony] if s.testimony is not None else None for s in roster.sheep
        ]
        for j, iv in enumerate(puzzle.interviews):
            if interviews is not None and j not in interviews:
                continue
            pointer[iv.sheep] = iv.points_to
            if iv.testimony is not None:
                testimony[iv.sheep] = index[iv.testimony]
        wears = tuple(frozenset(index[i] for i in w.wears) for w in roster.wolves)
        return cls(
            n=roster.n_sheep,
            k=roster.accomplices,
            hard=puzzle.mode == "hard",
            pointer=tuple(pointer),
            testimony=tuple(testimony),
            wears=wears,
            n_items=len(items),
        )


@dataclass(frozen=True, slots=True)
class Deduction:
    """Exact results over all worlds of an observation state.

    ``weights[w]`` is the number of worlds with culprit w; ``liar_worlds[s]`` the number of worlds
    in which sheep s is an accomplice.  Everything else derives from these integers.
    """

    weights: tuple[int, ...]
    liar_worlds: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.weights)

    @property
    def consistent(self) -> bool:
        return self.total > 0

    @property
    def suspects(self) -> tuple[int, ...]:
        return tuple(w for w, count in enumerate(self.weights) if count > 0)

    @property
    def culprit(self) -> int | None:
        s = self.suspects
        return s[0] if len(s) == 1 else None

    @property
    def honest(self) -> tuple[int, ...]:
        """Sheep that are honest in every world (empty for a contradiction)."""
        if not self.consistent:
            return ()
        return tuple(s for s, c in enumerate(self.liar_worlds) if c == 0)

    @property
    def accomplices(self) -> tuple[int, ...]:
        """Sheep that are accomplices in every world."""
        if not self.consistent:
            return ()
        return tuple(s for s, c in enumerate(self.liar_worlds) if c == self.total)

    def probability(self, wolf: int) -> Fraction:
        return Fraction(self.weights[wolf], self.total) if self.total else Fraction(0)

    def liar_probability(self, sheep: int) -> Fraction:
        return Fraction(self.liar_worlds[sheep], self.total) if self.total else Fraction(0)


# -- polynomials over (accomplices, accomplices with observed pointer) ---------------------------


def _mul(a: Poly, b: Poly, k: int) -> Poly:
    out: Poly = {}
    for (a1, x1), w1 in a.items():
        for (a2, x2), w2 in b.items():
            acc = a1 + a2
            if acc > k:
                continue
            key = (acc, x1 + x2)
            out[key] = out.get(key, 0) + w1 * w2
    return out


def _add(a: Poly, b: Poly) -> Poly:
    out = dict(a)
    for key, w in b.items():
        out[key] = out.get(key, 0) + w
    return out


def _shift(a: Poly, acc: int, x: int, k: int) -> Poly:
    return {(a1 + acc, x1 + x): w for (a1, x1), w in a.items() if a1 + acc <= k}


ONE: Poly = {(0, 0): 1}


class _Graph:
    """The observed pointer graph of one observation (shared by all status patterns)."""

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        n = obs.n
        self.children: list[list[int]] = [[] for _ in range(n)]
        for s, t in enumerate(obs.pointer):
            if t is not None:
                self.children[t].append(s)
        self.observed_edges = sum(1 for t in obs.pointer if t is not None)
        self.isolated = [s for s in range(n) if obs.pointer[s] is None and not self.children[s]]
        # Components: tree roots (no observed pointer, some child) and cycles.
        self.roots = [s for s in range(n) if obs.pointer[s] is None and self.children[s]]
        self.cycles: list[list[int]] = []
        state = [0] * n  # 0 new, 1 on current walk, 2 done
        for start in range(n):
            walk: list[int] = []
            v: int | None = start
            while v is not None and state[v] == 0:
                state[v] = 1
                walk.append(v)
                v = obs.pointer[v]
            if v is not None and state[v] == 1:
                self.cycles.append(walk[walk.index(v) :])
            for u in walk:
                state[u] = 2
        self.component_of = [-1] * n
        comps: list[list[int]] = []
        for head in [[r] for r in self.roots] + self.cycles:
            members: list[int] = []
            stack = list(head)
            while stack:
                v = stack.pop()
                members.append(v)
                stack.extend(u for u in self.children[v] if u not in head)
            for v in members:
                self.component_of[v] = len(comps)
            comps.append(members)
        self.components = comps


class _Counter:
    """Counts pointer structures (sum over accomplice sets of the number of ways to complete the
    pointers) for one status pattern: each sheep FREE, HONEST or LIAR."""

    def __init__(self, graph: _Graph, status: list[int]) -> None:
        self.g = graph
        self.obs = graph.obs
        self.status = status
        k = self.obs.k
        self.k = k
        self._table_cache: dict[tuple[int, int], tuple[Poly, Poly, Poly]] = {}

    # tree DP ------------------------------------------------------------------------------------
    def _table(self, v: int, exclude: int) -> tuple[Poly, Poly, Poly]:
        """(honest with no honest child, honest with one honest child, accomplice) polynomials
        of the subtree of observed pointers into v (the child ``exclude`` left out)."""
        key = (v, exclude)
        if key in self._table_cache:
            return self._table_cache[key]
        obs, k = self.obs, self.k
        kids = [u for u in self.g.children[v] if u != exclude]
        st = self.status[v]
        hon0: Poly = {}
        hon1: Poly = {}
        acc: Poly = {}
        if st != LIAR:
            dp0: Poly = dict(ONE)
            dp1: Poly = {}
            for u in kids:
                u0, u1, ua = self._table(u, -1)
                uh = _add(u0, u1)
                new1 = _add(_mul(dp1, ua, k), _mul(dp0, uh, k))
                dp0 = _mul(dp0, ua, k)
                dp1 = new1
            hon0, hon1 = dp0, dp1
        if st != HONEST and not (kids and not obs.hard):
            # An accomplice: in easy mode nobody points at it; in hard mode only accomplices do.
            prod: Poly = dict(ONE)
            for u in kids:
                prod = _mul(prod, self._table(u, -1)[2], k)
            acc = _shift(prod, 1, 1 if obs.pointer[v] is not None else 0, k)
        result = (hon0, hon1, acc)
        self._table_cache[key] = result
        return result

    def component_poly(self, c: int) -> Poly:
        g = self.g
        members = g.components[c]
        cycle = next((cy for cy in g.cycles if cy[0] in members), None)
        if cycle is None:
            root = next(v for v in members if self.obs.pointer[v] is None)
            h0, h1, a = self._table(root, -1)
            return _add(_add(h0, h1), a)
        # Not the honest circle: a cycle of observed pointers is then all accomplices, which only
        # hard mode allows (in easy mode nobody points at an accomplice).
        if not self.obs.hard:
            return {}
        prod: Poly = dict(ONE)
        length = len(cycle)
        for i, v in enumerate(cycle):
            prod = _mul(prod, self._table(v, cycle[i - 1] if length > 1 else -1)[2], self.k)
        return prod

    # totals -------------------------------------------------------------------------------------
    def _pointer_ways(self, x: int) -> int:
        """Ways to complete the pointers when x accomplices have an observed pointer and the honest
        fragments do not already close the circle."""
        obs = self.obs
        paths = obs.m - (self.g.observed_edges - x)
        if paths < 1:
            return 0
        targets = (obs.n - 1) if obs.hard else obs.m
        return factorial(paths - 1) * int(targets ** (obs.k - x))

    def totals(self, comp_polys: list[Poly]) -> tuple[int, int]:
        """(ways, sum over ways of the number of liars among the interchangeable free sheep)."""
        k = self.k
        poly: Poly = dict(ONE)
        for p in comp_polys:
            poly = _mul(poly, p, k)
            if not poly:
                break
        iso_free = 0
        for s in self.g.isolated:
            st = self.status[s]
            if st == FREE:
                iso_free += 1
            elif st == LIAR:
                poly = _shift(poly, 1, 0, k)
        ways = 0
        moment = 0
        for (a, x), w in poly.items():
            j = k - a
            if j < 0 or j > iso_free:
                continue
            base = w * comb(iso_free, j) * self._pointer_ways(x)
            ways += base
            moment += base * j
        for cycle in self.g.cycles:
            circle = self._honest_circle_ways(cycle)
            ways += circle
            moment += circle * sum(1 for s in self.g.isolated if self.status[s] == FREE)
        return ways, moment

    def _honest_circle_ways(self, cycle: list[int]) -> int:
        """Worlds where this observed cycle is the whole honest circle (everybody else lies)."""
        obs = self.obs
        if len(cycle) != obs.m:
            return 0
        honest = set(cycle)
        for s in range(obs.n):
            if (s in honest and self.status[s] == LIAR) or (
                s not in honest and self.status[s] == HONEST
            ):
                return 0
            t = obs.pointer[s]
            if t is not None and not obs.hard and t not in honest:
                return 0
        liars_with_pointer = self.g.observed_edges - obs.m
        targets = (obs.n - 1) if obs.hard else obs.m
        return int(targets ** (obs.k - liars_with_pointer))


def _count(graph: _Graph, status: list[int], marginals: bool) -> tuple[int, list[int]]:
    """Pointer-structure count for a status pattern and, if asked, per-sheep liar counts."""
    n = graph.obs.n
    counter = _Counter(graph, status)
    polys = [counter.component_poly(c) for c in range(len(graph.components))]
    total, moment = counter.totals(polys)
    liar = [0] * n
    if not marginals or total == 0:
        return total, liar
    iso_free = [s for s in graph.isolated if status[s] == FREE]
    for s in range(n):
        if status[s] == LIAR:
            liar[s] = total
        elif status[s] == HONEST:
            liar[s] = 0
        elif s in iso_free:
            liar[s] = moment // len(iso_free)
        else:
            forced = list(status)
            forced[s] = LIAR
            sub = _Counter(graph, forced)
            c = graph.component_of[s]
            sub_polys = list(polys)
            sub_polys[c] = sub.component_poly(c)
            liar[s] = sub.totals(sub_polys)[0]
    return total, liar


def deduce(obs: Observation, *, marginals: bool = True) -> Deduction:
    """Exact world counts per culprit (and per accomplice sheep) for an observation state."""
    graph = _Graph(obs)
    n, k = obs.n, obs.k
    known = [s for s in range(n) if obs.testimony[s] is not None]
    n_free = n - len(known)
    cache: dict[frozenset[int], tuple[int, list[int]]] = {}
    weights: list[int] = []
    liar_worlds = [0] * n
    for wears in obs.wears:
        liars = frozenset(s for s in known if obs.testimony[s] in wears)
        free_liars = k - len(liars)
        if free_liars < 0 or free_liars > n_free:
            weights.append(0)
            continue
        w_c = len(wears)
        testimony_ways = (obs.n_items - w_c) ** (n_free - free_liars) * w_c**free_liars
        if testimony_ways == 0:
            weights.append(0)
            continue
        if liars not in cache:
            status = [FREE] * n
            for s in known:
                status[s] = LIAR if s in liars else HONEST
            cache[liars] = _count(graph, status, marginals)
        ways, liar = cache[liars]
        weights.append(testimony_ways * ways)
        if ways:
            for s in range(n):
                liar_worlds[s] += testimony_ways * liar[s]
    return Deduction(tuple(weights), tuple(liar_worlds))


def deduce_puzzle(puzzle: Puzzle, *, marginals: bool = True) -> Deduction:
    return deduce(Observation.from_puzzle(puzzle), marginals=marginals)
