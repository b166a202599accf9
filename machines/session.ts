/**
 * The session state machine (product.md section 3). Pure: time is event data (`at`), there
 * are no invocations or delayed transitions (timers die with the process), and effects come
 * back from `transition()` as named actions with params for the caller to run after commit.
 */
import { assign, enqueueActions, setup } from "xstate";
import {
  basis,
  initialContext,
  levelFor,
  type LiveState,
  type SessionContext,
  type SessionEffect,
  type SessionEvent,
  type SessionInput,
} from "./session-model.ts";

export * from "./session-model.ts";

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

/**
 * A boundary the meter read: the one a hook already reported settles the debt; any other is a
 * compaction no hook reported (2.0.x has no PostCompact; the compaction hooks may fail open).
 */
const unreported = [
  { guard: "boundaryOwed", actions: "settleBoundary" },
  { target: "restoring", actions: [...beginRestore] },
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
    boundaryOwed: ({ context }) => context.boundaryOwed,
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
        windowSource: event.windowSource ?? context.windowSource,
      };
      const b = basis(next);
      // Falling back below SOFT (after a compaction) re-arms the one-time notice.
      return b !== null && b < event.soft ? { ...next, softNoticeSent: false } : next;
    }),
    touch: assign({ lastActivity: ({ event }) => event.at }),
    // The initial entry comes from XState's init event, which has no time: keep the input's.
    enter: assign({ since: ({ context, event }) => event.at ?? context.since }),
    stall: assign((_, params: { from: LiveState; at: number }) => ({ stalledFrom: params.from, stalledAt: params.at })),
    unstall: assign({ stalledFrom: null, stalledAt: null }),
    end: assign({
      endReason: ({ event }) => ("reason" in event ? String(event.reason) : null),
      endedBy: ({ event }) => event.type === "processGone" ? "watch" : "hook",
      // Crons are session-only in Claude Code: they die with the process.
      ownCrons: [],
    }),
    limitCrossed: (_, _params: Extract<SessionEffect, { type: "limitCrossed" }>["params"]) => {},
    resetRestore: assign(({ context, event }) => {
      const compaction = event.type === "compacted" || event.type === "boundaryRead";
      return {
        compactions: context.compactions + (compaction ? 1 : 0),
        // Only a compaction starts a new warning cycle: a resumed session keeps its context, and
        // the warning it already got is still in it.
        warnSent: compaction ? false : context.warnSent,
        restoreDelivered: false,
        // A hook's report comes before its boundary is in the transcript; a boundary read is its own.
        boundaryOwed: event.type === "compacted",
      };
    }),
    settleBoundary: assign({ boundaryOwed: false }),
    compactionStarted: (_, _params: { at: number }) => {},
    compactionAbandoned: (_, _params: { at: number }) => {},
    restoreDue: (_, _params: { at: number }) => {},
    stalled: (_, _params: { at: number; from: LiveState }) => {},
    revived: (_, _params: { at: number; to: LiveState }) => {},
    died: (_, _params: Extract<SessionEffect, { type: "died" }>["params"]) => {},
    interrupted: (_, _params: Extract<SessionEffect, { type: "interrupted" }>["params"]) => {},
  },
}).createMachine({
  id: "session",
  context: ({ input }) => initialContext(input),
  initial: "normal",
  on: {
    identified: {
      actions: assign(({ event }) => ({ role: event.role, agentType: event.agentType })),
    },
    measured: { actions: "measure" },
    cronsListed: {
      actions: assign(({ context, event }) => ({
        ownCrons: event.type === "cronsListed" ? event.prompts : context.ownCrons,
      })),
    },
    // The boundary of the compaction a hook reported, or one read where no new compaction can
    // start (restoring, dead): it settles the debt and changes nothing else.
    boundaryRead: { actions: "settleBoundary" },
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
    interrupted: {
      actions: [
        assign(({ context, event }) =>
          event.type === "interrupted"
            ? { awaiting: event.source === "user" ? "interrupt" : context.awaiting, stoppedAt: event.at }
            : {}
        ),
        {
          type: "interrupted",
          params: ({ event }) =>
            event.type === "interrupted"
              ? { at: event.at, source: event.source, reason: event.reason }
              : { at: event.at, source: "system", reason: "other" },
        },
      ],
    },
    prompted: {
      actions: assign(({ context, event }) =>
        event.type === "prompted"
          ? { awaiting: event.human ? null : context.awaiting, asleepUntil: null, asleepCause: null, crons: [] }
          : {}
      ),
    },
    awaited: {
      actions: assign(({ context, event }) => ({
        awaiting: event.type === "awaited" ? event.awaiting : context.awaiting,
      })),
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
        boundaryRead: unreported,
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
        boundaryRead: unreported,
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
        boundaryRead: unreported,
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
        boundaryRead: unreported,
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
        boundaryRead: [
          { guard: "boundaryOwed", actions: "settleBoundary" },
          { target: "restoring", actions: [{ type: "revived", params: reviveParams }, "unstall", ...beginRestore] },
        ],
      },
    },
    dead: {
      entry: ["enter", {
        type: "died",
        params: ({ context, event }) => ({
          at: event.at,
          reason: context.endReason ?? "gone",
          by: context.endedBy ?? ("hook" as const),
        }),
      }],
      on: {
        resumed: {
          target: "restoring",
          actions: ["touch", assign({ endReason: null, endedBy: null }), ...beginRestore],
        },
        // A hook firing proves the process lives again (e.g. resumed by hand before watch saw it).
        activity: {
          target: "restoring",
          actions: ["touch", assign({ endReason: null, endedBy: null }), ...beginRestore],
        },
        processGone: {},
        sessionEnded: {},
      },
    },
  },
});
