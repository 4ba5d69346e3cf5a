"""Episodes: deals from seeds, rewards, the ends of an episode, an action outside the mask,
and a masked random agent that wins some games."""

from __future__ import annotations

import numpy as np
import pytest
from env_helpers import masked_choice

import solitaire_widget as sw
from solitaire_widget.env import SolitaireEnv


def test_the_same_seed_deals_the_same_game_and_another_seed_another():
    env = SolitaireEnv("klondike")
    first, _ = env.reset(seed=7)
    deal = env.game.to_dict()["tableau"]
    again, _ = SolitaireEnv("klondike").reset(seed=7)
    assert all(np.array_equal(first[name], again[name]) for name in first)
    env.reset(seed=7)
    assert env.game.to_dict()["tableau"] == deal
    env.reset(seed=8)
    assert env.game.to_dict()["tableau"] != deal


def test_a_deal_seed_deals_that_game():
    env = SolitaireEnv("following", redeals=0)
    env.reset(options={"deal_seed": 42})
    assert env.game.to_dict() == sw.Game.new("following", seed=42, redeals=0).to_dict()


@pytest.mark.parametrize(
    ("options", "words"),
    [({"deal": 3}, "unknown reset option 'deal'"), ({"deal_seed": -1}, "a seed is a whole number")],
)
def test_bad_reset_options_are_refused_in_words_and_change_nothing(options, words):
    env = SolitaireEnv("klondike")
    env.reset(seed=1)
    deal = env.game.to_dict()
    with pytest.raises(ValueError, match=words):
        env.reset(seed=2, options=options)
    assert env.game.to_dict() == deal
    # The generator was not seeded again: the next deal is the one after seed 1's.
    twin = SolitaireEnv("klondike")
    twin.reset(seed=1)
    twin.reset()
    env.reset()
    assert env.game.to_dict() == twin.game.to_dict()


def test_stepping_before_a_reset_says_to_reset():
    with pytest.raises(RuntimeError, match=r"call reset\(\) first"):
        SolitaireEnv("father").step(0)


def test_an_action_outside_the_mask_changes_nothing_and_says_why():
    env = SolitaireEnv("klondike")
    _, info = env.reset(seed=42)
    before = env.game.to_dict()
    action = int(np.flatnonzero(~info["action_mask"])[5])
    move = env.move_of(action)
    observation, reward, terminated, truncated, info = env.step(action)
    assert env.game.to_dict() == before
    assert (reward, terminated, truncated) == (0.0, False, False)
    assert info["illegal"] == env.game.explain(move)
    assert observation["counts"].tolist() == [len(before["stock"]), len(before["waste"])]


@pytest.mark.parametrize("action", [-1, 615, 2.0, "s>w", True, None])
def test_a_value_outside_the_action_space_raises_and_changes_nothing(action):
    env = SolitaireEnv("klondike")
    env.reset(seed=42)
    before = env.game.to_dict()
    with pytest.raises(ValueError, match="an action is a whole number from 0 to 614"):
        env.step(action)
    assert env.game.to_dict() == before


def test_the_episode_is_truncated_at_the_move_limit_illegal_steps_included():
    env = SolitaireEnv("klondike", max_moves=4)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    ends = [env.step(action)[2:4] for action in (illegal, env.action_of("s>w"), env.action_of("s>w"))]
    assert ends == [(False, False)] * 3
    assert env.step(env.action_of("s>w"))[2:4] == (False, True)


def winning_line(game: str, seed: int) -> list[sw.Move]:
    result = sw.solve(sw.Game.new(game, seed=seed), time_limit=20)
    assert result.verdict == "winnable"
    return list(result.moves)


@pytest.mark.parametrize("reward", ["win", "cards_home"])
def test_a_won_game_terminates_and_pays_one_in_all(reward):
    env = SolitaireEnv("father", reward=reward)
    env.reset(options={"deal_seed": 3})
    rewards, ends = [], []
    for move in winning_line("father", 3):
        _, paid, terminated, _, info = env.step(env.action_of(move))
        rewards.append(paid)
        ends.append(terminated)
    assert ends[-1] and not any(ends[:-1])
    assert info["outcome"] == "won" and info["cards_home"] == 52
    assert sum(rewards) == pytest.approx(1.0)
    if reward == "win":
        assert rewards[:-1] == [0.0] * (len(rewards) - 1)


def test_a_game_with_no_move_left_terminates_unwon():
    env = SolitaireEnv("klondike", redeals=0)
    env.reset(seed=5)
    rng = np.random.default_rng(0)
    terminated = truncated = False
    info = {"action_mask": env.action_masks()}
    while not (terminated or truncated):
        _, reward, terminated, truncated, info = env.step(masked_choice(info, rng))
    assert terminated and reward == 0.0
    assert info["outcome"] in ("no_moves", "no_useful_moves")


def test_a_masked_random_agent_wins_some_games_of_father():
    env = SolitaireEnv("father")
    rng = np.random.default_rng(0)
    results = []
    for episode in range(12):
        _, info = env.reset(seed=episode)
        terminated = truncated = False
        while not (terminated or truncated):
            _, reward, terminated, truncated, info = env.step(masked_choice(info, rng))
        results.append(info["outcome"])
        assert reward == (1.0 if info["outcome"] == "won" else 0.0)
    assert 0 < results.count("won") < len(results)
