// Reading the game library's answers (the `library` message, see protocol.md) and the
// state's score into words: the statistics' figures, the strip of recent results, the rows
// of the History list, what recording says. Pure functions; librarypanel.js draws them.

import { clockText } from "./labels.js";

export const RESULTS = {
  won: "won",
  lost: "lost",
  abandoned: "abandoned",
  playing: "playing",
};

/** The result's word, or "unknown" for anything Python would not send. */
export function resultWord(result) {
  return Object.hasOwn(RESULTS, result) ? RESULTS[result] : "unknown";
}

function count(value) {
  return Number.isFinite(value) ? String(value) : "\u2013";
}

/** Seconds as the board's clock says them ("4:05"), or a dash for none. */
export function secondsText(seconds) {
  return Number.isFinite(seconds) ? clockText(seconds * 1000) : "\u2013";
}

/** A signed streak in words: 3 -> "3 won", -2 -> "2 lost", 0 -> "none". */
export function streakText(streak) {
  if (!Number.isFinite(streak) || streak === 0) return "none";
  return streak > 0 ? `${streak} won` : `${-streak} lost`;
}

/** How the win rate counts abandoned games, said under the figures. */
export const WIN_RATE_WORDS =
  "The win rate is the share of games won among all those played: an abandoned game counts as a game not won.";

/** The statistics' figures as [label, text] pairs, in the panel's order. */
export function statisticsRows(stats) {
  const rate = Number.isFinite(stats.win_rate) && stats.played ? `${Math.round(stats.win_rate * 100)}%` : "\u2013";
  const average = Number.isFinite(stats.average_moves_won) ? String(Math.round(stats.average_moves_won)) : "\u2013";
  return [
    ["Played", count(stats.played)],
    ["Won", count(stats.won)],
    ["Lost", count(stats.lost)],
    ["Abandoned", count(stats.abandoned)],
    ["Win rate", rate],
    ["Current streak", streakText(stats.current_streak)],
    ["Longest win streak", count(stats.longest_win_streak)],
    ["Longest losing streak", count(stats.longest_losing_streak)],
    ["Best time", secondsText(stats.best_seconds)],
    ["Fewest moves", count(stats.fewest_moves)],
    ["Average moves of wins", average],
  ];
}

/** The last results, oldest first, as cells of the strip: { result, label }. */
export function recentCells(stats) {
  const recent = Array.isArray(stats.recent) ? stats.recent : [];
  return recent.map((result, at) => ({ result: resultWord(result), label: `game ${at + 1}: ${resultWord(result)}` }));
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * A library timestamp (ms or seconds since the epoch, or ISO text) in local time, short enough
 * for the History list's column: "Nov 30, 17:34" this year, "Nov 30, 2025" before.
 */
export function dateText(value, now = new Date()) {
  let ms = null;
  if (Number.isFinite(value)) ms = value > 1e11 ? value : value * 1000;
  else if (typeof value === "string" && value) ms = Date.parse(value);
  if (!Number.isFinite(ms)) return "\u2013";
  const date = new Date(ms);
  const day = `${MONTHS[date.getMonth()]} ${date.getDate()}`;
  if (date.getFullYear() !== now.getFullYear()) return `${day}, ${date.getFullYear()}`;
  return `${day}, ${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
}

/** The History list's rows: { id, date, result, moves, time, current, demo, label }. */
export function historyRows(history) {
  if (!Array.isArray(history)) return [];
  return history
    .filter((row) => row && Number.isInteger(row.id))
    .map((row) => {
      const result = resultWord(row.result);
      const date = dateText(row.started_at);
      const moves = count(row.moves);
      const time = secondsText(row.seconds);
      const by = row.demo ? ", the demo played" : "";
      return {
        id: row.id,
        date,
        result: row.demo && result === "won" ? "won by the demo" : result,
        moves,
        time,
        current: Boolean(row.current),
        demo: Boolean(row.demo),
        label: `${date}: ${result}${by}, ${moves} moves, ${time}${row.current ? " (on the board)" : ""}. Open it.`,
      };
    });
}

/** The score beside the move count: "Score 120", "Vegas $-52", or "" with scoring off. */
export function scoreText(score) {
  if (!score || !Number.isFinite(score.total)) return "";
  if (score.scoring === "vegas") return `Vegas ${score.total < 0 ? "-" : ""}$${Math.abs(score.total)}`;
  return `Score ${score.total}`;
}

/** Its title: what the score counts. */
export function scoreTitle(score) {
  if (!score) return "";
  if (score.scoring === "vegas") {
    return (
      `Vegas scoring: $${score.game} from this game; ` +
      "the balance counts every earlier game of these options in the library"
    );
  }
  return "Standard scoring for this game";
}

/** A game's name and options as the panel's heading: "Klondike, draw 3". */
export function kindText(answer) {
  const title = typeof answer.title === "string" ? answer.title : String(answer.game || "");
  const draw = answer.options?.draw;
  return answer.game === "klondike" && Number.isInteger(draw) ? `${title}, draw ${draw}` : title;
}

const TURN_ON =
  'To record them, make the board without library=False (or with library="games.sqlite") ' +
  "and with SOLITAIRE_WIDGET_LIBRARY unset or set to a file's path.";

/**
 * What the panel says of recording: "" while on, else why games are not recorded (and, when
 * off, how to turn it on).
 */
export function recordingText(recording) {
  if (!recording || recording.status === "on") return "";
  const said = typeof recording.said === "string" ? recording.said : "Games are not recorded.";
  return recording.status === "off" ? `${said} ${TURN_ON}` : said;
}
