"""Shared helpers for the engine tests.

``position`` builds a full 52-card position dict from the few cards a test cares about; every card
it is not told about goes to the stock (or, when the test gives the stock, under a tableau pile
where it stays out of play), so a test names only what matters. ``assert_plays`` and
``assert_refused`` check both sides of a rule: the allowed move is listed and plays, the forbidden
one raises ``IllegalMove`` with the rule in words and changes nothing.
"""

from __future__ import annotations

import random
import signal

import pytest

import solitaire_widget as sw
from solitaire_widget.engine.knowledge import Hidden, shown
from solitaire_widget.notation import positions

# A suite started in the background by a shell without job control (nohup, `cmd &` in a
# script) inherits SIGINT ignored, and Python then leaves it ignored: Ctrl-C, and the
# solver's and simulate's tests of what it stops, would do nothing. Every test module that
# interrupts imports this one, so SIGINT gets Python's own handler here, as at a terminal.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

RANKS = "A23456789TJQK"
SUITS = "CDHS"
ALL_CARDS = tuple(rank + suit for rank in RANKS for suit in SUITS)
"""Every card code, in the deck's order: AC AD AH AS 2C ... KS."""

FOLLOWING_ROTATION = "HCDS"
"""Following's foundation suit order: a club goes on a heart, a diamond on a club, ..."""

PILE_COUNTS = {"klondike": (4, 7), "father": (8, 12), "following": (4, 6)}
"""Foundation and tableau pile counts per game."""


FULL_REDEALS = object()
"""``position``'s default for ``redeals_left``: leave the key out, so the full number applies."""


def suit_run(suit: str, first: int, last: int) -> str:
    """Cards of one suit from rank ``first`` to ``last`` (up or down), e.g. ``"AH 2H 3H"``."""
    step = 1 if last >= first else -1
    return " ".join(RANKS[rank - 1] + suit for rank in range(first, last + step, step))


def following_run(ace_suit: str, last: int) -> str:
    """A Following foundation from the ace of ``ace_suit`` up to rank ``last``, suits rotating."""
    start = FOLLOWING_ROTATION.index(ace_suit)
    return " ".join(
        RANKS[rank - 1] + FOLLOWING_ROTATION[(start + rank - 1) % 4] for rank in range(1, last + 1)
    )


def position(
    game: str,
    *,
    tableau: tuple[str, ...] | list[str] = (),
    waste: str = "",
    foundations: tuple[str, ...] | list[str] = (),
    stock: str | None = None,
    rest_under: int | None = None,
    options: dict | None = None,
    redeals_left: object = FULL_REDEALS,
) -> dict:
    """A position dict for ``game`` holding all 52 cards.

    ``tableau`` lists piles from tableau/0 as text, bottom to top: ``"5C 4H"`` (all face
    up) or ``"KS 2D | 5C 4H"`` (face-down cards before the bar). Piles left out are empty;
    so are foundations left out. ``stock`` left as None holds every card named nowhere
    else, in deck order (so the king of spades is drawn first); when ``stock`` is given,
    the leftover cards go under tableau pile ``rest_under`` (face down in Klondike, at
    the bottom of the face-up cards elsewhere), where they stay out of play. ``redeals_left``
    is left out of the dict unless given.
    """
    foundation_count, tableau_count = PILE_COUNTS[game]
    piles = []
    for text in list(tableau) + [""] * (tableau_count - len(tableau)):
        down, _, up = text.rpartition("|")
        piles.append({"down": down.split(), "up": up.split()})
    found = [text.split() for text in foundations]
    found += [[] for _ in range(foundation_count - len(found))]
    waste_cards = waste.split()

    named = waste_cards + [c for pile in found for c in pile]
    named += [c for pile in piles for c in pile["down"] + pile["up"]]
    if stock is not None:
        named += stock.split()
    leftover = [code for code in ALL_CARDS if code not in named]
    if stock is None:
        stock_cards = leftover
    else:
        stock_cards = stock.split()
        if leftover:
            if rest_under is None:
                raise AssertionError(f"cards placed nowhere: {leftover}; give rest_under")
            # Klondike hides them face down; the other games have no face-down cards, so
            # they go face up at the bottom of the pile, out of play under its top card.
            side = "down" if game == "klondike" else "up"
            piles[rest_under][side] = leftover + piles[rest_under][side]

    data = {
        "game": game,
        "stock": stock_cards,
        "waste": waste_cards,
        "foundations": found,
        "tableau": piles,
    }
    if options is not None:
        data["options"] = dict(options)
    if redeals_left is not FULL_REDEALS:
        data["redeals_left"] = redeals_left
    return data


def make(game: str, **kwargs: object) -> sw.Game:
    """``sw.Game.from_dict(position(game, **kwargs))``."""
    return sw.Game.from_dict(position(game, **kwargs))


def piles(g: sw.Game) -> dict:
    """The position of ``g`` without seed and history: what a move changes."""
    data = g.to_dict()
    del data["seed"], data["history"]
    return data


def tops(g: sw.Game) -> list[str | None]:
    """The top card of each tableau pile (None when empty)."""
    return [pile["up"][-1] if pile["up"] else None for pile in g.to_dict()["tableau"]]


def assert_plays(g: sw.Game, move: sw.Move | str) -> sw.Move:
    """``move`` is among the legal moves, plays, and lands in the history."""
    parsed = sw.Move.parse(move) if isinstance(move, str) else move
    assert parsed in g.legal_moves(), f"{parsed} missing from {g.legal_moves()}"
    assert g.explain(parsed).startswith("legal: ")
    played = g.play(parsed)
    assert played == parsed
    assert g.history[-1] == parsed
    return played


