import { describe, expect, test } from "bun:test";
import {
  decideLiveness,
  planRecovery,
  type ProcessView,
  restartBreaker,
  sameProcess,
  type WatchedSession,
} from "../../src/core/liveness.ts";

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 30, 21, 0, 0);
const STALE = 45 * MIN;

const session = (over: Partial<WatchedSession> = {}): WatchedSession => ({
  sessionId: "9d219e11-aaaa-bbbb-cccc-000000000000",
  pid: 4242,
  procStart: "123456",
  startedAt: T0 - 60 * MIN,
  transcriptSize: 1000,
  transcriptMtime: T0 - 10 * MIN,
  lastGrowthAt: T0 - 10 * MIN,
  state: "normal",
  ...over,
});
const alive: ProcessView = { alive: true, procStart: "123456", startTime: T0 - 61 * MIN };
const gone: ProcessView = { alive: false, procStart: null, startTime: null };
const stat = (size: number, mtimeMs: number) => ({ size, mtimeMs });

describe("sameProcess", () => {
  test.each(
    [
      ["equal procStart", { procStart: "123456", startedAt: null }, alive, "same"],
      ["different procStart", { procStart: "999", startedAt: null }, alive, "other"],
      ["started before the registration", { procStart: null, startedAt: T0 }, {
        ...alive,
        procStart: null,
        startTime: T0 - 5_000,
      }, "same"],
      ["started within btime rounding", { procStart: null, startedAt: T0 }, {
        ...alive,
        procStart: null,
        startTime: T0 + 1_500,
      }, "same"],
      ["started after the registration: reuse", { procStart: null, startedAt: T0 }, {
        ...alive,
        procStart: null,
        startTime: T0 + 60_000,
      }, "other"],
      ["nothing to compare", { procStart: null, startedAt: null }, alive, "unknown"],
    ] as const,
  )("%s", (_name, s, p, want) => {
    expect(sameProcess(s, p)).toBe(want);
  });
});

describe("decideLiveness", () => {
  test.each(
    [
      ["alive and growing", session(), alive, stat(2000, T0 - MIN), "alive", null, MIN],
      ["alive, quiet under the threshold", session(), alive, stat(1000, T0 - 10 * MIN), "alive", null, 10 * MIN],
      ["process gone", session(), gone, stat(1000, T0 - 10 * MIN), "down", "down", 10 * MIN],
      ["gone and the machine is dead", session({ state: "dead" }), gone, null, "down", null, 10 * MIN],
      [
        "pid reused by a later process",
        session(),
        { ...alive, procStart: "777777" },
        null,
        "reuse-down",
        "down",
        10 * MIN,
      ],
      [
        "stalled past the threshold",
        session({ lastGrowthAt: T0 - 50 * MIN }),
        alive,
        stat(1000, T0 - 10 * MIN),
        "stale",
        "stale",
        50 * MIN,
      ],
      [
        "stall already recorded",
        session({ lastGrowthAt: T0 - 50 * MIN, state: "stalled" }),
        alive,
        stat(1000, T0 - 10 * MIN),
        "stale",
        null,
        50 * MIN,
      ],
      [
        "growth ends a stall",
        session({ lastGrowthAt: T0 - 50 * MIN, state: "stalled" }),
        alive,
        stat(1500, T0 - MIN),
        "alive",
        "active",
        MIN,
      ],
      ["no probe on this platform", session(), null, stat(1000, T0 - 10 * MIN), "unknown", null, 10 * MIN],
      ["no pid known", session({ pid: null }), alive, stat(1000, T0 - 10 * MIN), "unknown", null, 10 * MIN],
    ] as const,
  )("%s", (_name, s, p, t, verdict, record, idleMs) => {
    const d = decideLiveness(s, { process: p, transcript: t }, { now: T0, staleAfterMs: STALE });
    expect({ verdict: d.verdict, record: d.record, idleMs: d.idleMs }).toEqual({ verdict, record, idleMs });
  });

  test("the same process now serving another session id (after /clear) is down for the old one", () => {
    const d = decideLiveness(session(), { process: alive, transcript: null, registrySessionId: "new-id" }, {
      now: T0,
      staleAfterMs: STALE,
    });
    expect([d.verdict, d.record, d.reason]).toEqual(["reuse-down", "down", 'pid 4242 now serves session "new-id"']);
    const same = decideLiveness(
      session(),
      { process: alive, transcript: null, registrySessionId: session().sessionId },
      {
        now: T0,
        staleAfterMs: STALE,
      },
    );
    expect(same.verdict).toBe("alive");
  });

  test("first sight of an old transcript is stale at once (seed 004: idle=242m at the first pass)", () => {
    const s = session({ transcriptSize: null, transcriptMtime: null, lastGrowthAt: null });
    const d = decideLiveness(s, { process: alive, transcript: stat(5000, T0 - 242 * MIN) }, {
      now: T0,
      staleAfterMs: STALE,
    });
    expect([d.verdict, d.record, d.idleMs]).toEqual(["stale", "stale", 242 * MIN]);
  });

  test("a frozen transcript is recorded once per stall; later passes only update idle", () => {
    let s = session({ transcriptSize: 5000, transcriptMtime: T0 - 40 * MIN, lastGrowthAt: T0 - 40 * MIN });
    const frozen = stat(5000, T0 - 40 * MIN);
    const seen: [string, string | null, number][] = [];
    for (let pass = 0; pass < 4; pass++) {
      const now = T0 + pass * 5 * MIN;
      const d = decideLiveness(s, { process: alive, transcript: frozen }, { now, staleAfterMs: STALE });
      seen.push([d.verdict, d.record, d.idleMs / MIN]);
      // The machine records the stall (`idle` → stalled): the next pass reads it from there.
      s = { ...s, ...d.next, state: d.record === "stale" ? "stalled" : s.state };
    }
    expect(seen).toEqual([["alive", null, 40], ["stale", "stale", 45], ["stale", null, 50], ["stale", null, 55]]);
    const woke = decideLiveness(s, { process: alive, transcript: stat(5100, T0 + 21 * MIN) }, {
      now: T0 + 22 * MIN,
      staleAfterMs: STALE,
    });
    expect([woke.verdict, woke.record]).toEqual(["alive", "active"]);
  });

  test("a clock that jumps back gives no negative idle and no stall that never ends", () => {
    const s = session({ lastGrowthAt: T0 + 120 * MIN, transcriptMtime: T0 + 120 * MIN });
    const d = decideLiveness(s, { process: alive, transcript: stat(1000, T0 + 120 * MIN) }, {
      now: T0,
      staleAfterMs: STALE,
    });
    expect([d.verdict, d.idleMs, d.next.lastGrowthAt]).toEqual(["alive", 0, T0]);
    const later = decideLiveness({ ...s, ...d.next }, { process: alive, transcript: stat(1000, T0 + 120 * MIN) }, {
      now: T0 + 46 * MIN,
      staleAfterMs: STALE,
    });
    expect([later.verdict, later.idleMs]).toEqual(["stale", 46 * MIN]);
  });

  test("growth is seen by size even when the new mtime is older (clock went back)", () => {
    const s = session({ state: "stalled", lastGrowthAt: T0 - 60 * MIN });
    const d = decideLiveness(s, { process: alive, transcript: stat(1001, T0 - 90 * MIN) }, {
      now: T0,
      staleAfterMs: STALE,
    });
    expect(d.record).toBe("active");
  });
});

