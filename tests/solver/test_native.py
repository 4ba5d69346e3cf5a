"""The solver's C accelerator: the same search as the pure-Python one (same verdicts, node
counts and lines), also on random endgames (hypothesis) and with a visited table small
enough to be cleared; loaded from the package, never compiled at run time; and when the
package has none, or one of another interface or source, solve falls back to Python."""

from __future__ import annotations

import _thread
import ctypes
import importlib.util
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import FrameType

import pytest
from endgames import random_endgame
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from solver_paths import native_or_skip
from test_solve import CROSS_CHECKS, replays_to_win

import solitaire_widget as sw
from solitaire_widget.solver import native, solve
from solitaire_widget.solver.keys import foundation_split
from solitaire_widget.solver.native import sources
from solitaire_widget.solver.search import search

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _native_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOLITAIRE_WIDGET_NATIVE", raising=False)
    native_or_skip()


def both_paths(monkeypatch: pytest.MonkeyPatch, g: sw.Game, node_limit: int) -> tuple[sw.SolveResult, ...]:
    results = []
    for flag in ("0", "1"):
        monkeypatch.setenv("SOLITAIRE_WIDGET_NATIVE", flag)
        results.append(solve(g, time_limit=None, node_limit=node_limit))
    return tuple(results)


DEALS = [
    ("klondike", {}),
    ("klondike", {"draw": 3}),
    ("klondike", {"redeals": 0}),
    ("klondike", {"draw": 3, "redeals": 2, "foundation_to_tableau": False}),
    ("father", {}),
    ("father", {"redeals": None}),
    ("following", {}),
    ("following", {"redeals": None}),
]


@pytest.mark.parametrize(("game", "options"), DEALS, ids=[f"{g}-{o}" for g, o in DEALS])
@pytest.mark.slow
def test_both_paths_search_the_same_positions(monkeypatch, game, options):
    """Same steps in the same order and the same visited sets: the same verdict, node count
    and line, also when the node limit stops both (unknown)."""
    for seed in range(4):
        g = sw.Game.new(game, seed=seed, **options)
        python, c = both_paths(monkeypatch, g, 6_000)
        assert (python.verdict, python.nodes, python.moves) == (c.verdict, c.nodes, c.moves), seed


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=st.sampled_from(CROSS_CHECKS), seed=st.integers(0, 2**32 - 1))
def test_random_endgames_get_the_same_verdict_on_both_paths(monkeypatch, case, seed):
    game, options, outside, *_ = case
    rng = random.Random(seed)
    g = sw.Game.from_dict(random_endgame(game, options, rng, rng.randint(outside - 4, outside)))
    python, c = both_paths(monkeypatch, g, 20_000)
    if "unknown" not in (python.verdict, c.verdict):
        assert python.verdict == c.verdict, g.to_dict()
    assert (python.verdict, python.nodes, python.moves) == (c.verdict, c.nodes, c.moves)


def search_with_a_small_table(g: sw.Game) -> tuple[str, list[sw.Move], int, int]:
    position = g.position
    found = native.search(
        position,
        time_limit=None,
        node_limit=2_000_000,
        foundation_split=foundation_split(position),
        table_bits=11,
        restart_nodes=0,  # the fixed order: this is about the table (restarts: test_restarts_and_table.py)
    )
    assert found is not None
    return found


def test_a_visited_table_cleared_when_full_keeps_the_verdicts():
    """2048 slots, cleared at 1536 keys: searches of thousands of positions still decide right
    (the verdicts with a table that never fills, on both paths, are checked above)."""
    g = sw.Game.new("klondike", seed=63, draw=3)
    unbounded = search(g.position.copy(), None, 20_000)[2]
    assert unbounded == 8_553  # with a table that never fills
    verdict, line, nodes, _ = search_with_a_small_table(g)
    assert verdict == "winnable" and nodes > 2 * unbounded  # the table was cleared: work repeated
    replays_to_win(g, sw.SolveResult(verdict, tuple(line), nodes, 0.0))
    for game, options, seed in [("klondike", {"redeals": 0}, 21), ("following", {"redeals": 0}, 6)]:
        g = sw.Game.new(game, seed=seed, **options)
        assert solve(g, time_limit=None, node_limit=10_000).verdict == "unwinnable"
        assert search_with_a_small_table(g)[0] == "unwinnable"


UNDECIDED_SEED = 18
"""A Klondike deal neither path decides within seconds."""


