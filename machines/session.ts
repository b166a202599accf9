/**
 * The session state machine (product.md section 3). Pure: time is event data (`at`), there
 * are no invocations or delayed transitions (timers die with the process), and effects come
 * back from `transition()` as named actions with params for the caller to run after commit.
 */
import { assign, enqueueActions, setup } from "xstate";

/** Bump when states, context or events change shape; stored snapshots of another version are
 * migrated by `migrateSnapshot` or re-initialised, never trusted. */
export const MACHINE_VERSION = 2;

export type LiveState = "normal" | "soft" | "hard" | "compacting" | "restoring";
export type SessionState = LiveState | "stalled" | "dead";
export const STATES: readonly SessionState[] = [
  "normal",
  "soft",
  "hard",
  "compacting",
  "restoring",
  "stalled",
  "dead",
];
export type SessionRole = "worker" | "orchestrator" | "person" | "unknown";
/** Why a session's last turn ended waiting on a person: only a human prompt ends it. */
export type AwaitKind = "approval" | "question" | "escape";
/** What a sleeping session waits on before it wakes by itself. */
export type SleepCause = "cron" | "background" | "rate_limit" | "goal";
/** Where a session runs, which decides how it can be woken or restarted. */
export type SessionHost = "tmux" | "interactive" | "bg" | "headless";

export interface SessionContext {
  tokens: number | null;
  estimate: number | null;
  window: number | null;
  soft: number;
  hard: number;
  /** Whether limits compare the estimate (tokens + growth) rather than the measured tokens. */
  anticipate: boolean;
  role: SessionRole;
  agentType: string | null;
  softNoticeSent: boolean;
  warnSent: boolean;
  restoreDelivered: boolean;
  stopBlocks: number;
  compactions: number;
  restarts: number[];
  lastActivity: number | null;
  stalledFrom: LiveState | null;
  stalledAt: number | null;
  endReason: string | null;
  /** The highest limit entered since the last time the session was below SOFT. */
  limit: "none" | "soft" | "hard";
  /** When the current state was entered. */
  since: number;
  createdAt: number;
  /** The last Stop waited on a person (approval, question, escape phrase), until a human prompt. */
  awaiting: AwaitKind | null;
  /** The session will wake by itself by then (its crons, background tasks, a limit reset). */
  asleepUntil: number | null;
  asleepCause: SleepCause | null;
  /**
   * The cron schedules (session crons, ScheduleWakeup, /loop) the last Stop listed, and when it
   * came: readers turn them into a wake-up time (`sleepUntil` in core/rest.ts). Kept as text so
   * the hook never does local-time arithmetic, whose first use loads the zone data (~50 ms).
   */
  crons: string[];
  stoppedAt: number | null;
  host: SessionHost | null;
  /** When this climb crossed HARD, the last handoff document write, and whether the Stop gate asked for one. */
  hardAt: number | null;
  handoffAt: number | null;
  handoffAsked: boolean;
}

/** Context fields added in MACHINE_VERSION 2, with the values a version-1 snapshot gets. */
export function v2Fields(): Pick<
  SessionContext,
  | "awaiting"
  | "asleepUntil"
  | "asleepCause"
  | "crons"
  | "stoppedAt"
  | "host"
  | "hardAt"
  | "handoffAt"
  | "handoffAsked"
> {
  return {
    awaiting: null,
    asleepUntil: null,
    asleepCause: null,
    crons: [],
    stoppedAt: null,
    host: null,
    hardAt: null,
    handoffAt: null,
    handoffAsked: false,
  };
}

export type Notice = "softNotice" | "warn" | "restoreDelivered";

