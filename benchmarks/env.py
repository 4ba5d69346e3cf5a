"""Gymnasium environment speed, per game: steps per second of a masked random agent.

A step is what an agent loop does each turn: ``env.step(action)`` on an environment made with
``gymnasium.make`` (so with Gymnasium's own wrappers), which plays the move and builds the
observation, the action mask and the outcome, plus picking a random action from the mask.
Each game runs ``STEPS`` steps, resetting when an episode ends (won, over, or truncated at
the default ``max_moves``). Time is the process's CPU time, so the figure holds on a machine
busy with other work. Also printed: episodes finished, the agent's win rate and the mean
episode length. Run: ``python benchmarks/env.py``.
"""

from __future__ import annotations

import time

import gymnasium
import numpy as np

import solitaire_widget.env  # noqa: F401  (registers the environments)

STEPS = 20_000
GAMES = {
    "klondike": ("solitaire_widget/Klondike-v0", {}),
    "klondike draw 3": ("solitaire_widget/Klondike-v0", {"draw": 3}),
    "father": ("solitaire_widget/Father-v0", {}),
    "following": ("solitaire_widget/Following-v0", {}),
}


def masked_random_run(env_id: str, options: dict, steps: int) -> tuple[float, int, int]:
    """Steps per CPU second, episodes finished and episodes won in ``steps`` steps."""
    env = gymnasium.make(env_id, **options)
    rng = np.random.default_rng(2026)
    episodes = won = 0
    _, info = env.reset(seed=0)
    start = time.process_time()
    for _ in range(steps):
        action = rng.choice(np.flatnonzero(info["action_mask"]))
        _, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            episodes += 1
            won += reward == 1.0
            _, info = env.reset()
    return steps / (time.process_time() - start), episodes, won


def main() -> None:
    print(f"{'game':<18}{'steps/s':>10}{'episodes':>10}{'won':>6}{'win rate':>10}{'mean length':>13}")
    for label, (env_id, options) in GAMES.items():
        speed, episodes, won = masked_random_run(env_id, options, STEPS)
        rate = f"{won / episodes:.0%}" if episodes else "-"
        length = f"{STEPS / episodes:,.0f}" if episodes else "-"
        print(f"{label:<18}{speed:>10,.0f}{episodes:>10}{won:>6}{rate:>10}{length:>13}")


if __name__ == "__main__":
    main()
