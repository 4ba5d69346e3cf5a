"""``Game``: a game of patience in progress: a ``Position``, the moves that led to it (and
the ones undone), and the listeners told of every change.

``Game`` checks every move, explains refusals in words, and writes and reads the text
diagram and the position dict (``solitaire_widget.notation``). Search works on the
``Position`` (``g.position``), which plays unchecked and fast.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from .engine import explain
from .engine.cards import card_code
from .engine.deal import check_seed, random_seed, shuffled_deck
from .engine.games import rules_for
from .engine.moves import ANY_FOUNDATION, IllegalMove, Move, parse_parts
from .engine.outcome import Outcome, Termination, outcome_of
from .engine.position import Position
from .engine.rules import NO_CARD, Rules
from .notation import diagram, positions

Listener = Callable[["Game", str, Move], object]
"""Called as ``listener(game, action, move)``; ``action`` is ``"play"``, ``"undo"`` or ``"redo"``."""

_log = logging.getLogger("solitaire_widget")


class Game:
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
    game, options, seed, position, history and redo list are equal.
    """

    def __init__(self, position: Position, seed: int | None, undone: list[Move] | None = None) -> None:
        """The game at ``position`` (whose move stack is the history); ``undone`` is the redo
        list, next move last."""
        self._position = position
        self._seed = seed
        self._undone: list[Move] = [] if undone is None else undone
        self._listeners: list[Listener] = []

    # ------------------------------------------------------------------ making games
    @classmethod
    def new(cls, game: str = "klondike", seed: int | None = None, **options: object) -> Game:
        """Deal a new game.

        ``game`` is ``"klondike"``, ``"father"`` or ``"following"``; ``seed`` (0 to
        2**53 - 1) picks the deal (a random one, kept in ``g.seed``, when left out);
        options are keyword arguments: Klondike ``draw`` (1 or 3), ``redeals`` (None =
        unlimited, or a number), ``foundation_to_tableau`` (bool); Father and Following
        ``redeals``. A bad name or value raises ``ValueError`` naming the choices.
        """
        rules = rules_for(game)
        checked = rules.check_options(options)
        seed = random_seed() if seed is None else check_seed(seed)
        layout = rules.deal(shuffled_deck(seed))
        layout.redeals_left = rules.redeals(checked)
        return cls(Position(rules, checked, layout), seed)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """A game at the position ``data`` (see ``to_dict``); ``ValueError`` says what is wrong.

        When ``data`` carries the ``seed`` and ``history`` that ``to_dict`` writes, and
        they lead to this position, the history comes back too, so undo still works.
        """
        position, seed, history = positions.read(data)
        if seed is not None and history is not None:
            replayed: Game | None = cls.new(position.rules.name, seed, **position.options)
            try:
                for move in history:
                    replayed.play(move)  # type: ignore[union-attr]
            except ValueError:
                replayed = None
            if replayed is not None and replayed._position == position:
                return replayed
        return cls(position, seed if history is None else None)

    def to_dict(self) -> dict[str, Any]:
        """The position as JSON-ready data (see ``solitaire_widget.notation.positions``),
        with ``seed`` and ``history``."""
        return positions.write(self._position, self._seed, self.history)

    def copy(self) -> Game:
        """An independent game with the same position, history and redo list (no listeners)."""
        return Game(self._position.copy(stack=True), self._seed, list(self._undone))

    def restore(self, snapshot: Game) -> None:
        """Put this game back to ``snapshot`` (a ``copy()`` or an unpickled game): position,
        seed, history and redo list, keeping its identity and listeners, which are not
        called. ``ValueError`` when the snapshot is of another game or options."""
        if snapshot.rules is not self.rules or snapshot.options != self.options:
            raise ValueError(
                f"a {snapshot.name} snapshot with {snapshot.options} cannot restore this "
                f"{self.name} game with {self.options}"
            )
        twin = snapshot.copy()
        self._position, self._seed, self._undone = twin._position, twin._seed, twin._undone

    def __reduce__(self) -> tuple[Any, ...]:
        # Listeners are left out: they belong to this process (a widget, a callback).
        return (Game, (self._position.copy(stack=True), self._seed, list(self._undone)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (
            self._position == other._position
            and self._seed == other._seed
            and self.history == other.history
            and self._undone == other._undone
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    # ------------------------------------------------------------------ looking
    @property
    def position(self) -> Position:
        """A copy of the current position, to read or to search from (cheap: it does not
        carry the history, and changing it leaves the game alone)."""
        return self._position.copy()

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
        """The moves played so far, oldest first."""
        return self._position.move_stack

    @property
    def future(self) -> tuple[Move, ...]:
        """The moves ``redo`` would play again, next first."""
        return tuple(reversed(self._undone))

    @property
    def pile_ids(self) -> tuple[str, ...]:
        """Every pile of this game: stock, waste, foundations, tableau."""
        return self._position.pile_ids

    def foundation_takes(self, index: int) -> list[str]:
        """Codes of the cards foundation ``index`` would take now."""
        pile = self._position.cards(f"foundation/{index}")
        wants = self.rules.foundation_wants[index][pile[-1] if pile else NO_CARD]
        return [card_code(card) for card in sorted(wants)]

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
        """None while the game is on, ``"won"`` when won, else why play is stuck, in words."""
        outcome = self.outcome
        if outcome is None:
            return None
        return "won" if outcome.termination is Termination.WON else outcome.reason

    def __str__(self) -> str:
        return diagram.board(self._position, self._seed, len(self.history), self.outcome)

    def __repr__(self) -> str:
        seed = "" if self._seed is None else f" seed={self._seed}"
        return f"<Game {self.name}{seed} moves={len(self.history)}>"

    # ------------------------------------------------------------------ moves
    def legal_moves(self) -> list[Move]:
        """Every legal move, in a fixed order: to foundations, tableau to tableau,
        waste to tableau, foundation to tableau, then drawing or redealing."""
        return self._position.legal_moves()

    def play(self, move: Move | str) -> Move:
        """Play ``move`` (a ``Move`` or its notation, e.g. ``"w>t3"``) and return it.

        Raises ``IllegalMove`` (a ``ValueError``) saying which rule the move breaks;
        the game is then left exactly as it was. Playing clears the redo list.
        """
        move = self.parse_move(move)
        if not self._position.is_legal(move):
            raise IllegalMove(move, explain.refusal(self._position, move) or "it is not a legal move here")
        self._position.push(move)
        self._undone.clear()
        self._notify("play", move)
        return move

    def parse_move(self, move: Move | str) -> Move:
        """``move`` as a ``Move``; text may name a bare ``f`` for "the foundation that takes it"."""
        if isinstance(move, Move):
            return move
        source, target, count = parse_parts(move)
        if target != ANY_FOUNDATION:
            return Move(source, target, count)
        for legal in self._position.legal_moves():
            if legal.source == source and legal.count == count and legal.target.startswith("foundation/"):
                return legal
        raise IllegalMove(move, "no foundation takes that card now")

    def explain(self, move: Move | str) -> str:
        """Why ``move`` is illegal, in the words ``IllegalMove`` would use, or what it does."""
        try:
            move = self.parse_move(move)
        except IllegalMove as refused:
            return refused.reason
        if self._position.is_legal(move):
            return f"legal: {explain.describe(self._position, move)}"
        return explain.refusal(self._position, move) or "it is not a legal move here"

    def undo(self) -> Move:
        """Take back the last move and return it; ``IndexError`` when there is none."""
        if not self._position.move_stack:
            raise IndexError("nothing to undo: no move has been played")
        move = self._position.pop()
        self._undone.append(move)
        self._notify("undo", move)
        return move

    def redo(self) -> Move:
        """Play again the last move undone and return it; ``IndexError`` when there is none."""
        if not self._undone:
            raise IndexError("nothing to redo: no move has been undone since the last play")
        move = self._undone.pop()
        self._position.push(move)
        self._notify("redo", move)
        return move

    def autoplay(self) -> list[Move]:
        """Send every card that can go to a foundation there, until none can; return the moves."""
        played: list[Move] = []
        while True:
            move = next(
                (
                    m
                    for m in self._position.legal_moves()
                    if m.target.startswith("foundation/") and not m.source.startswith("foundation/")
                ),
                None,
            )
            if move is None:
                return played
            played.append(self.play(move))

    # ------------------------------------------------------------------ listeners
    def add_listener(self, listener: Listener) -> None:
        """Call ``listener(game, action, move)`` after every play, undo and redo
        (``action`` is ``"play"``, ``"undo"`` or ``"redo"``).

        The change stands whatever a listener does: an exception a listener raises is
        logged (logger ``"solitaire_widget"``, with its traceback), the other listeners
        are still called, and the move is not taken back. Copies and pickles of a game do
        not keep its listeners."""
        self._listeners.append(listener)

    def remove_listener(self, listener: Listener) -> None:
        """Stop calling ``listener``; ``ValueError`` if it was not added."""
        self._listeners.remove(listener)

    def _notify(self, action: str, move: Move) -> None:
        for listener in list(self._listeners):
            try:
                listener(self, action, move)
            except Exception:
                _log.exception(
                    "a listener of %r failed after %s %s; the %s stands", self, action, move, action
                )
