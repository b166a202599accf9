/**
 * The context guard (product.md section 4, seed 000). Over SOFT a worker main session gets
 * one notice and refuses new instructions but keeps working on its ticket; at HARD tool calls
 * are denied except the handoff allow-list (`hard.ts`). Orchestrators, people and subagent
 * calls are measured and shown, never limited. Every decision becomes an audit record so
 * `vigil report` can count notices, refusals, passes, denials and allowances.
 */
import { type HardWhy, hardWhyText } from "../messages/hard-why.ts";
import { speaksOn } from "../claude-events.ts";
import type { PromptVerdict } from "../classify.ts";
import type { Config } from "../config.ts";
import { hardDenyReason, softNotice, softRefusal } from "../messages/limits.ts";
import type { AuditDetails } from "../audit-details.ts";
import type { HookPayload } from "../payload.ts";
import type { CallRole, Policy, PolicyInput, PolicyRecord, PolicyResult } from "../policy.ts";
import { levelFor, type SessionContext, type SessionState } from "../../../machines/session-model.ts";
import { checkToolAtHard, type LineAnalyzer, type ProcessTree } from "./hard.ts";
import { VIGIL_COMMANDS_AT_HARD } from "./hard/commands.ts";

/** Whether limits apply to a call: worker main sessions only, unless vigil is disabled. */
export function isLimited(role: CallRole, config: Config): boolean {
  return role === "worker" && !config.disable;
}

/*
 * Where the guard speaks is its events' rows in claude-events.ts:
 * - `soft-notice`: PostToolUse context is the channel observed to reach the model on every
 *   tested version (claude-code-versions.md section 5); PreToolUse context is not proven there,
 *   and a notice marked sent but never seen would not be repeated.
 * - `hard-gate`: events that run a command and can be denied at HARD. The inline `!` shell of
 *   skills and slash commands (PreSkillShellCommand, 2.1.332) never goes through PreToolUse:
 *   without it a pass command or an allowed Skill call would run any shell line at HARD.
 * - `soft-refusal`: the prompt a person submits.
 */

type Decision = "notice" | "refuse" | "pass" | "deny" | "allow";

/** What a guard record says beyond its numbers: the prompt's verdict, or the tool and why. */
type GuardExtra = Pick<AuditDetails["guard"], "envelope" | "verdict" | "why" | "tool" | "detail">;

/** One `guard` audit record with the numbers `vigil report` shows. */
function guardRecord(
  input: PolicyInput,
  d: { decision: Decision; rule: string; limit: number; extra?: GuardExtra },
): PolicyRecord {
  return {
    kind: "guard",
    detail: {
      decision: d.decision,
      rule: d.rule,
      event: input.payload.event,
      state: input.state,
      tokens: input.measurement.tokens ?? input.context.tokens,
      estimate: input.measurement.estimate ?? input.context.estimate,
      limit: d.limit,
      ...(d.extra ?? {}),
    },
  };
}

/** Prompts in a shape the classifier has not seen, for `vigil doctor` after an upgrade. */
function unknownEnvelope(verdict: PromptVerdict, prompt: string): PolicyRecord {
  return {
    kind: "unknown_envelope",
    detail: { tag: verdict.envelope, excerpt: prompt.trim().slice(0, 200) },
  };
}

function numbers(input: PolicyInput) {
  return {
    tokens: input.measurement.tokens ?? input.context.tokens,
    estimate: input.measurement.estimate ?? input.context.estimate,
  };
}

/** SOFT: refuse new instructions, pass everything else, on UserPromptSubmit. */
function onPrompt(
  input: PolicyInput,
  verdict: PromptVerdict,
  records: PolicyRecord[],
): PolicyResult {
  const { config, context } = input;
  const extra = { envelope: verdict.envelope, verdict: verdict.verdict, why: verdict.why };
  if (verdict.verdict !== "instruction") {
    const rule = `soft.pass.${verdict.verdict}`;
    records.push(guardRecord(input, { decision: "pass", rule, limit: context.soft, extra }));
    return { proposals: [], events: [], records };
  }
  const reason = softRefusal(config.language, {
    ...numbers(input),
    limit: context.soft,
    passCommands: config.passCommands,
    otherWork: verdict.otherWork,
  });
  records.push(
    guardRecord(input, { decision: "refuse", rule: "soft.refuse", limit: context.soft, extra }),
  );
  return { proposals: [{ kind: "block", reason, rule: "soft.refuse" }], events: [], records };
}

