"""The rules for sending a strategy to worker processes.

A strategy is pickled once per run and sent with each chunk of deals. With cloudpickle
installed (the ``sim`` extra), lambdas and functions defined in a notebook cell travel by
value; without it, a strategy must be importable by the worker: defined in a module, not
in ``__main__`` (the notebook or script itself), which a worker started afresh does not
have. ``pack`` says which strategy cannot travel and why, before any deal is sent;
``unpack`` is the worker's side, with what to do when loading fails.
"""

from __future__ import annotations

import io
import pickle
from typing import Any

from .step import describe
from .view import Strategy

__all__ = ["CannotUnpack", "name_of", "pack", "unpack"]

_EXTRA = "pip install solitaire-widget[sim]"


def name_of(strategy: object) -> str:
    """A strategy's name for people: a function's name, else its repr (``Lookahead(depth=2)``)."""
    name = getattr(strategy, "__qualname__", None)
    return name if isinstance(name, str) else describe(strategy)


def pack(strategy: Strategy) -> bytes | str:
    """The strategy pickled for worker processes, or why it cannot be, in words."""
    try:
        import cloudpickle
    except ImportError:
        return _pack_by_reference(strategy)
    try:
        payload = cloudpickle.dumps(strategy)
    except Exception as error:
        return f"{name_of(strategy)} cannot be pickled ({type(error).__name__}: {error})"
    return bytes(payload)


def _pack_by_reference(strategy: Strategy) -> bytes | str:
    try:
        payload = pickle.dumps(strategy)
    except Exception as error:
        return (
            f"{name_of(strategy)} cannot be pickled ({type(error).__name__}: {error}); "
            f"a lambda or a function made inside another needs cloudpickle ({_EXTRA})"
        )
    try:
        _NoMain(io.BytesIO(payload)).load()
    except _NeedsMain:
        return (
            f"{name_of(strategy)} is defined in the notebook or script itself (__main__), which "
            f"worker processes cannot import; install cloudpickle ({_EXTRA}) "
            "to send it by value, or define it in a module"
        )
    return payload


class CannotUnpack(Exception):
    """A worker could not load the strategy; the message says why and what to do."""


def unpack(payload: bytes) -> Strategy:
    """The strategy ``pack`` pickled, loaded in a worker; ``CannotUnpack`` saying why not."""
    try:
        strategy = pickle.loads(payload)
    except Exception as error:
        raise CannotUnpack(
            f"the worker could not load the strategy ({type(error).__name__}: {error}); define it "
            f"in a module, or install cloudpickle ({_EXTRA}) to send it by value"
        ) from None
    if not callable(strategy):
        raise CannotUnpack(f"the worker loaded {describe(strategy)}, which is not a strategy")
    return strategy  # type: ignore[no-any-return]


class _NeedsMain(Exception):
    pass


class _NoMain(pickle.Unpickler):
    """Unpickles, refusing anything that only ``__main__`` defines (which a worker started
    afresh does not have)."""

    def find_class(self, module: str, name: str) -> Any:
        if module == "__main__":
            raise _NeedsMain(name)
        return super().find_class(module, name)
