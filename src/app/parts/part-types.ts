/** The shapes of the hook pipeline's on-demand parts (hook-parts.ts loads them). */
import type { awaitingIn } from "../../core/awaiting.ts";
import type { Config } from "../../core/config.ts";
import type { ContinuityFacts, PendingDraft } from "../../core/continuity/facts.ts";
import type { HookPayload } from "../../core/payload.ts";
import type { Policy, PolicyInput } from "../../core/policy.ts";
import type { StopFacts } from "../../core/stop/facts.ts";
import type { PatternSet } from "../../core/stop/patterns.ts";
import type { Store } from "../../edge/store.ts";

export interface StopPart {
  /** The unattended-mode Stop gate. */
  policy: Policy;
  /** The gate's facts; undefined when the gate will not need them. */
  facts: (
    p: HookPayload,
    c: { store: Store; config: Config; night: PolicyInput["night"]; now: number },
  ) => StopFacts | undefined;
  /**
   * When Claude Code's `/goal` check-in is due after this Stop (null: none will come), for a Stop
   * that lists running background work; undefined otherwise.
   */
  goalDue: (p: HookPayload, at: number, env: Record<string, string | undefined>) => number | null | undefined;
  /** The built-in and configured stop patterns, compiled once per process. */
  patterns: (extra: Config["stopPatterns"]) => PatternSet;
  /** What a final message waits on a person for (awaiting.ts), with those patterns. */
  awaiting: typeof awaitingIn;
}

export interface ContinuityPart {
  /** The compaction-continuity policy. */
  policy: Policy;
  /** Spec and state files for the policy (may plan a state draft on PreCompact). */
  read: (p: HookPayload, prevState: string | null, at: number) => ContinuityFacts | undefined;
  /** Write a planned draft once its call has committed. */
  writeDraft: (d: PendingDraft) => string;
}
