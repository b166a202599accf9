/**
 * The report for a range, straight from the store: which sessions it lists and in what order
 * are aggregated in SQL first (activity per session, session rows, summarised days); each
 * session's marks and bands are then read and built when a renderer reaches it, a few dozen
 * sessions per read, so writing a report holds those sessions' marks at a time, not all.
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
import { rolledFirstAt, type RollupSessionTotal, withRollup } from "../../core/report/rollups.ts";
import type { Store } from "../store.ts";
import {
  archivedRowsOf,
  lastStatesBefore,
  looseKinds,
  markingRowsOf,
  rangeActivity,
  rangeEventLines,
  rangeEvents,
  type RangeQuery,
  reportSessionRows,
  type SessionActivity,
} from "./report-reads.ts";
import { collectGarbage } from "./report-garbage.ts";
import { ensureReportIndexes } from "./report-indexes.ts";
import { batchTotals, hasTotals } from "./report-totals.ts";
import { type PlannedRolled, rolledSessions, rolledThrough, rollupsOf, rollupTotal } from "./rollups.ts";

/**
 * Sessions whose reads go in one statement each: a statement per session cost the year
 * bench more than the rows it read (4,151 sessions' marks 345 ms one by one, 75 ms by 256;
 * 45,789 sessions' summaries 982 ms one by one, 308 ms by 256). Fewer per read hold less:
 * a month's --json peaked at 83.6-85.6 MiB by 64, 89.4-92.8 MiB by 256, in the same time.
 */
const SESSIONS_PER_READ = 64;

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
  rolled: PlannedRolled | null;
}

/**
 * Build the report for a range. Days before the gc horizon are read from their summaries,
 * the rest from the detail; the range's events and each session's marks stay in the
 * database until a renderer iterates them (`sessionsPerRead` sessions per read).
 */
export function loadReport(store: Store, range: ReportRange, opts: { sessionsPerRead?: number } = {}): Report {
  ensureReportIndexes(store);
  const per = Math.max(1, opts.sessionsPerRead ?? SESSIONS_PER_READ);
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
  for (const t of rolled) {
    const had = plan.get(t.session_id);
    if (had) (had.rolled = t, had.first_at = Math.min(had.first_at, t.first_at));
    else {
      // Known only from the summaries: named by its archived row, read with its batch.
      plan.set(t.session_id, {
        id: t.session_id,
        first_at: rolledFirstAt(t, t.archived_created_at, since),
        inDetail: false,
        activity: null,
        row: null,
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

  const rolledRange = { since, until: Math.min(until + 1, horizon ?? since), sessionId };
  /** The next sessions in output order, their marks, bands and summaries read together. */
  function* batch(list: readonly Planned[]): Generator<ReportSession> {
    const marking = markingRowsOf(store, list.flatMap((p) => p.activity ? [p.id] : []), detail);
    // Only a session that began before the detail does can have been in a state when it began.
    const older = list.filter((p) => p.inDetail && (p.row?.created_at ?? -Infinity) < detail.since);
    const before = lastStatesBefore(store, older.map((p) => p.id), detail.since);
    const { rolled, archived } = summaries(list.flatMap((p) => p.rolled ?? []));
    for (const p of list) {
      const was = before.get(p.id);
      const to = was === undefined ? undefined : parseDetail(was).to;
      const s = p.inDetail
        ? sessionReport(p.id, (marking.get(p.id) ?? []).map((e) => ({ ...e, detail: parseDetail(e.detail) })), {
          since,
          until,
          row: p.row,
          before: typeof to === "string" ? to : undefined,
          activity: p.activity,
        })
        : null;
      const t = rolled.get(p.id);
      if (t) yield withRollup(s, t, { since, until, row: p.inDetail ? p.row : archived.get(p.id) ?? null });
      else if (s) yield s;
      else throw new Error(`report: session "${p.id}" is neither in the detail nor summarised`);
    }
  }

  const totals = hasTotals(store);
  /**
   * The summaries of a batch's sessions (from gc's whole-session totals where they hold, else
   * day by day) and the archived rows of those known only from summaries.
   */
  function summaries(list: readonly PlannedRolled[]) {
    const rolled = new Map<string, RollupSessionTotal>();
    if (list.length === 0) return { rolled, archived: new Map<string, ReportSessionRow>() };
    if (!totals) {
      for (const t of rollupsOf(store, list, rolledRange)) rolled.set(t.session_id, t);
      return { rolled, archived: archivedRowsOf(store, list.map((t) => t.session_id)) };
    }
    const b = batchTotals(store, list);
    const rest: PlannedRolled[] = [];
    for (const t of list) {
      const x = b.totals.get(t.session_id);
      if (x) rolled.set(t.session_id, rollupTotal(t, x.marks, x.states));
      else rest.push(t);
    }
    if (rest.length) { for (const t of rollupsOf(store, rest, rolledRange)) rolled.set(t.session_id, t); }
    return { rolled, archived: b.archived };
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
        collectGarbage();
        for (let i = 0; i < order.length; i += per) {
          yield* batch(order.slice(i, i + per));
          collectGarbage();
        }
      },
    },
    eventCount,
    loose,
    events: { [Symbol.iterator]: (): Iterator<ReportEventRow> => rangeEvents(store, detail) },
    eventLines: { [Symbol.iterator]: (): Iterator<string> => rangeEventLines(store, detail) },
  };
}
