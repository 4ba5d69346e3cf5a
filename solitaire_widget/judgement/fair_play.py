"""``FairPlay``: the choices of a player who sees only what the board shows, through one
game; behind the fair strategy (``sw.strategies.fair``) and the fair hint
(``g.hint(fair=True)``), which therefore choose alike.

At each turn it chooses among *commitments* (``judgement.commitments``): the moves that turn
a face-down card or play a card from the talon, each with the quiet moves that set it up
(moves that show nothing and can be taken back). It deals the cards the player has not seen
into the unseen places at random, solves each such sample after each commitment, and chooses
the commitment that gets furthest over the samples: a sample won counts every card home, a
lost one none, and one the solver could not finish within its limits the most cards home it
reached (early in a deal most samples are not finished, so wins alone could hardly tell the
choices apart). A sample is solved seeing every card, so it cannot value what a card shown
tells the choices after it: where the commitment that gets furthest shows no unseen card and
one that shows a card is not clearly behind it on the same samples (not two standard errors,
the race's spread), the furthest of those is chosen instead. Its choice is a line: the
set-up's moves and the commitment, played one by one (``aids.plan``), then it chooses again.
The win rates it reaches are in ``docs/judgement.md``, with the variants tried. It knows
only what a player of the game knows (``engine.knowledge``): the cards shown along the moves
played so far, worked out from the start and the history as any player could, and the cards
it is told were seen besides (in lines the player took back); the face-down cards and the
stock's order stay unread. With ``knows_stock`` it plays the known-stock model of the
published figures instead (``engine.knowledge``): the stock and the waste are known in order
from the deal, and only the face-down tableau cards are sampled.

The samples of a turn are drawn from the seed and what the player sees (``as_seen``), not
the move number: two positions that show the player the same cards are judged on the same
samples, so the same position is judged the same way however it was reached.

First, when redeals are unlimited, the deal left the waste empty and the stock is not
known already (``knows_stock``), it turns the whole
stock once and turns it back: the stock is then as it was, and every card in it is known.
Sampling cannot value that (each sample is solved as if its cards were known), and it costs
a few moves only (on 500 draw-three deals, before ranking by progress: 24.8% won with it,
23.4% without, within the noise of so many deals).

Shortcuts that see no hidden card and never choose worse than sampling would:

- a line that comes back to a position already played through, seen as the player saw it
  then (the cards unseen as blanks), is never chosen: the board and what the player knows
  are as they were, so it would go round in circles; when every legal move does, it
  resigns;
- a card sent home that nothing can need (``engine.safety.safe_move_home``) is played at
  once: from every way the hidden cards may lie, it keeps every win;
- a single move left is played at once;
- once no card is unseen the position is fully known: it is solved once and its winning
  line followed, and a lost one resigned.

When the walk over quiet moves ran out of room, the commitments it left out are read from
the winning lines of ``LINES_SAMPLES`` of the turn's samples (the moves up to a line's first
commitment are quiet, so playing them reads nothing hidden) and judged with the rest.

After ``QUIET_MOVES`` moves that gained nothing (see there), it plays greedy's move until
the game gains again. When the commitment that gets furthest wins no sample and some are
undecided, the samples are judged again with ``DEEPER`` times the limits, for wins only,
and the commitment that wins most is chosen; when still none is won, the one that got
furthest. When no commitment is in reach of the walk it plays greedy's move if that goes
somewhere new, else resigns; it resigns at once when every sample is proven lost.

>>> from solitaire_widget import Game
>>> g = Game.new("klondike", seed=42)
>>> choice = FairPlay(samples=4, node_limit=1_000).choose(g.start, g.history)
>>> choice.move in g.legal_moves(), choice.line[0] == choice.move
(True, True)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..engine import Move, Position
from ..engine.cards import card_label
from ..engine.explain import pile_words, sentence
from ..engine.knowledge import Hidden, Seen, as_seen, shown
from ..engine.safety import safe_move_home
from ..solver.search import Limit, solve
from ..solver.shorten import shorten
from .chances import Chance, check_knows_stock, check_sampling, percent, percent_range
from .commitments import (
    QUIET_POSITIONS,
    Commitment,
    CommitmentChances,
    Race,
    Roots,
    commitment_chances,
    commitments,
    commitments_from_lines,
    shortfall_bounds,
    shows_unseen,
)
from .heuristic import greedy_move

__all__ = [
    "DEEPER",
    "ENDGAME_NODE_LIMIT",
    "FAIR_NODE_LIMIT",
    "FAIR_RACE",
    "FAIR_SAMPLES",
    "LINES_SAMPLES",
    "QUIET_MOVES",
    "FairChoice",
    "FairPlay",
    "fair_words",
]

FAIR_SAMPLES = 256
"""The most samples a choice is judged on unless told otherwise; the race (``FAIR_RACE``)
settles a clear choice on 32 and gives the close ones more. Against an oracle of 1,024
samples of their own, choices judged on 64 samples were noisy enough to matter: raced up to
256, the choices of 30 played draw-three deals won more of the oracle's samples, turn after
turn, than up to 64 (``benchmarks/samples.py``; figures in ``docs/judgement.md``)."""

FAIR_RACE = Race()
"""How the samples of a turn are raced (``judgement.commitments.Race``) unless told otherwise."""

FAIR_NODE_LIMIT = 1_000
"""Positions the solver may search per sample and choice unless told otherwise: with 256
samples, 1,000 positions chose as well as 5,000 against the oracle (``benchmarks/samples.py``)
in little more than half the time."""

ENDGAME_NODE_LIMIT = 50_000
"""Positions the solver may search to solve a position whose every card is known."""

LINES_SAMPLES = 32
"""When the walk over quiet moves had no room for every position (``Commitments.complete``),
the winning lines of this many of the turn's samples are read for the commitments they make
first beyond it (``judgement.commitments.commitments_from_lines``)."""

QUIET_MOVES = 60
"""Moves without gain (a card seen, sent home or turned, or played from the stock and the
waste, for the first time in the game) after which greedy's move is played instead of
sampling: the samples value what the solver could reach from here, not what the game has
gained so far, so they may let it move cards to and fro."""

DEEPER = 4
"""How many times its limits a turn's samples get when none was won and some undecided."""

