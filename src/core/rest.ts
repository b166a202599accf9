/**
 * Why a session that ended its turn is quiet (product.md section 7, seed 004): waiting on a
 * person (its last message asks for approval, asks a question or says an escape phrase), or
 * asleep until it wakes by itself (its session crons, ScheduleWakeup and /loop, background
 * tasks still running, a usage-limit reset). A quiet session of either kind is not stalled,
 * and pushing it breaks unattended mode's one rule. Pure: the caller passes the payload facts.
 */
import { isRateLimitFailure, resetFromText } from "./usage-limit.ts";
import type { AwaitKind, SessionEvent, SleepCause } from "../../machines/session.ts";
import type { JsonObject } from "./payload.ts";
import { textOf, turnWakes } from "./wake.ts";

/**
 * How long running background tasks keep a session asleep after its Stop: their end arrives
 * as a task notification, and nothing says when; past this the session counts as stalled.
 */
export const BACKGROUND_SLEEP_MS = 2 * 60 * 60_000;
/** A usage-limit wait lasts at most the five-hour window it hit. */
export const RATE_LIMIT_SLEEP_MS = 5 * 60 * 60_000;
/** Crons are looked ahead this far; one that fires later leaves the session asleep this long. */
const CRON_HORIZON_MS = 8 * 86_400_000;

/**
 * The Stop's `stopped` event: what the final message waits on (`awaitingIn`, awaiting.ts: the
 * caller classifies it, or passes null when nothing could push the session; the watch classifies
 * before it pushes), and the earliest self-wake.
 */
export function stoppedEvent(
  inp: {
    awaiting: AwaitKind | null;
    crons: readonly JsonObject[];
    backgroundTasks: readonly JsonObject[];
    /** When Claude Code's goal check-in is due if background work runs (core/goal-checkin.ts). */
    goalDue?: number | null;
  },
  at: number,
): Extract<SessionEvent, { type: "stopped" }> {
  const awaiting = inp.awaiting;
  const crons = inp.crons.flatMap((c) => typeof c.schedule === "string" ? [c.schedule] : []);
  if (runningTasks(inp.backgroundTasks).length === 0) {
    return { type: "stopped", at, awaiting, asleepUntil: null, cause: null, crons };
  }
  // Background work wakes the session when it ends; with a goal set, Claude Code's own check-in
  // wakes it by a known time, usually sooner.
  const goal = inp.goalDue ?? null;
  const background = at + BACKGROUND_SLEEP_MS;
  return goal !== null && goal < background
    ? { type: "stopped", at, awaiting, asleepUntil: goal, cause: "goal", crons }
    : { type: "stopped", at, awaiting, asleepUntil: background, cause: "background", crons };
}

/** The background tasks of a Stop payload that still run (or wait to). */
export function runningTasks(tasks: readonly JsonObject[]): JsonObject[] {
  return tasks.filter((t) => t.status === "running" || t.status === "pending");
}

/**
 * When a session wakes by itself: the earliest of its stored wake-up (background tasks, a
 * limit reset) and the next fire of each cron its last Stop listed, counted from that Stop.
 */
export function sleepUntil(
  c: {
    asleepUntil: number | null;
    asleepCause: SleepCause | string | null;
    crons: readonly string[];
    stoppedAt: number | null;
  },
): { until: number | null; cause: string | null } {
  let until = c.asleepUntil, cause = c.asleepUntil === null ? null : c.asleepCause;
  if (c.stoppedAt !== null) {
    for (const expr of c.crons) {
      const next = nextCronFire(expr, c.stoppedAt);
      if (next !== null && (until === null || next < until)) (until = next, cause = "cron");
    }
  }
  return { until, cause };
}

/** Why a session sat idle between an end of turn and what resumed it (the night's ledger). */
export type IdleCause = "awaiting" | "asleep" | "stalled";

/**
 * The cause of one idle gap: what the machine said while the turn was pending (awaiting a
 * person, asleep until a time), else the turn's own last message when it waits on a person,
 * else stalled when the gap reached the stall threshold; null for an ordinary pause.
 */
