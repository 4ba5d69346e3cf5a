"""The widget's synced traits, made from what they are (``SolitaireWidget`` declares them):
the view's bundle they are drawn by, the board's settings (from ``intents.SETTINGS``), and
the read-only traits, which only a thread that is publishing may write (``READ_ONLY`` says
what any other writer is told; ``sync.ThreadFlags`` says which thread publishes).
"""

from __future__ import annotations

import pathlib
from typing import Any

import traitlets

from .intents import SETTINGS
from .pyodide_messages import trait_to_json

STATIC = pathlib.Path(__file__).parent.parent / "static"
for _bundled in ("widget.js", "widget.css"):
    if not (STATIC / _bundled).is_file():
        raise ImportError(
            f"the widget's view is not built ({STATIC / _bundled} is missing): "
            "run `npm install && npm run build` in the project folder (or `./run lab`)"
        )

READ_ONLY = {
    "state": "state is drawn from the game and is read-only: change the game with "
    "play(), undo(), redo(), autoplay(), new_game() or restart()",
    "analysis": "analysis is worked out by the widget and is read-only: ask with analyse()",
    "aids": "aids are worked out by the widget and are read-only: ask with hint(), "
    "check_winnable = True or new_game(winnable=True)",
    "rules": "rules are the rules of the game on show and are read-only",
    "recording": "recording says whether games are recorded and is read-only",
}
"""The traits only a publishing thread may write, and what any other writer is told."""


def setting_trait(name: str) -> traitlets.TraitType[Any, Any]:
    """The synced trait of a setting of ``intents.SETTINGS``."""
    setting = SETTINGS[name]
    if set(setting.choices) == {True, False}:
        trait: traitlets.TraitType[Any, Any] = traitlets.Bool(bool(setting.default), help=setting.help)
    else:
        trait = traitlets.Enum(setting.choices, setting.default, help=setting.help)
    return trait.tag(sync=True)


def read_only_dict(help: str, default: dict[str, Any] | None = None) -> traitlets.Dict[Any, Any]:
    """A synced dict trait of ``READ_ONLY``, sent as this kernel must (``pyodide_messages.py``)."""
    return traitlets.Dict(default, help=help).tag(sync=True, to_json=trait_to_json)
