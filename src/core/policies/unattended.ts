/**
 * The unattended-mode policy: on Stop, run the gate (src/core/stop/gate.ts) and, when it
 * blocks, propose the block with its reason and the `stopBlocked` machine event that counts
 * toward the cap. Every decision, pass or block, leaves a `stop_gate` audit record naming the
 * gate, the pattern and the words it matched, so a night can be reviewed line by line.
 */
import { speaksOn } from "../claude-events.ts";
import type { AuditDetails } from "../audit-details.ts";
import { NOTHING, type Policy, type PolicyInput, type PolicyRecord } from "../policy.ts";
import { type PushFollowUp, workFollowed } from "../stop/breaker.ts";
import { type StopFacts, stopFactsOf } from "../stop/facts.ts";
import { decideStop, type StopDecision, type StopGateInput } from "../stop/gate.ts";
import { patternSet } from "../stop/patterns.ts";
import { handoffReason } from "../stop/hard-gate.ts";
import { blockReason } from "../stop/reason.ts";
import { currentTodos, todosFromChecklist } from "../stop/todo.ts";

/** States in which a compaction has not finished landing. */
const COMPACTING = new Set(["compacting", "restoring"]);

function todoInputs(input: PolicyInput, facts: StopFacts): StopGateInput["todo"] {
  if (!input.config.todoContinuation) return null;
  const items = [
    ...currentTodos({ calls: facts.todoCalls ?? [], taskFiles: facts.taskFiles }),
    ...(facts.checklists ?? []).flatMap((c) => todosFromChecklist(c.text, c.path)),
  ];
  return {
    items,
    lastInterruptAt: facts.lastInterruptAt ?? null,
    lastPushAt: facts.todoPushes?.lastAt ?? null,
    pushCounts: facts.todoPushes?.counts ?? {},
    runningBackgroundTasks: input.payload.backgroundTasks.filter((t) => t.status === "running").length,
    lastCompactAt: facts.lastCompactAt ?? null,
    compacting: COMPACTING.has(input.state),
  };
}

/** The audit's view of the last push: when, which gate, and whether work followed it. */
type StopGateDetail = AuditDetails["stop_gate"];

function followUp(f: PushFollowUp): Pick<StopGateDetail, "lastPush"> {
  if (f.lastPush === null) return {};
  return { lastPush: { at: f.lastPush.at, gate: f.lastPush.gate, workFollowed: workFollowed(f) } };
}

function audit(
  d: StopDecision,
  extra: Pick<StopGateDetail, "source" | "blocks" | "cap" | "lastPush" | "patternErrors">,
): StopGateDetail {
  return {
    decision: d.decision,
    gate: d.gate,
    pattern: d.hit?.id ?? null,
    lang: d.hit?.lang ?? null,
    excerpt: d.hit?.excerpt ?? null,
    note: d.note,
    ...(d.todo ? { todoHash: d.todo.hash, todoOpen: d.todo.open.length } : {}),
    ...extra,
  };
}

/** At HARD, what the gate needs to ask for the handoff once; null below HARD. */
function hardInput(input: PolicyInput): StopGateInput["hard"] {
  if (input.state !== "hard") return null;
  const c = input.context;
  return {
    asked: c.handoffAsked,
    handoffWritten: c.handoffAt !== null && c.hardAt !== null && c.handoffAt >= c.hardAt,
  };
}

/** The Stop gate as a Policy: a block proposal plus `stopBlocked`, and one audit record. */
export const unattendedPolicy: Policy = (input) => {
  if (!speaksOn(input.payload.event, "stop-gate")) return NOTHING;
  const facts = stopFactsOf(input.facts);
  const patterns = patternSet(input.config.stopPatterns);
  const fromPayload = input.payload.lastAssistantMessage;
  const message = fromPayload ?? facts.lastAssistantText ?? null;
  const progress = { lastPush: facts.lastPush ?? null, toolCallSince: facts.toolCallSincePush ?? null };
  const d = decideStop({
    stopHookActive: input.payload.stopHookActive,
    night: input.night,
    cwd: input.payload.cwd,
    message,
    stopBlocks: input.context.stopBlocks,
    cap: input.config.stopCap,
    now: input.now,
    patterns,
    todo: todoInputs(input, facts),
    goalActive: facts.goalActive === true,
    progress,
    hard: hardInput(input),
  });
  const detail = audit(d, {
    source: fromPayload !== null ? "payload" : message !== null ? "transcript" : "none",
    blocks: input.context.stopBlocks,
    cap: input.config.stopCap,
    ...followUp(progress),
    ...(patterns.errors.length ? { patternErrors: patterns.errors } : {}),
  });
  const records: PolicyRecord[] = [{ kind: "stop_gate", detail }];
  if (d.decision === "pass") return { proposals: [], events: [], records };
  if (d.gate === "hard") {
    return {
      proposals: [{ kind: "block", reason: handoffReason(input.config.language), rule: "unattended.hard" }],
      events: [{ type: "stopBlocked", at: input.now }, { type: "handoffAsked", at: input.now }],
      records,
    };
  }
  const options = { language: input.config.language, block: input.context.stopBlocks + 1, cap: input.config.stopCap };
  const first = d.todo?.open[0]?.content ?? "";
  const reason = d.gate === "todo"
    ? blockReason({ cause: "todo", open: d.todo?.open.length ?? 0, first }, options)
    : blockReason({ cause: "announcement", excerpt: d.hit?.excerpt ?? "" }, options);
  return {
    proposals: [{ kind: "block", reason, rule: d.gate === "todo" ? "unattended.todo" : "unattended.stop" }],
    events: [{ type: "stopBlocked", at: input.now }],
    records,
  };
};