_SEED_BITS = 53  # seeds of the samples are whole numbers below 2**53 (engine.deal.check_seed)

Progress = tuple[int, ...]


@dataclass(frozen=True)
class FairChoice:
    """What ``FairPlay`` chose: ``move`` (None: it resigns, ``why`` says why), the ``line``
    it starts (the set-up and the commitment, or a fully known position's winning line;
    ``(move,)`` for a move chosen alone), the line's ``chance`` over the samples when it was
    judged on them, and ``why``: the reason in words, as a hint says it after the move."""

    move: Move | None
    line: tuple[Move, ...]
    why: str
    chance: Chance | None = None

    def followed(self, left: tuple[Move, ...]) -> FairChoice:
        """The same choice where only the moves ``left`` of its line remain (the next one
        first): what the hint says at each step of the line."""
        why = self.why.removesuffix(" next") if len(left) == 1 else self.why
        return FairChoice(left[0], left, why, self.chance)


class FairPlay:
    """The fair player's choices through one game (see the module docstring).

    ``samples`` (1 to 10,000) deals of the unseen cards are judged at each choice, the
    solver searching at most ``node_limit`` positions (and ``time_limit`` seconds, None for
    none) for each sample and commitment; with neither limit,
    ``judgement.chances.SAMPLE_NODE_LIMIT``. With no time limit it chooses the same on every
    machine. ``knows_stock``: the known-stock model (the stock and the waste known in order,
    only the face-down tableau cards sampled; see the module docstring). A bad argument
    raises ``ValueError`` naming it.

    What it learnt along the game (the cards seen, the positions played through, when the
    game last gained) is brought up to date at each ``choose``, walking only the moves
    played since the last one when the game went on from there. Use one instance per game.
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
        self.samples, self.seed, self.limits = check_sampling(samples, seed, node_limit, time_limit)
        self.knows_stock = check_knows_stock(knows_stock)
        if race is not None and not isinstance(race, Race):
            raise ValueError(f"race must be a Race or None, not {race!r}")
        self.race = race
        self._start: Position | None = None
        self._played: tuple[Move, ...] = ()
        self._walker: Position | None = None
        self._known: set[int] = set()
        self._visited: set[Seen] = set()
        self._best_progress: Progress = (0, 0, 0, 0)
        self._progressed = 0  # the move number after which the game last gained
        self._endgame_undecided: tuple[Move, ...] | None = None  # the history where the solver left it open

    @property
    def settings(self) -> tuple[int, int, Limit, bool, Race | None]:
        """``(samples, seed, (seconds, positions), knows_stock, race)``: what its choices
        depend on."""
        return self.samples, self.seed, self.limits, self.knows_stock, self.race

    def choose(self, start: Position, history: Sequence[Move], known: Iterable[int] = ()) -> FairChoice:
        """The choice at the position ``history`` leads to from ``start``; ``known``: cards
        the player saw besides those shown along ``history``."""
        self._catch_up(start, tuple(history))
        assert self._walker is not None
        position = self._walker.copy()
        moves = position.legal_moves()
        if not moves:
            return FairChoice(None, (), "no legal move is left")
        known_now = self._known | set(known)
        scouting = None if self.knows_stock else _scouting_move(history, position, moves)
        if scouting is not None:
            return _alone(
                scouting, "to see every card of the stock: the stock is the same after a whole turn"
            )
        if not Hidden(position, known_now).unseen:
            return self._endgame(position, history)
        fresh = [move for move in moves if not self._revisits(position, (move,), known_now)]
        if not fresh:
            return FairChoice(None, (), "every move returns to a position already played through")
        quick = safe_move_home(position, fresh)
        if quick is not None:
            return _alone(quick, "no card can need it where it is, so it goes home at once")
        if len(fresh) == 1:
            return _alone(fresh[0], "the only move that leads somewhere new")
        if len(history) - self._progressed > QUIET_MOVES:
            return _greedy(position, history, fresh, f"{QUIET_MOVES} moves have gained nothing")
        return self._best_commitment(position, history, fresh, known_now)

    def _best_commitment(
        self, position: Position, history: Sequence[Move], fresh: list[Move], known: set[int]
    ) -> FairChoice:
        seen = as_seen(position, known)
        turn_seed = random.Random(f"{self.seed}/{seen!r}").getrandbits(_SEED_BITS)
        walked = commitments(position, known)
        found: list[Commitment] = walked
        roots = Roots()
        if not walked.complete:
            lines_samples = min(self.samples, LINES_SAMPLES)
            found = walked + commitments_from_lines(
                position, known, walked, lines_samples, turn_seed, self.limits, roots
            )
        choices = [choice for choice in found if not self._revisits(position, choice.line, known)]
        if not choices:
            why = f"no commitment within {QUIET_POSITIONS:,} positions of quiet moves"
            return _greedy(position, history, fresh, why)
        judged = commitment_chances(
            position, known, choices, self.samples, turn_seed, self.limits, self.race, roots
        )
        furthest = _furthest(choices, judged)
        best, chance = furthest, judged.chances[furthest]
        if judged.won[furthest]:
            best = _shown_first(position, known, choices, judged, furthest, (self.race or FAIR_RACE).spread)
            chance = judged.chances[best]
        elif judged.undecided[furthest]:
            # The furthest commitment wins nothing but something is undecided: the samples
            # are hard, not lost, so they are judged again, deeper, for one that wins; when
            # none does, the furthest still leads where the solver got furthest.
            seconds, nodes = self.limits
            deeper = Limit(
                None if seconds is None else seconds * DEEPER,
                None if nodes is None else nodes * DEEPER,
            )
            again = commitment_chances(position, known, choices, self.samples, turn_seed, deeper, self.race)
            winner = min(
                range(len(choices)),
                key=lambda i: (-again.chances[i].samples, -again.won[i], len(choices[i].setup)),
            )
            if again.won[winner]:
                best, chance = winner, again.chances[winner]
        else:
            return FairChoice(
                None, (), f"all {chance.samples} ways the hidden cards may lie are lost after every move"
            )
        line = choices[best].line
        return FairChoice(line[0], line, _commitment_words(position, choices[best], known), chance)

    def _endgame(self, position: Position, history: Sequence[Move]) -> FairChoice:
        """Every card is known: the position is solved, seeing nothing hidden. When the solver
        leaves it open, greedy plays the rest of the game without solving again."""
        undecided = self._endgame_undecided
        if undecided is None or tuple(history[: len(undecided)]) != undecided:
            result = solve(position, time_limit=None, node_limit=ENDGAME_NODE_LIMIT)
            if result.verdict == "winnable":
                line = shorten(position, result.moves)
                everything = Chance((1 << self.samples) - 1, 0, self.samples)
                return FairChoice(line[0], line, "every card is known, and this line wins", everything)
            if result.verdict == "unwinnable":
                return FairChoice(None, (), "every card is known, and the solver proves this position lost")
            self._endgame_undecided = tuple(history)
        limit = f"{ENDGAME_NODE_LIMIT:,} positions"
        why = f"every card is known, but the solver found no winning line within {limit}"
        return _greedy(position, history, position.legal_moves(), why)

    def _catch_up(self, start: Position, history: tuple[Move, ...]) -> None:
        """Bring the cards seen and the positions played through up to ``history``, walking
        only the moves played since the last call when the game went on from it."""
        played = len(self._played)
        if self._walker is None or self._start != start or history[:played] != self._played:
            self._start, self._played, self._walker = start.copy(), (), start.copy()
            self._known = shown(self._walker, self.knows_stock)
            self._visited = {as_seen(self._walker, self._known)}
            self._best_progress, self._progressed = _progress(self._walker, self._known), 0
            self._endgame_undecided = None
            played = 0
        for ply, move in enumerate(history[played:], played + 1):
            self._walker.push(move)
            self._known |= shown(self._walker, self.knows_stock)
            self._visited.add(as_seen(self._walker, self._known))
            progress = _progress(self._walker, self._known)
            best = tuple(map(max, progress, self._best_progress))
            if best != self._best_progress:
                self._best_progress, self._progressed = best, ply
        self._played = history

    def _revisits(self, position: Position, line: Sequence[Move], known: set[int]) -> bool:
        """Whether ``line`` from ``position`` stands, after one of its moves, on a position
        played through before, seen as the player would see it then."""
        walker = position.copy()
        seen = set(known)
        for move in line:
            walker.push(move)
            seen |= shown(walker)
            if as_seen(walker, seen) in self._visited:
                return True
        return False

    def __repr__(self) -> str:
        seconds, nodes = self.limits
        return (
            f"FairPlay(samples={self.samples}, node_limit={nodes}, time_limit={seconds}, seed={self.seed}"
            + (", knows_stock=True" if self.knows_stock else "")
            + ("" if self.race == FAIR_RACE else f", race={self.race!r}")
            + ")"
        )


def _alone(move: Move, why: str) -> FairChoice:
    return FairChoice(move, (move,), why)


def _greedy(position: Position, history: Sequence[Move], fresh: list[Move], why: str) -> FairChoice:
    """Greedy's move when it goes somewhere new, else a resignation, both because ``why``."""
    choice = greedy_move(position, history)
    if choice in fresh:
        return _alone(choice, f"the heuristic's move ({why})")
    return FairChoice(None, (), why)


