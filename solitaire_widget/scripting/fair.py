"""``FairStrategy``: plays as a player who sees only what the board shows
(``sw.strategies.fair``).

Its choices are ``judgement.fair_play.FairPlay``'s, which the module docstring there explains:
at each turn the commitment (a move that turns a face-down card or plays from the talon,
with the quiet moves that set it up) that gets furthest over samples of the cards the
player has not seen, or one that shows an unseen card where the samples cannot tell it from
that one. It plays the chosen line move by move (``aids.plan``) and chooses
again when the line is played or the game left it. The fair hint (``g.hint(fair=True)``)
chooses the same way, so following the fair hint from the deal plays as this strategy does.

>>> from solitaire_widget import Game, strategies
>>> fair = FairStrategy(samples=4, node_limit=1_000)
>>> fair
FairStrategy(samples=4, node_limit=1000, time_limit=None, seed=0)
>>> g = strategies.GameView(Game.new("klondike", seed=42))
>>> fair(g) in g.legal_moves()
True
"""

from __future__ import annotations

from ..aids.plan import Plan
from ..judgement.commitments import Race
from ..judgement.fair_play import DEEPER, FAIR_NODE_LIMIT, FAIR_RACE, FAIR_SAMPLES, QUIET_MOVES, FairPlay
from .view import Choice, GameView

__all__ = ["DEEPER", "FAIR_NODE_LIMIT", "FAIR_RACE", "FAIR_SAMPLES", "QUIET_MOVES", "FairStrategy", "Race"]


class FairStrategy:
    """Plays the commitment with the best chance from what the player can see.

    ``samples`` (1 to 10,000) deals of the unseen cards are judged at each choice, the
    solver searching at most ``node_limit`` positions (and ``time_limit`` seconds, None for
    none) for each sample and commitment; with neither limit,
    ``judgement.chances.SAMPLE_NODE_LIMIT``. The samples of a turn are drawn from ``seed`` and
    what the player sees, so with no time limit it plays the same moves on every machine,
    and the same moves in two games that show the player the same thing.

    ``race``: when a turn stops judging commitments on more samples (``Race``: those the
    samples so far show behind are dropped, and it stops when one is left or the rest are
    alike); None judges every commitment on every sample.

    ``knows_stock=True`` plays the known-stock model of the published figures: the stock
    and the waste are known in order from the deal, and only the face-down tableau cards are
    sampled (``engine.knowledge``); by default stock cards are unseen until drawn.

    Among commitments that get equally far it prefers the one that wins more samples, then
    the one with the shorter set-up, then the first found.

    What it learnt along the game and the line under way are state of one run: ``for_run()``
    gives an instance of its own for each (as ``simulate`` and the board ask). A bad argument
    raises ``ValueError`` naming it. When it resigns, ``why_resigned`` says why.
    """

    def __init__(
        self,
        samples: int = FAIR_SAMPLES,
        node_limit: int | None = FAIR_NODE_LIMIT,
        time_limit: float | None = None,
        seed: int = 0,
        knows_stock: bool = False,
        race: Race | None = FAIR_RACE,
    ) -> None:
        self._play = FairPlay(samples, node_limit, time_limit, seed, knows_stock, race)
        self.samples, self.seed, self.knows_stock, self.race = (
            self._play.samples,
            self._play.seed,
            self._play.knows_stock,
            self._play.race,
        )
        self.time_limit, self.node_limit = self._play.limits
        self.why_resigned: str | None = None
        self._plan: Plan | None = None

    def __call__(self, game: GameView) -> Choice:
        position = game.position
        left = None if self._plan is None else self._plan.rest(position)
        if left:
            return left[0]
        choice = self._play.choose(game.start, game.history)
        if choice.move is None:
            self.why_resigned = choice.why
            return None
        self._plan = Plan(position, choice.line)
        return choice.move

    def for_run(self) -> FairStrategy:
        """A strategy with the same settings and nothing seen yet: for one run."""
        return FairStrategy(*self._settings())

    def __reduce__(self) -> tuple[object, ...]:
        # Only the settings travel to worker processes; a run's state stays with its run.
        return FairStrategy, self._settings()

    def _settings(self) -> tuple[int, int | None, float | None, int, bool, Race | None]:
        return self.samples, self.node_limit, self.time_limit, self.seed, self.knows_stock, self.race

    def __repr__(self) -> str:
        return (
            f"FairStrategy(samples={self.samples}, node_limit={self.node_limit}, "
            f"time_limit={self.time_limit}, seed={self.seed}"
            + (", knows_stock=True" if self.knows_stock else "")
            + ("" if self.race == FAIR_RACE else f", race={self.race!r}")
            + ")"
        )
