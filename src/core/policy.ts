/**
 * What every policy (guard, continuity, unattended) sees and returns. Policies are pure: they
 * run inside the hook's transaction on the snapshot after the payload's events were applied,
 * and answer with proposals for the one writer (`output.ts`), follow-up machine events (a
 * notice was sent, a stop was blocked) and audit records.
 */
import type { AuditRecord } from "./audit-details.ts";
import type { SessionContext, SessionEvent, SessionState } from "../../machines/session.ts";
import type { Config } from "./config.ts";
import type { PromptHint, PromptVerdict } from "./classify.ts";
import type { ContinuityFacts } from "./continuity/facts.ts";
import type { LineAnalyzer } from "./policies/hard.ts";
import type { ProcessTree } from "./policies/hard/kill.ts";
import type { Proposal } from "./output.ts";
import type { HookPayload } from "./payload.ts";
import type { StopFacts } from "./stop/facts.ts";

/** Who this hook call speaks for. Subagent calls carry the parent's session_id. */
export type CallRole = "worker" | "orchestrator" | "person" | "subagent";

export interface Measurement {
  /** Context tokens of the newest main-chain response, or null when unknown. */
  tokens: number | null;
  /** tokens plus the growth since that response (output + tool results appended). */
  estimate: number | null;
  window: number | null;
  source: "statusline" | "transcript" | "boundary" | "hook" | "none";
  /** The model of the newest response, when the transcript names it. */
  model?: string;
}

/** Facts read from the transcript tail for policies that need them (continuity, stop gate). */
export interface TranscriptFacts {
  /** The newest `user` record's markers, when it has been written. */
  lastUser?: PromptHint;
  /** A compact_boundary exists, and whether a SessionStart context was attached after it. */
  restoreLanded?: boolean;
  /** What the Stop gate reads beyond the payload (filled on Stop only). */
  stop?: StopFacts;
  /**
   * When Claude Code's `/goal` check-in wakes the session (core/goal-checkin.ts), or null when
   * none will; read on a Stop that lists running background work only.
   */
  goalDue?: number | null;
  /**
   * The `version` field of that newest compact_boundary record. Claude Code before 2.1.220
   * writes no hook attachments, so `restoreLanded` is false there even when the restore landed.
   */
  compactVersion?: string | null;
  /** Spec and state files for the continuity policy, read only on the events that use them. */
  continuity?: ContinuityFacts;
  /** The session's processes, read only for a command line that names `kill` or `pkill`. */
  processTree?: ProcessTree;
  /** The Bash line analyser, given once a call at HARD asked for it (`needs: "shell"`). */
  shell?: LineAnalyzer;
}

export interface PolicyInput {
  payload: HookPayload;
  state: SessionState;
  context: SessionContext;
  config: Config;
  /** Role of this call: `subagent` when `agent_id` is present. */
  role: CallRole;
  /** Limits apply: a worker main-session call and vigil not disabled. */
  limited: boolean;
  measurement: Measurement;
  /** Unattended ("night") mode as stored, if on. */
  night: { on: boolean; scope: string[]; until: number | null } | null;
  facts: TranscriptFacts;
  /** The call's prompt, classified once for every policy and the machine (UserPromptSubmit; else null). */
  prompt: PromptVerdict | null;
  env: Record<string, string | undefined>;
  now: number;
}

/** One audit record for the events table (its detail typed by kind). */
export type { AuditRecord };

/** The records a policy writes: what it decided, which the output may still drop. */
export type PolicyRecord = AuditRecord<"guard" | "continuity" | "stop_gate" | "unknown_envelope">;

export interface PolicyResult {
  proposals: Proposal[];
  /** Machine events to apply in the same transaction (e.g. `noticed`, `stopBlocked`). */
  events: SessionEvent[];
  records: PolicyRecord[];
  /**
   * The policy could not decide without a dependency the caller loads only on demand (the
   * shell analyser): nothing of this call may be committed; run it again with the dependency.
   */
  needs?: "shell";
}

export type Policy = (input: PolicyInput) => PolicyResult;

/** A result that says nothing. */
export const NOTHING: PolicyResult = Object.freeze({ proposals: [], events: [], records: [] }) as PolicyResult;
