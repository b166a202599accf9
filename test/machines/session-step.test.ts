/**
 * The plain-function form of the session machine (machines/session-step.ts) equals the XState
 * definition (machines/session.ts): for every state × every event type, over generated
 * contexts (reachable or not), `step` gives the state, the context and the actions (types,
 * params, order) that `transition()` gives; `initial` equals `initialTransition()`. Runs of
 * generated event sequences from the initial state agree at every step too.
 */
import { describe, expect, test } from "bun:test";
import { initialTransition, transition } from "xstate";
import {
  type AwaitKind,
  type LiveState,
  type SessionContext,
  type SessionEvent,
  type SessionHost,
  sessionMachine,
  type SessionRole,
  type SleepCause,
  STATES,
} from "../../machines/session.ts";
import { initial, type SessionSnap, step } from "../../machines/session-step.ts";

/** A small seeded generator (mulberry32), so a failure names a seed that reproduces it. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  return { next, pick, bool: () => next() < 0.5 };
}
type Rng = ReturnType<typeof rng>;

const LIVE: LiveState[] = ["normal", "soft", "hard", "compacting", "restoring"];
const ROLES: SessionRole[] = ["worker", "orchestrator", "person", "unknown"];
const AWAITS: (AwaitKind | null)[] = [null, "approval", "question", "escape", "interrupt"];
const CAUSES: SleepCause[] = ["cron", "background", "rate_limit", "goal"];
const HOSTS: (SessionHost | null)[] = [null, "tmux", "interactive", "bg", "headless"];

/** Token counts around both limits (soft 250k, hard 300k by default), and none. */
function tokens(r: Rng): number | null {
  return r.pick([null, 0, 1000, 249_999, 250_000, 260_000, 299_999, 300_000, 310_000, 900_000]);
}

function context(r: Rng): SessionContext {
  const soft = r.pick([250_000, 100_000, 260_000]);
  return {
    tokens: tokens(r),
    estimate: tokens(r),
    window: r.pick([null, 200_000, 1_000_000]),
    soft,
    hard: soft + r.pick([50_000, 0, 10]),
    anticipate: r.bool(),
    role: r.pick(ROLES),
    agentType: r.pick([null, "worker"]),
    softNoticeSent: r.bool(),
    warnSent: r.bool(),
    restoreDelivered: r.bool(),
    boundaryOwed: r.bool(),
    stopBlocks: r.pick([0, 3]),
    compactions: r.pick([0, 2]),
    restarts: r.pick([[], [1, 2], Array.from({ length: 20 }, (_, i) => i)]),
    lastActivity: r.pick([null, 5]),
    stalledFrom: r.pick([null, ...LIVE]),
    stalledAt: r.pick([null, 7]),
    endReason: r.pick([null, "gone", "clear"]),
    limit: r.pick(["none", "soft", "hard"] as const),
    since: r.pick([0, 9]),
    createdAt: 1,
    awaiting: r.pick(AWAITS),
    asleepUntil: r.pick([null, 50]),
    asleepCause: r.pick([null, ...CAUSES]),
    crons: r.pick([[], ["*/5 * * * *"]]),
    stoppedAt: r.pick([null, 8]),
    host: r.pick(HOSTS),
    hardAt: r.pick([null, 6]),
    handoffAt: r.pick([null, 4]),
    handoffAsked: r.bool(),
    endedBy: r.pick([null, "watch", "hook"] as const),
    windowSource: r.pick([null, "statusline", "flag"]),
    ownCrons: r.pick([[], ["check the queue"]]),
  };
}

const EVENT_TYPES = [
  "identified",
  "measured",
  "preCompact",
  "compacted",
  "boundaryRead",
  "restored",
  "activity",
  "idle",
  "processGone",
  "resumed",
  "sessionEnded",
  "noticed",
  "stopBlocked",
  "restarted",
  "stopped",
  "prompted",
  "awaited",
  "interrupted",
  "slept",
  "observed",
  "handoffWritten",
  "handoffAsked",
  "cronsListed",
] as const satisfies readonly SessionEvent["type"][];

/** Every event type must be generated: a new event in the machine fails tsc here. */
function event(type: SessionEvent["type"], r: Rng): SessionEvent {
  const at = 100 + Math.floor(r.next() * 1000);
  switch (type) {
    case "identified":
      return { type, at, role: r.pick(ROLES), agentType: r.pick([null, "w"]) };
    case "measured": {
      const soft = r.pick([250_000, 100_000]);
      return {
        type,
        at,
        tokens: tokens(r),
        estimate: tokens(r),
        window: r.pick([null, 1_000_000]),
        soft,
        hard: soft + r.pick([50_000, 0]),
        anticipate: r.bool(),
        ...(r.bool() ? { windowSource: r.pick(["statusline", "model"]) } : {}),
      };
    }
    case "cronsListed":
      return { type, at, prompts: r.pick([[], ["check the queue", "ping"]]) };
    case "preCompact":
      return { type, at, trigger: r.pick(["auto", "manual"]) };
    case "compacted":
      return { type, at, postTokens: r.pick([null, 20_000]) };
    case "restored":
      return { type, at, via: r.pick(["hook", "transcript", "fallback"] as const) };
    case "activity":
    case "boundaryRead":
    case "stopBlocked":
    case "restarted":
    case "handoffWritten":
    case "handoffAsked":
      return { type, at };
    case "idle":
      return { type, at, idleMs: 60_000 };
    case "processGone":
    case "sessionEnded":
      return { type, at, reason: r.pick(["gone", "clear", "pid reused"]) };
    case "resumed":
      return { type, at, source: r.pick(["resume", "restart"]) };
    case "noticed":
      return { type, at, notice: r.pick(["softNotice", "warn", "restoreDelivered"] as const) };
    case "stopped": {
      const asleepUntil = r.pick([null, 5000]);
      return { type, at, awaiting: r.pick(AWAITS), asleepUntil, cause: r.pick([null, ...CAUSES]), crons: [] };
    }
    case "interrupted":
      return { type, at, source: r.pick(["user", "session", "system"] as const), reason: r.pick(["stop", "other"]) };
    case "prompted":
      return { type, at, human: r.bool() };
    case "awaited":
      return { type, at, awaiting: r.pick(AWAITS.filter((a) => a !== null)) };
    case "slept":
      return { type, at, until: 9000, cause: r.pick(CAUSES) };
    case "observed":
      return { type, at, host: r.pick(HOSTS) };
  }
}

