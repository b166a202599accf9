/**
 * The night's ledger read from the store: the audit events of the night, and the turns still
 * unanswered when it is read (each one the watch holds as pending, whatever it waits on, a
 * session that died waiting included): a session that waited for approval to the end of the
 * night has no `wake` record yet; its minutes awaiting count up to that moment, as an open
 * stall's do, and its turn counts as woken by nobody.
 */
import { ledgerEvents, type NightLedger, nightLedger, type OpenWait } from "../core/night/ledger.ts";
import { parseMemo } from "../core/watch/memo.ts";
import type { Store } from "../edge/store.ts";
import { loadWatchRows } from "../edge/store/watch.ts";

/** The turns the watch holds unanswered, per session: the pending turn's end, its cause, its death. */
export function openWaits(store: Store, since: number): OpenWait[] {
  return [...loadWatchRows(store, since).values()].flatMap((row) => {
    const w = parseMemo(row.memo).wake;
    if (w === null || w.pendingEndAt === null) return [];
    return [{ sessionId: row.session_id, endAt: w.pendingEndAt, cause: w.pendingCause, deadAt: w.deadAt ?? null }];
  });
}

/** The ledger of the night from `since` to `until`, read from the audit log and the watch's open waits. */
export function ledgerOf(store: Store, since: number, until: number): NightLedger {
  return nightLedger(ledgerEvents(store.events({ since, until })), since, until, openWaits(store, since));
}
