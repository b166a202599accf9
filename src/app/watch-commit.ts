/**
 * Writing one watch pass: samples, events, the stall line's in-place update, machine events
 * (each session loaded, transitioned and saved under the same `BEGIN IMMEDIATE` as the rest,
 * so a hook running meanwhile is never overwritten) and the watcher's memory.
 */
import type { SessionEvent } from "../../machines/session.ts";
import { insertSamples, lastSamples, pruneSamples, SAMPLE_RETENTION_MS } from "../edge/samples.ts";
import type { Store } from "../edge/store.ts";
import {
  appendEventWithId,
  patchEventDetail,
  pruneWatchRows,
  saveWatchRows,
  type WatchRow,
} from "../edge/watch-state.ts";
import { applyEvents, loadSnapshot, newRow, saveSnapshot } from "./machine-store.ts";
import { effectKind } from "./run-hook.ts";
import type { PlannedEvent, SessionPlan } from "./watch-decide.ts";
import type { Target } from "./watch-targets.ts";

const DAY = 86_400_000;

/**
 * Apply machine events to one session inside the caller's transaction, recording the state
 * change and the machine's effects (`died`, `stalled`, `revived`, …) as the hook pipeline does.
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
  for (const e of applied.effects) store.appendEvent(at, t.sessionId, effectKind(e), { ...e.params });
  return { lastActivity: snapshot.context.lastActivity };
}

/** A DOWN's detail with its last samples and the later of transcript and hook activity. */
function downWithSamples(store: Store, id: string, e: PlannedEvent, hookActivity: number | null, now: number) {
  const d = { ...e.detail };
  const growth = typeof d.lastActivityAt === "number" ? d.lastActivityAt : null;
  const last = growth === null ? hookActivity : hookActivity === null ? growth : Math.max(growth, hookActivity);
  d.lastActivityAt = last;
  d.delayMs = last === null ? null : Math.max(0, now - last);
  d.samples = lastSamples(store, id);
  return d;
}

/**
 * Write one pass in one transaction; `passDetail` becomes its `watch_pass` event. Returns the
 * watch rows as saved (with new stall event ids), by session.
 */
export function commitPass(
  store: Store,
  plans: readonly SessionPlan[],
  now: number,
  passDetail: Record<string, unknown>,
): Map<string, WatchRow> {
  return store.transaction(() => {
    insertSamples(store, plans.flatMap((p) => p.sample ? [p.sample] : []));
    pruneSamples(store, now - SAMPLE_RETENTION_MS);
    pruneWatchRows(store, now - 2 * DAY);
    const rows: WatchRow[] = [];
    for (const p of plans) {
      const id = p.target.sessionId;
      const m = p.machine.length > 0 ? applyMachine(store, p.target, p.machine, now) : { lastActivity: null };
      for (const e of p.events) {
        const detail = e.kind === "down" ? downWithSamples(store, id, e, m.lastActivity, now) : e.detail;
        store.appendEvent(e.at ?? now, id, e.kind, detail);
      }
      let watch = p.watch;
      if (p.staleOpen) watch = { ...watch, stale_event: appendEventWithId(store, now, id, "stale", p.staleOpen) };
      if (p.stalePatch) patchEventDetail(store, p.stalePatch.id, p.stalePatch.patch);
      rows.push(watch);
    }
    saveWatchRows(store, rows);
    store.appendEvent(now, null, "watch_pass", passDetail);
    return new Map(rows.map((r) => [r.session_id, r]));
  });
}
