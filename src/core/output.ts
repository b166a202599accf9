/**
 * The one writer of hook output. Every policy (guard, continuity, unattended) only proposes;
 * `combine` decides what one hook call prints: deny over block over context, contexts joined
 * and capped. Nothing else in vigil may produce hook stdout (a test reads the source for it).
 */
import { answersOn } from "./claude-events.ts";

/** What a policy wants a hook call to do. `rule` names the policy rule for the audit log. */
export type Proposal =
  | { kind: "deny"; reason: string; rule: string }
  | { kind: "block"; reason: string; rule: string }
  | { kind: "context"; text: string; rule: string }
  | { kind: "instructions"; text: string; rule: string };

/*
 * What each event's hook output may say is its row's `answers` in claude-events.ts:
 * `hookSpecificOutput.additionalContext` ("context"), `permissionDecision: "deny"` that keeps a
 * command from running ("deny"; PreSkillShellCommand takes PreToolUse's shape, observed on
 * 2.1.332: the shell is replaced by "[not run: blocked by hook: <reason>]"), a top-level
 * `decision: "block"` ("block"), or plain stdout for the summariser ("instructions").
 */

export interface Combined {
  /** Exactly what goes to stdout; "" means print nothing. */
  stdout: string;
  /** The proposal that decided, and those that were dropped, for the audit log. */
  decided: Proposal | null;
  dropped: Proposal[];
}

const SEPARATOR = "\n\n";

/** Join contexts in order, keeping whole pieces first and cutting only the last that fits. */
export function joinCapped(texts: string[], cap: number): string {
  let out = "";
  for (const t of texts) {
    const next = out ? out + SEPARATOR + t : t;
    if (next.length <= cap) {
      out = next;
      continue;
    }
    const room = cap - (out ? out.length + SEPARATOR.length : 0) - 1;
    if (room > 40) out = (out ? out + SEPARATOR : "") + t.slice(0, room) + "…";
    break;
  }
  return out;
}

/** Decide the single output of a hook call from every policy's proposals. */
export function combine(event: string, proposals: Proposal[], opts: { contextCap: number }): Combined {
  const deny = proposals.find((p) => p.kind === "deny");
  if (deny && answersOn(event, "deny")) {
    return {
      stdout: JSON.stringify({
        hookSpecificOutput: {
          hookEventName: event,
          permissionDecision: "deny",
          permissionDecisionReason: deny.reason,
        },
      }),
      decided: deny,
      dropped: proposals.filter((p) => p !== deny),
    };
  }
  const block = proposals.find((p) => p.kind === "block");
  if (block && answersOn(event, "block")) {
    return {
      stdout: JSON.stringify({ decision: "block", reason: block.reason }),
      decided: block,
      dropped: proposals.filter((p) => p !== block),
    };
  }
  if (answersOn(event, "instructions")) {
    // PreCompact has no additionalContext: plain stdout reaches the summariser as
    // "Additional Instructions:" (contract Part A, all versions tested).
    type Text = Extract<Proposal, { kind: "context" | "instructions" }>;
    const texts = proposals.filter((p): p is Text => p.kind === "instructions" || p.kind === "context");
    const text = joinCapped(texts.map((p) => p.text), opts.contextCap);
    const used = new Set<Proposal>(texts);
    return { stdout: text, decided: texts[0] ?? null, dropped: proposals.filter((p) => !used.has(p)) };
  }
  const contexts = proposals.filter((p): p is Extract<Proposal, { kind: "context" }> => p.kind === "context");
  if (contexts.length > 0 && answersOn(event, "context")) {
    const text = joinCapped(contexts.map((p) => p.text), opts.contextCap);
    return {
      stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: text } }),
      decided: contexts[0],
      dropped: proposals.filter((p) => p.kind !== "context"),
    };
  }
  return { stdout: "", decided: null, dropped: proposals };
}
