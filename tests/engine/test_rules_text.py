"""The rules for people are one text, engine/games/rules.md: docs/rules.md includes it whole,
and each game's Rules panel shows its part of it (``rules_text``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solitaire_widget.engine.games import GAMES, RULES_TEXT, rules_text

DOCS_RULES = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
TITLES = {name: rules.title for name, rules in GAMES.items()}


def headings(text: str, level: int) -> list[str]:
    return re.findall(rf"^{'#' * level} (.+)$", text, flags=re.MULTILINE)


def test_docs_rules_md_is_the_package_text_included_not_a_copy():
    page = DOCS_RULES.read_text(encoding="utf-8")
    included = re.findall(r"^```\{include\} (\S+)$", page, flags=re.MULTILINE)
    assert [(DOCS_RULES.parent / path).resolve() for path in included] == [RULES_TEXT.resolve()]
    assert not headings(page, 1) and not headings(page, 2)


def test_the_text_has_a_section_for_every_game():
    sections = headings(RULES_TEXT.read_text(encoding="utf-8"), 2)
    assert sections[0] == "Rulings and options"
    assert set(TITLES.values()) <= set(sections)


@pytest.mark.parametrize("name", GAMES)
def test_a_games_rules_are_the_labels_its_own_section_then_what_all_share(name):
    text = rules_text(name)
    others = [title for other, title in TITLES.items() if other != name]
    assert headings(text, 2) == ["Rulings and options", TITLES[name], "Common to all three games"]
    assert not set(others) & set(headings(text, 2))
    assert text.startswith("## Rulings and options\n\nMost of these rules")
    assert "**Ruling:**" in text and "2⁵³ − 1" in text


def test_every_section_of_the_text_reaches_some_panel():
    whole = RULES_TEXT.read_text(encoding="utf-8")
    shown = "\n".join(rules_text(name) for name in GAMES)
    for level in (2, 3):
        assert set(headings(whole, level)) == set(headings(shown, level))
    # Every paragraph after the page's opening (the page's own) is on some panel.
    body = whole.partition("\n## ")[2]
    for paragraph in ("## " + body).split("\n\n"):
        assert paragraph.strip() in shown


def test_an_unknown_game_has_no_rules():
    with pytest.raises(ValueError, match="unknown game 'patience'"):
        rules_text("patience")
