"""``Game``: a game of patience in progress: a ``Position``, the tree of every line played
with where in it the game stands (``records.line``), the listeners told of every change, and
the lock that makes each call one step for every thread (``atomic``).

``Game`` checks moves; the words (``engine.explain``), records and files (``records``), the
position dict and diagram (``notation``) live in their modules, behind thin methods here,
the play aids and what the player knows in ``advice`` (``Advice``, a part of ``Game``), the
sentences, comments, glyphs, marks and arrows in ``notes`` (``Notes``, another part), and the
handouts in ``handouts`` (``Handouts``, a third).
Search works on the ``Position`` (``g.position``).
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import time
import warnings
from collections.abc import Callable
from typing import Any

from ..aids.verdicts import first_winnable_seed
from ..atomic import atomic_members, locked
from ..engine import explain
from ..engine.cards import card_code
from ..engine.deal import check_seed, random_seed
from ..engine.games import rules_for
from ..engine.moves import IllegalMove, Move
from ..engine.outcome import Outcome, outcome_of
from ..engine.position import Position
from ..engine.rules import Rules
from ..engine.safety import safe_move_home
from ..judgement.analysis import Analysis
from ..notation import diagram, positions
from ..notation.svg import svg
from ..records import record
from ..records.line import Line, Route
from ..records.tree import Node, Row
from .advice import SEARCH_OUTSIDE_THE_LOCK, Advice, analysis_from_record
from .handouts import Handouts
from .notes import Notes

Listener = Callable[["Game", str, "Move | None"], object]
"""Called as ``listener(game, action, move)`` after every change, on the thread that made it
and holding the game's lock; see ``Game.add_listener``."""

_log = logging.getLogger("solitaire_widget")

NOT_LOCKED_THROUGHOUT = {
    "restore": "it copies the snapshot under the snapshot's lock, then takes the copy under this one",
    "__eq__": "it reads each game holding that game's lock, one at a time, so two threads cannot deadlock",
    **SEARCH_OUTSIDE_THE_LOCK,
}
"""The public methods of ``Game`` that do not hold its lock from start to end, and why."""


