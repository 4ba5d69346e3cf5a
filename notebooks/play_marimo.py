"""Klondike in a marimo notebook: the board is the same anywidget as in JupyterLab, shown
through ``mo.ui.anywidget``, and the cells below it follow the game as it is played.

    marimo run notebooks/play_marimo.py     # as an app (code hidden)
    marimo edit notebooks/play_marimo.py    # as a notebook

Set ``SOLITAIRE_WIDGET_SEED`` to choose the deal (a random one when unset).
"""

import marimo

app = marimo.App(width="medium", app_title="Solitaire in marimo")


@app.cell
def _():
    import os

    import marimo as mo

    import solitaire_widget as sw

    return mo, os, sw


@app.cell
def _(mo):
    mo.md(
        """
        # Klondike in marimo

        Click the stock to draw, drag or click cards to move them, double-click a card to
        send it home. The cells under the board follow the game as you play.
        """
    )
    return


@app.cell
def _(mo, os, sw):
    seed = os.environ.get("SOLITAIRE_WIDGET_SEED")
    widget = sw.SolitaireWidget("klondike", seed=None if seed is None else int(seed))

    # marimo re-runs a cell when a UI element's value changes in the page, but a move played
    # on the board is a message to Python that changes the game there: the board's new state
    # is passed on through mo.state, so the cells that read it run again after every move,
    # undo or new deal.
    board_version, set_board_version = mo.state(widget.state["version"])
    widget.observe(lambda change: set_board_version(change["new"]["version"]), names="state")
    board = mo.ui.anywidget(widget)
    board
    return board_version, widget


@app.cell
def _(board_version, mo, widget):
    board_version()  # run again whenever the board shows a new state
    game = widget.game
    played = game.history
    recent = "\n".join(
        f"{ply}. {game.sentence(ply)}" for ply in range(max(1, len(played) - 4), len(played) + 1)
    )
    ending = f"**{game.outcome.reason}**" if game.outcome is not None else "The game is on."
    mo.md(
        f"""
        ## The game so far

        <span data-moves-played="{len(played)}">Moves played: **{len(played)}**</span>.
        {ending}

        {recent or "No move yet: click the stock to draw a card."}
        """
    )
    return (game,)


@app.cell
def _(mo):
    want_hint = mo.ui.switch(label="Suggest a move")
    want_hint
    return (want_hint,)


@app.cell
def _(board_version, game, mo, want_hint):
    board_version()
    advice = None
    if want_hint.value and game.outcome is None:
        # The solver sees every card; half a second keeps the board answering between moves.
        advice = game.hint(time_limit=0.5)
    mo.md(f"Hint: {advice.sentence}" if advice is not None else "")
    return


if __name__ == "__main__":
    app.run()
