/**
 * The part of the continuity policy every hook call may need: the early warning before an
 * automatic compaction. The rest (spec, guidance, restore: continuity.ts) is loaded only for
 * SessionStart, PreCompact and a session that may be restoring (app/hook-parts.ts); on every
 * other call `warnPolicy` answers exactly as the whole policy would (test/app/hook-parts.test.ts).
 */
import { EV, isLifecycle, speaksOn } from "../claude-events.ts";
import type { SessionEvent } from "../../../machines/session.ts";
import type { AuditDetails } from "../audit-details.ts";
import { compactionWarning } from "../messages/compaction.ts";
import { NOTHING, type PolicyInput, type PolicyResult } from "../policy.ts";

/** A continuity answer with its one audit record. */
export function continuityResult(
  proposals: PolicyResult["proposals"],
  events: SessionEvent[],
  detail: AuditDetails["continuity"],
): PolicyResult {
  return { proposals, events, records: [{ kind: "continuity", detail }] };
}

/** The early warning: once per compaction cycle, on a human prompt or a tool event. */
export function earlyWarning(input: PolicyInput): PolicyResult {
  const { payload, context, config, measurement, state } = input;
  if (config.warnPercent <= 0 || context.warnSent || input.role === "subagent") return NOTHING;
  if (state !== "normal" && state !== "soft" && state !== "hard") return NOTHING;
  if (!speaksOn(payload.event, "early-warning")) return NOTHING;
  if (payload.event === EV.UserPromptSubmit) {
    // Over SOFT the guard may refuse this prompt, and a refused prompt's context is dropped.
    if (input.limited && state !== "normal") return NOTHING;
    const verdict = input.prompt?.verdict;
    if (verdict !== "instruction" && verdict !== "handoff") return NOTHING;
  }
  const tokens = measurement.tokens ?? context.tokens;
  const window = measurement.window ?? context.window ?? config.defaultWindow;
  if (tokens === null || window <= 0) return NOTHING;
  // The statusLine marks the same level with the same rounding.
  if (Math.round((tokens / window) * 100) < config.warnPercent) return NOTHING;
  const text = compactionWarning(config.language, { tokens, window, warnPercent: config.warnPercent });
  return continuityResult([{ kind: "context", text, rule: "continuity.warn" }], [{
    type: "noticed",
    at: input.now,
    notice: "warn",
  }], {
    action: "warn",
    event: payload.event,
    tokens,
    window,
    percent: config.warnPercent,
  });
}

/** The continuity policy on a call that is not SessionStart or PreCompact, in a session not restoring. */
export function warnPolicy(input: PolicyInput): PolicyResult {
  // The session's lifecycle events (start, end, compaction) get no restore check or warning.
  return isLifecycle(input.payload.event) ? NOTHING : earlyWarning(input);
}
