"""``SolitaireWidget``: a game of patience to play in Jupyter, driven from Python or the board.

>>> import solitaire_widget as sw
>>> w = sw.SolitaireWidget("klondike", seed=7, library=False)  # records no game (see recording.py)
>>> w.play(w.legal_moves()[0])
Move(source='tableau/4', target='foundation/0', count=1)
>>> w.state["moves"]
1

The state it syncs to its views and the intents it takes from them are documented in
``intents.py``; the state is built in ``state.py``, the intents are carried out in
``handling.py`` and strategies run on the board in ``run.py``.

Threads: JupyterLab delivers the views' intents on a thread of its own, while cells, a
strategy's run and the aids' answers run on theirs. There is one lock per game,
``w.game.lock``: every method here that reads or changes the game, the handling of each
intent, a run's moves and the aids' answers hold the lock of the game on show (taken, then
checked to still be the game on show, as ``new_game``, ``load``, ``lesson`` and ``restart``
put another there: a switch holds the old game's lock and the new one's). Every state is
built and published holding that lock, so the last state sent always names the game as it
stands.
"""

from __future__ import annotations

import os
import pathlib
import threading
import warnings
from collections.abc import Callable, Iterable
from typing import Any

import anywidget
import traitlets
from ipywidgets import CallbackDispatcher

from ..aids.hints import Hint
from ..engine.deal import random_seed
from ..engine.games import rules_for, rules_text
from ..engine.moves import Move
from ..game import Game
from ..judgement.analysis import Analysis, Settings
from ..judgement.chances import DEFAULT_SAMPLES
from ..judgement.fair_play import FAIR_SAMPLES
from ..notation.svg import svg
from ..scripting.strategies import Strategy
from ..study import BoardLesson, Study
from .aids import NO_AIDS, BoardAids
from .analysis import BoardAnalysis
from .building import StudyBuilder
from .handling import IntentHandling
from .intents import SETTINGS, brief
from .pyodide_messages import trait_to_json
from .recording import LibrarySetting, Recorder
from .run import DEMO_DELAYS, DEMO_SECONDS, BoardRuns, Run, demo_line
from .sources import game_for
from .state import Clock
from .studying import opening
from .sync import RecordingBoard, ThreadFlags
from .timeline import TimelineSync

_STATIC = pathlib.Path(__file__).parent.parent / "static"
for _bundled in ("widget.js", "widget.css"):
    if not (_STATIC / _bundled).is_file():
        raise ImportError(
            f"the widget's view is not built ({_STATIC / _bundled} is missing): "
            "run `npm install && npm run build` in the project folder (or `./run lab`)"
        )

__all__ = ["DEMO_DELAYS", "DEMO_SECONDS", "SolitaireWidget"]


def _setting_trait(name: str) -> traitlets.TraitType[Any, Any]:
    """The synced trait of a setting of ``intents.SETTINGS``."""
    setting = SETTINGS[name]
    if set(setting.choices) == {True, False}:
        trait: traitlets.TraitType[Any, Any] = traitlets.Bool(bool(setting.default), help=setting.help)
    else:
        trait = traitlets.Enum(setting.choices, setting.default, help=setting.help)
    return trait.tag(sync=True)


