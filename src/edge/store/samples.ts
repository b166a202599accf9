/**
 * Process samples (RSS, CPU time, age) the watcher takes of every live session each pass and
 * keeps for a day, so a death can be compared with what preceded it (seed 004: "we don't know
 * why they die; measure first"). A DOWN event carries the last few.
 */
import type { ProcessSample } from "../../core/notify-format.ts";
import { dbOf, type Store } from "../store.ts";
import type { SampleRow } from "../../core/watch/observed.ts";
export type { SampleRow };

/** How long samples are kept. */
export const SAMPLE_RETENTION_MS = 86_400_000;

/** Insert one pass's samples (call inside the pass's transaction). */
export function insertSamples(store: Store, rows: readonly SampleRow[]): void {
  if (rows.length === 0) return;
  const q = dbOf(store).query(
    "INSERT INTO samples (at, session_id, pid, rss, cpu_ms, age_ms) VALUES (?, ?, ?, ?, ?, ?)",
  );
  for (const r of rows) q.run(r.at, r.sessionId, r.pid, r.rssBytes, r.cpuMs, r.ageMs);
}

/** Drop samples taken before `before`; returns how many went. */
export function pruneSamples(store: Store, before: number): number {
  return dbOf(store).query("DELETE FROM samples WHERE at < ?").run(before).changes;
}

/** The newest `n` samples of a session, oldest first. */
export function lastSamples(store: Store, sessionId: string, n = 3): ProcessSample[] {
  const rows = dbOf(store).query<
    { at: number; rss: number | null; cpu_ms: number | null; age_ms: number | null },
    [string, number]
  >("SELECT at, rss, cpu_ms, age_ms FROM samples WHERE session_id = ? ORDER BY at DESC LIMIT ?").all(sessionId, n);
  return rows.reverse().map((r) => ({ at: r.at, rssBytes: r.rss, cpuMs: r.cpu_ms, ageMs: r.age_ms }));
}

/** Every sample of a session in a time range, oldest first (for reports). */
export function samplesBetween(store: Store, sessionId: string, since: number, until: number): ProcessSample[] {
  const rows = dbOf(store).query<
    { at: number; rss: number | null; cpu_ms: number | null; age_ms: number | null },
    [string, number, number]
  >("SELECT at, rss, cpu_ms, age_ms FROM samples WHERE session_id = ? AND at >= ? AND at <= ? ORDER BY at").all(
    sessionId,
    since,
    until,
  );
  return rows.map((r) => ({ at: r.at, rssBytes: r.rss, cpuMs: r.cpu_ms, ageMs: r.age_ms }));
}
