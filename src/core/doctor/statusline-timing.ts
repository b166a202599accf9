/**
 * Doctor's check of a wrapped statusLine's speed. vigil's wrap gives the user's command a cap
 * (250 ms: Claude Code re-renders at most every 300 ms and cancels a run still going); a command
 * that needs longer is never shown fresh: the wrap shows its last line for the session, which a
 * background run refreshes, and vigil's own line until the first one lands. Silent otherwise.
 */
import { type Finding, finding } from "./findings.ts";

export interface WrappedTiming {
  /** The user's command, as the wrap runs it. */
  command: string;
  /** The faster of doctor's runs, in ms (null: no run succeeded). */
  ms: number | null;
  /** Why no run succeeded (exit status, printed nothing, too slow to finish at all). */
  error: string | null;
  capMs: number;
}

/** The wrapped statusLine answers within the cap, or how long it took and what that costs. */
export function checkWrappedTiming(t: WrappedTiming | null): Finding[] {
  if (t === null) return [];
  if (t.ms === null) {
    return [finding(
      "statusline",
      "warn",
      `your statusLine command "${t.command}" did not print a line (${
        t.error ?? "no output"
      }): vigil's own line is shown`,
      "fix the command (run it with a statusLine payload on stdin), or vigil install --statusline vigil",
    )];
  }
  const ms = Math.round(t.ms);
  if (t.ms <= t.capMs) {
    return [finding("statusline", "ok", `your statusLine command answers in ${ms} ms (the cap is ${t.capMs} ms)`)];
  }
  return [finding(
    "statusline",
    "warn",
    `your statusLine command "${t.command}" took ${ms} ms, past the ${t.capMs} ms vigil's wrap gives it: ` +
      "it is never shown fresh (your last line for the session stays, refreshed in the background; vigil's line " +
      "until the first one lands)",
    "make it answer within the cap (cache its slow part), or vigil install --statusline keep (vigil then never " +
      "learns the window)",
  )];
}
