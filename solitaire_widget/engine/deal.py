"""Seeded shuffles that give the same deal on every platform and Python version.

The generator is SplitMix64 (Steele, Lea and Flood, 2014), written out here so no
library change can alter a deal. From a seed ``s`` (an integer, 0 <= s <= MAX_SEED) the
generator's state starts at ``s``; each draw adds ``0x9E3779B97F4A7C15`` to the state
(mod 2**64) and returns the state mixed by the SplitMix64 finaliser.

The deck starts in card order (ace of clubs, ace of diamonds, ace of hearts, ace of
spades, two of clubs, ... king of spades) and is shuffled by Fisher-Yates: for ``i``
from 51 down to 1, swap card ``i`` with card ``j``, a uniform draw from ``0..i``. A
uniform draw below ``n`` rejects raw values under ``2**64 mod n`` and takes the rest
modulo ``n``, so it has no bias. The first card of the shuffled list is dealt first.
"""

from __future__ import annotations

import secrets

from .cards import DECK

_MASK = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15
_STATES = 1 << 64
MAX_SEED = (1 << 53) - 1
"""The largest seed: 2**53 - 1, the largest whole number JavaScript (the board's seed box)
holds exactly, so every seed can be shown and typed back on the board."""


class SplitMix64:
    """The SplitMix64 generator: 64-bit outputs from a 64-bit seed."""

    def __init__(self, seed: int) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < _STATES:
            raise ValueError(f"a SplitMix64 state is a whole number from 0 to 2**64 - 1, not {seed!r}")
        self.state = seed

    def next(self) -> int:
        self.state = (self.state + _GOLDEN_GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n-1``."""
        threshold = (_STATES - n) % n
        while True:
            value = self.next()
            if value >= threshold:
                return value % n


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is a valid seed, else raise ``ValueError`` naming it."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a seed is a whole number from 0 to {MAX_SEED}, not {seed!r}")
    return seed


def random_seed() -> int:
    """A fresh seed short enough to read out and type back in (up to nine digits)."""
    return secrets.randbelow(1_000_000_000)


def shuffled_deck(seed: int) -> list[int]:
    """The 52 cards in the order dealt from ``seed``."""
    deck = list(DECK)
    generator = SplitMix64(seed)
    for i in range(51, 0, -1):
        j = generator.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck
