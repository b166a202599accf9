/**
 * The one runner of machine effects: every effect type `transition()` can return has a case
 * here, and the checker refuses a new one without it (`satisfies never`; a source-reading
 * test checks the same). Each effect becomes its audit record, written by the caller in the
 * transaction that saves the snapshot, so an effect is never recorded for a state that was
 * not committed. Effects that act outside the store (notify, restart, nudge) are the watch's
 * recovery, which runs after the pass's commit.
 */
import type { SessionEffect } from "../../machines/session.ts";
import type { PendingDraft } from "../core/continuity/facts.ts";
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

/**
 * What a hook call does outside the store once its transaction has committed, as a closed
 * union with one runner: a state draft (PreCompact) is written only for a call that
 * committed, so a failed or killed commit leaves no draft claiming a compaction vigil saw.
 */
export type CommitEffect = { type: "stateDraft"; draft: PendingDraft };

/** How the runner reaches the outside world. */
export interface CommitIO {
  writeDraft?: (d: PendingDraft) => string;
}

/**
 * Run the effects after the commit; returns the audit records of the failures (recorded,
 * never thrown: hooks fail open). A written draft needs no record: the call's `continuity`
 * record already names its path.
 */
export function runCommitEffects(effects: readonly CommitEffect[], io: CommitIO): AuditRecord[] {
  const out: AuditRecord[] = [];
  for (const e of effects) {
    switch (e.type) {
      case "stateDraft": {
        if (!io.writeDraft) break;
        try {
          io.writeDraft(e.draft);
        } catch (err) {
          const error = err instanceof Error ? err.message : String(err);
          out.push({ kind: "continuity", detail: { action: "draft_failed", error } });
        }
        break;
      }
      default:
        e.type satisfies never;
    }
  }
  return out;
}
