"""The checks on every intent a view sends, before ``handling.py`` carries it out or refuses
it, and the settings a view may change. The protocol itself, the state, the intents and
their answers, is written in ``protocol.md`` beside this module (the docs site's widget
protocol page shows it).

>>> checked_intent({"kind": "redo", "version": "3", "request": "v:1"}, [], {"redo": IntentFields()})
Traceback (most recent call last):
...
solitaire_widget.widget.intents.Refusal: 'version' must be a whole number, not '3'
"""

from __future__ import annotations

import difflib
import re
import reprlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from ..engine.deal import MAX_SEED, check_seed
from ..engine.games import GAMES
from ..engine.moves import is_pile_id
from ..scripting.workers import CAN_START_WORKERS

if TYPE_CHECKING:
    from ..records.tree import Node
    from .timeline import TimelineSync

STALE = "the board changed before this arrived"
BASE_FIELDS = frozenset({"kind", "version", "request"})


class IntentFields(NamedTuple):
    """The keys an intent of one kind carries: ``required`` (with ``BASE_FIELDS``) and
    ``optional`` ones. The kinds and their fields are listed once, with what carries each
    out, in ``handling.INTENTS``."""

    required: frozenset[str] = frozenset()
    optional: frozenset[str] = frozenset()


def fields(*required: str, optional: tuple[str, ...] = ()) -> IntentFields:
    """The fields of a kind of intent, named."""
    return IntentFields(frozenset(required), frozenset(optional))


class Setting(NamedTuple):
    """A setting of the view's options: the values it takes, its default, what it does."""

    choices: tuple[object, ...]
    default: object
    help: str


SETTINGS = {
    "check_winnable": Setting(
        (True, False),
        False,
        "Check in the background, after every change, whether the game can still be won.",
    ),
    "autoplay_mode": Setting(
        ("off", "safe"), "off", '"safe": every move played is followed by the safe moves home.'
    ),
    "demo_speed": Setting(
        ("slow", "normal", "fast"), "normal", "How fast the board's Demo plays: slow, normal or fast."
    ),
    "hint_mode": Setting(
        ("fair", "solver"),
        # In a browser (Pyodide) the fair hint's sampling takes minutes in pure Python, in the
        # kernel itself: the solver's hint, a fraction of a second, is the default there.
        "fair" if CAN_START_WORKERS else "solver",
        '"fair": hints judge from the cards the player has seen (win chances by sampling the '
        'unseen ones); "solver": the solver\'s hint, which sees every card (the default in a '
        "browser, where the fair hint would take minutes).",
    ),
    "scoring": Setting(
        ("off", "standard", "vegas"),
        "off",
        'The score beside the move count: "standard", or "vegas" (Klondike only: the balance '
        "across the library's games); games are recorded with the standard score when off.",
    ),
}
"""The settings a ``setting`` intent may change (the widget's traits of the same names are
made from these)."""
_REQUEST_ID = re.compile(r"[\w.\-]{1,64}:[0-9]{1,16}", re.ASCII)
_MAX_COUNT = 52
# The kinds with a field that is a whole number from 0 (a ply, timeline node, library id, chapter).
_WHOLE_FIELDS = {
    "goto": "ply",
    "enter": "node",
    "open_game": "id",
    "open_chapter": "index",
    **dict.fromkeys(("comment", "glyph", "promote", "delete", "ask", "unask"), "node"),
}
_MAX_OPTIONS = 8

_brief_repr = reprlib.Repr()
_brief_repr.maxstring = _brief_repr.maxother = 40
_brief_repr.maxlong = 24
_brief_repr.maxlist = _brief_repr.maxdict = 3
_brief_repr.maxlevel = 2


def brief(value: object) -> str:
    """``repr(value)`` cut short, so a huge or deeply nested value cannot bloat a reply."""
    return _brief_repr.repr(value)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Refusal(Exception):
    """An intent that is not carried out; ``reason`` says why, in plain words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def named_node(timeline: TimelineSync, node_id: object) -> Node:
    """The node of the game's tree an intent names by its timeline id; ``Refusal`` when it is
    no longer there."""
    node = timeline.node(node_id)
    if node is None:
        raise Refusal(f"there is no move {brief(node_id)} in this game's timeline any more")
    return node


def request_id(content: object) -> str | None:
    """The intent's request id when it has a well-formed one, else None."""
    request = content.get("request") if isinstance(content, dict) else None
    return request if isinstance(request, str) and _REQUEST_ID.fullmatch(request) else None


