"""What the benchmark scripts share to print their figures."""

from __future__ import annotations

from collections.abc import Iterable


def percentile(values: Iterable[float], share: float) -> float:
    """The value at ``share`` of the way through ``values`` in order (0.9: the 90th
    percentile), by nearest rank: always one of the values, never between two."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
