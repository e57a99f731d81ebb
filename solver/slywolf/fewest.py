"""The fewest interviews after which the culprit of a case is certain (part of the grade).

A case has every sheep interviewed.  For a set S of interviews (pointer and testimony of each sheep
in S; known-deck tiles are always known) the culprit is certain when no world with another culprit
agrees with S.  That property only grows with S, so the minimum is found by trying sets of 1, 2, ...
interviews and stopping at the first size that works.

Checking one set with the exact engine costs a fraction of a millisecond; sizes 4-6 mean thousands
of sets.  So each set is first checked by :func:`_other_culprit_possible`, which decides directly
whether some wolf w other than the culprit still fits S.  With culprit w the status of every sheep
whose testimony is known is fixed (it lies exactly when w wears its item), and the only other
constraints are local:

- at most k liars and at most n - k honest sheep, counting the sheep that an honest sheep points at
  (easy cases: that any sheep points at) as honest;
- nobody honest points at a liar (easy cases: nobody points at a liar);
- no two honest sheep point at the same sheep;
- a ring of honest pointers is the whole honest circle;
- an honest sheep whose item is unknown needs an item w does not wear, a liar one it wears.

When all hold, a world exists (the honest path fragments close into one circle in any order, the
remaining accomplices point anywhere the mode allows), so S does not make the culprit certain.  The
sets that pass are confirmed with :func:`sheepdog.solver.slywolf.worlds.deduce`; tests check the
fast check against it on random sets.  A search budget bounds the work on pathological cases; the
result then says it is only a bound.

:class:`CulpritCheck` states the check for one set, in plain Python; :class:`SetsCheck` applies
the same conditions to every set of one size at once (numpy arrays of bitmasks, one wolf at a
time, keeping only the sets that rule out every wolf so far), which is what the search uses.
Tests check the two against each other and against the exact engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, islice
from math import comb
from typing import TYPE_CHECKING

from sheepdog.solver.slywolf.worlds import Observation, deduce

if TYPE_CHECKING:  # numpy is imported where it is used: importing this module stays quick
    import numpy as np
    import numpy.typing as npt

    Masks = npt.NDArray[np.int64]

#: Sets examined (fast check) before the search gives up and reports a bound.
DEFAULT_BUDGET = 200_000


@dataclass(frozen=True, slots=True)
class Fewest:
    """``count`` interviews suffice (``sheep`` is one such set); ``exact`` when none fewer do;
    else fewer than ``at_least`` never do (the sizes the search covered in full)."""

    count: int
    sheep: tuple[int, ...]
    exact: bool
    at_least: int = 0

    def __post_init__(self) -> None:
        if self.exact:
            object.__setattr__(self, "at_least", self.count)


def _popcount(x: int) -> int:
    return x.bit_count()


class CulpritCheck:
    """Fast "does another culprit still fit these interviews?" for subsets of a complete case."""

    def __init__(self, obs: Observation, culprit: int) -> None:
        n = obs.n
        self.obs = obs
        self.n, self.k, self.m = n, obs.k, obs.m
        self.culprit = culprit
        self.tiles = 0  # sheep whose testimony is known even without an interview
        self.others = [w for w in range(len(obs.wears)) if w != culprit]
        # liars[w]: bitmask of sheep whose (complete-case) testimony w wears
        self.liars = [
            sum(1 << s for s in range(n) if obs.testimony[s] in obs.wears[w])
            for w in range(len(obs.wears))
        ]
        self.target = [1 << t if t is not None else 0 for t in obs.pointer]
        self.n_items = obs.n_items
        self.width = [len(obs.wears[w]) for w in range(len(obs.wears))]
        # rings of pointers in the complete case (each is a candidate honest circle)
        self.rings: list[int] = []
        seen = 0
        for start in range(n):
            walk: list[int] = []
            v: int | None = start
            while v is not None and not (seen >> v) & 1 and v not in walk:
                walk.append(v)
                v = obs.pointer[v]
            if v is not None and v in walk:
                ring = walk[walk.index(v) :]
                self.rings.append(sum(1 << s for s in ring))
            for u in walk:
                seen |= 1 << u

    def with_tiles(self, tiles: int) -> CulpritCheck:
        self.tiles = tiles
        return self

    def fits(self, w: int, members: tuple[int, ...], smask: int) -> bool:
        """Is there a world with culprit ``w`` agreeing with the interviews ``members``?"""
        known = smask | self.tiles
        liars = self.liars[w] & known
        if _popcount(liars) > self.k:
            return False
        behind = 0  # targets of honest pointers
        derived = 0
        easy = not self.obs.hard
        for s in members:
            tb = self.target[s]
            if (liars >> s) & 1:
                if easy:
                    derived |= tb
            else:
                if behind & tb:
                    return False
                behind |= tb
        derived |= behind
        if derived & liars:
            return False
        honest = (known & ~liars) | derived
        n_honest = _popcount(honest)
        if n_honest > self.m:
            return False
        for ring in self.rings:
            if ring & smask == ring and not ring & liars and _popcount(ring) != self.m:
                return False
        free_honest = self.m - _popcount(known & ~liars)
        free_liars = self.k - _popcount(liars)
        if free_honest > 0 and self.n_items - self.width[w] <= 0:
            return False
        return not (free_liars > 0 and self.width[w] <= 0)

    def other_culprit_possible(self, members: tuple[int, ...], order: list[int]) -> bool:
        smask = 0
        for s in members:
            smask |= 1 << s
        for i, w in enumerate(order):
            if self.fits(w, members, smask):
                if i:  # move to front: the same wolf tends to survive the next set too
                    order.insert(0, order.pop(i))
                return True
        return False


@lru_cache(maxsize=1)
def _pop16() -> Masks:
    """Bits set in each 16-bit number (popcount by table: ``np.bitwise_count`` needs numpy 2)."""
    import numpy as np

    return np.array([bin(x).count("1") for x in range(1 << 16)], dtype=np.int64)


def _popcounts(x: Masks) -> Masks:
    """Bits set in each mask (masks of up to 48 bits)."""
    pop = _pop16()
    counts: Masks = pop[x & 0xFFFF] + pop[(x >> 16) & 0xFFFF] + pop[(x >> 32) & 0xFFFF]
    return counts


@lru_cache(maxsize=64)
def _sets_of_size(n: int, size: int, limit: int) -> tuple[Masks, npt.NDArray[np.bool_]]:
    """The first ``limit`` sets of ``size`` of ``n`` sheep in :func:`itertools.combinations`
    order, as bitmasks, and as rows of membership flags."""
    import numpy as np

    masks = np.fromiter(
        (sum(1 << s for s in members) for members in islice(combinations(range(n), size), limit)),
        dtype=np.int64,
    )
    flags = ((masks[:, None] >> np.arange(n, dtype=np.int64)) & 1).astype(np.bool_)
    return masks, flags


class SetsCheck:
    """The conditions of :meth:`CulpritCheck.fits`, for many sets of interviews at once."""

    def __init__(self, check: CulpritCheck) -> None:
        import numpy as np

        self.check = check
        c = check
        point = [1 << t if t is not None else 0 for t in c.obs.pointer]
        self.order = list(c.others)
        self.wide = c.n > 16  # masks of more than 16 bits: popcount by three look-ups
        # per wolf: the sheep pointing at one sheep that w makes honest (two or more of them);
        # the pointers whose targets count as honest (easy mode: all; hard: honest pointers);
        # the rings that cannot be the honest circle without a liar in them
        self.same_target: dict[int, list[int]] = {}
        self.qualifying: dict[int, Masks] = {}
        self.rings: dict[int, list[int]] = {}
        for w in c.others:
            by_target: dict[int, int] = {}
            for s, tb in enumerate(c.target):
                if tb and not (c.liars[w] >> s) & 1:
                    by_target[tb] = by_target.get(tb, 0) | (1 << s)
            self.same_target[w] = [m for m in by_target.values() if m.bit_count() >= 2]
            self.qualifying[w] = np.array(
                [0 if c.obs.hard and (c.liars[w] >> s) & 1 else point[s] for s in range(c.n)],
                dtype=np.int64,
            )
            self.rings[w] = [r for r in c.rings if not r & c.liars[w] and r.bit_count() != c.m]

    def _pop(self, x: Masks) -> Masks:
        if self.wide:
            return _popcounts(x)
        counts: Masks = _pop16()[x]
        return counts

    def excluded(self, w: int, masks: Masks, flags: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
        """For each set (``masks``, ``flags`` as from :func:`_sets_of_size`): no world with
        culprit ``w`` agrees with it (``not fits``)."""
        import numpy as np

        c = self.check
        liars_w = c.liars[w]
        known = masks | c.tiles
        liars = known & liars_w
        n_liars = self._pop(liars)
        out = n_liars > c.k
        # two honest sheep (testimony known, not worn by w) pointing at the same sheep
        honest_members = masks & ~liars_w
        for t_mask in self.same_target[w]:
            both = honest_members & t_mask
            out |= (both & (both - 1)) != 0
        # targets of honest pointers (easy mode: of every pointer) are honest
        derived = np.bitwise_or.reduce(np.where(flags, self.qualifying[w], 0), axis=1)
        out |= (derived & liars) != 0
        known_honest = known & ~liars_w
        out |= self._pop(known_honest | derived) > c.m
        for ring in self.rings[w]:
            out |= (masks & ring) == ring
        if c.n_items - c.width[w] <= 0:
            out |= c.m - self._pop(known_honest) > 0
        if c.width[w] <= 0:
            out |= c.k - n_liars > 0
        return out

    def certain(self, n: int, size: int, limit: int) -> list[tuple[int, ...]]:
        """The sets among the first ``limit`` of ``size`` (combinations order) that rule out
        every other wolf, in that order."""
        import numpy as np

        masks, flags = _sets_of_size(n, size, limit)
        keep = np.arange(len(masks))
        order = self.order
        for i, w in enumerate(order):
            if len(keep) <= _FEW:
                break
            keep = keep[self.excluded(w, masks[keep], flags[keep])]
            if not len(keep):
                if i:  # move to front: the same wolf tends to survive the next size too
                    order.insert(0, order.pop(i))
                return []
        sets = [tuple(s for s in range(n) if (int(m) >> s) & 1) for m in masks[keep]]
        if len(keep) > _FEW:
            return sets
        # a few sets left: the plain check of each is quicker than the arrays
        return [m for m in sets if not self.check.other_culprit_possible(m, order)]


#: Sets left below which :meth:`SetsCheck.certain` checks each set in plain Python.
_FEW = 6


def certain_after(obs: Observation, members: tuple[int, ...], tiles: frozenset[int]) -> bool:
    """The exact engine's answer: is the culprit certain after ``members`` (plus the tiles)?"""
    keep = set(members)
    sub = Observation(
        n=obs.n,
        k=obs.k,
        hard=obs.hard,
        pointer=tuple(t if s in keep else None for s, t in enumerate(obs.pointer)),
        testimony=tuple(
            t if s in keep or s in tiles else None for s, t in enumerate(obs.testimony)
        ),
        wears=obs.wears,
        n_items=obs.n_items,
    )
    return deduce(sub, marginals=False).culprit is not None