def _furthest(choices: Sequence[Commitment], judged: CommitmentChances) -> int:
    """Among the commitments judged on the most samples (the ones a race kept), the one that
    got furthest on the samples ``judged`` (ties: more samples won, then the shorter set-up)."""
    most = max(chance.samples for chance in judged.chances)
    return min(
        (index for index, chance in enumerate(judged.chances) if chance.samples == most),
        key=functools.partial(_standing, choices, judged),
    )


def _standing(choices: Sequence[Commitment], judged: CommitmentChances, index: int) -> tuple[int, int, int]:
    """What commitment ``index`` is ranked by, least first: further, more samples won, the
    shorter set-up."""
    return -judged.reach[index], -judged.won[index], len(choices[index].setup)


def _shown_first(
    position: Position,
    known: set[int],
    choices: Sequence[Commitment],
    judged: CommitmentChances,
    furthest: int,
    spread: float,
) -> int:
    """The commitment to play where ``furthest`` wins samples: itself when it shows an unseen
    card, else the furthest of those judged on as many samples that show one and are not
    ``spread`` standard errors behind it, if any. Each sample is solved seeing every card, so
    it cannot value what a card shown tells the choices after it; where the samples cannot
    tell two commitments apart, that decides."""
    leader = judged.values[furthest]
    if len(leader) < 2 or _shows_unseen(position, choices[furthest], known):
        return furthest
    showing = [
        index
        for index, values in enumerate(judged.values)
        if len(values) == len(leader)
        and _shows_unseen(position, choices[index], known)
        and shortfall_bounds(leader, values, spread)[0] <= 0
    ]
    return min(
        showing,
        key=functools.partial(_standing, choices, judged),
        default=furthest,
    )


