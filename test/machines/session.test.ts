import { describe, expect, test } from "bun:test";
import { initialTransition, transition } from "xstate";
import { type SessionEvent, sessionMachine, type SessionState } from "../../machines/session.ts";

const LIM = { soft: 250_000, hard: 300_000, anticipate: true, window: 1_000_000 };
const m = (at: number, tokens: number, estimate = tokens): SessionEvent => ({
  type: "measured",
  at,
  tokens,
  estimate,
  ...LIM,
});
const worker: SessionEvent = { type: "identified", at: 1, role: "worker", agentType: "worker" };
const orchestrator: SessionEvent = { type: "identified", at: 1, role: "orchestrator", agentType: "boss" };

/** Run events from the initial state; returns the state after each and all effect types. */
function run(events: SessionEvent[]) {
  let [snap] = initialTransition(sessionMachine, { at: 0 });
  const states: SessionState[] = [];
  const effects: string[] = [];
  for (const e of events) {
    const [next, actions] = transition(sessionMachine, snap, e);
    snap = next;
    states.push(snap.value as SessionState);
    for (const a of actions) {
      if (
        ["limitCrossed", "compactionStarted", "compactionAbandoned", "restoreDue", "stalled", "revived", "died"]
          .includes(a.type)
      ) {
        effects.push(a.type + (a.params && "limit" in a.params ? `:${a.params.limit}` : ""));
      }
    }
  }
  return { states, effects, snap };
}

