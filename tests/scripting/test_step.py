"""One step of a run (``next_move``), how a game's own end reads (``game_over``), and
strategies with state kept per run (``for_run``), on boards and on threads alike."""

from __future__ import annotations

import collections
import concurrent.futures
import sys
import threading

import pytest
from engine_helpers import make, suit_run

import solitaire_widget as sw
from solitaire_widget.engine.outcome import RunEnd
from solitaire_widget.scripting import strategies
from solitaire_widget.scripting.step import RunEnded, game_over, next_move
from solitaire_widget.scripting.strategies import for_run
from solitaire_widget.solver import SolveResult


def ended(strategy, game) -> RunEnded:
    with pytest.raises(RunEnded) as caught:
        next_move(strategy, game)
    return caught.value


def test_next_move_gives_the_strategys_legal_move_and_leaves_the_game_alone():
    game = sw.Game.new("klondike", seed=42)
    move = next_move(lambda view: "w>t5", game)
    assert move == sw.Move("waste", "tableau/5", 1) and move in game.legal_moves()
    assert game.ply == 0


@pytest.mark.parametrize(
    ("strategy", "end", "words"),
    [
        (lambda view: None, RunEnd.RESIGNED, "the strategy resigned"),
        (lambda view: 1 / 0, RunEnd.ERROR, "the strategy raised ZeroDivisionError: division by zero"),
        (
            lambda view: 42,
            RunEnd.ERROR,
            "the strategy returned 42, not a move (a Move or its notation) or None",
        ),
        (lambda view: "t1>t2", RunEnd.ERROR, "the strategy returned 't1>t2', which is not legal here: "),
        (lambda view: "zz", RunEnd.ERROR, "the strategy returned 'zz', which is not legal here: "),
    ],
    ids=["resigns", "raises", "not-a-move", "illegal", "not-notation"],
)
def test_every_answer_that_ends_the_run_says_how_and_why(strategy, end, words):
    game = sw.Game.new("klondike", seed=42)
    stop = ended(strategy, game)
    assert stop.end is end and stop.words.startswith(words) and str(stop) == stop.words
    assert game.ply == 0


def test_a_strategy_that_says_why_it_resigned_is_quoted_and_a_base_exception_passes_through():
    class Explains:
        why_resigned = "nothing worth playing"

        def __call__(self, view):
            return None

    def interrupted(view):
        raise KeyboardInterrupt

    game = sw.Game.new("father", seed=1)
    assert ended(Explains(), game).words == "nothing worth playing"
    with pytest.raises(KeyboardInterrupt):
        next_move(interrupted, game)


def test_a_game_that_ended_by_itself_reads_as_its_run_end():
    game = sw.Game.new("following", seed=0)
    while game.outcome is None:
        game.play(next_move(strategies.greedy, game))
    stop = game_over(game.outcome)
    assert stop.end is RunEnd.of(game.outcome.termination) is RunEnd.WON and stop.words == "won"
    # Every column topped by a black card that fits nowhere, the stock and waste empty.
    columns = ["| 7C", "| 7S", "| 9C", "| 9S", "| JC", "| JS", "| KC"]
    fives_home = [suit_run(suit, 1, 5) for suit in "CDHS"]
    stuck = make("klondike", stock="", foundations=fives_home, tableau=columns, rest_under=6)
    stop = game_over(stuck.outcome)
    assert stop.end is RunEnd.of(stuck.outcome.termination)
    assert stop.words == stuck.outcome.reason == "no moves left"


def test_for_run_gives_a_fresh_solver_strategy_and_leaves_a_function_as_it_is():
    shared = strategies.SolverStrategy(node_limit=1_000, time_limit=None, fallback=strategies.lookahead)
    run = for_run(shared)
    assert run is not shared and repr(run) == repr(shared) and run.fallback is strategies.lookahead
    assert for_run(strategies.greedy) is strategies.greedy


def test_two_games_stepping_one_solver_strategy_in_turn_each_keep_their_own_plan():
    calls = []

    def counting_solve(game, **limits):
        calls.append((game.seed, game.ply))
        return sw.solve(game, **limits)

    shared = strategies.SolverStrategy(node_limit=5_000, time_limit=None, solve_with=counting_solve)
    games = [sw.Game.new("following", seed=seed) for seed in (0, 1)]
    runs = [for_run(shared) for _ in games]
    for _ in range(30):
        for game, run in zip(games, runs, strict=True):
            game.play(next_move(run, game))
    assert sorted(calls) == [(0, 0), (1, 0)]  # one plan each, never solved again


def test_one_runs_resign_reason_is_never_another_runs():
    def says(game, **limits):
        verdict = "unwinnable" if game.seed == 4 else "unknown"
        return SolveResult(verdict, (), 1, 0.0)

    shared = strategies.SolverStrategy(None, 2, fallback=lambda view: None, solve_with=says)
    lost, undecided = sw.Game.new("klondike", seed=4), sw.Game.new("klondike", seed=5)
    lost_run, undecided_run = for_run(shared), for_run(shared)
    assert ended(lost_run, lost).words == "the solver proves this position lost"
    assert ended(undecided_run, undecided).words == "the solver found no winning line within its limits (2 s)"
    assert lost_run.why_resigned == "the solver proves this position lost"
    assert shared.why_resigned is None


@pytest.mark.slow
def test_one_solver_strategy_shared_by_threads_gives_the_serial_rows_and_one_plan_per_deal():
    calls = collections.Counter()
    counting = threading.Lock()

    def counting_solve(game, **limits):
        with counting:
            calls[game.seed] += 1
        return sw.solve(game, **limits)

    shared = strategies.SolverStrategy(node_limit=2_000, time_limit=None, solve_with=counting_solve)

    def run(executor):
        calls.clear()
        rows = sw.simulate("klondike", shared, 16, executor=executor, chunksize=1, progress=False)
        return rows.drop(columns="seconds").to_dict("records"), dict(calls)

    serial_rows, serial_calls = run("serial")
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # the threads take turns between almost any two bytecodes
    try:
        with concurrent.futures.ThreadPoolExecutor(4) as threads:
            threaded_rows, threaded_calls = run(threads)
    finally:
        sys.setswitchinterval(interval)
    assert {row["end"] for row in serial_rows} >= {"won", "resigned"}
    assert threaded_rows == serial_rows
    assert threaded_calls == serial_calls
