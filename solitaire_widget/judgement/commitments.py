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
thing have the same commitments.

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

from collections import deque
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from ..engine import Move, Position
from ..engine.cards import DECK
from ..engine.knowledge import Hidden
from ..solver.search import Limit, search
from .chances import Chance
from .heuristic import tableau_index

__all__ = [
    "QUIET_POSITIONS",
    "UNDECIDED_SHARE",
    "Commitment",
    "CommitmentChances",
    "commitment_chances",
    "commitments",
    "is_quiet",
]

QUIET_POSITIONS = 5_000
"""Positions the walk over quiet moves may reach from one position: a bound on its time and
on the choices to judge (commitments set up only beyond it are left out). Quiet moves
combine freely (the stock turned, runs moved, cards taken back from a foundation), so the
walk grows fast: on four played draw-three deals a bound of 200 cut it short at 43 turns
of 109 and left out choices at 25; 5,000 cuts it short at 13, in 56 ms a turn on average.
The fair strategy won 36.0% of 500 draw-three deals with 200, 42.6% with 5,000."""

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


@dataclass(frozen=True)
class CommitmentChances:
    """How each commitment fared over the same samples: ``reach``, the cards home it gets
    to summed over the samples (see the module docstring); ``chances``, its ``Chance``: the
    samples won and not decided after it."""

    reach: tuple[int, ...]
    chances: tuple[Chance, ...]

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
        return move.source == "waste" or all(card in known for card in position.stock[-move.count :])
    index = tableau_index(position, move.source)
    if index is not None and move.count == len(position.up[index]) and position.down[index]:
        return False
    if move.target.startswith("foundation/"):
        return position.foundation_to_tableau
    return True


def commitments(position: Position, known: Collection[int]) -> list[Commitment]:
    """The commitments open from ``position`` to a player who has seen the cards ``known``
    (see the module docstring), shortest set-up first. ``position`` is left as it was."""
    walker = position.copy()
    seen = {walker.key()}
    setups: deque[tuple[Move, ...]] = deque([()])
    found: dict[tuple[object, ...], Commitment] = {}
    while setups and len(seen) < QUIET_POSITIONS:
        setup = setups.popleft()
        for move in setup:
            walker.push(move)
        for move in walker.legal_moves():
            if not is_quiet(walker, move, known):
                found.setdefault(_choice(walker, move), Commitment(setup, move))
                continue
            walker.push(move)
            key = walker.key()
            walker.pop()
            if key not in seen:
                seen.add(key)
                setups.append((*setup, move))
        for _ in setup:
            walker.pop()
    return list(found.values())


def _choice(position: Position, move: Move) -> tuple[object, ...]:
    """What a commitment does, whatever the quiet moves before it: the card moved, the
    kind of place it leaves and what it lands on."""
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
) -> CommitmentChances:
    """Judge ``choices`` (commitments of ``position``) on ``samples`` deals of the cards
    the player has not seen (those not in ``known``), drawn from ``seed``; ``limits``
    (seconds, positions) bound each search. A sample lost from ``position`` is lost after
    every commitment, and the commitment the solver's winning line makes first wins it,
    so neither is searched again. After a sample the solver cannot decide from
    ``position``, the searches get ``UNDECIDED_SHARE``'s fraction of the limits: they are
    hardly ever decided either, and a share is enough to see how far each gets."""
    reach = [0] * len(choices)
    wins = [0] * len(choices)
    unknowns = [0] * len(choices)
    seconds, nodes = limits
    for number, sample in enumerate(Hidden(position, known).samples(samples, seed)):
        bit = 1 << number
        verdict, line, _, _ = search(sample.copy(), seconds, nodes)
        if verdict == "unwinnable":
            continue
        if verdict == "unknown":
            seconds_each = None if seconds is None else seconds / UNDECIDED_SHARE
            nodes_each = None if nodes is None else max(1, nodes // UNDECIDED_SHARE)
        else:
            seconds_each, nodes_each = seconds, nodes
        first = _first_commitment(sample, line, known)
        for index, choice in enumerate(choices):
            child = sample.copy()
            for move in choice.line:
                child.push(move)
            if first is not None and child.key() == first:
                found, home = "winnable", _ALL_HOME
            else:
                found, _, _, home = search(child, seconds_each, nodes_each)
            if found == "winnable":
                reach[index] += _ALL_HOME
                wins[index] |= bit
            elif found == "unknown":
                unknowns[index] |= bit
                reach[index] += home
    return CommitmentChances(
        tuple(reach),
        tuple(Chance(won, unknown, samples) for won, unknown in zip(wins, unknowns, strict=True)),
    )


def _first_commitment(
    sample: Position, line: Sequence[Move], known: Collection[int]
) -> tuple[int | None, bytes] | None:
    """The key of the position just after the first commitment of a winning ``line``."""
    walker = sample.copy()
    for move in line:
        quiet = is_quiet(walker, move, known)
        walker.push(move)
        if not quiet:
            return walker.key()
    return None
