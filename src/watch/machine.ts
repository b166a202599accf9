/**
 * Machine events from the watcher (processGone, idle, activity, resumed, restarted), applied
 * the way the hook pipeline applies its own. Loaded lazily: a steady pass has none, and the
 * machine costs start-up time.
 */
import type { SessionEvent } from "../../machines/session.ts";
import type { Store } from "../edge/store.ts";
import { effectRecords } from "../app/effects.ts";
import { applyEvents, loadSnapshot, newRow, saveSnapshot } from "../app/machine-store.ts";
import type { Target } from "../core/watch/targets.ts";

/** Effect records the watch writes itself, with more detail, under its own kind (`down`, `stale`). */
const WATCH_RECORDS_ITSELF: ReadonlySet<string> = new Set(["died", "stalled"]);

/**
 * Apply machine events to one session inside the caller's transaction, recording the state
 * change and the machine's effects (`revived`, …) as the hook pipeline does.
 * Returns the session's last activity as the machine knew it.
 */
export function applyMachine(
  store: Store,
  t: Pick<Target, "sessionId" | "cwd" | "transcriptPath" | "pid">,
  events: readonly SessionEvent[],
  at: number,
): { lastActivity: number | null } {
  const stored = store.loadSession(t.sessionId);
  const base = stored ??
    { ...newRow(t.sessionId, at), cwd: t.cwd, transcript_path: t.transcriptPath, pid: t.pid };
  // A hook may have moved the machine since the pass looked: only a dead session is resumed.
  const apply = events.filter((e) => e.type !== "resumed" || base.state === "dead");
  if (apply.length === 0) return { lastActivity: null };
  const { snapshot } = loadSnapshot(stored, at);
  const applied = applyEvents(snapshot, [...apply]);
  saveSnapshot(store, base, applied, at);
  if (applied.before !== applied.state) {
    store.appendEvent(at, t.sessionId, "state", {
      from: applied.before,
      to: applied.state,
      event: apply.map((e) => e.type).join(","),
      by: "watch",
    });
  }
  // One record per fact: the watch's own `down` and `stale` (with samples, identity, idle time)
  // are the detection, so the machine's `died` and `stalled` for the same moment are not logged
  // again. A hook's `died` (a clean SessionEnd) is the only record of that end and stays.
  for (const r of effectRecords(applied.effects)) {
    if (!WATCH_RECORDS_ITSELF.has(r.kind)) store.appendEvent(at, t.sessionId, r.kind, r.detail);
  }
  return { lastActivity: snapshot.context.lastActivity };
}

/** The restart times the machine holds for a session (the circuit breaker's input). */
export function machineRestarts(store: Store, sessionId: string, now: number): number[] {
  const row = store.loadSession(sessionId);
  return row ? loadSnapshot(row, now).snapshot.context.restarts : [];
}
