"""``Game``: a game of patience in progress, with its history.

Move generation, play, undo and redo are written once here for every game; what
differs between games comes from its ``Rules`` (see ``rules.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import pairwise

from . import position, text
from .cards import card_code, card_label, card_words
from .deal import check_seed, random_seed, shuffled_deck
from .games import rules_for
from .moves import ANY_FOUNDATION, IllegalMove, Move, parse_parts
from .rules import NO_CARD, Layout, Rules

_new_move = tuple.__new__


class _MoveTable:
    """The moves between a game's piles, made once per game so that generating legal
    moves only looks them up (most of the time generation took went into making them)."""

    def __init__(self, rules: Rules) -> None:
        tableau = [f"tableau/{i}" for i in range(rules.tableau_count)]
        foundations = [f"foundation/{i}" for i in range(rules.foundation_count)]
        self.foundation_ids = foundations
        self.waste_to_foundation = [Move("waste", f) for f in foundations]
        self.tableau_to_foundation = [[Move(t, f) for f in foundations] for t in tableau]
        # [source][target][count], index 0 unused so the count is the index; a run that
        # builds down by rank is at most 13 cards, longer ones are made when met.
        self.tableau_to_tableau = [
            [[None] + [Move(source, target, count) for count in range(1, 14)] for target in tableau]
            for source in tableau
        ]
        self.single_to_tableau = {
            source: [Move(source, t) for t in tableau] for source in ["waste", *foundations]
        }


_MOVE_TABLES: dict[str, _MoveTable] = {}


def _move_table(rules: Rules) -> _MoveTable:
    table = _MOVE_TABLES.get(rules.name)
    if table is None:
        table = _MOVE_TABLES[rules.name] = _MoveTable(rules)
    return table


class Game:
    """A patience game: its rules, options, piles and history.

    >>> g = Game.new("klondike", seed=42)
    >>> move = g.legal_moves()[0]
    >>> g.play(move) == move
    True
    >>> g.undo() == move
    True

    Make games with ``Game.new`` or ``Game.from_dict``, not by calling the class.
    """

    def __init__(self, rules: Rules, options: dict[str, object], layout: Layout, seed: int | None):
        self._rules = rules
        self._options = options
        self._seed = seed
        self._stock = layout.stock
        self._waste = layout.waste
        self._foundations = layout.foundations
        self._down = layout.down
        self._up = layout.up
        self._redeals_left = layout.redeals_left
        self._draw = rules.draw_count(options)
        self._foundation_to_tableau = rules.foundation_to_tableau(options)
        self._piles: dict[str, tuple[str, int]] = {"stock": ("stock", 0), "waste": ("waste", 0)}
        self._piles.update((f"foundation/{i}", ("foundation", i)) for i in range(rules.foundation_count))
        self._piles.update((f"tableau/{i}", ("tableau", i)) for i in range(rules.tableau_count))
        self._done: list[tuple[Move, bool]] = []
        self._undone: list[Move] = []
        # Caches, dropped for the piles a move touches: the legal moves, each tableau
        # pile's movable runs, and which foundation takes which card.
        self._moves: list[Move] | None = None
        self._run_heads: dict[int, tuple[int, int]] = {}
        self._run_cards: list[list[int]] = [[] for _ in range(rules.tableau_count)]
        self._stale_runs: set[int] = set(range(rules.tableau_count))
        self._takers: dict[int, list[int]] | None = None
        self._listeners: list[Callable[[Game, str, Move], None]] = []

    # ------------------------------------------------------------------ making games
    @classmethod
    def new(cls, game: str = "klondike", seed: int | None = None, **options: object) -> Game:
        """Deal a new game.

        ``game`` is ``"klondike"``, ``"father"`` or ``"following"``; ``seed`` picks the
        deal (a random one, kept in ``g.seed``, when left out); options are keyword
        arguments: Klondike ``draw`` (1 or 3), ``redeals`` (None = unlimited, or a
        number), ``foundation_to_tableau`` (bool); Father and Following ``redeals``.
        """
        rules = rules_for(game)
        checked = rules.check_options(options)
        seed = random_seed() if seed is None else check_seed(seed)
        layout = rules.deal(shuffled_deck(seed))
        layout.redeals_left = checked["redeals"]  # type: ignore[assignment]
        return cls(rules, checked, layout, seed)

    @classmethod
    def from_dict(cls, data: dict) -> Game:
        """A game at the position ``data`` (see ``to_dict``); ``ValueError`` says what is wrong.

        When ``data`` carries the ``seed`` and ``history`` that ``to_dict`` writes, and
        they lead to this position, the history comes back too, so undo still works.
        """
        rules, options, layout, seed, history = position.read(data)
        if seed is not None and history is not None:
            replayed = cls.new(rules.name, seed, **options)
            try:
                for move in history:
                    replayed.play(move)
            except ValueError:
                replayed = None
            if replayed is not None and position.same_piles(replayed._layout(), layout):
                return replayed
        return cls(rules, options, layout, seed if history is None else None)

    def to_dict(self) -> dict:
        """The position as JSON-ready data (schema in DESIGN.md), plus ``seed`` and ``history``."""
        return position.write(self)

    def copy(self) -> Game:
        """An independent game with the same position, history and redo list."""
        layout = self._layout()
        twin = Game(
            self._rules,
            dict(self._options),
            Layout(
                stock=list(layout.stock),
                waste=list(layout.waste),
                foundations=[list(pile) for pile in layout.foundations],
                down=[list(pile) for pile in layout.down],
                up=[list(pile) for pile in layout.up],
                redeals_left=layout.redeals_left,
            ),
            self._seed,
        )
        twin._done = list(self._done)
        twin._undone = list(self._undone)
        return twin

    def restore(self, snapshot: Game) -> None:
        """Put this game back to ``snapshot`` (a ``copy()`` of it): position, history and redo
        list, keeping its identity and listeners, which are not called. ``ValueError`` when
        the snapshot is of another game or options."""
        if snapshot._rules is not self._rules or snapshot._options != self._options:
            raise ValueError(f"a {snapshot.name} snapshot with {snapshot._options} cannot restore this game")
        twin = snapshot.copy()
        self._stock, self._waste, self._foundations = twin._stock, twin._waste, twin._foundations
        self._down, self._up, self._redeals_left = twin._down, twin._up, twin._redeals_left
        self._done, self._undone = twin._done, twin._undone
        self._moves, self._takers = None, None
        self._run_heads, self._run_cards = twin._run_heads, twin._run_cards
        self._stale_runs = twin._stale_runs

    def _layout(self) -> Layout:
        return Layout(self._stock, self._waste, self._foundations, self._down, self._up, self._redeals_left)

    # ------------------------------------------------------------------ looking
    @property
    def name(self) -> str:
        """The game's name, e.g. ``"klondike"``."""
        return self._rules.name

    @property
    def title(self) -> str:
        """The game's name for people, e.g. ``"Klondike"``."""
        return self._rules.title

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def seed(self) -> int | None:
        """The seed this game was dealt from (None for a position set up by hand)."""
        return self._seed

    @property
    def options(self) -> dict[str, object]:
        """A copy of the game's options."""
        return dict(self._options)

    @property
    def redeals_left(self) -> int | None:
        """Redeals still allowed (None when unlimited)."""
        return self._redeals_left

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves played so far, oldest first."""
        return tuple(move for move, _ in self._done)

    @property
    def future(self) -> tuple[Move, ...]:
        """The moves ``redo`` would play again, next first."""
        return tuple(reversed(self._undone))

    @property
    def pile_ids(self) -> tuple[str, ...]:
        """Every pile of this game: stock, waste, foundations, tableau."""
        return tuple(self._piles)

    def foundation_takes(self, index: int) -> list[str]:
        """Codes of the cards foundation ``index`` would take now."""
        pile = self._foundations[index]
        wants = self._rules.foundation_wants[index][pile[-1] if pile else NO_CARD]
        return [card_code(card) for card in sorted(wants)]

    @property
    def is_won(self) -> bool:
        """True when all 52 cards are on the foundations."""
        return sum(map(len, self._foundations)) == 52

    @property
    def is_over(self) -> bool:
        """True when the game is won or no useful move is left (see ``over_reason``)."""
        return self.over_reason is not None

    @property
    def over_reason(self) -> str | None:
        """``None`` while there is something useful to do, else ``"won"`` or why play is stuck."""
        if self.is_won:
            return "won"
        if self._has_useful_move():
            return None
        if not self._cached_moves():
            return "no moves left"
        return "no useful moves left: only moves that shuttle cards without progress remain"

    def __str__(self) -> str:
        return text.board(self)

    def __repr__(self) -> str:
        seed = "" if self._seed is None else f" seed={self._seed}"
        return f"<Game {self.name}{seed} moves={len(self._done)}>"

    # ------------------------------------------------------------------ moves
    def legal_moves(self) -> list[Move]:
        """Every legal move, in a fixed order: to foundations, tableau to tableau,
        waste to tableau, foundation to tableau, then drawing or redealing."""
        return list(self._cached_moves())

    def _cached_moves(self) -> list[Move]:
        if self._moves is None:
            self._moves = self._generate_moves()
        return self._moves

    def _foundation_takers(self) -> dict[int, list[int]]:
        """Card -> indices of the foundations that take it now."""
        if self._takers is None:
            wants = self._rules.foundation_wants
            takers: dict[int, list[int]] = {}
            for index, pile in enumerate(self._foundations):
                for card in wants[index][pile[-1] if pile else NO_CARD]:
                    takers.setdefault(card, []).append(index)
            self._takers = takers
        return self._takers

    def _movable_runs(self) -> dict[int, tuple[int, int]]:
        """``card -> (pile index, count)`` for every tableau card that heads a movable run,
        brought up to date for the piles changed since the last call."""
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

    def _generate_moves(self) -> list[Move]:
        rules, up, waste, table = self._rules, self._up, self._waste, _move_table(self._rules)
        moves: list[Move] = []
        add = moves.append

        takers = self._foundation_takers()
        if waste:
            for index in takers.get(waste[-1], ()):
                add(table.waste_to_foundation[index])
        # One pass over the piles: moves to foundations, and indexes for the rest.
        # Each card lies in one pile, so a top card names its pile.
        where: dict[int, int] = {}
        empties: list[int] = []
        run_heads = self._movable_runs()
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
                    add(
                        made[count]
                        if count < len(made)
                        else Move(f"tableau/{source}", f"tableau/{target}", count)
                    )

        sources = [("waste", "waste", waste[-1])] if waste else []
        if self._foundation_to_tableau:
            sources += [
                ("foundation", table.foundation_ids[i], pile[-1])
                for i, pile in enumerate(self._foundations)
                if pile
            ]
        for kind, source, card in sources:
            onto = rules.parents[kind][card]
            if len(onto) > len(where):
                targets = [index for top, index in where.items() if top in onto]
            else:
                targets = [where[top] for top in onto if top in where]
            if rules.fills_empty[kind][card]:
                targets += empties
            singles = table.single_to_tableau[source]
            for target in sorted(targets):
                add(singles[target])

        if self._stock:
            add(_new_move(Move, ("stock", "waste", min(self._draw, len(self._stock)))))
        elif waste and self._redeals_left != 0:
            add(_new_move(Move, ("waste", "stock", len(waste))))
        return moves

    def play(self, move: Move | str) -> Move:
        """Play ``move`` (a ``Move`` or its notation, e.g. ``"w>t3"``) and return it.

        Raises ``IllegalMove`` (a ``ValueError``) saying which rule the move breaks;
        the game is then left exactly as it was. Playing clears the redo list.
        """
        move = self.parse_move(move)
        if move not in self._cached_moves():
            raise IllegalMove(move, self._refusal(move) or "it is not a legal move here")
        self._apply(move)
        self._undone.clear()
        self._notify("play", move)
        return move

    def parse_move(self, move: Move | str) -> Move:
        """``move`` as a ``Move``; text may name a bare ``f`` for "the foundation that takes it"."""
        if isinstance(move, Move):
            return move
        source, target, count = parse_parts(move)
        if target != ANY_FOUNDATION:
            return Move(source, target, count)
        for legal in self._cached_moves():
            if legal.source == source and legal.count == count and legal.target.startswith("foundation/"):
                return legal
        raise IllegalMove(move, "no foundation takes that card now")

    def explain(self, move: Move | str) -> str:
        """Why ``move`` is illegal, in the words ``IllegalMove`` would use, or what it does."""
        try:
            move = self.parse_move(move)
        except IllegalMove as refused:
            return refused.reason
        if move in self._cached_moves():
            return f"legal: {self._describe(move)}"
        return self._refusal(move) or "it is not a legal move here"

    def undo(self) -> Move:
        """Take back the last move and return it; ``IndexError`` when there is none."""
        if not self._done:
            raise IndexError("nothing to undo: no move has been played")
        move, turned_up = self._done.pop()
        self._revert(move, turned_up)
        self._undone.append(move)
        self._notify("undo", move)
        return move

    def redo(self) -> Move:
        """Play again the last move undone and return it; ``IndexError`` when there is none."""
        if not self._undone:
            raise IndexError("nothing to redo: no move has been undone since the last play")
        move = self._undone.pop()
        self._apply(move)
        self._notify("redo", move)
        return move

    def add_listener(self, listener: Callable[[Game, str, Move], None]) -> None:
        """Call ``listener(game, action, move)`` after every play, undo and redo
        (``action`` is ``"play"``, ``"undo"`` or ``"redo"``). Copies do not inherit listeners."""
        self._listeners.append(listener)

    def remove_listener(self, listener: Callable[[Game, str, Move], None]) -> None:
        """Stop calling ``listener``; ``ValueError`` if it was not added."""
        self._listeners.remove(listener)

    def _notify(self, action: str, move: Move) -> None:
        for listener in list(self._listeners):
            listener(self, action, move)

    def autoplay(self) -> list[Move]:
        """Send every card that can go to a foundation there, until none can; return the moves."""
        played = []
        while True:
            move = next(
                (
                    m
                    for m in self._cached_moves()
                    if m.target.startswith("foundation/") and not m.source.startswith("foundation/")
                ),
                None,
            )
            if move is None:
                return played
            played.append(self.play(move))

    # ------------------------------------------------------------------ applying
    def _pile(self, pile_id: str) -> list[int]:
        kind, index = self._piles[pile_id]
        if kind == "tableau":
            return self._up[index]
        if kind == "foundation":
            return self._foundations[index]
        return self._stock if kind == "stock" else self._waste

    def _apply(self, move: Move) -> None:
        source, target, count = move
        turned_up = False
        if source == "stock":
            stock, waste = self._stock, self._waste
            for _ in range(count):
                waste.append(stock.pop())
        elif target == "stock":
            self._stock[:] = self._waste[::-1]
            self._waste.clear()
            if self._redeals_left is not None:
                self._redeals_left -= 1
        else:
            cards = self._pile(source)
            self._pile(target).extend(cards[-count:])
            del cards[-count:]
            if not cards and self._piles[source][0] == "tableau":
                down = self._down[self._piles[source][1]]
                if down:
                    cards.append(down.pop())
                    turned_up = True
        self._done.append((move, turned_up))
        self._touched(source, target)

    def _revert(self, move: Move, turned_up: bool) -> None:
        source, target, count = move
        if source == "stock":
            stock, waste = self._stock, self._waste
            for _ in range(count):
                stock.append(waste.pop())
        elif target == "stock":
            self._waste[:] = self._stock[::-1]
            self._stock.clear()
            if self._redeals_left is not None:
                self._redeals_left += 1
        else:
            cards = self._pile(source)
            if turned_up:
                self._down[self._piles[source][1]].append(cards.pop())
            arrived = self._pile(target)
            cards.extend(arrived[-count:])
            del arrived[-count:]
        self._touched(source, target)

    def _touched(self, *pile_ids: str) -> None:
        """Drop what is cached about these piles after they changed."""
        self._moves = None
        for pile_id in pile_ids:
            kind, index = self._piles[pile_id]
            if kind == "tableau":
                self._stale_runs.add(index)
            elif kind == "foundation":
                self._takers = None

    # ------------------------------------------------------------------ explaining
    def _describe(self, move: Move) -> str:
        source, target, count = move
        if source == "stock":
            return f"turns {count} card{'s' if count > 1 else ''} from the stock onto the waste"
        if target == "stock":
            return f"redeals: the {count} waste cards go back to the stock"
        cards = self._pile(source)
        on_it = (
            "" if count == 1 else " and the card on it" if count == 2 else f" and the {count - 1} cards on it"
        )
        what = card_words(cards[-count]) + on_it
        return f"moves the {what} from {source} to {target}"

    def _refusal(self, move: Move) -> str | None:
        """The rule ``move`` breaks, in words; None when it is legal."""
        rules = self._rules
        source, target, count = move
        for pile in (source, target):
            if pile not in self._piles:
                last_foundation, last_pile = rules.foundation_count - 1, rules.tableau_count - 1
                return (
                    f"{rules.title} has no pile {pile!r} (it has stock, waste, foundation/0 to "
                    f"foundation/{last_foundation} and tableau/0 to tableau/{last_pile})"
                )
        if source == target:
            return "a move takes cards from one pile to another"
        if source == "stock":
            return self._draw_refusal(target, count)
        if target == "stock":
            return self._redeal_refusal(source, count)
        if target == "waste":
            return "only the stock turns cards onto the waste"
        kind = self._piles[source][0]
        cards = self._pile(source)
        if not cards:
            return f"{source} is empty"
        if kind == "foundation":
            if not self._foundation_to_tableau:
                return f"in {rules.title} cards on a foundation stay there" + (
                    " (foundation_to_tableau is off)" if "foundation_to_tableau" in self._options else ""
                )
            if target.startswith("foundation/"):
                return "a foundation card may only move back to the tableau"
        if kind in ("waste", "foundation") and count != 1:
            return f"only the top card of the {kind} is available"
        if kind == "tableau":
            if count > len(cards):
                face_up = len(cards)
                return f"{source} has only {face_up} face-up card{'s' if face_up > 1 else ''}"
            run = cards[len(cards) - count :]
            for lower, upper in pairwise(run):
                refusal = rules.tableau_refusal(upper, lower, "tableau")
                if refusal is not None:
                    return (
                        f"the top {count} cards of {source} do not form a run that moves together "
                        f"({card_label(upper)} on {card_label(lower)}): {refusal}"
                    )
        card = cards[-count]
        target_kind, target_index = self._piles[target]
        if target_kind == "foundation":
            if count != 1:
                return "cards go to a foundation one at a time"
            pile = self._foundations[target_index]
            refusal = rules.foundation_refusal(target_index, pile[-1] if pile else None, card)
            return refusal and f"{card_label(card)} cannot go on {target}: {refusal}"
        pile = self._up[target_index]
        if not pile:
            refusal = rules.empty_tableau_refusal(card, kind)
            return refusal and f"{card_label(card)} cannot fill the empty {target}: {refusal}"
        refusal = rules.tableau_refusal(card, pile[-1], kind)
        return refusal and f"{card_label(card)} cannot go on {card_label(pile[-1])}: {refusal}"

    def _draw_refusal(self, target: str, count: int) -> str | None:
        if target != "waste":
            return "cards from the stock are turned onto the waste (s>w)"
        if not self._stock:
            if not self._waste:
                return "the stock is empty and so is the waste: there is nothing to turn over"
            if self._redeals_left != 0:
                return "the stock is empty: turn the waste over to redeal (w>s)"
            return "the stock is empty and no redeal is left"
        due = min(self._draw, len(self._stock))
        if count == due:
            return None
        rule = (
            "drawing turns one card"
            if self._draw == 1
            else "draw three turns three cards, or all that are left"
        )
        return f"{rule}: {due} here, not {count}"

    def _redeal_refusal(self, source: str, count: int) -> str | None:
        if source != "waste":
            return "only the waste is turned back onto the stock (a redeal, w>s)"
        if self._stock:
            return "a redeal is allowed only when the stock is empty"
        if not self._waste:
            return "there is no waste to turn over"
        if self._redeals_left == 0:
            allowed = self._options["redeals"]
            return f"no redeal is left: this game allows {allowed} redeal{'s' if allowed != 1 else ''}"
        if count != len(self._waste):
            return f"a redeal turns over the whole waste: {len(self._waste)} cards, not {count}"
        return None

    # ------------------------------------------------------------------ is the game over?
    def _has_useful_move(self) -> bool:
        """True while some legal move is more than shuttling cards (RULINGS.md, is_over)."""
        turns_stock = False
        for move in self._cached_moves():
            source, target, _ = move
            if source == "stock" or target == "stock":
                turns_stock = True
            elif source.startswith("foundation/"):
                if self._something_builds_on(self._pile(source)[-1]):
                    return True
            elif source == "waste" or target.startswith("foundation/") or self._tableau_move_helps(move):
                return True
        return turns_stock and self._stock_offers_a_play()

    def _tableau_move_helps(self, move: Move) -> bool:
        """False for moves that only shuttle cards between tableau piles: a whole pile into
        an empty pile, or part of a run moved off a card it could go straight back onto
        when the card it uncovers can then neither go to a foundation nor take another card."""
        source, target, count = move
        index = self._piles[source][1]
        pile = self._up[index]
        if count == len(pile):
            return bool(self._down[index] or self._up[self._piles[target][1]])
        uncovered = pile[-count - 1]
        if uncovered not in self._rules.parents["tableau"][pile[-count]]:
            return True
        return uncovered in self._foundation_takers() or self._something_builds_on(uncovered, index)

    def _cards_to_come(self) -> Iterable[int]:
        """Cards that will show on top of the waste as the stock is gone through, with the
        redeals left (one more full pass shows all a pass can, since nothing is played)."""
        draw, stock = self._draw, self._stock
        yield from (stock[max(len(stock) - drawn, 0)] for drawn in range(draw, len(stock) + draw, draw))
        if self._redeals_left != 0:
            order = self._waste + stock[::-1]
            yield from (order[min(drawn, len(order)) - 1] for drawn in range(draw, len(order) + draw, draw))

    def _fits_somewhere(self, card: int, kind: str) -> bool:
        rules = self._rules
        onto = rules.parents[kind][card]
        return any((pile[-1] in onto) if pile else rules.fills_empty[kind][card] for pile in self._up)

    def _stock_offers_a_play(self) -> bool:
        takers = self._foundation_takers()
        return any(card in takers or self._fits_somewhere(card, "waste") for card in self._cards_to_come())

    def _something_builds_on(self, card: int, skip_pile: int | None = None) -> bool:
        """Could a card that is or will be available (outside tableau pile ``skip_pile``)
        go on ``card`` were it the top of a tableau pile?"""
        parents = self._rules.parents
        waste_cards = list(self._cards_to_come()) + self._waste[-1:]
        run_cards = [head for head, (index, _) in self._movable_runs().items() if index != skip_pile]
        return any(card in parents["waste"][c] for c in waste_cards) or any(
            card in parents["tableau"][c] for c in run_cards
        )
