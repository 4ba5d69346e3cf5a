"""How many samples a turn needs: each setting's choices judged by an oracle of many samples.

``benchmarks/race.py`` compares a race with judging every commitment on all 64 samples; but
64 samples are a noisy judge themselves. Here the judge is an oracle of its own samples:

1. **Turns.** The fair strategy as it stood before this comparison (``BEFORE``: 64 samples,
   5,000 positions, ``Race(16, 8, 2.0, 0.5)``), with the stock known, plays Klondike
   draw-three deals (no card to the waste, unlimited redeals) from seed ``--first`` on, none
   of them among the seeds the strength figures are reported on (0 to 999). Each turn it
   judged on samples is kept: the position, the cards known, the commitments, the turn's
   seed and the commitment it chose.
2. **Oracle.** Each turn's commitments are judged on ``ORACLE_SAMPLES`` samples drawn for
   the oracle alone, every commitment on every sample, at ``ORACLE_NODES`` positions: each
   commitment's share of samples won is the yardstick. Turns and oracle are kept in
   ``--turns`` (a pickle; a deal already there is not played again).
3. **Settings.** Each setting (samples, positions, race) judges every kept turn on samples
   of its own and chooses as the strategy does. Its **gain** is the oracle's share won by
   its choice less the share won by the choice played, summed over a game's turns and
   averaged over the games: how much more of the oracle's wins a game's choices would add up
   to (the choices after a turn differ in real play, so this ranks settings, it does not
   predict a win rate). Beside it, the processor seconds judging a game's turns take.

Run: ``python benchmarks/samples.py [--first S] [--deals N] [--turns FILE] [--processes P]``
(defaults: seeds 1,010 to 1,039, /tmp/solitaire-widget-sample-turns.pickle, every core). It
prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import pickle
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import solitaire_widget as sw
from solitaire_widget.engine import Position
from solitaire_widget.judgement import fair_play
from solitaire_widget.judgement.commitments import Commitment, CommitmentChances, Race, commitment_chances
from solitaire_widget.solver.search import Limit

OPTIONS = {"draw": 3, "deal_to_waste": False}
BEFORE = (64, 5_000, Race(16, 8, 2.0, 0.5))
ORACLE_SAMPLES = 1_024
ORACLE_NODES = 5_000
ORACLE_SEED_MIX = 0x5555  # the oracle's samples and a setting's are drawn apart from the turn's
SETTING_SEED_MIX = 0xAAAA
SETTINGS: list[tuple[int, int, Race | None]] = [
    BEFORE,
    (64, 5_000, None),
    (128, 1_000, Race(32, 8, 2.0, 2.0)),
    (256, 1_000, Race(32, 8, 2.0, 2.0)),
    (256, 5_000, Race(32, 8, 2.0, 2.0)),
    (512, 1_000, Race(48, 16, 2.0, 2.0)),
]
# A kept turn: position, known cards, commitments, turn seed, the choice played, and each
# commitment's oracle samples won (bit i for sample i).
Turn = tuple[Position, frozenset[int], list[Commitment], int, int, list[int]]


def pick(judged: CommitmentChances, choices: list[Commitment]) -> int:
    """The commitment the fair strategy plays from ``judged`` (``FairPlay``'s order)."""
    return min(
        range(len(choices)),
        key=lambda i: (-judged.chances[i].samples, -judged.reach[i], -judged.won[i], len(choices[i].setup)),
    )


def play_deal(seed: int) -> list[Turn]:
    """One deal played by ``BEFORE``; its judged turns, each with its oracle."""
    played: list[tuple[Position, frozenset[int], list[Commitment], int, int]] = []
    judge = fair_play.commitment_chances

    def kept(position, known, choices, samples, turn_seed, limits, race=None):  # type: ignore[no-untyped-def]
        judged = judge(position, known, choices, samples, turn_seed, limits, race)
        played.append((position.copy(), frozenset(known), list(choices), turn_seed, pick(judged, choices)))
        return judged

    # The judging is wrapped where the strategy looks it up: this script's only way in.
    fair_play.commitment_chances = kept  # type: ignore[assignment]
    try:
        samples, nodes, race = BEFORE
        player = fair_play.FairPlay(samples, nodes, knows_stock=True, race=race)
        game = sw.Game.new("klondike", seed=seed, **OPTIONS)
        while not game.is_won:
            choice = player.choose(game.start, game.history)
            if choice.move is None:
                break
            for move in choice.line:
                game.play(move)
    finally:
        fair_play.commitment_chances = judge
    turns: list[Turn] = []
    for position, known, choices, turn_seed, chosen in played:
        oracle = commitment_chances(
            position, known, choices, ORACLE_SAMPLES, turn_seed ^ ORACLE_SEED_MIX, Limit(None, ORACLE_NODES)
        )
        wins = [chance.wins for chance in oracle.chances]
        turns.append((position, known, choices, turn_seed, chosen, wins))
    return turns


def words(race: Race) -> str:
    return f"{race.least}, {race.every}, {race.spread:g}, {race.alike:g}"


def judge_setting(job: tuple[list[Turn], tuple[int, int, Race | None]]) -> tuple[float, float]:
    """One game's gain and processor seconds for a setting (see the module docstring)."""
    turns, (samples, nodes, race) = job
    gain = seconds = 0.0
    for position, known, choices, turn_seed, chosen, oracle in turns:
        started = time.process_time()
        judged = commitment_chances(
            position, known, choices, samples, turn_seed ^ SETTING_SEED_MIX, Limit(None, nodes), race
        )
        seconds += time.process_time() - started
        gain += (oracle[pick(judged, choices)].bit_count() - oracle[chosen].bit_count()) / ORACLE_SAMPLES
    return gain, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1_010, help="the first seed (keep clear of 0-999)")
    parser.add_argument("--deals", type=int, default=30, help="deals to play")
    parser.add_argument("--turns", type=Path, default=Path("/tmp/solitaire-widget-sample-turns.pickle"))
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    seeds = range(args.first, args.first + args.deals)
    games: dict[int, list[Turn]] = pickle.loads(args.turns.read_bytes()) if args.turns.exists() else {}
    wanted = [seed for seed in seeds if seed not in games]
    with ProcessPoolExecutor(args.processes) as pool:
        for seed, turns in zip(wanted, pool.map(play_deal, wanted), strict=True):
            games[seed] = turns
            args.turns.write_bytes(pickle.dumps(games))
        played = [games[seed] for seed in seeds]
        print(f"{len(played)} deals (seeds {seeds[0]} to {seeds[-1]}), {sum(map(len, played))} turns judged")
        print("| samples | positions | race | gain per game | processor s judging a game |")
        print("|---|---|---|---|---|")
        for setting in SETTINGS:
            results = list(pool.map(judge_setting, [(turns, setting) for turns in played]))
            samples, nodes, race = setting
            race_words = "none" if race is None else words(race)
            gain = sum(gain for gain, _ in results) / len(results)
            seconds = sum(seconds for _, seconds in results) / len(results)
            print(f"| {samples} | {nodes:,} | {race_words} | {gain:+.3f} | {seconds:.2f} |", flush=True)


if __name__ == "__main__":
    main()
