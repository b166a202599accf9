/**
 * The session's latest `hook` audit record, as stored: a hook call that changes nothing is
 * left unwritten only when its record would repeat this one (src/app/quiet-call.ts).
 */
import { dbOf, type Store } from "../store.ts";

/** The detail text of the session's latest `hook` event, or null when it has none. */
export function lastHookDetail(store: Store, sessionId: string): string | null {
  return dbOf(store).query<{ detail: string }, [string]>(
    "SELECT detail FROM events WHERE session_id = ? AND kind = 'hook' ORDER BY at DESC, id DESC LIMIT 1",
  ).get(sessionId)?.detail ?? null;
}
