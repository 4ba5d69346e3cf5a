"""The figures the docs quote agree with the results files in ``benchmarks/results/``.

Each check takes a table (or a sentence) of a docs page and the figures it quotes from a
results file: a report a benchmark script printed, or per-deal rows. A quoted number must
be the source's number rounded to the digits the page shows, so a new run whose figures the
docs do not follow fails here, as does a page whose figure was never the file's.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
RESULTS = ROOT / "benchmarks" / "results"

Table = list[list[str]]

NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")


# ---------------------------------------------------------------------------------- reading
def tables(text: str) -> list[Table]:
    """The Markdown tables of ``text`` in order: their rows (the header first, the
    separator left out), each a list of cells without bold marks."""
    found: list[Table] = []
    previous_was_row = False
    for line in text.splitlines():
        stripped = line.strip()
        is_row = stripped.startswith("|")
        if is_row and not re.fullmatch(r"\|(\s*:?-+:?\s*\|)+", stripped):
            cells = [cell.strip().replace("**", "") for cell in stripped.strip("|").split("|")]
            if not previous_was_row:
                found.append([])
            found[-1].append(cells)
        previous_was_row = is_row
    return found


def page(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def table_headed(text: str, *header: str) -> Table:
    """The table of ``text`` whose header row starts with ``header``."""
    for table in tables(text):
        if tuple(table[0][: len(header)]) == header:
            return table
    raise AssertionError(f"no table headed {header!r}")


def report_tables(name: str) -> list[Table]:
    return tables((RESULTS / name).read_text(encoding="utf-8"))


def row(table: Table, *first: str) -> list[str]:
    """The row of ``table`` whose first cells are ``first``."""
    for cells in table[1:]:
        if tuple(cells[: len(first)]) == first:
            return cells
    raise AssertionError(f"no row {first!r} in the table headed {table[0]!r}")


def report_row(table: Table, set_name: str, strategy: str, settings: str = "") -> list[str]:
    """The row of a ``benchmarks/fair.py`` report for the set and strategy whose settings
    end with ``settings`` (the greedy row has none)."""
    for cells in table[1:]:
        if cells[0] == set_name and cells[1] == strategy and cells[2].endswith(settings):
            return cells
    raise AssertionError(f"no {set_name} {strategy} row with settings {settings!r}")


def jsonl(name: str) -> list[dict]:
    lines = (RESULTS / name).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


# ------------------------------------------------------------------------------ comparing
def allowed(source: str, digits: int) -> set[Decimal]:
    """What ``source`` reads as with ``digits`` decimals: rounded half up, and rounded down
    too when the digits dropped are a bare 5 (the source was itself rounded, so its true
    value may have been below the half)."""
    value = Decimal(source)
    step = Decimal(1).scaleb(-digits)
    rounded = {value.quantize(step, rounding=ROUND_HALF_UP)}
    dropped = value - value.quantize(step, rounding="ROUND_DOWN")
    if dropped == step / 2:
        rounded.add(value.quantize(step, rounding="ROUND_DOWN"))
    return rounded


def numbers(text: str) -> list[str]:
    return [number.replace(",", "") for number in NUMBER.findall(text)]


def agrees(quoted: str, source: str) -> bool:
    """Whether a number as the page shows it is the source's, to the page's digits."""
    digits = len(quoted.split(".")[1]) if "." in quoted else 0
    source_digits = len(source.split(".")[1]) if "." in source else 0
    if digits > source_digits:
        return abs(Decimal(quoted) - Decimal(source)) <= Decimal(1).scaleb(-source_digits) / 2
    return Decimal(quoted) in allowed(source, digits)


def check(quoted: str, source: str, where: str) -> int:
    """Every number of the page's ``quoted`` text against the source's, in order; the count
    of numbers checked."""
    page_numbers, source_numbers = numbers(quoted), numbers(source)
    assert page_numbers, f"{where}: nothing quoted in {quoted!r}"
    assert len(page_numbers) <= len(source_numbers), f"{where}: {quoted!r} against {source!r}"
    for page_number, source_number in zip(page_numbers, source_numbers, strict=False):
        assert agrees(page_number, source_number), f"{where}: the docs say {quoted!r}, the results {source!r}"
    return len(page_numbers)


def check_cells(
    page_row: Sequence[str], source_row: Sequence[str], columns: Iterable[tuple[int, int]], where: str
) -> int:
    return sum(
        check(page_row[page_column], source_row[source_column], f"{where}, column {page_column}")
        for page_column, source_column in columns
    )


def test_a_stale_figure_fails_and_rounding_passes() -> None:
    assert agrees("0.02", "0.017")
    assert agrees("10.1", "10.05") and agrees("10.0", "10.05")
    assert agrees("8170", "8170") and not agrees("1432", "1433")
    assert agrees("100", "100.00") and not agrees("99.9", "99.84")
    assert agrees("0.011", "0.010590425998088904")
    with pytest.raises(AssertionError):
        check("46 | 6.6 s", "46 6.72", "a stale time")


# ---------------------------------------------------------------------------- winnability
WINNABILITY_SETS = {
    "klondike draw 1 no waste card": ("Klondike draw 1", "Klondike, draw 1, no card to the waste"),
    "klondike draw 3 no waste card": ("Klondike draw 3", "Klondike, draw 3, no card to the waste"),
    "father": ("Father", "Father"),
    "following": ("Following", "Following"),
}
"""Each set of the winnability report, as the history page and the engine guide name it."""


def winnability_report() -> tuple[Table, Table]:
    """The report's tables: both looks, and the first look alone."""
    both, first = report_tables("winnability/report.md")
    return both, first


