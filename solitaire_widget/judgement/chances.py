"""Win chances from what the player can see: ``win_chance`` and the fair hint.

The method (hindsight sampling)
===============================

The player knows some cards and not others (``engine.knowledge``). ``win_chance`` deals the
unseen cards into the unseen places at random, ``samples`` times, and asks the solver
whether each such deal can be won from here, and after each legal move. The share of
samples won is the chance; every move is judged on the same samples, so the difference
between two moves' chances is not sampling noise between different deals.

Each sample is solved seeing all its cards, so a chance is that of a player who, from here
on, would guess the hidden cards right: an upper bound on what any real player can expect,
and the same bound for every move, which is what comparing moves needs. (This is hindsight
optimisation, as Bjarnason, Fern and Tadepalli used to play Klondike with hidden cards.)

A sample the solver cannot decide within its limits is *undecided*: it counts as lost in
``estimate`` and in ``low`` and as won in ``high``, so the interval holds both readings.
(``judgement.commitments``, which the fair strategy judges by, also asks how far the solver got
on such samples.)
The interval is the 95% Wilson score interval. With ``node_limit`` (and no time limit) the
answer depends only on what the player can see and on ``seed``: the same on every machine,
and the same for two games that show the player the same thing but hide different cards.

>>> from solitaire_widget import Game, Move
>>> c = win_chance(Game.new("klondike", seed=3), samples=8, node_limit=2_000)
>>> 0 <= c.low <= c.estimate <= c.high <= 1
True
>>> [str(move) for move in c.moves]  # the ace to any empty foundation is one choice
['t4>f0', 't3>t1', 't1>t5', 'w>t0', 's>w']
>>> c.moves[Move("tableau/4", "foundation/2")] is c.moves[Move("tableau/4", "foundation/0")]
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..engine import Move, Position
from ..engine.cards import parse_card
from ..engine.choices import representatives
from ..engine.deal import check_seed
from ..engine.knowledge import Hidden, shown
from ..solver.search import Limit, Verdict, check_limits, search
from .heuristic import priority_move

DEFAULT_SAMPLES = 64
"""Samples ``win_chance`` draws unless told otherwise."""

SAMPLE_NODE_LIMIT = 20_000
"""Positions the solver may search for one sample when neither limit is given."""

MAX_SAMPLES = 10_000

_Z = 1.959964  # the normal quantile of a two-sided 95% interval


class Chance(float):
    """A win chance: this float is the share of samples won; ``low`` and ``high`` bound it
    (95%, undecided samples counted both ways); ``won``, ``undecided`` and ``samples`` are
    the counts it comes from, and ``wins`` and ``unknowns`` which samples they are (bit
    ``i`` for sample ``i``), so two chances judged on the same samples compare pairwise."""

    wins: int
    unknowns: int
    samples: int

    def __new__(cls, wins: int, unknowns: int, samples: int) -> Chance:
        chance = super().__new__(cls, wins.bit_count() / samples if samples else 0.0)
        chance.wins, chance.unknowns, chance.samples = wins, unknowns, samples
        return chance

    def __reduce__(self) -> tuple[object, ...]:
        return Chance, (self.wins, self.unknowns, self.samples)

    def __repr__(self) -> str:
        return f"Chance({float(self):.3f}, low={self.low:.3f}, high={self.high:.3f})"

    @property
    def won(self) -> int:
        return self.wins.bit_count()

    @property
    def undecided(self) -> int:
        return self.unknowns.bit_count()

    @property
    def low(self) -> float:
        return _wilson(self.won, self.samples)[0]

    @property
    def high(self) -> float:
        return _wilson(self.won + self.undecided, self.samples)[1]

    @property
    def in_words(self) -> str:
        """ "62% (58–66%)": the estimate and its interval, in whole percents."""
        return f"{percent(self)} ({percent_range(self.low, self.high)})"


class ChoiceChances(dict[Move, Chance]):
    """A ``Chance`` per choice of move (``WinChance.moves``): one entry per choice, and any
    move of a choice listed (``same`` maps it to the entry) found under that entry."""

    def __init__(self, chances: dict[Move, Chance], same: dict[Move, Move]) -> None:
        super().__init__(chances)
        self.same = same

    def __missing__(self, move: Move) -> Chance:
        if move in self.same:
            return self[self.same[move]]
        raise KeyError(move)

    def __contains__(self, move: object) -> bool:
        return super().__contains__(move) or move in self.same


@dataclass(frozen=True)
class WinChance:
    """What ``win_chance`` found: the position's chance (``estimate``, ``low``, ``high``, from
    ``samples`` samples of which ``undecided`` were not decided) and ``moves``: the ``Chance`` of
    each choice of legal move, judged on the same samples, in the engine's order. Moves that
    are one choice (an ace to any empty foundation, see ``engine.choices``) are one entry, the
    first of them; ``same`` maps each of the others to it, and ``moves[move]`` (and ``move in
    moves``) takes any legal move."""

    chance: Chance
    moves: dict[Move, Chance]
    unseen: int
    """How many cards the player has not seen (0: every sample is the real position)."""
    preferred: Move | None = None
    """The heuristic's move, first among moves of equal chance (it makes progress where
    others may move cards to and fro)."""
    same: dict[Move, Move] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "moves", ChoiceChances(self.moves, self.same))

    def choice(self, move: Move) -> Move:
        """The entry of ``moves`` that stands for ``move`` (itself, or the move of the same
        choice listed)."""
        return self.same.get(move, move)

    @property
    def estimate(self) -> float:
        return float(self.chance)

    @property
    def low(self) -> float:
        return self.chance.low

    @property
    def high(self) -> float:
        return self.chance.high

    @property
    def samples(self) -> int:
        return self.chance.samples

    @property
    def undecided(self) -> int:
        return self.chance.undecided

    def ranked(self) -> list[Move]:
        """The legal moves, best chance first; among equal chances the higher interval, then
        the heuristic's move (``preferred``), then the engine's order."""
        order = {move: index for index, move in enumerate(self.moves)}
        return sorted(
            self.moves,
            key=lambda move: (-self.moves[move], -self.moves[move].high, move != self.preferred, order[move]),
        )

    @property
    def best(self) -> Move | None:
        """The move with the best chance (see ``ranked``); None when no move is legal."""
        ranked = self.ranked()
        return ranked[0] if ranked else None


def win_chance(
    game: object,
    samples: int = DEFAULT_SAMPLES,
    *,
    seed: int = 0,
    node_limit: int | None = None,
    time_limit: float | None = None,
    knows_stock: bool = False,
) -> WinChance:
    """The chance to win from the game's current position, judged from what the player can
    see, and the chance after each legal move, one entry per choice (see ``WinChance`` and
    the module docstring for the method).

    ``game`` is a ``Game``. ``samples`` (1 to 10,000) deals of the unseen cards are drawn from
    ``seed`` (0 to 2**53 - 1); ``node_limit`` (positions) and ``time_limit`` (seconds) bound the
    solver for each sample and each move; with neither, each gets ``SAMPLE_NODE_LIMIT``
    positions. ``knows_stock=True`` judges in the known-stock model of the published figures:
    the stock and the waste known in order, only the face-down tableau cards sampled
    (``engine.knowledge``). A bad value raises ``ValueError`` naming it. The game is not
    changed.
    """
    samples, seed, limits = check_sampling(samples, seed, node_limit, time_limit)
    position, known = _what_the_player_knows(game, check_knows_stock(knows_stock))
    return chances_at(position, known, samples, seed, limits)


def check_sampling(
    samples: object, seed: object, node_limit: object, time_limit: object
) -> tuple[int, int, Limit]:
    """The sampling arguments as ``chances_at`` takes them; ``ValueError`` naming a bad one."""
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= MAX_SAMPLES:
        raise ValueError(f"samples must be a whole number from 1 to {MAX_SAMPLES:,}, not {samples!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    try:
        check_seed(seed)
    except ValueError as error:
        raise ValueError(f"seed: {error}") from None
    seconds, nodes = check_limits(time_limit, node_limit, unbounded_ok=True)
    if seconds is None and nodes is None:
        nodes = SAMPLE_NODE_LIMIT
    return samples, seed, Limit(seconds, nodes)


def check_knows_stock(knows_stock: object) -> bool:
    """``knows_stock`` as the known-stock model's switch; ``ValueError`` unless a bool."""
    if not isinstance(knows_stock, bool):
        raise ValueError(f"knows_stock must be True or False, not {knows_stock!r}")
    return knows_stock


