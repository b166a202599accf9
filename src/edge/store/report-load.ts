/**
 * The report for a range, straight from the store: which sessions it lists and in what order
 * are aggregated in SQL first (activity per session, session rows, summarised days); each
 * session's marks and bands are then read and built when a renderer reaches it, one index
 * range each, so writing a report holds one session's marks at a time.
 */
import { parseDetail } from "../../core/report/marks.ts";
import {
  firstAt,
  type Report,
  type ReportEventRow,
  type ReportSession,
  type ReportSessionRow,
  sessionReport,
} from "../../core/report/model.ts";
import { rolledFirstAt, type RolledSession, withRollup } from "../../core/report/rollups.ts";
import type { Store } from "../store.ts";
import {
  lastStateBefore,
  looseKinds,
  rangeActivity,
  rangeEvents,
  type RangeQuery,
  reportSessionRows,
  type SessionActivity,
  sessionMarkingRows,
} from "./report-reads.ts";
import { archivedSessions } from "./retention.ts";
import { rolledSessions, rolledThrough, sessionRollup } from "./rollups.ts";

export interface ReportRange {
  since: number;
  until: number;
  /** A full session id. */
  sessionId?: string;
}

/** One session the report lists, with what orders it and what its detail needs. */
interface Planned {
  id: string;
  first_at: number;
  /** In the detail part of the range (events there, or its row seen during the range). */
  inDetail: boolean;
  activity: SessionActivity | null;
  row: ReportSessionRow | null;
  rolled: RolledSession | null;
}

/**
 * Build the report for a range. Days before the gc horizon are read from their summaries,
 * the rest from the detail; the range's events and each session's marks stay in the
 * database until a renderer iterates them.
 */
export function loadReport(store: Store, range: ReportRange): Report {
  const { since, until, sessionId } = range;
  const horizon = rolledThrough(store);
  const detail: RangeQuery = { since: horizon === null ? since : Math.max(since, horizon), until, sessionId };
  const activity = new Map(rangeActivity(store, detail).map((a) => [a.session_id, a]));
  const rows = new Map(
    reportSessionRows(store, { since, until, sessionId, ids: activity.keys() }).map((r) => [r.session_id, r]),
  );
  const plan = new Map<string, Planned>();
  for (const id of activity.keys()) plan.set(id, planned(id, rows.get(id) ?? null, activity.get(id) ?? null));
  for (const r of rows.values()) {
    if (!plan.has(r.session_id) && r.updated_at >= since && r.created_at <= until) {
      plan.set(r.session_id, planned(r.session_id, r, null));
    }
  }
  const rolled = horizon === null || horizon <= since
    ? []
    : rolledSessions(store, { since, until: Math.min(until + 1, horizon), sessionId });
  // A session known only from the summaries is named by its archived row, if any.
  const archived = new Map(
    archivedSessions(store, rolled.map((t) => t.session_id).filter((id) => !plan.has(id)))
      .map((a) => [a.session_id, { ...a, tokens: null, window: null }]),
  );
  for (const t of rolled) {
    const had = plan.get(t.session_id);
    if (had) (had.rolled = t, had.first_at = Math.min(had.first_at, t.first_at));
    else {
      const row = archived.get(t.session_id) ?? null;
      plan.set(t.session_id, {
        id: t.session_id,
        first_at: rolledFirstAt(t, row, since),
        inDetail: false,
        activity: null,
        row,
        rolled: t,
      });
    }
  }
  const order = [...plan.values()].sort((a, b) => a.first_at - b.first_at || a.id.localeCompare(b.id));

  function planned(id: string, row: ReportSessionRow | null, a: SessionActivity | null): Planned {
    return {
      id,
      first_at: firstAt(since, row?.created_at, a?.first_at),
      inDetail: true,
      activity: a,
      row,
      rolled: null,
    };
  }

  function session(p: Planned): ReportSession {
    let s: ReportSession | null = null;
    if (p.inDetail) {
      const marking = p.activity ? sessionMarkingRows(store, p.id, detail) : [];
      // Only a session that began before the detail does can have been in a state when it began.
      const older = (p.row?.created_at ?? -Infinity) < detail.since;
      const was = older ? lastStateBefore(store, p.id, detail.since) : null;
      const to = was === null ? undefined : parseDetail(was).to;
      s = sessionReport(p.id, marking.map((e) => ({ ...e, detail: parseDetail(e.detail) })), {
        since,
        until,
        row: p.row,
        before: typeof to === "string" ? to : undefined,
        activity: p.activity,
      });
    }
    if (p.rolled === null) {
      if (s === null) throw new Error(`report: session "${p.id}" is neither in the detail nor summarised`);
      return s;
    }
    const t = sessionRollup(store, p.rolled, { since, until: Math.min(until + 1, horizon ?? since), sessionId });
    return withRollup(s, t, { since, until, row: p.row });
  }

  const loose = looseKinds(store, detail);
  const eventCount = [...activity.values(), ...Object.values(loose).map((count) => ({ count }))]
    .reduce((n, a) => n + a.count, 0);
  return {
    since,
    until,
    sessionCount: order.length,
    sessions: {
      *[Symbol.iterator]() {
        for (const p of order) yield session(p);
      },
    },
    eventCount,
    loose,
    events: { [Symbol.iterator]: (): Iterator<ReportEventRow> => rangeEvents(store, detail) },
  };
}
