"""What every game declares, and the tables derived from it once per game.

A game is a ``Rules`` subclass that states its piles, its deal, its options and three
predicates, each returning ``None`` when the rules allow a placement and otherwise the
rule it breaks, in words. Move generation, push and pop live in ``Position`` and are
written once; they read these predicates through the tables below.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property

from .cards import DECK, RANK_NAMES, SUIT_NAMES, card_label, rank_of, suit_of

NO_CARD = 52
"""Index of the "empty pile" entry in the per-top-card tables."""

SOURCE_KINDS = ("waste", "tableau", "foundation")


@dataclass
class Layout:
    """Piles as lists of cards, bottom to top (the last card of ``stock`` is drawn next)."""

    stock: list[int]
    waste: list[int]
    foundations: list[list[int]]
    down: list[list[int]]
    up: list[list[int]]
    redeals_left: int | None = None


def check_draw(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in (1, 3):
        raise ValueError(f"draw must be 1 or 3, not {value!r}")
    return value


def check_redeals(value: object) -> int | None:
    if value is None or (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
        return value
    raise ValueError(f"redeals must be None (unlimited) or a whole number from 0, not {value!r}")


def check_flag(name: str) -> Callable[[object], bool]:
    """A check for an on/off option called ``name``."""

    def check(value: object) -> bool:
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be True or False, not {value!r}")
        return value

    return check


@dataclass(frozen=True)
class Option:
    """One option a game offers: its default and the check that reads a given value (raising
    ``ValueError`` in words). What each option means is told in docs/rules.md and
    docs/guide/engine.md."""

    default: object
    check: Callable[[object], object]


def suit_singular(card: int) -> str:
    return SUIT_NAMES[suit_of(card)][:-1]


def rank_name(rank: int) -> str:
    return RANK_NAMES[rank - 1]


class Rules:
    """Base of every game's rules; subclasses fill in the class attributes and predicates."""

    name: str
    title: str
    tableau_count: int
    foundation_count: int
    has_face_down = False
    options: Mapping[str, Option] = {}

    @property
    def option_defaults(self) -> dict[str, object]:
        """Each option's default value."""
        return {name: option.default for name, option in self.options.items()}

    def deal(self, deck: list[int], options: Mapping[str, object]) -> Layout:
        """Lay out a shuffled deck (``deck[0]`` is dealt first) for the checked ``options``."""
        raise NotImplementedError

    def foundation_refusal(self, index: int, top: int | None, card: int) -> str | None:
        """Why foundation ``index`` with ``top`` (None when empty) refuses ``card``."""
        raise NotImplementedError

    def tableau_refusal(self, card: int, onto: int, source_kind: str) -> str | None:
        """Why ``card`` (or a run it heads) from a ``source_kind`` pile may not go on ``onto``."""
        raise NotImplementedError

    def empty_tableau_refusal(self, card: int, source_kind: str) -> str | None:
        """Why ``card`` (or a run it heads) may not fill an empty tableau pile."""
        return None

    def foundation_rule(self, index: int) -> str:
        """The rule that lets a card go to foundation ``index``, in words."""
        raise NotImplementedError

    def tableau_rule(self, source_kind: str) -> str:
        """The rule that lets a card (or a run it heads) from a ``source_kind`` pile go on a tableau card."""
        raise NotImplementedError

    def empty_tableau_rule(self, source_kind: str) -> str:
        """The rule that lets a card (or a run it heads) from a ``source_kind`` pile fill an empty pile."""
        raise NotImplementedError

    def check_options(self, given: dict[str, object]) -> dict[str, object]:
        """The full option dict: defaults updated by ``given``, each value checked."""
        options = self.option_defaults
        for key, value in given.items():
            option = self.options.get(key) if isinstance(key, str) else None
            if option is None:
                known = ", ".join(self.options) or "none"
                raise ValueError(f"{self.title} has no option {key!r} (its options: {known})")
            options[key] = option.check(value)
        return options

    def draw_count(self, options: Mapping[str, object]) -> int:
        """Cards turned from the stock at a time."""
        draw = options.get("draw", 1)
        return draw if isinstance(draw, int) else 1

    def redeals(self, options: Mapping[str, object]) -> int | None:
        """Redeals allowed in all (None when unlimited)."""
        redeals = options.get("redeals")
        return redeals if isinstance(redeals, int) else None

    def foundation_to_tableau(self, options: Mapping[str, object]) -> bool:
        """Whether a foundation's top card may come back to the tableau."""
        return options.get("foundation_to_tableau") is True

    @cached_property
    def parents(self) -> dict[str, tuple[frozenset[int], ...]]:
        """For each source kind and card, the tableau top cards it may be placed on."""
        return {
            kind: tuple(
                frozenset(onto for onto in DECK if self.tableau_refusal(card, onto, kind) is None)
                for card in DECK
            )
            for kind in SOURCE_KINDS
        }

    @cached_property
    def children(self) -> dict[str, tuple[tuple[int, ...], ...]]:
        """For each source kind and tableau top card, the cards that may be placed on it."""
        return {
            kind: tuple(tuple(card for card in DECK if onto in self.parents[kind][card]) for onto in DECK)
            for kind in SOURCE_KINDS
        }

    @cached_property
    def fillers(self) -> dict[str, frozenset[int]]:
        """For each source kind, the cards that may fill an empty tableau pile (or head a run that does)."""
        return {
            kind: frozenset(card for card in DECK if self.fills_empty[kind][card]) for kind in SOURCE_KINDS
        }

    @cached_property
    def fills_empty(self) -> dict[str, tuple[bool, ...]]:
        """For each source kind and card, whether it (or a run it heads) may fill an empty pile."""
        return {
            kind: tuple(self.empty_tableau_refusal(card, kind) is None for card in DECK)
            for kind in SOURCE_KINDS
        }

    @cached_property
    def foundation_wants(self) -> tuple[tuple[frozenset[int], ...], ...]:
        """``foundation_wants[i][top]``: the cards foundation ``i`` takes (top ``NO_CARD`` = empty)."""
        return tuple(
            tuple(
                frozenset(
                    card
                    for card in DECK
                    if self.foundation_refusal(index, None if top == NO_CARD else top, card) is None
                )
                for top in range(NO_CARD + 1)
            )
            for index in range(self.foundation_count)
        )


def same_suit_next(card: int, top: int, step: int, title: str) -> str | None:
    """Refusal for foundations built by suit, ``step`` = +1 (up) or -1 (down)."""
    if suit_of(card) == suit_of(top) and rank_of(card) == rank_of(top) + step:
        return None
    wanted = rank_of(top) + step
    if not 1 <= wanted <= 13:
        return f"this foundation is complete ({card_label(top)} is its last card)"
    direction = "up" if step > 0 else "down"
    return (
        f"in {title} foundations build {direction} by suit, so this one takes the "
        f"{rank_name(wanted)} of {SUIT_NAMES[suit_of(top)]} next"
    )