export type SessionEvent =
  | { type: "identified"; at: number; role: SessionRole; agentType: string | null }
  | {
    type: "measured";
    at: number;
    tokens: number | null;
    estimate: number | null;
    window: number | null;
    soft: number;
    hard: number;
    anticipate: boolean;
  }
  | { type: "preCompact"; at: number; trigger: string }
  | { type: "compacted"; at: number; postTokens: number | null }
  | { type: "restored"; at: number; via: "hook" | "transcript" | "fallback" }
  | { type: "activity"; at: number }
  | { type: "idle"; at: number; idleMs: number }
  | { type: "processGone"; at: number; reason: string }
  | { type: "resumed"; at: number; source: string }
  | { type: "sessionEnded"; at: number; reason: string }
  | { type: "noticed"; at: number; notice: Notice }
  | { type: "stopBlocked"; at: number }
  | { type: "restarted"; at: number }
  /** A turn ended (Stop): waiting on a person, asleep until a time, or neither. */
  | {
    type: "stopped";
    at: number;
    awaiting: AwaitKind | null;
    asleepUntil: number | null;
    cause: SleepCause | null;
    crons: string[];
  }
  /** A prompt started a turn; only a person's prompt ends an approval wait. */
  | { type: "prompted"; at: number; human: boolean }
  /** The session sleeps until a time it named (a usage-limit reset, a goal check-in). */
  | { type: "slept"; at: number; until: number; cause: SleepCause }
  /** The watch saw the session's process alive, hosted as given. */
  | { type: "observed"; at: number; host: SessionHost | null }
  /** A handoff document was written (PostToolUse on a handoff path). */
  | { type: "handoffWritten"; at: number }
  /** The Stop gate asked a session at HARD for its handoff (it does so once per climb). */
  | { type: "handoffAsked"; at: number };

/** The effects a transition can ask for, run by the caller after the commit. */
export type SessionEffect =
  | {
    type: "limitCrossed";
    params: { limit: "soft" | "hard"; tokens: number | null; estimate: number | null; at: number };
  }
  | { type: "compactionStarted"; params: { at: number } }
  | { type: "compactionAbandoned"; params: { at: number } }
  | { type: "restoreDue"; params: { at: number } }
  | { type: "stalled"; params: { at: number; from: LiveState } }
  | { type: "revived"; params: { at: number; to: LiveState } }
  | { type: "died"; params: { at: number; reason: string } };

export interface SessionInput {
  at: number;
  soft?: number;
  hard?: number;
}

/** Tokens the limits are compared against. */
function basis(c: Pick<SessionContext, "tokens" | "estimate" | "anticipate">): number | null {
  if (c.anticipate && c.estimate !== null) return c.estimate;
  return c.tokens;
}

/** The level a live worker session belongs in by its numbers. */
export function levelFor(c: SessionContext): "normal" | "soft" | "hard" {
  const b = basis(c);
  if (c.role !== "worker" || b === null) return "normal";
  if (b >= c.hard) return "hard";
  if (b >= c.soft) return "soft";
  return "normal";
}

const atParams = ({ event }: { event: SessionEvent }) => ({ at: event.at });
/** A compaction starting: on the transition, so a return from a stall is no new start. */
const startCompaction = { type: "compactionStarted", params: atParams } as const;
/** Entering restoring after a compaction or a resume (not on a return from a stall). */
const beginRestore = ["resetRestore", { type: "restoreDue", params: atParams }] as const;

/** Leaving a stall: note the activity, emit `revived` (read before the stall is cleared). */
const wake = ["touch", { type: "revived", params: reviveParams }, "unstall"] as const;
/** A stall ends in the level the numbers say. */
const backToLevel = [
  { guard: "levelHard", target: "hard", actions: wake },
  { guard: "levelSoft", target: "soft", actions: wake },
  { target: "normal", actions: wake },
] as const;

/** A compaction that never came: PreCompact, then work resumed without a boundary. */
const abandon = { type: "compactionAbandoned", params: atParams } as const;

