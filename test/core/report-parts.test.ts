import { describe, expect, test } from "bun:test";
import { AUDIT_KINDS } from "../../src/core/audit-kinds.ts";
import { KIND_READERS, markOf, parseDetail } from "../../src/core/report/marks.ts";
import { spansOf } from "../../src/core/report/model.ts";
import { count, duration, isoMillisWriter, isoSeconds, parseWhen } from "../../src/core/report/time.ts";

const NOW = Date.UTC(2026, 0, 10, 12, 0, 0);

describe("parseWhen", () => {
  test.each([
    ["12h", NOW - 12 * 3_600_000],
    ["90m", NOW - 90 * 60_000],
    ["1.5d", NOW - 36 * 3_600_000],
    ["30s", NOW - 30_000],
    ["1w", NOW - 7 * 86_400_000],
    ["2026-01-09", Date.UTC(2026, 0, 9)],
    ["2026-01-09T06:30", Date.UTC(2026, 0, 9, 6, 30)],
    ["2026-01-09T06:30:00+09:00", Date.UTC(2026, 0, 8, 21, 30)],
    ["1767225600000", 1_767_225_600_000],
  ])("%s", (text, want) => {
    expect(parseWhen(text, NOW)).toEqual({ ok: true, value: want });
  });

  test.each(["", "yesterday", "12", "12y", "-3h", "2026-13-45"])("%j is refused in vigil's style", (text) => {
    const r = parseWhen(text, NOW);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toBe(`cannot read time "${text}": expected a duration like "12h" or an ISO 8601 time`);
  });
});

test.each([
  [0, "0s"],
  [45_000, "45s"],
  [190_000, "3m 10s"],
  [3_600_000, "1h"],
  [7_500_000, "2h 5m"],
  [97_200_000, "1d 3h"],
])("duration(%d) = %s", (ms, want) => {
  expect(duration(ms)).toBe(want);
});

describe("markOf", () => {
  test.each<[string, Record<string, unknown>, string | null, string | null]>([
    ["state", { from: "normal", to: "soft" }, null, null],
    ["hook", { event: "PreToolUse" }, null, null],
    ["hook", { event: "SessionStart", decision: "context", rule: "continuity.restore" }, null, null],
    ["guard", { decision: "pass", rule: "soft.pass" }, null, null],
    ["stop_gate", { decision: "pass", gate: "scope" }, null, null],
    [
      "guard",
      { decision: "refuse", rule: "soft.refuse", tokens: 260000 },
      "refuse",
      "prompt refused at 260,000 tokens (soft.refuse)",
    ],
    [
      "hook",
      { event: "Stop", decision: "block", rule: "unattended.todo" },
      "stop_block",
      "Stop blocked (unattended.todo)",
    ],
    ["hook", { event: "PostToolUse", decision: "block", rule: "x.y" }, "deny", "PostToolUse blocked (x.y)"],
    ["restarted", { outcome: "failed" }, "restart", "restart (failed)"],
    // Kinds not in the set are not guessed from their names: a skipped restart is no restart.
    ["restart_skipped", {}, "other", "restart skipped"],
    ["nudge_later", { n: 1 }, "other", "nudge later n=1"],
    ["compaction_abandoned", { at: 5 }, "other", "compaction abandoned"],
    ["notify", { about: "down", outcomes: [{ notifier: "ntfy", result: "sent" }] }, "notify", "notified (down)"],
    [
      "notify",
      { about: "down", outcomes: [], note: "no notifiers configured" },
      "other",
      "not notified (down): no notifiers configured",
    ],
    [
      "notify",
      { about: "stale", outcomes: [{ result: "failed" }] },
      "other",
      "not notified (stale): no notifier sent it",
    ],
    [
      "followup",
      { intervention: "nudge", interventionAt: 1, resumed: true, resumedAt: 90_001, afterMs: 90_000 },
      "other",
      "resumed after the nudge (1m 30s later)",
    ],
    [
      "followup",
      { intervention: "stop_block", resumed: false, afterMs: null },
      "other",
      "did not resume after the stop block",
    ],
    [
      "wake",
      { waker: "human", idleMs: 600_000, endAt: 1, resumedAt: 600_001, idle: true },
      "wake",
      "idle 10m, woken by human",
    ],
    ["machine_migrated", { detail: "v3 -> v4" }, "other", "session state migrated: v3 -> v4"],
    ["watch_pass", { sessions: 3 }, null, null],
    ["night", { on: true }, null, null],
    ["nudge_sent", {}, "nudge", "nudged"],
    [
      "nudge_receipt",
      { via: "inbox", sentAt: 1000, firstRecordAt: 121000 },
      "other",
      "nudge answered after 2m (inbox)",
    ],
    ["notification", { kind: "ntfy" }, "notify", "notified ntfy"],
    ["woke", { gapMs: 120000, by: "human" }, "wake", "idle 2m, woken by human"],
    ["idle_gap", {}, "wake", "idle ?, woken by unknown"],
    ["restore_verified", {}, "restore", "restore verified"],
    ["compaction_finished", {}, "compaction", "compaction finished"],
    ["continuity", { action: "drafted" }, "other", "continuity drafted"],
    ["stale", { lastActivity: Date.UTC(2026, 0, 10, 11, 0) }, "stale", "STALE, detected after 1h"],
    ["died", { reason: "clear" }, "other", "ended: clear"],
    ["died", { reason: "clear", by: "hook" }, "other", "ended: clear"],
    // The machine's records of what the watch found, with what it saw.
    [
      "died",
      { at: NOW, reason: "process gone", by: "watch", verdict: "down", delayMs: 5 * 60_000 },
      "down",
      "DOWN, detected after 5m, process gone",
    ],
    ["stalled", { at: NOW, from: "normal", idleMs: 50 * 60_000 }, "stale", "STALE, idle 50m"],
    ["down", { reason: "process gone", delayMs: 60_000 }, "down", "DOWN, detected after 1m, process gone"],
    ["constructor", {}, "other", "constructor"],
    ["brand_new_kind", { a: "b", n: 2, o: { deep: 1 } }, "other", "brand new kind a=b n=2"],
  ])("%s %j", (kind, detail, category, label) => {
    const m = markOf(kind, parseDetail(JSON.stringify(detail)), NOW);
    const got: (string | null)[] = m ? [m.category, m.label] : [null, null];
    expect(got).toEqual([category, label]);
  });

  test("every declared kind has its reader, and only those", () => {
    expect(Object.keys(KIND_READERS).sort()).toEqual([...AUDIT_KINDS].sort());
  });

  test("a detail that is not an object reads as empty", () => {
    expect(parseDetail("[1,2]")).toEqual({});
    expect(parseDetail("not json")).toEqual({});
  });
});

