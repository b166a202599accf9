/**
 * The progress breaker over nudges (product.md sections 6 and 7, issue 30 item 10): a nudge is
 * a push, and a push answered without work is not repeated while nothing has changed. Two
 * cases hold a nudge for a stalled session:
 * - `answered-without-work`: its newest push (a Stop block, a nudge) was answered by a turn
 *   that ended with words only, and that turn is still the last one (no new record, no new
 *   prompt, no known sleep ended since);
 * - `finished`: its last turn ended on a report (neither an announcement of work nor a wait)
 *   with nothing pending (no open todo item, task or checklist line): a worker that is done.
 * Without this, a one-minute threshold nudged every finished session about once a minute all
 * night. Pure: the runner reads the transcript, the todo sources and the machine's sleep.
 */
import type { WatchMemo } from "./memo.ts";

export type NudgeBreak = "answered-without-work" | "finished";

export interface NudgeBreakerInput {
  memo: Pick<WatchMemo, "quiet" | "wake">;
  /** The machine's sleep: a known wake-up that passed since the answer is a change. */
  asleepUntil: number | null;
  /** What the last turn's final message is, when read: a report, an announcement, or unknown. */
  lastTurn: "report" | "announcement" | null;
  /** Open todo items, tasks or checklist lines (null: not read). */
  pending: boolean | null;
  now: number;
}

/** Why the nudge is held, or null when it may go. */
export function nudgeBreak(i: NudgeBreakerInput): NudgeBreak | null {
  const quiet = i.memo.quiet, waiting = i.memo.wake?.pendingEndAt ?? null;
  if (quiet !== null && waiting !== null && waiting === quiet.endAt) {
    const slept = i.asleepUntil !== null && i.asleepUntil > quiet.endAt && i.asleepUntil <= i.now;
    if (!slept) return "answered-without-work";
  }
  if (waiting !== null && i.lastTurn === "report" && i.pending === false) return "finished";
  return null;
}