def test_the_history_page_quotes_the_winnability_report() -> None:
    both, first = winnability_report()
    quoted = table_headed(
        page("solver-history.md"), "set", "deals", "winnable", "95% interval (undecided counted both ways)"
    )
    for name, (label, _) in WINNABILITY_SETS.items():
        source, first_look = row(both, name), row(first, name)
        cells = row(quoted, label)
        where = f"solver-history.md, {label}"
        check_cells(cells, source, [(1, 1), (2, 5), (3, 6), (5, 7), (6, 10)], where)
        check(cells[4], f"{first_look[4]} {numbers(source[4])[0]}", where + ", undecided")


def test_the_engine_guide_quotes_the_winnability_report() -> None:
    both, first = winnability_report()
    guide = page("guide/engine.md")
    first_table = table_headed(guide, "set", "deals", "winnable", "unwinnable", "undecided", "winnable share")
    second_table = table_headed(guide, "set", "deals", "winnable", "unwinnable", "undecided (after 10 s)")
    for name, (_, label) in WINNABILITY_SETS.items():
        where = f"guide/engine.md, {label}"
        check_cells(row(first_table, label), row(first, name), [(i, i) for i in range(1, 11)], where)
        if name != "father":  # every Father deal was decided at first: no second look
            check_cells(
                row(second_table, label), row(both, name), [(i, i) for i in range(1, 7)] + [(7, 10)], where
            )


def second_look(name: str) -> list[dict]:
    return [line for line in jsonl(f"winnability/{name}.second-look.jsonl") if "seed" in line]


@pytest.mark.parametrize(
    ("name", "sentence"),
    [
        (
            "klondike-draw-1-no-waste-card",
            "the minute decided {decided} of the {looked} deals: {lost} unwinnable, in {fewest} to {most} "
            "million positions, and {won} winnable, in {machine:,} s of machine time",
        ),
        (
            "klondike-draw-3-no-waste-card",
            "the minute decided {decided} of the {looked} deals, {lost} unwinnable (in {fewest} to {most} "
            "million positions) and {won} winnable, in {machine:,} s of machine time ({each} s a deal)",
        ),
        ("following", "all {decided} decided, in {machine} s"),
    ],
)
def test_the_engine_guide_quotes_the_second_look(name: str, sentence: str) -> None:
    rows = second_look(name)
    verdicts = Counter(line["verdict"] for line in rows)
    lost_nodes = [line["nodes"] for line in rows if line["verdict"] == "unwinnable"]
    machine = sum(line["seconds"] for line in rows)
    expected = sentence.format(
        decided=verdicts["winnable"] + verdicts["unwinnable"],
        looked=len(rows),
        lost=verdicts["unwinnable"],
        won=verdicts["winnable"],
        fewest=f"{min(lost_nodes) / 1e6:.1f}",
        most=f"{max(lost_nodes) / 1e6:.1f}",
        machine=round(machine),
        each=round(machine / len(rows)),
    )
    assert expected in " ".join(page("guide/engine.md").split())


