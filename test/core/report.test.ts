import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { reportHtml } from "../../src/core/report/html.ts";
import { reportJson, reportJsonChunks } from "../../src/core/report/json.ts";
import { buildReport, type Report, type ReportSession } from "../../src/core/report/model.ts";
import { reportText } from "../../src/core/report/text.ts";
import { loadReport } from "../../src/edge/store/report-load.ts";
import { hasReportIndexes } from "../../src/edge/store/report-indexes.ts";
import { MIN, P1, SEED_EVENTS, seedStore, T0, W1, W2 } from "./report-seed.ts";
import { withRawDb } from "../raw-db.ts";

const { home, store } = seedStore();
afterAll(() => {
  store.close();
  rmSync(home, { recursive: true, force: true });
});

const UNTIL = T0 + 360 * MIN;
const full = loadReport(store, { since: T0, until: UNTIL });
const byId = (r: Report, id: string): ReportSession => {
  const s = [...r.sessions].find((x) => x.session_id === id);
  if (!s) throw new Error(`no session ${id} in the report`);
  return s;
};
const minutes = (s: ReportSession) => s.spans.map((b) => [b.state, (b.from - T0) / MIN, (b.to - T0) / MIN]);

describe("report model from a seeded store", () => {
  test("sessions come in order of first activity, the session-less error only in events", () => {
    expect([...full.sessions].map((s) => s.session_id)).toEqual([W1, P1, W2]);
    expect(full.sessionCount).toBe(3);
    expect(full.eventCount).toBe(SEED_EVENTS.length);
    expect([...full.events]).toHaveLength(SEED_EVENTS.length);
    expect([...full.events].filter((e) => e.session_id === null).map((e) => e.kind)).toEqual(["hook_error"]);
  });

  test.each([
    [W1, [["normal", 0, 60], ["soft", 60, 120], ["hard", 120, 150], ["compacting", 150, 152], [
      "restoring",
      152,
      153,
    ], ["normal", 153, 360]]],
    [W2, [["normal", 30, 100], ["stalled", 100, 170], ["dead", 170, 176], ["restoring", 176, 360]]],
    [P1, [["normal", 10, 360]]],
  ])("state bands of %s", (id, spans) => {
    expect(minutes(byId(full, id))).toEqual(spans);
  });

  test.each([
    // One refusal, one denial, one Stop block: the `hook` summaries of the same calls yield.
    [W1, { limit: 2, notice: 1, refuse: 1, deny: 1, stop_block: 1, compaction: 2, restore: 1, wake: 1 }],
    // The machine's `stalled` and `died` yield to watch's `stale` and `down`.
    [W2, { stale: 1, down: 1, restart: 1, nudge: 1, notify: 1, other: 1 }],
    [P1, {}],
  ])("counts of %s", (id, nonZero) => {
    const counts = byId(full, id).counts;
    expect(Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0))).toEqual(nonZero);
  });

  test.each([
    [W1, "limit", "SOFT limit crossed at 251,000 tokens measured, about 252,000 counting what was added since"],
    [W1, "deny", "Bash denied at 302,000 tokens (hard.deny)"],
    [W1, "stop_block", `Stop blocked: en.future "I'll continue with the parser"`],
    [W1, "restore", "restore delivered (hook)"],
    [W1, "wake", "idle 12m, woken by stop-gate"],
    [W2, "stale", "STALE, idle 45m, detected after 5m"],
    [W2, "down", "DOWN, detected after 10m, process gone"],
    [W2, "other", "frobnicated x=1 why=a kind the report has never heard of"],
  ])("%s has a %s mark labelled %j", (id, category, label) => {
    expect(byId(full, id).marks.filter((m) => m.category === category).map((m) => m.label)).toContain(label);
  });

  test("a range that starts mid-session begins in the state held then", () => {
    const late = loadReport(store, { since: T0 + 130 * MIN, until: UNTIL });
    expect(minutes(byId(late, W1))[0]).toEqual(["hard", 130, 150]);
    expect(minutes(byId(late, W2))[0]).toEqual(["stalled", 130, 170]);
  });

  test("one session only", () => {
    const one = loadReport(store, { since: T0, until: UNTIL, sessionId: W2 });
    expect([...one.sessions].map((s) => s.session_id)).toEqual([W2]);
    expect(new Set([...one.events].map((e) => e.session_id))).toEqual(new Set([W2]));
  });

  test("an empty range says so", () => {
    const none = loadReport(store, { since: T0 - 600 * MIN, until: T0 - 500 * MIN });
    expect([...none.sessions]).toEqual([]);
    expect(none.sessionCount).toBe(0);
    expect(reportText(none)).toContain("no session activity in this range");
  });
});

