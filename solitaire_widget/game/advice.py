"""``Advice``: the part of ``Game`` that advises and judges: hints (the solver's and the
fair one), whether the game can still be won, difficulty, what the player knows (the
model is ``engine.knowledge``'s; the searches are ``solver``'s), and the analysis kept with
the game.

The analysis kept
=================

``sw.analyse(g)`` judges every move of the game's current line and keeps the ``Analysis``
in the game (``set_analysis``). It stays while the line changes: ``g.analysis`` is always
the analysis of the current line as far as the two agree, the kept one cut at the first
move where the line now goes another way (None when they differ from the first move, or
when none is kept). Moves played after the analysed ones are not judged until the game is
analysed again. The kept analysis is not changed by the cut: back on the analysed line, the
whole of it shows again. It travels with copies, pickles and records (``to_record``
writes as much of it as is still a line of the tree).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..aids import hints, verdicts
from ..aids.hints import Hint, HintRequest
from ..aids.plan import Plan, keys_along
from ..aids.verdicts import Difficulty, Winnability
from ..atomic import Atomic, atomic_members, locked
from ..engine import knowledge
from ..engine.cards import card_code, parse_card
from ..engine.moves import Move
from ..engine.position import Position
from ..judgement.analysis import Analysis
from ..judgement.chances import check_knows_stock
from ..judgement.fair_play import FAIR_NODE_LIMIT, FAIR_SAMPLES, FairChoice, FairPlay
from ..records.record import RecordError
from ..solver.search import check_limits

if TYPE_CHECKING:
    from ..records.tree import Node

SEARCH_OUTSIDE_THE_LOCK = {
    "hint": "it searches a copy of the position, leaving the game to other threads meanwhile",
    "winnability": "it searches copies of the positions, leaving the game to other threads meanwhile",
    "difficulty": "it searches a copy of the position, leaving the game to other threads meanwhile",
}
"""The aids that hold the game's lock only to read it (see ``Game``'s ``NOT_LOCKED_THROUGHOUT``)."""


@atomic_members(unlocked=SEARCH_OUTSIDE_THE_LOCK)
class Advice(Atomic):
    """Hints, winnability, difficulty, what the player knows and the analysis kept, for
    ``Game`` (read through its public members)."""

    def __init__(self) -> None:
        super().__init__()
        self._analysis: Analysis | None = None
        self._followed: _Followed | None = None  # the line of the last hint kept

    if TYPE_CHECKING:

        @property
        def position(self) -> Position: ...
        @property
        def start(self) -> Position: ...
        @property
        def history(self) -> tuple[Move, ...]: ...
        @property
        def root(self) -> Node: ...
        @property
        def line(self) -> tuple[Move, ...]: ...
        def _notify(self, action: str, move: Move | None) -> None: ...

    # ------------------------------------------------------------------ what the player knows
    def known_cards(self) -> frozenset[str]:
        """The codes of the cards the player has seen in this game, in any line of its tree
        (see ``engine.knowledge``: face-up tableau cards, the top of the waste, foundations)."""
        leaves = (node for node in self.root.walk() if not node.variations)
        lines = [[node.move for node in leaf.path()[1:]] for leaf in leaves]
        known = knowledge.known_in_tree(self.start, lines)  # type: ignore[arg-type]
        return frozenset(card_code(card) for card in known)

    def unseen(self) -> knowledge.Unseen:
        """The cards the player has not seen and the places that hold them (``.cards``, in deck
        order, and ``.places``, as ``(pile id, index from the bottom)``)."""
        return knowledge.Hidden(self.position, map(parse_card, self.known_cards())).unseen

    # ------------------------------------------------------------------ play aids
    def hint(
        self,
        *,
        time_limit: float | None = None,
        fair: bool = False,
        samples: int = FAIR_SAMPLES,
        seed: int = 0,
        node_limit: int | None = None,
        knows_stock: bool = False,
    ) -> Hint:
        """A move to play, with a ``sentence`` that says why.

        The solver's hint (``fair=False``) sees every card: the next move of a winning line
        when one is found within ``time_limit`` seconds (``aids.hints.HINT_SECONDS`` when None, as
        ``solve``'s), else the best move by a
        fixed heuristic (``source``: ``HintSource.SOLVER`` or ``HEURISTIC``); the line goes
        back to no position of the game's line while a winning line that avoids them is found.
        The fair hint (``fair=True``) judges from what the player can see, as
        ``strategies.fair`` chooses (``judgement.fair_play``): the next move towards the
        commitment that does best over ``samples`` deals of the unseen cards (drawn from
        ``seed``, each solved within ``node_limit`` positions and ``time_limit`` seconds; with
        neither limit, the fair strategy's 1,000 positions), ``source`` ``HintSource.FAIR``,
        with the line's ``chance``. ``knows_stock=True`` (fair hints only) judges in the
        known-stock model of the published figures: the stock and the waste known in order,
        only the face-down tableau cards sampled (``engine.knowledge``).

        Either way the hint starts a line (``hint.line``). While the game stands on the line
        of the last hint of the same kind and settings (the player followed it, or went back
        along it), the hint is that line's next move, at once and without a new search.
        """
        request = self.hint_request(
            time_limit=time_limit,
            fair=fair,
            samples=samples,
            seed=seed,
            node_limit=node_limit,
            knows_stock=knows_stock,
        )
        if isinstance(request, Hint):
            return request
        found = request.answer()
        self.keep_hint(request, found)
        return found

    def hint_request(
        self,
        *,
        time_limit: float | None = None,
        fair: bool = False,
        samples: int = FAIR_SAMPLES,
        seed: int = 0,
        node_limit: int | None = None,
        knows_stock: bool = False,
    ) -> Hint | HintRequest:
        """The hint (arguments as ``hint``) at once when the game stands on the line of the
        last one kept (``keep_hint``) of the same kind and settings: its next move. Else what a
        search for it needs: a ``HintRequest``, whose ``answer()`` (in a worker, say) gives the
        hint, to hand back to ``keep_hint``. ``ValueError`` naming a bad argument."""
        if not isinstance(fair, bool):
            raise ValueError(f"fair must be True or False, not {fair!r}")
        if check_knows_stock(knows_stock) and not fair:
            raise ValueError("knows_stock=True is a model of the fair hint: ask with fair=True too")
        position = self.position
        play = None
        if fair:
            if time_limit is None and node_limit is None:
                node_limit = FAIR_NODE_LIMIT
            play = FairPlay(samples, node_limit, time_limit, seed, knows_stock)
        else:
            check_limits(time_limit, None, unbounded_ok=True)
        known: frozenset[int] = frozenset()
        if fair:
            known = frozenset(map(parse_card, self.known_cards())) | knowledge.shown(position, knows_stock)
        followed = self._followed
        if followed is not None and followed.kind == (None if play is None else play.settings):
            left = followed.plan.rest(position)
            if left:
                return followed.next_hint(position, left, known)
        if play is None:
            *before, _ = keys_along(self.start, self.history)
            seconds = hints.HINT_SECONDS if time_limit is None else float(time_limit)
            return HintRequest(position, seconds, frozenset(before))
        return HintRequest(position, fair=play, start=self.start, history=self.history, known=known)

    def keep_hint(self, request: HintRequest, found: Hint) -> None:
        """Keep the line of ``found``, the answer to ``request`` (from ``hint_request``): the
        next hints of its kind follow it while the game stands on it."""
        if not found.line:
            return
        kind = None if request.fair is None else request.fair.settings
        self._followed = _Followed(Plan(request.position, found.line), kind, found)

    def winnability(self, *, time_limit: float = 5.0) -> Winnability:
        """Whether the game can still be won from where it stands, and if not, which move
        of its line lost it (``lost_at``), searched within about ``time_limit`` seconds."""
        return verdicts.winnability(*self._start_and_history(), time_limit=time_limit)

    @locked
    def _start_and_history(self) -> tuple[Position, tuple[Move, ...]]:
        return self.start, self.history

    def difficulty(self) -> Difficulty:
        """How hard the solver finds the game from where it stands (see ``Difficulty``)."""
        return verdicts.difficulty(self.position)

    # ------------------------------------------------------------------ the analysis kept
    @property
    def analysis(self) -> Analysis | None:
        """The analysis of the current line as far as it agrees with the one kept (see the
        module docstring); None when there is none."""
        kept = self._analysis
        if kept is None:
            return None
        agreeing = _agreeing(kept.line, self.line)
        if agreeing == len(kept.moves):
            return kept
        return kept.cut(agreeing) if agreeing else None

    def set_analysis(self, analysis: Analysis | None) -> None:
        """Keep ``analysis`` (an ``Analysis`` of a line of this game's tree, from its start;
        ``sw.analyse`` calls this) or, with None, forget the one kept; the listeners are told
        (``"edit"``). ``ValueError`` when the analysed line is empty or not in the tree,
        ``TypeError`` for another kind of object; the game is then unchanged."""
        if analysis is not None and not isinstance(analysis, Analysis):
            raise TypeError(
                f"an analysis is an Analysis (from sw.analyse) or None, not {type(analysis).__name__}"
            )
        if analysis is not None:
            if not analysis.moves:
                raise ValueError("an analysis of no move is no analysis: keep None instead")
            in_tree = _in_tree(self.root, analysis.line)
            if in_tree < len(analysis.moves):
                raise ValueError(
                    f"the analysis is of another line: its move {in_tree + 1}, {analysis.line[in_tree]}, "
                    "is not in this game's tree there"
                )
        self._analysis = analysis
        self._notify("edit", None)

    def _analysis_to_record(self) -> dict[str, object] | None:
        """The kept analysis as a record's ``analysis`` entry, as far as its line is in the tree."""
        kept = self._analysis
        if kept is None:
            return None
        in_tree = _in_tree(self.root, kept.line)
        return kept.cut(in_tree).to_record() if in_tree else None


@dataclass(frozen=True)
class _Followed:
    """The line of the last hint kept: its plan, its kind (None for the solver's, else the
    fair settings) and the hint that started it."""

    plan: Plan
    kind: tuple[object, ...] | None
    first: Hint

    def next_hint(self, position: Position, left: tuple[Move, ...], known: frozenset[int]) -> Hint:
        """The hint at ``position``, where the moves ``left`` of the line remain."""
        if self.kind is None:
            return hints.solver_hint(position, left, first=len(left) == len(self.plan.moves))
        first = self.first
        choice = FairChoice(first.move, first.line, first.why, first.chance).followed(left)
        return hints.fair_choice_hint(position, choice, known)


def analysis_from_record(data: object, start: Position, root: Node) -> Analysis:
    """The analysis of a record (its ``analysis`` entry) whose game starts at ``start`` with
    the tree ``root``; ``RecordError`` naming what is wrong."""
    analysis = Analysis.from_record(data, start)
    in_tree = _in_tree(root, analysis.line)
    if in_tree < len(analysis.moves):
        raise RecordError(
            f"analysis, ply {in_tree + 1}: {analysis.line[in_tree]} is not a move of the tree there"
        )
    return analysis


def _agreeing(first: tuple[Move, ...], second: tuple[Move, ...]) -> int:
    """How many moves the two lines share from their start."""
    for index, (one, other) in enumerate(zip(first, second, strict=False)):
        if one != other:
            return index
    return min(len(first), len(second))


def _in_tree(root: Node, line: tuple[Move, ...]) -> int:
    """How many moves of ``line``, from the start, follow a path of the tree under ``root``."""
    node = root
    for index, move in enumerate(line):
        child = node.variation(move)
        if child is None:
            return index
        node = child
    return len(line)