def view_of(request: str) -> str:
    """The view that sent a well-formed request id: its part before the colon.

    >>> view_of("3f9a1c:12")
    '3f9a1c'
    """
    return request.partition(":")[0]


def checked_intent(content: dict[str, Any], buffers: object, kinds: Mapping[str, IntentFields]) -> str:
    """The intent's kind, once its fields and their types are right; ``Refusal`` naming what is
    wrong. ``kinds`` gives the fields of each kind of intent.

    >>> kinds = {"undo": IntentFields(), "goto": IntentFields(frozenset({"ply"}))}
    >>> checked_intent({"kind": "goto", "version": 3, "request": "v:1", "ply": 2}, [], kinds)
    'goto'
    >>> checked_intent({"kind": "undo", "version": 3, "request": "v:2", "ply": 2}, [], kinds)
    Traceback (most recent call last):
    ...
    solitaire_widget.widget.intents.Refusal: an undo intent has no field 'ply'
    """
    kind = content.get("kind")
    if not isinstance(kind, str) or kind not in kinds:
        # Forty-odd kinds would not fit a toast: name the near ones, or where the list is.
        near = difflib.get_close_matches(kind, list(kinds), n=3) if isinstance(kind, str) else []
        known = f"did you mean {' or '.join(near)}?" if near else "the kinds are listed in widget/protocol.md"
        raise Refusal(f"unknown intent kind {brief(kind)}: {known}")
    fields = BASE_FIELDS | kinds[kind].required
    named = f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} intent"
    missing = sorted(fields - content.keys())
    if missing:
        raise Refusal(f"{named} needs {', '.join(missing)}")
    optional = kinds[kind].optional
    extra = [key for key in content if key not in fields and key not in optional]
    if extra:
        raise Refusal(f"{named} has no field {brief(extra[0])}")
    if buffers:
        raise Refusal("intents carry no binary buffers")
    if not _is_int(content["version"]):
        raise Refusal(f"'version' must be a whole number, not {brief(content['version'])}")
    if kind == "move":
        for role in ("source", "target"):
            if not is_pile_id(content[role]):
                raise Refusal(
                    f"{role} {brief(content[role])} is not a pile: "
                    "use stock, waste, foundation/N or tableau/N"
                )
        count = content["count"]
        if not _is_int(count) or not 1 <= count <= _MAX_COUNT:
            raise Refusal(f"count must be a whole number from 1 to {_MAX_COUNT}, not {brief(count)}")
    elif kind == "new_game":
        _check_new_game(content)
    elif kind == "setting":
        _check_setting(content["name"], content["value"])
    elif kind in _WHOLE_FIELDS:
        field = _WHOLE_FIELDS[kind]
        if not _is_int(content[field]) or not 0 <= content[field] <= MAX_SEED:
            raise Refusal(f"{field} must be a whole number from 0, not {brief(content[field])}")
    return kind


def _check_new_game(content: dict[str, Any]) -> None:
    game, seed, options = content["game"], content["seed"], content["options"]
    if not isinstance(game, str) or game not in GAMES:
        raise Refusal(f"unknown game {brief(game)}: choose one of {', '.join(GAMES)}")
    if seed is not None:
        try:
            check_seed(seed)
        except ValueError as error:
            raise Refusal(str(error)) from None
    if not isinstance(content.get("winnable", False), bool):
        raise Refusal(f"winnable must be true or false, not {brief(content['winnable'])}")
    if not isinstance(options, dict) or len(options) > _MAX_OPTIONS:
        raise Refusal(f"options must be an object of at most {_MAX_OPTIONS} options, not {brief(options)}")
    for value in options.values():
        if not (value is None or isinstance(value, bool) or (_is_int(value) and abs(value) <= MAX_SEED)):
            raise Refusal(f"an option's value is null, true, false or a whole number, not {brief(value)}")


def _check_setting(name: object, value: object) -> None:
    if not isinstance(name, str) or name not in SETTINGS:
        raise Refusal(f"unknown setting {brief(name)}: the settings are {', '.join(SETTINGS)}")
    choices = SETTINGS[name].choices
    # A type check as well: 1 == True in Python, and JSON's 1 is not a yes.
    if not any(type(value) is type(choice) and value == choice for choice in choices):
        said = " or ".join("true" if c is True else "false" if c is False else repr(c) for c in choices)
        raise Refusal(f"{name} is {said}, not {brief(value)}")
