// This view's intents to Python and Python's refusals of them: an intent goes out only while
// the state can be drawn and a kernel may answer (a send that fails says at once that no
// kernel answers), and a refusal of one of this view's requests puts the board back and
// says why in words. Other views' refusals are theirs to say.

import { STILL_WAITING } from "./hand.js";

export class Requests {
  constructor(view) {
    this.view = view;
  }

  /** Sends intent `kind`; returns its request id, or null when it could not go out. */
  send(kind, fields = {}, { fromReplay = false } = {}) {
    const view = this.view;
    // Whatever the player asks for ends a replay; only the replay's own steps keep it going.
    if (!fromReplay) view.sideColumn.replay.stop();
    const state = view.state;
    if (view.problem || view.kernelLink.refused()) return null;
    let request;
    try {
      request = view.channel.send(kind, state.version, fields);
    } catch {
      // The model throws when it has no kernel to send to (shut down, or the connection
      // lost): no answer can come, so say so now instead of after the watchdog.
      view.channel.settle();
      view.sideColumn.replay.stop();
      view.feedback.onAnswerTimeout();
      return null;
    }
    if (request === null) {
      view.feedback.announce(STILL_WAITING);
      return null;
    }
    view.root.classList.add("sw-waiting");
    return request;
  }

  /** A message from Python: when it refuses one of this view's requests, the board goes back to
   * Python's last state and the player hears why; true when it was such a refusal. */
  onMessage(content) {
    const view = this.view;
    if (content?.kind !== "refused" || !view.channel.isOwn(content.request)) return false;
    view.channel.refusalArrived(content.request);
    view.instant.refused(content.request);
    view.sideColumn.onRefused();
    view.feedback.clearKernelWarning();
    const reason = typeof content.reason === "string" && content.reason ? content.reason : "that move is not allowed";
    const text = reason.charAt(0).toUpperCase() + reason.slice(1);
    view.held = null;
    view.pointer.snapBackDropped();
    view.board.updateHighlights();
    // A refused new game leaves the chooser showing the game still on the board.
    view.toolbar.update();
    view.feedback.showToast(text, { kind: "error" });
    view.feedback.announce(`Not allowed: ${reason}`);
    return true;
  }
}
