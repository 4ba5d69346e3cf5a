"""Depth-first search for a winning line, on a ``Position`` with push/pop.

The technique
=============

*Thoughtful* solitaire: the search reads every pile of the position, face-down cards and
the order of the stock included, so its verdict is about a player who knows where every
card is. "unwinnable" means no sequence of legal moves wins, whatever the order of play.

- **Depth-first search** over ``Position.push``/``pop`` (iterative, so long lines do not
  hit Python's recursion limit), with the moves of ``Position.legal_moves()``: the engine's
  own move generator, so the solver never plays a move the rules refuse.
- **Canonical keys**: the rules of the three games do not depend on a tableau pile's
  index, so the key sorts the piles (face-down and face-up parts together); nor on a
  foundation's index (in Father, within the Ace foundations and within the King
  foundations), so those are sorted too. Positions that differ only by the order of the
  piles are searched once.
- **Visited positions**: a position on the current line is never entered again (this cuts
  draw cycles and moves that undo the one before). A position whose search is finished
  without a win is kept in a table and never searched again. This is plain depth-first
  reachability with a visited set, so it stays exact even for positions left because a move
  led back onto the line: every position reachable from the start is still entered once
  (the search of the start ends only when all of them were). The table is bounded
  (``MAX_LOST`` keys); when full it is cleared, which only costs repeated work.
- **Safe foundation moves**: when a move to a foundation is *safe* (playing it now can
  never turn a won game into a lost one; see ``_safe_move`` for the argument per game)
  it is the only move tried in that position.
- **Move ordering**: foundation moves, moves that turn a face-down card or empty a pile,
  waste to tableau, the other tableau moves, foundation to tableau, then the stock.
- **Pruned**: a whole pile with nothing face down under it moved into an empty pile (the
  position is the same up to pile order, so its key is the current one).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from ..engine import Move, Position
from ..game import Game

Verdict = Literal["winnable", "unwinnable", "unknown"]
Key = tuple[int | None, bytes]

MAX_LOST = 2_000_000
"""Most keys kept in the table of positions searched without a win (about 0.5 GB at most)."""

_CHECK_EVERY = 256
"""Nodes between two looks at the clock."""

_SEP = b"\xff"  # never a card (cards are 0..51)
_DOWN_UP = b"\xfe"


@dataclass(frozen=True)
class SolveResult:
    """What ``solve`` found.

    ``verdict`` is ``"winnable"``, ``"unwinnable"`` or ``"unknown"`` (a limit was hit
    first); ``moves`` is a winning line from the game's current position when winnable
    (``Game.play`` replays it to a win), else empty; ``nodes`` counts the positions
    searched and ``seconds`` the time taken.
    """

    verdict: Verdict
    moves: tuple[Move, ...]
    nodes: int
    seconds: float


class _Stop(Exception):
    """A limit was hit."""


def _check_limits(time_limit: object, node_limit: object) -> tuple[float | None, int | None]:
    if time_limit is not None:
        if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
            raise ValueError(f"time_limit must be a number of seconds above 0 or None, not {time_limit!r}")
        if math.isnan(time_limit) or math.isinf(time_limit) or time_limit <= 0:
            raise ValueError(
                f"time_limit must be a finite number of seconds above 0 or None, not {time_limit!r}"
            )
    if node_limit is not None and (
        isinstance(node_limit, bool) or not isinstance(node_limit, int) or node_limit < 1
    ):
        raise ValueError(f"node_limit must be a whole number from 1 or None, not {node_limit!r}")
    if time_limit is None and node_limit is None:
        raise ValueError(
            "time_limit=None needs a node_limit: the solver never searches without any bound "
            "(give time_limit in seconds, node_limit in positions, or both)"
        )
    return (None if time_limit is None else float(time_limit)), node_limit


def solve(game: Game, *, time_limit: float | None = 10.0, node_limit: int | None = None) -> SolveResult:
    """Search the game's current position for a winning line.

    ``time_limit`` (seconds, default 10) and ``node_limit`` (positions searched) bound
    the search; either may be None, not both. A bad limit raises ``ValueError`` naming it.
    The verdict is ``"unknown"`` when a limit is hit first. The game is never changed
    (the search works on ``game.position``, a copy), also when the search is interrupted.
    """
    if not isinstance(game, Game):
        raise TypeError(f"solve takes a Game (Game.new or Game.from_dict), not {type(game).__name__}")
    seconds_allowed, nodes_allowed = _check_limits(time_limit, node_limit)
    start = time.perf_counter()
    search = _Search(game.position, seconds_allowed, nodes_allowed, start)
    try:
        line = search.run()
    except _Stop:
        return SolveResult("unknown", (), search.nodes, time.perf_counter() - start)
    seconds = time.perf_counter() - start
    if line is None:
        return SolveResult("unwinnable", (), search.nodes, seconds)
    _check_line(game.position, line)
    return SolveResult("winnable", tuple(line), search.nodes, seconds)


def _check_line(position: Position, line: Sequence[Move]) -> None:
    """Replay ``line`` with the legality check: a bug here must not pass as a win."""
    for move in line:
        if not position.is_legal(move):  # pragma: no cover - a solver bug
            raise RuntimeError(f"solver bug: its line plays the illegal move {move}")
        position.push(move)
    if not position.is_won:  # pragma: no cover - a solver bug
        raise RuntimeError("solver bug: its line does not win")


def _key_function(position: Position) -> Callable[[Position], Key]:
    """The canonical key of the position's game: piles sorted, see the module docstring."""
    father = position.rules.name == "father"

    def key(p: Position) -> Key:
        tableau = sorted(bytes(down) + _DOWN_UP + bytes(up) for down, up in zip(p.down, p.up, strict=True))
        found = [bytes(pile) for pile in p.foundations]
        if father:
            # Ace foundations (0-3) and King foundations (4-7) are two kinds of pile.
            found = sorted(found[:4]) + sorted(found[4:])
        else:
            found.sort()
        parts = [bytes(p.stock), bytes(p.waste), *found, *tableau]
        return (p.redeals_left, _SEP.join(parts))

    return key


