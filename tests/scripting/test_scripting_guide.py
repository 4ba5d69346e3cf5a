"""The first strategy of the scripting guide (docs/guide/scripting.md) wins what the page says
it wins: its code block is run as it stands, then played on the deals the page names, with
the built-in strategies it is compared with."""

from __future__ import annotations

import re
from pathlib import Path

import solitaire_widget as sw

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "guide" / "scripting.md"
FIGURES = re.compile(
    r"On the first (\d+) Klondike deals \(seeds 0 to \d+, drawing one\), `my_bot` wins (\d+); `greedy`\s+"
    r"wins (\d+) and `lookahead` (\d+)"
)


def test_the_guides_first_strategy_wins_the_share_the_page_quotes():
    text = GUIDE.read_text(encoding="utf-8")
    first_block = re.search(r"```python\n(.*?)```", text, re.DOTALL)
    assert first_block is not None
    code = first_block.group(1)
    assert "def my_bot(g)" in code, "the page's first code block is the strategy"
    figures = FIGURES.search(text)
    assert figures is not None, "the page quotes the share the strategy wins"
    deals, mine, greedy, lookahead = map(int, figures.groups())
    namespace: dict[str, object] = {}
    exec(compile(code, str(GUIDE), "exec"), namespace)
    played = {
        name: sw.simulate("klondike", strategy, deals, executor="serial", progress=False)
        for name, strategy in (
            ("my_bot", namespace["my_bot"]),
            ("greedy", sw.strategies.greedy),
            ("lookahead", sw.strategies.lookahead),
        )
    }
    wins = {
        name: sum(bool(row["won"]) for row in (rows if isinstance(rows, list) else rows.to_dict("records")))
        for name, rows in played.items()
    }
    assert wins == {"my_bot": mine, "greedy": greedy, "lookahead": lookahead}
    assert mine > greedy, "the guide's first strategy is worth learning from: it beats greedy"
