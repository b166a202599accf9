/**
 * The session's own cron prompts, as its last Stop listed them (`session_crons`), kept between
 * hook calls so a later UserPromptSubmit without `source` can be told apart from new work: a
 * prompt equal to one of them is the session's own wake-up (product.md section 4). Crons are
 * session-only in Claude Code (they die with the process), so SessionEnd forgets them.
 */
import { EV } from "../core/claude-events.ts";
import type { HookPayload } from "../core/payload.ts";
import type { Store } from "../edge/store.ts";

const key = (sessionId: string) => `session_crons:${sessionId}`;

/** The prompts stored for this session ([] when none or unreadable). */
export function readOwnCrons(store: Store, sessionId: string): string[] {
  const text = store.getSetting(key(sessionId));
  if (text === null) return [];
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/** Record what this call says about the session's crons (call inside the hook's transaction). */
export function keepOwnCrons(store: Store, p: HookPayload): void {
  if (p.event === EV.SessionEnd) return store.setSetting(key(p.sessionId), null);
  if (p.event !== EV.Stop || !Array.isArray(p.raw.session_crons)) return;
  store.setSetting(key(p.sessionId), p.sessionCrons.length ? JSON.stringify(p.sessionCrons) : null);
}
