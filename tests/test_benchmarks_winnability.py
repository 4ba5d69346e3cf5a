"""benchmarks/winnability.py: a run resumes where it stopped, refuses to mix results
solved under other conditions, and names bad input. Father deals solve in milliseconds,
so the runs here are real ones, in this process (``--workers 1``)."""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "winnability.py"
spec = importlib.util.spec_from_file_location("winnability_benchmark", SCRIPT)
assert spec is not None and spec.loader is not None
winnability = importlib.util.module_from_spec(spec)
spec.loader.exec_module(winnability)


@pytest.fixture
def solved(monkeypatch):
    """The seeds the run solves, in order; a seed in ``stop_at`` raises Ctrl-C instead."""
    seeds: list[int] = []
    stop_at: set[int] = set()
    solve = winnability.solve_seeds

    def counting(game, options, chunk, time_limit, identity):
        for seed in chunk:
            if seed in stop_at:
                raise KeyboardInterrupt
            seeds.append(seed)
        return solve(game, options, chunk, time_limit, identity)

    monkeypatch.setattr(winnability, "solve_seeds", counting)
    return seeds, stop_at


def run(results: Path, *extra: str) -> int:
    return winnability.main(["--sets", "father", "--workers", "1", "--results", str(results), *extra])


def lines(results: Path) -> list[dict]:
    return [json.loads(line) for line in (results / "father.jsonl").read_text().splitlines()]


def test_a_stopped_run_resumes_with_only_the_missing_seeds(tmp_path, solved, capsys):
    seeds, stop_at = solved
    stop_at.add(2)
    assert run(tmp_path, "--deals", "5", "--time-limit", "5") == 130
    assert "resume" in capsys.readouterr().err
    assert [row["seed"] for row in lines(tmp_path)[1:]] == [0, 1]

    stop_at.clear()
    seeds.clear()
    assert run(tmp_path, "--deals", "5", "--time-limit", "5") == 0
    assert seeds == [2, 3, 4]
    header, *rows = lines(tmp_path)
    assert header["header"]["set"] == "father" and header["header"]["time_limit"] == 5.0
    assert sorted(row["seed"] for row in rows) == [0, 1, 2, 3, 4]
    assert {row["verdict"] for row in rows} == {"winnable"}
    assert all(row["nodes"] > 0 and row["seconds"] >= 0 for row in rows)
    assert "| father | 5 | 5 | 0 | 0 | 100.00% |" in capsys.readouterr().out


def test_a_finished_run_solves_nothing_again_and_more_deals_solve_only_the_new_ones(tmp_path, solved):
    seeds, _ = solved
    run(tmp_path, "--deals", "3", "--time-limit", "5")
    run(tmp_path, "--deals", "3", "--time-limit", "5")
    run(tmp_path, "--deals", "4", "--time-limit", "5")
    assert seeds == [0, 1, 2, 3]


def test_a_line_cut_short_by_a_killed_run_is_dropped_and_its_seed_solved_again(tmp_path, solved):
    seeds, _ = solved
    run(tmp_path, "--deals", "2", "--time-limit", "5")
    path = tmp_path / "father.jsonl"
    path.write_text(path.read_text() + '{"seed": 2, "verd')
    seeds.clear()
    assert run(tmp_path, "--deals", "3", "--time-limit", "5") == 0
    assert seeds == [2]
    assert [row["seed"] for row in lines(tmp_path)[1:]] == [0, 1, 2]


@pytest.fixture
def looked(monkeypatch):
    """Each (seed, time limit) solved, in order; at the first look's 10 s the seeds in the
    returned set come out undecided, as if the search had run out of time."""
    calls: list[tuple[int, float]] = []
    hard: set[int] = set()
    solve = winnability.solve_seeds

    def first_look_fails_on_hard(game, options, chunk, time_limit, identity):
        rows = solve(game, options, chunk, time_limit, identity)
        calls.extend((seed, time_limit) for seed in chunk)
        for found in rows:
            if time_limit == 10 and found["seed"] in hard:
                found["verdict"] = "unknown"
        return rows

    monkeypatch.setattr(winnability, "solve_seeds", first_look_fails_on_hard)
    return calls, hard


def second_look_lines(results: Path) -> list[dict]:
    return [json.loads(line) for line in (results / "father.second-look.jsonl").read_text().splitlines()]


