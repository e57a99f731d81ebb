"""The record of a DOG table, entry by entry, undone ones marked: what ``sheepdog serve`` stores.

Classic DOG (:class:`sheepdog.solver.dog.session.Record`) and Agent DOG
(:class:`sheepdog.solver.agentdog.session.Record`) keep their records alike; each game says how
an entry is read, checked against a table and written back (:meth:`TableRecord.settle`,
:meth:`TableRecord.read`, :meth:`TableRecord.write`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Generic, Self, TypeVar

from sheepdog.solver.dog.entries import Undo
from sheepdog.solver.errors import SheepdogError

TableT = TypeVar("TableT")
EntryT = TypeVar("EntryT")


@dataclass(frozen=True, slots=True)
class Step(Generic[EntryT]):
    """One entry of a record: the entry as stored, its line, whether it was undone."""

    entry: EntryT
    line: str
    undone: bool = False


@dataclass(frozen=True, slots=True)
class TableRecord(Generic[TableT, EntryT]):
    """A table and every entry since ``start``; ``tables[-1]`` is the table now (``tables`` holds
    the table after each entry in force, so an undo takes one off)."""

    start: TableT
    steps: tuple[Step[EntryT], ...] = ()
    tables: tuple[TableT, ...] = field(default=(), compare=False)

    # -- what each game says -----------------------------------------------------------------

    @staticmethod
    def settle(table: TableT, entry: EntryT) -> tuple[EntryT, TableT]:
        """The entry as it is stored (its choices settled) and the table after it; raises
        :class:`SheepdogError` when the rules refuse it."""
        raise NotImplementedError

    @staticmethod
    def read(line: str) -> EntryT:
        """The entry of a stored line."""
        raise NotImplementedError

    @staticmethod
    def write(settled: EntryT, before: TableT) -> str:
        """The line stored for ``settled``, played on the table ``before``."""
        raise NotImplementedError

    # -- the record ----------------------------------------------------------------------------

    @property
    def table(self) -> TableT:
        return self.tables[-1] if self.tables else self.start

    def last_in_force(self) -> int | None:
        """The index of the last step that changed the table and is not undone."""
        for j in range(len(self.steps) - 1, -1, -1):
            if not self.steps[j].undone and not isinstance(self.steps[j].entry, Undo):
                return j
        return None

    def add(self, entry: EntryT) -> Self:
        """The record after ``entry``; a refused entry raises and leaves it as it was."""
        if isinstance(entry, Undo):
            last = self.last_in_force()
            if last is None:
                raise SheepdogError("nothing to undo")
            steps = list(self.steps)
            steps[last] = replace(steps[last], undone=True)
            undo: Step[EntryT] = Step(entry, "undo")
            return type(self)(self.start, (*steps, undo), self.tables[:-1])
        before = self.table
        settled, after = self.settle(before, entry)
        step: Step[EntryT] = Step(settled, self.write(settled, before))
        return type(self)(self.start, (*self.steps, step), (*self.tables, after))

    @classmethod
    def replay(cls, start: TableT, rows: Iterable[tuple[str, bool]]) -> Self:
        """The record of stored ``(line, undone)`` rows, checked again against the rules."""
        steps = tuple(Step(cls.read(line), line, undone) for line, undone in rows)
        tables: list[TableT] = []
        for s in steps:
            if not s.undone and not isinstance(s.entry, Undo):
                tables.append(cls.settle(tables[-1] if tables else start, s.entry)[1])
        return cls(start, steps, tuple(tables))
