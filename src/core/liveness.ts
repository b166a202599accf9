/**
 * Liveness decisions for `vigil watch` (product.md section 7, seed 004): is a watched session
 * DOWN (its process is gone, or its pid now belongs to another process), STALE (alive but the
 * transcript has not grown), or alive; what to record this pass; and whether a restart is
 * still allowed by the circuit breaker. Pure: the caller probes, stats and persists.
 */
import type { Recovery } from "./config.ts";

/** What a process probe says about a pid: the part these decisions need. */
export interface ProcessView {
  alive: boolean;
  /** Claude Code's own start identifier: field 22 of /proc/<pid>/stat, or `ps -o lstart=`. */
  procStart: string | null;
  /** Process start in ms since the epoch. */
  startTime: number | null;
}

/** A session as the watcher remembers it between passes. */
export interface WatchedSession {
  sessionId: string;
  pid: number | null;
  /** `procStart` as Claude Code wrote it in the registry, when known. */
  procStart: string | null;
  /** Registry `startedAt` (ms): a moment the session's process was alive with this pid. */
  startedAt: number | null;
  transcriptSize: number | null;
  transcriptMtime: number | null;
  lastGrowthAt: number | null;
  /**
   * The session machine's state, the one record of what was reported: `stalled` means its
   * stall was recorded, `dead` its death (null: no machine yet, so nothing was).
   */
  state: string | null;
  /** The session's last Stop waits on a person: quiet, not stalled (from the machine). */
  awaiting?: string | null;
  /** The session wakes by itself by then: quiet until then, stalled once it passes unwoken. */
  asleepUntil?: number | null;
}

export interface TranscriptStat {
  size: number;
  mtimeMs: number;
  /** Everything appended since the last look was `progress` records (a tool still running). */
  progressOnly?: boolean;
}

/** A wake-up time passed by this much with no record after it makes a sleeping session STALE. */
export const WAKE_GRACE_MS = 2 * 60_000;

export type Verdict = "alive" | "stale" | "down" | "reuse-down" | "unknown";

export interface LivenessDecision {
  verdict: Verdict;
  /** Time since the transcript last grew; never negative. */
  idleMs: number;
  /** What to record this pass: a death or a stall once, `active` when growth ends a stall. */
  record: "down" | "stale" | "active" | null;
  /** The watcher's memory for the next pass. */
  next: Pick<WatchedSession, "transcriptSize" | "transcriptMtime" | "lastGrowthAt">;
  reason: string;
}

/** btime is whole seconds and ticks are 10 ms: starts this close count as the same moment. */
const START_SLACK_MS = 2_000;

/**
 * Whether the probed process is the one the session registered. `procStart` strings are
 * compared exactly (Claude Code writes the same format the probe reads). Without one, a
 * process that started after the session's `startedAt` must be a later process reusing the
 * pid, since the original was alive with that pid at `startedAt`.
 */
export function sameProcess(
  session: Pick<WatchedSession, "procStart" | "startedAt">,
  proc: ProcessView,
): "same" | "other" | "unknown" {
  if (session.procStart !== null && proc.procStart !== null) {
    return session.procStart === proc.procStart ? "same" : "other";
  }
  if (session.startedAt !== null && proc.startTime !== null) {
    return proc.startTime > session.startedAt + START_SLACK_MS ? "other" : "same";
  }
  return "unknown";
}

/**
 * One pass's verdict for one session. Growth is a change of size or mtime, never "newer
 * mtime", so a clock that jumps back cannot hide activity; a clock that jumps behind the last
 * growth rebases it to now instead of giving negative idle or a stall that never ends.
 */
export function decideLiveness(
  session: WatchedSession,
  observed: {
    process: ProcessView | null;
    transcript: TranscriptStat | null;
    /** The session id the registry now lists for this pid, when the pid has a registry file. */
    registrySessionId?: string | null;
  },
  opts: { now: number; staleAfterMs: number },
): LivenessDecision {
  const { now } = opts;
  const t = observed.transcript;
  const known = session.transcriptSize !== null;
  const changed = t !== null && known &&
    (t.size !== session.transcriptSize || t.mtimeMs !== session.transcriptMtime);
  // A hung tool keeps writing `progress` records: the file changes, but that is no work.
  const grew = changed && t?.progressOnly !== true;
  let lastGrowthAt = session.lastGrowthAt;
  if (t !== null && (grew || lastGrowthAt === null)) {
    const at = Math.min(t.mtimeMs, now);
    lastGrowthAt = lastGrowthAt === null ? at : Math.max(lastGrowthAt, at);
  }
  if (lastGrowthAt !== null && lastGrowthAt > now) lastGrowthAt = now;
  const idleMs = lastGrowthAt === null ? 0 : now - lastGrowthAt;
  const stalled = session.state === "stalled";
  const down = session.state === "dead";
  const next = {
    transcriptSize: t?.size ?? session.transcriptSize,
    transcriptMtime: t?.mtimeMs ?? session.transcriptMtime,
    lastGrowthAt,
  };
  const ended = grew && stalled ? "active" : null;
  const proc = observed.process;
  if (proc === null || session.pid === null) {
    return { verdict: "unknown", idleMs, record: ended, next, reason: "process cannot be probed" };
  }
  // After /clear the same process serves a new session id: the old session is over.
  const moved = observed.registrySessionId != null && observed.registrySessionId !== session.sessionId;
  const identity = proc.alive && !moved ? sameProcess(session, proc) : "other";
  if (!proc.alive || identity === "other") {
    const verdict = proc.alive ? "reuse-down" : "down";
    const reason = !proc.alive
      ? "process gone"
      : moved
      ? `pid ${session.pid} now serves session "${observed.registrySessionId}"`
      : `pid ${session.pid} belongs to another process`;
    return {
      verdict,
      idleMs,
      record: down ? null : "down",
      next,
      reason,
    };
  }
  const quiet = quietReason(session, lastGrowthAt, now);
  if (quiet !== null && !grew) return { verdict: "alive", idleMs, record: ended, next, reason: quiet };
  const overslept = session.asleepUntil != null && (lastGrowthAt === null || lastGrowthAt < session.asleepUntil);
  if (lastGrowthAt !== null && (idleMs >= opts.staleAfterMs || overslept) && !grew) {
    return {
      verdict: "stale",
      idleMs,
      record: stalled ? null : "stale",
      next,
      reason: overslept ? "wake-up time passed without a record" : "transcript has not grown",
    };
  }
  return { verdict: "alive", idleMs, record: ended, next, reason: grew ? "transcript grew" : "alive" };
}

