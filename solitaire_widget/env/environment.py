"""``SolitaireEnv``: a game of patience as a Gymnasium environment (see docs/gymnasium.md)."""

from __future__ import annotations

from typing import Any, SupportsFloat, cast

import gymnasium
import numpy as np
from gymnasium import spaces

from ..engine.deal import MAX_SEED, check_seed
from ..engine.games import rules_for
from ..engine.moves import IllegalMove, Move
from ..engine.outcome import outcome_of
from ..engine.position import Position
from ..game import Game
from ..notation import diagram
from .actions import ActionTable
from .board import HumanDisplay
from .observation import Observation, Observer

REWARDS = ("win", "cards_home")
"""The reward schemes: ``"win"`` pays 1 for the move that wins and 0 for every other step;
``"cards_home"`` pays each move the change in the cards on the foundations, over 52 (so a
card sent home earns 1/52, one brought back costs 1/52, and an episode's rewards add up to
the share of the deck it got home: 1 for a win)."""
MAX_MOVES = 1_000
"""The default step limit. Won games take about 100 to 300 moves, but Klondike's default
allows unlimited redeals, so an agent could turn the stock forever without the game ending:
the limit makes every episode end."""
RESET_OPTIONS = ("deal_seed",)


class SolitaireEnv(gymnasium.Env[Observation, np.int64]):
    """Klondike, Father or Following as a Gymnasium environment.

    ``SolitaireEnv(game, render_mode=None, max_moves=1000, reward="win", **options)``: ``game``
    is ``"klondike"``, ``"father"`` or ``"following"``; ``options`` are the game's, as for
    ``Game.new`` (e.g. ``draw=3``). ``gymnasium.make("solitaire_widget/Klondike-v0",
    **options)`` (also ``Father-v0``, ``Following-v0``) makes one once ``solitaire_widget.env``
    has been imported.

    - **Observation**: the board as the player sees it (``observation.py``): face-down and
      stock cards are ``UNKNOWN`` or only counted, never named.
    - **Actions**: ``Discrete(n)`` over every move the game can have (``actions.py``);
      ``info["action_mask"]`` (and ``action_masks()``) marks the legal ones.
      ``move_of(action)`` and ``action_of(move)`` convert.
    - **Reward**: see ``REWARDS``; ``"win"`` by default.
    - **Episode end**: *terminated* when the game is won or over (no useful move left, the
      engine's ``outcome``), *truncated* after ``max_moves`` steps (``MAX_MOVES``).
    - **An action outside the mask** leaves the game as it was, pays 0, counts as a step,
      and ``info["illegal"]`` says which rule it breaks. A value outside the action space
      raises ``ValueError``.
    - **Reset**: ``reset(seed=s)`` deals from Gymnasium's seeded generator (the same seed, the
      same deal); ``reset(options={"deal_seed": k})`` deals ``Game.new(game, seed=k)``.
    - **Info**: ``action_mask``, ``cards_home`` (cards on the foundations), ``outcome``
      (``None`` while the game is on, else ``"won"``, ``"no_moves"`` or
      ``"no_useful_moves"``), and ``illegal`` after an action outside the mask.
    - **Rendering**: ``"ansi"`` returns the text board, ``"human"`` shows a
      ``SolitaireWidget`` on the env's game in the notebook and it follows every step.

    ``env.unwrapped.game`` is the ``Game`` being played; it knows every card, so an agent
    that reads it is no longer playing fair.

    >>> env = SolitaireEnv("father")
    >>> observation, info = env.reset(seed=0)
    >>> observation["tableau"].shape, env.action_space
    ((12, 52), Discrete(250))
    >>> env.move_of(0), int(info["action_mask"].sum())
    (Move(source='stock', target='waste', count=1), 9)
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(
        self,
        game: str = "klondike",
        *,
        render_mode: str | None = None,
        max_moves: int = MAX_MOVES,
        reward: str = "win",
        **options: object,
    ) -> None:
        rules = rules_for(game)
        checked = rules.check_options(options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        if isinstance(max_moves, bool) or not isinstance(max_moves, int) or max_moves < 1:
            raise ValueError(f"max_moves must be a whole number from 1, not {max_moves!r}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(map(repr, REWARDS))}, not {reward!r}")
        self.render_mode = render_mode
        self.max_moves = max_moves
        self.reward = reward
        self.game_name = rules.name
        self.options = checked
        self.actions = ActionTable(rules, checked)
        self.observer = Observer(rules, checked)
        self.action_space = spaces.Discrete(len(self.actions))
        self.observation_space = cast(spaces.Space[Observation], self.observer.space)
        self._board = HumanDisplay() if render_mode == "human" else None
        self._game: Game | None = None
        self._steps = 0

    @property
    def game(self) -> Game:
        """The game being played (the engine object itself); ``RuntimeError`` before ``reset``."""
        if self._game is None:
            raise RuntimeError("the environment has no game yet: call reset() first")
        return self._game

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game: from ``seed`` through Gymnasium's generator, or the deal
        ``options["deal_seed"]`` (the deals of ``Game.new``)."""
        options = options or {}
        unknown = [key for key in options if key not in RESET_OPTIONS]
        if unknown:
            raise ValueError(f"unknown reset option {unknown[0]!r}: the only one is 'deal_seed'")
        deal_seed = check_seed(options["deal_seed"]) if "deal_seed" in options else None
        super().reset(seed=seed)
        if deal_seed is None:
            deal_seed = int(self.np_random.integers(0, MAX_SEED, endpoint=True))
        self._game = Game.new(self.game_name, deal_seed, **self.options)
        self._steps = 0
        if self._board is not None:
            self._board.show(self._game)
        with self._game.lock:
            position = self._game.position
            return self.observer.observe(position), self._info(self._game, position)

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play ``action``; see the class docstring for what comes back."""
        game, action = self.game, self._checked(action)
        illegal = None
        with game.lock:  # a board in human mode may take clicks meanwhile
            before = game.position
            try:
                game.play(self.actions.move_at(action, before))
            except IllegalMove as refused:
                illegal = refused.reason
            after = game.position
            info = self._info(game, after)
        self._steps += 1
        reward = 0.0
        if illegal is not None:
            info["illegal"] = illegal
        elif self.reward == "cards_home":
            reward = (cards_home(after) - cards_home(before)) / 52
        elif after.is_won:
            reward = 1.0
        terminated, truncated = info["outcome"] is not None, self._steps >= self.max_moves
        return self.observer.observe(after), reward, terminated, truncated, info

    def _info(self, game: Game, position: Position) -> dict[str, Any]:
        """The step's info; ``position`` is ``game``'s, read holding its lock."""
        # The game's own legal moves and outcome share one generation of its moves, which
        # the next step's play reuses: a copy of the position would generate them again.
        outcome = game.outcome
        return {
            "action_mask": self._mask(game),
            "cards_home": cards_home(position),
            "outcome": None if outcome is None else outcome.termination.value,
        }

    def _mask(self, game: Game) -> np.ndarray:
        mask = np.zeros(len(self.actions), dtype=np.bool_)
        mask[[self.actions.index(move) for move in game.legal_moves()]] = True
        return mask

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as ``info["action_mask"]`` has them (the method
        sb3-contrib's ``MaskablePPO`` asks for)."""
        return self._mask(self.game)

    def _checked(self, action: int | np.integer[Any]) -> int:
        if isinstance(action, bool) or not self.action_space.contains(action):
            raise ValueError(f"an action is a whole number from 0 to {len(self.actions) - 1}, not {action!r}")
        return int(action)

    def move_of(self, action: int | np.integer[Any]) -> Move:
        """The move ``action`` makes now (a draw's count depends on the stock left)."""
        return self.actions.move_at(self._checked(action), self.game.position)

    def action_of(self, move: Move | str) -> int:
        """The action that makes ``move`` (a ``Move`` or its notation, e.g. ``"w>t3"``)."""
        return self.actions.index(move if isinstance(move, Move) else Move.parse(move))

    def render(self) -> str | None:
        """The text board (``"ansi"``), or the board in the notebook brought up to date
        (``"human"``); nothing without a render mode. The text leaves out the deal's seed,
        which would give away every face-down card."""
        if self.render_mode == "ansi":
            game = self.game
            with game.lock:
                position = game.position
                return diagram.board(position, None, game.ply, outcome_of(position))
        if self._board is not None:
            self._board.show(self.game)
        return None

    def close(self) -> None:
        """Close the board of human mode, if one is shown."""
        if self._board is not None:
            self._board.close()


def cards_home(position: Position) -> int:
    """The cards on the foundations."""
    return sum(map(len, position.foundations))