export function idleCause(
  g: { pending: IdleCause | null; awaiting: AwaitKind | null; gapMs: number; staleAfterMs: number },
): IdleCause | null {
  if (g.pending !== null) return g.pending;
  if (g.awaiting !== null) return "awaiting";
  return g.gapMs >= g.staleAfterMs ? "stalled" : null;
}

/** The machine's reason a pending turn is quiet at `now`: awaiting, asleep, or neither. */
export function pendingCause(
  f: { awaiting: string | null; asleepUntil: number | null },
  now: number,
): IdleCause | null {
  if (f.awaiting !== null) return "awaiting";
  return f.asleepUntil !== null && f.asleepUntil > now ? "asleep" : null;
}

/**
 * The final text of the newest turn no person has answered yet, or null: a wait ends at the
 * next human prompt (a harness notification or a Stop push does not end it), so the text of a
 * turn a person already replied to is no wait, however recent. `records` in file order.
 */
export function unansweredTurnText(records: readonly JsonObject[], now: number): string | null {
  const last = turnWakes(records, { now }).at(-1);
  if (last === undefined || last.waker === "human") return null;
  return textOf(records[last.endIndex]);
}

/**
 * The machine event a StopFailure stands for: a usage-limit error (`isRateLimitFailure`: the
 * newest versions name it, 2.1.88 only carries the API's body) puts the session to sleep until
 * the reset its text names, else until a reset already known (the statusLine's `rate_limits`),
 * else for the five-hour window it hit.
 */
export function stopFailureEvent(
  error: unknown,
  at: number,
  opts: { text?: string | null; known?: number | null; zone?: string } = {},
): SessionEvent | null {
  if (!isRateLimitFailure(error, opts.text ?? null)) return null;
  const named = resetFromText(opts.text ?? null, at, opts.zone ?? "UTC");
  const known = opts.known != null && opts.known > at ? opts.known : null;
  return { type: "slept", at, until: named ?? known ?? at + RATE_LIMIT_SLEEP_MS, cause: "rate_limit" };
}

/** One cron field as the set of values it allows, or null when it cannot be read. */
function field(src: string, min: number, max: number): Set<number> | null {
  const out = new Set<number>();
  for (const part of src.split(",")) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) return null;
    const lo = m[1] === "*" ? min : Number(m[2]);
    const hi = m[1] === "*" ? max : m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? max : lo;
    const step = m[4] !== undefined ? Number(m[4]) : 1;
    if (lo < min || hi > max || lo > hi || step < 1) return null;
    for (let v = lo; v <= hi; v += step) out.add(v);
  }
  return out;
}

/**
 * The first minute after `from` a five-field cron expression matches, in local time (Claude
 * Code schedules session crons in the machine's zone), or null when unreadable or not within
 * eight days. Day of month and day of week, both restricted, match either (cron's rule).
 */
export function nextCronFire(expr: string, from: number): number | null {
  const parts = expr.trim().split(/\s+/);
  if (parts.length !== 5) return null;
  const [mi, ho, dm, mo, dw] = [
    field(parts[0], 0, 59),
    field(parts[1], 0, 23),
    field(parts[2], 1, 31),
    field(parts[3], 1, 12),
    field(parts[4], 0, 7),
  ];
  if (!mi || !ho || !dm || !mo || !dw) return null;
  if (dw.has(7)) dw.add(0);
  const domAny = parts[2] === "*", dowAny = parts[4] === "*";
  const t = new Date(from);
  t.setSeconds(0, 0);
  t.setMinutes(t.getMinutes() + 1);
  const end = from + CRON_HORIZON_MS;
  while (t.getTime() <= end) {
    const dayOk = domAny && dowAny
      ? true
      : domAny
      ? dw.has(t.getDay())
      : dowAny
      ? dm.has(t.getDate())
      : dm.has(t.getDate()) || dw.has(t.getDay());
    if (!mo.has(t.getMonth() + 1) || !dayOk) {
      t.setHours(24, 0, 0, 0);
      continue;
    }
    if (!ho.has(t.getHours())) {
      t.setHours(t.getHours() + 1, 0, 0, 0);
      continue;
    }
    if (mi.has(t.getMinutes())) return t.getTime();
    t.setMinutes(t.getMinutes() + 1);
  }
  return null;
}
