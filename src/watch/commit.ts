/**
 * Writing one watch pass: samples, machine events (each session loaded, transitioned, saved
 * and recorded through the session step under the same `BEGIN IMMEDIATE` as the rest, so a hook
 * running meanwhile is never overwritten), the watch's own records (wakes, follow-ups, restart
 * checks) and its memory. The log is append-only: a death or a stall is the machine's effect's
 * record, and a stall's end its `revived`. The machine code is passed in, loaded only by passes
 * that have machine events to apply.
 */
import type { SessionEffect } from "../../machines/session.ts";
import { insertSamples, pruneSamples, SAMPLE_RETENTION_MS } from "../edge/store/samples.ts";
import type { Store } from "../edge/store.ts";
import type { AuditDetails } from "../core/audit-details.ts";
import { pruneWatchRows, saveWatchRows, type WatchRow } from "../edge/store/watch.ts";
import type { SessionPlan } from "../core/watch/decide.ts";
import type { applyMachine } from "./machine.ts";

const DAY = 86_400_000;
/** Settings key holding the last pass's time. */
export const LAST_PASS_KEY = "watch.last_pass";
/** Settings key holding the last event id a pass read Stop blocks up to. */
export const LAST_BLOCK_ID_KEY = "watch.last_block_id";

/** Where a pass leaves off: its time, and the last event id it read Stop blocks up to. */
export interface PassCursors {
  at: number;
  blockId: number;
}

/** One session as committed: its watch row and what its machine did this pass. */
export interface Committed {
  row: WatchRow;
  effects: SessionEffect[];
}

/**
 * Write one pass in one transaction; `passDetail` becomes its `watch_pass` event (its counts
 * come from the machine's effects), `cursors` where it leaves off. Returns, by session, the
 * watch rows as saved and the machine's effects.
 */
export function commitPass(
  store: Store,
  plans: readonly SessionPlan[],
  now: number,
  passDetail: (committed: ReadonlyMap<string, Committed>) => AuditDetails["watch_pass"],
  apply: typeof applyMachine | null,
  samplesMs = SAMPLE_RETENTION_MS,
  cursors: PassCursors | null = null,
): Map<string, Committed> {
  return store.transaction(() => {
    // The pass's cursors move with what it wrote: a pass that dies before its commit reads the
    // same Stop blocks again, and one that committed never reads them twice.
    if (cursors !== null) {
      store.setSetting(LAST_PASS_KEY, String(cursors.at));
      store.setSetting(LAST_BLOCK_ID_KEY, String(cursors.blockId));
    }
    insertSamples(store, plans.flatMap((p) => p.sample ? [p.sample] : []));
    pruneSamples(store, now - samplesMs);
    pruneWatchRows(store, now - 2 * DAY);
    const out = new Map<string, Committed>();
    for (const p of plans) {
      const id = p.target.sessionId;
      const m = p.machine.length > 0 && apply !== null
        ? apply(store, p.target, p.machine, now, p.seen)
        : { effects: [] };
      for (const e of p.events) store.appendEvent(e.at ?? now, id, e.kind, e.detail);
      out.set(id, { row: p.watch, effects: m.effects });
    }
    saveWatchRows(store, [...out.values()].map((c) => c.row));
    store.appendEvent(now, null, "watch_pass", passDetail(out));
    return out;
  });
}
