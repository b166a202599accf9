/** The night's ledger from audit events: what each death got, pushes that resumed work, the range. */
import { expect, test } from "bun:test";
import type { AuditDetails } from "../../../src/core/audit-details.ts";
import type { AuditKind } from "../../../src/core/audit-kinds.ts";
import { type LedgerEvent, ledgerEvents, ledgerLines, nightLedger } from "../../../src/core/night/ledger.ts";
import { seedDetail } from "../../support/audit-seed.ts";

const T = Date.parse("2026-12-01T22:00:00Z");
const MIN = 60_000;

/** A stored row (kind, detail as text), read back the way `ledgerOf` reads the store. */
const row = (at: number, session_id: string | null, kind: string, detail: unknown) => ({
  at,
  session_id,
  kind,
  detail: JSON.stringify(detail),
});
/** One event of a kind, its detail of that kind's shape, through the ledger's parser. */
function ev<K extends AuditKind>(at: number, session_id: string | null, kind: K, detail: AuditDetails[K]): LedgerEvent {
  const [e] = ledgerEvents([row(at, session_id, kind, detail)]);
  if (e === undefined) throw new Error(`the ledger refused its own ${kind} detail`);
  return e;
}
const down = (at: number, id: string) => ev(at, id, "died", seedDetail("died", { at, pid: 1, cwd: "/w" }));
const restarted = (at: number, id: string, ok: boolean, error: string | null) =>
  ev(at, id, "restart", { ok, method: "new-session", target: "t", error, attempt: 1, max: 3, reason: "process gone" });
const notify = (at: number, id: string, about: string, sent: boolean) =>
  ev(at, id, "notify", {
    about,
    detail: null,
    outcomes: sent ? [{ kind: "webhook", target: "x", result: "sent", attempts: 1, status: 200, error: null }] : [],
    ...(sent ? {} : { note: "no notifiers configured" }),
  });
const followup = (
  at: number,
  id: string,
  intervention: "nudge" | "restart" | "stop_block",
  from: number,
  resumed: boolean,
) =>
  ev(at, id, "followup", {
    intervention,
    interventionAt: from,
    resumed,
    resumedAt: resumed ? at : null,
    afterMs: resumed ? at - from : null,
  });
const stop = (at: number, id: string, decision: "block" | "pass") =>
  ev(at, id, "stop_gate", seedDetail("stop_gate", { decision, gate: "announcement" }));

test("each death says what was done: restarted and told, breaker open, restart failed; and whether it worked again", () => {
  const events = [
    down(T + 10 * MIN, "a"),
    restarted(T + 10 * MIN, "a", true, null),
    notify(T + 10 * MIN, "a", "restarted", true),
    ev(T + 12 * MIN, "a", "state", { from: "dead", to: "restoring", event: "resumed", by: "watch" }),
    ev(T + 13 * MIN, "a", "restart_check", {
      restartAt: T + 10 * MIN,
      grew: true,
      afterMs: 2 * MIN,
      alive: true,
      verified: true,
    }),
    down(T + 20 * MIN, "b"),
    ev(T + 20 * MIN, "b", "restart", { ok: false, skipped: "breaker-open", recent: 3, closesAt: null }),
    notify(T + 20 * MIN, "b", "breaker-open", false),
    down(T + 30 * MIN, "c"),
    restarted(T + 30 * MIN, "c", false, "tmux: no server"),
    ev(T + 31 * MIN, "a", "nudge", {
      ok: true,
      via: "tmux",
      error: null,
      inbox: "none",
      pane: "%1",
      idleMs: 60_000,
      sentAt: T + 31 * MIN,
    }),
    followup(T + 33 * MIN, "a", "nudge", T + 31 * MIN, true),
    followup(T + 34 * MIN, "a", "restart", T + 10 * MIN, true),
  ];
  const l = nightLedger(events, T, T + 60 * MIN);
  expect(l.deaths.map((d) => [d.sessionId, d.action, d.told, d.resumed])).toEqual([
    ["a", "restarted", true, true],
    ["b", "not restarted: breaker-open", false, false],
    ["c", "restart failed: tmux: no server", false, false],
  ]);
  // a: 2 min dead; b: 40; c: 30.
  expect(l.idleMinutes.dead).toBe(72);
  expect(l.pushes).toEqual({
    nudge: { sent: 1, resumed: 1, medianAfterMs: 2 * MIN },
    restart: { sent: 1, verified: 1, resumed: 1, medianAfterMs: 24 * MIN },
  });
  expect(ledgerLines(l)).toContain(
    "nudges: 1 sent, 1 resumed work; first work a median of 2 min after; restarts: 1 sent, 1 verified, 1 resumed work; first work a median of 24 min after",
  );
  expect(ledgerLines(l)).toContain("  b: not restarted: breaker-open; nobody was told; still dead at the end");
});

