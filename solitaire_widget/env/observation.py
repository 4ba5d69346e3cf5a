"""The observation: the board as the player sees it, in arrays of a fixed shape.

Each card is a code: ``0`` to ``51`` a card the board shows face up (``(rank - 1) * 4 +
suit``, suits in the order clubs, diamonds, hearts, spades: ``0`` is the ace of clubs, ``51``
the king of spades), ``UNKNOWN`` (52) a face-down card, ``EMPTY`` (53) no card. The
observation is a dict of numpy arrays (``int64``):

``tableau`` (piles x height)
    Each tableau pile from the bottom: ``UNKNOWN`` for each face-down card, then its face-up
    cards, then ``EMPTY`` up to the height, which is the most cards a pile can ever hold
    (19 in Klondike: 6 face down and a run of 13; 13 in Following; 52 in Father, whose waste
    card goes on any pile).
``waste`` (the draw count)
    The waste's cards the board fans, top card first (one card in draw one, three in draw
    three), then ``EMPTY``. The cards under them are not shown, even when the player saw
    them earlier: remembering is the agent's job.
``foundations`` (foundations)
    Each foundation's top card, or ``EMPTY``. The top card tells what lies under it, since
    each foundation builds in one fixed order.
``counts`` (2)
    The cards in the stock, then the cards in the waste.
``redeals_left`` (a single number)
    The redeals still allowed; present only when the options limit them (Klondike's default
    is unlimited; Father and Following allow one).

No array ever holds the identity of a face-down card or of a stock card: they are
``UNKNOWN`` or only counted.

>>> from solitaire_widget import Game
>>> g = Game.new("klondike", seed=42)
>>> board = Observer(g.position.rules, g.options)
>>> seen = board.observe(g.position)
>>> seen["tableau"][1][:3].tolist(), seen["waste"].tolist(), seen["counts"].tolist()
([52, 25, 53], [29], [23, 1])
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..engine.position import Position
from ..engine.rules import Rules
from .actions import longest_chain

UNKNOWN = 52
"""The code of a face-down card: the player knows a card is there, not which."""
EMPTY = 53
"""The code of a place with no card."""
CODES = 54

Observation = dict[str, npt.NDArray[np.int64]]


class Observer:
    """The observation space of one game with its options, and the observation of a position."""

    def __init__(self, rules: Rules, options: Mapping[str, object]) -> None:
        dealt = Position.dealt(rules, options, 0)
        most_face_down = max(map(len, dealt.down))
        any_source = [
            frozenset().union(*(rules.parents[kind][card] for kind in rules.parents)) for card in range(52)
        ]
        self.height = min(52, most_face_down + longest_chain(any_source))
        self.tableau_shape = (rules.tableau_count, self.height)
        self.draw = rules.draw_count(options)
        redeals = rules.redeals(options)
        fields: dict[str, spaces.Space[npt.NDArray[np.int64]]] = {
            "tableau": spaces.MultiDiscrete(np.full(self.tableau_shape, CODES)),
            "waste": spaces.MultiDiscrete(np.full(self.draw, CODES)),
            "foundations": spaces.MultiDiscrete(np.full(rules.foundation_count, CODES)),
            "counts": spaces.MultiDiscrete([53, 53]),
        }
        if redeals is not None:
            fields["redeals_left"] = spaces.MultiDiscrete([redeals + 1])
        self.space = spaces.Dict(fields)

    def observe(self, position: Position) -> Observation:
        """What the player sees at ``position``, in this observer's arrays."""
        tableau = np.full(self.tableau_shape, EMPTY, dtype=np.int64)
        for row, (down, up) in enumerate(zip(position.down, position.up, strict=True)):
            tableau[row, : len(down)] = UNKNOWN
            tableau[row, len(down) : len(down) + len(up)] = up
        waste = np.full(self.draw, EMPTY, dtype=np.int64)
        fanned = position.waste[-self.draw :][::-1]
        waste[: len(fanned)] = fanned
        seen: Observation = {
            "tableau": tableau,
            "waste": waste,
            "foundations": np.array(
                [pile[-1] if pile else EMPTY for pile in position.foundations], dtype=np.int64
            ),
            "counts": np.array([len(position.stock), len(position.waste)], dtype=np.int64),
        }
        if "redeals_left" in self.space.spaces:
            seen["redeals_left"] = np.array([position.redeals_left], dtype=np.int64)
        return seen
