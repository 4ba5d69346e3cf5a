"""A small study to test with: a chapter to read and an exercise whose question has a wrong
move, good moves that are not the author's, and the author's own."""

from __future__ import annotations

import solitaire_widget as sw

LINE = [
    "t4>f0",
    "t6>f1",
    "t6>t2",
    "t6>t0",
    "t4>t3",
    "t1>t5",
    "t1>f1",
    "t2x2>t1",
    "t2>t1",
    "t2>t1",
    "w>f1",
    "s>w",
    "s>w",
    "s>w",
    "w>t5",
    "s>w",
    "s>w",
    "s>w",
    "s>w",
    "s>w",
    "s>w",
    "s>w",
    "s>w",
]
"""Klondike seed 7. Judged on 8 samples (node limit 2,000) before move 21, the author's s>w,
t1x4>t2 and t1x2>t6 are good and f1>t0 (a card back from the foundation) is not."""
QUESTION = 21
AUTHOR, GOOD, WRONG = "s>w", "t1x4>t2", "f1>t0"
JUDGING = {"samples": 8, "seed": 0, "node_limit": 2_000}


def lesson_game() -> sw.Game:
    g = sw.Game.new("klondike", seed=7)
    for move in LINE:
        g.play(move)
    g.annotate(0, "Seven columns: look for aces.", marks=["tableau/4"])
    g.annotate(1, "An ace goes home <at once> & stays.")
    g.annotate(QUESTION, "The waste holds the card we need.", marks=["waste"])
    g.goto(3)
    g.play("t4>t3")
    g.annotate(4, "Or move the queen first.")
    g.goto(0)
    return g


def small_study() -> sw.Study:
    study = sw.Study("Klondike <basics>")
    study.add_chapter(lesson_game(), "Aces first")
    study.add_chapter(
        lesson_game(), "Your turn", exercise={QUESTION: "Keep the foundation whole."}, **JUDGING
    )
    return study
