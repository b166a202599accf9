/**
 * A policy's machine events stand for what its proposals did: a restore marked delivered, a
 * warning marked sent, a stop counted as blocked. When the one writer of hook output dropped
 * every proposal of a result (a SOFT refusal won over a restore), none of that happened, so
 * its events are not applied and its audit records say the proposal was dropped.
 */
import type { SessionEvent } from "../../machines/session.ts";
import type { Combined } from "./output.ts";
import type { PolicyRecord, PolicyResult } from "./policy.ts";

/** Whether a result proposed something and none of it went out. */
function allDropped(r: PolicyResult, c: Combined): boolean {
  return r.proposals.length > 0 && r.proposals.every((p) => c.dropped.includes(p));
}

/** The events to apply and the records to write, given what the hook call prints. */
export function keepDelivered(
  results: readonly PolicyResult[],
  combined: Combined,
): { events: SessionEvent[]; records: PolicyRecord[] } {
  const events: SessionEvent[] = [], records: PolicyRecord[] = [];
  for (const r of results) {
    if (!allDropped(r, combined)) {
      events.push(...r.events);
      records.push(...r.records);
      continue;
    }
    const by = combined.decided?.rule ?? null;
    for (const rec of r.records) records.push(markDropped(rec, by));
  }
  return { events, records };
}

/** The record as written when the output dropped its proposal, and for whose sake. */
function markDropped<R extends PolicyRecord>(rec: R, by: string | null): R {
  return { ...rec, detail: { ...rec.detail, dropped: true, droppedFor: by } };
}
