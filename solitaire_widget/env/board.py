"""The board of ``render_mode="human"``: a ``SolitaireWidget`` on the environment's game,
shown once in the notebook. It follows every move by itself (the widget listens to its
game), so a step has nothing to send; a new episode puts the new game on the same board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gymnasium.error import DependencyNotInstalled

from ..game import Game

if TYPE_CHECKING:
    from ..widget import SolitaireWidget


class HumanDisplay:
    """One board in the notebook, showing whichever game it was last given."""

    def __init__(self) -> None:
        try:
            import IPython.display  # noqa: F401  (checked now, so a missing one fails at make time)
        except ImportError as missing:
            raise DependencyNotInstalled(
                "render_mode='human' shows the board in a Jupyter notebook and needs IPython "
                "(pip install ipykernel); without it, use render_mode='ansi' for the text board"
            ) from missing
        self.widget: SolitaireWidget | None = None

    def show(self, game: Game) -> None:
        """Show ``game`` on the board, displaying the board the first time."""
        if self.widget is None:
            from IPython.display import display

            from ..widget import SolitaireWidget

            self.widget = SolitaireWidget(game, library=False)  # an agent's games are not the player's
            display(self.widget)  # type: ignore[no-untyped-call]
        elif self.widget.game is not game:
            self.widget.new_game(game)

    def close(self) -> None:
        """Close the board's widget (its views go blank); a later ``show`` makes a new one."""
        if self.widget is not None:
            self.widget.close()
            self.widget = None
