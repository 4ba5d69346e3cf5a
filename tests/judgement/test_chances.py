"""What the player knows (``engine.knowledge``) and the win chances sampled from it
(``judgement.chances``): the model, the samples, the answers, and that nothing hidden leaks."""

from __future__ import annotations

import random

import pytest
from engine_helpers import played
from solver_paths import native_or_skip

import solitaire_widget as sw
from solitaire_widget.engine.cards import card_code, parse_card
from solitaire_widget.engine.choices import distinct
from solitaire_widget.engine.knowledge import Hidden, shown

FAST = {"samples": 6, "node_limit": 2_000}
"""Enough to compare answers, quick enough for many games."""


def twin_hiding_other_cards(g: sw.Game, shuffle_seed: int = 1, *, knows_stock: bool = False) -> sw.Game:
    """A game that shows the player exactly what ``g`` shows, move for move, but whose cards
    the player never saw lie in other places: the never-seen cards are shuffled among their
    places in the start position, then ``g``'s line is played again. With ``knows_stock``
    only the face-down tableau cards are shuffled (the stock and the waste stay as they are,
    as the known-stock model has them known)."""
    start = g.copy()
    start.goto(0)
    data = start.to_dict()
    data.pop("seed", None)
    data.pop("history", None)
    known = g.known_cards()
    places = [
        (key, index, inner)
        for key in ("stock", "waste")
        for index, code in enumerate(data[key])
        if code not in known and not knows_stock
        for inner in [None]
    ]
    places += [
        ("tableau", index, inner)
        for index, pile in enumerate(data["tableau"])
        for inner, code in enumerate(pile["down"])
        if code not in known
    ]
    codes = [_read(data, place) for place in places]
    rng = random.Random(shuffle_seed)
    while len(codes) > 1:
        moved = codes[:]
        rng.shuffle(moved)
        if moved != codes:
            break
    else:
        moved = codes
    for place, code in zip(places, moved, strict=True):
        _write(data, place, code)
    twin = sw.Game.from_dict(data)
    for move in g.history:
        twin.play(move)
    return twin


def _read(data: dict, place: tuple) -> str:
    key, index, inner = place
    return data[key][index] if key != "tableau" else data["tableau"][index]["down"][inner]


def _write(data: dict, place: tuple, code: str) -> None:
    key, index, inner = place
    if key == "tableau":
        data["tableau"][index]["down"][inner] = code
    else:
        data[key][index] = code


# ---------------------------------------------------------------------- the model
def test_a_fresh_deal_knows_its_face_up_cards_and_the_waste_top():
    g = sw.Game.new("klondike", 42)
    p = g.position
    face_up = {card_code(card) for pile in p.up for card in pile} | {card_code(p.waste[-1])}
    assert g.known_cards() == face_up
    assert len(g.unseen()) == 52 - len(face_up) == 44
    assert len(g.unseen().cards) == len(g.unseen().places)


def test_draw_three_shows_the_three_cards_it_turns_and_undo_does_not_unsee_them():
    g = sw.Game.new("klondike", 5, draw=3, deal_to_waste=False)
    before = g.known_cards()
    g.play("sx3>w")
    turned = {card_code(card) for card in g.position.waste}
    assert len(turned) == 3 and turned <= g.known_cards()
    g.undo()
    assert turned <= g.known_cards() and g.known_cards() == before | turned
    assert all(place[0] != "waste" for place in g.unseen().places)


def test_a_position_without_history_knows_only_what_it_shows():
    g = played("klondike", 7, 30, draw=3)
    bare = sw.Game.from_dict({k: v for k, v in g.to_dict().items() if k not in ("seed", "history")})
    assert bare.history == ()
    assert bare.known_cards() == {card_code(card) for card in shown(bare.position)}
    hidden_waste = [place for place in bare.unseen().places if place[0] == "waste"]
    assert len(hidden_waste) == max(0, len(bare.position.waste) - 3)
    assert bare.known_cards() <= g.known_cards()


