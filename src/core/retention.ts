/**
 * Retention (pure): how long each kind of data keeps its detail, the cut-off times a gc run
 * works to, the per-session per-day summary rows that outlive the detail, and which recall
 * indexes go. The edge reads and deletes; this decides.
 */
import type { Config } from "./config.ts";
import { buildReport, type ReportEventRow, spansOf } from "./report/model.ts";
import { parseDetail } from "./report/marks.ts";

export const DAY_MS = 86_400_000;

/** What a gc run keeps, in milliseconds and bytes. */
export interface RetentionPolicy {
  eventsMs: number;
  deadSessionsMs: number;
  samplesMs: number;
  recallMs: number;
  recallCapBytes: number;
}

/** The policy the configuration asks for. */
export function retentionPolicy(config: Config): RetentionPolicy {
  return {
    eventsMs: config.retentionEventsDays * DAY_MS,
    deadSessionsMs: config.retentionDeadSessionsDays * DAY_MS,
    samplesMs: config.retentionSamplesDays * DAY_MS,
    recallMs: config.retentionRecallDays * DAY_MS,
    recallCapBytes: config.recallCapMb * 1024 * 1024,
  };
}

/** Times before which each kind of data is dropped. */
export interface Cutoffs {
  /** A UTC day start: events are only dropped in whole days, so each day rolls up once. */
  events: number;
  deadSessions: number;
  samples: number;
  recall: number;
}

/** The start of the UTC day holding `at`. */
export function dayOf(at: number): number {
  return Math.floor(at / DAY_MS) * DAY_MS;
}

/** The cut-offs for a run at `now`. */
export function cutoffs(policy: RetentionPolicy, now: number): Cutoffs {
  return {
    events: dayOf(now - policy.eventsMs),
    deadSessions: now - policy.deadSessionsMs,
    samples: now - policy.samplesMs,
    recall: now - policy.recallMs,
  };
}

/** The watch runs gc at most once a day: whether a run last made at `lastRun` is due again. */
export function gcDue(lastRun: number | null, now: number): boolean {
  return lastRun === null || !Number.isFinite(lastRun) || now - lastRun >= DAY_MS || now < lastRun;
}

/**
 * One summary row. `kind` says what `category` names: `mark` (a report category, counted as
 * the report counts it), `event` (an audit-event kind), `state` (a machine state; `ms` is the
 * time in it that day, `count` its spells, `first_at`/`last_at` its first entry and last
 * exit) or `seen` (the session's events that day, first to last).
 */
export interface RollupRow {
  session_id: string;
  day: number;
  kind: "mark" | "event" | "state" | "seen";
  category: string;
  count: number;
  ms: number;
  first_at: number;
  last_at: number;
}

/**
 * The summary of one UTC day's events (in time order). `before` is each session's state when
 * the day began. Marks are counted by the report model itself, so a report over rolled-up
 * days counts what it would have counted over the detail. Events without a session are
 * counted under the session id "".
 */
export function rollupDay(
  day: number,
  events: readonly ReportEventRow[],
  before: Record<string, string> = {},
): RollupRow[] {
  const end = day + DAY_MS - 1;
  const inDay = events.filter((e) => e.at >= day && e.at <= end);
  const bySession = new Map<string, ReportEventRow[]>();
  for (const e of inDay) {
    const id = e.session_id ?? "";
    const list = bySession.get(id) ?? [];
    list.push(e);
    bySession.set(id, list);
  }
  const rows: RollupRow[] = [];
  for (const [id, list] of bySession) {
    const first_at = list[0].at, last_at = list[list.length - 1].at;
    const base = { session_id: id, day, first_at, last_at };
    rows.push({ ...base, kind: "seen", category: "", count: list.length, ms: last_at - first_at });
    const kinds = new Map<string, number>();
    for (const e of list) kinds.set(e.kind, (kinds.get(e.kind) ?? 0) + 1);
    for (const [kind, count] of kinds) rows.push({ ...base, kind: "event", category: kind, count, ms: 0 });
    if (id === "") continue;
    const report = buildReport({ since: day, until: end, sessions: [], events: list, before });
    const counts = report.sessions[0]?.counts ?? {};
    for (const [category, count] of Object.entries(counts)) {
      if (count > 0) rows.push({ ...base, kind: "mark", category, count, ms: 0 });
    }
    const parsed = list.map((e) => ({ ...e, detail: parseDetail(e.detail) }));
    // Per state: the time in it, and from its first entry to its last exit that day (so a
    // report can place the state's band, and the state the day ended in has the latest end).
    const states = new Map<string, { ms: number; from: number; to: number; spans: number }>();
    for (const s of spansOf(parsed, { from: first_at, to: end + 1, before: before[id], current: null })) {
      const had = states.get(s.state);
      if (had) (had.ms += s.to - s.from, had.to = s.to, had.spans++);
      else states.set(s.state, { ms: s.to - s.from, from: s.from, to: s.to, spans: 1 });
    }
    for (const [state, x] of states) {
      rows.push({
        session_id: id,
        day,
        kind: "state",
        category: state,
        count: x.spans,
        ms: x.ms,
        first_at: x.from,
        last_at: x.to - 1,
      });
    }
  }
  return rows;
}

/** A recall index file as the edge lists it. */
export interface IndexFile {
  file: string;
  bytes: number;
  mtime: number;
}

/**
 * The recall indexes to delete: those of pruned sessions, those untouched since `cutoff`,
 * then the least recently used until the rest fit in `capBytes`. An index is a cache: a
 * later `vigil recall` rebuilds it from the transcript.
 */
export function recallToDrop(
  files: readonly IndexFile[],
  opts: { cutoff: number; capBytes: number; pruned: ReadonlySet<string> },
): IndexFile[] {
  const drop: IndexFile[] = [];
  const keep: IndexFile[] = [];
  for (const f of files) (opts.pruned.has(f.file) || f.mtime < opts.cutoff ? drop : keep).push(f);
  keep.sort((a, b) => b.mtime - a.mtime || a.file.localeCompare(b.file));
  let total = 0;
  for (const f of keep) {
    total += f.bytes;
    if (total > opts.capBytes) drop.push(f);
  }
  return drop;
}