def _what_the_player_knows(game: object, knows_stock: bool) -> tuple[Position, set[int]]:
    known_cards = getattr(game, "known_cards", None)
    lock = getattr(game, "lock", None)
    if not callable(known_cards) or lock is None:
        raise TypeError(f"win_chance takes a Game (Game.new or Game.from_dict), not {type(game).__name__}")
    with lock:
        position: Position = game.position  # type: ignore[attr-defined]
        known = {parse_card(code) for code in known_cards()}
    return position, known | shown(position, knows_stock)


def chances_at(
    position: Position,
    known: Iterable[int],
    samples: int,
    seed: int,
    limits: Limit,
) -> WinChance:
    """``win_chance`` for ``position`` where the player knows the cards ``known``; the
    arguments are checked (``check_sampling``)."""
    standing_for = representatives(position, position.legal_moves())
    moves = list(dict.fromkeys(standing_for.values()))
    same = {move: first for move, first in standing_for.items() if move != first}
    hidden = Hidden(position, known)
    if position.is_won:
        return WinChance(Chance((1 << samples) - 1, 0, samples), {}, len(hidden.unseen))
    wins = [0] * len(moves)
    unknowns = [0] * len(moves)
    position_wins = position_unknowns = 0
    for number, sample in enumerate(hidden.samples(samples, seed)):
        bit = 1 << number
        root, after = _judge_sample(sample, moves, standing_for, limits)
        position_wins |= bit if root == "winnable" else 0
        position_unknowns |= bit if root == "unknown" else 0
        for index, verdict in enumerate(after):
            wins[index] |= bit if verdict == "winnable" else 0
            unknowns[index] |= bit if verdict == "unknown" else 0
    preferred = priority_move(position)
    return WinChance(
        Chance(position_wins, position_unknowns, samples),
        {move: Chance(wins[i], unknowns[i], samples) for i, move in enumerate(moves)},
        len(hidden.unseen),
        None if preferred is None else standing_for[preferred],
        same,
    )


