/**
 * Where each session's window came from (`statusline`, `flag`, `env`, `settings`, `model`,
 * `default`), kept beside the session so `vigil status --json` can say it (product.md
 * section 4: never a silent default).
 */
import type { Store } from "../edge/store.ts";

const key = (sessionId: string) => `window_source:${sessionId}`;

/** Store the source when it changed (call inside the hook's transaction). */
export function keepWindowSource(store: Store, sessionId: string, source: string): void {
  if (store.getSetting(key(sessionId)) !== source) store.setSetting(key(sessionId), source);
}

/** The stored source, or null for a session seen before vigil recorded it. */
export function windowSourceOf(store: Store, sessionId: string): string | null {
  return store.getSetting(key(sessionId));
}
