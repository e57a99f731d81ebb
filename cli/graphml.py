"""``dog solve --graph``: the solved game graph written as GraphML while it is made.

networkx's plain GraphML writer builds the whole document in memory before its first line
(about 12 kB a position, 3.1 GB for 251,144 positions); its lxml writer streams it, element by
element, so the memory is the graph's own.  The bar counts the positions and plays written,
from the document itself.

networkx's lxml writer has no way to stop: an exception while it writes (Ctrl-C, a full disk)
leaves lxml's incremental writer open, and Python's garbage collector then crashed the process
(a segmentation fault, on lxml 6.2).  :func:`write_graphml` closes it, through the writer's own
context managers.
"""

from __future__ import annotations

from typing import Any, BinaryIO

import networkx as nx
from networkx.readwrite.graphml import GraphMLWriterLxml

from sheepdog.cli.progress import Update, progress_bar

#: What starts a position's element and a play's in the document (the writer escapes ``<`` in
#: every value, so neither appears elsewhere).
_MARKS = (b"<node ", b"<edge ")
_TAIL = max(len(mark) for mark in _MARKS) - 1


class _Counted:
    """A binary file that passes its writes on and counts the marks in them, a mark cut in two
    by the writer's buffering included."""

    def __init__(self, out: BinaryIO, update: Update) -> None:
        self._out = out
        self._update = update
        self._tail = b""
        self.written = 0

    def write(self, data: bytes) -> int:
        seen = self._tail + bytes(data)
        self.written += sum(seen.count(mark) for mark in _MARKS)
        self._tail = seen[-_TAIL:]
        self._update(self.written)
        return self._out.write(data)


def write_graphml(digraph: nx.DiGraph[int], out: BinaryIO) -> None:
    """Write ``digraph`` to ``out`` as GraphML, with a bar of its positions and plays."""
    total = digraph.number_of_nodes() + digraph.number_of_edges()
    with progress_bar("graph: GraphML, positions and plays", total) as update:
        writer = GraphMLWriterLxml(_Counted(out, update))  # opens the document
        try:
            writer.add_graph_element(digraph)
        except BaseException as exc:
            _close(writer, exc)
            raise
        writer.dump()  # closes it


def _close(writer: Any, exc: BaseException) -> None:
    """Close the document ``writer`` left open when ``exc`` stopped it (what ``dump`` does
    for a whole one, told of the exception): its root element, then lxml's file."""
    for opened in (writer._graphml, writer._xml_base):
        opened.__exit__(type(exc), exc, exc.__traceback__)
