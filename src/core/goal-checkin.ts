/**
 * Goal check-ins (product.md section 7, "Asleep is not stalled"; observed on 2.1.336,
 * docs/claude-code-versions.md section 10). With Claude Code's `/goal` set, a turn that ends while
 * background work runs is not judged against the goal: Claude Code defers the judgement and wakes
 * the session itself with a check-in, `CLAUDE_CODE_GOAL_CHECKIN_MINUTES` (30) after the deferral
 * began, then twice as long after each check-in (at most four times as long), and stops after
 * three idle check-ins until a person writes. A session waiting on that is asleep until the
 * check-in is due, not stalled; a check-in that never comes is a stall. Only interactive
 * sessions get check-ins. Pure: the edge hands the transcript's records, newest first.
 */
import { type JsonObject, obj, str } from "./payload.ts";
import { isPersonPrompt, textOf } from "./wake.ts";

/** Claude Code's default minutes before the first check-in. */
export const GOAL_CHECKIN_MINUTES = 30;
/** Each check-in doubles the wait, at most this many times. */
const MAX_DOUBLINGS = 2;
/** Idle check-ins Claude Code sends before it waits for a person's next prompt. */
const IDLE_CAP = 3;
/** The text Claude Code starts a check-in written at a turn's end with (a meta record). */
const TURN_END_CHECKIN = "Goal check-in: ";

/** What the transcript says about the session's goal and its check-ins. */
export interface GoalCheckins {
  /** The newest `goal_status` says a goal is set and neither met nor given up. */
  active: boolean;
  /** Check-ins since that `goal_status` (Claude Code's count of the deferral, at most). */
  checkins: number;
  /** Idle check-ins since the goal was set or a person last wrote, whichever is newer. */
  idle: number;
  /** The session runs interactively (`-p` sessions, entrypoint `sdk-*`, get no check-ins). */
  interactive: boolean;
}

/** A check-in Claude Code delivered when the session was idle (`queueOrigin.source`). */
function isIdleCheckin(r: JsonObject): boolean {
  return r.type === "user" && str(obj(r, "queueOrigin") ?? {}, "source") === "goal-checkin";
}

/** A check-in written into a turn that ended past the due time (a meta record of the harness). */
function isTurnEndCheckin(r: JsonObject): boolean {
  return r.type === "user" && r.isMeta === true && (textOf(r) ?? "").startsWith(TURN_END_CHECKIN);
}

/**
 * Reads records newest first (`visit` returns false once it has what it needs) and says what the
 * goal's check-ins are; `result()` is null when no `goal_status` was seen.
 */
export function goalScan(): { visit(r: JsonObject): boolean; result(): GoalCheckins | null } {
  let status: JsonObject | null = null;
  let checkins = 0, idle = 0;
  let idleOpen = true;
  let entrypoint: string | null = null;
  return {
    visit(r) {
      if (r.isSidechain === true) return true;
      entrypoint ??= str(r, "entrypoint");
      const a = r.type === "attachment" ? obj(r, "attachment") : null;
      if (a?.type === "goal_status") {
        status ??= a;
        // Setting a goal starts its idle count afresh; a judgement only ends the deferral.
        if (a.sentinel === true) idleOpen = false;
      } else if (isIdleCheckin(r)) {
        if (status === null) checkins++;
        if (idleOpen) idle++;
      } else if (isTurnEndCheckin(r)) {
        if (status === null) checkins++;
      } else if (isPersonPrompt(r)) idleOpen = false;
      return status === null || idleOpen || entrypoint === null;
    },
    result() {
      if (status === null) return null;
      const active = status.met === false && status.failed !== true;
      return { active, checkins, idle, interactive: !(entrypoint ?? "cli").startsWith("sdk") };
    },
  };
}

/** The minutes a session's `CLAUDE_CODE_GOAL_CHECKIN_MINUTES` sets (0: no check-ins), else the default. */
export function checkinMinutes(env: Record<string, string | undefined>): number {
  const raw = env.CLAUDE_CODE_GOAL_CHECKIN_MINUTES;
  const n = raw === undefined || raw.trim() === "" ? NaN : Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : GOAL_CHECKIN_MINUTES;
}

/**
 * When Claude Code's next goal check-in wakes a session whose turn ended at `stopAt` with
 * background work running, or null when none will (no active goal, `-p`, check-ins off, the
 * idle ones used up). Counted from the hook's moment at the turn's end: the deferral began then
 * or a moment before, and the check-ins seen are at least Claude Code's count, so the session is
 * not due before Claude Code's own timer fires, but for that moment (the watch's grace covers it).
 */
export function goalCheckinDue(g: GoalCheckins | null, stopAt: number, minutes: number): number | null {
  if (g === null || !g.active || !g.interactive || minutes <= 0 || g.idle >= IDLE_CAP) return null;
  return stopAt + minutes * 60_000 * 2 ** Math.min(g.checkins, MAX_DOUBLINGS);
}
