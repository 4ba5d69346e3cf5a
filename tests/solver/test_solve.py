"""The solver: every "winnable" line replays to a win with ``Game.play``; every verdict on
small endgames agrees with a plain exhaustive search (``endgames.exhaustive``); limits and bad arguments.
Tests that take ``solver_path`` run on both paths, the pure-Python search and the C
accelerator (see conftest.py)."""

from __future__ import annotations

import _thread
import math
import random
import threading

import pytest
from endgames import exhaustive, random_endgame
from engine_helpers import (
    FATHER_BLOCKED,
    FOLLOWING_BLOCKED,
    SUITS,
    following_run,
    make,
    position,
    suit_run,
)
from solver_lines import winning_lines

import solitaire_widget as sw
from solitaire_widget.engine.cards import card_code, card_set, parse_card
from solitaire_widget.solver import SolveResult, native, solve
from solitaire_widget.solver.dead_ends import DeadEnds


def replays_to_win(g: sw.Game, result: SolveResult) -> None:
    """The result's line, played with the checks of ``Game.play`` on a copy, wins."""
    assert result.verdict == "winnable"
    replay = g.copy()
    for move in result.moves:
        replay.play(move)
    assert replay.is_won


# ---------------------------------------------------------------------------- winnable deals
# Seeds the solver resolves as winnable within the node limit (found by running it on the
# first seeds of each option set); a node limit, not a time limit, keeps the test exact.
DEAL_NODE_LIMIT = 15_000
WINNABLE_DEALS = [
    ("klondike", {}, [0, 1, 2, 4, 5, 7, 8, 9, 10, 12, 13, 14]),
    ("klondike", {"draw": 3}, [0, 1, 4, 9, 10, 11, 13, 15, 19, 23, 25, 26]),
    ("klondike", {"redeals": 0}, [3, 63, 185]),
    ("klondike", {"foundation_to_tableau": False}, [1, 4, 7, 8, 9, 10, 12, 14, 15, 22, 26, 27]),
    ("klondike", {"draw": 3, "redeals": 2, "foundation_to_tableau": False}, [0, 9, 22, 56, 73, 94]),
    ("klondike", {"deal_to_waste": False}, [0, 1, 2, 4, 5, 7, 8, 9, 10, 12, 13, 14]),
    ("klondike", {"draw": 3, "deal_to_waste": False}, [0, 1, 4, 7, 9, 11]),
    ("father", {}, [0, 3, 5, 6, 7, 8, 9, 10, 11, 12, 15, 16]),
    ("father", {"redeals": 0}, [0, 3, 5, 6, 7]),
    ("father", {"redeals": None}, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
    ("following", {}, [0, 1, 2, 3, 4, 7, 8, 9, 11, 12, 13, 14]),
    ("following", {"redeals": 0}, [7, 95, 133, 152]),
    ("following", {"redeals": None}, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
]


@pytest.mark.parametrize(
    ("game", "options", "seeds"), WINNABLE_DEALS, ids=[f"{g}-{o}" for g, o, _ in WINNABLE_DEALS]
)
def test_winnable_deals_replay_to_a_win(game, options, seeds, solver_path):
    for seed in seeds:
        g = sw.Game.new(game, seed=seed, **options)
        before = g.to_dict()
        result = solve(g, time_limit=None, node_limit=DEAL_NODE_LIMIT)
        assert result.verdict == "winnable", (seed, result)
        assert 0 < result.nodes <= DEAL_NODE_LIMIT
        assert result.seconds >= 0
        replays_to_win(g, result)
        assert g.to_dict() == before


def test_a_line_from_the_middle_of_a_game(solver_path):
    g = sw.Game.new("klondike", seed=0)
    first = solve(g, time_limit=None, node_limit=DEAL_NODE_LIMIT)
    for move in first.moves[:40]:
        g.play(move)
    result = solve(g, time_limit=None, node_limit=DEAL_NODE_LIMIT)
    replays_to_win(g, result)
    # The game keeps its history: the solver read only the current position.
    assert g.ply == 40


# ---------------------------------------------------------------------------- near the end
NEAR_THE_END = [
    # Klondike: runs to take apart, a king to an empty column, a card from the stock.
    position(
        "klondike",
        tableau=["KH QS JH", "QD | JC", "TD", "JS", "", "", "KS"],
        foundations=[suit_run("C", 1, 10), suit_run("D", 1, 9), suit_run("H", 1, 10), suit_run("S", 1, 10)],
        waste="QH JD",
        stock="QC KC KD",
    ),
    position(
        "klondike",
        tableau=["KD QC", "JD", "", "", "", "", "QH | KC"],
        foundations=[suit_run("C", 1, 11), suit_run("D", 1, 10), suit_run("H", 1, 11), suit_run("S", 1, 13)],
        waste="QD",
        stock="KH",
        options={"draw": 3, "redeals": 0},
    ),
    # Klondike: the ace of clubs is face down under the two; only with foundation_to_tableau
    # can the kings and queens come back, down to a red three that takes the two.
    position(
        "klondike",
        tableau=["AC | 2C", "3C 4C 5C 6C 7C", "QC | KC"],
        foundations=["", suit_run("D", 1, 13), suit_run("H", 1, 13), suit_run("S", 1, 13)],
        stock="8C 9C TC JC",
    ),
    position(
        "klondike",
        tableau=["AC | 2C", "3C 4C 5C 6C 7C", "QC | KC"],
        foundations=["", suit_run("D", 1, 13), suit_run("H", 1, 13), suit_run("S", 1, 13)],
        stock="8C 9C TC JC",
        options={"foundation_to_tableau": False},
    ),
    # Father: the waste card must go on the right pile, the king foundation meets the ace one.
    position(
        "father",
        tableau=["5C", "6C", "7C", "", "", "", "", "", "", "", "", "9C 8C"],
        foundations=[suit_run("C", 1, 4), suit_run("D", 1, 13), suit_run("H", 1, 13), suit_run("S", 1, 13)]
        + [suit_run("C", 13, 11), "", "", ""],
        waste="TC",
        stock="",
    ),
    # Following: a run to move into an empty pile to free a card under it.
    position(
        "following",
        tableau=["8D 7H", "9S", "", "KS QD JC TH", "KD QC JH TS 9D 8C", ""],
        foundations=[
            following_run("H", 13),
            following_run("C", 13),
            following_run("D", 6),
            following_run("S", 7),
        ],
        waste="",
        stock="",
    ),
]


@pytest.mark.parametrize("data", NEAR_THE_END, ids=lambda d: d["game"])
@pytest.mark.slow
def test_positions_near_the_end(data, solver_path):
    g = sw.Game.from_dict(data)
    result = solve(g, time_limit=None, node_limit=100_000)
    expected = exhaustive(g)
    assert expected is not None
    assert result.verdict == ("winnable" if expected else "unwinnable")
    if result.verdict == "winnable":
        replays_to_win(g, result)


def test_foundation_cards_coming_back_can_save_a_game(solver_path):
    verdicts = [solve(sw.Game.from_dict(data)).verdict for data in NEAR_THE_END[2:4]]
    assert verdicts == ["winnable", "unwinnable"]


def test_a_won_position_is_winnable_with_no_moves(solver_path):
    g = make(
        "klondike",
        foundations=[suit_run(s, 1, 13) for s in SUITS],
        stock="",
    )
    result = solve(g)
    assert result == SolveResult("winnable", (), result.nodes, result.seconds)


@pytest.mark.parametrize(("game", "layout"), [("father", FATHER_BLOCKED), ("following", FOLLOWING_BLOCKED)])
def test_positions_without_moves_are_unwinnable(game, layout, solver_path):
    result = solve(make(game, **layout))
    assert result.verdict == "unwinnable"
    assert result.moves == ()


# ---------------------------------------------------------------------------- cross-check
CROSS_CHECKS = [
    # game, options, most cards off the foundations, cases, fewest lost ones expected
    ("klondike", {}, 7, 10, 0),
    ("klondike", {"draw": 3}, 8, 10, 0),
    ("klondike", {"redeals": 0, "foundation_to_tableau": False}, 16, 30, 1),
    ("klondike", {"draw": 3, "redeals": 1, "foundation_to_tableau": False}, 16, 30, 1),
    ("father", {}, 16, 20, 0),
    ("father", {"redeals": 0}, 16, 20, 0),
    ("following", {}, 22, 25, 0),
    ("following", {"redeals": 0}, 20, 25, 0),
]


def agrees_with_exhaustive(g: sw.Game, limit: int = 200_000) -> str | None:
    """The solver's verdict, once checked against ``exhaustive`` (None when that gives up)."""
    expected = exhaustive(g, limit)
    return None if expected is None else agrees_with(g, expected)


def agrees_with(g: sw.Game, winnable: bool) -> str:
    """The solver's verdict, checked against what is known of ``g``; a win replays."""
    result = solve(g, time_limit=None, node_limit=1_000_000)
    assert result.verdict == ("winnable" if winnable else "unwinnable"), g.to_dict()
    if winnable:
        replays_to_win(g, result)
    return result.verdict


@pytest.mark.parametrize(
    ("game", "options", "outside", "cases", "lost"),
    CROSS_CHECKS,
    ids=[f"{c[0]}-{c[1]}" for c in CROSS_CHECKS],
)
@pytest.mark.slow
def test_verdicts_agree_with_an_exhaustive_search(game, options, outside, cases, lost, monkeypatch):
    # The exhaustive search costs a hundred times both solvers: each endgame is searched
    # once, and the verdicts of both paths (the C one where it is built) checked against it.
    switches = ["0", "1"] if native.available() else ["0"]  # SOLITAIRE_WIDGET_NATIVE
    rng = random.Random(f"{game} {options} {outside}")
    verdicts = {"winnable": 0, "unwinnable": 0, None: 0}
    for _ in range(cases):
        g = sw.Game.from_dict(random_endgame(game, options, rng, rng.randint(outside - 4, outside)))
        expected = exhaustive(g, limit=30_000)
        if expected is None:
            verdicts[None] += 1
            continue
        for switch in switches:
            monkeypatch.setenv("SOLITAIRE_WIDGET_NATIVE", switch)
            verdict = agrees_with(g, expected)
        verdicts[verdict] += 1
    assert verdicts["winnable"] >= 3 and verdicts["unwinnable"] >= lost, verdicts


LOST_WITH_MOVES = [
    # Father blocked, but with a few cards still to come from the stock that do go home.
    position(
        "father",
        tableau=FATHER_BLOCKED["tableau"],
        foundations=[suit_run("C", 1, 3), suit_run("D", 1, 4), suit_run("H", 1, 2), suit_run("S", 1, 4)]
        + [suit_run(s, 13, 10) for s in SUITS],
        stock="3H 4H 4C",
    ),
    position(
        "father",
        tableau=FATHER_BLOCKED["tableau"],
        foundations=[suit_run("C", 1, 3), suit_run("D", 1, 4), suit_run("H", 1, 2), suit_run("S", 1, 4)]
        + [suit_run(s, 13, 10) for s in SUITS],
        stock="3H 4H 4C",
        options={"redeals": 0},
    ),
    # Following blocked, with two sixes in the stock.
    position(
        "following",
        tableau=FOLLOWING_BLOCKED["tableau"],
        foundations=[
            following_run("H", 5),
            following_run("C", 5),
            following_run("D", 6),
            following_run("S", 6),
        ],
        stock="6C 6D",
    ),
    # Klondike: the ace of clubs lies face down under the two, and no red three can come out.
    position(
        "klondike",
        tableau=["AC | 2C", "3C", "4C"],
        foundations=["", suit_run("D", 1, 13), suit_run("H", 1, 13), suit_run("S", 1, 13)],
        stock="5C 6C 7C 8C 9C TC JC QC KC",
        options={"foundation_to_tableau": False},
    ),
    # Klondike, three at a time: every pass ends on the 5C, which cannot leave the waste, so
    # the 4C under it never comes up.
    position(
        "klondike",
        tableau=["JC KS | KC", "7C", "8C", "9C", "TC", "QC"],
        foundations=[suit_run("C", 1, 3), suit_run("D", 1, 13), suit_run("H", 1, 13), suit_run("S", 1, 12)],
        stock="5C 6C 4C",
        options={"draw": 3, "foundation_to_tableau": False},
    ),
]


@pytest.mark.parametrize("data", LOST_WITH_MOVES, ids=lambda d: d["game"])
def test_lost_positions_with_moves_left(data, solver_path):
    g = sw.Game.from_dict(data)
    assert g.legal_moves()
    assert agrees_with_exhaustive(g) == "unwinnable"


def test_a_position_seen_lost_at_once_takes_one_node(solver_path):
    """The ace of clubs lies face down under the two, no red three can ever hold the two
    and foundation cards may not come back: the first look sees it (``hopeless``)."""
    g = sw.Game.from_dict(LOST_WITH_MOVES[3])
    result = solve(g, time_limit=None, node_limit=10)
    assert (result.verdict, result.nodes) == ("unwinnable", 1)


def test_a_talon_card_no_draw_brings_up_is_seen_at_once(solver_path):
    """The three stock cards come up 4C, 6C, 5C: every pass ends on the 5C, which can
    neither go home nor onto the tableau, so nothing ever leaves the talon and the 4C never
    goes home. The first look sees it (``DeadEnds.talon_reach``). Counting every talon card
    as reachable it would not, and the search would play the king of clubs into the empty
    pile and the king of spades home before it found nothing more to do."""

    class EveryTalonCard(DeadEnds):
        @staticmethod
        def talon_reach(p: sw.Position, leaves: int) -> int:
            return card_set((*p.waste, *p.stock))

    g = sw.Game.from_dict(LOST_WITH_MOVES[4])
    assert DeadEnds(g.position.rules).talon_reach(g.position, 0) == card_set([parse_card("5C")])
    assert not EveryTalonCard(g.position.rules).hopeless(g.position)
    result = solve(g, time_limit=None, node_limit=10)
    assert (result.verdict, result.nodes) == ("unwinnable", 1)


def reach_of(options: dict, leaving: str) -> set[str]:
    """``talon_reach`` of a stock that comes up 4C 5C 6C 7C 8C 9C, three at a time, when
    the ``leaving`` cards can some day leave the talon."""
    stock = "9C 8C 7C 6C 5C 4C"
    data = position("klondike", tableau=["KS"], stock=stock, rest_under=0, options={"draw": 3, **options})
    p = sw.Game.from_dict(data).position
    reach = DeadEnds(p.rules).talon_reach(p, card_set(parse_card(code) for code in leaving.split()))
    return {card_code(card) for card in range(52) if reach >> card & 1}


def test_the_talon_cards_a_draw_can_bring_up():
    # each pass ends on the 6C and the 9C while nothing leaves
    assert reach_of({}, "") == {"6C", "9C"}
    # one card before the 7C gone by a redeal moves the next pass's draws by one
    assert reach_of({}, "4C") == {"6C", "7C", "9C"}
    assert reach_of({"redeals": 0}, "4C") == {"6C", "9C"}
    # a card that leaves uncovers the one before it, and the last card is always drawn
    assert reach_of({"redeals": 0}, "6C") == {"5C", "6C", "9C"}
    assert reach_of({"redeals": 0}, "9C") == {"6C", "8C", "9C"}


HOPELESS_CHECKS = [("klondike", {}), ("klondike", {"draw": 3}), ("father", {}), ("following", {})]


@pytest.mark.parametrize(("game", "options"), HOPELESS_CHECKS, ids=[g for g, _ in HOPELESS_CHECKS])
@pytest.mark.slow
def test_no_position_of_a_winning_line_is_called_hopeless(game, options):
    """The dead-end test may only ever call lost a position that is: every position along
    the winning lines of many deals passes it."""
    lines = winning_lines(game, range(40), DEAL_NODE_LIMIT, **options)
    for seed, steps in lines:
        dead_ends = DeadEnds(steps[0][0].rules)
        for before, move in steps:
            assert not dead_ends.hopeless(before), (seed, move)
    assert len(lines) >= 20


# ---------------------------------------------------------------------------- limits
def test_a_node_limit_of_one_gives_unknown(solver_path):
    g = sw.Game.new("klondike", seed=3)
    result = solve(g, node_limit=1)
    assert result.verdict == "unknown"
    assert result.moves == ()
    assert result.nodes == 1


def test_a_time_limit_stops_a_search_that_has_not_decided(solver_path):
    """Klondike seed 18 is not decided within seconds on either path: with 0.05 s the clock
    ends the search, not the node limit, which is far beyond what that time allows."""
    result = solve(sw.Game.new("klondike", seed=18), time_limit=0.05, node_limit=1_000_000)
    assert (result.verdict, result.moves) == ("unknown", ())
    assert result.seconds >= 0.05 and 0 < result.nodes < 1_000_000


@pytest.mark.parametrize("bad", [0, -1, -0.5, 0.0, math.nan, math.inf, True, False, "10", [1]])
def test_bad_time_limits(bad):
    with pytest.raises(ValueError, match="time_limit"):
        solve(sw.Game.new("klondike", seed=1), time_limit=bad)


@pytest.mark.parametrize("bad", [0, -3, 1.5, 10.0, math.nan, True, "100"])
def test_bad_node_limits(bad):
    with pytest.raises(ValueError, match="node_limit"):
        solve(sw.Game.new("klondike", seed=1), node_limit=bad)


def test_no_bound_at_all_is_refused():
    with pytest.raises(ValueError, match="node_limit"):
        solve(sw.Game.new("klondike", seed=1), time_limit=None)


def test_a_position_is_solved_as_its_game_is(solver_path):
    g = sw.Game.new("klondike", seed=1)
    position = g.position
    result = solve(position, time_limit=None, node_limit=DEAL_NODE_LIMIT)
    assert result.moves == solve(g, time_limit=None, node_limit=DEAL_NODE_LIMIT).moves
    assert position == g.position  # searched on a copy
    replays_to_win(g, result)


@pytest.mark.parametrize("thing", ["klondike", {"game": "klondike"}, None, 3])
def test_only_games_and_positions_are_solved(thing):
    with pytest.raises(TypeError, match="solve takes a Game"):
        solve(thing)  # type: ignore[arg-type]


def test_the_game_is_unchanged(solver_path):
    g = sw.Game.new("following", seed=5)
    g.play(g.legal_moves()[0])
    before, line, ply = g.to_dict(), g.line, g.ply
    solve(g, time_limit=None, node_limit=5_000)
    assert g.to_dict() == before and g.line == line and g.ply == ply


def test_an_interrupt_stops_the_search_and_leaves_the_game_untouched(solver_path):
    """Ctrl-C (here sent from a timer thread) ends the search on either path as a
    KeyboardInterrupt, with the game as it was. (That the C search stops at once is checked
    in test_native.py, by the positions it searched.)"""
    g = sw.Game.new("klondike", seed=18)  # not decided within seconds on either path
    before = g.to_dict()
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            solve(g, time_limit=60.0)
    finally:
        timer.cancel()
    assert g.to_dict() == before
    assert solve(g, time_limit=None, node_limit=1_000).verdict == "unknown"  # the solver still works


def test_results_are_frozen(solver_path):
    result = solve(sw.Game.new("klondike", seed=0), time_limit=None, node_limit=10)
    with pytest.raises(AttributeError):
        result.verdict = "winnable"  # type: ignore[misc]
