/**
 * What a hook call does outside the store after its commit. The machine's effects become
 * audit records in the session step (src/core/step.ts), in the transaction that saves the
 * snapshot; effects that act outside the store (notify, restart, nudge) are the watch's
 * recovery, which runs after the pass's commit.
 */
import type { PendingDraft } from "../core/continuity/facts.ts";
import type { AuditRecord } from "../core/policy.ts";

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
