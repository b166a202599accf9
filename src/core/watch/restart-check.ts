/**
 * Whether a restart worked, judged by the watch passes after it (product.md section 7): a
 * restart counts only when the session's process is alive and its transcript was written
 * within a few minutes. tmux accepting the command proves nothing (seed 004: a session was
 * "restarted" eleven times and never came back), so the check stays open across passes until
 * both are seen or the window passes, and an unverified restart is a failure. Two failures in
 * a row hold the session's restarts for the night, until `night off` or a person's prompt.
 * Pure: the pass observes, the runner notifies.
 */
import type { AuditDetails } from "../audit-details.ts";

/** How long a restart has to show a live process and a written transcript. */
export const RESTART_VERIFY_MS = 3 * 60_000;
/** Failed restarts in a row after which the session is not restarted again that night. */
export const FAILED_RESTARTS_TO_HOLD = 2;

/** A restart sent and not yet judged: the transcript as it stood when it went out. */
export interface PendingRestart {
  at: number;
  size: number | null;
  mtime: number | null;
  /** The tmux pane the resumed session was started in, when tmux said (null: unknown). */
  pane?: string | null;
}

/** Restarts held for the night: since when, and what failed. */
export interface RestartHold {
  at: number;
  failures: string[];
}

/** What one pass saw of a restarted session. */
export interface RestartSeen {
  /** The session's own process runs. */
  alive: boolean;
  /** The transcript as stat'ed this pass (null: missing). */
  stat: { size: number; mtimeMs: number } | null;
  /** When it last grew, as the liveness decision measured it. */
  growthAt: number;
  now: number;
  /** The window (default RESTART_VERIFY_MS; `restart_verify_minutes` in the config). */
  windowMs?: number;
  /**
   * The pane the restart started is gone or dead: what ran in it has exited. (A pane the
   * command was typed into keeps its shell, and says nothing here.)
   */
  exited?: boolean;
}

/** A pass's judgement of a pending restart: still open, or resolved with its record. */
export type RestartJudgement =
  | { resolved: false }
  | { resolved: true; verified: boolean; detail: AuditDetails["restart_check"] };

/** Judge a pending restart: verified once alive and written, failed once the window passed without both. */
export function judgeRestart(rc: PendingRestart, seen: RestartSeen): RestartJudgement {
  const grew = seen.stat !== null && (seen.stat.size !== rc.size || seen.stat.mtimeMs !== rc.mtime);
  const base = { restartAt: rc.at, grew, alive: seen.alive };
  if (seen.alive && grew) {
    return {
      resolved: true,
      verified: true,
      detail: { ...base, afterMs: Math.max(0, seen.growthAt - rc.at), verified: true },
    };
  }
  // A resumed session that exited without writing (`claude --resume` of a conversation that is
  // gone exits at once) will not come back by waiting: it fails now, not at the window's end.
  const exitedEarly = seen.exited === true && !seen.alive && !grew;
  if (exitedEarly) {
    const failed = `process exited without writing its transcript (seen ${
      Math.round((seen.now - rc.at) / 1000)
    } s after)`;
    return { resolved: true, verified: false, detail: { ...base, afterMs: null, verified: false, failed } };
  }
  if (seen.now - rc.at < (seen.windowMs ?? RESTART_VERIFY_MS)) return { resolved: false };
  const failed = !seen.alive && !grew
    ? "process not running and transcript not written"
    : !seen.alive
    ? "process not running"
    : "transcript not written";
  const within = `within ${Math.round((seen.now - rc.at) / 60_000)} min`;
  return {
    resolved: true,
    verified: false,
    detail: { ...base, afterMs: null, verified: false, failed: `${failed} ${within}` },
  };
}

/** The breaker's memory after one more failed restart: held for the night at the second in a row. */
export function afterFailure(
  failures: readonly string[],
  what: string,
  now: number,
): { failures: string[]; held: RestartHold | null } {
  const all = [...failures, what];
  return { failures: all, held: all.length >= FAILED_RESTARTS_TO_HOLD ? { at: now, failures: all } : null };
}

/** What lifts a night's hold: the night turned off (or on again) after it, or a person's prompt after it. */
export function holdLifted(
  hold: RestartHold,
  night: { since: number; offAt: number | null } | null,
  personPromptAt: number | null,
): boolean {
  if (night !== null && (night.since > hold.at || (night.offAt !== null && night.offAt > hold.at))) return true;
  return personPromptAt !== null && personPromptAt > hold.at;
}

/** The one alert of a hold: what failed, and what lifts it. */
export function holdAlert(hold: RestartHold): string {
  return `not restarting again tonight: ${hold.failures.length} restarts in a row failed (` +
    `${hold.failures.join("; ")}); "vigil night off" or a prompt in the session lifts this`;
}
