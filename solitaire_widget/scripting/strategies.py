"""Strategies: who chooses the moves when a game is scripted.

A strategy is any callable ``strategy(game) -> move | None``: it is given a read-only view
of the game (a ``GameView``) and returns one of the game's legal moves (a ``Move`` or its
notation, such as ``"w>t3"``) or ``None`` to resign. Write your own in a cell::

    def my_strategy(g):      # g: a read-only view of the game
        p = g.position       # a copy of the piles, to try moves on with push and pop
        ...                  # judge g.legal_moves() (or p's) as you see fit
        return move          # one of them, or None to resign

The scripting guide (docs/guide/scripting.md) starts with ``my_bot``, a Klondike strategy of
a few short functions that looks one move further than the move it plays and wins half of
the first 100 deals (``greedy`` wins a fifth).

A strategy only chooses: whoever runs it (``simulate``, ``compare``, ``w.run``) checks the
move (``step.next_move``) and plays it, so a strategy cannot corrupt a run. To try moves, search from
``g.position`` (a copy with unchecked ``push``/``pop``) or play on ``g.copy()``.

For the same rows whatever the executor, a strategy should choose from what the game shows
it alone, as the built-in ones do. To go to worker processes a strategy is pickled: a
function or class defined in a module always travels; a lambda or a function defined in a
notebook cell travels when cloudpickle is installed (it comes with the ``sim`` extra).

Strategies with state are per run
=================================

A strategy that keeps state between calls (a plan, why it resigned) offers a ``for_run()``
method that returns an independent strategy for one run: the same settings, no state.
Whoever runs a strategy calls ``for_run(strategy)`` at the start of each run (``simulate``
at each deal, the board at each ``w.run`` or demo) and asks only what it returned, so one
instance shared by two boards, or by ``simulate`` on a ``ThreadPoolExecutor``, never mixes
one deal's plan or resign reason with another's. A plain function needs no hook:
``for_run`` returns it as it is. Calling a stateful strategy directly, on several games
at once, is the caller's own business: call ``for_run`` yourself for each.

The built-in strategies:

- ``random``: a ``RandomStrategy`` (seed 0): a legal move at random, the same one for the
  same seed, deal and move number in any process.
- ``greedy``: the first move of a fixed priority list per game (see ``greedy``).
- ``lookahead``: a ``Lookahead`` (depth 2): the move that leads soonest, within two
  moves, to more cards on the foundations or fewer face-down cards; otherwise greedy's move.
- ``solver``: a ``SolverStrategy``: solves the deal once (``solitaire_widget.solve``, with a
  node limit) and replays the winning line; plays greedy when the solver cannot decide in
  time, and resigns a deal the solver proves lost. It knows every card's place, as the
  solver does.
- ``fair``: a ``FairStrategy`` (up to 256 samples of 1,000 positions per choice, raced,
  seed 0): the commitment (the next move that turns a card or plays from the talon, with
  its set-up) with the best chance judged from what the player can see
  (``judgement.commitments``); see ``scripting.fair``. ``FairStrategy(samples=,
  node_limit=, time_limit=, seed=, knows_stock=, race=)`` makes one with other settings
  (``Race`` sets when a turn stops judging on more samples).

>>> from solitaire_widget import Game
>>> g = Game.new("klondike", seed=42)
>>> greedy(GameView(g))
Move(source='waste', target='tableau/5', count=1)
>>> random(GameView(g)) == random(GameView(g))
True
"""

from __future__ import annotations

import random as _random
from collections.abc import Callable

from ..engine import Move, Position
from ..judgement.heuristic import GREEDY_PRIORITIES, greedy_move, tableau_index
from ..solver import SolveResult, solve
from ..solver.search import check_limits, limits_in_words
from ..solver.shorten import shorten
from .checks import check_whole_number
from .fair import FairStrategy, Race
from .view import Choice, GameView, Strategy

__all__ = [
    "BUILT_IN",
    "GREEDY_PRIORITIES",
    "Choice",
    "FairStrategy",
    "GameView",
    "Lookahead",
    "Race",
    "RandomStrategy",
    "SolverStrategy",
    "Strategy",
    "fair",
    "for_run",
    "greedy",
    "lookahead",
    "random",
    "solver",
]


