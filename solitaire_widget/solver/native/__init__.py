"""The solver's compiled accelerator: ``depth_first.py``'s search, written in C.

The C files here follow the Python modules they mirror (``depth_first.c``, ``dead_ends.c``,
``best_first.c``, ...; ``search.h`` lists them), and ``sources`` names them. The package's
build compiles them into one shared library beside them (the build hook ``hatch_build.py``
at the project's root: wheels carry it, editable installs compile it in place). Nothing is
compiled at run time: on first use the library is loaded with ``ctypes`` from the package
and checked -- its interface version must be ``INTERFACE_VERSION``, and it must have been
built from the sources shipped with it (not those of a development checkout before they
changed) -- and ``solve`` uses the pure-Python search when it is absent (a build with no C
compiler), does not load, or fails a check. A missing library is said in one debug line, a
refused one in one warning (logger ``solitaire_widget``).

The environment variable ``SOLITAIRE_WIDGET_NATIVE_LIBRARY``, read when the package is
imported, names another library file to load instead of the package's, which must pass the
same checks: a test builds the sources with sanitizers into a temporary folder and runs the
C search from there.

The C code takes nothing on trust: it checks every count and card Python hands it against
its capacities before reading them, and a refused request raises ``ValueError`` naming what
was out of range.

The search runs in a thread of its own and ``ctypes`` lets go of the GIL meanwhile, so a
Jupyter kernel's other threads stay responsive, and an interrupt (Ctrl-C, the kernel's stop
button) ends it. The environment variable ``SOLITAIRE_WIDGET_NATIVE=0`` turns the
accelerator off (read at each ``solve``, so a test or a benchmark can choose the path).

The C code knows no game: ``search`` passes it the game's tables from ``Rules`` and
``engine.safety``, so it and the engine agree by construction. Its winning lines are
replayed by ``solve`` with the engine's legality check, as the Python search's are.
"""

from __future__ import annotations

import ctypes
import logging
import os
import sys
import threading
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Literal

from ...engine import Move, Position
from ...engine.cards import DECK, card_set
from ...engine.rules import NO_CARD, Rules
from ...engine.safety import cards_needed_home
from ..arrangements import arrangement_free
from ..father_dead_ends import FatherDeadEnds
from ..restarts import RESTART_NODES
from . import sources

_log = logging.getLogger("solitaire_widget")

SOURCE_FOLDER = sources.FOLDER
"""Where the library's sources are, for its digest (a package installed without them skips
that check)."""
LIBRARY_NAMES = {"win32": "search.dll", "darwin": "libsearch.dylib"}
LIBRARY = Path(
    os.environ.get("SOLITAIRE_WIDGET_NATIVE_LIBRARY", "").strip()
    or Path(__file__).with_name(LIBRARY_NAMES.get(sys.platform, "libsearch.so"))
)
"""Where the build puts the compiled search (``hatch_build.py`` names it by the same table),
unless ``SOLITAIRE_WIDGET_NATIVE_LIBRARY`` names another file."""
INTERFACE_VERSION = 6
"""The C library's ``SW_INTERFACE_VERSION`` that the structures below are written for."""
TABLE_BITS = 25
"""The visited table holds at most 2^25 fingerprints of 16 bytes: 512 MB. It starts at
16 KB and doubles in place as it fills, so a short search takes little memory and a long one
never holds two tables at once (``solve``'s ``table_megabytes`` sets the cap)."""


_WAKE_EVERY = 0.05
"""Seconds between two looks for an interrupt while the C search runs."""

