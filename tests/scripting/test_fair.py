"""The fair strategy: legal moves only, nothing read of the hidden cards, whole deals under
``simulate``, the same moves for the same seed, pickling, and its arguments checked."""

from __future__ import annotations

import pickle

import pytest
from engine_helpers import BEYOND_THE_WALK, twin_games

import solitaire_widget as sw
from solitaire_widget.engine.knowledge import Hidden, known_along, shown
from solitaire_widget.judgement import fair_play as fair_module
from solitaire_widget.judgement.chances import Chance
from solitaire_widget.judgement.commitments import Commitment, CommitmentChances, Commitments, Race
from solitaire_widget.judgement.fair_play import FairPlay, _scouting_move
from solitaire_widget.scripting import strategies
from solitaire_widget.scripting.fair import FairStrategy
from solitaire_widget.scripting.strategies import GameView

QUICK = {"samples": 4, "node_limit": 500}
DECKS = [
    ("klondike", {"draw": 3, "deal_to_waste": False}),
    ("klondike", {}),
    ("father", {}),
    ("following", {}),
]


def greedy_game(name: str, options: dict[str, object], seed: int, moves: int) -> sw.Game:
    """A deal after ``moves`` moves of greedy (fewer when it resigns first)."""
    game = sw.Game.new(name, seed, **options)
    for _ in range(moves):
        move = strategies.greedy(GameView(game))
        if move is None:
            break
        game.play(move)
    return game


@pytest.mark.parametrize(("name", "options"), DECKS)
def test_the_fair_strategy_plays_only_legal_moves(name, options):
    fair = FairStrategy(**QUICK)
    for seed, moves in [(1, 0), (2, 7), (3, 20), (4, 40)]:
        game = greedy_game(name, options, seed, moves)
        choice = strategies.for_run(fair)(GameView(game))
        assert choice is None or choice in game.legal_moves()


@pytest.mark.parametrize(
    ("name", "options", "knows_stock"),
    [(*deck, False) for deck in DECKS] + [(*deck, True) for deck in DECKS if deck[0] == "klondike"],
)
def test_two_games_that_show_the_same_cards_get_the_same_move(name, options, knows_stock):
    """In the known-stock model the twins differ only in face-down tableau cards (only
    Klondike deals any)."""
    fair = FairStrategy(**QUICK, knows_stock=knows_stock)
    compared = 0
    for seed in range(6):
        game = greedy_game(name, options, seed, 3 * seed)
        position = game.position
        if len(Hidden(position, shown(position, knows_stock)).unseen) < 2 or game.is_over:
            continue
        one, other = twin_games(game, seed, knows_stock=knows_stock)
        if knows_stock:
            assert (one.position.stock, one.position.waste) == (other.position.stock, other.position.waste)
        assert strategies.for_run(fair)(GameView(one)) == strategies.for_run(fair)(GameView(other))
        compared += 1
    assert compared >= 3


@pytest.mark.parametrize("knows_stock", [False, True])
def test_a_strategy_stopped_mid_deal_leaves_the_game_unchanged_and_can_go_on(monkeypatch, knows_stock):
    game = greedy_game("klondike", {"draw": 3, "deal_to_waste": False}, 1, 12)
    before = game.copy()
    fair = FairStrategy(**QUICK, knows_stock=knows_stock).for_run()
    judge = fair_module.commitment_chances

    def stopped(*arguments):
        raise KeyboardInterrupt

    monkeypatch.setattr(fair_module, "commitment_chances", stopped)
    with pytest.raises(KeyboardInterrupt):
        fair(GameView(game))
    with pytest.raises(KeyboardInterrupt):
        game.hint(fair=True, **QUICK, knows_stock=knows_stock)
    assert game == before and game.known_cards() == before.known_cards()
    monkeypatch.setattr(fair_module, "commitment_chances", judge)
    fresh = FairStrategy(**QUICK, knows_stock=knows_stock).for_run()
    assert fair(GameView(game)) == fresh(GameView(game))
    assert game.hint(fair=True, **QUICK, knows_stock=knows_stock).move == fair(GameView(game))


