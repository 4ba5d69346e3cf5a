"""The widget's messages as a kernel running in the browser must send them.

Pyodide (JupyterLite's Python kernel) hands each message to the page as a JavaScript object,
and its conversion turns ``None`` into ``undefined``, not ``null``: a field the protocol
(``intents.py``) says is null would reach the view missing, and the view would drop the row
or state that carries it (the move list's first row has no parent, say). So there every
None goes as Pyodide's ``jsnull``; in any other kernel the messages go as they are.
"""

from __future__ import annotations

from typing import Any

try:
    from pyodide.ffi import jsnull as _JS_NULL
except ImportError:  # not in Pyodide: JSON carries None as null
    _JS_NULL = None

__all__ = ["for_the_view", "trait_to_json"]


def for_the_view(value: Any) -> Any:
    """``value`` (a message or a trait's value, made of dicts, lists and JSON scalars) as the
    view must get it: with every None as ``jsnull`` in Pyodide; itself elsewhere."""
    if _JS_NULL is None:
        return value
    return _with_js_null(value, _JS_NULL)


def _with_js_null(value: Any, null: Any) -> Any:
    if value is None:
        return null
    if isinstance(value, dict):
        return {key: _with_js_null(item, null) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_with_js_null(item, null) for item in value]
    return value


def trait_to_json(value: Any, _widget: object) -> Any:
    """A synced trait's serializer (ipywidgets' ``to_json``): ``for_the_view``."""
    return for_the_view(value)
