/**
 * The night's ledger read from the store: the audit events of the night, and the waits still
 * open when it is read (a turn the watch holds as pending, quiet because it awaits a person or
 * sleeps): a session that waited for approval to the end of the night has no `wake` record
 * yet, and its minutes awaiting count up to that moment, as an open stall's do.
 */
import { ledgerEvents, type NightLedger, nightLedger, type OpenWait } from "../core/night/ledger.ts";
import { parseMemo } from "../core/watch/memo.ts";
import type { Store } from "../edge/store.ts";
import { loadWatchRows } from "../edge/store/watch.ts";

/** The waits the watch holds open, per session: the pending turn's end and its cause. */
export function openWaits(store: Store, since: number): OpenWait[] {
  return [...loadWatchRows(store, since).values()].flatMap((row) => {
    const w = parseMemo(row.memo).wake;
    if (w === null || w.pendingEndAt === null || w.pendingCause === null || (w.deadAt ?? null) !== null) return [];
    return [{ sessionId: row.session_id, endAt: w.pendingEndAt, cause: w.pendingCause }];
  });
}

/** The ledger of the night from `since` to `until`, read from the audit log and the watch's open waits. */
export function ledgerOf(store: Store, since: number, until: number): NightLedger {
  return nightLedger(ledgerEvents(store.events({ since, until })), since, until, openWaits(store, since));
}
