/**
 * The session machine's vocabulary, without XState: states, context, events, effects and the
 * level rule. Both forms of the machine (the XState definition in session.ts and the step form
 * in session-step.ts) and everything on the hook path import from here, so loading a type or
 * a constant never builds the XState machine.
 */
/** Bump when states, context or events change shape; stored snapshots of another version are
 * migrated by `migrateSnapshot` or re-initialised, never trusted. */
export const MACHINE_VERSION = 3;

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
/**
 * Why a session's last turn ended waiting on a person: only a human prompt ends it. "interrupt":
 * a person stopped the turn (Interrupt, source "user", 2.1.336 on).
 */
export type AwaitKind = "approval" | "question" | "escape" | "interrupt";
/** Who stopped a turn (Interrupt's `source`): a person, another session's Claude, or the system. */
export type InterruptSource = "user" | "session" | "system";
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
  /**
   * A hook reported a compaction whose compact boundary the meter has not read yet: Claude
   * Code writes the transcript asynchronously, and the boundary can land a tool call after
   * SessionStart(compact). Until it does, that boundary is no news of another compaction and
   * the newest boundary in the transcript is an older one.
   */
  boundaryOwed: boolean;
  stopBlocks: number;
  compactions: number;
  restarts: number[];
  lastActivity: number | null;
  stalledFrom: LiveState | null;
  stalledAt: number | null;
  endReason: string | null;
  /**
   * Who saw the end: the watch (`processGone`: the process died or its pid was reused) or a
   * hook (`sessionEnded`: SessionEnd, a normal exit). A normal end is not watched further.
   */
  endedBy: "watch" | "hook" | null;
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
  /**
   * Where `window` came from (`statusline`, `flag`, `env`, `settings`, `model`, `default`,
   * `transcript`, `none`), so `vigil status --json` can say it (product.md section 4: never a
   * silent default). Until version 3 a settings row `window_source:<id>`.
   */
  windowSource: string | null;
  /**
   * The prompts of the session's own crons, as its last Stop listed them (`session_crons`): a
   * later prompt equal to one is its own wake-up, not a person (product.md section 4). Kept
   * across prompts; crons die with the process, so the session's end forgets them. Until
   * version 3 a settings row `session_crons:<id>`.
   */
  ownCrons: string[];
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
  | "endedBy"
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
    endedBy: null,
  };
}

/** Context fields added in MACHINE_VERSION 3 (facts that were settings rows keyed by the session), with their defaults. */
export function v3Fields(): Pick<SessionContext, "windowSource" | "ownCrons"> {
  return { windowSource: null, ownCrons: [] };
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
    /** Where `window` came from, when the caller resolved it. */
    windowSource?: string;
  }
  /** A Stop listed the session's own crons (their prompts; [] when it has none left). */
  | { type: "cronsListed"; at: number; prompts: string[] }
  | { type: "preCompact"; at: number; trigger: string }
  | { type: "compacted"; at: number; postTokens: number | null }
  | { type: "restored"; at: number; via: "hook" | "transcript" | "fallback" }
  /** The meter read a compact boundary in the bytes this call appended (reported or not). */
  | { type: "boundaryRead"; at: number }
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
  /**
   * A turn was stopped (Interrupt; no Stop fires on it): a person's interrupt leaves the session
   * awaiting that person; another session's or the system's is recorded.
   */
  | { type: "interrupted"; at: number; source: InterruptSource; reason: string }
  /** A prompt started a turn; only a person's prompt ends an approval wait. */
  | { type: "prompted"; at: number; human: boolean }
  /**
   * The watch read the session's unanswered last turn and it waits on a person: what a Stop
   * outside unattended mode leaves unclassified (the hook skips the pattern compile there).
   */
  | { type: "awaited"; at: number; awaiting: AwaitKind }
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
  /** `by`: who saw the end (the watch: the process died or its pid was reused; a hook: a normal exit). */
  | { type: "died"; params: { at: number; reason: string; by: "watch" | "hook" } }
  | { type: "interrupted"; params: { at: number; source: InterruptSource; reason: string } };

export interface SessionInput {
  at: number;
  soft?: number;
  hard?: number;
}

/** Tokens the limits are compared against. */
export function basis(c: Pick<SessionContext, "tokens" | "estimate" | "anticipate">): number | null {
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

/** The context a new session starts with: both forms of the machine start from this. */
export function initialContext(input: SessionInput): SessionContext {
  return {
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
    boundaryOwed: false,
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
    ...v3Fields(),
  };
}