def for_run(strategy: Strategy) -> Strategy:
    """The strategy to ask during one run: ``strategy.for_run()`` when it offers that hook
    (an independent instance, without the state of other runs), else ``strategy`` itself.

    >>> for_run(greedy) is greedy
    True
    >>> for_run(solver) is solver
    False
    """
    fresh = getattr(strategy, "for_run", None)
    return fresh() if callable(fresh) else strategy


# ---------------------------------------------------------------------------- random
class RandomStrategy:
    """Plays a legal move at random.

    The choice depends only on ``seed``, the deal's seed and the move number, so it is the
    same in every process and whatever order the deals are played in.
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def __call__(self, game: GameView) -> Move | None:
        moves = game.legal_moves()
        if not moves:
            return None
        # A string seed is hashed with SHA-512 by random.Random: stable across processes,
        # unlike hash(), which varies per process for None.
        return _random.Random(f"{self.seed}/{game.seed}/{game.ply}").choice(moves)

    def __repr__(self) -> str:
        return f"RandomStrategy(seed={self.seed})"


# ---------------------------------------------------------------------------- greedy
def greedy(game: GameView) -> Move | None:
    """The first move of the game's priority list (``GREEDY_PRIORITIES``), or None.

    Klondike: a card to a foundation; a tableau move that turns a face-down card (from
    the pile with most face-down cards); the waste card onto the tableau; a tableau move
    that uncovers a card a foundation takes; a draw or redeal.

    Father: a card to a foundation; the waste card into an empty pile; the waste card onto
    the tableau card the foundations will want latest, when they want it later than the
    waste card (so the waste card leaves before the card it covers is wanted); a draw or
    redeal.

    Following: a card to a foundation; a whole pile onto another pile's card (emptying a
    pile); the waste card onto a tableau card; a tableau move that uncovers a card a
    foundation takes; the waste card into an empty pile; a draw or redeal.

    It resigns (returns None) when nothing in the list is legal, or when it would draw
    again after a whole pass through the stock without any other move.
    """
    return greedy_move(game.position, game.history)


# ---------------------------------------------------------------------------- lookahead
Progress = tuple[int, int]


def _progress(position: Position) -> Progress:
    """(cards on the foundations, minus the face-down cards): what a game gains by."""
    return sum(map(len, position.foundations)), -sum(map(len, position.down))


def _progress_after(
    position: Position, move: Move, here: Progress, down: tuple[tuple[int, ...], ...]
) -> Progress:
    """``_progress`` after ``move`` (a legal move) without playing it; ``down`` is the
    position's face-down cards."""
    home, hidden = here
    source = move.source
    if move.target.startswith("foundation/"):
        home += not source.startswith("foundation/")
    elif source.startswith("foundation/"):
        home -= 1
    if source.startswith("tableau/"):
        index = tableau_index(position, source)
        if index is not None and down[index] and move.count == len(position.cards(source)):
            hidden += 1
    return home, hidden


def _best_within(position: Position, depth: int) -> tuple[int, int, int]:
    """The most progress reachable within ``depth`` moves, with minus the moves it takes."""
    here = _progress(position)
    best = (*here, 0)
    down = position.down
    for move in position.legal_moves():
        if depth == 1:
            reached = (*_progress_after(position, move, here, down), 0)
        else:
            position.push(move)
            reached = _best_within(position, depth - 1)
            position.pop()
        best = max(best, (reached[0], reached[1], reached[2] - 1))
    return best


class Lookahead:
    """Looks ``depth`` moves ahead (2 by default) for progress: more cards on the
    foundations first, then fewer face-down cards.

    It plays the first move (in the engine's order) of a line that reaches the most progress
    within ``depth`` moves, the shortest such line first. When no line makes progress it
    plays ``greedy``'s move. Progress only ever grows along the lines it follows, so it
    never goes round in circles.
    """

    def __init__(self, depth: int = 2) -> None:
        check_whole_number("depth", depth, "moves", 1)
        self.depth = depth

    def __call__(self, game: GameView) -> Move | None:
        position = game.position
        here = _progress(position)
        down = position.down
        best: tuple[int, int, int] | None = None
        chosen = None
        for move in position.legal_moves():
            if self.depth == 1:
                reached = (*_progress_after(position, move, here, down), 0)
            else:
                position.push(move)
                reached = _best_within(position, self.depth - 1)
                position.pop()
            if best is None or reached > best:
                best, chosen = reached, move
        if best is None or (best[0], best[1]) <= here:
            return greedy(game)
        return chosen

    def __repr__(self) -> str:
        return f"Lookahead(depth={self.depth})"


