/**
 * What the Stop gate needs from outside the payload, read by the edge from the transcript,
 * the checklist files and the audit log, and handed in as `PolicyInput.facts.stop`. Every
 * field is optional: a missing fact only makes the gate more careful (no message → no push).
 */
import { isObject, type JsonObject } from "../payload.ts";
import type { TodoToolCall } from "./todo.ts";

export interface StopFacts {
  /**
   * Text blocks of the newest main-chain assistant message (records sharing its `message.id`,
   * joined). Needed before Claude Code 2.1.47, whose Stop has no `last_assistant_message`.
   */
  lastAssistantText?: string | null;
  /** Main-chain TodoWrite / TaskCreate / TaskUpdate calls, oldest first. */
  todoCalls?: TodoToolCall[];
  /** The session's task files (`~/.claude/tasks/<session>/`), when the directory exists. */
  taskFiles?: JsonObject[] | null;
  /** Texts of `config.todoFiles` found under the session's cwd. */
  checklists?: { path: string; text: string }[];
  /**
   * Epoch ms of the newest `[Request interrupted by user…]` record (any of them may be a person's:
   * docs/claude-code-versions.md section 11) and of the newest `compact_boundary`.
   */
  lastInterruptAt?: number | null;
  lastCompactAt?: number | null;
  /** Claude Code's own `/goal` continuation is active in the session (its newest goal_status). */
  goalActive?: boolean;
  /** From this session's `stop_gate` audit records with `gate: "todo"` and a block. */
  todoPushes?: { lastAt: number | null; counts: Record<string, number> };
  /** This session's newest push of any kind (a `stop_gate` block), from the audit log. */
  lastPush?: LastPush | null;
  /** Whether the transcript has a main-chain tool call after `lastPush.at` (the progress breaker). */
  toolCallSincePush?: boolean | null;
}

/** One push as the audit recorded it: when, by which gate, about what. */
export interface LastPush {
  at: number;
  gate: string;
  excerpt: string | null;
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

function calls(v: unknown): TodoToolCall[] {
  if (!Array.isArray(v)) return [];
  return v.filter(isObject).flatMap((c) => {
    const input = c.input;
    if (typeof c.name !== "string" || !isObject(input)) return [];
    const result: JsonObject | null = isObject(c.result) ? c.result : null;
    return [{ name: c.name, input, result }];
  });
}

function checklists(v: unknown): { path: string; text: string }[] {
  if (!Array.isArray(v)) return [];
  return v.filter(isObject).flatMap((c) =>
    typeof c.path === "string" && typeof c.text === "string" ? [{ path: c.path, text: c.text }] : []
  );
}

function pushes(v: unknown): StopFacts["todoPushes"] {
  if (!isObject(v)) return undefined;
  const counts: Record<string, number> = {};
  if (isObject(v.counts)) {
    for (const [k, n] of Object.entries(v.counts)) if (typeof n === "number") counts[k] = n;
  }
  return { lastAt: num(v.lastAt), counts };
}

function lastPush(v: unknown): LastPush | null {
  if (!isObject(v)) return null;
  const at = num(v.at);
  if (at === null || typeof v.gate !== "string") return null;
  return { at, gate: v.gate, excerpt: typeof v.excerpt === "string" ? v.excerpt : null };
}

/** Validate a StopFacts object handed over as plain data. */
export function parseStopFacts(v: unknown): StopFacts {
  if (!isObject(v)) return {};
  return {
    lastAssistantText: typeof v.lastAssistantText === "string" ? v.lastAssistantText : null,
    todoCalls: calls(v.todoCalls),
    checklists: checklists(v.checklists),
    goalActive: v.goalActive === true,
    taskFiles: Array.isArray(v.taskFiles) ? v.taskFiles.filter(isObject) : null,
    lastInterruptAt: num(v.lastInterruptAt),
    lastCompactAt: num(v.lastCompactAt),
    todoPushes: pushes(v.todoPushes),
    lastPush: lastPush(v.lastPush),
    toolCallSincePush: typeof v.toolCallSincePush === "boolean" ? v.toolCallSincePush : null,
  };
}

/**
 * The Stop facts inside the transcript facts (policy.ts's `TranscriptFacts`, typed
 * structurally so this file does not import the pipeline's types back), read and validated.
 */
export function stopFactsOf(facts: { stop?: unknown }): StopFacts {
  return "stop" in facts ? parseStopFacts(facts.stop) : {};
}
