"""The solver's depth-first search for a winning line, on a ``Position`` with push/pop.

The technique
=============

*Thoughtful* solitaire: the search reads every pile of the position, face-down cards and
the order of the stock included, so its verdict is about a player who knows where every
card is. "unwinnable" means no sequence of legal moves wins, whatever the order of play.

- **The stock as the cards it can yield.** Drawing is never a step of the search on its
  own. From the waste and stock (the *talon*, read in the order the cards come up) the
  search works out every card that can reach the top of the waste by drawing alone, with
  the redeals left, and offers each one's moves as one step: the draws (and redeal) that
  bring it up, then the move itself. The line it returns spells out every draw, so
  ``Game.play`` replays it move by move.
- **Canonical keys**: the rules do not depend on a pile's index, so the key sorts the
  tableau piles and the foundations (in Father the Ace and the King foundations apart). It
  leaves out the talon's position where drawing alone reaches it again (one card at a time
  with unlimited redeals: always; three at a time: at the top of a pass), and, where the
  rules allow it (Klondike), how the loose cards of the piles' top runs lie
  (``arrangements``): positions that differ only there are won or lost together.
- **Visited positions**: a position on the current line is never entered again, and one
  searched without a win is kept in a table and never searched again: plain depth-first
  reachability with a visited set, so the verdict stays exact. The table is bounded
  (``restarts.MAX_VISITED`` keys); when full it is cleared, which only costs repeated work.
- **Restarts** (``restarts``): a run past its share of positions (``restart_nodes``) gives
  way to a new run from the start, whose steps of equal or nearby rank come in a random
  order; the positions found lost for good are kept, the rest dropped, so each run is exact.
- **A best-first search between runs** (``best_first``): after each run, a search led by an
  estimate of the moves still needed goes on from where it stopped for a share of
  positions; it finds wins that the depth-first order misses, and proves nothing lost.
- **Positions seen to be lost** (``dead_ends.DeadEnds``): in games with face-down cards,
  each new position is tested with a generous over-estimate of what play could ever do;
  when it leaves a card that can never go home, the position counts as searched without
  a win. In games without building on the tableau (Father), each new position is tested
  instead with ``father_dead_ends.FatherDeadEnds``: when the tableau cannot be cleared even
  with the talon's cards free to go home at any time, it is lost.
- **Safe moves home** (``engine.safety``): when one exists it is the only move tried. With
  one card drawn at a time and unlimited redeals, a safe card anywhere in the talon counts.
- **Moves that can wait** (``followed``): a card put on the tableau from the talon (when
  every talon card can come up) or from a foundation, and a run moved off a pile that keeps
  a face-up card, are each tried only together with the next move that uses what they did.
- **Pruned**: a whole pile with nothing face down moved into an empty pile, and a move into
  any empty pile but the first (each the same position up to pile order).
- **Move ordering**: moves home that turn a card or empty a pile, moves that turn a card or
  empty a pile, talon cards home, other moves home, talon cards to the tableau (fewest draws
  first), the other tableau moves, then foundation cards back to the tableau.

The same search, step for step, is written in C in ``native/`` (``depth_first.c`` and the
files ``search.h`` lists beside it), which ``search.solve`` uses when it is built: a change
here must be made there too (the tests check that both search the same positions).
"""

from __future__ import annotations

import time
from typing import NamedTuple, TypeAlias

from ..engine import Move, Position
from ..engine.cards import DECK
from ..engine.safety import is_safe_home
from .best_first import BestFirst
from .dead_ends import DeadEnds
from .father_dead_ends import FatherDeadEnds
from .joins import goes_direct, runs_extend
from .keys import Key, key_function
from .restarts import RESTART_NODES, TIMED_RESTART_NODES, OpenPositions, RandomOrder, Restart
from .talon_reach import Step, TalonReach


class _Joined(NamedTuple):
    """A move that must be joined with a next move (see ``DepthFirstSearch.followed``),
    expanded only when the search reaches it."""

    step: Step
    pile: int
    foundation: str | None = None
    run_left: bool = False


Entry: TypeAlias = "Step | _Joined"

_CHECK_EVERY = 256
"""Nodes between two looks at the clock."""


class Stop(Exception):
    """A limit was hit."""