def test_the_engine_guide_names_the_following_deals_the_second_look_decided() -> None:
    rows = second_look("following")
    won = sorted(line["seed"] for line in rows if line["verdict"] == "winnable")
    lost = {line["seed"] for line in rows if line["verdict"] == "unwinnable"}
    guide = " ".join(page("guide/engine.md").split())
    assert f"Seeds {', '.join(map(str, won[:-1]))} and {won[-1]} are won" in guide
    quoted = re.search(r"Seeds ([\d, and]+) are lost", guide)
    assert quoted and {int(seed) for seed in numbers(quoted[1])} == lost


# ------------------------------------------------------------------------ deals decided
def solver_figures(name: str, set_name: str) -> dict[str, str]:
    """A ``benchmarks/solver.py`` set's figures, from its rows, as full-precision text."""
    rows = [line for line in jsonl(name) if line["set"] == set_name]
    seconds = sorted(line["seconds"] for line in rows)
    undecided = sum(line["verdict"] == "unknown" for line in rows)
    middle = len(seconds) // 2
    median = seconds[middle] if len(seconds) % 2 else (seconds[middle - 1] + seconds[middle]) / 2
    return {
        "decided": f"{100 * (len(rows) - undecided) / len(rows)!r} {undecided}",
        "median": repr(median),
        "p90": repr(seconds[min(len(seconds) - 1, int(0.9 * len(seconds)))]),
        "peak": str(max(line["peak_mb"] for line in rows)),
        "machine": repr(sum(seconds)),
    }


SOLVER_RUNS = {
    "klondike": ("solver-arrangements.jsonl", "Klondike draw 1", "Klondike draw one", "and arrangements"),
    "klondike draw 3": (
        "solver-free-talon.jsonl",
        "Klondike draw 3",
        "Klondike draw three",
        "and the free-talon game",
    ),
    "father": ("solver-arrangements.jsonl", "Father", "Father", "and arrangements"),
    "following": ("solver-arrangements.jsonl", "Following", "Following", "and arrangements"),
}
"""Each set's current run of ``benchmarks/solver.py`` (C search, 1,000 deals), its column
on the history page, and its group and row in the solver page's table."""


@pytest.mark.parametrize("set_name", list(SOLVER_RUNS))
def test_the_docs_quote_the_solver_runs(set_name: str) -> None:
    results, column, group, label = SOLVER_RUNS[set_name]
    figures = solver_figures(results, set_name)
    history = table_headed(page("solver-history.md"), "search", "deals")
    columns = history[0]
    check(row(history, "C")[columns.index(column)], figures["decided"], f"history, C, {column}")

    solver_table = table_headed(page("solver.md"), "set", "", "decided within 10 s")
    group_now = ""
    for cells in solver_table[1:]:
        group_now = cells[0] or group_now
        if group_now == group and cells[1] == label:
            where = f"solver.md, {group}, {label}"
            check(cells[2], figures["decided"], where)
            check(cells[3], figures["median"], where)
            check(cells[4], figures["p90"], where)
            check(cells[5], figures["peak"], where)
            return
    raise AssertionError(f"solver.md has no row {label!r} for {group}")


def test_the_history_page_quotes_the_python_search_and_the_free_talon_time() -> None:
    history_page = page("solver-history.md")
    python_row = row(table_headed(history_page, "search", "deals"), "pure Python")
    for set_name, column in [("klondike", 2), ("klondike draw 3", 3)]:
        figures = solver_figures("solver-python-twins.jsonl", set_name)
        check(python_row[column], figures["decided"], f"history, pure Python, {set_name}")
    machine = float(solver_figures("solver-free-talon.jsonl", "klondike draw 3")["machine"])
    assert f"the 1,000 deals' time from 172 s to {machine:.0f} s" in " ".join(history_page.split())


# ------------------------------------------------------------------------ fair strategy
def fair_tables(name: str) -> list[Table]:
    return report_tables(f"{name}.report.md")


FAIR_ROWS = {
    "greedy": ("fair-commitments", 0, "greedy", ""),
    "fair, single moves ranked by wins": ("fair", 0, "fair", "seed 0"),
    "fair, single moves ranked by progress": ("fair-progress", 0, "fair", "seed 0"),
    "fair, commitments, 48 samples, greedy's move where none is won": (
        "fair-commitments",
        0,
        "fair",
        "48 samples, 5000 positions, seed 0",
    ),
    "fair, commitments, 64 samples, a walk of 200 quiet positions": (
        "fair-commitments",
        0,
        "fair",
        "64 samples, 5000 positions, seed 0",
    ),
    "fair, commitments, 64 samples, a walk of 5,000": (
        "fair-commitments",
        0,
        "fair",
        "a walk of 5000 quiet positions, seed 0",
    ),
    "the same, samples drawn from what is seen, no line back to a seen position (kept)": (
        "fair-commitments",
        0,
        "fair",
        "turns seeded by what is seen",
    ),
}
"""The rows of the fair strategy's table (docs/judgement.md): report, table, strategy, settings."""


