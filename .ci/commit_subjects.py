"""Commit subjects stay readable: every commit after the baseline, merges included, has a
subject of at most 72 characters (the detail goes in the body).

The baseline is main's head when the rule came in; the history before it is left as it
is. Without git, outside a repository, or in a clone whose history lacks the baseline (a
shallow one), there is nothing to check: the script says so and succeeds.

Run: ``python .ci/commit_subjects.py [--baseline COMMIT] [--limit N]`` from the repository
(``./run check`` does). Exit status 1 lists the commits whose subjects are too long.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Sequence

BASELINE = "6c1d41bef843e3471fc5bab6efd0e33a1549844b"
LIMIT = 72


def git(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *arguments], capture_output=True, text=True, encoding="utf-8", check=False)


def subjects_after(baseline: str) -> list[tuple[str, str]] | str:
    """The short hash and subject of each commit after ``baseline`` up to HEAD, or why
    there is no history to read."""
    try:
        inside = git("rev-parse", "--is-inside-work-tree")
    except FileNotFoundError:
        return "git is not installed"
    if inside.returncode != 0:
        return "not in a git repository"
    if git("cat-file", "-e", f"{baseline}^{{commit}}").returncode != 0:
        return f"the baseline {baseline[:12]} is not in this history (a shallow clone?)"
    log = git("log", "--format=%h%x00%s", f"{baseline}..HEAD")
    if log.returncode != 0:
        return f"git log failed: {log.stderr.strip()}"
    return [
        (commit, subject) for commit, _, subject in (line.partition("\0") for line in log.stdout.splitlines())
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--baseline", default=BASELINE, help="the last commit left unchecked")
    parser.add_argument("--limit", type=int, default=LIMIT, help="the most characters a subject may have")
    args = parser.parse_args(argv)
    found = subjects_after(args.baseline)
    if isinstance(found, str):
        print(f"commit subjects: not checked: {found}")
        return 0
    too_long = [(commit, subject) for commit, subject in found if len(subject) > args.limit]
    if too_long:
        print(f"commit subjects over {args.limit} characters (put the detail in the body):")
        for commit, subject in too_long:
            print(f"  {commit} ({len(subject)}): {subject}")
        return 1
    print(f"commit subjects: {len(found)} after {args.baseline[:7]}, none over {args.limit} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
