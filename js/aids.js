// Reading the play aids Python publishes in the `aids` trait (see the protocol in
// solitaire_widget/widget/protocol.md): which of them belong to the board on show, and what
// they say in words. Pure functions; PlayAids (playaids.js) shows their answers.

/** The hint of `aids` when it is about the state on show, else null. */
export function currentHint(state, aids) {
  const hint = aids?.hint;
  return hint && state && hint.version === state.version ? hint : null;
}

/**
 * The piles and cards a ready hint marks: { source, target, count } with count the cards
 * that move and show (a draw or a redeal marks only the top card of its pile); null when
 * there is no move to mark.
 */
export function hintMarks(hint) {
  const move = hint && hint.status === "ready" ? hint.move : null;
  if (!move || typeof move.source !== "string" || typeof move.target !== "string") return null;
  const count = move.source.startsWith("tableau/") && Number.isInteger(move.count) ? move.count : 1;
  return { source: move.source, target: move.target, count };
}

/**
 * Which kind of hint `hint` is, for its panel: { title, source }. A fair hint judges from the
 * cards the player has seen; the solver's (or, when it found no winning line, its heuristic's
 * guess) sees every card.
 */
export function hintKind(hint) {
  if (hint && hint.source === "fair") return { title: "Fair hint", source: "from the cards you have seen" };
  if (hint && hint.source === "solver")
    return { title: "Solver's hint", source: "sees every card \u00B7 a winning line" };
  if (hint && hint.source === "heuristic")
    return { title: "Solver's hint", source: "sees every card \u00B7 best guess" };
  return { title: "Hint", source: "" };
}

/**
 * What is said about `hint`: "Thinking…", or its sentence (the move and where it comes from,
 * or why there is none).
 */