@pytest.mark.parametrize("label", list(FAIR_ROWS))
def test_the_fair_strategy_table_quotes_the_reports(label: str) -> None:
    report, table, strategy, settings = FAIR_ROWS[label]
    source = report_row(fair_tables(report)[table], "klondike draw 3", strategy, settings)
    quoted = row(table_headed(page("judgement.md"), "strategy", "won of 500"), label)
    check_cells(quoted, source, [(1, 4), (2, 5), (3, 6)], f"judgement.md, {label}")
    # greedy's time per deal is under 0.01 s: the page gives no mean and p90 for it
    if strategy != "greedy":
        check(quoted[4], f"{source[7]} {source[8]}", f"judgement.md, {label}, time")


RACED = "alike within 0.5 cards)"
"""How the settings of the version with up to 64 samples end in the fair-models report."""
MORE_SAMPLES = "alike within 2 cards)"
"""How the settings of the version with up to 256 samples end in the fair-models report."""
LINES = "commitments beyond the walk read from winning lines"
"""How the settings of the version before end in the reports (up to 256 samples, and the
commitments beyond the walk read from the samples' winning lines)."""
SHOWN = "a card unseen shown first among choices the samples cannot tell apart"
"""How the settings of the kept version end in the reports (the version before, and a
commitment that shows an unseen card played where the samples cannot tell it from the
furthest)."""
DEEPER = "judged deeper where as many samples are undecided as won"
"""How the settings of a version tried and not kept end in the fair-models report (the kept
one, an eighth of the positions after an undecided sample, and the samples judged again
deeper whenever the furthest commitment has as many undecided as won)."""

GUIDE_FAIR = {
    "Klondike draw 3": ("klondike draw 3", 0, "fair", SHOWN),
    "Klondike draw 3, stock known": ("klondike draw 3", 0, "fair, stock known", SHOWN),
    "Klondike draw 1": ("klondike draw 1", 2, "fair", SHOWN),
    "Klondike draw 1, stock known": ("klondike draw 1", 2, "fair, stock known", SHOWN),
    "Father": ("father", 2, "fair", SHOWN),
    "Following": ("following", 2, "fair", SHOWN),
}
"""The rows of the fair strategy's table in the guide, by the label before the deal count:
the set, the fair-models report's table (0: seeds 0 to 999, 2: the first 500), the strategy
and the version."""


def guide_row(label: str) -> list[str]:
    """The guide's row for ``label`` ("Father" for "Father, 500")."""
    table = table_headed(page("guide/fair-judgement.md"), "deals", "greedy", "fair")
    found = [cells for cells in table[1:] if cells[0].rsplit(", ", 1)[0] == label]
    assert found, f"the guide gives no row for {label}"
    return found[0]


@pytest.mark.parametrize("label", list(GUIDE_FAIR))
def test_the_fair_judgement_guide_quotes_the_report(label: str) -> None:
    set_name, table, strategy, version = GUIDE_FAIR[label]
    reports = fair_tables("fair-models")
    quoted = guide_row(label)
    fair = report_row(reports[table], set_name, strategy, version)
    greedy = report_row(reports[table], set_name, "greedy")
    where = f"guide/fair-judgement.md, {label}"
    check(quoted[0].rsplit(", ", 1)[1], fair[3], where + ", deals")
    check(quoted[1], f"{greedy[5]} {greedy[6]}", where + ", greedy")
    check(quoted[2], f"{fair[5]} {fair[6]}", where + ", fair")
    check(quoted[3], fair[9], where + ", processor time")