def test_a_second_look_searches_only_the_undecided_deals_and_the_table_counts_both(tmp_path, looked, capsys):
    calls, hard = looked
    hard.update({1, 4})
    assert run(tmp_path, "--deals", "6", "--second-look", "30") == 0
    assert calls == [(seed, 10.0) for seed in range(6)] + [(1, 30.0), (4, 30.0)]
    header, *rows = second_look_lines(tmp_path)
    assert header["header"]["time_limit"] == 30.0 and header["header"]["first look"] == 10.0
    assert [(row["seed"], row["verdict"]) for row in rows] == [(1, "winnable"), (4, "winnable")]
    first_look = [row["verdict"] for row in lines(tmp_path)[1:]]
    assert first_look.count("unknown") == 2  # the first look's file keeps its own verdicts
    out = capsys.readouterr().out
    assert "| father | 6 | 6 | 0 | 0 (2 after the first look) | 100.00% |" in out
    assert "second look: 30 s per deal, at 2 of the 2 deals the first left undecided" in out

    calls.clear()
    hard.add(7)
    assert run(tmp_path, "--deals", "8", "--second-look", "30") == 0
    assert calls == [(6, 10.0), (7, 10.0), (7, 30.0)]  # only what either file lacks


def test_without_a_second_look_the_table_counts_the_first_looks_verdicts_alone(tmp_path, looked, capsys):
    _, hard = looked
    hard.add(2)
    run(tmp_path, "--deals", "4")
    assert "| father | 4 | 3 | 0 | 1 | 75.00% |" in capsys.readouterr().out
    assert not (tmp_path / "father.second-look.jsonl").exists()


def test_a_second_look_at_another_time_limit_is_refused_before_anything_is_solved(tmp_path, looked, capsys):
    calls, hard = looked
    hard.add(1)
    run(tmp_path, "--deals", "3", "--second-look", "30")
    calls.clear()
    before = (tmp_path / "father.second-look.jsonl").read_text()
    assert run(tmp_path, "--deals", "5", "--second-look", "20") == 2
    said = capsys.readouterr().err
    assert "father.second-look.jsonl holds deals solved under other conditions" in said
    assert "time_limit: the file has 30.0, this run 20.0" in said
    assert calls == [] and (tmp_path / "father.second-look.jsonl").read_text() == before


def test_the_second_look_only_fills_in_undecided_deals():
    first = [
        {"seed": 0, "verdict": "unknown", "seconds": 10.0},
        {"seed": 1, "verdict": "winnable", "seconds": 1.0},
    ]
    second = [
        {"seed": 0, "verdict": "unwinnable", "seconds": 25.0},
        {"seed": 1, "verdict": "unknown", "seconds": 60},
    ]
    merged = winnability.with_second_look(first, second)
    assert [(row["verdict"], row["seconds"]) for row in merged] == [("unwinnable", 35.0), ("winnable", 1.0)]


def refused(results: Path, capsys, *extra: str) -> str:
    before = (results / "father.jsonl").read_text()
    assert run(results, "--deals", "3", *extra) == 2
    assert (results / "father.jsonl").read_text() == before
    return capsys.readouterr().err


def test_another_time_limit_is_refused(tmp_path, solved, capsys):
    run(tmp_path, "--deals", "2", "--time-limit", "5")
    said = refused(tmp_path, capsys, "--time-limit", "6")
    assert "refusing to mix" in said and "time_limit: the file has 5.0, this run 6.0" in said
    assert solved[0] == [0, 1]


def test_other_options_are_refused(tmp_path, solved, capsys):
    run(tmp_path, "--deals", "2", "--time-limit", "5")
    header, *rows = lines(tmp_path)
    header["header"]["options"] = {"redeals": 2}
    (tmp_path / "father.jsonl").write_text("".join(json.dumps(line) + "\n" for line in [header, *rows]))
    said = refused(tmp_path, capsys, "--time-limit", "5")
    assert "options: the file has {'redeals': 2}, this run {}" in said