def _judge_sample(
    sample: Position,
    moves: Sequence[Move],
    standing_for: dict[Move, Move],
    limits: Limit,
) -> tuple[Verdict, list[Verdict]]:
    """The verdict for ``sample`` and for it after each of ``moves`` (one of each choice;
    ``standing_for`` gives each legal move's). A lost sample is lost after every move, and the
    choice a winning line makes first wins, so neither is searched. A sample the solver cannot
    decide is left undecided after every move too: measured on Klondike deals, the moves from
    such a sample were decided within the same limit in 4 cases of 489, not worth searching
    every move for."""
    seconds, nodes = limits
    verdict, line, _, _ = search(sample.copy(), seconds, nodes)
    if verdict != "winnable":
        return verdict, [verdict] * len(moves)
    first = standing_for[line[0]] if line else None
    after: list[Verdict] = []
    for move in moves:
        if move == first:
            after.append("winnable")
            continue
        child = sample.copy()
        child.push(move)
        after.append(search(child, seconds, nodes, with_line=False)[0])
    return verdict, after


def _wilson(successes: int, trials: int) -> tuple[float, float]:
    if trials == 0:
        return 0.0, 1.0
    share = successes / trials
    spread = _Z * math.sqrt(share * (1 - share) / trials + _Z * _Z / (4 * trials * trials))
    middle = share + _Z * _Z / (2 * trials)
    scale = 1 + _Z * _Z / trials
    return max(0.0, (middle - spread) / scale), min(1.0, (middle + spread) / scale)


def percent(share: float) -> str:
    """A share as whole percents, as the words of chances say it: "62%"."""
    return f"{round(share * 100)}%"


def percent_range(low: float, high: float) -> str:
    """An interval as whole percents: "58–66%"."""
    return f"{round(low * 100)}–{round(high * 100)}%"
