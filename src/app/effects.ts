/**
 * The one runner of machine effects: every effect type `transition()` can return has a case
 * here, and the checker refuses a new one without it (`satisfies never`; a source-reading
 * test checks the same). Each effect becomes its audit record, written by the caller in the
 * transaction that saves the snapshot, so an effect is never recorded for a state that was
 * not committed. Effects that act outside the store (notify, restart, nudge) are the watch's
 * recovery, which runs after the pass's commit.
 */
import type { SessionEffect } from "../../machines/session.ts";
import type { AuditRecord } from "../core/policy.ts";

/** The audit record one machine effect stands for. */
export function effectRecord(e: SessionEffect): AuditRecord {
  switch (e.type) {
    case "limitCrossed":
      return { kind: "limit_crossed", detail: { ...e.params } };
    case "compactionStarted":
      return { kind: "compaction_started", detail: { ...e.params } };
    case "compactionAbandoned":
      return { kind: "compaction_abandoned", detail: { ...e.params } };
    case "restoreDue":
      return { kind: "restore_due", detail: { ...e.params } };
    case "stalled":
      return { kind: "stalled", detail: { ...e.params } };
    case "revived":
      return { kind: "revived", detail: { ...e.params } };
    case "died":
      return { kind: "died", detail: { ...e.params } };
    default:
      return e satisfies never;
  }
}

/** The audit records of a transition's effects, in order. */
export function effectRecords(effects: readonly SessionEffect[]): AuditRecord[] {
  return effects.map(effectRecord);
}
