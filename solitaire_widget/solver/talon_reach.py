"""The talon as the depth-first search sees it: every card that drawing alone (with a
redeal, when one is left) brings to the top of the waste, and the draws that do it."""

from __future__ import annotations

from ..engine import Move

Step = tuple[Move, ...]
"""One step of the search: the draws and redeal that bring a card up, then a move."""


class TalonReach:
    """The ways to bring each talon card to the top of the waste by drawing alone, made
    once per (talon size, waste size, redeal allowed) and kept."""

    def __init__(self, draw: int) -> None:
        self.draw = draw
        self.known: dict[tuple[int, int, bool], list[tuple[int, Step]]] = {}

    def reach(self, size: int, at: int, may_redeal: bool) -> list[tuple[int, Step]]:
        """``(p, draws)``: after ``draws`` the waste holds the first ``p`` talon cards."""
        known = self.known.get((size, at, may_redeal))
        if known is not None:
            return known
        draw = self.draw
        found: list[tuple[int, Step]] = [(at, ())] if at else []
        seen = {at}
        steps: list[Move] = []
        waste = at
        while waste < size:
            count = min(draw, size - waste)
            waste += count
            steps.append(Move("stock", "waste", count))
            found.append((waste, tuple(steps)))
            seen.add(waste)
        if may_redeal and size:
            steps.append(Move("waste", "stock", size))
            waste = 0
            while waste < size:
                count = min(draw, size - waste)
                waste += count
                steps.append(Move("stock", "waste", count))
                if waste not in seen:
                    found.append((waste, tuple(steps)))
                    seen.add(waste)
        self.known[(size, at, may_redeal)] = found
        return found
