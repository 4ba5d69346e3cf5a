// A strategy playing on the board (w.run in Python, or the solver's line: the Demo button and
// w.demo): whether one plays, and what to say when one starts or ends. While it plays the
// toolbar shows Stop and Python refuses other intents.

/** True while a strategy started from Python plays on this board. */
export function isRunning(state) {
  return Boolean(state?.run?.playing);
}

/** The news of a run starting or ending between `previous` and `state`; null for none. */
export function runNews(previous, state) {
  const was = isRunning(previous);
  const now = isRunning(state);
  const demo = Boolean(state?.run?.demo);
  if (!was && now) {
    return demo
      ? "Demo: the solver looks for a winning line, then plays it. Press Stop to take over."
      : "A strategy is playing on the board. Press Stop to stop it.";
  }
  if (was && !now && state.run) {
    const said = typeof state.run.said === "string" && state.run.said ? state.run.said : "stopped";
    return demo ? `The demo ended: ${said}.` : `The strategy's run ended: ${said}.`;
  }
  return null;
}
