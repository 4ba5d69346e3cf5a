// The move list: the start, the moves of the current line numbered 1..n, and after each move
// the variations tried in its place, indented. An element is kept per node id and only what
// changed is written, so a state that only moves the current ply touches a few entries, and
// a new move adds one.

import { makeElement, setAttr, setText } from "./dom.js";
import { glyphWords } from "./editing.js";

const LIST_HELP =
  "Left and Right step back and forward through the moves, Home and End go to the start and the end. " +
  "Up and Down move between entries; Enter goes to the one with focus. " +
  "C comments the move on show, G picks its glyph, + promotes its variation, - or Delete deletes it. " +
  "Q asks for the move on show in a study's exercise.";

// The teacher's keys, as on the board (keys.js): they edit the move on show.
const EDIT_KEYS = new Map([
  ["c", "comment"],
  ["g", "glyph"],
  ["+", "promote"],
  ["-", "delete_variation"],
  ["Delete", "delete_variation"],
  ["q", "ask"],
]);

// Keys that step the game along the line while the list has the focus (Up and Down move the focus).
const NAVIGATION_KEYS = new Map([
  ["ArrowLeft", "back"],
  ["ArrowRight", "forward"],
  ["Home", "first"],
  ["End", "last"],
]);

/** Takes `el` (an element or null) out of the document; returns null to forget it by. */
function removed(el) {
  if (el) el.remove();
  return null;
}

export class MoveList {
  /**
   * `navigate(action)` steps the game ("first", "back", "forward", "last"); `goto(ply)` and
   * `enter(nodeId)` go to an entry of the line or of a variation; `edit(action)` edits the
   * move on show (editing.js's actions).
   */
  constructor({ helpId, navigate, goto, enter, edit }) {
    this.navigate = navigate;
    this.goto = goto;
    this.enter = enter;
    this.edit = edit;
    // Like the board, the list takes its own keys at the window (onWindowKey) and leaves the rest to the notebook.
    this.el = makeElement("ol", "sw-timeline", {
      "data-timeline": "",
      role: "list",
      "aria-label": "Moves",
      "aria-describedby": helpId,
    });
    this.help = makeElement("p", "sw-visually-hidden", { id: helpId });
    this.help.textContent = LIST_HELP;
    this.waiting = makeElement("p", "sw-timeline-waiting");
    this.waiting.textContent = "The moves show here once the kernel sends them.";
    this.template = makeElement("li", "sw-entry", { tabindex: "-1" });
    this.template.append(
      makeElement("span", "sw-entry-number"),
      // The notation is for the eye; the sentence says the same move in words.
      makeElement("span", "sw-entry-move", { "aria-hidden": "true" }),
      makeElement("span", "sw-entry-nag", { "aria-hidden": "true" }),
      makeElement("span", "sw-entry-sentence"),
    );
    this.entries = new Map(); // node id -> its entry (see makeEntry)
    this.order = []; // every entry, top to bottom
    this.line = []; // the entries of the current line, by ply
    this.shape = null; // the rows' revision and line end the entries were laid out for
    this.current = null; // the entry where the game stands
    this.tabStop = null; // the entry that takes the list's one tab stop
    this.scrollFrame = null;
    // The list's height changes with the board's and as panels open above it (hint,
    // Statistics): the current move stays in sight.
    if (typeof ResizeObserver === "function") {
      this.resizeObserver = new ResizeObserver(() => {
        if (this.current) this.keepInView(this.current);
      });
      this.resizeObserver.observe(this.el);
    }
  }

  destroy() {
    if (this.scrollFrame !== null) cancelAnimationFrame(this.scrollFrame);
    this.scrollFrame = null;
    if (this.resizeObserver) this.resizeObserver.disconnect();
  }

  /** Draws `timeline` (a TimelineRows) for `state`; returns the time it took in ms. */
  render(timeline, state) {
    const started = performance.now();
    const shape = `${timeline.revision}:${state.line_end}`;
    if (shape !== this.shape) {
      this.shape = shape;
      const line = timeline.lineOf(state.line_end);
      this.layOut(line ? timeline.entriesOf(line) : []);
    }
    this.markProgress(state.ply);
    const ms = performance.now() - started;
    setAttr(this.el, "data-render-ms", ms.toFixed(2));
    return ms;
  }

  /** Puts the elements of `wanted` (from TimelineRows.entriesOf) in the list, in order, reusing them by id. */
  layOut(wanted) {
    this.waiting.hidden = wanted.length > 0;
    const ids = new Set(wanted.map((wish) => wish.row.id));
    for (const [id, entry] of this.entries) {
      if (!ids.has(id)) {
        entry.el.remove();
        this.entries.delete(id);
      }
    }
    if (this.current) this.setCurrent(this.current, false);
    this.current = null;
    if (this.tabStop && !this.entries.has(this.tabStop.row.id)) this.tabStop = null;
    this.order = [];
    this.line = [];
    // An empty list (the first drawing, a new deal's) is filled off the page, in one insertion.
    const target = this.el.firstChild ? this.el : document.createDocumentFragment();
    let cursor = target.firstChild;
    for (const wish of wanted) {
      const entry = this.entries.get(wish.row.id) || this.makeEntry(wish.row.id);
      this.fill(entry, wish);
      if (entry.el === cursor) cursor = cursor.nextSibling;
      else target.insertBefore(entry.el, cursor);
      this.order.push(entry);
      if (wish.kind === "line") this.line.push(entry);
    }
    if (target !== this.el) this.el.append(target);
  }