# ---------------------------------------------------------------------------- solver
DealKey = tuple[object, ...]


class SolverStrategy:
    """Solves the deal once and replays the winning line.

    The first call on a deal runs ``solitaire_widget.solve`` from where the game stands
    (bounded by ``node_limit`` positions and ``time_limit`` seconds); later calls replay
    its line, shortened first (``solver.shorten``: the solver's lines are found, not short;
    a Klondike line drawing one card at a time loses about a fifth of its moves, mostly
    draws), and it solves again only when the game has left the line (a move played by
    someone else, an undo). When the solver finds the deal lost it
    resigns; when it cannot decide within its limits, ``fallback`` (``greedy``) plays the
    rest of the deal.

    The solver sees every card (face-down cards and the stock's order), so this strategy
    does too. With the node limit reached before the time limit (as with the defaults on
    most machines), it plays the same moves on every run.

    ``solve_with(game, time_limit=, node_limit=)`` does the solving (``solitaire_widget.solve``
    unless given; the widget's demo passes one that solves in its worker process). When it
    resigns, ``why_resigned`` says why, in words the board shows.

    Its plan and ``why_resigned`` are state of one run: ``for_run()`` gives an instance of
    its own for each (see the module docstring), with its fallback's own ``for_run``.
    Bad limits raise ``ValueError`` here, as ``solve`` would.
    """

    def __init__(
        self,
        node_limit: int | None = 50_000,
        time_limit: float | None = 30.0,
        fallback: Strategy = greedy,
        solve_with: Callable[..., SolveResult] = solve,
    ) -> None:
        check_limits(time_limit, node_limit)
        self.node_limit = node_limit
        self.time_limit = time_limit
        self.fallback = fallback
        self.solve_with = solve_with
        self.why_resigned: str | None = None
        # The deal being played: the history the plan was made after, and its line: the
        # winning moves, () when the deal is lost, None when the solver could not decide
        # (the fallback plays on from there).
        self._plan: tuple[DealKey, tuple[Move, ...], tuple[Move, ...] | None] | None = None

    def __call__(self, game: GameView) -> Choice:
        deal = self._deal_key(game)
        history = game.history
        if self._plan is not None and self._plan[0] == deal:
            _, base, line = self._plan
            played = history[len(base) :]
            if history[: len(base)] == base:
                if line is None:
                    return self._fallback(game)
                if not line:
                    return None
                if len(played) < len(line) and line[: len(played)] == played:
                    return line[len(played)]
        result = self.solve_with(game.copy(), time_limit=self.time_limit, node_limit=self.node_limit)
        if result.verdict == "unwinnable":
            self._plan = (deal, history, ())
            self.why_resigned = "the solver proves this position lost"
            return None
        line = shorten(game.position, result.moves) if result.verdict == "winnable" else None
        self._plan = (deal, history, line)
        return line[0] if line else self._fallback(game)

    def _fallback(self, game: GameView) -> Choice:
        choice = self.fallback(game)
        if choice is None:
            limits = limits_in_words(self.time_limit, self.node_limit)
            self.why_resigned = f"the solver found no winning line within its limits ({limits})"
        return choice

    def for_run(self) -> SolverStrategy:
        """A strategy with the same settings and no plan yet: for one run."""
        return SolverStrategy(self.node_limit, self.time_limit, for_run(self.fallback), self.solve_with)

    @staticmethod
    def _deal_key(game: GameView) -> DealKey:
        options = tuple(sorted(game.options.items()))
        if game.seed is not None:
            return (game.name, options, game.seed)
        return (game.name, options, game.start.key())

    def __repr__(self) -> str:
        return f"SolverStrategy(node_limit={self.node_limit}, time_limit={self.time_limit})"


random = RandomStrategy(0)
lookahead = Lookahead(2)
solver = SolverStrategy()
fair = FairStrategy()

BUILT_IN: dict[str, Strategy] = {
    "random": random,
    "greedy": greedy,
    "lookahead": lookahead,
    "solver": solver,
    "fair": fair,
}
"""The built-in strategies by name, e.g. for ``compare``."""