describe("spansOf", () => {
  const ev = (at: number, from: string, to: string) => ({
    id: at,
    at,
    session_id: "s",
    kind: "state",
    detail: { from, to },
  });

  test.each([
    ["no transitions: the current state throughout", [], undefined, "soft", [["soft", 0, 100]]],
    ["the first transition tells the opening state", [ev(40, "hard", "compacting")], undefined, "normal", [
      ["hard", 0, 40],
      ["compacting", 40, 100],
    ]],
    ["a known state before the range wins", [ev(40, "hard", "compacting")], "soft", null, [
      ["soft", 0, 40],
      ["compacting", 40, 100],
    ]],
    ["a transition written twice is one band", [ev(20, "normal", "soft"), ev(20, "normal", "soft")], undefined, null, [
      ["normal", 0, 20],
      ["soft", 20, 100],
    ]],
  ])("%s", (_name, events, before, current, want) => {
    const spans = spansOf(events, { from: 0, to: 100, before, current });
    expect(spans.map((s) => [s.state, s.from, s.to])).toEqual(want);
  });
});

describe("ISO times written from a kept minute", () => {
  // Times in order and out of it, across minutes, years and the four-digit limit.
  const times = [
    0,
    59_999,
    60_000,
    Date.UTC(2026, 0, 10, 12, 0, 5, 7),
    Date.UTC(2026, 0, 10, 12, 0, 59, 999),
    Date.UTC(2026, 0, 10, 12, 1, 0, 0),
    Date.UTC(2025, 11, 31, 23, 59, 59, 999),
    Date.UTC(9999, 11, 31, 23, 59, 59, 999),
    Date.UTC(10000, 0, 1),
    -1,
    -60_001,
    1.5,
  ];
  test.each(times.map((t) => [t]))("%p", (t) => {
    const write = isoMillisWriter();
    expect([write(t), write(t + 61_000), write(t)]).toEqual(
      [t, t + 61_000, t].map((x) => new Date(x).toISOString()),
    );
    expect([isoSeconds(t), isoSeconds(t + 1000), isoSeconds(t)]).toEqual(
      [t, t + 1000, t].map((x) => new Date(x).toISOString().slice(0, 19) + "Z"),
    );
  });
});

describe("count", () => {
  test.each([
    0,
    7,
    42,
    999,
    1000,
    12_345,
    251_000,
    1_000_000,
    987_654_321,
    -1,
    -1000,
    -12_345_678,
    2 ** 53 - 1,
    1.5,
    null,
  ])(
    "%p reads as en-US grouping",
    (n) => {
      expect(count(n)).toBe(n === null ? "-" : n.toLocaleString("en-US"));
    },
  );
});
