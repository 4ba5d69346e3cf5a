"""Commitments: the choices a player who cannot see every card really has to make.

Most moves show nothing new and can be taken back or worked round: a card or run moved
between columns without turning a card, a card sent home or taken back from a foundation
(where the rules allow it), the stock turned while redeals are unlimited and it turns up
only cards seen before. These are *quiet* moves. The others commit the player: a move that
turns a face-down card, or a stock card not seen yet, shows a card the player did not
know, and a card played from the stock or the waste changes the talon for good. So the
choice that matters at a turn is which commitment to make next, and which quiet moves set
it up.

``commitments(position, known)`` finds them: a breadth-first walk over the positions quiet
moves reach (at most ``QUIET_POSITIONS``), and from each the commitments it offers, each
with the shortest line of quiet moves that leads to it. Two commitments that move the same
card from the same kind of place onto the same card (or home, or into an empty column) are
one choice; the first found, with the shorter set-up, stands for it. Quiet moves show no
unseen card, so the walk reads nothing hidden: two positions that show the player the same
thing have the same commitments. Late in a game, with long runs to move and cards to take
back from the foundations, the walk may run out of room before any commitment
(``Commitments.complete``); ``commitments_from_lines`` then reads the commitments the samples'
winning lines make first, each with the quiet moves before it.

``commitment_chances`` judges each on the same samples of the unseen cards, as
``chances.chances_at`` judges single moves: after its setup and its move, each sample is
solved seeing every card, and the value is the cards home it gets to (all of them in a
sample won, none in one lost, the most cards home the search reached in one it could not
decide). The fair strategy (``scripting.fair``) plays the commitment that gets furthest.
Judging commitments instead of single moves keeps quiet moves, which a sample solved
seeing every card values as highly as the position itself, from passing for good choices
(on 500 draw-three deals, 42.6% won against 32.4% by the best ranking of single moves).
"""

from __future__ import annotations

import functools
import math
import statistics
from collections import deque
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass

from ..engine import Move, Position
from ..engine.cards import DECK
from ..engine.knowledge import Hidden
from ..solver.search import Limit, Verdict, search
from .chances import MAX_SAMPLES, Chance
from .heuristic import tableau_index

__all__ = [
    "QUIET_POSITIONS",
    "UNDECIDED_SHARE",
    "Commitment",
    "CommitmentChances",
    "Commitments",
    "Race",
    "Roots",
    "commitment_chances",
    "commitments",
    "commitments_from_lines",
    "is_quiet",
    "shortfall_bounds",
    "shows_unseen",
]

QUIET_POSITIONS = 1_000
"""Positions the walk over quiet moves may reach from one position, the talon's turns apart
(see ``commitments``): a bound on its time and on the choices to judge (commitments set up
only beyond it are left out). Quiet moves combine freely (runs moved, cards taken back from
a foundation), so the walk grows fast. Walking every turn of the talon as a position of its
own, a bound of 200 cut the walk short at 43 turns of 109 on four played draw-three deals
and 5,000 at 13 (the fair strategy won 36.0% of 500 draw-three deals with 200, 42.6% with
5,000). With the talon apart, 1,000 found every choice that 5,000 finds at all 105 turns of
four played draw-three deals (seeds 0 to 3), in a quarter of the time; at the 141 turns of
seeds 1,000 to 1,003 it left out a choice at 3, and 2,000 at none (``benchmarks/walk.py``)."""

UNDECIDED_SHARE = 4
"""After a sample the solver could not decide from the position, each commitment is searched
with this fraction of the limits."""

_ALL_HOME = len(DECK)
_TALON = ("stock", "waste")


@dataclass(frozen=True)
class Commitment:
    """A commitment: the quiet moves that set it up (``setup``, often none) and the move
    that commits (``move``)."""

    setup: tuple[Move, ...]
    move: Move

    @property
    def line(self) -> tuple[Move, ...]:
        return (*self.setup, self.move)


