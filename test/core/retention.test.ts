import { describe, expect, test } from "bun:test";
import { DEFAULT_CONFIG, resolveConfig } from "../../src/core/config.ts";
import { buildReport, type ReportEventRow } from "../../src/core/report/model.ts";
import { cutoffs, DAY_MS, dayOf, gcDue, recallToDrop, retentionPolicy, rollupDay } from "../../src/core/retention.ts";
import { SEED_EVENTS, T0, W1 } from "./report-seed.ts";

const rows = (t0: number): ReportEventRow[] =>
  SEED_EVENTS.map(([minute, session_id, kind, detail], i) => ({
    id: i + 1,
    at: t0 + minute * 60_000,
    session_id,
    kind,
    detail: JSON.stringify(detail),
  }));

describe("retention policy", () => {
  test("defaults keep a month of detail, a day of samples", () => {
    const p = retentionPolicy(DEFAULT_CONFIG);
    expect(p.eventsMs).toBe(30 * DAY_MS);
    expect(p.deadSessionsMs).toBe(30 * DAY_MS);
    expect(p.recallMs).toBe(30 * DAY_MS);
    expect(p.samplesMs).toBe(DAY_MS);
    expect(p.recallCapBytes).toBe(2048 * 1024 * 1024);
  });

  test("config keys set each kind (snake_case in the file)", () => {
    const r = resolveConfig({ retention_events_days: 90, recall_cap_mb: 10, retention_samples_days: 3 }, {});
    expect(r.warnings).toEqual([]);
    const p = retentionPolicy(r.config);
    expect(p.eventsMs).toBe(90 * DAY_MS);
    expect(p.samplesMs).toBe(3 * DAY_MS);
    expect(p.recallCapBytes).toBe(10 * 1024 * 1024);
    expect(r.sources.retentionEventsDays).toBe("file");
  });

  test("the events cut-off is a UTC day start, so days roll up whole", () => {
    const now = Date.UTC(2026, 5, 15, 13, 7);
    const c = cutoffs(retentionPolicy(DEFAULT_CONFIG), now);
    expect(c.events).toBe(Date.UTC(2026, 4, 16));
    expect(c.events % DAY_MS).toBe(0);
    expect(c.samples).toBe(now - DAY_MS);
    expect(dayOf(now)).toBe(Date.UTC(2026, 5, 15));
  });

  test.each([
    [null, 0, true],
    [0, DAY_MS - 1, false],
    [0, DAY_MS, true],
    [5 * DAY_MS, DAY_MS, true], // the clock went back: run rather than wait for it
  ])("gc due after last run %p at %p: %p", (last, now, due) => {
    expect(gcDue(last, now)).toBe(due);
  });
});

describe("rollupDay", () => {
  test("counts per session and category equal the report over the same detail", () => {
    const events = rows(T0);
    const detail = buildReport({ since: T0, until: T0 + DAY_MS - 1, sessions: [], events });
    const rolled = rollupDay(T0, events);
    expect(rolled.filter((r) => r.kind === "mark").length).toBeGreaterThan(5);
    for (const s of detail.sessions) {
      const marks = rolled.filter((r) => r.session_id === s.session_id && r.kind === "mark");
      const counts = Object.fromEntries(marks.map((r) => [r.category, r.count]));
      const nonzero = Object.fromEntries(Object.entries(s.counts).filter(([, n]) => n > 0));
      expect(counts).toEqual(nonzero);
    }
  });

  test("event kinds are counted, events without a session under the empty id", () => {
    const rolled = rollupDay(T0, rows(T0));
    const none = rolled.filter((r) => r.session_id === "");
    expect(none.find((r) => r.kind === "event")?.category).toBe("hook_error");
    expect(none.some((r) => r.kind === "mark")).toBe(false);
    const seen = rolled.filter((r) => r.kind === "seen");
    expect(seen.reduce((n, r) => n + r.count, 0)).toBe(SEED_EVENTS.length);
  });

  test("state durations cover the day from the session's first event, starting in the state held before", () => {
    const rolled = rollupDay(T0, rows(T0), { [W1]: "normal" });
    const w1 = rolled.filter((r) => r.session_id === W1 && r.kind === "state");
    const first = rolled.find((r) => r.session_id === W1 && r.kind === "seen")?.first_at ?? 0;
    expect(w1.reduce((n, r) => n + r.ms, 0)).toBe(T0 + DAY_MS - first);
    expect(w1.find((r) => r.category === "hard")?.ms).toBe(30 * 60_000);
  });

  test("events outside the day are ignored", () => {
    expect(rollupDay(T0 + DAY_MS, rows(T0))).toEqual([]);
  });
});

describe("recallToDrop", () => {
  const f = (file: string, bytes: number, mtime: number) => ({ file, bytes, mtime });
  test("pruned sessions' and unused indexes go, then the least recently used over the cap", () => {
    const files = [f("a", 10, 100), f("b", 10, 50), f("c", 10, 300), f("d", 10, 200), f("e", 10, 250)];
    const drop = recallToDrop(files, { cutoff: 60, capBytes: 25, pruned: new Set(["e"]) });
    expect(drop.map((x) => x.file).sort()).toEqual(["a", "b", "e"]);
  });

  test("nothing goes under the cap and cut-off", () => {
    expect(recallToDrop([f("a", 10, 100)], { cutoff: 0, capBytes: 10, pruned: new Set() })).toEqual([]);
  });
});
