"""The protocol between ``SolitaireWidget`` and its views, and the checks on every intent.

Python is the single source of truth: the view (``js/``, bundled into
``static/widget.js``) draws ``state`` and sends intents; this module checks every
intent's form and ``handling.py`` carries it out or refuses it. What follows is the
protocol both sides implement.

State (Python -> view)
======================

The synced trait ``state`` is a dict, replaced as a whole on every change::

    version         int, +1 on every change; an intent names the version it was made on
    game, title     "klondike", "Klondike"
    seed            int or null (null for a position set up by hand)
    options         the game's options, e.g. {"draw": 1, "redeals": null, "foundation_to_tableau": true}
    position        Game.to_dict() without "history" (see solitaire_widget.notation.positions)
    legal           [[source, target, count], ...]: Game.legal_moves(), same order
    foundation_takes  [[code, ...], ...]: per foundation, the cards it takes now
    moves           int, moves played (len(history))
    can_undo, can_redo  bool
    status          "playing" | "won" | "stuck"
    termination     null while playing, else how the game ended: "won" | "no_moves" |
                    "no_useful_moves" (Game.outcome.termination); views decide on this
                    and on status, never on the words of message
    message         null while playing; "You won in 123 moves!" when won; when stuck, why,
                    in words, and that undo still works
    last_move       {"action": "play"|"undo"|"redo"|"goto", "source", "target", "count"}:
                    the change that made this state; null after a new deal, in the first
                    state, after a goto to the start and after an edit of the timeline
    ply             int, moves of the current line played (0 = the start)
    line_length     int, moves in the current line (ply < line_length after undo or goto)
    line_end        the node id (see Timeline) the current line ends at; with the rows'
                    parents it gives every node of the line
    standing        {"source", "target", "count"}: the move the game stands after (the
                    line's move number ply), to mark on the board; null at the start
    marks           [mark, ...]: pile ids and card codes to highlight where the game
                    stands (Game.annotate), a green one as its end, another as
                    [end, colour]; [] for none
    arrows          [[from, to, colour], ...]: the arrows to draw there; [] for none
    timeline_version  int, the version of the timeline this state goes with (see Timeline)
    lesson          null, or while a lesson runs {"kind": "moves" (find the line's
                    moves) or "mistakes" (learn from your mistakes), "total": moves (or
                    mistakes) the student must find, "ply": moves played so far (mistakes
                    answered so far), "found": found unaided, "shown": revealed with
                    "show me", "done": bool, "said": the last thing the lesson said (the
                    comment of a found move, "legal, but the lesson plays something else",
                    the move shown, the chances of an answer, the final count) or null}
    run             null, or since w.run(strategy) or w.demo() started one on this deal
                    {"playing": bool, "end": null while playing, then how the run ended
                    (RunEnd: "won" | "no_moves" | "no_useful_moves" | "resigned" |
                    "max_moves" | "error" | "stopped"), "said": the same in words ("won",
                    "the strategy resigned", "stopped", ...), "demo": true when it plays the
                    solver's line}; views show a Stop button while it plays and decide on
                    end, never on the words
    started_at      ms since the epoch when this deal began (the widget was made, new_game, restart)
    finished_at     ms since the epoch when the clock stopped: when the game became won or
                    stuck, or when a board that shows a record or a lesson came on show;
                    null while the clock runs
    first_move_at   ms since the epoch the time played counts from: the deal's first move;
                    null before it. The clock shows finished_at (or now) - first_move_at
    clock_held      bool: the clock stands still because the board shows a game already
                    played (a record, a past game from the library, a game given with its
                    moves) or a lesson. Its time is the one recorded with the game (0 when
                    none was); stepping through the moves leaves it still, and the first move
                    played outside a lesson starts it again, on from that time
    study           null, or while the board shows a study (SolitaireWidget(study)) {"title",
                    "chapters": [{"title", "exercise": bool}, ...], "chapter": the index on
                    show, null while another game is; "asked", "judging", "said": building
                    it, see building.py}; an exercise runs as a lesson of kind "exercise" (its
                    "ply" counts the questions answered, "hints" the hints asked, "answered"
                    what "said" answers: "right" | "wrong" | "shown" | "hint" | null)
    score           null while the scoring setting is "off"; else {"scoring": "standard" |
                    "vegas", "game": the current line's score, "total": the figure to show:
                    the same in standard scoring, in Vegas the balance of the library's
                    earlier games of these options plus this one's}; a game other than
                    Klondike scores "standard" (cards home) whatever the setting

The synced, read-only trait ``rules`` is the rules of the game on show, as its Rules panel
shows them: a string of Markdown (``engine.games.rules_text``, the parts of the text of
docs/rules.md for that game). It changes only when the game on show changes kind, and
Python sets it before the state of the new game.

Play aids (Python -> view)
==========================

Hints, the "still winnable?" check and winnable deals are worked out in a worker process
and arrive whenever they are ready, so they live apart from ``state`` and never change its
version (a result arriving must not make the move a player is making stale). Three more
synced traits::

    check_winnable  bool: check in the background whether the game can still be won
    hint_mode       "fair" | "solver": the Hint button's hint judges from the cards the
                    player has seen, or is the solver's, which sees every card
    autoplay_mode   "off" | "safe": with "safe", every move played on the board or with
                    SolitaireWidget.play is followed by the safe moves home
    aids            {"hint": hint, "winnable": verdict, "deal": deal}, replaced as a whole
                    whenever one of them changes:
      hint          null, or for the state of version v:
                    {"version": v, "status": "thinking"} while the worker looks, then
                    {"version": v, "status": "ready", "source": "fair" | "solver" | "heuristic",
                     "sentence": "<the move, and its win chance or which of the two found it>",
                     "move": {"source", "target", "count"} | null (nothing sensible to play)},
                    or {"version": v, "status": "failed", "sentence": "<why there is none>"}
      winnable      null while check_winnable is off; else for the state of version v
                    {"version": v, "status": "checking" | "winnable" | "lost" | "unknown",
                     "lost_at": k | null, "lost_between": [first, last] | null,
                     "lost_move": judgement | null}: with "lost", the move of the line
                    that lost the game (0 = the deal could not be won; null = not found
                    in time) and the moves it was lost between as far as the time
                    allowed ([k, k] once found). The check sees every card; lost_move
                    judges move k from what the player could see then, sampled in the
                    worker after the check: {"status": "judging", "ply": k}, then
                    {"status": "judged", "ply": k, "luck": "bad luck" | "mistake" |
                    "unclear", "judgement": a judgement or null, "sentence": "<words>"},
                    or {"status": "failed", "ply": k}; null with no lost_at above 0
      deal          null, or while a winnable deal is looked for
                    {"status": "dealing", "game": name, "from_seed": s}, then
                    {"status": "dealt", "game": name, "seed": the seed dealt, "from_seed": s,
                     "difficulty": null while it is being rated, or
                     {"level": "easy" | "medium" | "hard" | "unwinnable" | "unknown", "nodes": n}},
                    or {"status": "failed", "game": name, "from_seed": s, "reason": "<words>"}

A view shows a hint or a verdict only while its state has the version they name, so the
move that makes them old hides them at once, before Python clears them. Python publishes a
worker's answer only if the game still stands where it was asked (same game, same node of
its tree) and no later request of the same kind has been made; anything else is dropped
(a dropped check then starts the check of where the game stands by now).
A view shows a "dealt" deal while its state has that game and seed.

Game library (Python <-> view)
==============================

The board records its games into the game library (``recording.py``). The synced,
read-only trait ``recording`` says whether it does::

    {"status": "on" | "off" | "failed", "said": "<words: where, or why not>"}

The Statistics panel and History list ask with a ``library`` intent (answered whatever its
version, with no new state) and get one custom message, sent to every view (a view takes
only the answer to its own request)::

    {"kind": "library", "request": id, "game": name, "title": "Klondike", "options": {...},
     "recording": as above, "statistics": Statistics.to_dict() | null (no library),
     "history": [{"id", "started_at", "result", "moves", "seconds", "score", "demo",
                  "current": the row of the game on show}, ...]}    newest first, 50 at most

``open_game`` shows the library's game ``id`` on the board (its whole tree, standing where it
was recorded) as a new deal would; the first move played on it makes a new row.

Analysis (Python -> view)
=========================

The synced trait ``analysis`` (read-only) is the analysis of the game on show (see
``analysis.py``), replaced as a whole when it changes::

    {"status": "none" | "running" | "done" | "stopped" | "failed",
     "done": moves judged | null, "total": moves to judge | null    (while running),
     "said": why it stopped or failed, "<...>: the game is unchanged" | null,
     "moves": [row, ...]}

with a row per move judged (while running, those judged so far), as far as its line is still
in the game's tree::

    {"ply": k, "node": its timeline id, "move": "w>t3",
     "judgement": "best" | "good" | "inaccuracy" | "mistake" | "blunder" | "only move" | null,
     "glyph": "?!" | "?" | "??" | "!" | "",
     "before", "best", "after": {"estimate", "low", "high"}: the win chance before the move,
         of the best move and of the move played (shares, 95% interval),
     "best_move": "t4>f0", "words": "<the move, its judgement and the chances, in words>"}

Intents (view -> Python)
========================

Custom messages (``model.send(content)``), each a JSON object with exactly these keys::

    {"kind": "move", "version": v, "request": id, "source": s, "target": t, "count": n}
    {"kind": "undo" | "redo" | "restart" | "autoplay", "version": v, "request": id}
    {"kind": "new_game", "version": v, "request": id,
     "game": "klondike" | "father" | "following", "seed": int | null, "options": {...},
     "winnable": bool}                                             "winnable" may be left out
    {"kind": "hint", "version": v, "request": id}                  a hint for this position
    {"kind": "setting", "version": v, "request": id,
     "name": "check_winnable" | "autoplay_mode" | "demo_speed" | "hint_mode" | "scoring",
     "value": bool | "off" | "safe" | "slow" | "normal" | "fast" | "fair" | "solver" |
              "standard" | "vegas"}                                "vegas": Klondike only
    {"kind": "goto", "version": v, "request": id, "ply": k}        k: 0 to line_length
    {"kind": "enter", "version": v, "request": id, "node": id}     any node of the timeline
    {"kind": "show_me", "version": v, "request": id}               a lesson's next move
    {"kind": "learn_from_mistakes", "version": v, "request": id}   the lesson of the analysis
    {"kind": "end_lesson", "version": v, "request": id}            play on as an ordinary game
    {"kind": "sync_timeline", "version": v, "request": id}         send the whole timeline
    {"kind": "demo", "version": v, "request": id}                  play the solver's line
    {"kind": "stop", "version": v, "request": id}                  stop the strategy playing
    {"kind": "analyse", "version": v, "request": id}               judge every move of the line
    {"kind": "stop_analysis", "version": v, "request": id}         stop the analysis running
    {"kind": "view_closed", "version": v, "request": id}           this view is gone
    {"kind": "library", "version": v, "request": id}               statistics and history
    {"kind": "open_game", "version": v, "request": id, "id": n}    show a past game
    {"kind": "open_chapter", "version": v, "request": id, "index": n}  a chapter of the study
    {"kind": "exercise_hint", "version": v, "request": id}         the author's hint, in "said"
    {"kind": "save_file" | "open_file", "version": v, "request": id, "name": "lesson.json"}

``save_file`` (whatever its version) writes the study on show, else the game's record, and
``open_file`` shows the study or record in the file, to a plain ``.json`` name in the
notebook's folder (``studying.file_in_folder``: no folder part, no way out of it); saving
replaces only a record or a study. Done, they answer ``{"kind": "file", "request": id,
"said": "<words>"}`` (and ``open_file`` the new state); a wrong answer in an exercise is
refused and said in the lesson's ``said`` too.

The teacher's edits (``arrow``, ``highlight``, ``comment``, ``glyph``, ``promote``,
``delete``) are described in ``editing.py``, and building a study on the board
(``start_study``, ``ask``, ``unask``, ``add_chapter``) in ``building.py``.

``sync_timeline`` changes nothing (and is answered even when its version is stale): the
answer is a ``timeline`` message with ``reset`` true. A view sends it when it renders and
whenever ``state.timeline_version`` is not the version of the last timeline message it
applied.

``hint`` and a ``new_game`` with ``winnable`` true are answered through ``aids``, not with
a new state: the hint (``"thinking"`` at once, then the move), and the search for a
winnable deal (``"dealing"`` at once; the new deal's state when the worker has found it,
then its difficulty). Views send them, like ``sync_timeline``, without waiting for a state.
Meanwhile the board plays on; any other new deal, a restart or a lesson drops the search.
A ``setting`` sets ``check_winnable``, ``autoplay_mode``, ``demo_speed``, ``hint_mode`` or
``scoring``; it is about the view's options, not the board, so it is carried out whatever its
version. Its answer is the trait's new value (and, for ``scoring``, a state with its score);
``"vegas"`` is refused on a game other than Klondike.

``demo`` starts the solver's line playing on the board (``w.demo()``): its answer is the
state of a run playing, and the run's moves follow as a strategy's do.
``stop`` is carried out whatever its version (a playing strategy keeps changing the
board); it is refused when no strategy plays. While one plays, every other intent but
``sync_timeline`` is refused ("a strategy is playing on this board: press Stop first").

``learn_from_mistakes`` starts "learn from your mistakes" on the game on show
(``w.learn_from_mistakes()``); it is refused, with the reason, when the game has no analysis
or the analysis judged no move a mistake or a blunder. ``end_lesson`` ends a lesson of
either kind (``w.end_lesson()``); the game on show plays on.

``analyse`` starts the analysis of the game's line in the worker, one move at a time, with
``win_chance``'s default samples and limits; it is refused when the line has no move or an
analysis is running. Its answer is the ``analysis`` trait (``"running"``, its progress, and
the rows as they come); the board plays on meanwhile, and hints and checks are answered
between two moves' sampling. ``stop_analysis`` is carried out whatever its version and
refused when none runs; a stopped analysis, one that failed and one cut short by a new deal
leave the game unchanged and say why in ``said``.

``view_closed`` is sent by a view as it goes (its cell ran again, its output was cleared)
and changes nothing on the board; it has no answer. The widget counts the views that show it
by the view ids of their requests: with none left, the play aids' worker process ends, and
it starts again with the first task after a view comes back.

``request`` is ``"<viewId>:<n>"``: a view id of 1 to 64 letters, digits, ``_``, ``.`` or
``-`` (random per rendered view), a colon and a counter of up to 16 digits. ``version``,
``count`` and ``seed`` are JSON integers (``true``/``false`` are refused); ``count`` is 1 to
52; ``seed`` is 0 to 2**53 - 1 or null (a random deal); ``options`` holds at most 8 options
whose values are null, true/false or integers, and an empty ``options`` means the game's
defaults. Intents carry no binary buffers.

An intent is carried out only when it is well formed, its request id is new, its
``version`` is the current one and the engine allows it (a legal move, something to undo
or redo, a card autoplay can send home). Then the new ``state`` (version + 1) is the answer;
an autoplay that plays several moves still makes a single new state. Anything else changes
nothing and is answered with one custom message to every view::

    {"kind": "refused", "request": id, "reason": "<plain words>"}

Timeline (Python -> view)
=========================

The move list is sent apart from ``state``, so a move costs one row, not the whole list.
Python sends one custom message to every view whenever the timeline changes (before the
state that goes with it) and in answer to ``sync_timeline``::

    {"kind": "timeline", "version": tv, "reset": bool, "rows": [row, ...], "removed": [id, ...]}

With ``reset`` the rows are the whole timeline and replace what the view had; otherwise they
are the nodes added or changed (a changed row replaces the row with its id) and ``removed``
the ids of nodes deleted. A view that misses a version (``version`` is not its last + 1)
sends ``sync_timeline``. A row is one node of the move tree::

    {"id": int, "parent": int | null, "index": position among its parent's variations
     (0 = the main continuation), "ply": int, "move": "w>t3" | null (the start),
     "sentence": "7♦ from the waste onto 8♠ in column 4" | "the deal", "comment": str,
     "glyph": "!" | ... | "", "marks": [mark, ...], "arrows": [[from, to, colour], ...]}

Ids are stable for the life of a game (a new deal starts again from 0, the start). The view
keeps the rows in its model (``model.set("timeline", rows)`` without saving them back), so a
notebook saved with its widget state shows the move list too.

``request`` is null when the intent carried no usable request id. The reason is the engine's
own explanation for an illegal move and ``"the board changed before this arrived"`` for a
stale one. A view shows a refusal only when the request id starts with its own view id. The
handler never raises: even an unexpected error is answered as a refusal, after the game has
been put back as it was.

Instant moves (view side)
=========================

A view may draw a move that is in ``state["legal"]`` before the answer comes
(``js/optimistic.js``): a move from that list sent with that state's version is carried out
unless the state changes first, except in a lesson, which refuses legal moves that are not
its next one. The answer still decides: the next state replaces whatever the view drew, and
a refusal names the request it answers, so the view can put the cards back.
"""

from __future__ import annotations

import difflib
import re
import reprlib
from collections.abc import Mapping
from typing import Any, NamedTuple

from ..engine.deal import MAX_SEED, check_seed
from ..engine.games import GAMES
from ..engine.moves import is_pile_id
from ..scripting.workers import CAN_START_WORKERS

STALE = "the board changed before this arrived"
BASE_FIELDS = frozenset({"kind", "version", "request"})


class IntentFields(NamedTuple):
    """The keys an intent of one kind carries: ``required`` (with ``BASE_FIELDS``) and
    ``optional`` ones. The kinds and their fields are listed once, with what carries each
    out, in ``handling.INTENTS``."""

    required: frozenset[str] = frozenset()
    optional: frozenset[str] = frozenset()


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
        known = f"did you mean {' or '.join(near)}?" if near else "the kinds are listed in widget/intents.py"
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