class Commitments(list[Commitment]):
    """The commitments the walk found (see ``commitments``), shortest set-up first;
    ``complete`` is False when the walk stopped at ``QUIET_POSITIONS`` positions with
    quiet moves still untried, so that commitments set up further off may be missing."""

    def __init__(self, found: list[Commitment], complete: bool) -> None:
        super().__init__(found)
        self.complete = complete


class Roots:
    """The solver's search of each sample of one turn from the position itself (its verdict
    and winning line), made once for each limits and shared by the steps of the turn that ask
    for it: the winning lines read beyond the walk, then the judging. The samples are those
    of one position, known cards and seed, numbered as drawn."""

    def __init__(self) -> None:
        self._made: dict[tuple[int, Limit], tuple[Verdict, list[Move]]] = {}

    def search(self, number: int, sample: Position, limits: Limit) -> tuple[Verdict, list[Move]]:
        """The verdict and winning line of ``sample``, sample ``number``, within ``limits``."""
        key = (number, limits)
        if key not in self._made:
            verdict, line, _, _ = search(sample.copy(), *limits)
            self._made[key] = verdict, line
        return self._made[key]


@dataclass(frozen=True)
class CommitmentChances:
    """How each commitment fared over the same samples: ``values``, the cards home it gets
    to on each sample it was judged on (see the module docstring); ``chances``, its
    ``Chance``: the samples won and not decided after it; ``searched``, which samples needed
    a search of its own after it (bit ``i`` for sample ``i``; a sample lost from the
    position, or won by the commitment its winning line makes first, needs none)."""

    values: tuple[tuple[int, ...], ...]
    chances: tuple[Chance, ...]
    searched: tuple[int, ...]

    @property
    def reach(self) -> tuple[int, ...]:
        """The cards home each commitment gets to, summed over its samples."""
        return tuple(map(sum, self.values))

    @property
    def won(self) -> tuple[int, ...]:
        return tuple(chance.won for chance in self.chances)

    @property
    def undecided(self) -> tuple[int, ...]:
        return tuple(chance.undecided for chance in self.chances)


def is_quiet(position: Position, move: Move, known: Collection[int]) -> bool:
    """True for a move that shows no card outside ``known`` (the cards the player has seen)
    and plays no card from the talon, where it can be taken back: a card sent home only
    where foundation cards may come back, the stock turned only while redeals are
    unlimited."""
    if move.source in _TALON:
        if move.target not in _TALON or position.redeals_left is not None:
            return False
        return not shows_unseen(position, move, known)
    if shows_unseen(position, move, known):
        return False
    if move.target.startswith("foundation/"):
        return position.foundation_to_tableau
    return True


def shows_unseen(position: Position, move: Move, known: Collection[int]) -> bool:
    """True for a move that shows a card outside ``known`` (the cards the player has seen): a
    stock card it turns over, or the face-down card under the run it lifts."""
    if move.source == "stock":
        return not all(card in known for card in position.stock[-move.count :])
    index = tableau_index(position, move.source)
    return index is not None and move.count == len(position.up[index]) and bool(position.down[index])


def commitments(position: Position, known: Collection[int]) -> Commitments:
    """The commitments open from ``position`` to a player who has seen the cards ``known``
    (see the module docstring), shortest set-up first. ``position`` is left as it was.

    The talon is walked apart from the rest: quiet turns of the stock change no other pile,
    so every position of the walk offers the cards they bring to the top of the waste (each
    with the turns that bring it), without walking each position again for every way the
    talon may stand."""
    walker = position.copy()
    found: Found = {}
    offer: Offer = functools.partial(_keep_shorter, found)
    turns = _talon_turns(walker, known, offer)
    seen = {walker.key()}
    setups: deque[tuple[Move, ...]] = deque([()])
    pushed: tuple[Move, ...] = ()
    while setups and len(seen) < QUIET_POSITIONS:
        setup = setups.popleft()
        # Set-ups come breadth first, so the next mostly shares all but its last moves with
        # the one on the walker: only the moves that differ are taken back and played.
        shared = 0
        for mine, theirs in zip(pushed, setup, strict=False):
            if mine != theirs:
                break
            shared += 1
        for _ in pushed[shared:]:
            walker.pop()
        for move in setup[shared:]:
            walker.push(move)
        pushed = setup
        for move in walker.legal_moves():
            if not is_quiet(walker, move, known):
                offer(setup, move, _choice(walker, move))
            elif move.source not in _TALON:
                walker.push(move)
                key = walker.key()
                walker.pop()
                if key not in seen:
                    seen.add(key)
                    setups.append((*setup, move))
        for turned, card in turns:
            for move in _waste_card_moves(walker, card):
                offer((*setup, *turned), move, _choice(walker, move, card))
    return Commitments(_shortest_first(found), complete=not setups)