/** The HARD tool check's contract (`checkToolAtHard` in `hard.ts`). */
export type HardCheck = (
  payload: HookPayload,
  config: Config,
  opts?: { tree?: ProcessTree | null; analyze?: LineAnalyzer },
) => { allowed: boolean; rule: string; detail: string; why?: HardWhy; needs?: "shell" };

/** HARD: deny a tool call that is not handoff work. Returns null when the call is allowed. */
function onHardTool(
  input: PolicyInput,
  check: HardCheck,
  records: PolicyRecord[],
): PolicyResult | null {
  const { config, context, payload } = input;
  const r = check(payload, config, { tree: input.facts.processTree ?? null, analyze: input.facts.shell });
  if (r.needs) return { proposals: [], events: [], records: [], needs: r.needs };
  const extra = { tool: payload.toolName, detail: r.detail };
  if (r.allowed) {
    records.push(
      guardRecord(input, { decision: "allow", rule: r.rule, limit: context.hard, extra }),
    );
    return null;
  }
  const reason = hardDenyReason(config.language, {
    ...numbers(input),
    limit: context.hard,
    tool: payload.toolName ?? "tool",
    why: r.why ? hardWhyText(config.language, r.why) : r.detail,
    handoffGlobs: config.handoffGlobs,
    reportCommands: config.reportCommands,
    vigilCommands: VIGIL_COMMANDS_AT_HARD,
  });
  records.push(guardRecord(input, { decision: "deny", rule: r.rule, limit: context.hard, extra }));
  return { proposals: [{ kind: "deny", reason, rule: r.rule }], events: [], records };
}

/**
 * The context guard policy, with the HARD tool check as a dependency so its wiring can be
 * tested apart from the allow-list. Acts only on limited calls at state `soft` or `hard`.
 */
export function createGuardPolicy(opts: { checkTool?: HardCheck } = {}): Policy {
  const checkTool = opts.checkTool ?? checkToolAtHard;
  return (input) => guard(input, checkTool);
}

function guard(input: PolicyInput, checkTool: HardCheck): PolicyResult {
  const { payload, config, context, state } = input;
  const records: PolicyRecord[] = [];
  const prompt = speaksOn(payload.event, "soft-refusal") ? payload.prompt ?? "" : null;
  const verdict = prompt === null ? null : input.prompt;
  // New shapes are worth knowing about from every session, limited or not.
  if (verdict?.verdict === "unknown-envelope" && prompt !== null) {
    records.push(unknownEnvelope(verdict, prompt));
  }
  const level = limitLevel(state, context);
  const over = level === "soft" || level === "hard";
  if (!input.limited || input.role === "subagent" || !over) {
    return { proposals: [], events: [], records };
  }

  if (verdict) return onPrompt(input, verdict, records);
  if (speaksOn(payload.event, "hard-gate") && level === "hard") {
    const denied = onHardTool(input, checkTool, records);
    if (denied) return denied;
  }
  if (!speaksOn(payload.event, "soft-notice") || context.softNoticeSent) {
    return { proposals: [], events: [], records };
  }
  const text = softNotice(config.language, {
    ...numbers(input),
    limit: context.soft,
    hard: context.hard,
  });
  records.push(
    guardRecord(input, { decision: "notice", rule: "soft.notice", limit: context.soft }),
  );
  return {
    proposals: [{ kind: "context", text, rule: "soft.notice" }],
    events: [{ type: "noticed", at: input.now, notice: "softNotice" }],
    records,
  };
}

/**
 * The limit a call is judged by. In `soft`/`hard` the state says it; while restoring after a
 * resume (or a stall, or a hook seen after a death) the numbers do: a worker resumed at 310k
 * is still over HARD before anything marks the restore delivered. During a compaction no
 * limit applies: the context is being replaced.
 */
export function limitLevel(state: SessionState, context: SessionContext): "normal" | "soft" | "hard" {
  if (state === "soft" || state === "hard") return state;
  if (state === "compacting" || state === "normal") return "normal";
  return levelFor(context);
}

/** The guard with the real HARD allow-list. */
export const guardPolicy: Policy = createGuardPolicy();