def c_search_parts(seed: int) -> tuple[ctypes.CDLL, tuple[native._Rules, native._Position], native._Result]:
    """What ``native._run`` takes for a Klondike deal: the library, the deal's tables, an
    empty result (its line to be freed with ``sw_free``)."""
    library = native._load()
    assert library is not None
    position = sw.Game.new("klondike", seed=seed).position
    made = (native._rules_for(position, foundation_split(position)), native._position_for(position))
    return library, made, native._Result()


def test_the_c_search_ends_at_its_first_look_at_a_raised_stop_flag():
    """The flag is read every 256 positions (CHECK_EVERY in depth_first.c), so a search started
    with it raised ends at the 256th, unknown, far short of its node limit."""
    library, made, result = c_search_parts(UNDECIDED_SEED)
    try:
        code = native._run(
            library,
            made,
            (0.0, 1_000_000, native.TABLE_BITS, native.RESTART_NODES),
            ctypes.c_int32(1),
            result,
        )
        assert (native._VERDICTS[code], result.nodes) == ("unknown", 256)
    finally:
        library.sw_free(ctypes.byref(result))


def waits_for_the_c_search(frame: FrameType | None) -> bool:
    """True when ``frame`` (a thread's innermost) is in ``native._run`` waiting for its
    search thread to end, past starting it: where Ctrl-C is caught."""
    above = []
    while frame is not None and frame.f_code is not native._run.__code__:
        above.append(frame.f_code.co_name)
        frame = frame.f_back
    return frame is not None and "wait" in above and "start" not in above


def interrupt_once_the_c_search_runs(test_over: threading.Event) -> None:
    main = threading.main_thread().ident
    while not test_over.is_set():
        if waits_for_the_c_search(sys._current_frames().get(main)):
            _thread.interrupt_main()
            return
        time.sleep(0.001)


def test_an_interrupt_raises_the_stop_flag_and_the_c_search_ends_far_short_of_its_node_limit():
    """What Ctrl-C does to the C search: the flag goes up, the search stops at its next look
    and the interrupt goes on once it has; without the flag it would search up to its
    limit (the deal is unwinnable: the fixed order alone proves it in some 49 million positions)."""
    library, made, result = c_search_parts(UNDECIDED_SEED)
    stop, limit = ctypes.c_int32(0), 50_000_000
    test_over = threading.Event()
    interrupter = threading.Thread(target=interrupt_once_the_c_search_runs, args=(test_over,))
    interrupter.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            native._run(library, made, (0.0, limit, native.TABLE_BITS, native.RESTART_NODES), stop, result)
        assert stop.value == 1 and 0 < result.nodes < limit // 10
    finally:
        test_over.set()
        interrupter.join()
        library.sw_free(ctypes.byref(result))


REFUSED = {
    "a stock longer than the deck": (-4, "position.stock_len = 53"),
    "a waste of -1 cards": (-4, "position.waste_len = -1"),
    "a tableau pile of 200 cards": (-4, "position.up_len[6] = 200"),
    "face-down cards past the deck": (-4, "position.down_len[0] = 2**31 - 1"),
    "redeals left below -1": (-4, "position.redeals_left = -2"),
    "a card past the deck": (-5, "position.stock[0] = 52"),
    "a card in two places": (-5, "position.up[0][0] = 51"),
    "17 tableau piles": (-3, "rules.tableau_count = 17"),
    "no foundation": (-3, "rules.foundation_count = 0"),
    "a split past the foundations": (-3, "rules.foundation_split = 5"),
    "a draw of none": (-3, "rules.draw = 0"),
    "a foundation wanting card 60": (-3, "rules.wants[0][52] = 1 << 60"),
    "a table of 2 slots": (-6, "limits[0] = 1"),
    "a table of 2^31 slots": (-6, "limits[0] = 31"),
    "a restart share below 0": (-6, "limits[1] = -1"),
}
"""Requests the C search refuses, each with its code (``native._FAILURES``) and the change
that makes it, to the ``rules``, the ``position`` or the ``limits`` (table bits, restart
share) that ``native._run`` takes. Klondike seed 1's stock holds card 51 (the king of
spades), which "a card in two places" puts on a tableau pile too."""


@pytest.mark.parametrize("name", REFUSED)
def test_the_c_search_checks_every_count_and_card_python_hands_it(name):
    """Nothing that Python hands over is taken on trust: a count past its capacity, a card
    past the deck or dealt twice, rules or limits out of range are refused before the search
    reads them (under the sanitizers too: test_native_build.py), with no line to free."""
    code, change = REFUSED[name]
    library, (rules, position), result = c_search_parts(1)
    assert 51 in position.stock[: position.stock_len] and position.up[0][0] != 51
    rules = native._Rules.from_buffer_copy(rules)  # not the copy _rules_for keeps
    limits = [native.TABLE_BITS, native.RESTART_NODES]
    exec(change, {}, {"rules": rules, "position": position, "limits": limits})
    found = native._run(library, (rules, position), (0.0, 1_000, *limits), ctypes.c_int32(0), result)
    assert (found, result.line_len, result.nodes, bool(result.line)) == (code, 0, 0, False)