describe("report --json shape (product.md 9a)", () => {
  const json = JSON.parse(JSON.stringify(reportJson(full)));
  const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

  test("top level is { since, until, sessions, events } with ISO times", () => {
    expect(Object.keys(json)).toEqual(["since", "until", "sessions", "events"]);
    expect(json.since).toBe(new Date(T0).toISOString());
    expect(json.until).toBe(new Date(UNTIL).toISOString());
  });

  test("every event is { id, at, session_id, kind, detail } with detail an object", () => {
    for (const e of json.events) {
      expect(Object.keys(e)).toEqual(["id", "at", "session_id", "kind", "detail"]);
      expect(e.at).toMatch(ISO);
      expect(typeof e.detail).toBe("object");
    }
    expect(json.events[0]).toEqual({
      id: 1,
      at: new Date(T0 + MIN).toISOString(),
      session_id: W1,
      kind: "hook",
      detail: { event: "PreToolUse", role: "worker", tool: "Read", state: "normal", tokens: 90_000 },
    });
  });

  test("sessions keep the status fields and add bands, marks and counts", () => {
    const w2 = json.sessions.find((s: { session_id: string }) => s.session_id === W2);
    expect(w2).toMatchObject({ session_id: W2, state: "restoring", role: "worker", agent_type: "worker" });
    expect(w2.states[1]).toEqual({
      state: "stalled",
      from: new Date(T0 + 100 * MIN).toISOString(),
      to: new Date(T0 + 170 * MIN).toISOString(),
      ms: 70 * MIN,
    });
    const down = w2.marks.find((m: { category: string }) => m.category === "down");
    expect(down).toMatchObject({ kind: "down", delay_ms: 10 * MIN, reason: "process gone" });
  });
});

/** Open/close tag balance, ignoring void elements and self-closing SVG tags. */
function unbalanced(html: string): string[] {
  const VOID = new Set(["meta", "link", "br", "hr", "img", "input"]);
  const stack: string[] = [];
  const problems: string[] = [];
  for (const m of html.replace(/<!--[\s\S]*?-->/g, "").matchAll(/<(\/?)([a-zA-Z][\w:-]*)([^>]*)>/g)) {
    const [, close, name, rest] = m;
    if (VOID.has(name.toLowerCase()) || rest.endsWith("/")) continue;
    if (!close) stack.push(name);
    else if (stack.pop() !== name) problems.push(`</${name}> closes something else`);
  }
  return [...problems, ...stack.map((n) => `<${n}> never closed`)];
}

describe("report --html", () => {
  const html = reportHtml(full);

  test("is well-formed, self-contained and script-free", () => {
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(unbalanced(html)).toEqual([]);
    expect(html).not.toContain("<script");
    expect(html.match(/\b(?:src|href)=/g)).toBeNull();
    expect(html).toContain("@media print");
  });

  test("holds one SVG timeline with one row per session, bands and marks inside", () => {
    expect(html.match(/<svg\b/g)).toHaveLength(1);
    const rows = [...html.matchAll(/<g class="row" data-session="([^"]+)">/g)].map((m) => m[1]);
    expect(rows).toEqual([W1, P1, W2]);
    expect(html.match(/class="band"/g)).toHaveLength([...full.sessions].reduce((n, s) => n + s.spans.length, 0));
    expect(html.match(/class="mark"/g)).toHaveLength([...full.sessions].reduce((n, s) => n + s.marks.length, 0));
  });

  test("escapes what it shows", () => {
    const loaded = loadReport(store, { since: T0, until: UNTIL });
    // The store's sessions are built afresh each time they are read: edit a copy.
    const evil = { ...loaded, sessions: [...loaded.sessions] };
    evil.sessions[0].marks[0].label = `<img src=x onerror=alert(1)>`;
    const out = reportHtml(evil);
    expect(out).not.toContain("<img");
    expect(out).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });
});

