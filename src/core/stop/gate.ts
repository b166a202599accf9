/**
 * The unattended-mode Stop gate (product.md section 6, seed 004). Six gates, in order; each
 * passes the stop unless all hold. Gate 4 (waiting for approval or asking) comes before gate 5
 * (announced work): a real approval wait must never be pushed. Every decision names the gate
 * that decided and the pattern that matched, pass or block.
 */
import { inScope, nightActive } from "../night/scope.ts";
import { breakerHolds, type PushFollowUp } from "./breaker.ts";
import { classifyMessage, type Hit } from "./classify.ts";
import type { PatternSet } from "./patterns.ts";
import { hardStop, type HardStopInput } from "./hard-gate.ts";
import { type TodoItem, todoPush, type TodoPushInput } from "./todo.ts";

/** Gates in the order they are checked; `todo` is the optional second chance after gate 5. */
export const GATES = [
  "recursion",
  "mode",
  "scope",
  "goal",
  "approval",
  "hard",
  "announcement",
  "todo",
  "cap",
  "progress",
] as const;
export type Gate = typeof GATES[number];

export interface NightMode {
  on: boolean;
  scope: string[];
  /** Epoch ms after which the mode is off by itself; null = until turned off. */
  until: number | null;
}

export interface StopGateInput {
  stopHookActive: boolean;
  night: NightMode | null;
  cwd: string;
  /** The final assistant message, or null when neither payload nor transcript had it. */
  message: string | null;
  /** Stop blocks already sent in this session, and the cap. */
  stopBlocks: number;
  cap: number;
  now: number;
  patterns: PatternSet;
  /** Claude Code's `/goal` is active: its own model-judged Stop hook already decides this stop. */
  goalActive?: boolean;
  /** Todo continuation inputs, or null when the feature is off. */
  todo: Omit<TodoPushInput, "now" | "pending"> | null;
  /** What followed the last push (the progress breaker); absent = never pushed. */
  progress?: PushFollowUp | null;
  /** Set when the session is at HARD: the gate then asks once for the handoff instead. */
  hard?: HardStopInput | null;
}

export interface StopDecision {
  decision: "pass" | "block";
  /** On pass, the gate that let the stop through; on block, what the block is about. */
  gate: Gate;
  hit: Hit | null;
  note: string;
  /** For a todo block or a todo refusal: the state hash and the open items. */
  todo: { hash: string | null; open: TodoItem[] } | null;
}

function pass(gate: Gate, note: string, hit: Hit | null = null, todo: StopDecision["todo"] = null): StopDecision {
  return { decision: "pass", gate, hit, note, todo };
}

/** Run the six gates (and todo continuation when enabled) over one Stop. */
export function decideStop(input: StopGateInput): StopDecision {
  if (input.stopHookActive) return pass("recursion", "stop_hook_active is true");
  if (!nightActive(input.night, input.now)) return pass("mode", "unattended mode is off");
  if (!inScope(input.cwd, input.night?.scope ?? [])) return pass("scope", "cwd is outside the unattended scope");
  if (input.goalActive) return pass("goal", "Claude Code's /goal is active and judges this stop: no second push");
  if (input.message === null || input.message.trim() === "") {
    // Without the message nothing can be ruled out, so neither gate 5 nor todo may push.
    return pass("approval", "no assistant message to judge");
  }
  const { waiting, announcement, ruledOut } = classifyMessage(input.message, input.patterns);
  if (waiting) return pass("approval", `the message ends waiting (${waiting.kind})`, waiting);
  if (input.hard) {
    const h = hardStop(input.hard);
    return h.decision === "pass"
      ? pass("hard", h.note)
      : { decision: "block", gate: "hard", hit: null, note: h.note, todo: null };
  }
  let gate: Gate = "announcement";
  let todo: StopDecision["todo"] = null;
  if (!announcement) {
    // A ruled-out sentence is named with its reason, so the audit shows why it did not push.
    const none = ruledOut ? `announcement ruled out (${ruledOut.why})` : "no unfinished work announced";
    if (!input.todo) return pass("announcement", none, ruledOut);
    const verdict = todoPush({ ...input.todo, now: input.now, pending: false });
    if (!verdict.push) return pass("todo", `no todo push: ${verdict.why}`, null, { hash: verdict.hash, open: [] });
    gate = "todo";
    todo = { hash: verdict.hash, open: verdict.open };
  }
  if (input.stopBlocks >= input.cap) {
    return pass("cap", `stop block cap reached (${input.stopBlocks}/${input.cap})`, announcement, todo);
  }
  const held = breakerHolds(input.progress ?? null);
  if (held) return pass("progress", held, announcement, todo);
  const note = gate === "todo" ? `${todo?.open.length ?? 0} open todo item(s)` : "unfinished work announced";
  return { decision: "block", gate, hit: announcement, note, todo };
}
