"""``Position``: the piles of a game and the redeals left, with move generation.

A position is what search works on: it can be read, keyed, copied and changed fast.
``push`` and ``pop`` play and take back moves *without checking them*, for moves taken
from the position's own ``legal_moves()``; ``Game`` is the checked, explained,
undoable way to play.

>>> from solitaire_widget import Game
>>> p = Game.new("klondike", seed=42).position
>>> start = p.key()
>>> for move in p.legal_moves():
...     p.push(move)
...     _ = p.pop()
>>> p.key() == start
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from .deal import shuffled_deck
from .games import rules_for
from .moves import Move
from .rules import NO_CARD, Layout, Rules

_new_move = tuple.__new__
_PILE_SEPARATOR = b"\xff"


class _PileTable:
    """What a game's piles are, and the moves between them, made once per game so that
    generating legal moves only looks them up (making them took most of the time)."""

    def __init__(self, rules: Rules) -> None:
        tableau = [f"tableau/{i}" for i in range(rules.tableau_count)]
        foundations = [f"foundation/{i}" for i in range(rules.foundation_count)]
        self.pile_ids: tuple[str, ...] = ("stock", "waste", *foundations, *tableau)
        self.places: dict[str, tuple[str, int]] = {"stock": ("stock", 0), "waste": ("waste", 0)}
        self.places.update((pile, ("foundation", i)) for i, pile in enumerate(foundations))
        self.places.update((pile, ("tableau", i)) for i, pile in enumerate(tableau))
        self.tableau_index = {pile: i for i, pile in enumerate(tableau)}
        self.foundation_ids = foundations
        self.waste_to_foundation = [Move("waste", f) for f in foundations]
        self.tableau_to_foundation = [[Move(t, f) for f in foundations] for t in tableau]
        # [source][target][count], index 0 unused so the count is the index; a run that
        # builds down by rank is at most 13 cards, longer ones are made when met.
        self.tableau_to_tableau: list[list[list[Move | None]]] = [
            [[None, *(Move(source, target, count) for count in range(1, 14))] for target in tableau]
            for source in tableau
        ]
        self.single_to_tableau = {
            source: [Move(source, t) for t in tableau] for source in ["waste", *foundations]
        }


_TABLES: dict[str, _PileTable] = {}


def _pile_table(rules: Rules) -> _PileTable:
    table = _TABLES.get(rules.name)
    if table is None:
        table = _TABLES[rules.name] = _PileTable(rules)
    return table


class Position:
    """The piles of a game (bottom to top) and the redeals left, with the legal moves.

    Cards are integers (see ``solitaire_widget.engine.cards``). Read a position through
    its properties; ``key()`` is a hashable value equal for equal positions whatever moves
    led to them. ``push(move)`` and ``pop()`` are **unchecked**: push only moves from this
    position's ``legal_moves()``; anything else may leave this position corrupt (and no
    other object, since a position shares nothing mutable). ``copy()`` costs the same
    however many moves were pushed: the copy starts with an empty move stack.

    A game's ``g.position`` is such a copy; ``Game`` checks, explains and records moves.
    Positions pickle (with their move stack) and compare equal by game, options and key.
    """

    __slots__ = (
        "_down",
        "_draw",
        "_foundation_to_tableau",
        "_foundations",
        "_moves",
        "_options",
        "_piles",
        "_redeals_left",
        "_rules",
        "_run_cards",
        "_run_heads",
        "_stack",
        "_stale_runs",
        "_stock",
        "_table",
        "_takers",
        "_up",
        "_waste",
    )

    def __init__(self, rules: Rules, options: Mapping[str, object], layout: Layout) -> None:
        """A position of ``rules``'s game; ``options`` must be checked by ``rules.check_options``
        and ``layout`` hold a valid position (``Game.new`` and ``Game.from_dict`` make sure)."""
        self._rules = rules
        self._options = dict(options)
        self._table = _pile_table(rules)
        self._draw = rules.draw_count(options)
        self._foundation_to_tableau = rules.foundation_to_tableau(options)
        self._stock = layout.stock
        self._waste = layout.waste
        self._foundations = layout.foundations
        self._down = layout.down
        self._up = layout.up
        self._redeals_left = layout.redeals_left
        # Every pile id to the list that holds its cards (face-up ones for the tableau);
        # the lists are only ever changed in place, so these stay right.
        self._piles: dict[str, list[int]] = {"stock": self._stock, "waste": self._waste}
        self._piles.update(zip(self._table.foundation_ids, self._foundations, strict=True))
        self._piles.update(zip(self._table.tableau_index, self._up, strict=True))
        self._stack: list[tuple[Move, bool]] = []
        # Caches, dropped for the piles a move touches: the legal moves, each tableau
        # pile's movable runs, and which foundation takes which card.
        self._moves: list[Move] | None = None
        self._run_heads: dict[int, tuple[int, int]] = {}
        self._run_cards: list[list[int]] = [[] for _ in range(rules.tableau_count)]
        self._stale_runs: set[int] = set(range(rules.tableau_count))
        self._takers: dict[int, list[int]] | None = None

    @classmethod
    def dealt(cls, rules: Rules, options: Mapping[str, object], seed: int) -> Position:
        """The deal of ``rules``'s game from ``seed`` (checked by ``deal.check_seed``), with
        ``options`` checked by ``rules.check_options``."""
        layout = rules.deal(shuffled_deck(seed), options)
        layout.redeals_left = rules.redeals(options)
        return cls(rules, options, layout)

    # ------------------------------------------------------------------ copying, keys, pickles
    def copy(self, *, stack: bool = False) -> Position:
        """An independent position with the same piles; with ``stack=True`` it also has the
        pushed moves, so it can ``pop`` them (that part costs what the stack holds)."""
        twin = Position(self._rules, self._options, self.layout())
        if stack:
            twin._stack = list(self._stack)
        return twin

    def layout(self) -> Layout:
        """The piles and redeals left as a ``Layout`` of fresh lists (to make a position like
        this one with some cards changed, as ``engine.knowledge`` does)."""
        return Layout(
            stock=list(self._stock),
            waste=list(self._waste),
            foundations=[list(pile) for pile in self._foundations],
            down=[list(pile) for pile in self._down],
            up=[list(pile) for pile in self._up],
            redeals_left=self._redeals_left,
        )

    def key(self) -> tuple[int | None, bytes]:
        """A hashable value, equal for two positions of one game and options exactly when
        their piles and redeals left are equal (whatever moves led there)."""
        parts = [bytes(self._stock), bytes(self._waste)]
        parts += map(bytes, self._foundations)
        for down, up in zip(self._down, self._up, strict=True):
            parts.append(bytes(down))
            parts.append(bytes(up))
        return (self._redeals_left, _PILE_SEPARATOR.join(parts))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self._rules is other._rules and self._options == other._options and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]  # mutable: hash key() instead

    def __reduce__(self) -> tuple[Any, ...]:
        layout = self.layout()
        return (
            _unpickle_position,
            (
                self._rules.name,
                self._options,
                layout.stock,
                layout.waste,
                layout.foundations,
                layout.down,
                layout.up,
                layout.redeals_left,
                [(tuple(move), turned) for move, turned in self._stack],
            ),
        )

    def __repr__(self) -> str:
        return f"<Position {self._rules.name} {len(self._stack)} pushed>"

    def _repr_svg_(self) -> str:
        # The picture is notation's to draw (pyproject.toml lets this one import go up a layer).
        from ..notation.svg import svg

        return svg(self)

    # ------------------------------------------------------------------ reading
    @property
    def rules(self) -> Rules:
        """The game's rules."""
        return self._rules

    @property
    def options(self) -> dict[str, object]:
        """A copy of the game's options."""
        return dict(self._options)

    @property
    def draw(self) -> int:
        """Cards turned from the stock at a time."""
        return self._draw

    @property
    def foundation_to_tableau(self) -> bool:
        """Whether a foundation's top card may come back to the tableau."""
        return self._foundation_to_tableau

    @property
    def redeals_left(self) -> int | None:
        """Redeals still allowed (None when unlimited)."""
        return self._redeals_left

    @property
    def pile_ids(self) -> tuple[str, ...]:
        """Every pile: stock, waste, foundations, tableau."""
        return self._table.pile_ids

    def place(self, pile_id: str) -> tuple[str, int] | None:
        """``(kind, index)`` of a pile, e.g. ``("tableau", 3)``; None when the game has no such pile."""
        return self._table.places.get(pile_id)

    @property
    def stock(self) -> tuple[int, ...]:
        """The stock, bottom to top (the last card is drawn next)."""
        return tuple(self._stock)

    @property
    def waste(self) -> tuple[int, ...]:
        """The waste, bottom to top."""
        return tuple(self._waste)

    @property
    def foundations(self) -> tuple[tuple[int, ...], ...]:
        """Each foundation, bottom to top."""
        return tuple(map(tuple, self._foundations))

    @property
    def down(self) -> tuple[tuple[int, ...], ...]:
        """Each tableau pile's face-down cards, bottom to top."""
        return tuple(map(tuple, self._down))

    @property
    def up(self) -> tuple[tuple[int, ...], ...]:
        """Each tableau pile's face-up cards, bottom to top."""
        return tuple(map(tuple, self._up))

    def cards(self, pile_id: str) -> tuple[int, ...]:
        """The cards of a pile that can be seen, bottom to top (a tableau pile's face-up ones)."""
        return tuple(self._piles[pile_id])

    @property
    def move_stack(self) -> tuple[Move, ...]:
        """The moves pushed and not yet popped, oldest first."""
        return tuple(move for move, _ in self._stack)

    @property
    def is_won(self) -> bool:
        """True when all 52 cards are on the foundations."""
        return sum(map(len, self._foundations)) == 52

    # ------------------------------------------------------------------ moves
    def legal_moves(self) -> list[Move]:
        """Every legal move, in a fixed order: to foundations, tableau to tableau,
        waste to tableau, foundation to tableau, then drawing or redealing."""
        return list(self._legal())

    def is_legal(self, move: Move) -> bool:
        """True when ``move`` is one of the legal moves."""
        return move in self._legal()

    def _legal(self) -> list[Move]:
        if self._moves is None:
            self._moves = self._generate_moves()
        return self._moves

    def push(self, move: Move) -> None:
        """Play ``move`` **unchecked**: it must come from ``legal_moves()`` (``Game.play`` checks)."""
        source, target, count = move
        turned_up = False
        if source == "stock":
            stock = self._stock
            self._waste.extend(stock[: -count - 1 : -1])
            del stock[-count:]
        elif target == "stock":
            self._stock[:] = self._waste[::-1]
            self._waste.clear()
            if self._redeals_left is not None:
                self._redeals_left -= 1
        else:
            cards = self._piles[source]
            self._piles[target].extend(cards[-count:])
            del cards[-count:]
            index = self._table.tableau_index.get(source)
            if index is not None and not cards and self._down[index]:
                cards.append(self._down[index].pop())
                turned_up = True
            self._touched(source, target)
        self._stack.append((move, turned_up))
        self._moves = None

    def pop(self) -> Move:
        """Take back the last move pushed and return it; ``IndexError`` when none is left."""
        if not self._stack:
            raise IndexError("nothing to pop: no move has been pushed on this position")
        move, turned_up = self._stack.pop()
        source, target, count = move
        if source == "stock":
            waste = self._waste
            self._stock.extend(waste[: -count - 1 : -1])
            del waste[-count:]
        elif target == "stock":
            self._waste[:] = self._stock[::-1]
            self._stock.clear()
            if self._redeals_left is not None:
                self._redeals_left += 1
        else:
            cards = self._piles[source]
            if turned_up:
                self._down[self._table.tableau_index[source]].append(cards.pop())
            arrived = self._piles[target]
            cards.extend(arrived[-count:])
            del arrived[-count:]
            self._touched(source, target)
        self._moves = None
        return move

    def _touched(self, source: str, target: str) -> None:
        """Drop what is cached about two piles that a move between them changed."""
        tableau = self._table.tableau_index
        if source in tableau:
            self._stale_runs.add(tableau[source])
        if target in tableau:
            self._stale_runs.add(tableau[target])
        if source[0] == "f" or target[0] == "f":
            self._takers = None

    # ------------------------------------------------------------------ what move generation knows
    def foundation_takers(self) -> Mapping[int, Sequence[int]]:
        """Card -> indices of the foundations that take it now (read-only)."""
        if self._takers is None:
            wants = self._rules.foundation_wants
            takers: dict[int, list[int]] = {}
            for index, pile in enumerate(self._foundations):
                for card in wants[index][pile[-1] if pile else NO_CARD]:
                    takers.setdefault(card, []).append(index)
            self._takers = takers
        return self._takers

    def foundation_wants(self, index: int) -> list[int]:
        """The cards foundation ``index`` would take now, in card order."""
        pile = self._foundations[index]
        return sorted(self._rules.foundation_wants[index][pile[-1] if pile else NO_CARD])

    def movable_runs(self) -> Mapping[int, tuple[int, int]]:
        """``card -> (tableau pile index, count)`` for every card that heads a run that
        may move as a unit (a top card heads a run of one); read-only."""
        stale, heads, cards_of = self._stale_runs, self._run_heads, self._run_cards
        if stale:
            # All removals before any additions: a card that moved between two stale
            # piles must end up filed under its new pile.
            for index in stale:
                for card in cards_of[index]:
                    del heads[card]
            parents = self._rules.parents["tableau"]
            for index in stale:
                pile, cards = self._up[index], []
                count = len(pile) and 1
                while count:
                    card = pile[-count]
                    heads[card] = (index, count)
                    cards.append(card)
                    count = count + 1 if count < len(pile) and pile[-count - 1] in parents[card] else 0
                cards_of[index] = cards
            stale.clear()
        return heads

    def cards_to_come(self) -> Iterator[int]:
        """Cards that will show on top of the waste as the stock is gone through, with the
        redeals left (one more full pass shows all a pass can, since nothing is played)."""
        draw, stock = self._draw, self._stock
        yield from (stock[max(len(stock) - drawn, 0)] for drawn in range(draw, len(stock) + draw, draw))
        if self._redeals_left != 0:
            order = self._waste + stock[::-1]
            yield from (order[min(drawn, len(order)) - 1] for drawn in range(draw, len(order) + draw, draw))

    def _generate_moves(self) -> list[Move]:
        """Every legal move, in ``legal_moves``' order.

        Kept whole (70 lines) as a measured hot loop: it runs once per position met, in play
        and in search. Split into its passes (moves home, runs, single cards, the stock) it
        made a Klondike step (``legal_moves()`` + ``play()``) 3 to 4% slower, best of 15 runs
        of 20 games each, the passes sharing ``takers``, ``where`` and ``empties``."""
        rules, up, waste, table = self._rules, self._up, self._waste, self._table
        moves: list[Move] = []
        add = moves.append

        takers = self.foundation_takers()
        if waste:
            for index in takers.get(waste[-1], ()):
                add(table.waste_to_foundation[index])
        # One pass over the piles: moves to foundations, and indexes for the rest.
        # Each card lies in one pile, so a top card names its pile.
        where: dict[int, int] = {}
        empties: list[int] = []
        run_heads = self.movable_runs()
        for index, pile in enumerate(up):
            if pile:
                top = pile[-1]
                where[top] = index
                for foundation in takers.get(top, ()):
                    add(table.tableau_to_foundation[index][foundation])
            else:
                empties.append(index)

        # Ask each pile top for the few cards that may go on it: cheaper than trying
        # every run card on every pile.
        children, fillers = rules.children["tableau"], rules.fillers["tableau"]
        runs_onto = table.tableau_to_tableau
        filling: list[tuple[int, int]] | None = None
        for target, pile in enumerate(up):
            if pile:
                kids = children[pile[-1]]
                if not kids:
                    continue
                heads = [run_heads[card] for card in kids if card in run_heads]
            elif filling is not None:
                heads = filling
            elif len(fillers) < len(run_heads):
                heads = filling = sorted(run_heads[card] for card in fillers if card in run_heads)
            else:
                heads = filling = sorted(head for card, head in run_heads.items() if card in fillers)
            for source, count in heads:
                if source != target:
                    made = runs_onto[source][target]
                    move = made[count] if count < len(made) else None
                    add(move or Move(f"tableau/{source}", f"tableau/{target}", count))

        sources = [("waste", "waste", waste[-1])] if waste else []
        if self._foundation_to_tableau:
            sources += [
                ("foundation", table.foundation_ids[i], pile[-1])
                for i, pile in enumerate(self._foundations)
                if pile
            ]
        for kind, source_id, card in sources:
            onto = rules.parents[kind][card]
            if len(onto) > len(where):
                targets = [index for top, index in where.items() if top in onto]
            else:
                targets = [where[top] for top in onto if top in where]
            if rules.fills_empty[kind][card]:
                targets += empties
            singles = table.single_to_tableau[source_id]
            for target in sorted(targets):
                add(singles[target])

        if self._stock:
            add(_new_move(Move, ("stock", "waste", min(self._draw, len(self._stock)))))
        elif waste and self._redeals_left != 0:
            add(_new_move(Move, ("waste", "stock", len(waste))))
        return moves


def _unpickle_position(
    name: str,
    options: dict[str, object],
    stock: list[int],
    waste: list[int],
    foundations: list[list[int]],
    down: list[list[int]],
    up: list[list[int]],
    redeals_left: int | None,
    stack: list[tuple[tuple[str, str, int], bool]],
) -> Position:
    rules = rules_for(name)
    position = Position(
        rules, rules.check_options(options), Layout(stock, waste, foundations, down, up, redeals_left)
    )
    position._stack = [(Move(*move), turned) for move, turned in stack]
    return position