  makeEntry(id) {
    // Cloning one prepared entry is cheaper than building each of hundreds of them.
    const el = this.template.cloneNode(true);
    const [number, move, nag, sentence] = el.children;
    const entry = {
      el,
      number,
      move,
      nag,
      sentence,
      label: null,
      comment: null,
      row: null,
      kind: null,
      ply: -1,
      depth: 0,
      ahead: false,
      judged: null,
    };
    this.entries.set(id, entry);
    return entry;
  }

  fill(entry, { row, kind, ply, depth }) {
    const el = entry.el;
    const kindChanged = entry.kind !== kind;
    if (kindChanged) {
      entry.kind = kind;
      el.classList.toggle("sw-entry--line", kind === "line");
      el.classList.toggle("sw-entry--variation", kind === "variation");
      // Only line entries carry data-ply, so [data-ply="5"] names one entry; variations are named by node.
      if (kind === "line") {
        el.removeAttribute("data-node");
        entry.label = removed(entry.label);
      } else {
        el.removeAttribute("data-ply");
        el.setAttribute("data-node", String(row.id));
        entry.ahead = false;
        el.classList.remove("sw-entry--ahead");
        entry.label = makeElement("span", "sw-visually-hidden");
        entry.label.textContent = "Variation: ";
        el.prepend(entry.label);
      }
    }
    if (kind === "line" && (kindChanged || entry.ply !== ply)) el.setAttribute("data-ply", String(ply));
    entry.ply = ply;
    if (entry.depth !== depth) {
      entry.depth = depth;
      el.style.setProperty("--sw-depth", String(depth));
      el.classList.toggle("sw-entry--aside", depth > 0);
    }
    if (entry.row === row) return;
    entry.row = row;
    setText(entry.number, ply > 0 ? `${ply}.` : "");
    setText(entry.move, typeof row.move === "string" ? row.move : "");
    // The teacher's glyph: the sign for the eye, its words for screen readers.
    const glyph = typeof row.glyph === "string" ? row.glyph : "";
    setText(entry.nag, glyph);
    const sentence = typeof row.sentence === "string" ? row.sentence : "";
    setText(entry.sentence, glyphWords(glyph) ? `${sentence} (${glyphWords(glyph)})` : sentence);
    const comment = typeof row.comment === "string" ? row.comment : "";
    if (!comment) entry.comment = removed(entry.comment);
    else {
      if (!entry.comment) entry.comment = el.appendChild(makeElement("span", "sw-entry-comment"));
      // Comments are plain text written by people: textContent, never markup.
      setText(entry.comment, comment);
    }
  }

  /**
   * Marks each entry whose node the analysis judged (`judged`: node id -> row, from
   * judgedByNode): data-judgement, its glyph after the move, and the judgement with the
   * chances in its tooltip and, for screen readers, after its sentence.
   */
  markJudgements(judged) {
    for (const entry of this.order) {
      const row = (entry.row && judged.get(entry.row.id)) || null;
      if (row === entry.judged) continue;
      entry.judged = row;
      const el = entry.el;
      let [glyph, words] = [el.querySelector(".sw-entry-glyph"), el.querySelector(".sw-entry-judgement")];
      if (!row) {
        for (const part of [glyph, words]) removed(part);
        el.removeAttribute("data-judgement");
        el.removeAttribute("title");
        continue;
      }
      if (!glyph) {
        glyph = makeElement("span", "sw-entry-glyph", { "aria-hidden": "true" });
        entry.move.after(glyph);
        words = makeElement("span", "sw-visually-hidden sw-entry-judgement");
        entry.sentence.after(words);
      }
      const judgement = typeof row.judgement === "string" ? row.judgement : "";
      setAttr(el, "data-judgement", judgement || "open");
      setText(glyph, typeof row.glyph === "string" ? row.glyph : "");
      const said = typeof row.words === "string" ? row.words : "";
      setAttr(el, "title", said);
      setText(words, said ? ` (${said})` : "");
    }
  }

