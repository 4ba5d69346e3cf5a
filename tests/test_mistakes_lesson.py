"""Learn from your mistakes (``lesson.MistakesLesson``): it stops before each mistake and
blunder of an analysed game, takes any good move, refuses a worse one with its chance, shows
the best, and goes on along the game's own line."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import solitaire_widget as sw
from solitaire_widget.judgement.analysis import MoveAnalysis
from solitaire_widget.judgement.chances import Chance, WinChance
from solitaire_widget.judgement.moves import judge
from solitaire_widget.lesson import MistakesLesson

SAMPLES = 40
ALL = (1 << SAMPLES) - 1


def chance(won: int) -> Chance:
    """A chance won on the first ``won`` of the samples."""
    return Chance((1 << won) - 1, 0, SAMPLES)


def judged(game: sw.Game, ply: int, wins: dict[str, int]) -> MoveAnalysis:
    """Move ``ply`` of ``game``'s line judged on made-up chances: ``wins`` gives the samples won
    after some moves (notation); every other legal move wins none."""
    at = game.copy()
    at.goto(ply - 1)
    moves = {move: chance(wins.get(str(move), 0)) for move in at.legal_moves()}
    best = max(moves.values(), key=float)
    chances = WinChance(best, moves, unseen=10)
    played = game.line[ply - 1]
    return MoveAnalysis(ply, played, chances, judge(chances, played))


@pytest.fixture
def game() -> sw.Game:
    g = sw.Game.new("klondike", seed=3)
    for move in ("t3>t1", "s>w", "s>w", "t4>f0", "s>w", "s>w"):
        g.play(move)
    return g


def analysis_of(game: sw.Game) -> SimpleNamespace:
    """Moves 2 and 5 (both draws) judged a blunder and a mistake, the others best."""
    moves = [
        judged(game, 1, {"t3>t1": 40}),
        judged(game, 2, {"w>t0": 38, "t1x2>t5": 37, "s>w": 12}),
        judged(game, 3, {"s>w": 40}),
        judged(game, 4, {"t4>f0": 40, "t4>f1": 40, "t4>f2": 40, "t4>f3": 40}),
        judged(game, 5, {"s>w": 29, "t1x2>t5": 40}),
        judged(game, 6, {"s>w": 40}),
    ]
    return SimpleNamespace(moves=moves)


def test_it_asks_before_each_mistake_and_blunder_and_goes_on_along_the_game(game):
    analysis = analysis_of(game)
    assert [m.judgement for m in analysis.moves] == [
        "only move",
        "blunder",
        "only move",
        "best",
        "mistake",
        "only move",
    ]
    lesson = MistakesLesson(game, analysis)
    student = lesson.student_game()
    assert lesson.total == 2 and student.history == game.line[:1] and student.future == ()
    assert "Before move 2 the game played a blunder" in lesson.said

    # Not good enough: 5 points short of the best or more is refused, with its chance.
    assert lesson.refusal(student, sw.Move.parse("s>w")).startswith("not better enough")
    assert lesson.answer(student, "s>w").startswith("not better enough")
    assert student.history == game.line[:1]
    with pytest.raises(sw.IllegalMove):
        lesson.answer(student, "t0>t6")

    # Within 5 points of the best is good, not only the best move.
    said = lesson.answer(student, "t1x2>t5")
    assert said.startswith("Good: ") and "92%" in said and "95%" in said and "30%" in said
    assert lesson.found == 1 and lesson.asked == 1
    assert student.history == game.line[:4]  # the game's own moves lead to the next question
    assert "Before move 5 the game played a mistake" in said

    said = lesson.show(student)
    assert said.startswith("The best move: ") and lesson.shown == 1
    assert "Lesson complete: you found 1 of 2 better moves yourself." in said
    assert lesson.state(student) == {
        "kind": "mistakes",
        "total": 2,
        "ply": 2,
        "found": 1,
        "shown": 1,
        "done": True,
        "said": said,
    }
    assert lesson.expected(student) is None
    with pytest.raises(ValueError, match="the lesson is over"):
        lesson.show(student)


def test_a_game_without_analysis_or_mistakes_gives_no_lesson(game):
    with pytest.raises(ValueError, match="no analysis"):
        MistakesLesson(game)
    fine = [m for m in analysis_of(game).moves if m.judgement not in ("mistake", "blunder")]
    clean = SimpleNamespace(moves=fine)
    with pytest.raises(ValueError, match="no move a mistake"):
        MistakesLesson(game, clean)
