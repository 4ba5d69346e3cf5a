"""One step of a strategy's run, written once for ``simulate`` and the board's run.

``next_move(strategy, game)`` asks the strategy for a move and checks its answer;
every way the answer ends the run (a resignation, an exception, something that is not a
move, an illegal move) comes back as ``RunEnded``: a ``RunEnd`` and words for people.
``game_over(outcome)`` gives the same for a game that ended by itself. The words carry no
seed or move number: the caller knows where it stands and adds them when it wants.

>>> from solitaire_widget import Game
>>> from solitaire_widget.scripting import strategies
>>> game = Game.new("klondike", seed=42)
>>> next_move(strategies.greedy, game)
Move(source='waste', target='tableau/5', count=1)
>>> try:
...     next_move(lambda view: "t1>t2", game)
... except RunEnded as ended:
...     print(ended.end.value, "|", ended.words)  # doctest: +ELLIPSIS
error | the strategy returned 't1>t2', which is not legal here: illegal move t1>t2: 7♦ cannot go on J♥: ...
"""

from __future__ import annotations

from ..engine import Move, Outcome
from ..engine.moves import IllegalMove
from ..engine.outcome import RunEnd
from ..game import Game
from .view import GameView, Strategy

__all__ = ["RunEnded", "describe", "game_over", "next_move"]


class RunEnded(Exception):
    """The run ends here: ``end`` says how (a ``RunEnd``), ``words`` why, for people."""

    def __init__(self, end: RunEnd, words: str) -> None:
        super().__init__(words)
        self.end = end
        self.words = words


def describe(value: object) -> str:
    """``repr(value)``, cut to 60 characters: a value named in a message."""
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:57]}..."


def game_over(outcome: Outcome) -> RunEnded:
    """The end of a run whose game ended by itself: won, no moves, no useful moves."""
    return RunEnded(RunEnd.of(outcome.termination), outcome.words)


def next_move(strategy: Strategy, game: Game) -> Move:
    """The move ``strategy`` chooses in ``game``, checked to be legal there.

    The strategy is shown a read-only ``GameView`` of ``game``; ``game`` itself is left as
    it is, so the caller plays the move (a caller that let the strategy think on a copy
    plays it on the game the copy was taken from, if that has not changed meanwhile).
    Ask only while the game is on (``game.outcome is None``): this does not check it.

    Raises ``RunEnded`` when the answer ends the run:

    - ``RunEnd.RESIGNED``: the strategy returned None; the words are its ``why_resigned``
      attribute when it has one that says something (``SolverStrategy`` does), else
      "the strategy resigned".
    - ``RunEnd.ERROR``: the strategy raised an ``Exception`` (a ``BaseException``, such as
      a time limit's or Ctrl-C's, passes through untouched), returned something that is
      neither a ``Move``, its notation nor None, or a move that is not legal in ``game``.
    """
    try:
        choice = strategy(GameView(game))
    except Exception as error:
        raise RunEnded(RunEnd.ERROR, f"the strategy raised {type(error).__name__}: {error}") from None
    if choice is None:
        why = getattr(strategy, "why_resigned", None)
        raise RunEnded(RunEnd.RESIGNED, why if isinstance(why, str) and why else "the strategy resigned")
    if not isinstance(choice, (Move, str)):
        raise RunEnded(
            RunEnd.ERROR,
            f"the strategy returned {describe(choice)}, not a move (a Move or its notation) or None",
        )
    try:
        move = game.parse_move(choice)
        if move not in game.legal_moves():  # the legal moves are cached: no second search
            raise IllegalMove(move, game.explain(move))
    except ValueError as refused:  # IllegalMove, or notation that does not parse
        raise RunEnded(
            RunEnd.ERROR, f"the strategy returned {str(choice)!r}, which is not legal here: {refused}"
        ) from None
    return move