def test_every_sample_keeps_the_known_cards_in_place_and_shuffles_only_the_unseen():
    g = played("klondike", 11, 25, draw=1)
    position = g.position
    known = {parse_card(code) for code in g.known_cards()}
    hidden = Hidden(position, known)
    unseen_places = set(hidden.unseen.places)
    for sample in hidden.samples(20, seed=3):
        assert sample.up == position.up and sample.foundations == position.foundations
        assert len(sample.stock) == len(position.stock) and len(sample.waste) == len(position.waste)
        assert [len(pile) for pile in sample.down] == [len(pile) for pile in position.down]
        for pile_id, index in _every_place(position):
            if (pile_id, index) not in unseen_places:
                assert _card_at(sample, pile_id, index) == _card_at(position, pile_id, index)
        assert sorted(_card_at(sample, *place) for place in unseen_places) == sorted(
            parse_card(code) for code in hidden.unseen.cards
        )
    first = [s.key() for s in hidden.samples(5, seed=3)]
    assert first == [s.key() for s in hidden.samples(5, seed=3)]
    assert first != [s.key() for s in hidden.samples(5, seed=4)]


def _every_place(position: sw.Position):
    for pile_id in ("stock", "waste"):
        for index in range(len(position.cards(pile_id))):
            yield pile_id, index
    for i, down in enumerate(position.down):
        for index in range(len(down)):
            yield f"tableau/{i}", index


def _card_at(position: sw.Position, pile_id: str, index: int) -> int:
    if pile_id.startswith("tableau/"):
        return position.down[int(pile_id.split("/")[1])][index]
    return position.cards(pile_id)[index]


# ---------------------------------------------------------------------- no leak
PAIRS = [
    ("klondike", seed, moves, {"draw": draw, "deal_to_waste": False})
    for seed, moves, draw in [(1, 0, 1), (2, 12, 1), (3, 40, 1), (4, 5, 3), (5, 30, 3), (6, 80, 3)]
] + [
    ("klondike", 8, 20, {"draw": 1}),
    ("father", 9, 10, {}),
    ("father", 10, 60, {}),
    ("following", 12, 15, {}),
    ("following", 13, 70, {}),
]


@pytest.mark.parametrize(("game", "seed", "moves", "options"), PAIRS)
def test_games_that_show_the_same_but_hide_different_cards_get_the_same_answer(game, seed, moves, options):
    g = played(game, seed, moves, rng_seed=seed, **options)
    twin = twin_hiding_other_cards(g)
    assert twin.known_cards() == g.known_cards() and twin.legal_moves() == g.legal_moves()
    if len(g.unseen()) > 1:
        assert twin.position != g.position  # the test compares games that really differ
    mine, theirs = sw.win_chance(g, **FAST, seed=seed), sw.win_chance(twin, **FAST, seed=seed)
    assert (mine.estimate, mine.low, mine.high, mine.undecided) == (
        theirs.estimate,
        theirs.low,
        theirs.high,
        theirs.undecided,
    )
    assert {m: (c.wins, c.unknowns) for m, c in mine.moves.items()} == {
        m: (c.wins, c.unknowns) for m, c in theirs.moves.items()
    }
    assert g.hint(fair=True, **FAST).move == twin.hint(fair=True, **FAST).move


KNOWN_STOCK_PAIRS = [
    ("klondike", 4, 5, {"draw": 3, "deal_to_waste": False}),
    ("klondike", 6, 80, {"draw": 3, "deal_to_waste": False}),
    ("klondike", 8, 20, {"draw": 1}),
]
"""Klondike's alone: Father and Following deal no card face down, so with the stock known
every card is."""


@pytest.mark.parametrize(("game", "seed", "moves", "options"), KNOWN_STOCK_PAIRS)
def test_in_the_known_stock_model_games_that_differ_only_face_down_get_the_same_answer(
    game, seed, moves, options
):
    g = played(game, seed, moves, rng_seed=seed, **options)
    twin = twin_hiding_other_cards(g, knows_stock=True)
    assert twin.position.stock == g.position.stock and twin.position.waste == g.position.waste
    if sum(map(len, g.position.down)) > 1:
        assert twin.position != g.position  # the test compares games that really differ
    mine = sw.win_chance(g, **FAST, seed=seed, knows_stock=True)
    theirs = sw.win_chance(twin, **FAST, seed=seed, knows_stock=True)
    assert mine.unseen == sum(map(len, g.position.down))
    assert (mine.chance.wins, mine.chance.unknowns) == (theirs.chance.wins, theirs.chance.unknowns)
    assert {m: (c.wins, c.unknowns) for m, c in mine.moves.items()} == {
        m: (c.wins, c.unknowns) for m, c in theirs.moves.items()
    }
    hints = [x.hint(fair=True, **FAST, knows_stock=True) for x in (g, twin)]
    assert hints[0].move == hints[1].move and hints[0].line == hints[1].line