def commitments_from_lines(
    position: Position,
    known: Collection[int],
    walked: Sequence[Commitment],
    samples: int,
    seed: int,
    limits: Limit,
    roots: Roots | None = None,
) -> list[Commitment]:
    """The commitments the winning lines of ``samples`` deals of the unseen cards (drawn
    from ``seed``, each solved within ``limits``) make first, where the walk that found
    ``walked`` made no such choice: those it had no room to reach (see ``Commitments``).
    A winning line's moves up to its first commitment are quiet, so they show nothing
    hidden and any player can play them; which line a sample's solver found is what the
    player does not know, and judging them all on the same samples settles that.
    ``roots`` keeps the samples' searches for ``commitment_chances`` to judge with."""
    chosen = {_choice_after(position, choice) for choice in walked}
    found: Found = {}
    roots = Roots() if roots is None else roots
    for number, sample in enumerate(Hidden(position, known).samples(samples, seed)):
        verdict, line = roots.search(number, sample, limits)
        opening = _opening(sample, line, known) if verdict == "winnable" else None
        if opening is None:
            continue
        commitment, _ = opening
        choice = _choice_after(position, commitment)
        if choice not in chosen:
            _keep_shorter(found, commitment.setup, commitment.move, choice)
    return _shortest_first(found)


def _choice_after(position: Position, commitment: Commitment) -> tuple[object, ...]:
    """``_choice`` of ``commitment``'s move, played after its set-up from ``position``."""
    walker = position.copy()
    for move in commitment.setup:
        walker.push(move)
    return _choice(walker, commitment.move)


Offer = Callable[[tuple[Move, ...], Move, tuple[object, ...]], None]


Found = dict[tuple[object, ...], Commitment]
"""Commitments by what they do (``_choice``), each the one with the shortest set-up found."""


def _keep_shorter(found: Found, setup: tuple[Move, ...], move: Move, choice: tuple[object, ...]) -> None:
    """Keep ``setup`` and ``move`` for ``choice`` unless ``found`` has one for it set up
    by as few moves or fewer."""
    if choice not in found or len(setup) < len(found[choice].setup):
        found[choice] = Commitment(setup, move)


def _shortest_first(found: Found) -> list[Commitment]:
    return sorted(found.values(), key=lambda choice: len(choice.setup))


def _talon_turns(
    position: Position, known: Collection[int], offer: Offer
) -> list[tuple[tuple[Move, ...], int]]:
    """The ways quiet turns of the talon make it stand, from ``position``'s on: for each, the
    turns and the card they bring to the top of the waste. A turn met on the way that
    commits (it shows a card not seen) is ``offer``ed with the turns before it; ``position``
    is left as it was."""
    turns: list[tuple[tuple[Move, ...], int]] = []
    turned: tuple[Move, ...] = ()
    stood = {len(position.waste)}
    while True:
        quiet_turn = None
        for move in position.legal_moves():
            if move.source not in _TALON or move.target not in _TALON:
                continue
            if is_quiet(position, move, known):
                quiet_turn = move
            elif turned:
                offer(turned, move, _choice(position, move))
        if quiet_turn is None:
            break
        position.push(quiet_turn)
        turned = (*turned, quiet_turn)
        if len(position.waste) in stood:
            break
        stood.add(len(position.waste))
        if position.waste:
            turns.append((turned, position.waste[-1]))
    for _ in turned:
        position.pop()
    return turns