def _tableau_index(pile: str) -> int:
    return int(pile[8:])  # "tableau/N"


def _safe_move(position: Position, moves: Sequence[Move]) -> Move | None:
    """A move to a foundation that is safe: if the position can be won, it can still be
    won after this move. None when no move is known to be safe.

    Why each rule holds. Let W be a winning line from position P and c the card moved
    home. Build W' from P + c: play W, skipping each move of c alone and each draw or
    redeal that only concerns c, and moving a run that held c with one card fewer. Each
    position S' of W' is the matching position S of W with c taken out (plus a face-down
    card turned earlier, or a redeal to spare, which only give more moves). W' stays legal
    if nothing ever needs c where it lay: no card is placed on c, and c's foundation
    neighbours need not leave the foundations. Then W' wins too. Per game:

    - **Following**: the only card that can go on c in the tableau is the card before c
      in its foundation sequence (one rank lower, the suit before c's in the rotation),
      and that card is home already (c goes on it) and foundations never give cards back.
      So every foundation move is safe (there is one draw at a time, so a waste card can
      be taken out of the stock's order without changing what the other draws show).
    - **Father**: no tableau card ever needs to lie on c (waste cards go on any pile,
      empty or not, so they can go where c lay; a tableau card moves only to an empty
      pile, and a pile of S' is empty when the one of S is). A card that fits both its
      Ace and its King foundation is the last card of its suit out, so either foundation
      finishes the suit the same way; a card that fits one of them only leaves the other
      building as before. Foundations never give cards back. So every foundation move is
      safe (Father draws one card at a time).
    - **Klondike**: cards placed on c are the two of the other colour one rank lower.
      When both are home (and without ``foundation_to_tableau``, where they stay home)
      nothing ever goes on c: safe. Aces and twos are always safe, with the option too:
      nothing goes on an ace, an ace can always go home (a foundation is free for it),
      so it never needs to lie on a two, and an ace brought back from a foundation can
      only be in the way. With ``foundation_to_tableau`` and a higher card we do not
      claim safety (a red five might be fetched back onto the black six to hold a black
      four), so such moves are only tried first. A waste card is treated as safe only
      when drawing one card at a time: with three, taking a card out of the waste would
      change which cards later draws show.
    """
    game = position.rules.name
    draw_one = position.draw == 1
    home: set[int] | None = None
    for move in moves:
        if not move.target.startswith("foundation"):
            continue
        source = move.source
        if source == "waste":
            if not draw_one:
                continue
            card = position.waste[-1]
        elif source.startswith("tableau"):
            card = position.up[_tableau_index(source)][-1]
        else:
            continue
        if game in ("following", "father"):
            return move
        rank = card // 4 + 1
        if rank <= 2:
            return move
        if position.foundation_to_tableau:
            continue
        if home is None:
            home = {c for pile in position.foundations for c in pile}
        other_colour = (0, 3) if card % 4 in (1, 2) else (1, 2)
        if all((rank - 2) * 4 + suit in home for suit in other_colour):
            return move
    return None


