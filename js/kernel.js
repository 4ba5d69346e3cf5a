// Whether a kernel stands behind the board. The board plays only while its widget's comm to
// the kernel is open; without one it is a picture of a game, and says so instead of waiting.
//
// Two sources tell, neither of them a timer. ipywidgets marks the element a view renders
// into with the class jupyter-widgets-disconnected whenever the model has no live comm: from
// the start for a board drawn from a notebook's saved widget state (a static page, the docs
// site, a notebook reopened in JupyterLab), and from the moment the kernel restarts for a
// board that played (its widget manager sets every model's comm_live to false, and the model
// fires comm_live_update). A kernel shut down leaves comm_live as it was, so the kernel
// connection the widget manager holds, where it has one (JupyterLab, Notebook, Voila), tells
// that: its status goes "dead" (or "restarting", "autorestarting"), or the connection is
// disposed of (Kernel > Shut Down Kernel does that without a status). (A comm closed by
// Python, w.close(), removes the view altogether: nothing is left to grey.)

import { makeElement, setText } from "./dom.js";

export const DISCONNECTED_CLASS = "jupyter-widgets-disconnected";
const GONE_STATUSES = new Set(["dead", "restarting", "autorestarting"]);

const WORDS = {
  picture:
    "This is a picture of the board, saved with the notebook: it does not play here. " +
    "To play, run the notebook in Jupyter, or open it in JupyterLite, which runs in the browser.",
  gone:
    "The kernel behind this board restarted or shut down, so the board no longer plays. " +
    "Run the cell again to play.",
};

/**
 * What stands behind a board as its view starts: "picture" when its model has no live comm
 * (`disconnected`), "gone" when the kernel's `status` says it has stopped, else "live".
 */
export function linkAtStart(disconnected, status) {
  if (disconnected) return "picture";
  return GONE_STATUSES.has(status) ? "gone" : "live";
}

/** True when a kernel reporting `status` no longer holds the widget this board shows. */
export function kernelGone(status) {
  return GONE_STATUSES.has(status);
}

/** The widget manager's kernel connection, when it has one whose status can be followed. */
function kernelOf(model) {
  const manager = model.widget_manager;
  const kernel = manager ? manager.kernel : null;
  const followed =
    kernel && [kernel.statusChanged, kernel.disposed].every((signal) => signal && typeof signal.connect === "function");
  return followed ? kernel : null;
}

export class KernelLink {
  /**
   * `model`: the widget's model (as anywidget hands it to the view); `host`: the element the
   * view renders into; `onLost()` runs once, when a board that played loses its kernel;
   * `say(text)` tells the player (the live region).
   */
  constructor({ model, host, onLost, say }) {
    this.model = model;
    this.kernel = kernelOf(model);
    this.onLost = onLost;
    this.say = say;
    const kernel = this.kernel;
    this.status = linkAtStart(
      host.classList.contains(DISCONNECTED_CLASS),
      kernel && (kernel.isDisposed ? "dead" : kernel.status),
    );
    this.lostAt = this.status === "live" ? null : Date.now(); // where the clock stops
    this.note = makeElement("p", "sw-no-kernel", { hidden: "" });
    this.showNote();
    this.onCommLive = () => {
      if (host.classList.contains(DISCONNECTED_CLASS)) this.lose();
    };
    this.onKernelStatus = (_kernel, status) => {
      if (kernelGone(status)) this.lose();
    };
    this.onKernelDisposed = () => this.lose();
    model.on("comm_live_update", this.onCommLive);
    if (kernel) {
      kernel.statusChanged.connect(this.onKernelStatus);
      kernel.disposed.connect(this.onKernelDisposed);
    }
  }

  destroy() {
    this.model.off("comm_live_update", this.onCommLive);
    if (this.kernel) {
      this.kernel.statusChanged.disconnect(this.onKernelStatus);
      this.kernel.disposed.disconnect(this.onKernelDisposed);
    }
  }

  get live() {
    return this.status === "live";
  }

  /** What the board says of itself without a kernel ("" while it has one). */
  get words() {
    return WORDS[this.status] || "";
  }

  /** True, after saying why, when no kernel stands behind the board: it takes no action then. */
  refused() {
    if (this.live) return false;
    this.say(this.words);
    return true;
  }

  lose() {
    if (!this.live) return;
    this.status = "gone";
    this.lostAt = Date.now();
    this.showNote();
    this.onLost();
  }

  showNote() {
    setText(this.note, this.words);
    this.note.hidden = this.live;
  }

  /**
   * Marks `root` with where the board stands (data-kernel: live, gone or picture) and, with
   * no kernel, disables every control in it: nothing there could be carried out.
   */
  mark(root) {
    if (root.dataset.kernel !== this.status) root.dataset.kernel = this.status;
    if (this.live) return;
    for (const control of root.querySelectorAll("button, select, input")) control.disabled = true;
  }
}