def _waste_card_moves(position: Position, card: int) -> list[Move]:
    """The moves ``card`` would have from the top of the waste, the tableau and the
    foundations as they are (in ``legal_moves``' order): what turning the talon to it offers."""
    rules = position.rules
    moves = [Move("waste", f"foundation/{index}") for index in position.foundation_takers().get(card, ())]
    onto, fills = rules.parents["waste"][card], rules.fills_empty["waste"][card]
    moves += [
        Move("waste", f"tableau/{index}")
        for index, pile in enumerate(position.up)
        if (pile[-1] in onto if pile else fills)
    ]
    return moves


def _choice(position: Position, move: Move, card: int | None = None) -> tuple[object, ...]:
    """What a commitment does, whatever the quiet moves before it: the card moved (``card``,
    for a card the talon's turns bring to the waste's top), the kind of place it leaves and
    what it lands on."""
    if card is None:
        cards = position.cards(move.source)
        # A card from the stock is face down until it moves: naming it would read a hidden card.
        card = cards[-move.count] if cards and move.source != "stock" else None
    source = move.source if move.source in _TALON else "tableau"
    if move.target.startswith("foundation/"):
        return (source, card, "home")
    target = position.cards(move.target)
    return (source, card, target[-1] if target else "empty")


def commitment_chances(
    position: Position,
    known: Collection[int],
    choices: Sequence[Commitment],
    samples: int,
    seed: int,
    limits: Limit,
    race: Race | None = None,
    roots: Roots | None = None,
) -> CommitmentChances:
    """Judge ``choices`` (commitments of ``position``) on up to ``samples`` deals of the
    cards the player has not seen (those not in ``known``), drawn from ``seed``; ``limits``
    (seconds, positions) bound each search. A sample lost from ``position`` is lost after
    every commitment, and the commitment the solver's winning line makes first wins it,
    so neither is searched again. After a sample the solver cannot decide from
    ``position``, the searches get ``UNDECIDED_SHARE``'s fraction of the limits: they are
    hardly ever decided either, and a share is enough to see how far each gets.

    With a ``race`` (see ``Race``) the commitments the samples so far show to be behind
    are dropped as the samples come, and the judging stops when one is left or the rest
    are alike; each commitment's ``Chance`` counts the samples it was judged on. ``roots``:
    the searches of the same samples from ``position`` made already this turn (see ``Roots``)."""
    roots = Roots() if roots is None else roots
    wins = [0] * len(choices)
    unknowns = [0] * len(choices)
    searched = [0] * len(choices)
    values: list[list[int]] = [[] for _ in choices]
    running = list(range(len(choices)))
    for number, sample in enumerate(Hidden(position, known).samples(samples, seed)):
        root = roots.search(number, sample, limits)
        for index, found, value, own_search in _judge_sample(sample, root, known, choices, running, limits):
            values[index].append(value)
            wins[index] |= (found == "winnable") << number
            unknowns[index] |= (found == "unknown") << number
            searched[index] |= own_search << number
        if race is not None:
            running, settled = race.after_sample(running, values)
            if settled:
                break
    return CommitmentChances(
        tuple(map(tuple, values)),
        tuple(
            Chance(won, unknown, len(judged))
            for won, unknown, judged in zip(wins, unknowns, values, strict=True)
        ),
        tuple(searched),
    )


