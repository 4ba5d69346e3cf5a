"""When a game is over, as data: ``Termination`` and ``Outcome``.

A game ends when it is won, or when no useful move is left. Moves that only shuttle
cards are not useful: a whole pile moved into an empty pile; turning the stock when no
card still to come from it (within the redeals left) could be played anywhere; part of a
run moved off a card it could go straight back onto, when the card it uncovers can then
neither go to a foundation nor take another available card; and a foundation card brought
back to the tableau when no card that is or will be available could then go on it.

>>> from solitaire_widget import Game
>>> outcome_of(Game.new("klondike", seed=42).position) is None
True
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .moves import Move
from .position import Position


class Termination(enum.Enum):
    """How a game ended."""

    WON = "won"
    """All 52 cards are on the foundations."""
    NO_MOVES = "no_moves"
    """No legal move is left."""
    NO_USEFUL_MOVES = "no_useful_moves"
    """Legal moves are left, but they only shuttle cards without progress."""


class RunEnd(str, enum.Enum):
    """How a run of moves chosen by a strategy ended: on the board (``w.run``, the demo) and
    in ``simulate``'s rows alike. The game's own endings share ``Termination``'s values; the
    values are the words sent to the view and written in rows, so ``end == "won"`` holds."""

    WON = "won"
    """The game is won."""
    NO_MOVES = "no_moves"
    """The game is over: no legal move is left."""
    NO_USEFUL_MOVES = "no_useful_moves"
    """The game is over: only moves that shuttle cards are left."""
    RESIGNED = "resigned"
    """The strategy returned None."""
    MAX_MOVES = "max_moves"
    """The run played as many moves as it was allowed."""
    TIME_LIMIT = "time_limit"
    """The strategy took longer than the run allowed."""
    ERROR = "error"
    """The strategy (or the process running it) failed: it raised, returned something that
    is not a legal move, or its worker process died."""
    STOPPED = "stopped"
    """Someone stopped the run (the board's Stop, ``w.stop()``, a new deal)."""

    @classmethod
    def of(cls, termination: Termination) -> RunEnd:
        """The run end of a game that ended this way."""
        return cls(termination.value)


@dataclass(frozen=True)
class Outcome:
    """The end of a game: how (``termination``) and why, in words (``reason``)."""

    termination: Termination
    reason: str

    @property
    def words(self) -> str:
        """The end in a few words, wherever one is told: "won", else why play stopped
        ("no moves left", "no useful moves left: ...")."""
        return "won" if self.termination is Termination.WON else self.reason


WON = Outcome(Termination.WON, "all 52 cards are on the foundations")
NO_MOVES = Outcome(Termination.NO_MOVES, "no moves left")
NO_USEFUL_MOVES = Outcome(
    Termination.NO_USEFUL_MOVES, "no useful moves left: only moves that shuttle cards without progress remain"
)


def outcome_of(position: Position) -> Outcome | None:
    """None while ``position`` offers a useful move, else how the game ended."""
    if position.is_won:
        return WON
    moves = position.legal_moves()
    if not moves:
        return NO_MOVES
    if _has_useful_move(position, moves):
        return None
    return NO_USEFUL_MOVES


def _has_useful_move(position: Position, moves: list[Move]) -> bool:
    return any(_is_useful(position, move) for move in moves)


def useful_moves(position: Position) -> list[Move]:
    """The legal moves that are not mere shuttles (see the module docstring)."""
    return [move for move in position.legal_moves() if _is_useful(position, move)]


def _is_useful(position: Position, move: Move) -> bool:
    source, target, _ = move
    if source == "stock" or target == "stock":
        return _stock_offers_a_play(position)
    if source.startswith("foundation/"):
        return _something_builds_on(position, position.cards(source)[-1])
    return source == "waste" or target.startswith("foundation/") or _tableau_move_helps(position, move)


def _tableau_move_helps(position: Position, move: Move) -> bool:
    """False for moves that only shuttle cards between tableau piles (see the module docstring)."""
    source, target, count = move
    pile = position.cards(source)
    if count == len(pile):
        index = _tableau_index(position, source)
        return bool(position.down[index] or position.cards(target))
    uncovered = pile[-count - 1]
    if uncovered not in position.rules.parents["tableau"][pile[-count]]:
        return True
    return uncovered in position.foundation_takers() or _something_builds_on(
        position, uncovered, _tableau_index(position, source)
    )


def _tableau_index(position: Position, pile_id: str) -> int:
    place = position.place(pile_id)
    assert place is not None and place[0] == "tableau", pile_id
    return place[1]


def _fits_somewhere(position: Position, card: int) -> bool:
    rules = position.rules
    onto = rules.parents["waste"][card]
    return any((pile[-1] in onto) if pile else rules.fills_empty["waste"][card] for pile in position.up)


def _stock_offers_a_play(position: Position) -> bool:
    takers = position.foundation_takers()
    return any(card in takers or _fits_somewhere(position, card) for card in position.cards_to_come())


def _something_builds_on(position: Position, card: int, skip_pile: int | None = None) -> bool:
    """Could a card that is or will be available (outside tableau pile ``skip_pile``)
    go on ``card`` were it the top of a tableau pile?"""
    parents = position.rules.parents
    waste_cards = [*position.cards_to_come(), *position.waste[-1:]]
    run_cards = [head for head, (index, _) in position.movable_runs().items() if index != skip_pile]
    return any(card in parents["waste"][c] for c in waste_cards) or any(
        card in parents["tableau"][c] for c in run_cards
    )
