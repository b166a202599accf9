/**
 * Who a hook call speaks for. Limits apply only to worker main sessions: `agent_type` in the
 * worker types and no `agent_id` (a subagent's hooks carry its parent's session_id).
 */
import type { Config } from "./config.ts";
import type { HookPayload } from "./payload.ts";
import type { CallRole } from "./policy.ts";

/** The role of this call; `VIGIL_ROLE` (config.role) overrides the payload for main sessions. */
export function callRole(p: Pick<HookPayload, "agentId" | "agentType">, config: Config): CallRole {
  if (p.agentId !== null) return "subagent";
  if (config.role) return config.role;
  if (p.agentType === null) return "person";
  return config.workerTypes.includes(p.agentType) ? "worker" : "orchestrator";
}