def _judge_sample(
    sample: Position,
    root: tuple[Verdict, Sequence[Move]],
    known: Collection[int],
    choices: Sequence[Commitment],
    running: list[int],
    limits: Limit,
) -> Iterator[tuple[int, Verdict, int, bool]]:
    """For each commitment of ``choices`` still ``running``: its index, the verdict on
    ``sample`` after it, the value (see ``commitment_chances``) and whether it took a
    search of its own; ``root``: the verdict and winning line of ``sample`` itself."""
    seconds, nodes = limits
    verdict, line = root
    if verdict == "unwinnable":
        yield from ((index, verdict, 0, False) for index in running)
        return
    if verdict == "unknown":
        seconds = None if seconds is None else seconds / UNDECIDED_SHARE
        nodes = None if nodes is None else max(1, nodes // UNDECIDED_SHARE)
    first = _first_commitment(sample, line, known) if verdict == "winnable" else None
    for index in running:
        child = sample.copy()
        for move in choices[index].line:
            child.push(move)
        if first is not None and child.key() == first:
            yield index, "winnable", _ALL_HOME, False
            continue
        found, _, _, home = search(child, seconds, nodes, with_line=False)
        yield index, found, _ALL_HOME if found == "winnable" else home if found == "unknown" else 0, True


@dataclass(frozen=True)
class Race:
    """When to stop judging commitments on more samples: a sequential test over the samples
    judged so far, each commitment compared with the leader (the one that got furthest) on
    the same samples. Every ``every`` samples from ``least`` on, a commitment whose mean
    shortfall in cards home is more than ``spread`` standard errors of that shortfall above
    nought is dropped; the judging stops when one commitment is left, or when every one
    left is within ``alike`` cards of the leader either way, ``spread`` standard errors
    included (the choice between them then hardly matters). The defaults were chosen against
    an oracle of many samples on deals of their own (``benchmarks/samples.py``)."""

    least: int = 32
    every: int = 8
    spread: float = 2.0
    alike: float = 2.0

    def __post_init__(self) -> None:
        for name in ("least", "every"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= MAX_SAMPLES:
                raise ValueError(f"{name} must be a whole number from 2 to {MAX_SAMPLES:,}, not {value!r}")
        for name in ("spread", "alike"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < math.inf:
                raise ValueError(f"{name} must be a number from 0 up, not {value!r}")

    def after_sample(self, running: list[int], values: list[list[int]]) -> tuple[list[int], bool]:
        """The commitments still in the race after the samples ``values`` holds, and whether
        the race is over: one commitment left, or those left alike. Neither changes before
        ``least`` samples or between every ``every``, and the race is not over while every
        sample so far is lost after every commitment (resigning asks for them all)."""
        judged = len(values[running[0]])
        if judged < self.least or judged % self.every:
            return running, False
        leader = max(running, key=lambda index: sum(values[index]))
        bounds = {
            index: shortfall_bounds(values[leader], values[index], self.spread)
            for index in running
            if index != leader
        }
        kept = [index for index in running if index == leader or bounds[index][0] <= 0]
        alike = all(max(map(abs, bounds[index])) < self.alike for index in kept if index != leader)
        return kept, any(values[leader]) and alike


def shortfall_bounds(leader: Sequence[int], other: Sequence[int], spread: float) -> tuple[float, float]:
    """The bounds of ``other``'s mean shortfall in cards home behind ``leader`` over the same
    samples (at least two): the mean, less and plus ``spread`` standard errors."""
    shortfalls = [ahead - behind for ahead, behind in zip(leader, other, strict=True)]
    mean = statistics.fmean(shortfalls)
    error = spread * statistics.stdev(shortfalls) / math.sqrt(len(shortfalls))
    return mean - error, mean + error


def _opening(
    sample: Position, line: Sequence[Move], known: Collection[int]
) -> tuple[Commitment, Position] | None:
    """The first commitment of ``line`` from ``sample``, with the quiet moves before it, and
    the sample just after it."""
    walker = sample.copy()
    for number, move in enumerate(line):
        quiet = is_quiet(walker, move, known)
        walker.push(move)
        if not quiet:
            return Commitment(tuple(line[:number]), move), walker
    return None


def _first_commitment(
    sample: Position, line: Sequence[Move], known: Collection[int]
) -> tuple[int | None, bytes] | None:
    """The key of the position just after the first commitment of a winning ``line``."""
    opening = _opening(sample, line, known)
    return None if opening is None else opening[1].key()
