"""``FairStrategy``: plays the move with the best win chance judged from what the player can
see (``sw.strategies.fair``).

At each turn it chooses among *commitments* (``solver.commitments``): the moves that turn
a face-down card or play a card from the talon, each with the quiet moves that set it up
(moves that show nothing and can be taken back). It deals the cards the player has not
seen into the unseen places at random, solves each such sample after each commitment, and
plays the commitment that gets furthest over the samples: a sample won counts every card
home, a lost one none, and one the solver could not finish within its limits the most
cards home it reached (early in a deal most samples are not finished, so wins alone could
hardly tell the choices apart). It plays the set-up's moves and the commitment one by
one, then chooses again. The win rates it reaches are in ``docs/judgment.md``, with the
variants tried. It knows only what a player of the
game knows (``engine.knowledge``): the cards shown along the moves played so far, worked
out from the start and the history as any player could; the face-down cards and the
stock's order stay unread. (A strategy sees the line played, not the game's other
variations, so it may know less than ``Game.known_cards``, never more.)

First, when redeals are unlimited and the deal left the waste empty, it turns the whole
stock once and turns it back: the stock is then as it was, and every card in it is known.
Sampling cannot value that (each sample is solved as if its cards were known), and it costs
a few moves only (on 500 draw-three deals, before ranking by progress: 24.8% won with it,
23.4% without, within the
noise of so many deals).

Shortcuts that see no hidden card and never choose worse than sampling would:

- a move that returns to a position already played through, seen as the player saw it
  then (the cards unseen as blanks), is never made: the board and what the player knows
  are as they were, so it would go round in circles; when every legal move does, it
  resigns;
- a card sent home that nothing can need (``engine.safety.safe_move_home``) is played at
  once: from every way the hidden cards may lie, it keeps every win;
- a single move left is played at once;
- once no card is unseen the position is fully known: it is solved once and its winning
  line followed (a ``SolverStrategy`` for the rest of the run), and a lost one resigned.

After ``QUIET_MOVES`` moves that gained nothing (see there), it plays greedy's move until
the game gains again. When the commitment that gets furthest wins no sample and some are
undecided, the samples are judged again with ``DEEPER`` times the limits, for wins only,
and the commitment that wins most is played; when still none is won, the one that got
furthest. When no commitment is in reach of the walk it plays greedy's move
(``strategies.greedy``) if that goes somewhere new, else resigns; it resigns at once when
every sample is proven lost.

>>> from solitaire_widget import Game, strategies
>>> fair = FairStrategy(samples=4, node_limit=1_000)
>>> fair
FairStrategy(samples=4, node_limit=1000, time_limit=None, seed=0)
>>> g = strategies.GameView(Game.new("klondike", seed=42))
>>> fair(g) in g.legal_moves()
True
"""

from __future__ import annotations

import random as _random

from ..engine import Move, Position
from ..engine.knowledge import Hidden, shown
from ..engine.safety import safe_move_home
from ..solver.chances import check_sampling
from ..solver.commitments import QUIET_POSITIONS, commitment_chances, commitments
from . import strategies
from .view import Choice, GameView, Strategy

__all__ = ["DEEPER", "FAIR_NODE_LIMIT", "FAIR_SAMPLES", "QUIET_MOVES", "FairStrategy"]

FAIR_SAMPLES = 64
"""Samples per choice unless told otherwise, as many as the fair hint's (with a walk of 200
quiet positions, 36.0% of 500 draw-three deals won; 34.6% with 48 samples, before a choice
that got furthest replaced greedy's move where none was won; 16 samples won 27 of the first
100 deals, 48 won 43)."""

FAIR_NODE_LIMIT = 5_000
"""Positions the solver may search per sample and choice unless told otherwise."""

Seen = tuple[object, ...]
Progress = tuple[int, ...]

QUIET_MOVES = 60
"""Moves without gain (a card seen, sent home or turned, or played from the stock and the
waste, for the first time in the run) after which greedy's move is played instead of
sampling: the samples value what the solver could reach from here, not what the game has
gained so far, so they may let it move cards to and fro."""

DEEPER = 4
"""How many times its limits a turn's samples get when none was won and some undecided."""

_SEED_BITS = 53  # seeds of the samples are whole numbers below 2**53 (engine.deal.check_seed)


