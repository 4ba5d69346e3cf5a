"""Shorter winning lines: the solver's line cut down before a player sees it.

The search finds a line, not a short one: it follows its own move order, goes through the
stock again for a card it passed, and moves cards on and back while it looks for a way.
``shorten`` cuts a winning line in three steps, and keeps what they make only when it
replays to a win with the engine's checks (else the line as it was):

1. **Draws merged, waste cards taken in passing.** Drawing and redealing never change the
   order of the talon's cards, read from the bottom of the waste to the bottom of the
   stock: they only move the point between waste and stock. So the position after a waste
   card is played is the same whatever draws brought it up, and the fewest draws (one card
   or three at a time, through a redeal when the card was passed) are the best ones: the
   line is kept as its other moves, each waste move with its card, and the draws are worked
   out again at each replay. Then only the order of the waste moves decides how often the
   stock is gone through, and since a move's legality and effect depend on its own two
   piles alone, any order that keeps each pile's moves in the line's order wins as the line
   does. The moves are put in such an order: each as soon as its piles allow, the other
   moves first (they open the way), and of the waste moves the one whose card the fewest
   draws bring up.
2. **Detours cut.** A card (or run) moved from pile a to b and later on from b to c, as it
   was, goes from a to c when the second move is played, or stays where it was when c is a.
   The pairs are tried from the start of the line on; the first that replays to a shorter
   win is kept, and the search goes on from there, within a bound on the moves replayed.
3. **Shortcuts.** From each position of the line, the next move is the one that reaches
   the furthest position of the line (a card moved to another empty pile, a move home
   that several moves were making way for).

A round can open the way for more cuts in the next, so the steps are run again while the
line gets shorter (``ROUNDS`` at most). The line returned is never longer than the one
given. Moves are counted as the board and the hint count them: every draw and redeal is a
move. Solver lines shortened this way (``benchmarks/lines.py``, figures in docs/solver.md)
lose about a fifth of their moves in Klondike drawing one card at a time, mostly draws.

>>> from solitaire_widget import Game, solve
>>> g = Game.new("klondike", seed=1)
>>> line = solve(g, time_limit=None, node_limit=50_000).moves
>>> short = shorten(g.position, line)
>>> len(short) < len(line)
True
>>> for move in short:
...     _ = g.play(move)
>>> g.is_won
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Move, Position

EFFORT = 20_000
"""Moves ``shorten`` may replay in each round while it cuts detours (step 2), by default: a
bound on work rather than time, so a line is cut the same way on every machine."""

ROUNDS = 3
"""Rounds of the three steps at most (on solver lines, a second round takes a few more
moves off one line in three, a third hardly ever any)."""

Step = tuple[Move, int]
"""A move of the line other than a draw or a redeal, with the card at the bottom of what it
moves (for a waste move, the card the draws must bring up)."""


def shorten(position: Position, line: Sequence[Move], *, effort: int = EFFORT) -> tuple[Move, ...]:
    """``line``, a winning line from ``position``, made shorter (see the module docstring);
    the line as it was when nothing shorter is found. ``position`` is not changed.

    ``effort`` bounds the moves replayed in each round while cutting detours (0: none cut).
    ``ValueError`` when ``line`` does not replay to a win from ``position`` or ``effort`` is
    not a whole number from 0; ``TypeError`` when ``position`` is not a ``Position`` (a
    game's is ``g.position``)."""
    if not isinstance(position, Position):
        raise TypeError(f"shorten takes a Position (a game's is g.position), not {type(position).__name__}")
    if isinstance(effort, bool) or not isinstance(effort, int) or effort < 0:
        raise ValueError(f"effort must be a whole number of moves from 0, not {effort!r}")
    best = tuple(line)
    steps = _steps(position, best)
    for _ in range(ROUNDS):
        shorter = _shortened(position, best, steps, effort)
        if len(shorter) >= len(best):
            break
        best = shorter
        steps = _steps(position, best)
    return best


def _shortened(
    position: Position, line: tuple[Move, ...], steps: list[Step], effort: int
) -> tuple[Move, ...]:
    """One round of the three steps on ``line`` (whose ``steps`` are given); ``line`` itself
    when what they make does not replay to a win."""
    best = list(line)
    scheduled = _scheduled(position, steps)
    for tried in [steps] if scheduled is None else [steps, scheduled]:
        played = _played(position, tried)
        if played is not None and len(played) < len(best):
            steps, best = tried, played
    steps, best = _detours_cut(position, steps, best, effort)
    short = _shortcut(position, best)
    return short if _wins(position, short) else line


def _wins(position: Position, line: Sequence[Move]) -> bool:
    """Whether ``line`` replays from ``position`` with the engine's checks to a win."""
    walker = position.copy()
    for move in line:
        if not walker.is_legal(move):  # pragma: no cover - a bug in the steps above
            return False
        walker.push(move)
    return walker.is_won


def _steps(position: Position, line: tuple[Move, ...]) -> list[Step]:
    """The moves of ``line`` other than draws and redeals, each with its card; ``ValueError``
    when the line does not replay to a win from ``position``."""
    walker = position.copy()
    steps = []
    for number, move in enumerate(line, 1):
        if not walker.is_legal(move):
            raise ValueError(f"move {number} of the line, {move}, is not legal where it is played")
        if not _is_talon_move(move):
            steps.append((move, walker.cards(move.source)[-move.count]))
        walker.push(move)
    if not walker.is_won:
        raise ValueError(f"the line ({len(line)} moves) does not win from this position")
    return steps


def _is_talon_move(move: Move) -> bool:
    return "stock" in (move.source, move.target)


def _played(position: Position, steps: Sequence[Step]) -> list[Move] | None:
    """The whole line of ``steps`` from ``position``, with the fewest draws before each
    waste move; None when a step is not legal where it comes or the line does not win."""
    walker = position.copy()
    line: list[Move] = []
    won = _push_steps(walker, steps, line, []) and walker.is_won
    return line if won else None


def _push_steps(walker: Position, steps: Sequence[Step], line: list[Move], marks: list[int]) -> bool:
    """Push ``steps`` on ``walker``, each waste move after the fewest draws that bring its
    card up, adding the moves pushed to ``line`` and, for each step, the length of ``line``
    before its draws to ``marks``; False at the first step that is not legal (the moves
    pushed until then stay pushed)."""
    for move, card in steps:
        marks.append(len(line))
        if move.source == "waste" and not _bring_up(walker, card, line):
            return False
        if not walker.is_legal(move):
            return False
        walker.push(move)
        line.append(move)
    return True


def _bring_up(walker: Position, card: int, line: list[Move]) -> bool:
    """Draw (and redeal) on ``walker`` until ``card`` is the waste's top, adding the moves to
    ``line``; False when no draws bring it up.

    The talon's order never changes, so a card that two redeals do not bring up never comes."""
    redeals = 0
    while not walker.waste or walker.waste[-1] != card:
        if walker.stock:
            move = Move("stock", "waste", min(walker.draw, len(walker.stock)))
        elif walker.waste and walker.redeals_left != 0 and redeals < 2:
            move = Move("waste", "stock", len(walker.waste))
            redeals += 1
        else:
            return False
        walker.push(move)
        line.append(move)
    return True


class _DrawCounter:
    """The talon as the draws see it: its cards in their fixed order (the waste from its
    bottom, then the stock from its top), how many of them are in the waste, and the
    redeals left; it counts the draws and redeals that bring a card up."""

    def __init__(self, position: Position) -> None:
        self.cards = [*position.waste, *reversed(position.stock)]
        self.in_waste = len(position.waste)
        self.redeals_left = position.redeals_left
        self.draw = position.draw

    def moves_to(self, card: int) -> tuple[int, bool] | None:
        """The draws and redeals that bring ``card`` up, and whether they redeal; None when
        none do (three at a time, the card may lie where no draw stops)."""
        place = self.cards.index(card) + 1
        draws = self._draws(self.in_waste, place)
        if draws is not None:
            return draws, False
        after_redeal = self._draws(0, place)
        if self.redeals_left == 0 or after_redeal is None:
            return None
        return -(-(len(self.cards) - self.in_waste) // self.draw) + 1 + after_redeal, True

    def take(self, card: int, redeal: bool) -> None:
        """Play ``card`` from the waste, brought up as ``moves_to`` says."""
        if redeal and self.redeals_left is not None:
            self.redeals_left -= 1
        self.in_waste = self.cards.index(card)
        del self.cards[self.in_waste]

    def _draws(self, start: int, place: int) -> int | None:
        """Draws from ``start`` cards in the waste to ``place`` (the last draw may turn
        fewer cards, at the end of the stock); None when no draw stops there."""
        if place < start or ((place - start) % self.draw != 0 and place != len(self.cards)):
            return None
        return -(-(place - start) // self.draw)


def _scheduled(position: Position, steps: list[Step]) -> list[Step] | None:
    """``steps`` in the order that plays each move as soon as the moves before it on its
    piles are played, and among waste moves first the one whose card the fewest draws bring
    up; None when the draws bring no waste card up where one is needed.

    A move's legality and effect depend on its two piles alone (and, from the waste, on the
    draws, worked out again), so any order that keeps the moves of each pile in the line's
    order replays to the same end, a win. Only the waste moves' order changes the draws, so
    the other moves go first, to make waste moves possible sooner."""
    before: list[set[int]] = [set() for _ in steps]
    last_on: dict[str, int] = {}
    for index, (move, _) in enumerate(steps):
        for pile in (move.source, move.target):
            if pile in last_on:
                before[last_on[pile]].add(index)
            if pile != "waste":
                last_on[pile] = index
    waiting = [0] * len(steps)
    for after in before:
        for index in after:
            waiting[index] += 1
    ready = [index for index, count in enumerate(waiting) if count == 0]
    talon = _DrawCounter(position)
    order: list[Step] = []
    while ready:
        chosen = min((i for i in ready if steps[i][0].source != "waste"), default=None)
        if chosen is None:
            costs = [(talon.moves_to(steps[i][1]), i) for i in ready]
            feasible = [(cost, i) for cost, i in costs if cost is not None]
            if not feasible:
                return None
            (_, redeal), chosen = min(feasible)
            talon.take(steps[chosen][1], redeal)
        ready.remove(chosen)
        order.append(steps[chosen])
        for index in before[chosen]:
            waiting[index] -= 1
            if waiting[index] == 0:
                ready.append(index)
    return order


def _detours_cut(
    position: Position, steps: list[Step], line: list[Move], effort: int
) -> tuple[list[Step], list[Move]]:
    """``steps`` and their ``line`` with detours cut (a card moved a to b and on from b to c
    goes a to c), each cut kept when it makes the line shorter, as long as the replays stay
    within ``effort`` moves.

    A cut changes nothing before the move it takes out, so each is replayed from there: the
    walker goes back (or on) along the line to that point."""
    walker = position.copy()
    marks: list[int] = []
    _push_steps(walker, steps, [], marks)
    depth = len(line)
    first = 0
    while effort > 0:
        for index in range(first, len(steps)):
            tried = _without_detour(steps, index)
            if tried is None:
                continue
            depth = _walk(walker, line, depth, marks[index])
            trial: list[Move] = []
            trial_marks: list[int] = []
            won = _push_steps(walker, tried[index:], trial, trial_marks) and walker.is_won
            effort -= len(trial)
            if won and depth + len(trial) < len(line):
                steps, line, first = tried, line[:depth] + trial, index
                marks = marks[:index] + [depth + mark for mark in trial_marks]
                depth = len(line)
                break
            for _ in trial:
                walker.pop()
            if effort <= 0:
                break
        else:
            break
    return steps, line


def _walk(walker: Position, line: list[Move], depth: int, to: int) -> int:
    """Bring ``walker``, which has ``line``'s first ``depth`` moves pushed, to ``to`` of them."""
    for _ in range(depth - to):
        walker.pop()
    for move in line[depth:to]:
        walker.push(move)
    return to


def _without_detour(steps: list[Step], index: int) -> list[Step] | None:
    """``steps`` with the move at ``index`` joined to the next move of its card, when that
    moves the same cards on from where they went; None when there is none such."""
    move, card = steps[index]
    for later in range(index + 1, len(steps)):
        then, moved = steps[later]
        if moved != card:
            continue
        if then.source != move.target or then.count != move.count:
            return None
        joined = steps[:index] + steps[index + 1 : later]
        if then.target != move.source:
            joined.append((Move(move.source, then.target, move.count), card))
        return joined + steps[later + 1 :]
    return None


def _shortcut(position: Position, line: Sequence[Move]) -> tuple[Move, ...]:
    """``line`` from ``position`` going on, from each position, to the furthest position of
    the line that one legal move reaches; the positions stay those of the line, so it wins.

    A move changes the cards home by one at most, so a move is tried only when a position
    further on with the cards home it leaves is there to reach: most moves are passed over
    without making their position's key."""
    keys = {}
    furthest: dict[int, int] = {}
    walker = position.copy()
    home = 0
    keys[walker.key()] = 0
    for number, move in enumerate(line, 1):
        walker.push(move)
        keys[walker.key()] = number
        home += _home_change(move)
        furthest[home] = number
    short: list[Move] = []
    here, home = 0, 0
    walker = position.copy()
    while here < len(line):
        best, step = here + 1, line[here]
        for move in walker.legal_moves():
            if furthest.get(home + _home_change(move), -1) <= best:
                continue
            walker.push(move)
            reached = keys.get(walker.key(), -1)
            walker.pop()
            if reached > best:
                best, step = reached, move
        walker.push(step)
        short.append(step)
        home += _home_change(step)
        here = best
    return tuple(short)


def _home_change(move: Move) -> int:
    """How many more cards are home after ``move``: 1, -1 or 0."""
    return int(move.target[0] == "f") - int(move.source[0] == "f")
