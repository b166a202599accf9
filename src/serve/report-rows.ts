/**
 * Loads what the report model needs from the store: sessions, the range's events and each
 * session's state when the range began. Shared by `vigil report` and the server's report
 * routes; no HTTP code here, so the report command stays free of Hono.
 */
import {
  type Report,
  type ReportEvent,
  type ReportEventRow,
  type ReportSession,
  sessionReport,
  sortSessions,
} from "../core/report/model.ts";
import { parseDetail } from "../core/report/marks.ts";
import { withRollups } from "../core/report/rollups.ts";
import type { Store } from "../edge/store.ts";
import { archivedSessions } from "../edge/store/retention.ts";
import {
  lastStatesBefore,
  looseKinds,
  markingRows,
  rangeActivity,
  rangeEvents,
  reportSessionRows,
} from "../edge/store/report-reads.ts";
import { rolledThrough, rollupSessionTotals } from "../edge/store/rollups.ts";

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

/**
 * Build the report for a range straight from the store, aggregated in SQL: per-session
 * activity, and only the rows that make marks or bands (read one session at a time); the
 * range's events stay in the database until a renderer iterates them.
 */
export function loadReport(store: Store, range: ReportRange): Report {
  const { since, until, sessionId } = range;
  // Days before the gc horizon are read from their summaries, the rest from the detail.
  const horizon = rolledThrough(store);
  const detail = { since: horizon === null ? since : Math.max(since, horizon), until, sessionId };
  const activity = new Map(rangeActivity(store, detail).map((a) => [a.session_id, a]));
  const rows = new Map(
    reportSessionRows(store, { since, until, sessionId, ids: activity.keys() }).map((r) => [r.session_id, r]),
  );
  const ids = new Set(activity.keys());
  for (const r of rows.values()) if (r.updated_at >= since && r.created_at <= until) ids.add(r.session_id);
  const before = new Map<string, string>();
  // Only a session that began before the detail does can have been in a state when it began.
  const older = [...ids].filter((id) => (rows.get(id)?.created_at ?? -Infinity) < detail.since);
  for (const [id, text] of lastStatesBefore(store, older, detail.since)) {
    const to = parseDetail(text).to;
    if (typeof to === "string") before.set(id, to);
  }
  const one = (id: string, events: ReportEvent[]) =>
    sessionReport(id, events, {
      since,
      until,
      row: rows.get(id) ?? null,
      before: before.get(id),
      activity: activity.get(id) ?? null,
    });
  const sessions = new Map<string, ReportSession>();
  let current: string | null = null;
  let list: ReportEvent[] = [];
  const flush = () => {
    if (current !== null && ids.has(current)) sessions.set(current, one(current, list));
  };
  for (const e of markingRows(store, detail)) {
    if (e.session_id !== current) (flush(), current = e.session_id, list = []);
    list.push({ ...e, detail: parseDetail(e.detail) });
  }
  flush();
  for (const id of ids) if (!sessions.has(id)) sessions.set(id, one(id, []));
  const listed = [...sessions.values()];
  sortSessions(listed);
  const loose = looseKinds(store, detail);
  const eventCount = [...activity.values(), ...Object.values(loose).map((count) => ({ count }))]
    .reduce((n, a) => n + a.count, 0);
  const events: Iterable<ReportEventRow> = { [Symbol.iterator]: () => rangeEvents(store, detail) };
  const report: Report = { since, until, sessions: listed, eventCount, loose, events };
  if (horizon === null || horizon <= since) return report;
  const totals = rollupSessionTotals(store, { since, until: Math.min(until + 1, horizon), sessionId });
  const archived = archivedSessions(store, totals.map((t) => t.session_id).filter((id) => !sessions.has(id)));
  return withRollups(report, totals, archived.map((a) => ({ ...a, tokens: null, window: null })));
}