class SolitaireWidget(RecordingBoard, IntentHandling, anywidget.AnyWidget):
    """A game of patience shown as a board that can be played with the mouse or keyboard.

    >>> w = SolitaireWidget("father", seed=3)          # "klondike", "father", "following"
    >>> w = SolitaireWidget("klondike", seed=7, draw=3) # options as keyword arguments
    >>> w = SolitaireWidget(Game.new("following"))      # show an existing game

    ``w.game`` is the engine ``Game`` itself: moves played on it, through the widget's
    methods or on the board all show at once. ``new_game`` and ``restart`` put a new
    ``Game`` in ``w.game``. The synced ``state`` (see ``intents.py``) can be watched with
    ``w.observe(fn, names="state")``; it is read-only.

    The board records its games into the game library (``library=``: a ``Library``, a path,
    or False for none; by default ``SOLITAIRE_WIDGET_LIBRARY`` or the per-user library; see
    ``recording.py``), and shows the score when ``scoring`` is on.

    ``w.run(strategy, delay)`` plays a strategy on the board until it ends or is stopped
    (``w.stop()`` or the board's Stop button). Every method that changes the game, the
    handling of the board's intents (which JupyterLab may deliver on a thread of its own),
    a run's moves and the play aids' answers hold the game's lock, ``w.game.lock`` (also
    ``w.game.lock``); hold it too to make several calls on ``w.game`` as one. A move played
    on ``w.game`` directly is published by the thread that played it, holding that lock,
    as are the ``state`` observers and ``on_move`` callbacks it calls.
    """

    _esm = _STATIC / "widget.js"
    _css = _STATIC / "widget.css"
    state = traitlets.Dict(help="The board as the view draws it; read-only, replaced on every change.").tag(
        sync=True, to_json=trait_to_json
    )
    check_winnable = _setting_trait("check_winnable")
    autoplay_mode = _setting_trait("autoplay_mode")
    demo_speed = _setting_trait("demo_speed")
    hint_mode = _setting_trait("hint_mode")
    scoring = _setting_trait("scoring")
    recording = traitlets.Dict(help="Whether games are recorded, in words; read-only (see intents.py).").tag(
        sync=True, to_json=trait_to_json
    )
    aids = traitlets.Dict(
        NO_AIDS, help="Hint, still-winnable verdict and winnable deal on show; read-only (see intents.py)."
    ).tag(sync=True, to_json=trait_to_json)
    analysis = traitlets.Dict(
        help="The analysis of the game's line on show, or under way; read-only (see intents.py)."
    ).tag(sync=True, to_json=trait_to_json)
    rules = traitlets.Unicode(
        help="The rules of the game on show, in Markdown, as its Rules panel shows them; read-only."
    ).tag(sync=True)

    _listening = False

    def __init__(
        self,
        game: str | Game | Study = "klondike",
        seed: int | None = None,
        *,
        library: LibrarySetting = None,
        **options: object,
    ) -> None:
        """Show a new deal of ``game`` (with ``seed`` and options, as ``Game.new``), the
        ``Game`` given or the ``Study`` given at its first chapter (``studying.py``), recording
        into ``library`` (see ``library_from_setting``; a library that cannot be opened leaves
        recording off, and ``recording`` says why); the board's settings (``hint_mode``,
        ``check_winnable``, ``autoplay_mode``, ``demo_speed``, ``scoring``) may be given here too."""
        settings = {name: options.pop(name) for name in SETTINGS if name in options}
        self._this_thread = ThreadFlags()
        self._study, self._chapter, self._folder = None, None, pathlib.Path.cwd()
        self._lesson: BoardLesson | None = None
        if isinstance(game, Study):
            self._study, (self._lesson, game) = game, opening(game, 0)
            self._chapter = (0, game)
        self._game = game_for(game, seed, options)
        self._clock = Clock.for_game(self._game)
        self._recorder = Recorder(library, self._publish_recording)
        self._recorder.showing(self._game)
        self._move_callbacks = CallbackDispatcher()
        self._answered: dict[str, None] = {}
        self._views: set[str] = set()
        self._timeline = TimelineSync(self._game)
        self._timeline_reset_due = False
        self._aids = BoardAids(
            self._game,
            hold=self._holding_game,
            publish=self._publish_aids,
            version=lambda: self.state["version"],
            switch_to=self._switch_to,
            fair_hints=lambda: self.hint_mode == "fair",
        )
        self._analysis = BoardAnalysis(tasks=self._aids.tasks, published=self._publish_analysis)
        self._building = StudyBuilder(tasks=self._aids.tasks, added=self._chapter_added)
        self._runs = BoardRuns(
            self._holding_game, lambda: self._publish(None), lambda: self._lesson is not None
        )
        with self._game.lock:
            self._game.add_listener(self._on_game_change)
            self._listening = True
            # The first state goes out with the widget itself, so no view ever sees an empty one.
            self._this_thread.publishing = True
            try:
                super().__init__(
                    rules=rules_text(self._game.name),
                    state=self._next_state(1, None),
                    analysis=self._analysis.shown(self._game, self._timeline),
                    recording=self._recorder.status(),
                    **settings,
                )
            finally:
                self._this_thread.publishing = False
        self.on_msg(self._receive_intent)

    # ------------------------------------------------------------------ playing from Python
    @property
    def game(self) -> Game:
        """The ``Game`` on show (the engine object itself, not a copy)."""
        return self._game

    @property
    def game_lock(self) -> threading.RLock:
        """Deprecated (kept for a release): ``w.game.lock`` is the same lock."""
        warnings.warn(
            "SolitaireWidget.game_lock is deprecated: use w.game.lock", DeprecationWarning, stacklevel=2
        )
        return self._game.lock

    @property
    def last_run(self) -> Run | None:
        """The last run on this deal (``run``, ``demo`` or the board's Demo button): a
        ``Run``, playing or ended; None when none was started since the deal."""
        return self._runs.last

    def play(self, move: Move | str) -> Move:
        """Play ``move`` (a ``Move`` or notation such as ``"w>t3"``) and return it; see ``Game.play``.
        With ``autoplay_mode = "safe"`` the safe moves home follow it (one state update)."""
        with self._holding_game():
            return self._play_and_autoplay(move)

    def _play_and_autoplay(self, move: Move | str) -> Move:
        with self._gathered():
            played = self._game.play(move)
            if self.autoplay_mode == "safe":
                self._game.autoplay()
        return played

    def undo(self) -> Move:
        """Take back the last move and return it; ``IndexError`` when there is none."""
        with self._holding_game() as game:
            return game.undo()

    def redo(self) -> Move:
        """Play again the last move undone and return it; ``IndexError`` when there is none."""
        with self._holding_game() as game:
            return game.redo()

    def autoplay(self) -> list[Move]:
        """Send cards home while a move home is safe (see ``Game.autoplay``); return the
        moves (one state update)."""
        with self._holding_game() as game, self._gathered():
            return game.autoplay()

    def hint(
        self,
        time_limit: float | None = None,
        *,
        fair: bool | None = None,
        samples: int = FAIR_SAMPLES,
        seed: int = 0,
        node_limit: int | None = None,
    ) -> Hint:
        """A move to play, marked on the board with its sentence until the next move:
        ``Game.hint`` with the same keywords (``fair=None``: as ``hint_mode`` says), worked
        out in the widget's worker process; this waits for it. The fair hint is what the fair
        strategy would play from the cards the player has seen; the solver's sees every card.
        Either starts a line that the next hints follow while the player does. ``ValueError``
        naming a bad argument, the board unchanged."""
        if fair is not None and not isinstance(fair, bool):
            raise ValueError(f"fair must be True, False or None, not {brief(fair)}")
        settings = {"time_limit": time_limit, "samples": samples, "seed": seed, "node_limit": node_limit}
        with self._holding_game():
            self._recorder.hint_asked()
        return self._aids.hint_now(self.hint_mode == "fair" if fair is None else fair, settings)

    def analyse(
        self, samples: int = DEFAULT_SAMPLES, *, seed: int = 0, node_limit: int | None = None
    ) -> Analysis:
        """Judge every move of the game's line (all of it, the moves ahead of the one on show
        too) from what the player could see when they played it, as ``sw.analyse`` does, but
        in the widget's worker process one move at a time, so the board stays playable and
        its hints and checks are answered meanwhile (see ``widget/analysis.py``). The board
        shows the progress, then each move's judgement in the move list and the win chance
        along the line in the strip under it. Waits until it is done (as ``hint`` does),
        keeps the ``Analysis`` in the game (``w.game.analysis``) and returns it.

        Bad arguments raise ``ValueError``. Stopped (the board's Stop, Escape, interrupting
        the cell) or failed, it raises ``AnalysisStopped`` saying why, and the game is
        unchanged; so does a new deal shown meanwhile.
        """
        settings = Settings.checked(samples, seed, node_limit, None)
        with self._holding_game() as game:
            if self._lesson is not None:
                raise ValueError("not during a lesson: end_lesson() first")
            finished = self._analysis.start(game, settings)
        try:
            return finished.result()
        except KeyboardInterrupt:
            with self._holding_game():
                self._analysis.stop("interrupted")
            raise

    def legal_moves(self) -> list[Move]:
        """Every legal move now, in the engine's order."""
        with self._holding_game() as game:
            return game.legal_moves()

    def goto(self, ply: int) -> None:
        """Stand at ``ply`` of the current line (0 = the deal); see ``Game.goto``."""
        with self._holding_game() as game:
            game.goto(ply)

    def annotate(
        self,
        ply: int,
        text: str,
        marks: Iterable[object] | str | None = None,
        arrows: Iterable[object] | None = None,
    ) -> None:
        """Comment on move ``ply``, mark piles or cards and draw arrows there; see ``Game.annotate``."""
        with self._holding_game() as game:
            game.annotate(ply, text, marks, arrows)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Save the game's record (every line, comment and mark) to ``path``; see ``Game.save``."""
        with self._holding_game() as game:
            game.save(path)

    def load(self, path: str | os.PathLike[str]) -> Game:
        """Show the game recorded in ``path``, standing where it was saved; return it. A file
        that is not a good record raises ``RecordError`` and the game on show stays."""
        loaded = Game.load(path)
        with self._holding_game():
            self._switch_to(loaded)
        return loaded

    def new_game(
        self,
        game: str | Game | None = None,
        seed: int | None = None,
        *,
        winnable: bool = False,
        **options: object,
    ) -> Game:
        """Deal a new game and show it; return it (it is also ``w.game``).

        ``game`` defaults to the current game; a ``Game`` is shown as it is. ``seed``
        defaults to a random deal. While the game stays the same, options not given keep
        their current values. Bad arguments raise ``ValueError`` and change nothing.

        With ``winnable=True`` the deal is the first from ``seed`` on that the solver proves
        winnable (``Game.new``); the search runs in the widget's worker process while the
        board says "dealing a winnable game…", and the board then shows the seed dealt and
        rates its difficulty (in the worker too).
        """
        shown = self._game
        if game is None or (isinstance(game, str) and rules_for(game).name == shown.name):
            options = {**shown.options, **options}
            game = shown.name
        if not isinstance(winnable, bool):
            raise ValueError(f"winnable must be True or False, not {winnable!r}")
        if winnable:
            if isinstance(game, Game):
                raise TypeError("a Game is shown as it is: winnable=True deals a game by its name")
            # Checked here, so that bad arguments fail at once rather than in the worker.
            seed = random_seed() if seed is None else seed
            first = Game.new(game, seed, **options)
            return self._aids.deal_now(first.name, seed, first.options)
        new = game_for(game, seed, options)
        with self._holding_game():
            self._switch_to(new)
        return new

    def restart(self) -> Game:
        """Start this deal again from the beginning; return the new ``Game``.

        The beginning is the position before the first move in the game's history: the
        deal for a dealt game, the position given for one made with ``Game.from_dict``.
        """
        with self._holding_game() as game:
            start = game.copy()
            for _ in range(start.ply):
                start.undo()
            position = start.to_dict()
            del position["history"]
            fresh = Game.from_dict(position)
            self._switch_to(fresh)
        return fresh

    def on_move(self, callback: Callable[[Move], object]) -> Callable[[], None]:
        """Call ``callback(move)`` after every move played, from Python or on the board: on
        the thread that played it, holding the game's lock, once the board shows it.

        Returns a function that removes the callback. An exception in a callback is
        reported (as ipywidgets reports callback errors) and does not undo the move.
        """
        if not callable(callback):
            raise TypeError(f"on_move needs a function to call with each Move, not {brief(callback)}")
        self._move_callbacks.register_callback(callback)

        def remove() -> None:
            self._move_callbacks.register_callback(callback, remove=True)

        return remove

    # ------------------------------------------------------------------ strategies on the board
    def run(self, strategy: Strategy, delay: float = 0.3, max_moves: int | None = None) -> Run:
        """Let ``strategy`` play on the board, a move every ``delay`` seconds, until the game
        is over, the strategy resigns or fails, ``max_moves`` are played, or it is stopped
        (``stop()``, or the board's Stop button). Returns at once with the ``Run``
        (``playing``, ``end``, ``said``, ``moves``, ``wait()``); a run already going is
        stopped first.

        ``strategy`` is any callable from a read-only view of the game to a legal move or None
        (see ``sw.strategies``). While it plays, the board refuses moves of its
        own; the notebook can still change the game (the strategy then thinks again). The
        strategy chooses every move itself: ``autoplay_mode`` is not applied to its moves.
        """
        if not callable(strategy):
            raise TypeError(
                f"run needs a strategy: a callable from a game to a move or None, not {brief(strategy)}"
            )
        return self._runs.start(strategy, delay, max_moves)

    def demo(self, delay: float | None = None, time_limit: float = DEMO_SECONDS) -> Run:
        """Play the solver's winning line from where the game stands, a move every ``delay``
        seconds (``None``: as ``demo_speed`` says, 0.5 s for "normal"); the same as the
        board's Demo button. Returns at once with the ``Run``, as ``run`` does.

        The solver works in the widget's worker process for up to ``time_limit`` seconds
        before the first move, and its line is played shortened (``solver.shorten``). When it
        finds no winning line the run ends at once, saying why (``said``: the position is
        lost, or no line was found in time) and the game is as it was. Stopped (``stop()``
        or the board's Stop button), the game is an ordinary game, to be played on or undone.
        """
        line = demo_line(self._aids.solve_waited, time_limit)
        speed = DEMO_DELAYS[self.demo_speed] if delay is None else delay
        return self._runs.start(line, speed, None, demo=True)

    def stop(self) -> None:
        """Stop the strategy playing on the board, if one is: no move is played after this
        returns, and the game stands before or after a whole move."""
        self._runs.stop()

    def close(self) -> None:
        """Close the widget and its views. The game stays usable, and the widget stops
        listening to it (a closed widget must not keep a game the user holds busy)."""
        if self._listening:  # else closed already, or never made whole
            with self._holding_game() as game:
                if self._listening:  # checked again: another thread may have closed it meanwhile
                    self._runs.drop()
                    self._analysis.stop("the board was closed")
                    self._building.stop("The board was closed")
                    self._recorder.abandon(game, self._clock, self.scoring)
                    game.remove_listener(self._on_game_change)
                    self._listening = False
                    self._aids.close()
        super().close()

    # ------------------------------------------------------------------ showing itself
    def __repr__(self) -> str:
        with self._holding_game() as game:
            defaults = game.rules.option_defaults
            facts = [game.name]
            if game.seed is not None:
                facts.append(f"seed={game.seed}")
            facts += [f"{key}={value!r}" for key, value in game.options.items() if defaults.get(key) != value]
            facts.append(f"moves={game.ply}")
            outcome = game.outcome
        facts.append("playing" if outcome is None else outcome.words)
        return f"<SolitaireWidget {' '.join(facts)}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            # Where widgets do not render (a saved notebook on GitHub or nbviewer, nbconvert's
            # pages), the board still shows: as a picture of where it stood, else as text.
            bundle[0]["image/svg+xml"] = str(svg(self._game))
            bundle[0]["text/plain"] = f"{self!r}\n{self._game}"
        return bundle

    # ------------------------------------------------------------------ keeping state in step
    @traitlets.observe("check_winnable")
    def _check_winnable_changed(self, change: dict[str, Any]) -> None:
        with self._holding_game():
            self._aids.set_checking(change["new"])
