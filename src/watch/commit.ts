/**
 * Writing one watch pass: samples, events, the stall line's in-place update, machine events
 * (each session loaded, transitioned and saved under the same `BEGIN IMMEDIATE` as the rest,
 * so a hook running meanwhile is never overwritten) and the watcher's memory. The machine
 * code is passed in, loaded only by passes that have machine events to apply.
 */
import { insertSamples, lastSamples, pruneSamples, SAMPLE_RETENTION_MS } from "../edge/store/samples.ts";
import type { Store } from "../edge/store.ts";
import type { AuditDetails, AuditRecord } from "../core/audit-details.ts";
import {
  currentStaleEvent,
  patchEventDetail,
  pruneWatchRows,
  saveWatchRows,
  type WatchRow,
} from "../edge/store/watch.ts";
import type { SessionPlan } from "../core/watch/decide.ts";
import type { applyMachine } from "./machine.ts";

const DAY = 86_400_000;

/** A DOWN's detail with its last samples and the later of transcript and hook activity. */
function downWithSamples(store: Store, id: string, e: AuditRecord<"down">, hookActivity: number | null, now: number) {
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
  passDetail: AuditDetails["watch_pass"],
  apply: typeof applyMachine | null,
  samplesMs = SAMPLE_RETENTION_MS,
): Map<string, WatchRow> {
  return store.transaction(() => {
    insertSamples(store, plans.flatMap((p) => p.sample ? [p.sample] : []));
    pruneSamples(store, now - samplesMs);
    pruneWatchRows(store, now - 2 * DAY);
    const rows: WatchRow[] = [];
    for (const p of plans) {
      const id = p.target.sessionId;
      const m = p.machine.length > 0 && apply !== null
        ? apply(store, p.target, p.machine, now)
        : { lastActivity: null };
      for (const e of p.events) {
        const detail = e.kind === "down" ? downWithSamples(store, id, e, m.lastActivity, now) : e.detail;
        store.appendEvent(e.at ?? now, id, e.kind, detail);
      }
      if (p.staleOpen) store.appendEvent(now, id, "stale", p.staleOpen);
      if (p.stalePatch) {
        const stale = currentStaleEvent(store, id, p.stalePatch.after);
        if (stale !== null) patchEventDetail(store, stale, p.stalePatch.patch);
      }
      rows.push(p.watch);
    }
    saveWatchRows(store, rows);
    store.appendEvent(now, null, "watch_pass", passDetail);
    return new Map(rows.map((r) => [r.session_id, r]));
  });
}
