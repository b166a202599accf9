/**
 * Loads what the report model needs from the store: sessions, the range's events and each
 * session's state when the range began. Shared by `vigil report` and the server's report
 * routes; no HTTP code here, so the report command stays free of Hono.
 */
import { buildReport, type Report } from "../../core/report/model.ts";
import { parseDetail } from "../../core/report/marks.ts";
import { withRollups } from "../../core/report/rollups.ts";
import type { Store } from "../store.ts";
import { archivedSessions } from "../store/retention.ts";
import { rolledThrough, rollupTotals } from "../store/rollups.ts";

export interface ReportRange {
  since: number;
  until: number;
  /** A full session id (see `resolveSession`). */
  sessionId?: string;
}

/** The session a full id or a unique prefix names; throws when none or several match. */
export function resolveSession(store: Store, prefix: string): string {
  const ids = store.listSessions().map((r) => r.session_id);
  if (ids.includes(prefix)) return prefix;
  const hits = ids.filter((id) => id.startsWith(prefix));
  if (hits.length === 1) return hits[0];
  if (hits.length === 0) throw new Error(`no session matches "${prefix}"`);
  throw new Error(`session prefix "${prefix}" matches ${hits.length} sessions`);
}

/** Build the report for a range straight from the store. */
export function loadReport(store: Store, range: ReportRange): Report {
  const { since, until, sessionId } = range;
  const sessions = store.listSessions().filter((r) => !sessionId || r.session_id === sessionId);
  // Days before the gc horizon are read from their summaries, the rest from the detail.
  const horizon = rolledThrough(store);
  const detailSince = horizon === null ? since : Math.max(since, horizon);
  const events = store.events({ since: detailSince, until, sessionId });
  const before: Record<string, string> = {};
  // `state` events are a handful per session, so reading all earlier ones stays cheap.
  for (const e of store.events({ until: since - 1, sessionId, kinds: ["state"] })) {
    const to = parseDetail(e.detail).to;
    if (e.session_id && typeof to === "string") before[e.session_id] = to;
  }
  const report = buildReport({ since, until, sessions, events, before });
  if (horizon === null || horizon <= since) return report;
  const totals = rollupTotals(store, { since, until: Math.min(until + 1, horizon), sessionId });
  const listed = new Set(report.sessions.map((s) => s.session_id));
  const archived = archivedSessions(
    store,
    [...new Set(totals.map((t) => t.session_id))].filter((id) => !listed.has(id)),
  );
  return withRollups(report, totals, archived.map((a) => ({ ...a, tokens: null, window: null })));
}