test("text report golden", () => {
  const file = join(import.meta.dir, "goldens", "report.txt");
  const actual = reportText(full) + "\n";
  if (process.env.UPDATE_GOLDEN === "1") writeFileSync(file, actual);
  expect(existsSync(file)).toBe(true);
  expect(actual).toBe(readFileSync(file, "utf8"));
});

describe("the report aggregated in SQL", () => {
  const rows = store.events({ since: T0, until: UNTIL });
  const sessions = store.listSessions();
  const before: Record<string, string> = {};
  const pure = buildReport({ since: T0, until: UNTIL, sessions, events: rows, before });

  test("equals the report built from every event in memory", () => {
    expect(JSON.parse(JSON.stringify(reportJson(full)))).toEqual(JSON.parse(JSON.stringify(reportJson(pure))));
    // Read a session at a time, or two: the batches end where they should.
    for (const sessionsPerRead of [1, 2]) {
      const small = loadReport(store, { since: T0, until: UNTIL }, { sessionsPerRead });
      expect(reportJson(small)).toEqual(reportJson(full));
    }
    expect(full.eventCount).toBe(pure.eventCount);
    expect(full.loose).toEqual(pure.loose);
  });

  test("the streamed --json parses to the in-memory JSON, with extra fields after events", () => {
    const text = [...reportJsonChunks(full, { proof: { state: "none" } })].join("");
    const parsed = JSON.parse(text);
    expect(Object.keys(parsed)).toEqual(["since", "until", "sessions", "events", "proof"]);
    expect(parsed).toEqual({ ...JSON.parse(JSON.stringify(reportJson(full))), proof: { state: "none" } });
  });

  test("an empty range streams empty arrays", () => {
    const none = loadReport(store, { since: T0 - 600 * MIN, until: T0 - 500 * MIN });
    expect(JSON.parse([...reportJsonChunks(none)].join(""))).toMatchObject({ sessions: [], events: [] });
  });
});

describe("the report reads through its own indexes (edge/store/report-indexes.ts)", () => {
  // INDEXED BY names them: a query whose WHERE no longer implies a partial index's predicate
  // fails with "no query solution" instead of quietly reading every event of a session. They
  // are the report's, built when a report is read, never by a hook's open.
  test.each([["events_marking"], ["daily_seen"]])("a store without %s gets it back from the report", (index) => {
    const seeded = seedStore(undefined, T0);
    try {
      withRawDb(seeded.store.file, (raw) => {
        raw.run("INSERT INTO daily VALUES (?, ?, 'seen', '', 1, 0, ?, ?)", [W1, T0 - 86_400_000, T0 - 9e5, T0 - 6e5]);
        raw.run("INSERT INTO settings (key, value) VALUES ('gc.rolled_through', ?)", [String(T0)]);
      });
      const want = [...loadReport(seeded.store, { since: T0 - 86_400_000, until: UNTIL }).sessions];
      expect(want).toHaveLength(3);
      withRawDb(seeded.store.file, (raw) => raw.run(`DROP INDEX ${index}`));
      expect(hasReportIndexes(seeded.store)).toBe(false);
      expect([...loadReport(seeded.store, { since: T0 - 86_400_000, until: UNTIL }).sessions]).toEqual(want);
      expect(hasReportIndexes(seeded.store)).toBe(true);
    } finally {
      seeded.store.close();
      rmSync(seeded.home, { recursive: true, force: true });
    }
  });
});

