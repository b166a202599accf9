/**
 * Maps one Claude Code hook call to the session machine's events (product.md section 3).
 * Pure: the caller supplies the time and the measurement.
 */
import type { SessionEvent, SessionRole, SessionState } from "../../machines/session.ts";
import type { Config } from "./config.ts";
import type { Measurement } from "./policy.ts";
import type { HookPayload } from "./payload.ts";
import { callRole } from "./scope.ts";

/** The role of a main session from its payload and config; subagent calls have no say. */
export function mainRole(p: HookPayload, config: Config): SessionRole | null {
  const role = callRole(p, config);
  return role === "subagent" ? null : role;
}

/** Events that mark the session as alive and working (everything but the lifecycle ones). */
const LIFECYCLE = new Set(["SessionStart", "SessionEnd", "PreCompact", "PostCompact"]);

/** The machine events one hook call stands for, in the order they apply. */
export function hookEvents(
  p: HookPayload,
  m: Measurement,
  state: SessionState,
  opts: { at: number; config: Config },
): SessionEvent[] {
  const { at, config } = opts;
  const out: SessionEvent[] = [];
  const role = mainRole(p, config);
  if (role !== null) out.push({ type: "identified", at, role, agentType: p.agentType });
  if (m.tokens !== null || m.window !== null) {
    out.push({
      type: "measured",
      at,
      tokens: m.tokens,
      estimate: m.estimate,
      window: m.window,
      soft: config.softTokens,
      hard: config.hardTokens,
      anticipate: config.anticipate,
    });
  }
  switch (p.event) {
    case "SessionStart":
      if (p.source === "compact") out.push({ type: "compacted", at, postTokens: m.tokens });
      else if (p.source === "resume" || state === "dead") {
        out.push({ type: "resumed", at, source: p.source ?? "startup" });
      } else out.push({ type: "activity", at });
      break;
    case "PreCompact":
      out.push({ type: "preCompact", at, trigger: p.trigger ?? "auto" });
      break;
    case "PostCompact":
      out.push({ type: "compacted", at, postTokens: m.tokens });
      break;
    case "SessionEnd":
      out.push({ type: "sessionEnded", at, reason: typeof p.raw.reason === "string" ? p.raw.reason : "other" });
      break;
    case "SubagentStop":
      // The compaction's own pseudo-subagent (agent_type "") stops in the middle of a
      // compaction: it is no sign that work resumed.
      if (p.agentType !== "") out.push({ type: "activity", at });
      break;
    default:
      if (!LIFECYCLE.has(p.event)) out.push({ type: "activity", at });
  }
  return out;
}
