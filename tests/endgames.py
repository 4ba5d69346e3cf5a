"""Small endgames and a plain search to judge them by, shared by the solver's tests and the
play aids': ``random_endgame`` deals a random position near the end of a game, and
``exhaustive`` decides it with no pruning at all, to hold the solver's verdicts to."""

from __future__ import annotations

import random

from engine_helpers import FOLLOWING_ROTATION, PILE_COUNTS, RANKS, SUITS, following_run, position, suit_run

import solitaire_widget as sw


def exhaustive(g: sw.Game, limit: int = 200_000) -> bool | None:
    """Plain depth-first search over every legal move, with a visited set on
    ``Position.key()``: no pruning, no safe moves, no canonical keys. True when the position
    can be won, False when not, None when more than ``limit`` positions would be needed."""
    p = g.position
    if p.is_won:
        return True
    seen = {p.key()}
    stack = [iter(p.legal_moves())]
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if stack:
                p.pop()
            continue
        p.push(move)
        if p.is_won:
            return True
        key = p.key()
        if key in seen:
            p.pop()
            continue
        seen.add(key)
        if len(seen) > limit:
            return None
        stack.append(iter(p.legal_moves()))
    return False


def random_endgame(game: str, options: dict, rng: random.Random, outside: int) -> dict:
    """A random position of ``game`` with ``outside`` cards off the foundations: some in the
    stock and waste, the rest dealt at random to a few tableau piles (in Klondike mostly
    face down, so that some positions are lost)."""
    foundation_count, tableau_count = PILE_COUNTS[game]
    per_suit = [0, 0, 0, 0]
    for _ in range(outside):
        per_suit[rng.choice([s for s in range(4) if per_suit[s] < 13])] += 1
    foundations: list[str] = []
    loose: list[str] = []
    need: dict[str, int] = {}  # how soon each loose card can go home (lower: sooner)
    if game == "klondike":
        for suit, out in zip(SUITS, per_suit, strict=True):
            height = 13 - out
            foundations.append(suit_run(suit, 1, height) if height else "")
            for r in range(height + 1, 14):
                need[RANKS[r - 1] + suit] = r
    elif game == "father":
        kings = []
        for suit, out in zip(SUITS, per_suit, strict=True):
            aces = rng.randint(0, 13 - out)
            down_to = 13 - out - aces  # cards on the King foundation
            foundations.append(suit_run(suit, 1, aces) if aces else "")
            kings.append(suit_run(suit, 13, 14 - down_to) if down_to else "")
            for r in range(aces + 1, 14 - down_to):
                need[RANKS[r - 1] + suit] = min(r - aces, 14 - down_to - r)
        foundations += kings
    else:
        for ace_suit, out in zip(FOLLOWING_ROTATION, per_suit, strict=True):
            height = 13 - out
            foundations.append(following_run(ace_suit, height) if height else "")
            start = FOLLOWING_ROTATION.index(ace_suit)
            for r in range(height + 1, 14):
                need[RANKS[r - 1] + FOLLOWING_ROTATION[(start + r - 1) % 4]] = r - height
    loose = list(need)
    rng.shuffle(loose)
    in_stock = rng.randint(0, min(6 if game == "klondike" else 12, len(loose)))
    stock, loose = loose[:in_stock], loose[in_stock:]
    if rng.random() < 0.5:
        stock.sort(key=need.__getitem__)  # the cards needed first come out last
    in_waste = rng.randint(0, min(2, len(loose)))
    waste, loose = loose[:in_waste], loose[in_waste:]
    piles: list[list[str]] = [[] for _ in range(tableau_count)]
    low, high = (2, 4) if game == "klondike" else (tableau_count - 1, tableau_count)
    used = rng.sample(range(tableau_count), min(len(loose), rng.randint(low, high)) or 1)
    for card in loose:
        piles[rng.choice(used)].append(card)
    tableau = []
    for pile in piles:
        if rng.random() < 0.5:
            pile.sort(key=need.__getitem__)  # the cards needed first at the bottom
        if game == "klondike" and pile:
            down = rng.choice([len(pile) - 1, rng.randint(0, len(pile) - 1)])
            tableau.append(" ".join(pile[:down]) + " | " + " ".join(pile[down:]))
        else:
            tableau.append(" ".join(pile))
    assert len(foundations) == foundation_count
    return position(
        game,
        tableau=tableau,
        foundations=foundations,
        waste=" ".join(waste),
        stock=" ".join(stock),
        options=options,
    )