BEFORE = ", version before"
UNSEEN, KNOWN = "fair, stock unseen until drawn", "fair, stock known"
DRAW_3, DRAW_1 = "klondike draw 3", "klondike draw 1"
MODELS = {
    ("Klondike draw 3", "greedy"): (DRAW_3, 0, "greedy", ""),
    ("Klondike draw 3", UNSEEN): (DRAW_3, 0, "fair", SHOWN),
    ("Klondike draw 3", KNOWN): (DRAW_3, 0, KNOWN, SHOWN),
    ("Klondike draw 3", UNSEEN + BEFORE): (DRAW_3, 0, "fair", LINES),
    ("Klondike draw 3", KNOWN + BEFORE): (DRAW_3, 0, KNOWN, LINES),
    ("Klondike draw 1", "greedy"): (DRAW_1, 2, "greedy", ""),
    ("Klondike draw 1", UNSEEN): (DRAW_1, 2, "fair", SHOWN),
    ("Klondike draw 1", KNOWN): (DRAW_1, 2, KNOWN, SHOWN),
    ("Klondike draw 1", UNSEEN + BEFORE): (DRAW_1, 2, "fair", LINES),
    ("Klondike draw 1", KNOWN + BEFORE): (DRAW_1, 2, KNOWN, LINES),
    ("Father", "greedy"): ("father", 2, "greedy", ""),
    ("Father", UNSEEN): ("father", 2, "fair", SHOWN),
    ("Father", UNSEEN + BEFORE): ("father", 2, "fair", LINES),
    ("Following", "greedy"): ("following", 2, "greedy", ""),
    ("Following", UNSEEN): ("following", 2, "fair", SHOWN),
    ("Following", UNSEEN + BEFORE): ("following", 2, "fair", LINES),
}
"""The both-models table of docs/judgement.md: its rows by the report's table, set,
strategy and settings."""


@pytest.mark.parametrize("label", list(MODELS))
def test_the_both_models_table_quotes_the_report(label: tuple[str, str]) -> None:
    set_name, table, strategy, settings = MODELS[label]
    table_rows = table_headed(page("judgement.md"), "set", "model", "deals")
    quoted = [cells for cells in table_rows[1:] if tuple(cells[:2]) == label]
    assert quoted, f"judgement.md gives no row for {label}"
    source = report_row(fair_tables("fair-models")[table], set_name, strategy, settings)
    columns = [(2, 3), (3, 4), (4, 5), (5, 6), (6, 9)]
    check_cells(quoted[0], source, columns, f"judgement.md, both models, {label}")


TECHNIQUES = {
    "before: every commitment on all 64 samples, the talon's turns walked as positions (bound 5,000)": (
        "fair-models",
        4,
        "a walk of 5000 quiet positions, seed 0, turns seeded by what is seen",
    ),
    "the talon walked apart (bound 1,000), searches without lines, short searches in this thread": (
        "fair-replay",
        1,
        "every commitment on every sample",
    ),
    "the same and the race": ("fair-replay", 1, RACED),
    "up to 256 samples of 1,000 positions, raced from 32": ("fair-models", 4, MORE_SAMPLES),
    "the same and the commitments beyond the walk read from winning lines": ("fair-models", 4, LINES),
    "the same and a card shown first where the samples cannot tell (kept)": ("fair-models", 4, SHOWN),
}
"""The technique table of docs/judgement.md: its rows by report, the report's table of the
first 50 deals and the end of the settings (the stock known). The middle rows are replays
with the current search (fair-replay); the first is the version before, on its own search."""


@pytest.mark.parametrize("label", list(TECHNIQUES))
def test_the_technique_table_quotes_the_report(label: str) -> None:
    report, table, settings = TECHNIQUES[label]
    source = report_row(fair_tables(report)[table], "klondike draw 3", "fair, stock known", settings)
    quoted = row(
        table_headed(page("judgement.md"), "version (Klondike draw three, the stock known, seeds 0–49)"),
        label,
    )
    check_cells(quoted, source, [(1, 3), (2, 4), (3, 9)], f"judgement.md, techniques, {label}")


def test_the_replayed_times_quote_the_reports() -> None:
    """The time the samples cost, both versions replayed on the same deals."""
    stock_known = ("klondike draw 3", "fair, stock known")
    up_to_64 = report_row(fair_tables("fair-replay")[0], *stock_known, RACED)
    up_to_256 = report_row(fair_tables("fair-models")[3], *stock_known, MORE_SAMPLES)
    seconds = [cells[9].split(" (")[0] for cells in (up_to_64, up_to_256)]
    expected = (
        f"the version with up to 64 samples of 5,000 positions takes {seconds[0]} a deal with the stock "
        f"known where the version with up to 256 samples of 1,000 positions takes {seconds[1]}"
    )
    assert expected in " ".join(page("judgement.md").split())


SHARED_AGAIN = ", each sample's search from the position made again by the judging"
"""How the settings of the version that searched each sample twice end in fair-replay.jsonl."""


