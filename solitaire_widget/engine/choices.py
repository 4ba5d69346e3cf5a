"""Moves that are one choice: the same cards from the same pile into any of several empty
piles of one kind (an ace to any empty foundation, a king to any empty column). The
positions they make differ only in which of the empty piles holds the cards, and no rule of
these games depends on a pile's place (a foundation has no fixed suit), so a player choosing
among them chooses nothing. Judging and advice list such moves once, as the first of them in
the engine's order.

>>> from solitaire_widget import Game
>>> p = Game.new("klondike", seed=3).position
>>> [str(move) for move in p.legal_moves()][:4]
['t4>f0', 't4>f1', 't4>f2', 't4>f3']
>>> [str(move) for move in distinct(p, p.legal_moves())][:2]
['t4>f0', 't3>t1']
"""

from __future__ import annotations

from collections.abc import Iterable

from .moves import Move
from .position import Position

Choice = tuple[str, int, str]


def choice_of(position: Position, move: Move) -> Choice:
    """What ``move`` (legal in ``position``) chooses: its source and count, and its target,
    or the target's kind when the target is empty."""
    target = move.target
    if target != "stock" and target != "waste" and not position.cards(target):
        target = target.partition("/")[0]
    return move.source, move.count, target


def representatives(position: Position, moves: Iterable[Move]) -> dict[Move, Move]:
    """Each of ``moves`` (legal in ``position``) with the first of them that is the same
    choice (itself when it is the first)."""
    first: dict[Choice, Move] = {}
    return {move: first.setdefault(choice_of(position, move), move) for move in moves}


def distinct(position: Position, moves: Iterable[Move]) -> list[Move]:
    """``moves`` (legal in ``position``) without those that are the same choice as one
    before them."""
    return list(dict.fromkeys(representatives(position, moves).values()))