_MAX_FOUNDATIONS = 8
_MAX_TABLEAU = 16
_KINDS = ("waste", "tableau", "foundation")  # the order of the C code's kinds
_VERDICTS: dict[int, Literal["winnable", "unwinnable", "unknown"]] = {
    0: "winnable",
    1: "unwinnable",
    2: "unknown",
}
_FAILURES: dict[int, tuple[type[Exception], str]] = {
    -1: (MemoryError, "the solver's C search ran out of memory"),
    -2: (MemoryError, "the solver's C search ran out of memory: its table is too small for its line"),
    -3: (
        ValueError,
        "the solver's C search refused the rules: a pile count, the foundations' split or the draw "
        "is out of range, or a set of cards names a card past the deck",
    ),
    -4: (
        ValueError,
        "the solver's C search refused the position: a pile's length is not from 0 to 52, "
        "or the redeals left are below -1",
    ),
    -5: (
        ValueError,
        "the solver's C search refused the position: a card is not in the deck or is in two places",
    ),
    -6: (
        ValueError,
        "the solver's C search refused its limits: the table's bits or the restart share is out of range",
    ),
    -7: (ValueError, "the solver's C search was given a null pointer"),
}
"""The C search's failures (``search.h``'s enum): the exception each raises and its words."""

_Cards = ctypes.c_uint8 * 52


class _Rules(ctypes.Structure):
    _fields_ = [
        ("tableau_count", ctypes.c_int32),
        ("foundation_count", ctypes.c_int32),
        ("foundation_split", ctypes.c_int32),
        ("draw", ctypes.c_int32),
        ("foundation_to_tableau", ctypes.c_int32),
        ("look_for_dead_ends", ctypes.c_int32),
        ("parents", ctypes.c_uint64 * 52 * 3),
        ("fills_empty", ctypes.c_uint8 * 52 * 3),
        ("wants", ctypes.c_uint64 * 53 * _MAX_FOUNDATIONS),
        ("safe_needs", ctypes.c_uint64 * 52),
        ("look_for_uncleared_tableau", ctypes.c_int32),
        ("arrangement_free", ctypes.c_int32),
    ]


class _Position(ctypes.Structure):
    _fields_ = [
        ("redeals_left", ctypes.c_int32),
        ("stock_len", ctypes.c_int32),
        ("waste_len", ctypes.c_int32),
        ("foundation_len", ctypes.c_int32 * _MAX_FOUNDATIONS),
        ("down_len", ctypes.c_int32 * _MAX_TABLEAU),
        ("up_len", ctypes.c_int32 * _MAX_TABLEAU),
        ("stock", _Cards),
        ("waste", _Cards),
        ("foundations", _Cards * _MAX_FOUNDATIONS),
        ("down", _Cards * _MAX_TABLEAU),
        ("up", _Cards * _MAX_TABLEAU),
    ]


class _Result(ctypes.Structure):
    _fields_ = [
        ("verdict", ctypes.c_int32),
        ("line_len", ctypes.c_int32),
        ("nodes", ctypes.c_int64),
        ("line", ctypes.POINTER(ctypes.c_uint8)),
        ("most_home", ctypes.c_int32),
    ]


_lock = threading.Lock()
_library: ctypes.CDLL | None = None
_tried = False
_rules_made: dict[tuple[str, int, bool, int], _Rules] = {}


def available() -> bool:
    """True when the accelerator is on (``SOLITAIRE_WIDGET_NATIVE`` is not ``0``) and the
    package's compiled search loads and passes its checks (looked at once, on the first call)."""
    if os.environ.get("SOLITAIRE_WIDGET_NATIVE", "").strip() == "0":
        return False
    return _load() is not None


def _load() -> ctypes.CDLL | None:
    global _library, _tried
    with _lock:
        if not _tried:
            _tried = True
            _library = _open()
        return _library


def _open() -> ctypes.CDLL | None:
    if not LIBRARY.exists():
        _log.debug("solver: no compiled C search in the package (%s), using the pure-Python search", LIBRARY)
        return None
    try:
        loaded = ctypes.CDLL(str(LIBRARY))
        loaded.sw_interface_version.restype = ctypes.c_int
        loaded.sw_source_digest.restype = ctypes.c_char_p
        digest = loaded.sw_source_digest().decode("ascii", "replace")
        problem = _mismatch(loaded.sw_interface_version(), digest)
    except (OSError, AttributeError) as error:
        problem = f"it does not load ({error})"
    if problem is not None:
        _log.warning("solver: not using the C search %s: %s; using the Python search", LIBRARY, problem)
        return None
    loaded.sw_solve.argtypes = [
        ctypes.POINTER(_Rules),
        ctypes.POINTER(_Position),
        ctypes.c_double,
        ctypes.c_int64,
        ctypes.c_int,
        ctypes.c_int64,
        ctypes.POINTER(ctypes.c_int32),
        ctypes.POINTER(_Result),
    ]
    loaded.sw_solve.restype = ctypes.c_int
    loaded.sw_free.argtypes = [ctypes.POINTER(_Result)]
    loaded.sw_free.restype = None
    return loaded


