// Replaying the line: one `goto` to the next ply at a time, each sent once the state that
// answered the last one has arrived and the chosen delay has passed since it was sent (so
// the kernel's time to answer is part of the delay, not added to it).

export class Replay {
  /**
   * `stateNow()` gives the view's state; `step(ply)` sends the goto and returns its request id
   * (null when it could not be sent); `delayMs()` the time between moves; `changed()` runs
   * whenever the replay starts or stops.
   */
  constructor({ stateNow, step, delayMs, changed }) {
    this.stateNow = stateNow;
    this.step = step;
    this.delayMs = delayMs;
    this.changed = changed;
    this.playing = false;
    this.timer = null;
    this.awaited = null; // { version, ply }: the step sent, until the state it asked for arrives
  }

  start() {
    if (this.playing) return;
    this.playing = true;
    this.changed();
    this.advance();
  }

  /** Stops the replay (a click on Stop, the end of the line, a refusal, anything else the player does). */
  stop() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.awaited = null;
    if (!this.playing) return;
    this.playing = false;
    this.changed();
  }

  advance() {
    const state = this.stateNow();
    if (state.ply >= state.line_length) {
      this.stop();
      return;
    }
    this.awaited = { version: state.version, ply: state.ply + 1 };
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.awaited === null) this.advance();
    }, this.delayMs());
    if (this.step(state.ply + 1) === null) this.stop();
  }

  /** A new state arrived: the answer to the step, or a change that ends the replay. */
  stateArrived(state) {
    if (!this.playing || this.awaited === null || state.version === this.awaited.version) return;
    // Something else moved the game (another view, the notebook, a new deal): stop there.
    if (state.ply !== this.awaited.ply || state.ply >= state.line_length) {
      this.stop();
      return;
    }
    this.awaited = null;
    if (this.timer === null) this.advance();
  }
}
