"""Game records: a whole game as versioned JSON, with every line, comment and mark.

A record (``Game.to_record()``, ``Game.save(path)``) is a JSON object::

    {
      "format": "solitaire-widget record",
      "version": 1,
      "game": "klondike",
      "options": {"draw": 1, "redeals": null, "foundation_to_tableau": true},
      "seed": 42,
      "start": null,
      "tree": [
        {"comment": "A quiet deal.", "marks": []},
        {"parent": 0, "move": "w>t5", "comment": "", "marks": ["tableau/5"], "played_at": 1795000000.5},
        {"parent": 1, "move": "s>w"},
        {"parent": 0, "move": "s>w", "comment": "Or draw first."}
      ],
      "line": 2,
      "ply": 1
    }

``seed`` names the deal the game starts from; a game set up by hand has ``"seed": null`` and
its starting position in ``start`` (a position dict, as ``Game.to_dict`` writes it, without
``seed`` and ``history``). ``tree`` lists the move tree flat: entry 0 is the start, every
other entry a move played from its ``parent`` (an earlier entry); entries that share a parent
are its variations, the main continuation first. ``comment``, ``marks`` (pile ids and card
codes to highlight) and ``played_at`` (seconds since the epoch) may be left out. ``line`` is
the entry the current line ends at and ``ply`` how many of its moves are played: the game
loads standing there. A game analysed (``sw.analyse``) has its analysis in ``analysis``
(format version 2; written and read by ``solver.analysis.Analysis``, which ``Game`` calls):
a record is written in the lowest version that holds it, 1 without an analysis, so a
package that reads only version 1 still opens it. The JSON Schema is ``record.schema.json``
beside this module; ``docs/records.md`` describes both versions.

Reading checks everything, and a record that is not right raises ``RecordError`` (a
``ValueError``) saying what is wrong and where (for example ``tree[17]``, move 12).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from ..engine import explain
from ..engine.cards import card_code, parse_card
from ..engine.deal import check_seed
from ..engine.games import rules_for
from ..engine.moves import Move, is_pile_id
from ..engine.position import Position
from ..notation import positions
from .tree import Node

FORMAT = "solitaire-widget record"
VERSION = 2
"""The newest format version this package writes and reads (2 adds ``analysis``)."""
ANALYSIS_FROM = 2
"""The first format version that may hold an ``analysis``."""
MAX_COMMENT = 10_000
"""The longest comment, in characters: a comment is a note on a move, not a document."""
MAX_MARKS = 64
"""The most marks one move may carry."""
KEYS = ("format", "version", "game", "options", "seed", "start", "tree", "line", "ply", "analysis")
NODE_KEYS = ("parent", "move", "comment", "marks", "played_at")


class RecordError(ValueError):
    """A game record that cannot be read: says what is wrong and where."""


def check_header(data: dict[str, Any], newest: int, keys: Sequence[str], *, where: str, what: str) -> int:
    """The ``version`` of ``data`` (a record, or a part with a version of its own), checked to
    be one this package reads (``newest`` at most), with no key but ``keys``; ``RecordError``
    otherwise, its message starting with ``where`` and naming the thing as ``what``."""
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise RecordError(f"{where}'version' must be a whole number from 1, not {version!r}")
    if version > newest:
        raise RecordError(
            f"{where}{what} is format version {version}, newer than this solitaire_widget reads "
            f"(up to {newest}): update solitaire_widget to open it"
        )
    unknown = [key for key in data if key not in keys]
    if unknown:
        raise RecordError(f"{where}{what} has an unknown key {unknown[0]!r} (it has {', '.join(keys)})")
    return version


def checked_comment(text: object) -> str:
    """``text`` when it can be a comment, else ``ValueError`` saying why."""
    if not isinstance(text, str):
        raise ValueError(f"a comment is text, not {type(text).__name__}")
    if len(text) > MAX_COMMENT:
        raise ValueError(f"a comment has at most {MAX_COMMENT:,} characters, not {len(text):,}")
    return text


def checked_marks(position: Position, marks: Iterable[object] | None) -> tuple[str, ...]:
    """``marks`` as pile ids of ``position``'s game and card codes, each once; ``ValueError``
    naming the first that is neither."""
    if marks is None:
        return ()
    if isinstance(marks, str) or not isinstance(marks, Iterable):
        marks = [marks]
    checked: list[str] = []
    for mark in marks:
        if isinstance(mark, str) and is_pile_id(mark) and position.place(mark) is not None:
            checked.append(mark)
            continue
        try:
            checked.append(card_code(parse_card(mark)))
        except ValueError:
            piles = ", ".join(position.pile_ids[:3])
            raise ValueError(
                f"a mark is a pile of {position.rules.title} ({piles}, ...) "
                f"or a card code such as '7H', not {mark!r}"
            ) from None
    if len(checked) > MAX_MARKS:
        raise ValueError(f"a move has at most {MAX_MARKS} marks, not {len(checked)}")
    return tuple(dict.fromkeys(checked))


def write(
    start: Position,
    seed: int | None,
    root: Node,
    line_end: Node,
    ply: int,
    analysis: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The record of a game that starts at ``start`` (dealt from ``seed``, when not None),
    with the tree under ``root``, standing at ``ply`` of the line that ends at ``line_end``,
    with ``analysis`` (``Analysis.to_record()``) when there is one."""
    order = list(root.walk())
    index = {id(node): i for i, node in enumerate(order)}
    tree: list[dict[str, Any]] = []
    for node in order:
        entry: dict[str, Any] = {}
        if node.parent is not None and node.move is not None:
            entry["parent"] = index[id(node.parent)]
            entry["move"] = str(node.move)
        if node.comment:
            entry["comment"] = node.comment
        if node.marks:
            entry["marks"] = list(node.marks)
        if node.played_at is not None:
            entry["played_at"] = node.played_at
        tree.append(entry)
    start_dict = None
    if seed is None:
        start_dict = positions.write(start, None, ())
        del start_dict["seed"], start_dict["history"]
    written = {
        "format": FORMAT,
        "version": 1 if analysis is None else ANALYSIS_FROM,
        "game": start.rules.name,
        "options": start.options,
        "seed": seed,
        "start": start_dict,
        "tree": tree,
        "line": index[id(line_end)],
        "ply": ply,
    }
    if analysis is not None:
        written["analysis"] = analysis
    return written