def test_the_shared_searches_times_quote_the_replay_report() -> None:
    """The current version and the one that searched the samples twice, side by side."""
    table = fair_tables("fair-replay")[0]
    runs = [("father", "fair"), ("following", "fair"), ("klondike draw 3", "fair, stock known")]
    seconds = [
        report_row(table, *run, settings)[9].split(" (")[0]
        for run in runs
        for settings in (LINES, SHARED_AGAIN)
    ]
    expected = (
        f"the same games take {seconds[0]} a deal on the first 100 Father deals where the version that made "
        f"them twice takes {seconds[1]}, {seconds[2]} on Following against {seconds[3]}, and {seconds[4]} "
        f"against {seconds[5]} on the first 30 draw-three deals with the stock known"
    )
    assert expected in " ".join(page("judgement.md").split())


TRIAL = (
    "{samples} samples, 5000 positions, seed 0; commitments, ranked by the cards home they "
    "reach (the trial, which judged single moves where no commitment was in reach)"
)
VARIANTS = [
    (
        ("trial", "16 × 5,000"),
        "fair-variants",
        0,
        TRIAL.format(samples=16),
    ),
    (
        ("trial", "48 × 5,000"),
        "fair-variants",
        0,
        TRIAL.format(samples=48),
    ),
    (
        ("the 48-sample version, the furthest choice where none is won after the deeper search",),
        "fair-variants",
        0,
        "the furthest one played where none is won after the deeper search (not greedy's move)",
    ),
    (("the 48-sample run above",), "fair-commitments", 1, "48 samples, 5000 positions, seed 0"),
    (
        ("64 samples, the walk of 200 (then kept)",),
        "fair-commitments",
        1,
        "64 samples, 5000 positions, seed 0",
    ),
]
"""The commitments variants table of docs/judgement.md: row, report, table, settings."""

SINGLE_MOVES = [
    (("wins only (the earlier version)",), "fair", 1, "16 samples, 5000 positions, seed 0"),
    (("wins only", "8 × 20,000"), "fair-experiments", 0, "8 samples, 20000 positions, seed 0; wins only"),
    (("wins, then progress", "16 × 5,000"), "fair-experiments", 0, "seed 0; wins first, then progress"),
    (
        ("wins, then progress, also after a deeper search, never greedy's move",),
        "fair-experiments",
        0,
        "also in the deeper pass, never greedy when nothing is won",
    ),
    (
        ("wins, then progress counted as cards home less cards face down",),
        "fair-experiments",
        0,
        "then progress as cards home less cards face down",
    ),
    (
        ("progress (wins count 52 cards)", "16 × 5,000"),
        "fair-progress",
        1,
        "16 samples, 5000 positions, seed 0",
    ),
    (
        ("progress (wins count 52 cards)", "32 × 5,000"),
        "fair-experiments",
        0,
        "32 samples, 5000 positions, seed 0; progress first (the new version)",
    ),
    (
        ("progress, without the tie-break by winning lines' first moves",),
        "fair-variants",
        0,
        "progress first, without the leads tie-break",
    ),
    (
        ("progress, but a move that turns a face-down card first among moves within one card of the best",),
        "fair-variants",
        0,
        "a move turning a face-down card first among moves within one card of the best",
    ),
    (
        ("progress, but the first move of most winning lines first among moves within one win of the best",),
        "fair-variants",
        0,
        "the move most winning lines start with first among moves within one win of the best",
    ),
    (
        ("the first move of most winning lines (a vote), progress where no line was found",),
        "fair-variants",
        0,
        "(a vote), progress when no line is found",
    ),
    (
        ("progress (wins count 52 cards)", "16 × 20,000"),
        "fair-variants",
        0,
        "16 samples, 20000 positions, seed 0; progress first (the kept version)",
    ),
    (
        ("progress (wins count 52 cards)", "16 × 2,500"),
        "fair-variants",
        0,
        "16 samples, 2500 positions, seed 0; progress first (the kept version)",
    ),
    (
        (
            "progress (wins count 52 cards), each sample searched in turns of 250 positions, "
            "depth-first and best-first",
        ),
        "fair-variants",
        0,
        "each sample searched in turns of 250 positions, depth-first and best-first",
    ),
]
"""The single-move table of docs/judgement.md: row, report, table, settings (rows the
results files do not hold are left out: the 16 (+48) samples run)."""