def assert_refused(g: sw.Game, move: sw.Move | str, *words: str) -> sw.IllegalMove:
    """``move`` is not legal: it is not listed, ``play`` raises ``IllegalMove`` whose
    message contains every one of ``words``, ``explain`` gives the same reason, and the
    position is exactly as before."""
    before = g.to_dict()
    parsed = sw.Move.parse(move) if isinstance(move, str) else move
    assert parsed not in g.legal_moves()
    with pytest.raises(sw.IllegalMove) as caught:
        g.play(move)
    error = caught.value
    for word in words:
        assert word in str(error), f"{word!r} not in {str(error)!r}"
    assert str(error) == f"illegal move {parsed}: {error.reason}"
    assert g.explain(parsed) == error.reason
    assert g.to_dict() == before
    return error


FATHER_BLOCKED = dict(
    tableau=["5C 6C", "5D 6D", "5H 6H", "5S 6S", "9C 8C", "9D 8D", "9H 8H", "9S 8S", "7C", "7D", "7H", "7S"],
    foundations=[suit_run(s, 1, 4) for s in "CDHS"] + [suit_run(s, 13, 10) for s in "CDHS"],
    stock="",
)
"""Father, every tableau top waiting for a card buried under another: no move at all."""

FOLLOWING_BLOCKED = dict(
    tableau=[
        "7D 8S 9H TC",
        "JD QS KH",
        "7S 8H 9C TD JS QH KC",
        "7H 8C 9D TS JH QC KD",
        "7C 8D 9S",
        "TH JC QD KS",
    ],
    foundations=[following_run(suit, 6) for suit in "HCDS"],
    stock="",
)
"""Following, each foundation waiting for a seven buried at the bottom of a pile, no top
card fitting anywhere and no pile empty: no move at all."""


LOSABLE_KLONDIKE = {
    "game": "klondike",
    "options": {"draw": 1, "redeals": 0, "foundation_to_tableau": False},
    "stock": ["JS", "TS"],
    "waste": [],
    "foundations": [
        suit_run("D", 1, 13).split(),
        suit_run("H", 1, 13).split(),
        suit_run("C", 1, 8).split(),
        suit_run("S", 1, 9).split(),
    ],
    "tableau": [{"down": [], "up": [card]} for card in ("9C", "TC", "JC", "QC", "KC")]
    + [{"down": ["KS"], "up": ["QS"]}, {"down": [], "up": []}],
}
"""A Klondike end game (no redeals) that the line ``t0>f2``, ``s>w``, ``s>w`` loses at its
third move: the jack of spades is drawn onto the ten, which it needs home first, and no red
queen is left to take it. The clubs still go home afterwards, so play goes on, lost."""

LOSABLE_LINE = ("t0>f2", "s>w", "s>w")

BEYOND_THE_WALK = {
    "game": "klondike",
    "options": {"draw": 3, "redeals": None, "foundation_to_tableau": True, "deal_to_waste": False},
    "stock": ["QC", "8C"],
    "waste": ["TC", "QD", "9H", "KD", "9C", "JC"],
    "foundations": [
        suit_run("D", 1, 3).split(),
        suit_run("C", 1, 1).split(),
        suit_run("S", 1, 6).split(),
        suit_run("H", 1, 4).split(),
    ],
    "tableau": [
        {"down": [], "up": ["KC", "QH", "JS", "TD", "9S", "8H", "7S", "6H", "5C", "4D", "3C"]},
        {"down": [], "up": []},
        {"down": ["7C", "5H"], "up": ["6D"]},
        {"down": [], "up": ["KH", "QS", "JH", "TS", "9D", "8S", "7H"]},
        {"down": ["JD"], "up": ["7D", "6C", "5D"]},
        {"down": ["2C", "TH", "KS"], "up": ["8D"]},
        {"down": [], "up": ["4C"]},
    ],
    "redeals_left": None,
}
"""Klondike draw 3, deal 2,043 after 105 moves of the fair strategy with the stock known: won
with full knowledge, but every commitment lies twelve quiet moves off (runs moved, cards
taken back from the foundations), beyond the walk's 1,000 positions, so a strategy that knew
only the walk's commitments resigned here."""


def played(game: str, seed: int, moves: int, *, rng_seed: int | None = None, **options: object) -> sw.Game:
    """A game of ``game`` after ``moves`` random legal moves chosen by a generator seeded with
    ``rng_seed`` (``seed`` when None); fewer when no move is left first."""
    g = sw.Game.new(game, seed, **options)
    chooser = random.Random(seed if rng_seed is None else rng_seed)
    for _ in range(moves):
        legal = g.legal_moves()
        if not legal:
            break
        g.play(chooser.choice(legal))
    return g


def twin_games(game: sw.Game, seed: int, *, knows_stock: bool = False) -> tuple[sw.Game, sw.Game]:
    """Two games set up from the game's position that show the player the same cards and
    hold different cards where the player cannot see (set up with ``Game.from_dict``, so
    each knows only what its position shows); with ``knows_stock``, different face-down
    tableau cards only (the known-stock model's twins)."""
    position = game.position
    first, second = Hidden(position, shown(position, knows_stock)).samples(2, seed)
    assert shown(first) == shown(second) and first.key() != second.key()
    return tuple(sw.Game.from_dict(positions.write(each, None, ())) for each in (first, second))  # type: ignore[return-value]