export function hintWords(hint) {
  if (!hint) return "";
  if (hint.status === "thinking") return "Thinking\u2026";
  const sentence = typeof hint.sentence === "string" ? hint.sentence : "";
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

// The check is the solver's: it sees every card, face down ones too, and the titles say so.
const SEES = "The solver sees every card, the face-down ones too.";
const VERDICT_TITLES = {
  checking: `Checking in the background whether this game can still be won. Play on: it never holds up a move. ${SEES}`,
  winnable: `The solver, knowing where every card lies, found a way to win from here. ${SEES}`,
  lost: `No sequence of moves can win this game any more. ${SEES}`,
  unknown: `The solver could not decide within its time whether this game can still be won. ${SEES}`,
};

const LUCK_WORDS = { "bad luck": "bad luck", mistake: "a mistake", unclear: "mistake or luck?" };

/**
 * What the chip adds about the move that lost the game, judged from what the player could
 * see: { text (a few words for the chip), title (the sentence) }; null when it is not judged.
 */
export function lostMoveWords(lostMove, ply) {
  if (!lostMove || lostMove.ply !== ply) return null;
  if (lostMove.status === "judging") {
    return { text: "", title: "Judging it from what you could see\u2026" };
  }
  if (lostMove.status !== "judged" || !(lostMove.luck in LUCK_WORDS)) {
    return { text: "", title: "It could not be judged from what you could see." };
  }
  const sentence = typeof lostMove.sentence === "string" ? lostMove.sentence : "";
  return { text: LUCK_WORDS[lostMove.luck], title: sentence };
}

/** The verdict of `aids` when it is about the state on show, else null. */
function currentVerdict(state, aids) {
  const verdict = aids?.winnable;
  return verdict && state && verdict.version === state.version ? verdict : null;
}

/** The verdict of `aids` for the state on show when it says the game is lost, else null. */
export function lostVerdict(state, aids) {
  const verdict = currentVerdict(state, aids);
  return verdict && verdict.status === "lost" ? verdict : null;
}

/**
 * Where a lost verdict sends the player back to: the position the losing move was played
 * from (ply lost_at - 1), or, when the solver could not tell which move between two lost it,
 * the last position known to be winnable; null when there is none (lost from the deal).
 */
export function lostPly(verdict) {
  if (verdict?.status !== "lost") return null;
  if (Number.isInteger(verdict.lost_at)) return verdict.lost_at > 0 ? verdict.lost_at - 1 : null;
  const [first] = Array.isArray(verdict.lost_between) ? verdict.lost_between : [];
  return Number.isInteger(first) && first > 0 ? first - 1 : null;
}

/** The button that goes back to where a lost game could still be won: "Back to before move 12". */
export function lostButtonWords(verdict) {
  const ply = lostPly(verdict);
  if (ply === null) return null;
  return Number.isInteger(verdict.lost_at) ? `Back to before move ${verdict.lost_at}` : `Back to move ${ply}`;
}

/**
 * The still-winnable indicator: { status, text, title, ply } for the state on show while
 * `checking` is on ("checking…" until Python's verdict for it arrives), and for a game that
 * ended without a win whether or not it is; null otherwise. `ply` is where a click on it goes
 * (see lostPly), null when it names no move.
 */
export function verdictOf(state, aids, checking) {
  // A won game needs no verdict: the board says it is won.
  if (!state || state.status === "won") return null;
  if (!checking && state.status !== "stuck") return null;
  const current = currentVerdict(state, aids);
  const status = current && current.status in VERDICT_TITLES ? current.status : "checking";
  const title = VERDICT_TITLES[status];
  if (status === "checking") return { status, text: "checking…", title, ply: null };
  if (status !== "lost") return { status, text: status, title, ply: null };
  const ply = lostPly(current);
  const go = ply === null ? "" : ` Click to go back to move ${ply}, where it could still be won.`;
  const at = current.lost_at;
  if (at === 0)
    return { status, text: "lost from the deal", title: "This deal could never be won, whatever was played.", ply };
  if (Number.isInteger(at) && at > 0) {
    const title = `Move ${at} lost the game: it could still be won before it (${SEES.toLowerCase().slice(0, -1)}).`;
    const luck = lostMoveWords(current.lost_move, at);
    if (!luck) return { status, text: `lost since move ${at}`, title: title + go, ply };
    return {
      status,
      text: luck.text ? `lost since move ${at} \u00B7 ${luck.text}` : `lost since move ${at}`,
      title: `${title}${go} ${luck.title}`,
      luck: current.lost_move.luck || current.lost_move.status,
      ply,
    };
  }
  const [first, last] = Array.isArray(current.lost_between) ? current.lost_between : [];
  if (Number.isInteger(first) && Number.isInteger(last) && last > 0) {
    return {
      status,
      text: `lost by move ${last}`,
      title:
        `After move ${last} the game could not be won; after move ${Math.max(first - 1, 0)} it still could. ` +
        `The solver ran out of time before it could tell which move in between lost it. ${SEES}${go}`,
      ply,
    };
  }
  return { status, text: "lost", title, ply };
}

/**
 * What the overlay over a game that ended without a win says of how it was lost:
 * { text, ply, button } (`button`: the words of the button that goes to `ply`, null when
 * there is nowhere to go); null for a won game or one still on.
 */
export function lostEnd(state, aids) {
  if (state?.status !== "stuck") return null;
  const verdict = currentVerdict(state, aids);
  const none = { ply: null, button: null };
  if (!verdict || verdict.status === "checking") return { text: "Looking for the move that lost it\u2026", ...none };
  if (verdict.status !== "lost") return { text: "The solver could not tell in time which move lost it.", ...none };
  const at = verdict.lost_at;
  const where = { ply: lostPly(verdict), button: lostButtonWords(verdict) };
  if (at === 0) return { text: "This deal could never be won, whatever was played.", ...where };
  if (Number.isInteger(at)) {
    const lost = `Move ${at} lost it: before it the game could still be won.`;
    const judged = verdict.lost_move && verdict.lost_move.ply === at ? verdict.lost_move : null;
    if (judged && judged.status === "judged" && typeof judged.sentence === "string")
      return { text: `${lost} ${judged.sentence}`, ...where };
    if (judged && judged.status === "judging")
      return { text: `${lost} Judging it from what you could see\u2026`, ...where };
    return { text: lost, ...where };
  }
  const [first, last] = Array.isArray(verdict.lost_between) ? verdict.lost_between : [];
  if (Number.isInteger(first) && Number.isInteger(last)) {
    return {
      text: `It was lost between moves ${first} and ${last}: the solver ran out of time to tell which.`,
      ...where,
    };
  }
  return { text: "No way to win was left.", ...none };
}

const LEVEL_WORDS = {
  easy: "easy",
  medium: "medium",
  hard: "hard",
  unwinnable: "not winnable",
  unknown: "not rated",
};

/**
 * The winnable deal of `aids` as { status, text, title } when it is being dealt, failed, or
 * is the deal on show; null otherwise.
 */
export function dealOf(state, aids) {
  const deal = aids?.deal;
  if (!deal || !state) return null;
  if (deal.status === "dealing") {
    return {
      status: "dealing",
      text: "dealing a winnable game\u2026",
      title: `Looking for a winnable deal from seed ${deal.from_seed} on.`,
    };
  }
  if (deal.status === "failed") {
    return {
      status: "failed",
      text: "no winnable deal",
      title: `The solver could not deal a winnable game: ${deal.reason}.`,
    };
  }
  if (deal.status !== "dealt" || deal.game !== state.game || deal.seed !== state.seed) return null;
  const difficulty = deal.difficulty;
  const level = difficulty ? LEVEL_WORDS[difficulty.level] || difficulty.level : "rating\u2026";
  const from = deal.seed === deal.from_seed ? "" : ` (the first winnable one from seed ${deal.from_seed})`;
  const rated = difficulty
    ? ` Difficulty: ${level}, from the ${difficulty.nodes.toLocaleString("en-US")} positions` +
      " the solver searched to win it."
    : " Rating its difficulty\u2026";
  return { status: "dealt", text: `winnable \u00B7 ${level}`, title: `Seed ${deal.seed}${from} is winnable.${rated}` };
}

/** The words that announce a winnable deal once it is on show, and again once it is rated. */
export function dealNews(deal) {
  if (deal?.status !== "dealt") return "";
  const from = deal.seed === deal.from_seed ? "" : `, the first winnable one from ${deal.from_seed}`;
  if (!deal.difficulty) return `Winnable deal: seed ${deal.seed}${from}.`;
  const level = LEVEL_WORDS[deal.difficulty.level] || deal.difficulty.level;
  return `Seed ${deal.seed} is ${level === "not rated" ? "winnable (difficulty not rated)" : level}.`;
}