@pytest.mark.parametrize(
    ("header", "first", "report", "table", "settings"),
    [("commitments", *variant) for variant in VARIANTS] + [("ranking", *variant) for variant in SINGLE_MOVES],
    ids=lambda value: value[0] if isinstance(value, tuple) else None,
)
def test_the_variants_tables_quote_the_reports(
    header: str, first: tuple[str, ...], report: str, table: int, settings: str
) -> None:
    source = report_row(fair_tables(report)[table], "klondike draw 3", "fair", settings)
    quoted = row(table_headed(page("judgement.md"), header, "samples × positions"), *first)
    check_cells(quoted, source, [(2, 4), (3, 7)], f"judgement.md, {first}")


HELD_OUT_RACE = f"every 8, 2 standard errors, alike within 2 cards), {LINES}"
HELD_OUT_BEFORE = f"from 32 samples, {HELD_OUT_RACE}"
"""How the settings of the version before the kept one end in the held-out report."""
HELD_OUT = {
    "none: the version then current": HELD_OUT_BEFORE,
    "a turn ends when the rest are within one card of the leader, not two": f"alike within 1 cards), {LINES}",
    "the race from the 48th sample, not the 32nd": (f"from 48 samples, {HELD_OUT_RACE}"),
    "after an undecided sample, half the positions for each choice, not a quarter": (
        f"{HELD_OUT_BEFORE}, a half of the positions after an undecided sample"
    ),
    "after an undecided sample, all the positions": (
        f"{HELD_OUT_BEFORE}, all the positions after an undecided sample"
    ),
    "after an undecided sample, an eighth of the positions": (
        f"{HELD_OUT_BEFORE}, an eighth of the positions after an undecided sample"
    ),
    "judged again deeper whenever the furthest choice has as many samples undecided as won, not only when "
    "it wins none": (f"{HELD_OUT_BEFORE}, judged deeper where as many samples are undecided as won"),
    "both of the last two": (
        f"{HELD_OUT_BEFORE}, an eighth of the positions after an undecided sample, "
        "judged deeper where as many samples are undecided as won"
    ),
}
"""The held-out table of docs/judgement.md: its rows by how the settings in the report end."""


@pytest.mark.parametrize("label", list(HELD_OUT))
def test_the_held_out_table_quotes_the_report(label: str) -> None:
    source = report_row(fair_tables("fair-held-out")[0], DRAW_3, KNOWN, HELD_OUT[label])
    quoted = row(table_headed(page("judgement.md"), "change (the version then current otherwise)"), label)
    check_cells(quoted, source, [(1, 3), (2, 4), (3, 9)], f"judgement.md, held out, {label}")


@pytest.mark.parametrize(
    ("label", "strategy"), [("stock known", KNOWN), ("stock unseen until drawn", "fair")]
)
def test_the_tried_version_on_the_reported_deals_quotes_the_report(label: str, strategy: str) -> None:
    table = fair_tables("fair-models")[0]
    tried, current = (report_row(table, DRAW_3, strategy, version) for version in (DEEPER, LINES))
    source = f"{tried[3]} {tried[4]} {current[4]} {tried[9].split(' (')[0]} {current[9].split(' (')[0]}"
    quoted = row(table_headed(page("judgement.md"), "model (Klondike draw three, seeds 0–999)"), label)
    check(" ".join(quoted[1:]), source, f"judgement.md, the tried version, {label}")


SHOWN_HELD_OUT = {
    "the version before": HELD_OUT_BEFORE,
    "the same and a card shown first where the samples cannot tell (kept)": f"{HELD_OUT_BEFORE}, {SHOWN}",
}
"""The held-out table of the card shown first (docs/judgement.md): its rows by how the
settings in the held-out report's second table (seeds 2,000 to 2,399) end."""


@pytest.mark.parametrize("label", list(SHOWN_HELD_OUT))
def test_the_card_shown_first_held_out_table_quotes_the_report(label: str) -> None:
    source = report_row(fair_tables("fair-held-out")[1], DRAW_3, KNOWN, SHOWN_HELD_OUT[label])
    quoted = row(table_headed(page("judgement.md"), "version (seeds 2,000–2,399, the stock known)"), label)
    check_cells(quoted, source, [(1, 3), (2, 4), (3, 7)], f"judgement.md, a card shown first, {label}")


# ------------------------------------------------------------------------- hints, peers
HINT_SETS = {
    "klondike draw 1": "Klondike, draw 1",
    "klondike draw 3": "Klondike, draw 3",
    "father": "Father",
    "following": "Following",
}