def test_a_refused_position_raises_a_value_error_saying_what_was_out_of_range(monkeypatch):
    made = native._position_for

    def twice(position: sw.Position) -> native._Position:
        wrong = made(position)
        wrong.waste[0] = wrong.stock[0]
        wrong.waste_len = 1
        return wrong

    monkeypatch.setattr(native, "_position_for", twice)
    with pytest.raises(
        ValueError, match="refused the position: a card is not in the deck or is in two places"
    ):
        solve(sw.Game.new("klondike", seed=1), node_limit=1_000)


def test_the_switch_turns_the_accelerator_off(monkeypatch):
    monkeypatch.setenv("SOLITAIRE_WIDGET_NATIVE", "0")
    assert not native.available()
    g = sw.Game.new("klondike", seed=1)
    assert native.search(g.position, time_limit=1.0, node_limit=None, foundation_split=4) is None


def run_python(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], env={**os.environ, **env}, capture_output=True, text=True, check=True
    )


def check(before: str = "pass") -> str:
    """A program that (after ``before``, which may change what the package loads) prints
    whether the accelerator is in use and the verdict of a small solve."""
    return (
        "import logging; logging.basicConfig(level=logging.DEBUG); "
        "import solitaire_widget as sw; from solitaire_widget.solver import native; "
        f"{before}; "
        "print(native.available(), sw.solve(sw.Game.new('klondike', seed=1), node_limit=5000).verdict)"
    )


def test_nothing_is_compiled_at_run_time_the_library_comes_with_the_package(tmp_path):
    result = run_python(check(), {"PATH": str(tmp_path)})  # no compiler can be found
    assert result.stdout.split() == ["True", "winnable"]
    assert native.LIBRARY.parent == Path(native.__file__).parent
    assert "solitaire_widget" not in result.stderr


def test_a_package_built_without_its_c_search_uses_python_and_says_so_in_a_debug_line(tmp_path):
    result = run_python(check(f"native.LIBRARY = native.Path({str(tmp_path / 'absent.so')!r})"), {})
    assert result.stdout.split() == ["False", "winnable"]
    assert "DEBUG" in result.stderr and "no compiled C search" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_library_of_another_interface_version_is_refused_with_a_warning():
    result = run_python(check("native.INTERFACE_VERSION += 1"), {})
    assert result.stdout.split() == ["False", "winnable"]
    assert "WARNING" in result.stderr and "its interface is version" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("change", ["a file changed", "a file added", "a file renamed"])
def test_a_library_built_from_other_c_sources_is_refused_with_a_warning(tmp_path, change):
    for path in sources.files():
        (tmp_path / path.name).write_bytes(path.read_bytes())
    if change == "a file changed":
        with (tmp_path / "search.h").open("ab") as header:
            header.write(b"\n/* changed */\n")
    elif change == "a file added":
        (tmp_path / "more.c").write_bytes(b"")
    else:
        (tmp_path / "table.c").rename(tmp_path / "tables.c")
    assert sources.digest(tmp_path) != sources.digest()
    result = run_python(check(f"native.SOURCE_FOLDER = native.Path({str(tmp_path)!r})"), {})
    assert result.stdout.split() == ["False", "winnable"]
    assert "another version of its C sources" in result.stderr


def test_another_library_file_is_loaded_when_the_environment_names_it(tmp_path):
    """``SOLITAIRE_WIDGET_NATIVE_LIBRARY``: how the sanitizer test loads its own build."""
    elsewhere = tmp_path / native.LIBRARY.name
    elsewhere.write_bytes(native.LIBRARY.read_bytes())
    program = check(f"assert native.LIBRARY == native.Path({str(elsewhere)!r})")
    assert run_python(program, {"SOLITAIRE_WIDGET_NATIVE_LIBRARY": str(elsewhere)}).stdout.split() == [
        "True",
        "winnable",
    ]
    elsewhere.unlink()
    result = run_python(program, {"SOLITAIRE_WIDGET_NATIVE_LIBRARY": str(elsewhere)})
    assert result.stdout.split() == ["False", "winnable"] and "no compiled C search" in result.stderr


def test_the_build_hook_names_the_library_as_the_package_looks_for_it():
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    assert hook.LIBRARY_NAMES == native.LIBRARY_NAMES and hook.library_name() == native.LIBRARY.name
