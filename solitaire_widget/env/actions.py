"""The action table: every move a game (with its options) can ever offer, numbered once.

An action is an index into ``ActionTable.moves``, in this order:

1. ``draw``: turn cards from the stock (``s>w``);
2. ``redeal``: turn the waste back over (``w>s``), unless the options allow no redeal;
3. the waste's top card to each foundation, then to each tableau pile;
4. each tableau pile's top card to each foundation;
5. a run of each length from each tableau pile to each other tableau pile (pile by pile,
   target by target, one card first);
6. each foundation's top card to each tableau pile, when the options allow it.

Drawing and redealing are one action each, because the player never chooses how many cards
they take: a draw turns ``draw`` cards (fewer when the stock runs short) and a redeal turns
back the whole waste, so their ``Move`` takes its count from the position. Every other move
names its count, because a run's length is a choice. The longest run is the longest chain
of cards the game lets one build on another (13 in Klondike and Following, where each card
goes on the next rank; 1 in Father, which has no building on the tableau).

>>> from solitaire_widget.engine import rules_for
>>> rules = rules_for("klondike")
>>> table = ActionTable(rules, rules.check_options({}))
>>> len(table), table.moves[0], table.moves[1]
(615, Move(source='stock', target='waste', count=1), Move(source='waste', target='stock', count=1))
>>> table.index(Move("tableau/0", "tableau/3", 2))
68
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..engine.moves import Move
from ..engine.position import Position
from ..engine.rules import Rules


def longest_chain(parents: Sequence[frozenset[int]]) -> int:
    """The most cards that can lie one on another, each allowed on the one below by
    ``parents`` (card -> the cards it may go on); at most 52, even when a game lets cards
    go round in a circle (Father's waste card goes on anything)."""
    length = [1] * len(parents)
    for _ in range(len(parents)):
        longer = [1 + max((length[onto] for onto in above), default=0) for above in parents]
        if longer == length:
            return max(length)
        length = [min(value, 52) for value in longer]
    return max(length)


class ActionTable:
    """Every move of one game with its options, numbered (see the module docstring).

    ``moves[action]`` is the action's move (a draw or a redeal with count 1: ``move_at``
    gives the count a position calls for); ``index(move)`` is the way back.
    """

    def __init__(self, rules: Rules, options: Mapping[str, object]) -> None:
        tableau = [f"tableau/{i}" for i in range(rules.tableau_count)]
        foundations = [f"foundation/{i}" for i in range(rules.foundation_count)]
        self.longest_run = longest_chain(rules.parents["tableau"])
        moves = [Move("stock", "waste")]
        if rules.redeals(options) != 0:
            moves.append(Move("waste", "stock"))
        moves += [Move("waste", pile) for pile in (*foundations, *tableau)]
        moves += [Move(source, target) for source in tableau for target in foundations]
        moves += [
            Move(source, target, count)
            for source in tableau
            for target in tableau
            if source != target
            for count in range(1, self.longest_run + 1)
        ]
        if rules.foundation_to_tableau(options):
            moves += [Move(source, target) for source in foundations for target in tableau]
        self.moves: tuple[Move, ...] = tuple(moves)
        self._indexes = {self._key(move): action for action, move in enumerate(moves)}

    def __len__(self) -> int:
        return len(self.moves)

    @staticmethod
    def _key(move: Move) -> tuple[str, str, int]:
        # A draw or a redeal is one action whatever its count.
        return (move.source, move.target, 0) if "stock" in (move.source, move.target) else move

    def index(self, move: Move) -> int:
        """The action of ``move``; ``ValueError`` when the game can never offer it."""
        action = self._indexes.get(self._key(move))
        if action is None:
            raise ValueError(f"move {move} is not one this game can ever offer, so it has no action")
        return action

    def move_at(self, action: int, position: Position) -> Move:
        """The move of ``action`` at ``position``: a draw turns what the stock has left (up to
        the draw count) and a redeal the whole waste; other moves are as the table has them."""
        move = self.moves[action]
        if move.source == "stock":
            return Move("stock", "waste", min(position.draw, len(position.stock)) or position.draw)
        if move.target == "stock":
            return Move("waste", "stock", len(position.waste) or 1)
        return move
