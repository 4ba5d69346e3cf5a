"""``PlayAids``: the part of ``Game`` that advises and judges: hints (the solver's and the
fair one), whether the game can still be won, difficulty, and what the player knows (the
model is ``engine.knowledge``'s; the searches are ``solver``'s).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..atomic import Atomic, atomic_members, locked
from ..engine import knowledge
from ..engine.cards import card_code, parse_card
from ..engine.moves import Move
from ..engine.position import Position
from ..solver import aids, chances
from ..solver.aids import Difficulty, Hint, Winnability

if TYPE_CHECKING:
    from ..records.tree import Node

SEARCH_OUTSIDE_THE_LOCK = {
    "hint": "it searches a copy of the position, leaving the game to other threads meanwhile",
    "winnability": "it searches copies of the positions, leaving the game to other threads meanwhile",
    "difficulty": "it searches a copy of the position, leaving the game to other threads meanwhile",
}
"""The aids that hold the game's lock only to read it (see ``Game``'s ``NOT_LOCKED_THROUGHOUT``)."""


@atomic_members(unlocked=SEARCH_OUTSIDE_THE_LOCK)
class PlayAids(Atomic):
    """Hints, winnability, difficulty and what the player knows, for ``Game`` (read through
    its public members)."""

    if TYPE_CHECKING:

        @property
        def position(self) -> Position: ...
        @property
        def start(self) -> Position: ...
        @property
        def history(self) -> tuple[Move, ...]: ...
        @property
        def root(self) -> Node: ...

    # ------------------------------------------------------------------ what the player knows
    def known_cards(self) -> frozenset[str]:
        """The codes of the cards the player has seen in this game, in any line of its tree
        (see ``engine.knowledge``: face-up tableau cards, the top of the waste, foundations)."""
        leaves = (node for node in self.root.walk() if not node.variations)
        lines = [[node.move for node in leaf.path()[1:]] for leaf in leaves]
        known = knowledge.known_in_tree(self.start, lines)  # type: ignore[arg-type]
        return frozenset(card_code(card) for card in known)

    def unseen(self) -> knowledge.Unseen:
        """The cards the player has not seen and the places that hold them (``.cards``, in deck
        order, and ``.places``, as ``(pile id, index from the bottom)``)."""
        return knowledge.Hidden(self.position, map(parse_card, self.known_cards())).unseen

    # ------------------------------------------------------------------ play aids
    def hint(
        self,
        *,
        time_limit: float | None = None,
        fair: bool = False,
        samples: int = chances.DEFAULT_SAMPLES,
        seed: int = 0,
        node_limit: int | None = None,
    ) -> Hint:
        """A move to play, with a ``sentence`` that says why.

        The solver's hint (``fair=False``) sees every card: the next move of a winning line
        when one is found within ``time_limit`` seconds (1 when None), else the best move by a fixed
        heuristic (``source``: ``HintSource.SOLVER`` or ``HEURISTIC``). The fair hint
        (``fair=True``) judges from what the player can see: the move with the best
        ``win_chance`` (``samples``, ``seed``, ``node_limit`` and ``time_limit`` as there: per
        sample), ``source`` ``HintSource.FAIR``, with the chances in ``hint.chances``.
        """
        if not isinstance(fair, bool):
            raise ValueError(f"fair must be True or False, not {fair!r}")
        if not fair:
            return aids.hint(self.position, time_limit=1.0 if time_limit is None else time_limit)
        checked = chances.check_sampling(samples, seed, node_limit, time_limit)
        with self.lock:
            position, known = self.position, map(parse_card, self.known_cards())
        return aids.fair_hint(position, known, *checked)

    def winnability(self, *, time_limit: float = 5.0) -> Winnability:
        """Whether the game can still be won from where it stands, and if not, which move
        of its line lost it (``lost_at``), searched within about ``time_limit`` seconds."""
        return aids.winnability(*self._start_and_history(), time_limit=time_limit)

    @locked
    def _start_and_history(self) -> tuple[Position, tuple[Move, ...]]:
        return self.start, self.history

    def difficulty(self) -> Difficulty:
        """How hard the solver finds the game from where it stands (see ``Difficulty``)."""
        return aids.difficulty(self.position)
