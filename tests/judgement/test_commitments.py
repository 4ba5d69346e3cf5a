"""Commitments (``judgement.commitments``): which moves commit a player who cannot see every
card, the set-ups that lead to them, and how they fare over samples of the unseen cards."""

from __future__ import annotations

from collections import deque

import pytest
from engine_helpers import BEYOND_THE_WALK, played, twin_games
from solver_paths import native_or_skip

import solitaire_widget as sw
from solitaire_widget.engine import Position
from solitaire_widget.engine.cards import parse_card
from solitaire_widget.engine.knowledge import shown
from solitaire_widget.judgement import commitments as commitments_module
from solitaire_widget.judgement.commitments import (
    QUIET_POSITIONS,
    Commitment,
    Race,
    Roots,
    commitment_chances,
    commitments,
    commitments_from_lines,
    is_quiet,
)
from solitaire_widget.judgement.commitments import _waste_card_moves as waste_card_moves
from solitaire_widget.solver.search import Limit

DECKS = [
    ("klondike", {"draw": 3, "deal_to_waste": False}),
    ("klondike", {"redeals": 1}),
    ("klondike", {"foundation_to_tableau": False}),
    ("father", {}),
    ("following", {}),
]
ALONG = [(seed, moves) for seed in range(4) for moves in (0, 15, 40)]


def talon(position: Position) -> int:
    return len(position.stock) + len(position.waste)


def face_down(position: Position) -> int:
    return sum(map(len, position.down))


def seen(game) -> set[int]:
    return {parse_card(code) for code in game.known_cards()}


@pytest.mark.parametrize(("name", "options"), DECKS)
def test_a_quiet_move_turns_no_card_and_keeps_the_talon_and_the_others_commit(name, options):
    for seed, moves in ALONG:
        game = played(name, seed, moves, **options)
        position, known = game.position, seen(game)
        for move in position.legal_moves():
            before = (face_down(position), talon(position))
            quiet = is_quiet(position, move, known)
            position.push(move)
            after = (face_down(position), talon(position))
            position.pop()
            if quiet:
                assert after == before, move
                assert move.source != "stock" or set(position.stock[-move.count :]) <= known
                continue
            drawn = move.source in ("stock", "waste") and move.target in ("stock", "waste")
            home = move.target.startswith("foundation/")
            assert after != before or drawn or home, move
            shows_unseen = move.source == "stock" and not set(position.stock[-move.count :]) <= known
            assert not drawn or position.redeals_left is not None or shows_unseen
            assert not (home and after == before) or not position.foundation_to_tableau


def assert_set_up_by_quiet_moves(position: Position, commitment: Commitment, known: set[int]) -> None:
    """Every move of the set-up is legal and quiet in turn, and the commitment legal and not."""
    walker = position.copy()
    for move in commitment.setup:
        assert walker.is_legal(move) and is_quiet(walker, move, known)
        walker.push(move)
    assert walker.is_legal(commitment.move) and not is_quiet(walker, commitment.move, known)


@pytest.mark.parametrize(("name", "options"), DECKS)
def test_commitments_are_set_up_by_quiet_moves_alone_shortest_first(name, options):
    set_up = 0
    for seed, moves in ALONG:
        game = played(name, seed, moves, **options)
        position, known = game.position, seen(game)
        key = position.key()
        found = commitments(position, known)
        assert position.key() == key
        assert [len(each.setup) for each in found] == sorted(len(each.setup) for each in found)
        assert len({each.line for each in found}) == len(found)
        root = {move for move in position.legal_moves() if not is_quiet(position, move, known)}
        assert {each.move for each in found if not each.setup} <= root
        if root:
            assert any(not each.setup for each in found)
        for each in found:
            assert_set_up_by_quiet_moves(position, each, known)
            set_up += bool(each.setup)
    if name == "klondike":
        assert set_up  # some commitment needs quiet moves first: the walk is exercised