def test_the_solver_page_quotes_the_hints_report() -> None:
    solver_hints, fair_hints = fair_tables("hints")
    quoted = table_headed(page("solver.md"), "Game", "won by following")
    for set_name, label in HINT_SETS.items():
        check_cells(
            row(quoted, label),
            row(solver_hints, set_name),
            [(1, 2), (2, 3), (3, 4), (4, 5)],
            f"solver.md, hints, {label}",
        )
    strategy, hint = row(fair_hints, "strategy"), row(fair_hints, "hint")
    assert strategy[2] == hint[2]
    report = (RESULTS / "hints.report.md").read_text(encoding="utf-8")
    same = re.search(r"The same moves both ways in (\d+) of (\d+) deals", report)
    assert same
    guide = " ".join(page("guide/fair-judgement.md").split())
    assert f"both won {strategy[2]} deals with the same moves in all {same[1]}" in guide


def peers_rows() -> dict[tuple[str, str], list[str]]:
    """The peers' rows the engine guide quotes, by draw and solver: drawing three from the
    latest run, drawing one from the run before (the talon test changed nothing there), with
    each run's counts of deals decided by one solver alone."""
    latest, before = report_tables("peers.md")[:2]
    found: dict[tuple[str, str], list[str]] = {}
    for table, draws in [(latest, {"3"}), (before, {"1"})]:
        draw = ""
        for cells in table[1:]:
            draw = cells[0] or draw
            if draw not in draws:
                continue
            if cells[0]:
                found[draw, cells[1]] = cells
            else:
                alone = numbers(cells[1])
                found[draw, "ours (C search)"].append(alone[0])
                found[draw, "Klondike-Solver"].append(alone[1])
    return found


def test_the_engine_guide_quotes_the_peers_runs() -> None:
    quoted = table_headed(page("guide/engine.md"), "draw", "solver", "decided within 10 s")
    for (draw, solver), source in peers_rows().items():
        cells = row(quoted, draw, solver)
        where = f"guide/engine.md, peers, draw {draw}, {solver}"
        check(cells[2], f"{int(source[3]) + int(source[4])} {source[2]}", where)
        check_cells(cells, source, [(3, 7), (4, 8), (5, 9), (6, 10)], where)


# ------------------------------------------------------------------ the race and the walk
RACE_SETTINGS = {
    "from 8 samples, 2 standard errors": "least 8, every 8, 2 errors, alike 0.5",
    "from 16 samples, 1.5 standard errors": "least 16, every 8, 1.5 errors, alike 0.5",
    "from 16 samples, 2 standard errors (kept for 64 samples)": (
        "least 16, every 8, 2 errors, alike 0.5 (kept)"
    ),
    "from 24 samples, 2 standard errors": "least 24, every 8, 2 errors, alike 0.5",
    "no race, 32 samples": "no race, 32 samples",
    "no race, 16 samples": "no race, 16 samples",
}
"""The race table of docs/judgement.md: its rows by the report's (race.report.md)."""


@pytest.mark.parametrize("label", list(RACE_SETTINGS))
def test_the_race_table_quotes_the_race_report(label: str) -> None:
    source = row(report_tables("race.report.md")[0], RACE_SETTINGS[label])
    quoted = row(table_headed(page("judgement.md"), "setting", "searches, tuning"), label)
    check_cells(quoted, source, [(1, 1), (2, 2), (3, 4), (4, 5), (5, 6)], f"judgement.md, race, {label}")


@pytest.mark.parametrize("bound", ["500", "1,000 (kept)", "2,000", "5,000"])
def test_the_walk_table_quotes_the_walk_report(bound: str) -> None:
    source = row(report_tables("walk.report.md")[0], bound)
    quoted = row(
        table_headed(page("judgement.md"), "bound", "turns whose choices differ from a bound of 5,000"), bound
    )
    check_cells(quoted, source, [(1, 1), (2, 2)], f"judgement.md, walk, {bound}")


def test_the_samples_table_quotes_the_samples_report() -> None:
    source = report_tables("samples.report.md")[0]
    quoted = table_headed(page("judgement.md"), "samples", "positions", "race", "gain per game")
    assert len(quoted) == len(source), "judgement.md's samples table has a row per setting"
    for mine, theirs in zip(quoted[1:], source[1:], strict=True):
        where = f"judgement.md, samples, {mine[0]}"
        check(mine[0].removesuffix(" (kept)"), theirs[0], where)
        check_cells(mine, theirs, [(1, 1), (3, 3), (4, 4)], where)
        if theirs[2] == "none":
            assert mine[2] == "none", f"{where}: the docs race {mine[2]!r}, the results none"
        else:
            check(mine[2], theirs[2], where + ", race")
