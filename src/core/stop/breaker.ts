/**
 * The progress breaker over every push (product.md section 6): a session vigil pushed (by the
 * announcement gate or todo continuation) that made no tool call before stopping again is not
 * pushed again. A push asks for tool calls; a session that answers one with words only will
 * answer the next the same way, and each round costs a full turn of context (the loop users
 * report from other continuation tools). The breaker holds until the session makes a tool call
 * on its own, so it covers a rephrased announcement as well as the same one. Pure: the edge
 * supplies the audit's last push and the transcript's tool calls since it.
 */
import type { LastPush } from "./facts.ts";

/** What followed vigil's newest push in this session. */
export interface PushFollowUp {
  /** The newest push, or null when this session was never pushed. */
  lastPush: LastPush | null;
  /** A main-chain tool call after it; null when the transcript could not be read. */
  toolCallSince: boolean | null;
}

/** Whether work followed the last push: true, false, or null when there was no push. */
export function workFollowed(f: PushFollowUp): boolean | null {
  if (f.lastPush === null) return null;
  // An unreadable transcript cannot show work; not pushing is the careful side.
  return f.toolCallSince === true;
}

/** Why the breaker holds this push back, or null when it may go out. */
export function breakerHolds(f: PushFollowUp | null): string | null {
  if (f === null || workFollowed(f) !== false) return null;
  const what = f.lastPush?.excerpt ? ` "${f.lastPush.excerpt}"` : "";
  return `no tool call since the last push (${f.lastPush?.gate ?? "?"}${what}): not pushed again`;
}
