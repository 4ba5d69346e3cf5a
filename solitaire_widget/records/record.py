"""Game records: a whole game as versioned JSON, with every line, comment, glyph, mark and arrow.

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
        {"parent": 1, "move": "t2>t5", "glyph": "!", "arrows": [["7H", "tableau/5", "green"]]},
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
codes to highlight), ``played_at`` (seconds since the epoch) and, from format version 3,
``glyph`` (one of ``tree.GLYPHS``), ``arrows`` (``[from, to, colour]``) and coloured marks
(``[end, colour]``; see ``notation.drawing``) may be left out. ``line`` is
the entry the current line ends at and ``ply`` how many of its moves are played: the game
loads standing there. A game analysed (``sw.analyse``) has its analysis in ``analysis``
(format version 2; written and read by ``judgement.analysis.Analysis``, which ``Game`` calls):
a record is written in the lowest version that holds it (1 without an analysis, glyphs,
arrows or coloured marks; 2 with an analysis; 3 with any of the others), so a package that
reads only version 1 still opens what it can hold. The JSON Schema is ``record.schema.json``
beside this module; ``docs/records.md`` describes both versions.

Reading checks everything, and a record that is not right raises ``RecordError`` (a
``ValueError``) saying what is wrong and where (for example ``tree[17]``, move 12).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from ..engine import explain
from ..engine.deal import check_seed
from ..engine.games import rules_for
from ..engine.moves import Move
from ..engine.position import Position
from ..notation import positions
from ..notation.drawing import DEFAULT_COLOUR, checked_arrows, checked_marks, mark_colour
from .tree import GLYPHS, Node

FORMAT = "solitaire-widget record"
VERSION = 3
"""The newest format version this package writes and reads (2 adds ``analysis``; 3 adds
glyphs, arrows and coloured marks)."""
ANALYSIS_FROM = 2
"""The first format version that may hold an ``analysis``."""
DRAWINGS_FROM = 3
"""The first format version that may hold glyphs, arrows and coloured marks."""
MAX_COMMENT = 10_000
"""The longest comment, in characters: a comment is a note on a move, not a document."""
KEYS = ("format", "version", "game", "options", "seed", "start", "tree", "line", "ply", "analysis")
NODE_KEYS = ("parent", "move", "comment", "glyph", "marks", "arrows", "played_at")


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


def checked_glyph(glyph: object) -> str:
    """``glyph`` when it is one of ``GLYPHS`` or "" (none; None is read as none), else
    ``ValueError`` naming the choices."""
    if glyph is None or glyph == "":
        return ""
    if not isinstance(glyph, str) or glyph not in GLYPHS:
        raise ValueError(f"a glyph is one of {' '.join(GLYPHS)} (or none), not {glyph!r}")
    return glyph


def _needs_drawings(node: Node) -> bool:
    """True when ``node`` holds what only format version 3 can."""
    return bool(node.glyph or node.arrows) or any(mark_colour(m) != DEFAULT_COLOUR for m in node.marks)


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
        if node.glyph:
            entry["glyph"] = node.glyph
        if node.marks:
            entry["marks"] = [mark if isinstance(mark, str) else list(mark) for mark in node.marks]
        if node.arrows:
            entry["arrows"] = [list(arrow) for arrow in node.arrows]
        if node.played_at is not None:
            entry["played_at"] = node.played_at
        tree.append(entry)
    version = 1 if analysis is None else ANALYSIS_FROM
    if any(_needs_drawings(node) for node in order):
        version = DRAWINGS_FROM
    start_dict = None
    if seed is None:
        start_dict = positions.write(start, None, ())
        del start_dict["seed"], start_dict["history"]
    written = {
        "format": FORMAT,
        "version": version,
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
    written (None when it has none; ``judgement.analysis.Analysis.from_record`` checks it)."""

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
    nodes = _tree(data["tree"], start, version)
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


def _tree(entries: object, start: Position, version: int) -> list[Node]:
    """The nodes of the record's tree (format ``version``), each move checked legal where it
    is played."""
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
            if "parent" in entry or "move" in entry or "glyph" in entry:
                raise RecordError("tree[0] is the start: it has no 'parent', 'move' or 'glyph'")
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
            node.glyph = checked_glyph(entry.get("glyph"))
            node.marks = checked_marks(start, entry.get("marks"))
            node.arrows = checked_arrows(start, entry.get("arrows"))
        except ValueError as error:
            raise RecordError(f"{where}: {error}") from None
        if version < DRAWINGS_FROM and _needs_drawings(node):
            raise RecordError(
                f"{where}: the record is format version {version}, which has no glyphs, arrows or "
                f"coloured marks (from version {DRAWINGS_FROM})"
            )
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
