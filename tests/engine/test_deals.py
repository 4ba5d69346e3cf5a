"""Deals: pinned card by card, reproducible from the seed, laid out as docs/rules.md describes each game.

The pinned dicts below are the exact ``to_dict()`` of the first deals; any change to the
shuffle, the generator or a game's way of dealing fails here.
"""

from __future__ import annotations

import pytest
from engine_helpers import ALL_CARDS

import solitaire_widget as sw
from solitaire_widget.engine.deal import SplitMix64, shuffled_deck

GAMES = ("klondike", "father", "following")
BAD_SEEDS = (-1, 2**53, 2**64, "7", 1.5, True)

# fmt: off
PINNED_DEALS = {
    ("klondike", 0): {
        "game": "klondike",
        "options": {"draw": 1, "redeals": None, "foundation_to_tableau": True, "deal_to_waste": True},
        "stock": [
            "9S", "4C", "8D", "5H", "JS", "9C", "AS", "KS", "8S", "KD", "5S", "QS", "QD", "TS", "7D", "AH",
            "6D", "7S", "5C", "JD", "6S", "3S", "KC"
        ],
        "waste": ["TD"],
        "foundations": [[], [], [], []],
        "tableau": [
            {"down": [], "up": ["QH"]},
            {"down": ["TC"], "up": ["3D"]},
            {"down": ["3C", "4S"], "up": ["2S"]},
            {"down": ["JC", "AC", "KH"], "up": ["8C"]},
            {"down": ["4H", "3H", "TH", "2C"], "up": ["JH"]},
            {"down": ["7C", "2H", "8H", "7H", "6H"], "up": ["9D"]},
            {"down": ["QC", "9H", "AD", "2D", "5D", "6C"], "up": ["4D"]},
        ],
        "redeals_left": None,
        "seed": 0,
        "history": [],
    },
    ("klondike", 1): {
        "game": "klondike",
        "options": {"draw": 1, "redeals": None, "foundation_to_tableau": True, "deal_to_waste": True},
        "stock": [
            "QD", "9H", "JC", "8C", "3D", "2S", "7S", "AS", "AC", "JD", "4S", "6D", "7C", "TD", "KH", "8S",
            "KS", "7H", "2C", "TS", "2H", "2D", "JH"
        ],
        "waste": ["3S"],
        "foundations": [[], [], [], []],
        "tableau": [
            {"down": [], "up": ["5S"]},
            {"down": ["3C"], "up": ["5H"]},
            {"down": ["5C", "QS"], "up": ["4H"]},
            {"down": ["9D", "3H", "TC"], "up": ["AD"]},
            {"down": ["6C", "5D", "8H", "4D"], "up": ["TH"]},
            {"down": ["JS", "7D", "9C", "QC", "9S"], "up": ["KD"]},
            {"down": ["6S", "AH", "8D", "4C", "KC", "6H"], "up": ["QH"]},
        ],
        "redeals_left": None,
        "seed": 1,
        "history": [],
    },
    ("klondike", 42): {
        "game": "klondike",
        "options": {"draw": 1, "redeals": None, "foundation_to_tableau": True, "deal_to_waste": True},
        "stock": [
            "3D", "3H", "3C", "TD", "9H", "AH", "3S", "6S", "6D", "KH", "2D", "8H", "TH", "QS", "7C", "6C",
            "JD", "QD", "QC", "AS", "KD", "9S", "4S"
        ],
        "waste": ["8D"],
        "foundations": [[], [], [], []],
        "tableau": [
            {"down": [], "up": ["2H"]},
            {"down": ["8C"], "up": ["7D"]},
            {"down": ["4C", "6H"], "up": ["JH"]},
            {"down": ["TS", "2C", "8S"], "up": ["5H"]},
            {"down": ["JC", "QH", "5D", "4D"], "up": ["9D"]},
            {"down": ["AC", "TC", "4H", "5S", "2S"], "up": ["9C"]},
            {"down": ["7H", "7S", "JS", "AD", "5C", "KS"], "up": ["KC"]},
        ],
        "redeals_left": None,
        "seed": 42,
        "history": [],
    },
    ("father", 0): {
        "game": "father",
        "options": {"redeals": 1},
        "stock": [
            "9S", "4C", "8D", "5H", "JS", "9C", "AS", "KS", "8S", "KD", "5S", "QS", "QD", "TS", "7D", "AH",
            "6D", "7S", "5C", "JD", "6S", "3S", "KC", "TD", "4D", "6C", "9D", "5D", "6H", "JH", "2D", "7H",
            "2C", "8C", "AD", "8H", "TH", "KH", "2S", "9H"
        ],
        "waste": [],
        "foundations": [[], [], [], [], [], [], [], []],
        "tableau": [
            {"down": [], "up": ["QH"]},
            {"down": [], "up": ["TC"]},
            {"down": [], "up": ["3C"]},
            {"down": [], "up": ["JC"]},
            {"down": [], "up": ["4H"]},
            {"down": [], "up": ["7C"]},
            {"down": [], "up": ["QC"]},
            {"down": [], "up": ["3D"]},
            {"down": [], "up": ["4S"]},
            {"down": [], "up": ["AC"]},
            {"down": [], "up": ["3H"]},
            {"down": [], "up": ["2H"]},
        ],
        "redeals_left": 1,
        "seed": 0,
        "history": [],
    },
    ("father", 1): {
        "game": "father",
        "options": {"redeals": 1},
        "stock": [
            "QD", "9H", "JC", "8C", "3D", "2S", "7S", "AS", "AC", "JD", "4S", "6D", "7C", "TD", "KH", "8S",
            "KS", "7H", "2C", "TS", "2H", "2D", "JH", "3S", "QH", "6H", "KD", "KC", "9S", "TH", "4C", "QC",
            "4D", "AD", "8D", "9C", "8H", "TC", "4H", "AH"
        ],
        "waste": [],
        "foundations": [[], [], [], [], [], [], [], []],
        "tableau": [
            {"down": [], "up": ["5S"]},
            {"down": [], "up": ["3C"]},
            {"down": [], "up": ["5C"]},
            {"down": [], "up": ["9D"]},
            {"down": [], "up": ["6C"]},
            {"down": [], "up": ["JS"]},
            {"down": [], "up": ["6S"]},
            {"down": [], "up": ["5H"]},
            {"down": [], "up": ["QS"]},
            {"down": [], "up": ["3H"]},
            {"down": [], "up": ["5D"]},
            {"down": [], "up": ["7D"]},
        ],
        "redeals_left": 1,
        "seed": 1,
        "history": [],
    },
    ("father", 42): {
        "game": "father",
        "options": {"redeals": 1},
        "stock": [
            "3D", "3H", "3C", "TD", "9H", "AH", "3S", "6S", "6D", "KH", "2D", "8H", "TH", "QS", "7C", "6C",
            "JD", "QD", "QC", "AS", "KD", "9S", "4S", "8D", "KC", "KS", "9C", "5C", "2S", "9D", "AD", "5S",
            "4D", "5H", "JS", "4H", "5D", "8S", "JH", "7S"
        ],
        "waste": [],
        "foundations": [[], [], [], [], [], [], [], []],
        "tableau": [
            {"down": [], "up": ["2H"]},
            {"down": [], "up": ["8C"]},
            {"down": [], "up": ["4C"]},
            {"down": [], "up": ["TS"]},
            {"down": [], "up": ["JC"]},
            {"down": [], "up": ["AC"]},
            {"down": [], "up": ["7H"]},
            {"down": [], "up": ["7D"]},
            {"down": [], "up": ["6H"]},
            {"down": [], "up": ["2C"]},
            {"down": [], "up": ["QH"]},
            {"down": [], "up": ["TC"]},
        ],
        "redeals_left": 1,
        "seed": 42,
        "history": [],
    },
    ("following", 0): {
        "game": "following",
        "options": {"redeals": 1},
        "stock": [
            "9S", "4C", "8D", "5H", "JS", "9C", "AS", "KS", "8S", "KD", "5S", "QS", "QD", "TS", "7D", "AH",
            "6D", "7S", "5C", "JD", "6S", "3S", "KC", "TD", "4D", "6C", "9D", "5D", "6H", "JH", "2D", "7H",
            "2C", "8C", "AD", "8H", "TH", "KH", "2S", "9H", "2H", "3H", "AC", "4S", "3D", "QC"
        ],
        "waste": [],
        "foundations": [[], [], [], []],
        "tableau": [
            {"down": [], "up": ["QH"]},
            {"down": [], "up": ["TC"]},
            {"down": [], "up": ["3C"]},
            {"down": [], "up": ["JC"]},
            {"down": [], "up": ["4H"]},
            {"down": [], "up": ["7C"]},
        ],
        "redeals_left": 1,
        "seed": 0,
        "history": [],
    },
    ("following", 1): {
        "game": "following",
        "options": {"redeals": 1},
        "stock": [
            "QD", "9H", "JC", "8C", "3D", "2S", "7S", "AS", "AC", "JD", "4S", "6D", "7C", "TD", "KH", "8S",
            "KS", "7H", "2C", "TS", "2H", "2D", "JH", "3S", "QH", "6H", "KD", "KC", "9S", "TH", "4C", "QC",
            "4D", "AD", "8D", "9C", "8H", "TC", "4H", "AH", "7D", "5D", "3H", "QS", "5H", "6S"
        ],
        "waste": [],
        "foundations": [[], [], [], []],
        "tableau": [
            {"down": [], "up": ["5S"]},
            {"down": [], "up": ["3C"]},
            {"down": [], "up": ["5C"]},
            {"down": [], "up": ["9D"]},
            {"down": [], "up": ["6C"]},
            {"down": [], "up": ["JS"]},
        ],
        "redeals_left": 1,
        "seed": 1,
        "history": [],
    },
    ("following", 42): {
        "game": "following",
        "options": {"redeals": 1},
        "stock": [
            "3D", "3H", "3C", "TD", "9H", "AH", "3S", "6S", "6D", "KH", "2D", "8H", "TH", "QS", "7C", "6C",
            "JD", "QD", "QC", "AS", "KD", "9S", "4S", "8D", "KC", "KS", "9C", "5C", "2S", "9D", "AD", "5S",
            "4D", "5H", "JS", "4H", "5D", "8S", "JH", "7S", "TC", "QH", "2C", "6H", "7D", "7H"
        ],
        "waste": [],
        "foundations": [[], [], [], []],
        "tableau": [
            {"down": [], "up": ["2H"]},
            {"down": [], "up": ["8C"]},
            {"down": [], "up": ["4C"]},
            {"down": [], "up": ["TS"]},
            {"down": [], "up": ["JC"]},
            {"down": [], "up": ["AC"]},
        ],
        "redeals_left": 1,
        "seed": 42,
        "history": [],
    },
}
# fmt: on