@pytest.mark.slow
def test_the_fair_strategy_plays_a_following_deal_to_its_end_under_simulate():
    rows = sw.simulate("following", FairStrategy(**QUICK), seeds=[0, 1], executor="serial", progress=False)
    for row in rows.to_dict("records"):
        assert row["error"] is None
        assert row["end"] in ("won", "resigned", "no_moves", "no_useful_moves")
        assert row["won"] == (row["foundation_cards"] == 52)


def test_the_fair_strategy_plays_the_same_moves_for_the_same_seed():
    def line(seed: int) -> tuple[sw.Move, ...]:
        game = sw.Game.new("klondike", 5, draw=3, deal_to_waste=False)
        fair = FairStrategy(**QUICK, seed=seed).for_run()
        for _ in range(25):
            move = fair(GameView(game))
            if move is None:
                break
            game.play(move)
        return game.history

    assert line(0) == line(0)
    assert len(line(0)) > 10


def test_the_fair_strategy_pickles_with_its_settings_and_without_a_run():
    fair = FairStrategy(samples=8, node_limit=700, seed=3).for_run()
    game = greedy_game("klondike", {}, 2, 5)
    move = fair(GameView(game))
    shipped = pickle.loads(pickle.dumps(fair))
    assert repr(shipped) == "FairStrategy(samples=8, node_limit=700, time_limit=None, seed=3)"
    assert shipped._plan is None
    assert shipped(GameView(game)) == move
    assert pickle.loads(pickle.dumps(strategies.fair)).samples == strategies.fair.samples
    knowing = pickle.loads(pickle.dumps(FairStrategy(samples=8, knows_stock=True).for_run()))
    assert knowing.knows_stock and repr(knowing).endswith("seed=0, knows_stock=True)")
    assert knowing.for_run().knows_stock
    unraced = pickle.loads(pickle.dumps(FairStrategy(samples=8, race=None).for_run()))
    assert unraced.race is None and repr(unraced).endswith("seed=0, race=None)")
    raced = FairStrategy(race=Race(least=8))
    assert pickle.loads(pickle.dumps(raced)).for_run().race == Race(least=8)


def test_knowing_the_stock_it_does_not_turn_the_stock_first_and_samples_only_the_tableau(monkeypatch):
    game = sw.Game.new("klondike", 4, draw=3, deal_to_waste=False)
    sampled = []

    def judged_on(position, known, choices, *rest):
        sampled.append(Hidden(position, known).unseen)
        return judged((52,) * len(choices), (1,) * len(choices), (0,) * len(choices))

    monkeypatch.setattr(fair_module, "commitment_chances", judged_on)
    move = FairStrategy(**QUICK, knows_stock=True).for_run()(GameView(game))
    assert move in game.legal_moves()
    assert len(sampled) == 1  # judged on samples, not the stock turned through unjudged
    assert {pile for pile, _ in sampled[0].places} == {f"tableau/{i}" for i in range(1, 7)}


def test_the_fair_strategy_is_built_in():
    assert strategies.BUILT_IN["fair"] is strategies.fair is sw.strategies.fair
    assert isinstance(strategies.fair, FairStrategy)


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        ({"samples": 0}, "samples"),
        ({"samples": True}, "samples"),
        ({"samples": 2.5}, "samples"),
        ({"node_limit": 0}, "node_limit"),
        ({"node_limit": "many"}, "node_limit"),
        ({"time_limit": -1.0}, "time_limit"),
        ({"seed": -1}, "seed"),
        ({"seed": "3"}, "seed"),
        ({"seed": 2**53}, "seed"),
        ({"samples": 10_001}, "samples"),
        ({"knows_stock": "yes"}, "knows_stock"),
        ({"race": "fast"}, "race"),
        ({"race": (16, 8, 2.0, 0.5)}, "race"),
    ],
)
def test_bad_arguments_raise_value_error_naming_them(arguments, named):
    with pytest.raises(ValueError, match=named):
        FairStrategy(**arguments)


