""".ci/commit_subjects.py: subjects after the baseline, merges included, at most the
limit; the history before the baseline left alone; no history, nothing checked."""

from __future__ import annotations

import importlib.util
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / ".ci" / "commit_subjects.py"
spec = importlib.util.spec_from_file_location("commit_subjects", SCRIPT)
assert spec is not None and spec.loader is not None
commit_subjects = importlib.util.module_from_spec(spec)
spec.loader.exec_module(commit_subjects)

GIT_ENV = {
    "GIT_AUTHOR_NAME": "t",
    "GIT_AUTHOR_EMAIL": "t@example.invalid",
    "GIT_COMMITTER_NAME": "t",
    "GIT_COMMITTER_EMAIL": "t@example.invalid",
    "GIT_CONFIG_GLOBAL": "/dev/null",
    "GIT_CONFIG_NOSYSTEM": "1",
}


@pytest.fixture
def repository(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name, value in GIT_ENV.items():
        monkeypatch.setenv(name, value)
    monkeypatch.chdir(tmp_path)
    git("init", "-q", "-b", "main")
    return tmp_path


def git(*arguments: str) -> str:
    return subprocess.run(["git", *arguments], check=True, capture_output=True, text=True).stdout.strip()


def commit(subject: str) -> str:
    git("commit", "-q", "--allow-empty", "-m", subject)
    return git("rev-parse", "HEAD")


def test_only_commits_after_the_baseline_are_held_to_the_limit(repository: Path, capsys) -> None:
    commit("x" * 100)  # before the baseline: left alone
    baseline = commit("the baseline")
    commit("y" * 72)
    assert commit_subjects.main(["--baseline", baseline]) == 0
    commit("z" * 73)
    assert commit_subjects.main(["--baseline", baseline]) == 1
    assert f"(73): {'z' * 73}" in capsys.readouterr().out


def test_a_merge_commit_is_checked_too(repository: Path, capsys) -> None:
    baseline = commit("the baseline")
    git("checkout", "-q", "-b", "side")
    commit("on the side")
    git("checkout", "-q", "main")
    commit("on main")
    git("merge", "-q", "--no-ff", "side", "-m", "Merge branch 'side' " + "m" * 60)
    assert commit_subjects.main(["--baseline", baseline]) == 1
    assert "Merge branch 'side'" in capsys.readouterr().out


def test_characters_are_counted_not_bytes(repository: Path) -> None:
    baseline = commit("the baseline")
    commit("é" * 72)
    assert commit_subjects.main(["--baseline", baseline]) == 0


def test_without_the_history_nothing_is_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path.parent))
    assert commit_subjects.main([]) == 0
    assert "not checked: not in a git repository" in capsys.readouterr().out


def test_a_history_without_the_baseline_is_not_checked(repository: Path, capsys) -> None:
    commit("w" * 100)
    assert commit_subjects.main(["--baseline", "0" * 40]) == 0
    assert "is not in this history" in capsys.readouterr().out
