"""The DOG board as inline SVG, as classic DOG's and Agent DOG's pages draw it
(:func:`sheepdog.cli.web.dog.board_svg`, :func:`sheepdog.cli.web.agent.board_svg`): the track as
a ring of fields (her start field at the bottom, numbered clockwise, a label every 8), each
seat's home as four fields going in from its start, its kennel beside them, the pawns as discs
with their seat number.  Each variant draws its own fields (Agent DOG's holes and meeting
points) and its own words.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from sheepdog.solver.dog.board import HOME, KENNEL, loc_name

SIZE, CENTRE, RING = 360, 180.0, 158.0


@dataclass(frozen=True, slots=True)
class Ring:
    """The track of ``fields`` fields, ``bottom`` (her start field) at the bottom."""

    fields: int
    bottom: int

    @property
    def field_r(self) -> float:
        """A field's radius."""
        gap = 2 * math.pi * RING / self.fields
        return min(7.0, gap * 0.42)

    def at(self, field: float, radius: float = RING) -> tuple[float, float]:
        """Where ``field`` is, ``radius`` from the centre."""
        a = math.pi / 2 + (field - self.bottom) * 2 * math.pi / self.fields
        return CENTRE + radius * math.cos(a), CENTRE + radius * math.sin(a)

    def start(self, label: str) -> str:
        """The picture's opening tag (``label``: what a screen reader says)."""
        return (
            f'<svg class="board" viewBox="0 0 {SIZE} {SIZE}" role="img" '
            f'aria-label="{label}" xmlns="http://www.w3.org/2000/svg">'
        )

    def field(self, f: int, colour: str | None) -> str:
        """Track field ``f`` (``colour``: the seat's whose start it is)."""
        x, y = self.at(f)
        stroke = colour if colour is not None else "#888"
        width = 2.5 if colour is not None else 1
        return (
            f'<circle class="field" cx="{x:.1f}" cy="{y:.1f}" r="{self.field_r:.1f}" fill="#fff" '
            f'stroke="{stroke}" stroke-width="{width}"><title>t{f}</title></circle>'
        )

    def label(self, f: int, start: bool = False) -> list[str]:
        """The number of every 8th field, inside the ring; a seat's ``start`` field's outside
        it, where its home fields do not cover it."""
        if f % 8:
            return []
        lx, ly = self.at(f, RING + self.field_r + 8 if start else RING - self.field_r - 9)
        return [
            f'<text class="label" x="{lx:.1f}" y="{ly + 3:.1f}" text-anchor="middle" '
            f'font-size="8" fill="#666">t{f}</text>'
        ]

    def pieces(
        self, seat: int, start: int, colour: str, locs: Iterable[int], who: str
    ) -> list[str]:
        """A seat's home fields, its kennel (filled as many as are there) and its pawns on the
        track and at home (``who``: a pawn's title before ``on``)."""
        field_r = self.field_r
        locs = list(locs)
        parts = []
        for j in range(4):
            x, y = self.at(start, RING - 2.6 * field_r * (j + 1) - 10)
            parts.append(
                f'<circle class="home-field" cx="{x:.1f}" cy="{y:.1f}" r="{field_r:.1f}" '
                f'fill="#fff" stroke="{colour}" stroke-width="1.5"><title>seat {seat} h{j}'
                "</title></circle>"
            )
        kennel = sum(1 for loc in locs if loc == KENNEL)
        for j in range(4):
            x, y = self.at(start - 2.2 - (j % 2) * 1.3, RING - 26 - (j // 2) * 2.4 * field_r)
            filled = j < kennel
            parts.append(
                f'<circle class="kennel" cx="{x:.1f}" cy="{y:.1f}" r="{field_r * 0.8:.1f}" '
                f'fill="{colour if filled else "#fff"}" stroke="{colour}" stroke-dasharray="2 1">'
                f"<title>seat {seat} kennel</title></circle>"
            )
        for loc in locs:
            if loc == KENNEL:
                continue
            if loc >= HOME:
                x, y = self.at(start, RING - 2.6 * field_r * (loc - HOME + 1) - 10)
            else:
                x, y = self.at(loc)
            parts.append(
                f'<g class="pawn" data-seat="{seat}" data-loc="{loc_name(loc)}">'
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{field_r:.1f}" fill="{colour}" '
                f'stroke="#111" stroke-width="1"/><text x="{x:.1f}" y="{y + 3:.1f}" '
                f'text-anchor="middle" font-size="{field_r * 1.3:.1f}" fill="#fff">{seat}</text>'
                f"<title>{who} on {loc_name(loc)}</title></g>"
            )
        return parts

    def end(self, status: str) -> str:
        """The words in the middle (who is to move), and the closing tag; a status of two
        lines (``"\\n"`` between them) is two lines, as one it would reach the side homes."""
        lines = status.split("\n")
        if len(lines) == 1:
            words = status
        else:
            top = CENTRE + 4 - 8 * (len(lines) - 1)
            words = "".join(
                f'<tspan x="{CENTRE}" y="{top + 16 * k:.0f}">{line}</tspan>'
                for k, line in enumerate(lines)
            )
        return (
            f'<text x="{CENTRE}" y="{CENTRE + 4}" text-anchor="middle" font-size="13" '
            f'fill="#444">{words}</text></svg>'
        )