def test_a_fully_known_position_is_solved_once_and_its_line_followed():
    won = greedy_game("klondike", {}, 4, 400)
    assert won.is_won  # greedy wins seed 4 (see simulate's docstring)
    ply = next(ply for ply, known in enumerate(known_along(won.start, won.history)) if len(known) == 52)
    game = sw.Game.new("klondike", 4)
    for move in won.history[:ply]:
        game.play(move)
    fair = FairStrategy(**QUICK).for_run()
    plans = set()
    while not game.is_over:
        move = fair(GameView(game))
        assert move is not None
        plans.add(id(fair._plan))
        game.play(move)
    assert game.is_won
    assert len(plans) == 1  # one line, found once and followed to the win


def test_with_unlimited_redeals_it_first_turns_the_whole_stock_once_and_back():
    g = sw.Game.new("klondike", 4, draw=3, deal_to_waste=False)
    stock = g.position.stock
    fair = FairStrategy().for_run()
    for _ in range(9):
        g.play(fair(GameView(g)))
    assert [str(move) for move in g.history] == ["sx3>w"] * 8 + ["wx24>s"]
    assert g.position.stock == stock
    assert {pile for pile, _ in g.unseen().places} <= {f"tableau/{i}" for i in range(7)}
    assert _scouting_move(g.history, g.position, g.legal_moves()) is None


@pytest.mark.parametrize("options", [{"redeals": 2, "deal_to_waste": False}, {"deal_to_waste": True}])
def test_it_does_not_turn_the_stock_first_with_limited_redeals_or_a_card_dealt_to_the_waste(options):
    g = sw.Game.new("klondike", 4, draw=3, **options)
    assert _scouting_move(g.history, g.position, g.legal_moves()) is None


def test_it_plays_the_set_up_then_the_commitment_and_chooses_again_when_the_game_went_elsewhere(monkeypatch):
    game = sw.Game.new("klondike", 4, draw=3, deal_to_waste=False)
    fair = FairStrategy(**QUICK).for_run()
    for _ in range(9):  # the stock turned once and back: every stock card is known
        game.play(fair(GameView(game)))
    drawn = sw.Move("stock", "waste", 3)
    setup = (drawn, drawn)
    after = game.position.copy()
    for move in setup:
        after.push(move)
    commitment = next(move for move in after.legal_moves() if move != drawn)
    planned = Commitment(setup, commitment)
    asked: list[int] = []

    def one_choice(position, known):
        asked.append(len(game.history))
        return Commitments([planned], complete=True)

    monkeypatch.setattr(fair_module, "commitments", one_choice)
    monkeypatch.setattr(fair_module, "commitment_chances", lambda *_: judged((52,), (1,), (0,)))
    played = []
    for _ in range(3):
        move = fair(GameView(game))
        played.append(move)
        game.play(move)
    assert played == [drawn, drawn, commitment] and len(asked) == 1
    game.undo()
    game.play(sw.Move("stock", "waste", 3))  # not the plan's move: it chooses again
    fair(GameView(game))
    assert len(asked) == 2


def test_when_no_sample_is_won_even_deeper_it_plays_the_commitment_that_got_furthest(monkeypatch):
    game = greedy_game("klondike", {"draw": 3, "deal_to_waste": False}, 1, 12)
    position = game.position
    moves = game.legal_moves()[:2]
    choices = [Commitment((), move) for move in moves]
    judgements = [judged((30, 90), (0, 0), (2, 3)), judged((0, 0), (0, 0), (4, 4))]
    monkeypatch.setattr(fair_module, "commitments", lambda *_: Commitments(choices, complete=True))
    monkeypatch.setattr(fair_module, "commitment_chances", lambda *_: judgements.pop(0))
    play = FairPlay(**QUICK)
    play._catch_up(game.start, game.history)
    known = set(map(sw.engine.cards.parse_card, game.known_cards()))
    assert play._best_commitment(position, game.history, moves, known).move == moves[1]
    assert not judgements  # judged twice: the deeper search came first
    assert position.key() == game.position.key()


def test_beyond_the_walk_it_plays_a_commitment_from_the_samples_winning_lines_instead_of_resigning():
    game = sw.Game.from_dict(BEYOND_THE_WALK)
    choice = FairPlay(samples=8, node_limit=1_000, knows_stock=True).choose(game.start, ())
    assert choice.move is not None and choice.chance is not None and choice.chance.won
    walker = game.position.copy()
    for move in choice.line:
        walker.push(move)
    assert sum(map(len, walker.down)) < sum(map(len, game.position.down))  # it turns a card