def test_the_known_stock_model_samples_only_the_face_down_tableau_cards():
    g = sw.Game.new("klondike", 5, draw=3, deal_to_waste=False)
    position = g.position
    hidden = Hidden(position, shown(position, knows_stock=True))
    assert {pile for pile, _ in hidden.unseen.places} == {f"tableau/{i}" for i in range(1, 7)}
    for sample in hidden.samples(5, seed=1):
        assert sample.stock == position.stock and sample.waste == position.waste
    c = sw.win_chance(g, **FAST, knows_stock=True)
    assert c.unseen == 21 and sw.win_chance(g, **FAST).unseen == 45
    hint = g.hint(fair=True, **FAST, knows_stock=True)
    assert hint.move in g.legal_moves() and hint.move != sw.Move("stock", "waste", 3)  # no scouting


def test_the_known_stock_model_reads_the_stock_where_the_default_one_does_not():
    """Twins that differ in the stock: the known-stock model may tell them apart (it is told
    the stock), the default model never does."""
    differing = 0
    for seed in range(30, 36):
        g = played("klondike", seed, 6, rng_seed=seed, draw=3, deal_to_waste=False)
        twin = twin_hiding_other_cards(g)
        assert twin.position.stock != g.position.stock
        answers = {
            knows: [sw.win_chance(x, **FAST, seed=seed, knows_stock=knows).chance.wins for x in (g, twin)]
            for knows in (False, True)
        }
        assert answers[False][0] == answers[False][1]
        differing += answers[True][0] != answers[True][1]
    assert differing


@pytest.mark.parametrize("value", ["yes", 1, None])
def test_knows_stock_must_be_true_or_false_and_asks_for_the_fair_hint(value):
    g = sw.Game.new("klondike", 1)
    with pytest.raises(ValueError, match="knows_stock"):
        sw.win_chance(g, knows_stock=value)
    with pytest.raises(ValueError, match="knows_stock"):
        g.hint(fair=True, knows_stock=value)
    with pytest.raises(ValueError, match="knows_stock=True is a model of the fair hint"):
        g.hint(knows_stock=True)


def test_the_hidden_cards_do_matter_to_the_all_seeing_solver():
    """The twins above differ where it counts: for some pair the solver's verdict differs,
    so an answer read from the real cards would have told them apart."""
    verdicts = set()
    for seed in range(20, 40):
        g = played("klondike", seed, 10, rng_seed=seed, draw=3, deal_to_waste=False)
        twin = twin_hiding_other_cards(g)
        pair = tuple(sw.solve(x, time_limit=None, node_limit=20_000).verdict for x in (g, twin))
        verdicts.add(pair[0] == pair[1])
        if False in verdicts:
            break
    assert False in verdicts


# ---------------------------------------------------------------------- answers
def test_chances_are_shares_of_the_samples_with_intervals_around_them():
    g = sw.Game.new("klondike", 3)
    c = sw.win_chance(g, samples=16, node_limit=5_000)
    assert c.samples == 16 and c.unseen == len(g.unseen())
    assert list(c.moves) == distinct(g.position, g.legal_moves())  # the ace to any empty foundation: once
    assert all(move in c.moves and c.moves[move] is c.moves[c.choice(move)] for move in g.legal_moves())
    for chance in (c.chance, *c.moves.values()):
        assert 0 <= chance.low <= float(chance) <= chance.high <= 1
        assert float(chance) == chance.won / 16
        assert chance.won + chance.undecided <= 16
    # The position's chance: a sample is won when some move wins it.
    either = 0
    for chance in c.moves.values():
        either |= chance.wins
    assert either == c.chance.wins
    assert c.best == c.ranked()[0] and c.moves[c.best] == max(c.moves.values())