def _mismatch(interface: int, digest: str) -> str | None:
    """Why a library reporting ``interface`` and built from a source of ``digest`` cannot be
    used with this package, or None."""
    if interface != INTERFACE_VERSION:
        return f"its interface is version {interface}, this package needs {INTERFACE_VERSION}"
    shipped = sources.digest(SOURCE_FOLDER)
    if shipped and digest != shipped:
        return "it was built from another version of its C sources (rebuild it: python hatch_build.py)"
    return None


def _rules_for(position: Position, foundation_split: int) -> _Rules:
    rules: Rules = position.rules
    name = (rules.name, position.draw, position.foundation_to_tableau, foundation_split)
    made = _rules_made.get(name)
    if made is not None:
        return made
    made = _Rules()
    made.tableau_count = rules.tableau_count
    made.foundation_count = rules.foundation_count
    made.foundation_split = foundation_split
    made.draw = position.draw
    made.foundation_to_tableau = position.foundation_to_tableau
    made.look_for_dead_ends = rules.has_face_down
    made.look_for_uncleared_tableau = FatherDeadEnds.applies(rules)
    made.arrangement_free = arrangement_free(rules)
    for kind_index, kind in enumerate(_KINDS):
        for card in DECK:
            made.parents[kind_index][card] = card_set(rules.parents[kind][card])
            made.fills_empty[kind_index][card] = rules.fills_empty[kind][card]
    for index, wants in enumerate(rules.foundation_wants):
        for top in range(NO_CARD + 1):
            made.wants[index][top] = card_set(wants[top])
    for card, needed in enumerate(cards_needed_home(position)):
        made.safe_needs[card] = card_set(needed)
    _rules_made[name] = made
    return made


def _fill(cards: ctypes.Array[ctypes.c_uint8], pile: Sequence[int]) -> int:
    cards[: len(pile)] = list(pile)
    return len(pile)


@lru_cache(maxsize=4096)
def _move(source: str, target: str, count: int) -> Move:
    """The move, made once: a line of the search repeats the same few hundred moves, and
    sampling asks for thousands of lines a turn (a move is immutable, so one serves all)."""
    return Move(source, target, count)


def _position_for(position: Position) -> _Position:
    made = _Position()
    made.redeals_left = -1 if position.redeals_left is None else position.redeals_left
    made.stock_len = _fill(made.stock, position.stock)
    made.waste_len = _fill(made.waste, position.waste)
    for index, pile in enumerate(position.foundations):
        made.foundation_len[index] = _fill(made.foundations[index], pile)
    for index, (down, up) in enumerate(zip(position.down, position.up, strict=True)):
        made.down_len[index] = _fill(made.down[index], down)
        made.up_len[index] = _fill(made.up[index], up)
    return made


