/** The watcher's recovery decision as data (core/watch/recovery.ts): which effects, in which order. */
import { describe, expect, test } from "bun:test";
import type { PushFacts } from "../../../src/core/liveness.ts";
import { recoveryEffects, type RecoveryInput } from "../../../src/core/watch/recovery.ts";

const NOW = Date.UTC(2026, 11, 2, 3, 0);
const MIN = 60_000;
const free: PushFacts = { awaiting: null, asleepUntil: null, host: "tmux", inNight: true, outsideAllowed: false };
const input = (over: Partial<RecoveryInput> = {}): RecoveryInput => ({
  decision: { verdict: "down", idleMs: 5 * MIN, reason: "process gone" },
  news: { died: true, stalled: false, revived: false },
  recovery: "restart",
  restarts: [],
  nudgeText: "continue",
  canNudge: true,
  cannotRestart: null,
  breakerNotified: false,
  restartWait: null,
  facts: free,
  pane: "%3",
  max: 3,
  now: NOW,
  ...over,
});
const stale = { verdict: "stale" as const, idleMs: 50 * MIN, reason: "quiet" };
/** A new stall, as the machine reported it. */
const stalled = { died: false, stalled: true, revived: false };
const kinds = (over: Partial<RecoveryInput>) =>
  recoveryEffects(input(over)).effects.map((e) => e.type === "notify" ? `notify:${e.about}` : e.type);

describe("recoveryEffects", () => {
  test.each([
    ["a death under restart: restart (which notifies its own outcome)", {}, ["restart"]],
    ["a death under notify: notify it", { recovery: "notify" as const }, ["notify:down"]],
    ["recovery off: nothing", { recovery: "off" as const }, []],
    ["a death awaiting a person: the restart is held and people are told", {
      facts: { ...free, awaiting: "approval" },
    }, ["held", "notify:down"]],
    ["a background session: Claude Code's supervisor restarts it, not vigil", {
      facts: { ...free, host: "bg" },
    }, ["held", "notify:down"]],
    ["the breaker is open: held and notified once", {
      restarts: [NOW - 10 * MIN, NOW - 5 * MIN, NOW - MIN],
    }, ["held", "notify:breaker-open"]],
    ["the breaker skip was already notified: nothing again", {
      restarts: [NOW - 10 * MIN, NOW - 5 * MIN, NOW - MIN],
      breakerNotified: true,
    }, []],
    ["the pid serves another session: not restarted", {
      cannotRestart: "pid-serves-another-session" as const,
    }, ["held", "notify:down"]],
    ["a new stall in the night: nudge", { decision: stale, news: stalled }, ["nudge"]],
    ["a stall outside unattended mode: the nudge is held", {
      decision: stale,
      news: stalled,
      facts: { ...free, inNight: false },
    }, ["held"]],
    ["a stall asleep until later: the nudge is held", {
      decision: stale,
      news: stalled,
      facts: { ...free, asleepUntil: NOW + 30 * MIN },
    }, ["held"]],
    ["a stall with no way in: nothing", { decision: stale, news: stalled, canNudge: false }, []],
  ] as [string, Partial<RecoveryInput>, string[]][])("%s", (_name, over, want) => {
    expect(kinds(over)).toEqual(want);
  });

  test("a held push says why; a restart carries vigil's marked prompt and its place in the breaker", () => {
    const held = recoveryEffects(input({ facts: { ...free, awaiting: "approval" } })).effects[0];
    expect(held).toEqual({
      type: "held",
      what: "restart",
      detail: { ok: false, skipped: "awaiting-approval", reason: "process gone" },
    });
    const [restart] = recoveryEffects(input({ restarts: [NOW - 10 * MIN] })).effects;
    expect(restart.type === "restart" && [restart.attempt, restart.max]).toEqual([2, 3]);
    expect(restart.type === "restart" && restart.prompt?.includes("continue")).toBe(true);
    expect(restart.type === "restart" && restart.prompt !== "continue").toBe(true);
  });

  test("the breaker skip is remembered so the next pass does not notify it again", () => {
    const r = recoveryEffects(input({ restarts: [NOW - 10 * MIN, NOW - 5 * MIN, NOW - MIN] }));
    expect(r.breakerNotified).toBe(true);
  });
  test("the push facts and the nudge breaker are read only when a push is planned, once", () => {
    let reads = 0;
    const facts = () => (reads++, free);
    const breaker = () => (reads++, null);
    // No way in, a notify-only death, a breaker skip: nothing to push, nothing read.
    expect(kinds({ decision: stale, news: stalled, canNudge: false, facts, nudgeBreak: breaker })).toEqual([]);
    expect(kinds({ recovery: "notify", facts })).toEqual(["notify:down"]);
    expect(kinds({ restarts: [NOW - 10 * MIN, NOW - 5 * MIN, NOW - MIN], facts })).toEqual([
      "held",
      "notify:breaker-open",
    ]);
    expect(reads).toBe(0);
    // A planned push reads them, and the same as given directly.
    expect(kinds({ decision: stale, news: stalled, facts, nudgeBreak: breaker })).toEqual(["nudge"]);
    expect(reads).toBe(2);
    expect(kinds({ facts: () => ({ ...free, awaiting: "approval" }) })).toEqual(["held", "notify:down"]);
    expect(kinds({ decision: stale, news: stalled, nudgeBreak: () => "finished" })).toEqual(["held"]);
  });
});
