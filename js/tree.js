// The move tree as the view knows it: the rows of Python's `timeline` messages kept by id
// (protocol: solitaire_widget/widget/protocol.md, Timeline), the current line, and the flat
// list of entries the move list shows. Pure data, no DOM.

function isRow(row) {
  return (
    row !== null &&
    typeof row === "object" &&
    Number.isInteger(row.id) &&
    (row.parent === null || Number.isInteger(row.parent)) &&
    Number.isInteger(row.ply)
  );
}

export class TimelineRows {
  constructor() {
    this.rows = new Map(); // id -> row
    this.version = null; // the version of the last message applied; null before the first
    this.revision = 0; // +1 on every change, so what is derived from the rows knows when to redo it
    this.children = new Map(); // parent id -> its rows by index; rebuilt when the revision moves
    this.childrenRevision = -1;
  }

  /**
   * Rows saved with the notebook, shown until the kernel's whole timeline replaces them. Their
   * version is unknown, so only a reset can follow them.
   */
  load(rows) {
    this.rows.clear();
    for (const row of rows) if (isRow(row)) this.rows.set(row.id, row);
    this.version = null;
    this.revision += 1;
  }

  /**
   * Applies a `timeline` message. A reset replaces every row; other messages change rows and
   * remove ids, but only when they follow the last version applied. Returns false for a
   * message that does not follow (a version was missed): the view must ask for a reset.
   */
  apply(message) {
    if (message.reset) this.rows.clear();
    else if (this.version === null || message.version !== this.version + 1) return false;
    else for (const id of Array.isArray(message.removed) ? message.removed : []) this.rows.delete(id);
    for (const row of Array.isArray(message.rows) ? message.rows : []) if (isRow(row)) this.rows.set(row.id, row);
    this.version = message.version;
    this.revision += 1;
    return true;
  }

  toArray() {
    return Array.from(this.rows.values());
  }

  /** The rows whose parent is `id`, main continuation first. */
  childrenOf(id) {
    if (this.childrenRevision !== this.revision) {
      this.children.clear();
      for (const row of this.rows.values()) {
        if (row.parent === null) continue;
        if (!this.children.has(row.parent)) this.children.set(row.parent, []);
        this.children.get(row.parent).push(row);
      }
      for (const list of this.children.values()) list.sort((a, b) => (a.index || 0) - (b.index || 0));
      this.childrenRevision = this.revision;
    }
    return this.children.get(id) || [];
  }

  /**
   * The rows of the line that ends at node `lineEnd`, the start first (so a row's place is
   * its ply); null when a row on the way to the start is missing (the rows are not in step).
   */
  lineOf(lineEnd) {
    const line = [];
    let row = this.rows.get(lineEnd);
    while (row) {
      line.push(row);
      if (row.parent === null) return line.reverse();
      // Rows from a saved notebook are not checked by Python: a loop must not hang the view.
      if (line.length > this.rows.size) return null;
      row = this.rows.get(row.parent);
    }
    return null;
  }

  /**
   * What the move list shows, the main line first, with `line` (from lineOf: the line the game
   * is on) marked, in order: { row, kind, ply, depth }. The main line runs at depth 0; after
   * each move come the alternatives to it (its siblings), each with its main continuation,
   * one level deeper, and alternatives inside a variation follow their move one level deeper
   * again. The entries of `line` are "line" entries (ply their place on it), wherever they
   * are; the others "variation" entries. So a variation the game follows stays where it
   * branches, and the main line stays the main line until it is promoted.
   */
  entriesOf(line) {
    const onLine = new Map(line.map((row, ply) => [row.id, ply]));
    const entries = [];
    const add = (row, depth) => {
      const ply = onLine.get(row.id);
      entries.push(
        ply === undefined ? { row, kind: "variation", ply: row.ply, depth } : { row, kind: "line", ply, depth },
      );
    };
    // Iterative, so a line of any length cannot overflow the stack: each frame walks one
    // variation down its main continuation, setting aside the alternatives met on the way.
    const stack = [{ row: line[0], depth: 0, first: true }];
    while (stack.length) {
      const frame = stack.pop();
      if (frame.first) add(frame.row, frame.depth);
      const [main, ...others] = this.childrenOf(frame.row.id);
      if (!main) continue;
      add(main, frame.depth);
      stack.push({ row: main, depth: frame.depth, first: false });
      for (const other of others.reverse()) stack.push({ row: other, depth: frame.depth + 1, first: true });
    }
    return entries;
  }
}
