"""Statistics of the games in a library: ``Statistics`` and the streak rules.

The games counted are those that ended: ``"won"``, ``"lost"`` and ``"abandoned"``; a game
still ``"playing"`` is not counted at all. A game is a win of the player's only when its
result is ``"won"`` and the demo (or a strategy) played none of its moves (``demo`` false):
a game the demo finished counts as a loss everywhere here, in ``won``, ``lost``, the
streaks and ``recent``. ``"abandoned"`` games are counted apart from losses (``abandoned``,
``lost``), but they are games not won: ``win_rate`` is the share won of every game counted,
abandoned ones included, and an abandoned game breaks a winning streak as a loss does. Games
are taken in the order they were started.

>>> st = statistics_of("wwlaw")
>>> st.played, st.won, st.lost, st.abandoned, st.win_rate
(5, 3, 1, 1, 0.6)
>>> st.current_streak, st.longest_win_streak, st.longest_losing_streak
(1, 2, 2)
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any

RESULTS = ("won", "lost", "abandoned", "playing")
"""Every result a game in the library may have."""
RECENT = 20
"""How many results ``Statistics.recent`` keeps."""
WON, LOST, ABANDONED = "w", "l", "a"
"""The letter of each result counted, as the library's query writes them."""
RESULT_OF = {WON: "won", LOST: "lost", ABANDONED: "abandoned"}


@dataclass(frozen=True)
class Statistics:
    """Figures over the games of one kind that ended (see the module docstring for which
    games count and how).

    ``played`` is ``won + lost + abandoned``.
    ``current_streak`` is signed: +3 means the last three games were won, -2 that the last
    two were lost (or abandoned, or finished by the demo), 0 when no game is counted.
    ``best_seconds``, ``fewest_moves`` and ``average_moves_won`` are over the player's wins
    (None without one; ``best_seconds`` also when no win has a time). ``recent`` is the last
    20 results, oldest first, as counted (a win of the demo's shows as ``"lost"``).
    ``vegas_total`` is the Vegas score summed over the Klondike games counted
    (``scores``), 0 for other games.
    """

    played: int = 0
    won: int = 0
    win_rate: float = 0.0
    lost: int = 0
    abandoned: int = 0
    current_streak: int = 0
    longest_win_streak: int = 0
    longest_losing_streak: int = 0
    best_seconds: float | None = None
    fewest_moves: int | None = None
    average_moves_won: float | None = None
    recent: tuple[str, ...] = field(default_factory=tuple)
    vegas_total: int = 0

    def to_dict(self) -> dict[str, Any]:
        """The figures as a JSON-ready dict (``recent`` as a list)."""
        figures = asdict(self)
        figures["recent"] = list(self.recent)
        return figures


def statistics_of(
    codes: str,
    *,
    best_seconds: float | None = None,
    fewest_moves: int | None = None,
    average_moves_won: float | None = None,
    vegas_total: int = 0,
) -> Statistics:
    """The statistics of the games counted, given oldest first as one letter each in
    ``codes`` (``WON`` for a win of the player's, ``LOST`` for a loss or a demo's win,
    ``ABANDONED``), with the figures the library's query worked out. Counts with string
    methods, so 100,000 games take a few milliseconds."""
    if codes.strip(WON + LOST + ABANDONED):
        strange = sorted(set(codes) - set(RESULT_OF))
        raise ValueError(f"codes are {WON!r}, {LOST!r} and {ABANDONED!r}, not {strange[0]!r}")
    won = codes.count(WON)
    not_won = LOST + ABANDONED
    if codes.endswith(WON):
        current = len(codes) - len(codes.rstrip(WON))
    else:
        current = len(codes.rstrip(not_won)) - len(codes)
    return Statistics(
        played=len(codes),
        won=won,
        win_rate=won / len(codes) if codes else 0.0,
        lost=codes.count(LOST),
        abandoned=codes.count(ABANDONED),
        current_streak=current,
        longest_win_streak=max(map(len, re.findall(f"{WON}+", codes)), default=0),
        longest_losing_streak=max(map(len, re.findall(f"[{not_won}]+", codes)), default=0),
        best_seconds=best_seconds,
        fewest_moves=fewest_moves,
        average_moves_won=average_moves_won,
        recent=tuple(RESULT_OF[code] for code in codes[-RECENT:]),
        vegas_total=vegas_total,
    )
