/**
 * gc writes each summarised session's totals once (edge/store/report-totals.ts) and a report
 * reads them instead of the session's summary rows, only where they cover exactly the days
 * the report's range holds: the same text and `--json`, byte for byte, as reading day by day,
 * when the range starts inside a session's days and when a day was summarised after the
 * totals were written.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runGc } from "../../../src/app/gc.ts";
import { DEFAULT_CONFIG } from "../../../src/core/config.ts";
import { reportJsonChunks } from "../../../src/core/report/json.ts";
import { reportTextChunks } from "../../../src/core/report/text.ts";
import { DAY_MS, retentionPolicy } from "../../../src/core/retention.ts";
import { loadReport } from "../../../src/edge/store/report-load.ts";
import { hasTotals } from "../../../src/edge/store/report-totals.ts";
import { T0 } from "../../core/report-seed.ts";
import { seedFleet } from "../../support/fleet-seed.ts";
import { withRawDb } from "../../raw-db.ts";

const DAYS = 40;
const NOW = T0 + DAYS * DAY_MS + 3_600_000;
const home = mkdtempSync(join(tmpdir(), "vigil-report-totals-"));
const store = seedFleet(home, DAYS);
afterAll(() => {
  store.close();
  rmSync(home, { recursive: true, force: true });
});

/** A session summarised on several days (the fleet's live one day each): no detail is left of it. */
const LONG = "long-running-worker-0000000000001";
const day = (d: number) => T0 + d * DAY_MS;
/** Summary rows of one of LONG's days as gc writes them: seen, `d` denials, two states. */
function summarise(d: number): void {
  withRawDb(store.file, (db) => {
    const put = db.query(
      `INSERT INTO daily (session_id, day, kind, category, count, ms, first_at, last_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const at = day(d) + 3_600_000;
    put.run(LONG, day(d), "seen", "", 10 + d, 7_200_000, at, at + 7_200_000);
    put.run(LONG, day(d), "mark", "deny", d, 0, at, at + 7_200_000);
    put.run(LONG, day(d), "state", "normal", 1, 3_600_000, at, at + 3_599_999);
    put.run(LONG, day(d), "state", "soft", 1, 3_600_000, at + 3_600_000, at + 7_199_999);
  });
}
for (const d of [1, 2, 4]) summarise(d);
runGc(store, retentionPolicy(DEFAULT_CONFIG), { now: NOW, stateDir: home });

const text = (since: number, until = NOW) => [...reportTextChunks(loadReport(store, { since, until }))].join("");
const json = (since: number, until = NOW) => [...reportJsonChunks(loadReport(store, { since, until }))].join("");
/** The same reports with the totals table out of the way: every session read day by day. */
function dayByDay<T>(fn: () => T): T {
  withRawDb(store.file, (db) => db.run("ALTER TABLE daily_totals RENAME TO daily_totals_away"));
  try {
    expect(hasTotals(store)).toBe(false);
    return fn();
  } finally {
    withRawDb(store.file, (db) => db.run("ALTER TABLE daily_totals_away RENAME TO daily_totals"));
  }
}
const denials = (since: number, until = NOW) =>
  JSON.parse(json(since, until)).sessions.find((s: { session_id: string }) => s.session_id === LONG)?.counts.deny;
const both = (since: number, until = NOW) => ({ text: text(since, until), json: json(since, until) });

describe("whole-session totals written by gc", () => {
  test("gc writes one row per summarised session", () => {
    expect(hasTotals(store)).toBe(true);
    const n = withRawDb(store.file, (db) => ({
      totals: db.query<{ n: number }, []>("SELECT count(*) AS n FROM daily_totals").get()?.n,
      sessions: db.query<{ n: number }, []>(
        "SELECT count(DISTINCT session_id) AS n FROM daily WHERE kind = 'seen' AND session_id <> ''",
      ).get()?.n,
    }));
    expect(n.sessions).toBeGreaterThan(30);
    expect(n.totals).toBe(n.sessions);
  });

  test.each([0, 2, 3])("since day %i: the same text and --json as day by day", (d) => {
    expect(both(day(d))).toEqual(dayByDay(() => both(day(d))));
  });

  test("a range that starts inside a session's days counts only its days in range", () => {
    expect(denials(day(0))).toBe(1 + 2 + 4);
    expect(denials(day(2))).toBe(2 + 4);
    expect(denials(day(3))).toBe(4);
  });

  test("the report reads the totals where they hold (a changed row shows)", () => {
    withRawDb(store.file, (db) => db.run("UPDATE daily_totals SET marks = 'deny 99' WHERE session_id = ?", [LONG]));
    try {
      expect(denials(day(0))).toBe(99);
      expect(denials(day(2))).toBe(2 + 4);
    } finally {
      withRawDb(store.file, (db) => db.run("UPDATE daily_totals SET marks = 'deny 7' WHERE session_id = ?", [LONG]));
    }
  });

  test("a day summarised after the totals were written is read day by day, and the next gc rewrites them", () => {
    const row = () =>
      withRawDb(store.file, (db) =>
        db.query<{ last_day: number; days: number }, [string]>(
          "SELECT last_day, days FROM daily_totals WHERE session_id = ?",
        ).get(LONG));
    expect(row()).toEqual({ last_day: day(4), days: 3 });
    summarise(3); // a day between two summarised ones: the same first and last day, one more
    expect(denials(day(0))).toBe(1 + 2 + 3 + 4);
    expect(both(day(0))).toEqual(dayByDay(() => both(day(0))));
    // From day 2: as many days as the row (2, 3, 4 against 1, 2, 4) and the same last one.
    expect(denials(day(2))).toBe(2 + 3 + 4);
    expect(both(day(2))).toEqual(dayByDay(() => both(day(2))));
    // Up to day 3: as many days as the row (1, 2, 3 against 1, 2, 4) and the same first one.
    expect(denials(day(0), day(4) - 1)).toBe(1 + 2 + 3);
    expect(both(day(0), day(4) - 1)).toEqual(dayByDay(() => both(day(0), day(4) - 1)));
    summarise(5); // a later day
    expect(denials(day(0))).toBe(1 + 2 + 3 + 4 + 5);
    expect(both(day(0))).toEqual(dayByDay(() => both(day(0))));
    runGc(store, retentionPolicy(DEFAULT_CONFIG), { now: NOW, stateDir: home });
    expect(row()).toEqual({ last_day: day(5), days: 5 });
    expect(denials(day(0))).toBe(1 + 2 + 3 + 4 + 5);
    expect(both(day(0))).toEqual(dayByDay(() => both(day(0))));
  });
});
