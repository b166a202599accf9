/**
 * Machine events from the watcher (processGone, idle, activity, resumed, restarted), applied
 * the way the hook pipeline applies its own. Loaded lazily: a steady pass has none, and the
 * machine costs start-up time.
 */
import type { SessionEffect, SessionEvent } from "../../machines/session.ts";
import type { SessionRow, Store } from "../edge/store.ts";
import { newRow, stepSession, storedContext } from "../core/step.ts";
import type { Target } from "../core/watch/targets.ts";

/** Effect records the watch writes itself, with more detail, under its own kind (`down`, `stale`). */
const WATCH_RECORDS_ITSELF: ReadonlySet<SessionEffect["type"]> = new Set(["died", "stalled"]);

/**
 * Apply machine events to one session through the session step, inside the caller's
 * transaction: the state change and the machine's effects (`revived`, …) are recorded there.
 * Returns the session's last activity as the machine knew it.
 */
export function applyMachine(
  store: Store,
  t: Pick<Target, "sessionId" | "cwd" | "transcriptPath" | "pid">,
  events: readonly SessionEvent[],
  at: number,
): { lastActivity: number | null } {
  let lastActivity: number | null = null;
  stepSession(store, t.sessionId, (snapshot, stored) => {
    // A hook may have moved the machine since the pass looked: only a dead session is resumed.
    const state = stored?.state ?? "normal";
    const apply = events.filter((e) => e.type !== "resumed" || state === "dead");
    if (apply.length > 0) lastActivity = snapshot.context.lastActivity;
    return apply;
  }, {
    at,
    base: newRowFor(t, at),
    by: "watch",
    // One record per fact: the watch's own `down` and `stale` (with samples, identity, idle
    // time) are the detection, so the machine's `died` and `stalled` for the same moment are
    // not logged again. A hook's `died` (a clean SessionEnd) is the only record of that end.
    recordedByCaller: WATCH_RECORDS_ITSELF,
  });
  return { lastActivity };
}

function newRowFor(t: Pick<Target, "sessionId" | "cwd" | "transcriptPath" | "pid">, at: number): SessionRow {
  return { ...newRow(t.sessionId, at), cwd: t.cwd, transcript_path: t.transcriptPath, pid: t.pid };
}

/** The restart times the machine holds for a session (the circuit breaker's input). */
export function machineRestarts(store: Store, sessionId: string): number[] {
  return storedContext(store.loadSession(sessionId))?.restarts ?? [];
}
