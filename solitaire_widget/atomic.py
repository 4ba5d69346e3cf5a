"""Objects shared between threads whose public methods are atomic: each runs holding the
object's re-entrant lock, so no other thread sees or makes a change halfway.

``Game`` is one (a board's intents, a cell and a strategy player may use one game at the
same time). A class opts in by deriving from ``Atomic`` and taking the decorator
``atomic_members``, which wraps every public method and property once, at class creation: a
method added later is atomic without anyone remembering to make it so. The few members
that must not hold the lock throughout are named, with the reason, in the decorator's call.

>>> @atomic_members(unlocked={})
... class Counter(Atomic):
...     def __init__(self) -> None:
...         super().__init__()
...         self.count = 0
...     def add(self) -> bool:
...         self.count += 1
...         return self.lock._is_owned()
>>> Counter().add()
True
"""

from __future__ import annotations

import functools
import inspect
import threading
from collections.abc import Callable, Mapping
from typing import Concatenate, ParamSpec, TypeVar, cast

_P = ParamSpec("_P")
_R = TypeVar("_R")
_C = TypeVar("_C", bound=type)
_A = TypeVar("_A", bound="Atomic")

LOCKED_DUNDERS = ("__str__", "__repr__", "__reduce__")
"""The special methods that read an object and so hold its lock too."""


class Atomic:
    """Owns the re-entrant ``lock`` its atomic methods hold (copies built through
    ``__init__`` get their own; a lock never pickles)."""

    def __init__(self) -> None:
        self._lock = threading.RLock()

    @property
    def lock(self) -> threading.RLock:
        """The re-entrant lock every public method and property holds while it runs; hold
        it (``with obj.lock: ...``) to make several calls one step."""
        return self._lock


def locked(method: Callable[Concatenate[_A, _P], _R]) -> Callable[Concatenate[_A, _P], _R]:
    """``method`` run holding its object's lock.

    Written for speed, as measured by ``benchmarks/engine_versus.py`` (each engine step is
    two locked calls): ``acquire``/``release`` cost less than a ``with`` block, and a method
    that takes only ``self`` (every property) gets a wrapper without ``*args``/``**kwargs``.
    """
    if len(inspect.signature(method).parameters) == 1:
        only_self = cast(Callable[[_A], _R], method)

        def holding_the_lock_alone(shared: _A) -> _R:
            lock = shared._lock
            lock.acquire()
            try:
                return only_self(shared)
            finally:
                lock.release()

        return cast(Callable[Concatenate[_A, _P], _R], functools.wraps(method)(holding_the_lock_alone))

    @functools.wraps(method)
    def holding_the_lock(shared: _A, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        lock = shared._lock
        lock.acquire()
        try:
            return method(shared, *args, **kwargs)
        finally:
            lock.release()

    return holding_the_lock


def atomic_members(*, unlocked: Mapping[str, str]) -> Callable[[_C], _C]:
    """A class decorator: every public method and property of the class, and its
    ``LOCKED_DUNDERS``, hold the object's lock, but those named in ``unlocked`` (each with
    the reason why). Class and static methods are left alone: they have no object."""

    def decorate(cls: _C) -> _C:
        for name, member in list(vars(cls).items()):
            if name in unlocked or (name.startswith("_") and name not in LOCKED_DUNDERS):
                continue
            if isinstance(member, property):
                setattr(cls, name, property(locked(member.fget)))  # type: ignore[arg-type]
            elif inspect.isfunction(member):
                setattr(cls, name, locked(member))
        return cls

    return decorate