def judged(game, seed: int, node_limit: int = 1_500):
    position, known = game.position, seen(game)
    choices = commitments(position, known)
    return choices, commitment_chances(position, known, choices, 6, seed, Limit(nodes=node_limit))


@pytest.mark.parametrize(("name", "options"), [DECKS[0], DECKS[3], DECKS[4]])
def test_games_that_show_the_same_but_hide_other_cards_get_the_same_commitments_and_chances(name, options):
    compared = 0
    for seed in range(4):
        game = played(name, seed, 4 * seed, **options)
        if not game.unseen().cards or game.is_over:
            continue
        one, other = twin_games(game, seed)
        mine, theirs = judged(one, seed), judged(other, seed)
        assert mine == theirs
        compared += 1
    assert compared >= 2


def test_a_sample_won_counts_every_card_lost_none_and_undecided_the_solvers_reach():
    game = played("klondike", 5, 30, draw=3, deal_to_waste=False)
    choices, chances = judged(game, 5, node_limit=300)
    assert choices
    for reach, won, undecided in zip(chances.reach, chances.won, chances.undecided, strict=True):
        assert won + undecided <= 6
        assert won * 52 <= reach <= (won + undecided) * 52
    assert len(set(chances.reach)) > 1  # it tells the commitments apart


def test_the_commitment_the_solvers_winning_line_makes_first_wins_every_sample_of_a_known_deal():
    game = played("klondike", 4, 0, draw=1)
    position = game.position
    every_card = set(range(52))
    choices = commitments(position, every_card)
    chances = commitment_chances(position, every_card, choices, 3, 0, Limit(nodes=50_000))
    assert max(chances.won) == 3  # every sample is the deal itself, and it is won


# Klondike draw 3, deal 15 after 107 moves of the fair strategy with a walk of 200 quiet
# positions: three cards face down, and the one commitment that wins lies beyond 200 positions
# of quiet moves (the stock turned, the long runs moved, cards taken back from a foundation).
FAR_COMMITMENT = {
    "game": "klondike",
    "options": {"draw": 3, "redeals": None, "foundation_to_tableau": True, "deal_to_waste": False},
    "stock": ["6H", "8S", "TS", "2H", "5C"],
    "waste": ["2S", "JH", "QC", "3S"],
    "foundations": [["AS"], ["AH"], ["AD", "2D", "3D", "4D"], ["AC", "2C", "3C", "4C"]],
    "tableau": [
        {"down": [], "up": ["KS", "QH", "JS", "TD"]},
        {"down": [], "up": ["KH", "QS", "JD", "TC", "9H", "8C", "7D", "6C", "5D", "4S", "3H"]},
        {"down": [], "up": ["KC", "QD", "JC", "TH", "9C", "8D", "7S", "6D", "5S", "4H"]},
        {"down": [], "up": []},
        {"down": ["9S", "KD"], "up": ["7H", "6S", "5H"]},
        {"down": [], "up": ["8H"]},
        {"down": ["7C"], "up": ["9D"]},
    ],
    "redeals_left": None,
}


def test_the_walk_reaches_a_commitment_that_wins_far_beyond_the_first_quiet_positions():
    position = sw.Game.from_dict(FAR_COMMITMENT).position
    known = shown(position, knows_stock=True)  # every card but the face-down ones
    choices = commitments(position, known)
    chances = commitment_chances(position, known, choices, 6, 0, Limit(nodes=20_000))
    assert max(chances.won) == 6  # every way the three cards can lie is won after it


def test_winning_lines_of_samples_bring_the_commitments_beyond_a_walk_that_ran_out_of_room():
    position = sw.Game.from_dict(BEYOND_THE_WALK).position
    known = shown(position, knows_stock=True)  # every card but the face-down ones
    walked = commitments(position, known)
    assert walked == [] and not walked.complete
    found = commitments_from_lines(position, known, walked, 8, 0, Limit(nodes=1_000))
    assert found
    for each in found:
        assert_set_up_by_quiet_moves(position, each, known)
    chances = commitment_chances(position, known, found, 8, 0, Limit(nodes=1_000))
    assert max(chances.won) > 0