def _ordered(position: Position, moves: Sequence[Move]) -> list[Move]:
    """The moves worth trying, best first (see the module docstring)."""
    up, down = position.up, position.down
    ranked: list[tuple[int, int, Move]] = []
    for order, move in enumerate(moves):
        source, target, count = move
        if source == "stock" or target == "stock":
            rank = 6
        elif target.startswith("foundation"):
            if source.startswith("tableau") and len(up[_tableau_index(source)]) == 1:
                rank = 0  # home, and it turns a card or empties a pile
            else:
                rank = 1
        elif source.startswith("tableau"):
            index = _tableau_index(source)
            whole = count == len(up[index])
            if whole and not down[index]:
                if not up[_tableau_index(target)]:
                    continue  # a whole pile into an empty pile: the same position
                rank = 2  # empties a pile
            elif whole:
                rank = 2  # turns a face-down card
            else:
                rank = 4
        elif source == "waste":
            rank = 3
        else:
            rank = 5  # from a foundation back to the tableau
        ranked.append((rank, order, move))
    ranked.sort()
    return [move for _, _, move in ranked]


class _Search:
    def __init__(
        self, position: Position, time_limit: float | None, node_limit: int | None, start: float
    ) -> None:
        self.position = position
        self.deadline = None if time_limit is None else start + time_limit
        self.node_limit = node_limit
        self.nodes = 0
        self.key = _key_function(position)

    def children(self) -> list[Move]:
        moves = self.position.legal_moves()
        safe = _safe_move(self.position, moves)
        if safe is not None:
            return [safe]
        return _ordered(self.position, moves)

    def count_node(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            self.nodes -= 1
            raise _Stop
        if (
            self.deadline is not None
            and self.nodes % _CHECK_EVERY == 0
            and time.perf_counter() > self.deadline
        ):
            raise _Stop

    def run(self) -> list[Move] | None:
        """A winning line, or None when there is none; ``_Stop`` when a limit is hit."""
        position, key = self.position, self.key
        self.count_node()
        if position.is_won:
            return []
        root = key(position)
        on_line: set[Key] = {root}
        lost: set[Key] = set()
        keys: list[Key] = [root]
        todo: list[list[Move]] = [self.children()]
        nexts: list[int] = [0]
        line: list[Move] = []
        while todo:
            moves, at = todo[-1], nexts[-1]
            if at < len(moves):
                nexts[-1] = at + 1
                move = moves[at]
                self.count_node()
                position.push(move)
                if position.is_won:
                    line.append(move)
                    return line
                child = key(position)
                if child in on_line or child in lost:
                    position.pop()
                    continue
                on_line.add(child)
                keys.append(child)
                todo.append(self.children())
                nexts.append(0)
                line.append(move)
                continue
            # Every move from here was searched: no win below this position.
            done = keys.pop()
            todo.pop()
            nexts.pop()
            on_line.discard(done)
            if len(lost) >= MAX_LOST:
                lost.clear()
            lost.add(done)
            if line:
                line.pop()
                position.pop()
        return None