@pytest.mark.parametrize("part", ["package", "search", "interface", "source digest"])
def test_another_version_of_the_solver_is_refused(tmp_path, solved, capsys, monkeypatch, part):
    run(tmp_path, "--deals", "2", "--time-limit", "5")
    identity = winnability.solver_identity()
    monkeypatch.setattr(winnability, "solver_identity", lambda: identity | {part: "other"})
    said = refused(tmp_path, capsys, "--time-limit", "5")
    assert f"solver {part}: the file has {identity[part]!r}, this run 'other'" in said


def test_a_refused_set_starts_no_file_for_the_others(tmp_path, solved, capsys):
    run(tmp_path, "--deals", "2", "--time-limit", "5")
    sets = "following,father"
    args = ["--sets", sets, "--workers", "1", "--results", str(tmp_path), "--deals", "2", "--time-limit", "6"]
    assert winnability.main(args) == 2
    assert not (tmp_path / "following.jsonl").exists()


def test_a_worker_with_another_solver_is_refused(tmp_path, capsys, monkeypatch):
    identity = winnability.solver_identity()
    monkeypatch.setattr(winnability, "_worker_identity", identity | {"source digest": "other"})
    assert run(tmp_path, "--deals", "2", "--time-limit", "5") == 2
    said = capsys.readouterr().err
    digest = identity["source digest"]
    assert (
        f"a worker's solver is not this run's (solver source digest: it has 'other', this run {digest!r})"
        in said
    )
    assert lines(tmp_path)[1:] == []


def test_the_solver_identity_changes_with_its_source(tmp_path, monkeypatch):
    before = winnability.solver_identity()
    solver = tmp_path / "solver"
    solver.mkdir(parents=True)
    (solver / "search.py").write_text("# a search\n")
    monkeypatch.setattr(winnability, "PACKAGE", tmp_path)
    first = winnability.solver_identity()
    (solver / "search.py").write_text("# another search\n")
    assert first["source digest"] != winnability.solver_identity()["source digest"] != before["source digest"]


@pytest.mark.parametrize(
    ("argument", "value", "named"),
    [
        ("--deals", "0", "--deals must be a whole number from 1, not 0"),
        ("--deals", "-5", "--deals must be a whole number from 1, not -5"),
        ("--time-limit", "0", "--time-limit must be a finite number of seconds above 0"),
        ("--time-limit", "-1", "--time-limit must be a finite number of seconds above 0"),
        ("--time-limit", "nan", "--time-limit must be a finite number of seconds above 0"),
        ("--time-limit", "inf", "--time-limit must be a finite number of seconds above 0"),
        ("--workers", "0", "--workers must be a whole number from 1, not 0"),
        ("--second-look", "0", "--second-look must be a finite number of seconds above 0"),
        ("--second-look", "nan", "--second-look must be a finite number of seconds above 0"),
        ("--second-look", "5", "--second-look must give more seconds per deal than --time-limit (10), not 5"),
        ("--sets", "klondike draw 2", "unknown set 'klondike draw 2'"),
    ],
)
def test_bad_input_is_named_and_changes_nothing(tmp_path, capsys, argument, value, named):
    with pytest.raises(SystemExit) as stopped:
        winnability.main(["--results", str(tmp_path), "--workers", "1", argument, value])
    assert stopped.value.code == 2
    assert named in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def row(verdict: str) -> dict:
    return {"verdict": verdict, "seconds": 1.0}


def test_the_interval_counts_undecided_deals_both_ways():
    rows = [row("winnable")] * 8 + [row("unwinnable"), row("unknown")]
    line = winnability.summary_row("father", rows)
    low, _ = winnability.wilson_interval(8, 10)
    _, high = winnability.wilson_interval(9, 10)
    assert f"| father | 10 | 8 | 1 | 1 | 80.00% | {low:.2%} – {high:.2%} " in line
    assert "| 10 s |" in line  # the machine time: the deals' times added up


def test_the_published_figures_are_said_inside_or_outside_our_interval():
    name = "klondike draw 3 no waste card"
    share, _ = winnability.PUBLISHED[name]
    inside = [row("winnable")] * 82 + [row("unwinnable")] * 18
    outside = [row("winnable")] * 990 + [row("unwinnable")] * 10
    assert winnability.summary_row(name, inside).endswith(f"{share:.3%} ± 0.084%: inside |")
    assert winnability.summary_row(name, outside).endswith(": outside |")
    assert math.isclose(share, 0.81945)
