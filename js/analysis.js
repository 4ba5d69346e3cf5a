// Reading the analysis Python publishes in the `analysis` trait (see the protocol in
// solitaire_widget/widget/protocol.md, Analysis): the judged moves by timeline node, the
// strip's cells along the line on show, and the words of the analysis's progress. Pure
// functions; AnalysisPanel (analysispanel.js) and MoveList (timeline.js) show their answers.

const STATUSES = new Set(["none", "running", "done", "stopped", "failed"]);

function isRow(row) {
  return row !== null && typeof row === "object" && Number.isInteger(row.ply) && Number.isInteger(row.node);
}

/**
 * `analysis` checked: { status, done, total, said, moves } with only well-formed rows; a
 * missing or odd one is "none".
 */
export function analysisOf(analysis) {
  if (!analysis || typeof analysis !== "object" || !STATUSES.has(analysis.status)) {
    return { status: "none", done: null, total: null, said: null, moves: [] };
  }
  const moves = Array.isArray(analysis.moves) ? analysis.moves.filter(isRow) : [];
  const count = (n) => (Number.isInteger(n) ? n : null);
  const said = typeof analysis.said === "string" ? analysis.said : null;
  return { status: analysis.status, done: count(analysis.done), total: count(analysis.total), said, moves };
}

/** The judged moves by the id of their node in the timeline. */
export function judgedByNode(analysis) {
  return new Map(analysis.moves.map((row) => [row.node, row]));
}

function estimate(chance) {
  const value = chance && typeof chance.estimate === "number" ? chance.estimate : 0;
  return Math.min(1, Math.max(0, value));
}

/** A share as whole percents: "62%". */
export function percent(share) {
  return `${Math.round(share * 100)}%`;
}

/**
 * The strip's cells: one per judged move, { ply, node, chance (after the move, 0..1), glyph,
 * judgement, title, current, onLine }. `line` is the rows of the line on show (from
 * TimelineRows.lineOf, the start first) and `ply` where the game stands: a cell is on the line
 * when its node is the line's move at its ply, and current when that ply is `ply`.
 */
export function stripCells(analysis, line, ply) {
  return analysis.moves.map((row) => {
    const onLine = Boolean(line?.[row.ply] && line[row.ply].id === row.node);
    return {
      ply: row.ply,
      node: row.node,
      chance: estimate(row.after),
      glyph: typeof row.glyph === "string" ? row.glyph : "",
      judgement: typeof row.judgement === "string" ? row.judgement : "",
      title: typeof row.words === "string" ? row.words : `Move ${row.ply}`,
      onLine,
      current: onLine && row.ply === ply,
    };
  });
}

const MISTAKES = ["blunder", "mistake", "inaccuracy"];
const COUNTED = [
  ["blunder", "blunder", "blunders"],
  ["mistake", "mistake", "mistakes"],
  ["inaccuracy", "inaccuracy", "inaccuracies"],
  ["only move", "only move", "only moves"],
  ["wasted", "wasted move", "wasted moves"],
];

/** "2 mistakes, 1 inaccuracy, 3 wasted moves" for the judged moves; "no mistakes" leads when none is one. */
export function judgementCounts(moves) {
  const counts = COUNTED.map(([judgement, one, many]) => {
    const n = moves.filter((row) => row.judgement === judgement).length;
    return n ? `${n} ${n === 1 ? one : many}` : "";
  }).filter(Boolean);
  if (!moves.some((row) => MISTAKES.includes(row.judgement))) counts.unshift("no mistakes");
  return counts.join(", ");
}

/**
 * What the analysis says of the move the still-winnable check named as the one that lost
 * the game (`lostAt`, null when none), so that the two tell one story: a mistake, or bad
 * luck (from what the player could see it was as good as the best), and then which move
 * before it was the mistake, if one was. "" when that move is not analysed on the line on show.
 */
export function lostStory(moves, lostAt, line) {
  if (!Number.isInteger(lostAt) || lostAt < 1) return "";
  const onLine = (row) => Boolean(line?.[row.ply] && line[row.ply].id === row.node);
  const row = moves.find((judged) => judged.ply === lostAt && onLine(judged));
  if (!row) return "";
  if (MISTAKES.includes(row.judgement)) return `Move ${lostAt} lost the game: ${withArticle(row.judgement)}.`;
  if (!row.judgement) return `Move ${lostAt} lost the game; the samples cannot tell a mistake from bad luck there.`;
  const before = moves.filter((judged) => judged.ply < lostAt && onLine(judged) && MISTAKES.includes(judged.judgement));
  const luck = `Move ${lostAt} lost the game, but from what you could see it was bad luck`;
  if (!before.length) return `${luck}: no move up to it was a mistake.`;
  const last = before[before.length - 1];
  return `${luck}; the mistake was move ${last.ply}, ${withArticle(last.judgement)}.`;
}

function withArticle(word) {
  return `${/^[aeiou]/.test(word) ? "an" : "a"} ${word}`;
}

/** The mistakes and blunders "learn from your mistakes" asks about, once the analysis is done. */
export function mistakesToLearn(analysis) {
  if (analysis.status !== "done") return 0;
  return analysis.moves.filter((row) => row.judgement === "mistake" || row.judgement === "blunder").length;
}

/**
 * What the panel says of the analysis: "" when there is none. Done, it also says what it
 * finds at the move that lost the game (`lost`: { at, line }, see lostStory), when one is named.
 */
export function analysisWords(analysis, lost = null) {
  const { status, done, total, said, moves } = analysis;
  if (status === "running") return `Analysing\u2026 ${done ?? 0} of ${total ?? "?"} moves`;
  if (status === "stopped" || status === "failed") {
    const why = said || "the game is unchanged";
    return `Analysis ${status}: ${why}.`;
  }
  if (status === "done" && moves.length) {
    const undecided = moves.filter((row) => !row.judgement).length;
    const open = undecided ? `; ${undecided} not judged (more samples would tell)` : "";
    const story = lost ? lostStory(moves, lost.at, lost.line) : "";
    const said = `Analysed ${moves.length} move${moves.length === 1 ? "" : "s"}: ${judgementCounts(moves)}${open}.`;
    return story ? `${said} ${story}` : said;
  }
  return "";
}
