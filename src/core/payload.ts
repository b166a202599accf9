/**
 * Hook payload parsing. Claude Code owns these shapes and changes them between versions, so
 * only `session_id`, `transcript_path`, `cwd` and `hook_event_name` are required; every other
 * field is read defensively and may be absent (claude-code-versions.md, section 6).
 */

/** A JSON object as parsed from untrusted input. */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

/** The fields vigil reads from any hook payload; the raw object stays available. */
export interface HookPayload {
  event: string;
  sessionId: string;
  transcriptPath: string;
  cwd: string;
  agentType: string | null;
  agentId: string | null;
  prompt: string | null;
  source: string | null;
  trigger: string | null;
  toolName: string | null;
  toolInput: JsonObject | null;
  stopHookActive: boolean;
  lastAssistantMessage: string | null;
  backgroundTasks: JsonObject[];
  /** Stop (2.1.3xx): the session's own scheduled prompts (CronCreate, /loop), by prompt text. */
  sessionCrons: string[];
  raw: JsonObject;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

/** Narrow an unknown value to a plain JSON object. */
export function isObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A string field, or null when absent or of another type. */
export function str(o: JsonObject, key: string): string | null {
  const v = o[key];
  return typeof v === "string" ? v : null;
}

/** A finite number field, or null. */
export function num(o: JsonObject, key: string): number | null {
  const v = o[key];
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

/** An object field, or null. */
export function obj(o: JsonObject, key: string): JsonObject | null {
  const v = o[key];
  return isObject(v) ? v : null;
}

/** Parse and validate a hook payload from its stdin text. */
export function parseHookPayload(text: string): Result<HookPayload> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: "cannot parse hook input: not JSON" };
  }
  if (!isObject(raw)) return { ok: false, error: "cannot parse hook input: not a JSON object" };
  const event = str(raw, "hook_event_name");
  const required = ["hook_event_name", "session_id", "transcript_path", "cwd"];
  for (const k of required) {
    if (str(raw, k) === null) {
      return { ok: false, error: `cannot parse hook input "${event ?? "?"}": missing "${k}"` };
    }
  }
  const tasks = Array.isArray(raw.background_tasks) ? raw.background_tasks.filter(isObject) : [];
  const crons = Array.isArray(raw.session_crons) ? raw.session_crons.filter(isObject) : [];
  return {
    ok: true,
    value: {
      event: event!,
      sessionId: str(raw, "session_id")!,
      transcriptPath: str(raw, "transcript_path")!,
      cwd: str(raw, "cwd")!,
      agentType: str(raw, "agent_type"),
      agentId: str(raw, "agent_id"),
      prompt: str(raw, "prompt"),
      source: str(raw, "source"),
      trigger: str(raw, "trigger"),
      toolName: str(raw, "tool_name"),
      toolInput: obj(raw, "tool_input"),
      stopHookActive: raw.stop_hook_active === true,
      lastAssistantMessage: str(raw, "last_assistant_message"),
      backgroundTasks: tasks,
      sessionCrons: crons.flatMap((c) => (typeof c.prompt === "string" ? [c.prompt] : [])),
      raw,
    },
  };
}