class FairStrategy:
    """Plays the commitment with the best chance from what the player can see.

    ``samples`` (1 to 10,000) deals of the unseen cards are judged at each choice, the
    solver searching at most ``node_limit`` positions (and ``time_limit`` seconds, None for
    none) for each sample and commitment; with neither limit,
    ``solver.chances.SAMPLE_NODE_LIMIT``.
    The samples of a turn are drawn from ``seed`` and the move number alone, so with no
    time limit it plays the same moves on every machine, and the same moves in two games
    that show the player the same thing.

    Among commitments that get equally far it prefers the one that wins more samples, then
    the one with the shorter set-up, then the first found.

    What it knows and its shortcuts are in the module docstring. The cards seen, the
    positions played through, the commitment under way and the plan of a fully known
    endgame are state of one run:
    ``for_run()`` gives an instance of its own for each (as ``simulate`` and the board
    ask). A bad argument raises ``ValueError`` naming it. When it resigns,
    ``why_resigned`` says why.
    """

    def __init__(
        self,
        samples: int = FAIR_SAMPLES,
        node_limit: int | None = FAIR_NODE_LIMIT,
        time_limit: float | None = None,
        seed: int = 0,
    ) -> None:
        self.samples, self.seed, self._limits = check_sampling(samples, seed, node_limit, time_limit)
        self.time_limit, self.node_limit = self._limits
        self.why_resigned: str | None = None
        self._start: tuple[object, ...] | None = None
        self._played: tuple[Move, ...] = ()
        self._walker: Position | None = None
        self._known: set[int] = set()
        self._visited: set[Seen] = set()
        self._endgame: Strategy | None = None
        self._best_progress: Progress = (0, 0, 0, 0)
        self._progressed = 0  # the move number after which the game last gained
        self._plan: tuple[tuple[Move, ...], tuple[Move, ...]] = ((), ())  # (history then, moves left)

    def __call__(self, game: GameView) -> Choice:
        moves = game.legal_moves()
        if not moves:
            return None
        planned, self._plan = self._plan, ((), ())
        history, line = planned
        if line and game.history == history and line[0] in moves:
            self._plan = (history + line[:1], line[1:])
            return line[0]
        position = game.position
        self._catch_up(game)
        scouting = _scouting_move(game.history, position, moves)
        if scouting is not None:
            return scouting
        if self._endgame is None and not Hidden(position, self._known).unseen:
            # Every card is known: the game is solved once, seeing nothing hidden.
            self._endgame = strategies.for_run(strategies.SolverStrategy(time_limit=None))
        if self._endgame is not None:
            return self._play_endgame(game)
        fresh = [move for move in moves if self._leads_somewhere_new(position, move)]
        if not fresh:
            self.why_resigned = "every move returns to a position already played through"
            return None
        quick = safe_move_home(position, fresh)
        if quick is not None or len(fresh) == 1:
            return quick or fresh[0]
        if len(self._played) - self._progressed > QUIET_MOVES:
            return self._greedy(game, fresh, f"{QUIET_MOVES} moves have gained nothing")
        return self._best_commitment(game, fresh)

    def _best_commitment(self, game: GameView, fresh: list[Move]) -> Choice:
        position = game.position
        choices = commitments(position, self._known)
        if not choices:
            why = f"no commitment within {QUIET_POSITIONS} positions of quiet moves"
            return self._greedy(game, fresh, why)
        turn_seed = _random.Random(f"{self.seed}/{game.ply}").getrandbits(_SEED_BITS)
        judged = commitment_chances(position, self._known, choices, self.samples, turn_seed, self._limits)
        furthest = min(
            range(len(choices)), key=lambda i: (-judged.reach[i], -judged.won[i], len(choices[i].setup))
        )
        best = furthest
        if not judged.won[furthest] and judged.undecided[furthest]:
            # The furthest commitment wins nothing but something is undecided: the samples
            # are hard, not lost, so they are judged again, deeper, for one that wins; when
            # none does, the furthest still leads where the solver got furthest.
            deeper = tuple(None if limit is None else limit * DEEPER for limit in self._limits)
            again = commitment_chances(position, self._known, choices, self.samples, turn_seed, deeper)  # type: ignore[arg-type]
            winner = min(range(len(choices)), key=lambda i: (-again.won[i], len(choices[i].setup)))
            best = winner if again.won[winner] else furthest
        elif not judged.won[furthest]:
            self.why_resigned = f"all {self.samples} ways the hidden cards may lie are lost after every move"
            return None
        line = choices[best].line
        self._plan = (game.history + line[:1], line[1:])
        return line[0]

    def _greedy(self, game: GameView, fresh: list[Move], why: str) -> Choice:
        """Greedy's move when it goes somewhere new, else None, resigning because ``why``."""
        choice = strategies.greedy(game)
        if choice in fresh:
            return choice
        self.why_resigned = why
        return None

    def _play_endgame(self, game: GameView) -> Choice:
        assert self._endgame is not None
        choice = self._endgame(game)
        if choice is None:
            self.why_resigned = getattr(self._endgame, "why_resigned", None)
        return choice

    def _catch_up(self, game: GameView) -> None:
        """Bring the cards seen and the positions played through up to the game's history,
        walking only the moves played since the last call when the game went on from it."""
        history = game.history
        start = (game.name, tuple(sorted(game.options.items())), game.start.key())
        played = len(self._played)
        if self._walker is None or start != self._start or history[:played] != self._played:
            self._start, self._played, self._walker = start, (), game.start
            self._known, self._endgame = shown(self._walker), None
            self._visited = {_as_seen(self._walker, self._known)}
            self._best_progress, self._progressed = _progress(self._walker, self._known), 0
            played = 0
        for ply, move in enumerate(history[played:], played + 1):
            self._walker.push(move)
            self._known |= shown(self._walker)
            self._visited.add(_as_seen(self._walker, self._known))
            progress = _progress(self._walker, self._known)
            best = tuple(map(max, progress, self._best_progress))
            if best != self._best_progress:
                self._best_progress, self._progressed = best, ply
        self._played = history

    def _leads_somewhere_new(self, position: Position, move: Move) -> bool:
        position.push(move)
        new = _as_seen(position, self._known | shown(position)) not in self._visited
        position.pop()
        return new

    def for_run(self) -> FairStrategy:
        """A strategy with the same settings and nothing seen yet: for one run."""
        return FairStrategy(self.samples, self.node_limit, self.time_limit, self.seed)

    def __reduce__(self) -> tuple[object, ...]:
        # Only the settings travel to worker processes; a run's state stays with its run.
        return FairStrategy, (self.samples, self.node_limit, self.time_limit, self.seed)

    def __repr__(self) -> str:
        return (
            f"FairStrategy(samples={self.samples}, node_limit={self.node_limit}, "
            f"time_limit={self.time_limit}, seed={self.seed})"
        )


