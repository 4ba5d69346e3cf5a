"""The widget's messages as a kernel running in Pyodide (JupyterLite's) must send them.

Pyodide (JupyterLite's Python kernel) hands each message to the page as a JavaScript object,
and its conversion turns ``None`` into ``undefined``, not ``null``: a field the protocol
(``protocol.md``) says is null would reach the view missing, and the view would drop the row
or state that carries it (the move list's first row has no parent, say). The other way, a
JavaScript null reaches Python as ``jsnull``, not None, and an intent's null seed would be
refused. So there every None goes as Pyodide's ``jsnull`` and every ``jsnull`` that comes is
read as None; in any other kernel the messages go and come as they are.
"""

from __future__ import annotations

from typing import Any

try:
    from pyodide.ffi import jsnull as _JS_NULL
except ImportError:  # not in Pyodide: JSON carries None as null
    _JS_NULL = None

__all__ = ["for_the_view", "from_the_view", "trait_to_json"]


def for_the_view(value: Any) -> Any:
    """``value`` (a message or a trait's value, made of dicts, lists and JSON scalars) as the
    view must get it: with every None as ``jsnull`` in Pyodide; itself elsewhere."""
    if _JS_NULL is None:
        return value
    return _replaced(value, None, _JS_NULL)


def from_the_view(value: Any) -> Any:
    """A message from the view as Python reads it: with every ``jsnull`` as None in Pyodide;
    itself elsewhere."""
    if _JS_NULL is None:
        return value
    return _replaced(value, _JS_NULL, None)


def _replaced(value: Any, old: Any, new: Any) -> Any:
    """``value`` with ``old`` (None or ``jsnull``) as ``new`` in its dicts and lists."""
    if value is old:
        return new
    if isinstance(value, dict):
        return {key: _replaced(item, old, new) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_replaced(item, old, new) for item in value]
    return value


def trait_to_json(value: Any, _widget: object) -> Any:
    """A synced trait's serializer (ipywidgets' ``to_json``): ``for_the_view``."""
    return for_the_view(value)
