"""HTML handouts: standalone pages with the moves, sentences, comments (escaped: no markup
reaches the page), a diagram at every move with a comment or marks, and print CSS."""

from __future__ import annotations

import base64
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from xml.etree import ElementTree

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "study"))
from study_helpers import LINE, QUESTION, lesson_game, small_study

import solitaire_widget as sw


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.images: list[dict[str, str | None]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "img":
            self.images.append(dict(attrs))


def parsed(page: str) -> _Tags:
    tags = _Tags()
    tags.feed(page)
    return tags


def diagrams(page: str) -> list[ElementTree.Element]:
    """The SVG pictures of the page's diagrams, parsed (so each is well-formed)."""
    found = []
    for image in parsed(page).images:
        src = image["src"] or ""
        assert src.startswith("data:image/svg+xml;base64,")
        found.append(ElementTree.fromstring(base64.b64decode(src.split(",", 1)[1])))
    return found


def test_a_game_handout_has_the_moves_sentences_comments_and_a_diagram_per_note():
    g = lesson_game()
    page = g.to_html("Seven <columns>")
    assert page.startswith("<!DOCTYPE html>") and "@media print" in page
    assert "<title>Seven &lt;columns&gt;</title>" in page and "<columns>" not in page
    assert "An ace goes home &lt;at once&gt; &amp; stays." in page and "<at once>" not in page
    assert page.count('class="notation"') == len(LINE) + 1  # the main line and the variation's move
    assert g.sentence(1) in page
    # The start, move 1, move 21 (comment and mark) and the variation's move are noted.
    pictures = diagrams(page)
    assert len(pictures) == 4
    assert all(picture.tag.endswith("svg") for picture in pictures)
    assert 'alt="The board after move 21, s&gt;w"' in page
    assert "<script" not in page and "http" not in page.replace("http://www.w3.org/2000/svg", "")


def test_a_handout_without_comments_has_no_diagrams_and_bad_arguments_are_refused():
    g = sw.Game.new("father", seed=3)
    g.play(g.legal_moves()[0])
    page = g.to_html()
    assert "<h1>Father · seed 3</h1>" in page and diagrams(page) == []
    with pytest.raises(ValueError, match="size must be a whole number of pixels"):
        g.to_html(size=0)


def test_a_study_handout_has_contents_chapters_and_exercises_with_answers_apart():
    page = small_study().to_html()
    tags = parsed(page)
    assert tags.tags.count("section") == 2 and "nav" in tags.tags
    assert "<h1>Klondike &lt;basics&gt;</h1>" in page
    question = re.search(r'<li value="21" class="question">.*?</li>', page, re.S)
    assert question is not None and "Hint: Keep the foundation whole." in question.group()
    assert "s&gt;w" not in question.group()
    answers = page.split("<h3>Answers</h3>")[1]
    assert f'<li value="{QUESTION}"><span class="notation">s&gt;w</span>' in answers