describe("restartBreaker", () => {
  test.each(
    [
      ["none yet", [], false, 0],
      ["two in the hour", [T0 - 50 * MIN, T0 - 10 * MIN], false, 2],
      ["three in the hour", [T0 - 50 * MIN, T0 - 30 * MIN, T0 - 10 * MIN], true, 3],
      ["three, one outside the hour", [T0 - 70 * MIN, T0 - 30 * MIN, T0 - 10 * MIN], false, 2],
      ["clock went back: a restart ahead of now counts", [T0 + 5 * MIN, T0 - 10 * MIN, T0 - 20 * MIN], true, 3],
      ["far-future restart is ignored", [T0 + 5 * 60 * MIN, T0 - 10 * MIN, T0 - 20 * MIN], false, 2],
    ] as const,
  )("%s", (_name, restarts, open, recent) => {
    const b = restartBreaker(restarts, T0);
    expect([b.open, b.recent]).toEqual([open, recent]);
  });
});

describe("planRecovery", () => {
  const base = { restarts: [] as number[], now: T0, nudgeText: "continue", hasPane: true };
  test.each(
    [
      ["down, notify", { verdict: "down", record: "down" }, "notify", [], [false, true, false, false]],
      ["down, restart", { verdict: "down", record: "down" }, "restart", [], [true, true, false, false]],
      ["still down, restart again", { verdict: "down", record: null }, "restart", [T0 - 5 * MIN], [
        true,
        true,
        false,
        false,
      ]],
      ["down, breaker open: notify only", { verdict: "reuse-down", record: "down" }, "restart", [
        T0 - 30 * MIN,
        T0 - 20 * MIN,
        T0 - 10 * MIN,
      ], [false, true, false, true]],
      ["still down, breaker open: quiet", { verdict: "down", record: null }, "restart", [
        T0 - 30 * MIN,
        T0 - 20 * MIN,
        T0 - 10 * MIN,
      ], [false, false, false, true]],
      ["down, off", { verdict: "down", record: "down" }, "off", [], [false, false, false, false]],
      ["new stall: nudge, no notification", { verdict: "stale", record: "stale" }, "notify", [], [
        false,
        false,
        true,
        false,
      ]],
      ["old stall: nothing", { verdict: "stale", record: null }, "notify", [], [false, false, false, false]],
    ] as const,
  )("%s", (_name, decision, recovery, restarts, want) => {
    const p = planRecovery(decision, { ...base, recovery, restarts });
    expect([p.restart, p.notify, p.nudge, p.breakerOpen]).toEqual([...want]);
  });

  test("no nudge without a pane or a text", () => {
    const d = { verdict: "stale", record: "stale" } as const;
    expect(planRecovery(d, { ...base, recovery: "notify", hasPane: false }).nudge).toBe(false);
    expect(planRecovery(d, { ...base, recovery: "notify", nudgeText: null }).nudge).toBe(false);
  });

  test("restartsLeft counts the restart this plan makes", () => {
    const p = planRecovery({ verdict: "down", record: "down" }, { ...base, recovery: "restart", restarts: [T0 - MIN] });
    expect(p.restartsLeft).toBe(1);
  });
});