def _scouting_move(history: tuple[Move, ...], position: Position, moves: list[Move]) -> Move | None:
    """With unlimited redeals, the first moves turn the whole stock once and turn it back:
    the redeal leaves the stock as it was, so for a few moves the player learns every stock
    card, a gain sampling cannot see (each sample is solved as if its cards were known).
    Only from a deal whose waste was empty, before any other move; None once done."""
    if position.redeals_left is not None or any(move.source != "stock" for move in history):
        return None
    if len(position.waste) != sum(move.count for move in history):
        return None  # the deal put cards on the waste: turning them back would change the game
    wanted = ("stock", "waste") if position.stock else ("waste", "stock")
    return next((move for move in moves if (move.source, move.target) == wanted), None)


def _progress(position: Position, known: set[int]) -> Progress:
    """What a game gains by, each on its own: cards seen, cards on the foundations, minus
    the face-down cards, minus the cards in the stock and the waste."""
    return (
        len(known),
        sum(map(len, position.foundations)),
        -sum(map(len, position.down)),
        -len(position.stock) - len(position.waste),
    )


def _as_seen(position: Position, known: set[int]) -> Seen:
    """The position as a player who knows the cards ``known`` sees it: every other card is
    a blank, so two positions seen alike are alike whatever lies under the blanks; which
    foundation holds which cards does not matter."""

    def blanked(pile: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(card if card in known else -1 for card in pile)

    return (
        position.redeals_left,
        blanked(position.stock),
        blanked(position.waste),
        tuple(sorted(position.foundations)),
        tuple(map(blanked, position.down)),
        position.up,
    )
