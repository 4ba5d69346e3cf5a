// Sending intents to Python: request ids, at most one pending intent per state version,
// and a watchdog that notices when the kernel stops answering.

export const ANSWER_TIMEOUT_MS = 4000;

/** A random id for one rendered view; request ids are "<viewId>:<n>". */
export function makeViewId() {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export class IntentChannel {
  /**
   * `send(content)` delivers an intent; `onTimeout(pending)` runs once when neither a new
   * state nor a refusal answered the pending intent within `timeoutMs` (it stays pending).
   */
  constructor({ send, viewId, onTimeout, timeoutMs = ANSWER_TIMEOUT_MS }) {
    this.sendContent = send;
    this.viewId = viewId;
    this.onTimeout = onTimeout;
    this.timeoutMs = timeoutMs;
    this.counter = 0;
    this.pending = null; // { request, version, content }
    this.timer = null;
  }

  /** True while an intent made on `version` still waits for its answer. */
  isWaiting(version) {
    return this.pending !== null && this.pending.version === version;
  }

  /**
   * Send intent `kind` made on state `version` with extra `fields`. Returns the request id,
   * or null when an intent made on this same version is still waiting (so a burst of
   * clicks sends one move, not several).
   */
  send(kind, version, fields = {}) {
    if (this.isWaiting(version)) return null;
    this.counter += 1;
    const request = `${this.viewId}:${this.counter}`;
    const content = { kind, version, request, ...fields };
    this.settle();
    this.pending = { request, version, content };
    // The watchdog only warns: the intent stays pending (no second move on this version)
    // until Python's state or refusal answers it, however late.
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.pending) this.onTimeout(this.pending);
    }, this.timeoutMs);
    this.sendContent(content);
    return request;
  }

  /**
   * Send an intent that is answered by a message or a play aid, not a state (sync_timeline,
   * hint, setting, a winnable new_game): it takes a fresh request id but no pending slot
   * and no watchdog, so it never holds up a move. Throws as the model's send does when no
   * kernel is there.
   */
  sendQuery(kind, version, fields = {}) {
    this.counter += 1;
    const request = `${this.viewId}:${this.counter}`;
    this.sendContent({ kind, version, request, ...fields });
    return request;
  }

  /** A state of `version` arrived: it answers any intent made on an older version. */
  stateArrived(version) {
    if (this.pending && this.pending.version !== version) {
      this.settle();
      return true;
    }
    return false;
  }

  isOwn(request) {
    return typeof request === "string" && request.startsWith(`${this.viewId}:`);
  }

  /** A refusal arrived; returns true when it answers this view's pending intent. */
  refusalArrived(request) {
    if (this.pending && this.pending.request === request) {
      this.settle();
      return true;
    }
    return false;
  }

  /** Forget the pending intent and its watchdog. */
  settle() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
  }
}
