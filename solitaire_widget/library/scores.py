"""Scores of a game: Klondike's standard (Windows) and Vegas scoring, and cards home for
Father and Following.

Klondike, ``"standard"`` (the points of the Windows game, without its time bonus: the score
does not depend on how long a game took):

- a card from the waste to a tableau pile: +5
- a card from the waste to a foundation: +10
- a card from a tableau pile to a foundation: +10
- a tableau card turned face up: +5
- a card from a foundation back to a tableau pile: -15
- turning the waste back to the stock: -100 when drawing one, -20 when drawing three
- moves between tableau piles and turning the stock: 0

The score never falls below 0: after every move a negative total becomes 0.

Klondike, ``"vegas"``: -52 for the game (the stake), +5 for every card that reaches a
foundation and -5 for every card taken back from one, so a game scores
``5 * cards home - 52``. Vegas is meant to add up across games: ``Library.statistics``
gives the total over the games it counts (``vegas_total``).

Father and Following: one point per card home, under either scoring (``"vegas"`` is not
refused: it scores them the same way, so one setting serves every game).

>>> from solitaire_widget import Game
>>> g = Game.new("klondike", seed=42)
>>> g.play("w>t5")
Move(source='waste', target='tableau/5', count=1)
>>> score_of(g), score_of(g, "vegas")
(5, -52)
>>> score_of(g, "golf")
Traceback (most recent call last):
...
ValueError: scoring is one of 'standard', 'vegas', not 'golf'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Literal, TypeAlias

from ..engine.moves import Move
from ..engine.position import Position

if TYPE_CHECKING:
    from ..game import Game

Scoring: TypeAlias = Literal["standard", "vegas"]
SCORINGS: tuple[Scoring, ...] = ("standard", "vegas")

STANDARD_POINTS = {
    ("waste", "tableau"): 5,
    ("waste", "foundation"): 10,
    ("tableau", "foundation"): 10,
    ("foundation", "tableau"): -15,
}
"""Standard Klondike points for a card moved from one kind of pile to another."""
TURNED_UP = 5
"""Standard Klondike points for a tableau card turned face up."""
RECYCLE = {1: -100, 3: -20}
"""Standard Klondike points for turning the waste back to the stock, by cards drawn at a time."""
VEGAS_STAKE = -52
VEGAS_CARD = 5


def checked_scoring(scoring: object) -> Scoring:
    """``scoring`` when it names a scoring, else ``ValueError`` naming the choices."""
    if scoring not in SCORINGS:
        choices = ", ".join(map(repr, SCORINGS))
        raise ValueError(f"scoring is one of {choices}, not {scoring!r}")
    return scoring


def cards_home(position: Position) -> int:
    """How many cards are on the foundations."""
    return sum(map(len, position.foundations))


def score(start: Position, moves: Iterable[Move], scoring: Scoring = "standard") -> int:
    """The score of the line ``moves`` played from ``start`` (a legal line, as a game's
    ``history`` is from its ``start``; ``start`` is left as it is), under ``scoring``.

    Replays the line once: about 0.3 ms for 150 moves (``benchmarks/library.py``), cheap
    enough to score a board after every move.
    """
    checked_scoring(scoring)
    position = start.copy()
    if position.rules.name != "klondike":
        for move in moves:
            position.push(move)
        return cards_home(position)
    if scoring == "vegas":
        for move in moves:
            position.push(move)
        return VEGAS_STAKE + VEGAS_CARD * cards_home(position)
    total = 0
    for move in moves:
        total = max(0, total + _standard_points(position, move))
        position.push(move)
    return total


def _standard_points(position: Position, move: Move) -> int:
    """The standard points of ``move``, about to be pushed on ``position``."""
    source, target, count = move
    if target == "stock":
        return RECYCLE[position.draw]
    source_kind, target_kind = source.partition("/")[0], target.partition("/")[0]
    points = STANDARD_POINTS.get((source_kind, target_kind), 0)
    if source_kind == "tableau":
        index = int(source.partition("/")[2])
        if len(position.cards(source)) == count and position.down[index]:
            points += TURNED_UP
    return points


def score_of(game: Game, scoring: Scoring = "standard") -> int:
    """The score of ``game``'s moves played so far (``game.history``), under ``scoring``."""
    with game.lock:
        return score(game.start, game.history, scoring)