test("events outside the night and follow-ups of interventions before it are not counted", () => {
  const events = [
    stop(T - 5 * MIN, "a", "block"),
    followup(T + 1 * MIN, "a", "stop_block", T - 5 * MIN, true),
    stop(T + 2 * MIN, "a", "block"),
    stop(T + 3 * MIN, "a", "pass"),
    followup(T + 4 * MIN, "a", "stop_block", T + 2 * MIN, false),
    stop(T + 61 * MIN, "a", "block"),
  ];
  expect(nightLedger(events, T, T + 60 * MIN).stops).toEqual({
    blocked: 1,
    resumed: 0,
    notResumed: 1,
    open: 0,
    medianAfterMs: null,
  });
});

test("wakes count by who ended the wait; idle minutes by the cause each gap carries", () => {
  const wake = (
    at: number,
    id: string,
    waker: string,
    idleMs: number,
    cause: "awaiting" | "asleep" | "stalled" | null,
    idle = true,
  ) => ev(at, id, "wake", { waker, idleMs, endAt: at - idleMs, resumedAt: at, idle, cause });
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

test("rows an older version or a hand wrote in another shape are skipped, never a crash", () => {
  const rows = [
    row(T + 1 * MIN, "a", "stop_gate", { decision: "block" }),
    row(T + 2 * MIN, "a", "wake", { waker: "human" }),
    row(T + 3 * MIN, "a", "down", "not an object"),
    { at: T + 4 * MIN, session_id: "a", kind: "down", detail: "{not json" },
    row(T + 5 * MIN, "a", "restart_attempt", { ok: true }),
    row(T + 6 * MIN, "b", "stop_gate", JSON.parse(JSON.stringify(stop(0, "b", "block").detail))),
  ];
  const events = ledgerEvents(rows);
  expect(events.map((e) => [e.session_id, e.kind])).toEqual([["b", "stop_gate"]]);
  const l = nightLedger(events, T, T + 60 * MIN);
  expect([l.stops.blocked, l.woken.person.turns, l.deaths.length]).toEqual([1, 0, 0]);
});

test("a wait still open at the night's end counts to that moment by its cause; an open stall only once", () => {
  const l = nightLedger(
    [
      ev(T + 20 * MIN, "s", "stalled", {
        at: T + 20 * MIN,
        from: "normal",
        idleMs: 15 * MIN,
        lastGrowthAt: T + 5 * MIN,
        pid: 1,
        name: null,
        cwd: "/w",
      }),
    ],
    T,
    T + 60 * MIN,
    [
      { sessionId: "w", endAt: T + 55 * MIN, cause: "awaiting" },
      { sessionId: "z", endAt: T - 30 * MIN, cause: "asleep" },
      // The watch's open stall is the `stalled` record's: not counted twice.
      { sessionId: "s", endAt: T + 5 * MIN, cause: "stalled" },
    ],
  );
  expect(l.idleMinutes).toEqual({ awaiting: 5, asleep: 60, stalled: 55, dead: 0 });
});

test("alerts count what reached a notifier, by what they were about; an unverified restart is a failure", () => {
  const l = nightLedger(
    [
      down(T + 10 * MIN, "a"),
      notify(T + 10 * MIN, "a", "down", true),
      restarted(T + 10 * MIN, "a", true, null),
      notify(T + 10 * MIN, "a", "restarted", false),
      ev(T + 14 * MIN, "a", "restart_check", {
        restartAt: T + 10 * MIN,
        grew: false,
        afterMs: null,
        alive: false,
        verified: false,
        failed: "process not running and transcript not written within 4 min",
      }),
      notify(T + 14 * MIN, "a", "restart-failed", true),
    ],
    T,
    T + 60 * MIN,
  );
  expect(l.alerts).toEqual({ sent: 2, byKind: { down: 1, "restart-failed": 1 } });
  expect(l.deaths.map((d) => d.action)).toEqual([
    "restart failed: process not running and transcript not written within 4 min",
  ]);
  expect(l.pushes.restart).toMatchObject({ sent: 1, verified: 0 });
  expect(ledgerLines(l)).toContain("alerts sent: 2 (down 1, restart-failed 1)");
});

test("woken by nobody: each turn nothing answered by the ledger's moment counts once, a death nothing followed included", () => {
  const wake = (at: number, id: string, waker: string, endAt: number) =>
    ev(at, id, "wake", {
      waker,
      idleMs: at - endAt,
      endAt,
      resumedAt: waker === "nobody" ? null : at,
      idle: true,
      cause: null,
    });
  const l = nightLedger(
    [
      // "held": died waiting on its turn; the watch still holds the turn (a restart may follow).
      down(T + 10 * MIN, "held"),
      // "cut": died mid-turn (no turn the watch held), and nothing since: its restarts failed.
      down(T + 12 * MIN, "cut"),
      // "closed": died, and the watch closed its turn as nobody's at the death (no restart follows).
      down(T + 14 * MIN, "closed"),
      wake(T + 14 * MIN, "closed", "nobody", T + 5 * MIN),
      // "back": died, restarted, and its restart's prompt woke it: nobody did not.
      down(T + 16 * MIN, "back"),
      ev(T + 18 * MIN, "back", "state", { from: "dead", to: "restoring", event: "resumed", by: "watch" }),
      wake(T + 19 * MIN, "back", "restart", T + 16 * MIN),
    ],
    T,
    T + 60 * MIN,
    [
      { sessionId: "held", endAt: T + 8 * MIN, cause: null, deadAt: T + 10 * MIN },
      // Alive, waiting for approval at the end: unanswered, its minutes awaiting to the end.
      { sessionId: "asks", endAt: T + 50 * MIN, cause: "awaiting" },
      // A turn that ended after the range (a report over an earlier night) is not this night's.
      { sessionId: "later", endAt: T + 70 * MIN, cause: null },
    ],
  );
  expect(l.woken.nobody).toEqual({ turns: 4, sessions: 4 });
  expect(l.woken.vigil).toEqual({ turns: 1, sessions: 1 });
  expect(l.idleMinutes.awaiting).toBe(10);
});

test("a restart the watch saw running for a pass that exited without writing did not bring the session back", () => {
  // The night box's doomed session under load (2.1.336): its conversation is gone, so each
  // `claude --resume` exits; the first lived past a pass (the machine left `dead`), then ended.
  const check = (at: number, restartAt: number) =>
    ev(at, "doomed", "restart_check", {
      restartAt,
      grew: false,
      alive: false,
      afterMs: null,
      verified: false,
      failed: "process exited without writing its transcript",
    });
  const l = nightLedger(
    [
      down(T + 10 * MIN, "doomed"),
      restarted(T + 10 * MIN, "doomed", true, null),
      ev(T + 10 * MIN + 10_000, "doomed", "state", { from: "dead", to: "restoring", event: "resumed", by: "watch" }),
      check(T + 10 * MIN + 20_000, T + 10 * MIN),
      restarted(T + 10 * MIN + 20_000, "doomed", true, null),
      ev(T + 10 * MIN + 24_000, "doomed", "state", { from: "restoring", to: "dead", event: "SessionEnd" }),
      ev(T + 10 * MIN + 24_000, "doomed", "died", { at: T + 10 * MIN + 24_000, reason: "other", by: "hook" }),
      check(T + 10 * MIN + 30_000, T + 10 * MIN + 20_000),
    ],
    T,
    T + 60 * MIN,
  );
  expect(l.deaths.map((d) => [d.sessionId, d.resumed])).toEqual([["doomed", false]]);
  expect(l.woken.nobody).toEqual({ turns: 1, sessions: 1 });
  expect(l.idleMinutes.dead).toBe(50);
});

test("a restart that exited without writing, then one verified: dead until the verified one, not the first", () => {
  // The first resume left `dead` for a pass and went back; the second wrote. The death lasted until the second.
  const check = (at: number, restartAt: number, verified: boolean) =>
    ev(at, "s", "restart_check", {
      restartAt,
      grew: verified,
      alive: verified,
      afterMs: verified ? 5_000 : null,
      verified,
      ...(verified ? {} : { failed: "process exited without writing its transcript" }),
    });
  const l = nightLedger(
    [
      down(T + 10 * MIN, "s"),
      restarted(T + 10 * MIN, "s", true, null),
      ev(T + 10 * MIN + 10_000, "s", "state", { from: "dead", to: "restoring", event: "resumed", by: "watch" }),
      ev(T + 10 * MIN + 24_000, "s", "state", { from: "restoring", to: "dead", event: "SessionEnd" }),
      check(T + 10 * MIN + 30_000, T + 10 * MIN, false),
      restarted(T + 40 * MIN, "s", true, null),
      ev(T + 40 * MIN + 10_000, "s", "state", { from: "dead", to: "restoring", event: "resumed", by: "watch" }),
      check(T + 41 * MIN, T + 40 * MIN, true),
    ],
    T,
    T + 60 * MIN,
  );
  expect(l.deaths.map((d) => [d.sessionId, d.resumed])).toEqual([["s", true]]);
  expect(l.idleMinutes.dead).toBe(30);
});

test("a death the watch saw again after a failed restart is counted once: the first ends where the second starts", () => {
  const l = nightLedger(
    [
      down(T + 10 * MIN, "s"),
      restarted(T + 10 * MIN, "s", true, null),
      ev(T + 10 * MIN + 10_000, "s", "state", { from: "dead", to: "restoring", event: "resumed", by: "watch" }),
      down(T + 12 * MIN, "s"),
    ],
    T,
    T + 60 * MIN,
  );
  expect(l.deaths.map((d) => [d.at, d.resumed])).toEqual([[T + 10 * MIN, false], [T + 12 * MIN, false]]);
  expect(l.idleMinutes.dead).toBe(50);
});

test("an older version's down and stale rows count as the deaths and stalls they recorded", () => {
  const stale = (at: number, id: string, endedAt?: number) =>
    row(at, id, "stale", {
      idleMs: 10 * MIN,
      lastGrowthAt: at - 10 * MIN,
      pid: 1,
      name: null,
      cwd: "/w",
      checkedAt: at,
      ...(endedAt === undefined ? {} : { endedAt }),
    });
  const oldDown = row(T + 30 * MIN, "d", "down", {
    verdict: "down",
    reason: "process gone",
    pid: 1,
    procStart: null,
    name: null,
    cwd: "/w",
    lastActivityAt: null,
    delayMs: null,
    aliveAt: null,
    sinceAliveMs: null,
  });
  const l = nightLedger(
    ledgerEvents([stale(T + 20 * MIN, "open"), stale(T + 20 * MIN, "ended", T + 25 * MIN), oldDown]),
    T,
    T + 60 * MIN,
  );
  // The open stall from its last growth (T + 10) to the end; the one its patched end closed, not.
  expect([l.idleMinutes.stalled, l.idleMinutes.dead, l.deaths.map((d) => d.sessionId)]).toEqual([50, 30, ["d"]]);
});
