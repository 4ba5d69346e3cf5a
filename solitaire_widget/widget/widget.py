"""``SolitaireWidget``: a game of patience to play in Jupyter, driven from Python or the board.

>>> import solitaire_widget as sw
>>> w = sw.SolitaireWidget("klondike", seed=7, library=False)  # records no game (see recording.py)
>>> w.play(w.legal_moves()[0])
Move(source='tableau/4', target='foundation/0', count=1)
>>> w.state["moves"]
1

The state it syncs to its views and the intents it takes from them are documented in
``protocol.md``. The widget is its Python API over the parts it owns (``parts.py``): the
state is published, holding the game's lock, by ``sync.py`` (which says how threads share
the board), the intents are carried out in ``handling.py`` and strategies run in ``run.py``.
"""

from __future__ import annotations

import os
import threading
import warnings
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

import anywidget
import traitlets

from ..aids.hints import Hint
from ..engine.games import rules_text
from ..engine.moves import Move
from ..game import Game
from ..judgement.analysis import Analysis, Settings
from ..judgement.chances import DEFAULT_SAMPLES
from ..judgement.fair_play import FAIR_SAMPLES
from ..lesson import Lesson, MistakesLesson
from ..library import Library
from ..notation.svg import svg
from ..scripting.strategies import Strategy
from ..study import Chapter, Study
from .aids import NO_AIDS
from .intents import SETTINGS, brief
from .parts import BoardParts
from .recording import LibrarySetting, scorings_for
from .run import DEMO_DELAYS, DEMO_SECONDS, Run, demo_line
from .sources import after, from_the_start, game_for, game_of
from .state import summary
from .studying import first_shown, opening
from .sync import ThreadFlags
from .traits import READ_ONLY, STATIC, read_only_dict, setting_trait

__all__ = ["DEMO_DELAYS", "DEMO_SECONDS", "SolitaireWidget"]