def _set_up(position: Position, choice: Commitment) -> Position:
    """``position`` after the quiet moves that set ``choice`` up."""
    walker = position.copy()
    for move in choice.setup:
        walker.push(move)
    return walker


def _shows_unseen(position: Position, choice: Commitment, known: set[int]) -> bool:
    """Whether ``choice``'s commitment, after its set-up, shows a card outside ``known``."""
    return shows_unseen(_set_up(position, choice), choice.move, known)


def _commitment_words(position: Position, choice: Commitment, known: set[int]) -> str:
    """Why the line's first move, as the hint says it after the move: what the commitment
    commits to, and when its set-up comes first, that it comes next (``known``: the cards
    the player knows)."""
    walker = _set_up(position, choice)
    commitment = choice.move
    # A draw commits either by showing cards not seen yet or, the stock known, by going on
    # through a stock whose passes are counted.
    seen_before = commitment.source == "stock" and not shows_unseen(walker, commitment, known)
    if not choice.setup:
        if commitment.source == "stock":
            if seen_before:
                return "which goes on through the stock, whose passes are limited"
            return "which shows a stock card not seen yet"
        if commitment.source == "waste":
            return "which takes the card from the talon for good"
        return "which turns the card under it"
    if commitment.source == "stock":
        return "to go on through the stock next" if seen_before else "to turn a stock card not seen yet next"
    if commitment.source == "waste":
        return f"to play {card_label(walker.waste[-1])} from the waste next"
    moved = card_label(walker.cards(commitment.source)[-commitment.count])
    return f"to turn the card under {moved} in {pile_words(commitment.source)} next"


def fair_words(position: Position, choice: FairChoice, unseen: int) -> str:
    """The fair hint's sentence for ``choice`` made at ``position``: its move, why, and for
    a line judged on samples, its chance in words (``unseen``: how many cards the player has
    not seen; with none, the chance is certain and not said)."""
    assert choice.move is not None
    joiner = ", " if choice.why.startswith(("to ", "which ")) else ": "
    said = f"{sentence(position, choice.move)}{joiner}{choice.why}"
    chance = choice.chance
    if chance is None or unseen == 0:
        return said
    interval = percent_range(chance.low, chance.high)
    return f"{said}: wins {percent(chance)} of the ways the hidden cards can lie ({interval})"


def _scouting_move(history: Sequence[Move], position: Position, moves: list[Move]) -> Move | None:
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
