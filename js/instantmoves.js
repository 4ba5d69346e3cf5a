// Instant moves: a move in the state's legal list is drawn on the board the moment it is
// made (optimistic.js predicts the piles) while its intent goes out. Until Python answers,
// the root carries data-pending (the request id), data-version stays the last state Python
// sent, and the board takes no other move: what it shows is not a state Python has, so a
// second move is refused with "still waiting" -- except clicks on the stock, which are
// counted and drawn one per state Python sends, so that no draw is lost however fast the
// clicks. Python's next state, whatever it holds, replaces the picture; only a refusal of
// the move puts the last state from Python back.

import { stockMove, stockPlayable } from "./legal.js";
import { canPredict, pendingState } from "./optimistic.js";
import { isRunning } from "./run.js";

export class InstantMoves {
  /**
   * `board` draws the pictures and `root` carries data-pending; `stateNow()` is the last
   * state Python sent, `isWaiting(version)` whether an intent on that version waits for its
   * answer; `send(kind, fields)` sends an intent (its request id, or null when it could not
   * go out); `release()` lets go of the cards held before a move goes; `placed()` is told
   * when a move's picture is drawn.
   */
  constructor({ board, root, stateNow, isWaiting, send, release, placed }) {
    this.board = board;
    this.root = root;
    this.stateNow = stateNow;
    this.isWaiting = isWaiting;
    this.sendIntent = send;
    this.release = release;
    this.placed = placed;
    this.pending = null; // { request, state }: a move drawn before Python's answer, and that picture
    this.drawsQueued = 0; // clicks on the stock made while a move waited, drawn one per new state
  }

  /** The picture the board shows: the pending move's, else the last state from Python. */
  picture() {
    return this.pending ? this.pending.state : this.stateNow();
  }

  /** Sends `move` and, when the view can tell the piles after it, draws them at once;
   * returns its request id, or null. */
  send(move) {
    this.release();
    const state = this.stateNow();
    const request = this.sendIntent("move", { source: move.source, target: move.target, count: move.count });
    if (request !== null && canPredict(state, move)) this.show(request, pendingState(state, move));
    return request;
  }

  /** Draws `picture`, the board after the move of `request`, until Python answers. */
  show(request, picture) {
    this.pending = { request, state: picture };
    this.placed();
    this.root.dataset.pending = request;
    this.board.render(picture);
  }

  /** Forgets the pending picture (the caller draws what replaces it); true when there was one. */
  drop() {
    if (!this.pending) return false;
    this.pending = null;
    delete this.root.dataset.pending;
    return true;
  }

  /** A click on the stock while a move waits: drawn later, on a state to come. */
  queueDraw() {
    this.drawsQueued += 1;
  }

  /** The stock clicks not drawn yet are dropped (a refusal, another command, the kernel gone). */
  forgetDraws() {
    this.drawsQueued = 0;
  }

  /** One queued click on the stock, drawn on the state that just arrived; a state that
   * offers no draw or redeal (the game ended, a strategy plays) drops the rest. */
  drawQueued() {
    const state = this.stateNow();
    if (this.drawsQueued === 0 || this.isWaiting(state.version)) return;
    const offered = state.status === "playing" && !isRunning(state) && stockPlayable(state);
    this.drawsQueued = offered ? this.drawsQueued - 1 : 0;
    if (offered) this.send(stockMove(state));
  }

  /** Python refused `request`: the queued draws go and, if it was the move drawn, the last
   * state from Python is drawn again. */
  refused(request) {
    this.forgetDraws();
    if (this.pending && this.pending.request === request) {
      this.drop();
      this.board.render(this.stateNow());
    }
  }
}