def dumps(record: Mapping[str, Any]) -> str:
    """A record as JSON text, one tree entry and one analysed ply per line, so records read
    and diff well."""
    head = {key: value for key, value in record.items() if key not in ("tree", "analysis")}
    lines = ["{"]
    lines += [f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}," for key, value in head.items()]
    lines += _listed("tree", record["tree"], "  ")
    analysis = record.get("analysis")
    if isinstance(analysis, dict) and isinstance(analysis.get("plies"), list):
        lines[-1] += ","
        lines.append('  "analysis": {')
        lines += [
            f"    {json.dumps(key)}: {json.dumps(value)},"
            for key, value in analysis.items()
            if key != "plies"
        ]
        lines += _listed("plies", analysis["plies"], "    ")
        lines.append("  }")
    elif analysis is not None:
        lines[-1] += ","
        lines.append(f'  "analysis": {json.dumps(analysis)}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def _listed(key: str, entries: list[Any], indent: str) -> list[str]:
    """The lines of ``key``'s list, one entry per line (the closing bracket without a comma)."""
    items = [f"{indent}  {json.dumps(entry, ensure_ascii=False)}" for entry in entries]
    return [f"{indent}{json.dumps(key)}: [", ",\n".join(items), f"{indent}]"]


def loads(text: str) -> dict[str, Any]:
    """The record in JSON ``text``; ``RecordError`` when it is not JSON or not an object."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(
            f"the record is not valid JSON (truncated or corrupt?): {error.msg} at line "
            f"{error.lineno}, column {error.colno}"
        ) from None
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
    return data


def save(path: str | os.PathLike[str], record: Mapping[str, Any]) -> None:
    """Write ``record`` to the file ``path`` as JSON (UTF-8, see ``dumps``), replacing it."""
    Path(path).write_text(dumps(record), encoding="utf-8")


def load(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The record in the file ``path`` (not yet checked: see ``read``); ``RecordError`` when it
    is not JSON text, ``OSError`` when it cannot be read."""
    try:
        content = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(f"{path} is not a text file: {error.reason}") from None
    return loads(content)


class Read(NamedTuple):
    """A record once checked: its start, seed, tree (as nodes, the start first), the node
    its current line ends at, the ply the game stands at, and its ``analysis`` entry as
    written (None when it has none; ``solver.analysis.Analysis.from_record`` checks it)."""

    start: Position
    seed: int | None
    nodes: list[Node]
    line_end: Node
    ply: int
    analysis: object = None


def read(data: object) -> Read:
    """Check a record (see the module docstring) and return what it holds; ``RecordError``
    naming the problem and where."""
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise RecordError(
            f"not a solitaire_widget record: 'format' must be {FORMAT!r}, not {data.get('format')!r}"
        )
    version = check_header(data, VERSION, KEYS, where="", what="the record")
    if "analysis" in data and version < ANALYSIS_FROM:
        raise RecordError(
            f"the record is format version {version}, which has no 'analysis' (from version {ANALYSIS_FROM})"
        )
    missing = [key for key in ("game", "tree", "line", "ply") if key not in data]
    if missing:
        raise RecordError(f"the record has no {missing[0]!r}")
    start, seed = _start(data)
    nodes = _tree(data["tree"], start)
    line = data["line"]
    if isinstance(line, bool) or not isinstance(line, int) or not 0 <= line < len(nodes):
        raise RecordError(f"'line' must be an entry of the tree, 0 to {len(nodes) - 1}, not {line!r}")
    line_end = nodes[line]
    ply = data["ply"]
    if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= line_end.ply:
        raise RecordError(
            f"'ply' must be a whole number from 0 to {line_end.ply} (the line's length), not {ply!r}"
        )
    return Read(start, seed, nodes, line_end, ply, data.get("analysis"))


def _start(data: dict[str, Any]) -> tuple[Position, int | None]:
    seed, start = data.get("seed"), data.get("start")
    try:
        rules = rules_for(data["game"])
        options_given = data.get("options", {})
        if not isinstance(options_given, dict):
            raise ValueError(f"options must be an object, not {options_given!r}")
        options = rules.check_options(options_given)
        if (seed is None) == (start is None):
            raise ValueError(
                "a record gives either the 'seed' of its deal or its 'start' position, and not both"
            )
        if seed is not None:
            return Position.dealt(rules, options, check_seed(seed)), seed
        if not isinstance(start, dict):
            raise ValueError(f"'start' must be a position object, not {type(start).__name__}")
        if start.get("game", rules.name) != rules.name or start.get("options", options) != options:
            raise ValueError("'start' is a position of another game or options than the record's")
        position, _, history = positions.read({**start, "game": rules.name, "options": options})
        if history:
            raise ValueError("'start' is a position, without a history")
        return position, None
    except RecordError:
        raise
    except ValueError as error:
        raise RecordError(f"the record's start: {error}") from None


def _tree(entries: object, start: Position) -> list[Node]:
    """The nodes of the record's tree, each move checked legal where it is played."""
    if not isinstance(entries, list) or not entries:
        raise RecordError("'tree' must be a list whose first entry is the start")
    nodes: list[Node] = []
    for i, entry in enumerate(entries):
        where = f"tree[{i}]"
        if not isinstance(entry, dict):
            raise RecordError(f"{where} must be an object, not {type(entry).__name__}")
        unknown = [key for key in entry if key not in NODE_KEYS]
        if unknown:
            raise RecordError(
                f"{where} has an unknown key {unknown[0]!r} (an entry has {', '.join(NODE_KEYS)})"
            )
        played_at = entry.get("played_at")
        if played_at is not None and (isinstance(played_at, bool) or not isinstance(played_at, (int, float))):
            raise RecordError(f"{where}: 'played_at' must be a number of seconds, not {played_at!r}")
        if i == 0:
            if "parent" in entry or "move" in entry:
                raise RecordError("tree[0] is the start: it has no 'parent' and no 'move'")
            node = Node(None, None, played_at)
        else:
            parent = entry.get("parent")
            if isinstance(parent, bool) or not isinstance(parent, int) or not 0 <= parent < i:
                raise RecordError(f"{where}: 'parent' must be an earlier entry, 0 to {i - 1}, not {parent!r}")
            try:
                move = Move.parse(entry.get("move"))  # type: ignore[arg-type]
            except ValueError as error:
                raise RecordError(f"{where} (move {nodes[parent].ply + 1}): {error}") from None
            if nodes[parent].variation(move) is not None:
                raise RecordError(
                    f"{where} (move {nodes[parent].ply + 1}): {move} is already a variation there"
                )
            node = nodes[parent].add(move, played_at)
        try:
            node.comment = checked_comment(entry.get("comment", ""))
            node.marks = checked_marks(start, entry.get("marks"))
        except ValueError as error:
            raise RecordError(f"{where}: {error}") from None
        nodes.append(node)
    _check_moves(nodes, start)
    return nodes


def _check_moves(nodes: list[Node], start: Position) -> None:
    """Play every line of the tree from ``start``: each move must be legal where it stands."""
    index = {id(node): i for i, node in enumerate(nodes)}
    position = start.copy()
    stack: list[tuple[Node, bool]] = [(nodes[0], True)]
    while stack:
        node, arriving = stack.pop()
        if not arriving:
            position.pop()
            continue
        if node.move is not None:
            if not position.is_legal(node.move):
                reason = explain.refusal(position, node.move) or "it is not a legal move there"
                raise RecordError(
                    f"tree[{index[id(node)]}] (move {node.ply}): {node.move} is not legal there: {reason}"
                )
            position.push(node.move)
            stack.append((node, False))
        stack.extend((child, True) for child in reversed(node.variations))