@atomic_members(unlocked=NOT_LOCKED_THROUGHOUT)
class Game(Notes, Advice, Handouts):
    """A patience game: its rules, options, position and history.

    >>> g = Game.new("klondike", seed=42)
    >>> move = g.legal_moves()[0]
    >>> g.play(move) == move
    True
    >>> g.undo() == move
    True
    >>> g.outcome is None
    True

    Make games with ``Game.new`` or ``Game.from_dict``, not by calling the class. Games
    pickle (for worker processes) without their listeners, and compare equal when their
    game, options, seed, position, line and ply are equal.

    Every move played stays in the game's tree (``g.root``): undo and redo step along the
    current line (``g.line``, ``g.ply``, ``g.goto``). A move played where the line goes on
    differently is added to the tree as a variation, after the continuations already there,
    and the game follows it: the main line stays the main line until ``promote`` says
    otherwise.

    A game may be shared between threads (a board, a cell, a strategy player): each public
    method and property is one atomic step, holding the game's re-entrant ``lock`` (but
    those in ``NOT_LOCKED_THROUGHOUT``, which hold it only to read); hold it yourself
    (``with g.lock: ...``) to make several calls one step. Copies, pickles and loaded games
    get a lock of their own. The nodes ``root``, ``node`` and ``node_at`` give are the live
    tree: hold the lock to read them while other threads may change the game. Listeners run
    holding the lock (see ``add_listener``).
    """

    def __init__(self, position: Position, seed: int | None) -> None:
        """The game at ``position``, with no move played yet."""
        self._position, self._seed = position, seed
        self._line = Line([Node(None, None)])
        # Replaced, never changed in place, so a notification runs over the listeners it began with.
        self._listeners: tuple[Listener, ...] = ()
        super().__init__()

    # ------------------------------------------------------------------ making games
    @classmethod
    def new(
        cls, game: str = "klondike", seed: int | None = None, *, winnable: object = False, **options: object
    ) -> Game:
        """Deal a new game.

        ``game`` is ``"klondike"``, ``"father"`` or ``"following"``; ``seed`` (0 to
        2**53 - 1) picks the deal (a random one, kept in ``g.seed``, when left out);
        options are keyword arguments: Klondike ``draw`` (1 or 3), ``redeals`` (None =
        unlimited, or a number), ``foundation_to_tableau`` (bool), ``deal_to_waste``
        (bool); Father and Following ``redeals``. A bad name or value raises
        ``ValueError`` naming the choices.

        With ``winnable=True`` the deal is the first from ``seed`` on (seed + 1, + 2, …)
        that the solver proves winnable, so the same call always gives the same deal;
        ``g.seed`` says which seed it is.
        """
        rules = rules_for(game)
        checked = rules.check_options(options)
        seed = random_seed() if seed is None else check_seed(seed)
        if not isinstance(winnable, bool):
            raise ValueError(f"winnable must be True or False, not {winnable!r}")
        if winnable:
            seed, _ = first_winnable_seed(functools.partial(Position.dealt, rules, checked), seed)
        return cls(Position.dealt(rules, checked, seed), seed)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """A game at the position ``data`` (see ``to_dict``); ``ValueError`` says what is wrong.

        When ``data`` carries the ``seed`` and ``history`` that ``to_dict`` writes, and
        they lead to this position, the history comes back too, so undo still works.
        """
        position, seed, history = positions.read(data)
        if seed is not None and history is not None:
            replayed = cls(Position.dealt(position.rules, position.options, seed), seed)
            with contextlib.suppress(ValueError):  # a history that does not lead here is dropped
                for move in history:
                    replayed.play(move)
                if replayed._position == position:
                    return replayed
        return cls(position, seed if history is None else None)

    def to_dict(self) -> dict[str, Any]:
        """The position as JSON-ready data (see ``solitaire_widget.notation.positions``),
        with ``seed`` and ``history``."""
        return positions.write(self._position, self._seed, self.history)

    def to_record(self) -> dict[str, Any]:
        """The whole game as a JSON-ready record: its start, every line with comments, marks
        and times, where it stands, and its analysis (see ``solitaire_widget.records.record``)."""
        line = self._line
        return record.write(
            self.start, self._seed, line.root, line.nodes[-1], line.ply, self._analysis_to_record()
        )

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> Game:
        """The game a record holds, standing where it was saved; ``RecordError`` (a
        ``ValueError``) says what is wrong and where."""
        read = record.read(data)
        game = cls(read.start, read.seed)
        game._line = Line([read.nodes[0]])
        game._line.move_to(read.line_end.path(), read.ply).walk(game._position)
        if read.analysis is not None:
            game._analysis = analysis_from_record(read.analysis, game.start, game.root)
        return game

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the game's record to ``path`` as JSON (UTF-8), replacing the file."""
        record.save(path, self.to_record())

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Game:
        """The game recorded in the file ``path`` (see ``save``); ``RecordError`` when the file
        is not a readable record, ``OSError`` when it cannot be read."""
        return cls.from_record(record.load(path))

    def copy(self) -> Game:
        """An independent game with the same position, tree, line, ply and analysis (no listeners)."""
        position, analysis = self._position.copy(stack=True), self._analysis
        return Game._from_parts(position, self._seed, *self._line.flat(), analysis)

    @classmethod
    def _from_parts(
        cls, position: Position, seed: int | None, rows: list[Row], end: int, ply: int, kept: Analysis | None
    ) -> Game:
        game = cls(position, seed)
        game._line, game._analysis = Line.rebuilt(rows, end, ply), kept
        return game

    def restore(self, snapshot: Game) -> None:
        """Put this game back to ``snapshot`` (a ``copy()`` or an unpickled game): position,
        seed, tree, line, ply and analysis, keeping its identity and listeners, which are not
        called. ``ValueError`` when the snapshot is of another game or options."""
        self._become(snapshot.copy())

    @locked
    def _become(self, twin: Game) -> None:
        if twin.rules is not self.rules or twin.options != self.options:
            raise ValueError(
                f"a {twin.name} snapshot with {twin.options} cannot restore this "
                f"{self.name} game with {self.options}"
            )
        self._position, self._seed, self._line = twin._position, twin._seed, twin._line
        self._analysis = twin._analysis

    def __reduce__(self) -> tuple[Any, ...]:
        # Listeners are left out: they belong to this process (a widget, a callback). The
        # tree travels flat, so however long a line is, pickling does not recurse down it.
        flat = self._line.flat()
        return (Game._from_parts, (self._position.copy(stack=True), self._seed, *flat, self._analysis))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._identity() == other._identity()

    @locked
    def _identity(self) -> tuple[object, ...]:
        """What two equal games share: game, options, position, seed, line and ply."""
        return (self.rules, self.options, self._position.key(), self._seed, self._line.ply, self.line)

    __hash__ = None  # type: ignore[assignment]  # mutable

    # ------------------------------------------------------------------ looking
    @property
    def position(self) -> Position:
        """A copy of the current position, to read or to search from (cheap: it does not
        carry the history, and changing it leaves the game alone)."""
        return self._position.copy()

    @property
    def start(self) -> Position:
        """A copy of the position the game starts from (the deal, or the position given)."""
        start = self._position.copy(stack=True)
        Route(self._line.ply, ()).walk(start)
        return start.copy()

    @property
    def name(self) -> str:
        """The game's name, e.g. ``"klondike"``."""
        return self._position.rules.name

    @property
    def title(self) -> str:
        """The game's name for people, e.g. ``"Klondike"``."""
        return self._position.rules.title

    @property
    def rules(self) -> Rules:
        """The game's rules."""
        return self._position.rules

    @property
    def seed(self) -> int | None:
        """The seed this game was dealt from (None for a position set up by hand)."""
        return self._seed

    @property
    def options(self) -> dict[str, object]:
        """A copy of the game's options."""
        return self._position.options

    @property
    def redeals_left(self) -> int | None:
        """Redeals still allowed (None when unlimited)."""
        return self._position.redeals_left

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves played so far, oldest first (the current line up to ``ply``)."""
        return self._line.history

    @property
    def future(self) -> tuple[Move, ...]:
        """The moves ``redo`` would play again, next first (the current line after ``ply``)."""
        return self._line.future

    @property
    def line(self) -> tuple[Move, ...]:
        """Every move of the current line, also the ones ahead of where the game stands."""
        return self._line.moves

    @property
    def ply(self) -> int:
        """How many moves of the current line are played (0 at the start)."""
        return self._line.ply

    @property
    def root(self) -> Node:
        """The start of the move tree; its ``variations`` are the first moves tried."""
        return self._line.root

    @property
    def node(self) -> Node:
        """The node where the game stands (the root at the start)."""
        return self._line.node

    def node_at(self, ply: int) -> Node:
        """The node of the current line at ``ply`` (0 = the start); ``IndexError`` when out of range."""
        return self._line.nodes[self._line.checked_ply(ply)]

    @property
    def pile_ids(self) -> tuple[str, ...]:
        """Every pile of this game: stock, waste, foundations, tableau."""
        return self._position.pile_ids

    def foundation_takes(self, index: int) -> list[str]:
        """Codes of the cards foundation ``index`` would take now."""
        return [card_code(card) for card in self._position.foundation_wants(index)]

    @property
    def is_won(self) -> bool:
        """True when all 52 cards are on the foundations."""
        return self._position.is_won

    @property
    def outcome(self) -> Outcome | None:
        """None while the game is on; else how it ended (``.termination``, a ``Termination``)
        and why, in words (``.reason``)."""
        return outcome_of(self._position)

    @property
    def is_over(self) -> bool:
        """True when the game is won or no useful move is left (see ``outcome``)."""
        return self.outcome is not None

    @property
    def over_reason(self) -> str | None:
        """Deprecated (kept for a release): ``g.outcome`` says the same (None while the game is
        on; ``g.outcome.words``: ``"won"``, else why play is stuck)."""
        warnings.warn(
            "Game.over_reason is deprecated: use g.outcome (.words, .reason)",
            DeprecationWarning,
            stacklevel=2,
        )
        outcome = self.outcome
        return None if outcome is None else outcome.words

    def __str__(self) -> str:
        return diagram.board(self._position, self._seed, self._line.ply, self.outcome)

    def __repr__(self) -> str:
        seed = "" if self._seed is None else f" seed={self._seed}"
        return f"<Game {self.name}{seed} moves={self._line.ply}>"

    def _repr_svg_(self) -> str:
        return svg(self)

    # ------------------------------------------------------------------ moves
    def legal_moves(self) -> list[Move]:
        """Every legal move, in a fixed order: to foundations, tableau to tableau,
        waste to tableau, foundation to tableau, then drawing or redealing."""
        return self._position.legal_moves()

    def play(self, move: Move | str) -> Move:
        """Play ``move`` (a ``Move`` or its notation, e.g. ``"w>t3"``) and return it.

        Raises ``IllegalMove`` (a ``ValueError``) saying which rule the move breaks;
        the game is then left exactly as it was. Playing the line's next move keeps the moves
        after it ahead, as ``redo`` does. Another move is added to the tree as a new variation
        here, after the continuations already there, and the game follows it: the moves that
        were ahead keep their place in the tree (the main line stays the main line; see
        ``promote``), and ``future`` is then empty, unless the move was tried here before and
        its line goes on.
        """
        if not isinstance(move, Move):
            move = explain.parse(self._position, move)
        if not self._position.is_legal(move):
            raise IllegalMove(move, explain.why_illegal(self._position, move))
        self._line.advance(move, time.time())
        self._position.push(move)
        self._notify("play", move)
        return move

    def parse_move(self, move: Move | str) -> Move:
        """``move`` as a ``Move``; text may name a bare ``f`` for "the foundation that takes it"."""
        return explain.parse(self._position, move)

    def explain(self, move: Move | str) -> str:
        """Why ``move`` is illegal, in the words ``IllegalMove`` would use, or what it does."""
        return explain.judged(self._position, move)

    def undo(self) -> Move:
        """Take back the last move and return it; ``IndexError`` when there is none."""
        if self._line.ply == 0:
            raise IndexError("nothing to undo: no move has been played")
        move = self._position.pop()
        self._line.ply -= 1
        self._notify("undo", move)
        return move

    def redo(self) -> Move:
        """Play again the next move of the line and return it; ``IndexError`` when there is none."""
        future = self._line.future
        if not future:
            raise IndexError("nothing to redo: no move has been undone since the last play")
        self._position.push(future[0])
        self._line.ply += 1
        self._notify("redo", future[0])
        return future[0]

    def goto(self, ply: int) -> None:
        """Stand at ``ply`` of the current line (0 = the start) in one step;
        ``IndexError`` when the line has no such ply."""
        self._walk(self._line.move_to(self._line.nodes, self._line.checked_ply(ply)))

    def enter(self, node: Node) -> None:
        """Stand on ``node``, anywhere in this game's tree: its line becomes the current line,
        continued by its main continuation."""
        self._walk(self._line.enter(self._line.check_own(node)))

    def promote(self, node: Node) -> None:
        """Make ``node`` its parent's main continuation (the first of its variations), the
        others keeping their order after it; the game stays where it stands. ``ValueError``
        for the start or a node of another game's tree."""
        self._line.check_own(node).promote()
        self._notify("edit", None)

    def delete(self, node: Node) -> None:
        """Remove ``node`` and every move after it from the tree. When the game stands on the
        moves removed, it goes back to the move before ``node``; the current line then ends
        there, or follows the main continuation where it branched."""
        route = self._line.delete(self._line.check_own(node))
        if route is None:
            self._notify("edit", None)
        else:
            self._walk(route)

    def _walk(self, route: Route) -> None:
        """Bring the position to where the line now stands, and tell the listeners."""
        route.walk(self._position)
        self._notify("goto", self._line.node.move)

    def autoplay(self) -> list[Move]:
        """Send cards home while a move home is *safe* (it can never turn a game that can
        be won into one that cannot; the rule of each game is in ``engine.safety``), one
        at a time; return the moves played."""
        played: list[Move] = []
        while (move := safe_move_home(self._position)) is not None:
            played.append(self.play(move))
        return played

    # ------------------------------------------------------------------ listeners
    def add_listener(self, listener: Listener) -> None:
        """Call ``listener(game, action, move)`` after every change. ``action`` is
        ``"play"``, ``"undo"`` or ``"redo"`` with the move; ``"goto"`` after ``goto``,
        ``enter`` or a ``delete`` that moved the game, with the move it now stands after
        (None at the start); ``"edit"`` after a comment, mark or variation changed, with None.

        Listeners are called on the thread that made the change, once it is complete, holding
        the game's lock: a listener sees the whole game as the change left it and may read it
        (or change it again) while other threads wait, so it must not wait for another thread
        that needs this game. The change stands whatever a listener does: an exception it
        raises is logged (logger ``"solitaire_widget"``, with its traceback) and the other
        listeners are still called (a ``BaseException`` such as ``KeyboardInterrupt`` goes on
        up, the change complete, the listeners after it not called). Copies and pickles of a
        game do not keep its listeners."""
        self._listeners = (*self._listeners, listener)

    def remove_listener(self, listener: Listener) -> None:
        """Stop calling ``listener``; ``ValueError`` if it was not added."""
        listeners = list(self._listeners)
        listeners.remove(listener)
        self._listeners = tuple(listeners)

    def _notify(self, action: str, move: Move | None) -> None:
        for listener in self._listeners:
            try:
                listener(self, action, move)
            except Exception:
                _log.exception(
                    "a listener of %r failed after %s %s; the %s stands", self, action, move, action
                )
