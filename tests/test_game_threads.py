"""A Game shared between threads: every change is made holding the game's lock (spied on at
the points where the position and the tree change), listeners run on the changing thread
under the lock, copies get locks of their own, and comparing games never deadlocks. (Threads
hammering one game: test_game_stress.py.)"""

from __future__ import annotations

import inspect
import pickle
import sys
import threading

import pytest

import solitaire_widget as sw
from solitaire_widget.engine.position import Position
from solitaire_widget.game import NOT_LOCKED_THROUGHOUT
from solitaire_widget.records.line import Line
from solitaire_widget.records.tree import Node

MAKERS = {"new", "from_dict", "from_record", "load"}
"""Class methods: they make a new game, so there is no lock to hold yet."""
READ_UNDER_THE_LOCK_ONLY = {"restore", "hint", "winnability", "difficulty", "__eq__"}
"""Written here as well as in ``game.NOT_LOCKED_THROUGHOUT``: adding a method there is a choice
this test must be told of."""


def test_every_public_method_and_property_holds_the_lock_but_those_named_with_a_reason():
    # Game's own members and its parts' (Advice), the class nearest Game first.
    members = {}
    parts = [cls for cls in sw.Game.__mro__ if cls.__module__.startswith("solitaire_widget.game")]
    for part in reversed(parts):
        members.update(
            (name, member)
            for name, member in vars(part).items()
            if not name.startswith("_") or name in ("__str__", "__repr__", "__eq__", "__reduce__")
        )
    unlocked = set()
    for name, member in members.items():
        function = member.fget if isinstance(member, property) else member
        wrapped = inspect.isfunction(function) and hasattr(function, "__wrapped__")
        if not wrapped and (inspect.isfunction(function) or isinstance(member, classmethod)):
            unlocked.add(name)
    assert set(NOT_LOCKED_THROUGHOUT) == READ_UNDER_THE_LOCK_ONLY
    assert unlocked == READ_UNDER_THE_LOCK_ONLY | MAKERS
    assert len(members) > 50


class Spy:
    """Records every change made to ``game`` without its lock held: the position pushed or
    popped, an attribute of the game, of its line or of a node of its tree set, a node added,
    a listener called. (Recorded, not raised: a listener's error is logged and swallowed.)"""

    def __init__(self, game: sw.Game, monkeypatch: pytest.MonkeyPatch) -> None:
        self.game = game
        self.unlocked: list[str] = []
        self.changes = 0
        spy = self

        class SpiedGame(sw.Game):
            def __setattr__(self, name, value):
                spy.check(f"Game.{name} set")
                super().__setattr__(name, value)

        original_push, original_pop, original_add = Position.push, Position.pop, Node.add
        original_node_setattr, original_line_setattr = Node.__setattr__, Line.__setattr__

        def push(position, move):
            if position is game._position:
                spy.check("Position.push")
            original_push(position, move)

        def pop(position):
            if position is game._position:
                spy.check("Position.pop")
            return original_pop(position)

        def add(node, move, played_at=None):
            if spy.in_tree(node):
                spy.check("Node.add")
            return original_add(node, move, played_at)

        def node_setattr(node, name, value):
            if name in ("comment", "glyph", "marks", "arrows") and spy.in_tree(node):
                spy.check(f"Node.{name} set")
            original_node_setattr(node, name, value)

        def line_setattr(line, name, value):
            if line is game._line:
                spy.check(f"Line.{name} set")
            original_line_setattr(line, name, value)

        monkeypatch.setattr(Position, "push", push)
        monkeypatch.setattr(Position, "pop", pop)
        monkeypatch.setattr(Node, "add", add)
        monkeypatch.setattr(Node, "__setattr__", node_setattr)
        monkeypatch.setattr(Line, "__setattr__", line_setattr)
        game.__class__ = SpiedGame
        game.add_listener(lambda changed, action, move: spy.check(f"listener told of {action}"))

    def in_tree(self, node: Node) -> bool:
        while node.parent is not None:
            node = node.parent
        return node is self.game.root

    def check(self, where: str) -> None:
        self.changes += 1
        if not self.game.lock._is_owned():
            self.unlocked.append(where)