def fewest_interviews(
    obs: Observation,
    culprit: int,
    *,
    tiles: frozenset[int] = frozenset(),
    budget: int = DEFAULT_BUDGET,
    at_most: int | None = None,
) -> Fewest | None:
    """Fewest interviews of the complete case ``obs`` after which ``culprit`` is certain.

    ``tiles`` are the sheep whose testimony is known without an interview (known deck).  With
    ``at_most``, ``None`` means that more than ``at_most`` interviews are needed.
    """
    n = obs.n
    sets = SetsCheck(CulpritCheck(obs, culprit).with_tiles(sum(1 << s for s in tiles)))
    examined = 0
    for size in range(0, n + 1):
        if at_most is not None and size > at_most:
            return None
        total = comb(n, size)
        limit = min(total, budget - examined)
        for members in sets.certain(n, size, limit):
            if certain_after(obs, members, tiles):
                return Fewest(size, members, True)
        examined += total
        if examined > budget:
            return _bound(obs, size, tiles)
    return Fewest(n, tuple(range(n)), True)


def _bound(obs: Observation, lower: int, tiles: frozenset[int]) -> Fewest:
    """Over budget: a minimal (not minimum) set by deletion, at least ``lower`` interviews."""
    members = list(range(obs.n))
    for s in range(obs.n):
        trial = tuple(x for x in members if x != s)
        if certain_after(obs, trial, tiles):
            members = list(trial)
    return Fewest(len(members), tuple(members), len(members) == lower, lower)
