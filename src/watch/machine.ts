/**
 * Machine events from the watcher (processGone, idle, activity, resumed, restarted), applied
 * through the session step as the hook pipeline applies its own. The machine's effects are the
 * pass's news: its `died` and `stalled` are the records of a death or a stall (with what the
 * watch saw of it), and the watch acts on them (src/watch/recover.ts). Loaded lazily: a steady
 * pass has none, and the machine costs start-up time.
 */
import type { SessionEffect, SessionEvent } from "../../machines/session.ts";
import type { SessionRow, Store } from "../edge/store.ts";
import { lastSamples } from "../edge/store/samples.ts";
import { type EffectSeen, newRow, stepSession, storedContext } from "../core/step.ts";
import type { Target } from "../core/watch/targets.ts";

/** What one session's step did: the machine's effects (none when nothing was applied). */
export interface MachineApplied {
  effects: SessionEffect[];
}

/**
 * Apply machine events to one session through the session step, inside the caller's
 * transaction: the state change and the machine's effects are recorded there, a death's and a
 * stall's with what the watch saw (`seen`).
 */
export function applyMachine(
  store: Store,
  t: Pick<Target, "sessionId" | "cwd" | "transcriptPath" | "pid">,
  events: readonly SessionEvent[],
  at: number,
  seen: EffectSeen = {},
): MachineApplied {
  const stepped = stepSession(store, t.sessionId, (_snapshot, stored) => {
    // A hook may have moved the machine since the pass looked: only a dead session is resumed.
    const state = stored?.state ?? "normal";
    return events.filter((e) => e.type !== "resumed" || state === "dead");
  }, {
    at,
    base: newRowFor(t, at),
    by: "watch",
    seen: (loaded) => ({
      ...seen,
      ...(seen.died ? { died: withSamples(store, t.sessionId, seen.died, loaded.context.lastActivity, at) } : {}),
    }),
  });
  return { effects: stepped?.effects ?? [] };
}

/** A death as seen, with its last samples and the later of transcript growth and hook activity. */
function withSamples(
  store: Store,
  id: string,
  d: NonNullable<EffectSeen["died"]>,
  hookActivity: number | null,
  now: number,
): NonNullable<EffectSeen["died"]> {
  const growth = d.lastActivityAt ?? null;
  const last = growth === null ? hookActivity : hookActivity === null ? growth : Math.max(growth, hookActivity);
  return {
    ...d,
    lastActivityAt: last,
    delayMs: last === null ? null : Math.max(0, now - last),
    samples: lastSamples(store, id),
  };
}

function newRowFor(t: Pick<Target, "sessionId" | "cwd" | "transcriptPath" | "pid">, at: number): SessionRow {
  return { ...newRow(t.sessionId, at), cwd: t.cwd, transcript_path: t.transcriptPath, pid: t.pid };
}

/** The restart times the machine holds for a session (the circuit breaker's input). */
export function machineRestarts(store: Store, sessionId: string): number[] {
  return storedContext(store.loadSession(sessionId))?.restarts ?? [];
}