def test_the_same_seed_gives_the_same_answer_and_another_seed_other_samples():
    g = played("klondike", 4, 10, draw=3)
    first, again = sw.win_chance(g, **FAST, seed=9), sw.win_chance(g, **FAST, seed=9)
    assert {m: c.wins for m, c in first.moves.items()} == {m: c.wins for m, c in again.moves.items()}
    other = [sw.win_chance(g, **FAST, seed=s).chance.wins for s in range(10, 16)]
    assert len(set(other)) > 1


def test_with_every_card_known_each_sample_is_the_real_position():
    g = sw.Game.new("following", 12)
    g.play("s>w")
    rng = random.Random(0)
    while len(g.unseen()) and g.legal_moves():
        g.play(next((m for m in g.legal_moves() if m.source == "stock"), rng.choice(g.legal_moves())))
    assert len(g.unseen()) == 0
    c = sw.win_chance(g, samples=5, node_limit=50_000)
    verdict = sw.solve(g, time_limit=None, node_limit=50_000).verdict
    assert c.chance.won == (5 if verdict == "winnable" else 0)
    assert "every card is known" in g.hint(fair=True, samples=5, node_limit=50_000).sentence


def test_a_won_game_has_every_chance_and_no_move():
    g = sw.Game.from_dict(
        {
            "game": "klondike",
            "stock": [],
            "waste": [],
            "foundations": [[f"{r}{s}" for r in "A23456789TJQK"] for s in "CDHS"],
            "tableau": [{"down": [], "up": []} for _ in range(7)],
        }
    )
    c = sw.win_chance(g, samples=4)
    assert c.estimate == 1 and c.moves == {} and c.best is None
    assert g.hint(fair=True, samples=4).move is None


def test_the_fair_hint_names_its_move_and_chance():
    g = sw.Game.new("klondike", 5, draw=3)
    hint = g.hint(fair=True, samples=12, node_limit=5_000)
    assert hint.source is sw.HintSource.FAIR and hint.chance is not None
    assert hint.move == hint.line[0] and hint.move in g.legal_moves()
    chance = hint.chance
    assert f"wins {round(chance * 100)}% of the ways the hidden cards can lie" in hint.sentence
    assert hint.sentence.endswith(f"({round(chance.low * 100)}–{round(chance.high * 100)}%)")


def test_the_game_is_not_changed_by_asking():
    g = played("klondike", 6, 15)
    before = g.copy()
    sw.win_chance(g, **FAST)
    g.hint(fair=True, **FAST)
    assert g == before


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        ({"samples": 0}, "samples"),
        ({"samples": 10_001}, "samples"),
        ({"samples": 2.5}, "samples"),
        ({"samples": True}, "samples"),
        ({"seed": -1}, "seed"),
        ({"seed": "1"}, "seed"),
        ({"seed": 2**53}, "seed"),
        ({"node_limit": 0}, "node_limit"),
        ({"time_limit": -1.0}, "time_limit"),
        ({"time_limit": float("nan")}, "time_limit"),
    ],
)
def test_bad_sampling_arguments_are_refused_by_name(arguments, named):
    g = sw.Game.new("klondike", 1)
    with pytest.raises(ValueError, match=named):
        sw.win_chance(g, **arguments)
    with pytest.raises(ValueError, match=named):
        g.hint(fair=True, **arguments)


def test_win_chance_takes_a_game():
    with pytest.raises(TypeError, match="takes a Game"):
        sw.win_chance(sw.Game.new("klondike", 1).position)
    with pytest.raises(ValueError, match="fair"):
        sw.Game.new("klondike", 1).hint(fair="yes")


def test_the_c_and_the_python_search_give_the_same_chances(monkeypatch):
    """With a node limit the answer is the same on any machine, with or without the C search."""
    native_or_skip()
    g = played("klondike", 2, 10, draw=3)
    in_c = sw.win_chance(g, samples=4, node_limit=1_500)
    monkeypatch.setenv("SOLITAIRE_WIDGET_NATIVE", "0")
    in_python = sw.win_chance(g, samples=4, node_limit=1_500)
    assert (in_c.chance.wins, in_c.chance.unknowns) == (in_python.chance.wins, in_python.chance.unknowns)
    assert {m: (c.wins, c.unknowns) for m, c in in_c.moves.items()} == {
        m: (c.wins, c.unknowns) for m, c in in_python.moves.items()
    }
