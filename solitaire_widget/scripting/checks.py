"""The check of a whole-number argument of scripting (deals, moves, chunk sizes, depths,
seeds), written once so that each says what it wants the same way.

>>> check_whole_number("max_moves", None, "moves", 0, none_ok=True)
>>> check_whole_number("n", True, "deals", 0)
Traceback (most recent call last):
ValueError: n must be a whole number of deals from 0, not True
"""

from __future__ import annotations

__all__ = ["check_whole_number"]


def check_whole_number(
    name: str, value: object, unit: str = "", low: int | None = None, *, none_ok: bool = False
) -> None:
    """Nothing when ``value`` is a whole number (not a bool) from ``low`` (None: any), or
    None with ``none_ok``; else ``ValueError`` naming ``name``, what it counts and the bounds."""
    if value is None and none_ok:
        return
    if isinstance(value, bool) or not isinstance(value, int) or (low is not None and value < low):
        counted = f" of {unit}" if unit else ""
        bound = "" if low is None else f" from {low}"
        optional = " or None" if none_ok else ""
        raise ValueError(f"{name} must be a whole number{counted}{bound}{optional}, not {value!r}")