describe("session machine transitions (product.md section 3)", () => {
  test.each<[string, SessionEvent[], SessionState, string[]]>([
    ["worker under SOFT stays normal", [worker, m(2, 249_999)], "normal", []],
    ["worker at SOFT goes soft", [worker, m(2, 250_000)], "soft", ["limitCrossed:soft"]],
    ["estimate crosses SOFT before tokens do", [worker, m(2, 245_000, 251_000)], "soft", ["limitCrossed:soft"]],
    ["soft to hard", [worker, m(2, 260_000), m(3, 300_000)], "hard", ["limitCrossed:soft", "limitCrossed:hard"]],
    ["normal straight to hard", [worker, m(2, 310_000)], "hard", ["limitCrossed:hard"]],
    ["orchestrator is never limited", [orchestrator, m(2, 400_000)], "normal", []],
    ["unknown role is never limited", [m(2, 400_000)], "normal", []],
    ["preCompact from hard", [worker, m(2, 310_000), { type: "preCompact", at: 3, trigger: "auto" }], "compacting", [
      "limitCrossed:hard",
      "compactionStarted",
    ]],
    [
      "compacted goes restoring",
      [worker, { type: "preCompact", at: 3, trigger: "manual" }, { type: "compacted", at: 4, postTokens: 3000 }],
      "restoring",
      ["compactionStarted", "restoreDue"],
    ],
    [
      "restored goes by tokens (low)",
      [worker, m(2, 310_000), { type: "preCompact", at: 3, trigger: "auto" }, m(4, 5_000), {
        type: "compacted",
        at: 4,
        postTokens: 5000,
      }, {
        type: "restored",
        at: 5,
        via: "hook",
      }],
      "normal",
      ["limitCrossed:hard", "compactionStarted", "restoreDue"],
    ],
    [
      "restored goes by tokens (still over SOFT)",
      [worker, { type: "preCompact", at: 3, trigger: "auto" }, m(4, 260_000), {
        type: "compacted",
        at: 4,
        postTokens: null,
      }, {
        type: "restored",
        at: 5,
        via: "transcript",
      }],
      "soft",
      ["compactionStarted", "restoreDue", "limitCrossed:soft"],
    ],
    [
      "a PreCompact with no compaction after it is abandoned when work resumes",
      [worker, m(2, 260_000), { type: "preCompact", at: 3, trigger: "auto" }, { type: "activity", at: 4 }],
      "soft",
      ["limitCrossed:soft", "compactionStarted", "compactionAbandoned"],
    ],
    [
      "a second PreCompact is a new attempt",
      [worker, { type: "preCompact", at: 3, trigger: "auto" }, { type: "preCompact", at: 4, trigger: "auto" }],
      "compacting",
      ["compactionStarted", "compactionStarted"],
    ],
    [
      "compacted without PreCompact (boundary seen)",
      [worker, { type: "compacted", at: 2, postTokens: 1 }],
      "restoring",
      ["restoreDue"],
    ],
    ["idle stalls and remembers", [worker, m(2, 260_000), { type: "idle", at: 3, idleMs: 1 }], "stalled", [
      "limitCrossed:soft",
      "stalled",
    ]],
    [
      "activity returns to where it was, without a new crossing",
      [worker, m(2, 260_000), { type: "idle", at: 3, idleMs: 1 }, { type: "activity", at: 4 }],
      "soft",
      ["limitCrossed:soft", "stalled", "revived"],
    ],
    [
      "stalled while compacting returns to compacting",
      [worker, { type: "preCompact", at: 2, trigger: "auto" }, { type: "idle", at: 3, idleMs: 1 }, {
        type: "activity",
        at: 4,
      }],
      "compacting",
      ["compactionStarted", "stalled", "revived"],
    ],
    [
      "process gone from any state",
      [worker, m(2, 310_000), { type: "processGone", at: 3, reason: "pid gone" }],
      "dead",
      [
        "limitCrossed:hard",
        "died",
      ],
    ],
    [
      "stalled then dead",
      [worker, { type: "idle", at: 2, idleMs: 1 }, { type: "processGone", at: 3, reason: "gone" }],
      "dead",
      [
        "stalled",
        "died",
      ],
    ],
    ["session end is dead", [worker, { type: "sessionEnded", at: 2, reason: "other" }], "dead", ["died"]],
    [
      "dead resumed goes restoring",
      [worker, { type: "processGone", at: 2, reason: "gone" }, { type: "resumed", at: 3, source: "resume" }],
      "restoring",
      ["died", "restoreDue"],
    ],
    [
      "dead ignores a second death",
      [worker, { type: "processGone", at: 2, reason: "a" }, { type: "processGone", at: 3, reason: "b" }],
      "dead",
      [
        "died",
      ],
    ],
    [
      "idle while dead does nothing",
      [worker, { type: "processGone", at: 2, reason: "a" }, { type: "idle", at: 3, idleMs: 9 }],
      "dead",
      ["died"],
    ],
  ])("%s", (_name, events, final, effects) => {
    const r = run(events);
    expect(r.states.at(-1)).toBe(final);
    expect(r.effects).toEqual(effects);
  });

  test("SOFT notice flag is re-armed when the session falls below SOFT", () => {
    const r = run([worker, m(2, 260_000), { type: "noticed", at: 3, notice: "softNotice" }]);
    expect(r.snap.context.softNoticeSent).toBe(true);
    const [after] = transition(sessionMachine, r.snap, m(4, 20_000));
    expect(after.context.softNoticeSent).toBe(false);
  });

  test("counters and flags", () => {
    const r = run([
      worker,
      { type: "stopBlocked", at: 2 },
      { type: "stopBlocked", at: 3 },
      { type: "restarted", at: 4 },
      { type: "preCompact", at: 5, trigger: "auto" },
      { type: "compacted", at: 6, postTokens: 1 },
    ]);
    expect(r.snap.context.stopBlocks).toBe(2);
    expect(r.snap.context.restarts).toEqual([4]);
    expect(r.snap.context.compactions).toBe(1);
    expect(r.snap.context.since).toBe(6);
  });

  test("time comes only from events", () => {
    const r = run([worker, { type: "activity", at: 42 }]);
    expect(r.snap.context.lastActivity).toBe(42);
    expect(r.snap.context.createdAt).toBe(0);
  });
});

describe("persisted snapshot", () => {
  test("round-trips through JSON and keeps transitioning", () => {
    const r = run([worker, m(2, 260_000), { type: "idle", at: 3, idleMs: 5 }]);
    const stored = JSON.stringify(sessionMachine.getPersistedSnapshot(r.snap));
    const restored = sessionMachine.resolveState(JSON.parse(stored));
    expect(restored.value).toBe("stalled");
    expect(restored.context).toEqual(r.snap.context);
    const [next] = transition(sessionMachine, restored, { type: "activity", at: 9 });
    expect(next.value).toBe("soft");
  });
});
