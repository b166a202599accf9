/**
 * The report's store reads as the report command and the server's report routes use them:
 * the session a prefix names, and `loadReport` (edge/store/report-load.ts). No HTTP code
 * here, so the report command stays free of Hono.
 */
import type { Store } from "../edge/store.ts";

export { loadReport, type ReportRange } from "../edge/store/report-load.ts";

/** The session a full id or a unique prefix names; throws when none or several match. */
export function resolveSession(store: Store, prefix: string): string {
  const ids = store.listSessions().map((r) => r.session_id);
  if (ids.includes(prefix)) return prefix;
  const hits = ids.filter((id) => id.startsWith(prefix));
  if (hits.length === 1) return hits[0];
  if (hits.length === 0) throw new Error(`no session matches "${prefix}"`);
  throw new Error(`session prefix "${prefix}" matches ${hits.length} sessions`);
}
