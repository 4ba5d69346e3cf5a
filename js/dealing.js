// New deals and past games opened from the board: the game and seed the player chose (the
// toolbar's chooser, Draw 1/3, the seed box, New game, N), dealt at once or after the
// player agrees to abandon the game in progress, and whether a state that arrives brings
// the game the player switched to.

import { seedRefusal } from "./toolbar.js";

export class NewDeals {
  /**
   * `toolbar` reads the seed box and Draw 1/3, `aids` deals winnable deals when the player
   * chose them, `confirmation` asks before a game in progress is abandoned and `feedback`
   * says why a seed is refused; `stateNow()` is the state on show, `problem()` why it cannot
   * be drawn (null when it can), `refused()` true while no intent may go out (the kernel
   * gone), and `send(kind, fields)` sends an intent.
   */
  constructor({ toolbar, aids, confirmation, feedback, stateNow, problem, refused, send }) {
    this.toolbar = toolbar;
    this.aids = aids;
    this.confirmation = confirmation;
    this.feedback = feedback;
    this.stateNow = stateNow;
    this.problem = problem;
    this.refused = refused;
    this.send = send;
    this.switchingTo = null; // the game the player chose here, until a state of it arrives
  }

  /** Deals `game` (the game on show when null) with the seed the box holds, if it was typed
   * there (`fromSeedBox`: Enter in the box). */
  newGame(game = null, { fromSeedBox = false } = {}) {
    if (this.problem()) return;
    const state = this.stateNow();
    const chosen = game || state.game;
    const seed = this.toolbar.typedSeed(state, fromSeedBox);
    if (seed === undefined) {
      const text = seedRefusal(this.toolbar.seedInput.value.trim());
      this.feedback.showToast(text, { kind: "error" });
      this.feedback.announce(text);
      return;
    }
    const options = chosen === state.game ? { ...(state.options || {}) } : {};
    if (chosen === "klondike") options.draw = this.toolbar.chosenDraw();
    const deal = () => {
      if (chosen !== state.game) this.switchingTo = chosen;
      if (this.aids.winnableDeals) this.aids.dealWinnable({ game: chosen, seed, options });
      else this.send("new_game", { game: chosen, seed, options });
    };
    this.abandoning(deal);
  }

  /** Runs `go` (a new deal, a past game opened), once the player agrees to abandon the game
   * in progress, if one is; `words` are the question's, when not a new deal's. */
  abandoning(go, words) {
    if (this.refused()) return;
    const state = this.stateNow();
    const moves = Number(state.moves) || 0;
    if (state.status === "playing" && moves > 0) this.confirmation.ask(moves, go, words);
    else go();
  }

  /** `state` arrived after `previous` (null for the first): true when it brings the game the
   * player chose on this board, and then, or at any other change of game, the choice is done. */
  gameArrived(previous, state) {
    const switched = !previous || previous.game !== state.game;
    const chosen = switched && this.switchingTo === state.game;
    if (switched) this.switchingTo = null;
    return chosen;
  }
}