def test_the_winning_lines_and_the_judging_share_the_searches_of_the_samples(monkeypatch):
    position = sw.Game.from_dict(BEYOND_THE_WALK).position
    known = shown(position, knows_stock=True)  # every card but the face-down ones
    limits = Limit(nodes=1_000)
    found = commitments_from_lines(position, known, [], 8, 0, limits)
    alone = commitment_chances(position, known, found, 8, 0, limits)
    searched: list[Position] = []
    counting = commitments_module.search

    def counted(sample: Position, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        searched.append(sample)
        return counting(sample, *args, **kwargs)

    monkeypatch.setattr(commitments_module, "search", counted)
    roots = Roots()
    assert commitments_from_lines(position, known, [], 8, 0, limits, roots) == found
    assert len(searched) == 8  # one search a sample
    shared = commitment_chances(position, known, found, 8, 0, limits, roots=roots)
    assert shared == alone
    assert len(searched) == 8 + sum(map(int.bit_count, shared.searched))  # none from the root again


def test_a_walk_that_reached_every_quiet_position_leaves_winning_lines_nothing_to_add(monkeypatch):
    game = played("klondike", 2, 40, draw=3, deal_to_waste=False)
    position, known = game.position, seen(game)
    walked = commitments(position, known)
    assert walked.complete
    limits = Limit(nodes=1_000)
    assert max(commitment_chances(position, known, walked, 8, 0, limits).won) > 0  # lines to read
    assert commitments_from_lines(position, known, walked, 8, 0, limits) == []
    monkeypatch.setattr(commitments_module, "QUIET_POSITIONS", 2)
    assert not commitments(position, known).complete


def test_the_c_and_the_python_search_judge_commitments_alike(monkeypatch):
    native_or_skip()
    game = played("klondike", 2, 10, draw=3)
    in_c = judged(game, 0)
    monkeypatch.setenv("SOLITAIRE_WIDGET_NATIVE", "0")
    assert judged(game, 0) == in_c


def what_it_does(position: Position, line: tuple[sw.Move, ...]) -> tuple[object, ...]:
    """The card a line's last move moves (None from the stock), from what kind of pile,
    and onto what: two commitments that do the same are one choice."""
    walker = position.copy()
    for move in line[:-1]:
        walker.push(move)
    move = line[-1]
    cards = walker.cards(move.source)
    card = cards[-move.count] if cards and move.source != "stock" else None
    onto = walker.cards(move.target) or ("empty",)
    target = "home" if move.target.startswith("foundation/") else onto[-1]
    return (move.source if move.source in ("stock", "waste") else "tableau", card, target)


def every_quiet_position(position: Position, known: set[int]) -> tuple[set[tuple[object, ...]], int]:
    """The choices a plain walk finds, turning the talon as any other quiet move, and how
    many positions it met: what the walk with the talon apart must find."""
    found: set[tuple[object, ...]] = set()
    seen = {position.key()}
    lines: deque[tuple[sw.Move, ...]] = deque([()])
    while lines and len(seen) <= 4 * QUIET_POSITIONS:
        line = lines.popleft()
        walker = position.copy()
        for move in line:
            walker.push(move)
        for move in walker.legal_moves():
            if not is_quiet(walker, move, known):
                found.add(what_it_does(position, (*line, move)))
                continue
            walker.push(move)
            if walker.key() not in seen:
                seen.add(walker.key())
                lines.append((*line, move))
            walker.pop()
    return found, len(seen)


@pytest.mark.parametrize(("name", "options"), [DECKS[0], DECKS[1], DECKS[3]])
def test_walking_the_talon_apart_finds_the_choices_of_walking_every_quiet_position(name, options):
    compared = 0
    for seed, moves in ALONG:
        game = played(name, seed, moves, **options)
        position = game.position
        for known in (seen(game), seen(game) | set(position.stock) | set(position.waste)):
            plain, met = every_quiet_position(position, known)
            if met > QUIET_POSITIONS:
                continue  # the walk with the talon apart may stop short: nothing to compare
            walked = {what_it_does(position, each.line) for each in commitments(position, known)}
            assert walked == plain
            compared += 1
    assert compared >= 10


def test_a_race_drops_what_falls_behind_and_stops_when_one_is_left_or_the_rest_are_alike():
    race = Race(least=4, every=2, spread=2.0, alike=1.0)
    ahead, behind, level = [52, 40, 52, 52], [0, 2, 1, 0], [52, 40, 52, 51]
    assert race.after_sample([0, 1, 2], [ahead, behind, level])[0] == [0, 2]
    assert race.after_sample([0, 1], [ahead[:3], behind[:3]]) == ([0, 1], False)  # before ``least`` samples
    assert race.after_sample([0, 1], [ahead + [52], behind + [0]]) == (
        [0, 1],
        False,
    )  # 5 is not a multiple of 2
    assert race.after_sample([0], [ahead, behind])[1]
    assert not race.after_sample([0, 1], [[0, 0, 0, 0], [0, 0, 0, 0]])[
        1
    ]  # all lost: resigning asks for them all
    assert not race.after_sample([0, 1], [ahead, [52, 10, 52, 52]])[
        1
    ]  # one sample apart by 30 cards: not alike yet
    assert race.after_sample([0, 1], [[52] * 4, [52] * 4])[1]


def test_a_raced_judging_stops_early_on_a_clear_choice_and_counts_the_samples_of_each():
    game = played("klondike", 5, 30, draw=3, deal_to_waste=False)
    position, known = game.position, seen(game)
    choices = commitments(position, known)
    assert len(choices) > 1
    limits = Limit(nodes=1_500)
    whole = commitment_chances(position, known, choices, 64, 5, limits)
    raced = commitment_chances(position, known, choices, 64, 5, limits, Race())
    assert {chance.samples for chance in whole.chances} == {64}
    samples = [chance.samples for chance in raced.chances]
    assert max(samples) < 64 and min(samples) >= Race().least  # stopped early; none dropped before least
    for chance, values, searched in zip(raced.chances, raced.values, raced.searched, strict=True):
        assert (
            len(values) == chance.samples and searched < 1 << chance.samples
        )  # searched only what it judged
    assert raced.values == tuple(
        values[: len(mine)] for values, mine in zip(whole.values, raced.values, strict=True)
    )
    kept = [index for index, count in enumerate(samples) if count == max(samples)]
    best = max(range(len(choices)), key=lambda index: (whole.reach[index], whole.won[index]))
    assert best in kept


@pytest.mark.parametrize(
    ("field", "value"),
    [("least", 1), ("least", 2.5), ("every", 0), ("every", True), ("spread", -1.0), ("alike", float("inf"))],
)
def test_a_race_out_of_range_is_refused_naming_the_field(field, value):
    with pytest.raises(ValueError, match=field):
        Race(**{field: value})


@pytest.mark.parametrize(("name", "options"), [DECKS[0], DECKS[1], DECKS[3], DECKS[4]])
def test_a_cards_waste_moves_are_the_moves_it_has_once_turned_to_the_top_of_the_waste(name, options):
    compared = 0
    for seed in range(4):
        position = played(name, seed, 10 * seed, **options).position
        # Turn the talon card by card: at each stand, the top's moves are those of the
        # waste card as the position before the turn saw it coming.
        for _ in range(12):
            before = position.copy()
            turns = [move for move in position.legal_moves() if move.target in ("stock", "waste")]
            if not turns:
                break
            position.push(turns[0])
            if not position.waste:
                continue
            from_waste = [move for move in position.legal_moves() if move.source == "waste"]
            talon_moves = [move for move in from_waste if move.target in ("stock", "waste")]
            expected = [move for move in from_waste if move not in talon_moves]
            assert waste_card_moves(before, position.waste[-1]) == expected
            assert waste_card_moves(position, position.waste[-1]) == expected
            compared += bool(expected)
    assert compared >= 2