  /** Marks the moves an exercise asks for (`asked`: Map(node id -> { ply, hint }), see asking.js). */
  markAsked(asked) {
    for (const entry of this.order) {
      const question = (entry.row && asked.get(entry.row.id)) || null;
      const drawn = question ? `Asked in the exercise${question.hint ? `, hint: ${question.hint}` : ""}` : null;
      if (drawn === (entry.asked || null)) continue;
      entry.asked = drawn;
      let badge = entry.el.querySelector(".sw-entry-asked");
      if (!question) {
        removed(badge);
        entry.el.removeAttribute("data-asked");
        continue;
      }
      if (!badge) {
        badge = makeElement("span", "sw-entry-asked");
        entry.sentence.before(badge);
      }
      setAttr(entry.el, "data-asked", "");
      setAttr(badge, "title", drawn);
      // The badge's words are read out with the entry: "asked" for the eye, the hint for screen readers.
      badge.replaceChildren("asked", makeElement("span", "sw-visually-hidden"));
      badge.lastChild.textContent = question.hint ? ` (hint: ${question.hint})` : "";
    }
  }

  /** Marks where the game stands (`ply`) and dims the moves ahead of it. */
  markProgress(ply) {
    this.line.forEach((entry, at) => {
      const ahead = at > ply;
      if (entry.ahead !== ahead) {
        entry.ahead = ahead;
        entry.el.classList.toggle("sw-entry--ahead", ahead);
      }
    });
    const current = this.line[ply] || null;
    if (current === this.current) {
      if (!this.tabStop) this.rove(current || this.order[0] || null, false);
      return;
    }
    if (this.current) this.setCurrent(this.current, false);
    this.current = current;
    if (current) {
      this.setCurrent(current, true);
      this.keepInView(current);
    }
    // Focus follows the game while it is in the list, so Left and Right can be held down.
    const focused = this.el.contains(document.activeElement);
    this.rove(current || this.order[0] || null, focused);
  }

  setCurrent(entry, isCurrent) {
    entry.el.classList.toggle("sw-entry--current", isCurrent);
    if (isCurrent) entry.el.setAttribute("aria-current", "step");
    else entry.el.removeAttribute("aria-current");
  }

  /** Gives `entry` the list's tab stop and, when `focus`, the focus. */
  rove(entry, focus) {
    if (this.tabStop && this.tabStop !== entry) this.tabStop.el.setAttribute("tabindex", "-1");
    this.tabStop = entry;
    if (!entry) return;
    entry.el.setAttribute("tabindex", "0");
    // The list scrolls itself (keepInView): scrolling the page would move the notebook.
    if (focus) entry.el.focus({ preventScroll: true });
  }

  /** Scrolls the list, never the page, so `entry` shows; next frame, when the layout is done anyway. */
  keepInView(entry) {
    if (typeof requestAnimationFrame !== "function") return;
    if (this.scrollFrame !== null) cancelAnimationFrame(this.scrollFrame);
    this.scrollFrame = requestAnimationFrame(() => {
      this.scrollFrame = null;
      const list = this.el;
      const top = entry.el.offsetTop;
      const bottom = top + entry.el.offsetHeight;
      if (top < list.scrollTop) list.scrollTop = top;
      else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
    });
  }

  entryOf(target) {
    const el = target instanceof Element ? target.closest(".sw-entry") : null;
    if (!el || !this.el.contains(el)) return null;
    return this.order.find((entry) => entry.el === el) || null;
  }

  /** The element of node `id`'s entry, or null when the list does not show it. */
  elementOf(id) {
    const entry = this.entries.get(id);
    return entry ? entry.el : null;
  }

  activate(entry) {
    if (entry.kind === "line") this.goto(entry.ply);
    else this.enter(entry.row.id);
  }

  /** A click in the view: true when it was on an entry (which it then goes to). */
  onClick(event) {
    const entry = this.entryOf(event.target);
    if (!entry) return false;
    this.rove(entry, false);
    this.activate(entry);
    return true;
  }

  /**
   * Keys pressed in the list. Captured at the window, like the board's, so arrows and Enter
   * do not also select or edit notebook cells; keys with modifiers go on to the notebook.
   */
  onWindowKey(event) {
    if (!(event.target instanceof Node) || !this.el.contains(event.target)) return;
    // Keys typed in the comment editor are its own.
    if (event.target instanceof Element && event.target.closest("form")) return;
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    const edit = EDIT_KEYS.get(event.key.length === 1 ? event.key.toLowerCase() : event.key);
    if (event.shiftKey && !edit) return;
    const action = NAVIGATION_KEYS.get(event.key);
    const focused = this.entryOf(event.target);
    if (edit) this.edit(edit);
    else if (action) this.navigate(action);
    else if ((event.key === "ArrowUp" || event.key === "ArrowDown") && this.order.length) {
      const at = focused ? this.order.indexOf(focused) : -1;
      const next = event.key === "ArrowUp" ? Math.max(0, at - 1) : Math.min(this.order.length - 1, at + 1);
      this.rove(this.order[next], true);
      this.keepInView(this.order[next]);
    } else if ((event.key === "Enter" || event.key === " ") && focused) this.activate(focused);
    else return;
    event.stopPropagation();
    event.preventDefault();
  }
}
