/**
 * One retention run (`vigil gc`, and the watch at most daily): summarise whole days into
 * `daily` before their detail goes, then drop events, long-dead sessions, samples and recall
 * indexes past retention in bounded batches, then give the space back. Every step is its own
 * short transaction and safe to repeat, so a run killed anywhere leaves a consistent store
 * and the next run finishes the job. The watch runs it in slices (`budgetMs`), outside its
 * pass lock: a first gc over a year's backlog took 13 minutes, and under the pass lock every
 * pass meanwhile was skipped, so a death went unseen (issue 30 item 8).
 */
import { cutoffs, DAY_MS, gcDue, recallToDrop, type RetentionPolicy } from "../core/retention.ts";
import { dropRecallIndex, listRecallIndexes, recallIndexFile } from "../edge/store/recall-index.ts";
import type { Store } from "../edge/store.ts";
import type { Budget } from "../edge/store/batches.ts";
import { archiveSessions, countBefore, deadSessionsBefore, deleteBefore } from "../edge/store/retention.ts";
import { firstEventDay, rolledThrough, rollUpTo } from "../edge/store/rollups.ts";
import { checkDetails } from "../edge/store/report-details.ts";
import { ensureReportIndexes } from "../edge/store/report-indexes.ts";
import { writeTotals } from "../edge/store/report-totals.ts";
import { giveSpaceBack, storeBytes } from "../edge/store/space.ts";

/** Settings key: when gc last ran to the end (ms). */
export const GC_LAST_RUN_KEY = "gc.last_run";

export interface GcSummary {
  dryRun: boolean;
  /** Days summarised into `daily` (would be, with --dry-run). */
  days: number;
  events: number;
  sessions: number;
  samples: number;
  recallFiles: number;
  recallBytes: number;
  bytesBefore: number;
  bytesAfter: number;
  /** This run converted the file to incremental auto_vacuum (one full VACUUM). */
  vacuumed: boolean;
  /** Everything due was done; false when the time budget ran out first (the next run goes on). */
  done: boolean;
}

/** Run retention at `now` (or say what it would do, with `dryRun`). */
export function runGc(
  store: Store,
  policy: RetentionPolicy,
  opts: { now: number; stateDir: string; dryRun?: boolean; convert?: boolean; budgetMs?: number },
): GcSummary {
  const budget: Budget | null = opts.budgetMs === undefined
    ? null
    : { deadline: Date.now() + opts.budgetMs, spent: false };
  const cut = cutoffs(policy, opts.now);
  const dryRun = opts.dryRun === true;
  const bytesBefore = storeBytes(store);
  const dead = deadSessionsBefore(store, cut.deadSessions);
  const pruned = new Set(
    dead.flatMap((d) => d.transcript_path ? [recallIndexFile(opts.stateDir, d.transcript_path)] : []),
  );
  const recall = recallToDrop(listRecallIndexes(opts.stateDir), {
    cutoff: cut.recall,
    capBytes: policy.recallCapBytes,
    pruned,
  });
  const summary: GcSummary = {
    dryRun,
    days: 0,
    events: 0,
    sessions: dead.length,
    samples: 0,
    recallFiles: recall.length,
    recallBytes: recall.reduce((n, f) => n + f.bytes, 0),
    bytesBefore,
    bytesAfter: bytesBefore,
    vacuumed: false,
    done: true,
  };
  if (dryRun) {
    const from = rolledThrough(store) ?? firstEventDay(store);
    summary.days = from === null ? 0 : Math.max(0, (cut.events - from) / DAY_MS);
    summary.events = countBefore(store, "events", cut.events);
    summary.samples = countBefore(store, "samples", cut.samples);
    return summary;
  }
  summary.days = rollUpTo(store, cut.events, budget);
  // Only what is summarised may go: the horizon, not the cut-off, bounds the delete.
  const horizon = Math.min(cut.events, rolledThrough(store) ?? -Infinity);
  summary.events = Number.isFinite(horizon) ? deleteBefore(store, "events", horizon, budget) : 0;
  summary.sessions = archiveSessions(store, dead.map((d) => d.session_id), opts.now, budget);
  summary.samples = deleteBefore(store, "samples", cut.samples, budget);
  if (budget?.spent) return { ...summary, done: false, recallFiles: 0, recallBytes: 0 };
  for (const f of recall) dropRecallIndex(f.file);
  summary.vacuumed = giveSpaceBack(store, { convert: opts.convert ?? true, budget });
  summary.bytesAfter = storeBytes(store);
  if (budget?.spent) return { ...summary, done: false };
  // On a store just cut to its retention period: a report never has to build them first.
  ensureReportIndexes(store);
  // What is left is checked once here, not by every report that writes it (report-details.ts).
  checkDetails(store, budget);
  // Each summarised session's days added up once here, not by every long report (report-totals.ts).
  writeTotals(store, budget);
  store.setSetting(GC_LAST_RUN_KEY, String(opts.now));
  return summary;
}

/** How long one watch process spends on gc after its pass: a slice; the next pass goes on. */
export const GC_SLICE_MS = 20_000;

/**
 * The watch's call: run a slice of gc when the last complete run is a day old or more (null
 * when not due), never converting the file with a full VACUUM (that is `vigil gc`'s, run by a
 * person). An unfinished run stays due, so the next pass's slice continues it.
 */
export function gcIfDue(
  store: Store,
  policy: RetentionPolicy,
  opts: { now: number; stateDir: string; budgetMs?: number },
): GcSummary | null {
  const last = store.getSetting(GC_LAST_RUN_KEY);
  return gcDue(last === null ? null : Number(last), opts.now)
    ? runGc(store, policy, { ...opts, convert: false, budgetMs: opts.budgetMs ?? GC_SLICE_MS })
    : null;
}