def search(
    position: Position,
    *,
    time_limit: float | None,
    node_limit: int | None,
    foundation_split: int,
    table_bits: int = TABLE_BITS,
    restart_nodes: int = RESTART_NODES,
    with_line: bool = True,
) -> tuple[Literal["winnable", "unwinnable", "unknown"], list[Move], int, int] | None:
    """Search ``position`` as ``depth_first.py`` does: ``(verdict, winning line or [], nodes,
    the most cards home in any position searched)``, or None when the accelerator is off or
    not built, or the game has more piles than the C code holds. ``foundation_split``:
    foundations ``[0, split)`` and ``[split, count)`` are keyed apart. ``table_bits`` caps the
    visited table at ``2 ** table_bits`` slots (three quarters of them used before it is
    cleared); ``restart_nodes`` is the first run's share of positions before the search
    starts again in a random order (0: it never does; ``restarts.RESTART_NODES``, the Python
    search's share with a node limit, so that both search the same positions). Without
    ``with_line`` the winning line is not made into moves (``[]``): the callers that ask
    thousands of searches for verdicts alone save that time. An interrupt
    (``KeyboardInterrupt``) while it runs stops the C search within a few thousand positions
    and is raised again. A request the C code refuses raises ``ValueError``, and running out
    of memory ``MemoryError`` (the words of ``_FAILURES``)."""
    rules = position.rules
    if rules.tableau_count > _MAX_TABLEAU or rules.foundation_count > _MAX_FOUNDATIONS or not available():
        return None
    library = _load()
    assert library is not None  # available() built it
    result = _Result()
    try:
        verdict = _run(
            library,
            (_rules_for(position, foundation_split), _position_for(position)),
            (
                0.0 if time_limit is None else time_limit,
                0 if node_limit is None else node_limit,
                table_bits,
                restart_nodes,
            ),
            ctypes.c_int32(0),
            result,
        )
        if verdict not in _VERDICTS:
            kind, words = _FAILURES.get(
                verdict, (RuntimeError, f"the solver's C search failed (code {verdict})")
            )
            raise kind(words)
        piles = position.pile_ids
        raw = bytes(result.line[: 3 * result.line_len]) if result.line_len and with_line else b""
        line = [_move(piles[raw[i]], piles[raw[i + 1]], raw[i + 2]) for i in range(0, len(raw), 3)]
        return _VERDICTS[verdict], line, result.nodes, result.most_home
    finally:
        library.sw_free(ctypes.byref(result))


_IN_THIS_THREAD_NODES = 50_000
"""A search bounded by at most this many positions runs in the calling thread: it ends within
a few tens of milliseconds, so an interrupt waits for it hardly longer than for a thread to
start, and the thousands of short searches that sampling asks each save a thread (54 µs of
processor time measured here, about a tenth of a 5,000-position search)."""


def _run(
    library: ctypes.CDLL,
    game: tuple[_Rules, _Position],
    limits: tuple[float, int, int, int],
    stop: ctypes.c_int32,
    result: _Result,
) -> int:
    """Run the C search on ``game`` (its rules and position) within ``limits`` (seconds and
    nodes, 0 for none, and the table's bits) into ``result`` (its line for the caller to
    free with ``sw_free``); returns its code, a key of ``_VERDICTS`` or an error. The search
    ends at its next look at ``stop`` once that is nonzero; an interrupt sets it."""
    made_rules, made_position = game
    seconds, nodes, table_bits, restart_nodes = limits
    arguments = (
        ctypes.byref(made_rules),
        ctypes.byref(made_position),
        seconds,
        nodes,
        table_bits,
        restart_nodes,
        ctypes.byref(stop),
        ctypes.byref(result),
    )
    if 0 < nodes <= _IN_THIS_THREAD_NODES:
        return int(library.sw_solve(*arguments))
    codes: list[int] = []
    done = threading.Event()

    def search_in_c() -> None:
        try:
            codes.append(library.sw_solve(*arguments))
        finally:
            done.set()

    # The C search runs in a thread (ctypes lets go of the GIL) so that this thread can
    # take an interrupt: it then raises the stop flag, which the search looks at every
    # few hundred positions, waits for the search to end, and lets the interrupt go on.
    # It waits on an event, not on Thread.join: an interrupted join (Python 3.11) marks
    # the thread as ended while it still runs, and a second join returns at once.
    worker = threading.Thread(target=search_in_c, name="solitaire_widget solver", daemon=True)
    worker.start()
    try:
        while not done.wait(_WAKE_EVERY):
            pass
    except KeyboardInterrupt:
        stop.value = 1
        _wait_through_interrupts(done)
        raise
    return codes[0]


def _wait_through_interrupts(done: threading.Event) -> None:
    """Wait until ``done`` is set, whatever further interrupts come: the C search writes
    into the caller's result until it ends, which it does within a few hundred positions
    of seeing its stop flag."""
    while not done.is_set():
        try:
            done.wait()
        except KeyboardInterrupt:
            continue