/**
 * Why a quiet session is not stalled: it waits on a person, or it is asleep and its wake-up
 * time (plus a grace) has not come. Null when neither holds.
 */
export function quietReason(
  s: Pick<WatchedSession, "awaiting" | "asleepUntil">,
  lastGrowthAt: number | null,
  now: number,
): string | null {
  if (s.awaiting) return `awaiting ${s.awaiting}`;
  const until = s.asleepUntil ?? null;
  if (until !== null && (lastGrowthAt === null || lastGrowthAt < until) && now < until + WAKE_GRACE_MS) {
    return `asleep until ${new Date(until).toISOString()}`;
  }
  return null;
}

/** What the machine and the night say about pushing one session. */
export interface PushFacts {
  awaiting: string | null;
  asleepUntil: number | null;
  /** `bg`: Claude Code's own supervisor restarts it; `claude --resume` would duplicate it. */
  host: string | null;
  /** The session's cwd is inside an active unattended scope. */
  inNight: boolean;
  /** `recoverOutsideNight` in the config. */
  outsideAllowed: boolean;
}

/**
 * Why vigil must not nudge or restart this session now (seed 004's first rule: a real wait
 * for a person is never pushed), or null when it may. A restart is also a push: the resumed
 * session's first prompt is the nudge text.
 */
export function pushHold(f: PushFacts, what: "nudge" | "restart", now: number): string | null {
  if (f.awaiting) return `awaiting-${f.awaiting}`;
  // Death beats sleep: what would have woken a sleeping session (its crons, background tasks,
  // a usage-limit reset) died with its process, so only a nudge waits for the wake-up.
  if (what === "nudge" && f.asleepUntil !== null && now < f.asleepUntil + WAKE_GRACE_MS) return "asleep";
  if (!f.inNight && !f.outsideAllowed) return "outside-unattended-scope";
  if (what === "restart" && f.host === "bg") return "background-session-supervised-by-claude-code";
  return null;
}

/** How often a session may be restarted before the watcher only notifies. */
export interface BreakerOptions {
  max?: number;
  windowMs?: number;
}

export interface BreakerState {
  open: boolean;
  /** Restarts inside the window. */
  recent: number;
  /** When the oldest recent restart leaves the window (null when none are recent). */
  closesAt: number | null;
}

/**
 * The restart circuit breaker: 3 restarts in 60 minutes, then notify only, so a session that
 * dies for a reason unrelated to idling is not restarted all night (seed 004). Restart times
 * ahead of `now` (a clock that went back) still count while they are within one window.
 */
export function restartBreaker(
  restarts: readonly number[],
  now: number,
  opts: BreakerOptions = {},
): BreakerState {
  const max = opts.max ?? 3;
  const windowMs = opts.windowMs ?? 60 * 60_000;
  const recent = restarts.filter((t) => t > now - windowMs && t < now + windowMs).sort((a, b) => a - b);
  return {
    open: recent.length >= max,
    recent: recent.length,
    closesAt: recent.length > 0 ? recent[0] + windowMs : null,
  };
}

export interface RecoveryPlan {
  restart: boolean;
  notify: boolean;
  nudge: boolean;
  /** The breaker stopped a restart the policy asked for. */
  breakerOpen: boolean;
  /** Restarts still allowed in the window after this plan runs. */
  restartsLeft: number;
}

/**
 * What to do about one decision. A death is notified once; under `restart` a session still
 * down is restarted again on later passes until the breaker opens. A new stall is only
 * recorded (seed 004: STALE stays quiet), and nudged once when a text and a pane exist.
 */
export function planRecovery(
  decision: Pick<LivenessDecision, "verdict" | "record">,
  ctx: {
    recovery: Recovery;
    restarts: readonly number[];
    now: number;
    nudgeText: string | null;
    hasPane: boolean;
    breaker?: BreakerOptions;
  },
): RecoveryPlan {
  const max = ctx.breaker?.max ?? 3;
  const b = restartBreaker(ctx.restarts, ctx.now, ctx.breaker);
  const none = { restart: false, notify: false, nudge: false, breakerOpen: false, restartsLeft: max - b.recent };
  if (ctx.recovery === "off") return none;
  const isDown = decision.verdict === "down" || decision.verdict === "reuse-down";
  if (isDown) {
    const wantRestart = ctx.recovery === "restart";
    const restart = wantRestart && !b.open;
    const breakerOpen = wantRestart && b.open;
    return {
      restart,
      notify: restart || decision.record === "down",
      nudge: false,
      breakerOpen,
      restartsLeft: Math.max(0, max - b.recent - (restart ? 1 : 0)),
    };
  }
  const nudge = decision.record === "stale" && ctx.nudgeText !== null && ctx.nudgeText !== "" && ctx.hasPane;
  return { ...none, nudge };
}