def judged(reach: tuple[int, ...], won: tuple[int, ...], undecided: tuple[int, ...]) -> CommitmentChances:
    """Commitment chances over four samples with these counts (won samples first, then the
    undecided ones), each commitment's reach on the first sample."""
    return CommitmentChances(
        tuple((cards, 0, 0, 0) for cards in reach),
        tuple(Chance((1 << w) - 1, ((1 << u) - 1) << w, 4) for w, u in zip(won, undecided, strict=True)),
        (0b1111,) * len(reach),
    )


def test_a_draw_is_said_to_show_an_unseen_card_or_to_go_on_through_a_known_stock():
    position = sw.Game.new("klondike", 7, draw=3, redeals=2, deal_to_waste=False).position
    draw = Commitment((), sw.Move("stock", "waste", 3))
    words = fair_module._commitment_words
    assert words(position, draw, shown(position)) == "which shows a stock card not seen yet"
    assert (
        words(position, draw, shown(position, True))
        == "which goes on through the stock, whose passes are limited"
    )


def test_a_commitment_shows_an_unseen_card_when_it_turns_a_face_down_card_or_draws_an_unseen_one():
    position = sw.Game.new("klondike", 7, draw=3, redeals=2, deal_to_waste=False).position
    draw = Commitment((), sw.Move("stock", "waste", 3))
    shows = fair_module._shows_unseen
    assert shows(position, draw, shown(position)) and not shows(position, draw, shown(position, True))
    from_tableau = [move for move in position.legal_moves() if move.source.startswith("tableau/")]
    assert from_tableau
    for move in from_tableau:
        turns = bool(position.down[int(move.source.split("/")[1])])  # each column holds one face-up card
        assert shows(position, Commitment((), move), shown(position, True)) == turns
    after_draw = position.copy()
    after_draw.push(draw.move)
    from_waste = [move for move in after_draw.legal_moves() if move.source == "waste"]
    known = shown(after_draw, True)
    assert all(not shows(after_draw, Commitment((), move), known) for move in from_waste)
    assert shows(position, Commitment((draw.move,), draw.move), shown(position))


def alike_position() -> tuple[sw.Game, Commitment, Commitment]:
    """A Klondike draw-three game with a commitment that shows no unseen card (a waste card
    played) and one that shows one."""
    for seed in range(40):
        game = greedy_game("klondike", {"draw": 3, "deal_to_waste": False}, seed, 4)
        position = game.position
        known = set(map(sw.engine.cards.parse_card, game.known_cards()))
        moves = [Commitment((), move) for move in game.legal_moves()]
        quiet = [choice for choice in moves if choice.move.source == "waste"]
        showing = [choice for choice in moves if fair_module._shows_unseen(position, choice, known)]
        if quiet and showing:
            return game, quiet[0], showing[0]
    raise AssertionError("no deal offers both")


@pytest.mark.parametrize(
    ("showing_values", "played"),
    [
        ((52, 52, 52, 20, 52, 20, 20, 20), "showing"),  # alike: no shortfall on average
        ((20, 20, 20, 20, 20, 20, 20, 20), "furthest"),  # more than two standard errors behind
    ],
)
def test_where_the_samples_cannot_tell_two_commitments_apart_it_shows_an_unseen_card(
    monkeypatch, showing_values, played
):
    game, quiet, showing = alike_position()
    furthest_values = (52, 52, 52, 52, 20, 20, 20, 20)
    values = (furthest_values, showing_values)
    chances = tuple(
        Chance(sum(1 << i for i, cards in enumerate(row) if cards == 52), 0, len(row)) for row in values
    )
    judged = CommitmentChances(values, chances, (0b11111111, 0b11111111))
    monkeypatch.setattr(fair_module, "commitments", lambda *_: Commitments([quiet, showing], complete=True))
    monkeypatch.setattr(fair_module, "commitment_chances", lambda *_: judged)
    play = FairPlay(**QUICK)
    play._catch_up(game.start, game.history)
    known = set(map(sw.engine.cards.parse_card, game.known_cards()))
    choice = play._best_commitment(game.position, game.history, game.legal_moves(), known)
    assert choice.move == (showing if played == "showing" else quiet).move