/** XState's answer for a snapshot and an event, in the step form's shape. */
function viaXState(snap: SessionSnap, e: SessionEvent) {
  const resolved = sessionMachine.resolveState({ value: snap.value, context: snap.context });
  const [next, actions] = transition(sessionMachine, resolved, e);
  return {
    value: next.value,
    context: next.context,
    effects: actions.map((a) => ({ type: a.type, params: a.params })),
  };
}

function viaStep(snap: SessionSnap, e: SessionEvent): unknown {
  const s = step(snap, e);
  return { value: s.snap.value, context: s.snap.context, effects: s.effects };
}

/** Sequences draw measurements more often, so that climbs through SOFT and HARD happen. */
const SEQUENCE_TYPES: SessionEvent["type"][] = [...EVENT_TYPES, "measured", "measured", "measured", "measured"];

/** The first event of a sequence: half the runs are workers from the start. */
function opening(seed: number): SessionEvent[] {
  return seed % 2 ? [{ type: "identified", at: 1, role: "worker", agentType: "worker" }] : [];
}

describe("the step form equals the XState machine", () => {
  test("initial snapshot, with and without limits in the input", () => {
    for (const input of [{ at: 5 }, { at: 7, soft: 100, hard: 200 }]) {
      const [snap, actions] = initialTransition(sessionMachine, input);
      const mine: unknown = initial(input);
      expect(mine).toEqual({ value: snap.value, context: snap.context });
      expect(actions).toEqual([]);
    }
  });

  test("every state × every event type over generated contexts", () => {
    const r = rng(13);
    let cases = 0;
    for (const value of STATES) {
      for (const type of EVENT_TYPES) {
        for (let i = 0; i < 150; i++) {
          const snap = { value, context: context(r) };
          const e = event(type, r);
          const want = viaXState(snap, e);
          const got = viaStep(snap, e);
          if (JSON.stringify(got) !== JSON.stringify(want)) {
            // Print the case before the matcher's diff: it is all one needs to reproduce it.
            console.error(JSON.stringify({ value, event: e, context: snap.context }));
          }
          expect(got).toEqual(want);
          cases++;
        }
      }
    }
    expect(cases).toBe(STATES.length * EVENT_TYPES.length * 150);
    // ~3,500 XState transitions: seconds on a loaded 2-core machine, past bun's 5 s default.
  }, 60_000);

  test("sequences of events from the initial snapshot agree at every step", () => {
    for (let seed = 1; seed <= 60; seed++) {
      const r = rng(seed);
      let [x] = initialTransition(sessionMachine, { at: 0 });
      let s = initial({ at: 0 });
      const events = [...opening(seed), ...Array.from({ length: 60 }, () => event(r.pick(SEQUENCE_TYPES), r))];
      for (const e of events) {
        const [next, actions] = transition(sessionMachine, x, e);
        const got = step(s, e);
        const mine: unknown = { value: got.snap.value, context: got.snap.context, effects: got.effects };
        expect(mine).toEqual({
          value: next.value,
          context: next.context,
          effects: actions.map((a) => ({ type: a.type, params: a.params })),
        });
        x = next;
        s = got.snap;
      }
    }
  });

  test("the generated cases reach every state and every effect", () => {
    // Guards the generator itself: a generator that never reached HARD would prove nothing.
    const seen = new Set<string>();
    for (let seed = 1; seed <= 60; seed++) {
      const r = rng(seed);
      let s = initial({ at: 0 });
      const events = [...opening(seed), ...Array.from({ length: 60 }, () => event(r.pick(SEQUENCE_TYPES), r))];
      for (const e of events) {
        const got = step(s, e);
        seen.add(`state:${got.snap.value}`);
        for (const f of got.effects) seen.add(`effect:${f.type}`);
        s = got.snap;
      }
    }
    for (const st of STATES) expect(seen).toContain(`state:${st}`);
    for (
      const f of [
        "limitCrossed",
        "compactionStarted",
        "compactionAbandoned",
        "restoreDue",
        "stalled",
        "revived",
        "died",
      ]
    ) {
      expect(seen).toContain(`effect:${f}`);
    }
  });
});
