"""The environment's contract with Gymnasium: the checker, registration, the observation
(what the player sees, nothing more) and the action mask (exactly the legal moves)."""

from __future__ import annotations

import subprocess
import sys
import warnings

import gymnasium
import numpy as np
import pytest
from env_helpers import GAMES, masked_choice
from gymnasium.utils.env_checker import check_env
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solitaire_widget as sw
from solitaire_widget.engine.knowledge import Hidden, shown
from solitaire_widget.env import EMPTY, IDS, UNKNOWN, SolitaireEnv

PLAY = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_gymnasiums_checker_passes_without_a_warning(game, options):
    env = gymnasium.make(IDS[game], **options)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)


def test_each_game_is_made_by_its_id_with_options_as_keyword_arguments():
    for game, env_id in IDS.items():
        env = gymnasium.make(env_id, redeals=0)
        assert env.unwrapped.game_name == game
        assert env.unwrapped.options["redeals"] == 0
    env = gymnasium.make("solitaire_widget/Klondike-v0", draw=3, max_moves=50, reward="cards_home")
    made = env.unwrapped
    assert (made.options["draw"], made.max_moves, made.reward) == (3, 50, "cards_home")
    assert env.observation_space["waste"].shape == (3,)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"game": "hearts"}, "unknown game 'hearts'"),
        ({"draw": 2}, "draw must be 1 or 3"),
        ({"drew": 3}, "no option 'drew'"),
        ({"max_moves": 0}, "max_moves must be"),
        ({"reward": "score"}, "reward must be one of"),
        ({"render_mode": "rgb_array"}, "render_mode must be"),
    ],
)
@pytest.mark.filterwarnings("ignore:.*not in the possible render_modes")  # Gymnasium's own, before ours
def test_a_bad_option_is_refused_in_words(options, words):
    with pytest.raises(ValueError, match=words):
        gymnasium.make("solitaire_widget/Klondike-v0", **options)


FRESH_PROCESSES = [
    pytest.param(
        "import gymnasium; "
        "env = gymnasium.make('solitaire_widget.env:solitaire_widget/Klondike-v0', draw=3); "
        "print(env.reset(seed=1)[0]['waste'].shape)",
        ["(3,)"],
        id="module named in the id",
    ),
    pytest.param(
        "import gymnasium, solitaire_widget; "
        "print(gymnasium.make('solitaire_widget/Father-v0').unwrapped.game_name)",
        ["father"],
        id="gymnasium imported first",
    ),
    pytest.param(
        "import solitaire_widget, sys; print('gymnasium' in sys.modules); import gymnasium; "
        "print(gymnasium.make('solitaire_widget/Klondike-v0', draw=3).unwrapped.game_name)",
        ["False", "klondike"],
        id="package imported first",
    ),
    pytest.param(
        "import sys, solitaire_widget; print('gymnasium' in sys.modules, 'numpy' in sys.modules)",
        ["False", "False"],
        id="the package alone imports neither",
    ),
]


@pytest.mark.parametrize(("script", "printed"), FRESH_PROCESSES)
def test_a_fresh_process_finds_the_environments_by_id_whatever_it_imported_first(script, printed):
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout.split() == printed


def cards_in(observation: dict) -> list[int]:
    return [int(code) for name in ("tableau", "waste", "foundations") for code in observation[name].flat]


def played(game: str, options: dict, seed: int, steps: int):
    """The env and its observations along a masked random play of up to ``steps`` steps."""
    env = SolitaireEnv(game, **options)
    rng = np.random.default_rng(seed)
    observation, info = env.reset(seed=seed)
    yield env, observation, info
    for _ in range(steps):
        observation, _, terminated, truncated, info = env.step(masked_choice(info, rng))
        yield env, observation, info
        if terminated or truncated:
            return


@PLAY
@given(case=st.sampled_from(GAMES), seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 120))
def test_the_observation_shows_what_the_board_shows_and_nothing_hidden(case, seed, steps):
    game, options = case
    for env, observation, _ in played(game, options, seed, steps):
        position = env.game.position
        assert env.observation_space.contains(observation)
        visible = [card for card in cards_in(observation) if card not in (UNKNOWN, EMPTY)]
        assert set(visible) <= shown(position)
        assert not set(visible) & (set(position.stock) | {card for pile in position.down for card in pile})
        assert (observation["tableau"] == UNKNOWN).sum() == sum(map(len, position.down))
        # Deal the unseen cards into the unseen places another way: the player sees the same
        # board, so the observation must not change.
        for other in Hidden(position, shown(position)).samples(2, seed):
            again = env.observer.observe(other)
            assert all(np.array_equal(again[name], observation[name]) for name in observation)


@PLAY
@given(case=st.sampled_from(GAMES), seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 120))
def test_the_mask_marks_exactly_the_legal_moves(case, seed, steps):
    game, options = case
    for env, _, info in played(game, options, seed, steps):
        legal = env.game.legal_moves()
        marked = np.flatnonzero(info["action_mask"])
        assert info["action_mask"].dtype == np.bool_
        assert sorted(env.action_of(move) for move in legal) == marked.tolist()
        assert {env.move_of(action) for action in marked} == set(legal)
        assert np.array_equal(env.action_masks(), info["action_mask"])


def test_every_move_converts_to_its_action_and_back():
    env = SolitaireEnv("klondike", draw=3)
    env.reset(seed=0)
    for action, move in enumerate(env.actions.moves):
        assert env.action_of(move) == action
    assert env.action_of("t0x3>t5") == env.action_of(sw.Move("tableau/0", "tableau/5", 3))
    assert env.action_of("wx24>s") == env.action_of(sw.Move("waste", "stock", 1))
    with pytest.raises(ValueError, match="can ever offer, so it has no action"):
        env.action_of("t0>t9")
    with pytest.raises(ValueError, match="whole number from 0"):
        env.move_of(len(env.actions))


def test_a_vector_of_environments_stacks_observations_and_masks():
    envs = gymnasium.make_vec(IDS["klondike"], num_envs=3, vectorization_mode="sync", draw=3)
    observation, info = envs.reset(seed=0)
    assert observation["tableau"].shape == (3, 7, 19)
    assert info["action_mask"].shape == (3, 615)
    actions = np.array([np.flatnonzero(mask)[0] for mask in info["action_mask"]])
    envs.step(actions)
    envs.close()