def klondike_with_a_variation() -> sw.Game:
    """Klondike seed 4 with two first moves tried (a variation at the start), standing
    after the first of the main line with one move ahead to redo."""
    g = sw.Game.new("klondike", seed=4)
    other = next(move for move in g.legal_moves() if move.source != "stock")
    g.play(other)
    g.goto(0)
    g.play("s>w")
    g.play("s>w")
    g.undo()
    g.promote(g.node)
    return g


def with_an_ace_to_send_home() -> sw.Game:
    """The first Klondike deal with an ace on top of a column."""
    return next(
        g
        for seed in range(1000)
        if any((g := sw.Game.new("klondike", seed=seed)).foundation_takes(i) for i in range(4))
        and any(move.target.startswith("foundation/") for move in g.legal_moves())
    )


MUTATIONS = {
    "play": lambda g: g.play(g.legal_moves()[-1]),
    "undo": lambda g: g.undo(),
    "redo": lambda g: g.redo(),
    "goto": lambda g: g.goto(0),
    "enter": lambda g: g.enter(g.root.variations[-1]),
    "promote": lambda g: g.promote(g.root.variations[-1]),
    "delete": lambda g: g.delete(g.root.variations[-1]),
    "annotate": lambda g: g.annotate(0, "the deal", ["tableau/3"]),
    "restore": lambda g: g.restore(sw.Game.new("klondike", seed=4)),
    "autoplay": lambda g: g.autoplay(),
    "add_listener": lambda g: g.add_listener(print),
    "remove_listener": lambda g: (g.add_listener(print), g.remove_listener(print)),
}


@pytest.mark.parametrize("name", MUTATIONS)
def test_each_change_is_made_holding_the_games_lock(name, monkeypatch):
    g = with_an_ace_to_send_home() if name == "autoplay" else klondike_with_a_variation()
    spy = Spy(g, monkeypatch)
    MUTATIONS[name](g)
    assert spy.changes > 0, "the spy saw no change: it checks nothing"
    assert spy.unlocked == []


def test_the_spy_sees_a_change_made_without_the_lock(monkeypatch):
    g = klondike_with_a_variation()
    spy = Spy(g, monkeypatch)
    assert g.position.key() == g._position.key()  # a read is no change
    g._position.push(g.legal_moves()[0])
    assert spy.unlocked == ["Position.push"]


def test_listeners_run_on_the_changing_thread_holding_the_lock_and_may_read_the_game():
    g = sw.Game.new("father", seed=3)
    heard = []
    g.add_listener(
        lambda game, action, move: heard.append((threading.get_ident(), game.lock._is_owned(), game.ply))
    )
    worker = threading.Thread(target=lambda: g.play(g.legal_moves()[0]))
    worker.start()
    worker.join()
    assert heard == [(worker.ident, True, 1)]
    assert not g.lock._is_owned()


def test_a_failing_listener_leaves_the_change_whole_and_the_lock_free(caplog):
    g = sw.Game.new("klondike", seed=4)
    g.add_listener(lambda game, action, move: 1 / 0)
    heard = []
    g.add_listener(lambda game, action, move: heard.append(action))
    move = g.play("s>w")
    assert (g.history, heard) == ((move,), ["play"])
    assert "ZeroDivisionError" in caplog.text
    done = threading.Event()
    threading.Thread(target=lambda: (g.undo(), done.set())).start()
    assert done.wait(timeout=30), "the lock was left held"
    assert g.history == ()


def test_copies_pickles_and_loaded_games_get_a_lock_of_their_own(tmp_path):
    g = klondike_with_a_variation()
    g.save(tmp_path / "game.json")
    others = [
        g.copy(),
        pickle.loads(pickle.dumps(g)),
        sw.Game.from_dict(g.to_dict()),
        sw.Game.from_record(g.to_record()),
        sw.Game.load(tmp_path / "game.json"),
    ]
    for other in others:
        assert other.lock is not g.lock
        with other.lock:
            assert not g.lock._is_owned()
    assert others[1] == g


def test_two_threads_comparing_two_games_each_way_never_wait_on_each_other():
    """Holding one game's lock while waiting for the other's could deadlock here."""
    a, b = sw.Game.new("klondike", seed=1), sw.Game.new("klondike", seed=1)
    answers: list[bool] = []

    def compare(one: sw.Game, other: sw.Game) -> None:
        for _ in range(500):
            answers.append(one == other)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=compare, args=pair, daemon=True) for pair in ((a, b), (b, a))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
    finally:
        sys.setswitchinterval(interval)
    assert answers == [True] * 1000
