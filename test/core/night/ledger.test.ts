/** The night's ledger from audit events: what each death got, pushes that resumed work, the range. */
import { expect, test } from "bun:test";
import { type LedgerEvent, ledgerLines, nightLedger } from "../../../src/core/night/ledger.ts";

const T = Date.parse("2026-12-01T22:00:00Z");
const MIN = 60_000;
const ev = (at: number, session_id: string | null, kind: string, detail: Record<string, unknown>): LedgerEvent => ({
  at,
  session_id,
  kind,
  detail: JSON.parse(JSON.stringify(detail)),
});
const sent = [{ kind: "webhook", target: "x", result: "sent", error: null }];

test("each death says what was done: restarted and told, breaker open, restart failed; and whether it worked again", () => {
  const events = [
    ev(T + 10 * MIN, "a", "down", { reason: "process gone" }),
    ev(T + 10 * MIN, "a", "restart", { ok: true, method: "tmux" }),
    ev(T + 10 * MIN, "a", "notify", { about: "restarted", outcomes: sent }),
    ev(T + 12 * MIN, "a", "state", { from: "dead", to: "restoring" }),
    ev(T + 20 * MIN, "b", "down", { reason: "process gone" }),
    ev(T + 20 * MIN, "b", "restart", { ok: false, skipped: "breaker-open" }),
    ev(T + 20 * MIN, "b", "notify", { about: "breaker-open", outcomes: [], note: "no notifiers configured" }),
    ev(T + 30 * MIN, "c", "down", { reason: "process gone" }),
    ev(T + 30 * MIN, "c", "restart", { ok: false, error: "tmux: no server" }),
    ev(T + 31 * MIN, "a", "nudge", { ok: true }),
    ev(T + 33 * MIN, "a", "followup", { intervention: "nudge", interventionAt: T + 31 * MIN, resumed: true }),
    ev(T + 34 * MIN, "a", "followup", { intervention: "restart", interventionAt: T + 10 * MIN, resumed: true }),
  ];
  const l = nightLedger(events, T, T + 60 * MIN);
  expect(l.deaths.map((d) => [d.sessionId, d.action, d.told, d.resumed])).toEqual([
    ["a", "restarted", true, true],
    ["b", "not restarted: breaker-open", false, false],
    ["c", "restart failed: tmux: no server", false, false],
  ]);
  // a: 2 min dead; b: 40; c: 30.
  expect(l.idleMinutes.dead).toBe(72);
  expect(l.pushes).toEqual({ nudge: { sent: 1, resumed: 1 }, restart: { sent: 1, resumed: 1 } });
  expect(ledgerLines(l)).toContain("  b: not restarted: breaker-open; nobody was told; still dead at the end");
});

test("events outside the night and follow-ups of interventions before it are not counted", () => {
  const events = [
    ev(T - 5 * MIN, "a", "stop_gate", { decision: "block" }),
    ev(T + 1 * MIN, "a", "followup", { intervention: "stop_block", interventionAt: T - 5 * MIN, resumed: true }),
    ev(T + 2 * MIN, "a", "stop_gate", { decision: "block" }),
    ev(T + 3 * MIN, "a", "stop_gate", { decision: "pass" }),
    ev(T + 4 * MIN, "a", "followup", { intervention: "stop_block", interventionAt: T + 2 * MIN, resumed: false }),
    ev(T + 61 * MIN, "a", "stop_gate", { decision: "block" }),
  ];
  expect(nightLedger(events, T, T + 60 * MIN).stops).toEqual({ blocked: 1, resumed: 0, notResumed: 1, open: 0 });
});

test("wakes count by who ended the wait; idle minutes by the cause each gap carries", () => {
  const wake = (at: number, id: string, waker: string, idleMs: number, cause: string | null, idle = true) =>
    ev(at, id, "wake", { waker, idleMs, idle, cause });
  const l = nightLedger(
    [
      wake(T + 5 * MIN, "a", "stop-gate", 2_000, null, false),
      wake(T + 9 * MIN, "a", "nudge", 50 * MIN, "stalled"),
      wake(T + 10 * MIN, "b", "human", 30 * MIN, "awaiting"),
      wake(T + 11 * MIN, "c", "notification", 90 * MIN, "asleep"),
      wake(T + 12 * MIN, "d", "nobody", 20 * MIN, null, true),
    ],
    T,
    T + 60 * MIN,
  );
  expect(l.woken).toEqual({
    vigil: { turns: 2, sessions: 1 },
    person: { turns: 1, sessions: 1 },
    nobody: { turns: 1, sessions: 1 },
    other: { turns: 1, sessions: 1 },
  });
  expect(l.idleMinutes).toEqual({ awaiting: 30, asleep: 90, stalled: 50, dead: 0 });
});
