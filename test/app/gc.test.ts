import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GC_LAST_RUN_KEY, runGc } from "../../src/app/gc.ts";
import { DEFAULT_CONFIG } from "../../src/core/config.ts";
import { DAY_MS, dayOf, retentionPolicy } from "../../src/core/retention.ts";
import type { ReportSession } from "../../src/core/report/model.ts";
import { reportJson } from "../../src/core/report/json.ts";
import { hasReportIndexes } from "../../src/edge/store/report-indexes.ts";
import { loadReport } from "../../src/edge/store/report-load.ts";
import { listRecallIndexes, recallIndexFile } from "../../src/edge/store/recall-index.ts";
import type { Store } from "../../src/edge/store.ts";
import { archivedByPrefix } from "../../src/edge/store/retention.ts";
import { ROLLED_KEY } from "../../src/edge/store/rollups.ts";
import { T0 } from "../core/report-seed.ts";
import { dayId, seedFleet } from "../support/fleet-seed.ts";
import { withRawDb } from "../raw-db.ts";

const DAYS = 40;
const NOW = T0 + DAYS * DAY_MS + 3_600_000;
const POLICY = retentionPolicy(DEFAULT_CONFIG);
const CUT = T0 + (DAYS - 30) * DAY_MS;

const dirs: string[] = [];
function home(): string {
  const d = mkdtempSync(join(tmpdir(), "vigil-gc-"));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const count = (store: Store, sql: string) =>
  withRawDb(store.file, (db) => db.query<{ n: number }, []>(sql).get()?.n ?? 0);

/** Counts per session per category of a report over the whole seeded range. */
function countsOf(store: Store): Record<string, Record<string, number>> {
  const r = loadReport(store, { since: T0, until: NOW });
  return Object.fromEntries([...r.sessions].map((s) => [s.session_id, s.counts]));
}

/** A seeded fleet reported over the whole range before and after one gc: a session in both. */
function reportsAroundGc(): { store: Store; pair: (id: string) => { was: ReportSession; now: ReportSession } } {
  const h = home();
  const store = seedFleet(h, DAYS);
  // Read before gc: a report from the store reads it when iterated.
  const detail = [...loadReport(store, { since: T0, until: NOW }).sessions];
  runGc(store, POLICY, { now: NOW, stateDir: h });
  const rolled = loadReport(store, { since: T0, until: NOW });
  const pair = (id: string) => {
    const was = detail.find((x) => x.session_id === id);
    const now = [...rolled.sessions].find((x) => x.session_id === id);
    if (!was || !now) throw new Error(`no session ${id} in the report`);
    return { was, now };
  };
  return { store, pair };
}

describe("vigil gc (runGc)", () => {
  test("--dry-run says what would go and changes nothing", () => {
    const h = home();
    const store = seedFleet(h, DAYS);
    const before = count(store, "SELECT count(*) AS n FROM events");
    const s = runGc(store, POLICY, { now: NOW, stateDir: h, dryRun: true });
    expect(s.dryRun).toBe(true);
    expect(s.days).toBe(DAYS - 30);
    expect(s.events).toBe(count(store, `SELECT count(*) AS n FROM events WHERE at < ${CUT}`));
    expect(s.events).toBeGreaterThan(0);
    expect(s.sessions).toBe(3 * (DAYS - 30));
    expect(count(store, "SELECT count(*) AS n FROM events")).toBe(before);
    expect(count(store, "SELECT count(*) AS n FROM daily")).toBe(0);
    expect(store.getSetting(GC_LAST_RUN_KEY)).toBeNull();
    store.close();
  });

  test("rolls days up before dropping them; a report over the whole range counts the same", () => {
    const h = home();
    const store = seedFleet(h, DAYS);
    const detail = countsOf(store);
    const kept = count(store, `SELECT count(*) AS n FROM events WHERE at >= ${CUT}`);
    const s = runGc(store, POLICY, { now: NOW, stateDir: h });
    expect(s.days).toBe(DAYS - 30);
    expect(count(store, `SELECT count(*) AS n FROM events WHERE at < ${CUT}`)).toBe(0);
    expect(count(store, "SELECT count(*) AS n FROM events")).toBe(kept);
    expect(Number(store.getSetting(ROLLED_KEY))).toBe(CUT);
    expect(countsOf(store)).toEqual(detail);
    expect(Object.keys(detail).length).toBe(3 * DAYS);
    // Summaries and detail read a few sessions at a time: the same report.
    const whole = reportJson(loadReport(store, { since: T0, until: NOW }));
    expect(reportJson(loadReport(store, { since: T0, until: NOW }, { sessionsPerRead: 7 }))).toEqual(whole);
    store.close();
  });

  test("gc in slices: a spent budget stops it undone and unmarked, and later slices finish the same job", () => {
    const h = home();
    const store = seedFleet(h, DAYS);
    const detail = countsOf(store);
    const kept = count(store, `SELECT count(*) AS n FROM events WHERE at >= ${CUT}`);
    const none = runGc(store, POLICY, { now: NOW, stateDir: h, budgetMs: 0 });
    expect([none.done, none.days, none.events, store.getSetting(GC_LAST_RUN_KEY)]).toEqual([false, 0, 0, null]);
    let slices = 0;
    for (let done = false; !done && slices < 10_000; slices++) {
      done = runGc(store, POLICY, { now: NOW, stateDir: h, budgetMs: 1 }).done;
    }
    expect(slices).toBeGreaterThan(1);
    expect(Number(store.getSetting(GC_LAST_RUN_KEY))).toBe(NOW);
    expect(count(store, "SELECT count(*) AS n FROM events")).toBe(kept);
    expect(countsOf(store)).toEqual(detail);
    store.close();
  });

  // Known gap 'reports over a year': the first report after a year's writes built the report's
  // indexes (15.9 s on the review's store). A store from an earlier version gets them from the
  // gc that cut it to its retention period, at the end of a complete run, not from a slice.
  test("a complete run builds the report's indexes a store lacks; an unfinished slice does not", () => {
    const h = home();
    const store = seedFleet(h, DAYS);
    withRawDb(store.file, (db) => db.run("DROP INDEX events_marking; DROP INDEX daily_seen"));
    expect(hasReportIndexes(store)).toBe(false);
    expect(runGc(store, POLICY, { now: NOW, stateDir: h, budgetMs: 0 }).done).toBe(false);
    expect(hasReportIndexes(store)).toBe(false);
    expect(runGc(store, POLICY, { now: NOW, stateDir: h }).done).toBe(true);
    expect(hasReportIndexes(store)).toBe(true);
    store.close();
  });

  test("rolled-up days keep one summary mark per counted category, with the count", () => {
    const { store, pair } = reportsAroundGc();
    const { was, now } = pair(dayId("w1aaaaaa-0000-4000-8000-000000000001", 0));
    const counted = Object.entries(was.counts).filter(([, n]) => n > 0);
    expect(counted.length).toBeGreaterThan(0);
    expect(now.marks.map((m) => [m.kind, m.category, m.facts.count])).toEqual(
      counted.map(([c, n]) => ["rollup", c, n]),
    );
    expect(now.first_at).toBe(was.first_at);
    store.close();
  });

  test("rolled-up days keep their state bands: states in order of first entry, the same time in each", () => {
    const { store, pair } = reportsAroundGc();
    const perState = (spans: { state: string; from: number; to: number }[]) => {
      const ms: Record<string, number> = {};
      for (const b of spans) ms[b.state] = (ms[b.state] ?? 0) + b.to - b.from;
      return ms;
    };
    let compared = 0;
    for (const id of ["w1aaaaaa-0000-4000-8000-000000000001", "w2bbbbbb-0000-4000-8000-000000000002"]) {
      const { was, now } = pair(dayId(id, 0));
      // The detail's last band runs to the end of the range, the summaries' stops with the day;
      // the detail's first starts when the session row was made, the summaries' at its first event.
      const dayEnd = dayOf(was.first_at) + DAY_MS;
      const start = now.spans[0]?.from ?? 0;
      const clipped = was.spans.flatMap((b) =>
        b.from >= dayEnd || b.to <= start ? [] : [{ ...b, from: Math.max(b.from, start), to: Math.min(b.to, dayEnd) }]
      );
      expect(start - was.first_at).toBeLessThan(DAY_MS);
      expect(now.spans.map((b) => b.state)).toEqual([...new Set(clipped.map((b) => b.state))]);
      expect(perState(now.spans)).toEqual(perState(clipped));
      compared++;
    }
    expect(compared).toBe(2);
    store.close();
  });

  test("a second run drops nothing more and summarises no day twice", () => {
    const h = home();
    const store = seedFleet(h, DAYS);
    runGc(store, POLICY, { now: NOW, stateDir: h });
    const daily = count(store, "SELECT count(*) AS n FROM daily");
    const again = runGc(store, POLICY, { now: NOW, stateDir: h });
    expect([again.days, again.events, again.sessions, again.samples]).toEqual([0, 0, 0, 0]);
    expect(count(store, "SELECT count(*) AS n FROM daily")).toBe(daily);
    store.close();
  });

  test("long-dead sessions are archived; a report still names them with their role", () => {
    const h = home();
    const store = seedFleet(h, DAYS);
    const s = runGc(store, POLICY, { now: NOW, stateDir: h });
    // Dead since their day and that day more than 30 days ago.
    expect(s.sessions).toBe(3 * (DAYS - 30));
    const first = dayId("w1aaaaaa-0000-4000-8000-000000000001", 0);
    expect(store.loadSession(first)).toBeNull();
    expect(archivedByPrefix(store, first)[0]?.transcript_path).toBe(`/nonexistent/${first}.jsonl`);
    const r = loadReport(store, { since: T0, until: NOW });
    const named = [...r.sessions].find((x) => x.session_id === first);
    expect(named?.role).toBe("worker");
    expect(named?.state).toBe("dead");
    // Dead but recent, or alive: kept.
    expect(count(store, "SELECT count(*) AS n FROM sessions")).toBe(3 * 30);
    store.close();
  });

  test("recall indexes: a pruned session's, unused ones and those over the cap go", () => {
    const h = home();
    const store = seedFleet(h, DAYS);
    mkdirSync(join(h, "recall"));
    const pruned = recallIndexFile(h, `/nonexistent/${dayId("w1aaaaaa-0000-4000-8000-000000000001", 0)}.jsonl`);
    const old = join(h, "recall", "old.db"), fresh = join(h, "recall", "fresh.db"), big = join(h, "recall", "big.db");
    for (const f of [pruned, old, fresh]) writeFileSync(f, "x".repeat(1000));
    writeFileSync(big, "x".repeat(3 << 20));
    const t = (f: string, at: number) => utimesSync(f, at / 1000, at / 1000);
    t(pruned, NOW), t(old, NOW - 31 * DAY_MS), t(fresh, NOW), t(big, NOW - DAY_MS);
    const s = runGc(store, { ...POLICY, recallCapBytes: 2 << 20 }, { now: NOW, stateDir: h });
    expect(s.recallFiles).toBe(3);
    expect(listRecallIndexes(h).map((f) => f.file)).toEqual([fresh]);
    store.close();
  });

  test("old samples go, recent ones stay", () => {
    const h = home();
    const store = seedFleet(h, 2);
    withRawDb(store.file, (db) => {
      const q = db.query("INSERT INTO samples (at, session_id, pid, rss, cpu_ms, age_ms) VALUES (?, 's', 1, 1, 1, 1)");
      q.run(NOW - 2 * DAY_MS), q.run(NOW - 1000);
    });
    expect(runGc(store, POLICY, { now: NOW, stateDir: h }).samples).toBe(1);
    expect(count(store, "SELECT count(*) AS n FROM samples")).toBe(1);
    store.close();
  });

  test("a store from before auto_vacuum is converted once and shrinks", () => {
    const h = home();
    const store = seedFleet(h, DAYS, { filler: 200 });
    withRawDb(store.file, (db) => {
      db.run("PRAGMA auto_vacuum = NONE");
      db.run("VACUUM");
      db.run("PRAGMA wal_checkpoint(TRUNCATE)");
    });
    const s = runGc(store, POLICY, { now: NOW, stateDir: h });
    expect(s.vacuumed).toBe(true);
    expect(s.bytesAfter).toBeLessThan(s.bytesBefore);
    expect(
      withRawDb(store.file, (db) => db.query<{ auto_vacuum: number }, []>("PRAGMA auto_vacuum").get()?.auto_vacuum),
    )
      .toBe(2);
    store.close();
  });

  test("a fresh store is incremental from the start and gives pages back without a VACUUM", () => {
    const h = home();
    const store = seedFleet(h, DAYS, { filler: 200 });
    withRawDb(store.file, (db) => db.run("PRAGMA wal_checkpoint(TRUNCATE)"));
    const s = runGc(store, POLICY, { now: NOW, stateDir: h });
    expect(s.vacuumed).toBe(false);
    expect(s.bytesAfter).toBeLessThan(s.bytesBefore);
    const free = withRawDb(store.file, (db) => db.query<{ freelist_count: number }, []>("PRAGMA freelist_count").get());
    expect(free?.freelist_count).toBe(0);
    store.close();
  });
});