class SolitaireWidget(anywidget.AnyWidget):
    """A game of patience shown as a board that can be played with the mouse or keyboard.

    >>> w = SolitaireWidget("father", seed=3)          # "klondike", "father", "following"
    >>> w = SolitaireWidget("klondike", seed=7, draw=3) # options as keyword arguments
    >>> w = SolitaireWidget(Game.new("following"))      # show an existing game

    ``w.game`` is the engine ``Game`` itself: moves played on it, through the widget's
    methods or on the board all show at once. ``new_game`` and ``restart`` put a new
    ``Game`` in ``w.game``. The synced ``state`` (see ``protocol.md``) can be watched with
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

    _esm = STATIC / "widget.js"
    _css = STATIC / "widget.css"
    state = read_only_dict("The board as the view draws it; read-only, replaced on every change.")
    check_winnable = setting_trait("check_winnable")
    autoplay_mode = setting_trait("autoplay_mode")
    demo_speed = setting_trait("demo_speed")
    hint_mode = setting_trait("hint_mode")
    scoring = setting_trait("scoring")
    recording = read_only_dict("Whether games are recorded, in words; read-only (see protocol.md).")
    aids = read_only_dict(
        "Hint, still-winnable verdict and winnable deal on show; read-only (see protocol.md).", NO_AIDS
    )
    analysis = read_only_dict(
        "The analysis of the game's line on show, or under way; read-only (see protocol.md)."
    )
    rules = traitlets.Unicode(
        help="The rules of the game on show, in Markdown, as its Rules panel shows them; read-only."
    ).tag(sync=True)

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
        game, opened = first_shown(game)
        shown = game_for(game, seed, options)
        parts = BoardParts.assemble(
            shown, opened, self, library=library, flags=self._this_thread, write=self._publish_traits
        )
        self._parts = parts
        self._sync, self._recorder, self._aids = parts.sync, parts.recorder, parts.aids
        self._analysis, self._runs = parts.analysis, parts.runs
        self._studies, self._building = parts.studies, parts.building
        with shown.lock:
            self._sync.listen()
            # The first state goes out with the widget itself, so no view ever sees an empty one.
            with self._this_thread.publishing_now():
                super().__init__(
                    rules=rules_text(shown.name),
                    state=self._sync.next_state(1, None),
                    analysis=self._analysis.shown(shown, self._sync.timeline),
                    recording=self._recorder.status(),
                    **settings,
                )
        self.on_msg(self._receive_intent)

    # ------------------------------------------------------------------ playing from Python
    @property
    def game(self) -> Game:
        """The ``Game`` on show (the engine object itself, not a copy)."""
        return self._sync.game

    @property
    def game_lock(self) -> threading.RLock:
        """Deprecated (kept for a release): ``w.game.lock`` is the same lock."""
        warnings.warn(
            "SolitaireWidget.game_lock is deprecated: use w.game.lock", DeprecationWarning, stacklevel=2
        )
        return self._sync.game.lock

    @property
    def last_run(self) -> Run | None:
        """The last run on this deal (``run``, ``demo`` or the board's Demo button): a
        ``Run``, playing or ended; None when none was started since the deal."""
        return self._runs.last

    def play(self, move: Move | str) -> Move:
        """Play ``move`` (a ``Move`` or notation such as ``"w>t3"``) and return it; see ``Game.play``.
        With ``autoplay_mode = "safe"`` the safe moves home follow it (one state update)."""
        with self._sync.holding() as game, self._sync.gathered():
            played = game.play(move)
            if self.autoplay_mode == "safe":
                game.autoplay()
        return played

    def undo(self) -> Move:
        """Take back the last move and return it; ``IndexError`` when there is none."""
        with self._sync.holding() as game:
            return game.undo()

    def redo(self) -> Move:
        """Play again the last move undone and return it; ``IndexError`` when there is none."""
        with self._sync.holding() as game:
            return game.redo()

    def autoplay(self) -> list[Move]:
        """Send cards home while a move home is safe (see ``Game.autoplay``); return the
        moves (one state update)."""
        with self._sync.holding() as game, self._sync.gathered():
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
        with self._sync.holding():
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
        with self._sync.holding() as game:
            if self._studies.lesson is not None:
                raise ValueError("not during a lesson: end_lesson() first")
            finished = self._analysis.start(game, settings)
        return self._aids.tasks.result_or_stop(finished, lambda: self._analysis.stop("interrupted"))

    def legal_moves(self) -> list[Move]:
        """Every legal move now, in the engine's order."""
        with self._sync.holding() as game:
            return game.legal_moves()

    def goto(self, ply: int) -> None:
        """Stand at ``ply`` of the current line (0 = the deal); see ``Game.goto``."""
        with self._sync.holding() as game:
            game.goto(ply)

    def annotate(
        self,
        ply: int,
        text: str,
        marks: Iterable[object] | str | None = None,
        arrows: Iterable[object] | None = None,
    ) -> None:
        """Comment on move ``ply``, mark piles or cards and draw arrows there; see ``Game.annotate``."""
        with self._sync.holding() as game:
            game.annotate(ply, text, marks, arrows)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Save the game's record (every line, comment and mark) to ``path``; see ``Game.save``."""
        with self._sync.holding() as game:
            game.save(path)

    def load(self, path: str | os.PathLike[str]) -> Game:
        """Show the game recorded in ``path``, standing where it was saved; return it. A file
        that is not a good record raises ``RecordError`` and the game on show stays."""
        loaded = Game.load(path)
        with self._sync.holding():
            self._sync.switch_to(loaded)
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
        game, options = after(self._sync.game, game, options)
        if not isinstance(winnable, bool):
            raise ValueError(f"winnable must be True or False, not {winnable!r}")
        if winnable:
            return self._aids.deal_now(game, seed, options)
        new = game_for(game, seed, options)
        with self._sync.holding():
            self._sync.switch_to(new)
        return new

    def restart(self) -> Game:
        """Start this deal again from the beginning; return the new ``Game``.

        The beginning is the position before the first move in the game's history: the
        deal for a dealt game, the position given for one made with ``Game.from_dict``.
        """
        with self._sync.holding() as game:
            fresh = from_the_start(game)
            self._sync.switch_to(fresh)
        return fresh

    def on_move(self, callback: Callable[[Move], object]) -> Callable[[], None]:
        """Call ``callback(move)`` after every move played, from Python or on the board: on
        the thread that played it, holding the game's lock, once the board shows it.

        Returns a function that removes the callback. An exception in a callback is
        reported (as ipywidgets reports callback errors) and does not undo the move.
        """
        if not callable(callback):
            raise TypeError(f"on_move needs a function to call with each Move, not {brief(callback)}")
        self._parts.move_callbacks.register_callback(callback)
        return partial(self._parts.move_callbacks.register_callback, callback, remove=True)

    @property
    def library(self) -> Library | None:
        """The ``Library`` this board records its games into; None when recording is off (or
        stopped by a failure: ``recording`` says why)."""
        return self._recorder.library

    # ------------------------------------------------------------------ lessons and studies
    @property
    def study(self) -> Study | None:
        """The ``Study`` on show (None when the board shows a game alone). Its chapters' games
        are the ones the board shows, so what is played or annotated there is in the study."""
        return self._studies.study

    def open_study(self, source: Study | str | os.PathLike[str], chapter: int = 0) -> Study:
        """Show ``source`` (a ``Study`` or a study file) at ``chapter`` and return the study;
        ``RecordError`` or ``ValueError`` for a bad file or chapter, the board unchanged."""
        study = source if isinstance(source, Study) else Study.load(source)
        lesson, game = opening(study, chapter)
        with self._sync.holding():
            self._studies.show_chapter(study, chapter, lesson, game)
        return study

    def open_chapter(self, index: int) -> Game:
        """Show chapter ``index`` of the study on show (an exercise starts from its first
        question); return the game shown. ``ValueError`` without a study or a chapter there."""
        study = self._studies.study
        if study is None:
            raise ValueError("the board shows no study: open_study first")
        self.open_study(study, index)
        return self._sync.game

    def lesson(self, source: Game | dict[str, Any] | str | os.PathLike[str]) -> Lesson:
        """Start a lesson on ``source`` (a ``Game``, a record dict or a record file): the board
        shows its start and the student must find each next move of its main line. The
        right move is played and its comment shown; another legal move is refused with
        "legal, but the lesson plays something else"; "Show me" plays the move. Undo, new
        games and the like wait until ``end_lesson()``. Returns the ``Lesson`` (its counts)."""
        lesson = Lesson(game_of(source))
        with self._sync.holding():
            self._studies.start_lesson(lesson)
        return lesson

    def learn_from_mistakes(
        self, source: Game | dict[str, Any] | str | os.PathLike[str] | None = None
    ) -> MistakesLesson:
        """Learn from your mistakes: a lesson on an analysed game (``source`` as for ``lesson``;
        the game on the board when None) that stops before each move its analysis judged a
        mistake or a blunder and asks for a better one (see ``MistakesLesson``). "Show me" plays
        the best move. ``ValueError`` when the game has no analysis or no mistake, and the
        board is left as it was. Returns the ``MistakesLesson`` (its counts)."""
        lesson = MistakesLesson(self._sync.game if source is None else game_of(source))
        with self._sync.holding():
            self._studies.start_lesson(lesson)
        return lesson

    def end_lesson(self) -> None:
        """End the lesson: the game on show plays on as an ordinary game."""
        with self._sync.holding():
            self._studies.end_lesson()

    # ------------------------------------------------------------------ building a study
    def start_study(self, title: str) -> Study:
        """Show a new, empty study titled ``title`` (the game on show stays) and return it; add
        chapters with ``add_chapter``. ``ValueError`` for a bad title or during a lesson."""
        with self._sync.holding():
            return self._building.start_study(title)

    @property
    def asked(self) -> dict[int, str]:
        """The moves of the game on show marked as questions for the next chapter: {ply of the
        main line: the author's hint}."""
        with self._sync.holding():
            return self._building.asked()

    def ask(self, ply: int, hint: str = "") -> None:
        """Mark move ``ply`` (1 = the first) of the main line of the game on show as a question of
        the next chapter, with the author's ``hint``; ``ValueError`` saying why not."""
        with self._sync.holding():
            self._building.ask(ply, hint)

    def unask(self, ply: int) -> None:
        """Take away the question at move ``ply`` of the main line; ``ValueError`` if none is there."""
        with self._sync.holding():
            self._building.unask(ply)

    def add_chapter(self, title: str) -> Chapter:
        """Add the game on show to the study on show as its next chapter titled ``title`` (the
        game itself, or a copy when it is a chapter already), an exercise when moves are
        asked (``ask``); waits while they are judged in the worker, as the board's Add
        chapter does (``building.py``), and returns the ``Chapter``. ``ValueError`` saying
        why not, the study unchanged."""
        with self._sync.holding():
            finished = self._building.add_chapter(title)
        return self._aids.tasks.result_or_stop(finished, lambda: self._parts.builder.stop("Interrupted"))

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
        parts: BoardParts | None = getattr(self, "_parts", None)
        if parts is not None:  # else never made whole
            parts.close()
        super().close()

    # ------------------------------------------------------------------ showing itself
    def __repr__(self) -> str:
        with self._sync.holding() as game:
            return f"<SolitaireWidget {summary(game)}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            # Where widgets do not render (a saved notebook on GitHub or nbviewer, nbconvert's
            # pages), the board still shows: as a picture of where it stood, else as text.
            bundle[0]["image/svg+xml"] = str(svg(self._sync.game))
            bundle[0]["text/plain"] = f"{self!r}\n{self._sync.game}"
        return bundle

    # ------------------------------------------------------------------ keeping state in step
    def _publish_traits(self, **traits: object) -> None:
        """Write the read-only ``traits``, in order, as this thread's publishing."""
        with self._this_thread.publishing_now():
            for name, value in traits.items():
                setattr(self, name, value)

    def _receive_intent(self, _widget: object, content: object, buffers: object) -> None:
        """Carry out or refuse one intent from a view; never raises (``handling.IntentHandler``)."""
        self._parts.intents.receive(content, buffers)

    @traitlets.validate(*READ_ONLY)
    def _only_while_publishing(self, proposal: dict[str, Any]) -> object:
        if not self._this_thread.publishing:
            raise traitlets.TraitError(READ_ONLY[proposal["trait"].name])
        return proposal["value"]

    @traitlets.validate("scoring")
    def _scoring_for_the_game(self, proposal: dict[str, Any]) -> str:
        scoring: str = proposal["value"]
        game = self._sync.game
        if scoring not in scorings_for(game.name):
            raise traitlets.TraitError(f"{scoring} scoring is for Klondike only, not {game.title}")
        return scoring

    @traitlets.observe("scoring")
    def _scoring_changed(self, _change: dict[str, Any]) -> None:
        with self._sync.holding():
            self._sync.publish(None)

    @traitlets.observe("check_winnable")
    def _check_winnable_changed(self, change: dict[str, Any]) -> None:
        with self._sync.holding():
            self._aids.set_checking(change["new"])