def _tableau_index(pile: str) -> int:
    return int(pile[8:])  # "tableau/N"


class DepthFirstSearch:
    """One search from ``position`` (which it changes while it runs, and leaves as it was
    when it returns), within ``time_limit`` seconds from ``start`` and ``node_limit`` nodes,
    restarted after each ``restart_nodes`` positions (0: never; None: ``restarts.RESTART_NODES``
    with a node limit, else ``restarts.TIMED_RESTART_NODES``; see ``run``)."""

    def __init__(
        self,
        position: Position,
        time_limit: float | None,
        node_limit: int | None,
        start: float,
        restart_nodes: int | None = None,
    ) -> None:
        self.position = position
        self.deadline = None if time_limit is None else start + time_limit
        self.node_limit = node_limit
        if restart_nodes is None:
            restart_nodes = RESTART_NODES if node_limit is not None else TIMED_RESTART_NODES
        self.restart_nodes = restart_nodes
        self.nodes = 0
        self.run_end = 0
        """The node count at which the current run gives way to the next (0: never)."""
        self.order: RandomOrder | None = None
        """The current run's random order of steps (None: the fixed order)."""
        self.lost: set[Key] = set()
        """The positions found lost for good, kept across runs."""
        self.visited: OpenPositions[Key]
        """The current run's open and finished positions (each run makes its own)."""
        self.line: list[Step] = []
        """The steps played from the start to the current run's position."""
        self.most_home = _home(position)
        """The most cards home in any position searched: how far a search stopped by its
        limits got (counted after each step, as the C search's note_progress)."""
        self.key = key_function(position)
        rules = position.rules
        self.onto = rules.parents["waste"]
        self.fills_empty = rules.fills_empty["waste"]
        self.talon = TalonReach(position.draw)
        # Only where cards lie face down (Klondike): where nothing does and any card may
        # fill an empty pile (Father, Following), the test hardly ever finds a lost
        # position, and it would cost about a fifth of the search's time.
        self.look_for_dead_ends = rules.has_face_down
        self.any_talon_card_is_free = DeadEnds.every_talon_card_comes_up(position)
        self.passed_cards_come_back = position.redeals_left is None or all(
            len(self.onto[card]) == 52 for card in range(52)
        )
        self.goes_direct = {kind: goes_direct(rules, kind) for kind in ("waste", "foundation")}
        self.runs_extend = runs_extend(rules)
        self.to_foundation = [Move("waste", f"foundation/{i}") for i in range(rules.foundation_count)]
        self.to_tableau = [Move("waste", f"tableau/{i}") for i in range(rules.tableau_count)]
        self.dead_ends = DeadEnds(rules)
        # Father: most of its lost positions are lost for want of empty piles; without this
        # test, proving it took minutes (all the ways to deal the talon out onto twelve
        # piles), with it the search stops at the first such position.
        self.father_dead_ends = FatherDeadEnds(rules) if FatherDeadEnds.applies(rules) else None

    def talon_steps(self, onto_pile: int | None = None) -> list[tuple[int, Entry]]:
        """Each talon card's moves, as steps ranked for ``children``; with ``onto_pile``,
        only the moves onto that tableau pile, each on its own."""
        p = self.position
        waste, stock = p.waste, p.stock
        if not waste and not stock:
            return []
        talon = waste + stock[::-1]
        may_redeal = p.redeals_left != 0
        takers = p.foundation_takers() if onto_pile is None else {}
        up = p.up
        tops = {pile[-1]: index for index, pile in enumerate(up) if pile}
        empties = [index for index, pile in enumerate(up) if not pile][:1]  # see tableau_moves
        if onto_pile is not None:
            tops = {top: index for top, index in tops.items() if index == onto_pile}
            empties = [index for index in empties if index == onto_pile]
        # A safe card may leave the talon only when the others keep coming up in order.
        safe_ok = p.draw == 1 and onto_pile is None
        free = self.any_talon_card_is_free
        endless = p.redeals_left is None
        steps: list[tuple[int, Entry]] = []
        for at, draws in self.talon.reach(len(talon), len(waste), may_redeal):
            card = talon[at - 1]
            # With unlimited redeals a card passed over comes round again, so it matters
            # little how many draws a card needs; with a limit, cards that need fewer
            # come first, after the other moves (as a player goes through the stock).
            # Where any waste card can go on any pile (Father), the cards passed over on
            # the way home can be dug out again, so cards going home still come first.
            cost = len(draws) if endless or not draws else 1000 + 10 * len(draws)
            for index in takers.get(card, ()):
                step = (*draws, self.to_foundation[index])
                if safe_ok and (not draws or free) and is_safe_home(p, card):
                    return [(-1, step)]
                steps.append((20 + (len(draws) if self.passed_cards_come_back else cost), step))
            onto = self.onto[card]
            targets = [index for top, index in tops.items() if top in onto]
            if self.fills_empty[card]:
                targets += empties
            for index in sorted(targets):
                step = (*draws, self.to_tableau[index])
                if free and onto_pile is None:
                    steps.append((100 + cost, _Joined(step, index, None)))
                else:
                    steps.append((100 + cost, step))
        return steps

    def followed(
        self, step: Step, pile: int, foundation: str | None = None, run_left: bool = False
    ) -> list[Step]:
        """``step`` joined with each next move that uses what it did.

        A step that put a card that could have waited on top of tableau ``pile`` (from the
        talon when any talon card can come up, or from ``foundation``) is used by a move
        onto ``pile``, or from the foundation it left; and, only where the card could not
        have gone straight to any place a tableau card may go (``goes_direct``), by a move
        from ``pile`` (not the card going straight back home). A step that moved a run off
        ``pile`` (``run_left``), leaving a face-up card on top, is used by a move from or
        onto ``pile``.

        Why nothing is lost: in a winning line, the moves between such a step and the first
        move that uses what it did touch neither its card (or run) nor its piles, so the
        step can wait until just before that move; and a card never used again after the
        step would have to go home, which it could do from where it was. A first use that
        only moves the card (or run) on could have been made without the step: the card
        could have gone there straight away, or the run from ``pile``; with the run a card
        lies on, the run could have moved first and the card gone on it there. A card put
        on a run that moved could have gone on it before it moved, and a card of such a run
        going home could have gone from ``pile``. Each of these gives the same position.
        """
        p = self.position
        pile_id = f"tableau/{pile}"
        moves_on = run_left or not self.goes_direct["waste" if foundation is None else "foundation"]

        def uses(move: Move) -> bool:
            if move.source == pile_id:  # for a run, any move; for a card, one that takes it on
                return moves_on and (run_left or move.count > 1 or move.target[0] == "t")
            return move.target == pile_id or (foundation is not None and move.source == foundation)

        for move in step:
            p.push(move)
        joined = [(*step, move) for move in self.tableau_moves() if move.source != "waste" and uses(move)]
        joined += (
            (*step, *then)
            for _, then in self.talon_steps(onto_pile=pile)
            if not isinstance(then, _Joined)  # never with onto_pile: for the type checker
        )
        for _ in step:
            p.pop()
        return joined

    def tableau_moves(self) -> list[Move]:
        """The position's legal moves, those into an empty tableau pile only into the first.

        The rules never depend on a pile's place and the key sorts the piles, so the same
        move into another empty pile reaches the same position."""
        p = self.position
        up = p.up
        first_empty = next((f"tableau/{index}" for index, pile in enumerate(up) if not pile), None)
        moves = p.legal_moves()
        if first_empty is None:
            return moves
        return [
            move
            for move in moves
            if move.target[0] != "t" or move.target == first_empty or up[_tableau_index(move.target)]
        ]

    def children(self) -> list[Entry]:
        p = self.position
        ranked = self.talon_steps()
        if ranked and ranked[0][0] < 0:
            return [ranked[0][1]]
        up, down = p.up, p.down
        for move in self.tableau_moves():
            source, target, count = move
            if source == "stock" or target == "stock" or source == "waste":
                continue  # the talon's moves are above
            if target[0] == "f":
                index = _tableau_index(source)
                if is_safe_home(p, up[index][-1]):
                    return [(move,)]
                rank = 0 if len(up[index]) == 1 else 30
            elif source[0] == "t":
                index = _tableau_index(source)
                whole = count == len(up[index])
                if whole and not down[index]:
                    if not up[_tableau_index(target)]:
                        continue  # a whole pile into an empty pile: the same position
                    rank = 10  # empties a pile
                elif whole:
                    rank = 10  # turns a face-down card
                elif self.runs_extend:
                    ranked.append((200, _Joined((move,), index, run_left=True)))
                    continue
                else:
                    rank = 200
            else:
                rank, entry = 300, _Joined((move,), _tableau_index(target), source)
                ranked.append((rank, entry))
                continue
            ranked.append((rank, (move,)))
        if self.order is not None:
            return self.order.sorted(ranked)
        ranked.sort(key=_rank_of)
        return [step for _, step in ranked]

    def steps(self) -> list[Step]:
        """The children, each joined entry replaced by its steps (``followed``) in place: the
        best-first search takes every one."""
        return [
            step
            for entry in self.children()
            for step in (self.followed(*entry) if isinstance(entry, _Joined) else (entry,))
        ]

    def count_node(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            self.nodes -= 1
            raise Stop
        if self.nodes == self.run_end:
            self.nodes -= 1
            raise Restart
        if (
            self.deadline is not None
            and self.nodes % _CHECK_EVERY == 0
            and time.perf_counter() > self.deadline
        ):
            raise Stop

    def seen_lost(self, position: Position) -> bool:
        """True when a dead-end test of the game finds ``position`` lost."""
        if self.look_for_dead_ends and self.dead_ends.hopeless(position):
            return True
        return self.father_dead_ends is not None and self.father_dead_ends.cannot_clear(position)

    def run(self) -> list[Move] | None:
        """A winning line, or None when there is none; ``Stop`` when a limit is hit.

        The first run takes the fixed order; a run past its share of positions starts again
        in the random order of its number (``restarts.RandomOrder``), keeping only the
        losses for good. A run that had to clear its table (and so lost what it kept) gives
        the next one twice its share, so that some run can finish within its share. Between
        two runs the best-first search (``best_first.BestFirst``) goes on for
        ``restart_nodes`` positions."""
        share = self.restart_nodes
        runs = 0
        best_first: BestFirst | None = None
        while True:
            self.run_end = self.nodes + share + 1 if share else 0
            try:
                return self.run_once()
            except Restart:
                for step in reversed(self.line):
                    for _ in step:
                        self.position.pop()
            if self.visited.clears:
                share *= 2
            runs += 1
            self.order = None  # the best-first search takes the fixed order
            best_first = best_first or BestFirst(self)
            self.run_end = 0  # the best-first turn is bounded by its own share
            try:
                line = best_first.go_on(self.restart_nodes)
            finally:
                self.most_home = max(self.most_home, best_first.most_home)
            if line is not None:
                return line
            self.order = RandomOrder(runs)

    def run_once(self) -> list[Move] | None:
        """One run from the start: a winning line, or None when there is none; ``Restart``
        when the run's share of positions is used up, ``Stop`` when a limit is hit."""
        position, key = self.position, self.key
        push, pop = position.push, position.pop
        self.count_node()
        if position.is_won:
            return []
        root = key(position)
        if self.seen_lost(position):
            return None
        visited = self.visited = OpenPositions(self.lost)
        visited.open(root)
        todo: list[list[Entry]] = [self.children()]
        nexts: list[int] = [0]
        line = self.line = []
        while todo:
            steps, at = todo[-1], nexts[-1]
            if at < len(steps):
                step = steps[at]
                if isinstance(step, _Joined):
                    steps[at : at + 1] = self.followed(*step)
                    continue
                nexts[-1] = at + 1
                self.count_node()
                for move in step:
                    push(move)
                home = _home(position)
                self.most_home = max(self.most_home, home)
                if home == len(DECK):  # position.is_won, without counting the foundations again
                    line.append(step)
                    return [move for taken in line for move in taken]
                child = key(position)
                if visited.seen(child):
                    for _ in step:
                        pop()
                    continue
                if self.seen_lost(position):
                    visited.lose(child)
                    for _ in step:
                        pop()
                    continue
                visited.open(child)
                todo.append(self.children())
                nexts.append(0)
                line.append(step)
                continue
            # Every step from here was searched: no win below this position.
            visited.close()
            todo.pop()
            nexts.pop()
            if line:
                for _ in line.pop():
                    pop()
        return None


def _home(position: Position) -> int:
    return sum(map(len, position.foundations))


def _rank_of(ranked: tuple[int, Entry]) -> int:
    return ranked[0]