def reference_shuffle(seed: int) -> list[str]:
    """The shuffle exactly as deal.py's docstring describes it, written out independently."""
    mask = 2**64 - 1
    state = seed

    def draw() -> int:
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    def below(n: int) -> int:
        threshold = 2**64 % n
        while True:
            value = draw()
            if value >= threshold:
                return value % n

    deck = list(ALL_CARDS)
    for i in range(51, 0, -1):
        j = below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@pytest.mark.parametrize(("name", "seed"), list(PINNED_DEALS))
def test_first_deals_are_pinned_card_by_card(name, seed):
    assert sw.Game.new(name, seed=seed).to_dict() == PINNED_DEALS[name, seed]


def test_the_generator_gives_the_published_splitmix64_outputs_for_seed_0():
    generator = SplitMix64(0)
    assert [generator.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


@pytest.mark.parametrize("seed", [0, 1, 42, 123456789, 2**32 + 5, 2**53 - 1])
def test_the_shuffle_follows_the_documented_algorithm(seed):
    assert [ALL_CARDS[card] for card in shuffled_deck(seed)] == reference_shuffle(seed)


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_gives_the_same_deal_and_another_seed_another(name):
    first = sw.Game.new(name, seed=2024).to_dict()
    assert sw.Game.new(name, seed=2024).to_dict() == first
    assert sw.Game.new(name.upper(), seed=2024).to_dict() == first
    assert sw.Game.new(name, seed=2025).to_dict()["stock"] != first["stock"]


@pytest.mark.parametrize("seed", [0, 1, 42, 2**53 - 1])
def test_klondike_lays_out_1_to_7_cards_top_up_then_one_waste_card_and_23_in_the_stock(seed):
    data = sw.Game.new("klondike", seed=seed).to_dict()
    deck = reference_shuffle(seed)
    assert [len(pile["down"]) for pile in data["tableau"]] == [0, 1, 2, 3, 4, 5, 6]
    assert [len(pile["up"]) for pile in data["tableau"]] == [1] * 7
    assert data["waste"] == [deck[28]]
    assert data["stock"][::-1] == deck[29:]
    assert data["foundations"] == [[]] * 4
    # Dealt row by row: each row gives one card to every column still short.
    assert [pile["up"][0] for pile in data["tableau"]] == [
        deck[0],
        deck[7],
        deck[13],
        deck[18],
        deck[22],
        deck[25],
        deck[27],
    ]


@pytest.mark.parametrize("seed", [0, 1, 42, 2**53 - 1])
def test_father_lays_out_12_face_up_cards_and_40_in_the_stock_with_an_empty_waste(seed):
    data = sw.Game.new("father", seed=seed).to_dict()
    deck = reference_shuffle(seed)
    assert data["tableau"] == [{"down": [], "up": [card]} for card in deck[:12]]
    assert data["stock"][::-1] == deck[12:]
    assert (data["waste"], data["foundations"]) == ([], [[]] * 8)


@pytest.mark.parametrize("seed", [0, 1, 42, 2**53 - 1])
def test_following_lays_out_6_face_up_cards_and_46_in_the_stock_with_an_empty_waste(seed):
    data = sw.Game.new("following", seed=seed).to_dict()
    deck = reference_shuffle(seed)
    assert data["tableau"] == [{"down": [], "up": [card]} for card in deck[:6]]
    assert data["stock"][::-1] == deck[6:]
    assert (data["waste"], data["foundations"]) == ([], [[]] * 4)


@pytest.mark.parametrize("name", GAMES)
def test_a_random_seed_is_kept_in_g_seed_and_deals_the_same_game_again(name):
    g = sw.Game.new(name)
    assert isinstance(g.seed, int) and 0 <= g.seed < 2**53
    assert g.to_dict()["seed"] == g.seed
    assert sw.Game.new(name, seed=g.seed).to_dict() == g.to_dict()
    assert len({sw.Game.new(name).seed for _ in range(5)}) > 1


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
def test_a_bad_seed_is_refused_with_a_value_error_naming_it(name, seed):
    with pytest.raises(
        ValueError, match="a seed is a whole number from 0 to 9007199254740991, not"
    ) as caught:
        sw.Game.new(name, seed=seed)
    assert repr(seed) in str(caught.value)


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
def test_a_bad_seed_in_a_position_is_refused(seed):
    data = sw.Game.new("klondike", seed=3).to_dict()
    data["seed"] = seed
    with pytest.raises(ValueError, match="seed"):
        sw.Game.from_dict(data)


def test_the_rules_page_states_the_seed_range_the_code_takes():
    from solitaire_widget.engine.deal import MAX_SEED
    from solitaire_widget.engine.games import RULES_TEXT

    rules = RULES_TEXT.read_text(encoding="utf-8")
    assert MAX_SEED == 2**53 - 1
    assert "a whole number from 0 to 2⁵³ − 1\n  (9,007,199,254,740,991," in rules
    sw.Game.new("klondike", seed=MAX_SEED)
    with pytest.raises(ValueError, match="seed"):
        sw.Game.new("klondike", seed=MAX_SEED + 1)
