/**
 * What the recorder hook answers. Rules are data (the recorder is a separate process per hook
 * call): the first rule whose event and condition match decides the output. Builders cover the
 * hook outputs Claude Code acts on (contract doc, "Effects of hook output").
 */

export interface HookRule {
  event: string;
  /** Only when the payload field at this dot path, as text, contains `includes`. */
  when?: { field: string; includes: string };
  /** Answer only the first n matching calls (a Stop block must end, or the turn loops). */
  times?: number;
  /** Printed on stdout; an object is printed as JSON. */
  stdout?: string | Record<string, unknown>;
  exitCode?: number;
}

/** The recorder's configuration file (`rules.json` in the record dir). */
export interface RecorderConfig {
  rules: HookRule[];
  /** The statusLine's one line of output. */
  statusLine: string;
}

/** One hook or statusLine call as the recorder saw it. */
export interface HookRecord {
  /** When the hook process ran (ISO 8601). */
  ts: string;
  /** `hook_event_name`, or "StatusLine". */
  event: string;
  payload: Record<string, unknown>;
  /** The CLAUDE* and VIGIL* environment of the hook process. */
  env: Record<string, string>;
  /** Index of the rule that answered, or null. */
  rule: number | null;
}

/** The value at a dot path of a payload, as text ("" when absent). */
export function fieldText(payload: Record<string, unknown>, path: string): string {
  let v: unknown = payload;
  for (const key of path.split(".")) {
    v = typeof v === "object" && v !== null && key in v ? Reflect.get(v, key) : undefined;
  }
  if (v === undefined || v === null) return "";
  return typeof v === "string" ? v : JSON.stringify(v);
}

/** Indexes of the rules that match this payload, in order (the caller checks `times`). */
export function matchingRules(rules: HookRule[], event: string, payload: Record<string, unknown>): number[] {
  return rules.flatMap((r, i) => {
    if (r.event !== event) return [];
    if (r.when && !fieldText(payload, r.when.field).includes(r.when.includes)) return [];
    return [i];
  });
}

/** How many records of each hook event, e.g. `{ PreToolUse: 2, Stop: 1 }`. */
export function countEvents(records: Array<{ event: string }>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of records) out[r.event] = (out[r.event] ?? 0) + 1;
  return out;
}

/** UserPromptSubmit: drop the prompt (no API request) and show `reason` to the user. */
export function blockPrompt(reason: string, when?: HookRule["when"]): HookRule {
  return { event: "UserPromptSubmit", when, stdout: { decision: "block", reason } };
}

/** PreToolUse: deny the call; the model gets an error tool_result carrying `reason`. */
export function denyTool(reason: string, when?: HookRule["when"]): HookRule {
  const hookSpecificOutput = {
    hookEventName: "PreToolUse",
    permissionDecision: "deny",
    permissionDecisionReason: reason,
  };
  return { event: "PreToolUse", when, stdout: { hookSpecificOutput } };
}

/** Stop: block `times` times; the CLI sends "Stop hook feedback:\n<reason>" to the model. */
export function blockStop(reason: string, times = 1): HookRule {
  return { event: "Stop", times, stdout: { decision: "block", reason } };
}

/** Any event that takes `hookSpecificOutput.additionalContext`. */
export function addContext(event: string, context: string, when?: HookRule["when"]): HookRule {
  return { event, when, stdout: { hookSpecificOutput: { hookEventName: event, additionalContext: context } } };
}