/** The state a stall returns to, read before the stall is cleared on exit. */
function reviveParams({ context, event }: { context: SessionContext; event: SessionEvent }) {
  return { at: event.at, to: context.stalledFrom ?? ("normal" as LiveState) };
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  guards: {
    levelHard: ({ context }) => levelFor(context) === "hard",
    levelSoft: ({ context }) => levelFor(context) === "soft",
    levelNormal: ({ context }) => levelFor(context) === "normal",
    fromCompacting: ({ context }) => context.stalledFrom === "compacting",
    fromRestoring: ({ context }) => context.stalledFrom === "restoring",
  },
  actions: {
    measure: assign(({ context, event }) => {
      if (event.type !== "measured") return {};
      const next = {
        tokens: event.tokens ?? context.tokens,
        estimate: event.estimate ?? event.tokens ?? context.estimate,
        window: event.window ?? context.window,
        soft: event.soft,
        hard: event.hard,
        anticipate: event.anticipate,
      };
      const b = basis(next);
      // Falling back below SOFT (after a compaction) re-arms the one-time notice.
      return b !== null && b < event.soft ? { ...next, softNoticeSent: false } : next;
    }),
    touch: assign({ lastActivity: ({ event }) => event.at }),
    enter: assign({ since: ({ event }) => event.at }),
    stall: assign((_, params: { from: LiveState; at: number }) => ({ stalledFrom: params.from, stalledAt: params.at })),
    unstall: assign({ stalledFrom: null, stalledAt: null }),
    end: assign({ endReason: ({ event }) => ("reason" in event ? String(event.reason) : null) }),
    limitCrossed: (_, _params: Extract<SessionEffect, { type: "limitCrossed" }>["params"]) => {},
    resetRestore: assign(({ context, event }) => ({
      compactions: context.compactions + (event.type === "compacted" ? 1 : 0),
      // Only a compaction starts a new warning cycle: a resumed session keeps its context, and
      // the warning it already got is still in it.
      warnSent: event.type === "compacted" ? false : context.warnSent,
      restoreDelivered: false,
    })),
    compactionStarted: (_, _params: { at: number }) => {},
    compactionAbandoned: (_, _params: { at: number }) => {},
    restoreDue: (_, _params: { at: number }) => {},
    stalled: (_, _params: { at: number; from: LiveState }) => {},
    revived: (_, _params: { at: number; to: LiveState }) => {},
    died: (_, _params: { at: number; reason: string }) => {},
  },
}).createMachine({
  id: "session",
  context: ({ input }) => ({
    tokens: null,
    estimate: null,
    window: null,
    soft: input.soft ?? 250_000,
    hard: input.hard ?? 300_000,
    anticipate: true,
    role: "unknown",
    agentType: null,
    softNoticeSent: false,
    warnSent: false,
    restoreDelivered: false,
    stopBlocks: 0,
    compactions: 0,
    restarts: [],
    lastActivity: null,
    stalledFrom: null,
    stalledAt: null,
    endReason: null,
    limit: "none",
    since: input.at,
    createdAt: input.at,
    ...v2Fields(),
  }),
  initial: "normal",
  on: {
    identified: {
      actions: assign(({ event }) => ({ role: event.role, agentType: event.agentType })),
    },
    measured: { actions: "measure" },
    noticed: {
      actions: assign(({ event }) => {
        if (event.notice === "softNotice") return { softNoticeSent: true };
        if (event.notice === "warn") return { warnSent: true };
        return { restoreDelivered: true };
      }),
    },
    stopBlocked: { actions: assign({ stopBlocks: ({ context }) => context.stopBlocks + 1 }) },
    restarted: {
      actions: assign({ restarts: ({ context, event }) => [...context.restarts, event.at].slice(-20) }),
    },
    activity: { actions: "touch" },
    stopped: {
      actions: assign(({ context, event }) =>
        event.type === "stopped"
          ? {
            awaiting: event.awaiting ?? context.awaiting,
            asleepUntil: event.asleepUntil,
            asleepCause: event.asleepUntil === null ? null : event.cause,
            crons: event.crons,
            stoppedAt: event.at,
          }
          : {}
      ),
    },
    prompted: {
      actions: assign(({ context, event }) =>
        event.type === "prompted"
          ? { awaiting: event.human ? null : context.awaiting, asleepUntil: null, asleepCause: null, crons: [] }
          : {}
      ),
    },
    slept: {
      actions: assign(({ event }) =>
        event.type === "slept" ? { asleepUntil: event.until, asleepCause: event.cause } : {}
      ),
    },
    handoffWritten: { actions: assign({ handoffAt: ({ event }) => event.at }) },
    handoffAsked: { actions: assign({ handoffAsked: true }) },
    observed: {
      actions: assign(({ context, event }) => (event.type === "observed" ? { host: event.host ?? context.host } : {})),
    },
    processGone: { target: ".dead", actions: "end" },
    sessionEnded: { target: ".dead", actions: "end" },
  },
  states: {
    normal: {
      entry: ["enter", assign({ limit: "none" })],
      on: {
        preCompact: { target: "compacting", actions: [startCompaction] },
        compacted: { target: "restoring", actions: [...beginRestore] },
        idle: {
          target: "stalled",
          actions: { type: "stall", params: ({ event }) => ({ from: "normal", at: event.at }) },
        },
      },
      always: [{ guard: "levelHard", target: "hard" }, { guard: "levelSoft", target: "soft" }],
    },
    soft: {
      entry: [
        "enter",
        // A limit is recorded once per climb: re-entering it after a stall is no new crossing.
        enqueueActions(({ context, event, enqueue }) => {
          if (context.limit === "soft" || context.limit === "hard") return;
          enqueue({
            type: "limitCrossed",
            params: { limit: "soft", tokens: context.tokens, estimate: context.estimate, at: event.at },
          });
          enqueue.assign({ limit: "soft" });
        }),
      ],
      on: {
        preCompact: { target: "compacting", actions: [startCompaction] },
        compacted: { target: "restoring", actions: [...beginRestore] },
        idle: {
          target: "stalled",
          actions: { type: "stall", params: ({ event }) => ({ from: "soft", at: event.at }) },
        },
      },
      always: [{ guard: "levelHard", target: "hard" }, { guard: "levelNormal", target: "normal" }],
    },
    hard: {
      entry: [
        "enter",
        // A limit is recorded once per climb: re-entering it after a stall is no new crossing.
        enqueueActions(({ context, event, enqueue }) => {
          if (context.limit === "hard") return;
          enqueue({
            type: "limitCrossed",
            params: { limit: "hard", tokens: context.tokens, estimate: context.estimate, at: event.at },
          });
          enqueue.assign({ limit: "hard", hardAt: event.at, handoffAsked: false });
        }),
      ],
      on: {
        preCompact: { target: "compacting", actions: [startCompaction] },
        compacted: { target: "restoring", actions: [...beginRestore] },
        idle: {
          target: "stalled",
          actions: { type: "stall", params: ({ event }) => ({ from: "hard", at: event.at }) },
        },
      },
      always: [{ guard: "levelSoft", target: "soft" }, { guard: "levelNormal", target: "normal" }],
    },
    compacting: {
      entry: "enter",
      on: {
        compacted: { target: "restoring", actions: [...beginRestore] },
        // A PreCompact need not be followed by a compaction (seen with the real CLI: the
        // summary came one request later, after a second PreCompact). Work resuming without a
        // boundary means this attempt is over; a second PreCompact is a new attempt.
        activity: [
          { guard: "levelHard", target: "hard", actions: ["touch", abandon] },
          { guard: "levelSoft", target: "soft", actions: ["touch", abandon] },
          { target: "normal", actions: ["touch", abandon] },
        ],
        preCompact: { target: "compacting", reenter: true, actions: [startCompaction] },
        idle: {
          target: "stalled",
          actions: { type: "stall", params: ({ event }) => ({ from: "compacting", at: event.at }) },
        },
      },
    },
    restoring: {
      entry: "enter",
      on: {
        preCompact: { target: "compacting", actions: [startCompaction] },
        restored: {
          target: "normal",
          actions: assign({ restoreDelivered: true }),
        },
        idle: {
          target: "stalled",
          actions: { type: "stall", params: ({ event }) => ({ from: "restoring", at: event.at }) },
        },
      },
    },
    stalled: {
      entry: [
        "enter",
        {
          type: "stalled",
          params: ({ context, event }) => ({ at: event.at, from: context.stalledFrom ?? "normal" }),
        },
      ],
      on: {
        activity: [
          { guard: "fromCompacting", target: "compacting", actions: wake },
          { guard: "fromRestoring", target: "restoring", actions: wake },
          ...backToLevel,
        ],
        resumed: [...backToLevel],
        preCompact: {
          target: "compacting",
          actions: [{ type: "revived", params: reviveParams }, "unstall", startCompaction],
        },
        compacted: {
          target: "restoring",
          actions: [{ type: "revived", params: reviveParams }, "unstall", ...beginRestore],
        },
      },
    },
    dead: {
      entry: ["enter", {
        type: "died",
        params: ({ context, event }) => ({ at: event.at, reason: context.endReason ?? "gone" }),
      }],
      on: {
        resumed: {
          target: "restoring",
          actions: ["touch", assign({ endReason: null }), ...beginRestore],
        },
        // A hook firing proves the process lives again (e.g. resumed by hand before watch saw it).
        activity: { target: "restoring", actions: ["touch", assign({ endReason: null }), ...beginRestore] },
        processGone: {},
        sessionEnded: {},
      },
    },
  },
});