describe("which rows the store reads for marks", () => {
  const seeded = seedStore(undefined, T0);
  const db = seeded.store;
  afterAll(() => {
    db.close();
    rmSync(seeded.home, { recursive: true, force: true });
  });
  const at = T0 + 400 * MIN;
  // Rows as written by hand or by an older version: partial details, spacing, text that is not JSON.
  withRawDb(db.file, (raw) => {
    const insert = raw.query("INSERT INTO events (at, session_id, kind, detail) VALUES (?, ?, ?, ?)");
    insert.run(at, W1, "hook", JSON.stringify({ event: "PreToolUse", tool: "Read", decision: "allow" }));
    insert.run(
      at + 1,
      W1,
      "hook",
      `{ "event" : "PreToolUse", "tool": "Edit", "decision" : "deny", "rule": "hard.deny" }`,
    );
    insert.run(at + 2, W1, "frobnicated", "not json at all");
    // Session-less rows an older or hand-edited store may hold: a valid object after a space,
    // an array, and a kind that needs escaping in JSON.
    insert.run(at + 3, null, "hook_error", ` {"error":"spaced"}`);
    insert.run(at + 4, null, "hook_error", "[1,2]");
    insert.run(at + 5, null, 'odd "kind"\t\u00e9', `{"s":"\u2028"}`);
  });
  const range = { since: at - 1, until: at + 10 };
  const sql = loadReport(db, range);
  const memory = buildReport({ ...range, sessions: db.listSessions(), events: db.events(range) });

  test("an allowed call marks nothing, a spaced-out deny marks, text that is not JSON is {}", () => {
    const w1 = byId(sql, W1);
    expect(w1.marks.map((m) => [m.kind, m.category])).toEqual([["hook", "deny"], ["frobnicated", "other"]]);
    expect(JSON.parse(JSON.stringify(reportJson(sql)))).toEqual(JSON.parse(JSON.stringify(reportJson(memory))));
    const streamed = JSON.parse([...reportJsonChunks(sql)].join(""));
    expect(streamed.events.map((e: { detail: unknown }) => e.detail)).toEqual([
      { event: "PreToolUse", tool: "Read", decision: "allow" },
      { event: "PreToolUse", tool: "Edit", decision: "deny", rule: "hard.deny" },
      {},
      { error: "spaced" },
      {},
      { s: "\u2028" },
    ]);
    expect(streamed.events.at(-1)).toMatchObject({ session_id: null, kind: 'odd "kind"\t\u00e9' });
  });
});

describe("restarts and nudges as the watch records them", () => {
  const id = "w9dddddd-0000-4000-8000-000000000009";
  const row = (n: number, kind: string, detail: Record<string, unknown>) => ({
    id: n,
    at: T0 + n * MIN,
    session_id: id,
    kind,
    detail: JSON.stringify(detail),
  });
  const r = buildReport({
    since: T0,
    until: T0 + 60 * MIN,
    sessions: [],
    events: [
      row(1, "restart", { ok: true, method: "tmux", attempt: 1, max: 3, reason: "process gone" }),
      row(2, "restart_check", { restartAt: T0 + MIN, grew: true, afterMs: 90_000, alive: true }),
      row(3, "restart", { ok: false, skipped: "awaiting-approval", reason: "process gone" }),
      row(4, "nudge", { ok: false, skipped: "asleep-until", pane: "%1", idleMs: 1 }),
      row(5, "nudge", { ok: true, pane: "%1", idleMs: 1 }),
    ],
  });
  const s = byId(r, id);

  test("vigil report counts one restart once (its restart_check is the follow-up, not a second)", () => {
    expect(s.counts.restart).toBe(1);
    expect(s.marks.find((m) => m.kind === "restart_check")?.label).toBe(
      "after the restart the transcript grew (1m 30s later)",
    );
  });

  test("a held restart or nudge is not counted as one", () => {
    expect(s.counts.nudge).toBe(1);
    expect(s.marks.filter((m) => m.label.endsWith("held: awaiting-approval"))).toHaveLength(1);
    expect(s.marks.filter((m) => m.label === "nudge held: asleep-until")).toHaveLength(1);
  });
});
